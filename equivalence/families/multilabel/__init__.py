"""The multilabel family: ``HammingLoss.score``, ``HammingLoss.score[matrix]``,
``ZeroOneLoss.score``, ``ZeroOneLoss.score[matrix]``, ``MultilabelConfusionMatrix.compute``,
``MultilabelConfusionMatrix.compute[matrix]``.

Its declarations are in ``members.py``, its exact evaluators in ``exact.py``, its seeded bugs in
``mutants.py`` (see ``docs/harness.md``).
"""
