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

if TYPE_CHECKING:
    from boardgames.housewar.state import State


@game_command("timer", "The negotiation timer: timer 3, timer stop.")
@click.argument("length", metavar="MINUTES|stop")
@common
def timer(length: str, as_json: bool) -> None:
    """Start the negotiation timer for MINUTES (3, 3.5 or 2:30; the rulebook recommends
    3–4 minutes for a deal), replacing a running one; or stop it (timer stop).

    Every board shows it (negotiation: 2:15 left, then negotiation time is up), and
    the first step written after it runs out says so once."""
    from boardgames.housewar import timer as negotiation
    from table import clock

    seconds = negotiation.length(length)

    def build(state: State) -> list[Any]:
        now = clock.now()
        return list(negotiation.set_to(state.timer, seconds, now, clock.parse(now)))

    games.write(face(), build, as_json=as_json)
