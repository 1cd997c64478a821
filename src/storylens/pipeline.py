"""The whole job: inputs -> articles -> clean -> analyse -> stories -> store, batch by batch.

Each batch is analysed, placed into stories and written in one transaction before the next is
read, so memory stays flat and a crash loses at most the batch in flight.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace
from itertools import chain, islice
from pathlib import Path
from typing import Any, BinaryIO, TextIO

from storylens.analyse.article import model_label
from storylens.analyse.nlp import load_pipeline, pipeline_label, settle_collector
from storylens.analyse.workers import (
    DEFAULT_PARALLEL_FROM_ARTICLES,
    Analyser,
    LocalAnalyser,
    ProcessAnalyser,
    default_workers,
)
from storylens.clean import repair_text
from storylens.compare import compare_story
from storylens.ingest import iter_inputs
from storylens.ingest.feeds import count_feed_entries
from storylens.ingest.frontmatter import run_metadata
from storylens.ingest.limits import MAX_FILE_BYTES
from storylens.ingest.sources import (
    FEED_SUFFIXES,
    JSON_LINES_SUFFIXES,
    JSON_SUFFIXES,
    WARC_SUFFIXES,
    input_suffix,
    walk_folder,
)
from storylens.records import (
    AnalysedArticle,
    Article,
    Rejection,
    StoryAssignment,
    StoryComparison,
    StoryMember,
)
from storylens.store import Store, StoredArticle
from storylens.store.build import Build, build_notes
from storylens.store.lock import WaitNotice
from storylens.store.store import text_hash
from storylens.stories import ArticleFeatures, StoryClusterer, StorySettings, extract_features
from storylens.stories.embeddings import ArticleEncoder

logger = logging.getLogger(__name__)

# Articles per transaction: one spaCy batch, one commit. Small enough that a crash loses little.
DEFAULT_PIPELINE_BATCH = 64
# ``analyze`` compares the stories its batches touched once this many articles are stored
# since the last time, and at the end, rather than after every batch: a story that grows over
# many batches is compared a few times, not at each one. A comparison not yet made when a
# run is cut short is made when the story is read (``views.story_comparison``).
COMPARE_EVERY_ARTICLES = 512
# Most members one comparison task on a worker holds (a larger story goes alone). The stories
# a round touched are dealt out largest first in tasks of about this many articles, each
# taken by whichever worker is free, so the workers end a round together, and each task's
# comparisons are saved as it comes back while the rest are still compared (issue #22: two
# fixed halves left one worker idle for a second or more at the end of a run).
COMPARE_TASK_ARTICLES = 48
# Bytes of JSON Lines counted up front for the progress total: lines are counted at about
# 200 MB/s, so this much holds the start up for about a second; beyond it the progress shows
# no total instead.
MAX_COUNTED_BYTES = 256 * 1024 * 1024


@dataclass
class AnalyzeSummary:
    """What one run of ``analyze`` (or one batch of it) did, for the command line and tests."""

    stored: int = 0
    already_stored: int = 0
    duplicates: int = 0  # syndicated or copied articles linked to an original
    new_stories: int = 0
    rejected: list[Rejection] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.rejected

    @property
    def processed(self) -> int:
        """Records dealt with, whatever became of them (what the progress bar counts)."""
        return self.stored + self.already_stored + len(self.rejected)

    def add(self, other: AnalyzeSummary) -> None:
        self.stored += other.stored
        self.already_stored += other.already_stored
        self.duplicates += other.duplicates
        self.new_stories += other.new_stories
        self.rejected.extend(other.rejected)


@dataclass
class _Prepared:
    """A batch read and sorted before analysis: its fresh articles, what was refused."""

    summary: AnalyzeSummary
    rejected: list[Rejection]
    fresh: list[Article]


def _batches(
    items: Iterable[Article | Rejection], size: int
) -> Iterator[list[Article | Rejection]]:
    iterator = iter(items)
    while batch := list(islice(iterator, size)):
        yield batch


class PipelineRun:
    """One writer's run over a store: batch after batch, analyse, place into stories, write.

    Analysis runs outside the store's writer lock, so two runs analyse in parallel; placing a
    batch into stories and writing it happen under the lock (``store/lock.py``), against a
    clusterer reloaded from the store whenever another writer wrote since this one last did.
    ``analyze`` and ``watch`` both drive one of these.
    """

    def __init__(
        self,
        store: Store,
        *,
        model: str | None = None,
        embeddings: bool = False,
        analyser: Analyser | None = None,
        on_wait: WaitNotice | None = None,
        on_note: Callable[[str], None] | None = None,
        settings: StorySettings | None = None,
    ) -> None:
        self.store = store
        self.analyser = analyser or LocalAnalyser(model)
        # Read here to fail early, before any input is read, when the model is missing. Only
        # a run that analyses in this process loads it; elsewhere its meta is enough.
        if isinstance(self.analyser, LocalAnalyser):
            label = model_label(load_pipeline(model))
        else:
            label = pipeline_label(model)
            settle_collector()
        self.build = Build(label, settings or StorySettings())
        self.on_note = on_note
        self._build_checked = False
        self.encoder = ArticleEncoder() if embeddings else None
        self.on_wait = on_wait
        self._clusterer: StoryClusterer | None = None
        self._version_written: int | None = None  # the store's version after our last write
        self._seen_in_run: dict[str, tuple[str, str]] = {}  # id -> (text hash, input)
        self._comparisons: _WorkerComparisons | None = None
        # Stories touched since they were last compared, when ``run_batches`` defers that.
        self._to_compare: set[str] | None = None
        self._stored_since_compare = 0

    def run_batch(self, batch: Sequence[Article | Rejection]) -> AnalyzeSummary:
        """Analyse, place and store one batch in one transaction; what became of it."""
        prepared = self._prepare(batch)
        return self._finish(prepared, self.analyser(prepared.fresh))

    def run_batches(
        self, batches: Iterable[Sequence[Article | Rejection]]
    ) -> Iterator[AnalyzeSummary]:
        """``run_batch`` on each batch in turn. On worker processes the next batches are
        analysed while this one is placed and written, and the comparisons of the stories a
        batch touched are computed on the workers after it is stored (the writer saves them
        as they come back, each story's latest only)."""
        analyser = self.analyser
        self._to_compare, self._stored_since_compare = set(), 0
        try:
            if not isinstance(analyser, ProcessAnalyser):
                for batch in batches:
                    yield self.run_batch(batch)
            else:
                if self.encoder is None:  # the sentence encoder lives in this process
                    self._comparisons = _WorkerComparisons(self, analyser.submit, analyser.workers)
                jobs = ((prepared, prepared.fresh) for prepared in map(self._prepare, batches))
                for prepared, result in analyser.stream(jobs):
                    yield self._finish(prepared, result)
                    if self._comparisons:
                        self._comparisons.save(wait=False)
            with self.store.writer_lock.hold(self.on_wait):
                before = self.store.data_version()
                self._compare_touched()
                if before == self._version_written:  # no other writer since: no reload
                    self._version_written = self.store.data_version()
            if self._comparisons:
                self._comparisons.save(wait=True)
        finally:
            self._comparisons = None
            self._to_compare = None

    def _prepare(self, batch: Sequence[Article | Rejection]) -> _Prepared:
        summary = AnalyzeSummary()
        rejected = [item for item in batch if isinstance(item, Rejection)]
        fresh = _new_articles(
            [item for item in batch if isinstance(item, Article)],
            self.store,
            self._seen_in_run,
            summary,
            rejected,
        )
        return _Prepared(summary, rejected, fresh)

    def _finish(
        self, prepared: _Prepared, result: tuple[list[AnalysedArticle], list[Rejection]]
    ) -> AnalyzeSummary:
        analysed, failed = result
        summary, rejected = prepared.summary, prepared.rejected
        rejected.extend(failed)
        with self.store.writer_lock.hold(self.on_wait):
            if not self._build_checked:
                self._check_build()
            try:
                self._place_and_write(analysed, summary, rejected)
            except BaseException:
                # Whatever the clusterer took from this batch was not stored: forget it.
                self._clusterer = None
                raise
        summary.rejected.extend(rejected)
        return summary

    def _place_and_write(
        self, analysed: list[AnalysedArticle], summary: AnalyzeSummary, rejected: list[Rejection]
    ) -> None:
        store = self.store
        clusterer = self._current_clusterer()
        analysed = _not_stored_meanwhile(analysed, store, summary, rejected)
        stories_before = store.count_stories()
        stored: list[StoredArticle] = []
        encoder = self.encoder
        vectors = encoder.embed(analysed) if encoder else [None] * len(analysed)
        for item, vector in zip(analysed, vectors, strict=True):
            features = extract_features(item)
            if vector is not None:
                features = replace(features, dense=vector)
            assignment = clusterer.add(features)
            logger.debug(
                "%s -> %s (%s)", item.id, assignment.story_id, "; ".join(assignment.reasons[:1])
            )
            summary.duplicates += assignment.duplicate_of is not None
            stored.append(StoredArticle(item, assignment, features.to_json()))
        revised = clusterer.take_revisions()
        left = store.story_ids_of([r.article_id for r in revised])  # stories that lost members
        store.save_batch(stored, rejected, revised=revised)
        touched = left | {s.assignment.story_id for s in stored} | {r.story_id for r in revised}
        if self._to_compare is None:
            compare_stories(store, touched, encoder.embed_texts if encoder else None)
        else:
            self._to_compare |= touched
            self._stored_since_compare += len(stored)
            if self._stored_since_compare >= COMPARE_EVERY_ARTICLES:
                self._compare_touched()
        # Counted in the store under the lock, so that stories a split opens count too and
        # another writer's never do.
        summary.new_stories = max(0, store.count_stories() - stories_before)
        summary.stored = len(stored)
        self._version_written = store.data_version()
        logger.info(
            "batch: %d stored, %d revised by later articles, %d stories compared, %d rejected",
            len(stored),
            len(revised),
            len(touched),
            len(rejected),
        )

    def _compare_touched(self) -> None:
        """Compare the stories touched since last time, here or on the workers (called
        under the writer lock, after the batches that touched them are stored)."""
        story_ids, self._to_compare = self._to_compare or set(), set()
        self._stored_since_compare = 0
        if self._comparisons is not None:
            self._comparisons.submit(story_ids)
        elif story_ids:
            encoder = self.encoder
            compare_stories(self.store, story_ids, encoder.embed_texts if encoder else None)

    def _check_build(self) -> None:
        """Compare the store's build record with this run's before the first write: refuse
        features from a newer storylens, say what else differs, then keep this run's."""
        for note in build_notes(self.store.build_record(), self.build):
            if self.on_note:
                self.on_note(note)
        self.store.record_build(self.build.as_record())
        self._build_checked = True

    def _current_clusterer(self) -> StoryClusterer:
        """The clusterer as the store stands now: restored again when another writer wrote
        since our last batch (its stories, and any split that moved earlier articles)."""
        if self._clusterer is None or self.store.data_version() != self._version_written:
            clusterer = StoryClusterer(self.build.story_settings)
            clusterer.restore(_stored_state(self.store))
            logger.info("story state read from the store: %d articles", len(clusterer))
            self._clusterer = clusterer
        return self._clusterer


class _WorkerComparisons:
    """The comparisons of the stories each stored batch touched, computed on worker processes.

    Members are read by the writer right after its commit, so each comparison sees the story
    as that batch left it; when it comes back it is saved only if no later batch touched the
    story (that one's comparison is newer). A dead worker's comparisons are computed here.
    """

    def __init__(
        self, run: PipelineRun, submit: Callable[..., Future[ComparedStories]], workers: int
    ) -> None:
        self.run = run
        self.submit_task = submit
        self.workers = workers
        self.pending: deque[tuple[int, list[tuple[str, list[StoryMember]]], Future[Any]]] = deque()
        self.latest: dict[str, int] = {}  # story id -> the last batch that touched it
        self.batches = 0

    def submit(self, story_ids: Iterable[str]) -> None:
        """Called under the writer lock, after the batch is stored."""
        self.batches += 1
        store = self.run.store
        members = store.members_of_stories(sorted(story_ids))
        if not members:
            return
        for story_id, _ in members:
            self.latest[story_id] = self.batches
        for share in compare_tasks(members, COMPARE_TASK_ARTICLES):
            self.pending.append((self.batches, share, self.submit_task(compare_members, share)))

    def save(self, *, wait: bool) -> None:
        """Save the comparisons that came back; with ``wait``, all of them, the tasks already
        back saved while the others are still being compared."""
        while self.pending and (wait or self.pending[0][2].done()):
            tasks = [self.pending.popleft()]
            while self.pending and self.pending[0][2].done():
                tasks.append(self.pending.popleft())
            self._save(tasks)

    def _save(
        self, tasks: list[tuple[int, list[tuple[str, list[StoryMember]]], Future[Any]]]
    ) -> None:
        computed: list[StoryComparison] = []
        emptied: list[str] = []
        for batch, members, future in tasks:
            try:
                done, gone = future.result()
            except BrokenProcessPool:
                done, gone = compare_members(members)
            computed += [c for c in done if self.latest[c.story_id] == batch]
            emptied += [story_id for story_id in gone if self.latest[story_id] == batch]
        if not computed and not emptied:
            return
        run, store = self.run, self.run.store
        with store.writer_lock.hold(run.on_wait):
            before = store.data_version()
            store.save_comparisons(computed, emptied)
            if before == run._version_written:  # no other writer since: no reload needed
                run._version_written = store.data_version()


def compare_tasks(
    stories: list[tuple[str, list[StoryMember]]], articles_per_task: int
) -> list[list[tuple[str, list[StoryMember]]]]:
    """The stories dealt into tasks, largest first: consecutive stories up to about
    ``articles_per_task`` members a task (a larger story alone), so the long comparisons
    start first and the short ones fill in at the end."""
    ordered = sorted(stories, key=lambda item: -len(item[1]))  # stable: ties in id order
    tasks: list[list[tuple[str, list[StoryMember]]]] = []
    size = 0
    for story in ordered:
        if not tasks or size + len(story[1]) > articles_per_task:
            tasks.append([])
            size = 0
        tasks[-1].append(story)
        size += len(story[1])
    return tasks


def analyze(
    inputs: Iterable[str],
    store: Store,
    *,
    model: str | None = None,
    batch_size: int = DEFAULT_PIPELINE_BATCH,
    stdin: TextIO | None = None,
    on_batch: Callable[[AnalyzeSummary], None] | None = None,
    embeddings: bool = False,
    analyser: Analyser | None = None,
    on_wait: WaitNotice | None = None,
    url_lists: Iterable[str] = (),
    on_note: Callable[[str], None] | None = None,
    settings: StorySettings | None = None,
    outlet: str | None = None,
    published: str | None = None,
    workers: int | None = None,
    on_problem: Callable[[str], None] | None = None,
) -> AnalyzeSummary:
    """Run the full pipeline over ``inputs`` and store the results in ``store``.

    With ``embeddings``, each article also gets a dense sentence embedding that the story
    stage scores beside words and names (needs ``pip install 'storylens[embeddings]'``).
    ``analyser`` says where analysis runs (default: this process; see ``analyse.workers``).
    ``on_wait`` hears it (one line) when another writer holds the store's lock.
    ``url_lists`` are files of URLs (``--urls``), fetched after the other inputs.
    ``on_note`` hears (one line each) how this run differs from what the store was built with.
    ``settings`` are the story stage's (default: the calibrated ones).
    ``outlet`` and ``published`` are set on every article of this run's inputs.
    ``workers`` is how many local processes analyse when no ``analyser`` is given: by default
    every core once the inputs hold ``DEFAULT_PARALLEL_FROM_ARTICLES`` records, else (and for
    stdin) this process alone; ``on_problem`` hears (one line each) when a worker process dies.
    """
    summary = AnalyzeSummary()
    inputs = list(inputs)
    records: Iterable[Article | Rejection] = iter_inputs(inputs, stdin=stdin, url_lists=url_lists)
    if outlet or published:
        records = run_metadata(records, outlet=outlet, published=published)
    pool = None
    if analyser is None:
        # Reading ahead would hold back a stream on stdin, whose batches are stored as they come.
        records, processes = _processes_for(records, 1 if "-" in inputs else workers)
        if processes > 1:
            # Started first: the workers load the model while this process starts the run.
            pool = analyser = ProcessAnalyser(model, workers=processes, on_problem=on_problem)
    try:
        run = PipelineRun(
            store,
            model=model,
            embeddings=embeddings,
            analyser=analyser,
            on_wait=on_wait,
            on_note=on_note,
            settings=settings,
        )
        for batch_summary in run.run_batches(_batches(records, batch_size)):
            summary.add(batch_summary)
            if on_batch:
                on_batch(summary)
    finally:
        if pool is not None:
            pool.close()
    return summary


def _processes_for(
    records: Iterable[Article | Rejection], workers: int | None
) -> tuple[Iterable[Article | Rejection], int]:
    """How many processes analyse: ``workers`` when given; by default every core when the
    inputs hold enough records to pay for starting them (read ahead that far to know)."""
    if workers is not None:
        return records, workers
    cores = default_workers()
    if cores < 2:
        return records, 1
    iterator = iter(records)
    head = list(islice(iterator, DEFAULT_PARALLEL_FROM_ARTICLES))
    enough = len(head) >= DEFAULT_PARALLEL_FROM_ARTICLES
    return chain(head, iterator), cores if enough else 1


def count_records(inputs: Iterable[str]) -> int | None:
    """How many records the inputs hold, counted cheaply, or None when that is not known up
    front (stdin, feeds, web archives, compressed or very large JSON Lines, a JSON list).

    Folders are walked as ``ingest`` walks them; each entry that is not a file counts one (its
    rejection). A JSON Lines file counts its non-empty lines.
    """
    total, budget = 0, MAX_COUNTED_BYTES
    for raw in inputs:
        if raw == "-":
            return None
        if raw.startswith(("http://", "https://")):
            total += 1  # a page; a feed URL has entries that only the fetch shows
            if raw.lower().rstrip("/").endswith(FEED_SUFFIXES):
                return None
            continue
        path = Path(raw)
        if not path.is_dir():
            paths: list[Path | Rejection] = [path]
        else:
            paths = list(walk_folder(path))
        for item in paths:
            count = 1 if isinstance(item, Rejection) else _records_in(item, budget)
            if count is None:
                return None
            if not isinstance(item, Rejection) and input_suffix(item) in JSON_LINES_SUFFIXES:
                budget -= _size(item)
            total += count
    return total


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _records_in(path: Path, budget: int) -> int | None:
    suffix = input_suffix(path)
    if suffix in FEED_SUFFIXES and path.is_file():
        if _size(path) > MAX_FILE_BYTES:
            return 1  # its rejection
        try:
            entries = count_feed_entries(path.read_bytes())
        except OSError:
            return 1  # its rejection
        return None if entries is None else max(entries, 1)  # no entry: its rejection
    if suffix in FEED_SUFFIXES + WARC_SUFFIXES or suffix.endswith(".gz"):
        return None
    if suffix in JSON_SUFFIXES:
        try:
            with path.open("rb") as handle:
                start = handle.read(64).lstrip(b"\xef\xbb\xbf \t\r\n")
        except OSError:
            return 1  # its rejection
        return None if start.startswith(b"[") else 1
    if suffix not in JSON_LINES_SUFFIXES or not path.is_file():
        return 1  # one article, or one rejection
    if _size(path) > budget:
        return None
    try:
        with path.open("rb") as handle:
            return non_empty_lines(handle)
    except OSError:
        return 1


# Bytes read at a time while counting: a file that is one 200 MB line is never held whole.
COUNT_CHUNK_BYTES = 1 << 20


def non_empty_lines(handle: BinaryIO, chunk_bytes: int = COUNT_CHUNK_BYTES) -> int:
    """Lines that hold more than white space, read a chunk at a time."""
    count, line_has_text = 0, False
    while chunk := handle.read(chunk_bytes):
        *ended, rest = chunk.split(b"\n")
        for piece in ended:
            count += line_has_text or bool(piece.strip())
            line_has_text = False
        line_has_text = line_has_text or bool(rest.strip())
    return count + line_has_text


def compare_stories(
    store: Store,
    story_ids: Iterable[str],
    dense: Callable[[Sequence[str]], Any] | None = None,
) -> int:
    """Recompute and store the comparison of each of these stories (only these: a batch
    touches a few stories, and the others' comparisons still hold). ``dense`` embeds claims
    where the embeddings extra is in use. Returns how many were computed."""
    members = store.members_of_stories(sorted(set(story_ids)))
    computed, emptied = compare_members(members, dense)
    store.save_comparisons(computed, emptied)
    return len(computed)


ComparedStories = tuple[list[StoryComparison], list[str]]


def compare_members(
    stories: Sequence[tuple[str, Sequence[StoryMember]]],
    dense: Callable[[Sequence[str]], Any] | None = None,
) -> ComparedStories:
    """Each story's comparison from its members, and the ids of the stories left empty (a
    plain function of records: it also runs on a worker process)."""
    computed, emptied = [], []
    for story_id, members in stories:
        if members:
            computed.append(compare_story(story_id, members, dense))
        else:
            emptied.append(story_id)
    return computed, emptied


def _stored_state(store: Store) -> Iterator[tuple[ArticleFeatures, StoryAssignment]]:
    for features_json, assignment in store.story_state():
        yield ArticleFeatures.from_json(features_json), assignment


def _not_stored_meanwhile(
    analysed: list[AnalysedArticle],
    store: Store,
    summary: AnalyzeSummary,
    rejected: list[Rejection],
) -> list[AnalysedArticle]:
    """Drop the articles that another writer stored while this batch was being analysed:
    the same text counts as already stored, other text under the id is refused (the stored
    one is kept), as for articles stored before the run began."""
    known = store.known_hashes([item.article.id for item in analysed])
    if not known:
        return analysed
    kept = []
    for item in analysed:
        stored_hash = known.get(item.article.id)
        if stored_hash is None:
            kept.append(item)
        elif stored_hash == text_hash(item.article.text):
            summary.already_stored += 1
        else:
            rejected.append(
                Rejection(
                    item.article.source or item.article.id,
                    f"id {item.article.id!r} was stored meanwhile by another writer with "
                    "different text; give this article another id (the stored one is kept)",
                )
            )
    return kept


def _new_articles(
    articles: list[Article],
    store: Store,
    seen_in_run: dict[str, tuple[str, str]],
    summary: AnalyzeSummary,
    rejected: list[Rejection],
) -> list[Article]:
    """Drop articles already stored (same id, same text); refuse an id reused for other text,
    whether stored by an earlier run or met earlier in this one (never a silent drop)."""
    known = store.known_hashes([a.id for a in articles])
    fresh = []
    for article in articles:
        source = article.source or article.id
        text_digest = text_hash(repair_text(article.text))
        stored_hash = known.get(article.id)
        earlier = seen_in_run.get(article.id)
        if earlier is not None:
            earlier_hash, earlier_source = earlier
            if earlier_hash == text_digest:
                summary.already_stored += 1
            else:
                rejected.append(
                    Rejection(
                        source,
                        f"id {article.id!r} is already used in this run by {earlier_source} "
                        "with different text; give this article another id (the first one "
                        "is kept)",
                    )
                )
            continue
        if stored_hash == text_digest:
            summary.already_stored += 1
        elif stored_hash is not None:
            rejected.append(
                Rejection(
                    source,
                    f"id {article.id!r} is already stored with different text; give this "
                    "article another id (the stored one is kept)",
                )
            )
            continue
        else:
            fresh.append(article)
        seen_in_run[article.id] = (text_digest, source)
    return fresh
