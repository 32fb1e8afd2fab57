"""The classification family: ``Accuracy.score``, ``BrierScore.multi_class``.

Its declarations are in ``members.py``, its exact evaluators in ``exact.py`` (see
``docs/harness.md``).
"""
