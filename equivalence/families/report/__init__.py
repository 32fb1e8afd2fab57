"""The report family: ``ClassificationReport.compute``, ``ClassificationReport.compute[cm]``,
``ClassificationReport.to_text``.

Its declarations are in ``members.py``, its exact evaluators in ``exact.py``, its seeded bugs in
``mutants.py`` (see ``docs/harness.md``).
"""
