"""The example logs of docs/examples/ and the README's picture are what their
commands make now. A change that changes one of these games fails here until
the page or picture is made again:

    .venv/bin/python docs/examples/make.py
    .venv/bin/python docs/pictures/make.py
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _script(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


EXAMPLES = _script(ROOT / "docs" / "examples" / "make.py", "docs_examples_make")
PICTURES = _script(ROOT / "docs" / "pictures" / "make.py", "docs_pictures_make")


def test_every_example_log_page_is_found():
    assert {p.name for p in EXAMPLES.PAGES} >= {
        "echo-log.md", "night_watch-log.md", "old_west-log.md", "samurai-log.md"}


@pytest.mark.parametrize("page", EXAMPLES.PAGES, ids=lambda p: p.name)
def test_an_example_page_shows_what_its_command_prints_now(page: Path):
    """One game a language, as the page's command plays it."""
    text = page.read_text(encoding="utf-8")
    made = EXAMPLES.page_now(text)
    assert made.splitlines() == text.splitlines(), (
        f"{page.name} is out of date: run .venv/bin/python docs/examples/make.py")


def test_a_page_shows_the_lines_its_command_names():
    example = EXAMPLES.example_of(
        "```sh\nreferee play x --seed 1 --lang en > game.txt   # then --lang ru\n"
        "head -2 game.txt; echo …; sed -n '4,5p' game.txt; tail -1 game.txt\n```\n")
    assert example.args == ("play", "x", "--seed", "1")
    log = [f"line {n}" for n in range(1, 8)]
    assert example.lines(log) == ["line 1", "line 2", "…", "line 4", "line 5", "line 7"]
    with pytest.raises(EXAMPLES.PageError):
        EXAMPLES.example_of("```sh\nreferee play x > game.txt\nhead -2 game.txt\n```\n")


def test_the_readme_picture_is_made_the_same_every_time_and_is_up_to_date():
    first, second = PICTURES.picture(), PICTURES.picture()
    assert first == second
    assert first[0].endswith(PICTURES.WANTED)
    assert first[1] == PICTURES.PICTURE.read_text(encoding="utf-8"), (
        "the README's picture is out of date: run .venv/bin/python docs/pictures/make.py")
