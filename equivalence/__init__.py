"""The conformance harness: fuzzes every lodestar member against scikit-learn.

``python -m equivalence run`` runs every member; ``check`` holds any implementation of
one member to the same declarations; ``table`` renders ``docs/equivalence.md``.

Where this sits among the harness's parts: ``docs/harness.md``.
"""
