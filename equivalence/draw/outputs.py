"""The regression members: how their target blocks are drawn, read and asked about.

A regression call holds ``y_true`` and ``y_pred`` (flat and row-major with
``output_count``, or 2-D), per-sample weights and, for a ``score``, per-output weights.
:func:`draft` draws one (:class:`Draft`), :func:`finish` writes the
:class:`~equivalence.model.Call`, and :func:`calls` does both for a scenario; a member
whose metric has a domain passes ``adjust`` to move the drawn values into it (or out).

The values lean toward what breaks ports: a coarse grid (ties, exact residuals, zeros),
any float, wide values, and ill-conditioned targets, a large offset with a small
spread. Weights come in every kind :mod:`equivalence.draw.primitives` draws, sums of exactly zero
included; output weights positive, signed, summing to zero, or given for one output.

:func:`member` builds a declaration from these parts: its oracle reshapes a flat block
into ``output_count`` columns and passes ``multioutput``; the edges and divergences
every regression member shares are attached by what the member takes.

Where this sits among the harness's parts: ``docs/harness.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
from hypothesis import strategies as st

from equivalence import shared
from equivalence.draw import primitives
from equivalence.model import Call, Divergence, Edge, Member, Tolerance, VersionRange
from equivalence.view import View, as_floats, parameters_of

__all__ = [
    "FLAVOURS",
    "ROLES",
    "SCENARIOS",
    "Draft",
    "asked",
    "blocks_of",
    "calls",
    "draft",
    "edges",
    "finish",
    "float32_targets",
    "member",
    "outputs_of",
    "shape_of",
    "zero_sum_output_weights_one_sample",
]

Array = np.ndarray[Any, Any]

#: The roles of a regression member's arguments: the targets are numbers, not labels.
ROLES = {
    "y_true": "numbers",
    "y_pred": "numbers",
    "output_count": "count",
    "output_weights": "weights",
}
#: How the values of a block are drawn, by name.
FLAVOURS = ("grid", "unit", "wide", "ill_conditioned", "whole")
#: Offsets of the ill-conditioned targets: the spread sits in their last bits.
OFFSETS = (1e8, -3e12, 2.0**52, 1e15)
#: What a prediction differs from the truth by on the grid (zero: an exact prediction).
NUDGES = (0.0, 0.25, -0.5, 1.0, -2.0, 0.125)
#: The weights of the ``bad_weight`` scenario.
BAD_WEIGHTS = ("non_finite", "all_zero", "wrong_length")
#: The scenarios every regression member runs (a ``score`` with output weights adds
#: ``output_weights``).
SCENARIOS = ("valid", "several_outputs", "bad_weight", "bad_targets")
#: What ``bad_targets`` spoils, one call at a time.
BAD_TARGETS = ("empty", "non_finite_target", "bad_shape")


@dataclass
class Draft:
    """A call being drawn: the blocks as ``(samples, outputs)``, the form they are passed
    in, and the keyword arguments (``sample_weight``, ``output_weights``)."""

    scenario: str
    flavour: str
    truth: Array
    predicted: Array
    two_d: bool
    kwargs: dict[str, Any] = field(default_factory=dict)
    #: The call's switches, which :func:`finish` reads too.
    raw: bytes = bytes(12)
    #: The sample weights and output weights drawn with the blocks (``None``: none).
    weights: tuple[list[float] | None, list[float] | None] = (None, None)

    @property
    def samples(self) -> int:
        return int(self.truth.shape[0])

    @property
    def outputs(self) -> int:
        return int(self.truth.shape[1])


#: The values each flavour draws from.
GRID = (*primitives.GRID, -0.5, -1.0, 2.0, 0.0)
WHOLE = tuple(float(v) for v in range(-4, 9))
SPREAD = (0.0, 1.0, 2.0, -1.0, 0.5)
#: The most samples and outputs a call holds.
MOST_SAMPLES, MOST_OUTPUTS = 6, 4
#: A call reads no more bytes than it uses: its switches, then its values (one byte
#: each on a table, four for any float), then its weights.
_SWITCHES = 12
_TABLES = {"grid": GRID, "whole": WHOLE, "ill_conditioned": SPREAD, "nudge": NUDGES}
#: The tables as arrays, built once.
_ARRAYS = {name: np.asarray(values, dtype=np.float64) for name, values in _TABLES.items()}


def _values(raw: bytes, size: int, flavour: str, offset: float) -> Array:
    """``size`` values of ``flavour`` read out of ``raw`` (:func:`_width` bytes each)."""
    table = _ARRAYS.get(flavour)
    if table is not None:
        codes = np.frombuffer(raw, dtype=np.uint8, count=size)
        return offset + table[codes % len(table)]
    # Four bytes a value, spread over all 64 bits by an odd multiplier (a bijection), so
    # that every bit of the mantissa varies: half the bytes of a full draw.
    codes = np.frombuffer(raw, dtype="<u4", count=size).astype(np.uint64)
    spread = (codes * np.uint64(0x9E3779B97F4A7C15)) ^ (codes << np.uint64(40))
    signs = np.where(codes & np.uint64(1), -1.0, 1.0)
    unit = signs * primitives.fractions(spread.astype("<u8").tobytes())
    return unit if flavour == "unit" else unit * 1e6


def _width(flavour: str) -> int:
    return 1 if flavour in _TABLES else 4


def _weight_kind(scenario: str, samples: int, switch: int) -> str:
    """The kind of sample weights: any valid one, or in ``bad_weight`` one refused."""
    bad = ("zero_sum", *primitives.BAD_WEIGHTS) if samples >= 2 else primitives.BAD_WEIGHTS
    kinds = (
        bad if scenario == "bad_weight" else primitives.VALID_WEIGHTS[: 6 if samples >= 2 else 5]
    )
    return kinds[switch % len(kinds)]


def _output_kind(scenario: str, outputs: int, switch: int) -> str:
    """The kind of output weights: positive, signed, summing to zero, or (outside the
    ``output_weights`` scenario) none."""
    kind = ("positive", "signed", "zero_sum", "none")[
        switch % (3 if scenario == "output_weights" else 4)
    ]
    if kind == "none" or (kind == "zero_sum" and outputs < 2):
        kind = "positive" if scenario == "output_weights" else "none"
    return kind


def draft(
    draw: primitives.Draw,
    scenario: str,
    *,
    outputs: int | None = None,
    weighted: bool = True,
    output_weights: bool = False,
) -> Draft:
    """The blocks of a call: 1 to 6 samples (none for ``empty``), 1 to 3 outputs (2 to 4
    for ``several_outputs``), values of one flavour, a prediction near the truth or
    drawn apart from it, flat or 2-D; and, for :func:`finish`, the bytes of its weights.
    Two reads: the switches, then everything they ask for."""
    raw = primitives.raw_bytes(draw, _SWITCHES)
    samples, count, apart, two_d, flavour_index, offset_index = raw[:6]
    samples, count = 1 + samples % MOST_SAMPLES, 1 + count % (MOST_OUTPUTS - 1)
    if scenario == "several_outputs":
        count += 1
    count = outputs or count
    if scenario == "bad_targets":
        scenario = BAD_TARGETS[raw[11] % len(BAD_TARGETS)]
    samples = 0 if scenario == "empty" else samples
    flavour = FLAVOURS[flavour_index % len(FLAVOURS)]
    size, offset = samples * count, OFFSETS[offset_index % len(OFFSETS)]
    shift = offset if flavour == "ill_conditioned" else 0.0
    apart = apart % 3 == 0 and flavour != "ill_conditioned"
    kinds = (
        _weight_kind(scenario, samples, raw[6]) if weighted else "none",
        _output_kind(scenario, count, raw[7]) if output_weights else "none",
    )
    lengths = (
        _width(flavour) * size,
        _width(flavour if apart else "nudge") * size,
        primitives.weight_bytes(max(samples, 1), kinds[0]),
        primitives.weight_bytes(count, kinds[1]),
    )
    body = primitives.raw_bytes(draw, sum(lengths))
    parts, at = [], 0
    for length in lengths:
        parts.append(body[at : at + length])
        at += length
    truth = _values(parts[0], size, flavour, shift).reshape(samples, count)
    if apart:
        predicted = _values(parts[1], size, flavour, 0.0).reshape(samples, count)
    else:
        predicted = truth + _values(parts[1], size, "nudge", 0.0).reshape(samples, count)
    d = Draft(scenario, flavour, truth, predicted, bool(two_d % 2), raw=raw)
    d.weights = (
        primitives.read_weights(parts[2], max(samples, 1), kinds[0]),
        primitives.read_weights(parts[3], count, kinds[1]),
    )
    return d


def finish(
    draw: primitives.Draw,
    d: Draft,
    *,
    weighted: bool = True,
    output_weights: bool = False,
    counted: bool = True,
) -> Call:
    """The call of a draft, with weights of the kind its scenario names; without
    ``counted`` (a member with no ``output_count``) a flat block is just values."""
    kwargs = dict(d.kwargs)
    spoil, where, form = d.raw[8:11]
    weight, chosen = d.weights
    if weighted and "sample_weight" not in kwargs and weight is not None:
        kwargs["sample_weight"] = weight
    if output_weights and "output_weights" not in kwargs and chosen is not None:
        kwargs["output_weights"] = chosen
    truth, predicted = d.truth, d.predicted
    if d.scenario == "non_finite_target" and truth.size:
        side = truth if spoil % 2 else predicted
        side.flat[where % side.size] = primitives.NON_FINITE[spoil % 3]
    count = d.outputs
    if d.scenario == "bad_shape":  # output weights follow the count, so as not to hide it
        count = (0, -1, count + 1, count)[spoil % 4]
        predicted = predicted[:-1] if count == d.outputs else predicted
        if "output_weights" in kwargs and count > 0:
            kwargs["output_weights"] = [*kwargs["output_weights"], 1.0][:count]
    blocks = [b.tolist() if d.two_d else b.ravel().tolist() for b in (truth, predicted)]
    if counted and (count != 1 or form % 2):
        kwargs = {"output_count": count, **kwargs}
    return Call(tuple(blocks), kwargs)


def calls(
    scenario: str,
    *,
    weighted: bool = True,
    output_weights: bool = False,
    counted: bool = True,
    adjust: Callable[[primitives.Draw, Draft], Draft] | None = None,
) -> st.SearchStrategy[Call]:
    """The calls of ``scenario``; ``adjust`` changes each draft before it is written.
    A call is read out of one :class:`~equivalence.draw.primitives.Reader`: its switches, values
    and weights (and whatever ``adjust`` reads) in one Hypothesis draw, seldom two."""
    return _build(scenario, weighted, output_weights, counted, adjust)


@primitives.composite
def _build(
    draw: primitives.Draw,
    scenario: str,
    weighted: bool,
    output_weights: bool,
    counted: bool,
    adjust: Callable[[primitives.Draw, Draft], Draft] | None,
) -> Call:
    d = draft(draw, scenario, weighted=weighted, output_weights=output_weights)
    if adjust is not None:
        d = adjust(draw, d)
    return finish(draw, d, weighted=weighted, output_weights=output_weights, counted=counted)


# -- reading a call ---------------------------------------------------------------------


def outputs_of(v: View) -> int | None:
    """``output_count`` when it is an integer of at least one, else ``None``."""
    if "output_count" not in v.names:
        return 1
    count = v["output_count"]
    ok = isinstance(count, (int, np.integer)) and not isinstance(count, (bool, np.bool_))
    return int(count) if ok and count >= 1 else None


def asked(value: Any, outputs: Any) -> Any:
    """A block as scikit-learn is asked about it: a flat one as rows of ``outputs``
    columns; a 2-D one as it is, when it has that many (else the question cannot be put,
    and scikit-learn is taken to refuse)."""
    block = np.asarray(value)
    if block.ndim == 2 and block.shape[1] != outputs:
        raise ValueError(f"a block of {block.shape[1]} columns for {outputs} outputs")
    if block.ndim == 1 and (not isinstance(outputs, (int, np.integer)) or outputs < 1):
        raise ValueError(f"no block has {outputs!r} columns")
    return block.reshape(-1, outputs) if block.ndim == 1 else block


def blocks_of(v: View) -> tuple[Array | None, Array | None]:
    """``y_true`` and ``y_pred`` as ``float64`` arrays as given, ``None`` where not numeric."""
    return as_floats(v["y_true"]), as_floats(v["y_pred"])


def shape_of(v: View) -> tuple[int, int] | None:
    """``(samples, outputs)`` of a well-shaped call, else ``None``."""
    count = outputs_of(v)
    blocks = v.derived(blocks_of)
    if count is None or any(b is None or b.ndim not in (1, 2) for b in blocks):
        return None
    try:
        shapes = {asked(b, count).shape for b in blocks if b is not None}
    except ValueError:
        return None
    if len(shapes) != 1:
        return None
    (shape,) = shapes
    return int(shape[0]), int(shape[1])


def _given_output_weights(v: View) -> Array | None:
    weights = as_floats(v["output_weights"])
    return None if weights is None or weights.size == 0 else weights


def _single_output_weights(v: View) -> bool:
    shape, weights = v.derived(shape_of), v.derived(_given_output_weights)
    return shape is not None and shape[1] == 1 and weights is not None and weights.size == 1


def _ill_conditioned(v: View) -> bool:
    truth = v.derived(blocks_of)[0]
    if truth is None or truth.size < 2 or not np.isfinite(truth).all():
        return False
    return bool(np.abs(truth).min() >= 1e8 and np.ptp(truth) <= 8.0)


#: The edges every regression member reaches, by name.
EDGES: dict[str, Edge] = {
    e.name: e
    for e in (
        Edge("empty", "no sample", lambda v: v.derived(shape_of) in ((0, 1), (0, 2), (0, 3))),
        Edge("two_d", "the blocks given as 2-D arrays", lambda v: v.two_d),
        Edge(
            "several_outputs",
            "more than one output",
            lambda v: (v.derived(shape_of) or (0, 0))[1] > 1,
        ),
        Edge(
            "non_finite_target",
            "NaN or infinity in y_true or y_pred",
            lambda v: any(b is not None and not np.isfinite(b).all() for b in v.derived(blocks_of)),
        ),
        Edge("bad_shape", "blocks that are not rows of output_count", lambda v: _bad_shape(v)),
        Edge("ill_conditioned", "a large offset with a small spread", _ill_conditioned),
        Edge(
            "wrong_weight_length",
            "a weight vector of the wrong length",
            lambda v: v.weight is not None and v.weight.size != _samples(v),
        ),
        Edge(
            "custom_output_weights",
            "output weights for several outputs",
            lambda v: (
                v.derived(_given_output_weights) is not None and not _single_output_weights(v)
            ),
        ),
        Edge("single_output_weights", "output weights for one output", _single_output_weights),
        Edge(
            "zero_sum_output_weights",
            "output weights summing to zero",
            lambda v: _zero_sum(v.derived(_given_output_weights)),
        ),
    )
}


def _samples(v: View) -> int:
    shape = v.derived(shape_of)
    return -1 if shape is None else shape[0]


def _zero_sum(weights: Array | None) -> bool:
    return weights is not None and weights.size > 1 and float(weights.sum()) == 0.0


def _bad_shape(v: View) -> bool:
    blocks = v.derived(blocks_of)
    return all(b is not None for b in blocks) and v.derived(shape_of) is None


def edges(*names: str) -> tuple[Edge, ...]:
    """The regression edges called ``names``, or a shared one of that name."""
    return tuple(EDGES[n] if n in EDGES else shared.EDGES[n] for n in names)


# -- the declaration --------------------------------------------------------------------


def _float32(v: View) -> bool:
    return any(
        isinstance(v[name], np.ndarray) and v[name].dtype == np.float32
        for name in ("y_true", "y_pred")
    )


def _as_doubles(implementation: Callable[..., Any]) -> Callable[[View], Any]:
    """lodestar's answer to the same call with float32 blocks read as float64."""

    def expected(v: View) -> Any:
        args = [np.asarray(a, dtype=np.float64) if i < 2 else a for i, a in enumerate(v.args)]
        return implementation(*args, **v.kwargs)

    return expected


def zero_sum_output_weights_one_sample(
    summary: str, one_sample: Callable[[View], bool]
) -> Divergence:
    """Output weights summing to zero refused on a call ``one_sample`` says has a single
    sample, where scikit-learn answers NaN before it reads them."""
    return Divergence(
        "zero_sum_output_weights_one_sample",
        "narrowing",
        summary,
        lambda v: one_sample(v) and EDGES["zero_sum_output_weights"].holds(v),
    )


def float32_targets(implementation: Callable[..., Any], summary: str) -> Divergence:
    """float32 targets are read exactly as doubles (the C# spans hold doubles); scikit-learn
    before 1.6 kept a float32 block in float32 and computed in it."""
    return Divergence(
        "float32_targets",
        "value",
        summary,
        _float32,
        expected=_as_doubles(implementation),
        versions=VersionRange(until="1.6"),
    )


def _oracle(
    function: str, multioutput: str | None, passes: Sequence[str] = ()
) -> Callable[[View], Any]:
    """Asks ``sklearn.metrics.<function>`` the call's question: the blocks as rows of
    ``output_count``, ``sample_weight`` (an empty one as none), and ``multioutput``: the
    output weights (empty ones as none), or the fixed ``multioutput`` given; and the
    arguments named in ``passes`` as they are."""

    def oracle(v: View) -> Any:
        import sklearn.metrics

        count = v["output_count"] if "output_count" in v.names else 1
        kwargs: dict[str, Any] = {name: v[name] for name in passes}
        if "sample_weight" in v.names and v.unweighted is not None:
            kwargs["sample_weight"] = v.unweighted
        if multioutput is not None:
            kwargs["multioutput"] = multioutput
        elif (weights := v["output_weights"]) is not None and np.size(weights) > 0:
            kwargs["multioutput"] = weights
        truth, predicted = asked(v["y_true"], count), asked(v["y_pred"], count)
        return getattr(sklearn.metrics, function)(truth, predicted, **kwargs)

    return oracle


def _single_output_value(
    function: str,
    passes: Sequence[str] = (),
    oracle: Callable[[str, str | None], Callable[[View], Any]] | None = None,
) -> Callable[[View], float]:
    """What one output's weight makes of its value: ``value * w / w``, the weighted mean
    of one term, from scikit-learn's raw value (asked through ``oracle`` when a member
    asks its own way; a scalar answer read as the one value)."""
    raw = oracle(function, "raw_values") if oracle else _oracle(function, "raw_values", passes)

    def expected(v: View) -> float:
        value = float(np.ravel(raw(v))[0])
        weight = float(np.asarray(v["output_weights"], dtype=np.float64)[0])
        return value * weight / weight

    return expected


#: Lodestar takes scikit-learn's steps in its order: no ULP of difference.
EXACT = Tolerance(why="the same NumPy operations in the same order as scikit-learn")


def member(
    name: str,
    implementation: Callable[..., Any],
    function: str,
    *,
    since: str = "1.3",
    multioutput: str | None = None,
    scenarios: Sequence[str] = (),
    extra: Callable[[str], st.SearchStrategy[Call]] | None = None,
    more_edges: Sequence[Edge] = (),
    divergences: Sequence[Divergence] = (),
    adjust: Callable[[primitives.Draw, Draft], Draft] | None = None,
    tolerance: Tolerance = EXACT,
    example: Call | None = None,
    single_output_refused: bool = True,
    passes: Sequence[str] = (),
) -> Member:
    """A regression member's declaration: ``name`` is ``Type.member``; ``function`` the
    ``sklearn.metrics`` function; ``multioutput`` the fixed value ``per_output`` passes
    (``"raw_values"``). ``extra`` draws the member's own ``scenarios``. Without
    ``single_output_refused`` scikit-learn takes output weights for one output too
    (``root_mean_squared_error`` never checks them against the outputs). ``passes`` names
    further arguments the oracle hands to scikit-learn as they are (``alpha``)."""
    type_name, method = name.split(".")
    names, _ = parameters_of(implementation)
    weighted, with_outputs = "sample_weight" in names, "output_weights" in names
    counted = "output_count" in names
    chosen = [s for s in SCENARIOS if weighted or "weight" not in s]
    chosen += ["output_weights"] if with_outputs else []
    drawn = {
        s: calls(s, weighted=weighted, output_weights=with_outputs, counted=counted, adjust=adjust)
        for s in chosen
    }
    drawn |= {s: extra(s) for s in scenarios} if extra is not None else {}
    edge_names = ["empty", "two_d", "non_finite_target", "bad_shape", "ill_conditioned"]
    edge_names += ["several_outputs"] if counted else []
    if weighted:
        edge_names += ["negative_weight", "zero_sum_weight", "non_finite_weight"]
        edge_names += ["all_zero_weight", "wrong_weight_length"]
    if with_outputs:
        edge_names += ["custom_output_weights", "single_output_weights"]
        edge_names += ["zero_sum_output_weights"]
    declared = list(divergences)
    if weighted:
        declared.append(shared.non_finite_weight(until="1.7", answered="NaN"))
    if with_outputs and single_output_refused:
        declared.append(
            Divergence(
                "single_output_weights",
                "widening",
                "Output weights for a single output are accepted, and weight the one value "
                "(value·w/w); scikit-learn refuses them (custom weights are useful only in "
                "multi-output cases).",
                _single_output_weights,
                expected=_single_output_value(function, passes),
            )
        )
    csharp_method = "".join(part.title() for part in method.split("_"))
    call = f"{function}(y_true, y_pred{', sample_weight=sample_weight' if weighted else ''}"
    if multioutput is not None:
        call += f", multioutput={multioutput!r})"
    elif with_outputs:
        call += ", multioutput=output_weights)"
    else:
        call += ")"
    return Member(
        name=name,
        csharp=f"{type_name}.{csharp_method}",
        page=f"reference/metrics/regression/{type_name.lower()}-{csharp_method.lower()}.md",
        implementation=implementation,
        oracle=_oracle(function, multioutput, passes),
        oracle_call=call
        + ("; a flat block is first reshaped to output_count columns" if counted else ""),
        since=since,
        scenarios=drawn,
        edges=(*edges(*edge_names), *more_edges),
        divergences=tuple(declared),
        tolerance=tolerance,
        roles=ROLES,
        example=example or _example(counted, weighted, with_outputs),
    )


def _example(counted: bool, weighted: bool, with_outputs: bool) -> Call:
    """A valid call of three samples of two outputs (six values, without a count)."""
    kwargs: dict[str, Any] = {"output_count": 2} if counted else {}
    if weighted:
        kwargs["sample_weight"] = [1.0, 2.0, 0.5]
    if with_outputs:
        kwargs["output_weights"] = [1.0, 3.0]
    return Call(([0.5, 1.0, -1.0, 1.0, 7.0, -6.0], [0.0, 2.0, -1.0, 2.0, 8.0, -5.0]), kwargs)


def with_scenarios(declared: Member, **drawn: st.SearchStrategy[Call]) -> Member:
    """``declared`` with further scenarios."""
    return replace(declared, scenarios={**declared.scenarios, **drawn})
