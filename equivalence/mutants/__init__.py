"""Plausible porting bugs, each a one-step variation of the reference, that the harness
must catch.

Each :class:`Mutant` is what a careful port might still get wrong: a tie broken the
other way, a weight dropped from a count, a refusal forgotten, a default flipped. It is
written as a patch of ``lodestar``'s own source (see :mod:`equivalence.mutants.patch`):
the module, the snippet, its replacement, so that a bug differs from the reference in
exactly the step it names. The sensitivity test runs every one of them through the
harness with the CI budget and fails if any survives; a harness that cannot tell these
apart from the reference would pass anything.

Each module of this package holds one family's mutants in its ``MUTANTS``; a new module
is added to the import list below.
"""

from __future__ import annotations

from equivalence.mutants import (
    ap_matrix,
    areas,
    calibration,
    clustering,
    confusion,
    curves,
    curves2,
    dcg,
    deviance,
    dispersion,
    hinge,
    kappa,
    labelranking,
    logerror,
    mcc,
    median,
    multilabel,
    mutual,
    pinball,
    prf,
    probability,
    ratios,
    reciprocal,
    regression,
    report,
    seed,
    silhouette,
    trapezoid,
    variance,
)
from equivalence.mutants.model import Mutant

__all__ = ["MUTANTS", "Mutant"]

MUTANTS: tuple[Mutant, ...] = (
    *seed.MUTANTS,
    *probability.MUTANTS,
    *confusion.MUTANTS,
    *dcg.MUTANTS,
    *mcc.MUTANTS,
    *report.MUTANTS,
    *prf.MUTANTS,
    *kappa.MUTANTS,
    *ratios.MUTANTS,
    *regression.MUTANTS,
    *curves.MUTANTS,
    *pinball.MUTANTS,
    *variance.MUTANTS,
    *median.MUTANTS,
    *logerror.MUTANTS,
    *clustering.MUTANTS,
    *labelranking.MUTANTS,
    *deviance.MUTANTS,
    *hinge.MUTANTS,
    *reciprocal.MUTANTS,
    *silhouette.MUTANTS,
    *mutual.MUTANTS,
    *dispersion.MUTANTS,
    *multilabel.MUTANTS,
    *curves2.MUTANTS,
    *trapezoid.MUTANTS,
    *calibration.MUTANTS,
    *areas.MUTANTS,
    *ap_matrix.MUTANTS,
)
