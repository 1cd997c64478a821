"""The graded comparison bench (bench/statements.py): how a report is cut into statements, how
a statement matches a gold row, and the figures by part; then the bench run on the BASIL gold
(slow; skipped where ../shared is absent)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from conftest import SHARED, require_shared
from storylens.compare.serialise import comparison_to_dict
from storylens.records import QuoteGroup, QuoteVariant, StoryComparison

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

import statements as bench  # noqa: E402  (bench/statements.py)

TEXTS = {
    "a": "The mayor, 52, resigned on Tuesday. “I am done,” she said. Critics called it a disgrace.",
    "b": "Mayor Jo Lane, 53, quit her post. “I am done here,” Lane said.",
}


def _report() -> dict[str, Any]:
    claim: dict[str, object] = {"echoed_by": [], "copy_of": None, "matches": [], "shared_with": []}
    return {
        "comparison": {
            "claims": [
                {
                    **claim,
                    "article_id": "a",
                    "outlet": "A",
                    "start": 0,
                    "end": 35,
                    "text": TEXTS["a"][0:35],
                    "status": "shared",
                    "group": 0,
                },
                {
                    **claim,
                    "article_id": "b",
                    "outlet": "B",
                    "start": 0,
                    "end": 33,
                    "text": TEXTS["b"][0:33],
                    "status": "shared",
                    "group": 0,
                },
                {
                    **claim,
                    "article_id": "a",
                    "outlet": "A",
                    "start": 59,
                    "end": 88,
                    "text": TEXTS["a"][59:88],
                    "status": "only",
                    "group": 1,
                },
            ],
            "details": [
                {
                    "kind": "age",
                    "subject": "mayor",
                    "status": "disagree",
                    "reason": "52 / 53",
                    "first": {
                        "article_id": "a",
                        "outlet": "A",
                        "text": "52",
                        "value": "52",
                        "start": 11,
                        "end": 13,
                    },
                    "second": {
                        "article_id": "b",
                        "outlet": "B",
                        "text": "53",
                        "value": "53",
                        "start": 15,
                        "end": 17,
                    },
                },
                {
                    "kind": "age",
                    "subject": "x",
                    "status": "agree",
                    "reason": "",
                    "first": {
                        "article_id": "a",
                        "outlet": "A",
                        "text": "52",
                        "start": 11,
                        "end": 13,
                    },
                    "second": {
                        "article_id": "b",
                        "outlet": "B",
                        "text": "53",
                        "start": 14,
                        "end": 16,
                    },
                },
            ],
            "quote_groups": [
                {
                    "speaker": "Jo Lane",
                    "reference": "I am done here,",
                    "variants": [
                        {
                            "article_id": "b",
                            "outlet": "B",
                            "text": "I am done here,",
                            "speaker": "Jo Lane",
                            "relation": "reference",
                            "start": 35,
                            "end": 50,
                        },
                        {
                            "article_id": "a",
                            "outlet": "A",
                            "text": "I am done,",
                            "speaker": "Jo Lane",
                            "relation": "truncated",
                            "start": 37,
                            "end": 47,
                        },
                    ],
                },
                {
                    "speaker": "x",
                    "reference": "alone",
                    "variants": [
                        {
                            "article_id": "a",
                            "outlet": "A",
                            "text": "alone",
                            "speaker": "x",
                            "relation": "reference",
                            "start": 0,
                            "end": 3,
                        },
                    ],
                },
            ],
            "summary": [
                {
                    "text": TEXTS["a"][0:35],
                    "article_id": "a",
                    "outlet": "A",
                    "outlets": ["A"],
                    "other_wordings": [{"outlet": "B", "text": TEXTS["b"][0:33]}],
                },
            ],
            "sourcing_by_outlet": [
                {
                    "outlet": "A",
                    "speakers": ["Jo Lane"],
                    "anonymous": ["Critics"],
                    "left_out": [],
                    "counts": [{"source_type": "person", "quotes": 1, "words": 3, "reported": 0}],
                },
            ],
            "tone": [
                {
                    "article_id": "a",
                    "outlet": "A",
                    "own": [
                        {
                            "start": 79,
                            "end": 87,
                            "text": "disgrace",
                            "polarity": "negative",
                            "voice": "own",
                            "speaker": None,
                        }
                    ],
                    "scare": [],
                    "quoted": [],
                    "reported": [],
                },
            ],
            "timeline": [
                {
                    "value": "2026-W10-2",
                    "text": "Tuesday",
                    "sentence": TEXTS["a"][0:35],
                    "article_id": "a",
                    "outlet": "A",
                    "outlets": ["A"],
                    "resolved": True,
                },
            ],
            "names_only": [
                {"outlet": "B", "name": "Jo Lane", "article_id": "b", "start": 6, "end": 13},
            ],
            "lineage": [
                {"article_id": "a", "outlet": "A"},
                {"article_id": "b", "outlet": "B"},
            ],
        }
    }


def _statements() -> list[bench.Statement]:
    return bench.report_statements("written", "s", _report(), TEXTS)


def _by_part(part: str) -> list[bench.Statement]:
    return [s for s in _statements() if s.part == part]


def test_every_part_is_cut_into_statements_with_offsets() -> None:
    parts = {s.part for s in _statements()}
    # no claim here is hedged or unplaced, so none has a nearest sentence
    assert parts == set(bench.PARTS) - {"only?", "unplaced", "nearest"}
    (summary,) = _by_part("summary")
    assert summary.spans == (("a", 0, 35), ("b", 0, 33)) and summary.label == "A"
    (shared,) = _by_part("shared")
    assert shared.spans == (("a", 0, 35), ("b", 0, 33)) and shared.label == "A, B"
    (only,) = _by_part("only")
    assert only.spans == (("a", 59, 88),) and only.label == "A"
    (timeline,) = _by_part("timeline")
    assert timeline.spans == (("a", 27, 34),) and timeline.label == "2026-W10-2"
    (named,) = _by_part("named")
    assert named.spans == (("b", 6, 13),) and named.label == "named-only:B:Jo Lane"


def test_conflicts_are_the_rows_shown_and_quotes_the_groups_shown() -> None:
    (conflict,) = _by_part("conflict")  # the agreeing pair is not a statement
    assert conflict.label == "confirmed" and conflict.spans == (("a", 11, 13), ("b", 15, 17))
    quotes = _by_part("quote")  # the one-article, one-wording group is not shown
    assert [(q.label, q.spans) for q in quotes] == [
        ("reference", (("b", 35, 50),)),
        ("truncated", (("a", 37, 47), ("b", 35, 50))),
    ]


def test_a_report_with_no_shared_quote_says_so_in_one_statement() -> None:
    report = _report()
    report["comparison"]["quote_groups"] = report["comparison"]["quote_groups"][1:]
    quotes = [
        s for s in bench.report_statements("written", "s", report, TEXTS) if s.part == "quote"
    ]
    assert [(q.label, q.spans) for q in quotes] == [("none-shared", ())]


def test_a_relayed_quote_names_its_relay_as_the_comparison_writes_it() -> None:
    """The variants as ``comparison_to_dict`` writes them, so a renamed field shows here."""
    reference = QuoteVariant("b", "B", "I am done here,", "Jo Lane", 100.0, start=35, end=50)
    relayed = QuoteVariant(
        "a", "A", "I am done,", "Jo Lane", 80.0, "truncated", start=37, end=47,
        kind="nested", reported_by="Ann Bell",
    )  # fmt: skip
    group = QuoteGroup("Jo Lane", reference.text, (reference, relayed), ("A", "B"), True)
    report = _report()
    written = comparison_to_dict(StoryComparison("s", ("a", "b"), quote_groups=(group,)))
    report["comparison"]["quote_groups"] = written["quote_groups"]
    words = [s.words for s in bench.report_statements("written", "s", report, TEXTS)]
    assert any("A: truncated, per Ann Bell:" in line for line in words), words


def test_sourcing_statements_point_at_the_names() -> None:
    sourcing = {s.label: s.spans for s in _by_part("sourcing")}
    assert sourcing["anonymous:Critics"] == (("a", 59, 66),)
    assert sourcing["count2:A:person:1/3/0"] == ()
    assert sourcing["named:Jo Lane"] == ()  # neither "Jo Lane" nor "Lane" is in A


def _row(part: str, spans: list, label: str | None, verdict: str) -> bench.GoldRow:
    return bench.GoldRow.from_json(
        {
            "corpus": "written",
            "story": "s",
            "part": part,
            "spans": spans,
            "label": label,
            "verdict": verdict,
            "note": "",
        }
    )


@pytest.mark.parametrize(
    ("spans", "label", "matches"),
    [
        ([["a", 59, 88]], None, True),  # the same span
        ([["a", 70, 100]], None, True),  # 18 of the shorter 29 characters
        ([["a", 80, 120]], None, False),  # 8 of 29: less than half
        ([["b", 59, 88]], None, False),  # another article
        ([["a", 59, 88]], "B", False),  # another outlet's label
        ([["a", 59, 88]], "A", True),
        ([["a", 59, 88], ["b", 0, 10]], None, False),  # every gold span must be found
    ],
)
def test_a_gold_row_matches_by_half_the_shorter_span_and_its_label(
    spans: list, label: str | None, matches: bool
) -> None:
    (only,) = _by_part("only")
    assert (bench.match_score(only, _row("only", spans, label, "true")) is not None) is matches


def test_a_row_of_another_part_or_story_never_matches() -> None:
    (only,) = _by_part("only")
    assert bench.match_score(only, _row("shared", [["a", 59, 88]], None, "true")) is None
    other = bench.GoldRow("written", "t", "only", (("a", 59, 88),), None, "true", "")
    assert bench.match_score(only, other) is None


def test_a_row_with_neither_span_nor_label_is_refused() -> None:
    with pytest.raises(ValueError, match="neither span nor label"):
        _row("quote", [], None, "wrong")


def test_precision_counts_graded_statements_only_and_recall_the_must_rows() -> None:
    rows = [
        _row("only", [["a", 60, 88]], None, "misleading"),
        _row("conflict", [["a", 11, 13], ["b", 15, 17]], "confirmed", "must"),
        _row("tone", [["a", 79, 87]], "own", "true"),
        _row("quote", [["a", 37, 47]], "truncated", "wrong"),
        _row("timeline", [["a", 0, 4]], None, "must"),  # nothing in the report says this
    ]
    graded, figures = bench.grade(_statements(), rows)
    verdicts = {(g.statement.part, g.statement.label): g.verdict for g in graded}
    assert verdicts[("only", "A")] == "misleading"
    assert verdicts[("conflict", "confirmed")] == "true"  # a must row with a label pins it
    assert verdicts[("quote", "reference")] == "ungraded"
    assert figures["only"].precision == 0.0
    assert figures["tone"].precision == 1.0
    assert figures["quote"].precision == 0.0 and figures["quote"].verdicts["ungraded"] == 1
    assert figures["summary"].precision is None and figures["summary"].verdicts["ungraded"] == 1
    assert (figures["conflict"].must, figures["conflict"].found) == (1, 1)
    assert (figures["timeline"].must, figures["timeline"].recall) == (1, 0.0)


def test_the_table_prints_every_part_and_the_total() -> None:
    _, figures = bench.grade(_statements(), [])
    lines = bench.figures_table("written", figures)
    assert [line.split()[0] for line in lines[2:]] == [*bench.PARTS, "all"]


def test_a_corpus_whose_data_is_absent_is_skipped_with_a_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("STORYLENS_SHARED_DATA", str(tmp_path / "absent" / "data"))
    assert bench.main(["--corpus", "basil", "--corpus", "seeds"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines if "skipped" in line] == ["basil", "seeds"]


@pytest.mark.slow
def test_the_bench_grades_the_basil_events_and_prints_every_part(
    capsys: pytest.CaptureFixture[str],
) -> None:
    require_shared(SHARED / "data" / "clustering" / "basil" / "corpus.jsonl")
    assert bench.read_gold("basil"), "bench/gold/statements_basil.jsonl holds no row"
    assert bench.main(["--corpus", "basil"]) == 0
    out = capsys.readouterr().out
    table = out[out.index("basil: statements by part") :].splitlines()
    rows = {line.split()[0]: line.split() for line in table[2 : 3 + len(bench.PARTS)]}
    assert set(rows) == {*bench.PARTS, "all"}
    shown, true, misleading, wrong, ungraded = map(int, rows["all"][1:6])
    assert shown == true + misleading + wrong + ungraded
    assert true + misleading + wrong > 0, "no statement of the basil events is graded"


def test_a_description_found_without_case_and_a_surname_never_inside_another_name() -> None:
    texts = {
        "x": "Alec Baldwin smiled. A source close to the pair said it was fine. Baldwin laughed.",
    }
    at = bench.StoryTexts(texts, {"X": ["x"]})
    anonymous = at.locate_in_outlet("X", "a source close to the pair")
    assert anonymous is not None and texts["x"][anonymous[1] : anonymous[2]] == (
        "A source close to the pair"
    )
    surname = at.locate_surname("X", "Hilaria Baldwin")
    assert surname is not None and surname[1] == texts["x"].rindex("Baldwin")
    assert at.locate_surname("X", "Alec Baldwin") == ("x", 0, len("Alec Baldwin"))


def test_a_hedged_only_line_is_graded_from_the_plain_lines_row() -> None:
    report = _report()
    lone = next(c for c in report["comparison"]["claims"] if c["status"] == "only")
    lone["maybe_matches"] = [{"article_id": "b", "outlet": "B", "start": 0, "end": 33}]
    statements = bench.report_statements("written", "s", report, TEXTS)
    (hedged,) = [s for s in statements if s.part == "only?"]
    assert not [s for s in statements if s.part == "only" and s.spans == hedged.spans]
    span = [list(hedged.spans[0])]
    for plain, verdict in (("misleading", "true"), ("true", "misleading"), ("wrong", "wrong")):
        graded, _ = bench.grade([hedged], [_row("only", span, None, plain)])
        assert graded[0].verdict == verdict


def test_an_unplaced_line_is_true_unless_its_claim_is_none_and_finds_no_only_row() -> None:
    report = _report()
    lone = next(c for c in report["comparison"]["claims"] if c["status"] == "only")
    lone["status"] = "unplaced"
    statements = bench.report_statements("written", "s", report, TEXTS)
    (unplaced,) = [s for s in statements if s.part == "unplaced"]
    assert not [s for s in statements if s.part == "only"]
    span = [list(unplaced.spans[0])]
    for plain, verdict in (("misleading", "true"), ("true", "true"), ("wrong", "wrong")):
        graded, _ = bench.grade([unplaced], [_row("only", span, None, plain)])
        assert graded[0].verdict == verdict
    # it does not say the claim is A's own, so it does not find the row that wants that said
    _, figures = bench.grade([unplaced], [_row("only", span, "A", "must")])
    assert (figures["only"].must, figures["only"].found) == (1, 0)


def test_a_verdict_grades_only_a_statement_of_about_its_extent() -> None:
    statement = bench.Statement("written", "s", "quote", (("a", 0, 40),), "reworded", "")
    whole = _row("quote", [["a", 0, 100]], "reworded", "wrong")
    assert bench.match_score(statement, whole) is None  # a wording cut from the graded one
    must = _row("quote", [["a", 0, 100]], "reworded", "must")
    assert bench.match_score(statement, must)  # found: it covers the shorter span
    assert bench.match_score(statement, _row("quote", [["a", 0, 70]], "reworded", "wrong"))


def test_a_row_graded_on_the_words_shown_wins_over_one_on_an_older_longer_wording() -> None:
    shown = bench.Statement("written", "t", "quote", (("a", 100, 150),), "reworded", "x")
    older = bench.GoldRow("written", "t", "quote", (("a", 60, 150),), None, "wrong", "joined")
    exact = bench.GoldRow("written", "t", "quote", (("a", 100, 150),), None, "true", "")
    assert bench.best_row(shown, [older, exact]) is exact
    assert bench.best_row(shown, [older]) is older  # with no other row, the older grades it
