"""The records passed between pipeline stages, one type per stage.

    ingest   -> Article            (what an input said, as given)
    clean    -> CleanArticle       (repaired text + boilerplate spans, original offsets kept)
    analyse  -> AnalysedArticle    (sentences, entities, dates, numbers, quotes)
    stories  -> StoryAssignment    (which story an article joined, and why)
    compare  -> StoryComparison    (quotes aligned across outlets, shared and lone facts)

Every record is a frozen dataclass of plain values so that a stage can be called alone in a
test, shipped to a Dask worker, or turned into JSON with ``dataclasses.asdict``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

SpeakerType = Literal["person", "organization", "anonymous", "unknown"]
QuoteKind = Literal["direct", "indirect", "mixed", "nested", "scare"]
# What an attribution reports (``analyse/quotes/acts.py``): someone's words, a belief, a goal,
# or what a document or a measurement shows.
QuoteAct = Literal["speech", "thought", "intention", "evidence"]
TimexType = Literal["DATE", "TIME", "DURATION", "SET"]
Polarity = Literal["negative", "positive", "hedge"]
Voice = Literal["own", "quoted", "reported", "scare"]


@dataclass(frozen=True)
class Article:
    """One news article as ingested: metadata plus plain body text."""

    id: str
    text: str
    title: str | None = None
    url: str | None = None
    outlet: str | None = None
    published: str | None = None  # ISO 8601 date or datetime, as given or extracted
    authors: tuple[str, ...] = ()
    source: str = ""  # the input it came from (file path, "stdin:3", URL): for messages


@dataclass(frozen=True)
class Rejection:
    """An input (or one line of it) that could not be turned into an article, and why."""

    input: str
    reason: str


@dataclass(frozen=True)
class Span:
    """A character range in an article's text, with a label saying what it is."""

    start: int
    end: int
    label: str
    text: str = ""


@dataclass(frozen=True)
class CleanArticle:
    """An article whose text is repaired; boilerplate is recorded, not cut out.

    Keeping the text whole means every offset computed later (sentences, quotes) points into
    the same string that is stored and exported.
    """

    article: Article
    boilerplate: tuple[Span, ...] = ()
    # (stored offset, shift) wherever repair moved the text: see ``clean.offsets``.
    input_offsets: tuple[tuple[int, int], ...] = ()

    @property
    def id(self) -> str:
        return self.article.id

    @property
    def text(self) -> str:
        return self.article.text


@dataclass(frozen=True)
class Quote:
    """Who said what: one attribution found in an article.

    ``start``/``end`` cover the quoted content in the article text; ``speaker_start``/
    ``speaker_end`` cover the words naming the speaker (``she``, ``the insider``).
    ``speaker`` is the resolved name, or a description for anonymous sources, or None.
    ``reported_by`` is set on a quote that a speaker quotes inside their own quote; such a
    quote has ``kind`` "nested" (second-hand words: the outer speaker's account of what the
    inner one said), or "scare" when it is a short phrase with no speaker.

    ``act`` says what the attribution reports: speech (the default), a thought, an
    intention, or evidence (a document, chart or study as the source). ``segments`` are the
    contiguous runs of quoted words, as (start, end) offsets: a quote split by its
    attribution (`"You gotta start somewhere," he says. "Nobody starts out ..."`) has two,
    and ``text`` is their words joined, without the attribution between them; ``start`` and
    ``end`` span the whole utterance.
    """

    text: str
    start: int
    end: int
    speaker: str | None
    speaker_mention: str | None
    speaker_start: int | None
    speaker_end: int | None
    speaker_type: SpeakerType
    cue: str | None
    kind: QuoteKind
    reported_by: str | None = None
    act: QuoteAct = "speech"
    segments: tuple[tuple[int, int], ...] = ()

    @property
    def spans(self) -> tuple[tuple[int, int], ...]:
        """The quoted segments, or the whole span for a quote in one piece."""
        return self.segments or ((self.start, self.end),)


@dataclass(frozen=True)
class Entity:
    text: str
    label: str
    start: int
    end: int


@dataclass(frozen=True)
class Timex:
    """A date or time expression with its TIMEX3 value, read against the publication date.

    ``value`` is in TIMEX3 form: ``2013-03-22``, ``2013-W11``, ``2013-03``, ``2013``,
    ``2013-Q1``, ``2013-03-22T15:00``, ``PRESENT_REF``, ``P3Y`` ... ``anchored`` says the value
    depends on the publication date ("last week", "on Tuesday"); with no publication date such
    an expression keeps an underspecified value (``XXXX-WXX-2``) and cannot be checked.
    """

    start: int
    end: int
    text: str
    value: str
    type: TimexType
    anchored: bool = False


@dataclass(frozen=True)
class ToneMark:
    """A loaded, evaluative or hedging word or phrase, and whose voice it is in.

    ``voice`` is "own" for the outlet's own words, "reported" in a clause it reports as
    someone's account ("according to X, ..."; with ``speaker``), "quoted" inside someone's
    quote (with ``speaker``), "scare" for a phrase set in scare quotes (distanced wording).
    ``target`` is
    the person or group the word is aimed at, where the parse shows one.
    """

    start: int
    end: int
    text: str
    polarity: Polarity
    voice: Voice
    score: float = 0.0
    target: str | None = None
    speaker: str | None = None


@dataclass(frozen=True)
class AnalysedArticle:
    """A cleaned article with everything the per-article NLP found in it."""

    clean: CleanArticle
    sentences: tuple[Span, ...] = ()
    entities: tuple[Entity, ...] = ()
    dates: tuple[Span, ...] = ()  # label holds the normalised ISO date where one could be read
    numbers: tuple[Span, ...] = ()  # label holds the numeric value, text the words around it
    quotes: tuple[Quote, ...] = ()
    timexes: tuple[Timex, ...] = ()
    tone: tuple[ToneMark, ...] = ()
    model: str = ""

    @property
    def article(self) -> Article:
        return self.clean.article

    @property
    def id(self) -> str:
        return self.clean.article.id


@dataclass(frozen=True)
class StoryAssignment:
    """Where the story stage put one article, and the evidence for it."""

    article_id: str
    story_id: str
    score: float  # similarity to the story it joined; 0.0 when it opened a new story
    new_story: bool
    duplicate_of: str | None = None
    reasons: tuple[str, ...] = ()  # shared terms/entities/quotes that made it join
    secondary_story_ids: tuple[str, ...] = ()  # other events the article also mentions


@dataclass(frozen=True)
class StoryMember:
    """One article of a story as the compare stage reads it: the analysis, and whether it is a
    syndicated copy of another member (a copy confirms nothing: it echoes its original)."""

    analysed: AnalysedArticle
    duplicate_of: str | None = None
    seq: int = 0  # the order it was stored in: who came first when no dates are given

    @property
    def id(self) -> str:
        return self.analysed.id

    @property
    def outlet(self) -> str:
        return self.analysed.article.outlet or self.analysed.id


# -- compare stage ---------------------------------------------------------------------------

DiffOp = Literal["keep", "remove", "add"]
VariantRelation = Literal[
    "reference",
    "identical",
    "reworded",
    "truncated",
    "extended",
    "misattributed",
    "paraphrased",
    "repeated",
]
# "unplaced": no other outlet's sentence matches the claim, yet the lone-claim model can call it
# neither its outlet's own nor likely told elsewhere (``compare.lone_claims``): it is listed
# apart, never as "only in A".
ClaimStatus = Literal["shared", "only", "unplaced", "copy", "quotation"]
DetailKind = Literal["date", "time", "age", "count", "money", "place", "role", "name"]
DetailStatus = Literal["disagree", "agree", "unchecked"]
SourceType = Literal["person", "organization", "anonymous", "unnamed"]


@dataclass(frozen=True)
class WordDiff:
    """One run of a word-level diff against the reference wording."""

    op: DiffOp
    words: str


@dataclass(frozen=True)
class QuoteVariant:
    """One outlet's wording of an utterance, classified against the fullest wording, or
    against ``compared_with`` when that is another outlet's closer print of the same line.
    ``reported_by`` names the speaker whose quote holds these words (second-hand), as a
    stored quote's does."""

    article_id: str
    outlet: str | None
    text: str
    speaker: str | None
    similarity: float  # to the group's reference wording, 0..100
    relation: VariantRelation = "reference"
    diff: tuple[WordDiff, ...] = ()
    kind: str = "direct"
    start: int = 0
    end: int = 0
    reported_by: str | None = None
    compared_with: str = ""


@dataclass(frozen=True)
class QuoteGroup:
    """One utterance as carried by several articles, with each wording."""

    speaker: str | None
    reference: str
    variants: tuple[QuoteVariant, ...]
    outlets: tuple[str, ...]
    wording_differs: bool

    @property
    def article_count(self) -> int:
        return len({variant.article_id for variant in self.variants})


# "maybe-same": the model leans against the same claim but not far (``claims.MAYBE_SAME``):
# the other outlet may tell it in other words, so the claim is not called its outlet's own.
# "maybe-told": no sentence is that close, but the other outlets' articles likely tell it
# (``lone_claims``); the sentence given is the closest in words, not a claimed match.
# "same-quotation": the other outlet's sentence prints the same quotation (at least
# ``claims.MIN_SHARED_QUOTE_WORDS`` words), though what each says around it may differ;
# "part-quotation": it prints only part of that quotation (a shorter run of its words).
# "nearest": for an unplaced claim or a summary line, the other outlet's sentence closest to
# it in words, shown for a reader to judge, perhaps unrelated; "nearest-likely": one the
# pointer model (``compare.pointers``) finds likely to tell the same fact. Neither is a match.
ClaimRelation = Literal[
    "same",
    "adds-detail",
    "conflicting-detail",
    "unrelated",
    "maybe-same",
    "maybe-told",
    "same-quotation",
    "part-quotation",
    "nearest",
    "nearest-likely",
]
# The relations of a lone claim's match that prints its quotation, whole or in part.
QUOTING_RELATIONS: frozenset[ClaimRelation] = frozenset({"same-quotation", "part-quotation"})


@dataclass(frozen=True)
class ClaimMatch:
    """Another outlet's sentence that the same-claim model finds makes this claim, and how the
    two stand: the same, one adds a detail, or a detail (a number, a name) conflicts."""

    article_id: str
    outlet: str
    start: int
    end: int
    relation: ClaimRelation
    score: float  # the model's probability of "same claim", 0..1
    reason: str


@dataclass(frozen=True)
class Claim:
    """A sentence (or a clause of a long one) of one article, and who else reports it.

    ``shared_with`` are the other outlets that report it independently; ``echoed_by`` those
    whose matching sentence is a near-copy of this one (an echo confirms nothing).
    ``group`` numbers the claims that say the same thing across the story.
    """

    article_id: str
    outlet: str
    start: int
    end: int
    text: str
    status: ClaimStatus
    group: int
    shared_with: tuple[str, ...] = ()
    echoed_by: tuple[str, ...] = ()
    copy_of: str | None = None
    matches: tuple[ClaimMatch, ...] = ()  # its sentence in each other outlet, with the relation
    # For a lone claim: other outlets' sentences that may tell it in other words (the model
    # is unsure); a reader is told "B may say it in other words" rather than "only in A".
    maybe_matches: tuple[ClaimMatch, ...] = ()
    # For an unplaced claim: each other outlet's sentence closest to it, where the same-claim
    # model gives it some chance (``claims.NEAREST_MIN_SCORE``); shown beside the claim so a
    # reader can judge what storylens cannot, never called the same claim.
    nearest: tuple[ClaimMatch, ...] = ()


@dataclass(frozen=True)
class DetailValue:
    """A comparable detail one article states: what it describes, and its value."""

    article_id: str
    outlet: str
    kind: DetailKind
    subject: str  # what the value describes: a person (ages, roles), a counted noun, an event
    text: str  # the words in the article ("last week", "41", "seven children")
    value: str  # normalised: a TIMEX3 value, a number, a name
    sentence: str
    start: int
    end: int


@dataclass(frozen=True)
class DetailConflict:
    """Two outlets' values for one detail: they disagree, agree, or cannot be checked."""

    kind: DetailKind
    subject: str
    first: DetailValue
    second: DetailValue
    status: DetailStatus
    reason: str


@dataclass(frozen=True)
class SourceCount:
    """Quotes with words inside marks (and how many words), and attributions reported
    without marks (paraphrase, or what the outlet says it learned: "Fox News has learned"),
    of one kind of source."""

    source_type: SourceType
    quotes: int
    words: int
    reported: int = 0


@dataclass(frozen=True)
class SourcingProfile:
    """Whom an article (or an outlet, over its articles) quotes, and how much."""

    outlet: str
    article_ids: tuple[str, ...]
    counts: tuple[SourceCount, ...]
    speakers: tuple[str, ...]  # named speakers it quotes, most quoted first
    anonymous: tuple[str, ...]  # how it describes its anonymous sources ("the insider")
    left_out: tuple[str, ...] = ()  # speakers other outlets quote that it does not
    anonymous_share: float = 0.0  # share of its quoted words that come from anonymous sources


@dataclass(frozen=True)
class ToneProfile:
    """One article's tone evidence, and the wording only it uses."""

    article_id: str
    outlet: str
    own: tuple[ToneMark, ...]
    scare: tuple[ToneMark, ...]
    quoted: tuple[ToneMark, ...]
    distinctive: tuple[str, ...] = ()  # own-voice words no other outlet of the story uses
    adopted: tuple[str, ...] = ()  # "playful banter (the insider)": framing quoted, not stated
    # Loaded words in its account of what someone claims: kept in the schema, and empty while
    # that voice is never sure (``analyse.tone.NEVER_SURE_VOICES``).
    reported: tuple[ToneMark, ...] = ()


@dataclass(frozen=True)
class Echo:
    """A sentence a later article reuses (copied or near-copied) from an earlier one."""

    article_id: str
    outlet: str
    earlier_article_id: str
    earlier_outlet: str
    text: str
    earlier_text: str
    similarity: float  # 0..100
    # both articles give the same publication time (a date with no hour, most often): which
    # reuses which is unknown, only that the two print nearly the same sentence
    same_time: bool = False


@dataclass(frozen=True)
class Credit:
    """Another outlet an article credits ("according to Politico", "told CNN"): the name as
    written, where it stands, and the story's article of that outlet where there is one."""

    name: str
    start: int
    end: int
    article_id: str | None = None


@dataclass(frozen=True)
class LineageEntry:
    article_id: str
    outlet: str
    published: str | None
    # "cites": states claims of its own but credits another outlet's reporting (``credits``)
    role: Literal["first", "independent", "cites", "echo", "copy"]
    source_id: str | None = None  # the article it copies or mostly echoes
    reused_share: float = 0.0  # share of its claims reused from earlier articles
    credits: tuple[Credit, ...] = ()  # the other outlets it credits, first mention of each


@dataclass(frozen=True)
class Wording:
    """One outlet's own sentence for a claim another line shows in other words. A record,
    not a pair, so that an unnamed outlet is renamed in it as everywhere else."""

    outlet: str
    text: str

    def __iter__(self) -> Iterator[str]:
        return iter((self.outlet, self.text))


@dataclass(frozen=True)
class SummarySentence:
    """A claim as one line: ``outlets`` print these very words; ``other_wordings`` are the
    (outlet, sentence) of each other outlet that reports the claim in words of its own."""

    text: str
    article_id: str
    outlet: str
    outlets: tuple[str, ...]
    other_wordings: tuple[Wording, ...] = ()
    # A summary line says what it knows of the story's other outlets: those with no sentence
    # matched (they may tell it in other words), or, when the lone-claim model is sure no
    # other outlet tells it, that the line is its outlet's own.
    unmatched: tuple[str, ...] = ()
    own: bool = False
    # Other outlets that print the quotation the line carries (at least five words of it),
    # in a sentence the model did not match: the line says so rather than "unmatched".
    same_quotation: tuple[str, ...] = ()
    # ... those of them that print only part of it (a shorter run of its words): the line says
    # "prints part of the quotation", not "the same quotation".
    part_quotation: tuple[str, ...] = ()
    # Details stated in the line or its wordings that the outlets give differently, in words
    # (``compare.summary.disputes_in``): the claim is shared, that figure is not.
    disputed: tuple[str, ...] = ()
    # For each unmatched outlet, its sentence nearest the line in words (as an unplaced claim's
    # ``nearest``), shown under the line for the reader to judge; never called a match.
    nearest: tuple[ClaimMatch, ...] = ()


@dataclass(frozen=True)
class TimelineEntry:
    value: str  # TIMEX3 value; underspecified (XXXX-...) when it cannot be resolved
    text: str
    sentence: str
    article_id: str
    outlet: str
    outlets: tuple[str, ...]
    resolved: bool


# Bumped when the stored comparison's shape or meaning changes: old rows are recomputed, not
# misread (7: a lone claim's match may be "same-quotation", a summary line has `disputed`;
# 8: `names_only`, the people only one outlet names; a summary line has `same_quotation`;
# 9: an unplaced claim and a summary line have `nearest`, other outlets' closest sentences;
# 10: a shared line has `same_quotation`, and a sentence of a quotation over several
# paragraphs is a claim of status "quotation"; 11: a claim whose wording a summary line shows
# beside another outlet's is shared with it, ``compare.summary_wordings``; 12: a lone claim's
# match may be "part-quotation", a summary or shared line has `part_quotation`).
COMPARISON_VERSION = 12


@dataclass(frozen=True)
class OnlyNamed:
    """A person one outlet's articles name and no other outlet's article does, at the
    first mention (``compare.names_only``)."""

    outlet: str
    name: str
    article_id: str
    start: int
    end: int


@dataclass(frozen=True)
class StoryComparison:
    """Everything the compare stage finds inside one story."""

    story_id: str
    article_ids: tuple[str, ...] = ()
    quote_groups: tuple[QuoteGroup, ...] = ()
    claims: tuple[Claim, ...] = ()
    details: tuple[DetailConflict, ...] = ()
    sourcing: tuple[SourcingProfile, ...] = ()  # one per article
    sourcing_by_outlet: tuple[SourcingProfile, ...] = ()
    tone: tuple[ToneProfile, ...] = ()
    lineage: tuple[LineageEntry, ...] = ()
    echoes: tuple[Echo, ...] = ()
    summary: tuple[SummarySentence, ...] = ()
    timeline: tuple[TimelineEntry, ...] = ()
    names_only: tuple[OnlyNamed, ...] = ()  # people only one outlet names
    first_article_id: str | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)
    version: int = COMPARISON_VERSION
