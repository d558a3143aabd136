"""One rule for names: when two names are the same, when a name may be stored, and
when a new name would be mistaken for one already at the table.

* :func:`name_key` is the form two names share when they are the same name: the
  roster and the Conflict engine both compare names by it. It is the project's one
  name identity, :func:`core.names.name_key`, kept importable from here with the rest
  of :mod:`core.names` (:func:`skeleton`, :func:`look_alike`, :func:`appearance`,
  :func:`look_alike_among`, :func:`why_alike`, :func:`script_of`).
* :func:`check_name` says whether a value may be stored as a name and returns it as it
  will be stored; :func:`check_notes` does the same for free text such as notes.
* :func:`refuse_look_alike` refuses a name that differs from another only by
  characters that look alike (Cyrillic ``і`` for Latin ``i``) with
  :class:`~characters.errors.NameLooksAlike`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

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

__all__ = [
    "BIDI_CONTROLS", "DEFAULT_IGNORABLE", "Looks", "appearance", "check_name", "check_notes",
    "drop_ignorables", "is_ignorable", "look_alike", "look_alike_among", "name_key",
    "refuse_look_alike", "script_of", "skeleton", "why_alike",
]


# --- what may be stored --------------------------------------------------------------


# Cc (U+0000–U+001F, U+007F–U+009F), lone surrogates (Cs), line and paragraph
# separators, and the bidirectional embedding, override and isolate controls.
_NOT_IN_NAMES: Final = re.compile(
    "[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)
# The same without tab, line feed and carriage return, line separators and bidi controls.
_NOT_IN_NOTES: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def check_name(value: object, *, field: str = "name", limit: int = NAME_MAX) -> str:
    """``value`` as it will be stored as a name (surrounding whitespace trimmed).

    Raises :class:`~characters.errors.SheetValueError` naming ``field`` when it is not
    text, is empty once trimmed and rid of invisible characters, is longer than
    ``limit`` characters, or holds a control character, a lone surrogate, a line or
    paragraph separator (U+2028, U+2029) or a bidirectional embedding, override or
    isolate control (U+202A–U+202E, U+2066–U+2069) (R-CHAR-1).
    """
    if not isinstance(value, str):
        raise SheetValueError(field, "text", value)
    name = value.strip()
    if len(name) > limit:
        raise SheetValueError(field, f"a name of at most {limit} characters", value)
    bad = _NOT_IN_NAMES.search(value)  # at the ends too: they are not trimmed away
    if bad and bad.group() in BIDI_CONTROLS:
        raise SheetValueError(
            field, "text without bidirectional controls (U+202A–U+202E, U+2066–U+2069)", value
        )
    if bad:
        raise SheetValueError(field, "text on one line, without control characters", value)
    if not name_key(name):
        raise SheetValueError(field, "non-empty text (visible characters)", value)
    return name


def check_notes(value: object, *, field: str = "notes", limit: int = NOTES_MAX) -> str:
    """``value`` as it will be stored as free text (kept exactly; lines allowed).

    Raises :class:`~characters.errors.SheetValueError` naming ``field`` when it is not
    text, is longer than ``limit`` characters, or holds a control character other
    than tab and line breaks, or a lone surrogate (R-CHAR-1).
    """
    if not isinstance(value, str):
        raise SheetValueError(field, "text", value)
    if len(value) > limit:
        raise SheetValueError(field, f"text of at most {limit} characters", value)
    if _NOT_IN_NOTES.search(value):
        raise SheetValueError(field, "text without control characters (tabs and new lines "
                              "are fine)", value)
    return value


def refuse_look_alike(name: str, existing: Iterable[str]) -> None:
    """Raise :class:`~characters.errors.NameLooksAlike` if ``name`` would be mistaken
    for one of ``existing`` (see :func:`look_alike`)."""
    other = look_alike(name, existing)
    if other is not None:
        raise NameLooksAlike(name, other, why_alike(name, other))
