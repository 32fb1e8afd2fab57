"""Seeded porting bugs of the precision/recall family, one table for its eighteen members.

Each bug is one step of ``lodestar.metrics.classification._prf`` (where the five types
and their members are made, :class:`~lodestar.metrics.classification._prf.Scores`), or of
the matrix it reads, changed, and names the members it must be caught by: a bug of the averages only
by the ``score`` members, one of precision's denominator by ``Precision``'s. The matrix
forms (``[cm]``) must catch every bug their label forms catch, but for a step they do not
take (they count the matrix themselves before the member reads it).
"""

from __future__ import annotations

from equivalence.mutant import Mutant, Patch, bugs_of

__all__ = ["MUTANTS", "NAN_KEPT_IN_MACRO", "TEXTBOOK_F", "THROW_IGNORED", "ZERO_SUPPORT_IS_ZERO"]

_PRF = "classification._prf"
_TYPES = ("Precision", "Recall", "F1", "FBeta", "JaccardScore")
_SCORES = tuple(f"{t}.score" for t in _TYPES)
_EVERY = (*_SCORES, *(f"{t}.per_class" for t in _TYPES))
_AVERAGED = tuple(m for m in _SCORES if not m.startswith("Jaccard"))
_F = ("F1.score", "F1.per_class", "FBeta.score", "FBeta.per_class")

#: Steps the report shares with the family, and so its seeded bugs.
TEXTBOOK_F = Patch(
    f"{_PRF}:scores",
    "return divide((1 + beta2) * tp.astype(np.float64), both, zero, metric.value)",
    "precision = divide(tp, predicted, zero, Metric.PRECISION.value)\n"
    "recall = divide(tp, true, zero, Metric.RECALL.value)\n"
    "return divide(\n"
    "    (1 + beta2) * precision * recall, beta2 * precision + recall, zero, metric.value\n"
    ")",
)
THROW_IGNORED = Patch(
    f"{_PRF}:policy",
    "return zero_division",
    "return ZeroDivision.ZERO if zero_division is ZeroDivision.THROW else zero_division",
)
NAN_KEPT_IN_MACRO = Patch(f"{_PRF}:nan_average", "np.nanmean(values)", "np.mean(values)")
ZERO_SUPPORT_IS_ZERO = Patch(f"{_PRF}:nan_average", "return float(np.average(kept))", "return 0.0")

#: (name, description, the members that must catch it, the patch)
BUGS: tuple[tuple[str, str, tuple[str, ...], Patch], ...] = (
    (
        "weights_dropped",
        "sample_weight validated, then not passed to the matrix",
        _EVERY,
        Patch(
            f"{_PRF}:matrix_of",
            "ConfusionMatrix.compute(y_true, y_pred, labels, sample_weight)",
            "ConfusionMatrix.compute(y_true, y_pred, labels, None)",
        ),
    ),
    (
        "one_gives_zero",
        "ZeroDivision.ONE answers 0 for a zero denominator",
        _EVERY,
        Patch(f"{_PRF}:divide", "ZeroDivision.ONE: 1.0}", "ZeroDivision.ONE: 0.0}"),
    ),
    (
        "nan_gives_zero",
        "ZeroDivision.NAN answers 0 for a zero denominator",
        _EVERY,
        Patch(f"{_PRF}:divide", ".get(zero, np.nan)", ".get(zero, 0.0)"),
    ),
    (
        "throw_ignored",
        "ZeroDivision.THROW answers as ZERO",
        _EVERY,
        THROW_IGNORED,
    ),
    (
        "labels_sorted",
        "the caller's label order sorted",
        tuple(f"{t}.per_class" for t in _TYPES),
        Patch(
            "classification.confusion_matrix:ConfusionMatrix.compute",
            "order = requested",
            "order = np.sort(requested)",
        ),
    ),
    (
        "pos_label_ignored",
        "BINARY scores the larger observed label, whatever pos_label says",
        _SCORES,
        Patch(
            f"{_PRF}:_binary_position",
            "hits = np.flatnonzero((tallies.labels == pos_label) & tallies.observed)",
            "hits = np.flatnonzero(tallies.observed)[-1:]",
        ),
    ),
    (
        "binary_on_matrix_labels",
        "BINARY admissibility decided on the matrix's labels (the C# rule)",
        _SCORES,
        Patch(
            f"{_PRF}:_binary_position",
            "observed = tallies.labels[tallies.observed]",
            "observed = tallies.labels[: tallies.size]",
        ),
    ),
    (
        "micro_as_macro",
        "MICRO averages the per-class scores",
        _SCORES,
        Patch(f"{_PRF}:aggregate", "if average is Averaging.MICRO:", "if False:"),
    ),
    (
        "nan_kept_in_macro",
        "the macro average keeps NaN classes",
        _AVERAGED,
        NAN_KEPT_IN_MACRO,
    ),
    (
        "weighted_zero_support_is_zero",
        "the weighted average is 0 when the supports sum to zero (the C# rule)",
        _AVERAGED,
        ZERO_SUPPORT_IS_ZERO,
    ),
    (
        "precision_over_true",
        "precision divided by the true weight",
        ("Precision.score", "Precision.per_class"),
        Patch(
            f"{_PRF}:scores",
            "return divide(tp, predicted, zero, Metric.PRECISION.value)",
            "return divide(tp, true, zero, Metric.PRECISION.value)",
        ),
    ),
    (
        "recall_over_predicted",
        "recall divided by the predicted weight",
        ("Recall.score", "Recall.per_class"),
        Patch(
            f"{_PRF}:scores",
            "return divide(tp, true, zero, Metric.RECALL.value)",
            "return divide(tp, predicted, zero, Metric.RECALL.value)",
        ),
    ),
    (
        "textbook_f",
        "F from the divided precision and recall, (1 + b²) p r / (b² p + r)",
        _F,
        TEXTBOOK_F,
    ),
    (
        "beta_not_squared",
        "beta used where beta² belongs",
        ("FBeta.score", "FBeta.per_class"),
        Patch(f"{_PRF}:scores", "beta2 = beta**2", "beta2 = beta"),
    ),
    (
        "jaccard_skips_nan",
        "Jaccard averaged as precision is, NaN classes left out",
        ("JaccardScore.score",),
        Patch(
            f"{_PRF}:aggregate",
            "if metric is Metric.JACCARD:\n    return _plain_average(values, weights)",
            "if False:\n    return _plain_average(values, weights)",
        ),
    ),
)


#: Bugs of a step that the matrix forms do not take.
_LABEL_FORM_ONLY = {"weights_dropped"}


def _forms(name: str, members: tuple[str, ...]) -> tuple[str, ...]:
    """``members`` and, unless the bug is of a step of the label form only, their
    matrix forms (every type's but ``JaccardScore``'s)."""
    if name in _LABEL_FORM_ONLY:
        return members
    return (*members, *(f"{m}[cm]" for m in members if not m.startswith("Jaccard")))


def _where(member: str) -> str:
    """Where a member's own steps are: every type's two members are made in ``_prf``."""
    return f"{_PRF}:_member"


MUTANTS: tuple[Mutant, ...] = tuple(
    bugs_of(member, _where(member))(name, description, patch)
    for name, description, members, patch in BUGS
    for member in _forms(name, members)
)
