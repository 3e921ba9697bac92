"""Docs that run: every Python example in the README and docs/ executes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
EXAMPLES = [pytest.param(blocks, id=str(page.relative_to(ROOT)))
            for page in PAGES
            if (blocks := re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"),
                                     re.S))]


@pytest.mark.parametrize("blocks", EXAMPLES)
def test_examples_run(blocks: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """A page's examples run in order, each seeing what the earlier ones defined."""
    namespace: dict[str, object] = {}
    for n, code in enumerate(blocks):
        # as a reader runs them: without this module's __future__ imports
        exec(compile(code, f"<docs example #{n}>", "exec", dont_inherit=True), namespace)


def test_the_readme_gives_the_two_commands():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "python3 dev.py run" in readme and "python3 dev.py test" in readme
    assert "python3 dev.py test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
