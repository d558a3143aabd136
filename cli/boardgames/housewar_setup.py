"""``mistborn housewar new``, ``undo``, ``show`` and ``pay``: setting a game up, taking
a step back, the whole game on one screen, and whether one House can pay a cost."""

from __future__ import annotations

from collections.abc import Sequence

import click

from cli.boardgames import base as games
from cli.boardgames.base import ManyOption, common, game_command, game_option
from cli.boardgames.housewar import face, house, problem, tokens
from cli.common.output import json_option, make_console, print_json
from cli.common.table_option import table_option


@game_command("new", "Start a game: players, length, Houses.")
@click.option("--players", type=int, required=True, metavar="N",
              help="3, 4 or 5 (R-HW-5).")
@click.option("--length", required=True, metavar="short|medium|long",
              help="1, 2 or 3 piles above the Vin pile.")
@click.option("--houses", cls=ManyOption, metavar="NAMES…",
              help="The Houses in turn order, the first Active House first (default: "
                   "House 1, House 2…).")
@common
def new(players: int, length: str, houses: Sequence[str], as_json: bool) -> None:
    """Start a game and make it current (R-HW-5): the supply by player count, the
    track's rows by player count (2 with 3 players, else 3), the game's length. Then
    place 1 starting Problem per player (add NAME --urgency U --setup). Name it with
    --game NAME."""
    from boardgames.housewar.events import Start

    games.start(face(), [Start(players, length, tuple(houses))], as_json=as_json)


@game_command("undo", "Take back your last step (history keeps it).", rank=2)
@click.option("--anyone", is_flag=True,
              help="Take back the last step even when someone else wrote it.")
@common
def undo(anyone: bool, as_json: bool) -> None:
    """Take back the last step of the game, if you wrote it (--as, or $MISTBORN_AS);
    --anyone takes it back whoever wrote it. It stays in the log, marked undone. The
    set-up itself is never undone."""
    games.undo(face(), as_json=as_json, anyone=anyone)


@game_command("show", "The Problem grid, Unrest, the Houses' scores.", rank=2)
@click.option("--last", default=3, show_default=True, type=click.IntRange(0, 100),
              metavar="N", help="How many of the last events to show.")
@common
def show(last: int, as_json: bool) -> None:
    """The Problem grid (Urgency I–IV, lowest row at the bottom), each Problem's cost,
    Unrest, the supply, every House's Favor, Disgrace, score and tokens (▶ the Active
    House), the outcome once the game is over, and what comes next."""
    from boardgames.housewar.codec import snapshot
    from boardgames.housewar.screen import next_line
    from cli.boardgames.housewar_screens import board

    name, loaded = games.load(face().kind)
    state = loaded.state
    said = games.last_sentences(face(), loaded, last)
    if as_json:
        print_json({"game": name, "version": loaded.version, **snapshot(state),
                    "last": said, "next": next_line(state)})
        return
    console = make_console()
    console.print(board(name, state, console.width, said, next_line(state)))


@game_command("pay", "Can one House pay a cost alone, and how.", rank=1)
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
    from boardgames.errors import BadValue, RuleViolation
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

    console = make_console()
    console.print(payment_screen(holding, cost, payment, short, console.width))
