"""Who counts as a named or an anonymous source (issue 19, sourcing): a publication credited
for words, a count of people and a lead's description of someone it names later are none;
one unnamed source described twice is one; and an outlet that prints someone's words with no
name does not leave them out."""

from __future__ import annotations

from dataclasses import replace

import pytest

from storylens.compare.sourcing import counted_quotes, sourcing_profiles
from storylens.records import Quote, SourcingProfile
from test_compare_parts import member
from test_sourcing_lines import _said


def _profile(text: str, *quotes: Quote) -> SourcingProfile:
    (profile,), _ = sourcing_profiles([member("a", "Echo", text, quotes=quotes)], {})
    return profile


def test_someone_at_a_publication_is_the_speaker_not_the_publication() -> None:
    text = 'A blogger on the website Harbour Lights said, "Nobody here believes a word of it."'
    misread = _said(
        text,
        "Nobody here believes a word of it.",
        "Harbour Lights",
        kind="direct",
        speaker_type="person",
    )
    profile = _profile(text, misread)
    assert profile.speakers == ()
    # the blogger is one of the public, as a commenter is: an unnamed person, no anonymous
    # source (fresh readers of a BASIL report)
    assert profile.anonymous == ()
    assert [c.source_type for c in profile.counts] == ["unnamed"]


def test_a_publication_credited_for_words_is_no_named_source() -> None:
    first = 'Tidewater magazine posted an "outtakes" gallery. Ann Roe said it was "unfair".'
    second = 'Ann Roe called the cover "unfair". The Tidewater cover sold out.'
    gallery = _said(
        first, 'an "outtakes" gallery', "Tidewater", kind="mixed", speaker_type="organization"
    )
    roe = _said(first, 'it was "unfair"', "Ann Roe", kind="mixed", speaker_type="person")
    roe_again = _said(second, 'the cover "unfair"', "Ann Roe", kind="mixed", speaker_type="person")
    profiles, _ = sourcing_profiles(
        [
            member("a", "Echo", first, quotes=(gallery, roe)),
            member("b", "Post", second, quotes=(roe_again,)),
        ],
        {},
    )
    assert profiles[0].speakers == ("Ann Roe",)
    assert profiles[1].left_out == ()
    # the magazine's label is its reporting, credited by the lineage: no source's words
    assert [(c.source_type, c.words) for c in profiles[0].counts] == [("person", 1)]


def test_a_spokesperson_described_by_whom_they_speak_for_is_that_organisation() -> None:
    text = 'A Harbour Bank spokesperson said: "We follow the law in every request."'
    said = _said(
        text,
        "We follow the law in every request.",
        "A Harbour Bank spokesperson",
        kind="direct",
        speaker_type="anonymous",
    )
    profile = _profile(text, said)
    assert profile.anonymous == ()
    assert [c.source_type for c in profile.counts] == ["organization"]
    # a spokesperson described by nobody they speak for stays an anonymous source
    bare = _said(
        text.replace("A Harbour Bank", "A"),
        "We follow the law in every request.",
        "A spokesperson",
        kind="direct",
        speaker_type="anonymous",
    )
    assert [c.source_type for c in _profile(text.replace("A Harbour Bank", "A"), bare).counts] == [
        "anonymous"
    ]


def test_an_organisations_message_is_that_organisation_speaking() -> None:
    text = 'A terse response from the Harbour Party only said: "No comment on rumours."'
    said = _said(
        text,
        "No comment on rumours.",
        "A terse response from the Harbour Party",
        "the Harbour Party",
        kind="direct",
        speaker_type="organization",
    )
    assert [(c.source_type, c.words) for c in _profile(text, said).counts] == [("organization", 4)]
    # a thing the parse made a speaker stays no source
    thing = _said(
        "The war in the north said little.",
        "little",
        "The war in the north",
        "the north",
        kind="indirect",
        speaker_type="organization",
    )
    assert _profile("The war in the north said little.", thing).counts == ()


def test_a_count_of_people_names_no_source() -> None:
    text = 'Close to two dozen Ashcombe councillors called the plan "reckless".'
    group = _said(
        text,
        'the plan "reckless"',
        "Close to two dozen Ashcombe councillors",
        cue="called",
        kind="mixed",
        speaker_type="organization",
    )
    profile = _profile(text, group)
    assert profile.speakers == ()
    # the words still count, in the row of their kind
    assert [(c.source_type, c.words) for c in profile.counts] == [("organization", 1)]


def test_a_leads_description_of_someone_named_later_is_that_person() -> None:
    text = (
        'Senior council officials warned that delay would "sharply raise the cost" of the '
        'pier. "What I said is that it would sharply raise the cost," Mayor Ann Roe said.'
    )
    officials = _said(
        text,
        'that delay would "sharply raise the cost" of the pier',
        "Senior council officials",
        cue="warned",
        kind="mixed",
    )
    mayor = _said(
        text,
        "What I said is that it would sharply raise the cost,",
        "Mayor Ann Roe",
        "Ann Roe",
        kind="direct",
        speaker_type="person",
    )
    profile = _profile(text, officials, mayor)
    assert profile.anonymous == ()
    assert [(c.source_type, c.quotes) for c in profile.counts] == [("person", 2)]


def test_an_unnamed_source_described_again_is_listed_once() -> None:
    text = (
        'A former harbour inspector said the crossing was "never safe at night". '
        'The former official said the lights had "failed twice before".'
    )
    pilot = _said(
        text, 'the crossing was "never safe at night"', "A former harbour inspector", kind="mixed"
    )
    again = _said(text, 'the lights had "failed twice before"', "The former official", kind="mixed")
    profile = _profile(text, pilot, again)
    assert profile.anonymous == ("a former harbour inspector",)


def test_a_cleric_read_as_an_organisation_is_a_person() -> None:
    text = 'Bishop Daniel Marsh said the council was "following a darker path".'
    bishop = _said(
        text,
        'the council was "following a darker path"',
        "Bishop Daniel Marsh",
        kind="mixed",
        speaker_type="organization",
    )
    found = [(source, n) for _, source, n in counted_quotes([bishop], text)]
    assert found == [("person", 4)]


def test_an_obituary_is_no_unnamed_source() -> None:
    text = 'His obituary said he "loved the river more than anything else".'
    obituary = _said(
        text, 'he "loved the river more than anything else"', "His obituary", kind="mixed"
    )
    assert list(counted_quotes([obituary], text)) == []


def test_an_outlet_printing_the_words_with_no_name_does_not_leave_them_out() -> None:
    first = '"The pier has been unsafe for years and nobody listened," Jon Pell said.'
    second = (
        'The mayor apologised on Friday.\n"The pier has been unsafe for years and nobody listened."'
    )
    third = '"The pier has been unsafe for years and nobody listened," Ann Roe said.'
    pell = _said(
        first,
        "The pier has been unsafe for years and nobody listened,",
        "Jon Pell",
        kind="direct",
        speaker_type="person",
    )
    printed = _said(
        second,
        "The pier has been unsafe for years and nobody listened.",
        "The mayor",
        kind="direct",
    )
    unattributed = replace(
        printed, speaker=None, speaker_mention=None, speaker_type="unknown", cue=None
    )
    credited = _said(
        third,
        "The pier has been unsafe for years and nobody listened,",
        "Ann Roe",
        kind="direct",
        speaker_type="person",
    )
    _, (_, bare, other) = sourcing_profiles(
        [
            member("a", "Echo", first, quotes=(pell,)),
            member("b", "Post", second, quotes=(unattributed,)),
            member("c", "Courier", third, quotes=(credited,)),
        ],
        {},
    )
    # the Post prints the words with no one named: it carries them, whoever said them
    assert bare.left_out == ()
    # the Courier credits the same words to someone else by name: Pell is left out there
    assert other.left_out == ("Jon Pell",)


def test_words_set_beside_a_description_by_a_dash_have_no_speaker() -> None:
    text = 'It was a long way from the pledge of spring — "a harbour we will all be proud of".'
    beside = _said(
        text,
        "a harbour we will all be proud of",
        "a long way from the pledge of spring",
        cue="—",
        kind="direct",
    )
    assert list(counted_quotes([beside], text)) == []


def test_the_legend_says_uncredited_quotes_are_in_no_count() -> None:
    from storylens.report import SOURCING_LEGEND

    assert "a quote it could not credit is in no count" in SOURCING_LEGEND


def test_where_words_appeared_is_no_name() -> None:
    text = 'On Harbourgram, the two councillors wrote that the vote was "a disgrace to the town".'
    place = _said(
        text,
        'the vote was "a disgrace to the town"',
        "On Harbourgram",
        cue="wrote",
        kind="mixed",
        speaker_type="organization",
    )
    assert _profile(text, place).speakers == ()


def test_a_persons_own_website_does_not_make_them_a_publication() -> None:
    from storylens.compare.sourcing import _a_publication, _publications

    text = "Ruth Penn's website was down on Monday. Harbour Weekly magazine said so."
    assert ("ruth", "penn") not in _publications(text)
    assert not _a_publication("Ruth Penn", text)
    assert _a_publication("Harbour Weekly", text)


def test_a_publications_name_stops_at_the_end_of_its_sentence() -> None:
    """'the website Harbourwatch.net. The Mayor ...' names Harbourwatch.net, not a
    publication called "Harbourwatch.net. The Mayor", whose words would then be no one's;
    a name's own abbreviations still belong to it."""
    from storylens.compare.sourcing import _publications

    text = "The claim first ran on the website Harbourwatch.net. The Mayor denied it on Monday."
    assert _publications(text) == {("harbourwatch", "net")}
    named = "the newspaper St. Corvale Courier-Ledger said so, as did the magazine U.S. Harbours"
    assert _publications(named) == {("st", "corvale", "courierledger"), ("u", "s", "harbours")}


@pytest.mark.parametrize(
    ("text", "words", "mention", "cue", "described"),
    [
        (
            "The pier will close, according to people who know both of them.",
            "The pier will close",
            "people",
            "according to",
            "people who know both of them",
        ),
        (
            "The pier will close, two people briefed on the talks said.",
            "The pier will close",
            "two people",
            "said",
            "two people briefed on the talks",
        ),
        (
            "The pier will close, friends who were close to the mayor said.",
            "The pier will close",
            "friends",
            "said",
            "friends who were close to the mayor",
        ),
    ],
)
def test_people_described_by_their_access_after_the_mention_are_anonymous_sources(
    text: str, words: str, mention: str, cue: str, described: str
) -> None:
    # the parse leaves the relative clause or participle out of the mention: "people" alone
    # read as the public, and the outlet's anonymous sourcing was counted nowhere
    ((quote, source, _),) = counted_quotes([_said(text, words, mention, cue=cue)], text)
    assert (source, quote.speaker_mention) == ("anonymous", described)


def test_people_who_spoke_to_a_paper_are_not_described_by_access() -> None:
    text = "The vote was a mistake, voters who spoke to the Gazette said."
    ((_, source, _),) = counted_quotes([_said(text, "The vote was a mistake", "voters")], text)
    assert source == "unnamed"
