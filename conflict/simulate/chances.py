"""The odds a policy weighs, built from the library's exact pool distributions.

:func:`conflict.odds.contest_odds` covers one roller against one roller. In a Conflict
an Extra group rolls once per remaining member and keeps the best (R-CON-2, R-DICE-8),
and an action may be opposed by the target's defense and by allies' Reactions, the best
roll of all of them counting (R-CON-16 ruling). :func:`attack_chances` covers that:
the best of ``n`` rolls of a pool is below a rank exactly when every roll is, so its
distribution function is the single roll's raised to the ``n``th power.

Answers are floats (a policy compares them; it needs no fractions) and are cached: a
simulation asks the same few questions many thousands of times. With one roller on
each side they equal :func:`~conflict.odds.contest_odds` (the tests check it).
"""

from __future__ import annotations

import functools
from bisect import bisect_left

import attrs

from conflict.dice import MAX_POOL, MIN_POOL
from conflict.odds import pool_odds

__all__ = ["AttackChances", "attack_chances"]

Rank = tuple[int, int]  # (Result, Nudges), R-DICE-7
Opposition = tuple[tuple[int, int], ...]  # (pool, rollers) of each opposing roll


@attrs.frozen
class AttackChances:
    """One attack's chances: ``win`` (it succeeds, R-CON-17), ``stalemate`` (tied
    Result and Nudges) and ``damage``, the mean damage it deals (R-CON-18: 1 + every
    Nudge + the equipment bonus on a success, 0 otherwise)."""

    win: float
    stalemate: float
    damage: float


@functools.cache
def _single(pool: int) -> tuple[tuple[Rank, ...], tuple[float, ...]]:
    """One roll's ranks, sorted, and their probabilities."""
    distribution = pool_odds(pool).distribution
    ranks = tuple(sorted(distribution))
    return ranks, tuple(float(distribution[rank]) for rank in ranks)


@functools.cache
def _best(pool: int, rollers: int) -> tuple[tuple[Rank, ...], tuple[float, ...],
                                            tuple[float, ...]]:
    """The best of ``rollers`` rolls of ``pool``: its ranks sorted, each one's
    probability, and the probability of a best roll strictly below each rank."""
    ranks, probabilities = _single(pool)
    below: list[float] = []
    exact: list[float] = []
    cumulative = 0.0
    for p in probabilities:
        before = cumulative**rollers
        cumulative += p
        below.append(before)
        exact.append(cumulative**rollers - before)
    return ranks, tuple(exact), tuple(below)


def _below(pool: int, rollers: int, rank: Rank) -> float:
    """P(the best of ``rollers`` rolls of ``pool`` ranks strictly below ``rank``)."""
    ranks, _exact, below = _best(pool, rollers)
    at = bisect_left(ranks, rank)
    if at < len(ranks):
        return below[at]
    return 1.0


def _at(pool: int, rollers: int, rank: Rank) -> float:
    """P(the best of ``rollers`` rolls of ``pool`` ranks exactly ``rank``)."""
    ranks, exact, _ = _best(pool, rollers)
    at = bisect_left(ranks, rank)
    if at < len(ranks) and ranks[at] == rank:
        return exact[at]
    return 0.0


def _pool(dice: int) -> int:
    """A pool inside a Conflict: 2–10 dice (R-CON-11, R-CON-15, R-CON-16)."""
    return min(max(dice, MIN_POOL), MAX_POOL)


def attack_chances(pool: int, rollers: int = 1, opposition: Opposition = (), *,
                   bonus: int = 0, difficulty: int = 0) -> AttackChances:
    """The chances of an action rolled by ``rollers`` of ``pool`` dice (the best roll
    counts, R-DICE-8), opposed by the best of every ``(pool, rollers)`` in
    ``opposition`` (none: nobody defends, R-CON-15d), at ``difficulty``; ``bonus`` is
    the equipment's damage bonus (R-CON-18)."""
    if len(opposition) > 1:
        opposition = tuple(sorted(opposition))  # the order rolls come in does not matter
    return _attack(pool, rollers, opposition, bonus, difficulty)


@functools.cache
def _attack(pool: int, rollers: int, opposition: Opposition, bonus: int,
            difficulty: int) -> AttackChances:
    pool = _pool(pool)
    rollers = max(1, rollers)
    opposition = tuple((_pool(p), max(1, n)) for p, n in opposition)
    ranks, exact, _ = _best(pool, rollers)
    win = stalemate = damage = 0.0
    for rank, p in zip(ranks, exact, strict=True):
        result, nudges = rank
        if result < 1 or result < difficulty:
            continue  # R-DICE-6 / R-CON-17: no set, or it misses the Difficulty
        beaten = 1.0  # P(every opposing roll ranks below ours)
        for other, count in opposition:
            beaten *= _below(other, count, rank)
        # Equal ranks stalemate (R-CON-17): the best opposing roll equals ours.
        tied = 1.0
        for other, count in opposition:
            tied *= _below(other, count, rank) + _at(other, count, rank)
        win += p * beaten
        stalemate += p * (tied - beaten) if opposition else 0.0
        damage += p * beaten * (1 + nudges + bonus)
    return AttackChances(win=win, stalemate=stalemate, damage=damage)
