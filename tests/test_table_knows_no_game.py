"""The table knows no game: no module of the table package imports a game — at top
level, inside a function, or under TYPE_CHECKING — and the table holds no rule of
one: the Conflict's carry-over of damage to the roster at its end (R-CON-20) is the
Conflict's own, done by the sheets' Resilience.damaged/healed."""

from __future__ import annotations

import ast
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from characters.model import RESILIENCES, Resilience, Resiliences
from conflict.saved import carried

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "table"
GAMES = ("boardgames", "conflict.engine", "conflict.events", "conflict.state",
         "conflict.narrate", "conflict.steps", "conflict.saved")


def _imported(path: Path) -> list[tuple[int, str]]:
    """Every module ``path`` imports, anywhere in it, with its line: ``from a import b``
    counts as ``a`` and as ``a.b`` (``b`` may be a module)."""
    package = "table"
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            found.append((node.lineno, base))
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
    return found


def _is_game(module: str) -> bool:
    return any(module == game or module.startswith(game + ".") for game in GAMES)


def test_no_module_of_the_table_imports_a_game() -> None:
    modules = sorted(TABLE.glob("*.py"))
    assert len(modules) >= 10
    games = [f"{path.name}:{line} imports {module}" for path in modules
             for line, module in _imported(path) if _is_game(module)]
    assert games == []


def test_the_import_reader_sees_imports_hidden_in_functions_and_type_checking(
        tmp_path: Path) -> None:
    hidden = tmp_path / "hidden.py"
    hidden.write_text("from typing import TYPE_CHECKING\n"
                      "if TYPE_CHECKING:\n"
                      "    from conflict.state import State\n"
                      "def f():\n"
                      "    from conflict import engine\n"
                      "    import boardgames.stuffed\n"
                      "    from . import saved\n", encoding="utf-8")
    modules = [module for _line, module in _imported(hidden) if _is_game(module)]
    assert modules == ["conflict.state", "conflict.state.State", "conflict.engine",
                       "boardgames.stuffed"]
    assert (7, "table.saved") in _imported(hidden)  # a relative import, read as the table's


def _texts(path: Path) -> list[str]:
    """The string literals of ``path`` that are not docstrings (what it can say)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(body[0].value) for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
            and (body := node.body) and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)}
    return [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and id(node) not in docs]


def test_the_table_holds_no_command_to_type() -> None:
    said = [f"{path.name}: {text!r}" for path in sorted(TABLE.glob("*.py"))
            for text in _texts(path) if "mistborn " in text]
    assert said == []


@st.composite
def sheets_in_a_conflict(draw: st.DrawFn) -> tuple[Resiliences, Resiliences, Resiliences,
                                                   dict[str, tuple[int, int]]]:
    """A sheet's Resiliences when it joined a Conflict, at the Conflict's end (after
    damage and healing in it), and in the roster now (edited meanwhile), with the
    damage and healing each Resilience took in the Conflict."""
    joined: dict[str, Resilience] = {}
    ended: dict[str, Resilience] = {}
    now: dict[str, Resilience] = {}
    dealt: dict[str, tuple[int, int]] = {}
    for name in RESILIENCES:
        full = draw(st.integers(1, 100))
        start = Resilience(full, draw(st.integers(0, full - 1)))
        damage, healing = draw(st.integers(0, 100)), draw(st.integers(0, 100))
        joined[name] = start
        ended[name] = start.damaged(damage, clamp=True).healed(healing, clamp=True)
        edited = draw(st.integers(1, 100))
        now[name] = Resilience(edited, draw(st.integers(0, edited)))
        dealt[name] = (damage, healing)
    return Resiliences(**joined), Resiliences(**ended), Resiliences(**now), dealt


@given(sheets_in_a_conflict())
def test_r_con_20_the_end_carries_the_conflict_s_damage_through_damaged_and_healed(
        case: tuple[Resiliences, Resiliences, Resiliences, dict[str, tuple[int, int]]]
) -> None:
    joined, ended, now, _dealt = case
    after = carried(joined, ended)(now)
    for name in RESILIENCES:
        net = ended.get(name).damage - joined.get(name).damage
        sheet = now.get(name)
        expected = sheet.damaged(net, clamp=True) if net >= 0 else sheet.healed(-net,
                                                                                 clamp=True)
        assert after.get(name) == expected
        # Each Resilience stops at its bounds (R-CON-20): never below 0 damage, never
        # past the full score, whatever the sheet became meanwhile.
        assert after.get(name).full == sheet.full
        assert after.get(name).damage == min(sheet.full, max(0, sheet.damage + net))


@given(sheets_in_a_conflict())
def test_r_con_20_a_conflict_that_changed_nothing_leaves_the_sheet_as_it_is(
        case: tuple[Resiliences, Resiliences, Resiliences, dict[str, tuple[int, int]]]
) -> None:
    joined, _ended, now, _dealt = case
    assert carried(joined, joined)(now) == now
