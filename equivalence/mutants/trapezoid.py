"""Seeded porting bugs of ``Auc.trapezoid``."""

from __future__ import annotations

from equivalence.mutants.model import Mutant, bugs_of

__all__ = ["MUTANTS"]

bug = bugs_of("Auc.trapezoid", "classification.auc:Auc.trapezoid")

MUTANTS: tuple[Mutant, ...] = (
    bug("direction_ignored", "a falling x keeps its negative area", ("direction = -1.0", "pass")),
    bug(
        "turning_answered",
        "an x that rises and falls is integrated instead of refused",
        ("if not (dx <= 0).all():", "if False:"),
    ),
    bug(
        "strictly_monotone",
        "a repeated x counts as a turn",
        ("if (dx < 0).any():", "if (dx <= 0).any():"),
    ),
    bug(
        "right_endpoint",
        "each strip's height read at its right end, not the mean of both",
        ("(ys[1:] + ys[:-1]) / 2.0", "ys[1:]"),
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
