"""Values loaded or made on first use, for a module's ``__getattr__``: a package's
exports (a command that needs one name need not load every module behind the package)
and values a module makes only when first asked for (a converter)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, MutableMapping
from typing import Any

__all__ = ["export", "made", "named"]


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


def made(module: str, name: str, makers: Mapping[str, Callable[[], Any]]) -> Any:
    """``name`` as its maker in ``makers`` makes it (a module's value made on first use,
    and kept by its maker); :class:`AttributeError` for a name ``module`` lacks."""
    maker = makers.get(name)
    if maker is None:
        raise AttributeError(f"module {module!r} has no attribute {name!r}")
    return maker()


def named(target: str) -> Any:
    """The value ``"module:NAME"`` names, its module imported on first use."""
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)
