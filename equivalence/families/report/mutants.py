"""Seeded porting bugs of ``ClassificationReport.compute`` (in both its forms) and ``to_text``.

Each is a mistake a port is likely to make, several of them what the C# library itself
does: F1 from the rounded-off precision and recall, the averages of a plain loop, the
support of the requested sub-matrix only, the table's layout rules half remembered.
"""

from __future__ import annotations

from equivalence.families.prf import mutants as prf
from equivalence.mutant import Change, Mutant, Patch, bugs_of

__all__ = ["MUTANTS"]

_REPORT = "classification.classification_report"


def compute(name: str, description: str, *changes: Change) -> tuple[Mutant, ...]:
    """A bug of ``compute``, which its matrix form, reading the same steps, must catch too."""
    where = f"{_REPORT}:ClassificationReport.compute"
    forms = ("ClassificationReport.compute", "ClassificationReport.compute[cm]")
    return tuple(bugs_of(form, where)(name, description, *changes) for form in forms)


to_text = bugs_of("ClassificationReport.to_text", f"{_REPORT}:ClassificationReport.to_text")
_LINE = f"{_REPORT}:ClassificationReport._line"
_SCORES = "for value in (precision, recall, f1))"

MUTANTS = (
    *compute(
        "textbook_f1",
        "F1 from the divided precision and recall, 2 p r / (p + r)",
        prf.TEXTBOOK_F,
    ),
    *compute(
        "micro_row_whenever_labels_given",
        "a micro avg row whenever labels is given, a superset included",
        ("micro_shown = tallies.explicit and tallies.dropped", "micro_shown = tallies.explicit"),
    ),
    *compute(
        "support_of_the_sub_matrix",
        "only samples with both labels in the set are counted",
        (
            "tp, fp, fn = _prf.counts(tallies)",
            "cells = matrix.to_array()\n"
            "tp = np.diagonal(cells).copy()\n"
            "fp, fn = cells.sum(axis=0) - tp, cells.sum(axis=1) - tp",
        ),
    ),
    *compute(
        "weighted_zero_support_is_zero",
        "the weighted average is 0 when the supports sum to zero",
        prf.ZERO_SUPPORT_IS_ZERO,
    ),
    *compute(
        "nan_kept_in_macro",
        "the macro average keeps NaN rows",
        prf.NAN_KEPT_IN_MACRO,
    ),
    *compute(
        "throw_ignored",
        "ZeroDivision.THROW answers as ZERO",
        prf.THROW_IGNORED,
    ),
    *compute(
        "accuracy_over_counted_samples",
        "accuracy as the diagonal over the total weight counted, unguarded",
        Patch(
            f"{_REPORT}:_build",
            "total = float(np.sum(true_sum))",
            "micro = (np.array([np.sum(tp) / np.sum(tp + fp)]), *micro[1:])\n"
            "total = float(np.sum(true_sum))",
        ),
    ),
    to_text(
        "support_always_integer",
        "supports always print as integers",
        Patch(
            f"{_REPORT}:ClassificationReport._support_text",
            " if self._whole_support else repr(support)",
            "",
        ),
    ),
    to_text(
        "float_support_only_when_weighted",
        "float supports only for weighted input, not when no sample is right",
        Patch(
            "classification.confusion_matrix:_tally",
            "tp = np.zeros(bins, dtype=np.float64)",
            "tp = np.zeros(bins, dtype=np.int64 if weight is None else np.float64)",
        ),
    ),
    to_text(
        "width_ignores_digits",
        "the name column is not widened by digits",
        ("len(_LONGEST_AVERAGE), digits)", "len(_LONGEST_AVERAGE))"),
    ),
    to_text(
        "width_from_names_only",
        "the name column is as wide as the longest name, 'weighted avg' forgotten",
        ("len(_LONGEST_AVERAGE), digits)", "digits)"),
    ),
    to_text(
        "nan_spelled_dotnet",
        "NaN printed as .NET spells it",
        Patch(_LINE, _SCORES, f'{_SCORES}.replace("nan", "NaN")'),
        (
            "{self._micro.f1:>{_COLUMN}.{digits}f}",
            "{format(self._micro.f1, f'>{_COLUMN}.{digits}f').replace('nan', 'NaN')}",
        ),
    ),
    to_text(
        "accuracy_row_with_scores",
        "the accuracy row prints precision and recall too",
        (
            "f\"{'accuracy':>{width}}  {blank} {blank} {self._micro.f1:>{_COLUMN}.{digits}f}\"\n"
            'f" {self._support_text(self._total_support):>{_COLUMN}}"',
            'self._line("accuracy", width, digits, *(getattr(self._micro, part)'
            ' for part in ("precision", "recall", "f1", "support")))',
        ),
    ),
    to_text(
        "truncated_scores",
        "scores cut to digits places instead of rounded",
        Patch(
            _LINE,
            _SCORES,
            "for value in np.trunc(np.array([precision, recall, f1]) * np.float64(10) ** digits)"
            " / np.float64(10) ** digits)",
        ),
    ),
)
