"""The logerror family: ``MeanSquaredLogError.score``, ``MeanSquaredLogError.per_output``,
``RootMeanSquaredLogError.score``, ``RootMeanSquaredLogError.per_output``.

Its declarations are in ``members.py``, its exact evaluators in ``exact.py``, its seeded bugs in
``mutants.py`` (see ``docs/harness.md``).
"""
