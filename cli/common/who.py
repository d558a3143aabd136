"""The name a roll log or a stream keeps for the writer typed with ``--as``. Light at
import (no click, no Rich)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.text import refusal

if TYPE_CHECKING:
    from table import Table

__all__ = ["logged_name"]


def logged_name(table: Table, typed: str) -> str:
    """The name a log keeps for a writer typed as ``typed`` (``--as``): the stored name
    of the player or character it names, in any spelling the name resolver accepts
    (``tamsin`` → ``Tamsin Vey``); a name that is neither, as typed (trimmed). A name
    the one text rule refuses is never taken for another: it goes on as typed, to be
    refused where it would be stored."""
    # Put off: the name rules are loaded only when a writer's name is looked up.
    from core.names import matches, name_key

    typed = typed.strip()
    if refusal(typed) is not None:
        return typed
    players = [player.name for player in table.players()]
    exact = [name for name in players if name_key(name) == name_key(typed)]
    for found in (exact, matches(typed, table.names()), matches(typed, players)):
        if len(found) == 1:
            return found[0]
    return typed
