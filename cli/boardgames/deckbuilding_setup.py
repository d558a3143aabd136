"""``mistborn deckbuilding new``, ``undo`` and ``show``: setting a game up, taking a
step back, and every dial and track on one screen (R-DBG-1..8)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from boardgames.drawing import DECKBUILDING_WIDTH, LaidOutBoard
from cli.boardgames import base as games
from cli.boardgames.base import ManyOption, game_command, show_last
from cli.boardgames.deckbuilding import common, face, language
from cli.common.errors import option_words
from cli.common.output import echo_wrapped, make_console, plain, print_json
from cli.common.streams import writer
from cli.common.table_option import open_table

if TYPE_CHECKING:

    from boardgames.deckbuilding.events import MissionSpec, NewGame


@game_command("new")
@click.option("--players", "-p", cls=ManyOption, required=True, metavar="NAMES…",
              help="The players in seat order, the first player first.")
@click.option("--coop", "mode", flag_value="coop", help="Co-op: together against the "
              "Lord Ruler.")
@click.option("--solo", "mode", flag_value="solo", help="Solo: one player against the "
              "Lord Ruler.")
@click.option("--missions", cls=ManyOption, commas=False, metavar="SPEC…",
              help="The 3 Missions, each NAME or NAME:STEPS of its mid-track rewards "
                   "(e.g. 'Pits:4,8'); default: Missions 1–3.")
@click.option("--training", cls=ManyOption, commas=False, metavar="KEY=STEPS…",
              help="The Training track as printed, where it differs from the default: "
                   "end=16 burns=4,7,12 abilities=2,5,11,9,14 atium=3,6,8,10,13,15.")
@common
def new(players: Sequence[str], mode: str | None, missions: Sequence[str],
        training: Sequence[str], as_json: bool) -> None:
    """Start a game and make it current (R-DBG-1): health by seat (36, +2, +4, +4 and
    a Boxing), the Target on the last seat with 3–4 players; co-op and solo: the Lord
    Ruler at 48, Dominance 1, 36 cards in his deck. Every cube on the Training track's
    first step, the first player's moved up at once (R-DBG-9). Name it with --game
    NAME."""
    from boardgames.deckbuilding import typed
    from boardgames.deckbuilding.events import DEFAULT_TRAINING, MissionSpec, Mode, NewGame

    specs: tuple[MissionSpec, ...] = tuple(typed.mission_spec(m) for m in missions)
    layout = typed.training(training) if training else DEFAULT_TRAINING
    event = NewGame(tuple(players), Mode(mode or "competitive"),
                    specs or (MissionSpec(),) * 3, training=layout)
    if games.chosen_game() is None and language() == "pl":
        _start_polish(event, as_json=as_json)
        return
    games.start(face(), [event], as_json=as_json)


def _start_polish(event: NewGame, *, as_json: bool) -> None:
    """Start a game as every game starts, named in Polish when no --game names it: the
    first free ``Budowanie talii N`` ("deckbuilding", as the English name says which
    game it is beside a table's others), its number unique in the table as every
    default name's (R-DBG-8, :func:`table.games.free_name`)."""
    from table import games as saved

    said = face()
    with open_table() as table:
        chosen = saved.free_name([info.name for info in table.streams()],
                                  "Budowanie talii")
        name, recorded = saved.start(table, said.kind, chosen, [event], who=writer())
    if not as_json:
        echo_wrapped(f"{plain(name)}:")
    games.report(said, name, recorded.steps, recorded.after, as_json=as_json,
                 version=recorded.version)


@game_command("show")
@show_last
@common
def show(last: int, as_json: bool) -> None:
    """Every dial and track: health, Boxings and Atium (▶ whose turn, the Target, who
    is out), the turn's coins, Mission points and damage, each player's Training step,
    Burns and Flared metals, each Mission track with who is highest and lowest, and in
    co-op the Lord Ruler, his deck and the Adversaries."""
    lang = language()
    if not as_json and lang == "en" and _stored(last):
        return
    from boardgames.deckbuilding import screen
    from boardgames.deckbuilding.codec import snapshot

    name, loaded, said, ending = games.showing(face(), last)
    state = loaded.state
    if as_json:
        print_json({"game": name, "version": loaded.version, "lang": lang,
                    **snapshot(state, lang), "last": said,
                    "next": screen.next_line(state, lang, words=option_words),
                    "summary": ending})
        return
    make_console().print(screen.drawn(state, name=name, lang=lang, last=said,
                                      words=option_words))


def _stored(last: int) -> bool:
    """``show`` in English drawn from the view the game's last write stored, when it
    holds the board laid out to this screen's width (:mod:`cli.boardgames.stored`): no
    game code loaded, no replay."""
    from cli.boardgames.stored import stored_show

    console = make_console()
    width = max(40, min(console.width, DECKBUILDING_WIDTH))
    stored = stored_show("deckbuilding", f"en {width}", last)
    if stored is None or not {"next", "summary"} <= stored.words.keys():
        return False
    console.print(LaidOutBoard(stored.board, stored.name, tuple(stored.lines),
                               stored.next_line, summary=tuple(stored.summary),
                               next_word=stored.words["next"],
                               summary_word=stored.words["summary"]))
    return True
