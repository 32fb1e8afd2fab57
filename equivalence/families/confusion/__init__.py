"""The confusion family: ``ConfusionMatrix.compute``, ``ConfusionMatrix.to_array``,
``Accuracy.score[cm]``, ``BalancedAccuracy.score``, ``BalancedAccuracy.score[cm]``.

Its declarations are in ``members.py``, its seeded bugs in ``mutants.py`` (see
``docs/harness.md``).
"""
