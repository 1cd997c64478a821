"""storylens: turn news articles into stories and compare how outlets covered each one.

The records and errors are imported with the package. What runs the stages is imported when
first used (``storylens.analyze``, ``storylens.Store`` ...), so that ``import storylens`` stays
light (no spaCy, no database driver) and the stages' own modules may import the package.

    import storylens
    with storylens.Store("news.db") as store:
        summary = storylens.analyze(["articles/"], store)
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from storylens import _torch_free_thinc
from storylens._version import __version__
from storylens.errors import (
    InputError,
    ModelError,
    NotFound,
    SettingError,
    StoreError,
    StorylensError,
)
from storylens.records import (
    AnalysedArticle,
    Article,
    CleanArticle,
    Quote,
    Rejection,
    StoryAssignment,
    StoryComparison,
)

# Before anything imports spaCy: thinc without PyTorch, which no CNN pipeline uses.
_torch_free_thinc.install()

# Public name -> the module that defines it, imported on first use.
_LAZY = {
    "analyze": "storylens.pipeline",
    "PipelineRun": "storylens.pipeline",
    "Store": "storylens.store",
    "iter_inputs": "storylens.ingest",
    "clean_article": "storylens.clean",
    "extract_quotes": "storylens.analyse.quotes",
    "find_timexes": "storylens.analyse.timex",
    "StoryClusterer": "storylens.stories",
    "StorySettings": "storylens.stories",
    "extract_features": "storylens.stories",
    "compare_story": "storylens.compare",
    "compare_articles": "storylens.direct",
    "same_claim": "storylens.compare.same_claim",
}

if TYPE_CHECKING:
    from storylens.analyse.quotes import extract_quotes
    from storylens.analyse.timex import find_timexes
    from storylens.clean import clean_article
    from storylens.compare import compare_story
    from storylens.compare.same_claim import same_claim
    from storylens.direct import compare_articles
    from storylens.ingest import iter_inputs
    from storylens.pipeline import PipelineRun, analyze
    from storylens.store import Store
    from storylens.stories import StoryClusterer, StorySettings, extract_features


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'storylens' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value  # once imported, an ordinary attribute
    return value


__all__ = [
    "AnalysedArticle",
    "Article",
    "CleanArticle",
    "InputError",
    "ModelError",
    "NotFound",
    "PipelineRun",
    "Quote",
    "Rejection",
    "SettingError",
    "Store",
    "StoreError",
    "StoryAssignment",
    "StoryClusterer",
    "StoryComparison",
    "StorySettings",
    "StorylensError",
    "__version__",
    "analyze",
    "clean_article",
    "compare_articles",
    "compare_story",
    "extract_features",
    "extract_quotes",
    "find_timexes",
    "iter_inputs",
    "same_claim",
]
