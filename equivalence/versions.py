"""The installed scikit-learn's version, read in one place.

An oracle that asks scikit-learn differently from some release on (a keyword that
appeared, one that went) and every report that records the version read it here.
"""

from __future__ import annotations

from equivalence.model import VersionRange

__all__ = ["sklearn_since", "sklearn_version"]


def sklearn_version() -> str:
    """The installed scikit-learn's version, as it spells it (``1.9.1``, ``1.8.0rc1``)."""
    import sklearn

    return str(sklearn.__version__)


def sklearn_since(version: str) -> bool:
    """Whether the installed scikit-learn is ``version`` or later."""
    return VersionRange(since=version).contains(sklearn_version())
