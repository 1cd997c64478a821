"""Sourcing names its sources as a reader would: a thing is no anonymous source, a short
name is the full name it is part of, and a speaker run across a line break is what follows."""

from __future__ import annotations

from storylens.compare.sourcing import describes_a_person, names_an_organization, sourcing_profiles
from storylens.records import StoryMember
from test_compare_parts import member
from test_compare_voices import _quote_at


def _quoting(article_id: str, outlet: str, text: str, *said: tuple[str, str]) -> StoryMember:
    """An article whose quotes are these (words, speaker) pairs, each found in ``text``."""
    quotes = tuple(_quote_at(text, words, speaker) for words, speaker in said)
    return member(article_id, outlet, text, quotes=quotes)


def test_a_thing_that_speaks_is_no_anonymous_source() -> None:
    text = (
        "That cable warned the depot could not hold. "
        'Other lawmakers said the money went to "lower-priority projects".'
    )
    cable = _quote_at(
        text, "the depot could not hold", "That cable", kind="indirect", speaker_type="anonymous"
    )
    lawmakers = _quote_at(
        text,
        'the money went to "lower-priority projects"',
        "Other lawmakers",
        kind="mixed",
        speaker_type="anonymous",
    )
    (profile,), _ = sourcing_profiles([member("a", "Echo", text, quotes=(cable, lawmakers))], {})
    assert profile.anonymous == ("other lawmakers",)
    (anonymous,) = profile.counts
    assert (anonymous.source_type, anonymous.words) == ("anonymous", 2)
    assert describes_a_person("a source close to the couple")
    assert describes_a_person("the senator's spokeswoman")
    assert describes_a_person("Stone's attorney") and describes_a_person("The bishops")
    assert not describes_a_person("The missive") and not describes_a_person("this ad")


def test_a_short_name_is_counted_with_the_full_name() -> None:
    text = "“We won,” Ruth Anne Penn said. “It was close,” Penn said. “No,” Theo Marsh said."
    quotes = (
        _quote_at(text, "We won,", "Ruth Anne Penn"),
        _quote_at(text, "It was close,", "Penn"),
        _quote_at(text, "No,", "Theo Marsh"),
    )
    (profile,), _ = sourcing_profiles([member("a", "Echo", text, quotes=quotes)], {})
    assert profile.speakers == ("Ruth Anne Penn", "Theo Marsh")


def test_a_speaker_run_across_a_line_break_is_what_follows_it() -> None:
    text = 'Council challenges Penn on the depot\nHarbour Trust said the depot was "safe".'
    trust = _quote_at(
        text,
        'the depot was "safe"',
        "depot Harbour Trust",
        kind="mixed",
        speaker_type="organization",
        speaker_mention="the depot\nHarbour Trust",
    )
    (profile,), _ = sourcing_profiles([member("a", "Echo", text, quotes=(trust,))], {})
    assert profile.speakers == ("Harbour Trust",)


def test_a_thing_taken_for_an_organisation_is_no_source() -> None:
    text = (
        "Needless to say, the bridge in Ashcombe was not “a bridge of our choosing.” "
        "The council said the repairs were “long overdue.”"
    )
    thing = _quote_at(
        text, "a bridge of our choosing.", "the bridge in Ashcombe", speaker_type="organization"
    )
    council = _quote_at(text, "long overdue.", "The council", speaker_type="organization")
    (profile,), _ = sourcing_profiles([member("a", "Echo", text, quotes=(thing, council))], {})
    # the council's words count; "The council" describes a source and names no one to list
    assert [(c.source_type, c.quotes) for c in profile.counts] == [("organization", 1)]
    assert profile.speakers == ()
    assert names_an_organization("Newsweek") and names_an_organization("House Democrats")
    assert names_an_organization("the company") and names_an_organization("three committees")
    assert not names_an_organization("the tax deal")


def test_one_name_each_in_the_left_out_list() -> None:
    a = "“We won,” Terry O'Neill said. “Good,” Barack Obama said."
    b = "“It was close,” Terry O’Neill said. “Yes,” Obama said."
    c = "The count ended at noon."
    members = [
        _quoting("a", "Echo", a, ("We won,", "Terry O'Neill"), ("Good,", "Barack Obama")),
        _quoting("b", "Courier", b, ("It was close,", "Terry O’Neill"), ("Yes,", "Obama")),
        member("c", "Post", c),
    ]
    _, by_outlet = sourcing_profiles(members, {})
    post = next(p for p in by_outlet if p.outlet == "Post")
    assert post.left_out == ("Barack Obama", "Terry O'Neill")


def test_a_surname_printed_as_a_plain_word_or_a_first_name_alone_names_no_one() -> None:
    a = "“It was a fair vote,” Rosa Sharp said."
    b = "The mayor was sharp tongued about the vote."
    members = [
        _quoting("a", "Echo", a, ("It was a fair vote,", "Rosa Sharp")),
        member("b", "Courier", b),
    ]
    _, by_outlet = sourcing_profiles(members, {})
    courier = next(p for p in by_outlet if p.outlet == "Courier")
    assert courier.left_out == ("Rosa Sharp",)


def test_two_forms_of_one_persons_name_are_listed_once() -> None:
    a = "“It was close,” Tim Rourke said. “We won,” Ted Garvey said."
    b = "“We are pleased,” Timothy Rourke said. “No,” Joe Garvey said."
    c = "“He is new,” Lt. Gov. Timothy Rourke said. “Good,” Mr. Rourke said."
    d = "The count ended at noon."
    members = [
        _quoting("a", "Echo", a, ("It was close,", "Tim Rourke"), ("We won,", "Ted Garvey")),
        _quoting("b", "Courier", b, ("We are pleased,", "Timothy Rourke"), ("No,", "Joe Garvey")),
        _quoting("c", "Ledger", c, ("He is new,", "Tim Rourke"), ("Good,", "Mr. Rourke")),
        member("d", "Post", d),
    ]
    _, by_outlet = sourcing_profiles(members, {})
    post = next(p for p in by_outlet if p.outlet == "Post")
    # a short given name and the full one, same surname, are one man; two Garveys are two
    assert post.left_out == ("Joe Garvey", "Ted Garvey", "Timothy Rourke")
    ledger = next(p for p in by_outlet if p.outlet == "Ledger")
    assert ledger.speakers == ("Tim Rourke",)


def test_a_shared_given_name_does_not_make_two_people_one() -> None:
    a = "“We will vote no,” Peter Rusk said."
    b = "“The bill is fair,” Peter Lomax said."
    members = [
        _quoting("a", "Echo", a, ("We will vote no,", "Peter Rusk")),
        _quoting("b", "Courier", b, ("The bill is fair,", "Peter Lomax")),
    ]
    _, by_outlet = sourcing_profiles(members, {})
    echo, courier = by_outlet
    assert (echo.left_out, courier.left_out) == (("Peter Lomax",), ("Peter Rusk",))


def test_a_nickname_and_the_given_name_are_one_person() -> None:
    a = "“We will vote no,” Dick Hale said. “It is fair,” Bill Oduya said."
    b = "“The bill is unfair,” Richard J. Hale said. “Wait,” Ted Oduya said."
    c = "The count ended at noon."
    members = [
        _quoting("a", "Echo", a, ("We will vote no,", "Dick Hale"), ("It is fair,", "Bill Oduya")),
        _quoting(
            "b", "Courier", b, ("The bill is unfair,", "Richard J. Hale"), ("Wait,", "Ted Oduya")
        ),
        member("c", "Post", c),
    ]
    _, by_outlet = sourcing_profiles(members, {})
    post = next(p for p in by_outlet if p.outlet == "Post")
    # "Dick" is a nickname of "Richard"; "Bill" and "Ted" are two people's names
    assert post.left_out == ("Bill Oduya", "Richard J. Hale", "Ted Oduya")


def test_an_acronym_printed_dotted_or_spelt_out_is_named() -> None:
    a = "“We need time to digest it,” the HRA said."
    members = [_quoting("a", "Echo", a, ("We need time to digest it,", "the HRA"))]
    for spelt in ("The H.R.A. met on Monday.", "A Harbour Rangers Association panel met."):
        _, by_outlet = sourcing_profiles([*members, member("b", "Courier", spelt)], {})
        courier = next(p for p in by_outlet if p.outlet == "Courier")
        assert courier.left_out == ()
    _, by_outlet = sourcing_profiles([*members, member("b", "Courier", "Rangers met.")], {})
    assert next(p for p in by_outlet if p.outlet == "Courier").left_out == ("the HRA",)
