"""Exact odds of making a combination with Stuffed's dice, and the best dice to keep.

R-STF-8 (the tool's own feature): the chance to complete a combination — a set, a
Teammate's cost, the Mission — within R rerolls, keeping dice optimally, as an exact
:class:`fractions.Fraction`, and the keep that gives it. Rerolls follow R-STF-3: each
one rolls every die not kept, all at once; kept dice stay as they are but may be
rerolled later.

How it counts. Only the symbols a combination can use matter (its named symbols, and
every symbol but Birden when it holds N of a kind); a die showing any other symbol, or
more of a symbol than the combination could ever use, is as good as a die to reroll.
So a position is the capped count of each useful symbol (its *cap* is the most of it
the combination can use), and the number of dice is fixed. Symbols the combination and
the die treat alike (same faces on the die, same count named, both in sets or not) are
interchangeable, so their counts are sorted. Rolling ``m`` dice is never listed face by
face (``6**m`` sequences): the dice are added one at a time, each landing on a useful
symbol (up to its cap) or on nothing useful, weighted by the faces that show it, and
what follows is remembered per (dice held, dice still to roll) — so every keep of the
same dice shares the work. Probabilities stay whole numbers over ``6**(dice × rolls)``
until the end.

The recursion, with ``r`` rerolls left and the dice showing ``have``:
``value(r, have)`` is 1 when ``have`` makes the combination, 0 when ``r`` is 0, else
the best over keeps ``k ≤ have`` of ``expect(r, k)``, the chance after keeping ``k``
and rolling the rest. Keeping more of a symbol than its cap, or a useless symbol, is
never better than rerolling that die (the cap argument above), so only keeps up to
the caps are searched — and all of them: on a die that shows one symbol on most
faces, rerolling a useful die can beat keeping it, and the search finds that.

Pure: imports fractions, attrs and :mod:`boardgames.stuffed.dice` only.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from fractions import Fraction

import attrs

from boardgames.errors import BadValue, RuleViolation, shown
from boardgames.stuffed.dice import (
    DEFAULT_DIE,
    DICE,
    FACES,
    SYMBOLS,
    Combo,
    Dice,
    Die,
    Symbol,
    match,
    parse_combo,
    parse_symbols,
)
from boardgames.stuffed.paid import Plan, plan_keep

__all__ = ["MAX_REROLLS", "Odds", "Vector", "best_keep", "chance", "chance_if_kept",
           "clear_caches"]

MAX_REROLLS = 8  # far more than a turn can give; keeps a typo from running for minutes

Vector = tuple[int, ...]
_POWERS: list[int] = [FACES**i for i in range(DICE * (MAX_REROLLS + 1) + 1)]


@attrs.frozen
class Odds:
    """The chance to make ``combo`` from a roll, and what to keep for it (R-STF-8).

    ``keep`` lists the dice to keep as (position, symbol) and ``reroll`` the positions to
    roll again (every other unspent die); ``paid`` is the die spent on the ability that
    rerolls, when the reroll is paid for (R-STF-6). When the dice already make the
    combination, ``matched`` holds those positions, ``chance`` is 1 and nothing is
    rerolled. With no reroll left and no match, ``chance`` is 0 and the lists are empty.
    """

    combo: Combo
    rerolls: int
    chance: Fraction
    keep: tuple[tuple[int, Symbol], ...] = ()
    reroll: tuple[int, ...] = ()
    matched: tuple[int, ...] | None = None
    paid: int | None = None

    @property
    def percent(self) -> float:
        """The chance as a percentage, for screens."""
        return float(self.chance * 100)


def _check_rerolls(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_REROLLS:
        raise BadValue(f"rerolls must be a whole number 0–{MAX_REROLLS}, got {shown(value)}",
                       rule="R-STF-8")
    return value


def _check_dice(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= DICE:
        raise BadValue(f"dice must be a whole number 0–{DICE}, got {shown(value)}",
                       rule="R-STF-8")
    return value


def _dice_of(roll: object) -> list[tuple[int, Symbol]]:
    """A roll as (position, symbol) pairs: pairs pass through; plain symbols (or typed
    text) are numbered from 1."""
    if isinstance(roll, (list, tuple)) and roll and all(
            isinstance(d, tuple) and len(d) == 2 for d in roll):
        dice = [(pos, parse_symbols([sym])[0]) for pos, sym in roll]
        positions = [pos for pos, _ in dice]
        if any(isinstance(p, bool) or not isinstance(p, int) or p < 1 for p in positions):
            raise BadValue(f"die positions must be whole numbers from 1, got "
                           f"{shown(positions)}", rule="R-STF-8")
        if len(set(positions)) != len(positions):
            raise BadValue(f"a die position shows twice in {shown(positions)}", rule="R-STF-8")
    else:
        dice = list(enumerate(parse_symbols(roll), start=1))
    if len(dice) > DICE:
        raise BadValue(f"a roll has at most {DICE} dice, got {len(dice)}", rule="R-STF-1")
    return dice


class _Solver:
    """The recursion of the module docstring for one combination, die and dice count."""

    def __init__(self, combo: Combo, die: Die, dice: int) -> None:
        self.combo, self.n = combo, dice
        in_sets = bool(combo.kinds)
        useful = [s for s in SYMBOLS if combo.need(s) or (in_sets and s.makes_sets)]

        def sort_key(s: Symbol) -> tuple[int, int, bool, int]:
            return (die.weight(s), combo.need(s), s.makes_sets, SYMBOLS.index(s))

        useful.sort(key=sort_key)
        self.symbols = tuple(useful)
        self.index = {s: i for i, s in enumerate(self.symbols)}
        self.weights = tuple(die.weight(s) for s in useful)
        self.other = FACES - sum(self.weights)
        self.need = tuple(combo.need(s) for s in useful)
        self.eligible = tuple(in_sets and s.makes_sets for s in useful)
        sets = sum(combo.kinds)
        self.caps = tuple(min(dice, combo.need(s) + (sets if e else 0))
                          for s, e in zip(useful, self.eligible, strict=True))
        # runs of interchangeable symbols, as (start, stop) slices
        groups: list[tuple[int, int]] = []
        for _alike, run in itertools.groupby(range(len(useful)), key=lambda i: sort_key(
                useful[i])[:3]):
            members = list(run)
            if len(members) > 1:
                groups.append((members[0], members[-1] + 1))
        self.groups = tuple(groups)
        self._success: dict[Vector, bool] = {}
        self._value: dict[tuple[int, Vector], int] = {}
        self._best: dict[tuple[int, Vector], int] = {}
        self._rolling: dict[tuple[int, Vector, int], int] = {}
        self._moves: dict[Vector, tuple[int, tuple[tuple[Vector, int], ...]]] = {}
        self._lowers: dict[Vector, tuple[Vector, ...]] = {}

    # -- positions -----------------------------------------------------------------

    def canon(self, have: Sequence[int]) -> Vector:
        """``have`` with the counts of interchangeable symbols sorted."""
        if not self.groups:
            return tuple(have)
        out = list(have)
        for start, stop in self.groups:
            out[start:stop] = sorted(out[start:stop], reverse=True)
        return tuple(out)

    def capped(self, dice: Dice) -> Vector:
        """The position the dice give (capped counts of the useful symbols)."""
        counts = [0] * len(self.symbols)
        for _, symbol in dice:
            i = self.index.get(symbol)
            if i is not None:
                counts[i] += 1
        return tuple(min(c, cap) for c, cap in zip(counts, self.caps, strict=True))

    def success(self, have: Vector) -> bool:
        """Whether dice showing ``have`` make the combination."""
        done = self._success.get(have)
        if done is None:
            left = [h - k for h, k in zip(have, self.need, strict=True)]
            done = min(left, default=0) >= 0 and self._fits(left, self.combo.kinds)
            self._success[have] = done
        return done

    def _fits(self, left: list[int], kinds: tuple[int, ...]) -> bool:
        if not kinds:
            return True
        size = kinds[0]
        for i, eligible in enumerate(self.eligible):
            if eligible and left[i] >= size:
                left[i] -= size
                ok = self._fits(left, kinds[1:])
                left[i] += size
                if ok:
                    return True
        return False

    # -- the recursion (numerators over 6 ** (n * r)) -------------------------------

    def value(self, r: int, have: Vector) -> int:
        """The chance with the dice showing ``have`` and ``r`` rerolls left."""
        if self.success(have):
            return self.scale(self.n * r)
        if r == 0:
            return 0
        key = (r, have)
        found = self._value.get(key)
        if found is None:
            found = self.best(r, have)
            self._value[key] = found
        return found

    def best(self, r: int, have: Vector) -> int:
        """The best ``expect(r, keep)`` over keeps ``keep ≤ have``."""
        key = (r, have)
        found = self._best.get(key)
        if found is None:
            found = self.expect(r, have)
            for lower in self.lowers(have):
                found = max(found, self.best(r, lower))
            self._best[key] = found
        return found

    def lowers(self, have: Vector) -> tuple[Vector, ...]:
        """The positions with one die fewer than ``have``."""
        found = self._lowers.get(have)
        if found is None:
            out = set()
            for i, h in enumerate(have):
                if h:
                    lower = list(have)
                    lower[i] -= 1
                    out.add(self.canon(lower))
            found = tuple(sorted(out))
            self._lowers[have] = found
        return found

    def expect(self, r: int, keep: Vector, rolled: int | None = None) -> int:
        """Keep ``keep`` and reroll ``rolled`` dice (default: all the others), then play
        on with ``r - 1`` rerolls; numerator over ``6 ** (n * r)``."""
        if rolled is None:
            rolled = self.n - sum(keep)
        return self.rolling(r, keep, rolled) * self.scale(self.n - rolled)

    def rolling(self, r: int, held: Vector, left: int) -> int:
        """The chance once ``left`` more dice are rolled onto ``held``, then play goes on
        with ``r - 1`` rerolls; numerator over ``6 ** (left + n * (r - 1))``. The dice
        are rolled one at a time: each face lands on its symbol (up to the cap) or on
        nothing useful, so no roll of several dice is ever listed face by face."""
        if left == 0:
            return self.value(r - 1, held)
        key = (r, held, left)
        found = self._rolling.get(key)
        if found is None:
            wasted, moves = self.moves(held)
            found = wasted * self.rolling(r, held, left - 1) if wasted else 0
            for nxt, weight in moves:
                found += weight * self.rolling(r, nxt, left - 1)
            self._rolling[key] = found
        return found

    def moves(self, held: Vector) -> tuple[int, tuple[tuple[Vector, int], ...]]:
        """Where one more die takes ``held``: the faces that add nothing useful, and
        each position it can reach with the faces that reach it."""
        found = self._moves.get(held)
        if found is None:
            wasted = self.other
            after: dict[Vector, int] = {}
            for i, weight in enumerate(self.weights):
                if not weight:
                    continue
                if held[i] >= self.caps[i]:
                    wasted += weight  # one more of a symbol at its cap is no use
                    continue
                more = list(held)
                more[i] += 1
                nxt = self.canon(more)
                after[nxt] = after.get(nxt, 0) + weight
            found = (wasted, tuple(after.items()))
            self._moves[held] = found
        return found

    @staticmethod
    def scale(dice: int) -> int:
        """``6 ** dice``: the face sequences of that many dice."""
        return _POWERS[dice]

    def fraction(self, numerator: int, rolls: int) -> Fraction:
        return Fraction(numerator, self.scale(self.n * rolls))


@functools.lru_cache(maxsize=32)
def _cached_solver(combo: Combo, die: Die, dice: int) -> _Solver:
    return _Solver(combo, die, dice)


def _solver(combo: Combo | str, die: Die | str, dice: int) -> _Solver:
    """The solver of a combination, die and dice count; the last 32 are kept with what
    they worked out, so asking again about the same combination is quick."""
    return _cached_solver(parse_combo(combo), die if isinstance(die, Die) else Die(die), dice)


def clear_caches() -> None:
    """Forget everything worked out so far (for timing from a cold start)."""
    _cached_solver.cache_clear()


def chance(combo: Combo | str, *, dice: int = DICE, rerolls: int = 0,
           die: Die | str = DEFAULT_DIE) -> Fraction:
    """The chance to make ``combo`` from scratch: roll ``dice`` dice, then up to
    ``rerolls`` rerolls keeping the best dice each time (R-STF-8)."""
    dice, rerolls = _check_dice(dice), _check_rerolls(rerolls)
    solver = _solver(combo, die, dice)
    if solver.combo.size > dice:
        return Fraction(0)
    zero = tuple(0 for _ in solver.symbols)
    return solver.fraction(solver.expect(rerolls + 1, zero), rerolls + 1)


def best_keep(combo: Combo | str, roll: Dice | Sequence[Symbol] | str, *, rerolls: int = 1,
              die: Die | str = DEFAULT_DIE,
              pay: Symbol | str | Sequence[Symbol | str | None] | None = None) -> Odds:
    """The chance to make ``combo`` from the unspent dice ``roll`` within ``rerolls``
    rerolls, and the keep that gives it (R-STF-8).

    ``roll`` is (position, symbol) pairs, or symbols (or typed text) numbered from 1.
    ``pay``: the first reroll is a character's ability, paid with one die showing that
    symbol (a Hero's reroll takes a die of the Hero's Attribute, R-STF-6); that die is
    spent before keeping, and the other rerolls cost nothing (Advantage cards). A list
    gives each reroll's price in the order they are used (``None`` for a free one):
    when more than one costs a die, a die may be kept to pay for a later ability, a
    later ability with no die to pay for it is not used, and the chance stays exact
    (:mod:`boardgames.stuffed.paid`). Among keeps of equal chance the one keeping the
    most dice is chosen.
    """
    rerolls = _check_rerolls(rerolls)
    plan = _plan(pay, rerolls)
    dice = _dice_of(roll)
    solver = _solver(combo, die, len(dice))
    matched = match(solver.combo, dice)
    if matched is not None:
        kept = tuple((p, s) for p, s in sorted(dice) if p in matched)
        return Odds(solver.combo, rerolls, Fraction(1), kept, (), matched)
    if rerolls == 0 or solver.combo.size > len(dice):
        return Odds(solver.combo, rerolls, Fraction(0))
    price = plan[0]
    if price is not None and not any(s is price for _, s in dice):
        raise RuleViolation(f"no unspent die shows {price} to pay for the ability",
                            rule="R-STF-6")
    if any(p is not None for p in plan[1:]):
        return _by_plan(solver.combo, dice, rerolls, die, plan)
    if price is not None:
        payers = [p for p, s in sorted(dice) if s is price]
        rest = [(p, s) for p, s in dice if p != payers[-1]]  # dice of a symbol are alike
        odds = best_keep(solver.combo, rest, rerolls=rerolls, die=die)
        return Odds(odds.combo, odds.rerolls, odds.chance, odds.keep, odds.reroll,
                    odds.matched, paid=payers[-1])
    have = solver.capped(dice)
    best: tuple[int, int, Vector] | None = None
    for keep in itertools.product(*(range(h, -1, -1) for h in have)):
        score = solver.expect(rerolls, solver.canon(keep))
        if best is None or (score, sum(keep)) > best[:2]:
            best = (score, sum(keep), keep)
    assert best is not None
    wanted = dict(zip(solver.symbols, best[2], strict=True))
    kept_list: list[tuple[int, Symbol]] = []
    for position, symbol in sorted(dice):
        if wanted.get(symbol, 0):
            wanted[symbol] -= 1
            kept_list.append((position, symbol))
    kept_at = {p for p, _ in kept_list}
    reroll = tuple(p for p, _ in sorted(dice) if p not in kept_at)
    return Odds(solver.combo, rerolls, solver.fraction(best[0], rerolls), tuple(kept_list),
                reroll)


def _plan(pay: Symbol | str | Sequence[Symbol | str | None] | None, rerolls: int) -> Plan:
    """Each reroll's price (R-STF-6), the rerolls beyond those given free."""
    if pay is None or isinstance(pay, (str, Symbol)):  # the first reroll's, if any
        given: Sequence[Symbol | str | None] = [pay][:rerolls] if pay is not None else []
    else:
        given = list(pay)
    if len(given) > rerolls:
        raise BadValue(f"{len(given)} rerolls are paid for, but only {rerolls} are to come",
                       rule="R-STF-8")
    prices = tuple(None if p is None else parse_symbols([p], rule="R-STF-6")[0]
                   for p in given)
    return prices + (None,) * (rerolls - len(prices))


def _by_plan(combo: Combo, dice: Dice, rerolls: int, die: Die | str, plan: Plan) -> Odds:
    """:func:`best_keep` when more than one reroll costs a die."""
    chance, wanted, paid = plan_keep(combo, dice, die if isinstance(die, Die) else Die(die),
                                     plan)
    kept_list: list[tuple[int, Symbol]] = []
    for position, symbol in sorted(dice):
        if position != paid and wanted.get(symbol, 0):
            wanted[symbol] -= 1
            kept_list.append((position, symbol))
    kept_at = {p for p, _ in kept_list}
    reroll = tuple(p for p, _ in sorted(dice) if p not in kept_at and p != paid)
    return Odds(combo, rerolls, chance, tuple(kept_list), reroll, paid=paid)


def chance_if_kept(combo: Combo | str, roll: Dice | Sequence[Symbol] | str,
                   keep: Sequence[int], *, rerolls: int = 1,
                   die: Die | str = DEFAULT_DIE) -> Fraction:
    """The chance to make ``combo`` if the dice at positions ``keep`` are kept and all
    the other dice of ``roll`` rerolled now, then play goes on optimally with the
    remaining ``rerolls - 1`` rerolls (R-STF-8). Any keep is allowed, even a poor one."""
    rerolls = _check_rerolls(rerolls)
    if rerolls == 0:
        raise BadValue("keeping dice needs a reroll: rerolls must be 1 or more",
                       rule="R-STF-3")
    dice = _dice_of(roll)
    at = dict(dice)
    for position in keep:
        if position not in at:
            raise BadValue(f"no unspent die at position {shown(position)} (dice: "
                           f"{', '.join(str(p) for p, _ in sorted(dice))})", rule="R-STF-3")
    if len(set(keep)) != len(keep):
        raise BadValue(f"a die position shows twice in {shown(list(keep))}", rule="R-STF-3")
    solver = _solver(combo, die, len(dice))
    if solver.combo.size > len(dice):
        return Fraction(0)
    kept = [(p, at[p]) for p in keep]
    capped = solver.capped(kept)
    rolled = len(dice) - len(kept)
    return solver.fraction(solver.expect(rerolls, solver.canon(capped), rolled), rerolls)
