"""A Samurai side's secret token allocation (SAM-FGT-2) as a form: a row per
fighter of the side in the fight, by its name and Combat Potential, with a
stepper for its Attack tokens and one for its Defence tokens and a box for
Boosting its Initiative; under them, how many tokens are left to place of
the side's whole Combat Potential (kept up to date by ``question.js``).

Both numbers start as the rules offer them (or as the side's answer given
before); a number left empty is refused, naming the fighter and the
tokens, never read as 0. Fields: ``tokens.<fighter>.attack``,
``tokens.<fighter>.defence``, ``tokens.<fighter>.boost``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from referee.core.i18n import Name, msg
from referee.core.ruleset import AnyRuleset
from referee.server.pages.forms import (
    Form,
    FormError,
    Node,
    Words,
    first,
    name_of,
    offered_answer,
    page_part,
    read_number,
    waiting_of,
)

View = dict[str, Any]
TOKENS = ("attack", "defence")
MOST = 50
"""The most tokens of a kind one fighter may be given (the answer's shape)."""


def fits(ruleset: AnyRuleset, view: View) -> bool:
    """Samurai's allocation: an answer of each fighter's tokens."""
    return getattr(ruleset, "name", None) == "samurai" and bool(_fighters(view))


def _fighters(view: View) -> list[str]:
    """The fighters the allocation gives tokens to, as its schema lists them."""
    waiting = waiting_of(view) or {}
    schema = waiting.get("answer_schema")
    if not isinstance(schema, Mapping):
        return []
    fighters = (schema.get("properties") or {}).get("fighters") or {}
    return list(fighters.get("properties") or {})


def _name(view: View, fighter: str) -> Name:
    data = ((view.get("state") or {}).get("fighters") or {}).get(fighter) or {}
    return name_of(data.get("name") or {"en": fighter})


def _cp(view: View, fighter: str) -> int:
    data = ((view.get("state") or {}).get("fighters") or {}).get(fighter) or {}
    cp = data.get("cp")
    return cp if isinstance(cp, int) and not isinstance(cp, bool) else 0


@dataclass(frozen=True)
class Row:
    fighter: str
    name: str
    cp: int
    attack: str
    defence: str
    boost: bool


def allocation_html(ruleset: AnyRuleset, view: View, words: Words) -> Markup:
    waiting = waiting_of(view)
    assert waiting is not None
    shown = offered_answer(view)
    given = (shown.get("fighters") if isinstance(shown, Mapping) else None) or {}
    rows = []
    for fighter in _fighters(view):
        tokens = given.get(fighter) or {}
        rows.append(Row(fighter, words.of(_name(view, fighter)), _cp(view, fighter),
                        _count(tokens.get("attack")), _count(tokens.get("defence")),
                        bool(tokens.get("boost_initiative"))))
    total = sum(row.cp for row in rows)
    placed = sum(int(row.attack or 0) + int(row.defence or 0) for row in rows)
    return page_part("samurai_tokens.html", w=words, question=words.text(waiting["decision"]),
                     rows=rows, total=total, left=total - placed, most=MOST)


def _count(value: Any) -> str:
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else ""


def allocation_answer(ruleset: AnyRuleset, view: View, form: Form) -> Any:
    """Each fighter's tokens as the form gives them. :raises FormError:"""
    fighters: dict[str, Any] = {}
    for fighter in _fighters(view):
        name = _name(view, fighter)
        tokens: dict[str, Any] = {}
        for kind in TOKENS:
            field = f"tokens.{fighter}.{kind}"
            node = Node("integer", field, msg("question.tokens.of", what=msg(f"sam.form.{kind}"),
                                               name=name), low=0, high=MOST)
            text = (first(form, field) or "").strip()
            if not text:
                raise FormError(field, msg("question.error.empty", field=node.label))
            tokens[kind] = read_number(node, text)
        tokens["boost_initiative"] = first(form, f"tokens.{fighter}.boost") is not None
        fighters[fighter] = tokens
    return {"fighters": fighters}
