"""``serve``: the web interface and the JSON API over the store."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.text import Text

from storylens.cli.common import DbOption, _fail, _open_store, _stderr
from storylens.errors import SettingError
from storylens.store import DEFAULT_DB_PATH
from storylens.web.settings import CACHE_ENTRIES, DEFAULT_HOST, DEFAULT_PORT, TOKEN_ENV


def serve_command(
    db: DbOption = DEFAULT_DB_PATH,
    host: Annotated[
        str, typer.Option(metavar="HOST", help="Address to listen on (loopback by default).")
    ] = DEFAULT_HOST,
    port: Annotated[
        int, typer.Option(min=1, max=65535, metavar="PORT", help="Port to listen on.")
    ] = DEFAULT_PORT,
    token: Annotated[
        str | None,
        typer.Option(
            envvar=TOKEN_ENV,
            metavar="TOKEN",
            help="Token that POST /api/articles must carry (Bearer).",
        ),
    ] = None,
    model: Annotated[
        str | None,
        typer.Option(
            metavar="NAME", help="spaCy pipeline for posted articles (default: best installed)."
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            min=1, max=64, metavar="N", help="Server processes (one per core is typical)."
        ),
    ] = 1,
    cache_entries: Annotated[
        int,
        typer.Option(
            min=0,
            metavar="N",
            help="Pages each process caches while the store is unchanged; 0: off.",
        ),
    ] = CACHE_ENTRIES,
) -> None:
    """Serve the web interface and the JSON API over the store (http://HOST:PORT/)."""
    from storylens.web.server import serve
    from storylens.web.settings import WebSettings

    try:
        settings = WebSettings(db, token, model, cache_entries)  # a token no client can send
    except SettingError as error:
        _fail(error)
    store = _open_store(db, create=False)  # fail here, with one line, not inside the server
    store.close()
    _stderr().print(Text(f"storylens: serving {db} on http://{host}:{port}/ (Ctrl-C stops)"))
    serve(settings, host, port, workers)
