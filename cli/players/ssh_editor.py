"""Typing a line over SSH: what a player's keystrokes make, and what to echo back.

A phone's SSH client sends keystrokes as they are typed (a terminal in raw mode), and
expects the server to echo them. :class:`LineEditor` turns those bytes — already
decoded text — into whole lines: printable text is echoed in one piece; Left and
Right (Ctrl-B, Ctrl-F), Home and End (Ctrl-A, Ctrl-E) move the cursor within the line
and typing goes in where it is; Backspace and Delete (Ctrl-D) rub out either side of
it, Ctrl-W the word before it, Ctrl-K the rest of the line, Ctrl-U the whole line;
Up and Down recall earlier lines; Tab completes the word before the cursor (the
session finds the words it may become and gives them to :meth:`LineEditor.complete`);
Ctrl-C drops the line, Ctrl-D on an empty line ends the session; other escape
sequences (function keys) are swallowed. A line longer than the terminal's row wraps,
and is drawn again on every row it takes after an edit. Characters a terminal would
act on rather than show — C1 controls, format characters such as the bidi override
U+202E, line and paragraph separators, unassigned and private code points — are kept
in the line (the shell refuses it by name) but echoed only as escapes (``\\u202e``):
never raw. Without a terminal (``ssh -T``, a script) nothing is echoed and a line is
whatever ends in a line feed, control characters and all, so that the shell can
refuse junk by name.

Pure text in and out: no network, no terminal. Typing at the end of the line, the
common case, echoes the text as it came; only edits elsewhere draw the line again.
(asyncssh's own line editor spends ten times as long on every line; prompt_toolkit's,
a prompt session a line as its asyncssh integration runs it, over a thousand times —
5 to 7 ms of CPU a line where the whole server spends about 1 ms on a roll: see
``bench/ssh_line_editors.py``.)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

import attrs
from rich.cells import cell_len

if TYPE_CHECKING:
    from conflict.intents.complete import Completion

INTERRUPT: Final = "\x00interrupt"
"""What :meth:`LineEditor.feed` gives for Ctrl-C: the line being typed was dropped."""
END: Final = "\x00end"
"""Ctrl-D on an empty line: the player is done."""
TOO_LONG: Final = "\x00too long"
"""A line longer than the editor keeps, dropped whole."""
COMPLETE: Final = "\x00complete"
"""Tab: the word before the cursor is to be completed (:meth:`LineEditor.complete`)."""

_RUBOUT: Final = frozenset("\x7f\x08")
_UNSHOWN: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def columns(texts: Sequence[str], width: int) -> str:
    """``texts`` laid out in as many columns as fit in ``width`` cells (row by row, two
    spaces apart), one per row when even two do not fit: a row never ends inside one
    of them, so a name of several words is never split across rows (one wider than the
    screen alone wraps, on a row of its own). Rows are joined by CR LF."""
    cells = [cell_len(text) for text in texts]
    for count in range(len(texts), 1, -1):
        rows = [range(start, min(start + count, len(texts)))
                for start in range(0, len(texts), count)]
        widths = [max(cells[row[0] + column] for row in rows if column < len(row))
                  for column in range(count)]
        if sum(widths) + 2 * (count - 1) <= width:
            return "\r\n".join("  ".join(
                texts[i] + " " * (widths[i - row[0]] - cells[i]) for i in row).rstrip()
                for row in rows)
    return "\r\n".join(texts)


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
    expects; ``longest``: characters kept before the line is dropped as too long;
    ``width``: the terminal's columns, for a line that wraps onto several rows."""

    def __init__(self, *, terminal: bool, longest: int, prompt: str = "> ",
                 history: int = 20, width: int = 80) -> None:
        self.terminal = terminal
        self.longest = longest
        self.prompt = prompt
        self.width = width
        self.buffer = ""
        self.cursor = 0  # where in the buffer typing goes
        self._row: int | None = None  # the cursor's row below the prompt's (None: at the end)
        self._overflow = False
        self._escape = ""  # an escape sequence arriving in pieces
        self._after_cr = False
        self._history: list[str] = []
        self._keep = history
        self._back = 0  # how far back in history Up has gone
        self._rest = ""  # what was typed after a Tab, until it is completed

    def feed(self, data: str) -> tuple[str, list[str]]:
        """Take ``data`` as typed: returns what to echo and the lines it ended (or
        :data:`INTERRUPT`, :data:`END`, :data:`TOO_LONG`, or :data:`COMPLETE` last: a
        Tab asks for :meth:`complete`, and what came after it waits in :meth:`rest`)."""
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
                if char == "\t" and not self._escape:
                    self._rest = data[start:]
                    done.append(COMPLETE)
                    return "".join(echo), done
                self._key(char, echo, done)
        self._add(data[start:], echo)
        return "".join(echo), done

    def rest(self) -> str:
        """What was typed after a Tab, to feed once the Tab is completed."""
        rest, self._rest = self._rest, ""
        return rest

    def before_cursor(self) -> str:
        """The line up to the cursor: what a Tab completes."""
        return self.buffer[:self.cursor]

    def redraw(self) -> str:
        """The prompt and the line typed so far, drawn again from the start of a fresh
        row (after news was shown above it, :meth:`clear`)."""
        return self._paint()

    def clear(self) -> str:
        """Rub out the prompt and the line, on every row it takes, the cursor left at
        the start of the prompt's row."""
        return self._erase()

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
            self.buffer, self.cursor, self._overflow = "", 0, True
            echo.append("\a")
            return
        if self.cursor == len(self.buffer):  # typing at the end: the echo is the text
            self.buffer += text
            self.cursor = len(self.buffer)
            echo.append(visible(text))
            return
        self._edit(self.buffer[:self.cursor] + text + self.buffer[self.cursor:],
                   self.cursor + len(text), echo)

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
            self._enter(echo, done)
        elif char == "\x1b":
            self._escape = char
        elif char in _RUBOUT:
            self._rub_out(echo)
        elif char == "\x15":  # Ctrl-U
            self._edit("", 0, echo)
            self._overflow = False
        elif char == "\x03":  # Ctrl-C
            self._move(len(self.buffer), echo)
            echo.append("^C\r\n")
            self.buffer, self.cursor, self._overflow = "", 0, False
            done.append(INTERRUPT)
        elif char == "\x04":  # Ctrl-D: the end on an empty line, else Delete
            if self.buffer:
                self._delete(echo)
            else:
                done.append(END)
        elif char in _MOVES:
            self._move(_MOVES[char](self), echo)
        elif char == "\x0b":  # Ctrl-K: rub out to the end
            self._edit(self.buffer[:self.cursor], self.cursor, echo)
        elif char == "\x17":  # Ctrl-W: rub out the word before the cursor
            start = _word_start(self.buffer, self.cursor)
            self._edit(self.buffer[:start] + self.buffer[self.cursor:], start, echo)

    def _enter(self, echo: list[str], done: list[str]) -> None:
        self._move(len(self.buffer), echo)
        echo.append("\r\n")
        line, self.buffer, self.cursor = self.buffer, "", 0
        done.append(TOO_LONG if self._overflow else line)
        self._overflow = False
        if line.strip() and done[-1] != TOO_LONG:
            self._history = [*self._history, line][-self._keep:]
        self._back = 0

    def _rub_out(self, echo: list[str]) -> None:
        if not self.cursor:
            return
        row, column = self._layout(self._shown())
        if self.cursor == len(self.buffer) and row == 0 and column < self.width:
            width = cell_len(visible(self.buffer[-1]))  # one row: rub out in place
            self.buffer = self.buffer[:-1]
            self.cursor -= 1
            echo.append("\b" * width + " " * width + "\b" * width)
            return
        self._edit(self.buffer[:self.cursor - 1] + self.buffer[self.cursor:],
                   self.cursor - 1, echo)

    def _delete(self, echo: list[str]) -> None:
        if self.cursor < len(self.buffer):
            self._edit(self.buffer[:self.cursor] + self.buffer[self.cursor + 1:],
                       self.cursor, echo)

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
        elif sequence in _DELETE:
            self._delete(echo)
        elif sequence in _SEQUENCES:
            self._move(_MOVES[_SEQUENCES[sequence]](self), echo)

    def _recall(self, step: int, echo: list[str]) -> None:
        back = min(max(self._back + step, 0), len(self._history))
        if back == self._back:
            return
        self._back = back
        text = self._history[-back] if back else ""
        self._edit(text, len(text), echo)

    def complete(self, found: Sequence[str | Completion]) -> str:
        """What a Tab shows, given what the text before the cursor may become
        (``found``, as :func:`tab` takes them): the one, and a space; what they all
        begin with; else the list of them below the line, and the line again; a bell
        when there are none."""
        typed = self.before_cursor()
        answer = tab(typed, found)
        if answer is None:
            return "\a"
        echo: list[str] = []
        if answer.put is not None:
            start, common, said = answer.start, answer.put, typed[answer.start:]
            if self.cursor == len(self.buffer) and common.startswith(said):
                self._add(common[len(said):], echo)  # at the end: only what is added
                return "".join(echo)
            self._edit(self.buffer[:start] + common + self.buffer[self.cursor:],
                       start + len(common), echo)
            return "".join(echo)
        listing = columns(list(answer.listed), self.width)
        at = self.cursor
        self._move(len(self.buffer), echo)
        self.cursor = at
        return "".join(echo) + "\r\n" + listing + "\r\n" + self._paint()

    # --- drawing a line that may wrap

    def _shown(self, end: int | None = None) -> str:
        return self.prompt + visible(self.buffer[:end])

    def _layout(self, text: str) -> tuple[int, int]:
        """The row and column a terminal's cursor reaches writing ``text`` from the
        start of a row (a row just filled keeps it on its last column)."""
        width = max(1, self.width)
        if text.isascii():
            row, column = divmod(len(text), width)
            return (row - 1, width) if row and not column else (row, column)
        row = column = 0
        for char in text:
            cells = cell_len(char)
            if column + cells > width:
                row, column = row + 1, 0
            column += cells
        return row, column

    def _cursor_row(self) -> int:
        return self._layout(self._shown())[0] if self._row is None else self._row

    def _erase(self) -> str:
        row = self._cursor_row()
        rows = self._layout(self._shown())[0] + 1
        self._row = None
        return (f"\x1b[{row}A" if row else "") + ("\r\x1b[K" if rows == 1 else "\r\x1b[J")

    def _paint(self) -> str:
        """The prompt and the line from the start of the prompt's row, and the cursor
        put where typing goes."""
        whole = self._shown()
        if self.cursor == len(self.buffer):
            self._row = None
            return whole
        end_row = self._layout(whole)[0]
        row, column = self._layout(self._shown(self.cursor))
        next_cells = cell_len(visible(self.buffer[self.cursor])[0])
        if column + next_cells > self.width:
            row, column = row + 1, 0
        self._row = row
        up = f"\x1b[{end_row - row}A" if end_row > row else ""
        return f"{whole}{up}\r" + (f"\x1b[{column}C" if column else "")

    def _edit(self, text: str, cursor: int, echo: list[str]) -> None:
        """Make the line ``text`` with the cursor at ``cursor``, drawn again."""
        erase = self._erase()
        self.buffer, self.cursor = text, cursor
        echo.append(erase + self._paint())

    def _move(self, cursor: int, echo: list[str]) -> None:
        cursor = min(max(cursor, 0), len(self.buffer))
        if cursor != self.cursor:
            self._edit(self.buffer, cursor, echo)


@attrs.frozen
class TabAnswer:
    """What a Tab does to the text before the cursor, ``typed``: put ``put`` in place
    of ``typed[start:]``; or, when ``put`` is ``None``, list ``listed`` (the answers,
    each as a terminal may show it) below the line, which stays as it is."""

    start: int
    put: str | None
    listed: tuple[str, ...] = ()


def tab(typed: str, found: Sequence[str | Completion]) -> TabAnswer | None:
    """What a Tab does to ``typed`` (the line up to the cursor), given what it may
    become (``found``: each a :class:`~conflict.intents.complete.Completion` of the
    characters it replaces, or a word for the last word typed): the one answer, and a
    space; else what they all begin with, when that is more than is typed; else the
    list of them. ``None``: there is none. The terminal over SSH
    (:meth:`LineEditor.complete`) and the local prompt's readline answer alike."""
    if not found:
        return None
    word = "" if not typed or typed[-1].isspace() else typed.split()[-1]
    made = [(c, len(word)) if isinstance(c, str) else (c.text, min(c.replaces, len(typed)))
            for c in found]
    start = len(typed) - max(back for _, back in made)
    # Each answer as the whole line from ``start`` would read: their common beginning.
    spans = [typed[start:len(typed) - back] + text for text, back in made]
    common = spans[0] + " " if len(spans) == 1 else _common_beginning(spans)
    if len(common) > len(typed) - start or len(spans) == 1:
        return TabAnswer(start, common)
    return TabAnswer(start, None, tuple(visible(text) for text, _ in made))


def _common_beginning(words: Sequence[str]) -> str:
    """What every one of ``words`` begins with, in any case (spelt as the first)."""
    first = words[0]
    length = len(first)
    for word in words[1:]:
        length = min(length, len(word))
        while length and word[:length].casefold() != first[:length].casefold():
            length -= 1
    return first[:length]


def _word_start(text: str, cursor: int) -> int:
    """Where the word before ``cursor`` begins (Ctrl-W)."""
    at = cursor
    while at and text[at - 1].isspace():
        at -= 1
    while at and not text[at - 1].isspace():
        at -= 1
    return at


_MOVES: Final[dict[str, Callable[[LineEditor], int]]] = {
    "\x01": lambda e: 0, "\x05": lambda e: len(e.buffer),  # Ctrl-A, Ctrl-E
    "\x02": lambda e: e.cursor - 1, "\x06": lambda e: e.cursor + 1,  # Ctrl-B, Ctrl-F
}
_SEQUENCES: Final = {
    **dict.fromkeys(("\x1b[D", "\x1bOD"), "\x02"), **dict.fromkeys(("\x1b[C", "\x1bOC"), "\x06"),
    **dict.fromkeys(("\x1b[H", "\x1bOH", "\x1b[1~", "\x1b[7~"), "\x01"),
    **dict.fromkeys(("\x1b[F", "\x1bOF", "\x1b[4~", "\x1b[8~"), "\x05"),
}
"""Left, Right, Home and End as terminals send them, and the control key each means."""
_DELETE: Final = frozenset({"\x1b[3~"})


def crlf(text: str) -> str:
    """Text for a terminal in raw mode: every line feed as carriage return, line feed."""
    return text.replace("\r\n", "\n").replace("\n", "\r\n")


def lines_of(editor: LineEditor, chunks: Sequence[str]) -> list[str]:
    """Every line ``chunks`` end, fed in order (for tests and tools)."""
    found: list[str] = []
    for chunk in chunks:
        found.extend(editor.feed(chunk)[1])
    return found
