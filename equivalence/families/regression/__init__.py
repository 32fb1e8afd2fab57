"""The regression family: ``MeanSquaredError.score``, ``MeanSquaredError.per_output``,
``RootMeanSquaredError.score``, ``RootMeanSquaredError.per_output``,
``MeanAbsoluteError.score``, ``MeanAbsoluteError.per_output``, ``MaxError.score``,
``MeanAbsolutePercentageError.score``, ``MeanAbsolutePercentageError.per_output``.

Its declarations are in ``members.py``, its exact evaluators in ``exact.py``, its seeded bugs in
``mutants.py`` (see ``docs/harness.md``).
"""
