"""What ``mistborn stuffed odds`` and ``keep`` work out (R-STF-8), from what was typed
already read: the chances with 0, 1 … R rerolls, and the dice to keep, for the click
commands (:mod:`cli.boardgames.stuffed_odds`); neither click nor Rich is loaded here.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from boardgames.stuffed.dice import Combo, Die, Symbol
    from boardgames.stuffed.odds import Odds

__all__ = ["keep_chances", "odds_chances"]


def odds_chances(wanted: Combo, faces: Sequence[Symbol] | None, dice: int, rerolls: int,
                 die: Die) -> tuple[list[Fraction], str]:
    """The chance to make ``wanted`` with 0, 1 … ``rerolls`` rerolls, from the dice
    ``faces`` showing (else rolling ``dice`` dice), and the line saying from what."""
    from boardgames.stuffed.odds import best_keep, chance

    if faces is not None:
        chances = [best_keep(wanted, faces, rerolls=r, die=die).chance
                   for r in range(rerolls + 1)]
        return chances, f"From {' '.join(s.short for s in faces)}, keeping the best dice each time."
    chances = [chance(wanted, dice=dice, rerolls=r, die=die) for r in range(rerolls + 1)]
    return chances, f"Rolling {dice} dice, then keeping the best dice each time."


def keep_chances(wanted: Combo, dice: Sequence[tuple[int, Symbol]], rerolls: int, die: Die,
                 plan: Sequence[str | None]) -> tuple[Odds, list[Fraction]]:
    """The best dice to keep for ``wanted`` from ``dice`` within ``rerolls`` rerolls
    (those that are abilities paid as ``plan`` says), and the chance with 0, 1 …
    ``rerolls`` of them."""
    from boardgames.stuffed.odds import best_keep

    best = best_keep(wanted, dice, rerolls=rerolls, die=die, pay=plan)
    chances = [best_keep(wanted, dice, rerolls=r, die=die, pay=plan[:r]).chance
               for r in range(rerolls)] + [best.chance]
    return best, chances
