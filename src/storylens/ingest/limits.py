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
# Retries after a 429, a 5xx or a dropped connection: enough to ride out a restart or a short
# overload of a news site, few enough that a site that is really down costs seconds, not minutes.
FETCH_RETRIES = 3
# The first wait before a retry, doubled at each further retry (1, 2, 4 s): exponential backoff
# gives an overloaded server room instead of hammering it at a fixed rate.
FETCH_BACKOFF_SECONDS = 1.0
# The longest storylens waits before one retry, whether from backoff or a server's Retry-After.
# A server asking for longer is not retried (it said so); a run of many URLs must keep moving.
MAX_RETRY_WAIT_SECONDS = 30.0
# Seconds between two requests to one host (the end of one and the start of the next): the
# common crawler courtesy of about one request a second; robots.txt's Crawl-delay can ask more.
HOST_DELAY_SECONDS = 1.0
# The most a robots.txt Crawl-delay is honoured: larger values (some sites say 3600) would stall
# a run for hours on one site; beyond it the delay is this long.
MAX_CRAWL_DELAY_SECONDS = 30.0
# Redirects followed for one URL: news links go through a tracker and an http -> https hop or
# two; browsers stop at 20, but more than 5 in news is a loop or a trap.
MAX_REDIRECTS = 5
# Bytes of robots.txt read; RFC 9309 asks crawlers to parse at least 500 KiB, and the rules past
# it are ignored (as Google does) rather than the whole site refused.
MAX_ROBOTS_BYTES = 500 * 1024
# Entries of one feed URL fetched as pages: feeds carry tens of entries; a feed of many
# thousands (an archive dump) at one page a second would run for hours, so the rest is reported.
MAX_FEED_ENTRIES = 1_000
# A --urls file: one URL a line; 1 MB is some 10,000 URLs, hours of polite fetching. Larger is
# not a list someone wrote but a dump (or the wrong file).
MAX_URL_LIST_BYTES = 1_000_000
# Seconds a robots.txt that was read holds: RFC 9309 section 2.4 asks crawlers not to use a
# cached copy for more than 24 hours, and a ``watch`` polling feeds runs for days.
MAX_ROBOTS_AGE_SECONDS = 24 * 60 * 60.0
# Characters of one JSON Lines line: a line is one article record, and its HTML is at most what
# a whole file may be. A longer line is skipped unread, so memory stays bounded by this.
MAX_LINE_CHARS = MAX_FILE_BYTES
# Bytes a .gz input may inflate to: some 200,000 articles. A gzip bomb (an 8.7 MB file of
# spaces inflates to 2 GB) is stopped here at the latest; split a larger corpus into files.
MAX_INFLATED_BYTES = 1_000_000_000
# Inflated bytes per compressed byte past which a .gz is a bomb: news JSON Lines compresses
# 3-10 times; a file of one repeated byte some 1,000 times. Checked only past the floor below.
MAX_INFLATE_RATIO = 100
# Inflated bytes before the ratio is checked: a small file of repeated test records may
# compress far better than news, and costs nothing to read.
INFLATE_RATIO_FLOOR_BYTES = 5 * MAX_FILE_BYTES
# Records of one input rejected in a row after which the rest of it is not read: a corpus
# with a thousand unusable records in a row is the wrong file or the wrong format, and reading
# on (1,000,000 such lines took 139 s) only prints more of the same.
MAX_REJECTED_IN_A_ROW = 1_000
# Rejections of one input listed one by one; the rest are counted in one line, so a broken
# corpus cannot print (or store) a million lines.
MAX_REJECTIONS_LISTED = 20
