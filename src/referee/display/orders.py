"""Orders desks: what a game played by simultaneous orders at a deadline (a
play-by-chat game, Facility) gives the people who write and resolve them,
above the rules (core ← rules ← display ← cli).

A desk answers, in a fixed order, the questions ``referee orders-template``,
``referee resolve`` and ``referee validate GAME ORDERS`` ask:

- :meth:`OrdersDesk.turn`: the turn the orders are for;
- :meth:`OrdersDesk.template`: the orders file one seat fills in (TOML that
  gives no order as it is, its comments in the reader's language), built from
  that seat's view alone, so it can name nothing the seat may not know; a
  ruleset fills in :meth:`~OrdersDesk.situation` and
  :meth:`~OrdersDesk.sections`;
- :meth:`OrdersDesk.observers`, :meth:`OrdersDesk.observer_title`: who else
  reads a part of a resolved turn (a room's camera), and how its record is
  headed;
- :meth:`OrdersDesk.report`, :meth:`OrdersDesk.record`: each seat's lines of
  a resolved turn in its own wording, each other observer's record;
- :meth:`OrdersDesk.void_orders`: the orders the log tells their seats are
  void (left out) or declared but impossible, and why, read from the lines'
  facts (the words of why, for rendering, from their text).

Every hook has a neutral default, so a ruleset with none still gets a plain
template (the answer the rules offer, field by field) and plain reports. A
ruleset's desk registers through the ``referee.orders`` entry points under
the ruleset's name; :func:`desk_for` finds it.
"""

from __future__ import annotations

import json
import re
import textwrap
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from referee.core import plugins
from referee.core.events import REFEREE, Event, Seat
from referee.core.i18n import (
    CATALOGUE,
    Lang,
    Msg,
    Param,
    for_reader,
    msg,
    render,
    render_all_for,
    render_for,
)
from referee.display import View

if TYPE_CHECKING:
    from referee.core.game import Game
    from referee.core.ruleset import AnyRuleset

CATALOGUE.load(Path(__file__).with_name("orders.toml"))

ORDERS_GROUP = "referee.orders"

VOID = "void"
"""Facts of a line telling a seat that an order of its is void, left out:
``{"kind": "void", "seat", "part"}``, and why as data where the ruleset says
it, ``"code"`` and ``"about"`` (the core's own, :class:`referee.core.views.VoidFacts`)."""
IMPOSSIBLE = "impossible"
"""Facts of a line telling a seat that an order of its is declared all the
same but cannot happen (a bluff a player may mean): ``{"kind": "impossible",
"seat", "part", "problem", "about"}``, ``problem`` the code of why."""

WIDTH = 88
"""Comment lines are wrapped to this width (with the ``# `` in front)."""

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


# -- TOML ------------------------------------------------------------------------------


def toml_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else json.dumps(key, ensure_ascii=False)


def toml_value(value: Any) -> str:
    """A value as inline TOML (``{ item = "keycard" }``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return json.dumps(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        inner = ", ".join(f"{toml_key(str(k))} = {toml_value(v)}" for k, v in value.items()
                          if v is not None)
        return "{ " + inner + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise TypeError(f"no TOML for {value!r}")


def quoted(identifier: str | int) -> str:
    """An identifier as an orders file spells it: ``"keycard"``, ``3``."""
    return toml_value(identifier)


# -- the parts of a template -----------------------------------------------------------


@dataclass(frozen=True)
class OrderSection:
    """One kind of order in a template: what it does, what it may name now,
    and example lines, each a value of the order (``order = value``)."""

    order: str
    explain: Msg | None
    targets: Sequence[Msg] = ()
    examples: Sequence[Any] = ()


class TemplateWriter:
    """The lines of a template, comments wrapped and rendered in ``lang``."""

    def __init__(self, lang: Lang) -> None:
        self.lang = lang
        self.lines: list[str] = []

    def comment(self, text: Msg | str) -> None:
        rendered = render(text, self.lang)
        for paragraph in rendered.splitlines() or [""]:
            wrapped = textwrap.wrap(paragraph, WIDTH - 2, break_long_words=False,
                                    break_on_hyphens=False) or [""]
            self.lines += [f"# {line}".rstrip() for line in wrapped]

    def example(self, order: str, value: Any) -> None:
        self.lines.append(f"# {toml_key(order)} = {toml_value(value)}")

    def line(self, text: str = "") -> None:
        self.lines.append(text)

    def section(self, section: OrderSection) -> None:
        self.line()
        if section.explain is not None:
            self.comment(section.explain)
        for target in section.targets:
            self.comment(target)
        for value in section.examples:
            self.example(section.order, value)

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


@dataclass(frozen=True)
class VoidOrder:
    """An order of ``seat`` that is void (``kind`` :data:`VOID`) or declared
    but impossible (:data:`IMPOSSIBLE`): ``part`` names it in the orders
    (``move``, ``take[0]``); why, as data, is ``code`` (the ruleset's word
    for it, ``"no-door"``; None where the line gives none) with ``about``,
    the ids and numbers it names. For a reader, ``reason`` says why in words
    and ``what``, where the line says it, what the order says ("movement",
    "a shot at Boris"), both as the game master reads them."""

    seat: Seat
    part: str
    reason: Msg | str
    kind: str = VOID
    what: Msg | None = None
    code: str | None = None
    about: Mapping[str, Any] = field(default_factory=dict)


# -- the desk ----------------------------------------------------------------------------


class OrdersDesk:
    """Neutral hooks: no turn number, a template of the fields the rules
    offer, no observers but the seats, each line as its reader reads it."""

    def turn(self, view: View) -> int | None:
        """The turn a view's game is at (the orders are for), if it counts turns."""
        return None

    def seat_language(self, view: View, seat: Seat) -> Lang | None:
        """The language of ``seat``'s player where the game gives one, by the
        game master's ``view``; None: whatever the command is told."""
        return None

    # -- the template ----------------------------------------------------------------

    def template(self, view: View, lang: Lang, head: Sequence[Msg] = ()) -> str:
        """The orders file the seat whose ``view`` it is fills in: ``head``
        and how to give an order, the seat's situation, ``turn = N`` where the
        game counts turns, then the seat's table with every kind of order
        commented out, so that the file as it is gives no order."""
        writer = TemplateWriter(lang)
        for line in head:
            writer.comment(line)
        writer.comment(msg("orders-desk.how"))
        situation = self.situation(view)
        if situation:
            writer.line("#")
            for line in situation:
                writer.comment(line)
        turn = self.turn(view)
        if turn is not None:
            writer.line(f"turn = {turn}")
        writer.line()
        writer.line(f"[{toml_key(str(view['seat']))}]")
        for section in self.sections(view):
            writer.section(section)
        return writer.text()

    def situation(self, view: View) -> list[Msg]:
        """What the seat knows that its orders may name, as comment lines."""
        return []

    def sections(self, view: View) -> list[OrderSection]:
        """Each order the seat may give: by default every field of the answer
        the rules offer (``waiting.template``), as an example line alone."""
        return [OrderSection(order, None, (), [value if value not in (None, [], {}) else ""])
                for order, value in offered(view).items()]

    # -- a resolved turn ---------------------------------------------------------------

    def master_view(self, game: Game) -> View:
        """The game master's view as :meth:`turn`, :meth:`seat_language`,
        :meth:`observers` and :meth:`observer_title` read it, made now; by
        default the whole view (a ruleset may give only the parts its desk
        reads, where the whole is costly to build)."""
        return game.view(REFEREE)

    def observers(self, view: View) -> list[str]:
        """Who besides the seats reads a part of the log (a room's camera),
        by the game master's ``view``; by default no one."""
        return []

    def observer_title(self, view: View, observer: str) -> Msg:
        """How ``observer``'s record is headed."""
        return msg("orders-desk.observer", observer=observer)

    def report(self, events: Sequence[Event], reader: Seat, lang: Lang = "en") -> list[str]:
        """``reader``'s lines of a turn (``events``: its part of the log), each
        in the wording meant for it."""
        return render_all_for([event.text for event in events], reader, lang)

    def record(self, events: Sequence[Event], observer: str, lang: Lang = "en") -> list[str]:
        """What ``observer`` recorded of a turn (``events``: the game master's
        part of the log): the lines meant for it, never what was announced to
        everyone."""
        return [render_for(event.text, observer, lang) for event in events
                if not event.audience.is_public and event.audience.admits(observer)]

    def void_orders(self, events: Sequence[Event]) -> list[VoidOrder]:
        """The orders ``events`` (the game master's part of the log) tell
        their seats are void or declared but impossible, in order: each line
        whose facts say so (:data:`VOID`, :data:`IMPOSSIBLE`, with ``seat``
        and ``part``) and why (``code``, or an impossible one's ``problem``,
        with ``about``); the words of why, ``reason`` and ``what``, are the
        parts of the line's text that say them, as the game master reads it."""
        found: list[VoidOrder] = []
        for event in events:
            facts = event.facts_for(REFEREE)
            if facts is None or facts.get("kind") not in (VOID, IMPOSSIBLE):
                continue
            kind = str(facts["kind"])
            code = facts.get("code" if kind == VOID else "problem")
            reason, what = _said(for_reader(event.text, REFEREE))
            found.append(VoidOrder(str(facts["seat"]), str(facts["part"]),
                                   reason if reason is not None else "", kind, what,
                                   str(code) if code is not None else None,
                                   dict(facts.get("about") or {})))
        return found


def _said(text: Msg) -> tuple[Msg | str | None, Msg | None]:
    """The words of the ``reason`` a line about an order gives, and of
    ``what`` the order says, for rendering: the first part of its text that
    gives a reason."""
    for part in _parts(text):
        reason = part.params.get("reason")
        if isinstance(reason, Msg | str):
            what = part.params.get("what")
            return reason, what if isinstance(what, Msg) else None
    return None, None


def _parts(text: Msg) -> Iterator[Msg]:
    """``text`` and every text inside it, outside in."""
    yield text
    for value in text.params.values():
        for inner in value if isinstance(value, tuple) else (value,):
            if isinstance(inner, Msg):
                yield from _parts(inner)


def offered(view: View) -> dict[str, Any]:
    """The answer the rules offer the seat as a template (every field, empty)."""
    waiting = view.get("waiting")
    template = waiting.get("template") if isinstance(waiting, Mapping) else None
    return dict(template) if isinstance(template, Mapping) else {}


def entry(name: Param, identifier: str | int) -> Msg:
    """A thing as an order names it: its name, then its id as typed
    (``keycard ("keycard")``)."""
    return msg("orders-desk.entry", name=name, id=quoted(identifier))


DESKS: plugins.Registered[OrdersDesk] = plugins.Registered(ORDERS_GROUP, OrdersDesk)


def desk_for(ruleset: AnyRuleset) -> OrdersDesk:
    """The orders desk ``ruleset``'s package registers; the neutral one where
    it registers none."""
    return DESKS.find(getattr(ruleset, "name", None)) or OrdersDesk()
