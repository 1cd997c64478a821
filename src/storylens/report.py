"""A story's comparison written for people (Markdown) or for other tools (JSON).

The JSON is the stored comparison (``compare.serialise``) inside an envelope naming its schema
and version, with ``evidence`` (article, outlet, character offsets) on every line; docs/
comparison.md documents its fields. The Markdown report and ``storylens show`` read the same
records, so the two never tell different stories; each Markdown line ends in a footnote that
names the outlet, article and characters it rests on (``storylens.evidence``).
"""

from __future__ import annotations

import json
import re
from typing import Any

from storylens.compare.dates_words import (
    date_in_words,
    detail_value_in_words,
    published_in_words,
    status_in_words,
)
from storylens.compare.framing import TONE_CHECKED, mark_kind
from storylens.compare.lineage import credits_words, echo_words, outlets_credited
from storylens.compare.names_only import NAMES_ONLY_WORDS
from storylens.compare.ranking import short_list
from storylens.compare.scorecard import (
    CONFLICT_SCOPE_WORDS,
    HEDGED_WORDS,
    ONLY_HERE_LEGEND,
    UNPLACED_WORDS,
    Scorecard,
    anonymous_words,
    loaded_words_cell,
    maybe_note,
    maybe_only_words,
    nearest_words,
    only_claims_label,
    only_here_words,
)
from storylens.compare.serialise import comparison_to_dict
from storylens.compare.summary import disputed_note, others_note
from storylens.compare.variants import negation_differs
from storylens.evidence import Evidence, StoryEvidence
from storylens.records import (
    COMPARISON_VERSION,
    Claim,
    ClaimMatch,
    QuoteVariant,
    SourceCount,
    SourceType,
    SourcingProfile,
    StoryComparison,
    SummarySentence,
    ToneMark,
    WordDiff,
)
from storylens.views import (
    StoryView,
    hedged_claims,
    names_only_by_outlet,
    only_claims,
    shared_claims,
    unplaced_claims,
)

# The story id of inputs compared with no store (``direct.py``): it names no stored story.
DIRECT_STORY_ID = "direct"
# The heading of a direct comparison none of whose articles has a title.
UNTITLED_DIRECT = "Untitled articles compared"

REPORT_SCHEMA = "storylens.story-comparison"
# Claims listed per outlet in the folded part of "only here" before "and N more".
MAX_ONLY_CLAIMS_SHOWN = 12

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]<>|#])")
# Control characters (terminal escapes) and bidirectional overrides, which can hide or
# reorder what a reader sees.
_INVISIBLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def md(text: str | None) -> str:
    """Untrusted text made inert in Markdown: no markup, no HTML, no escapes, one line."""
    cleaned = " ".join(_INVISIBLE.sub(" ", text or "").split())
    return _MARKDOWN_SPECIAL.sub(r"\\\1", cleaned)


def report_json(view: StoryView) -> dict[str, Any]:
    comparison = view.comparison
    return {
        "schema": REPORT_SCHEMA,
        "version": COMPARISON_VERSION,
        "story": {
            "story_id": view.story_id,
            "title": view.title,
            "articles": [
                {
                    "article_id": a.article_id,
                    "outlet": a.outlet,
                    "title": a.title,
                    "published": a.published,
                    "url": a.url,
                    "duplicate_of": a.duplicate_of,
                }
                for a in view.articles
            ],
        },
        "comparison": view.evidence.annotate(comparison_to_dict(comparison)),
    }


def write_json(view: StoryView) -> str:
    return json.dumps(report_json(view), ensure_ascii=False, indent=2) + "\n"


def diff_markdown(diff: tuple[WordDiff, ...]) -> str:
    """A word diff as Markdown: ~~removed~~ and **added** words, kept words plain."""
    parts = []
    for run in diff:
        if run.op == "keep":
            parts.append(md(run.words))
        elif run.op == "remove":
            parts.append(f"~~{md(run.words)}~~")
        else:
            parts.append(f"**{md(run.words)}**")
    return " ".join(parts)


def variant_label(variant: QuoteVariant) -> str:
    labels = {
        "reference": "fullest wording",
        "identical": "identical",
        "reworded": "reworded",
        "truncated": "truncated",
        "extended": "extended",
        "misattributed": "attributed to another speaker",
        "paraphrased": "paraphrased (reported speech)",
        "repeated": "repeated in the same article",
    }
    label = labels[variant.relation]
    if variant.relation in ("reworded", "truncated", "extended") and negation_differs(variant.diff):
        label += " (a negation differs: the meaning may be reversed)"
    return f"{label}, per {variant.reported_by}" if variant.reported_by else label


def variant_words(variant: QuoteVariant) -> str:
    """A wording as its line shows it: in quotation marks, but for a paraphrase, whose words
    are the outlet's own (reported speech, `that the pier would be rebuilt`), shown in italics
    so that no reader takes them for the speaker's words."""
    if variant.relation == "paraphrased":
        return f"_{md(variant.text)}_"
    return f"“{md(variant.text)}”"


class EvidenceNotes:
    """The Markdown report's evidence footnotes: ``ref`` gives a line its marker (one number
    per distinct set of spans), ``lines`` the list the report ends with."""

    def __init__(self, evidence: StoryEvidence) -> None:
        self.evidence = evidence
        self._numbers: dict[tuple[Evidence, ...], int] = {}

    def ref(self, found: list[Evidence]) -> str:
        if not found:
            return ""
        key = tuple(found)
        number = self._numbers.setdefault(key, len(self._numbers) + 1)
        return f"[^{number}]"

    def lines(self) -> list[str]:
        if not self._numbers:
            return []
        lines = ["## Evidence", "", "Where each line comes from: outlet, article, characters.", ""]
        for found, number in self._numbers.items():
            # a blank line after each: a renderer without footnotes (``show --all``'s
            # terminal) still prints one note a paragraph, not one run-on paragraph
            lines += [f"[^{number}]: {_spans_in_words(found)}", ""]
        return lines


def _spans_in_words(found: tuple[Evidence, ...]) -> str:
    """ "Outlet, `article` 10–52, 60–75; Other, `its-article` 3–40": spans of one article
    after its name once."""
    by_article: dict[tuple[str, str], list[str]] = {}
    for e in found:
        by_article.setdefault((e.outlet, e.article_id), []).append(f"{e.start}–{e.end}")
    return "; ".join(
        f"{md(outlet)}, `{_code(article_id)}` {', '.join(spans)}"
        for (outlet, article_id), spans in by_article.items()
    )


def _code(text: str) -> str:
    """An id inside a code span: one line, no backtick to close it early."""
    return " ".join(_INVISIBLE.sub(" ", text).split()).replace("`", "'")


def _heading(view: StoryView) -> str:
    """The story's title; for untitled inputs compared directly, what they are (the story id
    "direct" names no story a reader could look up)."""
    if view.title:
        return view.title
    return UNTITLED_DIRECT if view.story_id == DIRECT_STORY_ID else view.story_id


def write_markdown(view: StoryView) -> str:
    c = view.comparison
    notes = EvidenceNotes(view.evidence)
    outlets = view.outlet_of
    lines = [f"# {md(_heading(view))}", ""]
    names = ", ".join(md(o) for o in dict.fromkeys(outlets.values()))
    handle = "" if view.story_id == DIRECT_STORY_ID else f"Story `{md(view.story_id)}`: "
    count = len(set(outlets.values()))
    headline = f" The title is {md(view.title_outlet)}'s headline." if view.title_outlet else ""
    lines.append(
        f"{handle}{_plural(len(view.articles), 'article', 'articles')} from "
        f"{_plural(count, 'outlet', 'outlets')} ({names}).{headline}"
    )
    lines += [f"*{md(note)}*" for note in c.notes]
    named = [f"- {md(a.name)}: {md(a.name_note)}" for a in view.articles if a.name_note]
    lines += ["", *named] if named else []
    lines.append("")
    lines += scorecard_markdown(view.scorecard)
    lines += _summary(c, notes) + _lineage(c, notes) + _quotes(c, notes) + _claims(c, notes)
    lines += _details(c, notes) + _sourcing(c, notes) + _tone(c, notes) + _timeline(c, notes)
    lines += notes.lines()
    return "\n".join(lines).rstrip() + "\n"


# The headings of this report the scorecard's counts link to (GitHub-style anchors).
SECTION_ANCHORS = {
    "details": "#details-that-disagree-or-cannot-be-checked",
    "quotes": "#quotes-across-outlets",
    "claims": "#what-the-outlets-share-and-what-only-one-reports",
    "sourcing": "#sourcing",
    "tone": "#tone-and-framing",
}


def _plural(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def scorecard_markdown(card: Scorecard) -> list[str]:
    """The counts first, each linked to the section that explains it."""
    kinds = ", ".join(f"{count} {kind}" for kind, count in card.variants)
    possible = f" and {card.possible_conflicts} possible" if card.possible_conflicts else ""
    lines = ["## What differs, at a glance", ""]
    lines += [
        f"- [{_plural(card.conflicts, 'conflicting detail', 'conflicting details')}]"
        f"({SECTION_ANCHORS['details']}) {CONFLICT_SCOPE_WORDS}{possible}",
        f"- [{_plural(card.variant_count, 'quote variant', 'quote variants')}]"
        f"({SECTION_ANCHORS['quotes']}) ({kinds})",
        f"- [{card.only_claims} {only_claims_label(card.only_claims)}]"
        f"({SECTION_ANCHORS['claims']})"
        + (f" ({maybe_only_words(card)})" if maybe_only_words(card) else ""),
    ]
    if card.outlets:
        lines += ["", "| outlet | only here | anonymous share | loaded words listed |"]
        lines.append("|---|---|---|---|")
        for o in card.outlets:
            words = md(loaded_words_cell(o))
            lines.append(
                f"| {md(o.outlet)} | [{only_here_words(o)}]({SECTION_ANCHORS['claims']}) "
                f"| [{anonymous_words(o)}]({SECTION_ANCHORS['sourcing']}) "
                f"| [{words}]({SECTION_ANCHORS['tone']}) |"
            )
        lines += ["", ONLY_HERE_LEGEND]
    return [*lines, ""]


def _summary(c: StoryComparison, notes: EvidenceNotes) -> list[str]:
    if not c.summary:
        return []
    lines = ["## Summary", ""]
    for sentence in c.summary:
        lines += _line_with_wordings(sentence, notes)
    return [*lines, ""]


def _line_with_wordings(line: SummarySentence, notes: EvidenceNotes) -> list[str]:
    """A line under the outlets that print its words; each other outlet's own sentence of
    the same claim one line below it; then what it knows of the other outlets, and the details
    in it the outlets give differently."""
    ev = notes.evidence
    said = _quoting(ev.line_speaker(line))
    outlets = ", ".join(md(o) for o in line.outlets)
    lines = [f"- {md(line.text)}{said} ({outlets}){notes.ref(ev.line(line))}"]
    lines += [
        f"  - {md(w.outlet)}: {md(w.text)}{notes.ref(ev.wording(line, w))}"
        for w in line.other_wordings
    ]
    if note := others_note(line):
        lines.append(f"  - {md(note)}")
    lines += _nearest_lines(line.nearest, notes)
    if note := disputed_note(line):
        lines.append(f"  - {md(note)}{notes.ref(ev.disputed(line))}")
    return lines


def _lineage(c: StoryComparison, notes: EvidenceNotes) -> list[str]:
    lines = ["## Who published first, and who echoes whom", ""]
    lines += ["| article | outlet | published | role | reused |", "|---|---|---|---|---|"]
    for entry in c.lineage:
        role = entry.role + (f" of {md(entry.source_id)}" if entry.source_id else "")
        if entry.credits:
            role += f"; {md(credits_words(entry))}"
        published = md(published_in_words(entry.published))
        lines.append(
            f"| {md(entry.article_id)} | {md(entry.outlet)} | {published} "
            f"| {role} | {entry.reused_share:.0%}{notes.ref(notes.evidence.lineage(entry))} |"
        )
    if c.echoes:
        lines += ["", "Sentences reused from earlier articles:", ""]
        for echo in c.echoes:
            lines.append(
                f"- {md(echo_words(echo))} "
                f"({echo.similarity:.0f}%): “{md(echo.text)}”{notes.ref(notes.evidence.echo(echo))}"
            )
    return [*lines, ""]


def _quotes(c: StoryComparison, notes: EvidenceNotes) -> list[str]:
    lines = ["## Quotes across outlets", ""]
    shown = [g for g in c.quote_groups if g.article_count > 1 or len(g.variants) > 1]
    if not shown:
        return [*lines, "No quote appears in more than one article.", ""]
    for group in shown:
        lines.append(f"**{md(group.speaker or 'unknown speaker')}**: “{md(group.reference)}”")
        lines.append("")
        for variant in group.variants:
            text = variant_words(variant)
            if variant.relation not in ("reference", "identical") and variant.diff:
                against = f" against “{md(variant.compared_with)}”" if variant.compared_with else ""
                text += f" — diff{against}: {diff_markdown(variant.diff)}"
            speaker = f" [{md(variant.speaker)}]" if variant.relation == "misattributed" else ""
            lines.append(
                f"- {md(variant.outlet or variant.article_id)}: {variant_label(variant)}{speaker}: "
                + text
                + notes.ref(notes.evidence.variant(variant))
            )
        lines.append("")
    return lines


def _claims(c: StoryComparison, notes: EvidenceNotes) -> list[str]:
    lines = ["## What the outlets share, and what only one reports", ""]
    shared = shared_claims(c)
    if shared:
        lines += ["### Shared", ""]
        for line in shared:
            lines += _line_with_wordings(line, notes)
        lines.append("")
    for outlet, claims in only_claims(c).items():
        # the most important first; the rest folded, in the article's order
        top, rest = short_list(claims, c.claims)
        lines += [f"### Only in {md(outlet)}", ""]
        lines += [f"- {_only_line(claim, notes)}" for claim in top]
        if rest:
            lines += ["", f"<details><summary>{len(rest)} more</summary>", ""]
            lines += [f"- {_only_line(claim, notes)}" for claim in rest[:MAX_ONLY_CLAIMS_SHOWN]]
            if len(rest) > MAX_ONLY_CLAIMS_SHOWN:
                lines.append(f"- … and {len(rest) - MAX_ONLY_CLAIMS_SHOWN} more")
            lines += ["", "</details>"]
        lines.append("")
    hedged = hedged_claims(c)
    if hedged:
        lines += ["### Perhaps told by others too", "", HEDGED_WORDS, ""]
        for claim, likeliest in hedged[:MAX_ONLY_CLAIMS_SHOWN]:
            item = f"- {md(claim.outlet)}: {_only_line(claim, notes)}"
            if likeliest is not None:
                item += f" — {md(likeliest.outlet)}: {md(likeliest.text)}" + notes.ref(
                    notes.evidence.claim(likeliest)
                )
            lines.append(item)
        if len(hedged) > MAX_ONLY_CLAIMS_SHOWN:
            lines.append(f"- … and {len(hedged) - MAX_ONLY_CLAIMS_SHOWN} more")
        lines.append("")
    named = names_only_by_outlet(c)
    if named:
        lines += ["### People only one outlet names", "", NAMES_ONLY_WORDS, ""]
        for outlet, people in named.items():
            listed = ", ".join(md(p.name) + notes.ref(notes.evidence.named(p)) for p in people)
            lines.append(f"- {md(outlet)}: {listed}")
        lines.append("")
    unplaced = unplaced_claims(c)
    if unplaced:
        lines += ["### Not placed", "", UNPLACED_WORDS, ""]
        for outlet, placed_apart in unplaced.items():
            lines += [
                f"<details><summary>{_plural(len(placed_apart), 'sentence', 'sentences')} of "
                f"{md(outlet)}</summary>",
                "",
            ]
            for claim in placed_apart[:MAX_ONLY_CLAIMS_SHOWN]:
                lines += [f"- {_only_line(claim, notes)}", *_nearest_lines(claim.nearest, notes)]
            if len(placed_apart) > MAX_ONLY_CLAIMS_SHOWN:
                lines.append(f"- … and {len(placed_apart) - MAX_ONLY_CLAIMS_SHOWN} more")
            lines += ["", "</details>", ""]
    copies = {cl.article_id: cl.copy_of for cl in c.claims if cl.status == "copy"}
    for copy, original in copies.items():
        lines += [f"{md(copy)} is a copy of {md(original)}: its claims confirm nothing.", ""]
    return lines


def _nearest_lines(nearest: tuple[ClaimMatch, ...], notes: EvidenceNotes) -> list[str]:
    """The other outlets' closest sentences under a line storylens cannot place, one line
    each ("closest in B: “...”")."""
    ev = notes.evidence
    return [
        f"  - {nearest_words(m, md(m.outlet))}: “{md(ev.match_text(m))}”{notes.ref(ev.match(m))}"
        for m in nearest
    ]


def _only_line(claim: Claim, notes: EvidenceNotes) -> str:
    echo = f" (echoed by {', '.join(md(o) for o in claim.echoed_by)})" if claim.echoed_by else ""
    maybe = f" ({md(maybe_note(claim))})" if claim.maybe_matches else ""
    said = _quoting(notes.evidence.unnamed_speaker(claim))
    return md(claim.text) + said + echo + maybe + notes.ref(notes.evidence.claim(claim))


def _quoting(speaker: str | None) -> str:
    """What a line adds to say whose words it quotes without naming them: " (quoting X)"."""
    return f" (quoting {md(speaker)})" if speaker else ""


def agreeing_details_line(agreed: int) -> str:
    """What the details table says of the details it paired and found agreeing. With none,
    "0 further details checked and agreeing" read to a fresh reader as "no other detail
    agrees" where several plainly do: storylens paired none."""
    if agreed == 0:
        return "No other detail was paired across outlets to compare."
    return f"{agreed} further {'detail' if agreed == 1 else 'details'} paired and agreeing."


# What the details table compares, said where it found no disagreement: fresh readers of
# BASIL dev reports marked "No disagreeing detail found" wrong where the outlets described
# one scene differently ("looking directly into the camera" / "over the camera") or named a
# video's uploader two ways, which no detail of these kinds holds.
NO_CONFLICT_WORDS = (
    "No disagreeing detail found among the dates, times, ages, counts, amounts, roles, "
    "names and places storylens pairs across outlets; other differences in what the "
    "outlets tell are not checked here."
)


def _details(c: StoryComparison, notes: EvidenceNotes) -> list[str]:
    shown = [d for d in c.details if d.status != "agree"]
    agreed = len(c.details) - len(shown)
    lines = ["## Details that disagree or cannot be checked", ""]
    if not shown:
        return [*lines, f"{NO_CONFLICT_WORDS} {agreeing_details_line(agreed)}", ""]
    lines += ["| detail | about | one outlet | another outlet | status |", "|---|---|---|---|---|"]
    for d in shown:
        lines.append(
            f"| {d.kind} | {md(d.subject)} | {md(d.first.outlet)}: “{md(d.first.text)}” "
            f"({md(detail_value_in_words(d.kind, d.first.value, d.first.text))}) in "
            f"“{md(d.first.sentence)}”{notes.ref(notes.evidence.detail(d.first))} "
            f"| {md(d.second.outlet)}: “{md(d.second.text)}” "
            f"({md(detail_value_in_words(d.kind, d.second.value, d.second.text))}) in "
            f"“{md(d.second.sentence)}”{notes.ref(notes.evidence.detail(d.second))} "
            f"| {status_in_words(d.status)}: {md(d.reason)} |"
        )
    lines += ["", agreeing_details_line(agreed), ""]
    return lines


# What the sourcing table's cells mean, said under it: a fresh reader took "leaves out: –"
# for "leaves nobody out" (which it is) without being sure, and another "leaves out" the
# state senators for "omits them" where the outlet told their call unnamed (the column is
# "never names" since); and graders read the counts as
# every quote the outlet prints, where they leave out the quotes storylens could not credit
# to anyone (a statement introduced on the line before), so they say so.
SOURCING_LEGEND = (
    "The counts are of passages, not of people (“2 quotes”: two passages in quotation marks; "
    "“reported without marks”: attributions the outlet paraphrases), and only of passages "
    "storylens credits to someone: a quote it could not credit is in no count, so a count "
    "may fall short of what the outlet prints. The anonymous share is "
    "the share of an outlet's quoted words that come from anonymous sources. The “quotes” "
    "column lists the people and organisations the outlet quotes by name; “never names”, "
    "those another outlet quotes by name that this outlet never names (it may still tell "
    "what they did or said); – for none. Another "
    "outlet an outlet credits for a report or an interview (“the Times reports”, “told "
    "CNN”) is no source counted here: “credits” names it, as the lineage table does."
)


def _sourcing(c: StoryComparison, notes: EvidenceNotes) -> list[str]:
    lines = ["## Sourcing", ""]
    lines += [
        "| outlet | named people | organisations | anonymous sources | unnamed people "
        "| anonymous share | quotes | never names |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for p in c.sourcing_by_outlet:
        counts = {s.source_type: s for s in p.counts}

        def cell(
            kind: SourceType,
            counts: dict[str, SourceCount] = counts,  # type: ignore[assignment]
            profile: SourcingProfile = p,
        ) -> str:
            count = counts.get(kind)
            if count is None:
                return "–"
            # counts of quotes, not of people: a person quoted twice is two quotes
            quoted = (
                _plural(count.quotes, "quote", "quotes")
                + ", "
                + _plural(count.words, "word", "words")
                if count.quotes
                else ""
            )
            reported = f"{count.reported} reported without marks" if count.reported else ""
            found = notes.evidence.sourcing(profile, kind)
            return "; ".join(part for part in (quoted, reported) if part) + notes.ref(found)

        anonymous = f" ({', '.join(md(a) for a in p.anonymous)})" if p.anonymous else ""
        organisations = cell("organization")
        if credited := outlets_credited(c.lineage, p.outlet):
            named = ", ".join(md(name) for name in credited)
            # "credits", not "retells reports of": a source who "told CNN" gave CNN an
            # interview, and a fresh reader marked "retells reports of CNN" misleading there
            retells = f"credits {named}"
            organisations = retells if organisations == "–" else f"{organisations}; {retells}"
        lines.append(
            f"| {md(p.outlet)} | {cell('person')} | {organisations} | "
            f"{cell('anonymous')}{anonymous} | {cell('unnamed')} "
            f"| {p.anonymous_share:.0%} "
            f"| {', '.join(md(s) for s in p.speakers) or '–'} "
            f"| {', '.join(md(s) for s in p.left_out) or '–'} |"
        )
    return [*lines, "", SOURCING_LEGEND, ""]


def _tone(c: StoryComparison, notes: EvidenceNotes) -> list[str]:
    """The tone section: what it lists, then each outlet with something listed. An outlet
    with nothing listed gets no line: "none found" read to fresh readers as "no loaded
    words" where the outlet used kinds of word the part does not list."""
    lines = ["## Tone and framing", "", TONE_CHECKED, ""]
    ev = notes.evidence
    for profile in c.tone:
        listed = []
        own = ", ".join(
            f"“{md(m.text)}”{_kind(m)}{notes.ref(ev.tone(profile, m))}" for m in profile.own
        )
        if own:
            listed.append(f"- In its own voice: {own}")
        if profile.distinctive:
            words = ", ".join(
                f"“{md(w)}”{notes.ref(ev.distinctive(profile, w))}" for w in profile.distinctive
            )
            listed.append(f"- Only this outlet's own words: {words}")
        if profile.scare:
            listed.append(
                "- Distanced (scare quotes): "
                + ", ".join(
                    f"‘{md(m.text)}’{notes.ref(ev.tone(profile, m))}" for m in profile.scare
                )
            )
        if profile.adopted:
            listed.append(
                "- Framing it quotes rather than states: "
                + ", ".join(
                    f"“{md(a)}”{notes.ref(ev.adopted(profile, a))}" for a in profile.adopted
                )
            )
        if listed:
            lines += [f"### {md(profile.outlet)}", "", *listed, ""]
    return lines


def _kind(mark: ToneMark) -> str:
    kind = mark_kind(mark)
    return f" ({kind})" if kind else ""


def _timeline(c: StoryComparison, notes: EvidenceNotes) -> list[str]:
    if not c.timeline:
        return []
    lines = ["## Timeline", "", "| date | words | outlets | sentence |", "|---|---|---|---|"]
    published = {entry.article_id: entry.published for entry in c.lineage}
    for entry in c.timeline:
        value = date_in_words(entry.value, entry.text, published.get(entry.article_id))
        said = _quoting(notes.evidence.row_speaker(entry))
        lines.append(
            f"| {md(value)} | {md(entry.text)} | {', '.join(md(o) for o in entry.outlets)} "
            f"| {md(entry.sentence)}{said}{notes.ref(notes.evidence.timeline(entry))} |"
        )
    return [*lines, ""]
