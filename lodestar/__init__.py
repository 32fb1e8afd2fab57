"""Lodestar for Python: the executable specification of Lodestar.Metrics.

``lodestar.metrics`` holds the reference implementation; ``lodestar.errors`` the
exception types that mirror the C# library's.
"""

__version__ = "0.1.0"
