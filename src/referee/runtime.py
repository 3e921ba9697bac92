"""Settings of the whole Python process, made by the programs that own the
process (the command line, a worker process, a benchmark) and undone when
they are done. Rules and the core library never change them.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

YOUNG_THRESHOLD = 10_000
"""Containers made (less those freed) between two scans of the youngest
objects while many games are played (Python's own setting is 700)."""


@contextmanager
def frozen_heap() -> Iterator[None]:
    """Set aside what is alive now from the garbage collector's scans while
    the block runs (:func:`gc.freeze`), scan the youngest objects less often
    meanwhile (:data:`YOUNG_THRESHOLD`), and give both back afterwards.

    Many games in a row (simulations, benchmarks, training) create and drop
    millions of small objects, and each full scan would walk everything that
    was alive before the first game again (modules, the scenario, its
    prepared parts, the text catalogues), which is never garbage. A game's
    objects are freed as it is dropped, without a scan, and a game makes
    fewer than :data:`YOUNG_THRESHOLD` more than it frees: at Python's own
    setting the collector walks each game's objects again and again while
    the game is played (3% to 9% of a random playout's time), at this one
    hardly ever.

    Where something is frozen already when the block begins, whoever froze
    it owns the settings: the block leaves them alone and changes nothing.
    """
    if gc.get_freeze_count():
        yield
        return
    threshold = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(max(threshold[0], YOUNG_THRESHOLD), *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()


def serving_heap() -> None:
    """For a process that serves games until it is stopped (a server's
    worker): scan the youngest objects less often (:data:`YOUNG_THRESHOLD`),
    as :func:`frozen_heap` does while games are played, for the rest of the
    process. Nothing is set aside: a server's objects come and go for as long
    as it runs, and what is frozen would never be freed."""
    threshold = gc.get_threshold()
    gc.set_threshold(max(threshold[0], YOUNG_THRESHOLD), *threshold[1:])


class _Kept:
    """What :func:`kept_to_the_end` keeps, in a holder that refers to itself.

    As Python ends it clears every module's globals, and what they alone hold
    is freed object by object then (0.13 s for the game of a turn of 10,000
    characters). A holder in a reference cycle is not freed by that: only a
    collection frees a cycle, and none looks at what the console script set
    aside from the collector (:func:`gc.freeze`), so the process ends with
    it, unfreed. Where nothing is set aside (the tests), a last collection
    frees it as usual."""

    def __init__(self) -> None:
        self.made: tuple[object, ...] = ()
        self.itself = self


_KEPT_TO_THE_END = _Kept()


def kept_to_the_end(*made: object) -> None:
    """Keep ``made`` alive until the next call or the end of the process,
    rather than free it now, object by object (0.14 s for the game of a turn
    of 10,000 characters and what was made of it), or as the process ends.

    For a command whose process ends when it is done: the console script
    sets aside what is alive then from the garbage collector
    (:func:`referee.cli.app.main`), and Python ends without freeing what is set
    aside (:class:`_Kept`). Only the last call's objects are kept, so that a
    process running command after command (the tests) holds one command's at
    a time."""
    _KEPT_TO_THE_END.made = made
