"""A Deckbuilding Game keeps the edition of the rules it was set up under: one stored
by the release before the rulings on Flares (R-DBG-10) and the turn's damage
(R-DBG-11), whose set-up says ``"rules": 2``, replays and shows as it was played, in a
real table file, while a game set up now is held to the rulings."""

from __future__ import annotations

from pathlib import Path

from cli_support import ok, run, unchanged
from table_support import started_as_before

from boardgames.deckbuilding.events import RULES


def game(tmp_path: Path, *, old: bool) -> Path:
    """A game of A, B and C; ``old``: its set-up as the release before the rulings
    wrote it (rules 2)."""
    db = tmp_path / ("old.db" if old else "new.db")
    ok(db, "dbg", "new", "--players", "A", "B", "C")
    if old:
        started_as_before(db, f'"rules":{RULES}', '"rules":2')
    return db


def shows(db: Path) -> None:
    for args in (["dbg", "show"], ["dbg", "show", "--json"], ["dbg", "log"]):
        result = run(db, *args)
        assert result.exit_code == 0, result.output


def test_r_dbg_10_a_flare_with_burns_left_replays_in_a_game_set_up_before_the_ruling(
        tmp_path: Path) -> None:
    """R-DBG-10's ruling ("If you want to use more metal tokens above this limit, you
    must Flare them": with Burns left a Flare is refused) came after games that Flared
    with Burns left were stored: such a game replays and shows (exit 0); one set up now
    still refuses it."""
    old = game(tmp_path, old=True)
    assert ok(old, "dbg", "flare", "tin").startswith("A Flares tin")
    shows(old)
    new = game(tmp_path, old=False)
    assert unchanged(new, "dbg", "flare", "tin") == (
        "R-DBG-10: A may still Burn tin: Flaring is for tokens above the Burn limit, "
        "so burn it instead (0 of 1 Burns used)")


def test_r_dbg_11_damage_gained_after_the_attack_on_players_replays_in_an_old_game(
        tmp_path: Path) -> None:
    """R-DBG-11's ruling ("A player can only use their damage at the end of their
    turn": combat after the attack on players is refused) came after games that gained
    damage then were stored: such a game replays and shows (exit 0); one set up now
    still refuses it."""
    old = game(tmp_path, old=True)
    ok(old, "dbg", "combat", "5")
    ok(old, "dbg", "attack", "5")
    ok(old, "dbg", "combat", "2")
    shows(old)
    # An Ally after the attack on players was refused from the first game that kept
    # the turn's damage: no stored game did it, and none does.
    assert unchanged(old, "dbg", "ally", "1").startswith("R-DBG-11: A's damage at players")
    new = game(tmp_path, old=False)
    ok(new, "dbg", "combat", "5")
    ok(new, "dbg", "attack", "5")
    assert unchanged(new, "dbg", "combat", "2") == (
        "R-DBG-11: A's damage at players was used: it is the turn's last use of damage, "
        "so no more is gained this turn")


def test_r_dbg_2_a_second_lord_ruler_card_in_a_turn_replays_in_a_game_set_up_before(
        tmp_path: Path) -> None:
    """R-DBG-2 ("they draw and play the top card of the Lord Ruler's deck": one a turn)
    was first held after games that drew two in a turn were stored (rules 3): such a game
    replays and shows (exit 0); one set up now refuses the second card."""
    old = tmp_path / "old.db"
    ok(old, "dbg", "new", "--players", "A", "B", "--coop")
    started_as_before(old, f'"rules":{RULES}', '"rules":3')
    ok(old, "dbg", "adversary", "Inquisitor", "2")
    ok(old, "dbg", "adversary", "Obligator", "1")
    shows(old)
    new = tmp_path / "new.db"
    ok(new, "dbg", "new", "--players", "A", "B", "--coop")
    ok(new, "dbg", "adversary", "Inquisitor", "2")
    assert unchanged(new, "dbg", "adversary", "Obligator", "1") == (
        "R-DBG-2: A has drawn this turn's Lord Ruler card: one is drawn each turn, and the "
        "turn ends next (end-turn)")
