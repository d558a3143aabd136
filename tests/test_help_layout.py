"""Every command's help reads on a phone: at 40 columns no line is wider than the
screen and no word of the help is cut in two (click alone left ``conflict declare``'s
options 6 columns of help and split ``$MISTBORN_DB`` across lines)."""

from __future__ import annotations

import os
import subprocess

import click
import pytest
from cli_support import console_script, every_command
from rich.cells import cell_len

from cli.common.help_layout import HELP_ROOM, NarrowHelp


def test_every_command_of_the_tool_lays_its_help_out_for_the_terminal() -> None:
    # A command made anywhere in the tool (a step of a game's table, a twin, a group's
    # own) has a context that makes this formatter.
    found = every_command(40)
    assert len(found) > 80
    assert all(isinstance(ctx.make_formatter(), NarrowHelp) for _path, _c, ctx in found)


@pytest.mark.parametrize("width", [40, 60])
def test_no_help_line_is_wider_than_the_screen_and_no_word_is_cut(width: int) -> None:
    for path, command, ctx in every_command(width):
        shown = command.get_help(ctx)
        wide = [line for line in shown.splitlines() if cell_len(line) > width]
        assert not wide, (path, wide)
        words = set(shown.split())
        for param in command.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            for word in record[1].split():  # its help, and the option's own words
                assert word in words, (path, param.name, word)
            for word in record[0].split():
                assert word in words, (path, param.name, word)


def test_an_option_s_help_gets_its_room_beside_or_beneath_it() -> None:
    formatter = NarrowHelp(width=40)
    formatter.current_indent = 2
    help_text = "The table database file (else $MISTBORN_DB, else one in your data directory)."
    formatter.write_dl([("--db PATH", help_text), ("-c, --conflict NAME", "The Conflict."),
                        ("-r, --resilience [health|reputation|willpower]",
                         "The Resilience it hurts.")])
    lines = formatter.getvalue().splitlines()
    assert lines[0].startswith("  --db PATH ") and "$MISTBORN_DB," in formatter.getvalue()
    assert "  -c, --conflict NAME" in lines  # wider than the column: its help beneath
    starts = {len(line) - len(line.lstrip()) for line in lines if line.strip()
              and not line.lstrip().startswith(("-", "["))}
    assert starts == {40 - HELP_ROOM}  # the help's column leaves it HELP_ROOM columns
    assert lines[-3:] == ["  -r, --resilience", "      [health|reputation|willpower]",
                          f"{'':{40 - HELP_ROOM}}The Resilience it hurts."]


def test_a_wide_terminal_gets_click_s_own_layout() -> None:
    rows = [("-t, --target NAME", "Whom it is aimed at."),
            ("--db PATH", "The table database file (else $MISTBORN_DB)."),
            ("--last N", "How many of the last events to show.  [default: 5; 0–100]")]
    ours, clicks = NarrowHelp(width=80), click.HelpFormatter(width=80)
    for formatter in (ours, clicks):
        formatter.current_indent = 2
        formatter.write_dl(rows)
        formatter.write_usage("mistborn conflict declare", "[OPTIONS] NAME [DICE]")
    assert ours.getvalue() == clicks.getvalue()


def test_the_usage_line_never_breaks_a_word_at_its_hyphen() -> None:
    formatter = NarrowHelp(width=40)
    formatter.write_usage("mistborn conflict declare",
                          "[OPTIONS] NAME {action|attack|defense|no-roll} [DICE]")
    shown = formatter.getvalue()
    assert "{action|attack|defense|no-roll}" in shown.split()
    assert all(line == line.rstrip() and len(line) <= 40 for line in shown.splitlines())


@pytest.mark.parametrize("args", [["dbg", "--lang", "pl"], ["dbg", "--lang", "pl", "edict"]])
def test_r_dbg_8_the_polish_help_reads_at_40_columns_too(args: list[str]) -> None:
    done = subprocess.run([str(console_script()), *args, "--help"], capture_output=True,
                          text=True, check=False,
                          env={**os.environ, "COLUMNS": "40", "NO_COLOR": "1"})
    assert done.returncode == 0, done.stderr
    assert "Opcje:" in done.stdout
    wide = [line for line in done.stdout.splitlines() if cell_len(line) > 40]
    assert not wide, wide


def test_every_group_lists_its_commands_help_whole_at_40_columns() -> None:
    # click cut each line of a group's list to what the screen's one line holds
    # ("Export the table's rows..."): the tool's list wraps it instead.
    groups = [(path, ctx) for path, command, ctx in every_command(40)
              if isinstance(command, click.Group)]
    assert len(groups) > 5
    for path, ctx in groups:
        below_usage = ctx.get_help().split("\n\n", 1)[1]  # its usage ends "[ARGS]..."
        assert "..." not in below_usage, (path, below_usage)
