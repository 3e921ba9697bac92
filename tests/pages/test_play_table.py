"""A table game played to its end in the browser as a person plays it: a
Samurai game against the random bot, each move chosen by a click on the
board inside the reach drawn, each allocation made with the steppers until
nothing is left to place, each other question by its buttons."""

from __future__ import annotations

import math
from collections import Counter
from random import Random

from playwright.sync_api import Browser, BrowserContext, Page

from tests.pages.conftest import (
    PHONE,
    Served,
    Shots,
    answer_once,
    create_game,
    open_link,
)
from tests.pages.test_play_to_the_end import short_example

TRIES = 6
"""Points a person clicks on the board before taking a named move instead."""


def sent(page: Page, button: str) -> int:
    """Click a button of the answer form; the status the server answered."""
    before = page.locator("#part-question").get_attribute("data-v")
    with page.expect_response(lambda r: r.url.endswith("/answer")) as posted:
        page.locator(f"#answer-form {button}").first.click()
    status = posted.value.status
    if status == 200:
        page.wait_for_function(
            "before => document.querySelector('#part-question').dataset.v !== before",
            arg=before)
    return status


def move_by_clicking(page: Page, rng: Random) -> str:
    """Click inside the reach drawn on the board, then send the point; a
    point refused is told beside the form and another is tried."""
    svg = page.locator("figure.q-board[data-point] svg[data-table]")
    svg.scroll_into_view_if_needed()
    reach, drawn = svg.locator("circle.reach").bounding_box(), svg.bounding_box()
    assert reach is not None and drawn is not None
    r = reach["width"] / 2
    centre = (reach["x"] + r, reach["y"] + r)
    for _ in range(TRIES):
        angle, spread = rng.uniform(0, 2 * math.pi), 0.9 * r * math.sqrt(rng.random())
        x, y = centre[0] + spread * math.cos(angle), centre[1] + spread * math.sin(angle)
        if not (drawn["x"] < x < drawn["x"] + drawn["width"] and
                drawn["y"] < y < drawn["y"] + drawn["height"]):
            continue
        svg.click(position={"x": x - drawn["x"], "y": y - drawn["y"]})
        assert page.locator("figure.q-board g.q-pick").count() == 1  # the point marked
        assert page.input_value("#q-x") and page.input_value("#q-y")
        status = sent(page, "button.q-send")
        if status == 200:
            return "point"
        assert status == 422
        assert page.locator("#answer-status .error").inner_text()
    if page.locator("#answer-form button[name=spot]").count():
        assert sent(page, "button[name=spot]") == 200
        return "named move"
    page.reload()  # the form starts where the model stands: stay there
    assert sent(page, "button.q-send") == 200
    return "stay"


def allocate_with_steppers(page: Page, rng: Random) -> str:
    """Each fighter's Combat Potential split between Attack and Defence by
    the steppers' buttons, until the page says nothing is left to place."""
    for fighter in page.locator("#answer-form fieldset.q-fighter").all():
        cp = int(fighter.get_attribute("data-cp") or 0)
        attack = rng.randint(0, cp)
        for kind, wanted in (("attack", attack), ("defence", cp - attack)):
            field = fighter.locator(f"input[name$='.{kind}']")
            more = fighter.locator(f"button[data-step='1'][aria-controls$='.{kind}']")
            fewer = fighter.locator(f"button[data-step='-1'][aria-controls$='.{kind}']")
            while int(field.input_value() or 0) < wanted:
                more.click()
            while int(field.input_value() or 0) > wanted:
                fewer.click()
        assert fighter.locator("output[data-placed]").inner_text() == str(cp)
    assert page.locator("#answer-form output[data-left]").inner_text() == "0"
    assert sent(page, "button.q-send") == 200
    return "tokens"


def test_a_samurai_game_against_the_bot_is_played_to_its_end_by_clicking(
        served: Served, context: BrowserContext, page: Page, shots: Shots) -> None:
    scenario = short_example("samurai", "max_turns = 8", "max_turns = 3")
    game = create_game(page, served.base, "samurai", ["retainers"], scenario_text=scenario,
                       shots=shots)
    player = open_link(context, game.links["retainers"])
    rng = Random(8)
    kinds: Counter[str] = Counter()
    while not player.locator("#part-turn .outcome").count():
        assert player.locator("#answer-form").count(), "asked nothing, and not over"
        if player.locator("#answer-form [data-point-form]").count():
            kind = move_by_clicking(player, rng)
        elif player.locator("#answer-form [data-tokens-total]").count():
            kind = allocate_with_steppers(player, rng)
        else:
            answer_once(player, rng.randrange(100))
            kind = "option"
        kinds[kind] += 1
        if kinds[kind] == 1:
            shots(player, f"after the first {kind}")
        assert sum(kinds.values()) < 200
    shots(player, "the end")
    assert kinds["point"] > 0, kinds  # tokens come only when fighters meet, as dice fall
    assert player.locator("#part-turn .result").inner_text()
    assert not player.locator("#answer-form").count()


def test_the_tables_of_the_models_fit_a_phone_in_russian(
        served: Served, browser: Browser, shots: Shots) -> None:
    """Russian words are longer: on a 390-pixel phone the table of models
    (Old West, Samurai) and of the city (Night Watch) still shows every
    column without scrolling sideways."""
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="ru-RU")
    try:
        page = phone.new_page()
        for ruleset, person in (("old-west", "lawmen"), ("samurai", "retainers"),
                                ("night_watch", "night")):
            made = served.api.create(ruleset=ruleset, lang="ru", seats={person: "person"})
            page.goto(served.base + made["seats"][person]["link"])
            page.wait_for_selector("#part-knowledge .q-table")
            shots(page, ruleset)
            widths = page.evaluate("[...document.querySelectorAll('#part-knowledge .q-table')]"
                                   ".map(t => [t.scrollWidth, t.clientWidth])")
            assert widths and all(inside <= shown for inside, shown in widths), (ruleset, widths)
    finally:
        phone.close()
