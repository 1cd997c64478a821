"""Each benchmark's headline figures as a file, and docs/benchmarks.md's tables drawn from them.

A bench ends with ``save_results(name, Table(...), ...)``: it writes ``docs/results/<name>.json``
with the command line, the date, the commit, the machine (CPUs, load, memory), the process's
wall and CPU time, and its tables (storylens' rows and the baselines run beside them, with
the format each figure was printed in). ``table(name)`` renders that file as Markdown for
the cog blocks of docs/benchmarks.md (``make docs``); a bench whose file is absent renders
as "not run yet" with the command to run, never as a figure.

A run on a share of the data (``--limit``, ``--half``, ``--part``) is not the headline, so
``save_results(..., partial=True)`` writes nothing there. ``STORYLENS_BENCH_RESULTS=DIR`` sends the
files to DIR instead (and ``table`` reads them from there), partial runs included.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import os
import platform
import resource
import shlex
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DIR = ROOT / "docs" / "results"
ENV_DIR = "STORYLENS_BENCH_RESULTS"
# The folders whose changes change a figure: a run on an edited copy says "+dirty".
SOURCE_DIRS = ("src", "bench", "scripts")
SCHEMA = 1
MISSING = "—"  # a figure a row does not have (a baseline that does not measure it)

Figure = float | int | str | None


@dataclass
class Table:
    """One table: ``rows`` maps a system (or size, or set) to its figures, in order."""

    caption: str
    rows: Mapping[str, Mapping[str, Figure]]
    baselines: tuple[str, ...] = ()  # the rows that are baselines run beside storylens
    formats: Mapping[str, str] = field(default_factory=dict)  # column -> format spec

    def as_json(self) -> dict[str, Any]:
        unknown = set(self.baselines) - set(self.rows)
        if unknown:
            raise ValueError(f"baselines not among the rows: {sorted(unknown)}")
        columns = list(dict.fromkeys(c for figures in self.rows.values() for c in figures))
        return {
            "caption": self.caption,
            "columns": columns,
            "formats": {c: self.formats[c] for c in columns if c in self.formats},
            "rows": [
                {
                    "name": name,
                    "baseline": name in self.baselines,
                    "figures": {c: _finite(v) for c, v in figures.items()},
                }
                for name, figures in self.rows.items()
            ],
        }


def results_dir() -> Path:
    return Path(os.environ.get(ENV_DIR) or DEFAULT_DIR)


def default_command(name: str) -> str:
    return f".venv/bin/python bench/{name}.py"


def save_results(name: str, *tables: Table, partial: bool = False, note: str = "") -> Path | None:
    """Write ``<results dir>/<name>.json`` for this run; return its path (None when skipped)."""
    if partial and ENV_DIR not in os.environ:
        print(f"(a share of the data: {name}'s figures are not written to docs/results)")
        return None
    folder = results_dir()
    folder.mkdir(parents=True, exist_ok=True)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = usage.ru_utime + usage.ru_stime + children.ru_utime + children.ru_stime
    payload = {
        "schema": SCHEMA,
        "bench": name,
        "command": _command(),
        "date": dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat(),
        "commit": _commit(),
        "machine": machine(),
        "process": {
            "wall_seconds": _round(_wall_seconds()),
            "cpu_seconds": _round(cpu),
            "peak_rss_mb": _round(usage.ru_maxrss / 1024),
        },
        "note": note,
        "tables": [t.as_json() for t in tables],
    }
    path = folder / f"{name}.json"
    path.write_text(json.dumps(payload, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"figures written to {path}")
    return path


def machine() -> dict[str, Any]:
    """What a figure depends on: CPUs this process may use, their model, memory, load."""
    facts: dict[str, Any] = {
        "nproc": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
        "cpu": _cpuinfo("model name"),
        "memory_gib": _memory_gib(),
        "load_1min": _round(os.getloadavg()[0]) if hasattr(os, "getloadavg") else None,
        "python": platform.python_version(),
        "platform": platform.platform(terse=True),
    }
    try:
        from storylens._version import __version__

        facts["storylens"] = __version__
    except ImportError:
        facts["storylens"] = None
    return facts


def load(name: str) -> dict[str, Any] | None:
    path = results_dir() / f"{name}.json"
    if not path.exists():
        return None
    result: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return result


def table(name: str, command: str | None = None, only: Sequence[int] | None = None) -> str:
    """The Markdown of ``name``'s result file: its tables (those numbered in ``only``, from 0,
    when a file holds more than a page should show), then one line saying how, when and where
    it was run. Without a file: one line saying it has not been run, and how to."""
    result = load(name)
    if result is None:
        wanted = command or default_command(name)
        return f"Not run yet: `{wanted}` writes `docs/results/{name}.json`.\n"
    out = []
    for number, shown in enumerate(result["tables"]):
        if only is None or number in only:
            out.append(_markdown(shown))
    out.append(_provenance(result))
    return "\n".join(out)


def _markdown(shown: Mapping[str, Any]) -> str:
    columns, formats = shown["columns"], shown["formats"]
    lines = [
        "| " + " | ".join([_cell(shown["caption"]), *map(_cell, columns)]) + " |",
        "| " + " | ".join(["---"] + ["---:"] * len(columns)) + " |",
    ]
    for row in shown["rows"]:
        label = f"{row['name']} (baseline)" if row["baseline"] else row["name"]
        values = [_format(row["figures"].get(c), formats.get(c)) for c in columns]
        lines.append("| " + " | ".join([_cell(label), *values]) + " |")
    return "\n".join(lines) + "\n"


def _provenance(result: Mapping[str, Any]) -> str:
    facts, process = result["machine"], result["process"]
    day = str(result["date"])[:10]
    commit = f", commit {result['commit']}" if result.get("commit") else ""
    cpus = f"{facts['nproc']} CPUs" if facts.get("nproc") else "CPUs unknown"
    load = f" (load {facts['load_1min']:.1f})" if facts.get("load_1min") is not None else ""
    line = (
        f"`{result['command']}` on {day}{commit}: {cpus}{load}, "
        f"Python {facts.get('python')}; {process['wall_seconds']:.0f} s wall, "
        f"{process['cpu_seconds']:.0f} s CPU, peak RSS {process['peak_rss_mb']:.0f} MB."
    )
    if result.get("note"):
        line += f" {result['note']}"
    return line + "\n"


def _format(value: Figure, spec: str | None) -> str:
    if value is None:
        return MISSING
    if isinstance(value, str):
        return _cell(value)
    if spec is None:
        spec = "d" if isinstance(value, int) else ".3f"
    return format(value, spec)


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _finite(value: Figure) -> Figure:
    """NaN and infinities are not JSON: a figure that could not be computed is None."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def _command() -> str:
    script = Path(sys.argv[0])
    shown = f"bench/{script.name}" if script.suffix == ".py" else script.name
    return " ".join([".venv/bin/python", shown, *map(shlex.quote, sys.argv[1:])])


def _commit() -> str | None:
    def git(*args: str) -> str:
        return subprocess.run(
            ["git", *args], cwd=ROOT, capture_output=True, text=True, check=True, timeout=10
        ).stdout.strip()

    try:
        commit = git("rev-parse", "--short", "HEAD")
        edited = git("status", "--porcelain", "--untracked-files=no", "--", *SOURCE_DIRS)
    except (OSError, subprocess.SubprocessError):
        return None
    return f"{commit}+dirty" if edited else commit


def _cpuinfo(key: str) -> str | None:
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith(key):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or None


def _memory_gib() -> float | None:
    try:
        for line in Path("/proc/meminfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("MemTotal:"):
                return round(int(line.split()[1]) / 1024**2, 1)
    except (OSError, ValueError):
        pass
    return None


def _wall_seconds() -> float | None:
    """Seconds since this process started (Linux's /proc), else since this module loaded."""
    try:
        start_ticks = int(Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()[19])
        uptime = float(Path("/proc/uptime").read_text().split()[0])
        return uptime - start_ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return time.monotonic() - _LOADED


_LOADED = time.monotonic()
