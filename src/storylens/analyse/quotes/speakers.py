"""Resolve a speaker mention ("she", "Baldwin", "the insider", "her husband") to who it is.

A quote is only useful with the right speaker, and news text names a person in full once and
then says "she", "Baldwin", "the actor". This module builds a per-article table of people:
full names from the entity recogniser and from proper nouns, surname and first-name aliases,
a gender from honorifics, kin nouns and the pronouns that follow a name, and links from
descriptions to names that the article itself makes ("her husband Alec", "Scoop, the
comedian"). Resolution then looks up a mention in that table; a pronoun goes to the most
recent person of its gender. A source without a name ("the insider", "one person") is kept
anonymous with its description; anything the table cannot settle is "unknown", never a guess
dressed as a name (issue #3).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import defaultdict
from dataclasses import dataclass

from spacy.tokens import Doc, Span, Token

from storylens.analyse.doc_text import PerDoc, doc_text
from storylens.analyse.quotes.cues import (
    ANONYMOUS_NOUNS,
    DOCUMENT_NOUNS,
    DOCUMENT_PART_NOUNS,
    FEMALE_FIRST_NAMES,
    FEMALE_MARKERS,
    FEMALE_PRONOUNS,
    FIGURE_DOCUMENT_NOUNS,
    KIN_NOUNS,
    MALE_FIRST_NAMES,
    MALE_MARKERS,
    MALE_PRONOUNS,
    PEOPLE_NOUNS,
    PERSON_NOUNS,
    ROLE_NOUNS,
    SPEECH_NOUNS,
    SPEECH_VERBS,
    TIME_WORDS,
    TITLES,
    WRITTEN_TEXT_NOUNS,
)
from storylens.analyse.token_columns import token_columns
from storylens.people import nicknamed
from storylens.records import SpeakerType

# A pronoun refers back at most this far (characters); beyond it a news text names again.
PRONOUN_LOOKBACK_CHARS = 1500
# A gender vote from one pronoun; honorifics and kin nouns count this many pronouns.
STRONG_GENDER_VOTE = 3
# A common given name counts this many pronouns: a prior that two contrary pronoun votes from
# the text (a name used for the other gender) still overturn.
FIRST_NAME_GENDER_VOTE = 2
_FEMALE_FIRST = frozenset(FEMALE_FIRST_NAMES)
_MALE_FIRST = frozenset(MALE_FIRST_NAMES)
# A subject pronoun votes for the gender of the subject named before it within this many
# characters (about two sentences): further back the pronoun may well be someone else.
GENDER_VOTE_WINDOW_CHARS = 300
# Sentences before a pronoun's own in which a main-clause subject is preferred as its referent.
SUBJECT_PREFERENCE_SENTENCES = 1
# Entity labels whose mention makes the speaker an organisation ("The Post", "the NYPD").
ORGANIZATION_LABELS: frozenset[str] = frozenset({"ORG", "NORP", "GPE", "FAC", "PRODUCT"})
# Head nouns of an organisation or document speaking ("the campaign said", "the poll shows").
ORGANIZATION_NOUNS: frozenset[str] = frozenset(
    """
    campaign company committee agency department ministry government administration
    police court newspaper paper network station group organization organisation
    association union party poll survey report study statement team office firm bank
    council board commission agency coalition foundation institute center centre
    university website magazine
    """.split()  # noqa: SIM905 - a word list reads better as text
)
# Nouns for a message that speaks for its sender ("a call from X said", "the letter from X").
MESSAGE_NOUNS: frozenset[str] = SPEECH_NOUNS | frozenset(
    {"call", "email", "e-mail", "memo", "note", "text", "video", "ad", "advertisement"}
)
# Nouns for words spoken on an occasion ("Ann Cole's speech mocked ...", "a speech by Ann
# Cole"): like a message, the words are those of whose they are.
SPOKEN_WORDS_NOUNS: frozenset[str] = frozenset(
    {"speech", "address", "testimony", "sermon", "lecture", "eulogy", "keynote", "remark"}
)
# Pronouns that never name a resolvable speaker outside a quote (the writer, a group).
UNRESOLVABLE_PRONOUNS: frozenset[str] = frozenset(
    {"i", "we", "you", "they", "it", "me", "us", "them", "who", "that", "which", "this"}
)
# A plural common noun ("senators"), which may name a group listed in apposition.
PLURAL_NOUN_TAGS = frozenset({"NNS"})
# How a name in a list hangs on the first one ("and Bo Reyes"): no list starts there.
LISTED_NAME_DEPS = frozenset({"conj", "compound", "flat"})
# What sets off the names listed after a plural noun ("three senators — Ann Cole, ...").
LIST_OPENERS = frozenset({",", "—", "–", "--", ":"})
# Words that take up a pair of people named just before ("both of them said").
PAIR_WORDS: frozenset[str] = frozenset({"both"})
PAIR_SIZE = 2
# Plural pronouns that may refer to an organisation or a group named before ("they", "their").
GROUP_PRONOUNS: frozenset[str] = frozenset({"they", "their", "them"})
# The kin noun seen from the other side: if Alec is her husband, she is his wife.
INVERSE_KIN: dict[str, str] = {"husband": "wife", "wife": "husband"}
# Words that carry a source's description on after its head: "a source close to the couple".
# "A person familiar with the talks", "an official knowledgeable about the plan": the adjective
# of access belongs to the description as "close" does (without it "a person" reads as one
# of the public, not as an anonymous source).
ACCESS_ADJECTIVES: frozenset[str] = frozenset({"close", "familiar", "knowledgeable"})
MENTION_PREPOSITIONS: frozenset[str] = ACCESS_ADJECTIVES | frozenset(
    {"with", "at", "for", "from", "in", "of"}
)
SUBJECT_DEPS = ("nsubj", "nsubjpass")
# How a speech verb holds the clause it reports ("He said Hale would chair the panel").
REPORTED_CLAUSE_DEPS = frozenset({"ccomp", "parataxis"})
# An all-capitals word longer than this beside mixed-case name words is headline text, not a
# name part; shorter ones ("JR", "III", "AJ") may be.
HEADLINE_WORD_MIN_CHARS = 3
COORDINATED_NAMES = re.compile(r"\b([A-Z][a-z]+) and ([A-Z][a-z]+) ([A-Z][a-z]+)\b")
# How far before such a pair to look for a title that makes its first name a surname.
TITLE_LOOKBACK_CHARS = 16
NAME_TOKEN = re.compile(r"^(?:[A-Z]|[a-z]{1,3}[A-Z])[\w'’.-]*$")
# A party or party-and-state tag in parentheses after a politician's name: "(D)", "(R-Fla.)",
# "(D-Skowhegan)", "(I-Vt.)". It says who the person is, but is no word of their name.
PARTY_TAG = re.compile(r"\((?:[DRIL]|Dem|Rep|Ind|Lib)(?:\s?[-–,]\s?[A-Z][A-Za-z.' ]{0,24})?\)")
# Words of a person's name at most ("Mary Ann de la Cruz"); a longer run of capitalised
# words is an organisation's or a title's name.
MAX_NAME_WORDS = 5
# A given name alone ("Leo") may be anyone's; with a surname it names one person.
MIN_PERSON_NAME_WORDS = 2
# Generational suffixes closing a name ("Jesse Jackson Jr."): the surname is the word before
# them, and a suffix tells a son from a father of the same name, so it is never an alias.
NAME_SUFFIXES: frozenset[str] = frozenset({"jr", "jr.", "sr", "sr.", "ii", "iii", "iv"})
# Words that make "Ann and Bo Quill" a married pair rather than a parent and child.
MARRIAGE_WORDS = re.compile(r"\b(?:couple|married|spouses|newlyweds)\b", re.IGNORECASE)
# Kin nouns that name a spouse, found through a married pair.
SPOUSE_NOUNS: frozenset[str] = frozenset({"wife", "husband", "spouse"})
# Endings of nouns that describe a person by what they do (comedian, actor, chef is not
# caught, pianist, attendant): a definite one may rename the sentence's subject.
# Tags a role word before a name can get from the parser ("grower" is sometimes a verb).
ROLE_WORD_TAGS = frozenset({"NOUN", "VERB", "ADJ"})
PERSON_ROLE_SUFFIXES = ("ian", "or", "er", "ist", "ant", "ess")
# Speech-bearing things whose names end like a person's role ("the letter", "the order").
THING_NOUNS: frozenset[str] = frozenset({"letter", "paper", "order", "number", "computer"})
# Nouns that count what follows "of": "a lot of analysts" speak if the analysts can.
QUANTITY_NOUNS: frozenset[str] = frozenset(
    """
    lot lots number majority minority dozen dozens handful group bunch percent share half
    third quarter couple pair host crowd
    """.split()  # noqa: SIM905 - a word list reads better as text
)
# Nouns for words written down or sent, which never rename a person ("the letter said").
WRITTEN_WORDS_NOUNS: frozenset[str] = MESSAGE_NOUNS | DOCUMENT_NOUNS | THING_NOUNS
# Common nouns for someone or something that can speak: people, groups, organisations, and
# documents or messages that carry words (``can_speak``).
SPEAKING_NOUNS: frozenset[str] = (
    PERSON_NOUNS
    | PEOPLE_NOUNS
    | ROLE_NOUNS
    | ORGANIZATION_NOUNS
    | DOCUMENT_NOUNS
    | MESSAGE_NOUNS
    | THING_NOUNS
)


@dataclass
class Person:
    """One person of the article: canonical name, aliases and what is known of gender."""

    name: str
    female_votes: int = 0
    male_votes: int = 0

    @property
    def gender(self) -> str | None:
        if self.female_votes > self.male_votes:
            return "f"
        if self.male_votes > self.female_votes:
            return "m"
        return None


# Tags of "who", "which" and "that" heading a relative clause.
RELATIVE_PRONOUN_TAGS = frozenset({"WP", "WDT"})
# Entity labels of a noun that "who" cannot stand for: a place or an organisation.
PLACE_OR_GROUP_LABELS = frozenset({"GPE", "LOC", "FAC", "ORG"})


def _people_before(preposition: Token) -> Token | None:
    """The noun that `on Capitol Hill` describes: the preposition's head, or, when the parse
    hangs the preposition on the verb, the verb's object or subject before it."""
    owner = preposition.head
    if owner.pos_ in ("NOUN", "PROPN"):
        return owner
    before = [
        c for c in owner.children if c.i < preposition.i and c.dep_ in ("dobj", "nsubj", "attr")
    ]
    return before[-1] if before else None


# How far up the parse a source's description may reach ("close" -> "to" -> "the couple").
SOURCE_DESCRIPTION_DEPTH = 4


def _source_described(noun: Token) -> Token | None:
    """The anonymous source whose description ``noun`` ends: "couple" in "sources close to
    the couple", "company" in "a person familiar with the company"."""
    token = noun
    for _ in range(SOURCE_DESCRIPTION_DEPTH):
        if token.dep_ not in ("pobj", "prep", "amod", "advmod", "acl") or token.head == token:
            return None
        token = token.head
        if token.pos_ == "NOUN" and token.lemma_.lower() in ANONYMOUS_NOUNS:
            return token
    return None


@dataclass(frozen=True)
class ResolvedSpeaker:
    """What a speaker mention resolved to; offsets cover the mention's words."""

    speaker: str | None
    mention: str
    start: int
    end: int
    kind: SpeakerType


# Entity labels of a day, a date or a time: no such mention speaks.
TIME_LABELS = frozenset({"DATE", "TIME"})


def ends_a_line(token: Token) -> bool:
    """Whether a line of plain text ends at ``token`` (a line break in or after it) and the
    next line opens a new paragraph: a line that opens in lower case ("who has" / "repeatedly
    pledged") is one sentence wrapped, not a new paragraph."""
    if "\n" not in token.text_with_ws:
        return False
    doc = token.doc
    following = next((t for t in doc[token.i + 1 :] if not t.is_space), None)
    return following is None or not following.text[:1].islower()


def is_time_word(token: Token) -> bool:
    """ "Saturday", "Tuesday's", "November": a day or a date, which the parse may make the
    subject of a speech verb or the recogniser a name, but which never speaks."""
    return token.lower_ in TIME_WORDS or (
        token.ent_type_ in TIME_LABELS and token.pos_ in ("PROPN", "NOUN")
    )


def is_person_noun(token: Token) -> bool:
    """A common noun for a person by their role ("candidate", "senator", "spokesman"), so
    that "the GOP candidate" is a person the names before it describe, not the GOP."""
    lemma = token.lemma_.lower()
    return (
        token.pos_ == "NOUN"
        and (token.text[:1].islower() or bool(token.is_sent_start))  # "Officials at the ..."
        and lemma not in ORGANIZATION_NOUNS
        and (lemma in ROLE_NOUNS or lemma in ANONYMOUS_NOUNS or _person_role_noun(lemma))
    )


def _quantified(noun: Token) -> Token | None:
    """ "analysts" in "an awful lot of analysts", "friends" in "a number of my friends": the
    noun a quantity noun counts."""
    if noun.lemma_.lower() not in QUANTITY_NOUNS:
        return None
    of = next((c for c in noun.children if c.dep_ == "prep" and c.lower_ == "of"), None)
    return next((c for c in of.children if c.dep_ == "pobj"), None) if of is not None else None


def can_speak(noun: Token) -> bool:
    """Whether a common noun heading a speaker's phrase names someone who can speak: a
    person, a group or an organisation, or a document or message that carries words.

    Used only for a quote inside a quote, where a cue in the outer speaker's words is as
    often an idiom ("Needless to say, the war in Afghanistan was not ...") as a report. A
    reporter's own attribution keeps any source the parse names: PolNeAR annotates "the
    data", "a problem that ..." and "new emissions rules" as sources, and requiring a
    person or document there lost nine right speakers of one part and gained none."""
    lemma = noun.lemma_.lower()
    counted = _quantified(noun)
    if counted is not None:
        return counted.pos_ == "PROPN" or can_speak(counted)
    return (
        is_person_noun(noun)
        or noun.text[:1].isupper()  # a name the tagger took for a common noun
        or lemma in SPEAKING_NOUNS
        or (lemma.endswith(PERSON_ROLE_SUFFIXES) and lemma not in THING_NOUNS)
    )


def _read_party_tag_tokens(doc: Doc) -> frozenset[int]:
    """The indices of the tokens inside the article's party tags, parentheses left out."""
    inside: set[int] = set()
    for match in PARTY_TAG.finditer(doc_text(doc)):
        span = doc.char_span(match.start() + 1, match.end() - 1, alignment_mode="expand")
        if span is not None:
            inside.update(t.i for t in span if t.text not in "()")
    return frozenset(inside)


# Read once per doc: names are cleaned token by token, many times an article (issue #22).
_party_tag_tokens = PerDoc(_read_party_tag_tokens)


def in_party_tag(token: Token) -> bool:
    """Whether ``token`` stands inside a party tag in parentheses ("D" or "Fla." of "Ann Cole
    (R-Fla.)"), which the parse may make the head of the name before it."""
    return token.i in _party_tag_tokens(token.doc)


def _opens_tag(parenthesis: Token) -> bool:
    """Whether an opening parenthesis starts a party tag."""
    following = parenthesis.i + 1
    return following < len(parenthesis.doc) and in_party_tag(parenthesis.doc[following])


def _followed_by_tag(name: Token) -> bool:
    """Whether a party tag in parentheses follows ``name`` at once ("Cole (D)")."""
    following = name.i + 1
    return (
        following < len(name.doc)
        and name.doc[following].text == "("
        and _opens_tag(name.doc[following])
    )


def name_before_tag(token: Token) -> Token:
    """The last word of the name a party tag follows ("Cole" for the "D" of "Ann Cole (D)"),
    or ``token`` itself outside a tag or where no name stands before it."""
    if not in_party_tag(token):
        return token
    doc = token.doc
    index = token.i
    while index > 0 and doc[index].text != "(":
        index -= 1
    before = doc[index - 1] if index > 0 else None
    return before if before is not None and before.pos_ == "PROPN" else token


def _given_name(word: str) -> bool:
    return word.lower() in _FEMALE_FIRST or word.lower() in _MALE_FIRST


def _given_and_surname(words: list[str]) -> bool:
    """A common given name then a surname, nothing more ("Leo Marsh", "Ana de la Cruz")."""
    return MIN_PERSON_NAME_WORDS <= len(words) <= MAX_NAME_WORDS and _given_name(words[0])


def _clean_name_tokens(tokens: list[Token]) -> list[str]:
    words = [
        t.text
        for t in tokens
        if not t.is_punct
        and t.text not in {"'s", "’s", "'", "’"}
        and not is_time_word(t)
        and not in_party_tag(t)
    ]
    while words and words[0].lower() in TITLES:
        words = words[1:]
    words = [w for w in words if NAME_TOKEN.match(w)]
    if any(not w.isupper() for w in words):
        # "EXPECTED - Dana Holt": a capitalised headline word glued to a name is no part of it.
        words = [w for w in words if not (w.isupper() and len(w) > HEADLINE_WORD_MIN_CHARS)]
    return words


def _person_role_noun(lemma: str) -> bool:
    if lemma in THING_NOUNS:
        return False
    return lemma in TITLES or lemma.endswith(PERSON_ROLE_SUFFIXES)


def _titled_name(run: list[Token]) -> list[Token] | None:
    """ "District Superintendent Lorraine Haddad" where the recogniser took only "Haddad": a
    given name just before a one-word person entity, after capitalised title words, starts
    the full name. The title words themselves are no part of it."""
    first_person = next(i for i, t in enumerate(run) if t.ent_type_ == "PERSON")
    entity_words = [t for t in run[first_person:] if t.ent_type_ == "PERSON"]
    if first_person == 0 or len(entity_words) != 1 or not _given_name(run[first_person - 1].text):
        return None
    return run[first_person - 1 : first_person + 1]


def _is_title_before_name(doc: Doc, index: int) -> bool:
    """Whether the proper noun at ``index`` stands outside a name, right before one: "Mayor
    Gretchen Olander"; "Superintendent Lorraine Haddad" with only "Haddad" recognised counts
    as well. Read from the token columns: it is asked of every proper noun of an article."""
    columns = token_columns(doc)
    entity, text = columns.ent_type, columns.text
    if entity[index] == "PERSON":
        return False
    after = index + 1
    return after < len(entity) and (
        entity[after] == "PERSON"
        or (after + 1 < len(entity) and _given_name(text[after]) and entity[after + 1] == "PERSON")
    )


# Entity labels of a place's or a body's name, after which a person's name glued on is an
# apposition of the role before them ("attorney for the District of Columbia Joseph diGenova").
PLACE_OR_BODY_LABELS = frozenset({"GPE", "ORG", "FAC", "LOC"})
# The one dependent of a common noun that names the noun's own person: an apposition ("the
# mayor, Tom Alder,"). Its other dependents say whose it is or where it stands.
NAMING_DEPS = frozenset({"appos"})


def _name_glued_to_a_place(obj: Token) -> list[Token]:
    """The person's name that ends the object of a role's preposition right after another
    entity's proper name ("the District of Columbia Joseph diGenova"): the name's tokens, or
    none where the object is a person's name alone ("a spokesman for Alder")."""
    if obj.ent_type_ != "PERSON":
        return []
    tokens = [t for t in obj.subtree if not t.is_punct]
    person = [t for t in tokens if t.ent_type_ == "PERSON"]
    if not person or person[-1].i != obj.i or person[0].i == tokens[0].i:
        return []
    before = obj.doc[person[0].i - 1]
    # the recogniser may leave the place's last word out of its entity ("the District of"
    # GPE, "Columbia" none): a proper noun right before, no title, and an entity of a place
    # or a body in the words before the name
    glued = (
        before.pos_ == "PROPN"
        and before.lower_.rstrip(".") not in TITLES
        and any(t.ent_type_ in PLACE_OR_BODY_LABELS for t in tokens if t.i < person[0].i)
    )
    return person if glued else []


def _names_own_person(noun: Token, child: Token) -> bool:
    """Whether ``child`` names ``noun``'s own person: an apposition, or a person's name the
    parse joined to the noun as if listed after it, with no "and" or "or" to list it ("The
    chairman of the committee, Representative Trey Gowdy, ..., said": the name was read as a
    second subject, and the role linked to another chairman named before)."""
    if child.dep_ in NAMING_DEPS:
        return True
    return (
        child.dep_ == "conj"
        and child.pos_ == "PROPN"
        and child.ent_type_ == "PERSON"
        and not any(c.dep_ in ("cc", "preconj") for c in noun.children)
    )


# Finite verb tags: a name right before such a verb that has no subject of its own is that
# verb's subject, whatever the parse made of it.
FINITE_VERB_TAGS = frozenset({"VBD", "VBZ", "VBP"})


def _subject_verb(span: Span) -> Token | None:
    """The verb a mention is the subject of: its root's head where the root is a subject;
    else the finite verb right after the mention where the mention ends that verb's subject
    phrase, or the verb has none (the small model hangs a name under a long title in front
    of it on the title's preposition: in "then-Deputy Assistant Secretary for Diplomatic
    Security Charlene Lamb testified" the subject is "Secretary", Lamb the object of "for",
    and her "she said" went to someone else)."""
    root = span.root
    if root.dep_ in SUBJECT_DEPS:
        return root.head
    if span.end >= len(span.doc):
        return None
    after = span.doc[span.end]
    if after.tag_ not in FINITE_VERB_TAGS:
        return None
    subjects = [c for c in after.children if c.dep_ in SUBJECT_DEPS]
    if not subjects or any(
        c.left_edge.i <= span.start and c.right_edge.i == span.end - 1 for c in subjects
    ):
        return after
    return None


def _reporter_subject(verb: Token, shared: bool = False) -> Token | None:
    """Where ``verb``'s clause is what a speech verb reports, that speech verb's subject
    standing before it (`Malik said Delacroix asked him to stop`: "Malik", for "asked");
    else None. ``shared`` also takes the subject a coordinated speech verb shares
    (``speech_verb_subject``); a gender vote asks only for the verb's own, as a shared one
    would hand the pronoun's vote to the reporter instead."""
    if verb.dep_ not in REPORTED_CLAUSE_DEPS or verb.head.lemma_.lower() not in SPEECH_VERBS:
        return None
    if shared:
        subject = speech_verb_subject(verb.head)
    else:
        subject = next((c for c in verb.head.children if c.dep_ == "nsubj"), None)
    return subject if subject is not None and subject.i < verb.left_edge.i else None


# Coordinators and punctuation between two coordinated verbs ("criticized X, but argued").
COORDINATION_WORDS = frozenset({",", ";", "and", "but", "or", "yet"})


def parallel_speech_verb(conjunct: Token) -> Token | None:
    """`The line was an addition to a speech in which Ann Cole criticized the council, but
    argued that ...`: the parse hangs the second speech verb ("argued") on the sentence's
    main verb as its conjunct, though it continues the speech verb that ends right before
    the coordinator, one of the same form with a subject of its own; that verb, or None.
    Only where the verb the parse chose is no speech verb ("X said A, but argued B" stays)
    and its subject is nothing that speaks ("the line"): where it is ("Republicans seized on
    the message, arguing that it showed intent and indicated ..."), either reading holds,
    and the parse's stands."""
    if conjunct.dep_ != "conj" or conjunct.lemma_.lower() not in SPEECH_VERBS:
        return None
    head = conjunct.head
    if head.i >= conjunct.i or head.lemma_.lower() in SPEECH_VERBS:
        return None
    main_subject = next((c for c in head.children if c.dep_ in SUBJECT_DEPS), None)
    if main_subject is not None and _speaks(main_subject):
        return None
    doc = conjunct.doc
    last = conjunct.i - 1
    while last > head.i and doc[last].lower_ in COORDINATION_WORDS:
        last -= 1
    if last == conjunct.i - 1 or last <= head.i:
        return None  # no coordinator between them
    for verb in (doc[last], *doc[last].ancestors):
        if verb.i == head.i or verb.i < head.i:
            return None
        if verb.pos_ in ("VERB", "AUX"):
            if (
                verb.right_edge.i == last
                and verb.lemma_.lower() in SPEECH_VERBS
                and verb.tag_ == conjunct.tag_
                and any(c.dep_ == "nsubj" for c in verb.children)
            ):
                return verb
            return None
    return None


# Pronouns for a thing, which says nothing of itself ("it showed", "this means").
THING_PRONOUNS = frozenset({"it", "this", "that", "which"})


def _speaks(subject: Token) -> bool:
    """Whether a subject names someone or something that can say a thing: a name, a pronoun
    for a person or group, or a noun that ``can_speak``."""
    if subject.pos_ == "PROPN":
        return True
    if subject.pos_ == "PRON":
        return subject.lower_ not in THING_PRONOUNS
    return subject.pos_ == "NOUN" and can_speak(subject)


# Conjuncts walked back to the verb whose subject a speech verb shares ("said A and argued B").
CONJUNCT_CHAIN_DEPTH = 4


def speech_verb_subject(verb: Token) -> Token | None:
    """The subject of a speech verb: its own, or, for a verb coordinated with one before it
    that has none ("criticized X, but argued that ..."), the subject of the verb it
    continues (``parallel_speech_verb`` where the parse hung it too high)."""
    current = verb
    for _ in range(CONJUNCT_CHAIN_DEPTH):
        subject = next((c for c in current.children if c.dep_ == "nsubj"), None)
        if subject is not None or current.dep_ != "conj":
            return subject
        current = parallel_speech_verb(current) or current.head
    return None


def _reported_clause_around(token: Token) -> Token | None:
    """The clause a speech verb reports that holds ``token`` (`said Hale would chair it`:
    "would chair" for "Hale"); None outside any report. Of reports inside reports (`Cole
    pointed out that Hale had reported that Reyes ...`) the outermost: its reporter is the
    one the sentence is about, a reporter inside it one more name in what is reported."""
    found = None
    for node in (token, *token.ancestors):
        if node.dep_ in REPORTED_CLAUSE_DEPS and node.head.lemma_.lower() in SPEECH_VERBS:
            found = node
    return found


class SpeakerTable:
    """The people of one article, and the resolution of mentions against them."""

    def __init__(self, doc: Doc, quoted: list[tuple[int, int]]) -> None:
        self.doc = doc
        self.text = doc_text(doc)
        self.people: list[Person] = []
        self._by_name: dict[str, Person] = {}
        self._aliases: dict[str, list[Person]] = defaultdict(list)
        # role lemma -> (offset where the article links it, id of the person), in text order
        self._roles: dict[str, list[tuple[int, int]]] = defaultdict(list)
        self._couples: list[tuple[str, str]] = []  # names of a married pair, as first built
        self._kin: dict[tuple[int, str], Person] = {}
        self._quoted = sorted(quoted)
        self._mentions: list[tuple[int, int, Person]] = []  # (start, end, person), by start
        self._runs: list[tuple[int, int, int, int, list[str]]] | None = None  # _name_runs
        # (offset, noun lemma or "", the names' heads): _named_groups
        self._groups: list[tuple[int, str, list[Token]]] | None = None
        self._build()

    # ----- building ---------------------------------------------------------------------
    def _person(self, words: list[str]) -> Person:
        name = " ".join(words)
        person = self._by_name.get(name)
        if person is None:
            person = Person(name)
            self._by_name[name] = person
            self.people.append(person)
            for word in {words[0], _surname(words)}:
                if person not in self._aliases[word]:
                    self._aliases[word].append(person)
        return person

    def _build(self) -> None:
        doc = self.doc
        full_names: list[tuple[Span, list[str]]] = []
        for found in doc.ents:
            if found.label_ != "PERSON":
                continue
            # A name stands on one line: the recogniser runs "Continue Reading" / "Varga"
            # into one person where a furniture line has no full stop.
            breaks = [t.i for t in found if ends_a_line(t)]
            ent = doc[max(breaks) + 1 : found.end] if breaks else found
            words = _clean_name_tokens(list(ent))
            # "Neighbour Kyle Darrow": a capitalised role word glued to the front of a name.
            if len(words) >= 3 and _given_name(words[1]) and not _given_name(words[0]):
                words = words[1:]
            if len(words) >= 2:
                full_names.append((ent, words))
        # Proper-noun runs the recogniser missed or mislabelled ("Jason Scoop" as ORG) count
        # as names when they are two or three capitalised words outside an organisation.
        # A run that holds a recognised person ("Neighbour Kyle Darrow") is already named by
        # the entity; one without it must start with a known given name ("Sunset Villas").
        for run in self._propn_runs():
            words = _clean_name_tokens(run)
            if any(t.ent_type_ == "PERSON" for t in run):
                titled = _titled_name(run)
                if titled is not None:
                    full_names.append(
                        (doc[titled[0].i : titled[-1].i + 1], _clean_name_tokens(titled))
                    )
                continue
            if not words:
                continue
            if not _given_name(words[0]):
                continue
            if 2 <= len(words) <= 3 and run[0].ent_type_ not in ORGANIZATION_LABELS:
                full_names.append((doc[run[0].i : run[-1].i + 1], words))
        for _, words in full_names:
            self._person(words)
        self._merge_names_without_initials()
        self._merge_nicknamed()
        self._join_coordinated_first_names()
        self._collect_mentions()
        self._vote_genders()
        self._link_kin_and_roles()
        self._collect_mentions()
        self._link_kin_descriptions()

    def _propn_runs(self) -> list[list[Token]]:
        doc = self.doc
        columns = token_columns(doc)
        runs: list[list[Token]] = []
        current: list[Token] = []
        for index, (pos, text) in enumerate(zip(columns.pos, columns.text, strict=True)):
            if pos == "PROPN" and text[:1].isupper():
                token = doc[index]
                if token.is_sent_start:
                    if current:
                        runs.append(current)
                    current = [token]
                else:
                    current.append(token)
                continue
            if current:
                runs.append(current)
            current = []
        if current:
            runs.append(current)
        cleaned = []
        for run in runs:
            while run and (run[0].is_stop or run[0].lower_ in TITLES):
                run = run[1:]
            if run and all(t.ent_type_ in ("", "PERSON") for t in run):
                cleaned.append(run)
        return cleaned

    def _merge_names_without_initials(self) -> None:
        """ "R. Clarke Cooper" and later "Clarke Cooper", "Mary E. Hale" and "Mary Hale": a
        name that is another's but for its initials is that person, named in full with the
        initials. Two people apart, they split the surname, and "Cooper said" resolved to
        neither. Where two initialled names fit ("John A. Hale", "John B. Hale"), the bare
        one may be either and stays apart."""
        for person in list(self.people):
            words = person.name.split()
            if any(_is_initial(w) for w in words):
                continue
            fuller = [
                other
                for other in self.people
                if other is not person
                and any(_is_initial(w) for w in other.name.split())
                and [w for w in other.name.split() if not _is_initial(w)] == words
            ]
            if len(fuller) == 1:
                self._merge_into(person, fuller[0].name.split())

    def _merge_nicknamed(self) -> None:
        """ "Michael R. Bloomberg" and, in a quoted tweet, "Mike Bloomberg": one surname and
        first given names that are one name's forms (``people.nicknamed``) are one person,
        under the longer given name. Two people apart, they split the surname, and "Mr.
        Bloomberg said" resolved to neither. Where two fuller names fit, the short one stays
        apart."""
        for person in list(self.people):
            given, surname = _given_and_surname_of(person.name)
            if given is None:
                continue
            fuller = [
                other
                for other in self.people
                if other is not person
                and (parts := _given_and_surname_of(other.name))[1] == surname
                and parts[0] is not None
                and len(parts[0]) > len(given)
                and nicknamed(given.lower(), parts[0].lower())
            ]
            if len(fuller) == 1:
                self._merge_into(person, fuller[0].name.split())

    def _join_coordinated_first_names(self) -> None:
        """ "Alec and Hilaria Baldwin": the lone first name shares the surname."""
        places = {e.text for e in self.doc.ents if e.label_ in STATE_TAG_LABELS}
        for match in COORDINATED_NAMES.finditer(self.text):
            first, second, surname = match.groups()
            if first in places:
                continue  # "Ann Cole of Ohio and Maria Lopez": a state, no first name
            before = self.text[max(0, match.start() - TITLE_LOOKBACK_CHARS) : match.start()]
            if any(w.lower().rstrip(".") in TITLES for w in before.split()[-1:]):
                continue  # "President Obama and Hillary Clinton": a surname, not a first name
            if f"{second} {surname}" in self._by_name and first not in self._aliases:
                self._person([first, surname])
            if MARRIAGE_WORDS.search(self.text) and f"{first} {surname}" in self._by_name:
                self._couples.append((f"{first} {surname}", f"{second} {surname}"))

    def _link_kin_and_roles(self) -> None:
        """Kin and role nouns next to a name: "her husband Alec", "comedian Jason Scoop",
        "Scoop, the comedian". A role noun linked to one person resolves "the comedian"."""
        doc = self.doc
        for index, pos in enumerate(token_columns(doc).pos):
            # "Mayor Gretchen Olander", "Photographer Idris Malik": a capitalised role word
            # outside the name entity is a role as much as "comedian Jason Scoop" is.
            if pos == "PROPN":
                if not _is_title_before_name(doc, index):
                    continue
            elif pos != "NOUN":
                continue
            token = doc[index]
            named = (
                self._name_after(token) or self._appositive_name(token) or self._apposed_name(token)
            )
            if named is None:
                continue
            person, name_tokens = named
            nouns = [token] + [c for c in token.children if c.dep_ in ("compound", "amod")]
            for noun in nouns:
                if noun.pos_ == "NOUN" or noun.i == token.i:
                    self._roles[noun.lemma_.lower()].append((token.idx, id(person)))
            lemma = token.lemma_.lower()
            if lemma in KIN_NOUNS:
                owner = next((c for c in token.children if c.dep_ == "poss"), None)
                owner_person = self._owner(owner) if owner is not None else None
                if owner_person is not None and owner_person is not person:
                    self._kin[(id(owner_person), lemma)] = person
                    if lemma in INVERSE_KIN:
                        self._kin[(id(person), INVERSE_KIN[lemma])] = owner_person
                    # A lone first name takes the family name when the article names the
                    # family by it ("the Baldwins") and the owner carries that surname.
                    if " " not in person.name:
                        surname = _surname(owner_person.name.split())
                        if re.search(rf"\b{re.escape(surname)}s\b", self.text):
                            self._merge_into(person, [person.name, surname])
                    if owner is not None and owner.lower_ in FEMALE_PRONOUNS:
                        owner_person.female_votes += STRONG_GENDER_VOTE
                    if owner is not None and owner.lower_ in MALE_PRONOUNS:
                        owner_person.male_votes += STRONG_GENDER_VOTE
            if lemma in FEMALE_MARKERS:
                person.female_votes += STRONG_GENDER_VOTE
            if lemma in MALE_MARKERS:
                person.male_votes += STRONG_GENDER_VOTE
            del name_tokens

    def _link_kin_descriptions(self) -> None:
        """ "her actor husband", "her movie star husband": once "her husband" is known to be
        Alec, the nouns describing him ("actor", "star") are his roles too."""
        columns = token_columns(self.doc)
        for index, (pos, lemma) in enumerate(zip(columns.pos, columns.lemma_lower, strict=True)):
            if pos != "NOUN" or lemma not in KIN_NOUNS:
                continue
            token = self.doc[index]
            owner = next((c for c in token.children if c.dep_ == "poss"), None)
            owner_person = self._owner(owner) if owner is not None else None
            kin = self._kin.get((id(owner_person), lemma)) if owner_person else None
            if kin is None:
                continue
            for child in token.children:
                if child.dep_ in ("compound", "amod", "nmod") and child.pos_ == "NOUN":
                    self._roles[child.lemma_.lower()].append((token.idx, id(kin)))
                    for grandchild in child.children:
                        if grandchild.dep_ == "compound" and grandchild.pos_ == "NOUN":
                            self._roles[grandchild.lemma_.lower()].append((token.idx, id(kin)))

    def _merge_into(self, person: Person, words: list[str]) -> None:
        full = self._person(words)
        if full is person:
            return
        full.female_votes += person.female_votes
        full.male_votes += person.male_votes
        self.people.remove(person)
        self._by_name[person.name] = full
        for alias, people in self._aliases.items():
            self._aliases[alias] = [full if p is person else p for p in people]
            # keep one entry per person
            seen: list[Person] = []
            for p in self._aliases[alias]:
                if p not in seen:
                    seen.append(p)
            self._aliases[alias] = seen
        for key, value in list(self._kin.items()):
            if value is person:
                self._kin[key] = full
        for links in self._roles.values():
            links[:] = [(at, id(full) if pid == id(person) else pid) for at, pid in links]

    def _name_after(self, noun: Token) -> tuple[Person, list[Token]] | None:
        """A name right after a role or kin noun: "husband Alec", "comedian Jason Scoop"."""
        columns = token_columns(self.doc)
        start = end = noun.i + 1
        limit = min(noun.i + 4, len(self.doc))
        while end < limit and columns.pos[end] == "PROPN" and columns.text[end][:1].isupper():
            end += 1
        if end == start:
            return None
        return self._lookup_tokens(list(self.doc[start:end]))

    def _appositive_name(self, noun: Token) -> tuple[Person, list[Token]] | None:
        """ "Scoop, the comedian," : the noun is an apposition of a name."""
        if noun.dep_ != "appos" or noun.head.pos_ != "PROPN":
            return None
        head = noun.head
        tokens = [c for c in head.lefts if c.dep_ == "compound" and c.pos_ == "PROPN"] + [head]
        return self._lookup_tokens(tokens)

    def _apposed_name(self, noun: Token) -> tuple[Person, list[Token]] | None:
        """ "the Republican candidate, Tom Alder," : a person's name is an apposition of the
        role noun, so a later "the Republican candidate said" is Tom Alder."""
        if not is_person_noun(noun):
            return None
        for name in (c for c in noun.children if _names_own_person(noun, c)):
            if name.pos_ == "PROPN" and name.ent_type_ == "PERSON":
                tokens = [t for t in name.subtree if not t.is_punct]
                return self._lookup_tokens(tokens)
        return None

    def _lookup_tokens(self, tokens: list[Token]) -> tuple[Person, list[Token]] | None:
        words = _clean_name_tokens(tokens)
        if not words:
            return None
        name = " ".join(words)
        if name in self._by_name:
            return self._by_name[name], tokens
        people = self._aliases.get(_surname(words)) or self._aliases.get(words[0])
        if people and len(people) == 1:
            return people[0], tokens
        if len(words) == 1 and tokens[0].ent_type_ not in ORGANIZATION_LABELS - {"GPE"}:
            return self._person(words), tokens
        return None

    def _owner(self, owner: Token) -> Person | None:
        if owner.lower_ in FEMALE_PRONOUNS | MALE_PRONOUNS:
            gender = "f" if owner.lower_ in FEMALE_PRONOUNS else "m"
            return self._nearest_before(owner.idx, gender, allow_quoted=True)
        found = self._lookup_tokens([owner])
        return found[0] if found else None

    def _collect_mentions(self) -> None:
        """Each run of name words that names a known person, by start. A run that names
        nobody gives way to the next run starting one token later."""
        mentions: list[tuple[int, int, Person]] = []
        resume = 0  # the first token not yet inside a mention
        for index, end, start_char, end_char, words in self._name_runs():
            if index < resume:
                continue
            person = self._match_words(words)
            if person is not None:
                mentions.append((start_char, end_char, person))
                resume = end + 1
        mentions.sort(key=lambda m: m[0])
        self._mentions = mentions

    def _name_runs(self) -> list[tuple[int, int, int, int, list[str]]]:
        """Every token that may open a name, with the run of name words it opens: (first and
        last token, their character offsets, the run's name words). They depend on the doc
        alone, so they are read once though mentions are collected twice (issue #22)."""
        if self._runs is not None:
            return self._runs
        runs = []
        doc = self.doc
        columns = token_columns(doc)
        pos, texts = columns.pos, columns.text
        size = len(doc)
        for index, (tag, text) in enumerate(zip(pos, texts, strict=True)):
            if not (tag == "PROPN" or NAME_TOKEN.match(text)):
                continue
            token = doc[index]
            if token.is_stop or token.lower_ in TITLES:
                continue
            end = index
            while end + 1 < size and NAME_TOKEN.match(texts[end + 1]) and pos[end + 1] == "PROPN":
                end += 1
            words = _clean_name_tokens(list(doc[index : end + 1]))
            runs.append((index, end, token.idx, columns.idx[end] + len(texts[end]), words))
        self._runs = runs
        return runs

    def _named_in_apposition(self, noun: Token) -> tuple[Person, Token] | None:
        """The person an apposition names for a role noun, and the name's last word: "the
        mayor, Tom Alder, said", "economist Ruth Penn said". The parse often hangs the name on
        the object of the noun's own "for" phrase instead ("a spokeswoman for Alder, Ruth
        Penn, said"; "a spokesman for the council, Tom Alder"): a name there is the noun's when
        it names someone other than that object."""
        appositions = [c for c in noun.children if _names_own_person(noun, c)]
        for prep in (c for c in noun.children if c.dep_ == "prep"):
            for obj in (c for c in prep.children if c.dep_ == "pobj"):
                owner = self._match_words(_clean_name_tokens([obj]))
                for name in (c for c in obj.children if c.dep_ in NAMING_DEPS):
                    named = self._match_words(_clean_name_tokens(list(name.subtree)))
                    if named is not None and named is not owner:
                        appositions.append(name)
                glued = _name_glued_to_a_place(obj)
                if glued:
                    # "former U.S. attorney for the District of Columbia Joseph diGenova
                    # blasted ...": the parse made the name the object of "for", glued to the
                    # place's name; the attorney is the person so named
                    person = self._match_words(_clean_name_tokens(glued))
                    if person is not None:
                        return person, glued[-1]
        for name in appositions:
            if name.pos_ != "PROPN":
                continue
            tokens = [t for t in name.subtree if not t.is_punct]
            words = _clean_name_tokens(tokens)
            person = self._match_words(words)
            if person is None and is_person_noun(noun) and _given_and_surname(words):
                # "Ward's spokesman, Leo Marsh, said": the recogniser may tag the name as an
                # organisation, but a given name and a surname set beside a person's role
                # name that person, not the one whose spokesman he is
                person = self._person(words)
            if person is not None and tokens:
                return person, tokens[-1]
        for role in (c for c in noun.children if c.dep_ in NAMING_DEPS and c.pos_ == "NOUN"):
            # "A former senior Justice Department official, now ... attorney with Ifrah Law,
            # James Trusty, told ...": a second description in apposition carries the name
            if is_person_noun(role):
                return self._named_in_apposition(role)
        return None

    def _match_words(self, words: list[str]) -> Person | None:
        if not words:
            return None
        name = " ".join(words)
        if name in self._by_name:
            return self._by_name[name]
        suffix = words[-1].lower() if len(words) > 1 else ""
        for word in (_surname(words), words[0]):
            people = self._aliases.get(word)
            if people and suffix in NAME_SUFFIXES:
                # "Jackson Jr." is the one of the Jacksons whose name carries the suffix.
                people = [p for p in people if p.name.split()[-1].lower() == suffix]
            if people and len(people) == 1:
                return people[0]
        return None

    def _vote_genders(self) -> None:
        """Pronouns outside quotes vote for a person's gender: a subject "she" for the
        subject named before it, a possessive "her" for the subject of its own clause."""
        subject_mentions: list[tuple[int, Person]] = []
        by_token: dict[int, Person] = {}
        for start, end, person in self._mentions:
            if self._inside_quote(start):
                continue
            span = self.doc.char_span(start, end, alignment_mode="expand")
            if span is None:
                continue
            by_token[span.root.i] = person
            verb = _subject_verb(span)
            if verb is not None and _reporter_subject(verb) is None:
                # (`Malik said Delacroix asked him to stop. "...," he said`: the "he" after a
                # name inside what someone reports is the reporter's, no vote for the name.)
                subject_mentions.append((start, person))
        subject_starts = [start for start, _ in subject_mentions]
        last_pronoun: dict[str, int] = {"f": -1, "m": -1}  # where each gender was last "he"/"she"
        for index, lower in enumerate(token_columns(self.doc).lower):
            if lower not in FEMALE_PRONOUNS and lower not in MALE_PRONOUNS:
                continue
            token = self.doc[index]
            if self._inside_quote(token.idx):
                continue
            voted: Person | None = None
            if token.dep_ in SUBJECT_DEPS:
                gender = "f" if lower in FEMALE_PRONOUNS else "m"
                other = last_pronoun["m" if gender == "f" else "f"]
                last_pronoun[gender] = token.idx
                position = bisect_left(subject_starts, token.idx) - 1
                # A "he" between "Alec" and this "she" took Alec: no vote from a crossed chain.
                if position >= 0 and (
                    token.idx - subject_starts[position] <= GENDER_VOTE_WINDOW_CHARS
                    and other < subject_starts[position]
                ):
                    voted = subject_mentions[position][1]
            elif token.dep_ == "poss":
                for ancestor in token.ancestors:
                    subject = next((c for c in ancestor.children if c.dep_ in SUBJECT_DEPS), None)
                    if subject is not None:
                        voted = by_token.get(subject.i)
                        break
            if voted is None:
                continue
            if lower in FEMALE_PRONOUNS:
                voted.female_votes += 1
            else:
                voted.male_votes += 1
        for person in self.people:
            first = person.name.split()[0].lower()
            if first in _FEMALE_FIRST:
                person.female_votes += FIRST_NAME_GENDER_VOTE
            elif first in _MALE_FIRST:
                person.male_votes += FIRST_NAME_GENDER_VOTE
            if first in FEMALE_MARKERS:
                person.female_votes += STRONG_GENDER_VOTE
            if first in MALE_MARKERS:
                person.male_votes += STRONG_GENDER_VOTE
        for start, _, person in self._mentions:
            previous = self.doc.char_span(start, start + 1, alignment_mode="expand")
            if previous is None or previous.start == 0:
                continue
            title = self.doc[previous.start - 1].lower_
            if title in {"mrs.", "mrs", "ms.", "ms", "miss"}:
                person.female_votes += STRONG_GENDER_VOTE
            elif title in {"mr.", "mr"}:
                person.male_votes += STRONG_GENDER_VOTE

    # ----- resolving --------------------------------------------------------------------
    def note_speaker(self, start: int, end: int, person_name: str) -> None:
        """Record a resolved speaker as a mention, so that a later "she" can refer to them."""
        person = self._by_name.get(person_name)
        if person is None:
            return
        position = bisect_left([m[0] for m in self._mentions], start)
        self._mentions.insert(position, (start, end, person))

    def people_named_between(self, start: int, end: int, gender: str) -> set[str]:
        """The people mentioned from ``start`` to ``end`` (in quotes or not, by name or by a
        pronoun the table resolved) who may be of ``gender``: whom a "he" or "she" at
        ``end`` may mean."""
        return {
            person.name
            for at, _, person in self._mentions
            if start <= at < end and person.gender in (gender, None)
        }

    def _inside_quote(self, offset: int) -> bool:
        position = bisect_left(self._quoted, (offset + 1, 0)) - 1
        return position >= 0 and self._quoted[position][0] <= offset < self._quoted[position][1]

    def _nearest_before(
        self, offset: int, gender: str | None, allow_quoted: bool = False
    ) -> Person | None:
        preferred = self._main_subject_before(offset, gender, allow_quoted)
        if preferred is not None:
            return preferred
        fallback: Person | None = None
        for start, _, person in reversed(self._mentions):
            if start >= offset:
                continue
            if offset - start > PRONOUN_LOOKBACK_CHARS:
                break
            if not allow_quoted and self._inside_quote(start):
                continue
            if gender is None or person.gender == gender:
                return person
            if person.gender is None and fallback is None:
                fallback = person
        return fallback

    def _main_subject_before(
        self, offset: int, gender: str | None, allow_quoted: bool
    ) -> Person | None:
        """News refers "he said" to the subject of the sentence before sooner than to a name
        deeper in it ("Shaw said that fans felt Ashby had been let down. '...,' he said"):
        the nearest main-clause subject of the right gender in this sentence or the ones
        just before it."""
        doc = self.doc
        token = doc.char_span(offset, offset + 1, alignment_mode="expand")
        if token is None:
            return None
        sentence = token[0].sent
        window_start = sentence.start
        for _ in range(SUBJECT_PREFERENCE_SENTENCES):
            if window_start == 0:
                break
            window_start = doc[window_start - 1].sent.start
        low = doc[window_start].idx
        chained = self._pronoun_subject_before(low, offset, gender, allow_quoted)
        unknown: Person | None = None
        for start, end, person in reversed(self._mentions):
            if start >= offset:
                continue
            if start < low:
                break
            if chained is not None and start < chained[0]:
                break  # "He set out a goal ...": the nearer main subject carries on
            if not allow_quoted and self._inside_quote(start):
                continue
            span = doc.char_span(start, end, alignment_mode="expand")
            if span is None:
                continue
            content = _reported_clause_around(span.root)
            if content is not None:
                reporter = self._reporter_of(content, gender, allow_quoted)
                if reporter is not None:
                    # `He said Hale would chair the panel. "...," he said`, `a speech in
                    # which Cole criticized the council but argued that Hale was a danger`:
                    # a name inside what someone reports is not the sentence's speaker; the
                    # reporter continues, however deep the report stands.
                    return reporter
            verb = _subject_verb(span)
            if verb is None or not (verb.dep_ == "ROOT" or verb.head.dep_ == "ROOT"):
                continue
            if gender is None or person.gender == gender:
                return person
            if person.gender is None and unknown is None:
                unknown = person
        if chained is not None and unknown is None:
            return chained[1]
        return unknown

    def _pronoun_subject_before(
        self, low: int, offset: int, gender: str | None, allow_quoted: bool
    ) -> tuple[int, Person] | None:
        """A "he" or "she" of ``gender`` that is the subject of a main clause between ``low``
        and ``offset``, outside quotes, with the person it stands for: "Mr. Flake had raced to
        Mr. Scalise's side. He set out a goal ... '...,' he said": the second "he" is the first
        one's, who is Flake, not the nearest name before it (a fresh reader of BASIL event 42
        found Flake's words credited to Scalise). The latest such pronoun, resolved once."""
        if gender is None:
            return None
        pronouns = FEMALE_PRONOUNS if gender == "f" else MALE_PRONOUNS
        span = self.doc.char_span(low, offset, alignment_mode="contract")
        if span is None:
            return None
        for token in reversed(span):
            if token.lower_ not in pronouns or token.dep_ not in SUBJECT_DEPS:
                continue
            if token.head.dep_ != "ROOT" or (not allow_quoted and self._inside_quote(token.idx)):
                continue
            if _reporter_subject(token.head) is not None:
                continue  # "he said Hale would chair it": the reporter's, resolved elsewhere
            person = self._nearest_before(token.idx, gender, allow_quoted)
            return (token.idx, person) if person is not None and person.gender == gender else None
        return None

    def _reporter_of(self, verb: Token, gender: str | None, allow_quoted: bool) -> Person | None:
        """The person of ``gender`` who reports the clause of ``verb`` (`He said Hale would
        chair the panel`: the "he" of "he said", resolved), where that clause is a speech
        verb's content and the speech verb's subject is a name or a pronoun of ``gender``;
        else None."""
        subject = _reporter_subject(verb, shared=True)
        if gender is None or subject is None:
            return None  # (`Hale will chair it, he said`: the reporter stands after it)
        pronouns = FEMALE_PRONOUNS if gender == "f" else MALE_PRONOUNS
        if subject.lower_ in pronouns:
            person = self._nearest_before(subject.idx, gender, allow_quoted)
        else:
            person = self._mentioned_at(subject.idx)
        return person if person is not None and person.gender == gender else None

    def _mentioned_at(self, offset: int) -> Person | None:
        """The person of the mention (a name, or a pronoun noted) over ``offset``."""
        position = bisect_left(self._mentions, (offset + 1,), key=lambda m: (m[0],)) - 1
        while position >= 0:
            start, end, person = self._mentions[position]
            if start <= offset < end:
                return person
            if end <= offset and offset - start > PRONOUN_LOOKBACK_CHARS:
                return None
            position -= 1
        return None

    def resolve(self, head: Token) -> ResolvedSpeaker:
        """Resolve the noun phrase headed by ``head`` (the subject of a speech verb); a name
        coordinated with other names ("Ann Cole and Bo Reyes said in a joint statement")
        resolves to all of them, since the words are theirs together, not the first one's."""
        # "Jeff Varney (D) and ...": the parse may head the name on its party tag.
        head = name_before_tag(head)
        found = self._resolve_one(head)
        if found.kind != "person" or found.speaker is None or head.pos_ != "PROPN":
            return found
        partners = []
        for conj in _coordinated_names(head) or _name_listed_after_tag(head):
            partner = self._resolve_one(conj)
            if partner.speaker is None or partner.kind not in ("person", "organization"):
                return found  # "Cole and others", "Cole and her lawyer": not named together
            partners.append(partner)
        if not partners:
            return found
        names = [found.speaker, *(_as_printed(p) for p in partners)]
        joint = f"{', '.join(names[:-1])} and {names[-1]}"
        end = max(found.end, *(p.end for p in partners))
        return ResolvedSpeaker(joint, self.text[found.start : end], found.start, end, "person")

    def _resolve_one(self, head: Token) -> ResolvedSpeaker:
        """``resolve`` for the noun phrase of ``head`` alone."""
        tokens = mention_tokens(head)
        start = tokens[0].idx
        titled = _name_after_title(head)
        if titled is not None:
            # "Senate Minority Leader Chuck Varney (D-N.Y.) said": a tag after the name made
            # the parse head the phrase on the title and hang the name on it; the title and
            # the name are one phrase, the person's.
            person_named = self._resolve_one(titled)
            if person_named.kind == "person" and person_named.speaker is not None:
                end = person_named.end
                return ResolvedSpeaker(
                    person_named.speaker, self.text[start:end], start, end, "person"
                )
        end = tokens[-1].idx + len(tokens[-1])
        mention = self.text[start:end]
        lower = head.lower_

        if lower in FEMALE_PRONOUNS or lower in MALE_PRONOUNS:
            gender = "f" if lower in FEMALE_PRONOUNS else "m"
            person = self._nearest_before(start, gender, allow_quoted=self._inside_quote(start))
            if person is None:
                return ResolvedSpeaker(None, mention, start, end, "unknown")
            return ResolvedSpeaker(person.name, mention, start, end, "person")
        if lower in GROUP_PRONOUNS:
            group = self._group_before(head)
            if group is not None:
                return ResolvedSpeaker(group[0], mention, start, end, group[1])
        if head.tag_ in RELATIVE_PRONOUN_TAGS and head.head.dep_ == "relcl":
            # `Ms. Ruiz, who said ...`, `a letter from his doctor that says ...`: the pronoun
            # stands for the noun its clause describes; the mention stays the pronoun.
            noun = head.head.head
            if (
                head.lower_ == "who"
                and noun.dep_ == "pobj"
                and noun.ent_type_ in PLACE_OR_GROUP_LABELS
            ):
                # `Democrats on Capitol Hill, who have argued`: "who" is the people, not the
                # place the parse hung the clause on.
                noun = _people_before(noun.head) or noun
            # `sources close to the couple who dismissed ...`: the parse hangs the clause on
            # the last noun, but a source's description ("close to the couple") is part of
            # the source, and the clause says what the source did.
            noun = _source_described(noun) or noun
            antecedent = self.resolve(noun)
            return ResolvedSpeaker(antecedent.speaker, mention, start, end, antecedent.kind)
        if lower == "it":
            document = _document_taken_up(head) or self._document_quoted_before(head)
            if document is not None:
                # `But the draft called for sanctions. It said ...`: the document speaks; one
                # someone issued (`The party issued a statement: "..." It ended with: ...`)
                # speaks for whoever issued it.
                issuer = _issuer_of(document)
                referent = self.resolve(issuer) if issuer is not None else None
                if referent is None or referent.speaker is None:
                    referent = self._resolve_one(document)
                return ResolvedSpeaker(referent.speaker, mention, start, end, referent.kind)
        if lower in UNRESOLVABLE_PRONOUNS or is_time_word(head):
            # "Saturday, Hale said" parsed with the day as subject: a day is no speaker.
            return ResolvedSpeaker(None, mention, start, end, "unknown")

        listed = self._named_group_for(head)
        if listed is not None:
            joint = self._joint_names(listed)
            if joint is not None:
                return ResolvedSpeaker(joint, mention, start, end, "person")

        sender = _message_sender(head)
        if sender is not None:
            # "a call from Jeb Bush, the former governor of Florida, said", "the letter from
            # Senator Reyes said": the message speaks for whom it comes from.
            sent_by = self.resolve(sender)
            if sent_by.speaker is not None:
                return ResolvedSpeaker(sent_by.speaker, mention, start, end, sent_by.kind)

        owned: set[int] = set()
        if head.pos_ == "NOUN":
            # "Gary Johnson's doctor", "an Alder aide", "a spokesman for Alder", "sources close
            # to Alder", "an official in Alder's office": the names say whose aide or office,
            # or close to whom; the speaker is the one the noun describes. Only an apposition
            # ("the mayor, Tom Alder,") names the noun's own person. (A capitalised "noun" is
            # a name the tagger misread: only its possessive is set apart.)
            common = head.text[:1].islower()
            for child in head.children:
                if child.dep_ == "poss" or (common and not _names_own_person(head, child)):
                    owned.update(t.i for t in child.subtree)
        for child in head.rights:
            if child.lower_ in ACCESS_ADJECTIVES:
                # "one Democrat familiar with the Clinton campaign" (the tagger may make
                # "Democrat" a name): the names after it say what the source knows
                owned.update(t.i for t in child.subtree)
        names = [
            t
            for t in tokens
            if (t.pos_ == "PROPN" or NAME_TOKEN.match(t.text)) and t.i not in owned
        ]
        person = self._match_words(_clean_name_tokens(names)) if names else None
        run = _name_run(head) if head.pos_ == "PROPN" else []
        if person is None and run:
            # "Former Florida Gov. Jeb Bush": the name's own words, without the place and
            # title before them, name the person the table knows.
            person = self._match_words(_clean_name_tokens(run))
        if person is None and head.pos_ == "PROPN":
            person = self._match_words(_clean_name_tokens([head]))
        if person is None and head.pos_ == "NOUN":
            in_apposition = self._named_in_apposition(head)
            if in_apposition is not None:
                person, last = in_apposition
                end = max(end, last.idx + len(last))  # the mention holds the name
                mention = self.text[start:end]
        if person is not None:
            return ResolvedSpeaker(person.name, mention, start, end, "person")

        if head.pos_ in ROLE_WORD_TAGS:
            # "said grower Priya Nand": a role word with the name right after it (the small
            # model sometimes tags such a role word as a verb or an adjective).
            named = self._name_after(head)
            if named is not None and any(t.ent_type_ == "PERSON" for t in named[1]):
                last = named[1][-1]
                end = max(end, last.idx + len(last))
                mention = self.text[start:end]
                return ResolvedSpeaker(named[0].name, mention, start, end, "person")

        head_lemma = head.lemma_.lower()
        owner = next((c for c in head.children if c.dep_ == "poss"), None)
        if head_lemma in KIN_NOUNS and owner is not None:
            owner_person = self._owner(owner)
            kin = self._kin.get((id(owner_person), head_lemma)) if owner_person else None
            if kin is None and owner_person is not None:
                kin = self._married_partner(owner_person, head_lemma)
            if kin is not None:
                return ResolvedSpeaker(kin.name, mention, start, end, "person")
        if run and _reads_as_person(head, run):
            # A person introduced with a place or an organisation ("Gov. Ann Cole of Ohio",
            # "Bo Reyes, a lawyer at Hale & Co.") whom the recogniser labelled as one of them
            # is the person, not the organisation.
            return ResolvedSpeaker(" ".join(_clean_name_tokens(run)), mention, start, end, "person")
        if head.pos_ == "PROPN" and head.ent_type_ in ORGANIZATION_LABELS:
            if head.ent_type_ == "NORP" and head.tag_ == "NNP" and _determined(head):
                # "the Republican said": one member of a party or people, an unnamed person
                return ResolvedSpeaker(_description(mention), mention, start, end, "anonymous")
            return ResolvedSpeaker(_description(mention), mention, start, end, "organization")
        if not is_person_noun(head) and any(
            t.ent_type_ in ORGANIZATION_LABELS
            # "an Alder aide": a person the article names, whatever the tagger made of him,
            # says whose aide; the aide is an unnamed person, no organisation
            and not (t.i in owned and self._match_words(_clean_name_tokens([t])) is not None)
            for t in tokens
            if t.pos_ == "PROPN"
        ):
            return ResolvedSpeaker(_description(mention), mention, start, end, "organization")
        if head_lemma in ANONYMOUS_NOUNS or lower in ANONYMOUS_NOUNS:
            return ResolvedSpeaker(_description(mention), mention, start, end, "anonymous")
        if head_lemma in ORGANIZATION_NOUNS:
            return ResolvedSpeaker(_description(mention), mention, start, end, "organization")
        if head.pos_ == "NOUN":
            linked = None
            if head_lemma not in WRITTEN_WORDS_NOUNS and head.tag_ != "NNS":
                # (a letter, a statement, a report is nobody's role: "sent Ryan a letter"
                # parses as if Ryan were the letter, and the letter's words are not his; and
                # "the candidates" are several, never the one candidate named before)
                linked = self._role_person(head_lemma, start)
            if linked is None:
                linked = self._role_from_sentence_subject(head)
            if linked is not None:
                return ResolvedSpeaker(linked.name, mention, start, end, "person")
            # "one firefighter", "the ex-employee": a person the article describes but never
            # names is an anonymous source.
            return ResolvedSpeaker(_description(mention), mention, start, end, "anonymous")
        if (
            head.pos_ == "PROPN"
            or (head.pos_ == "VERB" and head.dep_ in SUBJECT_DEPS and head.tag_ != "VBG")
        ) and NAME_TOKEN.match(head.text):
            # A capitalised subject the tagger took for a verb ("Trump on Saturday said") is
            # a name: no finite verb is the subject of a speech verb.
            words = _clean_name_tokens(tokens)
            if words:
                return ResolvedSpeaker(" ".join(words), mention, start, end, "person")
        return ResolvedSpeaker(None, mention, start, end, "unknown")

    def _document_quoted_before(self, pronoun: Token) -> Token | None:
        """`The party issued a brief statement: "..." And it ended with: "..."`: "it" opening
        the sentence right after a quote takes up the document the quote's lead-in names
        before its colon (the lead-in's subject, or the object of the verb that issued it):
        the quote was the document's words, and "it" goes on with them. The document noun,
        or None."""
        if pronoun.dep_ not in SUBJECT_DEPS:
            return None
        doc = pronoun.doc
        opening = [t for t in doc[pronoun.sent.start : pronoun.i] if not t.is_space]
        if any(t.pos_ not in SENTENCE_OPENER_POS and not t.is_quote for t in opening):
            return None  # "it" does not open its sentence
        if any(t.pos_ in ("VERB", "AUX") for t in doc[pronoun.sent.start : pronoun.head.i]):
            return None  # not the subject of the sentence's first verb
        first = next((t for t in opening if not t.is_quote), pronoun)
        gap_start = len(self.text[: first.idx].rstrip(QUOTE_MARKS_AND_SPACE))
        quote = next((q for q in self._quoted if q[1] >= gap_start > q[0]), None)
        if quote is None or self._inside_quote(pronoun.idx):
            return None
        lead_in = self.text[: quote[0]].rstrip(QUOTE_MARKS_AND_SPACE)
        if not lead_in.endswith(":"):
            return None
        colon = doc.char_span(len(lead_in) - 1, len(lead_in), alignment_mode="expand")
        if colon is None:
            return None
        sentence = colon[0].sent
        root = sentence.root
        for token in doc[sentence.start : colon[0].i]:
            if token.pos_ != "NOUN" or not _names_a_document(token):
                continue
            if (token.dep_ in SUBJECT_DEPS and token.head.i == root.i) or _issuer_of(token):
                return token
        return None

    def _named_groups(self) -> list[tuple[int, str, list[Token]]]:
        """The groups of people the article names outside quotes, by offset: a plural noun
        with the names in apposition ("the state's two senators, Ann Cole and Bo Reyes"; its
        lemma kept) and names joined on their own ("Ann Cole and Bo Reyes"; lemma "")."""
        if self._groups is None:
            groups: list[tuple[int, str, list[Token]]] = []
            for token in self.doc:
                if self._inside_quote(token.idx):
                    continue
                if token.tag_ in PLURAL_NOUN_TAGS:
                    names = _listed_names(token)
                    if names:
                        groups.append((token.idx, token.lemma_.lower(), names))
                elif (
                    token.ent_type_ == "PERSON"
                    and token.dep_ not in LISTED_NAME_DEPS
                    # the names listed for a plural noun are that noun's group, found there
                    and not (token.dep_ in NAMING_DEPS and token.head.tag_ in PLURAL_NOUN_TAGS)
                ):
                    names = _person_names_joined(token)
                    if names:
                        groups.append((token.idx, "", names))
            self._groups = groups
        return self._groups

    def _named_group_for(self, head: Token) -> list[Token] | None:
        """The names of the group a plural mention stands for: its own names in apposition,
        the names the article last gave a group of the same noun before ("the senators"), or
        the pair it last named before "both" ("both of them said")."""
        lemma, size = "", 0
        if head.tag_ in PLURAL_NOUN_TAGS:
            own = _listed_names(head)
            if own:
                return own
            if not any(c.dep_ == "det" and c.lower_ == "the" for c in head.children):
                return None
            lemma = head.lemma_.lower()
        elif head.lower_ in PAIR_WORDS and head.pos_ in ("PRON", "DET"):
            size = PAIR_SIZE
        else:
            return None
        for at, noun, names in reversed(self._named_groups()):
            if at >= head.idx:
                continue
            if head.idx - at > PRONOUN_LOOKBACK_CHARS:
                return None
            # Only the nearest group: one named since stands between.
            return names if (noun == lemma if lemma else len(names) == size) else None
        return None

    def _joint_names(self, heads: list[Token]) -> str | None:
        """The names of a group as one joint speaker ("Ann Cole, Bo Reyes and Li Wen"), or
        None where one of them resolves to no person."""
        names = []
        for name in heads:
            found = self._resolve_one(name)
            if found.speaker is None or found.kind != "person":
                return None
            names.append(_as_printed(found))
        return f"{', '.join(names[:-1])} and {names[-1]}"

    def _group_before(self, pronoun: Token) -> tuple[str, SpeakerType] | None:
        """ "The union said ... They added": "they" takes the nearest subject before it when
        that is an organisation or a plural group; a person or a singular noun there means
        "they" is someone the article has not named, and it stays unresolved."""
        doc = self.doc
        for token in reversed(doc[: pronoun.i]):
            if pronoun.idx - token.idx > PRONOUN_LOOKBACK_CHARS:
                return None
            if token.dep_ not in SUBJECT_DEPS or self._inside_quote(token.idx):
                continue
            if token.head.dep_ != "ROOT":
                continue  # a subject deep in a clause is seldom what "they" takes up
            if token.pos_ == "PRON":
                if token.lower_ in GROUP_PRONOUNS:
                    continue  # an earlier "they" of the same chain
                return None
            tokens = mention_tokens(token)
            description = _description(self.text[tokens[0].idx : tokens[-1].idx + len(tokens[-1])])
            organisation = token.ent_type_ in ORGANIZATION_LABELS or (
                token.lemma_.lower() in ORGANIZATION_NOUNS
            )
            if organisation and token.pos_ in ("PROPN", "NOUN"):
                return description, "organization"
            if token.tag_ in ("NNS", "NNPS"):
                return description, "anonymous"
            return None
        return None

    def _role_person(self, lemma: str, offset: int) -> Person | None:
        """The person the article last described with this role before ``offset`` ("Mayor
        Olander ... the mayor said"); with none before, the one person it ever links to it."""
        links = self._roles.get(lemma)
        if not links:
            return None
        before = [pid for at, pid in links if at < offset]
        if before:
            wanted = self._last_named(set(before), offset) or before[-1]
        elif len({pid for _, pid in links}) == 1:
            wanted = links[0][1]
        else:
            return None
        return next((p for p in self.people if id(p) == wanted), None)

    def _last_named(self, candidates: set[int], offset: int) -> int | None:
        """Of several people the article gave one role ("talk show host X", later "radio
        host Y"), the one it named last before ``offset``: "the host complained" takes up the
        host the story is about, not one it described as a host in passing since."""
        if len(candidates) < 2:
            return None
        for start, _, person in reversed(self._mentions):
            if start < offset and id(person) in candidates and not self._inside_quote(start):
                return id(person)
        return None

    def _role_from_sentence_subject(self, head: Token) -> Person | None:
        """A definite role noun met for the first time ("X, who ..., was threatened by ... -
        but according to the comedian, ...") takes up the named main subject of its own
        sentence, as news style renames its subject by what they do. The subject's own
        verb never takes it as an argument: "X was threatened by the actor" is two people."""
        lemma = head.lemma_.lower()
        if head.tag_ != "NN" or not _person_role_noun(lemma):
            return None
        if not any(c.dep_ == "det" and c.lower_ == "the" for c in head.children):
            return None
        if any(c.dep_ == "poss" for c in head.children):
            return None
        doc = self.doc
        first = next((t for t in doc[: head.i] if t.lemma_.lower() == lemma), None)
        if first is not None:
            # "according to the comedian ... The comedian mockingly referred to her": a role
            # the article used before names whom its first use named, if that use was one.
            if first.tag_ != "NN" or not any(
                c.dep_ == "det" and c.lower_ == "the" for c in first.children
            ):
                return None  # "a comedian", "comedians": maybe someone else
            return self._role_from_sentence_subject(first)
        clause_verb = next(
            (a for a in head.ancestors if a.pos_ in ("VERB", "AUX") and a.dep_ != "prep"), None
        )
        sentence = head.sent
        named_before = [
            (start, end, person)
            for start, end, person in self._mentions
            if sentence.start_char <= start < head.idx and not self._inside_quote(start)
        ]
        for start, end, person in named_before:
            span = doc.char_span(start, end, alignment_mode="expand")
            if span is None:
                continue
            root = span.root
            if root.dep_ not in SUBJECT_DEPS or root.head.dep_ != "ROOT":
                continue
            if clause_verb is not None and root.head == clause_verb:
                # `X, who taunted Baldwin, was threatened by the actor`: the subject's own
                # verb makes the role someone else: the one other person the sentence names.
                return self._other_person_named(head, sentence, person)
            return person
        return self._previous_sentence_subject(head, sentence)

    def _previous_sentence_subject(self, head: Token, sentence: Span) -> Person | None:
        """A role that opens its sentence as its subject ("The former Alaska governor said
        ...") with no one named before it there takes up the named main subject of the
        sentence before, as news style renames the person it has just quoted: "Sarah Palin,
        a vocal supporter, said ... . The former Alaska governor said ..." (a fresh reader
        found the role left unnamed and Palin missing from the outlet's quoted people)."""
        if head.dep_ not in SUBJECT_DEPS or head.head.dep_ != "ROOT":
            return None
        if any(t.pos_ in ("VERB", "AUX") for t in self.doc[sentence.start : head.i]):
            return None  # the role is not what the sentence opens on
        if sentence.start == 0:
            return None
        before = self.doc[sentence.start - 1].sent
        for start, end, person in self._mentions:
            if not before.start_char <= start < before.end_char or self._inside_quote(start):
                continue
            span = self.doc.char_span(start, end, alignment_mode="expand")
            if span is None:
                continue
            root = span.root
            if root.dep_ in SUBJECT_DEPS and root.head.dep_ == "ROOT":
                return person
        return None

    def _other_person_named(self, role: Token, sentence: Span, subject: Person) -> Person | None:
        """The one person other than ``subject`` that ``role``'s sentence names before it.

        A bare surname two people of the article share ("Baldwin", with Alec and Hilaria
        named) is settled by the role noun's gender where it has one ("actor", "actress"):
        otherwise it stays open."""
        lemma = role.lemma_.lower()
        gender = "m" if lemma in MALE_MARKERS else "f" if lemma in FEMALE_MARKERS else None
        found: dict[int, Person] = {}
        for token in sentence:
            if token.i >= role.i or token.ent_type_ != "PERSON" or self._inside_quote(token.idx):
                continue
            people = [p for p in self._aliases.get(token.text, []) if p is not subject]
            if len(people) > 1 and gender is not None:
                people = [p for p in people if p.gender in (gender, None)]
                people = [p for p in people if p.gender == gender] or people
            if len(people) == 1:
                found[id(people[0])] = people[0]
            elif people:
                return None  # a name the sentence leaves open
        return next(iter(found.values())) if len(found) == 1 else None

    def _married_partner(self, owner: Person, kin_lemma: str) -> Person | None:
        """ "his wife" where the article pairs the couple ("Ann and Bo Quill ... the couple")
        but never says "his wife Ann": the partner of the pair, of the other gender."""
        if kin_lemma not in SPOUSE_NOUNS:
            return None
        for first, second in self._couples:
            pair = (self._by_name.get(first), self._by_name.get(second))
            if owner not in pair:
                continue
            partner = pair[1] if pair[0] is owner else pair[0]
            if partner is None or partner is owner:
                continue
            wanted = {"wife": "f", "husband": "m"}.get(kin_lemma)
            if wanted is not None and partner.gender not in (wanted, None):
                continue
            if owner.gender is not None and owner.gender == partner.gender:
                continue
            return partner
        return None


def _name_run(head: Token) -> list[Token]:
    """The capitalised proper nouns that end at a name's head ("Jeb Bush" in "Former Florida
    Gov. Jeb Bush", "R. Clarke Cooper"): from the head back to a title, a word the
    recogniser puts in another entity than the head's, or a word of another kind."""
    doc = head.doc
    start = head.i
    while start > 0:
        before = doc[start - 1]
        if before.pos_ != "PROPN" or not NAME_TOKEN.match(before.text):
            break
        if before.lower_ in TITLES or before.ent_type_ != head.ent_type_:
            break
        start -= 1
    return list(doc[start : head.i + 1])


def _reads_as_person(head: Token, run: list[Token]) -> bool:
    """Whether a name that the table does not know is a person's though the recogniser
    labelled it (or a word before it) as an organisation or a place: a person entity at its
    head, a personal title right before it ("Sen.", "Gov."), or an apposition after it that
    says what the person does ("R. Clarke Cooper, the group's executive director")."""
    words = _clean_name_tokens(run)
    if not words or len(words) > MAX_NAME_WORDS:
        return False
    labelled = head.ent_type_ in ORGANIZATION_LABELS or any(
        t.ent_type_ in ORGANIZATION_LABELS for t in head.lefts if t.pos_ == "PROPN"
    )
    if not labelled:
        return False
    if head.ent_type_ == "PERSON":
        return True
    first = run[0]
    if first.i > 0 and first.doc[first.i - 1].lower_ in TITLES:
        return True
    # Only a listed role: "maker", "owner", "provider" end like a person's role but as often
    # describe a company ("Brightwave Systems, the maker of ...").
    return any(
        c.dep_ == "appos" and c.pos_ == "NOUN" and c.lemma_.lower() in ROLE_NOUNS
        for c in head.children
    )


def _given_and_surname_of(name: str) -> tuple[str | None, str]:
    """A person's first given name (None for a name of one word) and surname (``_surname``),
    initials aside ("Michael R. Bloomberg" -> "Michael", "Bloomberg")."""
    words = [w for w in name.split() if not _is_initial(w)]
    return (words[0] if len(words) >= 2 else None), _surname(words) if words else ""


def _is_initial(word: str) -> bool:
    """A name word that is an initial ("R.", "E", "J.D.")."""
    return bool(_INITIAL.match(word))


_INITIAL = re.compile(r"^(?:[A-Z]\.){1,3}$|^[A-Z]$")


def _surname(words: list[str]) -> str:
    """The family name of a full name's words: the last, or the one before a generational
    suffix ("Jackson" in "Jesse Jackson Jr.")."""
    if len(words) > 1 and words[-1].lower() in NAME_SUFFIXES:
        return words[-2]
    return words[-1]


def _as_printed(found: ResolvedSpeaker) -> str:
    """A coordinated name as the article resolves it ("Reyes" -> "Bo Reyes"), or as printed
    where the resolved name leaves out a word of the mention ("Bo Reyes" is no "Reyes Wen",
    which the table may make of "Reyes and Li Wen")."""
    resolved = set((found.speaker or "").split())
    # "Rep. Tom Birch" is Tom Birch: a title is no word of the name it stands before; the name
    # ends where a lower-case word starts its description ("Bo Reyes of Iowa")
    printed: list[str] = []
    for word in found.mention.split():
        if NAME_TOKEN.match(word) and word.lower() not in TITLES:
            printed.append(word)
        elif printed:
            break
    named = (found.speaker or "").split()
    if (
        found.speaker
        and all(w in resolved for w in printed)
        and all(NAME_TOKEN.match(w) for w in resolved)
    ):
        return found.speaker
    if named and printed[-len(named) :] == named:
        # "Assistant House Majority Leader Sara Quill": capitalised title words before the
        # name are no part of it.
        return found.speaker or found.mention
    return " ".join(printed) or found.speaker or found.mention


def _name_after_title(head: Token) -> Token | None:
    """The person's name the parse hung as an apposition on the title right before it
    ("Chuck Varney" on "Leader" in "Senate Minority Leader Chuck Varney (D-N.Y.)"): a name
    that follows its head with nothing between, as no apposition set off by commas does."""
    if head.pos_ != "PROPN" or head.ent_type_ == "PERSON":
        return None
    return next(
        (
            c
            for c in head.rights
            if c.dep_ in NAMING_DEPS
            and c.pos_ == "PROPN"
            and c.ent_type_ == "PERSON"
            and c.left_edge.i == head.i + 1
        ),
        None,
    )


def _listed_names(noun: Token) -> list[Token]:
    """The people's names in apposition to a plural noun, as the parse joins them ("Ann Cole,
    Bo Reyes and Li Wen" after "three councillors —"); empty unless there are several."""
    definite = any(
        c.dep_ == "poss" or (c.dep_ == "det" and c.lower_ == "the") for c in noun.children
    )
    doc = noun.doc
    for child in noun.rights:
        # Only names right after the noun (and its comma or dash): "The lawyers pointed to
        # two hopefuls, Ann Cole ..." names the hopefuls, though the parse may hang the names
        # on the lawyers.
        start = child.left_edge.i
        if not (
            start == noun.i + 1 or (start == noun.i + 2 and doc[noun.i + 1].text in LIST_OPENERS)
        ):
            continue
        # "Ohio's senators, Ann Cole and Bo Reyes,": the parse at times joins the names to a
        # definite noun as if they were more of a list; such a noun is not one of a list.
        if child.dep_ in NAMING_DEPS or (child.dep_ == "conj" and definite):
            names = _person_names_joined(child)
            if names:
                return names
    return []


def _person_names_joined(head: Token) -> list[Token]:
    """A person's name and the people's names joined to it ("Ann Cole and Bo Reyes"), or
    empty where no other name is joined or one of them is no person's."""
    if head.pos_ != "PROPN" or head.ent_type_ != "PERSON":
        return []
    others = _coordinated_names(head)
    if not others or any(o.ent_type_ != "PERSON" for o in others):
        return []
    return [head, *others]


def _coordinated_names(head: Token) -> list[Token]:
    """The names coordinated with a name heading a speaker's phrase, in order: "Bo Reyes" and
    "Li Wen" in "Ann Cole, Bo Reyes and Li Wen" (the parse chains each to the one before).
    Empty unless every conjunct is a name."""
    found: list[Token] = []
    current = head
    while True:
        conj = _next_conjunct(current)
        if conj is None:
            conj = _name_joined_to_description(current)
        if conj is None:
            return found
        if conj.pos_ != "PROPN":
            return []
        current = conj
        if conj.ent_type_ in STATE_TAG_LABELS:
            continue  # "Ann Cole, R-Ohio, and Bo Reyes": the parse joins the state to the name
        found.append(name_before_tag(conj))


def _next_conjunct(name: Token) -> Token | None:
    """The first conjunct of a name; where the parse split the next person's title from their
    name ("Ann Cole (D) and Assistant House Leader Bo Reyes": "Leader" and "Reyes" both
    conjuncts), the person's name the title words run into."""
    conjuncts = [c for c in name.rights if c.dep_ == "conj"]
    if not conjuncts:
        return None
    first = conjuncts[0]
    if first.ent_type_ != "PERSON" and len(conjuncts) > 1:
        following = conjuncts[1]
        between = first.doc[first.i : following.i]
        if following.ent_type_ == "PERSON" and all(
            t.pos_ == "PROPN" and NAME_TOKEN.match(t.text) for t in between
        ):
            return following
    return first


# Words after a party tag that may list one more person's name ("and", "and Rep.").
LISTED_AFTER_TAG_MAX_TOKENS = 8


def _name_listed_after_tag(name: Token) -> list[Token]:
    """ "Jeff Varney (D) and Assistant House Majority Leader Sara Quill (D) said": a party tag
    after a name breaks the parse, which may not join the names; read from the words, the
    person's name after "and" (and their title words) is listed with it. The name's head
    (its last word), or nothing."""
    doc = name.doc
    index = name.i + 1
    if not _followed_by_tag(name):
        return []
    while index < len(doc) and doc[index].text != ")":
        index += 1
    index += 1
    if index >= len(doc) or doc[index].lower_ != "and":
        return []
    last: Token | None = None
    for token in doc[index + 1 : index + 1 + LISTED_AFTER_TAG_MAX_TOKENS]:
        if token.pos_ != "PROPN" or not NAME_TOKEN.match(token.text):
            break
        last = token
    if last is None or last.ent_type_ != "PERSON":
        return []
    return [last]


# What follows a name to say where its bearer is from: "of Arizona", "(D-Ohio)", "R-Ariz.".
NAME_DESCRIPTION_DEPS = frozenset({"appos", "prep"})
# Entity labels of such a state tag, which no name coordinated with it shares (a party,
# NORP, is left out: the recogniser gives it to given names too, "Dorian").
STATE_TAG_LABELS = frozenset({"GPE"})


def _name_joined_to_description(name: Token) -> Token | None:
    """ "Sens. Ann Cole of Ohio and Bo Reyes of Iowa said", "Ann Cole, D-Ohio, and Bo Reyes":
    the parse joins the second name to the first one's state or party tag, not to the name.
    A person's name joined to such a tag is the first name's partner."""
    for child in name.rights:
        if child.dep_ not in NAME_DESCRIPTION_DEPS:
            continue
        described = (
            child
            if child.dep_ == "appos"
            else next((c for c in child.children if c.dep_ == "pobj"), None)
        )
        if described is None or described.pos_ != "PROPN" or described.ent_type_ == "PERSON":
            continue
        conj = next((c for c in described.rights if c.dep_ == "conj"), None)
        if conj is not None and conj.pos_ == "PROPN" and conj.ent_type_ == "PERSON":
            return conj
    return None


def mention_tokens(head: Token) -> list[Token]:
    """The words of a speaker noun phrase: the head and what modifies it on the left, plus a
    following name or "close to ..." phrase, but not a relative clause or an apposition."""
    doc = head.doc
    left = head.i
    for child in head.lefts:
        if child.dep_ in ("punct", "cc", "preconj") or child.i < head.i - 8:
            continue
        left = min(left, child.left_edge.i)
    right = head.i
    for child in head.rights:
        if child.dep_ in ("compound", "flat", "nummod") or (
            child.dep_ in ("prep", "amod", "advmod")
            and child.i == right + 1
            and child.lower_ in MENTION_PREPOSITIONS
        ):
            # A clause or an apposition inside the phrase ("a call from X, the former
            # governor of Y,") describes its object; the mention stops before it.
            clause_tokens = {
                t.i
                for t in child.subtree
                for c in [t]
                if any(
                    a.dep_ in ("relcl", "acl", "appos") for a in [c, *c.ancestors] if a.i > child.i
                )
            }
            inner = [t.i for t in child.subtree if t.i not in clause_tokens and not t.is_punct]
            right = max([right, *inner])
        else:
            break
    if head.ent_type_ == "PERSON" and _followed_by_tag(head):
        # "Jeff Varney (D)" headed on its tag: the name's first words hang on the tag, not on
        # its last word; the mention holds the whole name.
        while left > 0 and doc[left].ent_iob_ == "I" and doc[left - 1].ent_type_ == "PERSON":
            left -= 1
    while left > 0 and doc[left - 1].pos_ == "DET" and doc[left - 1].dep_ in ("det", ""):
        left -= 1
    # A parse that hangs the quote on its speaker's noun does not make the quote part of the
    # speaker's name: the mention starts after the last quotation mark before its head.
    marks = [t.i for t in doc[left : head.i] if t.is_quote]
    if marks:
        left = max(marks) + 1
    # Nor a line before it ("Advertisement" / "Varga said"): a line is a paragraph in plain
    # text, and a mention starts on its head's line.
    breaks = [t.i for t in doc[left : head.i] if ends_a_line(t)]
    if breaks:
        left = max(breaks) + 1
    tokens = [t for t in doc[left : right + 1]]
    # "Ann Cole (R-Fla.)": a party tag is no part of the mention.
    tagged = next(
        (i for i, t in enumerate(tokens) if t.text == "(" and t.i > head.i and _opens_tag(t)), None
    )
    if tagged is not None:
        tokens = tokens[:tagged]
    while tokens and (tokens[0].is_punct or tokens[0].is_space):
        tokens = tokens[1:]
    while tokens and (tokens[-1].is_punct or tokens[-1].is_space):
        tokens = tokens[:-1]
    return tokens or [head]


# Verbs by which someone puts a document out: "the letter, signed by Ann Cole", "a statement
# issued by the trust", "the letter, which the residents sent to the mayor".
AUTHORING_VERBS = frozenset({"sign", "send", "write", "issue", "release", "pen", "draft"})


def _document_taken_up(pronoun: Token) -> Token | None:
    """`But the original version of the resolution called for sanctions. It said the program
    "could evolve into ..."`: "it" as the subject of its sentence's main verb takes up the
    main subject of the sentence before, in the same paragraph, where that subject is a
    document or a text (or a version, draft or part of one: "the original version of the
    resolution"): the words are the document's. Any other "it" (a company, a thing) stays
    unresolved. The subject noun, or None."""
    if pronoun.dep_ not in SUBJECT_DEPS:
        return None
    doc = pronoun.doc
    sentence = pronoun.sent
    if sentence.start == 0:
        return None
    if pronoun.head.i != sentence.root.i:
        return None  # the subject of a clause inside the sentence, not of the sentence
    if pronoun.head.lemma_.lower() == "be":
        return None  # "And it wasn't a one-off - Buck told ...": "it" says what, it does not speak
    before = doc[sentence.start - 1].sent
    if "\n" in doc.text[before.start_char : pronoun.idx]:
        return None  # a paragraph break between: news names its source again
    root = before.root
    # The parse may make a sentence's subject its root ("The draft called for ...": "called"
    # read as a participle on "draft").
    subject = root if root.pos_ == "NOUN" else None
    if subject is None:
        subject = next((c for c in root.children if c.dep_ in SUBJECT_DEPS), None)
    if subject is None or subject.pos_ != "NOUN":
        return None
    return subject if _names_a_document(subject) else None


# What may open a sentence before its subject pronoun ("And it ended with: ...").
SENTENCE_OPENER_POS = frozenset({"CCONJ", "ADV", "PUNCT", "SPACE"})
# Quotation marks and white space between a quote's last word and the sentence after it.
QUOTE_MARKS_AND_SPACE = " \t\n\"'“”‘’«»"


def _issuer_of(document: Token) -> Token | None:
    """Who put a document out, where the document is the object of the verb that did
    ("The party issued a statement", "Ann Cole sent a letter"): that verb's subject."""
    verb = document.head
    if document.dep_ not in ("dobj", "obj") or verb.lemma_.lower() not in AUTHORING_VERBS:
        return None
    return next((c for c in verb.children if c.dep_ == "nsubj"), None)


def _names_a_document(noun: Token) -> bool:
    """A document of words or a written text ("the resolution", "the report", "the letter";
    not "the results", "the chart"), or a version, draft or part of one ("the original version
    of the resolution", "the draft")."""
    lemma = noun.lemma_.lower()
    if lemma in DOCUMENT_NOUNS and lemma not in FIGURE_DOCUMENT_NOUNS:
        return True
    return lemma in WRITTEN_TEXT_NOUNS or lemma in DOCUMENT_PART_NOUNS


def _message_sender(head: Token) -> Token | None:
    """The person or body a message noun comes from: "Bush" in "a call from Bush", "the
    council" in "a letter by the council", "Ann Cole" in "the letter, signed by Ann Cole" or
    "the letter, which Ann Cole sent": the document's words are its author's, where the
    article names one."""
    lemma = head.lemma_.lower()
    if head.pos_ != "NOUN" or lemma not in MESSAGE_NOUNS | DOCUMENT_NOUNS | SPOKEN_WORDS_NOUNS:
        return None
    for child in head.children:
        if (
            child.dep_ == "poss"
            and child.pos_ == "PROPN"
            and lemma in MESSAGE_NOUNS | WRITTEN_TEXT_NOUNS | SPOKEN_WORDS_NOUNS
        ):
            # "Mr. Hale's apology noted ...", "the Rowing Club's statement said": a named
            # owner's message or written text speaks for its owner (not a report or a plan,
            # whose words are seldom its owner's own).
            return child
        if child.dep_ == "prep" and child.lower_ in ("from", "by"):
            source = next((c for c in child.children if c.dep_ == "pobj"), None)
            if source is not None and source.pos_ == "PROPN":
                return source
        if child.dep_ in ("acl", "relcl") and child.lemma_.lower() in AUTHORING_VERBS:
            author = _author_of(child)
            if author is not None and (author.pos_ == "PROPN" or can_speak(author)):
                return author
    return None


def _author_of(verb: Token) -> Token | None:
    """Who a document's verb says put it out: the agent of "signed by X", the subject of
    "which X sent" (not the relative pronoun, which is the document)."""
    for child in verb.children:
        if child.dep_ == "agent":
            return next((c for c in child.children if c.dep_ == "pobj"), None)
        if child.dep_ == "nsubj" and child.tag_ not in RELATIVE_PRONOUN_TAGS:
            return child
    return None


def _determined(token: Token) -> bool:
    return any(c.dep_ == "det" and c.lower_ in ("the", "a", "an", "one") for c in token.children)


def _description(mention: str) -> str:
    """An anonymous or organisational source as the text names it, determiner lower-cased."""
    words = mention.split()
    if words and words[0].lower() in {"the", "a", "an", "one", "another", "some", "many"}:
        words[0] = words[0].lower()
    return " ".join(words)
