"""Statement precision and recall of the story comparison, by part, on graded stories.

    .venv/bin/python bench/statements.py [--corpus basil] [--dump-ungraded] [--skeleton FILE]

Each graded story is compared as ``storylens compare`` compares inputs
(``storylens.compare_articles``), its report taken as ``storylens report --format json``
writes it, and cut into **statements**: one line a reader of the report could quote, with the
article offsets it rests on. Gold rows (``bench/gold/statements_<corpus>.jsonl``: ids,
offsets, labels, verdicts and the grader's own notes, never the articles' words) grade them.

Corpora (texts read in place, never copied: ``../shared`` beside the checkout, or
``STORYLENS_SHARED_DATA`` for its ``data`` folder; a corpus whose data is absent is skipped
with a line saying so):

- ``written``: the fictional stories of ``examples/`` (``gold.json`` ``stories`` and
  ``comparison``), each article read from the file that holds it;
- ``seeds``: the two files of ``../shared/seeds``, one story (article ids: file stems);
- ``basil``: the events at odd positions 1, 3, ..., 27 (0-based, order of first appearance in
  ``clustering/basil/gold.jsonl``), three outlets each; the even positions are for tuning.
  Events 17-27 have their lone claims graded only (every other part of them is ungraded);
- ``basil-dev``: even positions 0, 2, ..., 30: real news to tune on (the lone-claim
  model trains on its graded rows), never a held-out figure;
- ``gvc-train``: the incidents of ``clustering/gvc-train/gold.jsonl`` with 3-4 articles, in
  order of first appearance, at odd positions among them, the first four.

The statements, one function per part (each a ``Statement``: part, spans ``(article_id,
start, end)``, a label, and the words shown; spans are offsets into the article text as
storylens stores it, the report JSON's own offsets where it gives them, otherwise where the
shown words stand in the article):

- ``summary``: each summary line: its sentence, and each other outlet's own wording of it;
  label, the outlets said to print the line's words.
- ``shared``: each group of claims two or more outlets share: every claim of the group; label,
  the outlets of the group.
- ``only``: each claim listed as one outlet's own: the claim; label, the outlet.
- ``only?``: each lone claim the report hedges ("B may say it in other words"): graded from
  the ``only`` row at its span (``HEDGED_VERDICT``), since no grader judged the hedge.
- ``unplaced``: each lone claim listed apart as one the lone-claim model cannot place ("A:
  ..., storylens cannot tell whether another outlet tells it"): graded from the ``only`` row
  at its span (``UNPLACED_VERDICT``): true unless the row says it is no claim at all; it finds
  no ``must`` row, since it does not say the claim is the outlet's own.
- ``conflict``: each detail row the report shows (status ``disagree`` or ``unchecked``): the
  two values; label ``confirmed`` or ``possible``.
- ``quote``: each wording of a quote group the report shows (carried by two articles, or
  worded twice): the wording and the group's fullest wording; label, its relation
  (``reference``, ``identical``, ``reworded`` ...). A report with no such group states "No
  quote appears in more than one article": one statement with no span, label ``none-shared``.
- ``sourcing``: per outlet: each named speaker (where the name first stands in the outlet's
  articles; label ``named:<name>``), each anonymous source (``anonymous:<description>``), each
  speaker said to be left out (the name in another outlet's article;
  ``left-out:<outlet>:<name>``), and each count row (no span;
  ``count:<outlet>:<type>:<quotes>/<words>/<reported>``). The label carries the name because
  a name the articles do not print as given has no span to match by.
- ``tone``: each tone mark (own voice, scare quotes, quoted, reported account): the words;
  label, the voice.
- ``timeline``: each timeline row: the date's words in its sentence; label, the TIMEX3 value.
- ``named``: each person only one outlet names: the first mention; label
  ``named-only:<outlet>:<name>``.
- ``nearest``: each other outlet's nearest sentence shown under an unplaced claim or a summary
  line ("closest in B: ..."): the claim and that sentence; label ``nearest:<outlet>``; graded
  misleading where the sentence is about something else while the outlet tells the fact in
  another sentence (an unrelated closest sentence of an outlet that does not tell it is true:
  it is the closest there is). Its
  recall is not over rows of its own: its ``must`` is the ``shared`` rows no other statement
  finds, and a row is found where a nearest line joins two of its sentences (a claim and, as
  its nearest, another outlet's sentence of the same fact), the pointer a reader gets instead,
  or a summary line does (its sentence and another outlet's own wording of it, shown as that
  outlet telling the line in other words: a stronger pointer, graded as a summary line).

Matching: a statement matches a gold row when corpus, story and part are equal, each gold span
overlaps a span of the statement in the same article by at least half of the shorter of the
two (of the longer, for a row with a verdict: a statement of another extent is ungraded),
and the labels are equal where the row has a label (a row with no span must have one).
A statement that matches several rows takes the one it overlaps most. Rows with verdict
``true``, ``misleading`` or ``wrong`` grade statements: precision is true / graded. A
statement that matches only a ``must`` row with a label counts as true (the row says what a
correct report states, label included). Every other statement is *ungraded*: counted and
printed, never counted as true. Recall is the share of ``must`` rows some statement matches.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from _data import read_jsonl, shared_data_dir

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
GOLD_DIR = Path(__file__).resolve().parent / "gold"
CORPORA = ("written", "seeds", "basil-dev", "basil", "gvc-train")
PARTS = (
    "summary",
    "shared",
    "only",
    "only?",
    "unplaced",
    "conflict",
    "quote",
    "sourcing",
    "tone",
    "timeline",
    "named",
    "nearest",
)
# A hedged "only" line ("only in A; B may say it in other words") is graded from the gold row
# of the plain line at its span: where the plain line misled because another outlet tells the
# claim, the hedge is true; where the claim really is A's alone, the hedge's doubt misleads;
# a wrong line (no claim at all, another's words) stays wrong.
GOLD_PART = {"only?": "only", "unplaced": "only"}
HEDGED_VERDICT = {"misleading": "true", "true": "misleading", "wrong": "wrong"}
UNPLACED_VERDICT = {"misleading": "true", "true": "true", "wrong": "wrong"}
VERDICT_FROM_GOLD_PART = {"only?": HEDGED_VERDICT, "unplaced": UNPLACED_VERDICT}
GRADED_VERDICTS = ("true", "misleading", "wrong")
# Parts whose lines claim nothing a ``must`` row asks for: an unplaced claim is not said to be
# its outlet's own, a nearest sentence not said to tell the same fact.
UNCLAIMED = ("unplaced", "nearest")
VERDICTS = (*GRADED_VERDICTS, "must")
# A gold span and a statement span match when they overlap by this share of the shorter.
MIN_OVERLAP_SHARE = 0.5
# BASIL: three outlets per event; the held-out events sit at odd positions up to 27.
BASIL_POSITIONS = range(1, 28, 2)
BASIL_DEV_POSITIONS = range(0, 32, 2)
# gvc-train: incidents of this many articles are graded, the first GVC_STORIES at odd positions.
GVC_SIZES = range(3, 5)
GVC_STORIES = 4
# Words shown per statement in --dump-ungraded.
DUMP_WORDS_CHARS = 160

Span = tuple[str, int, int]
# What a part's function yields per statement: its spans, its label and the words shown.
Lines = Iterator[tuple[tuple[Span, ...], str, str]]


@dataclass(frozen=True)
class Statement:
    corpus: str
    story: str
    part: str
    spans: tuple[Span, ...]
    label: str
    words: str


@dataclass(frozen=True)
class GoldRow:
    corpus: str
    story: str
    part: str
    spans: tuple[Span, ...]
    label: str | None
    verdict: str
    note: str

    @classmethod
    def from_json(cls, record: dict[str, Any]) -> GoldRow:
        row = cls(
            corpus=record["corpus"],
            story=record["story"],
            part=record["part"],
            spans=tuple((str(a), int(s), int(e)) for a, s, e in record.get("spans", [])),
            label=record.get("label") or None,
            verdict=record["verdict"],
            note=record.get("note", ""),
        )
        if row.part not in PARTS or row.verdict not in VERDICTS:
            raise ValueError(f"gold row with unknown part or verdict: {record}")
        if not row.spans and row.label is None:
            raise ValueError(f"gold row with neither span nor label: {record}")
        return row


# --- locating shown words in an article ---------------------------------------------------

# Words before a surname that do not make it another person's name ("Sen. Reid", "Mr Reid").
_TITLES = frozenset(
    {"Mr", "Mrs", "Ms", "Dr", "Sen", "Rep", "Gov", "President", "Senator", "Governor", "Judge"}
    | {"Justice", "Officer", "Sgt", "Det", "Chief", "Mayor", "Councillor", "Councilor"}
    | {"Professor", "Prof", "Minister", "Secretary", "Speaker", "Leader"}
)


@dataclass
class StoryTexts:
    """The articles' texts and which articles each outlet name stands for."""

    texts: dict[str, str]
    articles_of: dict[str, list[str]] = field(default_factory=dict)

    def locate(self, article_id: str | None, words: str, within: Span | None = None) -> Span | None:
        """Where ``words`` stand in the article (inside ``within`` when given), or None."""
        if not article_id or not words or article_id not in self.texts:
            return None
        text = self.texts[article_id]
        start, end = (within[1], within[2]) if within else (0, len(text))
        # Exact first; then without case, since a report may lower-case a description that
        # opens a sentence in the article ("A source in the camp" shown as "a source ...").
        for haystack, needle in ((text, words), (text.casefold(), words.casefold())):
            at = haystack.find(needle, start, end)
            if at < 0:
                at = haystack.find(needle)
            if at >= 0 and len(haystack) == len(text):
                return (article_id, at, at + len(words))
        return None

    def locate_surname(self, outlet: str, name: str) -> Span | None:
        """A person's surname where it stands alone or after their own first name, never
        inside another person's name ("Baldwin" in "Alec Baldwin" is not Hilaria's)."""
        parts = name.split()
        if len(parts) < 2:
            return None
        surname, first = parts[-1], parts[0]
        pattern = re.compile(rf"(?:\b([A-Z][\w'-]*)\s+)?\b{re.escape(surname)}\b")
        for article_id in self.articles_of.get(outlet, []):
            for found in pattern.finditer(self.texts.get(article_id, "")):
                before = found.group(1)
                if before is None or before == first or before in _TITLES:
                    start = found.start() if before == first else found.end() - len(surname)
                    return (article_id, start, found.end())
        return None

    def locate_in_outlet(self, outlet: str, words: str) -> Span | None:
        for article_id in self.articles_of.get(outlet, []):
            found = self.locate(article_id, words)
            if found:
                return found
        return None


def _spans(*found: Span | None) -> tuple[Span, ...]:
    return tuple(span for span in found if span is not None)


def _outlets_of(comparison: dict[str, Any]) -> dict[str, list[str]]:
    articles: dict[str, list[str]] = defaultdict(list)
    for row in [*comparison.get("lineage", []), *comparison.get("claims", [])]:
        outlet, article_id = row.get("outlet"), row.get("article_id")
        if outlet and article_id and article_id not in articles[outlet]:
            articles[outlet].append(article_id)
    return dict(articles)


# --- the statements, one function per part ------------------------------------------------


def summary_statements(c: dict[str, Any], at: StoryTexts) -> Lines:
    for line in c.get("summary", []):
        main = at.locate(line.get("article_id"), line["text"])
        others = [
            at.locate_in_outlet(o["outlet"], o["text"]) for o in line.get("other_wordings", [])
        ]
        label = ", ".join(sorted(line.get("outlets", [])))
        # what the line says of the other outlets is part of what it states
        if line.get("own"):
            label += " | own"
        if line.get("same_quotation") and not line.get("own"):
            label += " | same quotation: " + ", ".join(sorted(line["same_quotation"]))
        if line.get("unmatched") and not line.get("own"):
            # the line says storylens cannot tell whether an outlet with no closest sentence
            # tells it; the closest sentences are statements of their own (``nearest``)
            pointed = {m["outlet"] for m in line.get("nearest") or []}
            doubtful = sorted(o for o in line["unmatched"] if o not in pointed)
            if doubtful:
                label += " | cannot tell: " + ", ".join(doubtful)
        shown = " | ".join(f"{o['outlet']}: {o['text']}" for o in line.get("other_wordings", []))
        yield (
            _spans(main, *others),
            label,
            f"{line['text']} ({label})" + (f" || {shown}" if shown else ""),
        )


def shared_statements(c: dict[str, Any], at: StoryTexts) -> Lines:
    groups: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for claim in c.get("claims", []):
        if claim.get("status") == "shared":
            groups[claim["group"]].append(claim)
    for claims in groups.values():
        outlets = sorted({cl["outlet"] for cl in claims if cl.get("outlet")})
        spans = tuple((cl["article_id"], cl["start"], cl["end"]) for cl in claims)
        words = " || ".join(f"{cl['outlet']}: {cl['text']}" for cl in claims)
        yield spans, ", ".join(outlets), words


def only_statements(c: dict[str, Any], at: StoryTexts) -> Lines:
    for claim in c.get("claims", []):
        if claim.get("status") == "only" and not claim.get("maybe_matches"):
            echo = claim.get("echoed_by") or []
            words = claim["text"] + (f" (echoed by {', '.join(echo)})" if echo else "")
            yield ((claim["article_id"], claim["start"], claim["end"]),), claim["outlet"], words


def hedged_only_statements(c: dict[str, Any], at: StoryTexts) -> Lines:
    """A lone claim the report hedges: "only in A (B may say it in other words)"."""
    for claim in c.get("claims", []):
        maybe = claim.get("maybe_matches") or []
        if claim.get("status") == "only" and maybe:
            others = ", ".join(sorted({m["outlet"] for m in maybe}))
            words = f"{claim['text']} (only in {claim['outlet']}; {others} may say it)"
            yield ((claim["article_id"], claim["start"], claim["end"]),), claim["outlet"], words


def unplaced_statements(c: dict[str, Any], at: StoryTexts) -> Lines:
    """A lone claim listed apart: the model can call it neither its outlet's own nor told
    elsewhere."""
    for claim in c.get("claims", []):
        if claim.get("status") == "unplaced":
            words = (
                f"{claim['outlet']}: {claim['text']} (cannot tell whether another outlet tells it)"
            )
            yield ((claim["article_id"], claim["start"], claim["end"]),), claim["outlet"], words


def nearest_statements(c: dict[str, Any], at: StoryTexts) -> Lines:
    """Another outlet's nearest sentence shown under an unplaced claim or a summary line
    ("closest in B: ..."): the claim (or line) and that sentence; label ``nearest:<outlet>``."""
    for line in c.get("summary", []):
        main = at.locate(line.get("article_id"), line["text"])
        for match in line.get("nearest") or []:
            sentence = at.texts.get(match["article_id"], "")[match["start"] : match["end"]]
            words = f"{line['text']} / closest in {match['outlet']}: {sentence}"
            spans = _spans(main, (match["article_id"], match["start"], match["end"]))
            yield spans, f"nearest:{match['outlet']}", words
    for claim in c.get("claims", []):
        for match in claim.get("nearest") or []:
            sentence = at.texts.get(match["article_id"], "")[match["start"] : match["end"]]
            words = f"{claim['text']} / closest in {match['outlet']}: {sentence}"
            spans = (
                (claim["article_id"], claim["start"], claim["end"]),
                (match["article_id"], match["start"], match["end"]),
            )
            yield spans, f"nearest:{match['outlet']}", words


def conflict_statements(c: dict[str, Any], at: StoryTexts) -> Lines:
    for detail in c.get("details", []):
        if detail.get("status") == "agree":
            continue
        first, second = detail["first"], detail["second"]
        label = "confirmed" if detail["status"] == "disagree" else "possible"
        words = (
            f"{detail['kind']} [{detail.get('subject', '')}] {first['outlet']}: {first['text']!r} "
            f"({first.get('value')}) / {second['outlet']}: {second['text']!r} "
            f"({second.get('value')}): {detail.get('reason', '')}"
        )
        spans = (
            (first["article_id"], first["start"], first["end"]),
            (second["article_id"], second["start"], second["end"]),
        )
        yield spans, label, words


def quote_statements(c: dict[str, Any], at: StoryTexts) -> Lines:
    shown = [
        g
        for g in c.get("quote_groups", [])
        if len({v["article_id"] for v in g["variants"]}) > 1 or len(g["variants"]) > 1
    ]
    if not shown:
        yield (), "none-shared", "No quote appears in more than one article."
    for group in shown:
        reference = next((v for v in group["variants"] if v["relation"] == "reference"), None)
        for variant in group["variants"]:
            spans: list[Span] = [(variant["article_id"], variant["start"], variant["end"])]
            # The report diffs a variant against ``compared_with`` where set (another outlet's
            # closer print of the same line, in the fullest wording's article), else the fullest.
            against = variant.get("compared_with") or ""
            if reference is not None and variant is not reference:
                found = None
                if against:  # a repeat of the fullest wording stands outside it
                    text = at.texts.get(reference["article_id"], "")
                    outside = (reference["article_id"], reference["end"], len(text))
                    found = at.locate(reference["article_id"], against, outside)
                spans.append(
                    found or (reference["article_id"], reference["start"], reference["end"])
                )
            relay = f", per {variant['reported_by']}" if variant.get("reported_by") else ""
            words = (
                f"[{variant.get('speaker') or group.get('speaker')}] {variant['outlet']}: "
                f"{variant['relation']}{relay}: {variant['text']!r} "
                + (f"(against: {against!r}) " if against else "")
                + f"(fullest: {group['reference']!r})"
            )
            yield tuple(spans), variant["relation"], words


def sourcing_statements(c: dict[str, Any], at: StoryTexts) -> Lines:
    for profile in c.get("sourcing_by_outlet", []):
        outlet = profile["outlet"]
        for name in profile.get("speakers", []):
            found = at.locate_in_outlet(outlet, name) or at.locate_surname(outlet, name)
            yield _spans(found), f"named:{name}", f"{outlet} quotes named {name}"
        for description in profile.get("anonymous", []):
            found = at.locate_in_outlet(outlet, description)
            yield _spans(found), f"anonymous:{description}", f"{outlet} quotes {description!r}"
        for name in profile.get("left_out", []):
            others = [o for o in at.articles_of if o != outlet]
            found = next(filter(None, (at.locate_in_outlet(o, name) for o in others)), None)
            yield _spans(found), f"left-out:{outlet}:{name}", f"{outlet} leaves out {name}"
        for count in profile.get("counts", []):
            figures = f"{count['quotes']}/{count['words']}/{count['reported']}"
            # "count2": the row says quotes and words ("3 quotes, 120 words"), where "count"
            # rows were graded on "3 (120 words)", which readers took for three people
            label = f"count2:{outlet}:{count['source_type']}:{figures}"
            words = (
                f"{outlet} {count['source_type']}: {count['quotes']} quotes, "
                f"{count['words']} words, {count['reported']} reported without marks"
            )
            yield (), label, words


def tone_statements(c: dict[str, Any], at: StoryTexts) -> Lines:
    for profile in c.get("tone", []):
        for kind in ("own", "scare", "quoted", "reported"):
            for mark in profile.get(kind, []):
                speaker = f" (per {mark['speaker']})" if mark.get("speaker") else ""
                words = (
                    f"{profile['outlet']} {mark['voice']}: {mark['text']!r} "
                    f"({mark['polarity']}){speaker}"
                )
                yield ((profile["article_id"], mark["start"], mark["end"]),), mark["voice"], words


def timeline_statements(c: dict[str, Any], at: StoryTexts) -> Lines:
    for entry in c.get("timeline", []):
        sentence = at.locate(entry.get("article_id"), entry.get("sentence") or "")
        found = at.locate(entry.get("article_id"), entry["text"], within=sentence)
        outlets = ", ".join(entry.get("outlets", []))
        words = f"{entry['value']} {entry['text']!r} [{outlets}] in {entry.get('sentence')!r}"
        yield _spans(found), entry["value"], words


def named_statements(c: dict[str, Any], at: StoryTexts) -> Lines:
    for person in c.get("names_only", []):
        span = (person["article_id"], person["start"], person["end"])
        yield (
            (span,),
            f"named-only:{person['outlet']}:{person['name']}",
            f"only {person['outlet']} names {person['name']}",
        )


PART_STATEMENTS: dict[str, Callable[[dict[str, Any], StoryTexts], Lines]] = {
    "summary": summary_statements,
    "shared": shared_statements,
    "only": only_statements,
    "only?": hedged_only_statements,
    "unplaced": unplaced_statements,
    "conflict": conflict_statements,
    "quote": quote_statements,
    "sourcing": sourcing_statements,
    "tone": tone_statements,
    "timeline": timeline_statements,
    "named": named_statements,
    "nearest": nearest_statements,
}


def report_statements(
    corpus: str, story: str, report: dict[str, Any], texts: dict[str, str]
) -> list[Statement]:
    """Every statement of one report (``storylens report --format json``), part by part."""
    comparison = report["comparison"]
    at = StoryTexts(texts, _outlets_of(comparison))
    return [
        Statement(corpus, story, part, spans, label, " ".join(words.split()))
        for part, enumerate_part in PART_STATEMENTS.items()
        for spans, label, words in enumerate_part(comparison, at)
    ]


# --- matching and grading -----------------------------------------------------------------


def span_overlap(gold: Span, shown: Span, *, of_longer: bool = False) -> int:
    """Characters two spans share, counted only when they are in the same article and share
    at least ``MIN_OVERLAP_SHARE`` of the shorter span (of the longer, with ``of_longer``)."""
    if gold[0] != shown[0]:
        return 0
    shared = min(gold[2], shown[2]) - max(gold[1], shown[1])
    lengths = (gold[2] - gold[1], shown[2] - shown[1])
    base = max(1, max(lengths) if of_longer else min(lengths))
    return shared if shared > 0 and shared >= MIN_OVERLAP_SHARE * base else 0


def match_score(statement: Statement, row: GoldRow) -> int | None:
    """None when the row does not match the statement; otherwise how much they overlap (the
    characters each gold span shares with its best statement span, summed).

    A verdict row grades a statement of about its own extent: the spans must share half of
    the longer one, so a wording cut in two, or two claims joined, is ungraded until a grader
    reads it, rather than inheriting the verdict of what was shown before. A ``must`` row is
    found by any statement covering half of the shorter span."""
    part = GOLD_PART.get(statement.part, statement.part)
    if (statement.corpus, statement.story, part) != (row.corpus, row.story, row.part):
        return None
    if row.label is not None and row.label != statement.label:
        return None
    of_longer = row.verdict in GRADED_VERDICTS
    total = 0
    for gold in row.spans:
        best = max(
            (span_overlap(gold, shown, of_longer=of_longer) for shown in statement.spans),
            default=0,
        )
        if best == 0:
            return None
        total += best
    return total


def _extent_gap(statement: Statement, row: GoldRow) -> int:
    """How far a row's spans are from the statement's in length: of two rows that overlap a
    statement as much, the one graded on a span of its own extent grades it (a row graded
    on an older, longer wording loses to one graded on the words shown now)."""
    shown = sum(end - start for _, start, end in statement.spans)
    return abs(sum(end - start for _, start, end in row.spans) - shown)


def best_row(statement: Statement, rows: Iterable[GoldRow]) -> GoldRow | None:
    scored = [
        (score, -_extent_gap(statement, row), -i, row)
        for i, row in enumerate(rows)
        if (score := match_score(statement, row)) is not None
    ]
    return max(scored, key=lambda item: item[:3])[3] if scored else None


@dataclass
class PartFigures:
    verdicts: Counter[str] = field(default_factory=Counter)  # true, misleading, wrong, ungraded
    must: int = 0
    found: int = 0

    @property
    def graded(self) -> int:
        return sum(self.verdicts[v] for v in GRADED_VERDICTS)

    @property
    def precision(self) -> float | None:
        return self.verdicts["true"] / self.graded if self.graded else None

    @property
    def recall(self) -> float | None:
        return self.found / self.must if self.must else None


@dataclass(frozen=True)
class Graded:
    statement: Statement
    verdict: str  # true, misleading, wrong or ungraded
    row: GoldRow | None


def grade(
    statements: list[Statement], rows: list[GoldRow]
) -> tuple[list[Graded], dict[str, PartFigures]]:
    """Each statement's verdict, and the figures by part (precision over graded statements,
    recall over ``must`` rows)."""
    by_key: dict[tuple[str, str, str], list[GoldRow]] = defaultdict(list)
    for gold in rows:
        by_key[(gold.corpus, gold.story, gold.part)].append(gold)
    figures = {part: PartFigures() for part in PARTS}
    graded: list[Graded] = []
    for statement in statements:
        part = GOLD_PART.get(statement.part, statement.part)
        candidates = by_key.get((statement.corpus, statement.story, part), [])
        row = best_row(statement, [r for r in candidates if r.verdict != "must"])
        if row is not None:
            verdict = row.verdict
            if statement.part in VERDICT_FROM_GOLD_PART:
                verdict = VERDICT_FROM_GOLD_PART[statement.part][verdict]
        else:
            row = best_row(statement, [r for r in candidates if r.verdict == "must" and r.label])
            verdict = "true" if row is not None else "ungraded"
        figures[statement.part].verdicts[verdict] += 1
        graded.append(Graded(statement, verdict, row))
    stories = {(s.corpus, s.story) for s in statements}
    # a nearest line, or a summary line with another outlet's own wording of it
    pointers = [s for s in statements if s.part in ("nearest", "summary")]
    for must in rows:
        if must.verdict != "must" or (must.corpus, must.story) not in stories:
            continue
        figures[must.part].must += 1
        if any(s.part not in UNCLAIMED for s in statements if match_score(s, must) is not None):
            figures[must.part].found += 1
        elif must.part == "shared":
            figures["nearest"].must += 1
            figures["nearest"].found += any(_points_to(s, must) for s in pointers)
    return graded, figures


def _points_to(statement: Statement, must: GoldRow) -> bool:
    """Whether a line joins two sentences of a shared fact the report missed: a nearest line's
    claim and its nearest sentence, or a summary line's sentence and another outlet's own
    wording of it, each overlap one of the row's spans, in two articles."""
    if (statement.corpus, statement.story) != (must.corpus, must.story):
        return False
    if len(statement.spans) < 2 or (statement.part == "nearest" and len(statement.spans) != 2):
        return False  # a line not found in its article
    claim, *others = statement.spans
    return any(
        span_overlap(a, claim) and span_overlap(b, other)
        for other in others
        for a in must.spans
        for b in must.spans
        if a[0] != b[0]
    )


def read_gold(corpus: str, gold_dir: Path = GOLD_DIR) -> list[GoldRow]:
    path = gold_dir / f"statements_{corpus}.jsonl"
    return [GoldRow.from_json(record) for record in read_jsonl(path)] if path.exists() else []


# --- the graded stories -------------------------------------------------------------------


@dataclass(frozen=True)
class GradedStory:
    corpus: str
    story: str
    inputs: tuple[str, ...] = ()  # files and folders as ``storylens compare`` takes them
    records: tuple[dict[str, Any], ...] = ()  # corpus records, written to a JSON Lines file


def _first_appearance(gold: Path) -> dict[str, list[str]]:
    stories: dict[str, list[str]] = {}
    for row in read_jsonl(gold):
        stories.setdefault(str(row["story"]), []).append(str(row["id"]))
    return stories


def _records(corpus: Path, wanted: set[str]) -> dict[str, dict[str, Any]]:
    return {str(r["id"]): r for r in read_jsonl(corpus) if str(r.get("id")) in wanted}


def _clustering_stories(
    corpus: str, pick: Callable[[dict[str, list[str]]], list[str]], name: str | None = None
) -> list[GradedStory]:
    """The stories ``pick`` chooses from a clustering corpus, under ``name`` (default: the
    corpus's own)."""
    folder = shared_data_dir() / "clustering" / corpus
    stories = _first_appearance(folder / "gold.jsonl")
    chosen = pick(stories)
    records = _records(folder / "corpus.jsonl", {a for s in chosen for a in stories[s]})
    keep = ("id", "url", "outlet", "title", "published", "authors", "text")
    return [
        GradedStory(
            name or corpus,
            story,
            records=tuple(
                {k: records[a][k] for k in keep if k in records[a]} for a in stories[story]
            ),
        )
        for story in chosen
    ]


def basil_stories() -> list[GradedStory]:
    return _clustering_stories("basil", lambda stories: [list(stories)[i] for i in BASIL_POSITIONS])


def basil_dev_stories() -> list[GradedStory]:
    return _clustering_stories(
        "basil", lambda stories: [list(stories)[i] for i in BASIL_DEV_POSITIONS], "basil-dev"
    )


def gvc_stories() -> list[GradedStory]:
    def pick(stories: dict[str, list[str]]) -> list[str]:
        sized = [story for story, ids in stories.items() if len(ids) in GVC_SIZES]
        return sized[1::2][:GVC_STORIES]

    return _clustering_stories("gvc-train", pick)


def seed_stories() -> list[GradedStory]:
    seeds = shared_data_dir().parent / "seeds"
    return [
        GradedStory("seeds", "seeds", inputs=tuple(str(p) for p in sorted(seeds.glob("*.txt"))))
    ]


def written_stories(examples: Path = EXAMPLES) -> list[GradedStory]:
    gold = json.loads((examples / "gold.json").read_text(encoding="utf-8"))
    stories = dict(gold["stories"])
    stories.update({name: entry["articles"] for name, entry in gold.get("comparison", {}).items()})
    records: dict[str, dict[str, Any]] = {}
    for corpus in sorted(examples.glob("*.jsonl")):
        records.update({str(r["id"]): r for r in read_jsonl(corpus) if "id" in r})
    files = {
        p.stem: p
        for folder in ("text", "html", "pair")
        for p in sorted((examples / folder).glob("*.*"))
    }
    graded = []
    for name, ids in stories.items():
        graded.append(
            GradedStory(
                "written",
                name,
                inputs=tuple(str(files[a]) for a in ids if a not in records and a in files),
                records=tuple(records[a] for a in ids if a in records),
            )
        )
    return graded


def shared_present(corpus: str) -> Path | None:
    """The data a corpus needs that is absent, or None."""
    needed = {
        "written": EXAMPLES / "gold.json",
        "seeds": shared_data_dir().parent / "seeds",
        "basil": shared_data_dir() / "clustering" / "basil" / "gold.jsonl",
        "basil-dev": shared_data_dir() / "clustering" / "basil" / "gold.jsonl",
        "gvc-train": shared_data_dir() / "clustering" / "gvc-train" / "gold.jsonl",
    }[corpus]
    return None if needed.exists() else needed


STORIES: dict[str, Callable[[], list[GradedStory]]] = {
    "written": written_stories,
    "seeds": seed_stories,
    "basil": basil_stories,
    "basil-dev": basil_dev_stories,
    "gvc-train": gvc_stories,
}


def compare_direct(story: GradedStory, model: str | None = None) -> Any:
    """The comparison of one story (a ``DirectComparison``), as ``storylens compare`` makes it."""
    from storylens import compare_articles

    with tempfile.TemporaryDirectory(prefix="statements-") as folder:
        inputs = list(story.inputs)
        if story.records:
            path = Path(folder) / "story.jsonl"
            path.write_text("".join(json.dumps(r) + "\n" for r in story.records), encoding="utf-8")
            inputs.append(str(path))
        direct = compare_articles(inputs, model)
    if direct.rejections:
        reasons = "; ".join(f"{r.input}: {r.reason}" for r in direct.rejections)
        raise RuntimeError(f"{story.corpus}/{story.story}: inputs rejected: {reasons}")
    return direct


def compare_story(
    story: GradedStory, model: str | None = None
) -> tuple[dict[str, Any], dict[str, str]]:
    """The report JSON of one story and its articles' texts, as ``storylens compare`` makes them."""
    from storylens.report import report_json

    direct = compare_direct(story, model)
    return report_json(direct.view), dict(direct.view.texts)


def corpus_statements(
    corpus: str, model: str | None = None, only: set[str] | None = None
) -> list[Statement]:
    statements: list[Statement] = []
    for story in STORIES[corpus]():
        if only and story.story not in only:
            continue
        report, texts = compare_story(story, model)
        statements += report_statements(corpus, story.story, report, texts)
    return statements


# --- printing -----------------------------------------------------------------------------


def _figure(value: float | None) -> str:
    return f"{value:.3f}" if value is not None else "–"


def figures_table(corpus: str, figures: dict[str, PartFigures]) -> list[str]:
    lines = [
        f"{corpus}: statements by part (precision = true / graded; recall = must found / must)",
        f"{'part':<10} {'shown':>6} {'true':>5} {'misl.':>5} {'wrong':>5} {'ungr.':>5} "
        f"{'precision':>9} {'must':>5} {'found':>5} {'recall':>7}",
    ]
    total = PartFigures()
    for part in PARTS:
        f = figures[part]
        total.verdicts.update(f.verdicts)
        if part != "nearest":  # its must rows are shared rows, counted there
            total.must += f.must
            total.found += f.found
        lines.append(_figures_line(part, f))
    lines.append(_figures_line("all", total))
    return lines


def _figures_line(name: str, f: PartFigures) -> str:
    v = f.verdicts
    shown = f.graded + v["ungraded"]
    return (
        f"{name:<10} {shown:>6} {v['true']:>5} {v['misleading']:>5} {v['wrong']:>5} "
        f"{v['ungraded']:>5} {_figure(f.precision):>9} {f.must:>5} {f.found:>5} "
        f"{_figure(f.recall):>7}"
    )


def _shown(statement: Statement) -> str:
    spans = " ".join(f"{a}:{s}-{e}" for a, s, e in statement.spans) or "(no span)"
    words = statement.words
    words = words if len(words) <= DUMP_WORDS_CHARS else words[: DUMP_WORDS_CHARS - 1] + "…"
    return f"{statement.story} {statement.part} [{statement.label}] {spans}\n    {words}"


def skeleton_row(statement: Statement) -> dict[str, Any]:
    """A gold row for a grader to fill in (verdict and note): ids, offsets and label only."""
    return {
        "corpus": statement.corpus,
        "story": statement.story,
        "part": GOLD_PART.get(statement.part, statement.part),
        "spans": [list(span) for span in statement.spans],
        "label": statement.label,
        "verdict": "",
        "note": "",
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--corpus", action="append", choices=CORPORA, help="repeat for several (default: all)"
    )
    parser.add_argument("--story", action="append", help="only these stories (ids or names)")
    parser.add_argument("--gold-dir", type=Path, default=GOLD_DIR)
    parser.add_argument(
        "--dump-ungraded", action="store_true", help="print each ungraded statement"
    )
    parser.add_argument(
        "--dump-wrong", action="store_true", help="print each statement graded wrong or misleading"
    )
    parser.add_argument(
        "--skeleton", type=Path, help="write ungraded statements as gold rows to fill in"
    )
    parser.add_argument("--model", help="spaCy pipeline package (default: best installed)")
    args = parser.parse_args(argv)
    skeleton: list[dict[str, Any]] = []
    tables: list[Any] = []
    for corpus in args.corpus or CORPORA:
        missing = shared_present(corpus)
        if missing is not None:
            print(f"{corpus}: skipped, {missing} not found (set STORYLENS_SHARED_DATA)")
            continue
        statements = corpus_statements(corpus, args.model, set(args.story or ()))
        graded, figures = grade(statements, read_gold(corpus, args.gold_dir))
        print("\n".join(figures_table(corpus, figures)))
        tables.append(results_table(corpus, figures))
        if args.dump_wrong:
            for item in graded:
                if item.verdict in ("wrong", "misleading"):
                    note = item.row.note if item.row else ""
                    print(f"  {item.verdict.upper()}: {_shown(item.statement)}\n    note: {note}")
        ungraded = [item.statement for item in graded if item.verdict == "ungraded"]
        if args.dump_ungraded:
            for number, statement in enumerate(ungraded):
                print(f"  #{number} {_shown(statement)}")
        skeleton += [skeleton_row(s) for s in ungraded]
        print()
    if args.skeleton:
        args.skeleton.write_text("".join(json.dumps(r) + "\n" for r in skeleton), encoding="utf-8")
    from _results import save_results

    whole = not args.story and args.gold_dir == GOLD_DIR and len(tables) == len(CORPORA)
    save_results("statements", *tables, partial=not whole)
    return 0


def results_table(corpus: str, figures: dict[str, PartFigures]) -> Any:
    """One corpus's figures by part as a table of docs/results/statements.json."""
    from _results import Table

    rows = {}
    for part in PARTS:
        f = figures[part]
        rows[part] = {
            "shown": sum(f.verdicts.values()),
            "true": f.verdicts["true"],
            "misleading": f.verdicts["misleading"],
            "wrong": f.verdicts["wrong"],
            "ungraded": f.verdicts["ungraded"],
            "precision": f.precision,
            "must": f.must,
            "found": f.found,
            "recall": f.recall,
        }
    formats = {"precision": ".3f", "recall": ".3f"}
    return Table(f"{corpus}: statements by part", rows, formats=formats)


if __name__ == "__main__":
    sys.exit(main())
