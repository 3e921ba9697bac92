"""The questions each ruleset's odds declare: found by the ruleset's name
through the ``referee.odds_queries`` entry points, one ruleset's loading no
other's; their house rules' defaults and ranges the scenario format's;
their values checked before anything is counted; their answers the counting
functions' own."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
from fractions import Fraction
from types import EllipsisType
from typing import Any

import pytest
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from referee import find_ruleset
from referee.core.errors import RefereeError
from referee.core.i18n import CATALOGUE, msg, render
from referee.odds import Odds, echo
from referee.odds import old_west as ow
from referee.odds import samurai as sam
from referee.odds.query import Param, Query, RulesetQueries, queries_for, query_rulesets

RESERVED_FLAGS = {"--json", "--plot", "--lang", "--help", "--force"}
"""What the command line adds to every question."""


def every_query() -> list[tuple[str, Query]]:
    found = [queries_for(name) for name in query_rulesets()]
    return [(queries.ruleset, query) for queries in found if queries is not None
            for query in queries.queries]


def every_param() -> list[tuple[str, Query, Param]]:
    return [(ruleset, query, param) for ruleset, query in every_query()
            for param in query.params]


def test_the_rulesets_with_dice_declare_questions_and_facility_none():
    assert query_rulesets() == ["echo", "old-west", "samurai"]
    for name in query_rulesets():
        queries = queries_for(name)
        assert isinstance(queries, RulesetQueries) and queries.ruleset == name
        assert find_ruleset(name).name == name  # registered under the ruleset's own name
    assert queries_for("facility") is None and queries_for("night-watch") is None
    assert queries_for("old_west") is queries_for("old-west")


@pytest.mark.parametrize(("ruleset", "query"), every_query(),
                         ids=lambda v: v if isinstance(v, str) else v.name)
def test_a_question_is_well_formed(ruleset: str, query: Query):
    """Names and flags unique and not the command line's own; each default
    within its range and among its choices; every help text in both
    languages."""
    names = [p.name for p in query.params]
    assert len(set(names)) == len(names) and all(n.isidentifier() for n in names)
    assert not set(names) & {"as_json", "plot", "lang"}
    flags = [f for p in query.params for flag in (p.flags or (p.flag,)) for f in flag.split("/")]
    assert len(set(flags)) == len(flags) and not set(flags) & RESERVED_FLAGS
    texts = [query.help, *(p.help for p in query.params if p.help is not None)]
    for text in texts:
        for lang in ("en", "ru"):
            assert CATALOGUE.bundles[lang].has(text.key), (text.key, lang)
    for param in query.params:
        if not isinstance(param.default, EllipsisType):
            param.check(param.default)  # raises if out of range or not a choice


def _setting_field(ruleset: str, setting: str) -> FieldInfo:
    """The field of the ruleset's scenario format that holds the house rule
    ``setting`` (in its settings or house-rules part)."""
    for part in find_ruleset(ruleset).scenario_model.model_fields.values():
        model = part.annotation
        if isinstance(model, type) and issubclass(model, BaseModel) \
                and setting in model.model_fields:
            return model.model_fields[setting]
    raise AssertionError(f"{ruleset}'s scenario format has no setting {setting}")


def _bound(field: FieldInfo, name: str) -> Any:
    return next((getattr(m, name) for m in field.metadata if hasattr(m, name)), None)


HOUSE_RULES = [(r, q, p) for r, q, p in every_param() if p.setting is not None]


def test_the_house_rules_are_named():
    assert {(r, p.setting) for r, _, p in HOUSE_RULES} == {
        ("old-west", "fame_cap"), ("old-west", "tie_die_advantage_wins_low"),
        ("old-west", "in_the_way"), ("old-west", "fortune_save"),
        ("echo", "die_sides"), ("echo", "success_face"), ("echo", "successes_needed")}


@pytest.mark.parametrize(("ruleset", "query", "param"), HOUSE_RULES,
                         ids=lambda v: v if isinstance(v, str) else v.name)
def test_a_house_rule_defaults_to_the_scenario_formats(ruleset: str, query: Query,
                                                        param: Param):
    """A house rule's default, and its range where the question bounds it,
    are those of the setting in the scenario format; one left out (None)
    counts with the scenario format's default."""
    assert param.setting is not None
    field = _setting_field(ruleset, param.setting)
    if param.default is None:
        required = {p.name: 4 for p in query.params if p.required}
        answer = query.ask(**required).to_json()
        assert answer[param.name] == field.default
    else:
        assert param.default == field.default
    if param.low is not None and _bound(field, "ge") is not None:
        assert param.low == _bound(field, "ge")
    if param.high is not None and _bound(field, "le") is not None:
        assert param.high == _bound(field, "le")


def _refusal(query: Query, **values: Any) -> str:
    with pytest.raises(RefereeError) as refused:
        query.ask(**values)
    return refused.value.render("en")


def test_values_are_checked_in_order_before_anything_is_counted():
    old_west = queries_for("old-west")
    assert old_west is not None
    melee = old_west["round"]
    assert _refusal(melee, attacks=(11, 1), fame=(-1, 0)) == \
        "--attacks: expected two numbers from 1 to 10, not 11 and 1"
    assert _refusal(melee, fame=(-1, 0)) == \
        "--fame: expected two numbers from 0 up, not -1 and 0"
    assert _refusal(melee, advantage="c") == "--advantage: expected a or b, not `c`"
    assert _refusal(old_west["wound"], strength=11, toughness=3) == \
        "--strength: expected a number from 1 to 10, not 11"
    assert _refusal(old_west["wound"], toughness=3) == \
        "the question `wound` needs --strength"
    assert _refusal(old_west["pluck"], pluck=3, luck=1) == \
        "the question `pluck` has no parameter `luck`"
    samurai = queries_for("samurai")
    assert samurai is not None
    assert _refusal(samurai["shot"], shooting=3, distance=9.0, weapon="yumii") == \
        "--weapon: expected `yumi`, `teppo`, or `shuriken`, not `yumii` (did you mean `yumi`?)"
    assert _refusal(samurai["shot"], shooting=3, distance=100.5) == \
        "--distance: expected a number from 0 to 100, not 100.5"
    assert _refusal(samurai["fight"], armour=("none", "x")) == \
        "--armour: expected `none`, `light`, `medium`, or `heavy`, not `x`"


def test_a_refusal_reads_in_russian_too():
    refused = RefereeError(msg("odds.cli.range", option="--strength", low=1, high=10, value=11))
    assert refused.render("ru") == "--strength: ожидалось число от 1 до 10, а не 11"


def chance(query: Query, **values: Any) -> Fraction:
    answer = query.ask(**values)
    assert isinstance(answer, Odds)
    return answer.probability


def test_the_answers_are_the_counting_functions():
    """Exact values worked independently: S3 against T8 needs 6 then 4+,
    1/6 × 1/2; two dice at Fighting 3 against one at Fighting 4 win only on
    a higher best die, 1 − Σb²/216 = 125/216; two dice of a check against 5+
    on d6 pass unless both fail, 1 − (2/3)²."""
    old_west, samurai, echo = (queries_for(n) for n in ("old-west", "samurai", "echo"))
    assert old_west is not None and samurai is not None and echo is not None
    assert chance(old_west["wound"], strength=3, toughness=8) == Fraction(1, 12)
    assert chance(old_west["fight"], dice=(2, 1), fighting=(3, 4)) == Fraction(125, 216)
    assert chance(echo["check"], skill=4, penalty=2) == Fraction(5, 9)
    assert samurai["shot"].ask(shooting=3, distance=9.0, cover="none") == \
        sam.shot(3, "yumi", 9.0, cover=None)
    assert chance(samurai["shot"], shooting=3, distance=9.0, cover="heavy") < \
        chance(samurai["shot"], shooting=3, distance=9.0, cover="light")


def test_the_help_is_the_catalogues():
    old_west = queries_for("old-west")
    assert old_west is not None
    assert render(old_west["wound"].help, "en") == \
        "The chance that one blow wounds (the Wound Table, 6/x chains included)."
    assert render(old_west.help, "ru").startswith("Легенды Старого Запада")
    echo = queries_for("echo")
    assert echo is not None
    die_sides = echo["check"].params[2]
    assert render(die_sides.help or "", "en").endswith("(default: the ruleset's, 6).")


def loaded_after(source: str, packages: tuple[str, ...]) -> list[str]:
    """Which of ``packages`` (or modules in them) a fresh interpreter has
    loaded after running ``source``."""
    probe = (f"{source}\nimport json, sys\n"
             f"print(json.dumps(sorted(m for m in sys.modules if any(\n"
             f"    m == p or m.startswith(p + '.') for p in {packages!r}))))")
    done = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True,
                          text=True)
    loaded: list[str] = json.loads(done.stdout.splitlines()[-1])
    return loaded


OTHERS = ("referee.games.samurai", "referee.games.echo", "referee.games.night_watch",
          "referee.games.facility", "referee.odds.samurai", "referee.odds.echo")


def test_one_rulesets_questions_load_no_other_ruleset():
    source = ("from referee.odds.query import queries_for\n"
              "print(queries_for('old-west')['wound'].ask(strength=3, toughness=4).probability)")
    watched = (*OTHERS, "referee.games.old_west.ruleset", "referee.games.old_west.scenario")
    assert loaded_after(source, watched) == []


def test_echos_questions_load_its_checks_only_when_one_is_asked():
    declared = "from referee.odds.query import queries_for\nechoes = queries_for('echo')"
    heavy = ("referee.odds.echo", "referee.games.echo.checks", "referee.games.echo.scenario")
    assert loaded_after(declared, heavy) == []
    asked = declared + "\nechoes['check'].ask(skill=3)"
    assert set(heavy) <= set(loaded_after(asked, heavy))


def test_the_tables_default_to_the_counting_functions_sizes():
    old_west, checks = queries_for("old-west"), queries_for("echo")
    assert old_west is not None and checks is not None
    sizes = {p.name: p.default for q in (old_west["fight-table"], old_west["pluck-table"],
                                         checks["check-table"]) for p in q.params}
    assert sizes["max_skill"] == echo.SKILL_ROWS[-1] and sizes["max_penalty"] == echo.PENALTIES[-1]
    assert sizes["max_dice"] == inspect.signature(ow.fight_table).parameters["max_dice"].default
    assert sizes["max_fame"] == inspect.signature(ow.pluck_table).parameters["max_fame"].default
