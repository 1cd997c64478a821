"""The FastAPI application: settings, the store it reads, security headers, limits, and the
one error shape every route answers with.

Everything a page shows comes from ``storylens.views``, the same read side the command line
uses; nothing here queries the database by itself.
"""

from __future__ import annotations

import gc
import os
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from storylens._version import __version__
from storylens.errors import NotFound
from storylens.store import Store
from storylens.web.middleware import Guard, ResponseCache, SharedResponses
from storylens.web.settings import (
    CACHE_ENTRIES,
    TOKEN_ENV,
    WEB_DIR,
    WebSettings,
)


def error_body(status: int, message: str) -> dict[str, object]:
    """The one shape of every error the API returns."""
    return {"error": {"status": status, "message": message}}


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/") or request.url.path == "/openapi.json"


def create_app(settings: WebSettings) -> FastAPI:
    from storylens.web.api import router as api_router
    from storylens.web.pages import error_page
    from storylens.web.pages import router as pages_router

    token = settings.token or os.environ.get(TOKEN_ENV) or None

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        app.state.store.close()

    app = FastAPI(
        title="storylens",
        description="Stories and how the outlets covered them: the comparison, as JSON.",
        version=__version__,
        lifespan=lifespan,
        docs_url=None,  # the interactive docs load scripts from a CDN; /openapi.json stays
        redoc_url=None,
    )
    app.state.store = Store(settings.db, create=False)
    app.state.settings = WebSettings(
        settings.db, token, settings.model, settings.cache_entries, settings.cache_dir
    )
    app.state.write_lock = threading.Lock()  # one pipeline run at a time per server

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> Response:
        message = str(error.detail)
        if _wants_json(request):
            return JSONResponse(error_body(error.status_code, message), error.status_code)
        return error_page(request, error.status_code, message)

    @app.exception_handler(RequestValidationError)
    async def bad_parameter(request: Request, error: RequestValidationError) -> Response:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ()))}: {e.get('msg', 'invalid')}"
            for e in error.errors()
        )
        if _wants_json(request):
            return JSONResponse(error_body(422, problems or "invalid parameter"), 422)
        return error_page(request, 422, problems or "invalid parameter")

    @app.exception_handler(NotFound)
    async def not_found(request: Request, error: NotFound) -> Response:
        if _wants_json(request):
            return JSONResponse(error_body(404, str(error)), 404)
        return error_page(request, 404, str(error))

    @app.exception_handler(Exception)
    async def unexpected(request: Request, error: Exception) -> Response:
        message = f"internal error ({type(error).__name__})"
        if _wants_json(request):
            return JSONResponse(error_body(500, message), 500)
        return error_page(request, 500, message)

    app.mount("/static", StaticFiles(directory=WEB_DIR / "static"), name="static")
    app.include_router(api_router)
    app.include_router(pages_router)
    # Outermost first: the guard sees every request, the cache sits inside it.
    app.add_middleware(
        ResponseCache,
        version=app.state.store.data_version,
        entries=settings.cache_entries,
        shared=SharedResponses(settings.cache_dir) if settings.cache_dir else None,
    )
    app.add_middleware(Guard)
    return app


# What `storylens serve` hands uvicorn: worker processes import the app by this name.
APP_FACTORY = "storylens.web.app:app_from_environment"
_ENV_DB, _ENV_MODEL = "STORYLENS_SERVE_DB", "STORYLENS_SERVE_MODEL"
_ENV_CACHE = "STORYLENS_SERVE_CACHE_ENTRIES"
_ENV_CACHE_DIR = "STORYLENS_SERVE_CACHE_DIR"


def settings_to_environment(settings: WebSettings) -> dict[str, str]:
    found = {_ENV_DB: settings.db, _ENV_CACHE: str(settings.cache_entries)}
    if settings.token:
        found[TOKEN_ENV] = settings.token
    if settings.model:
        found[_ENV_MODEL] = settings.model
    if settings.cache_dir:
        found[_ENV_CACHE_DIR] = settings.cache_dir
    return found


def app_from_environment() -> FastAPI:
    """The app for one server process, with the settings `storylens serve` put in its
    environment (a worker process cannot be handed Python objects)."""
    app = create_app(
        WebSettings(
            os.environ[_ENV_DB],
            os.environ.get(TOKEN_ENV) or None,
            os.environ.get(_ENV_MODEL) or None,
            int(os.environ.get(_ENV_CACHE, CACHE_ENTRIES)),
            os.environ.get(_ENV_CACHE_DIR) or None,
        )
    )
    _settle()
    return app


def _settle() -> None:
    """Compile the templates, then move everything the process holds from start-up (modules,
    the app, the templates: about 200,000 objects) out of the collector's generations. A
    full collection traversed them all, about 100 ms during which the process answered
    nothing: under load, a stall in the 95th percentile of every kind of page. They live as
    long as the process, so the collector has nothing to find among them."""
    from storylens.web.pages import templates

    for name in templates.env.list_templates():
        templates.env.get_template(name)
    gc.collect()
    gc.freeze()
