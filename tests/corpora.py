"""A fictional news corpus for the tests that run storylens end to end in subprocesses (crash,
watch, concurrency), and the checks of the stories a store holds against the events written.

Every event has its own place, people, organisation and subject, so the articles of one event
share names and words that no other event has, and the stories a run makes can be checked
against the events exactly.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path

from storylens.store import Store

EVENTS = [
    ("Brackenford", "Ilse Varga", "Brackenford Water Board", "reservoir", "dam", "leak"),
    ("Quillmouth", "Osric Pell", "Quillmouth Ferry Company", "ferry", "harbour", "strike"),
    ("Larkspur Vale", "Tamsin Ode", "Larkspur Orchard Union", "orchard", "frost", "harvest"),
    ("Dunmere", "Perrin Hask", "Dunmere Rail Trust", "tramline", "signal", "derailment"),
    ("Whitcombe", "Anouk Brell", "Whitcombe Library Guild", "library", "manuscript", "theft"),
    ("Fenhollow", "Caspar Lund", "Fenhollow Fire Brigade", "warehouse", "blaze", "smoke"),
    ("Ostmark Bay", "Rhea Solberg", "Ostmark Fishing Cooperative", "trawler", "storm", "rescue"),
    ("Granby Heath", "Milo Taverner", "Granby Heath Council", "bridge", "flood", "closure"),
    ("Corriemoor", "Edda Finch", "Corriemoor Observatory", "telescope", "comet", "discovery"),
    ("Saltcombe", "Jory Wrenn", "Saltcombe School Board", "school", "roof", "collapse"),
    ("Pellinore", "Vesna Kade", "Pellinore Mining Company", "mine", "tunnel", "rescue"),
    ("Ashgrove", "Tobias Marr", "Ashgrove Zoo Trust", "zoo", "tiger", "escape"),
]
OUTLETS = ["Harbor Gazette", "Daily Lantern", "Northern Courier", "Evening Ledger", "Wire Desk"]


def event_articles(event: int, count: int, first: int = 0) -> Iterator[dict[str, str]]:
    """Fictional reports ``first`` .. ``first + count - 1`` of one event, each worded
    differently; the id says the event and the report (``ev03-01``)."""
    place, person, org, thing, cause, outcome = EVENTS[event]
    facts = [
        f"The {outcome} at the {place} {thing} followed weeks of {cause} warnings.",
        f"{person} of the {org} said crews reached the {thing} within the hour.",
        f"\u201cNobody in {place} should have to live with this {cause},\u201d {person} said.",
        f"The {org} has called an emergency meeting about the {thing}.",
        f"Inspectors from {place} examined the {cause} damage around the {thing} overnight.",
        f"Neighbours of the {place} {thing} described the {outcome} as sudden and frightening.",
        f"{person} said the {org} had asked twice for money to repair the {thing}.",
        f"The {thing} in {place} will stay shut until the {org} finishes its review.",
    ]
    for index in range(first, first + count):
        outlet = OUTLETS[index % len(OUTLETS)]
        # Each report tells a different selection of the facts, in its own order.
        chosen = [facts[(index * 3 + step * (index % 3 + 1)) % len(facts)] for step in range(5)]
        yield {
            "id": f"ev{event:02d}-{index:02d}",
            "outlet": outlet,
            "title": f"{place} {thing} {outcome}: {person} speaks ({index})",
            "published": f"2026-03-{3 + index % 3:02d}",
            # No outlet name in the text: outlets report every event, so a name they share
            # would tie events together.
            "text": " ".join(dict.fromkeys(chosen))
            + f" This is report number {index + 1} on the {place} {outcome}.",
        }


def interleaved(events: Iterable[int], per_event: int) -> list[dict[str, str]]:
    """The reports of these events interleaved, as a news stream mixes them."""
    rows = [row for event in events for row in event_articles(event, per_event)]
    rows.sort(key=lambda row: (row["id"][-2:], row["id"]))
    return rows


def jsonl(rows: Iterable[dict[str, str]]) -> str:
    return "".join(json.dumps(row) + "\n" for row in rows)


def write_jsonl(path: Path, rows: Iterable[dict[str, str]]) -> list[str]:
    """A JSON Lines file of ``rows``; their ids."""
    rows = list(rows)
    path.write_text(jsonl(rows), encoding="utf-8")
    return [row["id"] for row in rows]


def write_corpus(path: Path, events: Iterable[int], per_event: int) -> list[str]:
    """A JSON Lines corpus of these events, interleaved; its ids."""
    return write_jsonl(path, interleaved(events, per_event))


def stored_ids(db: str) -> list[str]:
    with Store(db, create=False) as store:
        return sorted(row.id for row in store.article_rows())


def stored_partition(db: str) -> set[frozenset[str]]:
    """The stories as sets of article ids: what must match whatever the run's history."""
    with Store(db, create=False) as store:
        return {frozenset(s.article_ids) for s in store.story_summaries()}


def event_partition(ids: Iterable[str]) -> set[frozenset[str]]:
    """The stories a written corpus holds: one per event (ids start with the event's)."""
    events: dict[str, set[str]] = {}
    for article_id in ids:
        events.setdefault(article_id.split("-")[0], set()).add(article_id)
    return {frozenset(members) for members in events.values()}


def bcubed_f1(found: set[frozenset[str]], truth: set[frozenset[str]]) -> float:
    """B-cubed F1 of a partition against the true one (Bagga and Baldwin 1998): for each item,
    the share of its cluster that is of its class (precision) and of its class that is in its
    cluster (recall), averaged over the items. 1.0 exactly when the partitions are equal."""
    cluster_of = {item: cluster for cluster in found for item in cluster}
    class_of = {item: members for members in truth for item in members}
    items = list(class_of)
    if not items:
        return 1.0
    precision = recall = 0.0
    for item in items:
        cluster = cluster_of.get(item, frozenset({item}))
        shared = len(cluster & class_of[item])
        precision += shared / len(cluster)
        recall += shared / len(class_of[item])
    precision, recall = precision / len(items), recall / len(items)
    return 2 * precision * recall / (precision + recall)
