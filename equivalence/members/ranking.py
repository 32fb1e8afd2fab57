"""The ranking family: ``TopKAccuracy.score``."""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import strategies as st

from equivalence import roles as r
from equivalence import shared
from equivalence.model import Call, Divergence, Edge, Member
from equivalence.view import View
from lodestar.metrics import TopKAccuracy

__all__ = ["MEMBERS", "TOP_K_ACCURACY"]


def _tie_across_k(v: View) -> bool:
    """Some row's true class ties another class, and the tie straddles the ``k`` cut."""
    rows, truth, k = v.well_formed_rows, v.truth, v.k
    if rows is None or truth is None or k is None:
        return False
    own = rows[np.arange(len(truth)), truth][:, None]
    greater = (rows > own).sum(axis=1)
    equal_others = (rows == own).sum(axis=1) - 1
    return bool(((greater < k) & (greater + equal_others >= k)).any())


def _binary(v: View) -> bool:
    return v.classes == 2 and v.well_formed_rows is not None


def _threshold_disagrees(v: View) -> bool:
    """Binary, ``k = 1``, and some row where ranking the two columns and thresholding
    the second column (scikit-learn's binary rule) pick different classes."""
    if not _binary(v) or v.k != 1:
        return False
    rows = v.well_formed_rows
    assert rows is not None
    first, second = rows[:, 0], rows[:, 1]
    threshold = 0.5 if second.min() >= 0 and second.max() <= 1 else 0.0
    return bool(((second >= first) != (second > threshold)).any())


def _ranked_binary_accuracy(v: View) -> float:
    """What the rank rule gives on a binary call: class 1 is first when ``s1 >= s0``
    (descending index order on the tie), scored by scikit-learn's ``accuracy_score``."""
    from sklearn.metrics import accuracy_score

    rows = v.well_formed_rows
    assert rows is not None
    predicted = (rows[:, 1] >= rows[:, 0]).astype(np.int64)
    return float(
        accuracy_score(v.truth, predicted, normalize=v["normalize"], sample_weight=v.weight)
    )


def _oracle(v: View) -> float:
    """``top_k_accuracy_score`` with ``labels=range(class_count)``.

    A flat block is reshaped to ``(n, class_count)``. scikit-learn takes a binary
    problem only as one score per sample, so at ``class_count = 2`` it is asked with
    the second column, the score of class 1, after its own ``check_array`` has seen the
    whole block (so that a NaN in the first column is refused as it would be in a wider
    one).
    """
    from sklearn.metrics import top_k_accuracy_score
    from sklearn.utils import check_array

    truth, classes = v.args[0], v["class_count"]
    matrix = np.asarray(v.raw_block, dtype=np.float64)
    if matrix.ndim == 1:
        matrix = matrix.reshape(len(truth), classes)
    if classes == 2 and matrix.ndim == 2 and matrix.shape[1] == 2:
        matrix = check_array(matrix)[:, 1]
    return float(
        top_k_accuracy_score(
            truth,
            matrix,
            k=v["k"],
            normalize=v["normalize"],
            sample_weight=v.unweighted,
            labels=list(range(classes)),
        )
    )


@st.composite
def _calls(draw: r.Draw, scenario: str) -> Call:
    classes, samples, k, binary_k, past, normalize = r.integers(
        draw, (2, 6), (1, 8), (1, 6), (0, 4), (0, 3), (0, 1)
    )
    classes = max(classes, 3) if scenario == "tie_across_k" else classes
    samples = 0 if scenario == "empty" else samples
    samples = max(samples, 2) if scenario == "zero_sum_weight" else samples
    k = 1 + (k - 1) % (classes - (scenario == "tie_across_k"))
    if scenario == "binary":
        classes, k = 2, (1, 1, 1, 2, 3)[binary_k]
    if scenario == "k_at_or_past_class_count":
        k = classes + (0, 0, 1, 5)[past]
    truth = draw(r.labels(samples, 0, classes - 1))
    rows = draw(r.score_rows(samples, classes))
    if scenario == "binary" and draw(st.booleans()):
        # Complementary columns, as predict_proba gives, often exactly one half.
        halves = draw(r.table(samples, (0.5, *r.GRID)))
        keep = draw(r.codes(samples))
        for row, half, kept in zip(rows, halves.tolist(), keep.tolist(), strict=True):
            row[1] = row[1] if kept % 2 else half
            row[0] = 1.0 - row[1]
    if scenario == "tie_across_k":
        # Row 0: the true class at 0.5, `above` classes over it, the rest of the top k
        # tied with it, the others below.
        target = truth[0]
        order = r.permutation(draw, [c for c in range(classes) if c != target])
        above = draw(st.integers(0, k - 1))
        rows[0] = [0.0] * classes
        rows[0][target] = 0.5
        for position, column in enumerate(order):
            rows[0][column] = 1.0 if position < above else (0.5 if position < k else 0.0)
    weight: Any = None
    if scenario in ("weighted", "valid", "tie_across_k", "binary"):
        weight = draw(r.weights(samples))
    if scenario == "zero_sum_weight":
        weight = draw(r.weights(samples, "zero_sum"))
    if scenario == "wrong_weight_length":
        weight = draw(r.weights(samples, "wrong_length"))
    if scenario == "label_out_of_range":
        truth[r.index(draw, samples)] = draw(st.sampled_from((-1, classes, classes + 3)))
    if scenario == "k_below_one":
        k = draw(st.sampled_from((0, -1)))
    if scenario == "non_finite":
        if draw(st.booleans()):
            rows[r.index(draw, samples)][r.index(draw, classes)] = draw(
                st.sampled_from(r.NON_FINITE)
            )
        else:
            weight = draw(r.weights(samples, "non_finite"))
    if scenario == "class_count_below_two":
        classes = draw(st.sampled_from((0, 1)))
        rows, truth = [row[:classes] for row in rows], [0] * samples
    block: Any = r.flat(rows)
    if scenario == "wrong_size":
        block = [*block, 0.5] if draw(st.booleans()) or not block else block[:-1]
    if scenario == "two_d":
        block = np.array(rows, dtype=np.float64).reshape(samples, classes)
    kwargs: dict[str, Any] = {"k": k, "normalize": bool(normalize)}
    if weight is not None:
        kwargs["sample_weight"] = weight
    keep = ("k",) if scenario in ("k_below_one", "k_at_or_past_class_count", "tie_across_k") else ()
    return Call((truth, block, classes), r.with_defaults(draw, kwargs, (*keep, "sample_weight")))


TOP_K_ACCURACY = Member(
    name="TopKAccuracy.score",
    csharp="TopKAccuracy.Score",
    page="reference/metrics/ranking/topkaccuracy-score.md",
    implementation=TopKAccuracy.score,
    oracle=_oracle,
    oracle_call="top_k_accuracy_score(y_true, y_score, k=k, normalize=normalize, "
    "sample_weight=sample_weight, labels=range(class_count))",
    since="1.3",
    scenarios={
        scenario: _calls(scenario)
        for scenario in (
            *("valid", "tie_across_k", "binary", "weighted", "zero_sum_weight"),
            *("k_at_or_past_class_count", "two_d", "empty", "label_out_of_range"),
            *("k_below_one", "wrong_size", "non_finite", "class_count_below_two"),
            "wrong_weight_length",
        )
    },
    edges=(
        Edge("tie_across_k", "the true class ties another across the k cut", _tie_across_k),
        Edge("binary", "class_count = 2", _binary),
        Edge(
            "binary_threshold",
            "class_count = 2, k = 1, rank and threshold disagree",
            _threshold_disagrees,
        ),
        *shared.edges("negative_weight", "zero_sum_weight"),
        Edge(
            "zero_sum_count",
            "weights summing to zero with normalize=False",
            lambda v: v.zero_sum_weight and v.flag("normalize") is False,
        ),
        Edge(
            "k_at_class_count",
            "k equal to class_count",
            lambda v: v.well_formed_rows is not None and v.k == v.classes,
        ),
        Edge(
            "k_past_class_count",
            "k above class_count",
            lambda v: v.well_formed_rows is not None and (v.k or 0) > (v.classes or 0),
        ),
        *shared.edges("two_d", "empty", "label_out_of_range"),
        Edge("k_below_one", "k below 1", lambda v: v.k is not None and v.k < 1),
        *shared.edges("wrong_size", "non_finite"),
        *shared.edges("class_count_below_two", "wrong_weight_length"),
    ),
    divergences=(
        Divergence(
            name="binary_threshold",
            kind="value",
            summary=(
                "At class_count = 2 and k = 1 the two columns are ranked (class 1 first when "
                "s1 >= s0), where scikit-learn, asked with the second column, thresholds it at "
                "0.5 (or 0 outside [0, 1]): a row at exactly one half, or a row whose two "
                "columns do not sum to one, can be scored differently."
            ),
            applies=_threshold_disagrees,
            expected=_ranked_binary_accuracy,
        ),
        shared.non_finite_weight(),
        shared.float32_weight_total(TopKAccuracy.score),
    ),
    example=Call(
        ([0, 1, 2, 2], [0.7, 0.2, 0.1, 0.3, 0.5, 0.2, 0.2, 0.3, 0.5, 0.5, 0.3, 0.2], 3),
        {"k": 2, "normalize": True, "sample_weight": [1.0, 2.0, 4.0, 8.0]},
    ),
)

MEMBERS = (TOP_K_ACCURACY,)
