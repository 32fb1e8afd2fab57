"""The dcg family: ``Dcg.score``, ``Ndcg.score``.

Its declarations are in ``members.py``, its seeded bugs in ``mutants.py`` (see
``docs/harness.md``).
"""
