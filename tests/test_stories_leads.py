"""What a lead says about its incident, on small written reports (issue 23, fourth round): a
town the tagger reads as an organisation in the lead, a state written the AP way, the day a
lead names as a dated detail, and a later report that writes out its event's day."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from storylens.records import AnalysedArticle, Article, CleanArticle, Entity, Span, Timex
from storylens.stories import extract_features
from storylens.stories.features import LEAD_DAY_MENTIONS, entity_key
from storylens.stories.regions import is_state_or_nation
from storylens.stories.scoring import (
    ArticleVectors,
    StoryProfile,
    dates_story_day,
    written_day_weights,
)


def _analysed(
    lines: tuple[str, ...],
    names: tuple[tuple[str, str, int], ...],
    days: tuple[tuple[str, str], ...] = (),
    published: str = "2026-08-10",
) -> AnalysedArticle:
    """A report of ``lines`` (one sentence each), with ``names`` as (text, label, nth
    occurrence) and ``days`` as (phrase, resolved day) timexes."""
    text = " ".join(lines)
    sentences = [Span(text.find(line), text.find(line) + len(line), "sentence") for line in lines]
    entities = []
    for name, label, nth in names:
        start = -1
        for _ in range(nth + 1):
            start = text.find(name, start + 1)
        entities.append(Entity(name, label, start, start + len(name)))
    timexes = [
        Timex(text.find(phrase), text.find(phrase) + len(phrase), phrase, day, "DATE", True)
        for phrase, day in days
    ]
    return AnalysedArticle(
        clean=CleanArticle(Article(id="a", text=text, title=None, published=published)),
        sentences=tuple(sentences),
        entities=tuple(sorted(entities, key=lambda e: e.start)),
        timexes=tuple(timexes),
    )


CROSSWALK = (
    "For years, residents of Elkton Mills have asked for a crosswalk by the Grange Hall.",
    "A man was killed there on Thursday night, Chief Anita Rourke said.",
    "Neighbours left flowers at the kerb.",
    "The driver, a 19-year-old from Elkton Mills, stayed at the scene.",
)


def test_a_lead_town_tagged_as_an_organisation_is_a_town_when_tagged_one_elsewhere() -> None:
    names = (("Elkton Mills", "ORG", 0), ("Grange Hall", "FAC", 0), ("Elkton Mills", "GPE", 1))
    found = extract_features(_analysed(CROSSWALK, names))
    # Without the town its lead cannot tell its incident from the next town's the day after.
    assert found.places == ("e:elkton mills",)
    # A name the article never tags as a town stays out of the lead's places.
    alone = extract_features(_analysed(CROSSWALK, names[:2]))
    assert alone.places == ()


def test_a_state_written_the_ap_way_is_the_state() -> None:
    # "Memphis, Tenn." and "Memphis, Tennessee" are one place for the names they share.
    assert entity_key("Tenn.", "GPE") == entity_key("Tennessee", "GPE") == "e:tennessee"
    # "N.Y." and "Wash." stay state keys: "new york" and "washington" are as often the city
    assert is_state_or_nation(entity_key("N.Y.", "GPE") or "")
    assert is_state_or_nation(entity_key("Wash.", "GPE") or "")
    assert entity_key("N.J.", "GPE") == "e:new jersey"
    # Only a place: "Ind." as an organisation's short form is not Indiana.
    assert entity_key("Ind.", "ORG") == "e:ind"


FIRST_REPORT = (
    "A fire destroyed the Brightwell Freight warehouse in Oster Township on Monday.",
    "Two workers were missing by nightfall, Chief Hal Drummond said.",
    "Crews from six departments fought the blaze.",
)
WEEK_LATER = (
    "Inspectors found two exits of the Brightwell Freight warehouse chained shut.",
    "The two forklift operators who died in the Aug. 3 fire were buried on Saturday.",
    "Union organiser Luis Carrillo said workers had complained for months.",
)


def test_the_day_a_lead_names_is_a_dated_detail_a_follow_up_can_share() -> None:
    first = extract_features(
        _analysed(FIRST_REPORT, (), (("Monday", "2026-08-03"),), published="2026-08-03")
    )
    later_analysed = _analysed(WEEK_LATER, (), (("Aug. 3", "2026-08-03"),))
    start = later_analysed.clean.text.find("Aug. 3")
    written = Span(start, start + len("Aug. 3"), "2026-08-03", "Aug. 3")
    later = extract_features(replace(later_analysed, dates=(written,)))
    # The first report said "Monday"; the follow-up writes the date out: one key for both.
    assert dict(first.entities)["d:2026-08-03"] == LEAD_DAY_MENTIONS
    assert "d:2026-08-03" in dict(later.entities)
    # A date the article writes out is counted as written, not again as a lead day.
    assert dict(later.entities)["d:2026-08-03"] > LEAD_DAY_MENTIONS


def _vectors(lead_days: dict[int, float], written_days: dict[int, float]) -> ArticleVectors:
    return ArticleVectors(
        terms={},
        names={},
        term_norm=0.0,
        name_norm=0.0,
        quote_shingles=set(),
        day=None,
        year=None,
        lead_days=lead_days,
        written_days=written_days,
    )


def test_a_later_report_that_writes_out_the_story_s_day_dates_its_event() -> None:
    shooting = date(2026, 12, 7).toordinal()
    hearing = date(2026, 12, 15).toordinal()
    story = StoryProfile("s", days={shooting: 2.0})
    # "Thomas is accused of shooting her brother the night of Dec. 7": the hearing's report
    # names no day in its lead, and writes the shooting's day further down.
    assert dates_story_day(_vectors({}, {shooting: 1.0}), story)
    # A lead that names the story's day dates it as before.
    assert dates_story_day(_vectors({hearing: 1.0, shooting: 0.5}, {}), story)
    # A lead dated to its own day that recalls the story's day in the text is another event's
    # (a second vote that recalls the budget day).
    assert not dates_story_day(_vectors({hearing: 1.0}, {shooting: 1.0}), story)
    assert not dates_story_day(_vectors({}, {hearing: 1.0}), story)
    assert written_day_weights({"d:2026-12-07": 1.7, "e:toledo": 2.0, "d:bad": 1.0}) == {
        shooting: 1.0
    }
