"""Typing a line over SSH: what a player's keystrokes make, and what to echo back.

A phone's SSH client sends keystrokes as they are typed (a terminal in raw mode), and
expects the server to echo them. :class:`LineEditor` turns those bytes — already
decoded text — into whole lines: printable text is echoed in one piece, Backspace
rubs out, Ctrl-U clears the line, Ctrl-C drops it, Ctrl-D on an empty line ends the
session, Up and Down recall earlier lines, other escape sequences (arrows, function
keys) are swallowed. Characters a terminal would act on rather than show — C1
controls, format characters such as the bidi override U+202E, line and paragraph
separators, unassigned and private code points — are kept in the line (the shell
refuses it by name) but echoed only as escapes (``\\u202e``): never raw. Without a
terminal (``ssh -T``, a script) nothing is echoed and a line is whatever ends in a
line feed, control characters and all, so that the shell can refuse junk by name.

Pure text in and out: no network, no terminal. (asyncssh's own line editor does more,
a cursor that moves within the line, but spends ten times as long on every line.)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Final

from rich.cells import cell_len

INTERRUPT: Final = "\x00interrupt"
"""What :meth:`LineEditor.feed` gives for Ctrl-C: the line being typed was dropped."""
END: Final = "\x00end"
"""Ctrl-D on an empty line: the player is done."""
TOO_LONG: Final = "\x00too long"
"""A line longer than the editor keeps, dropped whole."""

_RUBOUT: Final = frozenset("\x7f\x08")
_UNSHOWN: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def visible(text: str) -> str:
    """``text`` as it may be echoed to a terminal: every character a terminal would act
    on rather than show (see :data:`_UNSHOWN`) as a Python-style escape, ``\\u202e``."""
    if text.isprintable():
        return text
    out = []
    for char in text:
        if char == " " or unicodedata.category(char) not in _UNSHOWN:
            out.append(char)
        else:
            code = ord(char)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
                       if code < 0x10000 else f"\\U{code:08x}")
    return "".join(out)


class LineEditor:
    """One session's line being typed. ``terminal``: echo and edit as a terminal
    expects; ``longest``: characters kept before the line is dropped as too long."""

    def __init__(self, *, terminal: bool, longest: int, prompt: str = "> ",
                 history: int = 20) -> None:
        self.terminal = terminal
        self.longest = longest
        self.prompt = prompt
        self.buffer = ""
        self._overflow = False
        self._escape = ""  # an escape sequence arriving in pieces
        self._after_cr = False
        self._history: list[str] = []
        self._keep = history
        self._back = 0  # how far back in history Up has gone

    def feed(self, data: str) -> tuple[str, list[str]]:
        """Take ``data`` as typed: returns what to echo and the lines it ended (or
        :data:`INTERRUPT`, :data:`END`, :data:`TOO_LONG`)."""
        if not self.terminal:
            return "", self._plain(data)
        echo: list[str] = []
        done: list[str] = []
        start = 0
        for i, char in enumerate(data):
            if self._escape or char == "\x1b" or char in "\r\n" or ord(char) < 32 or \
                    char in _RUBOUT:
                self._add(data[start:i], echo)
                start = i + 1
                self._key(char, echo, done)
        self._add(data[start:], echo)
        return "".join(echo), done

    def redraw(self) -> str:
        """The prompt and the line typed so far, drawn again on a fresh line (after
        news was shown above it)."""
        return f"{self.prompt}{visible(self.buffer)}"

    # --- without a terminal

    def _plain(self, data: str) -> list[str]:
        done = []
        self.buffer += data
        while "\n" in self.buffer:
            line, self.buffer = self.buffer.split("\n", 1)
            done.append(TOO_LONG if self._overflow else line.removesuffix("\r"))
            self._overflow = False
        if len(self.buffer) > self.longest:
            self.buffer, self._overflow = "", True
        return done

    # --- with a terminal

    def _add(self, text: str, echo: list[str]) -> None:
        if not text:
            return
        self._after_cr = False
        if self._overflow:
            return
        if len(self.buffer) + len(text) > self.longest:
            self.buffer, self._overflow = "", True
            echo.append("\a")
            return
        self.buffer += text
        echo.append(visible(text))

    def _key(self, char: str, echo: list[str], done: list[str]) -> None:
        if self._escape:
            self._escape += char
            self._escape_sequence(echo)
            return
        if char == "\n" and self._after_cr:
            self._after_cr = False  # "\r\n" is one Enter
            return
        self._after_cr = char == "\r"
        if char in "\r\n":
            echo.append("\r\n")
            line, self.buffer = self.buffer, ""
            done.append(TOO_LONG if self._overflow else line)
            self._overflow = False
            if line.strip() and done[-1] != TOO_LONG:
                self._history = [*self._history, line][-self._keep:]
            self._back = 0
        elif char == "\x1b":
            self._escape = char
        elif char in _RUBOUT:
            if self.buffer:
                width = cell_len(visible(self.buffer[-1]))
                self.buffer = self.buffer[:-1]
                echo.append("\b" * width + " " * width + "\b" * width)
        elif char == "\x15":  # Ctrl-U
            self._replace("", echo)
            self._overflow = False
        elif char == "\x03":  # Ctrl-C
            echo.append("^C\r\n")
            self.buffer, self._overflow = "", False
            done.append(INTERRUPT)
        elif char == "\x04" and not self.buffer:  # Ctrl-D
            done.append(END)
        elif char == "\t":
            self._add(" ", echo)

    def _escape_sequence(self, echo: list[str]) -> None:
        sequence = self._escape
        if len(sequence) == 2 and sequence[1] not in "[O":
            self._escape = ""  # Alt and a key: nothing here
            return
        if len(sequence) < 3:
            return
        final = sequence[-1]
        if sequence[1] == "[" and not 0x40 <= ord(final) <= 0x7E:
            if len(sequence) > 16:
                self._escape = ""
            return
        self._escape = ""
        if final in "AB":
            self._recall(1 if final == "A" else -1, echo)

    def _recall(self, step: int, echo: list[str]) -> None:
        back = min(max(self._back + step, 0), len(self._history))
        if back == self._back:
            return
        self._back = back
        self._replace(self._history[-back] if back else "", echo)

    def _replace(self, text: str, echo: list[str]) -> None:
        self.buffer = text
        echo.append(f"\r\x1b[K{self.prompt}{visible(text)}")


def crlf(text: str) -> str:
    """Text for a terminal in raw mode: every line feed as carriage return, line feed."""
    return text.replace("\r\n", "\n").replace("\n", "\r\n")


def lines_of(editor: LineEditor, chunks: Sequence[str]) -> list[str]:
    """Every line ``chunks`` end, fed in order (for tests and tools)."""
    found: list[str] = []
    for chunk in chunks:
        found.extend(editor.feed(chunk)[1])
    return found
