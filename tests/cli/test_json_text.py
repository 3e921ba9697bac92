"""Indented JSON written with shared parts once reads exactly as the
standard library writes it."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cli.json_text import dumps_indented, write_indented

scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text()
keys = st.text() | st.integers() | st.floats() | st.booleans() | st.none()
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(keys, inner, max_size=4),
    max_leaves=30)


@settings(deadline=None)  # a shared machine's pauses are no failure
@given(values)
def test_written_as_json_dumps_writes_it(data: Any):
    assert dumps_indented(data) == json.dumps(data, ensure_ascii=False, indent=2)


@settings(deadline=None)
@given(values, st.integers(min_value=1, max_value=4))
def test_a_part_in_many_places_and_depths_is_written_in_each_as_json_dumps_writes_it(
        part: Any, times: int):
    data = {"seats": {f"s{n}": {"state": part, "again": [part]} for n in range(times)},
            "top": part}
    assert dumps_indented(data) == json.dumps(data, ensure_ascii=False, indent=2)


@settings(deadline=None)
@given(values, st.integers(min_value=1, max_value=3), st.integers(min_value=0, max_value=5))
def test_json_written_part_by_part_reads_as_json_dumps_writes_it(
        part: Any, times: int, streamed: int):
    data = {"seats": {f"s{n}": {"state": part, "again": [part]} for n in range(times)},
            "top": part}
    stream = io.StringIO()
    write_indented(data, stream, streamed)
    assert stream.getvalue() == json.dumps(data, ensure_ascii=False, indent=2)


@pytest.mark.parametrize("bad", [{"a": object()}, {(1, 2): 1}])
def test_a_value_json_cannot_write_is_refused_as_json_refuses_it(bad: Any):
    with pytest.raises(TypeError):
        json.dumps(bad, ensure_ascii=False, indent=2)
    with pytest.raises(TypeError):
        dumps_indented(bad)
