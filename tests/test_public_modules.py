"""Every library module says what it exports: its ``__all__`` is the one list (what
``pydoc`` shows, what ``from module import *`` takes), and each name in it is there."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LIBRARY = ("core", "conflict", "characters", "boardgames", "table")


def modules() -> list[str]:
    found = []
    for package in LIBRARY:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__" or any(p.startswith("_") for p in parts[1:]):
                continue
            if parts[:2] == ("conflict", "table"):  # the old path of the table, an alias
                continue
            found.append(".".join(parts))
    return found


def test_the_library_has_modules() -> None:
    assert len(modules()) > 100 and "conflict.odds" in modules()


@pytest.mark.parametrize("name", modules())
def test_every_library_module_lists_what_it_exports(name: str) -> None:
    module = importlib.import_module(name)
    exported = getattr(module, "__all__", None)
    assert exported is not None, f"{name} has no __all__"
    assert len(set(exported)) == len(exported)
    missing = [n for n in exported if not hasattr(module, n)]
    assert not missing, f"{name}.__all__ names what it does not hold: {missing}"


def test_pydoc_shows_the_odds_module_s_own_names_only() -> None:
    """``pydoc conflict.odds`` listed ``bisect_left``, ``comb`` and ``perm``."""
    odds = importlib.import_module("conflict.odds")
    assert {"bisect_left", "comb", "perm"}.isdisjoint(odds.__all__)
    assert "pool_odds" in odds.__all__


def test_every_package_a_tool_author_imports_is_marked_typed() -> None:
    """Without ``py.typed`` an installed package is untyped to ``mypy --strict`` (the
    docs' ``from table import Table`` failed outside the checkout)."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    included = project["tool"]["setuptools"]["packages"]["find"]["include"]
    packages = [pattern.rstrip("*") for pattern in included]
    assert set(LIBRARY) <= set(packages)
    assert [p for p in packages if not (ROOT / p / "py.typed").is_file()] == []
    assert "py.typed" in project["tool"]["setuptools"]["package-data"]["*"]
