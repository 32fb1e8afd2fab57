"""Edges and divergences every family shares, declared once and attached by role.

A member with weights reaches ``negative_weight`` and ``zero_sum_weight``; one whose
scikit-learn counterpart answered NaN for a NaN weight carries ``non_finite_weight``
over the versions that did. Each declaration reads the call's
:class:`~equivalence.view.View`, so a member attaches it by name and version range and
restates nothing.

Where this sits among the harness's parts: ``docs/harness.md``.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from equivalence.model import Divergence, Edge, VersionRange
from equivalence.view import View

__all__ = [
    "EDGES",
    "all_zero_weight",
    "edges",
    "empty_input",
    "float32_weight_total",
    "malformed_pos_label",
    "non_finite_weight",
    "none_refused",
    "pos_label",
]


def pos_label(v: View) -> int | None:
    """``pos_label`` when it is an integer label (a float holding one included), else
    ``None``: a boolean, a fraction, NaN, infinity, a string or ``None``."""
    value = v["pos_label"]
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.number)):
        return None
    number = float(value)
    return int(value) if math.isfinite(number) and number == math.floor(number) else None


#: The edges read off a role, by name.
EDGES: dict[str, Edge] = {
    edge.name: edge
    for edge in (
        Edge("negative_weight", "a weight below zero", lambda v: v.negative_weight),
        Edge("zero_sum_weight", "weights summing to exactly zero", lambda v: v.zero_sum_weight),
        Edge("non_finite_weight", "a NaN or infinite weight", lambda v: v.non_finite_weight),
        Edge("all_zero_weight", "every weight zero", lambda v: v.all_zero_weight),
        Edge(
            "wrong_weight_length",
            "a weight vector of the wrong length",
            lambda v: v.wrong_weight_length,
        ),
        Edge("empty", "no sample", lambda v: v.empty),
        Edge("two_d", "the block given as a 2-D array", lambda v: v.two_d),
        Edge(
            "label_out_of_range",
            "a label outside [0, class_count)",
            lambda v: v.label_out_of_range,
        ),
        Edge(
            "class_count_below_two",
            "class_count of 0 or 1",
            lambda v: v["class_count"] in (0, 1),
        ),
        Edge("single_sample", "one sample", lambda v: v.samples == 1),
        Edge(
            "length_mismatch",
            "the first two arguments of different lengths",
            lambda v: v.array(0).size != v.array(1).size,
        ),
        Edge(
            "fractional_label",
            "a label with a fractional part",
            lambda v: any(
                isinstance(x, float) and math.isfinite(x) and x != int(x)
                for name in v.named("labels")
                if isinstance(v[name], (list, tuple))
                for x in v[name]
            ),
        ),
        Edge(
            "probability_outside",
            "a probability outside [0, 1]",
            lambda v: (
                v.finite_block
                and v.block is not None
                and bool(((v.block < 0) | (v.block > 1)).any())
            ),
        ),
        Edge(
            "non_finite",
            "NaN or infinity in a numeric argument or the weights",
            lambda v: not v.finite_numbers,
        ),
        Edge(
            "wrong_size",
            "a block that is not n rows of class_count",
            lambda v: (
                (v.classes or 0) >= 2
                and v.block is not None
                and v.truth is not None
                and v.rows is None
            ),
        ),
        Edge("unnormalized", "normalize=False", lambda v: v.flag("normalize") is False),
        Edge("malformed_pos_label", "pos_label not an integer", lambda v: pos_label(v) is None),
    )
}


def edges(*names: str) -> tuple[Edge, ...]:
    """The shared edges called ``names``."""
    return tuple(EDGES[name] for name in names)


def _refused(
    name: str, what: str, until: str, answered: str, applies: Callable[[View], bool]
) -> Divergence:
    """``what`` is refused; scikit-learn before ``until`` (every version when empty)
    answered ``answered`` instead."""
    if until:
        summary = (
            f"{what} is refused, as scikit-learn {until} refuses it; "
            f"before {until} it answered {answered}."
        )
    else:
        summary = f"{what} is refused; scikit-learn answers {answered}."
    return Divergence(name, "narrowing", summary, applies, versions=VersionRange(until=until))


def non_finite_weight(
    until: str = "", answered: str = "NaN or a number built on infinity"
) -> Divergence:
    """A NaN or infinite weight is refused where scikit-learn (before ``until``) answered."""
    return _refused(
        "non_finite_weight",
        "A NaN or infinite weight",
        until,
        answered,
        lambda v: v.non_finite_weight,
    )


def all_zero_weight(until: str, answered: str) -> Divergence:
    """Weights that are all zero are refused where scikit-learn before ``until`` answered."""
    return _refused(
        "all_zero_weight", "A weight vector of zeros", until, answered, lambda v: v.all_zero_weight
    )


def empty_input(until: str = "", answered: str = "NaN") -> Divergence:
    """Empty input is refused where scikit-learn (before ``until``) answered."""
    return _refused("empty_input", "Empty input", until, answered, lambda v: v.empty)


def none_refused(name: str, csharp_type: str, answered: str) -> Divergence:
    """``name=None`` is refused, since a C# ``csharp_type`` cannot be null; scikit-learn
    ``answered`` (a clause: "asked without labels, answers")."""
    return Divergence(
        f"{name}_none",
        "narrowing",
        f"{name}=None is refused, as the C# {csharp_type} cannot be null; scikit-learn, "
        f"{answered}.",
        lambda v: v[name] is None,
    )


def malformed_pos_label() -> Divergence:
    """A ``pos_label`` that is not an integer is refused where scikit-learn answers."""
    return Divergence(
        "malformed_pos_label",
        "narrowing",
        "A pos_label that is not an integer (a fraction, a boolean, a string, NaN, None) "
        "is refused; scikit-learn compares the labels with it, or infers it, and answers.",
        lambda v: pos_label(v) is None,
    )


def _float32_weights(v: View) -> bool:
    weight = v["sample_weight"]
    return (
        v.flag("normalize") is False
        and isinstance(weight, np.ndarray)
        and weight.dtype == np.float32
        and weight.size > 0
    )


def float32_weight_total(implementation: Callable[..., object]) -> Divergence:
    """With ``normalize=False``, float32 weights are totalled in float64 here and in float32
    by scikit-learn (its ``np.dot`` keeps the array's dtype)."""

    def promoted(v: View) -> object:
        args, kwargs = list(v.args), dict(v.kwargs)
        position = v.names.index("sample_weight") if "sample_weight" in v.names else -1
        if 0 <= position < len(args):
            args[position] = np.asarray(args[position], dtype=np.float64)
        else:
            kwargs["sample_weight"] = np.asarray(kwargs["sample_weight"], dtype=np.float64)
        return implementation(*args, **kwargs)

    return Divergence(
        name="float32_weight_total",
        kind="value",
        summary=(
            "Weights given as float32 are read exactly as doubles, as the C# double spans "
            "hold them, and with normalize=False the weighted count is totalled in float64; "
            "scikit-learn totals them with np.dot in float32, so its count is rounded to "
            "float32. The number lodestar must give is its answer to the same call with "
            "the weights converted to float64."
        ),
        applies=_float32_weights,
        expected=promoted,
    )
