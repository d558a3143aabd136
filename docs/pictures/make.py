"""The documentation's pictures: real screens of ``mistborn``, recorded as SVG by Rich's
own export (``Console(record=True)`` … ``export_svg``).

Run from anywhere: ``python docs/pictures/make.py`` writes the pictures beside this
script; ``python docs/pictures/make.py --into DIR`` writes them into DIR instead (the
test ``tests/test_pictures.py`` does, and compares them with the ones kept here).

Each picture is drawn by the command as a person runs it, on a fresh table in a
temporary folder, 40 columns wide (a phone; the width every screen is drawn for): the
set-up is the Narrator's own commands, the dice are given (``--faces``), nothing shown
depends on the clock. A plain screen (``conflict show``, ``odds``) is the command's
coloured output; the live board and the players' phones run in a terminal of their
size (tmux: it draws them as any terminal does, the keys typed into it) and are read
back from its screen. The title of each is the command that drew it.

The pictures:

* ``board.svg``: ``mistborn conflict show``, a fight on the canal after a few steps.
* ``live-board.svg``: ``mistborn conflict watch``, the live board in a 40×20 terminal.
* ``phone-conflict.svg``: a player's phone (``mistborn player --as ada``, 40×32) at the
  Conflict, choosing a defense.
* ``phone-housewar.svg``: a player's phone (``mistborn player --as venture``, 40×32) at
  House War, collecting at the start of the turn.
* ``odds-table.svg``: ``mistborn odds --table``, the odds of every pool and Contest.
* ``odds-contest.svg``: ``mistborn odds 5 vs 4``, one Contest's chances.
"""

from __future__ import annotations

import argparse
import io
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
WIDTH = 40
"""Every picture's width in columns: a phone's."""
PHONE = 32
"""A phone's rows, held upright."""
CODE = "import sys; from cli import run; sys.argv = ['mistborn', *sys.argv[1:]]; run()"
"""``mistborn ARGS`` with this repository's code, installed or not."""
EXAMPLES = ROOT / "examples"


def environment(db: Path, home: Path) -> dict[str, str]:
    """The same surroundings for every run, whoever makes the pictures: the table, a
    home of its own (no one's settings), a colour terminal, UTF-8, the Narrator."""
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home),
            "PYTHONPATH": str(ROOT), "MISTBORN_DB": str(db), "MISTBORN_AS": "Narrator",
            "TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TZ": "UTC"}


def mistborn(db: Path, *args: str, color: bool = False) -> str:
    """Run ``mistborn ARGS`` on the table ``db`` at :data:`WIDTH` columns; its output
    (coloured when ``color``). A command that fails stops the pictures."""
    env = {**environment(db, db.parent), "COLUMNS": str(WIDTH), "LINES": "50"}
    env.update({"FORCE_COLOR": "1"} if color else {"NO_COLOR": "1"})
    done = subprocess.run([sys.executable, "-c", CODE, *args], capture_output=True,
                          text=True, encoding="utf-8", env=env, cwd=db.parent,
                          timeout=120, check=False)
    if done.returncode != 0:
        raise SystemExit(f"mistborn {' '.join(args)} failed:\n{done.stderr}")
    return done.stdout


class Terminal:
    """A terminal ``columns`` × ``rows`` (a tmux window on its own server) running
    ``mistborn ARGS`` on the table ``db``: keys typed into it, its screen read back."""

    def __init__(self, db: Path, columns: int, rows: int, *args: str) -> None:
        self.socket = f"mistborn-pictures-{uuid.uuid4().hex[:8]}"
        env = environment(db, db.parent)
        command = ["env", "-i", *(f"{k}={v}" for k, v in env.items()), sys.executable,
                   "-c", CODE, *args]
        self._tmux("new-session", "-d", "-x", str(columns), "-y", str(rows),
                   shlex.join(command),
                   ";", "set", "-g", "status", "off")
        self.rows = rows
        self.typed = ""
        self.path = self._tmux("display-message", "-p", "#{socket_path}").strip()

    def _tmux(self, *args: str) -> str:
        done = subprocess.run(["tmux", "-u", "-L", self.socket, "-f", os.devnull, *args],
                              capture_output=True, text=True, encoding="utf-8",
                              timeout=20, check=False,
                              env={**os.environ, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"})
        return done.stdout

    def screen(self) -> list[str]:
        """The screen's rows as the terminal shows them, with their colours (SGR)."""
        shown = self._tmux("capture-pane", "-p", "-e").split("\n")[:self.rows]
        return shown + [""] * (self.rows - len(shown))

    def plain(self) -> str:
        return " ".join(self._tmux("capture-pane", "-p").split())

    def since_typed(self) -> str:
        """The screen's words after the line last typed and its prompt, or none until
        that line shows: what a reply says, never what stood above it before."""
        shown = self.plain()
        if not self.typed:
            return shown
        echo = shown.rfind(f"> {self.typed}")
        return "" if echo < 0 else shown[echo + len(self.typed) + 2:]

    def wait_for(self, words: str, timeout: float = 30.0) -> list[str]:
        """The screen once ``words`` show on it, after the line last typed, and it
        stays still."""
        ends = time.monotonic() + timeout
        while words not in self.since_typed():
            if time.monotonic() > ends:
                raise SystemExit(f"{words!r} never showed:\n{self.plain()}")
            time.sleep(0.1)
        before = self.screen()
        while True:
            time.sleep(0.4)
            now = self.screen()
            if now == before:
                return now
            before = now

    def type(self, line: str) -> None:
        self.typed = " ".join(line.split())
        self._tmux("send-keys", "-l", line)
        self._tmux("send-keys", "Enter")

    def close(self) -> None:
        self._tmux("kill-server")
        if self.path:
            Path(self.path).unlink(missing_ok=True)  # its server is gone: its socket too


@contextmanager
def terminal(db: Path, columns: int, rows: int, *args: str) -> Iterator[Terminal]:
    shown = Terminal(db, columns, rows, *args)
    try:
        yield shown
    finally:
        shown.close()


def svg(lines: list[str], title: str, height: int | None = None) -> str:
    """``lines`` (text with SGR colours) as Rich records and exports them: an SVG of a
    terminal :data:`WIDTH` columns wide, titled ``title``."""
    from rich.console import Console
    from rich.terminal_theme import SVG_EXPORT_THEME
    from rich.text import Text

    console = Console(record=True, width=WIDTH, height=height or len(lines),
                      file=io.StringIO(), force_terminal=True, color_system="truecolor",
                      legacy_windows=False, highlight=False, emoji=False, markup=False)
    for line in lines:
        text = Text.from_ansi(line, no_wrap=True, overflow="crop")
        text.rstrip()
        console.print(text, crop=True, soft_wrap=False)
    return console.export_svg(title=title, theme=SVG_EXPORT_THEME)


def screen(output: str) -> list[str]:
    """A command's output as lines, without the final new line's empty one."""
    return output.rstrip("\n").split("\n")


# --- the tables -----------------------------------------------------------------------


CANAL = [
    ["char", "import", str(EXAMPLES / "crew.toml"), str(EXAMPLES / "opposition.toml")],
    ["conflict", "new", "Canal", "--physical", "--stakes", "the ledger"],
    ["conflict", "add", "tamsin", "brannoch", "prelate"],
    ["conflict", "declare", "tamsin", "attack", "4", "--target", "prelate"],
    ["conflict", "declare", "brannoch", "attack", "5", "--target", "prelate", "--with",
     "staff"],
    ["conflict", "declare", "prelate", "attack", "6", "--target", "tamsin", "--with", "axe"],
    ["conflict", "act", "prelate"],
    ["player", "invite", "ada", "--passphrase", "--character", "tamsin"],
]
"""A fight on the canal, up to Tamsin Vey's choice of defense against the Prelate."""

CANAL_ON = [
    ["conflict", "roll", "--faces", "4,4,5,1,6,2", "--against", "5,5,6"],
    ["conflict", "act", "brannoch"],
    ["conflict", "take", "prelate"],
    ["conflict", "roll", "--faces", "3,3,6,1,2"],
    ["conflict", "damage", "--spend", "1", "--note", "the staff knocks the axe away"],
]
"""After Tamsin's defense: Brannoch's blow lands."""

HOUSE_WAR = [
    ["hw", "new", "--players", "3", "--length", "short", "--houses", "Venture", "Lekal",
     "Hasting"],
    ["hw", "sheet", "venture", "2f", "1m", "--cards", "1"],
    ["hw", "sheet", "lekal", "2s"],
    ["hw", "sheet", "hasting", "1p", "1w"],
    ["hw", "add", "Ashfall", "--urgency", "2", "--setup", "--cost", "2", "food",
     "--favor", "4"],
    ["hw", "add", "Riot", "--urgency", "IV", "--setup"],
    ["hw", "add", "Famine", "--urgency", "1", "--setup"],
    ["player", "invite", "venture", "--passphrase"],
]
"""House War for three, set up, Venture first; Venture's player invited."""


def table(folder: Path, name: str, commands: list[list[str]]) -> Path:
    """A fresh table in ``folder``'s folder ``name``, set up by the Narrator's
    ``commands``."""
    db = folder / name / "table.db"
    db.parent.mkdir()
    for args in commands:
        mistborn(db, *args)
    return db


def conflict_pictures(folder: Path) -> Iterator[tuple[str, str]]:
    db = table(folder, "canal", CANAL)
    with terminal(db, WIDTH, PHONE, "player", "--as", "ada") as phone:
        phone.wait_for("Your move")
        phone.type("re push")
        shown = phone.wait_for("Next: Action 3 rolls")
    yield "phone-conflict.svg", svg(shown, "mistborn player --as ada")
    for args in CANAL_ON:
        mistborn(db, *args)
    yield "board.svg", svg(screen(mistborn(db, "conflict", "show", color=True)),
                           "mistborn conflict show")
    with terminal(db, WIDTH, 20, "conflict", "watch") as live:
        shown = live.wait_for("q quits")
        live.type("q")
    yield "live-board.svg", svg(shown, "mistborn conflict watch")


def house_war_pictures(folder: Path) -> Iterator[tuple[str, str]]:
    db = table(folder, "house-war", HOUSE_WAR)
    with terminal(db, WIDTH, PHONE, "player", "--as", "venture") as phone:
        phone.wait_for("hw>")
        phone.type("collect")
        shown = phone.wait_for("Venture collects")
    yield "phone-housewar.svg", svg(shown, "mistborn player --as venture")


def odds_pictures(folder: Path) -> Iterator[tuple[str, str]]:
    db = table(folder, "odds", [])
    yield "odds-table.svg", svg(screen(mistborn(db, "odds", "--table", color=True)),
                                "mistborn odds --table")
    yield "odds-contest.svg", svg(screen(mistborn(db, "odds", "5", "vs", "4", color=True)),
                                  "mistborn odds 5 vs 4")


PICTURES: dict[str, Callable[[Path], Iterator[tuple[str, str]]]] = {
    "conflict": conflict_pictures, "house war": house_war_pictures, "odds": odds_pictures}
"""Each set of pictures drawn on one table, by its name (``--only``)."""

DRAWN: dict[str, tuple[str, ...]] = {
    "conflict": ("phone-conflict.svg", "board.svg", "live-board.svg"),
    "house war": ("phone-housewar.svg",),
    "odds": ("odds-table.svg", "odds-contest.svg")}
"""The pictures each set draws, in its order (:func:`make` checks them)."""


def make(into: Path, only: str | None = None) -> list[Path]:
    """Draw every picture (or the set ``only``: a key of :data:`PICTURES`) into the
    folder ``into``; the files written."""
    if shutil.which("tmux") is None:
        raise SystemExit("the live board and the phones are drawn in tmux: install it")
    written = []
    with tempfile.TemporaryDirectory(prefix="mistborn-pictures-") as scratch:
        for name, pictures in PICTURES.items():
            if only is not None and name != only:
                continue
            drawn = []
            for file, text in pictures(Path(scratch)):
                path = into / file
                path.write_text(text, encoding="utf-8")
                drawn.append(path)
            if tuple(path.name for path in drawn) != DRAWN[name]:
                raise SystemExit(f"the {name} pictures drew {[p.name for p in drawn]}, "
                                 f"not {list(DRAWN[name])}")
            written += drawn
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--into", type=Path, default=HERE,
                        help="the folder to write the pictures into (default: beside this)")
    parser.add_argument("--only", choices=list(PICTURES),
                        help="draw only this set of pictures (default: every one)")
    given = parser.parse_args()
    given.into.mkdir(parents=True, exist_ok=True)
    for path in make(given.into, given.only):
        print(path)


if __name__ == "__main__":
    main()
