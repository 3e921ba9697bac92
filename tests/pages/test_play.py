"""Playing in the browser, as people do: a game master creates a game on
the pages, players open their links and answer by clicking; pages update
by themselves; the same in Russian and on a phone."""

from __future__ import annotations

import random
import re
import tomllib

from playwright.sync_api import Browser, BrowserContext, Page

from referee.core.ruleset import find_ruleset
from tests.pages.conftest import (
    PHONE,
    Served,
    Shots,
    answer_once,
    create_game,
    open_link,
)

FACILITY_LAST_TURN = tomllib.loads(find_ruleset("facility").examples()[0].read_text(
    encoding="utf-8"))["settings"]["last_turn"]
"""The example Facility game's last turn, which its turn card names ("Turn 1 of 12")."""


def test_a_night_watch_game_against_the_bot_is_played_to_its_end_by_clicking(
        served: Served, context: BrowserContext, page: Page, shots: Shots) -> None:
    game = create_game(page, served.base, "night_watch", ["night"], shots=shots)
    player = open_link(context, game.links["night"])
    shots(player, "the first question")
    rng = random.Random(2)
    clicks = 0
    while not player.locator("#part-turn .outcome").count():
        assert player.locator("#answer-form").count(), "asked nothing, and not over"
        answer_once(player, rng.randrange(100))
        clicks += 1
        if clicks in (1, 10):
            shots(player, f"after {clicks} answers")
        assert clicks < 400
    shots(player, "the end")
    assert clicks > 3
    assert player.locator("#part-turn .result").inner_text()
    assert player.locator("#part-log li").count() > clicks
    page.reload()
    assert page.locator("#part-status .outcome").count() == 1
    shots(page, "the desk at the end")
    page.click("text=Replay step by step")
    page.wait_for_selector("text=Step 0 of")
    page.click("a:has-text('Next')")
    page.wait_for_selector("text=Step 1 of")
    shots(page, "the replay")


def test_a_deadline_that_passes_while_the_page_is_open_updates_it(
        served: Served, context: BrowserContext, page: Page, shots: Shots) -> None:
    game = create_game(page, served.base, "facility", ["anna"], deadline="PT4S")
    anna = open_link(context, game.links["anna"])
    # Turn 1 as a rule; on a busy machine a deadline or two may pass before the page opens.
    shown = re.fullmatch(rf"Turn (\d+) of {FACILITY_LAST_TURN}",
                         anna.locator("#part-turn h2").inner_text())
    assert shown is not None and int(shown[1]) < FACILITY_LAST_TURN
    assert anna.locator("#part-turn time").count() == 1
    anna.fill("#talk-text", "Half a message, still being typed")
    shots(anna, "turn open")
    loaded = anna.evaluate("performance.timeOrigin")
    anna.wait_for_function(
        "([opened, last]) => { const shown = document.querySelector('#part-turn h2')"
        ".textContent.trim().match(/^Turn (\\d+) of (\\d+)$/);"
        " return shown !== null && Number(shown[1]) > opened && Number(shown[2]) === last; }",
        arg=[int(shown[1]), FACILITY_LAST_TURN], timeout=20_000)
    shots(anna, "the next turn by itself")
    assert anna.evaluate("performance.timeOrigin") == loaded  # never reloaded
    assert anna.input_value("#talk-text") == "Half a message, still being typed"
    assert anna.locator("#part-log li").count() > 0


def test_the_same_pages_in_russian(served: Served, context: BrowserContext, page: Page,
                                   shots: Shots) -> None:
    page.goto(served.base + "/")
    page.click("a[hreflang=ru]")
    page.wait_for_selector("html[lang=ru]")
    assert "Создать игру" in page.inner_text("main")
    shots(page, "start page")
    game = create_game(page, served.base, "night_watch", ["night"], lang="ru",
                       deadline="PT1H", shots=shots)
    assert "Стол ведущего" in page.inner_text("header")
    fresh = context.browser.new_context(locale="ru-RU", timezone_id="Europe/Moscow") \
        if context.browser else context
    try:
        player = open_link(fresh, game.links["night"])
        assert player.locator("html").get_attribute("lang") == "ru"
        turn = player.inner_text("#part-turn")
        assert re.search(r"Ход 1 из \d+", turn) and "Срок" in turn
        assert not re.search(r"\b(Turn|Deadline|answer)\b", player.inner_text("main"))
        shots(player, "a seat's page")
        answer_once(player, 0)
        shots(player, "after an answer")
        assert not re.search(r"\b(Turn|Deadline|answer)\b", player.inner_text("main"))
    finally:
        if fresh is not context:
            fresh.close()


FITS = """() => {
  const width = window.innerWidth;
  const wrong = [];
  const controls = [...document.querySelectorAll(
    "a, button, input:not([type=hidden]), select, textarea, summary")]
    .filter(e => e.checkVisibility({visibilityProperty: true}));
  for (const e of controls) {
    const what = e.outerHTML.slice(0, 80);
    e.focus();
    if (document.activeElement !== e) { wrong.push("no focus: " + what); continue; }
    e.scrollIntoView({block: "center"});
    const box = e.getBoundingClientRect();
    if (box.width <= 0 || box.left < -0.5 || box.right > width + 0.5) {
      wrong.push("cut off: " + what);
    }
    const label = e.labels && e.labels.length ? e.labels[0].textContent
      : (e.getAttribute("aria-label") || e.textContent || e.value || "");
    if (!label.trim()) { wrong.push("no label: " + what); }
  }
  return {width, scroll: document.documentElement.scrollWidth, count: controls.length, wrong};
}"""


def test_every_page_fits_a_phone(served: Served, browser: Browser, shots: Shots) -> None:
    phone = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True,
                                has_touch=True, locale="en-GB")
    try:
        page = phone.new_page()
        pages = [("start", served.base + "/"), ("create", served.base + "/new")]
        game = create_game(page, served.base, "facility", ["anna", "boris"], deadline="PT1H")
        pages.append(("desk", game.desk))
        for ruleset, person in (("facility", "anna"), ("night_watch", "night"),
                                ("old-west", "lawmen"), ("samurai", "retainers"),
                                ("echo", "max")):
            made = served.api.create(ruleset=ruleset, seats={person: "person"},
                                     turn_deadline="PT1H")
            pages.append((f"{ruleset}: a seat", served.base + made["seats"][person]["link"]))
        for name, url in pages:
            page.goto(url)
            page.wait_for_selector("main")
            shots(page, name)
            found = page.evaluate(FITS)
            assert found["width"] == PHONE["width"]
            assert found["scroll"] <= found["width"], name
            assert found["count"] > 2, name
            assert found["wrong"] == [], name
    finally:
        phone.close()
