"""A ``referee`` command run in a fresh process, as a user starts it, and
which of the watched modules it loaded by the time it ended."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterable
from typing import NamedTuple

_RUN = (
    "import json, sys\n"
    "from referee.cli import main\n"
    "watched, prefixes = json.loads(sys.argv[1])\n"
    "sys.argv = ['referee', *sys.argv[2:]]\n"
    "try:\n"
    "    main()\n"
    "except SystemExit:\n"
    "    pass\n"
    "print('LOADED', sorted(m for m in sys.modules\n"
    "                       if m in watched or m.startswith(tuple(prefixes))))\n")


class Ran(NamedTuple):
    output: str
    """What the command printed (its standard output, the last line left out)."""
    errors: str
    loaded: str
    """``LOADED [...]``: the watched modules it loaded, sorted."""


def run_fresh(arguments: Iterable[str], watched: Iterable[str] = (),
              prefixes: Iterable[str] = ()) -> Ran:
    """``referee ARGUMENTS`` in a fresh Python process; of its modules, those
    named in ``watched`` or starting with one of ``prefixes``."""
    done = subprocess.run([sys.executable, "-c", _RUN, json.dumps([list(watched), list(prefixes)]),
                           *arguments], capture_output=True, text=True, check=True)
    *printed, loaded = done.stdout.splitlines()
    return Ran("\n".join(printed), done.stderr, loaded)
