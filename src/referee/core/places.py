"""A place named inside a sentence with the preposition each language needs:
being there ("at the Roof", «на Крыше»), going there ("to the Roof", «на
Крышу») and coming from there ("from the Roof", «с Крыши»). Russian takes в,
во or на by the place (a scenario says which: ``ru_preposition``), and the
case each way needs; the phrases are catalogue messages (``core.at.na``…)."""

from __future__ import annotations

from typing import Final, Literal, TypeAlias

from referee.core.i18n import Msg, Name, msg

RuPreposition: TypeAlias = Literal["в", "во", "на"]
Way: TypeAlias = Literal["at", "to", "from"]

PREPOSITION_KEYS: Final[dict[str, str]] = {"в": "v", "во": "vo", "на": "na"}
"""A place's Russian preposition as the last part of its phrases' keys."""


def place_phrase(way: Way, name: Name | Msg, ru_preposition: RuPreposition) -> Msg:
    """``name`` with the preposition ``way`` needs: «в Метро», «на Крышу»,
    «с Электростанции»."""
    return msg(f"core.{way}.{PREPOSITION_KEYS[ru_preposition]}", place=name)
