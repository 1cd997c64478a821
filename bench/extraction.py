"""Article extraction from HTML on the NAEB pages: body, title, date and authors.

    .venv/bin/python bench/extraction.py [--half even|odd] [--predictions DIR]

Scores storylens' HTML reader (``read_html``: trafilatura for the body, every metadata source
the page offers with one rule per field) beside plain ``trafilatura.bare_extraction`` with its
defaults, in the same run, and counts per field which source storylens took. The metric is the
one of ``../shared/eval/score.py extract`` (see ../shared/data/README.md): ``\\w+`` tokens,
4-gram shingle multisets, per-page precision and recall averaged, F1 of the averages; title
exact (same words), date exact (same day) and authors F1 over the pages whose gold has the
field. With ``--predictions DIR`` both outputs are written as JSON Lines and scored again with
score.py itself, and the two sets of figures are compared.

``--half even`` / ``--half odd`` scores the pages at even / odd positions of gold.jsonl only:
the rules were read off the even half, so the odd half shows whether they generalise.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import trafilatura

from _data import read_jsonl, shared_data_dir
from storylens.ingest.body import precise_extraction
from storylens.ingest.html import read_html
from storylens.ingest.metadata import page_metadata
from storylens.records import Article

SHINGLE_SIZE = 4
_WORD = re.compile(r"\w+")
_ISO_DAY = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
FIELDS = ("title", "authors", "published")


@dataclass
class Extracted:
    text: str
    title: str | None
    published: str | None
    authors: tuple[str, ...]


def naeb_dir() -> Path:
    return shared_data_dir() / "extraction" / "naeb"


def pages(half: str = "all") -> Iterator[tuple[dict[str, Any], str]]:
    """(gold record, page HTML) for each page of the chosen half."""
    folder = naeb_dir()
    for position, gold in enumerate(read_jsonl(folder / "gold.jsonl")):
        if half == "even" and position % 2 or half == "odd" and not position % 2:
            continue
        raw = gzip.decompress((folder / "pages" / f"{gold['id']}.html.gz").read_bytes())
        yield gold, raw.decode("utf-8", errors="replace")


def _tokens(text: str | None) -> list[str]:
    return [t.lower() for t in _WORD.findall(text or "")]


def shingles(text: str | None) -> Counter[tuple[str, ...]]:
    words = _tokens(text)
    n = SHINGLE_SIZE
    return Counter(tuple(words[i : i + n]) for i in range(max(len(words) - n + 1, 0)))


def _day(value: str | None) -> str | None:
    found = _ISO_DAY.search(value or "")
    return found.group(0) if found else None


def _f1(precision: float, recall: float) -> float:
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0


def storylens_reader(html: str, url: str) -> Extracted:
    article = read_html(html, url, url=url)
    if not isinstance(article, Article):
        return Extracted("", None, None, ())
    return Extracted(article.text, article.title, article.published, article.authors)


def trafilatura_defaults(html: str, url: str) -> Extracted:
    document = trafilatura.bare_extraction(html, url=url, with_metadata=True)
    if document is None or isinstance(document, dict):
        return Extracted("", None, None, ())
    authors = tuple(a.strip() for a in (document.author or "").split(";") if a.strip())
    return Extracted(document.text or "", document.title, document.date, authors)


def score_outputs(golds: list[dict[str, Any]], found: list[Extracted]) -> dict[str, float]:
    """The figures of score.py extract, on the same pages and outputs."""
    precisions, recalls, authors = [], [], []
    titles = dates = title_pages = date_pages = 0
    for gold, extracted in zip(golds, found, strict=True):
        expected, predicted = shingles(gold.get("text")), shingles(extracted.text)
        hits = sum((expected & predicted).values())
        extra = sum((predicted - expected).values())
        missed = sum((expected - predicted).values())
        total = hits + extra + missed
        if total:
            hits, extra, missed = hits / total, extra / total, missed / total
        if hits + extra > 0:
            precisions.append(hits / (hits + extra))
        elif missed == 0:
            precisions.append(1.0)
        if hits + missed > 0:
            recalls.append(hits / (hits + missed))
        if gold.get("title"):
            title_pages += 1
            titles += _tokens(gold["title"]) == _tokens(extracted.title)
        if gold.get("published"):
            date_pages += 1
            dates += _day(gold["published"]) == _day(extracted.published)
        if gold.get("authors"):
            wanted = {" ".join(_tokens(a)) for a in gold["authors"]}
            given = {" ".join(_tokens(a)) for a in extracted.authors}
            shared = len(wanted & given)
            authors.append(_f1(shared / len(given), shared / len(wanted)) if shared else 0.0)
    precision = sum(precisions) / len(precisions) if precisions else 0.0
    recall = sum(recalls) / len(recalls) if recalls else 0.0
    return {
        "body P": precision,
        "body R": recall,
        "body F1": _f1(precision, recall),
        "title": titles / title_pages if title_pages else 0.0,
        "date": dates / date_pages if date_pages else 0.0,
        "authors F1": sum(authors) / len(authors) if authors else 0.0,
    }


def run(extractor: Callable[[str, str], Extracted], half: str = "all") -> dict[str, Any]:
    golds, found, seconds = [], [], 0.0
    for gold, html in pages(half):
        started = time.perf_counter()
        found.append(extractor(html, gold["url"]))
        seconds += time.perf_counter() - started
        golds.append(gold)
    figures: dict[str, Any] = score_outputs(golds, found)
    figures["ms/page"] = 1000 * seconds / max(len(golds), 1)
    figures["_outputs"] = list(zip(golds, found, strict=True))
    return figures


def score(extractor: Callable[[str, str], Extracted], half: str = "all") -> dict[str, float]:
    """The figures alone (the quality floor in tests/test_quality_extraction.py uses this)."""
    return {k: v for k, v in run(extractor, half).items() if not k.startswith("_")}


def source_wins(half: str = "all") -> dict[str, Counter[str]]:
    """Per field, how often storylens took each source (metadata rules as read_html runs them)."""
    wins: dict[str, Counter[str]] = {name: Counter() for name in FIELDS}
    for gold, html in pages(half):
        document = precise_extraction(html, gold["url"])
        fallback = (
            {}
            if document is None
            else {
                "title": document.title,
                "author": document.author,
                "date": document.date,
                "sitename": document.sitename,
            }
        )
        chosen, _ = page_metadata(html, gold["url"], fallback)
        for name in FIELDS:
            wins[name][getattr(chosen, name).source] += 1
    return wins


def write_predictions(path: Path, outputs: list[tuple[dict[str, Any], Extracted]]) -> None:
    with path.open("w", encoding="utf-8") as handle:
        for gold, found in outputs:
            record = {
                "id": gold["id"],
                "text": found.text,
                "title": found.title,
                "published": found.published,
                "authors": list(found.authors),
            }
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")


def check_with_scorer(name: str, predictions: Path, figures: dict[str, Any], half: str) -> None:
    """Score the written output with ../shared/eval/score.py and compare the figures."""
    scorer = shared_data_dir().parent / "eval" / "score.py"
    gold_path = naeb_dir() / "gold.jsonl"
    if half != "all":  # score.py scores every gold page: give it the same half
        gold_path = predictions.parent / f"gold-{half}.jsonl"
        with gold_path.open("w", encoding="utf-8") as handle:
            for gold, _ in figures["_outputs"]:
                handle.write(json.dumps(gold, ensure_ascii=False) + "\n")
    result = subprocess.run(
        [sys.executable, str(scorer), "extract", str(gold_path), str(predictions)],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode:
        print(f"score.py failed on {predictions}: {result.stderr.strip()}", file=sys.stderr)
        return
    theirs = json.loads(result.stdout.strip().splitlines()[-1])
    pairs = {
        "body F1": "body_f1",
        "title": "title_exact",
        "date": "date_exact",
        "authors F1": "authors_f1",
    }
    agree = all(abs(figures[ours] - (theirs[key] or 0.0)) < 1e-3 for ours, key in pairs.items())
    shown = " ".join(f"{key}={theirs[key]}" for key in pairs.values())
    print(f"score.py on {name}: {shown}  {'agrees' if agree else 'DISAGREES'}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--half", choices=("all", "even", "odd"), default="all")
    parser.add_argument("--predictions", type=Path, help="write outputs here, check score.py")
    args = parser.parse_args(argv)
    if not naeb_dir().is_dir():
        print(f"no NAEB data under {shared_data_dir()}", file=sys.stderr)
        return 2
    results = {
        "storylens": run(storylens_reader, args.half),
        "trafilatura": run(trafilatura_defaults, args.half),
    }
    columns = [c for c in results["storylens"] if not c.startswith("_")]
    pages_scored = len(results["storylens"]["_outputs"])
    print(f"{f'NAEB {args.half} ({pages_scored})':18}" + "".join(f"{c:>12}" for c in columns))
    for name, figures in results.items():
        print(f"{name:18}" + "".join(f"{figures[c]:12.3f}" for c in columns))
    print("\nsource storylens took, per field:")
    for name, counts in source_wins(args.half).items():
        print(f"  {name:10} " + ", ".join(f"{source} {n}" for source, n in counts.most_common()))
    if args.predictions:
        args.predictions.mkdir(parents=True, exist_ok=True)
        for name, figures in results.items():
            path = args.predictions / f"{name}-{args.half}.jsonl"
            write_predictions(path, figures["_outputs"])
            check_with_scorer(name, path, figures, args.half)
    from _results import Table, save_results

    rows = {name: {c: figures[c] for c in columns} for name, figures in results.items()}
    caption = f"NAEB {args.half} ({pages_scored} pages)"
    save_results("extraction", Table(caption, rows, ("trafilatura",)), partial=args.half != "all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
