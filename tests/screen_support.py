"""A terminal for tests that must see the screen as a person does: a command run in a
tmux window of a given size (tmux draws it, wrapping and redrawing as a terminal does),
its screen read back as text."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CODE = "import sys; from cli.main import main; sys.argv = ['mistborn'] + sys.argv[1:]; main()"


class Screen:
    """A command running in a tmux window of a given size, on its own tmux server."""

    def __init__(self, db: Path, columns: int, rows: int, *args: str) -> None:
        """Run ``mistborn ARGS`` on the table ``db`` in a window ``columns`` × ``rows``."""
        self.socket = f"mistborn-{uuid.uuid4().hex[:8]}"
        env = {"MISTBORN_DB": str(db), "NO_COLOR": "1", "PYTHONPATH": str(ROOT),
               "TERM": "xterm-256color", "MISTBORN_AS": "Narrator"}
        command = " ".join(["env", "-u", "COLUMNS", "-u", "LINES",  # the real size only
                            *(f"{k}={v}" for k, v in env.items()), sys.executable, "-c",
                            f'"{CODE}"', *args])
        self._tmux("new-session", "-d", "-x", str(columns), "-y", str(rows), command,
                   ";", "set", "-g", "status", "off")

    def _tmux(self, *args: str) -> str:
        done = subprocess.run(["tmux", "-L", self.socket, "-f", os.devnull, *args],
                              capture_output=True, text=True, timeout=10, check=False)
        return done.stdout

    def text(self) -> list[str]:
        return self._tmux("capture-pane", "-p").rstrip("\n").split("\n")

    def wait_for(self, words: str, timeout: float = 10.0) -> list[str]:
        """The screen once ``words`` show on it, maybe broken across rows (the test
        fails after ``timeout``)."""
        ends = time.monotonic() + timeout
        while True:
            shown = self.text()
            if words in " ".join(" ".join(shown).split()):
                return shown
            if time.monotonic() > ends:
                pytest.fail(f"{words!r} never showed; the screen:\n" + "\n".join(shown))
            time.sleep(0.1)

    def close(self) -> None:
        self._tmux("kill-server")

    def send(self, keys: str) -> None:
        """Type ``keys`` (tmux key names, such as ``Enter``, are read as keys)."""
        self._tmux("send-keys", keys)
