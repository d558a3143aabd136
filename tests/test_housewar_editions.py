"""A game of House War keeps the edition of the rules it was set up under: one stored
by the release before R-HW-1's ruling (its start event has no ``rules``) replays and
shows as it was played, in a real table file, while a game set up now is held to the
ruling."""

from __future__ import annotations

from pathlib import Path

from cli_support import data, ok, run, unchanged
from table_support import started_as_before
from test_cli_housewar import _vin_at_iv


def vin_erupted(tmp_path: Path, *, old: bool) -> Path:
    """Vin erupts and Venture wins; ``old``: set up as the release before the ruling
    wrote it (a start event without ``rules``)."""
    db = tmp_path / ("old.db" if old else "new.db")
    _vin_at_iv(db)
    if old:
        started_as_before(db, ',"rules":2', "")
    ok(db, "hw", "score", "venture", "--favor", "2")
    assert data(db, "hw", "worsen", "vin")["winners"] == ["Venture"]
    return db


def test_r_hw_1_unrest_and_score_after_vin_erupted_replay_in_a_game_set_up_before_the_ruling(
        tmp_path: Path) -> None:
    """R-HW-1's ruling ("the game immediately ends and scores are totaled. No further
    cards may be played, and no further deals may be made": only end-game reveals after
    it) came after games that took the Vin card's Unrest and score steps once Vin
    erupted were stored: such a game replays and shows (exit 0) as it was played; one
    set up now still refuses them."""
    old = vin_erupted(tmp_path, old=True)
    ok(old, "hw", "unrest", "2")
    ok(old, "hw", "score", "Lekal", "--favor", "1")
    for args in (["hw", "show"], ["hw", "show", "--json"], ["hw", "log"]):
        result = run(old, *args)
        assert result.exit_code == 0, result.output
    new = vin_erupted(tmp_path, old=False)
    for args in (("unrest", "2"), ("score", "Lekal", "--favor", "1")):
        assert unchanged(new, "hw", *args) == (
            "R-HW-1: the game is over (Vin erupted): no further cards may be played, nor "
            "deals made; the scores are final"), args
