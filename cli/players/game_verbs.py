"""What a player may type at a board game in the player shell: the table's own commands
(``mistborn stuffed keep ch ch b`` is ``keep ch ch b`` here), a few of them for a
player, all of them for the host.

Rulings, each one line of the README's players' section:

* **Which seat.** A player plays the seat (a Stuffed or Deckbuilding player, a House)
  whose name is their invited name, by the games' name key (``venture`` plays House
  Venture, ``Ann`` plays Ann). A player with no seat watches: the board as the table
  sees it, no step. A player marked Narrator is the host: they act for any seat (the
  commands' ``--house``/``--player`` and names as at the table) and see everything.
* **Which steps.** Each game's table of steps says who takes each step
  (:class:`core.steps.Who`): a player writes only the steps of their own turn (a few
  belong to a seat whoever's turn it is), for their own seat: the parameters that name
  who acts (:attr:`core.steps.Param.seat`) may name only their seat. Whose turn it is is read by the
  game's rules at the moment of writing, so another session that wrote first is
  taken into account. What only reads (odds, which dice to keep, whether tokens pay a
  cost: the commands each game's group declares ``reads``, :func:`reads`) may be asked
  at any time.
* **What the shell chooses.** The table, the game and who writes are the shell's:
  ``--db``, ``--game``, ``--as``, ``--json`` and ``--help`` are refused in a line
  (``help VERB`` shows a command's help).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from core.lazy import named
from core.names import matches, name_key
from core.steps import Steps, Who

if TYPE_CHECKING:
    from cli.boardgames.base import GameGroup

__all__ = ["GAMES", "HOST_ONLY_NOT", "PROMPTS", "SHELL_OPTIONS", "group", "is_shell_option",
           "out_of_turn", "reads", "steps_of", "turn_verbs", "verbs_of"]

HOST_ONLY_NOT: Final = frozenset({"new", "list", "use", "log", "show", "undo"})
"""The table's commands the shell never runs: a game starts at the host's terminal;
``games``, ``use``, ``board`` and ``undo`` are the shell's own."""

GROUPS: Final = {"stuffed": "cli.boardgames.stuffed:stuffed",
                 "deckbuilding": "cli.boardgames.deckbuilding:deckbuilding",
                 "housewar": "cli.boardgames.housewar:housewar"}
"""Each board game's command group, by stream kind."""

GAMES: Final = tuple(GROUPS)
"""The board games a shell may sit at, by stream kind (who may take each step, and the
rule named when one may not, are each game's table of steps')."""

PROMPTS: Final = {"stuffed": "stuffed> ", "deckbuilding": "dbg> ", "housewar": "hw> "}
"""The prompt at each game (plain text; every prompt ends ``> ``)."""

SHELL_OPTIONS: Final = ("--db", "--game", "-g", "--as", "--json", "--help", "-h", "--lang")
"""Options of the table's commands that the shell chooses itself."""


def is_shell_option(word: str) -> bool:
    """Whether ``word`` is one of :data:`SHELL_OPTIONS` (``--db=x`` too, and a short
    one with its value joined: ``-gGame``)."""
    if word.startswith("--"):
        return word.split("=", 1)[0] in SHELL_OPTIONS
    return word[:2] in SHELL_OPTIONS


def group(kind: str) -> GameGroup:
    """The table's command group of the game ``kind``."""
    # Imported when a line reaches a game: a Conflict's shell never loads them.
    found: GameGroup = named(GROUPS[kind])
    return found


def verbs_of(kind: str, *, host: bool) -> list[str]:
    """The commands someone may type at a game of ``kind``, in the group's help order:
    the host every step; a player what is not the host's alone
    (:meth:`cli.boardgames.base.GameGroup.who`): the steps of the game's table that are
    not, and what only reads."""
    table = group(kind)
    names = [name for name, _short in table.listing()]
    if host:
        return [n for n in names if n not in HOST_ONLY_NOT]
    return [n for n in names if table.who(n) is not Who.HOST]


def reads(kind: str) -> frozenset[str]:
    """The commands of a game of ``kind`` that only read, which anyone may ask at any
    time (its group's ``reads``, :attr:`core.steps.Who.READ`)."""
    return group(kind).reads


def steps_of(kind: str) -> Steps[Any]:
    """The table of steps of the game ``kind`` (its group's)."""
    steps = group(kind).steps
    assert steps is not None  # every board game has its table
    return steps


def turn_verbs(kind: str) -> frozenset[str]:
    """The steps a player writes on their own turn at a game of ``kind``: its table's
    (:attr:`core.steps.Who.TURN`)."""
    return frozenset(step.name for step in steps_of(kind) if step.who is Who.TURN)


def out_of_turn(kind: str) -> frozenset[str]:
    """The steps a seat the rules name writes whoever's turn it is, at a game of
    ``kind``: its table's (:attr:`core.steps.Who.SEAT`)."""
    return frozenset(step.name for step in steps_of(kind) if step.who is Who.SEAT)


def host_ruled(kind: str) -> frozenset[str]:
    """The host's steps at a game of ``kind`` whose table names the rule that makes them
    the host's (House War's ``unrest``, R-HW-6): a player who types one is told that
    rule, in the shell and over one line alike."""
    return frozenset(step.name for step in steps_of(kind)
                     if step.who is Who.HOST and step.rule)


def same_seat(typed: str, seat: str, seats: tuple[str, ...]) -> bool:
    """Whether ``typed`` (a unique beginning or word of a name) means ``seat``."""
    found = matches(typed, list(seats))
    return len(found) == 1 and name_key(found[0]) == name_key(seat)
