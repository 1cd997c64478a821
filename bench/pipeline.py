"""Speed and memory of the whole `analyze` process, beside bare spaCy on the same texts.

    .venv/bin/python bench/pipeline.py [CORPUS.jsonl ...] [--sizes 200,1000] [--repeats 3]

Every figure is one command's output. For each size, the first N records of the corpora
(default: BASIL, GVC train and ECB+ in ../shared/data, read in place; the slice goes to a
temporary file that is deleted afterwards) are run, as whole processes, start-up included:

- bare spaCy: a process that loads the same model and runs `nlp.pipe` over the same texts;
- `storylens analyze --workers 1`, and from DEFAULT_PARALLEL_FROM_ARTICLES articles on also
  `--workers 2` and the default (every core), each into a new SQLite store.

Runs are paired and interleaved (bare, then each analyze, `--repeats` times), because the
machine may be shared: each run's CPU time (user + sys of the process and of every process it
started, worker processes included: this process is their subreaper) is printed beside its
wall time, and the ratios are bare spaCy's time over analyze's (a speed: 1.0 is spaCy's,
higher is faster), the median of the paired runs. Peak memory is the largest resident set of
any one process of the run. Then one process runs the pipeline with each stage timed
(CPU time, ms per article) to show where the cost beyond spaCy's parse goes.
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import functools
import importlib
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from _data import read_jsonl, shared_data_dir
from _results import Figure, Table, save_results

BENCH = Path(__file__).resolve()
PYTHON = sys.executable
STORYLENS = str(Path(PYTHON).with_name("storylens"))
DEFAULT_SIZES = (200, 1000)
DEFAULT_SIZES_ARG = ",".join(map(str, DEFAULT_SIZES))
DEFAULT_CORPORA = ("basil", "gvc-train", "ecbplus")
# Seconds to wait for a run's orphaned processes (the fork server) to exit and be reaped.
REAP_SECONDS = 10.0
PR_SET_CHILD_SUBREAPER = 36


@dataclass
class Run:
    cpu: float  # user + sys seconds of the run's processes
    wall: float
    peak_mb: float  # the largest resident set of any one of them


def _become_subreaper() -> None:
    """Orphaned descendants (the fork server and its workers) are reparented to this process,
    so their CPU time is counted in RUSAGE_CHILDREN once they are reaped."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def _reap_all() -> float:
    """Reap the run's orphans; the largest resident set (MB) among them and theirs."""
    peak = 0.0
    deadline = time.monotonic() + REAP_SECONDS
    while time.monotonic() < deadline:
        try:
            pid, _, usage = os.wait4(-1, os.WNOHANG)
        except ChildProcessError:
            break
        if pid == 0:
            time.sleep(0.05)
        else:
            peak = max(peak, usage.ru_maxrss / 1024)
    return peak


def measure(command: list[str]) -> Run:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert process.stderr is not None
    stderr = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)  # its own rusage: the peak of its tree
    wall = time.perf_counter() - started
    peak = max(usage.ru_maxrss / 1024, _reap_all())
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    code = os.waitstatus_to_exitcode(status)
    process.returncode = code
    if code not in (0, 1):  # 1: some inputs rejected, the rest stored
        raise SystemExit(f"{' '.join(command)} failed ({code}):\n{stderr.decode()}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return Run(cpu, wall, peak)


def bare_spacy(model: str, corpus: str) -> None:
    """The baseline process: load the model, parse every text, nothing else."""
    import spacy

    nlp = spacy.load(model)
    nlp.max_length = max(nlp.max_length, 2_000_000)
    texts = [record["text"] for record in read_jsonl(Path(corpus))]
    for _ in nlp.pipe(texts, batch_size=32):
        pass


def paired_runs(corpus: Path, size: int, model: str, repeats: int, variants: list[str]) -> Table:
    runs: dict[str, list[Run]] = defaultdict(list)
    bare_label = "bare spaCy nlp.pipe"
    labels = {bare_label: ""} | {
        f"analyze --workers {v}" if v != "default" else "analyze (default workers)": v
        for v in variants
    }
    for _ in range(repeats):
        for label, variant in labels.items():
            if not variant:
                runs[label].append(measure([PYTHON, str(BENCH), "--bare", model, str(corpus)]))
            else:
                workers = [] if variant == "default" else ["--workers", variant]
                with tempfile.TemporaryDirectory() as folder:
                    db = str(Path(folder) / "bench.db")
                    command = [STORYLENS, "analyze", "-q", "--db", db, "--model", model, *workers]
                    runs[label].append(measure([*command, str(corpus)]))
            done = runs[label][-1]
            print(
                f"  {size} articles, {label}: {done.cpu:.1f} s CPU, {done.wall:.1f} s wall",
                file=sys.stderr,
                flush=True,
            )
    bare = runs[bare_label]
    print(f"\n{size} articles, {repeats} paired runs (load now: {_load()})")
    print(
        f"{'':30}{'CPU s':>8}{'wall s':>8}{'art/s wall':>11}{'speed CPU':>10}"
        f"{'speed wall':>11}{'peak MB':>9}"
    )
    rows: dict[str, dict[str, Figure]] = {}
    for label, measured in runs.items():
        cpu_speed = statistics.median(b.cpu / m.cpu for b, m in zip(bare, measured, strict=True))
        wall_speed = statistics.median(b.wall / m.wall for b, m in zip(bare, measured, strict=True))
        wall = statistics.median(m.wall for m in measured)
        rows[label] = {
            "CPU s": statistics.median(m.cpu for m in measured),
            "wall s": wall,
            "speed (CPU)": cpu_speed,
            "speed (wall)": wall_speed,
            "peak MB": max(m.peak_mb for m in measured),
        }
        print(
            f"{label:30}{statistics.median(m.cpu for m in measured):8.1f}{wall:8.1f}"
            f"{size / wall:11.1f}{cpu_speed:10.2f}x{wall_speed:10.2f}x"
            f"{max(m.peak_mb for m in measured):9.0f}"
        )
    caption = f"{size} articles, {repeats} paired runs, load {_load()}"
    formats = {"CPU s": ".1f", "wall s": ".1f", "speed (CPU)": ".2f", "speed (wall)": ".2f"}
    return Table(caption, rows, (bare_label,), formats | {"peak MB": ".0f"})


def _load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


# The stages, by the name the pipeline calls them under: (module, attribute, stage).
STAGES: tuple[tuple[str, str, str], ...] = (
    ("storylens.pipeline", "iter_inputs", "ingest (read, parse inputs)"),
    ("storylens.pipeline", "_new_articles", "already stored? (hash)"),
    ("storylens.analyse.batch", "clean_article", "clean"),
    ("storylens.analyse.batch", "analyse_articles", "spaCy parse (nlp.pipe)"),
    ("storylens.analyse.article", "analyse_doc", "sentences, entities"),
    ("storylens.analyse.article", "extract_quotes", "quotes"),
    ("storylens.analyse.article", "find_dates", "dates, numbers"),
    ("storylens.analyse.article", "find_numbers", "dates, numbers"),
    ("storylens.analyse.article", "find_timexes", "timexes"),
    ("storylens.analyse.article", "find_tone", "tone"),
    ("storylens.pipeline", "extract_features", "story features"),
    ("storylens.stories.clusterer:StoryClusterer", "add", "story clustering"),
    ("storylens.store.store:Store", "save_batch", "store (write batch)"),
    ("storylens.pipeline", "compare_stories", "comparison (read, compare, write)"),
)


class StageClock:
    """CPU time spent in each stage, exclusive of the stages called inside it."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = defaultdict(float)
        self._stack: list[str] = []

    def _enter(self, stage: str) -> float:
        self._stack.append(stage)
        return time.process_time()

    def _leave(self, started: float) -> None:
        spent = time.process_time() - started
        stage = self._stack.pop()
        self.spent[stage] += spent
        if self._stack:
            self.spent[self._stack[-1]] -= spent

    def wrap(self, function: Callable[..., Any], stage: str) -> Callable[..., Any]:
        clock = self

        @functools.wraps(function)
        def timed(*args: Any, **kwargs: Any) -> Any:
            started = clock._enter(stage)
            try:
                result = function(*args, **kwargs)
            finally:
                clock._leave(started)
            if hasattr(result, "__next__"):
                return clock._timed_iterator(result, stage)
            return result

        return timed

    def _timed_iterator(self, iterator: Iterator[Any], stage: str) -> Iterator[Any]:
        while True:
            started = self._enter(stage)
            try:
                item = next(iterator)
            except StopIteration:
                return
            finally:
                self._leave(started)
            yield item

    def install(self) -> None:
        for target, attribute, stage in STAGES:
            module_name, _, class_name = target.partition(":")
            owner: Any = importlib.import_module(module_name)
            if class_name:
                owner = getattr(owner, class_name)
            setattr(owner, attribute, self.wrap(getattr(owner, attribute), stage))


def stage_costs(corpus: Path, model: str) -> None:
    """One process, one core: the pipeline with each stage's CPU time counted."""
    started = time.process_time()
    from storylens.analyse.nlp import load_pipeline
    from storylens.pipeline import analyze
    from storylens.store import Store

    imports = time.process_time() - started
    started = time.process_time()
    load_pipeline(model)
    model_load = time.process_time() - started
    clock = StageClock()
    clock.install()
    with tempfile.TemporaryDirectory() as folder:
        started = time.process_time()
        store = Store(Path(folder) / "stages.db")
        opened = time.process_time() - started
        started = time.process_time()
        summary = analyze([str(corpus)], store, model=model, workers=1)
        total = time.process_time() - started
        store.close()
    per = 1000 / max(summary.stored, 1)
    print(f"\nstage costs, one process, {summary.stored} articles (CPU ms per article)")
    print(f"{'start-up: imports':36}{imports * per:8.1f}")
    print(f"{'start-up: model load':36}{model_load * per:8.1f}")
    print(f"{'start-up: store open, migrations':36}{opened * per:8.1f}")
    for stage, spent in sorted(clock.spent.items(), key=lambda item: -item[1]):
        print(f"{stage:36}{spent * per:8.1f}")
    rest = total - sum(clock.spent.values())
    print(f"{'the rest (batching, story state)':36}{rest * per:8.1f}")
    beyond = total + imports + opened - clock.spent["spaCy parse (nlp.pipe)"]
    print(f"{'all but the parse and model load':36}{beyond * per:8.1f}")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (RSS) of this process: {peak:.0f} MB")


def write_slice(corpora: list[Path], size: int, folder: Path) -> Path:
    path = folder / f"slice-{size}.jsonl"
    written = 0
    with path.open("w", encoding="utf-8") as out:
        for corpus in corpora:
            for record in read_jsonl(corpus):
                if written == size:
                    return path
                out.write(json.dumps(record) + "\n")
                written += 1
    if written < size:
        raise SystemExit(f"the corpora hold {written} records, fewer than {size}")
    return path


def main() -> int:
    if sys.argv[1:2] == ["--bare"]:
        bare_spacy(sys.argv[2], sys.argv[3])
        return 0
    if sys.argv[1:2] == ["--stages"]:
        stage_costs(Path(sys.argv[2]), sys.argv[3])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpora", nargs="*", type=Path)
    parser.add_argument("--sizes", default=DEFAULT_SIZES_ARG)
    parser.add_argument("--repeats", type=int, default=3, help="paired runs per size")
    parser.add_argument(
        "--workers",
        default="1,2,default",
        help="the analyze runs: process counts or 'default' (parallel ones only from "
        "DEFAULT_PARALLEL_FROM_ARTICLES articles on)",
    )
    parser.add_argument("--no-stages", action="store_true", help="leave out the stage costs")
    args = parser.parse_args()
    corpora = args.corpora or [
        shared_data_dir() / "clustering" / name / "corpus.jsonl" for name in DEFAULT_CORPORA
    ]
    missing = [str(path) for path in corpora if not path.exists()]
    if missing:
        print(f"corpus not found: {', '.join(missing)}", file=sys.stderr)
        return 2
    from storylens.analyse.nlp import default_model_name
    from storylens.analyse.workers import DEFAULT_PARALLEL_FROM_ARTICLES, default_workers

    model = default_model_name()
    _become_subreaper()
    print(
        f"model {model}; {default_workers()} cores; CPU time is user + sys of each run's "
        f"processes; speed = bare spaCy's time / analyze's (median of paired runs)"
    )
    tables = []
    with tempfile.TemporaryDirectory() as folder:
        for size in map(int, args.sizes.split(",")):
            corpus = write_slice(corpora, size, Path(folder))
            variants = [
                v
                for v in args.workers.split(",")
                if v == "1" or size >= DEFAULT_PARALLEL_FROM_ARTICLES
            ]
            tables.append(paired_runs(corpus, size, model, args.repeats, variants))
            if not args.no_stages:  # a process of its own: its imports and memory its own
                sys.stdout.flush()
                subprocess.run([PYTHON, str(BENCH), "--stages", str(corpus), model], check=True)
    partial = bool(args.corpora) or args.sizes != DEFAULT_SIZES_ARG
    save_results("pipeline", *tables, partial=partial)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
