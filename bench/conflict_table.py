"""How fast a Conflict saved in the table answers, at table scale and beyond.

A real Conflict of 200 participants (``engine_round.table``) is played for two rounds
(1,000+ events) and saved in a fresh table file, event by event as a Narrator would.
Then, each the median of ``--runs`` runs:

* appending one more event through :func:`conflict.saved.record`, the writer
  holding the state it showed (target: 20 ms for the whole checked transaction);
* ``mistborn conflict show`` and ``--json`` as whole processes (target: 200 ms);
* a step command (``mistborn conflict reorder`` is refused fast; ``hold`` writes) as a
  whole process on the 1,000-event Conflict, which reads and replays it;
* ``mistborn roll 5 --as Kell`` (target 100 ms), ``mistborn --version`` (40 ms) and
  ``mistborn char list`` (120 ms), against ``python -c pass``.

Run it with the ``mistborn`` of an installed (not editable) package for start-up
figures: ``python bench/conflict_table.py --runs 11``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from engine_round import choose, table

from conflict import saved as conflicts
from conflict.engine import Conflict
from conflict.events import Event, Hold, Start
from conflict.whatnow import Expect, what_now
from table import Table

ROOT = Path(__file__).resolve().parent.parent


def process_ms(command: list[str], runs: int, env: dict[str, str]) -> tuple[float, float]:
    """Median and least wall time of ``command`` as a fresh process, in ms (after one
    warm-up run, which also writes the bytecode an installed package has)."""
    times = []
    for index in range(runs + 1):
        begun = time.perf_counter()
        done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, check=False)
        if done.returncode not in (0, 2):
            raise SystemExit(f"{command}: {done.stderr.decode()}")
        if index:
            times.append(time.perf_counter() - begun)
    return statistics.median(times) * 1000, min(times) * 1000


def saved_conflict(path: Path, rounds: int) -> int:
    """Play ``rounds`` rounds of the 200-participant Conflict into the table at
    ``path``, one checked write per event; returns how many events it holds."""
    events = table(seed=11)
    rng = random.Random(5)
    start, joining = events[0], events[1:]
    assert isinstance(start, Start)
    with Table(path) as db:
        conflicts.start(db, "Bench", start.nature, stakes=start.stakes, who="Narrator")
        conflicts.record(db, "Bench", lambda _s: joining, who="Narrator")
        c = Conflict(events)
        while c.state.round <= rounds:
            event = choose(c.state, rng)
            c.push(event)
            conflicts.record(db, "Bench", lambda _s, e=event: [e], who="Narrator")
        return len(c)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="runs per figure (median)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of the big Conflict")
    args = parser.parse_args()
    mistborn = str(Path(sys.executable).parent / "mistborn")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "table.db"
        begun = time.perf_counter()
        count = saved_conflict(path, args.rounds)
        built = time.perf_counter() - begun
        print(f"a 200-participant Conflict of {count} events, saved one checked write at "
              f"a time: {built:.1f} s ({built / count * 1000:.1f} ms per event)")

        with Table(path) as db:
            conflict = conflicts.saved(db, "Bench")
            loaded = conflict.load()
            times = []
            for _ in range(args.runs):
                state = conflict.load().state
                event: Event
                if what_now(state).expect is Expect.ACT:
                    event = Hold(what_now(state).who[0])
                else:
                    event = choose(state, random.Random(1))
                begun = time.perf_counter()
                conflict.record(lambda _s, e=event: [e], who="Narrator", seen=loaded)
                times.append(time.perf_counter() - begun)
                loaded = conflict.load()
            print(f"append one event to it, the writer holding its state (median of "
                  f"{args.runs}): {statistics.median(times) * 1000:.2f} ms  (target 20)")

        env = {**os.environ, "MISTBORN_DB": str(path), "NO_COLOR": "1", "COLUMNS": "40",
               "MISTBORN_AS": "Narrator"}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        subprocess.run([mistborn, "char", "import", "examples/crew.toml",
                        "examples/opposition.toml"], cwd=ROOT, env=env, check=True,
                       capture_output=True)
        print(f"whole processes, ms ({args.runs} runs): median (least)")
        rows = [
            ("python -c pass", [sys.executable, "-c", "pass"], None),
            ("mistborn --version", [mistborn, "--version"], 40),
            ("mistborn roll 5 --as Kell", [mistborn, "roll", "5", "--as", "Kell"], 100),
            ("mistborn char list", [mistborn, "char", "list"], 120),
            ("mistborn conflict show (200 taking part)", [mistborn, "conflict", "show"], 200),
            ("mistborn conflict show --json", [mistborn, "conflict", "show", "--json"], 200),
            ("a refused step (reorder)", [mistborn, "conflict", "reorder", "Hero 1",
                                          "Hero 2"], None),
        ]
        for label, command, target in rows:
            median, least = process_ms(command, args.runs, env)
            goal = f"  (target {target})" if target else ""
            print(f"  {label:<42} {median:7.1f} ({least:5.1f}){goal}")


if __name__ == "__main__":
    main()
