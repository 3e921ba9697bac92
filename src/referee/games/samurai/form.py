"""A side's combat tokens at the terminal (SAM-FGT-2), fighter by fighter:
each fighter by its name with its Combat Potential, how many tokens are left
to place, Attack then Defence, then whether to Boost its Initiative; a line
of what was placed at the end. Read from the seat's view alone (the fight's
sides, each fighter's name and Combat Potential); no rules module imports it.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from referee.core.i18n import CATALOGUE, Msg, msg, render
from referee.core.waits import JSON
from referee.display import View
from referee.display.forms import Prompter, whole_number, yes_or_no
from referee.games.samurai.picture import name_of

CATALOGUE.load(Path(__file__).with_name("form.toml"))


class TokensForm:
    """The tokens of each of the seat's fighters in the fight."""

    def __init__(self, seat: str, fighters: list[str], state: Mapping[str, Any]) -> None:
        self.seat = seat
        self.fighters = fighters
        self.state = state

    @classmethod
    def of(cls, view: View) -> TokensForm | None:
        """The form for a seat asked for its tokens; None for any other question."""
        state, waiting = view.get("state") or {}, view.get("waiting") or {}
        fight = state.get("fight") or {}
        decision = waiting.get("decision") if isinstance(waiting, Mapping) else None
        if not isinstance(decision, Mapping) or decision.get("key") != "sam.ask.tokens":
            return None
        seat = str(view.get("seat"))
        fighters = list((fight.get("sides") or {}).get(seat) or [])
        return cls(seat, fighters, state) if fighters else None

    def name(self, fighter: str) -> Msg:
        return msg("sam.cell", name=name_of(self.state["fighters"][fighter]["name"]))

    def cp(self, fighter: str) -> int:
        return int(self.state["fighters"][fighter]["cp"])

    def fill(self, prompter: Prompter, draft: JSON) -> JSON:
        """Each fighter's Attack and Defence tokens and Boost, asked in turn;
        the draft (or the rules' offer) gives the defaults, Defence by
        default the rest of the fighter's Combat Potential."""
        lang = prompter.lang
        before = _fighters(draft)
        total = sum(self.cp(fighter) for fighter in self.fighters)
        left = total
        prompter.say(render(msg("sam.tokens-form.total", total=total, fighters=tuple(
            msg("sam.tokens-form.fighter-cp", name=self.name(f), cp=self.cp(f))
            for f in self.fighters)), lang))
        placed: dict[str, dict[str, Any]] = {}
        for fighter in self.fighters:
            name, own = self.name(fighter), self.cp(fighter)
            was = before.get(fighter, {})
            prompter.say(render(msg("sam.tokens-form.next", name=name, cp=own, left=left), lang))
            attack = whole_number(prompter, msg("sam.tokens-form.attack", name=name), 0, left,
                                  _within(was.get("attack"), own, left))
            left -= attack
            kept = was.get("defence") if was.get("attack") == attack else None
            defence = whole_number(prompter, msg("sam.tokens-form.defence", name=name, left=left),
                                   0, left, _within(kept, own - attack, left)) if left else 0
            left -= defence
            boost = attack > 0 and yes_or_no(prompter, msg("sam.tokens-form.boost", name=name),
                                             bool(was.get("boost_initiative")))
            placed[fighter] = {"attack": attack, "defence": defence, "boost_initiative": boost}
        prompter.say(render(msg("sam.tokens-form.placed", left=left), lang))
        for fighter, tokens in placed.items():
            prompter.say("  " + render(msg("sam.tokens-form.placed-one", name=self.name(fighter),
                                           attack=tokens["attack"], defence=tokens["defence"]),
                                       lang))
        answer: dict[str, JSON] = {fighter: dict(tokens) for fighter, tokens in placed.items()}
        return {"fighters": answer}


def _fighters(draft: JSON) -> dict[str, dict[str, Any]]:
    """Each fighter's tokens in a draft, where it gives them."""
    fighters = draft.get("fighters") if isinstance(draft, dict) else None
    if not isinstance(fighters, dict):
        return {}
    return {str(k): v for k, v in fighters.items() if isinstance(v, dict)}


def _within(value: Any, fallback: int, most: int) -> int:
    """A default for a count: the draft's if it is a whole number, else
    ``fallback``; never more than ``most`` left to place, nor below 0."""
    chosen = value if isinstance(value, int) and not isinstance(value, bool) else fallback
    return max(0, min(chosen, most))
