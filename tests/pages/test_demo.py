"""``referee serve --demo``: a game of every ruleset, made once per
database; a second start finds them and prints the same links."""

from __future__ import annotations

from pathlib import Path

from referee.core.ruleset import all_rulesets, find_ruleset
from referee.server.pages.demo import demo_lines, ensure_demo_games
from referee.server.settings import Settings
from tests.server.conftest import ThreadServer


def test_demo_games_are_made_once_and_their_links_open(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'demo.db'}"
    first = ensure_demo_games(url)
    again = ensure_demo_games(url)
    assert [(d.game, d.links()) for d in first] == [(d.game, d.links()) for d in again]
    assert {find_ruleset(d.ruleset).name for d in first} == {r.name for r in all_rulesets()}
    facility = next(d for d in first if d.ruleset == "facility")
    assert len(facility.people) == 2
    printed = "\n".join(demo_lines(first, "http://127.0.0.1:8000", "en"))
    assert printed.count("http://127.0.0.1:8000/join?key=") == sum(
        1 + len(d.people) for d in first)
    with ThreadServer(Settings(database_url=url, background=False)) as api:
        for demo in first:
            for who, link in demo.links().items():
                landed = api.call("GET", link)
                assert landed.status_code == 303
                place = "/desk/" if who == "desk" else f"/play/{demo.game}/{who}"
                assert landed.headers["location"].startswith(place)
                view = api.call("GET", f"/api/games/{demo.game}/view", demo.master)
                assert view.json()["players"][who if who != "desk" else demo.people[0]] \
                    == "person"
