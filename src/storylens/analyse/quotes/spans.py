"""Quoted phrases inside a reporter's sentence (`Trump called Clinton a "con artist"`):
the cue that governs the phrase, the outer speech verb that reports that cue's clause, and the
reported clause around the phrase that makes the quote "mixed" (`X said he had "areas of
disagreement" with Y`). ``widen_to_report`` and ``governed_phrase`` make those decisions
for one direct quote and return the updated record.
"""

from __future__ import annotations

from dataclasses import replace

from spacy.tokens import Span, Token

from storylens.analyse.quotes.cues import (
    BELIEF_VERBS,
    CONTENT_REQUIRED_VERBS,
    PEOPLE_NOUNS,
    SPEECH_NOUNS,
)
from storylens.analyse.quotes.marks import ALL_MARKS, MarkedQuote
from storylens.analyse.quotes.parse import (
    ASIDE_MIN_WORDS,
    CUE_POS,
    PUT_QUESTION_VERBS,
    QUESTION_VERBS,
    SENTENCE_END,
    SUBJECT_DEPS,
    WH_ADVERB_TAG,
    Attribution,
    FoundQuote,
    ParsedArticle,
    according_source,
    agent_after,
    is_cue,
    is_passive,
    is_put_to_subject,
    source_phrase_end,
    starts_sentence,
    subject_of,
)
from storylens.analyse.quotes.scare import sentence_runs_on
from storylens.analyse.quotes.speakers import (
    ORGANIZATION_NOUNS,
    TIME_LABELS,
    is_person_noun,
    is_time_word,
)

# Parents walked up from a mid-sentence quoted phrase to the cue that governs it (phrase ->
# noun -> preposition -> verb is typical; deeper chains are other clauses).
GOVERNING_CUE_DEPTH = 6
# Parents walked up from a cue to the speech verb that reports its clause ("said (that) she had
# proposed to ...": one level; a conjoined clause adds one; "says she admired him through what
# she calls ...": calls -> through -> admired -> says, three).
OUTER_REPORT_DEPTH = 4
# Cues that do not themselves report words ("had shown bad judgment in using X 'as a ...'");
# under a speech verb, the quoted words belong to that verb's speaker whoever the subject is.
WEAK_CUES = frozenset({"show", "find", "begin", "finish", "continue", "offer", "figure"})
# Subjects that can cast something "as" a quoted phrase in their own words.
CASTING_ENTITIES = frozenset({"PERSON", "ORG", "NORP", "GPE"})
# Prepositions of a phrasal verb whose object is what gets cast "as" a phrase ("referred to
# him as", "went after the mayor as", "lashed out at them as", "spoke of it as"): the object
# stands after the preposition, not as the verb's direct object.
CAST_OBJECT_PREPOSITIONS = frozenset({"to", "after", "at", "of", "on", "upon"})
# Tokens of the object between a casting verb and its "as" when the parse lost the link
# ("pounding the new mayor as a ..."): a noun phrase; a longer run is another clause.
CAST_OBJECT_MAX_TOKENS = 4
# Parts of speech of such an object: a name, a pronoun or a noun with its determiner and
# modifiers.
CAST_OBJECT_POS = frozenset({"PROPN", "PRON", "NOUN", "DET", "ADJ", "NUM"})
# Tokens that may stand between "as" and the open mark ("as a", "as the", "as an").
CAST_LEAD_POS = frozenset({"DET", "PUNCT"})
# Quantifiers that stand for people no reader can find ("some even alleging 'neglect'"): the
# words are a label the reporter gives to a mood, not a source's quote.
VAGUE_SOURCES = frozenset({"some", "many", "others", "few", "several", "most", "all", "both"})
# Pronouns that stand for things, never for someone who casts or names something.
THING_PRONOUNS = frozenset({"it", "this", "that", "these", "those", "which", "what"})
# Adverbs skipped between a cue and the name right before it ("Obama and Clinton often call").
NAME_BEFORE_CUE_SKIP_POS = frozenset({"ADV", "AUX", "PART"})
# Links of a quoted phrase that modifies its cue rather than completing it.
MODIFIER_DEPS = frozenset({"npadvmod", "advmod", "dep", "punct", "appos"})
# Links a cue may hang on inside the reported clause: a clause, a conjunct, a relative clause
# ("anyone who complains ..."), or a preposition's clause ("through what she calls ...").
OUTER_REPORT_DEPS = frozenset({"ccomp", "conj", "relcl", "pcomp", "prep", "pobj", "nsubj", "dobj"})
# Dependents of a "call"/"describe" cue that hold what was said ("called him a 'liar'").
OBJECT_DEPS = frozenset({"dobj", "obj", "oprd", "prep", "attr", "xcomp", "ccomp"})
# Dependencies of a word after a cue that make it what was named, not who spoke.
OBJECT_LIKE_DEPS = frozenset({"dobj", "obj", "dative", "prep", "pobj", "attr", "oprd"})
# Dependents of a cue after the closing mark that say where, when or how the words were said
# ("at the rally", "in a statement", "according to the memo", ", referencing ...").
CUE_FRAME_AFTER_DEPS = frozenset({"prep", "npadvmod"})
# Of prepositions, only "according (to)" frames for sure: "in a song about ...", "at the
# rally" are as often part of what was reported.
FRAME_PREPOSITIONS = frozenset({"according"})
# Nouns for a gathering that is told something ("told the crowd").
AUDIENCE_NOUNS = frozenset({"crowd", "audience", "gathering", "rally", "congregation", "class"})
# Cues whose object before the quote is the person or outlet told ("told ABC", "urged him").
ADDRESSEE_CUES = frozenset({"tell", "inform", "assure", "remind", "warn", "thank", "urge", "ask"})
# Dependents that are a clause of their own: the reported content is that clause alone.
CLAUSE_DEPS = frozenset({"ccomp", "xcomp"})
# Links of a verb heading the clause that a mid-sentence quote ends, where that clause starts.
CLAUSE_HEAD_DEPS = frozenset({"ccomp", "advcl", "relcl", "xcomp", "acl", "pcomp", "ROOT", "conj"})
# A mid-sentence quote is widened back to its clause only over this many tokens; a longer
# lead-in is the reporter's own sentence, not a paraphrase of the speaker.
CLAUSE_START_MAX_TOKENS = 12
# Dependents of a cue before its content: "said in the letter that", "told reporters".
REPORT_FRAME_DEPS = frozenset({"prep", "advmod", "npadvmod", "dative", "punct", "agent"})
# Relative pronouns that stand for what a cue in a relative clause reports ("which he
# called ...").
RELATIVE_PRONOUNS = frozenset({"which", "who", "whom", "that"})
# Naming verbs whose quoted words are reported as a free relative ("what she called a
# 'rant'"): the reported content is the whole "what ..." phrase, not the quoted word alone.
NAMING_CUES: frozenset[str] = frozenset({"call", "describe", "term", "dub", "label", "brand"})


def governing_cue(
    article: ParsedArticle, quote: MarkedQuote, used_cues: set[int]
) -> Attribution | None:
    """The speech verb whose clause holds a mid-sentence quoted phrase: walk up the parse from
    the phrase to its sentence root, and take the first cue with a subject (a passive cue's
    "by" agent, or the name right before a cue the parse left without one); failing that, a
    verb, object, "as" before the phrase (``_cast_by_position``)."""
    node = article.token_from(quote.start)
    if node is None:
        return None
    found = _cue_up_the_parse(node, quote, used_cues)
    if found is None:
        found = _cast_by_position(article, quote, used_cues)
    return found


def _cue_up_the_parse(node: Token, quote: MarkedQuote, used_cues: set[int]) -> Attribution | None:
    """The first cue with a subject on the way up the parse from the phrase's first word."""
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
                return Attribution(node, node.text, owner)
            continue
        passive = any(c.dep_ in ("auxpass", "nsubjpass") for c in node.children)
        if passive and is_cue(node):
            agent = _passive_agent(node)
            if agent is not None and not quote.start <= agent.idx < quote.end:
                # `The plan was called "a fantasy" by Holt`: the agent named the plan.
                return Attribution(node, node.text, agent)
        if not passive and (
            is_cue(node) or (node.lemma_.lower() in BELIEF_VERBS and node.pos_ == "VERB")
        ):
            # No name-after fallback: after a cue that governs a quoted phrase stands its
            # object ("compared Trump to a 'coach'"), not its speaker.
            subject = subject_of(node)
            if subject is None:
                agent = agent_after(node)
                if agent is not None and agent.dep_ not in OBJECT_LIKE_DEPS:
                    subject = agent
            if subject is None:
                subject = _name_before(node)
            if subject is None or quote.start <= subject.idx < quote.end:
                return None
            return Attribution(node, node.text, subject)
    return None


def _passive_agent(cue: Token) -> Token | None:
    """Who did the passive cue's act: the object of its "by" (`was called "a fantasy" by
    Holt`), wherever the parse hung the "by", when it can speak (``can_speak``)."""
    for token in cue.subtree:
        if token.i > cue.i and token.lower_ == "by" and token.dep_ in ("agent", "prep"):
            agent = next((c for c in token.children if c.dep_ == "pobj"), None)
            if agent is not None and can_speak(agent):
                return agent
    return None


def _name_before(cue: Token) -> Token | None:
    """`..., Obama and Clinton call them "lone wolves"`: a cue the parse gave no subject, right
    after a name or a personal pronoun, was said by that name; English puts the subject before
    its verb, and the parse lost the link (here it joined the names to the noun before them).
    Of names joined by "and", the first, which heads them."""
    index = cue.i - 1
    while index >= cue.sent.start and cue.doc[index].pos_ in NAME_BEFORE_CUE_SKIP_POS:
        index -= 1
    if index < cue.sent.start:
        return None
    name = cue.doc[index]
    if not can_speak(name) or name.dep_ in SUBJECT_DEPS:
        return None
    while name.dep_ == "conj" and can_speak(name.head) and name.head.i < name.i:
        name = name.head
    return name


def can_speak(subject: Token) -> bool:
    """Whether a subject can say or name something in its own words: a person, an
    organisation, a people or a place's government, a noun for people ("critics",
    "officials"), or a pronoun that can stand for one of them."""
    if subject.pos_ == "PRON":
        return subject.lower_ not in THING_PRONOUNS
    return subject.ent_type_ in CASTING_ENTITIES or subject.lower_ in PEOPLE_NOUNS


def is_named_source(subject: Token | None) -> bool:
    """`Holt promised "a fair hearing"`: a subject a reader can find (a name, an organisation,
    "officials", "she") whose cue governs a quoted phrase owns those words, however few."""
    if subject is None:
        return False
    # A name the entity recogniser missed (no type at all) is still a name: as the subject of
    # a speech verb it is a speaker far more often than a thing.
    unlabelled_name = subject.pos_ == "PROPN" and not subject.ent_type_
    return (
        (can_speak(subject) or unlabelled_name)
        and subject.lower_ not in VAGUE_SOURCES
        and not any(c.lower_ in VAGUE_SOURCES and c.dep_ == "det" for c in subject.children)
    )


def _cast_by_position(
    article: ParsedArticle, quote: MarkedQuote, used_cues: set[int]
) -> Attribution | None:
    """`Reid has been pounding Trump as a "con artist" ― just as ...`: the words before the
    phrase read verb, object, "as", but the parse hung "as" elsewhere (here on a dash it took
    for a verb); read the cast from the word order instead."""
    doc = article.doc
    index = article.token_at(quote.open_at) - 1
    while index >= 0 and doc[index].pos_ in CAST_LEAD_POS and doc[index].lower_ != "as":
        index -= 1
    if index <= 0 or doc[index].lower_ != "as":
        return None
    as_token, index = doc[index], index - 1
    start = index
    while (
        index >= 0 and start - index < CAST_OBJECT_MAX_TOKENS and doc[index].pos_ in CAST_OBJECT_POS
    ):
        index -= 1
    if index < 0 or index == start or doc[index].sent != as_token.sent:
        return None
    verb = doc[index]
    if verb.pos_ != "VERB" or verb.i in used_cues:
        return None
    return _cast_by(verb)


def _characterisation(verb: Token, below: Token) -> Attribution | None:
    """`Reid has been pounding Trump as a "con artist"`, `PolitiFact rated the claims as
    "entirely true"`, `Holt went after the mayor as a "bully"`: a verb with an object cast
    "as" a quoted phrase gives its subject's words for the object, whatever the verb. Only a
    subject that can speak (``can_speak``) casts; `the rule treats fees as "income"` is the
    reporter's framing."""
    if verb.pos_ != "VERB" or below.lower_ != "as" or below.dep_ != "prep":
        return None
    if not any(
        c.i < below.i
        and (
            c.dep_ in ("dobj", "obj")
            or (
                c.dep_ == "prep"
                and c.lower_ in CAST_OBJECT_PREPOSITIONS
                and any(o.dep_ == "pobj" for o in c.children)
            )
        )
        for c in verb.children
    ):
        return None
    return _cast_by(verb)


def _cast_by(verb: Token) -> Attribution | None:
    """The casting verb's attribution when its subject can speak (``can_speak``)."""
    if any(c.dep_ in ("auxpass", "nsubjpass") for c in verb.children):
        return None
    subject = subject_of(verb)
    if subject is None or not can_speak(subject):
        return None
    return Attribution(verb, verb.text, subject)


def outer_report(attribution: Attribution, quote: MarkedQuote, used_cues: set[int]) -> Attribution:
    """`Ms. Lee said she had proposed to "scrap" the fee`: a cue with a pronoun subject inside
    the clause that a speech verb reports is part of what that verb reports; the quoted words
    belong to the outer statement and its speaker. The cue may sit deeper in that clause
    (`says she admired him through what she calls a "..."`, `saying anyone who complains
    "is ..."`). A thing as subject (`said the flyer "falsely" implies ...`) speaks for nobody
    when its verb comes after the quoted words. A passive cue with no speaker (`said that staff
    had been told to "keep an eye on it"`) names only whom the words were said to: they belong
    to the outer statement too."""
    cue = attribution.cue
    if cue is None or not _inner_report(attribution, quote):
        return attribution
    node = cue
    for _ in range(OUTER_REPORT_DEPTH):
        if node.dep_ not in OUTER_REPORT_DEPS or node.head.i == node.i:
            return attribution
        head = node.head
        if node.dep_ == "ccomp" and head.i < node.i and head.i not in used_cues and is_cue(head):
            if any(c.dep_ in ("auxpass", "nsubjpass") for c in head.children):
                return attribution
            outer_subject = subject_of(head)
            if outer_subject is None or quote.start <= outer_subject.idx < quote.end:
                return attribution
            return Attribution(head, head.text, outer_subject)
        node = head
    return attribution


def _inner_report(attribution: Attribution, quote: MarkedQuote) -> bool:
    """Whether a cue may be part of an outer statement (``outer_report``): its subject is a
    pronoun, or a thing before the quote, or it has none and is passive."""
    cue, subject = attribution.cue, attribution.subject
    if cue is None:
        return False
    if subject is None:
        return is_passive(cue)
    if subject.idx > quote.open_at:
        return False
    return (
        subject.pos_ == "PRON"
        or cue.lemma_.lower() in WEAK_CUES
        or (subject.pos_ == "NOUN" and not subject.ent_type_ and cue.idx > quote.open_at)
    )


def clause_around(article: ParsedArticle, quote: MarkedQuote, cue: Token) -> tuple[int, int] | None:
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
            source = according_source(cue)
            if source is not None:
                # `According to Trump, he is now "the worst thing ..."`: from after the source.
                start_token = source_phrase_end(cue, source, first - 1) + 1
            while start_token < first and doc[start_token].is_punct:
                start_token += 1
            return (doc[start_token].idx, quote.end) if start_token < first else None
        sentence_start = sentence.start
        if cue.i > first and sentence_start < first:
            if _put_question_frame(doc[sentence_start:first]):
                return None  # `Asked about the plan, "Why would I?" Hale replied`: his words
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
            t.i
            for c in cue.rights
            if c.dep_ != "punct" and not _joined_act(c) and not _cue_frame(c, first, last)
            for t in c.subtree
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
    if left < first and _put_question_frame(doc[left:first]):
        left = first  # `When asked, "Not now," Hale said`: the frame is the reporter's
    while right > last and (doc[right].is_punct or doc[right].is_space or _bare_time(doc[right])):
        right -= 1  # `"we will win" Sunday`: the day frames the act, it was not said
    start = doc[left].idx if left < first else quote.start
    end = doc[right].idx + len(doc[right]) if right > last else quote.end
    return start, end


def _put_question_frame(before: Span) -> bool:
    """`Asked about the plan,`, `When asked,`, `Pressed on the vote,`: the words of a sentence
    before its quote are the reporter's frame, not the speaker's words, when they open on the
    past participle of a verb that puts a question, with no subject of its own (after at most
    a conjunction, "When"), hold no other verb and end on a comma."""
    words = [t for t in before if not (t.is_punct or t.is_space)]
    marks = [t for t in before if t.is_punct and t.text not in ALL_MARKS]
    if not words or not marks or marks[-1].text != "," or marks[-1].i < words[-1].i:
        return False
    if words[0].pos_ == "SCONJ" or words[0].tag_ == WH_ADVERB_TAG:
        words = words[1:]
    if not words or words[0].lemma_.lower() not in PUT_QUESTION_VERBS:
        return False
    if not is_put_to_subject(words[0]):
        return False
    return not any(t.pos_ in ("VERB", "AUX") for t in words[1:])


def _bare_time(token: Token) -> bool:
    """A day or time set beside a clause with no preposition (`"we will win" Sunday`,
    `Sunday night`): when the act was, not part of what was said."""
    if token.ent_type_ not in TIME_LABELS:
        return False
    return token.dep_ == "npadvmod" or (
        token.head.dep_ == "npadvmod" and token.head.ent_type_ in TIME_LABELS
    )


def _cue_frame(child: Token, first: int, last: int) -> bool:
    """A dependent of a cue that frames the act rather than telling what was said: whom it
    was told to (`told ABC "we will win"`), when (`... Sunday`), or where and by what means
    after the closing mark (`described it as "a giveaway", according to the memo`). The quote
    does not run past its closing mark into these."""
    if child.dep_ == "dative" or is_time_word(child):
        return True
    if child.dep_ == "npadvmod" and child.ent_type_ in TIME_LABELS:
        return True
    if child.i > last and child.dep_ in CUE_FRAME_AFTER_DEPS:
        return child.dep_ != "prep" or child.lower_ in FRAME_PREPOSITIONS
    return (
        child.dep_ in ("dobj", "obj")
        and child.i < first
        and child.head.lemma_.lower() in ADDRESSEE_CUES
        and (child.pos_ == "PROPN" or _audience_noun(child))
    )


def _audience_noun(token: Token) -> bool:
    """A noun for people or a body that can be told something ("reporters", "the council",
    "the crowd"), not a thing told ("told the story of ...")."""
    lemma = token.lemma_.lower()
    return token.pos_ == "NOUN" and (
        is_person_noun(token) or lemma in ORGANIZATION_NOUNS or lemma in AUDIENCE_NOUNS
    )


def _joined_act(token: Token) -> bool:
    """A verb joined by "and" that reports an act of its own (`called X "outrageous" and
    called for ...`) or the "and" before it."""
    if token.dep_ == "cc":
        return any(c.dep_ == "conj" and _joined_act(c) for c in token.head.children)
    return (
        token.dep_ == "conj"
        and token.pos_ == "VERB"
        and is_cue(token)
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


def reported_rest(
    article: ParsedArticle, quote: MarkedQuote, cue: Token, clause: tuple[int, int]
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
        if (child.dep_ in REPORT_FRAME_DEPS or _cue_frame(child, first, last)) and max(
            t.i for t in child.subtree
        ) < first:
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
    frames = {c.i for c in cue.rights if c.i > last and _cue_frame(c, first, last)}
    index = last + 1
    while index < len(doc) and doc[index].idx < paragraph_end and index <= clause_last:
        token = doc[index]
        if token.text in SENTENCE_END or token.text == ";" or is_cue(token) or index in frames:
            break
        if not (token.is_punct or token.is_space or _bare_time(token)):
            end = max(end, token.idx + len(token))
        index += 1
    if index < len(doc) and is_cue(doc[index]):
        return start, clause[1]  # `..., "a disgrace," he said`: an aside signs it, no more
    return start, end


def quoted_clause_start(article: ParsedArticle, quote: MarkedQuote) -> int | None:
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


def naming_relative_start(article: ParsedArticle, quote: MarkedQuote, cue: Token) -> int | None:
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
    first = article.token_from(quote.start)
    if first is not None and first.sent.start > what.i:
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


def aside_sentence_start(
    article: ParsedArticle, quote: MarkedQuote, attribution: Attribution
) -> int | None:
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


def colon_clause_start(article: ParsedArticle, quote: MarkedQuote, cue: Token | None) -> int | None:
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


def widen_to_report(
    article: ParsedArticle, quote: MarkedQuote, found: FoundQuote, attribution: Attribution
) -> FoundQuote:
    """``found`` (the direct quote made of ``quote``) widened over the words its cue reports
    around the marks: a clause ending in the colon that opens the quote, the reported clause
    around a mid-sentence phrase, or the free relative of a naming cue. Any widening makes the
    quote "mixed"; with none, ``found`` comes back as it was."""
    found = _over_colon_lead(article, quote, found, attribution.cue)
    cue = attribution.cue
    if cue is None or _question_asked(article, quote, cue):
        return found
    found = _over_reported_clause(article, quote, found, attribution, cue)
    return _over_naming_relative(article, quote, found, cue)


def _question_asked(article: ParsedArticle, quote: MarkedQuote, cue: Token) -> bool:
    """`Asked point-blank, "Is that picture you?"`, `A reporter asked him, "..."`: a question
    put in its own words after its asking verb; the words between say how or whom it was
    asked, not what."""
    content = article.text[quote.start : quote.end].rstrip()
    return (
        cue.lemma_.lower() in QUESTION_VERBS
        and cue.idx < quote.open_at
        and content.endswith("?")
        and content[:1].isupper()
        and article.text[cue.idx : quote.open_at].rstrip().endswith((",", ":"))
    )


def _over_colon_lead(
    article: ParsedArticle, quote: MarkedQuote, found: FoundQuote, cue: Token | None
) -> FoundQuote:
    """`Ms. Ruiz said the plan had one flaw: "It costs too much."`: the reported clause and the
    quote that completes it are one statement."""
    colon_lead = colon_clause_start(article, quote, cue)
    if colon_lead is None:
        return found
    return replace(found, start=colon_lead, kind="mixed")


def _over_reported_clause(
    article: ParsedArticle,
    quote: MarkedQuote,
    found: FoundQuote,
    attribution: Attribution,
    cue: Token,
) -> FoundQuote:
    """A mid-sentence quoted phrase widened over the clause its cue reports around it. The
    widened start replaces any colon lead-in (the clause is the better bound). A phrase that
    opens its sentence is widened too when the sentence runs on past its close mark
    (`"Harbour Nights" drew two million viewers, the network said`): the cue reports the
    clause, a title in marks its subject."""
    text = article.text
    opening = starts_sentence(text, quote.open_at)
    if opening and not sentence_runs_on(text, quote):
        return found
    extended = _reported_extent(article, quote, attribution, cue)
    if extended is not None and opening:
        extended = (quote.start, extended[1])  # nothing of its sentence stands before it
    if extended is None or not (extended[0] < quote.start or extended[1] > quote.end):
        return found
    return replace(
        found,
        start=min(extended[0], quote.start),
        end=max(extended[1], quote.end),
        kind="mixed",
    )


def _reported_extent(
    article: ParsedArticle, quote: MarkedQuote, attribution: Attribution, cue: Token
) -> tuple[int, int] | None:
    """What a cue reports around a mid-sentence quote: its clause (to the end of the sentence
    for a cue before the phrase), from the start of the sentence for an aside cue, within the
    phrase's paragraphs."""
    extended = clause_around(article, quote, cue)
    if extended is not None and cue.idx < quote.open_at:
        extended = reported_rest(article, quote, cue, extended)
    aside_start = aside_sentence_start(article, quote, attribution)
    if aside_start is not None:
        extended = (aside_start, max(quote.end, extended[1] if extended else quote.end))
    if extended is None:
        return None
    # What a cue reports around a quoted phrase stays in the phrase's paragraphs; a parse that
    # runs a headline into the next paragraph does not.
    return (
        max(extended[0], article.paragraph_start(quote.open_at)),
        min(extended[1], article.paragraph_end(quote.end)),
    )


def _over_naming_relative(
    article: ParsedArticle, quote: MarkedQuote, found: FoundQuote, cue: Token
) -> FoundQuote:
    """`what she called a "rant"`: the quote widened back to the free relative it ends."""
    relative_start = naming_relative_start(article, quote, cue)
    if relative_start is None or relative_start >= found.start:
        return found
    return replace(found, start=relative_start, kind="mixed")


def governed_phrase(
    text: str, quote: MarkedQuote, found: FoundQuote, subject: Token | None
) -> FoundQuote:
    """A short quoted phrase that is all its cue governs (``found`` not widened, still
    "direct"): the words of a named source inside the reporter's sentence ("mixed"), or a
    label in marks ("scare", with no cue and no speaker) when it is lower case and no reader
    can find its source. A widened quote comes back as it was."""
    if found.kind != "direct":
        return found
    if text[quote.start : quote.end][:1].islower() and not is_named_source(subject):
        # `some even alleging 'elder abuse'`: a short phrase that is all a cue governs, with
        # no reported clause around it and no source a reader can find, is a label in marks,
        # not a statement.
        return FoundQuote(quote.start, quote.end, "scare", None, None, None)
    # `Holt promised "a fair hearing"`: a short phrase that is all a named source's cue
    # governs is that source's words inside the reporter's sentence.
    return replace(found, kind="mixed")


def absorb_later_phrases(
    article: ParsedArticle, found: list[FoundQuote], embedded: list[MarkedQuote]
) -> tuple[list[FoundQuote], list[MarkedQuote]]:
    """`X said voting fraud is "a big problem" but "nobody has the guts to talk about it."`:
    a quoted phrase later in the sentence of a reported clause, with no speech verb between,
    is more of that clause; the quote is widened over it. Returns ``found`` with the widened
    quotes in place (as new records) and the phrases left alone."""
    doc = article.doc
    widened = list(found)
    reports = sorted(
        (
            index
            for index, f in enumerate(found)
            if f.kind in ("mixed", "indirect", "direct")
            and f.cue is not None
            and f.cue.idx < f.start
        ),
        key=lambda index: found[index].start,
    )
    if not reports:
        return widened, embedded
    left: list[MarkedQuote] = []
    for quote in embedded:
        holder = next(
            (i for i in reports if widened[i].start <= quote.open_at < widened[i].end), None
        )
        if holder is not None:
            # Inside the reported clause: part of it.
            widened[holder] = replace(widened[holder], end=max(widened[holder].end, quote.end))
            continue
        first = article.token_at(quote.open_at)
        owner = None
        for index in reports:
            item = widened[index]
            if item.end > quote.open_at or first >= len(doc) or item.cue is None:
                continue
            if doc[first].sent.start != item.cue.sent.start:
                continue
            gap = doc[article.token_at(item.end) : first]
            if any(is_cue(t) for t in gap):
                continue
            owner = index
        if owner is None:
            left.append(quote)
            continue
        # Its words and the reporter's, whatever it was before.
        widened[owner] = replace(
            widened[owner], end=max(widened[owner].end, quote.end), kind="mixed"
        )
    return widened, left
