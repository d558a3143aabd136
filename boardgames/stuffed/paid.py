"""Exact odds when more than one reroll costs a die (R-STF-3, R-STF-6, R-STF-8).

A character's ability rerolls only after one unspent die of its Attribute is spent on
it; an Advantage card's reroll costs no die. With a plan of rerolls — each paid with a
die of a symbol, or free — the chance to make a combination depends on keeping a die
to pay for the next ability as well as dice for the combination, and on whether that
die is there at all: a paid reroll with no die of its symbol left cannot be used, and
one that is not worth its die is not used. :func:`plan_keep` gives the exact chance
with the best play, and what to keep now.

How it counts (as :mod:`boardgames.stuffed.odds`, without its symmetry): a position is
the capped count of each symbol the combination or a payment can use (a symbol's cap
is the most of it that could ever serve: the combination's need, the sets, and every
payment with it), with the number of unspent dice beside it, as one more die of a
symbol at its cap serves nothing. The dice rolled land one at a time, each on a
tracked symbol or on nothing useful, weighted by the faces that show it; what follows
is remembered per (reroll, dice held, dice still to roll, dice unspent).

Pure: imports attrs, fractions and :mod:`boardgames.stuffed.dice` only.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction

from boardgames.stuffed.dice import FACES, SYMBOLS, Combo, Dice, Die, Symbol

Plan = tuple[Symbol | None, ...]
"""The rerolls in the order they are used: the symbol of the die each one costs, or
``None`` for a free reroll (an Advantage card)."""

Vector = tuple[int, ...]

__all__ = ["Plan", "plan_keep"]


class _PlanSolver:
    """The recursion of the module docstring for one combination, die and plan."""

    def __init__(self, combo: Combo, die: Die, plan: Plan, dice: int) -> None:
        self.combo, self.plan = combo, plan
        sets = sum(combo.kinds)
        paid = [symbol for symbol in plan if symbol is not None]
        self.symbols = tuple(s for s in SYMBOLS if combo.need(s) or (sets and s.makes_sets)
                             or s in paid)
        self.index = {s: i for i, s in enumerate(self.symbols)}
        self.caps = tuple(min(dice, combo.need(s) + (sets if s.makes_sets else 0)
                              + paid.count(s)) for s in self.symbols)
        self.weights = tuple(die.weight(s) for s in self.symbols)
        self.other = FACES - sum(self.weights)
        self._value: dict[tuple[int, Vector, int], Fraction] = {}
        self._rolling: dict[tuple[int, Vector, int, int], Fraction] = {}
        self._made: dict[Vector, bool] = {}

    def capped(self, dice: Dice) -> Vector:
        counts = [0] * len(self.symbols)
        for _, symbol in dice:
            if symbol in self.index:
                counts[self.index[symbol]] += 1
        return tuple(min(c, cap) for c, cap in zip(counts, self.caps, strict=True))

    def made(self, have: Vector) -> bool:
        """Whether dice showing ``have`` make the combination (R-STF-4 sets included)."""
        found = self._made.get(have)
        if found is None:
            left = {s: have[i] - self.combo.need(s) for i, s in enumerate(self.symbols)}
            found = min(left.values(), default=0) >= 0 and _fits(left, self.combo.kinds)
            self._made[have] = found
        return found

    def paying(self, step: int, have: Vector) -> Vector | None:
        """``have`` once reroll ``step`` is paid for (one die of its symbol spent), or
        ``None`` when no die of that symbol is left to pay."""
        symbol = self.plan[step]
        if symbol is None:
            return have
        i = self.index[symbol]
        if not have[i]:
            return None
        return (*have[:i], have[i] - 1, *have[i + 1:])

    def value(self, step: int, have: Vector, dice: int) -> Fraction:
        """The chance with ``dice`` unspent dice showing ``have`` and the plan's rerolls
        from ``step`` on still to use (each used or not, as is best)."""
        if self.made(have):
            return Fraction(1)
        if step == len(self.plan):
            return Fraction(0)
        key = (step, have, dice)
        found = self._value.get(key)
        if found is None:
            found = self.value(step + 1, have, dice)  # this reroll not used
            paid = self.paying(step, have)
            if paid is not None:
                left = dice - (self.plan[step] is not None)
                for keep in self.keeps(paid):
                    found = max(found, self.rolling(step, keep, left - sum(keep), left))
            self._value[key] = found
        return found

    @staticmethod
    def keeps(have: Vector) -> itertools.product[tuple[int, ...]]:
        """Every keep of at most ``have`` of each symbol, the biggest first."""
        return itertools.product(*(range(h, -1, -1) for h in have))

    def rolling(self, step: int, held: Vector, rolled: int, dice: int) -> Fraction:
        """The chance once ``rolled`` more dice land beside ``held`` by reroll ``step``,
        the plan going on after it."""
        if rolled == 0:
            return self.value(step + 1, held, dice)
        key = (step, held, rolled, dice)
        found = self._rolling.get(key)
        if found is None:
            wasted = self.other
            total = Fraction(0)
            for i, weight in enumerate(self.weights):
                if not weight:
                    continue
                if held[i] >= self.caps[i]:
                    wasted += weight
                    continue
                more = (*held[:i], held[i] + 1, *held[i + 1:])
                total += weight * self.rolling(step, more, rolled - 1, dice)
            if wasted:
                total += wasted * self.rolling(step, held, rolled - 1, dice)
            found = total / FACES
            self._rolling[key] = found
        return found


def _fits(left: dict[Symbol, int], kinds: tuple[int, ...]) -> bool:
    if not kinds:
        return True
    size = kinds[0]
    for symbol, count in left.items():
        if symbol.makes_sets and count >= size:
            left[symbol] -= size
            ok = _fits(left, kinds[1:])
            left[symbol] += size
            if ok:
                return True
    return False


def plan_keep(combo: Combo, dice: Dice, die: Die, plan: Plan
              ) -> tuple[Fraction, dict[Symbol, int], int | None]:
    """The chance to make ``combo`` from the unspent ``dice`` using the rerolls of
    ``plan`` as well as possible, the first one used now: how many of each symbol to
    keep for it, and the position of the die that pays for it (``None`` when free).
    The caller checks that a die pays for the first reroll; among keeps of equal
    chance the one keeping the most dice is chosen."""
    solver = _PlanSolver(combo, die, plan, len(dice))
    payer = None
    rest: Sequence[tuple[int, Symbol]] = dice
    if plan[0] is not None:
        payer = [p for p, s in sorted(dice) if s is plan[0]][-1]  # dice of a symbol are alike
        rest = [(p, s) for p, s in dice if p != payer]
    have = solver.capped(rest)
    best: tuple[Fraction, int, Vector] | None = None
    for keep in solver.keeps(have):
        chance = solver.rolling(0, keep, len(rest) - sum(keep), len(rest))
        if best is None or (chance, sum(keep)) > best[:2]:
            best = (chance, sum(keep), keep)
    assert best is not None
    return best[0], dict(zip(solver.symbols, best[2], strict=True)), payer
