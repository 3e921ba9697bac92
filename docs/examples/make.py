"""Make the example logs again: every page docs/examples/*-log.md states the
command that plays its game and the lines it shows; this plays that game as
the command does, once in English and once in Russian, and puts the lines
into the page's two ``text`` blocks (the English first). Rerun it after any
change that changes a game the pages show:

    .venv/bin/python docs/examples/make.py            # rewrite the pages that changed
    .venv/bin/python docs/examples/make.py --check    # only say which are out of date

A page states its command in its ``sh`` block, two lines, for example::

    referee play old-west --seat all=bot --seed 5 --lang en > game.txt   # then --lang ru
    head -45 game.txt; echo …; tail -25 game.txt

The second line may join, with ``;``, ``head -N game.txt``, ``tail -N game.txt``,
``sed -n 'A,Bp' game.txt`` and ``echo …`` (a line of its own between parts).
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
PAGES = sorted(HERE.glob("*-log.md"))
LANGS = ("en", "ru")
_SH = re.compile(r"```sh\n(.*?)```", re.S)
_TEXT = re.compile(r"(```text\n)(.*?)(```)", re.S)
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_SED = re.compile(r"(\d+),(\d+)p")


class PageError(ValueError):
    """A page whose command or blocks this script cannot read."""


@dataclass(frozen=True)
class Example:
    """What a page states: the ``referee`` arguments (without ``--lang``) and
    which lines of the log it shows."""

    args: tuple[str, ...]
    parts: tuple[str, ...]

    def lines(self, log: list[str]) -> list[str]:
        shown: list[str] = []
        for part in self.parts:
            words = shlex.split(part)
            sed = _SED.fullmatch(words[2]) if words[:2] == ["sed", "-n"] and len(words) > 2 \
                else None
            if words == ["echo", "…"]:
                shown.append("…")
            elif len(words) == 3 and words[0] in ("head", "tail") and words[1][:1] == "-" \
                    and words[1][1:].isdigit():
                n = int(words[1][1:])
                shown += log[:n] if words[0] == "head" else log[len(log) - n:]
            elif sed is not None and len(words) == 4:
                shown += log[int(sed[1]) - 1:int(sed[2])]
            else:
                raise PageError(f"cannot read {part!r}: expected head -N, tail -N, "
                                "sed -n 'A,Bp' or echo …")
        return shown


def example_of(page: str) -> Example:
    """The command a page states in its ``sh`` block."""
    found = _SH.search(page)
    if found is None:
        raise PageError("no ```sh block stating the command")
    command, _, rest = found.group(1).partition("\n")
    words = shlex.split(command.partition(">")[0])
    if words[:2] != ["referee", "play"] or words[-2:] != ["--lang", "en"]:
        raise PageError(f"expected `referee play ... --lang en > game.txt`, got {command!r}")
    parts = tuple(p.strip() for p in rest.strip().split(";") if p.strip())
    if not parts:
        raise PageError("no line saying which lines are shown")
    return Example(tuple(words[1:-2]), parts)


def play_log(args: tuple[str, ...], lang: str) -> list[str]:
    """What ``referee ARGS --lang LANG`` prints, line by line (as into a file:
    no colours)."""
    from referee.cli import app

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        app([*args, "--lang", lang], standalone_mode=False)
    return _ANSI.sub("", printed.getvalue()).splitlines()


def page_now(page: str) -> str:
    """The page with its two ``text`` blocks made again from its command."""
    example = example_of(page)
    blocks = _TEXT.findall(page)
    if len(blocks) != len(LANGS):
        raise PageError(f"expected {len(LANGS)} ```text blocks (English, Russian), "
                        f"found {len(blocks)}")
    texts = iter("\n".join(example.lines(play_log(example.args, lang))) + "\n"
                 for lang in LANGS)
    return _TEXT.sub(lambda m: m.group(1) + next(texts) + m.group(3), page)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for path in PAGES:
        page = path.read_text(encoding="utf-8")
        try:
            made = page_now(page)
        except PageError as exc:
            print(f"{path.name}: {exc}", file=sys.stderr)
            return 2
        if made == page:
            print(f"{path.name}: up to date")
            continue
        stale.append(path.name)
        if not check:
            path.write_text(made, encoding="utf-8")
        print(f"{path.name}: {'out of date' if check else 'made again'}")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
