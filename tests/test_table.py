"""The table package's face (conflict/table/__init__.py): its public names."""

from __future__ import annotations

import subprocess
import sys

from table_support import ROOT

import conflict.table


def test_every_public_name_is_there() -> None:
    assert [name for name in conflict.table.__all__ if not hasattr(conflict.table, name)] == []


def test_importing_the_package_loads_only_its_light_modules() -> None:
    script = (
        "import sys, conflict.table\n"
        "print(sorted(m for m in sys.modules if m.startswith('conflict.table.')))\n"
        "print([m for m in ('cattrs', 'characters.files', 'platformdirs') if m in sys.modules])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert done.stdout.splitlines() == [
        "['conflict.table.access', 'conflict.table.clock', 'conflict.table.connection', "
        "'conflict.table.errors', 'conflict.table.schema']",
        "[]",
    ]
