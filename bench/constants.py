"""Sensitivity of the story stage's tuned constants: each scored at its value and at a lower and
a higher one (issue 23: no tuned constant without a figure).

    .venv/bin/python bench/constants.py [--cache DIR] [--seeds 10] [--sets A,B,...]
        [--only NAME,...]

The analysed articles are read once (``--cache`` as for ``bench/stories.py``; without it the
spaCy analysis runs first). Each constant in ``KNOBS`` is then set, in this one process, to each
of its tried values: a clusterer setting through ``StorySettings``, a module constant by
patching the module attribute (``unittest.mock.patch``, restored after), the MinHash
parameters through ``MinHashParams``; the story features are made again where the constant
shapes them. Each value is scored like ``bench/stories.py``: B-cubed F1 over ``--seeds``
shuffled orders on every set (the shared dev sets ECB+, BASIL and gvc-train, and the written
corpora of examples/stories/), with the mean over sets and the worst set, which sets it lowers
or lifts (by 0.0005 or more: what the three decimals printed show), whether every order of
every set gives the same stories as the current value, the copies found, the secondary links
recorded (and, on ECB+, the share of them within the article's topic: the measure
``CENTRAL_NAMES`` was chosen by) and the clustering CPU seconds.

The leave-one-out view of a constant costs nothing more: for each corpus, the tried value
(current one included) with the best mean F1 on the other corpora (ties to the current value)
is scored on the corpus left out; the mean over corpora of those figures is the constant's
"LOO mean", against the current value's mean. A constant whose LOO mean is higher while the
value picked lowers no corpus is a candidate for a change (reported, not made: this bench
measures, it does not tune).

Writes ``docs/results/constants.json``: one row per constant (its figure in words: what each
tried value lowers, or "flat"), then one row per tried value with every set's F1. A run on
some sets or some constants (``--sets``, ``--only``) writes nothing there.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import random
import re
import statistics
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _clustering_metrics import score_clustering  # noqa: E402
from _results import Table, save_results  # noqa: E402
from stories import SETS, analyse_set, load_set, set_files  # noqa: E402
from storylens.records import AnalysedArticle  # noqa: E402
from storylens.stories import ArticleFeatures, StoryClusterer, StorySettings  # noqa: E402
from storylens.stories import features as features_module  # noqa: E402
from storylens.stories.dedup import MinHashParams  # noqa: E402
from storylens.stories.features import extract_features  # noqa: E402

DEFAULT_SEEDS = 10
# A set's mean F1 moved by at least this is lowered or lifted: the three decimals printed.
MOVED = 0.0005
# The set whose gold stories' numbers name topics (ECB+ "1ecb" and "1ecbplus": topic 1).
TOPIC_SET = "ecbplus"
_TOPIC = re.compile(r"\d+")

Value = int | float | tuple[int, int]


@dataclass(frozen=True)
class Knob:
    """A tuned constant and how to try other values of it.

    ``targets`` say where the value goes: ``setting:FIELD`` (a ``StorySettings`` field),
    ``minhash:FIELD`` (a ``MinHashParams`` field: features and clusterer both), ``module:M.NAME``
    (a module attribute, patched), ``default:M.CLASS`` (the sole default argument of the class's
    ``__init__``). ``tried`` are the other values, each with a label ("x0.5", "off")."""

    name: str
    group: str  # decision, features, secondary, copies, speed
    targets: tuple[str, ...]
    tried: tuple[tuple[str, Value], ...]
    note: str = ""

    @property
    def features(self) -> bool:
        """Whether the value shapes the story features (made again for each value)."""
        return self.group == "features" or any(t.startswith("minhash:") for t in self.targets)


def _x(value: float, *factors: float) -> tuple[tuple[str, Value], ...]:
    """Values at ``factors`` times ``value``, labelled x0.5, x2 ..."""
    kind = type(value)
    return tuple((f"x{factor:g}", kind(value * factor)) for factor in factors)


_C = "storylens.stories.clusterer"
_F = "storylens.stories.features"
_S = "storylens.stories.scoring"
_SP = "storylens.stories.split"
_D = "storylens.stories.dedup"
_I = "storylens.stories.index"

# The constants of issue 23's list (CHANGELOG: "41 have no figure on record"), the clustering
# decision first, and MAX_CANDIDATES, whose comment says no sweep of it is recorded.
# MAX_EMBEDDED_CHARS is not here: it acts only with `--embeddings`, whose model is an extra.
KNOBS: tuple[Knob, ...] = (
    Knob("JOIN_DAY_PENALTY", "decision", ("setting:join_day_penalty",),
         (("+0.05", 0.05), ("+0.1", 0.1)), "0 now: a lower value does not exist"),
    Knob("YEAR_CONFLICT_FACTOR", "decision", ("setting:year_conflict_factor",),
         (("x0.5", 0.3), ("x1.33", 0.8), ("off", 1.0))),
    Knob("YEAR_CONFLICT_YEARS", "decision",
         (f"module:{_S}.YEAR_CONFLICT_YEARS", f"module:{_SP}.YEAR_CONFLICT_YEARS"),
         (("1", 1), ("3", 3), ("x2", 4))),
    Knob("MIN_YEAR_SUPPORT", "decision", (f"module:{_S}.MIN_YEAR_SUPPORT",),
         (("1", 1), ("3", 3), ("x2", 4))),
    Knob("TITLE_WEIGHT", "features", (f"module:{_F}.TITLE_WEIGHT",),
         (("off", 0), ("x0.5", 1.5), ("x2", 6))),
    Knob("LEAD_SENTENCES", "features", (f"module:{_F}.LEAD_SENTENCES",),
         (("1", 1), ("2", 2), ("4", 4), ("x2", 6))),
    Knob("LEAD_WEIGHT", "features", (f"module:{_F}.LEAD_WEIGHT",),
         (("off (x0.5)", 1.0), ("x1.5", 3.0), ("x2", 4.0))),
    Knob("TOP_ACTORS", "features", (f"module:{_F}.TOP_ACTORS",), (("x0.4", 2), ("x2", 10))),
    Knob("TOP_TERMS", "features", (f"module:{_F}.TOP_TERMS",), _x(80, 0.5, 2)),
    Knob("TOP_ENTITIES", "features", (f"module:{_F}.TOP_ENTITIES",), _x(40, 0.5, 2)),
    Knob("MIN_TERM_CHARS", "features", (f"module:{_F}.MIN_TERM_CHARS",),
         (("2", 2), ("4", 4), ("x2", 6))),
    Knob("MAX_QUOTES", "features", (f"module:{_F}.MAX_QUOTES",),
         (("off", 0), *_x(12, 0.5, 2))),
    Knob("MAX_QUOTE_WORDS", "features", (f"module:{_F}.MAX_QUOTE_WORDS",), _x(30, 0.5, 2)),
    Knob("MIN_QUOTE_WORDS", "features", (f"module:{_F}.MIN_QUOTE_WORDS",),
         (("x0.6", 3), ("x2", 10))),
    Knob("MAX_COMMON_INTEGER", "features", (f"module:{_F}.MAX_COMMON_INTEGER",),
         (("off", 0), *_x(12, 0.5, 2))),
    Knob("YEAR_RANGE", "features", (f"module:{_F}.YEAR_RANGE",),
         (("off", (1, 0)), ("1000-2999", (1000, 2999)))),
    Knob("PROFILE_TERMS", "decision", (f"module:{_S}.PROFILE_TERMS",), _x(400, 0.5, 2)),
    Knob("PROFILE_NAMES", "decision", (f"module:{_S}.PROFILE_NAMES",), _x(200, 0.5, 2)),
    Knob("PROFILE_QUOTE_SHINGLES", "decision", (f"module:{_S}.PROFILE_QUOTE_SHINGLES",),
         _x(2000, 0.5, 2)),
    Knob("QUOTE_SHINGLE_WORDS", "decision", (f"module:{_S}.QUOTE_SHINGLE_WORDS",),
         (("x0.5", 2), ("3", 3), ("5", 5), ("x2", 8))),
    Knob("LOOKUP_KEYS", "decision", ("setting:lookup_keys",), _x(24, 0.5, 2)),
    Knob("MAX_CANDIDATES", "decision", ("setting:max_candidates",), _x(16, 0.5, 2),
         "not in the list of 41; its comment says no sweep is recorded"),
    Knob("SPLIT_MIN_PART", "decision", ("setting:split_min_part",),
         (("2", 2), ("4", 4), ("x2", 6))),
    Knob("SPLIT_MAX_MEMBERS", "decision", ("setting:split_max_members",), _x(24, 0.5, 2)),
    Knob("SPLIT_ROUNDS", "decision", (f"module:{_SP}.SPLIT_ROUNDS",),
         (("off", 0), ("x2", 2), ("x3", 3))),
    Knob("NORM_REFRESH_GROWTH", "speed", (f"module:{_S}.NORM_REFRESH_GROWTH",),
         (("exact", 0.0), *_x(0.1, 0.5, 2))),
    Knob("SECONDARY_THRESHOLD", "secondary", ("setting:secondary_threshold",),
         _x(0.2, 0.5, 2)),
    Knob("MAX_SECONDARY", "secondary", ("setting:max_secondary",),
         (("off", 0), ("1", 1), ("x2", 6))),
    Knob("SECONDARY_SHARED_NAMES", "secondary", (f"module:{_C}.SECONDARY_SHARED_NAMES",),
         (("x0.5", 1), ("x2", 4))),
    Knob("DISTINCTIVE_NAME_DF", "secondary", (f"module:{_C}.DISTINCTIVE_NAME_DF",),
         (("x0.4", 2), ("x2", 10))),
    Knob("DISTINCTIVE_NAME_DF_SHARE", "secondary", (f"module:{_C}.DISTINCTIVE_NAME_DF_SHARE",),
         _x(0.002, 0.5, 2), "binds above 2,500 articles (5 / 0.002): no dev set has so many"),
    Knob("DEFAULT_NUM_PERM", "copies", ("minhash:num_perm",), _x(128, 0.5, 2)),
    Knob("DEFAULT_SHINGLE_WORDS", "copies", ("minhash:shingle_words",),
         (("x0.6", 3), ("x2", 10))),
    Knob("LSH_JACCARD_THRESHOLD", "copies", (f"module:{_D}.LSH_JACCARD_THRESHOLD",),
         _x(0.4, 0.5, 2), "read by no code: it names what LSH_BANDS is the optimum for"),
    Knob("LSH_BANDS", "copies", (f"module:{_D}.LSH_BANDS",), _x(32, 0.5, 2)),
    Knob("DUPLICATE_CONTAINMENT", "copies", (f"module:{_D}.DUPLICATE_CONTAINMENT",),
         (("x0.5", 0.4), ("x0.75", 0.6), ("x1.125", 0.9))),
    Knob("MIN_SHINGLES_FOR_DUPLICATE", "copies", (f"module:{_D}.MIN_SHINGLES_FOR_DUPLICATE",),
         _x(20, 0.5, 2)),
    Knob("LSH_MERGE_EVERY", "speed", (f"module:{_D}.LSH_MERGE_EVERY",), _x(1024, 0.5, 2),
         "1,024 and 2,048 are never reached: no dev set has 1,024 articles"),
    Knob("POSTING_LIMIT", "speed", (f"default:{_I}.CandidateIndex",), _x(64, 0.5, 2)),
    Knob("SWEEP_SHARE", "speed", (f"module:{_I}.SWEEP_SHARE",), _x(0.25, 0.5, 2),
         "never reached: stories are forgotten after 1,000 arrivals at the earliest"),
    Knob("RECENT_FEATURES", "speed", (f"module:{_C}.RECENT_FEATURES",),
         (("x0.0128 (binds)", 256), *_x(20000, 0.5, 2)),
         "20,000 is never reached on the dev sets; 256 binds on ECB+ and gvc-train"),
)  # fmt: skip
BY_NAME = {knob.name: knob for knob in KNOBS}


def current_value(knob: Knob) -> Value:
    """The constant's value as the code has it now."""
    kind, _, where = knob.targets[0].partition(":")
    if kind == "setting":
        value: Value = getattr(StorySettings(), where)
    elif kind == "minhash":
        value = getattr(MinHashParams(), where)
    elif kind == "default":
        (value,) = _init_of(where).__defaults__ or ()
    else:
        module, _, name = where.rpartition(".")
        value = getattr(importlib.import_module(module), name)
    return value


def _init_of(where: str) -> Any:
    module, _, name = where.rpartition(".")
    return getattr(importlib.import_module(module), name).__init__


@dataclass(frozen=True)
class Variant:
    """What a run is made with: the clusterer's settings and the MinHash parameters."""

    settings: StorySettings = field(default_factory=StorySettings)
    minhash: MinHashParams = field(default_factory=MinHashParams)


@contextlib.contextmanager
def applied(knob: Knob, value: Value) -> Iterator[Variant]:
    """The variant with ``knob`` at ``value``; module constants are patched while inside."""
    settings, minhash = StorySettings(), MinHashParams()
    with contextlib.ExitStack() as stack:
        for target in knob.targets:
            kind, _, where = target.partition(":")
            if kind == "setting":
                settings = replace(settings, **{where: value})
            elif kind == "minhash":
                minhash = replace(minhash, **{where: value})
            elif kind == "default":
                stack.enter_context(mock.patch.object(_init_of(where), "__defaults__", (value,)))
            else:
                module, _, name = where.rpartition(".")
                stack.enter_context(mock.patch.object(importlib.import_module(module), name, value))
        # normalise_term keeps its answers: they depend on MIN_TERM_CHARS.
        features_module.normalise_term.cache_clear()
        stack.callback(features_module.normalise_term.cache_clear)
        yield Variant(replace(settings, minhash=minhash), minhash)


@dataclass
class Corpus:
    name: str
    analysed: list[AnalysedArticle]
    gold: dict[str, str]


@dataclass
class Pass:
    """One value's figures: per set, the F1 of each shuffled order and its stories."""

    f1s: dict[str, list[float]]
    stories: dict[str, list[frozenset[frozenset[str]]]]
    copies: int
    links: int
    links_in_topic: int
    links_placed: int  # links on the topic set whose story's topic is known
    seconds: float

    def mean(self, name: str) -> float:
        return statistics.mean(self.f1s[name])

    @property
    def overall(self) -> float:
        return statistics.mean(self.mean(name) for name in self.f1s)

    @property
    def worst(self) -> tuple[str, float]:
        name = min(self.f1s, key=lambda n: (self.mean(n), n))
        return name, self.mean(name)

    def in_topic(self) -> float | None:
        return self.links_in_topic / self.links_placed if self.links_placed else None


def topic_of(set_name: str, story: str) -> str | None:
    """The topic of a gold story, on the set whose story ids name one (ECB+)."""
    if set_name != TOPIC_SET:
        return None
    found = _TOPIC.match(story)
    return found.group() if found else None


def score_pass(corpora: Sequence[Corpus], variant: Variant, seeds: int, features: bool) -> Pass:
    """Every set in ``seeds`` shuffled orders under ``variant``; features made again when the
    constant shapes them (else the current ones, made once per process)."""
    f1s: dict[str, list[float]] = {}
    stories: dict[str, list[frozenset[frozenset[str]]]] = {}
    copies = links = in_topic = placed = 0
    seconds = 0.0
    for corpus in corpora:
        made = (
            [extract_features(a, variant.minhash) for a in corpus.analysed]
            if features
            else _current_features(corpus)
        )
        f1s[corpus.name], stories[corpus.name] = [], []
        for seed in range(seeds):
            shuffled = list(made)
            random.Random(seed).shuffle(shuffled)
            started = time.process_time()
            run = _cluster(shuffled, variant.settings)
            seconds += time.process_time() - started
            f1s[corpus.name].append(score_clustering(run.predicted, corpus.gold).bcubed_f1)
            stories[corpus.name].append(partition(run.predicted))
            copies += run.copies
            links += len(run.links)
            topics = _story_topics(corpus.name, run.predicted, corpus.gold)
            for article_id, linked in run.links:
                mine = topic_of(corpus.name, corpus.gold[article_id])
                if mine is not None and linked in topics:
                    placed += 1
                    in_topic += topics[linked] == mine
    return Pass(f1s, stories, copies, links, in_topic, placed, seconds)


_FEATURES: dict[str, list[ArticleFeatures]] = {}


def _current_features(corpus: Corpus) -> list[ArticleFeatures]:
    if corpus.name not in _FEATURES:
        _FEATURES[corpus.name] = [extract_features(a) for a in corpus.analysed]
    return _FEATURES[corpus.name]


@dataclass
class _Run:
    predicted: dict[str, str]
    links: list[tuple[str, str]]
    copies: int


def _cluster(features: Sequence[ArticleFeatures], settings: StorySettings) -> _Run:
    clusterer = StoryClusterer(settings)
    predicted: dict[str, str] = {}
    copy_of: dict[str, str | None] = {}
    links: list[tuple[str, str]] = []
    for feature in features:
        assignment = clusterer.add(feature)
        predicted[assignment.article_id] = assignment.story_id
        copy_of[assignment.article_id] = assignment.duplicate_of
        links += [(assignment.article_id, other) for other in assignment.secondary_story_ids]
        for revised in clusterer.take_revisions():
            predicted[revised.article_id] = revised.story_id
            copy_of[revised.article_id] = revised.duplicate_of
    return _Run(predicted, links, sum(1 for original in copy_of.values() if original))


def _story_topics(name: str, predicted: Mapping[str, str], gold: Mapping[str, str]) -> dict:
    """Predicted story -> the topic most of its members' gold stories are in (ECB+ only)."""
    counts: dict[str, dict[str, int]] = {}
    for article_id, story in predicted.items():
        topic = topic_of(name, gold.get(article_id, ""))
        if topic is not None:
            counts.setdefault(story, {}).setdefault(topic, 0)
            counts[story][topic] += 1
    return {story: max(c, key=lambda t: (c[t], t)) for story, c in counts.items()}


def partition(predicted: Mapping[str, str]) -> frozenset[frozenset[str]]:
    """The stories as sets of article ids (story ids aside)."""
    groups: dict[str, set[str]] = {}
    for article_id, story in predicted.items():
        groups.setdefault(story, set()).add(article_id)
    return frozenset(frozenset(group) for group in groups.values())


def moved(base: Mapping[str, float], other: Mapping[str, float]) -> dict[str, float]:
    """Sets whose figure ``other`` moves from ``base`` by ``MOVED`` or more: name -> change."""
    return {
        name: other[name] - base[name]
        for name in base
        if name in other and abs(other[name] - base[name]) >= MOVED
    }


def leave_one_out(by_value: Mapping[str, Mapping[str, float]], current: str) -> dict[str, str]:
    """For each set, the value picked on the other sets (best mean F1; ties to ``current``,
    then to the first listed): set -> the label of that value."""
    names = list(by_value[current])
    picked = {}
    for name in names:
        others = [n for n in names if n != name]

        def on_others(label: str, others: list[str] = others) -> float:
            return round(statistics.mean(by_value[label][n] for n in others), 6)

        best = max(on_others(label) for label in by_value)
        picked[name] = (
            current
            if on_others(current) == best
            else next(label for label in by_value if on_others(label) == best)
        )
    return picked


def loo_mean(by_value: Mapping[str, Mapping[str, float]], current: str) -> float:
    """Mean over sets of each set's F1 at the value picked on the other sets."""
    picked = leave_one_out(by_value, current)
    return statistics.mean(by_value[label][name] for name, label in picked.items())


def figure(
    by_value: Mapping[str, Mapping[str, float]], current: str, short: Mapping[str, str]
) -> str:
    """A constant's figure in words: per tried value, the sets it moves (F1 now -> then), or
    "flat" where none moves; the lowered sets first."""
    parts = []
    now = by_value[current]
    for label, figures in by_value.items():
        if label == current:
            continue
        changes = moved(now, figures)
        if not changes:
            parts.append(f"{label} flat")
            continue
        shown = ", ".join(
            f"{short.get(name, name)} {now[name]:.3f}->{figures[name]:.3f}"
            for name in sorted(changes, key=lambda n: (changes[n], n))
        )
        parts.append(f"{label}: {shown}")
    return "; ".join(parts)


# Short names for the figure text (the corpora of examples/stories/ by their first words).
SHORT = {"political_features": "political", "wire_local_opinion": "wire_local"}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default=",".join(SETS))
    parser.add_argument("--seeds", type=int, default=DEFAULT_SEEDS)
    parser.add_argument("--cache", type=Path, default=None, help="folder for analysed articles")
    parser.add_argument("--only", default="", help="comma-separated constants (default: all)")
    args = parser.parse_args(argv)
    knobs = [BY_NAME[name] for name in args.only.split(",") if name] or list(KNOBS)
    corpora = []
    for name in args.sets.split(","):
        if not set_files(name)[0].exists():
            print(f"skipping {name}: {set_files(name)[0]} is missing")
            continue
        articles, gold = load_set(name)
        corpora.append(Corpus(name, analyse_set(articles, args.cache, name), gold))
    started = time.perf_counter()
    base = score_pass(corpora, Variant(), args.seeds, features=False)
    print(
        f"current values: mean {base.overall:.4f}, worst {base.worst[0]} {base.worst[1]:.4f} "
        f"({args.seeds} orders, {time.perf_counter() - started:.1f} s wall, "
        f"{base.seconds:.1f} s clustering)",
        flush=True,
    )
    base_means = {c.name: base.mean(c.name) for c in corpora}
    print("  " + " ".join(f"{SHORT.get(n, n)} {v:.4f}" for n, v in base_means.items()))
    summary: dict[str, dict[str, Any]] = {
        "current values": {
            "group": "",
            "value": "",
            "figure": ", ".join(f"{SHORT.get(n, n)} {v:.3f}" for n, v in base_means.items()),
            "LOO mean": base.overall,
            "LOO lift": 0.0,
            "note": "B-cubed F1 of each set with every constant as it is",
        }
    }
    detail: dict[str, dict[str, Any]] = {"current values": _row(base, base)}
    for knob in knobs:
        current = f"now {_show(current_value(knob))}"
        by_value: dict[str, dict[str, float]] = {current: base_means}
        for label, value in knob.tried:
            started = time.perf_counter()
            with applied(knob, value) as variant:
                result = score_pass(corpora, variant, args.seeds, knob.features)
            row = _row(result, base)
            detail[f"{knob.name} {label} ({_show(value)})"] = row
            by_value[f"{label} ({_show(value)})"] = {c.name: result.mean(c.name) for c in corpora}
            print(
                f"{knob.name:26s} {label:>16s} = {_show(value):>10s}: mean {result.overall:.4f} "
                f"worst {result.worst[0]} {result.worst[1]:.4f} | same stories "
                f"{row['same stories']} | lowered {row['lowered']} | lifted {row['lifted']} | "
                f"copies {result.copies} links {result.links} | {result.seconds:.1f} s "
                f"({time.perf_counter() - started:.0f} s wall)",
                flush=True,
            )
        loo = loo_mean(by_value, current)
        summary[knob.name] = {
            "group": knob.group,
            "value": _show(current_value(knob)),
            "figure": figure(by_value, current, SHORT),
            "LOO mean": loo,
            "LOO lift": loo - base.overall,
            "note": knob.note,
        }
        print(f"  -> {summary[knob.name]['figure']} | LOO mean {loo:.4f}", flush=True)
    lowered = discrimination(detail, [c.name for c in corpora])
    _print_discrimination(lowered)
    written = {name for name in SETS if name not in ("ecbplus", "basil", "gvc-train")}
    default = args.sets == ",".join(SETS) and not args.only
    note = (
        f"Means over {args.seeds} shuffled orders per set; 'lowered' and 'lifted' list the sets "
        f"that move by {MOVED} or more. Written corpora: "
        + ", ".join(sorted(written & {c.name for c in corpora}))
        + "."
    )
    save_results(
        "constants",
        Table(
            f"tuned constants, B-cubed F1 over {args.seeds} orders",
            summary,
            formats={"LOO mean": ".4f", "LOO lift": "+.4f"},
        ),
        Table("sets lowered by a tried value", lowered),
        Table(
            "each value tried",
            detail,
            formats={"copies": "d", "links": "d", "clustering s": ".1f"},
        ),
        partial=not default,
        note=note,
    )


def _row(result: Pass, base: Pass) -> dict[str, Any]:
    means = {name: result.mean(name) for name in result.f1s}
    base_means = {name: base.mean(name) for name in base.f1s}
    changes = moved(base_means, means)
    differ = sum(
        a != b
        for name in result.stories
        for a, b in zip(result.stories[name], base.stories[name], strict=True)
    )
    runs = sum(len(orders) for orders in result.stories.values())
    topic = result.in_topic()
    return {
        **means,
        "mean": result.overall,
        "worst set": f"{result.worst[0]} {result.worst[1]:.3f}",
        "lowered": _changes(changes, means, lambda d: d < 0),
        "lifted": _changes(changes, means, lambda d: d > 0),
        "same stories": "yes" if not differ else f"no ({differ}/{runs} runs)",
        "copies": result.copies,
        "links": result.links,
        "ECB+ links in topic": None if topic is None else round(topic, 4),
        "clustering s": result.seconds,
    }


def _changes(changes: Mapping[str, float], means: Mapping[str, float], keep: Any) -> str:
    shown = [
        f"{SHORT.get(name, name)} {means[name]:.3f}"
        for name in sorted(changes, key=lambda n: (changes[n], n))
        if keep(changes[name])
    ]
    return ", ".join(shown) or "none"


def discrimination(
    detail: Mapping[str, Mapping[str, Any]], names: Sequence[str]
) -> dict[str, dict[str, Any]]:
    """Per set, the tried values that lower it (by ``MOVED`` or more) and their constants: a
    set no value lowers does not discriminate (issue 23)."""
    base = detail["current values"]
    found: dict[str, dict[str, Any]] = {}
    for name in names:
        lowering = [
            label
            for label, row in detail.items()
            if label != "current values" and row[name] <= base[name] - MOVED
        ]
        constants = sorted({label.split()[0] for label in lowering})
        found[name] = {
            "values lowering it": len(lowering),
            "constants": len(constants),
            "which": ", ".join(constants) or "none: never lowered",
        }
    return found


def _print_discrimination(found: Mapping[str, Mapping[str, Any]]) -> None:
    print("\n== sets lowered by some tried value (a set never lowered does not discriminate)")
    for name, row in found.items():
        print(f"{name:20s} {row['values lowering it']:3d} values: {row['which']}")


def _show(value: Value) -> str:
    if isinstance(value, tuple):
        return "-".join(map(str, value))
    return f"{value:g}" if isinstance(value, float) else str(value)


if __name__ == "__main__":
    main()
