"""Players who may join the table over SSH, and the passphrase hashes they log in with.

A player has a name (unique ignoring case among players not revoked), OpenSSH public
keys, optionally a passphrase *hash*, the characters they control, and whether they are
a Narrator. Revoking keeps the row (with its time) so the history stays; the name is
then free to be invited again.

Passphrases are hashed with scrypt from the standard library, salted, with the cost
OWASP recommends as equivalent to N=2^17, r=8, p=1 (here N=2^14, r=8, p=5: 16 MiB,
about 0.2 s). The stored text names its parameters, so a later release can raise them
and still check old hashes.
"""

from __future__ import annotations

import base64
import binascii
import datetime
import json
import os
import re
import sqlite3
import struct
from collections.abc import Sequence
from typing import Final

import attrs

from conflict.errors import BadValue
from core.errors import shown
from table import clock
from table.errors import NameTaken, UnknownPlayer, check_text, name_key
from table.stored import Row, kind_of

__all__ = ["KEY_FILE_MOST", "KEY_TYPES", "Player", "check_hash", "check_passphrase",
           "hash_passphrase", "invite", "listing", "parse_public_keys", "player", "revoke",
           "sit", "unmatched_hash"]

# --- passphrases ---------------------------------------------------------------------------

_LOG2_N: Final = 14
_R: Final = 8
_P: Final = 5
_SALT_BYTES: Final = 16
_KEY_BYTES: Final = 32
_MAX_MEMORY: Final = 128 * 1024 * 1024
_HASH = re.compile(
    r"\$scrypt\$ln=(?P<ln>[0-9]{1,2}),r=(?P<r>[0-9]{1,2}),p=(?P<p>[0-9]{1,2})"
    r"\$(?P<salt>[A-Za-z0-9+/]+)\$(?P<key>[A-Za-z0-9+/]+)"
)


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii").rstrip("=")


def _unb64(text: str) -> bytes:
    return base64.b64decode(text + "=" * (-len(text) % 4), validate=True)


def _scrypt(text: str, salt: bytes, log2_n: int, r: int, p: int, size: int) -> bytes:
    # Put off: loading OpenSSL costs every writer's name lookup (roll --as) its start-up.
    import hashlib

    return hashlib.scrypt(
        text.encode("utf-8"), salt=salt, n=2**log2_n, r=r, p=p, dklen=size, maxmem=_MAX_MEMORY
    )


def hash_passphrase(text: str) -> str:
    """A salted scrypt hash of ``text``, as stored: ``$scrypt$ln=14,r=8,p=5$SALT$KEY``."""
    if not isinstance(text, str) or not text.strip():
        raise BadValue(f"a passphrase must be non-empty text, got {repr(text)[:20]}")
    salt = os.urandom(_SALT_BYTES)
    key = _scrypt(text, salt, _LOG2_N, _R, _P, _KEY_BYTES)
    return f"$scrypt$ln={_LOG2_N},r={_R},p={_P}${_b64(salt)}${_b64(key)}"


def unmatched_hash() -> str:
    """A hash in the stored form that no passphrase is known to make (its salt and key
    are random), which :func:`check_passphrase` takes as long to check as a real one:
    what a server checks a passphrase against when the name has none, so that the
    answer's timing tells nothing. Made without hashing, so it costs nothing to make."""
    salt, key = os.urandom(_SALT_BYTES), os.urandom(_KEY_BYTES)
    return f"$scrypt$ln={_LOG2_N},r={_R},p={_P}${_b64(salt)}${_b64(key)}"


def _parse_hash(stored: str) -> tuple[int, int, int, bytes, bytes]:
    match = _HASH.fullmatch(stored) if isinstance(stored, str) else None
    if match is not None:
        log2_n, r, p = int(match["ln"]), int(match["r"]), int(match["p"])
        try:
            salt, key = _unb64(match["salt"]), _unb64(match["key"])
        except (binascii.Error, ValueError):
            match = None
        else:
            if 1 <= log2_n <= 20 and 1 <= r <= 32 and 1 <= p <= 16 and len(key) >= 16:
                return log2_n, r, p, salt, key
    raise BadValue(
        "a passphrase hash must be text made by hash_passphrase "
        f"('$scrypt$ln=…,r=…,p=…$salt$key'), got {shown(stored)}"
    )


def check_passphrase(text: str, stored: str) -> bool:
    """Whether ``text`` is the passphrase ``stored`` was made from (constant-time
    comparison). A ``stored`` value not made by :func:`hash_passphrase` raises
    :class:`BadValue`."""
    log2_n, r, p, salt, key = _parse_hash(stored)
    if not isinstance(text, str):
        return False
    import hmac  # put off, as in _scrypt (it loads OpenSSL)

    return hmac.compare_digest(_scrypt(text, salt, log2_n, r, p, len(key)), key)


# --- public keys ---------------------------------------------------------------------------

KEY_TYPES: Final = frozenset(
    {
        "ssh-ed25519",
        "ssh-rsa",
        "ecdsa-sha2-nistp256",
        "ecdsa-sha2-nistp384",
        "ecdsa-sha2-nistp521",
        "sk-ssh-ed25519@openssh.com",
        "sk-ecdsa-sha2-nistp256@openssh.com",
    }
)
"""The OpenSSH public key types a player may use."""

KEY_FILE_MOST: Final = 100_000
"""The most bytes of a public key file read for an invitation: one key is a line of a
few hundred bytes (some 2,800 for the longest RSA key), so this holds an
``authorized_keys`` file of dozens of keys."""


def _public_key(line: str) -> str:
    fields = line.split(maxsplit=2)
    problem = None
    if len(fields) < 2 or fields[0] not in KEY_TYPES:
        problem = f"it must start with a key type ({', '.join(sorted(KEY_TYPES))})"
    else:
        try:
            blob = _unb64(fields[1])
            (size,) = struct.unpack(">I", blob[:4])
            inner = blob[4 : 4 + size].decode("ascii")
        except (binascii.Error, ValueError, struct.error, UnicodeDecodeError):
            inner = None
        if inner != fields[0]:
            problem = "its base64 part is not a key of that type"
    if problem is None:  # its comment is stored and shown: the one rule for a name
        from core.text import refusal  # on an invitation only (start-up)

        why = refusal(line)
        if why is not None:
            line = why[1]  # quoted around the character refused
            problem = f"its comment must be {why[0]}"
    if problem is not None:
        raise BadValue(
            f"a public key must be one line like 'ssh-ed25519 AAAA… comment' as in "
            f"~/.ssh/id_ed25519.pub; {problem}; got {shown(line)}"
        )
    return " ".join(fields)


def parse_public_keys(texts: Sequence[str]) -> tuple[str, ...]:
    """OpenSSH public keys from ``texts`` (each may hold several lines, as an
    ``authorized_keys`` file does; blank lines and ``#`` comments are skipped),
    checked and without repeats; :class:`BadValue` names the first bad line."""
    if isinstance(texts, str):
        texts = [texts]
    found: dict[str, str] = {}
    for text in texts:
        if not isinstance(text, str):
            raise BadValue(f"public keys must be text, got {shown(text)}")
        for raw in text.splitlines():
            line = raw.strip()
            if line and not line.startswith("#"):
                key = _public_key(line)
                found.setdefault(" ".join(key.split()[:2]), key)
    return tuple(found.values())


# --- the players table ---------------------------------------------------------------------


@attrs.frozen
class Player:
    """One invited player."""

    name: str
    keys: tuple[str, ...]
    passphrase_hash: str | None
    characters: tuple[str, ...]
    narrator: bool
    created_at: datetime.datetime
    revoked_at: datetime.datetime | None = None
    sits: tuple[str, str] | None = None
    """The game the player last chose to sit at (``use``): ``(kind, name)``."""

    @property
    def revoked(self) -> bool:
        """Whether the player may no longer join."""
        return self.revoked_at is not None


def _stored_keys(where: Row, value: object) -> tuple[str, ...]:
    keys = where.text_list(value, "public_keys")
    try:
        checked = parse_public_keys(keys)
    except BadValue as error:
        raise where.damaged("public_keys", f"holds what is not a public key: {error}") from None
    if len(checked) != len(keys):
        raise where.damaged("public_keys", "holds a key twice, or an empty line")
    return checked


def _stored_hash(where: Row, value: object) -> str | None:
    try:
        return check_hash(where.optional_text(value, "passphrase_hash"))
    except BadValue:
        raise where.damaged("passphrase_hash", f"is {kind_of(value)}, not a passphrase "
                                               "hash made by this program") from None


def _player(row: sqlite3.Row) -> Player:
    """The player of ``row``, each column read strictly (:mod:`.stored`)."""
    name = row["name"]
    where = Row("players", shown(name) if isinstance(name, str) else f"id {row['id']}")
    return Player(
        name=where.text(name, "name"),
        keys=_stored_keys(where, row["public_keys"]),
        passphrase_hash=_stored_hash(where, row["passphrase_hash"]),
        characters=tuple(where.text_list(row["characters"], "characters")),
        narrator=where.flag(row["narrator"], "narrator"),
        created_at=where.time(row["created_at"], "created_at"),
        revoked_at=where.optional_time(row["revoked_at"], "revoked_at"),
        # (sqlite3.Row: "in" looks among the values, keys() among the columns)
        sits=_stored_seat(where, row["sits"] if "sits" in row.keys() else None),  # noqa: SIM118
    )


def _stored_seat(where: Row, value: object) -> tuple[str, str] | None:
    """The stored ``[kind, name]`` of the game a player chose, or ``None``."""
    if value is None:
        return None
    found = where.text_list(value, "sits")  # read with the table's limits, as every JSON
    if len(found) != 2:
        raise where.damaged("sits", f"is {kind_of(value)}, not a game's kind and name")
    return found[0], found[1]


def sit(db: sqlite3.Connection, name: str, kind: str, stream: str) -> None:
    """Keep the game ``(kind, stream)`` as where the player ``name`` chose to sit."""
    row = _live_row(db, name)
    if row is None:
        raise UnknownPlayer(name, _live_names(db))
    db.execute("UPDATE players SET sits = ? WHERE id = ?",
               (json.dumps([kind, stream], ensure_ascii=False), row["id"]))


def _live_row(db: sqlite3.Connection, name: str) -> sqlite3.Row | None:
    found: sqlite3.Row | None = db.execute(
        "SELECT * FROM players WHERE name_key = ? AND revoked_at IS NULL", (name_key(name),)
    ).fetchone()
    return found


def _live_names(db: sqlite3.Connection) -> list[str]:
    rows = db.execute("SELECT name FROM players WHERE revoked_at IS NULL")
    return [r["name"] for r in rows if isinstance(r["name"], str)]


def check_hash(passphrase_hash: str | None) -> str | None:
    """``passphrase_hash`` if it is ``None`` or made by :func:`hash_passphrase`."""
    if passphrase_hash is not None:
        _parse_hash(passphrase_hash)
    return passphrase_hash


def invite(
    db: sqlite3.Connection,
    name: str,
    *,
    keys: tuple[str, ...],
    passphrase_hash: str | None,
    characters: Sequence[str],
    narrator: bool,
) -> Player:
    """Add a player (see :meth:`table.Table.invite_player`)."""
    from table.roster import canonical_name

    check_text(name, "a player's name")
    if not isinstance(narrator, bool):
        raise BadValue(f"narrator must be True or False, got {shown(narrator)}")
    existing = _live_row(db, name)
    if existing is not None:
        raise NameTaken(name, existing["name"], where="a player")
    from characters.names import refuse_look_alike  # the look-alike data: only when inviting

    refuse_look_alike(name, _live_names(db))
    controlled = tuple(dict.fromkeys(canonical_name(db, c) for c in characters))
    db.execute(
        "INSERT INTO players (name, name_key, public_keys, passphrase_hash, characters, "
        "narrator, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            name,
            name_key(name),
            json.dumps(list(keys)),
            passphrase_hash,
            json.dumps(list(controlled), ensure_ascii=False),
            int(narrator),
            clock.now(),
        ),
    )
    return player(db, name)


def listing(db: sqlite3.Connection, *, include_revoked: bool) -> list[Player]:
    """Players in the order they were invited (revoked ones only if asked)."""
    live = "" if include_revoked else " WHERE revoked_at IS NULL"
    return [_player(row) for row in db.execute(f"SELECT * FROM players{live} ORDER BY id")]


def player(db: sqlite3.Connection, name: str) -> Player:
    """The player (not revoked) called ``name``; :class:`UnknownPlayer` otherwise."""
    row = _live_row(db, name)
    if row is None:
        raise UnknownPlayer(name, _live_names(db))
    return _player(row)


def revoke(db: sqlite3.Connection, name: str) -> Player:
    """Stop ``name`` from joining; returns the player as revoked."""
    row = _live_row(db, name)
    if row is None:
        raise UnknownPlayer(name, _live_names(db))
    db.execute("UPDATE players SET revoked_at = ? WHERE id = ?", (clock.now(), row["id"]))
    revoked = db.execute("SELECT * FROM players WHERE id = ?", (row["id"],)).fetchone()
    return _player(revoked)
