"""The characters Unicode calls default-ignorable: they render as nothing.

Names never differ by them (:mod:`core.names`), the one text rule refuses them outside
emoji sequences (:mod:`core.text`), and an error message quotes them escaped
(:func:`core.errors.shown`). The table is here alone, below all three.
"""

from __future__ import annotations

import bisect
import functools
import re
from typing import Any, Final

__all__ = ["DEFAULT_IGNORABLE", "char_class", "ignorable", "is_ignorable"]

# Default_Ignorable_Code_Point, from the Unicode Character Database's
# DerivedCoreProperties.txt (Unicode 15.1 and 16.0: "Total code points: 4174"), with
# adjacent lines merged. These render as nothing, so a name never differs by them.
DEFAULT_IGNORABLE: Final[tuple[tuple[int, int], ...]] = (
    (0x00AD, 0x00AD),  # SOFT HYPHEN
    (0x034F, 0x034F),  # COMBINING GRAPHEME JOINER
    (0x061C, 0x061C),  # ARABIC LETTER MARK
    (0x115F, 0x1160),  # HANGUL CHOSEONG FILLER..HANGUL JUNGSEONG FILLER
    (0x17B4, 0x17B5),  # KHMER VOWEL INHERENT AQ..AA
    (0x180B, 0x180F),  # MONGOLIAN FREE VARIATION SELECTORS, VOWEL SEPARATOR
    (0x200B, 0x200F),  # ZERO WIDTH SPACE..RIGHT-TO-LEFT MARK
    (0x202A, 0x202E),  # LEFT-TO-RIGHT EMBEDDING..RIGHT-TO-LEFT OVERRIDE
    (0x2060, 0x206F),  # WORD JOINER..NOMINAL DIGIT SHAPES (isolates included)
    (0x3164, 0x3164),  # HANGUL FILLER
    (0xFE00, 0xFE0F),  # VARIATION SELECTOR-1..16
    (0xFEFF, 0xFEFF),  # ZERO WIDTH NO-BREAK SPACE (byte order mark)
    (0xFFA0, 0xFFA0),  # HALFWIDTH HANGUL FILLER
    (0xFFF0, 0xFFF8),  # reserved
    (0x1BCA0, 0x1BCA3),  # SHORTHAND FORMAT LETTER OVERLAP..UP STEP
    (0x1D173, 0x1D17A),  # MUSICAL SYMBOL BEGIN BEAM..END PHRASE
    (0xE0000, 0xE0FFF),  # TAGS, VARIATION SELECTOR-17..256, reserved
)
_IGNORABLE_STARTS: Final = tuple(low for low, _high in DEFAULT_IGNORABLE)


def is_ignorable(char: str) -> bool:
    """Whether ``char`` is a default-ignorable code point (renders as nothing)."""
    point = ord(char)
    at = bisect.bisect_right(_IGNORABLE_STARTS, point) - 1
    return at >= 0 and point <= DEFAULT_IGNORABLE[at][1]


def char_class(*spans: tuple[int, int]) -> re.Pattern[str]:
    """A regular expression matching one character in any of ``spans`` (inclusive)."""
    return re.compile("[" + "".join(f"\\U{low:08x}-\\U{high:08x}" for low, high in spans)
                      + "]")


@functools.cache
def ignorable() -> re.Pattern[str]:
    """Matches one default-ignorable character; compiled on first use, not at import
    (start-up time). Also read as the module's ``IGNORABLE``."""
    return char_class(*DEFAULT_IGNORABLE)


def __getattr__(name: str) -> Any:
    if name == "IGNORABLE":
        return ignorable()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
