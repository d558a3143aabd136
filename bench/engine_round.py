"""How fast the Conflict engine plays a big round and replays a long Conflict.

A Conflict of 200 participants — 4 Heroes and 98 Extra groups on one side, 2 Villains
and 96 Extra groups on the other, groups of 1–12 Extras — plays one whole round:
every declaration, every action with its defense, Reaction or no defense, every roll
(faces from a seeded ``random.Random``), every damage, and the end of the round.
Targets: a round in under 50 ms; 10,000 events replayed in under 1 s.

Timed, each as the median of ``--runs`` runs (time.perf_counter):

* the round's events pushed through ``Conflict.push`` (validation, snapshot for undo);
* the same events through the pure ``apply``;
* the round driven as a tool drives it: ask ``what_now``, choose, draw the faces with
  ``roll_event``, push;
* replaying 10,000+ events (rounds of the same Conflict, reinforced when a side falls)
  with ``replay`` and ``Conflict.replay``, and from JSON lines (parse + replay).

``--profile`` prints the top cProfile entries for the pushed round and the replay; they
are printed anyway when a target is missed.

    python bench/engine_round.py --runs 7
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable

from characters.model import (
    Attributes,
    Equipment,
    ExtraGroup,
    Reaction,
    Resilience,
    Resiliences,
    Sheet,
    Standings,
)
from conflict import (
    ActOption,
    DeclareOption,
    DefendOption,
    Expect,
    ReactOption,
    roll_event,
    what_now,
)
from conflict.engine import Conflict, apply, replay
from conflict.events import (
    Act,
    AddParticipant,
    ApplyDamage,
    Declare,
    Defend,
    EndRound,
    Event,
    Hold,
    Nature,
    React,
    Start,
    TakeIt,
)
from conflict.serial import events_from_json, events_to_json
from conflict.state import State

ROUND_TARGET_MS = 50.0
REPLAY_TARGET_MS = 1000.0
REPLAY_EVENTS = 10_000


# --- the table ------------------------------------------------------------------------


def _sheet(name: str, kind: str, rng: random.Random) -> Sheet:
    return Sheet(
        name=name, kind=kind,
        attributes=Attributes(rng.randint(3, 6), rng.randint(2, 6), rng.randint(2, 6)),
        standings=Standings(5, 5, 5),
        resiliences=Resiliences(Resilience(40), Resilience(30), Resilience(30)),
        equipment=(Equipment("Glass dagger", 1),),
        reactions=(Reaction("Steelpush", 3),))


def _group(name: str, rng: random.Random) -> ExtraGroup:
    return ExtraGroup(
        name=name, count=rng.randint(1, 12),
        attributes=Attributes(rng.randint(2, 5), 2, rng.randint(2, 6)),
        equipment=(Equipment("Staff", 0),))


def table(seed: int) -> list[Event]:
    """Start and the 200 participants: 4 Heroes, 2 Villains, 194 Extra groups."""
    rng = random.Random(seed)
    events: list[Event] = [Start(Nature.PHYSICAL, "the bench", "a very large square")]
    for i in range(4):
        events.append(AddParticipant(_sheet(f"Hero {i + 1}", "hero", rng), "crew"))
    for i in range(2):
        events.append(AddParticipant(_sheet(f"Villain {i + 1}", "villain", rng), "ministry"))
    for i in range(194):
        side = "crew" if i % 2 == 0 else "ministry"
        events.append(AddParticipant(_group(f"Band {i + 1}", rng), side))
    return events


# --- a simple, deterministic policy for every choice ------------------------------------


def choose(state: State, rng: random.Random) -> Event:
    """The next event of a round: what a quick Narrator and players would do."""
    now = what_now(state)
    if now.expect is Expect.DECLARE:
        option = now.options[0]
        assert isinstance(option, DeclareOption)
        person = state.participant(option.name)
        roll = rng.random()
        if roll < 0.1:
            return Declare.defense(option.name, rng.randint(2, 6))
        if roll < 0.2:
            return Declare.no_roll(option.name)
        dice = rng.randint(2, 9)
        if roll < 0.45:
            return Declare.action(option.name, dice, description="climbs a wall")
        enemies = [t for t in option.targets if state.participant(t).side != person.side]
        if not enemies:
            return Declare.action(option.name, dice)
        return Declare.action(option.name, dice, target=rng.choice(enemies))
    if now.expect is Expect.ACT:
        acts = [o for o in now.options if isinstance(o, ActOption)]
        if acts:
            option = acts[0]
            return Act(option.name, pool=rng.randint(option.min_pool, option.max_pool))
        return Hold(now.who[0])
    if now.expect is Expect.DEFENSE:
        for option in now.options:
            if isinstance(option, ReactOption) and rng.random() < 0.3:
                return React(
                    option.name,
                    action=option.action,
                    reaction=option.reaction,
                    added=option.min_added,
                )
            if isinstance(option, DefendOption) and rng.random() < 0.6:
                return Defend(option.name, action=option.action, dice=min(3, option.max_dice))
        assert now.action is not None
        return TakeIt(now.who[0], action=now.action)
    if now.expect is Expect.ROLL:
        return roll_event(state, rng)
    if now.expect is Expect.DAMAGE:
        assert now.action is not None
        return ApplyDamage(action=now.action)
    assert now.expect is Expect.END_ROUND, now.expect
    return EndRound()


def play_round(c: Conflict, rng: random.Random) -> None:
    """Play one whole round, EndRound included, choosing as :func:`choose` does."""
    start = c.state.round
    while c.state.round == start:
        c.push(choose(c.state, rng))


def reinforce(c: Conflict, rng: random.Random, serial: list[int]) -> None:
    """A fallen side gets new Extra groups before the next round's declarations."""
    for side in c.state.sides_defeated():
        for _ in range(50):
            serial[0] += 1
            c.push(AddParticipant(_group(f"Reinforcement {serial[0]}", rng), side))


# --- timing -----------------------------------------------------------------------------


def median_ms(runs: int, setup: Callable[[], object], work: Callable[[object], object]
              ) -> float:
    times = []
    for _ in range(runs):
        arg = setup()
        start = time.perf_counter()
        work(arg)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def profile(title: str, work: Callable[[], object], lines: int = 15) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    work()
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(lines)
    print(f"\n--- profile: {title} (by own time) ---")
    print("\n".join(line for line in out.getvalue().splitlines() if line.strip()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="runs per figure (median)")
    parser.add_argument("--seed", type=int, default=1, help="seed for the table and dice")
    parser.add_argument("--profile", action="store_true", help="print cProfile hot spots")
    args = parser.parse_args(argv)

    setup = table(args.seed)
    base = Conflict(setup)
    start_state = base.state
    heroes = sum(1 for p in start_state if not p.is_group and p.character.kind.value == "hero")
    villains = sum(1 for p in start_state if not p.is_group) - heroes
    groups = sum(1 for p in start_state if p.is_group)
    extras = sum(p.members for p in start_state if p.is_group)

    # One round, recorded once so that every timed run pushes the same events.
    recorder = Conflict(setup)
    play_round(recorder, random.Random(args.seed))
    round_events = list(recorder.events[len(setup):])

    def fresh() -> object:
        return Conflict(setup)

    def push_all(c: object) -> None:
        assert isinstance(c, Conflict)
        for event in round_events:
            c.push(event)

    def apply_all(_: object) -> None:
        state = start_state
        for event in round_events:
            state = apply(state, event)

    def driven(c: object) -> None:
        assert isinstance(c, Conflict)
        play_round(c, random.Random(args.seed))

    push_ms = median_ms(args.runs, fresh, push_all)
    apply_ms = median_ms(args.runs, lambda: None, apply_all)
    driven_ms = median_ms(args.runs, fresh, driven)

    # 10,000+ events: rounds of the same Conflict, reinforcing a side that falls.
    long = Conflict(setup)
    rng = random.Random(args.seed)
    serial = [0]
    rounds = 0
    while len(long) < REPLAY_EVENTS:
        reinforce(long, rng, serial)
        play_round(long, rng)
        rounds += 1
    events = list(long.events)
    text = events_to_json(events)
    assert replay(events) == long.state

    replay_ms = median_ms(args.runs, lambda: None, lambda _: replay(events))
    wrapper_ms = median_ms(args.runs, lambda: None, lambda _: Conflict.replay(events))
    parse_ms = median_ms(args.runs, lambda: None, lambda _: events_from_json(text))
    json_ms = median_ms(args.runs, lambda: None,
                        lambda _: replay(events_from_json(text)))

    n = len(round_events)
    print(f"Conflict engine speed — {len(start_state.participants)} participants: "
          f"{heroes} Heroes, {villains} Villains, {groups} Extra groups ({extras} Extras)")
    print(f"median of {args.runs} runs, seed {args.seed}, Python "
          f"{sys.version.split()[0]}")
    kinds = Counter(type(e).TYPE for e in round_events)
    print("round 1 holds: " + ", ".join(f"{count} {kind}" for kind, count in
                                         kinds.most_common()) + "\n")
    rows = [
        ("one round, Conflict.push", n, push_ms, f"< {ROUND_TARGET_MS:.0f} ms"),
        ("one round, pure apply", n, apply_ms, ""),
        ("one round, what-now + roll + push", n, driven_ms, ""),
        (f"replay ({rounds} rounds)", len(events), replay_ms,
         f"< {REPLAY_TARGET_MS:.0f} ms"),
        ("Conflict.replay", len(events), wrapper_ms, ""),
        ("parse JSON lines", len(events), parse_ms, ""),
        ("parse JSON lines + replay", len(events), json_ms, ""),
    ]
    print(f"{'measure':<36}{'events':>8}{'median ms':>11}{'µs/event':>10}  target")
    for label, count, ms, target in rows:
        print(f"{label:<36}{count:>8}{ms:>11.1f}{ms * 1000 / count:>10.1f}  {target}")
    round_ok = push_ms < ROUND_TARGET_MS
    replay_ok = replay_ms * REPLAY_EVENTS / len(events) < REPLAY_TARGET_MS
    print(f"\nround target {'met' if round_ok else 'MISSED'}; "
          f"replay target {'met' if replay_ok else 'MISSED'} "
          f"(scaled to {REPLAY_EVENTS:,} events)")
    if args.profile or not round_ok:
        profile("one round through Conflict.push", lambda: push_all(fresh()))
    if args.profile or not replay_ok:
        profile(f"replay of {len(events)} events", lambda: replay(events))
    return 0 if round_ok and replay_ok else 1


if __name__ == "__main__":
    sys.exit(main())
