from __future__ import annotations

import numpy as np
import pytest

from lodestar.errors import ArgumentError, ArgumentOutOfRangeError
from lodestar.metrics import HingeLoss

TRUTH = [-1, 1, 1, -1]
DECISIONS = [-0.5, 1.2, 0.3, 0.8]
CLASSES = [0, 1, 2, 1]
ROWS = [1.2, 0.3, -0.5, 0.1, 0.9, 0.2, 0.4, 0.2, 0.7, 0.3, 0.1, 0.6]


# -- figures from the C# pages and their corpus -------------------------------------------


def test_binary_example() -> None:
    assert HingeLoss.score(TRUTH, DECISIONS) == 0.75


def test_binary_example_weighted() -> None:
    assert HingeLoss.score(TRUTH, DECISIONS, sample_weight=[1.0, 2.0, 3.0, 4.0]) == pytest.approx(
        0.98, abs=1e-15
    )


def test_multi_class_example() -> None:
    assert HingeLoss.multi_class(CLASSES, ROWS, 3) == pytest.approx(0.65, abs=1e-15)
    assert HingeLoss.multi_class(CLASSES, np.reshape(ROWS, (4, 3)), 3) == HingeLoss.multi_class(
        CLASSES, ROWS, 3
    )


# -- the definition, clause by clause ----------------------------------------------------


def test_a_margin_of_exactly_one_costs_nothing() -> None:
    assert HingeLoss.score([-1, 1], [-1.0, 1.0]) == 0.0
    assert HingeLoss.multi_class([0, 1], [1.0, 0.0, 0.0, 1.0], 2) == 0.0


def test_relabelling_moves_nothing() -> None:
    reference = HingeLoss.score(TRUTH, DECISIONS)
    assert HingeLoss.score([0, 1, 1, 0], DECISIONS) == reference
    assert HingeLoss.score([7, 3, 3, 7], DECISIONS, pos_label=3) == reference


def test_pos_label_the_lesser_label_turns_every_sign() -> None:
    flipped = [-d for d in DECISIONS]
    assert HingeLoss.score([0, 1, 1, 0], DECISIONS, pos_label=0) == HingeLoss.score(
        [0, 1, 1, 0], flipped
    )


def test_one_class_truth_is_scored_on_its_own_side() -> None:
    # scikit-learn answers 1.65 here: its LabelBinarizer puts the lone label on the
    # negative side. The margins are 0.5 and 0.8, so the costs 0.5 and 0.2.
    assert HingeLoss.score([1, 1], [0.5, 0.8]) == pytest.approx(0.35, abs=1e-15)
    assert HingeLoss.score([0, 0], [0.5, 0.8]) == pytest.approx(1.65, abs=1e-15)


def test_only_the_best_rival_counts() -> None:
    base = HingeLoss.multi_class([0], [1.0, 0.5, 0.2], 3)
    assert HingeLoss.multi_class([0], [1.0, 0.5, -9.0], 3) == base == 0.5
    # Tied rivals: either is the best rival.
    assert HingeLoss.multi_class([0], [1.0, 0.5, 0.5], 3) == 0.5


# -- refusals --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("truth", "decisions"),
    [([0, 1], [0.5]), ([], []), ([0, 1], [0.5, float("nan")]), ([0, 1], [0.5, float("inf")])],
)
def test_binary_refusals(truth: list[int], decisions: list[float]) -> None:
    with pytest.raises(ArgumentError):
        HingeLoss.score(truth, decisions)


@pytest.mark.parametrize("weights", [[1.0, -1.0], [0.0, 0.0], [1.0, float("nan")], [1.0]])
def test_weights_refused(weights: list[float]) -> None:
    with pytest.raises(ArgumentError):
        HingeLoss.score([0, 1], [0.5, 0.5], sample_weight=weights)
    with pytest.raises(ArgumentError):
        HingeLoss.multi_class([0, 1], [0.5, 0.5, 0.5, 0.5], 2, sample_weight=weights)


def test_multi_class_refusals() -> None:
    with pytest.raises(ArgumentError):
        HingeLoss.multi_class([0, 1], [0.5, 0.3, 0.2], 3)
    with pytest.raises(ArgumentOutOfRangeError):
        HingeLoss.multi_class([0], [0.5], 1)
    with pytest.raises(ArgumentError):
        HingeLoss.multi_class([0, 5], [0.5, 0.3, 0.2, 0.1], 2)
    with pytest.raises(ArgumentError):
        HingeLoss.score([0, 1], [0.5, 0.5], pos_label=0.5)
