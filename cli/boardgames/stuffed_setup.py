"""``mistborn stuffed new``, ``undo`` and ``show``: setting a game up, taking a step
back, and the whole game on one screen."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from boardgames.errors import BadValue
from cli.boardgames import base as games
from cli.boardgames.base import ManyOption, common, game_command, show_last
from cli.boardgames.stuffed import face
from cli.common.output import echo_wrapped, make_console, print_json
from cli.common.streams import ENGLISH
from cli.common.values import Whole

if TYPE_CHECKING:
    from boardgames.stuffed.events import Seat


def _seat(spec: str) -> Seat:
    """A player typed as ``NAME:ATTRIBUTE`` or ``NAME:ATTRIBUTE:HERO``."""
    from boardgames.stuffed.events import Seat

    parts = [part.strip() for part in spec.split(":")]
    if len(parts) not in (2, 3) or not all(parts):
        raise BadValue(f"a player is NAME:ATTRIBUTE (the Hero's Attribute, e.g. "
                       f"ann:charisma) or NAME:ATTRIBUTE:HERO, got {spec!r}"[:140],
                       rule="R-STF-6")
    name, attribute = parts[0], parts[1]
    hero = parts[2] if len(parts) == 3 else f"{name}'s Hero"
    if len(hero) > 40:
        hero = f"Hero of {name}"[:40]
    return Seat(name, hero, attribute)


@game_command("new")
@click.option("--players", "-p", cls=ManyOption, required=True, metavar="NAME:ATTR…",
              help="The players in turn order, each with the Attribute on their Hero's "
                   "card (ann:charisma), and optionally the Hero's name (ann:ch:Kelsier).")
@click.option("--mission", "mission_name", default="Mission", show_default=True,
              metavar="NAME", help="The Mission card's name.")
@click.option("--teammates", type=Whole(), required=True, metavar="N",
              help="Teammates the Mission needs (Heroes don't count).")
@click.option("--mercenaries", type=Whole(), default=0, show_default=True, metavar="M",
              help="How many of them must be Mercenaries.")
@click.option("--combo", required=True, metavar="COMBO",
              help="The Mission's combination, e.g. ch:2,i,r or 3-kind,b.")
@click.option("--die", "die_faces", cls=ManyOption, metavar="FACES…",
              help="Your dice's six faces if they differ from one of each symbol "
                   "(e.g. c c e b i r).")
@common
def new(players: Sequence[str], mission_name: str, teammates: int, mercenaries: int,
        combo: str, die_faces: Sequence[str], as_json: bool) -> None:
    """Start a game of Stuffed and make it current (R-STF-1, R-STF-7): the players in
    turn order with their Heroes, and the face-up Mission. Name it with --game NAME
    (default: Game 1, Game 2…).

    \b
    Example:
      mistborn stuffed new \\
        -p ann:ch bo:r --mission Heist \\
        --teammates 3 --mercenaries 1 \\
        --combo ch:2,i,r
    """
    from boardgames.stuffed.dice import DEFAULT_DIE, Die
    from boardgames.stuffed.events import Mission, NewGame

    seats = tuple(_seat(spec) for spec in players)
    die = Die(" ".join(die_faces)) if die_faces else DEFAULT_DIE
    event = NewGame(seats, Mission(mission_name, teammates, mercenaries, combo), die)
    games.start(face(), [event], as_json=as_json)


@game_command("show")
@show_last
@common
def show(last: int, as_json: bool) -> None:
    """The game: the Mission, the turn's dice (× spent), the Teammates on offer, every
    player's coins, cards and team (▶ whose turn), what the dice can get now, the last
    events and what comes next."""
    if not as_json and _stored(last):
        return
    from boardgames.stuffed.codec import snapshot
    from cli.boardgames.stuffed_screens import board

    said = face()
    name, loaded, lines, ending = games.showing(said, last)
    state = loaded.state
    if as_json:
        print_json({"game": name, "version": loaded.version, **snapshot(state),
                    "last": lines, "next": said.next_line(state), "summary": ending})
        return
    console = make_console()
    console.print(board(name, state, console.width, lines, said.next_line(state)))
    for line in games.summary_lines(face(), ending):
        echo_wrapped(line)


def _stored(last: int) -> bool:
    """``show`` drawn from the view the game's last write stored, if it can be taken
    (:mod:`cli.boardgames.stored`): no game code loaded, no replay."""
    from cli.boardgames.stored import show_stored
    from cli.boardgames.stuffed_screens import drawn_board

    stored = show_stored("stuffed", last, drawn_board)
    if stored is None:
        return False
    for line in games.summary_lines(ENGLISH, stored.summary):
        echo_wrapped(line)
    return True
