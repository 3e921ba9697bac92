"""What the server checks and renders on a request's way in and out: the
ruleset and scenario of a new game (every problem with its field), who
plays each seat, a deadline rule, a refused answer, the void parts of an
accepted one in the seat's language."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel

from referee.bots.kinds import kinds_for
from referee.core.errors import IllegalAnswer, RefereeError, ScenarioError, UnknownRuleset
from referee.core.events import Seat
from referee.core.game import Game
from referee.core.i18n import Lang, Msg, Name, for_reader, msg, render
from referee.core.ruleset import AnyRuleset, find_ruleset
from referee.core.scenario import did_you_mean, validate_scenario
from referee.core.waits import JSON, Decision
from referee.server import errors
from referee.server.bodies import SCENARIO_IN_BODY, past_limit, scenario_past_limit
from referee.server.deadlines import BadDeadline, DeadlineRule
from referee.server.errors import ApiError


def voids(game: Game, seat: Seat, wait: Decision, log_before: int,
          lang: Lang) -> list[dict[str, JSON]]:
    """The parts of ``seat``'s answer the rules will not carry out, each with
    its reason in ``lang``: while the decision stays open, as the seat's
    view lists them; once it is resolved, the void lines of its log."""
    if game.waiting is wait:
        return [{"part": void.part, "reason": render(void.reason, lang)}
                for void in game.pending_voids(seat)]
    found: list[dict[str, JSON]] = []
    for event in game.log_for(seat)[log_before:]:
        facts = event.facts_for(seat)
        if facts is not None and facts.get("kind") == "void":
            found.append({"part": facts.get("part"),
                          "reason": render(for_reader(event.text, seat), lang)})
    return found


def text_from_json(data: Any) -> Any:
    """A message, name or list as a view holds it (JSON), back as the
    catalogue's values, to render in a reader's language."""
    if isinstance(data, Mapping):
        if "key" in data and "params" in data:
            return Msg(str(data["key"]), {k: text_from_json(v) for k, v in
                                          dict(data["params"]).items()})
        if "en" in data:
            cases = data.get("cases")
            return Name(str(data["en"]), data.get("ru"), data.get("gender"),
                        tuple(dict(cases).items()) if isinstance(cases, Mapping) else ())
        return str(dict(data))
    if isinstance(data, list):
        return tuple(text_from_json(item) for item in data)
    return data


def ruleset_named(name: str) -> AnyRuleset:
    try:
        return find_ruleset(name)
    except UnknownRuleset as exc:
        raise ApiError(422, "ruleset/unknown", exc.message) from None


def scenario_from(ruleset: AnyRuleset, source: str | Mapping[str, Any] | None) -> BaseModel:
    """The scenario asked for: the ruleset's example, TOML text, or a table.
    :raises ApiError: with every problem and its field."""
    if source is None:
        examples = ruleset.examples()
        data: Mapping[str, Any] = tomllib.loads(examples[0].read_text(encoding="utf-8"))
    elif isinstance(source, str):
        try:
            data = tomllib.loads(source)
        except tomllib.TOMLDecodeError as exc:
            problem = msg("core.scenario.not-toml", cause=str(exc))
            raise ApiError(422, "scenario/invalid", msg("server.error.scenario", count=1),
                           [{"field": None, "message": problem}]) from None
        except RecursionError:
            raise past_limit(msg("core.limits.depth", where="scenario",
                                 limit=SCENARIO_IN_BODY.depth)) from None
    else:
        data = source
    beyond = scenario_past_limit(data) if source is not None else None
    if beyond is not None:
        raise beyond
    named = data.get("ruleset")
    if isinstance(named, str):
        try:
            found = find_ruleset(named)
        except UnknownRuleset:
            found = None
        if found is not ruleset:
            raise ApiError(422, "scenario/ruleset", msg("server.error.scenario-ruleset",
                                                        found=named, asked=ruleset.name))
    try:
        return validate_scenario(ruleset, data, "scenario", within_limits=True)
    except ScenarioError as exc:
        problems: list[dict[str, Any]] = [
            {"field": m.params.get("field") if isinstance(m.params.get("field"), str)
             else None, "message": m} for m in exc.messages]
        raise ApiError(422, "scenario/invalid", msg("server.error.scenario",
                                                    count=len(problems)), problems) from None


def player_kinds(ruleset: AnyRuleset) -> tuple[str, ...]:
    """Who may play a seat of ``ruleset``: a person, or a bot it offers by name."""
    return ("person", *kinds_for(ruleset))


def players_of(game: Game, seats: Mapping[str, str], default: str) -> dict[Seat, str]:
    """Who plays each seat; a seat not named gets ``default``.
    :raises ApiError: a seat the game does not have, or a player the ruleset
    does not offer (naming the seat and every player it offers)."""
    kinds = player_kinds(game.ruleset)
    for seat, kind in seats.items():
        if seat not in game.seats:
            raise ApiError(422, "seat/unknown", msg(
                "server.error.unknown-seat", seat=seat,
                suggestion=did_you_mean(seat, game.seats), seats=tuple(game.seats)))
        if kind not in kinds:
            raise ApiError(422, "seat/player", msg(
                "server.error.player-kind", seat=seat, kind=kind, ruleset=game.ruleset.title,
                suggestion=did_you_mean(kind, kinds), kinds=tuple(f"`{k}`" for k in kinds)))
    return {seat: seats.get(seat, default) for seat in game.seats}


def deadline_rule(text: str | None) -> str | None:
    if text is None:
        return None
    try:
        DeadlineRule.parse(text)
    except BadDeadline:
        raise errors.bad_deadline(text) from None
    return text.strip()


def refused(exc: RefereeError) -> ApiError:
    """An answer the rules refuse, as the API reports it."""
    code = "answer/illegal" if isinstance(exc, IllegalAnswer) else exc.code
    return ApiError(422, code, exc.message)
