"""``mistborn stuffed odds`` and ``keep``: the exact chance to make a combination, and
which dice to keep for it (R-STF-8). Neither needs a game; ``keep`` without ``--from``
reads the current game's unspent dice.

The numbers come from :mod:`boardgames.stuffed.odds` (exact fractions); ``--json``
gives them as fraction strings (``"339545/559872"``), as ``mistborn odds`` does. These
commands start fast: no cattrs, no table unless ``keep`` reads the game, no Rich for
``--json``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import click

from boardgames.errors import RuleViolation
from cli.boardgames import base as games
from cli.boardgames.base import ManyOption, game_command, game_option
from cli.boardgames.seat import show
from cli.common.decorators import F
from cli.common.output import json_option, print_json
from cli.common.table_option import table_option
from cli.common.values import Whole

if TYPE_CHECKING:
    from boardgames.stuffed.dice import Die, Symbol


def _die(faces: Sequence[str]) -> Die:
    from boardgames.stuffed.dice import DEFAULT_DIE, Die

    return Die(" ".join(faces)) if faces else DEFAULT_DIE


def _rerolls_option(default: int) -> Callable[[F], F]:
    return click.option("--rerolls", "-r", type=Whole(0, 8), default=default,
                        show_default=True, metavar="R",
                        help="Rerolls to come (the Hero's ability, cards…).")


def _die_option() -> Callable[[F], F]:
    return click.option("--die", "die_faces", cls=ManyOption, metavar="FACES…",
                        help="Your dice's six faces, if not one of each symbol.")


def _by_rerolls(chances: Sequence[Fraction]) -> list[dict[str, Any]]:
    return [{"rerolls": r, "chance": str(p)} for r, p in enumerate(chances)]


@game_command("odds")
@click.argument("combo", nargs=-1, required=True)
@_rerolls_option(1)
@click.option("--from", "roll", cls=ManyOption, metavar="DICE…",
              help="The dice showing now (c c e ch ch i b b); default: rolling all of "
                   "them.")
@click.option("--dice", type=Whole(1, 8), default=8, show_default=True,
              metavar="N", help="How many dice are rolled, without --from.")
@_die_option()
@json_option
def odds(combo: Sequence[str], rerolls: int, roll: Sequence[str], dice: int,
         die_faces: Sequence[str], as_json: bool) -> None:
    """The exact chance to make COMBO (R-STF-8): rolling the dice, then with each
    reroll keeping the best dice, shown for 0, 1 … R rerolls.

    \b
    COMBO: symbols, counts and sets, e.g.
      ch:2,i,r = ch ch i r =
      charisma:2,intelligence,resource
      3-kind: any 3 of a kind but Birdens
    Symbols: c e b i ch r, or any unique
    start of coin, essence, birden,
    intelligence, charisma, resource.

    \b
    Examples:
      mistborn stuffed odds 3-kind
      mistborn stuffed odds ch:2,i,r -r 2
      mistborn stuffed odds b --from c c e
    """
    from boardgames.stuffed.dice import parse_combo, parse_symbols
    from cli.boardgames.stuffed_advice import odds_chances

    wanted = parse_combo(" ".join(combo))
    die = _die(die_faces)
    faces = parse_symbols(" ".join(roll)) if roll else None
    chances, source = odds_chances(wanted, faces, dice, rerolls, die)
    if as_json:
        print_json({"combo": wanted.text, "words": wanted.words, "dice": len(faces)
                    if faces is not None else dice,
                    "from": None if faces is None else [s.value for s in faces],
                    "die": [s.value for s in die.faces], "rerolls": rerolls,
                    "chance": str(chances[-1]), "by_rerolls": _by_rerolls(chances)})
        return
    from cli.boardgames.stuffed_screens import odds_screen

    show(lambda width: odds_screen(wanted.words, wanted.short, source, chances, width))


def _game_roll() -> tuple[list[tuple[int, Symbol]], Die]:
    """The current game's unspent dice and its die (``keep`` without ``--from``)."""
    _name, loaded = games.load("stuffed")
    state = loaded.state
    if not state.rolled or state.over:
        raise RuleViolation("no dice on the table now: give them with --from DICE…",
                            rule="R-STF-8")
    return list(state.unspent), state.die


@game_command("keep")
@click.argument("combo", nargs=-1, required=True)
@click.option("--from", "roll", cls=ManyOption, metavar="DICE…",
              help="The dice showing now (c c e ch ch i b b); default: the unspent dice "
                   "of the current game.")
@_rerolls_option(1)
@click.option("--pay", cls=ManyOption, metavar="SYMBOL…",
              help="Rerolls that are abilities, in the order used: each paid with a die "
                   "of its SYMBOL (the Hero's Attribute…), - for a free one (a card).")
@_die_option()
@table_option
@game_option
@json_option
def keep(combo: Sequence[str], roll: Sequence[str], rerolls: int, pay: Sequence[str],
         die_faces: Sequence[str], as_json: bool) -> None:
    """Which dice to keep for COMBO, and the chance to make it without a reroll and
    with 1 … R rerolls, keeping the best dice each time (R-STF-8). Dice are numbered
    1–8 as they lie; keep the dice listed and reroll the rest. With --pay, a reroll
    that is an ability first spends a die of its Attribute (R-STF-6): --pay ch ch is
    two such rerolls, and the advice may keep a die to pay for the second.

    \b
    Examples:
      mistborn stuffed keep ch:2,i,r \\
        --from c c e ch ch i b b
      mistborn stuffed keep 3-kind -r 2
    """
    from boardgames.stuffed.dice import parse_combo, parse_symbols
    from cli.boardgames.stuffed_advice import keep_chances

    wanted = parse_combo(" ".join(combo))
    if roll:
        dice = list(enumerate(parse_symbols(" ".join(roll)), start=1))
        die = _die(die_faces)
    else:
        dice, die = _game_roll()
        if die_faces:
            die = _die(die_faces)
    plan = [None if price in ("-", "free") else price for price in pay]
    best, chances = keep_chances(wanted, dice, rerolls, die, plan)
    if as_json:
        def pairs(items: Sequence[tuple[int, Symbol]]) -> list[dict[str, Any]]:
            return [{"position": p, "symbol": s.value} for p, s in items]

        print_json({"combo": wanted.text, "words": wanted.words, "from": pairs(dice),
                    "die": [s.value for s in die.faces], "rerolls": rerolls,
                    "made": None if best.matched is None else list(best.matched),
                    "keep": pairs(best.keep), "reroll": list(best.reroll),
                    "paid": best.paid, "pays": [p and str(parse_symbols([p])[0])
                                                for p in plan],
                    "chance": str(best.chance),
                    "without_reroll": str(chances[0]), "by_rerolls": _by_rerolls(chances)})
        return
    from cli.boardgames.stuffed_screens import keep_screen

    show(lambda width: keep_screen(best, dice, chances, width))
