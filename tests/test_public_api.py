"""The package's public face: pinned, importable, and light to import."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
import tomllib
from pathlib import Path

import storylens

ROOT = Path(__file__).resolve().parents[1]
PUBLIC = {
    "AnalysedArticle", "Article", "CleanArticle", "InputError", "ModelError", "NotFound",
    "PipelineRun", "Quote", "Rejection", "SettingError", "Store", "StoreError",
    "StoryAssignment", "StoryClusterer", "StoryComparison", "StorySettings", "StorylensError",
    "__version__", "analyze", "clean_article", "compare_articles", "compare_story",
    "extract_features", "extract_quotes", "find_timexes", "iter_inputs", "same_claim",
}  # fmt: skip


def test_the_public_names_are_pinned_and_each_resolves() -> None:
    assert set(storylens.__all__) == PUBLIC
    for name in storylens.__all__:
        assert getattr(storylens, name) is not None, name


def test_importing_the_package_loads_no_stage() -> None:
    loaded = subprocess.run(
        [sys.executable, "-c", "import storylens, sys; print(sorted(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "'spacy'" not in loaded and "'sqlalchemy'" not in loaded


def test_a_name_that_is_not_public_is_an_attribute_error() -> None:
    try:
        storylens.nothing_here  # noqa: B018
    except AttributeError as error:
        assert "nothing_here" in str(error)
    else:
        raise AssertionError("storylens.nothing_here resolved")


def test_the_version_is_written_once(tmp_path: Path) -> None:
    from storylens.store import Store
    from storylens.web import WebSettings, create_app

    installed = importlib.metadata.version("storylens")
    db = str(tmp_path / "empty.db")
    Store(db).close()
    served = create_app(WebSettings(db)).version
    assert storylens.__version__ == installed == served
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert "version" not in project and "version" in project["dynamic"]
    written = [
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "src" / "storylens").rglob("*.py")
        if f'"{storylens.__version__}"' in path.read_text(encoding="utf-8")
    ]
    assert written == ["src/storylens/_version.py"]


def test_the_read_side_runs_no_sql_and_decodes_no_stored_json() -> None:
    # Issue #24, point 3: one typed read path. The store's reads (store/reads.py) run the SQL
    # and decode its JSON columns; views.py, the exports, the command line and the web read
    # typed records through it.
    package = Path(storylens.__file__).parent
    readers = [package / "views.py", package / "export.py"]
    readers += sorted((package / "cli").glob("*.py")) + sorted((package / "web").glob("*.py"))
    for path in readers:
        source = path.read_text(encoding="utf-8")
        assert "from sqlalchemy import" not in source, path
        assert "select(" not in source and ".execute(" not in source, path
        for decode in ("json.loads(row", "_json_list(", "comparison_from_json("):
            assert decode not in source, (path, decode)
