"""Seeded porting bugs of ``CalibrationCurve.compute``."""

from __future__ import annotations

from equivalence.mutant import Mutant, Patch, bugs_of

__all__ = ["MUTANTS"]

bug = bugs_of(
    "CalibrationCurve.compute", "classification.calibration_curve:CalibrationCurve.compute"
)

MUTANTS: tuple[Mutant, ...] = (
    bug(
        "edges_by_division",
        "the uniform edges taken as i / n_bins, not np.linspace's",
        ("quantiles = np.linspace(0.0, 1.0, bins + 1)", "quantiles = np.arange(bins + 1) / bins"),
    ),
    bug(
        "edge_to_the_bin_above",
        "a probability on an edge put in the bin above it",
        Patch("classification.calibration_curve:_bins", "edge < prob", "edge <= prob"),
    ),
    bug("empty_bins_kept", "a bin without samples kept, as 0 / 0", ("!= 0", ">= 0")),
    bug(
        "lower_edge_searched",
        "the lower edge searched too, so a probability of 0 opens a bin of its own",
        ("_bins(edges[1:-1], prob)", "_bins(edges[:-1], prob)"),
    ),
    bug(
        "three_labels_answered",
        "a y_true of three labels binned rather than refused",
        ("((truth != low) & (truth != high)).any()", "False"),
    ),
    bug(
        "midpoint_percentile",
        "quantile edges by the midpoint rule, not linear interpolation",
        (
            "np.percentile(prob, quantiles * 100)",
            'np.percentile(prob, quantiles * 100, method="midpoint")',
        ),
    ),
)
