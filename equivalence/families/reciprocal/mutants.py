"""Seeded porting bugs of ``ReciprocalRank.score``, caught against the plain-loop
reference: ties broken by ascending index, or always for the relevant document; only
positive (or only whole-unit) relevance counted; a query with nothing relevant dropped
from the mean; the rank counted from zero; the reciprocal of the last relevant document."""

from __future__ import annotations

from equivalence.mutant import Mutant, bugs_of

__all__ = ["MUTANTS"]

_WHERE = "ranking.reciprocal_rank"
bug = bugs_of("ReciprocalRank.score", _WHERE)
_TIE = "((scores == best) & (columns > last))"

MUTANTS: tuple[Mutant, ...] = (
    bug(
        "ascending_ties",
        "ties ranked by ascending index",
        (_TIE, "((scores == best) & (columns < last))"),
    ),
    bug(
        "ties_favour_relevant",
        "a tie always ranks the relevant document first",
        (f" + {_TIE}.sum(axis=1)", ""),
    ),
    bug("positive_only", "only a positive relevance counts", ("judged != 0.0", "judged > 0.0")),
    bug(
        "whole_units",
        "a relevance below 1 does not count",
        ("judged != 0.0", "np.abs(judged) >= 1.0"),
    ),
    bug(
        "nothing_relevant_dropped",
        "a query with nothing relevant left out of the mean",
        ("/ len(reciprocal)", "/ max(int(np.count_nonzero(reciprocal)), 1)"),
    ),
    bug(
        "rank_from_zero",
        "the rank counted from 0, plus 2",
        ("1.0 / (above + 1.0)", "1.0 / (above + 2.0)"),
    ),
    bug(
        "last_relevant",
        "the relevant document of least score taken",
        ("np.where(relevant, scores, -np.inf).max(", "np.where(relevant, scores, np.inf).min("),
    ),
)
