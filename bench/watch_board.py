"""How fast the live board (``mistborn conflict watch``) follows the table.

* Redraw: the watch view of a 200-participant Conflict after a round (the state of
  ``engine_round``), rendered into a 80×50 terminal, median of ``--runs`` (target:
  100 ms). The replay is the process's own cache: a redraw after one new event applies
  only that event, so this is the rendering.
* Event → on screen: ``mistborn conflict watch`` runs in a pseudo-terminal; this process
  writes steps to the table one at a time (each carrying a unique word) and times until
  the word shows on the watching screen, ``--events`` times (target: p95 500 ms).

It exits 1 when a target is missed.

    python bench/watch_board.py --runs 15 --events 30
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from engine_round import play_round, table

from cli.conflict.views import watch_view
from conflict import saved as conflicts
from conflict.engine import Conflict
from conflict.events import Declare, Nature
from conflict.narrate import describe_all
from table import Table

ROOT = Path(__file__).resolve().parent.parent
CODE = "import sys; from cli.main import main; sys.argv = ['mistborn'] + sys.argv[1:]; main()"


def redraw_ms(runs: int, height: int) -> float:
    """Median time to render the watch view at 80 columns and ``height`` rows (a
    height of 500 draws all 200 participants: the whole board, uncut)."""
    from rich.console import Console

    c = Conflict(table(seed=11))
    play_round(c, random.Random(5))
    lines = describe_all(c.events)[-5:]
    times = []
    for _ in range(runs):
        console = Console(file=io.StringIO(), width=80, height=height, no_color=True)
        begun = time.perf_counter()
        console.print(watch_view(c.state, lines, 80, height, "Bench"))
        times.append(time.perf_counter() - begun)
    return statistics.median(times) * 1000


def latency_ms(events: int) -> list[float]:
    import pexpect

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "table.db"
        with Table(path) as db:
            conflicts.start(db, "Watch", Nature.PHYSICAL, who="bench")
            joining = table(seed=3)[1:5]  # four of the big Conflict's participants
            conflicts.record(db, "Watch", lambda _s: joining, who="bench")
        env = {**os.environ, "MISTBORN_DB": str(path), "TERM": "xterm", "NO_COLOR": "1",
               "PYTHONPATH": str(ROOT)}
        env.pop("COLUMNS", None)
        watch = pexpect.spawn(sys.executable, ["-c", CODE, "conflict", "watch"], env=env,
                              encoding="utf-8", dimensions=(50, 100), timeout=10)
        watch.expect("q quits")
        times = []
        with Table(path) as db:
            for n in range(events):
                state = conflicts.saved(db, "Watch").load().state
                who = state.participants[state.declare_order[state.declare_pos]].name
                word = f"mark{n}x"
                begun = time.perf_counter()
                conflicts.record(db, "Watch", lambda _s, w=who, d=word: [
                    Declare.no_roll(w, description=d)], who="bench")
                watch.expect(word)
                times.append((time.perf_counter() - begun) * 1000)
                if conflicts.saved(db, "Watch").load().state.phase.value != "declaration":
                    conflicts.undo(db, "Watch", who="bench")  # keep declaring
                    conflicts.undo(db, "Watch", who="bench")
        watch.send("q")
        watch.expect(pexpect.EOF)
        return times


REDRAW_TARGET_MS = 100.0
P95_TARGET_MS = 500.0


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--events", type=int, default=30)
    args = parser.parse_args()
    redraw = redraw_ms(args.runs, 50)
    print(f"redraw of a 200-participant board, 80x50 (median of {args.runs}): "
          f"{redraw:.1f} ms  (target {REDRAW_TARGET_MS:g})  "
          f"{verdict(redraw <= REDRAW_TARGET_MS)}")
    print(f"the same board uncut, all 200 participants (median of {args.runs}): "
          f"{redraw_ms(args.runs, 500):.1f} ms")
    times = sorted(latency_ms(args.events))
    p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
    print(f"event -> on the watching screen ({args.events} events): median "
          f"{statistics.median(times):.0f} ms, p95 {p95:.0f} ms, worst {times[-1]:.0f} ms "
          f"(target p95 {P95_TARGET_MS:g})  {verdict(p95 <= P95_TARGET_MS)}")
    return 0 if redraw <= REDRAW_TARGET_MS and p95 <= P95_TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
