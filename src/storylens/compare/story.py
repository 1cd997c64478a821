"""The compare stage for one story: StoryMember records in, one StoryComparison out.

Every part is its own module with a plain function; this one computes what they share once
(the claims and their similarity matrix, which articles are copies) and hands it to each.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from storylens.compare.claims import (
    MIN_SHARED_STEMS,
    align_claims,
    claim_units,
    copies_in_story,
    similarity_matrix,
)
from storylens.compare.details import find_conflicts
from storylens.compare.framing import tone_profiles
from storylens.compare.lineage import ORDER_UNKNOWN, find_echoes, lineage, publication_order
from storylens.compare.quotes import QuoteInStory, align_quotes, utterance_words
from storylens.compare.sourcing import sourcing_profiles
from storylens.compare.summary import summarise, timeline
from storylens.records import StoryComparison, StoryMember

# The most articles one comparison reads: the earliest ones, since later articles of a very
# large story mostly repeat them; beyond this the cost grows with the square of the count.
MAX_COMPARED_ARTICLES = 100


def quotes_in_story(members: Sequence[StoryMember]) -> list[QuoteInStory]:
    """Every quote of the story, its words without a splitting attribution."""
    found = []
    for member in members:
        text = member.analysed.article.text
        for quote in member.analysed.quotes:
            if quote.act != "speech":
                continue  # beliefs, goals and documents are attributions, not who said what
            opening_mark = text[quote.start - 1] if quote.start > 0 else ""
            found.append(
                QuoteInStory(
                    article_id=member.id,
                    outlet=member.analysed.article.outlet,
                    text=utterance_words(quote.text, quote.segments, opening_mark),
                    speaker=quote.speaker,
                    kind=quote.kind,
                    start=quote.start,
                    end=quote.end,
                )
            )
    return found


def compare_story(
    story_id: str,
    members: Sequence[StoryMember],
    dense: Callable[[Sequence[str]], np.ndarray] | None = None,
) -> StoryComparison:
    """Compare the accounts of one story: quotes, claims, details, sourcing, tone, lineage,
    summary and timeline. ``dense`` optionally embeds sentences (``storylens[embeddings]``)."""
    notes = []
    if len(members) > MAX_COMPARED_ARTICLES:
        kept = sorted(publication_order(members)[:MAX_COMPARED_ARTICLES])
        notes.append(f"compared the {MAX_COMPARED_ARTICLES} earliest of {len(members)} articles")
        members = [members[i] for i in kept]
    copies = copies_in_story(members)
    units = claim_units(members)
    cosine = similarity_matrix(units, dense)
    echoes, echo_pairs = find_echoes(members, units, cosine, copies)
    claims = align_claims(
        members, units, cosine, frozenset(echo_pairs), 0 if dense else MIN_SHARED_STEMS
    )
    per_article, per_outlet = sourcing_profiles(members, copies)
    order = publication_order(members)
    dated = [i for i in order if members[i].analysed.article.published]
    if members and not dated:
        notes.append(ORDER_UNKNOWN)
    return StoryComparison(
        story_id=story_id,
        article_ids=tuple(member.id for member in members),
        quote_groups=align_quotes(quotes_in_story(members)),
        claims=claims,
        details=find_conflicts(members, units, cosine, copies),
        sourcing=per_article,
        sourcing_by_outlet=per_outlet,
        tone=tone_profiles(members, copies),
        lineage=lineage(members, units, echo_pairs, copies),
        echoes=tuple(echoes),
        summary=summarise(members, units, claims, cosine),
        timeline=timeline(members, copies, units, cosine),
        first_article_id=members[dated[0]].id if dated else None,
        notes=tuple(notes),
    )
