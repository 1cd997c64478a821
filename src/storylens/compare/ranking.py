"""Which of an outlet's own claims a reader should see first: the short lists of "only in".

A claim counts for more the nearer it sits to the lead (reporters put what matters first),
and for each thing a fact-checker can check in it: names, numbers, quoted words. A claim
another outlet may tell in other words (``Claim.maybe_matches``) comes after those surely
one outlet's own: the short list shows first what only that outlet reports.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from storylens.records import Claim

# Claims a short list shows before the rest go behind an expander.
SHORT_LIST = 5
# What each mark adds to a claim's weight; the lead counts up to LEAD_WEIGHT for the first
# claim, falling to none for the last.
LEAD_WEIGHT = 2.0
NAME_WEIGHT = 1.0
MAX_NAMES_COUNTED = 3  # a list of names is one fact, not ten
NUMBER_WEIGHT = 1.5
QUOTE_WEIGHT = 1.5

# A capitalised word not at the start of the sentence: a name, most of the time.
_NAME = re.compile(r"(?<=[\w,;:] )[A-Z][a-z]+(?:[-'’][A-Z]?[a-z]+)?")
_NUMBER = re.compile(
    r"\d|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
    r"forty|fifty|hundred|thousand|million|billion|dozen)\b",
    re.IGNORECASE,
)
_QUOTE = re.compile(r"[\"“”‘’']\w[^\"“”‘’]{3,}[\"“”‘’']")


def claim_weight(claim: Claim, position: int, count: int) -> float:
    """How much a claim matters: ``position`` is its place among its article's ``count``."""
    lead = LEAD_WEIGHT * (1 - position / count) if count else 0.0
    names = min(len(_NAME.findall(claim.text)), MAX_NAMES_COUNTED) * NAME_WEIGHT
    number = NUMBER_WEIGHT if _NUMBER.search(claim.text) else 0.0
    quote = QUOTE_WEIGHT if _QUOTE.search(claim.text) else 0.0
    return lead + names + number + quote


def rank_claims(claims: Sequence[Claim], story: Sequence[Claim] = ()) -> list[Claim]:
    """The claims most important first (ties in the article's order), those another outlet
    may tell in other words after the rest. A claim's lead
    position is its place among its article's claims in ``story`` (all the story's claims),
    or among ``claims`` when that is not given."""
    by_article: dict[str, list[int]] = {}
    for claim in story or claims:
        by_article.setdefault(claim.article_id, []).append(claim.start)
    for starts in by_article.values():
        starts.sort()
    weights = {}
    for claim in claims:
        starts = by_article.get(claim.article_id, [claim.start])
        position = sum(1 for start in starts if start < claim.start)
        weights[id(claim)] = claim_weight(claim, position, len(starts))
    return sorted(claims, key=lambda c: (bool(c.maybe_matches), -weights[id(c)]))


def short_list(
    claims: Sequence[Claim], story: Sequence[Claim] = (), size: int = SHORT_LIST
) -> tuple[list[Claim], list[Claim]]:
    """The ``size`` most important claims, and the rest in the articles' order."""
    ranked = rank_claims(claims, story)
    top = ranked[:size]
    chosen = {id(c) for c in top}
    return top, [c for c in claims if id(c) not in chosen]
