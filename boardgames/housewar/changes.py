"""What House War's rules share when they change a game: a House's tokens and cards, Favor
and Disgrace gained (doubled by the Lord Ruler, R-HW-6), a Problem leaving the board or
landing, the end of the game and the checks of the active House and of step 4 (R-HW-5).
Pure; :mod:`boardgames.housewar.rules` applies the events."""

from __future__ import annotations

import attrs

from boardgames.errors import RuleViolation, shown
from boardgames.housewar.events import key
from boardgames.housewar.resources import Resources
from boardgames.housewar.state import Card, Close, End, Gain, House, Phase, State, is_vin
from boardgames.housewar.track import Landing

__all__ = []

# --- helpers ---------------------------------------------------------------------------


def _set_house(state: State, house: House) -> State:
    index = state.house_index(house.name)
    houses = list(state.houses)
    houses[index] = house
    return attrs.evolve(state, houses=tuple(houses))


def _give(state: State, name: str, tokens: Resources) -> State:
    house = state.house(name)
    return _set_house(state, attrs.evolve(house, resources=house.resources + tokens))


def _take(state: State, name: str, tokens: Resources, rule: str = "R-HW-5") -> State:
    house = state.house(name)
    if not house.resources.covers(tokens):
        raise RuleViolation(f"{house.name} holds {house.resources.text()}, not "
                            f"{tokens.text()}", rule=rule)
    return _set_house(state, attrs.evolve(house, resources=house.resources - tokens))


def _set_card(state: State, card: Card) -> State:
    cards = tuple(card if key(c.name) == key(card.name) else c for c in state.cards)
    if card not in cards:
        cards += (card,)
    return attrs.evolve(state, cards=cards)


def _gain(state: State, name: str, favor: int, disgrace: int, *, doubled: bool,
          source: str = "", how: str = "effect") -> State:
    """``name`` gains Favor and Disgrace, doubled while the Lord Ruler is in play
    (before other modifiers) unless ``doubled`` is false (R-HW-3); the gain is kept,
    with its ``source`` and ``how``, for the end-game breakdown."""
    factor = 2 if doubled and state.lord_ruler_in_play else 1
    house = state.house(name)
    new_favor = house.favor + favor * factor
    new_disgrace = house.disgrace + disgrace * factor
    if new_favor < 0 or new_disgrace < 0:
        raise RuleViolation(f"{house.name} has {house.favor} Favor and {house.disgrace} "
                            f"Disgrace: a modifier cannot take them below 0", rule="R-HW-3")
    gain = Gain(source, how, favor * factor, disgrace * factor, favor * (factor - 1),
                disgrace * (factor - 1))
    return _set_house(state, attrs.evolve(house, favor=new_favor, disgrace=new_disgrace,
                                          gains=(*house.gains, gain)))


def _left_board(state: State, name: str) -> State:
    """Bookkeeping when ``name`` leaves the board: it no longer has to move in step 2."""
    if state.turn.to_move is None or name not in state.turn.to_move:
        return state
    rest = tuple(n for n in state.turn.to_move if n != name)
    return attrs.evolve(state, turn=attrs.evolve(state.turn, to_move=rest))


def _land(state: State, name: str, landing: Landing) -> State:
    """The track after a move or an entry, and what follows when the Problem left it:
    an eruption (Vin's ends the game) or a return to the top of the deck (R-HW-2)."""
    state = attrs.evolve(state, track=landing.track)
    if landing.erupted:
        state = _left_board(attrs.evolve(state, erupted=(*state.erupted, name),
                                         erupting=name), name)
        if is_vin(name):
            state = _end(state, End.VIN_ERUPTED)
    elif landing.to_deck:
        state = _left_board(attrs.evolve(state, deck_top=(*state.deck_top, name)), name)
    return state


def _end(state: State, why: End) -> State:
    if state.phase is Phase.ENDED:
        return state
    return attrs.evolve(state, phase=Phase.ENDED, ended_by=why)


def _steps_1_2_done(state: State, before: str) -> None:
    """Refuse what comes ``before`` (words ending "collects income (step 1) before …")
    until the active House collected its income (R-HW-5) and moved its Problems (R-HW-2)."""
    if not state.turn.collected:
        raise RuleViolation(f"{state.active.name} collects income (step 1) before {before}",
                            rule="R-HW-5")
    if state.to_move:
        raise RuleViolation(f"step 2 first: still to move {', '.join(state.to_move)}",
                            rule="R-HW-2")


def _step4_ready(state: State, what: str) -> None:
    """Refuse step 4 (pass or deal) until steps 1–3 are done, and after it is done."""
    turn = state.turn
    _steps_1_2_done(state, f"it can {what}")
    if state.problems_needed:
        on = len(state.track)
        raise RuleViolation(f"step 3 first: add a Problem ({on} on the board, at least 1 "
                            f"new each turn and 2 on the board)", rule="R-HW-2")
    if turn.closed is not None:
        done = {Close.PASSED: "passed", Close.SOLVED: "solved a Problem",
                Close.NO_DEAL: "tried a deal"}[turn.closed]
        raise RuleViolation(f"{state.active.name} has already {done} this turn: one pass "
                            f"or deal per turn", rule="R-HW-5")


def _check_active(state: State, name: str, rule: str) -> None:
    if key(name) != key(state.active.name):
        known = next((h.name for h in state.houses if key(h.name) == key(name)), None)
        other = f"{known}'s" if known is not None else f"that of {shown(name)}"
        raise RuleViolation(f"it is {state.active.name}'s turn, not {other}", rule=rule)
