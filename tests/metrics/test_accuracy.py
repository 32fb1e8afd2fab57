from __future__ import annotations

import pytest

from lodestar.errors import ArgumentError
from lodestar.metrics import Accuracy


def test_seed_example() -> None:
    assert Accuracy.score([1, 1, 1, 1, 0, 0, 0, 0], [1, 1, 0, 0, 1, 0, 0, 0]) == 0.625


def test_count_is_the_weight_of_the_correct_samples() -> None:
    assert Accuracy.score([1, 0, 1], [1, 1, 1], normalize=False, sample_weight=[2, 3, 0.5]) == 2.5
    assert Accuracy.score([1, 0, 1], [1, 1, 1], normalize=False) == 2.0


def test_majority_prediction_on_an_unbalanced_set() -> None:
    assert Accuracy.score([1, 1] + [0] * 8, [0] * 10) == 0.8


def test_empty_weights_mean_unweighted() -> None:
    assert Accuracy.score([0, 1], [0, 0], sample_weight=[]) == 0.5


def test_whole_floats_are_labels() -> None:
    assert Accuracy.score([1.0, 2.0], [1, 3]) == 0.5


@pytest.mark.parametrize(
    ("y_true", "y_pred", "kwargs", "name", "sentence"),
    [
        ([0, 1], [0], {}, "y_pred", "they must agree"),
        ([], [], {}, "y_true", "empty"),
        ([0, 1], [0, 1], {"sample_weight": [1.0, -1.0]}, "sample_weight", "Weights sum to zero"),
        (
            [0, 1],
            [0, 1],
            {"sample_weight": [0.0, 0.0], "normalize": False},
            "sample_weight",
            "non-zero",
        ),
        ([0, 1.5], [0, 1], {}, "y_true", "fractional"),
        ([True, False], [0, 1], {}, "y_true", "booleans"),
        (["a", "b"], [0, 1], {}, "y_true", "integers"),
    ],
)
def test_refusals(y_true, y_pred, kwargs, name, sentence) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ArgumentError) as raised:
        Accuracy.score(y_true, y_pred, **kwargs)
    assert raised.value.param_name == name
    assert sentence in str(raised.value)


def test_zero_sum_weights_are_fine_for_the_count() -> None:
    assert Accuracy.score([0, 1], [0, 0], normalize=False, sample_weight=[1.0, -1.0]) == 1.0


# -- the overload that reads a ConfusionMatrix ---------------------------------------


def test_the_matrix_form_scores_the_samples_the_matrix_kept() -> None:
    from lodestar.metrics import ConfusionMatrix

    y_true = [0, 0, 1, 1, 2, 2, 2]
    y_pred = [0, 1, 1, 1, 2, 2, 0]
    assert Accuracy.score(y_true, y_pred) == 5 / 7
    kept = ConfusionMatrix.compute(y_true, y_pred, labels=[0, 1])
    assert Accuracy.score(cm=kept) == 0.75
    assert Accuracy.score(cm=kept, normalize=False) == 3.0
    whole = ConfusionMatrix.compute(y_true, y_pred)
    assert Accuracy.score(cm=whole) == Accuracy.score(y_true, y_pred)


def test_the_matrix_form_counts_weights() -> None:
    from lodestar.metrics import ConfusionMatrix

    cm = ConfusionMatrix.compute([1, 0, 1], [1, 1, 1], sample_weight=[2, 3, 0.5])
    assert Accuracy.score(cm=cm, normalize=False) == 2.5
    assert Accuracy.score(cm=cm) == 2.5 / 5.5


def test_the_matrix_form_refusals() -> None:
    from lodestar.errors import ArgumentNullError
    from lodestar.metrics import ConfusionMatrix

    cm = ConfusionMatrix.compute([0, 1], [0, 1])
    with pytest.raises(ArgumentNullError) as null:
        Accuracy.score(cm=None)
    assert null.value.param_name == "cm"
    for args, kwargs in (
        (([0, 1], [0, 1]), {}),
        (([0, 1],), {}),
        ((), {"sample_weight": [1, 1]}),
    ):
        with pytest.raises(ArgumentError) as mixed:
            Accuracy.score(*args, cm=cm, **kwargs)  # type: ignore[arg-type]
        assert mixed.value.param_name == "cm"
    with pytest.raises(ArgumentError, match="ConfusionMatrix is required"):
        Accuracy.score(cm=[[1, 0], [0, 1]])
    with pytest.raises(TypeError):
        Accuracy.score()
    with pytest.raises(TypeError):
        Accuracy.score([0, 1])
    cancelling = ConfusionMatrix.compute([0, 1], [0, 1], sample_weight=[1.0, -1.0])
    with pytest.raises(ArgumentError) as zero:
        Accuracy.score(cm=cancelling)
    assert zero.value.param_name == "cm" and "Weights sum to zero" in zero.value.message
    assert Accuracy.score(cm=cancelling, normalize=False) == 0.0
