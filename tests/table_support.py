"""Shared by the tests of the table database (tests/test_table_*.py): a small crew, and
running Python in a real child process (as an unprivileged user when the tests run as
root, so that file permissions are really checked)."""

from __future__ import annotations

import functools
import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from characters.files import loads
from characters.model import Character

ROOT = Path(__file__).resolve().parent.parent

CREW = """
[[character]]
name = "Kell"
kind = "hero"
player = "Alice"
attributes = { physique = 3, charm = 4, wits = 5 }
standings = { resources = 4, influence = 4, spirit = 6 }
resiliences = { health = 8, reputation = 6, willpower = 7 }

[[character]]
name = "Marsh"
kind = "villain"
attributes = { physique = 6, charm = 2, wits = 5 }
standings = { resources = 5, influence = 8, spirit = 3 }
resiliences = { health = 12, reputation = 9, willpower = 11 }

[[group]]
name = "Hazekillers"
count = 8
attributes = { physique = 4, charm = 2, wits = 3 }
"""

NOBODY = 65534
RUNNING_AS_ROOT = os.geteuid() == 0


def crew() -> list[Character]:
    return loads(CREW, "toml")


def plain(path: Path, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Rows as plain sqlite3 sees the file, without this project's code."""
    conn = sqlite3.connect(path)
    try:
        return [tuple(row) for row in conn.execute(sql, params)]
    finally:
        conn.close()


@functools.cache
def started_as_before(path: Path, now: str, before: str) -> None:
    """The first event of the one game in the table at ``path`` (its start, or set-up)
    rewritten as an earlier release stored it: its text ``now`` made ``before``."""
    conn = sqlite3.connect(path)
    with conn:
        changed = conn.execute(
            "UPDATE entries SET event = replace(event, ?, ?) WHERE seq = 1 "
            "AND instr(event, ?) > 0", (now, before, now)).rowcount
    conn.close()
    assert changed == 1, f"no one game's first event holds {now!r}"


def can_drop_privileges() -> bool:
    """Whether a child of this (root) process may become the user nobody."""
    drop = f"import os; os.setgroups([]); os.setgid({NOBODY}); os.setuid({NOBODY})"
    done = subprocess.run([sys.executable, "-c", drop], capture_output=True, check=False)
    return done.returncode == 0


def python(
    code: str, *args: str, unprivileged: bool = False, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a new Python process with ``args`` as ``sys.argv[1:]``.

    With ``unprivileged`` and when running as root, the child imports what it needs
    and then drops to the user ``nobody`` before running ``code``, so permissions on
    files apply to it as they do to any user.
    """
    prelude = ""
    if unprivileged and RUNNING_AS_ROOT and not can_drop_privileges():
        pytest.skip("running as root, which ignores file modes, and unable to drop to nobody")
    if unprivileged and RUNNING_AS_ROOT:
        prelude = (
            # Everything the child may import later, while it still can: as nobody it
            # cannot read an interpreter installed under /root.
            "import os, tempfile, platformdirs, platformdirs.unix, characters.files\n"
            "import table.roster, table.logs, table.rolls\n"
            "import table.players\n"
            f"os.setgroups([]); os.setgid({NOBODY}); os.setuid({NOBODY})\n"
        )
    return subprocess.run(
        [sys.executable, "-c", prelude + textwrap.dedent(code), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
        check=False,
    )


def give_to_nobody(*paths: Path) -> None:
    """When running as root, let the unprivileged child own ``paths``."""
    if RUNNING_AS_ROOT:
        for path in paths:
            os.chown(path, NOBODY, NOBODY)
