"""Store: the database behind every interface (SQLite by default, PostgreSQL by URL)."""

from storylens.store.database import DEFAULT_DB_PATH, database_url
from storylens.store.store import Store, StoredArticle, StorySummary

__all__ = ["DEFAULT_DB_PATH", "Store", "StoredArticle", "StorySummary", "database_url"]
