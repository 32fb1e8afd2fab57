"""Speed of every lodestar member against scikit-learn and against one pass over the input.

``python -m bench`` times each member and its scikit-learn counterpart on the same arrays
in the same run, next to a floor: one NumPy reduction over the same input, the least any
metric that reads every value can cost. It prints the ratios and renders
``docs/performance.md`` with a plot. ``python -m bench --help`` lists the options.

The members and their inputs are one table, :data:`bench.cases.CASES`; the timing is in
:mod:`bench.timing`, the page in :mod:`bench.render`.
"""
