"""The turn's commands of ``mistborn stuffed``: one per thing a player does with the
dice, coins and cards (R-STF-2..7).

Each reads the command line, says what it wants as events built against the game as
it stands when written (another player may have written first: the rules check again),
and prints the library's sentence and what comes next. Dice left out are picked from
the unspent ones: the set, the Teammate's combination, the Mission's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from cli.boardgames import base as games
from cli.boardgames.base import ManyOption, common, game_command
from cli.boardgames.stuffed import face

F = TypeVar("F", bound=Callable[..., Any])


def with_dice(help_text: str) -> Callable[[F], F]:
    """``--with DICE…``: the dice to spend (default: picked from the unspent dice)."""
    return click.option("--with", "-w", "dice", cls=ManyOption, metavar="DICE…",
                        help=help_text)


@game_command("roll", "Roll the 8 dice (or enter them: --faces).")
@click.option("--faces", "-f", cls=ManyOption, metavar="SYMBOLS…",
              help="The 8 dice rolled at the table (c c e b i ch r r); default: the tool "
                   "rolls.")
@common
def roll(faces: Sequence[str], as_json: bool) -> None:
    """Roll all 8 dice to start the turn (R-STF-2), or enter the dice rolled by hand."""
    from boardgames.stuffed import steps

    games.write(face(), lambda state: [steps.roll(state, faces)], as_json=as_json)


@game_command("reroll", "Reroll chosen dice, by an ability or a card.")
@click.argument("dice", nargs=-1, required=True)
@click.option("--by", "by", metavar="CHARACTER",
              help="Whose ability rerolls (default: hero, your Hero's).")
@click.option("--pay", type=int, metavar="POSITION",
              help="The die spent on the ability (default: the last showing its "
                   "Attribute).")
@click.option("--card", is_flag=False, flag_value="card", default=None, metavar="[NAME]",
              help="An Advantage card rerolls instead (its name, if you like).")
@click.option("--faces", "-f", cls=ManyOption, metavar="SYMBOLS…",
              help="What the rerolled dice show, rolled at the table; default: the tool "
                   "rolls.")
@common
def reroll(dice: Sequence[str], by: str | None, pay: int | None, card: str | None,
           faces: Sequence[str], as_json: bool) -> None:
    """Reroll DICE all at once (R-STF-3): by position (1 4 5) or symbol (b b). A Hero's
    or Teammate's ability costs a die of its Attribute (R-STF-6); an Advantage card's
    costs the card (--card)."""
    from boardgames.stuffed import steps

    name = None if card is None else "" if card == "card" else card  # --card alone: ""
    games.write(face(), lambda state: [steps.reroll_typed(state, dice, faces, by=by, pay=pay,
                                                          card=name)], as_json=as_json)


@game_command("spend", "Spend 3 of a kind for a coin, 4 for a card.")
@click.argument("dice", nargs=-1, required=True)
@common
def spend(dice: Sequence[str], as_json: bool) -> None:
    """Spend DICE as a set (R-STF-4): 3 of a kind for a coin, 4 of a kind for an
    Advantage card; never Birdens. By position (1 2 3) or symbol (ch:3, 4-kind)."""
    from boardgames.stuffed import steps

    games.write(face(), lambda state: [steps.spend(state, dice)], as_json=as_json)


@game_command("buy", "Buy a coin (3 of a kind) or a card (2 coins).")
@click.argument("what", type=click.Choice(["coin", "card"]))
@with_dice("The set to spend: a coin takes 3 of a kind; a card 4 of a kind instead of "
           "2 coins.")
@common
def buy(what: str, dice: Sequence[str], as_json: bool) -> None:
    """Buy a coin with 3 of a kind, or an Advantage card with 2 coins (or with 4 of a
    kind: --with) (R-STF-4). The set is picked from the unspent dice unless given."""
    from boardgames.stuffed import steps

    games.write(face(), lambda state: [steps.buy(state, what, dice)], as_json=as_json)


@game_command("recruit", "Recruit a Teammate with the dice.")
@click.argument("name")
@click.option("--needs", "-n", metavar="COMBO", help="Its combination (if not on offer).")
@click.option("--mercenary", "kind", flag_value="mercenary", help="It is a Mercenary "
              "(2 coins more).")
@click.option("--loyal", "kind", flag_value="loyal", help="It is a Loyal.")
@click.option("--attribute", "-a", metavar="SYMBOL",
              help="The Attribute its ability takes (if not on offer).")
@with_dice("The dice to spend (default: picked from the unspent dice).")
@common
def recruit(name: str, needs: str | None, kind: str | None, attribute: str | None,
            dice: Sequence[str], as_json: bool) -> None:
    """Recruit the Teammate NAME by spending dice that make its combination, and 2
    coins for a Mercenary (R-STF-5). A Teammate on offer needs only its name (any
    unique beginning); another card needs --needs and --attribute."""
    from boardgames.stuffed import steps

    games.write(face(), lambda state: [steps.recruit(state, name, dice, kind=kind,
                                                     attribute=attribute, needs=needs)],
                as_json=as_json)


@game_command("steal", "Steal an opponent's Mercenary.")
@click.argument("name")
@click.option("--from", "victim", metavar="PLAYER",
              help="Whose Mercenary (default: whoever has one called NAME).")
@with_dice("The dice to spend (default: picked from the unspent dice).")
@common
def steal(name: str, victim: str | None, dice: Sequence[str], as_json: bool) -> None:
    """Steal the Mercenary NAME from another team: dice that make its combination and
    2 coins (R-STF-5)."""
    from boardgames.stuffed import steps

    games.write(face(), lambda state: [steps.steal(state, name, victim, dice)],
                as_json=as_json)


@game_command("ability", "Use a Hero's or Teammate's ability.")
@click.argument("typed", metavar="CHARACTER")
@click.option("--pay", type=int, metavar="POSITION",
              help="The die spent on it (default: the last showing its Attribute).")
@click.option("--coins", type=click.IntRange(0, 20), default=0, metavar="N",
              help="Coins the ability gave.")
@click.option("--cards", type=click.IntRange(0, 20), default=0, metavar="N",
              help="Advantage cards it drew.")
@click.option("--note", default="", metavar="TEXT", help="What it did, for the log.")
@click.option("--set", "trade", cls=ManyOption, metavar="DICE…",
              help="Grunt: the 3 of a kind traded for a card (R-STF-4).")
@common
def ability(typed: str, pay: int | None, coins: int, cards: int, note: str,
            trade: Sequence[str], as_json: bool) -> None:
    """Use CHARACTER's ability (hero, or a Teammate's name): spend one die of its
    Attribute; once per character per turn (R-STF-6). Say what the card gave (--coins,
    --cards); for Grunt's trade give the set (--set 3-kind)."""
    from boardgames.stuffed import steps

    games.write(face(), lambda state: [steps.ability(state, typed, pay=pay, coins=coins,
                                                     cards=cards, note=note, trade=trade)],
                as_json=as_json)


@game_command("play", "Play an Advantage card.")
@click.argument("card", nargs=-1, required=True)
@click.option("--coins", type=click.IntRange(0, 20), default=0, metavar="N",
              help="Coins the card gave.")
@click.option("--cards", type=click.IntRange(0, 20), default=0, metavar="N",
              help="Cards it drew.")
@with_dice("My Birden: the 3 of a kind shown (default: picked).")
@click.option("--attribute", "-a", metavar="SYMBOL",
              help="The Sacrifice: the Attribute her ability takes.")
@common
def play(card: Sequence[str], coins: int, cards: int, dice: Sequence[str],
         attribute: str | None, as_json: bool) -> None:
    """Play the Advantage card CARD from your hand (R-STF-4): say what it gave
    (--coins, --cards). Two are known by name: My Birden (a Birden and 3 of a kind
    draw 2 cards; the dice stay) and the Sacrifice (she joins the team: --attribute)."""
    from boardgames.stuffed import steps

    title = " ".join(card)
    games.write(face(), lambda state: [steps.card(state, title, coins=coins, cards=cards,
                                                  dice=dice, attribute=attribute)],
                as_json=as_json)


@game_command("discard", "Discard an Advantage card.")
@click.argument("card", nargs=-1)
@common
def discard(card: Sequence[str], as_json: bool) -> None:
    """Discard an Advantage card (its name, if you like) to make room (R-STF-4)."""
    from boardgames.stuffed.events import Discard

    games.write(face(), lambda _state: [Discard(" ".join(card))], as_json=as_json)


@game_command("mission", "Complete the Mission with the dice and win.")
@with_dice("The dice that make the Mission's combination (default: picked).")
@common
def mission(dice: Sequence[str], as_json: bool) -> None:
    """Complete the Mission: with its Teammates on your team, spend dice that make its
    combination, and win (R-STF-7)."""
    from boardgames.stuffed import steps

    games.write(face(), lambda state: [steps.mission(state, dice)], as_json=as_json)


@game_command("end-turn", "End the turn (red-scroll cards: --red).")
@click.option("--red", cls=ManyOption, metavar="CARD…",
              help="Red-scroll Advantage cards played now: they last until your next "
                   "turn (Scouting is known by name).")
@common
def end_turn(red: Sequence[str], as_json: bool) -> None:
    """End the turn (R-STF-2), playing red-scroll cards from your hand (--red)."""
    from boardgames.stuffed.events import EndTurn

    games.write(face(), lambda _state: [EndTurn(tuple(red))], as_json=as_json)
