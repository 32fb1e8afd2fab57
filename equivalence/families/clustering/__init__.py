"""The clustering family: ``PairConfusionMatrix.compute``, ``PairConfusionMatrix.to_array``,
``RandIndex.score``, ``AdjustedRand.score``, ``MutualInformation.score``,
``Homogeneity.score``, ``Completeness.score``, ``VMeasure.score``,
``NormalizedMutualInformation.score``, ``FowlkesMallows.score``.

Its declarations are in ``members.py``, its exact evaluators in ``exact.py``, its seeded bugs in
``mutants.py`` (see ``docs/harness.md``).
"""
