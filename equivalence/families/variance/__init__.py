"""The variance family: ``R2.score``, ``R2.per_output``, ``R2.variance_weighted``,
``ExplainedVariance.score``, ``ExplainedVariance.per_output``,
``ExplainedVariance.variance_weighted``.

Its declarations are in ``members.py``, its exact evaluators in ``exact.py``, its seeded bugs in
``mutants.py`` (see ``docs/harness.md``).
"""
