"""spaCy without PyTorch where no spaCy pipeline can use it (issue 22: start-up).

thinc, spaCy's machine-learning library, imports PyTorch at its own import whenever it is
installed (``thinc.compat``), only to offer layers that wrap PyTorch models. storylens installs
PyTorch for its embeddings extra (sentence-transformers), not for spaCy: the CNN pipelines it
loads never touch it, yet every process that imports spaCy paid 1.4-1.5 s of CPU for it, each
worker process of a parallel ``analyze`` as well.

So, while ``thinc.compat`` itself executes, ``import torch`` fails as if PyTorch were absent,
and thinc takes its own no-PyTorch branch; the block is lifted at once, so the embeddings
still import PyTorch when asked. Nothing is blocked where a pipeline may need PyTorch through
thinc (a transformer pipeline's package is installed), where PyTorch is already imported, or
where ``THINC_TORCH_ENV`` is set to 1.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any

# The thinc module that imports PyTorch when it can.
THINC_COMPAT = "thinc.compat"
# The packages through which a spaCy pipeline runs PyTorch models (en_core_web_trf and kin).
TORCH_PIPELINE_PACKAGES = ("spacy_transformers", "spacy_curated_transformers")
# Set to 1 to let thinc import PyTorch as it would (a custom pipeline wrapping a PyTorch model).
THINC_TORCH_ENV = "STORYLENS_THINC_TORCH"


# Plain classes with the import protocol's methods: importlib.abc costs 50 ms to import.
class _TorchBlockedWhileExecuting:
    """A module loader that runs another one with ``import torch`` failing meanwhile."""

    def __init__(self, loader: Any) -> None:
        self._loader = loader

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return self._loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        if "torch" in sys.modules:
            self._loader.exec_module(module)
            return
        sys.modules["torch"] = None  # type: ignore[assignment]  # the import system's "absent"
        try:
            self._loader.exec_module(module)
        finally:
            if "torch" in sys.modules and sys.modules["torch"] is None:
                del sys.modules["torch"]


class _ThincCompatFinder:
    """Finds ``thinc.compat`` as the path finder does, to be run torch-free; nothing else."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != THINC_COMPAT:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        if spec is not None and spec.loader is not None:
            spec.loader = _TorchBlockedWhileExecuting(spec.loader)  # type: ignore[assignment]
        return spec


def _torch_may_serve_spacy() -> bool:
    if os.environ.get(THINC_TORCH_ENV) == "1" or "torch" in sys.modules:
        return True
    return any(importlib.util.find_spec(name) is not None for name in TORCH_PIPELINE_PACKAGES)


def install(meta_path: list[Any] | None = None) -> bool:
    """Have thinc import without PyTorch, unless a pipeline may need it or thinc is already
    imported. Returns whether the finder is (now or already) in place."""
    meta_path = sys.meta_path if meta_path is None else meta_path
    if any(isinstance(finder, _ThincCompatFinder) for finder in meta_path):
        return True
    if THINC_COMPAT in sys.modules or _torch_may_serve_spacy():
        return False
    meta_path.insert(0, _ThincCompatFinder())
    return True
