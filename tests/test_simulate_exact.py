"""The simulation against fights whose answer is known exactly.

One Hero against one Extra (a group of 1), both reckless: each declares an attack with
its Physique, acts with every die and never defends. Each round the one with more
Action Dice acts first (R-CON-10); an attack the target takes succeeds on any set
(R-CON-15d, R-DICE-6) and deals 1 + its Nudges (R-CON-18): one point defeats the
Extra (R-CON-19), the Hero falls when its Health reaches 0 (R-CON-20). With equal
dice both act in one step, and an Extra defeated in it still acts (R-CON-10 ruling):
both may fall, a draw. The chances are worked out here, round by round, from the
library's exact pool distributions (:mod:`conflict.odds`); the crew's simulated win
chance must lie within its 95% interval of the exact one, and every other ending
within its 99.9% interval.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from characters import Attributes, ExtraGroup, Resilience, Resiliences, Sheet, Standings
from conflict import AddParticipant, Conflict, Expect, Nature, Start
from conflict.events import Event
from conflict.odds import challenge_odds, contest_odds, pool_odds
from conflict.simulate import Report, simulate, wilson
from conflict.state import State
from conflict.whatnow import WhatNow

RUNS = 4000
Z999 = 3.2905267314919255  # the standard normal quantile of a two-sided 99.9% interval


def duel(hero_physique: int, health: int, extra_physique: int) -> State:
    conflict = Conflict()
    conflict.push(Start(Nature.PHYSICAL))
    conflict.push(AddParticipant(Sheet(
        name="Vin", kind="hero", attributes=Attributes(hero_physique, 3, 3),
        standings=Standings(3, 3, 3),
        resiliences=Resiliences(Resilience(health), Resilience(5), Resilience(5))), "crew"))
    conflict.push(AddParticipant(ExtraGroup(
        name="Thug", count=1, attributes=Attributes(extra_physique, 2, 2)), "ministry"))
    return conflict.state


def hit_damage(pool: int) -> dict[int, Fraction]:
    """P(an attack of ``pool`` dice nobody defends deals d damage), d ≥ 1: any set
    succeeds, and deals 1 + its Nudges (R-CON-18)."""
    out: dict[int, Fraction] = {}
    for (result, nudges), p in pool_odds(pool).distribution.items():
        if result >= 1:
            out[1 + nudges] = out.get(1 + nudges, Fraction(0)) + p
    return out


def exact(hero: int, health: int, extra: int, rounds: int,
          extra_damage: Callable[[int], dict[int, Fraction]] = hit_damage,
          hero_hits: Fraction | None = None) -> dict[str, Fraction]:
    """The chances of each ending of the duel, worked out round by round over the
    Hero's Health left."""
    hits = challenge_odds(hero).at(0) if hero_hits is None else hero_hits
    damage = extra_damage(extra)
    assert sum(damage.values()) < 1
    alive = {health: Fraction(1)}  # Health left -> chance, both still standing
    ends = {"crew": Fraction(0), "ministry": Fraction(0), "draw": Fraction(0)}
    for _ in range(rounds):
        after: dict[int, Fraction] = {}
        for left, p in alive.items():
            if hero > extra:  # the Hero acts first; a defeated Extra never acts
                ends["crew"] += p * hits
                p_on = p * (1 - hits)
                for d, q in damage.items():
                    if d >= left:
                        ends["ministry"] += p_on * q
                    else:
                        after[left - d] = after.get(left - d, Fraction(0)) + p_on * q
                after[left] = after.get(left, Fraction(0)) + p_on * (1 - sum(damage.values()))
            else:  # one step: both act, whatever the other did (R-CON-10 ruling)
                assert hero == extra
                for d, q in damage.items():
                    if d >= left:
                        ends["draw"] += p * hits * q
                        ends["ministry"] += p * (1 - hits) * q
                    else:
                        ends["crew"] += p * hits * q
                        after[left - d] = after.get(left - d, Fraction(0)) + p * (1 - hits) * q
                miss = 1 - sum(damage.values())
                ends["crew"] += p * hits * miss
                after[left] = after.get(left, Fraction(0)) + p * (1 - hits) * miss
        alive = after
    ends["unfinished"] = sum(alive.values(), Fraction(0))
    assert sum(ends.values()) == 1
    return ends


def simulated(report: Report) -> dict[str, tuple[float, float, int]]:
    return {"crew": _c(report.side("crew").win), "ministry": _c(report.side("ministry").win),
            "draw": _c(report.draw), "unfinished": _c(report.unfinished)}


def _c(chance: object) -> tuple[float, float, int]:
    return (chance.low, chance.high, chance.count)  # type: ignore[attr-defined]


def check_within(exact_chances: dict[str, Fraction], report: Report) -> None:
    """The crew's win chance lies within the report's own 95% interval; so does every
    other ending, within a 99.9% interval (four checks at 95% would fail one time in
    six by chance alone)."""
    assert report.runs == RUNS
    for ending, (low, high, count) in simulated(report).items():
        value = float(exact_chances[ending])
        if ending != "crew":
            low, high = wilson(count, RUNS, z=Z999)
        assert low <= value <= high, (ending, value, low, high, count)


def test_r_con_10_the_hero_with_more_dice_strikes_first_exactly() -> None:
    # Physique 4 against 3: the Hero acts first each round; Health 3, three rounds.
    chances = exact(hero=4, health=3, extra=3, rounds=3)
    assert chances["draw"] == 0
    report = simulate(duel(4, 3, 3), runs=RUNS, rounds=3, seed=11, workers=1,
                      policies={"crew": "reckless", "ministry": "reckless"})
    check_within(chances, report)
    assert report.participant("Thug").defeated.count == report.side("crew").win.count
    hero = report.participant("Vin")
    assert hero.defeated.count == report.side("ministry").win.count
    assert hero.damage_to("health") is not None


def test_r_con_10_equal_dice_act_together_and_both_may_fall_exactly() -> None:
    # Physique 3 each: one simultaneous step a round; a draw when both fall in it.
    chances = exact(hero=3, health=2, extra=3, rounds=4)
    assert chances["draw"] > Fraction(1, 50)
    report = simulate(duel(3, 2, 3), runs=RUNS, rounds=4, seed=5, workers=1,
                      policies={"crew": "reckless", "ministry": "reckless"})
    check_within(chances, report)
    assert report.draw.count > 0


def test_the_hero_s_health_lost_matches_the_exact_distribution() -> None:
    # One round, the Hero first: it loses Health only if it misses and is hit.
    hits = challenge_odds(4).at(0)
    damage = hit_damage(3)
    report = simulate(duel(4, 5, 3), runs=RUNS, rounds=1, seed=3, workers=1,
                      policies={"crew": "reckless", "ministry": "reckless"})
    tally = report.participant("Vin").damage_to("health")
    assert tally is not None
    for amount in range(1, 5):
        value = float((1 - hits) * damage.get(amount, Fraction(0)))
        share = tally.chance(amount)
        spread = 4 * (value * (1 - value) / RUNS) ** 0.5 + 1e-9
        assert abs(share - value) <= spread, (amount, share, value)


# --- a fixed policy that keeps dice back and defends (R-CON-11, R-CON-15b) ------------


def guarded(state: State, answer: WhatNow) -> Event | None:
    """The Hero declares 5 dice, acts with 3 and keeps 2 as Defense Dice, and defends
    with those 2 against the Extra; otherwise as reckless."""
    if answer.expect is Expect.DECLARE:
        target = next(t for t in answer.option.targets if t != answer.option.name)
        return answer.option.action(5, target=target)
    if answer.expect is Expect.ACT:
        act = next(o for o in answer.options if o.name == answer.who[0] and hasattr(o, "min_pool"))
        return act.event(3)  # type: ignore[union-attr]
    if answer.expect is Expect.DEFENSE:
        assert answer.defend is not None and answer.defend.max_dice == 2
        return answer.defend.event(2)
    if answer.expect is Expect.DAMAGE:
        return answer.damage.event()
    return None


def defended_damage(extra: int) -> dict[int, Fraction]:
    """P(the Extra's attack of ``extra`` dice against a defense of 2 dice deals d):
    its set must beat the defender's roll (R-CON-17, Nudges break ties; a defender
    without a set never blocks)."""
    attack = pool_odds(extra).distribution
    defense = pool_odds(2).distribution
    out: dict[int, Fraction] = {}
    for (result, nudges), p in attack.items():
        if result < 1:
            continue
        for (d_result, d_nudges), q in defense.items():
            if d_result == 0 or (result, nudges) > (d_result, d_nudges):
                out[1 + nudges] = out.get(1 + nudges, Fraction(0)) + p * q
    return out


def test_r_con_15_a_kept_defense_changes_the_exact_answer() -> None:
    win = sum(defended_damage(3).values(), Fraction(0))
    assert win == contest_odds(3, 2).win  # the enumeration agrees with the library
    # The Hero has 5 Action Dice against 3: it acts first, with a pool of 3.
    chances = exact(hero=5, health=3, extra=3, rounds=3, extra_damage=defended_damage,
                    hero_hits=challenge_odds(3).at(0))
    report = simulate(duel(2, 3, 3), runs=RUNS, rounds=3, seed=2, workers=1,
                      policies={"crew": guarded, "ministry": "reckless"})
    check_within(chances, report)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_exact_check_can_fail(seed: int) -> None:
    # The same report against a wrong answer (the Hero rolling 5 dice, not 4) fails.
    wrong = exact(hero=5, health=3, extra=3, rounds=3)
    report = simulate(duel(4, 3, 3), runs=RUNS, rounds=3, seed=seed, workers=1,
                      policies={"crew": "reckless", "ministry": "reckless"})
    with pytest.raises(AssertionError):
        check_within(wrong, report)
