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

from dataclasses import dataclass, field
from typing import Literal

SpeakerType = Literal["person", "organization", "anonymous", "unknown"]
QuoteKind = Literal["direct", "indirect", "mixed", "nested", "scare"]
TimexType = Literal["DATE", "TIME", "DURATION", "SET"]
Polarity = Literal["negative", "positive", "hedge"]
Voice = Literal["own", "quoted", "scare"]


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

    ``voice`` is "own" for the outlet's own words, "quoted" inside someone's quote (with
    ``speaker``), "scare" for a phrase set in scare quotes (distanced wording). ``target`` is
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
class QuoteVariant:
    article_id: str
    outlet: str | None
    text: str
    speaker: str | None
    similarity: float  # to the group's reference wording, 0..100


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


@dataclass(frozen=True)
class StoryComparison:
    story_id: str
    quote_groups: tuple[QuoteGroup, ...] = ()
    first_article_id: str | None = None
    notes: tuple[str, ...] = field(default_factory=tuple)
