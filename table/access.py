"""The players who may join a table over SSH, and what the Narrator has revealed to
them: the part of :class:`table.Table` that is about people rather than
sheets and streams (kept apart so that each module stays one reader's worth)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from table.connection import Connection
    from table.players import Player


class Players:
    """The players and reveals of a table (a base of :class:`table.Table`,
    which opens :attr:`_connection`)."""

    _connection: Connection

    # --- players -----------------------------------------------------------------------

    def invite_player(
        self,
        name: str,
        *,
        keys: Sequence[str] = (),
        passphrase_hash: str | None = None,
        characters: Sequence[str] = (),
        narrator: bool = False,
    ) -> Player:
        """Invite a player: OpenSSH public ``keys`` (lines as in ``id_ed25519.pub``), a
        hash from :func:`hash_passphrase` (never the passphrase itself), the names of
        the characters they control (each must be in the roster) and whether they are a
        Narrator. Names are unique ignoring case among players not revoked."""
        from table import players
        checked_keys = players.parse_public_keys(keys)
        players.check_hash(passphrase_hash)
        invited: Player = self._connection.write(
            lambda db: players.invite(
                db,
                name,
                keys=checked_keys,
                passphrase_hash=passphrase_hash,
                characters=characters,
                narrator=narrator,
            )
        )
        return invited

    def players(self, *, include_revoked: bool = False) -> list[Player]:
        """The players in the order they were invited (revoked ones if asked)."""
        from table import players
        return list(
            self._connection.read(lambda db: players.listing(db, include_revoked=include_revoked))
        )

    def player(self, name: str) -> Player:
        """The player (not revoked) called ``name``; :class:`UnknownPlayer` otherwise."""
        from table import players
        found: Player = self._connection.read(lambda db: players.player(db, name))
        return found

    # --- what players may see ------------------------------------------------------------

    def reveal(self, kind: str, stream: str, name: str, *, who: str) -> bool:
        """Reveal the participant ``name`` of the stream (a Conflict) to the players:
        its statistics and Resiliences are no longer hidden from them. Returns whether
        it was hidden until now. :class:`UnknownStream` for a stream not in the table."""
        from table import reveals
        done: bool = self._connection.write(
            lambda db: reveals.reveal(db, kind, stream, name, who=who))
        return done

    def hide(self, kind: str, stream: str, name: str) -> bool:
        """Hide ``name``'s numbers from the players again; whether they had been
        revealed."""
        from table import reveals
        done: bool = self._connection.write(lambda db: reveals.hide(db, kind, stream, name))
        return done

    def revealed(self, kind: str, stream: str) -> tuple[str, ...]:
        """The names revealed to the players in the stream, in the order revealed."""
        from table import reveals
        found: tuple[str, ...] = self._connection.read(
            lambda db: reveals.revealed(db, kind, stream))
        return found

    def revoke_player(self, name: str) -> Player:
        """Stop ``name`` from joining (the row stays, with the time it was revoked)."""
        from table import players
        revoked: Player = self._connection.write(lambda db: players.revoke(db, name))
        return revoked
