"""The prf family: ``Precision.score``, ``Precision.per_class``, ``Recall.score``,
``Recall.per_class``, ``F1.score``, ``F1.per_class``, ``FBeta.score``, ``FBeta.per_class``,
``JaccardScore.score``, ``JaccardScore.per_class``, ``Precision.score[cm]``,
``Precision.per_class[cm]``, ``Recall.score[cm]``, ``Recall.per_class[cm]``,
``F1.score[cm]``, ``F1.per_class[cm]``, ``FBeta.score[cm]``, ``FBeta.per_class[cm]``.

Its declarations are in ``members.py``, its exact evaluators in ``exact.py``, its seeded bugs in
``mutants.py`` (see ``docs/harness.md``).
"""
