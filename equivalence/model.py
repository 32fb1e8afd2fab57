"""What the harness knows about a member: its calls, its oracle, its edges, its divergences.

A :class:`Member` is a declaration, not a test. The runner asks both sides the same
:class:`Call`, compares the two :class:`Outcome` values under the member's
:class:`Tolerance`, and lets a difference through only where a :class:`Divergence`
declares it.

Where this sits among the harness's parts: ``docs/harness.md``.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
from hypothesis import strategies as st

from equivalence.versions import version_key
from lodestar.errors import ArgumentError

__all__ = [
    "Call",
    "Divergence",
    "Edge",
    "Member",
    "OracleKind",
    "Outcome",
    "PortErrored",
    "Refusal",
    "Skipped",
    "Tolerance",
    "Unsendable",
    "Value",
    "VersionRange",
    "VersionTolerance",
    "distance",
    "shown",
    "ulp_distance",
]


def _render(value: Any) -> str:
    """Python source that rebuilds ``value``: arrays as lists, floats exactly."""
    if isinstance(value, np.ndarray):
        if value.dtype.kind in "iub":
            return repr(value.tolist())
        return "np.array(" + _render(value.tolist()) + f", dtype={value.dtype.name!r})"
    if isinstance(value, (list, tuple)):
        inner = ", ".join(_render(item) for item in value)
        if isinstance(value, tuple):
            return f"({inner},)" if len(value) == 1 else f"({inner})"
        return f"[{inner}]"
    if isinstance(value, (float, np.floating)):
        number = float(value)
        if math.isnan(number):
            return "float('nan')"
        if math.isinf(number):
            return "float('inf')" if number > 0 else "-float('inf')"
        return repr(number)
    if isinstance(value, np.integer):
        return repr(int(value))
    return repr(value)


@dataclass(frozen=True)
class Call:
    """One question asked of both sides: positional and keyword arguments."""

    args: tuple[Any, ...]
    kwargs: Mapping[str, Any] = field(default_factory=dict)

    def render(self, function: str) -> str:
        """The call as Python source, ready to paste into a test."""
        parts = [_render(arg) for arg in self.args]
        parts += [f"{key}={_render(value)}" for key, value in self.kwargs.items()]
        return f"{function}({', '.join(parts)})"

    def argument(self, position: int, name: str, default: Any = None) -> Any:
        """The argument at ``position``, or the keyword ``name``, or ``default``."""
        if position < len(self.args):
            return self.args[position]
        return self.kwargs.get(name, default)


@dataclass(frozen=True)
class Value:
    """A side answered: a number, or a structure of numbers and strings (an array, a
    list of rows, a mapping, a rendered text) compared leaf by leaf."""

    value: Any

    def describe(self) -> str:
        return shown(repr(self.value), 2000)


@dataclass(frozen=True)
class Refusal:
    """A side raised."""

    error: type[BaseException]
    message: str

    def describe(self) -> str:
        return f"{self.error.__name__}: {shown(self.message, 2000)}"


def shown(text: str, limit: int = 240) -> str:
    """``text`` as it is safe to print: every control character escaped (so that what an
    implementation or a port writes can neither move the terminal's cursor nor forge a
    line of a report), and past ``limit`` characters cut to its two ends and its size."""
    escaped = "".join(
        ch if ch.isprintable() or ch == " " else ch.encode("unicode_escape").decode("ascii")
        for ch in text
    )
    if len(escaped) <= limit:
        return escaped
    half = max(1, (limit - 40) // 2)
    return f"{escaped[:half]} … [{len(text):,} characters] … {escaped[-half:]}"


Outcome = Value | Refusal


def ulp_distance(first: float, second: float) -> int:
    """How many representable doubles lie between two floats (0 for equal, NaN == NaN).

    ``+0.0`` and ``-0.0`` are the same point; an infinity is a point past the largest
    finite double; NaN against a number is infinitely far (returned as ``2**64``).
    """
    if math.isnan(first) or math.isnan(second):
        return 0 if math.isnan(first) and math.isnan(second) else 2**64

    def ordinal(number: float) -> int:
        bits: int = struct.unpack("<q", struct.pack("<d", number))[0]
        return bits if bits >= 0 else -(bits & 0x7FFFFFFFFFFFFFFF)

    return abs(ordinal(first) - ordinal(second))


FAR = 2**64


def _ulp_array(first: np.ndarray[Any, Any], second: np.ndarray[Any, Any]) -> int:
    def ordinal(values: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        bits = values.astype(np.float64).view(np.int64).astype(object)
        return np.where(bits >= 0, bits, -(bits & 0x7FFFFFFFFFFFFFFF))

    nan_first, nan_second = np.isnan(first), np.isnan(second)
    if (nan_first != nan_second).any():
        return FAR
    keep = ~nan_first
    if not keep.any():
        return 0
    gaps = np.abs(ordinal(first[keep]) - ordinal(second[keep]))
    return int(gaps.max())


def distance(first: Any, second: Any) -> int:
    """How far apart two answers are: the largest ULP distance over their numeric leaves.

    Strings, booleans, ``None`` and the structure itself (keys, lengths, shapes) must be
    equal, or the answers are :data:`FAR` apart.
    """
    if isinstance(first, np.ndarray) or isinstance(second, np.ndarray):
        a, b = np.asarray(first), np.asarray(second)
        if a.shape != b.shape:
            return FAR
        if a.dtype.kind in "biuf" and b.dtype.kind in "biuf":
            if a.dtype.kind == "b" or b.dtype.kind == "b":
                return 0 if a.dtype == b.dtype and bool((a == b).all()) else FAR
            return _ulp_array(a.astype(np.float64), b.astype(np.float64)) if a.size else 0
        return distance(a.tolist(), b.tolist())
    if isinstance(first, dict) or isinstance(second, dict):
        if (
            not (isinstance(first, dict) and isinstance(second, dict))
            or first.keys() != second.keys()
        ):
            return FAR
        return max((distance(first[key], second[key]) for key in first), default=0)
    if isinstance(first, (list, tuple)) or isinstance(second, (list, tuple)):
        if not (isinstance(first, (list, tuple)) and isinstance(second, (list, tuple))):
            return FAR
        if len(first) != len(second):
            return FAR
        return max((distance(a, b) for a, b in zip(first, second, strict=True)), default=0)
    numeric = (int, float, np.integer, np.floating)
    if (
        isinstance(first, numeric)
        and isinstance(second, numeric)
        and not isinstance(first, (bool, np.bool_))
        and not isinstance(second, (bool, np.bool_))
    ):
        return ulp_distance(float(first), float(second))
    return 0 if type(first) is type(second) and first == second else FAR


@dataclass(frozen=True)
class Tolerance:
    """How far apart two answers may be and still agree, in units in the last place.

    ``ulps`` holds on every scikit-learn version unless ``by_version`` names the
    version's range: its first range that contains the version gives the tolerance
    there (a version whose scikit-learn takes a step through another operation, such
    as another logarithm). ``why`` says what the tolerance pays for and how it was
    measured.
    """

    ulps: int = 0
    by_version: tuple[VersionTolerance, ...] = ()
    why: str = ""

    def for_version(self, sklearn_version: str) -> VersionTolerance | None:
        """The declaration for ``sklearn_version``'s range, if one names it."""
        for entry in self.by_version:
            if entry.versions.contains(sklearn_version):
                return entry
        return None

    def ulps_for(self, sklearn_version: str) -> int:
        """The ULP tolerance that holds on ``sklearn_version``."""
        entry = self.for_version(sklearn_version)
        return self.ulps if entry is None else entry.ulps

    def by_magnitude(self, sklearn_version: str) -> bool:
        """Whether, past its ULPs, an answer on ``sklearn_version`` agrees when both
        sides lie within the faithful bound of the exact result."""
        entry = self.for_version(sklearn_version)
        return entry is not None and entry.magnitude

    def agrees(self, first: Any, second: Any, sklearn_version: str | None = None) -> bool:
        ulps = self.ulps if sklearn_version is None else self.ulps_for(sklearn_version)
        return distance(first, second) <= ulps


@dataclass(frozen=True)
class VersionRange:
    """A range of scikit-learn versions, ``since`` included and ``until`` excluded.

    Either bound may be empty; ``VersionRange()`` is every version.
    """

    since: str = ""
    until: str = ""

    def contains(self, version: str) -> bool:
        key = version_key(version)
        if self.since and key < version_key(self.since):
            return False
        return not (self.until and key >= version_key(self.until))

    def describe(self) -> str:
        if self.since and self.until:
            return f"scikit-learn {self.since} to before {self.until}"
        if self.since:
            return f"scikit-learn {self.since} and later"
        if self.until:
            return f"scikit-learn before {self.until}"
        return "every scikit-learn version"


@dataclass(frozen=True)
class VersionTolerance:
    """The tolerance on a range of scikit-learn versions whose arithmetic differs from
    the reference's by an operation (such as another ``log``): ``ulps``, as measured,
    and with ``magnitude``, for the calls no fixed ULP count covers (weights that cancel
    amplify a last-bit difference without limit), agreement when lodestar and
    scikit-learn both lie within the faithful bound of the exact result
    (:mod:`equivalence.exact`), a bound relative to the magnitudes of the terms.
    ``operation`` names what those versions compute with, ``measured`` what was measured
    and where."""

    versions: VersionRange
    ulps: int
    magnitude: bool = False
    operation: str = ""
    measured: str = ""


#: Predicates read the call through its parsed :class:`~equivalence.view.View`, which is
#: built above the model (it reads the arguments' roles), so the model does not name it:
#: a predicate's argument is typed ``Any`` here, and a predicate that names a view
#: attribute the view lacks is caught by the runs (an edge never reached, a divergence
#: never met), not by the type checker.
CallView = Any
Predicate = Callable[[CallView], bool]


@dataclass(frozen=True)
class Edge:
    """A named category of input that the calls must reach at least once per run."""

    name: str
    description: str
    holds: Predicate


DivergenceKind = Literal["widening", "narrowing", "value"]

#: What holds a member's answers: its scikit-learn counterpart, or, for a member
#: scikit-learn does not implement, a plain-loop reference written in the harness
#: (:mod:`equivalence.references`), asked in every matrix cell.
OracleKind = Literal["scikit-learn", "reference"]


@dataclass(frozen=True)
class Divergence:
    """A declared difference from scikit-learn.

    * ``widening``: lodestar answers where scikit-learn refuses.
    * ``narrowing``: lodestar refuses (with an :class:`~lodestar.errors.ArgumentError`)
      where scikit-learn answers.
    * ``value``: both answer, with different numbers.

    ``applies`` says on which calls the difference is allowed. For a widening or a
    value divergence, ``expected`` gives the number lodestar must answer there, worked
    out independently of lodestar; the run holds lodestar to it.
    """

    name: str
    kind: DivergenceKind
    summary: str
    applies: Predicate
    expected: Callable[[CallView], Any] | None = None
    versions: VersionRange = VersionRange()


@dataclass(frozen=True)
class Member:
    """One lodestar member and everything the harness needs to hold it to scikit-learn.

    ``scenarios`` maps a scenario name to the strategy drawing its calls; a run shares
    its example budget evenly between them, so that every scenario is reached on every
    run rather than when the draw happens to favour it.

    ``project`` turns what the implementation returns into what ``oracle`` returns (for
    example a ``ConfusionMatrix`` into its array); without it a scalar answer is read as
    a ``float``.

    ``roles`` names the role of an argument whose name misleads (see
    :mod:`equivalence.malformed`); ``example`` is a valid call, weights included, that
    the bad-input walk spoils one argument at a time.

    ``oracle_kind`` says what ``oracle`` asks: scikit-learn (every member but those
    scikit-learn does not implement), or a plain-loop ``reference`` in the harness, which
    has no ``since`` and is asked on every scikit-learn version.
    """

    name: str
    csharp: str
    page: str
    implementation: Callable[..., Any]
    oracle: Callable[[CallView], Any]
    oracle_call: str
    since: str
    scenarios: Mapping[str, st.SearchStrategy[Call]]
    edges: Sequence[Edge]
    divergences: Sequence[Divergence] = ()
    tolerance: Tolerance = Tolerance()
    refusals: tuple[type[BaseException], ...] = (ArgumentError,)
    project: Callable[[Any], Any] | None = None
    roles: Mapping[str, str] = field(default_factory=dict)
    example: Call | None = None
    oracle_kind: OracleKind = "scikit-learn"

    def has_oracle(self, sklearn_version: str) -> bool:
        """Whether the installed scikit-learn can be asked this member's question (a
        plain-loop reference can always be asked)."""
        if self.oracle_kind == "reference":
            return True
        return VersionRange(since=self.since).contains(sklearn_version)

    def divergences_for(self, sklearn_version: str) -> list[Divergence]:
        """The declarations that hold on ``sklearn_version``."""
        return [d for d in self.divergences if d.versions.contains(sklearn_version)]


class Unsendable(Exception):
    """Raised instead of asking an implementation a call it cannot be asked (a port, a
    call that JSON cannot carry: see :mod:`equivalence.ports.wire`).

    The runner treats it as a call not asked: no verdict, no example counted.
    """


class Skipped(Unsendable):
    """A call a port answered ``{"skipped": why, "issue": url}`` (protocol 2): a case it
    knowingly does not handle. Not judged; counted, listed in the report, and a failure
    under ``check --strict``."""

    def __init__(self, why: str, issue: str | None = None) -> None:
        super().__init__(why)
        self.why, self.issue = why, issue


class PortErrored(Exception):
    """A port's ``{"errored": message}`` (protocol 2): it crashed inside, which no member
    documents. Judged as an exception of no documented kind, and counted as the outcome
    ``errored`` rather than as a plain ``fail``."""
