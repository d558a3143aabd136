"""How fast the table database writes and reads, and what it adds to a command.

Timed, each as the median of ``--runs`` runs:

(a) whole processes, started fresh each time (``subprocess``, wall time):
    * bare ``python -c pass``, for scale;
    * ``python -c`` importing what recording a roll needs (the dice and the table's
      light modules), then one that also opens the table and records one roll: the
      difference is the file work, mostly four ``fdatasync`` calls (the new write-ahead
      log's header and its folder on the first write, then the log and the table when
      the last connection closes and folds the log back into the file);
    * a stand-in for ``mistborn roll 5 --as NAME``: the same record, then the real
      ``mistborn roll 5`` screen in the same process;
    * ``mistborn roll 5``, ``mistborn char list`` (the example crew) and
      ``mistborn --version``, as they are today;
(b) one ``append`` of one event to a stream of 1,000 events, given the writer's state
    (the version it read): the append transaction alone, in process;
(c) ``read`` of a 1,000-event stream (entries decoded to dicts), in process;
and, for the optimistic loop, one ``commit`` of one event on a 1,000-event stream
(read + build + append).

Processes run with cached bytecode, as an installed package does
(``PYTHONDONTWRITEBYTECODE`` is dropped for them; each figure's warm-up run writes it).

Targets (from the brief): (a) recording a roll in a whole ``mistborn roll`` process
under 100 ms; ``mistborn char list`` under 120 ms; ``mistborn --version`` under 40 ms.
Nothing is asserted; the figures are printed.

    python bench/table_writes.py --runs 15
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from conflict.dice import roll
from table import Table

ROOT = Path(__file__).resolve().parent.parent

RECORD_ROLL = (
    "import sys\n"
    "from conflict.dice import roll\n"
    "from table import Table\n"
    "with Table(sys.argv[1]) as table:\n"
    "    table.record_roll(roll(5), who='Kell', purpose='bench')\n"
)

ROLL_AS = (
    RECORD_ROLL
    + "from cli.main import main\n"
    + "sys.argv = ['mistborn', 'roll', '5']\n"
    + "main()\n"
)


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def process_ms(
    command: Sequence[str], runs: int, env: dict[str, str] | None = None
) -> tuple[float, float, float]:
    """Median and least wall time, and median CPU time (user + system), of ``command``
    as a fresh process, in ms, after one warm-up run. On a busy machine the least wall
    time and the CPU time are the steadier figures."""
    times: list[float] = []
    cpu: list[float] = []
    for index in range(runs + 1):
        begun, cpu_before = time.perf_counter(), _cpu()
        subprocess.run(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
            env=env, cwd=ROOT,
        )
        if index:
            times.append(time.perf_counter() - begun)
            cpu.append(_cpu() - cpu_before)
    return (
        statistics.median(times) * 1000, min(times) * 1000, statistics.median(cpu) * 1000
    )


def inside_ms(action: Callable[[], object], runs: int) -> float:
    """Median time of ``action()`` in this process, in ms."""
    times: list[float] = []
    for _ in range(runs):
        begun = time.perf_counter()
        action()
        times.append(time.perf_counter() - begun)
    return statistics.median(times) * 1000


def fill(table: Table, name: str) -> int:
    """A new Conflict stream of 1,000 events (in appends of 100); returns its version."""
    table.create_stream("conflict", name, who="Narrator")
    version = 0
    for start in range(0, 1000, 100):
        events = [{"type": "note", "n": n, "text": "x" * 40} for n in range(start, start + 100)]
        version = table.append("conflict", name, events, based_on=version, who="Narrator").version
    return version


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="runs per figure (median)")
    runs = parser.parse_args().runs
    python = sys.executable
    mistborn = str(Path(python).parent / "mistborn")

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "table.db"
        env = {**os.environ, "MISTBORN_DB": str(path), "NO_COLOR": "1", "COLUMNS": "40"}
        # As an installed package runs: with cached bytecode (the warm-up run writes it).
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        subprocess.run(
            [mistborn, "char", "import", "examples/crew.toml", "examples/opposition.toml"],
            cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL,
        )

        print(f"(a) whole processes, ms, {runs} runs: wall median (least), CPU median")
        rows = [
            ("python -c pass", [python, "-c", "pass"]),
            ("imports only (dice + table)",
             [python, "-c", "import conflict.dice, table"]),
            ("open the table + record one roll", [python, "-c", RECORD_ROLL, str(path)]),
            ("record one roll + mistborn roll 5 screen", [python, "-c", ROLL_AS, str(path)]),
            ("mistborn roll 5", [mistborn, "roll", "5"]),
            ("mistborn char list", [mistborn, "char", "list"]),
            ("mistborn --version", [mistborn, "--version"]),
        ]
        for label, command in rows:
            median, least, cpu = process_ms(command, runs, env)
            print(f"  {label:<42} {median:7.1f} ({least:5.1f})  cpu {cpu:5.1f}")

        with Table(path) as table:
            version = fill(table, "Bench")
            appends = max(runs, 50)
            state = {"version": version}

            def append_one() -> None:
                done = table.append(
                    "conflict", "Bench", [{"type": "note", "text": "one more"}],
                    based_on=state["version"], who="Narrator",
                )
                state["version"] = done.version

            print(f"(b) append 1 event to a stream of 1,000 (median of {appends}):"
                  f" {inside_ms(append_one, appends):.3f} ms")
            fill(table, "Read")
            reading = inside_ms(lambda: table.read("conflict", "Read"), runs)
            assert len(table.read("conflict", "Read").entries) == 1000
            print(f"(c) read a stream of 1,000 events (median of {runs}): {reading:.2f} ms")
            committing = inside_ms(
                lambda: table.commit(
                    "conflict", "Read", lambda log: [{"type": "note", "seen": len(log.events)}],
                    who="Narrator",
                ),
                runs,
            )
            print(f"    commit 1 event on a stream of ~1,000 (read+build+append): "
                  f"{committing:.2f} ms")
            recording = inside_ms(lambda: table.record_roll(roll(5), who="Kell"), appends)
            print(f"    record one roll, in process: {recording:.3f} ms")


if __name__ == "__main__":
    main()
