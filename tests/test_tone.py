"""Tone marks: loaded own-voice words aimed at someone, quoted and scare-quoted wording, hedges.

The sentences are written for these tests (fictional people and places). The quality floor at
the end reads the shared BASIL tone set in place and skips when it is absent (fails under CI).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from spacy.language import Language

from conftest import require_shared
from storylens.analyse.nlp import load_pipeline
from storylens.analyse.quotes import extract_quotes
from storylens.analyse.tone import find_tone, is_backstory, is_evidential_hedge, lede_end
from storylens.records import ToneMark

BENCH = Path(__file__).resolve().parents[1] / "bench"
sys.path.insert(0, str(BENCH))

from _data import shared_data_dir  # noqa: E402

DATA = shared_data_dir() / "tone" / "basil"
# Floors a little under the figures bench/tone.py printed when this gate was set (own-voice
# loaded words and hedges): own-voice token F1 0.148 (P 0.122 R 0.188), overlap F1 0.175,
# lexical_all_sentence F1 0.261 (P 0.200 R 0.374). The sentence floor is issue 10's target,
# what a RoBERTa classifier fine-tuned for lexical bias reaches on BASIL (0.254).
OWN_TOKEN_F1_FLOOR = 0.14
OWN_OVERLAP_F1_FLOOR = 0.165
OWN_SENTENCE_F1_FLOOR = 0.25
# `storylens export tone` writes every voice, and a scorer with no voice filter reads the
# bench's "all" variant: lexical_all_sentence F1 0.252 (P 0.184 R 0.400), after quoted marks
# were limited to a speaker's aimed words and labels and phrases a speech verb governs were
# given their speaker (0.246 before; the target is 0.25).
ALL_VOICES_SENTENCE_F1_FLOOR = 0.245


@pytest.fixture(scope="module")
def nlp() -> Language:
    return load_pipeline()


# Two plain paragraphs that fill the lede, so that the sentence after them is in the body.
LEDE_FILLER = "The harbour board met at noon.\nIt voted on Tuesday.\n"


def _tone(nlp: Language, text: str, skip: tuple[tuple[int, int], ...] = ()) -> tuple[ToneMark, ...]:
    doc = nlp(text)
    return find_tone(doc, extract_quotes(doc, skip=skip), skip=skip)


def _by_text(marks: tuple[ToneMark, ...], text: str) -> ToneMark:
    found = [m for m in marks if text in m.text]
    assert found, f"{text!r} not in {[m.text for m in marks]}"
    return found[0]


def test_own_voice_loaded_verb_aimed_at_a_person(nlp: Language) -> None:
    text = "Mayor Delia Ruiz castigated the harbour board on Friday."
    mark = _by_text(_tone(nlp, text), "castigated")
    assert mark.voice == "own"
    assert mark.polarity == "negative"
    assert mark.target is not None and "Ruiz" in mark.target
    assert text[mark.start : mark.end] == mark.text == "castigated"


def test_own_voice_positive_word_about_someones_act(nlp: Language) -> None:
    marks = _tone(nlp, "But his remarks were harmless.")
    mark = _by_text(marks, "harmless")
    assert (mark.voice, mark.polarity) == ("own", "positive")


def test_intensifier_joins_the_word_it_strengthens(nlp: Language) -> None:
    text = "The senator gave an excruciatingly awkward interview on Sunday."
    mark = _by_text(_tone(nlp, text), "awkward")
    assert mark.text == "excruciatingly awkward"
    assert (mark.voice, mark.polarity) == ("own", "negative")
    assert text[mark.start : mark.end] == mark.text


def test_manner_adverb_on_an_actors_verb(nlp: Language) -> None:
    text = "Councillor Ada Penn harshly rebuked the board for its waste."
    mark = _by_text(_tone(nlp, text), "harshly")
    assert mark.voice == "own"
    assert mark.target is not None and "Penn" in mark.target


def test_adjective_about_a_proposition_is_not_a_judgment(nlp: Language) -> None:
    marks = _tone(nlp, "It was unclear whether the harbour board would meet again.")
    assert not [m for m in marks if "unclear" in m.text]


def test_object_predicate_about_a_clause_is_not_a_judgment(nlp: Language) -> None:
    # "left unclear whether ...": the adjective is the object predicate of "leave", whose
    # object is the clause; it states where a claim stands, as "it is unclear whether" does
    text = "The flurry of statements left unclear whether the harbour board would meet again.\n"
    assert not [m for m in _tone(nlp, text) if "unclear" in m.text]


def test_whether_a_matter_is_known_is_not_a_judgment(nlp: Language) -> None:
    # "unclear" said of a matter, not of a clause ("the reason for ... is unclear", "the cost
    # ... was unclear"): it states what is known, as "it is unclear whether" does
    for text in (
        "The reason for the harbour board's sudden vote to close the pier is unclear.\n",
        "The cost of the new ferry was unclear.\n",
        "Mayor Delia Ruiz kept pressing for the levy, though the size of the fund remains "
        "unclear.\n",
    ):
        assert not [m for m in _tone(nlp, text) if "unclear" in m.text], text
    # "uncertain" also tells how a prospect stands, and stays a judgment
    text = "For the shops along Mill Lane, the coming winter looks uncertain.\n"
    assert [m for m in _tone(nlp, text) if "uncertain" in m.text]


def test_dampener_makes_no_judgment_phrase(nlp: Language) -> None:
    marks = _tone(nlp, "The board was almost certain to approve the plan.")
    assert not [m for m in marks if "certain" in m.text]


def test_word_the_article_keeps_using_is_topical(nlp: Language) -> None:
    text = (
        "Mayor Delia Ruiz berated the harbour staff on Friday. "
        "The staff she berated will return in May, and Ruiz berated no one else."
    )
    assert not [m for m in _tone(nlp, text) if "berated" in m.text]


def test_verb_in_a_relative_clause_is_background(nlp: Language) -> None:
    marks = _tone(nlp, "The board, which Mayor Delia Ruiz castigated last year, met on Friday.")
    assert not [m for m in marks if "castigated" in m.text]


def test_body_sentence_in_the_past_perfect_is_backstory(nlp: Language) -> None:
    event = LEDE_FILLER + "Mayor Delia Ruiz castigated the harbour board on Friday."
    assert _by_text(_tone(nlp, event), "castigated").voice == "own"
    backstory = LEDE_FILLER + "Mayor Delia Ruiz had castigated the harbour board a year before."
    assert not [m for m in _tone(nlp, backstory) if "castigated" in m.text]
    # in the lede the pluperfect is part of the news' summary and is read as usual
    lede = "Mayor Delia Ruiz had castigated the harbour board a year before."
    assert _by_text(_tone(nlp, lede), "castigated").voice == "own"


def test_backstory_is_the_perfect_auxiliary_on_a_participle(nlp: Language) -> None:
    assert is_backstory(next(nlp("She had resigned by then.").sents))
    # "had" as a main verb, and the present perfect, are not the past perfect
    assert not is_backstory(next(nlp("She had a plan.").sents))
    assert not is_backstory(next(nlp("She has resigned.").sents))


def test_loaded_word_in_a_direct_quote_is_the_speakers(nlp: Language) -> None:
    marks = _tone(nlp, '"It was all playful banter," the insider said.')
    mark = _by_text(marks, "playful")
    assert mark.voice == "quoted"
    assert mark.speaker == "the insider"
    assert not [m for m in marks if m.voice == "own"]


def test_speakers_verbs_narrate_and_are_not_their_framing(nlp: Language) -> None:
    marks = _tone(
        nlp, '"They betrayed the harbour workers and sabotaged the vote," the union leader said.'
    )
    assert not [m for m in marks if m.voice == "quoted"]


def test_quoted_adjective_frames_when_aimed_or_a_label(nlp: Language) -> None:
    # a word about something the speaker merely mentions is not their framing ...
    mentioned = _tone(nlp, '"The archive held damaging letters," the clerk said.')
    assert not [m for m in mentioned if m.voice == "quoted"]
    # ... nor is their assessment of a thing, which is what they said ...
    assessed = _tone(nlp, '"The plan is deeply troubling," Councillor Ada Penn said.')
    assert not [m for m in assessed if m.voice == "quoted"]
    # ... but the label they put on it is, and so is a word aimed at a person
    label = _by_text(
        _tone(nlp, '"It was all a shameful charade," Councillor Ada Penn said.'), "shameful"
    )
    assert (label.voice, label.text) == ("quoted", "shameful charade")
    aimed = _by_text(
        _tone(nlp, '"A reckless mayor runs this town," the councillor said.'), "reckless"
    )
    assert aimed.voice == "quoted"


def test_marks_inside_a_quote_are_the_speakers_not_a_scare_mark(nlp: Language) -> None:
    text = (
        "\"We will not be run by 'secret rules' from the capital,\" Mayor Delia Ruiz said on"
        " Friday."
    )
    marks = _tone(nlp, text)
    assert not [m for m in marks if m.voice == "scare"]


def _voices(nlp: Language, text: str) -> dict[str, str]:
    """The voice tone reads each quoted phrase in (before marks are chosen)."""
    from storylens.analyse.tone import _regions, _speakers_of_phrases

    doc = nlp(text)
    regions = _speakers_of_phrases(doc, doc.text, _regions(doc, extract_quotes(doc)))
    return {doc.text[r.start : r.end]: r.voice for r in regions}


def test_a_phrase_a_speech_verb_governs_is_quoted_not_scare(nlp: Language) -> None:
    text = 'Earlier, Ruiz released a statement calling the closure an "act of folly."'
    doc = nlp(text)
    # the statement's author said it: her quote, no scare mark of the outlet's
    assert [(q.kind, q.speaker) for q in extract_quotes(doc) if "folly" in q.text] == [
        ("mixed", "Ruiz")
    ]
    assert _voices(nlp, text) == {"act of folly.": "quoted"}
    assert not [m for m in find_tone(doc, extract_quotes(doc)) if m.voice == "scare"]


def test_a_title_a_speech_verb_governs_stays_a_title(nlp: Language) -> None:
    text = 'Mayor Delia Ruiz wrote in "The Brutal Truth," her memoir, that the pier was doomed.'
    assert _voices(nlp, text) == {"The Brutal Truth,": "scare"}
    assert not [m for m in _tone(nlp, text) if m.voice != "own"]


def test_title_in_quotation_marks_is_no_scare_mark(nlp: Language) -> None:
    title = 'Mayor Delia Ruiz said on "Harbour Talk Tonight" that the ferry would run.'
    assert not [m for m in _tone(nlp, title) if m.voice == "scare"]
    term = _tone(nlp, 'Mayor Delia Ruiz backed the "harbour levy" plan on Friday.')
    assert [m.text for m in term if m.voice == "scare"] == ["harbour levy"]


def test_quoted_letter_is_no_scare_mark(nlp: Language) -> None:
    text = 'The new sign outside the town hall was missing a "k" and an "e" on Friday.'
    assert not [m for m in _tone(nlp, text) if m.voice == "scare"]


def test_scare_quoted_phrase_is_one_scare_mark(nlp: Language) -> None:
    text = 'The club handed out "freedom" leaflets to shoppers in Marlow.'
    marks = _tone(nlp, text)
    scare = [m for m in marks if m.voice == "scare"]
    assert len(scare) == 1
    assert scare[0].text == "freedom"
    assert text[scare[0].start : scare[0].end] == "freedom"
    assert not [m for m in marks if m.voice == "own" and "freedom" in m.text]


def test_hedge_is_flagged_as_hedge(nlp: Language) -> None:
    mark = _by_text(_tone(nlp, "The mayor reportedly met the developers twice."), "reportedly")
    assert (mark.voice, mark.polarity) == ("own", "hedge")


def test_hedges_are_derived_from_reporting_and_seeming_verbs() -> None:
    for word in ("reportedly", "allegedly", "supposedly", "purportedly", "seemingly"):
        assert is_evidential_hedge(word), word
    for word in ("repeatedly", "knowingly", "quickly", "hardly"):
        assert not is_evidential_hedge(word), word


def test_boilerplate_is_skipped(nlp: Language) -> None:
    caption = "Photo: Senator Ruiz castigated the board. "
    text = caption + "The board met on Friday and adjourned."
    assert not _tone(nlp, text, skip=((0, len(caption)),))
    assert _tone(nlp, text)  # the same words count outside boilerplate


def test_offsets_point_into_the_text(nlp: Language) -> None:
    text = (
        "Governor Amos Hale mocked his rivals on Tuesday. "
        '"They are hopeless," he said. Hale reportedly plans a third term.'
    )
    marks = _tone(nlp, text)
    assert marks
    for mark in marks:
        assert text[mark.start : mark.end] == mark.text
    assert list(marks) == sorted(marks, key=lambda m: (m.start, m.end))


def test_paraphrase_around_a_quoted_phrase_is_the_speakers_account(nlp: Language) -> None:
    # a mixed quote: only "fantasy" is in the councillor's words; "callously" is in the clause
    # the outlet reports as her claim ("Penn said the mayor ..."), so it is her account as the
    # outlet words it, not the outlet's own characterisation (issue 19, item 6)
    text = LEDE_FILLER + (
        'Councillor Ada Penn said the mayor callously abandoned the workers with a "fantasy" plan.'
    )
    mark = _by_text(_tone(nlp, text), "callously")
    assert mark.voice == "reported" and "Ada Penn" in (mark.speaker or "")
    assert mark.target is not None and "mayor" in mark.target


def test_a_reported_noun_phrase_is_the_outlets_description(nlp: Language) -> None:
    # what was spoken about, described by the outlet: "humiliating" is its own word
    text = LEDE_FILLER + (
        "Friends of the pair dismissed the humiliating exchange with Mayor Ida Roe as nothing "
        "more than \u2018banter.\u2019"
    )
    marks = _tone(nlp, text)
    assert ("humiliating", "own") in [(m.text, m.voice) for m in marks]


def test_attribution_inside_a_split_quote_is_own_voice(nlp: Language) -> None:
    text = LEDE_FILLER + (
        '"We will not yield to the board," Governor Amos Hale fumed on Monday. "Not now, not ever."'
    )
    mark = _by_text(_tone(nlp, text), "fumed")
    assert mark.voice == "own"
    assert mark.target is not None and "Hale" in mark.target


def test_lede_adjective_needs_no_actor(nlp: Language) -> None:
    sentence = "A frosty reception greeted the harbour plan in Marlow on Friday."
    mark = _by_text(_tone(nlp, sentence), "frosty")
    assert (mark.voice, mark.polarity, mark.target) == ("own", "negative", None)
    # the same words in the body are aimed at no one there, and are left alone
    assert not [m for m in _tone(nlp, LEDE_FILLER + sentence) if "frosty" in m.text]


def test_lede_verb_still_needs_an_actor(nlp: Language) -> None:
    assert not [
        m for m in _tone(nlp, "Grain prices crested near record highs.") if m.voice == "own"
    ]


def test_lede_end_counts_paragraphs_then_sentences(nlp: Language) -> None:
    text = "Photo: a caption.\nThe lede is here.\nThe second paragraph.\nThe body."
    assert text[: lede_end(nlp(text))] == "Photo: a caption.\nThe lede is here."
    # boilerplate before the story is not its lede
    after_caption = lede_end(nlp(text), skip=((0, 17),))
    assert text[:after_caption].endswith("The second paragraph.")
    flat = "One. Two. Three. Four."
    assert flat[: lede_end(nlp(flat))] == "One. Two. Three."


def test_empty_text_has_no_marks(nlp: Language) -> None:
    assert _tone(nlp, "") == ()
    assert _tone(nlp, "   \n") == ()


@pytest.mark.slow
def test_basil_floors() -> None:
    require_shared(DATA)
    import tone as bench  # bench/tone.py

    result = bench.run("basil")
    own = result["own"]["lexical"]
    assert own["token"]["micro"]["f1"] >= OWN_TOKEN_F1_FLOOR
    assert own["overlap"]["micro"]["f1"] >= OWN_OVERLAP_F1_FLOOR
    assert result["own"]["lexical_all_sentence"]["f1"] >= OWN_SENTENCE_F1_FLOOR
    assert result["all"]["lexical_all_sentence"]["f1"] >= ALL_VOICES_SENTENCE_F1_FLOOR


# -- issue 19, item 6: whose account, which words are plain ----------------------------------


def test_according_to_a_source_is_the_sources_account(nlp: Language) -> None:
    text = (
        "The mayor spoke at the harbour on Friday.\n"
        "According to Pell, the mayor then lunged for the microphone before storming off.\n"
    )
    marks = _tone(nlp, text)
    assert not [m for m in marks if m.voice == "own" and m.text == "lunged"]
    lunged = _by_text(marks, "lunged")
    assert (lunged.voice, lunged.speaker) == ("reported", "Pell")


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        (
            "Presumptive nominee Dana Whitcombe on Monday backed a bipartisan plan averting a "
            "shutdown that would have furloughed thousands of county workers.\n",
            ("Presumptive", "bipartisan", "averting", "furloughed"),
        ),
        (
            LEDE_FILLER + "At one point, Mayor Tom Arle began praising the volunteers.\n",
            ("praising",),
        ),
    ],
)
def test_plain_words_of_the_event_are_not_loaded(
    nlp: Language, text: str, plain: tuple[str, ...]
) -> None:
    own = [m.text for m in _tone(nlp, text) if m.voice == "own"]
    assert not [word for word in plain if any(word in m for m in own)]


def test_a_documents_quoted_phrase_is_no_scare_quote(nlp: Language) -> None:
    text = LEDE_FILLER + (
        "Mayor Ruth Aldane filed a lawsuit against the county for defamation due to "
        "\u2018intentionally mishandling evidence.\u2019\n"
    )
    assert not [m for m in _tone(nlp, text) if m.voice == "scare"]


def test_a_sources_own_words_repeated_are_no_scare_quote(nlp: Language) -> None:
    text = LEDE_FILLER + (
        "\u2018They love challenging one another,\u2019 the aide said.\n"
        "The pair reportedly \u2018love challenging one another.\u2019\n"
    )
    marks = _tone(nlp, text)
    assert not [m for m in marks if m.voice == "scare"]
    assert ("reportedly", "hedge") in [(m.text, m.polarity) for m in marks]


def test_a_phrase_continuing_a_speakers_account_is_no_scare_mark(nlp: Language) -> None:
    """Marks two sentences after the speaker's quoted words, in the same paragraph, go on
    citing that speaker; a paragraph of its own is the outlet's distancing."""
    text = (
        'The mayor tried to explain that "400 permits" reach the office every year. They are '
        'addressed to her. Rather, they go through "the planning desk."\n'
        'The harbour is run by "the planning desk."'
    )
    marks = _tone(nlp, text)
    scare = [m for m in marks if m.voice == "scare"]
    assert [text.rindex("the planning desk") <= m.start for m in scare] == [True]


def test_a_phrasal_verb_is_not_rated_as_its_verb(nlp: Language) -> None:
    """VADER rates "choke" (strangle, fail); "choked up" is being moved to tears."""
    moved = LEDE_FILLER + "Mayor Delia Ruiz choked up as she described the flooded homes."
    assert not [m for m in _tone(nlp, moved) if "choked" in m.text]
    stifled = LEDE_FILLER + "Mayor Delia Ruiz choked the budget debate with amendments."
    assert _by_text(_tone(nlp, stifled), "choked").polarity == "negative"
