"""Exported test vectors: ``python -m equivalence vectors [MEMBER ...] --output DIR``.

For test suites in languages that cannot run Python. Each member gets
``DIR/<member>.jsonl`` (named as the equivalence table names it). Line 1 is the header::

    {"format": "lodestar-vectors/3", "suite": "3.0.0", "member": ..., "csharp": ...,
     "cases": N, "digest": SHA-256 of the N case lines}

and every other line one case, the arguments in the wire encoding of
:mod:`equivalence.ports.wire`, its keys in the order :data:`CASE_KEYS` gives::

    {"id": ..., "arguments": {...}, "expect": {"value": X, "within": E},
     "edges": [...], "divergences": [...]}
    {"id": ..., "arguments": {...}, "expect": {"error": "ArgumentError"},
     "edges": [...], "divergences": [...]}

A large-count case (:func:`large_case`) adds ``"repeat": {"times": T, "arguments":
[...]}`` after its arguments (:data:`LARGE_KEYS`): the call is made with each argument
named written ``T`` times over, end to end (:func:`repeated`).
``id`` is derived from the member and the arguments (:func:`case_id`). ``DIR/index.json``
lists the files, their counts and digests; ``DIR/provenance.json`` the versions that made
them, which no byte of the files depends on.

A port meets a value case when every number it answers is within ``E`` (absolute) of the
number at the same place in ``X`` (NaN matches NaN, an infinity only itself, and strings,
booleans and ``null`` must be equal); it meets a refusal case when it refuses with an
error of that family (:func:`meets`).

The cases are the member's example call, the boundary calls (:func:`boundary_calls`: its
bad-input cells, labels at the int64 limits, empty output weights), the example made large
(:func:`large_calls`: 70,000 samples and more), then calls drawn from
the same strategies as
``run``, a share per scenario, from a fixed seed; calls that JSON cannot carry are left
out, as are repeated ones. Every declared edge must be present, or the export fails,
except an edge that only such calls reach (``BrierScore.score``'s ``float32``).
Two exports made by the command are byte-identical, on any CPU: see :func:`reference`.

The seed fixes the draws only for a given set of imported modules. Hypothesis mixes the
literal constants of the local modules already imported into what it draws, so
:func:`export` called inside a larger process (a test session that has imported its test
modules, a notebook) can draw other calls than ``python -m equivalence vectors`` from the
same seed. Make files to compare or to publish with the command, in a fresh process.
"""

from __future__ import annotations

import hashlib
import json
import math
import sys
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from hypothesis import HealthCheck, Phase, given, seed, settings

from equivalence import profiles
from equivalence.arguments import bound_arguments, role_of
from equivalence.arith import Ambiguous, Approx, Exactly
from equivalence.bysample import per_sample, tiled
from equivalence.exact import evaluator
from equivalence.large import SMALL_ONLY, copies, unweighted
from equivalence.malformed import base_call, cells, parameters, with_argument
from equivalence.model import Call, Member, Refusal, Value, distance
from equivalence.mutants import MUTANTS
from equivalence.ports import wire
from equivalence.runner import ask_both
from equivalence.versions import sklearn_version
from equivalence.view import view_of

__all__ = [
    "CASE_KEYS",
    "DEFAULT_CASES",
    "DEFAULT_SEED",
    "FORMAT",
    "LARGE_KEYS",
    "SUITE",
    "boundary_calls",
    "case_id",
    "digest",
    "draw_calls",
    "export",
    "header",
    "large_calls",
    "lines",
    "meets",
    "provenance",
    "reference",
    "repeated",
    "write_index",
]

FORMAT = "lodestar-vectors/3"
#: The suite's version (semver): its major goes up whenever the rules for judging a case
#: change, its minor when the cases chosen change or their bounds are tightened.
SUITE = "3.0.0"
#: The keys of a case, in the order they are written (a reader need not rely on it).
CASE_KEYS = ("id", "arguments", "expect", "edges", "divergences")
#: Where a large-count case adds ``repeat``: right after ``arguments``.
LARGE_KEYS = ("id", "arguments", "repeat", "expect", "edges", "divergences")
#: The keys an ill-conditioned case adds after them (``vectors --ill-conditioned``).
ILL_CONDITIONED_KEYS = ("ill_conditioned", "condition")
DEFAULT_SEED = 0
#: Drawn cases a member, besides its example.
DEFAULT_CASES = 400
#: Rounds of drawing, each from the next seed, while a declared edge is missing.
ROUNDS = 10
#: Rounds of drawing after those, each from the next seed, while a seeded bug of the
#: member misses no case.
BUG_ROUNDS = 5
#: Significant digits an expected number is written with (see :func:`reference`).
DIGITS = 12
#: Significant digits of a large-count case's expected numbers (see :func:`large_case`).
LARGE_DIGITS = 10
_EPS = sys.float_info.epsilon


# -- the expected answer -----------------------------------------------------------------


def _lodestar(member: Member, call: Call) -> tuple[Any, BaseException | None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with np.errstate(all="ignore"):
            try:
                return member.implementation(*call.args, **call.kwargs), None
            except Exception as error:
                return None, error


def _rounded(value: Any, digits: int = DIGITS) -> Any:
    if isinstance(value, float):
        return float(f"{value:.{digits}g}") if math.isfinite(value) else value
    if isinstance(value, list):
        return [_rounded(item, digits) for item in value]
    if isinstance(value, dict):
        return {key: _rounded(item, digits) for key, item in value.items()}
    return value


def _leaves(value: Any, floats_only: bool = False) -> Iterator[float]:
    """The magnitudes of the finite numbers in plain (or wire-encoded) data, at any
    depth; with ``floats_only``, of the floats alone (not of labels, which are ints)."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return
    if isinstance(value, (int, float)):
        if math.isfinite(value) and not (floats_only and isinstance(value, int)):
            yield abs(float(value))
        return
    if isinstance(value, np.ndarray):
        yield from _leaves(value.tolist(), floats_only)
        return
    if isinstance(value, np.generic):
        yield from _leaves(value.item(), floats_only)
        return
    if isinstance(value, dict):
        for item in value.values():
            yield from _leaves(item, floats_only)
        return
    if isinstance(value, (list, tuple)):
        for item in value:
            yield from _leaves(item, floats_only)


def _numeric_inputs(member: Member, call: Call) -> list[float]:
    """The magnitudes of the numbers the computation adds up: the arguments whose role
    is ``numbers`` (scores, probabilities, relevance) or ``weights``; labels, counts and
    flags do not enter the arithmetic."""
    found: list[float] = []
    for name, value in bound_arguments(member, call).items():
        if role_of(member, name) in ("numbers", "weights"):
            found += _leaves(value)
    return found


def _cancellation(member: Member, call: Call) -> float:
    """``sum(|w|) / |sum(w)|`` for the call's ``sample_weight`` (1 when unweighted): how
    much a sum of the weights can lose to cancellation."""
    weight = bound_arguments(member, call).get("sample_weight")
    if weight is None:
        return 1.0
    try:
        values = [float(item) for item in np.asarray(weight, dtype=np.float64).ravel()]
    except (TypeError, ValueError):
        return 1.0
    if not values or not all(math.isfinite(item) for item in values):
        return 1.0
    total = abs(math.fsum(values))
    spread = math.fsum(abs(item) for item in values)
    return spread / total if total > 0 else 1.0


def _exact(member: Member, call: Call) -> tuple[float, float] | None:
    """``X`` and ``E`` from the member's exact evaluator, where its answer is one number.

    ``X`` is the exact result rounded to the nearest double (computed in rational or
    high-precision software arithmetic, so the same on every machine); ``E`` is the
    faithful-port bound plus half a unit in the last place of ``X``, so that every answer
    within the bound of the exact result is within ``E`` of ``X``. ``None`` where the
    member has no evaluator, its answer is a structure or its error is unbounded (a rule
    value such as a 0/0 limit, which lodestar's answer gives); :class:`RoundingDecides`
    where the evaluator declines the call (``Ambiguous``, or a ``ValueError``: no order to
    a cumulative weight).
    """
    evaluate = evaluator(member.name)
    if evaluate is None:
        return None
    try:
        expected = _evaluated(evaluate, call)
    except (Ambiguous, ValueError) as declined:
        raise RoundingDecides(member.name) from declined
    except Exception:
        return None
    if isinstance(expected, (list, tuple)) and expected:
        # an answer of several numbers (one an output, a label): each the exact result
        # rounded to the nearest double, one bound for all, the widest
        items = [_one_exact(item) for item in expected]
        if any(item is None for item in items):
            return None
        values = [item[0] for item in items if item is not None]
        return values, max(item[1] for item in items if item is not None)  # type: ignore[return-value]
    return _one_exact(expected)


def _evaluated(evaluate: Callable[..., Any], call: Call) -> Any:
    """An exact evaluator's answer on ``call``, its warnings silenced."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return evaluate(*call.args, **call.kwargs)


def _refusal_is_rounded(member: Member, call: Call) -> bool:
    """Whether rounding decides that ``call`` is refused at all: the exact evaluator finds
    its total zero or not depending on the order of the arithmetic (``Ambiguous``), as a
    deviance that rounds to zero under one CPU's ``power`` and not under another's. An
    evaluator that refuses the call too (``ValueError``) or cannot read it agrees."""
    evaluate = evaluator(member.name)
    if evaluate is None:
        return False
    try:
        _evaluated(evaluate, call)
    except Ambiguous:
        return True
    except Exception:
        return False
    return False


class RoundingDecides(Exception):
    """The member's exact evaluator declines the call: rounding decides its answer (a
    tie that rounding breaks, a cumulative weight that goes down and up). lodestar's
    answer is then one machine's (the order NumPy's sort leaves equal keys in differs by
    CPU), so the call makes no value case."""


def _one_exact(expected: Any) -> tuple[float, float] | None:
    if isinstance(expected, Exactly):
        return expected.value, 0.0
    if not isinstance(expected, Approx) or expected.unbounded:
        return None
    value = float(expected.exact)
    if not math.isfinite(value):
        return None
    return value, float(f"{expected.error + math.ulp(value) / 2:.3g}") or 0.0


def reference(member: Member, call: Call) -> tuple[Any, float]:
    """The expected answer ``X`` of a value case, wire-encoded, and its bound ``E``.

    Where the member's answer is one number, or a list of numbers its exact evaluator
    gives one by one, ``X`` is the exactly computed result rounded to the nearest double
    and ``E`` the faithful-port bound, the widest of the list's (:func:`_exact`). Elsewhere
    (structured answers, and numbers rounding alone decides), ``X`` is lodestar's own
    answer with every number rounded to 12 significant digits. lodestar's last bits can
    depend on the CPU (NumPy's ``log`` and ``exp`` are
    chosen by SIMD features, ``dot`` by the BLAS kernel); rounding to 12 digits removes
    such differences except in the rare case where two answers a few units in the last
    place apart straddle a 12-digit rounding boundary, so the files are the same on
    every CPU that has been tried (the tests compare two NumPy dispatch settings).

    ``E`` is derived simply, not from the member's formula: half a unit in the 12th
    digit of the largest float in ``X`` (what the rounding may have moved it), plus
    ``64 (n + 2) eps M k``, where ``n`` counts the scores, probabilities and weights in
    the arguments, ``M`` is the largest magnitude among them and the floats of ``X``
    (at least 1), and ``k`` is the
    cancellation of the weights, ``sum(|w|) / |sum(w)|``: a generous multiple of what
    a straightforward float64 evaluation with sums of ``n`` terms can lose. A text
    answer has ``E = 0``.
    """
    exact = _exact(member, call)
    if exact is not None:
        return wire.encode(exact[0]), exact[1]
    result, error = _lodestar(member, call)
    if error is not None:
        raise error
    return _with_bound(member, call, _rounded(wire.encode_result(member, result)))


def _with_bound(member: Member, call: Call, value: Any, digits: int = DIGITS) -> tuple[Any, float]:
    """A wire-encoded value rounded to ``digits`` digits and the bound :func:`reference`
    gives it."""
    if isinstance(value, str):
        return value, 0.0
    largest = max(_leaves(value, floats_only=True), default=0.0)
    inputs = _numeric_inputs(member, call)
    magnitude = max(1.0, largest, max(inputs, default=0.0))
    rounding = 0.5 * 10.0 ** (1 - digits) * largest
    arithmetic = 64 * (len(inputs) + 2) * _EPS * magnitude * _cancellation(member, call)
    within = float(f"{rounding + arithmetic:.3g}")
    return value, within


# -- one case ----------------------------------------------------------------------------


def _holding(predicates: Any, call: Call) -> list[str]:
    names = []
    for item in predicates:
        test = item.holds if hasattr(item, "holds") else item.applies
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with np.errstate(all="ignore"):
                try:
                    hit = bool(test(call))
                except Exception:
                    hit = False
        if hit:
            names.append(item.name)
    return names


def case(member: Member, call: Call) -> dict[str, Any] | None:
    """One case of ``call``, or ``None`` when it cannot be one (JSON cannot carry it,
    lodestar raises something that is not a documented refusal, or rounding decides its
    answer, its refusal included: :class:`RoundingDecides`)."""
    call = view_of(member, call)
    if wire.unsendable(member, call) is not None:
        return None
    arguments = wire.request(member, call)["arguments"]
    _, error = _lodestar(member, call)
    expect: dict[str, Any]
    if error is not None:
        if not isinstance(error, member.refusals):
            return None
        if _refusal_is_rounded(member, call):
            return None
        expect = {"error": wire.family(member, type(error))}
    else:
        try:
            value, within = reference(member, call)
        except RoundingDecides:
            return None
        expect = {"value": value, "within": within}
    return {
        "id": case_id(member, arguments),
        "arguments": arguments,
        "expect": expect,
        "edges": _holding(member.edges, call),
        "divergences": sorted(set(_holding(member.divergences, call))),
    }


def large_case(member: Member, small: Call, times: int) -> dict[str, Any] | None:
    """The large-count case of ``small`` (:func:`_large`), without the call it is judged on."""
    made = _large(member, small, times)
    return None if made is None else made[0]


def _large(member: Member, small: Call, times: int) -> tuple[dict[str, Any], Call] | None:
    """The large-count case of ``small``, its samples repeated ``times`` times: written as
    ``small``'s arguments and a ``repeat`` naming those repeated (:func:`repeated`), and
    judged on the call they make. ``None`` where JSON cannot carry ``small`` or lodestar
    does not answer the large call.

    Its ``X`` is lodestar's answer to the large call, every number rounded to
    :data:`LARGE_DIGITS` significant digits, not the exact result (exact arithmetic over
    70,000 samples takes minutes for some members): fewer digits than other cases', so
    that the last bits a CPU's kernels decide over that many terms do not reach the
    written value. ``E`` is :func:`reference`'s derived bound, with the rounding to
    :data:`LARGE_DIGITS` in it. ``edges`` are those the large call reaches (an even count
    of samples, say); ``divergences`` those ``small`` meets.
    """
    small = view_of(member, small)
    if wire.unsendable(member, small) is not None:
        return None
    big = tiled(member, small, times)
    if big is None:
        return None
    big = view_of(member, big)
    result, error = _lodestar(member, big)
    if error is not None:
        return None
    arguments = wire.request(member, small)["arguments"]
    repeat = {"times": times, "arguments": per_sample(member, small)}
    if repeated(arguments, repeat) != wire.request(member, big)["arguments"]:
        raise AssertionError(f"{member.name}: a repeat that does not make the call judged")
    encoded = _rounded(wire.encode_result(member, result), LARGE_DIGITS)
    value, within = _with_bound(member, big, encoded, LARGE_DIGITS)
    built = {
        "id": case_id(member, arguments, repeat),
        "arguments": arguments,
        "repeat": repeat,
        "expect": {"value": value, "within": within},
        "edges": _holding(member.edges, big),
        # those the call as written meets: whether a divergence of last bits holds over
        # 70,000 samples turns on how this NumPy sums them (BrierScore's one-column
        # arithmetic holds on NumPy 1.26's blocked sums, not on 2.x's), and no byte of the
        # file may depend on it
        "divergences": sorted(set(_holding(member.divergences, small))),
    }
    return built, big


def case_id(member: Member, arguments: dict[str, Any], repeat: dict[str, Any] | None = None) -> str:
    """A case's identity: the first 16 hex digits of the SHA-256 of its member and its
    arguments as written (and, for a large-count case, a newline and its ``repeat`` as
    written), so that the same call keeps its id across exports and a port's skip list
    survives them."""
    text = member.name + "\n" + wire.dumps(arguments)
    if repeat is not None:
        text += "\n" + wire.dumps(repeat)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def repeated(arguments: dict[str, Any], repeat: dict[str, Any] | None) -> dict[str, Any]:
    """A case's arguments as the call is made: each argument ``repeat`` names is its list
    written ``times`` times over, end to end (``[a, b]`` twice is ``[a, b, a, b]``); the
    others as they are. Without ``repeat``, the arguments as written."""
    if repeat is None:
        return arguments
    names = set(repeat["arguments"])
    return {
        name: list(value) * repeat["times"] if name in names else value
        for name, value in arguments.items()
    }


def digest(case_lines: list[str]) -> str:
    """The SHA-256 of the case lines, each followed by a newline, as the file holds them."""
    return hashlib.sha256("".join(line + "\n" for line in case_lines).encode("utf-8")).hexdigest()


# -- drawing -----------------------------------------------------------------------------


def _collector(found: list[Call]) -> Any:
    def keep(call: Call) -> None:
        found.append(call)

    return keep


def draw_calls(member: Member, count: int, start: int) -> list[Call]:
    """About ``count`` calls from ``member``'s scenarios, a share each, every scenario
    drawn from its own seed derived from ``start``: the same calls on every run."""
    # The large scenario's calls (10⁵ samples each) are not exported: a file a port's CI
    # pins stays small. Being the last scenario, leaving it out moves no other's seed.
    scenarios = {name: s for name, s in member.scenarios.items() if name != "large"}
    share = max(1, -(-count // len(scenarios)))
    drawn: list[Call] = []
    for index, strategy in enumerate(scenarios.values()):
        found: list[Call] = []
        keep = _collector(found)

        test = settings(
            max_examples=share,
            database=None,
            deadline=None,
            derandomize=False,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )(seed(start * 1000 + index)(given(strategy)(keep)))
        with profiles.pinned():  # the same cases, whatever modules this process loaded
            test()
        drawn += found
    return drawn


def header(member: Member, case_lines: list[str]) -> dict[str, Any]:
    """A file's first line: the format, the suite's version, the member, how many cases
    follow and their digest. Nothing in it depends on the machine that exported it (see
    :func:`provenance`)."""
    return {
        "format": FORMAT,
        "suite": SUITE,
        "member": member.name,
        "csharp": member.csharp,
        "cases": len(case_lines),
        "digest": digest(case_lines),
    }


def provenance() -> dict[str, Any]:
    """What made an export, kept apart from the files a port pins (``provenance.json``):
    scikit-learn's and NumPy's versions do not decide a case's expected answer; lodestar's
    and Hypothesis's decide which cases are drawn (Hypothesis's engine turns the fixed seed
    into calls, and another version of it may draw others)."""
    import hypothesis

    import lodestar

    return {
        "format": FORMAT,
        "suite": SUITE,
        "lodestar": lodestar.__version__,
        "hypothesis": hypothesis.__version__,
        "scikit-learn": sklearn_version(),
        "numpy": np.__version__,
    }


def write_index(output: Path) -> Path:
    """``output/index.json``: every member file in ``output``, with its count and digest,
    and the digest of the whole suite (of the member digests, in name order)."""
    entries = []
    for path in sorted(output.glob("*.jsonl")):
        first = json.loads(path.read_text(encoding="utf-8").split("\n", 1)[0])
        if first.get("format") != FORMAT:
            continue
        entries.append(
            {
                "member": first["member"],
                "file": path.name,
                "cases": first["cases"],
                "digest": first["digest"],
            }
        )
    whole = hashlib.sha256("".join(e["digest"] + "\n" for e in entries).encode()).hexdigest()
    index = {
        "format": FORMAT,
        "suite": SUITE,
        "members": entries,
        "cases": sum(e["cases"] for e in entries),
        "digest": whole,
    }
    path = output / "index.json"
    path.write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    (output / "provenance.json").write_text(
        json.dumps(provenance(), indent=1) + "\n", encoding="utf-8"
    )
    return path


class _Pool:
    """The cases made so far, repeats left out, and the edges only unsendable calls reach."""

    def __init__(self, member: Member) -> None:
        self.member = member
        self.found: list[Pooled] = []
        self.seen: set[str] = set()
        self.unsent: set[str] = set()

    def add(self, call: Call, fixed: bool) -> None:
        member = self.member
        call = view_of(member, call)
        if wire.unsendable(member, call) is not None:
            self.unsent.update(_holding(member.edges, call))
            return
        built = case(member, call)
        if built is None:
            return
        key = wire.dumps(built["arguments"])
        if key in self.seen or len(wire.dumps(built)) > LONGEST:
            return
        self.seen.add(key)
        self.found.append(Pooled(built, call, fixed))

    def add_large(self, small: Call, times: int) -> None:
        """The large-count case of ``small``, its samples repeated ``times`` times
        (:func:`large_case`); always kept."""
        made = _large(self.member, small, times)
        if made is None:
            return
        built, big = made
        key = wire.dumps(built["arguments"]) + "\n" + wire.dumps(built["repeat"])
        if key in self.seen:
            return
        self.seen.add(key)
        self.found.append(Pooled(built, big, True))


def _pool(member: Member, start: int, budget: int) -> _Pool:
    made = _Pool(member)
    if member.example is not None:
        made.add(member.example, True)
    for call in boundary_calls(member):
        made.add(call, True)
    for small, times in large_calls(member):
        made.add_large(small, times)
    for round_ in range(ROUNDS):
        for call in draw_calls(member, budget, start + round_):
            made.add(call, False)
        missing = [name for name in _missing_edges(member, made.found) if name not in made.unsent]
        if not missing:
            break
    else:
        raise RuntimeError(
            f"{member.name}: no exported case reaches the declared edges {', '.join(missing)}"
        )
    return made


def pool(member: Member, seed: int | None = None, cases: int | None = None) -> list[Pooled]:
    """The cases the export starts from, in order: the example's, the boundary calls'
    (:func:`boundary_calls`), then those of the calls drawn (:func:`draw_calls`), repeats
    left out.

    When a declared edge is missing from the cases drawn, more are drawn from the next
    seeds (``ROUNDS`` in all); an edge still missing then fails the export. :func:`chosen`
    may draw more after these, for a seeded bug that misses none of them.
    """
    start = DEFAULT_SEED if seed is None else seed
    return _pool(member, start, DEFAULT_CASES if cases is None else cases).found


def chosen(member: Member, seed: int | None = None, cases: int | None = None) -> Choice:
    """What ``member``'s file keeps (:func:`choose`) from its pool (:func:`pool`). While a
    seeded bug of the member misses no case, more calls are drawn from the seeds after
    the pool's (``BUG_ROUNDS`` in all), and the first case each such bug misses joins."""
    start = DEFAULT_SEED if seed is None else seed
    budget = DEFAULT_CASES if cases is None else cases
    made = _pool(member, start, budget)
    choice = choose(member, made.found)
    for round_ in range(BUG_ROUNDS):
        if len(choice.caught) == len(choice.bugs):
            break
        for call in draw_calls(member, budget, start + ROUNDS + round_):
            made.add(call, False)
        choice = choose(member, made.found)
    return choice


def lines(
    member: Member,
    seed: int | None = None,
    cases: int | None = None,
    ill_conditioned: bool = False,
) -> list[str]:
    """The lines of ``member``'s file: the header, then the cases :func:`chosen` keeps,
    in the order of the pool; with ``ill_conditioned``, the ill-conditioned cases it left
    out instead (:attr:`Choice.apart`), for the files of ``DIR/ill-conditioned/``."""
    return _lines(member, seed, cases, ill_conditioned)[0]


def _lines(
    member: Member, seed: int | None, cases: int | None, ill_conditioned: bool
) -> tuple[list[str], Choice | None]:
    choice = None
    if ill_conditioned:
        # those the default file leaves out, from the same pool, the bug rounds' included
        picked = [
            {**item.case, "ill_conditioned": True, "condition": condition(item.case)}
            for item in chosen(member, seed, cases).apart
        ]
    else:
        choice = chosen(member, seed, cases)
        picked = [item.case for item in choice.kept]
    case_lines = [wire.dumps(item) for item in picked]
    return [wire.dumps(header(member, case_lines)), *case_lines], choice


# -- choosing the cases --------------------------------------------------------------------

#: The drawn cases kept for each declared edge and each declared divergence, the first
#: that reach it.
PER_EDGE = 3
#: The cases a member's file holds at most, besides those kept for an edge, a divergence or
#: a seeded bug: the rest of the pool, in order, up to this count.
FILL = 200
#: A value case whose bound exceeds this share of ``max(1, |X|)`` would let an error in the
#: sixth significant digit through: it is ill-conditioned.
SIXTH_DIGIT = 1e-6
#: The longest case line kept, in bytes: a longer one (a report of 10⁵ digits) is left
#: out, so that no file is one case.
LONGEST = 20_000
#: The bytes of case lines past which the fill stops (those kept for an edge, a divergence
#: or a seeded bug are kept whatever their size).
FILL_BYTES = 60_000


@dataclass(frozen=True)
class Pooled:
    """A case the export may keep, with the call it was made from; ``fixed`` for the
    example's and the boundary calls', which are always kept."""

    case: dict[str, Any]
    call: Call
    fixed: bool


@dataclass(frozen=True)
class Choice:
    """What :func:`choose` kept, and what it measured: the member's seeded bugs, those
    that miss at least one kept case, the value cases of the pool, and the ill-conditioned
    cases left out (``apart``, in the order of the pool: what ``vectors --ill-conditioned``
    writes, and what the strength page counts)."""

    kept: list[Pooled]
    bugs: tuple[str, ...]
    caught: tuple[str, ...]
    value_cases: int
    apart: list[Pooled]

    @property
    def ill_conditioned(self) -> int:
        """How many ill-conditioned cases were left out."""
        return len(self.apart)


def _magnitude(value: Any) -> float:
    return max(1.0, max(_leaves(value, floats_only=True), default=0.0))


def is_ill_conditioned(built: dict[str, Any]) -> bool:
    """Whether a value case's bound would let a sixth-digit error through: ``within`` above
    ``1e-6 max(1, |X|)``, ``|X|`` the largest float of the expected value."""
    expect = built["expect"]
    if "value" not in expect:
        return False
    return float(expect["within"]) > SIXTH_DIGIT * _magnitude(expect["value"])


def condition(built: dict[str, Any]) -> float | str:
    """How many times ``eps max(1, |X|)`` a value case's bound is: what its input may
    amplify a double's rounding by (three significant digits). Past the largest double
    (a bound near 1e295 on an answer of a few hundred) it is ``"Infinity"``, as the wire
    writes an infinity."""
    expect = built["expect"]
    ratio = float(f"{float(expect['within']) / (_EPS * _magnitude(expect['value'])):.3g}")
    return "Infinity" if math.isinf(ratio) else ratio


def _response(member: Member, implementation: Any, call: Call) -> dict[str, Any]:
    """What ``implementation`` answers ``call`` with, as a port's response."""
    import copy

    args, kwargs = copy.deepcopy((call.args, dict(call.kwargs)))
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            result = implementation(*args, **kwargs)
        except member.refusals as error:
            return {"error": wire.family(member, type(error))}
        except Exception as error:
            return {"errored": repr(error)}
        try:
            return {"value": wire.encode_result(member, result)}
        except Exception as error:
            return {"errored": repr(error)}


def clearly_misses(member: Member, implementation: Any, item: Pooled) -> bool:
    """Whether ``implementation`` fails ``item``'s case by more than the last bits of any
    machine could: a wrong refusal or value kind, or a number off by more than twice
    ``within`` (``within`` covers every machine's last bits of a faithful answer, so that
    the cases chosen are the same on every machine), or, where ``X`` is exact
    (``within`` 0), any other number."""
    expect = item.case["expect"]
    answered = _response(member, implementation, item.call)
    if "value" not in expect:
        return not meets(expect, answered)
    if "value" not in answered:
        return True
    within = float(expect["within"])
    # an exact X (within 0) is the same double on every machine: any other answer misses
    margin = 2 * within if within > 0 else 0.0
    return not _close(expect["value"], answered["value"], margin)


def _seeded_bugs(member: Member) -> list[Any]:
    """The member's seeded bugs that break the contract: not those that compute its
    formula in another rounding, which a faithful port may do (and which meet every case)."""
    return [
        mutant for mutant in MUTANTS if mutant.member == member.name and not mutant.same_formula
    ]


def choose(member: Member, pooled: list[Pooled], bugs: list[Any] | None = None) -> Choice:
    """The cases a member's file keeps, from its pool, the same on every machine:

    * the example's and the boundary calls' (every refusal category, the int64 limits);
    * for each declared edge and each declared divergence, the first :data:`PER_EDGE`
      cases that reach it;
    * for each seeded bug of the member that no case kept so far catches, the first case
      of the pool it clearly misses (:func:`clearly_misses`);
    * the rest of the pool in order, up to :data:`FILL` cases or :data:`FILL_BYTES`.

    Ill-conditioned value cases (:func:`is_ill_conditioned`) are never kept: they go to
    their own files (``vectors --ill-conditioned``). ``bugs`` replaces the member's
    seeded bugs (each with a ``name`` and an ``implementation``).
    """
    usable = [item for item in pooled if not is_ill_conditioned(item.case)]
    apart = [item for item in pooled if is_ill_conditioned(item.case)]
    keep: set[int] = {index for index, item in enumerate(usable) if item.fixed}
    for field, names in (
        ("edges", [edge.name for edge in member.edges]),
        ("divergences", sorted({divergence.name for divergence in member.divergences})),
    ):
        for name in names:
            hits = [i for i, item in enumerate(usable) if name in item.case[field]]
            keep.update(hits[:PER_EDGE])
    bugs = _seeded_bugs(member) if bugs is None else bugs
    caught: list[str] = []
    for bug in bugs:
        if any(clearly_misses(member, bug.implementation, usable[i]) for i in sorted(keep)):
            caught.append(bug.name)
            continue
        for index, item in enumerate(usable):
            if index not in keep and clearly_misses(member, bug.implementation, item):
                keep.add(index)
                caught.append(bug.name)
                break
    size = sum(len(wire.dumps(usable[i].case)) + 1 for i in keep)
    for index, item in enumerate(usable):
        if len(keep) >= FILL or size >= FILL_BYTES:
            break
        if index not in keep:
            keep.add(index)
            size += len(wire.dumps(item.case)) + 1
    values = sum(1 for item in pooled if "value" in item.case["expect"])
    return Choice(
        kept=[usable[i] for i in sorted(keep)],
        bugs=tuple(bug.name for bug in bugs),
        caught=tuple(caught),
        value_cases=values,
        apart=apart,
    )


def boundary_calls(member: Member) -> list[Call]:
    """The calls a port's argument checks are tested on, built on the member's example:
    each bad-input cell of :mod:`equivalence.malformed` (one argument spoiled by one
    category: NaN, a fractional label, one weight too many, ...), a label at each end of
    int64 and one just past it, and ``output_weights=[]`` where the member takes output
    weights."""
    if member.example is None:
        return []
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")  # a category's float32 of a huge value overflows
        found = [cell.call for cell in cells(member)]
    base = base_call(member)
    names = parameters(member)
    bound = bound_arguments(member, base)
    for name, value in bound.items():
        if role_of(member, name) != "labels" or not isinstance(value, list) or not value:
            continue
        for label in (2**63 - 1, -(2**63), 2**63):
            found.append(with_argument(member, base, name, [label, *value[1:]]))
    if "output_weights" in names:
        found.append(with_argument(member, base, "output_weights", []))
    return found


def large_calls(member: Member) -> list[tuple[Call, int]]:
    """The calls a port's counts are tested on past 32 bits: the member's example, and
    the same call without its ``sample_weight`` where it has one (integer counts), each
    with the number of times its samples are to be repeated so that they number at least
    :data:`equivalence.large.SAMPLES` (70,000: a count past 65,536, a product of two
    counts past 2³²). None for the members of :data:`equivalence.large.SMALL_ONLY`, whose
    samples are pairs of points or a curve's."""
    if member.example is None or member.name in SMALL_ONLY:
        return []
    calls = [member.example]
    if member.example.kwargs.get("sample_weight") is not None:
        calls.append(unweighted(member.example))
    return [(call, times) for call in calls if (times := copies(member, call))]


def _missing_edges(member: Member, found: list[Pooled]) -> list[str]:
    reached = {name for item in found for name in item.case["edges"]}
    return [edge.name for edge in member.edges if edge.name not in reached]


def export(
    member: Member,
    output: Path,
    seed: int | None = None,
    cases: int | None = None,
    ill_conditioned: bool = False,
) -> tuple[Path, int, Strength | None]:
    """Writes ``output/<member>.jsonl`` (with ``ill_conditioned``, the member's
    ill-conditioned cases alone, and no file where it has none); returns its path, its
    number of cases and, for the default file, what :func:`strength` measures of it."""
    output.mkdir(parents=True, exist_ok=True)
    path = output / f"{member.name}.jsonl"
    text, choice = _lines(member, seed, cases, ill_conditioned)
    if len(text) == 1:  # no ill-conditioned case: no file (a header counts one at least)
        return path, 0, None
    written = "\n".join(text) + "\n"
    path.write_text(written, encoding="utf-8")
    measured = None if choice is None else strength(member, choice, len(written.encode()))
    return path, len(text) - 1, measured


# -- what an older scikit-learn answers ---------------------------------------------------


def targeting(member: Member, kept: list[Pooled], version: str) -> tuple[list[dict[str, Any]], int]:
    """``kept``'s cases as the installed scikit-learn (``version``) answers them, for a port
    that mirrors that version; and how many cases were left out.

    A case on which scikit-learn agrees with lodestar (the same number within the member's
    ULP tolerance on that version, or a refusal on both sides) is unchanged, id included.
    Where scikit-learn refuses and lodestar answers, the case expects ``ArgumentError``.
    Where scikit-learn answers otherwise, the case expects its number or numbers, rounded to
    12 digits and bounded as lodestar's own structured answers are (:func:`reference`); a
    structured answer (a curve, a report) scikit-learn gives otherwise is left out.
    """
    ulps = member.tolerance.ulps_for(version)
    cases: list[dict[str, Any]] = []
    left_out = 0
    for item in kept:
        answers = ask_both(member, view_of(member, item.call))
        mine, theirs = answers.mine, answers.theirs
        expect: dict[str, Any] | None
        if isinstance(theirs, Refusal):
            same = isinstance(mine, Refusal)
            expect = item.case["expect"] if same else {"error": "ArgumentError"}
        elif isinstance(mine, Value) and distance(mine.value, theirs.value) <= ulps:
            expect = item.case["expect"]
        else:
            digits = LARGE_DIGITS if "repeat" in item.case else DIGITS
            expect = _their_value(member, item.call, theirs.value, digits)
        if expect is None:
            left_out += 1
            continue
        cases.append({**item.case, "expect": expect})
    return cases, left_out


def _their_value(
    member: Member, call: Call, answer: Any, digits: int = DIGITS
) -> dict[str, Any] | None:
    """scikit-learn's answer as a case's ``expect``, where it is numbers, rounded to
    ``digits`` significant digits; else ``None``."""
    if member.name in wire.FIELDS or member.name in wire._STRUCTURED:
        return None
    try:
        numbers = np.asarray(answer, dtype=np.float64)
    except (TypeError, ValueError):
        return None
    value, within = _with_bound(member, call, _rounded(wire.encode(numbers), digits), digits)
    return {"value": value, "within": within}


def export_for(
    member: Member, output: Path, version: str, seed: int | None = None, cases: int | None = None
) -> tuple[Path, int, int]:
    """Writes ``output/<member>.jsonl`` as the installed scikit-learn (``version``) answers
    its cases (:func:`targeting`), the header naming the version; returns its path, its
    number of cases and how many were left out."""
    output.mkdir(parents=True, exist_ok=True)
    retargeted, left_out = targeting(member, chosen(member, seed, cases).kept, version)
    case_lines = [wire.dumps(item) for item in retargeted]
    head = {**header(member, case_lines), "sklearn": ".".join(version.split(".")[:2])}
    path = output / f"{member.name}.jsonl"
    path.write_text("\n".join([wire.dumps(head), *case_lines]) + "\n", encoding="utf-8")
    return path, len(case_lines), left_out


# -- what the files are worth ----------------------------------------------------------------


@dataclass(frozen=True)
class Strength:
    """One member's file as the strength page shows it: its cases and bytes, its seeded
    bugs and those that miss at least one of its cases, and the value cases of its pool
    and those left out as ill-conditioned."""

    member: str
    family: str
    cases: int
    size: int
    bugs: tuple[str, ...]
    caught: tuple[str, ...]
    value_cases: int
    ill_conditioned: int


def strength(member: Member, choice: Choice, size: int) -> Strength:
    """What ``choice`` is worth (the family is the folder of the member's page)."""
    return Strength(
        member=member.name,
        family=member.page.split("/")[2] if member.page.count("/") >= 3 else "",
        cases=len(choice.kept),
        size=size,
        bugs=choice.bugs,
        caught=choice.caught,
        value_cases=choice.value_cases,
        ill_conditioned=choice.ill_conditioned,
    )


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "none"


def strength_page(rows: list[Strength]) -> str:
    """The Markdown of ``docs/vectors-strength.md``: by family, then by member."""
    out = [
        "# What the vectors catch",
        "",
        "Generated by `python -m equivalence vectors --output DIR --page "
        "docs/vectors-strength.md`, which exports every member; do not edit by hand. "
        "See [Checking a port](porting.md#vectors) for how the cases are chosen.",
        "",
        "*Seeded bugs caught* counts the member's seeded bugs (the one-step porting bugs "
        "the harness is tested against) whose answer misses at least one case of the file, "
        "by more than twice its bound. Bugs that compute the contract's formula in another "
        "rounding (a faithful port may) are not counted: they meet every case, as they "
        "should. *Ill-conditioned* counts the value cases drawn whose "
        "bound would let an error in the sixth significant digit through; they are left out "
        "of the files (`vectors --ill-conditioned` writes them apart).",
        "",
        "## By family",
        "",
        "| Family | Members | Cases | Size | Seeded bugs caught | Ill-conditioned |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    families: dict[str, list[Strength]] = {}
    for row in rows:
        families.setdefault(row.family, []).append(row)
    every = [*families.items(), ("all", rows)]
    for family, held in every:
        bugs = sum(len(r.bugs) for r in held)
        caught = sum(len(r.caught) for r in held)
        values = sum(r.value_cases for r in held)
        flagged = sum(r.ill_conditioned for r in held)
        name = f"**{family}**" if family == "all" else family
        out.append(
            f"| {name} | {len(held)} | {sum(r.cases for r in held):,} "
            f"| {sum(r.size for r in held) / 1e6:.2f} MB | {caught} of {bugs} "
            f"({_share(caught, bugs)}) | {flagged} of {values} ({_share(flagged, values)}) |"
        )
    out += [
        "",
        "## By member",
        "",
        "| Member | Cases | Size | Seeded bugs caught | Not caught | Ill-conditioned |",
        "| --- | ---: | ---: | ---: | --- | ---: |",
    ]
    for row in rows:
        missed = ", ".join(f"`{name}`" for name in row.bugs if name not in row.caught)
        out.append(
            f"| `{row.member}` | {row.cases} | {row.size / 1e3:.0f} kB "
            f"| {len(row.caught)} of {len(row.bugs)} | {missed or '-'} "
            f"| {row.ill_conditioned} of {row.value_cases} |"
        )
    return "\n".join(out) + "\n"


# -- replaying ---------------------------------------------------------------------------


def _close(expected: Any, answered: Any, within: float) -> bool:
    if isinstance(expected, str) and expected in wire.NON_FINITE:
        expected = wire.NON_FINITE[expected]
    if isinstance(answered, str) and answered in wire.NON_FINITE:
        answered = wire.NON_FINITE[answered]
    if isinstance(expected, bool) or expected is None or isinstance(expected, str):
        return type(expected) is type(answered) and expected == answered
    if isinstance(expected, (int, float)):
        if isinstance(answered, bool) or not isinstance(answered, (int, float)):
            return False
        first, second = float(expected), float(answered)
        if math.isnan(first) or math.isnan(second):
            return math.isnan(first) and math.isnan(second)
        if math.isinf(first) or math.isinf(second):
            return first == second
        return abs(first - second) <= within
    if isinstance(expected, list):
        return (
            isinstance(answered, list)
            and len(answered) == len(expected)
            and all(_close(a, b, within) for a, b in zip(expected, answered, strict=True))
        )
    if isinstance(expected, dict):
        return (
            isinstance(answered, dict)
            and answered.keys() == expected.keys()
            and all(_close(expected[key], answered[key], within) for key in expected)
        )
    return False


def meets(expect: dict[str, Any], response: dict[str, Any]) -> bool:
    """Whether a port's response (``{"value": ...}`` or ``{"error": ...}``) meets a case's
    ``expect``."""
    if "error" in expect:
        name = response.get("error")
        if name not in wire.ERRORS:
            return False
        return issubclass(wire.ERRORS[name], wire.ERRORS[expect["error"]])
    if "value" not in response:
        return False
    return _close(expect["value"], response["value"], float(expect["within"]))


def read(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A vectors file: its header and its cases."""
    header_line, *case_lines = path.read_text(encoding="utf-8").splitlines()
    return json.loads(header_line), [json.loads(line) for line in case_lines]
