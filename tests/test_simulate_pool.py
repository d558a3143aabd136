"""The simulation's worker processes (conflict.simulate.run): how many play, and that
they leave nothing behind.

How many: unless told, the cores other work leaves free, and none beside this process
for a small simulation, so a loaded machine plays as fast as one process alone.

Nothing behind: a simulation leaves nothing behind to speak at exit (conflict.simulate.run): its
worker processes, and the pool's threads, are stopped and waited for before
:func:`simulate` returns. A pool thread left shutting down (``shutdown(wait=False)``)
could race the interpreter's exit, which wakes it on a pipe it is closing, printing
"Exception ignored in threading._shutdown … OSError: [Errno 9] Bad file descriptor"
after a simulation that had succeeded (about one process in four to forty, with the
machine's load)."""

from __future__ import annotations

import multiprocessing
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from profiles import sized

import conflict.simulate.run as simulate_run
from conflict.simulate import BATCH, simulate
from conflict.simulate.run import SMALL, auto_workers

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_simulate_known import four_heroes

ROOT = Path(__file__).resolve().parent.parent

# A simulation stopped by its precision while a worker still plays, then the
# interpreter's exit: the moment the message came.
CODE = """\
import sys
sys.path.insert(0, 'tests')
from test_simulate_known import four_heroes
import pytest

import conflict.simulate.run as simulate_run
from conflict.simulate import BATCH, simulate
from conflict.simulate.run import SMALL, auto_workers
report = simulate(four_heroes(), until_precision=0.1, seed=int(sys.argv[1]), workers=2)
print(report.stopped_by)
"""

def _cores() -> int:
    return len(simulate_run.os.sched_getaffinity(0))


def _with_load(monkeypatch: pytest.MonkeyPatch, load: float,
               running: int | None = None) -> None:
    """The last minute's load average, and the threads runnable now (by default as
    many as the average says: a machine loaded all along)."""
    monkeypatch.setattr(simulate_run.os, "getloadavg", lambda: (load, load, load))
    now = running if running is not None else int(load + 1)
    monkeypatch.setattr(simulate_run, "running_now", lambda: now)


def test_workers_are_the_cores_the_load_leaves_free(monkeypatch: pytest.MonkeyPatch
                                                    ) -> None:
    cores = _cores()
    # The load counts this process, which is running: its own core is always free.
    for load, expected in [(0.0, cores), (1.0, cores), (1.5, max(1, cores - 1)),
                           (2.0, max(1, cores - 1)), (cores, 1), (cores + 0.5, 1),
                           (cores + 8.0, 1), (40.0 * cores, 1)]:
        _with_load(monkeypatch, load)
        assert auto_workers(10 * SMALL) == expected, f"load {load} on {cores} cores"


def test_r_con_21_work_that_has_ended_leaves_the_cores_free(
        monkeypatch: pytest.MonkeyPatch) -> None:
    cores = _cores()
    # The last minute was busy (another simulation, say), but only this process runs
    # now: the average lags, the cores are free.
    _with_load(monkeypatch, float(cores) + 0.7, running=1)
    assert auto_workers(10 * SMALL) == cores
    # What runs now only ever lowers the average: work begun a moment ago is not in
    # it yet, and the cores are taken as free, as before.
    _with_load(monkeypatch, 0.2, running=cores + 4)
    assert auto_workers(10 * SMALL) == cores
    # Work running all along keeps its cores.
    _with_load(monkeypatch, float(cores) + 0.7, running=cores + 4)
    assert auto_workers(10 * SMALL) == 1
    # Where the system does not say what runs now, the average decides.
    monkeypatch.setattr(simulate_run, "running_now", lambda: None)
    monkeypatch.setattr(simulate_run.os, "getloadavg",
                        lambda: (float(cores) + 0.7,) * 3)
    assert auto_workers(10 * SMALL) == 1


def test_running_now_counts_this_thread() -> None:
    now = simulate_run.running_now()
    assert now is None or now >= 1


def test_a_small_simulation_starts_no_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    _with_load(monkeypatch, 0.0)
    assert auto_workers(SMALL) == 1
    assert auto_workers(BATCH) == 1
    assert auto_workers(SMALL + 1) == _cores()
    # A coarse precision needs few runs whatever the cap: no workers for it either.
    before = set(threading.enumerate())
    simulate(four_heroes(), until_precision=0.2, seed=1)
    assert multiprocessing.active_children() == []
    assert set(threading.enumerate()) <= before


# The race showed in one process in four to forty: three processes under the quick
# profile, twelve under deep.
PROCESSES = sized(3, 12)
AT_ONCE = 3


def test_r_con_21_a_simulation_stopped_early_leaves_no_thread_or_process_running() -> None:
    before = set(threading.enumerate())
    report = simulate(four_heroes(), until_precision=0.1, seed=3, workers=2)
    assert report.stopped_by == "precision"
    assert set(threading.enumerate()) <= before
    assert multiprocessing.active_children() == []


def test_r_con_21_short_simulations_exit_without_a_word_on_stderr() -> None:
    done: list[tuple[int | None, str, str]] = []
    for first in range(0, PROCESSES, AT_ONCE):
        running = [subprocess.Popen([sys.executable, "-c", CODE, str(seed)], cwd=ROOT,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                    text=True)
                   for seed in range(first, first + AT_ONCE)]
        for process in running:
            out, err = process.communicate(timeout=120)
            done.append((process.returncode, out, err))
    assert done == [(0, "precision\n", "")] * PROCESSES
