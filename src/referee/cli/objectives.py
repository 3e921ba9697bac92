"""A seat's objectives and where the game stands, at the terminal: read
from the ``objectives`` part of its view (every ruleset states them there),
printed when the seat first sits down at the terminal and whenever the
person asks for them at a prompt (``?``, ``objectives``, «цели»)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from referee.boards.tablemap import message_from_json
from referee.core.i18n import CATALOGUE, Lang, msg, render

CATALOGUE.load(Path(__file__).with_name("play.toml"))

ASKING = frozenset({"?", "objectives", "objective", "score", "goal", "цели", "цель",
                    "счёт", "счет"})
"""What a person types at a prompt to see the objectives again."""


def asks_for_objectives(reply: str) -> bool:
    """``reply`` asks for the objectives, not for an answer."""
    return reply.strip().lower() in ASKING


def objective_lines(view: Mapping[str, Any], lang: Lang) -> tuple[list[str], list[str]]:
    """The objectives and the lines on where the game stands, in ``lang``;
    both empty where the view states none."""
    state = view.get("state")
    stated = state.get("objectives") if isinstance(state, Mapping) else None
    if not isinstance(stated, Mapping):
        return [], []
    return ([render(message_from_json(line), lang) for line in stated.get("aims") or ()],
            [render(message_from_json(line), lang) for line in stated.get("standing") or ()])


def print_objectives(console: Console, view: Mapping[str, Any], lang: Lang,
                     hint: bool = False) -> None:
    """The objectives and where the game stands, each under its heading;
    with ``hint``, how to see them again."""
    aims, standing = objective_lines(view, lang)
    for head, lines in (("play.objectives.head", aims), ("play.objectives.standing", standing)):
        if lines:
            console.print(f"[bold]{escape(render(msg(head), lang))}[/]")
            for line in lines:
                console.print(f"  {escape(line)}")
    if hint and (aims or standing):
        console.print(f"[dim]{escape(render(msg('play.objectives.hint'), lang))}[/]")
