"""Versions read and compared in one place."""

from __future__ import annotations

import pytest
import sklearn

from equivalence.model import VersionRange
from equivalence.versions import minor, sklearn_since, sklearn_version, version_key


def test_the_installed_version_is_scikit_learns_own() -> None:
    assert sklearn_version() == sklearn.__version__


def test_versions_sort_by_release_a_pre_release_first() -> None:
    ordered = ["1.3", "1.7.2", "1.8.0rc1", "1.8", "1.8.1", "1.10.0"]
    assert sorted(reversed(ordered), key=version_key) == ordered
    assert version_key("1.8") == version_key("1.8.0") == (1, 8, 0, 1)


def test_minor_is_the_release_series() -> None:
    assert minor("1.9.1") == "1.9" and minor("2.4.6") == "2.4" and minor("1.26") == "1.26"


@pytest.mark.parametrize("version", ["1.3", "1.7", "1.9", "1.9.1", "2.0", "99.0"])
def test_since_agrees_with_a_version_range(version: str) -> None:
    assert sklearn_since(version) == VersionRange(since=version).contains(sklearn.__version__)
    assert sklearn_since("1.3") and not sklearn_since("99.0")
