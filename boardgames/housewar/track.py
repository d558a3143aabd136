"""House War's Problem track (R-HW-2): four columns of Urgency I–IV, 2 or 3 rows.

A :class:`Track` is the grid alone, frozen: which Problem (by name) sits in which space.
Column 1 is Urgency I, column 4 Urgency IV; in each column slot 0 is the lowest row
the game uses (with 3 players the board's bottom row is out of play, so a 3-player
track simply has 2 rows).

The moves are pure functions of the grid. A Problem aimed at a column takes the lowest
free space there; a full column sends it on in the direction it was moving, until it
finds a space, passes column IV (it erupts: :data:`ERUPTS`) or passes column I (it goes
back on top of the Problem deck: :data:`DECK`). A Problem moving away leaves its space
first.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from boardgames.errors import BadValue, RuleViolation, shown

__all__ = ["COLUMNS", "DECK", "ERUPTS", "NUMERALS", "Landing", "Track", "enter", "enter_highest",
           "enter_lowest", "move", "move_to", "numeral", "rows_for", "urgency"]

COLUMNS = 4
"""Urgency I to IV."""

ERUPTS = COLUMNS + 1
"""Where a Problem moved right of column IV goes: it erupts."""

DECK = 0
"""Where a Problem moved left of column I goes: face down on top of the Problem deck."""

NUMERALS = ("", "I", "II", "III", "IV")


def numeral(column: int) -> str:
    """``3`` → ``III``; :data:`ERUPTS` → ``erupts``; :data:`DECK` → ``the deck``."""
    if column == ERUPTS:
        return "erupts"
    if column == DECK:
        return "the deck"
    return NUMERALS[column]


def rows_for(players: int) -> int:
    """Rows in use: 2 with 3 players (the bottom row is out of play), 3 with 4–5 (R-HW-2)."""
    return 2 if players == 3 else 3


def urgency(value: object, what: str = "urgency") -> int:
    """``value`` as a column 1–4: a whole number or a Roman numeral I–IV."""
    if isinstance(value, str) and value.strip().upper() in NUMERALS[1:]:
        return NUMERALS.index(value.strip().upper())
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= COLUMNS:
        raise BadValue(f"{what} must be I–IV (1–4), got {shown(value)}", rule="R-HW-2")
    return value


@attrs.frozen
class Track:
    """The grid: ``columns[c - 1][slot]`` is the Problem in column ``c`` (I–IV) at row
    ``slot`` counted from the lowest row in use, or ``None`` when free."""

    rows: int
    columns: tuple[tuple[str | None, ...], ...]

    @classmethod
    def empty(cls, rows: int) -> Track:
        """A track with nothing on it."""
        if rows not in (2, 3):
            raise BadValue(f"the Problem track has 2 or 3 rows, got {shown(rows)}",
                           rule="R-HW-2")
        return cls(rows, tuple((None,) * rows for _ in range(COLUMNS)))

    def __attrs_post_init__(self) -> None:
        if len(self.columns) != COLUMNS or any(len(c) != self.rows for c in self.columns):
            raise BadValue(f"a track is {COLUMNS} columns of {self.rows} spaces",
                           rule="R-HW-2")

    # --- reading ------------------------------------------------------------------

    def __iter__(self) -> Iterator[tuple[str, int]]:
        """``(name, column)`` of every Problem on the board, column I first, lowest row
        first."""
        for index, column in enumerate(self.columns):
            for name in column:
                if name is not None:
                    yield name, index + 1

    @property
    def names(self) -> tuple[str, ...]:
        """Every Problem on the board, column I first."""
        return tuple(name for name, _ in self)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    @property
    def spaces(self) -> int:
        """How many spaces the track has."""
        return COLUMNS * self.rows

    def column_of(self, name: str) -> int | None:
        """The column (Urgency 1–4) of the Problem ``name``, or ``None`` if not on it."""
        for placed, column in self:
            if placed == name:
                return column
        return None

    def free(self, column: int) -> int:
        """Free spaces in ``column``."""
        return sum(1 for name in self.columns[column - 1] if name is None)

    def full(self, column: int) -> bool:
        """Whether ``column`` has no free space."""
        return self.free(column) == 0

    def highest_free(self) -> int:
        """The rightmost column with a free space ("highest possible Urgency"), or
        :data:`ERUPTS` when the track is full."""
        for column in range(COLUMNS, 0, -1):
            if not self.full(column):
                return column
        return ERUPTS

    def lowest_free(self) -> int:
        """The leftmost column with a free space ("lowest possible Urgency"), or
        :data:`ERUPTS` when the track is full."""
        for column in range(1, COLUMNS + 1):
            if not self.full(column):
                return column
        return ERUPTS

    # --- changing -----------------------------------------------------------------

    def remove(self, name: str) -> Track:
        """The track without ``name`` (its space becomes free)."""
        if self.column_of(name) is None:
            raise RuleViolation(f"{shown(name)} is not on the Problem track", rule="R-HW-2")
        return attrs.evolve(self, columns=tuple(
            tuple(None if placed == name else placed for placed in column)
            for column in self.columns))

    def put(self, name: str, column: int) -> Track:
        """``name`` in the lowest free space of ``column``, which must have one."""
        if self.column_of(name) is not None:
            raise RuleViolation(f"{shown(name)} is already on the Problem track",
                                rule="R-HW-2")
        spaces = list(self.columns[column - 1])
        if None not in spaces:
            raise RuleViolation(f"column {numeral(column)} is full", rule="R-HW-2")
        spaces[spaces.index(None)] = name
        columns = list(self.columns)
        columns[column - 1] = tuple(spaces)
        return attrs.evolve(self, columns=tuple(columns))

    def landing(self, column: int, direction: int) -> int:
        """Where a Problem aimed at ``column`` comes to rest, moving on in
        ``direction`` (+1 right, −1 left) past full columns: a column 1–4, or
        :data:`ERUPTS` past IV, or :data:`DECK` past I (R-HW-2)."""
        while 1 <= column <= COLUMNS and self.full(column):
            column += direction
        return min(max(column, DECK), ERUPTS)


@attrs.frozen
class Landing:
    """Where a moved or added Problem ended up: ``column`` 1–4, :data:`ERUPTS` or
    :data:`DECK`, and the track afterwards (without it, unless it landed on a column)."""

    track: Track
    column: int
    skipped: tuple[int, ...] = ()  # full columns it passed over

    @property
    def erupted(self) -> bool:
        """Whether the Problem went past column IV."""
        return self.column == ERUPTS

    @property
    def to_deck(self) -> bool:
        """Whether the Problem went past column I, onto the Problem deck."""
        return self.column == DECK


def _land(track: Track, name: str, aim: int, direction: int) -> Landing:
    column = track.landing(aim, direction)
    step = 1 if direction > 0 else -1
    skipped = tuple(range(aim, column, step)) if 1 <= aim <= COLUMNS else ()
    if 1 <= column <= COLUMNS:
        return Landing(track.put(name, column), column, skipped)
    return Landing(track, column, skipped)


def enter(track: Track, name: str, column: int) -> Landing:
    """A new Problem enters at its starting Urgency ``column``, moving right past full
    columns; with no space there or to its right it erupts at once (R-HW-2)."""
    return _land(track, name, urgency(column), +1)


def enter_highest(track: Track, name: str) -> Landing:
    """A Problem added or returned at the "highest possible Urgency": the rightmost
    free space; on a full track it erupts (R-HW-2)."""
    return _land(track, name, track.highest_free(), +1)


def enter_lowest(track: Track, name: str) -> Landing:
    """A Problem added or returned at the "lowest possible Urgency": the leftmost free
    space; on a full track it erupts (R-HW-2)."""
    return _land(track, name, track.lowest_free(), +1)


def move(track: Track, name: str, by: int) -> Landing:
    """The Problem ``name`` moves ``by`` columns (right when positive, left when
    negative): it aims at the column ``by`` away and moves on past full columns in the
    same direction; past IV it erupts, past I it goes on top of the deck (R-HW-2)."""
    column = track.column_of(name)
    if column is None:
        raise RuleViolation(f"{shown(name)} is not on the Problem track", rule="R-HW-2")
    if by == 0:
        raise BadValue("a move must be at least one column", rule="R-HW-2")
    rest = track.remove(name)
    return _land(rest, name, column + by, 1 if by > 0 else -1)


def move_to(track: Track, name: str, highest: bool) -> Landing:
    """The Problem ``name`` moves to the highest (rightmost) or lowest (leftmost) free
    space; the space it leaves counts as free (R-HW-2)."""
    if track.column_of(name) is None:
        raise RuleViolation(f"{shown(name)} is not on the Problem track", rule="R-HW-2")
    rest = track.remove(name)
    return enter_highest(rest, name) if highest else enter_lowest(rest, name)
