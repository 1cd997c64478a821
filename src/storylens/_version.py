"""The one place storylens's version is written (pyproject.toml reads it from here).

A module of its own, as httpx's ``__version__.py``: the stages that record or send the
version (``store/build.py``, ``ingest/fetch.py``, the web app) import it from here, never from
the package's ``__init__``.
"""

__version__ = "0.1.0"
