"""Where a run on worker processes spends its time: the writer's steps and each worker task.

    .venv/bin/python bench/pool_timeline.py CORPUS.jsonl [--workers 2]

A diagnostic, not a bench: it writes no results file (docs/scaling.md quotes its figures).

One `analyze` into a temporary store, in this process (the writer) with `--workers` worker
processes. Every task the pool runs is timed on the worker (wall and CPU) and each of the
writer's steps in this process (CPU and wall), so a run shows where the second core is lost:
the workers' start (before their first task), the gaps between tasks, the comparisons at the
end, and the writer's own serial work. CPU seconds are the figures to read on a shared
machine; the wall figures are only as quiet as the machine was.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

STARTED = time.time()


def timed(
    function: Callable[..., Any], *args: Any
) -> tuple[Any, tuple[int, str, float, float, float]]:
    """Runs on a worker: the function's result, with its pid, name, start, end and CPU."""
    start, cpu = time.time(), time.process_time()
    result = function(*args)
    name = getattr(function, "__name__", "?")
    return result, (os.getpid(), name, start, time.time(), time.process_time() - cpu)


class TimedPool:
    """A process pool whose tasks report when and how long they ran."""

    def __init__(self, pool: Any, tasks: list[tuple[int, str, float, float, float, float]]) -> None:
        self.pool = pool
        self.tasks = tasks  # (pid, name, submitted, start, end, cpu), seconds from the start

    def submit(self, function: Callable[..., Any], *args: Any) -> Future[Any]:
        submitted = time.time() - STARTED
        inner = self.pool.submit(timed, function, *args)
        outer: Future[Any] = Future()

        def unwrap(done: Future[Any]) -> None:
            try:
                result, (pid, name, start, end, cpu) = done.result()
            except BaseException as error:  # noqa: BLE001 - handed on to the caller
                outer.set_exception(error)
                return
            self.tasks.append((pid, name, submitted, start - STARTED, end - STARTED, cpu))
            outer.set_result(result)

        inner.add_done_callback(unwrap)
        return outer

    def shutdown(self, *args: Any, **kwargs: Any) -> None:
        self.pool.shutdown(*args, **kwargs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    from storylens import pipeline
    from storylens.analyse import workers
    from storylens.store import Store
    from storylens.stories.clusterer import StoryClusterer

    tasks: list[tuple[int, str, float, float, float, float]] = []
    cpu_in: dict[str, float] = defaultdict(float)
    wall_in: dict[str, float] = defaultdict(float)

    def clock(owner: Any, attribute: str, step: str) -> None:
        function = getattr(owner, attribute)

        def clocked(*inner_args: Any, **kwargs: Any) -> Any:
            cpu, wall = time.process_time(), time.time()
            try:
                return function(*inner_args, **kwargs)
            finally:
                cpu_in[step] += time.process_time() - cpu
                wall_in[step] += time.time() - wall

        setattr(owner, attribute, clocked)

    start_pool = workers.ProcessAnalyser._start_pool
    workers.ProcessAnalyser._start_pool = lambda self: TimedPool(start_pool(self), tasks)  # type: ignore[method-assign,assignment,return-value]
    clock(pipeline.PipelineRun, "__init__", "start the run (model label or model)")
    clock(pipeline.PipelineRun, "_prepare", "read a batch, already stored?")
    clock(workers.ProcessAnalyser, "_result", "wait for a batch, unpickle it")
    clock(pipeline.PipelineRun, "_place_and_write", "place and write a batch")
    clock(pipeline, "extract_features", "  of which story features")
    clock(StoryClusterer, "add", "  of which clustering")
    clock(Store, "save_batch", "  of which the store's write")
    clock(pipeline._WorkerComparisons, "submit", "read the members to compare")
    clock(pipeline._WorkerComparisons, "_save", "wait for comparisons, save them")
    clock(pipeline, "compare_stories", "compare in this process")

    cpu_started = time.process_time()
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "timeline.db")
        summary = pipeline.analyze([str(args.corpus)], store, workers=args.workers)
        store.close()
    wall = time.time() - STARTED
    print(f"{summary.stored} articles, {args.workers} workers, load {os.getloadavg()[0]:.1f}")
    print(f"wall {wall:.1f} s; the writer's CPU {time.process_time() - cpu_started:.1f} s")
    print(f"{'the writer':40}{'CPU s':>8}{'wall s':>8}")
    for step, spent in cpu_in.items():
        print(f"  {step:38}{spent:8.2f}{wall_in[step]:8.2f}")
    print(f"{'the workers':40}{'tasks':>8}{'CPU s':>8}{'wall s':>8}")
    by_kind: dict[tuple[int, str], list[float]] = defaultdict(lambda: [0, 0.0, 0.0])
    for pid, name, _, start, end, cpu in tasks:
        kind = by_kind[(pid, name)]
        kind[0] += 1
        kind[1] += cpu
        kind[2] += end - start
    for (pid, name), (count, cpu, busy) in sorted(by_kind.items()):
        print(f"  {pid} {name:32}{count:8.0f}{cpu:8.1f}{busy:8.1f}")
    print("each worker: idle before its first task, between tasks, after its last (wall s)")
    for pid in sorted({task[0] for task in tasks}):
        mine = sorted((task for task in tasks if task[0] == pid), key=lambda task: task[3])
        mine = [task for task in mine if task[1] != "int"] or mine  # the start-up no-ops
        between = sum(max(0.0, b[3] - a[4]) for a, b in zip(mine, mine[1:], strict=False))
        print(
            f"  {pid}: {mine[0][3]:.1f} before, {between:.1f} between, "
            f"{wall - mine[-1][4]:.1f} after"
        )
    compares = sorted((task for task in tasks if task[1] == "compare_members"), key=lambda t: t[3])
    if compares:
        print(
            f"comparison tasks: {len(compares)}, {sum(t[5] for t in compares):.1f} s CPU; "
            f"the last ran {compares[-1][3]:.1f}-{compares[-1][4]:.1f}"
        )
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
