"""Dates, the timeline and lineage as people read them (issue 19, items 5 and 7): dates in
words, rows that name only the outlets that report that event, no "first" without dates,
and the Brackenford example's conflicts table without its wrong rows."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from storylens.analyse.timex import find_timexes
from storylens.compare.claims import claim_units, similarity_matrix
from storylens.compare.dates_words import (
    COUNTED_FROM_AN_EVENT,
    date_in_words,
    detail_value_in_words,
    ordinal_number,
    status_in_words,
)
from storylens.compare.lineage import FIRST_UNKNOWN, ORDER_UNKNOWN, echo_words, lineage
from storylens.compare.story import compare_story
from storylens.compare.timeline import timeline
from storylens.pipeline import analyze
from storylens.records import StoryComparison, StoryMember, Timex
from storylens.report import write_markdown
from storylens.store import Store
from storylens.views import story_view
from test_compare_parts import member

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
# TIMEX3 values as stored: what a person must never be shown as they are.
RAW_TIMEX = re.compile(r"\b(?:\d{4}|XXXX)-(?:W|\d{2}|SU|WI|SP|FA|Q\d|H\d|XX)")


@pytest.mark.parametrize(
    ("value", "text", "published", "words"),
    [
        ("2026-11-03", "", None, "Tuesday 3 November 2026"),
        ("2026-11-04T01:40", "", None, "1:40 a.m. on Wednesday 4 November 2026"),
        # TIMEX3's midnight at a day's end is no "12 p.m." (noon)
        ("2026-12-21T24:00", "", None, "midnight at the end of Monday 21 December 2026"),
        ("2026-12-21T12:00", "", None, "noon on Monday 21 December 2026"),
        ("2026-11-04TNI", "", None, "the night of Wednesday 4 November 2026"),
        ("2026-W45", "last week", "2026-11-10", "the week before 10 November 2026"),
        ("XXXX-WXX-2", "Tuesday", None, "a Tuesday; no publication date to place it"),
        ("XXXX-WXX-2T07:00", "", None, "7 a.m. on a Tuesday; no publication date to place it"),
        ("XXXX-WXX-1TNI", "", None, "the night of a Monday; no publication date to place it"),
        ("2026-SU", "", None, "summer 2026"),
        ("2026-11", "", None, "November 2026"),
        ("2026-Q3", "", None, "the third quarter of 2026"),
        ("P100D", "", None, "100 days"),
        ("2011-W21-WE", "last weekend", None, "the weekend of Saturday 28 and Sunday 29 May 2011"),
        # "the past decade" is the span up to the publication, not the calendar decade
        ("200", "over the past decade", "2013-01-24", "the ten years before January 2013"),
        ("2011", "In the last year", "2012-04-24", "the twelve months before April 2012"),
        ("2011", "last year", "2012-04-24", "2011"),
        ("200", "the 2000s", "2013-01-24", "the 2000s"),
        # an unresolved day of a dated article counts from an event, not a missing date
        ("XXXX-XX-XX", "the next day", "2014-02-26", COUNTED_FROM_AN_EVENT),
        # only a day counts from another day: an unplaced season keeps its words
        (
            "XXXX-SU",
            "summer",
            "2014-02-26",
            "a date relative to the publication; no publication date to place it",
        ),
        (
            "XXXX-XX-XX",
            "the next day",
            None,
            "a date relative to the publication; no publication date to place it",
        ),
    ],
)
def test_dates_in_words(value: str, text: str, published: str | None, words: str) -> None:
    assert date_in_words(value, text, published) == words


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("19", "the 20th century"),
        ("20", "the 21st century"),
        ("21", "the 22nd century"),
        ("22", "the 23rd century"),
        ("10", "the 11th century"),
        ("11", "the 12th century"),
        ("12", "the 13th century"),
        ("00", "the 1st century"),
        ("01", "the 2nd century"),
    ],
)
def test_a_century_reads_as_an_ordinal(value: str, words: str) -> None:
    assert date_in_words(value) == words


@pytest.mark.parametrize(
    ("number", "ordinal"),
    [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"), (13, "13th"),
     (21, "21st"), (22, "22nd"), (23, "23rd"), (101, "101st"), (111, "111th"), (112, "112th")],
)  # fmt: skip
def test_ordinal_numbers(number: int, ordinal: str) -> None:
    assert ordinal_number(number) == ordinal


def test_statuses_and_values_in_words() -> None:
    assert status_in_words("disagree") == "confirmed conflict"
    assert status_in_words("unchecked") == "possible conflict"
    assert detail_value_in_words("money", "2.4e+06") == "2,400,000"
    assert detail_value_in_words("time", "22:45") == "10:45 p.m."


def test_a_year_names_only_the_outlets_that_report_that_episode() -> None:
    a = "The old mill by the river first flooded in 2021, ruining the whole apple harvest."
    b = "In 2021 the Brackenford Water Board changed its name, its logo and its chair."
    members = [
        member(
            "a",
            "Gazette",
            a,
            timexes=(Timex(a.index("2021"), a.index("2021") + 4, "2021", "2021", "DATE"),),
        ),
        member("b", "Courier", b, timexes=(Timex(3, 7, "2021", "2021", "DATE"),)),
    ]
    units = claim_units(members)
    rows = timeline(members, {}, units, similarity_matrix(units))
    assert sorted(row.outlets for row in rows) == [("Courier",), ("Gazette",)]


def _wednesday(article_id: str, outlet: str, text: str) -> StoryMember:
    """An article of Thursday 14 May 2026 whose every "Wednesday" is the day before."""
    timexes = tuple(
        Timex(m.start(), m.end(), "Wednesday", "2026-05-13", "DATE", True)
        for m in re.finditer("Wednesday", text)
    )
    return member(article_id, outlet, text, published="2026-05-14", timexes=timexes)


def _wednesday_rows(*members: StoryMember) -> list[tuple[str, ...]]:
    units = claim_units(members)
    return sorted(row.outlets for row in timeline(members, {}, units, similarity_matrix(units)))


# The lead of one article and of another, about one opening on Wednesday, in unalike words.
_GAZETTE_LEAD = "The mayor opened the new ferry pier at Marlow harbour on Wednesday."
_COURIER_LEAD = "Crowds cheered as Ilse Brandt cut a ribbon Wednesday beside the water."


def test_two_outlets_whose_leads_date_one_day_tell_one_event() -> None:
    gazette = _wednesday("a", "Gazette", _GAZETTE_LEAD)
    courier = _wednesday("b", "Courier", _COURIER_LEAD)
    assert _wednesday_rows(gazette, courier) == [("Gazette", "Courier")]


def test_a_day_in_the_possessive_shares_the_row_of_the_day() -> None:
    # "Wednesday's opening" and "on Wednesday" give one day: the possessive kept two keys
    gazette = _wednesday("a", "Gazette", _GAZETTE_LEAD)
    text = "Crowds cheered at Wednesday's opening as Ilse Brandt cut a ribbon by the water."
    at = text.index("Wednesday's")
    timexes = (Timex(at, at + 11, "Wednesday's", "2026-05-13", "DATE", True),)
    courier = member("b", "Courier", text, published="2026-05-14", timexes=timexes)
    assert _wednesday_rows(gazette, courier) == [("Gazette", "Courier")]


def test_a_day_told_after_the_lead_keeps_its_own_row() -> None:
    gazette = _wednesday("a", "Gazette", _GAZETTE_LEAD)
    courier = _wednesday(
        "b",
        "Courier",
        "Brandt has been mayor for six years. Her deputy resigned last month. "
        "The bus depot shut its doors on Wednesday, drivers said.",
    )
    assert _wednesday_rows(gazette, courier) == [("Courier",), ("Gazette",)]


def test_a_second_event_of_the_day_in_a_lead_keeps_its_own_row() -> None:
    # the Courier's lead is already in the Gazette's row: its next sentence of that Wednesday
    # tells another event, not a second telling of the opening
    gazette = _wednesday("a", "Gazette", _GAZETTE_LEAD)
    courier = _wednesday(
        "b", "Courier", _COURIER_LEAD + " The bus depot shut its doors on Wednesday, drivers said."
    )
    assert _wednesday_rows(gazette, courier) == [("Courier",), ("Gazette", "Courier")]


def test_a_day_inside_a_programmes_name_is_no_timeline_row() -> None:
    text = 'Speaking on "Harbour News Sunday," Mayor Ruiz said the pier opened on Tuesday.'
    sunday, tuesday = text.index("Sunday"), text.index("Tuesday")
    timexes = (
        Timex(sunday, sunday + 6, "Sunday", "2026-11-01", "DATE", True),
        Timex(tuesday, tuesday + 7, "Tuesday", "2026-10-27", "DATE", True),
    )
    members = [member("a", "Gazette", text, published="2026-11-02", timexes=timexes)]
    assert [row.text for row in timeline(members, {})] == ["Tuesday"]


def test_timeline_rows_run_in_time_order_whatever_their_value_looks_like() -> None:
    # "2011-W21-WE" sorts after "2011-06-01" as text; the weekend came first
    text = "She spoke on Wednesday. The photo went out last weekend."
    wednesday, weekend = text.index("Wednesday"), text.index("last weekend")
    timexes = (
        Timex(wednesday, wednesday + 9, "Wednesday", "2011-06-01", "DATE", True),
        Timex(weekend, weekend + 12, "last weekend", "2011-W21-WE", "DATE", True),
    )
    members = [member("a", "Gazette", text, published="2011-06-01", timexes=timexes)]
    assert [row.value for row in timeline(members, {})] == ["2011-W21-WE", "2011-06-01"]


def test_a_time_of_day_belongs_to_the_day_of_the_event() -> None:
    text = "The count ended on Tuesday, November 3. The result came at 1:40 a.m., officials said."
    day = text.index("Tuesday, November 3")
    clock = text.index("1:40 a.m.")
    timexes = (
        Timex(day, day + 19, "Tuesday, November 3", "2026-11-03", "DATE", True),
        Timex(clock, clock + 9, "1:40 a.m.", "2026-11-05T01:40", "TIME", True),
    )
    members = [member("a", "Gazette", text, published="2026-11-05", timexes=timexes)]
    values = {row.text: row.value for row in timeline(members, {})}
    assert values["1:40 a.m."] == "2026-11-03T01:40"


def test_without_dates_no_article_is_first() -> None:
    members = [
        member("a", "Gazette", "Crews shored up the dam at the Brackenford reservoir.", seq=0),
        member("b", "Courier", "The Brackenford reservoir dam was shored up by crews.", seq=1),
    ]
    entries = lineage(members, claim_units(members), set(), {})
    assert "first" not in {entry.role for entry in entries}
    comparison = compare_story("s", members)
    assert ORDER_UNKNOWN in comparison.notes
    assert comparison.first_article_id is None


def test_two_articles_of_one_day_with_no_hour_have_no_first_and_no_reuser() -> None:
    sentence = "Crews shored up the dam at the Brackenford reservoir on Monday after the storm."
    members = [
        member("a", "Gazette", sentence, published="2026-11-03", seq=0),
        member("b", "Courier", sentence, published="2026-11-03", seq=1),
        member("c", "Post", "The dam held, the Post was told.", published="2026-11-04", seq=2),
    ]
    comparison = compare_story("s", members)
    assert "first" not in {entry.role for entry in comparison.lineage}
    assert FIRST_UNKNOWN in comparison.notes and comparison.first_article_id is None
    (echo,) = comparison.echoes
    assert echo.same_time and "who came first is unknown" in echo_words(echo)
    # neither is said to reuse the other's sentence, nor is an echo of it
    reused = {e.outlet: (e.reused_share, e.role) for e in comparison.lineage}
    assert reused["Gazette"][0] == reused["Courier"][0] == 0.0
    assert "echo" not in {role for _, role in reused.values()}
    # a day apart, the order is known
    members[1] = member("b", "Courier", sentence, published="2026-11-04", seq=1)
    later = compare_story("s", members)
    assert [e.role for e in later.lineage][0] == "first"
    assert echo_words(later.echoes[0]) == "Courier reuses Gazette"
    assert {e.outlet: e.reused_share for e in later.lineage}["Courier"] > 0


@pytest.mark.parametrize(
    ("sentence", "published", "phrase", "value"),
    [
        (
            "Daniel Brannigan beat Helen Marwood in Tuesday’s election and will take office "
            "next month.",
            "2026-11-05",
            "Tuesday",
            "2026-11-03",
        ),
        (
            "The new mayor will be sworn in on December 1 and has promised a review.",
            "2026-11-04",
            "December 1",
            "2026-12-01",
        ),
        (
            "Voters will choose a new senator in November, the party said.",
            "2026-08-10",
            "November",
            "2026-11",
        ),
    ],
)
def test_a_tense_cue_of_another_clause_does_not_move_a_date(
    sentence: str, published: str, phrase: str, value: str
) -> None:
    found = {t.text: t.value for t in find_timexes(sentence, published)}
    assert found[phrase] == value


# -- the Brackenford example, analysed as a user analyses it ----------------------------------


@pytest.fixture(scope="module")
def brackenford(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[StoryComparison, str]]:
    rows = [
        json.loads(line)
        for line in (EXAMPLES / "compare.jsonl").read_text(encoding="utf-8").splitlines()
        if "brackenford" in line
    ]
    corpus = tmp_path_factory.mktemp("brackenford") / "brackenford.jsonl"
    corpus.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    with Store(tmp_path_factory.mktemp("db") / "b.db") as store:
        analyze([str(corpus)], store)
        (summary,) = store.story_summaries()
        view = story_view(store, summary.story_id)
        yield view.comparison, write_markdown(view)


def test_the_brackenford_table_never_pairs_tuesday_with_next_month(
    brackenford: tuple[StoryComparison, str],
) -> None:
    comparison, _ = brackenford
    for row in comparison.details:
        assert {row.first.text, row.second.text} != {"Tuesday", "next month"}


def test_the_brackenford_table_shows_each_pair_of_values_once(
    brackenford: tuple[StoryComparison, str],
) -> None:
    comparison, _ = brackenford
    shown = [
        (d.kind, frozenset((d.first.value, d.second.value)))
        for d in comparison.details
        if d.status != "agree"
    ]
    assert len(shown) == len(set(shown))
    assert [kind for kind, _ in shown].count("money") == 1
    assert [kind for kind, _ in shown].count("place") == 1


def test_the_brackenford_report_says_dates_in_words(
    brackenford: tuple[StoryComparison, str],
) -> None:
    comparison, markdown = brackenford
    assert comparison.timeline  # JSON keeps the values; the report says them in words
    assert not RAW_TIMEX.findall(markdown)
    assert "November 2026" in markdown
    assert "Wednesday 4 November 2026" in markdown  # a publication date too


def test_the_details_table_says_what_it_paired_and_found_agreeing() -> None:
    from storylens.report import agreeing_details_line

    # "0 further details checked and agreeing" read as "no other detail agrees"
    assert agreeing_details_line(0) == "No other detail was paired across outlets to compare."
    assert agreeing_details_line(1) == "1 further detail paired and agreeing."
    assert agreeing_details_line(3) == "3 further details paired and agreeing."


def test_a_table_with_no_disagreement_says_what_it_compares() -> None:
    from storylens.records import StoryComparison
    from storylens.report import NO_CONFLICT_WORDS, _details

    # with nothing to show, the table needs no footnotes
    lines = _details(StoryComparison(story_id="s"), None)  # type: ignore[arg-type]
    said = " ".join(lines)
    # a reader must not take "no disagreeing detail" for "the outlets agree on everything"
    assert NO_CONFLICT_WORDS in said and "not checked" in said
    assert "No other detail was paired" in said
