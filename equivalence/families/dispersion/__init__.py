"""The dispersion family: ``CalinskiHarabasz.score``, ``DaviesBouldin.score``.

Its declarations are in ``members.py``, its exact evaluators in ``exact.py``, its seeded bugs in
``mutants.py`` (see ``docs/harness.md``).
"""
