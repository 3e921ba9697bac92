"""Where batches of games are played: in this process, on a local pool of
processes (the default for more than one worker), or on a Dask distributed
cluster (``--cluster tcp://HOST:8786``; the optional extra
``pip install referee[cluster]``).

A task is a function importable by name and its arguments (plain data: a
scenario's source, a range of seeds), so it runs the same on any machine
with Referee installed; results come back in the order of the tasks,
whichever finishes first, so a run's figures do not depend on where it ran.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from typing import Any, TypeVar

from referee.core.errors import RefereeError
from referee.core.i18n import msg
from referee.runtime import frozen_heap

R = TypeVar("R")
Task = tuple[Any, ...]
CONNECT_TIMEOUT = "10s"
"""How long to try to reach a cluster's scheduler before saying it cannot be reached."""


def run_tasks(work: Callable[..., R], tasks: Sequence[Task], *, workers: int = 1,
              cluster: str | None = None,
              done: Callable[[int, R], None] | None = None) -> list[R]:
    """``work(*task)`` for every task, in this process (one worker), on
    ``workers`` local processes, or on the Dask scheduler at ``cluster``;
    ``done(index, result)`` as each task finishes. The results in the tasks'
    order.

    :raises RefereeError: where the cluster cannot be reached or Dask is
        not installed."""
    if cluster is not None:
        return _on_cluster(work, tasks, cluster, done)
    if workers <= 1:
        results = []
        for index, task in enumerate(tasks):
            result = work(*task)
            if done is not None:
                done(index, result)
            results.append(result)
        return results
    found: dict[int, R] = {}
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures: dict[Future[R], int] = {
            pool.submit(_in_worker, work, *task): index for index, task in enumerate(tasks)}
        for future in as_completed(futures):
            index = futures[future]
            found[index] = future.result()
            if done is not None:
                done(index, found[index])
    return [found[index] for index in range(len(tasks))]


def _in_worker(work: Callable[..., R], *task: Any) -> R:
    """``work(*task)`` in a worker process of the local pool, which this
    module owns: what was alive before the games is set aside from the
    garbage collector's scans meanwhile."""
    with frozen_heap():
        return work(*task)


def _on_cluster(work: Callable[..., R], tasks: Sequence[Task], address: str,
                done: Callable[[int, R], None] | None) -> list[R]:
    try:
        from distributed import Client
        from distributed import as_completed as finished
    except ImportError:
        raise RefereeError(msg("bots.cluster.no-dask")) from None
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as exc:
        raise RefereeError(msg("bots.cluster.unreachable", address=address,
                               reason=str(exc) or type(exc).__name__)) from None
    with client:
        futures = [client.submit(work, *task, pure=False) for task in tasks]
        where = {future.key: index for index, future in enumerate(futures)}
        found: dict[int, R] = {}
        for future in finished(futures):  # type: ignore[no-untyped-call]
            index = where[future.key]
            found[index] = future.result()
            if done is not None:
                done(index, found[index])
    return [found[index] for index in range(len(tasks))]
