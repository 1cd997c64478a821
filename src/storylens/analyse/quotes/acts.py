"""What kind of act an attribution reports: speech, thought, intention or evidence.

Attribution in news covers more than speech. "She thought she would never try it again" and
"he believes Britain should leave" report a belief; "the company wants to own the network"
an intention; "the chart shows a decline" and "studies pointed to health risks" what a
document or a body of evidence says. All of them are attributions (PolNeAR annotates beliefs
too), but only the first kind is someone's words: what a fact-checker means by "who said
what". So every quote gets an ``act``, and the comparison and the views show speech.

The act is read from two things a reporter's sentence makes explicit:

- the cue: a verb or noun of believing, knowing or feeling makes a thought; of wanting,
  planning or trying an intention (the lemma lists below, by the verbs' meaning, not by any
  data set's frequencies);
- the cue's shape: a refusal ("declined to comment", "refused to release his returns") says
  what a source will not do, and an offer of a thing ("offered a program", "offers loans to
  parents") what it gives: both intentions, not words, unless the thing offered is words
  ("offered his congratulations", "offered some advice");
- the cue's object: results a company reports ("reported a profit of $4 million") are a
  figure from its accounts, evidence;
- the source: a document, a measurement, a study or a market ("futures pointed to a higher
  open", "the Kospi warned") is no speaker. When the source's head noun names one ("the
  report", "a poll", "court records", "the chart", "bond yields"), the act is evidence,
  whatever the cue: "the report says" reports what is written, not what anyone said.

Everything else is speech, the default, because most attributions in news are.
"""

from __future__ import annotations

from storylens.analyse.quotes.cues import DOCUMENT_NOUNS, PEOPLE_NOUNS, SPEECH_NOUNS
from storylens.analyse.quotes.speakers import PERSON_ROLE_SUFFIXES, THING_NOUNS
from storylens.records import QuoteAct

# Verbs (by lemma) of believing, knowing, perceiving and feeling: their content is what a
# source holds true, not what they said. "learn" is the reporter's own knowledge ("The Post
# has learned"). Verbs that are mostly spoken in news ("reckon", "guess", "wonder", "agree")
# are left to speech.
THOUGHT_VERBS: frozenset[str] = frozenset(
    """
    believe think feel fear know worry doubt suspect consider assume understand learn
    realize realise suppose imagine expect presume sense trust recognize recognise
    """.split()  # noqa: SIM905 - a word list reads better as text
)

# Verbs of wanting, planning and trying: their content is a goal, not a statement.
INTENTION_VERBS: frozenset[str] = frozenset(
    """
    want plan intend aim seek wish hope decide try prefer aspire mean attempt desire
    """.split()  # noqa: SIM905 - a word list reads better as text
)

# Verbs by which data and findings, not people, report ("the figures show", "a review found",
# "the survey indicates"): with a source that is no person, organisation or anonymous source,
# evidence.
EVIDENCE_VERBS: frozenset[str] = frozenset(
    """
    show indicate demonstrate prove find reveal suggest confirm
    """.split()  # noqa: SIM905 - a word list reads better as text
)

# Refusals: their content is what the source will not do, and a refusal to speak
# ("declined to comment", "refused to say whether") reports that nothing was said. PolNeAR
# annotates them as attributions, so they stay quotes, of a kind that is no speech.
REFUSAL_VERBS: frozenset[str] = frozenset({"decline", "refuse"})
# Verbs whose noun object is a thing given ("offered a program", "offering Kasich the second
# spot"): an intention, unless the thing is words or a view (``SPOKEN_OBJECT_NOUNS``).
GIVING_VERBS: frozenset[str] = frozenset({"offer"})
# Verbs by which a company gives its results ("reported a profit of $4 million", "posted a
# loss", "recorded a 12 percent rise in sales"), and the results they give: a figure from the
# accounts, evidence, not a statement ("Police reported three arrests" stays speech).
RESULT_VERBS: frozenset[str] = frozenset({"report", "post", "record", "announce"})
RESULT_NOUNS: frozenset[str] = frozenset(
    """
    profit loss revenue earnings sale income deficit surplus gain growth rise drop fall
    decline increase decrease turnover margin dividend
    """.split()  # noqa: SIM905 - a word list reads better as text
)

# Markets, indices and prices as sources ("Futures pointed to a higher open", "Bond yields
# signalled ...", "the Kospi warned of further losses"): a measure moving, no one speaking,
# so evidence. Common nouns by their singular; names of indices, currencies and commodities
# as themselves. "Dow" and "Nasdaq" are also companies that speak ("Dow said it would cut
# jobs"): the index is "the Dow" (``MARKET_NAMES_WITH_THE``).
MARKET_NOUNS: frozenset[str] = frozenset(
    """
    market future share stock index indices yield bond price benchmark currency commodity
    """.split()  # noqa: SIM905 - a word list reads better as text
)
MARKET_NAMES: frozenset[str] = frozenset(
    """
    dollar euro yen yuan pound rupee ruble rouble lira peso franc bitcoin oil gold crude
    """.split()  # noqa: SIM905 - a word list reads better as text
)
# Names of stock indices: never a person, whatever the recogniser makes of them.
INDEX_NAMES: frozenset[str] = frozenset(
    "kospi nikkei seng ftse dax cac sensex nifty tsx asx stoxx topix".split()  # noqa: SIM905
)
MARKET_NAMES_WITH_THE: frozenset[str] = frozenset({"dow", "nasdaq"})

# Nouns that head a cue of the same two kinds: "her belief that", "their plan to".
THOUGHT_NOUNS: frozenset[str] = frozenset(
    """
    belief view opinion fear concern feeling sense assumption suspicion expectation
    understanding impression conviction worry doubt
    """.split()  # noqa: SIM905 - a word list reads better as text
)
INTENTION_NOUNS: frozenset[str] = frozenset(
    """
    plan intention aim goal desire wish bid intent hope ambition
    """.split()  # noqa: SIM905 - a word list reads better as text
)


# Things offered that are words or a view ("offered his congratulations", "offered some
# pointed advice", "offering their assessments"): the offer is speech.
SPOKEN_OBJECT_NOUNS: frozenset[str] = (
    SPEECH_NOUNS
    | THOUGHT_NOUNS
    | frozenset(
        """
        advice assessment thought congratulation condolence apology explanation praise
        criticism critique account defense defence rebuttal excuse reason prayer sympathy
        thanks tribute insight perspective analysis reassurance guidance word idea
        suggestion proposal endorsement testimony observation prediction detail
        description evaluation counterargument commentary
        """.split()  # noqa: SIM905 - a word list reads better as text
    )
)


def quote_act(
    cue_lemma: str | None,
    source_head: str | None,
    source_type: str | None = None,
    cue_object: str | None = None,
    reports_words: bool = False,
    source_mention: str | None = None,
) -> QuoteAct:
    """The act of an attribution from its cue's lemma and its source's head noun.

    ``cue_lemma`` is the lemma of the cue's head word ("think", "plan", "say"; None for a
    direct quote with no cue); ``source_head`` is the head noun of the source mention ("chart",
    "studies", "Smith"; None when there is no source); ``source_type`` is what the source
    resolved to (``person``, ``organization``, ``anonymous``, ``unknown``); ``cue_object`` is
    the lemma of the cue's noun object ("program" in "offered a program"), when it has one;
    ``reports_words`` says the content holds a report of words of its own ("refuses to
    discuss it, aside from saying he wants ..."), which makes a refusal or an offer speech;
    ``source_mention`` is the source's words ("the Dow"), when known.
    """
    if source_head is not None and _singular(source_head.lower()) in DOCUMENT_NOUNS:
        return "evidence"
    if source_head is not None and _is_market(source_head, source_mention, source_type):
        return "evidence"  # "Futures pointed to a higher open": a measure, not a speaker
    if cue_lemma is None:
        return "speech"
    lemma = cue_lemma.lower()
    spoken_text = source_head is not None and _singular(source_head.lower()) in SPEECH_NOUNS
    if (
        lemma in EVIDENCE_VERBS
        and (
            source_type not in ("person", "organization")
            or (spoken_text and source_type == "person")
        )
        and not (source_head is not None and _names_people(source_head))
    ):
        # "the numbers show", "a review found": no one is speaking. A person, a body or an
        # unnamed source ("officials confirmed") that confirms or reveals something is; a
        # person's words are not ("Hale's remarks suggested regret": the remarks show it).
        return "evidence"
    if (
        lemma in RESULT_VERBS
        and cue_object is not None
        and _singular(cue_object.lower()) in RESULT_NOUNS
    ):
        return "evidence"  # "reported a profit of $4 million": the accounts, not words
    if lemma in REFUSAL_VERBS and not reports_words:
        return "intention"  # "declined to comment": what the source will not do
    if (
        lemma in GIVING_VERBS
        and not reports_words
        and cue_object is not None
        and _singular(cue_object.lower()) not in SPOKEN_OBJECT_NOUNS
        and cue_object.lower() not in SPOKEN_OBJECT_NOUNS
    ):
        return "intention"  # "offered a program": a thing given, not words
    if lemma in THOUGHT_VERBS or lemma in THOUGHT_NOUNS:
        return "thought"
    if lemma in INTENTION_VERBS or lemma in INTENTION_NOUNS:
        return "intention"
    return "speech"


def _is_market(head: str, mention: str | None, source_type: str | None) -> bool:
    """ "Futures", "bond yields", "the Kospi", "the dollar", "the Dow": a market or a price.
    A person is none ("Renee Gold said", "Harry Bond, 30, said"), unless an index's name was
    taken for one."""
    word = head.lower()
    if word in INDEX_NAMES:
        return True
    if source_type == "person":
        return False
    if word in MARKET_NOUNS or _singular(word) in MARKET_NOUNS or word in MARKET_NAMES:
        return True
    return word in MARKET_NAMES_WITH_THE and (mention or "").lower().startswith("the ")


def _names_people(noun: str) -> bool:
    """ "officials", "a spokesman", "the inspector": a noun for people, who speak."""
    word = _singular(noun.lower())
    return (
        word in PEOPLE_NOUNS
        or noun.lower() in PEOPLE_NOUNS
        or (word.endswith(PERSON_ROLE_SUFFIXES) and word not in THING_NOUNS)
    )


def _singular(noun: str) -> str:
    """ "studies" -> "study", "records" -> "record": enough for the nouns above."""
    if noun.endswith("ies") and len(noun) > 4:
        return noun[:-3] + "y"
    if noun.endswith("ses") or noun.endswith("xes"):
        return noun[:-2]
    if noun.endswith("s") and not noun.endswith("ss") and len(noun) > 3:
        return noun[:-1]
    return noun
