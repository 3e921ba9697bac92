"""A seat's page as a person reads it, top to bottom and on a phone: Echo's
city as cards in Russian, a Facility turn's Ready after the orders, and the
status under the question (a receipt) that belongs to the question it
answered."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, BrowserContext, Page

from tests.pages.conftest import PHONE, Served, Shots
from tests.pages.test_play_to_the_end import short_example

SCROLLS = """() => ({
  page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
  tables: [...document.querySelectorAll('#part-knowledge .q-table')]
    .map(t => [t.scrollWidth, t.clientWidth])
})"""

LABELS = """() => {
  const heads = [...document.querySelectorAll('#part-knowledge .q-cards thead th')]
    .map(th => th.textContent.trim());
  const cells = [...document.querySelectorAll('#part-knowledge .q-cards tbody td')]
    .filter(td => td.textContent.trim());
  return cells.map(td => {
    const before = getComputedStyle(td, '::before');
    const column = heads[[...td.parentElement.children].indexOf(td)];
    return {column, label: before.content.replace(/^"|"$/g, ''), display: before.display,
            height: td.getBoundingClientRect().height};
  });
}"""


def test_echo_s_city_fits_a_phone_in_russian_each_place_a_card(
        served: Served, browser: Browser, shots: Shots) -> None:
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="ru-RU")
    try:
        page = phone.new_page()
        made = served.api.create(ruleset="echo", lang="ru", seats={"max": "person"})
        page.goto(served.base + made["seats"]["max"]["link"])
        page.wait_for_selector("#part-knowledge .q-table")
        shots(page, "echo on a phone in russian")
        found = page.evaluate(SCROLLS)
        inside, shown = found["page"]
        assert inside <= shown == PHONE["width"], found
        assert found["tables"] and all(i <= s for i, s in found["tables"]), found
        cells = page.evaluate(LABELS)
        assert cells, "no place of the city holds anyone"
        for cell in cells:  # each filled cell says, in Russian, which column it is
            assert cell["label"] == cell["column"] and cell["display"] == "block", cell
            assert re.fullmatch(r"[А-Яа-яЁё ]+", cell["label"]), cell
        assert "Сыщики" in {cell["label"] for cell in cells}
        page.locator("#part-knowledge .q-cards").screenshot(
            path=str(shots.folder / "the city's cards.png"))
    finally:
        phone.close()


def visible_ready_buttons(page: Page) -> list[str]:
    """Where each Ready control a person can see sits: its part and its box."""
    return list(page.evaluate("""() => [...document.querySelectorAll('button')]
      .filter(b => /ready/i.test(b.textContent) && b.checkVisibility())
      .map(b => b.closest('.q-actions') ? 'after the orders'
                : (b.closest('#part-turn') ? 'the turn' : 'elsewhere'))"""))


def test_a_facility_turn_says_ready_after_the_orders_on_a_phone(
        served: Served, browser: Browser, shots: Shots) -> None:
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-GB")
    try:
        page = phone.new_page()
        made = served.api.create(ruleset="facility", seats={"anna": "person", "boris": "person"})
        page.goto(served.base + made["seats"]["anna"]["link"])
        page.wait_for_selector("#answer-form")
        shots(page, "the orders on a phone")
        assert page.locator("#part-turn form[action$='/ready']").count() == 1  # without CSS
        assert visible_ready_buttons(page) == ["after the orders"]
        ready = page.locator("#answer-form .q-actions button[name=ready]")
        send = page.locator("#answer-form .q-actions button.q-send")
        last_order = page.locator("#answer-form details.q-more")
        ready_box, send_box, order_box = (ready.bounding_box(), send.bounding_box(),
                                          last_order.bounding_box())
        assert ready_box and send_box and order_box
        assert ready_box["y"] >= send_box["y"] >= order_box["y"] + order_box["height"]
        assert ready_box["x"] >= 0 and ready_box["x"] + ready_box["width"] <= PHONE["width"]
        page.set_viewport_size({"width": 1200, "height": 900})
        assert visible_ready_buttons(page) == ["after the orders"]
        page.set_viewport_size(PHONE)
        ready.click()
        page.wait_for_selector("#part-turn >> text=You are ready")
        assert "You are ready for this turn." in page.inner_text("#answer-status")
        shots(page, "sent and ready")
    finally:
        phone.close()


def shown_turn(page: Page) -> str:
    return str(page.evaluate(
        "() => document.querySelector('#answer-form input[name=turn]')?.value ?? ''"))


def test_the_receipt_belongs_to_the_question_it_answered(
        served: Served, context: BrowserContext, shots: Shots) -> None:
    """Answered: the receipt shows, and stays while the orders are shown
    back; the next question, and then the end, leave the receipt alone
    (marked as earlier), without the words that answered the question before."""
    scenario = short_example("facility", "last_turn = 12", "last_turn = 2")
    made = served.api.create(ruleset="facility", scenario=scenario, lang="ru",
                             seats={"anna": "person", "boris": "person"})
    page = context.new_page()
    page.goto(served.base + made["seats"]["anna"]["link"])
    page.wait_for_selector("#answer-form")
    page.wait_for_selector("body[data-live]")
    loaded = page.evaluate("performance.timeOrigin")
    assert shown_turn(page) == "1"

    page.click("#answer-form button.q-send")
    receipt = page.locator("#answer-status .receipt code")
    receipt.wait_for()
    taken = receipt.inner_text()
    assert re.fullmatch(r"[0-9a-f]{64}", taken)
    assert "Ваш ответ принят" in page.inner_text("#answer-status")
    page.wait_for_selector("#part-question .q-read")  # the orders shown back as read
    assert receipt.inner_text() == taken and receipt.is_visible()
    shots(page, "answered: the receipt")

    closed = served.api.call("POST", f"/api/games/{made['id']}/close", made["master"]["token"])
    assert closed.status_code == 200, closed.text
    page.wait_for_function("() => document.querySelector('#answer-form input[name=turn]')"
                           "?.value === '2'")
    assert "Ваш ответ принят" not in page.inner_text("#answer-status")
    assert receipt.inner_text() == taken and receipt.is_visible()
    assert page.locator("#answer-status.earlier").count() == 1
    shots(page, "the next question: the earlier receipt only")

    page.click("#answer-form button[name=ready]")
    page.wait_for_function("taken => document.querySelector('#answer-status .receipt code')"
                           "?.textContent !== taken", arg=taken)
    last = receipt.inner_text()
    assert page.locator("#answer-status.earlier").count() == 0
    boris = served.api.call("POST", f"/api/games/{made['id']}/ready",
                            made["seats"]["boris"]["token"])
    assert boris.status_code == 200, boris.text
    page.wait_for_selector("#part-turn .outcome")
    page.wait_for_function("() => !document.querySelector('#answer-form')")
    assert "Ваш ответ принят" not in page.inner_text("#answer-status")
    assert receipt.inner_text() == last  # to check against the saved game
    assert shown_turn(page) == ""
    assert page.evaluate("performance.timeOrigin") == loaded  # never reloaded
    shots(page, "the end: the last receipt")
