"""The questions Samurai's odds answer (``referee odds samurai ...``): an
attack, Initiative, a shot and a whole fight, and tables of the first two.
The counting is :mod:`referee.odds.samurai` and
:mod:`referee.odds.samurai_fight`."""

from __future__ import annotations

from referee.core.i18n import Msg, msg
from referee.odds import samurai as sam
from referee.odds import samurai_fight as samf
from referee.odds.query import Param, Query, RulesetQueries
from referee.odds.result import Odds

Pair = tuple[int, int]
Words = tuple[str, str]
NO_COVER = "none"
DUELIST = samf.Duelist()
"""A fight's defaults: the odds' own, a scenario fighter's profile."""


def _help(name: str) -> Msg:
    return msg("odds.p.sam.fight." + name.replace("_", "-"))


def _pair(name: str, default: int) -> Param:
    return Param(name, int, _help(name), (default, default), pair=True)


def _words(name: str, default: str, choices: tuple[str, ...]) -> Param:
    return Param(name, str, _help(name), (default, default), pair=True, choices=choices)


def _flag(name: str, help_key: str) -> Param:
    return Param(name, bool, msg(help_key), False)


def fight(attack_tokens: Pair, defence_tokens: Pair, initiative: Pair, melee: Pair,
          weapon_bonus: Pair, armour: Words, penalty: Pair, boost_initiative_a: bool,
          boost_initiative_b: bool, boost_attack: Words, boost_defence: Words) -> Odds:
    """The fight between the two fighters the pairs describe."""
    a, b = (samf.Duelist(attack_tokens[i], defence_tokens[i], initiative[i], melee[i],
                         weapon_bonus[i], sam.ARMOURS[armour[i]], penalty[i], boost,
                         samf.POLICY_NAMES[boost_attack[i]],
                         samf.POLICY_NAMES[boost_defence[i]])
            for i, boost in enumerate((boost_initiative_a, boost_initiative_b)))
    return samf.fight(a, b)


def shot(shooting: int, distance: float, weapon: str, moved: bool, cover: str, armour: str,
         penalty: int) -> Odds:
    """A shot; ``cover`` "none" is none."""
    return sam.shot(shooting, sam.WEAPON_NAMES[weapon], distance, moved,
                    None if cover == NO_COVER else sam.COVERS[cover], sam.ARMOURS[armour],
                    penalty)


QUERIES = RulesetQueries("samurai", msg("odds.q.samurai"), (
    Query("attack", msg("odds.q.samurai.attack"), (
        Param("modifier", int, msg("odds.p.sam.modifier"), 0, low=-20, high=20),
        _flag("boost_attack", "odds.p.sam.boost-attack"),
        _flag("boost_defence", "odds.p.sam.boost-defence"),
    ), sam.attack),
    Query("initiative", msg("odds.q.samurai.initiative"), (
        Param("difference", int, msg("odds.p.sam.difference"), 0, low=-20, high=20),
        _flag("boost_a", "odds.p.sam.boost-a"),
        _flag("boost_b", "odds.p.sam.boost-b"),
    ), sam.initiative),
    Query("attack-table", msg("odds.q.samurai.attack-table"), (), sam.attack_table),
    Query("initiative-table", msg("odds.q.samurai.initiative-table"), (),
          sam.initiative_table),
    Query("fight", msg("odds.q.samurai.fight"), (
        _pair("attack_tokens", DUELIST.attack),
        _pair("defence_tokens", DUELIST.defence),
        _pair("initiative", DUELIST.initiative),
        _pair("melee", DUELIST.melee),
        _pair("weapon_bonus", DUELIST.weapon_bonus),
        _words("armour", DUELIST.armour, tuple(sam.ARMOURS)),
        _pair("penalty", DUELIST.penalty),
        _flag("boost_initiative_a", "odds.p.sam.fight.boost-initiative-a"),
        _flag("boost_initiative_b", "odds.p.sam.fight.boost-initiative-b"),
        _words("boost_attack", DUELIST.boost_attack, tuple(samf.POLICY_NAMES)),
        _words("boost_defence", DUELIST.boost_defence, tuple(samf.POLICY_NAMES)),
    ), fight),
    Query("shot", msg("odds.q.samurai.shot"), (
        Param("shooting", int, msg("odds.p.sam.shooting"), low=0, high=10),
        Param("distance", float, msg("odds.p.sam.distance"), low=0, high=100),
        Param("weapon", str, msg("odds.p.sam.weapon"), "yumi", choices=tuple(sam.WEAPON_NAMES)),
        _flag("moved", "odds.p.sam.moved"),
        Param("cover", str, msg("odds.p.sam.cover"), NO_COVER,
              choices=(NO_COVER, *sam.COVERS)),
        Param("armour", str, msg("odds.p.sam.armour"), "none", choices=tuple(sam.ARMOURS)),
        Param("penalty", int, msg("odds.p.sam.penalty"), 0, low=0, high=6),
    ), shot),
))
