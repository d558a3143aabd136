"""The layout stays ready for growth: every event kind is wired everywhere it must be,
everything a script needs is importable from the packages, no module imports another
that imports it back, and no module grows past what one reader holds in mind."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import conflict
from conflict.engine import HANDLERS
from conflict.events import EVENT_BY_TYPE, EVENT_TYPES, Event
from conflict.narrate import _SENTENCES
from conflict.serial import event_from_dict, event_to_dict

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("core", "conflict", "characters", "boardgames", "cli")
MAX_LINES = 600


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


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _runtime_imports(path: Path, known: set[str]) -> set[str]:
    """Modules of the project imported when ``path`` is loaded: top-level imports only
    (an import inside a function runs later, and ``if TYPE_CHECKING:`` never)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    this = _module_name(path)
    package = this if path.name == "__init__.py" else this.rpartition(".")[0]
    found: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                visit(node.orelse)
                continue
            if isinstance(node, (ast.If, ast.Try)):
                visit(node.body)
                visit(getattr(node, "orelse", []))
                for handler in getattr(node, "handlers", []):
                    visit(handler.body)
                continue
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")
                    anchor = anchor[: len(anchor) - node.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names)

    visit(tree.body)
    return {name for name in found if name in known and name != this}


def _graph() -> dict[str, set[str]]:
    files = [p for package in PACKAGES for p in (ROOT / package).rglob("*.py")]
    known = {_module_name(p) for p in files}
    return {_module_name(p): _runtime_imports(p, known) for p in files}


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
    # Importing a submodule loads its package first; that edge is not a cycle of ours.
    for module, imports in graph.items():
        graph[module] = {m for m in imports if not module.startswith(m + ".")}
    cycle = _cycle(graph)
    assert cycle is None, " -> ".join(cycle or [])


def test_the_cycle_check_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_what_now_does_not_import_the_engine() -> None:
    graph = _graph()
    assert "conflict.order" in graph["conflict.whatnow"]  # the orders live apart
    assert "conflict.engine" not in graph["conflict.whatnow"]


@pytest.mark.parametrize("package", PACKAGES)
def test_no_module_grows_past_600_lines(package: str) -> None:
    for path in sorted((ROOT / package).rglob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= MAX_LINES, f"{path.relative_to(ROOT)} has {lines} lines"


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
