"""Where each line of a comparison comes from: the outlet, the article and the character
offsets of the sentence (or words) it rests on, in the article's text as stored.

The comparison's records keep some offsets (a claim, a quote variant, a detail's value, a tone
word) and only the words of others (a summary line, another outlet's wording, a detail's
sentence, a timeline row, an echo). ``StoryEvidence`` finds every line's span once, from the
records and the articles' texts, so that the story page, ``show`` and the Markdown and JSON
reports point at the same characters; the article page highlights them
(``/articles/{id}?hl=START-END``).

A line's words are always cut from its article's text (``text[start:end]``, stripped at most),
so a span is found by those words, looked for at the place the record names where it names
one. A line whose words cannot be found in its article has no evidence rather than a wrong
one.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from storylens.compare.quotes import marked_phrases
from storylens.compare.sourcing import counted_quotes
from storylens.compare.summary import disputed_details
from storylens.compare.words import fold, is_stop_word, words
from storylens.records import (
    Claim,
    ClaimMatch,
    DetailConflict,
    DetailValue,
    Echo,
    LineageEntry,
    OnlyNamed,
    Quote,
    QuoteVariant,
    SourceType,
    SourcingProfile,
    StoryComparison,
    SummarySentence,
    TimelineEntry,
    ToneMark,
    ToneProfile,
    Wording,
)


@dataclass(frozen=True)
class Evidence:
    """The characters ``start:end`` of one article's stored text that a line rests on."""

    article_id: str
    outlet: str
    start: int
    end: int

    @property
    def span(self) -> str:
        """The span as the article page's ``hl`` parameter takes it: ``START-END``."""
        return f"{self.start}-{self.end}"

    def as_dict(self) -> dict[str, Any]:
        return {
            "article_id": self.article_id,
            "outlet": self.outlet,
            "start": self.start,
            "end": self.end,
        }


def locate(text: str, needle: str, near: int | None = None) -> tuple[int, int] | None:
    """Where ``needle`` stands in ``text``: the occurrence that holds ``near`` where one does,
    else the first. None when the words are not there (or are empty)."""
    needle = needle.strip()
    if not needle:
        return None
    found = None
    at = text.find(needle)
    while at != -1:
        if near is None or at <= near < at + len(needle):
            return at, at + len(needle)
        found = found or (at, at + len(needle))
        at = text.find(needle, at + 1)
    return found


def _wording(text: str) -> tuple[str, ...]:
    return tuple(fold(w) for w in words(text))


# The speakers a claim line names for its "he said": people and organisations, never an
# anonymous description (the line's own words already describe the source).
NAMED_SPEAKER_TYPES = frozenset({"person", "organization"})
# The quotes whose words stand in the line's quotation marks (a reported "he began praising
# her" in the same line is another attribution, not the quotation's speaker).
MARKED_QUOTE_KINDS = frozenset({"direct", "mixed"})


def _opening_at(opening: tuple[int, int, str | None, str]) -> int:
    return opening[0]


class StoryEvidence:
    """The evidence of every line of one story's comparison (outlets named as shown).

    ``texts`` are the articles' stored texts by id; ``quotes`` each article's quotes as
    analysed, which the sourcing rows count."""

    def __init__(
        self,
        comparison: StoryComparison,
        texts: Mapping[str, str],
        quotes: Mapping[str, Sequence[Quote]] | None = None,
    ) -> None:
        self.comparison = comparison
        self.texts = texts
        self.quotes = quotes or {}
        self._claims: dict[str, list[Claim]] = {}
        self._groups: dict[int, list[Claim]] = {}  # a story's claims by group: lookups stay linear
        for claim in comparison.claims:
            self._claims.setdefault(claim.article_id, []).append(claim)
            self._groups.setdefault(claim.group, []).append(claim)
        self._outlet_of = {e.article_id: e.outlet for e in comparison.lineage}
        for claim in comparison.claims:
            self._outlet_of.setdefault(claim.article_id, claim.outlet)
        # Each article's counted quotes, read once: every sourcing cell of a page (per
        # article and per outlet, per kind of source) asks for them, and counting them was a
        # third of a story page's rendering.
        self._counted: dict[str, list[tuple[Quote, SourceType, int]]] = {}
        self._openings: dict[str, list[tuple[int, int, str | None, str]]] = {}

    def outlet_of(self, article_id: str) -> str:
        return self._outlet_of.get(article_id, article_id)

    def _at(
        self, article_id: str, outlet: str, words_: str, near: int | None = None
    ) -> list[Evidence]:
        span = locate(self.texts.get(article_id, ""), words_, near)
        return [Evidence(article_id, outlet, *span)] if span else []

    # -- claims: the summary, shared lines, "only in" lists ----------------------------------

    def claim(self, claim: Claim) -> list[Evidence]:
        """A claim's own sentence (the claims keep their offsets)."""
        return [Evidence(claim.article_id, claim.outlet, claim.start, claim.end)]

    def unnamed_speaker(self, claim: Claim) -> str | None:
        """Who speaks in a claim that quotes someone without naming them ("'...,' she
        said", "She added: '...'"): the resolved speaker of the quote that opens in it, a
        person or an organisation its words do not name; None otherwise. A fresh reader
        could not tell whose words a lone "he said" line carried."""
        opening = self._quote_openings(claim.article_id)
        first = bisect.bisect_left(opening, claim.start, key=_opening_at)
        last = bisect.bisect_left(opening, claim.end, key=_opening_at)
        speakers = {(speaker, kind) for _, _, speaker, kind in opening[first:last]}
        # A line cut from the middle of a quotation that opened in a sentence before it
        # ("... God help us." closing a speech quoted at length) is the speaker's words too:
        # a fresh reader found such a summary line printed with no one's name.
        speakers |= {
            (speaker, kind)
            for low, high, speaker, kind in opening[:first]
            if low < claim.start and high > claim.start
        }
        if len(speakers) != 1:
            return None  # no quotation, or several speakers: no one name is the line's
        ((speaker, kind),) = speakers
        if speaker is None or kind not in NAMED_SPEAKER_TYPES:
            return None
        named = {fold(word) for word in words(claim.text)}
        names = [word for word in words(speaker) if not is_stop_word(word)]
        return None if any(fold(word) in named for word in names) else speaker

    def line_speaker(self, line: SummarySentence) -> str | None:
        """Whose words a summary line quotes without naming them, as ``unnamed_speaker``
        finds for the claim the line is."""
        own = self._claim_of(line.article_id, line.text)
        return self.unnamed_speaker(own) if own is not None else None

    def row_speaker(self, entry: TimelineEntry) -> str | None:
        """Whose words a timeline row's sentence quotes without naming them (a fresh reader
        of BASIL event 49 read "'The big blue wave ... will not build itself.'" as the
        outlet's own voice), as ``unnamed_speaker`` finds for a claim."""
        found = self._at(entry.article_id, entry.outlet, entry.sentence)
        if not found:
            return None
        at = found[0]
        sentence = Claim(
            entry.article_id, entry.outlet, at.start, at.end, entry.sentence, "only", 0
        )
        return self.unnamed_speaker(sentence)

    def _quote_openings(self, article_id: str) -> list[tuple[int, int, str | None, str]]:
        """Where each span of the article's marked quotes opens and ends, with its quote's
        speaker and the speaker's type, in order of opening: a page asks of every claim, so
        they are sorted once."""
        if article_id not in self._openings:
            self._openings[article_id] = sorted(
                (
                    (low, high, quote.speaker, quote.speaker_type)
                    for quote in self.quotes.get(article_id, ())
                    if quote.kind in MARKED_QUOTE_KINDS
                    for low, high in quote.spans
                ),
                key=_opening_at,
            )
        return self._openings[article_id]

    def match(self, match: ClaimMatch) -> list[Evidence]:
        """Another outlet's sentence that makes the same claim."""
        return [Evidence(match.article_id, match.outlet, match.start, match.end)]

    def match_text(self, match: ClaimMatch) -> str:
        """The words of another outlet's sentence a match points to."""
        return self.texts.get(match.article_id, "")[match.start : match.end]

    def _claim_of(self, article_id: str, text: str) -> Claim | None:
        return next((c for c in self._claims.get(article_id, []) if c.text == text), None)

    def line(self, line: SummarySentence) -> list[Evidence]:
        """A summary or shared line: its sentence in each outlet that prints these words (the
        line names them), its own article first."""
        own = self._claim_of(line.article_id, line.text)
        if own is None:
            return self._at(line.article_id, line.outlet, line.text)
        found = self.claim(own)
        wording = _wording(own.text)
        for outlet in line.outlets:
            if outlet == own.outlet:
                continue
            same = next(
                (
                    c
                    for c in self._groups.get(own.group, [])
                    if c.outlet == outlet and c.status != "copy" and _wording(c.text) == wording
                ),
                None,
            )
            found += self.claim(same) if same else []
        return found

    def wording(self, line: SummarySentence, wording: Wording) -> list[Evidence]:
        """Another outlet's own sentence for a line's claim (``other_wordings``)."""
        own = self._claim_of(line.article_id, line.text)
        candidates = self.comparison.claims if own is None else self._groups.get(own.group, [])
        match = next(
            (c for c in candidates if c.outlet == wording.outlet and c.text == wording.text),
            None,
        )
        if match is None:
            # a nearest sentence that tells the line in other words (``summary``): shown
            # whole, its first claim is where it stands
            match = next(
                (
                    c
                    for c in self.comparison.claims
                    if c.outlet == wording.outlet and c.text and c.text in wording.text
                ),
                None,
            )
        return self.claim(match) if match else []

    # -- details, quotes, sourcing, tone -----------------------------------------------------

    def disputed(self, line: SummarySentence) -> list[Evidence]:
        """A shared line's note on the details the outlets give differently: the sentences
        each disputed value stands in."""
        wordings = {(w.outlet, w.text) for w in line.other_wordings}
        shown = [
            claim for claim in self._claims.get(line.article_id, []) if claim.text == line.text
        ] + [claim for claim in self.comparison.claims if (claim.outlet, claim.text) in wordings]
        return [
            found
            for detail in disputed_details(shown, self.comparison.details)
            for value in (detail.first, detail.second)
            for found in self.detail(value)
        ]

    def detail(self, value: DetailValue) -> list[Evidence]:
        """The sentence a detail's value stands in (the value itself where none is given)."""
        if value.sentence:
            found = self._at(value.article_id, value.outlet, value.sentence, value.start)
            if found:
                return found
        return [Evidence(value.article_id, value.outlet, value.start, value.end)]

    def conflict(self, detail: DetailConflict) -> list[Evidence]:
        """Both sentences of a detail two outlets state."""
        return self.detail(detail.first) + self.detail(detail.second)

    def variant(self, variant: QuoteVariant) -> list[Evidence]:
        """One outlet's wording of a quote: its words where the article prints them in one
        run (a mixed quote's marked phrase, not the reporter's clause around it), else the
        whole utterance with the attribution that splits it."""
        outlet = variant.outlet or self.outlet_of(variant.article_id)
        if variant.end <= variant.start:
            return self._at(variant.article_id, outlet, variant.text)
        text = self.texts.get(variant.article_id, "")
        at = text.find(variant.text, variant.start, variant.end) if variant.text else -1
        if at != -1:
            return [Evidence(variant.article_id, outlet, at, at + len(variant.text))]
        return [Evidence(variant.article_id, outlet, variant.start, variant.end)]

    def sourcing(self, profile: SourcingProfile, source_type: SourceType) -> list[Evidence]:
        """The words a sourcing row counts: each counted quote's words inside marks (a mixed
        quote's marked phrases, a split quote's segments), or the reported clause of speech
        reported without marks."""
        found: list[Evidence] = []
        for article_id in profile.article_ids:
            text = self.texts.get(article_id, "")
            for quote, source, count in self._counted_in(article_id):
                if source == source_type:
                    found += [
                        Evidence(article_id, profile.outlet, start, end)
                        for start, end in _counted_spans(text, quote, count)
                    ]
        return sorted(set(found), key=lambda e: (e.article_id, e.start))

    def _counted_in(self, article_id: str) -> list[tuple[Quote, SourceType, int]]:
        if article_id not in self._counted:
            quotes = self.quotes.get(article_id, ())
            self._counted[article_id] = list(counted_quotes(quotes, self.texts.get(article_id, "")))
        return self._counted[article_id]

    def tone(self, profile: ToneProfile, mark: ToneMark) -> list[Evidence]:
        """A tone word: the word in its article."""
        return [Evidence(profile.article_id, profile.outlet, mark.start, mark.end)]

    def distinctive(self, profile: ToneProfile, word: str) -> list[Evidence]:
        """An own-voice word only this outlet uses: where it uses it."""
        return [self.tone(profile, m)[0] for m in profile.own if m.text == word][:1]

    def adopted(self, profile: ToneProfile, framing: str) -> list[Evidence]:
        """Framing it quotes: the quoted words ("playful banter (the insider)")."""
        marks = [m for m in profile.quoted if framing.startswith(m.text + " (")]
        return [self.tone(profile, m)[0] for m in marks][:1]

    def named(self, person: OnlyNamed) -> list[Evidence]:
        """A person only one outlet names: the first mention."""
        return [Evidence(person.article_id, person.outlet, person.start, person.end)]

    # -- timeline and lineage ----------------------------------------------------------------

    def timeline(self, entry: TimelineEntry) -> list[Evidence]:
        """A timeline row: its sentence in the article it was read from, and in each other
        outlet the row names, the first claim of its articles holding the same date words."""
        found = self._at(entry.article_id, entry.outlet, entry.sentence)
        if not found:
            return self._at(entry.article_id, entry.outlet, entry.text)
        for outlet in entry.outlets:
            if outlet == entry.outlet:
                continue
            found += self._date_words_in(outlet, entry.text)[:1]
        return found

    def _date_words_in(self, outlet: str, date_words: str) -> list[Evidence]:
        key = date_words.lower()
        found = []
        for article_id, claims in self._claims.items():
            if self.outlet_of(article_id) != outlet:
                continue
            found += [
                Evidence(article_id, outlet, c.start, c.end)
                for c in sorted(claims, key=lambda c: c.start)
                if key in c.text.lower()
            ]
        return found

    def echo(self, echo: Echo) -> list[Evidence]:
        """A reused sentence: the later article's, then the earlier one it reuses."""
        return self._sentence(echo.article_id, echo.outlet, echo.text) + self._sentence(
            echo.earlier_article_id, echo.earlier_outlet, echo.earlier_text
        )

    def _sentence(self, article_id: str, outlet: str, text: str) -> list[Evidence]:
        claim = self._claim_of(article_id, text)
        return self.claim(claim) if claim else self._at(article_id, outlet, text)

    def lineage(self, entry: LineageEntry) -> list[Evidence]:
        """A lineage row: the sentences it reuses, then the words that credit another outlet
        (an article that does neither rests on its date alone, and has none)."""
        return [
            found
            for echo in self.comparison.echoes
            if echo.article_id == entry.article_id
            for found in self._sentence(echo.article_id, echo.outlet, echo.text)
        ] + self.credits(entry)

    def credits(self, entry: LineageEntry) -> list[Evidence]:
        """Where the article names each outlet it credits."""
        return [
            Evidence(entry.article_id, entry.outlet, credit.start, credit.end)
            for credit in entry.credits
        ]

    # -- the JSON ----------------------------------------------------------------------------

    def annotate(self, data: dict[str, Any]) -> dict[str, Any]:
        """The comparison's JSON (``compare.serialise``) with ``evidence``, a list of
        {article_id, outlet, start, end}, on every line a reader sees. ``data`` is changed
        in place and returned."""
        c = self.comparison
        _put(data["summary"], c.summary, self.line)
        for item, line in zip(data["summary"], c.summary, strict=True):
            _put(item["other_wordings"], line.other_wordings, lambda w, s=line: self.wording(s, w))
            _put(item["nearest"], line.nearest, self.match)
        _put(data["claims"], c.claims, self.claim)
        for item, claim in zip(data["claims"], c.claims, strict=True):
            _put(item["matches"], claim.matches, self.match)
            _put(item["maybe_matches"], claim.maybe_matches, self.match)
            _put(item["nearest"], claim.nearest, self.match)
        _put(data["details"], c.details, self.conflict)
        for item, detail in zip(data["details"], c.details, strict=True):
            _put([item["first"], item["second"]], [detail.first, detail.second], self.detail)
        for item, group in zip(data["quote_groups"], c.quote_groups, strict=True):
            _put(item["variants"], group.variants, self.variant)
        for key in ("sourcing", "sourcing_by_outlet"):
            for item, profile in zip(data[key], getattr(c, key), strict=True):
                _put(
                    item["counts"],
                    profile.counts,
                    lambda s, p=profile: self.sourcing(p, s.source_type),
                )
        for item, profile in zip(data["tone"], c.tone, strict=True):
            for voice in ("own", "scare", "quoted", "reported"):
                _put(item[voice], getattr(profile, voice), lambda m, p=profile: self.tone(p, m))
        _put(data["timeline"], c.timeline, self.timeline)
        _put(data["names_only"], c.names_only, self.named)
        _put(data["echoes"], c.echoes, self.echo)
        _put(data["lineage"], c.lineage, self.lineage)
        return data

    def every_line(self) -> Iterator[tuple[str, str, list[Evidence]]]:
        """(part, the line's words, its evidence) for every line of every part: what the tests
        hold against the articles' texts."""
        c = self.comparison
        for line in c.summary:
            yield "summary", line.text, self.line(line)
            for wording in line.other_wordings:
                yield "summary wording", wording.text, self.wording(line, wording)
            for match in line.nearest:
                yield "nearest sentence", self.match_text(match), self.match(match)
        for claim in c.claims:
            if claim.status != "quotation":  # shown by the quotes part, not as a claim
                yield f"{claim.status} claim", claim.text, self.claim(claim)
            for match in claim.nearest:
                yield "nearest sentence", self.match_text(match), self.match(match)
        for detail in c.details:
            for value in (detail.first, detail.second):
                yield "detail", value.sentence or value.text, self.detail(value)
        for group in c.quote_groups:
            for variant in group.variants:
                yield "quote variant", variant.text, self.variant(variant)
        for tone in c.tone:
            for mark in (*tone.own, *tone.scare, *tone.quoted, *tone.reported):
                yield "tone", mark.text, self.tone(tone, mark)
        for entry in c.timeline:
            yield "timeline", entry.sentence or entry.text, self.timeline(entry)[:1]
        for person in c.names_only:
            yield "named only", person.name, self.named(person)
        for echo in c.echoes:
            yield "echo", echo.text, self.echo(echo)[:1]
            yield "echo source", echo.earlier_text, self.echo(echo)[1:]


def _put(items: list[dict[str, Any]], records: Iterable[Any], find: Any) -> None:
    for item, record in zip(items, records, strict=True):
        item["evidence"] = [e.as_dict() for e in find(record)]


def _counted_spans(text: str, quote: Quote, count: int) -> list[tuple[int, int]]:
    """The spans of a counted quote's words: a mixed quote's marked phrases, where they are
    found inside it; else its segments (or the whole span)."""
    if quote.kind == "mixed" and count:
        spans = []
        for phrase in marked_phrases(quote.text):
            at = text.find(phrase, quote.start, quote.end)
            if at != -1:
                spans.append((at, at + len(phrase)))
        if spans:
            return spans
    return list(quote.spans)
