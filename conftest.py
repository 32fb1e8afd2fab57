"""Test-wide setup: the Hypothesis profile, and the doctests of the documentation pages.

``HYPOTHESIS_PROFILE`` chooses the example budget, ``dev`` (default), ``ci`` or
``thorough`` (see :mod:`equivalence.profiles`); the suite draws fixed examples under each,
so that no test passes on one run and fails on the next. The pages under ``docs/`` are
collected by Sybil, which reads MyST fences correctly: every ``>>>`` example in a
``python`` fence is a doctest.

A page's examples share one namespace and run in order, so under pytest-xdist each page is
one unit of work: a page runs whole, in order, on one worker; every other test goes on its own
to whichever worker is free. mpmath's precision is put back after each page.
"""

from __future__ import annotations

from collections.abc import Iterator
from doctest import ELLIPSIS, NORMALIZE_WHITESPACE

import pytest
from hypothesis import settings
from sybil import Sybil
from sybil.parsers.myst import PythonCodeBlockParser, SkipParser
from xdist.scheduler import LoadScopeScheduling

from equivalence import profiles

# The suite's draws are fixed under every profile (the profile sets the budget): a test
# passes or fails the same way on every run. `python -m equivalence run` explores.
settings.load_profile(profiles.fixed(profiles.load()))


@pytest.fixture(autouse=True, scope="session")
def _pinned_constants() -> Iterator[None]:
    """The suite's own Hypothesis tests draw the same examples whichever modules a worker
    happened to import before them (see :func:`equivalence.profiles.pinned`)."""
    with profiles.pinned():
        yield


collect_ignore = ["docs/_build", "noxfile.py", "bench"]


def _restore_mpmath(namespace: dict[str, object]) -> None:
    """A page may set mpmath's precision for its own examples (``mp.dps = 30``); the
    setting is process-wide, so it is put back when the page ends."""
    import mpmath

    mpmath.mp.prec = 53


pytest_collect_file = Sybil(
    parsers=[
        PythonCodeBlockParser(doctest_optionflags=ELLIPSIS | NORMALIZE_WHITESPACE),
        SkipParser(),
    ],
    patterns=["*.md"],
    path="docs",
    excludes=["_build/*"],
    teardown=_restore_mpmath,
).pytest()


#: Test modules whose tests share a module fixture that takes tens of seconds to make (the
#: bench's timed rows, the vectors exported by the command): run whole on one worker, it is
#: made once, not once on each worker that receives one of its tests.
WHOLE_MODULES = ("tests/bench/test_bench_smoke.py", "tests/porting/test_vectors.py")


class _PagesWhole(LoadScopeScheduling):
    """Sends each test to whichever worker is free, but a page's doctests all to one, and
    the tests of a module of :data:`WHOLE_MODULES` all to one."""

    def _split_scope(self, nodeid: str) -> str:
        path = nodeid.split("::", 1)[0]
        return path if path.endswith(".md") or path in WHOLE_MODULES else nodeid


def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> _PagesWhole:
    return _PagesWhole(config, log)
