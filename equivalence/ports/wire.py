"""The JSON a port reads and writes: arguments, numbers, answers and refusals.

One encoding serves the process protocol (:mod:`equivalence.ports.process`) and the exported
vectors (:mod:`equivalence.ports.vectors`); ``docs/porting.md`` is its reference.

Arguments
    A JSON object keyed by the member's Python parameter names. An argument the call does
    not pass is absent. ``None`` is ``null``, a bool is ``true``/``false``, an int a JSON
    integer, a float a JSON number written in its shortest round-trip form (``1.0`` stays
    ``1.0``: a whole float is not an integer), an enum member its name (``"PRED"``), a
    list or a NumPy array a JSON array, and a 2-D one nested arrays (one per row).

Non-finite numbers
    NaN, +inf and -inf are the strings ``"NaN"``, ``"Infinity"`` and ``"-Infinity"``,
    in both directions.

What is not sent
    :func:`unsendable` gives the reason a call cannot be carried, or ``None``. A call is
    not sent when any argument, at any depth, is or holds:

    * an iterator or generator (it is consumed by reading it);
    * a tuple (JSON has one kind of sequence, and the form is what such a call tests);
    * a NumPy array that is read-only, not C-contiguous (a Fortran-ordered block or a
      strided view), 0-dimensional, or of a dtype other than ``float64``, ``int64`` and
      ``bool`` (the dtypes a JSON array of numbers or booleans reads back as);
    * a NumPy scalar of any other dtype than those three;
    * a masked array (its mask has no JSON form);
    * a string equal to ``"NaN"``, ``"Infinity"`` or ``"-Infinity"`` (it would read back
      as a number);
    * anything else JSON has no form for (a dtype object, a set, a dict, bytes, ...).

Answers
    A number, a nested list for an array, a string for a text, or for a structured result
    the JSON form its page documents (:func:`encode_result` and :func:`decode_result`):

    * ``ConfusionMatrix``: ``{"labels": [...], "cells": [[...], ...], "total_weight": x}``;
    * ``ClassificationReport``: ``{"classes": [{"label", "name", "precision", "recall",
      "f1", "support"}, ...], "accuracy": x, "micro_average": null or a row,
      "macro_average": row, "weighted_average": row, "total_support": x}``, where an
      average row is ``{"precision", "recall", "f1", "support"}``;
    * ``LikelihoodRatios``: ``{"positive": x, "negative": x}``;
    * ``MultilabelConfusionMatrix``'s stack: ``{"cells": [[[tn, fp], [fn, tp]], ...]}``, one
      2 x 2 block a label;
    * the curves and ``PairConfusionMatrix``: an object of the fields :data:`FIELDS` names
      (``RocCurve``: ``false_positive_rate``, ``true_positive_rate``, ``thresholds``, each an
      array; ``PairConfusionMatrix``: its four pair counts, integers).

Refusals
    ``{"error": NAME, "message": "..."}``; :data:`ERRORS` maps NAME, in its Python or its
    C# spelling, to the ``lodestar.errors`` type.
"""

from __future__ import annotations

import enum
import json
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from equivalence.arguments import bound_arguments
from equivalence.model import Call, Member, PortErrored, Skipped, Unsendable, shown
from lodestar.errors import (
    ArgumentError,
    ArgumentNullError,
    ArgumentOutOfRangeError,
    UndefinedMetricError,
)

__all__ = [
    "ERRORS",
    "FIELDS",
    "NON_FINITE",
    "NotADouble",
    "PortErrored",
    "Skipped",
    "Unsendable",
    "WireBlock",
    "WireConfusionMatrix",
    "WireFields",
    "WireLikelihoodRatios",
    "WireReport",
    "decode_number",
    "decode_result",
    "dumps",
    "encode",
    "encode_result",
    "error_name",
    "family",
    "json_form",
    "loads",
    "request",
    "shown",
    "unsendable",
]

#: The strings that stand for the non-finite numbers, both ways.
NON_FINITE = {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}

#: An error name a port may answer, Python or C# spelling, and the type it stands for.
ERRORS: dict[str, type[Exception]] = {
    "ArgumentError": ArgumentError,
    "ArgumentOutOfRangeError": ArgumentOutOfRangeError,
    "ArgumentNullError": ArgumentNullError,
    "UndefinedMetricError": UndefinedMetricError,
    "ArgumentException": ArgumentError,
    "ArgumentOutOfRangeException": ArgumentOutOfRangeError,
    "ArgumentNullException": ArgumentNullError,
    "UndefinedMetricException": UndefinedMetricError,
}

_SENT_DTYPES = (np.dtype(np.float64), np.dtype(np.int64), np.dtype(np.bool_))

# Members whose answer is structured, and the form it takes on the wire.
_STRUCTURED = {
    "ConfusionMatrix.compute": "confusion-matrix",
    "ClassificationReport.compute": "classification-report",
    "ClassificationReport.compute[cm]": "classification-report",
    "LikelihoodRatios.compute": "likelihood-ratios",
    "MultilabelConfusionMatrix.compute": "stack",
    "MultilabelConfusionMatrix.compute[matrix]": "stack",
}

#: Results written as an object of named fields, each a number or an array: the
#: attributes of the lodestar object of the same names.
FIELDS = {
    "PairConfusionMatrix.compute": (
        "same_in_both",
        "same_in_true_only",
        "same_in_predicted_only",
        "different_in_both",
    ),
    "RocCurve.compute": ("false_positive_rate", "true_positive_rate", "thresholds"),
    "PrecisionRecallCurve.compute": ("precision", "recall", "thresholds"),
    "DetCurve.compute": ("false_positive_rate", "false_negative_rate", "thresholds"),
    "CalibrationCurve.compute": ("prob_true", "prob_pred"),
}


# -- which calls can be sent -----------------------------------------------------------


def _why_not(value: Any, where: str) -> str | None:
    if value is None or isinstance(value, (bool, int, str)):
        if isinstance(value, str) and value in NON_FINITE:
            return f"{where} is the string {value!r}, which the wire reads as a number"
        return None
    if isinstance(value, float):
        return None
    if isinstance(value, enum.Enum):
        return None
    if isinstance(value, np.generic):
        if value.dtype in _SENT_DTYPES:
            return None
        return f"{where} is a NumPy {value.dtype.name} scalar"
    if isinstance(value, np.ma.MaskedArray):
        return f"{where} is a masked array (JSON would carry its values without the mask)"
    if isinstance(value, np.ndarray):
        if value.dtype not in _SENT_DTYPES:
            return f"{where} is a {value.dtype.name} array"
        if value.ndim == 0:
            return f"{where} is a 0-dimensional array"
        if not value.flags.writeable:
            return f"{where} is a read-only array"
        if not value.flags.c_contiguous:
            return f"{where} is an array that is not C-contiguous"
        return None
    if isinstance(value, tuple):
        return f"{where} is a tuple"
    if isinstance(value, list):
        for index, item in enumerate(value):
            reason = _why_not(item, f"{where}[{index}]")
            if reason is not None:
                return reason
        return None
    if isinstance(value, Iterator):
        return f"{where} is an iterator"
    return f"{where} is a {type(value).__name__}, which JSON has no form for"


def unsendable(member: Member, call: Call) -> str | None:
    """Why ``call`` cannot be carried as JSON, or ``None`` when it can (see the module)."""
    try:
        bound = bound_arguments(member, call)
    except TypeError as error:
        return str(error)
    for name, value in bound.items():
        reason = _why_not(value, name)
        if reason is not None:
            return reason
    return None


# -- encoding --------------------------------------------------------------------------


def _number(value: float) -> Any:
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    return value


def encode(value: Any) -> Any:
    """``value`` as plain JSON data: non-finite floats as strings, enums by name, arrays
    as (nested) lists, NumPy scalars as Python ones."""
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, np.ndarray):
        return encode(value.tolist())
    if isinstance(value, np.generic):
        return encode(value.item())
    if isinstance(value, bool) or value is None or isinstance(value, (int, str)):
        return value
    if isinstance(value, float):
        return _number(value)
    if isinstance(value, (list, tuple)):
        return [encode(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): encode(item) for key, item in value.items()}
    raise TypeError(f"{type(value).__name__} has no JSON form")


def dumps(data: Any) -> str:
    """One JSON line: no NaN literals (they are strings already), no spaces to spare."""
    return json.dumps(data, allow_nan=False, ensure_ascii=False, separators=(", ", ": "))


class NotADouble(ValueError):
    """A port wrote a number the wire does not read: a bare ``NaN`` or infinity token, or a
    number past the doubles' range."""


def _no_constant(name: str) -> Any:
    raise NotADouble(
        f"the bare token {name} is not JSON; write it as the string {json.dumps(name)}"
    )


def _finite(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise NotADouble(
            f"the number {shown(text)} is past the doubles' range; an infinity is the string "
            f'"Infinity" or "-Infinity"'
        )
    return value


def loads(text: str) -> Any:
    """One JSON line a port wrote, read strictly: the bare tokens ``NaN``, ``Infinity`` and
    ``-Infinity`` (which Python's reader accepts and JSON does not) and a number too large
    for a double (which would read as an infinity) raise :class:`NotADouble`, naming them;
    a line that is not JSON raises :class:`json.JSONDecodeError`."""
    return json.loads(text, parse_constant=_no_constant, parse_float=_finite, parse_int=_integer)


def _integer(text: str) -> int:
    value = int(text)
    try:
        float(value)  # where a double is wanted, the integer is read as one
    except OverflowError:
        raise NotADouble(
            f"the integer {shown(text)} is past the doubles' range; an infinity is the string "
            f'"Infinity" or "-Infinity"'
        ) from None
    return value


def request(member: Member, call: Call) -> dict[str, Any]:
    """The request object for ``call`` (the caller checks :func:`unsendable` first)."""
    return {
        "member": member.name,
        "csharp": member.csharp,
        "arguments": {name: encode(value) for name, value in bound_arguments(member, call).items()},
    }


def _row(row: Any) -> dict[str, Any]:
    return {
        "precision": _number(float(row.precision)),
        "recall": _number(float(row.recall)),
        "f1": _number(float(row.f1)),
        "support": _number(float(row.support)),
    }


def json_form(result: Any) -> Any:
    """A ``ConfusionMatrix``, a ``ClassificationReport`` or a ``LikelihoodRatios`` in the
    JSON form its page documents (``labels``/``cells``/``total_weight``; ``classes`` and the
    averages; ``positive``/``negative``)."""
    if hasattr(result, "cells") or hasattr(result, "total_weight"):
        return {
            "labels": [int(label) for label in result.labels],
            "cells": encode(np.asarray(result.to_array(), dtype=np.float64)),
            "total_weight": _number(float(result.total_weight)),
        }
    if hasattr(result, "classes") and hasattr(result, "macro_average"):
        micro = result.micro_average
        return {
            "classes": [
                {"label": int(row.label), "name": row.name, **_row(row)} for row in result.classes
            ],
            "accuracy": _number(float(result.accuracy)),
            "micro_average": None if micro is None else _row(micro),
            "macro_average": _row(result.macro_average),
            "weighted_average": _row(result.weighted_average),
            "total_support": _number(float(result.total_support)),
        }
    if hasattr(result, "positive") and hasattr(result, "negative"):
        return {
            "positive": _number(float(result.positive)),
            "negative": _number(float(result.negative)),
        }
    raise TypeError(f"{type(result).__name__} has no documented JSON form")


def _field_value(value: Any) -> Any:
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        return int(value)
    if isinstance(value, (np.ndarray, list, tuple)):
        return encode(np.asarray(value, dtype=np.float64))
    return _number(float(value))


def encode_result(member: Member, result: Any) -> Any:
    """What ``member``'s implementation returned, in its JSON form."""
    if member.name in FIELDS:
        return {name: _field_value(getattr(result, name)) for name in FIELDS[member.name]}
    if _STRUCTURED.get(member.name) == "stack":
        return {
            "cells": [encode(np.asarray(entry.to_array(), dtype=np.float64)) for entry in result]
        }
    if member.name in _STRUCTURED:
        return json_form(result)
    if isinstance(result, str):
        return result
    if isinstance(result, (np.ndarray, list, tuple)):
        return encode(np.asarray(result, dtype=np.float64))
    return _number(float(result))


# -- decoding --------------------------------------------------------------------------


def decode_number(value: Any) -> float:
    """A JSON number, or one of the three strings, as a float; anything else raises."""
    if isinstance(value, str):
        if value in NON_FINITE:
            return NON_FINITE[value]
        raise ValueError(f"{value!r} is not a number (the non-finite ones are {list(NON_FINITE)})")
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{value!r} is not a number")
    return float(value)


def _numbers(value: Any) -> Any:
    if isinstance(value, list):
        return [_numbers(item) for item in value]
    return decode_number(value)


def _array(value: Any) -> np.ndarray[Any, Any]:
    if not isinstance(value, list):
        raise ValueError(f"{value!r} is not an array")
    array: np.ndarray[Any, Any] = np.array(_numbers(value), dtype=np.float64)
    return array


@dataclass(frozen=True)
class WireConfusionMatrix:
    """A ``ConfusionMatrix`` read off the wire: what the harness compares one on."""

    labels: tuple[int, ...]
    cells: np.ndarray[Any, Any]
    total_weight: float

    def to_array(self) -> np.ndarray[Any, Any]:
        cells: np.ndarray[Any, Any] = self.cells.copy()
        return cells


class WireFields:
    """A result of named fields as a port answered it, read as the lodestar object's
    attributes of the same names."""

    def __init__(self, fields: dict[str, Any]) -> None:
        self.__dict__.update(fields)


@dataclass(frozen=True)
class WireBlock:
    """One 2 x 2 block of a multilabel stack as a port answered it."""

    cells: np.ndarray[Any, Any]

    def to_array(self) -> np.ndarray[Any, Any]:
        return self.cells


@dataclass(frozen=True)
class WireLikelihoodRatios:
    """A ``LikelihoodRatios`` read off the wire."""

    positive: float
    negative: float


@dataclass(frozen=True)
class WireRow:
    """A row of a ``ClassificationReport`` read off the wire."""

    label: int | None
    name: str | None
    precision: float
    recall: float
    f1: float
    support: float

    @property
    def heading(self) -> str:
        return self.name if self.name is not None else str(self.label)


@dataclass(frozen=True)
class WireReport:
    """A ``ClassificationReport`` read off the wire."""

    classes: tuple[WireRow, ...]
    accuracy: float
    micro_average: WireRow | None
    macro_average: WireRow
    weighted_average: WireRow
    total_support: float


def _field(data: Any, key: str) -> Any:
    if not isinstance(data, dict) or key not in data:
        raise ValueError(f"expected an object with {key!r}, got {data!r}")
    return data[key]


def _wire_row(data: Any, labelled: bool) -> WireRow:
    label = name = None
    if labelled:
        label = _field(data, "label")
        if isinstance(label, bool) or not isinstance(label, int):
            raise ValueError(f"label {label!r} is not an integer")
        name = _field(data, "name")
        if name is not None and not isinstance(name, str):
            raise ValueError(f"name {name!r} is neither a string nor null")
    return WireRow(
        label,
        name,
        decode_number(_field(data, "precision")),
        decode_number(_field(data, "recall")),
        decode_number(_field(data, "f1")),
        decode_number(_field(data, "support")),
    )


def decode_result(member: Member, value: Any) -> Any:
    """A ``"value"`` from a port, read as the harness compares ``member``'s answers.

    Raises :class:`ValueError` when it does not have the member's form.
    """
    form = _STRUCTURED.get(member.name)
    if member.name in FIELDS:
        if not isinstance(value, dict) or set(value) != set(FIELDS[member.name]):
            raise ValueError(f"not an object of the fields {', '.join(FIELDS[member.name])}")
        return WireFields(
            {
                name: item
                if isinstance(item, int) and not isinstance(item, bool)
                else _array(item)
                if isinstance(item, list)
                else decode_number(item)
                for name, item in value.items()
            }
        )
    if form == "stack":
        blocks = _field(value, "cells")
        if not isinstance(blocks, list):
            raise ValueError(f"cells {blocks!r} is not a list of 2 x 2 blocks")
        return [WireBlock(_array(block)) for block in blocks]
    if form == "confusion-matrix":
        labels = _field(value, "labels")
        if not isinstance(labels, list) or any(
            isinstance(label, bool) or not isinstance(label, int) for label in labels
        ):
            raise ValueError(f"labels {labels!r} is not a list of integers")
        return WireConfusionMatrix(
            tuple(labels),
            _array(_field(value, "cells")),
            decode_number(_field(value, "total_weight")),
        )
    if form == "classification-report":
        classes = _field(value, "classes")
        if not isinstance(classes, list):
            raise ValueError(f"classes {classes!r} is not a list")
        micro = _field(value, "micro_average")
        return WireReport(
            tuple(_wire_row(row, True) for row in classes),
            decode_number(_field(value, "accuracy")),
            None if micro is None else _wire_row(micro, False),
            _wire_row(_field(value, "macro_average"), False),
            _wire_row(_field(value, "weighted_average"), False),
            decode_number(_field(value, "total_support")),
        )
    if form == "likelihood-ratios":
        return WireLikelihoodRatios(
            decode_number(_field(value, "positive")), decode_number(_field(value, "negative"))
        )
    if _returns_text(member):
        if not isinstance(value, str):
            raise ValueError(f"{value!r} is not a string")
        return value
    form = _plain_form(member)
    if isinstance(value, list):
        if form == "number":
            raise ValueError(
                f"an array of {len(value)} items, where {member.name} answers one number"
            )
        return _array(value)
    if form == "array" and not isinstance(value, dict):
        raise ValueError(f"a single value, where {member.name} answers an array")
    return decode_number(value)


def _plain_form(member: Member) -> str | None:
    """``number`` or ``array``, as the member's implementation is annotated to return;
    ``None`` where it says neither."""
    import inspect

    annotation = str(inspect.signature(member.implementation).return_annotation)
    if annotation in ("float", "<class 'float'>"):
        return "number"
    if "ndarray" in annotation or annotation == "FloatArray":
        return "array"
    return _FORMS.get(member.name) or _FORMS.setdefault(member.name, _example_form(member))


_FORMS: dict[str, str | None] = {}


def _example_form(member: Member) -> str | None:
    """The form of lodestar's answer to the member's example call, where its
    implementation is not annotated (the members built on a confusion matrix)."""
    if member.example is None:
        return None
    try:
        answer = member.implementation(*member.example.args, **member.example.kwargs)
    except Exception:
        return None
    if isinstance(answer, (float, np.floating)):
        return "number"
    return "array" if isinstance(answer, np.ndarray) else None


def _returns_text(member: Member) -> bool:
    return member.name.endswith((".to_text", ".to_string"))


# -- refusals --------------------------------------------------------------------------


def family(member: Member, error: type[BaseException]) -> str:
    """The refusal family a vector names: the first of the member's documented refusal
    types that ``error`` belongs to (``ArgumentOutOfRangeError`` is an ``ArgumentError``)."""
    for allowed in member.refusals:
        if issubclass(error, allowed):
            return allowed.__name__
    return error.__name__


def error_name(error: type[BaseException]) -> str:
    """The Python name of a ``lodestar.errors`` type."""
    return error.__name__
