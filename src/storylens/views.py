"""What the interfaces show, assembled from the store in typed read records: a story with its
comparison, pages of stories and quotes, an article, a person, search results and the outlets,
and the rows the exports write. The CLI, the exports and the web read the store only through
this module, and it reads only typed records (``store/reads.py``), never a raw row."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from storylens.compare import compare_story
from storylens.compare.quotes import utterance_words
from storylens.compare.scorecard import SCORE_SECTIONS, Scorecard, scorecard
from storylens.compare.serialise import MatchesWanted
from storylens.compare.shared_lines import line_openers, shared_lines
from storylens.errors import NotFound
from storylens.evidence import StoryEvidence
from storylens.naming import OutletName, name_comparison, name_records
from storylens.naming import outlet_names as name_outlets
from storylens.people import canonical_names, is_entity_name, person_key
from storylens.records import (
    QUOTING_RELATIONS,
    Claim,
    ClaimStatus,
    DetailConflict,
    OnlyNamed,
    Quote,
    QuoteGroup,
    StoryComparison,
    StoryMember,
    SummarySentence,
    ToneMark,
)
from storylens.store import Store
from storylens.store.reads import (
    ArticleRow,
    Mention,
    ScoreCounts,
    StoredQuote,
    StoryRow,
    TimexRow,
    ToneRow,
    article_row,
    outlets,
    person_names,
    quote_page,
    quoted_story_ids,
    quotes_in_stories,
    score_counts,
    scored_story_page,
    stored_quote_groups,
    stories_mentioning,
    story_outlets,
    story_page,
    story_people_names,
    story_titles,
)

# re-exported by name: the web filters its story lists with it
from storylens.store.reads import StoryFilters as StoryFilters
from storylens.store.search import SearchHit, search


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
    name: str = ""  # the outlet's name as shown: given, inferred, or "Outlet A" (naming.py)
    name_note: str = ""  # where an outlet name not given comes from


@dataclass(frozen=True)
class QuoteRow:
    """A stored quote as the interfaces show and write it, with its article's story and
    outlet. Its fields that are written carry the names of ``serialise.QUOTE_FIELDS``, so the
    quotes export and the API make their dicts with ``quote_to_dict``."""

    article_id: str
    story_id: str | None
    outlet: str | None
    title: str | None  # the article's, where the read joined it
    published: str | None
    utterance_id: str  # "article#position": one id for the rows of a split quote
    text: str  # what the speaker said: the segments joined by " … ", no attribution
    start: int
    end: int
    speaker: str | None
    speaker_mention: str | None
    speaker_start: int | None
    speaker_end: int | None
    speaker_type: str
    kind: str
    cue: str | None
    act: str
    reported_by: str | None
    segments: tuple[tuple[int, int], ...]
    stored_text: str  # as stored: a split quote's segments joined by a space

    @property
    def is_statement(self) -> bool:
        """Whether anyone says these words: a phrase in quotation marks with no speaker (a
        title, a nickname, a scare quote) is nobody's statement, and the lists of who said
        what leave it out; the tone evidence lists the distanced wording."""
        return self.kind != "scare"


def _quote_row(row: StoredQuote, article_text: str | None = None) -> QuoteRow:
    """A stored quote as a ``QuoteRow``. With the article's text, the mark before the
    quote tells ``text`` where a quote stored in one span opens."""
    opening_mark = article_text[row.start - 1] if article_text and row.start > 0 else ""
    return QuoteRow(
        article_id=row.article_id,
        story_id=row.story_id,
        outlet=row.outlet,
        title=row.title,
        published=row.published,
        utterance_id=f"{row.article_id}#{row.position}",
        text=utterance_words(row.text, row.segments, opening_mark, row.kind),
        start=row.start,
        end=row.end,
        speaker=row.speaker,
        speaker_mention=row.speaker_mention,
        speaker_start=row.speaker_start,
        speaker_end=row.speaker_end,
        speaker_type=row.speaker_type,
        kind=row.kind,
        cue=row.cue,
        act=row.act,
        reported_by=row.reported_by,
        segments=row.segments,
        stored_text=row.text,
    )


def _as_quote(row: QuoteRow) -> Quote:
    """A quote row as the analysed record the comparison's sourcing counts."""
    return Quote(
        text=row.stored_text,
        start=row.start,
        end=row.end,
        speaker=row.speaker,
        speaker_mention=row.speaker_mention,
        speaker_start=row.speaker_start,
        speaker_end=row.speaker_end,
        speaker_type=row.speaker_type,  # type: ignore[arg-type]
        cue=row.cue,
        kind=row.kind,  # type: ignore[arg-type]
        act=row.act,  # type: ignore[arg-type]
        reported_by=row.reported_by,
        segments=row.segments,
    )


@dataclass(frozen=True)
class StoryView:
    story_id: str
    title: str | None
    articles: tuple[ArticleInStory, ...]
    quotes: tuple[QuoteRow, ...]
    comparison: StoryComparison  # outlets named as the articles' ``name``
    texts: dict[str, str] = field(default_factory=dict)  # article id -> its text
    people: dict[str, str] = field(default_factory=dict)  # a name -> the person's fullest name
    # each article's quotes as analysed, where the view was made from the analysis itself
    # (``direct.py``); otherwise they are read from ``quotes``
    analysed_quotes: dict[str, tuple[Quote, ...]] = field(default_factory=dict)

    @cached_property
    def evidence(self) -> StoryEvidence:
        """Where each line of the comparison comes from (``storylens.evidence``)."""
        quotes = self.analysed_quotes
        if not quotes:
            found: dict[str, list[Quote]] = {}
            for row in self.quotes:
                found.setdefault(row.article_id, []).append(_as_quote(row))
            quotes = {article_id: tuple(rows) for article_id, rows in found.items()}
        return StoryEvidence(self.comparison, self.texts, quotes)

    def person(self, name: str | None) -> str | None:
        """The name of the person page a name links to, or None when it names no one."""
        if name is None or not is_entity_name(name):
            return None
        return self.people.get(name, person_key(name))

    @property
    def scorecard(self) -> Scorecard:
        return scorecard(self.comparison)

    @property
    def outlet_of(self) -> dict[str, str]:
        """Each article's outlet name, by article id."""
        return {a.article_id: a.name or a.outlet or a.article_id for a in self.articles}

    @property
    def title_outlet(self) -> str | None:
        """The outlet whose headline the story's title is, where outlets differ: a title is
        one outlet's framing of the event, and a reader should not take it for a neutral
        name (a fresh reader marked an unattributed headline misleading)."""
        outlets = self.outlet_of
        if self.title is None or len(set(outlets.values())) < 2:
            return None
        return next((outlets[a.article_id] for a in self.articles if a.title == self.title), None)


def _why(row: ArticleRow) -> str:
    # The stored reasons already carry the score ("score 0.48 (words ...)", "copy of X
    # (containment 0.89)"); only an article without reasons needs it said.
    if row.story_reasons:
        return "; ".join(row.story_reasons)
    return f"score {row.story_score:.2f}" if row.story_score else "opened the story"


def _boilerplate(row: ArticleRow) -> tuple[tuple[str, str], ...]:
    return tuple((reason, row.text[start:end]) for start, end, reason in row.boilerplate)


def story_view(store: Store, story_id: str, claim_matches: bool = True) -> StoryView:
    """A story with its articles, quotes and comparison. ``claim_matches=False`` reads the
    stored comparison's claims with their ``matches`` only where the shared lines read them
    (``shared_claims``), which is all the web pages show of them; the API and the report
    write every match, and want them all."""
    rows = list(store.article_rows(story_id))
    if not rows:
        raise NotFound(f"no story {story_id!r} in {store.db}: list them with `storylens stories`")
    titles = story_titles(
        store.reader, sorted({story_id, *(o for row in rows for o in row.secondary_story_ids)})
    )
    texts = {row.id: row.text for row in rows}
    names = name_outlets((row.id, row.outlet, row.text) for row in rows)
    quote_rows = tuple(
        replace(row, outlet=names[row.article_id].name) if row.article_id in names else row
        for row in (_quote_row(q, texts[q.article_id]) for q in store.quote_rows(texts))
    )
    articles = tuple(
        ArticleInStory(
            article_id=row.id,
            outlet=row.outlet,
            title=row.title,
            published=row.published,
            url=row.url,
            duplicate_of=row.duplicate_of,
            score=row.story_score,
            why=_why(row),
            boilerplate=_boilerplate(row),
            recalls=tuple(
                (other, titles[other])
                for other in row.secondary_story_ids
                if other in titles and other != story_id
            ),
            name=names[row.id].name,
            name_note=names[row.id].note,
        )
        for row in rows
    )
    comparison = story_comparison(
        store, story_id, [row.id for row in rows], None if claim_matches else _line_claims
    )
    people = canonical_names(
        [*_person_names(store, texts), *(q.speaker for q in quote_rows if q.speaker)]
    )
    return StoryView(
        story_id=story_id,
        title=titles.get(story_id),
        articles=articles,
        quotes=quote_rows,
        comparison=name_comparison(comparison, names),
        texts=texts,
        people=people,
    )


def _person_names(store: Store, article_ids: Iterable[str]) -> list[str]:
    """The people the articles name (entity texts), for telling short names apart."""
    return person_names(store.reader, article_ids)


def _line_claims(claims: list[dict[str, Any]]) -> set[int]:
    """The stored claims whose matches ``shared_claims`` reads."""
    return line_openers((claim["status"], claim["group"]) for claim in claims)


def story_comparison(
    store: Store,
    story_id: str,
    article_ids: Iterable[str] | None = None,
    matches_wanted: MatchesWanted | None = None,
) -> StoryComparison:
    """The story's stored comparison, or one computed now when none is stored for its
    current articles (a store written before comparisons existed, or a run cut short);
    ``matches_wanted`` as ``serialise.comparison_from_json`` takes it."""
    if article_ids is None:
        article_ids = store.story_summary(story_id).article_ids
    stored = store.stored_comparison(story_id, matches_wanted)
    current = set(article_ids)
    if stored is not None and (
        set(stored.article_ids) == current or (stored.notes and set(stored.article_ids) <= current)
    ):
        return stored
    return compare_story(story_id, store.story_members(story_id))


# -- what the terminal's list and the exports read ---------------------------------------------


def story_list(store: Store, limit: int | None = None) -> tuple[list[StoryRow], int]:
    """Every story (or the first ``limit``), largest first, and how many hold articles."""
    return store.story_summaries(limit=limit), store.count_stories()


def all_articles(store: Store) -> Iterator[ArticleRow]:
    """Every stored article in stored order, streamed."""
    return store.article_rows()


def all_quotes(store: Store) -> Iterator[QuoteRow]:
    """Every stored quote in stored order, streamed."""
    return (_quote_row(row) for row in store.quote_rows())


def all_tone_marks(store: Store) -> Iterator[ToneRow]:
    return store.tone_rows()


def all_dates(store: Store) -> Iterator[TimexRow]:
    return store.timex_rows()


# -- what the web pages and the terminal's search show ---------------------------------------

# Stories per page of the stories list, and the most a client may ask for.
DEFAULT_PAGE_SIZE = 20
MAX_PAGE_SIZE = 100
# Hits of each kind a search shows.
SEARCH_HITS = 20
# Entity labels that get a page of their own (people and organisations quoted or named).
ENTITY_PAGE_LABELS = frozenset({"PERSON", "ORG"})


# What a story list can be sorted by: newest first, or most of one scorecard count first.
STORY_SORTS = ("newest", *SCORE_SECTIONS)
# Stories a sort or filter by the scorecard's counts looks through (the newest).
MAX_SCORED_STORIES = 10_000


@dataclass(frozen=True)
class StoriesPage:
    items: tuple[StoryRow, ...]
    total: int
    page: int
    page_size: int
    filters: StoryFilters
    query: str = ""
    scorecards: dict[str, ScoreCounts] = field(default_factory=dict)  # story id -> its counts
    sort: str = "newest"
    having: str | None = None  # only stories where this count is above nought

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
    sort: str = "newest",
    having: str | None = None,
) -> StoriesPage:
    """A page of stories, newest first or by a scorecard count (``sort``); ``query`` keeps
    the stories whose titles, texts or quotes match it (full-text search), ``having`` those
    where that count is above nought."""
    filters = filters or StoryFilters()
    if query.strip():
        hits = search(store.reader, query, limit=MAX_SEARCH_STORIES)
        filters = replace(
            filters, story_ids=tuple(dict.fromkeys(h.story_id for h in hits if h.story_id))
        )
    size = max(1, min(page_size, MAX_PAGE_SIZE))
    offset = (max(page, 1) - 1) * size
    if sort == "newest" and having is None:
        rows, total = story_page(store.reader, filters, offset, size)
    else:
        rows, total = scored_story_page(
            store.reader,
            filters,
            offset,
            size,
            sort=None if sort == "newest" else sort,
            having=having,
            scanned=MAX_SCORED_STORIES,
        )
    cards = score_counts(store.reader, [row.story_id for row in rows])
    return StoriesPage(tuple(rows), total, max(page, 1), size, filters, query, cards, sort, having)


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
        (q.article_id, q.position): q.speaker
        for q in store.quote_rows({a for a, _ in wanted})
        if (q.article_id, q.position) in wanted
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
    highlight: bool = False  # inside the span a comparison line rests on (``?hl=``)
    anchor: bool = False  # the first run of that span, which the page scrolls to


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
    name: OutletName | None = None  # the outlet's name as its story's pages show it
    highlight: tuple[int, int] | None = None  # the span highlighted, where it is in the text
    highlighted: str = ""  # its characters


def highlight_span(text: str, span: tuple[int, int] | None) -> tuple[int, int] | None:
    """``span`` where it is a non-empty run of ``text``'s characters, else None (a link
    made for another version of the article, or a hand-edited one)."""
    if span is None:
        return None
    start, end = span
    return span if 0 <= start < end <= len(text) else None


def article_view(
    store: Store, article_id: str, highlight: tuple[int, int] | None = None
) -> ArticleView:
    """One article cut into highlighted runs; ``highlight`` (start, end) marks the characters
    a comparison line rests on (``Evidence``), where they are in its text."""
    row = article_row(store.reader, article_id)
    if row is None:
        raise NotFound(f"no article {article_id!r} in {store.db}")
    members = store.story_members(row.story_id or "")
    member = next(m for m in members if m.id == article_id)
    names = name_outlets(
        (m.id, m.analysed.article.outlet, m.analysed.article.text) for m in members
    )
    people = canonical_names(
        [e.text for m in members for e in m.analysed.entities if e.label == "PERSON"]
        + [q.speaker for m in members for q in m.analysed.quotes if q.speaker]
    )
    analysed = member.analysed
    text = analysed.article.text
    span = highlight_span(text, highlight)
    quote_list = tuple(_quote_row(q, text) for q in store.quote_rows([article_id]))
    return ArticleView(
        article_id=article_id,
        story_id=row.story_id,
        title=row.title,
        outlet=row.outlet,
        published=row.published,
        url=row.url,
        authors=row.authors,
        duplicate_of=row.duplicate_of,
        paragraphs=tuple(_paragraphs(member, people, span)),
        quotes=quote_list,
        entities=tuple(
            dict.fromkeys(
                (people.get(e.text, person_key(e.text)), e.label)
                for e in analysed.entities
                if e.label in ENTITY_PAGE_LABELS and is_entity_name(e.text)
            )
        ),
        tone=analysed.tone,
        name=names[article_id],
        highlight=span,
        highlighted=text[span[0] : span[1]] if span else "",
    )


def _paragraphs(
    member: StoryMember,
    people: Mapping[str, str],
    highlight: tuple[int, int] | None = None,
) -> Iterator[Paragraph]:
    """The text cut into paragraphs (lines), each cut into runs at every change of what a
    character belongs to: a quote, a speaker's words, a named entity (linked by the fullest
    name ``people`` gives it), a tone mark, the highlighted span."""
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
        if entity.label in ENTITY_PAGE_LABELS and is_entity_name(entity.text):
            name = people.get(entity.text, person_key(entity.text))
            marks.append((entity.start, entity.end, "entity", name, entity.label))
    for mark in analysed.tone:
        if mark.voice == "own":
            marks.append((mark.start, mark.end, "tone", mark.polarity, None))
    if highlight is not None:
        marks.append((highlight[0], highlight[1], "highlight", None, None))
    boilerplate = {(s.start, s.end): s.label for s in analysed.clean.boilerplate}
    position = 0
    anchored = False
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
            lit = any(m[2] == "highlight" for m in inside)
            segments.append(
                Segment(
                    text=text[low:high],
                    quote=any(m[2] == "quote" for m in inside),
                    speaker=any(m[2] == "speaker" for m in inside),
                    entity=named[3] if named else None,
                    entity_label=named[4] if named else None,
                    tone=toned[3] if toned else None,
                    highlight=lit,
                    anchor=lit and not anchored,
                )
            )
            anchored = anchored or lit
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
    rows, total = quote_page(
        store.reader, speaker=speaker, story_id=story_id, offset=offset, limit=limit
    )
    return tuple(_quote_row(row) for row in rows), total


def outlet_names(store: Store) -> list[str]:
    """Every outlet the store has an article from, in alphabetical order."""
    return outlets(store.reader)


@dataclass(frozen=True)
class EntityView:
    name: str
    quotes: tuple[QuoteRow, ...]  # this speaker's quotes, each with story and outlet
    wordings: tuple[tuple[str, QuoteGroup], ...]  # (story id, group) of their quotes across outlets
    mentions: tuple[Mention, ...]  # articles naming or quoting them
    story_titles: dict[str, str | None] = field(default_factory=dict)  # story id -> title
    aliases: tuple[str, ...] = ()  # the shorter names the stories also call them by


def _story_people(store: Store, story_ids: Iterable[str]) -> dict[str, dict[str, str]]:
    """Each story's names -> the fullest name each is part of (``people.canonical_names``)."""
    return {
        story_id: canonical_names(names)
        for story_id, names in story_people_names(store.reader, story_ids).items()
    }


def entity_view(store: Store, name: str, limit: int = MAX_PAGE_SIZE) -> EntityView:
    """A person's or organisation's page: in each story, the shorter names the story calls
    them by are theirs too ("Hilaria" where "Hilaria Baldwin" is named), and a short name
    that one story's fuller name explains leads to that fuller name's page.

    Its reads are one query per kind for all the stories at once (their people, the quotes
    of each story by each name, the stored quote groups, the outlets), not one per story."""
    if not is_entity_name(name):
        raise NotFound(f"{name!r} names no one (a page is for a person or organisation)")
    key = person_key(name)
    # Each name's mentions are read once, not once per story that calls them by it.
    mentioning: dict[str, list[Mention]] = {key: stories_mentioning(store.reader, key, limit)}
    stories = list(
        dict.fromkeys(
            [r.story_id for r in mentioning[key] if r.story_id]
            + [story_id for story_id in quoted_story_ids(store.reader, key, limit) if story_id]
        )
    )
    people = _story_people(store, stories)
    fuller = {mapping.get(key, key) for mapping in people.values()}
    if len(fuller) == 1 and key not in fuller:
        key = fuller.pop()  # every story says who the short name is
        if key not in mentioning:
            mentioning[key] = stories_mentioning(store.reader, key, limit)
        stories = list(
            dict.fromkeys([*stories, *_stories_naming(store, key, mentioning[key], limit)])
        )
        people |= _story_people(store, [s for s in stories if not people.get(s)])
        people = {story_id: people[story_id] for story_id in stories}
    names_by_story = {
        story_id: sorted({n for n, full in mapping.items() if full == key} | {key})
        for story_id, mapping in people.items()
    } or {"": [key]}
    quoted_in = quotes_in_stories(
        store.reader,
        [story_id for story_id in names_by_story if story_id],
        {alias for aliases in names_by_story.values() for alias in aliases},
        limit,
    )
    found: list[QuoteRow] = []
    mentions: dict[str, Mention] = {}
    for story_id, story_names in names_by_story.items():
        for alias in story_names:
            if story_id:
                found.extend(_quote_row(q) for q in quoted_in.get((story_id, alias.lower()), []))
            else:
                found.extend(quotes_page(store, speaker=alias, limit=limit)[0])
            if alias not in mentioning:
                mentioning[alias] = stories_mentioning(store.reader, alias, limit)
            for row in mentioning[alias]:
                if story_id and row.story_id != story_id:
                    continue
                mentions.setdefault(row.article_id, row)
    if not found and not mentions:
        raise NotFound(f"nobody named {name!r} is quoted or named in {store.db}")
    spoken = {alias.lower() for story_names in names_by_story.values() for alias in story_names}
    return EntityView(
        key,
        tuple(dict.fromkeys(found)),
        _wordings(store, [q.story_id for q in found if q.story_id], frozenset(spoken)),
        tuple(mentions.values()),
        story_titles(
            store.reader,
            sorted(
                {q.story_id for q in found if q.story_id}
                | {m.story_id for m in mentions.values() if m.story_id}
            ),
        ),
        tuple(sorted({a for names in names_by_story.values() for a in names} - {key})),
    )


def _wordings(
    store: Store, story_ids: Iterable[str], spoken: frozenset[str]
) -> tuple[tuple[str, QuoteGroup], ...]:
    """(story id, group) of each story's stored quote groups with a wording by one of the
    ``spoken`` names, outlets named as the story's pages name them, stories in order."""
    wanted = list(dict.fromkeys(story_ids))
    groups = stored_quote_groups(store.reader, wanted, spoken)
    articles = story_outlets(store.reader, [s for s in wanted if groups.get(s)])
    wordings: list[tuple[str, QuoteGroup]] = []
    for story_id, found in articles.items():
        named = name_outlets(found)
        wordings.extend((story_id, name_records(group, named)) for group in groups[story_id])
    return tuple(wordings)


def _stories_naming(store: Store, name: str, mentioning: list[Mention], limit: int) -> list[str]:
    """The stories of ``mentioning`` (the name's mentions) and of the name's quotes."""
    found = [r.story_id for r in mentioning]
    found += quoted_story_ids(store.reader, name, limit)
    return [story_id for story_id in dict.fromkeys(found) if story_id]


def shared_claims(comparison: StoryComparison) -> list[SummarySentence]:
    """One line per group of claims that two or more outlets report, in the comparison's
    order (the report's "Shared" list and the story page's): under the outlets that print its
    words, with each other outlet's own sentence beside it, and the details in them the
    outlets give differently (``compare.shared_lines.shared_lines``)."""
    return list(shared_lines(comparison.claims, comparison.details))


def only_claims(comparison: StoryComparison) -> dict[str, list[Claim]]:
    """Each outlet's claims no other outlet reports, outlets in the order they first appear:
    the lone claims no other outlet may tell in other words (those are ``hedged_claims``)."""
    return {
        outlet: kept
        for outlet, claims in _claims_by_outlet(comparison, "only").items()
        if (kept := [claim for claim in claims if not claim.maybe_matches])
    }


def hedged_claims(comparison: StoryComparison) -> list[tuple[Claim, Claim | None]]:
    """The lone claims another outlet may tell in other words, each with that outlet's
    likeliest sentence where the same-claim model leans to it (None where only the other
    articles as a whole point to it): listed apart from "only in", under a heading that
    says they may be told by others too, since a reader takes "only in A" for a fact."""
    at = {(claim.article_id, claim.start, claim.end): claim for claim in comparison.claims}
    found = []
    for claim in comparison.claims:
        if claim.status != "only" or not claim.maybe_matches:
            continue
        likeliest = next(
            (
                at.get((m.article_id, m.start, m.end))
                for m in claim.maybe_matches
                if m.relation == "maybe-same" or m.relation in QUOTING_RELATIONS
            ),
            None,
        )
        found.append((claim, likeliest))
    return found


def names_only_by_outlet(comparison: StoryComparison) -> dict[str, list[OnlyNamed]]:
    """The people only one outlet names (``compare.names_only``), by outlet, outlets in the
    order they first appear."""
    found: dict[str, list[OnlyNamed]] = {}
    for person in comparison.names_only:
        found.setdefault(person.outlet, []).append(person)
    return found


def unplaced_claims(comparison: StoryComparison) -> dict[str, list[Claim]]:
    """Each outlet's claims no other outlet's sentence matches that storylens still cannot
    call the outlet's own (``compare.lone_claims``): listed apart, never as "only in", each
    shown with the other outlets' closest sentences (``Claim.nearest``), for a reader to
    judge."""
    return _claims_by_outlet(comparison, "unplaced")


def _claims_by_outlet(comparison: StoryComparison, status: ClaimStatus) -> dict[str, list[Claim]]:
    found: dict[str, list[Claim]] = {}
    for claim in comparison.claims:
        if claim.status == status:
            found.setdefault(claim.outlet, []).append(claim)
    return found


@dataclass(frozen=True)
class PairRow:
    left: Claim | None
    right: Claim | None
    # "shared", "only-left", "only-right", "conflict"; "unplaced-left" and "unplaced-right"
    # for a lone claim the lone-claim model cannot place: no match, yet not called one's own
    status: str
    conflicts: tuple[DetailConflict, ...] = ()


def _lone_status(claim: Claim, side: str) -> str:
    return f"{'unplaced' if claim.status == 'unplaced' else 'only'}-{side}"


def pair_view(comparison: StoryComparison, left_id: str, right_id: str) -> tuple[PairRow, ...]:
    """Two articles' claims side by side: the same claim on one row, lone claims on rows of
    their own, each article in its own order (a right lone claim sits where it stands, before
    the next claim the two share); a row whose two sentences hold disagreeing details is a
    conflict."""
    left = sorted((c for c in comparison.claims if c.article_id == left_id), key=lambda c: c.start)
    right = sorted(
        (c for c in comparison.claims if c.article_id == right_id), key=lambda c: c.start
    )
    partner: dict[int, Claim] = {}
    free = list(right)
    for claim in left:
        match = next((c for c in free if c.group == claim.group), None)
        if match is not None:
            free.remove(match)
            partner[id(claim)] = match
    matched = {id(c) for c in partner.values()}
    rows: list[PairRow] = []
    shown: set[int] = set()
    place = 0  # how far down the right article the rows have come
    for claim in left:
        match = partner.get(id(claim))
        if match is None:
            rows.append(PairRow(claim, None, _lone_status(claim, "left")))
            continue
        # the right article's lone claims before this one's partner keep their place
        for other in right[place : right.index(match)]:
            if id(other) not in shown and id(other) not in matched:
                rows.append(PairRow(None, other, _lone_status(other, "right")))
                shown.add(id(other))
        place = max(place, right.index(match) + 1)
        rows.append(PairRow(claim, match, "shared"))
        shown.add(id(match))
    rows.extend(
        PairRow(None, other, _lone_status(other, "right"))
        for other in right
        if id(other) not in shown and id(other) not in matched
    )
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
