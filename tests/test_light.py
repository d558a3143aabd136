"""The light screens (:mod:`cli.common.light`) print byte for byte what Rich prints for
the same lines, over random text, styles, widths and terminal settings; where they
cannot tell, they say so (and :func:`~cli.common.light.show` hands the lines to Rich)."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import scaled
from rich.cells import cell_len
from rich.console import Console, Group
from rich.text import Text

from cli.common import light
from cli.common.light import Line

_STYLES = st.sampled_from(["", "bold", "italic", "cyan", "bold cyan", "bold green",
                           "bold red", "bold reverse", "dim", "underline", "bright_red",
                           "italic cyan", "strike"])
_TEXT = st.text(alphabet=st.sampled_from(list("ab Z09 :-+.%·—×−⚀⚄▶█▏▌\n")), max_size=30)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


# (text, style) steps that build a line; a step of None appends the line built so far
# to itself through append_line (spans shifted, base style kept as a span).
_STEPS = st.lists(st.one_of(st.tuples(_TEXT, _STYLES), st.none()), max_size=6)


def _built(start: str, base: str, steps: list[tuple[str, str] | None]
           ) -> tuple[Line, Text]:
    """The same operations on a light line and on a Rich Text."""
    line, text = Line(start, base), Text(start, style=base)
    for step in steps:
        if step is None:
            line.append_line(Line("x", "bold").append("y", "cyan"))
            text.append_text(Text("x", style="bold").append("y", style="cyan"))
        else:
            line.append(*step)
            text.append(*step)
    return line, text


def _rich(texts: list[Text], width: int, env: dict[str, str], tty: bool) -> str:
    file = _Terminal() if tty else io.StringIO()
    console = Console(file=file, highlight=False, emoji=False, _environ=env,
                      no_color=bool(env.get("NO_COLOR")) or None)
    assert console.width == width
    console.print(Group(*texts))
    return file.getvalue()


_SETTINGS = st.sampled_from([({}, False), ({}, True), ({"NO_COLOR": "1"}, True),
                             ({"FORCE_COLOR": "1"}, False), ({"TERM": "xterm-256color"}, True),
                             ({"COLORTERM": "truecolor"}, True), ({"TERM": "xterm-16color"}, True),
                             ({"TTY_COMPATIBLE": "0"}, True), ({"NO_COLOR": "1"}, False)])


@settings(max_examples=scaled(400), deadline=None)
@given(st.lists(st.tuples(_TEXT, _STYLES, _STEPS, st.sampled_from([None, (0, 5), (2, 40)])),
                min_size=1, max_size=5),
       st.integers(1, 90), _SETTINGS)
def test_light_lines_print_as_rich_prints_them(
        made: list[tuple[str, str, list[tuple[str, str] | None], tuple[int, int] | None]],
        columns: int, setting: tuple[dict[str, str], bool]) -> None:
    env, tty = setting
    env = {**env, "COLUMNS": str(columns)}
    lines, texts = [], []
    for start, base, steps, cut in made:
        line, text = _built(start, base, steps)
        if cut is not None:
            line, text = line.cut(*cut), text[cut[0]:cut[1]]
        lines.append(line)
        texts.append(text)
    assert [line.plain for line in lines] == [text.plain for text in texts]
    said = light.terminal(env, _Terminal() if tty else io.StringIO())
    assert said is not None
    assert light.width(env) == columns
    drawn = light.render(lines, columns, *said)
    rich = _rich(texts, columns, env, tty)
    assert drawn is None or drawn == rich
    assert _rich([line.to_rich() for line in lines], columns, env, tty) == rich
    if all(cell_len(part) <= columns for line in lines for part in line.plain.split("\n")):
        assert drawn is not None  # every line fits: drawn without Rich


@settings(max_examples=scaled(200), deadline=None)
@given(_TEXT, _STYLES, st.integers(3, 60), st.integers(0, 4))
def test_a_wrapped_line_is_what_hanging_gives_for_rich_text(
        text: str, style: str, columns: int, indent: int) -> None:
    from cli.common.output import hanging

    text = text.replace("\n", " ")
    line = Line("Label ", "bold").append(text, style)
    rich = Text("Label ", style="bold").append(text, style=style)
    ours = [light.render([piece], 200, True, True) for piece in line.wrapped(columns, indent)]
    theirs = [_rich([piece], 200, {"COLUMNS": "200", "FORCE_COLOR": "1"}, False)
              for piece in hanging(rich, columns, indent)]
    assert ours == theirs


def test_every_character_measured_here_is_one_cell_in_rich() -> None:
    assert {c: cell_len(c) for c in light._ONE_CELL} == {c: 1 for c in light._ONE_CELL}


@pytest.mark.parametrize(("text", "known"), [
    ("", True), ("Tamsin Vey (crew)", True), ("▶ Vin · H █████░░ 5/7 •", True),
    ("Brannoch 大", False), ("e\u0301", False), ("tab\there", False), ("\x1b[1m", False)])
def test_a_width_measured_here_is_rich_s_or_none(text: str, known: bool) -> None:
    assert light.cells(text) == (cell_len(text) if known else None)


@pytest.mark.parametrize(("env", "tty"), [({"TERM": "dumb"}, True), ({"TERM": "unknown"}, True)])
def test_a_dumb_terminal_is_left_to_rich(env: dict[str, str], tty: bool) -> None:
    assert light.terminal(env, _Terminal() if tty else io.StringIO()) is None


def test_what_cannot_be_told_is_none() -> None:
    assert light.render([Line("a\tb")], 40, False, True) is None  # a tab: Rich expands it
    assert light.render([Line("漢字")], 40, False, True) is None  # wide: Rich measures
    assert light.render([Line("ab", "blink2")], 40, True, True) is None  # unknown style
    assert light.render([Line("x" * 41)], 40, False, True) is None  # Rich would wrap it


def test_show_falls_back_to_rich_with_the_same_bytes(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "12")

    def build(width: int) -> list[Line]:
        return [Line("y" * (width + 3), "bold"), Line("漢字 ok")]

    light.show(build)
    assert capsys.readouterr().out == "yyyyyyyyyyyy\nyyy\n漢字 ok\n"


@pytest.mark.parametrize("env", [
    {"TERM": "dumb", "COLUMNS": "30"}, {"TERM": "unknown", "COLUMNS": "120"},
    {"TERM": "dumb", "COLUMNS": "30", "LINES": "10"}, {"TERM": "dumb"},
    {"TERM": "xterm", "COLUMNS": "30"}, {"TERM": "dumb", "COLUMNS": "30", "FORCE_COLOR": ""},
    {"TERM": "Dumb", "COLUMNS": "44", "TTY_COMPATIBLE": "1"},
    {"TERM": "dumb", "COLUMNS": "44", "TTY_COMPATIBLE": "0"}])
@pytest.mark.parametrize("tty", [True, False])
def test_the_width_is_the_one_rich_takes_dumb_terminals_too(env: dict[str, str],
                                                             tty: bool) -> None:
    """A dumb terminal is 80 wide to Rich whatever ``COLUMNS`` says, unless ``LINES``
    is set too: screens laid out here for the width (``conflict show``) follow it."""
    file = _Terminal() if tty else io.StringIO()
    assert light.width(env, file) == Console(file=file, _environ=env).width
