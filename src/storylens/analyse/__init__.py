"""Per-article analysis: sentences, entities, dates, numbers and quotes with speakers."""
