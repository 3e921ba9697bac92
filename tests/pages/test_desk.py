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


def test_the_replay_steps_through_closed_turns_only(served: Served) -> None:
    api = served.api
    game = api.create(ruleset="facility", seats={"anna": "person", "boris": "person"})
    anna = game["seats"]["anna"]["token"]
    assert api.answer(game, anna, {"move": {"to": 3}}).status_code == 200
    anna_said = "Anna answered: {&#34;move&#34;: {&#34;to&#34;: 3}}"
    with httpx.Client(base_url=served.base, timeout=30) as browser:
        desk_path = browser.get(game["master"]["link"]).headers["location"]

        def every_step() -> list[str]:
            last = browser.get(f"{desk_path}/replay?step=999")
            assert last.status_code == 200
            shown = re.search(r"Step (\d+) of (\d+)", last.text)
            assert shown is not None and shown.group(1) == shown.group(2)
            return [browser.get(f"{desk_path}/replay?step={n}").text
                    for n in range(int(shown.group(2)) + 1)]

        before = every_step()
        assert not any(anna_said in text for text in before)  # the turn is open
        assert api.call("POST", f"/api/games/{game['id']}/close",
                        game["master"]["token"]).status_code == 200
        after = every_step()
        assert len(after) > len(before)
        assert sum(anna_said in text for text in after) == 1
