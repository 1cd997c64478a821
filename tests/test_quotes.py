"""Unit tests for quote extraction: each quote form of issue #3 on short written examples."""

from __future__ import annotations

import pytest
from spacy.language import Language

from storylens.analyse.nlp import load_pipeline
from storylens.analyse.quotes import extract_quotes
from storylens.analyse.quotes.marks import find_marked_quotes
from storylens.records import Quote


@pytest.fixture(scope="module")
def nlp() -> Language:
    return load_pipeline()


def quotes_of(nlp: Language, text: str) -> list[Quote]:
    return extract_quotes(nlp(text))


def find(quotes: list[Quote], words: str) -> Quote:
    matches = [q for q in quotes if words in q.text]
    assert matches, f"no quote holds {words!r}: {[q.text for q in quotes]}"
    return matches[0]


@pytest.mark.parametrize(
    "text",
    [
        'Maria Lopez said, "The bridge will open in May."',
        "Maria Lopez said, “The bridge will open in May.”",
        "Maria Lopez said: ‘The bridge will open in May.’",
        "Maria Lopez said, 'The bridge will open in May.'",
        '"The bridge will open in May," Maria Lopez said.',
        "‘The bridge will open in May,’ said Maria Lopez.",
    ],
)
def test_direct_quote_in_every_mark_style(nlp: Language, text: str) -> None:
    quote = find(quotes_of(nlp, text), "bridge will open")
    assert quote.kind == "direct"
    assert quote.speaker == "Maria Lopez"
    assert quote.speaker_type == "person"
    assert quote.cue == "said"


def test_offsets_point_into_the_text(nlp: Language) -> None:
    text = "Mayor Tom Reed was blunt. “We are out of money,” he said."
    doc = nlp(text)
    for quote in extract_quotes(doc):
        assert doc.text[quote.start : quote.end] == quote.text
        if quote.speaker_start is not None and quote.speaker_end is not None:
            assert doc.text[quote.speaker_start : quote.speaker_end] == quote.speaker_mention


def test_pronoun_resolved_by_gender_and_recency(nlp: Language) -> None:
    text = (
        "Anna Berg met her brother Paul Berg at the harbour. She asked him about the boat.\n"
        "Seemingly annoyed, she snapped: ‘I told you twice already.’"
    )
    quote = find(quotes_of(nlp, text), "told you twice")
    assert quote.speaker == "Anna Berg"
    assert quote.speaker_mention == "she"
    assert quote.cue == "snapped"


def test_split_quote_is_one_quote_with_one_speaker(nlp: Language) -> None:
    text = "‘I’m sorry,’ Tom Reed said, ‘I was wrong about the budget.’"
    quotes = [q for q in quotes_of(nlp, text) if q.kind == "direct"]
    assert len(quotes) == 1
    assert "I’m sorry" in quotes[0].text and "wrong about the budget" in quotes[0].text
    assert quotes[0].speaker == "Tom Reed"


def test_two_speakers_in_one_sentence(nlp: Language) -> None:
    text = (
        "Tom Reed and his wife Lena Reed spoke to reporters. "
        "‘I’m sorry,’ Tom said as Lena threw her hands up and repeated: ‘Not now.’"
    )
    quotes = quotes_of(nlp, text)
    assert find(quotes, "I’m sorry").speaker == "Tom Reed"
    assert find(quotes, "Not now").speaker == "Lena Reed"
    assert find(quotes, "Not now").cue == "repeated"


@pytest.mark.parametrize("verb", ["joked", "muttered", "snapped", "insisted", "recalled"])
def test_news_speech_verbs(nlp: Language, verb: str) -> None:
    text = f"Carl Dunn {verb}: “Nobody reads the minutes anyway.”"
    quote = find(quotes_of(nlp, text), "Nobody reads")
    assert quote.cue == verb
    assert quote.speaker == "Carl Dunn"


def test_quote_over_several_paragraphs(nlp: Language) -> None:
    text = (
        "Judge Ellen Marsh spoke for an hour.\n\n"
        "“The law is clear on this point. It has been for years.\n\n"
        "“Nobody in this room can pretend otherwise,” Marsh said."
    )
    quote = find(quotes_of(nlp, text), "law is clear")
    assert "pretend otherwise" in quote.text
    assert quote.speaker == "Ellen Marsh"


def test_quote_in_paragraph_after_its_speaker(nlp: Language) -> None:
    text = "In a statement, Governor Ray Vance wrote:\n\n“We will rebuild every school.”"
    quote = find(quotes_of(nlp, text), "rebuild every school")
    assert quote.speaker == "Ray Vance"
    assert quote.cue == "wrote"


def test_nested_quote_keeps_outer_speaker(nlp: Language) -> None:
    text = (
        "Ivo Stern described the scene to the paper, recalling: "
        "“Then Mira Cole walked in. She’s like, ‘What are you all doing here?’”"
    )
    quotes = quotes_of(nlp, text)
    outer = find(quotes, "walked in")
    inner = [q for q in quotes if q.reported_by is not None]
    assert outer.speaker == "Ivo Stern"
    assert inner and inner[0].text.startswith("What are you all doing")
    assert inner[0].reported_by == "Ivo Stern"
    assert inner[0].speaker == "Mira Cole"
    assert inner[0].kind == "nested"
    assert outer.kind == "direct"


def test_nested_quote_without_its_own_cue_is_nested(nlp: Language) -> None:
    text = (
        "“The guard read the sign aloud, ‘No entry after dark for anyone at all,’ and "
        "then he shut the gate,” the night porter Abel Ruiz said."
    )
    quotes = quotes_of(nlp, text)
    inner = [q for q in quotes if q.text.startswith("No entry after dark")]
    assert inner and inner[0].kind == "nested"
    assert inner[0].reported_by == "Abel Ruiz"


def test_scare_quotes_are_not_speech(nlp: Language) -> None:
    text = "The plan was mere ‘window dressing’ and a ‘stunt’ that cost the town dearly."
    quotes = quotes_of(nlp, text)
    assert quotes and all(q.kind == "scare" for q in quotes)


def test_quoted_phrase_under_a_describing_cue_is_the_whole_clause(nlp: Language) -> None:
    # PolNeAR marks the reported clause, not the phrase: "the plan as mere 'window dressing'".
    text = "Critics dismissed the plan as mere ‘window dressing’ on Monday."
    quote = find(quotes_of(nlp, text), "window dressing")
    assert quote.kind == "mixed"
    assert quote.text.startswith("the plan as mere")
    assert quote.speaker_mention == "Critics"


def test_mixed_quote(nlp: Language) -> None:
    text = "Dana Holt said the council had been “asleep at the wheel for a decade” on housing."
    quote = find(quotes_of(nlp, text), "asleep at the wheel")
    assert quote.kind == "mixed"
    assert quote.speaker == "Dana Holt"


@pytest.mark.parametrize(
    ("text", "speaker", "cue"),
    [
        ("Dana Holt said that the vote would be delayed until March.", "Dana Holt", "said"),
        ("Dana Holt told reporters the vote would be delayed.", "Dana Holt", "told"),
        (
            "According to Dana Holt, the vote will be delayed until March.",
            "Dana Holt",
            "according to",
        ),
        (
            "The vote will be delayed until March, according to Dana Holt.",
            "Dana Holt",
            "according to",
        ),
        ("Dana Holt claimed the vote had been rigged from the start.", "Dana Holt", "claimed"),
    ],
)
def test_indirect_quotes(nlp: Language, text: str, speaker: str, cue: str) -> None:
    quote = find(quotes_of(nlp, text), "vote")
    assert quote.kind == "indirect"
    assert quote.speaker == speaker
    assert quote.cue == cue


@pytest.mark.parametrize(
    ("text", "speaker", "kind"),
    [
        (
            "“The plan was never put to the board,” according to the city’s planning office.",
            "the city’s planning office",
            "organization",
        ),
        ("“The plan was never put to the board,” according to Dana Holt.", "Dana Holt", "person"),
    ],
)
def test_according_to_after_a_direct_quote_signs_it(
    nlp: Language, text: str, speaker: str, kind: str
) -> None:
    quote = find(quotes_of(nlp, text), "never put to the board")
    assert (quote.kind, quote.speaker, quote.speaker_type, quote.cue) == (
        "direct",
        speaker,
        kind,
        "according to",
    )


@pytest.mark.parametrize(
    ("text", "description"),
    [
        ("‘They fight all the time,’ the insider said.", "the insider"),
        (
            "“They fight all the time,” a source close to the couple said.",
            "a source close to the couple",
        ),
        ('One person said: "They fight all the time."', "one person"),
    ],
)
def test_anonymous_sources(nlp: Language, text: str, description: str) -> None:
    quote = find(quotes_of(nlp, text), "fight all the time")
    assert quote.speaker_type == "anonymous"
    assert quote.speaker == description


def test_surname_and_first_name_resolve_to_full_name(nlp: Language) -> None:
    text = (
        "Senator Olivia Grant visited the plant on Friday. "
        "“Jobs come first,” Grant said. Later Olivia added: “We will be back.”"
    )
    quotes = quotes_of(nlp, text)
    assert find(quotes, "Jobs come first").speaker == "Olivia Grant"
    assert find(quotes, "be back").speaker == "Olivia Grant"


def test_description_linked_by_the_article(nlp: Language) -> None:
    text = (
        "Nora Vale arrived with her husband Felix, the chef. The Vales own two restaurants.\n"
        "Her chef husband cut in to say: “The menu changes weekly.”"
    )
    quote = find(quotes_of(nlp, text), "menu changes")
    assert quote.speaker == "Felix Vale"


def test_unresolved_speaker_is_unknown_not_a_guess(nlp: Language) -> None:
    quote = find(quotes_of(nlp, "“It was a long night,” she said."), "long night")
    assert quote.speaker is None
    assert quote.speaker_type == "unknown"
    assert quote.speaker_mention == "she"


def test_apostrophes_are_not_quote_marks() -> None:
    text = "I’m sure the Baldwins’ show isn’t over, and it's not the ’90s."
    assert find_marked_quotes(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "No quotes here at all.",
        'An odd " mark.',
        "“Never closed",
        '’’’ ‘‘ """',
        "\n\n“\n\n”",
    ],
)
def test_never_crashes(nlp: Language, text: str) -> None:
    doc = nlp(text)
    for quote in extract_quotes(doc):
        assert doc.text[quote.start : quote.end] == quote.text


def test_skip_ranges_drop_caption_quotes(nlp: Language) -> None:
    text = "“We are out of money,” Tom Reed said.\nCaption: “We are out of money,” Reed said."
    doc = nlp(text)
    caption = text.index("Caption")
    everything = extract_quotes(doc)
    kept = extract_quotes(doc, skip=[(caption, len(text))])
    assert len(kept) == len(everything) - 1
    assert all(q.start < caption for q in kept)


def test_ordered_by_start_and_deterministic(nlp: Language) -> None:
    text = "“First,” Ann Lee said. Bob Ray said the second one was late. “Third,” Lee added."
    doc = nlp(text)
    quotes = extract_quotes(doc)
    assert [q.start for q in quotes] == sorted(q.start for q in quotes)
    assert extract_quotes(doc) == quotes


def test_quote_signed_with_a_dash(nlp: Language) -> None:
    text = "Readers wrote in.\n“The debate changed nothing for me.” ― Dana Holt\n"
    quote = find(quotes_of(nlp, text), "changed nothing")
    assert quote.speaker == "Dana Holt"


def test_according_to_before_a_direct_quote(nlp: Language) -> None:
    text = "According to Dana Holt, “the vote is a farce and everyone knows it.”"
    quote = find(quotes_of(nlp, text), "farce")
    assert quote.speaker == "Dana Holt"


def test_pronoun_prefers_the_subject_of_the_sentence_before(nlp: Language) -> None:
    text = (
        "Leonard Shaw said that many fans felt Colin Ashby had been let down by the board. "
        "“You sell your best player and then sack the manager,” he said."
    )
    quote = find(quotes_of(nlp, text), "best player")
    assert quote.speaker == "Leonard Shaw"


def test_a_name_ending_a_long_title_is_the_subject_a_pronoun_takes_up(nlp: Language) -> None:
    # the small model makes the title the subject and hangs the name on its "for"; the
    # name of no listed gender, "she" went back to the subject two sentences before
    text = (
        "Mayor Ruth Penn defended the budget on Wednesday. “We are in for a hard year,” she "
        "said.\nStill, then-Deputy Assistant Secretary for Coastal Security Charlene Okafor "
        "testified in October that the size of the storm was the issue.\n"
        "Asked whether money had played a part, she said: “No.”"
    )
    assert find(quotes_of(nlp, text), "No.").speaker == "Charlene Okafor"


def test_two_apostrophes_as_a_double_mark(nlp: Language) -> None:
    text = "''It is more tinkering at the edges,'' said Dana Holt, an economist."
    quote = find(quotes_of(nlp, text), "tinkering")
    assert quote.text == "It is more tinkering at the edges,"
    assert quote.speaker == "Dana Holt"


def test_belief_and_promise_cues_report_their_content(nlp: Language) -> None:
    quotes = quotes_of(nlp, "Dana Holt vowed to cut the council tax by a tenth next year.")
    assert find(quotes, "cut the council tax").kind == "indirect"
    quotes = quotes_of(nlp, "Dana Holt believes the vote will be delayed until March.")
    assert find(quotes, "the vote will be delayed").speaker == "Dana Holt"


def test_an_aside_cue_reports_the_rest_of_its_sentence(nlp: Language) -> None:
    text = "The new bridge, Dana Holt said, would cut the commute by half."
    quote = find(quotes_of(nlp, text), "cut the commute")
    assert quote.kind == "indirect"
    assert quote.speaker == "Dana Holt"
    assert quote.text.startswith("The new bridge")


def test_they_takes_up_an_organisation_or_a_group(nlp: Language) -> None:
    text = (
        "The transport union said the strike would go ahead. "
        "They said the offer was an insult to drivers."
    )
    quote = find(quotes_of(nlp, text), "an insult")
    assert (quote.speaker, quote.speaker_type) == ("the transport union", "organization")


def test_given_name_tells_the_pronoun(nlp: Language) -> None:
    text = (
        "Margaret Oduya met Colin Brandt at the depot. Brandt left early. "
        "“We will reopen the line,” she said."
    )
    assert find(quotes_of(nlp, text), "reopen the line").speaker == "Margaret Oduya"


def test_two_apostrophe_quote_after_its_attribution_sentence_joins(nlp: Language) -> None:
    text = (
        "The plan was unveiled on Monday.\n\n''It will not work,'' said Rita Okafor, an "
        "economist at the institute. ''It costs too much and does too little.''"
    )
    quote = find(quotes_of(nlp, text), "costs too much")
    assert quote.speaker == "Rita Okafor"
    assert "It will not work" in quote.text


@pytest.mark.parametrize(
    "text",
    [
        '"The line is full," Dana Holt said, "and the trains are late."',
        '"The line is full," Dana Holt said, but "the trains are late most days."',
    ],
)
def test_second_part_after_the_attribution_joins_the_quote(nlp: Language, text: str) -> None:
    quote = find(quotes_of(nlp, text), "The line is full")
    assert quote.text.endswith("late.") or quote.text.endswith("days.")
    assert quote.speaker == "Dana Holt"


def test_own_cue_beats_a_colon_paragraph_before(nlp: Language) -> None:
    text = (
        "Tom Reed met the crowd, and one fan's delight is recorded in detail:\n\n"
        "“Here comes the mayor,” Lena Park said, clapping."
    )
    assert find(quotes_of(nlp, text), "Here comes").speaker == "Lena Park"


def test_close_mark_opening_a_paragraph_opens_a_quote() -> None:
    text = "Readers wrote in.\n”He has no plan at all.” ― Dana Holt"
    quotes = find_marked_quotes(text)
    assert [text[q.start : q.end] for q in quotes] == ["He has no plan at all."]


@pytest.mark.parametrize(
    "text",
    [
        '"He would be a fine mayor. One of the brightest members of the council," '
        "Rep. Dana Holt (D-Md.) said in a phone interview.",
        "“I will make this promise to you: we will finish the bridge,” Harbour police Chief "
        "Dana Holt said Monday.",
    ],
)
def test_after_cue_subject_outside_the_quote_and_not_a_time(nlp: Language, text: str) -> None:
    quote = next(q for q in quotes_of(nlp, text) if q.kind == "direct")
    assert quote.speaker == "Dana Holt"


def test_later_phrase_in_a_reported_clause_widens_it(nlp: Language) -> None:
    text = (
        "Dana Holt said the ferry fare is “far too high for families” but “nobody at the "
        "council wants to talk about it.”"
    )
    quotes = [q for q in quotes_of(nlp, text) if q.kind != "scare"]
    quote = find(quotes, "far too high")
    assert "nobody at the council" in quote.text
    assert quote.speaker == "Dana Holt"


def test_mid_sentence_quote_without_cue_covers_its_clause(nlp: Language) -> None:
    text = (
        "The rules bar lawyers from such cases if they “took part personally and "
        "substantially as a public officer or employee.”"
    )
    quote = find(quotes_of(nlp, text), "took part personally")
    assert quote.kind == "mixed"
    assert quote.text.startswith("if they")


def test_cue_of_the_next_sentence_does_not_sign_a_quote(nlp: Language) -> None:
    text = (
        "Mayor Jennifer Roberts said the video should be released but said "
        '"the real question is the timing." Gov. Tom Reed said it would be wrong to comment.'
    )
    quote = find(quotes_of(nlp, text), "the real question")
    assert quote.speaker == "Jennifer Roberts"


def test_cue_after_a_conjunction_does_not_sign_a_quote(nlp: Language) -> None:
    text = (
        "Tom Reed described the flood as a “terrible situation for every family,” but "
        "stopped short of calling Lena Park's decision wrong."
    )
    quote = find(quotes_of(nlp, text), "terrible situation")
    assert quote.speaker == "Tom Reed"


@pytest.mark.parametrize("verb", ["condemned", "hailed", "denounced", "characterized"])
def test_evaluative_verbs_attribute_a_quoted_phrase(nlp: Language, verb: str) -> None:
    text = f"Dana Holt {verb} the new levy as “a grave threat” to small shops."
    quote = find(quotes_of(nlp, text), "grave threat")
    assert quote.kind == "mixed"
    assert quote.speaker == "Dana Holt"


def test_mixed_quote_after_its_cue_runs_to_the_sentence_end(nlp: Language) -> None:
    text = (
        'Dana Holt said there remains a "significant gap between the two towns," when it '
        "comes to how many buses run at night."
    )
    quote = find(quotes_of(nlp, text), "significant gap")
    assert quote.kind == "mixed"
    assert quote.text.startswith("there remains")
    assert quote.text.endswith("run at night")


def test_name_between_quote_and_cue_is_the_speaker(nlp: Language) -> None:
    text = (
        "“The mayor is right about the harbour,” Lena Park, a port official, said Thursday "
        "on the morning show “Fox and Friends.”"
    )
    assert find(quotes_of(nlp, text), "mayor is right").speaker == "Lena Park"


def test_object_of_a_naming_cue_is_not_its_speaker(nlp: Language) -> None:
    text = "Critics call people “losers” and worse."
    quote = find(quotes_of(nlp, text), "losers")
    assert quote.speaker != "people"


def test_quoted_title_after_a_preposition_is_not_speech(nlp: Language) -> None:
    text = "Speaking on “Harbour Morning Live,” Dana Holt said the ferry would run all winter."
    quotes = quotes_of(nlp, text)
    assert all(q.kind == "scare" for q in quotes if "Harbour Morning Live" in q.text)


def test_second_cue_between_parts_keeps_two_quotes(nlp: Language) -> None:
    text = '"We cannot pay for this," Dana Holt said, adding later, "The ferry costs a fortune."'
    quotes = [q for q in quotes_of(nlp, text) if q.kind == "direct"]
    assert len(quotes) == 2


@pytest.mark.parametrize(
    "text",
    [
        "“This is fantastic!” beamed Dana Holt of Harbour Town.",
        "“We have had better meetings than this one,” harbour delegate Dana Holt, wearing "
        "a wide straw hat and two campaign pins, told the crowd.",
    ],
)
def test_name_right_after_a_quote_signs_it(nlp: Language, text: str) -> None:
    quote = next(q for q in quotes_of(nlp, text) if q.kind == "direct")
    assert quote.speaker == "Dana Holt"


def test_open_mark_typed_for_a_close_mark_closes() -> None:
    text = "“It is unusual,“ said Dana Holt. “It is hard to pull off.”"
    quotes = find_marked_quotes(text)
    assert [text[q.start : q.end] for q in quotes] == ["It is unusual,", "It is hard to pull off."]


@pytest.mark.parametrize(
    "text",
    [
        "When the old mayor died, Dana Holt released the following statement:\n\n"
        "“We offer our condolences to the family.”",
        "TURNOUT WAS HIGHER THAN EXPECTED - Dana Holt: “Voters came out in large numbers.”",
    ],
)
def test_colon_without_a_speech_verb_still_names_the_speaker(nlp: Language, text: str) -> None:
    quote = next(q for q in quotes_of(nlp, text) if q.kind == "direct")
    assert quote.speaker == "Dana Holt"


def test_aside_cue_before_a_quote_reports_the_words_before_it(nlp: Language) -> None:
    text = (
        "So when the council signalled last summer that it would close the pier, "
        'Dana Holt said, "we were floored."'
    )
    quote = find(quotes_of(nlp, text), "we were floored")
    assert quote.text.startswith("So when the council")
    assert quote.speaker == "Dana Holt"


def test_someones_doctor_is_not_that_someone(nlp: Language) -> None:
    text = "Dana Holt's doctor said she was “in excellent health for her age.”"
    quote = find(quotes_of(nlp, text), "excellent health")
    assert quote.speaker != "Dana Holt"
    assert quote.speaker_mention is not None and "doctor" in quote.speaker_mention


ALDER = 'Mayor Tom Alder resigned on Friday. "He had no choice," '


@pytest.mark.parametrize(
    ("text", "words", "noun"),
    [
        (ALDER + "an Alder aide told reporters.", "no choice", "aide"),
        (
            'Dana Holt won the seat. "It was a fair fight," a Holt campaign spokesman said.',
            "fair fight",
            "spokesman",
        ),
        (ALDER + "a spokesman for Alder said.", "no choice", "spokesman"),
        (ALDER + "sources close to Alder said.", "no choice", "sources"),
        (ALDER + "an official in Alder's office said.", "no choice", "official"),
    ],
)
def test_a_name_in_a_role_nouns_phrase_says_whose_it_is(
    nlp: Language, text: str, words: str, noun: str
) -> None:
    # "an Alder aide", "a spokesman for Alder" are the aide and the spokesman, not Alder, as
    # "Holt's doctor" is not Holt: unnamed people, whose mention holds none of the quote
    quote = find(quotes_of(nlp, text), words)
    assert quote.speaker_mention is not None and noun in quote.speaker_mention
    assert words not in quote.speaker_mention
    assert quote.speaker not in ("Tom Alder", "Dana Holt")
    assert quote.speaker_type == "anonymous"


@pytest.mark.parametrize(
    ("text", "speaker"),
    [
        ('The council met on Friday. "We will rebuild," the mayor, Tom Alder, said.', "Tom Alder"),
        (
            'Tom Alder spoke. "We will rebuild," said a spokeswoman for Alder, Ruth Penn.',
            "Ruth Penn",
        ),
        (
            'Tom Alder spoke. "We will rebuild," a spokeswoman for Alder, Ruth Penn, said.',
            "Ruth Penn",
        ),
        (
            'The council met. "We will rebuild," said a spokesman for the council, Tom Alder.',
            "Tom Alder",
        ),
        (
            'The council met. "We will rebuild," said economist Ruth Penn of Harbor Bank.',
            "Ruth Penn",
        ),
    ],
)
def test_a_role_noun_named_in_apposition_is_that_person(
    nlp: Language, text: str, speaker: str
) -> None:
    # the parse may hang the name on the noun or on the object of its "for" phrase; the
    # mention holds the name either way
    quote = find(quotes_of(nlp, text), "rebuild")
    assert quote.speaker == speaker
    assert quote.speaker_mention is not None and speaker in quote.speaker_mention


def test_phrase_inside_a_reported_clause_is_not_a_quote_of_its_own(nlp: Language) -> None:
    text = (
        "Dana Holt is claiming that ferry fraud is “a big, big problem in this town” but "
        "“nobody has the guts to talk about it.”"
    )
    quotes = [q for q in quotes_of(nlp, text) if q.kind != "scare"]
    assert len([q for q in quotes if "nobody has the guts" in q.text]) == 1


def test_quote_opening_inside_a_mixed_quote_merges_into_it(nlp: Language) -> None:
    text = (
        "Dana Holt said the harbour plan was “a fine idea” and then called the fee “a tax "
        "on every family in town.”"
    )
    quotes = [q for q in quotes_of(nlp, text) if q.kind in ("direct", "mixed")]
    spans = sorted((q.start, q.end) for q in quotes)
    assert all(a[1] <= b[0] for a, b in zip(spans, spans[1:], strict=False))  # no overlap


def test_owned_speech_noun_attributes_its_clause(nlp: Language) -> None:
    text = (
        "Reporters checked Dana Holt's claim that there had been “thousands of complaints” "
        "about the ferry this year."
    )
    quote = find(quotes_of(nlp, text), "thousands of complaints")
    assert quote.kind == "mixed"
    assert quote.speaker == "Dana Holt"
    assert quote.cue == "claim"


def test_title_words_before_a_name_are_not_the_name(nlp: Language) -> None:
    text = (
        "Regional Commissioner Marian Quist met parents on Monday. "
        "Regional Commissioner Marian Quist said that the bridge would reopen. "
        "“We owe the town an answer,” Quist said."
    )
    quotes = quotes_of(nlp, text)
    assert find(quotes, "bridge would reopen").speaker == "Marian Quist"
    assert find(quotes, "owe the town").speaker == "Marian Quist"


def test_role_noun_takes_the_latest_person_with_that_role(nlp: Language) -> None:
    text = (
        "Mayor Gretchen Olander opened the fair. Later Tomas Brede, the mayor of a "
        "neighbouring town, arrived with his family. "
        "“The rides are too expensive,” the mayor said."
    )
    quote = find(quotes_of(nlp, text), "rides are too expensive")
    assert quote.speaker == "Tomas Brede"


def test_his_wife_resolves_to_the_married_partner(nlp: Language) -> None:
    text = (
        "Dorian and Celeste Marlowe arrived late to the gala. The couple posed for photos.\n"
        "Dorian started to answer a question about the film. "
        "His wife stopped him, saying: “Not tonight.”"
    )
    quote = find(quotes_of(nlp, text), "Not tonight")
    assert quote.speaker == "Celeste Marlowe"


def test_first_use_of_a_definite_role_renames_the_sentence_subject(nlp: Language) -> None:
    text = (
        "Daniel Penhale, who mocked the senator on stage, was cornered by the producer "
        "after the show - but according to the magician, the argument went on for hours."
    )
    quote = next(q for q in quotes_of(nlp, text) if q.text.startswith("the argument"))
    assert quote.speaker == "Daniel Penhale"
    assert quote.speaker_mention == "the magician"


def test_role_noun_of_another_argument_of_the_subject_verb_stays_anonymous(
    nlp: Language,
) -> None:
    text = "Daniel Penhale was cornered by the producer, who said that the show was over."
    quote = find(quotes_of(nlp, text), "show was over")
    assert quote.speaker != "Daniel Penhale"


def test_naming_cue_with_what_reports_the_free_relative(nlp: Language) -> None:
    text = "The council rejected what the mayor called a “reckless gamble” on Tuesday."
    quote = find(quotes_of(nlp, text), "reckless gamble")
    assert quote.text.startswith("what the mayor called")
    assert quote.kind == "mixed"


@pytest.mark.parametrize(
    ("text", "content", "cue"),
    [
        (
            "Senator Maria Lopez criticized the new harbour tax at a meeting.",
            "the new harbour tax",
            "criticized",
        ),
        (
            "Mayor Tom Reed cited the flooding of the old mill as an example of neglect.",
            "the flooding of the old mill as an example of neglect",
            "cited",
        ),
        (
            "Governor Anna Kessler called for a full review of the port contracts.",
            "a full review of the port contracts",
            "called",
        ),
        (
            "The city council endorsed the plan for a second ferry terminal.",
            "the plan for a second ferry terminal",
            "endorsed",
        ),
        (
            "Mayor Tom Reed spoke about the closure of the northern bridge.",
            "the closure of the northern bridge",
            "spoke",
        ),
        (
            "Senator Maria Lopez blamed the harbour board for the delays.",
            "the harbour board for the delays",
            "blamed",
        ),
        (
            "Councillor Anna Kessler asked about the cost of the ferry terminal.",
            "the cost of the ferry terminal",
            "asked",
        ),
        (
            "The harbour company declined to comment on the new ferry contract.",
            "to comment on the new ferry contract",
            "declined",
        ),
    ],
)
def test_cue_with_a_noun_object_reports_the_object(
    nlp: Language, text: str, content: str, cue: str
) -> None:
    quote = find(quotes_of(nlp, text), content)
    assert quote.kind == "indirect"
    assert quote.cue == cue
    assert quote.speaker is not None


@pytest.mark.parametrize(
    "text",
    [
        "Maria Lopez told reporters about the bridge.",
        "Maria Lopez thanked the volunteers after the race.",
        "Maria Lopez denied the charges on Friday.",
    ],
)
def test_addressee_or_unreliable_object_is_no_content(nlp: Language, text: str) -> None:
    assert [q for q in quotes_of(nlp, text) if q.kind != "scare"] == []


@pytest.mark.parametrize(
    ("text", "content", "speaker_word"),
    [
        (
            "The harbour plan was rejected by the city council on Tuesday.",
            "The harbour plan",
            "council",
        ),
        (
            "The shipyard faces a record fine proposed by the port authority.",
            "a record fine",
            "authority",
        ),
    ],
)
def test_passive_cue_with_by_phrase_names_the_source(
    nlp: Language, text: str, content: str, speaker_word: str
) -> None:
    quote = find(quotes_of(nlp, text), content)
    assert quote.kind == "indirect"
    assert speaker_word in (quote.speaker_mention or "")


def test_paragraph_label_with_colon_reports_the_rest(nlp: Language) -> None:
    text = (
        "Mayor Reed: The Northern Bridge Will Reopen Before Winter.\n\n"
        "The bridge has been closed since March."
    )
    quote = find(quotes_of(nlp, text), "The Northern Bridge Will Reopen")
    assert quote.kind == "indirect"
    assert quote.speaker_mention is not None and "Reed" in quote.speaker_mention


@pytest.mark.parametrize(
    "text",
    [
        "Update: The bridge has reopened to traffic this morning.\n\nMore later.",
        "Road closures: none.\n\nThe bridge is open.",
    ],
)
def test_page_part_label_is_no_source(nlp: Language, text: str) -> None:
    assert [q for q in quotes_of(nlp, text) if q.cue == ":"] == []


def test_possessed_speech_noun_reports_its_content(nlp: Language) -> None:
    text = "Reporters doubted the mayor's claims about the cost of the new bridge."
    quote = find(quotes_of(nlp, text), "the cost of the new bridge")
    assert quote.kind == "indirect"
    assert quote.cue == "claims"
    assert quote.speaker_mention is not None and "mayor" in quote.speaker_mention


def test_finding_verb_reports_its_clause_only(nlp: Language) -> None:
    quotes = quotes_of(nlp, "A university study found that the new bridge cut travel times.")
    quote = find(quotes, "the new bridge cut travel times")
    assert quote.kind == "indirect"
    assert quote.cue == "found"
    assert [q for q in quotes_of(nlp, "Maria Lopez found the keys under the mat.")] == []


def test_according_to_stays_in_its_paragraph(nlp: Language) -> None:
    text = (
        "The ferry is now cleared to sail again, according to the F.A.A.\n\n"
        "Most owners of boats keep one vessel at a time in the harbour."
    )
    quote = find(quotes_of(nlp, text), "cleared to sail again")
    assert quote.cue == "according to"
    assert "\n" not in quote.text and "Most owners" not in (quote.speaker_mention or "")


def test_finding_with_quoted_words_is_left_to_the_quote(nlp: Language) -> None:
    quotes = quotes_of(nlp, 'The panel found that the plan was "a total failure" for the town.')
    assert not [q for q in quotes if q.cue == "found"]


@pytest.mark.parametrize(
    "text",
    [
        "\u201cWe lost the early varieties,\u201d said grower Priya Nand.",
        "\u201cWe lost the early varieties,\u201d said orchard owner Priya Nand.",
    ],
)
def test_role_word_before_the_name_after_the_cue(nlp: Language, text: str) -> None:
    (quote,) = quotes_of(nlp, text)
    assert (quote.speaker, quote.speaker_type) == ("Priya Nand", "person")
    assert quote.speaker_mention is not None and quote.speaker_mention.endswith("Priya Nand")


def test_inverted_cue_with_a_role_word_after_an_earlier_sentence(nlp: Language) -> None:
    text = (
        "Frost destroyed blossom around Kellby, growers said on Sunday. "
        "\u201cWe lost the early varieties,\u201d said grower Priya Nand."
    )
    speakers = [q.speaker for q in quotes_of(nlp, text) if q.kind == "direct"]
    assert speakers == ["Priya Nand"]


def test_quote_signed_by_a_name_out_of_cue_reach_joins_its_next_part(nlp: Language) -> None:
    text = (
        "“The bridge will reopen in May,” Rep. Jane Roe (D-Ore.), a member of the transport "
        "panel, said in a phone interview on Friday. “We have the money now.”"
    )
    quotes = [q for q in quotes_of(nlp, text) if q.kind == "direct"]
    assert len(quotes) == 1
    assert "reopen in May" in quotes[0].text and "the money now" in quotes[0].text
    assert quotes[0].speaker == "Jane Roe"


def test_split_quote_after_a_colon_cue_is_one_quote(nlp: Language) -> None:
    text = (
        "Mayor Lena Ortiz fired back on the radio: “As the person who signs the budget,” she "
        "said, “I can tell you the pools stay open all summer.”"
    )
    quotes = [q for q in quotes_of(nlp, text) if q.kind == "direct"]
    assert len(quotes) == 1
    assert quotes[0].text.endswith("all summer.")
    assert quotes[0].speaker == "Lena Ortiz"


def test_governing_cue_is_not_a_word_of_the_quote(nlp: Language) -> None:
    text = 'The governor asked that voters "patiently consider" the future of the plan.'
    quote = find(quotes_of(nlp, text), "patiently consider")
    assert quote.speaker == "the governor"
    assert quote.kind == "mixed"


@pytest.mark.parametrize(
    ("text", "title"),
    [
        (
            "She is the co-editor of ''Ports and Harbors: A Short History.'' It sold well.",
            "Ports and Harbors",
        ),
        ('The movie, "Nine Days in Lisbon: The Untold Story," is based on a memoir.', "Nine Days"),
        ("Her memoir “Lessons From the Long Valley of Home” came out in May.", "Lessons From"),
    ],
)
def test_long_quoted_title_of_a_work_is_not_speech(nlp: Language, text: str, title: str) -> None:
    quotes = [q for q in quotes_of(nlp, text) if title in q.text]
    assert quotes and all(q.kind == "scare" for q in quotes), quotes


@pytest.mark.parametrize(
    ("text", "starts"),
    [
        ('Ms. Lee said she had proposed to "scrap" the parking fee.', "she had proposed"),
        ("The governor said he expects an “aggressive appeal” of the ruling.", "he expects"),
    ],
)
def test_quote_in_a_reported_clause_belongs_to_the_outer_speaker(
    nlp: Language, text: str, starts: str
) -> None:
    quotes = [q for q in quotes_of(nlp, text) if q.kind == "mixed"]
    assert len(quotes) == 1
    assert quotes[0].text.startswith(starts)
    assert quotes[0].cue == "said"


@pytest.mark.parametrize(
    ("text", "starts", "cue"),
    [
        (
            "Garcia says she admired the mayor through what she calls a “season of hard choices.”",
            "she admired",
            "says",
        ),
        (
            "Jones mocked the remark, saying anyone who complains about rain “is not having fun.”",
            "anyone who complains",
            "saying",
        ),
    ],
)
def test_cue_deeper_in_a_reported_clause_reports_for_the_outer_speaker(
    nlp: Language, text: str, starts: str, cue: str
) -> None:
    quotes = [q for q in quotes_of(nlp, text) if q.kind == "mixed"]
    assert len(quotes) == 1
    assert quotes[0].text.startswith(starts)
    assert quotes[0].cue == cue
    assert quotes[0].speaker_mention in ("Garcia", "Jones")


def test_thing_as_subject_of_an_inner_cue_leaves_the_quote_to_the_reporter(
    nlp: Language,
) -> None:
    text = (
        "City lawyer Ann Cole said in the letter that the flyer “plainly and falsely” implies "
        "that the police back the mayor."
    )
    quotes = [q for q in quotes_of(nlp, text) if q.kind == "mixed"]
    assert len(quotes) == 1
    assert quotes[0].text.startswith("that the flyer")
    assert quotes[0].cue == "said"
    assert quotes[0].speaker_mention == "City lawyer Ann Cole"


def test_named_inner_speaker_keeps_the_quoted_words(nlp: Language) -> None:
    text = 'Ms. Lee said Mr. Park had called the plan "a scam" on the radio.'
    quote = find(quotes_of(nlp, text), "a scam")
    assert quote.speaker == "Park"


@pytest.mark.parametrize(
    ("text", "starts"),
    [
        (
            'Mayor Ann Cole attacked the budget, which she declared "a total disaster" for the '
            "county.",
            "which she declared",
        ),
        (
            "The fund lost money, which the treasurer said was “deeply regrettable” on Monday.",
            "which the treasurer said",
        ),
    ],
)
def test_relative_pronoun_starts_what_a_relative_cue_reports(
    nlp: Language, text: str, starts: str
) -> None:
    quotes = [q for q in quotes_of(nlp, text) if q.kind == "mixed"]
    assert len(quotes) == 1 and quotes[0].text.startswith(starts), quotes


def test_relative_pronoun_subject_is_the_speaker_not_the_content(nlp: Language) -> None:
    text = 'It was a voice that said "never give up on your neighbors" to everyone.'
    quote = find(quotes_of(nlp, text), "never give up")
    assert not quote.text.startswith("that")


def test_clause_conjoined_to_the_reported_one_keeps_its_start(nlp: Language) -> None:
    text = (
        "Mr. Obi argued that rents are rising, but instead the council is giving tenants "
        '"lectures and excuses."'
    )
    quote = find(quotes_of(nlp, text), "lectures and excuses")
    assert quote.kind == "mixed"
    assert quote.text.startswith("that rents are rising")


def test_mixed_quote_ending_a_sentence_stops_at_its_close_mark(nlp: Language) -> None:
    text = (
        'The senator described the new rules as "a gift to polluters." All of this is laid out '
        "in the report."
    )
    quote = find(quotes_of(nlp, text), "a gift to polluters")
    assert quote.kind == "mixed"
    assert "All of this" not in quote.text


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ('Senator Ames told WKRB\'s "Morning Drive" that nobody doubted her record.', "Morning"),
        ('The host took calls on his "Talk It Through" radio program all morning.', "Talk It"),
    ],
)
def test_title_owned_by_an_outlet_or_before_a_work_noun_is_not_speech(
    nlp: Language, text: str, title: str
) -> None:
    quotes = quotes_of(nlp, text)
    assert all(q.kind == "scare" for q in quotes if title in q.text)
    assert not [q for q in quotes if q.kind == "mixed"]


@pytest.mark.parametrize(
    "text",
    [
        'For years, Rep. Robert C. "Bobby" Lane has opened his yard for a cookout in May.',
        'The city hired Gen. "Big Tom" Harlan to lead the effort.',
    ],
)
def test_nickname_after_an_initial_or_title_is_not_speech(nlp: Language, text: str) -> None:
    assert all(q.kind == "scare" for q in quotes_of(nlp, text))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('The mayor later defended his comments as being "sarcastic."', "sarcastic"),
        ("Mr. Dole misjudged the dictator, having referred to him as a “reformer.”", "reformer"),
    ],
)
def test_quoted_phrase_ending_a_reported_clause_makes_it_mixed(
    nlp: Language, text: str, words: str
) -> None:
    quote = find([q for q in quotes_of(nlp, text) if q.kind != "scare"], words)
    assert quote.kind == "mixed"


def test_quote_after_a_reported_clause_and_colon_is_its_speakers(nlp: Language) -> None:
    text = 'Ms. Ruiz said the plan had one flaw: "It costs too much."'
    quote = find(quotes_of(nlp, text), "costs too much")
    assert quote.speaker == "Ruiz"
    assert quote.kind == "mixed"
    assert quote.text.startswith("the plan had one flaw")


def test_title_case_quote_alone_on_its_line_is_a_heading(nlp: Language) -> None:
    text = (
        "The mayor spoke for an hour.\n\n'The River Is Not for Sale.'\n\n"
        "It was raining when the crews arrived.\n\n“No.”\n\nShe left."
    )
    quotes = quotes_of(nlp, text)
    assert find(quotes, "The River").kind == "scare"
    assert find(quotes, "No.").kind == "direct"


def test_capitalised_quote_after_a_comma_cue_is_its_own_sentence(nlp: Language) -> None:
    text = "When the bill came due at last, Smith boasted, “That makes me clever.” He left."
    quote = find(quotes_of(nlp, text), "That makes me clever")
    assert quote.kind == "direct"
    assert quote.text.startswith("That makes")
    assert quote.speaker_mention == "Smith"


@pytest.mark.parametrize(
    ("text", "content", "speaker"),
    [
        ("“We want the best schools for our sons,” the letter reads.", "We want", "the letter"),
        (
            'The statement from the club reads: "We will not comment on cases that are open."',
            "We will not",
            "The statement from the club",
        ),
    ],
)
def test_what_a_document_reads_is_quoted(
    nlp: Language, text: str, content: str, speaker: str
) -> None:
    quote = find(quotes_of(nlp, text), content)
    assert quote.cue in ("reads", "read")
    assert quote.speaker_mention == speaker


def test_reading_a_document_is_not_a_quote(nlp: Language) -> None:
    assert quotes_of(nlp, "She read the report twice before the meeting.") == []


def test_reported_clause_around_a_phrase_stays_in_its_paragraph(nlp: Language) -> None:
    text = (
        "Senators Slam The Plan As A ‘Costly Mistake.’\n\nWASHINGTON ― The new budget plan is a "
        "gift to the richest families in the state, several senators said on Friday."
    )
    quote = find(quotes_of(nlp, text), "Costly Mistake")
    assert "\n" not in quote.text
    assert "WASHINGTON" not in quote.text


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("'Thin-skinned' mayor sues three of his critics.", "Thin-skinned"),
        ("“Low energy” rivals were his favourite target that spring.", "Low energy"),
    ],
)
def test_short_quote_opening_a_sentence_that_runs_on_is_a_label(
    nlp: Language, text: str, label: str
) -> None:
    quote = find(quotes_of(nlp, text), label)
    assert quote.kind == "scare"


@pytest.mark.parametrize(
    "text",
    ["“Big time.” She left the stage.", "“Call the roll,” the crowd chanted."],
)
def test_short_quote_that_ends_its_sentence_is_still_speech(nlp: Language, text: str) -> None:
    assert any(q.kind == "direct" for q in quotes_of(nlp, text))


def test_quoted_items_in_a_list_are_not_statements(nlp: Language) -> None:
    text = 'Staff searched the files for words such as "budget," "audit," "Denver" and "payroll."'
    assert all(q.kind == "scare" for q in quotes_of(nlp, text))


def test_according_to_opening_a_sentence_reports_the_rest(nlp: Language) -> None:
    # The small model hangs the claim on the source as an apposition; it is still the claim.
    quotes = quotes_of(
        nlp, "According to radio host Dana Holt, the move reeks of “fear” and desperation."
    )
    quote = find(quotes, "the move reeks of")
    assert quote.cue == "according to"
    assert quote.kind == "mixed"
    assert quote.speaker == "Dana Holt"


def test_quoted_phrase_a_clause_opens_with_makes_it_mixed(nlp: Language) -> None:
    text = (
        "The fund did not name the mayor, but it referenced "
        '"political tensions" in cities that are generating broader uncertainty.'
    )
    quote = find(quotes_of(nlp, text), "political tensions")
    assert quote.kind == "mixed"
    assert "broader uncertainty" in quote.text


def test_title_inside_a_reported_clause_quotes_nobody(nlp: Language) -> None:
    quotes = quotes_of(nlp, 'Dana Holt said she would appear on "The Morning Hour" next week.')
    assert find(quotes, "she would appear").kind == "indirect"
    assert [q.text for q in quotes if q.kind == "scare"] == ["The Morning Hour"]


def test_short_capitalised_quote_after_cue_and_comma_is_speech(nlp: Language) -> None:
    text = "Asked about the fees, Tom Reyes boasted, “That makes me smart.” He left."
    quotes = quotes_of(nlp, text)
    quote = find(quotes, "That makes me smart")
    assert quote.kind == "direct"
    assert quote.speaker == "Tom Reyes"


def test_asked_participle_does_not_make_the_subject_the_asker(nlp: Language) -> None:
    quotes = quotes_of(nlp, "Asked about the fees, Tom Reyes left the hall without a word.")
    assert not [q for q in quotes if q.cue and q.cue.lower() == "asked"]


def test_close_mark_and_ellipsis_opening_a_paragraph_open_a_quote() -> None:
    text = "Dana Holt noted that he won.\n\n” … he spoke with a calm few could match,” Holt wrote."
    (quote,) = find_marked_quotes(text)
    assert text[quote.start : quote.end].strip().startswith("… he spoke")


def test_fronted_title_is_not_the_content_of_a_cue_with_its_own(nlp: Language) -> None:
    text = (
        "In his 2010 book, ''Save Like a Miser,'' Mr. Reyes suggested "
        "looking at the things on your credit card bill."
    )
    assert not [q for q in quotes_of(nlp, text) if "book" in q.text]


@pytest.mark.parametrize("frame", ["said in a speech", "told reporters"])
def test_cue_between_commas_with_a_fronted_subject_reports_around_it(
    nlp: Language, frame: str
) -> None:
    text = f"The museum, Mr. Reyes {frame}, would tell the story of a people."
    quote = find(quotes_of(nlp, text), "would tell the story")
    assert quote.text.startswith("The museum")
    assert quote.speaker == "Reyes"


def test_nickname_inside_a_name_is_no_speech(nlp: Language) -> None:
    quotes = quotes_of(nlp, 'Wrestler Dwayne "The Rock" Reyes said he would run for mayor.')
    nickname = find(quotes, "The Rock")
    assert nickname.kind == "scare"
    assert find(quotes, "he would run").kind == "indirect"


def test_title_case_headline_quote_is_no_nickname(nlp: Language) -> None:
    quotes = quotes_of(nlp, "Tom Reyes Calls Dana Holt ‘Disgrace’ After Attacking Police")
    assert find(quotes, "Disgrace").kind == "mixed"


def test_possessor_after_a_quote_is_not_its_speaker(nlp: Language) -> None:
    text = '"We will win this year!" Reyes\'s niece shouted to the crowd of about a hundred.'
    quote = find(quotes_of(nlp, text), "We will win")
    assert quote.speaker != "Reyes"


def test_weak_cue_inside_a_reported_clause_leaves_the_words_to_the_reporter(
    nlp: Language,
) -> None:
    text = (
        "Tom Reyes posted a video on Friday saying that rival Dana Holt had shown "
        "bad judgment in using the old mill “as a paragon of thrift.”"
    )
    quote = find(quotes_of(nlp, text), "paragon of thrift")
    assert quote.speaker == "Tom Reyes"
    assert quote.cue == "saying"


@pytest.mark.parametrize(
    ("text", "speaker"),
    [
        ("Senator Dana Holt has been pounding the mayor as a “con artist” all year.", "Dana Holt"),
        (
            "The Associated Press rated most of the claims as “entirely true” this week.",
            "Associated Press",
        ),
    ],
)
def test_object_cast_as_a_quoted_phrase_is_the_casters_words(
    nlp: Language, text: str, speaker: str
) -> None:
    quote = find(quotes_of(nlp, text), "as a" if "con artist" in text else "entirely true")
    assert quote.kind == "mixed"
    assert speaker in (quote.speaker or "")


def test_thing_casting_as_a_quoted_phrase_is_the_reporters_framing(nlp: Language) -> None:
    quotes = quotes_of(nlp, "The new rule treats most fees as “income” for tax purposes.")
    assert find(quotes, "income").kind == "scare"


def test_quote_after_a_possessive_mark_continues_the_sentence(nlp: Language) -> None:
    text = "Dana Holt says she respects Reyes’ “passion and commitment” but disagrees with him."
    quote = find(quotes_of(nlp, text), "passion and commitment")
    assert quote.kind == "mixed"
    assert quote.text.startswith("she respects")


def test_quoted_modifier_of_a_cue_joins_what_the_cue_reports(nlp: Language) -> None:
    text = "Tom Reyes pledged to oppose the new toll for commuters “today, tomorrow, forever.”"
    quote = find(quotes_of(nlp, text), "today, tomorrow")
    assert quote.kind == "mixed"
    assert quote.text.startswith("to oppose the new toll")


def test_so_called_is_no_speech_verb(nlp: Language) -> None:
    text = (
        "According to Tom Reyes, he was once part of the so-called establishment, "
        "but is now “the worst thing that ever happened to the establishment.”"
    )
    quote = find(quotes_of(nlp, text), "the worst thing")
    assert quote.cue == "according to"
    assert quote.text.startswith("he was once part")
    assert quote.speaker == "Tom Reyes"


def test_title_after_a_work_noun_is_no_speech(nlp: Language) -> None:
    text = (
        "Ms. Holt got a huge roar from the crowd at the end of her rendition of the "
        "civil rights anthem “A Change Will Surely Come,” and then she left the stage."
    )
    assert find(quotes_of(nlp, text), "A Change Will Surely Come").kind == "scare"


def test_borrowed_phrase_the_sentence_runs_past_is_scare(nlp: Language) -> None:
    text = (
        "The paper sent its reporter into “a living room in the western hills” "
        "to watch the convention with the couple."
    )
    assert find(quotes_of(nlp, text), "a living room").kind == "scare"


def test_second_act_joined_to_a_naming_cue_is_its_own_quote(nlp: Language) -> None:
    text = "Dana Holt called the plan “a disgrace” and said the council had “lost its way.”"
    quotes = quotes_of(nlp, text)
    first, second = find(quotes, "a disgrace"), find(quotes, "lost its way")
    assert first is not second
    assert "said" not in first.text


def test_cue_in_a_subordinate_clause_reports_no_further_than_it(nlp: Language) -> None:
    text = (
        "Though she called the fees “outrageous” and called for bonuses to be “clawed back” "
        "for executives, Dana Holt restricted her comments to the bank."
    )
    quote = find(quotes_of(nlp, text), "clawed back")
    assert "restricted" not in quote.text


def test_relative_pronoun_speaker_resolves_to_the_person_it_stands_for(nlp: Language) -> None:
    text = "The panel heard from Dana Holt, who said the old bridge was “falling apart.”"
    quote = find(quotes_of(nlp, text), "falling apart")
    assert quote.speaker == "Dana Holt"
    assert quote.speaker_mention == "who"


def test_who_after_a_place_stands_for_the_people(nlp: Language) -> None:
    text = "The plan will calm nervous Democrats on Capitol Hill, who have argued that it helps."
    quote = find(quotes_of(nlp, text), "that it helps")
    assert "Democrats" in (quote.speaker or "")


def test_short_label_that_is_all_a_cue_governs_is_scare(nlp: Language) -> None:
    text = (
        "The clip raised questions, with many condemning her, "
        "and some even alleging ‘elder neglect.’"
    )
    quote = find(quotes_of(nlp, text), "elder neglect")
    assert quote.kind == "scare"
    assert quote.speaker is None


def test_a_source_description_owns_its_relative_clause(nlp: Language) -> None:
    text = (
        "The mayor's aides were silent. But sources close to the harbour board who dismissed "
        "the row as nothing more than a misunderstanding said talks would resume."
    )
    quotes = quotes_of(nlp, text)
    row = find(quotes, "the row as nothing more")
    assert row.speaker_mention in ("who", "sources close to the harbour board")
    assert "sources" in (row.speaker or "")


def test_a_role_noun_used_again_names_whom_it_named_first(nlp: Language) -> None:
    text = (
        "Sarah Mitchell, who mocked Councillor David Brown over the parking fees, was shouted at "
        "by the councillor outside the town hall - but according to the singer, the row did "
        "not end there.\n"
        "The singer later said the councillor had followed her to the car park."
    )
    quotes = quotes_of(nlp, text)
    assert find(quotes, "followed her").speaker == "Sarah Mitchell"


def test_a_role_noun_names_the_other_person_of_its_sentence(nlp: Language) -> None:
    text = (
        "Michael Harris and his wife Emily Harris arrived at the premiere on Friday.\n"
        "James Walker, who taunted Harris over the film's losses, was warned by the actor "
        "that he would call the police."
    )
    quotes = quotes_of(nlp, text)
    warned = [q for q in quotes if q.speaker_mention == "the actor"]
    assert warned, [(q.text, q.speaker_mention) for q in quotes]
    assert warned[0].speaker == "Michael Harris"  # "actor": the man of the two Harrises


def test_an_embedded_post_is_its_authors_direct_quote(nlp: Language) -> None:
    text = (
        "The mayor answered critics online on Tuesday.\n"
        "The ferry runs again from Monday. Thank you all for your patience! "
        "pic.twitter.com/ab12cd\n"
        "— Ines Varga (@inesvarga) March 4, 2026\n"
        "Her office did not say why the service had stopped.\n"
    )
    quotes = quotes_of(nlp, text)
    post = find(quotes, "The ferry runs again")
    assert post.speaker == "Ines Varga"
    assert post.kind == "direct"
    assert post.act == "speech"
    assert "pic.twitter" not in post.text
    assert not [q for q in quotes if "@inesvarga" in q.text]


@pytest.mark.parametrize(
    ("text", "speaker", "inner_cue"),
    [
        (
            "Councillor Ana Ruiz said the mayor had promised to resign before the vote.",
            "Ana Ruiz",
            "promised",
        ),
        (
            "Tom Becker said on Monday that he plans to open a second bakery in the spring.",
            "Tom Becker",
            "plans",
        ),
    ],
)
def test_report_inside_a_reported_clause_is_the_outer_sources_statement(
    nlp: Language, text: str, speaker: str, inner_cue: str
) -> None:
    quotes = [q for q in quotes_of(nlp, text) if q.kind != "scare"]
    assert [q.cue for q in quotes] == ["said"]
    assert speaker in (quotes[0].speaker or "")
    assert inner_cue in quotes[0].text


def test_report_in_a_sentence_of_its_own_stays_a_quote(nlp: Language) -> None:
    text = "The mayor promised to resign. Councillor Ana Ruiz said the vote would go ahead."
    cues = {q.cue for q in quotes_of(nlp, text)}
    assert {"promised", "said"} <= cues


@pytest.mark.parametrize(
    "heading",
    [
        "EVEN HIS OWN BOSS SAYS THE CHEF LIED ABOUT THE SOUP\n",
        "HIS OWN BOSS SAYS THE CHEF LIED — The bistro closed in May. ",
    ],
)
def test_cue_in_a_heading_set_in_capitals_reports_nothing(nlp: Language, heading: str) -> None:
    quotes = quotes_of(nlp, heading + "Critics said the chef had lied.")
    assert [q.cue for q in quotes if q.kind != "scare"] == ["said"]


@pytest.mark.parametrize(
    ("text", "second"),
    [
        (
            "The mayor has mentioned cheaper bus fares and forcing landlords to repair old "
            "buildings.",
            "forcing landlords to repair",
        ),
        (
            "The senator started off by emphasizing rural fairness, and a need to raise farm "
            "wages and close tax loopholes.",
            "a need to raise farm wages",
        ),
        (
            "The council embraced the plan, promising to meet and in some cases exceed the "
            "targets set by the province.",
            "exceed the targets",
        ),
    ],
)
def test_second_conjunct_the_parse_strands_stays_in_the_report(
    nlp: Language, text: str, second: str
) -> None:
    quotes = [q for q in quotes_of(nlp, text) if q.kind == "indirect"]
    assert len(quotes) == 1
    assert second in quotes[0].text


def test_conjunct_verb_with_a_past_form_is_the_speakers_next_act(nlp: Language) -> None:
    quotes = quotes_of(nlp, "The mayor vowed to cut fares and praised the drivers.")
    vowed = find(quotes, "to cut fares")
    assert "praised" not in vowed.text


def test_lead_in_line_ending_in_a_colon_reports_the_next_paragraph(nlp: Language) -> None:
    text = (
        "The councillor added:\n\n"
        "The bridge is unsafe. Nobody has inspected it for ten years, and the city knows it.\n\n"
        "Officials did not reply."
    )
    quote = find(quotes_of(nlp, text), "Nobody has inspected it")
    assert quote.text.startswith("The bridge is unsafe.")
    assert quote.cue == "added"
    assert "Officials" not in quote.text


def test_lead_in_line_before_a_marked_quote_leaves_it_to_the_marks(nlp: Language) -> None:
    quotes = quotes_of(nlp, 'Councillor Ana Ruiz said:\n\n"The bridge is unsafe."')
    assert [(q.kind, q.text) for q in quotes] == [("direct", "The bridge is unsafe.")]


@pytest.mark.parametrize(
    "text",
    [
        "Summer Of Change: Farmers Markets Draw Record Crowds Across The Valley.\n\n"
        "Markets in three towns reported their busiest weekend.",
    ],
)
def test_headline_kicker_before_a_colon_is_no_source(nlp: Language, text: str) -> None:
    assert [q for q in quotes_of(nlp, text) if q.cue == ":"] == []


def test_live_updates_label_is_no_source(nlp: Language) -> None:
    text = (
        "The Latest: Crews reopen the northern bridge after a long night of repairs.\n\n"
        "The Latest updates on the bridge will follow here through the night."
    )
    assert [q for q in quotes_of(nlp, text) if q.cue == ":"] == []


def test_label_the_article_names_again_is_a_source(nlp: Language) -> None:
    text = (
        "Ruiz: The bridge will stay closed until the inspectors sign off.\n\n"
        "Councillor Ana Ruiz spoke on Monday."
    )
    quote = find(quotes_of(nlp, text), "The bridge will stay closed")
    assert quote.cue == ":"
    assert "Ruiz" in (quote.speaker or "")


@pytest.mark.parametrize(
    ("text", "words", "speaker"),
    [
        # the object stands after a phrasal verb's preposition
        ("In recent weeks, Holt has gone after the mayor as a “spoiled brat.”", "brat", "Holt"),
        # the parse hangs "as" on the dash; the word order still reads verb, object, "as"
        (
            "Tom Reyes has been pounding Holt as a “con artist” ― just as he did with Lane.",
            "con artist",
            "Tom Reyes",
        ),
        # the parse joins the names to the noun before them and leaves "call" no subject
        (
            'At the rally on the pier, Holt and Reyes call them "dreamers" and walk away.',
            "dreamers",
            "Holt",
        ),
        # a passive cue's "by" names who spoke
        ('The plan was called "a fantasy" by Holt.', "a fantasy", "Holt"),
        # a short phrase that is all a named source's cue governs
        ('Holt promised "a fair hearing."', "a fair hearing", "Holt"),
    ],
)
def test_short_phrase_a_speakers_cue_governs_is_their_mixed_quote(
    nlp: Language, text: str, words: str, speaker: str
) -> None:
    quote = find(quotes_of(nlp, text), words)
    assert quote.kind == "mixed"
    assert speaker in (quote.speaker or "")


@pytest.mark.parametrize(
    ("text", "words", "speaker"),
    [
        ('The union called the offer "reasonable."', "reasonable", "union"),
        ('Tom Reyes said it\'s "not that simple."', "not that simple", "Tom Reyes"),
        ('Officials described the plan as "a fantasy."', "a fantasy", "Officials"),
    ],
)
def test_partial_quote_after_a_speech_verb_is_not_scare(
    nlp: Language, text: str, words: str, speaker: str
) -> None:
    quote = find(quotes_of(nlp, text), words)
    assert quote.kind == "mixed"
    assert speaker in (quote.speaker or "")


def test_quoted_phrase_no_cue_governs_stays_scare(nlp: Language) -> None:
    text = 'Lawmakers passed the so-called "reform" bill on Tuesday.'
    quote = find(quotes_of(nlp, text), "reform")
    assert quote.kind == "scare"
    assert quote.speaker is None


@pytest.mark.parametrize(
    "text",
    [
        "Holt said the vote was fair.\n\nArticle Continued Below\n\n"
        "She added that the city would appeal.",
        '"It is over," the mayor said.\nStory continues below advertisement\n'
        "The union said it would strike.",
        "Officials said the vote would be held.\nStory continues below\nThe council met late.",
        '"We lost everything," Coyle said.\n\nScroll down for video\n\n'
        "Terrified residents said the sky glowed orange for miles.",
    ],
)
def test_furniture_lines_are_no_quotes_and_no_speakers(nlp: Language, text: str) -> None:
    found = quotes_of(nlp, text)
    for quote in found:
        assert quote.speaker not in ("Story", "Article", "Scroll"), quote
        assert "continue" not in (quote.cue or "").lower(), quote
        assert "below" not in quote.text.lower(), quote
    assert found  # the statements around the line are still found


# --- speakers and spans of real-news failure kinds (issues #19, #23) ---------------------


def test_a_role_phrase_with_a_party_or_place_is_a_person_not_an_organisation(
    nlp: Language,
) -> None:
    # "GOP", "Vermont" and "New York" say whose or where the role is; the speaker is the
    # unnamed person the role describes, never the party, the state or a clipped name.
    for text, role in [
        ('"We will win," the GOP candidate told the crowd.', "the GOP candidate"),
        ("The Vermont senator said the system was rigged.", "the Vermont senator"),
        ("A New York judge said the records must be released.", "a New York judge"),
        (
            "Officials at the Department of Homeland Security said the rule would change.",
            "Officials at the Department of Homeland Security",
        ),
    ]:
        quote = quotes_of(nlp, text)[0]
        assert (quote.speaker, quote.speaker_type) == (role, "anonymous"), quote


def test_a_role_phrase_resolves_to_the_person_the_article_named_with_it(nlp: Language) -> None:
    text = (
        "The Republican candidate, Tom Alder, toured the plant on Monday.\n"
        '"Jobs are coming back," the Republican candidate said.'
    )
    quote = find(quotes_of(nlp, text), "Jobs are coming back")
    assert (quote.speaker, quote.speaker_type) == ("Tom Alder", "person")


def test_a_party_member_is_a_person(nlp: Language) -> None:
    quote = find(quotes_of(nlp, '"We will fight," the Republican said.'), "We will fight")
    assert quote.speaker_type == "anonymous"


def test_a_day_is_never_a_speaker_or_part_of_a_name(nlp: Language) -> None:
    text = 'Senator Mark Hale spoke to reporters.\n"We will not back down," Saturday, Hale said.'
    quote = find(quotes_of(nlp, text), "We will not back down")
    assert quote.speaker == "Mark Hale"
    # A subject the tagger took for a verb, with a day beside it, is still the name.
    quote = quotes_of(nlp, "Trump on Saturday said the election was rigged.")[0]
    assert (quote.speaker, quote.speaker_type) == ("Trump", "person")


def test_a_message_from_a_person_speaks_for_them_not_for_the_apposition(nlp: Language) -> None:
    text = (
        "The letter from Senator Ann Reyes, the chair of the committee, said the vote was delayed."
    )
    quote = find(quotes_of(nlp, text), "the vote was delayed")
    assert quote.speaker == "Ann Reyes"
    assert quote.speaker_mention == "The letter from Senator Ann Reyes"


def test_a_statement_of_the_person_an_act_is_about_is_theirs(nlp: Language) -> None:
    quotes = quotes_of(nlp, "Sanders endorsed Clinton, who said she was grateful.")
    endorsed = [q for q in quotes if q.cue == "endorsed"]
    assert endorsed and all("grateful" not in q.text for q in endorsed), endorsed
    grateful = find(quotes, "she was grateful")
    assert grateful.speaker == "Clinton"
    # A clause on that person with no speech of its own still describes them.
    quotes = quotes_of(nlp, "Sanders endorsed Clinton, who won the primary.")
    assert any("won the primary" in q.text for q in quotes if q.cue == "endorsed"), quotes


def test_a_quote_stops_at_its_mark_before_the_addressee_and_day(nlp: Language) -> None:
    text = 'Pence, the running mate, told ABC "we will win" Sunday.'
    quote = find(quotes_of(nlp, text), "we will win")
    assert quote.text == "we will win"
    text = "The mayor told the council the plan was “dead on arrival” for now."
    quote = find(quotes_of(nlp, text), "dead on arrival")
    assert quote.text.startswith("the plan was")
    text = 'He described the bill as "a giveaway" for donors, according to the memo.'
    quote = find(quotes_of(nlp, text), "a giveaway")
    assert "memo" not in quote.text and "according" not in quote.text


def test_a_quote_missing_its_close_mark_ends_at_its_own_attribution(nlp: Language) -> None:
    text = "“We are done, he said, and left the room. Later he called back."
    quote = find(quotes_of(nlp, text), "We are done")
    assert quote.text.rstrip(",") == "We are done"
    assert quote.cue == "said"


def test_a_phrase_missing_its_close_mark_ends_with_its_sentence(nlp: Language) -> None:
    text = "He said the plan was “dead on arrival. The senator then left for the airport."
    quote = find(quotes_of(nlp, text), "dead on arrival")
    assert "senator" not in quote.text and "airport" not in quote.text


def test_a_titled_surname_before_a_coordinated_name_is_no_first_name(nlp: Language) -> None:
    # "Alec and Hilaria Baldwin" share a surname; "Mayor Holt and Ana Brill" do not
    text = (
        "Tom Alder criticised Mayor Holt and Ana Brill for the delay. "
        "Brill said the depot needs “a new roof before winter.”"
    )
    quote = find(quotes_of(nlp, text), "new roof")
    assert quote.speaker == "Ana Brill"


def test_a_plural_role_is_never_the_one_person_named_by_it(nlp: Language) -> None:
    text = (
        "Independent candidate Ana Brill spoke first. "
        "The candidates condemned the closure of the Cannery Road depot on Monday."
    )
    quotes = quotes_of(nlp, text)
    assert all(q.speaker != "Ana Brill" for q in quotes if "depot" in q.text)


@pytest.mark.parametrize(
    ("text", "speakers"),
    [
        (
            "The council met on Monday. “We will not back down,” Ann Cole and Bo Reyes said "
            "in a joint statement.",
            "Ann Cole and Bo Reyes",
        ),
        (
            "The council met on Monday. “We will not back down,” Ann Cole, Bo Reyes and Li Wen "
            "wrote.",
            "Ann Cole, Bo Reyes and Li Wen",
        ),
    ],
)
def test_a_joint_statement_is_credited_to_all_its_authors(
    nlp: Language, text: str, speakers: str
) -> None:
    assert find(quotes_of(nlp, text), "not back down").speaker == speakers


def test_a_name_and_a_description_are_not_joined(nlp: Language) -> None:
    text = "“We are angry,” Ann Cole and her lawyer said."
    assert find(quotes_of(nlp, text), "We are angry").speaker == "Ann Cole"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            "The strike is in its third week. “The mayor has lost control of the city,” per "
            "Tim Fox.",
            "lost control",
        ),
        (
            "The strike is in its third week. The mayor “has lost control of the city,” per "
            "Tim Fox.",
            "lost control",
        ),
    ],
)
def test_per_names_the_source_of_a_quote(nlp: Language, text: str, words: str) -> None:
    quote = find(quotes_of(nlp, text), words)
    assert (quote.speaker, quote.cue) == ("Tim Fox", "per")


def test_per_as_a_measure_names_no_source(nlp: Language) -> None:
    text = "Prices rose again. “It costs $5,” per gallon, Fox said."
    assert find(quotes_of(nlp, text), "It costs").cue == "said"


@pytest.mark.parametrize(
    ("text", "author"),
    [
        (
            "The ferry may close. The letter, signed by Ann Cole, states: “We ask the council "
            "to keep the ferry running.”",
            "Ann Cole",
        ),
        (
            "The ferry may close. “We ask the council to keep the ferry running,” reads a "
            "statement issued by the Harbor Trust.",
            "the Harbor Trust",
        ),
        (
            "The ferry may close. “We ask the council to keep the ferry running,” says the "
            "letter, which Ann Cole sent to the mayor on Friday.",
            "Ann Cole",
        ),
    ],
)
def test_a_documents_words_are_its_named_authors(nlp: Language, text: str, author: str) -> None:
    assert find(quotes_of(nlp, text), "keep the ferry").speaker == author


def test_a_document_with_no_author_named_is_the_document(nlp: Language) -> None:
    text = "The ferry may close. “We ask the council to keep the ferry running,” the letter says."
    assert find(quotes_of(nlp, text), "keep the ferry").speaker == "the letter"


def test_a_speaker_the_parse_gave_to_an_apposition_infinitive_speaks(nlp: Language) -> None:
    """The small model makes the name the subject of "to vote" in the apposition and leaves
    the cue with no subject; the report is still the named person's."""
    text = (
        "After the vote, Rep. Rosa Marlow, D-Va., one of the nine lawmakers to vote against the "
        "resolution, said the county faces bigger problems, such as the economy, crumbling roads "
        "and poverty."
    )
    quote = find(quotes_of(nlp, text), "faces bigger problems")
    assert quote.kind == "indirect"
    assert quote.speaker == "Rosa Marlow"
    # an infinitive with no named subject of its own gives the cue none
    opening = quotes_of(nlp, "To win the seat, she said, the party must change.")
    assert all(q.speaker != "seat" for q in opening)


def test_a_quotation_marked_at_its_two_ends_runs_over_the_paragraphs_between() -> None:
    text = (
        "Quayside Notes offered this commentary:\n"
        "\u201cExpect more of this. The board has failed the town.\n"
        "Let\u2019s recap what the \u201cexperts\u201d said at the pier.\n"
        "Nobody will fix it for us. Act accordingly.\u201d\n"
        "Fishermen were not convinced."
    )
    (outer,) = [q for q in find_marked_quotes(text) if q.depth == 0]
    assert text[outer.start : outer.end].startswith("Expect more")
    assert text[outer.start : outer.end].endswith("Act accordingly.")
    assert outer.closed


def test_an_open_mark_nothing_closes_ends_at_its_paragraph() -> None:
    text = (
        "\u201cExpect more of this. The board has failed the town.\n"
        "Fishermen were not convinced.\n"
        "The board met on Monday."
    )
    (quote,) = find_marked_quotes(text)
    assert text[quote.start : quote.end] == "Expect more of this. The board has failed the town."
    assert not quote.closed
