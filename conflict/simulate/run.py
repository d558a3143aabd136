"""Many runs of one Conflict, on the cores free, the same answer whatever the cores.

Runs are numbered 0, 1, 2…; run ``i`` rolls its dice from a stream seeded by
``(seed, i)`` (:class:`~conflict.simulate.play.Dice`), so it plays the same in any
process. Runs go in batches of :data:`BATCH`, numbered in order; batches are added to
the tallies in that order and the precision is checked after each one, so where a
simulation stops, and everything it reports, depends only on the seed, never on the
number of workers or on which finished first. A process pool
(:class:`concurrent.futures.ProcessPoolExecutor`) plays the batches; workers get the
starting state and the policies once, when they start. They are never forked from this
process, which may run threads (the pool's own among them, and threads Python did not
start, which it cannot count): they fork from a fork server, a fresh single-threaded
interpreter with the library loaded (``forkserver``, where the system has it), else
start as fresh interpreters (``spawn``). The method is chosen here, whatever the
interpreter's default, and everything the workers need is importable and picklable,
so any method gives the same answer. This process plays too, from the first batch at
once and all along, so extra workers only add to what it plays alone; once the answer
is precise enough, a shared event tells the workers to drop what they play, and they
are waited for.

Unless told, the number of workers (:func:`auto_workers`) is the cores this process may
use that other work leaves free (by the load average), and none beside this process
for a simulation too small to repay starting them.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Final

import attrs

from characters.names import name_key
from conflict.errors import BadValue, RuleViolation, shown
from conflict.simulate.play import Dice, opening, play_out
from conflict.simulate.policies import POLICIES, Policy
from conflict.simulate.report import Z95, Chance, Report, Tallies
from conflict.state import Phase, State

__all__ = ["BATCH", "DEFAULT_ROUNDS", "DEFAULT_RUNS", "MAX_RUNS", "SMALL", "auto_workers",
           "precise", "simulate"]

BATCH: Final = 25
"""Runs per batch: the step at which the precision is checked."""

DEFAULT_RUNS: Final = 1000
"""Runs when neither ``runs`` nor ``until_precision`` is given."""

MAX_RUNS: Final = 1_000_000
"""The most runs one simulation plays (and its cap when only a precision is asked)."""

DEFAULT_ROUNDS: Final = 20
"""Rounds allowed when ``rounds`` is not given."""

AHEAD: Final = 2
"""Batches queued per worker, so that none waits for the next."""

SMALL: Final = 4 * BATCH
"""Runs too few to repay starting other processes (some 20 ms each, and as long to
stop): a simulation of no more plays in this process."""

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

PolicyChoice = str | Policy


@attrs.frozen
class Job:
    """Everything a worker needs to play runs: the starting ``state``, each side's
    policy, the seed and the last round to play."""

    state: State
    sides: tuple[str, ...]
    policies: Mapping[str, Policy]
    seed: int
    rounds: int

    @property
    def last_round(self) -> int:
        """The last round a run plays."""
        return self.state.round + self.rounds - 1

    def opening(self) -> State:
        """The state played on as far as it goes before any die (:func:`opening`): the
        same in every run, so played once per process and job."""
        global _opened
        opened = _opened
        if opened is None or opened[0] is not self:
            opened = _opened = (self, opening(self.state, self.policies))
        return opened[1]

    def play(self, first: int, count: int,
             stopped: Callable[[], bool] | None = None) -> Tallies:
        """Play runs ``first`` … ``first + count - 1`` and count them; a worker stops
        early, its count then unused, once ``stopped()`` says the simulation is over."""
        tallies = Tallies(self.state, self.sides, self.rounds)
        start = self.opening()
        for run in range(first, first + count):
            if stopped is not None and stopped():
                break
            ending = play_out(start, self.policies, Dice(self.seed, run), self.last_round,
                              self.sides, first_round=self.state.round)
            tallies.add(self.state, ending)
        return tallies


_opened: tuple[Job, State] | None = None  # the last job's opening (Job.opening)
_job: Job | None = None  # a worker's job, set once when the worker starts
_over: Callable[[], bool] | None = None  # whether the simulation no longer needs runs


def _start_worker(job: Job, over: Callable[[], bool]) -> None:
    global _job, _over
    _job, _over = job, over
    # Ctrl-C at a terminal reaches every process of the group: the one that started the
    # workers stops them (see _pooled), so a worker takes no notice of it itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_in_worker(first: int, count: int) -> Tallies:
    assert _job is not None, "the worker was started without its job"
    return _job.play(first, count, _over)


def simulate(state: State, *, runs: int | None = None, until_precision: float | None = None,
             seed: int = 0, rounds: int | None = None,
             policies: Mapping[str, PolicyChoice] | None = None,
             workers: int | None = None) -> Report:
    """Play the Conflict in ``state`` on to its end many times and report who wins.

    ``state`` may be anywhere in a Conflict that has started and not ended: at set-up,
    mid-round or mid-action; it is never changed. A run ends when one side is left
    standing (its win), when every side falls at once (a draw), or when ``rounds``
    rounds have been played, counting the current one (unfinished; default
    :data:`DEFAULT_ROUNDS`).

    ``runs`` is the number of runs (default :data:`DEFAULT_RUNS`); with
    ``until_precision`` it is the most runs, and the simulation stops early, after a
    batch, once every side's win interval has a half-width of ``until_precision`` or
    less (default cap :data:`MAX_RUNS`). ``seed`` fixes every die: the same seed gives
    the same report whatever ``workers``, the processes that play (default:
    :func:`auto_workers`, the cores other work leaves free; 1 plays in this process).
    ``policies`` maps a side to a policy by name (:data:`POLICIES`: default, reckless,
    bold, cautious) or to a :data:`Policy` function; sides not named play
    ``default``. A policy must be pure (the same state and answer give the same
    event): runs share what happens before the first die. One that other processes
    cannot load (a lambda, or a function typed into an interactive session) makes the
    runs play in this process: the answer is the same. Workers are spawned, so a
    script that simulates needs the usual ``if __name__ == "__main__":`` guard.
    """
    job = _job_for(state, seed=seed, rounds=rounds, policies=policies)
    precision = _precision(until_precision)
    total = _runs(runs, precision)
    count = (auto_workers(min(total, _runs_needed(precision))) if workers is None
             else _whole(workers, "workers", 1, 1024))
    batches = [(first, min(BATCH, total - first)) for first in range(0, total, BATCH)]
    if count > 1 and not _shippable(job):
        count = 1
    tallies = Tallies(job.state, job.sides, job.rounds)
    stopped_by = "runs"

    def enough(batch: Tallies) -> bool:
        nonlocal stopped_by
        tallies.merge(batch)
        if precision is not None and precise(tallies.wins, tallies.runs, precision):
            stopped_by = "precision"
            return True
        return False

    _play_batches(job, batches, min(count, len(batches)), enough)
    names = tuple((side, _policy_name(job.policies[side])) for side in job.sides)
    return tallies.report(job.state, job.sides, seed=seed, rounds_allowed=job.rounds,
                          policies=names, stopped_by=stopped_by, precision=precision)


def precise(wins: Sequence[int], runs: int, precision: float) -> bool:
    """The stopping rule, checked after each batch: whether every side's win interval
    (Wilson, 95%) has a half-width of ``precision`` or less, ``wins`` counting each
    side's wins in ``runs``.

    A rule that stops once the interval is narrow enough stops a little sooner when
    the runs so far lean away from one half (where intervals are narrower), so its
    estimate leans that way too. Computed exactly (tests/test_simulate_stopping.py,
    bench/simulate.py): for a side winning 79% of runs to ±2%, 0.04 points; at most
    0.56 points for any chance to ±5% (a ninth of the ±), 0.33 to ±2%. Removing it
    takes runs whose outcomes do not decide the stopping (a pilot whose runs are not
    counted), some 20–120% more runs for these figures: not worth it here.
    """
    return max(Chance.of(count, runs).half_width for count in wins) <= precision


class _InOrder:
    """Batches' tallies handed to ``enough`` in batch order, whoever played them and
    whenever they came in, until ``enough`` says so (``done``)."""

    def __init__(self, enough: Callable[[Tallies], bool]) -> None:
        self.enough = enough
        self.next = 0  # the batch to hand on next
        self.held: dict[int, Tallies] = {}
        self.done = False

    def put(self, index: int, tallies: Tallies) -> None:
        self.held[index] = tallies
        while not self.done and self.next in self.held:
            batch = self.held.pop(self.next)
            self.next += 1
            self.done = self.enough(batch)


def _play_batches(job: Job, batches: list[tuple[int, int]], workers: int,
                  enough: Callable[[Tallies], bool]) -> None:
    """Play ``batches``, handing each one's tallies to ``enough`` in batch order until
    it says so; ``workers`` processes (1: this one). Should the pool break (a worker
    that cannot load a policy defined in an interactive session, say), the batches
    left play in this process: the answer is the same."""
    order = _InOrder(enough)
    if workers > 1:
        # Imported here: a simulation in this process alone (a loaded machine, a small
        # one) starts some 15 ms sooner without the pool's modules.
        from concurrent.futures.process import BrokenProcessPool

        with contextlib.suppress(BrokenProcessPool):
            _pooled(job, batches, workers, order)
    for index in range(order.next, len(batches)):
        if order.done:
            return
        if index not in order.held:
            order.put(index, job.play(*batches[index]))


def _pooled(job: Job, batches: list[tuple[int, int]], workers: int, order: _InOrder
            ) -> None:
    """Play ``batches`` with this process and ``workers - 1`` more, handing their
    tallies to ``order``. This process plays all along, the lowest numbered batch no
    other has begun, so it is never slower than playing alone: the others only add."""
    import multiprocessing  # (see _play_batches)
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    method = start_method()
    context = multiprocessing.get_context(method)
    if method == "forkserver":  # its workers fork with the library loaded
        context.set_forkserver_preload(list(PRELOAD))
    job.opening()
    over = context.Event()  # set once enough is played: workers drop their batch
    pool = ProcessPoolExecutor(workers - 1, mp_context=context, initializer=_start_worker,
                               initargs=(job, over.is_set))
    try:
        futures: dict[int, Future[Tallies]] = {}
        todo = deque(range(len(batches)))
        first = todo.popleft()  # this process's, begun at once while the others start

        def top_up() -> None:
            while todo and len(futures) < (workers - 1) * AHEAD:
                index = todo.popleft()
                futures[index] = pool.submit(_play_in_worker, *batches[index])

        top_up()
        order.put(first, job.play(*batches[first]))
        while not order.done and order.next < len(batches):
            for index in sorted(i for i, future in futures.items() if future.done()):
                order.put(index, futures.pop(index).result())
            top_up()
            if order.done:
                break
            mine = _unstarted(futures, todo)
            if mine is not None:
                order.put(mine, job.play(*batches[mine]))
            elif futures:
                wait(futures.values(), return_when=FIRST_COMPLETED)
    except BaseException:
        # Ctrl-C or an error: nothing more of the workers' is wanted. Ending them first
        # means the wait below never hangs on a worker caught mid-start by the signal.
        over.set()
        for pid in list(getattr(pool, "_processes", None) or {}):
            _end(pool, pid)
        raise
    finally:
        # Ctrl-C, a policy's error or the answer found: the workers drop their batch and
        # stop. Waiting for them leaves no pool thread running when the interpreter
        # exits: one left behind (shutdown without waiting) can race the exit's
        # wake-up of it on a pipe it is closing, printing "Exception ignored in
        # threading._shutdown … Bad file descriptor" after a simulation that succeeded.
        over.set()
        pool.shutdown(wait=True, cancel_futures=True)


def _end(pool: ProcessPoolExecutor, pid: int) -> None:
    """End the worker ``pid`` of ``pool`` if it still runs (the pool keeps no public
    list of its processes: read what it has, if anything)."""
    process = (getattr(pool, "_processes", None) or {}).get(pid)
    if process is not None and process.is_alive():
        process.terminate()


PRELOAD: Final = ("__main__", "conflict.simulate.run")
"""What the fork server loads before it forks a worker: the main script (as a spawned
worker would, once instead of in each worker) and the simulation with the rules."""


def start_method() -> str:
    """How worker processes start, never by forking this process (it may run threads,
    some unseen by Python, and a forked child can deadlock on a lock one held; Python
    3.12 warns of it): ``forkserver`` where the system has it (workers fork from a
    fresh single-threaded interpreter with the library loaded: quick to start), else
    ``spawn`` (a fresh interpreter each). Chosen here, so that an interpreter's default
    (``fork`` until Python 3.14, ``forkserver`` from it) changes nothing."""
    import multiprocessing  # (see _play_batches)

    if "forkserver" in multiprocessing.get_all_start_methods():
        return "forkserver"
    return "spawn"


def _unstarted(futures: dict[int, Future[Tallies]], todo: deque[int]) -> int | None:
    """The lowest numbered batch no worker has begun, taken from the workers."""
    for index in sorted(futures):
        if futures[index].cancel():
            del futures[index]
            return index
    return todo.popleft() if todo else None


# --- checking what was asked ----------------------------------------------------------


def _job_for(state: State, *, seed: int, rounds: int | None,
             policies: Mapping[str, PolicyChoice] | None) -> Job:
    if not isinstance(state, State):
        raise BadValue(f"simulate needs a Conflict's state, got {shown(state)}")
    if state.phase is Phase.NOT_STARTED:
        raise RuleViolation("the Conflict has not started: push Start and its "
                            "participants first", rule="R-CON-1")
    if state.phase is Phase.ENDED:
        raise RuleViolation(f"the Conflict has ended ({state.outcome or 'no outcome'}): "
                            f"nothing is left to simulate", rule="R-CON-21")
    sides = state.sides()
    if len(sides) < 2:
        raise BadValue(f"a simulation needs participants on two sides or more, got "
                       f"{len(sides)} side(s)", rule="R-CON-2")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise BadValue(f"the seed must be a whole number, got {shown(seed)}")
    allowed = DEFAULT_ROUNDS if rounds is None else _whole(rounds, "rounds", 1, 1000)
    return Job(state, sides, _policies_for(sides, policies), seed, allowed)


def _policies_for(sides: tuple[str, ...], given: Mapping[str, PolicyChoice] | None
                  ) -> dict[str, Policy]:
    chosen: dict[str, Policy] = {side: POLICIES["default"] for side in sides}
    by_key = {name_key(side): side for side in sides}
    for side, choice in (given or {}).items():
        found = by_key.get(name_key(side)) if isinstance(side, str) else None
        if found is None:
            raise BadValue(f"no side called {shown(side)} in this Conflict (sides: "
                           f"{', '.join(sides)})", rule="R-CON-2")
        if isinstance(choice, str):
            policy = POLICIES.get(choice.strip().lower())
            if policy is None:
                raise BadValue(f"no policy called {shown(choice)} (policies: "
                               f"{', '.join(POLICIES)}, or a function)")
            chosen[found] = policy
        elif callable(choice):
            chosen[found] = choice
        else:
            raise BadValue(f"a policy is a name ({', '.join(POLICIES)}) or a function "
                           f"(state, answer) -> event, got {shown(choice)}")
    return chosen


def _policy_name(policy: Policy) -> str:
    name = getattr(policy, "name", None)
    if isinstance(name, str):
        return name
    return str(getattr(policy, "__qualname__", None) or type(policy).__name__)


def _whole(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadValue(f"{what} must be a whole number {low}–{high:,}, got {shown(value)}")
    return value


def _runs(runs: int | None, precision: float | None) -> int:
    if runs is None:
        return MAX_RUNS if precision is not None else DEFAULT_RUNS
    return _whole(runs, "runs", 1, MAX_RUNS)


def _precision(value: float | None) -> float | None:
    if value is None:
        return None
    if (isinstance(value, bool) or not isinstance(value, (int, float))
            or not 0 < value < 0.5):
        raise BadValue(f"until_precision is the ± of a chance, more than 0 and less than "
                       f"0.5 (0.02 is ±2%), got {shown(value)}")
    return float(value)


def auto_workers(runs: int) -> int:
    """The processes to play ``runs`` runs with, this one included: 1 for a small
    simulation (:data:`SMALL`), else the cores this process may use less those other
    work keeps busy (this process counted as free), at least 1. A loaded machine thus
    plays in this process alone, never slower for workers that would only take turns
    with it and with the other work.

    Busy is the load average of the last minute, unless fewer threads are runnable
    right now (:func:`running_now`): the average lags, and work that has just ended —
    the last simulation, a build — would otherwise leave a quiet machine playing on one
    core for a minute."""
    if runs <= SMALL:
        return 1
    affinity = getattr(os, "sched_getaffinity", None)
    cores = len(affinity(0)) if affinity is not None else os.cpu_count() or 1
    try:
        busy = os.getloadavg()[0]
    except (AttributeError, OSError):  # no load average here: trust the cores
        busy = 0.0
    now = running_now()
    if now is not None:
        busy = min(busy, float(now))
    free = int(cores + 1 - busy)  # this process runs now, so it is in the load
    return max(1, min(cores, free))


def running_now(looks: int = 3) -> int | None:
    """The threads runnable on the machine at this moment, this one included: the most
    of ``looks`` looks a millisecond apart at ``/proc/loadavg`` (so that work running
    in short bursts is seen); ``None`` where the system does not say."""
    import time  # only where workers may start

    seen = 0
    try:
        for look in range(looks):
            if look:
                time.sleep(0.001)
            with open("/proc/loadavg", encoding="ascii") as file:
                seen = max(seen, int(file.read().split()[3].split("/")[0]))
    except (OSError, ValueError, IndexError):
        return None
    return seen


def _runs_needed(precision: float | None) -> int:
    """The most runs a precision can need: a chance of one half, the widest interval
    (``z² / 4ε²``), rounded up to batches."""
    if precision is None:
        return MAX_RUNS
    worst = Z95 * Z95 / (4 * precision * precision)
    return BATCH * (int(worst) // BATCH + 1)


def _shippable(job: Job) -> bool:
    """Whether worker processes can load ``job``: it pickles, no policy lives in a
    ``__main__`` they cannot import (an interactive session or ``python -c``), and the
    main script, which spawned workers run first, is a file (not ``python -``)."""
    main_file = getattr(sys.modules.get("__main__"), "__file__", None)
    if main_file is not None and not os.path.isfile(main_file):
        return False
    if main_file is None and any(getattr(policy, "__module__", None) == "__main__"
                                 for policy in job.policies.values()):
        return False
    import pickle  # (see _play_batches)

    try:
        pickle.dumps(job)
    except (pickle.PicklingError, AttributeError, TypeError):
        return False
    return True
