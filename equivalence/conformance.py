"""Runs a member's whole strategy against scikit-learn and sums the verdicts up.

:func:`run_member` is what ``python -m equivalence run`` and ``check`` call for each
member, and what the pytest entry points assert on.

Where this sits among the harness's parts: ``docs/harness.md``.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import math
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
from hypothesis import Phase, given, seed as seeded, settings, strategies as st

from equivalence import large, profiles
from equivalence.faithful import FaithfulStats, judge_faithful
from equivalence.model import Call, Member, OracleKind, PortErrored, Refusal, Skipped, Unsendable
from equivalence.runner import Verdict, judge, same_inputs
from equivalence.versions import sklearn_version
from equivalence.view import view_of

__all__ = ["Level", "MemberResult", "Mismatch", "run_member", "run_seed", "sklearn_version"]

Status = Literal["conforms", "conforms-declared", "fails", "no-oracle", "not-implemented"]

#: ``exact``: scikit-learn's answer on this machine, within the member's ULP tolerance.
#: ``faithful``: the exactly computed result, within a bound of the float64 error (see
#: :mod:`equivalence.faithful`).
Level = Literal["exact", "faithful"]


class Mismatch(AssertionError):
    """A call on which lodestar and scikit-learn differ without a declaration."""

    def __init__(self, member: Member, call: Call, verdict: Verdict) -> None:
        if verdict.given is not None:  # the implementation changed it: show what it was given
            call = verdict.given
        self.call = call
        self.verdict = verdict
        self.reproduction = call.render(member.name)
        super().__init__(
            f"{verdict.reason}\n"
            f"  call:         {self.reproduction}\n"
            f"  lodestar:     {verdict.lodestar.describe()}\n"
            f"  {_ORACLE_LABEL[member.oracle_kind]} {verdict.sklearn.describe()}"
        )


@dataclass
class MemberResult:
    """What one member's run came to."""

    member: str
    status: Status
    sklearn: str
    examples: int = 0
    seconds: float = 0.0
    seconds_lodestar: float = 0.0
    seconds_oracle: float = 0.0
    outcomes: Counter[str] = field(default_factory=Counter)
    edges: dict[str, int] = field(default_factory=dict)
    max_ulps: int = 0
    failure: str | None = None
    counterexample: str | None = None
    #: The failing call itself (not in the JSON report): what ``check`` shrinks.
    call: Call | None = field(default=None, repr=False, compare=False)
    #: Declared edges no call reached, where the run was told not to require them.
    unreached: list[str] = field(default_factory=list)
    level: Level = "exact"
    faithful: FaithfulStats | None = None
    oracle: OracleKind = "scikit-learn"
    #: Whether the failure was one an earlier run saved, replayed before new calls were
    #: drawn (then the counts stop there).
    replayed: bool = False

    @property
    def against(self) -> str:
        """What the answers were held to: the scikit-learn version, or the reference."""
        if self.oracle == "reference":
            return f"the plain-loop reference (scikit-learn {self.sklearn} installed)"
        return f"scikit-learn {self.sklearn}"

    @property
    def missing_edges(self) -> list[str]:
        return [name for name, hits in self.edges.items() if hits == 0]

    @property
    def ok(self) -> bool:
        return self.status in ("conforms", "conforms-declared", "no-oracle", "not-implemented")

    @property
    def implementation_share(self) -> float | None:
        """The share of the run's time spent inside the two implementations."""
        if not self.seconds:
            return None
        return (self.seconds_lodestar + self.seconds_oracle) / self.seconds

    @property
    def divergences(self) -> dict[str, int]:
        prefix = "divergence:"
        return {
            key[len(prefix) :]: hits
            for key, hits in self.outcomes.items()
            if key.startswith(prefix)
        }

    def to_json(self) -> dict[str, Any]:
        share = self.implementation_share
        return {
            "member": self.member,
            "status": self.status,
            "sklearn": self.sklearn,
            "oracle": self.oracle,
            "examples": self.examples,
            "seconds": round(self.seconds, 3),
            "seconds_lodestar": round(self.seconds_lodestar, 3),
            "seconds_oracle": round(self.seconds_oracle, 3),
            "implementation_share": None if share is None else round(share, 3),
            "examples_per_second": round(self.examples / self.seconds, 1) if self.seconds else None,
            "outcomes": dict(sorted(self.outcomes.items())),
            "divergences": self.divergences,
            "edges": self.edges,
            "missing_edges": self.missing_edges,
            "max_ulps": self.max_ulps,
            "failure": self.failure,
            "counterexample": self.counterexample,
            "unreached_edges": self.unreached,
            **self.agreement_json(),
        }

    def agreement_json(self) -> dict[str, Any]:
        """The level of agreement, and at the faithful level the bounds met."""
        extra: dict[str, Any] = {"level": self.level}
        if self.faithful is not None:
            extra["faithful"] = self.faithful.to_json()
        return extra


#: How a counterexample names the oracle's answer, aligned with ``lodestar:``.
_ORACLE_LABEL = {"scikit-learn": "scikit-learn:", "reference": "reference:   "}


def _reaches(edge: Any, call: Call) -> bool:
    """Whether ``edge`` holds on ``call``; a predicate that raises does not hold. Called
    inside ``np.errstate(all="ignore")``: a predicate that meets a NaN or a float past
    int64 says nothing about it (no RuntimeWarning)."""
    try:
        return bool(edge.holds(call))
    except Exception:
        return False


def _failed(verdict: Verdict) -> str:
    """The outcome a failing call is counted under: ``errored`` where a port answered
    that it crashed inside (protocol 2), ``fail`` otherwise."""
    mine = verdict.lodestar
    if isinstance(mine, Refusal) and issubclass(mine.error, PortErrored):
        return "errored"
    return "fail"


def _reached(member: Member, call: Call) -> list[str]:
    """The names of ``member``'s edges that ``call`` reaches."""
    with np.errstate(all="ignore"):
        return [edge.name for edge in member.edges if _reaches(edge, call)]


#: At most this many calls are drawn and judged in one Hypothesis example, so that the
#: engine's own cost for an example (about a millisecond) is shared between them.
BATCH = 32
#: A batch draws no further call once the biggest call it drew would take its example
#: past this many of the 8 KiB of choices Hypothesis gives an example: a call drawn past
#: them is dropped unjudged, with every call of its example.
BATCH_BYTES = 7 * 1024
#: Where the example's size cannot be read, a batch stops once its calls hold this many
#: values instead.
BATCH_VALUES = 512
#: A batch ends at this many calls in a row equal to the one it kept last.
REPEATS = 2
#: How many Hypothesis runs a scenario may take to judge its share of calls (more than
#: one only when its calls are big, and so go fewer to an example than expected).
ROUNDS = 3
#: How many more times the budget may be spent while a declared edge is still unreached.
TOP_UP = 9


def _values(value: Any) -> int:
    """About how many values an argument holds (a string or a scalar counts one)."""
    if isinstance(value, np.ndarray):
        return int(value.size)
    if isinstance(value, (list, tuple)):
        if value and isinstance(value[0], (list, tuple, np.ndarray)):
            return sum(_values(item) for item in value)
        return len(value)
    if isinstance(value, dict):
        return sum(_values(item) for item in value.values())
    return 1


def _same_call(one: Call, other: Call) -> bool:
    return same_inputs(one.args, other.args) and same_inputs(dict(one.kwargs), dict(other.kwargs))


def _length(example: Any) -> int | None:
    """How many bytes of choices ``example`` holds, where Hypothesis exposes it."""
    length = getattr(example, "length", None)
    return length if isinstance(length, int) else None


@st.composite
def _batches(draw: Any, strategy: st.SearchStrategy[Call], size: int) -> list[Call]:
    """:func:`batch` as a strategy."""
    return batch(draw, strategy, size)


def batch(draw: Any, strategy: st.SearchStrategy[Call], size: int) -> list[Call]:
    """Up to ``size`` calls of ``strategy``, drawn one after the other (a draw within the
    strategy costs half what a draw from the test does). A call equal to the one before
    it is not kept (the engine's mutations copy one call's choices onto the next), and
    :data:`REPEATS` such calls in a row end the batch (the simplest example draws
    nothing else). So does an example that the biggest call so far would take past
    :data:`BATCH_BYTES`."""
    calls: list[Call] = []
    example = getattr(draw, "__self__", None)  # the ConjectureData drawing, if exposed
    held, repeats, biggest = 0, 0, 0
    length = _length(example)
    for _ in range(size):
        before = length
        call = draw(strategy)
        length = _length(example)
        if calls and _same_call(calls[-1], call):
            repeats += 1
            if repeats == REPEATS:
                break
            continue
        repeats = 0
        calls.append(call)
        if before is not None and length is not None:
            biggest = max(biggest, length - before)
            if length + biggest > BATCH_BYTES:
                break
        else:
            held += _values(call.args) + _values(call.kwargs)
            if held >= BATCH_VALUES:
                break
    return calls


_WARMED: list[bool] = []


def warm_up() -> None:
    """Pays, once a process, the costs Hypothesis and scikit-learn charge their first
    use, before a member's clock starts: ``sklearn.metrics`` imported (hundreds of
    modules). Without it the first member a process runs is charged for it. The objects
    alive by then (the modules of both libraries and their tables) are frozen out of the
    garbage collector's full passes, which would otherwise walk them all again, in
    whichever member's run they fall."""
    if _WARMED:
        return
    _WARMED.append(True)
    with contextlib.suppress(ImportError):  # a reference-only run: nothing to warm
        import sklearn.metrics  # noqa: F401
    gc.collect()
    gc.freeze()


def run_seed(seed: int, member: str, scenario: str, attempt: int, key: str = "") -> int:
    """The seed of one Hypothesis run of a member seeded with ``seed``: its own for each
    member, scenario and attempt (so a top-up round draws afresh), the same on every
    machine and Python (a digest, not :func:`hash`)."""
    text = f"{seed}|{member}|{scenario}|{attempt}|{key}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


def run_member(
    member: Member,
    *,
    implementation: Callable[..., Any] | None = None,
    max_examples: int | None = None,
    version: str | None = None,
    shrink: bool = True,
    level: Level = "exact",
    seed: int | None = None,
    require_edges: bool = True,
    tolerate: Callable[[Verdict, Call], str | None] | None = None,
) -> MemberResult:
    """Runs ``member``'s calls through :func:`~equivalence.runner.judge`.

    The active Hypothesis profile sets the example budget unless ``max_examples`` does.
    ``shrink=False`` reports the first failing call as found, unminimised: enough to know
    that a seeded bug is caught, and much cheaper.
    Each Hypothesis example draws and judges a batch of calls, one after the other (see
    :data:`BATCH`), so that the engine's cost for an example is shared; each scenario
    still judges its share of the budget, and ``examples`` counts calls.
    The run fails on the first undeclared difference (Hypothesis then shrinks it to a
    minimal call) and, when every call passed, on any declared edge no call reached.
    ``level`` chooses how an answer is judged: against scikit-learn on this machine
    (``exact``) or against the exact result within its error bound (``faithful``).
    ``seed`` draws every call from that seed, whatever the profile, and replays nothing
    saved by earlier runs: each Hypothesis run of the member (a scenario, an attempt)
    draws from its own seed derived from it (:func:`run_seed`), so the same seed gives
    the same calls for that member whichever other members run beside it.
    ``require_edges=False`` reports a declared edge the run never reached in
    ``unreached`` instead of failing for it (``check`` of a port, whose budget is the
    porter's). ``tolerate`` may excuse a failing verdict: it returns the name of what
    excuses it (an entry of a port's ``--expect`` file), counted as the outcome
    ``expected:<name>``, or ``None``.
    """
    run = _MemberRun(
        member,
        implementation=implementation,
        max_examples=max_examples,
        version=version or sklearn_version(),
        shrink=shrink,
        level=level,
        seed=seed,
        tolerate=tolerate,
    )
    return run.result if run.result.status == "no-oracle" else run.run(require_edges)


def _saved(chosen: settings, key: bytes) -> bool:
    """Whether a run under ``chosen`` would replay examples an earlier run saved under
    ``key`` (Hypothesis's reuse phase)."""
    database = chosen.database
    if database is None or Phase.reuse not in chosen.phases:
        return False
    return next(iter(database.fetch(key)), None) is not None


class _MemberRun:
    """One :func:`run_member` call: its settings, the result it fills in, and the
    counters its Hypothesis runs share.

    The run judges each scenario's share of the budget (:meth:`cover`), in Hypothesis runs
    of batches of calls (:meth:`search`, :meth:`judge_batch`), each call judged by
    :meth:`conforms`; then tops up while a declared edge is unreached, and sums up
    (:meth:`finish`).
    """

    def __init__(
        self,
        member: Member,
        *,
        implementation: Callable[..., Any] | None,
        max_examples: int | None,
        version: str,
        shrink: bool,
        level: Level,
        seed: int | None,
        tolerate: Callable[[Verdict, Call], str | None] | None,
    ) -> None:
        self.member, self.version, self.implementation = member, version, implementation
        self.shrink, self.seed, self.tolerate = shrink, seed, tolerate
        self.result = MemberResult(
            member=member.name,
            status="conforms",
            sklearn=version,
            level=level,
            oracle=member.oracle_kind,
        )
        if level == "faithful":
            self.result.faithful = FaithfulStats()
        self.judging = judge_faithful if level == "faithful" else judge
        self.result.edges = {edge.name: 0 for edge in member.edges}
        if not member.has_oracle(version):
            self.result.status = "no-oracle"
            self.result.failure = (
                f"scikit-learn {version} has no oracle; it appears in {member.since}"
            )
        budget = max_examples if max_examples is not None else settings().max_examples
        # the large scenario judges a few calls of its own, outside the shares of the budget
        shared = [name for name in member.scenarios if name != "large"] or list(member.scenarios)
        self.share = max(1, -(-budget // len(shared)))
        # At most BATCH calls an example, as many in each, after the simplest example's one.
        self.size = max(
            1, math.ceil((self.share - 1) / max(1, math.ceil((self.share - 1) / BATCH)))
        )
        self.base = settings()
        self.side = "lodestar" if implementation is None else "implementation"
        #: Whether the Hypothesis run under way replays what an earlier run saved.
        self.replaying = False
        #: The last call that failed, kept for a counterexample when Hypothesis ends with
        #: another error (a flaky failure) instead of the :class:`Mismatch`.
        self.last_failure: Mismatch | None = None
        #: Edges reached by calls a port could not be sent.
        self.unsent_edges: set[str] = set()
        #: Calls judged (or found unsendable), examples completed, and the number of calls
        #: to judge by the end of the current scenario.
        self.drawn = self.examples = self.quota = 0

    def conforms(self, call: Call) -> None:
        """Judges one call into the result; raises :class:`Mismatch` if it fails."""
        member, result = self.member, self.result
        call = view_of(member, call)
        self.drawn += 1
        try:
            verdict = self.judging(member, call, self.version, self.implementation)
        except Unsendable as unsent:
            # JSON cannot carry it, or the port skipped it: not asked, not judged
            result.outcomes["skipped" if isinstance(unsent, Skipped) else "not sent"] += 1
            self.unsent_edges.update(_reached(member, call))
            return
        result.seconds_lodestar += verdict.seconds_lodestar
        result.seconds_oracle += verdict.seconds_oracle
        if not verdict.ok and self.tolerate is not None:
            excused = self.tolerate(verdict, call)
            if excused is not None:
                result.examples += 1
                result.outcomes[f"expected:{excused}"] += 1
                return
        if verdict.ok and result.faithful is not None:
            result.faithful.add(verdict)
        result.examples += 1
        result.outcomes[verdict.kind if verdict.ok else _failed(verdict)] += 1
        if verdict.ok:
            for name in _reached(member, call):
                result.edges[name] += 1
            if verdict.ulps is not None:
                result.max_ulps = max(result.max_ulps, verdict.ulps)
            return
        if result.faithful is not None:
            result.faithful.caught(verdict)
        mismatch = Mismatch(member, call, verdict)
        self.last_failure = mismatch
        raise mismatch

    def judge_batch(self, calls: list[Call]) -> None:
        """Judges a batch of calls in order; the first that fails ends the example."""
        self.examples += 1
        for call in calls:
            # Past the scenario's share of calls (the last batch's tail), a call drawn
            # is not judged; once a call failed, every call is, for the shrinker.
            if self.drawn < self.quota or self.last_failure is not None:
                self.conforms(call)

    def search(self, scenario: str, size: int, wanted: int, attempt: int, key: str) -> bool:
        """One Hypothesis run of ``wanted`` examples of ``size`` calls: whether it
        failed (the failure is recorded in the result)."""
        member, result, base = self.member, self.result, self.base
        overrides: dict[str, Any] = {"max_examples": wanted}
        if scenario == "large":
            overrides["deadline"] = None  # a large call takes what it takes
            # reported as found: shrinking redraws calls of 10⁵ samples, minutes of it
            overrides["phases"] = [Phase.explicit, Phase.reuse, Phase.generate]
        if not self.shrink:
            overrides["phases"] = [Phase.explicit, Phase.reuse, Phase.generate]
        strategy = _batches(member.scenarios[scenario], size)
        if self.seed is not None:
            overrides["database"] = None  # what the seed draws, and nothing saved before

        def judge_batch(calls: list[Call]) -> None:
            self.judge_batch(calls)

        # One key a member, scenario and side: Hypothesis would otherwise file every
        # saved failure under the one function `judge_batch`, replay it into every other
        # scenario, and delete it there as no longer failing.
        database_key = f"{member.name}|{scenario}|{self.side}{key}".encode()
        chosen = settings(base, **overrides)

        def run(with_settings: settings) -> None:
            test = with_settings(given(strategy)(judge_batch))
            if self.seed is not None:
                test = seeded(run_seed(self.seed, member.name, scenario, attempt, key))(test)
            elif base.derandomize:
                # A repeatable run, each attempt its own (and no digest of the test's
                # source to work out for each scenario, as derandomize alone would).
                test = seeded(attempt)(test)
            test._hypothesis_internal_database_key = database_key  # type: ignore[attr-defined]
            with profiles.pinned():  # the same calls, whatever modules this process loaded
                test()

        try:
            if _saved(chosen, database_key):
                # What an earlier run saved is replayed on its own first, so that a
                # failure found there is reported as replayed, not as found afresh.
                self.replaying = True
                run(settings(chosen, phases=[Phase.reuse]))
                self.replaying = False
            run(chosen)
        except Mismatch as mismatch:
            result.status = "fails"
            result.replayed = self.replaying
            result.failure = f"[scenario {scenario}] {mismatch}"
            result.counterexample = mismatch.reproduction
            result.call = mismatch.call
        except Exception as error:  # a flaky or erroring strategy is a failure too
            result.status = "fails"
            result.replayed = self.replaying
            result.failure = f"[scenario {scenario}] {type(error).__name__}: {error}"
            if self.last_failure is not None:
                result.counterexample = self.last_failure.reproduction
                result.call = self.last_failure.call
        return result.status == "fails"

    def cover(self, scenario: str, first: int) -> None:
        """Judges one scenario's share of the budget, in at most ROUNDS Hypothesis runs
        seeded from ``first`` on (the ``large`` scenario: a few calls, one an example)."""
        result = self.result
        if scenario == "large":
            share_here, size_here = min(self.share, large.CALLS), 1
        else:
            share_here, size_here = self.share, self.size
        remaining, per_example = share_here, float(size_here)
        self.quota = self.drawn + share_here
        for attempt in range(first, first + ROUNDS):
            # The simplest example, first in a run, judges one call.
            wanted = 1 + max(0, math.ceil((remaining - 1) / per_example))
            judged, began = self.drawn, self.examples
            if self.search(scenario, size_here, wanted, attempt, ""):
                break
            judged = self.drawn - judged
            remaining -= judged
            if remaining <= 0 or judged == 0:
                break
            per_example = judged / max(1, self.examples - began)
        if result.status == "fails" and self.shrink and size_here > 1 and self.last_failure:
            # Shrinking a batch can settle on a call less simple than the same search
            # finds one call an example: search the scenario again so, and keep what
            # that finds if it fails too.
            found = (result.failure, result.counterexample, result.call)
            result.status, self.last_failure = "conforms", None
            self.quota = self.drawn + share_here
            if not self.search(scenario, 1, share_here, first, "|alone"):
                result.status = "fails"
                result.failure, result.counterexample, result.call = found

    def uncovered(self) -> bool:
        """Whether a declared edge is still unreached (edges reached only by calls a port
        cannot be sent count as reached)."""
        return any(
            n == 0 and name not in self.unsent_edges for name, n in self.result.edges.items()
        )

    def done(self, failed_only: bool = False) -> bool:
        """Whether the run failed or, unless ``failed_only``, reached every declared edge."""
        return self.result.status == "fails" or (not failed_only and not self.uncovered())

    def run(self, require_edges: bool) -> MemberResult:
        """Every scenario's share, then the top-ups, then the sum (:meth:`finish`)."""
        warm_up()
        scenarios = self.member.scenarios
        started = time.perf_counter()
        for scenario in scenarios:
            self.cover(scenario, 0)
            if self.done(failed_only=True):
                break
        # The budget is a least number of calls: while every call conforms but a declared
        # edge is still unreached (a rare one, under a small randomised budget), every
        # scenario judges its share again, up to TOP_UP more times, before the run fails.
        for extra in range(1, TOP_UP + 1):
            if self.done():
                break
            for scenario in scenarios:
                self.cover(scenario, extra * ROUNDS)
                if self.done():
                    break
        self.result.seconds = time.perf_counter() - started
        return self.finish(require_edges)

    def finish(self, require_edges: bool) -> MemberResult:
        """The edges only unsent calls reach, the unreached edges (``require_edges``:
        a failure; otherwise listed), and the status a conforming run ends with."""
        result = self.result
        for name in self.unsent_edges:  # an edge only calls a port cannot be sent reach
            if result.edges.get(name) == 0:
                del result.edges[name]
                result.outcomes[f"edge only in calls not sent:{name}"] = 1
        if result.status == "conforms" and not require_edges and result.missing_edges:
            result.unreached = result.missing_edges
            for name in result.unreached:
                del result.edges[name]
        if result.status == "conforms":
            if result.missing_edges:
                result.status = "fails"
                result.failure = "declared edges never exercised: " + ", ".join(
                    result.missing_edges
                )
            elif result.divergences:
                result.status = "conforms-declared"
        return result
