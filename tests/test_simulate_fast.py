"""The simulation's own transitions (conflict.simulate.fast) against the pure engine:
for random fights, seeds and policies, every event changes the run's own state exactly
as conflict.engine.apply changes a state, and the state given is never changed."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import scaled
from strategies import conflict_tables

from conflict import Conflict
from conflict.engine import apply
from conflict.events import EndRound, Event
from conflict.options import ChangeOption, DefendOption
from conflict.simulate import POLICIES, Dice, Tactics, play_out
from conflict.simulate.fast import apply_owned, own
from conflict.simulate.fast_choice import next_event
from conflict.simulate.play import choose, decided
from conflict.state import State
from conflict.whatnow import Expect, WhatNow, what_now

POLICY_NAMES = sorted(POLICIES)


def _policies(state: State, names: list[str]) -> dict[str, Tactics]:
    return {side: POLICIES[names[at % len(names)]] for at, side in enumerate(state.sides())}


def _detour(now: WhatNow) -> Event | None:
    """A legal choice the library's policies seldom make: an action needing no roll,
    whose target gains Defense Dice when attacked (R-CON-7c); a defense paid with the
    fewest dice, Action Dice too (R-CON-15a); a changed action, acting at the end
    (R-CON-12)."""
    if now.expect is Expect.DECLARE:
        return now.option.no_roll()
    if now.expect is Expect.DEFENSE:
        defend = [o for o in now.options if isinstance(o, DefendOption)]
        return defend[0].event(defend[0].min_dice) if defend else None
    if now.expect is Expect.ACT:
        change = [o for o in now.options if isinstance(o, ChangeOption)]
        return change[0].event() if change else None
    return None


@settings(max_examples=scaled(80), deadline=None)
@given(table=conflict_tables(), seed=st.integers(0, 10**6),
       names=st.lists(st.sampled_from(POLICY_NAMES), min_size=1, max_size=3),
       rounds=st.integers(1, 4), detours=st.integers(0, 2**32 - 1))
def test_r_con_7_to_21_every_event_changes_the_run_s_state_as_the_pure_engine(
        table: list[Event], seed: int, names: list[str], rounds: int,
        detours: int) -> None:
    # Declare (R-CON-7/8), Act (R-CON-10/11), TakeIt, Defend, React (R-CON-7c, 15, 16),
    # RollDice (R-CON-14/17), ApplyDamage (R-CON-18/19/20), the acting order
    # (R-CON-10/12) and the round's end (R-CON-21), event by event. Some choices (by
    # the bits of ``detours``, in turn) are not the policy's but other legal ones.
    pure = initial = Conflict(table).state
    before = copy.deepcopy(pure)
    policies = _policies(pure, names)
    dice = Dice(seed, 0)
    owned = own(pure)
    assert owned == pure and owned is not pure
    last = pure.round + rounds - 1
    for count in range(10_000):
        if decided(pure) is not None:
            break
        now = what_now(pure)
        if now.expect is Expect.END_ROUND:
            if pure.round >= last:
                break
            event: Event = EndRound()
        else:
            detour = _detour(now) if detours >> (count % 32) & 1 else None
            event = detour or choose(pure, now, policies, dice)
        changed = apply(pure, event)
        owned = apply_owned(owned, event)
        assert owned == changed, f"after {event!r}"
        assert repr(owned) == repr(changed)
        pure = changed
    assert initial == before and repr(initial) == repr(before)  # never changed


@settings(max_examples=scaled(30), deadline=None)
@given(table=conflict_tables(), seed=st.integers(0, 10**6), steps=st.integers(0, 30),
       policy=st.sampled_from(POLICY_NAMES))
def test_r_con_21_a_run_of_library_policies_ends_as_one_with_the_pure_engine(
        table: list[Event], seed: int, steps: int, policy: str) -> None:
    # From anywhere in a Conflict: a policy that is not the library's plays the run with
    # the pure engine, so the same choices must give the same ending.
    conflict = Conflict(table)
    tactics = POLICIES[policy]
    for _ in range(steps):
        state = conflict.state
        if decided(state) is not None:
            break
        now = what_now(state)
        event = EndRound() if now.expect is Expect.END_ROUND else choose(
            state, now, dict.fromkeys(state.sides(), tactics), Dice(seed, 1))
        conflict.push(event)
    start = conflict.state
    before = copy.deepcopy(start)
    sides = start.sides()

    def wrapped(state: State, answer: object) -> Event | None:
        return tactics(state, answer)  # type: ignore[arg-type]

    fast = play_out(start, dict.fromkeys(sides, tactics), Dice(seed, 2), start.round + 3,
                    sides)
    pure = play_out(start, dict.fromkeys(sides, wrapped), Dice(seed, 2), start.round + 3,
                    sides)
    assert fast == pure
    assert repr(fast.state) == repr(pure.state)
    assert start == before and repr(start) == repr(before)


@settings(max_examples=scaled(80), deadline=None)
@given(table=conflict_tables(), seed=st.integers(0, 10**6),
       names=st.lists(st.sampled_from(POLICY_NAMES), min_size=1, max_size=3),
       rounds=st.integers(1, 4), detours=st.integers(0, 2**32 - 1))
def test_r_con_4_to_18_the_library_s_choices_read_from_the_state_are_what_now_s(
        table: list[Event], seed: int, names: list[str], rounds: int,
        detours: int) -> None:
    # Declarations (R-CON-4 … 9), actors' choices (R-CON-10 … 13), targets' and allies'
    # (R-CON-15, R-CON-16) and the dice (R-CON-14, R-CON-17), read from the run's state
    # (conflict.simulate.fast_choice), are the events what-now's options give the same
    # policies and dice, wherever they are read; some choices (by the bits of
    # ``detours``) are other legal ones, to reach states the policies seldom do.
    state = Conflict(table).state
    policies = _policies(state, names)
    last = state.round + rounds - 1
    for count in range(10_000):
        if decided(state) is not None:
            break
        now = what_now(state)
        if now.expect is Expect.END_ROUND:
            if state.round >= last:
                break
            event: Event = EndRound()
        else:
            event = choose(state, now, policies, Dice(seed, count))
            fast = next_event(state, policies, Dice(seed, count).faces)
            if fast is not None:
                assert fast == (event, now.expect), f"at {now!r}"
            detour = _detour(now) if detours >> (count % 32) & 1 else None
            event = detour or event
        state = apply(state, event)
