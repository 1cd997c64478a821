"""Cost of the comparison of one story at 10 and 50 articles, beside quote alignment alone.

    .venv/bin/python bench/comparison.py [--sizes 10,50] [--repeat 3]

Times are medians of ``--repeat`` runs, wall time and CPU time (the process's, steadier on a
shared machine); "per article" and the baseline are CPU time.

Articles come from the BASIL corpus in ../shared/data (read in place, never copied), analysed
once with the pipeline's own analysis (spaCy, quotes, dates, tone); a story of N articles is
the first N of them, so the claims matrix, quote alignment and detail pairing work on real
news of real length. Three outlets per event, 60 events: a 50-article "story" holds many
events, which makes it harder (more claims to align), not easier. The baseline is what the
comparison was before this stage grew: quote alignment alone, in the same run.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time

import _results
from _data import read_jsonl, shared_data_dir
from storylens.analyse.article import analyse_articles
from storylens.analyse.nlp import load_pipeline
from storylens.clean import clean_article
from storylens.compare import align_quotes
from storylens.compare.story import compare_story, quotes_in_story
from storylens.ingest.records import build_article
from storylens.records import Article, StoryMember


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _members(limit: int) -> list[StoryMember]:
    corpus = shared_data_dir() / "clustering" / "basil" / "corpus.jsonl"
    articles = []
    for line_number, record in enumerate(read_jsonl(corpus), start=1):
        made = build_article(
            f"{corpus}:{line_number}",
            record.get("text"),
            article_id=record.get("id"),
            title=record.get("title"),
            outlet=record.get("outlet"),
            published=record.get("published"),
        )
        if isinstance(made, Article):
            articles.append(made)
        if len(articles) == limit:
            break
    analysed = analyse_articles((clean_article(a) for a in articles), load_pipeline())
    return [StoryMember(item, seq=position) for position, item in enumerate(analysed)]


def _timed(function: object, repeat: int) -> tuple[float, float]:
    """Median wall and CPU seconds of ``repeat`` calls (CPU time is steadier on a busy machine)."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        function()  # type: ignore[operator]
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10,50")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    if not (shared_data_dir() / "clustering" / "basil" / "corpus.jsonl").exists():
        print("BASIL corpus not found under ../shared/data", file=sys.stderr)
        return 2
    members = _members(max(sizes))
    print(
        f"{'articles':>8}  {'comparison':>12}  {'CPU':>10}  {'per article':>12}  "
        f"{'quotes only':>12}  claims"
    )
    rows: dict[str, dict[str, float | int]] = {}
    for size in sizes:
        story = members[:size]
        full, cpu = _timed(lambda story=story: compare_story("bench", story), args.repeat)
        baseline, baseline_cpu = _timed(
            lambda story=story: align_quotes(quotes_in_story(story)), args.repeat
        )
        claims = len(compare_story("bench", story).claims)
        rows[f"{size} articles"] = {
            "comparison ms": full * 1000,
            "CPU ms": cpu * 1000,
            "CPU ms per article": cpu * 1000 / size,
            "quote alignment alone, CPU ms (baseline)": baseline_cpu * 1000,
            "claims": claims,
        }
        print(
            f"{size:>8}  {full * 1000:>10.1f}ms  {cpu * 1000:>8.1f}ms  "
            f"{cpu * 1000 / size:>10.2f}ms  {baseline_cpu * 1000:>10.1f}ms  {claims}"
        )
    print(f"peak RSS {peak_rss_mb():.0f} MB")
    formats = {"comparison ms": ".1f", "CPU ms": ".1f", "CPU ms per article": ".2f"}
    formats["quote alignment alone, CPU ms (baseline)"] = ".1f"
    caption = f"BASIL story, median of {args.repeat}"
    table = _results.Table(caption, rows, formats=formats)
    _results.save_results("comparison", table, partial=args.sizes != "10,50")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
