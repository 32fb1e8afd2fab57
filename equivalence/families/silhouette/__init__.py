"""The silhouette family: ``Silhouette.score``, ``Silhouette.per_sample``,
``Silhouette.score_from_distances``, ``Silhouette.per_sample_from_distances``.

Its declarations are in ``members.py``, its exact evaluators in ``exact.py``, its seeded bugs in
``mutants.py`` (see ``docs/harness.md``).
"""
