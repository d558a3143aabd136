"""``mistborn roll``: roll a dice pool, or judge dice rolled by hand.

The rules live in :mod:`conflict.dice` (R-DICE-1 … R-DICE-6); this module only reads
the command line, asks the library, and shows the answer as a 40-column screen or as
JSON. The JSON path never imports Rich.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click

from cli.common.errors import fail
from cli.common.options import (
    POOL,
    SEED,
    NumbersCommand,
    difficulty_option,
    faces_option,
)
from cli.common.output import die, hanging, json_option, make_console, print_json
from cli.common.streams import logged_name
from cli.common.table_option import open_table, table_option
from conflict.dice import MAX_POOL, MIN_POOL, NUDGE_FACE, Roll
from conflict.dice import roll as roll_pool

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
    from rich.text import Text

_MINUS = "\N{MINUS SIGN}"


def roll_as_json(judged: Roll) -> dict[str, Any]:
    """The JSON document of one roll: every number the screen shows."""
    return {
        "asked": judged.asked,
        "faces": list(judged.faces),
        "nudges": judged.nudges,
        "free_nudges": judged.free_nudges,
        "result": judged.result,
        "penalty": judged.penalty,
        "difficulty": judged.difficulty,
        "outcome": judged.outcome,
        "success": judged.success,
    }


def _signed(number: int) -> str:
    if number > 0:
        return f"+{number}"
    return f"{_MINUS}{-number}" if number < 0 else "0"


def _dice(faces: Sequence[int], *, bold_face: int = 0) -> Text:
    """Dice as glyph+digit, one space apart; the dice of ``bold_face`` stand out."""
    from rich.text import Text

    line = Text()
    for index, face in enumerate(faces):
        if index:
            line.append(" ")
        line.append(die(face), style="bold cyan" if face == bold_face else "")
    return line


def notes(judged: Roll) -> list[str]:
    """Plain notes on a pool outside 2–10 dice (R-DICE-2, R-DICE-3)."""
    found: list[str] = []
    if judged.free_nudges:
        extra = judged.free_nudges
        found.append(
            f"rolled {MAX_POOL}; {extra} dice beyond {MAX_POOL} became free Nudges"
            if extra > 1
            else f"rolled {MAX_POOL}; 1 die beyond {MAX_POOL} became a free Nudge"
        )
    if judged.penalty:
        found.append(
            f"rolled {MIN_POOL}; Outcome {_MINUS}1 for each missing die: "
            f"{_MINUS}{judged.penalty} (R-DICE-3)"
        )
    return found


class _Rows:
    """Label–value rows: labels in one column, values wrapped beside them by the one
    wrapper (:func:`~cli.common.output.hanging`), and no trailing spaces (copied
    screens stay clean)."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, Text]] = []

    def add(self, label: str, value: Text | str) -> None:
        from rich.text import Text

        self.rows.append((label, value if isinstance(value, Text) else Text(value)))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        from rich.text import Text

        indent = max(len(label) for label, _ in self.rows) + 1
        width = max(options.max_width - indent, 12)
        for label, value in self.rows:
            for index, line in enumerate(hanging(value, width, indent=0)):
                row = Text(label.ljust(indent), style="bold") if index == 0 else Text(" " * indent)
                row.append_text(line)
                yield row


def screen(judged: Roll, *, by_hand: bool, seed: int | None) -> RenderableType:
    """The roll as a Rich screen that reads at 40 columns."""
    from rich.console import Group
    from rich.text import Text

    heading = Text("Dice rolled by hand" if by_hand else "Roll", style="bold")
    heading.append(f" · pool of {judged.asked}")
    if seed is not None:
        heading.append(f" · seed {seed}")

    rows = _Rows()
    kept = sorted((face for face in judged.faces if face != NUDGE_FACE), reverse=True)
    rows.add("Dice", _dice(kept, bold_face=judged.result) if kept else "none besides sixes")

    nudges = Text(str(judged.nudges), style="bold")
    sixes = [NUDGE_FACE] * judged.sixes
    if sixes:
        nudges.append(": ")
        nudges.append_text(_dice(sixes))
        nudges.append(" set aside")
    if judged.free_nudges:
        nudges.append(", " if sixes else ": ")
        nudges.append(f"{judged.free_nudges} free")
    rows.add("Nudges", nudges)

    result = Text(str(judged.result), style="bold")
    if judged.result:
        result.append(" — a set of ")
        result.append(die(judged.result), style="bold cyan")
        result.append(f" ×{judged.faces.count(judged.result)}")
    else:
        result.append(" — no matching set")
    rows.add("Result", result)

    if judged.difficulty is not None and judged.outcome is not None:
        rows.add("Difficulty", str(judged.difficulty))
        sums = f"{judged.result} {_MINUS} {judged.difficulty}"
        if judged.penalty:
            sums += f" {_MINUS} {judged.penalty}"
        outcome = Text(f"{_signed(judged.outcome)} = {sums}: ")
        if judged.success:
            outcome.append("success", style="bold green")
        else:
            outcome.append("failure", style="bold red")
        rows.add("Outcome", outcome)

    for note in notes(judged):
        rows.add("Note", Text(note, style="italic"))
    return Group(heading, rows)


@click.command(cls=NumbersCommand)
@click.argument("pool", type=POOL, required=False)
@difficulty_option("Judge the roll as a Challenge of Difficulty 0–5.")
@click.option(
    "--seed", type=SEED, metavar="S", help="Seed a repeatable roll (default: secure randomness)."
)
@faces_option("Judge dice rolled by hand, e.g. 5,5,4,2 (commas or spaces).")
@click.option("--as", "who", metavar="NAME",
              help="Record the roll in the table's roll log as NAME's (see mistborn log).")
@click.option("--for", "purpose", default="", metavar="TEXT",
              help="With --as: what the roll is for.")
@json_option
@table_option
def roll(
    pool: int | None, difficulty: int | None, seed: int | None, faces: list[int] | None,
    who: str | None, purpose: str, as_json: bool,
) -> None:
    """Roll a pool of N dice, or judge dice rolled by hand.

    Sixes are set aside as Nudges; the Result is the highest face that shows at least
    twice. More than 10 dice: roll 10, the rest become free Nudges. Fewer than 2: roll
    2, Outcome −1 per missing die. With --faces and N, give the dice N rolls.

    \b
    Examples:
      mistborn roll 4 --difficulty 2
      mistborn roll --faces 5,5,4,2
      mistborn roll 5 --as Vin --for lock
    """
    if pool is None and faces is None:
        fail("roll needs a pool size N or --faces, e.g. mistborn roll 4")
    if faces is not None and seed is not None:
        fail("--seed is for rolling; --faces judges dice already rolled (use one)")
    if faces is not None:
        judged = Roll.from_faces(faces, asked=pool, difficulty=difficulty)
    else:
        assert pool is not None
        rng = random.Random(seed) if seed is not None else None
        judged = roll_pool(pool, difficulty=difficulty, rng=rng)

    if purpose and who is None:
        fail("--for goes with --as NAME: whose roll is it?")
    if who is not None:
        with open_table() as table:
            table.record_roll(judged, who=logged_name(table, who), purpose=purpose)

    if as_json:
        print_json(roll_as_json(judged))
        return
    make_console().print(screen(judged, by_hand=faces is not None, seed=seed))
