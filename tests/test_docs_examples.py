"""The Python examples of the README and the docs run as a tool author would run them:
each ```python block of a page (``docs/`` and its folders) in a fresh process and a
fresh folder, its output ending with the ```text block that follows it (``.ci/run``
checks them with ``mypy --strict`` too)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n", re.S | re.M)


def examples() -> list[tuple[str, int, str, str]]:
    """``(page, number, code, printed)`` for every Python block of the README and the
    docs, with the text block that follows it (empty when none does)."""
    found = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        blocks = FENCE.findall(page.read_text(encoding="utf-8"))
        name = page.relative_to(ROOT).as_posix()
        for i, (kind, body) in enumerate(blocks):
            if kind == "python":
                after = blocks[i + 1] if i + 1 < len(blocks) else ("", "")
                found.append((name, i, body, after[1] if after[0] == "text" else ""))
    return found


def test_the_readme_and_the_docs_hold_python_examples() -> None:
    pages = {page for page, *_ in examples()}
    assert {"README.md", "docs/driving-a-conflict.md", "docs/library/tutorial.md"} <= pages


@pytest.mark.parametrize(("page", "number", "code", "printed"), examples(),
                         ids=[f"{page}#{number}" for page, number, *_ in examples()])
def test_each_python_example_of_the_docs_runs_and_prints_what_the_page_shows(
        tmp_path: Path, page: str, number: int, code: str, printed: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MISTBORN_DB": str(tmp_path / "t.db")}
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.endswith(printed), done.stdout[-500:]
