#!/usr/bin/env python3
"""Set-up and everyday commands; needs only Python 3.11+ and pip.

    python3 dev.py run     # referee serve on 127.0.0.1:8000 with demo games; prints their links
    python3 dev.py test    # ruff, mypy and pytest
    python3 dev.py bench   # the benchmarks under bench/

The first call creates .venv/ and installs Referee into it (editable, with the
test tools); later calls reuse it and reinstall only when pyproject.toml changes.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = Path(os.environ.get("REFEREE_VENV", ROOT / ".venv"))
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
STAMP = VENV / ".referee-installed"


def _pyproject_digest() -> str:
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


def ensure_venv() -> None:
    """Create the virtual environment and install the project when needed."""
    digest = _pyproject_digest()
    if STAMP.exists() and STAMP.read_text() == digest:
        return
    if not (BIN / "python").exists():
        print(f"creating {VENV} ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    pip = [str(BIN / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    print("installing referee and its test tools ...", flush=True)
    subprocess.run([*pip, "--upgrade", "pip"], check=True)
    subprocess.run([*pip, "-e", f"{ROOT}[dev]"], check=True)
    STAMP.write_text(digest)


def run(*cmd: str) -> int:
    print("$ " + " ".join(cmd), flush=True)
    return subprocess.run([str(BIN / cmd[0]), *cmd[1:]], cwd=ROOT).returncode


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"run", "test", "bench"}:
        print(__doc__)
        return 2
    ensure_venv()
    task, rest = argv[0], argv[1:]
    if task == "run":
        (ROOT / "out").mkdir(exist_ok=True)
        database = f"sqlite:///{ROOT / 'out' / 'dev.db'}"
        return run("referee", "serve", "--demo", "--db", database, *rest)
    if task == "bench":
        return max(run("python", str(path)) for path in sorted((ROOT / "bench").glob("bench_*.py")))
    for step in (
        ("ruff", "check", "."),
        ("mypy",),
        ("pytest", "-q", *rest),
    ):
        code = run(*step)
        if code:
            return code
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
