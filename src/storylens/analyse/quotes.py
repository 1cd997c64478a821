"""Quote extraction and speaker attribution: who said what in one article (issue #3).

``extract_quotes(doc)`` is the public entry point; the pipeline calls it once per article on
the spaCy ``Doc`` of the whole text. It works in three passes:

1. direct quotes, found by their marks (``quote_marks``), each attributed to a speech verb
   after it (`"...," she said`), before it (`she snapped: "..."`), in the paragraph before
   (`Trump wrote:` then the quote), or carried on from the quote before it; a quote split by
   its attribution is joined back into one; a quote inside a quote is recorded as "nested",
   with the outer speaker as ``reported_by``; a short quoted phrase with no speech around it
   is a scare quote;
2. indirect quotes: a speech verb with a clause as content (`X said (that) ...`, `X told Y
   ...`), and `according to X, ...`; a clause that holds a quoted phrase is "mixed";
3. speakers resolved against the article's people (``speakers``).

Offsets point into ``doc.text``. The function never raises on odd input (unbalanced marks,
empty text) and uses nothing but the ``Doc``: no network, no state between calls.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from spacy.tokens import Doc, Token

from storylens.analyse.cues import (
    BELIEF_VERBS,
    CONTENT_REQUIRED_VERBS,
    QUOTATIVE_WORDS,
    SPEECH_NOUNS,
    SPEECH_VERBS,
    STANCE_VERBS,
)
from storylens.analyse.quote_marks import ALL_MARKS, MarkedQuote, find_marked_quotes
from storylens.analyse.speakers import ResolvedSpeaker, SpeakerTable
from storylens.records import Quote, QuoteKind

__all__ = ["extract_quotes"]

# A speech verb after a quote attributes it when it is at most this many tokens after the
# close mark (`"...," Oversight Chairman Jason Chaffetz (R-Utah) said`).
AFTER_CUE_MAX_TOKENS = 12
# Conjunctions after a quote that start a clause of their own, so no cue after them signs it.
AFTER_CUE_STOP_WORDS = frozenset({"but", "and", "or", "while", "because"})
# A name signs a quote with no cue when it starts within this many tokens after the close
# mark ("Texas delegate Bill Eastland"): a role and a name, or a verb and a name.
NAME_AFTER_QUOTE_TOKENS = 5
# A dash right after a closed quote signs it with a name (`"..." — Jane Doe`); the name starts
# within this many tokens of the dash.
SIGNATURE_MAX_TOKENS = 3
SIGNATURE_DASHES = "―—–"  # horizontal bar, em and en dash; a hyphen is too often a word joiner
# A speech verb before a quote attributes it when at most this many tokens stand between it
# and the open mark (`Trump said in a statement on Tuesday, "..."`) unless a colon binds them.
BEFORE_CUE_MAX_GAP = 8
# A quoted phrase of at most this many words with no speech around it is a scare quote
# ('banter', 'elder abuse'), not speech.
SCARE_MAX_WORDS = 4
# A lower-case phrase in marks that the reporter's sentence runs on past, with no cue, is a
# borrowed phrase (kind scare) up to this many words; longer runs are more likely speech.
BORROWED_PHRASE_MAX_WORDS = 12
# A quote with no cue of its own carries on the speaker of the quote before it when that quote
# ended at most this many paragraphs earlier (news runs a speaker's quotes in a row).
CONTINUATION_MAX_PARAGRAPHS = 2
# Parents walked up from a participle cue ("..., recalling:") to find its subject.
SUBJECT_SEARCH_DEPTH = 6
# Parts of speech a cue word may carry; the small model tags some quotatives oddly.
CUE_POS: frozenset[str] = frozenset({"VERB", "AUX"})
# Parents walked up from a mid-sentence quoted phrase to the cue that governs it (phrase ->
# noun -> preposition -> verb is typical; deeper chains are other clauses).
GOVERNING_CUE_DEPTH = 6
# Parents walked up from a cue to the speech verb that reports its clause ("said (that) she had
# proposed to ...": one level; a conjoined clause adds one; "says she admired him through what
# she calls ...": calls -> through -> admired -> says, three).
OUTER_REPORT_DEPTH = 4
# Links a cue may hang on inside the reported clause: a clause, a conjunct, a relative clause
# ("anyone who complains ..."), or a preposition's clause ("through what she calls ...").
# Cues that do not themselves report words ("had shown bad judgment in using X 'as a ...'");
# under a speech verb, the quoted words belong to that verb's speaker whoever the subject is.
WEAK_CUES = frozenset({"show", "find", "begin", "finish", "continue", "offer", "figure"})
# Subjects that can cast something "as" a quoted phrase in their own words.
CASTING_ENTITIES = frozenset({"PERSON", "ORG", "NORP", "GPE"})
# Links of a quoted phrase that modifies its cue rather than completing it.
MODIFIER_DEPS = frozenset({"npadvmod", "advmod", "dep", "punct", "appos"})
OUTER_REPORT_DEPS = frozenset({"ccomp", "conj", "relcl", "pcomp", "prep", "pobj", "nsubj", "dobj"})
# Parents walked up from the verb before a colon to the speech verb reporting its clause
# ("said she has the one quality the job needs:": needs -> quality -> has -> said).
REPORTING_CUE_DEPTH = 4
# Dependents of a "call"/"describe" cue that hold what was said ("called him a 'liar'").
OBJECT_DEPS = frozenset({"dobj", "obj", "oprd", "prep", "attr", "xcomp", "ccomp"})
# Dependencies of a word after a cue that make it what was named, not who spoke.
OBJECT_LIKE_DEPS = frozenset({"dobj", "obj", "dative", "prep", "pobj", "attr", "oprd"})
# Dependents that are a clause of their own: the reported content is that clause alone.
CLAUSE_DEPS = frozenset({"ccomp", "xcomp"})
# Cues whose to-infinitive is what was said or meant ("vowed to cut taxes", "urged them to").
INFINITIVE_CUES: frozenset[str] = frozenset(
    """
    promise pledge vow swear threaten urge plead beg demand propose ask plan intend want
    hope expect agree decide refuse offer decline
    """.split()  # noqa: SIM905 - a word list reads better as text
)
# Dependents that belong to an aside cue itself ("Mr. Obama said in a statement on Monday"),
# not to what it reports.
ASIDE_FRAME_DEPS = frozenset(
    {"nsubj", "aux", "neg", "advmod", "npadvmod", "prep", "dative", "agent", "punct", "dobj"}
)
# An aside cue reports the rest of its sentence only when that holds at least this many words.
ASIDE_MIN_WORDS = 4
SENTENCE_END = frozenset({".", "!", "?"})
# Dependencies of a verb heading a clause of its own ("that ...", "if ...", "who ...").
# A cue with one of these dependents on its right reports them, not the sentence around it.
ASIDE_BLOCKING_DEPS = frozenset({"xcomp", "ccomp"})
# A nickname between a first name and a surname (`Dwayne "The Rock" Johnson`) runs this long.
NICKNAME_MAX_WORDS = 2
# Words either side of a nickname checked for one in lower case (running text, no headline).
NICKNAME_CONTEXT_WORDS = 3
CLAUSE_HEAD_DEPS = frozenset({"ccomp", "advcl", "relcl", "xcomp", "acl", "pcomp", "ROOT", "conj"})
# A mid-sentence quote is widened back to its clause only over this many tokens; a longer
# lead-in is the reporter's own sentence, not a paraphrase of the speaker.
CLAUSE_START_MAX_TOKENS = 12
# Dependents of a cue before its content: "said in the letter that", "told reporters".
REPORT_FRAME_DEPS = frozenset({"prep", "advmod", "npadvmod", "dative", "punct", "agent"})
# Words before a quoted title ("appeared on 'Fox News Sunday'"); "called" is left out, as
# "what he called 'A Disgrace'" reports words.
TITLE_PREPOSITIONS = frozenset({"on", "of", "in", "at", "from", "for", "by", "titled", "entitled"})
# Naming verbs whose quoted words are reported as a free relative ("what she called a
# 'rant'"): the reported content is the whole "what ..." phrase, not the quoted word alone.
# Titles written before a name; a period after one ends no sentence ("Sen. "Chip" Roy").
NAME_ABBREVIATIONS = frozenset(
    "mr mrs ms dr sen rep gov lt gen col sgt capt st rev prof pres supt atty".split()  # noqa: SIM905
)
# Relative pronouns that stand for what a cue in a relative clause reports ("which he
# called ...").
RELATIVE_PRONOUNS = frozenset({"which", "who", "whom", "that"})
NAMING_CUES: frozenset[str] = frozenset({"call", "describe", "term", "dub", "label", "brand"})
# Nouns for a work whose title follows in quotes ("the film "Hidden Figures"", "his memoir,
# "Dreams From My Father""): the quoted words name it, nobody says them.
WORK_NOUNS = frozenset(
    """
    book novel memoir biography autobiography film movie documentary show series sitcom
    episode program programme podcast song anthem hymn ballad album single play musical opera
    poem essay article column op-ed editorial headline report study painting exhibition
    """.split()  # noqa: SIM905 - a word list reads better as text
)
# Characters read after a close mark to see whether its sentence carries on.
RUN_ON_LOOKAHEAD_CHARS = 3
# Punctuation at the end of quoted words that ends their sentence or hands it to a cue.
RUN_ON_STOPS = frozenset(".,!?;:…")
SUBHEADING_MIN_WORDS = 2  # "No." alone on its line is an answer, not a heading
TITLE_MAX_WORDS = 8  # longer capitalised runs are headlines or shouted speech
TITLE_LOOKBACK_CHARS = 20  # enough for the word before the open mark
# Words that carry a quote on past its attribution ('"...," he said, but "..."').
SPLIT_JOINERS = frozenset({"and", "but", "still", "then"})
SUBJECT_DEPS = ("nsubj", "nsubjpass")
# Speech verbs whose direct object is the addressee or a sound, not what was said ("told
# reporters", "thanked voters", "laughed a little"), or whose object was mostly not what was
# said on labelled news ("said Monday", "denied the charges", "maintained his lead").
NO_OBJECT_CONTENT_CUES: frozenset[str] = frozenset(
    """
    tell ask inform assure reassure thank urge advise warn remind beg plead answer call
    begin finish laugh smile grin giggle chuckle sigh sob cry breathe sing chant gasp figure
    interrupt correct guess add continue write post tweet quote
    say maintain deny counter protest charge claim boast concede disclose scream roar imply
    read
    """.split()  # noqa: SIM905 - a word list reads better as text
)
# Right dependents after a reported object that still belong to what was reported ("cited
# the remarks as examples of ...", "blasted him for not paying ...").
OBJECT_TAIL_DEPS = frozenset({"prep", "oprd", "xcomp", "advcl"})
# Cue verbs with a particle or preposition whose object is what was said ("called for a
# repeal", "warned against hackers", "complained about his mic").
PHRASAL_CUES: frozenset[tuple[str, str]] = frozenset(
    {
        ("call", "for"),
        ("call", "on"),
        ("warn", "against"),
        ("warn", "of"),
        ("warn", "about"),
        ("complain", "about"),
        ("speak", "of"),
        ("speak", "about"),
        ("talk", "about"),
        ("point", "to"),
        ("refer", "to"),
        ("argue", "for"),
        ("argue", "against"),
        ("ask", "about"),
        ("ask", "for"),
    }
)
PHRASAL_VERBS = frozenset(verb for verb, _ in PHRASAL_CUES)
# Verbs that attribute only in the passive with a by-phrase ("was supported by", "was
# proposed by"): in the active their object is too often no reported content.
PASSIVE_ONLY_CUES: frozenset[str] = frozenset({"support", "propose", "back", "oppose"})
# Verbs that report a finding only as a clause ("the study found that ...", "the court
# ruled that ..."); their noun objects ("found the keys") are no content.
CLAUSE_ONLY_CUES: frozenset[str] = frozenset({"find", "rule", "determine"})
# Prepositions after a speech noun that introduce its content ("his claim about the vote");
# others ("her statement on Monday", "his letter to voters") give time or addressee.
OWNED_SPEECH_PREPOSITIONS = frozenset({"about", "of", "against", "that"})
# Entity labels of a parse's mistaken subject in "said Monday", "said at 5 p.m.".
TIME_ENTITIES = frozenset({"DATE", "TIME"})
# A paragraph opened by a short capitalised label and a colon ("Poll: Voters ...", "SMITH:
# We will ...") reports the label's words: headline and transcript style. Longer labels are
# sentences of their own that introduce a list or a quote.
LABEL_MAX_WORDS = 4
LABEL_MIN_CONTENT_WORDS = 4  # "Update: none" and the like carry no statement
# Labels that name a part of the page, not a source.
NON_SOURCE_LABELS = frozenset(
    """
    update updated note editor abstract related watch video photo photos image source
    sources read more see also correction disclaimer transcript summary background
    """.split()  # noqa: SIM905 - a word list reads better as text
)


@dataclass
class _Attribution:
    cue: Token | None
    cue_text: str | None
    subject: Token | None
    inherited: ResolvedSpeaker | None = None


@dataclass
class _Found:
    start: int
    end: int
    kind: QuoteKind
    cue: Token | None
    cue_text: str | None
    subject: Token | None
    speaker: ResolvedSpeaker | None = None
    reported_by: str | None = None
    depth: int = 0


class _Article:
    """Token and paragraph look-ups over one ``Doc``, by character offset."""

    def __init__(self, doc: Doc) -> None:
        self.doc = doc
        self.text = doc.text
        self.token_starts = [t.idx for t in doc]
        # A blank line is no paragraph of its own: "\n\n" and "\n" both start the next one.
        self.paragraph_starts = [0] + [
            i + 1
            for i, c in enumerate(self.text)
            if c == "\n" and (i + 1 >= len(self.text) or self.text[i + 1] != "\n")
        ]

    def token_at(self, offset: int) -> int:
        """Index of the token that holds or follows ``offset``."""
        return bisect_left(self.token_starts, offset)

    def token_before(self, offset: int) -> int:
        return bisect_right(self.token_starts, offset) - 1

    def paragraph(self, offset: int) -> int:
        return bisect_right(self.paragraph_starts, offset) - 1

    def paragraph_start(self, offset: int) -> int:
        return self.paragraph_starts[self.paragraph(offset)]

    def paragraph_end(self, offset: int) -> int:
        index = self.paragraph(offset) + 1
        return (
            self.paragraph_starts[index] - 1
            if index < len(self.paragraph_starts)
            else len(self.text)
        )


def _is_cue(token: Token) -> bool:
    return (
        token.lemma_.lower() in SPEECH_VERBS
        and (token.pos_ in CUE_POS or token.tag_.startswith("VB"))
        and not _in_compound_word(token)
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


# Words between an inverted cue and the name of its speaker ("said orchard owner Priya Nand").
POSTPOSED_SPEAKER_WINDOW = 4


def _subject(verb: Token) -> Token | None:
    """The subject of a speech verb; for a participle or infinitive, the subject of the verb it
    hangs from ("..., recalling:", "leading Hilaria to snap:")."""
    current = verb
    for _ in range(SUBJECT_SEARCH_DEPTH):
        # The nearest subject before the verb: in `The museum, Mr. Obama said, would ...` the
        # parse gives "said" two subjects, and the first one opens the reported clause.
        for child in sorted(current.children, key=lambda c: (c.i > current.i, -c.i)):
            if child.dep_ in SUBJECT_DEPS and child.ent_type_ not in TIME_ENTITIES:
                return child
        infinitive = any(c.dep_ == "aux" and c.lower_ == "to" for c in current.children)
        if current.dep_ == "xcomp" or (infinitive and current.dep_ == "advcl"):
            objects = [c for c in current.head.children if c.dep_ in ("dobj", "obj")]
            if objects:
                return objects[0]
        if current.dep_ in ("advcl", "conj", "xcomp", "pcomp", "acl", "prep", "ccomp") and (
            current.head.i != current.i
        ):
            head = current.head
            if current.dep_ == "conj" and head.dep_ == "ccomp" and _is_cue(head.head):
                # "X said the video should be released but said ...": the parse hangs the
                # second cue on the reported clause; it shares the first cue's subject.
                head = head.head
            current = head
            continue
        if current.dep_ == "relcl" or (current.dep_ == "acl" and current.tag_ == "VBD"):
            # "Aaron Kall, the director ..., compared": a finite verb parsed as a modifier.
            return current.head
        break
    return _postposed_person(verb)


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


def _name_between(tokens: Sequence[Token]) -> Token | None:
    """The first name or pronoun standing between a quote and its cue, as the head of its
    name ("Chuck Jordan" -> Jordan); None when the cue follows the quote at once."""
    for token in tokens:
        if token.is_punct or token.is_space:
            continue
        if token.pos_ in ("PROPN", "PRON") and token.ent_type_ not in TIME_ENTITIES:
            head = token
            while head.dep_ in ("compound", "flat") and head.head.i > head.i:
                head = head.head
            return head
        if token.pos_ not in ("DET", "ADJ", "NOUN"):
            return None
    return None


def _agent_before(verb: Token) -> Token | None:
    """ "as a fourth added:" parsed without a subject: the noun phrase right before the verb."""
    if verb.i == 0:
        return None
    previous = verb.doc[verb.i - 1]
    if previous.pos_ in ("NOUN", "PROPN", "ADJ", "NUM") and previous.dep_ not in ("dobj", "pobj"):
        return previous
    return None


def _agent_after(verb: Token) -> Token | None:
    """ "said Caddell" parsed without a subject: a name or pronoun right after the verb."""
    doc = verb.doc
    for token in doc[verb.i + 1 : verb.i + 4]:
        if token.ent_type_ in TIME_ENTITIES:
            break  # "said Monday": a time, not a speaker
        if token.pos_ in ("PROPN", "PRON", "NOUN") and not token.is_punct:
            return token.head if token.dep_ == "compound" else token
        if not (token.pos_ == "DET" or token.pos_ == "ADJ"):
            break
    return None


def _content_words(text: str) -> int:
    return len([w for w in text.split() if any(c.isalnum() for c in w)])


def extract_quotes(doc: Doc, skip: Iterable[tuple[int, int]] = ()) -> list[Quote]:
    """Every quote in the article held by ``doc``, with speaker, cue and kind, by start.

    ``skip`` lists character ranges of boilerplate (photo captions restating the body): a quote
    lying wholly inside one is dropped.
    """
    text = doc.text
    if not text.strip() or len(doc) == 0:
        return []
    article = _Article(doc)
    marked = find_marked_quotes(text)
    top = [q for q in marked if q.depth == 0]
    table = SpeakerTable(doc, [(q.start, q.end) for q in top])
    # A nickname inside a name is neither speech nor a bound for the search of a speaker.
    nicknames = [q for q in top if _is_nickname(text, q)]
    top = [q for q in top if q not in nicknames]

    found: list[_Found] = []
    embedded: list[MarkedQuote] = []
    titles: list[MarkedQuote] = []
    used_cues: set[int] = set()
    previous: _Found | None = None
    for quote in top:
        if _is_title(text, quote):
            titles.append(quote)  # a show, book or song named in quotes is nobody's speech
            continue
        if previous is not None and _continues_split_quote(article, previous, quote):
            # `"I love Larry," he said, but "he has a history ..."`: one quote, split by its
            # attribution, whatever the length or shape of its second part.
            previous.end = max(previous.end, quote.end)
            continue
        attribution = _attribute_direct(article, quote, top)
        if attribution is not None and _is_embedded_phrase(text, quote, attribution):
            attribution = None
        if attribution is None and not _starts_sentence(text, quote.open_at):
            # `Trump called Clinton a "con artist"`: the cue governs the quoted phrase.
            attribution = _governing_cue(article, quote, used_cues)
        if attribution is not None and not _starts_sentence(text, quote.open_at):
            attribution = _outer_report(attribution, quote, used_cues)
        if attribution is None and _is_subheading(article, quote):
            titles.append(quote)  # `'All Bets Are Off.'` alone on its line: a heading
            continue
        if attribution is None:
            short = _content_words(text[quote.start : quote.end]) <= SCARE_MAX_WORDS
            if (
                _starts_sentence(text, quote.open_at)
                and (quote.closed or not short)
                and not (short and _sentence_runs_on(text, quote))
            ):
                carried = _continuation(article, previous, quote)
                found_quote = _Found(quote.start, quote.end, "direct", None, None, None)
                found_quote.speaker = carried
                found.append(found_quote)
                previous = found_quote
            else:
                embedded.append(quote)
            continue
        found_quote = _Found(
            quote.start,
            quote.end,
            "direct",
            attribution.cue,
            attribution.cue_text,
            attribution.subject,
        )
        colon_lead = _colon_clause_start(article, quote, attribution.cue)
        if colon_lead is not None:
            # `Ms. Ruiz said the plan had one flaw: "It costs too much."`: the reported clause
            # and the quote that completes it are one statement.
            found_quote.start, found_quote.kind = colon_lead, "mixed"
        if not _starts_sentence(text, quote.open_at) and attribution.cue is not None:
            extended = _clause_around(article, quote, attribution.cue)
            if extended is not None and attribution.cue.idx < quote.open_at:
                extended = _reported_rest(article, quote, attribution.cue, extended)
            aside_start = _aside_start(article, quote, attribution)
            if aside_start is not None:
                extended = (aside_start, max(quote.end, extended[1] if extended else quote.end))
            if extended is not None:
                # What a cue reports around a quoted phrase stays in the phrase's paragraphs;
                # a parse that runs a headline into the next paragraph does not.
                extended = (
                    max(extended[0], article.paragraph_start(quote.open_at)),
                    min(extended[1], article.paragraph_end(quote.end)),
                )
            if extended is not None and (extended[0] < quote.start or extended[1] > quote.end):
                found_quote.start = min(extended[0], quote.start)
                found_quote.end = max(extended[1], quote.end)
                found_quote.kind = "mixed"
        if attribution.cue is not None:
            relative_start = _naming_relative_start(article, quote, attribution.cue)
            if relative_start is not None and relative_start < found_quote.start:
                found_quote.start = relative_start
                found_quote.kind = "mixed"
        if attribution.subject is not None:
            found_quote.speaker = table.resolve(attribution.subject)
            _note(table, found_quote.speaker)
        if attribution.cue is not None:
            used_cues.add(attribution.cue.i)
        found.append(found_quote)
        previous = found_quote

    found = _merge_overlapping(_join_split_quotes(article, found))
    indirect = _indirect_quotes(article, table, used_cues, found)
    direct_spans = [(f.start, f.end) for f in found]
    kept_indirect: list[_Found] = []
    for candidate in indirect:
        if any(s < candidate.end and candidate.start < e for s, e in direct_spans):
            continue
        # A quoted phrase that opens inside the clause is part of it, up to its close mark
        # (the parse often leaves the phrase's final period outside the clause, and the open
        # mark outside a clause that starts with the phrase). A quoted title is not: `is to
        # appear on "The View"` quotes nobody.
        inner = [q for q in embedded if candidate.start <= q.start and q.start < candidate.end]
        if inner:
            candidate.kind = "mixed"
            candidate.end = max([candidate.end] + [q.end for q in inner])
            embedded = [q for q in embedded if q not in inner]
        kept_indirect.append(candidate)
    found.extend(kept_indirect)
    taken = [(f.start, f.end) for f in found]
    for item in _label_quotes(article, table):
        if not any(s < item.end and item.start < e for s, e in taken):
            found.append(item)
    embedded = _absorb_later_phrases(article, found, embedded)
    for quote in embedded:
        kind: QuoteKind = (
            "scare"
            if _content_words(text[quote.start : quote.end]) <= SCARE_MAX_WORDS
            or _borrowed_phrase(text, quote)
            else "direct"
        )
        item = _Found(quote.start, quote.end, kind, None, None, None)
        if kind == "direct" and not _starts_sentence(text, quote.open_at):
            clause_start = _clause_start(article, quote)
            if clause_start is not None and clause_start < quote.start:
                item.start, item.kind = clause_start, "mixed"
        found.append(item)
    # A title is recorded like a scare quote: marked words that are not speech, whatever their
    # length, and no sign that the sentence around them reports anyone's words.
    found.extend(_Found(q.start, q.end, "scare", None, None, None) for q in titles + nicknames)
    found.extend(_nested_quotes(article, table, marked, found))

    skip_ranges = list(skip)
    quotes = [
        _to_record(text, item)
        for item in found
        if not any(s <= item.start and item.end <= e for s, e in skip_ranges)
    ]
    quotes = [q for q in quotes if q.text.strip()]
    quotes.sort(key=lambda q: (q.start, q.end))
    return quotes


def _sentence_runs_on(text: str, quote: MarkedQuote) -> bool:
    """`'Thin-skinned' mayor sues his critics`: words right after the close mark carry the
    sentence on, so the quoted words open it as a label, not as a statement of their own."""
    if not quote.closed or text[quote.start : quote.end].rstrip()[-1:] in RUN_ON_STOPS:
        return False  # `"Big time." She left.`, `"Call the roll," they chanted`: it ended
    rest = text[quote.close_at + 1 : quote.close_at + 1 + RUN_ON_LOOKAHEAD_CHARS].lstrip(" ")
    return rest[:1].isalnum()


def _is_subheading(article: _Article, quote: MarkedQuote) -> bool:
    """A short title-case quote that is a paragraph on its own is a heading set in quotation
    marks (a section head, a pull-quote), not a statement with a speaker."""
    text = article.text
    start, end = article.paragraph_start(quote.open_at), article.paragraph_end(quote.open_at)
    if text[start : quote.open_at].strip() or text[quote.close_at + 1 : end].strip().strip("."):
        return False
    content = text[quote.start : quote.end]
    return _content_words(content) >= SUBHEADING_MIN_WORDS and _title_case(content)


def _title_case(content: str) -> bool:
    """Every word capitalised but short function words, at most ``TITLE_MAX_WORDS`` words."""
    words = [w.strip(".,!?:;’'\"") for w in content.split()]
    words = [w for w in words if w]
    if not words or len(words) > TITLE_MAX_WORDS or not words[0][:1].isupper():
        return False
    return all(w[:1].isupper() or not w[:1].isalpha() or len(w) <= 3 for w in words)


def _is_title(text: str, quote: MarkedQuote) -> bool:
    """`on "Fox News Sunday,"`, `of "The Steve Harvey Morning Show"`, `the film "Hidden
    Figures"`, `CNN's "State of the Union"`, `his "Keep It Real" radio show`: a title-case
    phrase right after a preposition, a noun for a work or an owner's name, or right before a
    noun for a work, names a work; it does not report speech."""
    lead = text[max(0, quote.open_at - TITLE_LOOKBACK_CHARS) : quote.open_at]
    before = lead.rstrip(ALL_MARKS + "'").rstrip().rstrip(",").split()  # ''Title'' marks too
    after = text[quote.close_at + 1 : quote.close_at + 1 + TITLE_LOOKBACK_CHARS]
    after_words = after.lstrip(ALL_MARKS + "'").split()
    previous = before[-1] if before else ""
    named = (
        previous.lower() in TITLE_PREPOSITIONS
        or previous.lower() in WORK_NOUNS
        # `MSNBC's "Morning Joe"`: a title owned by an outlet or author
        or (previous[:1].isupper() and previous.endswith(("'s", "’s")))
        # `his "Keep It Real" radio program`
        or (bool(after_words) and after_words[0].lower().strip(".,") in WORK_NOUNS)
        or (len(after_words) > 1 and after_words[1].lower().strip(".,") in WORK_NOUNS)
    )
    return named and _title_case(text[quote.start : quote.end])


def _is_nickname(text: str, quote: MarkedQuote) -> bool:
    """`Marcia "Cia" Price`, `Dwayne "The Rock" Johnson`: a short capitalised phrase between a
    first name and a surname is a nickname, part of the name, not anyone's words."""
    before = text[max(0, quote.open_at - TITLE_LOOKBACK_CHARS) : quote.open_at].split()
    previous = before[-1] if before else ""
    after_words = text[quote.close_at + 1 : quote.close_at + 1 + TITLE_LOOKBACK_CHARS].split()
    content = text[quote.start : quote.end].strip()
    # In a title-case headline every word is capitalised: "Calls Clinton 'Disgrace' After".
    around = before[-NICKNAME_CONTEXT_WORDS:] + after_words[:NICKNAME_CONTEXT_WORDS]
    in_running_text = any(w[:1].islower() and len(w) > 3 for w in around)
    return (
        in_running_text
        and 0 < len(content.split()) <= NICKNAME_MAX_WORDS
        and content[:1].isupper()
        and content[-1:].isalpha()
        and previous[:1].isupper()
        and previous.isalpha()
        and bool(after_words)
        and after_words[0][:1].isupper()
        and after_words[0].rstrip(".,;:)'’s").isalpha()
    )


def _continues_split_quote(article: _Article, previous: _Found, quote: MarkedQuote) -> bool:
    """The quote opens in the sentence of the attribution that follows ``previous``: between
    them stand only that cue, its speaker and a comma or a conjunction."""
    cue = previous.cue
    if cue is None or not previous.end <= cue.idx < quote.open_at or previous.kind == "scare":
        return False
    if article.paragraph(previous.end) != article.paragraph(quote.open_at):
        return False
    between = article.text[previous.end : quote.open_at]
    if any(mark in between for mark in SENTENCE_END):
        return False
    doc = article.doc
    gap = doc[article.token_at(previous.end) : article.token_at(quote.open_at)]
    if any(_is_cue(t) and t.i != cue.i for t in gap):
        return False  # `"...," Trump said, adding later, "..."`: a second attribution
    tail = between.rstrip().rstrip(":").rstrip()
    words = tail.split()
    return tail.endswith(",") or bool(words and words[-1].lower() in SPLIT_JOINERS)


def _borrowed_phrase(text: str, quote: MarkedQuote) -> bool:
    """`sent its reporter into "a living room in western Pennsylvania" to watch`: words in
    marks that open in lower case mid-sentence, with no speech verb anywhere near, and that
    the sentence runs on past, are a phrase borrowed into the reporter's own sentence."""
    content = text[quote.start : quote.end].strip()
    return (
        _content_words(content) <= BORROWED_PHRASE_MAX_WORDS
        and content[:1].islower()
        and not _starts_sentence(text, quote.open_at)
        and _sentence_runs_on(text, quote)
    )


def _clause_start(article: _Article, quote: MarkedQuote) -> int | None:
    """Where the clause holding a mid-sentence quote begins: `that Trump would be "the
    healthiest ..."`, `if they "participated ..."`. The quote's words are the end of a
    statement whose start the reporter paraphrased."""
    doc = article.doc
    first = article.token_at(quote.start)
    if first >= len(doc):
        return None
    node = doc[first]
    for _ in range(GOVERNING_CUE_DEPTH):
        if node.dep_ in CLAUSE_HEAD_DEPS and node.pos_ in CUE_POS:
            break
        if node.head.i == node.i:
            return None
        node = node.head
    else:
        return None
    left = node.left_edge.i
    if left >= first or first - left > CLAUSE_START_MAX_TOKENS:
        return None
    while left < first and (doc[left].is_punct or doc[left].is_space):
        left += 1
    return doc[left].idx if left < first else None


def _absorb_later_phrases(
    article: _Article, found: list[_Found], embedded: list[MarkedQuote]
) -> list[MarkedQuote]:
    """`X said voting fraud is "a big problem" but "nobody has the guts to talk about it."`:
    a quoted phrase later in the sentence of a reported clause, with no speech verb between,
    is more of that clause; the quote is widened over it. Returns the phrases left alone."""
    doc = article.doc
    reports = sorted(
        (
            f
            for f in found
            if f.kind in ("mixed", "indirect", "direct")
            and f.cue is not None
            and f.cue.idx < f.start
        ),
        key=lambda f: f.start,
    )
    if not reports:
        return embedded
    left: list[MarkedQuote] = []
    for quote in embedded:
        holder = next((f for f in reports if f.start <= quote.open_at < f.end), None)
        if holder is not None:
            holder.end = max(holder.end, quote.end)  # inside the reported clause: part of it
            continue
        first = article.token_at(quote.open_at)
        owner = None
        for item in reports:
            if item.end > quote.open_at or first >= len(doc) or item.cue is None:
                continue
            if doc[first].sent.start != item.cue.sent.start:
                continue
            gap = doc[article.token_at(item.end) : first]
            if any(_is_cue(t) for t in gap):
                continue
            owner = item
        if owner is None:
            left.append(quote)
            continue
        owner.end = max(owner.end, quote.end)
        owner.kind = "mixed"  # its words and the reporter's, whatever it was before
    return left


def _is_embedded_phrase(text: str, quote: MarkedQuote, attribution: _Attribution) -> bool:
    """A short quoted phrase inside a sentence ("said she was 'rude'") is part of that
    sentence, not speech of its own: unless a colon introduces it or it starts a sentence, it
    is left to the indirect pass (mixed) or kept as a scare quote."""
    if _content_words(text[quote.start : quote.end]) > SCARE_MAX_WORDS:
        return False
    if _starts_sentence(text, quote.open_at):
        return False
    content = text[quote.start : quote.end].rstrip()
    cue = attribution.cue
    # '"Sorry," he said' : a short quote, but speech.
    if cue is not None and cue.idx > quote.end and content[-1:] in ",!?":
        return False
    # 'Trump boasted, "That makes me smart."': a cue, a comma or colon, then a capitalised
    # sentence is speech however short; 'called it "a disgrace"' runs on without a break.
    if cue is not None and cue.idx < quote.open_at and content[:1].isupper():
        between = text[cue.idx + len(cue.text) : quote.open_at].strip()
        return between not in (",", ":")
    return True


def _governing_cue(
    article: _Article, quote: MarkedQuote, used_cues: set[int]
) -> _Attribution | None:
    """The speech verb whose clause holds a mid-sentence quoted phrase: walk up the parse from
    the phrase to its sentence root, and take the first cue with a subject."""
    doc = article.doc
    first = article.token_at(quote.start)
    if first >= len(doc):
        return None
    node = doc[first]
    for _ in range(GOVERNING_CUE_DEPTH):
        if node.head.i == node.i:
            break
        below, node = node, node.head
        if node.i in used_cues:
            return None
        if quote.start <= node.idx < quote.end:
            continue  # `asked that voters "patiently consider" ...`: the quote's own words
        characterised = _characterisation(node, below)
        if characterised is not None:
            return characterised
        if node.pos_ == "NOUN" and node.lemma_.lower() in SPEECH_NOUNS:
            owner = next((c for c in node.children if c.dep_ == "poss"), None)
            if owner is not None and not quote.start <= owner.idx < quote.end:
                # "Trump's claim that there were 'thousands of shootings'": the noun is the
                # cue and its owner the speaker.
                return _Attribution(node, node.text, owner)
            continue
        passive = any(c.dep_ in ("auxpass", "nsubjpass") for c in node.children)
        if not passive and (
            _is_cue(node) or (node.lemma_.lower() in BELIEF_VERBS and node.pos_ == "VERB")
        ):
            # No name-after fallback: after a cue that governs a quoted phrase stands its
            # object ("compared Trump to a 'coach'"), not its speaker.
            subject = _subject(node)
            if subject is None:
                agent = _agent_after(node)
                if agent is not None and agent.dep_ not in OBJECT_LIKE_DEPS:
                    subject = agent
            if subject is None or quote.start <= subject.idx < quote.end:
                return None
            return _Attribution(node, node.text, subject)
    return None


def _characterisation(verb: Token, below: Token) -> _Attribution | None:
    """`Reid has been pounding Trump as a "con artist"`, `PolitiFact rated the claims as
    "entirely true"`: a verb with an object cast "as" a quoted phrase gives its subject's
    words for the object, whatever the verb. Only a person, an organisation or a personal
    pronoun casts; `the rule treats fees as "income"` is the reporter's framing."""
    if verb.pos_ != "VERB" or below.lower_ != "as" or below.dep_ != "prep":
        return None
    if any(c.dep_ in ("auxpass", "nsubjpass") for c in verb.children):
        return None
    if not any(c.dep_ in ("dobj", "obj") and c.i < below.i for c in verb.children):
        return None
    subject = _subject(verb)
    if subject is None:
        return None
    human = subject.ent_type_ in CASTING_ENTITIES or (
        subject.pos_ == "PRON" and subject.lower_ not in ("it", "this", "that")
    )
    return _Attribution(verb, verb.text, subject) if human else None


def _outer_report(
    attribution: _Attribution, quote: MarkedQuote, used_cues: set[int]
) -> _Attribution:
    """`Ms. Lee said she had proposed to "scrap" the fee`: a cue with a pronoun subject inside
    the clause that a speech verb reports is part of what that verb reports; the quoted words
    belong to the outer statement and its speaker. The cue may sit deeper in that clause
    (`says she admired him through what she calls a "..."`, `saying anyone who complains
    "is ..."`). A thing as subject (`said the flyer "falsely" implies ...`) speaks for nobody
    when its verb comes after the quoted words."""
    cue, subject = attribution.cue, attribution.subject
    if cue is None or subject is None or subject.idx > quote.open_at:
        return attribution
    if (
        subject.pos_ != "PRON"
        and cue.lemma_.lower() not in WEAK_CUES
        and (subject.pos_ != "NOUN" or subject.ent_type_ or cue.idx < quote.open_at)
    ):
        return attribution
    node = cue
    for _ in range(OUTER_REPORT_DEPTH):
        if node.dep_ not in OUTER_REPORT_DEPS or node.head.i == node.i:
            return attribution
        head = node.head
        if node.dep_ == "ccomp" and head.i < node.i and head.i not in used_cues and _is_cue(head):
            if any(c.dep_ in ("auxpass", "nsubjpass") for c in head.children):
                return attribution
            outer_subject = _subject(head)
            if outer_subject is None or quote.start <= outer_subject.idx < quote.end:
                return attribution
            return _Attribution(head, head.text, outer_subject)
        node = head
    return attribution


def _aside_start(article: _Article, quote: MarkedQuote, attribution: _Attribution) -> int | None:
    """`So when Patriot signalled a deal, Mr. Barrett said, "we were floored."`: a cue set off by
    commas inside the sentence reports the words before it too; where that sentence starts."""
    cue, subject = attribution.cue, attribution.subject
    if cue is None or subject is None or not subject.i < cue.i < article.token_at(quote.open_at):
        return None
    doc = article.doc
    between = doc[cue.i + 1 : article.token_at(quote.open_at)]
    if not between or any(not t.is_punct for t in between) or between[-1].text != ",":
        return None
    if _opens_own_sentence(doc[article.token_at(quote.start)]):
        # `When asked, Mr. Barrett said, "That is all."`: a capital opens a sentence of its own.
        return None
    left = min(t.i for t in subject.subtree)
    if left == 0 or doc[left - 1].text != ",":
        return None
    sentence_start = cue.sent.start
    words = [t for t in doc[sentence_start : left - 1] if not t.is_punct and not t.is_space]
    if len(words) < ASIDE_MIN_WORDS or article.paragraph(words[0].idx) != article.paragraph(
        quote.open_at
    ):
        return None
    return words[0].idx


def _opens_own_sentence(first: Token) -> bool:
    """A quote's first word in capitals that is neither a name nor "I" starts a new sentence."""
    return first.text[:1].isupper() and first.pos_ != "PROPN" and first.text != "I"


def _reported_rest(
    article: _Article, quote: MarkedQuote, cue: Token, clause: tuple[int, int]
) -> tuple[int, int]:
    """`Lynch said there remains a "significant difference," when it comes to ...`: what a cue
    before a quoted phrase reports runs from the cue to the end of its sentence, whatever
    the parse made of the marks; it stops early at another cue or a semicolon."""
    doc = article.doc
    first = article.token_at(quote.start)
    last = max(first, article.token_before(max(quote.end - 1, quote.start)))
    start = clause[0]
    begin = cue.i + 1
    # Skip the cue's own frame ("said in the letter", "told reporters") up to its content.
    for child in cue.rights:
        if child.dep_ in REPORT_FRAME_DEPS and max(t.i for t in child.subtree) < first:
            begin = max(begin, max(t.i for t in child.subtree) + 1)
    while begin < first and (doc[begin].is_punct or doc[begin].is_space):
        begin += 1
    if begin < first and doc[begin].idx < start:
        start = doc[begin].idx
    paragraph_end = article.paragraph_end(quote.end)
    end = clause[1]
    if article.text[quote.start : quote.end].rstrip()[-1:] in SENTENCE_END:
        return start, min(end, quote.end)  # `... as "super predators." All of this`: it ended
    # `Though she called for pay to be "clawed back" for executives, Clinton restricted ...`:
    # a cue in a subordinate clause reports no further than that clause.
    clause_root = cue
    while clause_root.dep_ == "conj" and clause_root.head.i != clause_root.i:
        clause_root = clause_root.head
    clause_last = clause_root.right_edge.i if clause_root.dep_ == "advcl" else len(doc)
    index = last + 1
    while index < len(doc) and doc[index].idx < paragraph_end and index <= clause_last:
        token = doc[index]
        if token.text in SENTENCE_END or token.text == ";" or _is_cue(token):
            break
        if not (token.is_punct or token.is_space):
            end = max(end, token.idx + len(token))
        index += 1
    if index < len(doc) and _is_cue(doc[index]):
        return start, clause[1]  # `..., "a disgrace," he said`: an aside signs it, no more
    return start, end


def _clause_around(article: _Article, quote: MarkedQuote, cue: Token) -> tuple[int, int] | None:
    """The reported clause holding a mid-sentence quote: `X said he had "areas of
    disagreement" with Y` reports "he had ... with Y", so the quote is mixed and covers it;
    `X called Y a "con artist"` reports "Y a con artist"."""
    doc = article.doc
    first = article.token_at(quote.start)
    if first >= len(doc):
        return None
    last = max(first, article.token_before(max(quote.end - 1, quote.start)))
    node = doc[first]
    for _ in range(len(doc)):
        if node.head.i == cue.i or node.head.i == node.i:
            break
        node = node.head
    sentence = doc[first].sent
    if node.head.i != cue.i or node.dep_ in ("nsubj", "nsubjpass", "punct"):
        # Quote after its cue but not parsed under it: the words between cue and quote.
        if cue.i < first and cue.sent.start <= cue.i:
            start_token = cue.i + 1
            source = _according_source(cue)
            if source is not None:
                # `According to Trump, he is now "the worst thing ..."`: from after the source.
                start_token = _source_phrase_end(cue, source, first - 1) + 1
            while start_token < first and doc[start_token].is_punct:
                start_token += 1
            return (doc[start_token].idx, quote.end) if start_token < first else None
        sentence_start = sentence.start
        if cue.i > first and sentence_start < first:
            start_token = sentence_start
            while start_token < first and doc[start_token].is_punct:
                start_token += 1
            return (doc[start_token].idx, quote.end) if start_token < first else None
        return None
    reported_before = [
        c for c in cue.rights if c.i < first and c.dep_ in ("xcomp", "ccomp", "dobj", "obj")
    ]
    if reported_before and node.dep_ in MODIFIER_DEPS:
        # `pledged to oppose legal status for immigrants "today, tomorrow, forever."`: the
        # quoted words hang on the cue as a modifier; what the cue reports comes before them.
        left = min(c.left_edge.i for c in reported_before)
        return doc[left].idx, quote.end
    if node.dep_ in OBJECT_DEPS and (
        cue.lemma_.lower() in CONTENT_REQUIRED_VERBS or node.dep_ not in CLAUSE_DEPS
    ):
        # "called Clinton a 'con artist'", "described it as 'a disgrace'": all after the cue,
        # short of a second act joined to it ("... and called for ...").
        subtree = [
            t.i for c in cue.rights if c.dep_ != "punct" and not _joined_act(c) for t in c.subtree
        ]
        if subtree:
            subtree = [i for i in subtree if i < _joined_act_start(cue, len(doc))]
    else:
        subtree = [t.i for t in node.subtree]
        if node.dep_ == "conj":
            # `X argued that rents rise, but the council gives "lectures"`: the parse hangs the
            # second clause on the cue; it continues the reported clause before it.
            reported = next(
                (c for c in cue.children if c.dep_ == "ccomp" and cue.i < c.i < node.i), None
            )
            if reported is not None:
                subtree.extend(t.i for t in reported.subtree)
    if not subtree:  # a cue whose right side is only punctuation has no clause to widen to
        return None
    left = min(subtree)
    right = max(subtree)
    if left <= cue.i < first:
        left = cue.i + 1
    if cue.i > last:
        right = min(right, cue.i - 1)
    right = min(right, sentence.end - 1)
    while left < first and (doc[left].is_punct or doc[left].is_space):
        left += 1
    while right > last and (doc[right].is_punct or doc[right].is_space):
        right -= 1
    start = doc[left].idx if left < first else quote.start
    end = doc[right].idx + len(doc[right]) if right > last else quote.end
    return start, end


def _joined_act(token: Token) -> bool:
    """A verb joined by "and" that reports an act of its own (`called X "outrageous" and
    called for ...`) or the "and" before it."""
    if token.dep_ == "cc":
        return any(c.dep_ == "conj" and _joined_act(c) for c in token.head.children)
    return (
        token.dep_ == "conj"
        and token.pos_ == "VERB"
        and _is_cue(token)
        and token.lemma_.lower() not in WEAK_CUES
    )


def _joined_act_start(head: Token, limit: int) -> int:
    """The first token of the earliest joined act after ``head`` (its "and"), or ``limit``."""
    acts = [c for c in head.rights if c.dep_ == "conj" and _joined_act(c)]
    if not acts:
        return limit
    act = acts[0]
    ands = [c.i for c in head.children if c.dep_ == "cc" and c.i < act.i]
    return max(ands) if ands else act.left_edge.i


def _naming_relative_start(article: _Article, quote: MarkedQuote, cue: Token) -> int | None:
    """Where `what she called a "rant"` starts: a naming cue before its quoted words whose
    object is "what" reports the whole free relative, so the quote is mixed from "what"; a cue
    heading a relative clause reports from its pronoun (``_relative_pronoun``)."""
    if cue.idx > quote.open_at:
        return None
    what = next((c for c in cue.lefts if c.lower_ == "what" and c.dep_ != "nsubj"), None)
    if what is None or cue.lemma_.lower() not in NAMING_CUES:
        what = _relative_pronoun(cue)
    if what is None:
        return None
    first = article.token_at(quote.start)
    if first < len(article.doc) and article.doc[first].sent.start > what.i:
        return None  # the quote is in a later sentence than the naming phrase
    return what.idx


def _relative_pronoun(cue: Token) -> Token | None:
    """`the plan, which he declared "a total disaster"`, `a rival who she dubbed "the little
    mayor"`: a cue heading a relative clause whose pronoun is what was said about, not who
    said it; the reported content starts at the pronoun."""
    if cue.dep_ != "relcl":
        return None
    pronoun = cue.left_edge
    if pronoun.lower_ not in RELATIVE_PRONOUNS or pronoun.i >= cue.i:
        return None
    if pronoun.head.i == cue.i and pronoun.dep_ in SUBJECT_DEPS:
        return None  # `a voice that said "..."`: the pronoun is the speaker
    return pronoun


def _note(table: SpeakerTable, speaker: ResolvedSpeaker | None) -> None:
    if speaker is not None and speaker.kind == "person" and speaker.speaker:
        table.note_speaker(speaker.start, speaker.end, speaker.speaker)


def _starts_sentence(text: str, open_at: int) -> bool:
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


def _attribute_direct(
    article: _Article, quote: MarkedQuote, quotes: Sequence[MarkedQuote]
) -> _Attribution | None:
    """Find the speech verb (or colon) that attributes a top-level quote, and its subject."""
    text = article.text
    later = [q for q in quotes if q.open_at > quote.close_at]
    earlier = [q for q in quotes if q.close_at < quote.open_at]
    paragraph_end = article.paragraph_end(quote.close_at)
    after_limit = min([paragraph_end] + [q.open_at for q in later[:1]])
    paragraph_start = article.paragraph_start(quote.open_at)
    before_limit = max([paragraph_start] + [q.close_at + 1 for q in earlier[-1:]])

    # Text before the quote that ends with a colon binds it to the clause before the colon.
    before_text = text[before_limit : quote.open_at].rstrip()
    colon_before = before_text.endswith(":")
    colon_paragraph_before = False
    if not before_text and paragraph_start > 0:
        # A quote opening a paragraph after "X said:" at the end of the one before.
        previous_end = paragraph_start - 1
        while previous_end > 0 and text[previous_end - 1].isspace():
            previous_end -= 1
        if text[:previous_end].endswith(":"):
            previous_start = article.paragraph_start(previous_end - 1)
            before_limit, colon_before = previous_start, True
            before_text = text[previous_start:previous_end]
            colon_paragraph_before = True

    signed = _signature(article, quote, after_limit)
    if signed is not None:
        return signed
    after = _after_cue(article, quote, after_limit)
    if after is not None and (not colon_before or _has_own_speaker(after, colon_paragraph_before)):
        return after
    before = _before_cue(article, before_limit, quote.open_at, colon_before)
    if before is not None and (before.cue is not None or after is None):
        return before
    if after is not None:
        return after
    return _name_after_quote(article, quote, after_limit)


def _has_own_speaker(after: _Attribution, colon_paragraph_before: bool) -> bool:
    """`The scene was recorded in detail:` then a paragraph `"Here he comes," she said.`: the
    quote's own cue and subject name its speaker sooner than the paragraph before it."""
    return colon_paragraph_before and after.cue is not None and after.subject is not None


def _signature(article: _Article, quote: MarkedQuote, limit: int) -> _Attribution | None:
    """`"..." — Jane Doe`: a quote signed with a dash and a name (reader comments, vox pops)."""
    if not quote.closed:
        return None
    text = article.text
    index = quote.close_at + 1
    while index < limit and text[index] in " \t\u00a0,":
        index += 1
    if index >= limit or text[index] not in SIGNATURE_DASHES:
        return None
    doc = article.doc
    first = article.token_at(index + 1)
    for token in doc[first : first + SIGNATURE_MAX_TOKENS]:
        if token.idx >= limit:
            break
        if token.pos_ in ("PROPN", "NOUN", "PRON") and not token.is_punct:
            head = token
            while head.dep_ in ("compound", "flat") and head.head.i < first + SIGNATURE_MAX_TOKENS:
                head = head.head
            return _Attribution(None, text[index], head)
    return None


def _after_cue(article: _Article, quote: MarkedQuote, limit: int) -> _Attribution | None:
    doc = article.doc
    text = article.text
    content = text[quote.start : quote.end].rstrip()
    first = article.token_at(quote.close_at + 1 if quote.closed else quote.end)
    tokens = [t for t in doc[first : first + AFTER_CUE_MAX_TOKENS + 1] if t.idx < limit]
    if not tokens:
        return None
    words = [t for t in tokens if not t.is_punct]
    if content.endswith(".") and words and words[0].text[:1].isupper() and words[0].pos_ != "PROPN":
        return None  # "Quote." He said... starts a new sentence, not an attribution
    for position, token in enumerate(tokens):
        if token.text in SENTENCE_END and position > 0:
            return None
        if token.lower_ in AFTER_CUE_STOP_WORDS:
            return None  # `"...," but stopped short of calling ...`: a new clause
        if _is_cue(token):
            if content.endswith(".") and any(
                c.dep_ == "ccomp" and c.i > token.i for c in token.children
            ):
                return None  # `"... timing." Gov. Pat McCrory said it would be`: a new sentence
            subject = _subject(token) or _agent_after(token) or _agent_before(token)
            named = _name_between(tokens[:position])
            if named is not None and (subject is None or not first <= subject.i < token.i):
                # `"...," Flynn, a top surrogate, said on "Fox and Friends."`: the words
                # between the quote and its cue name the speaker; the parse may not.
                subject = named
            if subject is not None and (
                quote.start <= subject.idx < quote.end or subject.ent_type_ in TIME_ENTITIES
            ):
                # The parse took a word of the quote or a time ("said Monday") as subject:
                # another subject of the cue outside the quote, else the name after it.
                subject = next(
                    (
                        c
                        for c in token.children
                        if c.dep_ in SUBJECT_DEPS
                        and c.idx >= quote.end
                        and c.ent_type_ not in TIME_ENTITIES
                    ),
                    None,
                ) or _agent_after(token)
                agent = _agent_before(token)
                if subject is None and agent is not None and agent.idx >= quote.end:
                    subject = agent  # `"...," Tulsa police Chief Chuck Jordan said`
            return _Attribution(token, token.text, subject)
    return None


def _name_after_quote(article: _Article, quote: MarkedQuote, limit: int) -> _Attribution | None:
    """`"This is fantastic!" beamed Donald Hartley`, `"...," Texas delegate Bill Eastland,
    wearing a cowboy hat ...`: a quote that ends on a comma, "!" or "?" and is followed at
    once by a person's name (after at most one verb) is signed by that person, even when
    the verb is not in the lexicon or comes too far on."""
    if not quote.closed:
        return None
    content = article.text[quote.start : quote.end].rstrip()
    if content[-1:] not in ",!?":
        return None
    doc = article.doc
    first = article.token_at(quote.close_at + 1)
    window = [t for t in doc[first : first + NAME_AFTER_QUOTE_TOKENS] if t.idx < limit]
    verb: Token | None = None
    for token in window:
        if token.is_punct or token.is_space:
            continue
        if token.pos_ == "VERB" and verb is None:
            verb = token
            continue
        if token.dep_ == "case" or _is_possessor(token):
            continue  # `"...!" Scott's niece, Marcia Price, shouted`: the niece speaks
        if token.ent_type_ == "PERSON":
            head = token
            while head.dep_ in ("compound", "flat") and head.head.i > head.i:
                head = head.head
            return _Attribution(verb, verb.text if verb is not None else None, head)
        if token.pos_ not in ("PROPN", "NOUN", "ADJ", "DET"):
            return None
    return None


def _is_possessor(token: Token) -> bool:
    """`Scott` in "Scott's niece": a name that owns the noun after it, not the noun itself."""
    head = token
    while head.dep_ in ("compound", "flat") and head.head.i > head.i:
        head = head.head
    return head.dep_ == "poss"


def _before_cue(
    article: _Article, limit: int, open_at: int, colon_before: bool
) -> _Attribution | None:
    doc = article.doc
    first = article.token_at(limit)
    last = article.token_before(open_at - 1) if open_at > 0 else -1
    if last < first:
        return None
    window = list(doc[first : last + 1])
    # Only the sentence nearest the quote, unless a colon ties the clause to it.
    for position in range(len(window) - 1, -1, -1):
        if window[position].text in SENTENCE_END and not colon_before:
            window = window[position + 1 :]
            break
    nearer_verb = False
    for position in range(len(window) - 1, -1, -1):
        token = window[position]
        gap = len(window) - 1 - position
        if gap > BEFORE_CUE_MAX_GAP and not colon_before:
            break
        if _is_cue(token) and (not colon_before or not nearer_verb):
            subject = _subject(token) or _agent_after(token) or _agent_before(token)
            return _Attribution(token, token.text, subject)
        if colon_before and token.pos_ == "VERB" and not nearer_verb:
            # `Alec jumped in with: "..."`: the verb nearest the colon speaks, if it has a
            # subject; otherwise look further back for a speech verb.
            subject = _subject(token)
            if subject is not None and token.dep_ != "acl":
                reporting = _reporting_cue(token, window[0].i, window[-1].i)
                if reporting is not None:
                    # `Ms. Ruiz said the plan had one flaw: "..."`: the clause before the
                    # colon is reported speech; its speaker speaks the quote too.
                    return reporting
                # "she threatened to leave:" : name the speech verb the infinitive hangs from.
                cue = token.head if token.dep_ == "xcomp" and _is_cue(token.head) else token
                return _Attribution(cue, cue.text, subject)
            nearer_verb = token.dep_ != "acl" and token.dep_ != "relcl"
        if token.lower_ in QUOTATIVE_WORDS and all(t.is_punct for t in window[position + 1 :]):
            be = doc[token.i - 1] if token.i > 0 else None
            if token.lower_ == "like" and be is not None and be.lemma_ in ("be", "’", "'s"):
                subject = next((c for c in be.children if c.dep_ in SUBJECT_DEPS), None)
                if subject is None and be.i > 0 and doc[be.i - 1].pos_ in ("PRON", "PROPN"):
                    subject = doc[be.i - 1]
                return _Attribution(token, f"{be.text} {token.text}".strip(), subject)
    according = _according_before(window)
    if according is not None:
        return according
    if colon_before and window:
        return _Attribution(None, ":", _colon_speaker(window))
    return None


def _colon_clause_start(article: _Article, quote: MarkedQuote, cue: Token | None) -> int | None:
    """Where the clause a cue reports starts when that clause ends in the colon that opens the
    quote (`said the plan had one flaw: "..."`)."""
    if cue is None or cue.idx > quote.open_at:
        return None
    clause = next((c for c in cue.rights if c.dep_ == "ccomp"), None)
    if clause is None:
        return None
    tokens = [t for t in clause.subtree if not (t.is_punct or t.is_space)]
    if not tokens:
        return None
    end = tokens[-1].idx + len(tokens[-1])
    if article.text[end : quote.open_at].strip() != ":":
        return None
    if article.paragraph(tokens[0].idx) != article.paragraph(quote.open_at):
        return None
    return tokens[0].idx


def _reporting_cue(verb: Token, first: int, last: int) -> _Attribution | None:
    """The speech verb (between tokens ``first`` and ``last``) whose reported clause holds
    ``verb``."""
    node = verb
    for _ in range(REPORTING_CUE_DEPTH):
        if node.head.i == node.i:
            return None
        reported = node.dep_ == "ccomp"
        node = node.head
        if not first <= node.i <= last:
            return None
        if reported and _is_cue(node):
            if any(c.dep_ in ("auxpass", "nsubjpass") for c in node.children):
                return None
            subject = _subject(node)
            return _Attribution(node, node.text, subject) if subject is not None else None
    return None


def _colon_speaker(window: list[Token]) -> Token | None:
    """Who speaks in `- Michael P. McDonald: "..."`, `Clinton released the following
    statement: "..."`, `Trump leaned in and boomed: "..."`: a name right before the colon,
    else the subject of the last verb of the clause before it."""
    words = [t for t in window if not (t.is_punct or t.is_space)]
    if not words:
        return None
    last = words[-1]
    if last.pos_ == "PROPN" and last.ent_type_ in ("PERSON", "ORG", "") and not last.is_upper:
        return last
    for token in reversed(words):
        if token.pos_ == "VERB" and token.dep_ != "amod":  # "the following statement"
            subject = _subject(token)
            if subject is not None and subject.lower_ not in ("it", "this", "that", "which"):
                return subject
            return None
    return None


def _according_before(window: list[Token]) -> _Attribution | None:
    """`According to Limbaugh, "..."`: the source of the phrase right before the quote."""
    for position in range(len(window) - 1, 0, -1):
        if window[position - 1].lower_ == "according" and window[position].lower_ == "to":
            source = next((c for c in window[position].children if c.dep_ == "pobj"), None)
            if source is not None:
                return _Attribution(window[position - 1], "according to", source)
    return None


def _continuation(
    article: _Article, previous: _Found | None, quote: MarkedQuote
) -> ResolvedSpeaker | None:
    if previous is None or previous.speaker is None:
        return None
    gap = article.paragraph(quote.open_at) - article.paragraph(previous.end)
    if gap > CONTINUATION_MAX_PARAGRAPHS:
        return None
    return previous.speaker


def _merge_overlapping(found: list[_Found]) -> list[_Found]:
    """A quote that opens inside the reported clause of the one before (widened over it as
    mixed) is part of that quote: one span, the first one's speaker."""
    merged: list[_Found] = []
    for item in sorted(found, key=lambda f: f.start):
        last = merged[-1] if merged else None
        if last is not None and last.kind == "mixed" and item.start < last.end:
            last.end = max(last.end, item.end)
            continue
        merged.append(item)
    return merged


def _join_split_quotes(article: _Article, found: list[_Found]) -> list[_Found]:
    """`"I'm sorry," Alec said, "I was wrong."`: one quote, split by its attribution."""
    joined: list[_Found] = []
    for item in found:
        if joined:
            last = joined[-1]
            same_paragraph = article.paragraph(last.start) == article.paragraph(item.start) or (
                article.paragraph(last.end) == article.paragraph(item.start)
            )
            cue_between = last.cue is not None and last.end <= last.cue.idx < item.start
            # `"...," Rep. Jane Roe (D-Ore.), a panel member, said in an interview. "..."`: the
            # name after the first part signs it, even with the cue out of reach.
            signed_between = (
                last.cue is None
                and last.cue_text is None
                and last.speaker is not None
                and last.end <= last.speaker.start < item.start
            )
            next_paragraph = article.paragraph(item.start) == article.paragraph(last.end) + 1
            if (
                next_paragraph
                and cue_between
                and item.cue is None
                and item.cue_text is None
                and item.start - 1 == article.paragraph_start(item.start)
                and item.kind == "direct"
                and article.paragraph(last.cue.idx if last.cue is not None else 0)
                == article.paragraph(last.end)
            ):
                # `"...," he said.` then a paragraph of his words with no cue: one quote.
                last.end = item.end
                continue
            if (
                same_paragraph
                and (cue_between or signed_between)
                and (item.cue is None or (last.cue is not None and item.cue.i == last.cue.i))
                and item.kind == "direct"
            ):
                last.end = item.end
                continue
            if (
                same_paragraph
                and item.kind == "direct"
                and _attribution_splits(article, last, item)
            ):
                # `Fallon fired back: "As a guardian ...," he wrote, "we know ..."`: the cue
                # between the parts attributes the second, yet both are one quote.
                last.end = item.end
                continue
        joined.append(item)
    return joined


def _attribution_splits(article: _Article, last: _Found, item: _Found) -> bool:
    """The second part's own cue stands between the parts, in one sentence, set off by commas
    (`"...," he wrote, "..."`): the attribution splits one quote."""
    cue = item.cue
    if cue is None or last.kind != "direct" or not last.end <= cue.idx < item.start:
        return False
    if last.cue is not None and last.cue.i != cue.i and last.end <= last.cue.idx < item.start:
        return False  # `"...," Trump said, adding later, "..."`: two attributions
    between = article.text[last.end : item.start]
    if any(mark in between for mark in SENTENCE_END):
        return False
    first_part = article.text[last.start : last.end].rstrip()
    opens_aside = first_part.endswith(",") or between.lstrip(ALL_MARKS).lstrip().startswith(",")
    return opens_aside and between.rstrip().rstrip(ALL_MARKS).rstrip().endswith(",")


def _indirect_quotes(
    article: _Article, table: SpeakerTable, used_cues: set[int], direct: list[_Found]
) -> list[_Found]:
    """Speech verbs with a clause as content, and "according to X"."""
    doc = article.doc
    inside = sorted((f.start, f.end) for f in direct)
    starts = [s for s, _ in inside]

    def in_direct(offset: int) -> bool:
        position = bisect_right(starts, offset) - 1
        return position >= 0 and inside[position][0] <= offset < inside[position][1]

    results: list[_Found] = []
    for token in doc:
        if token.i in used_cues or in_direct(token.idx):
            continue
        following = doc[token.i + 1] if token.i + 1 < len(doc) else None
        if token.lower_ == "according" and following is not None and following.lower_ == "to":
            item = _according_to(article, token)
            if item is not None:
                results.append(item)
            continue
        owned = _owned_speech_content(token)
        if owned is not None:
            content_tokens, owner = owned
            span = _trimmed(doc, min(content_tokens), max(content_tokens))
            if span is not None:
                results.append(_Found(*span, "indirect", token, token.text, owner))
            continue
        passive = _passive_content(token)
        content: set[int] | None
        subject: Token | None
        if passive is not None:
            content, subject = passive
        else:
            content = _indirect_content(token)
            subject = _subject(token) or _agent_after(token) if content is not None else None
        if content is None or subject is None or subject.i in content:
            continue
        tokens = [doc[i] for i in sorted(content) if i != token.i]
        if not tokens:
            continue
        span = _trimmed(doc, tokens[0].i, tokens[-1].i)
        if span is None:
            continue
        start, end = span
        results.append(_Found(start, end, "indirect", token, _cue_phrase(token), subject))
    for item in results:
        if item.subject is not None:
            item.speaker = table.resolve(item.subject)
    return results


def _indirect_content(token: Token) -> set[int] | None:
    """The token indices of what a cue reports: its clause (`said (that) ...`, `believes
    ...`), a to-infinitive of a promise or plea (`vowed to ...`), or the object and its
    complement of a naming verb (`called climate change a hoax`)."""
    lemma = token.lemma_.lower()
    speech = _is_cue(token)
    belief = lemma in BELIEF_VERBS and token.pos_ in CUE_POS
    stance = (lemma in STANCE_VERBS or lemma in PHRASAL_VERBS) and token.pos_ in CUE_POS
    finding = lemma in CLAUSE_ONLY_CUES and token.pos_ in CUE_POS
    if not (speech or belief or stance or finding):
        return None
    if any(c.dep_ in ("auxpass", "nsubjpass") for c in token.children):
        return None  # "was told", "is expected": the subject is not the source
    if (
        token.tag_ == "VBN"
        and token.dep_ in ("advcl", "acl")
        and not any(c.dep_ in ("aux", "nsubj") for c in token.children)
    ):
        return None  # "Asked about taxes, Trump said ...": Trump was asked, he did not ask
    if speech and _fronted_subject(token) is not None:
        aside = _aside_content(token)
        if aside is not None:
            return aside
    clause = next((c for c in token.children if c.dep_ == "ccomp"), None)
    if (
        clause is not None
        and clause.i < token.i
        and any(c.dep_ in ASIDE_BLOCKING_DEPS for c in token.rights)
    ):
        # `In his book "Make Your Kid a Millionaire," he suggested looking at ...`: the parse
        # makes a fronted title a clause; the cue's own complement follows it.
        clause = None
    # A finding that holds quoted words is a reporter's framing of someone else's quote.
    if finding and (clause is None or any(t.text in ALL_MARKS for t in clause.subtree)):
        return None
    if clause is not None:
        return {t.i for t in clause.subtree}
    if lemma in INFINITIVE_CUES:
        plan = next((c for c in token.children if c.dep_ == "xcomp" and c.pos_ == "VERB"), None)
        if plan is not None and any(c.lower_ == "to" for c in plan.children):
            return {t.i for t in plan.subtree}
    if speech and lemma not in CONTENT_REQUIRED_VERBS:
        aside = _aside_content(token)
        if aside is not None:
            return aside
    if speech and lemma in CONTENT_REQUIRED_VERBS:
        complement = [c for c in token.rights if c.dep_ in ("oprd", "xcomp", "ccomp")]
        if complement and any(c.dep_ in ("dobj", "obj") for c in token.rights):
            return {t.i for c in token.rights if c.dep_ != "punct" for t in c.subtree}
    if speech or stance:
        return _object_content(token, lemma)
    return None


def _label_quotes(article: _Article, table: SpeakerTable) -> list[_Found]:
    """`Poll: Voters abandon the party.`, `"SMITH: We will win.`: a paragraph opened by a
    short capitalised label and a colon is what the label's bearer said."""
    doc, text = article.doc, article.text
    results: list[_Found] = []
    for start in article.paragraph_starts:
        first = article.token_at(start)
        while first < len(doc) and (doc[first].is_space or doc[first].text in ALL_MARKS):
            first += 1
        label: list[Token] = []
        for token in doc[first : first + LABEL_MAX_WORDS + 1]:
            if token.text == ":" or not (token.is_alpha and token.text[0].isupper()):
                break
            label.append(token)
        colon = first + len(label)
        if not label or colon >= len(doc) or doc[colon].text != ":":
            continue
        if any(t.lower_ in NON_SOURCE_LABELS or t.ent_type_ in TIME_ENTITIES for t in label):
            continue
        if article.paragraph(doc[colon].idx) != article.paragraph(start):
            continue
        end = article.paragraph_end(start)
        span = _trimmed(doc, colon + 1, article.token_before(max(end - 1, start)))
        if span is None or span[0] >= end:
            continue
        span = (span[0], min(span[1], end))
        if _content_words(text[span[0] : span[1]]) < LABEL_MIN_CONTENT_WORDS:
            continue
        subject = label[-1]
        item = _Found(span[0], span[1], "indirect", doc[colon], ":", subject)
        item.speaker = table.resolve(subject)
        results.append(item)
    return results


def _owned_speech_content(token: Token) -> tuple[set[int], Token] | None:
    """`Trump's claims about the vote`, `her warning that rates would rise`: a speech noun
    with a possessive owner reports what hangs on its right."""
    if token.pos_ != "NOUN" or token.lemma_.lower() not in SPEECH_NOUNS:
        return None
    owner = next((c for c in token.children if c.dep_ == "poss"), None)
    if owner is None:
        return None
    content: set[int] = set()
    for child in token.rights:
        if child.dep_ in ("acl", "ccomp"):
            content.update(t.i for t in child.subtree)
        elif child.dep_ == "prep" and child.lower_ in OWNED_SPEECH_PREPOSITIONS:
            content.update(t.i for t in child.subtree if t.i != child.i)
    if not content:
        return None
    return content, owner


def _passive_content(token: Token) -> tuple[set[int], Token] | None:
    """A cue in the passive with its source in a by-phrase: `The plan was rejected by the
    council`, `a fine proposed by the regulator`. The content is the passive subject (or the
    noun a reduced relative modifies), the source the object of "by"."""
    lemma = token.lemma_.lower()
    if token.pos_ not in CUE_POS or not (
        lemma in SPEECH_VERBS or lemma in STANCE_VERBS or lemma in PASSIVE_ONLY_CUES
    ):
        return None
    agent = next((c for c in token.children if c.dep_ == "agent"), None)
    source = next((c for c in agent.children if c.dep_ == "pobj"), None) if agent else None
    if source is None:
        return None
    subject = next((c for c in token.children if c.dep_ == "nsubjpass"), None)
    if subject is not None:
        return {t.i for t in subject.subtree}, source
    if token.dep_ == "acl" and token.tag_ == "VBN" and token.head.i < token.i:
        own = {t.i for t in token.subtree}
        return {t.i for t in token.head.subtree if t.i not in own}, source
    return None


def _object_content(token: Token, lemma: str) -> set[int] | None:
    """What a cue reports as a noun phrase: `cited the remarks as examples`, `called for a
    repeal`, `questioned the integrity of the vote`. The object and what follows it."""
    rights = [c for c in token.rights if c.dep_ != "punct"]
    start: Token | None = None
    for child in rights:
        if child.dep_ in ("dobj", "obj") and lemma not in NO_OBJECT_CONTENT_CUES:
            start = child
            break
        if (
            child.dep_ == "prep"
            and (lemma, child.lower_) in PHRASAL_CUES
            and any(c.dep_ in ("pobj", "pcomp") for c in child.children)
        ):
            start = child
            break
    if start is None:
        return None
    content = {t.i for t in start.subtree if t.i != start.i or start.dep_ != "prep"}
    for child in rights:
        if child.i > start.i and child.dep_ in OBJECT_TAIL_DEPS:
            content.update(t.i for t in child.subtree)
    return content


def _aside_content(token: Token) -> set[int] | None:
    """`The museum, Mr. Obama said, would ...`, `The tax fell, the agency said in a report.`:
    a cue set off by commas reports the rest of its sentence. A cue with its own complement
    (`suggested looking at ...`) is no aside."""
    fronted = _fronted_subject(token)
    if fronted is None and any(c.dep_ in ASIDE_BLOCKING_DEPS for c in token.rights):
        return None
    frame = {token.i}
    for child in token.children:
        if child.dep_ in ASIDE_FRAME_DEPS and (fronted is None or child.i != fronted.i):
            frame.update(t.i for t in child.subtree)
    if not any(token.doc[i].dep_ in SUBJECT_DEPS for i in frame):
        return None
    doc = token.doc
    left = min(i for i in frame if not doc[i].is_punct)
    if left == 0 or doc[left - 1].text != ",":
        return None
    sentence = token.sent
    content = {t.i for t in sentence if t.i not in frame and not t.is_punct}
    if len(content) < ASIDE_MIN_WORDS or min(content) > left:
        return None
    return content  # the span runs from its first to its last word, over the aside


def _fronted_subject(token: Token) -> Token | None:
    """The first of two subjects a cue was given, when a comma parts them: `The museum, Mr.
    Obama said, would ...` opens the reported clause with "The museum"."""
    subjects = [c for c in token.lefts if c.dep_ in SUBJECT_DEPS]
    if len(subjects) < 2:
        return None
    first, nearest = subjects[0], subjects[-1]
    between = token.doc[first.right_edge.i + 1 : nearest.left_edge.i]
    return first if any(t.text == "," for t in between) else None


def _cue_phrase(token: Token) -> str:
    return token.text


def _according_to(article: _Article, according: Token) -> _Found | None:
    doc = article.doc
    to = doc[according.i + 1]
    # The small model runs sentences over paragraph breaks ("according to the F.A.A.\n\n
    # Most people ..."): the phrase, its source and its content stay in its own paragraph.
    first = article.token_at(article.paragraph_start(according.idx))
    last = article.token_before(article.paragraph_end(according.idx) - 1)
    source = next((c for c in to.children if c.dep_ == "pobj"), None)
    if source is not None and source.i > last:
        source = next((t for t in reversed(doc[to.i + 1 : last + 1]) if t.is_alpha), None)
    if source is None:
        return None
    sentence = according.sent
    phrase_end = _source_phrase_end(according, source, last)
    head = according.head
    inside = head.i != according.i and first <= head.i <= last
    clause = [t.i for t in head.subtree] if inside else []
    clause_start = max(min(clause) if clause else sentence.start, first)
    clause_end = min(max(clause) if clause else sentence.end - 1, last)
    after_start, after_end = phrase_end + 1, min(sentence.end - 1, clause_end)
    before_start, before_end = max(sentence.start, clause_start, first), according.i - 1
    if after_end - after_start >= before_end - before_start:
        span = _trimmed(doc, after_start, after_end)
    else:
        span = _trimmed(doc, before_start, before_end)
    if span is None:
        return None
    found = _Found(span[0], span[1], "indirect", according, "according to", source)
    return found


def _according_source(token: Token) -> Token | None:
    """The source named by `according to <source>`, when ``token`` is "according"."""
    doc = token.doc
    if token.lower_ != "according" or token.i + 1 >= len(doc) or doc[token.i + 1].lower_ != "to":
        return None
    return next((c for c in doc[token.i + 1].children if c.dep_ == "pobj"), None)


def _source_phrase_end(according: Token, source: Token, last: int) -> int:
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


def _trimmed(doc: Doc, first: int, last: int) -> tuple[int, int] | None:
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


def _nested_quotes(
    article: _Article, table: SpeakerTable, marked: list[MarkedQuote], found: list[_Found]
) -> list[_Found]:
    """A quote inside a speaker's quote: its own speaker if a cue names one, reported by the
    outer speaker. Its kind is "nested", not "direct": the words are the outer speaker's
    account of what someone said, a second-hand attribution."""
    results: list[_Found] = []
    outer_quotes = [f for f in found if f.kind in ("direct", "mixed")]
    for quote in marked:
        if quote.depth == 0:
            continue
        outer = next(
            (f for f in outer_quotes if f.start <= quote.open_at and quote.end <= f.end), None
        )
        if outer is None:
            continue
        outer_name = outer.speaker.speaker if outer.speaker else None
        before = _before_cue(article, outer.start, quote.open_at, False)
        words = _content_words(article.text[quote.start : quote.end])
        if before is None or before.subject is None:
            kind: QuoteKind = "scare" if words <= SCARE_MAX_WORDS else "nested"
            results.append(
                _Found(quote.start, quote.end, kind, None, None, None, reported_by=outer_name)
            )
            continue
        item = _Found(
            quote.start,
            quote.end,
            "nested",
            before.cue,
            before.cue_text,
            before.subject,
            reported_by=outer_name,
            depth=1,
        )
        if before.subject.lower_ in ("i", "me", "we") and outer.speaker is not None:
            item.speaker = replace(
                outer.speaker,
                mention=before.subject.text,
                start=before.subject.idx,
                end=before.subject.idx + len(before.subject),
            )
        else:
            item.speaker = table.resolve(before.subject)
        results.append(item)
    return results


def _to_record(text: str, item: _Found) -> Quote:
    start, end = item.start, item.end
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    speaker = item.speaker
    return Quote(
        text=text[start:end],
        start=start,
        end=end,
        speaker=speaker.speaker if speaker else None,
        speaker_mention=speaker.mention if speaker else None,
        speaker_start=speaker.start if speaker else None,
        speaker_end=speaker.end if speaker else None,
        speaker_type=speaker.kind if speaker else "unknown",
        cue=item.cue_text,
        kind=item.kind,
        reported_by=item.reported_by,
    )
