"""What a player may type at a board game in the player shell: the table's own commands
(``mistborn stuffed keep ch ch b`` is ``keep ch ch b`` here), a few of them for a
player, all of them for the host.

Rulings, each one line of the README's players' section:

* **Which seat.** A player plays the seat (a Stuffed or Deckbuilding player, a House)
  whose name is their invited name, by the games' name key (``venture`` plays House
  Venture, ``Ann`` plays Ann). A player with no seat watches: the board as the table
  sees it, no step. A player marked Narrator is the host: they act for any seat (the
  commands' ``--house``/``--player`` and names as at the table) and see everything.
* **Which steps.** A player writes only the steps of their own turn
  (:data:`TURN_VERBS`; a few steps belong to a seat whoever's turn it is:
  :data:`OUT_OF_TURN`), for their own seat: the options and arguments that name who
  acts (:data:`OWN_SEAT`) may name only their seat. Whose turn it is is read by the
  game's rules at the moment of writing, so another session that wrote first is
  taken into account. What only reads (:data:`ANY_TIME`: odds, which dice to keep,
  whether tokens pay a cost) may be asked at any time.
* **What the shell chooses.** The table, the game and who writes are the shell's:
  ``--db``, ``--game``, ``--as``, ``--json`` and ``--help`` are refused in a line
  (``help VERB`` shows a command's help).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from core.names import matches, name_key

if TYPE_CHECKING:
    from cli.boardgames.base import GameGroup

__all__ = ["ANY_TIME", "HOST_ONLY_NOT", "HOST_OPTIONS", "OUT_OF_TURN", "OWN_PAIRS",
           "OWN_SEAT", "PROMPTS",
           "SHELL_OPTIONS",
           "TURN_RULES", "TURN_VERBS", "group", "is_shell_option", "out_of_turn",
           "turn_verbs"]

TURN_VERBS: Final[dict[str, frozenset[str]]] = {
    "stuffed": frozenset({"roll", "reroll", "spend", "buy", "recruit", "steal", "ability",
                          "play", "discard", "mission", "offer", "end-turn"}),
    "deckbuilding": frozenset({"train", "burns", "burn", "flare", "refresh", "combat",
                               "ally", "points", "spend", "sense", "attack", "coins",
                               "boxings", "atium", "confront", "lord", "shield", "damage",
                               "heal", "dominance", "edict", "adversary", "collective",
                               "end-turn"}),
}
"""The steps a player writes on their own turn, by game: the table's command names
(the Lord Ruler's card and the eruptions of one's turn included: the Active player
resolves them). A game with a table of steps says it there (:func:`turn_verbs`)."""

OUT_OF_TURN: Final[dict[str, dict[str, tuple[Callable[[Any, str], bool], str]]]] = {
    "stuffed": {},
    "deckbuilding": {"pass": (lambda state, seat: state.target is not None and name_key(
        state.players[state.target].name) == name_key(seat), "R-DBG-4")},
}
"""Steps a player writes whoever's turn it is, when ``may(state, seat)``, and the rule
named when they may not: the Target's
holder passes it on the attacker's turn (R-DBG-4). A game with a table of steps says
it there (:attr:`core.steps.Who.SEAT`, :func:`out_of_turn`)."""

ANY_TIME: Final[dict[str, frozenset[str]]] = {
    "stuffed": frozenset({"odds", "keep"}),
    "deckbuilding": frozenset(),
    "housewar": frozenset({"pay"}),
}
"""What a player may ask at any time: it reads and writes nothing."""

HOST_ONLY_NOT: Final = frozenset({"new", "list", "use", "log", "show", "undo"})
"""The table's commands the shell never runs: a game starts at the host's terminal;
``games``, ``use``, ``board`` and ``undo`` are the shell's own."""

OWN_SEAT: Final[dict[str, dict[str, str]]] = {
    "stuffed": {},
    "deckbuilding": {"*": "who_acts", "damage": "name", "heal": "name"},
}
"""The parameter that names who acts, by game and command (``*``: any command that
has it): a player may name only their own seat there. A game with a table of steps
says it there (:attr:`core.steps.Param.seat`)."""

OWN_PAIRS: Final[dict[str, dict[str, tuple[str, ...]]]] = {
    "stuffed": {},
    "deckbuilding": {},
}
"""Options given as ``SEAT=…`` pairs whose seat a player may name only as their own.
A game with a table of steps says it there (:attr:`core.steps.Param.pairs`: House
War's shares of a Problem's cost, R-HW-4)."""

HOST_OPTIONS: Final[dict[tuple[str, str], tuple[str, str, str]]] = {}
"""Options only the host gives at a phone, with the rule named. A game with a table of
steps says it there (:attr:`core.steps.Param.host_only`: House War's ``--income``,
R-HW-5)."""

SEAT_DEFAULTS: Final = {("housewar", "pay"): ("--house", "house_typed", "hold")}
"""Where a command reads a seat's own figures, the player's seat when they name none
(the option, then the parameters that, given, leave it out): ``pay --problem X`` asks
whether the player's House pays X alone."""

TURN_RULES: Final = {"stuffed": "R-STF-2", "deckbuilding": "R-DBG-1", "housewar": "R-HW-5"}
"""The rule named when a step is not the player's: Stuffed's turn (R-STF-2), the
Deckbuilding Game's seats (R-DBG-1), House War's Active House (R-HW-5)."""

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
    if kind == "stuffed":
        from cli.boardgames.stuffed import stuffed as found
    elif kind == "deckbuilding":
        from cli.boardgames.deckbuilding import deckbuilding as found
    else:
        from cli.boardgames.housewar import housewar as found
    return found


def verbs_of(kind: str, *, host: bool) -> list[str]:
    """The commands someone may type at a game of ``kind``, in the group's help order:
    the host every step; a player the steps of the game's table that are not the
    host's alone (:class:`core.steps.Who`), and what only reads."""
    names = list(group(kind).lazy)
    if host:
        return [n for n in names if n not in HOST_ONLY_NOT]
    steps = group(kind).steps
    if steps is not None:
        from core.steps import Who

        allowed = {step.name for step in steps if step.who is not Who.HOST}
    else:
        allowed = {*TURN_VERBS[kind], *OUT_OF_TURN[kind]}
    return [n for n in names if n in allowed | ANY_TIME[kind]]


def turn_verbs(kind: str) -> frozenset[str]:
    """The steps a player writes on their own turn at a game of ``kind``: its table's
    (:attr:`core.steps.Who.TURN`), else :data:`TURN_VERBS`'."""
    steps = group(kind).steps
    if steps is None:
        return TURN_VERBS[kind]
    from core.steps import Who

    return frozenset(step.name for step in steps if step.who is Who.TURN)


def out_of_turn(kind: str) -> frozenset[str]:
    """The steps a seat the rules name writes whoever's turn it is, at a game of
    ``kind``: its table's (:attr:`core.steps.Who.SEAT`), else :data:`OUT_OF_TURN`'s."""
    steps = group(kind).steps
    if steps is None:
        return frozenset(OUT_OF_TURN[kind])
    from core.steps import Who

    return frozenset(step.name for step in steps if step.who is Who.SEAT)


def same_seat(typed: str, seat: str, seats: tuple[str, ...]) -> bool:
    """Whether ``typed`` (a unique beginning or word of a name) means ``seat``."""
    found = matches(typed, list(seats))
    return len(found) == 1 and name_key(found[0]) == name_key(seat)
