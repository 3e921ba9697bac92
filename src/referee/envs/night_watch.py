"""Night Watch for the environment: options keyed by Other, Location,
Item and Spell card ids; the board, each Watch's favour and deck, each
Other's place and wounds, the seat's own hands and the cards on the table
as numbers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from referee.envs.catalogue import Kind, kind
from referee.envs.codec import Codec, one_hot

PLAYS = 24
"""Chips may be laid on the first this many cards of a combat (NW-CMB-8)."""


class NightWatchCodec(Codec):
    def kinds(self, state: Mapping[str, Any]) -> Iterable[Kind]:
        others, places = sorted(state["others"]), sorted(state["locations"])
        items, cards = sorted(state["items"]), sorted(state["cards"])
        chips = sorted({c for o in state["others"].values() for c in o["chips"]} | {-1, 1})
        return (
            kind("stay", ("other", others)),
            kind("move", ("other", others), ("location", places)),
            kind("take", ("other", others), ("item", items)),
            kind("done", ("other", others)),
            kind("play", ("other", others), ("card", cards), ("target", others)),
            kind("use-item", ("other", others), ("item", items), ("target", others)),
            kind("chip", ("other", others), ("chip", chips), ("play", range(1, PLAYS + 1))),
        )

    def features(self, state: Mapping[str, Any], seat: str) -> list[float]:
        places, cards = sorted(state["locations"]), sorted(state["cards"])
        others = state["others"]
        numbers = [state["turn"] / 10, *one_hot(state["egor"], places)]
        for watch in sorted(state["score"]):
            numbers += [state["score"][watch], state["decks"].get(watch, 0) / 10]
        held = dict.fromkeys(cards, 0.0)
        power = {o: [0.0, 0.0] for o in others}
        for play in state["plays"]:
            spell = state["cards"].get(play["card"]) or state["items"].get(play["item"]) or {}
            power[play["target"]][spell.get("kind") == "defence"] += play["power"]
        for oid in sorted(others):
            other = others[oid]
            numbers += [1.0 if other["watch"] == seat else 0.0, float(other["in_play"]),
                        float(other["killed"]), other["wounds"], other["spells"],
                        sum(other["chips"]), len(other["items"]), *power[oid],
                        *one_hot(other["location"], places)]
            for card in other.get("hand") or ():
                held[card] = held.get(card, 0.0) + 1
        numbers += [held[card] for card in cards]
        holders = sorted(others)
        for iid in sorted(state["items"]):
            item = state["items"][iid]
            numbers += one_hot(item["location"], places) + one_hot(item["holder"], holders)
        return numbers
