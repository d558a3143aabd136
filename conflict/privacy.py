"""Whose numbers a viewer of a Conflict may not see.

A Conflict hides the statistics and Resiliences of its Villains and Extras from the
players until the Narrator reveals them (``mistborn conflict reveal NAME``); a player
always sees the characters they play, and the Narrator sees everything. Narration
(:func:`conflict.narrate.describe`) and the board (:func:`conflict.board.board`) ask
:func:`hidden` which participants to leave the numbers of out, and build what they say
without them: no sentence is edited afterwards.

Who is looking is a :class:`core.viewer.Viewer`; the names it plays and the names
revealed are compared by :func:`characters.names.name_key` (:func:`looking` keys them).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from characters.model import Kind
from characters.names import name_key
from core.viewer import NARRATOR, TABLE, Viewer, player

if TYPE_CHECKING:
    from conflict.state import State

__all__ = ["NARRATOR", "TABLE", "Viewer", "hidden", "hidden_in_step", "looking"]


def looking(*, plays: Iterable[str] = (), revealed: Iterable[str] = (),
            narrator: bool = False) -> Viewer:
    """The viewer of a Conflict: the Narrator (``narrator``), a player who plays the
    characters named in ``plays``, or the table's shared screen (no ``plays``); the
    participants named in ``revealed`` shown to them by the Narrator."""
    if narrator:
        return NARRATOR
    keys = [name_key(name) for name in revealed]
    played = [name_key(name) for name in plays]
    if not played:
        return TABLE.revealing(keys)
    return player(played, keys)


def hidden(state: State, viewer: Viewer) -> frozenset[str]:
    """The names of the participants of ``state`` whose statistics and Resiliences
    ``viewer`` may not see: every Villain and Extras group the Narrator has not
    revealed, unless the viewer plays it (the Narrator sees everything)."""
    if viewer.sees_all:
        return frozenset()
    return frozenset(person.name for person in state.participants
                     if person.character.kind is not Kind.HERO
                     and not viewer.may_see(name_key(person.name)))


def hidden_in_step(before: State, after: State, viewer: Viewer) -> frozenset[str]:
    """The participants an event's sentence leaves the numbers of out for ``viewer``:
    those hidden from them before the event or after it (one who joins, or one whose
    joining was undone since)."""
    if viewer.sees_all:
        return frozenset()
    return hidden(before, viewer) | hidden(after, viewer)
