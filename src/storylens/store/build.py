"""What a store was built with, and what a new run changes of it.

A store keeps the storylens version, the spaCy model, the story-feature version and the
story settings of the run that last wrote it (table ``store_meta``). A run that continues the
store compares them with its own before it writes: features newer than this storylens reads
stop it (they would be read half-understood); another model or other story settings are said
in one line each, since the store then holds articles analysed or placed two ways. The
earlier decisions stay as they are, and the record becomes the new run's.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

from storylens._version import __version__
from storylens.errors import StoreError
from storylens.stories import StorySettings
from storylens.stories.features import FEATURES_VERSION

STORYLENS = "storylens"
MODEL = "model"
FEATURES = "features_version"
STORY_SETTINGS = "story_settings"
# Settings named in a note at most, so that a note stays one line.
MAX_NAMED_SETTINGS = 4


@dataclass(frozen=True)
class Build:
    """What one run builds a store with."""

    model: str
    story_settings: StorySettings
    storylens: str = __version__
    features_version: int = FEATURES_VERSION

    def as_record(self) -> dict[str, str]:
        return {
            STORYLENS: self.storylens,
            MODEL: self.model,
            FEATURES: str(self.features_version),
            STORY_SETTINGS: json.dumps(asdict(self.story_settings), sort_keys=True),
        }


def build_notes(stored: dict[str, str], current: Build) -> list[str]:
    """One line per way this run differs from what the store was built with; a store whose
    features are newer than this storylens reads is refused. An empty record (a new store, or
    one from before records were kept) has nothing to differ from."""
    if not stored:
        return []
    try:
        stored_features = int(stored.get(FEATURES, "1"))
    except ValueError:
        stored_features = FEATURES_VERSION + 1  # unreadable: treat as from an unknown future
    if stored_features > current.features_version:
        raise StoreError(
            f"the store was written by storylens {stored.get(STORYLENS, '?')} with story "
            f"features version {stored_features}, newer than this storylens reads "
            f"({current.features_version}): upgrade storylens to continue it"
        )
    notes = []
    record = current.as_record()
    if stored.get(MODEL) and stored[MODEL] != record[MODEL]:
        notes.append(
            f"this store was analysed with {stored[MODEL]}; this run uses {record[MODEL]}, "
            "and its articles are compared with the earlier ones as they are"
        )
    changed = _changed_settings(stored.get(STORY_SETTINGS), record[STORY_SETTINGS])
    if changed:
        named = ", ".join(changed[:MAX_NAMED_SETTINGS])
        more = (
            f" and {len(changed) - MAX_NAMED_SETTINGS} more"
            if len(changed) > MAX_NAMED_SETTINGS
            else ""
        )
        notes.append(
            f"this store's stories were placed with other settings ({named}{more}): "
            "they stay as they are, and new articles are placed with this run's"
        )
    return notes


def _changed_settings(stored: str | None, current: str) -> list[str]:
    """``name: old -> new`` for each setting that differs (a setting new to this storylens
    shows as ``none`` before)."""
    if not stored:
        return []
    try:
        before = json.loads(stored)
    except json.JSONDecodeError:
        return ["the stored settings cannot be read"]
    after = json.loads(current)
    if not isinstance(before, dict):
        return ["the stored settings cannot be read"]
    return [
        f"{name}: {_shown(before.get(name))} -> {_shown(after.get(name))}"
        for name in sorted(set(before) | set(after))
        if before.get(name) != after.get(name)
    ]


def _shown(value: object) -> str:
    return "none" if value is None else json.dumps(value, sort_keys=True)
