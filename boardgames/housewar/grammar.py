"""What a House War player types, read against the game as it stands: Houses and
Problems by any unique beginning or word of their name, tokens as a player says them
(``2 food 1 atium``, ``2f 1a``), ``HOUSE=VALUE`` pairs (R-HW-4, R-HW-5).

A name that means no one thing is passed on as typed: the rules refuse it, listing
what it could be. Every front door reads a step's words through these.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from boardgames.errors import BadValue
from boardgames.housewar.events import PLACES
from boardgames.housewar.resources import Resources, parse_resources
from core.names import matches

if TYPE_CHECKING:
    from boardgames.housewar.state import State

__all__ = ["active", "house", "pairs", "place", "problem", "tokens", "urgency"]


def tokens(typed: Sequence[str] | str) -> Resources:
    """Tokens as typed: ``2 food 1 atium``, ``2f 1a``, ``food=2`` (R-HW-5)."""
    return parse_resources(typed if isinstance(typed, str) else " ".join(typed))


def house(state: State, typed: str) -> str:
    """The House ``typed`` means (a unique beginning or word of its name); else what
    was typed (the rules refuse it, listing the Houses)."""
    found = matches(typed, [h.name for h in state.houses])
    return found[0] if len(found) == 1 else typed


def active(state: State, typed: str | None) -> str:
    """The House ``typed`` names, or the Active House when none is named."""
    if typed is not None:
        return house(state, typed)
    return state.active.name if state.houses else "-"


def place(state: State, typed: str) -> str:
    """A House, or the supply, or the destroyed tokens (``supply``, ``destroyed``)."""
    cleaned = typed.strip().casefold()
    return cleaned if cleaned in PLACES else house(state, typed)


def problem(state: State, typed: str, *, known: bool = False) -> str:
    """The Problem ``typed`` means: on the board (or, with ``known``, any card the game
    has seen), by a unique beginning or word of its name; else what was typed."""
    names = [c.name for c in state.cards] if known else list(state.track.names)
    found = matches(typed, names)
    return found[0] if len(found) == 1 else typed


def urgency(typed: str | int) -> int | str:
    """A starting Urgency as typed: ``2`` as a number, ``II`` as the rules read it (a
    number given as one, by a program building an option's events, stays one)."""
    if isinstance(typed, int):
        return typed
    return int(typed) if typed.strip().isdigit() and len(typed) < 4 else typed


def pairs(typed: Sequence[str], what: str, rule: str) -> list[tuple[str, str]]:
    """``NAME=VALUE`` items as (name, value); a missing ``=`` is refused, naming the
    step's parameter ``what`` (by its table name: each front door words it)."""
    out = []
    for item in typed:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise BadValue(f"each is HOUSE=VALUE (e.g. venture=2f), got {item!r}"[:120],
                           rule=rule, param=what, value=item)
        out.append((name.strip(), value.strip()))
    return out
