"""Players at the table over SSH: eight phones connected and rolling at once.

Starts ``mistborn serve`` as its own process on 127.0.0.1 (an ephemeral port, a fresh
table with eight invited players), then, with asyncssh's client as the phones:

* connects the eight players at once, each with a terminal (as a phone's SSH app does),
  and times until every one has its welcome screen;
* has each player roll as fast as the replies come (``r 5 for pN-i``), 125 rolls each,
  1,000 in all, timing each roll from the line sent to its screen received, while every
  session also receives the others' rolls as news;
* checks that the table recorded all 1,000.

The server runs with ``--rate 1000`` here so that the per-player limit (8 lines a second
by default) does not pace the phones: this measures the server at full load. Prints
each run and the median of the runs, with the machine's load average.

    python bench/ssh_players.py [--runs 5] [--players 8] [--rolls 1000]
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

import asyncssh

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from conflict.table import Table  # noqa: E402

MISTBORN = [sys.executable, "-c", "import sys; from cli.main import main; "
            "sys.argv = ['mistborn'] + sys.argv[1:]; main()"]


def set_up(folder: Path, players: int) -> list[asyncssh.SSHKey]:
    keys = []
    with Table(folder / "t.db") as table:
        for number in range(players):
            key = asyncssh.generate_private_key("ssh-ed25519")
            keys.append(key)
            table.invite_player(f"p{number}",
                                keys=[key.export_public_key("openssh").decode()])
    return keys


def start_server(folder: Path) -> tuple[subprocess.Popen[str], int]:
    server = subprocess.Popen([*MISTBORN, "serve", "--host", "127.0.0.1", "--port", "0",
                               "--rate", "1000", "--db", str(folder / "t.db")],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              cwd=ROOT)
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


async def one_run(port: int, keys: list[asyncssh.SSHKey], rolls: int
                  ) -> tuple[float, list[float]]:
    phones = [Phone(f"p{n}", key, port) for n, key in enumerate(keys)]
    started = time.perf_counter()
    await asyncio.gather(*(phone.join() for phone in phones))
    joined = time.perf_counter() - started
    each = rolls // len(phones)

    async def play(phone: Phone) -> list[float]:
        return [await phone.roll(f"{phone.name}-{i}") for i in range(each)]

    times = [t for got in await asyncio.gather(*(play(p) for p in phones)) for t in got]
    for phone in phones:
        phone.close()
    return joined, times


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--rolls", type=int, default=1000)
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs; load average before: "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    rows = []
    for run in range(1, args.runs + 1):
        with tempfile.TemporaryDirectory() as where:
            folder = Path(where)
            keys = set_up(folder, args.players)
            server, port = start_server(folder)
            try:
                before = cpu_seconds(server.pid), time.process_time()
                joined, times = asyncio.run(one_run(port, keys, args.rolls))
                used = cpu_seconds(server.pid) - before[0], time.process_time() - before[1]
            finally:
                server.terminate()
                server.wait(30)
            with Table(folder / "t.db") as table:
                recorded = len(table.rolls())
        median, p99 = statistics.median(times), percentile(times, 0.99)
        rows.append((joined, median, p99, recorded))
        print(f"run {run}: {args.players} joined in {joined * 1000:.0f} ms; "
              f"{len(times)} rolls, round trip median {median * 1000:.2f} ms, "
              f"p99 {p99 * 1000:.2f} ms, max {max(times) * 1000:.1f} ms; "
              f"{recorded} recorded; CPU a roll (joining counted in): server "
              f"{used[0] / len(times) * 1000:.2f} ms, phones "
              f"{used[1] / len(times) * 1000:.2f} ms")
    print(f"median of {args.runs} runs: all joined in "
          f"{statistics.median(r[0] for r in rows) * 1000:.0f} ms; roll round trip "
          f"median {statistics.median(r[1] for r in rows) * 1000:.2f} ms, "
          f"p99 {statistics.median(r[2] for r in rows) * 1000:.2f} ms; rolls recorded "
          f"{min(r[3] for r in rows)}–{max(r[3] for r in rows)} of {args.rolls}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
