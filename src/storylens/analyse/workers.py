"""Where the analyse stage runs: in this process, or on Dask workers (local or a cluster).

The story stage and the store stay in the main process: clustering is sequential by nature
(each article sees the stories before it) and costs milliseconds; analysis is what takes time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from storylens.analyse.batch import BatchResult, analyse_batch
from storylens.errors import MissingExtra, StorylensError
from storylens.records import AnalysedArticle, Article, Rejection

# Articles per Dask task: enough for spaCy's batching, small enough to spread over workers.
DASK_CHUNK_ARTICLES = 16
# Seconds to wait for a Dask scheduler before telling the user it cannot be reached.
DASK_CONNECT_TIMEOUT_SECONDS = 10.0


class Analyser(Protocol):
    def __call__(self, articles: Sequence[Article]) -> BatchResult: ...

    def close(self) -> None: ...


class LocalAnalyser:
    """Analysis in this process."""

    def __init__(self, model: str | None = None) -> None:
        self.model = model

    def __call__(self, articles: Sequence[Article]) -> BatchResult:
        return analyse_batch(articles, self.model)

    def close(self) -> None:
        pass


class DaskAnalyser:
    """Analysis on Dask workers: a local cluster of ``workers`` processes, or ``scheduler``."""

    def __init__(
        self,
        model: str | None = None,
        *,
        scheduler: str | None = None,
        workers: int = 2,
        processes: bool = True,
        connect_timeout: float = DASK_CONNECT_TIMEOUT_SECONDS,
    ) -> None:
        try:
            from distributed import Client, LocalCluster
        except ImportError as error:
            raise MissingExtra("analysis on Dask (--workers, --scheduler)", "dask") from error
        self.model = model
        self._cluster: Any = None
        try:
            if scheduler:
                self._client: Any = Client(scheduler, timeout=connect_timeout)
            else:
                self._cluster = LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=processes,
                    dashboard_address=None,
                )
                self._client = Client(self._cluster)
        except (OSError, TimeoutError) as error:
            raise StorylensError(
                f"cannot reach the Dask scheduler {scheduler or '(local)'}: {error}; check the "
                "address (tcp://host:8786) and that the scheduler is running"
            ) from error

    def __call__(self, articles: Sequence[Article]) -> BatchResult:
        chunks = [
            list(articles[i : i + DASK_CHUNK_ARTICLES])
            for i in range(0, len(articles), DASK_CHUNK_ARTICLES)
        ]
        if not chunks:
            return [], []
        futures = self._client.map(analyse_batch, chunks, model=self.model, pure=False)
        analysed: list[AnalysedArticle] = []
        rejected: list[Rejection] = []
        for chunk_analysed, chunk_rejected in self._client.gather(futures):
            analysed.extend(chunk_analysed)
            rejected.extend(chunk_rejected)
        return analysed, rejected

    def close(self) -> None:
        self._client.close()
        if self._cluster is not None:
            self._cluster.close()
