"""A seat's page as a person reads it, top to bottom and on a phone: Echo's
city as cards in Russian, a Facility turn's Ready after the orders, and the
status under the question (a receipt) that belongs to the question it
answered."""

from __future__ import annotations

import re

from playwright.sync_api import Browser

from tests.pages.conftest import PHONE, Served, Shots

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
