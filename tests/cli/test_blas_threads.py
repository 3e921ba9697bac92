"""The ``referee`` command gives NumPy's OpenBLAS one thread (it multiplies
no matrices, and idle OpenBLAS threads spin on the CPU), unless the user's
environment names a number."""

from __future__ import annotations

import os
import subprocess
import sys

SHOW = ("import sys; import referee.cli, os; assert 'numpy' not in sys.modules; "
        "print(os.environ['OPENBLAS_NUM_THREADS'])")
"""Prints what the command asks of OpenBLAS, after checking that NumPy
(which reads the setting as it loads) is not loaded before it is asked."""


def blas_threads(environment: dict[str, str]) -> str:
    """The number of OpenBLAS threads the command's process asks for."""
    found = subprocess.run([sys.executable, "-c", SHOW], env=environment, check=True,
                           capture_output=True, text=True)
    return found.stdout.strip()


def test_the_command_asks_openblas_for_one_thread() -> None:
    environment = {key: value for key, value in os.environ.items()
                   if key != "OPENBLAS_NUM_THREADS"}
    assert blas_threads(environment) == "1"


def test_a_number_the_user_names_is_kept() -> None:
    assert blas_threads({**os.environ, "OPENBLAS_NUM_THREADS": "3"}) == "3"
