"""Role-based Hypothesis strategies, shared by every family: labels, score rows,
probability rows, weights.

Each array is drawn in one go, as a run of bytes that indexes a table of values (or, for
"any float", eight bytes read as a fraction): one draw per array rather than one per
element, which is what made the harness spend its time drawing. Bytes shrink toward
zero, so a counterexample shrinks toward the first entry of each table (0, the grid's
0.0, weight 1).

The tables lean toward the inputs that break ports: a coarse grid so that ties are the
rule, whole-number weights that sum to exactly zero, probabilities one step outside
``[0, 1]``, labels near ``2**40``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, TypeVar

import numpy as np
from hypothesis import strategies as st

__all__ = [
    "BAD_WEIGHTS",
    "GRID",
    "LABEL_RANGES",
    "NON_FINITE",
    "VALID_WEIGHTS",
    "Draw",
    "all_zero_weights",
    "codes",
    "flat",
    "index",
    "integers",
    "labels",
    "non_finite_weights",
    "permutation",
    "pick",
    "probabilities",
    "probability_rows",
    "score_rows",
    "subset",
    "table",
    "unit_floats",
    "weights",
    "with_defaults",
    "wrong_length_weights",
    "zero_sum_weights",
]

Draw = Callable[[st.SearchStrategy[Any]], Any]
T = TypeVar("T")
Array = np.ndarray[Any, Any]

#: A coarse grid: drawing from it makes ties the rule rather than the exception.
GRID = (0.0, 0.25, 0.5, 0.75, 1.0)
NON_FINITE = (math.nan, math.inf, -math.inf)
#: Label ranges a problem is written with: small, signed, wide, and past 2**32.
LABEL_RANGES = ((0, 1), (0, 4), (-3, 3), (-1000, 1000), (2**40, 2**40 + 3))


@cache
def codes(size: int, width: int = 1) -> st.SearchStrategy[Array]:
    """``size`` unsigned integers of ``width`` bytes (1, 2, 4 or 8), in one draw."""
    count = size * width
    return st.binary(min_size=count, max_size=count).map(
        lambda raw: np.frombuffer(raw, dtype=f"<u{width}").astype(np.uint64)
    )


def _fractions(raw: Array) -> Array:
    """Eight-byte codes as floats in ``(0, 1)`` with every mantissa bit drawn: 52 bits of
    mantissa and a binade from ``[1/2, 1)`` down to ``[2**-62, 2**-61)``, mostly one of
    the first twelve. (A fraction on a ``2**-53`` grid would make ``1 - p`` always exact,
    and hide every bug that rounds it.)"""
    mantissa = (raw & np.uint64(2**52 - 1)).astype(np.float64) * 2.0**-52
    top = (raw >> np.uint64(52)).astype(np.int64)
    binade = np.where(top < 3500, 1 + top % 12, 13 + top % 50)
    fractions: Array = np.ldexp(1.0 + mantissa, -binade)
    return fractions


@cache
def unit_floats(size: int) -> st.SearchStrategy[Array]:
    """``size`` floats in ``[0, 1)``, any of them."""
    return codes(size, 8).map(_fractions)


def table(size: int, values: Sequence[Any]) -> st.SearchStrategy[Array]:
    """``size`` entries of ``values``, the first one the simplest."""
    return _table(size, tuple(values), tuple(type(value) for value in values))


@cache
def _table(
    size: int, values: tuple[Any, ...], _types: tuple[type, ...]
) -> st.SearchStrategy[Array]:
    # The types are part of the key: (0, 1) and (0.0, 1.0) are equal tuples.
    lookup = np.asarray(values)
    return codes(size).map(lambda c: lookup[c % np.uint64(len(lookup))])


@cache
def labels(size: int, low: int, high: int) -> st.SearchStrategy[list[int]]:
    """``size`` whole-number labels in ``[low, high]``, as a list of ``int``."""
    span = high - low + 1
    width = 1 if span <= 256 else 2 if span <= 65536 else 8
    return codes(size, width).map(lambda c: [low + int(v) for v in (c % np.uint64(span)).tolist()])


def index(draw: Draw, size: int) -> int:
    """A position in a run of ``size`` (0 when it is empty)."""
    return int(draw(st.integers(0, max(size - 1, 0))))


def integers(draw: Draw, *bounds: tuple[int, int]) -> list[int]:
    """One integer in each ``(low, high)`` range, inclusive, all in a single draw (each
    shrinking to its ``low``): the sizes and switches of a call, drawn at once."""
    raw = draw(codes(len(bounds), 2)).tolist()
    return [low + int(c) % (high - low + 1) for c, (low, high) in zip(raw, bounds, strict=True)]


def pick(draw: Draw, items: Sequence[T]) -> T:
    """One of ``items`` (the first when shrunk), without building a strategy for them."""
    return items[index(draw, len(items))]


def permutation(draw: Draw, items: Sequence[T]) -> list[T]:
    """``items`` in an order drawn in one go (their own order when shrunk)."""
    order = np.argsort(draw(codes(len(items))), kind="stable")
    return [items[i] for i in order.tolist()]


def subset(draw: Draw, items: Sequence[T], size: int | None = None) -> list[T]:
    """Distinct ``items``, in a drawn order: ``size`` of them, or at least one."""
    shuffled = permutation(draw, items)
    return shuffled[: size if size is not None else 1 + index(draw, len(items))]


# -- score and probability rows ----------------------------------------------------------


@cache
def score_rows(samples: int, classes: int) -> st.SearchStrategy[list[list[float]]]:
    """A ``samples x classes`` block: grid values (ties), unit floats, or wide floats."""
    size = samples * classes

    def shaped(values: Array) -> list[list[float]]:
        return values.reshape(samples, classes).tolist()

    grid = table(size, GRID)
    unit = unit_floats(size)
    wide = unit.map(lambda u: (2.0 * u - 1.0) * 1e6)
    return st.one_of(grid, unit, wide).map(shaped)


@cache
def probabilities(size: int, extra: Sequence[float] = ()) -> st.SearchStrategy[Array]:
    """``size`` probabilities in ``[0, 1]``: grid values, ``extra`` ones (the ends of a
    clip), or any unit float, one in four."""
    lookup = np.asarray((*GRID, *extra), dtype=np.float64)

    def build(raw: Array) -> Array:
        chosen = lookup[(raw >> np.uint64(2)) % np.uint64(len(lookup))]
        return np.where(raw % np.uint64(4) == 3, _fractions(raw), chosen)

    return codes(size, 8).map(build)


@cache
def probability_rows(
    samples: int, classes: int, extra: Sequence[float] = ()
) -> st.SearchStrategy[list[list[float]]]:
    """Rows in ``[0, 1]``: normalised to sum to 1, or left as drawn (not summing to 1)."""

    def build(pair: tuple[Array, bool]) -> list[list[float]]:
        values, normalised = pair
        rows = values.reshape(samples, classes)
        if normalised:
            totals = rows.sum(axis=1, keepdims=True)
            with np.errstate(all="ignore"):
                scaled = np.minimum(1.0, rows / totals)
            rows = np.where(totals > 0, scaled, rows)
        return rows.tolist()

    return st.tuples(probabilities(samples * classes, extra), st.booleans()).map(build)


def flat(rows: list[list[Any]]) -> list[Any]:
    """A block written row-major, the C# form."""
    return [value for row in rows for value in row]


# -- weights ---------------------------------------------------------------------------


@cache
def zero_sum_weights(samples: int) -> st.SearchStrategy[list[float]]:
    """Whole-number weights summing to exactly zero, at least one of them not zero."""

    def build(raw: Array) -> list[float]:
        head = [int(v) % 9 - 4 for v in raw.tolist()]
        if not any(head):
            head[0] = 1
        return [float(v) for v in head] + [float(-sum(head))]

    return codes(max(samples, 2) - 1).map(build)


@cache
def _positive(samples: int) -> st.SearchStrategy[list[float]]:
    """Weights in ``[0, 10]``: whole numbers or any float, zero among them."""

    def build(raw: Array) -> list[float]:
        whole = (raw >> np.uint64(2)) % np.uint64(11)
        values: list[float] = np.where(
            raw % np.uint64(2) == 0, whole, 10.0 * _fractions(raw)
        ).tolist()
        return values

    return codes(samples, 8).map(build)


@cache
def _signed(samples: int) -> st.SearchStrategy[list[float]]:
    return unit_floats(samples).map(lambda u: (20.0 * u - 10.0).tolist())


@cache
def _integral(samples: int) -> st.SearchStrategy[list[float]]:
    return codes(samples).map(lambda c: [float(int(v) % 11 - 5) for v in c.tolist()])


#: The valid kinds of weights: unweighted, empty (every sample weighs 1), positive,
#: signed, whole numbers, summing to exactly zero.
VALID_WEIGHTS = ("none", "empty", "positive", "signed", "integral", "zero_sum")
#: The kinds every member refuses or treats apart.
BAD_WEIGHTS = ("wrong_length", "non_finite", "all_zero")


@cache
def wrong_length_weights(samples: int) -> st.SearchStrategy[list[float]]:
    return st.integers(1, samples + 3).filter(lambda n: n != samples).flatmap(_positive)


@cache
def non_finite_weights(samples: int) -> st.SearchStrategy[list[float]]:
    return st.sampled_from(NON_FINITE).map(lambda bad: [1.0] * max(samples - 1, 0) + [bad])


@cache
def all_zero_weights(samples: int) -> st.SearchStrategy[list[float]]:
    return st.just([0.0] * max(samples, 1))


@cache
def weights(samples: int, *kinds: str) -> st.SearchStrategy[list[float] | None]:
    """Weights of the ``kinds`` named (every valid kind when none is); a kind may be
    named as its scenario is (``zero_sum_weight``, ``wrong_weight_length``)."""
    makers: dict[str, Callable[[], st.SearchStrategy[Any]]] = {
        "none": st.none,
        "empty": lambda: st.just([]),
        "positive": lambda: _positive(samples),
        "signed": lambda: _signed(samples),
        "integral": lambda: _integral(samples),
        "zero_sum": lambda: zero_sum_weights(samples),
        "wrong_length": lambda: wrong_length_weights(samples),
        "non_finite": lambda: non_finite_weights(samples),
        "all_zero": lambda: all_zero_weights(samples),
    }
    # A scenario's name will do: "zero_sum_weight", "wrong_weight_length", ...
    named = [k.removesuffix("_weight").replace("wrong_weight_", "wrong_") for k in kinds]
    chosen = [k for k in named or VALID_WEIGHTS if k != "zero_sum" or samples >= 2]
    return st.one_of(*(makers[k]() for k in chosen))


def with_defaults(draw: Draw, kwargs: dict[str, Any], keep: tuple[str, ...] = ()) -> dict[str, Any]:
    """Leaves out each optional argument (other than those in ``keep``) one time in three,
    so that the member's defaults are exercised and not only the values passed."""
    left_out = draw(codes(len(kwargs))).tolist()  # one draw for every argument
    return {
        key: value
        for (key, value), code in zip(kwargs.items(), left_out, strict=True)
        if key in keep or code % 3 != 2
    }
