"""The renderers: what a run or the registry is turned into for a reader.

The generated pages (:mod:`~equivalence.render.table` for ``docs/equivalence.md``,
:mod:`~equivalence.render.matrix` for ``docs/conformance.md``,
:mod:`~equivalence.render.bad_input_page` for ``docs/bad-input.md``,
:mod:`~equivalence.render.applies` for the divergences' "applies when" column), the
reports and badges of a run (:mod:`~equivalence.render.report`,
:mod:`~equivalence.render.badges`), and what those carry to say which declarations and
machine produced them (:mod:`~equivalence.render.digest`,
:mod:`~equivalence.render.machine`, :mod:`~equivalence.render.size`). Nothing here is
imported by the engine; ``docs/harness.md`` has the layers.
"""
