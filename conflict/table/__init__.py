"""The old name of :mod:`table`, kept for scripts written before the table database
stood beside ``core``: ``import conflict.table`` (and any module under it) gives the
very module of :mod:`table` of the same name, with a :class:`DeprecationWarning`."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import types
import warnings
from collections.abc import Sequence

_OLD = __name__
_NEW = "table"

warnings.warn("conflict.table is now table: import table instead", DeprecationWarning,
              stacklevel=2)


class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``conflict.table.X`` as the module ``table.X`` already is."""

    def __init__(self) -> None:
        self.specs: dict[str, importlib.machinery.ModuleSpec | None] = {}

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: types.ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(_OLD + "."):
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        module = importlib.import_module(_NEW + spec.name[len(_OLD):])
        self.specs[spec.name] = module.__spec__
        return module

    def exec_module(self, module: types.ModuleType) -> None:
        # Nothing to run: the module is the new one, loaded already. The import system
        # has just given it this alias's spec: it keeps its own.
        assert module.__spec__ is not None
        module.__spec__ = self.specs.pop(module.__spec__.name)


sys.meta_path.insert(0, _Alias())
sys.modules[_OLD] = importlib.import_module(_NEW)
