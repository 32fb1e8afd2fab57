"""The per-class readings shared by the members that score classes under a policy."""

from __future__ import annotations

import math
import warnings
from typing import Any

import numpy as np
import pytest

from equivalence.draw import perclass
from equivalence.families.report.members import COMPUTE
from equivalence.model import Call
from equivalence.view import View, view_of
from lodestar.metrics import ZeroDivision


def _view(y_true: Any, y_pred: Any, **kwargs: Any) -> View:
    return view_of(COMPUTE, Call((y_true, y_pred), kwargs))


def test_counts_are_the_weighted_totals_of_each_class_in_label_order() -> None:
    view = _view([5, -2, 5, 9], [5, 5, -2, 9], labels=[9, 5, 7], sample_weight=[1, 2, 4, 8])
    c = view.derived(perclass.classes)
    assert c is not None and c.order == [9, 5, 7]
    tp, predicted, true = c.counts
    assert tp.tolist() == [8.0, 1.0, 0.0]
    assert predicted.tolist() == [8.0, 3.0, 0.0]
    assert true.tolist() == [8.0, 5.0, 0.0]
    assert c.undefined  # class 7 has no sample


@pytest.mark.parametrize(
    "kwargs",
    [{"labels": [0.5]}, {"sample_weight": [1.0, math.nan]}, {"sample_weight": [1.0]}],
)
def test_a_malformed_call_has_no_classes(kwargs: dict[str, Any]) -> None:
    assert _view([0, 1], [1, 1], **kwargs).derived(perclass.classes) is None


def test_empty_labels_mean_the_union_and_whole_floats_read_as_integers() -> None:
    view = _view([1.0, 2.0], [2, 2], labels=[], zero_division=ZeroDivision.NAN)
    assert perclass.EDGES["empty_labels"].holds(view)
    assert perclass.EDGES["float_labels"].holds(view)
    read = perclass.as_read(view)
    assert read.args[:2] == ([1, 2], [2, 2]) and "labels" not in read.kwargs
    assert view.derived(perclass.classes).order == [1, 2]  # type: ignore[union-attr]


def test_the_policy_is_asked_as_scikit_learn_spells_it() -> None:
    def asked(*args: Any, **kwargs: Any) -> dict[str, Any]:
        return kwargs

    spelled = {
        policy: perclass.ask(_view([0], [0], zero_division=policy), asked)
        for policy in ZeroDivision
    }
    assert spelled[ZeroDivision.ZERO] == {"zero_division": 0.0}
    assert spelled[ZeroDivision.ONE] == {"zero_division": 1.0}
    assert np.isnan(spelled[ZeroDivision.NAN]["zero_division"])
    assert spelled[ZeroDivision.THROW] == {}  # "warn", its warning raised as an error
    assert perclass.ask(_view([0], [0], sample_weight=[]), asked, "labels") == {}


def test_under_throw_a_warning_of_scikit_learn_is_its_refusal() -> None:
    from sklearn.exceptions import UndefinedMetricWarning

    def warns(*args: Any, **kwargs: Any) -> None:
        warnings.warn("ill-defined", UndefinedMetricWarning, stacklevel=1)

    with pytest.raises(UndefinedMetricWarning):
        perclass.ask(_view([0], [1], zero_division=ZeroDivision.THROW), warns)
    assert perclass.ask(_view([0], [1]), warns) is None
