"""The package's public face: pinned, importable, and light to import."""

from __future__ import annotations

import subprocess
import sys

import storylens

PUBLIC = {
    "AnalysedArticle", "Article", "CleanArticle", "InputError", "ModelError", "NotFound",
    "PipelineRun", "Quote", "Rejection", "SettingError", "Store", "StoreError",
    "StoryAssignment", "StoryClusterer", "StoryComparison", "StorySettings", "StorylensError",
    "__version__", "analyze", "clean_article", "compare_articles", "compare_story",
    "extract_features", "extract_quotes", "find_timexes", "iter_inputs",
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
