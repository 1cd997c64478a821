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
# An id is a key shown in listings and URLs; URLs used as ids (feed guids) fit, longer is data
# pasted into the wrong field.
MAX_ID_CHARS = 1_000
# This many lines in a row that are not JSON mean the file is not JSON Lines at all: one line
# says so instead of one per line (1 MB of random bytes would print thousands).
MAX_BAD_JSON_LINES_IN_A_ROW = 10
# Bytes read from one URL: the same cap as a file. The body is streamed and reading stops at
# the cap, so a server that sends no Content-Length cannot fill memory.
MAX_FETCH_BYTES = MAX_FILE_BYTES
# Seconds a news site may stay silent (connect, or between two reads) before it is reported.
FETCH_TIMEOUT_SECONDS = 20.0
# Seconds one fetch may take in all: a server that trickles a few bytes every few seconds
# never trips the per-read timeout above, so the whole download has a deadline too.
FETCH_DEADLINE_SECONDS = 60.0
