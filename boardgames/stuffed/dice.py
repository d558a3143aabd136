"""Stuffed's Attribute dice: symbols, die definitions, rolls and combinations.

Rules R-STF-1 (the dice) and R-STF-4 (sets) of the project's rules reference. Pure: this
module and :mod:`boardgames.stuffed.odds` import only the standard library and attrs.

Symbols and what a player may type for them (any case; commas or spaces between dice):

=============  ============================================  =======
symbol         typed as                                      screen
=============  ============================================  =======
coin           ``c``, ``co``, ``coi``, ``coin``, ``coins``   ``Co``
essence        ``e``, ``es``, … ``essence``, ``essences``    ``Es``
birden         ``b``, ``bi``, … ``birden``, ``birdens``      ``Bi``
intelligence   ``i``, ``in``, ``int``, … ``intelligence``    ``In``
charisma       ``ch``, ``cha``, … ``charisma``               ``Ch``
resource       ``r``, ``re``, ``res``, … ``resource``        ``Re``
=============  ============================================  =======

The rule behind the table: any start of a symbol's name that fits one symbol only, its
name with a plural ``s``, and ``c`` alone for coin (the commonest currency of the
game; charisma starts ``ch``). A bare ``c`` is therefore never charisma.

Combinations (the cards' costs, the Mission, the sets of R-STF-4) are typed as entries
separated by commas or spaces: a symbol with an optional count after a colon
(``charisma:2,intelligence,resource`` or ``ch:2 i r``), and ``N-kind`` (also ``Nkind``
or ``kind:N``) for N of a kind of any one symbol except Birden (``3-kind``). Entries
add up: ``ch,ch`` is ``ch:2``; ``3-kind,3-kind`` is two sets, which may show the same
symbol (six charisma make both). Dice are numbered 1–8 as they lie on the table.
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol, TypeAlias

import attrs

from boardgames.errors import BadValue, shown

__all__ = ["ALIASES", "DEFAULT_DIE", "DICE", "FACES", "MIN_KIND", "SYMBOLS", "Combo", "Dice",
           "Die", "RandomSource", "Symbol", "Symbols", "counts_of", "makes", "match",
           "parse_combo", "parse_symbol", "parse_symbols", "symbols_text"]

DICE = 8  # R-STF-1: eight Attribute dice
FACES = 6


class Symbol(enum.Enum):
    """The six symbols on the Attribute dice (R-STF-1)."""

    COIN = "coin"
    ESSENCE = "essence"
    BIRDEN = "birden"
    INTELLIGENCE = "intelligence"
    CHARISMA = "charisma"
    RESOURCE = "resource"

    @property
    def short(self) -> str:
        """Two letters for narrow screens (``Co``, ``Es``, ``Bi``, ``In``, ``Ch``, ``Re``)."""
        return _SHORT[self]

    def counted(self, number: int) -> str:
        """``number`` dice of this symbol in words: ``3 coins``, ``1 birden``,
        ``2 charisma`` (only the symbols one counts take a plural)."""
        plural = number != 1 and self in _COUNTABLE
        return f"{number} {self.value}{'s' if plural else ''}"

    @property
    def alias(self) -> str:
        """The shortest thing a player can type for it (``c``, ``e``, ``b``, ``i``,
        ``ch``, ``r``)."""
        return _ALIAS[self]

    @property
    def makes_sets(self) -> bool:
        """Whether it counts for N of a kind: every symbol but Birden (R-STF-4)."""
        return self is not Symbol.BIRDEN

    def __str__(self) -> str:
        return self.value


SYMBOLS: tuple[Symbol, ...] = tuple(Symbol)
_SHORT = {Symbol.COIN: "Co", Symbol.ESSENCE: "Es", Symbol.BIRDEN: "Bi",
          Symbol.INTELLIGENCE: "In", Symbol.CHARISMA: "Ch", Symbol.RESOURCE: "Re"}
_ALIAS = {Symbol.COIN: "c", Symbol.ESSENCE: "e", Symbol.BIRDEN: "b",
          Symbol.INTELLIGENCE: "i", Symbol.CHARISMA: "ch", Symbol.RESOURCE: "r"}
_COUNTABLE = frozenset((Symbol.COIN, Symbol.BIRDEN, Symbol.RESOURCE))
"""The symbols said as things counted (``2 coins``); the others are qualities
(``2 charisma``)."""


def _aliases() -> dict[str, Symbol]:
    table: dict[str, Symbol] = {}
    for symbol in SYMBOLS:
        name = symbol.value
        for end in range(1, len(name) + 1):
            prefix = name[:end]
            if sum(other.value.startswith(prefix) for other in SYMBOLS) == 1:
                table[prefix] = symbol
        table[name + "s"] = symbol
    table["c"] = Symbol.COIN  # the one short form two names share: coin's
    return table


ALIASES: Mapping[str, Symbol] = _aliases()
"""Everything a player may type for a symbol (lower case) → the symbol."""

_TYPED_HINT = "coin/c, essence/e, birden/b, intelligence/i, charisma/ch, resource/r"


Symbols: TypeAlias = str | Iterable[Symbol | str]
"""Dice as a player types them (``"c c e b"``) or as symbols or their names."""


def parse_symbol(text: object, *, rule: str = "R-STF-1") -> Symbol:
    """The symbol a player typed (full name or alias, any case; a :class:`Symbol`
    passes through), else :class:`BadValue`."""
    if isinstance(text, Symbol):
        return text
    if not isinstance(text, str):
        raise BadValue(f"a die symbol must be text, got {shown(text)}", rule=rule)
    symbol = ALIASES.get(text.strip().lower())
    if symbol is None:
        raise BadValue(f"no die symbol is called {shown(text)}; use {_TYPED_HINT}", rule=rule)
    return symbol


_SPLIT = re.compile(r"[\s,]+")


def parse_symbols(text: object, *, rule: str = "R-STF-1") -> tuple[Symbol, ...]:
    """Dice typed by hand: symbols or aliases separated by commas or spaces
    (``"c c e b i ch r r"``), or any sequence of symbols or their names."""
    if isinstance(text, str):
        items: Iterable[object] = [t for t in _SPLIT.split(text.strip()) if t]
    elif isinstance(text, Iterable) and not isinstance(text, (bytes, Mapping)):
        items = text
    else:
        raise BadValue(f"dice must be symbols separated by commas or spaces, got "
                       f"{shown(text)}", rule=rule)
    return tuple(parse_symbol(item, rule=rule) for item in items)


def symbols_text(symbols: Iterable[Symbol]) -> str:
    """Symbols as a plain list: ``coin, coin, essence``."""
    return ", ".join(s.value for s in symbols)


# --- the die --------------------------------------------------------------------------


class RandomSource(Protocol):
    """Anything with ``randint`` like :class:`random.Random`."""

    def randint(self, a: int, b: int) -> int: ...


def _die_faces(value: Symbols) -> tuple[Symbol, ...]:
    faces = parse_symbols(value)
    if len(faces) != FACES:
        raise BadValue(f"a die has {FACES} faces, got {len(faces)}: "
                       f"{shown(symbols_text(faces))}", rule="R-STF-1")
    return faces


@attrs.frozen
class Die:
    """What the six faces of every Attribute die show (R-STF-1).

    Ruling (R-STF-1): the rulebook names the symbols but not the faces; the default die
    shows each symbol once. A table whose dice differ gives its own six faces, and a
    symbol may show on several faces (or none). All 8 dice share one definition.
    """

    faces: tuple[Symbol, ...] = attrs.field(converter=_die_faces)

    @classmethod
    def parse(cls, text: str) -> Die:
        """A die from six typed faces, e.g. ``"c,c,e,b,i,r"``."""
        return cls(parse_symbols(text))

    def weight(self, symbol: Symbol) -> int:
        """On how many of the six faces ``symbol`` shows."""
        return self.faces.count(symbol)

    @property
    def is_default(self) -> bool:
        """Whether this is the default die (each symbol once, in the usual order)."""
        return self.faces == SYMBOLS

    def roll(self, count: int = DICE, rng: RandomSource | None = None) -> tuple[Symbol, ...]:
        """``count`` dice rolled; ``rng`` defaults to the operating system's secure
        source (pass a seeded :class:`random.Random` for repeatable rolls)."""
        if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= DICE:
            raise BadValue(f"roll 0–{DICE} Attribute dice, got {shown(count)}", rule="R-STF-1")
        if rng is None:
            import random  # only when rolling for real: keeps the odds' start-up light

            rng = random.SystemRandom()
        source: RandomSource = rng
        return tuple(self.faces[source.randint(0, FACES - 1)] for _ in range(count))

    def __str__(self) -> str:
        return ",".join(s.value for s in self.faces)


DEFAULT_DIE = Die(SYMBOLS)
"""The default Attribute die: each symbol on one face (R-STF-1 ruling)."""


# --- combinations ---------------------------------------------------------------------

MIN_KIND = 2
_KIND = re.compile(r"^(?:(\d+)-?kind|kind:(\d+))$")
_COUNTED = re.compile(r"^([a-z]+)(?::(\d+))?$")


def _needs(value: Mapping[Symbol | str, int] | Iterable[tuple[Symbol | str, int]]
           ) -> tuple[tuple[Symbol, int], ...]:
    if isinstance(value, Mapping):
        value = tuple(value.items())
    if not isinstance(value, Iterable) or isinstance(value, (str, bytes)):
        raise BadValue(f"a combination's symbols must be (symbol, count) pairs, got "
                       f"{shown(value)}", rule="R-STF-5")
    counts: Counter[Symbol] = Counter()
    for item in value:
        if not (isinstance(item, tuple) and len(item) == 2):
            raise BadValue(f"expected a (symbol, count) pair, got {shown(item)}", rule="R-STF-5")
        symbol, count = parse_symbol(item[0], rule="R-STF-5"), item[1]
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise BadValue(f"a count of {symbol} must be 1 or more, got {shown(count)}",
                           rule="R-STF-5")
        counts[symbol] += count
    return tuple((s, counts[s]) for s in SYMBOLS if counts[s])


def _kinds(value: Iterable[int]) -> tuple[int, ...]:
    if not isinstance(value, Iterable) or isinstance(value, (str, bytes)):
        raise BadValue(f"a combination's sets must be sizes, got {shown(value)}", rule="R-STF-4")
    sizes = tuple(value)
    for size in sizes:
        if isinstance(size, bool) or not isinstance(size, int) or not MIN_KIND <= size <= DICE:
            raise BadValue(f"N of a kind needs N of {MIN_KIND}–{DICE}, got {shown(size)}",
                           rule="R-STF-4")
    return tuple(sorted(sizes, reverse=True))


def _check_combo(instance: Combo) -> None:
    size = instance.size
    if size == 0:
        raise BadValue("a combination needs at least one die", rule="R-STF-5")
    if size > DICE:
        raise BadValue(f"a combination of {size} dice cannot be rolled with {DICE} dice: "
                       f"{shown(instance.text)}", rule="R-STF-1")


@attrs.frozen
class Combo:
    """A combination of dice: named symbols with counts, plus sets of N of a kind of
    any one symbol except Birden (R-STF-4, R-STF-5, R-STF-7).

    ``needs`` is ordered by symbol and ``kinds`` from the largest set down, so equal
    combinations compare equal however they were typed. Build one with
    :func:`parse_combo` or directly: ``Combo({Symbol.CHARISMA: 2}, kinds=(3,))``.
    """

    needs: tuple[tuple[Symbol, int], ...] = attrs.field(default=(), converter=_needs)
    kinds: tuple[int, ...] = attrs.field(default=(), converter=_kinds)

    def __attrs_post_init__(self) -> None:
        _check_combo(self)

    @property
    def size(self) -> int:
        """How many dice the combination takes."""
        return sum(count for _, count in self.needs) + sum(self.kinds)

    def need(self, symbol: Symbol) -> int:
        """How many dice of ``symbol`` it names (sets not counted)."""
        return dict(self.needs).get(symbol, 0)

    @property
    def text(self) -> str:
        """The canonical typed form: ``charisma:2,intelligence,3-kind``."""
        parts = [s.value if n == 1 else f"{s.value}:{n}" for s, n in self.needs]
        parts += [f"{k}-kind" for k in self.kinds]
        return ",".join(parts)

    @property
    def short(self) -> str:
        """The shortest typed form: ``ch:2,i,3-kind``."""
        parts = [s.alias if n == 1 else f"{s.alias}:{n}" for s, n in self.needs]
        parts += [f"{k}-kind" for k in self.kinds]
        return ",".join(parts)

    @property
    def words(self) -> str:
        """In words: ``2 charisma, intelligence and 3 of a kind``; the symbols one counts
        take a plural (``2 coins``, ``2 birdens``, ``2 resources``)."""
        parts = [s.value if n == 1 else s.counted(n) for s, n in self.needs]
        parts += [f"{k} of a kind" for k in self.kinds]
        return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]

    def __str__(self) -> str:
        return self.text


def parse_combo(text: Combo | str) -> Combo:
    """The combination a player typed (see the module docstring); a :class:`Combo`
    passes through. Bad input raises a one-line :class:`BadValue` quoting it."""
    if isinstance(text, Combo):
        return text
    if not isinstance(text, str):
        raise BadValue(f"a combination must be text such as 'ch:2,i,r', got {shown(text)}",
                       rule="R-STF-5")
    entries = [e for e in _SPLIT.split(text.strip().lower()) if e]
    if not entries:
        raise BadValue("a combination needs at least one entry, e.g. 'ch:2,i,r' or '3-kind'",
                       rule="R-STF-5")
    needs: list[tuple[Symbol, int]] = []
    kinds: list[int] = []
    for entry in entries:
        kind = _KIND.match(entry)
        if kind:
            size = int(kind.group(1) or kind.group(2))
            if not MIN_KIND <= size <= DICE:
                raise BadValue(f"N of a kind needs N of {MIN_KIND}–{DICE}, got {shown(entry)}",
                               rule="R-STF-4")
            kinds.append(size)
            continue
        counted = _COUNTED.match(entry)
        if not counted:
            raise BadValue(f"cannot read {shown(entry)} in {shown(text)}: write a symbol with "
                           f"an optional count (ch:2) or N-kind (3-kind)", rule="R-STF-5")
        symbol = parse_symbol(counted.group(1), rule="R-STF-5")
        count = int(counted.group(2)) if counted.group(2) is not None else 1
        if not 1 <= count <= DICE:
            raise BadValue(f"a count must be 1–{DICE}, got {shown(entry)}", rule="R-STF-5")
        needs.append((symbol, count))
    return Combo(needs, kinds)


# --- matching -------------------------------------------------------------------------

Dice = Sequence[tuple[int, Symbol]]
"""Unspent dice as (position, symbol) pairs; positions count from 1."""


def _assign_kinds(left: Counter[Symbol], kinds: Sequence[int]) -> list[Symbol] | None:
    """A symbol for each set (largest first) from the dice ``left``, or None. Tries the
    symbol with the fewest dice that still fits first, leaving bigger groups whole."""
    if not kinds:
        return []
    size, rest = kinds[0], kinds[1:]
    fits = sorted((s for s in SYMBOLS if s.makes_sets and left[s] >= size),
                  key=lambda s: (left[s], SYMBOLS.index(s)))
    for symbol in fits:
        left[symbol] -= size
        tail = _assign_kinds(left, rest)
        left[symbol] += size
        if tail is not None:
            return [symbol, *tail]
    return None


def match(combo: Combo, dice: Dice) -> tuple[int, ...] | None:
    """Positions of dice that make ``combo`` (earliest positions first), or ``None``
    when the dice cannot make it."""
    counts = Counter(symbol for _, symbol in dice)
    for symbol, count in combo.needs:
        if counts[symbol] < count:
            return None
        counts[symbol] -= count
    chosen = _assign_kinds(counts, combo.kinds)
    if chosen is None:
        return None
    wanted = Counter(dict(combo.needs))
    for symbol, size in zip(chosen, combo.kinds, strict=True):
        wanted[symbol] += size
    picked: list[int] = []
    for position, symbol in sorted(dice):
        if wanted[symbol]:
            wanted[symbol] -= 1
            picked.append(position)
    return tuple(picked)


def makes(combo: Combo, symbols: Sequence[Symbol]) -> bool:
    """Whether exactly these dice (no more, no fewer) make ``combo``."""
    return len(symbols) == combo.size and match(
        combo, list(enumerate(symbols, start=1))) is not None


def counts_of(dice: Dice) -> dict[Symbol, int]:
    """How many dice show each symbol (every symbol listed, zeros included)."""
    counts = Counter(symbol for _, symbol in dice)
    return {s: counts[s] for s in SYMBOLS}
