"""The ranking family: ``TopKAccuracy.score``."""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import strategies as st

from equivalence import strategies as s
from equivalence.model import Call, Divergence, Edge, Member, Tolerance
from lodestar.errors import ArgumentError
from lodestar.metrics import TopKAccuracy

__all__ = ["MEMBERS", "TOP_K_ACCURACY"]


# -- reading a TopKAccuracy call back ---------------------------------------------


def _class_count(call: Call) -> Any:
    return call.argument(2, "class_count")


def _k(call: Call) -> Any:
    return call.argument(3, "k", 2)


def _rows(call: Call) -> np.ndarray[Any, Any] | None:
    """The score block as ``(n, class_count)``, or ``None`` when it is not one."""
    truth = s.as_labels(call.args[0])
    scores = s.as_floats(call.args[1])
    classes = _class_count(call)
    if truth is None or scores is None or not isinstance(classes, int) or classes < 1:
        return None
    if scores.ndim == 2 and scores.shape == (len(truth), classes):
        return scores
    if scores.ndim == 1 and scores.size == len(truth) * classes:
        return scores.reshape(len(truth), classes)
    return None


def _well_formed(call: Call) -> bool:
    rows = _rows(call)
    truth = s.as_labels(call.args[0])
    return (
        rows is not None
        and truth is not None
        and len(truth) > 0
        and bool(np.isfinite(rows).all())
        and bool(((truth >= 0) & (truth < rows.shape[1])).all())
    )


def _tie_across_k(call: Call) -> bool:
    """Some row's true class ties another class, and the tie straddles the ``k`` cut."""
    if not _well_formed(call):
        return False
    rows = _rows(call)
    assert rows is not None
    truth = s.as_labels(call.args[0])
    assert truth is not None
    k = _k(call)
    own = rows[np.arange(len(truth)), truth][:, None]
    greater = (rows > own).sum(axis=1)
    equal_others = (rows == own).sum(axis=1) - 1
    return bool(((greater < k) & (greater + equal_others >= k)).any())


def _binary_pairs(call: Call) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]] | None:
    if _class_count(call) != 2 or not _well_formed(call):
        return None
    rows = _rows(call)
    assert rows is not None
    return rows[:, 0], rows[:, 1]


def _threshold_disagrees(call: Call) -> bool:
    """Binary, ``k = 1``, and some row where ranking the two columns and thresholding
    the second column (scikit-learn's binary rule) pick different classes."""
    pairs = _binary_pairs(call)
    if pairs is None or _k(call) != 1:
        return False
    first, second = pairs
    threshold = 0.5 if second.min() >= 0 and second.max() <= 1 else 0.0
    return bool(((second >= first) != (second > threshold)).any())


def _ranked_binary_accuracy(call: Call) -> float:
    """What the rank rule gives on a binary call: class 1 is first when ``s1 >= s0``
    (descending index order on the tie), scored by scikit-learn's ``accuracy_score``."""
    from sklearn.metrics import accuracy_score

    pairs = _binary_pairs(call)
    assert pairs is not None
    first, second = pairs
    predicted = (second >= first).astype(np.int64)
    weight = s.weight_vector(call, 5)
    normalize = call.argument(4, "normalize", True)
    return float(
        accuracy_score(
            s.as_labels(call.args[0]), predicted, normalize=normalize, sample_weight=weight
        )
    )


def _non_finite_weight(call: Call) -> bool:
    return s.non_finite(s.weight_vector(call, 5))


def _non_finite(call: Call) -> bool:
    scores = s.as_floats(call.args[1])
    return _non_finite_weight(call) or (scores is not None and not bool(np.isfinite(scores).all()))


def _negative_weight(call: Call) -> bool:
    return s.negative(s.weight_vector(call, 5))


def _zero_sum_weight(call: Call) -> bool:
    return s.zero_sum(s.weight_vector(call, 5))


def _label_out_of_range(call: Call) -> bool:
    truth = s.as_labels(call.args[0])
    classes = _class_count(call)
    return (
        truth is not None
        and isinstance(classes, int)
        and bool(((truth < 0) | (truth >= classes)).any())
    )


def _wrong_size(call: Call) -> bool:
    truth = s.as_labels(call.args[0])
    classes = _class_count(call)
    return truth is not None and isinstance(classes, int) and classes >= 2 and _rows(call) is None


def _wrong_weight_length(call: Call) -> bool:
    weight = s.weight_vector(call, 5)
    truth = s.as_labels(call.args[0])
    return weight is not None and truth is not None and weight.size != len(truth)


# -- the oracle --------------------------------------------------------------------


def _oracle(call: Call) -> float:
    """``top_k_accuracy_score`` with ``labels=range(class_count)``.

    A flat block is reshaped to ``(n, class_count)``. scikit-learn takes a binary
    problem only as one score per sample, so at ``class_count = 2`` it is asked with
    the second column, the score of class 1, after its own ``check_array`` has seen the
    whole block (so that a NaN in the first column is refused as it would be in a wider
    one).
    """
    from sklearn.metrics import top_k_accuracy_score
    from sklearn.utils import check_array

    truth, scores, classes = call.args[0], call.args[1], _class_count(call)
    matrix = np.asarray(scores, dtype=np.float64)
    if matrix.ndim == 1:
        matrix = matrix.reshape(len(truth), classes)
    if classes == 2 and matrix.ndim == 2 and matrix.shape[1] == 2:
        matrix = check_array(matrix)[:, 1]
    weight = call.argument(5, "sample_weight")
    if weight is not None and len(weight) == 0:
        weight = None
    return float(
        top_k_accuracy_score(
            truth,
            matrix,
            k=_k(call),
            normalize=call.argument(4, "normalize", True),
            sample_weight=weight,
            labels=list(range(classes)),
        )
    )


# -- the calls ---------------------------------------------------------------------

SCENARIOS = (
    "valid",
    "tie_across_k",
    "binary",
    "weighted",
    "zero_sum_weight",
    "k_at_or_past_class_count",
    "two_d",
    "empty",
    "label_out_of_range",
    "k_below_one",
    "wrong_size",
    "non_finite",
    "class_count_below_two",
    "wrong_weight_length",
)


@st.composite
def _calls(draw: s.Draw, scenario: str) -> Call:
    classes = draw(s.class_counts(2, 6))
    samples = draw(st.integers(1, 8))
    k = draw(st.integers(1, classes))
    if scenario == "binary":
        classes, k = 2, draw(st.sampled_from([1, 1, 1, 2, 3]))
    if scenario == "k_at_or_past_class_count":
        k = classes + draw(st.sampled_from([0, 0, 1, 5]))
    if scenario == "empty":
        samples = 0
    truth = draw(s.label_lists(samples, 0, classes - 1))
    rows = s.score_matrix(draw, samples, classes)
    if scenario == "binary" and draw(st.booleans()):
        # Complementary columns, as predict_proba gives, often exactly one half.
        for row in rows:
            row[1] = draw(st.sampled_from([0.5, *s.GRID])) if draw(st.booleans()) else row[1]
            row[0] = 1.0 - row[1]
    if scenario == "tie_across_k":
        classes = max(classes, 3)
        k = draw(st.integers(1, classes - 1))
        samples = max(samples, 1)
        truth = draw(s.label_lists(samples, 0, classes - 1))
        rows = s.score_matrix(draw, samples, classes)
        target = truth[0]
        others = [c for c in range(classes) if c != target]
        order = draw(st.permutations(others))
        above = draw(st.integers(0, k - 1))
        rows[0] = [0.0] * classes
        rows[0][target] = 0.5
        for position, column in enumerate(order):
            rows[0][column] = 1.0 if position < above else (0.5 if position < k else 0.0)
    weight: Any = None
    if scenario in ("weighted", "valid", "tie_across_k", "binary"):
        weight = draw(s.valid_weights(samples))
    if scenario == "zero_sum_weight":
        samples = max(samples, 2)
        truth = draw(s.label_lists(samples, 0, classes - 1))
        rows = s.score_matrix(draw, samples, classes)
        weight = draw(s.zero_sum_weights(samples))
    if scenario == "wrong_weight_length":
        weight = draw(st.lists(st.floats(0, 2), min_size=samples + 1, max_size=samples + 2))
    if scenario == "label_out_of_range":
        truth[s.some_index(draw, samples)] = draw(st.sampled_from([-1, classes, classes + 3]))
    if scenario == "k_below_one":
        k = draw(st.sampled_from([0, -1]))
    if scenario == "non_finite":
        bad = draw(st.sampled_from(s.NON_FINITE))
        if draw(st.booleans()):
            rows[s.some_index(draw, samples)][s.some_index(draw, classes)] = bad
        else:
            weight = [1.0] * (samples - 1) + [bad]
    if scenario == "class_count_below_two":
        classes = draw(st.sampled_from([0, 1]))
        rows = [row[:classes] for row in rows]
        truth = [0] * samples
    flat: Any = [value for row in rows for value in row]
    if scenario == "wrong_size":
        flat = [*flat, 0.5] if draw(st.booleans()) or not flat else flat[:-1]
    if scenario == "two_d":
        flat = np.array(rows, dtype=np.float64).reshape(samples, classes)
    kwargs: dict[str, Any] = {"k": k, "normalize": draw(st.booleans())}
    if weight is not None:
        kwargs["sample_weight"] = weight
    keep = ("k",) if scenario in ("k_below_one", "k_at_or_past_class_count", "tie_across_k") else ()
    return Call((truth, flat, classes), s.with_defaults(draw, kwargs, (*keep, "sample_weight")))


def _k_at_class_count(call: Call) -> bool:
    return _well_formed(call) and _k(call) == _class_count(call)


def _k_past_class_count(call: Call) -> bool:
    classes = _class_count(call)
    return _well_formed(call) and isinstance(classes, int) and _k(call) > classes


TOP_K_ACCURACY = Member(
    name="TopKAccuracy.score",
    csharp="TopKAccuracy.Score",
    page="reference/metrics/ranking/topkaccuracy-score.md",
    implementation=TopKAccuracy.score,
    oracle=_oracle,
    oracle_call="top_k_accuracy_score(y_true, y_score, k=k, normalize=normalize, "
    "sample_weight=sample_weight, labels=range(class_count))",
    since="1.3",
    scenarios={scenario: _calls(scenario) for scenario in SCENARIOS},
    edges=(
        Edge("tie_across_k", "the true class ties another across the k cut", _tie_across_k),
        Edge("binary", "class_count = 2", lambda c: _binary_pairs(c) is not None),
        Edge(
            "binary_threshold",
            "class_count = 2, k = 1, rank and threshold disagree",
            _threshold_disagrees,
        ),
        Edge("negative_weight", "a weight below zero", _negative_weight),
        Edge("zero_sum_weight", "weights summing to exactly zero", _zero_sum_weight),
        Edge(
            "zero_sum_count",
            "weights summing to zero with normalize=False",
            lambda c: _zero_sum_weight(c) and c.argument(4, "normalize", True) is False,
        ),
        Edge("k_at_class_count", "k equal to class_count", _k_at_class_count),
        Edge("k_past_class_count", "k above class_count", _k_past_class_count),
        Edge("two_d", "the score block given as a 2-D array", lambda c: np.ndim(c.args[1]) == 2),
        Edge("empty", "no sample", lambda c: len(c.args[0]) == 0),
        Edge("label_out_of_range", "a label outside [0, class_count)", _label_out_of_range),
        Edge("k_below_one", "k below 1", lambda c: isinstance(_k(c), int) and _k(c) < 1),
        Edge("wrong_size", "a score block that is not n rows of class_count", _wrong_size),
        Edge("non_finite", "NaN or infinity in scores or weights", _non_finite),
        Edge("class_count_below_two", "class_count of 0 or 1", lambda c: _class_count(c) in (0, 1)),
        Edge("wrong_weight_length", "a weight vector of the wrong length", _wrong_weight_length),
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
        Divergence(
            name="non_finite_weight",
            kind="narrowing",
            summary=(
                "A NaN or infinite weight is refused; scikit-learn answers NaN (or a number "
                "built on infinity)."
            ),
            applies=_non_finite_weight,
        ),
    ),
    tolerance=Tolerance(ulps=0),
    refusals=(ArgumentError,),
    example=Call(
        ([0, 1, 2, 2], [0.7, 0.2, 0.1, 0.3, 0.5, 0.2, 0.2, 0.3, 0.5, 0.5, 0.3, 0.2], 3),
        {"k": 2, "normalize": True, "sample_weight": [1.0, 2.0, 4.0, 8.0]},
    ),
)

MEMBERS = (TOP_K_ACCURACY,)
