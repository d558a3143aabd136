"""A game in progress as a list of events: push, undo, replay — for every board game.

Each game module (``stuffed``, ``deckbuilding``, ``housewar``) defines frozen event
values and a pure ``apply(state, event) -> state`` that validates the event against the
rules and returns the new state, raising :class:`~boardgames.errors.RuleViolation` or
:class:`~boardgames.errors.BadValue` and changing nothing otherwise. :class:`Session`
wraps that function the way a chess board wraps its moves: ``push`` validates and
applies, ``pop`` undoes the last event by restoring the state before it (a snapshot, no
reverse logic), ``replay`` rebuilds a session from saved events. The dice faces and
every choice live inside the events, so a replay never rolls again.

:class:`Codec` turns a game's events into JSON-ready dicts tagged with the game, the
event's ``TYPE`` and a schema version, and reads them back strictly (an unknown field,
a value of the wrong type, deep nesting or a giant number is a ``BadValue``, never a
crash). The table database stores these dicts.

Each codec has its own converter, made by :func:`core.convert.make_converter` on first
use, so cattrs is not imported with this module and a command that never reads or
writes events (e.g. odds) starts fast. ``CONVERTER`` is still importable from here as
before: the plain converter, on which no game registers hooks.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from boardgames.errors import BadValue, GameError, RuleViolation, shown
from core import convert, jsonread
from core.history import History

if TYPE_CHECKING:
    import cattrs

S = TypeVar("S")
E = TypeVar("E")
T = TypeVar("T")

MAX_JSON_BYTES = 1_000_000  # one saved event is far smaller
MAX_JSON_DEPTH = 16
MAX_NUMBER_DIGITS = 18


class Session(History[S, E]):
    """A game being played: the events so far and the state they give
    (:class:`core.history.History`, refused with the board games' errors)."""

    refused = GameError
    violation = RuleViolation


# --- dispatch ---------------------------------------------------------------------------


class Handlers(Generic[S, E]):
    """A game's dispatch table: one handler ``(state, event) -> state`` per event class,
    the same shape for every game. :meth:`add` is typed, so that a handler must accept
    its event's class; an event of no class in the table is refused with
    :class:`BadValue` (``refuse(event)`` when given, else ``not a GAME event: …``).
    """

    def __init__(self, game: str, *, refuse: Callable[[object], BadValue] | None = None
                 ) -> None:
        self.game = game
        self._refuse = refuse
        self._table: dict[type[Any], Callable[[S, Any], S]] = {}

    def add(self, cls: type[T], handler: Callable[[S, T], S]) -> Handlers[S, E]:
        """Register ``handler`` for events of ``cls``; returns the table, so that
        registrations chain."""
        if cls in self._table:
            raise TypeError(f"{cls.__name__} already has a handler")
        self._table[cls] = handler
        return self

    def __contains__(self, cls: object) -> bool:
        return cls in self._table

    def of(self, event: E) -> Callable[[S, E], S]:
        """The handler of ``event``; :class:`BadValue` if it is no event of this game."""
        handler = self._table.get(type(event))
        if handler is None:
            if self._refuse is not None:
                raise self._refuse(event)
            raise BadValue(f"not a {self.game} event: {shown(event)}")
        return handler

    def __call__(self, state: S, event: E) -> S:
        """``state`` after ``event``, by its handler."""
        return self.of(event)(state, event)


# --- JSON ---------------------------------------------------------------------------


_LIMITS = jsonread.Limits(max_bytes=MAX_JSON_BYTES, nesting=MAX_JSON_DEPTH,
                         digits=MAX_NUMBER_DIGITS, fractions=False)


_SAID: dict[jsonread.Problem, Callable[[object], str]] = {
    jsonread.Problem.TOO_BIG: lambda d: f"JSON of {d} bytes is larger than {MAX_JSON_BYTES}",
    jsonread.Problem.TOO_DEEP: lambda _d: f"JSON nested deeper than {MAX_JSON_DEPTH} levels",
    jsonread.Problem.TOO_LONG: lambda d: f"a number of {d} digits is too large to be meant",
    jsonread.Problem.FRACTION: lambda d: f"expected a whole number, got {shown(d)}",
    jsonread.Problem.NOT_A_NUMBER: lambda d: f"expected a whole number, got {d}",
    jsonread.Problem.SYNTAX: lambda d: f"not JSON: {d}",
}
"""The board games' words for each thing the reader refuses, given its detail."""


def _said(error: jsonread.Unreadable) -> str:
    """The board games' words for what the reader refused."""
    said = _SAID.get(error.problem)
    if said is not None:
        return said(error.detail)
    return f"not JSON: {error.reason.removeprefix('bad JSON: ')}"


def read_json(text: str | bytes) -> Any:
    """JSON text as Python values, refusing what no saved game holds: more than
    :data:`MAX_JSON_BYTES`, nesting deeper than :data:`MAX_JSON_DEPTH`, numbers of more
    than :data:`MAX_NUMBER_DIGITS` digits, fractions, NaN, a key given twice (the
    project's one strict reader, :func:`core.jsonread.read_json`). Always
    :class:`BadValue`."""
    try:
        return jsonread.read_json(text, _LIMITS)
    except jsonread.Unreadable as error:
        raise BadValue(_said(error)) from None


def _strict(accepts: Callable[[Any], bool], expected: str) -> Callable[[Any, Any], Any]:
    def structure(value: Any, _type: Any) -> Any:
        if not accepts(value):
            raise BadValue(f"expected {expected}, got {shown(value)}")
        return value

    return structure


def strict_scalars(made: cattrs.Converter) -> None:
    """Whole numbers, text and bools pass through only when they already have the right
    type (``"false"`` is never read as true, nor 2.7 as 2); else :class:`BadValue`."""
    made.register_structure_hook(int, _strict(
        lambda v: isinstance(v, int) and not isinstance(v, bool), "a whole number"))
    made.register_structure_hook(bool, _strict(lambda v: isinstance(v, bool),
                                               "true or false"))
    made.register_structure_hook(str, _strict(lambda v: isinstance(v, str), "text"))


def make_converter() -> cattrs.Converter:
    """A new board-game converter: the project's strict converter
    (:func:`core.convert.make_converter`) with :func:`strict_scalars`."""
    return convert.make_converter(strict_scalars)


_PLAIN = convert.Converter(strict_scalars)


def converter() -> cattrs.Converter:
    """The board games' plain converter (:func:`strict_scalars` only), made on first use.
    No game registers hooks on it: each :class:`Codec` has its own converter. Also
    importable as ``CONVERTER``."""
    return _PLAIN()


if TYPE_CHECKING:
    CONVERTER: cattrs.Converter
    """The board games' plain converter (see :func:`converter`)."""

__all__ = ["MAX_JSON_BYTES", "MAX_JSON_DEPTH", "MAX_NUMBER_DIGITS", "Codec", "Handlers", "Session",
           "converter", "make_converter", "read_json", "strict_scalars"]


def __getattr__(name: str) -> Any:
    if name == "CONVERTER":  # made on first use, so importing this module stays light
        return converter()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Codec(Generic[E]):
    """Events of one game to and from JSON-ready dicts.

    ``game`` names the game (``"stuffed"``), ``events`` are its event classes, each with
    a ``TYPE`` class attribute used as the tag; ``schema`` is the version of the layout
    written, and ``upgrades`` maps an older version to a function that turns a dict of
    that version into one of the next. ``stored_before`` gives, by type tag, the fields
    an event type gained after some were stored, with what one stored without them
    means (House War's ``{"start": {"rules": 1}}``: a game set up before editions were
    kept is played by edition 1). ``setups`` register the game's own hooks on the
    codec's own converter (:attr:`converter`), made on first use after
    :func:`strict_scalars`.
    """

    def __init__(self, game: str, events: Sequence[type[E]], *, schema: int = 1,
                 upgrades: Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]]
                 | None = None, stored_before: Mapping[str, Mapping[str, Any]] | None = None,
                 setups: Sequence[convert.Setup] = ()) -> None:
        self.game = game
        self.converter = convert.Converter(strict_scalars, *setups)
        self.schema = schema
        self.upgrades = dict(upgrades or {})
        self.stored_before = dict(stored_before or {})
        self.by_type: dict[str, type[E]] = {}
        for cls in events:
            tag = getattr(cls, "TYPE", None)
            if not isinstance(tag, str) or tag in self.by_type:
                raise TypeError(f"{cls!r} needs a unique TYPE tag")
            self.by_type[tag] = cls

    def to_dict(self, event: E) -> dict[str, Any]:
        """A JSON-ready dict of ``event`` with its game, schema and type tag."""
        cls = type(event)
        tag = getattr(cls, "TYPE", None)
        if not isinstance(tag, str) or self.by_type.get(tag) is not cls:
            raise BadValue(f"not a {self.game} event: {shown(event)}")
        body: dict[str, Any] = self.converter().unstructure(event, cls)
        return {"game": self.game, "schema": self.schema, "type": tag, **body}

    def from_dict(self, data: object) -> E:
        """The event a dict from :meth:`to_dict` describes; :class:`BadValue` if it
        cannot be read."""
        if not isinstance(data, Mapping):
            raise BadValue(f"an event must be an object, got {shown(data)}")
        if data.get("game", self.game) != self.game:
            raise BadValue(f"not a {self.game} event: it belongs to {shown(data.get('game'))}")
        schema = data.get("schema")
        if isinstance(schema, bool) or not isinstance(schema, int) or not (
                schema == self.schema or schema in self.upgrades):
            raise BadValue(f"unknown {self.game} event schema {shown(schema)} "
                           f"(this program reads {self.schema})")
        body = dict(data)
        while body["schema"] != self.schema:
            body = self.upgrades[body["schema"]](body)
        tag = body.get("type")
        cls = self.by_type.get(tag) if isinstance(tag, str) else None
        if cls is None:
            raise BadValue(f"unknown {self.game} event type {shown(tag)} "
                           f"(known: {', '.join(self.by_type)})")
        fields = {**self.stored_before.get(str(tag), {}),
                  **{k: v for k, v in body.items() if k not in ("game", "schema", "type")}}
        import cattrs

        try:
            event: E = self.converter().structure(fields, cls)
        except GameError:
            raise
        except cattrs.BaseValidationError as error:
            raise BadValue(f"cannot read {tag} event: {_reason(error)}") from None
        except (ValueError, TypeError, KeyError, AttributeError) as error:
            raise BadValue(f"cannot read {tag} event: {_reason(error)}") from None
        return event

    def to_json(self, event: E) -> str:
        """``event`` as one line of JSON."""
        return json.dumps(self.to_dict(event), ensure_ascii=False, separators=(",", ":"))

    def from_json(self, text: str | bytes) -> E:
        """The event in a line of JSON; :class:`BadValue` if it cannot be read."""
        return self.from_dict(read_json(text))


def _reason(error: BaseException) -> str:
    import cattrs

    if isinstance(error, cattrs.BaseValidationError) and error.exceptions:
        return "; ".join(_reason(e) for e in error.exceptions)
    if isinstance(error, KeyError):
        return f"missing field {shown(error.args[0])}" if error.args else "missing field"
    return str(error) or type(error).__name__
