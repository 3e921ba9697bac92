"""A seat's page, in parts: the turn (deadline, who is asked, Ready, the
end), what the seat knows, its board, the question as a form, its log and
its table talk. Each part is built from the seat's document alone (the
body of ``GET /view`` for its token), so the page shows nothing the seat
may not read; the live page swaps only the parts whose version changed,
and the question's form only when the question itself changed."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from referee.core.ruleset import AnyRuleset
from referee.server.pages import question
from referee.server.pages.render import Words, digest, page

SEAT_PARTS = ("turn", "knowledge", "board", "question", "log", "talk")
LAST_TURN_FIELDS = (("objectives", "max_turns"), ("objectives", "last_turn"), ("max_turns",))
"""Where a view's state gives the game's last turn: Night Watch, Old West
and Samurai in their objectives' ``max_turns``, Facility in their
``last_turn``, Echo beside its turn."""


@dataclass(frozen=True)
class Part:
    """One part of a page: its version (equal versions, nothing to swap) and
    its inside."""

    version: str
    html: Markup

    def to_json(self) -> dict[str, str]:
        return {"v": self.version, "html": str(self.html)}


@dataclass(frozen=True)
class SeatPage:
    """What a seat's page is built from."""

    doc: dict[str, Any]
    ruleset: AnyRuleset
    words: Words
    path: str
    csrf: str

    @property
    def view(self) -> dict[str, Any]:
        return dict(self.doc["view"])

    @property
    def seat(self) -> str:
        return str(self.doc["you"]["seat"])


def seat_parts(seat_page: SeatPage) -> dict[str, Part]:
    """Every part of the page, each with its version."""
    return {name: _PARTS[name](seat_page) for name in SEAT_PARTS}


def question_key(doc: dict[str, Any], lang: str) -> str:
    """The question's version: the form is rebuilt when this changes (a new
    question, or the seat's own answer shown back), never because another
    seat answered meanwhile."""
    waiting = doc["view"].get("waiting")
    asked = dict(waiting) if isinstance(waiting, dict) else None
    if asked is not None:
        asked.pop("answered", None)
    return digest(json.dumps({"turn": doc["turn"]["number"], "waiting": asked,
                              "over": doc["view"].get("outcome") is not None, "lang": lang},
                             sort_keys=True, ensure_ascii=False, default=str))


@dataclass(frozen=True)
class Objectives:
    """What a seat plays for and where the game stands, in the reader's
    words, as the seat's view states them."""

    aims: list[str]
    standing: list[str]


def objectives_of(view: Mapping[str, Any], words: Words) -> Objectives | None:
    """The ``objectives`` part of a seat's view, in words; None where the
    view has none."""
    state = view.get("state")
    stated = state.get("objectives") if isinstance(state, Mapping) else None
    if not isinstance(stated, Mapping):
        return None
    return Objectives([words.text(line) for line in stated.get("aims") or ()],
                      [words.text(line) for line in stated.get("standing") or ()])


def turn_heading(view: Mapping[str, Any], number: int, words: Words) -> str:
    """The turn as the game counts it: the view's own turn, and the last
    where the view gives it ("Turn 4 of 8"). A view without a turn gets the
    server's count of the game's questions (``number``), said as the game's,
    since the other seats' questions and the bots' count in it."""
    state = view.get("state")
    if not isinstance(state, Mapping) or (turn := _count(state.get("turn"))) is None:
        return words("pages.turn.question", number=number)
    last = next((found for found in (_count(_field(state, path)) for path in LAST_TURN_FIELDS)
                 if found is not None), None)
    if last is None:
        return words("pages.turn.game", turn=turn)
    return words("pages.turn.game-of", turn=min(turn, last), turns=last)


def _field(data: Mapping[str, Any], path: tuple[str, ...]) -> Any:
    found: Any = data
    for key in path:
        found = found.get(key) if isinstance(found, Mapping) else None
    return found


def _count(value: Any) -> int | None:
    """A turn or a number of turns, where ``value`` is one."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 \
        else None


def _made(html: str) -> Part:
    return Part(digest(html), Markup(html))


def _turn(s: SeatPage) -> Part:
    doc = s.doc
    turn = doc["turn"]
    waiting = s.view.get("waiting") or {}
    asked = [str(seat) for seat in turn.get("asked", [])]
    answered = [str(seat) for seat in waiting.get("answered", [])] if asked else []
    return _made(page("parts/seat_turn.html", w=s.words, doc=doc, turn=turn,
                      heading=turn_heading(s.view, int(turn["number"]), s.words),
                      objectives=objectives_of(s.view, s.words),
                      outcome=s.view.get("outcome"), seat=s.seat, asked=asked,
                      asked_names=tuple(s.words.seat(x) for x in asked if x != s.seat),
                      answered=answered, ready=[str(x) for x in turn.get("ready", [])],
                      path=s.path, csrf=s.csrf))


def _knowledge(s: SeatPage) -> Part:
    return _made(str(question.knowledge_html(s.ruleset, s.view, s.words.lang)))


def _board(s: SeatPage) -> Part:
    board = question.board_html(s.ruleset, s.view, s.words.lang)
    return _made("" if board is None else str(board))


def _question(s: SeatPage) -> Part:
    asked = s.doc["turn"].get("you_are_asked") and s.view.get("outcome") is None
    inside = question.question_html(s.ruleset, s.view, s.words.lang) if asked else None
    html = page("parts/seat_question.html", w=s.words, inside=inside, path=s.path,
                csrf=s.csrf, turn=s.doc["turn"], over=s.view.get("outcome") is not None)
    return Part(question_key(s.doc, s.words.lang), Markup(html))


def _log(s: SeatPage) -> Part:
    lines = [s.words.line(line) for line in s.view.get("log", [])]
    return _made(page("parts/log.html", w=s.words, lines=lines))


def _talk(s: SeatPage) -> Part:
    return _made(page("parts/talk.html", w=s.words, talk=talk_lines(s.doc, s.words)))


def talk_lines(doc: dict[str, Any], words: Words) -> list[dict[str, str]]:
    """The table talk the document holds, each line's writer and readers named."""
    lines = []
    for line in doc.get("talk", []):
        to = line.get("to")
        if to == "everyone":
            shown = ""
        elif to == "master":
            shown = words("pages.master")
        elif to == "you":
            shown = words("pages.talk.you")
        else:
            shown = ", ".join(words.seat(str(seat)) for seat in to or [])
        lines.append({"who": words.seat(str(line.get("from"))), "to": shown,
                      "text": str(line.get("text", ""))})
    return lines


_PARTS = {"turn": _turn, "knowledge": _knowledge, "board": _board, "question": _question,
          "log": _log, "talk": _talk}
