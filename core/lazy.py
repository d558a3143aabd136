"""Values loaded or made on first use, for a module's ``__getattr__``: a package's
exports (a command that needs one name need not load every module behind the package)
and values a module makes only when first asked for (a converter)."""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types
from collections.abc import Callable, Iterable, Mapping, MutableMapping
from typing import Any

__all__ = ["export", "made", "named", "package"]


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


class _Package(types.ModuleType):
    """A package with an export named as the module it lives in (every game's
    ``describe``): loading that module binds the export, not the module."""

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, types.ModuleType) and name in self.__dict__.get(
                "_NAMED_AS_MODULE", ()):
            value = getattr(value, name)
        super().__setattr__(name, value)


def package(name: str, exports: Mapping[str, Iterable[str]],
            classes: Callable[[], Mapping[str, Any]], own: Iterable[str] = ()
            ) -> Callable[[str], Any]:
    """The ``__getattr__`` of the package ``name`` that imports nothing before it is
    asked for: each name in ``exports`` (module of the package → the names it gives) from
    its module, and a class in ``classes()`` (read on first use: every event class) by
    its name; any other name of one of its modules is that module, imported (as a script
    reading ``boardgames.housewar.rules`` expects); ``__all__`` lists the exports and the
    package's ``own`` names. Each value is kept in the package, so it is looked up
    once."""
    where = {export: module for module, names in exports.items() for export in names}
    listed = tuple(own)
    module = sys.modules[name]
    namespace = module.__dict__
    namespace["_NAMED_AS_MODULE"] = frozenset(n for n, m in where.items() if n == m)
    module.__class__ = _Package

    def getattr_(attribute: str) -> Any:
        if attribute == "__all__":
            value: Any = sorted({*where, *listed, *classes()})
        elif attribute in where:
            value = getattr(importlib.import_module(f"{name}.{where[attribute]}"), attribute)
        elif attribute[:1].isupper() and attribute in (found := classes()):
            value = found[attribute]  # a capital: not a submodule being imported
        elif importlib.util.find_spec(f"{name}.{attribute}") is not None:
            value = importlib.import_module(f"{name}.{attribute}")  # a module of it
        else:
            raise AttributeError(f"module {name!r} has no attribute {attribute!r}")
        namespace[attribute] = value
        return value

    return getattr_
