"""The stopping rule of a simulation run to a precision (conflict.simulate.run.precise)
barely biases its estimate: computed exactly, not sampled.

A simulation stops after the first batch whose intervals are narrow enough. Runs are
independent, so for a fight one side wins with chance ``p`` (the other side the rest)
the counts after each batch follow the binomial law; carrying their distribution from
batch to batch, stopping where the rule says so, gives the exact expected estimate
the rule reports. A rule that stops on a lucky streak, or peeks too early, shows up as
an expected estimate away from ``p``; a fixed number of runs shows none.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pytest

from conflict.simulate import BATCH
from conflict.simulate.run import precise

Rule = Callable[[Sequence[int], int, float], bool]


def _binomial(n: int, k: int, p: float) -> float:
    return math.comb(n, k) * p ** k * (1 - p) ** (n - k)


def expected_estimate(p: float, precision: float, rule: Rule = precise,
                      batch: int = BATCH, most: int = 5000) -> tuple[float, float]:
    """The exact expected win chance reported, and the expected runs, when each run is
    won with chance ``p`` and ``rule`` is checked after every ``batch`` runs."""
    step = [_binomial(batch, k, p) for k in range(batch + 1)]
    going = {0: 1.0}  # wins so far -> chance of being there, not yet stopped
    runs = 0
    mean = spent = stopped = 0.0
    while going and runs < most:
        grown: dict[int, float] = {}
        for wins, chance in going.items():
            for k, q in enumerate(step):
                grown[wins + k] = grown.get(wins + k, 0.0) + chance * q
        runs += batch
        going = {}
        for wins, chance in grown.items():
            if chance < 1e-14:
                continue  # too unlikely to move the answer
            if rule((wins, runs - wins), runs, precision):
                mean += chance * wins / runs
                spent += chance * runs
                stopped += chance
            else:
                going[wins] = chance
    assert stopped > 0.9999, "the rule stopped too rarely to judge it"
    return mean / stopped, spent / stopped


CHANCES = (0.5, 0.6, 0.7, 0.79, 0.9, 0.95, 0.98)
PRECISION = 0.05
BOUND = 0.12  # of the precision: the most the rule's estimate may lean


def _peeking(wins: Sequence[int], runs: int, precision: float) -> bool:
    """A rule that would be biased: stop on a winning streak as soon as it is seen."""
    return precise(wins, runs, precision) or (runs >= 10 and wins[0] == runs)


@pytest.mark.parametrize("p", CHANCES)
def test_the_stopping_rule_leans_by_a_small_share_of_the_precision(p: float) -> None:
    estimate, _ = expected_estimate(p, PRECISION)
    assert abs(estimate - p) <= BOUND * PRECISION, f"p = {p}: {estimate - p:+.4f}"


def test_the_exact_computation_finds_no_bias_in_a_fixed_number_of_runs() -> None:
    def fixed(wins: Sequence[int], runs: int, precision: float) -> bool:
        return runs >= 400

    for p in CHANCES:
        estimate, runs = expected_estimate(p, PRECISION, fixed)
        assert estimate == pytest.approx(p, abs=1e-9)
        assert runs == pytest.approx(400)


def test_the_check_would_catch_a_rule_that_stops_on_a_streak_or_peeks_early() -> None:
    leaning = [expected_estimate(p, PRECISION, _peeking)[0] - p for p in CHANCES]
    assert max(leaning) > BOUND * PRECISION
    # Checking after every run rather than every batch peeks earlier: it leans more.
    early = [expected_estimate(p, PRECISION, batch=1)[0] - p for p in (0.9, 0.95)]
    late = [expected_estimate(p, PRECISION)[0] - p for p in (0.9, 0.95)]
    assert all(e > lt for e, lt in zip(early, late, strict=True))


def test_the_estimate_leans_away_from_one_half_and_not_at_it() -> None:
    assert expected_estimate(0.5, PRECISION)[0] == pytest.approx(0.5, abs=1e-12)
    assert expected_estimate(0.8, PRECISION)[0] > 0.8
    assert expected_estimate(0.2, PRECISION)[0] < 0.2
