"""The functional core stays pure: `conflict`, `characters` and `boardgames` import no
I/O library (their boards are handed to Rich by `core.lines` alone, inside its
functions), SQLite is touched by the table database package alone, and `boardgames`
stands on its own (nothing from the Conflict engine or the character sheets)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {"rich", "click", "sqlite3", "sqlite_utils", "asyncio", "asyncssh", "cli"}
SQLITE = {"sqlite3", "sqlite_utils"}
TABLE_PACKAGE = ROOT / "table"
# Every directory of the project's own code (tests read table files with plain sqlite3
# on purpose, to check what the product wrote without the product's code).
PROJECT = ["core", "conflict", "characters", "boardgames", "table", "cli", "bench",
           "examples"]


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def _files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


HANDS_TO_RICH = ROOT / "core" / "lines.py"
"""The one module of the pure packages that hands lines to Rich, which draws them (a
board drawn to a console or to text): it imports Rich inside its functions only, so
that importing a package loads no Rich."""


def _loaded_at_import(path: Path) -> set[str]:
    """What importing ``path`` imports at once: neither inside a function nor for the
    type checker alone."""
    found: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                continue
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add(node.module.split(".")[0])
            elif isinstance(node, ast.If | ast.Try | ast.With):
                visit(node.body)
                visit(getattr(node, "orelse", []))

    visit(ast.parse(path.read_text(encoding="utf-8")).body)
    return found


@pytest.mark.parametrize("package", ["core", "conflict", "characters", "boardgames", "table"])
def test_core_imports_no_io(package: str) -> None:
    files = _files(package)
    assert files, f"no modules found in {package}"
    for path in files:
        allowed = SQLITE if path.is_relative_to(TABLE_PACKAGE) else set()
        if path == HANDS_TO_RICH:
            assert not _loaded_at_import(path) & FORBIDDEN, path
            allowed = {"rich"}
        bad = (_imports(path) & FORBIDDEN) - allowed
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_the_old_table_path_is_an_alias_that_warns() -> None:
    # The table was conflict.table before it stood beside core: a script importing the
    # old path gets the same modules, with a DeprecationWarning naming the new one.
    import subprocess
    import sys

    code = ("import warnings; warnings.simplefilter('error', DeprecationWarning)\n"
            "try:\n    import conflict.table\nexcept DeprecationWarning as w:\n"
            "    print(w)\n"
            "warnings.simplefilter('ignore')\n"
            "import conflict.table, conflict.table.sessions, table, table.sessions\n"
            "from conflict.table.sessions import Saved\n"
            "print(conflict.table.Table is table.Table, Saved is table.sessions.Saved)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    warned, same = done.stdout.splitlines()
    assert "conflict.table is now table" in warned
    assert same == "True True"


def test_boardgames_imports_nothing_from_conflict_or_characters() -> None:
    files = sorted((ROOT / "boardgames").rglob("*.py"))
    assert files, "no modules found in boardgames"
    for path in files:
        bad = _imports(path) & {"conflict", "characters"}
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_only_the_table_package_touches_sqlite() -> None:
    checked = 0
    for folder in PROJECT:
        for path in _files(folder):
            checked += 1
            if not path.is_relative_to(TABLE_PACKAGE):
                bad = _imports(path) & SQLITE
                assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"
    assert checked > 20


def test_the_table_package_uses_plain_sqlite3() -> None:
    # sqlite-utils costs ~60 ms of import (see table/connection.py): only the
    # export reads the file with it, and only the export command imports the export
    # (tests/test_cli_table.py checks that the other commands never load it).
    users = [p.name for p in TABLE_PACKAGE.glob("*.py") if "sqlite_utils" in _imports(p)]
    assert users == ["export.py"]
    assert "sqlite3" in _imports(TABLE_PACKAGE / "connection.py")
    importers = sorted(str(path.relative_to(ROOT)) for folder in PROJECT
                       for path in _files(folder) if _imports_the_export(path))
    assert importers == ["cli/table/commands.py"]


def _imports_the_export(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import) and any(
                alias.name.startswith("table.export") for alias in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and (
                node.module == "table.export" or (
                    node.module == "table"
                    and any(alias.name == "export" for alias in node.names))):
            return True
    return False


def test_only_the_ssh_server_imports_asyncssh() -> None:
    # The server's sessions and its door (logins, host key) are its two modules.
    users = sorted(path.name for folder in PROJECT if folder != "bench"
                   for path in _files(folder) if "asyncssh" in _imports(path))
    assert users == ["ssh_login.py", "ssh_server.py"]


def test_the_command_line_and_the_player_shell_load_no_asyncssh() -> None:
    import subprocess
    import sys

    code = ("import sys, cli.main, cli.players.commands, cli.players.shell, "
            "cli.players.serve, cli.players.view; "
            "from cli.main import main; main.get_command(None, 'serve'); "
            "print('asyncssh' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, check=False)
    assert (done.returncode, done.stdout) == (0, "False\n"), done.stderr


def test_core_imports_no_package_of_the_project() -> None:
    # `core` is what every game shares: it stands below the games, the sheets and the table.
    files = _files("core")
    assert files, "no modules found in core"
    for path in files:
        bad = _imports(path) & {"conflict", "characters", "boardgames", "cli"}
        assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"
