"""``mistborn roll``: roll a dice pool, or judge dice rolled by hand.

The rules live in :mod:`conflict.dice` (R-DICE-1 … R-DICE-6); this module only reads
the command line, asks the library, and shows the answer as a 40-column screen
(:mod:`cli.conflict.roll_screen`, drawn without Rich) or as JSON.
"""

from __future__ import annotations

import random
from typing import Any

import click

from cli.common.errors import fail
from cli.common.light import show
from cli.common.options import (
    POOL,
    SEED,
    NumbersCommand,
    difficulty_option,
    faces_option,
)
from cli.common.output import json_option, print_json
from cli.common.table_option import open_table, table_option
from cli.common.who import logged_name
from cli.conflict.roll_screen import notes as notes  # read here before the screen moved
from cli.conflict.roll_screen import screen as screen
from cli.conflict.roll_screen import screen_lines
from conflict.dice import Roll
from conflict.dice import roll as roll_pool


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
    show(lambda width: screen_lines(judged, by_hand=faces is not None, seed=seed, width=width))
