"""JSON read back whole on an output that cannot take UTF-8.

With ``PYTHONIOENCODING=latin-1`` or ``ascii``, or the C locale without UTF-8 mode, an
output cannot carry every letter. A screen prints ``?`` for what it cannot show; a
JSON document instead writes such a letter as a ``\\u`` escape, so a program reading
the output in its encoding always gets the text back. Real processes, real table file.
"""

from __future__ import annotations

import json
import os
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import pytest
from cli_support import ROOT, console_script, ok

TEXT = "café Łódź 😀 ÿ — ⚔"
"""Latin-1 letters (é, ó, ÿ), letters beyond it (Ł, ź), an emoji beyond the BMP, a dash
and a symbol."""

ENVIRONMENTS = {
    "latin-1": ({"PYTHONIOENCODING": "latin-1"}, "latin-1"),
    "ascii": ({"PYTHONIOENCODING": "ascii"}, "ascii"),
    "C locale": ({"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0",
                  "PYTHONIOENCODING": ""}, "ascii"),
}


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("enc") / "t.db"
    ok(path, "char", "import", str(ROOT / "examples/crew.toml"))
    ok(path, "char", "set", "Brannoch", f"notes={TEXT}")
    ok(path, "roll", "3", "--seed", "1", "--as", "Brannoch", "--for", TEXT)
    return path


def printed(db: Path, env: dict[str, str], *args: str) -> bytes:
    base = {k: v for k, v in os.environ.items()
            if k not in ("LC_ALL", "LANG", "LC_CTYPE", "PYTHONIOENCODING", "PYTHONUTF8")}
    base.update({"MISTBORN_DB": str(db), "NO_COLOR": "1", "COLUMNS": "80", **env})
    done = subprocess.run([str(console_script()), *args], env=base, capture_output=True,
                          timeout=120, check=False)
    assert done.returncode == 0 and b"Traceback" not in done.stderr, (args, done.stderr)
    return done.stdout


def texts(document: Any) -> list[str]:
    """Every text of a parsed document."""
    if isinstance(document, str):
        return [document]
    if isinstance(document, dict):
        return [t for key, value in document.items() for t in [key, *texts(value)]]
    if isinstance(document, list):
        return [t for value in document for t in texts(value)]
    return []


READS = {
    "log --json": (("log", "--json"), json.loads),
    "char show --json": (("char", "show", "Brannoch", "--json"), json.loads),
    "char export json": (("char", "export", "Brannoch", "--format", "json"), json.loads),
    "char export toml": (("char", "export", "Brannoch"), tomllib.loads),
    "table export json": (("table", "export", "--what", "rolls", "--format", "json"),
                          json.loads),
    "table export nl": (("table", "export", "--what", "rolls", "--format", "nl"),
                        json.loads),
}


@pytest.mark.parametrize("read", list(READS))
@pytest.mark.parametrize("environment", list(ENVIRONMENTS))
def test_r_dice_and_r_char_1_json_escapes_what_the_output_cannot_carry(
        db: Path, environment: str, read: str) -> None:
    """The roll log's purpose (R-DICE) and a sheet's notes (R-CHAR-1) read back from
    JSON (and TOML) exactly, decoded in the output's own encoding: no ``?``."""
    env, encoding = ENVIRONMENTS[environment]
    args, parse = READS[read]
    raw = printed(db, env, *args)
    document = parse(raw.decode(encoding))  # strict: every byte is the encoding's own
    assert any(TEXT in text for text in texts(document)), raw[:400]
    with_utf8 = parse(printed(db, {"PYTHONIOENCODING": "utf-8"}, *args).decode("utf-8"))
    assert document == with_utf8


def test_on_utf8_json_is_written_as_people_read_it(db: Path) -> None:
    raw = printed(db, {"PYTHONIOENCODING": "utf-8"}, "log", "--json")
    assert TEXT.encode("utf-8") in raw  # only what the output cannot carry is escaped
    raw = printed(db, {"PYTHONIOENCODING": "latin-1"}, "log", "--json")
    assert "café".encode("latin-1") in raw and b"\\u0141" in raw
