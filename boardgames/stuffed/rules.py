"""Stuffed's rules: the pure :func:`apply` that checks an event against the game and
returns the next state (R-STF-2..7), sessions built on it (:func:`new_session`,
:func:`replay`), and the events of a roll (:func:`roll_event`, :func:`reroll_event`).
The game's public face is :mod:`boardgames.stuffed`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from boardgames.errors import BadValue, RuleViolation
from boardgames.session import Handlers, Session
from boardgames.stuffed import events as ev
from boardgames.stuffed.dice import Combo, RandomSource, Symbol, makes, symbols_text
from boardgames.stuffed.events import (
    CARD_COST,
    GRUNT,
    HAND,
    MAX_EACH,
    MERCENARY_COST,
    SCOUTING,
    key,
)
from boardgames.stuffed.state import EMPTY, Game, Ledger

__all__ = ["apply", "check_open", "new_session", "replay", "reroll_event", "roll_event"]



def _plural(count: int, word: str, words: str = "") -> str:
    return f"{count} {word}" if count == 1 else f"{count} {words or word + 's'}"


def _needed_mercenaries(count: int) -> str:
    return f" with at least {_plural(count, 'Mercenary', 'Mercenaries')}" if count else ""


def _set_current(state: Game, ledger: Ledger, **changes: Any) -> Game:
    players = list(state.players)
    players[state.turn] = ledger
    return attrs.evolve(state, players=tuple(players), **changes)


# --- checks ---------------------------------------------------------------------------


def _dice_at(state: Game, positions: Sequence[int], rule: str) -> tuple[Symbol, ...]:
    """The symbols on the unspent dice at ``positions``, else RuleViolation."""
    out = []
    for position in positions:
        if position in state.spent:
            raise RuleViolation(f"die {position} ({state.dice[position - 1]}) is already "
                                f"spent this turn; unspent: {_unspent_text(state)}", rule=rule)
        out.append(state.dice[position - 1])
    return tuple(out)


def _unspent_text(state: Game) -> str:
    dice = state.unspent
    return ", ".join(f"{p} {s.value}" for p, s in dice) if dice else "none"


def _on_die(state: Game, faces: Iterable[Symbol]) -> None:
    for face in faces:
        if state.die.weight(face) == 0:
            raise RuleViolation(f"the dice in use show no {face} (faces: {state.die})",
                                rule="R-STF-1")


def _kind_of(symbols: Sequence[Symbol], size: int, doing: str) -> Symbol:
    """The symbol of ``size`` of a kind, not Birdens (R-STF-4), else RuleViolation."""
    if len(symbols) != size or len(set(symbols)) != 1:
        raise RuleViolation(f"{doing} takes {size} of a kind, got {symbols_text(symbols)}",
                            rule="R-STF-4")
    if symbols[0] is Symbol.BIRDEN:
        raise RuleViolation(f"{doing}: Birdens never make a set", rule="R-STF-4")
    return symbols[0]


def _draw(ledger: Ledger, cards: int, doing: str) -> Ledger:
    """``ledger`` after drawing ``cards`` Advantage cards; refused past a hand of 4."""
    if ledger.cards.value + cards > HAND:
        raise RuleViolation(
            f"{ledger.name} holds {_plural(ledger.cards.value, 'Advantage card')}: {doing} "
            f"would make {ledger.cards.value + cards}, and a hand holds at most {HAND}; play "
            f"or discard first", rule="R-STF-4")
    return attrs.evolve(ledger, cards=ledger.cards.add(cards))


def _play_from_hand(ledger: Ledger, count: int, doing: str, rule: str = "R-STF-4") -> Ledger:
    if ledger.cards.value < count:
        raise RuleViolation(f"{ledger.name} holds {_plural(ledger.cards.value, 'Advantage card')}"
                            f": {doing} needs {count}", rule=rule)
    return attrs.evolve(ledger, cards=ledger.cards.add(-count))


def _pay(ledger: Ledger, coins: int, doing: str, rule: str) -> Ledger:
    if ledger.coins.value < coins:
        raise RuleViolation(f"{ledger.name} has {_plural(ledger.coins.value, 'coin')}: {doing} "
                            f"costs {coins}", rule=rule)
    return attrs.evolve(ledger, coins=ledger.coins.add(-coins))


def _gain(state: Game, ledger: Ledger, coins: int) -> tuple[Ledger, bool]:
    if not coins:
        return ledger, state.gained
    return attrs.evolve(ledger, coins=ledger.coins.add(coins)), True


def _use_ability(state: Game, character: str, paid: int) -> tuple[Ledger, Symbol]:
    """The ledger after ``character``'s ability is used once this turn, paid with the
    die at ``paid`` (R-STF-6); a Sacrifice leaves the team (R-STF-5). Returns the
    ledger and the paid die's symbol; the caller spends the die."""
    ledger = state.current
    attribute = ledger.attribute_of(character)
    if attribute is None:
        mates = ", ".join(t.name for t in ledger.team) or "none"
        raise RuleViolation(f"{ledger.name} has no character called {character!r} (Hero "
                            f"{ledger.seat.hero}; Teammates: {mates})", rule="R-STF-6")
    if key(character) in ledger.used:
        raise RuleViolation(f"{character}'s ability was already used this turn: once per "
                            f"character per turn", rule="R-STF-6")
    (shown,) = _dice_at(state, (paid,), "R-STF-6")
    if shown is not attribute:
        raise RuleViolation(f"die {paid} shows {shown}; {character}'s ability takes a die "
                            f"showing {attribute}", rule="R-STF-6")
    mate = ledger.teammate(character)
    team = ledger.team
    if mate is not None and mate.kind is ev.Kind.SACRIFICE:  # R-STF-5: discarded when used
        team = tuple(t for t in team if t is not mate)
    return attrs.evolve(ledger, used=ledger.used | {key(character)}, team=team), shown


def _name_free(state: Game, name: str, rule: str) -> None:
    """Refuse a Teammate name already on a team, or a Hero's name."""
    holder = state.holder(name)
    if holder is not None:
        owner = state.players[holder].name
        raise RuleViolation(f"{name} is already on {owner}'s team", rule=rule)
    if any(key(p.seat.hero) == key(name) for p in state.players):
        raise BadValue(f"{name} is a Hero's name: a Teammate needs a name of its own",
                       rule=rule)


def _check_dice_make(state: Game, positions: Sequence[int], combo: Combo, doing: str,
                     rule: str) -> None:
    symbols = _dice_at(state, positions, rule)
    if not makes(combo, symbols):
        raise RuleViolation(f"{doing} takes {combo.words} ({combo.short}); dice "
                            f"{', '.join(map(str, positions))} show {symbols_text(symbols)}",
                            rule=rule)


def _spend(state: Game, positions: Iterable[int]) -> frozenset[int]:
    return state.spent | frozenset(positions)


# --- handlers -------------------------------------------------------------------------


def _new(state: Game, event: ev.NewGame) -> Game:
    return Game(players=tuple(Ledger(seat) for seat in event.seats), mission=event.mission,
                die=event.die, turn=0, turn_number=1)


def _offer(state: Game, event: ev.Offer) -> Game:
    mate = event.teammate
    if mate.kind is ev.Kind.SACRIFICE:
        raise RuleViolation("the Sacrifice comes from the Advantage deck, never on offer",
                            rule="R-STF-5")
    if any(key(t.name) == key(mate.name) for t in state.offer):
        raise RuleViolation(f"{mate.name} is already on offer", rule="R-STF-5")
    _name_free(state, mate.name, "R-STF-5")
    if sum(1 for t in state.offer if t.kind is mate.kind) >= MAX_EACH:
        raise RuleViolation(f"{MAX_EACH} {mate.kind.labels} are already on offer; recruit one "
                            f"before turning up another", rule="R-STF-5")
    replace = list(state.replace)
    if mate.kind in replace:  # the recruit's replacement is turned up (R-STF-5)
        replace.remove(mate.kind)
    return attrs.evolve(state, offer=(*state.offer, mate), replace=tuple(replace))


def _roll(state: Game, event: ev.Roll) -> Game:
    if state.rolled:
        raise RuleViolation(f"{state.current.name} already rolled this turn; rerolls come "
                            f"from abilities and Advantage cards (R-STF-3)", rule="R-STF-2")
    _on_die(state, event.faces)
    # red-scroll cards are discarded when their owner's next turn begins (R-STF-4)
    lasting = tuple(item for item in state.lasting if item[0] != state.turn)
    return attrs.evolve(state, dice=event.faces, spent=frozenset(), gained=False,
                        lasting=lasting)


def _reroll(state: Game, event: ev.Reroll) -> Game:
    ledger = state.current
    spent = state.spent
    if event.character:
        assert event.paid is not None
        ledger, _ = _use_ability(state, event.character, event.paid)
        spent = spent | {event.paid}
    else:
        ledger = _play_from_hand(ledger, 1, "a reroll card", rule="R-STF-3")
    _dice_at(state, event.positions, "R-STF-3")  # spent dice cannot be rerolled
    _on_die(state, event.faces)
    dice = list(state.dice)
    for position, face in zip(event.positions, event.faces, strict=True):
        dice[position - 1] = face
    return _set_current(state, ledger, dice=tuple(dice), spent=spent)


def _spend_set(state: Game, event: ev.SpendSet) -> Game:
    size = len(event.positions)
    doing = "a coin" if size == 3 else "an Advantage card"
    _kind_of(_dice_at(state, event.positions, "R-STF-4"), size, doing)
    ledger, gained = state.current, state.gained
    if size == 3:
        ledger, gained = _gain(state, ledger, 1)
    else:
        ledger = _draw(ledger, 1, "drawing a card")
    return _set_current(state, ledger, spent=_spend(state, event.positions), gained=gained)


def _buy(state: Game, event: ev.BuyCard) -> Game:
    ledger = _pay(state.current, CARD_COST, "an Advantage card", "R-STF-4")
    ledger = _draw(ledger, 1, "buying a card")
    return _set_current(state, ledger)


def _grunt(state: Game, event: ev.Grunt) -> Game:
    ledger = state.current
    mate = ledger.teammate(GRUNT)
    if mate is None:
        raise RuleViolation(f"{ledger.name} has no Grunt on the team to trade 3 of a kind "
                            f"for a card", rule="R-STF-4")
    _kind_of(_dice_at(state, event.positions, "R-STF-4"), 3, "Grunt's trade")
    ledger, _ = _use_ability(state, mate.name, event.paid)  # once per turn (R-STF-4/6)
    ledger = _draw(ledger, 1, "Grunt's card")
    return _set_current(state, ledger, spent=_spend(state, (*event.positions, event.paid)))


def _ability(state: Game, event: ev.Ability) -> Game:
    ledger, _ = _use_ability(state, event.character, event.paid)
    ledger, gained = _gain(state, ledger, event.coins)
    ledger = _draw(ledger, event.cards, f"drawing {_plural(event.cards, 'card')}")
    return _set_current(state, ledger, spent=_spend(state, (event.paid,)), gained=gained)


def _recruit(state: Game, event: ev.Recruit) -> Game:
    mate = event.teammate
    ledger = state.current
    if mate.kind is ev.Kind.SACRIFICE:
        raise RuleViolation("the Sacrifice joins by playing her Advantage card, not by "
                            "recruiting", rule="R-STF-5")
    _name_free(state, mate.name, "R-STF-5")
    offered = next((t for t in state.offer if key(t.name) == key(mate.name)), None)
    if offered is not None and offered != mate:
        raise RuleViolation(f"the {offered.name} on offer is a {offered.kind.label} with "
                            f"{offered.attribute} and costs {offered.combo}; the recruit "
                            f"names another card", rule="R-STF-5")
    if ledger.count(mate.kind) >= MAX_EACH:
        raise RuleViolation(f"{ledger.name} already has {MAX_EACH} {mate.kind.labels}, the most a "
                            f"team holds", rule="R-STF-5")
    assert mate.combo is not None
    _check_dice_make(state, event.positions, mate.combo, f"recruiting {mate.name}", "R-STF-5")
    if mate.kind is ev.Kind.MERCENARY:
        ledger = _pay(ledger, MERCENARY_COST, f"the Mercenary {mate.name}", "R-STF-5")
    ledger = attrs.evolve(ledger, team=(*ledger.team, mate))
    offer = tuple(t for t in state.offer if t is not offered)
    # R-STF-5: a Teammate recruited from the offer is replaced face up.
    replace = state.replace if offered is None else (*state.replace, mate.kind)
    return _set_current(state, ledger, spent=_spend(state, event.positions), offer=offer,
                        replace=replace)


def _steal(state: Game, event: ev.Steal) -> Game:
    thief = state.current
    victim_at = state.player(event.victim)
    if victim_at is None:
        raise RuleViolation(f"no player is called {event.victim!r}", rule="R-STF-5")
    if victim_at == state.turn:
        raise RuleViolation(f"{thief.name} cannot steal from their own team", rule="R-STF-5")
    victim = state.players[victim_at]
    mate = victim.teammate(event.name)
    if mate is None:
        raise RuleViolation(f"{victim.name} has no Teammate called {event.name!r}",
                            rule="R-STF-5")
    if mate.kind is not ev.Kind.MERCENARY:
        raise RuleViolation(f"{mate.name} is a {mate.kind.label}: only Mercenaries can be stolen",
                            rule="R-STF-5")
    if thief.mercenaries >= MAX_EACH:
        raise RuleViolation(f"{thief.name} already has {MAX_EACH} Mercenaries, the most a "
                            f"team holds, stealing included", rule="R-STF-5")
    assert mate.combo is not None
    _check_dice_make(state, event.positions, mate.combo, f"stealing {mate.name}", "R-STF-5")
    thief = _pay(thief, MERCENARY_COST, f"stealing {mate.name}", "R-STF-5")
    thief = attrs.evolve(thief, team=(*thief.team, mate))
    players = list(state.players)
    players[victim_at] = attrs.evolve(victim, team=tuple(t for t in victim.team
                                                         if t is not mate))
    state = attrs.evolve(state, players=tuple(players))
    return _set_current(state, thief, spent=_spend(state, event.positions))


def _play(state: Game, event: ev.PlayCard) -> Game:
    ledger = _play_from_hand(state.current, 1, "playing a card")
    ledger, gained = _gain(state, ledger, event.coins)
    ledger = _draw(ledger, event.cards, f"drawing {_plural(event.cards, 'card')}")
    return _set_current(state, ledger, gained=gained)


def _my_birden(state: Game, event: ev.MyBirden) -> Game:
    ledger = _play_from_hand(state.current, 1, "playing My Birden")
    (birden,) = _dice_at(state, (event.birden,), "R-STF-4")
    if birden is not Symbol.BIRDEN:
        raise RuleViolation(f"My Birden needs a Birden: die {event.birden} shows {birden}",
                            rule="R-STF-4")
    _kind_of(_dice_at(state, event.positions, "R-STF-4"), 3, "My Birden")
    ledger = _draw(ledger, 2, "My Birden's 2 cards")  # the dice are not spent
    return _set_current(state, ledger)


def _sacrifice(state: Game, event: ev.PlaySacrifice) -> Game:
    ledger = _play_from_hand(state.current, 1, "playing the Sacrifice", rule="R-STF-5")
    _name_free(state, event.name, "R-STF-5")
    mate = ev.Teammate(event.name, ev.Kind.SACRIFICE, event.attribute)
    return _set_current(state, attrs.evolve(ledger, team=(*ledger.team, mate)))


def _discard(state: Game, event: ev.Discard) -> Game:
    return _set_current(state, _play_from_hand(state.current, 1, "discarding"))


def _end_turn(state: Game, event: ev.EndTurn) -> Game:
    ledger = state.current
    if event.red:
        ledger = _play_from_hand(ledger, len(event.red),
                                 f"playing {_plural(len(event.red), 'red-scroll card')}")
    ledger = attrs.evolve(ledger, used=frozenset())
    state = _set_current(state, ledger)
    scouted = state.gained and any(owner != state.turn and key(card) == SCOUTING
                                   for owner, card in state.lasting)
    if scouted:  # every other player gains 1 coin
        state = attrs.evolve(state, players=tuple(
            p if i == state.turn else attrs.evolve(p, coins=p.coins.add(1))
            for i, p in enumerate(state.players)))
    lasting = (*state.lasting, *((state.turn, card) for card in event.red))
    return attrs.evolve(state, turn=(state.turn + 1) % len(state.players),
                        turn_number=state.turn_number + 1, dice=(), spent=frozenset(),
                        gained=False, lasting=lasting)


def _complete(state: Game, event: ev.CompleteMission) -> Game:
    ledger, mission = state.current, state.mission
    assert mission is not None
    if not ledger.meets(mission):
        raise RuleViolation(
            f"{ledger.name}'s team has {_plural(ledger.teammates, 'Teammate')} "
            f"({_plural(ledger.mercenaries, 'Mercenary', 'Mercenaries')}); the Mission "
            f"needs {_plural(mission.teammates, 'Teammate')}"
            f"{_needed_mercenaries(mission.mercenaries)} before its combination may be "
            f"tried", rule="R-STF-7")
    _check_dice_make(state, event.positions, mission.combo, f"the Mission {mission.name}",
                     "R-STF-7")
    return attrs.evolve(state, winner=state.turn, spent=_spend(state, event.positions))


HANDLERS: Handlers[Game, ev.Event] = (
    Handlers[Game, ev.Event]("Stuffed", refuse=lambda event: BadValue(
        f"not a Stuffed event: {type(event).__name__}"))
    .add(ev.NewGame, _new).add(ev.Offer, _offer).add(ev.Roll, _roll).add(ev.Reroll, _reroll)
    .add(ev.SpendSet, _spend_set).add(ev.BuyCard, _buy).add(ev.Grunt, _grunt)
    .add(ev.Ability, _ability).add(ev.Recruit, _recruit).add(ev.Steal, _steal)
    .add(ev.PlayCard, _play).add(ev.MyBirden, _my_birden).add(ev.PlaySacrifice, _sacrifice)
    .add(ev.Discard, _discard).add(ev.EndTurn, _end_turn).add(ev.CompleteMission, _complete))
_BEFORE_ROLL = (ev.NewGame, ev.Offer, ev.Roll)


def check_open(state: Game) -> None:
    """Refuse (R-STF-7) once a player has completed the Mission: only undo is left."""
    if state.winner is not None:
        raise RuleViolation(f"the game is over: {state.players[state.winner].name} completed "
                            f"the Mission; only undo is left", rule="R-STF-7")


def apply(state: Game, event: ev.Event) -> Game:
    """The state after ``event``. Raises :class:`RuleViolation` (naming the rule) or
    :class:`BadValue`, changing nothing, when the event is not allowed now."""
    handler = HANDLERS.of(event)
    if not state.started:
        if not isinstance(event, ev.NewGame):
            raise RuleViolation(f"a game begins with set-up (new), got {type(event).TYPE}",
                                rule="R-STF-2")
    elif isinstance(event, ev.NewGame):
        raise RuleViolation("the game is already set up", rule="R-STF-2")
    check_open(state)
    if state.started and not state.rolled and not isinstance(event, _BEFORE_ROLL):
        raise RuleViolation(f"{state.current.name} has not rolled yet: a turn starts with all "
                            f"8 dice rolled", rule="R-STF-2")
    return handler(state, event)


def replay(events: Iterable[ev.Event], state: Game = EMPTY) -> Game:
    """The state after applying ``events`` in order to ``state`` (default: before set-up)."""
    for event in events:
        state = apply(state, event)
    return state


def new_session(events: Iterable[ev.Event] = ()) -> Session[Game, ev.Event]:
    """A game being played, from before set-up, with ``events`` pushed (and checked)."""
    return Session(apply, EMPTY, events)


def roll_event(state: Game, rng: RandomSource | None = None) -> ev.Roll:
    """The turn's first roll with faces from the die in use (``rng``: default the
    operating system's secure source). Push it to apply it."""
    return ev.Roll(state.die.roll(8, rng))


def reroll_event(state: Game, positions: Sequence[int], *, character: str = "",
                 paid: int | None = None, card: str = "",
                 rng: RandomSource | None = None) -> ev.Reroll:
    """A reroll of the dice at ``positions`` with new faces from the die in use, by
    ``character``'s ability (paid with the die at ``paid``) or by a ``card``."""
    faces = state.die.roll(len(positions), rng)
    return ev.Reroll(tuple(positions), faces, character=character, paid=paid, card=card)
