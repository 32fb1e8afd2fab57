"""Large calls for every member: a valid call with its samples repeated past 70,000.

The drawn calls are small, so that ties and edges are the rule; a port whose counts
live in 32-bit integers, or whose sums change course past a chunk of rows, passes them
all. The ``large`` scenario takes one valid call and repeats its samples, in order, until
the call holds at least :data:`SAMPLES`: every count past 65,536 (so that a product of
two counts passes 2³¹), every chunked path of the reference (its chunks hold 2¹⁶
values) walked more than once. A run judges :data:`CALLS` such calls, not a share of
its budget: they are costly, and one is enough to show an overflow.

``check`` adds the scenario to every member it holds a port to (:func:`with_large`).
lodestar's own runs (``run``, the matrix) do not draw it yet: it enters the registry, and
its digest, with the next run of the whole matrix. Drawn against scikit-learn 1.3 and 1.4
on NumPy 1.26, it already showed one difference to declare there: past 8,192 values NumPy
1.26 sums ``numpy.average`` in buffered blocks, so GammaDeviance's last bits differ.

Members whose cost grows with the square of the samples (the silhouette, which
measures every pair) or whose samples are not the entries of their first argument (a
distance matrix, a curve's points) draw no large call: :data:`SMALL_ONLY`.

Where this sits among the harness's parts: ``docs/harness.md``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import strategies as st

from equivalence.bysample import samples_of, tiled
from equivalence.model import Call, Member

__all__ = ["CALLS", "SAMPLES", "SMALL_ONLY", "copies", "large_calls", "unweighted", "with_large"]

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


def with_large(member: Member) -> Member:
    """``member`` with the ``large`` scenario added (none for :data:`SMALL_ONLY`), its
    calls repeated from the member's first scenario, the plainest valid calls: the
    faithful level holds a large call to scikit-learn's answer, which a well-posed call
    keeps near."""
    if member.name in SMALL_ONLY or "large" in member.scenarios:
        return member
    base = next(iter(member.scenarios.values()))
    return replace(member, scenarios={**member.scenarios, "large": large_calls(member, base)})


def large_calls(member: Member, base: st.SearchStrategy[Call]) -> st.SearchStrategy[Call]:
    """Calls from ``base`` with their samples repeated until there are at least
    :data:`SAMPLES` (a call without samples is drawn as it is)."""

    @st.composite
    def large(draw: Any) -> Call:
        call: Call = draw(base)
        if "sample_weight" in call.kwargs and draw(st.booleans()):
            call = unweighted(call)  # half the time: where a port's counts are integers
        times = copies(member, call)
        bigger = tiled(member, call, times) if times else None
        return call if bigger is None else bigger

    return large()


def unweighted(call: Call) -> Call:
    """``call`` without its ``sample_weight`` keyword: every sample counts once, so that
    a port that keeps its counts as integers is held to them."""
    return Call(call.args, {k: v for k, v in call.kwargs.items() if k != "sample_weight"})


def copies(member: Member, call: Call) -> int:
    """How many times ``call``'s samples are repeated so that they number at least
    :data:`SAMPLES` (0 for a call that holds none)."""
    samples = samples_of(member, call)
    return -(-SAMPLES // samples) if samples > 0 else 0
