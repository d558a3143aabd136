"""Refusals are data (core/errors.py): a library refusal carries the rule, the step's
parameter by its table name and the bad value, and its sentence names no front door's
words (no ``--option``); each door says how to give the parameter its own way
(cli/common/errors.py for the command line, cli/players/words.py for the shell), and
no door edits the library's sentence (R-CON-8, R-DICE-1)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from cli.common.errors import said
from cli.players.words import SHELL_WORDS
from conflict.errors import BadValue
from conflict.intents import Declaration, steps

ROOT = Path(__file__).resolve().parent.parent
LIBRARY = ("core", "conflict", "characters", "boardgames", "table")


def _refusal_texts(path: Path) -> list[tuple[int, str]]:
    """The string pieces of every ``raise`` of ``path`` (f-strings' literal parts too)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Raise) and node.exc is not None:
            found += [(node.lineno, sub.value) for sub in ast.walk(node.exc)
                      if isinstance(sub, ast.Constant) and isinstance(sub.value, str)]
    return found


def test_no_library_refusal_names_an_option_of_a_front_door() -> None:
    flagged = [f"{path.relative_to(ROOT)}:{line}: {text!r}"
               for package in LIBRARY for path in sorted((ROOT / package).rglob("*.py"))
               for line, text in _refusal_texts(path) if "--" in text]
    assert flagged == []


def test_the_scan_sees_a_flag_in_an_f_string_of_a_raise(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text('def f(x):\n    raise ValueError(f"give {x} with --target NAME")\n')
    assert _refusal_texts(module) == [(2, "give "), (2, " with --target NAME")]


def test_r_con_8_each_door_says_how_to_give_the_parameter_the_library_names() -> None:
    with pytest.raises(BadValue) as caught:
        steps.declare("vin", Declaration("attack", "5"))
    error = caught.value
    assert (str(error), error.rule, error.param) == ("an attack needs a target", "R-CON-8",
                                                     "target")
    assert said(error) == "an attack needs a target (--target)"  # the command line
    assert said(error, SHELL_WORDS.get) == "an attack needs a target (d attack NAME N)"
    assert said(error, lambda _param: None) == str(error)  # a door with no words for it


def test_no_front_door_rewrites_a_refusal() -> None:
    sources = [path.read_text(encoding="utf-8") for path in (ROOT / "cli").rglob("*.py")]
    assert not any("shell_words" in source for source in sources)


def _strings(path: Path) -> list[tuple[int, str]]:
    """Every string of ``path`` that is no docstring of a module, class or function,
    with its line (a value's docstring, the string after it, is read by tools and help
    as the value's words: it counts)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                 ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docs]


FLAG = re.compile(r"(?<![\w-])(--[a-z]|-[a-z](?![\w-]))")
"""A long option (``--rows``) or a short one (``-p``); not ``-N`` (a negative amount's
metavar), a dash between words, or a suffix such as ``-kind``."""


def test_no_library_string_names_an_option() -> None:
    """Not a refusal, not the board games' "Next:" hints (the parameters they name are
    each door's to word, boardgames/screen.py's ``Phrase``): no string of the library
    but a docstring names a front door's option."""
    found = [f"{path.relative_to(ROOT)}:{line}: {text!r}"
             for package in LIBRARY for path in sorted((ROOT / package).rglob("*.py"))
             for line, text in _strings(path) if FLAG.search(text)]
    assert found == []


def test_the_scan_sees_an_option_in_any_string_but_a_docstring(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text('"""Run it with --rows."""\nNEXT = "edict --rows ROW…"\n'
                      'HINT = f"sheet {1} TOKENS --cards N"\nBARE = "a -- b, x--y"\n'
                      '"""The next step, said with --cards."""\n'
                      'WHO = "who acts (-p)"\nSPEND = "spend -N, 3-kind, a - b"\n')
    assert sorted((line, text) for line, text in _strings(module) if FLAG.search(text)) == [
        (2, "edict --rows ROW…"), (3, " TOKENS --cards N"),
        (5, "The next step, said with --cards."), (6, "who acts (-p)")]
