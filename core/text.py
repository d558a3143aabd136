"""The one rule for every stored text: what a name or a free text may hold, and how
stored text is made safe to print.

Every text the tool stores (a sheet's names and notes, a Conflict's stakes, scope,
descriptions, notes, reasons and outcomes, a board game's players, cards and notes,
the table's players) is checked here, and every screen, export and JSON document
prints stored text through :func:`printable` or :func:`json_safe`. Two kinds of text:

* a **name** is one line. It holds no control character (C0, DEL, C1, tab and line
  breaks included), no lone surrogate, no line or paragraph separator (U+2028,
  U+2029), no bidirectional control (U+061C, U+200E, U+200F, U+202A–U+202E,
  U+2066–U+2069), no default-ignorable character (zero-width spaces and joiners,
  variation selectors, fillers, tags: they show nothing, so two names would differ
  by nothing one can see), no other format character (:data:`FORMAT_CONTROLS`: the
  interlinear annotation marks U+FFF9–U+FFFB, which hide text between them, Egyptian
  hieroglyph format controls, Arabic and Kaithi number signs) and no private-use or
  unassigned character (no font agrees on what they show, and an unassigned one may
  compare differently once Unicode assigns it). That is every character of Unicode's
  categories Cc, Cf, Cs, Co and Cn. Emoji are welcome as single symbols (``🔥``),
  never as sequences joined by invisible characters.
* a **free text** (notes, stakes, scope, about, outcomes, reasons, what a roll is for)
  is held to the same, except that a multi-line field also takes tab, line feed and
  carriage return, that private-use and unassigned characters are taken (an emoji
  newer than this Python's Unicode is one), and that emoji are written as people
  write them: a zero-width joiner (U+200D) or a
  variation selector (U+FE00–U+FE0F) right after a symbol (categories So, Sk, Sm:
  ``❤️``, ``↔️``, the skin tones), or after another of these joined to a symbol
  (``👨‍👩‍👧``, ``🏳️‍🌈``); a variation selector between a digit, ``#`` or ``*`` and
  the keycap mark (``1️⃣``); and the tag characters after a black flag (``🏴`` and the
  tags of a subdivision's flag). Anywhere else they are refused like in a name.

Stored text written before this rule (an old table) may still hold anything, so
:func:`printable` is the second wall: it shows control characters as ``\\x1b``-style
escapes and drops bidirectional controls, line and paragraph separators and
default-ignorable characters outside the emoji sequences above.
"""

from __future__ import annotations

import contextvars
import enum
import functools
import re
import types
import unicodedata
from collections.abc import Callable, Mapping
from typing import Final, ParamSpec, TypeVar

import attrs

from core.errors import QUOTE
from core.ignorable import DEFAULT_IGNORABLE, char_class, is_ignorable

P = ParamSpec("P")
T = TypeVar("T")

__all__ = ["ALLOWED", "BIDI_CONTROLS", "FORMAT_CONTROLS", "Found", "Refused", "allowed",
           "allowed_key", "as_stored",
           "carried", "first_refused", "json_safe", "near", "printable", "reading_stored",
           "refusal", "toml_safe"]

BIDI_CONTROLS: Final = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                                 "\u2066\u2067\u2068\u2069")
"""Every bidirectional formatting character: marks, embeddings, overrides, isolates."""

FORMAT_CONTROLS: Final[tuple[tuple[int, int], ...]] = (
    (0x0600, 0x0605),  # ARABIC NUMBER SIGN..ARABIC NUMBER MARK ABOVE
    (0x06DD, 0x06DD),  # ARABIC END OF AYAH
    (0x070F, 0x070F),  # SYRIAC ABBREVIATION MARK
    (0x0890, 0x0891),  # ARABIC POUND MARK ABOVE..ARABIC PIASTRE MARK ABOVE
    (0x08E2, 0x08E2),  # ARABIC DISPUTED END OF AYAH
    (0xFFF9, 0xFFFB),  # INTERLINEAR ANNOTATION ANCHOR..TERMINATOR
    (0x110BD, 0x110BD),  # KAITHI NUMBER SIGN
    (0x110CD, 0x110CD),  # KAITHI NUMBER SIGN ABOVE
    (0x13430, 0x1343F),  # EGYPTIAN HIEROGLYPH VERTICAL JOINER..END WALLED ENCLOSURE
)
"""The format characters (Unicode's category Cf) that are neither default-ignorable
nor bidirectional controls, as of Unicode 16.0: they shape, hide or join the text
around them. Listed here, not read from :mod:`unicodedata`, so that every Python
refuses the same ones (Python 3.11's Unicode 14 knows only U+13430–U+13438)."""

_ZWJ: Final = "\u200d"
_KEYCAP: Final = "\u20e3"
_BLACK_FLAG: Final = "\U0001f3f4"
_SYMBOLS: Final = frozenset({"So", "Sk", "Sm"})
_MULTI_LINE: Final = frozenset("\t\n\r")


class Found(enum.Enum):
    """The kind of character a text may not hold."""

    CONTROL = "a control character"
    SURROGATE = "a lone surrogate"
    SEPARATOR = "a line or paragraph separator"
    BIDI = "a bidirectional control"
    INVISIBLE = "an invisible character"
    FORMAT = "a format character"
    UNSHOWN = "a private-use or unassigned character"


@attrs.frozen
class Refused:
    """What the rule refuses in a text: the first character refused (``char``), at
    ``at``, of the kind ``found``."""

    at: int
    char: str
    found: Found


def _is_variation_selector(char: str) -> bool:
    return "\ufe00" <= char <= "\ufe0f" or "\U000e0100" <= char <= "\U000e01ef"


def _is_tag(char: str) -> bool:
    return "\U000e0020" <= char <= "\U000e007f"


def _joins_symbols(text: str, at: int) -> bool:
    """Whether the invisible character at ``at`` is part of an emoji sequence as
    people write them (see the module's docstring)."""
    char = text[at]
    before = text[at - 1] if at else ""
    if char == _ZWJ or _is_variation_selector(char):
        if before and unicodedata.category(before) in _SYMBOLS:
            return True
        if char == _ZWJ and before and _is_variation_selector(before):
            return at >= 2 and _joins_symbols(text, at - 1)
        after = text[at + 1] if at + 1 < len(text) else ""
        return (_is_variation_selector(char) and after == _KEYCAP
                and before in "0123456789#*" and before != "")
    if _is_tag(char):
        start = at
        while start and _is_tag(text[start - 1]):
            start -= 1
        return start > 0 and text[start - 1] == _BLACK_FLAG
    return False


def _kind(char: str) -> Found | None:
    """The kind of ``char`` when the rule may refuse it, else ``None``."""
    code = ord(char)
    if code < 0x20 or 0x7F <= code < 0xA0:
        return Found.CONTROL
    if 0xD800 <= code < 0xE000:
        return Found.SURROGATE
    if char in "\u2028\u2029":
        return Found.SEPARATOR
    if char in BIDI_CONTROLS:
        return Found.BIDI
    if is_ignorable(char):
        return Found.INVISIBLE
    if any(low <= code <= high for low, high in FORMAT_CONTROLS):
        return Found.FORMAT
    return None


def _unshown_at(text: str) -> int | None:
    """Where the first private-use or unassigned character of ``text`` is, if any."""
    if text.isascii():
        return None
    for at, char in enumerate(text):
        if (char > "\x9f" and unicodedata.category(char) in ("Co", "Cn")
                and _kind(char) is None):  # not refused as something else
            return at
    return None


_BEYOND_C0: Final = ((0x7F, 0x9F), (0xD800, 0xDFFF), (0x2028, 0x2029), *DEFAULT_IGNORABLE,
                     *FORMAT_CONTROLS)


# The character classes below are compiled on first use, not at import (start-up time).
@functools.cache
def _suspect() -> re.Pattern[str]:
    """Every character the rule may refuse (bidi controls are all default-ignorable)."""
    return char_class((0x00, 0x1F), *_BEYOND_C0)


_STORED: Final[contextvars.ContextVar[bool]] = contextvars.ContextVar("stored", default=False)


def reading_stored() -> bool:
    """Whether the text being checked is read back from a table (see :func:`as_stored`)."""
    return _STORED.get()


def as_stored(read: Callable[P, T]) -> Callable[P, T]:
    """``read`` (a decoder of what a table stored), taking any text back as it was
    stored: a table written before this rule keeps working, and :func:`printable` shows
    what it holds. Every other check of the value (types, numbers, lengths, the rules)
    still applies."""

    @functools.wraps(read)
    def stored(*args: P.args, **kwargs: P.kwargs) -> T:
        token = _STORED.set(True)
        try:
            return read(*args, **kwargs)
        finally:
            _STORED.reset(token)

    return stored


def first_refused(text: str, *, lines: bool = False, emoji: bool = False) -> Refused | None:
    """The first character of ``text`` the rule refuses, or ``None`` when it holds
    none. ``lines`` allows tab and line breaks (a multi-line field), ``emoji`` the
    invisible characters inside emoji sequences (free text); a name takes neither, nor
    private-use or unassigned characters.
    Text read back from a table (:func:`as_stored`) is taken as it is."""
    if _STORED.get():
        return None
    unshown = None if emoji or lines else _unshown_at(text)  # refused in a name only
    for match in _suspect().finditer(text if unshown is None else text[:unshown]):
        at = match.start()
        char = text[at]
        kind = _kind(char)
        if kind is None or (lines and char in _MULTI_LINE):
            continue
        if kind is Found.INVISIBLE and emoji and _joins_symbols(text, at):
            continue
        return Refused(at, char, kind)
    return None if unshown is None else Refused(unshown, text[unshown], Found.UNSHOWN)


ALLOWED: Final[Mapping[str, str]] = types.MappingProxyType({
    "one_line": "text on one line, without control characters",
    "lines": "text without control characters (tabs and new lines are fine)",
    "overrides": "text without bidirectional controls (U+202A–U+202E, U+2066–U+2069)",
    "marks": "text without bidirectional marks (U+061C, U+200E, U+200F)",
    "invisible": "text without invisible characters (zero-width spaces, joiners, fillers)",
    "format": "text without format characters (such as U+FFF9–U+FFFB, U+13430–U+1343F)",
    "unshown": "text without private-use or unassigned characters",
})
"""The one wording of what a field takes, for each way a text may break the rule
(:func:`allowed_key`), as a refusal says it after "must be". A door that speaks other
languages (the Deckbuilding Game's, R-DBG-8) says the same by the same keys."""


def allowed_key(refused: Refused, *, lines: bool = False) -> str:
    """The key in :data:`ALLOWED` of what a field takes, told by what it refused:
    ``"format"``."""
    if refused.found is Found.BIDI:
        return "marks" if refused.char in "\u061c\u200e\u200f" else "overrides"
    if refused.found is Found.INVISIBLE:
        return "invisible"
    if refused.found is Found.FORMAT:
        return "format"
    if refused.found is Found.UNSHOWN:
        return "unshown"
    return "lines" if lines else "one_line"


def allowed(refused: Refused, *, lines: bool = False) -> str:
    """What the field takes, as a refusal of ``refused`` says it after "must be":
    ``text on one line, without control characters`` (:data:`ALLOWED`)."""
    return ALLOWED[allowed_key(refused, lines=lines)]


def refusal(text: str, *, lines: bool = False, emoji: bool = False) -> tuple[str, str] | None:
    """Why the rule refuses ``text``, as two parts of a message: what the field takes
    (:func:`allowed`) and the part of ``text`` to quote (:func:`near`), or ``None``
    when the rule takes it. ``lines`` and ``emoji`` as for :func:`first_refused`."""
    refused = first_refused(text, lines=lines, emoji=emoji)
    if refused is None:
        return None
    return allowed(refused, lines=lines), near(text, refused.at)


def near(text: str, at: int, limit: int = QUOTE) -> str:
    """The part of ``text`` around ``at`` an error message quotes: all of it when it is
    short, else about ``limit`` - 10 characters around ``at``, ``…`` marking each cut,
    so the refused character is always in the quote."""
    room = max(limit - 10, 8)
    if len(text) <= room:
        return text
    start = max(0, min(at - room // 2, len(text) - room))
    part = text[start:start + room]
    return ("…" if start else "") + part + ("…" if start + room < len(text) else "")


def printable(text: str, *, lines: bool = False) -> str:
    """Stored text made safe to print: control characters (escape sequences among them)
    shown as ``\\x1b``-style escapes, lone surrogates and format characters
    (:data:`FORMAT_CONTROLS`) as ``\\ufff9``-style ones, tab shown as a space, bidi
    controls, line and paragraph separators and invisible characters outside emoji
    sequences dropped; line breaks kept only when ``lines``."""
    if _suspect().search(text) is None:
        return text
    out: list[str] = []
    for at, char in enumerate(text):
        kind = _kind(char)
        if kind is None or (char == "\n" and lines):
            out.append(char)
        elif char == "\t":
            out.append(" ")
        elif kind is Found.CONTROL:
            out.append(f"\\x{ord(char):02x}")
        elif kind is Found.SURROGATE or kind is Found.FORMAT:
            out.append(ascii(char)[1:-1])
        elif kind is Found.INVISIBLE and _joins_symbols(text, at):
            out.append(char)
    return "".join(out)


@functools.cache
def _json_suspect() -> re.Pattern[str]:
    return char_class(*_BEYOND_C0)  # JSON escapes C0 itself


def _json_escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code > 0xFFFF:  # as JSON writes it: a surrogate pair
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def _toml_escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\U{code:08x}" if code > 0xFFFF else f"\\u{code:04x}"


def json_safe(document: str, encoding: str | None = None) -> str:
    """A JSON document (as :func:`json.dumps` writes it with ``ensure_ascii=False``)
    with every character the rule may refuse written as a ``\\u`` escape: JSON already
    escapes C0 controls, not DEL, C1 controls, separators, bidi controls or invisible
    characters. The data read back is the same; no raw byte of them is printed.

    With ``encoding`` (the output's: ``latin-1``, ``ascii``), every character it cannot
    carry is escaped too, so a program reading the output in that encoding gets every
    text back, never a ``?``."""
    return carried(_json_suspect().sub(_json_escape, document), encoding, _json_escape)


@functools.cache
def _toml_suspect() -> re.Pattern[str]:
    return char_class((0x00, 0x08), (0x0B, 0x0C), (0x0E, 0x1F), *_BEYOND_C0)


def toml_safe(document: str, encoding: str | None = None) -> str:
    """A TOML document whose text values are all basic strings (``"…"``, as
    ``tomli_w`` writes them) with every character the rule may refuse written as a
    ``\\u`` or ``\\U`` escape, as :func:`json_safe` does for JSON (``encoding`` too)."""
    return carried(_toml_suspect().sub(_toml_escape, document), encoding, _toml_escape)


@functools.cache
def _beyond_ascii() -> re.Pattern[str]:
    return re.compile("[^\\x00-\\x7f]")


def carried(document: str, encoding: str | None,
            escape: Callable[[re.Match[str]], str]) -> str:
    """``document`` (whose characters beyond ASCII are all inside strings, as in JSON
    and TOML) with every character ``encoding`` cannot carry written by ``escape``;
    ``document`` itself when ``encoding`` is ``None`` or carries it all. An encoding
    Python does not know is taken for ASCII."""
    if encoding is None or document.isascii():
        return document
    import codecs

    try:
        encoding = codecs.lookup(encoding).name
    except LookupError:
        encoding = "ascii"
    if encoding == "utf-8":
        return document
    try:
        document.encode(encoding)
    except UnicodeEncodeError:
        pass
    else:
        return document

    def one(match: re.Match[str]) -> str:
        try:
            match.group().encode(encoding)
        except UnicodeEncodeError:
            return escape(match)
        return match.group()

    return _beyond_ascii().sub(one, document)
