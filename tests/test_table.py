"""The table package's face (table/__init__.py): its public names."""

from __future__ import annotations

import subprocess
import sys

from table_support import ROOT

import table


def test_every_public_name_is_there() -> None:
    assert [name for name in table.__all__ if not hasattr(table, name)] == []


def test_importing_the_package_loads_only_its_light_modules() -> None:
    script = (
        "import sys, table\n"
        "print(sorted(m for m in sys.modules if m.startswith('table.')))\n"
        "print([m for m in ('cattrs', 'characters.files', 'platformdirs') if m in sys.modules])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert done.stdout.splitlines() == [
        "['table.clock', 'table.connection', "
        "'table.errors', 'table.schema']",
        "[]",
    ]
