"""Make the picture the README shows: the Old West example played by bots
(seed 4) with ``referee play --svg``, and the picture of turn 4's Shooting
phase (or, should the rules have changed the game, the middle one) kept as
docs/pictures/old-west-example.svg.

    .venv/bin/python docs/pictures/make.py
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from referee.cli import app

HERE = Path(__file__).resolve().parent


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        app(["play", "old-west", "--seat", "all=bot", "--seed", "4", "--svg", folder,
             "--lang", "en"], standalone_mode=False)
        pictures = sorted(Path(folder).glob("*.svg"))
        chosen = next((p for p in pictures if p.name.endswith("-turn4-shooting.svg")),
                      pictures[len(pictures) // 2])
        shutil.copyfile(chosen, HERE / "old-west-example.svg")
        print(f"{chosen.name} -> {HERE / 'old-west-example.svg'}")


if __name__ == "__main__":
    main()
