"""Sourcing lines a reader can quote (issue 19 item 7): quoted words only, no zero-word rows,
speech that reports nothing is no source, a person named in apposition is named, and a name
the parse does not support (a place, a restaurant reached through "he") is not listed."""

from __future__ import annotations

from dataclasses import replace

from storylens.compare.scorecard import OutletScore, anonymous_words
from storylens.compare.sourcing import counted_quotes, sourcing_profiles
from storylens.records import Entity, Quote, SourcingProfile, StoryMember
from test_compare_parts import member


def _said(
    text: str,
    words: str,
    mention: str,
    speaker: str | None = None,
    *,
    cue: str = "said",
    kind: str = "indirect",
    speaker_type: str = "anonymous",
) -> Quote:
    """A quote of ``words`` whose speaker is ``mention`` where it first stands in ``text``."""
    start = text.index(words)
    at = text.index(mention)
    return Quote(
        text=words,
        start=start,
        end=start + len(words),
        speaker=mention if speaker is None else speaker,
        speaker_mention=mention,
        speaker_start=at,
        speaker_end=at + len(mention),
        speaker_type=speaker_type,  # type: ignore[arg-type]
        cue=cue,
        kind=kind,  # type: ignore[arg-type]
    )


def _with_entities(story_member: StoryMember, *found: tuple[str, str]) -> StoryMember:
    """The member with the entities (words, label) where the words first stand."""
    text = story_member.analysed.article.text
    entities = tuple(
        Entity(words, label, text.index(words), text.index(words) + len(words))
        for words, label in found
    )
    return replace(story_member, analysed=replace(story_member.analysed, entities=entities))


def _profile(text: str, *quotes: Quote) -> SourcingProfile:
    (profile,), _ = sourcing_profiles([member("a", "Echo", text, quotes=quotes)], {})
    return profile


def _counted(text: str, *quotes: Quote) -> list[tuple[str | None, str, int]]:
    return [(q.speaker, source, n) for q, source, n in counted_quotes(quotes, text)]


def test_a_named_source_only_paraphrased_has_no_row_and_no_listing() -> None:
    text = 'Ann Roe said the road was closed. "We acted fast," Officials told the Echo.'
    profile = _profile(
        text,
        _said(text, "the road was closed", "Ann Roe", "Ann Roe", speaker_type="person"),
        _said(text, "We acted fast,", "Officials", kind="direct"),
    )
    assert [(c.source_type, c.words, c.reported) for c in profile.counts] == [("anonymous", 3, 0)]
    assert profile.speakers == ()


def test_an_anonymous_source_only_paraphrased_is_listed_and_counted() -> None:
    # "Officials said ..." is the commonest anonymous sourcing in news, marks or none
    text = (
        'Officials said the road was closed. The officials said crews were out. "We acted '
        'fast," Mayor Ann Roe said. A bizarre episode said little.'
    )
    profile = _profile(
        text,
        _said(text, "the road was closed", "Officials"),
        _said(text, "crews were out", "The officials"),
        _said(
            text, "We acted fast,", "Mayor Ann Roe", "Ann Roe", kind="direct", speaker_type="person"
        ),
        _said(text, "little", "A bizarre episode"),
    )
    assert [(c.source_type, c.words, c.reported) for c in profile.counts] == [
        ("person", 3, 0),
        ("anonymous", 0, 2),
    ]
    # "the officials" refer back to the officials listed; an episode describes no source
    assert profile.anonymous == ("officials",) and profile.speakers == ("Ann Roe",)
    assert profile.anonymous_share == 0.0


def test_a_negated_or_refused_cue_reports_nothing() -> None:
    text = (
        "Investigators have not said what caused the blaze. "
        "Her agent declined to comment. Officials said the pier was safe."
    )
    found = _counted(
        text,
        _said(text, "what caused the blaze", "Investigators"),
        _said(text, "to comment", "Her agent", cue="declined"),
        _said(text, "the pier was safe", "Officials"),
    )
    assert found == [("Officials", "anonymous", 0)]


def test_a_request_and_a_passive_cue_report_nothing() -> None:
    text = (
        "One firefighter, who asked not to be named, said the door was open. "
        "Staff had been told to lock the gate."
    )
    found = _counted(
        text,
        _said(text, "not to be named", "who", "One firefighter", cue="asked"),
        _said(text, "the door was open", "One firefighter"),
        _said(text, "to lock the gate", "Staff", cue="told"),
    )
    assert found == [("One firefighter", "anonymous", 0)]


def test_a_speaker_inside_another_account_is_no_source() -> None:
    text = (
        "Engineer Priya Nandakumar said on Wednesday that divers had confirmed the cracks "
        'went "deeper than a surface flaw".'
    )
    divers = _said(
        text,
        'the cracks went "deeper than a surface flaw"',
        "divers",
        cue="confirmed",
        kind="mixed",
    )
    profile = _profile(text, divers)
    assert profile.anonymous == () and profile.counts == ()


def test_a_role_named_in_apposition_is_that_person() -> None:
    text = 'The mill\'s operations director, Ines Calloway, said the firm was "heartbroken".'
    director = _said(
        text, 'the firm was "heartbroken"', "The mill's operations director", kind="mixed"
    )
    profile = _profile(text, director)
    assert profile.speakers == ("Ines Calloway",) and profile.anonymous == ()
    assert [(c.source_type, c.quotes, c.words) for c in profile.counts] == [("person", 1, 1)]


def test_an_unresolved_he_is_a_person_not_unattributed() -> None:
    text = '"We have always teased each other," he said.'
    quote = _said(text, "We have always teased each other,", "he", kind="direct")
    unresolved = replace(quote, speaker=None, speaker_type="unknown")
    assert _counted(text, unresolved) == [(None, "person", 6)]
    assert _profile(text, unresolved).speakers == ()


def test_a_name_reached_only_through_a_pronoun_needs_the_parse_behind_it() -> None:
    text = (
        'Casa Brasa shut on Friday. "We will reopen," Owner Rafael Reyes said. '
        'He said the kitchen was "spotless".'
    )
    wrong = _said(
        text, 'the kitchen was "spotless"', "He", "Casa Brasa", kind="mixed", speaker_type="person"
    )
    owner = _said(
        text,
        "We will reopen,",
        "Owner Rafael Reyes",
        "Rafael Reyes",
        kind="direct",
        speaker_type="person",
    )
    article = member("a", "Echo", text, quotes=(wrong, owner))
    labelled = _with_entities(article, ("Casa Brasa", "ORG"), ("Rafael Reyes", "PERSON"))
    (profile,), _ = sourcing_profiles([labelled], {})
    assert profile.speakers == ("Rafael Reyes",)
    # the words still count: "he" is a person, only the name is doubtful
    assert [(c.source_type, c.quotes, c.words) for c in profile.counts] == [("person", 2, 4)]


def test_a_name_cut_from_an_organisation_is_the_organisation() -> None:
    text = 'The blaze was "fully involved" by 10 p.m., according to the Port Alder Fire Department.'
    cut = _said(
        text,
        'The blaze was "fully involved" by 10 p.m.',
        "the Port Alder Fire Department",
        "Port Alder",
        cue="according to",
        kind="mixed",
        speaker_type="person",
    )
    article = _with_entities(
        member("a", "Echo", text, quotes=(cut,)), ("the Port Alder Fire Department", "ORG")
    )
    (profile,), _ = sourcing_profiles([article], {})
    assert profile.speakers == ("the Port Alder Fire Department",)


def test_a_place_is_no_named_source() -> None:
    text = 'Tanner Lane was closed. "It was loud," Tanner Lane said.'
    street = _said(text, "It was loud,", "Tanner Lane", kind="direct", speaker_type="person")
    article = _with_entities(member("a", "Echo", text, quotes=(street,)), ("Tanner Lane", "FAC"))
    (profile,), _ = sourcing_profiles([article], {})
    assert profile.speakers == ()


def test_a_statement_is_listed_as_its_owner() -> None:
    text = 'The Kestrel Rowing Club\'s statement said the search would begin "at once".'
    statement = _said(
        text,
        'the search would begin "at once"',
        "The Kestrel Rowing Club's statement",
        "the Kestrel Rowing Club's statement",
        kind="mixed",
        speaker_type="organization",
    )
    assert _profile(text, statement).speakers == ("the Kestrel Rowing Club",)


def test_a_description_names_no_one_and_an_outlet_is_no_source() -> None:
    # "the club" says what kind of source spoke, not who: its words count, it is not listed
    text = 'The club\'s statement said the search would begin "at once".'
    statement = _said(
        text,
        'the search would begin "at once"',
        "The club's statement",
        "the club's statement",
        kind="mixed",
        speaker_type="organization",
    )
    profile = _profile(text, statement)
    assert profile.speakers == ()
    assert [(c.source_type, c.words) for c in profile.counts] == [("organization", 2)]
    # another outlet's words are its reporting (the lineage credits it), not a source's
    text = 'The Harbor Gazette wrote that the pier was "unsafe for years".'
    outlet = _said(
        text,
        'that the pier was "unsafe for years"',
        "The Harbor Gazette",
        "The Harbor Gazette",
        kind="mixed",
        speaker_type="organization",
    )
    assert _profile(text, outlet).speakers == ()


def test_an_outlet_leaves_out_only_a_speaker_it_never_names() -> None:
    first = '"We will rebuild," Jasper Hart said. "It is sad," Mira Cole said.'
    second = 'Jasper Hart was there. "Best night of the year," one fan said.'
    hart = _said(first, "We will rebuild,", "Jasper Hart", kind="direct", speaker_type="person")
    cole = _said(first, "It is sad,", "Mira Cole", kind="direct", speaker_type="person")
    fan = _said(second, "Best night of the year,", "one fan", kind="direct")
    _, (_, other) = sourcing_profiles(
        [
            member("a", "Echo", first, quotes=(hart, cole)),
            member("b", "Post", second, quotes=(fan,)),
        ],
        {},
    )
    # Hart is named in the Post, perhaps quoted in words the extractor missed: not said
    assert other.left_out == ("Mira Cole",)


def test_words_inside_an_account_the_extractor_missed_are_the_tellers() -> None:
    text = (
        'Engineer Priya Nandakumar said that divers had confirmed the cracks went "deeper '
        'than a surface flaw". "We will decide within weeks," Nandakumar said. '
        "A source close to the inquiry said the alarm had failed and that staff had been "
        "told to “keep an eye on it”."
    )
    divers = _said(
        text,
        'the cracks went "deeper than a surface flaw"',
        "divers",
        cue="confirmed",
        kind="mixed",
    )
    engineer = _said(
        text, "We will decide within weeks,", "Nandakumar", kind="direct", speaker_type="person"
    )
    staff = _said(text, "to “keep an eye on it”", "staff", cue="told", kind="mixed")
    assert _counted(text, divers, engineer, staff) == [
        ("Nandakumar", "person", 5),
        ("Nandakumar", "person", 5),
        ("A source close to the inquiry", "anonymous", 5),
    ]


def test_a_person_reached_only_through_she_is_counted_but_not_named() -> None:
    # the resolver may take the person spoken of for the speaker: a PERSON label is no proof
    text = 'For Mae Colley, 81, the loss hurt. "I loved it," she said.'
    she = _said(text, "I loved it,", "she", "Mae Colley", kind="direct", speaker_type="person")
    article = _with_entities(member("a", "Echo", text, quotes=(she,)), ("Mae Colley", "PERSON"))
    (profile,), _ = sourcing_profiles([article], {})
    assert profile.speakers == ()
    assert [(c.source_type, c.words) for c in profile.counts] == [("person", 3)]


def test_a_politician_called_by_state_and_party_is_named_before() -> None:
    from storylens.compare.sourcing import source_type

    for mention in ("the Ohio Republican", "the California Democrat", "the Ohio senator"):
        assert source_type("anonymous", mention, names_people=True) == "person"
    for mention in ("the Downing Street source", "the Times", "the Justice Department"):
        assert source_type("anonymous", mention, names_people=True) != "person"


def test_a_title_cut_from_its_name_is_no_name() -> None:
    text = 'The car "fled north", according to Sgt. Lisa Ortiz. Officers searched the area.'
    cut = _said(
        text, 'The car "fled north"', "Sgt", cue="according to", kind="mixed", speaker_type="person"
    )
    assert _profile(text, cut).speakers == ("Lisa Ortiz",)
    alone = replace(cut, speaker_end=len(text) - 1)  # nothing named after it
    assert _profile(text, alone).speakers == ()


def test_a_firm_run_into_a_name_is_left_out_of_it() -> None:
    text = 'Granger Paper boss Ines Calloway hailed the watchman as "the best of us".'
    boss = _said(
        text,
        'the watchman as "the best of us"',
        "Granger Paper boss Ines Calloway",
        "Granger Paper Ines Calloway",
        cue="hailed",
        kind="mixed",
        speaker_type="person",
    )
    assert _profile(text, boss).speakers == ("Ines Calloway",)


def test_an_anonymous_source_is_described_by_access_or_role() -> None:
    from storylens.compare.sourcing import source_type

    for mention in ("officials", "a longtime ally", "one firefighter", "economists"):
        assert source_type("anonymous", mention) == "anonymous"
    for mention in ("Protesters", "some parents", "campaigners", "a woman", "his mother"):
        assert source_type("anonymous", mention) == "unnamed"


def test_a_role_given_a_name_earlier_is_that_person() -> None:
    text = (
        "Stephanie Gray, the first lady's spokeswoman, confirmed the trip. "
        'Later the spokeswoman said the visit was "long planned". '
        'A spokesman for Senator Bob Hale said the talks were "useful".'
    )
    spokeswoman = _said(
        text, 'the visit was "long planned"', "the spokeswoman", cue="said", kind="mixed"
    )
    spokesman = _said(
        text, 'the talks were "useful"', "A spokesman for Senator Bob Hale", kind="mixed"
    )
    profile = _profile(text, spokeswoman, spokesman)
    assert profile.speakers == ("Stephanie Gray",)
    # a spokesman described by whom he speaks for is that office's voice, on the record:
    # no anonymous source (fresh readers of BASIL events 21 and 24)
    assert profile.anonymous == ()
    assert "organization" in [c.source_type for c in profile.counts]


def test_a_role_opening_a_clause_after_a_name_is_no_apposition_of_it() -> None:
    # "the Council on Harbour Affairs, the senior councillor ... said": the role opens the
    # clause; and "Harbour Affairs" is the tail of a longer name, no one's name
    text = (
        "Speaking at the Council on Harbour Affairs, the senior councillor vying for the "
        "mayoralty said the pier would close. Later the councillor called the plan "
        '"reckless and rushed".'
    )
    councillor = _said(
        text, 'the plan "reckless and rushed"', "the councillor", cue="called", kind="mixed"
    )
    assert "Harbour Affairs" not in _profile(text, councillor).speakers
    # a name set off before the role stays that role's name
    named = "Ada Quist, the senior councillor, spoke first. " + text
    councillor = _said(
        named, 'the plan "reckless and rushed"', "the councillor", cue="called", kind="mixed"
    )
    assert _profile(named, councillor).speakers == ("Ada Quist",)


def test_an_outlet_is_neither_its_own_source_nor_left_out_by_itself() -> None:
    first = 'The Times reported the deal was "done", and Ann Roe said it was "a relief".'
    second = 'Ann Roe said the deal was "a relief".'
    times = _said(
        first, 'the deal was "done"', "The Times", kind="mixed", speaker_type="organization"
    )
    roe = _said(first, 'it was "a relief"', "Ann Roe", kind="mixed", speaker_type="person")
    roe_again = _said(
        second, 'the deal was "a relief"', "Ann Roe", kind="mixed", speaker_type="person"
    )
    _, (own, other) = sourcing_profiles(
        [
            member("a", "The New York Times", first, quotes=(times, roe)),
            member("b", "Post", second, quotes=(roe_again,)),
        ],
        {},
    )
    assert own.speakers == ("Ann Roe",) and other.left_out == ()


def test_a_quote_with_no_speaker_found_is_not_counted() -> None:
    # The statement's speaker stands on the line before; the extractor found none. Counting
    # it as the outlet's "unattributed" sourcing would blame the outlet for the extractor.
    text = 'Mayor Ann Roe issued a statement on Friday:\n"We will rebuild the pier this year."'
    found = Quote(
        text="We will rebuild the pier this year.",
        start=text.index("We will"),
        end=len(text) - 1,
        speaker=None,
        speaker_mention=None,
        speaker_start=None,
        speaker_end=None,
        speaker_type="unknown",
        cue=None,
        kind="direct",
    )
    assert _counted(text, found) == []
    assert _profile(text, found).counts == ()


def test_the_scorecard_shows_paraphrased_anonymous_sources_beside_the_share() -> None:
    quoted = OutletScore("Echo", 0, 0.25, ())
    assert anonymous_words(quoted) == "25%"
    # a share of quoted words is 0% for an outlet whose anonymous sources it only paraphrases
    paraphrased = OutletScore("Echo", 0, 0.0, (), anonymous_reported=2)
    assert anonymous_words(paraphrased) == "0% + 2 paraphrased"


def test_a_blogger_is_one_of_the_public_not_an_anonymous_source() -> None:
    from storylens.compare.sourcing import source_type

    # a fresh reader: "an unidentified blogger", not a source with access who asked not to
    # be named
    for mention in ("one blogger", "a conservative blogger", "A blogger on the Web site Quayside"):
        assert source_type("anonymous", mention, names_people=True) == "unnamed"
    assert source_type("anonymous", "one firefighter", names_people=True) == "anonymous"


def test_a_voice_on_the_air_is_no_anonymous_source() -> None:
    from storylens.compare.sourcing import describes_a_person, source_type

    # a fresh reader: an ad's "unseen announcer" and its "voice-over" were counted as the
    # outlet's anonymous sources; they perform the ad's words, they give the outlet nothing
    for mention in ("an unseen announcer", "the narrator", "a presenter"):
        assert source_type("anonymous", mention, names_people=True) == "unnamed"
    assert not describes_a_person("A voice-over at the end of the ad")
    assert source_type("anonymous", "a senior official", names_people=True) == "anonymous"


def test_a_letter_is_the_words_of_the_person_it_is_from() -> None:
    text = (
        "Some forty councillors have signed a letter from Senator Ada Brenn, Liberal of "
        "Eastwick, calling the levy “plainly unfair.” The letter says the mayor “must think "
        "again.” A second letter asked for “a fresh vote.”"
    )
    signed = _said(
        text,
        "the levy “plainly unfair.",
        "Some forty councillors",
        cue="calling",
        kind="mixed",
        speaker_type="organization",
    )
    again = _said(text, "the mayor “must think again.", "The letter", "the letter", cue="says")
    again = replace(again, kind="mixed")
    second = _said(text, "for “a fresh vote.", "A second letter", cue="asked", kind="mixed")
    profile = _profile(text, signed, again, second)
    # the letter's words are its author's; a letter whose author is not named is no one's
    assert profile.speakers == ("Ada Brenn",)
    assert [(c.source_type, c.quotes, c.words) for c in profile.counts] == [("person", 2, 5)]


def test_a_quote_with_no_speaker_is_the_named_subject_s_who_told_it() -> None:
    text = (
        "Helen Marsh, the port's chief engineer, just told reporters that delays to the works "
        "announced by the council “would add a year” to the repairs. "
        "Harbour Trust told members that the fund “is nearly spent.”"
    )
    marsh = _said(
        text, "by the council “would add a year” to the repairs", "Helen Marsh", kind="mixed"
    )
    trust = _said(text, "the fund “is nearly spent.", "Harbour Trust", kind="mixed")
    # the extractor found no speaker (it read "announced" as the cue)
    unknown = {"speaker": None, "speaker_mention": None, "speaker_start": None}
    unknown |= {"speaker_end": None, "speaker_type": "unknown", "cue": "announced"}
    marsh, trust = (replace(q, **unknown) for q in (marsh, trust))  # type: ignore[arg-type]
    profile = _profile(text, marsh, trust)
    # a given name opens a person's name; "Harbour Trust" may be a firm's, so stays no one's
    assert profile.speakers == ("Helen Marsh",)
    assert [(c.source_type, c.quotes, c.words) for c in profile.counts] == [("person", 1, 4)]


def test_a_thing_done_by_a_speaker_is_no_report_of_theirs() -> None:
    text = (
        "The video, which was posted online by Ann Roe, shows the crash. Bo Lee said it was fake."
    )
    video = _said(text, "The video", "Ann Roe", cue="posted", speaker_type="person")
    lee = _said(text, "it was fake", "Bo Lee", speaker_type="person")
    assert _counted(text, video, lee) == [("Bo Lee", "person", 0)]
