"""Named limits of the ingest stage, each with its reason."""

# Larger files are almost never one article: a dump or a mistake. Read them as JSON Lines only.
MAX_FILE_BYTES = 20_000_000
# An article body larger than this is not news text; spaCy would also take minutes on it.
MAX_ARTICLE_CHARS = 500_000
# A one-sentence news flash is an article; a body shorter than a short sentence is a fragment.
MIN_ARTICLE_CHARS = 25
# A first line longer than this is a sentence of the body, not a headline.
MAX_TITLE_CHARS = 200
# Share of control characters above which a "text" file is really binary data.
MAX_CONTROL_CHAR_SHARE = 0.01
