"""storylens: turn news articles into stories and compare how outlets covered each one."""

from storylens.errors import InputError, ModelError, StoreError, StorylensError
from storylens.records import (
    AnalysedArticle,
    Article,
    CleanArticle,
    Quote,
    Rejection,
    StoryAssignment,
    StoryComparison,
)

__version__ = "0.1.0"

__all__ = [
    "AnalysedArticle",
    "Article",
    "CleanArticle",
    "InputError",
    "ModelError",
    "Quote",
    "Rejection",
    "StoreError",
    "StoryAssignment",
    "StoryComparison",
    "StorylensError",
    "__version__",
]
