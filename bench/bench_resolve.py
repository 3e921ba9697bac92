"""``referee resolve`` as a user runs it: the whole command, in a fresh
process, on a generated Facility building (run on demand, not a test).

    .venv/bin/python bench/bench_resolve.py           # 1,000 and 10,000 characters
    .venv/bin/python bench/bench_resolve.py 2000      # one size
    .venv/bin/python bench/bench_resolve.py --against /tmp/old 10000
        # the text command, in turn with the code of another checkout

One room per 5 characters, the building and the orders of
``bench_facility.py``; the scenario and the orders are files, the command
prints the text of every seat, camera and the game master (to a file); at
the smallest size, if 1,000 characters or fewer, the same with ``--json``
too (it holds every seat's whole view, the building included: its size grows
with characters times rooms).
Each figure is the best of two runs (seconds of CPU, and wall); then 10x the
characters as a multiple of the time (target: at most 12x, and 10,000
characters under 2 s). With ``--against CHECKOUT``, the text command is
run in turn with that checkout's code (its ``src`` first on the path), two
rounds each, so that both meet the same load of a shared host.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from random import Random

import tomli_w
from bench_facility import building, order_tables

REFEREE = str(Path(sys.executable).parent / "referee")
RUNS = 2


def files_for(characters: int, folder: Path) -> tuple[Path, Path]:
    """A scenario of ``characters`` characters and everyone's orders for turn 1."""
    rng = Random(characters)
    data = building(characters, max(4, characters // 5), rng)
    orders = order_tables(data, rng)
    scenario = folder / f"building{characters}.toml"
    scenario.write_text(tomli_w.dumps({"ruleset": "facility", "turn": 1, **data}))
    table = folder / f"orders{characters}.toml"
    table.write_text(tomli_w.dumps({"turn": 1, **orders}))
    return scenario, table


def timed(command: list[str], output: Path, source: Path | None = None) -> tuple[float, float]:
    """CPU and wall seconds of one whole process writing to ``output``
    (running the code in the ``source`` folder where given)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if source is not None:
        env["PYTHONPATH"] = str(source)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    with output.open("w") as sink:
        subprocess.run(command, check=True, stdout=sink, env=env)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall


def bench(characters: int, folder: Path, kinds: tuple[str, ...]) -> dict[str, tuple[float, float]]:
    """The best of :data:`RUNS` runs of the text (and the ``--json``) command."""
    scenario, orders = files_for(characters, folder)
    figures: dict[str, tuple[float, float]] = {}
    for name, extra in (("text", []), ("--json", ["--json"])):
        if name not in kinds:
            continue
        out = folder / f"out{characters}{name}.txt"
        runs = [timed([REFEREE, "resolve", str(scenario), str(orders), *extra], out)
                for _ in range(RUNS)]
        figures[name] = min(runs)
        lines = sum(1 for _ in out.open())
        print(f"  resolve {characters:>6} characters ({name:>6}): {figures[name][0]:6.2f} s CPU"
              f" {figures[name][1]:6.2f} s wall, {lines} lines printed", flush=True)
    return figures


def against(checkout: Path, sizes: list[int]) -> None:
    """The text command on each size, this code and ``checkout``'s in turn."""
    print(f"referee resolve, whole command, in turn with {checkout} (CPU s, wall s):", flush=True)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for size in sizes:
            scenario, orders = files_for(size, folder)
            command = [REFEREE, "resolve", str(scenario), str(orders)]
            found: dict[str, list[tuple[float, float]]] = {"this": [], "other": []}
            for _ in range(RUNS):
                found["other"].append(timed(command, folder / "other.txt", checkout / "src"))
                found["this"].append(timed(command, folder / "this.txt"))
            same = (folder / "other.txt").read_bytes() == (folder / "this.txt").read_bytes()
            for who, runs in found.items():
                print(f"  {size:>6} characters, {who:>5}: "
                      + ", ".join(f"{cpu:.2f} ({wall:.2f})" for cpu, wall in runs), flush=True)
            ratios = [this[0] / other[0] for this, other in zip(found["this"], found["other"],
                                                                 strict=True)]
            print(f"  {size:>6} characters: this / other CPU time "
                  + ", ".join(f"{ratio:.2f}" for ratio in ratios)
                  + ("; the same output" if same else "; THE OUTPUT DIFFERS"), flush=True)


JSON_AT_MOST = 1_000
"""The largest size ``--json`` is run at: each seat's view lists the whole
building, so its output grows with characters times rooms (660 million lines
and two minutes at 10,000 characters)."""


def _json_too(size: int, sizes: list[int]) -> bool:
    """Whether ``--json`` is run at ``size`` too: at the smallest size asked
    for, when it is small enough."""
    return size == min(sizes) and size <= JSON_AT_MOST


def main(sizes: list[int]) -> None:
    print("referee resolve, whole command, fresh process (best of 2):", flush=True)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        found = {size: bench(size, folder,
                             ("text", "--json") if _json_too(size, sizes) else ("text",))
                 for size in sizes}
    if len(sizes) == 2:
        small, large = found[sizes[0]], found[sizes[1]]
        for kind in ("text",):
            print(f"  {sizes[0]:,} -> {sizes[1]:,} characters ({kind}): "
                  f"{large[kind][0] / small[kind][0]:.1f}x the CPU time (target: at most 12x)")


def sizes_from(arguments: list[str]) -> list[int]:
    """The sizes asked for (whole numbers of characters), or the default two."""
    if not all(arg.isdigit() and int(arg) > 0 for arg in arguments):
        sys.exit(f"usage: sizes are whole numbers of characters, not {' '.join(arguments)!r}"
                 f"\n{__doc__}")
    return [int(arg) for arg in arguments] or [1_000, 10_000]


if __name__ == "__main__":
    if sys.argv[1:2] == ["--against"] and len(sys.argv) > 2:
        against(Path(sys.argv[2]), sizes_from(sys.argv[3:]))
    else:
        main(sizes_from(sys.argv[1:]))
