"""Independent ports of lodestar members, in plain Python, held to ``check``.

Each port is written as a careful port to C#, Rust or Go would be: explicit loops,
left-to-right sums, ``math.log`` (the C library's logarithm) and float64 throughout. No
NumPy reduction takes part in the arithmetic. The inputs are turned into Python lists and
numbers with plain Python, and the port computes from those.

The ports decide what to refuse by asking lodestar: each one first calls the lodestar
member with the same arguments and lets its exception through (see
:func:`tests.ports._common.refuse_as_lodestar`). The arithmetic alone is the port's own.
Where the port's own order of summation makes a divisor zero that lodestar's order did
not, the port refuses by itself, with lodestar's sentence: a refusal that depends on
rounding may go either way.

``seed`` holds the seed members (``TopKAccuracy.score``, ``Accuracy.score``,
``BrierScore.multi_class``); ``probability``, ``confusion``, ``dcg`` and ``report`` one
member of each other family; ``float32`` copies that accumulate in float32, which a
faithful check must reject.
"""
