"""The odds policies weigh (conflict.simulate.chances) against the library's exact
Contest odds and against brute force over every face (R-DICE-7, R-DICE-8, R-CON-16,
R-CON-17, R-CON-18)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from conflict.dice import Roll, attack, best_of
from conflict.odds import challenge_odds, contest_odds
from conflict.simulate.chances import attack_chances

POOLS = range(2, 11)


@pytest.mark.parametrize("attacker", POOLS)
def test_r_dice_7_one_roller_against_one_equals_contest_odds(attacker: int) -> None:
    for defender in POOLS:
        exact = contest_odds(attacker, defender)
        chances = attack_chances(attacker, 1, ((defender, 1),))
        assert chances.win == pytest.approx(float(exact.win), abs=1e-12)
        assert chances.stalemate == pytest.approx(float(exact.stalemate), abs=1e-12)
        assert chances.damage == pytest.approx(float(exact.expected_damage), abs=1e-12)


@pytest.mark.parametrize("pool", POOLS)
def test_r_con_15d_nobody_defending_succeeds_on_any_set(pool: int) -> None:
    for difficulty in range(6):
        assert attack_chances(pool, difficulty=difficulty).win == pytest.approx(
            float(challenge_odds(pool).at(difficulty)), abs=1e-12)


def _brute(pool: int, rollers: int, opposition: tuple[tuple[int, int], ...], bonus: int
           ) -> tuple[Fraction, Fraction, Fraction]:
    """Win, stalemate and mean damage over every face of every roll (R-DICE-8: a
    group keeps its best roll; the best opposing roll counts, R-CON-16)."""
    sizes = [pool] * rollers + [p for p, n in opposition for _ in range(n)]
    total = win = stalemate = damage = 0
    for faces in itertools.product(range(1, 7), repeat=sum(sizes)):
        rolls, at = [], 0
        for size in sizes:
            rolls.append(Roll(asked=size, faces=faces[at:at + size]))
            at += size
        mine = best_of(rolls[:rollers])
        theirs = best_of(rolls[rollers:]) if opposition else None
        total += 1
        outcome = attack(mine, theirs)
        if outcome.value == "win":
            win += 1
            damage += 1 + mine.nudges + bonus
        elif outcome.value == "stalemate":
            stalemate += 1
    return Fraction(win, total), Fraction(stalemate, total), Fraction(damage, total)


@pytest.mark.parametrize(("pool", "rollers", "opposition", "bonus"), [
    (2, 2, ((2, 1),), 0),  # a group of 2 against one defender
    (2, 1, ((2, 2),), 1),  # one attacker against a group of 2 defending, with a bonus
    (2, 1, ((2, 1), (3, 1)), 0),  # a defense and an ally's Reaction (R-CON-16)
    (3, 2, (), 2),  # a group of 2 nobody defends against
])
def test_r_dice_8_best_of_several_rolls_matches_brute_force(
        pool: int, rollers: int, opposition: tuple[tuple[int, int], ...], bonus: int) -> None:
    win, stalemate, damage = _brute(pool, rollers, opposition, bonus)
    chances = attack_chances(pool, rollers, opposition, bonus=bonus)
    assert chances.win == pytest.approx(float(win), abs=1e-12)
    assert chances.stalemate == pytest.approx(float(stalemate), abs=1e-12)
    assert chances.damage == pytest.approx(float(damage), abs=1e-12)


def test_more_rollers_and_more_dice_never_do_worse() -> None:
    for pool in POOLS:
        alone = attack_chances(pool, 1, ((4, 1),)).win
        assert attack_chances(pool, 8, ((4, 1),)).win > alone
        assert attack_chances(pool, 1, ((4, 1), (6, 1))).win < alone


def test_the_order_of_opposing_rolls_does_not_matter() -> None:
    one = attack_chances(5, 2, ((3, 1), (6, 2)))
    other = attack_chances(5, 2, ((6, 2), (3, 1)))
    assert one == other
