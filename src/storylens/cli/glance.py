"""What ``show`` prints by default: a story at a glance, in a few screens of an 80-column
terminal. The scorecard first, then the articles, the details that disagree, the quotes
worded differently and each outlet's most important lone claims; ``show --all`` prints
everything (``cli/read.py``).

Tables wrap at words; a word longer than its column is cut with an ellipsis rather than
broken over two lines, and dates and ids are never wrapped. Each line ends in the characters
of its article it rests on ("@149–213", with the article id where its outlet has several),
as the Markdown report's footnotes and the web's highlight links give them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from rich.console import Console
from rich.table import Table
from rich.text import Text

from storylens.cli.common import plural, terminal_safe
from storylens.compare.ranking import short_list
from storylens.compare.scorecard import (
    CONFLICT_SCOPE_WORDS,
    ONLY_CLAIMS_LABELS,
    anonymous_words,
    loaded_words_cell,
    maybe_only_words,
    only_here_words,
)
from storylens.evidence import Evidence
from storylens.views import StoryView

# Columns never wrapped: a date or an id is read whole or not at all.
WHOLE_COLUMNS = frozenset({"article", "published", "count"})


def glance_table(title: str, columns: Sequence[str], rows: Iterable[Sequence[str]]) -> Table:
    """A table of untrusted text that wraps at words only."""
    table = Table(title=title, title_justify="left")
    for column in columns:
        whole = column in WHOLE_COLUMNS
        table.add_column(column, no_wrap=whole, overflow="ellipsis" if not whole else "ignore")
    for row in rows:
        table.add_row(*(Text(terminal_safe(cell)) for cell in row))
    return table


def evidence_ref(view: StoryView, found: Sequence[Evidence]) -> str:
    """Where a line comes from, in a few characters: "@149–213" in its outlet's one article,
    "@article-id:149–213" where the outlet has several; "" when it has no evidence."""
    articles = Counter(view.outlet_of.values())
    return " ".join(
        f"@{e.article_id + ':' if articles[e.outlet] > 1 else ''}{e.start}–{e.end}" for e in found
    )


def print_glance(console: Console, view: StoryView) -> None:
    """The story at a glance: what differs first, then the articles, the details that
    disagree, the quotes worded differently and each outlet's most important lone claims."""
    _print_heading(console, view)
    _print_scorecard(console, view)
    _print_articles(console, view)
    _print_details(console, view)
    _print_reworded(console, view)
    _print_only_claims(console, view)
    _print_footer(console, view)


def _print_heading(console: Console, view: StoryView) -> None:
    names = list(dict.fromkeys(view.outlet_of.values()))
    console.print(Text(terminal_safe(view.title or "Untitled story"), style="bold"))
    console.print(
        Text(
            f"{plural(len(view.articles), 'article')} from {plural(len(names), 'outlet')}: "
            + terminal_safe(", ".join(names))
            + (
                f"; the title is {terminal_safe(view.title_outlet)}'s headline"
                if view.title_outlet
                else ""
            )
        )
    )
    for article in view.articles:
        if article.name_note:
            console.print(Text(terminal_safe(f"{article.name}: {article.name_note}"), style="dim"))


def _print_scorecard(console: Console, view: StoryView) -> None:
    card = view.scorecard
    kinds = ", ".join(f"{count} {kind}" for kind, count in card.variants)
    possible = f" (and {card.possible_conflicts} possible)" if card.possible_conflicts else ""
    console.print(
        glance_table(
            "What differs, at a glance",
            ("count", "what"),
            [
                (str(card.conflicts), f"conflicting details {CONFLICT_SCOPE_WORDS}{possible}"),
                (str(card.variant_count), f"quote variants ({kinds})"),
                (
                    str(card.only_claims),
                    ONLY_CLAIMS_LABELS[1]
                    + (f" ({maybe_only_words(card)})" if maybe_only_words(card) else ""),
                ),
            ],
        )
    )
    if card.outlets:
        console.print(
            glance_table(
                "Per outlet",
                ("outlet", "only here", "anonymous", "loaded words listed"),
                [
                    (
                        o.outlet,
                        only_here_words(o),
                        anonymous_words(o),
                        loaded_words_cell(o),
                    )
                    for o in card.outlets
                ],
            )
        )


def _print_articles(console: Console, view: StoryView) -> None:
    console.print(
        glance_table(
            "Articles",
            ("article", "outlet", "published"),
            [
                (a.article_id, view.outlet_of[a.article_id], (a.published or "no date")[:10])
                for a in view.articles
            ],
        )
    )


def _print_details(console: Console, view: StoryView) -> None:
    differing = [d for d in view.comparison.details if d.status != "agree"]
    if not differing:
        return
    evidence = view.evidence
    console.print(
        glance_table(
            "Details that disagree or cannot be checked",
            ("detail", "one outlet", "another", "status"),
            [
                (
                    f"{d.kind}: {d.subject}",
                    f"{d.first.outlet}: {d.first.text} "
                    + evidence_ref(view, evidence.detail(d.first)),
                    f"{d.second.outlet}: {d.second.text} "
                    + evidence_ref(view, evidence.detail(d.second)),
                    "cannot be checked" if d.status == "unchecked" else d.status,
                )
                for d in differing
            ],
        )
    )


def _print_reworded(console: Console, view: StoryView) -> None:
    reworded = [
        (
            group.speaker or "unknown speaker",
            v.outlet or "",
            v.relation,
            f"{v.text} {evidence_ref(view, view.evidence.variant(v))}",
        )
        for group in view.comparison.quote_groups
        if group.wording_differs
        for v in group.variants
        if v.relation not in ("reference", "identical")
    ]
    if reworded:
        console.print(
            glance_table(
                "Quotes worded differently", ("speaker", "outlet", "how", "words"), reworded
            )
        )


def _print_only_claims(console: Console, view: StoryView) -> None:
    """Each outlet's most important lone claims, then how many more are unsure."""
    c, evidence = view.comparison, view.evidence
    for outlet in dict.fromkeys(view.outlet_of.values()):
        claims = [
            cl
            for cl in c.claims
            if cl.outlet == outlet and cl.status == "only" and not cl.maybe_matches
        ]
        if not claims:
            continue
        top, rest = short_list(claims, c.claims)
        console.print(Text(f"Only in {terminal_safe(outlet)}", style="bold"))
        bullets = Table.grid(padding=(0, 1))  # a hanging indent: wrapped lines under the text
        bullets.add_column(no_wrap=True)
        bullets.add_column(overflow="ellipsis")
        for claim in top:
            ref = Text(" " + evidence_ref(view, evidence.claim(claim)), style="dim")
            speaker = evidence.unnamed_speaker(claim)
            said = Text(f" (quoting {terminal_safe(speaker)})" if speaker else "", style="dim")
            bullets.add_row(" •", Text(terminal_safe(claim.text)) + said + ref)
        console.print(bullets)
        if rest:
            console.print(Text(f"  … {plural(len(rest), 'more claim')} (--all)", style="dim"))
    if view.scorecard.maybe_only_claims:
        console.print(
            Text(
                f"{plural(view.scorecard.maybe_only_claims, 'sentence')} perhaps told by others "
                "too: no other outlet's sentence matches closely, but another outlet may tell "
                "it in other words (--all)",
                style="dim",
            )
        )
    unplaced = sum(cl.status == "unplaced" for cl in c.claims)
    if unplaced:
        console.print(
            Text(
                f"{plural(unplaced, 'sentence')} not placed: storylens cannot tell whether "
                "the other outlets tell them in other words (--all)",
                style="dim",
            )
        )


def _print_footer(console: Console, view: StoryView) -> None:
    console.print(
        Text("@START–END: the characters of its article a line rests on", style="dim"),
        soft_wrap=True,
    )
    console.print(
        Text(
            f"storylens show {view.story_id} --all: every quote, claim, source and tone mark",
            style="dim",
        ),
        soft_wrap=True,
    )
