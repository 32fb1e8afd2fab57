"""Hypothesis profiles, chosen by the ``HYPOTHESIS_PROFILE`` environment variable.

* ``dev`` (the default): 200 examples a member, random.
* ``ci``: 600 examples a member, derandomised, so that a run is repeatable.
* ``thorough``: 3000 examples a member, random.

The test suite takes the chosen profile's budget with fixed draws (:func:`fixed`).

Where this sits among the harness's parts: ``docs/harness.md``.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

from hypothesis import HealthCheck, settings

__all__ = ["EXAMPLES", "fixed", "load", "pinned", "restored"]

_CHECKS = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]

EXAMPLES = {"dev": 200, "ci": 600, "thorough": 3000}

# ``dev`` and ``thorough`` say ``derandomize=False`` outright: where the environment names a
# CI service, Hypothesis's own defaults are derandomised and would otherwise be inherited.
settings.register_profile(
    "dev",
    max_examples=EXAMPLES["dev"],
    deadline=None,
    derandomize=False,
    suppress_health_check=_CHECKS,
)
settings.register_profile(
    "ci",
    max_examples=EXAMPLES["ci"],
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=_CHECKS,
)
settings.register_profile(
    "thorough",
    max_examples=EXAMPLES["thorough"],
    deadline=None,
    derandomize=False,
    suppress_health_check=_CHECKS,
)


def load(name: str | None = None) -> str:
    """Loads the profile ``name``, or else the one the environment names (``dev`` when it
    names none), and returns its name."""
    name = name or os.environ.get("HYPOTHESIS_PROFILE", "dev")
    if name not in EXAMPLES:
        raise SystemExit(f"HYPOTHESIS_PROFILE={name!r}: choose one of {', '.join(EXAMPLES)}")
    settings.load_profile(name)
    return name


def fixed(name: str) -> str:
    """Registers ``name``'s budget with fixed draws (derandomised, nothing saved or
    replayed) as the profile ``<name>-fixed``, and returns that name. The test suite runs
    under it, whatever ``HYPOTHESIS_PROFILE`` says, so that a test passes or fails the
    same way on every run: exploring, with a seed printed to draw it again, is
    ``python -m equivalence run``'s job."""
    fixed_name = f"{name}-fixed"
    settings.register_profile(
        fixed_name, settings.get_profile(name), derandomize=True, database=None
    )
    return fixed_name


@contextlib.contextmanager
def restored() -> Iterator[None]:
    """The Hypothesis settings in force before the block are in force after it, whatever
    profile, seed and database it ran with (``run`` and ``check`` load their own)."""
    previous = settings.default
    try:
        yield
    finally:
        if previous is not None:
            settings.register_profile("before-command", previous)
            settings.load_profile("before-command")


@contextlib.contextmanager
def pinned() -> Iterator[None]:
    """Within the block, a seed draws the same calls in every process.

    Hypothesis mixes into its draws numbers and strings it reads from the source of every
    local module the process has loaded. Which modules those are depends on the command
    (``run`` loads the command line's modules, a worker does not), on the install (an
    editable checkout is local, a wheel in site-packages is not), on a port's own
    ``--implementation`` module and on what a test session happened to import first. The
    same seed then draws other calls: ``run --seed`` did not draw its calls again, and the
    ``ci`` profile's fixed draws were not fixed. Here Hypothesis mixes in its own global
    constants only. A Hypothesis without local constants needs nothing pinned.
    """
    try:
        from hypothesis.internal.conjecture import providers

        scan = providers._get_local_constants
        cache = providers.CONSTANTS_CACHE.cache
        none = type(providers._local_constants)()
    except (ImportError, AttributeError):
        yield
        return
    providers._get_local_constants = lambda: none
    cache.clear()  # allowed constants worked out from the scanned ones
    try:
        yield
    finally:
        providers._get_local_constants = scan
        cache.clear()
