"""What the player shell shows, as text: Rich renderables drawn into a string at the
player's width, ASCII for clients that mangle Unicode, the library's sentences with
hidden numbers taken out, and the news of the table (rolls and Conflict steps) as
they happen.

Nothing here prints or reads a terminal: the shell returns the text, and an adapter
(the local prompt, OpenSSH's forced command, the built-in SSH server) writes it.
Stored text reaches the screen only through :func:`cli.output.plain` inside Rich
``Text``: never as markup, never as a raw escape sequence.
"""

from __future__ import annotations

import datetime
import io
import unicodedata
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from characters.model import ExtraGroup, Kind
from characters.names import name_key
from cli.output import plain as safe
from conflict.errors import possessive
from conflict.events import (
    Act,
    AddParticipant,
    ApplyDamage,
    Change,
    DeclarationKind,
    Declare,
    Defeat,
    Defend,
    EndConflict,
    EndRound,
    Event,
    Hold,
    React,
    Reorder,
    RollDice,
    SetTest,
    Start,
    SwapResilience,
    TakeIt,
)

if TYPE_CHECKING:
    from rich.console import RenderableType

    from conflict.state import State
    from conflict.table import Entry, RollEntry, Table

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
    :func:`cli.output.plain`). ``plain``: ASCII without colour; ``color=False``: no
    escape codes at all (no terminal at the other end)."""
    from rich.console import Console
    from rich.text import Text

    colored = color and not plain
    buffer = io.StringIO()
    console = Console(file=buffer, width=clamp_width(width), force_terminal=colored,
                      color_system="standard" if colored else None, no_color=not colored,
                      highlight=False, emoji=False, markup=False, legacy_windows=False,
                      force_jupyter=False, force_interactive=False)
    for part in parts:
        console.print(Text(part, overflow="fold") if isinstance(part, str) else part)
    text = "\n".join(line.rstrip(" ") for line in buffer.getvalue().split("\n"))
    return to_ascii(text) if plain else text


# --- what players may not see ------------------------------------------------------------


def hidden_names(state: State, *, revealed: Collection[str], mine: Collection[str],
                 narrator: bool) -> frozenset[str]:
    """The participants whose statistics and Resiliences a viewer may not see:
    Villains and Extras the Narrator has not revealed, unless the viewer plays them
    (a Narrator sees everything)."""
    if narrator:
        return frozenset()
    seen = {name_key(name) for name in (*revealed, *mine)}
    return frozenset(p.name for p in state.participants
                     if p.character.kind is not Kind.HERO and name_key(p.name) not in seen)


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


def redact(before: State, event: Event, after: State, sentence: str,
           hidden: Collection[str]) -> str:
    """The library's ``sentence`` for ``event`` (:func:`conflict.narrate.describe`)
    without the numbers that come from the statistics of the ``hidden`` participants:
    a joining Villain's or group's Wits (R-CON-4), where its dice came from (R-CON-7),
    the Attribute it gains as Defense Dice when its action needs no roll (R-CON-7c), a
    changed action's dice before halving (R-CON-12), the Reaction's own dice inside a
    Reaction pool (R-CON-16), its Resilience left after damage (R-CON-20), and the
    tie on Wits a reordering reveals (R-CON-4). What the players see at the table
    stays: dice counted out and rolled openly, faces, damage dealt, Extras standing.

    Each event type is either in :data:`REDACTIONS` or in :data:`TELLS_NOTHING_HIDDEN`.
    Should a sentence no longer read as expected, the player gets a plainer one
    without numbers, never the full one."""
    if not hidden:
        return sentence
    redaction = REDACTIONS.get(type(event))
    if redaction is None:
        return sentence
    return redaction(before, event, after, sentence, frozenset(hidden))


def _cut(sentence: str, prefix: str, piece: str) -> str | None:
    """``sentence``, which starts with ``prefix``, without the first ``piece`` after
    it; ``None`` if it does not read so."""
    at = sentence.find(piece, len(prefix)) if sentence.startswith(prefix) else -1
    if at < 0:
        return None
    return sentence[:at] + sentence[at + len(piece):]


def _gains(sentence: str, prefix: str) -> str | None:
    """``sentence`` without the ``" (gains N Defense Dice)"`` right after ``prefix``
    (R-CON-7c); unchanged when there is none; ``None`` if it does not start so."""
    if not sentence.startswith(prefix):
        return None
    rest = sentence[len(prefix):]
    if not rest.startswith(" (gains "):
        return sentence
    close = rest.find(")")
    return None if close < 0 else prefix + rest[close + 1:]


def _who(state: State, name: str, hidden: frozenset[str]) -> str | None:
    """The participant's name if it is hidden, else ``None``."""
    at = state.find(name)
    if at is None:
        return None
    found = state.participants[at].name
    return found if found in hidden else None


def _joined(before: State, event: AddParticipant, after: State, sentence: str,
            hidden: frozenset[str]) -> str:
    name = _who(after, event.name, hidden)
    if name is None:
        return sentence
    joins = f"{name} {'join' if isinstance(event.character, ExtraGroup) else 'joins'} " \
        f"the {event.side}"
    return _cut(sentence, f"{joins}: ", f", Wits {event.character.wits}") or f"{joins}."


def _reordered(before: State, event: Reorder, after: State, sentence: str,
               hidden: frozenset[str]) -> str:
    if not any(_who(after, name, hidden) for name in event.names):
        return sentence
    return "The Narrator settles the order of declaration."  # a reorder means a tie


def _declared(before: State, event: Declare, after: State, sentence: str,
              hidden: frozenset[str]) -> str:
    name = _who(after, event.name, hidden)
    if name is None or not event.source:
        return sentence
    from conflict.narrate import dice_count, does

    kind = "Defense" if event.kind is DeclarationKind.DEFENSE else "Action"
    dice = dice_count(event.dice, kind)
    declares = does(after, name, "declares", "declare")
    cut = _cut(sentence, declares, f"{dice} ({event.source})")
    if cut is None:
        return f"{declares}: {dice}."
    at = sentence.find(f"{dice} ({event.source})", len(declares))
    return cut[:at] + dice + cut[at:]


def _changed(before: State, event: Change, after: State, sentence: str,
             hidden: frozenset[str]) -> str:
    name = _who(after, event.name, hidden)
    if name is None:
        return sentence
    from conflict.narrate import does

    changes = f"{does(after, name, 'changes', 'change')} their action"
    # " (7 halved)", or " (7 halved is 4, but only 3 were held)" (R-CON-12)
    start = sentence.find(f" ({event.dice} halved", len(changes)) \
        if sentence.startswith(changes) else -1
    end = sentence.find(")", start) if start >= 0 else -1
    if end < 0:
        return f"{changes}, acting at the end of the round."
    return sentence[:start] + sentence[end + 1:]


def _defended(before: State, event: Defend, after: State, sentence: str,
              hidden: frozenset[str]) -> str:
    name = _who(after, event.name, hidden)
    if name is None:
        return sentence
    from conflict.narrate import does

    prefix = does(after, name, "defends", "defend")
    return _gains(sentence, prefix) or f"{prefix} against action {event.action}."


def _reacted(before: State, event: React, after: State, sentence: str,
             hidden: frozenset[str]) -> str:
    name = _who(after, event.name, hidden)
    if name is None:
        return sentence
    from conflict.narrate import dice_count, does

    prefix = does(after, name, "reacts", "react")
    plainer = f"{prefix} against action {event.action}."
    said = _gains(sentence, prefix)
    action = after.action(event.action)
    defense = action.defense_by(name) if action is not None else None
    if said is None or defense is None:
        return plainer
    total = dice_count(defense.pool)
    if event.added:  # the Reaction's own dice are its statistic: only the pool shows
        sum_ = f": {defense.pool - event.added} + {event.added} = {total}."
        if not said.endswith(sum_):
            return plainer
        said = said[:-len(sum_)] + f": {total}."
    return said


def _took_it(before: State, event: TakeIt, after: State, sentence: str,
             hidden: frozenset[str]) -> str:
    name = _who(after, event.name, hidden)
    if name is None:
        return sentence
    from conflict.narrate import does

    prefix = does(after, name, "does", "do") + " not defend"
    return _gains(sentence, prefix) or f"{prefix} against action {event.action}."


def _damaged(before: State, event: ApplyDamage, after: State, sentence: str,
             hidden: frozenset[str]) -> str:
    action = after.action(event.action) or before.action(event.action)
    if action is None or action.target is None:
        return sentence
    name = _who(after, action.target, hidden)
    person = after.participant(action.target)
    if name is None or person.resiliences is None:
        return sentence  # Extras standing: the players can count them
    label = action.resilience or "health"
    value = person.resiliences.get(label)
    takes = f"{name} takes {action.damage} {label.capitalize()} damage"
    cut = _cut(sentence, takes, f": {label.capitalize()} {value.current}/{value.full}")
    return cut or f"{takes}."


_Redaction = Callable[["State", Any, "State", str, frozenset[str]], str]

REDACTIONS: Final[dict[type[Event], _Redaction]] = {
    AddParticipant: _joined, Reorder: _reordered, Declare: _declared, Change: _changed,
    Defend: _defended, React: _reacted, TakeIt: _took_it, ApplyDamage: _damaged,
}
"""How each event's sentence loses what a hidden participant's statistics gave it."""

TELLS_NOTHING_HIDDEN: Final[frozenset[type[Event]]] = frozenset({
    Start, SetTest, SwapResilience, Hold, Act, RollDice, Defeat, EndRound, EndConflict})
"""Events whose sentences hold only what the table sees: the Narrator's choices, dice
counted out and rolled openly (an act's pool, held dice, faces), defeats, outcomes."""


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
    """Another Conflict became the current one (or the first began)."""

    conflict: str
    who: str = ""


@attrs.frozen
class RevealNews:
    """The Narrator revealed (or hid again) participants' numbers in the Conflict."""

    conflict: str
    revealed: tuple[str, ...] = ()
    hidden: tuple[str, ...] = ()


News = RollNews | StepNews | SwitchNews | RevealNews

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
    :mod:`conflict.table.sessions`)."""

    def __init__(self, table: Table) -> None:
        from conflict import saved as conflicts

        self.table = table
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
            self._take(info.name)

    def _take(self, name: str) -> None:
        from conflict import saved as conflicts

        loaded = conflicts.saved(self.table, name).load()
        self._conflict = name
        self._revealed = self.table.revealed(conflicts.KIND, name)
        self._version = loaded.version
        self._entries, self._states, self._events = loaded.entries, loaded.states, loaded.events

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
            self._take(info.name)
            items.append((info.created_at, SwitchNews(info.name, info.created_by)))
        elif info.version != self._version:
            items.extend(self._moved(info.name))
        if info is not None and self._conflict is not None:
            revealed = self.table.revealed(conflicts.KIND, self._conflict)
            if revealed != self._revealed:
                gained = tuple(n for n in revealed if n not in self._revealed)
                lost = tuple(n for n in self._revealed if n not in revealed)
                self._revealed = revealed
                items.append((_LAST, RevealNews(self._conflict, gained, lost)))
        items.sort(key=lambda item: item[0])  # type: ignore[arg-type,return-value]
        return Batch(tuple(news for _, news in items), *self.current())

    def _moved(self, name: str) -> list[tuple[object, News]]:
        from conflict import saved as conflicts

        old_entries, old_states, old_events = self._entries, self._states, self._events
        self._take(name)
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
    from cli.log import roll_lines

    text = roll_lines([entry])[0][2]["text"]
    return f"{safe(entry.who)} {safe(text)}"


def step_line(news: StepNews, hidden: Collection[str]) -> str:
    """A Conflict step as the library says it, hidden numbers taken out (safe)."""
    from conflict.narrate import describe

    said = redact(news.before, news.event, news.after,
                  describe(news.before, news.event, news.after), hidden)
    if news.undone:
        by = f" by {news.who}" if news.who else ""
        return safe(f"Undone{by}: {said}")
    return safe(said)


def _names(names: Sequence[str]) -> str:
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]


def lines_of(items: Sequence[News], hidden: Collection[str]) -> list[str]:
    """Each news item as one line of text."""
    lines = []
    for news in items:
        if isinstance(news, RollNews):
            lines.append(roll_line(news.entry))
        elif isinstance(news, StepNews):
            lines.append(step_line(news, hidden))
        elif isinstance(news, RevealNews):
            said = []
            if news.revealed:
                said.append(f"The Narrator reveals {possessive(_names(news.revealed))} "
                            f"numbers.")
            if news.hidden:
                said.append(f"The Narrator hides {possessive(_names(news.hidden))} "
                            f"numbers again.")
            lines.append(safe(" ".join(said)))
        else:
            lines.append(safe(f"Now playing: the Conflict {news.conflict}"))
    return lines
