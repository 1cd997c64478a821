"""Running the app under uvicorn, in one process or several (``storylens serve --workers``).

With several workers uvicorn binds the listening socket itself, and the connections accepted
from it do not get TCP_NODELAY (asyncio sets it only on sockets it creates): each response,
written as headers then body, then waits on the client's delayed acknowledgement, about 40 ms
on loopback. The socket is bound here with TCP_NODELAY, which accepted connections inherit.
"""

from __future__ import annotations

import os
import socket
import tempfile
from dataclasses import replace

import uvicorn
from uvicorn.supervisors import Multiprocess

from storylens.web.app import APP_FACTORY, settings_to_environment
from storylens.web.settings import WebSettings


class _Config(uvicorn.Config):
    def bind_socket(self) -> socket.socket:
        bound = super().bind_socket()
        bound.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return bound


def serve(settings: WebSettings, host: str, port: int, workers: int = 1) -> None:
    """Serve until interrupted; each worker process builds its app from the environment.
    Several workers share their cached pages in a folder made for this run."""
    if workers > 1 and settings.cache_entries > 0:
        with tempfile.TemporaryDirectory(prefix="storylens-pages-") as folder:
            _serve(replace(settings, cache_dir=folder), host, port, workers)
    else:
        _serve(settings, host, port, workers)


def _serve(settings: WebSettings, host: str, port: int, workers: int) -> None:
    os.environ.update(settings_to_environment(settings))
    config = _Config(
        APP_FACTORY, factory=True, host=host, port=port, workers=workers, log_level="warning"
    )
    if workers > 1:
        Multiprocess(config, sockets=[config.bind_socket()]).run()
    else:
        uvicorn.Server(config).run()
