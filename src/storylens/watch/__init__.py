"""Watch: keep a store up to date with folders and feeds (``storylens watch``).

state.py  what was seen, in a JSON file beside the database (written after each batch)
files.py  new and changed files, named as ``analyze FOLDER`` names them
feeds.py  new feed entries, by conditional GET (ETag / Last-Modified) and entry keys
loop.py   the passes: scan, batch through the pipeline, remember; stops between batches
"""

from storylens.watch.feeds import FeedPoller, read_feed_list
from storylens.watch.loop import DEFAULT_INTERVAL_SECONDS, WatchBatch, WatchTotals, watch
from storylens.watch.state import default_state_path

__all__ = [
    "DEFAULT_INTERVAL_SECONDS",
    "FeedPoller",
    "WatchBatch",
    "WatchTotals",
    "default_state_path",
    "read_feed_list",
    "watch",
]
