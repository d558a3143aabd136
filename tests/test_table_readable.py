"""The table's readable views (table/readable.py, schema version 10): rolls,
events, games, sheets and players in plain words for other tools, read here with plain
sqlite3 as any tool reads them, and never a player's keys or passphrase hash."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from table_support import crew, plain

from conflict.dice import Roll
from table import MIGRATIONS, SCHEMA_VERSION, Table, hash_passphrase
from table.readable import VIEWS

ADA_KEY = ("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDNZob39plRHDnN8DQ8zdv0zW6NPaeqRRxzUkVitxKsG "
           "ada@phone")


def filled(path: Path, *, migrations: tuple[object, ...] = MIGRATIONS) -> str:
    """A table with a crew, two rolls, a Conflict of three steps (one undone), a board
    game and a player with a key and a passphrase; returns the passphrase's hash."""
    secret = hash_passphrase("brass keep vial rope boot")
    with Table(path, migrations=migrations) as table:  # type: ignore[arg-type]
        table.add(crew())
        table.damage("Kell", "health", 3)
        table.record_roll(Roll(asked=4, faces=(5, 5, 2, 6)), who="Kell", purpose="climb")
        table.record_roll(Roll(asked=2, faces=(3, 1), difficulty=3), who="Marsh")
        table.create_stream("conflict", "Canal", who="Ann")
        log = table.read("conflict", "Canal")
        table.append("conflict", "Canal",
                     [{"type": "start", "stakes": "the ledger"}, {"type": "add", "n": 1},
                      {"type": "add", "n": 2}], based_on=log.version, who="Ann")
        table.undo("conflict", "Canal", based_on=log.version + 1, who="Bo")
        table.create_stream("stuffed", "Game 1", who="Bo")
        table.append("stuffed", "Game 1", [{"game": "stuffed", "type": "new"}], based_on=0,
                     who="Bo")
        table.invite_player("ada", keys=[ADA_KEY], passphrase_hash=secret,
                            characters=["Kell"])
    return secret


def rows(path: Path, view: str) -> list[dict[str, object]]:
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    try:
        return [dict(row) for row in conn.execute(f"SELECT * FROM {view}")]
    finally:
        conn.close()


def test_a_table_at_version_9_is_given_the_views_and_they_show_its_rows(tmp_path: Path
                                                                        ) -> None:
    path = tmp_path / "table.db"
    filled(path, migrations=MIGRATIONS[:9])
    assert plain(path, "SELECT name FROM sqlite_master WHERE type = 'view'") == []
    with Table(path) as table:
        assert table.schema_version == SCHEMA_VERSION == 11
    assert plain(path, "SELECT step, name FROM migrations WHERE step = 10") == [
        (10, "readable_views")]
    assert sorted(row[0] for row in plain(
        path, "SELECT name FROM sqlite_master WHERE type = 'view'")) == sorted(VIEWS)
    assert [(row["who"], row["faces"]) for row in rows(path, "roll_log")] == [
        ("Kell", "5 5 2 6"), ("Marsh", "3 1")]


def test_the_roll_log_reads_in_plain_words(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    filled(path)
    first, second = rows(path, "roll_log")
    assert list(first) == ["roll", "who", "what_for", "rolled_at", "pool", "faces", "result",
                           "nudges", "difficulty", "succeeded"]
    rolled_at = first.pop("rolled_at")
    assert isinstance(rolled_at, str) and rolled_at.startswith("20")
    assert rolled_at.endswith("+00:00") and "T" in rolled_at  # ISO 8601, UTC
    assert first == {"roll": 1, "who": "Kell", "what_for": "climb", "pool": 4,
                     "faces": "5 5 2 6", "result": 5, "nudges": 1, "difficulty": None,
                     "succeeded": None}
    assert (second["difficulty"], second["succeeded"], second["result"]) == (3, "no", 0)


def test_the_event_log_and_the_game_list_read_in_plain_words(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    filled(path)
    events = rows(path, "event_log")
    assert list(events[0]) == ["game_kind", "game_name", "step", "who", "sent_at",
                               "event_kind", "event", "undone", "undone_by", "undone_at"]
    assert [(e["game_kind"], e["game_name"], e["step"], e["who"], e["event_kind"],
             e["undone"], e["undone_by"]) for e in events] == [
        ("conflict", "Canal", 1, "Ann", "start", "no", None),
        ("conflict", "Canal", 2, "Ann", "add", "no", None),
        ("conflict", "Canal", 3, "Ann", "add", "yes", "Bo"),
        ("stuffed", "Game 1", 1, "Bo", "new", "no", None),
    ]
    assert events[0]["event"] == '{"type":"start","stakes":"the ledger"}'
    games = rows(path, "game_list")
    assert [(g["game_kind"], g["game_name"], g["steps"], g["undone_steps"], g["current"],
             g["started_by"]) for g in games] == [
        ("conflict", "Canal", 2, 1, "yes", "Ann"), ("stuffed", "Game 1", 1, 0, "yes", "Bo")]
    assert games[0]["last_step_at"] == events[2]["sent_at"]


def test_r_con_20_the_sheet_list_shows_each_sheets_numbers_and_damage(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    filled(path)
    sheets = {row.pop("name"): row for row in rows(path, "sheet_list")}
    assert list(sheets) == ["Kell", "Marsh", "Hazekillers"]  # heroes, villains, Extras
    kell = sheets["Kell"]
    assert isinstance(kell.pop("updated_at"), str)
    assert kell == {"kind": "hero", "player": "Alice", "physique": 3, "charm": 4, "wits": 5,
                    "resources": 4, "influence": 4, "spirit": 6,
                    "health_full": 8, "health_damage": 3, "reputation_full": 6,
                    "reputation_damage": 0, "willpower_full": 7, "willpower_damage": 0,
                    "extras": None, "powers": None, "version": 2}
    group = sheets["Hazekillers"]
    assert (group["kind"], group["extras"], group["wits"], group["health_full"]) == (
        "extra", 8, 3, None)


def test_no_view_shows_a_players_keys_or_passphrase_hash(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    secret = filled(path)
    assert rows(path, "player_list") == [
        {"name": "ada", "plays": "Kell", "narrator": "no", "ssh_keys": 1, "passphrase": "yes",
         "invited_at": rows(path, "player_list")[0]["invited_at"], "revoked_at": None}]
    shown = repr([rows(path, view) for view in VIEWS])
    assert "AAAAC3Nza" not in shown and "ada@phone" not in shown
    assert secret not in shown and "scrypt" not in shown


def test_a_damaged_row_shows_empty_cells_and_leaves_the_view_readable(tmp_path: Path) -> None:
    path = tmp_path / "table.db"
    filled(path)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE characters SET sheet = '{not json' WHERE name = 'Marsh'")
    conn.execute("UPDATE entries SET event = 'half an ev' WHERE seq = 1")
    conn.execute("UPDATE players SET characters = '[', public_keys = 'x'")
    conn.commit()
    conn.close()
    marsh = next(row for row in rows(path, "sheet_list") if row["name"] == "Marsh")
    assert (marsh["kind"], marsh["wits"], marsh["powers"]) == ("villain", None, None)
    first = rows(path, "event_log")[0]
    assert (first["event_kind"], first["event"]) == (None, "half an ev")
    player = rows(path, "player_list")[0]
    assert (player["plays"], player["ssh_keys"]) == (None, None)


def test_the_table_file_page_lists_every_view_with_its_columns(tmp_path: Path) -> None:
    page = (Path(__file__).parent.parent / "docs" / "table-file.md").read_text("utf-8")
    listed = {}
    for line in page.splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) == 3 and cells[0].strip("`") in VIEWS:
            listed[cells[0].strip("`")] = cells[2].split(", ")
    path = tmp_path / "table.db"
    Table(path).close()
    assert listed == {view: [str(row[1]) for row in plain(path, f"PRAGMA table_info({view})")]
                      for view in VIEWS}
