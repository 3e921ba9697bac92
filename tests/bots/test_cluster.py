"""``--cluster``: ``referee arena`` and ``referee simulate`` on a Dask
distributed cluster (here a local one of two worker processes) play exactly
the games one process plays: the same results, the same digests."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from referee.bots import runner as runner_module
from referee.bots.arena import arena
from referee.cli import app
from referee.core.errors import RefereeError
from referee.odds.simulate import simulate

distributed = pytest.importorskip("distributed")
runner = CliRunner()


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """The address of a local Dask cluster of two worker processes."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as local:
        yield str(local.scheduler_address)


def test_an_arena_on_the_cluster_gives_the_same_results_and_digests(cluster: str) -> None:
    local = arena("night-watch", ["rules", "random"], 30, seed=9)
    remote = arena("night-watch", ["rules", "random"], 30, seed=9, cluster=cluster)
    assert remote.to_json() == local.to_json()
    assert len(remote.pairings[0].batches) == 3


def test_the_arena_command_on_the_cluster_prints_what_one_process_prints(cluster: str) -> None:
    args = ["arena", "samurai", "--bots", "rules,random", "-n", "4", "--json"]
    local = runner.invoke(app, args)
    remote = runner.invoke(app, [*args, "--cluster", cluster])
    assert local.exit_code == remote.exit_code == 0, remote.output
    assert json.loads(remote.output) == json.loads(local.output)


def test_simulate_on_the_cluster_counts_the_same_outcomes(cluster: str) -> None:
    local = simulate("old-west", 12, seed=5, bots="rules")
    remote = simulate("old-west", 12, seed=5, bots="rules", cluster=cluster)
    assert remote.to_json() == local.to_json()


def test_a_scheduler_that_is_not_there_is_reported_not_waited_for(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner_module, "CONNECT_TIMEOUT", "1s")
    with pytest.raises(RefereeError, match="cannot reach the Dask scheduler"):
        simulate("night-watch", 2, cluster="tcp://127.0.0.1:9")
