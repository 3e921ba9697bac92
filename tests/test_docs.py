"""Docs that run: every Python example in the README and docs/ executes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
EXAMPLES = [pytest.param(block, id=f"{page.relative_to(ROOT)}#{n}")
            for page in PAGES
            for n, block in enumerate(re.findall(r"```python\n(.*?)```",
                                                 page.read_text(encoding="utf-8"), re.S))]


@pytest.mark.parametrize("code", EXAMPLES)
def test_example_runs(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(code, "<docs example>", "exec"), {})


def test_the_readme_gives_the_two_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "python3 dev.py run" in readme and "python3 dev.py test" in readme
    assert "python3 dev.py test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
