"""The ceilings on everything a person types into a sheet or a sheet file.

Each is stated once here and listed, with the reason for it, in ``docs/limits.md``.
The rules' own ranges (R-CHAR-1, R-CON-18, R-CON-16) sit beside the ceilings the tool
adds so that a typo or a hostile file never makes a huge value, message or screen.
"""

from __future__ import annotations

from typing import Final

__all__ = ["AMOUNT_RANGE", "ATTRIBUTE_RANGE", "EQUIPMENT_DAMAGE_RANGE", "GROUP_COUNT_RANGE",
           "INTEGER_DIGITS_MAX", "LIST_MAX", "NAME_MAX", "NESTING_MAX", "NOTES_MAX", "POWER_RANGE",
           "REACTION_RANGE", "RESILIENCE_RANGE", "SHEET_FILE_MAX_BYTES", "SHOWN_MAX",
           "STANDING_RANGE"]

# --- ranges the rules give ------------------------------------------------------------

ATTRIBUTE_RANGE: Final = (2, 6)  # R-CHAR-1
STANDING_RANGE: Final = (2, 10)  # R-CHAR-1
POWER_RANGE: Final = (1, 10)
REACTION_RANGE: Final = (1, 10)  # R-CON-16
EQUIPMENT_DAMAGE_RANGE: Final = (0, 10)  # R-CON-18

# --- ceilings the tool adds -------------------------------------------------------------

NAME_MAX: Final = 60
"""Characters in a name (character, group, player, Power, Trait, Burden, equipment,
Reaction), counted after trimming the ends: a screen row at 40 columns shows it whole
or nearly, and an error message quotes it whole."""

NOTES_MAX: Final = 4000
"""Characters in a sheet's notes: a page of text."""

LIST_MAX: Final = 40
"""Items in each list of a sheet (Powers, Traits, Burdens, equipment, Reactions)."""

GROUP_COUNT_RANGE: Final = (1, 1000)
"""Extras in one group (R-CON-2); ``member_wits`` lists one Wits per member."""

RESILIENCE_RANGE: Final = (1, 100)
"""A Resilience's full score (R-CHAR-1 says at least 1). Damage is 0 to the full score:
at 0 the character is defeated and takes no more (R-CON-20)."""

AMOUNT_RANGE: Final = (0, 100)
"""One amount of damage or healing applied at once."""

# --- text fed in by people and programs -------------------------------------------------

SHEET_FILE_MAX_BYTES: Final = 1_000_000
"""Size of a sheet file (TOML or JSON): a whole crew with long notes fits in a tenth."""

NESTING_MAX: Final = 32
"""Depth of tables and lists in data read from text; a sheet needs 4."""

INTEGER_DIGITS_MAX: Final = 18
"""Digits of a whole number in data read from text (fits 64 bits)."""

SHOWN_MAX: Final = 60
"""Characters of a bad value that an error message quotes."""
