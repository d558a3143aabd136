"""What a board game's screen shows, as plain values any front door can draw.

A game's ``board(state, viewer)`` returns a tuple of these values and its
``next_line(state, viewer)`` one sentence; a terminal, a web page or a test draws them.
Nothing here knows a width, a colour or a markup language:

* a :class:`Line` is a line of text and a ``tag`` saying what it is (``title``,
  ``head``, ``active``, ``out``, ``note``, ``dim``, ``result``, ``plain``), so that a
  screen may style it; the words alone always carry the meaning. A line that may be
  longer than the screen is ``wrap``-ped between words, each of its lines starting
  ``margin`` columns in, the lines after the first ``indent`` further; a line made of
  :class:`Part` s styled differently is drawn as it is;
* a :class:`Title` is the first line: the game's name (the table holds it, not the
  state) followed by its ``text``.

The values only one game has — the dice of Stuffed (:class:`Tray`), the Problem grid
and the Houses' table of House War (:class:`Grid`, :class:`Houses`) — are here too,
each game's screen module naming them beside its ``board``: a board read back from
the table is drawn without loading its game.

A board is stored beside its game as JSON (:func:`to_stored`) and read back strictly
(:func:`from_stored`), so that a screen shows it without replaying the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.frozen import Frozen


class Part(Frozen):
    """A piece of a :class:`Line` with a tag of its own."""

    fields = ("text", "tag")
    __slots__ = fields
    text: str
    tag: str

    def __init__(self, text: str, tag: str = "plain") -> None:
        self._set("text", text)
        self._set("tag", tag)


class Line(Frozen):
    """One line of a screen and what it is (its ``tag``); see the module."""

    fields = ("text", "tag", "wrap", "margin", "indent", "parts")
    __slots__ = fields
    text: str
    tag: str
    wrap: bool
    margin: int
    indent: int
    parts: tuple[Part, ...]

    def __init__(self, text: str, tag: str = "plain", wrap: bool = False, margin: int = 0,
                 indent: int = 2, parts: tuple[Part, ...] = ()) -> None:
        self._set("text", text)
        self._set("tag", tag)
        self._set("wrap", wrap)
        self._set("margin", margin)
        self._set("indent", indent)
        self._set("parts", parts)


class Title(Frozen):
    """The first line of a board: the game's name, then ``text`` (``" · turn 2"``)."""

    fields = ("text", "wrap")
    __slots__ = fields
    text: str
    wrap: bool

    def __init__(self, text: str, wrap: bool = False) -> None:
        self._set("text", text)
        self._set("wrap", wrap)


# --- the values only one game has (kept here: a stored board is read without the game) --


class TrayDie(Frozen):
    """A die of the turn: its position (1–8), its symbol's two letters, whether spent."""

    fields = ("position", "short", "spent")
    __slots__ = fields
    position: int
    short: str
    spent: bool

    def __init__(self, position: int, short: str, spent: bool = False) -> None:
        self._set("position", position)
        self._set("short", short)
        self._set("spent", spent)


class Tray(Frozen):
    """The turn's dice under a ``label``; none before the roll."""

    fields = ("label", "dice")
    __slots__ = fields
    label: str
    dice: tuple[TrayDie, ...]

    def __init__(self, label: str, dice: tuple[TrayDie, ...]) -> None:
        self._set("label", label)
        self._set("dice", dice)


class Grid(Frozen):
    """The Problem track: a head per column, then each row from the top, a Problem's
    name or ``""`` for a free space."""

    fields = ("heads", "rows")
    __slots__ = fields
    heads: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    def __init__(self, heads: tuple[str, ...], rows: tuple[tuple[str, ...], ...]) -> None:
        self._set("heads", heads)
        self._set("rows", rows)


class HouseRow(Frozen):
    """A House's figures (``None`` where hidden from the viewer, R-HW-6), whether it is
    Active, and its tokens and Personalities."""

    fields = ("name", "favor", "disgrace", "score", "active", "details")
    __slots__ = fields
    name: str
    favor: int | None
    disgrace: int | None
    score: int | None
    active: bool
    details: str

    def __init__(self, name: str, favor: int | None, disgrace: int | None,
                 score: int | None, active: bool, details: str) -> None:
        self._set("name", name)
        self._set("favor", favor)
        self._set("disgrace", disgrace)
        self._set("score", score)
        self._set("active", active)
        self._set("details", details)


class Houses(Frozen):
    """The Houses as a table under the head ``House`` and ``labels``."""

    fields = ("labels", "rows")
    __slots__ = fields
    labels: tuple[str, ...]
    rows: tuple[HouseRow, ...]

    def __init__(self, labels: tuple[str, ...], rows: tuple[HouseRow, ...]) -> None:
        self._set("labels", labels)
        self._set("rows", rows)


def para(text: str, tag: str = "plain", *, margin: int = 0, indent: int = 2) -> Line:
    """A :class:`Line` wrapped to the screen's width."""
    return Line(text, tag, wrap=True, margin=margin, indent=indent)


def count(amount: int, word: str, words: str = "") -> str:
    """``1 coin``, ``2 coins``; ``words`` for an irregular plural."""
    return f"{amount} {word}" if amount == 1 else f"{amount} {words or word + 's'}"


# --- stored: a board kept as JSON beside its game, read back strictly ----------------------


_KNOWN: Mapping[str, type] = {cls.__name__: cls for cls in (
    Line, Part, Title, Tray, TrayDie, Grid, HouseRow, Houses)}


def to_stored(value: object) -> Any:
    """A screen value as JSON-ready data: one of the values here (each of texts, whole
    numbers, flags, ``None``, tuples and other such values) as ``[class name, each
    field in order]``; a tuple as a list."""
    if isinstance(value, Frozen) and _KNOWN.get(type(value).__name__) is type(value):
        return [type(value).__name__, *(to_stored(field) for field in value._values())]
    if isinstance(value, tuple):
        return [to_stored(item) for item in value]
    if value is None or isinstance(value, str | int):
        return value
    raise TypeError(f"a screen value holds texts, numbers, flags and tuples, not {value!r}")


def from_stored(data: object) -> Any:
    """The screen value :func:`to_stored` made of one of this module's values;
    :class:`ValueError` for anything else: a field of the wrong kind, a class not
    known, a field too many or too few."""
    known = _KNOWN
    if not isinstance(data, list) or not data or not isinstance(data[0], str) \
            or data[0] not in known:
        raise ValueError(f"not a stored screen value: {data!r}"[:120])
    cls = known[data[0]]
    fields = cls.__annotations__
    if len(data) != len(fields) + 1:
        raise ValueError(f"a stored {data[0]} has {len(fields)} fields, not {len(data) - 1}")
    return cls(*(_field(item, str(kind), known) for item, kind in
                 zip(data[1:], fields.values(), strict=True)))


def board_from_stored(data: object) -> tuple[Any, ...]:
    """A stored board: the list of screen values :func:`to_stored` made of each
    (see :func:`from_stored`)."""
    if not isinstance(data, list):
        raise ValueError(f"a stored board is a list, not {data!r}"[:120])
    return tuple(from_stored(item) for item in data)


def _field(data: object, kind: str, known: Mapping[str, type]) -> Any:
    """``data`` read as the field type ``kind`` names (as annotated: ``int | None``,
    ``tuple[Part, ...]``, ``str``…)."""
    if kind.endswith(" | None"):
        return None if data is None else _field(data, kind[:-len(" | None")], known)
    if kind.startswith("tuple[") and kind.endswith(", ...]"):
        if not isinstance(data, list):
            raise ValueError(f"a stored {kind} is a list, not {data!r}"[:120])
        return tuple(_field(item, kind[len("tuple["):-len(", ...]")], known) for item in data)
    simple = {"str": str, "int": int, "bool": bool}.get(kind)
    if simple is not None:
        if type(data) is not simple:
            raise ValueError(f"a stored {kind} field holds {data!r}"[:120])
        return data
    if kind not in known:
        raise ValueError(f"a stored field of the unknown kind {kind}")
    value = from_stored(data)
    if not isinstance(value, known[kind]):
        raise ValueError(f"a stored {kind} field holds a {type(value).__name__}")
    return value
