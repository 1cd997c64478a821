"""Reported speech without quotation marks, and quotes inside quotes: a speech verb with
a clause as content (`X said (that) ...`), a speech noun with an owner (`Trump's claim that
...`), a passive with a by-phrase, `according to X, ...`, a paragraph opened by a label and a
colon (`SMITH: We will win.`), a paragraph after a lead-in line that ends in a speech verb
and a colon (`The governor added:`), and a quote nested in another speaker's quote.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import replace

from spacy.tokens import Doc, Token

from storylens.analyse.quotes.attribution import cue_before
from storylens.analyse.quotes.cues import (
    BELIEF_VERBS,
    CONTENT_REQUIRED_VERBS,
    DOCUMENT_NOUNS,
    FEMALE_FIRST_NAMES,
    MALE_FIRST_NAMES,
    PEOPLE_NOUNS,
    SPEECH_NOUNS,
    SPEECH_VERBS,
    STANCE_VERBS,
    TITLES,
)
from storylens.analyse.quotes.marks import ALL_MARKS, MarkedQuote
from storylens.analyse.quotes.parse import (
    ASIDE_MIN_WORDS,
    CUE_POS,
    DIRECT_OBJECT_DEPS,
    SCARE_MAX_WORDS,
    SUBJECT_DEPS,
    TIME_ENTITIES,
    FoundQuote,
    ParsedArticle,
    agent_after,
    changed_by_particle,
    count_content_words,
    is_cue,
    on_furniture_line,
    paragraph_break_between,
    relative_taken_for_report,
    source_phrase_end,
    subject_of,
    trimmed_span,
)
from storylens.analyse.quotes.scare import WORK_NOUNS
from storylens.analyse.quotes.speakers import (
    ORGANIZATION_NOUNS,
    ResolvedSpeaker,
    SpeakerTable,
    can_speak,
)
from storylens.analyse.token_columns import token_columns
from storylens.records import QuoteKind

# Cues whose to-infinitive is what was said or meant ("vowed to cut taxes", "urged them to").
INFINITIVE_CUES: frozenset[str] = frozenset(
    """
    promise pledge vow swear threaten urge plead beg demand propose ask plan intend want
    hope expect agree decide refuse offer decline
    """.split()  # noqa: SIM905 - a word list reads better as text
)
# Cues that also name a fall or rise in an amount ("the Kospi declined 1.2 per cent",
# "shares declined by 4 percent to $12.50"): with an amount as object they report a market
# or a price, which says nothing.
CHANGE_CUES: frozenset[str] = frozenset({"decline", "add"})
# Entity labels of an amount (the small model tags "1.2 per cent" MONEY or PERCENT).
AMOUNT_ENTITIES = frozenset({"PERCENT", "MONEY", "QUANTITY", "CARDINAL"})
# Dependencies of the amount a change is by or to: an object, a bare measure ("40 points"),
# or the object of "by", "to", "from".
AMOUNT_DEPS = frozenset({"dobj", "obj", "npadvmod"})
AMOUNT_PREPOSITIONS = frozenset({"by", "to", "from"})
# Dependents that belong to an aside cue itself ("Mr. Obama said in a statement on Monday"),
# not to what it reports.
ASIDE_FRAME_DEPS = frozenset(
    {"nsubj", "aux", "neg", "advmod", "npadvmod", "prep", "dative", "agent", "punct", "dobj"}
)
# Dependencies of a verb heading a clause of its own ("that ...", "if ...", "who ...").
# A cue with one of these dependents on its right reports them, not the sentence around it.
ASIDE_BLOCKING_DEPS = frozenset({"xcomp", "ccomp"})
# Nouns for the article itself, as its correction notes name it ("This story has been
# corrected to say ...").
ARTICLE_NOUNS = frozenset({"story", "article", "piece", "post", "version"})
# Tags of a relative pronoun ("who", "which", "that"): as a cue's subject, no aside.
RELATIVE_PRONOUN_TAGS = frozenset({"WP", "WDT"})
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
# Verbs that grant or impose an act ("a bill that would allow shops to refuse service", "let
# them decline"): a cue in their complement is an act permitted or required, which no one has
# done or said.
PERMISSION_VERBS: frozenset[str] = frozenset(
    {"allow", "let", "permit", "enable", "force", "require", "compel"}
)
# "Let me say", "allow us to add": the first person granting itself speech, a report made.
FIRST_PERSON_OBJECTS = frozenset({"me", "us"})
# Object pronouns for a person: "praised him" reports no words.
PERSON_OBJECT_PRONOUNS = frozenset({"him", "her", "me", "us"})
# Dependents of a person's mention that are clauses of their own ("Clinton, who said ...").
PERSON_CLAUSE_DEPS = frozenset({"relcl", "acl"})
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
# Speech verbs whose content may be one word that stands for a clause said before or a
# question asked ("said yes", "would not say so", "said the same of Penn").
SHORT_ANSWER_CUES = frozenset({"say"})
ANSWER_WORDS = frozenset({"yes", "no"})
CLAUSE_ADVERB = "so"  # "would not say so", right after the cue ("said so many things" is not)
CLAUSE_OBJECT = "same"  # "said the same of Penn"
# "said no to the war": after an answer word, the thing refused or accepted.
REFUSED_THING = "to"
# The tag of a determiner: a cue whose subject is one ("These calls for ...") is a noun.
DETERMINER_TAG = "DT"
# Cues that put a question and the words that open it ("asked the board whether ...").
QUESTION_CUES = frozenset({"ask", "wonder", "question"})
QUESTION_MARKS = frozenset({"if", "whether"})
# Verbs that also say what marks a thing ("a career characterized by collapses", "a town
# described by its mills"): in the passive with a by-phrase naming a thing, no one speaks.
DESCRIBING_CUES: frozenset[str] = frozenset(
    {"characterize", "characterise", "describe", "portray", "depict"}
)
# Verbs that attribute only in the passive with a by-phrase ("was supported by", "was
# proposed by"): in the active their object is too often no reported content.
PASSIVE_ONLY_CUES: frozenset[str] = frozenset({"support", "propose", "back", "oppose"})
# Verbs whose passive with a by-phrase names a keeper, not a speaker ("the ferry log
# maintained by the harbour clerks"), and verbs whose passive names an author when what was
# written is a work ("a book written by Ruth Penn", "an article published by"): no
# statement. A letter or a proposal written by someone stays their words.
KEEPING_CUES: frozenset[str] = frozenset({"maintain"})
# Verbs whose passive on a source says who relayed it ("a source cited by CNN", "two
# officials quoted by the Gazette"): the source is the one speaking, not a thing the relaying
# outlet said; the relay is the outlet's credit (``compare.credits``).
RELAYING_CUES: frozenset[str] = frozenset({"cite", "quote"})
# ... and a document read out by someone ("a letter read by Rita Vance") is its author's
# words, the reader only voicing them: no statement of the reader's.
READING_CUES: frozenset[str] = frozenset({"read"})
AUTHORSHIP_CUES: frozenset[str] = frozenset(
    {"write", "publish", "author", "co-write", "post", "share", "upload", "tweet", "release"}
)
# Things posted or shared that hold no one's words of their own: "a video posted by Jim
# Varga" says who put the video online, not that he said anything (a statement, a message or
# a letter posted by someone stays their words).
MEDIA_NOUNS: frozenset[str] = frozenset(
    """
    video clip footage photo photograph picture image selfie recording livestream meme gif
    map chart graphic cartoon
    """.split()  # noqa: SIM905 - a word list reads better as text
)
# Verbs that report a finding only as a clause ("the study found that ...", "the court
# ruled that ..."); their noun objects ("found the keys") are no content.
CLAUSE_ONLY_CUES: frozenset[str] = frozenset({"find", "rule", "determine"})
# Prepositions after a speech noun that introduce its content ("his claim about the vote");
# others ("her statement on Monday", "his letter to voters") give time or addressee.
OWNED_SPEECH_PREPOSITIONS = frozenset({"about", "of", "against", "that"})
# A paragraph opened by a short capitalised label and a colon ("Poll: Voters ...", "SMITH:
# We will ...") reports the label's words: headline and transcript style. Longer labels are
# sentences of their own that introduce a list or a quote.
LABEL_MAX_WORDS = 4
LABEL_MIN_CONTENT_WORDS = 4  # "Update: none" and the like carry no statement
# A label's paragraph that is only a list of names ("Ohio: Dana Merrow, Felix Oduya, Karin
# Lisle, ...") is a roster (a panel's members, a state's delegates), nobody's words. From
# this many names on, a list is a roster; a name runs at most ROSTER_NAME_MAX_WORDS words.
ROSTER_MIN_NAMES = 4
ROSTER_NAME_MAX_WORDS = 4
_ROSTER_SEPARATOR = re.compile(r"\s*(?:,\s*(?:and\s+)?|\s+and\s+|;\s*)")
# A run of at least this many words in capitals opening a line is display type (a headline,
# crosshead or run-in head), not body text; shorter runs ("NO, SHE SAID") are as often
# shouted speech.
DISPLAY_TYPE_MIN_WORDS = 4
_LETTER_WORD = re.compile(r"[^\W\d_]+")
# Coordinators that join a second object to the first ("mentioned lower fees and free
# tuition"): what is coordinated with the reported object is reported too.
OBJECT_COORDINATORS = frozenset({"and", "or"})
# Tags of a second conjunct that continues a reported noun phrase ("a need", "forcing
# universities to ...") and of one that continues a reported infinitive ("vowed to meet and
# exceed the goal": a bare verb with no subject of its own). A past or third-person form with
# no subject ("said the plan was dead and left") is the speaker's next act, not content.
NOMINAL_CONJUNCT_TAGS = frozenset({"NN", "NNS", "NNP", "NNPS", "VBG"})
INFINITIVE_CONJUNCT_TAGS = frozenset({"VB", "VBP"})
# Labels that name a part of the page, not a source.
NON_SOURCE_LABELS = frozenset(
    """
    update updated note editor abstract related watch video photo photos image source
    sources read more see also correction disclaimer transcript summary background latest
    """.split()  # noqa: SIM905 - a word list reads better as text
)
# "The Latest:" heads a live-updates story (the wire services' running headline), a page
# part like "Update:", so "latest" is among the labels above.
# Entity labels that make a paragraph label a source ("Rush Limbaugh:", "Politifact:").
SOURCE_LABEL_ENTITIES = frozenset({"PERSON", "ORG", "NORP", "GPE"})
# Words that make a label a source without a name: a title ("Mayor Reed:"), a person or body
# ("Officials:", "Council:"), or a poll or report, whose findings a headline reports ("Poll:").
SOURCE_LABEL_WORDS: frozenset[str] = (
    TITLES
    | PEOPLE_NOUNS
    | ORGANIZATION_NOUNS
    | DOCUMENT_NOUNS
    | frozenset(name.lower() for name in FEMALE_FIRST_NAMES + MALE_FIRST_NAMES)
)

# The lemmas a cue of ``find_indirect_quotes`` has, whatever its kind: a speech verb
# (``is_cue``), a belief, stance, phrasal or finding verb (``_indirect_content``), a verb
# reported in the passive (``_passive_content``), a speech noun (``_owned_speech_content``).
REPORTING_LEMMAS: frozenset[str] = (
    SPEECH_VERBS
    | BELIEF_VERBS
    | STANCE_VERBS
    | PHRASAL_VERBS
    | CLAUSE_ONLY_CUES
    | PASSIVE_ONLY_CUES
    | SPEECH_NOUNS
)


def find_indirect_quotes(
    article: ParsedArticle, table: SpeakerTable, used_cues: set[int], direct: list[FoundQuote]
) -> list[FoundQuote]:
    """Speech verbs with a clause as content, a block after a lead-in line that ends in a
    speech verb and a colon, and "according to X"."""
    doc = article.doc
    inside = sorted((f.start, f.end) for f in direct)
    starts = [s for s, _ in inside]

    def in_direct(offset: int) -> bool:
        position = bisect_right(starts, offset) - 1
        return position >= 0 and inside[position][0] <= offset < inside[position][1]

    results: list[FoundQuote] = []
    for token in _reporting_words(doc):
        if (
            token.i in used_cues
            or in_direct(token.idx)
            or _in_display_type(token, article.text)
            or article.on_furniture(token.idx)
        ):
            continue  # ("Story continues below": the parse may hang the next report on it)
        if token.tag_ == "VB" and is_cue(token) and _imperative(token):
            continue  # "Tell us what you think": asks for words, reports none
        block = _block_after_lead_in(article, token)
        if block is not None:
            results.append(
                FoundQuote(*block, "indirect", token, _cue_phrase(token), subject_of(token))
            )
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
            content_tokens = _in_cue_paragraph(article, token, content_tokens)
            span = (
                trimmed_span(doc, min(content_tokens), max(content_tokens))
                if content_tokens
                else None
            )
            if span is not None:
                results.append(FoundQuote(*span, "indirect", token, token.text, owner))
            continue
        passive = _passive_content(token)
        content: set[int] | None
        subject: Token | None
        if passive is not None:
            content, subject = passive
        else:
            content = _indirect_content(token)
            if content is not None:
                content = _with_stranded_conjunct(token, content)
            subject = subject_of(token) or agent_after(token) if content is not None else None
        if content is None or subject is None or subject.i in content:
            continue
        if _no_source(token, subject):
            continue
        tokens = [
            doc[i] for i in sorted(_in_cue_paragraph(article, token, content)) if i != token.i
        ]
        if not tokens:
            continue
        span = trimmed_span(doc, tokens[0].i, tokens[-1].i)
        if span is None:
            continue
        start, end = span
        results.append(FoundQuote(start, end, "indirect", token, _cue_phrase(token), subject))
    # The records are this pass's own until it returns them: setting each speaker in place
    # spares a copy per candidate (most are dropped by the caller).
    for item in results:
        if item.subject is not None:
            item.speaker = table.resolve(item.subject)
    return results


def _reporting_words(doc: Doc) -> Iterator[Token]:
    """The tokens that may report speech, in order: a word of ``REPORTING_LEMMAS`` or
    "according". Every kind of report above needs one as its cue; the checks run on these
    few, not on every word of the article (issue #22)."""
    columns = token_columns(doc)
    for index, (lemma, lower) in enumerate(zip(columns.lemma_lower, columns.lower, strict=True)):
        if lemma in REPORTING_LEMMAS or lower == "according":
            yield doc[index]


def _no_source(cue: Token, subject: Token) -> bool:
    """`All told, 40,000 passengers ...`: the sentence adverb ("in total") is no one's report;
    "All" is no source and what follows is the reporter's own count. `This story has been
    corrected to say ...`: the article itself, in its correction note, is no source."""
    doc = cue.doc
    if _this_article(subject):
        return True
    return (
        cue.lemma_.lower() == "tell"
        and subject.lower_ == "all"
        and subject.i == cue.i - 1
        and cue.i + 1 < len(doc)
        and doc[cue.i + 1].text == ","
    )


def _this_article(noun: Token) -> bool:
    """ "This story", "this article", "an earlier version of this story": the article the
    words stand in."""
    if noun.lower_ == "version":
        noun = next(
            (g for c in noun.children if c.lower_ == "of" for g in c.children if g.dep_ == "pobj"),
            noun,
        )
    return noun.lower_ in ARTICLE_NOUNS and any(
        c.dep_ == "det" and c.lower_ == "this" for c in noun.children
    )


def _imperative(cue: Token) -> bool:
    """`Say what you will about Varga, ...`, `Tell us what you think in the comments`, `Let's
    say the ferry runs all winter`: a cue in the imperative asks for speech, it reports none.
    The small model gives it no subject and the base form at its sentence's start."""
    verb = cue
    if cue.dep_ in ("xcomp", "ccomp") and cue.head.lower_ == "let":
        if any(c.lower_ in ("me", "us") for c in (*cue.children, *cue.head.children)):
            return False  # "Let me just say that ...": the writer says it
        verb = cue.head  # "Let's say": the imperative is "let"
    if verb.tag_ != "VB" or any(c.dep_ in SUBJECT_DEPS or c.dep_ == "aux" for c in verb.children):
        return False
    first = next((t for t in verb.sent if not (t.is_punct or t.is_space)), None)
    return first is not None and first.i == verb.i


def _in_cue_paragraph(article: ParsedArticle, cue: Token, content: set[int]) -> set[int]:
    """The words of ``content`` in its cue's paragraph, or in the next one when the cue's
    paragraph ends in a colon (`observing of the mayor:`, then the words observed).

    The small model runs sentences over line and paragraph breaks (`Ines Varga said on Monday
    that the ferry would run all winter` then a new line `The harbour board met on Tuesday.`),
    so a cue's clause or aside can take in the next paragraph, or the one before. A reporter
    attributes within a paragraph, or across a lead-in that a colon ends."""
    if not content:
        return content
    doc, text = article.doc, article.text
    start = article.paragraph_start(cue.idx)
    end = article.paragraph_end(cue.idx) + 1  # the next paragraph's start
    if text[start:end].rstrip().endswith(":") and end < len(text):
        end = article.paragraph_end(end) + 1  # a lead-in: the next paragraph too
    if start <= doc[min(content)].idx and doc[max(content)].idx < end:
        return content  # the common case: a clause inside its paragraph
    return {i for i in content if start <= doc[i].idx < end}


def _block_after_lead_in(article: ParsedArticle, token: Token) -> tuple[int, int] | None:
    """`The governor added:` on a line of its own, then a paragraph without marks: the whole
    paragraph is what the cue reports.

    A lead-in line that ends in a speech verb and a colon introduces a block quotation (set
    indented or in a box on the page, its marks dropped when the text is extracted) or a
    long excerpt from a speech or transcript. The block runs to the end of its paragraph,
    past the first sentence the parse gives the verb. A paragraph that opens with a mark is
    a direct quote, found by its marks."""
    doc = token.doc
    if not is_cue(token) or token.i + 2 >= len(doc):
        return None
    colon = doc[token.i + 1]
    # The colon first: few cues have one, and the subject is a walk up the parse.
    if colon.text != ":" or subject_of(token) is None:
        return None
    first = colon.i + 1
    while first < len(doc) and doc[first].is_space:
        first += 1
    if first >= len(doc) or article.paragraph(doc[first].idx) == article.paragraph(colon.idx):
        return None
    if doc[first].text[:1] in ALL_MARKS:
        return None
    end = article.paragraph_end(doc[first].idx)
    return trimmed_span(doc, first, article.token_before(max(end - 1, doc[first].idx)))


def _with_stranded_conjunct(cue: Token, content: set[int]) -> set[int]:
    """The reported object with the conjunct the parse hung elsewhere: in `has mentioned
    refinancing loans and forcing universities to pay`, the small model makes "forcing" a
    conjunct of the cue, so the second thing mentioned falls outside the content.

    A noun, or a gerund, coordinated right after a reported noun phrase is a second object
    (a verb has no noun conjuncts); a bare verb right after a reported to-infinitive shares
    its "to" ("vowed to meet and exceed the goal"). A conjunct with its own subject is a new
    clause, the reporter's or the speaker's, and is left out."""
    doc = cue.doc
    last = max(content)
    position = last + 1
    if position < len(doc) and doc[position].text == ",":
        position += 1
    if position + 1 >= len(doc) or doc[position].lower_ not in OBJECT_COORDINATORS:
        return content
    conjunct = next(
        (
            t
            for t in doc[position + 1 : min(len(doc), position + 6)]
            if t.dep_ == "conj" and t.head.i not in content and t.left_edge.i == position + 1
        ),
        None,
    )
    if conjunct is None or any(c.dep_ in SUBJECT_DEPS for c in conjunct.children):
        return content
    root = next((doc[i] for i in sorted(content) if doc[i].head.i not in content), None)
    if root is None:
        return content
    infinitive = root.tag_ == "VB" and any(c.lower_ == "to" for c in root.children)
    nominal = root.pos_ in ("NOUN", "PROPN") or root.tag_ == "VBG"
    if (nominal and conjunct.tag_ in NOMINAL_CONJUNCT_TAGS) or (
        infinitive and conjunct.tag_ in INFINITIVE_CONJUNCT_TAGS
    ):
        return content | {t.i for t in conjunct.subtree}
    return content


def _in_display_type(token: Token, text: str) -> bool:
    """`DOCTORS WANT NOTHING TO DO WITH HIM`: a cue in a run of capitals that opens its line.

    News body text is set in sentence case; a headline, a crosshead or a run-in head (a
    capitalised lead-in before a dash, then the paragraph) is display type that sums a story
    up in the outlet's voice, not a report the reporter attributes. A short run ("NO, SHE
    SAID") is shouted speech as often, so the run must be some words long."""
    if not (token.is_upper and token.is_alpha):
        return False
    line_start = text.rfind("\n", 0, token.idx) + 1
    line_end = text.find("\n", token.idx)
    run_end, run = line_start, 0
    for word in _LETTER_WORD.finditer(text, line_start, line_end if line_end >= 0 else len(text)):
        if not word.group().isupper():
            break
        run_end, run = word.end(), run + 1
    return run >= DISPLAY_TYPE_MIN_WORDS and token.idx < run_end


def _indirect_content(token: Token) -> set[int] | None:
    """The token indices of what a cue reports: its clause (`said (that) ...`, `believes
    ...`), a to-infinitive of a promise or plea (`vowed to ...`), or the object and its
    complement of a naming verb (`called climate change a hoax`)."""
    lemma = token.lemma_.lower()
    speech = is_cue(token)
    belief = lemma in BELIEF_VERBS and token.pos_ in CUE_POS
    stance = (lemma in STANCE_VERBS or lemma in PHRASAL_VERBS) and token.pos_ in CUE_POS
    finding = lemma in CLAUSE_ONLY_CUES and token.pos_ in CUE_POS
    if not (speech or belief or stance or finding):
        return None
    if changed_by_particle(token, lemma):
        return None  # "called off the vote": no report, whatever the parse hangs on it
    if any(c.dep_ in ("auxpass", "nsubjpass") for c in token.children):
        return None  # "was told", "is expected": the subject is not the source
    if lemma in CHANGE_CUES and _changes_by_an_amount(token):
        return None  # "the Kospi declined 1.2 per cent": a market moved, nobody spoke
    if _permitted_act(token):
        return None  # "would allow shops to refuse service": a permitted act, no report
    if _counted_participle(token):
        return None  # "148 pledged delegates", "40 reported cases": an adjective, no report
    if _question_put(token):
        return None  # "Asked about taxes, Trump said ...": Trump was asked, he did not ask
    if speech and _fronted_subject(token) is not None:
        aside = _aside_content(token)
        if aside is not None:
            return aside
    clause = _reported_clause(token)
    if clause is not None and clause.i < token.i and on_furniture_line(clause):
        # `Story continues below` / `Varga said the pier ...`: the parse took the furniture
        # line for a fronted clause; what the cue reports follows it.
        clause = next((c for c in token.rights if c.dep_ == "ccomp"), None)
    if (
        clause is not None
        and clause.i < token.i
        and any(c.dep_ in ASIDE_BLOCKING_DEPS for c in token.rights)
    ):
        # `In his book "Make Your Kid a Millionaire," he suggested looking at ...`: the parse
        # makes a fronted title a clause; the cue's own complement follows it.
        clause = None
    if clause is not None and relative_taken_for_report(clause):
        # `announced her decision to close the pier on Monday that would have let ...`: the
        # parse hung a relative clause on the noun object onto the cue; it describes the
        # thing, it is no one's report. The object is what the cue reports.
        clause = None
    # A finding that holds quoted words is a reporter's framing of someone else's quote.
    if finding and (clause is None or any(t.text in ALL_MARKS for t in clause.subtree)):
        return None
    if finding and _found_oneself(clause):
        return None  # "found herself embroiled", "found it difficult": a plight, no finding
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
    if speech:
        answer = _short_answer(token, lemma)
        if answer is not None:
            return answer
    if speech or stance:
        return _object_content(token, lemma)
    return None


def _short_answer(token: Token, lemma: str) -> set[int] | None:
    """`75 percent said yes`, `the candidate said no`, `neither side would say so`,
    `three-quarters said the same of Penn`: a word that stands for a clause already said
    or asked is what was said (a noun object of "say" is otherwise a time or a thing, and no
    content: "said Monday")."""
    if lemma not in SHORT_ANSWER_CUES:
        return None
    for child in token.rights:
        word = child.lower_
        if (
            (child.dep_ == "intj" and word in ANSWER_WORDS and not _said_to(child))
            or (child.dep_ == "advmod" and word == CLAUSE_ADVERB and child.i == token.i + 1)
            or (child.dep_ in DIRECT_OBJECT_DEPS and word == CLAUSE_OBJECT)
        ):
            return {t.i for t in child.subtree}
    return None


def _said_to(answer: Token) -> bool:
    """`said no to the war`, `will say yes to the deal`: refusing or accepting a thing, an
    act rather than an answer given (the phrase is a vote or a stance, not words)."""
    following = answer.nbor(1) if answer.i + 1 < len(answer.doc) else None
    return following is not None and following.lower_ == REFUSED_THING


def _reported_clause(cue: Token) -> Token | None:
    """The clause a cue reports: its first clausal complement, unless that one lies before
    the cue, another follows it, and the two are apart: a paragraph break or the cue's own
    subject lies between the first and the cue.

    The small model runs sentences over paragraph breaks (`... No one has disputed a word I
    said."` then a new paragraph `Despite ..., Cruz said if elected he could work with ...`)
    and over semicolons and colons (`Canova has ripped her online: He said he has raised
    $100,000`), and may hang the clause before on the next cue as a fronted report. A
    reporter attributes within a paragraph, and a cue with its subject before it and a
    clause after it (`X said Y`) reports that clause, not one before its subject. A cue
    with an object as well is left as parsed (``_has_object``)."""
    clauses = [c for c in cue.children if c.dep_ == "ccomp"]
    if not clauses:
        return None
    first = clauses[0]
    later = next((c for c in clauses if c.i > cue.i), None)
    if first.i < cue.i and later is not None and not _has_object(cue):
        subject = next((c for c in cue.children if c.dep_ in SUBJECT_DEPS), None)
        subject_between = subject is not None and first.i < subject.i < cue.i
        if subject_between or paragraph_break_between(first, cue):
            return later
    return first


def _has_object(cue: Token) -> bool:
    """Whether the cue has a direct object (`explained the refusal ... is a weakness`: the
    parse splits one reported clause into an object and a clause, so neither alone is it)."""
    return any(c.dep_ in DIRECT_OBJECT_DEPS for c in cue.children)


def _permitted_act(cue: Token) -> bool:
    """`a bill that would allow shops to refuse service`, `a rule that lets crews decline
    shifts`: a cue in the complement of a verb that grants or imposes it. "Let me say" and
    "allow us to say" are the speaker's own report, made as it is worded."""
    if cue.dep_ not in ("ccomp", "xcomp") or cue.head.lemma_.lower() not in PERMISSION_VERBS:
        return False
    near = (*cue.children, *cue.head.children)
    return not any(c.lower_ in FIRST_PERSON_OBJECTS for c in near)


def _question_put(clause: Token) -> bool:
    """`Asked about taxes, ...`, `Pressed on the vote, ...`: a past participle with no subject
    or auxiliary of its own, set before or after a clause, tells what a source was asked; the
    source answers in the clause, the question is no one's statement."""
    return (
        clause.tag_ == "VBN"
        and clause.dep_ in ("advcl", "acl")
        and not any(c.dep_ in ("aux", "nsubj") for c in clause.children)
    )


def _counted_participle(cue: Token) -> bool:
    """`148 pledged delegates`, `40 reported cases`: a participle between a number and the
    noun it counts is an adjective of that noun, whatever the parse makes of it."""
    doc = cue.doc
    return (
        (cue.tag_ == "VBN" or cue.tag_ == "VBD")
        and 0 < cue.i < len(doc) - 1
        and doc[cue.i - 1].like_num
        and doc[cue.i + 1].pos_ == "NOUN"
    )


def _found_oneself(clause: Token | None) -> bool:
    """`found herself embroiled in a row`, `found itself hosting the talks`, `found it difficult
    to`: "find" with a reflexive or a dummy "it" says how a source fared, not what a study
    or a court found."""
    if clause is None:
        return False
    subject = next((c for c in clause.children if c.dep_ in SUBJECT_DEPS), None)
    if subject is None:
        return False
    word = subject.lower_
    return word.endswith(("self", "selves")) or (word == "it" and clause.pos_ == "ADJ")


def _changes_by_an_amount(cue: Token) -> bool:
    """`declined 1.2 per cent`, `declined 40 points`, `declined by 4 percent to $12.50`: the
    cue's object, bare measure or "by"/"to" object is an amount."""
    for child in cue.rights:
        if child.dep_ in AMOUNT_DEPS and _is_amount(child):
            return True
        if (
            child.dep_ == "prep"
            and child.lower_ in AMOUNT_PREPOSITIONS
            and any(c.dep_ == "pobj" and _is_amount(c) for c in child.children)
        ):
            return True
    return False


def _is_amount(token: Token) -> bool:
    """A number or a measure with a number ("1.2", "40 points", "$4 billion", "4 percent")."""
    return (
        token.like_num
        or token.ent_type_ in AMOUNT_ENTITIES
        or any(c.dep_ in ("nummod", "quantmod", "compound") and c.like_num for c in token.children)
    )


def drop_reports_within_reports(found: list[FoundQuote]) -> list[FoundQuote]:
    """Indirect quotes less those whose cue and content both lie inside another indirect
    quote's content: `Ms. Ruiz said the mayor promised to resign` is Ms. Ruiz's statement;
    "promised to resign" is her account of the mayor, part of what she said.

    News attributes a report once, to the source the reporter heard it from (the outer
    cue); what that source says they or someone else said, thought or planned ("said he
    plans to", "says the mayor promised") is part of the source's statement, not a second
    statement made to the reporter. Annotation schemes that mark statements (who said
    what) mark the outer attribution as one unit, so the inner one, listed apart, is a
    claim of speech the article does not make. A quote in marks inside a quote is kept
    (kind "nested"): its words are printed verbatim, and other outlets may quote them.
    """
    return [item for item in found if not any(_reported_within(item, outer) for outer in found)]


def _reported_within(item: FoundQuote, outer: FoundQuote) -> bool:
    if item is outer or item.cue is None or outer.cue is None:
        return False
    if outer.start <= outer.cue.idx < outer.end:
        # An aside (`The museum, Mr. Obama said, would ...`) spans its whole sentence around
        # its own cue: its bounds say nothing about which other cues it reports.
        return False
    return (
        outer.end - outer.start > item.end - item.start
        and outer.start <= item.cue.idx < outer.end
        and outer.start <= item.start
        and item.end <= outer.end
    )


def find_label_quotes(article: ParsedArticle, table: SpeakerTable) -> list[FoundQuote]:
    """`Poll: Voters abandon the party.`, `"SMITH: We will win.`: a paragraph opened by a
    short capitalised label and a colon is what the label's bearer said."""
    doc, text = article.doc, article.text
    results: list[FoundQuote] = []
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
        if not _label_names_a_source(article, label):
            continue
        if article.paragraph(doc[colon].idx) != article.paragraph(start):
            continue
        end = article.paragraph_end(start)
        span = trimmed_span(doc, colon + 1, article.token_before(max(end - 1, start)))
        if span is None or span[0] >= end:
            continue
        span = (span[0], min(span[1], end))
        if count_content_words(text[span[0] : span[1]]) < LABEL_MIN_CONTENT_WORDS:
            continue
        if is_roster(text[span[0] : span[1]]):
            continue
        subject = label[-1]
        results.append(
            FoundQuote(
                span[0], span[1], "indirect", doc[colon], ":", subject, table.resolve(subject)
            )
        )
    return results


def is_roster(content: str) -> bool:
    """`Dana Merrow, Felix Oduya, Karin Lisle and Tom Verhey.`: a list of names only, each
    word capitalised, no verb to say anything with."""
    items = [i for i in _ROSTER_SEPARATOR.split(content.strip().rstrip(".")) if i]
    if len(items) < ROSTER_MIN_NAMES:
        return False
    for item in items:
        words = _LETTER_WORD.findall(item)
        if not words or len(words) > ROSTER_NAME_MAX_WORDS:
            return False
        if not all(w[0].isupper() for w in words):
            return False
    return True


def _label_names_a_source(article: ParsedArticle, label: list[Token]) -> bool:
    """`Sanders:`, `Mayor Reed:`, `Poll:` name who speaks; `Stealth Over Health:` and `Tax
    Fight:` are kickers, the catchphrase or topic tag a headline opens with.

    Headlines attribute with a colon only to a source: a person, a body or a poll. A kicker is
    set in the same capitals, so the label must show it names one: a recognised name, a
    title or a word for people, a body or a poll, or a word the article uses again outside
    the label's paragraph (a story goes on to name its source: "Bernie Sanders said")."""
    if any(t.ent_type_ in SOURCE_LABEL_ENTITIES or t.lower_ in SOURCE_LABEL_WORDS for t in label):
        return True
    text = article.text
    paragraph = article.paragraph(label[0].idx)
    word = re.compile(rf"\b{re.escape(label[-1].text)}\b")
    return any(article.paragraph(m.start()) != paragraph for m in word.finditer(text))


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
    if source is None or lemma in KEEPING_CUES:
        return None
    if lemma in DESCRIBING_CUES and source.pos_ == "NOUN" and not can_speak(source):
        # "the governor's career is characterized by a litany of collapses": a by-phrase
        # naming a thing that says nothing says what marks the subject; no one's words.
        return None
    subject = next((c for c in token.children if c.dep_ == "nsubjpass"), None)
    written = subject if subject is not None else token.head
    if subject is not None and subject.tag_ in RELATIVE_PRONOUN_TAGS and token.dep_ == "relcl":
        written = token.head  # "the video, which was posted by": the video was
    if lemma in AUTHORSHIP_CUES and written.lemma_.lower() in WORK_NOUNS | MEDIA_NOUNS:
        return None
    if lemma in RELAYING_CUES and (written.pos_ == "PROPN" or can_speak(written)):
        return None
    if lemma in READING_CUES and written.lemma_.lower() in DOCUMENT_NOUNS | SPEECH_NOUNS:
        return None
    if subject is not None and subject.tag_ in RELATIVE_PRONOUN_TAGS:
        # `The clip, which was posted online by a viewer`: the pronoun alone is no passage;
        # it stands for the noun the clause describes, as in the reduced `a clip posted by`.
        if token.dep_ != "relcl" or token.head.i > token.i:
            return None
        own = {t.i for t in token.subtree}
        noun = {t.i for t in token.head.subtree if t.i not in own and not t.is_punct}
        return noun, source
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
        return _phrasal_clause_content(token, lemma)
    content = {t.i for t in start.subtree if t.i != start.i or start.dep_ != "prep"}
    for child in rights:
        if child.i > start.i and child.dep_ in OBJECT_TAIL_DEPS:
            content.update(t.i for t in child.subtree)
    if _is_person(start):
        # `endorsed Clinton, who said she was grateful`: a statement hung on the person the
        # act is about is that person's, never part of this one.
        content -= _own_statements(start)
    return content


def _phrasal_clause_content(token: Token, lemma: str) -> set[int] | None:
    """`called for the board to resign`, `asked for volunteers to stay`: the parse makes the
    preposition of a phrasal cue the mark of a clause; the clause after it is what was
    called for (the preposition, right after the cue, is not). `asked the students if they
    were ready`: the parse makes the question a clause of time or condition; "if" or
    "whether" opens what was asked and stays in it."""
    if any(c.dep_ in SUBJECT_DEPS and c.tag_ == DETERMINER_TAG for c in token.children):
        return None  # "These calls for more troops have come ...": a noun read as a verb
    for clause in token.rights:
        if clause.dep_ != "advcl":
            continue
        mark = next((c for c in clause.children if c.dep_ == "mark"), None)
        if mark is None or mark.i != clause.left_edge.i:
            continue
        if any(t.is_punct for t in token.doc[token.i + 1 : mark.i]):
            continue  # the clause is set off from the cue: not what it calls for or asks
        if (lemma, mark.lower_) in PHRASAL_CUES:
            return {t.i for t in clause.subtree if t.i != mark.i}
        if lemma in QUESTION_CUES and mark.lower_ in QUESTION_MARKS:
            return {t.i for t in clause.subtree}
    return None


def _is_person(token: Token) -> bool:
    """A named person or "him"/"her": whom an act is about or addressed to, never what was
    said."""
    return token.lower_ in PERSON_OBJECT_PRONOUNS or (
        token.pos_ == "PROPN" and token.ent_type_ == "PERSON"
    )


def _own_statements(person: Token) -> set[int]:
    """The words of the clauses on ``person`` that report that person's own speech ("who
    said she was grateful"). A clause with no speech verb ("who dropped out") still describes
    the person and stays; a participle of the speaker's ("calling him ...") is the speaker's."""
    clauses = [c for c in person.children if c.dep_ in PERSON_CLAUSE_DEPS]
    own: set[int] = set()
    for clause in clauses:
        words = {t.i for t in clause.subtree}
        if any(is_cue(t) for t in clause.subtree):
            own |= words
    return own


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
        elif child.i < token.i and _question_put(child) and is_cue(child):
            # `Asked about a strike, Alder reiterated past statements`: the question put to
            # the speaker frames the answer; it is not what the speaker said.
            frame.update(t.i for t in child.subtree)
    if not any(token.doc[i].dep_ in SUBJECT_DEPS for i in frame):
        return None
    doc = token.doc
    if any(doc[i].dep_ in SUBJECT_DEPS and doc[i].tag_ in RELATIVE_PRONOUN_TAGS for i in frame):
        # `Ruth Penn, who announced her run last week, leads the race`: a relative clause
        # whose pronoun speaks describes its noun; the rest of the sentence is the reporter's.
        # (Where the pronoun is what was said, "the plan, which critics say ...", the noun is
        # the content and the aside stands.)
        return None
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


def _according_to(article: ParsedArticle, according: Token) -> FoundQuote | None:
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
    phrase_end = source_phrase_end(according, source, last)
    head = according.head
    inside = head.i != according.i and first <= head.i <= last
    clause = [t.i for t in head.subtree] if inside else []
    clause_start = max(min(clause) if clause else sentence.start, first)
    clause_end = min(max(clause) if clause else sentence.end - 1, last)
    after_start, after_end = phrase_end + 1, min(sentence.end - 1, clause_end)
    before_start, before_end = max(sentence.start, clause_start, first), according.i - 1
    if after_end - after_start >= before_end - before_start:
        span = trimmed_span(doc, after_start, after_end)
    else:
        span = trimmed_span(doc, before_start, before_end)
    if span is None:
        return None
    found = FoundQuote(span[0], span[1], "indirect", according, "according to", source)
    return found


def find_nested_quotes(
    article: ParsedArticle, table: SpeakerTable, marked: list[MarkedQuote], found: list[FoundQuote]
) -> list[FoundQuote]:
    """A quote inside a speaker's quote: its own speaker if a cue names one, reported by the
    outer speaker. Its kind is "nested", not "direct": the words are the outer speaker's
    account of what someone said, a second-hand attribution."""
    results: list[FoundQuote] = []
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
        before = cue_before(article, outer.start, quote.open_at, False)
        words = count_content_words(article.text[quote.start : quote.end])
        if before is None or before.subject is None:
            kind: QuoteKind = "scare" if words <= SCARE_MAX_WORDS else "nested"
            results.append(
                FoundQuote(quote.start, quote.end, kind, None, None, None, reported_by=outer_name)
            )
            continue
        speaker: ResolvedSpeaker | None
        if before.subject.lower_ in ("i", "me", "we") and outer.speaker is not None:
            speaker = replace(
                outer.speaker,
                mention=before.subject.text,
                start=before.subject.idx,
                end=before.subject.idx + len(before.subject),
            )
        elif before.subject.pos_ == "NOUN" and not can_speak(before.subject):
            # "Needless to say, the war ... was not 'a war of choosing'": an idiom, no report
            results.append(
                FoundQuote(
                    quote.start, quote.end, "nested", None, None, None, reported_by=outer_name
                )
            )
            continue
        else:
            speaker = table.resolve(before.subject)
        results.append(
            FoundQuote(
                quote.start,
                quote.end,
                "nested",
                before.cue,
                before.cue_text,
                before.subject,
                speaker,
                reported_by=outer_name,
                depth=1,
            )
        )
    return results
