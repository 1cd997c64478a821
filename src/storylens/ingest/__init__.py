"""Ingest: turn files, folders, stdin, feeds and web archives into Article records.

Every reader yields ``Article`` or ``Rejection`` records, so one broken input never stops a batch.
"""

from storylens.ingest.sources import iter_inputs

__all__ = ["iter_inputs"]
