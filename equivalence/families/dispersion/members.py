"""The scores of a clustering against its own samples: ``CalinskiHarabasz.score`` and
``DaviesBouldin.score``.

Both take one label per sample and the feature matrix (:mod:`equivalence.draw.samples` draws
them and names their edges) and refuse a label count outside ``[2, n - 1]`` with
scikit-learn's sentence. lodestar takes scikit-learn's steps on the same contiguous rows
(the same means, the same sums, the same distance expansion through the same matrix
product), so on the machine running the check the two agree to the bit, on every version
from 1.3 to 1.9.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from equivalence.draw import samples
from equivalence.model import Call, Divergence, Member, VersionRange
from equivalence.view import View
from lodestar.metrics import CalinskiHarabasz, DaviesBouldin

__all__ = ["MEMBERS"]


def _narrow_floats(v: View) -> bool:
    """Features given as floats narrower than 64 bits."""
    try:
        kind = np.asarray(v["features"]).dtype
    except (TypeError, ValueError):
        return False
    return kind.kind == "f" and kind.itemsize < 8


def _narrow(until: str, steps: str) -> Divergence:
    return Divergence(
        name="float32_features",
        kind="value",
        summary="Features given as float32 (or float16) are read as float64, as the C# "
        f"doubles are, and every step runs in float64; scikit-learn {steps} in the "
        "narrower type, a difference from the seventh significant digit.",
        applies=_narrow_floats,
        versions=VersionRange(until=until),
    )


def _member(kind: Any, function: str, page: str, narrow: Divergence) -> Member:
    return Member(
        name=f"{kind.__name__}.score",
        csharp=f"{kind.__name__}.Score",
        page=f"reference/metrics/clustering/{page}-score.md",
        implementation=kind.score,
        oracle=samples.oracle(function),
        oracle_call=f"{function}(X, labels), X the features as len(labels) rows",
        since="1.3",
        scenarios=samples.scenarios(),
        edges=samples.EDGES,
        divergences=(narrow,),
        roles=samples.ROLES,
        example=Call(
            ([0, 0, 1, 1, 0, 1], [1.0, 2.0, 1.5, 1.8, 5.0, 8.0, 8.0, 8.0, 1.0, 0.6, 9.0, 11.0], 2)
        ),
    )


MEMBERS = (
    _member(
        CalinskiHarabasz,
        "calinski_harabasz_score",
        "calinskiharabasz",
        _narrow("1.8", "before 1.8 takes the means and sums"),
    ),
    _member(
        DaviesBouldin,
        "davies_bouldin_score",
        "daviesbouldin",
        _narrow("", "takes the distances"),
    ),
)
