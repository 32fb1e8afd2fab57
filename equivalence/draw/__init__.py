"""The strategies, one module an argument shape; every family draws its calls from here.

:mod:`~equivalence.draw.primitives` draws the arrays themselves (labels, scores,
probabilities, weights), each in one run of bytes. Each other module is one shape of
call and has the same parts, under the same names, for as many of them as its shape
needs:

* ``ROLES``: the role of each argument whose name does not say it (see
  :mod:`equivalence.arguments`);
* ``SCENARIOS``: the scenario names it draws;
* ``calls(draw, scenario, ...)``: a composite strategy drawing one
  :class:`~equivalence.model.Call` of a scenario (``start``/``finish`` or
  ``draft``/``finish`` where a member changes the call between the two);
* ``EDGES``: the shared edges its scenarios reach;
* ``oracle`` or ``asked``: how scikit-learn is asked about a call of that shape.

The shapes: :mod:`~equivalence.draw.labels` (two label vectors, their labels and weights,
and the confusion cells they count), :mod:`~equivalence.draw.pairs` (two label vectors
with the shared length and weight scenarios), :mod:`~equivalence.draw.perclass` (the
per-class scores' label sets and zero-division policies), :mod:`~equivalence.draw.blocks`
(labels with a score or probability block), :mod:`~equivalence.draw.scores` (one score a
sample, and the threshold walk), :mod:`~equivalence.draw.label_matrix` (boolean label
matrices), :mod:`~equivalence.draw.outputs` (regression targets),
:mod:`~equivalence.draw.partitions` (two labellings), :mod:`~equivalence.draw.features`
and :mod:`~equivalence.draw.samples` (a clustering of its samples). ``docs/harness.md``
has the glossary.

The families import them by their own names; :mod:`~equivalence.draw.labels` only is
imported as ``draw_labels``, since ``labels`` is an argument of many members.
"""
