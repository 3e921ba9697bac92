"""Each ruleset's codec for the environment, by the ruleset's name (as
``Ruleset.name`` spells it)."""

from __future__ import annotations

from referee.core.ruleset import AnyRuleset
from referee.envs.codec import Codec, View
from referee.envs.echo import EchoCodec
from referee.envs.facility import FacilityCodec
from referee.envs.night_watch import NightWatchCodec
from referee.envs.old_west import OldWestCodec
from referee.envs.samurai import SamuraiCodec

CODECS: dict[str, type[Codec]] = {
    "echo": EchoCodec,
    "facility": FacilityCodec,
    "night_watch": NightWatchCodec,
    "old-west": OldWestCodec,
    "samurai": SamuraiCodec,
}


def codec_for(ruleset: AnyRuleset, first: View) -> Codec:
    """``ruleset``'s codec, built from a seat's first view; a ruleset with
    none of its own gets the neutral one (options keyed by nothing but
    their kind and rank)."""
    return CODECS.get(ruleset.name, Codec)(first)
