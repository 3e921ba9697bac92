"""Make the picture the README shows: the Old West example played by bots
(seed 4) with ``referee play --svg``, and the picture of turn 4's Shooting
phase (or, should the rules have changed the game, the middle one) kept as
docs/pictures/old-west-example.svg.

    .venv/bin/python docs/pictures/make.py            # write the picture if it changed
    .venv/bin/python docs/pictures/make.py --check    # only say whether it is out of date

The picture is the same on every run: the dice and the bots follow the fixed
seed, the language is fixed, the pictures are taken in the order of their
names, and nothing drawn depends on the time or on the order of a set (a test
makes it twice and compares both with this file). It changes only when the
game of seed 4 or the way a table is drawn changes.
"""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PICTURE = HERE / "old-west-example.svg"
SEED = 4
WANTED = "-turn4-shooting.svg"


def picture() -> tuple[str, str]:
    """The chosen picture's file name and its SVG, as the game of ``SEED`` draws it."""
    from referee.cli import app

    with tempfile.TemporaryDirectory() as folder, contextlib.redirect_stdout(io.StringIO()):
        app(["play", "old-west", "--seat", "all=bot", "--seed", str(SEED), "--svg", folder,
             "--lang", "en"], standalone_mode=False)
        pictures = sorted(Path(folder).glob("*.svg"))
        chosen = next((p for p in pictures if p.name.endswith(WANTED)),
                      pictures[len(pictures) // 2])
        return chosen.name, chosen.read_text(encoding="utf-8")


def main(argv: list[str]) -> int:
    name, svg = picture()
    if PICTURE.exists() and PICTURE.read_text(encoding="utf-8") == svg:
        print(f"{PICTURE.name}: up to date ({name})")
        return 0
    if "--check" in argv:
        print(f"{PICTURE.name}: out of date ({name})")
        return 1
    PICTURE.write_text(svg, encoding="utf-8")
    print(f"{name} -> {PICTURE}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
