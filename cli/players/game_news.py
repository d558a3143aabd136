"""The news of the board games for the player shells: that a game moved (for the
table's one news reader, :class:`cli.players.view.NewsReader`), and what moved, as
each shell's player may read it (:class:`GameWatch`).

:class:`GameVersions` notices, in one query, that any board game's stream changed, and
— holding each House War game's negotiation timer — that a timer ran out though
nothing was written (:meth:`GameVersions.due`, read without the table, so the news
loop may ask it every tick). :class:`GameWatch` then tells one shell, in the
library's sentences made for its viewer (never a hidden number): the steps others
wrote, steps taken back, the negotiation time running out, and what comes next.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from cli.players.game_desk import GameDesk
    from table import Table
    from table.sessions import Loaded

BOARD_GAMES = ("stuffed", "deckbuilding", "housewar")


@attrs.frozen
class GamesMoved:
    """News: a board game moved, or a negotiation timer ran out; ``began``: the games
    that began since (kind, name), oldest first."""

    who: str = ""
    began: tuple[tuple[str, str], ...] = ()


def _now() -> datetime.datetime:
    from table import clock

    return clock.parse(clock.now())


def refused_line(kind: str, name: str, error: Exception) -> str:
    """The server log's line for a game the table cannot replay (a damaged row), on one
    line with stored text escaped: ``mistborn: housewar 'Game 1' refused: the table
    file … is damaged: …``."""
    from core.errors import shown
    from core.text import printable

    said = printable(" ".join(str(error).split()))[:300]
    return f"mistborn: {kind} {shown(name)} refused: {said}"


class GameVersions:
    """Every board game's stream version, and House War's running timers. A game the
    table cannot replay (a damaged row) is left out, said once on ``log``: every other
    game, and the server, go on."""

    def __init__(self, table: Table, log: Callable[[str], None] | None = None) -> None:
        self.table = table
        self.log = log
        self._versions = self._read()
        self._timers: dict[str, Any] = {}
        self._told: set[tuple[str, str, int]] = set()
        self._refused: set[tuple[str, str, int]] = set()  # damaged games, as logged
        self._load_timers()

    def _read(self) -> dict[tuple[str, str], int]:
        return {(info.kind, info.name): info.version for info in self.table.streams()
                if info.kind in BOARD_GAMES}

    def _load_timers(self) -> None:
        from table import games

        self._timers = {}
        for (kind, name), version in self._versions.items():
            if kind != "housewar":
                continue
            try:
                timer = games.saved(self.table, kind, name).load().state.timer
            except Exception as error:  # a damaged game: that game alone is refused
                self._damaged(kind, name, version, error)
                continue
            if timer is not None:
                self._timers[name] = timer

    def _damaged(self, kind: str, name: str, version: int, error: Exception) -> None:
        """Say once on the log why the game ``kind`` ``name`` is not replayed."""
        if self.log is None or (kind, name, version) in self._refused:
            return
        self._refused.add((kind, name, version))
        self.log(refused_line(kind, name, error))

    def due(self) -> bool:
        """Whether a running negotiation timer ran out and was not told yet."""
        if not self._timers:
            return False
        now = _now()
        return any(not timer.left(now) and (name, timer.started, timer.seconds)
                   not in self._told for name, timer in self._timers.items())

    def poll(self) -> GamesMoved | None:
        """News when a game moved or a timer ran out since the last poll."""
        versions = self._read()
        moved = versions != self._versions
        began = tuple(key for key in versions if key not in self._versions)
        if moved:
            self._versions = versions
            self._load_timers()
        due = self.due()
        if due:
            now = _now()
            self._told |= {(name, t.started, t.seconds) for name, t in self._timers.items()
                           if not t.left(now)}
        return GamesMoved(began=began) if moved or due else None


class GameWatch:
    """What one shell has seen of the game it sits at."""

    def __init__(self, desk: GameDesk | None = None) -> None:
        self._at: tuple[str, str] | None = None
        self._loaded: Loaded[Any, Any] | None = None
        self._told: tuple[str, int] | None = None
        self._mine: set[tuple[str, str, int]] = set()  # entries this shell's replies told
        if desk is not None:
            self.seen(desk)

    def seen(self, desk: GameDesk) -> None:
        """The game as it stands is known (the shell's own reply told it)."""
        self._at, self._loaded = (desk.kind, desk.name), desk.stream.load()

    def said(self, desk: GameDesk, *, undid: bool) -> None:
        """The shell's reply told the steps ``desk`` wrote (and, ``undid``, the game as
        it stands): the news leaves them out. Steps its player wrote elsewhere (another
        phone, a line over ``ssh``) are news here."""
        if undid:
            self.seen(desk)
        self._mine |= {(desk.kind, desk.name, seq) for seq in desk.wrote}

    def shares(self, other: GameWatch) -> None:
        """Leave out the steps ``other``'s replies told, as they are told (the news of a
        second shell of the same player, telling it beside ``other``'s replies)."""
        self._mine = other._mine

    def news(self, desk: GameDesk) -> list[Any]:
        """What others did at the game since this shell last looked, for its player."""
        from cli.players.words import stored

        moved_to = self._at != (desk.kind, desk.name)  # a game began, or ``use``
        old = self._loaded if self._at == (desk.kind, desk.name) else None
        self.seen(desk)
        new = self._loaded
        assert new is not None
        viewer = desk.viewer(new.state)
        lines = [f"Now playing: {desk.name} ({desk.rules.title})"] if moved_to else []
        if old is not None and old.version != new.version:
            mine = {seq for kind, name, seq in self._mine if (kind, name) == self._at}
            lines += _moved(desk, old, new, viewer, mine)
        lines += self._time_up(desk, new.state, viewer)
        if not lines:
            return []
        ended = old is not None and not desk.rules.summary(old.state, viewer)
        ending = list(desk.rules.summary(new.state, viewer)) if ended else []
        return [*(stored("", line) for line in lines),
                *(["Summary:"] if ending else []), *(stored("  ", line) for line in ending),
                *desk.next_parts(new.state)]

    def _time_up(self, desk: GameDesk, state: Any, viewer: Any) -> list[str]:
        if desk.kind != "housewar" or state.timer is None:
            return []
        from boardgames.housewar.timer import ran_out, sentence

        timer = state.timer
        if not ran_out(timer, _now()) or self._told == (timer.started, timer.seconds):
            return []
        self._told = (timer.started, timer.seconds)
        del viewer  # the timer is public
        return [sentence(timer, ran_out(timer, _now())[0])]


def _moved(desk: GameDesk, old: Loaded[Any, Any], new: Loaded[Any, Any],
           viewer: Any, mine: set[int]) -> list[str]:
    """Steps written elsewhere than this shell (its ``mine`` were told in its replies),
    and steps taken back, between ``old`` and ``new``."""
    from boardgames.housewar.timer import TimeUp

    live = {entry.seq for entry in new.entries}
    known = {entry.seq for entry in old.entries}
    lines = []
    # Newest first, the way back, as the undo's own reply and the terminal say it.
    for i in reversed(range(len(old.entries))):
        if old.entries[i].seq not in live:
            lines.append("Undone: " + desk.rules.describe(
                old.states[i], old.events[i], old.states[i + 1], viewer))
    for i, entry in enumerate(new.entries):
        if entry.seq in known or entry.seq in mine:
            continue
        if isinstance(new.events[i], TimeUp):
            continue  # said when it ran out
        said = desk.rules.describe(new.states[i], new.events[i], new.states[i + 1], viewer)
        lines.append(said)
    return lines
