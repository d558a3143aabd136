"""Benchmark: the exact odds reference sheet, ours against icepool.

Prints
1. the in-process time to compute the whole table (pools 2–10 × Difficulty 0–5 and
   all 81 Contest pairs) from scratch, and from the cache, median of many runs, against
   icepool computing the same sheet in the same process (``icepool_table.table``; its
   own caches stay warm, which only favours it). Target: ours ≥ 20× faster;
2. the wall time of a ``mistborn odds --table --json`` process against a standalone
   icepool script computing the same sheet (``bench/icepool_table.py``), median of
   several runs each, and the ratio (target ≥ 2×);
3. whether icepool's numbers equal ours exactly (an independent check: the script
   restates the rules and lets icepool do the counting).

Exits 1 if they differ or a target is missed.

Run: ``python bench/odds_vs_icepool.py [--runs 10]`` (needs the ``bench`` extra).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ICEPOOL_SCRIPT = HERE / "icepool_table.py"


def mistborn_command() -> list[str]:
    """The installed ``mistborn`` script beside this interpreter, run as a user would."""
    script = Path(sys.executable).parent / "mistborn"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from cli.main import main; main()"]


def median_ms(work: Callable[[], object], runs: int, before: Callable[[], object]) -> float:
    times = []
    for _ in range(runs):
        before()
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


IN_PROCESS_TARGET = 20.0  # icepool's in-process time over ours, from scratch
PROCESS_TARGET = 2.0  # icepool's script over a whole ``mistborn odds`` process


def in_process(runs: int) -> bool:
    """Print the in-process figures; whether ours is fast enough against icepool's."""
    sys.path.insert(0, str(HERE))
    from icepool_table import table as icepool_table

    from cli.conflict.odds import table_as_json
    from conflict.odds import clear_caches, odds_table

    def nothing() -> None:
        return None

    scratch = median_ms(odds_table, runs, clear_caches)
    odds_table()
    cached = median_ms(odds_table, runs, nothing)
    as_text = median_ms(lambda: json.dumps(table_as_json(odds_table()), indent=2), runs,
                        clear_caches)
    print(f"In process, median of {runs} runs:")
    print(f"  whole table from scratch   {scratch:8.2f} ms  (target < 50 ms)")
    print(f"  whole table, cached        {cached:8.3f} ms")
    theirs = median_ms(icepool_table, max(3, runs // 4), nothing)
    ratio = theirs / scratch
    print(f"  table as JSON text, fresh  {as_text:8.2f} ms")
    print(f"  icepool, same table        {theirs:8.2f} ms")
    print(f"  icepool / ours, scratch    {ratio:8.1f}x  (target >= {IN_PROCESS_TARGET:g}x)  "
          f"{'PASS' if ratio >= IN_PROCESS_TARGET else 'FAIL'}")
    return ratio >= IN_PROCESS_TARGET


def run_process(command: list[str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    return time.perf_counter() - start, done.stdout


def wall_times(command: list[str], runs: int) -> tuple[float, str]:
    run_process(command)  # warm the file cache and byte-code
    times, output = [], ""
    for _ in range(runs):
        elapsed, output = run_process(command)
        times.append(elapsed)
    return statistics.median(times) * 1000, output


def exact(document: Any) -> Any:
    """Every fraction string in a JSON document as a Fraction; other values as they are."""
    if isinstance(document, dict):
        return {key: exact(value) for key, value in document.items()}
    if isinstance(document, list):
        return [exact(value) for value in document]
    if isinstance(document, str):
        return Fraction(document)
    return document


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="process runs per side")
    parser.add_argument("--inner", type=int, default=20, help="in-process runs")
    args = parser.parse_args()

    fast_enough = in_process(args.inner)

    ours_cmd = [*mistborn_command(), "odds", "--table", "--json"]
    theirs_cmd = [sys.executable, str(ICEPOOL_SCRIPT)]
    ours_ms, ours_out = wall_times(ours_cmd, args.runs)
    theirs_ms, theirs_out = wall_times(theirs_cmd, args.runs)
    print(f"Whole process, median of {args.runs} runs:")
    print(f"  mistborn odds --table --json   {ours_ms:7.1f} ms")
    print(f"  icepool script, same table     {theirs_ms:7.1f} ms")
    process_ok = theirs_ms / ours_ms >= PROCESS_TARGET
    print(f"  icepool / mistborn             {theirs_ms / ours_ms:7.2f}x  "
          f"(target >= {PROCESS_TARGET:g}x)  {'PASS' if process_ok else 'FAIL'}")

    ours, theirs = json.loads(ours_out), json.loads(theirs_out)
    same = exact(ours) == exact(theirs)
    rows = f"{len(ours['challenge'])} Challenge rows, {len(ours['contest'])} Contest rows"
    if same:
        print(f"icepool agrees exactly: {rows}")
        return 0 if fast_enough and process_ok else 1
    print(f"MISMATCH between icepool and mistborn ({rows})", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
