"""The player shell at a board game tried as a player who wants more than their seat:
odd option spellings, steps before the host has set the game up, a server whose
locale is not the phone's. In-process (cli/players/game_desk.py), on real table
files; each test names the rule it keeps."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from game_seat_support import HOUSES, HW_SETUP, cli, seated

from cli.main import main
from cli.players.shell import PlayerShell
from table import Table


def said(text: str) -> str:
    return " ".join(text.split())


def ok(shell: PlayerShell, line: str) -> str:
    reply = shell.handle(line)
    assert reply.status == 0, reply.text
    return said(reply.text)


def refused(shell: PlayerShell, line: str) -> str:
    reply = shell.handle(line)
    assert reply.status == 2 and reply.text.startswith("! "), reply.text
    return said(reply.text)


SEATS = ("venture", "lekal", "tekiel", "hasting")


def test_r_hw_4_pay_with_a_double_dash_still_asks_about_ones_own_house(
        tmp_path: Path) -> None:
    # The player's House is filled in before what was typed: after a typed ``--`` it
    # was read as an argument, and the session ended on click's error.
    table = seated(tmp_path / "t.db", SEATS, HOUSES, *HW_SETUP)
    lekal = PlayerShell(table, "lekal", color=False)
    assert refused(lekal, "pay --").startswith("! R-HW-4: give the tokens held")
    assert "Holding 2 Skaa Cost 2 Food" in ok(lekal, "pay --problem ashfall --")
    assert "2 words too many: '--problem ashfall'" in refused(
            lekal, "pay -- --problem ashfall")


def test_r_hw_5_the_set_up_is_the_hosts_not_the_first_houses(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    table = seated(path, SEATS, HOUSES)
    venture = PlayerShell(table, "venture", color=False)
    # Set-up steps (a starting Problem with any Favor, a timer) are not a turn's.
    for line in ["add Ashfall -u 1 --setup --cost 2 food --favor 99", "timer 3",
                 "collect"]:
        assert refused(venture, line) == (
            "! R-HW-5: the set-up is the host's; your turn comes when it is done (you "
            "play Venture)")
    assert ok(venture, "b").endswith("You play Venture.")
    for args in HW_SETUP:
        cli(path, *args)
    assert ok(venture, "b").endswith("▶ Your turn")  # the first turn's income
    assert ok(venture, "collect").startswith("Venture collects")


@pytest.mark.parametrize("variable", ["LANG", "LC_ALL"])
def test_r_dbg_8_a_phone_reads_english_whatever_the_servers_locale(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, variable: str) -> None:
    # The shell speaks English: a Polish locale on the server put a command's help in
    # Polish under English options, between English boards.
    table = seated(tmp_path / "t.db", ("vin", "kelsier"),
                   ["dbg", "new", "--players", "Vin", "Kelsier"])
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv(variable, "pl_PL.UTF-8")
    vin = PlayerShell(table, "vin", color=False)
    assert "Coins for this turn: gain N" in ok(vin, "help coins")
    assert refused(vin, "coins x") == (
        "! R-DBG-5: the amount must be a whole number 1–999, got 'x' (N)")
    assert ok(vin, "coins 3").startswith("Vin gains 3 coins")


def test_r_hw_5_the_shells_own_options_are_refused_in_every_spelling(
        tmp_path: Path) -> None:
    table = seated(tmp_path / "t.db", SEATS, HOUSES, *HW_SETUP)
    venture = PlayerShell(table, "venture", color=False)
    leave_out = "! the shell chooses the table, the game and who writes: leave out "
    for line, option in [("collect -gOther", "-g"), ("collect --game=Other", "--game"),
                         ("collect --as=lekal", "--as"), ("collect -- --as lekal", "--as"),
                         ("collect --db=/tmp/x.db", "--db"), ("pay -hx", "-h")]:
        assert refused(venture, line) == leave_out + option, line
    assert "No such option '--a'" in refused(venture, "collect --a lekal")  # no prefixes
    assert "you act only for your own seat" in refused(venture, "collect --house=lekal")


def test_r_hw_5_a_players_other_phone_follows_their_steps(tmp_path: Path) -> None:
    # The news left out every step written under the player's name, so a second phone
    # (or a line over ``ssh`` while the phone is open) stayed on the old turn.
    table = seated(tmp_path / "t.db", SEATS, HOUSES, *HW_SETUP)
    phone, laptop = (PlayerShell(table, "venture", color=False) for _ in range(2))
    ok(laptop, "collect")
    assert laptop.news() == ""  # its reply told it
    told = said(phone.news())
    assert told.startswith("Venture collects 1 Money, 2 Food") and told.endswith(
        "▶ Your turn")
    ok(phone, "worsen famine riot ashfall disobedience")
    assert phone.news() == ""
    assert said(laptop.news()).startswith("Famine worsens")
    ok(laptop, "undo")
    assert said(phone.news()).startswith("Undone: Disobedience worsens")  # newest first


def one_line(path: Path, who: str, line: str) -> tuple[int, str]:
    """``mistborn player --as WHO`` under OpenSSH's forced command, one line and out."""
    result = CliRunner().invoke(main, ["player", "--as", who], env={
        "MISTBORN_DB": str(path), "COLUMNS": "40", "NO_COLOR": "1",
        "SSH_ORIGINAL_COMMAND": line})
    return result.exit_code, said(result.output)


def test_r_hw_5_the_hosts_own_steps_at_a_game_run_as_one_line(tmp_path: Path) -> None:
    # One line and out took only the players' steps: the host's own (``transfer``,
    # ``sheet``) were "not a player-shell command". A player is told what the shell tells.
    path = tmp_path / "t.db"
    seated(path, SEATS, HOUSES, *HW_SETUP).close()
    assert one_line(path, "gm", "transfer venture lekal 1f")[0] == 0
    assert one_line(path, "venture", "transfer venture lekal 1f")[1] == (
        "! 'transfer' is not a step you may take at House War 1: it is the host's")


def test_r_hw_6_a_player_does_not_take_back_the_end_that_showed_every_score(
        tmp_path: Path) -> None:
    # The end shows every House's score and breakdown; with ``undo`` right after, a
    # player read them all and played on.
    table = seated(tmp_path / "t.db", SEATS, HOUSES, *HW_SETUP)
    venture, hasting, lekal, host = (PlayerShell(table, name, color=False)
                                     for name in ("venture", "hasting", "lekal", "gm"))
    for line in ["collect", "worsen famine riot ashfall disobedience", "add Vin -u 4",
                 "solve ashfall --share venture=2f --favor venture=4", "end-turn"]:
        ok(venture, line)
    ok(hasting, "collect")
    assert "Venture: score 4 = Favor 4 (Ashfall 4)" in ok(hasting, "worsen vin")
    assert refused(hasting, "undo") == (
        "! R-HW-6: your last step ended the game and every score was shown: only the "
        "host takes it back")
    assert refused(lekal, "undo").startswith("! the last step at House War 1 is hasting's")
    assert ok(host, "undo").startswith("Undone: Vin erupts from Urgency IV.")
    assert ok(hasting, "undo").startswith("Undone: Hasting collects")  # before the end


def test_r_hw_6_a_phone_does_not_end_the_game_by_hand(tmp_path: Path) -> None:
    """"Scoring tokens may never be shown to anyone, nor may they be bartered or
    negotiated. They must remain face down in front of each player until the end of the
    game." Moving Unrest by hand, and any step that would end the game outside the
    game's own steps, are the host's at a phone (R-HW-6 ruling): ``unrest 8`` at a phone
    ended the game and showed that phone every House's score."""
    table = seated(tmp_path / "t.db", SEATS, HOUSES, *HW_SETUP)
    venture, lekal, host = (PlayerShell(table, name, color=False)
                            for name in ("venture", "lekal", "gm"))
    for line in ["collect", "worsen famine riot ashfall disobedience", "add Vin -u 4",
                 "solve ashfall --share venture=2f --favor venture=4"]:
        ok(venture, line)  # Venture: 4 Favor, face down
    for phone in (venture, lekal):
        assert refused(phone, "unrest 8") == "! R-HW-6: unrest is the host's step"
        assert refused(phone, "unrest 1") == "! R-HW-6: unrest is the host's step"
    assert one_line(tmp_path / "t.db", "lekal", "unrest 8") == (
        2, "! R-HW-6: unrest is the host's step")
    # A Soother's move the other way is a card's: Vin erupting by it would end the game.
    assert refused(venture, "move vin --by 1") == (
        "! R-HW-6: move would end the game, and the end shows every score: at a phone "
        "that is the host's step")
    board = ok(lekal, "b")
    assert "the game is over" not in board.casefold() and "Venture: score" not in board
    assert re.search(r"Venture \? \? \?", board), board  # still face down to Lekal
    assert ok(host, "unrest 1").startswith("Unrest rises by 1 to 1.")
    assert ok(venture, "move riot --by -1").startswith("Riot")  # no end: a card's


def test_r_hw_4_r_hw_5_a_deal_others_pay_into_and_another_income_are_the_hosts(
        tmp_path: Path) -> None:
    # At a phone a House spends only its own tokens: another House's share waits for
    # that House to agree at the table, and the host enters the deal; an income other
    # than the remembered one is the host's too.
    table = seated(tmp_path / "t.db", SEATS, HOUSES, *HW_SETUP)
    venture = PlayerShell(table, "venture", color=False)
    assert refused(venture, "collect --income 9a") == (
        "! R-HW-5: --income is the host's to give at the phones")
    ok(venture, "collect")
    ok(venture, "worsen famine riot ashfall disobedience")
    ok(venture, "add Plague -u 1")
    assert refused(venture, "solve ashfall --share lekal=2f") == (
        "! R-HW-4: you act only for your own seat (Venture), not 'lekal': another "
        "House's share is the host's to enter, once it agrees")
    assert refused(venture, "solve ashfall --share venture=1f lek=1f") .startswith(
        "! R-HW-4: you act only for your own seat (Venture), not 'lek'")
    assert refused(venture, "solve ashfall --share venture=2f --spent lekal=2f") \
        .startswith("! R-HW-4: you act only for your own seat (Venture), not 'lekal'")
    assert ok(venture, "solve ashfall --share venture=2f --favor venture=4").startswith(
        "Ashfall is solved: Venture pays 2 Food")
    host = PlayerShell(table, "gm", color=False)
    assert ok(host, "undo").startswith("Undone")
    assert ok(host, "solve disobedience --share lekal=2s --favor lekal=6").startswith(
        "Disobedience is solved: Lekal pays 2 Skaa")


def test_r_hw_3_a_houses_reveal_is_taken_as_one_line_where_it_sits_at_a_game(
        tmp_path: Path) -> None:
    # ``reveal`` is a House's own step at the end of House War, but the Narrator's word
    # at a Conflict: one line and out takes it only where the shell sits at a game.
    path = tmp_path / "t.db"
    seated(path, SEATS, HOUSES, *HW_SETUP).close()
    assert one_line(path, "venture", "collect")[0] == 0
    status, said_back = one_line(path, "lekal", "reveal lekal Heir")
    assert status == 2 and said_back.startswith("! R-HW-3"), said_back
    cli(path, "conflict", "new", "Canal", "--physical")
    # Venture sits at the game, where its House holds a seat, though a Conflict began;
    # one who sits nowhere follows the table to the Conflict.
    assert one_line(path, "venture", "reveal venture Heir")[1].startswith("! R-HW-3")
    with Table(path) as table:
        table.invite_player("cy")
    assert one_line(path, "cy", "reveal venture Heir") == (
        2, "! 'reveal' is not a command here: it is the Narrator's")


def test_r_hw_6_a_house_at_its_phone_may_leave_its_own_name_out(tmp_path: Path) -> None:
    """R-HW-6 (ruling): at a phone, a House takes only the steps its turn gives it, for
    itself: the House a step names first is the player's own, whether typed or not."""
    table = seated(tmp_path / "t.db", SEATS, HOUSES, *HW_SETUP)
    venture = PlayerShell(table, "venture", color=False)
    ok(venture, "collect")
    assert said(ok(venture, "score --favor 2")).startswith("Venture gains 2 Favor")
    assert said(ok(venture, "score venture --disgrace 1")).startswith(
        "Venture gains 1 Disgrace")
    assert said(ok(venture, "face-down ally")).startswith("Venture plays ally face down")
    assert refused(venture, "face-down") == "! face-down needs CARD (type: help face-down)"
    assert refused(venture, "score lekal --favor 1").startswith(
        "! R-HW-5: you act only for your own seat (Venture)")
