"""The average precision matrix family: ``AveragePrecision.per_label``,
``AveragePrecision.score[matrix]``.

Its declarations are in ``members.py``, its exact evaluators in ``exact.py``, its seeded bugs in
``mutants.py`` (see ``docs/harness.md``).
"""
