"""A player's one line and out (``ssh vin@table r 5``, or OpenSSH's forced command with
``$SSH_ORIGINAL_COMMAND``): whether the shell takes the line at all. Both adapters of
the shell (``mistborn serve`` and ``mistborn player``) ask here, so they refuse alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cli.players.verbs import verb_of

if TYPE_CHECKING:
    from cli.players.shell import PlayerShell

__all__ = ["refused"]


def refused(shell: PlayerShell, line: str) -> str | None:
    """Why ``line`` is no player-shell command for ``shell``, as one line — the very
    refusal the shell gives the line typed (:meth:`~cli.players.shell.PlayerShell.unknown`)
    — ``None`` if the shell takes it. Where the shell sits at a game, the game reads the
    line as the shell does (a House's ``reveal`` at the end of House War, R-HW-3; the
    Target passed on, R-DBG-4; a step that is the host's is refused as such): at a
    Conflict, ``reveal`` is the Narrator's."""
    if verb_of(line, narrator=shell.narrator) is not None:
        return None
    words = line.split()
    if words and shell.game_desk() is not None:
        return None
    said = shell.reply([f"! {shell.unknown(words[0] if words else '')}"], status=2)
    return said.text.rstrip("\n")  # drawn as the shell draws it, at its width
