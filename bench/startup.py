"""How fast the ``mistborn`` commands start, against bare Python in the same run.

Every row is a whole process started fresh, its CPU time (user + system) measured and
printed as a ratio to ``python -c pass`` run by the same interpreter. The rows are run
interleaved — one of each, round after round, in a rotating order — and each row's
ratio is the median over the rounds (11 by default) of its CPU time divided by bare
Python's in the same round, so a change of load on the machine moves every row alike
and the ratios stay put while the milliseconds swing (on a shared machine they swing
2–4×: the ratio is what counts). The goals are judged by CPU time, which a busy
machine moves least; the wall clock's ratio is printed beside it.

Start-up matters most for an installed copy, so the commands run from a
non-editable install: by default this script builds one in a temporary folder — a
virtual environment into which ``pip install --no-deps .`` installs the working tree
(or a git revision of it) as any user's install does, compiled to bytecode, with its
console script; the dependencies are taken from the environment running this script.
``--python PATH`` runs the rows from an environment you installed yourself instead
(``python -m venv /tmp/v && /tmp/v/bin/pip install . && python bench/startup.py
--python /tmp/v/bin/python``).

The table the commands read is built first: the example sheets, a Conflict of 50
events, and a game of each board game. Exits 1 when a row misses its goal.

    python bench/startup.py --runs 15
    python bench/startup.py --runs 15 --against main   # and main's ratios, same rounds
    python bench/startup.py --instructions --against main   # instructions, not time
    python bench/startup.py --rows roll,odds                 # only rows whose label starts so
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# (label, arguments after `mistborn`, goal as a multiple of bare Python)
ROWS: list[tuple[str, list[str], float]] = [  # --rows keeps some of them
    ("mistborn --version", ["--version"], 2.0),
    ("roll 5", ["roll", "5"], 5.0),
    ("roll 5 --as Kell (recorded)", ["roll", "5", "--as", "Kell"], 6.0),
    ("odds 4", ["odds", "4"], 5.0),
    ("char list (example sheets)", ["char", "list"], 8.0),
    ("conflict show (50 events)", ["conflict", "show"], 8.0),
    ("stuffed show", ["stuffed", "show"], 8.0),
    ("dbg show", ["dbg", "show"], 8.0),
    ("hw show", ["hw", "show"], 8.0),
    ("stuffed keep", ["stuffed", "keep", "ch:2,i,r", "--from", "c", "c", "e", "ch", "b",
                      "i", "b", "r", "-r", "1"], 8.0),
    ("stuffed odds", ["stuffed", "odds", "3-kind"], 8.0),
]


PARTS: list[tuple[str, str]] = [
    ("import click", "import click"),
    ("+ Rich's console", "import click, rich.console"),
    ("+ attrs", "import click, rich.console, attrs"),
    ("+ sqlite3, json; a line drawn",
     "import click, attrs, sqlite3, json\nfrom rich.console import Console\n"
     "Console(highlight=False).print('Roll · pool of 5')"),
]
"""What the libraries every command is made of cost alone, timed in the same rounds as
the rows (no goal): the least a click command drawing with Rich over attrs values can
cost, whatever this project does."""


def install(folder: Path, revision: str | None = None) -> Path:
    """A virtual environment in ``folder`` with the working tree (or a git ``revision``
    of it) installed by ``pip install --no-deps .``, as a user installs it (packages
    copied into site-packages and compiled, the console script in ``bin``); its
    dependencies come from this script's environment through a ``.pth`` line. Returns
    its Python."""
    subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True)
    python = folder / "bin" / "python"
    source = ROOT
    if revision is not None:
        source = folder / "source"
        source.mkdir()
        archive = subprocess.run(["git", "archive", revision], cwd=ROOT, check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(source)], input=archive, check=True)
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", str(source)],
                   check=True, env=_environment({}), cwd=folder)
    site = Path(subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True).stdout.strip())
    # Only the dependencies' folder: its own .pth files (the editable finder of a
    # development environment) are not read from a path added this way.
    (site / "_bench_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return python


def _environment(extra: dict[str, str]) -> dict[str, str]:
    """This environment with bytecode caching on, as an installed program runs."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(extra)
    return env


def fill(path: Path) -> None:
    """The table at ``path``: the example sheets, a Conflict of 50 events, and a game of
    each board game. Runs inside the environment under test."""
    import random

    from board_games import deckbuilding, house_war, stuffed_game
    from engine_round import choose

    from characters.samples import example_characters
    from conflict import Expect, Nature, what_now
    from conflict import saved as conflicts
    from conflict.engine import Conflict
    from table import Table, games

    cast = {c.name: c for c in example_characters()}
    with Table(path) as table:
        table.add(list(cast.values()))
        conflicts.start(table, "Canal", Nature.PHYSICAL, who="Narrator")
        conflicts.add(table, "Canal", [(c, "crew" if c.name != "Canton guards" else "watch",
                                        False) for c in cast.values()], who="Narrator")
        _saved, loaded = conflicts.load(table, "Canal")
        c = Conflict(loaded.events)
        rng = random.Random(50)
        while len(c) < 50 and what_now(c.state).expect is not Expect.ENDED:
            c.push(choose(c.state, rng))
        events = list(c.events[len(loaded.events):])
        conflicts.record(table, "Canal", lambda _s: events, who="Narrator")
        rng = random.Random(12)
        for kind, played in (("housewar", house_war(20, rng)),
                             ("deckbuilding", deckbuilding(40, rng)),
                             ("stuffed", stuffed_game(40, rng))):
            games.start(table, kind, kind.title(), played[:1], who="bench")
            games.record(table, kind, kind.title(), lambda _s, e=played: list(e[1:]),
                         who="bench")


def timed(command: Sequence[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall time and CPU time (user + system) of one run of ``command``, in ms; a
    failure stops the bench."""
    begun = time.perf_counter()
    process = subprocess.Popen(list(command), env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE)
    assert process.stderr is not None
    said = process.stderr.read()
    _pid, status, used = os.wait4(process.pid, 0)
    took = (time.perf_counter() - begun) * 1000
    process.returncode = os.waitstatus_to_exitcode(status)
    process.stderr.close()
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({process.returncode}): "
                         f"{said.decode(errors='replace')}")
    return took, (used.ru_utime + used.ru_stime) * 1000


def instructions(command: Sequence[str], env: dict[str, str]) -> int:
    """Instructions one run of ``command`` executes in user space, counted by
    valgrind's cachegrind: unmoved by other work on the machine (though blind to
    waiting on the disk and to the kernel's work)."""
    done = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no",
                           "--cachegrind-out-file=/dev/null", *command], env=env,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed under valgrind: {done.stderr}")
    counted = [line for line in done.stderr.splitlines() if "I   refs:" in line
               or "I refs:" in line]
    return int(counted[-1].split(":")[1].replace(",", "").strip())


Row = tuple[str, list[str], float]


def chosen(rows: Sequence[Row], wanted: str | None) -> list[Row]:
    """The rows whose label starts with one of the comma-separated ``wanted`` prefixes
    (``roll`` picks both roll rows, ``roll 5 --as`` only the recorded one); every row
    when ``wanted`` is ``None``. A prefix that picks no row stops the bench."""
    if wanted is None:
        return list(rows)
    prefixes = [p.strip() for p in wanted.split(",") if p.strip()]
    for prefix in prefixes:
        if not any(label.startswith(prefix) for label, _, _ in rows):
            raise SystemExit(f"--rows: no row starts with {prefix!r}; rows: "
                             + ", ".join(label for label, _, _ in rows))
    return [row for row in rows if any(row[0].startswith(p) for p in prefixes)]


def count(pythons: Sequence[Path], env: dict[str, str]) -> None:
    """Prints each row's instructions as a multiple of bare Python's, for each of
    ``pythons`` (one run each, after a warm-up run that writes any missing bytecode)."""
    bare = instructions([str(pythons[0]), "-c", "pass"], env)
    print(f"instructions (valgrind), × bare python's {bare / 1e6:.1f} M")
    for label, args, goal in ROWS:
        ratios = []
        for python in pythons:
            command = [str(python), str(python.parent / "mistborn"), *args]
            timed(command, env)
            ratios.append(f"{instructions(command, env) / bare:6.2f}")
        print(f"  {label:<30} {' '.join(ratios)}   goal ≤ {goal:g}×")


Times = list[tuple[float, float]]
"""One command's (wall, CPU) times in ms, one per round."""


def measure(pythons: Sequence[Path], runs: int, env: dict[str, str]
            ) -> tuple[Times, list[list[Times]]]:
    """Bare Python's times, then the :data:`PARTS`' and each row's for each of
    ``pythons``, ``runs`` interleaved rounds (after one warm-up round that also writes
    any missing bytecode)."""
    commands = [[str(pythons[0]), "-c", "pass"]] + [
        [str(pythons[0]), "-c", code] for _, code in PARTS] + [
        [str(python.parent / "mistborn"), *args] for python in pythons for _, args, _ in ROWS]
    times: list[Times] = [[] for _ in commands]
    for round_ in range(runs + 1):
        shift = round_ % len(commands)
        order = list(range(len(commands)))[shift:] + list(range(len(commands)))[:shift]
        took = {index: timed(commands[index], env) for index in order}
        if round_:
            for index, ms in took.items():
                times[index].append(ms)
    rows = times[1 + len(PARTS):]
    return times[0], [times[1:1 + len(PARTS)],
                      *(rows[at:at + len(ROWS)] for at in range(0, len(rows), len(ROWS)))]


def _ratio(times: Times, bare: Times, which: int) -> float:
    return statistics.median(t[which] / b[which] for t, b in zip(times, bare, strict=True))


def report(bare: Times, parts: list[Times], rows: list[Times], against: list[Times] | None,
           revision: str) -> bool:
    """Prints the table of ratios, the :data:`PARTS` after the rows; whether every row
    met its goal (by CPU time, the steadiest on a busy machine; the wall clock's figures
    beside it). With ``against``, the same rows of another revision, timed in the same
    rounds (CPU / wall ratios)."""
    then = f"{revision[:10]} ×" if against else ""
    print(f"{'command':<30} {'CPU ms':>7} {'× bare':>7} {'goal':>6}        {'ms':>7} "
          f"{'× bare':>7}  {then:>12}")
    print(f"{'python -c pass':<30} {statistics.median(t[1] for t in bare):7.1f} {1:7.2f}"
          f"{'':20}{statistics.median(t[0] for t in bare):7.1f} {1:7.2f}")
    passed = True
    for index, ((label, _args, goal), times) in enumerate(zip(ROWS, rows, strict=True)):
        ratio = _ratio(times, bare, 1)
        ok = ratio <= goal
        passed &= ok
        before = (f"{_ratio(against[index], bare, 1):6.2f} /{_ratio(against[index], bare, 0):5.2f}"
                  if against else "")
        print(f"{label:<30} {statistics.median(t[1] for t in times):7.1f} {ratio:7.2f} "
              f"{'≤ ' + format(goal, 'g') + '×':>6}  {'PASS' if ok else 'FAIL'}  "
              f"{statistics.median(t[0] for t in times):7.1f} {_ratio(times, bare, 0):7.2f}  "
              f"{before}")
    print("the parts alone, no goal: what any click command drawing with Rich over attrs "
          "values costs")
    for (label, _code), times in zip(PARTS, parts, strict=True):
        print(f"  {label:<28} {statistics.median(t[1] for t in times):7.1f} "
              f"{_ratio(times, bare, 1):7.2f}{'':14}{statistics.median(t[0] for t in times):7.1f} "
              f"{_ratio(times, bare, 0):7.2f}")
    return passed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11, help="interleaved rounds (median)")
    parser.add_argument("--python", type=Path, help="an environment's Python with the "
                        "project installed (default: build a temporary one)")
    parser.add_argument("--against", metavar="REVISION", help="also time a git revision "
                        "of this repository in the same rounds (wall / CPU ratios)")
    parser.add_argument("--instructions", action="store_true", help="count each row's "
                        "instructions with valgrind instead of timing it (slow; unmoved "
                        "by the machine's load)")
    parser.add_argument("--rows", metavar="PREFIXES", help="only the rows whose label "
                        "starts with one of these comma-separated prefixes, e.g. roll,odds")
    parser.add_argument("--fill", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    ROWS[:] = chosen(ROWS, args.rows)
    if args.fill:
        fill(args.fill)
        return 0
    with tempfile.TemporaryDirectory() as folder:
        python = args.python or install(Path(folder) / "venv")
        pythons = [python]
        if args.against:
            pythons.append(install(Path(folder) / "against", args.against))
        path = Path(folder) / "table.db"
        env = _environment({"MISTBORN_DB": str(path), "MISTBORN_AS": "Narrator",
                            "NO_COLOR": "1", "COLUMNS": "80"})
        subprocess.run([str(python), __file__, "--fill", str(path)], check=True, env=env,
                       cwd=ROOT)
        if args.instructions:
            count(pythons, env)
            return 0
        load = os.getloadavg()[0]
        bare, (parts, rows, *against) = measure(pythons, max(1, args.runs), env)
        print(f"{max(1, args.runs)} interleaved rounds, load average {load:.2f} → "
              f"{os.getloadavg()[0]:.2f}; the ratio is the median of each round's own")
        return 0 if report(bare, parts, rows, against[0] if against else None,
                           args.against or "") else 1


if __name__ == "__main__":
    sys.exit(main())
