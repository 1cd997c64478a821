"""Load on the web interface: 20 concurrent clients against `storylens serve` on loopback,
with 10,000 synthetic articles stored (one story of 500), on SQLite and on PostgreSQL.

    .venv/bin/python bench/web_load.py [--articles 10000] [--big 500] [--clients 20]
                                        [--seconds 20] [--db sqlite|postgresql|both]
                                        [--store PATH]

``--articles 100000`` is the large store of ``bench/scale.py web``; ``--store PATH`` builds
the SQLite store there once and reuses it on later runs (its comparisons take the longest).
The load average (``uptime``) and the server processes' CPU seconds are printed beside the
latencies: the machine may be shared.

The articles are written straight into a store as analysed records (sentences, names,
quotes, dates), without spaCy: the figure is the web side's, and 10,000 parses would take a
quarter of an hour. Their comparisons are computed by the real compare stage. The server runs
in its own process (`storylens serve`), so the clients' threads do not share its interpreter.
Each client loops over the mix of requests for ``--seconds``; the figures are latency
percentiles per kind of request, beside the same requests made one at a time (the baseline:
no concurrency) in the same run. Requests are bounded in count and time and go to 127.0.0.1
only.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import httpx

from _postgres import fresh_database
from _results import Table, save_results
from storylens.pipeline import compare_stories
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
from storylens.store import Store, StoredArticle

OUTLETS = [
    "Harbor Gazette",
    "Daily Signal Post",
    "Metro Wire",
    "The Northern Ledger",
    "Valley Courier",
    "Lakeside Tribune",
    "Coast Herald",
    "Ridge Times",
]
TOWNS = [
    "Port Alder",
    "Millbrook",
    "Dunmore",
    "Ferris Bay",
    "Westford",
    "Ashcombe",
    "Kellby",
    "Eastmere",
    "Brackenford",
    "Tamsworth",
]
FIRST = ["Dana", "Sam", "Mara", "Ana", "Hollis", "Rosa", "Nell", "Ruth", "Alan", "Ines"]
LAST = ["Holt", "Ito", "Quist", "Brill", "Varga", "Lind", "Harrow", "Okafor", "Calloway"]
TOPICS = [
    "bridge",
    "library",
    "warehouse",
    "festival",
    "council",
    "school",
    "ferry",
    "museum",
    "harbour",
    "market",
    "clinic",
    "stadium",
    "reservoir",
    "depot",
]
VERBS = ["closed", "reopened", "flooded", "approved", "delayed", "cancelled", "expanded"]
# Max latency at the 95th percentile the issue sets for each kind of request, in ms.
TARGET_P95_MS = {
    "stories page": 100,
    "story page": 100,
    "api story": 100,
    "search": 100,
    "person page": 100,
    "big story page": 300,
}


def _article(rng: random.Random, story: int, index: int, day: int) -> StoredArticle:
    town = TOWNS[story % len(TOWNS)]
    topic = TOPICS[(story // len(TOWNS)) % len(TOPICS)]
    verb = VERBS[story % len(VERBS)]
    person = f"{FIRST[story % len(FIRST)]} {LAST[(story // 3) % len(LAST)]}"
    outlet = OUTLETS[index % len(OUTLETS)]
    count = 10 + story % 90 + (index % 3 == 0)
    sentences = [
        f"The {town} {topic} was {verb} on Tuesday after {count} residents complained.",
        f"“We did what we had to do for the people of {town},” said {person}.",
        f"Officials said the {topic} would stay {verb} until spring.",
        f"Story {story} item {index}: {outlet} reported the details of the {topic} decision.",
        f"Residents of {town} met again on Friday to discuss the {topic}.",
    ]
    text = "\n".join(sentences)
    spans, entities, timexes, position = [], [], [], 0
    for sentence in sentences:
        spans.append(Span(position, position + len(sentence), "sentence"))
        for name, label in ((town, "GPE"), (person, "PERSON")):
            found = sentence.find(name)
            if found >= 0:
                entities.append(Entity(name, label, position + found, position + found + len(name)))
        for word in ("Tuesday", "Friday"):
            found = sentence.find(word)
            if found >= 0:
                timexes.append(
                    Timex(
                        position + found,
                        position + found + len(word),
                        word,
                        "2026-03-03" if word == "Tuesday" else "2026-03-06",
                        "DATE",
                        True,
                    )
                )
        position += len(sentence) + 1
    quote_text = f"We did what we had to do for the people of {town},"
    quote_start = text.index(quote_text)
    quote = Quote(
        quote_text,
        quote_start,
        quote_start + len(quote_text),
        person,
        person,
        text.index(person, quote_start),
        text.index(person, quote_start) + len(person),
        "person",
        "said",
        "direct",
    )
    article_id = f"a{story}-{index}"
    analysed = AnalysedArticle(
        clean=CleanArticle(
            Article(
                article_id,
                text,
                title=f"{town} {topic} {verb} ({story})",
                outlet=outlet,
                published=f"2026-{1 + day // 28:02d}-{1 + day % 28:02d}",
                source="bench",
            )
        ),
        sentences=tuple(spans),
        entities=tuple(entities),
        quotes=(quote,),
        timexes=tuple(timexes),
    )
    story_id = f"s-bench{story:05d}"
    return StoredArticle(analysed, StoryAssignment(article_id, story_id, 0.5, index == 0))


def build_store(db: str, articles: int, big: int, seed: int = 0) -> dict[str, object]:
    rng = random.Random(seed)
    sizes = [big]
    while sum(sizes) < articles:
        sizes.append(min(rng.randint(2, 8), articles - sum(sizes)))
    started = time.perf_counter()
    with Store(db) as store:
        batch: list[StoredArticle] = []
        for story, size in enumerate(sizes):
            day = story * 300 // len(sizes)
            for index in range(size):
                batch.append(_article(rng, story, index, day))
                if len(batch) == 500:
                    store.save_batch(batch)
                    batch = []
        if batch:
            store.save_batch(batch)
        stored = time.perf_counter()
        compare_stories(store, [f"s-bench{story:05d}" for story in range(len(sizes))])
        compared = time.perf_counter()
    return {
        "stories": len(sizes),
        "store_s": round(stored - started, 1),
        "compare_s": round(compared - stored, 1),
    }


def _reuse(db: str) -> dict[str, object] | None:
    """The figures of a store ``--store`` built before, or None when it holds nothing."""
    if not Path(db).is_file():
        return None
    with Store(db) as store:
        stories = store.count_stories()
    if not stories:
        return None
    return {"stories": stories, "store_s": "(reused)", "compare_s": "(reused)"}


def _tree_cpu(pid: int) -> float:
    """CPU seconds (user+sys) of a process and its children (the server's workers)."""
    import psutil

    total = 0.0
    try:
        root = psutil.Process(pid)
        for process in [root, *root.children(recursive=True)]:
            times = process.cpu_times()
            total += times.user + times.system
    except psutil.Error:
        pass
    return total


def _serve(db: str, port: int, workers: int, cache: bool) -> subprocess.Popen[bytes]:
    command = [
        str(Path(sys.executable).parent / "storylens"),
        "serve",
        "--db",
        db,
        "--port",
        str(port),
        "--workers",
        str(workers),
        *(() if cache else ("--cache-entries", "0")),
    ]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120  # a loaded, shared machine starts it slowly
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/stories?page_size=1", timeout=2)
            return process
        except httpx.HTTPError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not start")


def _requests(stories: int) -> list[tuple[str, Callable[[random.Random], str]]]:
    return [
        ("stories page", lambda r: f"/?page={r.randint(1, 50)}"),
        ("story page", lambda r: f"/stories/s-bench{r.randint(1, stories - 1):05d}"),
        ("api story", lambda r: f"/api/stories/s-bench{r.randint(1, stories - 1):05d}"),
        ("search", lambda r: f"/api/search?q={r.choice(TOPICS)}+{r.choice(TOWNS).split()[0]}"),
        ("person page", lambda r: f"/entities/{r.choice(FIRST)}%20{r.choice(LAST)}"),
        ("big story page", lambda r: "/stories/s-bench00000"),
    ]


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


# Requests of each kind before the load: to warm the server up, then one at a time.
WARM_CALLS, ALONE_CALLS = 10, 20


def measure(port: int, stories: int, clients: int, seconds: float) -> dict[str, dict[str, float]]:
    kinds = _requests(stories)
    base = f"http://127.0.0.1:{port}"
    # Baseline: each kind alone, one request at a time (fresh pages: the response cache is
    # cleared by nothing here, so repeated URLs, like the big story's, come from it).
    alone: dict[str, list[float]] = {name: [] for name, _ in kinds}
    rng = random.Random(1)
    with httpx.Client(base_url=base, timeout=30) as client:
        for _name, make in kinds:  # warm each server process up (templates, imports)
            for _ in range(WARM_CALLS):
                client.get(make(rng)).raise_for_status()
        for name, make in kinds:
            for _ in range(ALONE_CALLS):
                started = time.perf_counter()
                client.get(make(rng)).raise_for_status()
                alone[name].append((time.perf_counter() - started) * 1000)
    loaded: dict[str, list[float]] = {name: [] for name, _ in kinds}
    errors: list[str] = []
    stop = time.monotonic() + seconds

    def run(number: int) -> None:
        local = random.Random(number)
        with httpx.Client(base_url=base, timeout=30) as client:
            while time.monotonic() < stop:
                name, make = local.choice(kinds)
                started = time.perf_counter()
                response = client.get(make(local))
                if response.status_code != 200:
                    errors.append(f"{name} {response.status_code}")
                loaded[name].append((time.perf_counter() - started) * 1000)

    threads = [threading.Thread(target=run, args=(n,)) for n in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if errors:
        print(f"  {len(errors)} failed requests, e.g. {errors[:3]}")
    return {
        name: {
            "alone_p50": statistics.median(alone[name]),
            "p50": statistics.median(loaded[name]) if loaded[name] else float("nan"),
            "p95": _percentile(loaded[name], 0.95) if loaded[name] else float("nan"),
            "requests": len(loaded[name]),
        }
        for name, _ in kinds
    }


# wrk's script: each connection asks for random paths of one kind; at the end it prints the
# request count, the 50th and 95th percentile latency (ms) and the failed requests.
WRK_SCRIPT = """
local paths = {}
for line in io.lines(os.getenv("STORYLENS_PATHS")) do paths[#paths + 1] = line end
math.randomseed(os.time())
request = function() return wrk.format("GET", paths[math.random(#paths)]) end
done = function(summary, latency, requests)
  io.write(string.format("RESULT %d %.2f %.2f %d\\n", summary.requests,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    summary.errors.status + summary.errors.connect + summary.errors.read))
end
"""


def measure_wrk(
    port: int, stories: int, clients: int, seconds: float, folder: Path
) -> dict[str, dict[str, float]]:
    """Each kind of request alone under ``clients`` connections, driven by wrk (C, one
    process, so the load generator takes little of the machine the server runs on)."""
    script = folder / "paths.lua"
    script.write_text(WRK_SCRIPT, encoding="utf-8")
    rng = random.Random(2)
    found = {}
    for name, make in _requests(stories):
        paths = folder / "paths.txt"
        paths.write_text("\n".join(make(rng) for _ in range(500)) + "\n", encoding="utf-8")
        out = subprocess.run(
            [
                "wrk",
                f"-t{WRK_THREADS}",
                f"-c{clients}",
                f"-d{int(seconds)}s",
                "-s",
                str(script),
                f"http://127.0.0.1:{port}",
            ],
            capture_output=True,
            text=True,
            env={**os.environ, "STORYLENS_PATHS": str(paths)},
            check=True,
        ).stdout
        line = next(line for line in out.splitlines() if line.startswith("RESULT"))
        _, count, p50, p95, failed = line.split()
        found[name] = {
            "alone_p50": float("nan"),
            "p50": float(p50),
            "p95": float(p95),
            "requests": float(count),
            "failed": float(failed),
        }
    return found


# wrk's own threads; two keep up with 20 connections on loopback.
WRK_THREADS = 2


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--articles", type=int, default=10_000)
    parser.add_argument("--big", type=int, default=500)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--db", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--port", type=int, default=8791)
    parser.add_argument(
        "--store", default=None, help="SQLite store to build once and reuse (--db sqlite)"
    )
    parser.add_argument("--workers", type=int, default=2, help="server processes")
    parser.add_argument("--no-cache", action="store_true", help="serve with the page cache off")
    parser.add_argument(
        "--client",
        choices=("python", "wrk"),
        default="python",
        help="python: 20 client threads on a mix of requests; wrk: each kind alone, from wrk",
    )
    args = parser.parse_args()
    kinds = ["sqlite", "postgresql"] if args.db == "both" else [args.db]
    tables = []
    for kind in kinds:
        with tempfile.TemporaryDirectory() as folder:
            drop = None
            db = str(Path(folder) / "load.db")
            if kind == "postgresql":
                db, drop = fresh_database("storylens_load")
            if args.store and kind == "sqlite":
                db = args.store
            try:
                built = _reuse(db) if args.store and kind == "sqlite" else None
                if built is None:
                    built = build_store(db, args.articles, args.big)
                print(
                    f"{kind}: {args.articles} articles, {built['stories']} stories "
                    f"(stored in {built['store_s']} s, compared in {built['compare_s']} s)"
                )
                server = _serve(db, args.port, args.workers, not args.no_cache)
                cpu_before = _tree_cpu(server.pid)
                load_before = os.getloadavg()
                try:
                    stories = int(str(built["stories"]))
                    if args.client == "wrk":
                        figures = measure_wrk(
                            args.port, stories, args.clients, args.seconds, Path(folder)
                        )
                    else:
                        figures = measure(args.port, stories, args.clients, args.seconds)
                    server_cpu = _tree_cpu(server.pid) - cpu_before
                finally:
                    server.terminate()
                    server.wait(timeout=10)
                load = " ".join(f"{x:.2f}" for x in load_before)
                loaded = sum(row["requests"] for row in figures.values())
                served = loaded  # and the warm-up and one-at-a-time requests before the load
                span = args.seconds  # wrk runs each kind alone for that long
                if args.client == "python":
                    served += len(figures) * (WARM_CALLS + ALONE_CALLS)
                else:
                    span *= len(figures)
                # The CPU each request cost the server, whatever the machine's load: the
                # latencies under load are mostly the queue, which follows from it.
                print(
                    f"  server CPU {server_cpu:.1f} s over the run ({args.workers} processes), "
                    f"{1000 * server_cpu / max(served, 1):.2f} ms per request, "
                    f"{loaded / span:.0f} requests/s under load; "
                    f"load average at the start {load}"
                )
                header = ("request", "alone p50", "p50", "p95", "target", "n")
                widths = (16, 10, 8, 8, 7, 6)
                print(
                    "  "
                    + " ".join(
                        f"{h:<{w}}" if i == 0 else f"{h:>{w}}"
                        for i, (h, w) in enumerate(zip(header, widths, strict=True))
                    )
                )
                for name, row in figures.items():
                    print(
                        f"  {name:<16} {row['alone_p50']:>8.1f}ms {row['p50']:>6.1f}ms "
                        f"{row['p95']:>6.1f}ms {TARGET_P95_MS[name]:>5}ms {row['requests']:>6.0f}"
                    )
                print(
                    "  " + json.dumps({"db": kind, "clients": args.clients, "client": args.client})
                )
                rows = {
                    name: {
                        "alone p50 ms (baseline)": row["alone_p50"],
                        "p50 ms": row["p50"],
                        "p95 ms": row["p95"],
                        "target p95 ms": TARGET_P95_MS[name],
                        "requests": int(row["requests"]),
                    }
                    for name, row in figures.items()
                }
                caption = f"{kind}, {args.clients} clients ({args.client})"
                tables.append(Table(caption, rows, formats=dict.fromkeys(rows, ".1f")))
            finally:
                if drop:
                    drop()
    default = (args.articles, args.big, args.clients, args.db) == (10_000, 500, 20, "both")
    name = "web_load" if args.client == "python" else f"web_load-{args.client}"
    save_results(name, *tables, partial=not default or args.no_cache)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
