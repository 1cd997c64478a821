"""Look-ups over one parsed article that every quote pass shares.

``ParsedArticle`` finds tokens, paragraphs and lines of page furniture by character offset;
``is_cue`` tells a speech verb; ``subject_of``, ``agent_before`` and ``agent_after`` find who
speaks; the rest reads sentence starts, "according to" phrases and word counts.
``Attribution`` and ``FoundQuote`` are the working records the passes hand each other before
``quotes`` turns them into ``Quote``s.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from spacy.tokens import Doc, Token

from storylens.analyse.doc_text import doc_text
from storylens.analyse.quotes.cues import (
    DOCUMENT_NOUNS,
    NON_SPEECH_PARTICLES,
    PARTICLE_VERBS,
    SPEECH_NOUNS,
    SPEECH_VERBS,
)
from storylens.analyse.quotes.furniture import furniture_lines
from storylens.analyse.quotes.marks import ALL_MARKS
from storylens.analyse.quotes.speakers import (
    AUTHORING_VERBS,
    MESSAGE_NOUNS,
    ResolvedSpeaker,
    can_speak,
    ends_a_line,
    is_time_word,
    parallel_speech_verb,
)
from storylens.analyse.token_columns import token_columns
from storylens.records import QuoteKind

# A quoted phrase of at most this many words with no speech around it is a scare quote
# ('banter', 'elder abuse'), not speech.
SCARE_MAX_WORDS = 4
# Parents walked up from a participle cue ("..., recalling:") to find its subject.
SUBJECT_SEARCH_DEPTH = 6
# A participle cue ("saying", "calling"), and the words that open a clause beside the main
# one whose subject may be the participle's ("came as Ward rejected it, saying ...").
PARTICIPLE_TAG = "VBG"
TIME_CLAUSE_MARKS = frozenset({"as", "after", "when", "while", "before", "since"})
# Verbs by which a message reaches someone: a participle after it is the message's words.
RECEIVING_VERBS = frozenset({"receive", "get"})
# What names someone who can say a thing: entity labels and pronouns.
ACTOR_ENTITIES = frozenset({"PERSON", "ORG", "NORP", "GPE"})
ACTOR_PRONOUNS = frozenset({"he", "she", "they", "who"})
# Parts of speech a cue word may carry; the small model tags some quotatives oddly.
CUE_POS: frozenset[str] = frozenset({"VERB", "AUX"})
# The ending of a gerund ("asking"), which the tagger at times reads as a noun.
GERUND_ENDING = "ing"
# An aside cue reports the rest of its sentence only when that holds at least this many words.
ASIDE_MIN_WORDS = 4
SENTENCE_END = frozenset({".", "!", "?"})
# The last line break of a run: the next paragraph starts after it.
_PARAGRAPH_BREAK = re.compile(r"\n(?!\n)")
# Titles written before a name; a period after one ends no sentence ("Sen. "Chip" Roy").
NAME_ABBREVIATIONS = frozenset(
    "mr mrs ms dr sen rep gov lt gen col sgt capt st rev prof pres supt atty".split()  # noqa: SIM905
)
SUBJECT_DEPS = ("nsubj", "nsubjpass")
# The tag of "that" and "which" as relative pronouns: a clause they open describes a thing.
THING_RELATIVE_TAG = "WDT"
# A speech verb's clause that reports what was said ("said that ..."), not a thing.
REPORTED_CLAUSE_DEPS = frozenset({"ccomp", "parataxis"})
# Words that open a clause but that the parse may read as prepositions, taking the clause's
# subject for their object ("after a survey said ...").
CLAUSE_OPENING_PREPOSITIONS = frozenset({"after", "before", "since", "until", "as", "because"})
# Heads walked up from the word before a stranded verb to that clause's subject ("survey" in
# "after a survey in the state said": state -> in -> survey).
CLAUSE_SUBJECT_DEPTH = 4
# Punctuation that joins two conjuncts the way "and" does.
CONJUNCT_PUNCTUATION = frozenset({",", ";"})
# A present participle ("citing", "calling"): no speaker of its ever stands after it.
PARTICIPLE_TAG = "VBG"
# A direct object ("issued a statement", "citing the region's recovery").
DIRECT_OBJECT_DEPS = frozenset({"dobj", "obj"})
# Entity labels of a parse's mistaken subject in "said Monday", "said at 5 p.m.".
TIME_ENTITIES = frozenset({"DATE", "TIME"})
# Words between an inverted cue and the name of its speaker ("said orchard owner Priya Nand").
POSTPOSED_SPEAKER_WINDOW = 4
# Speech verbs whose object is the one spoken to: "telling reporters", "warned the council".
ADDRESSEE_VERBS = frozenset(
    """
    tell inform assure reassure warn urge advise remind ask brief caution notify
    """.split()  # noqa: SIM905 - a word list reads better as text
)
ADDRESSEE_DEPS = frozenset({"dobj", "dative", "iobj"})
# The verb that puts a question: a question put to a speaker (`Asked point-blank, "..."`,
# `He was asked, "..."`) is the asker's words, not those of the speaker who answers it.
QUESTION_VERBS = frozenset({"ask"})
# Verbs that put a question to someone; a clause opened by one's participle (`Asked about the
# plan,`, `Pressed on the vote,`) is the reporter's frame of an answer, not the answer.
PUT_QUESTION_VERBS = frozenset({"ask", "press", "question", "quiz", "challenge"})
# The tag of "when", "where", "how" opening a clause ("When asked, ...").
WH_ADVERB_TAG = "WRB"


@dataclass
class Attribution:
    """What attributes a quote: its cue (a speech verb; None for a colon or a signature),
    the words shown as the cue, and the token that names the speaker."""

    cue: Token | None
    cue_text: str | None
    subject: Token | None


@dataclass
class FoundQuote:
    """A quote while the passes still attribute, widen and join it. A pass that moves its
    bounds or changes its kind returns an updated copy (``dataclasses.replace``) rather than
    editing a record another pass holds; a pass may still set fields on records it has just
    made. ``extract`` makes a ``Quote`` of it at the end."""

    start: int
    end: int
    kind: QuoteKind
    cue: Token | None
    cue_text: str | None
    subject: Token | None
    speaker: ResolvedSpeaker | None = None
    reported_by: str | None = None
    depth: int = 0


class ParsedArticle:
    """Token and paragraph look-ups over one ``Doc``, by character offset."""

    def __init__(self, doc: Doc) -> None:
        self.doc = doc
        self.text = doc_text(doc)
        self.token_starts = token_columns(doc).idx
        # A blank line is no paragraph of its own: "\n\n" and "\n" both start the next one.
        self.paragraph_starts = [0] + [m.end() for m in _PARAGRAPH_BREAK.finditer(self.text)]
        self.furniture = furniture_lines(self.text)

    def token_at(self, offset: int) -> int:
        """Index of the token that holds or follows ``offset``."""
        return bisect_left(self.token_starts, offset)

    def token_from(self, offset: int) -> Token | None:
        """The token that holds or follows ``offset``; None past the last token."""
        index = self.token_at(offset)
        return self.doc[index] if index < len(self.doc) else None

    def token_before(self, offset: int) -> int:
        return bisect_right(self.token_starts, offset) - 1

    def on_furniture(self, offset: int) -> bool:
        """Whether ``offset`` lies on a line of page furniture or a link line."""
        return any(s <= offset < e for s, e in self.furniture)

    def paragraph(self, offset: int) -> int:
        return bisect_right(self.paragraph_starts, offset) - 1

    def in_next_paragraph(self, earlier: int, later: int) -> bool:
        """Whether offset ``later`` lies in the paragraph after ``earlier``'s, lines of page
        furniture between them skipped ("Advertisement" between two paragraphs of a quote)."""
        first, last = self.paragraph(earlier), self.paragraph(later)
        return last > first and all(
            self.on_furniture(self.paragraph_starts[index]) for index in range(first + 1, last)
        )

    def paragraph_start(self, offset: int) -> int:
        return self.paragraph_starts[self.paragraph(offset)]

    def paragraph_end(self, offset: int) -> int:
        index = self.paragraph(offset) + 1
        return (
            self.paragraph_starts[index] - 1
            if index < len(self.paragraph_starts)
            else len(self.text)
        )


def is_cue(token: Token) -> bool:
    lemma = token.lemma_.lower()
    gerund = _gerund_taken_for_noun(token)
    if gerund is not None:
        lemma = gerund
    return (
        lemma in SPEECH_VERBS
        and (token.pos_ in CUE_POS or token.tag_.startswith("VB") or gerund is not None)
        and not _in_compound_word(token)
        and not (lemma in PARTICLE_VERBS and changed_by_particle(token, lemma))
    )


def is_passive(cue: Token) -> bool:
    """A cue in the passive (`He was asked`, `Hale was told`): its subject is the one spoken
    to."""
    return any(c.dep_ in ("auxpass", "nsubjpass") for c in cue.children)


def is_put_to_subject(cue: Token) -> bool:
    """A cue whose subject, if any, is the one spoken to: a passive, or a past participle that
    opens its clause with no subject or auxiliary of its own (`Asked point-blank,`, `When
    asked,`, `..., asked by reporters,`; not `the senator asked`, whose participle tag is the
    tagger's slip, nor a second verb sharing its subject, `stood and asked`)."""
    if is_passive(cue):
        return True
    if cue.tag_ != "VBN" or cue.dep_ == "conj":
        return False
    if any(c.dep_ in ("nsubj", "aux") for c in cue.children):
        return False
    if cue.i == cue.sent.start:
        return True
    before = cue.doc[cue.i - 1]
    return before.pos_ in ("SCONJ", "PUNCT") or before.tag_ == WH_ADVERB_TAG


def _gerund_taken_for_noun(token: Token) -> str | None:
    """The verb of a speech gerund the tagger read as a noun though the parse gave it a
    subject ("... and one farmer asking, '...'"): a noun takes no subject, so the word is the
    verb, and says who speaks. Its lemma, or None."""
    lower = token.lower_
    if token.pos_ != "NOUN" or not lower.endswith(GERUND_ENDING):
        return None
    if not any(c.dep_ == "nsubj" for c in token.children):
        return None
    stem = lower[: -len(GERUND_ENDING)]
    # "asking", "quoting", "admitting": the stem, with its "e", or without a doubled consonant
    return next((v for v in (stem, stem + "e", stem[:-1]) if v in SPEECH_VERBS), None)


def changed_by_particle(token: Token, lemma: str) -> bool:
    """`showed up`, `called off`: a particle right after the speech verb that makes it another
    verb (``lemma`` is the token's, lowercased)."""
    doc = token.doc
    following = doc[token.i + 1] if token.i + 1 < len(doc) else None
    return (
        following is not None
        and following.dep_ == "prt"
        and following.head.i == token.i
        and (lemma, following.lower_) in NON_SPEECH_PARTICLES
    )


def _in_compound_word(token: Token) -> bool:
    """`so-called`, `well-said`, `self-described`: a verb joined by a hyphen to the word
    before it is part of an adjective, not a speech verb."""
    doc = token.doc
    return (
        token.i >= 2
        and doc[token.i - 1].text == "-"
        and not doc[token.i - 1].whitespace_
        and not doc[token.i - 2].whitespace_
    )


def relative_taken_for_report(clause: Token) -> bool:
    """`announced her decision to veto a bill on Monday that would have ...`: a relative
    clause the parse hung on the cue as its reported clause, its subject the relative "that"
    or "which", after the cue's noun object (no reported clause opens with such a subject)."""
    cue = clause.head
    return (
        clause.dep_ in REPORTED_CLAUSE_DEPS
        and any(
            c.dep_ in SUBJECT_DEPS and c.tag_ == THING_RELATIVE_TAG and c.i < clause.i
            for c in clause.children
        )
        and any(
            c.dep_ in ("dobj", "obj") and c.pos_ == "NOUN" and c.i < clause.i for c in cue.children
        )
    )


def subject_of(verb: Token) -> Token | None:
    """The subject of a speech verb; for a participle or infinitive, the subject of the verb it
    hangs from ("..., recalling:", "leading Hilaria to snap:")."""
    stranded = _subject_taken_for_object(verb)
    if stranded is not None:
        return stranded
    current = verb
    for _ in range(SUBJECT_SEARCH_DEPTH):
        # The nearest subject before the verb: in `The museum, Mr. Obama said, would ...` the
        # parse gives "said" two subjects, and the first one opens the reported clause.
        for child in sorted(current.children, key=lambda c: (c.i > current.i, -c.i)):
            if (
                child.dep_ in SUBJECT_DEPS
                and child.ent_type_ not in TIME_ENTITIES
                and not is_time_word(child)
            ):
                if child.i < current.i and paragraph_break_between(child, current):
                    # `Share this article` / `Varga said ...`: a line is a paragraph, and
                    # no subject runs over its end; the parse took a line of page furniture
                    # for the subject. The speaker is the name that opens the cue's line.
                    return _name_just_before(current)
                return child
        if current is verb and _finite_after_apposition(verb):
            return verb.head
        infinitive = any(c.dep_ == "aux" and c.lower_ == "to" for c in current.children)
        if current.dep_ == "xcomp" or (infinitive and current.dep_ == "advcl"):
            objects = [c for c in current.head.children if c.dep_ in ("dobj", "obj")]
            if objects:
                return objects[0]
        if current.dep_ in ("advcl", "conj", "xcomp", "pcomp", "acl", "prep", "ccomp") and (
            current.head.i != current.i
        ):
            head = current.head
            parallel = parallel_speech_verb(current)
            if parallel is not None:
                # "a speech in which Cole criticized the council, but argued that ...": the
                # parse hung "argued" on the main verb; it continues "criticized".
                current = parallel
                continue
            actor = _actor_of_clause_between(head, current) or _sender_of_received(head, current)
            if actor is not None:
                return actor
            if on_furniture_line(head):
                # `Article Continued Below` then `Ms. Holt added ...`: the parse hung the
                # report on the furniture line; its speaker is the name right before the cue.
                return _name_just_before(current)
            if (
                current.dep_ == "conj"
                and head.dep_ == "ccomp"
                and is_cue(head.head)
                and head.head.i < head.i
            ):
                # "X said the video should be released but said ...": the parse hangs the
                # second cue on the reported clause; it shares the first cue's subject. (Not
                # in a quote before its cue: `"She looked at me and said, '...,'" he said`.)
                head = head.head
            elif current.dep_ == "conj" and current.tag_ == "VBD" and head.tag_ in ("VBZ", "VBP"):
                # "Obama said growth would rise if Congress passes the deal and urged lawmakers
                # to ...": a past cue the parse joined to a present verb inside the clause it
                # reports belongs to the past verb that reports that clause (a fresh reader
                # found "get this done" credited to Congress)
                head = next((a for a in head.ancestors if a.tag_ == "VBD"), head)
            current = head
            continue
        if current is not verb and _put_out_by_subject(current):
            # "Ann Cole issued a statement calling the plan 'a farce'", "sent her a letter
            # citing ...": the participle hangs on the document, whose words are the words of
            # whoever put it out, not of the noun after the participle.
            current = current.head
            continue
        if current.dep_ == "relcl" or (current.dep_ == "acl" and current.tag_ == "VBD"):
            # "Aaron Kall, the director ..., compared": a finite verb parsed as a modifier.
            return current.head
        break
    if _line_after_furniture(verb):
        # `Story continues below` / `The council said ...`: the parse hung the speaker on
        # the furniture line ("below the council"); it is the phrase right before the cue.
        return _name_just_before(verb)
    return (
        _subject_of_fronted_infinitive(verb)
        or _postposed_person(verb)
        or _apposed_name_before(verb)
    )


def _apposed_name_before(verb: Token) -> Token | None:
    """ "In a statement to The Atlantic, Trump Jr.'s attorney, Alan Futerfas, said, ...": a
    cue the parse gave no subject (it took the attorney for the object of "to"), right after
    a person's name set off by commas as an apposition: that person speaks."""
    if verb.i < 2 or verb.doc[verb.i - 1].text != ",":
        return None
    name = verb.doc[verb.i - 2]
    if name.pos_ != "PROPN" or name.ent_type_ != "PERSON" or name.dep_ != "appos":
        return None
    return None if paragraph_break_between(name, verb) else name


def _actor_of_clause_between(head: Token, participle: Token) -> Token | None:
    """ "Holt's remarks came as Ward rejected the offer, saying ...": the parse hangs the
    participle on the main verb, whose subject is a thing (remarks, a veto, a visit) that says
    nothing; the one saying is the person of the clause ("as", "after", "when") between them,
    the nearest actor before the participle. A main subject that is a person keeps the
    participle ("Holt spoke as Ward sat, saying ..." stays Holt's): only a thing is passed
    over (a fresh reader found a Fox News line crediting "Rice's comments came as Netanyahu
    turned down ..., saying ..." to Rice)."""
    if participle.tag_ != PARTICIPLE_TAG or participle.dep_ != "advcl":
        return None
    main_subject = next((c for c in head.children if c.dep_ in SUBJECT_DEPS), None)
    if main_subject is None or _names_an_actor(main_subject) or is_cue(head):
        return None
    clauses = [
        child
        for child in head.children
        if child.dep_ == "advcl"
        and head.i < child.i < participle.i
        and any(c.dep_ == "mark" and c.lower_ in TIME_CLAUSE_MARKS for c in child.children)
    ]
    for clause in reversed(clauses):
        subject = next((c for c in clause.children if c.dep_ in SUBJECT_DEPS), None)
        if subject is not None and _names_an_actor(subject):
            return subject
    return None


def _sender_of_received(head: Token, participle: Token) -> Token | None:
    """ "Ward received a letter from Briggs saying ...": a participle hung on a verb of
    receiving says what the message says, so its speaker is the message's sender ("from
    Briggs", on the verb or on the message), or the message where no sender is named; not
    the one who received it."""
    if participle.tag_ != PARTICIPLE_TAG or head.lemma_.lower() not in RECEIVING_VERBS:
        return None
    message = next(
        (
            c
            for c in head.children
            if c.dep_ in ("dobj", "obj") and c.lemma_.lower() in MESSAGE_NOUNS | DOCUMENT_NOUNS
        ),
        None,
    )
    if message is None or not message.i < participle.i:
        return None
    if any(t.is_punct for t in head.doc[message.i + 1 : participle.i]):
        return None  # "received a letter on Monday, saying she was honored": hers
    for owner in (message, head):
        for prep in (c for c in owner.children if c.dep_ == "prep" and c.lower_ in ("from", "by")):
            sender = next((c for c in prep.children if c.dep_ == "pobj"), None)
            if sender is not None and sender.i < participle.i:
                return sender
    return message


def _names_an_actor(noun: Token) -> bool:
    """A name, a personal pronoun or a noun for a person or body: what can say a thing."""
    return (
        noun.pos_ == "PROPN"
        or noun.ent_type_ in ACTOR_ENTITIES
        or noun.lower_ in ACTOR_PRONOUNS
        or (noun.pos_ == "NOUN" and can_speak(noun) and noun.lemma_.lower() not in SPEECH_NOUNS)
    )


def _put_out_by_subject(noun: Token) -> bool:
    """Whether ``noun`` is the object of a verb by which its subject puts a document out
    ("issued a statement", "sent a letter", "wrote a note")."""
    return (
        noun.pos_ == "NOUN"
        and noun.dep_ in DIRECT_OBJECT_DEPS
        and noun.head.lemma_.lower() in AUTHORING_VERBS
        and noun.head.pos_ == "VERB"
    )


def _subject_taken_for_object(verb: Token) -> Token | None:
    """ "Ivy Marsh sought to clarify her stance after a survey in Idaho said she ...": the
    parse took the subject of the clause "after" opens for the preposition's object and hung
    its verb, with no subject, on the verb before as a conjunct, though no "and", "or" or comma
    joins them; the speaker is that noun, not the subject of the verb before."""
    if verb.dep_ != "conj" or verb.head.i >= verb.i:
        return None
    if any(c.dep_ in SUBJECT_DEPS for c in verb.children):
        return None
    doc = verb.doc
    for token in doc[verb.head.i + 1 : verb.i]:
        if token.head.i in (verb.head.i, verb.i) and (
            token.dep_ in ("cc", "preconj") or token.text in CONJUNCT_PUNCTUATION
        ):
            return None  # a true conjunct: "sought to clarify it and said she ..."
    node = doc[verb.i - 1]
    for _ in range(CLAUSE_SUBJECT_DEPTH):
        if (
            node.dep_ == "pobj"
            and node.pos_ in ("NOUN", "PROPN")
            and node.head.lower_ in CLAUSE_OPENING_PREPOSITIONS
        ):
            return node
        if node.head.i == node.i or node.head.i >= verb.i or node.head.i <= verb.head.i:
            return None
        node = node.head
    return None


def _finite_after_apposition(verb: Token) -> bool:
    """ "Fair Path, a group that has favored cuts, called Bo's plan 'a farce'": after a long
    apposition the parse reads the verb as a participle of the name ("acl"). Set off by a
    comma and taking an object, it is the name's own verb, and the name its subject; "a
    man called Bo" has no comma, and "the report, released Monday," no object."""
    head = verb.head
    return (
        verb.dep_ == "acl"
        and verb.tag_ in ("VBD", "VBN")
        and head.i < verb.i
        and head.pos_ in ("PROPN", "NOUN")
        and verb.i > 0
        and verb.doc[verb.i - 1].text == ","
        and any(c.dep_ in ("dobj", "obj") for c in verb.children)
    )


def _subject_of_fronted_infinitive(verb: Token) -> Token | None:
    """ "Rep. Ada Quist, one of nine lawmakers to vote against it, said ...": the parse made
    the name the subject of the apposition's infinitive ("to vote") and hung that on the cue,
    which is left with no subject. A named subject (a proper noun) of an infinitive clause
    before the cue is its speaker; "To win, she said ..." has none."""
    for clause in verb.children:
        if clause.i > verb.i or clause.dep_ not in ("advcl", "xcomp"):
            continue
        if not any(c.dep_ == "aux" and c.lower_ == "to" for c in clause.children):
            continue
        for child in clause.children:
            if child.dep_ in SUBJECT_DEPS and child.i < clause.i and child.pos_ == "PROPN":
                return child
    return None


def paragraph_break_between(first: Token, last: Token) -> bool:
    """Whether a paragraph ends between two tokens of one parse (``first`` before)."""
    return any(ends_a_line(t) for t in first.doc[first.i : last.i])


def _line_after_furniture(verb: Token) -> bool:
    """Whether ``verb``'s line follows a line of page furniture in the same parsed sentence
    (the small model runs a sentence over a furniture line with no full stop)."""
    doc = verb.doc
    for token in reversed(doc[verb.sent.start : verb.i]):
        if "\n" in token.text_with_ws:
            return token.i > 0 and on_furniture_line(doc[token.i - 1] if token.is_space else token)
    return False


def on_furniture_line(token: Token) -> bool:
    """Whether ``token`` stands on a line of page furniture or a link line."""
    text = doc_text(token.doc)
    start = text.rfind("\n", 0, token.idx) + 1
    end = text.find("\n", token.idx)
    return bool(furniture_lines(text[start : end if end >= 0 else len(text)]))


def _name_just_before(verb: Token) -> Token | None:
    """The name, pronoun or noun that ends right before ``verb`` on its line ("Ms. Holt
    added", "The council said")."""
    before = verb.doc[verb.i - 1] if verb.i > 0 else None
    if (
        before is None
        or before.pos_ not in ("PROPN", "PRON", "NOUN")
        or on_furniture_line(before)
        or paragraph_break_between(before, verb)
    ):
        return None
    return before


def _postposed_person(verb: Token) -> Token | None:
    """ "..., said grower Priya Nand": an inverted cue whose named speaker the parse did not
    make its subject. Only right after a quote or comma, where the name cannot be an addressee."""
    before = verb.doc[verb.i - 1] if verb.i > 0 else None
    if before is None or not before.is_punct:
        return None
    for token in verb.doc[verb.i + 1 : verb.i + 1 + POSTPOSED_SPEAKER_WINDOW]:
        if token.is_punct or token.sent != verb.sent:
            return None
        if token.ent_type_ == "PERSON":
            head = token
            while head.dep_ in ("compound", "flat") and head.head.i > head.i:
                head = head.head
            return head
    return None


def agent_before(verb: Token) -> Token | None:
    """ "as a fourth added:" parsed without a subject: the noun phrase right before the verb."""
    if verb.i == 0:
        return None
    previous = verb.doc[verb.i - 1]
    if (
        previous.pos_ in ("NOUN", "PROPN", "ADJ", "NUM")
        and previous.dep_ not in ("dobj", "pobj")
        and not is_time_word(previous)
    ):
        return previous
    return None


def agent_after(verb: Token) -> Token | None:
    """ "said Caddell" parsed without a subject: a name or pronoun right after the verb."""
    doc = verb.doc
    for token in doc[verb.i + 1 : verb.i + 4]:
        if token.ent_type_ in TIME_ENTITIES or is_time_word(token):
            break  # "said Monday": a time, not a speaker
        if token.pos_ in ("PROPN", "PRON", "NOUN") and not token.is_punct:
            head = token.head if token.dep_ == "compound" else token
            if _addressed_by(head, verb) and verb.tag_ == "VBG":
                # "A day after telling reporters ..., Tom Alder broke his silence": the one
                # spoken to does not speak; a participle's speaker is its sentence's subject
                return _main_clause_subject(verb)
            if verb.tag_ == PARTICIPLE_TAG and _in_object(head, verb):
                # "a letter citing the region's 'recovery'": what a participle names is its
                # object; unlike "said Caddell", no speaker follows a participle
                return None
            return head
        if not (token.pos_ == "DET" or token.pos_ == "ADJ"):
            break
    return None


def _in_object(token: Token, verb: Token) -> bool:
    """Whether ``token`` lies in the object of ``verb`` ("the region" in "citing the region's
    recovery")."""
    return any(
        c.dep_ in DIRECT_OBJECT_DEPS and c.left_edge.i <= token.i <= c.right_edge.i
        for c in verb.children
    )


def _main_clause_subject(token: Token) -> Token | None:
    root = token.sent.root
    return next((c for c in root.children if c.dep_ in SUBJECT_DEPS), None)


def _addressed_by(token: Token, verb: Token) -> bool:
    return (
        token.head.i == verb.i
        and token.dep_ in ADDRESSEE_DEPS
        and verb.lemma_.lower() in ADDRESSEE_VERBS
    )


def count_content_words(text: str) -> int:
    return len([w for w in text.split() if any(c.isalnum() for c in w)])


def starts_sentence(text: str, open_at: int) -> bool:
    index = open_at - 1
    if text[open_at : open_at + 1] == "'" and text[index:open_at] == "'":
        index -= 1  # ''Yes,'' she said: the mark is the pair, read from its first apostrophe
    while index >= 0 and text[index] in " \t\u00a0":
        index -= 1
    if index >= 0 and text[index] == "." and _ends_in_abbreviation(text, index):
        return False  # `Robert C. "Bobby" Scott`, `Sen. "Chip" Roy`: an initial, no sentence end
    if index > 0 and text[index] in ALL_MARKS and text[index - 1] in ",;":
        return False  # `words such as "budget," "audit," ...`: a list of quoted items runs on
    if index > 0 and text[index] in ALL_MARKS and text[index - 1].isalnum():
        return False  # `Sanders’ “passion”`: a possessive, or a mark closing no sentence
    return index < 0 or text[index] in "\n.!?:;" + ALL_MARKS or text[index] in "—–-("


def _ends_in_abbreviation(text: str, period_at: int) -> bool:
    """The word before the period at ``period_at`` is an initial or a title ("C.", "Sen.")."""
    start = period_at
    while start > 0 and text[start - 1].isalpha():
        start -= 1
    word = text[start:period_at]
    if start > 0 and not text[start - 1].isspace():
        return False
    return (len(word) == 1 and word.isupper()) or word.lower() in NAME_ABBREVIATIONS


def trimmed_span(doc: Doc, first: int, last: int) -> tuple[int, int] | None:
    while first <= last and (doc[first].is_punct or doc[first].is_space):
        first += 1
    while (
        last >= first
        and (doc[last].is_punct or doc[last].is_space)
        and (doc[last].text not in ALL_MARKS)
    ):
        last -= 1
    if last < first:
        return None
    return doc[first].idx, doc[last].idx + len(doc[last])


def according_source(token: Token) -> Token | None:
    """The source named by `according to <source>`, when ``token`` is "according"."""
    doc = token.doc
    if token.lower_ != "according" or token.i + 1 >= len(doc) or doc[token.i + 1].lower_ != "to":
        return None
    return next((c for c in doc[token.i + 1].children if c.dep_ == "pobj"), None)


# Entity labels of a source "per" may name: "per Tim Fox", "per the Pentagon".
PER_SOURCE_LABELS = frozenset({"PERSON", "ORG", "NORP", "GPE"})


def per_source(token: Token) -> Token | None:
    """The source named by `per <source>` right after a quote (`"...," per Tim Fox.`), when
    ``token`` is "per": a name or a speaker's noun. "Per" also measures ("$5 per gallon",
    "twice per year"), so the source must be someone: a name, or a noun for people, a body
    or a message (``speakers.can_speak``)."""
    if token.lower_ != "per":
        return None
    source = next((c for c in token.children if c.dep_ == "pobj"), None)
    if source is None:
        return None
    if source.pos_ == "PROPN" or source.ent_type_ in PER_SOURCE_LABELS or can_speak(source):
        return source
    return None


def source_phrase_end(according: Token, source: Token, last: int) -> int:
    """The last token of `according to <source>`. The small model often parses a sentence that
    opens with the phrase as hanging from it ("According to X, the move reeks of fear": the
    claim as an apposition of X, "According" as the root): a part that runs to the end of the
    sentence is then the claim, not the source."""
    sentence_end = according.sent.end - 1
    while sentence_end > according.i and according.doc[sentence_end].is_punct:
        sentence_end -= 1
    tokens = {t.i for t in according.doc[according.i + 1].subtree}
    if according.head.i != according.i:
        tokens |= {t.i for t in according.subtree}
    for child in source.children:
        child_tokens = {t.i for t in child.subtree}
        if child.i > source.i and child.dep_ == "appos" and max(child_tokens) >= sentence_end:
            tokens -= child_tokens
    return max(i for i in tokens if i <= last)
