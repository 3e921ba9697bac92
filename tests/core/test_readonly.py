"""The parts views share are read-only, read as plain JSON, and are worded
for each reader all the same."""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Callable
from typing import Any

import pytest

from referee.core.events import Event
from referee.core.i18n import Name, msg, personal, reader_json
from referee.core.readonly import ReadOnlyDict, ReadOnlyList, frozen_facts, frozen_list, read_only
from referee.core.waits import Decision, Option

REFUSALS: list[Callable[[Any], object]] = [
    lambda d: d.__setitem__("x", 1), lambda d: d.__delitem__("a"), lambda d: d.clear(),
    lambda d: d.pop("a"), lambda d: d.popitem(), lambda d: d.setdefault("x", 1),
    lambda d: d.update(x=1), lambda d: d.__ior__({"x": 1}),
    lambda d: d["a"].append(1), lambda d: d["a"].extend([1]), lambda d: d["a"].insert(0, 1),
    lambda d: d["a"].pop(), lambda d: d["a"].remove(1), lambda d: d["a"].sort(),
    lambda d: d["a"].reverse(), lambda d: d["a"].clear(), lambda d: d["a"].__setitem__(0, 9),
    lambda d: d["a"].__delitem__(0), lambda d: d["a"].__iadd__([1]),
    lambda d: d["a"].__imul__(2), lambda d: d["a"][1].__setitem__("b", 9),
    lambda d: d.__init__(b=2), lambda d: d["a"].__init__([]),
]


@pytest.mark.parametrize("change", REFUSALS)
def test_every_way_of_changing_a_read_only_part_is_refused_and_changes_nothing(change):
    shared = read_only({"a": [1, {"b": 2}]})
    with pytest.raises(TypeError, match=r"copy\.deepcopy\(view\)"):
        change(shared)
    assert shared == {"a": [1, {"b": 2}]}


def test_a_read_only_part_reads_writes_and_compares_as_plain_json():
    plain = {"a": [1, {"b": "два"}], "c": (3, 4)}
    shared = read_only(plain)
    assert isinstance(shared, ReadOnlyDict) and isinstance(shared["a"], ReadOnlyList)
    assert shared == {"a": [1, {"b": "два"}], "c": [3, 4]}
    assert json.dumps(shared, ensure_ascii=False) == '{"a": [1, {"b": "два"}], "c": [3, 4]}'
    assert read_only(shared) is shared


def test_copies_of_a_read_only_part_are_plain_and_may_be_changed():
    shared = read_only({"a": [1, {"b": 2}]})
    for copied in (copy.deepcopy(shared), pickle.loads(pickle.dumps(shared))):
        assert type(copied) is dict and type(copied["a"]) is list
        assert type(copied["a"][1]) is dict
        copied["a"][1]["b"] = 9
    shallow = copy.copy(shared)
    shallow["x"] = 1
    assert shared == {"a": [1, {"b": 2}]}


def test_a_name_is_shared_read_only_and_stays_equal_to_its_plain_json():
    larisa = Name("Larisa", "Лариса", "fem", (("acc", "Ларису"),))
    assert larisa.shared_json() is larisa.shared_json()
    assert larisa.shared_json() == larisa.to_json()
    assert type(larisa.to_json()) is dict, "to_json stays a plain copy"
    assert larisa == Name("Larisa", "Лариса", "fem", (("acc", "Ларису"),))
    assert hash(larisa) == hash(Name("Larisa", "Лариса", "fem", (("acc", "Ларису"),)))


def test_a_phrase_shown_in_many_lines_is_shared_from_its_third_showing():
    metro = msg("core.to.in", place=Name("the Metro", "Метро"))
    lines = [reader_json(msg("nw.moves", who=Name("Anton"), to=metro), "day")
             for _ in range(4)]
    assert all(line == lines[0] for line in lines)
    inner = [line["params"]["to"] for line in lines]  # type: ignore[index]
    assert not any(part is inner[3] for part in inner[:2]), "its first showings are its lines' own"
    assert inner[2] is inner[3] and isinstance(inner[3], ReadOnlyDict)


def test_a_phrase_worded_for_its_reader_is_never_shared_between_readers():
    you = personal(("day",), msg("t.you"), msg("t.they", who=Name("Anton")))
    for _ in range(4):
        day = reader_json(msg("t.line", what=you), "day")
        night = reader_json(msg("t.line", what=you), "night")
        assert day["params"]["what"]["key"] == "t.you"  # type: ignore[index]
        assert night["params"]["what"]["key"] == "t.they"  # type: ignore[index]
    line = Event(msg("t.line", what=you)).for_reader("night")
    assert line["public"] is True


def test_options_shown_again_share_their_labels_and_the_view_stays_the_same():
    stay = Option("stay", msg("nw.option.stay", at=msg("core.at.in",
                                                       place=Name("the Metro", "Метро"))))
    asked = [Decision.single("day", msg("nw.ask.move"), [stay]) for _ in range(3)]
    views = [decision.view_json("day") for decision in asked]
    assert all(view == views[0] for view in views)
    labels = [view["options"][0]["label"] for view in views]
    assert labels[1] is labels[2] and isinstance(labels[2], ReadOnlyDict)
    views[0]["answered"].append("scribbled")
    assert asked[2].view_json("day")["answered"] == []


def test_an_options_value_in_a_view_is_a_copy_however_often_it_was_shown():
    stay = Option({"do": "stay", "steps": [1]}, msg("t.stay"))
    decision = Decision.single("day", msg("t.ask"), [stay])
    for _ in range(3):
        view = copy.copy(decision.view_json("day"))
        shown_value = view["options"][0]["value"]
        if not isinstance(shown_value, ReadOnlyDict):
            shown_value["do"] = "scribbled"
            shown_value["steps"].append(9)
        assert stay.value == {"do": "stay", "steps": [1]}
    assert decision.view_json("day")["options"][0]["value"] == {"do": "stay", "steps": [1]}


@pytest.mark.parametrize("showings", [0, 1, 2, 3])
def test_a_question_copied_through_pickle_shows_as_before_and_stays_read_only(showings):
    stay = Option("stay", msg("t.stay"))
    decision = Decision.single("day", msg("t.ask", who=Name("Anton")), [stay])
    before = [decision.view_json("day") for _ in range(showings)]
    copied = pickle.loads(pickle.dumps(decision))
    views = [copied.view_json("day") for _ in range(3)]
    expected = {"decision": {"key": "t.ask", "params": {"who": {"en": "Anton", "ru": "Anton"}}},
                "seats": ["day"], "answered": [],
                "options": [{"value": "stay", "label": {"key": "t.stay", "params": {}}}]}
    assert all(view == expected for view in [*before, *views])
    with pytest.raises(TypeError, match="cannot be changed"):
        views[-1]["decision"]["key"] = "scribbled"


def test_facts_made_read_only_the_quick_way_refuse_change_and_share_nothing() -> None:
    source = ["anna", "boris"]
    named = frozen_list(iter(source))
    facts = {"kind": "met", "who": named, "turn": 3}
    made = frozen_facts(facts)
    source.append("vera")
    facts["turn"] = 4
    assert made == {"kind": "met", "who": ["anna", "boris"], "turn": 3}
    with pytest.raises(TypeError, match="cannot be changed"):
        made["turn"] = 5
    with pytest.raises(TypeError, match="cannot be changed"):
        named.append("vera")
