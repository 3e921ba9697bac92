"""A posse whose leader is no model of it is refused with the closest model id
and the ids it could have meant, in English and Russian."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from referee.core.errors import ScenarioError
from referee.core.i18n import render
from referee.core.ruleset import find_ruleset
from referee.core.scenario import read_toml, validate_scenario

RULESET = find_ruleset("old-west")
EXAMPLE = read_toml(RULESET.examples()[0])


def refused(data: dict[str, Any]) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        validate_scenario(RULESET, data, "showdown.toml")
    return caught.value


def test_a_misspelt_leader_gets_the_closest_model_and_the_list_in_both_languages():
    data = copy.deepcopy(EXAMPLE)
    data["posses"][0]["leader"] = "marshall"
    error = refused(data)
    assert [render(p, "en") for p in error.messages] == [
        "posse lawmen: leader “marshall” is not a model of this posse (did you mean "
        "`marshal`?); expected one of marshal, deputy-1, deputy-2, rider"]
    assert [render(p, "ru") for p in error.messages] == [
        "команда lawmen: лидер «marshall» — не фигурка этой команды (может быть, `marshal`?); "
        "ожидается одна из marshal, deputy-1, deputy-2, rider"]


def test_a_leader_like_none_of_them_gets_only_the_list():
    data = copy.deepcopy(EXAMPLE)
    data["posses"][1]["leader"] = "sheriff"
    assert refused(data).problems == [
        "posse outlaws: leader “sheriff” is not a model of this posse; "
        "expected one of boss, gun-1, gun-2, brawler, gun-3"]


def test_a_big_posse_shows_a_dozen_ids_and_counts_the_rest():
    data = copy.deepcopy(EXAMPLE)
    data["table"] = {"width": 48, "depth": 48}
    outlaws = data["posses"][1]
    outlaws["models"] += [{"id": f"kid-{n}", "name": f"Kid {n}", "at": [3.0 * n, 40.0]}
                          for n in range(1, 11)]
    outlaws["leader"] = "kid-100"
    error = refused(data)
    first = "boss, gun-1, gun-2, brawler, gun-3, kid-1, kid-2, kid-3, kid-4, kid-5, kid-6, kid-7"
    assert [render(p, "en") for p in error.messages] == [
        "posse outlaws: leader “kid-100” is not a model of this posse (did you mean `kid-10`?); "
        f"expected one of {first}, and 3 more"]
    assert [render(p, "ru") for p in error.messages] == [
        "команда outlaws: лидер «kid-100» — не фигурка этой команды (может быть, `kid-10`?); "
        f"ожидается одна из {first}, и ещё 3"]
