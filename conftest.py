"""Test-wide setup: the Hypothesis profile, and the doctests of the documentation pages.

``HYPOTHESIS_PROFILE`` chooses ``dev`` (default), ``ci`` (derandomised) or ``thorough``;
see :mod:`equivalence.profiles`. The pages under ``docs/`` are collected by Sybil, which
reads MyST fences correctly: every ``>>>`` example in a ``python`` fence is a doctest.
"""

from __future__ import annotations

from doctest import ELLIPSIS, NORMALIZE_WHITESPACE

from sybil import Sybil
from sybil.parsers.myst import PythonCodeBlockParser, SkipParser

from equivalence import profiles

profiles.load()

collect_ignore = ["docs/_build", "noxfile.py", "bench"]

pytest_collect_file = Sybil(
    parsers=[
        PythonCodeBlockParser(doctest_optionflags=ELLIPSIS | NORMALIZE_WHITESPACE),
        SkipParser(),
    ],
    patterns=["*.md"],
    path="docs",
    excludes=["_build/*"],
).pytest()
