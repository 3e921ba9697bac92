"""People at their seat pages, over plain HTTP against the real server: a
person opens their link (the cookie a browser keeps), reads the page's
HTML, chooses from what it offers — an option button or one of a list, a
point on the board within the reach drawn (or a named move), the steppers
of a Samurai allocation, the Facility orders form — and posts the page's
own form with its CSRF token, as a browser without JavaScript does."""

from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass, field
from html import unescape
from random import Random

import httpx

from tests.pages.posting import Control, FormPage, Posted

ANSWER_FORM = re.compile(r'<form id="answer-form".*?</form>', re.S)
TABLE = re.compile(r'data-table="([^"]+)"')
REACH = re.compile(r'<circle class="reach" cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"')
FIGHTER_CP = re.compile(r'<fieldset class="q-fighter" data-cp="(\d+)">')
STATUS = re.compile(r'<div id="answer-status"[^>]*>(.*?)</div>', re.S)
TRIES = 6
"""Points a person tries on the board before taking a named move instead."""


def part(html: str, name: str) -> str:
    """The inside of a page's part (``turn``, ``board``, ``question``, …)."""
    found = re.search(rf'<(section|div) id="part-{name}"[^>]*>(.*?)</\1>', html, re.S)
    return found.group(2) if found else ""


def words_of(html: str) -> str:
    """What a person reads of some HTML: its text, spaces made one."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


@dataclass
class Person:
    """One player at their seat's page."""

    name: str
    base: str
    link: str
    rng: Random
    client: httpx.Client = field(init=False)
    path: str = field(init=False)
    answers: int = 0
    kinds: dict[str, int] = field(default_factory=dict)
    refused: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.client = httpx.Client(base_url=self.base, timeout=60)
        opened = self.client.get(self.link)
        assert opened.status_code == 303, opened.text
        self.path = opened.headers["location"]

    def close(self) -> None:
        self.client.close()

    def page(self) -> str:
        shown = self.client.get(self.path)
        assert shown.status_code == 200, shown.text
        return shown.text

    def act(self, html: str) -> bool:
        """Answer the question the page shows, if it shows one; True if it did."""
        found = ANSWER_FORM.search(html)
        if found is None:
            return False
        form = FormPage(found.group(0))
        assert form.unlabelled() == [], form.unlabelled()
        turn = part(html, "turn")
        if '<p class="you"><strong>' in turn:  # "You are asked": a link down to the question
            assert 'href="#part-question"' in turn
        names = {c.name for c in form.controls}
        if {"x", "y"} <= names:
            self._point(html, form)
        elif any(n.startswith("tokens.") for n in names):
            self._tokens(found.group(0), form)
        elif any(b.name == "ready" for b in form.buttons()):
            self._orders(form)
        else:
            self._option(form)
        self.answers += 1
        return True

    def post(self, posted: Posted) -> str | None:
        """Post the answer form; None when taken (the page again), else why
        not, as the seat's page shows it beside its form."""
        sent = self.client.post(self.path + "/answer", data=posted)
        if sent.status_code == 303:
            assert sent.headers["location"] == self.path
            return None
        assert sent.status_code == 422, sent.text
        return refusal_of(sent.text)

    def _count(self, kind: str) -> None:
        self.kinds[kind] = self.kinds.get(kind, 0) + 1

    def _taken(self, posted: Posted, what: str) -> None:
        refusal = self.post(posted)
        assert refusal is None, f"{self.name}'s {what} was refused: {refusal}"

    def _option(self, form: FormPage) -> None:
        radios = [c for c in form.controls if c.kind == "radio"]
        if radios:
            self._count("list")
            pick = self.rng.choice(radios)
            for radio in radios:
                radio.checked = radio is pick
            self._taken(form.post(form.buttons()[0]), "choice from the list")
            return
        self._count("option")
        options = [b for b in form.buttons() if b.name in ("option", "option-json")]
        assert options, "a question with neither options nor fields"
        self._taken(form.post(self.rng.choice(options)), "option")

    def _point(self, html: str, form: FormPage) -> None:
        """A point within the reach drawn on the board, as a click there
        gives it; refused points are tried again, then a named move."""
        board = part(html, "board")
        table, reach = TABLE.search(board), REACH.search(board)
        assert table is not None and reach is not None, "a point asked with no reach drawn"
        left, bottom, scale, width, depth = (float(v) for v in table.group(1).split())
        cx, cy, r = (float(v) for v in reach.groups())
        for _ in range(TRIES):
            angle, spread = self.rng.uniform(0, 2 * math.pi), r * math.sqrt(self.rng.random())
            x = (cx + spread * math.cos(angle) - left) / scale
            y = (bottom - (cy + spread * math.sin(angle))) / scale
            if not (0 < x < width and 0 < y < depth):
                continue
            form.fill("x", f"{x:.1f}")
            form.fill("y", f"{y:.1f}")
            refusal = self.post(form.post(form.button()))
            if refusal is None:
                self._count("point")
                return
            self.refused.append(refusal)
        named = [b for b in form.buttons() if b.name == "spot"]
        self._count("named move")
        chosen: Control | None = self.rng.choice(named) if named else None
        if chosen is None:  # no named move: stay where the form starts, where it stands
            form = FormPage(ANSWER_FORM.search(html).group(0))  # type: ignore[union-attr]
            chosen = form.button()
        self._taken(form.post(chosen), "move")

    def _tokens(self, form_html: str, form: FormPage) -> None:
        """Every fighter's Combat Potential placed with the steppers, split
        between Attack and Defence at random."""
        self._count("tokens")
        fighters = [c.name.split(".")[1] for c in form.controls
                    if c.name.startswith("tokens.") and c.name.endswith(".attack")]
        cps = [int(cp) for cp in FIGHTER_CP.findall(form_html)]
        assert len(cps) == len(fighters) and fighters
        for fighter, cp in zip(fighters, cps, strict=True):
            attack = self.rng.randint(0, cp)
            form.fill(f"tokens.{fighter}.attack", str(attack))
            form.fill(f"tokens.{fighter}.defence", str(cp - attack))
        self._taken(form.post(form.button()), "allocation")

    def _orders(self, form: FormPage) -> None:
        """Facility orders picked from the form's lists, sent with Ready."""
        self._count("orders")
        for control in form.controls:
            if control.tag == "select" and control.options and self.rng.random() < 0.5:
                control.chosen = self.rng.randrange(len(control.options))
        self._taken(form.post(form.button("ready", "1")), "orders")


def refusal_of(html: str) -> str:
    """Why an answer was refused, as the seat's page shows it beside the
    question's form (the page itself still there, to try again)."""
    assert 'id="answer-form"' in html and 'id="part-board"' in html, "not the seat's page"
    found = STATUS.search(html)
    assert found is not None and 'role="alert"' in found.group(1), "no reason beside the form"
    told = words_of(found.group(1))
    assert told
    return told


def is_over(html: str) -> bool:
    return 'class="outcome"' in part(html, "turn")


def play_to_the_end(people: list[Person], most: int = 400) -> str:
    """Every person answers what their page asks, again and again, until a
    page shows the end; that page. Fails if nobody is asked before the end."""
    idle = 0
    for _ in range(most):
        acted = False
        for person in people:
            html = person.page()
            if is_over(html):
                return html
            acted = person.act(html) or acted
        idle = 0 if acted else idle + 1
        assert idle < 50, "no page asks anything and the game is not over"
        if not acted:
            time.sleep(0.1)
    raise AssertionError(f"not over after {most} rounds of answers")
