"""The shell examples of the README and of every page under ``docs/``, read and run as
a reader runs them: each ``$`` line of a page's plain or ``console`` blocks, in order,
in a folder and on a table of the page's own, its output compared with what the page
prints after it.

What a page may write, and what it means here:

- ``$ export NAME=VALUE ...`` sets the environment of the commands after it. A page
  sets ``COLUMNS`` (the width its screens are drawn at) before its first ``mistborn``
  command; ``NO_COLOR`` is set, and the locale is English, for every page.
- ``$ mistborn ...`` and ``$ sqlite-utils ...`` run in this process, through click's
  own test runner; ``… | head -N`` keeps the first N lines, ``… > FILE`` writes the
  output to FILE (relative to the page's folder). Any other command runs in a shell:
  one process.
- In an output, a line that is only ``…`` stands for any lines (none too), and a ``…``
  within a line for any text; a time, as the table keeps it (``2026-11-26T00:14:30.941653
  +00:00``) or as the log shows it (``2026-11-26 00:14:30``), stands for any time.
- ``NAME=VALUE`` before a command sets the environment of that command alone.
- An output whose first line starts ``mistborn: `` (or ``! ``, the player shell's) is a
  refusal: exit status 2. Any other output: exit status 0.
- ``<!-- typed: ["attack prelate", ""] -->`` right before a block: the block's one
  command reads those lines, each shown after its question as a terminal echoes it.
- ``<!-- picture at N columns: COMMAND -->`` right before a ``text`` block: the block's
  lines are lines that COMMAND prints, in a row, on a fresh table at N columns.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parent.parent
ELLIPSIS = "…"
_TYPED = re.compile(r"<!--\s*typed:\s*(\[.*\])\s*-->")
_PICTURE = re.compile(r"<!--\s*picture at (\d+) columns:\s*(.+?)\s*-->")
# A time as the table keeps it (ISO 8601, UTC) or as the log shows it (local time).
_TIME = re.compile(r"\d{4}-\d\d-\d\d(T\d\d:\d\d:\d\d(\.\d+)?\+00:00| \d\d:\d\d:\d\d)")
_ANSI_C = re.compile(r"\$'((?:[^'\\]|\\.)*)'")
# How a refusal starts: the command line's, and the player shell's one line.
REFUSALS = ("mistborn: ", "! ")
# The environment every page's commands start from: plain text, English.
BASE_ENV = {"NO_COLOR": "1", "LANG": "C.UTF-8", "LC_ALL": "", "LC_MESSAGES": "",
            "LINES": None, "COLUMNS": None, "MISTBORN_AS": None, "MISTBORN_DB": None}


def pages() -> list[Path]:
    """The README and every page of the docs, nested folders included."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def page_id(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


@attrs.frozen
class Block:
    """A fenced block: its language (``""`` for none), its text, its first line's
    number in the page, and what the comment right before it says."""

    language: str
    text: str
    line: int
    typed: tuple[str, ...] | None = None
    picture: tuple[int, str] | None = None


def blocks(text: str) -> list[Block]:
    """Every fenced block of a Markdown page, in order."""
    found: list[Block] = []
    lines = text.splitlines()
    current: list[str] | None = None
    language, start, comment = "", 0, ""
    for number, line in enumerate(lines, start=1):
        if current is None and line.startswith("```"):
            current, language, start = [], line[3:].strip(), number
            before = [earlier for earlier in lines[:number - 1] if earlier.strip()]
            comment = before[-1].strip() if before else ""
        elif current is not None and line.startswith("```"):
            typed = _TYPED.fullmatch(comment)
            picture = _PICTURE.fullmatch(comment)
            found.append(Block(
                language, "\n".join(current) + "\n", start,
                tuple(json.loads(typed.group(1))) if typed else None,
                (int(picture.group(1)), picture.group(2)) if picture else None))
            current = None
        elif current is not None:
            current.append(line)
    return found


@attrs.frozen
class Step:
    """One ``$`` line of a page and the output the page shows after it."""

    command: str
    expected: str
    line: int
    typed: tuple[str, ...] | None = None


def steps(text: str) -> list[Step]:
    """The page's shell examples, in order: every plain or ``console`` block that opens
    with a ``$`` line, cut at each ``$`` line."""
    found: list[Step] = []
    for block in blocks(text):
        if block.language not in ("", "console") or not block.text.startswith("$ "):
            continue
        chunks = re.split(r"^(?=\$ )", block.text, flags=re.M)
        commands = [chunk for chunk in chunks if chunk.startswith("$ ")]
        if block.typed is not None:
            assert len(commands) == 1, f"line {block.line}: typed lines go to one command"
        offset = block.line + 1
        for chunk in commands:
            command, _, output = chunk.partition("\n")
            found.append(Step(command[2:], output.rstrip("\n"), offset, block.typed))
            offset += chunk.count("\n")
    return found


def pictures(text: str) -> list[Block]:
    """The page's pictures: ``text`` blocks said to be what a command prints."""
    return [block for block in blocks(text) if block.picture is not None]


def _ansi_c(match: re.Match[str]) -> str:
    """Bash's ``$'…'`` quoting, decoded and quoted again for :mod:`shlex`."""
    body = match.group(1).replace("\\e", "\\x1b")
    return shlex.quote(body.encode("latin-1", "backslashreplace").decode("unicode_escape"))


def words(command: str) -> list[str]:
    return shlex.split(_ANSI_C.sub(_ansi_c, command))


@attrs.frozen
class Ran:
    status: int
    output: str


def _in_process(argv: list[str], env: dict[str, str | None],
                typed: tuple[str, ...] | None) -> Ran | None:
    """Run ``mistborn`` or ``sqlite-utils`` through click's test runner; ``None`` for
    any other program."""
    from click.testing import CliRunner

    if argv[0] == "mistborn":
        from cli.main import main as program
    elif argv[0] == "sqlite-utils":
        from sqlite_utils.cli import cli as program
    else:
        return None
    # What is typed is not echoed here: the commands write piped answers themselves.
    result = CliRunner().invoke(
        program, argv[1:], env=env, input="".join(f"{line}\n" for line in typed or ()),
        prog_name=argv[0])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return Ran(result.exit_code, result.output)


def run(step: Step, env: dict[str, str | None], folder: Path) -> Ran:
    """Run one example as the page writes it, in ``folder`` with ``env`` (which an
    ``export`` changes for the examples after it)."""
    argv = words(step.command)
    if argv[0] == "export":
        for assignment in argv[1:]:
            name, _, value = assignment.partition("=")
            env[name] = value
        return Ran(0, "")
    env = dict(env)  # NAME=VALUE before a command is that command's alone
    while argv and re.fullmatch(r"[A-Z_][A-Z0-9_]*=.*", argv[0]):
        name, _, value = argv.pop(0).partition("=")
        env[name] = value
    head: int | None = None
    into: Path | None = None
    if "|" in argv:
        at = argv.index("|")
        assert argv[at + 1:at + 2] == ["head"] and len(argv) == at + 3, step.command
        head, argv = int(argv[at + 2].lstrip("-n")), argv[:at]
    if ">" in argv:
        at = argv.index(">")
        into, argv = folder / argv[at + 1], argv[:at]
    with contextlib.chdir(folder):
        ran = _in_process(argv, env, step.typed)
    if ran is None:
        shell_env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:"
                     f"{os.environ.get('PATH', '')}"}
        shell_env.update({name: value for name, value in env.items() if value is not None})
        for name in [name for name, value in env.items() if value is None]:
            shell_env.pop(name, None)
        done = subprocess.run(step.command, shell=True, executable="/bin/bash", cwd=folder,
                              env=shell_env, capture_output=True, text=True, timeout=120,
                              input="".join(f"{line}\n" for line in step.typed or ()))
        return Ran(done.returncode, done.stdout + done.stderr)
    output = ran.output
    if head is not None:
        output = "".join(output.splitlines(keepends=True)[:head])
    if into is not None:
        into.write_text(output, encoding="utf-8")
        output = ""
    return Ran(ran.status, output)


def _lines(text: str) -> list[str]:
    return [_TIME.sub("<time>", line.rstrip()) for line in text.rstrip("\n").splitlines()]


def _line_matches(expected: str, actual: str) -> bool:
    if ELLIPSIS not in expected:
        return expected == actual
    pattern = ".*".join(re.escape(part) for part in expected.split(ELLIPSIS))
    return re.fullmatch(pattern, actual) is not None


def matches(expected: str, actual: str) -> bool:
    """Whether ``actual`` reads as ``expected`` does, ``…`` standing for what the page
    leaves out (see the module's docstring)."""
    want, got = _lines(expected), _lines(actual)

    @functools.cache
    def fits(i: int, j: int) -> bool:
        if i == len(want):
            return j == len(got)
        if want[i].strip() == ELLIPSIS:
            return any(fits(i + 1, k) for k in range(j, len(got) + 1))
        return j < len(got) and _line_matches(want[i], got[j]) and fits(i + 1, j + 1)

    return fits(0, 0)


def contains(part: str, whole: str) -> bool:
    """Whether the lines of ``part`` are lines of ``whole``, in a row."""
    want, got = _lines(part), _lines(whole)
    return any(got[at:at + len(want)] == want for at in range(len(got) - len(want) + 1))


def fresh_env(folder: Path) -> dict[str, str | None]:
    """The environment a page's commands start from, with a table of its own in
    ``folder`` until the page names another."""
    return {**BASE_ENV, "MISTBORN_DB": str(folder / "table.db")}


def shows(expected: str, ran: Ran) -> str | None:
    """What is wrong with ``ran`` against the page's ``expected`` output, or ``None``."""
    refusal = expected.startswith(REFUSALS)
    if ran.status != (2 if refusal else 0):
        return f"exit status {ran.status}:\n{ran.output}"
    if not matches(expected, ran.output):
        return f"printed:\n{ran.output}"
    return None


__all__ = ["ROOT", "Block", "Ran", "Step", "blocks", "contains", "fresh_env", "matches",
           "page_id", "pages", "pictures", "run", "shows", "steps", "words"]
