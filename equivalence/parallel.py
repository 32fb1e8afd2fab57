"""Runs members side by side in worker processes, for ``python -m equivalence run --jobs N``.

Each worker runs whole members, one at a time, with the same Hypothesis profile as the
parent, and sends back the member's :class:`~equivalence.conformance.MemberResult`.
Results come back in the order the members were asked for, so a parallel run prints and
reports the same members in the same order as a serial one; under a derandomised profile
(``ci``) it draws the same calls, so only the timings differ.

Workers are started with ``spawn``: a fresh interpreter per worker, never a fork of a
process whose NumPy, BLAS and Hypothesis already hold threads and state. Each worker
keeps its BLAS to one thread (through threadpoolctl, when installed), so that N workers
do not ask for N times the cores.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Literal

from equivalence import profiles
from equivalence.conformance import MemberResult, run_member
from equivalence.members import REGISTRY

__all__ = ["default_jobs", "run_members"]

Level = Literal["exact", "faithful"]

_LIMITS: list[Any] = []  # keeps the worker's thread limit for the worker's lifetime


def default_jobs() -> int:
    """The number of cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _start_worker(profile: str) -> None:
    # Ctrl-C reaches the whole process group; the parent alone answers it, by ending
    # the workers, so that none is caught halfway through sending a result back.
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    os.environ["HYPOTHESIS_PROFILE"] = profile
    profiles.load()
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        return
    _LIMITS.append(threadpool_limits(limits=1, user_api="blas"))


def _run_one(name: str, max_examples: int | None, level: Level, seed: int | None) -> MemberResult:
    return run_member(REGISTRY[name], max_examples=max_examples, level=level, seed=seed)


def run_members(
    names: Sequence[str],
    *,
    jobs: int,
    profile: str,
    max_examples: int | None = None,
    level: Level = "exact",
    seed: int | None = None,
) -> Iterator[MemberResult]:
    """Every named member's result, in the order named, as each becomes available.

    ``jobs`` 1 (or a single member) runs in this process; more start at most that many
    workers, and never more than there are members. ``seed`` (see
    :func:`~equivalence.conformance.run_member`) gives the same calls either way.
    """
    if jobs <= 1 or len(names) <= 1:
        for name in names:
            yield run_member(REGISTRY[name], max_examples=max_examples, level=level, seed=seed)
        return
    pool = ProcessPoolExecutor(
        max_workers=min(jobs, len(names)),
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_start_worker,
        initargs=(profile,),
    )
    finished = False
    try:
        futures = [pool.submit(_run_one, name, max_examples, level, seed) for name in names]
        for future in futures:
            yield future.result()
        finished = True
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:
            _end_workers(pool)


def _end_workers(pool: ProcessPoolExecutor) -> None:
    """Ends a pool whose run was cut short (Ctrl-C, SIGTERM, an error, a reader that
    stopped): its workers are killed rather than waited for, since one may be minutes
    into a member, and each is reaped within a bounded wait."""
    workers = list(getattr(pool, "_processes", {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    for worker in workers:
        with contextlib.suppress(Exception):
            worker.kill()
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        with contextlib.suppress(Exception):
            worker.join(timeout=5)
    # The pool's manager thread sees the killed workers and closes its wake-up pipe. Left
    # running, it could close that pipe while the interpreter's exit hook is writing to it
    # (CPython 3.11 checks and writes without a lock), which printed "Exception ignored ...
    # Bad file descriptor" after an interrupted run; once it has ended, the hook skips it.
    if manager is not None:
        with contextlib.suppress(Exception):
            manager.join(timeout=10)
