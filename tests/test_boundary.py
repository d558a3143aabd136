"""The functional core stays pure: `conflict`, `characters` and `boardgames` import no
I/O library, and `boardgames` stands on its own (nothing from the Conflict engine or
the character sheets)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {"rich", "click", "sqlite3", "sqlite_utils", "asyncio", "asyncssh", "cli"}
# The one storage module of the core may use SQLite (see docs/DESIGN in the README).
ALLOWED = {("conflict", "storage.py"): {"sqlite3", "sqlite_utils"}}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("package", ["conflict", "characters", "boardgames"])
def test_core_imports_no_io(package: str) -> None:
    files = sorted((ROOT / package).rglob("*.py"))
    assert files, f"no modules found in {package}"
    for path in files:
        allowed = ALLOWED.get((package, path.name), set())
        bad = (_imports(path) & FORBIDDEN) - allowed
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_boardgames_imports_nothing_from_conflict_or_characters() -> None:
    files = sorted((ROOT / "boardgames").rglob("*.py"))
    assert files, "no modules found in boardgames"
    for path in files:
        bad = _imports(path) & {"conflict", "characters"}
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"
