"""The sourcing rows of one outlet (issue 19): which quotes a count holds and under which kind
of source, and which names a profile lists or says another outlet leaves out."""

from __future__ import annotations

from dataclasses import replace

from storylens.compare.sourcing import sourcing_profiles
from storylens.records import Quote, SourcingProfile
from test_compare_parts import member
from test_sourcing_lines import _said, _with_entities


def _profile(text: str, *quotes: Quote) -> SourcingProfile:
    (profile,), _ = sourcing_profiles([member("a", "Echo", text, quotes=quotes)], {})
    return profile


def _rows(profile: SourcingProfile) -> list[tuple[str, int, int, int]]:
    return [(c.source_type, c.quotes, c.words, c.reported) for c in profile.counts]


MAYOR = 'Mayor Ann Roe said, "We will fix the pier."'


def test_a_thing_described_as_a_speaker_is_no_source() -> None:
    text = MAYOR + ' The pier deal announced that "costs will fall by a third".'
    roe = _said(text, "We will fix the pier.", "Ann Roe", kind="direct", speaker_type="person")
    deal = _said(text, 'that "costs will fall by a third"', "The pier deal", kind="mixed")
    assert _rows(_profile(text, roe, deal)) == [("person", 1, 5, 0)]


def test_an_institution_described_again_is_an_organisation() -> None:
    text = MAYOR + ' The zoo said the otters were "safe and well".'
    roe = _said(text, "We will fix the pier.", "Ann Roe", kind="direct", speaker_type="person")
    zoo = _said(text, 'the otters were "safe and well"', "The zoo", kind="mixed")
    assert _rows(_profile(text, roe, zoo)) == [("person", 1, 5, 0), ("organization", 1, 3, 0)]


def test_a_group_described_in_the_plural_is_no_named_person() -> None:
    text = MAYOR + ' The scholars wrote that the plan "fails the poor".'
    roe = _said(text, "We will fix the pier.", "Ann Roe", kind="direct", speaker_type="person")
    scholars = _said(
        text, 'that the plan "fails the poor"', "The scholars", cue="wrote", kind="mixed"
    )
    assert _rows(_profile(text, roe, scholars)) == [("person", 1, 5, 0), ("unnamed", 1, 3, 0)]


def test_a_person_described_again_by_a_compound_noun_is_a_person() -> None:
    text = MAYOR + ' The cameraman replied, "We are only students."'
    roe = _said(text, "We will fix the pier.", "Ann Roe", kind="direct", speaker_type="person")
    cameraman = _said(text, "We are only students.", "The cameraman", cue="replied", kind="direct")
    assert _rows(_profile(text, roe, cameraman)) == [("person", 2, 9, 0)]


def test_a_publication_read_as_a_person_is_no_source() -> None:
    text = MAYOR + ' Politico reports: "The pier will cost two million pounds."'
    roe = _said(text, "We will fix the pier.", "Ann Roe", kind="direct", speaker_type="person")
    report = _said(
        text,
        "The pier will cost two million pounds.",
        "Politico",
        cue="reports",
        kind="direct",
        speaker_type="person",
    )
    profile = _profile(text, roe, report)
    assert _rows(profile) == [("person", 1, 5, 0)]
    assert profile.speakers == ("Ann Roe",)


def test_a_law_or_a_report_is_no_persons_or_organisations_words() -> None:
    text = (
        MAYOR + ' The statute reads: "No pier shall stand unlit." The report found the '
        'pier "unsafe at high tide".'
    )
    roe = _said(text, "We will fix the pier.", "Ann Roe", kind="direct", speaker_type="person")
    # resolved to the statute's sponsor, as a parse may
    statute = _said(
        text, "No pier shall stand unlit.", "The statute", "Ann Roe", cue="reads", kind="direct"
    )
    statute = replace(statute, speaker_type="person")
    report = _said(
        text,
        'the pier "unsafe at high tide"',
        "The report",
        cue="found",
        kind="mixed",
        speaker_type="organization",
    )
    assert _rows(_profile(text, roe, statute, report)) == [("person", 1, 5, 0)]


def test_a_text_reached_through_a_pronoun_is_no_source() -> None:
    text = MAYOR + ' Her remarks drew fire. They "echo the old plan", critics noted.'
    roe = _said(text, "We will fix the pier.", "Ann Roe", kind="direct", speaker_type="person")
    remarks = _said(text, '"echo the old plan"', "They", "Her latest remarks", cue="echo")
    apology = _said(text, "Her remarks drew fire.", "Her remarks", "Ms. Roe's apology")
    assert _rows(_profile(text, roe, remarks, apology)) == [("person", 1, 5, 0)]


def test_a_surname_two_listed_people_share_is_not_listed() -> None:
    text = (
        'Liz Hale said, "We disagree." Mary Hale said, "We talk every day." '
        'Hale added, "Family comes first."'
    )
    liz = _said(text, "We disagree.", "Liz Hale", kind="direct", speaker_type="person")
    mary = _said(text, "We talk every day.", "Mary Hale", kind="direct", speaker_type="person")
    short = _said(
        text, "Family comes first.", "Hale", cue="added", kind="direct", speaker_type="person"
    )
    profile = _profile(text, liz, mary, short)
    assert sorted(profile.speakers) == ["Liz Hale", "Mary Hale"]
    # the words still count
    assert _rows(profile) == [("person", 3, 9, 0)]


def test_an_outlet_that_prints_a_name_spelt_otherwise_does_not_leave_it_out() -> None:
    first = 'The new senator, Mo Cowen, said, "It is a short career."'
    second = 'Mr. Cowan said the seat was his "for a few months" only.'
    cowen = _said(first, "It is a short career.", "Cowen", kind="direct", speaker_type="person")
    cowan = _said(
        second,
        'the seat was his "for a few months" only',
        "Cowan",
        kind="mixed",
        speaker_type="person",
    )
    profiles, _ = sourcing_profiles(
        [
            member("a", "Echo", first, quotes=(cowen,)),
            member("b", "Post", second, quotes=(cowan,)),
        ],
        {},
    )
    assert profiles[1].left_out == ()


def test_an_outlet_given_by_a_code_never_leaves_out_itself() -> None:
    first = 'Ann Roe told the site. Brightlane said, "We stand by the story."'
    second = "Ann Roe declined to talk to us."
    own = _said(
        first, "We stand by the story.", "Brightlane", kind="direct", speaker_type="organization"
    )
    roe = member("b", "bl", second)
    clean = roe.analysed.clean
    article = replace(clean.article, url="https://www.brightlane.example/roe")
    roe = replace(roe, analysed=replace(roe.analysed, clean=replace(clean, article=article)))
    profiles, outlets = sourcing_profiles([member("a", "Echo", first, quotes=(own,)), roe], {})
    assert profiles[0].speakers == ("Brightlane",)
    assert outlets[1].left_out == ()


def test_an_organisation_named_before_a_relative_pronoun_is_listed_whole() -> None:
    text = 'The letter cites the Guild of Harbour Pilots, which said "the pier is unsafe".'
    guild = _said(text, "the pier is unsafe", "which", "Harbour Pilots", kind="direct")
    guild = replace(guild, speaker_type="organization")
    story = _with_entities(
        member("a", "Echo", text, quotes=(guild,)), ("the Guild of Harbour Pilots", "ORG")
    )
    (profile,), _ = sourcing_profiles([story], {})
    assert profile.speakers == ("the Guild of Harbour Pilots",)


def test_a_group_of_people_by_what_they_are_is_no_named_source() -> None:
    text = 'Council Democrats asked for "changes" to the pier plan.'
    group = _said(
        text,
        'for "changes" to the pier plan',
        "Council Democrats",
        cue="asked",
        kind="mixed",
        speaker_type="organization",
    )
    profile = _profile(text, group)
    assert profile.speakers == ()
    assert _rows(profile) == [("organization", 1, 1, 0)]


def test_a_person_spoken_of_in_the_reporters_words_is_not_listed_from_them() -> None:
    first = 'Ann Roe said the plan was "sound".'
    second = 'Ann Roe spoke first. He called Roe’s plan "reckless".'
    roe = _said(first, 'the plan was "sound"', "Ann Roe", kind="mixed", speaker_type="person")
    misread = _said(second, 'Roe’s plan "reckless"', "He", "Ann Roe", cue="called", kind="mixed")
    profiles, _ = sourcing_profiles(
        [
            member("a", "Echo", first, quotes=(roe,)),
            member("b", "Post", second, quotes=(replace(misread, speaker_type="person"),)),
        ],
        {},
    )
    assert profiles[1].speakers == ()
    assert _rows(profiles[1]) == [("person", 1, 1, 0)]


def test_an_office_holder_called_by_a_capitalised_title_is_a_person() -> None:
    text = (
        'Secretary of State Ann Roe arrived on Monday. "We will not wait," the Secretary '
        'of State said. The President added that talks were "close to done".'
    )
    roe = _said(text, "We will not wait,", "the Secretary of State", kind="direct")
    president = _said(
        text, 'that talks were "close to done"', "The President", cue="added", kind="mixed"
    )
    named = _said(text, "arrived on Monday", "Secretary of State Ann Roe", "Ann Roe")
    profile = _profile(text, replace(named, speaker_type="person"), roe, president)
    assert profile.anonymous == ()
    assert _rows(profile) == [("person", 2, 7, 1)]


def test_a_role_named_in_apposition_before_is_that_person_again() -> None:
    text = (
        "A council spokesman, Tom Reed, said the pier was shut for the winter season. "
        'By noon it was open again. "It is unsafe," the spokesman said.'
    )
    reed = _said(text, "the pier was shut for the winter season", "A council spokesman")
    again = _said(text, "It is unsafe,", "the spokesman", kind="direct")
    profile = _profile(text, reed, again)
    assert profile.anonymous == ()
    assert _rows(profile) == [("person", 1, 3, 1)]


def test_members_of_an_institution_named_before_are_the_institution() -> None:
    text = (
        MAYOR + " The Guild of Harbour Pilots wrote to her. The pilots said the plan "
        '"fails every test".'
    )
    roe = _said(text, "We will fix the pier.", "Ann Roe", kind="direct", speaker_type="person")
    pilots = _said(text, 'the plan "fails every test"', "The pilots", kind="mixed")
    assert _rows(_profile(text, roe, pilots)) == [("person", 1, 5, 0), ("organization", 1, 3, 0)]


def test_one_of_several_institutions_is_an_organisation() -> None:
    text = 'One of the oldest harbour unions called for "a full inquiry" into the pier.'
    union = _said(
        text,
        'for "a full inquiry" into the pier',
        "One of the oldest harbour unions",
        cue="called",
        kind="mixed",
    )
    assert _rows(_profile(text, union)) == [("organization", 1, 3, 0)]


def test_a_name_an_outlet_spells_two_ways_is_listed_once() -> None:
    text = (
        'Cowen said, "It is a short career." Cowen added, "I will not run." '
        'Cowmen called the job "temporary".'
    )
    first = _said(text, "It is a short career.", "Cowen", kind="direct", speaker_type="person")
    second = _said(text, "I will not run.", "Cowen added", "Cowen", kind="direct")
    third = _said(text, 'the job "temporary"', "Cowmen", cue="called", kind="mixed")
    profile = _profile(
        text,
        first,
        replace(second, speaker_type="person"),
        replace(third, speaker_type="person"),
    )
    assert profile.speakers == ("Cowen",)


def test_a_person_whose_name_holds_an_outlets_is_listed() -> None:
    text = 'Mayor Ann Bloomberg said, "We will fix the pier."'
    said = _said(
        text, "We will fix the pier.", "Mayor Ann Bloomberg", "Ann Bloomberg", kind="direct"
    )
    story = _with_entities(
        member("a", "Echo", text, quotes=(replace(said, speaker_type="person"),)),
        ("Ann Bloomberg", "PERSON"),
    )
    (profile,), _ = sourcing_profiles([story], {})
    assert profile.speakers == ("Ann Bloomberg",)


def test_a_person_named_after_an_owners_possessive_is_listed_by_their_own_name() -> None:
    from storylens.compare.sourcing import _as_written

    # the resolver ran the owner into the name ("Chirper's Ada Quist" -> "Chirper Ada Quist")
    assert _as_written("Chirper Ada Quist", "Chirper's Ada Quist") == "Ada Quist"
    # an office is no person; a name standing whole is kept
    assert _as_written("Sheriff Office", "the Sheriff's Office") == "Sheriff Office"
    assert _as_written("Ada Quist", "Ada Quist") == "Ada Quist"


def test_a_joint_statements_authors_named_apart_are_listed_together() -> None:
    from storylens.compare.sourcing import _as_written

    # a party tag and a title stand between the two names at the mention (issue 19/23)
    mention = "Ron Varney (D) and Assistant House Majority Leader Ada Quill"
    assert _as_written("Ron Varney and Ada Quill", mention) == "Ron Varney and Ada Quill"
    # a name the resolver ran together from two is still cut to the person's own
    assert _as_written("Granger Paper Ines Calloway", "Granger Paper boss Ines Calloway") == (
        "Ines Calloway"
    )
