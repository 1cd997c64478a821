"""Where the labelled evaluation data lives, and how to read it.

The data in ../shared/data is for evaluation only: benchmarks read it in place and never copy
its texts into the project.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

# The shared folder sits beside the checkout; STORYLENS_SHARED_DATA points elsewhere.
DEFAULT_SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


def shared_data_dir() -> Path:
    return Path(os.environ.get("STORYLENS_SHARED_DATA", DEFAULT_SHARED_DATA))


def read_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)
