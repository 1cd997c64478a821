"""Sourcing profile: whom each article and each outlet quotes, by kind of source, and which
speakers other outlets quote that it leaves out.

Only words inside quotation marks are counted as a source's words (a mixed quote's marked
phrase, not the reporter's clause around it), so a long anonymous account weighs more than a
one-word named quote, and narration about a person ("Scoop, who taunted Baldwin ...") weighs
nothing; reported speech whose speaker is named inside its own content is that narration, and
does not make the person a source. Reported speech without marks is counted apart, as
reported, with no words. Speech that names no source ("it was claimed") counts as
unattributed; so do the outlet's own hedges ("reportedly"), which pass on a claim whose source
it does not give. A kind of source with nothing to count has no row.

A speaker described by a definite role ("the new mayor") in an article that names people is
one of them, called by role after being named (a source kept anonymous is described by access
instead: "the insider", "a source"). An outlet never leaves out itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace

from storylens.analyse.quotes.acts import DOCUMENT_NOUNS
from storylens.analyse.quotes.cues import ANONYMOUS_NOUNS, SPEECH_NOUNS
from storylens.compare.quotes import marked_phrases
from storylens.compare.variants import same_speaker
from storylens.compare.words import fold, is_stop_word, words
from storylens.records import Quote, SourceCount, SourceType, SourcingProfile, StoryMember

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

# Nouns for a written or broadcast text (beside the document and speech nouns the quote
# extractor knows): an unnamed "speaker" described by one ("that cable", "the headline",
# "this ad") is a text, whose words are no anonymous source's.
TEXT_NOUNS = frozenset(
    """
    cable memo email e-mail note article headline column editorial ad advert advertisement
    cover page site website book essay op-ed excerpt term caption banner flyer leaflet
    """.split()  # noqa: SIM905 - a word list reads better as text
)

# Kinds of quote that are someone's speech (scare quotes and titles are not).
SPEECH_KINDS = frozenset({"direct", "indirect", "mixed", "nested"})
# The article that refers back to someone already introduced: "the new mayor", "the actor".
DEFINITE_ARTICLE = "the"
_SOURCE_TYPES: tuple[SourceType, ...] = (
    "person",
    "organization",
    "anonymous",
    "unnamed",
    "unattributed",
)


def source_type(speaker_type: str, mention: str | None, names_people: bool = False) -> SourceType:
    """The kind of source a quote's speaker is. ``names_people``: the article names people,
    so a definite role description ("the new mayor") refers back to one of them."""
    if speaker_type == "anonymous" and names_people and _refers_back(mention):
        return "person"
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


def describes_a_person(mention: str | None) -> bool:
    """Whether an unnamed speaker's description may be of a person: not when its head noun
    names a text or a document ("that cable", "The missive", "this ad", "a handwritten
    note"). The head is the last word before the first function word after a content word
    ("a source close to the couple" -> "source")."""
    head: list[str] = []
    for word in words(mention or ""):
        if head and is_stop_word(word) and not is_stop_word(head[-1]):
            break
        head.append(fold(word))
    if not head:
        return True  # nothing to judge by: "an unnamed source"
    last = head[-1]
    singular = last[:-1] if last.endswith("s") and not last.endswith("ss") else last
    texts = TEXT_NOUNS | DOCUMENT_NOUNS | SPEECH_NOUNS
    return not ({last, singular} & texts)


def speaker_name(speaker: str, mention: str | None) -> str:
    """A speaker's name as a source list shows it: a mention the extractor ran across a line
    break ("Benghazi cable" + new line + "Republicans") names what follows the break."""
    if mention and "\n" in mention.strip():
        after = mention.strip().rsplit("\n", 1)[1].strip()
        if after:
            return after
    return speaker


def _merged_speakers(speakers: Counter[str]) -> tuple[str, ...]:
    """The speakers, most quoted first, a short name ("Clinton") counted with the one full
    name it is part of ("Hillary Rodham Clinton"); a short name two full names share stays."""
    merged: Counter[str] = Counter()
    for name, count in speakers.items():
        own = {fold(w) for w in words(name)}
        fuller = [
            other for other in speakers if other != name and own < {fold(w) for w in words(other)}
        ]
        merged[fuller[0] if len(fuller) == 1 else name] += count
    return tuple(name for name, _ in merged.most_common())


def _refers_back(mention: str | None) -> bool:
    """A definite description by role, not by access: "the new mayor", not "the insider"."""
    described = words(mention or "")
    return (
        len(described) >= 2
        and fold(described[0]) == DEFINITE_ARTICLE
        and not any(w[:1].isupper() for w in described[1:])
        and fold(described[-1]) not in ANONYMOUS_NOUNS
        and fold(described[-1]) not in PUBLIC_WORDS
    )


def quoted_word_count(quote: Quote) -> int:
    """How many of a quote's words stand inside quotation marks: all of a direct quote's
    (its text is its marked runs), a mixed quote's marked phrase, none of reported speech."""
    if quote.kind == "indirect":
        return 0
    if quote.kind == "mixed":
        return sum(len(words(phrase)) for phrase in marked_phrases(quote.text))
    return len(words(quote.text))


def _narration(quote: Quote) -> bool:
    """Reported speech whose speaker is named inside what it is said to report ("Jon Pell,
    who taunted the mayor, ..."): the outlet's narration about a person, not their words."""
    return (
        quote.kind == "indirect"
        and quote.speaker_start is not None
        and quote.start <= quote.speaker_start < quote.end
    )


def counted_quotes(quotes: Sequence[Quote]) -> Iterator[tuple[Quote, SourceType, int]]:
    """The quotes of one article a sourcing profile counts, each with its kind of source and
    its words inside marks (0: reported speech, counted apart). The evidence of a sourcing
    row (``storylens.evidence``) reads the same quotes."""
    names_people = any(q.speaker_type == "person" for q in quotes)
    for quote in quotes:
        if quote.kind not in SPEECH_KINDS or quote.act != "speech" or _narration(quote):
            continue
        if quote.speaker_type == "anonymous" and not describes_a_person(
            quote.speaker_mention or quote.speaker
        ):
            continue  # a document or a text ("the letter") is no anonymous source
        source = source_type(
            quote.speaker_type, quote.speaker_mention or quote.speaker, names_people
        )
        yield quote, source, quoted_word_count(quote)


def _profile(outlet: str, members: Sequence[StoryMember]) -> SourcingProfile:
    quotes: Counter[SourceType] = Counter()
    reported: Counter[SourceType] = Counter()
    quoted_words: Counter[SourceType] = Counter()
    speakers: Counter[str] = Counter()
    anonymous: dict[str, None] = {}
    for member in members:
        for quote, source, count in counted_quotes(member.analysed.quotes):
            if count:
                quotes[source] += 1
                quoted_words[source] += count
            else:
                reported[source] += 1
            if quote.speaker_type in ("person", "organization") and quote.speaker:
                # a role that refers back names no one here
                speakers[speaker_name(quote.speaker, quote.speaker_mention)] += 1
            elif source == "anonymous":
                anonymous[
                    (quote.speaker or quote.speaker_mention or "an unnamed source").lower()
                ] = None
        hedges = [
            mark
            for mark in member.analysed.tone
            if mark.polarity == "hedge" and mark.voice == "own"
        ]
        reported["unattributed"] += len(hedges)
    total_words = sum(quoted_words.values())
    return SourcingProfile(
        outlet=outlet,
        article_ids=tuple(member.id for member in members),
        counts=tuple(
            SourceCount(t, quotes[t], quoted_words[t], reported[t])
            for t in _SOURCE_TYPES
            if quotes[t] or reported[t]
        ),
        speakers=_merged_speakers(speakers),
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
                    and fold(name) != fold(profile.outlet)
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
