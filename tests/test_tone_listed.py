"""Which tone marks the comparison lists: only the sure ones (issue 19, item 6).

The analysis (``find_tone``) keeps every candidate for export and the BASIL benchmark; the
comparison lists an own-voice, reported or scare-quoted mark only when ``is_listed`` says it
is sure. The sentences are written for these tests (fictional people and places).
"""

from __future__ import annotations

import pytest
from spacy.language import Language

from storylens.analyse.nlp import load_pipeline
from storylens.analyse.quotes import extract_quotes
from storylens.analyse.tone import find_tone, is_listed
from storylens.records import ToneMark

# Two plain paragraphs that fill the lede, so that the sentence after them is in the body.
LEDE_FILLER = "The harbour board met at noon.\nIt voted on Tuesday.\n"


@pytest.fixture(scope="module")
def nlp() -> Language:
    return load_pipeline()


def _marks(nlp: Language, text: str) -> tuple[ToneMark, ...]:
    doc = nlp(text)
    return find_tone(doc, extract_quotes(doc))


def _listed(nlp: Language, text: str) -> list[str]:
    return [m.text for m in _marks(nlp, text) if is_listed(m)]


@pytest.mark.parametrize(
    ("text", "word"),
    [
        # a plain description of a physical state, in the lede's looser reading
        ("A school bus slid on an icy stretch of Route 9 outside Marlow on Thursday.\n", "icy"),
        # a legal term
        (
            "A jury held landlord Tom Arle liable for the flooded cellars on Friday.\n",
            "liable",
        ),
        # a piece of a compound
        ("A red-haired man fled the harbour in a stolen boat on Friday.\n", "haired"),
        # what was done to someone (the subject of a passive)
        (LEDE_FILLER + "Councillor Ada Penn was fatally injured in the crash.\n", "fatally"),
        # a verb names an act, even a rated one
        (LEDE_FILLER + "Councillor Ada Penn condemned the harbour plan on Friday.\n", "condemned"),
        # an adjective in a title before a name
        ("Delia Ruiz, the outgoing mayor, opened the new pier on Friday.\n", "outgoing"),
        # a comparative sets one side against another, as a superlative ranks
        (
            LEDE_FILLER + "Senior Republicans on the council were less forgiving, however.\n",
            "forgiving",
        ),
        # a common -ly adverb tells how often, not how
        (LEDE_FILLER + "Mayor Delia Ruiz routinely defends the harbour budget.\n", "routinely"),
    ],
)
def test_plain_words_are_found_but_not_listed(nlp: Language, text: str, word: str) -> None:
    marks = _marks(nlp, text)
    assert [m for m in marks if word in m.text]  # the analysis still finds it ...
    assert not [m for m in marks if word in m.text and is_listed(m)]  # ... the comparison not


def test_a_judgment_of_people_in_general_is_not_listed(nlp: Language) -> None:
    text = LEDE_FILLER + (
        "For some, the thought of constant quarrels with a neighbour is exhausting, but not "
        "for Mayor Delia Ruiz.\n"
    )
    assert "exhausting" not in _listed(nlp, text)


def test_a_word_inside_what_someone_feels_is_not_the_outlets(nlp: Language) -> None:
    text = LEDE_FILLER + "Mayor Delia Ruiz disputed that residents feel betrayed by the plan.\n"
    assert "betrayed" not in _listed(nlp, text)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        (
            "Brackenford mayor Helen Marwood suffered a humiliating defeat on Tuesday.\n",
            "humiliating",
        ),
        (LEDE_FILLER + "But the interaction was harmless.\n", "harmless"),
        (LEDE_FILLER + "Councillor Ada Penn defiantly tore up the notice.\n", "defiantly"),
        (
            LEDE_FILLER + "The senator gave an excruciatingly awkward interview on Sunday.\n",
            "awkward",
        ),
        (LEDE_FILLER + "The mayor reportedly met the developers twice.\n", "reportedly"),
        # a "with" phrase tells how the actor did what they did
        (
            LEDE_FILLER + "Mayor Delia Ruiz started to answer, but Councillor Tom Pell cut in "
            "with a sarcastic remark.\n",
            "sarcastic",
        ),
        # a rated participle the parse takes for a noun before a noun
        (
            LEDE_FILLER + "Senator Tom Pell delivered a mocking riff on the harbour plan.\n",
            "mocking",
        ),
    ],
)
def test_evaluative_words_in_the_outlets_narration_are_listed(
    nlp: Language, text: str, word: str
) -> None:
    assert any(word in listed for listed in _listed(nlp, text))


def test_scare_quotes_inside_the_outlets_noun_phrase_are_listed(nlp: Language) -> None:
    distanced = (
        LEDE_FILLER + "Marwood\u2019s \u2018legacy\u2019 sports centre had split the town.\n"
    )
    assert "legacy" in _listed(nlp, distanced)
    # what critics called someone is their label, quoted, not the outlet's doubt
    label = LEDE_FILLER + (
        "Back in 2021 Mayor Ida Roe was branded \u2018a desperate attention-seeker\u2019 after the "
        "gala.\n"
    )
    assert not [m for m in _marks(nlp, label) if m.voice == "scare" and is_listed(m)]


def test_a_word_marked_after_a_distancing_label_is_listed(nlp: Language) -> None:
    distanced = LEDE_FILLER + (
        "The councillor grabbed the self-identified \u201cstudent\u201d by the wrist on the pier.\n"
    )
    assert "student" in _listed(nlp, distanced)
    # a mark right after a plain adjective is no such label
    plain = LEDE_FILLER + "The councillor met the young \u201cstudent\u201d by the pier.\n"
    assert "student" not in _listed(nlp, plain)


def test_a_hand_made_mark_is_listed() -> None:
    """Marks made without the analysis (score 0) are listed: only a negative score doubts,
    and a word in a reported account is never listed."""
    assert is_listed(ToneMark(0, 8, "harmless", "positive", "own"))
    assert not is_listed(ToneMark(0, 3, "icy", "negative", "own", score=-0.9))
    assert is_listed(ToneMark(0, 7, "banter", "positive", "quoted"))
    assert not is_listed(ToneMark(0, 7, "banter", "positive", "quoted", score=-0.9))
    assert not is_listed(ToneMark(0, 7, "angrily", "negative", "reported", speaker="Pell"))


def test_a_word_in_a_reported_account_is_found_but_never_listed(nlp: Language) -> None:
    # "erroneously" is the outlet's word about the mayor's claim; the press office only
    # denies a point, so its account does not hold the word
    outside = LEDE_FILLER + (
        "Last week, Mayor Ida Roe dismissed the auditors\u2019 report, erroneously claiming the "
        "letters didn\u2019t represent \u201call the auditors,\u201d a point the county press "
        "office denied.\n"
    )
    marks = [m for m in _marks(nlp, outside) if m.text == "erroneously"]
    assert marks and not [m for m in marks if m.voice == "reported" and is_listed(m)]
    # whether "angrily" is Pell's word or the outlet's rendering of Pell's account cannot be
    # told: the analysis keeps it as Pell's account, the comparison does not list it
    inside = LEDE_FILLER + (
        "According to Pell, the mayor then angrily shoved the clerk before storming off.\n"
    )
    (angrily,) = [m for m in _marks(nlp, inside) if m.text == "angrily"]
    assert (angrily.voice, angrily.speaker, is_listed(angrily)) == ("reported", "Pell", False)
    believed = LEDE_FILLER + "Critics say Ohio is a winnable prize for the party.\n"
    assert not [m for m in _marks(nlp, believed) if is_listed(m)]


def test_a_judging_verb_of_the_accounts_own_speaker_is_the_outlets(nlp: Language) -> None:
    # the extractor's account runs over the verb, but "blasted" is the outlet's word for how
    # Penn spoke, not part of what she says
    text = LEDE_FILLER + (
        "Councillor Ada Penn blasted the harbour plan for its cost, "
        "\u201cSo much for thrift,\u201d she said.\n"
    )
    marks = [m for m in _marks(nlp, text) if m.text == "blasted"]
    assert [(m.voice, is_listed(m)) for m in marks] == [("own", True)]


def test_an_adverb_of_the_accounts_own_verb_of_saying_is_the_outlets(nlp: Language) -> None:
    # the account runs over "claiming", but "erroneously" is the outlet's word for how truly
    # Pell spoke, not part of what he claims
    text = LEDE_FILLER + (
        "Last week, Senator Tom Pell dismissed the critique, erroneously claiming the letters "
        "did not represent the church.\n"
    )
    marks = [m for m in _marks(nlp, text) if m.text == "erroneously"]
    assert [(m.voice, is_listed(m)) for m in marks] == [("own", True)]


@pytest.mark.parametrize(
    ("text", "word"),
    [
        # a superlative ranks someone among others
        (
            LEDE_FILLER + "Mayor Delia Ruiz, one of the council\u2019s most enthusiastic users "
            "of social media, said her account was hacked.\n",
            "enthusiastic",
        ),
        # an everyday adjective with a degree adverb tells a state
        (LEDE_FILLER + "Shop owners on Quarry Lane were especially worried.\n", "worried"),
        # an adjective set off after a noun: the parse hangs it on "process", not on Republicans
        (
            LEDE_FILLER + "And on Friday, the mayor began a robust process of selling the levy to "
            "Republicans -- skeptical, as they are, about any new tax.\n",
            "skeptical",
        ),
    ],
)
def test_ranks_states_and_detached_adjectives_are_found_but_not_listed(
    nlp: Language, text: str, word: str
) -> None:
    marks = [m for m in _marks(nlp, text) if word in m.text]
    assert marks and not [m for m in marks if is_listed(m)]


def test_a_degree_adverb_on_a_marked_adjective_is_listed(nlp: Language) -> None:
    text = LEDE_FILLER + "The neighbours got pretty agitated with the builders.\n"
    assert "pretty agitated" in _listed(nlp, text)


def test_a_place_described_by_be_is_no_actor(nlp: Language) -> None:
    # "Ohio is a winnable enterprise" describes the place; nobody there did anything
    text = LEDE_FILLER + (
        "Her comments resonated among voters who share the skepticism that Ohio is a winnable "
        "enterprise.\n"
    )
    assert not [m for m in _marks(nlp, text) if "winnable" in m.text and is_listed(m)]


def test_a_quote_is_not_listed_as_a_person_its_own_clause_names_later(nlp: Language) -> None:
    # "He" cannot be Ruiz in "He called Ruiz's critics ...": whoever spoke, it is not Ruiz
    text = (
        "Mayor Tom Ruiz defended the levy on Friday.\n"
        "He called Ruiz\u2019s critics \u201cutterly irresponsible.\u201d\n"
    )
    marks = [m for m in _marks(nlp, text) if m.voice == "quoted"]
    assert marks and not [m for m in marks if is_listed(m)]
    named = LEDE_FILLER + (
        "Senator Tom Arle defended the levy on Friday.\n"
        "He called Ruiz\u2019s plan \u201cutterly irresponsible.\u201d\n"
    )
    assert [m.speaker for m in _marks(nlp, named) if m.voice == "quoted" and is_listed(m)] == [
        "Tom Arle"
    ]


def test_nothing_is_listed_as_own_in_a_paragraph_whose_marks_do_not_pair(nlp: Language) -> None:
    # the last paragraph of a blog post quoted at length: it closes a quotation it never
    # opened, so its words may be the blogger's, not the outlet's
    text = LEDE_FILLER + (
        "Will it be a big story? Probably not, but apparently being ready for awkward "
        "questions is the next phase of media training in Marlow.\u201d\n"
    )
    marks = [m for m in _marks(nlp, text) if m.text == "apparently"]
    assert marks and not [m for m in marks if is_listed(m)]
    balanced = text.replace("\u201d", "")
    assert "apparently" in _listed(nlp, balanced)


@pytest.mark.parametrize(
    ("sentence", "word", "polarity"),
    [
        ("Senator Dana Holt ripped the harbour board for the delay.", "ripped", "negative"),
        ("Councillor Ada Penn lashed out at the developers.", "lashed out", "negative"),
        # self-promotion, judged as "boast" is, whatever is promoted
        ("Mayor Delia Ruiz touted the new pier on Friday.", "touted", "negative"),
        # an infinitive speaks for the subject of the verb it completes
        ("Councillor Ada Penn seemed to taunt the mayor at the meeting.", "taunt", "negative"),
        # ... and so does an infinitive of purpose
        ("Ada Penn took to Facebook to blast her older sister.", "blast", "negative"),
    ],
)
def test_a_verb_of_saying_that_judges_the_speech_is_listed(
    nlp: Language, sentence: str, word: str, polarity: str
) -> None:
    marks = [m for m in _marks(nlp, LEDE_FILLER + sentence + "\n") if m.text == word]
    marks = [m for m in marks if is_listed(m)]
    assert [(m.voice, m.polarity) for m in marks] == [("own", polarity)]


@pytest.mark.parametrize(
    "text",
    [
        # a thing, not a person or group, does it: the literal sense
        LEDE_FILLER + "A gas blast ripped through the harbour office on Friday.\n",
        # the verb without its particle is literal
        LEDE_FILLER + "The crew lashed the boat to the pier before the storm.\n",
        # a plain verb of evaluation reports the speaker's judgment, not the outlet's
        LEDE_FILLER + "Councillor Ada Penn criticized the harbour plan on Friday.\n",
    ],
)
def test_a_verb_of_saying_is_listed_only_when_it_judges_a_persons_speech(
    nlp: Language, text: str
) -> None:
    assert not [m for m in _marks(nlp, text) if m.voice == "own" and is_listed(m)]


@pytest.mark.parametrize(
    ("text", "word"),
    [
        # the force of a stance the verb already names, reported with the claim
        (
            LEDE_FILLER + "Mayor Ida Roe emphatically denied that she met the developers.\n",
            "emphatically",
        ),
        # an act done to nothing: how it went, a description
        (LEDE_FILLER + "Councillor Tom Pell belatedly resigned.\n", "belatedly"),
    ],
)
def test_an_adverb_of_manner_that_only_describes_is_found_but_not_listed(
    nlp: Language, text: str, word: str
) -> None:
    marks = _marks(nlp, text)
    assert [m for m in marks if word in m.text]
    assert not [m for m in marks if word in m.text and is_listed(m)]


@pytest.mark.parametrize(
    ("text", "word"),
    [
        # on the neutral "said", the adverb is the outlet's characterisation
        (
            LEDE_FILLER + "Councillor Tom Pell facetiously said that the mayor could sell the "
            "pier to himself.\n",
            "facetiously",
        ),
        # how the actor treated someone
        (LEDE_FILLER + "Councillor Tom Pell bluntly accused the mayor of lying.\n", "bluntly"),
    ],
)
def test_an_adverb_of_manner_that_judges_is_listed(nlp: Language, text: str, word: str) -> None:
    assert any(word in listed for listed in _listed(nlp, text))


def test_a_quote_whose_verb_the_parse_joined_to_another_subject_is_not_listed(
    nlp: Language,
) -> None:
    """ "after a survey in Marlow said she ...": the verb after the noun is the survey's, not
    the mayor's, though the parse joins it to "sought"; whose words they are is not known."""
    misjoined = LEDE_FILLER + (
        "Mayor Ida Roe sought to clarify her position after a survey in Marlow said she "
        '"supports the levy and aggressively promotes the harbour plan."\n'
    )
    assert not [m for m in _marks(nlp, misjoined) if m.voice == "quoted" and is_listed(m)]
    joined = LEDE_FILLER + (
        'Mayor Ida Roe met the board and said that Councillor Tom Pell was "utterly reckless."\n'
    )
    assert [m for m in _marks(nlp, joined) if m.voice == "quoted" and is_listed(m)]


@pytest.mark.parametrize(
    ("text", "word"),
    [
        # an unrated, uncommon adjective on what the actor did (their act, owned)
        (
            LEDE_FILLER + "Councillor Tom Pell defended his combative style on Friday.\n",
            "combative",
        ),
        # on the thing the actor made (the object of the actor's verb)
        (
            LEDE_FILLER + "Senator Ada Penn issued a brash reply to the harbour board.\n",
            "brash",
        ),
    ],
)
def test_an_uncommon_adjective_on_an_actors_act_is_listed(
    nlp: Language, text: str, word: str
) -> None:
    assert any(word in listed for listed in _listed(nlp, text))


@pytest.mark.parametrize(
    ("text", "word"),
    [
        # said of the person: a state or a class as often as a judgment
        (LEDE_FILLER + "A tearful Tom Pell faced the cameras outside the pier.\n", "tearful"),
        # an everyday unrated adjective on the act
        (LEDE_FILLER + "Councillor Tom Pell defended his new style on Friday.\n", "new"),
        # an adjective that sorts into kinds: no noun of its quality ("technocraticness")
        (
            LEDE_FILLER + "Councillor Tom Pell defended his technocratic style on Friday.\n",
            "technocratic",
        ),
    ],
)
def test_an_unrated_adjective_on_the_person_or_plain_is_not_listed(
    nlp: Language, text: str, word: str
) -> None:
    assert not any(word in listed for listed in _listed(nlp, text))
