"""Start-up: whole processes, as a user waits for them (run on demand, not a test).

    .venv/bin/python bench/bench_startup.py

``referee --help``, ``referee rulesets`` and an odds query, each in a fresh
interpreter, beside a minimal typer application with two commands (what any
command line built on typer pays before it does anything), in turns, three
times each after one run not counted: the median CPU and wall seconds, and
each command's CPU as a multiple of the minimal application's. On a shared,
busy machine the multiple is the figure to compare; the targets (issue 28)
are 0.25 s, 0.5 s and 0.3 s on a machine where the minimal application
takes 0.15 s, that is about 1.7x, 3.3x and 2x.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

BIN = Path(sys.executable).parent
MINIMAL = """
import typer
app = typer.Typer(rich_markup_mode="markdown", add_completion=False)
@app.command()
def hello(name: str) -> None:
    '''Say hello.'''
@app.command()
def bye() -> None:
    '''Say bye.'''
app()
"""
COMMANDS: dict[str, list[str]] = {
    "minimal typer app --help": [sys.executable, "-c", MINIMAL, "--help"],
    "referee --help": [str(BIN / "referee"), "--help"],
    "referee rulesets": [str(BIN / "referee"), "rulesets"],
    "referee odds old-west wound -s 3 -t 4": [
        str(BIN / "referee"), "odds", "old-west", "wound", "-s", "3", "-t", "4"],
}
RUNS = 3
TARGET = {"referee --help": 0.25, "referee rulesets": 0.5,
          "referee odds old-west wound -s 3 -t 4": 0.3}
"""Seconds on the machine of issue 28, where the minimal application took 0.15 s."""
MINIMAL_THERE = 0.15


def _environment() -> dict[str, str]:
    """As a user runs it: compiled modules written and read."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def run_once(command: list[str]) -> tuple[float, float]:
    """CPU and wall seconds of one whole process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=_environment())
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall)


def main() -> None:
    for command in COMMANDS.values():
        run_once(command)  # compiled modules written, files in the page cache
    cpu: dict[str, list[float]] = {name: [] for name in COMMANDS}
    wall: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(RUNS):
        for name, command in COMMANDS.items():
            used, took = run_once(command)
            cpu[name].append(used)
            wall[name].append(took)
    base = statistics.median(cpu["minimal typer app --help"])
    print(f"start-up, fresh processes, median of {RUNS} (CPU s, wall s, CPU as a multiple "
          f"of the minimal typer app's; load average {os.getloadavg()[0]:.1f}):")
    for name in COMMANDS:
        used, took = statistics.median(cpu[name]), statistics.median(wall[name])
        line = f"  {name:<40} {used:6.3f} s CPU {took:6.3f} s wall {used / base:5.2f}x"
        if name in TARGET:
            line += (f"  (target {TARGET[name]} s where the minimal app takes "
                     f"{MINIMAL_THERE} s: {TARGET[name] / MINIMAL_THERE:.1f}x)")
        print(line, flush=True)


if __name__ == "__main__":
    main()
