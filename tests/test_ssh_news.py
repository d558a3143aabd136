"""The built-in SSH server's news (cli/players/ssh_server.py): each session's news is
made by its own call in the table's thread and lines drawn once for all who read them
alike, yet every phone reads the step as its player may — the Narrator the number a
player must not see — at the phone's own width. A real server, OpenSSH's ``ssh``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from player_support import SSH
from ssh_support import Served, terminal, words

from cli.players.shell import PlayerShell

pytestmark = pytest.mark.skipif(not SSH.exists(), reason="needs OpenSSH's ssh client")


@pytest.fixture
def fresh(tmp_path: Path) -> Iterator[Served]:
    made = Served(tmp_path)
    yield made
    made.close()


def test_r_con_15_news_of_a_hidden_number_reaches_the_narrators_phone_only(
        fresh: Served) -> None:
    # The Prelate takes the attack, gaining its Physique (6) as Defense Dice: a number
    # hidden from players (R-CON-15). A second Narrator writes it, so that it is news
    # to the first.
    with fresh.table() as table:
        table.invite_player("gm2", narrator=True)
        writer = PlayerShell(table, "gm2", news=False)
        for line in ("d as haze noroll", "d as tamsin attack prelate 5",
                     "d as brannoch defense 4", "d as prelate noroll", "a as tamsin 5"):
            assert writer.handle(line).status == 0, line
    gm, ada, dee = terminal(fresh, "gm"), terminal(fresh, "ada"), terminal(fresh, "dee", 72)
    try:
        with fresh.table() as table:
            assert PlayerShell(table, "gm2", news=False).handle("t as prelate").status == 0
        gm.expect(words("The Hollow Prelate does not defend (gains 6 Defense Dice) "
                        "against action 1."))
        told = {}
        for name, phone in (("ada", ada), ("dee", dee)):
            phone.expect("The Hollow Prelate does")
            phone.expect("> ")  # the news ends by drawing the prompt again
            told[name] = phone.before
            assert "Defense Dice" not in told[name]
        assert "Your move: roll" in " ".join(told["ada"].split())  # ada plays Tamsin
        # dee's phone is 72 columns wide: the step and what comes next, a line each.
        assert told["dee"].startswith(" not defend against action 1.\r\nNext: Action 1 "
                                      "rolls\r\n")
        assert told["ada"].startswith(" not defend\r\n  against action 1.\r\n")  # 40: hung
    finally:
        for phone in (gm, ada, dee):
            phone.close(force=True)


def test_r_hw_5_r_dbg_1_two_phones_at_two_games_stay_while_a_third_game_begins(
        fresh: Served) -> None:
    """A player sits at the game where they hold a seat (R-HW-5, R-DBG-1: a player
    plays the seat named as they are): a game begun elsewhere is one line on their
    phone, and only the Narrator's phone, which follows the table, moves to it."""
    from game_seat_support import cli

    cli(fresh.path, "hw", "new", "--players", "3", "--length", "short", "--houses",
        "Kell", "Lekal", "Venture")
    ada, kell, gm = terminal(fresh, "ada"), terminal(fresh, "kell"), terminal(fresh, "gm")
    try:
        for phone in (ada, kell, gm):
            phone.sendline("plain on")
            phone.expect("> ")
        assert kell.before.endswith("hw")  # kell's House; ada plays Tamsin Vey
        cli(fresh.path, "dbg", "new", "--players", "Vin", "Marsh")
        for phone, prompt in ((ada, "\r\n> "), (kell, "\r\nhw> ")):
            phone.expect(words("A Deckbuilding Game began: `use dbg 2` to watch."))
            phone.expect_exact(prompt)
            assert "Now playing" not in phone.before
        gm.expect(words("Now playing: Deckbuilding 2 (Deckbuilding Game)"))
        gm.expect_exact("dbg> ")
        ada.sendline("b")
        ada.expect("Rooftops")
        ada.expect_exact("\r\n> ")
        kell.sendline("b")
        kell.expect("House War 1")
        kell.expect_exact("\r\nhw> ")
    finally:
        for phone in (ada, kell, gm):
            phone.close(force=True)
