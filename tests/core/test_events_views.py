"""Every event has an audience; a seat's view is the log filtered for it."""

from __future__ import annotations

import json

from referee.core.events import EVERYONE, REFEREE, Audience, Event, Log
from referee.core.game import Game
from referee.core.i18n import msg
from tests.core.toy import Toy, ToyScenario


def test_a_public_event_is_seen_by_everyone() -> None:
    assert EVERYONE.is_public
    for observer in ("north", "camera:3", REFEREE):
        assert EVERYONE.admits(observer)
    assert EVERYONE.to_json() == "everyone"


def test_a_restricted_event_is_seen_by_its_observers_and_the_referee_only() -> None:
    audience = Audience.only("north", "camera:3")
    assert not audience.is_public
    assert audience.admits("north") and audience.admits("camera:3") and audience.admits(REFEREE)
    assert not audience.admits("south")
    assert audience.to_json() == ["camera:3", "north"]
    assert Audience.of(["b", "a", "b"]) == Audience.only("a", "b")


def test_an_event_nobody_may_know_is_still_the_referees() -> None:
    nobody = Audience.only()
    assert nobody.admits(REFEREE)
    assert not nobody.admits("north")


def test_the_log_filters_keep_the_order_of_events() -> None:
    log = Log()
    log.emit(msg("e.one"))
    log.emit(msg("e.two"), Audience.only("north"))
    log.emit(msg("e.three"), Audience.only("south"), clause="T-1")
    log.emit(msg("e.four"))
    assert len(log) == 4
    assert [e.kind for e in log.seen_by("north")] == ["e.one", "e.two", "e.four"]
    assert [e.kind for e in log.seen_by("south")] == ["e.one", "e.three", "e.four"]
    assert [e.kind for e in log.seen_by("east")] == ["e.one", "e.four"]
    assert [e.kind for e in log.seen_by(REFEREE)] == ["e.one", "e.two", "e.three", "e.four"]


def test_an_event_as_json_carries_its_text_audience_and_clause() -> None:
    event = Event(msg("e.hit", who="north", wounds=2), Audience.only("north"), clause="T-1")
    assert event.to_json() == {"key": "e.hit", "params": {"who": "north", "wounds": 2},
                               "audience": ["north"], "clause": "T-1"}
    assert "clause" not in Event(msg("e.quiet")).to_json()


def dealt(cards: tuple[str, ...]) -> Game:
    game = Game(Toy(), ToyScenario(deck=["A", "B", "C", "D"]))
    game.feed(*cards)
    return game


def test_a_seat_sees_its_own_draws_and_only_that_the_other_drew() -> None:
    game = dealt(("A", "B", "C", "D"))  # north A, C; south B, D
    north = [e for e in game.view("north")["log"] if e["key"] == "toy.drew"]
    assert [e["params"]["card"] for e in north] == ["A", "C"]
    public = [e for e in game.view("south")["log"] if e["key"] == "toy.drew-a-card"]
    assert [e["params"]["seat"] for e in public] == ["north", "south", "north", "south"]
    assert len(game.log_for(REFEREE)) == len(game.state.log) == 8
    assert len(game.log_for("east")) == 4


def test_no_view_holds_a_card_its_seat_may_not_know() -> None:
    game = dealt(("A", "B", "C", "D"))
    secret = {"north": ("A", "C"), "south": ("B", "D")}
    for seat, other in (("north", "south"), ("south", "north")):
        text = json.dumps(game.view(seat))
        for card in secret[other]:
            assert f'"{card}"' not in text
        for card in secret[seat]:
            assert f'"{card}"' in text
    spectator = json.dumps(game.view("east"))
    assert not any(f'"{card}"' in spectator for card in "ABCD")


def test_the_referee_sees_everything() -> None:
    game = dealt(("A", "B", "C", "D"))
    text = json.dumps(game.view(REFEREE))
    assert all(f'"{card}"' in text for card in "ABCD")


def test_text_log_renders_what_the_seat_may_know() -> None:
    game = dealt(("A", "B"))
    assert len(game.text_log("north")) == 3
    assert len(game.text_log()) == 4
