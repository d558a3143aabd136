"""A player's own history: which steps of a saved game are theirs, and who is meant by
the name typed with ``log --player NAME``.

A player at the table expects to find, in their history, their own turns and what was
done to them. So a step is a player's (:func:`concerns`) when

* they wrote it (``--as``, the player's shell), or
* it was made during their turn (every step of a turn belongs to whose turn it was:
  the dice they rolled, the Problems their House moved, the coins they spent), or
* its event names them (the damage done to them, the Target passed to them, Favor
  given to their House, the Teammate they recruited on another's turn), or
* it changes them, as the game reads its states before and after the step (an
  attack that hit them though it names only the attacker: the game's
  :attr:`core.game.Game.changed`).

The name typed goes through the project's one name resolver (:mod:`core.names`): the
whole name, a unique beginning or word of it, a look-alike spelling; several matches
are refused listing them, none suggests the closest ("did you mean").

This module imports no project package but :mod:`core.names`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence

from core.names import closest, find, matches, name_key, not_found

__all__ = ["PlayerNotFound", "concerns", "named_in", "resolve_player"]


class PlayerNotFound(ValueError):
    """What was typed means no player, or several: the message says which, or the
    closest name."""


def _quote(name: str) -> str:
    return repr(name) if len(repr(name)) <= 60 else repr(name)[:59] + "…"


def resolve_player(typed: str, names: Sequence[str], *, what: str = "player") -> str:
    """The one player (or House, or ``what``) of ``names`` that ``typed`` means; else
    :class:`PlayerNotFound` listing the candidates or suggesting the closest."""
    found = matches(typed, names)
    if len(found) == 1:
        return found[0]
    if found:
        listed = ", ".join(_quote(name) for name in found)
        raise PlayerNotFound(f"{_quote(typed)} could be {listed}: type more of the name")
    alike = find(typed, names)
    if alike is not None:
        return names[alike]
    raise PlayerNotFound(not_found(what, typed, names, closest(typed, names),
                                   quote=_quote, none=f"there is no {what} yet",
                                   holds=f"the {what}s are"))


def _texts(value: object) -> Iterator[str]:
    """Every text inside a stored event (nested lists and objects included)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _texts(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _texts(item)


def named_in(player: str, event: Mapping[str, object]) -> bool:
    """Whether the stored ``event`` names ``player`` (by name key) in any field but its
    ``type``."""
    wanted = name_key(player)
    fields = {field: value for field, value in event.items() if field != "type"}
    return any(name_key(text) == wanted for text in _texts(fields))


def concerns(player: str, *, who: str, turn_of: str | None,
             event: Mapping[str, object], changed: Collection[str] = ()) -> bool:
    """Whether a step is ``player``'s: written by them (``who``), made during their turn
    (``turn_of``: whose turn it was before the step), naming them in its ``event``, or
    changing them (``changed``: the players the step changes)."""
    wanted = name_key(player)
    return (name_key(who) == wanted or (turn_of is not None and name_key(turn_of) == wanted)
            or any(name_key(name) == wanted for name in changed)
            or named_in(player, event))
