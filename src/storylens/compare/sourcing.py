"""Sourcing profile: whom each article and each outlet quotes, by kind of source, and which
speakers other outlets quote that it leaves out.

Quoted words are counted from the quotes' own text, so a long anonymous account weighs more
than a one-word named quote. Speech that names no source ("it was claimed") counts as
unattributed; so do the outlet's own hedges ("reportedly"), which pass on a claim whose source
it does not give.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from storylens.compare.variants import same_speaker
from storylens.compare.words import fold, is_stop_word, words
from storylens.records import SourceCount, SourceType, SourcingProfile, StoryMember

# An unnamed speaker is an anonymous *source* when described by access or role ("the
# insider", "a source close to", "officials"); described only as one of the public or of an
# audience ("one person", "a second", "many", "fans", "viewers"), they are unnamed people
# giving reactions, which no outlet leans on for facts. The quantifiers, ordinals and
# audience nouns below are closed classes of English, not a list tuned to any text.
PUBLIC_WORDS = frozenset(
    """
    one another other others some many few several most all both someone somebody anyone
    person people individual individuals second third fourth fifth sixth seventh eighth
    ninth tenth last latter former commenter commenters user users follower followers fan fans
    viewer viewers reader readers listener listeners onlooker onlookers bystander bystanders
    passerby passersby member members public crowd audience reporter reporters interviewer
    """.split()  # noqa: SIM905 - a word list reads better as text
)

# Kinds of quote that are someone's speech (scare quotes and titles are not).
SPEECH_KINDS = frozenset({"direct", "indirect", "mixed", "nested"})
_SOURCE_TYPES: tuple[SourceType, ...] = (
    "person",
    "organization",
    "anonymous",
    "unnamed",
    "unattributed",
)


def source_type(speaker_type: str, mention: str | None) -> SourceType:
    if speaker_type == "anonymous":
        # The role nouns describe the speaker; a capitalised word after the first names
        # their affiliation ("an Extra reporter", "a Downing Street source"), not their role.
        described = [
            fold(w)
            for i, w in enumerate(words(mention or ""))
            if not (i and w[:1].isupper()) and (not is_stop_word(w) or fold(w) in PUBLIC_WORDS)
        ]
        if described and all(w in PUBLIC_WORDS for w in described):
            return "unnamed"
        return "anonymous"
    if speaker_type in ("person", "organization"):
        return speaker_type  # type: ignore[return-value]
    return "unattributed"


def _profile(outlet: str, members: Sequence[StoryMember]) -> SourcingProfile:
    quotes: Counter[SourceType] = Counter()
    quoted_words: Counter[SourceType] = Counter()
    speakers: Counter[str] = Counter()
    anonymous: dict[str, None] = {}
    for member in members:
        for quote in member.analysed.quotes:
            if quote.kind not in SPEECH_KINDS or quote.act != "speech":
                continue
            source = source_type(quote.speaker_type, quote.speaker_mention or quote.speaker)
            quotes[source] += 1
            quoted_words[source] += len(words(quote.text))
            if source in ("person", "organization") and quote.speaker:
                speakers[quote.speaker] += 1
            elif source == "anonymous":
                anonymous[
                    (quote.speaker or quote.speaker_mention or "an unnamed source").lower()
                ] = None
        hedges = [
            mark
            for mark in member.analysed.tone
            if mark.polarity == "hedge" and mark.voice == "own"
        ]
        quotes["unattributed"] += len(hedges)
    total_words = sum(quoted_words.values())
    return SourcingProfile(
        outlet=outlet,
        article_ids=tuple(member.id for member in members),
        counts=tuple(SourceCount(t, quotes[t], quoted_words[t]) for t in _SOURCE_TYPES),
        speakers=tuple(name for name, _ in speakers.most_common()),
        anonymous=tuple(anonymous),
        anonymous_share=round(quoted_words["anonymous"] / total_words, 3) if total_words else 0.0,
    )


def _with_left_out(profiles: list[SourcingProfile], everyone: set[str]) -> list[SourcingProfile]:
    """Each profile with the speakers others quote and it does not ("Alec" is "Alec Baldwin")."""
    return [
        replace(
            profile,
            left_out=tuple(
                sorted(
                    name
                    for name in everyone
                    if not any(same_speaker(name, own) for own in profile.speakers)
                )
            ),
        )
        for profile in profiles
    ]


def sourcing_profiles(
    members: Sequence[StoryMember], copies: dict[int, int]
) -> tuple[tuple[SourcingProfile, ...], tuple[SourcingProfile, ...]]:
    """(one profile per article, one per outlet). Copies get an article profile but do not
    add to their outlet's: they quote whom their original quotes."""
    per_article = [_profile(member.outlet, [member]) for member in members]
    by_outlet: dict[str, list[StoryMember]] = {}
    for index, member in enumerate(members):
        if index not in copies:
            by_outlet.setdefault(member.outlet, []).append(member)
    outlets = [_profile(outlet, group) for outlet, group in by_outlet.items()]
    everyone = {name for profile in outlets for name in profile.speakers}
    return tuple(_with_left_out(per_article, everyone)), tuple(_with_left_out(outlets, everyone))
