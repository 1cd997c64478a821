"""Where the analyse stage runs: in this process, on local worker processes, or on Dask.

The story stage and the store stay in the main process: clustering is sequential by nature
(each article sees the stories before it) and costs milliseconds; analysis is what takes time.
``ProcessAnalyser`` is the default on a machine with several cores (standard library only);
``DaskAnalyser`` sends the work to a Dask cluster (the ``dask`` extra).
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol, TypeVar

from storylens.analyse.batch import BatchResult, analyse_batch
from storylens.errors import MissingExtra, StorylensError
from storylens.records import AnalysedArticle, Article, Rejection

# Articles per Dask task: enough for spaCy's batching, small enough to spread over workers.
DASK_CHUNK_ARTICLES = 16
# Seconds to wait for a Dask scheduler before telling the user it cannot be reached.
DASK_CONNECT_TIMEOUT_SECONDS = 10.0
# Inputs of at least this many records are analysed on every core by default. Each worker
# loads the model (about a second of CPU) and the first batches wait for it; from a few
# batches per worker on, the second core pays for that many times over.
DEFAULT_PARALLEL_FROM_ARTICLES = 256
# Batches submitted ahead of the one the writer is placing: each is dealt out to every worker,
# so with two more queued a worker never idles while the writer places one, and memory stays
# bounded whatever the input's size.
BATCHES_IN_FLIGHT = 3
# Fewest articles per worker task: below this spaCy's batching and the round trip cost more
# than an idle core at the end of the run.
MIN_TASK_ARTICLES = 8
# Most articles per worker task: a batch is dealt out in tasks of this many, so that the
# workers run out of analysis at most one short task apart at the end of a run, when the last
# comparisons wait for the last batch (issue 22: with a batch in halves one worker idled a few
# seconds there). 16 articles a task cost the same CPU an article as 32 (128 articles, three
# interleaved rounds: 6.14-6.78 s against 6.40-6.81).
MAX_TASK_ARTICLES = 16

# Each worker process has a core of its own: BLAS threads of its own would only contend with
# the other workers (bare nlp.pipe takes about 5% more CPU with OpenBLAS's two threads than
# with one on this 2-core machine). Set for the worker processes unless the user set them.
WORKER_THREAD_LIMITS = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}

Key = TypeVar("Key")


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


def default_workers() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _start_worker(model: str | None) -> None:
    """Each worker loads the model once, before its first batch (``load_pipeline`` caches)."""
    from storylens.analyse.nlp import load_pipeline

    load_pipeline(model)


def _pool_context() -> multiprocessing.context.BaseContext:
    """Fresh interpreters, never a fork of this one (threads, database connections): the
    fork server imports spaCy once and forks each worker from that; spawn where it is missing."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["storylens.analyse.batch"])
        return context
    return multiprocessing.get_context("spawn")


class ProcessAnalyser:
    """Analysis on ``workers`` local processes (the standard library's process pool).

    Batches stream through ``stream`` with a bounded number in flight, their results in
    input order. A worker that dies (a crash in spaCy, the kernel's OOM killer) breaks the
    pool: it is started again, the batch is analysed again, then article by article, and the
    article a worker dies on alone is rejected; ``on_problem`` hears one line each time.
    """

    def __init__(
        self,
        model: str | None = None,
        *,
        workers: int | None = None,
        on_problem: Callable[[str], None] | None = None,
    ) -> None:
        self.model = model
        self.workers = max(1, workers or default_workers())
        self.on_problem = on_problem
        self._generation = 0  # how many times the pool was started again
        self._pool = self._start_pool()

    def _start_pool(self) -> ProcessPoolExecutor:
        # The workers (and the fork server) inherit this environment when they start; numpy
        # in this process read it long ago, so this process keeps its threads.
        for name, value in WORKER_THREAD_LIMITS.items():
            os.environ.setdefault(name, value)
        pool = ProcessPoolExecutor(
            self.workers,
            mp_context=_pool_context(),
            initializer=_start_worker,
            initargs=(self.model,),
        )
        # The pool starts a process at each submit that finds none idle: one empty task per
        # worker starts them all now, so they load the model while the writer gets ready
        # rather than when the first batch is read.
        for _ in range(self.workers):
            pool.submit(int)
        return pool

    @property
    def in_flight(self) -> int:
        return BATCHES_IN_FLIGHT

    def submit(self, function: Callable[..., Any], *args: Any) -> Future[Any]:
        """Run any picklable function on a worker (the writer sends comparisons this way)."""
        return self._pool.submit(function, *args)

    def __call__(self, articles: Sequence[Article]) -> BatchResult:
        if not articles:
            return [], []
        return self._result(articles, self._submit_batch(articles), self._generation)

    def stream(
        self, jobs: Iterable[tuple[Key, Sequence[Article]]]
    ) -> Iterator[tuple[Key, BatchResult]]:
        """Each job's key and the analysis of its articles, in the order of ``jobs``, with
        at most ``in_flight`` batches submitted ahead of the one the caller is handling. Each
        batch is split over the workers, so none idles while another ends the last batch."""
        pending: deque[tuple[Key, list[tuple[Sequence[Article], Future[BatchResult]]], int]]
        pending = deque()
        jobs = iter(jobs)
        exhausted = False
        while True:
            while not exhausted and len(pending) < self.in_flight:
                job = next(jobs, None)
                if job is None:
                    exhausted = True
                else:
                    key, articles = job
                    tasks = [(part, self._submit_batch(part)) for part in self._split(articles)]
                    pending.append((key, tasks, self._generation))
            if not pending:
                return
            key, tasks, generation = pending.popleft()
            analysed: list[AnalysedArticle] = []
            rejected: list[Rejection] = []
            for part, future in tasks:
                done, failed = self._result(part, future, generation)
                analysed.extend(done)
                rejected.extend(failed)
            yield key, (analysed, rejected)

    def _split(self, articles: Sequence[Article]) -> list[Sequence[Article]]:
        size = max(MIN_TASK_ARTICLES, min(MAX_TASK_ARTICLES, -(-len(articles) // self.workers)))
        return [articles[start : start + size] for start in range(0, len(articles), size)]

    def _submit_batch(self, articles: Sequence[Article]) -> Future[BatchResult]:
        if not articles:  # every article of the batch was stored already
            done: Future[BatchResult] = Future()
            done.set_result(([], []))
            return done
        return self._pool.submit(analyse_batch, list(articles), self.model)

    def _result(
        self, articles: Sequence[Article], future: Future[BatchResult], generation: int
    ) -> BatchResult:
        try:
            return future.result()
        except BrokenProcessPool:
            # Every batch in flight fails with the pool; it is started again once.
            if generation == self._generation:
                self._restart("its batches are analysed again")
        # The batch again, alone: another batch in flight may have been the one that killed it.
        try:
            return self._submit_batch(articles).result()
        except BrokenProcessPool as error:
            if len(articles) == 1:
                self._restart("on one article, which is skipped")
                return [], [_died_on(articles[0], error)]
            self._restart(f"again on a batch of {len(articles)}: one article at a time")
        analysed: list[AnalysedArticle] = []
        rejected: list[Rejection] = []
        for article in articles:
            try:
                done, failed = self._submit_batch([article]).result()
            except BrokenProcessPool as error:
                self._restart("on one article, which is skipped")
                rejected.append(_died_on(article, error))
                continue
            analysed.extend(done)
            rejected.extend(failed)
        return analysed, rejected

    def _restart(self, what: str) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = self._start_pool()
        self._generation += 1
        if self.on_problem:
            self.on_problem(f"an analysis worker process died; {what}")

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


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


def _died_on(article: Article, error: BaseException) -> Rejection:
    return Rejection(
        article.source or article.id,
        f"analysis failed: the worker process died on this article ({error})",
    )
