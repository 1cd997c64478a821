"""Clean: repair the text of an article and mark its boilerplate without cutting it out."""

from storylens.clean.boilerplate import find_boilerplate
from storylens.clean.text import repair_text

__all__ = ["clean_article", "find_boilerplate", "repair_text"]

from storylens.clean.pipeline import clean_article  # noqa: E402
