"""The median family: ``MedianAbsoluteError.score``, ``MedianAbsoluteError.per_output``.

Its declarations are in ``members.py``, its exact evaluators in ``exact.py``, its seeded bugs in
``mutants.py`` (see ``docs/harness.md``).
"""
