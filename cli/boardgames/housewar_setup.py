"""``mistborn housewar new``, ``undo``, ``show`` and ``pay``: starting a game, taking a
step back, the whole game on one screen for whoever looks, and whether one House can
pay a cost."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from boardgames.errors import BadValue, RuleViolation
from cli.boardgames import base as games
from cli.boardgames.base import ManyOption, common, game_command, game_option, show_last
from cli.boardgames.housewar import face
from cli.boardgames.seat import show as shown_at
from cli.common.errors import option_words
from cli.common.output import json_option, make_console, print_json
from cli.common.step_commands import OwnSeat
from cli.common.streams import last_steps
from cli.common.table_option import table_option
from cli.common.values import Whole

if TYPE_CHECKING:
    from boardgames.housewar.events import Event
    from boardgames.housewar.state import State
    from core.viewer import Viewer
    from table.sessions import Loaded


@game_command("new")
@click.option("--players", type=Whole(), required=True, metavar="N",
              help="3, 4 or 5 (R-HW-5).")
@click.option("--length", required=True, metavar="short|medium|long",
              help="1, 2 or 3 piles above the Vin pile.")
@click.option("--houses", cls=ManyOption, metavar="NAMES…",
              help="The Houses in turn order, clockwise (default: House 1, House 2…).")
@click.option("--first", metavar="HOUSE",
              help="The House that takes the first turn (default: the one highest on "
                   "the rulebook's House list: Steel Ministry, Venture, Hasting…).")
@common
def new(players: int, length: str, houses: Sequence[str], first: str | None,
        as_json: bool) -> None:
    """Start a game and make it current (R-HW-5): the supply by player count, the
    track's rows by player count (2 with 3 players, else 3), the game's length, the
    first Active House. Then each House collects its sheet (sheet HOUSE TOKENS --cards
    N) and 1 starting Problem per player is placed (add NAME --urgency U --setup).
    Name it with --game NAME."""
    from boardgames.housewar.events import Start
    from boardgames.housewar.sheets import first_active

    names = Start(players, length, tuple(houses)).names
    chosen = first_active(names) if first is None else _named(names, first)
    games.start(face(), [Start(players, length, tuple(houses), chosen)], as_json=as_json)


def _named(names: Sequence[str], typed: str) -> str:
    """The House of ``names`` that ``typed`` means (a unique beginning or word)."""
    from characters.lookup import matches

    found = matches(typed, list(names))
    return found[0] if len(found) == 1 else typed


@game_command("show")
@show_last
@click.option("--table", "shared", is_flag=True,
              help="The shared board: no House's score or face-down card before the end.")
@click.option("--house", "house_typed", metavar="HOUSE",
              help="As HOUSE's player sees it: its own score and cards, no one else's.")
@common
def show(last: int, shared: bool, house_typed: str | None, as_json: bool) -> None:
    """The Problem grid (Urgency I–IV, lowest row at the bottom), each Problem's cost,
    Unrest, the supply, every House's tokens (▶ the Active House), Favor, Disgrace and
    score, the outcome and each House's breakdown once the game is over, and what comes
    next.

    Scores stay face down until the end (R-HW-6). This terminal runs the game, so it
    shows them all, marked hidden from the players; --table is the board the whole
    table sees (no score, no face-down card), --house HOUSE what that House's player
    sees. --json holds only what the board shows."""
    if not as_json and not shared and house_typed is None and _stored(last):
        return
    from boardgames.housewar.codec import snapshot
    from boardgames.housewar.grammar import house
    from boardgames.housewar.privacy import looking
    from boardgames.housewar.screen import final_summary, next_line
    from boardgames.housewar.timer import timer_line
    from cli.boardgames.housewar_screens import board
    from table import clock

    name, loaded = games.load(face().kind)
    state = loaded.state
    viewer = looking(narrator=not shared and house_typed is None,
                     houses=[] if house_typed is None else
                     [state.house(house(state, house_typed)).name])
    said = last_sentences(loaded, last, viewer)
    if as_json:
        now = clock.parse(clock.now())
        print_json({"game": name, "version": loaded.version, **snapshot(state, viewer),
                    "last": said, "next": next_line(state, viewer, words=option_words),
                    "negotiation": timer_line(state.timer, now),
                    "summary": list(final_summary(state, viewer))})
        return
    console = make_console()
    console.print(board(name, state, console.width, said,
                        next_line(state, viewer, words=option_words), viewer))


def _stored(last: int) -> bool:
    """The Narrator's ``show`` drawn from the view the game's last write stored, if it
    can be taken (:mod:`cli.boardgames.stored`): no game code loaded, no replay."""
    from cli.boardgames.housewar_screens import drawn_board
    from cli.boardgames.stored import show_stored

    return show_stored("housewar", last, drawn_board) is not None


def last_sentences(loaded: Loaded[State, Event], count: int, viewer: Viewer) -> list[str]:
    """The sentences of the last ``count`` events, as ``viewer`` may read them."""
    from boardgames.housewar.describe import describe

    return last_steps(loaded.states, loaded.events, count,
                      lambda before, event, after: describe(before, event, after,
                                                            viewer=viewer))


@game_command("pay", own_seat=OwnSeat("--house", ("house_typed", "hold")))
@click.option("--hold", cls=ManyOption, commas=False, metavar="TOKENS…",
              help="The tokens one House holds (2 food 1 atium); default with --house: "
                   "that House's in the current game.")
@click.option("--cost", "cost_typed", cls=ManyOption, commas=False, metavar="TOKENS…",
              help="The cost (3 food 1 skaa); default with --problem: its cost now.")
@click.option("--house", "house_typed", metavar="HOUSE",
              help="Read the tokens of this House in the current game.")
@click.option("--problem", "problem_typed", metavar="PROBLEM",
              help="Read the cost of this Problem in the current game.")
@table_option
@game_option
@json_option
def pay(hold: Sequence[str], cost_typed: Sequence[str], house_typed: str | None,
        problem_typed: str | None, as_json: bool) -> None:
    """Whether one House's tokens pay a cost alone, and the cheapest way (R-HW-4): a
    token pays its own kind, 1 Atium any icon, any 2 tokens any icon; Houses never
    pool. Works without a game; --house and --problem read the current game.

    \b
    Example:
      mistborn housewar pay \\
        --hold 2f 1m 1a --cost 3 food
    """
    from boardgames.housewar.grammar import house, problem, tokens
    from boardgames.housewar.pay import cheapest_payment, check_cost, shortfall

    holding = tokens(hold) if hold else None
    cost = tokens(cost_typed) if cost_typed else None
    if house_typed is not None or problem_typed is not None:
        _name, loaded = games.load(face().kind)
        state = loaded.state
        if house_typed is not None and holding is None:
            holding = state.house(house(state, house_typed)).resources
        if problem_typed is not None and cost is None:
            card = state.card(state.on_board(problem(state, problem_typed)))
            if card is None or card.cost_now is None:
                raise RuleViolation(f"{problem_typed!r}'s printed cost is not known: "
                                    f"give --cost"[:120], rule="R-HW-4")
            cost = card.cost_now
    if holding is None or cost is None:
        raise BadValue("give the tokens held (--hold or --house) and the cost (--cost or "
                       "--problem)", rule="R-HW-4")
    check_cost(cost)
    payment = cheapest_payment(holding, cost)
    short = shortfall(holding, cost)
    if as_json:
        from boardgames.housewar.resources import RESOURCES, Resources

        def counts(value: Resources) -> dict[str, int]:
            return {k.value: value[k] for k in RESOURCES}

        print_json({"hold": counts(holding), "cost": counts(cost),
                    "can_pay": payment is not None, "short": short,
                    "spent": None if payment is None else counts(payment.spent),
                    "keeps": None if payment is None else counts(holding - payment.spent),
                    "how": None if payment is None else payment.text()})
        return
    from cli.boardgames.housewar_screens import payment_screen

    shown_at(lambda width: payment_screen(holding, cost, payment, short, width))
