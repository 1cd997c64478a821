"""A small logistic regression: fitted by the repo's training scripts, shipped as numbers.

The comparison's learned decisions (is this the same claim? is this claim one outlet's own?)
are each a handful of plain features and a logistic model over them: the weights live in a
JSON file beside the module that uses them, written by a script under ``scripts/`` that also
prints the model's cross-validated figures. No model library is needed to read them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from storylens.errors import ModelError

# The L2 penalty of the fit (scikit-learn's C = 1): the features are few and correlated, so a
# light penalty only keeps the weights of near-duplicate features from growing apart.
L2_PENALTY = 1.0
# Newton steps of the fit; it converges in under ten on these features.
FIT_STEPS = 25
# A feature that never varies in training gets this scale, so that it divides by no zero.
MIN_SCALE = 1e-9
# The decision threshold a fit starts with: the probability of one half.
DEFAULT_THRESHOLD = 0.5


@dataclass(frozen=True)
class Logistic:
    """A fitted logistic regression over standardised features."""

    features: tuple[str, ...]
    mean: np.ndarray
    scale: np.ndarray
    coef: np.ndarray
    intercept: float
    threshold: float

    def probabilities(self, rows: np.ndarray) -> np.ndarray:
        """The probability of the positive class for each row of features."""
        z = ((rows - self.mean) / self.scale) @ self.coef + self.intercept
        return 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))

    def fields(self) -> dict[str, Any]:
        return {
            "features": self.features,
            "mean": self.mean,
            "scale": self.scale,
            "coef": self.coef,
            "intercept": self.intercept,
            "threshold": self.threshold,
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "features": list(self.features),
            "mean": self.mean.tolist(),
            "scale": self.scale.tolist(),
            "coef": self.coef.tolist(),
            "intercept": self.intercept,
            "threshold": self.threshold,
        }

    @staticmethod
    def fields_from_json(data: dict[str, Any]) -> dict[str, Any]:
        return {
            "features": tuple(data["features"]),
            "mean": np.asarray(data["mean"], dtype=np.float64),
            "scale": np.asarray(data["scale"], dtype=np.float64),
            "coef": np.asarray(data["coef"], dtype=np.float64),
            "intercept": float(data["intercept"]),
            "threshold": float(data["threshold"]),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Logistic:
        return cls(**cls.fields_from_json(data))


def fit_logistic(features: Sequence[str], rows: np.ndarray, labels: np.ndarray) -> Logistic:
    """Fit by Newton's method, L2-penalised, the intercept free."""
    mean = rows.mean(axis=0)
    scale = np.maximum(rows.std(axis=0), MIN_SCALE)
    x = np.hstack([(rows - mean) / scale, np.ones((len(rows), 1))])
    y = labels.astype(np.float64)
    weights = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], L2_PENALTY)
    penalty[-1] = 0.0
    for _ in range(FIT_STEPS):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ weights, -30, 30)))
        gradient = x.T @ (p - y) + penalty * weights
        hessian = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty)
        step = np.linalg.solve(hessian, gradient)
        weights -= step
        if np.abs(step).max() < 1e-8:
            break
    return Logistic(
        tuple(features), mean, scale, weights[:-1], float(weights[-1]), DEFAULT_THRESHOLD
    )


def read_weights(path: Path, version: int, model: str, script: str) -> dict[str, Any]:
    """A shipped weights file's contents, checked to be of the ``version`` this code reads;
    ``model`` names it and ``script`` is what writes it, for the error a stale file raises."""
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ModelError(f"{path}: cannot read the {model} weights ({error})") from error
    if data.get("version") != version:
        raise ModelError(
            f"{path}: {model} weights of version {data.get('version')!r}, this code reads "
            f"version {version}: run {script}"
        )
    return data
