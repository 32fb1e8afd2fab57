"""The exceptions a lodestar member raises, one per C# exception type it mirrors.

=====================================  =========================
C# exception                           Python exception
=====================================  =========================
``ArgumentException``                  :class:`ArgumentError`
``ArgumentOutOfRangeException``        :class:`ArgumentOutOfRangeError`
``ArgumentNullException``              :class:`ArgumentNullError`
``InvalidOperationException``          :class:`InvalidOperationError`
``UndefinedMetricException``           :class:`UndefinedMetricError`
=====================================  =========================

``UndefinedMetricException`` derives from ``InvalidOperationException`` in C#, so
:class:`UndefinedMetricError` derives from :class:`InvalidOperationError`, a
:class:`RuntimeError`: it is not an argument refusal (the arguments were well formed) but
a request the input cannot satisfy.

The text of an :class:`ArgumentError` is its sentence followed by the argument's
name, the way .NET renders ``ArgumentException.Message``::

    k is 0; it must be at least 1. (Parameter 'k')

``message`` holds the sentence alone and ``param_name`` the argument's name.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "ArgumentError",
    "ArgumentNullError",
    "ArgumentOutOfRangeError",
    "InvalidOperationError",
    "UndefinedMetricError",
]


class ArgumentError(ValueError):
    """An argument was refused: ``System.ArgumentException``."""

    def __init__(self, message: str, param_name: str | None = None) -> None:
        self.message = message
        self.param_name = param_name
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.param_name is None:
            return self.message
        return f"{self.message} (Parameter '{self.param_name}')"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.message, self.param_name))


class ArgumentOutOfRangeError(ArgumentError):
    """An argument lies outside its range: ``System.ArgumentOutOfRangeException``."""

    def __init__(self, message: str, param_name: str | None = None, actual_value: Any = None):
        self.actual_value = actual_value
        super().__init__(message, param_name)

    def __str__(self) -> str:
        text = super().__str__()
        if self.actual_value is None:
            return text
        return f"{text}\nActual value was {self.actual_value!r}."

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.message, self.param_name, self.actual_value))


class ArgumentNullError(ArgumentError):
    """A required argument was ``None``: ``System.ArgumentNullException``."""

    def __init__(self, param_name: str, message: str | None = None) -> None:
        super().__init__(message or "Value cannot be null.", param_name)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.param_name, self.message))


class InvalidOperationError(RuntimeError):
    """The call cannot be carried out on this input: ``System.InvalidOperationException``."""


class UndefinedMetricError(InvalidOperationError):
    """A metric has no value on this input and ``ZeroDivision.THROW`` asked to be told:
    ``Lodestar.Metrics.UndefinedMetricException``.

    Raised without a message, it says that a denominator is zero.
    """

    DEFAULT_MESSAGE = "The metric has no value: a denominator is zero."

    def __init__(self, message: str | None = None) -> None:
        super().__init__(self.DEFAULT_MESSAGE if message is None else message)
