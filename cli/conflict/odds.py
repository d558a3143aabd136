"""``mistborn odds``: exact odds of a pool, of a Contest, or the whole reference sheet.

The numbers come from :mod:`conflict.odds` (exact fractions); this module reads the
command line and shows them as 40-column screens with text bars, or as JSON whose
probabilities are exact fraction strings ("5/36"). The JSON paths never import Rich.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import click

from cli.common.chances import bar as bar  # re-exported: read here before they moved
from cli.common.chances import percent as percent
from cli.common.errors import fail
from cli.common.light import show
from cli.common.options import NumbersCommand, difficulty_option, number_or_text
from cli.common.output import json_option, make_console, print_json
from cli.conflict.odds_screens import contest_lines, pool_lines
from cli.conflict.odds_screens import contest_screen as contest_screen
from cli.conflict.odds_screens import pool_screen as pool_screen
from conflict.odds import (
    DIFFICULTIES,
    TABLE_POOLS,
    ContestOdds,
    OddsTable,
    PoolOdds,
    check_pool,
    contest_odds,
    odds_table,
    pool_odds,
)
from core.wrap import rows

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

_VERSUS = {"vs", "v", "vs."}
_USAGE = "give a pool (odds 4), a Contest (odds 4 vs 3) or --table"


# --- reading the command line ---------------------------------------------------------


def parse_pool(text: str) -> int:
    """A pool asked, 0–20 dice (R-DICE-1, R-DICE-2)."""
    return check_pool(number_or_text(text))


# --- JSON -----------------------------------------------------------------------------


def _exact(p: Fraction) -> str:
    return str(p)


def pool_as_json(odds: PoolOdds) -> dict[str, Any]:
    """``{"pool", "distribution": [{"result", "nudges", "p"}...], "success": {"0"..}}``."""
    return {
        "pool": odds.pool,
        "distribution": [
            {"result": result, "nudges": nudges, "p": _exact(p)}
            for (result, nudges), p in sorted(odds.distribution.items())
            if p
        ],
        "success": {str(d): _exact(odds.success(d)) for d in DIFFICULTIES},
    }


def _contest_fields(odds: ContestOdds) -> dict[str, Any]:
    return {
        "win": _exact(odds.win),
        "stalemate": _exact(odds.stalemate),
        "fail": _exact(odds.fail),
        "expected_damage": _exact(odds.expected_damage),
    }


def contest_as_json(odds: ContestOdds) -> dict[str, Any]:
    """One Contest: pools, Difficulty and the four exact numbers."""
    return {
        "attacker": odds.attacker,
        "defender": odds.defender,
        "difficulty": odds.difficulty,
        **_contest_fields(odds),
    }


def table_as_json(table: OddsTable) -> dict[str, Any]:
    """The reference sheet: 9 Challenge rows and 81 Contest rows (Difficulty 0)."""
    return {
        "challenge": [
            {"pool": row.pool, "success": {str(d): _exact(p) for d, p in enumerate(row.success)}}
            for row in table.challenge
        ],
        "contest": [
            {"attacker": c.attacker, "defender": c.defender, **_contest_fields(c)}
            for c in table.contest
        ],
    }


# --- screens --------------------------------------------------------------------------


def amount(x: Fraction, digits: int) -> str:
    """A mean amount (damage) with ``digits`` decimals; a small non-zero amount shows
    as ``<.1`` (or ``<0.01``), never as a false zero."""
    if x == 0:
        return "0"
    shown = f"{float(x):.{digits}f}"
    if float(shown) == 0:
        smallest = f"{10.0**-digits:.{digits}f}"
        return "<" + (smallest[1:] if digits == 1 else smallest)
    return shown


def _matrix(
    title: str, cells: Sequence[Sequence[str]], cell_width: int
) -> list[Text]:
    """Rows = attacker's dice, columns = defender's dice, right-aligned cells."""
    from rich.text import Text

    lines = [Text(title, style="bold")]
    header = Text("A\\D".rjust(4), style="bold")
    header.append("".join(str(d).rjust(cell_width) for d in TABLE_POOLS), style="bold")
    lines.append(header)
    for attacker, row in zip(TABLE_POOLS, cells, strict=True):
        line = Text(str(attacker).rjust(4), style="bold")
        line.append("".join(cell.rjust(cell_width) for cell in row))
        lines.append(line)
    return lines


def table_screen(table: OddsTable, width: int) -> RenderableType:
    """The reference sheet: a Challenge grid and four Contest grids (win, stalemate,
    fail, damage), each fitting 40 columns; wider screens get one more digit."""
    from rich.console import Group
    from rich.text import Text

    lines: list[Text] = [Text("Challenge: % chance of success", style="bold")]
    header = Text("Pool", style="bold")
    header.append("".join(f"D{d}".rjust(6) for d in DIFFICULTIES), style="bold")
    lines.append(header)
    for row in table.challenge:
        line = Text(str(row.pool).rjust(4), style="bold")
        line.append("".join(percent(p).rjust(6) for p in row.success))
        lines.append(line)

    wide = width >= 4 + 7 * len(TABLE_POOLS)
    digits, cell_width = (1, 7) if wide else (0, 4)
    by_pair = {(c.attacker, c.defender): c for c in table.contest}

    def grid(field: str) -> list[list[str]]:
        return [
            [percent(getattr(by_pair[(a, d)], field), digits) for d in TABLE_POOLS]
            for a in TABLE_POOLS
        ]

    note = "Contest, Difficulty 0: rows = attacker's dice, columns = defender's"
    lines.append(Text(""))
    lines.extend(Text(part, style="italic") for part in _wrap(note, width))
    for title, field in (("Win %", "win"), ("Stalemate %", "stalemate"), ("Fail %", "fail")):
        lines.append(Text(""))
        lines.extend(_matrix(title, grid(field), cell_width))
    damage = [
        [amount(by_pair[(a, d)].expected_damage, digits + 1) for d in TABLE_POOLS]
        for a in TABLE_POOLS
    ]
    lines.append(Text(""))
    lines.extend(_matrix("Damage per attack (R-CON-18)", damage, cell_width))
    return Group(*lines)


def _wrap(text: str, width: int) -> list[str]:
    return rows(" ".join(text.split()), width, indent=0)


# --- the command ----------------------------------------------------------------------


@click.command(cls=NumbersCommand)
@click.argument("args", nargs=-1, metavar="[N | A vs D]")
@difficulty_option("Difficulty 0–5 (default 0 for Contests).")
@click.option("--table", is_flag=True, help="The whole reference sheet: pools 2–10, all pairs.")
@json_option
def odds(args: tuple[str, ...], difficulty: int | None, table: bool, as_json: bool) -> None:
    """Exact odds of a pool of N dice, of a Contest A vs D, or the whole table.

    A pool shows its chance of success at each Difficulty and the Results and Nudges
    it rolls. A Contest shows the attacker's chance to win, to stalemate and to be
    held, and the damage an attack deals on average. --json gives exact fractions.

    \b
    Examples:
      mistborn odds 4 --difficulty 2
      mistborn odds 5 vs 4
      mistborn odds --table --json
    """
    target = difficulty
    if table:
        if args or target is not None:
            fail("--table covers every pool and Difficulty; give it no pool or --difficulty")
        if as_json:
            print_json(table_as_json(odds_table()))
            return
        console = make_console()
        console.print(table_screen(odds_table(), console.width))
        return

    if len(args) == 1:
        result = pool_odds(parse_pool(args[0]))
        if as_json:
            print_json(pool_as_json(result))
            return
        show(lambda width: pool_lines(result, target, width))
        return

    if len(args) == 3 and args[1].lower() in _VERSUS:
        attacker, defender = parse_pool(args[0]), parse_pool(args[2])
        contest = contest_odds(attacker, defender, 0 if target is None else target)
        if as_json:
            print_json(contest_as_json(contest))
            return
        show(lambda width: contest_lines(contest, width))
        return

    got = " ".join(args) if args else "nothing"
    fail(f"{_USAGE}; got {got}")
