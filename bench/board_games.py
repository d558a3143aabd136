"""How fast the board games replay a long game, and what that costs a command.

Each game is played long, deterministically (a seeded ``random.Random``), through its
library only:

* House War: 5 Houses, 60 turns (collect, every Problem worsens, a new Problem, a deal
  when one House can pay alone, else a pass, end of turn), no Vin, so it never ends;
* the Deckbuilding Game: 4 players, 150 turns of Mission points, coins, Boxings,
  healing and a little damage, everyone kept alive;
* Stuffed: 3 players, 150 turns, each rolling and spending what the dice allow
  (never the Mission), by the library's own options.

Timed, each the median of ``--runs`` runs:

(a) in process: replaying the events (``Session`` over the pure ``apply``), and from
    JSON lines (the codec's strict reader, then ``apply``);
(b) whole processes of the installed command on a table holding the game: ``show
    --json`` (read and replay) and one write (read, replay, check by the rules,
    append), with cached bytecode as installed.

Nothing is asserted; the figures are printed. Run from the virtual environment the
package is installed in:

    python bench/board_games.py --runs 7

(Named board_games.py: a script called boardgames.py would shadow the package it
times.)
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from boardgames import deckbuilding as dbg
from boardgames import housewar as hw
from boardgames import stuffed
from boardgames.housewar.pay import can_pay
from boardgames.session import Session
from boardgames.stuffed.choices import options as dice_options
from table import Table, games

HOUSES = ["Venture", "Lekal", "Hasting", "Tekiel", "Erikeller"]


def house_war(turns: int, rng: random.Random) -> list[hw.Event]:
    """A long game of House War (see the module docstring)."""
    game = hw.new_game(5, "long", HOUSES)
    kinds = ["money", "food", "prestige", "skaa", "warriors"]
    made = 0
    for house in HOUSES:  # R-HW-5: each House's sheet, collected at set-up
        game.push(hw.Sheet(house, hw.parse_resources(
            f"1 {rng.choice(kinds)} 1 {rng.choice(kinds)}")))

    def add(reason: str) -> None:
        nonlocal made
        made += 1
        cost = hw.parse_resources(f"{rng.randint(1, 2)} {rng.choice(kinds)}")
        game.push(hw.AddProblem(f"Problem {made}", urgency=rng.randint(1, 3),
                                reason=reason, cost=cost, favor=rng.randint(1, 4)))

    for _ in range(5):
        add("setup")
    for _ in range(turns):
        state = game.state
        active = state.active.name
        game.push(hw.Collect(active))  # its remembered income
        for name in game.state.to_move:
            game.push(hw.Worsen(name))
        while game.state.problems_needed:
            add("turn")
        state = game.state
        holder = state.house(active)
        payable = [name for name in state.track.names
                   if (card := state.card(name)) is not None and card.cost_now is not None
                   and can_pay(holder.resources, card.cost_now)]
        if payable:
            card = state.card(payable[0])
            assert card is not None and card.cost_now is not None and card.favor is not None
            game.push(hw.Solve(payable[0], (hw.Share(active, card.cost_now),),
                               (hw.Award(active, card.favor),)))
        else:
            game.push(hw.Pass(active, rng.choice(["money", "food", None])))
        game.push(hw.EndTurn())
    return list(game.events)


def deckbuilding(turns: int, rng: random.Random) -> list[dbg.Event]:
    """A long Deckbuilding Game (see the module docstring)."""
    names = ("Vin", "Kelsier", "Marsh", "Elend")
    game = dbg.start(names)
    for _ in range(turns):
        active = game.state.active.name
        game.push(dbg.GainCoins(active, rng.randint(1, 6)))
        if game.state.turn.coins >= 2:
            game.push(dbg.BuyBoxings(active, 1))
        if rng.random() < 0.3:
            seat = game.state.seat(active)
            room = [12 - m.steps[seat] for m in game.state.missions]
            if max(room) > 1:  # never all three tops: the game goes on
                track = room.index(max(room))
                points = [0, 0, 0]
                points[track] = 1
                game.push(dbg.GainMission(active, 1))
                game.push(dbg.SpendMission(active, tuple(points)))
        victim = rng.choice([n for n in names if n != active])
        game.push(dbg.Damage(victim, rng.randint(1, 3)))
        game.push(dbg.Heal(victim, 3))
        game.push(dbg.EndTurn())
    return list(game.events)


def stuffed_game(turns: int, rng: random.Random) -> list[stuffed.Event]:
    """A long game of Stuffed, played by what the dice can buy (never the Mission)."""
    game = stuffed.new_session([stuffed.NewGame(
        (stuffed.Seat("Ann", "Kelsier", "charisma"), stuffed.Seat("Bo", "Vin", "resource"),
         stuffed.Seat("Cy", "Sazed", "intelligence")),
        stuffed.Mission("Heist", 6, 2, "ch:4,i:4"))])
    for _ in range(turns):
        game.push(stuffed.roll_event(game.state, rng))
        for _step in range(4):
            choices = [o for o in dice_options(game.state)
                       if not isinstance(o.event, (stuffed.CompleteMission, stuffed.MyBirden))]
            if not choices:
                break
            game.push(choices[0].event)
        if game.state.current.cards.value >= 3:
            game.push(stuffed.Discard())
        game.push(stuffed.EndTurn())
    return list(game.events)


def median_ms(action: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def process_ms(args: Sequence[str], runs: int, env: dict[str, str]) -> float:
    subprocess.run(list(args), check=True, capture_output=True, env=env)  # warm-up
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(list(args), check=True, capture_output=True, env=env)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = max(1, parser.parse_args().runs)
    rng = random.Random(12)
    played: list[tuple[str, str, Any, Any, Sequence[Any], list[str]]] = [
        ("House War, 60 turns", "housewar", hw.apply, hw.State(), house_war(60, rng),
         ["hw", "score", "venture", "--favor", "1"]),
        ("Deckbuilding Game, 150 turns", "deckbuilding", dbg.apply, dbg.BLANK,
         deckbuilding(150, rng), ["dbg", "coins", "2"]),
        ("Stuffed, 150 turns", "stuffed", stuffed.apply, stuffed.EMPTY,
         stuffed_game(150, rng), ["stuffed", "roll", "-f", "c c c ch ch i b r"]),
    ]
    mistborn = str(Path(sys.executable).parent / "mistborn")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "table.db"
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(MISTBORN_DB=str(path), MISTBORN_AS="bench", NO_COLOR="1", COLUMNS="40")
        for title, kind, apply, initial, events, write in played:
            codec = games.rules(kind)
            texts = [json.dumps(codec.encode(e)) for e in events]
            replay = median_ms(lambda a=apply, i=initial, e=events: Session(a, i, e), runs)
            from_json = median_ms(lambda a=apply, i=initial, c=codec, t=texts: Session(
                a, i, [c.decode(json.loads(x)) for x in t]), runs)
            with Table(path) as table:
                games.start(table, kind, title, events[:1], who="bench")
                games.record(table, kind, title, lambda _s, e=events: list(e[1:]),
                             who="bench")
            shown = process_ms([mistborn, *write[:1], "show", "--json"], runs, env)
            print(f"{title}: {len(events)} events")
            print(f"  replay in process   {replay:7.1f} ms")
            print(f"  replay from JSON    {from_json:7.1f} ms")
            print(f"  mistborn {write[0]} show --json (whole process)  {shown:7.1f} ms")
            if kind == "stuffed":
                # A second roll in one turn is refused: each timed roll is undone after.
                times = []
                for _ in range(runs + 1):
                    start = time.perf_counter()
                    subprocess.run([mistborn, *write], check=True, capture_output=True,
                                   env=env)
                    times.append((time.perf_counter() - start) * 1000)
                    subprocess.run([mistborn, "stuffed", "undo"], check=True,
                                   capture_output=True, env=env)
                wrote = statistics.median(times[1:])
            else:
                wrote = process_ms([mistborn, *write], runs, env)
            print(f"  mistborn {' '.join(write)} (whole process)  {wrote:7.1f} ms")


if __name__ == "__main__":
    main()
