"""One rule for names: when two names are the same, when a name may be stored, and
when a new name would be mistaken for one already at the table.

* :func:`name_key` is the form two names share when they are the same name: the
  roster and the Conflict engine both compare names by it. It is the project's one
  name identity, :func:`core.names.name_key`, kept importable from here with the rest
  of :mod:`core.names` (:func:`skeleton`, :func:`look_alike`, :func:`appearance`,
  :func:`look_alike_among`, :func:`why_alike`, :func:`script_of`).
* :func:`check_name` says whether a value may be stored as a name and returns it as it
  will be stored; :func:`check_notes` does the same for free text such as notes. Both
  apply the project's one rule for stored text, :mod:`core.text` (no control, bidi or
  invisible character; emoji sequences in free text), with R-CHAR-1's limits.
* :func:`refuse_look_alike` refuses a name that differs from another only by
  characters that look alike (Cyrillic ``і`` for Latin ``i``) with
  :class:`~characters.errors.NameLooksAlike`.
"""

from __future__ import annotations

from collections.abc import Iterable

from characters.errors import NameLooksAlike, SheetValueError
from characters.limits import NAME_MAX, NOTES_MAX
from core.names import (
    BIDI_CONTROLS,
    DEFAULT_IGNORABLE,
    Looks,
    appearance,
    drop_ignorables,
    is_ignorable,
    look_alike,
    look_alike_among,
    name_key,
    script_of,
    skeleton,
    why_alike,
)
from core.text import Found, allowed, first_refused, near, refusal

__all__ = [
    "BIDI_CONTROLS", "DEFAULT_IGNORABLE", "Looks", "appearance", "check_name", "check_notes",
    "drop_ignorables", "is_ignorable", "look_alike", "look_alike_among", "name_key",
    "refuse_look_alike", "script_of", "skeleton", "why_alike",
]


# --- what may be stored: the project's one rule, core.text -------------------------------


def check_name(value: object, *, field: str = "name", limit: int = NAME_MAX) -> str:
    """``value`` as it will be stored as a name (surrounding whitespace trimmed).

    Raises :class:`~characters.errors.SheetValueError` naming ``field`` when it is not
    text, is longer than ``limit`` characters once trimmed, holds what
    :func:`core.text.first_refused` refuses in a name (a control character, a lone
    surrogate, a line or paragraph separator, a bidirectional control, an invisible
    character), or shows nothing (R-CHAR-1). The message quotes the value around the
    character refused.
    """
    if not isinstance(value, str):
        raise SheetValueError(field, "text", value)
    name = value.strip()
    if len(name) > limit:
        raise SheetValueError(field, f"a name of at most {limit} characters", value)
    refused = first_refused(value)  # at the ends too: they are not trimmed away
    if refused is not None and refused.found is not Found.INVISIBLE:
        raise SheetValueError(field, allowed(refused), near(value, refused.at))
    if not name_key(name):
        raise SheetValueError(field, "non-empty text (visible characters)", value)
    if refused is not None:
        raise SheetValueError(field, allowed(refused), near(value, refused.at))
    return name


def check_notes(value: object, *, field: str = "notes", limit: int = NOTES_MAX) -> str:
    """``value`` as it will be stored as free text (kept exactly; lines allowed).

    Raises :class:`~characters.errors.SheetValueError` naming ``field`` when it is not
    text, is longer than ``limit`` characters, or holds what :func:`core.text.first_refused`
    refuses in multi-line free text (tab, line feed, carriage return and emoji
    sequences are fine) (R-CHAR-1).
    """
    if not isinstance(value, str):
        raise SheetValueError(field, "text", value)
    if len(value) > limit:
        raise SheetValueError(field, f"text of at most {limit} characters", value)
    why = refusal(value, lines=True, emoji=True)
    if why is not None:
        raise SheetValueError(field, *why)
    return value


def refuse_look_alike(name: str, existing: Iterable[str]) -> None:
    """Raise :class:`~characters.errors.NameLooksAlike` if ``name`` would be mistaken
    for one of ``existing`` (see :func:`look_alike`)."""
    other = look_alike(name, existing)
    if other is not None:
        raise NameLooksAlike(name, other, why_alike(name, other))
