"""The timeline's rows on small written examples (issue 19, items 1 and 7): a time of day on
the day of the event it tells, not the publication day; no row for a time no named day fits."""

from __future__ import annotations

from dataclasses import replace

import pytest

from storylens.analyse.timex import find_timexes
from storylens.compare.timeline import place_times_of_day, timeline
from storylens.records import Span
from test_compare_parts import member


def _rows(text: str, published: str | None) -> dict[str, str]:
    """Each row's words and value, for one article tagged by the real tagger."""
    found = find_timexes(text, published)
    members = [member("a", "Gazette", text, published=published, timexes=found)]
    return {row.text: row.value for row in timeline(members, {})}


@pytest.mark.parametrize(
    ("text", "published", "words", "value"),
    [
        # the night named first, the clock time after it: that night, not the publication day
        ("A fire destroyed a barn near Oakridge on Tuesday night. The blaze broke out at about "
         "10:40 p.m., officials said.", "2026-03-04", "about 10:40 p.m.", "2026-03-03T22:40"),
        # a morning clock time goes with the day named with a morning, not the later "Friday"
        ("Nine pupils were hurt in Thursday morning's bus crash, the district said on Friday. "
         "The bus skidded shortly before 8 a.m.", "2026-01-23", "shortly before 8 a.m.",
         "2026-01-22T08:00"),
        # the small hours after a named night are the next calendar day
        ("The count ran late on Tuesday night. The result came at 1:40 a.m.", "2026-11-05",
         "1:40 a.m.", "2026-11-04T01:40"),
        # "Monday, a day after thieves stole ...": what follows tells the theft, on Sunday
        ("Residents left flowers on Monday, a day after thieves stole the town's bell. The "
         "thieves broke in shortly after 3 a.m.", "2026-09-15", "shortly after 3 a.m.",
         "2026-09-13T03:00"),
        # no publication date: the day named stays a weekday with no date
        ("The mill burned early on Saturday. The fire was reported at about 2:10 a.m.", None,
         "about 2:10 a.m.", "XXXX-WXX-6T02:10"),
        # "tonight" inside a quotation was said on the night of the event
        ("Voters went to the polls on Tuesday. “We won tonight,” the mayor said.", "2026-11-05",
         "tonight", "2026-11-03TNI"),
        # outside a quotation it is the writer's
        ("The council meets tonight to vote on the budget.", "2026-11-05", "tonight",
         "2026-11-05TNI"),
    ],
)  # fmt: skip
def test_a_time_of_day_is_placed_on_the_day_of_its_event(
    text: str, published: str | None, words: str, value: str
) -> None:
    assert _rows(text, published)[words] == value


@pytest.mark.parametrize(
    ("text", "published", "words"),
    [
        # no day named before it: a guess, left out of a dated article's timeline
        ("The blaze broke out at about 10:40 p.m. at a warehouse on Cannery Road.", "2026-03-04",
         "about 10:40 p.m."),
        # the only day named is after the publication: a past clock time is not on it
        ("Counsellors will be at the school on Friday. The bus crashed at about 7:50 a.m.",
         "2026-01-22", "about 7:50 a.m."),
        # a night named, an afternoon hour: no part fits and no whole day is named
        ("The panda slipped out on Sunday night. Keepers noticed at 4 p.m.", "2026-07-06",
         "4 p.m."),
    ],
)  # fmt: skip
def test_no_row_for_a_time_no_day_fits(text: str, published: str | None, words: str) -> None:
    assert words not in _rows(text, published)


def test_placing_keeps_every_other_value_and_the_order() -> None:
    text = "On Sunday afternoon the panda left. It was seen at about 10 a.m. on Monday in 2026."
    found = find_timexes(text, "2026-07-07")
    assert place_times_of_day(text, found, "2026-07-07") == [t.value for t in found]


def test_a_rows_sentence_stops_at_its_paragraph() -> None:
    """The splitter may run a sentence from a closing quotation mark into the next
    paragraph: the row shows the date's own line, not the quotation before it."""
    text = (
        "“We ask the council to reconsider its plan for the harbour,” the letter states.\n"
        "Mayor Ilse Brandt, since announcing the plan last month, has defended it twice."
    )
    published = "2026-11-04"
    one = member("a", "Gazette", text, published=published, timexes=find_timexes(text, published))
    # one sentence across the break, as the splitter made it
    whole = Span(0, len(text), "sentence")
    one = replace(one, analysed=replace(one.analysed, sentences=(whole,)))
    (row,) = timeline([one], {})
    assert row.sentence == text.split("\n")[1]


def test_a_speakers_today_is_left_off_the_timeline() -> None:
    """ "today" inside a quotation is the day the words were said, which the article does not
    date: no row, rather than one dated on the publication day. The writer's own "today"
    keeps its row."""
    text = (
        "Mayor Ilse Brandt told the council: “I cannot speak to the harbour plan here today.”\n"
        "The council will vote on the plan today."
    )
    published = "2026-11-04"
    one = member("a", "Gazette", text, published=published, timexes=find_timexes(text, published))
    rows = timeline([one], {})
    assert [(row.text, row.value) for row in rows] == [("today", "2026-11-04")]
    assert rows[0].sentence.startswith("The council")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        # a span counted back or ahead from the publication is no point in time
        ("Spending on the harbour has doubled over the past decade.", "the past decade"),
        ("In the last year, the club has lost four of its coaches.", "the last year"),
        ("The plan would save $40 million over the next decade.", "the next decade"),
        # a date inside a name tells no event of the story
        ("Tenants sued under the Fair Rents Act of 1978 on Monday.", "1978"),
        ("The agency used the post-Sept. 11 law to read the files.", "Sept. 11"),
        # an anaphor the tagger could not place ("that same day" with no day before it)
        ("On that same day, the mayor had lunch with the governor.", "same day"),
    ],
)  # fmt: skip
def test_no_row_for_what_is_no_point_of_the_story(text: str, words: str) -> None:
    assert words not in _rows(text, "2026-05-20")


@pytest.mark.parametrize(
    ("text", "words", "value"),
    [
        # a calendar year said from the publication stays
        ("Staff will get a raise for the coming year, the board said.", "the coming year",
         "2027"),
        # a year after a word that is no title
        ("The mill opened in 1978 and closed on Monday.", "1978", "1978"),
    ],
)  # fmt: skip
def test_points_of_the_story_stay(text: str, words: str, value: str) -> None:
    assert _rows(text, "2026-12-20")[words] == value


def test_a_year_describing_a_person_is_no_row() -> None:
    # "the 2019 Labour candidate" says who she is; "on Monday" is when the event happened
    text = (
        "Ann Lee, the 2019 Labour candidate, backed the pier plan on Monday. The pier opened "
        "in 1961."
    )
    rows = _rows(text, "2026-03-04")
    assert "2019" not in rows
    assert rows["Monday"] == "2026-03-02" and rows["1961"] == "1961"


def test_a_year_describing_the_person_it_names_is_no_row() -> None:
    # set before the name: "2019 Labour candidate Ann Lee" says who she is; "In 2021" dates
    text = (
        "On the radio, 2019 Labour candidate Ann Lee backed the pier plan on Monday. In 2021 "
        "Mayor Tom Reyes had opposed it."
    )
    rows = _rows(text, "2026-03-04")
    assert "2019" not in rows
    assert rows["Monday"] == "2026-03-02" and rows["2021"] == "2021"


def test_a_year_naming_the_race_of_a_candidate_is_no_row() -> None:
    # "the first 2027 candidate to publish" says which race; "the 2019 election" is an event
    text = (
        "Ann Lee is the first 2027 candidate to publish her tax returns. She lost the 2019 "
        "election."
    )
    rows = _rows(text, "2026-03-04")
    assert "2027" not in rows
    assert rows["2019"] == "2019"


def test_a_year_of_a_thing_a_person_made_stays_a_row() -> None:
    # "a 1999 book with his father": the year dates the book, the noun after "with" is another
    rows = _rows("He co-wrote a 1999 book with his father, a pastor.", "2026-03-04")
    assert rows["1999"] == "1999"


def test_a_row_shows_the_whole_sentence_of_a_quotation_the_splitter_cut() -> None:
    from storylens.compare.story import compare_story

    text = "“Cancel the pier vote. Now,” Ed Roe wrote on Friday. The council met."
    other = "The council met on Friday to vote on the pier."
    members = [
        member(
            "a", "Gazette", text, published="2026-03-06", timexes=find_timexes(text, "2026-03-06")
        ),
        member(
            "b", "Courier", other, published="2026-03-06", timexes=find_timexes(other, "2026-03-06")
        ),
    ]
    rows = [row for row in compare_story("s", members).timeline if row.outlet == "Gazette"]
    assert [row.sentence for row in rows] == [
        "“Cancel the pier vote. Now,” Ed Roe wrote on Friday."
    ]


def test_a_decade_and_a_season_sort_by_their_first_day() -> None:
    text = "The pier opened in the 1950s. It shut in 2016. Repairs ran through the summer of 2015."
    members = [
        member(
            "a", "Gazette", text, published="2026-03-06", timexes=find_timexes(text, "2026-03-06")
        )
    ]
    assert [row.text for row in timeline(members, {})] == [
        "the 1950s",
        "the summer of 2015",
        "2016",
    ]


def test_a_spoken_day_with_a_modifier_inside_a_quotation_is_no_row() -> None:
    text = "“I did that earlier today,” Ed Roe said on Friday."
    rows = _rows(text, "2026-03-06")
    assert "earlier today" not in rows and rows["Friday"] == "2026-03-06"


def test_a_clock_time_inside_a_quotation_is_no_row() -> None:
    text = "“I sat with families at 2 a.m.,” Ed Roe wrote in a memoir released on Tuesday."
    rows = _rows(text, "2026-03-04")
    assert "2 a.m." not in rows and rows["Tuesday"] == "2026-03-03"
