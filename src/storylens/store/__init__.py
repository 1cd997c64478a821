"""Store: the database behind every interface (SQLite by default, PostgreSQL by URL)."""

from storylens.store.database import DEFAULT_DB_PATH, database_url
from storylens.store.reads import StoryRow
from storylens.store.store import Store, StoredArticle

__all__ = ["DEFAULT_DB_PATH", "Store", "StoredArticle", "StoryRow", "database_url"]
