"""The commands that read the store (``stories``, ``show``, ``search``) or the settings."""

from __future__ import annotations

import re
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from storylens.cli.common import (
    DbOption,
    _open_store,
    _stdout,
    _story_view_or_exit,
    _table,
    plural,
    terminal_safe,
)
from storylens.cli.glance import print_glance
from storylens.store import DEFAULT_DB_PATH
from storylens.store.search import MATCH_END, MATCH_START
from storylens.stories.settings import SETTINGS
from storylens.views import search_view, story_list

_SPACES = re.compile(r"\s+")


def settings_command() -> None:
    """List the story settings that --setting NAME=VALUE changes, with their defaults."""
    table = _table(
        f"{len(SETTINGS)} story settings",
        ("name", "default", "meaning"),
        ((item.name, f"{item.default:g}", item.help) for item in SETTINGS),
    )
    _stdout().print(table)


def stories_command(
    db: DbOption = DEFAULT_DB_PATH,
    limit: Annotated[
        int, typer.Option(min=1, metavar="N", help="Show at most this many stories.")
    ] = 50,
) -> None:
    """List the stories: title, outlets, articles and dates."""
    console = _stdout()
    store = _open_store(db, create=False, read_only=True)
    try:
        summaries, total = story_list(store, limit)
    finally:
        store.close()
    table = _table(
        plural(total, "story", "stories"),
        ("story", "title", "outlets", "articles", "first", "last"),
        (
            (
                summary.story_id,
                summary.title or "",
                ", ".join(summary.outlets),
                str(summary.article_count)
                + (
                    f" ({plural(summary.duplicate_count, 'copy', 'copies')})"
                    if summary.duplicate_count
                    else ""
                ),
                (summary.first_published or "")[:10],
                (summary.last_published or "")[:10],
            )
            for summary in summaries
        ),
    )
    console.print(table)


def show_command(
    story_id: Annotated[str, typer.Argument(help="A story id from `storylens stories`.")],
    db: DbOption = DEFAULT_DB_PATH,
    all_acts: Annotated[
        bool,
        typer.Option(
            "--all-acts", help="Also list thoughts, intentions and evidence, not only speech."
        ),
    ] = False,
    show_all: Annotated[
        bool,
        typer.Option(
            "--all", help="Everything: every quote, claim, source and tone mark, not a glance."
        ),
    ] = False,
) -> None:
    """One story at a glance: what differs, the articles, the details that disagree, the
    quotes worded differently and each outlet's main lone claims (--all: everything)."""
    console = _stdout()
    view = _story_view_or_exit(db, story_id)
    if not (show_all or all_acts):  # every act is listed only where every quote is
        print_glance(console, view)
        return

    console.print(Text(terminal_safe(view.title or view.story_id), style="bold"))
    console.print(Text(f"story {view.story_id} · {plural(len(view.articles), 'article')}"))
    articles = [
        (
            article.article_id,
            article.name or article.outlet or "",
            (article.published or "")[:10],
            f"copy of {article.duplicate_of}. {article.why}"
            if article.duplicate_of
            else article.why,
        )
        for article in view.articles
    ]
    console.print(
        _table("Articles", ("article", "outlet", "published", "why it is here"), articles)
    )

    recalls = [
        (a.article_id, other, title or "") for a in view.articles for other, title in a.recalls
    ]
    if recalls:
        console.print(
            _table("Other events these articles recall", ("article", "story", "title"), recalls)
        )

    marked = [(a.article_id, reason, line) for a in view.articles for reason, line in a.boilerplate]
    if marked:
        console.print(
            _table("Boilerplate marked and skipped", ("article", "reason", "line"), marked)
        )

    attributed = [q for q in view.quotes if q.is_statement]
    shown = [q for q in attributed if all_acts or q.act == "speech"]
    quotes = [
        (
            quote.speaker or "(unknown)",
            quote.speaker_type,
            quote.text,
            quote.cue or "",
            quote.kind,
            quote.act,
            quote.outlet or "",
        )
        for quote in shown
    ]
    console.print(
        _table(
            "Who said what",
            ("speaker", "type", "quote", "cue", "kind", "act", "outlet"),
            quotes,
        )
    )
    hidden = len(attributed) - len(shown)
    if hidden:
        console.print(
            Text(
                f"{plural(hidden, 'other attribution')} (thoughts, intentions, evidence): "
                "--all-acts"
            )
        )

    from rich.markdown import Markdown  # only `show --all` renders Markdown

    from storylens.report import write_markdown

    console.print(Markdown(terminal_safe(write_markdown(view)), hyperlinks=False))


def search_command(
    query: Annotated[str, typer.Argument(help="Words to find in titles, texts and quotes.")],
    db: DbOption = DEFAULT_DB_PATH,
    limit: Annotated[
        int, typer.Option(min=1, max=100, metavar="N", help="Hits of each kind.")
    ] = 10,
) -> None:
    """Stories, articles and quotes that match the words, the matching words shown."""
    console = _stdout()
    store = _open_store(db, create=False, read_only=True)
    try:
        results = search_view(store, query, limit)
    finally:
        store.close()

    if not (results.stories or results.articles or results.quotes):
        console.print(Text(f"no matches for {terminal_safe(query)!r}"), soft_wrap=True)
        return

    def marked(snippet: str) -> Text:
        shown = Text()
        for index, part in enumerate(re.split(f"[{MATCH_START}{MATCH_END}]", snippet.strip())):
            # runs of white space become one space, but the spaces either side of a
            # highlighted word stay: "snappy Hilaria Baldwin", not "snappyHilariaBaldwin"
            shown.append(
                terminal_safe(_SPACES.sub(" ", part)), style="bold reverse" if index % 2 else ""
            )
        return shown

    console.print(
        _table("Stories", ("story", "title"), [(sid, t or "") for sid, t in results.stories])
    )
    articles = Table(title="Articles")
    articles.add_column("article", no_wrap=True, overflow="ignore")
    articles.add_column("outlet", overflow="fold")
    articles.add_column("matching words", overflow="fold")
    for hit in results.articles:
        articles.add_row(
            Text(terminal_safe(hit.article_id)),
            Text(terminal_safe(hit.outlet or "")),
            marked(hit.snippet),
        )
    console.print(articles)
    quoted = Table(title="Quotes")
    quoted.add_column("article", no_wrap=True, overflow="ignore")
    quoted.add_column("speaker", overflow="fold")
    quoted.add_column("matching words", overflow="fold")
    for hit, speaker in results.quotes:
        quoted.add_row(
            Text(terminal_safe(hit.article_id)),
            Text(terminal_safe(speaker or "unknown")),
            marked(hit.snippet),
        )
    console.print(quoted)
