"""Settings of the whole process are made by the program that owns it and
undone afterwards; the rules never make them."""

from __future__ import annotations

import ast
import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

import referee
from referee.runtime import YOUNG_THRESHOLD, frozen_heap, serving_heap


@pytest.fixture
def nothing_frozen() -> Iterator[None]:
    gc.unfreeze()
    yield
    gc.unfreeze()


@pytest.mark.usefixtures("nothing_frozen")
def test_what_was_alive_is_set_aside_while_the_block_runs_and_given_back_after() -> None:
    alive = [object() for _ in range(10)]
    with frozen_heap():
        assert gc.get_freeze_count() >= len(alive)
    assert gc.get_freeze_count() == 0


@pytest.mark.usefixtures("nothing_frozen")
def test_young_objects_are_scanned_less_often_while_the_block_runs_and_as_before_after() -> None:
    before = gc.get_threshold()
    with frozen_heap():
        assert gc.get_threshold()[0] >= YOUNG_THRESHOLD > before[0]
        assert gc.get_threshold()[1:] == before[1:]
    assert gc.get_threshold() == before


@pytest.mark.usefixtures("nothing_frozen")
def test_a_server_worker_scans_young_objects_less_often_and_sets_nothing_aside(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.server.app import app_from_environment
    from referee.server.settings import DB_ENV

    before = gc.get_threshold()
    monkeypatch.setenv(DB_ENV, f"sqlite:///{tmp_path / 'games.db'}")
    try:
        app_from_environment()
        assert gc.get_threshold()[0] >= YOUNG_THRESHOLD > before[0]
        assert gc.get_threshold()[1:] == before[1:]
        assert gc.get_freeze_count() == 0
    finally:
        gc.set_threshold(*before)


def test_serving_never_lowers_a_threshold_set_higher() -> None:
    before = gc.get_threshold()
    try:
        gc.set_threshold(YOUNG_THRESHOLD * 3, *before[1:])
        serving_heap()
        assert gc.get_threshold()[0] == YOUNG_THRESHOLD * 3
    finally:
        gc.set_threshold(*before)


@pytest.mark.usefixtures("nothing_frozen")
def test_a_game_played_in_the_block_is_freed_without_a_scan() -> None:
    from referee.bots import random_playouts
    from referee.core.scenario import load_scenario

    ruleset, scenario = load_scenario("night-watch")
    scans: list[int] = []

    def counted(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            scans.append(info["generation"])

    for _ in random_playouts(ruleset, scenario, range(1000, 1020)):
        pass  # the first games load the text and fill the scenario's shared setup
    with frozen_heap():
        gc.collect()
        gc.callbacks.append(counted)
        try:
            for _ in random_playouts(ruleset, scenario, range(20)):
                pass
        finally:
            gc.callbacks.remove(counted)
    assert scans == []


@pytest.mark.usefixtures("nothing_frozen")
def test_it_is_given_back_when_the_block_fails() -> None:
    before = gc.get_threshold()
    with pytest.raises(KeyboardInterrupt), frozen_heap():
        raise KeyboardInterrupt
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == before


@pytest.mark.usefixtures("nothing_frozen")
def test_what_another_part_of_the_program_froze_is_left_to_it() -> None:
    gc.freeze()
    before = gc.get_freeze_count()
    with frozen_heap():
        with frozen_heap():
            pass
        assert gc.get_freeze_count() == before
    assert gc.get_freeze_count() == before


def test_neither_the_core_nor_the_rules_freeze_the_heap() -> None:
    package = Path(referee.__file__).parent
    for path in sorted([*package.glob("core/*.py"), *package.glob("games/**/*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                assert not (node.module or "").startswith("referee.runtime"), path
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("referee.runtime") for a in node.names), path
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                assert (node.value.id, node.attr) != ("gc", "freeze"), path


def test_what_a_command_leaves_to_the_end_is_kept_until_the_next_command_leaves_its_own() -> None:
    import weakref

    from referee.runtime import kept_to_the_end

    class Made:
        pass

    first, second = Made(), Made()
    first_ref = weakref.ref(first)
    kept_to_the_end(first)
    del first
    assert first_ref() is not None
    kept_to_the_end(second)
    assert first_ref() is None
    kept_to_the_end()


def test_what_is_kept_to_the_end_is_freed_by_no_count_of_references_but_by_a_collection() -> None:
    """As Python ends it clears every module's globals: the holder of what a
    command keeps is in a reference cycle, so that clearing them frees none
    of it; only a collection would, and none looks at what is set aside."""
    import weakref

    from referee.runtime import _Kept

    holder = _Kept()
    held = weakref.ref(holder)
    del holder
    assert held() is not None
    gc.collect()
    assert held() is None
