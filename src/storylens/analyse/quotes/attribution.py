"""Who said a direct quote: the speech verb after it (`"...," she said`), before it
(`she snapped: "..."`), in the paragraph before (`Trump wrote:`), a dash and a name after it, a
name right after it, a colon, or `according to X`; and the joining of a quote split by its own
attribution (`"I'm sorry," Alec said, "I was wrong."`) back into one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from spacy.tokens import Token

from storylens.analyse.quotes.cues import QUOTATIVE_WORDS
from storylens.analyse.quotes.marks import ALL_MARKS, MarkedQuote
from storylens.analyse.quotes.parse import (
    ADDRESSEE_VERBS,
    QUESTION_VERBS,
    SENTENCE_END,
    SUBJECT_DEPS,
    TIME_ENTITIES,
    Attribution,
    FoundQuote,
    ParsedArticle,
    according_source,
    agent_after,
    agent_before,
    is_cue,
    is_passive,
    is_put_to_subject,
    is_time_word,
    per_source,
    subject_of,
)
from storylens.analyse.quotes.speakers import ResolvedSpeaker

# A speech verb after a quote attributes it when it is at most this many tokens after the
# close mark (`"...," Oversight Chairman Jason Chaffetz (R-Utah) said`).
AFTER_CUE_MAX_TOKENS = 12
# A quoted question or exclamation, and the parts of speech that, capitalised after one, open
# the reporter's next sentence ("Then", "The", "Later", "But") rather than attribute it.
QUESTION_ENDS = ("?", "!")
SENTENCE_OPENING_POS = frozenset({"DET", "ADV", "ADP", "CCONJ", "SCONJ"})
# Conjunctions after a quote that start a clause of their own, so no cue after them signs it.
AFTER_CUE_STOP_WORDS = frozenset({"but", "and", "or", "while", "because"})
# A name signs a quote with no cue when it starts within this many tokens after the close
# mark ("Texas delegate Bill Eastland"): a role and a name, or a verb and a name.
NAME_AFTER_QUOTE_TOKENS = 5
# A dash right after a closed quote signs it with a name (`"..." — Jane Doe`); the name starts
# within this many tokens of the dash.
SIGNATURE_MAX_TOKENS = 3
SIGNATURE_DASHES = "―—–"  # horizontal bar, em and en dash; a hyphen is too often a word joiner
# Parts of speech that, before any name after such a dash, carry the reporter's sentence on
# ("— in the middle of ...", "— and then ...", "— while ..."): no signature follows.
CLAUSE_OPENING_POS = frozenset({"ADP", "SCONJ", "CCONJ", "VERB", "AUX", "ADV", "PART"})
# A speech verb before a quote attributes it when at most this many tokens stand between it
# and the open mark (`Trump said in a statement on Tuesday, "..."`) unless a colon binds them.
BEFORE_CUE_MAX_GAP = 8
# A quote with no cue of its own carries on the speaker of the quote before it when that quote
# ended at most this many paragraphs earlier (news runs a speaker's quotes in a row).
CONTINUATION_MAX_PARAGRAPHS = 2
# Parents walked up from the verb before a colon to the speech verb reporting its clause
# ("said she has the one quality the job needs:": needs -> quality -> has -> said).
REPORTING_CUE_DEPTH = 4
# The tag of a relative pronoun standing for a thing ("that", "which"; "who" is "WP").
THING_RELATIVE_TAG = "WDT"
# Words that carry a quote on past its attribution ('"...," he said, but "..."').
SPLIT_JOINERS = frozenset({"and", "but", "still", "then"})
# Prepositions whose object is what a put question was about (`Asked about the plan,`).
QUESTION_TOPIC_PREPOSITIONS = frozenset({"about", "on", "over", "regarding", "concerning"})
# Verbs of answering: the quote a reply verb introduces is the answer, and a quoted question
# before the verb is what was put to the speaker (`"...?" Weiner replied, "No comment."`).
REPLY_VERBS = frozenset({"reply", "answer", "respond", "retort"})
# Words by which a speaker speaks of themself or their side: a question holding one is the
# speaker's own, not one put to them ("Why would I do that?").
SPEAKER_OWN_WORDS = frozenset({"i", "me", "my", "mine", "myself", "we", "us", "our", "ours"})
_LETTER_RUN = re.compile(r"[^\W\d_]+")


def attribute_direct_quote(
    article: ParsedArticle, quote: MarkedQuote, quotes: Sequence[MarkedQuote]
) -> Attribution | None:
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
    question = _is_question(article, quote)
    if after is not None and question:
        asking = _asking_cue_before(article, quote, before_limit, colon_before)
        if asking is not None and asking.cue is not None and is_put_to_subject(asking.cue):
            # `Asked point-blank, "Is that picture you?" Weiner replied, "..."`: the question
            # is the asker's; the cue after it attributes the answer.
            return _spoken_to(asking, question)
        if _answered_after(article, quote, after, later[:1]):
            # `"Is that picture you?" Weiner replied, "No comment."`: the question is what he
            # answers, the words of its asker where one is named (`A reporter asked, "..."`),
            # else of someone unnamed; his words are the quote after the cue.
            return asking or Attribution(None, None, None)
    if after is not None and (not colon_before or _has_own_speaker(after, colon_paragraph_before)):
        return _spoken_to(after, question)
    before = cue_before(article, before_limit, quote.open_at, colon_before)
    if before is not None and (before.cue is not None or after is None):
        return _spoken_to(before, question)
    if after is not None:
        return _spoken_to(after, question)
    return _name_after_quote(article, quote, after_limit)


def _is_question(article: ParsedArticle, quote: MarkedQuote) -> bool:
    """The quoted words end on a question mark (`"Is that picture you?"`)."""
    return article.text[quote.start : quote.end].rstrip().rstrip(",").endswith("?")


def _spoken_to(attribution: Attribution, question: bool) -> Attribution:
    """``attribution`` with no speaker where its cue puts the words to someone who is not
    their speaker: a passive of telling (`"Leave now," Hale was told`), or a question put
    (`He was asked, "Do you regret it?"`, `When asked, "...?"`; a quote after a put question
    that asks nothing is the answer, `when asked last month: "That matter is ..."`, and the
    one asked speaks it). The agent speaks where the sentence names one (`Asked by a reporter,
    "..."`)."""
    cue = attribution.cue
    if cue is None:
        return attribution
    lemma = cue.lemma_.lower()
    if lemma in QUESTION_VERBS:
        put = question and is_put_to_subject(cue)
    else:
        put = lemma in ADDRESSEE_VERBS and is_passive(cue)
    if not put:
        return attribution
    return replace(attribution, subject=_passive_agent(cue))


def _passive_agent(cue: Token) -> Token | None:
    """The one named in the `by` phrase of a passive cue (`asked by a reporter`)."""
    agent = next((c for c in cue.children if c.dep_ == "agent"), None)
    if agent is None:
        return None
    return next((c for c in agent.children if c.dep_ == "pobj"), None)


def _asking_cue_before(
    article: ParsedArticle, quote: MarkedQuote, limit: int, colon_before: bool
) -> Attribution | None:
    """The asking cue right before a quoted question, set off by a comma or colon, that puts
    it: to the speaker who answers (`Asked point-blank, "..."`, `When asked, "..."`, `He was
    asked: "..."`, `Asked by a reporter, "..."`) or by a named asker (`A reporter asked,
    "..."`). A question put to someone with its own words (`Asked about the plan, "Why would
    I?" he replied`, `Asked whether ...`) names the question already, and the quote after it
    is the answer. None where no such cue."""
    before = cue_before(article, limit, quote.open_at, colon_before)
    if before is None or before.cue is None:
        return None
    cue = before.cue
    if cue.lemma_.lower() not in QUESTION_VERBS:
        return None
    text = article.text
    if not text[cue.idx : quote.open_at].rstrip().endswith((",", ":")):
        return None
    doc = article.doc
    between = doc[cue.i + 1 : article.token_at(quote.open_at)]
    if any(t.pos_ in ("VERB", "AUX") or t.text in SENTENCE_END for t in between):
        return None
    if is_put_to_subject(cue) and any(
        _names_the_question(c) for c in cue.children if not quote.open_at <= c.idx < quote.end
    ):
        return None
    return before


def _names_the_question(child: Token) -> bool:
    """A dependent of a put question that says what was asked: a clause (`whether ...`), an
    object, or a topic (`about the plan`, not `on Monday`)."""
    if child.dep_ in ("ccomp", "xcomp", "dobj", "obj"):
        return True
    if child.dep_ != "prep" or child.lower_ not in QUESTION_TOPIC_PREPOSITIONS:
        return False
    return any(
        c.dep_ == "pobj" and c.ent_type_ not in TIME_ENTITIES and not is_time_word(c)
        for c in child.children
    )


def _answered_after(
    article: ParsedArticle, quote: MarkedQuote, after: Attribution, later: Sequence[MarkedQuote]
) -> bool:
    """`"Is that picture you?" Weiner replied, "No comment."`: a reply verb after a quoted
    question whose own quote follows it in the same sentence: the reply is that quote, and the
    question is what was put to the speaker. A question in the speaker's own first person
    (`"Why would I do that?" he replied, "I never would."`) is the speaker's own."""
    cue = after.cue
    if cue is None or cue.lemma_.lower() not in REPLY_VERBS or not later:
        return False
    words = set(_LETTER_RUN.findall(article.text[quote.start : quote.end].lower()))
    if words & SPEAKER_OWN_WORDS:  # ("I'm" and "we’re" hold "i" and "we")
        return False
    between = article.text[cue.idx : later[0].open_at]
    if any(mark in between for mark in SENTENCE_END) or any(m in between for m in ALL_MARKS):
        return False
    return between.rstrip().endswith((",", ":"))


def _has_own_speaker(after: Attribution, colon_paragraph_before: bool) -> bool:
    """`The scene was recorded in detail:` then a paragraph `"Here he comes," she said.`: the
    quote's own cue and subject name its speaker sooner than the paragraph before it."""
    return colon_paragraph_before and after.cue is not None and after.subject is not None


def _signature(article: ParsedArticle, quote: MarkedQuote, limit: int) -> Attribution | None:
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
    window = [t for t in doc[first : first + SIGNATURE_MAX_TOKENS] if t.idx < limit]
    if any(is_cue(t) for t in window):
        return None  # `"..." — Varga said on Monday — "..."`: a dash-set attribution, no signature
    for token in window:
        if token.pos_ in CLAUSE_OPENING_POS:
            # `"... law school" — in the middle of Braley's campaign`: a phrase of the
            # reporter's sentence runs on after the dash; a signature starts with its name
            return None
        if token.pos_ in ("PROPN", "NOUN", "PRON") and not token.is_punct:
            head = token
            while head.dep_ in ("compound", "flat") and head.head.i < first + SIGNATURE_MAX_TOKENS:
                head = head.head
            return Attribution(None, text[index], head)
    return None


def _after_cue(article: ParsedArticle, quote: MarkedQuote, limit: int) -> Attribution | None:
    doc = article.doc
    text = article.text
    content = text[quote.start : quote.end].rstrip()
    first = article.token_at(quote.close_at + 1 if quote.closed else quote.end)
    tokens = [t for t in doc[first : first + AFTER_CUE_MAX_TOKENS + 1] if t.idx < limit]
    if not tokens:
        return None
    words = [t for t in tokens if not t.is_punct]
    if _new_sentence_after(content, words):
        return None  # "Quote." He said... starts a new sentence, not an attribution
    for position, token in enumerate(tokens):
        if token.text in SENTENCE_END and position > 0:
            return None
        if token.lower_ in AFTER_CUE_STOP_WORDS:
            return None  # `"...," but stopped short of calling ...`: a new clause
        if words and token is words[0] and (source := according_source(token)) is not None:
            # `"...," according to the U.S. Attorney's Office.`: the phrase signs the quote.
            return Attribution(token, "according to", source)
        if words and token is words[0] and (source := per_source(token)) is not None:
            return Attribution(token, "per", source)  # `"...," per Tim Fox.`: the same
        if is_cue(token):
            if content.endswith(".") and any(
                c.dep_ == "ccomp" and c.i > token.i for c in token.children
            ):
                return None  # `"... timing." Gov. Pat McCrory said it would be`: a new sentence
            subject = subject_of(token) or agent_after(token) or agent_before(token)
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
                ) or agent_after(token)
                agent = agent_before(token)
                if subject is None and agent is not None and agent.idx >= quote.end:
                    subject = agent  # `"...," Tulsa police Chief Chuck Jordan said`
            return Attribution(token, token.text, subject)
    return None


def _new_sentence_after(content: str, words: Sequence[Token]) -> bool:
    """The quote ends its sentence and the next word opens another: `"Quote." He said ...`,
    and `"... Wait until when?" Then an unseen announcer concludes: "..."` (the cue is the next
    quote's). After a question or an exclamation the attribution goes on in lower case
    (`"Why now?" the mayor asked`), so a capitalised function word or adverb there opens a
    new sentence; a capitalised noun may be a name the tagger missed (`"...?" Trump asked`)."""
    if not words:
        return False
    first = words[0]
    if not first.text[:1].isupper():
        return False
    if content.endswith("."):
        return first.pos_ != "PROPN"
    return content.endswith(QUESTION_ENDS) and first.pos_ in SENTENCE_OPENING_POS


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


def _name_after_quote(article: ParsedArticle, quote: MarkedQuote, limit: int) -> Attribution | None:
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
            return Attribution(verb, verb.text if verb is not None else None, head)
        if token.pos_ not in ("PROPN", "NOUN", "ADJ", "DET"):
            return None
    return None


def _is_possessor(token: Token) -> bool:
    """`Scott` in "Scott's niece": a name that owns the noun after it, not the noun itself."""
    head = token
    while head.dep_ in ("compound", "flat") and head.head.i > head.i:
        head = head.head
    return head.dep_ == "poss"


def cue_before(
    article: ParsedArticle, limit: int, open_at: int, colon_before: bool
) -> Attribution | None:
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
        if is_cue(token) and (not colon_before or not nearer_verb):
            subject = subject_of(token) or agent_after(token) or agent_before(token)
            return Attribution(token, token.text, subject)
        if colon_before and token.pos_ == "VERB" and not nearer_verb:
            # `Alec jumped in with: "..."`: the verb nearest the colon speaks, if it has a
            # subject; otherwise look further back for a speech verb.
            subject = subject_of(token)
            if subject is not None and token.dep_ != "acl" and not _thing_clause(token, subject):
                reporting = _reporting_cue(token, window[0].i, window[-1].i)
                if reporting is not None:
                    # `Ms. Ruiz said the plan had one flaw: "..."`: the clause before the
                    # colon is reported speech; its speaker speaks the quote too.
                    return reporting
                # "she threatened to leave:" : name the speech verb the infinitive hangs from.
                cue = token.head if token.dep_ == "xcomp" and is_cue(token.head) else token
                return Attribution(cue, cue.text, subject)
            nearer_verb = token.dep_ != "acl" and token.dep_ != "relcl"
        if token.lower_ in QUOTATIVE_WORDS and all(t.is_punct for t in window[position + 1 :]):
            be = doc[token.i - 1] if token.i > 0 else None
            if token.lower_ == "like" and be is not None and be.lemma_ in ("be", "’", "'s"):
                subject = next((c for c in be.children if c.dep_ in SUBJECT_DEPS), None)
                if subject is None and be.i > 0 and doc[be.i - 1].pos_ in ("PRON", "PROPN"):
                    subject = doc[be.i - 1]
                return Attribution(token, f"{be.text} {token.text}".strip(), subject)
    according = _according_before(window)
    if according is not None:
        return according
    if colon_before and window:
        return Attribution(None, ":", _colon_speaker(window))
    return None


def _thing_clause(verb: Token, subject: Token) -> bool:
    """`... argues that it might be this new brand of "reform" that has the mayor on edge:`:
    the verb nearest the colon is a relative clause's whose subject is "that" or "which", a
    thing: it says nothing, so a speech verb further back speaks the quote ("who" may)."""
    return verb.dep_ == "relcl" and subject.tag_ == THING_RELATIVE_TAG


def _reporting_cue(verb: Token, first: int, last: int) -> Attribution | None:
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
        if reported and is_cue(node):
            if any(c.dep_ in ("auxpass", "nsubjpass") for c in node.children):
                return None
            subject = subject_of(node)
            return Attribution(node, node.text, subject) if subject is not None else None
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
            subject = subject_of(token)
            if subject is not None and subject.lower_ not in ("it", "this", "that", "which"):
                return subject
            return None
    return None


def _according_before(window: list[Token]) -> Attribution | None:
    """`According to Limbaugh, "..."` or `Per Limbaugh, "..."`: the source of the phrase right
    before the quote."""
    for position in range(len(window) - 1, 0, -1):
        if (source := per_source(window[position])) is not None:
            return Attribution(window[position], "per", source)  # `Per Tim Fox, "..."`
        if window[position - 1].lower_ == "according" and window[position].lower_ == "to":
            source = next((c for c in window[position].children if c.dep_ == "pobj"), None)
            if source is not None:
                return Attribution(window[position - 1], "according to", source)
    return None


def carried_speaker(
    article: ParsedArticle, previous: FoundQuote | None, quote: MarkedQuote
) -> ResolvedSpeaker | None:
    if previous is None or previous.speaker is None:
        return None
    gap = article.paragraph(quote.open_at) - article.paragraph(previous.end)
    if gap > CONTINUATION_MAX_PARAGRAPHS:
        return None
    return previous.speaker


def continues_split_quote(article: ParsedArticle, previous: FoundQuote, quote: MarkedQuote) -> bool:
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
    if any(is_cue(t) and t.i != cue.i for t in gap):
        return False  # `"...," Trump said, adding later, "..."`: a second attribution
    tail = between.rstrip().rstrip(":").rstrip()
    words = tail.split()
    # `"We will rebuild" — Varga said — "and soon."`: an attribution set off by dashes.
    dashed = tail.endswith(tuple(SIGNATURE_DASHES)) and between.lstrip(
        ALL_MARKS + " \t\u00a0,"
    ).startswith(tuple(SIGNATURE_DASHES))
    return dashed or tail.endswith(",") or bool(words and words[-1].lower() in SPLIT_JOINERS)


def continues_after_attribution(
    article: ParsedArticle, previous: FoundQuote, quote: MarkedQuote
) -> bool:
    """`"We will not give up," said Penn. "The votes are there." Alder disagreed.`: a quote
    that opens right after the attribution sentence of the quote before and closes its own
    sentence inside its marks is the second segment of that utterance. The cue of the next
    sentence ("Alder disagreed") starts a new report and never takes it over."""
    cue = previous.cue
    if cue is None or previous.kind != "direct" or not quote.closed:
        return False
    if not previous.end <= cue.idx < quote.open_at:
        return False
    if article.paragraph(previous.end) != article.paragraph(quote.open_at):
        return False
    # From the cue to the quote: the rest of one attribution sentence ("said Penn.").
    between = article.text[cue.idx : quote.open_at].rstrip()
    ends = [i for i, c in enumerate(between) if c in SENTENCE_END]
    if ends != [len(between) - 1] or any(mark in between for mark in ALL_MARKS):
        return False
    return article.text[quote.start : quote.end].rstrip().endswith(".")


def merge_overlapping(found: list[FoundQuote]) -> list[FoundQuote]:
    """A quote that opens inside the reported clause of the one before (widened over it as
    mixed) is part of that quote: one span, the first one's speaker."""
    merged: list[FoundQuote] = []
    for item in sorted(found, key=lambda f: f.start):
        last = merged[-1] if merged else None
        if last is not None and last.kind == "mixed" and item.start < last.end:
            merged[-1] = replace(last, end=max(last.end, item.end))
            continue
        merged.append(item)
    return merged


def join_split_quotes(article: ParsedArticle, found: list[FoundQuote]) -> list[FoundQuote]:
    """`"I'm sorry," Alec said, "I was wrong."`: one quote, split by its attribution. The
    first part comes back widened over the second, as a new record."""
    joined: list[FoundQuote] = []
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
            next_paragraph = article.in_next_paragraph(last.end, item.start)
            if (
                next_paragraph
                and cue_between
                and item.cue is None
                and item.cue_text is None
                and item.start - 1 == article.paragraph_start(item.start)
                and item.kind == "direct"
                and article.paragraph(last.cue.idx if last.cue is not None else 0)
                == article.paragraph(last.end)
                and (item.speaker is not None or last.speaker is None)
            ):
                # `"...," he said.` then a paragraph of his words with no cue: one quote
                # (unless the paragraph's words speak of him, and so kept no speaker).
                joined[-1] = replace(last, end=item.end)
                continue
            if (
                same_paragraph
                and (cue_between or signed_between)
                and (item.cue is None or (last.cue is not None and item.cue.i == last.cue.i))
                and item.kind == "direct"
            ):
                joined[-1] = replace(last, end=item.end)
                continue
            if (
                same_paragraph
                and item.kind == "direct"
                and _attribution_splits(article, last, item)
            ):
                # `Fallon fired back: "As a guardian ...," he wrote, "we know ..."`: the cue
                # between the parts attributes the second, yet both are one quote.
                joined[-1] = replace(last, end=item.end)
                continue
        joined.append(item)
    return joined


def _attribution_splits(article: ParsedArticle, last: FoundQuote, item: FoundQuote) -> bool:
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
