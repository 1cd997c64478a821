"""Peak memory of hostile inputs: each must be refused in a few lines with bounded memory.

    .venv/bin/python bench/bombs.py [--limit-mb 400] [--keep DIR]

Cases (written to a temporary folder, fictional bytes only):

- ``gzip-bomb``: a .jsonl.gz of spaces, 2 GB inflated (about 2 MB on disk);
- ``one-line``: a 200 MB JSON Lines file that is one line (one record with a huge text);
- ``bad-lines``: a .jsonl.gz of 1,000,000 ``{"id":"x"}`` lines (valid JSON, no text).

Each case runs ``storylens analyze`` in a fresh process (the model is never needed: nothing is
stored), and its peak RSS is read from ``wait4``. The bench fails (exit 1) when a case goes
over the limit, prints more than a few lines, or exits other than 1 (inputs rejected).
"""

from __future__ import annotations

import argparse
import gzip
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from _results import Table, save_results

# The promise: whatever the input, a run stays under this many MiB.
DEFAULT_LIMIT_MB = 400
# Lines a refusal may print on stderr: the rejections listed, their summary, the totals.
MAX_OUTPUT_LINES = 30
MB = 1024 * 1024
BOMB_INFLATED_BYTES = 2_000 * MB
ONE_LINE_BYTES = 200 * MB
BAD_LINES = 1_000_000


def write_gzip_bomb(path: Path) -> None:
    """Spaces, compressed once and written as repeated gzip members (a valid multi-member
    file), so the bench does not spend a minute compressing 2 GB."""
    block = 16 * MB
    member = gzip.compress(b" " * block, compresslevel=9)
    with path.open("wb") as handle:
        for _ in range(BOMB_INFLATED_BYTES // block):
            handle.write(member)


def write_one_line(path: Path) -> None:
    with path.open("w", encoding="ascii") as handle:
        handle.write('{"id": "huge", "text": "')
        chunk = "The ferry ran late again. " * 40_000
        written = 0
        while written < ONE_LINE_BYTES:
            handle.write(chunk)
            written += len(chunk)
        handle.write('"}\n')


def write_bad_lines(path: Path) -> None:
    with gzip.open(path, "wb", compresslevel=6) as handle:
        handle.write(b'{"id":"x"}\n' * BAD_LINES)


CASES: dict[str, tuple[str, Callable[[Path], None]]] = {
    "gzip-bomb": ("bomb.jsonl.gz", write_gzip_bomb),
    "one-line": ("one-line.jsonl", write_one_line),
    "bad-lines": ("bad-lines.jsonl.gz", write_bad_lines),
}


def run_case(path: Path, db: Path) -> tuple[int, float, float, list[str]]:
    """Exit code, peak RSS in MiB, seconds, and the stderr lines of one analyze run."""
    storylens = Path(sys.executable).with_name("storylens")
    started = time.perf_counter()
    process = subprocess.Popen(
        [str(storylens), "analyze", str(path), "--db", str(db), "--quiet"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stderr is not None
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.perf_counter() - started
    # Linux reports ru_maxrss in KiB.
    return process.returncode, usage.ru_maxrss / 1024, seconds, errors.splitlines()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit-mb", type=float, default=DEFAULT_LIMIT_MB)
    parser.add_argument("--keep", type=Path, help="write the cases here and keep them")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="storylens-bombs-"))
    folder.mkdir(parents=True, exist_ok=True)
    failed = False
    rows: dict[str, dict[str, float | int]] = {}
    print(f"{'case':<10} {'on disk':>10} {'peak MiB':>9} {'seconds':>8} {'exit':>4} lines")
    for name, (file_name, write) in CASES.items():
        path = folder / file_name
        if not path.exists():
            write(path)
        code, peak, seconds, lines = run_case(path, folder / f"{name}.db")
        size = path.stat().st_size / MB
        print(f"{name:<10} {size:>8.1f}MB {peak:>9.0f} {seconds:>8.1f} {code:>4} {len(lines)}")
        rows[name] = {"on disk MB": size, "peak MiB": peak, "seconds": seconds, "exit": code}
        rows[name]["lines"] = len(lines)
        for line in lines[:3]:
            print(f"    {line[:150]}")
        if peak > args.limit_mb or len(lines) > MAX_OUTPUT_LINES or code != 1:
            failed = True
            print(f"    FAIL: over {args.limit_mb:g} MiB, too many lines, or exit != 1")
        if args.keep is None:
            path.unlink()
    formats = {"on disk MB": ".1f", "peak MiB": ".0f", "seconds": ".1f"}
    caption = f"limit {args.limit_mb:g} MiB{', FAILED' if failed else ''}"
    save_results("bombs", Table(caption, rows, formats=formats))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
