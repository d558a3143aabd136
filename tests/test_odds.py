"""Exact odds (conflict.odds) against brute force over every face the dice can show.

Known answers come from two independent routes: enumerating all 6**n rolls (or, for
bigger pools, every multiset of faces with its multinomial weight) and judging each
with `conflict.dice.Roll` / `conflict.dice.attack`, and a few sums worked by hand from
the rules.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from fractions import Fraction
from math import factorial

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conflict.dice import ContestResult, Roll, attack, dice_rolled
from conflict.errors import BadValue
from conflict.odds import (
    ContestOdds,
    OddsTable,
    challenge_odds,
    contest_odds,
    odds_table,
    pool_odds,
)

pools = st.integers(min_value=0, max_value=20)
table_pools = st.integers(min_value=2, max_value=10)
difficulties = st.integers(min_value=0, max_value=5)

Rank = tuple[int, int]


# --- independent references ------------------------------------------------------------


@functools.cache
def brute_rolls(asked: int) -> tuple[Roll, ...]:
    """Every one of the 6**n equally likely rolls of a pool, judged by `Roll`."""
    n = dice_rolled(asked)
    return tuple(
        Roll(asked=asked, faces=faces) for faces in itertools.product(range(1, 7), repeat=n)
    )


def brute_distribution(asked: int) -> dict[Rank, Fraction]:
    rolls = brute_rolls(asked)
    counts = Counter(r.rank for r in rolls)
    return {rank: Fraction(c, len(rolls)) for rank, c in counts.items()}


def multiset_distribution(asked: int) -> dict[Rank, Fraction]:
    """Every multiset of faces, weighted by how many orders show it, judged by `Roll`."""
    n = dice_rolled(asked)
    total = 6**n
    out: dict[Rank, Fraction] = {}
    for faces in itertools.combinations_with_replacement(range(1, 7), n):
        weight = factorial(n)
        for count in Counter(faces).values():
            weight //= factorial(count)
        rank = Roll(asked=asked, faces=faces).rank
        out[rank] = out.get(rank, Fraction(0)) + Fraction(weight, total)
    return out


def representative(asked: int, rank: Rank) -> Roll:
    """A roll of this pool showing the given (Result, Nudges)."""
    result, nudges = rank
    n = dice_rolled(asked)
    sixes = nudges - max(0, asked - 10)
    others = n - sixes
    faces = [result] * others if result else list(range(1, others + 1))
    roll = Roll(asked=asked, faces=[*faces, *[6] * sixes])
    assert roll.rank == rank
    return roll


def contest_from_distributions(attacker: int, defender: int, difficulty: int) -> ContestOdds:
    """Contest odds from the two (Result, Nudges) distributions, each pair of ranks
    judged by `attack` on a roll that shows it."""
    win = stalemate = fail = damage = Fraction(0)
    a_dist = pool_odds(attacker).distribution
    d_dist = pool_odds(defender).distribution
    for a_rank, pa in a_dist.items():
        a_roll = representative(attacker, a_rank)
        for d_rank, pd in d_dist.items():
            verdict = attack(a_roll, representative(defender, d_rank), difficulty)
            p = pa * pd
            if verdict is ContestResult.WIN:
                win += p
                damage += p * (1 + a_roll.nudges)
            elif verdict is ContestResult.STALEMATE:
                stalemate += p
            else:
                fail += p
    return ContestOdds(attacker, defender, difficulty, win, stalemate, fail, damage)


# --- pools ---------------------------------------------------------------------------------


@pytest.mark.parametrize("asked", range(7))
def test_r_dice_2_3_5_distribution_matches_brute_force_of_every_face(asked: int) -> None:
    assert dict(pool_odds(asked).distribution) == brute_distribution(asked)


@pytest.mark.parametrize("asked", range(2, 11))
def test_r_dice_5_distribution_matches_weighted_multisets_up_to_ten_dice(asked: int) -> None:
    assert dict(pool_odds(asked).distribution) == multiset_distribution(asked)


@pytest.mark.parametrize("asked", range(7))
def test_r_dice_6_success_matches_brute_force(asked: int) -> None:
    rolls = brute_rolls(asked)
    for difficulty in range(6):
        wins = sum(1 for r in rolls if r.meets(difficulty))
        assert challenge_odds(asked).at(difficulty) == Fraction(wins, len(rolls))
        assert pool_odds(asked).success(difficulty) == Fraction(wins, len(rolls))


def test_r_dice_6_two_dice_by_hand() -> None:
    # Two dice succeed only as a pair r of 1–5 (1 of 36 each) with r ≥ Difficulty:
    # 5 pairs at Difficulty 0 or 1, down to 1 pair (two 5s) at Difficulty 5.
    odds = challenge_odds(2)
    assert odds.success == tuple(Fraction(min(5, 6 - d), 36) for d in range(6))


def test_r_dice_3_no_dice_rolls_two_and_needs_two_more() -> None:
    # 0 dice asked: roll 2, Outcome −2, so Difficulty d needs a pair of d + 2 or better:
    # pairs 2–5 at Difficulty 0, none from Difficulty 4 on.
    odds = challenge_odds(0)
    assert odds.success == tuple(Fraction(max(0, 4 - d), 36) for d in range(6))
    assert pool_odds(0).dice == 2
    assert pool_odds(0).penalty == 2


@pytest.mark.parametrize("asked", range(21))
def test_r_dice_5_probabilities_sum_to_one(asked: int) -> None:
    odds = pool_odds(asked)
    assert sum(odds.distribution.values()) == 1
    assert all(p > 0 for p in odds.distribution.values())
    assert sum(odds.results.values()) == 1
    assert sum(odds.nudges.values()) == 1


@pytest.mark.parametrize("asked", range(11, 21))
def test_r_dice_2_free_nudges_shift_nudges_exactly(asked: int) -> None:
    free = asked - 10
    ten = pool_odds(10).distribution
    odds = pool_odds(asked)
    assert odds.dice == 10
    assert odds.free_nudges == free
    assert dict(odds.distribution) == {(r, n + free): p for (r, n), p in ten.items()}
    assert min(odds.nudges) == free
    # Free Nudges never help a Challenge (R-DICE-6 reads the Result only).
    assert challenge_odds(asked).success == challenge_odds(10).success


@given(pools, st.integers(min_value=0, max_value=4))
def test_r_dice_6_success_never_rises_with_difficulty(asked: int, difficulty: int) -> None:
    odds = challenge_odds(asked)
    assert odds.at(difficulty) >= odds.at(difficulty + 1)


@given(st.integers(min_value=0, max_value=19), difficulties)
def test_r_dice_6_success_never_falls_with_more_dice(asked: int, difficulty: int) -> None:
    assert challenge_odds(asked).at(difficulty) <= challenge_odds(asked + 1).at(difficulty)


# --- Contests --------------------------------------------------------------------------


def brute_contest(attacker: int, defender: int, difficulty: int) -> ContestOdds:
    a_rolls = brute_rolls(attacker)
    d_rolls = brute_rolls(defender)
    tally: Counter[ContestResult] = Counter()
    damage = 0
    for a in a_rolls:
        for d in d_rolls:
            verdict = attack(a, d, difficulty)
            tally[verdict] += 1
            if verdict is ContestResult.WIN:
                damage += 1 + a.nudges
    total = len(a_rolls) * len(d_rolls)
    return ContestOdds(
        attacker,
        defender,
        difficulty,
        Fraction(tally[ContestResult.WIN], total),
        Fraction(tally[ContestResult.STALEMATE], total),
        Fraction(tally[ContestResult.FAIL], total),
        Fraction(damage, total),
    )


@pytest.mark.parametrize(
    ("attacker", "defender", "difficulty"),
    [
        (0, 2, 0),
        (1, 3, 1),
        (2, 2, 0),
        (2, 3, 2),
        (3, 1, 0),
        (3, 3, 0),
        (3, 3, 3),
        (3, 2, 5),
        (4, 3, 0),
    ],
)
def test_r_dice_7_r_con_18_contest_matches_brute_force_over_both_sides(
    attacker: int, defender: int, difficulty: int
) -> None:
    assert contest_odds(attacker, defender, difficulty) == brute_contest(
        attacker, defender, difficulty
    )


def test_r_dice_7_two_against_two_by_hand() -> None:
    # Each side sets a pair r (1–5) with 1/36 each, without Nudges; else Result 0
    # (31/36), which never blocks. Pair r beats Result 0 and pairs below r.
    odds = contest_odds(2, 2)
    win = sum(Fraction(1, 36) * Fraction(31 + (r - 1), 36) for r in range(1, 6))
    assert odds.win == win == Fraction(165, 1296)
    assert odds.stalemate == Fraction(5, 1296)
    assert odds.fail == 1 - win - Fraction(5, 1296)
    assert odds.expected_damage == win  # a pair of two dice leaves no Nudge: 1 damage


@pytest.mark.parametrize(
    ("attacker", "defender", "difficulty"),
    [(0, 20, 0), (1, 11, 1), (12, 12, 0), (20, 10, 3), (10, 20, 0), (11, 0, 5), (9, 14, 2)],
)
def test_r_dice_2_r_con_18_contests_with_free_nudges_agree_with_attack(
    attacker: int, defender: int, difficulty: int
) -> None:
    assert contest_odds(attacker, defender, difficulty) == contest_from_distributions(
        attacker, defender, difficulty
    )


@given(pools, pools, difficulties)
def test_r_dice_7_win_stalemate_fail_sum_to_one(
    attacker: int, defender: int, difficulty: int
) -> None:
    odds = contest_odds(attacker, defender, difficulty)
    assert odds.win + odds.stalemate + odds.fail == 1
    assert all(0 <= p <= 1 for p in (odds.win, odds.stalemate, odds.fail))
    # R-CON-18: every win deals at least 1 damage.
    assert odds.expected_damage >= odds.win


@given(st.integers(min_value=0, max_value=19), pools, difficulties)
def test_r_dice_7_more_attacking_dice_never_lower_the_win(
    attacker: int, defender: int, difficulty: int
) -> None:
    assert (
        contest_odds(attacker, defender, difficulty).win
        <= contest_odds(attacker + 1, defender, difficulty).win
    )


@given(pools, st.integers(min_value=0, max_value=19), difficulties)
def test_r_dice_7_more_defending_dice_never_raise_the_win(
    attacker: int, defender: int, difficulty: int
) -> None:
    assert (
        contest_odds(attacker, defender, difficulty).win
        >= contest_odds(attacker, defender + 1, difficulty).win
    )


@given(pools, pools, st.integers(min_value=0, max_value=4))
def test_r_dice_6_harder_difficulty_never_raises_the_win(
    attacker: int, defender: int, difficulty: int
) -> None:
    assert (
        contest_odds(attacker, defender, difficulty).win
        >= contest_odds(attacker, defender, difficulty + 1).win
    )


# --- the reference table -----------------------------------------------------------------


def test_reference_table_covers_pools_two_to_ten_and_every_pair() -> None:
    table = odds_table()
    assert isinstance(table, OddsTable)
    assert [row.pool for row in table.challenge] == list(range(2, 11))
    assert all(len(row.success) == 6 for row in table.challenge)
    assert [(c.attacker, c.defender) for c in table.contest] == [
        (a, d) for a in range(2, 11) for d in range(2, 11)
    ]
    assert all(c.difficulty == 0 for c in table.contest)
    for row in table.challenge:
        assert row == challenge_odds(row.pool)


def test_values_are_frozen() -> None:
    odds = pool_odds(3)
    with pytest.raises(AttributeError):
        odds.pool = 4  # type: ignore[misc]
    with pytest.raises(TypeError):
        odds.distribution[(9, 9)] = Fraction(1)  # type: ignore[index]
    assert hash(odds) == hash(pool_odds(3))


# --- bad input --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "rule", "shown"),
    [(-1, "R-DICE-1", "-1"), (21, "R-DICE-2", "21"), (2.5, "R-DICE-1", "2.5"),
     ("3", "R-DICE-1", "'3'"), (True, "R-DICE-1", "True"), (None, "R-DICE-1", "None")],
)
def test_r_dice_1_2_bad_pools_are_refused(value: object, rule: str, shown: str) -> None:
    for call in (
        lambda: pool_odds(value),  # type: ignore[arg-type]
        lambda: challenge_odds(value),  # type: ignore[arg-type]
        lambda: contest_odds(value, 3),  # type: ignore[arg-type]
        lambda: contest_odds(3, value),  # type: ignore[arg-type]
    ):
        with pytest.raises(BadValue) as caught:
            call()
        message = str(caught.value)
        assert message.startswith(f"{rule}:")
        assert shown in message
        assert "0–20" in message


@pytest.mark.parametrize("value", [-1, 6, 9, 1.0, None, "2"])
def test_r_dice_6_bad_difficulties_are_refused(value: object) -> None:
    for call in (
        lambda: contest_odds(3, 3, value),  # type: ignore[arg-type]
        lambda: challenge_odds(3).at(value),  # type: ignore[arg-type]
        lambda: pool_odds(3).success(value),  # type: ignore[arg-type]
    ):
        with pytest.raises(BadValue) as caught:
            call()
        message = str(caught.value)
        assert message.startswith("R-DICE-6:")
        assert repr(value) in message or str(value) in message
        assert "0–5" in message
