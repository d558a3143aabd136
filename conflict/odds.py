"""Exact odds of the Mistborn Adventure Game dice, as fractions.

Every number here is exact (:class:`fractions.Fraction`) and agrees with judging every
possible roll by :mod:`conflict.dice`; the tests check that by brute force.

How it counts. A roll of ``n`` dice shows ``k`` sixes (set aside as Nudges, R-DICE-4)
in ``C(n, k)`` placements; the other ``m = n - k`` dice show faces 1–5. Among those
``5**m`` sequences, the Result is ``r ≥ 1`` (R-DICE-5) exactly when face ``r`` shows
twice or more and every face above ``r`` shows at most once. Choosing which ``s`` of
the ``5 - r`` higher faces appear, and where, leaves ``t = m - s`` dice on faces
``1..r`` that must hold at least two ``r``: ``r**t - (r-1)**t - t*(r-1)**(t-1)``
sequences. Result 0 means all ``m`` faces differ. So a pool's whole distribution is a
handful of integer sums, and a Contest is a prefix sum over the defender's sorted
(Result, Nudges) ranks. Fractions are made only at the end.

Pools may be asked for 0–20 dice: R-DICE-2 rolls 10 and adds free Nudges beyond 10,
R-DICE-3 rolls 2 and lowers the Outcome below 2.
"""

from __future__ import annotations

import functools
from bisect import bisect_left
from collections.abc import Mapping
from fractions import Fraction
from math import comb, perm
from types import MappingProxyType

import attrs

from conflict.dice import (
    MAX_DIFFICULTY,
    MAX_POOL,
    MIN_POOL,
    check_difficulty,
    dice_rolled,
    free_nudges_for,
    penalty_for,
)
from conflict.errors import BadValue, shown

__all__ = ["DIFFICULTIES", "MAX_ODDS_POOL", "TABLE_POOLS", "ChallengeOdds", "ContestOdds",
           "OddsTable", "PoolOdds", "Rank", "challenge_odds", "check_odds_difficulty",
           "check_pool", "clear_caches", "contest_odds", "odds_table", "pool_odds"]

MAX_ODDS_POOL = 20  # the largest pool asked that the odds cover (10 dice + 10 free Nudges)
TABLE_POOLS = tuple(range(MIN_POOL, MAX_POOL + 1))  # the reference sheet's pools, 2–10
DIFFICULTIES = tuple(range(MAX_DIFFICULTY + 1))  # R-DICE-6: 0–5

Rank = tuple[int, int]  # (Result, Nudges): how rolls compare (R-DICE-7)


def check_pool(value: object) -> int:
    """Return ``value`` if it is a pool the odds cover (0–20 dice asked), else raise."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadValue(
            f"a pool must be a whole number of dice 0–{MAX_ODDS_POOL}, got {shown(value)}",
            rule="R-DICE-1",
        )
    if value < 0:
        raise BadValue(
            f"a pool must be 0–{MAX_ODDS_POOL} dice, got {value}", rule="R-DICE-1"
        )
    if value > MAX_ODDS_POOL:
        raise BadValue(
            f"odds cover pools of 0–{MAX_ODDS_POOL} dice (10 rolled + up to 10 free "
            f"Nudges), got {value}",
            rule="R-DICE-2",
        )
    return value


def check_odds_difficulty(value: object) -> int:
    """Return ``value`` if it is a Difficulty 0–5, else raise (R-DICE-6)."""
    checked = check_difficulty(value)
    if checked is None:
        raise BadValue("Difficulty must be a whole number 0–5, got None", rule="R-DICE-6")
    return checked


# --- integer counting ---------------------------------------------------------------


def _sets_with_result(m: int, result: int) -> int:
    """How many of the ``5**m`` sequences of faces 1–5 have this Result (R-DICE-5)."""
    if result == 0:
        return perm(5, m) if m <= 5 else 0  # every face differs
    higher = 5 - result
    total = 0
    for s in range(min(higher, m) + 1):
        t = m - s
        if t < 2:
            continue
        # t dice on faces 1..result with at least two showing `result`
        with_pair = result**t - (result - 1) ** t - t * (result - 1) ** (t - 1)
        total += comb(higher, s) * perm(m, s) * with_pair
    return total


@functools.cache
def _rolled_counts(dice: int) -> Mapping[Rank, int]:
    """(Result, sixes) -> how many of the ``6**dice`` rolls show it."""
    counts: dict[Rank, int] = {}
    for sixes in range(dice + 1):
        placements = comb(dice, sixes)
        others = dice - sixes
        for result in range(6):
            ways = _sets_with_result(others, result)
            if ways:
                counts[(result, sixes)] = placements * ways
    return MappingProxyType(counts)


@functools.cache
def _pool_counts(asked: int) -> Mapping[Rank, int]:
    """(Result, Nudges) -> count out of ``6**dice_rolled(asked)``; free Nudges added."""
    free = free_nudges_for(asked)  # R-DICE-2
    rolled = _rolled_counts(dice_rolled(asked))
    if not free:
        return rolled
    return MappingProxyType({(r, n + free): c for (r, n), c in rolled.items()})


def _meets(result: int, difficulty: int, penalty: int) -> bool:
    """R-DICE-6: a set (Result ≥ 1) and Result − Difficulty − penalty ≥ 0."""
    return result >= 1 and result - difficulty - penalty >= 0


@functools.cache
def _success_counts(asked: int) -> tuple[int, ...]:
    """Rolls that succeed at each Difficulty 0–5, out of ``6**dice_rolled(asked)``."""
    penalty = penalty_for(asked)  # R-DICE-3
    by_result = [0] * 6
    for (result, _nudges), count in _pool_counts(asked).items():
        by_result[result] += count
    return tuple(
        sum(by_result[r] for r in range(1, 6) if _meets(r, d, penalty)) for d in DIFFICULTIES
    )


@functools.cache
def _defender_prefix(asked: int) -> tuple[tuple[Rank, ...], tuple[int, ...]]:
    """The defender's ranks sorted, and how many rolls lie strictly below each."""
    counts = _pool_counts(asked)
    ranks = tuple(sorted(counts))
    below = [0]
    for rank in ranks:
        below.append(below[-1] + counts[rank])
    return ranks, tuple(below)


# --- values -------------------------------------------------------------------------


def _frozen_mapping(value: Mapping[Rank, Fraction]) -> Mapping[Rank, Fraction]:
    return MappingProxyType(dict(value))


@attrs.frozen
class ChallengeOdds:
    """P(success) of one pool at each Difficulty 0–5 (R-DICE-6)."""

    pool: int
    success: tuple[Fraction, ...]  # index = Difficulty

    def at(self, difficulty: int) -> Fraction:
        """P(success) at ``difficulty``."""
        return self.success[check_odds_difficulty(difficulty)]


@attrs.frozen
class PoolOdds:
    """The exact joint distribution of (Result, Nudges) for a pool asked 0–20.

    ``distribution`` maps (Result, Nudges) to its probability; Nudges include free
    Nudges (R-DICE-2) and zero-probability pairs are absent. It is compared, but
    left out of the repr and the hash.
    """

    pool: int
    dice: int  # dice rolled (R-DICE-2, R-DICE-3)
    free_nudges: int  # R-DICE-2
    penalty: int  # R-DICE-3
    distribution: Mapping[Rank, Fraction] = attrs.field(converter=_frozen_mapping,
                                                         repr=False, hash=False)

    def success(self, difficulty: int) -> Fraction:
        """P(success) of a Challenge at ``difficulty`` (R-DICE-6)."""
        return challenge_odds(self.pool).at(difficulty)

    @property
    def results(self) -> Mapping[int, Fraction]:
        """P(Result = r) for r = 0–5, zero entries left out (R-DICE-5)."""
        return _marginal(self.distribution, 0)

    @property
    def nudges(self) -> Mapping[int, Fraction]:
        """P(Nudges = n), zero entries left out (R-DICE-2, R-DICE-4)."""
        return _marginal(self.distribution, 1)


@attrs.frozen
class ContestOdds:
    """One attack in a Contest: attacker's pool against defender's pool.

    ``win``, ``stalemate`` and ``fail`` are judged exactly as
    :func:`conflict.dice.attack` judges one roll each, and sum to 1.
    ``expected_damage`` is the mean damage per attack, 1 + the attacker's Nudges on a
    win (R-CON-18, no equipment bonus), 0 otherwise.
    """

    attacker: int
    defender: int
    difficulty: int
    win: Fraction
    stalemate: Fraction
    fail: Fraction
    expected_damage: Fraction


@attrs.frozen
class OddsTable:
    """The reference sheet: pools 2–10 at every Difficulty, and every Contest pair
    2–10 × 2–10 at Difficulty 0."""

    challenge: tuple[ChallengeOdds, ...]
    contest: tuple[ContestOdds, ...]


# --- public functions ---------------------------------------------------------------


def pool_odds(asked: int) -> PoolOdds:
    """The exact (Result, Nudges) distribution of a pool asked 0–20 dice."""
    return _pool_odds(check_pool(asked))


@functools.cache
def _pool_odds(asked: int) -> PoolOdds:
    total = 6 ** dice_rolled(asked)
    counts = _pool_counts(asked)
    return PoolOdds(
        pool=asked,
        dice=dice_rolled(asked),
        free_nudges=free_nudges_for(asked),
        penalty=penalty_for(asked),
        distribution={rank: Fraction(counts[rank], total) for rank in sorted(counts)},
    )


def challenge_odds(asked: int) -> ChallengeOdds:
    """P(success) of a pool asked 0–20 dice at each Difficulty 0–5 (R-DICE-6)."""
    return _challenge_odds(check_pool(asked))


@functools.cache
def _challenge_odds(asked: int) -> ChallengeOdds:
    total = 6 ** dice_rolled(asked)
    return ChallengeOdds(
        pool=asked, success=tuple(Fraction(c, total) for c in _success_counts(asked))
    )


def contest_odds(attacker: int, defender: int, difficulty: int = 0) -> ContestOdds:
    """Odds of one attack: ``attacker`` dice against ``defender`` dice (R-DICE-7,
    R-CON-17, R-CON-18), both asked 0–20, with a Difficulty 0–5."""
    return _contest_odds(
        check_pool(attacker), check_pool(defender), check_odds_difficulty(difficulty)
    )


@functools.cache
def _contest_odds(attacker: int, defender: int, difficulty: int) -> ContestOdds:
    penalty = penalty_for(attacker)  # R-DICE-3 counts against the attacker only
    ranks, below = _defender_prefix(defender)
    defender_counts = _pool_counts(defender)
    wins = stalemates = damage = 0
    for rank, count in _pool_counts(attacker).items():
        result, nudges = rank
        if not _meets(result, difficulty, penalty):
            continue  # a failure, whatever the defender rolls
        # Every defender rank below ours loses to us, including all Result-0 rolls
        # (a defender without a set never blocks); an equal rank is a stalemate.
        beaten = below[bisect_left(ranks, rank)]
        wins += count * beaten
        stalemates += count * defender_counts.get(rank, 0)
        damage += count * beaten * (1 + nudges)  # R-CON-18
    total = 6 ** (dice_rolled(attacker) + dice_rolled(defender))
    win = Fraction(wins, total)
    stalemate = Fraction(stalemates, total)
    return ContestOdds(
        attacker=attacker,
        defender=defender,
        difficulty=difficulty,
        win=win,
        stalemate=stalemate,
        fail=Fraction(total - wins - stalemates, total),
        expected_damage=Fraction(damage, total),
    )


def odds_table() -> OddsTable:
    """The whole reference sheet (pools 2–10; Contests at Difficulty 0)."""
    return OddsTable(
        challenge=tuple(_challenge_odds(pool) for pool in TABLE_POOLS),
        contest=tuple(
            _contest_odds(a, d, 0) for a in TABLE_POOLS for d in TABLE_POOLS
        ),
    )


def clear_caches() -> None:
    """Forget every computed distribution (benchmarks time the work from scratch)."""
    for cached in (
        _rolled_counts,
        _pool_counts,
        _success_counts,
        _defender_prefix,
        _pool_odds,
        _challenge_odds,
        _contest_odds,
    ):
        cached.cache_clear()


def _marginal(distribution: Mapping[tuple[int, int], Fraction], which: int
              ) -> Mapping[int, Fraction]:
    """P(Result = r) (``which`` 0) or P(Nudges = n) (``which`` 1) from the joint
    distribution of (Result, Nudges), in order, zero entries left out."""
    out: dict[int, Fraction] = {}
    for pair, p in distribution.items():
        out[pair[which]] = out.get(pair[which], Fraction(0)) + p
    return MappingProxyType(dict(sorted(out.items())))
