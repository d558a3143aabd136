"""Who a narration or a board is made for.

Narration and boards are made *for a viewer*, so that a number someone may not see is
never produced for them (no front door edits sentences afterwards). Three kinds of
viewer sit at a table:

* the **Narrator** (or a board game's referee, or a tool author's script) sees
  everything;
* a **player** sees what is theirs: the characters (or, in a board game, the seat)
  they play, and whatever the Narrator has revealed;
* the **table**: the shared screen everyone can read, which sees only what is public
  plus what the Narrator has revealed.

Which figures are hidden from whom is each game's rule (a Conflict hides a Villain's
and an Extra group's numbers until revealed); a viewer only says who is looking. Names
are compared by the caller's name identity: :attr:`Viewer.plays` and
:attr:`Viewer.revealed` hold the keys the game compares against.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Final

import attrs

__all__ = ["NARRATOR", "TABLE", "Role", "Viewer", "player"]


class Role(enum.Enum):
    """The kind of viewer."""

    NARRATOR = "narrator"
    PLAYER = "player"
    TABLE = "table"


@attrs.frozen
class Viewer:
    """Someone looking at a game: their :class:`Role`, the keys of the names they play,
    and the keys of the names revealed to the players."""

    role: Role
    plays: frozenset[str] = frozenset()
    revealed: frozenset[str] = frozenset()

    @property
    def sees_all(self) -> bool:
        """Whether nothing is hidden from this viewer (the Narrator)."""
        return self.role is Role.NARRATOR

    def may_see(self, key: str) -> bool:
        """Whether this viewer may see the hidden figures of the name keyed ``key``:
        always for the Narrator; for anyone else, when they play it or it was revealed."""
        return self.sees_all or key in self.plays or key in self.revealed

    def revealing(self, keys: Iterable[str]) -> Viewer:
        """This viewer with ``keys`` revealed as well."""
        return attrs.evolve(self, revealed=self.revealed | frozenset(keys))


NARRATOR: Final = Viewer(Role.NARRATOR)
"""The Narrator: sees every figure."""

TABLE: Final = Viewer(Role.TABLE)
"""The shared screen: sees what is public and what was revealed."""


def player(plays: Iterable[str], revealed: Iterable[str] = ()) -> Viewer:
    """A player who plays the names keyed ``plays``, with ``revealed`` revealed."""
    return Viewer(Role.PLAYER, frozenset(plays), frozenset(revealed))
