"""Plain-loop references: the oracle of a member that scikit-learn does not implement.

A reference is written from the C# library's definition alone, in pure Python loops over
lists, with no NumPy arithmetic and no call into ``lodestar``, so that it shares no step
with the implementation it checks. It refuses (``ValueError``) what the contract refuses,
and answers the same double the C# loop computes: the same operations in the same order.
A member whose ``oracle_kind`` is ``"reference"`` is asked through one of these, in every
cell of the matrix (no scikit-learn version enters).

Where this sits among the harness's parts: ``docs/harness.md``.
"""

from __future__ import annotations

import math
import numbers
from typing import Any

__all__ = ["reciprocal_rank"]


def _values(value: Any, name: str, width: int) -> list[float]:
    """Real numbers, row-major: a flat sequence or a sequence of rows of ``width``."""
    items = value.tolist() if hasattr(value, "tolist") else list(value)
    flat: list[Any] = []
    for item in items:
        if isinstance(item, (list, tuple)) and len(item) != width:
            raise ValueError(f"{name} has a row of {len(item)} values, not {width}")
        flat.extend(item if isinstance(item, (list, tuple)) else [item])
    for item in flat:
        if isinstance(item, bool) or not isinstance(item, numbers.Real):
            raise ValueError(f"{name} holds {item!r}, which is not a number")
        if not math.isfinite(item):
            raise ValueError(f"{name} holds {item!r}, which is not finite")
    return [float(item) for item in flat]


def reciprocal_rank(relevance: Any, y_score: Any, label_count: Any) -> float:
    """``ReciprocalRank.Score``: each row's documents ordered by descending score, ties by
    descending index; the row scores ``1 / rank`` of its first document whose relevance
    is not zero, or 0; the rows' scores are added left to right and divided by their
    count."""
    if isinstance(label_count, bool) or not isinstance(label_count, numbers.Integral):
        raise ValueError(f"label_count is {label_count!r}, which is not an integer")
    if label_count < 2:
        raise ValueError(f"label_count is {label_count}; a row needs two documents or more")
    width = int(label_count)
    judged, scores = _values(relevance, "relevance", width), _values(y_score, "y_score", width)
    if len(judged) != len(scores) or not judged or len(judged) % width:
        raise ValueError("relevance and y_score must be the same whole number of rows")
    total, rows = 0.0, len(judged) // width
    for row in range(rows):
        start = row * width
        order = sorted(range(width), key=lambda i: (scores[start + i], i), reverse=True)
        for rank, document in enumerate(order, start=1):
            if judged[start + document] != 0.0:
                total += 1.0 / rank
                break
    return total / rows
