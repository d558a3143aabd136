"""The turn's commands of ``mistborn stuffed``: one per thing a player does with the
dice, coins and cards (R-STF-2..7).

Each reads the command line, says what it wants as events built against the game as
it stands when written (another player may have written first: the rules check again),
and prints the library's sentence and what comes next. Dice left out are picked from
the unspent ones: the set, the Teammate's combination, the Mission's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import click

from cli.boardgames import base as games
from cli.boardgames.base import ManyOption, common, game_command
from cli.boardgames.stuffed import character, chosen_dice, face, paid_die, player

if TYPE_CHECKING:
    from boardgames.stuffed.events import Event, Teammate
    from boardgames.stuffed.state import Game

F = TypeVar("F", bound=Callable[..., Any])


def _faces(typed: Sequence[str]) -> str | None:
    return " ".join(typed) if typed else None


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
    from boardgames.stuffed.events import Roll
    from boardgames.stuffed.rules import roll_event

    typed = _faces(faces)

    def build(state: Game) -> list[Event]:
        return [Roll(typed) if typed is not None else roll_event(state)]

    games.write(face(), build, as_json=as_json)


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
    from boardgames.stuffed.dice import parse_symbols
    from boardgames.stuffed.events import Reroll

    typed = _faces(faces)

    def build(state: Game) -> list[Event]:
        positions = chosen_dice(state, dice, "a reroll", rule="R-STF-3")
        new = parse_symbols(typed) if typed is not None else \
            state.die.roll(len(positions))
        if card is not None:
            if by is not None or pay is not None:
                from boardgames.errors import BadValue

                raise BadValue("a reroll comes from an ability or a card, not both",
                               rule="R-STF-3")
            return [Reroll(positions, new, card="" if card == "card" else card)]
        name = character(state, by or "hero")
        paid = paid_die(state, name, positions, pay)
        return [Reroll(positions, new, character=name, paid=paid)]

    games.write(face(), build, as_json=as_json)


@game_command("spend", "Spend 3 of a kind for a coin, 4 for a card.")
@click.argument("dice", nargs=-1, required=True)
@common
def spend(dice: Sequence[str], as_json: bool) -> None:
    """Spend DICE as a set (R-STF-4): 3 of a kind for a coin, 4 of a kind for an
    Advantage card; never Birdens. By position (1 2 3) or symbol (ch:3, 4-kind)."""
    from boardgames.stuffed.events import SpendSet

    games.write(face(), lambda state: [SpendSet(chosen_dice(state, dice, "a set",
                                                            rule="R-STF-4"))],
                as_json=as_json)


@game_command("buy", "Buy a coin (3 of a kind) or a card (2 coins).")
@click.argument("what", type=click.Choice(["coin", "card"]))
@with_dice("The set to spend: a coin takes 3 of a kind; a card 4 of a kind instead of "
           "2 coins.")
@common
def buy(what: str, dice: Sequence[str], as_json: bool) -> None:
    """Buy a coin with 3 of a kind, or an Advantage card with 2 coins (or with 4 of a
    kind: --with) (R-STF-4). The set is picked from the unspent dice unless given."""
    from boardgames.stuffed.events import BuyCard, SpendSet

    def build(state: Game) -> list[Event]:
        if what == "card" and not dice:
            return [BuyCard()]
        wanted = dice or ["3-kind"]
        return [SpendSet(chosen_dice(state, wanted, f"a {what}", rule="R-STF-4"))]

    games.write(face(), build, as_json=as_json)


def _teammate(state: Game, name: str, kind: str | None, attribute: str | None,
              needs: str | None) -> Teammate:
    """The Teammate a recruit means: the one on offer called ``name`` (any unique
    beginning), with what the command line says of it."""
    from boardgames.errors import BadValue
    from boardgames.stuffed.events import Teammate
    from characters.lookup import matches

    found = matches(name, [t.name for t in state.offer])
    offered = next((t for t in state.offer if len(found) == 1 and t.name == found[0]), None)
    if offered is not None:
        if kind is None and attribute is None and needs is None:
            return offered
        return Teammate(offered.name, kind or offered.kind, attribute or offered.attribute,
                        needs or offered.combo)
    if attribute is None or needs is None:
        raise BadValue(f"{name!r} is not on offer: give --needs COMBO and --attribute "
                       f"SYMBOL as the card shows them"[:140], rule="R-STF-5")
    return Teammate(name, kind or "loyal", attribute, needs)


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
    from boardgames.stuffed.events import Recruit

    def build(state: Game) -> list[Event]:
        mate = _teammate(state, name, kind, attribute, needs)
        wanted = dice or ([mate.combo.text] if mate.combo else [])
        return [Recruit(mate, chosen_dice(state, wanted, f"recruiting {mate.name}",
                                          rule="R-STF-5"))]

    games.write(face(), build, as_json=as_json)


@game_command("steal", "Steal an opponent's Mercenary.")
@click.argument("name")
@click.option("--from", "victim", metavar="PLAYER",
              help="Whose Mercenary (default: whoever has one called NAME).")
@with_dice("The dice to spend (default: picked from the unspent dice).")
@common
def steal(name: str, victim: str | None, dice: Sequence[str], as_json: bool) -> None:
    """Steal the Mercenary NAME from another team: dice that make its combination and
    2 coins (R-STF-5)."""
    from boardgames.errors import RuleViolation
    from boardgames.stuffed.events import Steal
    from characters.lookup import matches

    def build(state: Game) -> list[Event]:
        holders = [p for i, p in enumerate(state.players) if i != state.turn]
        if victim is not None:
            holders = [p for p in holders if p.name == player(state, victim)]
            if not holders:
                raise RuleViolation(f"no other player is called {victim!r}"[:100],
                                    rule="R-STF-5")
        found = [(p, t) for p in holders for t in p.team
                 if t.name in matches(name, [m.name for m in p.team])]
        if len(found) != 1:
            raise RuleViolation(f"no other team holds one Mercenary called {name!r}"[:120]
                                + ("" if victim is None else f" ({victim})"),
                                rule="R-STF-5")
        owner, mate = found[0]
        wanted = dice or ([mate.combo.text] if mate.combo else [])
        positions = chosen_dice(state, wanted, f"stealing {mate.name}", rule="R-STF-5")
        return [Steal(owner.name, mate.name, positions)]

    games.write(face(), build, as_json=as_json)


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
    from boardgames.stuffed.events import Ability, Grunt

    def build(state: Game) -> list[Event]:
        name = character(state, typed)
        if trade:
            positions = chosen_dice(state, trade, "Grunt's trade", rule="R-STF-4")
            return [Grunt(paid_die(state, name, positions, pay), positions)]
        return [Ability(name, paid_die(state, name, (), pay), coins=coins, cards=cards,
                        note=note)]

    games.write(face(), build, as_json=as_json)


def _card_key(card: str) -> str:
    return " ".join(card.split()).casefold()


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
    from boardgames.errors import BadValue
    from boardgames.stuffed.dice import Symbol
    from boardgames.stuffed.events import MyBirden, PlayCard, PlaySacrifice

    title = " ".join(card)

    def build(state: Game) -> list[Event]:
        if _card_key(title) == "my birden":
            birdens = [p for p, s in state.unspent if s is Symbol.BIRDEN]
            birden = birdens[0] if birdens else 0
            positions = chosen_dice(state, dice or ["3-kind"], "My Birden",
                                    rule="R-STF-4", exclude=(birden,))
            if not birden:
                raise BadValue("My Birden needs a Birden among the unspent dice",
                               rule="R-STF-4")
            return [MyBirden(birden, positions)]
        if _card_key(title) == "sacrifice":
            if attribute is None:
                raise BadValue("the Sacrifice joins the team: give --attribute SYMBOL, "
                               "the Attribute her ability takes", rule="R-STF-5")
            return [PlaySacrifice(attribute)]
        return [PlayCard(title, coins=coins, cards=cards)]

    games.write(face(), build, as_json=as_json)


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
    from boardgames.stuffed.events import CompleteMission

    def build(state: Game) -> list[Event]:
        if state.mission is None or not state.rolled or not state.current.meets(
                state.mission):
            return [CompleteMission(())]  # the rules say what is missing
        return [CompleteMission(chosen_dice(state, dice or [state.mission.combo.text],
                                            "the Mission", rule="R-STF-7"))]

    games.write(face(), build, as_json=as_json)


@game_command("end-turn", "End the turn (red-scroll cards: --red).")
@click.option("--red", cls=ManyOption, metavar="CARD…",
              help="Red-scroll Advantage cards played now: they last until your next "
                   "turn (Scouting is known by name).")
@common
def end_turn(red: Sequence[str], as_json: bool) -> None:
    """End the turn (R-STF-2), playing red-scroll cards from your hand (--red)."""
    from boardgames.stuffed.events import EndTurn

    games.write(face(), lambda _state: [EndTurn(tuple(red))], as_json=as_json)
