"""What the command line's option decorators share: :data:`F`, the type of the function a
decorator is given and returns, with its parameters added (``def x_option(function: F)
-> F``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["F"]

F = TypeVar("F", bound=Callable[..., Any])
"""A command's function, as a decorator adding an option to it returns it."""
