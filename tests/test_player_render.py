"""How the player shell draws its screens (cli/players/view.py): a roll's
screen kept once drawn and written without Rich, and lines of plain text written as they
are, each byte for byte what Rich draws (the oracle here is Rich itself, set up as the
shell sets it up); and news drawn once for all who see a line alike still tells each
player only what they may read."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from player_support import make_table
from rich.console import Console, Group, RenderableType
from rich.text import Text
from strategies import rolls

from cli.conflict.roll import screen
from cli.players.shell import PlayerShell
from cli.players.view import NewsReader, render, roll_screen, to_ascii
from cli.players.words import stored
from conflict.dice import Roll
from table import Table

widths = st.integers(min_value=1, max_value=140)
modes = st.sampled_from([(False, True), (False, False), (True, True)])  # plain, color
lines = st.text(st.characters(blacklist_categories=("Cs",)), max_size=90)
"""Any text a line could hold: spaces, wide and combining characters, emoji, controls."""


def drawn_by_rich(parts: Sequence[RenderableType | str], width: int, plain: bool,
                  color: bool) -> str:
    """``parts`` drawn by Rich alone, as the shell has always drawn them."""
    colored = color and not plain
    buffer = io.StringIO()
    console = Console(file=buffer, width=max(20, min(120, width)), force_terminal=colored,
                      color_system="standard" if colored else None, no_color=not colored,
                      highlight=False, emoji=False, markup=False, legacy_windows=False,
                      force_jupyter=False, force_interactive=False)
    for part in parts:
        console.print(Text(part, overflow="fold") if isinstance(part, str) else part)
    text = "\n".join(line.rstrip(" ") for line in buffer.getvalue().split("\n"))
    return to_ascii(text) if plain else text


@given(rolls(), widths, modes, st.randoms(use_true_random=False))
def test_r_dice_a_kept_roll_screen_is_the_screen_rich_draws_whatever_the_order_of_faces(
        judged: Roll, width: int, mode: tuple[bool, bool], rng: random.Random) -> None:
    plain, color = mode
    expected = drawn_by_rich([screen(judged, by_hand=False, seed=None)], width, plain, color)
    assert roll_screen(judged, width=width, plain=plain, color=color) == expected
    faces = list(judged.faces)
    rng.shuffle(faces)
    again = Roll(asked=judged.asked, faces=tuple(faces), difficulty=judged.difficulty)
    assert roll_screen(again, width=width, plain=plain, color=color) == expected


@given(lines, widths, modes)
@example("x" * 40, 40, (False, True))
@example("x" * 41, 40, (False, True))
@example("  two  spaces  and trailing   ", 20, (False, True))
@example("ada rolls 5 for the lock: ⚄5 ⚄5 ⚂3 ⚀1 — Result 5", 40, (False, True))
@example("名前" * 10, 40, (False, True))
@example("名前" * 10 + "x", 40, (False, True))
@example("e\u0301" * 30, 20, (True, True))
@example("tab\there", 40, (False, True))
@example("[bold]not markup[/bold] :smile:", 40, (False, True))
@example("👍🏽 fine", 20, (False, True))
@example("0" * 30 + "\u093e", 34, (False, True))  # a vowel sign the wrapper counts, Rich not
@example("", 40, (False, True))
def test_a_plain_line_written_without_rich_is_what_rich_draws(
        line: str, width: int, mode: tuple[bool, bool]) -> None:
    plain, color = mode
    for parts in ([line], [stored("", line)], [stored("For ", line)],
                  [stored("", line), f"… {len(line)} more rolls"]):
        assert render(parts, width=width, plain=plain, color=color) == \
            drawn_by_rich(parts, width, plain, color), parts


@given(lines, widths, modes)
def test_plain_lines_among_styled_parts_are_drawn_as_rich_draws_them_all(
        line: str, width: int, mode: tuple[bool, bool]) -> None:
    plain, color = mode
    judged = Roll(asked=5, faces=(6, 5, 5, 3, 1))
    parts: list[RenderableType | str] = [
        stored("", line), stored("Welcome, ", line, style="bold"), "Type ? for help.",
        screen(judged, by_hand=False, seed=None), Group(Text(line), Text("x")),
        Text(line, justify="right"), stored("For ", line)]
    assert render(parts, width=width, plain=plain, color=color) == \
        drawn_by_rich(parts, width, plain, color)


# --- news drawn once, read as each may -------------------------------------------------------


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with make_table(tmp_path / "t.db") as made:
        yield made


def test_r_con_15_a_step_drawn_once_for_all_tells_the_narrator_the_hidden_dice_only(
        table: Table) -> None:
    # The Prelate takes the attack: gaining its Physique (6) as Defense Dice, a number
    # hidden from players (R-CON-15). The server draws each line once for all who read
    # it alike: the Narrator and the players must still each read their own.
    gm = PlayerShell(table, "gm", color=False, news=False)
    for line in ("d as haze noroll", "d as tamsin attack prelate 5", "d as brannoch defense 4",
                 "d as prelate noroll", "a as tamsin 5"):
        assert gm.handle(line).status == 0, line
    reader = NewsReader(table)
    table.invite_player("gm2", narrator=True)
    assert PlayerShell(table, "gm2", news=False).handle("t as prelate").status == 0
    batch = reader.poll()
    viewers = {name: PlayerShell(table, name, color=False, news=False, width=width)
               for name, width in (("gm", 40), ("ada", 40), ("dee", 40), ("bo", 72))}
    alone = {name: shell.show(batch) for name, shell in viewers.items()}
    for order in (["gm", "ada", "dee", "bo"], ["ada", "bo", "dee", "gm"]):
        drawn: dict[object, str] = {}
        shared = {name: viewers[name].show(batch, drawn) for name in order}
        assert shared == alone
    told = {name: " ".join(text.split()) for name, text in alone.items()}
    assert "does not defend (gains 6 Defense Dice) against action 1" in told["gm"]
    for player in ("ada", "dee", "bo"):
        assert "The Hollow Prelate does not defend against action 1" in told[player]
        assert "6 Defense" not in told[player] and "(gains" not in told[player]
