"""The name a roll log or a stream keeps for the writer typed with ``--as``. Light at
import (no click, no Rich)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.errors import shown
from core.text import refusal

if TYPE_CHECKING:
    from table import Table

__all__ = ["logged_name"]

WHO_ENV = "MISTBORN_AS"

SUGGESTED = 3
"""The most names a refusal of a near miss suggests."""


MISSPELT = 0.85
"""How alike a name typed for ``--as`` and a known name must be (difflib's ratio, of
their name keys) to be taken for a misspelling of it: ``Branoch`` for ``Brannoch``
(0.93), never a login name that merely shares letters (``kell`` for ``Kelsier``, 0.73)."""


def _misspelt(typed: str, known: list[str]) -> list[str]:
    """The known names ``typed`` (4 characters or more) misspells."""
    import difflib

    from core.names import name_key

    key = name_key(typed)
    if len(key) < 4:
        return []
    return [name for name in known
            if difflib.SequenceMatcher(None, key, name_key(name)).ratio() >= MISSPELT]


def logged_name(table: Table, typed: str) -> str:
    """The name a log keeps for a writer typed as ``typed`` (``--as``): the stored name
    of the player or character it names exactly, by the one name key (``TAMSIN vey`` →
    ``Tamsin Vey``); a name that is neither, as typed (trimmed). The start of a name,
    or of a word of one (``B`` for ``Brannoch``), or a misspelling of one (``Branoch``,
    :data:`MISSPELT`), is a near miss, refused with the
    names it could mean (exit status 2): a writer is never taken for another, so the log
    and undo's ownership keep the name that was meant. A name the one text rule refuses
    is never taken for another: it goes on as typed, to be refused where it would be
    stored."""
    # Put off: the name rules are loaded only when a writer's name is looked up.
    from core.names import matches, name_key

    typed = typed.strip()
    if refusal(typed) is not None:
        return typed
    players = [player.name for player in table.players()]
    characters = table.names()
    for known in (players, characters):
        exact = [name for name in known if name_key(name) == name_key(typed)]
        if exact:
            return exact[0]
    near = matches(typed, [*characters, *players]) or _misspelt(typed, [*characters, *players])
    if near:
        from cli.common.errors import fail  # on a near miss only

        said = [shown(name) for name in dict.fromkeys(near)]
        listed = (" or ".join(said) if len(said) <= SUGGESTED
                  else ", ".join(said[:SUGGESTED]) + ", …")
        fail(f"no character or player named {shown(typed)} — did you mean {listed}? "
             f"(--as and ${WHO_ENV} take a whole name)")
    return typed
