"""Scale benchmark: story clustering, store writes and the web side on 10k-100k articles.

    .venv/bin/python bench/scale.py cluster [--sizes 10000,100000] [--seed 0]
    .venv/bin/python bench/scale.py store [--sizes 10000,100000] [--db sqlite,postgresql]
    .venv/bin/python bench/scale.py web [--articles 100000] [--db sqlite] [--store PATH]
    .venv/bin/python bench/scale.py pages --store PATH

``pages``: each page's reads (``views.py``) in process on a store ``web --store`` built:
CPU and wall milliseconds per call, with no HTTP and no concurrency in the figure.

``cluster``: the online story clusterer on a stream of synthetic ``ArticleFeatures`` (the
analyse stage is not part of this figure): events with their own people (one or two of whom
the leads are about), places, numbers and topic words, drawn from a Zipf-shaped vocabulary so
that common words are shared across events as in real news, published over a year with a few
days of spread inside an event; a share of articles are syndicated copies (a signature equal
to the original's up to a few permutations). Each size runs in a fresh subprocess so that its
peak RSS is its own. Printed: CPU and wall time per 1,000 articles as the clusterer grows
(the cost per article should stay flat), the peak RSS, the stories the clusterer holds and
those that left its time window, and the B-cubed F1 of the stories against the events the
stream was drawn from (the stories as the store would hold them: each ``add``'s assignment,
replaced by the revisions ``take_revisions`` returns after it, as ``analyze`` does).

``store``: the write rate of ``Store.save_batch`` (batches of 64, as ``analyze`` commits
them) on a fresh SQLite file and a fresh PostgreSQL database (created and dropped here, at
``STORYLENS_TEST_POSTGRES``), with synthetic bodies of about 500 words, their names, a quote,
dates and story features, per 1,000 articles as the store grows.

``web``: ``bench/web_load.py`` at the size asked (20 clients on loopback against
``storylens serve``; the list, story, search and person pages and the JSON API).

The machine these run on may be shared: every figure is printed with the load average at
the time (``uptime``), and CPU time (this process's user+sys) beside the wall time.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from datetime import date, timedelta
from pathlib import Path

from _postgres import fresh_database
from storylens.records import (
    AnalysedArticle,
    Article,
    CleanArticle,
    Entity,
    Quote,
    Span,
    StoryAssignment,
    Timex,
)
from storylens.stories import ArticleFeatures, MinHashParams, Signature, StoryClusterer

DEFAULT_SIZES = (10_000, 100_000)
# Articles per timed block: the figures are per 1,000 articles as the stream grows.
BLOCK = 1000
# Articles per transaction in the store part, as ``analyze`` commits them.
WRITE_BATCH = 64
# Background vocabulary size and Zipf exponent: roughly the shape of English news words.
VOCABULARY = 60_000
ZIPF_EXPONENT = 1.1
# Words per article drawn from the background and from the event's own topic words.
BACKGROUND_WORDS = 120
EVENT_WORDS = 60
TOPIC_WORDS_PER_EVENT = 40
NAMES_PER_EVENT = 8
NAMES_PER_ARTICLE = 6
# Share of an event's articles whose lead is about its second person rather than its first
# (so that the split check's cut by whom the leads are about has work to do).
OTHER_LEAD_PERSON_SHARE = 0.2
# Mean articles per event (geometric): a few big stories, many one- or two-article events.
MEAN_EVENT_SIZE = 6.0
# Events still being reported at any moment; new articles pick among them.
ACTIVE_EVENTS = 400
# A stream of this many articles a day (about a large aggregator's English feed).
ARTICLES_PER_DAY = 300
# Share of articles that are syndicated copies of an earlier one.
COPY_SHARE = 0.05
# Signature values changed in a copy (a retitled or lightly edited reprint).
COPY_EDITS = 6
START_DAY = date(2024, 1, 1)


class _Event:
    def __init__(self, rng: random.Random, number: int, day: int) -> None:
        self.topic = [f"topic{rng.randrange(VOCABULARY)}" for _ in range(TOPIC_WORDS_PER_EVENT)]
        self.names = [f"e:name{number}x{i}" for i in range(NAMES_PER_EVENT)]
        self.names.append(f"e:place{rng.randrange(2000)}")
        self.day = day
        self.number = number
        self.remaining = max(1, int(rng.expovariate(1.0 / MEAN_EVENT_SIZE)) + 1)


def _zipf_word(rng: random.Random, weights: Sequence[float]) -> str:
    return f"w{rng.choices(range(VOCABULARY), cum_weights=weights)[0]}"


def synthetic_stream(size: int, seed: int) -> Iterator[ArticleFeatures]:
    for features, _event in synthetic_events(size, seed):
        yield features


def synthetic_events(size: int, seed: int) -> Iterator[tuple[ArticleFeatures, int]]:
    """The stream, each article with the number of the event it reports (a copy: its
    original's event)."""
    rng = random.Random(seed)
    params = MinHashParams()
    cumulative: list[float] = []
    total = 0.0
    for rank in range(1, VOCABULARY + 1):
        total += 1.0 / rank**ZIPF_EXPONENT
        cumulative.append(total)
    events: list[_Event] = []
    recent: list[tuple[ArticleFeatures, int]] = []
    made = 0
    for number in range(size):
        day = number // ARTICLES_PER_DAY
        if recent and rng.random() < COPY_SHARE:
            original, original_event = rng.choice(recent)
            values = list(original.signature.values)
            for position in rng.sample(range(len(values)), COPY_EDITS):
                values[position] = rng.getrandbits(32)
            yield (
                ArticleFeatures(
                    article_id=f"a{number}",
                    signature=Signature(params, tuple(values), original.signature.shingles),
                    published=original.published,
                    terms=original.terms,
                    entities=original.entities,
                    actors=original.actors,
                ),
                original_event,
            )
            continue
        while len(events) < ACTIVE_EVENTS:
            events.append(_Event(rng, made, day))
            made += 1
        event = rng.choice(events)
        event.remaining -= 1
        if event.remaining <= 0:
            events.remove(event)
        counts: dict[str, int] = {}
        for _ in range(BACKGROUND_WORDS):
            word = _zipf_word(rng, cumulative)
            counts[word] = counts.get(word, 0) + 1
        for word in rng.choices(event.topic, k=EVENT_WORDS):
            counts[word] = counts.get(word, 0) + 1
        names = rng.sample(event.names, NAMES_PER_ARTICLE)
        lead_person = event.names[1 if rng.random() < OTHER_LEAD_PERSON_SHARE else 0]
        published = START_DAY + timedelta(days=event.day + rng.randint(0, 2))
        features = ArticleFeatures(
            article_id=f"a{number}",
            signature=Signature(
                params, tuple(rng.getrandbits(32) for _ in range(params.num_perm)), 300
            ),
            published=published.isoformat(),
            terms=tuple(sorted(counts.items(), key=lambda kv: -kv[1])[:80]),
            entities=tuple((name, 1.0 + rng.random()) for name in names),
            actors=((lead_person, float(rng.randint(1, 3))),),
        )
        recent.append((features, event.number))
        if len(recent) > ARTICLES_PER_DAY:
            recent.pop(0)
        yield features, event.number


def _uptime() -> str:
    """The load averages over 1, 5 and 15 minutes, as ``uptime`` prints them."""
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f}"


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _current_mb() -> float:
    """The resident set now (Linux ``/proc``; elsewhere the peak so far)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return _peak_mb()
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def _blocks_summary(
    cpu: list[float], wall: list[float], rss: list[float] | None = None
) -> dict[str, object]:
    """Per-block figures (seconds per ``BLOCK`` articles) at each tenth of the stream."""
    count = len(cpu)
    marks = sorted({max(0, count * tenth // 10 - 1) for tenth in range(1, 11)})
    if rss:
        return {
            **_blocks_summary(cpu, wall),
            "rss_mb_at": {str((mark + 1) * BLOCK): round(rss[mark]) for mark in marks},
        }
    return {
        "blocks": count,
        "cpu_s_per_1k_at": {str((mark + 1) * BLOCK): round(cpu[mark], 3) for mark in marks},
        "wall_s_per_1k_at": {str((mark + 1) * BLOCK): round(wall[mark], 3) for mark in marks},
        # The first tenth against the last, each a mean of its blocks (one block is noisy).
        "cpu_first_tenth": round(sum(cpu[: max(1, count // 10)]) / max(1, count // 10), 3),
        "cpu_last_tenth": round(sum(cpu[-max(1, count // 10) :]) / max(1, count // 10), 3),
    }


# -- clustering --------------------------------------------------------------------------------


def run_cluster(size: int, seed: int) -> dict[str, object]:
    """Cluster one stream (in this process) and report time and memory per block.

    The stream is generated lazily and only the ``add`` and ``take_revisions`` calls are
    timed, so the figures are the clusterer's own; the peak RSS includes the interpreter, the
    generator and the story of each article (what the store would hold; small).
    """
    sys.path.insert(0, str(Path(__file__).parent))
    from _clustering_metrics import score_clustering

    before = _peak_mb()
    load_before = _uptime()
    clusterer = StoryClusterer()
    cpu_blocks: list[float] = []
    wall_blocks: list[float] = []
    rss_blocks: list[float] = []
    cpu = wall = 0.0
    stored: dict[str, str] = {}  # article id -> story id, as the store holds them
    events: dict[str, str] = {}
    for number, (features, event) in enumerate(synthetic_events(size, seed), 1):
        wall_started, cpu_started = time.perf_counter(), time.process_time()
        assignment = clusterer.add(features)
        revised = clusterer.take_revisions()
        cpu += time.process_time() - cpu_started
        wall += time.perf_counter() - wall_started
        stored[assignment.article_id] = assignment.story_id
        stored.update((r.article_id, r.story_id) for r in revised)
        events[features.article_id] = str(event)
        if number % BLOCK == 0:
            cpu_blocks.append(cpu)
            wall_blocks.append(wall)
            rss_blocks.append(_current_mb())
            cpu = wall = 0.0
    scores = score_clustering(stored, events)
    forgotten = getattr(clusterer, "forgotten_stories", 0)
    return {
        "size": size,
        "cpu_s": round(sum(cpu_blocks), 1),
        "wall_s": round(sum(wall_blocks), 1),
        "stories": len(set(stored.values())),
        "stories_held": len(clusterer.stories()),
        "stories_forgotten": forgotten,
        "bcubed_f1": round(scores.bcubed_f1, 4),
        "bcubed_p": round(scores.bcubed_precision, 4),
        "bcubed_r": round(scores.bcubed_recall, 4),
        "peak_rss_mb": round(_peak_mb()),
        "rss_before_mb": round(before),
        "load_before": load_before,
        "load_after": _uptime(),
        **_blocks_summary(cpu_blocks, wall_blocks, rss_blocks),
    }


# -- store writes ------------------------------------------------------------------------------

SENTENCES_PER_BODY = 25
WORDS_PER_SENTENCE = 20


def stored_article(features: ArticleFeatures, event: int, number: int) -> object:
    """A ``StoredArticle`` with a body of about 500 words made of the article's own words and
    names (so the full-text index and the entity rows are as large as a real article's),
    one quote by the person its lead is about, two dates and its story features."""
    from storylens.store import StoredArticle

    rng = random.Random(number)
    words = [term for term, weight in features.terms for _ in range(int(weight))]
    people = [key.removeprefix("e:").capitalize() for key, _ in features.entities]
    lead = features.actors[0][0].removeprefix("e:").capitalize() if features.actors else "Someone"
    sentences = [
        " ".join(rng.choice(words) for _ in range(WORDS_PER_SENTENCE)).capitalize() + "."
        for _ in range(SENTENCES_PER_BODY)
    ]
    quoted = " ".join(rng.choice(words) for _ in range(12))
    sentences.insert(2, f"“{quoted.capitalize()},” said {lead} on Tuesday.")
    sentences.insert(5, f"{' and '.join(people[:3])} met on Friday.")
    text = "\n".join(sentences)
    spans, position = [], 0
    for sentence in sentences:
        spans.append(Span(position, position + len(sentence), "sentence"))
        position += len(sentence) + 1
    entities = []
    for name in people[:3]:
        found = text.find(name)
        if found >= 0:
            entities.append(Entity(name, "PERSON", found, found + len(name)))
    quote_start = text.index("“") + 1
    quote_text = quoted.capitalize() + ","
    speaker_at = text.index(f"said {lead}") + len("said ")
    quote = Quote(
        quote_text,
        quote_start,
        quote_start + len(quote_text),
        lead,
        lead,
        speaker_at,
        speaker_at + len(lead),
        "person",
        "said",
        "direct",
    )
    timexes = tuple(
        Timex(at, at + len(word), word, features.published or "2024-01-01", "DATE", True)
        for word in ("Tuesday", "Friday")
        for at in (text.find(word),)
        if at >= 0
    )
    analysed = AnalysedArticle(
        clean=CleanArticle(
            Article(
                features.article_id,
                text,
                title=sentences[0][:80],
                outlet=f"Outlet {number % 40}",
                published=features.published,
                source="bench",
            )
        ),
        sentences=tuple(spans),
        entities=(*entities, *(Entity(p, "PERSON", 0, 0) for p in people[3:])),
        quotes=(quote,),
        timexes=timexes,
    )
    story_id = f"s-event{event:06d}"
    return StoredArticle(
        analysed,
        StoryAssignment(features.article_id, story_id, 0.5, False),
        features.to_json(),
    )


def run_store(size: int, seed: int, db: str) -> dict[str, object]:
    """Write ``size`` synthetic articles into the store at ``db`` in batches of
    ``WRITE_BATCH``; time (wall, and this process's CPU: on PostgreSQL the server's own work
    is in another process and shows in the wall time only) per block."""
    from storylens.store import Store

    load_before = _uptime()
    cpu_blocks: list[float] = []
    wall_blocks: list[float] = []
    cpu = wall = 0.0
    written = 0
    with Store(db) as store:
        batch: list[object] = []
        for number, (features, event) in enumerate(synthetic_events(size, seed), 1):
            batch.append(stored_article(features, event, number))
            if len(batch) < WRITE_BATCH and number < size:
                continue
            wall_started, cpu_started = time.perf_counter(), time.process_time()
            store.save_batch(batch)  # type: ignore[arg-type]
            cpu += time.process_time() - cpu_started
            wall += time.perf_counter() - wall_started
            before_block = written // BLOCK
            written += len(batch)
            batch = []
            if written // BLOCK > before_block:
                cpu_blocks.append(cpu)
                wall_blocks.append(wall)
                cpu = wall = 0.0
        server_cpu = _server_cpu(store)
        size_mb = _store_mb(store, db)
    summary = _blocks_summary(cpu_blocks, wall_blocks)
    return {
        "size": size,
        "wall_s": round(sum(wall_blocks), 1),
        "cpu_s": round(sum(cpu_blocks), 1),
        "articles_per_s_wall": round(size / max(sum(wall_blocks), 1e-9), 1),
        "articles_per_s_last_tenth": round(
            BLOCK
            * max(1, len(wall_blocks) // 10)
            / sum(wall_blocks[-max(1, len(wall_blocks) // 10) :]),
            1,
        ),
        "peak_rss_mb": round(_peak_mb()),
        "server_cpu_s": server_cpu,
        "store_mb": size_mb,
        "load_before": load_before,
        "load_after": _uptime(),
        **summary,
    }


def _server_cpu(store: object) -> float | None:
    """CPU seconds (user+sys) of the PostgreSQL server processes serving this run's
    database (its pooled connections, still open): the server's share of each write."""
    from sqlalchemy import text

    engine = store.engine  # type: ignore[attr-defined]
    if engine.dialect.name != "postgresql":
        return None
    import psutil

    with engine.connect() as connection:
        pids = connection.scalars(
            text("SELECT pid FROM pg_stat_activity WHERE datname = current_database()")
        ).all()
    total = 0.0
    for pid in pids:
        try:
            times = psutil.Process(pid).cpu_times()
        except psutil.Error:
            continue
        total += times.user + times.system
    return round(total, 1)


def _store_mb(store: object, db: str) -> float:
    """The store's size on disk in MB: the SQLite file with its write-ahead log, or the
    PostgreSQL database's own size."""
    from sqlalchemy import text

    engine = store.engine  # type: ignore[attr-defined]
    if engine.dialect.name == "postgresql":
        with engine.connect() as connection:
            size = connection.scalar(text("SELECT pg_database_size(current_database())"))
        return round(int(size or 0) / 1e6, 1)
    files = [Path(db), Path(db + "-wal")]
    return round(sum(f.stat().st_size for f in files if f.exists()) / 1e6, 1)


# -- the pages, in process ---------------------------------------------------------------------

# Stories whose comparisons are computed before the story pages are timed (a store built by
# ``web_load.py`` without them would compute each on request).
PAGE_SAMPLE_STORIES = 100
PAGE_CALLS = 20


def run_pages(db: str, seed: int) -> dict[str, object]:
    """Each page's read side (``views.py``, what the web and the command line call) on the
    store at ``db``, in this process: CPU and wall milliseconds per call. No HTTP and no
    concurrency, so the figure is the reads' own cost on a store of this size; the stories
    whose pages are timed get their comparisons first (not timed)."""
    sys.path.insert(0, str(Path(__file__).parent))
    from storylens import views
    from storylens.pipeline import compare_stories
    from storylens.store import Store
    from storylens.store.reads import StoryFilters
    from web_load import FIRST, LAST, OUTLETS, TOPICS, TOWNS

    rng = random.Random(seed)
    opened = time.perf_counter()
    with Store(db) as store:
        open_s = time.perf_counter() - opened
        stories = store.count_stories()
        # Story 0 is web_load.py's one big story; the pages timed are of the usual ones.
        sample = [
            f"s-bench{rng.randrange(1, max(2, stories)):05d}" for _ in range(PAGE_SAMPLE_STORIES)
        ]
        compare_stories(store, sample)
        # The compare stage's models stay loaded in this process (not in a server's): left
        # in the collector's generations, a full collection over them (about 90 ms) fell
        # into whichever call was timed then. A server process freezes its own start-up.
        gc.collect()
        gc.freeze()
        kinds: dict[str, Callable[[], object]] = {
            "stories page": lambda: views.stories_page(store, page=rng.randint(1, 50)),
            "stories by a count": lambda: views.stories_page(
                store, sort="variants", page=rng.randint(1, 50)
            ),
            "stories by outlet": lambda: views.stories_page(
                store, filters=StoryFilters(outlet=rng.choice(OUTLETS)), page=rng.randint(1, 5)
            ),
            "outlets": lambda: views.outlet_names(store),
            "story page": lambda: views.story_view(store, rng.choice(sample), claim_matches=False),
            "search": lambda: views.search_view(
                store, f"{rng.choice(TOPICS)} {rng.choice(TOWNS).split()[0]}"
            ),
            "person page": lambda: views.entity_view(
                store, f"{rng.choice(FIRST)} {rng.choice(LAST)}"
            ),
            "stories command": lambda: views.story_list(store, 50),
        }
        figures: dict[str, dict[str, float]] = {}
        for name, call in kinds.items():
            call()  # warm: templates, caches, the first page of the file
            cpu_ms, wall_ms = [], []
            for _ in range(PAGE_CALLS):
                wall_started, cpu_started = time.perf_counter(), time.process_time()
                try:
                    call()
                except Exception as error:  # a person no article names: a 404 page
                    if type(error).__name__ != "NotFound":
                        raise
                cpu_ms.append(1000 * (time.process_time() - cpu_started))
                wall_ms.append(1000 * (time.perf_counter() - wall_started))
            cpu_ms.sort()
            wall_ms.sort()
            figures[name] = {
                "cpu_ms_p50": round(cpu_ms[len(cpu_ms) // 2], 1),
                "cpu_ms_p95": round(cpu_ms[int(0.95 * len(cpu_ms))], 1),
                "wall_ms_p50": round(wall_ms[len(wall_ms) // 2], 1),
                "wall_ms_p95": round(wall_ms[int(0.95 * len(wall_ms))], 1),
            }
        articles = store.count_articles()
    return {
        "articles": articles,
        "stories": stories,
        "open_s": round(open_s, 1),
        "load": _uptime(),
        "pages": figures,
    }


def pages_command(args: argparse.Namespace) -> None:
    r = _child(["_pages", "0", "--seed", str(args.seed), "--target", args.store])
    print(
        f"pages on {r['articles']} articles, {r['stories']} stories (store opened and "
        f"migrated in {r['open_s']} s); {r['load']}"
    )
    print(f"  {'page':<18} {'CPU p50':>8} {'CPU p95':>8} {'wall p50':>9} {'wall p95':>9}  (ms)")
    pages = r["pages"]
    assert isinstance(pages, dict)
    for name, row in pages.items():
        print(
            f"  {name:<18} {row['cpu_ms_p50']:>8.1f} {row['cpu_ms_p95']:>8.1f} "
            f"{row['wall_ms_p50']:>9.1f} {row['wall_ms_p95']:>9.1f}"
        )
    print("  " + json.dumps(r), flush=True)


# -- the command line --------------------------------------------------------------------------


def _child(argv: list[str]) -> dict[str, object]:
    """Run one measurement in a fresh interpreter (its own peak RSS) and read its JSON."""
    output = subprocess.run(
        [sys.executable, __file__, *argv], check=True, capture_output=True, text=True
    ).stdout
    found: dict[str, object] = json.loads(output.strip().splitlines()[-1])
    return found


def _print_blocks(result: dict[str, object]) -> None:
    cpu = result["cpu_s_per_1k_at"]
    wall = result["wall_s_per_1k_at"]
    assert isinstance(cpu, dict) and isinstance(wall, dict)
    print("  per 1k articles at:  " + "  ".join(f"{k:>7}" for k in cpu))
    print("  CPU s            :  " + "  ".join(f"{v:7.2f}" for v in cpu.values()))
    print("  wall s           :  " + "  ".join(f"{v:7.2f}" for v in wall.values()))
    rss = result.get("rss_mb_at")
    if isinstance(rss, dict):
        print("  RSS MB           :  " + "  ".join(f"{v:7d}" for v in rss.values()))


def cluster_command(args: argparse.Namespace) -> None:
    runs = []
    for size in (int(s) for s in args.sizes.split(",")):
        r = _child(["_cluster", str(size), "--seed", str(args.seed)])
        print(
            f"cluster {r['size']} articles: {r['cpu_s']} s CPU ({r['wall_s']} s wall), "
            f"{r['stories']} stories ({r['stories_held']} held at the end, "
            f"{r['stories_forgotten']} left the window), B-cubed F1 {r['bcubed_f1']} "
            f"(P {r['bcubed_p']} R {r['bcubed_r']}) against the stream's events, peak RSS "
            f"{r['peak_rss_mb']} MB (at start {r['rss_before_mb']}); "
            f"{r['load_before']} -> {r['load_after']}"
        )
        print(
            f"  CPU s per 1k, first tenth {r['cpu_first_tenth']} -> last tenth "
            f"{r['cpu_last_tenth']}"
        )
        _print_blocks(r)
        print("  " + json.dumps(r), flush=True)
        runs.append(r)
    from _results import Table, save_results

    columns = {"cpu_s": "CPU s", "wall_s": "wall s", "stories": "stories"}
    columns |= {"bcubed_f1": "B-cubed F1"}
    columns |= {"cpu_first_tenth": "CPU s per 1k (first 10%)"}
    columns |= {"cpu_last_tenth": "CPU s per 1k (last 10%)", "peak_rss_mb": "peak RSS MB"}
    rows = {f"{r['size']:,} articles": {columns[k]: r[k] for k in columns} for r in runs}
    table = Table(f"clustering a synthetic stream, seed {args.seed}", rows)
    save_results("scale", table, partial=args.sizes != ",".join(str(s) for s in DEFAULT_SIZES))


def store_command(args: argparse.Namespace) -> None:
    for kind in args.db.split(","):
        for size in (int(s) for s in args.sizes.split(",")):
            drop = None
            with tempfile.TemporaryDirectory() as folder:
                db = str(Path(folder) / "scale.db")
                if kind == "postgresql":
                    db, drop = fresh_database("storylens_scale")
                try:
                    r = _child(["_store", str(size), "--seed", str(args.seed), "--target", db])
                finally:
                    if drop is not None:
                        drop()
            print(
                f"store {kind} {r['size']} articles: {r['articles_per_s_wall']} articles/s "
                f"(last tenth {r['articles_per_s_last_tenth']}/s), {r['wall_s']} s wall, "
                f"{r['cpu_s']} s CPU in the writer"
                + (
                    f", {r['server_cpu_s']} s in the server"
                    if r["server_cpu_s"] is not None
                    else ""
                )
                + f", {r['store_mb']} MB on disk, peak RSS {r['peak_rss_mb']} MB; "
                f"{r['load_before']} -> {r['load_after']}"
            )
            _print_blocks(r)
            print("  " + json.dumps({"db": kind, **r}), flush=True)


def web_command(args: argparse.Namespace, rest: list[str]) -> None:
    command = [
        sys.executable,
        str(Path(__file__).with_name("web_load.py")),
        "--articles",
        str(args.articles),
        *rest,
    ]
    print(f"web: {' '.join(command[1:])}; {_uptime()}", flush=True)
    subprocess.run(command, check=True)
    print(f"web done; {_uptime()}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parts = parser.add_subparsers(dest="part", required=True)
    cluster = parts.add_parser("cluster", help="clustering time per 1k articles and memory")
    cluster.add_argument("--sizes", default=",".join(str(s) for s in DEFAULT_SIZES))
    cluster.add_argument("--seed", type=int, default=0)
    store = parts.add_parser("store", help="write rate on SQLite and PostgreSQL")
    store.add_argument("--sizes", default=",".join(str(s) for s in DEFAULT_SIZES))
    store.add_argument("--db", default="sqlite,postgresql")
    store.add_argument("--seed", type=int, default=0)
    web = parts.add_parser("web", help="bench/web_load.py at a size (other options pass on)")
    web.add_argument("--articles", type=int, default=100_000)
    pages = parts.add_parser("pages", help="each page's reads in process on a built store")
    pages.add_argument("--store", required=True, help="a store web_load.py --store built")
    pages.add_argument("--seed", type=int, default=0)
    for hidden in ("_cluster", "_store", "_pages"):
        child = parts.add_parser(hidden)
        child.add_argument("size", type=int)
        child.add_argument("--seed", type=int, default=0)
        child.add_argument("--target", default="")
    args, rest = parser.parse_known_args(argv)
    if args.part == "web":
        web_command(args, rest)
        return
    if rest:
        parser.error(f"unrecognised arguments: {' '.join(rest)}")
    if args.part == "_cluster":
        print(json.dumps(run_cluster(args.size, args.seed)))
    elif args.part == "_store":
        print(json.dumps(run_store(args.size, args.seed, args.target)))
    elif args.part == "_pages":
        print(json.dumps(run_pages(args.target, args.seed)))
    elif args.part == "pages":
        pages_command(args)
    elif args.part == "cluster":
        cluster_command(args)
    else:
        store_command(args)


if __name__ == "__main__":
    main()
