"""What the interfaces show, assembled from the store in typed read records: a story with its
comparison, pages of stories and quotes, an article, a person, search results and the outlets.
The CLI and the web read the store only through this module."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from storylens.compare import compare_story
from storylens.compare.quotes import utterance_words
from storylens.errors import NotFound
from storylens.records import (
    Claim,
    DetailConflict,
    QuoteGroup,
    StoryComparison,
    StoryMember,
    ToneMark,
)
from storylens.store import Store
from storylens.store.reads import (
    StoryFilters,
    StoryListRow,
    article_row,
    json_list,
    outlets,
    stories_mentioning,
    story_page,
    story_titles,
)
from storylens.store.reads import quote_rows as reads_quote_rows
from storylens.store.search import SearchHit, search
from storylens.store.segments import decode_segments


@dataclass(frozen=True)
class ArticleInStory:
    article_id: str
    outlet: str | None
    title: str | None
    published: str | None
    url: str | None
    duplicate_of: str | None
    score: float | None
    why: str
    boilerplate: tuple[tuple[str, str], ...]  # (reason, line) for each line analysis skipped
    recalls: tuple[tuple[str, str | None], ...] = ()  # (story id, title) of other events named


@dataclass(frozen=True)
class QuoteRow:
    """A stored quote as the interfaces show it, with its article's story and outlet."""

    article_id: str
    story_id: str | None
    outlet: str | None
    title: str | None  # the article's, where the read joined it
    published: str | None
    text: str  # as stored: a split quote's segments joined by a space
    spoken: str  # what the speaker said: the segments joined by " … ", no attribution
    start: int
    end: int
    speaker: str | None
    speaker_type: str
    kind: str
    cue: str | None
    act: str
    segments: tuple[tuple[int, int], ...]

    @property
    def is_statement(self) -> bool:
        """Whether anyone says these words: a phrase in quotation marks with no speaker (a
        title, a nickname, a scare quote) is nobody's statement, and the lists of who said
        what leave it out; the tone evidence lists the distanced wording."""
        return self.kind != "scare"


def _quote_row(row: Mapping[str, Any], article_text: str | None = None) -> QuoteRow:
    """A stored quote row as a ``QuoteRow``. With the article's text, the mark before the
    quote tells ``spoken`` where a quote stored in one span opens."""
    start = row["start_char"]
    opening_mark = article_text[start - 1] if article_text and start > 0 else ""
    segments = decode_segments(row.get("segments"))
    return QuoteRow(
        article_id=row["article_id"],
        story_id=row.get("story_id"),
        outlet=row.get("outlet"),
        title=row.get("title"),
        published=row.get("published"),
        text=row["text"],
        spoken=utterance_words(row["text"], segments, opening_mark, row["kind"]),
        start=start,
        end=row["end_char"],
        speaker=row["speaker"],
        speaker_type=row["speaker_type"],
        kind=row["kind"],
        cue=row["cue"],
        act=row.get("act") or "speech",
        segments=segments,
    )


@dataclass(frozen=True)
class StoryView:
    story_id: str
    title: str | None
    articles: tuple[ArticleInStory, ...]
    quotes: tuple[QuoteRow, ...]
    comparison: StoryComparison
    texts: dict[str, str] = field(default_factory=dict)  # article id -> its text


def _why(row: dict[str, Any]) -> str:
    # The stored reasons already carry the score ("score 0.48 (words ...)", "copy of X
    # (containment 0.89)"); only an article without reasons needs it said.
    reasons = json.loads(row["story_reasons"] or "[]")
    if reasons:
        return "; ".join(reasons)
    score = row["story_score"]
    return f"score {score:.2f}" if score else "opened the story"


def _boilerplate(row: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    text = row["text"]
    return tuple((reason, text[start:end]) for start, end, reason in json.loads(row["boilerplate"]))


def story_view(store: Store, story_id: str) -> StoryView:
    rows = list(store.article_rows(story_id))
    if not rows:
        raise NotFound(f"no story {story_id!r} in {store.db}: list them with `storylens stories`")
    recalls = {row["id"]: json.loads(row.get("secondary_story_ids") or "[]") for row in rows}
    titles = story_titles(
        store.reader, sorted({story_id, *(o for ids in recalls.values() for o in ids)})
    )
    texts = {row["id"]: row["text"] for row in rows}
    quote_rows = tuple(_quote_row(q, texts[q["article_id"]]) for q in store.quote_rows(texts))
    articles = tuple(
        ArticleInStory(
            article_id=row["id"],
            outlet=row["outlet"],
            title=row["title"],
            published=row["published"],
            url=row["url"],
            duplicate_of=row["duplicate_of"],
            score=row["story_score"],
            why=_why(row),
            boilerplate=_boilerplate(row),
            recalls=tuple(
                (other, titles[other])
                for other in recalls[row["id"]]
                if other in titles and other != story_id
            ),
        )
        for row in rows
    )
    return StoryView(
        story_id=story_id,
        title=titles.get(story_id),
        articles=articles,
        quotes=quote_rows,
        comparison=story_comparison(store, story_id, [row["id"] for row in rows]),
        texts=texts,
    )


def story_comparison(
    store: Store, story_id: str, article_ids: Iterable[str] | None = None
) -> StoryComparison:
    """The story's stored comparison, or one computed now when none is stored for its
    current articles (a store written before comparisons existed, or a run cut short)."""
    if article_ids is None:
        article_ids = store.story_summary(story_id).article_ids
    stored = store.stored_comparison(story_id)
    current = set(article_ids)
    if stored is not None and (
        set(stored.article_ids) == current or (stored.notes and set(stored.article_ids) <= current)
    ):
        return stored
    return compare_story(story_id, store.story_members(story_id))


# -- what the web pages and the terminal's search show ---------------------------------------

# Stories per page of the stories list, and the most a client may ask for.
DEFAULT_PAGE_SIZE = 20
MAX_PAGE_SIZE = 100
# Hits of each kind a search shows.
SEARCH_HITS = 20
# Entity labels that get a page of their own (people and organisations quoted or named).
ENTITY_PAGE_LABELS = frozenset({"PERSON", "ORG"})


@dataclass(frozen=True)
class StoriesPage:
    items: tuple[StoryListRow, ...]
    total: int
    page: int
    page_size: int
    filters: StoryFilters
    query: str = ""

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.page_size))


def stories_page(
    store: Store,
    *,
    page: int = 1,
    page_size: int = DEFAULT_PAGE_SIZE,
    query: str = "",
    filters: StoryFilters | None = None,
) -> StoriesPage:
    """A page of stories, newest first; ``query`` keeps the stories whose titles, texts or
    quotes match it (full-text search)."""
    filters = filters or StoryFilters()
    if query.strip():
        hits = search(store.reader, query, limit=MAX_SEARCH_STORIES)
        filters = replace(
            filters, story_ids=tuple(dict.fromkeys(h.story_id for h in hits if h.story_id))
        )
    size = max(1, min(page_size, MAX_PAGE_SIZE))
    rows, total = story_page(store.reader, filters, (max(page, 1) - 1) * size, size)
    return StoriesPage(tuple(rows), total, max(page, 1), size, filters, query)


# A full-text search looks this far for the stories it keeps.
MAX_SEARCH_STORIES = 1000


@dataclass(frozen=True)
class SearchResults:
    query: str
    stories: tuple[tuple[str, str | None], ...]  # (story id, title)
    articles: tuple[SearchHit, ...]
    quotes: tuple[tuple[SearchHit, str | None], ...]  # (hit, speaker)


def search_view(store: Store, query: str, limit: int = SEARCH_HITS) -> SearchResults:
    hits = search(store.reader, query, limit=limit * 3)
    article_hits = tuple(h for h in hits if h.kind == "article")[:limit]
    quote_hits = [h for h in hits if h.kind == "quote"][:limit]
    speakers = _speakers_of(store, quote_hits)
    found = story_titles(store.reader, list(dict.fromkeys(h.story_id for h in hits if h.story_id)))
    titles = {h.story_id: found.get(h.story_id) for h in hits if h.story_id}
    return SearchResults(
        query=query,
        stories=tuple(titles.items())[:limit],
        articles=article_hits,
        quotes=tuple((h, speakers.get((h.article_id, h.quote_position))) for h in quote_hits),
    )


def _speakers_of(
    store: Store, hits: Iterable[SearchHit]
) -> dict[tuple[str, int | None], str | None]:
    wanted = {(h.article_id, h.quote_position) for h in hits}
    if not wanted:
        return {}
    return {
        (q["article_id"], q["position"]): q["speaker"]
        for q in store.quote_rows({a for a, _ in wanted})
        if (q["article_id"], q["position"]) in wanted
    }


@dataclass(frozen=True)
class Segment:
    """A run of an article's text with what it is part of, for highlighting."""

    text: str
    quote: bool = False
    speaker: bool = False
    entity: str | None = None  # the name, when the run is a person or organisation
    entity_label: str | None = None
    tone: str | None = None  # polarity of an own-voice tone mark


@dataclass(frozen=True)
class Paragraph:
    segments: tuple[Segment, ...]
    boilerplate: str | None = None  # the reason, when the paragraph is boilerplate


@dataclass(frozen=True)
class ArticleView:
    article_id: str
    story_id: str | None
    title: str | None
    outlet: str | None
    published: str | None
    url: str | None
    authors: tuple[str, ...]
    duplicate_of: str | None
    paragraphs: tuple[Paragraph, ...]
    quotes: tuple[QuoteRow, ...]
    entities: tuple[tuple[str, str], ...]  # (name, label) of people and organisations named
    tone: tuple[ToneMark, ...]


def article_view(store: Store, article_id: str) -> ArticleView:
    row = article_row(store.reader, article_id)
    if row is None:
        raise NotFound(f"no article {article_id!r} in {store.db}")
    member = next(m for m in store.story_members(row["story_id"]) if m.id == article_id)
    analysed = member.analysed
    text = analysed.article.text
    quote_list = tuple(_quote_row(q, text) for q in store.quote_rows([article_id]))
    return ArticleView(
        article_id=article_id,
        story_id=row["story_id"],
        title=row["title"],
        outlet=row["outlet"],
        published=row["published"],
        url=row["url"],
        authors=tuple(json_list(row["authors"])),
        duplicate_of=row["duplicate_of"],
        paragraphs=tuple(_paragraphs(member)),
        quotes=quote_list,
        entities=tuple(
            dict.fromkeys(
                (e.text, e.label) for e in analysed.entities if e.label in ENTITY_PAGE_LABELS
            )
        ),
        tone=analysed.tone,
    )


def _paragraphs(member: StoryMember) -> Iterator[Paragraph]:
    """The text cut into paragraphs (lines), each cut into runs at every change of what a
    character belongs to: a quote, a speaker's words, a named entity, a tone mark."""
    analysed = member.analysed
    text = analysed.article.text
    marks: list[tuple[int, int, str, str | None, str | None]] = []
    for quote in analysed.quotes:
        if quote.kind != "scare" and quote.act == "speech":
            # each quoted segment, not the attribution that splits them
            marks.extend((start, end, "quote", None, None) for start, end in quote.spans)
        if quote.speaker_start is not None and quote.speaker_end is not None:
            marks.append((quote.speaker_start, quote.speaker_end, "speaker", None, None))
    for entity in analysed.entities:
        if entity.label in ENTITY_PAGE_LABELS:
            marks.append((entity.start, entity.end, "entity", entity.text, entity.label))
    for mark in analysed.tone:
        if mark.voice == "own":
            marks.append((mark.start, mark.end, "tone", mark.polarity, None))
    boilerplate = {(s.start, s.end): s.label for s in analysed.clean.boilerplate}
    position = 0
    for line in text.split("\n"):
        start, end = position, position + len(line)
        position = end + 1
        if not line.strip():
            continue
        cuts = {start, end}
        for low, high, *_ in marks:
            if low < end and high > start:
                cuts.update({max(low, start), min(high, end)})
        bounds = sorted(cuts)
        segments = []
        for low, high in zip(bounds, bounds[1:], strict=False):
            inside = [m for m in marks if m[0] <= low and high <= m[1]]
            named = next((m for m in inside if m[2] == "entity"), None)
            toned = next((m for m in inside if m[2] == "tone"), None)
            segments.append(
                Segment(
                    text=text[low:high],
                    quote=any(m[2] == "quote" for m in inside),
                    speaker=any(m[2] == "speaker" for m in inside),
                    entity=named[3] if named else None,
                    entity_label=named[4] if named else None,
                    tone=toned[3] if toned else None,
                )
            )
        reason = next(
            (label for (low, high), label in boilerplate.items() if low <= start and end <= high),
            None,
        )
        yield Paragraph(tuple(segments), reason)


def quotes_page(
    store: Store,
    *,
    speaker: str | None = None,
    story_id: str | None = None,
    offset: int = 0,
    limit: int = DEFAULT_PAGE_SIZE,
) -> tuple[tuple[QuoteRow, ...], int]:
    """Quotes filtered by speaker (case-blind) and story, in stored order; and the count."""
    rows, total = reads_quote_rows(
        store.reader, speaker=speaker, story_id=story_id, offset=offset, limit=limit
    )
    return tuple(_quote_row(row) for row in rows), total


def outlet_names(store: Store) -> list[str]:
    """Every outlet the store has an article from, in alphabetical order."""
    return outlets(store.reader)


@dataclass(frozen=True)
class Mention:
    """An article that names or quotes someone."""

    article_id: str
    story_id: str | None
    title: str | None
    outlet: str | None
    published: str | None


@dataclass(frozen=True)
class EntityView:
    name: str
    quotes: tuple[QuoteRow, ...]  # this speaker's quotes, each with story and outlet
    wordings: tuple[tuple[str, QuoteGroup], ...]  # (story id, group) of their quotes across outlets
    mentions: tuple[Mention, ...]  # articles naming or quoting them


def entity_view(store: Store, name: str, limit: int = MAX_PAGE_SIZE) -> EntityView:
    found, _ = quotes_page(store, speaker=name, limit=limit)
    mentions = tuple(
        Mention(row["id"], row["story_id"], row["title"], row["outlet"], row["published"])
        for row in stories_mentioning(store.reader, name, limit)
    )
    if not found and not mentions:
        raise NotFound(f"nobody named {name!r} is quoted or named in {store.db}")
    wordings: list[tuple[str, QuoteGroup]] = []
    for story_id in dict.fromkeys(q.story_id for q in found if q.story_id):
        comparison = store.stored_comparison(story_id)
        if comparison is None:
            continue
        wordings.extend(
            (story_id, group)
            for group in comparison.quote_groups
            if any(v.speaker and v.speaker.lower() == name.lower() for v in group.variants)
        )
    return EntityView(name, found, tuple(wordings), mentions)


@dataclass(frozen=True)
class PairRow:
    left: Claim | None
    right: Claim | None
    status: str  # "shared", "only-left", "only-right", "conflict"
    conflicts: tuple[DetailConflict, ...] = ()


def pair_view(comparison: StoryComparison, left_id: str, right_id: str) -> tuple[PairRow, ...]:
    """Two articles' claims side by side: the same claim on one row, lone claims on rows of
    their own, in the left article's order with the right's lone claims after their nearest
    shared neighbour; a row whose two sentences hold disagreeing details is a conflict."""
    left = [c for c in comparison.claims if c.article_id == left_id]
    right = [c for c in comparison.claims if c.article_id == right_id]
    by_group: dict[int, list[Claim]] = {}
    for claim in right:
        by_group.setdefault(claim.group, []).append(claim)
    used: set[int] = set()
    rows: list[PairRow] = []
    for claim in left:
        partners = [c for c in by_group.get(claim.group, []) if id(c) not in used]
        if partners:
            partner = partners[0]
            used.add(id(partner))
            rows.append(PairRow(claim, partner, "shared"))
        else:
            rows.append(PairRow(claim, None, "only-left"))
    for claim in right:
        if id(claim) not in used:
            rows.append(PairRow(None, claim, "only-right"))
    disagreeing = [
        d
        for d in comparison.details
        if d.status == "disagree"
        and {d.first.article_id, d.second.article_id} == {left_id, right_id}
    ]
    marked = []
    for row in rows:
        inside = tuple(
            d
            for d in disagreeing
            if any(
                c is not None and c.start <= v.start < c.end and c.article_id == v.article_id
                for c in (row.left, row.right)
                for v in (d.first, d.second)
            )
        )
        marked.append(replace(row, status="conflict", conflicts=inside) if inside else row)
    return tuple(marked)
