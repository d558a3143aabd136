"""``mistborn housewar timer``: the optional negotiation timer (the rulebook recommends
3–4 minutes for a deal). Its start time comes from the table's clock and is stored in
the game's log, so every process and every board sees the same timer; the library's
:mod:`boardgames.housewar.timer` says what it means."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from cli.boardgames import base as games
from cli.boardgames.base import common, game_command
from cli.boardgames.housewar import face
from cli.common.errors import fail

if TYPE_CHECKING:
    from boardgames.housewar.state import State


def _minutes(typed: str) -> int:
    """``3``, ``3.5`` or ``2:30`` as seconds; ``stop`` as 0."""
    from boardgames.housewar.timer import LONGEST, SHORTEST

    text = typed.strip().lower()
    if text == "stop":
        return 0
    try:
        if ":" in text:
            minutes, seconds = text.split(":", 1)
            total = int(minutes) * 60 + int(seconds)
        else:
            total = round(float(text) * 60)
    except ValueError:
        total = -1
    if not SHORTEST <= total <= LONGEST:
        fail(f"the timer runs {SHORTEST} seconds to {LONGEST // 60} minutes (3, 3.5, 2:30) "
             f"or stops (stop), got {typed[:40]!r}")
    return total


@game_command("timer", "The negotiation timer: timer 3, timer stop.")
@click.argument("length", metavar="MINUTES|stop")
@common
def timer(length: str, as_json: bool) -> None:
    """Start the negotiation timer for MINUTES (3, 3.5 or 2:30; the rulebook recommends
    3–4 minutes for a deal), replacing a running one; or stop it (timer stop).

    Every board shows it (negotiation: 2:15 left, then negotiation time is up), and
    the first step written after it runs out says so once."""
    from boardgames.housewar.timer import StartTimer, StopTimer, ran_out
    from conflict.table import clock

    seconds = _minutes(length)

    def build(state: State) -> list[Any]:
        now = clock.now()
        if not seconds:
            # Already run out: the time-up written first is the stop.
            return [] if ran_out(state.timer, clock.parse(now)) else [StopTimer()]
        return [StartTimer(now, seconds)]

    games.write(face(), build, as_json=as_json)
