"""How fast whole Conflicts are simulated (``conflict.simulate``).

The fight: a crew of 4 Heroes (one with a Reaction) against 2 groups of 8 Extras, a
physical Conflict from set-up, every side on the default policy. Target: the crew's
win chance to ±2% (95% interval) in 2 s or less, **whole process** — a fresh
``python -c`` that imports the library, builds the Conflict and simulates with
``until_precision=0.02`` on every core — as the later ``mistborn conflict simulate``
command would.

Printed, each as the median of ``--runs`` runs (time.perf_counter):

* the whole process's wall time, the runs it needed and its answer;
* simulated Conflicts per second on one core (``workers=1``, in this process), by the
  wall clock and per second of CPU time, with the events per Conflict and the CPU
  time per event, for each named policy;
* the machine's load average before and after (other work on a 2-core machine slows
  every figure: read them with it).

It exits 1 when the target is missed, printing the cProfile hot spots of one core's
runs (``--profile`` prints them anyway).

    python bench/simulate.py --runs 5
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

    from conflict.state import State

# The timed process imports this module for ``table`` and ``whole_process``: what only
# the timing and profiling need (argparse, statistics, subprocess, cProfile, pstats:
# some 20 ms) is imported where it is used, so it is not counted as the library's.

TARGET_S = 2.0
PRECISION = 0.02
SEED = 1
HERE = os.path.dirname(os.path.abspath(__file__))


def table() -> State:
    """The starting state: the crew and the two groups, after set-up."""
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


def whole_process() -> None:
    """What the timed child process runs: print the answer as one JSON line."""
    from conflict.simulate import simulate

    start = time.perf_counter()
    report = simulate(table(), until_precision=PRECISION, seed=SEED)
    crew = report.side("crew").win
    print(json.dumps({"runs": report.runs, "win": crew.value, "low": crew.low,
                      "high": crew.high, "inside_s": time.perf_counter() - start}))


def time_process(runs: int) -> tuple[float, float, float, dict[str, float]]:
    """Median wall time of the whole process, median time inside ``simulate``, the
    fastest whole process, and the answer (the same every run: the seed is fixed)."""
    import statistics
    import subprocess

    code = (f"import sys; sys.path.insert(0, {str(HERE)!r}); "
            f"import simulate as bench; bench.whole_process()")
    walls, insides, answer = [], [], {}
    for _ in range(runs):
        start = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True)
        walls.append(time.perf_counter() - start)
        answer = json.loads(out.stdout)
        insides.append(answer["inside_s"])
    return statistics.median(walls), statistics.median(insides), min(walls), answer


def per_core(runs: int, policy: str, conflicts: int) -> tuple[float, float, float]:
    """Median Conflicts per second on one core (``workers=1``), by the wall clock and
    by this process's CPU time (less moved by other work on the machine), and events
    per Conflict."""
    import statistics

    from conflict.simulate import simulate

    state = table()
    sides = ("crew", "ministry")
    policies = dict.fromkeys(sides, policy)
    simulate(state, runs=20, workers=1, policies=policies)
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        simulate(state, runs=conflicts, seed=SEED, workers=1, policies=policies)
        walls.append(conflicts / (time.perf_counter() - wall))
        cpus.append(conflicts / (time.process_time() - cpu))
    return (statistics.median(walls), statistics.median(cpus),
            _events_per_conflict(state, policies, 100))


def _events_per_conflict(state: State, policies: dict[str, str], conflicts: int) -> float:
    """Events applied per Conflict, counted by wrapping the engine's apply."""
    import conflict.simulate.play as play
    from conflict.simulate import simulate

    count = 0
    apply: Callable[..., object] = getattr(play, "apply")  # noqa: B009

    def counting(*args: object) -> object:
        nonlocal count
        count += 1
        return apply(*args)

    setattr(play, "apply", counting)  # noqa: B010
    try:
        simulate(state, runs=conflicts, seed=SEED, workers=1,
                 policies=policies)
    finally:
        setattr(play, "apply", apply)  # noqa: B010
    return count / conflicts


def profile(conflicts: int) -> None:
    import cProfile
    import io
    import pstats

    from conflict.simulate import simulate

    state = table()
    profiler = cProfile.Profile()
    profiler.enable()
    simulate(state, runs=conflicts, seed=SEED, workers=1)
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(20)
    print(f"\n--- profile: {conflicts} Conflicts on one core (by own time) ---")
    print("\n".join(line for line in out.getvalue().splitlines() if line.strip()))


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (median)")
    parser.add_argument("--conflicts", type=int, default=400,
                        help="Conflicts per one-core timing")
    parser.add_argument("--profile", action="store_true", help="print cProfile hot spots")
    args = parser.parse_args(argv)

    load_before = os.getloadavg()[0]
    wall, inside, fastest, answer = time_process(args.runs)
    print(f"Simulating a Conflict: 4 Heroes against 2 groups of 8 Extras, default policy, "
          f"{os.cpu_count()} core(s), Python {sys.version.split()[0]}")
    print(f"median of {args.runs} runs; load average {load_before:.2f} before\n")
    print(f"whole process, crew's win chance to ±{PRECISION:.0%} (95%), seed {SEED}:")
    print(f"  {wall:.2f} s wall, fastest {fastest:.2f} s ({inside:.2f} s inside simulate), "
          f"{answer['runs']:.0f} runs: {answer['win']:.1%} "
          f"[{answer['low']:.1%}, {answer['high']:.1%}]   target ≤ {TARGET_S:.1f} s")
    print(f"\none core ({args.conflicts} Conflicts per timing):")
    print(f"  {'policy':<10}{'Conflicts/s':>12}{'per CPU s':>10}{'events/Conflict':>16}"
          f"{'µs/event':>9}")
    for policy in ("default", "reckless", "bold", "cautious"):
        rate, cpu, events = per_core(args.runs, policy, args.conflicts)
        print(f"  {policy:<10}{rate:>12.0f}{cpu:>10.0f}{events:>16.1f}"
              f"{1e6 / cpu / events:>9.1f}")
    print(f"\nload average {os.getloadavg()[0]:.2f} after")
    met = wall <= TARGET_S
    print(f"target {'met' if met else 'MISSED'}")
    if args.profile or not met:
        profile(200)
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
