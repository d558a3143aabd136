"""A player's one line and out (``ssh vin@table r 5``, or OpenSSH's forced command with
``$SSH_ORIGINAL_COMMAND``): whether the shell takes the line at all. Both adapters of
the shell (``mistborn serve`` and ``mistborn player``) ask here, so they refuse alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cli.common.output import plain
from cli.players import game_verbs
from cli.players.verbs import verb_of

if TYPE_CHECKING:
    from cli.players.shell import PlayerShell

__all__ = ["refused"]


def refused(shell: PlayerShell, line: str) -> str | None:
    """Why ``line`` is no player-shell command for ``shell``, as one line; ``None`` if
    the shell takes it. Besides the shell's verbs, a step a seat takes on another's
    turn is taken where the shell sits at that game (a House's ``reveal`` at the end
    of House War, R-HW-3; the Target passed on, R-DBG-4): at a Conflict, ``reveal`` is
    the Narrator's."""
    if verb_of(line, narrator=shell.narrator) is not None:
        return None
    words = line.split()
    word = words[0].casefold() if words else ""
    desk = shell.game_desk() if word else None
    if desk is not None and word in (game_verbs.out_of_turn(desk.kind)
                                     | game_verbs.host_ruled(desk.kind)):
        return None  # the shell takes it, or refuses it naming its rule
    return f"mistborn: {plain(words[0] if words else '')[:30]!r} is not a player-shell command"
