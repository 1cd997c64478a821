"""Article extraction from HTML on the NAEB pages: body, title, date and authors.

    .venv/bin/python bench/extraction.py

Scores storylens' HTML reader (trafilatura tuned for precision, htmldate for missing dates)
beside plain ``trafilatura.bare_extraction`` with its defaults, in the same run. Metric, as in
../shared/data/README.md: ``\\w+`` tokens, 4-gram shingles, per-page precision and recall
averaged, F1 of the averages; title exact (same words), date exact (same day), authors F1.
"""

from __future__ import annotations

import gzip
import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

import trafilatura

from _data import read_jsonl, shared_data_dir
from storylens.ingest.html import read_html
from storylens.records import Article

SHINGLE_SIZE = 4
_WORD = re.compile(r"\w+")


@dataclass
class Extracted:
    text: str
    title: str | None
    published: str | None
    authors: tuple[str, ...]


def shingles(text: str) -> set[tuple[str, ...]]:
    words = _WORD.findall(text.lower())
    if len(words) < SHINGLE_SIZE:
        return {tuple(words)} if words else set()
    return {tuple(words[i : i + SHINGLE_SIZE]) for i in range(len(words) - SHINGLE_SIZE + 1)}


def same_words(a: str | None, b: str | None) -> bool:
    return bool(a and b) and _WORD.findall((a or "").lower()) == _WORD.findall((b or "").lower())


def author_f1(predicted: tuple[str, ...], gold: list[str]) -> float:
    predicted_set = {" ".join(_WORD.findall(a.lower())) for a in predicted}
    gold_set = {" ".join(_WORD.findall(a.lower())) for a in gold}
    if not predicted_set and not gold_set:
        return 1.0
    hits = len(predicted_set & gold_set)
    if not hits:
        return 0.0
    precision, recall = hits / len(predicted_set), hits / len(gold_set)
    return 2 * precision * recall / (precision + recall)


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


def score(extractor: Callable[[str, str], Extracted]) -> dict[str, float]:
    folder = shared_data_dir() / "extraction" / "naeb"
    precisions, recalls, titles, dates, authors = [], [], [], [], []
    started = time.perf_counter()
    for gold in read_jsonl(folder / "gold.jsonl"):
        html = gzip.decompress((folder / "pages" / f"{gold['id']}.html.gz").read_bytes())
        found = extractor(html.decode("utf-8", errors="replace"), gold["url"])
        predicted, expected = shingles(found.text), shingles(gold["text"])
        overlap = len(predicted & expected)
        precisions.append(overlap / len(predicted) if predicted else 0.0)
        recalls.append(overlap / len(expected) if expected else 1.0)
        titles.append(same_words(found.title, gold["title"]))
        dates.append(
            bool(found.published and gold["published"])
            and found.published[:10] == gold["published"][:10]
        )
        authors.append(author_f1(found.authors, gold["authors"] or []))
    seconds = time.perf_counter() - started
    precision, recall = sum(precisions) / len(precisions), sum(recalls) / len(recalls)
    return {
        "body P": precision,
        "body R": recall,
        "body F1": 2 * precision * recall / (precision + recall),
        "title": sum(titles) / len(titles),
        "date": sum(dates) / len(dates),
        "authors F1": sum(authors) / len(authors),
        "pages/s": len(titles) / seconds,
    }


def main() -> int:
    if not (shared_data_dir() / "extraction" / "naeb").is_dir():
        print(f"no NAEB data under {shared_data_dir()}", file=sys.stderr)
        return 2
    results = {"storylens": score(storylens_reader), "trafilatura": score(trafilatura_defaults)}
    columns = list(results["storylens"])
    print(f"{'NAEB (200 pages)':16}" + "".join(f"{c:>12}" for c in columns))
    for name, figures in results.items():
        print(f"{name:16}" + "".join(f"{figures[c]:12.3f}" for c in columns))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
