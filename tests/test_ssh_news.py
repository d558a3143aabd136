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
        assert told["ada"].startswith(" not defend\r\nagainst action 1.\r\n")  # 40 columns
    finally:
        for phone in (gm, ada, dee):
            phone.close(force=True)
