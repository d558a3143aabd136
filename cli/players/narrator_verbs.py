"""The Narrator's steps in the player shell, for a player marked Narrator: the same
library intents (:mod:`conflict.intents`) as the step commands, so a Narrator at a
phone runs a Conflict exactly as at the terminal. The shell is seen through its public
face, :class:`cli.players.steps.Desk`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from cli.common.errors import fail
from cli.common.output import plain as safe
from cli.players.words import number, stored, verbs
from conflict.intents import steps

if TYPE_CHECKING:
    from cli.players.steps import Desk
    from cli.players.words import Reply
    from conflict.intents import Intent


def narrate(shell: Desk, intent: Intent) -> Reply:
    """Write the Narrator's step to the current Conflict and report it."""
    conflict, _state = shell.current_conflict()
    return shell.record_step(conflict, intent)


def set_test(shell: Desk, args: list[str]) -> Reply:
    if len(args) < 2 or args[1].casefold() not in {"contest", "challenge"}:
        fail("test N contest|challenge [DIFFICULTY]")
    difficulty = number(args[2], "the Difficulty") if len(args) > 2 else 0
    return narrate(shell, steps.set_test(number(args[0], "the action"),
                                         args[1].casefold() == "contest", difficulty))


def swap(shell: Desk, args: list[str]) -> Reply:
    if len(args) != 2 or args[1].casefold() not in {"health", "reputation", "willpower"}:
        fail("swap N health|reputation|willpower")
    return narrate(shell, steps.swap(number(args[0], "the action"), args[1].casefold()))


def reorder(shell: Desk, args: list[str]) -> Reply:
    if not args:
        fail("reorder NAME NAME …")
    return narrate(shell, steps.reorder(args))


def defeat(shell: Desk, args: list[str]) -> Reply:
    if not args:
        fail("defeat NAME [why]")
    return narrate(shell, steps.defeat(args[0], " ".join(args[1:])))


def end_round(shell: Desk, _args: list[str]) -> Reply:
    return narrate(shell, steps.end_round())


def end(shell: Desk, args: list[str]) -> Reply:
    return narrate(shell, steps.end(" ".join(args)))


def undo(shell: Desk, args: list[str]) -> Reply:
    from conflict import saved as conflicts
    from conflict.narrate import describe
    from table import NotYourStep

    anyone = args == ["anyone"]
    if args and not anyone:
        fail("undo, or undo anyone (a step someone else wrote)")
    conflict, _state = shell.current_conflict()
    try:
        undid = conflicts.undo(shell.table, conflict, who=shell.name, own=not anyone)
    except NotYourStep as error:
        fail(f"{error} (undo anyone takes it back)")
    said = safe(f"Undone: {describe(undid.after, undid.event, undid.before)}")
    return shell.reply([said, *shell.next_lines(undid.after)])


def reveal(shell: Desk, args: list[str], *, hide: bool = False) -> Reply:
    from cli.conflict.group import reveal_in

    if not args:
        fail("reveal NAME")
    name, _changed = reveal_in(shell.table, None, " ".join(args), hide=hide, who=shell.name)
    if hide:
        return shell.reply([stored("Hidden from players: ", name)])
    return shell.reply([stored("Players now see: ", name)])


def hide(shell: Desk, args: list[str]) -> Reply:
    return reveal(shell, args, hide=True)


VERBS: Final[dict[str, Callable[[Desk, list[str]], Reply]]] = {
    "test": set_test, "swap": swap, "reorder": reorder, "defeat": defeat,
    "end-round": end_round, "end": end, "undo": undo, "reveal": reveal, "hide": hide,
}
"""The verb of each Narrator's step."""

WORDS: Final = verbs("test", "swap", "reorder", "defeat", "end-round endround", "end", "undo",
                     "reveal", "hide")
"""The words a Narrator may start a step with, and the verb each means."""

HELP: Final = """\
Narrator:
 VERB as NAME …  act for anyone
 test N contest|challenge [D]
 swap N health|reputation|willpower
 reorder NAME NAME …
 defeat NAME [why]   endround
 end OUTCOME         undo [anyone]
 reveal NAME         hide NAME"""
"""The help of the Narrator's steps."""
