"""The members whose calls carry two label vectors, ``y_true`` and ``y_pred``, and weights:
how their calls are drawn and which edges the shared scenarios reach.

A member's strategy draws the truth and a prediction with :func:`start`, changes what its
own scenarios change, and :func:`finish` applies the scenarios these members share and
writes the :class:`~equivalence.model.Call`: weights of each kind, a prediction one
sample longer or shorter than the truth, a label with a fractional part. ``single`` and
``empty`` draw one sample and none. A scenario means the same thing in every member that
names it.

Where this sits among the harness's parts: ``docs/harness.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from equivalence import shared
from equivalence.draw import primitives
from equivalence.draw.blocks import NAMED_WEIGHTS
from equivalence.model import Call

__all__ = ["EDGES", "finish", "start"]

#: The shared edges that the shared scenarios reach.
EDGES = shared.edges(
    *("negative_weight", "zero_sum_weight", "empty", "single_sample", "length_mismatch"),
    *("fractional_label", "non_finite_weight", "all_zero_weight", "wrong_weight_length"),
)
#: The values a ``fractional_label`` scenario puts in the truth.
FRACTIONS = (0.5, 1.25, -2.5)


def start(
    draw: primitives.Draw, scenario: str, samples: int, values: Sequence[Any]
) -> tuple[list[Any], list[Any]]:
    """``samples`` true labels from ``values`` (one for ``single``, none for ``empty``), and
    a prediction that copies the truth two samples in three and draws the rest."""
    samples = {"single": 1, "empty": 0}.get(scenario, samples)
    truth: list[Any] = draw(primitives.table(samples, values)).tolist()
    guess, copied = (
        draw(primitives.table(samples, values)).tolist(),
        draw(primitives.codes(samples)),
    )
    return truth, [t if c % 3 else g for t, g, c in zip(truth, guess, copied, strict=True)]


def finish(
    draw: primitives.Draw,
    scenario: str,
    labels: tuple[list[Any], list[Any]],
    kwargs: dict[str, Any],
    weights: Mapping[str, tuple[str, ...]],
    spare: Any,
) -> Call:
    """The call ``(truth, prediction)`` with ``kwargs``, the shared scenarios applied.

    Weights already in ``kwargs`` are kept. Else they are drawn as a scenario of
    :data:`~equivalence.draw.blocks.NAMED_WEIGHTS` names them, of every valid kind in the
    ``weighted`` scenario, of the kinds ``weights`` gives the member's own scenarios,
    or not at all. A ``length_mismatch`` prediction gains ``spare`` or loses its last
    label; a ``fractional_label`` truth gets a label with a fractional part."""
    truth, predicted = labels
    named = {name: (name,) for name in NAMED_WEIGHTS}
    kinds = {"weighted": (), **weights, **named}.get(scenario)
    if "sample_weight" not in kwargs and kinds is not None:
        weight = draw(primitives.weights(len(truth), *kinds))
        kwargs = kwargs if weight is None else {**kwargs, "sample_weight": weight}
    if scenario == "length_mismatch":
        longer = primitives.pick(draw, (True, False)) or not predicted
        predicted = [*predicted, spare] if longer else predicted[:-1]
    if scenario == "fractional_label" and truth:
        truth[primitives.index(draw, len(truth))] = primitives.pick(draw, FRACTIONS)
    return Call((truth, predicted), primitives.with_defaults(draw, kwargs, ("sample_weight",)))
