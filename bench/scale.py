"""Scale benchmark of the online story clusterer: time and peak memory on a long stream.

    .venv/bin/python bench/scale.py [--sizes 10000,50000,100000] [--seed 0]

The stream is synthetic ``ArticleFeatures`` (the analyse stage is not part of this figure):
events with their own people (one or two of whom the leads are about), places, numbers and
topic words, drawn from a Zipf-shaped vocabulary so that common words are shared across
events as in real news, published over a year with a few days of spread inside an event; a
share of articles are syndicated copies (a signature equal to the original's up to a few
permutations). Each size runs in a fresh subprocess so that its peak RSS is its own. The
cost per article should stay flat.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from datetime import date, timedelta

from storylens.stories import ArticleFeatures, MinHashParams, Signature, StoryClusterer

DEFAULT_SIZES = (10_000, 50_000, 100_000)
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
        self.remaining = max(1, int(rng.expovariate(1.0 / MEAN_EVENT_SIZE)) + 1)


def _zipf_word(rng: random.Random, weights: Sequence[float]) -> str:
    return f"w{rng.choices(range(VOCABULARY), cum_weights=weights)[0]}"


def synthetic_stream(size: int, seed: int) -> Iterator[ArticleFeatures]:
    rng = random.Random(seed)
    params = MinHashParams()
    cumulative: list[float] = []
    total = 0.0
    for rank in range(1, VOCABULARY + 1):
        total += 1.0 / rank**ZIPF_EXPONENT
        cumulative.append(total)
    events: list[_Event] = []
    recent: list[ArticleFeatures] = []
    made = 0
    for number in range(size):
        day = number // ARTICLES_PER_DAY
        if recent and rng.random() < COPY_SHARE:
            original = rng.choice(recent)
            values = list(original.signature.values)
            for position in rng.sample(range(len(values)), COPY_EDITS):
                values[position] = rng.getrandbits(32)
            yield ArticleFeatures(
                article_id=f"a{number}",
                signature=Signature(params, tuple(values), original.signature.shingles),
                published=original.published,
                terms=original.terms,
                entities=original.entities,
                actors=original.actors,
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
        recent.append(features)
        if len(recent) > ARTICLES_PER_DAY:
            recent.pop(0)
        yield features


def run_one(size: int, seed: int) -> dict[str, float]:
    """Cluster one stream (in this process) and report time and memory.

    The stream is generated lazily and only the ``add`` calls are timed, so the figures are
    the clusterer's own; the peak RSS includes the interpreter and the generator (small).
    """
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    clusterer = StoryClusterer()
    seconds = 0.0
    tenth = 0.0
    for number, features in enumerate(synthetic_stream(size, seed), 1):
        started = time.perf_counter()
        clusterer.add(features)
        took = time.perf_counter() - started
        seconds += took
        if number > size - size // 10:
            tenth += took
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "size": size,
        "seconds": seconds,
        "ms_per_article": 1000 * seconds / size,
        "ms_per_article_last_tenth": 1000 * tenth / (size // 10),
        "stories": len(clusterer.stories()),
        "peak_rss_mb": peak_kib / 1024,
        "rss_before_mb": before / 1024,
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(str(s) for s in DEFAULT_SIZES))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--one", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one is not None:
        print(json.dumps(run_one(args.one, args.seed)))
        return
    print("size     seconds  ms/article  ms/article(last 10%)  stories  peak RSS MB  (at start)")
    runs = []
    for size in (int(s) for s in args.sizes.split(",")):
        output = subprocess.run(
            [sys.executable, __file__, "--one", str(size), "--seed", str(args.seed)],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        r = json.loads(output.strip().splitlines()[-1])
        runs.append(r)
        print(
            f"{r['size']:<8} {r['seconds']:7.1f}  {r['ms_per_article']:10.2f}  "
            f"{r['ms_per_article_last_tenth']:20.2f}  {r['stories']:7}  {r['peak_rss_mb']:11.0f}"
            f"  ({r['rss_before_mb']:.0f})",
            flush=True,
        )
    from _results import Table, save_results

    keys = {"seconds": "seconds", "ms_per_article": "ms/article", "stories": "stories"}
    keys |= {"ms_per_article_last_tenth": "ms/article (last 10%)", "peak_rss_mb": "peak RSS MB"}
    rows = {f"{r['size']:,} articles": {keys[k]: r[k] for k in keys} for r in runs}
    formats = {"seconds": ".1f", "ms/article": ".2f", "ms/article (last 10%)": ".2f"}
    formats["peak RSS MB"] = ".0f"
    table = Table(f"synthetic stream, seed {args.seed}", rows, formats=formats)
    save_results("scale", table, partial=args.sizes != ",".join(str(s) for s in DEFAULT_SIZES))


if __name__ == "__main__":
    main()
