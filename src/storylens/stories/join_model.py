"""A learned join model: logistic weights over the parts of an article's score with a story.

An article joins its best candidate story when a logistic model over ``scoring.JoinInputs``
(words, names and quotes, each times the time factor, and whether the leads name other days
or towns) says it is at least ``join_probability`` likely to be that story's event. The model
is linear, so it is the same decision as the clusterer's score against its join threshold:
the words, names and quotes coefficients divided by their sum are the score's weights, the
threshold follows from the intercept, and the other-day and other-town coefficients are
penalties taken off the score (``StorySettings.with_join_model``).

``bench/train_join_model.py`` fits one on labelled corpora and ``bench/stories.py
--leave-one-out`` judges it on each corpus left out of its fit; the other-day coefficient is
held at 0 there, as the hand settings take nothing off for another day (``HELD_AT_ZERO``). It
is not the default: left out one at a time, twelve corpora score a mean B-cubed F1 of 0.989
with it (worst 0.934, ECB+; gvc-train 0.979, over the batch baseline's 0.969 and the hand
weights' 0.975), 0.991 with the hand weights (worst 0.933, ECB+; BASIL, look-alike towns and
local reports 1.000 against 0.996, 0.977 and 0.989), so the hand weights stay (issue 23;
CHANGELOG.md).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

from storylens.errors import ModelError
from storylens.stories.scoring import JOIN_INPUT_NAMES

# Version of the file's layout: a file of another version is refused, not half read.
MODEL_VERSION = 1


@dataclass(frozen=True)
class JoinModel:
    """Logistic coefficients over ``JOIN_INPUT_NAMES``, and where they came from."""

    coefficients: tuple[float, ...]
    intercept: float
    inputs: tuple[str, ...] = JOIN_INPUT_NAMES
    trained_on: tuple[str, ...] = ()
    leave_one_out: dict[str, Any] = field(default_factory=dict)
    # The probability at which an article joins: fit on the training corpora's B-cubed F1,
    # since an online run undoes a wrong join (the split check) more often than a missed one.
    join_probability: float = 0.5

    def _coefficient(self, name: str) -> float:
        return self.coefficients[self.inputs.index(name)]

    @property
    def _similarity_sum(self) -> float:
        # Only a positive coefficient is evidence for a join; a negative one is read as none.
        return sum(max(0.0, self._coefficient(name)) for name in ("terms", "names", "quotes"))

    def weight(self, name: str) -> float:
        """The score's weight of ``terms``, ``names`` or ``quotes`` (the three sum to 1)."""
        return max(0.0, self._coefficient(name)) / self._similarity_sum

    @property
    def join_threshold(self) -> float:
        """The score at which the model's probability of a join is ``join_probability``."""
        logit = math.log(self.join_probability / (1.0 - self.join_probability))
        return max(0.0, (logit - self.intercept) / self._similarity_sum)

    @property
    def day_penalty(self) -> float:
        """What a lead that names another day than the story's leads takes off the score."""
        return max(0.0, -self._coefficient("other_day") / self._similarity_sum)

    @property
    def place_penalty(self) -> float:
        """What a lead that names another town than the story's leads takes off the score."""
        return max(0.0, -self._coefficient("other_place") / self._similarity_sum)

    def to_json(self) -> str:
        payload = {
            "version": MODEL_VERSION,
            "kind": "logistic: P(join) = 1 / (1 + exp(-(intercept + coefficients . inputs)))",
            "inputs": list(self.inputs),
            "coefficients": [round(c, 6) for c in self.coefficients],
            "intercept": round(self.intercept, 6),
            "join_probability": self.join_probability,
            "trained_on": list(self.trained_on),
            "leave_one_out": self.leave_one_out,
        }
        return json.dumps(payload, indent=2) + "\n"

    @classmethod
    def from_json(cls, text: str) -> JoinModel:
        payload = json.loads(text)
        if payload.get("version") != MODEL_VERSION or tuple(payload["inputs"]) != JOIN_INPUT_NAMES:
            raise ModelError(
                f"join model: version {payload.get('version')} with inputs "
                f"{payload.get('inputs')} is not the layout this storylens reads "
                f"(version {MODEL_VERSION}, inputs {list(JOIN_INPUT_NAMES)}): "
                "write it again with bench/train_join_model.py"
            )
        return cls(
            coefficients=tuple(float(c) for c in payload["coefficients"]),
            intercept=float(payload["intercept"]),
            trained_on=tuple(payload.get("trained_on", ())),
            leave_one_out=dict(payload.get("leave_one_out", {})),
            join_probability=float(payload.get("join_probability", 0.5)),
        )
