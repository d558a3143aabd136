"""Deprecated: Stuffed's sentences are in :mod:`boardgames.stuffed.describe`, named as
in the other games. Every name read from here still works for one release, with a
:class:`DeprecationWarning`."""

from __future__ import annotations

import importlib
import warnings
from typing import Any

__all__ = []


def __getattr__(name: str) -> Any:
    # The module, not the package's attribute of that name (the function describe).
    moved = importlib.import_module("boardgames.stuffed.describe")
    value = getattr(moved, name)  # AttributeError for a name it never had
    warnings.warn(f"boardgames.stuffed.narrate.{name} moved to "
                  f"boardgames.stuffed.describe.{name}", DeprecationWarning, stacklevel=2)
    return value
