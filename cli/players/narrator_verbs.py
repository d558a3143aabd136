"""The Narrator's own words in the player shell, for a player marked Narrator: undo,
and what the players may see (reveal, hide). The Narrator's calls on a Conflict
(test, swap, defeat…) are steps of the Conflict's table, run as the players' steps are
(:mod:`cli.players.steps`), so a Narrator at a phone runs a Conflict exactly as at the
terminal. The shell is seen through its public face, :class:`cli.players.steps.Desk`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from cli.common.errors import fail
from cli.players.words import VerbHelp, stored, verbs

if TYPE_CHECKING:
    from cli.players.steps import Desk
    from cli.players.words import Reply


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
    said = stored("Undone: ", describe(undid.after, undid.event, undid.before))
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
    "undo": undo, "reveal": reveal, "hide": hide,
}
"""The verb of each of the Narrator's words that is the shell's own, not a step of the
Conflict's table (those are :func:`cli.players.steps.words`)."""

WORDS: Final = verbs("undo", "reveal", "hide")
"""The words a Narrator may start one of those with, and the verb each means."""

HELP: Final = """\
 undo [anyone]
 reveal NAME         hide NAME"""
"""The help of the Narrator's own words."""

VERB_HELP: Final = {
    "undo": VerbHelp(
        ("undo [anyone]",), "Take back a step.",
        "Take back your own last step of the Conflict; undo anyone takes back the last "
        "step, whoever wrote it. The log keeps it, marked undone."),
    "reveal": VerbHelp(
        ("reveal NAME",), "Show the players a character's numbers.",
        "A Villain's or an Extra's statistics and Resiliences are hidden from the "
        "players until revealed: from now on they see NAME's."),
    "hide": VerbHelp(
        ("hide NAME",), "Hide a character's numbers again.",
        "The players no longer see NAME's statistics and Resiliences."),
}
"""``? VERB`` for the Narrator's own words."""
