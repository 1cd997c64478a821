"""spaCy imported through storylens leaves PyTorch out (issue 22: start-up), and PyTorch
still imports afterwards for the embeddings."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys

import pytest

from storylens import _torch_free_thinc

PROBE = """
import sys
import storylens, spacy, thinc.compat
print('torch' in sys.modules, thinc.compat.has_torch)
"""


def _probe(env: dict[str, str]) -> str:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, check=True
    )
    return done.stdout.strip()


@pytest.mark.skipif(
    importlib.util.find_spec("torch") is None
    or any(importlib.util.find_spec(name) for name in _torch_free_thinc.TORCH_PIPELINE_PACKAGES),
    reason="needs PyTorch installed and no transformer pipeline package",
)
def test_spacy_imports_without_torch_unless_asked() -> None:
    env = {k: v for k, v in os.environ.items() if k != _torch_free_thinc.THINC_TORCH_ENV}
    assert _probe(env) == "False False"
    assert _probe({**env, _torch_free_thinc.THINC_TORCH_ENV: "1"}) == "True True"


@pytest.mark.skipif(importlib.util.find_spec("torch") is None, reason="needs PyTorch")
def test_torch_imports_after_spacy() -> None:
    code = "import storylens, spacy, torch; print(torch.tensor([1, 2]).sum().item())"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "3"


def test_install_once_and_not_after_thinc() -> None:
    meta_path: list[object] = []
    if "thinc.compat" in sys.modules:
        assert not _torch_free_thinc.install(meta_path)
        assert meta_path == []
    else:  # pragma: no cover - the test process imports spaCy before this runs
        assert _torch_free_thinc.install(meta_path) == _torch_free_thinc.install(meta_path)
        assert len(meta_path) <= 1
