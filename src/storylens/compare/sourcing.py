"""Sourcing profile: whom each article and each outlet quotes, by kind of source, and which
speakers other outlets quote that it leaves out.

Only words inside quotation marks are counted as a source's words (a mixed quote's marked
phrase, not the reporter's clause around it), so a long anonymous account weighs more than a
one-word named quote, and narration about a person ("Scoop, who taunted Baldwin ...") weighs
nothing; reported speech whose speaker is named inside its own content is that narration, and
does not make the person a source. Reported speech without marks is tallied beside, as
reported. Speech the extractor found no speaker for is not counted: graded against the
articles, such quotes were mostly a named speaker's words whose attribution the extractor
missed (a statement introduced on the line before, a quote inside another), so a count of
"unattributed" quotes would tell a reader more about the extractor than about the outlet;
but speech whose sentence opens with a person's name as the subject of a speech verb before
the words ("Larry Summers ... just told reporters that failure to pass the deal announced by
the president 'would significantly increase the risk'", the extractor reading "announced" as
the cue) is that person's. A
kind of source with no words inside marks has no row: no row reads "0 words".

An unnamed speaker is an anonymous source when described by access or by a role ("a source
close to", "officials", "one firefighter"); described as people of the public ("protesters",
"some parents", "a woman") they are unnamed people giving reactions, counted apart.

A profile lists the speakers whose words it quotes inside marks, named or described; one
whose words it only paraphrases is tallied as reported in the row of their kind, not listed:
"quotes" then means quotes, and a paraphrase the extractor misread (an act told as speech,
"X blasted the plan") names no one.

A speaker described by a definite role ("the new mayor") in an article that names people is
one of them, called by role after being named (a source kept anonymous is described by access
instead: "the insider", "a source"); so is one named in apposition right after the
description ("his wife, Denise, said"), and a "he" or "she" left unresolved is a person.

Speech that reports nothing is no source: a report under a negated or refused cue
("investigators have not said what ..."), a request or refusal ("declined to comment", "asked
not to be named"), a passive cue whose subject is told, not telling ("staff had been told to
..."), the thing a passive cue's agent acted on ("The video, which was posted on YouTube by
DCCameraGuy"). A speaker named inside another speaker's words ("Nandakumar said that divers had
confirmed ...") is no source either: the words are the teller's account, counted as the
teller's where the article quotes the teller by name or describes an anonymous source.

Names are listed only where the text and the parse support them: a name reached only through
a pronoun is listed when the story names that speaker outright somewhere (a restaurant, a
street or the subject of the story the resolver reached through "he" is no source; the words
still count, as a person's); a name the recogniser reads as part of a longer organisation or
place at the mention ("the Port Alder Fire Department") is that organisation; a name it reads
as a place (LOC, FAC) more often than as a person or organisation is no source; a document
speaking for its owner ("the club's statement") is listed as its owner. A publication (an
outlet by its look, or a name the story calls a magazine, a newspaper, a web site or a blog)
is no source at all: its words are its reporting, which the lineage credits; someone
described at one ("a blogger on the Web site X") is that unnamed person. A count of people
("Close to three dozen House Democrats") and where words appeared ("On Twitter") name no one.
An unnamed description whose marked words a named person of the article says in marks too
is that person (a lead's "senior officials" for the adviser it goes on to quote); one
described again ("the former official" after "a former prosecutor") is one source. An outlet
never leaves out itself, and is said to leave out only a speaker it never names at all (one
it names may well be quoted in words the extractor did not give them, so saying less is
surer) and whose quoted words it does not print with no one named.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Literal

from storylens.analyse.quotes.cues import (
    ANONYMOUS_NOUNS,
    DOCUMENT_NOUNS,
    FEMALE_FIRST_NAMES,
    KIN_NOUNS,
    MALE_FIRST_NAMES,
    PEOPLE_NOUNS,
    PERSON_NOUNS,
    PERSONAL_PRONOUNS,
    ROLE_NOUNS,
    SPEECH_NOUNS,
    SPEECH_VERBS,
    TITLES,
)
from storylens.analyse.quotes.speakers import (
    MENTION_PREPOSITIONS,
    ORGANIZATION_NOUNS,
    PERSON_ROLE_SUFFIXES,
    THING_NOUNS,
)
from storylens.compare.credits import MAX_CODE_CHARS, own_names
from storylens.compare.quotes import marked_phrases
from storylens.compare.variants import joint_names
from storylens.compare.words import MISSPELT_EDITS, fold, is_stop_word, misspelt, words
from storylens.ingest.outlet_names import (
    NAME_PATTERN,
    is_domain_name,
    looks_like_outlet,
    outlet_key,
)
from storylens.people import nicknamed
from storylens.records import (
    Entity,
    Quote,
    SourceCount,
    SourceType,
    SourcingProfile,
    StoryMember,
)

# An unnamed speaker is an anonymous *source* when described by access or role ("the
# insider", "a source close to", "officials"); described only as one of the public or of an
# audience ("one person", "a second", "many", "fans", "viewers"), they are unnamed people
# giving reactions, which no outlet leans on for facts; nor is a voice on the air (an ad's
# announcer, a film's narrator: "an unseen announcer concludes"), who performs words rather
# than gives them. The quantifiers, ordinals and audience nouns below are closed classes of
# English, not a list tuned to any text.
PUBLIC_WORDS = frozenset(
    """
    one another other others some many few several most all both someone somebody anyone
    person people individual individuals second third fourth fifth sixth seventh eighth
    ninth tenth last latter former commenter commenters user users follower followers fan fans
    blogger bloggers
    viewer viewers reader readers listener listeners onlooker onlookers bystander bystanders
    passerby passersby member members public crowd audience reporter reporters interviewer
    announcer announcers narrator narrators presenter presenters
    """.split()  # noqa: SIM905 - a word list reads better as text
)

# Nouns for a written or broadcast text (beside the document and speech nouns the quote
# extractor knows): an unnamed "speaker" described by one ("that cable", "the headline",
# "this ad", "a voice-over at the end of the ad") is a text, whose words are no anonymous
# source's.
TEXT_NOUNS = frozenset(
    """
    cable memo email e-mail note article headline column editorial ad advert advertisement
    cover page site website book essay op-ed excerpt term caption banner flyer leaflet
    obituary story resolution apology speech testimony voice-over voiceover narration
    """.split()  # noqa: SIM905 - a word list reads better as text
)
# Nouns for the text of a law or a rule ("the statute reads", "the provision says"): a text,
# not the words of whoever wrote or passed it. A closed class, beside the document nouns.
LEGAL_TEXT_NOUNS = frozenset(
    """
    statute act amendment provision clause section article ordinance regulation rule
    constitution charter code text wording language
    """.split()  # noqa: SIM905 - a word list reads better as text
)

# Nouns for a member of a party, which news style uses to refer back to a politician named
# before ("the Ohio Republican said"): a closed class, capitalised as names are.
PARTY_MEMBER_NOUNS = frozenset(
    {"republican", "democrat", "independent", "conservative", "liberal", "tory", "socialist"}
)
# Head nouns that describe an unnamed speaker by access or role, as anonymous sources are
# described: the quote extractor's anonymous and role nouns, and the nouns of closeness that
# sit beside "friend" and "confidant" there.
ACCESS_NOUNS = (
    ANONYMOUS_NOUNS
    | ROLE_NOUNS
    | frozenset({"ally", "allies", "associate", "associates", "colleague", "colleagues"})
)
# The head nouns by which news style describes an anonymous source it paraphrases.
ANONYMOUS_SOURCE_NOUNS = frozenset(
    """
    source official aide insider spokesperson spokesman spokeswoman adviser advisor staffer
    """.split()  # noqa: SIM905 - a word list reads better as text
)
# Sources of access or closeness, as against one person's role ("her doctor"): "her aides",
# "his adviser", "her confidant" stay anonymous sources.
CLOSENESS_NOUNS = ANONYMOUS_NOUNS | ANONYMOUS_SOURCE_NOUNS | (ACCESS_NOUNS - ROLE_NOUNS)
# Endings of a noun for one person by what they do ("firefighter", "manager", "activist").
ROLE_SUFFIXES = ("er", "or", "ist", "ian", "ant")
# Endings of a compound noun for a person ("the cameraman", "the chairwoman").
PERSON_COMPOUND_ENDINGS = ("man", "woman", "person")
# Head nouns of an institution that speaks as an organisation does ("the zoo said", "the
# conference said"), beside the quote extractor's organisation nouns: a definite description
# by one is the organisation the article named, not a person and not a thing. A closed class
# of English nouns for institutions.
INSTITUTION_NOUNS = ORGANIZATION_NOUNS | frozenset(
    """
    zoo club museum school college academy hospital clinic church diocese conference league
    federation alliance city county state town village district council senate congress
    parliament assembly legislature cabinet embassy ministry regime authority charity trust
    fund service army navy force prison jail library studio airline network festival guild
    society chamber
    """.split()  # noqa: SIM905 - a word list reads better as text
)
# Kinds of quote that are someone's speech (scare quotes and titles are not).
SPEECH_KINDS = frozenset({"direct", "indirect", "mixed", "nested"})
# Words that, just before a speech verb, make it report nothing: a negation ("have not
# said", "wouldn't say", "never said") or a refusal ("declined to say"). Closed classes.
NEGATING_WORDS = frozenset({"not", "never", "no", "declined", "refused", "declines", "refuses"})
# How many words before the cue a negation still governs it ("has not yet publicly said").
NEGATION_REACH_WORDS = 3
# Forms of "be" just before a speech verb that is no "-ing" form: a passive ("staff had been
# told to ..."), whose subject is told, not telling.
BE_FORMS = frozenset({"be", "been", "being", "is", "are", "was", "were"})
# A reported clause opening with an infinitive reports a request or a refusal ("declined
# to comment", "asked not to be named", "asked drivers to send in footage"), not a claim.
INFINITIVE_OPENINGS = (("to",), ("not", "to"))
# The word that opens a reported or subordinate clause: a speaker right after it ("said
# that divers had confirmed", "told the paper that staff had complained") is the subject of
# someone's account, not a source the outlet quotes.
COMPLEMENTIZER = "that"
# How far back to read for that word: one word and its spacing.
CLAUSE_LOOKBACK_CHARS = 12
# The forms of a speech verb that end a sentence's subject ("County engineer Priya
# Nandakumar said ..."): the lemma, "-s", "-d", "-ed", and the irregular past tenses.
SPEECH_VERB_FORMS = frozenset(
    form for lemma in SPEECH_VERBS for form in (lemma, lemma + "s", lemma + "d", lemma + "ed")
) | frozenset({"said", "told", "wrote", "spoke", "swore", "says"})
# Where a sentence ends, for the subject of the sentence a quote stands in.
SENTENCE_ENDS = (". ", "! ", "? ", "\n")


def _sentence_opening(text: str, position: int) -> int:
    """Where the sentence holding ``position`` starts (``SENTENCE_ENDS`` before it)."""
    return max(text.rfind(end, 0, position) for end in SENTENCE_ENDS) + 1


def _sentence_end_mark(text: str, position: int) -> int | None:
    """Where the first sentence end from ``position`` on stands, None at the text's end."""
    return min((at for end in SENTENCE_ENDS if (at := text.find(end, position)) >= 0), default=None)


# What describes an unnamed speaker by access right after the mention, where the parse left
# it out of the mention ("people who know both of them", "two people briefed on the talks"),
# up to the next comma, stop or quotation mark.
ACCESS_AFTER_MENTION = re.compile(
    r"""\s+(?:(?:who|that)\s+(?:(?:have|had)\s+)?(?:know|knew|known|worked|work
    |(?:are|were|is|was)\s+(?:familiar|close|briefed|involved|knowledgeable))
    |(?:who|that)\s+(?:spoke|speak)\s+on\s+(?:the\s+)?condition\s+of\s+anonymity
    |familiar\s+with|close\s+to|briefed\s+on|with\s+(?:direct\s+)?knowledge\s+of
    |involved\s+in)\b[^,.;:“”"]{0,80}""",
    re.VERBOSE,
)
# An outlet telling what its unnamed sources gave it: "Fox News has learned", "CNN is told".
_OUTLET_LEARNED = re.compile(
    rf"(?P<name>{NAME_PATTERN})\s+(?P<cue>(?:has|have|had)\s+(?:also\s+)?learned"
    rf"|(?:is|was|were|has\s+been|had\s+been)\s+(?:also\s+)?told)\b(?!\s+(?:by|to)\b)"
)
# How such sources are described in the sourcing table.
UNNAMED_SOURCES = "unnamed sources"
# A name as a title or an apposition gives it: two or three capitalised words, each a word
# of its own (no capital at a sentence start is taken across a full stop).
NAME_RUN = r"[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){1,2}"
# A sentence that opens with a name as the subject of a verb: the name, an apposition
# between commas ("Ann Roe, the council's chief,"), up to two words ("just", "also told"),
# then the verb.
SUBJECT_SPEAKS = re.compile(
    rf"(?P<name>{NAME_RUN})(?:,\s+[^,;:“”\"]{{1,120}},)?\s+(?P<verb>(?:[a-z]+\s+){{0,2}}[a-z]+)\b"
)
# Given names, by which a capitalised subject is told for a person's name.
FIRST_NAMES = frozenset(MALE_FIRST_NAMES) | frozenset(FEMALE_FIRST_NAMES)
# Fewer words than this name no one surely ("Smith" may be a firm, a street or a word).
MIN_NAME_WORDS = 2
# Possessive determiners that make a role description definite ("her lawyer").
POSSESSIVES = frozenset({"his", "her", "their", "its"})
# A name in apposition right after a described speaker ("his wife, Denise, said"): one to
# four capitalised words between commas (a given name alone up to "Dr. Ana M. de Souza").
APPOSED_NAME = re.compile(r",\s+((?:[A-Z][\w'’.-]*\s+){0,3}[A-Z][\w'’.-]*),")
# Words that stand before a name and are no name (titles, ranks): a speaker named by one of
# them alone ("Sgt") is the name after it, or no one. Closed classes of English.
TITLE_WORDS = TITLES | frozenset(
    """
    sgt lt capt cpl col maj det insp supt cmdr sergeant lieutenant captain corporal colonel
    major detective inspector superintendent commander officer deputy trooper chief
    """.split()  # noqa: SIM905 - a word list reads better as text
)
# The name right after such a title: two or three capitalised words ("Sgt. Lisa Ortiz").
TITLED_NAME = re.compile(r"\.?\s+((?:[A-Z][\w'’-]+\s+){1,2}[A-Z][\w'’-]+)")
# Entity labels of a place that does not speak ("Tanner Lane", "the Royal Park"); a GPE may
# ("China said", a government), so it is not among them.
PLACE_LABELS = frozenset({"LOC", "FAC"})
# Prepositions no name opens with: a "speaker" opening with one is where words appeared
# ("On Twitter, the senators wrote ..."). A closed class.
NAME_BREAKING_PREPOSITIONS = frozenset(
    "on in at by from with via to into onto after before during".split()  # noqa: SIM905
)
# Pronouns a speaker's name may be reached through besides "he" and "she".
GROUP_PRONOUNS = frozenset({"they", "it", "we"})
# Entity labels of a longer name a speaker's name may be cut from ("the Port Alder Fire
# Department" read as the speaker "Port Alder").
WHOLE_NAME_LABELS = frozenset({"ORG", "FAC", "GPE", "LOC"})
# How far before a relative pronoun its antecedent's name is looked for ("the Port Alder
# Fire Department, which said"): a long name and a comma.
ANTECEDENT_REACH_CHARS = 80
# Pronouns that open a relative clause: a speaker mention of one alone stands for its
# antecedent, the words that describe the speaker.
RELATIVE_PRONOUNS = frozenset({"that", "which", "who", "whom", "whose", "what"})
# The article that refers back to someone already introduced: "the new mayor", "the actor".
DEFINITE_ARTICLE = "the"
# Words that open a count of people, not a name: numbers in words and quantifiers
# ("three dozen", "close to", "some", "about"). Closed classes of English.
QUANTITY_WORDS = frozenset(
    """
    one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty
    hundred hundreds dozen dozens several some many most few about around nearly almost close
    more fewer over under roughly
    """.split()  # noqa: SIM905 - a word list reads better as text
)
# Titles of the clergy that stand before a name as a rank does ("Bishop Daniel Jenky",
# "Father Thomas Reese"): the recogniser may read such a name as an organisation's.
CLERICAL_TITLES = frozenset(
    "bishop archbishop cardinal father pastor rabbi imam reverend monsignor".split()  # noqa: SIM905
)
# Nouns for a publication, by which an article says that a name is one ("the Web site
# Freedom's Lighthouse", "Newsweek magazine"): a publication credited for words is another
# outlet's reporting, never a source an outlet quotes by name (as ``looks_like_outlet``).
PUBLICATION_NOUNS = r"(?i:web\s+site|website|blog|magazine|newspaper|tabloid|newsletter)"
# A name as a publication noun gives it: capitalised words, possessives kept, a full stop
# only inside a word ("Breitbart.com"), so that the name never runs on past a sentence's end
# into the next sentence's first word ("... the website Breitbart.com. The"), but for a
# name's own abbreviations ("St. Louis Post-Dispatch", "U.S. News & World Report").
_NAME_WORD = r"(?:(?:St|Mt|Ft)\.|(?:[A-Z]\.){2,}|[A-Z](?:[\w'’-]|\.(?=\w))*)"
PUBLICATION_NAME = rf"{_NAME_WORD}(?:\s+{_NAME_WORD}){{0,3}}"
PUBLICATION_NAMED = (
    re.compile(
        rf"\b(?i:the|a|an)\s+(?:[a-z][\w-]*\s+){{0,2}}{PUBLICATION_NOUNS}\s+({PUBLICATION_NAME})"
    ),
    # not a possessive: "John Smith's website" is his, not a publication called John Smith
    re.compile(rf"({PUBLICATION_NAME})(?<!['’]s)\s+{PUBLICATION_NOUNS}\b"),
)
# Articles whose printed words and publications are kept: each article is read for its own
# profile and its outlet's, and a comparison holds at most MAX_COMPARED_ARTICLES (100).
PRINTED_CACHE_ARTICLES = 256
# Someone described by their place at a publication right before its name ("A blogger on
# the Web site Freedom's Lighthouse said"): the parse may make the name the speaker, but the
# one who speaks is the person described, whom the article does not name.
# How far back from a speaker such a description is looked for: its eight words at most are
# far shorter, and a search from the text's start cost a third of a page's sourcing.
DESCRIPTION_REACH_CHARS = 400
DESCRIBED_AT_PUBLICATION = re.compile(
    rf"\b((?i:an?|one)\s+(?:[\w-]+\s+){{0,2}}[\w-]+\s+(?:on|at|for|from|with|of)\s+"
    rf"(?i:the)\s+(?:[\w-]+\s+){{0,2}}{PUBLICATION_NOUNS})\s+\Z"
)
# Words that tell one unnamed source from another described alike ("the other official",
# "a second source"): a description holding one is of someone new. A closed class.
ANOTHER_WORDS = frozenset(
    "other another second third fourth fifth new different latter".split()  # noqa: SIM905
)
# Role and cue words whose compiled patterns are kept (a closed class in practice: the
# words of speech cues, and the role nouns speakers are described by).
PATTERNS_CACHED = 1024
# Fewer marked words than this may recur in two speakers' quotes by chance ("the risk").
ON_RECORD_MIN_WORDS = 3
# A text said to be from someone ("a letter from Representative Ann Roe", "a statement by
# Mayor Jo Lee"): its noun, then the name of its author, titles kept to read them off after.
AUTHOR_NAME = r"((?:[A-Z][\w'’.-]*\s+)+[A-Z][\w'’-]*)"
AUTHORED = r"\b{noun}s?\s+(?:(?:written|signed|sent)\s+)?(?:from|by)\s+" + AUTHOR_NAME
# An apposition after the author's name ("Representative Ann Roe, Democrat of Vermont,"):
# a few words between commas.
AUTHOR_APPOSITION = r"(?:,\s+[^,.;:“”\"]{1,60},)?"
# Nouns for an audience or a following: people of the public however they are described
# ("his adoring fans", "Fox viewers"), never sources granted anonymity, though the quote
# stage, naming no one, calls them anonymous speakers.
AUDIENCE_NOUNS = frozenset(
    """
    fan fans follower followers viewer viewers reader readers listener listeners onlooker
    onlookers bystander bystanders passerby passersby crowd crowds audience audiences
    """.split()  # noqa: SIM905 - a word list reads better as text
)
# Pronouns that say whose a person is ("her doctor", "his lawyer").
POSSESSIVE_PRONOUNS = frozenset({"his", "her", "their"})
# Nouns that say only a speaker's sex or age: "the woman", "the teenager". A definite role
# ("the new mayor") refers back to a person the article named; "the woman" is how a report
# goes on to call someone it never names ("a college student in Seattle ... The woman told the
# Daily News"), one of the unnamed people.
BARE_PERSON_NOUNS = frozenset(
    {"man", "woman", "boy", "girl", "child", "kid", "teen", "teenager", "guy", "lady"}
    | {"gentleman", "adult", "youth"}
)
# A spokesperson described only by whom they speak for ("a Google spokesperson", "a
# spokesman for the Democratic National Committee") gives that organisation's statement on
# the record: its words are the organisation's, not an anonymous source's. A fresh reader
# of a BASIL event marked fox's "51% anonymous" inflated by two companies' spokespeople.
SPOKES_NOUNS = frozenset(
    {"spokesperson", "spokesman", "spokeswoman", "spokespeople", "spokesmen", "spokeswomen"}
)
_SOURCE_TYPES: tuple[SourceType, ...] = (
    "person",
    "organization",
    "anonymous",
    "unnamed",
)


def source_type(
    speaker_type: str, mention: str | None, names_people: bool = False
) -> SourceType | None:
    """The kind of source a quote's speaker is, or None where no speaker was found.
    ``names_people``: the article names people, so a definite role description ("the new
    mayor") refers back to one of them."""
    if speaker_type == "anonymous" and names_people and _refers_back(mention):
        return "person"
    if speaker_type == "anonymous" and mention and is_domain_name(mention.split()[-1]):
        # a website named by the head of the description ("Breitbart's BigGovernment.com
        # reported ..."): an organisation, not an unnamed person
        return "organization"
    if speaker_type == "anonymous" and _speaks_for_someone_named(mention):
        return "organization"
    if speaker_type == "anonymous":
        # The role nouns describe the speaker; a capitalised word after the first names
        # their affiliation ("an Extra reporter", "a Downing Street source"), not their role.
        described = [
            fold(w)
            for i, w in enumerate(words(mention or ""))
            if not (i and w[:1].isupper()) and (not is_stop_word(w) or fold(w) in PUBLIC_WORDS)
        ]
        if described and all(w in PUBLIC_WORDS for w in described):
            return "unnamed"
        if _someones_own(mention):
            return "unnamed"
        return "anonymous" if _by_access_or_role(mention) else "unnamed"
    if speaker_type in ("person", "organization"):
        return speaker_type  # type: ignore[return-value]
    return None


def _speaks_for_someone_named(mention: str | None) -> bool:
    """Whether an unnamed speaker is a spokesperson described by whom they speak for, a
    name in the description ("a Microsoft spokesperson", "a spokesman for Grassley")."""
    if _head(mention) not in SPOKES_NOUNS:
        return False
    return any(
        w[:1].isupper() and not is_stop_word(w) and fold(w) not in SPOKES_NOUNS
        for w in words(mention or "")
    )


def _singulars(noun: str) -> set[str]:
    """A folded noun and the singulars it may be the plural of ("allies" -> "ally",
    "businesses" -> "business")."""
    forms = {noun}
    if noun.endswith("s") and not noun.endswith("ss"):
        forms.add(noun[:-1])
        if noun.endswith("es"):
            forms.add(noun[:-2])
        if noun.endswith("ies"):
            forms.add(noun[:-3] + "y")
    return forms


def _someones_own(mention: str | None) -> bool:
    """Whether an unnamed speaker is one person known by whose they are ("her doctor", "his
    lawyer", "their accountant"): an identified person the article does not name in that
    sentence, not a source granted anonymity (a fresh reader of a BASIL event marked "her
    doctor said" counted as anonymous wrong; the outlet names the doctor elsewhere). A
    group or a source of access stays anonymous ("his aides", "her confidant")."""
    described = words(mention or "")
    if len(described) != 2 or fold(described[0]) not in POSSESSIVE_PRONOUNS:
        return False
    head = fold(described[1])
    plural = head.endswith("s") and not head.endswith("ss")
    return not plural and head not in CLOSENESS_NOUNS and _person_noun(head)


def _by_access_or_role(mention: str | None) -> bool:
    """Whether an unnamed speaker is described by access or by a role, as an anonymous
    source is ("a source", "officials", "aides", "one firefighter", "a longtime ally"), not
    as people of the public ("protesters", "some parents", "campaigners", "a woman"): a head
    noun of access or role, or one person described by what they do ("-er", "-ist" ...)."""
    head = _head(mention)
    plural = head.endswith("s") and not head.endswith("ss")
    if head in AUDIENCE_NOUNS:
        return False  # "Mr. Trump's adoring fans reply, 'Mexico!'": a crowd, described
    if not head or head in ACCESS_NOUNS or (plural and head[:-1] in ACCESS_NOUNS):
        return True
    if head in PUBLIC_WORDS or head in BARE_PERSON_NOUNS:
        return False  # "a conservative blogger", "a teenager": the public, described
    return not plural and head.endswith(ROLE_SUFFIXES) and head not in KIN_NOUNS


def describes_a_person(mention: str | None) -> bool:
    """Whether an unnamed speaker's description may be of a person: not when its head noun
    names a text or a document ("that cable", "The missive", "this ad", "a handwritten
    note"). The head is the last word before the first function word after a content word
    ("a source close to the couple" -> "source")."""
    # the head, and the head after a possessive ("Steele's most recent comments")
    heads = {_head(mention), _head(_owned(mention or "")[1])} - {""}
    if not heads:
        return True  # nothing to judge by: "an unnamed source"
    texts = TEXT_NOUNS | DOCUMENT_NOUNS | SPEECH_NOUNS
    return not any(_singulars(head) & texts for head in heads)


def _head(mention: str | None) -> str:
    """A description's head noun, folded: the last word before the first function word
    after a content word ("a source close to the couple" -> "source"); "" for none."""
    return fold(_head_word(mention))


def _head_word(mention: str | None) -> str:
    """``_head`` as written (its case kept)."""
    head: list[str] = []
    for word in words(mention or ""):
        ends = is_stop_word(word) or fold(word) in MENTION_PREPOSITIONS  # "close to"
        if head and ends and not is_stop_word(head[-1]):
            break
        head.append(word)
    return head[-1] if head and not is_stop_word(head[-1]) else ""


def _message_of_an_organization(quote: Quote) -> bool:
    """Whether an organisation speaks through a message the mention names ("A terse response
    from the GOP only said: 'No collusion.'", "a statement from the council"): the mention's
    head is a text or a speech, and the speaker the quote stage found is an organisation's
    name (a fresh reader of BASIL event 53 found the GOP missing from hpo's organisations)."""
    mention = quote.speaker_mention
    if not mention or not quote.speaker or describes_a_person(mention):
        return False
    return names_an_organization(quote.speaker)


def names_an_organization(mention: str | None) -> bool:
    """Whether an organisation speaker's mention names one: a capitalised head ("Newsweek",
    "House Democrats") or an organisation noun ("the company", "the council"), not a thing
    the extractor took for a speaker ("the war in Afghanistan", "the tax deal")."""
    head = _head_word(mention)
    if not head:
        return True  # nothing to judge by
    folded = fold(head)
    singular = folded[:-1] if folded.endswith("s") and not folded.endswith("ss") else folded
    return head[:1].isupper() or bool({folded, singular} & INSTITUTION_NOUNS)


def speaker_name(speaker: str, mention: str | None) -> str:
    """A speaker's name as a source list shows it: a mention the extractor ran across a line
    break ("Benghazi cable" + new line + "Republicans") names what follows the break."""
    if mention and "\n" in mention.strip():
        after = mention.strip().rsplit("\n", 1)[1].strip()
        if after:
            return after
    return speaker


def _merged_speakers(speakers: Counter[str]) -> tuple[str, ...]:
    """The speakers, most quoted first, a short name ("Clinton") counted with the one full
    name it is part of ("Hillary Rodham Clinton"). A short name two full names share ("Cheney"
    beside "Liz Cheney" and "Mary Cheney") is not listed: which of them it is the parse does
    not say, and each is listed already (the words still count in the row of their kind)."""
    merged: Counter[str] = Counter()
    for name, count in speakers.items():
        own = {fold(w) for w in words(name)}
        fuller = [
            other for other in speakers if other != name and own < {fold(w) for w in words(other)}
        ]
        if len(fuller) < 2:
            merged[fuller[0] if fuller else name] += count
    # one name spelt two ways in the outlet's articles ("Cowen", "Cowmen"): listed once,
    # as it is spelt more often (first listed where as often)
    kept: Counter[str] = Counter()
    for name, count in merged.most_common():
        same = next((other for other in kept if _spelt_otherwise(name, other)), None)
        kept[same or name] += count
    # one person named in two forms ("Tim Murray", "Timothy Murray"): under the fullest
    person = _one_form_per_person(kept)
    people: Counter[str] = Counter()
    for name, count in kept.most_common():
        people[person[name]] += count
    return tuple(name for name, _ in people.most_common())


# Words after a surname that are no part of it ("Joseph R. Biden Jr."). A closed class.
NAME_SUFFIXES = frozenset({"jr", "sr", "ii", "iii", "iv"})


def _person_parts(name: str) -> tuple[tuple[str, ...], str] | None:
    """A person's name as (given names, surname), folded, titles and ranks before it and a
    suffix after it left out ("Lt. Gov. Timothy P. Murray" -> (("timothy", "p"), "murray"),
    "Mr. Murray" -> ((), "murray")); None for what is no person's name by its look (a word
    not capitalised, "the White House")."""
    own = words(name)
    if not own or not all(w[:1].isupper() for w in own):
        return None
    folded = [re.sub(r"['’]s?$", "", fold(w)) for w in own]
    while len(folded) > 1 and folded[-1] in NAME_SUFFIXES:
        folded.pop()
    titled = 0
    while titled < len(folded) - 1 and folded[titled] in TITLE_WORDS:
        titled += 1
    return tuple(folded[titled:-1]), folded[-1]


def _given_names_agree(mine: tuple[str, ...], theirs: tuple[str, ...]) -> bool:
    """Whether two persons' given names may be one person's: the first given names equal,
    one the other's start ("Tim", "Timothy") or its initial ("T", "Timothy"), or one a
    nickname of the other or both of one name ("Dick", "Richard"; ``nicknames``, a
    hand-curated table of English given names); a middle name or initial one form leaves
    out is no difference ("Timothy P. Murray", "Tim Murray")."""
    short, full = sorted((mine[0], theirs[0]), key=len)
    if full.startswith(short) and (len(short) == 1 or len(short) >= MIN_GIVEN_PREFIX):
        return True
    return nicknamed(short, full)


# Letters a shortened given name keeps at least ("Ed" for "Edward", "Tim" for "Timothy").
MIN_GIVEN_PREFIX = 2


def _fullness(name: str, part: tuple[tuple[str, ...], str]) -> tuple[int, int, int, str]:
    """How a person's name sorts, fullest first: more given names, a longer first given
    name ("Timothy" before "Tim"), then a name with no title before it."""
    return (-len(part[0]), -len(part[0][0]), len(words(name)) - len(part[0]) - 1, name)


def _one_form_per_person(names: Iterable[str]) -> dict[str, str]:
    """Each name -> the form a person's names are listed under: names with one surname whose
    given names agree (``_given_names_agree``) are one person, under the fullest form
    ("Timothy Murray" for "Tim Murray"); a surname under a title ("Mr. Murray") is the one
    person of that surname, where there is one. A form that could be either of two people
    ("T. Murray" beside "Tim" and "Tom Murray"; "Mr. Kennedy" beside two Kennedys) is left
    as it is, and people with one surname and other given names ("Ted", "Joe Kennedy") are
    never merged."""
    names = list(names)
    found = {name: name for name in names}
    parts = {name: part for name in names if (part := _person_parts(name)) is not None}
    people: list[list[str]] = []  # the forms of each person found, the fullest first
    for name in sorted(
        (n for n, part in parts.items() if part[0]), key=lambda n: _fullness(n, parts[n])
    ):
        given, surname = parts[name]
        fits = [
            forms
            for forms in people
            if all(
                parts[form][1] == surname and _given_names_agree(given, parts[form][0])
                for form in forms
            )
        ]
        if len(fits) == 1:
            fits[0].append(name)
        elif not fits:
            people.append([name])
    for name, (given, surname) in parts.items():
        if not given and len(words(name)) > 1:  # "Mr. Murray", not "Murray"
            fits = [forms for forms in people if parts[forms[0]][1] == surname]
            if len(fits) == 1:
                fits[0].append(name)
    for forms in people:
        for form in forms:
            found[form] = forms[0]
    return found


def _spelt_otherwise(name: str, other: str) -> bool:
    """Whether two names are one name spelt two ways: the same words but for the last,
    which is a letter apart ("Mo Cowen", "Mo Cowan")."""
    own, theirs = _name_words(name), _name_words(other)
    return (
        len(own) == len(theirs)
        and own[:-1] == theirs[:-1]
        and own[-1] != theirs[-1]
        and misspelt(own[-1], theirs[-1])
    )


def _refers_back(mention: str | None) -> bool:
    """A definite description by role, not by access: "the new mayor", "the Ohio senator",
    "the California Democrat" (a person named before, called by state and party), not "the
    insider" or "the Downing Street source". A capitalised head other than a party member's
    ("the Times") may be an organisation, so it does not refer back, but for an office's
    title ("the President", "the Secretary of State"): one person holds it, whom the
    article names."""
    described = words(mention or "")
    if len(described) < 2 or fold(described[0]) != DEFINITE_ARTICLE:
        return False
    title = _head_word(mention)
    if title[:1].isupper() and fold(title) in ROLE_NOUNS | TITLES:
        return fold(title) not in ANONYMOUS_NOUNS  # "the Spokesman" is one of access
    head = fold(described[-1])
    if described[-1][:1].isupper() and head not in PARTY_MEMBER_NOUNS:
        return False
    if head in ANONYMOUS_NOUNS | PUBLIC_WORDS | ORGANIZATION_NOUNS | BARE_PERSON_NOUNS:
        return False
    # one person, called by what they are: a plural ("the scholars", "the bishops") is a
    # group the article does not name, and a thing ("the tax deal") is no one
    return _person_noun(head)


def _one_of_institutions(mention: str | None) -> bool:
    """Whether a description picks one out of institutions ("One of the nation's largest and
    oldest civil rights groups", "one of the unions"): an organisation, described. Its head
    is the plural after "of", the last word before any preposition."""
    described = words(mention or "")
    if len(described) < 3 or fold(described[1]) != "of":
        return False
    if fold(described[0]) not in QUANTITY_WORDS | {"each", "either", "neither"}:
        return False
    rest = [fold(w) for w in described[2:]]
    cut = next((i for i, w in enumerate(rest) if w in NAME_BREAKING_PREPOSITIONS), len(rest))
    head = rest[cut - 1] if cut else ""
    return bool((_singulars(head) - {head}) & INSTITUTION_NOUNS)


def _institution_named(head: str, text: str) -> bool:
    """Whether ``text`` names an institution by a name that ends in the plural head of a
    description ("the bishops" for "the U.S. Conference of Catholic Bishops", "the
    pilots" for "the Guild of Harbour Pilots"): its members, described as a group, are
    the institution speaking."""
    if not head.endswith("s") or len(words(head)) != 1:
        return False
    pattern = rf"((?:[A-Z][\w.'’-]*\s+(?:(?:of|for)\s+(?:the\s+)?)?)+){re.escape(head.title())}\b"
    return any(
        {fold(w) for w in words(found.group(1))} & INSTITUTION_NOUNS
        for found in re.finditer(pattern, text)
    )


def _person_noun(noun: str) -> bool:
    """Whether a folded singular noun is one for a person: a role, a title, kin, a party
    member or a person by what they are ("the senator", "the actor", "the bishop")."""
    people = ROLE_NOUNS | PERSON_NOUNS | PEOPLE_NOUNS | PARTY_MEMBER_NOUNS
    return (
        noun in people
        or noun.endswith(PERSON_COMPOUND_ENDINGS)
        or (noun.endswith(PERSON_ROLE_SUFFIXES) and noun not in THING_NOUNS)
    )


def _referred_back_as(
    mention: str | None, text: str = "", before: int | None = None
) -> Literal["organization", "none"] | None:
    """What an unnamed speaker's definite description refers back to: an institution ("the
    zoo", "the conference") is the organisation the article named, and so is a group whose
    institution the article named before ``before`` ("the bishops" after "the Conference of
    Catholic Bishops"); a thing ("the tax deal", "the vote") is no source ("none"), since the
    parse made it a speaker but no one is described. None for any other description: one of
    access or of the public ("the insider", "the crowd"), a person or a group ("the
    lawmakers"), a name ("the Times") or an indefinite one."""
    described = words(mention or "")
    if len(described) < 2 or fold(described[0]) != DEFINITE_ARTICLE:
        return None
    head = _head_word(mention)
    if not head or head[:1].isupper():
        return None
    forms = _singulars(fold(head))
    if forms & INSTITUTION_NOUNS or _institution_named(head, text[:before]):
        return "organization"
    kinds = ACCESS_NOUNS | PUBLIC_WORDS
    if any(form in kinds or _person_noun(form) or form.endswith(ROLE_SUFFIXES) for form in forms):
        return None
    return "none"


def quoted_word_count(quote: Quote) -> int:
    """How many of a quote's words stand inside quotation marks: all of a direct quote's
    (its text is its marked runs), a mixed quote's marked phrase, none of reported speech."""
    if quote.kind == "indirect":
        return 0
    if quote.kind == "mixed":
        return sum(len(words(phrase)) for phrase in marked_phrases(quote.text))
    return len(words(quote.text))


def _narration(quote: Quote) -> bool:
    """Reported speech whose speaker is named inside what it is said to report ("Jon Pell,
    who taunted the mayor, ..."): the outlet's narration about a person, not their words."""
    return (
        quote.kind == "indirect"
        and quote.speaker_start is not None
        and quote.start <= quote.speaker_start < quote.end
    )


def _request_or_refusal(quote: Quote) -> bool:
    """Reported words that open with an infinitive: "declined to comment", "asked not to be
    named", "asked drivers to send in footage" report no claim."""
    if quote.kind not in ("indirect", "mixed"):
        return False
    opening = tuple(fold(w) for w in words(quote.text)[:2])
    return any(opening[: len(form)] == form for form in INFINITIVE_OPENINGS)


def _cue_says_nothing(quote: Quote, text: str) -> bool:
    """The words between a speaker named before their words and the words themselves hold
    the cue under a negation or a refusal ("Investigators have not said what ...") or as a
    passive ("staff had been told to ...")."""
    if not text or not quote.cue or quote.speaker_end is None:
        return False
    if quote.speaker_end > quote.start:
        return False  # the speaker follows the words: "..., he said"
    between = [fold(w) for w in words(text[quote.speaker_end : quote.start])]
    cue = fold(words(quote.cue)[-1]) if words(quote.cue) else ""
    if cue not in between:
        return False
    at = len(between) - 1 - between[::-1].index(cue)
    before = between[max(0, at - NEGATION_REACH_WORDS) : at]
    if any(w in NEGATING_WORDS or w.endswith("n't") for w in before):
        return True
    return bool(before) and before[-1] in BE_FORMS and not cue.endswith("ing")


def _passive_agent(quote: Quote, text: str) -> bool:
    """Reported "words" that stand before a passive cue whose agent is the speaker ("The
    video, which was posted on YouTube by DCCameraGuy", "The phrase quoted by Carney"): the
    thing acted on, no report of what anyone said."""
    if quote.kind != "indirect" or quote.speaker_start is None or not text:
        return False
    if quote.end > quote.speaker_start:
        return False
    before = text[max(0, quote.speaker_start - CLAUSE_LOOKBACK_CHARS) : quote.speaker_start]
    return re.search(r"\bby\s+(?:the\s+)?[\"“]?\Z", before) is not None


def _inside_other_quote(quote: Quote, quotes: Sequence[Quote]) -> bool:
    """A speaker named inside another speaker's quoted or reported words: those words are
    the other speaker's account, counted as theirs. A quote the extractor already marks as
    nested is counted as such."""
    at = quote.speaker_start
    if at is None or quote.kind == "nested":
        return False
    return any(
        other is not quote
        and other.kind in SPEECH_KINDS
        and other.speaker != quote.speaker
        and any(start <= at < end for start, end in other.spans)
        for other in quotes
    )


def _clause_opening(quote: Quote, text: str) -> int | None:
    """Where the "that" stands that opens the clause the speaker is the subject of ("said
    that divers had confirmed"), or None."""
    at = quote.speaker_start
    if at is None or quote.kind == "nested" or not text:
        return None
    before = text[max(0, at - CLAUSE_LOOKBACK_CHARS) : at]
    found = re.search(r"\b(\w+)\s+\Z", before)
    if found is None or fold(found.group(1)) != COMPLEMENTIZER:
        return None
    return at - len(before) + found.start(1)


def _teller(quote: Quote, quotes: Sequence[Quote], text: str, that: int) -> Quote | None:
    """A speaker inside someone's account ("County engineer Priya Nandakumar said that
    divers had confirmed ..."), whose own clause the extractor missed: the quote as the
    teller's, where the sentence's subject before its speech verb is a speaker the article
    quotes by name, or an anonymous source ("A source close to the inquiry said ... that
    staff ..."); None (a second-hand speaker, no source) otherwise."""
    opening = _sentence_opening(text, that)
    subject: list[str] = []
    for word in words(text[opening:that]):
        if fold(word) in SPEECH_VERB_FORMS:
            break
        subject.append(word)
    else:
        return None  # no speech verb: the outlet's own clause, or a belief
    own = tuple(fold(w) for w in subject)
    for other in quotes:
        named = other.speaker if other.speaker_type == "person" else None
        if named and other is not quote and _holds(own, _name_words(named)):
            return replace(quote, speaker=named, speaker_type="person")
    described = " ".join(subject)
    if _head(described) in ANONYMOUS_NOUNS:
        return replace(
            quote, speaker=described, speaker_mention=described, speaker_type="anonymous"
        )
    return None


@lru_cache(maxsize=PATTERNS_CACHED)
def _role_patterns(role_word: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A role's title pattern ("spokeswoman Stephanie Gray") and apposition pattern ("a
    spokeswoman, Stephanie Gray,"), compiled once per role word: the ``re`` module's own
    cache holds 512 patterns, and an analysis run turns over more than that."""
    role = re.escape(role_word)
    # An apposition names a whole name and is set off: the name is no tail of a longer one
    # ("the Council on Foreign Relations"), and the role ends the apposition (a comma, the
    # sentence's end). "... at the Council on Foreign Relations, the conservative senator
    # vying for the nomination said" opens a clause on the role: a fresh reader of a BASIL
    # event found "Foreign Relations" listed as a source the outlet quotes.
    whole = r"(?<!\bof\s)(?<!\bon\s)(?<!\bfor\s)(?<!\bthe\s)"
    return (
        re.compile(rf"\b(?i:{role}),?\s+({NAME_RUN})"),
        re.compile(
            rf"{whole}({NAME_RUN}),\s+(?:[\w'’.-]+\s+){{0,5}}{role}\b(?=\s*(?:[,.;:)—–]|$))"
        ),
    )


def _role_named_before(quote: Quote, text: str) -> str | None:
    """The name a definite role description ("the spokeswoman", "her lawyer") gave earlier in
    the article, where the role stood beside a name as a title or an apposition
    ("spokeswoman Stephanie Gray", "a spokeswoman, Stephanie Gray,", "Stephanie Gray, the
    first lady's spokeswoman"), or None. An indefinite one ("a spokesman") is someone not
    named."""
    described = words(quote.speaker_mention or "")
    if len(described) < 2 or quote.speaker_start is None or not text:
        return None
    first = fold(described[0])
    if first != DEFINITE_ARTICLE and first not in POSSESSIVES and not first.endswith("'s"):
        return None
    titled_pattern, apposed_pattern = _role_patterns(described[-1])
    before = text[: quote.speaker_start]
    titled = titled_pattern.findall(before)
    apposed = apposed_pattern.findall(before)
    named = [n for n in (*titled, *apposed) if len(words(n)) >= MIN_NAME_WORDS]
    return named[-1] if named else None


def _named_speaker(quote: Quote, text: str) -> Quote:
    """The quote with its speaker as the article gives them: a described speaker named in
    apposition right after ("Granger Paper's operations director, Ines Calloway, said") is
    that person; an unresolved "he" or "she" is a person, though unnamed."""
    if quote.speaker_type == "anonymous" and text and quote.speaker_end is not None:
        apposed = APPOSED_NAME.match(text, quote.speaker_end)
        if apposed:
            return replace(quote, speaker=apposed.group(1), speaker_type="person")
        named = _role_named_before(quote, text)
        if named:
            return replace(quote, speaker=named, speaker_type="person")
    if quote.speaker_type == "person" and text and quote.speaker_start is not None:
        # Searched only within reach of the speaker: the pattern ends there (at the end
        # position, as at the end of the string), and is tried from each position before it.
        reach = max(0, quote.speaker_start - DESCRIPTION_REACH_CHARS)
        at_publication = DESCRIBED_AT_PUBLICATION.search(text, reach, quote.speaker_start)
        if at_publication:
            described = text[at_publication.start(1) : quote.speaker_end]
            return replace(
                quote, speaker=described, speaker_mention=described, speaker_type="anonymous"
            )
    if quote.speaker_type == "organization" and quote.speaker and _titled_person(quote.speaker):
        return replace(quote, speaker_type="person")
    mention = fold(quote.speaker_mention or "")
    if quote.speaker is None and quote.speaker_type == "unknown" and mention in PERSONAL_PRONOUNS:
        return replace(quote, speaker_type="person")
    if quote.speaker and fold(quote.speaker).rstrip(".") in TITLE_WORDS:
        # "according to Sgt. Lisa Ortiz" cut after the title: the name follows, if anything
        titled = TITLED_NAME.match(text, quote.speaker_end or 0) if text else None
        return replace(quote, speaker=titled.group(1) if titled else None)
    return quote


def _titled_person(name: str) -> bool:
    """A name that opens with a rank or a title and goes on with a name ("Bishop Daniel
    Jenky", "Sen. Ann Roe"): a person's, whatever the recogniser made of it."""
    named = words(name)
    title = fold(named[0]).rstrip(".") if named else ""
    return (
        len(named) > 2
        and title in TITLE_WORDS | CLERICAL_TITLES
        and all(w[:1].isupper() for w in named[1:])
    )


def _on_record(quote: Quote, quotes: Sequence[Quote]) -> Quote:
    """An anonymous source's marked words that a named person of the same article says in
    marks too ("Senior officials are warning that inaction would 'significantly increase
    the risk'" ... "What I said, it would significantly increase the risk," Summers said):
    the lead's description stands for the person it goes on to name."""
    if quote.speaker_type != "anonymous":
        return quote
    phrases = [
        tuple(fold(w) for w in words(p))
        for p in (marked_phrases(quote.text) if quote.kind == "mixed" else [quote.text])
    ]
    phrases = [p for p in phrases if len(p) >= ON_RECORD_MIN_WORDS]
    if not phrases:
        return quote
    for other in quotes:
        if (other.start, other.end) == (quote.start, quote.end):
            continue  # the quote itself, as the extractor gave it
        if other.speaker_type != "person" or not other.speaker:
            continue
        said = tuple(fold(w) for w in words(other.text))
        if all(_holds(said, phrase) for phrase in phrases):
            return replace(quote, speaker=other.speaker, speaker_type="person")
    return quote


def _described_before(quote: Quote, earlier: Sequence[Quote]) -> Quote:
    """A definite description ("the former official", "the manager") of an unnamed source
    the article described before ("A former Justice Department prosecutor", "One Halvorsen
    manager"): that source, under its first description, not a named person referred back
    to. One source is described again by its head noun or by a word of its first
    description."""
    described = words(quote.speaker_mention or "")
    if quote.speaker_type != "anonymous" or len(described) < 2:
        return quote
    if fold(described[0]) != DEFINITE_ARTICLE:
        return quote
    head = _head(quote.speaker_mention)
    # the words between the article and the head ("former"), but no word that tells another
    # one apart ("the other official", "the second source")
    folded = [fold(w) for w in described]
    own = set(folded[1 : folded.index(head)] if head in folded else ()) - ANOTHER_WORDS
    for before in reversed(earlier):
        first = before.speaker_mention or ""
        theirs = {fold(w) for w in words(first)}
        if head and (_singulars(head) & _singulars(_head(first)) or own & theirs):
            return replace(quote, speaker=before.speaker, speaker_mention=first)
    return quote


def _author_named(found: re.Match[str], quotes: Sequence[Quote]) -> str | None:
    """The author a text is said to be from ("Representative Ann Roe" in "a letter from
    Representative Ann Roe"), as a person's name: the name after its titles, where a title
    stood before it or the article quotes that person by name; None otherwise (a name with
    no title may be an organisation's, "a statement from Harbour Trust")."""
    named: list[str] = []
    for token in found.group(1).split():
        named.append(token)
        bare = fold(token.rstrip("."))
        if token.endswith(".") and len(bare) > 1 and bare not in TITLE_WORDS:
            break  # a full stop after a word, not after an initial or a title: a sentence ends
    titled = 0
    while titled < len(named) and fold(named[titled]).rstrip(".") in TITLE_WORDS:
        titled += 1
    name = [token.rstrip(".") if i == len(named) - 1 else token for i, token in enumerate(named)]
    name = name[titled:]
    if len(name) < MIN_NAME_WORDS:
        return None
    own = tuple(fold(w) for w in words(" ".join(name)))
    quoted = any(
        q.speaker_type == "person" and q.speaker and _holds(own, _name_words(q.speaker))
        for q in quotes
    )
    return " ".join(name) if titled or quoted else None


# A text said to be from someone, then the last word, at the end of what it is searched in
# ("a letter from Representative Ann Roe, Democrat of Vermont, calling "): the caller checks
# that the last word is the cue. One pattern for every cue word: compiled per cue word it cost
# 6 ms a word, about 3 ms an article in a 200-article run (issue #22).
AUTHORED_BEFORE_LAST_WORD = re.compile(
    AUTHORED.format(noun=f"(?i:{'|'.join(sorted(SPEECH_NOUNS | DOCUMENT_NOUNS | TEXT_NOUNS))})")
    + AUTHOR_APPOSITION
    + r"\s+(?P<last_word>\S+)\s+\Z"
)


def _authored_before_cue(between: str, cue_word: str) -> re.Match[str] | None:
    """The text said to be from someone that ends right before the cue word, at the end of
    ``between``: the last word is the one run of non-space characters after the apposition,
    so the match is the one a pattern with the cue word in its place would find."""
    found = AUTHORED_BEFORE_LAST_WORD.search(between)
    return found if found and found.group("last_word") == cue_word else None


def _by_author(quote: Quote, quotes: Sequence[Quote], text: str) -> Quote:
    """The quote as the words of the person a text it is read from is said to be from: a
    letter the sentence's subject signed, whose author it names right before the cue
    ("Close to three dozen House Democrats have signed a letter from Representative Ann
    Roe, Democrat of Vermont, calling the plan 'unfair'"), or a text described again ("The
    letter says ...") after the article said whom it is from. A text whose author the
    article does not name stays what it was (no source, or its signers counted unnamed)."""
    if not text or quote.speaker_type == "person":
        return quote
    cue = words(quote.cue or "")
    if cue and quote.speaker_end is not None and quote.speaker_end <= quote.start:
        # the author named between the speaker and the cue, the cue right before the words
        between = text[quote.speaker_end : quote.start]
        found = _authored_before_cue(between, cue[-1])
        author = _author_named(found, quotes) if found else None
        if author:
            return replace(quote, speaker=author, speaker_type="person")
    described = words(quote.speaker_mention or "")
    if (
        quote.speaker_type == "anonymous"
        and quote.speaker_start is not None
        and len(described) == 2
        and fold(described[0]) == DEFINITE_ARTICLE
        and fold(described[1]) in SPEECH_NOUNS | DOCUMENT_NOUNS | TEXT_NOUNS
    ):
        # "The letter says": the last text of that noun the article said was from someone
        pattern = AUTHORED.format(noun=f"(?i:{re.escape(described[1])})")
        earlier = list(re.finditer(pattern, text[: quote.speaker_start]))
        author = _author_named(earlier[-1], quotes) if earlier else None
        if author:
            return replace(quote, speaker=author, speaker_type="person")
    return quote


def _owned(description: str) -> tuple[str, str]:
    """A description split after its possessive ("Mr. Roe's latest apology" -> ("Mr. Roe",
    "latest apology")); ("", description) where no word is a possessive."""
    found = re.search(r"['’]s?\s", description)
    if found is None:
        return "", description
    return description[: found.start()].strip(), description[found.end() :].strip()


def _described(quote: Quote) -> str:
    """What a quote's speaker is described as: its mention, or for a pronoun or a relative
    pronoun the speaker it was resolved to ("They" -> "the mayor's remarks")."""
    mention = quote.speaker_mention or ""
    if fold(mention.strip()) in PERSONAL_PRONOUNS | GROUP_PRONOUNS | RELATIVE_PRONOUNS:
        return quote.speaker or mention
    return mention or quote.speaker or ""


def _a_document(quote: Quote) -> bool:
    """Whether a named or an organisation's quote is a document's words: described by a
    document's or a law's head noun with no owner ("the report found", "the statute
    reads", "it" for "the new code"). A statement or a letter is its author's words, and a
    document someone owns ("the council's report") is theirs, so neither is one."""
    if quote.speaker_type not in ("person", "organization"):
        return False
    owner, rest = _owned(_described(quote))
    head = _head(rest)
    documents = DOCUMENT_NOUNS | TEXT_NOUNS | LEGAL_TEXT_NOUNS
    return not owner and bool(head) and bool(_singulars(head) & documents)


def _before(first: Quote, second: Quote) -> bool:
    """Whether the first quote's speaker is described before the second's."""
    if first.speaker_start is None or second.speaker_start is None:
        return False
    return first.speaker_start < second.speaker_start


def _introduced_by_punctuation(quote: Quote) -> bool:
    """An unnamed "speaker" whose cue is a mark, not a word ("a far cry from the comments
    — 'a war we have to win'"): a dash or a colon after a description sets words beside it,
    and no one is said to speak them."""
    cue = quote.cue or ""
    return quote.speaker_type == "anonymous" and bool(cue) and not any(c.isalpha() for c in cue)


def _subject_named(quote: Quote, text: str) -> Quote:
    """A quote the extractor gave no speaker, whose sentence opens with a person's name as
    the subject of a speech verb before the words ("Larry Summers, the outgoing chairman of
    the council, just told reporters that failure to pass it 'would increase the risk'"):
    that person's. A person's name opens with a given name (``FIRST_NAMES``); another
    capitalised subject may be an organisation's, and stays no one's."""
    if quote.speaker or quote.speaker_type != "unknown" or not text:
        return quote
    opening = _sentence_opening(text, quote.start)
    while opening < quote.start and text[opening] in " \n\t\"“‘'":
        opening += 1
    found = SUBJECT_SPEAKS.match(text, opening, quote.start)
    if not found or not {fold(w) for w in words(found.group("verb"))} & SPEECH_VERB_FORMS:
        return quote
    name = found.group("name")
    if fold(words(name)[0]) not in FIRST_NAMES:
        return quote
    return replace(
        quote,
        speaker=name,
        speaker_mention=name,
        speaker_start=found.start("name"),
        speaker_end=found.end("name"),
        speaker_type="person",
    )


def _as_counted(found: Quote, quotes: Sequence[Quote], text: str) -> Quote | None:
    """The quote with the speaker a profile counts it under, or None where it reports
    nothing. Inside someone's account ("... said that staff had been told to 'keep an eye
    on it'"), the words are the teller's, whatever the inner speaker was told or asked."""
    if _narration(found) or _inside_other_quote(found, quotes):
        return None
    if _introduced_by_punctuation(found):
        return None
    that = _clause_opening(found, text)
    if that is not None:
        return _teller(found, quotes, text, that)
    if _request_or_refusal(found) or _cue_says_nothing(found, text) or _passive_agent(found, text):
        return None
    return _named_speaker(found, text)


def counted_quotes(
    quotes: Sequence[Quote], text: str = ""
) -> Iterator[tuple[Quote, SourceType, int]]:
    """The quotes of one article a sourcing profile counts, each with its kind of source and
    its words inside marks (0: reported speech, counted apart). ``text``, the article's
    text, lets the words around a quote say it reports nothing or names its speaker. The
    evidence of a sourcing row (``storylens.evidence``) reads the same quotes."""
    names_people = any(q.speaker_type == "person" for q in quotes)
    unnamed_before: list[Quote] = []  # unnamed sources described so far, by their mention
    counted: list[tuple[int, int]] = []  # the spans of the quotes counted
    for found in quotes:
        if found.kind not in SPEECH_KINDS or found.act != "speech":
            continue
        quote = _as_counted(_subject_named(found, text), quotes, text)
        if quote is None:
            continue
        quote = _by_author(quote, quotes, text)
        if quote.speaker_type == "anonymous":
            quote = _described_before(quote, [q for q in unnamed_before if _before(q, quote)])
            unnamed_before.append(quote)  # under its first description
            quote = _on_record(quote, quotes)
        if quote.speaker_type == "anonymous" and not describes_a_person(_described(quote)):
            # a document or a text ("the letter", "Mr. Roe's apology", "They" for "the
            # mayor's remarks") is no anonymous source: whose words it carries, the parse
            # does not say surely (the owner's apology may quote a critic)
            continue
        elif _a_document(quote):
            continue  # "the report found", "the statute reads": a text, not its author
        referred = (
            _referred_back_as(quote.speaker_mention, text, quote.speaker_start)
            if quote.speaker_type == "anonymous"
            else None
        )
        if (
            referred is None
            and quote.speaker_type == "anonymous"
            and _one_of_institutions(quote.speaker_mention)
        ):
            referred = "organization"  # "one of the nation's oldest civil rights groups"
        if referred == "none":
            continue  # "the tax deal announced ...": a thing, no source
        if referred == "organization":
            quote = replace(quote, speaker_type="organization")  # "the zoo said"
        if (
            quote.speaker_type == "organization"
            and referred != "organization"  # read from the article already
            and not names_an_organization(quote.speaker_mention or quote.speaker)
            and not _message_of_an_organization(quote)
        ):
            continue  # a thing ("the war in Afghanistan") is no source at all
        if (quote.speaker_type == "organization" and _a_publication(quote.speaker, text)) or (
            quote.speaker_type == "person" and _a_publication_by_every_word(quote.speaker, text)
        ):
            # another outlet's words are its reporting, which the lineage credits ("Politico
            # reports: ..." read as a person is a publication all the same); but what it
            # relays from a source it describes ("CNN reported, citing a source close to
            # ...") is that anonymous source's account, the outlet only its credit
            relayed = _relayed_source(quote, text)
            if relayed is None:
                continue
            quote = relayed
        described = _with_access_after(quote, text)
        quote = described or quote
        relative = _by_relative_pronoun(quote)
        source = source_type(quote.speaker_type, _description(quote), names_people)
        if described is not None and source == "unnamed":
            source = "anonymous"  # people described by their access are sources, not the public
        if relative and source != "anonymous" and quote.speaker_type == "anonymous":
            # a relative pronoun read as a speaker whose antecedent is no source by access
            # or role ("a bizarre episode that is threatening his dream ..."): the extractor
            # misread the clause, and no one is described
            continue
        if source is not None:
            counted.append((quote.start, quote.end))
            yield quote, source, quoted_word_count(quote)
    yield from _outlets_unnamed_sources(text, counted)


def _with_access_after(quote: Quote, text: str) -> Quote | None:
    """An unnamed speaker whose access the words right after the mention describe ("according
    to people who know both of them", "two people briefed on the talks said"): the parse
    leaves the relative clause or participle out of the mention, and "people" alone read as
    the public, so a fresh reader found an outlet's anonymous sourcing counted nowhere. The
    quote with the mention taking the description (up to the next comma or stop, or the cue),
    an anonymous source; None where no such words follow."""
    if quote.speaker_type != "anonymous" or quote.speaker_end is None or not text:
        return None
    found = ACCESS_AFTER_MENTION.match(text, quote.speaker_end)
    if found is None or _by_relative_pronoun(quote):
        return None
    end = found.end()
    if quote.cue and (cue := re.search(rf"\s+{re.escape(quote.cue)}\b", text[found.start() : end])):
        end = found.start() + cue.start()  # "two people briefed on the talks said": not "said"
    described = (quote.speaker_mention or "") + text[quote.speaker_end : end]
    return replace(quote, speaker=described, speaker_mention=described, speaker_end=end)


def _outlets_unnamed_sources(
    text: str, counted: Sequence[tuple[int, int]]
) -> Iterator[tuple[Quote, SourceType, int]]:
    """What an outlet says it learned or was told by sources it does not name ("Fox News has
    learned that ...", "..., CNN is told."): anonymous sourcing as surely as "officials
    said", reported without marks, though no one is named as its speaker for the extractor
    to find (a fresh reader missed three such in one Fox News article). The sentence is the
    reported words; one a counted quote already holds is not counted twice."""
    for found in _OUTLET_LEARNED.finditer(text):
        if not looks_like_outlet(found["name"]):
            continue
        start = _sentence_opening(text, found.start())
        mark = _sentence_end_mark(text, found.end())
        end = mark + 1 if mark is not None else len(text)
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if any(low <= found.start() < high for low, high in counted):
            continue
        yield (
            Quote(
                text=text[start:end].strip(),
                start=start,
                end=end,
                speaker=UNNAMED_SOURCES,
                speaker_mention=UNNAMED_SOURCES,
                speaker_start=None,
                speaker_end=None,
                speaker_type="anonymous",
                cue=found["cue"],
                kind="indirect",
            ),
            "anonymous",
            0,
        )


# -- which names a profile lists -----------------------------------------------------------


# Names whose folded words are kept: a comparison reads the same names' words again and again
# (200 articles: 59,887 reads of 4,624 names; 49 -> 17 ms).
NAME_WORDS_KEPT = 8192


@lru_cache(maxsize=NAME_WORDS_KEPT)
def _name_words(name: str) -> tuple[str, ...]:
    return tuple(fold(w) for w in words(name) if fold(w) != DEFINITE_ARTICLE)


def _holds(whole: tuple[str, ...], part: tuple[str, ...]) -> bool:
    """Whether ``part``'s words stand in a row in ``whole``."""
    return bool(part) and any(
        whole[i : i + len(part)] == part for i in range(len(whole) - len(part) + 1)
    )


def _entity_labels(members: Sequence[StoryMember]) -> dict[tuple[str, ...], Counter[str]]:
    """The labels the recogniser gave each name in the story, by the name's words."""
    labels: dict[tuple[str, ...], Counter[str]] = {}
    for member in members:
        for entity in member.analysed.entities:
            labels.setdefault(_name_words(entity.text), Counter())[entity.label] += 1
    return labels


def _labels_of(name: str, labels: dict[tuple[str, ...], Counter[str]]) -> Counter[str]:
    """The labels of every entity of the story whose words hold the name's words in a row."""
    own = _name_words(name)
    found: Counter[str] = Counter()
    for entity_words, counts in labels.items():
        if own and own[0] in entity_words and _holds(entity_words, own):
            found.update(counts)
    return found


def _whole_name(quote: Quote, text: str, entities: Sequence[Entity]) -> str | None:
    """The organisation or place name the speaker's name was cut from at its mention ("the
    Port Alder Fire Department" for "Port Alder"), or None."""
    if quote.speaker is None or quote.speaker_start is None or quote.speaker_end is None:
        return None
    at = text.find(quote.speaker, quote.speaker_start, quote.speaker_end)
    if at < 0 and _by_relative_pronoun(quote):
        # "the U.S. Conference of Catholic Bishops, which wrote ...": the name stands just
        # before the pronoun the parse made the speaker's mention
        reach = max(0, quote.speaker_start - ANTECEDENT_REACH_CHARS)
        at = text.rfind(quote.speaker, reach, quote.speaker_start)
    if at < 0:
        return None
    end = at + len(quote.speaker)
    wider = [
        e
        for e in entities
        if e.label in WHOLE_NAME_LABELS
        and e.start <= at
        and end <= e.end
        and len(_name_words(e.text)) > len(_name_words(quote.speaker))
    ]
    return wider[0].text if wider else None


def _document_owner(name: str) -> str | None:
    """A speaker that is a text ("the Rowing Club's statement"): its owner ("the Rowing
    Club"), "" for a text with no owner ("the letter"), or None when it is no text. A name
    whose head is no text noun ("Kestrel Logistics") is not a text."""
    if describes_a_person(name):
        return None
    owner = re.split(r"['’]s?\s", name, maxsplit=1)
    return owner[0] if len(owner) == 2 and owner[0].strip() else ""


def _bare_name(name: str) -> tuple[str, ...]:
    """A name's words with no possessive ending ("Freedom's Lighthouse" -> freedom,
    lighthouse), as a speaker's name is cleaned of it."""
    return tuple(re.sub(r"'s?$", "", w) for w in _name_words(name))


@lru_cache(maxsize=PRINTED_CACHE_ARTICLES)
def _publications(text: str) -> frozenset[tuple[str, ...]]:
    """The names an article calls a publication ("the Web site Freedom's Lighthouse",
    "Newsweek magazine"); kept per article, since every organisation quote of it asks."""
    return frozenset(
        {_bare_name(m.group(1)) for pattern in PUBLICATION_NAMED for m in pattern.finditer(text)}
    )


def _a_publication(name: str | None, text: str) -> bool:
    """Whether a speaker's name is an outlet's, by its look ("Reuters", "the Harbor
    Gazette") or because the article calls it a publication ("Newsweek magazine")."""
    if not name:
        return False
    own = _bare_name(name)
    named = _publications(text) if text else frozenset()
    return looks_like_outlet(name) or any(_holds(own, p) or _holds(p, own) for p in named if own)


# The words by which an outlet's report names the source it relays ("CNN reported, citing a
# source close to the mayor"; "Politico, quoting two aides, said"), and the description after
# them: lower case first (a determiner, a number, "unnamed"), so a name is never caught.
RELAYING_WORDS = frozenset({"citing", "quoting", "cited", "quoted"})
RELAYED_SOURCE = re.compile(
    r"\b(?:citing|quoting|(?:that|which|who)\s+(?:cited|quoted))\s+(?P<who>[a-z][^,.;:“”\"()]{2,80})"
)


def _relayed_source(quote: Quote, text: str) -> Quote | None:
    """The quote as the anonymous source an outlet's report relays, where the sentence that
    names the outlet as speaker cites a source by access or role; None otherwise. A clause
    that is itself the citing ("citing a source" read as what CNN said) counts nothing."""
    if not text or quote.speaker_start is None or fold(quote.cue or "") in RELAYING_WORDS:
        return None
    opening = _sentence_opening(text, quote.speaker_start)
    closing = _sentence_end_mark(text, quote.speaker_end or 0)
    if closing is None:
        closing = len(text)
    for found in RELAYED_SOURCE.finditer(text, opening, closing):
        who = found.group("who").strip()
        # a noun of access or role proper ("a source", "two aides"), not one read as a role
        # by its ending alone ("a number", "a poster"), which may be any thing cited
        if describes_a_person(who) and _singulars(_head(who)) & ACCESS_NOUNS:
            start = found.start("who")
            return replace(
                quote,
                speaker=who,
                speaker_mention=who,
                speaker_start=start,
                speaker_end=start + len(who),
                speaker_type="anonymous",
            )
    return None


def _a_publication_by_every_word(name: str | None, text: str) -> bool:
    """Whether a name the recogniser took for a person's is a publication's: each of its
    words names outlets ("Politico", "the Daily Mail"), or the article calls it one. One
    outlet word beside a given name ("Emily Post") is a person's name."""
    named = [w for w in (name or "").split() if fold(w) != DEFINITE_ARTICLE]
    if not named:
        return False
    if all(looks_like_outlet(w) for w in named):
        return True
    own = _bare_name(name or "")
    return bool(text) and any(_holds(own, p) or _holds(p, own) for p in _publications(text))


def _counts_people(name: str) -> bool:
    """Whether a "name" counts people rather than naming a source: it opens with a number or
    a word of quantity ("Close to three dozen House Democrats", "Some 40 Republicans"). Who
    among them said the words, the article seldom says (a letter some of them signed), so
    the words are counted, and no name is listed."""
    opening = fold(words(name)[0]) if words(name) else ""
    return opening[:1].isdigit() or opening in QUANTITY_WORDS


def _a_group_of_people(name: str) -> bool:
    """Whether a name is of a group of people by what its members are ("Senate Democrats",
    "House Republicans", "Catholic Bishops"): its head the plural of a noun for a person
    (not "the Conference of Catholic Bishops", headed by "Conference"). Who among them said
    the words the article seldom says, so no one is named (the words still count, in the
    row of their kind)."""
    last = fold(_head_word(name))
    if len(words(name)) < 2 or not last.endswith("s") or last.endswith("ss"):
        return False
    people = ROLE_NOUNS | PERSON_NOUNS | PARTY_MEMBER_NOUNS
    return bool((_singulars(last) - {last}) & people)


class _StoryNames:
    """What the whole story says of its speakers' names: which are named outright by some
    article, which it calls a publication, and the labels the recogniser gave them."""

    def __init__(self, members: Sequence[StoryMember]) -> None:
        self.labels = _entity_labels(members)
        self.publications: set[tuple[str, ...]] = set()
        for member in members:
            self.publications |= _publications(member.analysed.article.text)
        self.outright: set[tuple[str, ...]] = set()
        for member in members:
            for quote in member.analysed.quotes:
                own = _name_words(quote.speaker or "")
                # by the whole name or by its last word ("Vance" for Lena Vance)
                if own and own[-1] in _name_words(quote.speaker_mention or ""):
                    self.outright.add(own)

    def is_publication(self, name: str) -> bool:
        """Some article of the story calls the name a publication."""
        own = _bare_name(name)
        return bool(own) and any(_holds(own, p) or _holds(p, own) for p in self.publications)

    def is_person(self, name: str, speaker_type: str) -> bool:
        """A person's name that holds an outlet's ("Michael R. Bloomberg"): a person's
        speaker, not every word an outlet's, and read as a person's more often than as an
        organisation's ("the Washington Post" is never a person's)."""
        if speaker_type != "person" or all(looks_like_outlet(w) for w in name.split()):
            return False
        found = _labels_of(name, self.labels)
        return found["PERSON"] > found["ORG"]

    def is_place(self, name: str) -> bool:
        """The recogniser reads the name as a place and never as a person or organisation."""
        found = _labels_of(name, self.labels)
        places = sum(found[label] for label in PLACE_LABELS)
        return places > found["PERSON"] + found["ORG"]

    def supported(self, quote: Quote) -> bool:
        """A name reached through a pronoun only is listed when some article of the story
        names that speaker outright: the resolver may have taken the nearest name, a
        restaurant, a street or the victim the story is about, and even a PERSON label
        cannot tell the speaker from the person spoken of."""
        if fold(quote.speaker_mention or "") not in PERSONAL_PRONOUNS | GROUP_PRONOUNS:
            return True
        return _name_words(quote.speaker or "") in self.outright


# A mention that names a person after an owner's possessive ("Twitter's Adam Sharp").
# A person's name there has two words at least: "the Sheriff's Office" names no person.
_OWNED_NAME = re.compile(r"^(.+?)['’]s\s+((?:[A-Z][\w'’.-]*\s+)+[A-Z][\w'’.-]*)$")


def _as_written(name: str, mention: str | None) -> str:
    """A name the resolver ran together from two names at its mention ("Granger Paper Ines
    Calloway" from "Granger Paper boss Ines Calloway"): the last part that stands in a row
    there, the person's own name. A name standing whole, or not at all, is kept."""
    own = words(name)
    owned = _OWNED_NAME.match(mention or "")
    if (
        owned
        and len(own) > 1
        and tuple(owned.group(2).split()) == own[-len(owned.group(2).split()) :]
    ):
        # "Twitter's Adam Sharp": the resolver ran the owner into the name ("Twitter Adam
        # Sharp"); the person is the name after the possessive
        return owned.group(2)
    written = tuple(fold(w) for w in words(mention or ""))
    folded = tuple(fold(w) for w in own)
    if _holds(written, folded) or not set(folded) <= set(written):
        return name
    authors = joint_names(name)
    if len(authors) > 1 and all(
        _holds(written, tuple(fold(w) for w in words(author))) for author in authors
    ):
        # "Ann Cole (D) and Assistant House Leader Bo Reyes": a joint statement's authors,
        # each named at the mention with a tag or a title between them, not one name
        return name
    for start in range(1, len(own)):
        if _holds(written, folded[start:]):
            return " ".join(own[start:])
    return name


def _listed_name(
    quote: Quote, text: str, entities: Sequence[Entity], names: _StoryNames
) -> str | None:
    """The name a named speaker is listed under, or None where the name is doubtful."""
    if not quote.speaker or not names.supported(quote) or _spoken_of(quote):
        return None
    name = _whole_name(quote, text, entities) or _as_written(
        speaker_name(quote.speaker, quote.speaker_mention), quote.speaker_mention
    )
    owner = _document_owner(name)
    if owner is not None:
        name = owner
    if not name or not _is_a_name(name):
        return None
    if looks_like_outlet(name) and not names.is_person(name, quote.speaker_type):
        return None
    if _counts_people(name) or _a_group_of_people(name) or names.is_publication(name):
        return None
    return None if names.is_place(name) else name


def _spoken_of(quote: Quote) -> bool:
    """Whether a speaker reached through a pronoun is named in the reporter's words of the
    quote itself, as someone spoken of ("He called Steele's comments 'unacceptable'" read
    as Steele's): one does not tell of oneself by name, so the pronoun stands for someone
    else, and the name is not listed from this quote (its words still count). A name that
    a speech verb follows ("Chief executive Ann Roe said that ...") is the speaker's own
    attribution, caught inside the quote."""
    if fold(quote.speaker_mention or "") not in PERSONAL_PRONOUNS or not quote.speaker:
        return False
    own = _name_words(quote.speaker)
    if not own:
        return False
    reporters = quote.text
    if quote.kind == "mixed":
        for phrase in marked_phrases(quote.text):
            reporters = reporters.replace(phrase, " ")
    elif quote.kind != "indirect":
        return False  # a direct quote is all the speaker's words
    said = [fold(w) for w in words(reporters)]
    for at, word in enumerate(said):
        bare = re.sub(r"'s?$", "", word)
        if bare == own[-1] and not set(said[at + 1 : at + 3]) & SPEECH_VERB_FORMS:
            return True
    return False


def _is_a_name(name: str) -> bool:
    """Whether a speaker's name names someone: its head word is capitalised ("the Tea Party
    Coalition", "Ms. Lane"), not a description whose head is a common noun ("the
    organization", "the council's media office", "Weiner's office"), which says what kind of
    source spoke but not who (its words still count in the row of its kind)."""
    named = words(name)
    if named and fold(named[0]) in NAME_BREAKING_PREPOSITIONS:
        return False  # "On Twitter, the senators wrote": a place the words appeared, no one
    head = _head_word(name) or name.split()[-1]
    return head[:1].isupper()


# One counted quote of an article: its kind of source, its words inside marks (0: reported
# speech), the name it is listed under and the anonymous source it is, if either, and its
# runs of words inside marks.
_Counted = tuple[SourceType, int, str | None, str | None, tuple[str, ...]]


def _counted_in(member: StoryMember, names: _StoryNames) -> list[_Counted]:
    """What one article adds to a profile. Read once per article: each article counts in
    its own profile and in its outlet's, and reading its quotes is most of the cost."""
    text = member.analysed.article.text
    found: list[_Counted] = []
    for quote, source, count in counted_quotes(member.analysed.quotes, text):
        listed = anonymous = None
        if source == "anonymous" and (count or _access_head(quote)):
            # an unnamed source is one the outlet relies on whether it quotes or paraphrases
            # ("Campaign aides say ..."); paraphrase alone is read from looser parses, so
            # there the description must be of access or office ("aides", "an official")
            anonymous = (quote.speaker or quote.speaker_mention or "an unnamed source").lower()
        elif not count:
            pass  # paraphrased only: tallied as reported, not listed as quoted
        elif quote.speaker_type in ("person", "organization") and quote.speaker:
            # a role that refers back names no one here
            listed = _listed_name(quote, text, member.analysed.entities, names)
            if listed and _is_outlet(listed, member.outlet, own_names(member)):
                listed = None
        marked = tuple(marked_phrases(quote.text)) if quote.kind == "mixed" else (quote.text,)
        found.append((source, count, listed, anonymous, marked if count else ()))
    return found


def _profile(
    outlet: str, members: Sequence[StoryMember], counted: Sequence[Sequence[_Counted]]
) -> SourcingProfile:
    """The profile of these articles of one outlet, from what each adds (``_counted_in``)."""
    quotes: Counter[SourceType] = Counter()
    reported: Counter[SourceType] = Counter()
    quoted_words: Counter[SourceType] = Counter()
    speakers: Counter[str] = Counter()
    anonymous: dict[str, None] = {}
    for rows in counted:
        for source, count, listed, unnamed, _ in rows:
            if count:
                quotes[source] += 1
                quoted_words[source] += count
            else:
                reported[source] += 1
            if listed:
                speakers[listed] += 1
            elif unnamed is not None and not _refers_to_listed(unnamed, anonymous):
                anonymous[unnamed] = None
    total_words = sum(quoted_words.values())
    return SourcingProfile(
        outlet=outlet,
        article_ids=tuple(member.id for member in members),
        # a kind of source with no quoted words has no row: "0 words" tells a reader nothing;
        # but anonymous sources the outlet only paraphrases are what a reader looks for
        counts=tuple(
            SourceCount(t, quotes[t], quoted_words[t], reported[t])
            for t in _SOURCE_TYPES
            if quoted_words[t] or (t == "anonymous" and reported[t])
        ),
        speakers=_merged_speakers(speakers),
        anonymous=tuple(anonymous),
        anonymous_share=round(quoted_words["anonymous"] / total_words, 3) if total_words else 0.0,
    )


def _by_relative_pronoun(quote: Quote) -> bool:
    """Whether the speaker's mention is a relative pronoun with an antecedent ("sources close
    to the couple who dismissed ...")."""
    return bool(quote.speaker) and fold((quote.speaker_mention or "").strip()) in RELATIVE_PRONOUNS


def _description(quote: Quote) -> str | None:
    """The words that describe a quote's speaker: its mention, or for a relative pronoun
    the antecedent the pronoun stands for."""
    if _by_relative_pronoun(quote):
        return quote.speaker
    return quote.speaker_mention or quote.speaker


def _access_head(quote: Quote) -> bool:
    """Whether a speaker's description has the head noun of news style's anonymous sources
    ("campaign aides", "a senior official", "a source close to"), not a role that a named
    person or an on-record office fills ("lawmakers", "prosecutors", "allies")."""
    head = _head(_description(quote))
    singular = head[:-1] if head.endswith("s") and not head.endswith("ss") else head
    return bool({head, singular} & ANONYMOUS_SOURCE_NOUNS)


def _refers_to_listed(description: str, listed: dict[str, None]) -> bool:
    """Whether a definite description ("the source", "the aide") refers back to an anonymous
    source already listed ("a source close to the talks", "a senior aide"): one source,
    described twice, is listed once."""
    described = words(description)
    if len(described) < 2 or fold(described[0]) != DEFINITE_ARTICLE:
        return False
    head = _head(description)
    return any(head and head in {fold(w) for w in words(other)} for other in listed)


def _is_outlet(name: str, outlet: str, also: Iterable[str] = ()) -> bool:
    """Whether a speaker's name is the outlet's own ("Fox News" in Fox News, "the Signal
    Post" in the Daily Signal Post): an outlet is not its own source. ``also``: other names
    the outlet goes by (its web address's, "huffpost"), against which the name is compared
    by key ("HuffPost" for huffpost.com), or one key inside the other ("Fox News Channel")."""
    own, theirs = _name_words(name), _name_words(outlet)
    if _holds(theirs, own) or _holds(own, theirs):
        return True
    key = outlet_key(name)
    for other in {outlet_key(other) for other in (outlet, *also)} - {""}:
        if key == other:
            return True
        # one inside the other only for names, not codes: "fox" is inside "Foxx"
        if min(len(key), len(other)) > MAX_CODE_CHARS and (key in other or other in key):
            return True
    return False


def _printed_words(texts: Sequence[str]) -> frozenset[str]:
    """Every word the texts print, folded: read once per outlet, asked of every name."""
    if len(texts) == 1:
        return _words_printed(texts[0])
    return frozenset().union(*(_words_printed(text) for text in texts))


# How many words in a row of a speaker's quoted words an outlet must print for it to carry
# their words: fewer may be a common phrase ("in the next couple of"), more misses a
# statement printed with a word changed.
ECHO_RUN_WORDS = 6


@lru_cache(maxsize=PRINTED_CACHE_ARTICLES)
def _words_printed(text: str) -> frozenset[str]:
    """The text's words, folded, and the acronyms it prints in other forms: "N.R.A." and
    "National Rifle Association" print "NRA" (a fresh reader of a BASIL event marked "nyt
    never names the NRA" wrong beside both)."""
    return frozenset(fold(w) for w in words(text)) | _acronyms(text)


# An acronym read from a name's initials has at least this many letters: two capitalised
# words in a row ("New York", "White House") are too many things' initials.
MIN_ACRONYM_LETTERS = 3
# A dotted acronym ("N.R.A.", "F.B.I."), and a run of capitalised words that may stand for one,
# its small joining words skipped ("Federal Bureau of Investigation").
_DOTTED_ACRONYM = re.compile(r"\b(?:[A-Z]\.){2,}")
_CAPITALISED_RUN = re.compile(r"\b[A-Z][a-z]+(?:\s+(?:of\s+|for\s+|and\s+|the\s+)*[A-Z][a-z]+)+")
_JOINING_WORDS = frozenset({"of", "for", "and", "the"})


def _acronyms(text: str) -> frozenset[str]:
    """The acronyms a text prints dotted or spelt out, folded ("nra")."""
    found = {m.group().replace(".", "").lower() for m in _DOTTED_ACRONYM.finditer(text)}
    for run in _CAPITALISED_RUN.finditer(text):
        initials = "".join(w[0] for w in run.group().split() if w not in _JOINING_WORDS)
        if len(initials) >= MIN_ACRONYM_LETTERS:
            found.add(initials.lower())
    return frozenset(found)


def _names_anywhere(
    name: str, printed: frozenset[str], names: frozenset[str] = frozenset()
) -> bool:
    """Whether ``printed`` (``_printed_words``) holds a word of the name that is not a
    function word, or ``names`` (``_name_words_printed``) one spelt nearly as the name's last
    word (an outlet that prints "Cowan" names the man another outlet misspells "Cowen")."""
    own = [w for w in _name_words(name) if not is_stop_word(w)]
    if not own:
        return False
    last = own[-1]
    if name.lower().startswith("the "):
        # an organisation is named by any of its words ("the St. Louis Tea Party" for "the
        # St. Louis Tea Party Coalition", "the coroner" for "the Coroner's Office")
        if any(w in printed for w in own):
            return True
    # a person: the surname as a name (capitalised inside a sentence), or every word of the
    # name; a first name alone, or the surname as a plain word ("sharp tongued"), names no one
    elif last in names or all(w in printed for w in own):
        return True
    # only the words a letter apart can be: same first letter, a length one off at most
    by_shape = _by_shape(names)
    return any(
        misspelt(last, word)
        for size in range(len(last) - MISSPELT_EDITS, len(last) + MISSPELT_EDITS + 1)
        for word in by_shape.get((last[:1], size), ())
    )


@lru_cache(maxsize=PRINTED_CACHE_ARTICLES)
def _by_shape(names: frozenset[str]) -> dict[tuple[str, int], tuple[str, ...]]:
    """The words by first letter and length: a name is held against a story's every
    capitalised word, thousands of times per comparison of a large story."""
    found: dict[tuple[str, int], list[str]] = {}
    for word in names:
        found.setdefault((word[:1], len(word)), []).append(word)
    return {shape: tuple(words_) for shape, words_ in found.items()}


@lru_cache(maxsize=PRINTED_CACHE_ARTICLES)
def _capitalised_words(text: str) -> frozenset[str]:
    """The words a text capitalises inside a sentence, folded: its names' words ("Cowan"),
    never a sentence's first word ("Forces were ...")."""
    found = set()
    for match in re.finditer(r"\b[A-Z][\w'’-]+", text):
        before = text[max(0, match.start() - CLAUSE_LOOKBACK_CHARS) : match.start()]
        before = before.rstrip(" \"“‘'(")
        title = re.search(r"(\w+)\.\Z", before)
        if title and fold(title.group(1)) in TITLE_WORDS:
            found.add(fold(match.group()))  # "Mr. Cowan", "Sen. Ann Roe"
        elif before and before[-1] not in ".!?:\n":
            found.add(fold(match.group()))
    return frozenset(found)


def _name_words_printed(texts: Sequence[str]) -> frozenset[str]:
    """Every word the texts capitalise inside a sentence (``_capitalised_words``)."""
    return frozenset().union(*(_capitalised_words(text) for text in texts))


def _one_name_each(names: Iterable[str]) -> tuple[str, ...]:
    """Names sorted, one per person: two outlets' spellings that differ only in an apostrophe
    or a hyphen ("O'Neill", "O’Neill") are one name, and a short name part of exactly one
    fuller name ("Obama", "Barack Obama") is that name."""
    by_words: dict[frozenset[str], str] = {}
    for name in sorted(names):
        by_words.setdefault(frozenset(fold(w) for w in words(name)), name)
    kept = [
        name for key, name in by_words.items() if sum(1 for other in by_words if key < other) != 1
    ]
    # one person named in two forms ("Tim Murray", "Timothy Murray"; "Mr. Murray"): the fullest
    person = _one_form_per_person(kept)
    return tuple(sorted({person[name] for name in kept}))


# Passages and texts whose word runs are kept: ``_with_left_out`` asks of the same quoted
# passages and unattributed texts for every outlet and name of a story. A few hundred
# passages are a large story's; a kept passage of 200 words holds about 20 KB of runs.
RUNS_CACHE_TEXTS = 1024


@lru_cache(maxsize=RUNS_CACHE_TEXTS)
def _runs(text: str, size: int = ECHO_RUN_WORDS) -> frozenset[str]:
    """Every run of ``size`` words of a text, folded, its words joined by a space."""
    folded = [fold(w) for w in words(text)]
    return frozenset(" ".join(folded[i : i + size]) for i in range(len(folded) - size + 1))


def _prints_words_of(passages: Iterable[str], texts: Sequence[str]) -> bool:
    """Whether the texts print a run of ``ECHO_RUN_WORDS`` words of a speaker's quoted
    passages: an outlet that prints someone's words unattributed does not leave them out."""
    wanted: set[str] = set()
    for passage in passages:
        wanted |= _runs(passage)
    return bool(wanted) and any(wanted & _runs(text) for text in texts)


def _may_be_one(name: str, other: str) -> bool:
    """Whether two listed names may be one speaker's: the words of one all words of the
    other ("Obama", "Barack Obama"), or one surname ("Mr. Summers", "Larry Summers"; "Mo
    Cowan", "William Cowan"). A given name alone is shared by others ("Peter DeFazio",
    "Peter Welch")."""
    mine, theirs = _name_words(name), _name_words(other)
    if not mine or not theirs:
        return False
    return mine[-1] == theirs[-1] or set(mine) <= set(theirs) or set(theirs) <= set(mine)


def _with_left_out(
    profiles: list[SourcingProfile],
    everyone: set[str],
    texts_of: Callable[[SourcingProfile], Sequence[str]],
    said_by: dict[str, list[str]] | None = None,
    unattributed_of: Callable[[SourcingProfile], Sequence[str]] | None = None,
    own_names_of: Callable[[SourcingProfile], Iterable[str]] | None = None,
) -> list[SourcingProfile]:
    """Each profile with the speakers others quote and it does not ("Alec" is "Alec
    Baldwin") and never names at all (named, they may be quoted in words the extractor did
    not give them), nor prints the words of with no one named (``said_by``: each name's
    quoted passages; ``unattributed_of``: the outlet's words attributed to no one)."""
    said_by = said_by or {}
    left_out = []
    for profile in profiles:
        printed = _printed_words(texts_of(profile))
        names = _name_words_printed(texts_of(profile))
        also = tuple(own_names_of(profile)) if own_names_of else ()
        unnamed = unattributed_of(profile) if unattributed_of else ()
        left_out.append(
            replace(
                profile,
                left_out=_one_name_each(
                    name
                    for name in everyone
                    if not any(_may_be_one(name, own) for own in profile.speakers)
                    and not _is_outlet(name, profile.outlet, also)
                    and not _names_anywhere(name, printed, names)
                    and not _prints_words_of(said_by.get(name, ()), unnamed)
                ),
            )
        )
    return left_out


def sourcing_profiles(
    members: Sequence[StoryMember], copies: dict[int, int]
) -> tuple[tuple[SourcingProfile, ...], tuple[SourcingProfile, ...]]:
    """(one profile per article, one per outlet). Copies get an article profile but do not
    add to their outlet's: they quote whom their original quotes."""
    names = _StoryNames(members)
    counted = [_counted_in(member, names) for member in members]
    per_article = [
        _profile(member.outlet, [member], [rows])
        for member, rows in zip(members, counted, strict=True)
    ]
    by_outlet: dict[str, list[int]] = {}
    for index, member in enumerate(members):
        if index not in copies:
            by_outlet.setdefault(member.outlet, []).append(index)
    outlets = [
        _profile(outlet, [members[i] for i in group], [counted[i] for i in group])
        for outlet, group in by_outlet.items()
    ]
    everyone = {name for profile in outlets for name in profile.speakers}
    text_of = {member.id: member.analysed.article.text for member in members}
    said_by: dict[str, list[str]] = {}
    for rows in counted:
        for _, _, listed, _, marked in rows:
            if listed:
                said_by.setdefault(listed, []).extend(marked)
    for name in everyone:  # a profile lists a short name under the full one it is part of
        for short in [n for n in said_by if n != name and _may_be_one(n, name)]:
            said_by.setdefault(name, []).extend(said_by[short])

    unattributed_of = {member.id: _unattributed_text(member) for member in members}

    def texts_of(profile: SourcingProfile) -> list[str]:
        return [text_of[article_id] for article_id in profile.article_ids]

    def unattributed(profile: SourcingProfile) -> list[str]:
        return [unattributed_of[article_id] for article_id in profile.article_ids]

    names_of = {member.id: own_names(member) for member in members}

    def own_names_of(profile: SourcingProfile) -> list[str]:
        return [name for article_id in profile.article_ids for name in names_of[article_id]]

    return (
        tuple(_with_left_out(per_article, everyone, texts_of, said_by, unattributed, own_names_of)),
        tuple(_with_left_out(outlets, everyone, texts_of, said_by, unattributed, own_names_of)),
    )


def _named_at_cue(quote: Quote) -> bool:
    """Whether a quote's speaker is given at its cue by a name or a document, not by a
    pronoun or an unnamed description ("a spokesman said"): words a reader can credit to
    someone other than whom another outlet credits them to."""
    mention = fold(quote.speaker_mention or "")
    if mention in PERSONAL_PRONOUNS | GROUP_PRONOUNS:
        return False
    return quote.speaker_type != "anonymous" or not describes_a_person(quote.speaker_mention)


def _unattributed_text(member: StoryMember) -> str:
    """An article's text with the words of each quote it credits by a speech verb to a name
    or a document blanked out: what is left is its narration and the words it prints with no
    one named (a quote the extractor found no cue for is placed by its neighbours, not
    attributed; "a spokesman said" and "he said" name no one)."""
    text = list(member.analysed.article.text)
    for quote in member.analysed.quotes:
        if quote.speaker and quote.cue and _named_at_cue(quote):
            for start, end in quote.spans:
                text[start:end] = " " * (end - start)
    return "".join(text)
