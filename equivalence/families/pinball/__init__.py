"""The pinball family: ``PinballLoss.score``, ``PinballLoss.per_output``,
``D2AbsoluteError.score``, ``D2AbsoluteError.per_output``, ``D2Pinball.score``,
``D2Pinball.per_output``.

Its declarations are in ``members.py``, its exact evaluators in ``exact.py``, its seeded bugs in
``mutants.py`` (see ``docs/harness.md``).
"""
