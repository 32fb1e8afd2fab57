"""The ranking family: ``TopKAccuracy.score``."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from equivalence import shared
from equivalence.draw import blocks, primitives
from equivalence.model import Call, Divergence, Edge, Member, Predicate
from equivalence.view import View
from lodestar.metrics import TopKAccuracy

__all__ = ["MEMBERS", "TOP_K_ACCURACY"]


def _tie_across_k(v: View) -> bool:
    """Some row's true class ties another class, and the tie straddles the ``k`` cut."""
    rows, truth, k = v.well_formed_rows, v.truth, v.k
    if rows is None or truth is None or k is None:
        return False
    own = rows[np.arange(len(truth)), truth][:, None]
    greater, equal_others = (rows > own).sum(axis=1), (rows == own).sum(axis=1) - 1
    return bool(((greater < k) & (greater + equal_others >= k)).any())


def _threshold_disagrees(v: View) -> bool:
    """Binary, ``k = 1``, and some row where ranking the two columns and thresholding
    the second column (scikit-learn's binary rule) pick different classes."""
    rows = v.well_formed_rows
    if rows is None or v.classes != 2 or v.k != 1:
        return False
    threshold = 0.5 if rows[:, 1].min() >= 0 and rows[:, 1].max() <= 1 else 0.0
    return bool(((rows[:, 1] >= rows[:, 0]) != (rows[:, 1] > threshold)).any())


def _k_against_classes(test: Callable[[int, int], bool]) -> Predicate:
    """A call with well-formed rows whose ``k`` and ``class_count`` pass ``test``."""
    return lambda v: v.well_formed_rows is not None and test(v.k or 0, v.classes or 0)


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
    """``top_k_accuracy_score`` with ``labels=range(class_count)``, a flat block reshaped
    to ``(n, class_count)``. At ``class_count = 2`` scikit-learn takes one score a sample,
    so it is asked with the second column (class 1's score), after its own
    ``check_array`` has seen the whole block: a NaN in the first column is refused as in
    a wider block."""
    from sklearn.metrics import top_k_accuracy_score
    from sklearn.utils import check_array

    matrix = blocks.matrix(v, np.float64)
    if v["class_count"] == 2 and matrix.ndim == 2 and matrix.shape[1] == 2:
        matrix = check_array(matrix)[:, 1]
    return float(top_k_accuracy_score(v.args[0], matrix, **blocks.asked(v, "k", "normalize")))


@primitives.composite
def _calls(draw: primitives.Draw, scenario: str) -> Call:
    tie = scenario == "tie_across_k"
    d = blocks.start(draw, scenario, primitives.score_rows, "normalize", (3 if tie else 2, 6))
    k, binary_k, past = primitives.integers(draw, (1, 6), (0, 4), (0, 3))
    classes, rows = d.classes, d.rows
    k = (1, 1, 1, 2, 3)[binary_k] if scenario == "binary" else 1 + (k - 1) % (classes - tie)
    if scenario == "binary" and primitives.flip(draw):
        # Complementary columns, as predict_proba gives, often exactly one half.
        halves = draw(primitives.table(d.samples, (0.5, *primitives.GRID)))
        kept = draw(primitives.codes(d.samples))
        rows[:, 1] = np.where(kept % 2, rows[:, 1], halves)
        rows[:, 0] = 1.0 - rows[:, 1]
    if scenario == "k_at_or_past_class_count":
        k = classes + (0, 0, 1, 5)[past]
    if tie:
        # Row 0: the true class at 0.5, `above` classes over it, the rest of the top k
        # tied with it, the others below.
        others = primitives.permutation(draw, [c for c in range(classes) if c != d.truth[0]])
        above = primitives.between(draw, 0, k - 1)
        scores = [1.0] * above + [0.5] * (k - above) + [0.0] * classes
        rows[0, [d.truth[0], *others]] = [0.5, *scores[: classes - 1]]
    if scenario == "k_below_one":
        k = primitives.pick(draw, (0, -1))
    d.kwargs = {"k": k, **d.kwargs}
    if scenario in ("k_below_one", "k_at_or_past_class_count", "tie_across_k"):
        d.keep = ("k", "sample_weight")
    return blocks.finish(draw, d, ("weighted", "valid", "tie_across_k", "binary"))


TOP_K_ACCURACY = Member(
    name="TopKAccuracy.score",
    csharp="TopKAccuracy.Score",
    page="reference/metrics/ranking/topkaccuracy-score.md",
    implementation=TopKAccuracy.score,
    oracle=_oracle,
    oracle_call="top_k_accuracy_score(y_true, y_score, k=k, normalize=normalize, "
    "sample_weight=sample_weight, labels=range(class_count))",
    since="1.3",
    scenarios=blocks.scenarios(
        _calls,
        "valid tie_across_k binary weighted zero_sum_weight k_at_or_past_class_count two_d empty "
        "label_out_of_range k_below_one wrong_size non_finite class_count_below_two "
        "wrong_weight_length",
    ),
    edges=(
        Edge("tie_across_k", "the true class ties another across the k cut", _tie_across_k),
        blocks.BINARY,
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
        Edge("k_at_class_count", "k equal to class_count", _k_against_classes(int.__eq__)),
        Edge("k_past_class_count", "k above class_count", _k_against_classes(int.__gt__)),
        *shared.edges("two_d", "empty", "label_out_of_range"),
        Edge("k_below_one", "k below 1", lambda v: v.k is not None and v.k < 1),
        *shared.edges("wrong_size", "non_finite", "class_count_below_two", "wrong_weight_length"),
    ),
    divergences=(
        Divergence(
            "binary_threshold",
            "value",
            "At class_count = 2 and k = 1 the two columns are ranked (class 1 first when "
            "s1 >= s0), where scikit-learn, asked with the second column, thresholds it at "
            "0.5 (or 0 outside [0, 1]): a row at exactly one half, or a row whose two "
            "columns do not sum to one, can be scored differently.",
            _threshold_disagrees,
            _ranked_binary_accuracy,
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
