"""Typing over SSH (cli/players/ssh_editor.py): keystrokes in, lines and echo out, with and
without a terminal — no network."""

from __future__ import annotations

import re
import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from cli.players.ssh_editor import (
    COMPLETE,
    END,
    INTERRUPT,
    TOO_LONG,
    LineEditor,
    columns,
    crlf,
    lines_of,
)
from conflict.intents.complete import Completion


def terminal(longest: int = 50) -> LineEditor:
    return LineEditor(terminal=True, longest=longest)


def test_typed_keys_are_echoed_and_enter_ends_the_line() -> None:
    editor = terminal()
    echoes = [editor.feed(key) for key in "r 5"]
    assert [echo for echo, _ in echoes] == ["r", " ", "5"]
    assert editor.feed("\r") == ("\r\n", ["r 5"])
    assert editor.feed("a 3\r\nb\n") == ("a 3\r\nb\r\n", ["a 3", "b"])  # \r\n is one Enter


def test_backspace_ctrl_u_and_ctrl_c() -> None:
    editor = terminal()
    editor.feed("r 55")
    echo, done = editor.feed("\x7f")
    assert (echo, done, editor.buffer) == ("\b \b", [], "r 5")
    editor.feed("名")  # a wide character takes two cells to rub out
    assert editor.feed("\x08")[0] == "\b\b  \b\b"
    assert editor.feed("\x15")[0] == "\r\x1b[K> " and editor.buffer == ""
    editor.feed("oops")
    assert editor.feed("\x03") == ("^C\r\n", [INTERRUPT]) and editor.buffer == ""
    assert editor.feed("\x04") == ("", [END])
    editor.feed("x")
    assert editor.feed("\x04") == ("", [])  # Ctrl-D ends only an empty line


def test_arrows_recall_earlier_lines_and_other_escapes_are_swallowed() -> None:
    editor = terminal()
    lines_of(editor, ["r 5\r", "b\r"])
    assert editor.feed("\x1b[A") == ("\r\x1b[K> b", [])
    assert editor.feed("\x1bOA") == ("\r\x1b[K> r 5", [])  # the other form of Up
    assert editor.feed("\x1b[B")[0] == "\r\x1b[K> b"
    assert editor.feed("\x1b[B")[0] == "\r\x1b[K> "
    # Left, a function key and Alt-x arrive in pieces and leave nothing behind.
    for piece in ("\x1b", "[", "D", "\x1b[15", "~", "\x1bx"):
        assert editor.feed(piece) == ("", [])
    assert editor.feed("s\r") == ("s\r\n", ["s"])


def test_a_line_past_the_longest_is_dropped_whole() -> None:
    editor = terminal(longest=10)
    echo, _ = editor.feed("x" * 11)
    assert echo == "\a" and editor.buffer == ""
    assert editor.feed("more\r")[1] == [TOO_LONG]
    assert editor.feed("r 2\r")[1] == ["r 2"]


def test_without_a_terminal_lines_are_kept_as_sent_for_the_shell_to_judge() -> None:
    editor = LineEditor(terminal=False, longest=10)
    assert editor.feed("r 2\x1b[31m\r\n") == ("", ["r 2\x1b[31m"])
    assert lines_of(editor, ["r ", "3\nq", "\n"]) == ["r 3", "q"]
    assert lines_of(editor, ["y" * 20, "y\nr 4\n"]) == [TOO_LONG, "r 4"]


def test_crlf_for_a_raw_terminal() -> None:
    assert crlf("a\nb\r\nc\n") == "a\r\nb\r\nc\r\n"


# --- what is never echoed raw ----------------------------------------------------------

UNSHOWN = ("\u202e", "\u202d", "\u2066", "\u200b", "\u200f", "\ufeff", "\u2028", "\u2029",
           "\x85", "\x9b", "\ue000", "\U000e0001", "\u0378")


def test_bidi_and_other_control_characters_are_echoed_as_escapes_and_kept_in_the_line(
        ) -> None:
    for char in UNSHOWN:
        editor = terminal()
        echo, _ = editor.feed(f"r{char}5")
        assert char not in echo, repr(char)
        escape = ascii(char)[1:-1]  # '\u202e' as Python writes it
        assert echo == f"r{escape}5", repr(char)
        # The line keeps what was typed: the shell refuses it by name.
        assert editor.feed("\r")[1] == [f"r{char}5"]
    editor = terminal()
    editor.feed("x\u202e")
    assert editor.feed("\x7f")[0] == "\b" * 6 + " " * 6 + "\b" * 6  # rubs out '\u202e'
    assert editor.buffer == "x"


def test_redrawn_and_recalled_lines_are_escaped_too() -> None:
    editor = terminal()
    lines_of(editor, ["r\u202e5\r"])
    assert editor.feed("\x1b[A")[0] == "\r\x1b[K> r\\u202e5"  # Up recalls it, escaped
    assert editor.redraw() == "> r\\u202e5"  # drawn again after news
    assert "\u202e" not in editor.redraw()


# Only the editor's own keys may reach the terminal as controls: Enter, Backspace,
# the bell, clearing the line (one row, or the rows below the cursor) and moving the
# cursor up, right or to the start of its row to draw the line again.
_OWN = re.compile(r"\r\n|\r\x1b\[[JK]|\x1b\[[0-9]+[AC]|[\r\b\a]")


@given(st.lists(st.text(max_size=12), max_size=8))
def test_no_typed_character_is_echoed_raw_unless_a_terminal_shows_it(chunks: list[str]
                                                                     ) -> None:
    editor = terminal(longest=40)
    for chunk in chunks:
        for shown in (editor.feed(chunk)[0], editor.redraw()):
            for char in _OWN.sub("", shown):
                assert unicodedata.category(char) not in {
                    "Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}, repr(char)


# --- moving within the line, and lines longer than a row ---------------------------------


def _screen(echoes: str, width: int, rows: int = 6) -> tuple[list[str], tuple[int, int]]:
    """What a terminal ``width`` columns wide shows after ``echoes`` (a small VT100:
    text, CR, LF, BS, and the editor's CSI sequences), and where its cursor is."""
    grid = [[" "] * width for _ in range(rows)]
    row = column = 0
    pending = False
    for match in re.finditer(r"\x1b\[([0-9]*)([ACJK])|(.)", echoes, re.S):
        count, final, char = match.groups()
        if final:
            n = int(count or 1)
            pending = False
            if final == "A":
                row = max(0, row - n)
            elif final == "C":
                column = min(width - 1, column + n)
            elif final == "K":
                grid[row][column:] = [" "] * (width - column)
            else:
                grid[row][column:] = [" "] * (width - column)
                for below in grid[row + 1:]:
                    below[:] = [" "] * width
        elif char == "\r":
            column, pending = 0, False
        elif char == "\n":
            row, pending = row + 1, False
        elif char == "\b":
            column, pending = max(0, column - 1), False
        elif char != "\a":
            if pending:
                row, column, pending = row + 1, 0, False
            grid[row][column] = char
            if column == width - 1:
                pending = True
            else:
                column += 1
    return ["".join(line).rstrip() for line in grid], (row, column)


def _typed(editor: LineEditor, *keys: str) -> str:
    return "".join(editor.feed(key)[0] for key in keys)


def test_left_right_home_end_and_delete_edit_within_the_line() -> None:
    editor = terminal()
    _typed(editor, "r 5 for lok", "\x1b[D", "c")  # Left, then type
    assert (editor.buffer, editor.cursor) == ("r 5 for lock", 11)
    _typed(editor, "\x1b[H", "\x1b[3~", "R")  # Home, Delete, type
    assert editor.buffer == "R 5 for lock"
    _typed(editor, "\x1bOF", "\x1b[D", "\x1b[D", "\x7f", "\x1b[C", "\x1b[4~", "s")
    assert editor.buffer == "R 5 for lcks"
    _typed(editor, "\x01", "\x06", "\x06", "\x0b")  # Ctrl-A, Ctrl-F twice, Ctrl-K
    assert editor.buffer == "R "
    _typed(editor, "5 for the lock", "\x17")  # Ctrl-W: the word before the cursor
    assert editor.buffer == "R 5 for the "
    assert editor.feed("\r")[1] == ["R 5 for the "]


def test_a_line_wrapped_over_rows_is_drawn_again_whole_after_an_edit() -> None:
    editor = LineEditor(terminal=True, longest=200, width=10)
    shown = "> " + _typed(editor, "abcdefghijklmnopqrstu")  # three rows at 10 columns
    assert _screen(shown, 10)[0][:3] == ["> abcdefgh", "ijklmnopqr", "stu"]
    shown += _typed(editor, "\x7f", "\x7f", "\x7f", "\x7f")  # back over a row's edge
    screen, cursor = _screen(shown, 10)
    assert screen[:3] == ["> abcdefgh", "ijklmnopq", ""] and cursor == (1, 9)
    shown += _typed(editor, "\x1b[H", "X")  # Home: the start of the first row
    screen, cursor = _screen(shown, 10)
    assert screen[:3] == ["> Xabcdefg", "hijklmnopq", ""] and cursor == (0, 3)
    shown += _typed(editor, "\x15")  # Ctrl-U clears every row
    assert _screen(shown, 10)[0][:3] == [">", "", ""]
    shown += _typed(editor, "12345678", "\x1b[D", "9")  # the row just filled
    screen, cursor = _screen(shown, 10)
    assert screen[:2] == ["> 12345679", "8"] and cursor == (1, 0)
    echo, done = editor.feed("\r")  # Enter from within the line: below its last row
    assert done == ["123456798"]
    screen, cursor = _screen(shown + echo, 10)
    assert screen[:2] == ["> 12345679", "8"] and cursor == (2, 0)


def test_tab_asks_for_completion_and_what_came_after_waits() -> None:
    editor = terminal()
    echo, done = editor.feed("d att\tack")
    assert (echo, done, editor.rest()) == ("d att", [COMPLETE], "ack")
    assert editor.before_cursor() == "d att"
    assert editor.complete(["attack"]) == "ack "  # one word: it, and a space
    assert editor.buffer == "d attack "
    editor.feed("Ha")
    assert "Hazekillers of House Orrell  Hawk" in editor.complete(
        ["Hazekillers of House Orrell", "Hawk"])  # nothing to add: listed
    assert editor.buffer == "d attack Ha"
    editor.feed("\x1b[D")
    assert editor.complete(["Hazekillers"]).endswith("\r\x1b[23C")  # mid-line: drawn again
    assert (editor.buffer, editor.cursor) == ("d attack Hazekillers a", 21)
    assert editor.complete([]) == "\a"


def test_r_con_8_tab_puts_a_completion_in_place_of_the_characters_it_replaces() -> None:
    editor = terminal()
    editor.feed("d attack hollow pre")
    editor.complete([Completion("The Hollow Prelate", 10)])  # a name typed in two words
    assert (editor.buffer, editor.cursor) == ("d attack The Hollow Prelate ", 28)
    editor.feed(" w")
    assert editor.complete([Completion("with", 1), Completion("willpower", 1)]) == "i"
    assert "with  willpower\r\n> d attack The Hollow Prelate  wi" in editor.complete(
        [Completion("with", 2), Completion("willpower", 2)])  # listed, and the line again


def test_r_con_8_a_listing_never_breaks_inside_a_name() -> None:
    """Tab's listing is laid out in columns that fit the screen, or one a row: a name
    of several words (R-CON-8's aims) is never split across rows."""
    names = ["Tamsin Vey", "Brannoch", "Hazekillers of House Orrell", "Hawk"]
    assert columns(names, 40).split("\r\n") == [
        "Tamsin Vey                   Brannoch", "Hazekillers of House Orrell  Hawk"]
    assert columns(names, 80) == "Tamsin Vey  Brannoch  Hazekillers of House Orrell  Hawk"
    assert columns(["attack", "action", "defense", "noroll", "as"], 20) == (
        "attack   action\r\ndefense  noroll\r\nas")  # each column as wide as its widest
    assert columns(["x" * 50, "y"], 40) == "x" * 50 + "\r\ny"  # wider than the screen
    editor = LineEditor(terminal=True, longest=50, width=30)
    editor.feed("d attack ")
    listed = editor.complete(names).split("\r\n")
    assert listed[1:5] == ["Tamsin Vey", "Brannoch", "Hazekillers of House Orrell", "Hawk"]
