"""Seeded porting bugs of ``Auc.trapezoid``."""

from __future__ import annotations

from equivalence.mutant import Mutant, bugs_of

__all__ = ["MUTANTS"]

bug = bugs_of("Auc.trapezoid", "classification.auc:Auc.trapezoid")

MUTANTS: tuple[Mutant, ...] = (
    bug("direction_ignored", "a falling x keeps its negative area", ("direction = -1.0", "pass")),
    bug(
        "turning_answered",
        "an x that rises and falls is integrated instead of refused",
        ("if rises:", "if False:"),
    ),
    bug(
        "strictly_monotone",
        "a repeated x counts as a turn",
        ("falls |= bool(step.min() < 0)", "falls |= bool(step.min() <= 0)"),
    ),
    bug(
        "right_endpoint",
        "each strip's height read at its right end, not the mean of both",
        (
            "np.add(ys[start + 1 : stop + 1], ys[start:stop], out=part)",
            "np.copyto(part, ys[start + 1 : stop + 1])",
        ),
        ("part /= 2.0", "pass"),
    ),
    bug(
        "summed_in_sequence",
        "the terms added left to right, not by NumPy's pairwise reduction",
        (".sum())", ".cumsum()[-1])"),
    ),
    bug(
        "one_point_answered",
        "a single point answered 0 rather than refused",
        ("if xs.size < 2:", "if xs.size < 1:"),
    ),
)
