"""Compare: inside one story, how the outlets' accounts line up (``compare_story``)."""

from storylens.compare.quotes import QuoteInStory, align_quotes
from storylens.compare.story import compare_story

__all__ = ["QuoteInStory", "align_quotes", "compare_story"]
