"""Each Stuffed event as one plain sentence, for logs, screens and the player shell.

``describe(before, event, after, viewer=...)`` reads the state before the event (who
acted, what the dice showed) and after it (what the player holds now). Plain text only:
no markup, no colours, no die glyphs; screens may decorate it. Every figure of Stuffed
is on the table for all to see, so the sentence is the same for every viewer.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardgames.screen import count
from boardgames.stuffed import events as ev
from boardgames.stuffed.dice import Symbol, symbols_text
from boardgames.stuffed.state import Game, Ledger
from core.viewer import NARRATOR, Viewer

__all__ = ["and_list", "describe", "dice_at", "mission_words", "shows", "teammate_words"]


def and_list(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def dice_at(positions: Sequence[int]) -> str:
    """``die 3`` or ``dice 1, 2 and 5``."""
    if len(positions) == 1:
        return f"die {positions[0]}"
    return "dice " + and_list([str(p) for p in positions])


def shows(state: Game, positions: Sequence[int]) -> str:
    """``dice 1, 2 and 5 (coin, coin, essence)``: the positions and what they show."""
    return f"{dice_at(positions)} ({symbols_text(state.dice[p - 1] for p in positions)})"


def _set_words(symbols: Sequence[Symbol]) -> str:
    return symbols[0].counted(len(symbols))


def _card(name: str) -> str:
    return f"an Advantage card ({name})" if name else "an Advantage card"


def _hand(ledger: Ledger) -> str:
    return f"{count(ledger.cards.value, 'card')} in hand"


def _coins(ledger: Ledger) -> str:
    return count(ledger.coins.value, "coin")


def mission_words(mission: ev.Mission) -> str:
    """``Heist: 3 Teammates with at least 1 Mercenary, then 2 charisma and resource``."""
    need = count(mission.teammates, "Teammate")
    if mission.mercenaries:
        need += f" with at least {count(mission.mercenaries, 'Mercenary', 'Mercenaries')}"
    return f"{mission.name}: {need}, then {mission.combo.words}"


def teammate_words(mate: ev.Teammate) -> str:
    """``the Loyal Grunt (resource; recruited with 2 coin and essence)``."""
    cost = f"; recruited with {mate.combo.words}" if mate.combo else ""
    return f"the {mate.kind.label} {mate.name} ({mate.attribute}{cost})"


def _gains(coins: int, cards: int) -> str:
    gains = [f"gains {count(coins, 'coin')}" if coins else "",
             f"draws {count(cards, 'card')}" if cards else ""]
    return and_list([g for g in gains if g])


def _ability(before: Game, character: str, paid: int) -> str:
    return f"spends {shows(before, [paid])} on {character}'s ability"


def describe(before: Game, event: ev.Event, after: Game, *,
             viewer: Viewer = NARRATOR) -> str:
    """One plain sentence saying what ``event`` did, from the state ``before`` it to
    the state ``after`` it, for ``viewer`` (every viewer reads the same sentence:
    nothing in Stuffed is hidden from a player)."""
    if isinstance(event, ev.NewGame):
        players = and_list([f"{s.name} ({s.hero}, {s.attribute})" for s in event.seats])
        die = "" if event.die.is_default else f"; the dice show {symbols_text(event.die.faces)}"
        return (f"A game of Stuffed begins with {players}; the Mission is "
                f"{mission_words(event.mission)}{die}. {event.seats[0].name} goes first.")
    if isinstance(event, ev.Offer):
        words = teammate_words(event.teammate)
        return f"{words[0].upper()}{words[1:]} is turned face up on offer."
    me = before.current.name
    now = after.players[before.turn]
    if isinstance(event, ev.Roll):
        return f"{me} rolls: {symbols_text(event.faces)}."
    if isinstance(event, ev.Reroll):
        how = (_ability(before, event.character, event.paid) if event.paid is not None
               else f"plays {_card(event.card)}")
        return (f"{me} {how} and rerolls {shows(before, event.positions)}: now "
                f"{symbols_text(event.faces)}.")
    if isinstance(event, ev.SpendSet):
        symbols = [before.dice[p - 1] for p in event.positions]
        what = (f"a coin: {_coins(now)} now" if len(symbols) == 3
                else f"an Advantage card: {_hand(now)}")
        return f"{me} spends {_set_words(symbols)} ({dice_at(event.positions)}) for {what}."
    if isinstance(event, ev.BuyCard):
        return (f"{me} pays 2 coins for an Advantage card: {_coins(now)} left, "
                f"{_hand(now)}.")
    if isinstance(event, ev.Grunt):
        symbols = [before.dice[p - 1] for p in event.positions]
        mate = before.current.teammate("grunt")
        name = mate.name if mate else "Grunt"
        return (f"{me} {_ability(before, name, event.paid)} and trades {_set_words(symbols)} "
                f"({dice_at(event.positions)}) for an Advantage card: {_hand(now)}.")
    if isinstance(event, ev.Ability):
        said = _gains(event.coins, event.cards)
        mate = before.current.teammate(event.character)
        gone = (f"; {mate.name} leaves the team" if mate and mate.kind is ev.Kind.SACRIFICE
                else "")
        note = f" ({event.note})" if event.note else ""
        return f"{me} {_ability(before, event.character, event.paid)}{note}" + (
            f": {said}" if said else "") + f"{gone}."
    return _team_and_cards(before, event, after)


def _team_and_cards(before: Game, event: ev.Event, after: Game) -> str:
    """The sentence of a recruit, a steal, an Advantage card, the end of a turn or the
    Mission completed."""
    me = before.current.name
    now = after.players[before.turn]
    if isinstance(event, ev.Recruit):
        pay = " and 2 coins" if event.teammate.kind is ev.Kind.MERCENARY else ""
        return (f"{me} recruits {teammate_words(event.teammate)} with "
                f"{shows(before, event.positions)}{pay}.")
    if isinstance(event, ev.Steal):
        victim = before.players[before.player(event.victim) or 0]
        mate = victim.teammate(event.name)
        name = mate.name if mate else event.name
        return (f"{me} steals the Mercenary {name} from {victim.name} with "
                f"{shows(before, event.positions)} and 2 coins: {_coins(now)} left.")
    if isinstance(event, ev.PlayCard):
        said = _gains(event.coins, event.cards)
        return f"{me} plays {_card(event.card)}" + (f": {said}" if said else "") + "."
    if isinstance(event, ev.MyBirden):
        symbols = [before.dice[p - 1] for p in event.positions]
        return (f"{me} plays My Birden with the Birden on die {event.birden} and "
                f"{_set_words(symbols)} ({dice_at(event.positions)}): draws 2 cards, and the "
                f"dice stay unspent.")
    if isinstance(event, ev.PlaySacrifice):
        return (f"{me} plays the Sacrifice: {event.name} ({event.attribute}) joins the team "
                f"as a Teammate.")
    if isinstance(event, ev.Discard):
        return f"{me} discards {_card(event.card)}: {_hand(now)}."
    if isinstance(event, ev.EndTurn):
        red = f", playing {and_list(list(event.red))} until their next turn" if event.red else ""
        scouted = [p.name for i, p in enumerate(after.players)
                   if i != before.turn and p.coins.value > before.players[i].coins.value]
        bonus = f"; Scouting gives 1 coin to {and_list(scouted)}" if scouted else ""
        return (f"{me} ends the turn{red}{bonus}. It is "
                f"{after.current.name}'s turn.")
    if isinstance(event, ev.CompleteMission):
        mission = before.mission
        name = mission.name if mission else "the Mission"
        return (f"{me} completes the Mission {name} with {shows(before, event.positions)} "
                f"and wins the game.")
    raise TypeError(f"not a Stuffed event: {type(event).__name__}")
