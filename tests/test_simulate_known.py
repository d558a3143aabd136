"""Known answers of whole simulated Conflicts (conflict.simulate), computed before the
simulation was made faster: the same seed must play the same runs, to the last point of
damage, whatever the hot path does. Each run is pinned by its winner, its rounds and a
digest of its final state's ``repr`` (every field of every participant); each report of
100 runs by its wins and a digest of its JSON."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest

from characters import (
    Attributes,
    Equipment,
    ExtraGroup,
    Reaction,
    Resilience,
    Resiliences,
    Sheet,
    Standings,
)
from conflict import AddParticipant, Conflict, Nature, Start
from conflict.simulate import POLICIES, Dice, play_out, simulate
from conflict.simulate.play import opening
from conflict.state import State
from conflict.whatnow import Expect, what_now

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_simulate import skirmish


def four_heroes() -> State:
    """The bench's fight: 4 Heroes (one with a Reaction) against 2 groups of 8 Extras."""
    conflict = Conflict()
    conflict.push(Start(Nature.PHYSICAL, stakes="the canal warehouse"))
    crew = [("Tamsin Vey", 4, 5, ("Push away incoming metal", 3)), ("Brannoch", 5, 6, None),
            ("Ilse", 3, 4, None), ("Corwen", 5, 5, None)]
    for name, physique, health, reaction in crew:
        conflict.push(AddParticipant(Sheet(
            name=name, kind="hero", attributes=Attributes(physique, 3, 4),
            standings=Standings(4, 4, 4),
            resiliences=Resiliences(Resilience(health), Resilience(6), Resilience(6)),
            equipment=(Equipment("Dagger", 1),),
            reactions=(Reaction(*reaction),) if reaction else ()), "crew"))
    for name in ("Watchmen", "Hazekillers"):
        conflict.push(AddParticipant(ExtraGroup(
            name=name, count=8, attributes=Attributes(5, 2, 3),
            equipment=(Equipment("Spear", 1),)), "ministry"))
    return conflict.state


FIGHTS = {"four_heroes": four_heroes, "skirmish": skirmish}

# fight/policy: runs (seed, run, winner, rounds, final state digest), then the wins of
# each side in simulate(runs=100, seed=5) and the digest of that report's JSON.
KNOWN: dict[str, tuple[tuple[tuple[int, int, int, int, str], ...], list[int], str]] = {
    "four_heroes/default": (
        ((1, 0, 0, 2, "9cdbca08c4041337"), (1, 1, 0, 4, "b5fd681c22ed6c23"),
         (7, 3, 0, 5, "561ed2fdae2b0a8c"), (42, 10, 0, 2, "9b219f2793fb6803")),
        [79, 20], "94bdadb15b5e1aa3"),
    "four_heroes/reckless": (
        ((1, 0, 0, 3, "8a6e39f2bdbf8156"), (1, 1, 1, 6, "32e03c3770896e38"),
         (7, 3, 0, 4, "54fffb62da70a8f8"), (42, 10, 0, 2, "ff56464ace88ba61")),
        [68, 23], "0b1d8f9be6c0a7be"),
    "four_heroes/bold": (
        ((1, 0, 0, 4, "253802cec5ffd9cb"), (1, 1, 0, 4, "f81bc8706833aea7"),
         (7, 3, 0, 5, "1fe5df5023c6e807"), (42, 10, 0, 2, "9c091982a0d65716")),
        [82, 13], "d028ad67acf270cd"),
    "four_heroes/cautious": (
        ((1, 0, 0, 4, "8d980a54ec6abca2"), (1, 1, 0, 4, "8a700cca9beb9b14"),
         (7, 3, 0, 4, "38143974fb64610a"), (42, 10, 0, 3, "f007a1f308e3cb84")),
        [91, 7], "33a186b7d904a50f"),
    "skirmish/default": (
        ((1, 0, 0, 5, "ebc1e8ee39f5b8f7"), (1, 1, 0, 4, "bcef520f3f7a44fe"),
         (7, 3, 0, 5, "db836149755437fe"), (42, 10, 0, 3, "cd61469e9c3cbb7f")),
        [89, 9], "6d5219037d671cce"),
    "skirmish/reckless": (
        ((1, 0, 0, 4, "3a3e93c12f6677e6"), (1, 1, 0, 3, "215ba40e7ffe396b"),
         (7, 3, 0, 5, "0b230f058e6cea9b"), (42, 10, 0, 6, "300c91882f444162")),
        [96, 2], "5a01662697ffe435"),
    "skirmish/bold": (
        ((1, 0, 0, 3, "ee6d4bbcd7c2e6be"), (1, 1, 0, 4, "faedd18cba00fd99"),
         (7, 3, 0, 7, "f934fb8eba080648"), (42, 10, 0, 4, "427c5ae12b75c6a0")),
        [90, 3], "8d34df6b7c79acbd"),
    "skirmish/cautious": (
        ((1, 0, 0, 6, "1a4ac6071efa2696"), (1, 1, 0, 4, "ea3a503f52be3679"),
         (7, 3, 1, 6, "b71b9bfa4731ee03"), (42, 10, 0, 7, "a824c9f0649ffed7")),
        [78, 21], "ee23de9c715102ba"),
}


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize("case", sorted(KNOWN))
def test_r_con_the_same_seed_plays_the_known_runs(case: str) -> None:
    fight, policy = case.split("/")
    state = FIGHTS[fight]()
    sides = state.sides()
    policies = dict.fromkeys(sides, POLICIES[policy])
    start = opening(state, policies)
    runs, wins, report_digest = KNOWN[case]
    for seed, run, winner, rounds, final in runs:
        ending = play_out(start, policies, Dice(seed, run), state.round + 19, sides,
                          first_round=state.round)
        assert (ending.winner, ending.rounds, _digest(repr(ending.state))) == (
            winner, rounds, final), f"{case}: seed {seed}, run {run}"
    report = simulate(state, runs=100, seed=5, workers=1,
                      policies=dict.fromkeys(sides, policy))
    assert [side.win.count for side in report.sides] == wins
    assert _digest(json.dumps(report.to_json(), sort_keys=True)) == report_digest


def test_r_con_14_the_dice_make_the_roll_event_what_now_s_option_makes() -> None:
    # Dice.roll makes the event without checking its own faces again: the same value.
    state = four_heroes()
    policies = dict.fromkeys(state.sides(), POLICIES["default"])
    answer = what_now(opening(state, policies))
    assert answer.expect is Expect.ROLL and answer.roll.defenders
    for run in range(5):
        made = Dice(3, run).roll(answer.roll)
        dice = Dice(3, run)
        attacker = dice.faces(answer.roll.actor_pool, answer.roll.actor_rollers)
        checked = answer.roll.event(attacker=attacker, defenders={
            d.name: dice.faces(d.pool, d.rollers) for d in answer.roll.defenders})
        assert (made, hash(made), repr(made)) == (checked, hash(checked), repr(checked))
