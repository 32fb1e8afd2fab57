"""The hinge family: ``HingeLoss.score``, ``HingeLoss.multi_class``.

Its declarations are in ``members.py``, its exact evaluators in ``exact.py``, its seeded bugs in
``mutants.py`` (see ``docs/harness.md``).
"""
