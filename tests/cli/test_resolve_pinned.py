"""`referee resolve` prints, reports and saves exactly what it did before it
was made faster: every case's output, report files and game file are
compared byte for byte with those kept in ``resolve_pinned/expected``,
written by the command as it was before (run this file as a script to
write them again, only on purpose: a change of wording is a change of
these files).

The cases: the example's three turns chained through game files, in
English, in Russian, as JSON and with reports; and a generated building
of 60 characters and 25 rooms (two cameras, characters reading Russian by
the scenario), every action of the orders mixed."""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app

HERE = Path(__file__).parent / "resolve_pinned"
EXPECTED = HERE / "expected"
EXAMPLE = Path(__file__).parents[2] / "src/referee/games/facility/scenarios"
WING, WING_ORDERS = EXAMPLE / "research_wing.toml", EXAMPLE / "research_wing_orders"
BUILDING, BUILDING_ORDERS = HERE / "building60.toml", HERE / "building60_orders.toml"

CASES: dict[str, list[str | Path]] = {
    "wing1-text": [WING, WING_ORDERS / "turn1.toml", "--out", "{tmp}/turn2.json"],
    "wing2-text-ru": ["{tmp}/turn2.json", WING_ORDERS / "turn2.toml", "--lang", "ru",
                      "--out", "{tmp}/turn3.json"],
    "wing3-json": ["{tmp}/turn3.json", WING_ORDERS / "turn3.toml", "--json",
                   "--reports", "{tmp}/wing3", "--seat-lang", "boris=ru"],
    "wing1-json-ru": [WING, WING_ORDERS / "turn1.toml", "--json", "--lang", "ru"],
    "building-text": [BUILDING, BUILDING_ORDERS, "--reports", "{tmp}/building",
                      "--seat-lang", "c2=ru", "--out", "{tmp}/building.json", "--seed", "5"],
    "building-text-ru": [BUILDING, BUILDING_ORDERS, "--lang", "ru", "--seed", "5"],
    "building-json": [BUILDING, BUILDING_ORDERS, "--json", "--seed", "5"],
}
"""Each case's arguments, run in this order (the example's turns follow
each other through their game files); ``{tmp}`` is a folder of the run."""


COMPRESSED = {"building-json"}
"""Cases kept gzipped: every character's view holds the whole building."""


def run_cases(tmp: Path) -> dict[str, bytes]:
    """Every case run in order: what it printed, then every file it wrote
    (reports, game files) under a line naming it; the folder written as
    ``{tmp}``."""
    runner = CliRunner()
    found: dict[str, bytes] = {}
    for name, args in CASES.items():
        before = {path for path in tmp.rglob("*") if path.is_file()}
        given = [str(arg).replace("{tmp}", str(tmp)) for arg in args]
        result = runner.invoke(app, ["resolve", *given])
        assert result.exit_code == 0, (name, result.output)
        parts = [result.stdout_bytes]
        for path in sorted({path for path in tmp.rglob("*") if path.is_file()} - before):
            parts += [f"==> {path.relative_to(tmp).as_posix()} <==\n".encode(), path.read_bytes()]
        found[name] = b"".join(parts).replace(str(tmp).encode(), b"{tmp}")
    return found


def kept(name: str) -> Path:
    return EXPECTED / (f"{name}.txt.gz" if name in COMPRESSED else f"{name}.txt")


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    return run_cases(tmp_path_factory.mktemp("resolve"))


@pytest.mark.parametrize("name", list(CASES))
def test_written_byte_for_byte_as_before(outputs: dict[str, bytes], name: str):
    data = kept(name).read_bytes()
    expected = gzip.decompress(data) if name in COMPRESSED else data
    got = outputs[name]
    if got != expected:  # show the first line that differs, not megabytes
        for number, (old, new) in enumerate(zip(expected.splitlines(), got.splitlines(),
                                                strict=False), 1):
            assert new == old, f"{name}, line {number}"
    assert got == expected, name


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        written = run_cases(Path(folder))
    EXPECTED.mkdir(exist_ok=True)
    for name, data in written.items():
        kept(name).write_bytes(gzip.compress(data, mtime=0) if name in COMPRESSED else data)
    print(f"{len(written)} files written to {EXPECTED}", file=sys.stderr)
