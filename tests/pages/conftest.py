"""What the browser tests share: a real server (uvicorn on 127.0.0.1, a
free port, a temporary SQLite file, deadlines checked as in production),
Debian's Chromium driven by Playwright, screenshots of every step, and
creating a game through the pages as a game master does.

Screenshots go to ``.ci/artifacts/screenshots/<test>/`` (``.ci/run``
prints where); ``REFEREE_SCREENSHOTS`` puts them elsewhere."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, sync_playwright

from referee.server.settings import Settings
from tests.server.conftest import Api, ThreadServer

CHROMIUM = Path(os.environ.get("REFEREE_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(os.environ.get("REFEREE_SCREENSHOTS", ROOT / ".ci" / "artifacts" / "screenshots"))
PHONE: ViewportSize = {"width": 390, "height": 844}
WAIT_MS = 10_000


@dataclass
class Served:
    """The server the browser talks to, and an API client of it."""

    base: str
    api: Api


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """One real server for a module's tests (games never share seats), stopped
    after them, so no thread of it runs on under other tests."""
    folder = tmp_path_factory.mktemp("pages-db")
    settings = Settings(database_url=f"sqlite:///{folder / 'pages.db'}",
                        deadline_poll=0.2, version_poll=0.2, heartbeat=5.0)
    with ThreadServer(settings) as api:
        yield Served(api.base, api)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium (``apt-get install chromium``; never a download)."""
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(f"Chromium is needed in CI and is missing at {CHROMIUM}")
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh browser profile (no cookies), English, desktop-sized."""
    made = browser.new_context(locale="en-GB", viewport={"width": 1200, "height": 900},
                               timezone_id="Europe/Moscow")
    made.set_default_timeout(WAIT_MS)
    try:
        yield made
    finally:
        made.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()


class Shots:
    """Screenshots of a test's steps, numbered in order. A full-page
    screenshot lays the page out at its whole height and back; a focused
    field is let go meanwhile (and focused again after), or the browser
    would scroll it into view a moment later, under the test's next click."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.count = 0
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True, exist_ok=True)

    def __call__(self, page: Page, step: str) -> Path:
        self.count += 1
        path = self.folder / f"{self.count:02d}-{re.sub(r'[^a-z0-9]+', '-', step.lower())}.png"
        focused = page.evaluate_handle("() => document.activeElement")
        page.evaluate("el => el && el.blur && el.blur()", focused)
        page.screenshot(path=str(path), full_page=True)
        page.evaluate("el => el && el.focus && el.focus({preventScroll: true})", focused)
        return path


@pytest.fixture
def shots(request: pytest.FixtureRequest) -> Shots:
    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", request.node.name)
    return Shots(SHOTS / name)


@dataclass
class CreatedGame:
    """A game made through the pages: the desk's address and each person's link."""

    desk: str
    links: dict[str, str] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.desk.rstrip("/").rsplit("/", 1)[-1]


def create_game(page: Page, base: str, ruleset: str, people: list[str],
                deadline: str = "", lang: str = "", example: str = "",
                shots: Shots | None = None, scenario_text: str = "") -> CreatedGame:
    """Create a game on the create page as a game master does: ``people``
    are the seats played by persons (every other seat by the random bot);
    ``scenario_text``, a scenario of one's own pasted in.
    ``page`` ends on the desk; the seats' links are read from it."""
    page.goto(f"{base}/new")
    page.select_option("#ruleset", ruleset)
    if example:
        page.select_option("#example", example)
    if scenario_text:
        page.click("form.new-game details summary")
        page.fill("#scenario_text", scenario_text)
    if shots:
        shots(page, "create: the game")
    page.locator("form.new-game button[type=submit]").click()
    page.wait_for_selector("fieldset select[name^='seat:']")
    for select in page.locator("select[name^='seat:']").all():
        seat = (select.get_attribute("name") or "")[len("seat:"):]
        select.select_option("person" if seat in people else "random")
    if deadline:
        page.fill("#deadline", deadline)
    if lang:
        page.select_option("#lang", lang)
    if shots:
        shots(page, "create: the players")
    page.locator("form.new-game button.primary").click()
    page.wait_for_url(re.compile(r".*/desk/[^/]+$"))
    created = CreatedGame(page.url)
    for row in page.locator(".seats-table tbody tr").all():
        link = row.locator("input.link")
        if link.count():
            value = link.input_value()
            created.links[str(row.get_attribute("data-seat"))] = value
    if shots:
        shots(page, "the desk")
    return created


def open_link(context: BrowserContext, link: str) -> Page:
    """A player opens their link in a page of ``context``: it lands on the seat's page."""
    opened = context.new_page()
    opened.goto(link)
    opened.wait_for_selector("#part-turn")
    return opened


def answer_once(page: Page, pick: int) -> None:
    """Answer the question on a seat's page: the option numbered ``pick``
    (modulo the options shown), as buttons or as a list with one button to
    send; then wait until the page shows the next question or the end."""
    form = page.locator("#answer-form")
    before = page.locator("#part-question").get_attribute("data-v")
    radios = form.locator("input[type=radio]")
    buttons = form.locator("button[type=submit], button:not([type])")
    if radios.count():
        radios.nth(pick % radios.count()).check()
        buttons.first.click()
    else:
        buttons.nth(pick % buttons.count()).click()
    page.wait_for_function(
        "before => document.querySelector('#part-question').dataset.v !== before",
        arg=before)

