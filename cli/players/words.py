"""The player shell's words: its verbs and their short aliases, the help screens,
what a line must be before anything reads it, and the small grammar of ``declare`` and
``change`` read by the library (``d attack marsh 5 with dagger``,
:func:`conflict.intents.aim`), how a line gives a parameter a refusal names
(:data:`SHELL_WORDS`), and what a line gives back (:class:`Reply`). Pure text; nothing
here reads the table.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, Protocol, TypeVar

import attrs

from cli.common.errors import fail
from cli.common.output import Hanging
from cli.common.output import plain as safe
from conflict.intents.words import AIM_WORDS as AIM_WORDS
from conflict.intents.words import HARMLESS as HARMLESS
from conflict.intents.words import KINDS as KINDS
from conflict.intents.words import Declaration, number_or_text
from conflict.intents.words import aim as aim
from core.text import first_refused

T = TypeVar("T")

if TYPE_CHECKING:
    from rich.console import RenderableType

    from table import Table

MAX_LINE: Final = 200
"""The longest line the shell reads, in characters."""

# --- the shell's own verbs -------------------------------------------------------------

def verbs(*spelt: str) -> dict[str, str]:
    """The words of each verb and the verb they mean, from ``"verb word word"``: the
    verb first, then its other words."""
    return {word: words.split()[0] for words in spelt for word in words.split()}


SHELL_VERBS: Final = verbs("roll r", "sheet s", "board b", "odds o", "last l", "help ?",
                           "plain", "quit q exit logout")
"""The words of what a player may do at any time, and the verb each means (the
Conflict's steps are :func:`cli.players.steps.words`; all of them together are
:func:`cli.players.verbs.player_verbs`)."""

ANY_TIME_HELP: Final = """\
Any time:
 r 5 [for the lock]  roll 5 dice
 b board   s sheet   l last result
 o 5 vs 4  odds      ? help
 plain on|off        q quit
 games, use NAME     sit at a board game
Playing several? add: as NAME
 (a as vin 5)"""


@attrs.frozen
class VerbHelp:
    """``? VERB``: a verb's lines as typed here (``shapes``), what it does in a few
    words (``summary``), and in full (``help``), in the shell's own words."""

    shapes: tuple[str, ...]
    summary: str
    help: str

    def lines(self) -> list[str]:
        """The lines of ``? VERB``."""
        return [*(f" {shape}" for shape in self.shapes), "", self.summary, self.help]


VERB_HELP: Final = {
    "roll": VerbHelp(
        ("r 5 [for the lock]", "roll"), "Roll dice: a pool, or the action's.",
        "r 5 rolls 5 dice for all to see, kept as your last result; r 5 for the lock "
        "says what for. roll alone rolls the dice of the action being resolved "
        "(R-CON-14/17), the actor's and each defender's at once, when any of them are "
        "your character's. The tool rolls every die: dice rolled at the table are the "
        "Narrator's to enter."),
    "sheet": VerbHelp(
        ("s [NAME]",), "A character's sheet.",
        "The sheet of the character you play, with the damage taken in the Conflict; "
        "NAME: which, when you play several (the Narrator: anyone's)."),
    "board": VerbHelp(
        ("b",), "The Conflict's board.",
        "The board as you may see it, its last steps, and what comes next."),
    "odds": VerbHelp(
        ("o 5", "o 5 vs 4"), "Exact odds.",
        "The exact odds of a pool of 5 dice, or of a Contest of 5 dice against 4."),
    "last": VerbHelp(
        ("l",), "Your last result again.",
        "Your last roll, or your last step in the Conflict if that came later, read "
        "from the table: never rolled again."),
    "help": VerbHelp(
        ("?", "? WORD"), "Help.",
        "The steps and commands, one a line; ? WORD tells the step or command WORD "
        "in full."),
    "plain": VerbHelp(
        ("plain on|off",), "Plain text.",
        "plain on: ASCII without colour, for a client that mangles Unicode or colours; "
        "plain off brings them back."),
    "quit": VerbHelp(
        ("q",), "Leave.", "Leave the shell (exit and logout too)."),
    "game": VerbHelp(
        ("games", "use NAME"), "Sit at a game.",
        "games lists the Conflict and the board games at the table; use NAME sits at "
        "one, to play or watch it (use conflict: back to the Conflict)."),
}
"""``? VERB`` for what a player may do at any time, by the verb (:data:`SHELL_VERBS`;
``game``: the words of the streams, ``games`` and ``use``)."""


def refusal(line: str) -> str | None:
    """Why a line is refused before anything reads it, or ``None``: longer than
    :data:`MAX_LINE` characters, not UTF-8 text (arrives as U+FFFD), holding what the
    project's one rule for one line of free text refuses (:func:`core.text.first_refused`:
    control characters such as escape sequences, bidi controls, invisible characters
    outside emoji; a tab reads as a space), or unassigned and private-use characters."""
    if len(line) > MAX_LINE:
        return f"that line is {len(line)} characters long; the most is {MAX_LINE}"
    if "\ufffd" in line or any(0xD800 <= ord(c) <= 0xDFFF for c in line):
        return "that line was not UTF-8 text"
    found = first_refused(line.replace("\t", " "), emoji=True)  # the one rule of core.text
    if found is not None:
        return (f"that line holds control characters ({found.found.value}, "
                f"{found.char!a}); type plain text")
    if any(unicodedata.category(c) in ("Co", "Cn") for c in line):
        return "that line holds unassigned or private characters; type plain text"
    return None


def number(text: str, what: str) -> int:
    value = number_or_text(text)
    if not isinstance(value, int):
        fail(f"{what} must be a whole number, got {safe(text)[:40]!r}")
    return value




Aim = Declaration
"""What a player's words after ``declare KIND`` (or ``change``) say: the library's
:class:`~conflict.intents.Declaration`, read by :func:`aim`."""


def stored(label: str, text: str, *, style: str = "") -> RenderableType:
    """A line holding stored text (through :func:`cli.common.output.plain`) after
    ``label``, wrapped at the screen's width with the lines after the first hanging 2
    spaces in from the label's own indent, as the command line wraps a sentence
    (:class:`cli.common.output.Hanging`)."""
    from rich.text import Text

    line = Text(label)
    line.append(safe(text), style=style)
    return Hanging(line, len(label) - len(label.lstrip(" ")) + 2)


SHELL_WORDS: Final = {"target": "d attack NAME N", "using": "using SOURCE"}
"""How a line here gives a step's parameter, by the table's name of the parameter, for
a refusal about it (the library's sentence names no door's words)."""


@attrs.frozen
class Reply:
    """What a line gave: ``text`` to show (ending in a newline when not empty),
    whether the session ends (``quit``), and an exit status for one-shot commands
    (0 done, 2 refused: not a verb, not allowed, not understood)."""

    text: str
    quit: bool = False
    status: int = 0

    def _quit(self) -> Reply:
        return attrs.evolve(self, quit=True)


class ShellFace(Protocol):
    """What the player shell shows of itself to the parts that serve it (a board game's
    desk, the verbs that write a Conflict's steps): its table, who plays, whether they
    are the Narrator, and how it replies."""

    table: Table

    @property
    def name(self) -> str: ...

    @property
    def narrator(self) -> bool: ...

    def reply(self, parts: Sequence[RenderableType | str], status: int = 0) -> Reply: ...


def unknown(word: str, known: Sequence[str]) -> str:
    """The one refusal of a word that starts no command, wherever the shell hears it (a
    line typed, or one line and out over ``ssh``), with the command it most likely
    meant among ``known``: ``'rol' is not a command here; did you mean 'roll'?``."""
    import difflib  # on a refusal only (start-up time)

    typed = safe(word)[:30]
    words = [w for w in known if w.casefold() != word.casefold()]
    close = difflib.get_close_matches(word.casefold(), words, n=1, cutoff=CLOSE_COMMAND)
    return f"{typed!r} is not a command here; " + (
        f"did you mean {close[0]!r}?" if close else "type ? for help")


CLOSE_COMMAND: Final = 0.75
"""How alike (:class:`difflib.SequenceMatcher` ratio) a word and a command must be for
"did you mean": ``rol`` and ``roll``, ``quti`` and ``quit``; not ``ls`` and ``last``,
which a phone's owner typed from habit, not by a slip."""


def only(rest: list[str], most: int, usage: str) -> list[str]:
    """``rest`` when it holds at most ``most`` words; else a refusal showing ``usage``
    (a word too many is a slip to tell, never to ignore)."""
    if len(rest) > most:
        fail(f"one word too many: {' '.join(rest[most:])[:30]!r} (type {usage})")
    return rest


def bare(rest: list[str], usage: str, made: T) -> T:
    """``made``, once :func:`only` finds no word after the verb."""
    only(rest, 0, usage)
    return made
