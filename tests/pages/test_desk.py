"""The game master's desk acts on the game: the clock stops and runs, the
deadline moves, the turn closes now, talk reaches the seat it is for."""

from __future__ import annotations

import re

import httpx

from tests.pages.conftest import Served


def test_the_desks_buttons_run_the_game(served: Served) -> None:
    api = served.api
    game = api.create(ruleset="facility", seats={"anna": "person", "boris": "person"},
                      turn_deadline="PT24H")
    master = game["master"]["token"]
    with httpx.Client(base_url=served.base, timeout=30) as browser:
        desk_path = browser.get(game["master"]["link"]).headers["location"]
        desk = browser.get(desk_path).text
        found = re.search(r'name="csrf" value="([^"]+)"', desk)
        assert found is not None
        csrf = {"csrf": found.group(1)}
        assert "Pause" in desk and "Resume" not in desk

        def act(route: str, **fields: str) -> dict[str, object]:
            response = browser.post(f"{desk_path}/{route}", data={**csrf, **fields},
                                    headers={"HX-Request": "true"})
            assert response.status_code == 200, response.text
            return dict(api.view(game, master)["turn"])

        before = api.view(game, master)["turn"]
        assert act("pause")["paused"] is True
        assert "Resume" in browser.get(desk_path).text
        assert act("resume")["paused"] is False
        later = act("extend", by="PT6H")
        assert str(later["deadline"]) > str(before["deadline"])
        refused = browser.post(f"{desk_path}/extend", data={**csrf, "by": "soon"},
                               headers={"HX-Request": "true"})
        assert refused.status_code == 422 and "PT1H" in refused.text
        assert act("rule", rule="PT2H")["deadline_rule"] == "PT2H"
        act("talk", to="anna", text="You hear steps")
        anna = api.view(game, game["seats"]["anna"]["token"])["talk"]
        boris = api.view(game, game["seats"]["boris"]["token"])["talk"]
        assert [line["text"] for line in anna] == ["You hear steps"] and boris == []
        assert act("close")["number"] == before["number"] + 1
        save = browser.get(f"{desk_path}/save")
        assert save.status_code == 200 and save.json()["ruleset"] == "facility"
        replay = browser.get(f"{desk_path}/replay?step=1")
        assert replay.status_code == 200 and "Step 1 of" in replay.text
