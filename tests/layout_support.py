"""The house's smells that fail nothing: functions past 60 lines, listed in the test
run's summary (``tests/conftest.py``) for whoever next works there to mend."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from pathlib import Path

LONG: int = 60
"""A function longer than this many lines reads as several: a smell to mend by concept,
never a cap."""

PACKAGES: tuple[str, ...] = ("core", "conflict", "characters", "boardgames", "table", "cli")


def long_functions(root: Path, packages: Sequence[str] = PACKAGES) -> list[str]:
    """Each function of ``packages`` (folders under ``root``) longer than :data:`LONG`
    lines, as ``path:line name has N lines``."""
    found = []
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    lines = (node.end_lineno or node.lineno) - node.lineno + 1
                    if lines > LONG:
                        found.append(f"{path.relative_to(root).as_posix()}:{node.lineno} "
                                     f"{node.name} has {lines} lines")
    return found
