"""Building the pack on a Dask cluster (``pack_build --dask ADDRESS``) gives the pack the local build gives.

A ``LocalCluster`` of two worker processes stands in for a real cluster: the games go to it through
the same :func:`puzzles.executor.ordered_map` as to local processes. Skipped when Dask is not installed
(it is the optional ``cluster`` extra; the ``test`` extra installs it).
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("distributed")

from puzzles.pack_build import main

BUILD = ["--games", "3", "--seed", "11", "--logs", "--size", "60"]


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore")  # Dask's own warnings (ports, event loops) are not this project's
def test_a_pack_built_on_a_dask_cluster_is_the_local_build(tmp_path: Path) -> None:
    from distributed import LocalCluster

    local, remote = tmp_path / "local" / "pack.zip", tmp_path / "dask" / "pack.zip"
    local.parent.mkdir()
    remote.parent.mkdir()
    main([*BUILD, "--out", str(local)])
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        main([*BUILD, "--out", str(remote), "--dask", cluster.scheduler_address])
    assert local.stat().st_size > 1000  # a pack with puzzles in it
    assert remote.read_bytes() == local.read_bytes()
    assert remote.with_name("pack.verified").read_text() == local.with_name("pack.verified").read_text()


@pytest.mark.filterwarnings("ignore")
def test_dask_without_a_scheduler_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("puzzles.pack_build.DASK_TIMEOUT", 1)
    with pytest.raises(SystemExit) as stopped:
        main([*BUILD, "--out", str(tmp_path / "pack.zip"), "--dask", "tcp://127.0.0.1:9"])
    assert stopped.value.code == 2
    assert "no Dask scheduler at tcp://127.0.0.1:9" in capsys.readouterr().err
    assert not (tmp_path / "pack.zip").exists()
