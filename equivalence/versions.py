"""Versions, read and compared in one place: the installed scikit-learn's, and any
version string a report or a declaration holds.

An oracle that asks scikit-learn differently from some release on (a keyword that
appeared, one that went), a test that holds only from a release on, and every report
that records the version read it here; a version range, the matrix and the Applies-to
lines compare versions with :func:`version_key`.

Where this sits among the harness's parts: ``docs/harness.md``.
"""

from __future__ import annotations

__all__ = ["minor", "sklearn_since", "sklearn_version", "version_key"]


def sklearn_version() -> str:
    """The installed scikit-learn's version, as it spells it (``1.9.1``, ``1.8.0rc1``)."""
    import sklearn

    return str(sklearn.__version__)


def version_key(text: str) -> tuple[int, ...]:
    """``1.8`` → ``(1, 8, 0, 1)``; a pre-release such as ``1.8.0rc1`` sorts before it."""
    parts: list[int] = []
    release = 1
    for piece in text.split(".")[:3]:
        digits = ""
        for character in piece:
            if not character.isdigit():
                break
            digits += character
        if not digits:
            break
        parts.append(int(digits))
        if digits != piece:
            release = 0
            break
    parts += [0] * (3 - len(parts))
    return (*parts, release)


def minor(version: str) -> str:
    """The release series of ``version``: ``1.9.1`` → ``1.9``."""
    return ".".join(version.split(".")[:2])


def sklearn_since(version: str) -> bool:
    """Whether the installed scikit-learn is ``version`` or later (a pre-release of
    ``version`` is not)."""
    return version_key(sklearn_version()) >= version_key(version)
