from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, strategies as st

from lodestar.errors import ArgumentError, ArgumentOutOfRangeError
from lodestar.metrics import Dcg, Ndcg

RELEVANCE = [3, 2, 1, 0]
BEST = [0.9, 0.5, 0.4, 0.1]
WORST = [0.1, 0.4, 0.5, 0.9]
TIED = [0.5, 0.5, 0.5, 0.5]


def near(value: float, figure: float, ulps: int = 4, scale: float = 0.0) -> bool:
    """``value`` lies within ``ulps`` units in the last place of ``figure``, or of ``scale``
    when the figure is a weighted mean whose terms (of magnitude ``scale``) partly cancel.

    The discounts are logarithms, and the fixed-order gains a BLAS matrix-vector product, so
    the last bits of a score depend on the platform's ``log`` (NumPy's SIMD path, NumPy 1.26
    against 2.x) and on the BLAS kernel. The figures below were measured with NumPy 2.4 on
    x86-64; every platform lands within a few units in the last place of them.
    """
    return abs(value - figure) <= ulps * math.ulp(max(abs(figure), scale))


# Two rows, the first ranked perfectly and the second backwards (the C# weighted corpus).
TWO_ROWS_TRUE = [3, 2, 1, 0, 3, 2, 1, 0]
TWO_ROWS_SCORE = [0.9, 0.5, 0.4, 0.1, 0.1, 0.4, 0.5, 0.9]


def test_tied_scores_are_averaged_unless_told_otherwise() -> None:
    assert near(Dcg.score(RELEVANCE, TIED, 4), 3.8424094674672755)
    assert near(Dcg.score(RELEVANCE, TIED, 4, ignore_ties=True), 2.9229594277916364)
    assert near(Ndcg.score(RELEVANCE, TIED, 4), 0.8069136566720543)
    assert near(Ndcg.score(RELEVANCE, TIED, 4, ignore_ties=True), 0.6138273133441086)


def test_gains_are_linear() -> None:
    assert near(Dcg.score(RELEVANCE, BEST, 4), 4.761859507142915)
    # The textbook sum, evaluated another way, lands an ULP away; the formula is the same.
    assert math.isclose(Dcg.score(RELEVANCE, BEST, 4), 3 + 2 / math.log2(3) + 1 / 2)


def test_ndcg_of_the_best_and_the_worst_order() -> None:
    assert near(Ndcg.score(RELEVANCE, BEST, 4), 1.0)
    assert near(Ndcg.score(RELEVANCE, WORST, 4), 0.6138273133441086)


def test_the_two_paths_of_the_reference_are_kept_apart() -> None:
    # scikit-learn's averaged and fixed-order arithmetic land one ULP apart on this row with
    # NumPy 2.4 and 1.26 on x86-64 (which bits depends on the platform's log), so each of
    # lodestar's paths must give its own path's answer, not the other's.
    from sklearn.metrics import dcg_score

    averaged = dcg_score([RELEVANCE], [WORST])
    fixed_order = dcg_score([RELEVANCE], [WORST], ignore_ties=True)
    assert Dcg.score(RELEVANCE, WORST, 4) == averaged
    assert Dcg.score(RELEVANCE, WORST, 4, ignore_ties=True) == fixed_order
    assert near(averaged, 2.922959427791636) and near(fixed_order, 2.922959427791636)


@pytest.mark.parametrize(
    ("weights", "k", "dcg", "ndcg"),
    [
        ([1.0, 3.0], None, 3.3826844476294555, 0.7103704850080814),
        ([1.0, 3.0], 2, 1.5386621919643217, 0.36103071661219943),
        ([3.0, 1.0], 2, 3.35412706875005, 0.7870102388707332),
        ([2.0, 2.0], None, 3.8424094674672755, 0.8069136566720543),
        ([-1.0, 2.0], None, 1.0840593484403573, 0.22765462668821712),
        ([-1.0, 2.0], 2, -3.0, -0.7039180890341348),
    ],
)
def test_weighted_figures_of_the_csharp_corpus(
    weights: list[float], k: int | None, dcg: float, ndcg: float
) -> None:
    # Negative weights cancel: the error scales with sum |w| / |sum w| times the largest row
    # score (the best order's, under 4.77 for DCG and 1 for NDCG).
    amplification = sum(abs(w) for w in weights) / abs(sum(weights))
    dcg_value = Dcg.score(TWO_ROWS_TRUE, TWO_ROWS_SCORE, 4, k=k, sample_weight=weights)
    ndcg_value = Ndcg.score(TWO_ROWS_TRUE, TWO_ROWS_SCORE, 4, k=k, sample_weight=weights)
    assert near(dcg_value, dcg, scale=4.77 * amplification)
    assert near(ndcg_value, ndcg, scale=amplification)


def test_log_base_changes_dcg() -> None:
    assert near(Dcg.score(RELEVANCE, BEST, 4, log_base=10), 15.818554880684538)
    assert near(Dcg.score(RELEVANCE, BEST, 4, log_base=math.e), 6.869911096365047)
    assert near(Dcg.score(RELEVANCE, BEST, 4, log_base=0.5), -4.761859507142915)
    assert Dcg.score(RELEVANCE, BEST, 4, log_base=1) == 0.0
    assert near(Dcg.score(RELEVANCE, BEST, 4, log_base=5e-324), -5114.237110671491)


def test_k_cuts_the_row_and_past_the_row_changes_nothing() -> None:
    assert near(Dcg.score(RELEVANCE, BEST, 4, k=2), 4.261859507142915)
    assert Dcg.score(RELEVANCE, BEST, 4, k=4) == Dcg.score(RELEVANCE, BEST, 4)
    assert Dcg.score(RELEVANCE, BEST, 4, k=10**6) == Dcg.score(RELEVANCE, BEST, 4)
    assert near(Ndcg.score(RELEVANCE, WORST, 4, k=2), 0.1480409554829326)


def test_a_tie_across_the_cut_shares_its_mean() -> None:
    # Documents 0 and 4 tie for first; at k = 1 their mean relevance, 7.5, takes the slot.
    truth, scores = [10, 0, 0, 1, 5], [1, 0, 0, 0, 1]
    assert Dcg.score(truth, scores, 5, k=1) == 7.5
    assert Dcg.score(truth, scores, 5, k=1, ignore_ties=True) == 5.0
    assert Ndcg.score(truth, scores, 5, k=1) == 0.75
    assert Ndcg.score(truth, scores, 5, k=1, ignore_ties=True) == 0.5


def test_a_row_with_nothing_relevant_scores_zero() -> None:
    assert Ndcg.score([0, 0, 0], [0.1, 0.2, 0.3], 3) == 0.0
    assert near(Ndcg.score([0, 0, 0, 1, 0, 2], [0.1, 0.2, 0.3] * 2, 3), 0.4751172083949179)
    assert Dcg.score([0, 0, 0, 0], BEST, 4) == 0.0


def test_negative_relevance_is_scored_by_dcg_and_refused_by_ndcg() -> None:
    assert near(Dcg.score([1, -1], [0.1, 0.9], 2), -0.3690702464285427)
    with pytest.raises(ArgumentError) as raised:
        Ndcg.score([1, -1], [0.1, 0.9], 2)
    assert raised.value.message == "ndcg_score should not be used on negative y_true values."
    assert raised.value.param_name == "y_true"


def test_negative_zero_is_not_negative() -> None:
    assert Ndcg.score([-0.0, 1.0], [0.1, 0.2], 2) == 1.0


def test_one_document_is_refused_in_the_reference_sentence() -> None:
    for member in (Dcg.score, Ndcg.score):
        with pytest.raises(ArgumentError) as raised:
            member([1, 2], [0.1, 0.2], 1)
        assert type(raised.value) is ArgumentError
        assert raised.value.message == (
            "Computing NDCG is only meaningful when there is more than 1 document. Got 1 instead."
        )
        assert raised.value.param_name == "label_count"


BASE = {"y_true": RELEVANCE, "y_score": BEST, "label_count": 4}
REFUSALS = [
    ({"k": 0}, ArgumentOutOfRangeError, "k"),
    ({"k": -3}, ArgumentOutOfRangeError, "k"),
    ({"k": 2.0}, ArgumentError, "k"),
    ({"k": True}, ArgumentError, "k"),
    ({"label_count": 0}, ArgumentError, "label_count"),
    ({"label_count": 4.0}, ArgumentError, "label_count"),
    ({"label_count": 3}, ArgumentError, "y_true"),
    ({"y_score": BEST[:3]}, ArgumentError, "y_score"),
    ({"y_true": [], "y_score": []}, ArgumentError, "y_true"),
    ({"y_true": [[3, 2, 1, 0]], "y_score": [[0.9, 0.5], [0.4, 0.1]]}, ArgumentError, "y_score"),
    ({"y_true": [[3, 2], [1, 0]], "y_score": [[0.9, 0.5], [0.4, 0.1]]}, ArgumentError, "y_true"),
    ({"y_true": [3, 2, 1, math.nan]}, ArgumentError, "y_true"),
    ({"y_score": [0.9, math.inf, 0.4, 0.1]}, ArgumentError, "y_score"),
    ({"y_true": [True, False, True, False]}, ArgumentError, "y_true"),
    ({"y_true": ["3", "2", "1", "0"]}, ArgumentError, "y_true"),
    ({"sample_weight": [1.0, 2.0]}, ArgumentError, "sample_weight"),
    ({"sample_weight": [math.nan]}, ArgumentError, "sample_weight"),
    ({"sample_weight": [0.0]}, ArgumentError, "sample_weight"),
    ({"ignore_ties": 1}, ArgumentError, "ignore_ties"),
]


@pytest.mark.parametrize(("kwargs", "error", "name"), REFUSALS)
@pytest.mark.parametrize("member", [Dcg.score, Ndcg.score], ids=["Dcg", "Ndcg"])
def test_refusals_name_the_argument(member, kwargs, error, name) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error) as raised:
        member(**(BASE | kwargs))
    assert type(raised.value) is error
    assert raised.value.param_name == name
    assert f"(Parameter '{name}')" in str(raised.value)


@pytest.mark.parametrize("log_base", [0, 0.0, -0.0, -1, -2.5, math.nan, math.inf, -math.inf])
def test_log_base_outside_zero_to_infinity_is_out_of_range(log_base: float) -> None:
    with pytest.raises(ArgumentOutOfRangeError) as raised:
        Dcg.score(RELEVANCE, BEST, 4, log_base=log_base)
    assert raised.value.param_name == "log_base"


@pytest.mark.parametrize("log_base", [True, False, "2", None])
def test_log_base_that_is_not_a_number_is_refused(log_base: object) -> None:
    with pytest.raises(ArgumentError) as raised:
        Dcg.score(RELEVANCE, BEST, 4, log_base=log_base)  # type: ignore[arg-type]
    assert type(raised.value) is ArgumentError
    assert raised.value.param_name == "log_base"


def test_zero_sum_weights_are_refused_in_numpys_sentence() -> None:
    for member in (Dcg.score, Ndcg.score):
        with pytest.raises(ArgumentError) as raised:
            member(TWO_ROWS_TRUE, TWO_ROWS_SCORE, 4, sample_weight=[1.0, -1.0])
        assert raised.value.message == "Weights sum to zero, can't be normalized"


def test_empty_weights_mean_unweighted() -> None:
    assert Dcg.score(TWO_ROWS_TRUE, TWO_ROWS_SCORE, 4, sample_weight=[]) == Dcg.score(
        TWO_ROWS_TRUE, TWO_ROWS_SCORE, 4
    )


def test_flat_and_two_dimensional_blocks_agree() -> None:
    flat = Ndcg.score(TWO_ROWS_TRUE, TWO_ROWS_SCORE, 4, k=3)
    rows = np.reshape(TWO_ROWS_TRUE, (2, 4)), np.reshape(TWO_ROWS_SCORE, (2, 4))
    assert Ndcg.score(rows[0], rows[1], 4, k=3) == flat
    assert Ndcg.score(TWO_ROWS_TRUE, rows[1], 4, k=3) == flat


def _descending_index_dcg(truth: list[float], scores: list[float], k: int | None) -> float:
    order = sorted(range(len(scores)), key=lambda j: (scores[j], j), reverse=True)
    keep = len(order) if k is None else k
    return sum(truth[j] / math.log2(i + 2) for i, j in enumerate(order) if i < keep)


rows = st.integers(2, 6).flatmap(
    lambda m: st.tuples(
        st.lists(st.integers(0, 4), min_size=m, max_size=m),
        st.lists(st.sampled_from([0.0, 0.5, 1.0]), min_size=m, max_size=m),
        st.one_of(st.none(), st.integers(1, m + 1)),
    )
)


@given(rows)
def test_ignore_ties_ranks_equal_scores_by_descending_index(row) -> None:  # type: ignore[no-untyped-def]
    truth, scores, k = row
    expected = _descending_index_dcg(truth, scores, k)
    assert math.isclose(
        Dcg.score(truth, scores, len(truth), k=k, ignore_ties=True), expected, rel_tol=1e-12
    )


@given(rows)
def test_averaged_ties_are_the_mean_over_every_order(row) -> None:  # type: ignore[no-untyped-def]
    truth, scores, k = row
    values = []
    for permutation in itertools.permutations(range(len(truth))):
        # Relabelling the documents reorders each tied group; the rule then ranks them.
        values.append(
            _descending_index_dcg(
                [truth[j] for j in permutation], [scores[j] for j in permutation], k
            )
        )
    assert math.isclose(
        Dcg.score(truth, scores, len(truth), k=k),
        sum(values) / len(values),
        rel_tol=1e-12,
        abs_tol=1e-12,
    )


def test_large_blocks_match_scikit_learn_bit_for_bit() -> None:
    from sklearn.metrics import dcg_score, ndcg_score

    rng = np.random.default_rng(7)
    truth = rng.integers(0, 4, size=(3000, 25))
    scores = rng.integers(0, 6, size=(3000, 25)) / 5
    weight = rng.standard_normal(3000)
    assert Dcg.score(truth, scores, 25, k=7, log_base=3, sample_weight=weight) == dcg_score(
        truth, scores, k=7, log_base=3, sample_weight=weight
    )
    assert Ndcg.score(truth, scores, 25) == ndcg_score(truth, scores)
    untied = rng.permuted(np.tile(np.arange(25.0), (3000, 1)), axis=1)
    assert Ndcg.score(truth, untied, 25, k=5, ignore_ties=True) == ndcg_score(
        truth, untied, k=5, ignore_ties=True
    )


def test_inputs_are_not_modified() -> None:
    truth = np.array(TWO_ROWS_TRUE, dtype=np.float64).reshape(2, 4)
    scores = np.array(TWO_ROWS_SCORE)
    weight = [1.0, 3.0]
    Ndcg.score(truth, scores, 4, sample_weight=weight)
    Dcg.score(truth, scores, 4, sample_weight=weight)
    assert truth.ravel().tolist() == TWO_ROWS_TRUE
    assert scores.tolist() == TWO_ROWS_SCORE
    assert weight == [1.0, 3.0]


def test_returns_a_python_float() -> None:
    assert type(Dcg.score(RELEVANCE, BEST, 4)) is float
    assert type(Ndcg.score(RELEVANCE, BEST, 4)) is float
