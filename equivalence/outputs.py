"""The regression members: how their target blocks are drawn, read and asked about.

A regression call holds ``y_true`` and ``y_pred`` (flat and row-major with
``output_count``, or 2-D), per-sample weights and, for a ``score``, per-output weights.
:func:`draft` draws one (:class:`Draft`), :func:`finish` writes the
:class:`~equivalence.model.Call`, and :func:`calls` does both for a scenario; a member
whose metric has a domain passes ``adjust`` to move the drawn values into it (or out).

The values lean toward what breaks ports: a coarse grid (ties, exact residuals, zeros),
any float, wide values, and ill-conditioned targets, a large offset with a small
spread. Weights come in every kind :mod:`equivalence.roles` draws, sums of exactly zero
included; output weights positive, signed, summing to zero, or given for one output.

:func:`member` builds a declaration from these parts: its oracle reshapes a flat block
into ``output_count`` columns and passes ``multioutput``; the edges and divergences
every regression member shares are attached by what the member takes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
from hypothesis import strategies as st

from equivalence import roles as r
from equivalence import shared
from equivalence.model import Call, Divergence, Edge, Member, Tolerance
from equivalence.view import View, as_floats, parameters_of

__all__ = [
    "FLAVOURS",
    "ROLES",
    "SCENARIOS",
    "Draft",
    "asked",
    "calls",
    "draft",
    "edges",
    "finish",
    "member",
    "outputs_of",
    "shape_of",
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
SCENARIOS = (
    *("valid", "several_outputs", "ill_conditioned", "zero_sum_weight", "bad_weight"),
    *("empty", "non_finite_target", "bad_shape"),
)


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

    @property
    def samples(self) -> int:
        return int(self.truth.shape[0])

    @property
    def outputs(self) -> int:
        return int(self.truth.shape[1])


def _values(draw: r.Draw, size: int, flavour: str) -> Array:
    """``size`` values of ``flavour``."""
    if flavour == "grid":
        signed = (*r.GRID, -0.5, -1.0, 2.0, 0.0)
        return np.asarray(draw(r.table(size, signed)), dtype=np.float64)
    if flavour == "whole":
        return np.asarray(draw(r.table(size, tuple(range(-4, 9)))), dtype=np.float64)
    unit = np.asarray(draw(r.unit_floats(size)), dtype=np.float64)
    if flavour == "unit":
        return 2.0 * unit - 1.0
    if flavour == "wide":
        return (2.0 * unit - 1.0) * 1e6
    offset = r.pick(draw, OFFSETS)  # ill-conditioned: the offset and a small spread
    return offset + np.asarray(draw(r.table(size, (0.0, 1.0, 2.0, -1.0, 0.5))), dtype=np.float64)


def draft(draw: r.Draw, scenario: str, *, outputs: int | None = None) -> Draft:
    """The blocks of a call: 1 to 6 samples (none for ``empty``), 1 to 3 outputs (2 to 4
    for ``several_outputs``), values of one flavour, a prediction near the truth or
    drawn apart from it, flat or 2-D."""
    samples, count, apart, two_d = r.integers(draw, (1, 6), (1, 3), (0, 2), (0, 1))
    if scenario == "several_outputs":
        count += 1
    count = outputs or count
    samples = 0 if scenario == "empty" else samples
    flavour = "ill_conditioned" if scenario == "ill_conditioned" else r.pick(draw, FLAVOURS)
    truth = _values(draw, samples * count, flavour).reshape(samples, count)
    if apart == 0 and flavour != "ill_conditioned":
        predicted = _values(draw, samples * count, flavour).reshape(samples, count)
    else:
        nudge = np.asarray(draw(r.table(samples * count, NUDGES)), dtype=np.float64)
        predicted = truth + nudge.reshape(samples, count)
    return Draft(scenario, flavour, truth, predicted, bool(two_d))


def _output_weights(draw: r.Draw, outputs: int, given: bool) -> list[float] | None:
    """Output weights: none (unless ``given``), positive, signed, or summing to zero."""
    kind = r.pick(draw, ("positive", "signed", "zero_sum", "none")[: 3 if given else 4])
    if kind == "none":
        return None
    if kind == "zero_sum" and outputs >= 2:
        return draw(r.zero_sum_weights(outputs))  # type: ignore[no-any-return]
    values: list[float] = draw(r.weights(outputs, "signed" if kind == "signed" else "positive"))
    return values


def finish(draw: r.Draw, d: Draft, *, weighted: bool = True, output_weights: bool = False) -> Call:
    """The call of a draft, with weights of the kind its scenario names."""
    kwargs = dict(d.kwargs)
    if weighted and "sample_weight" not in kwargs:
        kinds = {"zero_sum_weight": ("zero_sum",), "bad_weight": BAD_WEIGHTS}
        kwargs["sample_weight"] = draw(r.weights(max(d.samples, 1), *kinds.get(d.scenario, ())))
        if kwargs["sample_weight"] is None:
            del kwargs["sample_weight"]
    if output_weights and "output_weights" not in kwargs:
        chosen = _output_weights(draw, d.outputs, d.scenario == "output_weights")
        if chosen is not None:
            kwargs["output_weights"] = chosen
    truth, predicted = d.truth, d.predicted
    if d.scenario == "non_finite_target":
        side = truth if draw(st.booleans()) else predicted
        side.flat[r.index(draw, side.size)] = r.pick(draw, r.NON_FINITE)
    count = d.outputs
    if d.scenario == "bad_shape":
        count = r.pick(draw, (0, -1, count + 1, count))
        predicted = predicted[:-1] if count == d.outputs else predicted
    blocks = [b.tolist() if d.two_d else b.ravel().tolist() for b in (truth, predicted)]
    kwargs = r.with_defaults(draw, kwargs, ("sample_weight", "output_weights"))
    if count != 1 or draw(st.booleans()):
        kwargs = {"output_count": count, **kwargs}
    return Call(tuple(blocks), kwargs)


def calls(
    scenario: str,
    *,
    weighted: bool = True,
    output_weights: bool = False,
    adjust: Callable[[r.Draw, Draft], Draft] | None = None,
) -> st.SearchStrategy[Call]:
    """The calls of ``scenario``; ``adjust`` changes each draft before it is written."""

    @st.composite
    def build(draw: r.Draw) -> Call:
        d = draft(draw, scenario)
        if adjust is not None:
            d = adjust(draw, d)
        return finish(draw, d, weighted=weighted, output_weights=output_weights)

    return build()


# -- reading a call ---------------------------------------------------------------------


def outputs_of(v: View) -> int | None:
    """``output_count`` when it is an integer of at least one, else ``None``."""
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


def shape_of(v: View) -> tuple[int, int] | None:
    """``(samples, outputs)`` of a well-shaped call, else ``None``."""
    count = outputs_of(v)
    blocks = [as_floats(v[name]) for name in ("y_true", "y_pred")]
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
    truth = as_floats(v["y_true"])
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
            lambda v: any(
                b is not None and not np.isfinite(b).all()
                for b in (as_floats(v["y_true"]), as_floats(v["y_pred"]))
            ),
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
    blocks = [as_floats(v[name]) for name in ("y_true", "y_pred")]
    return all(b is not None for b in blocks) and v.derived(shape_of) is None


def edges(*names: str) -> tuple[Edge, ...]:
    """The regression edges called ``names``, or a shared one of that name."""
    return tuple(EDGES[n] if n in EDGES else shared.EDGES[n] for n in names)


# -- the declaration --------------------------------------------------------------------


def _oracle(function: str, multioutput: str | None) -> Callable[[View], Any]:
    """Asks ``sklearn.metrics.<function>`` the call's question: the blocks as rows of
    ``output_count``, ``sample_weight`` (an empty one as none), and ``multioutput``: the
    output weights (empty ones as none), or the fixed ``multioutput`` given."""

    def oracle(v: View) -> Any:
        import sklearn.metrics

        count = v["output_count"]
        kwargs: dict[str, Any] = {}
        if "sample_weight" in v.names and v.unweighted is not None:
            kwargs["sample_weight"] = v.unweighted
        if multioutput is not None:
            kwargs["multioutput"] = multioutput
        elif (weights := v["output_weights"]) is not None and np.size(weights) > 0:
            kwargs["multioutput"] = weights
        truth, predicted = asked(v["y_true"], count), asked(v["y_pred"], count)
        return getattr(sklearn.metrics, function)(truth, predicted, **kwargs)

    return oracle


def _single_output_value(function: str) -> Callable[[View], float]:
    """What one output's weight makes of its value: ``value * w / w``, the weighted mean
    of one term, from scikit-learn's raw value."""
    raw = _oracle(function, "raw_values")

    def expected(v: View) -> float:
        value = float(np.asarray(raw(v))[0])
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
    adjust: Callable[[r.Draw, Draft], Draft] | None = None,
    tolerance: Tolerance = EXACT,
    example: Call | None = None,
) -> Member:
    """A regression member's declaration: ``name`` is ``Type.member``; ``function`` the
    ``sklearn.metrics`` function; ``multioutput`` the fixed value ``per_output`` passes
    (``"raw_values"``). ``extra`` draws the member's own ``scenarios``."""
    type_name, method = name.split(".")
    names, _ = parameters_of(implementation)
    weighted, with_outputs = "sample_weight" in names, "output_weights" in names
    chosen = [s for s in SCENARIOS if weighted or "weight" not in s]
    chosen += ["output_weights"] if with_outputs else []
    drawn = {
        s: calls(s, weighted=weighted, output_weights=with_outputs, adjust=adjust) for s in chosen
    }
    drawn |= {s: extra(s) for s in scenarios} if extra is not None else {}
    edge_names = ["empty", "two_d", "several_outputs", "non_finite_target", "bad_shape"]
    edge_names += ["ill_conditioned"]
    if weighted:
        edge_names += ["negative_weight", "zero_sum_weight", "non_finite_weight"]
        edge_names += ["all_zero_weight", "wrong_weight_length"]
    if with_outputs:
        edge_names += ["custom_output_weights", "single_output_weights"]
        edge_names += ["zero_sum_output_weights"]
    declared = list(divergences)
    if weighted:
        declared.append(shared.non_finite_weight(until="1.8", answered="NaN"))
    if with_outputs:
        declared.append(
            Divergence(
                "single_output_weights",
                "widening",
                "Output weights for a single output are accepted, and weight the one value "
                "(value·w/w); scikit-learn refuses them (custom weights are useful only in "
                "multi-output cases).",
                _single_output_weights,
                expected=_single_output_value(function),
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
        oracle=_oracle(function, multioutput),
        oracle_call=call + "; a flat block is first reshaped to output_count columns",
        since=since,
        scenarios=drawn,
        edges=(*edges(*edge_names), *more_edges),
        divergences=tuple(declared),
        tolerance=tolerance,
        roles=ROLES,
        example=example or _example(weighted, with_outputs),
    )


def _example(weighted: bool, with_outputs: bool) -> Call:
    kwargs: dict[str, Any] = {"output_count": 2}
    if weighted:
        kwargs["sample_weight"] = [1.0, 2.0, 0.5]
    if with_outputs:
        kwargs["output_weights"] = [1.0, 3.0]
    return Call(([0.5, 1.0, -1.0, 1.0, 7.0, -6.0], [0.0, 2.0, -1.0, 2.0, 8.0, -5.0]), kwargs)


def with_scenarios(declared: Member, **drawn: st.SearchStrategy[Call]) -> Member:
    """``declared`` with further scenarios."""
    return replace(declared, scenarios={**declared.scenarios, **drawn})
