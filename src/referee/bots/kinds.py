"""Bots by name. Every ruleset has the ``random`` bot; a ruleset's package
offers more (``rules``, a rule-of-thumb bot written from the book's tactics)
through a :class:`RulesetBots` registered as its entry of the ``referee.bots``
entry points, in a module its rules never import (``games/<name>/bot.py``).

A package may offer the ``search`` bot too (:mod:`referee.bots.search`):
Monte Carlo search on positions drawn to fit the seat's view, replayed from
the game's setup, which is then public (every seat may read it whole), or
from a setup the package draws where it holds something hidden (:meth:`RulesetBots.setup`:
where an Echo Gate not yet passed leads).

``referee play --seat NAME=KIND``, ``referee simulate --bots KIND`` and
``referee arena --bots A,B`` find bots here by name, as scripts do::

    bot = make_bot(ruleset, "rules", Random(7))
    searching = make_bot(ruleset, "search", Random(8), setup=scenario)
    play_out(game, {"night": bot, "day": make_bot(ruleset, "random", Random(8))}, dice)

A bot is a :class:`~referee.core.drivers.Player`: it is handed an
:class:`~referee.core.drivers.Ask` (its seat's view and the options put to
it) and nothing else, so it cannot read what its seat may not know.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from random import Random
from typing import Any

from pydantic import BaseModel

from referee.bots.history import History
from referee.bots.policy import leaning
from referee.bots.search import KEEP, SearchBot, seconds_setting
from referee.core import plugins
from referee.core.drivers import Ask, Player, RandomBot
from referee.core.errors import RefereeError
from referee.core.events import Seat
from referee.core.game import Game
from referee.core.i18n import CATALOGUE, msg
from referee.core.ruleset import AnyRuleset
from referee.core.scenario import did_you_mean
from referee.core.waits import JSON

CATALOGUE.load(Path(__file__).with_name("text.toml"))

BOTS_GROUP = "referee.bots"
RANDOM = "random"
RULES = "rules"
SEARCH = "search"
KINDS: tuple[str, ...] = (RANDOM, RULES, SEARCH)
"""Every kind of bot there is, in order of strength; a ruleset offers
``random`` and those its package registers."""


class UnknownBot(RefereeError):
    """A kind of bot the ruleset does not offer."""

    code = "bot/unknown"


class RulesetBots:
    """What a ruleset's package offers beyond the random bot. Neutral: none;
    a package fills in what it has."""

    searches = False
    """The search bot plays this ruleset: its setup is public and every
    question has options, or answers :meth:`shaped` names, so positions
    fitting a seat's view can be drawn by replaying the setup (:mod:`.history`)."""
    draws = 8
    """Positions the search bot draws a question: one where nothing but
    other seats' answers to the question asked is hidden (each drawn
    position is then the same)."""
    horizon: int | None = None
    """Inputs a playout plays before :meth:`score` judges it; None: to the end."""
    width: int | None = None
    """Where set, the search weighs only the rules bot's answer and the
    options it rates next best, this many in all, in paired rounds
    (:meth:`referee.bots.search.SearchBot.paired`); None: every option, by UCB1."""
    playouts: int = 64
    """Playouts a question in paired rounds."""
    keep: float = KEEP
    """How much better, on average, another option must play out than the
    rules bot's own choice to be taken instead, in paired rounds."""

    def rules(self, rng: Random) -> Player | None:
        """A rule-of-thumb bot drawing on ``rng`` where its rules leave a
        choice open; None where the package has none."""
        return None

    def lean(self, game: Game, label: Mapping[str, Any],
             later: Sequence[Mapping[str, Any]]) -> Mapping[Any, float]:
        """Which outcomes of a chance its seat does not see to try first
        when drawing a position (:data:`referee.bots.history.Lean`)."""
        return {}

    def shaped(self, game: Game, seat: Seat, later: Sequence[Mapping[str, Any]]) -> Sequence[JSON]:
        """Answers to try, when drawing a position, for a question answered by
        shape put to ``seat`` in ``game`` (:data:`referee.bots.history.Shaped`),
        read from the ``later`` lines the searching seat read; none: not drawn."""
        return ()

    def setup(self, setup: BaseModel, seat: Seat, lines: Sequence[Mapping[str, Any]],
              rng: Random) -> BaseModel:
        """A setup to replay from, drawn to fit the ``lines`` ``seat`` read
        where the game's ``setup`` holds what the seat may not know
        (:data:`referee.bots.history.Setups`): the game's own where it holds
        nothing hidden."""
        return setup

    def kept(self, drawn: BaseModel, lines: Sequence[Mapping[str, Any]]) -> bool:
        """Whether a setup :meth:`setup` drew still fits the ``lines`` read
        (:data:`referee.bots.history.Kept`); every one, unless the package says."""
        return True

    def searched(self, ask: Ask) -> Sequence[JSON]:
        """The options the search bot weighs (the values of ``ask``'s
        options, those worth a playout): every one, unless the package says."""
        return [option.value for option in ask.options]

    def forms(self, ask: Ask, chosen: JSON) -> Sequence[JSON]:
        """The answers the search bot weighs at a question answered by shape,
        beside ``chosen`` (the rules bot's); none: it answers ``chosen``."""
        return ()

    def worked_out(self, ask: Ask) -> JSON | None:
        """An answer the search bot takes without playouts, worked out
        from ``ask`` alone; None (unless the package says): search."""
        return None

    def score(self, game: Game, seat: Seat) -> float:
        """How well ``seat`` stands in a playout cut short at the horizon,
        from -1 (lost) to 1 (won); 0: not known."""
        return 0.0


BOTS: plugins.Registered[RulesetBots] = plugins.Registered(BOTS_GROUP, RulesetBots)


def ruleset_bots(ruleset: AnyRuleset) -> RulesetBots:
    """What ``ruleset``'s package registers (the neutral offer where nothing)."""
    return BOTS.find(getattr(ruleset, "name", None)) or RulesetBots()


def register_bots(ruleset_name: str, bots: RulesetBots | None) -> None:
    """Offer ``bots`` for the ruleset named ``ruleset_name`` in this process
    (tests, scripts; None forgets it); an installed package registers through
    the ``referee.bots`` entry points instead."""
    BOTS.register(ruleset_name, bots)


def kinds_for(ruleset: AnyRuleset) -> tuple[str, ...]:
    """The kinds of bot ``ruleset`` offers, in :data:`KINDS`' order."""
    offered = ruleset_bots(ruleset)
    found = [RANDOM]
    if offered.rules(Random(0)) is not None:
        found.append(RULES)
        if offered.searches:
            found.append(SEARCH)
    return tuple(found)


def check_kind(ruleset: AnyRuleset, kind: str) -> str:
    """``kind`` if ``ruleset`` offers that bot.

    :raises UnknownBot: naming the kinds it offers, and the closest."""
    offered = kinds_for(ruleset)
    if kind in offered:
        return kind
    raise UnknownBot(msg("bots.unknown", kind=kind, ruleset=ruleset.title,
                         kinds=tuple(f"`{name}`" for name in offered),
                         suggestion=did_you_mean(kind, offered)))


def make_bot(ruleset: AnyRuleset, kind: str, rng: Random,
             setup: BaseModel | None = None) -> Player:
    """A bot of ``kind`` for a seat of ``ruleset``, drawing on ``rng``; the
    search bot replays the game's ``setup`` (its scenario), without which it
    answers as the rules bot.

    :raises UnknownBot: where the ruleset offers no such bot."""
    check_kind(ruleset, kind)
    offered = ruleset_bots(ruleset)
    if kind == SEARCH:
        rules = offered.rules(Random(rng.random()))
        rollout = offered.rules(Random(rng.random()))
        if rules is not None and rollout is not None and setup is not None:
            history = History(ruleset, setup, Random(rng.random()), draws=offered.draws,
                              seconds=seconds_setting(), lean=offered.lean, shaped=offered.shaped,
                              setups=offered.setup, kept=offered.kept)
            return SearchBot(rules, history, rng, rollout, judge=offered)
        return rules or RandomBot(rng, leaning)
    if kind == RULES:
        return offered.rules(rng) or RandomBot(rng, leaning)
    return RandomBot(rng, leaning)
