"""The layout stays ready for growth: every event kind is wired everywhere it must be,
everything a script needs is importable from the packages, no module imports another
that imports it back. A module is as long as its one concept needs: it is split by
concept, never by size; a function past 60 lines is a smell the run's summary lists,
not a cap."""

from __future__ import annotations

import ast
import functools
import importlib
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from layout_support import long_functions

import conflict
from conflict.engine import HANDLERS
from conflict.events import EVENT_BY_TYPE, EVENT_TYPES, Event
from conflict.narrate import _SENTENCES
from conflict.serial import event_from_dict, event_to_dict

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("core", "conflict", "characters", "boardgames", "table", "cli")


def _tree(path: Path) -> ast.Module:
    """The module at ``path``, parsed once for every test of this file (by its text)."""
    return _parsed(path.read_text(encoding="utf-8"))


@functools.cache
def _parsed(text: str) -> ast.Module:
    return ast.parse(text)


def test_every_event_kind_has_a_tag_a_handler_and_a_sentence() -> None:
    assert tuple(EVENT_BY_TYPE.values()) == EVENT_TYPES
    for cls in EVENT_TYPES:
        assert cls in HANDLERS, cls
        assert cls in _SENTENCES, cls
        assert cls.__name__ in conflict.__all__, cls


def test_the_handler_table_refuses_what_is_not_an_event() -> None:
    with pytest.raises(conflict.BadValue, match="not a Conflict event"):
        HANDLERS(conflict.EMPTY.__class__(phase=conflict.Phase.DECLARATION), "hold")  # type: ignore[arg-type]


def test_a_script_imports_everything_from_the_packages() -> None:
    import characters

    for name in ("Conflict", "Declare", "Expect", "DiceFrom", "ActOption", "RollOption",
                 "AwaitingDeclare", "describe", "what_now", "Nature", "DefenseRoll",
                 "State", "Outcome", "ContestResult", "EVENT_TYPES"):
        assert hasattr(conflict, name), name
        assert name in conflict.__all__, name
    for module in conflict.LAZY_MODULES:
        for name in importlib.import_module(module).__all__:
            assert getattr(conflict, name) is getattr(importlib.import_module(module), name)
    for name in characters.__all__:
        assert hasattr(characters, name), name
    for name in ("Sheet", "ExtraGroup", "dice_for", "DicePool", "Resilience"):
        assert name in characters.__all__


def test_star_import_gives_the_whole_api() -> None:
    namespace: dict[str, object] = {}
    exec("from conflict import *", namespace)
    assert {"Conflict", "Act", "what_now", "describe", "AwaitingRoll"} <= set(namespace)


def test_importing_conflict_does_not_load_the_engine() -> None:
    # `mistborn roll` imports the dice through `conflict`: the engine waits for first use.
    code = ("import sys, conflict; conflict.roll(3); "
            "print(any(m.startswith('conflict.engine') or m == 'conflict.events' "
            "for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    assert out.stdout.strip() == "False"


def test_an_event_round_trips_through_json_by_its_tag() -> None:
    from conflict.events import EndRound

    event: Event = EndRound()
    assert event_from_dict(event_to_dict(event)) == event


# --- import cycles ------------------------------------------------------------------------


def _module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, known: set[str], root: Path = ROOT) -> set[str]:
    """Modules of the project that ``path`` imports anywhere: at the top, inside a
    function, or under ``if TYPE_CHECKING:`` (each is a dependency a reader follows, and
    an import put off until a call still closes a cycle). ``from package import name``
    counts as the submodule when ``name`` is one, else as the package itself."""
    tree = _tree(path)
    this = _module_name(path, root)
    package = this if path.name == "__init__.py" else this.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                found.add(submodule if submodule in known else base)
    return {name for name in found if name in known and name != this}


def _graph(root: Path = ROOT, packages: Sequence[str] = PACKAGES) -> dict[str, set[str]]:
    files = [p for package in packages for p in (root / package).rglob("*.py")]
    known = {_module_name(p, root) for p in files}
    return {_module_name(p, root): _imports(p, known, root) for p in files}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    done: set[str] = set()
    path: list[str] = []
    on_path: set[str] = set()

    def visit(node: str) -> list[str] | None:
        path.append(node)
        on_path.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt in on_path:
                return [*path[path.index(nxt):], nxt]
            if nxt not in done:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        on_path.discard(node)
        done.add(node)
        return None

    for start in sorted(graph):
        if start not in done:
            found = visit(start)
            if found:
                return found
    return None


def test_no_module_imports_another_that_imports_it_back() -> None:
    graph = _graph()
    assert len(graph) > 30
    cycle = _cycle(graph)
    assert cycle is None, " -> ".join(cycle or [])


def test_the_cycle_check_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_a_cycle_hidden_in_a_function_or_under_type_checking_is_found(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "shell.py").write_text("from pkg import verbs\n")
    (package / "verbs.py").write_text("def run() -> None:\n    from pkg.shell import x\n")
    (package / "typed.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.board import B\n")
    (package / "board.py").write_text("from . import typed\n")
    (package / "leaf.py").write_text("from pkg import shell, board\n")
    graph = _graph(tmp_path, ["pkg"])
    assert graph["pkg.verbs"] == {"pkg.shell"} and graph["pkg.typed"] == {"pkg.board"}
    assert graph["pkg.leaf"] == {"pkg.shell", "pkg.board"}  # submodules, not the package
    cycle = _cycle(graph)
    assert cycle is not None and set(cycle) in ({"pkg.shell", "pkg.verbs"},
                                                {"pkg.typed", "pkg.board"})
    (package / "verbs.py").write_text("")
    (package / "board.py").write_text("")
    assert _cycle(_graph(tmp_path, ["pkg"])) is None


def test_what_now_does_not_import_the_engine() -> None:
    graph = _graph()
    assert "conflict.order" in graph["conflict.whatnow"]  # the orders live apart
    assert "conflict.engine" not in graph["conflict.whatnow"]


def test_the_summary_names_a_function_past_60_lines_and_no_shorter_one(
        tmp_path: Path) -> None:
    # A long function is a smell to mend, not a cap: the run's summary lists each
    # (tests/conftest.py), and nothing fails for it.
    package = tmp_path / "house"
    package.mkdir()
    body = "\n".join(f"    x{i} = {i}" for i in range(59))
    (package / "rooms.py").write_text(
        f"def short():\n{body}\n\n\ndef long():\n{body}\n    x = 1\n    return x\n",
        encoding="utf-8")
    assert long_functions(tmp_path, ("house",)) == ["house/rooms.py:63 long has 62 lines"]


NAMES_CHECK = """
import importlib, pkgutil, sys, types
bad = []
for name in sys.argv[1:]:
    package = importlib.import_module(name)
    for info in pkgutil.walk_packages(package.__path__, name + "."):
        importlib.import_module(info.name)  # every module first, as a script might
    for export in package.__all__:
        if isinstance(getattr(package, export), types.ModuleType):
            bad.append(f"{name}.{export}")
print(" ".join(bad))
"""


def test_no_export_is_hidden_by_a_module_of_the_same_name() -> None:
    # Importing a submodule sets its package's attribute of that name: an exported
    # function named like a module of its package would then be the module.
    packages = ["conflict", "characters", "boardgames", "boardgames.stuffed",
                "boardgames.deckbuilding", "boardgames.housewar"]
    done = subprocess.run([sys.executable, "-c", NAMES_CHECK, *packages],
                          capture_output=True, text=True, check=True)
    assert done.stdout.split() == []


def test_the_front_doors_depend_on_each_other_one_way_at_most() -> None:
    # cli/ is laid out by front door (conflict, boardgames, players) over what they share
    # (common): common imports no front door, and no two front doors import each other.
    doors: dict[str, set[str]] = {}
    for module, imports in _graph().items():
        parts = module.split(".")
        if parts[0] != "cli" or len(parts) < 3:
            continue
        for imported in imports:
            other = imported.split(".")
            if other[0] == "cli" and len(other) >= 3 and other[1] != parts[1]:
                doors.setdefault(parts[1], set()).add(other[1])
    assert set(doors) >= {"conflict", "players"}
    assert doors.get("common", set()) == set()
    cycle = _cycle(doors)
    assert cycle is None, " -> ".join(cycle or [])


# --- imports put off until a function runs -------------------------------------------------


def _top_level_imports(path: Path, known: set[str]) -> set[str]:
    """What loading ``path`` imports at once (not inside a function, nor for the type
    checker)."""
    tree = _tree(path)
    found: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                continue
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                found.update(_resolved(node, path, known))
            elif isinstance(node, (ast.If, ast.Try, ast.With)):
                visit(node.body)
                visit(getattr(node, "orelse", []))
                for handler in getattr(node, "handlers", []):
                    visit(handler.body)

    visit(tree.body)
    return found


def _resolved(node: ast.Import | ast.ImportFrom, path: Path, known: set[str]) -> set[str]:
    this = _module_name(path)
    package = this if path.name == "__init__.py" else this.rpartition(".")[0]
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    base = node.module or ""
    if node.level:
        anchor = package.split(".")
        anchor = anchor[: len(anchor) - node.level + 1]
        base = ".".join([*anchor, base] if base else anchor)
    return {f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names}


def test_an_import_inside_a_function_puts_off_a_module_not_loaded_yet() -> None:
    # Imports inside functions are kept for start-up time only: a command loads what it
    # uses when it uses it. One of a module the importing module has already loaded
    # (through its own imports at the top) defers nothing and belongs at the top.
    files = {_module_name(p): p for package in PACKAGES for p in (ROOT / package).rglob("*.py")}
    known = set(files)
    top = {name: _top_level_imports(path, known) for name, path in files.items()}

    def loaded(name: str) -> set[str]:
        seen: set[str] = set()
        stack = [name]
        while stack:
            module = stack.pop()
            parts = module.split(".")
            for found in {".".join(parts[:i]) for i in range(1, len(parts) + 1)} | \
                    top.get(module, set()):
                if found in known and found not in seen:
                    seen.add(found)
                    stack.append(found)
        return seen

    idle = []
    for name, path in files.items():
        already = loaded(name)
        for function in ast.walk(_tree(path)):
            if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for node in ast.walk(function):
                    if isinstance(node, (ast.Import, ast.ImportFrom)):
                        targets = _resolved(node, path, known)
                        if targets and targets <= already:
                            idle.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert idle == []
