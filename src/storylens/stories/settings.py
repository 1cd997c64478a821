"""The story stage's settings by name: what each means, its bounds, and ``NAME=VALUE`` reading.

``StorySettings`` (``clusterer.py``) holds the numbers, with the calibrated defaults and the
reasons for them beside their constants. This module is what a user sees of them:
``storylens settings`` prints ``SETTINGS`` (name, default, meaning), and ``analyze --setting
NAME=VALUE`` and ``watch --setting`` read them with ``read_settings``, which checks each value
against its bounds so that a typo stops the run before any article is placed. The MinHash
parameters are not among them: the signatures stored with every article were made with them,
and other ones would find no copies among those.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from typing import Any

from storylens.errors import SettingError
from storylens.stories.clusterer import StorySettings


@dataclass(frozen=True)
class Setting:
    """One setting: its meaning and the values it may take (``low`` <= value <= ``high``)."""

    name: str
    help: str
    low: float
    high: float = math.inf

    @property
    def default(self) -> float:
        return float(getattr(StorySettings(), self.name))

    @property
    def kind(self) -> type:
        return int if isinstance(getattr(StorySettings(), self.name), int) else float


SETTINGS: tuple[Setting, ...] = (
    Setting("join_threshold", "score an article needs to join a story (else it opens one)", 0, 1),
    Setting("join_day_penalty", "taken off the score when the leads name other days", 0, 1),
    Setting(
        "join_place_penalty", "taken off the score when the leads name another town and day", 0, 1
    ),
    Setting(
        "secondary_threshold", "score that records another story as one an article recalls", 0, 1
    ),
    Setting("max_secondary", "other stories recorded per article at most", 0),
    Setting("term_weight", "share of the score given to shared words", 0, 1),
    Setting("name_weight", "share of the score given to shared names, dates and numbers", 0, 1),
    Setting("quote_weight", "share of the score given to shared quotes", 0, 1),
    Setting("dense_weight", "share given to sentence embeddings when both sides have them", 0, 1),
    Setting("time_grace_days", "days apart an article may be published with no time decay", 0),
    Setting("time_decay_days", "days per factor e of time decay after the grace days", 0.001),
    Setting("same_day_grace_days", "grace days when the article's lead names the story's day", 0),
    Setting(
        "year_conflict_factor", "score factor when undated article and story name other years", 0, 1
    ),
    Setting("max_story_gap_days", "days after its last article a story stops taking new ones", 0),
    Setting("lookup_keys", "distinctive words and names an article looks stories up by", 1),
    Setting("max_candidates", "candidate stories scored per article", 1),
    Setting("split_min_part", "members each group of a split needs at least", 1),
    Setting("split_max_members", "largest story the split check and rehoming look at", 2),
    Setting(
        "split_threshold", "cross score below which two groups of a story are two events", 0, 1
    ),
    Setting("split_min_margin", "how much closer members must be to their own group", 0, 1),
    Setting(
        "split_actor_factor", "cross score factor when groups' leads are about other people", 0, 1
    ),
    Setting("split_day_factor", "cross score factor when groups' leads name other days", 0, 1),
    Setting("split_every", "the full split check runs at every this many members", 1),
)
BY_NAME = {setting.name: setting for setting in SETTINGS}


def read_settings(pairs: Iterable[str], base: StorySettings | None = None) -> StorySettings:
    """``base`` (the defaults) with each ``NAME=VALUE`` of ``pairs`` applied and checked."""
    changes: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        name = name.strip().replace("-", "_")
        setting = BY_NAME.get(name)
        if not sep or setting is None:
            known = ", ".join(sorted(BY_NAME))
            raise SettingError(f"unknown setting {pair!r}: give NAME=VALUE, NAME one of {known}")
        changes[name] = _value(setting, text.strip())
    return replace(base or StorySettings(), **changes)


def _value(setting: Setting, text: str) -> float | int:
    try:
        value: float | int = setting.kind(text)
    except ValueError:
        kind = "a whole number" if setting.kind is int else "a number"
        raise SettingError(f"setting {setting.name}: {text!r} is not {kind}") from None
    if not setting.low <= value <= setting.high or (isinstance(value, float) and math.isnan(value)):
        bounds = f"from {setting.low:g}" + (
            f" to {setting.high:g}" if setting.high < math.inf else ""
        )
        raise SettingError(f"setting {setting.name}: {text} is out of bounds ({bounds})")
    return value


def settable_fields() -> list[str]:
    """The names of StorySettings' fields a user may set (all but the MinHash parameters)."""
    return [f.name for f in fields(StorySettings) if f.name != "minhash"]
