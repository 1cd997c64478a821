"""The compare stage for one story: StoryMember records in, one StoryComparison out.

Every part is its own module with a plain function; this one computes what they share once
(the claims and their similarity matrix, which articles are copies) and hands it to each.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from storylens.analyse.quotes.acts import EVIDENCE_VERBS
from storylens.compare.claims import (
    MIN_SHARED_STEMS,
    ClaimJudge,
    align_claims,
    claim_units,
    copies_in_story,
    similarity_matrix,
)
from storylens.compare.details import find_conflicts
from storylens.compare.framing import tone_profiles
from storylens.compare.lineage import (
    FIRST_UNKNOWN,
    ORDER_UNKNOWN,
    find_echoes,
    first_published,
    lineage,
    publication_order,
)
from storylens.compare.names_only import people_only_one_outlet_names
from storylens.compare.quotes import (
    ALIGNED_KINDS,
    QuoteInStory,
    align_quotes,
    join_pieces_told_whole,
    join_split_sentences,
    quote_wordings,
    speaker_of,
)
from storylens.compare.shared_lines import with_shared_pointers
from storylens.compare.sourcing import sourcing_profiles
from storylens.compare.summary import summarise, with_summary_pointers
from storylens.compare.summary_wordings import with_summary_wordings
from storylens.compare.timeline import timeline
from storylens.compare.variants import same_speaker
from storylens.compare.words import fold
from storylens.compare.words import words as words_of
from storylens.records import Quote, StoryComparison, StoryMember

# The most articles one comparison reads: the earliest ones, since later articles of a very
# large story mostly repeat them; beyond this the cost grows with the square of the count.
MAX_COMPARED_ARTICLES = 100


def _wordings(text: str, quote: Quote) -> list[tuple[str, int, int]]:
    """A quote's words as the comparison reads them (``quotes.quote_wordings``)."""
    return quote_wordings(text, quote)


def _relay(quote: Quote) -> str | None:
    """Whose quote holds a nested quote's words, unless they are the speaker's own."""
    if quote.kind != "nested" or not quote.reported_by:
        return None
    return None if same_speaker(quote.reported_by, quote.speaker) else quote.reported_by


# A finding's verb ("the report shows", "the audit found"): what a document or study
# establishes, not words it prints; the forms of ``acts.EVIDENCE_VERBS`` a cue may take.
_FINDING_CUES = frozenset(
    form
    for verb in EVIDENCE_VERBS
    for form in (verb, f"{verb}s", f"{verb}d", f"{verb}ed", f"{verb.removesuffix('e')}ing")
) | frozenset({"found", "shown", "proven", "showing", "finding"})


def _documents_words(quote: Quote) -> bool:
    """Whether a quote is a document's own words in marks ("the letter reads, '...'", "the
    report says"): evidence by its source, but words two outlets may both print, unlike a
    finding ("the report shows") or anything told without marks."""
    if quote.act != "evidence" or quote.kind not in ALIGNED_KINDS:
        return False
    cue = words_of(quote.cue or "")
    return not cue or fold(cue[-1]) not in _FINDING_CUES


def quotes_in_story(members: Sequence[StoryMember]) -> list[QuoteInStory]:
    """Every quote of the story, its words without a splitting attribution."""
    found = []
    texts = {}
    for member in members:
        text = member.analysed.article.text
        texts[member.id] = text
        own = []
        for quote in member.analysed.quotes:
            if quote.act != "speech" and not _documents_words(quote):
                continue  # beliefs, goals and findings are attributions, not who said what
            for words, start, end in _wordings(text, quote):
                own.append(
                    QuoteInStory(
                        article_id=member.id,
                        outlet=member.analysed.article.outlet,
                        text=words,
                        speaker=speaker_of(quote.speaker),
                        kind=quote.kind,
                        start=start,
                        end=end,
                        reported_by=_relay(quote),
                    )
                )
        found += join_split_sentences(text, own)
    return join_pieces_told_whole(texts, found)


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
    vectors = dense([unit.text for unit in units]) if dense is not None and units else None
    cosine = similarity_matrix(units, vectors=vectors)
    echoes, echo_pairs = find_echoes(members, units, cosine, copies)
    judge = ClaimJudge(units, vectors)
    claims = align_claims(
        members, units, cosine, frozenset(echo_pairs), 0 if dense else MIN_SHARED_STEMS, judge
    )
    per_article, per_outlet = sourcing_profiles(members, copies)
    details = find_conflicts(members, units, cosine, copies)
    summary = summarise(members, units, claims, cosine, details, judge.profile, judge.profile_text)
    claims = with_summary_pointers(claims, summary)
    texts = {member.id: member.analysed.article.text for member in members}
    claims = with_summary_wordings(claims, summary, [u.sentence_span for u in units], texts)
    claims = with_shared_pointers(members, units, claims, judge.profile, judge.profile_text)
    first = first_published(members)
    if members and not any(member.analysed.article.published for member in members):
        notes.append(ORDER_UNKNOWN)
    elif members and first is None:
        notes.append(FIRST_UNKNOWN)
    return StoryComparison(
        story_id=story_id,
        article_ids=tuple(member.id for member in members),
        quote_groups=align_quotes(quotes_in_story(members)),
        claims=claims,
        details=details,
        sourcing=per_article,
        sourcing_by_outlet=per_outlet,
        tone=tone_profiles(members, copies),
        lineage=lineage(members, units, echo_pairs, copies),
        echoes=tuple(echoes),
        summary=summary,
        timeline=timeline(members, copies, units, cosine),
        names_only=people_only_one_outlet_names(members, copies),
        first_article_id=members[first].id if first is not None else None,
        notes=tuple(notes),
    )
