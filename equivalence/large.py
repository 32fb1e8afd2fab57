"""Large calls for every member: a valid call with its samples repeated past 10⁵.

The drawn calls are small, so that ties and edges are the rule; a port whose counts
live in 32-bit integers, or whose sums change course past a chunk of rows, passes them
all. The ``large`` scenario of every conformance run (attached by
:mod:`equivalence.members`) takes one valid call and repeats its samples, in order, until
the call holds at least :data:`SAMPLES`: every count past 65,536 (so that a product of
two counts passes 2³¹), every chunked path of the reference (its chunks hold 2¹⁶
values) walked more than once. A run judges :data:`CALLS` such calls, not a share of
its budget: they are costly, and one is enough to show an overflow.

Members whose cost grows with the square of the samples (the silhouette, which
measures every pair) or whose samples are not the entries of their first argument (a
distance matrix, a curve's points) draw no large call: :data:`SMALL_ONLY`.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from equivalence.bysample import samples_of, tiled
from equivalence.model import Call, Member

__all__ = ["CALLS", "SAMPLES", "SMALL_ONLY", "large_calls"]

#: The fewest samples a large call holds.
SAMPLES = 70_000
#: How many large calls a run of a member judges.
CALLS = 2
#: Members that draw no large call, and why.
SMALL_ONLY = {
    "Silhouette.score": "every pair of samples is measured",
    "Silhouette.per_sample": "every pair of samples is measured",
    "Silhouette.score_from_distances": "its samples are a square matrix",
    "Silhouette.per_sample_from_distances": "its samples are a square matrix",
    "Auc.trapezoid": "its samples are a curve's points, x ascending",
}


def large_calls(member: Member, base: st.SearchStrategy[Call]) -> st.SearchStrategy[Call]:
    """Calls from ``base`` with their samples repeated until there are at least
    :data:`SAMPLES` (a call without samples is drawn as it is)."""

    @st.composite
    def large(draw: Any) -> Call:
        call: Call = draw(base)
        if "sample_weight" in call.kwargs and draw(st.booleans()):
            # half the time unweighted: where a port's counts are integers
            call = Call(call.args, {k: v for k, v in call.kwargs.items() if k != "sample_weight"})
        samples = samples_of(member, call)
        if samples < 1:
            return call
        bigger = tiled(member, call, -(-SAMPLES // samples))
        return call if bigger is None else bigger

    return large()
