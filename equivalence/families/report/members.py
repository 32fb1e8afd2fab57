"""``ClassificationReport.compute`` and ``ClassificationReport.to_text``.

Both members take the same calls, ``(y_true, y_pred, target_names, zero_division,
labels, sample_weight)``, and ``to_text`` one more keyword, ``digits``. ``compute`` is
compared with ``classification_report(..., output_dict=True)`` through :func:`as_dict`,
which builds the dictionary from the report the way scikit-learn builds its own;
``to_text`` is compared with the printed table, string for string. The calls, classes,
counts and ``zero_division`` policies are those of :mod:`equivalence.draw.perclass`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
from hypothesis import strategies as st

from equivalence import shared
from equivalence.draw import perclass, primitives
from equivalence.model import Call, Divergence, Edge, Member, VersionRange
from equivalence.view import View
from lodestar.errors import ArgumentError, UndefinedMetricError
from lodestar.metrics import ClassificationReport, ConfusionMatrix, ZeroDivision
from lodestar.metrics.classification.classification_report import MOST_DIGITS

__all__ = ["COMPUTE", "MEMBERS", "TO_TEXT", "as_dict", "report_of_matrix", "report_text"]


def report_text(
    y_true: Any,
    y_pred: Any,
    target_names: Any = None,
    zero_division: Any = ZeroDivision.ZERO,
    labels: Any = None,
    sample_weight: Any = None,
    digits: Any = 2,
) -> str:
    """``ClassificationReport.compute(...).to_text(digits)``: what ``to_text`` is run as."""
    report = ClassificationReport.compute(
        y_true, y_pred, target_names, zero_division, labels, sample_weight
    )
    return report.to_text(digits)


def report_of_matrix(
    y_true: Any,
    y_pred: Any,
    target_names: Any = None,
    zero_division: Any = ZeroDivision.ZERO,
    labels: Any = None,
    sample_weight: Any = None,
) -> ClassificationReport:
    """``ClassificationReport.compute(cm=ConfusionMatrix.compute(...), ...)``: what
    ``compute[cm]`` is run as."""
    cm = ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)
    return ClassificationReport.compute(
        cm=cm, target_names=target_names, zero_division=zero_division
    )


def as_dict(report: Any) -> dict[Any, Any]:
    """The report as ``classification_report(output_dict=True)`` lays it out.

    Built in scikit-learn's own order, so that what it does to colliding keys (two rows
    of the same name, a class named ``accuracy`` or ``macro avg``) happens here too.
    """

    def scores(row: Any) -> dict[str, float]:
        values = map(float, (row.precision, row.recall, row.f1, row.support))
        return dict(zip(("precision", "recall", "f1-score", "support"), values, strict=True))

    result: dict[Any, Any] = {row.heading: scores(row) for row in report.classes}
    if report.micro_average is None:
        result["accuracy"] = {"precision": float(report.accuracy)}
    else:
        result["micro avg"] = scores(report.micro_average)
    result["macro avg"] = scores(report.macro_average)
    result["weighted avg"] = scores(report.weighted_average)
    if "accuracy" in result:
        result["accuracy"] = result["accuracy"]["precision"]
    return result


# -- the edges of target_names and digits ----------------------------------------------


def _names(v: View) -> list[Any]:
    return [] if v["target_names"] is None else list(v["target_names"])


def _long_name(v: View) -> bool:
    long = any(isinstance(name, str) and len(name) > 12 for name in _names(v))
    return long and perclass.well_formed(v)


def _not_strings(v: View) -> bool:
    return not all(isinstance(name, str) for name in _names(v))


def _wrong_names_length(v: View) -> bool:
    c = v.derived(perclass.classes)
    return c is not None and v["target_names"] is not None and len(_names(v)) != len(c.order)


def _digits(v: View) -> int | None:
    digits = v["digits"]
    return digits if isinstance(digits, int) and not isinstance(digits, bool) else None


def _past_format_limit(v: View) -> bool:
    return isinstance(v["digits"], (int, np.integer)) and int(v["digits"]) > MOST_DIGITS


EDGES = (
    *perclass.EDGES.values(),
    Edge("long_target_name", "a target name longer than 'weighted avg'", _long_name),
    Edge("target_names_length", "target_names of the wrong length", _wrong_names_length),
    Edge("target_names_not_strings", "a target name that is not a string", _not_strings),
)
TEXT_EDGES = (
    Edge("digits_zero", "digits = 0", lambda v: v["digits"] == 0 and v["digits"] is not False),
    Edge(
        "digits_large",
        "digits above 12, which widens the name column",
        lambda v: 12 < (_digits(v) or 0) <= MOST_DIGITS,
    ),
    Edge("digits_past_format_limit", "digits above 999,999,999", _past_format_limit),
    Edge("digits_negative", "digits below zero", lambda v: (_digits(v) or 0) < 0),
    Edge(
        "digits_not_an_integer",
        "digits a float, a string, a bool or None",
        lambda v: "digits" in v.given and _digits(v) is None,
    ),
)


# -- the oracles ------------------------------------------------------------------------


def _dict_oracle(v: View, **extra: Any) -> Any:
    """``classification_report(..., output_dict=True)``, the policy and the weights asked
    as :func:`equivalence.draw.perclass.ask` asks them (and ``extra`` in place of
    ``output_dict``)."""
    from sklearn.metrics import classification_report

    extra = extra or {"output_dict": True}
    return perclass.ask(v, classification_report, "target_names", "labels", **extra)


def _text_oracle(v: View) -> Any:
    """``classification_report(..., digits=digits)``, the policy asked as for ``compute``.

    Past :data:`MOST_DIGITS` decimal places the table is not built (it would take
    gigabytes): scikit-learn is asked with ``digits=2``, which accepts or refuses the
    same arguments, and its answer stands for the table it would print.
    """
    if _past_format_limit(v):
        _dict_oracle(v, digits=2)
        return f"<a table with {v['digits']} decimal places>"
    return _dict_oracle(v, digits=v["digits"])


# -- the calls: those of equivalence.draw.perclass, with target_names and digits ---------

NAMED = ("target_names", "target_names_length", "target_names_not_strings")
DIGITS = {
    "digits": (0, 1, 3, 4, 7, 12, np.int64(5)),
    "digits_large": (13, 16, 25, 40),
    "digits_past_format_limit": (MOST_DIGITS + 1, 10**12),
    "digits_negative": (-1, -3),
    "digits_not_an_integer": (2.0, 2.5, "2", True, None),
}
_NAME = st.one_of(
    st.text(alphabet=st.sampled_from("abcXYZ _-.0é漢"), max_size=8),
    st.integers(3, 5).map(lambda n: "class " * n),
)


@st.composite
def _calls(draw: primitives.Draw, scenario: str, text: bool) -> Call:
    call = draw(perclass.calls(scenario))
    present, kwargs = sorted({*call.args[0], *call.args[1]}), dict(call.kwargs)
    names: Any = None
    if scenario == "target_names" or (scenario == "valid" and draw(st.booleans())):
        names = [draw(_NAME) for _ in kwargs.get("labels", present)]
        if scenario == "target_names":
            names[primitives.index(draw, len(names))] = "a name longer than weighted avg"
    if scenario == "target_names_length":
        if draw(st.booleans()):
            kwargs["labels"] = primitives.permutation(draw, present)
        shift = draw(st.sampled_from((-1, 1, 2))) if "labels" in kwargs else 1
        names = [draw(_NAME) for _ in range(len(present) + shift)] or ["a", "b"]
    if scenario == "target_names_not_strings":
        names = list(range(len(present)))
    kwargs = kwargs if names is None else {"target_names": names, **kwargs}
    if scenario in DIGITS:
        kwargs["digits"] = draw(st.sampled_from(DIGITS[scenario]))
    elif text and draw(st.booleans()):
        kwargs["digits"] = draw(st.integers(0, 6))
    return Call(call.args, kwargs)


# -- the divergences ---------------------------------------------------------------------

_SUMMARY = {
    "superset_micro_row": "Before 1.5 scikit-learn printed a micro avg row in place of the "
    "accuracy row whenever labels differed from the observed set, a superset included; from "
    "1.5, as here, only when labels leave an observed label out.",
    "float_label_names": "Labels are integers: given as whole floats they are read as integers "
    "and the rows are headed '1', where scikit-learn heads them by the float, '1.0'.",
    "target_names_length": "target_names must hold one name per label. With labels given, "
    "scikit-learn only warns about a mismatch and pairs names with rows as far as both go.",
    "target_names_not_strings": "Every target name must be a string; scikit-learn's dictionary "
    "keys rows by whatever it is given (its text rendering refuses too).",
    "digits_past_format_limit": "digits above 999,999,999 (where .NET's fixed-point format "
    "stops) is refused with ArgumentOutOfRangeError; scikit-learn would build a table of "
    "billions of characters.",
}
_APPLIES = {
    **{edge.name: edge.holds for edge in (*EDGES, *TEXT_EDGES)},
    "superset_micro_row": perclass.EDGES["labels_superset"].holds,
    "float_label_names": perclass.EDGES["float_labels"].holds,
    "target_names_length": lambda v: _wrong_names_length(v) and v["labels"] is not None,
}


def _divergences(text: bool) -> tuple[Divergence, ...]:
    """The declarations of one member, the version drifts first: the runner lets a call
    through under the first declaration of its kind that holds, and on an old
    scikit-learn a drift explains a difference that a later declaration's expected value
    (asked of that same old version) would not. Before 1.8 the dictionary answers empty
    input; the text never does (max() of an empty sequence), so it needs no declaration."""
    oracle = _text_oracle if text else _dict_oracle

    def declared(name: str, kind: Any, check: Any = None, versions: Any = None) -> Divergence:
        applies = _APPLIES[name]
        return Divergence(name, kind, _SUMMARY[name], applies, check, versions or VersionRange())

    answered = "a dictionary with an accuracy of 0.0 and NaN averages"
    own = "digits_past_format_limit" if text else "target_names_not_strings"
    return (
        *perclass.f_score_drift(),
        declared("superset_micro_row", "value", versions=VersionRange(until="1.5")),
        *(() if text else (shared.empty_input(until="1.8", answered=answered),)),
        shared.non_finite_weight(until="1.8", answered="NaN rows"),
        shared.all_zero_weight(until="1.9", answered="a report of zeros"),
        *perclass.empty_labels(oracle, value=not text),
        declared("float_label_names", "value", perclass.read_here(oracle)),
        *perclass.LABEL_SET_NARROWINGS,
        declared("target_names_length", "narrowing"),
        perclass.ZERO_DIVISION_SPELLING,
        declared(own, "narrowing"),
    )


_EXAMPLE = ([0, 1, 2, 2, 1, 0], [0, 2, 2, 2, 1, 1])
_WEIGHT = [1.0, 2.0, 1.0, 2.0, 1.0, 2.0]
_ASKED = (
    "classification_report(y_true, y_pred, labels=labels, target_names=target_names, "
    "sample_weight=sample_weight, {}zero_division=zero_division{})"
)
COMPUTE = Member(
    name="ClassificationReport.compute",
    csharp="ClassificationReport.Compute",
    page="reference/metrics/classification/classificationreport-compute.md",
    implementation=ClassificationReport.compute,
    oracle=_dict_oracle,
    oracle_call=_ASKED.format("", ", output_dict=True"),
    since="1.3",
    scenarios={s: _calls(s, False) for s in (*perclass.SCENARIOS, *NAMED)},
    edges=EDGES,
    divergences=_divergences(False),
    refusals=(ArgumentError, UndefinedMetricError),
    project=as_dict,
    example=Call(_EXAMPLE, {"sample_weight": _WEIGHT}),
)
TO_TEXT = replace(
    COMPUTE,
    name="ClassificationReport.to_text",
    csharp="ClassificationReport.ToText",
    page="reference/metrics/classification/classificationreport-totext.md",
    implementation=report_text,
    oracle=_text_oracle,
    oracle_call=_ASKED.format("digits=digits, ", ""),
    scenarios={s: _calls(s, True) for s in (*perclass.SCENARIOS, *NAMED, *DIGITS)},
    edges=(*EDGES, *TEXT_EDGES),
    divergences=_divergences(True),
    project=None,
    example=Call(_EXAMPLE, {"sample_weight": _WEIGHT, "digits": 3}),
)
COMPUTE_OF_MATRIX = replace(
    COMPUTE,
    name="ClassificationReport.compute[cm]",
    csharp="ClassificationReport.Compute(ConfusionMatrix)",
    implementation=report_of_matrix,
    oracle_call=f"{COMPUTE.oracle_call}, on the samples the matrix was counted from",
)
MEMBERS = (COMPUTE, COMPUTE_OF_MATRIX, TO_TEXT)
