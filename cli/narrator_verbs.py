"""The Narrator's steps in the player shell, for a player marked Narrator: the step
commands of :mod:`cli.conflict_steps` on the very same intents, so a Narrator at a
phone runs a Conflict exactly as at the terminal."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from cli.main import fail
from cli.output import plain as safe
from cli.player_words import number, stored

if TYPE_CHECKING:
    from cli.player_shell import Intent, PlayerShell
    from cli.player_words import Reply


def narrate(shell: PlayerShell, intent: Intent) -> Reply:
    """Write the Narrator's step to the current Conflict and report it."""
    conflict, _state = shell._conflict()
    return shell._record(conflict, intent)


def set_test(shell: PlayerShell, args: list[str]) -> Reply:
    from cli.conflict_steps import set_test_intent

    if len(args) < 2 or args[1].casefold() not in {"contest", "challenge"}:
        fail("test N contest|challenge [DIFFICULTY]")
    difficulty = number(args[2], "the Difficulty") if len(args) > 2 else 0
    return narrate(shell, set_test_intent(number(args[0], "the action"),
                                         args[1].casefold() == "contest", difficulty))


def swap(shell: PlayerShell, args: list[str]) -> Reply:
    from cli.conflict_steps import swap_intent

    if len(args) != 2 or args[1].casefold() not in {"health", "reputation", "willpower"}:
        fail("swap N health|reputation|willpower")
    return narrate(shell, swap_intent(number(args[0], "the action"), args[1].casefold()))


def reorder(shell: PlayerShell, args: list[str]) -> Reply:
    from cli.conflict_steps import reorder_intent

    if not args:
        fail("reorder NAME NAME …")
    return narrate(shell, reorder_intent(args))


def defeat(shell: PlayerShell, args: list[str]) -> Reply:
    from cli.conflict_steps import defeat_intent

    if not args:
        fail("defeat NAME [why]")
    return narrate(shell, defeat_intent(args[0], " ".join(args[1:])))


def end_round(shell: PlayerShell, _args: list[str]) -> Reply:
    from cli.conflict_steps import end_round_intent

    return narrate(shell, end_round_intent())


def end(shell: PlayerShell, args: list[str]) -> Reply:
    from cli.conflict_steps import end_intent

    return narrate(shell, end_intent(" ".join(args)))


def undo(shell: PlayerShell, _args: list[str]) -> Reply:
    from conflict import saved as conflicts
    from conflict.narrate import describe

    conflict, _state = shell._conflict()
    undid = conflicts.undo(shell.table, conflict, who=shell.name)
    said = safe(f"Undone: {describe(undid.after, undid.event, undid.before)}")
    return shell._reply([said, *shell._next(undid.after)])


def reveal(shell: PlayerShell, args: list[str], *, hide: bool = False) -> Reply:
    from cli.conflicts import reveal_in

    if not args:
        fail("reveal NAME")
    name, _changed = reveal_in(shell.table, None, " ".join(args), hide=hide, who=shell.name)
    if hide:
        return shell._reply([stored("Hidden from players: ", name)])
    return shell._reply([stored("Players now see: ", name)])


def hide(shell: PlayerShell, args: list[str]) -> Reply:
    return reveal(shell, args, hide=True)


VERBS: Final[dict[str, Callable[[PlayerShell, list[str]], Reply]]] = {
    "test": set_test, "swap": swap, "reorder": reorder, "defeat": defeat,
    "end-round": end_round, "end": end, "undo": undo, "reveal": reveal, "hide": hide,
}
"""The verb of each Narrator's step (see :data:`cli.player_words.NARRATOR_VERBS`)."""
