"""The classification family: ``Accuracy.score``, ``BrierScore.multi_class``."""

from __future__ import annotations

from typing import Any

import numpy as np

from equivalence import shared
from equivalence.draw import blocks, primitives
from equivalence.model import Call, Divergence, Edge, Member
from equivalence.view import View
from lodestar.metrics import Accuracy, BrierScore

__all__ = ["ACCURACY", "BRIER_MULTI_CLASS", "MEMBERS"]


# -- Accuracy.score ----------------------------------------------------------------


def _accuracy_oracle(v: View) -> float:
    from sklearn.metrics import accuracy_score

    return float(accuracy_score(*v.args[:2], normalize=v["normalize"], sample_weight=v.unweighted))


@primitives.composite
def _accuracy_calls(draw: primitives.Draw, scenario: str) -> Call:
    samples, at, normalize, longer = primitives.integers(draw, (1, 10), (0, 4), (0, 1), (0, 1))
    samples = {"single": 1, "empty": 0, "zero_sum_weight": max(samples, 2)}.get(scenario, samples)
    low, high = primitives.LABEL_RANGES[at]
    truth: list[Any] = draw(primitives.labels(samples, low, high))
    # Agreement is the interesting case: copy some of the truth into the prediction.
    drawn, copied = draw(primitives.labels(samples, low, high)), draw(primitives.codes(samples))
    predicted = [t if c % 2 else p for t, p, c in zip(truth, drawn, copied, strict=True)]
    weight = blocks.weights(draw, scenario, samples, ("valid", "weighted", "single"))
    if scenario == "zero_sum_weight":
        predicted = [truth[0] + 1, *truth[1:]]
    if scenario == "float_labels":
        truth = [float(value) for value in truth]
    if scenario == "length_mismatch":
        predicted = [*predicted, low] if longer or not predicted else predicted[:-1]
    if scenario == "fractional_label":
        truth[primitives.index(draw, samples)] = primitives.pick(draw, (0.5, 1.25, -2.5))
    kwargs: dict[str, Any] = {"normalize": bool(normalize)}
    if weight is not None:
        kwargs["sample_weight"] = weight
    return Call((truth, predicted), primitives.with_defaults(draw, kwargs, ("sample_weight",)))


ACCURACY = Member(
    name="Accuracy.score",
    csharp="Accuracy.Score",
    page="reference/metrics/classification/accuracy-score.md",
    implementation=Accuracy.score,
    oracle=_accuracy_oracle,
    oracle_call="accuracy_score(y_true, y_pred, normalize=normalize, sample_weight=sample_weight)",
    since="1.3",
    scenarios={
        scenario: _accuracy_calls(scenario)
        for scenario in (
            *("valid", "weighted", "zero_sum_weight", "single", "float_labels", "empty"),
            *("length_mismatch", "fractional_label", "non_finite_weight", "all_zero_weight"),
            "wrong_weight_length",
        )
    },
    edges=(
        *shared.edges("negative_weight", "zero_sum_weight", "empty"),
        *shared.edges("non_finite_weight", "all_zero_weight"),
        *shared.edges("single_sample", "length_mismatch", "fractional_label"),
        Edge(
            "negative_labels",
            "labels below zero",
            lambda v: v.truth is not None and bool((v.truth < 0).any()),
        ),
        Edge(
            "whole_float_labels",
            "labels given as whole floats",
            lambda v: (
                bool(v.args[0])
                and all(isinstance(x, float) for x in v.args[0])
                and v.truth is not None
            ),
        ),
    ),
    divergences=(
        shared.empty_input(until="1.8"),
        shared.non_finite_weight(until="1.8"),
        shared.all_zero_weight(until="1.9", answered="0.0 with normalize=False"),
        shared.float32_weight_total(Accuracy.score),
    ),
    example=Call(
        ([1, 1, 1, 1, 0, 0, 0, 0], [1, 1, 0, 0, 1, 0, 0, 0]),
        {"normalize": True, "sample_weight": [1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0]},
    ),
)


# -- BrierScore.multi_class -----------------------------------------------------------


def _brier_oracle(v: View) -> float:
    """``brier_score_loss`` on the matrix, ``labels=range(class_count)``, the scale explicit."""
    from sklearn.metrics import brier_score_loss

    matrix = blocks.matrix(v, np.float64)
    return float(brier_score_loss(v.args[0], matrix, **blocks.asked(v, "scale_by_half")))


@primitives.composite
def _brier_calls(draw: primitives.Draw, scenario: str) -> Call:
    d = blocks.start(draw, scenario, primitives.probability_rows, "scale_by_half")
    return blocks.finish(draw, d, ("valid", "weighted", "binary", "two_d"))


BRIER_MULTI_CLASS = Member(
    name="BrierScore.multi_class",
    csharp="BrierScore.MultiClass",
    page="reference/metrics/classification/brierscore-multiclass.md",
    implementation=BrierScore.multi_class,
    oracle=_brier_oracle,
    oracle_call="brier_score_loss(y_true, y_proba, sample_weight=sample_weight, "
    "labels=range(class_count), scale_by_half=scale_by_half)",
    since="1.7",
    scenarios=blocks.scenarios(
        _brier_calls,
        "valid weighted zero_sum_weight binary two_d not_summing_to_one empty label_out_of_range "
        "above_one below_zero non_finite wrong_size class_count_below_two",
    ),
    edges=(
        Edge("binary", "class_count = 2, where 'auto' would halve", lambda v: v.classes == 2),
        *shared.edges("negative_weight", "zero_sum_weight", "two_d", "empty"),
        blocks.NOT_SUMMING_TO_ONE,
        *shared.edges("label_out_of_range"),
        *shared.edges("probability_outside", "non_finite", "wrong_size"),
        *shared.edges("class_count_below_two"),
    ),
    divergences=(
        Divergence(
            "single_column",
            "narrowing",
            "class_count = 1 is refused (ArgumentOutOfRangeError); scikit-learn reads a "
            "one-column matrix as the positive-class probability of a binary problem "
            "and answers.",
            lambda v: v["class_count"] == 1,
        ),
        shared.non_finite_weight(until="1.8"),
    ),
    example=Call(
        ([0, 1, 2, 1], [0.7, 0.2, 0.1, 0.1, 0.8, 0.1, 0.2, 0.2, 0.6, 0.3, 0.4, 0.3], 3),
        {"scale_by_half": False, "sample_weight": [1.0, 2.0, 1.0, 2.0]},
    ),
)

MEMBERS = (ACCURACY, BRIER_MULTI_CLASS)
