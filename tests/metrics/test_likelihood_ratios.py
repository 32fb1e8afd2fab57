"""``LikelihoodRatios.compute``: the figures of the C# corpus, the four undefined shapes,
the refusals, and a few comparisons with ``class_likelihood_ratios``."""

from __future__ import annotations

import math
import warnings
from typing import Any

import numpy as np
import pytest

from lodestar.errors import ArgumentError
from lodestar.metrics import LikelihoodRatios

NAN = math.nan
TRUTH = [0, 1, 1, 0, 1, 0]
GUESS = [0, 1, 0, 0, 1, 1]


def ratios(*args: Any, **kwargs: Any) -> tuple[float, float]:
    result = LikelihoodRatios.compute(*args, **kwargs)
    return result.positive, result.negative


def same(first: tuple[float, float], second: tuple[float, float]) -> bool:
    return all(
        a == b or (math.isnan(a) and math.isnan(b)) for a, b in zip(first, second, strict=True)
    )


def sklearn_ratios(*args: Any, **kwargs: Any) -> tuple[float, float]:
    from sklearn.metrics import class_likelihood_ratios

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        positive, negative = class_likelihood_ratios(*args, **kwargs)
    return float(positive), float(negative)


# The cases of tests/oracles/likelihood_ratios.json at 2483f1a: the answer with the
# replacements NaN, (1, 1) and (10, 0.5).
CORPUS = [
    (TRUTH, GUESS, None, (2.0, 0.5), (2.0, 0.5), (2.0, 0.5)),
    (TRUTH, GUESS, [1, 2, 3, 4, 5, 6], (77 / 60, 0.66), (77 / 60, 0.66), (77 / 60, 0.66)),
    ([0, 1, 1], [1, 1, 1], None, (1.0, NAN), (1.0, 1.0), (1.0, 0.5)),
    ([0, 1], [0, 1], None, (NAN, 0.0), (1.0, 0.0), (10.0, 0.0)),
    ([0, 1], [0, 0], None, (NAN, 1.0), (1.0, 1.0), (10.0, 1.0)),
    ([0, 0], [0, 1], None, (NAN, NAN), (NAN, NAN), (NAN, NAN)),
    ([1, 1], [0, 1], None, (NAN, NAN), (1.0, 1.0), (10.0, 0.5)),
]


@pytest.mark.parametrize(("truth", "guess", "weight", "plain", "ones", "apart"), CORPUS)
def test_the_csharp_corpus(
    truth: Any, guess: Any, weight: Any, plain: Any, ones: Any, apart: Any
) -> None:
    assert same(ratios(truth, guess, sample_weight=weight), plain)
    assert same(ratios(truth, guess, 1, 1.0, 1.0, weight), ones)
    assert same(ratios(truth, guess, 1, 10.0, 0.5, weight), apart)


def test_the_weighted_case_has_scikit_learns_bits() -> None:
    weight = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
    assert ratios(TRUTH, GUESS, sample_weight=weight) == sklearn_ratios(
        TRUTH, GUESS, sample_weight=weight
    )


def test_no_positive_sample_is_nan_whatever_the_replacement() -> None:
    # scikit-learn 1.7+ replaces LR+ here (fp = 0); the C# page says it does not.
    for guess in ([0, 0], [0, 1], [1, 1]):
        assert same(ratios([0, 0], guess, 1, 1.0, 1.0), (NAN, NAN))


def test_positive_weights_that_cancel_are_no_positive_weight() -> None:
    weight = [1.0, 1.0, -1.0, 2.0]
    assert same(ratios([0, 1, 1, 0], [0, 1, 0, 1], sample_weight=weight), (NAN, NAN))
    # scikit-learn divides by the zero support: an infinity
    assert sklearn_ratios([0, 1, 1, 0], [0, 1, 0, 1], sample_weight=weight)[0] == math.inf


def test_negative_weights_that_cancel_follow_scikit_learn() -> None:
    args = ([0, 1, 1, 0], [0, 1, 0, 1])
    weight = [1.0, 1.0, 2.0, -1.0]
    assert ratios(*args, sample_weight=weight) == sklearn_ratios(*args, sample_weight=weight)
    assert str(ratios(*args, sample_weight=weight)) == "(-0.0, 0.0)"


def test_zero_sum_weights_are_scikit_learns() -> None:
    args = ([0, 1, 1, 0], [0, 1, 0, 1])
    weight = [1.0, -1.0, 2.0, -2.0]
    assert ratios(*args, sample_weight=weight) == (-0.5, -2.0)
    assert sklearn_ratios(*args, sample_weight=weight) == (-0.5, -2.0)


def test_pos_label_picks_the_positive_class() -> None:
    truth, guess = [1, 2, 2, 1, 2, 1], [1, 2, 1, 1, 2, 2]
    assert ratios(truth, guess, pos_label=2) == ratios(TRUTH, GUESS)
    assert ratios(truth, guess, pos_label=2) == sklearn_ratios(truth, guess, labels=[1, 2])
    # the default, 1, is here the lower label, which scikit-learn would count as negative
    truth, guess = [*truth, 1, 1], [*guess, 1, 1]
    assert ratios(truth, guess) == sklearn_ratios(truth, guess, labels=[2, 1]) == (2.4, 0.3)
    assert ratios(truth, guess, pos_label=2) == sklearn_ratios(truth, guess)


def test_a_pos_label_no_sample_carries_makes_every_sample_negative() -> None:
    assert same(ratios([3, 5], [5, 5], pos_label=1), (NAN, NAN))


def test_the_base_rate_moves_precision_not_the_ratios() -> None:
    truth, guess = [0, 0, 0, 0, 1, 1], [0, 0, 0, 1, 1, 0]
    before = ratios(truth, guess)
    after = ratios([*truth, 0, 0, 0, 0], [*guess, 0, 0, 0, 1])
    assert before == after == (2.0, 2 / 3)


def test_the_two_forms_of_a_label_give_one_answer() -> None:
    as_floats = ratios([float(t) for t in TRUTH], np.array(GUESS, dtype=np.int8))
    assert as_floats == ratios(TRUTH, GUESS) == ratios(np.array(TRUTH), tuple(GUESS))


def test_large_labels_and_numpy_scalars() -> None:
    big = 2**40
    truth, guess = [t + big for t in TRUTH], [g + big for g in GUESS]
    assert ratios(truth, guess, pos_label=np.int64(big + 1)) == (2.0, 0.5)


@pytest.mark.parametrize(
    ("args", "kwargs", "name", "text"),
    [
        (([0, 1, 2], [0, 1, 2]), {}, "y_true", "only supports binary classification problems."),
        (([0, 1, 1], [0, 1, 5]), {}, "y_true", "at least three labels: 0, 1, 5"),
        (([0, 1], [0]), {}, "y_pred", "they must agree"),
        (([], []), {}, "y_true", "empty"),
        (([0, 1], [0, 1]), {"sample_weight": [1.0]}, "sample_weight", "2 samples"),
        (([0, 1], [0, 1]), {"sample_weight": [1.0, NAN]}, "sample_weight", "finite"),
        (([0, 1], [0, 1]), {"sample_weight": [0.0, 0.0]}, "sample_weight", "non-zero"),
        (([0, 1], [0, 1]), {"pos_label": 1.0}, "pos_label", "integer"),
        (([0, 1], [0, 1]), {"pos_label": True}, "pos_label", "integer"),
        (([0, 1], [0, 1]), {"pos_label": 2**64}, "pos_label", "int64"),
        (([0, 1], [0, 1]), {"undefined_positive": "1"}, "undefined_positive", "number"),
        (([0, 1], [0, 1]), {"undefined_negative": None}, "undefined_negative", "number"),
        (([0.5, 1], [0, 1]), {}, "y_true", "fractional"),
    ],
)
def test_refusals_name_the_argument(args: Any, kwargs: Any, name: str, text: str) -> None:
    with pytest.raises(ArgumentError) as caught:
        LikelihoodRatios.compute(*args, **kwargs)
    assert caught.value.param_name == name
    assert text in caught.value.message


def test_any_replacement_is_taken() -> None:
    # scikit-learn refuses LR+ below 1 and LR- outside [0, 1]; the C# doubles take anything
    assert ratios([0, 1], [0, 1], 1, -3.0, 2.0) == (-3.0, 0.0)
    assert ratios([0, 1], [1, 1], 1, NAN, math.inf) == (1.0, math.inf)


def test_inputs_are_left_alone_and_the_result_is_immutable() -> None:
    truth, guess, weight = np.array(TRUTH), np.array(GUESS), np.arange(1.0, 7.0)
    copies = truth.copy(), guess.copy(), weight.copy()
    result = LikelihoodRatios.compute(truth, guess, sample_weight=weight)
    for array, copy in zip((truth, guess, weight), copies, strict=True):
        assert np.array_equal(array, copy)
    assert type(result.positive) is float and type(result.negative) is float
    with pytest.raises(AttributeError):
        result.positive = 1.0  # type: ignore[misc]
    with pytest.raises(TypeError):
        LikelihoodRatios()


def test_no_warning_on_any_undefined_shape() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for truth, guess in (([0, 0], [0, 0]), ([1, 1], [1, 0]), ([0, 1], [0, 1])):
            LikelihoodRatios.compute(truth, guess)
        LikelihoodRatios.compute([0, 1, 1], [0, 1, 0], sample_weight=[1e-300, 1e-300, 1e-300])


def test_a_large_input_agrees_with_scikit_learn() -> None:
    rng = np.random.default_rng(7)
    truth = rng.integers(0, 2, 100_000)
    guess = np.where(rng.random(100_000) < 0.7, truth, 1 - truth)
    weight = rng.random(100_000)
    assert ratios(truth, guess) == sklearn_ratios(truth, guess)
    assert ratios(truth, guess, sample_weight=weight) == sklearn_ratios(
        truth, guess, sample_weight=weight
    )


def test_a_third_label_past_the_first_block_is_refused() -> None:
    truth = np.zeros(200_000, dtype=np.int64)
    truth[1::2] = 1
    guess = truth.copy()
    guess[150_001] = 7
    with pytest.raises(ArgumentError, match="at least three labels: 0, 1, 7"):
        LikelihoodRatios.compute(truth, guess)
    guess[150_001] = -3
    with pytest.raises(ArgumentError, match="at least three labels: -3, 0, 1"):
        LikelihoodRatios.compute(truth, guess, sample_weight=np.ones(200_000))
