"""The ``referee`` command: one module per command, each imported when its
command runs (:data:`referee.cli.app.COMMANDS`).

NumPy comes in with Shapely (Old West's and Samurai's tables) and the
environments, and its OpenBLAS starts a thread per core that spins as it
waits; nothing the command does multiplies matrices, so it is given one
thread unless the environment already names a number
(``OPENBLAS_NUM_THREADS``): ``referee rulesets`` took 0.41-0.43 s of CPU
in 0.31-0.32 s without, 0.30-0.33 s with."""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from referee.cli.app import app, main  # after OpenBLAS is told

__all__ = ["app", "main"]
