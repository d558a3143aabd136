"""Simulating whole Conflicts (conflict.simulate): the same answer for the same seed
whatever the number of workers, the state given never changed, stopping at a
precision, the report's counts, and refusals."""

from __future__ import annotations

import copy
import json
import multiprocessing
import random
import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import scaled, sized

import conflict.simulate.run as simulate_run
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
from conflict import AddParticipant, BadValue, Conflict, EndConflict, Nature, RuleViolation, Start
from conflict.engine import apply
from conflict.events import EndRound, Event, Hold
from conflict.simulate import (
    BATCH,
    DEFAULT_ROUNDS,
    POLICIES,
    Chance,
    Dice,
    Report,
    Tally,
    simulate,
    wilson,
)
from conflict.simulate.play import ROUNDS_PLAYED, choose, decided, opening, play_out
from conflict.state import State
from conflict.whatnow import Expect, WhatNow, what_now

sys.path.insert(0, str(Path(__file__).resolve().parent))
from strategies import conflict_tables


def hero(name: str, physique: int, health: int, reaction: int = 0) -> Sheet:
    return Sheet(name=name, kind="hero", attributes=Attributes(physique, 3, 4),
                 standings=Standings(4, 4, 4),
                 resiliences=Resiliences(Resilience(health), Resilience(5), Resilience(5)),
                 equipment=(Equipment("Dagger", 1),),
                 reactions=(Reaction("Steelpush", reaction),) if reaction else ())


def skirmish() -> State:
    """Two Heroes against a group of 4 and a Villain."""
    conflict = Conflict()
    conflict.push(Start(Nature.PHYSICAL))
    conflict.push(AddParticipant(hero("Vin", 4, 5, reaction=3), "crew"))
    conflict.push(AddParticipant(hero("Ham", 5, 6), "crew"))
    conflict.push(AddParticipant(ExtraGroup(name="Guards", count=4,
                                            attributes=Attributes(3, 2, 3)), "ministry"))
    conflict.push(AddParticipant(Sheet(
        name="Inquisitor", kind="villain", attributes=Attributes(5, 3, 5),
        standings=Standings(5, 5, 5),
        resiliences=Resiliences(Resilience(6), Resilience(6), Resilience(6))), "ministry"))
    return conflict.state


def deep(state: State) -> tuple[State, dict[str, int]]:
    return copy.deepcopy(state), dict(state.index)


# --- the same answer whatever the workers -----------------------------------------------


START_METHODS = [m for m in ("spawn", "forkserver")
                 if m in multiprocessing.get_all_start_methods()]


@pytest.mark.parametrize("method", START_METHODS)
def test_the_same_seed_gives_the_same_report_with_one_worker_or_two(
        method: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simulate_run, "start_method", lambda: method)
    state = skirmish()
    one = simulate(state, runs=6 * BATCH, seed=9, workers=1)
    two = simulate(state, runs=6 * BATCH, seed=9, workers=2)
    assert one == two
    assert one.to_json() == two.to_json()
    assert simulate(state, runs=6 * BATCH, seed=10, workers=1) != one


def test_workers_never_fork_this_process() -> None:
    # This process may run threads Python cannot count: workers fork from a fork
    # server (a fresh, single-threaded interpreter) where there is one, else spawn.
    import threading

    expected = ("forkserver" if "forkserver" in multiprocessing.get_all_start_methods()
                else "spawn")
    assert simulate_run.start_method() == expected
    stop = threading.Event()
    worker = threading.Thread(target=stop.wait)
    worker.start()
    try:
        assert simulate_run.start_method() == expected
    finally:
        stop.set()
        worker.join()


# A script that simulates with the interpreter's default start method set to each one
# (Python 3.14 makes it forkserver), with three workers: alone, then beside a thread,
# then beside one that threading.active_count() does not see.
UNDER_A_DEFAULT = """
import _thread, sys, threading, multiprocessing
sys.path.insert(0, "tests")
from test_simulate import skirmish
from conflict.simulate import simulate, BATCH

if __name__ == "__main__":
    multiprocessing.set_start_method(sys.argv[1])
    state = skirmish()
    one = simulate(state, runs=12 * BATCH, seed=5, workers=1)
    alone = simulate(state, runs=12 * BATCH, seed=5, workers=3)
    # A thread threading does not count (as a test runner's or a C library's may be).
    held = _thread.allocate_lock()
    held.acquire()
    _thread.start_new_thread(held.acquire, ())
    unseen = simulate(state, runs=12 * BATCH, seed=5, workers=3)
    stop = threading.Event()
    threading.Thread(target=stop.wait, daemon=True).start()
    beside = simulate(state, runs=12 * BATCH, seed=5, workers=3)
    stop.set()
    print(unseen == one, alone == one, beside == one, one.runs, beside.to_json() == one.to_json())
"""


# Every start method under the deep profile; quickly, fork: the default under which the
# workers once forked a process running threads.
@pytest.mark.parametrize("default", sized(["fork"], multiprocessing.get_all_start_methods()))
def test_r_con_21_any_default_start_method_gives_the_same_answer_and_no_warning(
        default: str, tmp_path: Path) -> None:
    """Conflicts played on to their end (R-CON-21) in worker processes: whatever the
    interpreter's default start method (fork until Python 3.14, forkserver from it),
    the same seed gives the same report, and no interpreter warns that a
    multi-threaded process forks ("use of fork() may lead to deadlocks")."""
    script = tmp_path / "simulating.py"
    script.write_text(UNDER_A_DEFAULT, encoding="utf-8")
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-W", "always", str(script), default],
                          capture_output=True, text=True, cwd=root, check=False,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True", "True", str(12 * BATCH), "True"]
    assert "fork()" not in done.stderr and "Warning" not in done.stderr, done.stderr


def test_stopping_at_a_precision_stops_at_the_same_batch_whatever_the_workers() -> None:
    state = skirmish()
    one = simulate(state, until_precision=0.05, seed=4, workers=1)
    two = simulate(state, until_precision=0.05, seed=4, workers=2)
    assert one == two
    assert one.stopped_by == "precision"
    assert one.widest <= 0.05
    assert one.runs % BATCH == 0
    # One batch fewer would not have been precise enough: it stopped at the first.
    fewer = simulate(state, runs=one.runs - BATCH, seed=4, workers=1)
    assert fewer.widest > 0.05


def test_a_cap_on_runs_stops_before_the_precision() -> None:
    report = simulate(skirmish(), runs=30, until_precision=0.01, seed=1, workers=1)
    assert report.runs == 30
    assert report.stopped_by == "runs"


def _module_policy(state: State, answer: WhatNow) -> Event | None:
    return POLICIES["bold"](state, answer)


def test_a_policy_that_cannot_go_to_other_processes_plays_here_with_the_same_answer() -> None:
    state = skirmish()
    kept = simulate(state, runs=3 * BATCH, seed=2, workers=2,
                    policies={"crew": lambda s, a: POLICIES["bold"](s, a)})
    named = simulate(state, runs=3 * BATCH, seed=2, workers=1,
                     policies={"crew": _module_policy})
    assert kept.sides == named.sides
    assert kept.participants == named.participants


# --- the state given is never changed ----------------------------------------------------


def _played_on(table: list[Event], steps: int, seed: int) -> State:
    """A table's state after up to ``steps`` events of default play (mid-round,
    mid-action), stopping early once the Conflict is decided."""
    state = State()
    for event in table:
        state = apply(state, event)
    dice = Dice(seed, 0)
    policy = POLICIES["default"]
    for _ in range(steps):
        if sum(1 for _, count in state.standing if count) <= 1:
            break
        now = what_now(state)
        event: Event | None
        if now.expect is Expect.END_ROUND:
            event = EndRound()
        elif now.expect is Expect.ROLL:
            event = dice.roll(now.roll)
        elif now.expect is Expect.ACT:
            name = now.who[0]
            event = policy(state, attrs.evolve(now, who=(name,), options=now.options_for(name)))
        else:
            event = policy(state, now)
        assert event is not None
        state = apply(state, event)
    return state


@settings(max_examples=scaled(25))
@given(table=conflict_tables(), steps=st.integers(0, 40), seed=st.integers(0, 10**6),
       policy=st.sampled_from(sorted(POLICIES)))
def test_simulation_never_changes_the_state_and_repeats_itself(
        table: list[Event], steps: int, seed: int, policy: str) -> None:
    state = _played_on(table, steps, seed)
    before, index = deep(state)
    sides = state.sides()
    if len(sides) < 2:
        return
    policies = dict.fromkeys(sides, policy)
    first = simulate(state, runs=20, rounds=3, seed=seed, workers=1, policies=policies)
    assert state == before
    assert dict(state.index) == index
    assert simulate(state, runs=20, rounds=3, seed=seed, workers=1,
                    policies=policies) == first
    # Every run is counted once, as a win, a draw or unfinished.
    assert (sum(s.win.count for s in first.sides) + first.draw.count
            + first.unfinished.count) == first.runs == 20
    assert first.rounds.runs == 20
    for person in first.participants:
        tallies = [person.extras_lost] if person.extras_lost else [t for _, t in person.damage]
        assert all(t is not None and t.runs == 20 for t in tallies)


def test_a_run_from_mid_round_counts_its_rounds_from_the_current_one() -> None:
    state = _played_on(_skirmish_events(), 9, seed=3)
    assert state.round == 1
    assert state.pending is not None or state.step  # mid-action or mid-step
    report = simulate(state, runs=50, rounds=2, seed=1, workers=1)
    assert report.start_round == state.round
    assert report.rounds.most <= 2


def _skirmish_events() -> list[Event]:
    state = skirmish()
    events: list[Event] = [Start(Nature.PHYSICAL)]
    events += [AddParticipant(p.character, p.side) for p in state.participants]
    return events


def test_the_opening_before_any_die_is_the_same_for_every_run() -> None:
    state = skirmish()
    policies = dict.fromkeys(state.sides(), POLICIES["default"])
    start = opening(state, policies)
    assert what_now(start).expect is Expect.ROLL
    assert start.round == state.round
    # Playing from the opening or from set-up rolls the same dice: the same ending.
    for run in range(5):
        a = play_out(state, policies, Dice(1, run), 20, state.sides())
        b = play_out(start, policies, Dice(1, run), 20, state.sides(),
                     first_round=state.round)
        assert a == b


@settings(max_examples=scaled(25))
@given(table=conflict_tables(), seed=st.integers(0, 10**6),
       policy=st.sampled_from(sorted(POLICIES)), rounds=st.integers(1, 4))
def test_stepping_with_choose_and_decided_plays_the_same_conflict_as_play_out(
        table: list[Event], seed: int, policy: str, rounds: int) -> None:
    # The demo plays one event at a time through the table; it must be the same
    # Conflict the simulator plays in one go.
    state = Conflict(table).state
    sides = state.sides()
    policies = dict.fromkeys(sides, POLICIES[policy])
    ending = play_out(state, policies, Dice(seed, 0), state.round + rounds - 1, sides)
    dice = Dice(seed, 0)
    last = state.round + rounds - 1
    for _ in range(10_000):
        outcome = decided(state)
        if outcome is not None:
            state = apply(state, EndConflict(outcome))
            break
        now = what_now(state)
        if now.expect is Expect.END_ROUND:
            if state.round >= last:
                state = apply(state, EndConflict(ROUNDS_PLAYED))
                break
            state = apply(state, EndRound())
            continue
        state = apply(state, choose(state, now, policies, dice))
    assert state == ending.state


# --- what a report holds ---------------------------------------------------------------


def test_the_report_reads_as_json_and_adds_up() -> None:
    report = simulate(skirmish(), runs=200, seed=3, workers=1)
    data = json.loads(json.dumps(report.to_json()))
    assert data["runs"] == 200
    assert [s["side"] for s in data["sides"]] == ["crew", "ministry"]
    assert data["policies"] == {"crew": "default", "ministry": "default"}
    assert data["interval"] == "wilson-95"
    vin = next(p for p in data["participants"] if p["name"] == "Vin")
    assert set(vin["damage"]) == {"health", "reputation", "willpower"}
    assert sum(vin["damage"]["health"]["counts"]) == 200
    guards = next(p for p in data["participants"] if p["name"] == "Guards")
    assert guards["kind"] == "extras" and len(guards["extras_lost"]["counts"]) == 5
    # A group is wiped out exactly when all its Extras are lost (R-CON-19).
    assert guards["extras_lost"]["counts"][4] == guards["defeated"]["count"]
    # Damage taken to Health never passes the Health a Hero had (R-CON-20).
    assert len(vin["damage"]["health"]["counts"]) == 6
    wins = sum(s["win"]["count"] for s in data["sides"])
    assert wins + data["draw"]["count"] + data["unfinished"]["count"] == 200
    crew = report.side("crew")
    assert crew.rounds_when_won is not None and 1 <= crew.rounds_when_won <= DEFAULT_ROUNDS


def test_wilson_intervals_known_values() -> None:
    # Published values of the Wilson score interval at 95%.
    low, high = wilson(0, 10)
    assert (low, round(high, 4)) == (0.0, 0.2775)
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson(10, 10)
    assert (round(low, 4), high) == (0.7225, 1.0)
    # 81 of 100 by hand: centre (0.81 + z²/200) / (1 + z²/100) = 0.7985, half-width
    # z·sqrt(0.81·0.19/100 + z²/40000) / (1 + z²/100) = 0.0763.
    chance = Chance.of(81, 100)
    assert (round(chance.low, 4), round(chance.high, 4)) == (0.7222, 0.8749)
    assert chance.half_width == pytest.approx(0.0763, abs=1e-4)


def test_a_tally_s_mean_and_shares() -> None:
    tally = Tally((2, 5, 3))
    assert tally.runs == 10 and tally.mean == pytest.approx(1.1) and tally.most == 2
    assert tally.chance(1) == 0.5 and tally.at_least(1) == 0.8 and tally.chance(7) == 0.0


def test_policies_are_named_per_side_in_any_spelling() -> None:
    report = simulate(skirmish(), runs=25, seed=1, workers=1,
                      policies={" Crew": "Reckless", "ministry": _module_policy})
    assert dict(report.policies) == {"crew": "reckless", "ministry": "_module_policy"}


def test_reckless_play_is_decided_in_fewer_events_than_cautious() -> None:
    # More defending and holding back makes longer fights: the policies differ.
    state = skirmish()
    fast = simulate(state, runs=100, seed=1, workers=1, policies=dict.fromkeys(
        state.sides(), "reckless"))
    slow = simulate(state, runs=100, seed=1, workers=1, policies=dict.fromkeys(
        state.sides(), "cautious"))
    assert fast.rounds.mean < slow.rounds.mean


# --- refusals -----------------------------------------------------------------------------


def test_refuses_a_conflict_not_started_or_ended() -> None:
    with pytest.raises(RuleViolation, match="R-CON-1: the Conflict has not started"):
        simulate(State())
    ended = apply(skirmish(), EndConflict("the crew fled"))
    with pytest.raises(RuleViolation, match=r"R-CON-21: .*has ended"):
        simulate(ended)


def test_refuses_one_side() -> None:
    conflict = Conflict()
    conflict.push(Start(Nature.SOCIAL))
    conflict.push(AddParticipant(hero("Vin", 4, 5), "crew"))
    with pytest.raises(BadValue, match=r"R-CON-2: .*two sides or more, got 1"):
        simulate(conflict.state)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"runs": 0}, "runs must be a whole number 1–1,000,000, got 0"),
    ({"runs": True}, "runs must be"),
    ({"until_precision": 0.5}, "until_precision .* got 0.5"),
    ({"until_precision": "0.02"}, "until_precision"),
    ({"rounds": 0}, "rounds must be a whole number 1–1,000, got 0"),
    ({"workers": 0}, "workers must be"),
    ({"seed": 1.5}, "seed must be a whole number"),
    ({"policies": {"thieves": "default"}}, "no side called 'thieves'.*crew, ministry"),
    ({"policies": {"crew": "sneaky"}}, "no policy called 'sneaky' .*default, reckless"),
    ({"policies": {"crew": 3}}, "a policy is a name"),
])
def test_refuses_bad_requests(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(BadValue, match=message):
        simulate(skirmish(), **kwargs)  # type: ignore[arg-type]


def test_a_policy_must_return_a_participant_s_event() -> None:
    def narrator(state: State, answer: WhatNow) -> Event | None:
        return EndConflict("I win")

    with pytest.raises(BadValue, match="policy of side 'crew' must return a participant"):
        simulate(skirmish(), runs=1, workers=1, policies={"crew": narrator})

    def silent(state: State, answer: WhatNow) -> Event | None:
        return None

    with pytest.raises(BadValue, match="got None"):
        simulate(skirmish(), runs=1, workers=1, policies={"ministry": silent})


def test_an_illegal_choice_is_refused_by_the_engine() -> None:
    def holds_at_once(state: State, answer: WhatNow) -> Event | None:
        return Hold(answer.who[0])  # not allowed while declaring

    with pytest.raises(RuleViolation, match=r"R-CON-10: the policy of side 'crew' chose "
                                            r"Hold\(name='Vin'\), which the rules refuse"):
        simulate(skirmish(), runs=1, workers=1, policies={"crew": holds_at_once})


def test_the_dice_of_a_run_are_its_own() -> None:
    a, b = Dice(1, 7), Dice(1, 7)
    assert a.faces(5, 3) == b.faces(5, 3)
    assert Dice(1, 8).faces(10, 4) != Dice(1, 7).faces(10, 4)
    rng = random.Random(0)
    counts = [0] * 7
    dice = Dice(rng.randrange(10**6), 0)
    for _ in range(6000):
        counts[dice.randint(1, 6)] += 1
    assert counts[0] == 0 and all(800 < c < 1200 for c in counts[1:])


def test_report_is_frozen() -> None:
    report = simulate(skirmish(), runs=5, workers=1)
    assert isinstance(report, Report)
    with pytest.raises(AttributeError):
        report.runs = 6  # type: ignore[misc]


def test_a_policy_typed_into_python_c_plays_here_with_the_same_answer() -> None:
    # Workers started with spawn cannot import a function defined in `python -c`.
    code = (
        "import sys; sys.path.insert(0, 'tests');"
        "from test_simulate import skirmish;"
        "from conflict.simulate import POLICIES, simulate\n"
        "def mine(state, answer):\n"
        "    return POLICIES['bold'](state, answer)\n"
        "s = skirmish()\n"
        "two = simulate(s, runs=100, seed=3, workers=2, policies={'crew': mine})\n"
        "one = simulate(s, runs=100, seed=3, workers=1, policies={'crew': mine})\n"
        "print(one == two, two.runs)\n")
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=root, check=True, timeout=120)
    assert done.stdout.split() == ["True", "100"]
    assert "Traceback" not in done.stderr
