"""Shared by the board games' command-line tests (tests/test_cli_stuffed.py,
test_cli_deckbuilding.py, test_cli_housewar.py): running ``mistborn`` on a real table
file through CliRunner and as real processes, and reading what it printed."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result

from cli.main import main

ROOT = Path(__file__).resolve().parent.parent
COLOUR = re.compile(r"\x1b\[[0-9;]*(3[0-79]|38;[0-9;]+)m")


def env_for(db: Path, columns: int = 40, **extra: str) -> dict[str, str]:
    """The environment a test runs the command in: its table, a width, no colour, a
    writer's name, and an English locale unless told otherwise."""
    return {"MISTBORN_DB": str(db), "COLUMNS": str(columns), "NO_COLOR": "1",
            "MISTBORN_AS": "Ann", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8",
            **extra}


def run(db: Path, *args: str, columns: int = 40, env: Mapping[str, str] | None = None
        ) -> Result:
    return CliRunner().invoke(main, list(args), env={**env_for(db, columns), **(env or {})})


def ok(db: Path, *args: str, columns: int = 40, env: Mapping[str, str] | None = None) -> str:
    result = run(db, *args, columns=columns, env=env)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    return result.stdout


def data(db: Path, *args: str, env: Mapping[str, str] | None = None) -> Any:
    """The command's ``--json`` output, read."""
    return json.loads(ok(db, *args, "--json", env=env))


def one_line_refusal(result: Result) -> str:
    """What a command said when it refused a user's mistake: exit status 2, nothing on
    standard output, one line on standard error, no traceback."""
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stdout == "" and result.stderr.startswith("mistborn: ")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    return result.stderr[len("mistborn: "):].rstrip("\n")


def refused(db: Path, *args: str, env: Mapping[str, str] | None = None) -> str:
    """The one-line refusal of ``mistborn ARGS`` on the table ``db``."""
    return one_line_refusal(run(db, *args, env=env))


def unchanged(db: Path, game: str, *args: str) -> str:
    """Refused, and the game's log is exactly as before."""
    before = ok(db, game, "log", "--json")
    message = refused(db, game, *args)
    assert ok(db, game, "log", "--json") == before
    return message


def console_script() -> Path:
    """The installed ``mistborn`` command."""
    folder = Path(sys.executable).parent
    for name in ("mistborn", "mistborn.exe"):
        if (folder / name).exists():
            return folder / name
    pytest.fail(f"the mistborn console script is not installed beside {sys.executable}")


def process(db: Path, *args: str, **extra: str) -> subprocess.CompletedProcess[str]:
    """``mistborn ARGS`` as a real process of its own."""
    env = {**os.environ, **env_for(db), **extra}
    return subprocess.run([str(console_script()), *args], capture_output=True, text=True,
                          encoding="utf-8", env=env, timeout=120, check=False, cwd=ROOT)


def at_once(db: Path, commands: list[list[str]]) -> None:
    """Run every command as its own process, all at once; each must succeed."""
    env = {**os.environ, **env_for(db)}
    running = [subprocess.Popen([str(console_script()), *args], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
               for args in commands]
    try:
        for child in running:
            out, err = child.communicate(timeout=120)
            assert (child.returncode, err) == (0, ""), out
    finally:
        for child in running:
            child.kill()
            child.wait()


def widest(text: str) -> int:
    """The widest line of ``text``, in terminal cells."""
    import rich.cells

    return max((rich.cells.cell_len(line) for line in text.splitlines()), default=0)


def overflowing(text: str, width: int = 40) -> list[str]:
    """The lines of ``text`` wider than ``width`` cells, but for a line that holds one
    word longer than the room its indent leaves (a long word is never cut: it stands
    alone on its line, as a path to copy does)."""
    import rich.cells

    wide = []
    for line in text.splitlines():
        if rich.cells.cell_len(line) <= width:
            continue
        word = line.lstrip(" ")
        if " " in word or rich.cells.cell_len(word) <= width - (len(line) - len(word)):
            wide.append(line)
    return wide


def colour_is_honoured(db: Path, *args: str) -> None:
    """With colour forced the screen is styled; with ``NO_COLOR`` no colour is left."""
    coloured = run(db, *args, columns=60, env={"FORCE_COLOR": "1", "NO_COLOR": ""})
    assert coloured.exit_code == 0, coloured.output
    assert "\x1b[" in coloured.stdout
    plain = run(db, *args, columns=60, env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert plain.exit_code == 0, plain.output
    assert not COLOUR.search(plain.stdout)


def _commands(command: click.Command, ctx: click.Context, path: tuple[str, ...]
              ) -> Iterator[tuple[tuple[str, ...], click.Command, click.Context]]:
    yield path, command, ctx
    if isinstance(command, click.Group):
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            assert sub is not None, (path, name)
            # As click makes it (its settings: -h beside --help, which click keeps)
            made = sub.context_class(sub, parent=ctx, info_name=name, **sub.context_settings)
            yield from _commands(sub, made, (*path, name))


def every_command(width: int = 80
                  ) -> list[tuple[tuple[str, ...], click.Command, click.Context]]:
    """Every command of the tool (its path of names, the command, its context), each
    group's too, loaded as click loads them, at a terminal ``width`` columns wide."""
    settings = {**main.context_settings, "terminal_width": width}
    root = main.context_class(main, info_name="mistborn", **settings)
    return list(_commands(main, root, ()))
