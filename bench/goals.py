"""Every speed goal of the product in one run: each bench as its own process, then one
table of what was met.

The benches and their goals (each bench prints its figures and PASS or FAIL, and exits
1 when one of its goals is missed):

* ``startup.py``: each hot command's start-up as a multiple of bare Python;
* ``ssh_players.py``: eight players rolling at once over ``mistborn serve``;
* ``simulate.py``: simulated Conflicts per CPU second and the 4-Heroes case;
* ``engine_round.py``: a 200-participant round and a 10,000-event replay;
* ``odds_vs_icepool.py``: the exact odds sheet against icepool (needs the ``bench``
  extra);
* ``watch_board.py``: the live board's redraw and an event's way to the screen;
* ``stuffed_odds.py``: Stuffed's exact odds and best keep.

Run it on a quiet machine: the ratios of ``startup.py`` hold under load, but the wall
times of the others stretch with whatever else the cores are doing. The load average is
printed before and after. ``--runs`` is passed to every bench (each has its own
default); ``--only NAME…`` runs some of them.

    python bench/goals.py
    python bench/goals.py --only startup simulate --runs 5
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

BENCHES = {
    "startup": "start-up of the hot commands, × bare Python",
    "ssh_players": "8 players rolling over SSH: p50, p99, CPU per roll",
    "simulate": "Conflicts per CPU second; 4 Heroes to ±2%",
    "engine_round": "200-participant round; 10,000-event replay",
    "odds_vs_icepool": "odds sheet against icepool",
    "watch_board": "live board: redraw, event to screen",
    "stuffed_odds": "Stuffed's best keep and odds",
}


def load() -> str:
    """The machine's load average over 1, 5 and 15 minutes."""
    return " ".join(f"{figure:.2f}" for figure in os.getloadavg())


def run(name: str, runs: int | None) -> tuple[int, float, list[str]]:
    """Run one bench, its output shown as it comes; its exit status, its wall time and
    the lines where it said PASS or FAIL."""
    command = [sys.executable, str(HERE / f"{name}.py")]
    if runs is not None:
        command += ["--runs", str(runs)]
    print(f"\n=== {name}: {BENCHES[name]} ===", flush=True)
    began = time.perf_counter()
    said: list[str] = []
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, cwd=HERE.parent) as process:
        assert process.stdout is not None
        for line in process.stdout:
            print(line, end="", flush=True)
            if "PASS" in line or "FAIL" in line:
                said.append(" ".join(line.split()))
    return process.returncode, time.perf_counter() - began, said


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, help="passed to every bench as --runs")
    parser.add_argument("--only", nargs="+", choices=sorted(BENCHES), metavar="NAME",
                        help="run only these benches: " + ", ".join(BENCHES))
    args = parser.parse_args()
    chosen = [name for name in BENCHES if not args.only or name in args.only]
    print(f"load average before: {load()}")
    results = {name: run(name, args.runs) for name in chosen}
    print(f"\nload average after: {load()}\n")
    print(f"{'bench':<16} {'goals':<7} {'took':>7}")
    for name, (status, took, said) in results.items():
        print(f"{name:<16} {'met' if status == 0 else 'MISSED':<7} {took:6.0f}s")
        for line in said:
            if "FAIL" in line:
                print(f"    {line}")
    return 0 if all(status == 0 for status, _took, _said in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
