"""A package's exports loaded on first use: what a package's module ``__getattr__``
does for a name it exports lazily (a command that needs one name need not load every
module behind the package)."""

from __future__ import annotations

import importlib
from collections.abc import Mapping, MutableMapping
from typing import Any

__all__ = ["export"]


def export(package: str, namespace: MutableMapping[str, Any], modules: Mapping[str, str],
           name: str) -> Any:
    """``name`` from the module ``modules`` gives for it, kept in the package's
    ``namespace`` (its ``globals()``) so it is looked up once; :class:`AttributeError`,
    as for any missing attribute, for a name ``package`` does not export."""
    module = modules.get(name)
    if module is None:
        raise AttributeError(f"module {package!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    namespace[name] = value
    return value
