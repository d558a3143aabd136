"""Players (table/players.py): who may join over SSH, and passphrase hashes."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from pathlib import Path

import pytest
from table_support import crew, plain

from characters.errors import NameLooksAlike
from conflict.errors import BadValue
from table import (
    NameTaken,
    Table,
    UnknownCharacter,
    UnknownPlayer,
    check_passphrase,
    hash_passphrase,
)

# Made with ssh-keygen (public halves only).
ADA_KEY = (
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDNZob39plRHDnN8DQ8zdv0zW6NPaeqRRxzUkVitxKsG ada@phone"
)
BO_KEY = (
    "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBKoZDjeAUts33UNR"
    "xhufs6PLFOU4vzz+CqNH4MoXnzfMri0XFDa+0KrRBKZYjaXLDVhZ4pguPVjBI720XDYqcI0= bo@laptop"
)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with Table(tmp_path / "table.db") as opened:
        opened.add(crew())
        yield opened


# --- passphrases ------------------------------------------------------------------------------


def test_a_passphrase_hash_checks_the_passphrase_and_nothing_else() -> None:
    stored = hash_passphrase("ash falls at dusk")
    assert stored.startswith("$scrypt$ln=14,r=8,p=5$")
    assert "ash falls" not in stored
    assert check_passphrase("ash falls at dusk", stored)
    assert not check_passphrase("ash falls at dawn", stored)
    assert not check_passphrase("", stored)
    # Salted: the same passphrase never hashes the same twice.
    assert hash_passphrase("ash falls at dusk") != stored


def test_a_hash_is_checked_with_the_parameters_it_names() -> None:
    # A hash made with other scrypt parameters (an older or newer release) still checks:
    # worked here with hashlib directly, as such a release would have.
    import base64
    import hashlib

    salt = b"0123456789abcdef"
    key = hashlib.scrypt(b"mist", salt=salt, n=2**10, r=4, p=1, dklen=32)
    def b64(data: bytes) -> str:
        return base64.b64encode(data).decode().rstrip("=")

    stored = f"$scrypt$ln=10,r=4,p=1${b64(salt)}${b64(key)}"
    assert check_passphrase("mist", stored)
    assert not check_passphrase("Mist", stored)


def test_the_hash_of_an_unknown_name_is_checked_as_a_real_one_and_matches_nothing() -> None:
    # What the server checks a passphrase against when the name has none: the same
    # scrypt parameters and sizes as a stored hash (the same work to check, so the answer's
    # timing tells nothing), a fresh random salt and key each time, and no passphrase
    # found to make it.
    from table.players import unmatched_hash

    real, unmatched = hash_passphrase("ash falls at dusk"), unmatched_hash()
    shape = [len(part) if i > 2 else part for i, part in enumerate(real.split("$"))]
    assert [len(part) if i > 2 else part
            for i, part in enumerate(unmatched.split("$"))] == shape
    assert unmatched != unmatched_hash()
    for typed in ("ash falls at dusk", "", "mist", unmatched):
        assert not check_passphrase(typed, unmatched)


@pytest.mark.parametrize(
    "stored",
    ["ash falls at dusk", "", "$scrypt$ln=14,r=8,p=5$c2FsdA", "$scrypt$ln=40,r=8,p=5$c2FsdA$a2V5",
     "$2b$12$abcdefghijklmnopqrstuv"],
)
def test_anything_but_a_hash_is_refused_as_a_stored_hash(stored: str) -> None:
    with pytest.raises(BadValue, match="a passphrase hash must be text made by hash_passphrase"):
        check_passphrase("ash falls at dusk", stored)


def test_an_empty_passphrase_is_refused() -> None:
    with pytest.raises(BadValue, match="a passphrase must be non-empty text"):
        hash_passphrase("   ")


# --- the players table ------------------------------------------------------------------------


def test_inviting_a_player_keeps_keys_hash_characters_and_role(table: Table) -> None:
    stored = hash_passphrase("tin and pewter")
    ada = table.invite_player(
        "Ada", keys=[ADA_KEY], passphrase_hash=stored, characters=["kell"]
    )
    assert (ada.name, ada.keys, ada.passphrase_hash, ada.characters, ada.narrator) == (
        "Ada", (ADA_KEY,), stored, ("Kell",), False
    )
    assert ada.created_at.tzinfo == datetime.UTC and not ada.revoked
    narrator = table.invite_player("Nora", narrator=True, characters=["Marsh", "hazekillers"])
    assert narrator.narrator and narrator.characters == ("Marsh", "Hazekillers")
    assert narrator.keys == () and narrator.passphrase_hash is None
    assert table.player("ADA") == ada
    assert [p.name for p in table.players()] == ["Ada", "Nora"]
    assert check_passphrase("tin and pewter", table.player("ada").passphrase_hash or "")
    # As the sqlite3 tool sees it: the hash, never the passphrase.
    assert plain(table.path, "SELECT name, public_keys, characters, narrator FROM players") == [
        ("Ada", f'["{ADA_KEY}"]', '["Kell"]', 0), ("Nora", "[]", '["Marsh", "Hazekillers"]', 1)
    ]
    assert "tin and pewter" not in table.path.read_bytes().decode("latin-1")


def test_keys_may_come_as_an_authorized_keys_text(table: Table) -> None:
    text = f"# Bo's keys\n\n  {BO_KEY}  \n{ADA_KEY}\n{BO_KEY}\n"
    bo = table.invite_player("Bo", keys=[text])
    assert bo.keys == (BO_KEY, ADA_KEY)  # trimmed, in order, without repeats


@pytest.mark.parametrize(
    ("key", "needle"),
    [
        ("ssh-dss AAAAB3NzaC1kc3MAAACBAP", "it must start with a key type"),
        ("AAAAC3NzaC1lZDI1NTE5AAAAIDNZob39", "it must start with a key type"),
        ("ssh-ed25519 not-base64!", "its base64 part is not a key of that type"),
        (BO_KEY.replace("ecdsa-sha2-nistp256", "ssh-ed25519"), "not a key of that type"),
        ("-----BEGIN OPENSSH PRIVATE KEY-----", "it must start with a key type"),
    ],
)
def test_anything_but_an_openssh_public_key_is_refused(
    table: Table, key: str, needle: str
) -> None:
    with pytest.raises(BadValue, match=needle) as caught:
        table.invite_player("Bo", keys=[ADA_KEY, key])
    assert str(caught.value).startswith("a public key must be one line like 'ssh-ed25519 AAAA")
    assert table.players() == []


def test_a_plain_passphrase_is_never_stored_by_mistake(table: Table) -> None:
    with pytest.raises(BadValue, match="a passphrase hash must be text made by hash_passphrase"):
        table.invite_player("Bo", passphrase_hash="tin and pewter")
    assert table.players() == []


def test_player_names_are_unique_ignoring_case_and_characters_must_exist(table: Table) -> None:
    table.invite_player("Ada", keys=[ADA_KEY])
    with pytest.raises(NameTaken) as caught:
        table.invite_player("ADA", keys=[BO_KEY])
    assert str(caught.value) == (
        "'ADA' is already a player (as 'Ada'); names are unique ignoring case"
    )
    with pytest.raises(UnknownCharacter, match="did you mean 'Kell'"):
        table.invite_player("Bo", characters=["Kel"])
    with pytest.raises(BadValue, match="a player's name must be non-empty text"):
        table.invite_player(" ")
    with pytest.raises(BadValue, match="narrator must be True or False"):
        table.invite_player("Bo", narrator="yes")  # type: ignore[arg-type]
    assert [p.name for p in table.players()] == ["Ada"]


def test_a_player_whose_name_only_looks_like_another_is_refused(table: Table) -> None:
    table.invite_player("Ada", keys=[ADA_KEY])
    with pytest.raises(NameLooksAlike) as caught:
        table.invite_player("\u0410da", keys=[BO_KEY])  # a Cyrillic А
    assert str(caught.value) == ("'Аda' looks like 'Ada' already at the table (it uses a "
                                 "Cyrillic letter); choose another name")
    assert [p.name for p in table.players()] == ["Ada"]


def test_a_revoked_player_cannot_be_found_but_stays_in_the_history(table: Table) -> None:
    table.invite_player("Ada", keys=[ADA_KEY])
    revoked = table.revoke_player("ada")
    assert revoked.revoked and revoked.revoked_at is not None
    assert revoked.revoked_at >= revoked.created_at
    with pytest.raises(UnknownPlayer) as caught:
        table.player("Ada")
    assert str(caught.value) == "no player named 'Ada': no players have been invited"
    with pytest.raises(UnknownPlayer):
        table.revoke_player("Ada")
    assert table.players() == []
    assert table.players(include_revoked=True) == [revoked]
    # The name is free again; both rows are kept.
    again = table.invite_player("Ada", keys=[BO_KEY])
    assert table.player("ADA") == again and again.keys == (BO_KEY,)
    assert [p.revoked for p in table.players(include_revoked=True)] == [True, False]


def test_unknown_players_suggest_the_closest(table: Table) -> None:
    table.invite_player("Ada", keys=[ADA_KEY])
    table.invite_player("Bo", keys=[BO_KEY])
    with pytest.raises(UnknownPlayer, match="no player named 'Adda' — did you mean 'Ada'"):
        table.player("Adda")
