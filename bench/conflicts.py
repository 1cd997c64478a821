"""The conflicts table on real news: how many rows each story gets, of which kinds, and how many
of them are true (both values about the same thing, and they really disagree).

    .venv/bin/python bench/conflicts.py [--corpus basil,gvc-train] [--cache DIR]
                                         [--dump even|odd|all] [--candidates even|odd|all]

Articles come from ../shared/data/clustering/{basil,gvc-train} (read in place, never copied),
grouped by their gold story (BASIL: 60 events, three outlets each; gvc-train: the incidents
that two or more outlets report), analysed with the pipeline's own analysis and compared as
``compare_story`` compares a stored story.

Hand-graded rows live in bench/gold/conflicts.jsonl as article ids, character offsets and a
verdict, never the articles' words: ``{"corpus", "story", "kind", "a": [id, start, end],
"b": [id, start, end], "verdict": "true" | "false" | "unsure"}``. A shown row counts as true
when a graded row with the same two offsets says so; recall counts the graded true conflicts
that a row shows. Rules were built reading the even-numbered events (in gold order); the
odd-numbered ones are the held-out half, so the figures print per half.

Read in full: bench/gold/conflicts_read.jsonl holds, for every BASIL event, the conflicts a
fresh reader found reading all of its articles (four readers, 15 events each, who saw no
code), again as article ids and character offsets of the reader's few words around each
value; an event with none has one ``{"none": true}`` row. Against it every shown row of an
event read is graded: true where both its values lie in the words of a true conflict the
reader listed, unsure where they lie in an unsure one, false otherwise; recall is the share
of the reader's true conflicts that a row shows.

``--dump`` prints the shown rows with the offsets a grader needs (their words come from the
articles in place, on the screen only); ``--candidates`` prints every pair of same-kind values
across outlets whose values differ, where a grader looks for the conflicts a table misses.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path

from _data import read_jsonl, shared_data_dir
from _results import Table, save_results
from storylens.analyse.article import analyse_articles
from storylens.analyse.nlp import load_pipeline
from storylens.clean import clean_article
from storylens.compare.details import PersonIndex, extract_details
from storylens.compare.story import compare_story
from storylens.ingest.records import build_article
from storylens.records import AnalysedArticle, Article, DetailConflict, StoryMember

CORPORA = ("basil", "gvc-train")
GOLD = Path(__file__).resolve().parent / "gold" / "conflicts.jsonl"
READ_GOLD = Path(__file__).resolve().parent / "gold" / "conflicts_read.jsonl"
# The kinds of conflict a reader lists that the table looks for ("range" is two dates); the
# others (a quote worded the other way, an outcome told otherwise) are no detail.
LOOKED_FOR = frozenset({"date", "time", "age", "count", "money", "name", "role", "place", "range"})
# The statuses the conflicts table shows a reader; "agree" rows are only counted.
SHOWN = ("disagree", "unchecked")
# The shortest sentence context a dump prints around each value, in characters.
DUMP_CONTEXT = 160


def _stories(corpus: str) -> list[tuple[str, list[dict[str, object]]]]:
    """(story id, its records) in gold order, for stories two or more outlets report."""
    folder = shared_data_dir() / "clustering" / corpus
    story_of = {row["id"]: row["story"] for row in read_jsonl(folder / "gold.jsonl")}
    grouped: dict[str, list[dict[str, object]]] = defaultdict(list)
    order: list[str] = []
    for record in read_jsonl(folder / "corpus.jsonl"):
        story = story_of.get(record["id"])
        if story is None:
            continue
        if story not in grouped:
            order.append(story)
        grouped[story].append(record)
    return [
        (story, grouped[story])
        for story in order
        if len({r.get("outlet") for r in grouped[story]}) >= 2
    ]


def _analysed(corpus: str, wanted: set[str], cache: Path | None) -> dict[str, AnalysedArticle]:
    """The ``wanted`` articles analysed once; kept in ``cache`` (outside the project)."""
    cached = cache / f"conflicts-{corpus}.pickle" if cache else None
    if cached and cached.exists():
        with cached.open("rb") as handle:
            loaded: dict[str, AnalysedArticle] = pickle.load(handle)  # noqa: S301 - own cache
            return loaded
    folder = shared_data_dir() / "clustering" / corpus
    articles = []
    for line_number, record in enumerate(read_jsonl(folder / "corpus.jsonl"), start=1):
        made = build_article(
            f"{folder / 'corpus.jsonl'}:{line_number}",
            record.get("text"),
            article_id=record.get("id"),
            title=record.get("title"),
            outlet=record.get("outlet"),
            published=record.get("published"),
        )
        if isinstance(made, Article) and made.id in wanted:
            articles.append(made)
    analysed = {
        item.article.id: item
        for item in analyse_articles((clean_article(a) for a in articles), load_pipeline())
    }
    if cached:
        cached.parent.mkdir(parents=True, exist_ok=True)
        with cached.open("wb") as handle:
            pickle.dump(analysed, handle)
    return analysed


def _members(
    records: Sequence[dict[str, object]], analysed: dict[str, AnalysedArticle]
) -> list[StoryMember]:
    return [
        StoryMember(analysed[str(r["id"])], seq=position)
        for position, r in enumerate(records)
        if str(r["id"]) in analysed
    ]


def _key(a: tuple[str, int, int], b: tuple[str, int, int]) -> tuple[tuple[str, int, int], ...]:
    return tuple(sorted((a, b)))


def _row_key(conflict: DetailConflict) -> tuple[tuple[str, int, int], ...]:
    return _key(
        (conflict.first.article_id, conflict.first.start, conflict.first.end),
        (conflict.second.article_id, conflict.second.start, conflict.second.end),
    )


def read_gold(path: Path = GOLD) -> dict[tuple[tuple[str, int, int], ...], dict[str, object]]:
    if not path.exists():
        return {}
    gold = {}
    for row in read_jsonl(path):
        a, b = row["a"], row["b"]
        gold[_key((a[0], a[1], a[2]), (b[0], b[1], b[2]))] = row
    return gold


Span = tuple[str, int, int]


def read_reader_gold(path: Path = READ_GOLD) -> dict[tuple[str, str], list[dict[str, object]]]:
    """(corpus, story) -> the conflicts the reader listed, for every event read in full."""
    found: dict[tuple[str, str], list[dict[str, object]]] = {}
    if not path.exists():
        return found
    for row in read_jsonl(path):
        listed = found.setdefault((row["corpus"], row["story"]), [])
        if not row.get("none"):
            listed.append(row)
    return found


def _inside(detail_span: Span, reader_span: list[object], texts: dict[str, str]) -> bool:
    article, start, end = detail_span
    if article == reader_span[0] and reader_span[1] <= start and end <= reader_span[2]:
        return True
    # A name is spelt so wherever an article writes it: the reader's words around one
    # mention of a spelling grade a row shown at another, in any article.
    reader_words = texts.get(str(reader_span[0]), "")[reader_span[1] : reader_span[2]]
    return bool(texts) and texts[article][start:end] in reader_words


def reader_verdict(
    key: tuple[Span, ...], listed: Sequence[dict[str, object]], texts: dict[str, str]
) -> str:
    """ "true" or "unsure" where both values of a shown row lie in one listed conflict (for a
    name, where the reader's words hold both spellings)."""
    first, second = key
    for row in listed:
        a, b = row["a"], row["b"]
        names = texts if row["kind"] == "name" else {}
        if (_inside(first, a, names) and _inside(second, b, names)) or (
            _inside(first, b, names) and _inside(second, a, names)
        ):
            return str(row["verdict"])
    return "false"


def _context(member: StoryMember, start: int, end: int) -> str:
    text = member.analysed.article.text
    low = max(0, start - DUMP_CONTEXT // 2)
    high = min(len(text), end + DUMP_CONTEXT // 2)
    piece = text[low:start] + "[[" + text[start:end] + "]]" + text[end:high]
    return " ".join(piece.split())


def _dump_row(
    corpus: str, story: str, kind: str, members: dict[str, StoryMember], conflict: DetailConflict
) -> None:
    first, second = conflict.first, conflict.second
    row = {
        "corpus": corpus,
        "story": story,
        "kind": kind,
        "a": [first.article_id, first.start, first.end],
        "b": [second.article_id, second.start, second.end],
    }
    print(json.dumps(row))
    print(f"   status {conflict.status}: {conflict.reason} | subject {conflict.subject}")
    for side, detail in (("A", first), ("B", second)):
        where = _context(members[detail.article_id], detail.start, detail.end)
        print(f"   {side} {detail.outlet} {detail.value}: {where}")


def _dump_candidates(corpus: str, story: str, members: list[StoryMember]) -> None:
    """Same-kind values of two outlets that differ: where missed conflicts would be."""
    people = PersonIndex(members)
    found = [(m, extract_details(m, people)) for m in members]
    by_id = {m.id: m for m in members}
    for i, (ma, da) in enumerate(found):
        for mb, db in found[i + 1 :]:
            if ma.outlet == mb.outlet:
                continue
            for a in da:
                for b in db:
                    if a.kind != b.kind or a.value == b.value or a.kind in ("date", "place"):
                        continue
                    if a.kind in ("age", "role", "count") and a.subject != b.subject:
                        continue
                    print(
                        json.dumps(
                            {
                                "corpus": corpus,
                                "story": story,
                                "kind": a.kind,
                                "a": [a.article_id, a.start, a.end],
                                "b": [b.article_id, b.start, b.end],
                            }
                        )
                    )
                    print(f"   A {a.value}: {_context(by_id[a.article_id], a.start, a.end)}")
                    print(f"   B {b.value}: {_context(by_id[b.article_id], b.start, b.end)}")


def _half_of(position: int) -> str:
    return "even" if position % 2 == 0 else "odd"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=",".join(CORPORA))
    parser.add_argument("--cache", type=Path, default=None)
    parser.add_argument("--dump", choices=("even", "odd", "all"), default=None)
    parser.add_argument("--candidates", choices=("even", "odd", "all"), default=None)
    args = parser.parse_args()
    gold = read_gold()
    read = read_reader_gold()
    rows: dict[str, dict[str, float | int]] = {}
    read_rows: dict[str, dict[str, float | int]] = {}
    for corpus in args.corpus.split(","):
        if not (shared_data_dir() / "clustering" / corpus / "corpus.jsonl").exists():
            print(f"{corpus}: not found under ../shared/data", file=sys.stderr)
            return 2
        stories = _stories(corpus)
        wanted = {str(r["id"]) for _, records in stories for r in records}
        analysed = _analysed(corpus, wanted, args.cache)
        kinds: Counter[str] = Counter()
        statuses: Counter[str] = Counter()
        rows_per_story = []
        graded: dict[str, Counter[str]] = {"even": Counter(), "odd": Counter()}
        by_reader: dict[str, Counter[str]] = {"even": Counter(), "odd": Counter()}
        for position, (story, records) in enumerate(stories):
            half = _half_of(position)
            members = _members(records, analysed)
            comparison = compare_story(story, members)
            shown = [d for d in comparison.details if d.status in SHOWN]
            rows_per_story.append(len(shown))
            statuses.update(d.status for d in comparison.details)
            kinds.update(d.kind for d in shown)
            by_id = {m.id: m for m in members}
            shown_keys = set()
            for d in shown:
                key = _row_key(d)
                shown_keys.add(key)
                verdict = gold.get(key, {}).get("verdict")
                graded[half]["shown"] += 1
                if verdict is not None:
                    graded[half][f"shown {verdict}"] += 1
                if args.dump in (half, "all"):
                    _dump_row(corpus, story, d.kind, by_id, d)
            listed = read.get((corpus, story))
            if listed is not None:
                by_reader[half]["events"] += 1
                texts = {m.id: m.analysed.article.text for m in members}
                verdicts = [reader_verdict(_row_key(d), listed, texts) for d in shown]
                by_reader[half].update(f"shown {v}" for v in verdicts)
                for row in listed:
                    if row["verdict"] != "true":
                        continue
                    found = any(reader_verdict(_row_key(d), [row], texts) == "true" for d in shown)
                    by_reader[half]["real"] += 1
                    by_reader[half]["real found"] += found
                    if row["kind"] in LOOKED_FOR:
                        by_reader[half]["kind real"] += 1
                        by_reader[half]["kind found"] += found
            for key, row in gold.items():
                if row["corpus"] == corpus and row["story"] == story and row["verdict"] == "true":
                    graded[half]["real"] += 1
                    graded[half]["real found"] += key in shown_keys
            if args.candidates in (half, "all"):
                _dump_candidates(corpus, story, members)
        total = sum(rows_per_story) or 1
        shown_rows = sum(rows_per_story)
        print(
            f"{corpus}: {len(stories)} stories, {shown_rows} conflict rows shown "
            f"({shown_rows / max(len(stories), 1):.2f} per story, "
            f"most {max(rows_per_story, default=0)})"
        )
        print(
            "  by kind: " + ", ".join(f"{k} {n / total:.0%} ({n})" for k, n in kinds.most_common())
        )
        print("  by status: " + ", ".join(f"{k} {n}" for k, n in statuses.most_common()))
        for half in graded:
            # The rows main showed before issue 19's rules, sampled and graded then.
            before = [
                r
                for r in gold.values()
                if r["corpus"] == corpus and r.get("graded") == "before" and r.get("half") == half
            ]
            true = sum(r["verdict"] == "true" for r in before)
            if before:
                print(
                    f"  {half} half, sample of the rows before: precision {true / len(before):.2f} "
                    f"({true} of {len(before)})"
                )
        for half, counts in graded.items():
            judged = counts["shown true"] + counts["shown false"]
            precision = counts["shown true"] / judged if judged else float("nan")
            recall = counts["real found"] / counts["real"] if counts["real"] else float("nan")
            print(
                f"  {half} half: {counts['shown']} rows shown, {judged} graded, "
                f"precision {precision:.2f}; recall {recall:.2f} "
                f"({counts['real found']} of {counts['real']} graded real conflicts)"
            )
            rows[f"{corpus}, {half} half"] = {
                "rows shown": counts["shown"],
                "graded": judged,
                "precision": precision,
                "recall": recall,
                "real found": counts["real found"],
                "graded real": counts["real"],
            }
        for half, counts in by_reader.items():
            if not counts["events"]:
                continue
            shown_rows = sum(counts[f"shown {v}"] for v in ("true", "unsure", "false"))
            precision = counts["shown true"] / shown_rows if shown_rows else float("nan")
            recall = counts["real found"] / counts["real"] if counts["real"] else float("nan")
            kind_recall = (
                counts["kind found"] / counts["kind real"] if counts["kind real"] else float("nan")
            )
            print(
                f"  {half} half, events read in full ({counts['events']}): {shown_rows} rows "
                f"shown, {counts['shown true']} true, {counts['shown unsure']} unsure, "
                f"{counts['shown false']} false; recall {recall:.2f} "
                f"({counts['real found']} of {counts['real']} true conflicts the reader found; "
                f"{counts['kind found']} of {counts['kind real']} of the kinds the table looks for)"
            )
            read_rows[f"{corpus}, {half} half"] = {
                "events": counts["events"],
                "rows shown": shown_rows,
                "true": counts["shown true"],
                "unsure": counts["shown unsure"],
                "false": counts["shown false"],
                "precision": precision,
                "recall": recall,
                "reader's true": counts["real"],
                "recall, kinds looked for": kind_recall,
            }
    formats = {"precision": ".2f", "recall": ".2f", "recall, kinds looked for": ".2f"}
    table = Table("conflict rows against bench/gold/conflicts.jsonl", rows, formats=formats)
    tables = [table]
    if read_rows:
        tables.append(
            Table(
                "conflict rows of events read in full (bench/gold/conflicts_read.jsonl)",
                read_rows,
                formats=formats,
            )
        )
    save_results("conflicts", *tables, partial=args.corpus != ",".join(CORPORA))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
