"""Whom a step of a Conflict is about, read from the event itself and the Conflict as it
stood before it: a participant's own history (the log of one participant, as every
front door shows it) is every step this names them in.

An event names a participant as

* the one it is written for: who joins, declares, acts, changes, holds, defends,
  reacts, does not defend or is taken out (its ``name``; a reorder's ``names``);
* the target it aims at (a declaration's or a change's ``target``);
* the actor or the target of the action it is about (its ``action``): a test set, a
  Resilience swapped, a defense, a Reaction, a roll, damage applied (R-CON-9 …
  R-CON-18), and the action an actor acts (R-CON-11);
* a roller: whoever rolls against the action (a defender, or one reacting for its
  target, R-CON-15/16);
* the one damaged: the target of the action whose damage is applied (R-CON-18).

Those fields are read whatever the event's kind, so a kind added later is read too;
the set-up, the end of a round and the end of the Conflict hold none and name no one.
Names are given as the Conflict spells them, each once.
"""

from __future__ import annotations

from collections.abc import Iterable

from conflict.events import Act, Event, RollDice
from conflict.state import State

__all__ = ["involved"]


def _spelt(state: State, names: Iterable[str | None]) -> tuple[str, ...]:
    """``names`` as ``state`` spells them (a name it does not hold as given), each once,
    ``None`` left out."""
    found: list[str] = []
    for name in names:
        if name is None:
            continue
        at = state.find(name)
        spelt = state.participants[at].name if at is not None else name
        if spelt not in found:
            found.append(spelt)
    return tuple(found)


def _ends(state: State, number: int | None) -> tuple[str | None, ...]:
    """The actor and the target of the action numbered ``number`` (none when ``state``
    holds no such action)."""
    action = None if number is None else state.action(number)
    return () if action is None else (action.actor, action.target)


def _about(state: State, event: Event) -> int | None:
    """The number of the action ``event`` is about: its ``action``, or for an act the
    action its actor declared this round."""
    if isinstance(event, Act):
        at = state.find(event.name)
        return None if at is None else state.participants[at].round.action
    number = getattr(event, "action", None)
    return number if isinstance(number, int) else None


def _rollers(state: State, event: Event) -> tuple[str | None, ...]:
    """Whoever rolls against the action of a roll: the defenses that roll, and the
    defenders whose faces are given by name."""
    if not isinstance(event, RollDice):
        return ()
    action = state.action(event.action)
    rolling = () if action is None else tuple(
        defense.by for defense in action.defenses if defense.rolls)
    return (*rolling, *(given.name for given in event.defenders))


def involved(before: State, event: Event) -> tuple[str, ...]:
    """The participants ``event`` names (see the module's docstring), read against the
    Conflict ``before`` it, as it spells them, each once."""
    own: list[str | None] = [getattr(event, "name", None), *getattr(event, "names", ()),
                             getattr(event, "target", None)]
    return _spelt(before, [*own, *_ends(before, _about(before, event)),
                           *_rollers(before, event)])
