"""A real Dask cluster on loopback: a `dask scheduler` and `dask worker` processes.

`analyze --scheduler` sends the analysis to the workers and keeps clustering and the store in
its own process. Against PostgreSQL it must give the stories one process gives, and
`storylens serve` must keep answering while it writes.
"""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from storylens.cli import app

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO / "examples" / "corpus.jsonl"
BIN = Path(sys.executable).parent
# Worker processes of the loopback cluster: more than one, so tasks really spread.
CLUSTER_WORKERS = 2
# Seconds to wait for the scheduler file and the workers to register (each loads spaCy lazily,
# so start-up is quick, but CI shares two cores with everything else).
CLUSTER_START_SECONDS = 90.0

pytest.importorskip("distributed", reason="needs pip install 'storylens[dask]'")
# Real scheduler, worker and server processes: the slow tier.
pytestmark = pytest.mark.slow


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture(scope="module")
def scheduler_address(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from distributed import Client

    dask = shutil.which("dask", path=str(BIN)) or shutil.which("dask")
    if dask is None:
        pytest.fail("the dask command is missing: pip install 'storylens[dask]'")
    folder = tmp_path_factory.mktemp("cluster")
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    common = ["--no-dashboard"]
    scheduler = subprocess.Popen(
        [dask, "scheduler", "--host", "127.0.0.1", "--port", str(port), *common],
        cwd=folder,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    worker = subprocess.Popen(
        [dask, "worker", address, "--nworkers", str(CLUSTER_WORKERS), "--nthreads", "1", *common],
        cwd=folder,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        with Client(address, timeout=CLUSTER_START_SECONDS) as client:
            client.wait_for_workers(CLUSTER_WORKERS, timeout=CLUSTER_START_SECONDS)
        yield address
    finally:
        _stop(worker)
        _stop(scheduler)


def _stories(db: str) -> set[frozenset[str]]:
    result = CliRunner().invoke(app, ["export", "stories", "--db", db, "--format", "jsonl"])
    assert result.exit_code == 0, result.output
    return {frozenset(json.loads(line)["article_ids"]) for line in result.output.splitlines()}


def test_a_cluster_gives_the_stories_of_one_process(
    scheduler_address: str, postgres_db: str, tmp_path: Path
) -> None:
    from distributed import Client

    one_process = str(tmp_path / "one.db")
    result = CliRunner().invoke(app, ["analyze", str(CORPUS), "--db", one_process, "-q"])
    assert result.exit_code == 0, result.output

    result = CliRunner().invoke(
        app, ["analyze", str(CORPUS), "--db", postgres_db, "--scheduler", scheduler_address, "-q"]
    )
    assert result.exit_code == 0, result.output
    assert _stories(postgres_db) == _stories(one_process)
    with Client(scheduler_address) as client:
        # Every worker process ran analysis tasks: the work really left this process.
        busy = client.run(
            lambda dask_worker: len(dask_worker.data) + dask_worker.state.executed_count
        )
    assert len(busy) == CLUSTER_WORKERS and all(count > 0 for count in busy.values())


def _serve(db: str, port: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [str(BIN / "storylens"), "serve", "--db", db, "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def _wait_until_up(base: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + CLUSTER_START_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"serve exited: {server.stderr.read().decode() if server.stderr else ''}")
        try:
            if httpx.get(f"{base}/api/stories", timeout=5).status_code == 200:
                return
        except httpx.TransportError:
            time.sleep(0.3)
    pytest.fail("serve did not answer in time")


def test_serve_answers_while_a_cluster_run_writes(scheduler_address: str, postgres_db: str) -> None:
    # The store exists (migrated) before the server opens it.
    result = CliRunner().invoke(app, ["stories", "--db", postgres_db])
    assert result.exit_code == 0, result.output
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    server = _serve(postgres_db, port)
    try:
        _wait_until_up(base, server)
        run: dict[str, object] = {}

        def analyse() -> None:
            outcome = CliRunner().invoke(
                app,
                ["analyze", str(CORPUS), "--db", postgres_db, "--scheduler", scheduler_address],
            )
            run["exit_code"] = outcome.exit_code
            run["output"] = outcome.output

        writer = threading.Thread(target=analyse)
        writer.start()
        statuses: list[int] = []
        while writer.is_alive():
            statuses.append(httpx.get(f"{base}/api/stories", timeout=30).status_code)
            statuses.append(httpx.get(f"{base}/", timeout=30).status_code)
            time.sleep(0.2)
        writer.join()
        assert run["exit_code"] == 0, run["output"]
        assert statuses and set(statuses) == {200}
        stories = httpx.get(f"{base}/api/stories", timeout=30).json()
        assert stories, "the server sees the stories the cluster run stored"
    finally:
        _stop(server)
