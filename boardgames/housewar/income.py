"""What a House collects (R-HW-5): its sheet at set-up, step 1's income each turn, and
the Ruined tokens and Advisors that change it. Pure handlers ``(state, event) ->
state``, registered by :mod:`boardgames.housewar.rules`.

A game set up before set-up collection was recorded (``State.setup_collection``
false) keeps its old meaning: no sheets, and the first turn collects double the
income typed.
"""

from __future__ import annotations

import attrs

from boardgames.errors import RuleViolation
from boardgames.housewar import events as ev
from boardgames.housewar.changes import _check_active, _give, _set_house, _take
from boardgames.housewar.events import key
from boardgames.housewar.resources import NOTHING, Resources
from boardgames.housewar.sheets import Advisor, Ruin, Sheet
from boardgames.housewar.state import Phase, State, Turn

__all__ = ["advisor", "collect", "income_wanted", "ruin", "sheet"]


def _from_supply(state: State, wanted: Resources) -> tuple[State, Resources]:
    """``wanted`` taken from the supply as far as it goes; what it lacks."""
    got = state.supply.cap(wanted)
    return attrs.evolve(state, supply=state.supply - got), wanted - got


def sheet(state: State, event: Sheet) -> State:
    """Set-up: the House collects its sheet's resources (R-HW-5); they are its income."""
    house = state.house(event.house)
    if not state.setup_collection:
        raise RuleViolation("this game was set up before sheets were collected at set-up: "
                            "its first turn collects double instead", rule="R-HW-5")
    if state.phase is not Phase.SETUP:
        raise RuleViolation(f"sheets are collected at set-up; {house.name} collects its "
                            f"income in step 1 of its turn", rule="R-HW-5")
    if house.sheet is not None:
        raise RuleViolation(f"{house.name} has already collected its sheet "
                            f"({house.sheet.text()})", rule="R-HW-5")
    state, lacking = _from_supply(state, event.income)
    got = event.income - lacking
    house = state.house(house.name)
    return _set_house(state, attrs.evolve(house, resources=house.resources + got,
                                          sheet=event.income, cards=event.cards))


def income_wanted(state: State, event: ev.Collect) -> Resources:
    """What ``event`` collects before the supply is asked: the income given, or the
    House's remembered income; doubled on the first turn of a game saved before set-up
    collection was recorded (its old meaning)."""
    house = state.house(event.house)
    income = event.income
    if income is None:
        income = house.income if state.setup_collection else NOTHING
    doubled = not state.setup_collection and state.turn.number == 1
    return income * (2 if doubled else 1)


def _begin(state: State) -> State:
    """The first turn begins: set-up must be done (R-HW-2, R-HW-5), in its own order:
    the sheets are collected before the starting Problems are drawn, so a missing sheet
    is named first."""
    placed = f"{state.setup_problems} of {state.players}"
    missing = state.sheets_missing
    if missing:
        then = ("" if state.setup_problems >= state.players
                else f", then 1 Problem per player is placed ({placed} so far)")
        raise RuleViolation(f"every House collects its sheet at set-up first (still to "
                            f"collect: {', '.join(missing)}){then}", rule="R-HW-5")
    if state.setup_problems < state.players:
        raise RuleViolation(f"set-up places 1 Problem per player first ({placed})",
                            rule="R-HW-2")
    return attrs.evolve(state, phase=Phase.PLAYING,
                        turn=Turn(number=1, active=state.turn.active))


def collect(state: State, event: ev.Collect) -> State:
    """Step 1: the Active House collects its income; what the supply lacks may be
    stolen from other Houses, the rest is lost (R-HW-5)."""
    if state.phase is Phase.SETUP:
        state = _begin(state)
    _check_active(state, event.house, "R-HW-5")
    if state.turn.collected:
        raise RuleViolation(f"{state.active.name} has already collected this turn",
                            rule="R-HW-5")
    wanted = income_wanted(state, event)
    state, lacking = _from_supply(state, wanted)
    got = wanted - lacking
    stolen = NOTHING
    for steal in event.steal:
        source = state.house(steal.source).name
        if key(source) == key(state.active.name):
            raise RuleViolation(f"{source} cannot steal from itself", rule="R-HW-5")
        stolen += steal.resources
        if not lacking:
            raise RuleViolation(f"the supply holds all {state.active.name} collects: "
                                f"nothing to steal", rule="R-HW-5")
        if not lacking.covers(stolen):
            raise RuleViolation(f"the supply lacks only {lacking.text()} of what "
                                f"{state.active.name} collects: it cannot steal "
                                f"{stolen.text()}", rule="R-HW-5")
        state = _take(state, source, steal.resources)
    _none_left_to_steal(state, lacking - stolen, stolen)
    state = _give(state, state.active.name, got + stolen)
    return attrs.evolve(state, turn=attrs.evolve(state.turn, collected=True))


def _none_left_to_steal(state: State, missing: Resources, stolen: Resources) -> None:
    """Refuse to lose ``missing`` (what the supply lacks, less what was ``stolen``) while
    other Houses hold some of it: the balance is lost only "If there aren't enough
    resources in the supply or among all other players" (R-HW-5). The refusal names
    the step's ``steal`` parameter, for each front door to word."""
    others = [h for h in state.houses if key(h.name) != key(state.active.name)]
    held = missing.cap(sum((h.resources for h in others), NOTHING))
    if not held:
        return
    holders = "; ".join(f"{h.name} {h.resources.cap(held).text()}" for h in others
                        if h.resources.cap(held))
    name = state.active.name
    after = " and what it steals" if stolen else ""
    raise RuleViolation(f"the supply{after} leaves {name} short {missing.text()} of its "
                        f"income, and other Houses hold {held.text()} of it ({holders}): "
                        f"{name} steals it from them, in any combination; only what no "
                        f"other House holds is lost", rule="R-HW-5", param="steal",
                        value=held.text())


def ruin(state: State, event: Ruin) -> State:
    """Ruined tokens cover icons of a House's sheet or Advisors, or a Lesser Noble
    dismisses them (R-HW-5)."""
    house = state.house(event.house)
    if event.dismissed:
        if not house.ruined.covers(event.icons):
            raise RuleViolation(f"{house.name} has {_ruined(house.ruined)}: no Ruined "
                                f"token covers {event.icons.text()}", rule="R-HW-5")
        return _set_house(state, attrs.evolve(house, ruined=house.ruined - event.icons))
    if not house.income.covers(event.icons):
        raise RuleViolation(f"{house.name} collects {house.income.text()}: no uncovered "
                            f"icon for {event.icons.text()}", rule="R-HW-5")
    return _set_house(state, attrs.evolve(house, ruined=house.ruined + event.icons))


def _ruined(tokens: Resources) -> str:
    return f"Ruined icons {tokens.text()}" if tokens else "no Ruined icon"


def advisor(state: State, event: Advisor) -> State:
    """An Advisor adds its icon to a House's income, or leaves play with it and any
    Ruined token on it (R-HW-5)."""
    house = state.house(event.house)
    if not event.discarded:
        return _set_house(state, attrs.evolve(house, advisors=house.advisors + event.icons))
    if not house.advisors.covers(event.icons):
        raise RuleViolation(f"{house.name}'s Advisors give {house.advisors.text()}, not "
                            f"{event.icons.text()}", rule="R-HW-5")
    advisors = house.advisors - event.icons
    icons = (house.sheet or NOTHING) + advisors
    return _set_house(state, attrs.evolve(house, advisors=advisors,
                                          ruined=house.ruined.cap(icons)))
