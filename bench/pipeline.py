"""Speed and memory of the whole `analyze` pipeline, beside spaCy alone on the same texts.

    .venv/bin/python bench/pipeline.py [CORPUS.jsonl ...]

Defaults to the BASIL and ECB+ corpora in ../shared/data (read in place, never copied). The
baseline is `nlp.pipe` over the same texts in the same process: the pipeline's cost above it
is ingest, cleaning, quotes, story clustering and the database writes.
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from pathlib import Path

from _data import read_jsonl, shared_data_dir
from storylens.analyse.nlp import load_pipeline
from storylens.analyse.workers import DaskAnalyser
from storylens.pipeline import analyze
from storylens.store import Store


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpora", nargs="*", type=Path)
    parser.add_argument("--workers", type=int, default=0, help="analyse on N Dask processes")
    args = parser.parse_args()
    corpora = args.corpora or [
        shared_data_dir() / "clustering" / name / "corpus.jsonl" for name in ("basil", "ecbplus")
    ]
    missing = [str(path) for path in corpora if not path.exists()]
    if missing:
        print(f"corpus not found: {', '.join(missing)}", file=sys.stderr)
        return 2
    texts = [record["text"] for path in corpora for record in read_jsonl(path)]
    nlp = load_pipeline()

    started = time.perf_counter()
    for _ in nlp.pipe(texts, batch_size=32):
        pass
    spacy_seconds = time.perf_counter() - started

    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "bench.db")
        started = time.perf_counter()
        analyser = DaskAnalyser(workers=args.workers) if args.workers else None
        summary = analyze([str(path) for path in corpora], store, analyser=analyser)
        if analyser:
            analyser.close()
        pipeline_seconds = time.perf_counter() - started
        stories = len(store.story_summaries())
        store.close()

    count = len(texts)
    print(
        f"articles: {count} ({summary.stored} stored, {len(summary.rejected)} rejected), "
        f"stories: {stories}"
    )
    print(f"{'':28}{'seconds':>10}{'articles/s':>12}")
    print(f"{'spaCy nlp.pipe alone':28}{spacy_seconds:10.1f}{count / spacy_seconds:12.1f}")
    label = f"analyze, {args.workers} Dask workers" if args.workers else "storylens analyze (all)"
    print(f"{label:28}{pipeline_seconds:10.1f}{summary.stored / pipeline_seconds:12.1f}")
    print(f"overhead above spaCy: {100 * (pipeline_seconds / spacy_seconds - 1):.0f}%")
    print(f"peak memory (RSS): {peak_rss_mb():.0f} MB")
    from _results import Table, save_results

    rows = {"spaCy nlp.pipe alone": {"seconds": spacy_seconds, "articles/s": count / spacy_seconds}}
    rows[label] = {"seconds": pipeline_seconds, "articles/s": summary.stored / pipeline_seconds}
    caption = f"{count} articles ({summary.stored} stored), {stories} stories"
    table = Table(caption, rows, ("spaCy nlp.pipe alone",), {"seconds": ".1f", "articles/s": ".1f"})
    name = f"pipeline-{args.workers}-workers" if args.workers else "pipeline"
    save_results(name, table, partial=bool(args.corpora))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
