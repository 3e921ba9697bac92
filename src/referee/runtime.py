"""Settings of the whole Python process, made by the programs that own the
process (the command line, a worker process, a benchmark) and undone when
they are done. Rules and the core library never change them.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def frozen_heap() -> Iterator[None]:
    """Set aside what is alive now from the garbage collector's scans while
    the block runs (:func:`gc.freeze`), and give it back afterwards.

    Many games in a row (simulations, benchmarks, training) create and drop
    millions of small objects, and each full scan would walk everything that
    was alive before the first game again (modules, the scenario, its
    prepared parts, the text catalogues), which is never garbage.

    Where something is frozen already when the block begins, whoever froze
    it owns the setting: the block leaves it alone and freezes nothing.
    """
    if gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()
