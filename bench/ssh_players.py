"""Players at the table over SSH: eight phones connected and rolling at once.

Starts ``mistborn serve`` as its own process on 127.0.0.1 (an ephemeral port, a fresh
table with eight invited players), then, with asyncssh's client as the phones:

* connects the eight players at once, each with a terminal (as a phone's SSH app does),
  and times until every one has its welcome screen;
* has each player roll as fast as the replies come (``r 5 for pN-i``), 125 rolls each,
  1,000 in all, timing each roll from the line sent to its screen received, while every
  session also receives the others' rolls as news;
* reads the server process's CPU time (``/proc/PID/stat``: user and system) once all
  are in and again once the news of the last rolls has gone out (a pause longer than
  the server's news interval), so the CPU a roll counts the roll and its news to the
  other seven, not the logins;
* checks that the table recorded all 1,000.

The server runs with ``--rate 1000`` here so that the per-player limit (8 lines a second
by default) does not pace the phones: this measures the server at full load. Prints
each run, the median of the runs with the machine's load average, and each goal of
issue 21 with its figure, PASS or FAIL (exit status 1 when one fails): round trip p50
≤ 5 ms and p99 ≤ 25 ms, server CPU ≤ 1 ms a roll. ``--against REVISION`` also serves
the table with a git revision's code, run for run in turns with the working tree's
(the same load for both), and prints its figures beside; the goals judge the working
tree's only.

    python bench/ssh_players.py [--runs 5] [--players 8] [--rolls 1000] [--against main]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

import asyncssh

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from table import Table  # noqa: E402

MISTBORN = [sys.executable, "-c", "import sys; from cli.main import main; "
            "sys.argv = ['mistborn'] + sys.argv[1:]; main()"]

NEWS_SENT = 0.6
"""Seconds to wait after the last roll for its news to go out (the server gathers news
every 0.25 s)."""

GOALS = (("roll round trip, median of the runs' p50", "p50", 5.0),
         ("roll round trip, median of the runs' p99", "p99", 25.0),
         ("server CPU a roll, news to the others included", "cpu", 1.0))
"""Issue 21's goals: what, which figure (ms), at most."""


class Run(NamedTuple):
    joined: float
    p50: float
    p99: float
    longest: float
    cpu: float  # the server's, seconds a roll
    phones: float  # this process's, seconds a roll
    recorded: int


def set_up(folder: Path, players: int) -> list[asyncssh.SSHKey]:
    keys = []
    with Table(folder / "t.db") as table:
        for number in range(players):
            key = asyncssh.generate_private_key("ssh-ed25519")
            keys.append(key)
            table.invite_player(f"p{number}",
                                keys=[key.export_public_key("openssh").decode()])
    return keys


def start_server(folder: Path, code: Path) -> tuple[subprocess.Popen[str], int]:
    """``mistborn serve`` on the table in ``folder``, run from the code in ``code`` (the
    working tree, or a revision's copy: the folder a ``python -c`` imports from first)."""
    server = subprocess.Popen([*MISTBORN, "serve", "--host", "127.0.0.1", "--port", "0",
                               "--rate", "1000", "--db", str(folder / "t.db")],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              cwd=code)
    assert server.stdout is not None
    line = server.stdout.readline()
    found = re.search(r"port (\d+)", line)
    if not found:
        server.kill()
        raise SystemExit(f"the server did not start: {line}{server.stdout.read()}")
    return server, int(found.group(1))


class Phone:
    """One player's terminal session."""

    def __init__(self, name: str, key: asyncssh.SSHKey, port: int) -> None:
        self.name, self.key, self.port = name, key, port
        self.buffer = ""

    async def join(self) -> None:
        self.conn = await asyncssh.connect("127.0.0.1", self.port, username=self.name,
                                           client_keys=[self.key], known_hosts=None)
        self.process = await self.conn.create_process(term_type="xterm",
                                                      term_size=(40, 24))
        await self.until("Type ? for help")

    async def until(self, marker: str) -> None:
        while marker not in self.buffer:
            chunk = await self.process.stdout.read(65536)
            if not chunk:
                raise RuntimeError(f"{self.name}: session ended waiting for {marker!r}")
            self.buffer += chunk
        self.buffer = self.buffer[self.buffer.index(marker) + len(marker):]

    async def roll(self, tag: str) -> float:
        started = time.perf_counter()
        self.process.stdin.write(f"r 5 for {tag}\n")
        await self.until(f"For {tag}")  # the reply's last line (news say "for")
        return time.perf_counter() - started

    def close(self) -> None:
        self.conn.close()


async def one_run(port: int, keys: list[asyncssh.SSHKey], rolls: int, server: int
                  ) -> tuple[float, list[float], float, float]:
    """Join, roll; the seconds to join, each roll's round trip, and the server's and
    this process's CPU seconds from all joined until the last news went out."""
    phones = [Phone(f"p{n}", key, port) for n, key in enumerate(keys)]
    started = time.perf_counter()
    await asyncio.gather(*(phone.join() for phone in phones))
    joined = time.perf_counter() - started
    each = rolls // len(phones)

    async def play(phone: Phone) -> list[float]:
        return [await phone.roll(f"{phone.name}-{i}") for i in range(each)]

    before = cpu_seconds(server), time.process_time()
    times = [t for got in await asyncio.gather(*(play(p) for p in phones)) for t in got]
    await asyncio.sleep(NEWS_SENT)
    used = cpu_seconds(server) - before[0], time.process_time() - before[1]
    for phone in phones:
        phone.close()
    return joined, times, *used


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def run_once(code: Path, players: int, rolls: int) -> Run:
    with tempfile.TemporaryDirectory() as where:
        folder = Path(where)
        keys = set_up(folder, players)
        server, port = start_server(folder, code)
        try:
            joined, times, cpu, phones = asyncio.run(one_run(port, keys, rolls, server.pid))
        finally:
            server.terminate()
            server.wait(30)
        with Table(folder / "t.db") as table:
            recorded = len(table.rolls())
    return Run(joined, statistics.median(times), percentile(times, 0.99), max(times),
               cpu / len(times), phones / len(times), recorded)


def said(run: Run) -> str:
    return (f"{run.joined * 1000:.0f} ms to join; round trip median {run.p50 * 1000:.2f} "
            f"ms, p99 {run.p99 * 1000:.2f} ms, max {run.longest * 1000:.1f} ms; "
            f"{run.recorded} recorded; CPU a roll: server {run.cpu * 1000:.3f} ms, "
            f"phones {run.phones * 1000:.3f} ms")


def median(runs: list[Run], field: str) -> float:
    return float(statistics.median(getattr(run, field) for run in runs))


def copy_of(revision: str, folder: Path) -> Path:
    """The packages of git ``revision`` written out into ``folder``."""
    archive = subprocess.run(["git", "archive", revision], cwd=ROOT, check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def report(runs: list[Run], rolls: int, against: list[Run], revision: str) -> bool:
    """The medians and the goals; whether every goal is met."""
    for name, these in (("this tree", runs), (revision, against)):
        if these:
            print(f"median of {len(these)} runs ({name}): all joined in "
                  f"{median(these, 'joined') * 1000:.0f} ms; round trip median "
                  f"{median(these, 'p50') * 1000:.2f} ms, p99 "
                  f"{median(these, 'p99') * 1000:.2f} ms; server CPU a roll "
                  f"{median(these, 'cpu') * 1000:.3f} ms; rolls recorded "
                  f"{min(r.recorded for r in these)}–{max(r.recorded for r in these)} "
                  f"of {rolls}")
    met = all(run.recorded == rolls for run in runs)
    if not met:
        print(f"FAIL: not every roll was recorded (of {rolls})")
    for what, field, most in GOALS:
        figure = median(runs, field) * 1000
        before = f" ({revision}: {median(against, field) * 1000:.2f} ms)" if against else ""
        verdict = "PASS" if figure <= most else "FAIL"
        met = met and figure <= most
        print(f"{verdict}  {what}: {figure:.2f} ms, goal ≤ {most:g} ms{before}")
    return met


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--rolls", type=int, default=1000)
    parser.add_argument("--against", metavar="REVISION",
                        help="also serve with a git revision's code, in turns")
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs; load average before: "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    runs: list[Run] = []
    against: list[Run] = []
    with tempfile.TemporaryDirectory() as where:
        old = copy_of(args.against, Path(where)) if args.against else None
        turns = [(ROOT, runs, "")]
        if old is not None:
            turns.append((old, against, f" ({args.against})"))
        for number in range(1, args.runs + 1):
            for code, into, name in turns if number % 2 else turns[::-1]:  # A B, B A, …
                into.append(run_once(code, args.players, args.rolls))
                print(f"run {number}{name}: {said(into[-1])}", flush=True)
    met = report(runs, args.rolls, against, args.against or "")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
