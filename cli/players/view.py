"""What the player shell shows, as text: Rich renderables drawn into a string at the
player's width, ASCII for clients that mangle Unicode, and the news of the table
(rolls and Conflict steps) as they happen, in the library's sentences for the player
(:func:`conflict.narrate.describe` with a viewer: nothing here edits a sentence, so
no hidden number ever reaches this module).

Nothing here prints or reads a terminal: the shell returns the text, and an adapter
(the local prompt, OpenSSH's forced command, the built-in SSH server) writes it.
Stored text reaches the screen only through :func:`cli.common.output.plain` inside Rich
``Text``: never as markup, never as a raw escape sequence.
"""

from __future__ import annotations

import datetime
import functools
import importlib
import io
import unicodedata
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import TYPE_CHECKING, Final

import attrs

from characters.names import name_key
from cli.common.output import Hanging, hanging
from cli.common.output import plain as safe
from cli.players.game_news import GamesMoved, GameVersions, refused_line
from conflict.dice import Roll
from conflict.errors import possessive
from conflict.events import Event, RollDice

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from conflict.state import State
    from core.viewer import Viewer
    from table import Entry, RollEntry, Table

MIN_WIDTH: Final = 20
MAX_WIDTH: Final = 120

# --- drawing ---------------------------------------------------------------------------

_ASCII: Final = str.maketrans({
    **dict.fromkeys("─━═┄┈╌", "-"), **dict.fromkeys("│┃║┆┊╎", "|"),
    **dict.fromkeys("╭╮╰╯┌┐└┘├┤┬┴┼╔╗╚╝╠╣╦╩╬", "+"),
    "█": "#", "░": ".", "▒": ".", "▓": "#", **dict.fromkeys("▏▎▍▌▋▊▉", "+"),
    **dict.fromkeys("⚀⚁⚂⚃⚄⚅", ""),  # a die glyph always sits next to its digit
    "·": "-", "—": "-", "–": "-", "−": "-", "×": "x", "…": "...", "▶": ">", "→": "->",
    "“": '"', "”": '"', "‘": "'", "’": "'", "✓": "ok", "\u00a0": " ",
})


def to_ascii(text: str) -> str:
    """``text`` in plain ASCII: box lines and bars as ``+-|#.``, die glyphs dropped
    (their digits stay), accents stripped, anything else as ``?``."""
    if text.isascii():
        return text
    text = text.translate(_ASCII)
    out = []
    for char in unicodedata.normalize("NFKD", text):
        if char.isascii():
            out.append(char)
        elif not unicodedata.combining(char):
            out.append("?")
    return "".join(out)


def clamp_width(width: object) -> int:
    """A usable screen width: what the terminal says, kept within 20–120 columns."""
    if isinstance(width, bool) or not isinstance(width, int) or width <= 0:
        return 40
    return max(MIN_WIDTH, min(MAX_WIDTH, width))


def render(parts: Iterable[RenderableType | str], *, width: int, plain: bool,
           color: bool = True) -> str:
    """Draw ``parts`` one after another at ``width`` columns. A ``str`` is one line of
    the shell's own words (never stored text: that comes as Rich ``Text`` through
    :func:`cli.common.output.plain`). ``plain``: ASCII without colour; ``color=False``: no
    escape codes at all (no terminal at the other end)."""
    from rich.text import Text  # Rich at the first drawing: the shell loads without it

    width = clamp_width(width)
    buffer = io.StringIO()
    console: Console | None = None
    for part in parts:
        line = _unstyled(part, width)
        if line is not None:
            buffer.write(line)
            continue
        console = console or _console(buffer, width, colored=color and not plain)
        console.print(Text(part, overflow="fold") if isinstance(part, str) else part)
    text = "\n".join(line.rstrip(" ") for line in buffer.getvalue().split("\n"))
    return to_ascii(text) if plain else text


def _console(buffer: io.StringIO, width: int, *, colored: bool) -> Console:
    """A Rich console drawing into ``buffer`` at ``width`` columns."""
    from rich.console import Console

    return Console(file=buffer, width=width, force_terminal=colored,
                   color_system="standard" if colored else None, no_color=not colored,
                   highlight=False, emoji=False, markup=False, legacy_windows=False,
                   force_jupyter=False, force_interactive=False)


def _unstyled(part: RenderableType | str, width: int) -> str | None:
    """``part`` as Rich would draw it, without Rich's console, when it is a line that
    needs nothing of it: a ``str`` or an unstyled Rich ``Text`` of printable characters
    (no tab, no line break), which Rich prints as it is, with no escape code, in colour
    or not: whole when it fits in ``width`` cells, else cut where Rich's own wrapping
    of it cuts (:meth:`rich.text.Text.wrap`). ``None`` for anything else: Rich draws
    it. So is a :class:`~cli.common.output.Hanging` sentence of such text, cut by
    :func:`~cli.common.output.hanging`. Most news lines and a roll's purpose are such
    lines, and Rich's console was most of the server's CPU for a roll."""
    from rich.cells import cell_len  # Rich at the first drawing, as in render
    from rich.text import Text

    from core.wrap import cells

    text = part.text if isinstance(part, Hanging) else part  # a sentence hung or not
    if isinstance(text, str):
        line = text
    elif type(text) is Text and not text.spans and not text.style and \
            text.end == "\n" and text.justify is None and not text.no_wrap and \
            text.overflow in (None, "fold"):
        line = text.plain
    else:
        return None
    if not line.isprintable():
        return None
    if line.isascii() and len(line) <= width:
        return f"{line}\n"
    if isinstance(part, Hanging):  # its lines as the one wrapper measures and cuts them
        if cells(line) <= width:
            return f"{line}\n"
        return "".join(f"{piece.plain}\n" for piece in hanging(text, width, part.indent))
    if cell_len(line) <= width:
        return f"{line}\n"
    cut = Text(line, overflow="fold").wrap(_measuring(), width)
    return "".join(f"{piece.plain}\n" for piece in cut)


@functools.cache
def _measuring() -> Console:
    """A console that only measures (what :meth:`rich.text.Text.wrap` asks of one)."""
    return _console(io.StringIO(), MAX_WIDTH, colored=False)


def roll_screen(judged: Roll, *, width: int, plain: bool, color: bool = True) -> str:
    """A roll's screen (:func:`cli.conflict.roll.screen`) as :func:`render` draws it.
    The screen shows the dice sorted, so it depends only on which faces came up, not
    their order: a few hundred screens for a pool of 5, each drawn once and kept,
    since a table rolls the same pools all evening."""
    return _roll_screen(judged.asked, tuple(sorted(judged.faces)), judged.difficulty,
                        clamp_width(width), plain, color)


@functools.lru_cache(maxsize=4096)
def _roll_screen(asked: int, faces: tuple[int, ...], difficulty: int | None, width: int,
                 plain: bool, color: bool) -> str:
    # At the first roll: a shell that never rolls starts without the roll screen.
    from cli.conflict.roll_screen import screen

    judged = Roll(asked=asked, faces=faces, difficulty=difficulty)
    return render([screen(judged, by_hand=False, seed=None)], width=width, plain=plain,
                  color=color)


def warm_up() -> None:
    """Load what drawing a roll and the news of the table use, and draw a roll once: a
    server does it before anyone joins, or its first roll of the evening would wait
    for it while the others' lines queue behind."""
    for module in ("cli.common.options", "cli.conflict.log", "conflict.narrate"):
        importlib.import_module(module)
    roll_screen(Roll.from_faces([6, 5, 5, 3, 1]), width=40, plain=False)


# --- what a player's results are -----------------------------------------------------------


def rolls_dice_of(before: State, event: Event, names: Collection[str]) -> bool:
    """Whether ``event`` rolls dice of one of ``names``: a roll for an action they
    took, were aimed at, or reacted to (a player's last result, though the Narrator
    wrote the roll)."""
    if not isinstance(event, RollDice):
        return False
    mine = {name_key(name) for name in names}
    action = next((a for a in before.actions if a.number == event.action), None)
    rollers = [*(d.name for d in event.defenders),
               *((action.actor, action.target) if action is not None else ())]
    return any(name is not None and name_key(name) in mine for name in rollers)



# --- news: what happened at the table since a reader last looked -------------------------


@attrs.frozen
class RollNews:
    """A roll recorded in the roll log."""

    entry: RollEntry

    @property
    def who(self) -> str:
        """Who rolled."""
        return self.entry.who


@attrs.frozen
class StepNews:
    """A step of the current Conflict (``undone``: a step taken back by ``who``)."""

    conflict: str
    who: str
    before: State
    event: Event
    after: State
    undone: bool = False


@attrs.frozen
class SwitchNews:
    """Another Conflict became the current one (``began``: a new one began)."""

    conflict: str
    who: str = ""
    began: bool = False


@attrs.frozen
class RevealNews:
    """The Narrator revealed (or hid again) participants' numbers in the Conflict."""

    conflict: str
    revealed: tuple[str, ...] = ()
    hidden: tuple[str, ...] = ()


News = RollNews | StepNews | SwitchNews | RevealNews | GamesMoved

_LAST = datetime.datetime.max.replace(tzinfo=datetime.UTC)
"""Where news with no time of its own (a reveal) sorts: after the rest of its batch."""


@attrs.frozen
class Batch:
    """News read at one moment, oldest first, with the current Conflict as it stands
    (``state`` is ``None`` when there is no Conflict)."""

    items: tuple[News, ...] = ()
    conflict: str | None = None
    state: State | None = None

    def __bool__(self) -> bool:
        return bool(self.items)


class NewsReader:
    """Reads what the table gained since the last :meth:`poll`: new rolls, new steps of
    the current Conflict, steps taken back, a change of current Conflict, numbers the
    Narrator revealed or hid. Three cheap queries when nothing changed; the Conflict is
    replayed only when it moved (and then only its new events: the replay cache of
    :mod:`table.sessions`)."""

    def __init__(self, table: Table, log: Callable[[str], None] | None = None) -> None:
        from conflict import saved as conflicts

        self.table = table
        self.log = log
        last = table.rolls(limit=1)
        self._roll_id = last[0].id if last else 0
        self._conflict: str | None = None
        self._version = -1
        self._entries: tuple[Entry, ...] = ()
        self._states: tuple[State, ...] = ()
        self._events: tuple[Event, ...] = ()
        self._revealed: tuple[str, ...] = ()
        info = table.current(conflicts.KIND)
        if info is not None:
            self._take(info.name, info.version)
        self._known = self._conflicts()  # the Conflicts that began before
        self._games = GameVersions(table, log)  # the board games: cli.players.game_news

    def due(self) -> bool:
        """Whether a board game has news though the table did not change (a
        negotiation timer ran out): asks nothing of the table."""
        return self._games.due()

    def _take(self, name: str, version: int) -> bool:
        """Read the Conflict ``name`` (at ``version``, as the table's list says) afresh;
        ``False`` when the table cannot replay it (a damaged row): that Conflict has no
        news until it is written again, said once on the log, and everything else goes
        on."""
        from conflict import saved as conflicts

        self._conflict, self._version = name, version
        try:
            loaded = conflicts.saved(self.table, name).load()
        except Exception as error:  # a damaged Conflict: that one alone is refused
            self._entries, self._states, self._events = (), (), ()
            if self.log is not None:
                self.log(refused_line(conflicts.KIND, name, error))
            return False
        self._revealed = self.table.revealed(conflicts.KIND, name)
        self._version = loaded.version
        self._entries, self._states, self._events = loaded.entries, loaded.states, loaded.events
        return True

    def _conflicts(self) -> set[str]:
        """The name keys of every Conflict in the table."""
        from conflict import saved as conflicts

        return {name_key(info.name) for info in self.table.streams(conflicts.KIND)}

    def current(self) -> tuple[str | None, State | None]:
        """The current Conflict's name and state as last read."""
        return self._conflict, (self._states[-1] if self._states else None)

    def poll(self) -> Batch:
        """What is new since the last poll."""
        from conflict import saved as conflicts

        items: list[tuple[object, News]] = []
        for entry in self.table.rolls(after=self._roll_id):
            items.append((entry.at, RollNews(entry)))
            self._roll_id = entry.id
        info = self.table.current(conflicts.KIND)
        if info is None:
            self._conflict, self._version, self._entries, self._states = None, -1, (), ()
        elif self._conflict is None or name_key(info.name) != name_key(self._conflict):
            self._take(info.name, info.version)
            began = name_key(info.name) not in self._known
            self._known = self._conflicts()
            items.append((info.created_at, SwitchNews(info.name, info.created_by, began)))
        elif info.version != self._version:
            items.extend(self._moved(info.name, info.version))
        if info is not None and self._conflict is not None:
            revealed = self.table.revealed(conflicts.KIND, self._conflict)
            if revealed != self._revealed:
                gained = tuple(n for n in revealed if n not in self._revealed)
                lost = tuple(n for n in self._revealed if n not in revealed)
                self._revealed = revealed
                items.append((_LAST, RevealNews(self._conflict, gained, lost)))
        moved = self._games.poll()
        if moved is not None:
            items.append((_LAST, moved))
        items.sort(key=lambda item: item[0])  # type: ignore[arg-type,return-value]
        return Batch(tuple(news for _, news in items), *self.current())

    def _moved(self, name: str, version: int) -> list[tuple[object, News]]:
        from conflict import saved as conflicts

        old_entries, old_states, old_events = self._entries, self._states, self._events
        if not self._take(name, version):
            return []
        live = {entry.seq for entry in self._entries}
        known = {entry.seq for entry in old_entries}
        found: list[tuple[object, News]] = []
        taken = [i for i, entry in enumerate(old_entries) if entry.seq not in live]
        if taken:
            everything = self.table.read(conflicts.KIND, name, include_undone=True).entries
            undone = {entry.seq: entry for entry in everything}
            for i in taken:
                entry = undone.get(old_entries[i].seq, old_entries[i])
                found.append((entry.undone_at or entry.at, StepNews(
                    name, entry.undone_by or "", old_states[i], old_events[i],
                    old_states[i + 1], undone=True)))
        for i, entry in enumerate(self._entries):
            if entry.seq not in known:
                found.append((entry.at, StepNews(name, entry.who, self._states[i],
                                                 self._events[i], self._states[i + 1])))
        return found


def roll_line(entry: RollEntry) -> str:
    """``vin rolls 5 for the lock: ⚄5 ⚄5 ⚂3 ⚀1 ⚅6 — Result 5, 1 Nudge`` (safe)."""
    from cli.conflict.log import roll_lines

    text = roll_lines([entry])[0][2]["text"]
    return f"{safe(entry.who)} {safe(text)}"


def step_line(news: StepNews, viewer: Viewer) -> str:
    """A Conflict step as the library says it to ``viewer`` (safe)."""
    from conflict.narrate import describe

    said = describe(news.before, news.event, news.after, viewer)
    if news.undone:
        by = f" by {news.who}" if news.who else ""
        return safe(f"Undone{by}: {said}")
    return safe(said)


def seen_by(news: News, viewer: Viewer) -> frozenset[str] | None:
    """What ``news`` as ``viewer`` reads it depends on: the participants whose numbers
    its sentence leaves out (:func:`conflict.privacy.hidden_in_step`, as
    :func:`conflict.narrate.describe` does; ``None``: it reads alike for everyone). Shells that show
    one batch draw each line once for all whose key is the same."""
    if not isinstance(news, StepNews):
        return None
    from conflict.privacy import hidden_in_step

    return hidden_in_step(news.before, news.after, viewer)


def _names(names: Sequence[str]) -> str:
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]


def lines_of(items: Sequence[News], viewer: Viewer) -> list[str]:
    """Each news item as one line of text, as ``viewer`` may read it."""
    lines = []
    for news in items:
        if isinstance(news, RollNews):
            lines.append(roll_line(news.entry))
        elif isinstance(news, StepNews):
            lines.append(step_line(news, viewer))
        elif isinstance(news, RevealNews):
            said = []
            if news.revealed:
                said.append(f"The Narrator reveals {possessive(_names(news.revealed))} "
                            f"numbers.")
            if news.hidden:
                said.append(f"The Narrator hides {possessive(_names(news.hidden))} "
                            f"numbers again.")
            lines.append(safe(" ".join(said)))
        elif isinstance(news, SwitchNews):
            lines.append(safe(f"Now playing: the Conflict {news.conflict}"))
    return lines
