"""The question's forms in a browser (Debian's Chromium through Playwright),
as people use them: a Facility turn given by two players on one form each,
one of them changing an order, both ready, the turn closing; an Old West
move chosen by clicking on the board; a Samurai allocation made with the
steppers. Screenshots of each step (see ``conftest.py``)."""

from __future__ import annotations

import re
import tomllib

from playwright.sync_api import BrowserContext, Page

from referee.core.ruleset import find_ruleset
from tests.pages.conftest import Served, Shots, create_game, open_link

READ = "#part-question .q-read"

FACILITY_LAST_TURN = tomllib.loads(find_ruleset("facility").examples()[0].read_text(
    encoding="utf-8"))["settings"]["last_turn"]
"""The example Facility game's last turn, which its turn card names ("Turn 1 of 12")."""


def _question_changes(page: Page, before: str | None) -> None:
    page.wait_for_function(
        "before => document.querySelector('#part-question').dataset.v !== before", arg=before)


def _send(page: Page, button: str) -> None:
    """Click a button of the question's form; wait for the form to be built again."""
    before = page.locator("#part-question").get_attribute("data-v")
    page.locator("#part-question").get_by_role("button", name=button, exact=True).click()
    _question_changes(page, before)


def test_two_characters_give_their_orders_one_changes_one_both_are_ready(
        served: Served, context: BrowserContext, page: Page, shots: Shots) -> None:
    game = create_game(page, served.base, "facility", ["anna", "boris"], deadline="PT1H",
                       shots=shots)
    assert set(game.links) == {"anna", "boris"}
    anna = open_link(context, game.links["anna"])
    boris = open_link(context, game.links["boris"])
    shots(anna, "anna: her orders form")

    anna.get_by_label("Take the keycard").check()
    anna.locator("#q-order-take").get_by_label("Where to put it").select_option("inventory")
    anna.get_by_label("Step 1", exact=True).select_option(label="North door, to the corridor")
    shots(anna, "anna: orders filled in")
    _send(anna, "Send orders")
    anna.wait_for_selector(READ)
    read = anna.inner_text(READ)
    assert "Take: keycard in the inventory" in read
    assert "Movement: North door, to the corridor" in read
    shots(anna, "anna: her orders as read")

    boris.get_by_label("Step 1", exact=True).select_option(label="West door, to lab A")
    _send(boris, "Send orders")
    assert "West door, to lab A" in boris.inner_text(READ)
    shots(boris, "boris: his first orders")
    assert boris.get_by_label("Step 1", exact=True).input_value() == "door:west"  # kept
    boris.get_by_label("Step 1", exact=True).select_option("")
    boris.get_by_label("Go to a room by the shortest way").select_option(label="the office")
    _send(boris, "Send changed orders")
    read = boris.inner_text(READ)
    assert "Movement: by the shortest way to the office" in read and "West door" not in read
    shots(boris, "boris: his orders replaced")

    assert "shortest way to the office" not in anna.inner_text("main")
    assert "in the inventory" not in boris.inner_text("#part-question")

    for who, player in (("anna", anna), ("boris", boris)):
        before = player.locator("#part-question").get_attribute("data-v")
        player.get_by_role("button", name="Send and say I am ready").click()
        if who == "anna":
            player.wait_for_selector("#part-turn >> text=You are ready")
            shots(player, "anna: ready, waiting for the others")
        else:
            _question_changes(player, before)
    for player in (anna, boris):
        player.wait_for_function(
            "last => document.querySelector('#part-turn h2').textContent.trim() === "
            "`Turn 2 of ${last}`", arg=FACILITY_LAST_TURN)
    shots(anna, "anna: turn 2 with her report")
    shots(boris, "boris: turn 2 with his report")

    anna_log, boris_log = anna.inner_text("#part-log"), boris.inner_text("#part-log")
    assert "You put the keycard in your inventory." in anna_log
    assert "You go through the north door into the corridor." in anna_log
    assert "You go through the north door into the office." in boris_log
    assert "Boris" not in anna_log  # he left the corridor as she came in
    assert "Anna takes the keycard" in boris_log  # the lobby's camera, his to watch
    assert "inventory" not in boris_log  # where she put it is hers alone
    assert anna.locator(READ).count() == 0  # a new turn: no orders yet
    assert "You are in the corridor." in anna.inner_text("#part-knowledge")


def _until(page: Page, found: str, other: str, most: int = 60) -> None:
    """Answer questions (``other`` where the page has one, else the first
    button or the list's first choice) until the question part shows ``found``."""
    for _ in range(most):
        if page.locator(f"#part-question {found}").count():
            return
        form = page.locator("#answer-form")
        assert form.count(), "asked nothing before the question looked for"
        before = page.locator("#part-question").get_attribute("data-v")
        wanted = form.locator(other)
        if wanted.count():
            wanted.first.click()
        elif form.locator("input[type=radio]").count():
            form.locator("button[type=submit]").first.click()
        else:
            form.locator("button[type=submit]").first.click()
        _question_changes(page, before)
    raise AssertionError(f"no {found} after {most} answers")


def test_an_old_west_model_moves_where_the_board_is_clicked(
        served: Served, context: BrowserContext, page: Page, shots: Shots) -> None:
    made = served.api.create(ruleset="old-west", seats={"lawmen": "person"},
                             turn_deadline="PT1H")
    player = context.new_page()
    player.goto(served.base + made["seats"]["lawmen"]["link"])
    player.wait_for_selector("#part-turn")
    _until(player, "button[name=option][value=point]", "button[name=option][value=point]")
    shots(player, "a move offered")
    before = player.locator("#part-question").get_attribute("data-v")
    player.locator("#part-question button[name=option][value=point]").click()
    _question_changes(player, before)
    player.wait_for_selector("figure.q-board[data-point] svg[data-table]")
    shots(player, "the point asked, the reach drawn")
    here = (float(player.input_value("#q-x")), float(player.input_value("#q-y")))
    target = (here[0], here[1] + 3)  # three inches up the table, within the 6" move
    spot = player.evaluate(
        """([x, y]) => {
          const svg = document.querySelector("figure.q-board[data-point] svg[data-table]");
          const [left, bottom, scale] = svg.dataset.table.split(" ").map(Number);
          const point = svg.createSVGPoint();
          point.x = left + x * scale; point.y = bottom - y * scale;
          const on = point.matrixTransform(svg.getScreenCTM());
          return {x: on.x, y: on.y};
        }""", list(target))
    player.mouse.click(spot["x"], spot["y"])
    assert float(player.input_value("#q-x")) == round(target[0], 1)
    assert float(player.input_value("#q-y")) == round(target[1], 1)
    assert player.locator("svg g.q-pick").count() == 1
    shots(player, "the board clicked")
    asked = player.inner_text("#part-question .q-question")
    name = re.sub(r"^Where does (.+) move to\?$", r"\1", asked)
    _send(player, "Move there")
    player.wait_for_function(
        "name => [...document.querySelectorAll('#part-log li')].some("
        "li => li.textContent.includes(name) && li.textContent.includes('moves to'))", arg=name)
    shots(player, "moved")
    row = player.locator("#part-knowledge tr", has_text=name).first.inner_text()
    assert f"at ({target[0]:g}, {target[1]:g})" in row.replace(".0,", ",").replace(".0)", ")")


def test_a_samurai_allocation_is_made_with_the_steppers(
        served: Served, context: BrowserContext, page: Page, shots: Shots) -> None:
    made = served.api.create(ruleset="samurai", seats={"retainers": "person"},
                             turn_deadline="PT1H")
    player = context.new_page()
    player.goto(served.base + made["seats"]["retainers"]["link"])
    player.wait_for_selector("#part-turn")
    _until(player, ".q-tokens", "button[name=option-json][value*='\"charge\"']", most=120)
    shots(player, "the tokens asked")
    fighters = player.locator(".q-tokens fieldset[data-cp]")
    first = fighters.first
    cp = int(first.get_attribute("data-cp") or "0")
    assert cp > 0
    attack = first.locator("input[name$='.attack']")
    defence = first.locator("input[name$='.defence']")
    left = player.locator(".q-tokens output[data-left]")
    assert left.inner_text() == "0"
    start = int(attack.input_value())
    first.get_by_role("button", name=re.compile("^One Attack token fewer")).click()
    assert int(attack.input_value()) == start - 1
    assert left.inner_text() == "1"
    shots(player, "one token left to place")
    first.get_by_role("button", name=re.compile("^One Defence token more")).click()
    assert left.inner_text() == "0"
    assert int(defence.input_value()) == 1
    defence.focus()
    player.keyboard.press("ArrowUp")  # a number field steps by the keyboard too
    assert int(defence.input_value()) == 2
    assert left.inner_text() == "-1"
    player.keyboard.press("ArrowDown")
    assert left.inner_text() == "0"
    shots(player, "the tokens placed")
    _send(player, "Send")
    player.wait_for_function(
        "() => [...document.querySelectorAll('#part-log li')].some("
        "li => /\\btokens?\\b|жетон/.test(li.textContent))")  # "1 Attack token"
    shots(player, "the allocation revealed")
