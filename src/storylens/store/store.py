"""The Store: everything the pipeline and the interfaces write to or read from the database.

One class over SQLAlchemy Core serves SQLite and PostgreSQL alike. Writes happen one batch per
transaction, so a crash never leaves half an article stored.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, bindparam, case, delete, func, insert, select, text, update
from sqlalchemy.exc import SQLAlchemyError

from storylens.compare.scorecard import scorecard
from storylens.compare.serialise import (
    MatchesWanted,
    comparison_from_json,
    comparison_to_json,
)
from storylens.errors import NotFound, StoreError
from storylens.records import (
    COMPARISON_VERSION,
    AnalysedArticle,
    Article,
    CleanArticle,
    Entity,
    Quote,
    Rejection,
    Span,
    StoryAssignment,
    StoryComparison,
    StoryMember,
    Timex,
    ToneMark,
)
from storylens.store import reads
from storylens.store.database import at_head, create_database_engine, describe_error, migrate
from storylens.store.lock import WaitNotice, WriterLock
from storylens.store.reads import (
    SCORE_COUNT_NAMES,
    STREAM_CHUNK_ROWS,
    ArticleRow,
    DetailRow,
    StoredQuote,
    StoryRow,
    TimexRow,
    ToneRow,
)
from storylens.store.schema import (
    articles,
    comparisons,
    details,
    entities,
    quotes,
    rejections,
    search_documents,
    store_meta,
    store_version,
    stories,
    timexes,
    tone_marks,
)
from storylens.store.segments import decode_segments, encode_segments

# Story titles are cut to this many characters when taken from a first sentence.
MAX_STORY_TITLE_CHARS = 120
# Ids bound in one ``IN (...)`` query: far below SQLite's limit on bound parameters (32,766;
# 999 before SQLite 3.32), so a large story's members are read a few queries at a time.
MAX_IDS_PER_QUERY = 500
# The tables of an article's parts the compare stage reads, by the member field they fill.
MEMBER_TABLES = (
    ("quotes", quotes),
    ("entities", entities),
    ("details", details),
    ("timexes", timexes),
    ("tone", tone_marks),
)


@dataclass(frozen=True)
class StoredArticle:
    """An article ready to be written: the analysis, its story, and its story features."""

    analysed: AnalysedArticle
    assignment: StoryAssignment
    features_json: str | None = None


def text_hash(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _shorten(sentence: str) -> str:
    sentence = sentence.strip()
    if len(sentence) > MAX_STORY_TITLE_CHARS:
        sentence = sentence[: MAX_STORY_TITLE_CHARS - 1].rsplit(" ", 1)[0] + "…"
    return sentence


def _title_for(analysed: AnalysedArticle) -> str | None:
    """A story's title: its founding article's title, else that article's first sentence."""
    if analysed.article.title:
        return analysed.article.title
    if analysed.sentences:
        first = analysed.sentences[0]
        return _shorten(analysed.article.text[first.start : first.end])
    return None


def _article_row(item: StoredArticle, seq: int, now: str) -> dict[str, Any]:
    analysed, assignment = item.analysed, item.assignment
    article = analysed.article
    return {
        "id": article.id,
        "url": article.url,
        "outlet": article.outlet,
        "title": article.title,
        "published": article.published,
        "authors": json.dumps(list(article.authors)),
        "text": article.text,
        "source": article.source,
        "content_hash": text_hash(article.text),
        "boilerplate": json.dumps([[s.start, s.end, s.label] for s in analysed.clean.boilerplate]),
        "model": analysed.model,
        "story_id": assignment.story_id,
        "duplicate_of": assignment.duplicate_of,
        "story_score": assignment.score,
        "story_reasons": json.dumps(list(assignment.reasons)),
        "secondary_story_ids": json.dumps(list(assignment.secondary_story_ids)),
        "features": item.features_json,
        "sentences": json.dumps([[span.start, span.end] for span in analysed.sentences]),
        "input_offsets": json.dumps([list(pair) for pair in analysed.clean.input_offsets]),
        "seq": seq,
        "ingested_at": now,
    }


def _child_rows(analysed: AnalysedArticle) -> dict[Any, list[dict[str, Any]]]:
    """The rows of one article in each table that hangs off it, in their stored order."""
    article_id = analysed.article.id
    return {
        quotes: [
            {
                "article_id": article_id,
                "position": position,
                "text": quote.text,
                "start_char": quote.start,
                "end_char": quote.end,
                "speaker": quote.speaker,
                "speaker_mention": quote.speaker_mention,
                "speaker_start": quote.speaker_start,
                "speaker_end": quote.speaker_end,
                "speaker_type": quote.speaker_type,
                "cue": quote.cue,
                "kind": quote.kind,
                "reported_by": quote.reported_by,
                "act": quote.act,
                "segments": encode_segments(quote.segments),
            }
            for position, quote in enumerate(analysed.quotes)
        ],
        entities: [
            {
                "article_id": article_id,
                "text": e.text,
                "label": e.label,
                "start_char": e.start,
                "end_char": e.end,
            }
            for e in analysed.entities
        ],
        details: [
            {
                "article_id": article_id,
                "kind": kind,
                "text": span.text,
                "value": span.label,
                "start_char": span.start,
                "end_char": span.end,
            }
            for kind, spans in (("date", analysed.dates), ("number", analysed.numbers))
            for span in spans
        ],
        timexes: [
            {
                "article_id": article_id,
                "text": t.text,
                "start_char": t.start,
                "end_char": t.end,
                "value": t.value,
                "timex_type": t.type,
                "anchored": int(t.anchored),
            }
            for t in analysed.timexes
        ],
        tone_marks: [
            {
                "article_id": article_id,
                "text": m.text,
                "start_char": m.start,
                "end_char": m.end,
                "polarity": m.polarity,
                "voice": m.voice,
                "score": m.score,
                "target": m.target,
                "speaker": m.speaker,
            }
            for m in analysed.tone
        ],
    }


class Store:
    """A storylens database at a path or URL, migrated to the current schema on open."""

    def __init__(
        self,
        db: str | Path,
        *,
        create: bool = True,
        on_wait: WaitNotice | None = None,
        read_only: bool = False,
    ) -> None:
        """Open (and migrate) the store; with ``create=False`` a SQLite file that does not
        exist is an error instead of a new empty store (for commands that only read).
        ``on_wait`` hears it when another process holds the lock this one needs.
        ``read_only`` (commands that only read) opens a SQLite file read-only, so a store on
        a read-only disk can be read; such a store is migrated first only when it must be."""
        self.db = str(db)
        is_url = "://" in self.db
        if (read_only or not create) and not is_url and not Path(self.db).expanduser().is_file():
            raise NotFound(
                f"no database at {self.db}: run `storylens analyze INPUT --db {self.db}` first"
            )
        self.engine = create_database_engine(db, read_only=read_only)
        if not read_only:
            migrate(self.engine, on_wait)
        elif not at_head(self.engine):
            writable = create_database_engine(db)
            try:
                migrate(writable, on_wait)
            finally:
                writable.dispose()
        # Held by a writer while it assigns a batch to stories and writes it (store/lock.py).
        self.writer_lock = WriterLock(self.engine, self.db)
        # Reads run without a transaction of their own: no BEGIN and ROLLBACK round trips
        # around each page's few queries. Writes still go through ``engine.begin()``.
        self.reader = self.engine.execution_options(isolation_level="AUTOCOMMIT")

    def close(self) -> None:
        self.writer_lock.close()
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # -- writing -------------------------------------------------------------------------

    def known_hashes(self, article_ids: Sequence[str]) -> dict[str, str]:
        """The content hash of each of these ids that is already stored."""
        if not article_ids:
            return {}
        with self.reader.connect() as connection:
            rows = connection.execute(
                select(articles.c.id, articles.c.content_hash).where(
                    articles.c.id.in_(list(article_ids))
                )
            )
            return {row.id: row.content_hash for row in rows}

    def save_batch(
        self,
        batch: Sequence[StoredArticle],
        rejected: Sequence[Rejection] = (),
        revised: Sequence[StoryAssignment] = (),
    ) -> None:
        """Write a batch of articles with their quotes, entities and details in one transaction."""
        now = _now()
        started = time.monotonic()
        try:
            with self.engine.begin() as connection:
                self._write_batch(connection, batch, rejected, revised, now)
        except SQLAlchemyError as error:
            first = batch[0].analysed.article.source if batch else "rejections"
            raise StoreError(
                f"cannot store the batch starting at {first} in {self.db}; nothing of it was "
                f"kept, earlier batches are safe ({describe_error(error, self.db, started)})"
            ) from error

    def _write_batch(
        self,
        connection: Connection,
        batch: Sequence[StoredArticle],
        rejected: Sequence[Rejection],
        revised: Sequence[StoryAssignment],
        now: str,
    ) -> None:
        next_seq = (connection.scalar(select(func.max(articles.c.seq))) or 0) + 1
        touched = {item.assignment.story_id for item in batch}
        touched |= {a.story_id for a in revised}
        if revised:
            moved = [a.article_id for a in revised]
            touched |= {
                row.story_id
                for row in connection.execute(
                    select(articles.c.story_id).where(articles.c.id.in_(moved))
                )
                if row.story_id
            }
        self._insert_articles(connection, batch, next_seq, now)
        if batch:
            self._index_for_search(connection, batch)
        for assignment in revised:  # earlier articles the story stage re-pointed
            connection.execute(
                update(articles)
                .where(articles.c.id == assignment.article_id)
                .values(
                    story_id=assignment.story_id,
                    duplicate_of=assignment.duplicate_of,
                    story_score=assignment.score,
                    story_reasons=json.dumps(list(assignment.reasons)),
                )
            )
            self._ensure_story(connection, assignment, now)
        for rejection in rejected:
            connection.execute(
                insert(rejections).values(
                    input=rejection.input, reason=rejection.reason, rejected_at=now
                )
            )
        self._refresh_story_counts(connection, touched)
        _bump_version(connection)

    def _refresh_story_counts(self, connection: Connection, story_ids: set[str]) -> None:
        """Each touched story's article and copy counts, dates and latest article, on its row."""
        if not story_ids:
            return
        found = {
            row.story_id: row
            for row in connection.execute(
                select(
                    articles.c.story_id,
                    func.count().label("count"),
                    func.sum(case((articles.c.duplicate_of.is_not(None), 1), else_=0)).label(
                        "copies"
                    ),
                    func.min(articles.c.published).label("first"),
                    func.max(articles.c.published).label("last"),
                    func.max(articles.c.seq).label("seq"),
                )
                .where(articles.c.story_id.in_(sorted(story_ids)))
                .group_by(articles.c.story_id)
            )
        }
        for story_id in story_ids:
            row = found.get(story_id)
            connection.execute(
                update(stories)
                .where(stories.c.id == story_id)
                .values(
                    article_count=row.count if row else 0,
                    duplicate_count=int(row.copies or 0) if row else 0,
                    first_published=row.first if row else None,
                    last_published=row.last if row else None,
                    last_seq=row.seq if row else 0,
                )
            )

    def _insert_articles(
        self, connection: Connection, batch: Sequence[StoredArticle], first_seq: int, now: str
    ) -> None:
        """Insert the batch's articles and their quotes, entities, details, timexes and tone
        marks: one multi-row INSERT per table rather than several statements per article,
        rows in article order (so each table numbers them as it would one by one)."""
        rows: dict[Any, list[dict[str, Any]]] = {
            table: [] for table in (articles, quotes, entities, details, timexes, tone_marks)
        }
        for offset, item in enumerate(batch):
            rows[articles].append(_article_row(item, first_seq + offset, now))
            for table, table_rows in _child_rows(item.analysed).items():
                rows[table].extend(table_rows)
        for table, table_rows in rows.items():
            if table_rows:
                connection.execute(insert(table), table_rows)
        self._touch_stories(connection, batch, now)

    def _index_for_search(self, connection: Connection, batch: Sequence[StoredArticle]) -> None:
        """Add the batch's articles (title and text) and quotes (words and speaker) to the
        full-text index, in the same transaction as the articles themselves."""
        rows: list[dict[str, object]] = []
        for item in batch:
            article = item.analysed.article
            rows.append(
                {
                    "kind": "article",
                    "article_id": article.id,
                    "quote_position": None,
                    "body": f"{article.title or ''} {article.text}",
                }
            )
            rows.extend(
                {
                    "kind": "quote",
                    "article_id": article.id,
                    "quote_position": position,
                    "body": f"{quote.text} {quote.speaker or ''}",
                }
                for position, quote in enumerate(item.analysed.quotes)
            )
        connection.execute(insert(search_documents), rows)
        if connection.dialect.name == "sqlite":
            ids = [item.analysed.article.id for item in batch]
            connection.execute(
                text(
                    "INSERT INTO search_fts(rowid, body) SELECT id, body FROM search_documents "
                    "WHERE article_id IN :ids"
                ).bindparams(bindparam("ids", expanding=True)),
                {"ids": ids},
            )

    def _ensure_story(self, connection: Connection, assignment: StoryAssignment, now: str) -> None:
        """A story that a revision opened (a split) gets its row, titled by the moved article."""
        if connection.scalar(select(stories.c.id).where(stories.c.id == assignment.story_id)):
            return
        row = connection.execute(
            select(articles.c.title, articles.c.text).where(articles.c.id == assignment.article_id)
        ).first()
        if row is None:
            return
        connection.execute(
            insert(stories).values(
                id=assignment.story_id,
                title=row.title or _shorten(row.text.split("\n", 1)[0]),
                founding_article_id=assignment.article_id,
                created_at=now,
                updated_at=now,
            )
        )

    def _touch_stories(
        self, connection: Connection, batch: Sequence[StoredArticle], now: str
    ) -> None:
        """Open a row for each story the batch founds (titled by its first article there) and
        mark the stories it adds to as updated now."""
        story_ids = list(dict.fromkeys(item.assignment.story_id for item in batch))
        if not story_ids:
            return
        existing = set(connection.scalars(select(stories.c.id).where(stories.c.id.in_(story_ids))))
        founded: dict[str, AnalysedArticle] = {}
        for item in batch:
            story_id = item.assignment.story_id
            if story_id not in existing:
                founded.setdefault(story_id, item.analysed)
        if existing:
            connection.execute(
                update(stories).where(stories.c.id.in_(sorted(existing))).values(updated_at=now)
            )
        if founded:
            connection.execute(
                insert(stories),
                [
                    {
                        "id": story_id,
                        "title": _title_for(analysed),
                        "founding_article_id": analysed.id,
                        "created_at": now,
                        "updated_at": now,
                    }
                    for story_id, analysed in founded.items()
                ],
            )

    # -- reading -------------------------------------------------------------------------

    def story_state(self) -> Iterator[tuple[str, StoryAssignment]]:
        """Stored story features and assignments, in the order articles were added."""
        query = (
            select(
                articles.c.id,
                articles.c.features,
                articles.c.story_id,
                articles.c.duplicate_of,
                articles.c.story_score,
                articles.c.story_reasons,
                articles.c.secondary_story_ids,
            )
            .where(articles.c.features.is_not(None))
            .order_by(articles.c.seq)
        )
        with self.engine.connect() as connection:
            result = connection.execution_options(yield_per=STREAM_CHUNK_ROWS).execute(query)
            for row in result:
                yield (
                    row.features,
                    StoryAssignment(
                        article_id=row.id,
                        story_id=row.story_id,
                        score=row.story_score or 0.0,
                        new_story=False,
                        duplicate_of=row.duplicate_of,
                        reasons=tuple(json.loads(row.story_reasons)),
                        secondary_story_ids=tuple(json.loads(row.secondary_story_ids)),
                    ),
                )

    def count_stories(self) -> int:
        """Stories that hold at least one article (a split can empty one)."""
        with self.reader.connect() as connection:
            query = select(func.count()).select_from(stories).where(stories.c.article_count > 0)
            return connection.scalar(query) or 0

    def count_articles(self) -> int:
        with self.reader.connect() as connection:
            return connection.scalar(select(func.count()).select_from(articles)) or 0

    def story_summaries(
        self, story_id: str | None = None, limit: int | None = None
    ) -> list[StoryRow]:
        """Every story (or the one asked for, or the first ``limit``): ``reads.story_summaries``."""
        return reads.story_summaries(self.reader, story_id, limit)

    def story_summary(self, story_id: str) -> StoryRow:
        for summary in self.story_summaries(story_id):
            return summary
        raise NotFound(f"no story {story_id!r} in {self.db}: list them with `storylens stories`")

    def article_rows(self, story_id: str | None = None) -> Iterator[ArticleRow]:
        """Every article (streamed, in a transaction of its own), or one story's."""
        return reads.article_rows(self.engine if story_id is None else self.reader, story_id)

    def quote_rows(self, article_ids: Iterable[str] | None = None) -> Iterator[StoredQuote]:
        """Every quote (streamed), or those of these articles."""
        return reads.quote_rows(self.engine if article_ids is None else self.reader, article_ids)

    def detail_rows(self, article_ids: Iterable[str]) -> list[DetailRow]:
        return reads.detail_rows(self.reader, article_ids)

    def build_record(self) -> dict[str, str]:
        """What the store was last built with (``store/build.py``); empty for a new store."""
        with self.reader.connect() as connection:
            return {row.key: row.value for row in connection.execute(select(store_meta))}

    def record_build(self, record: dict[str, str]) -> None:
        """Keep ``record`` as what the store is built with, replacing the one before."""
        try:
            with self.engine.begin() as connection:
                connection.execute(delete(store_meta))
                if record:
                    connection.execute(
                        insert(store_meta), [{"key": k, "value": v} for k, v in record.items()]
                    )
        except SQLAlchemyError as error:
            raise StoreError(
                f"cannot record what the store is built with ({describe_error(error, self.db)})"
            ) from error

    def data_version(self) -> int:
        """A number that changes whenever anything is written (see ``schema.store_version``)."""
        with self.reader.connect() as connection:
            return int(connection.scalar(select(store_version.c.version)) or 0)

    def story_ids_of(self, article_ids: Sequence[str]) -> set[str]:
        """The stories these stored articles are in now."""
        if not article_ids:
            return set()
        with self.reader.connect() as connection:
            rows = connection.execute(
                select(articles.c.story_id).where(articles.c.id.in_(list(article_ids)))
            )
            return {row.story_id for row in rows if row.story_id}

    def story_members(self, story_id: str) -> list[StoryMember]:
        """The story's articles as the compare stage reads them, in stored order."""
        return self.members_of_stories([story_id])[0][1]

    def members_of_stories(self, story_ids: Sequence[str]) -> list[tuple[str, list[StoryMember]]]:
        """Each story's articles as ``story_members`` reads them, in the order of
        ``story_ids``: one query per table for them all (the stories a batch touched are
        compared together), not one per table and story."""
        by_story: dict[str, list[Any]] = {story_id: [] for story_id in story_ids}
        with self.reader.connect() as connection:
            for part in _chunks(list(by_story), MAX_IDS_PER_QUERY):
                query = select(articles).where(articles.c.story_id.in_(part))
                for row in connection.execute(query.order_by(articles.c.seq)).mappings():
                    by_story[row["story_id"]].append(row)
            ids = [row["id"] for rows in by_story.values() for row in rows]
            children = {name: _grouped(connection, table, ids) for name, table in MEMBER_TABLES}
        return [
            (
                story_id,
                [
                    _member(row, {k: v.get(row["id"], []) for k, v in children.items()})
                    for row in rows
                ],
            )
            for story_id, rows in by_story.items()
        ]

    def save_comparisons(
        self, computed: Sequence[StoryComparison], emptied: Iterable[str] = ()
    ) -> None:
        """Store (replace) these stories' comparisons, and drop those of emptied stories."""
        now = _now()
        try:
            with self.engine.begin() as connection:
                story_ids = [c.story_id for c in computed] + list(emptied)
                if story_ids:
                    connection.execute(
                        delete(comparisons).where(comparisons.c.story_id.in_(story_ids))
                    )
                _bump_version(connection)
                for comparison in computed:
                    connection.execute(
                        insert(comparisons).values(
                            story_id=comparison.story_id,
                            version=comparison.version,
                            article_ids=json.dumps(list(comparison.article_ids)),
                            body=comparison_to_json(comparison),
                            computed_at=now,
                            summary=comparison.summary[0].text if comparison.summary else None,
                            **_score_counts(comparison),
                        )
                    )
        except SQLAlchemyError as error:
            raise StoreError(
                f"cannot store story comparisons in {self.db} ({describe_error(error, self.db)})"
            ) from error

    def stored_comparison(
        self, story_id: str, matches_wanted: MatchesWanted | None = None
    ) -> StoryComparison | None:
        """The stored comparison of a story, or None when there is none of this version;
        ``matches_wanted`` as ``comparison_from_json`` takes it."""
        body = self._comparison_body(story_id)
        return None if body is None else comparison_from_json(body, matches_wanted)

    def _comparison_body(self, story_id: str) -> str | None:
        """The JSON of a story's stored comparison of this version, or None."""
        with self.reader.connect() as connection:
            row = connection.execute(
                select(comparisons.c.version, comparisons.c.body).where(
                    comparisons.c.story_id == story_id
                )
            ).first()
        if row is None or row.version != COMPARISON_VERSION:
            return None
        body: str = row.body
        return body

    def comparison_story_ids(self) -> dict[str, tuple[str, ...]]:
        """Each story with a current comparison -> the article ids it was computed from."""
        with self.reader.connect() as connection:
            rows = connection.execute(
                select(comparisons.c.story_id, comparisons.c.article_ids).where(
                    comparisons.c.version == COMPARISON_VERSION
                )
            )
            return {row.story_id: tuple(json.loads(row.article_ids)) for row in rows}

    def timex_rows(self) -> Iterator[TimexRow]:
        return reads.timex_rows(self.engine)

    def tone_rows(self) -> Iterator[ToneRow]:
        return reads.tone_rows(self.engine)

    def rejection_rows(self) -> list[dict[str, Any]]:
        with self.reader.connect() as connection:
            return [dict(r) for r in connection.execute(select(rejections)).mappings()]


def _score_counts(comparison: StoryComparison) -> dict[str, int]:
    """The scorecard's counts stored beside a comparison, by column (``SCORE_COUNT_NAMES``)."""
    card = scorecard(comparison)
    return {name: card.count(name) for name in SCORE_COUNT_NAMES}


def _bump_version(connection: Connection) -> None:
    connection.execute(
        update(store_version)
        .where(store_version.c.id == 1)
        .values(version=store_version.c.version + 1)
    )


def _chunks(items: list[str], size: int) -> Iterator[list[str]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _grouped(connection: Connection, table: Any, article_ids: list[str]) -> dict[str, list[Any]]:
    """The table's rows of these articles, by article, each article's in ``id`` order."""
    grouped: dict[str, list[Any]] = {}
    for part in _chunks(article_ids, MAX_IDS_PER_QUERY):
        query = select(table).where(table.c.article_id.in_(part)).order_by(table.c.id)
        for row in connection.execute(query).mappings():
            grouped.setdefault(row["article_id"], []).append(row)
    return grouped


def _member(row: Any, children: dict[str, list[Any]]) -> StoryMember:
    """A stored article rebuilt as the records the compare stage reads."""
    article = Article(
        id=row["id"],
        text=row["text"],
        title=row["title"],
        url=row["url"],
        outlet=row["outlet"],
        published=row["published"],
        authors=tuple(json.loads(row["authors"] or "[]")),
        source=row["source"],
    )
    clean = CleanArticle(
        article=article,
        boilerplate=tuple(
            Span(start, end, reason) for start, end, reason in json.loads(row["boilerplate"])
        ),
        input_offsets=tuple(
            (int(stored), int(shift)) for stored, shift in json.loads(row["input_offsets"] or "[]")
        ),
    )
    analysed = AnalysedArticle(
        clean=clean,
        sentences=tuple(
            Span(start, end, "sentence") for start, end in json.loads(row["sentences"] or "[]")
        ),
        entities=tuple(
            Entity(e["text"], e["label"], e["start_char"], e["end_char"])
            for e in children["entities"]
        ),
        dates=tuple(
            Span(d["start_char"], d["end_char"], d["value"], d["text"])
            for d in children["details"]
            if d["kind"] == "date"
        ),
        numbers=tuple(
            Span(d["start_char"], d["end_char"], d["value"], d["text"])
            for d in children["details"]
            if d["kind"] == "number"
        ),
        quotes=tuple(
            Quote(
                text=q["text"],
                start=q["start_char"],
                end=q["end_char"],
                speaker=q["speaker"],
                speaker_mention=q["speaker_mention"],
                speaker_start=q["speaker_start"],
                speaker_end=q["speaker_end"],
                speaker_type=q["speaker_type"],
                cue=q["cue"],
                kind=q["kind"],
                reported_by=q["reported_by"],
                act=q["act"],
                segments=decode_segments(q["segments"]),
            )
            for q in sorted(children["quotes"], key=lambda q: q["position"])
        ),
        timexes=tuple(
            Timex(
                t["start_char"],
                t["end_char"],
                t["text"],
                t["value"],
                t["timex_type"],
                bool(t["anchored"]),
            )
            for t in children["timexes"]
        ),
        tone=tuple(
            ToneMark(
                m["start_char"],
                m["end_char"],
                m["text"],
                m["polarity"],
                m["voice"],
                m["score"],
                m["target"],
                m["speaker"],
            )
            for m in children["tone"]
        ),
        model=row["model"],
    )
    return StoryMember(analysed=analysed, duplicate_of=row["duplicate_of"], seq=row["seq"])
