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

A board is any sequence of these values (:data:`Shown`). It is stored beside its game
as JSON (:func:`to_stored`) and read back strictly (:func:`from_stored`), so that a
screen shows it without replaying the game. :mod:`boardgames.drawing` draws it, as
each game's ``drawn`` does: to Rich, or to plain text at a width.

What comes next may name a step's parameter (``edict`` with its ``rows``): it is a
sequence of :class:`Phrase` s (:func:`phrased`), the parameter by its table name with
the library's plain wording of it (``with rows``), which each front door words its own
way (``--rows`` on the command line) when it says the line (:func:`worded`), as it
words a refusal's parameter. The library's sentence names no door's option.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from core.steps import Words

__all__ = ["Grid", "HouseRow", "Houses", "Line", "Part", "Phrase", "Shown", "Title", "Tray",
           "TrayDie", "board_from_stored", "count", "from_stored", "para", "phrased",
           "phrases_from_stored", "to_stored", "worded"]


@attrs.frozen
class Part:
    """A piece of a :class:`Line` with a tag of its own."""

    text: str
    tag: str = "plain"


@attrs.frozen
class Line:
    """One line of a screen and what it is (its ``tag``); see the module."""

    text: str
    tag: str = "plain"
    wrap: bool = False
    margin: int = 0
    indent: int = 2
    parts: tuple[Part, ...] = ()


@attrs.frozen
class Title:
    """The first line of a board: the game's name, then ``text`` (``" · turn 2"``)."""

    text: str
    wrap: bool = False


# --- the values only one game has (kept here: a stored board is read without the game) --


@attrs.frozen
class TrayDie:
    """A die of the turn: its position (1–8), its symbol's two letters, whether spent."""

    position: int
    short: str
    spent: bool = False


@attrs.frozen
class Tray:
    """The turn's dice under a ``label``; none before the roll."""

    label: str
    dice: tuple[TrayDie, ...]


@attrs.frozen
class Grid:
    """The Problem track: a head per column, then each row from the top, a Problem's
    name or ``""`` for a free space."""

    heads: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@attrs.frozen
class HouseRow:
    """A House's figures (``None`` where hidden from the viewer, R-HW-6), whether it is
    Active, and its tokens and Personalities."""

    name: str
    favor: int | None
    disgrace: int | None
    score: int | None
    active: bool
    details: str


@attrs.frozen
class Houses:
    """The Houses as a table under the head ``House`` and ``labels``."""

    labels: tuple[str, ...]
    rows: tuple[HouseRow, ...]


Shown = Line | Title | Tray | Grid | Houses
"""A value of a board: a board is a sequence of them (each game's ``board`` gives one,
each game's ``Shown`` naming those it uses)."""


def para(text: str, tag: str = "plain", *, margin: int = 0, indent: int = 2) -> Line:
    """A :class:`Line` wrapped to the screen's width."""
    return Line(text, tag, wrap=True, margin=margin, indent=indent)


def count(amount: int, word: str, words: str = "") -> str:
    """``1 coin``, ``2 coins``; ``words`` for an irregular plural."""
    return f"{amount} {word}" if amount == 1 else f"{amount} {words or word + 's'}"


# --- what comes next: a sentence naming steps' parameters, worded by each door ----------


@attrs.frozen
class Phrase:
    """A piece of a sentence: its ``text``; where it names a step's parameter,
    ``param`` is the parameter's table name, or one of its switches' (``rows``,
    ``setup``: as a step's help names them), and ``text`` the library's plain wording
    of it (``with rows``), which a front door replaces with its own (:func:`worded`)."""

    text: str
    param: str = ""


def phrased(*pieces: str | Phrase) -> tuple[Phrase, ...]:
    """A sentence of ``pieces``: texts, and the :class:`Phrase` s that name parameters;
    texts side by side made one, empty ones left out."""
    phrases: list[Phrase] = []
    for piece in pieces:
        phrase = piece if isinstance(piece, Phrase) else Phrase(piece)
        if phrase.param:
            phrases.append(phrase)
        elif phrases and not phrases[-1].param:
            phrases[-1] = Phrase(phrases[-1].text + phrase.text)
        elif phrase.text:
            phrases.append(phrase)
    return tuple(phrases)


def worded(phrases: tuple[Phrase, ...], words: Words | None = None) -> str:
    """The sentence ``phrases`` as a front door says it: each parameter it names in the
    door's ``words`` for it (:data:`core.steps.Words`: ``--rows``), else, where the door
    gives none (or no ``words`` at all, as for a script), in the library's plain
    wording (``with rows``)."""
    said = []
    for phrase in phrases:
        door = words(phrase.param) if words is not None and phrase.param else None
        said.append(phrase.text if door is None else door)
    return "".join(said)


# --- stored: a board kept as JSON beside its game, read back strictly ----------------------


_KNOWN: Mapping[str, type] = {cls.__name__: cls for cls in (
    Line, Part, Title, Tray, TrayDie, Grid, HouseRow, Houses, Phrase)}


def to_stored(value: object) -> Any:
    """A screen value as JSON-ready data: one of the values here (each of texts, whole
    numbers, flags, ``None``, tuples and other such values) as ``[class name, each
    field in order]``; a tuple as a list."""
    cls = type(value)
    if _KNOWN.get(cls.__name__) is cls and attrs.has(cls):
        return [cls.__name__, *(to_stored(getattr(value, field.name))
                                for field in attrs.fields(cls))]
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
    (see :func:`from_stored`), each a line of a board (a :class:`Line`, :class:`Title`,
    :class:`Tray`, :class:`Grid` or :class:`Houses`); :class:`ValueError` for anything
    else."""
    return _stored_list(data, (Line, Title, Tray, Grid, Houses), "board")


def phrases_from_stored(data: object) -> tuple[Phrase, ...]:
    """What comes next as stored: the list of :class:`Phrase` s :func:`to_stored` made
    of it (see :func:`from_stored`); :class:`ValueError` for anything else."""
    return _stored_list(data, (Phrase,), "next line")


def _stored_list(data: object, kinds: tuple[type, ...], what: str) -> tuple[Any, ...]:
    if not isinstance(data, list):
        raise ValueError(f"a stored {what} is a list, not {data!r}"[:120])
    values = tuple(from_stored(item) for item in data)
    if not all(isinstance(value, kinds) for value in values):
        raise ValueError(f"a stored {what} holds other values: {data!r}"[:120])
    return values


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
