"""Which logarithm each scikit-learn version's ``log_loss`` takes, and what it costs.

Read in the installed sources: scikit-learn 1.6.1 computes the loss as
``-xlogy(transformed_labels, y_pred).sum(axis=1)`` with ``scipy.special.xlogy``, whose
logarithm is the C library's ``log``; 1.9.1 computes it with its own ``_xlogy``, which
takes ``xp.log``, NumPy's ``np.log`` (the operation lodestar takes). The change to
``_xlogy`` in ``log_loss`` is scikit-learn pull request 33022, merged in January 2026,
after 1.8.0; so 1.8 and every version before it are taken to use scipy's logarithm.

On a CPU without AVX-512, NumPy's ``log`` and the C library's agree on every input tried.
With AVX-512, NumPy dispatches ``log`` to its own SIMD kernel, which differs from the C
library's by one ULP on about 0.3 % of inputs in ``(0, 1]``
(``log(1 - 2**-52)`` among them). Measured with scikit-learn 1.6.1 and NumPy 2.1.3
(Python 3.11), 20,000 random calls of each member per seed, two seeds:

* AVX-512 (NumPy's default dispatch): unweighted up to 4 ULP (``multi_class``) and 6 ULP
  (``score``); positive weights up to 3 ULP; signed weights 10 ULP and more, and weights
  that nearly cancel without limit (4,000 ULP, and a sign change near zero), because a
  one-ULP change of one cost is divided by ``|Σw|`` and not by ``Σ|w|``.
* ``NPY_DISABLE_CPU_FEATURES="AVX512F AVX512CD AVX512_SKX AVX512_CLX AVX512_CNL
  AVX512_ICL AVX512_SPR"`` (the AVX2 path): 0 ULP on every call.
* scikit-learn 1.9.1 with NumPy 2.4.6 on AVX-512: 0 ULP on every call.
* The ci cells of the nox matrix on an AVX-512 CPU (scikit-learn 1.3 to 1.8): up to 1 ULP
  with NumPy 2.4 and up to 16 ULP with NumPy 1.26, whose AVX-512 ``log`` departs from the
  C library's on about a tenth of inputs in ``(0, 1)``.

No fixed ULP count covers cancelling weights, so on those versions an answer past 6 ULP
agrees when both sides lie within the faithful bound of the exact result
(:mod:`equivalence.families.probability.exact`), a bound relative to ``Σ|w·cost| / |Σw|``.
"""

from __future__ import annotations

from equivalence.model import Tolerance, VersionRange, VersionTolerance

__all__ = ["LOG_LOSS_TOLERANCE"]

LOG_LOSS_TOLERANCE = Tolerance(
    ulps=0,
    by_version=(
        VersionTolerance(
            versions=VersionRange(until="1.9"),
            ulps=6,
            magnitude=True,
            operation="scipy.special.xlogy: the C library's log",
            measured=(
                "against NumPy's AVX-512 log, up to 6 ULP unweighted or with positive weights "
                "under NumPy 2, and up to 16 ULP in the ci cells under NumPy 1.26, whose "
                "AVX-512 log departs from the C library's more often; 0 ULP on the AVX2 and "
                "baseline paths; cancelling weights unbounded in ULPs, held to the exact "
                "result's bound"
            ),
        ),
    ),
    why="1.9 on takes np.log, as lodestar does: 0 ULP on every CPU",
)
