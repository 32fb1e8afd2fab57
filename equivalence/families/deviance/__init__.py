"""The deviance family: ``TweedieDeviance.score``, ``PoissonDeviance.score``,
``GammaDeviance.score``, ``D2Tweedie.score``.

Its declarations are in ``members.py``, its exact evaluators in ``exact.py``, its seeded bugs in
``mutants.py`` (see ``docs/harness.md``).
"""
