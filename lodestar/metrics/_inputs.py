"""The checks every member shares: labels, score rows, probabilities, weights, counts.

Each function takes what the caller passed and either returns a NumPy array in the one
form the members compute on, or raises the :mod:`lodestar.errors` type the C# library
raises for it, with a sentence naming the argument and the offending value. None of
them writes to its input: an array that needs converting is copied, one that does not
is returned as a read-only view.

Malformed input is refused here even where scikit-learn would answer a number: NaN or
infinity where a number is expected, a fractional, boolean or non-numeric label, a
ragged or wrongly shaped array, a count that is not an integer.

What an array argument may be (:func:`_as_array`, the one rule every member applies):

* accepted: a list or tuple; a NumPy array; any object with ``__array__`` (a pandas
  Series, or a DataFrame where its shape fits the argument: one column where a vector is
  expected is still two-dimensional, and refused as such); an object exposing a buffer
  (``array.array``, ``memoryview``); any other iterable, such as a generator, read once
  in its order;
* refused with an :class:`~lodestar.errors.ArgumentError` naming the argument and the
  type: ``None``, a string or bytes, a mapping (a ``dict`` would be read as its keys), a
  set (it has no order), and a masked array (its mask would be ignored).
"""

from __future__ import annotations

import numbers
import operator
from collections.abc import Iterable, Mapping, Set
from enum import Enum
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from lodestar.errors import ArgumentError, ArgumentOutOfRangeError

__all__ = [
    "ArgumentError",
    "ArgumentOutOfRangeError",
    "class_indices",
    "count",
    "flag",
    "label_pair",
    "labels",
    "nonempty",
    "nonzero_weights",
    "probability_rows",
    "require_finite",
    "same_length",
    "score_rows",
    "weighted_mean",
    "weighted_total",
    "weights",
]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]

_INT64 = np.iinfo(np.int64)

# Large inputs are scanned this many elements at a time, so that no temporary grows with
# the input.
_BLOCK_ELEMENTS = 1 << 16


def _show(value: Any) -> str:
    """A short, exact rendering of one offending value for a message."""
    if isinstance(value, (float, np.floating)):
        return repr(float(value))
    if isinstance(value, np.generic):
        return repr(value.item())
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


Choice = TypeVar("Choice", bound=Enum)


def choice(kind: type[Choice], value: Any, name: str, hint: str = "") -> Choice:
    """``value`` as a member of the string enum ``kind``: a member, or its value; anything
    else is refused with :class:`~lodestar.errors.ArgumentOutOfRangeError` listing both
    spellings (``hint`` is added to the sentence)."""
    if isinstance(value, kind):
        return value
    if isinstance(value, str) and value in {mode.value for mode in kind}:
        return kind(value)
    names = ", ".join(mode.name for mode in kind)
    values = ", ".join(repr(mode.value) for mode in kind)
    article = "an" if kind.__name__[0] in "AEIOU" else "a"
    raise ArgumentOutOfRangeError(
        f"{name} is {_show(value)}; it must be {article} {kind.__name__} ({names}) or one of "
        f"{values}.{hint}",
        name,
        value,
    )


def _as_array(value: Any, name: str) -> np.ndarray[Any, Any]:
    """Any array-like as a NumPy array, refusing what NumPy cannot make rectangular."""
    if value is None:
        raise ArgumentError(f"{name} is None; an array is required.", name)
    if isinstance(value, (str, bytes)):
        raise ArgumentError(f"{name} is the string {_show(value)}; an array is required.", name)
    kind = type(value).__name__
    if isinstance(value, Mapping):
        raise ArgumentError(
            f"{name} is a mapping ({kind}); an array is required (a mapping would be read as "
            "its keys: pass its values as a list).",
            name,
        )
    if isinstance(value, Set):
        raise ArgumentError(
            f"{name} is a set ({kind}), which has no order; an array is required.", name
        )
    if isinstance(value, np.ma.MaskedArray):
        raise ArgumentError(
            f"{name} is a masked array; an array is required (its mask would be ignored: "
            "pass the values to keep).",
            name,
        )
    if (
        isinstance(value, Iterable)
        and not isinstance(value, (np.ndarray, list, tuple, memoryview))
        and not hasattr(value, "__array__")
        and not _has_buffer(value)
    ):
        value = list(value)
    try:
        array = np.asarray(value)
    except (ValueError, TypeError, OverflowError) as error:
        raise ArgumentError(f"{name} is not a rectangular array: {error}", name) from None
    if array.dtype.kind == "O" and array.ndim >= 1:
        for item in array.ravel():
            if isinstance(item, (list, tuple, np.ndarray)):
                raise ArgumentError(
                    f"{name} is ragged or nested: it holds the sequence {_show(item)}.", name
                )
    return array


def _has_buffer(value: Any) -> bool:
    """Whether ``value`` exposes the buffer protocol (``array.array``, ``bytearray``)."""
    try:
        memoryview(value)
    except TypeError:
        return False
    return True


def _one_dimensional(array: np.ndarray[Any, Any], name: str) -> None:
    if array.ndim != 1:
        raise ArgumentError(f"{name} must be one-dimensional; it has shape {array.shape}.", name)


def labels(value: Any, name: str) -> IntArray:
    """Integer labels, one-dimensional, as ``int64``.

    Accepts integer arrays and floats that hold whole numbers; refuses booleans,
    fractions, NaN, infinity, strings, ``None`` and integers past ``int64``.
    """
    array = _as_array(value, name)
    _one_dimensional(array, name)
    if array.size == 0:
        return np.zeros(0, dtype=np.int64)
    kind = array.dtype.kind
    if kind == "b":
        raise ArgumentError(f"{name} holds booleans; labels must be integers.", name)
    if kind == "i":
        return _readonly(array.astype(np.int64, copy=False))
    if kind == "u":
        too_big = array > _INT64.max
        if too_big.any():
            bad = array[np.argmax(too_big)]
            raise ArgumentError(f"{name} holds {_show(bad)}, which is past int64.", name)
        return _readonly(array.astype(np.int64))
    if kind == "f":
        finite = np.isfinite(array)
        if not finite.all():
            bad = array[np.argmin(finite)]
            raise ArgumentError(f"{name} holds {_show(bad)}; labels must be integers.", name)
        whole = array == np.floor(array)
        if not whole.all():
            bad = array[np.argmin(whole)]
            raise ArgumentError(
                f"{name} holds the fractional label {_show(bad)}; labels must be integers.", name
            )
        # compared as doubles: 2**63 is no float16 (the cast would overflow, and warn)
        wide = array.astype(np.float64, copy=False)
        inside = (wide >= -(2.0**63)) & (wide < 2.0**63)
        if not inside.all():
            bad = array[np.argmin(inside)]
            raise ArgumentError(f"{name} holds {_show(bad)}, which is past int64.", name)
        return _readonly(array.astype(np.int64))
    if kind == "O":
        converted = np.empty(array.shape, dtype=np.int64)
        for index, item in enumerate(array):
            converted[index] = _label_item(item, name)
        return _readonly(converted)
    raise ArgumentError(
        f"{name} holds {_show(array.flat[0])} of type {array.dtype}; labels must be integers.",
        name,
    )


def _label_item(item: Any, name: str) -> int:
    if isinstance(item, (bool, np.bool_)) or not isinstance(item, numbers.Real):
        raise ArgumentError(f"{name} holds {_show(item)}; labels must be integers.", name)
    if isinstance(item, numbers.Integral):
        whole = int(item)
    else:
        real = float(item)
        if not np.isfinite(real) or real != np.floor(real):
            raise ArgumentError(f"{name} holds {_show(item)}; labels must be integers.", name)
        whole = int(real)
    if not _INT64.min <= whole <= _INT64.max:
        raise ArgumentError(f"{name} holds {whole}, which is past int64.", name)
    return whole


def _readonly(array: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    view: np.ndarray[Any, Any] = array.view()
    view.flags.writeable = False
    return view


def require_finite(values: npt.NDArray[Any], name: str) -> None:
    """Refuses NaN and infinity, naming the first offending value.

    Two reductions (``min`` and ``max``, which propagate NaN) and no temporary the size of
    the input; the offending value is looked for only once one is known to be there.
    """
    if values.size == 0:
        return
    with np.errstate(invalid="ignore"):
        low, high = values.min(), values.max()
    if np.isfinite(low) and np.isfinite(high):
        return
    flat = values.reshape(-1)
    for start in range(0, flat.size, _BLOCK_ELEMENTS):
        chunk = flat[start : start + _BLOCK_ELEMENTS]
        finite = np.isfinite(chunk)
        if not finite.all():
            bad = chunk[np.argmin(finite)]
            raise ArgumentError(f"{name} holds {_show(bad)}; every value must be finite.", name)


def _finite_floats(value: Any, name: str, finite: bool = True) -> FloatArray:
    """Real numbers as ``float64``, refusing anything non-numeric and, unless ``finite``
    is false (the caller then checks block by block), NaN and infinity."""
    array = _as_array(value, name)
    kind = array.dtype.kind
    if kind == "b":
        raise ArgumentError(f"{name} holds booleans; numbers are required.", name)
    if kind == "O":
        for item in array.ravel():
            if isinstance(item, (bool, np.bool_)) or not isinstance(item, numbers.Real):
                raise ArgumentError(f"{name} holds {_show(item)}; numbers are required.", name)
        array = array.astype(np.float64)
    elif kind not in "iuf":
        shown = _show(array.flat[0]) if array.size else str(array.dtype)
        raise ArgumentError(
            f"{name} holds {shown} of type {array.dtype}; numbers are required.", name
        )
    floats = array.astype(np.float64, copy=False)
    if finite:
        require_finite(floats, name)
    return _readonly(floats)


def score_rows(
    value: Any, samples: int, class_count: int, name: str, finite: bool = True
) -> FloatArray:
    """A score block as an ``(samples, class_count)`` array of finite ``float64``.

    The block is accepted flat and row-major (the C# form) or as a 2-D array. With
    ``finite=False`` NaN and infinity are left for the caller to refuse with
    :func:`require_finite`, block by block, while the block is in cache.
    """
    floats = _finite_floats(value, name, finite)
    if floats.ndim == 1:
        if floats.size != samples * class_count:
            raise ArgumentError(
                f"{name} holds {floats.size} values, which is not {samples} samples of "
                f"{class_count}.",
                name,
            )
        return floats.reshape(samples, class_count)
    if floats.ndim == 2:
        if floats.shape != (samples, class_count):
            raise ArgumentError(
                f"{name} has shape {floats.shape}, which is not {samples} samples of "
                f"{class_count}.",
                name,
            )
        return floats
    raise ArgumentError(
        f"{name} must be flat or two-dimensional; it has shape {floats.shape}.", name
    )


def probability_rows(
    value: Any, samples: int, class_count: int, name: str, lower_word: str
) -> FloatArray:
    """A probability block: :func:`score_rows`, then every value inside ``[0, 1]``.

    The refusal carries scikit-learn's own sentence, whose wording of the lower bound
    differs between metrics (``lower_word`` is "lower than" or "less than").
    """
    rows = score_rows(value, samples, class_count, name)
    if rows.size:
        largest = rows.max()
        if largest > 1:
            raise ArgumentError(f"y_prob contains values greater than 1: {_show(largest)}", name)
        smallest = rows.min()
        if smallest < 0:
            raise ArgumentError(f"y_prob contains values {lower_word} 0: {_show(smallest)}", name)
    return rows


def weights(value: Any, samples: int, name: str = "sample_weight") -> FloatArray | None:
    """One finite weight per sample, or ``None`` when every sample weighs 1.

    ``None`` and an empty sequence both mean "unweighted", as an empty span does in C#.
    """
    if value is None:
        return None
    floats = _finite_floats(value, name)
    if floats.ndim != 1:
        raise ArgumentError(f"{name} must be one-dimensional; it has shape {floats.shape}.", name)
    if floats.size == 0:
        return None
    if floats.size != samples:
        raise ArgumentError(
            f"{name} holds {floats.size} values for {samples} samples; they must agree.", name
        )
    return floats


def nonzero_weights(sample_weight: FloatArray | None, name: str = "sample_weight") -> None:
    """Refuses a weight vector that is zero throughout, in scikit-learn's sentence."""
    if sample_weight is not None and not sample_weight.any():
        raise ArgumentError("Sample weights must contain at least one non-zero number.", name)


def same_length(
    first: np.ndarray[Any, Any], first_name: str, second: np.ndarray[Any, Any], second_name: str
) -> None:
    """Refuses two per-sample arrays of different lengths."""
    if len(first) != len(second):
        raise ArgumentError(
            f"{first_name} has {len(first)} entries and {second_name} has {len(second)}; "
            "they must agree.",
            second_name,
        )


def nonempty(array: np.ndarray[Any, Any], name: str) -> None:
    """Refuses an input with no sample."""
    if len(array) == 0:
        raise ArgumentError(f"{name} is empty; there is nothing to score.", name)


def class_indices(values: IntArray, class_count: int, name: str) -> None:
    """Refuses a label that is not a class index in ``[0, class_count)``."""
    outside = (values < 0) | (values >= class_count)
    if outside.any():
        position = int(np.argmax(outside))
        raise ArgumentError(
            f"{name}[{position}] is {int(values[position])}, which is not a class index in "
            f"[0, {class_count}).",
            name,
        )


def count(
    value: Any,
    name: str,
    minimum: int,
    error: type[ArgumentError] = ArgumentOutOfRangeError,
) -> int:
    """An integer argument of at least ``minimum``.

    Booleans, floats (even whole ones) and strings are refused with
    :class:`~lodestar.errors.ArgumentError`; an integer below ``minimum`` raises
    ``error``.
    """
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise ArgumentError(f"{name} is {_show(value)}; it must be an integer.", name)
    number = operator.index(value)
    if number < minimum:
        sentence = f"{name} is {number}; it must be at least {minimum}."
        if issubclass(error, ArgumentOutOfRangeError):
            raise error(sentence, name, number)
        raise error(sentence, name)
    return number


def flag(value: Any, name: str) -> bool:
    """A boolean argument; anything but ``True``, ``False`` or a NumPy bool is refused."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise ArgumentError(f"{name} is {_show(value)}; it must be True or False.", name)


def weighted_mean(
    values: npt.NDArray[Any], sample_weight: FloatArray | None, name: str = "sample_weight"
) -> float:
    """``numpy.average`` of per-sample values, refusing weights that sum to zero.

    The arithmetic is ``numpy.average``'s own (multiply, pairwise sum, divide by the
    pairwise sum of the weights), so the result is the bits scikit-learn gets.
    """
    if sample_weight is None:
        return float(np.mean(values, dtype=np.float64))
    total = sample_weight.sum()
    if total == 0.0:
        raise ArgumentError("Weights sum to zero, can't be normalized", name)
    return float(np.multiply(values, sample_weight, dtype=np.float64).sum() / total)


def weighted_total(values: npt.NDArray[Any], sample_weight: FloatArray | None) -> float:
    """The sum of per-sample values, each times its weight; never divides."""
    if sample_weight is None:
        return float(np.sum(values, dtype=np.float64))
    return float(np.dot(values.astype(np.float64), sample_weight))


def same_size(
    first: np.ndarray[Any, Any],
    first_name: str,
    second: np.ndarray[Any, Any],
    second_name: str,
    consequence: str = "they must agree.",
) -> None:
    """Refuses two blocks holding different numbers of values, whatever their shapes."""
    if first.size != second.size:
        raise ArgumentError(
            f"{first_name} holds {first.size} values and {second_name} holds {second.size}; "
            f"{consequence}",
            second_name,
        )


def label_pair(
    y_true: Any, y_pred: Any, sample_weight: Any
) -> tuple[IntArray, IntArray, FloatArray | None]:
    """The checks of every member over two label arrays: integer labels, as many of one as
    of the other and at least one, and their weights (``None`` when unweighted), one finite
    value per sample, not all zero."""
    truth = labels(y_true, "y_true")
    predicted = labels(y_pred, "y_pred")
    same_length(truth, "y_true", predicted, "y_pred")
    nonempty(truth, "y_true")
    weight = weights(sample_weight, len(truth))
    nonzero_weights(weight)
    return truth, predicted, weight
