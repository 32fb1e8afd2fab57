"""Exported test vectors: ``python -m equivalence vectors [MEMBER ...] --output DIR``.

For test suites in languages that cannot run Python. Each member gets
``DIR/<member>.jsonl`` (named as the equivalence table names it). Line 1 is the header::

    {"format": "lodestar-vectors/2", "suite": "2.0.0", "member": ..., "csharp": ...,
     "cases": N, "digest": SHA-256 of the N case lines}

and every other line one case, the arguments in the wire encoding of
:mod:`equivalence.wire`, its keys in the order :data:`CASE_KEYS` gives::

    {"id": ..., "arguments": {...}, "expect": {"value": X, "within": E},
     "edges": [...], "divergences": [...]}
    {"id": ..., "arguments": {...}, "expect": {"error": "ArgumentError"},
     "edges": [...], "divergences": [...]}

``id`` is derived from the member and the arguments (:func:`case_id`). ``DIR/index.json``
lists the files, their counts and digests; ``DIR/provenance.json`` the versions that made
them, which no byte of the files depends on.

A port meets a value case when every number it answers is within ``E`` (absolute) of the
number at the same place in ``X`` (NaN matches NaN, an infinity only itself, and strings,
booleans and ``null`` must be equal); it meets a refusal case when it refuses with an
error of that family (:func:`meets`).

The cases are the member's example call, the boundary calls (:func:`boundary_calls`: its
bad-input cells, labels at the int64 limits, empty output weights), then calls drawn from
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
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
from hypothesis import HealthCheck, Phase, given, seed, settings

from equivalence import wire
from equivalence.model import Call, Member
from equivalence.versions import sklearn_version
from equivalence.view import view_of

__all__ = [
    "CASE_KEYS",
    "DEFAULT_CASES",
    "DEFAULT_SEED",
    "FORMAT",
    "SUITE",
    "boundary_calls",
    "case_id",
    "digest",
    "draw_calls",
    "export",
    "header",
    "lines",
    "meets",
    "provenance",
    "reference",
    "write_index",
]

FORMAT = "lodestar-vectors/2"
#: The suite's version (semver): its major goes up whenever the rules for judging a case
#: change, its minor when cases are added or their bounds tightened.
SUITE = "2.0.0"
#: The keys of a case, in the order they are written (a reader need not rely on it).
CASE_KEYS = ("id", "arguments", "expect", "edges", "divergences")
DEFAULT_SEED = 0
#: Drawn cases a member, besides its example.
DEFAULT_CASES = 400
#: Rounds of drawing, each from the next seed, while a declared edge is missing.
ROUNDS = 10
#: Significant digits an expected number is written with (see :func:`reference`).
DIGITS = 12
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


def _rounded(value: Any) -> Any:
    if isinstance(value, float):
        return float(f"{value:.{DIGITS}g}") if math.isfinite(value) else value
    if isinstance(value, list):
        return [_rounded(item) for item in value]
    if isinstance(value, dict):
        return {key: _rounded(item) for key, item in value.items()}
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
    from equivalence.malformed import role_of

    found: list[float] = []
    for name, value in wire.arguments(member, call).items():
        if role_of(member, name) in ("numbers", "weights"):
            found += _leaves(value)
    return found


def _cancellation(member: Member, call: Call) -> float:
    """``sum(|w|) / |sum(w)|`` for the call's ``sample_weight`` (1 when unweighted): how
    much a sum of the weights can lose to cancellation."""
    weight = wire.arguments(member, call).get("sample_weight")
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
    member has no evaluator, its answer is a structure, or rounding alone decides it.
    """
    from equivalence.exact import evaluator

    evaluate = evaluator(member.name)
    if evaluate is None:
        return None
    try:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            expected = evaluate(*call.args, **call.kwargs)
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


def _one_exact(expected: Any) -> tuple[float, float] | None:
    from equivalence.arith import Approx, Exactly

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
    value = _rounded(wire.encode_result(member, result))
    if isinstance(value, str):
        return value, 0.0
    largest = max(_leaves(value, floats_only=True), default=0.0)
    inputs = _numeric_inputs(member, call)
    magnitude = max(1.0, largest, max(inputs, default=0.0))
    rounding = 0.5 * 10.0 ** (1 - DIGITS) * largest
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
    """One case of ``call``, or ``None`` when it cannot be one (JSON cannot carry it, or
    lodestar raises something that is not a documented refusal)."""
    call = view_of(member, call)
    if wire.unsendable(member, call) is not None:
        return None
    arguments = wire.request(member, call)["arguments"]
    _, error = _lodestar(member, call)
    expect: dict[str, Any]
    if error is not None:
        if not isinstance(error, member.refusals):
            return None
        expect = {"error": wire.family(member, type(error))}
    else:
        value, within = reference(member, call)
        expect = {"value": value, "within": within}
    return {
        "id": case_id(member, arguments),
        "arguments": arguments,
        "expect": expect,
        "edges": _holding(member.edges, call),
        "divergences": sorted(set(_holding(member.divergences, call))),
    }


def case_id(member: Member, arguments: dict[str, Any]) -> str:
    """A case's identity: the first 16 hex digits of the SHA-256 of its member and its
    arguments as written, so that the same call keeps its id across exports and a port's
    skip list survives them."""
    text = member.name + "\n" + wire.dumps(arguments)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


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
    these versions do not decide a case's expected answer."""
    import lodestar

    return {
        "format": FORMAT,
        "suite": SUITE,
        "lodestar": lodestar.__version__,
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


def lines(member: Member, seed: int | None = None, cases: int | None = None) -> list[str]:
    """The lines of ``member``'s file: the header, the example's case, the drawn cases.

    When a declared edge is missing from the cases drawn, more are drawn from the next
    seeds (``ROUNDS`` in all); an edge still missing then fails the export.
    """
    start = DEFAULT_SEED if seed is None else seed
    budget = DEFAULT_CASES if cases is None else cases
    found: list[dict[str, Any]] = []
    seen: set[str] = set()

    unsent: set[str] = set()

    def add(call: Call) -> None:
        call = view_of(member, call)
        if wire.unsendable(member, call) is not None:
            unsent.update(_holding(member.edges, call))
            return
        built = case(member, call)
        if built is None:
            return
        key = wire.dumps(built["arguments"])
        if key in seen:
            return
        seen.add(key)
        found.append(built)

    if member.example is not None:
        add(member.example)
    for call in boundary_calls(member):
        add(call)
    for round_ in range(ROUNDS):
        for call in draw_calls(member, budget, start + round_):
            add(call)
        missing = [name for name in _missing_edges(member, found) if name not in unsent]
        if not missing:
            break
    else:
        raise RuntimeError(
            f"{member.name}: no exported case reaches the declared edges {', '.join(missing)}"
        )
    case_lines = [wire.dumps(item) for item in found]
    return [wire.dumps(header(member, case_lines)), *case_lines]


def boundary_calls(member: Member) -> list[Call]:
    """The calls a port's argument checks are tested on, built on the member's example:
    each bad-input cell of :mod:`equivalence.malformed` (one argument spoiled by one
    category: NaN, a fractional label, one weight too many, ...), a label at each end of
    int64 and one just past it, and ``output_weights=[]`` where the member takes output
    weights."""
    from equivalence.malformed import base_call, cells, parameters, role_of, with_argument

    if member.example is None:
        return []
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")  # a category's float32 of a huge value overflows
        found = [cell.call for cell in cells(member)]
    base = base_call(member)
    names = parameters(member)
    bound = wire.arguments(member, base)
    for name, value in bound.items():
        if role_of(member, name) != "labels" or not isinstance(value, list) or not value:
            continue
        for label in (2**63 - 1, -(2**63), 2**63):
            found.append(with_argument(member, base, name, [label, *value[1:]]))
    if "output_weights" in names:
        found.append(with_argument(member, base, "output_weights", []))
    return found


def _missing_edges(member: Member, found: list[dict[str, Any]]) -> list[str]:
    reached = {name for item in found for name in item["edges"]}
    return [edge.name for edge in member.edges if edge.name not in reached]


def export(
    member: Member, output: Path, seed: int | None = None, cases: int | None = None
) -> tuple[Path, int]:
    """Writes ``output/<member>.jsonl``; returns its path and its number of cases."""
    output.mkdir(parents=True, exist_ok=True)
    path = output / f"{member.name}.jsonl"
    text = lines(member, seed, cases)
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    return path, len(text) - 1


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
