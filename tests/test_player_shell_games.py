"""The player shell at a board game (cli/players/game_desk.py, game_verbs.py,
game_news.py): a line in, the table's own command run for the player's seat on a real
table file, text out — no network. Each game's steps are compared with the events the
table's command writes (``mistborn stuffed …`` on a twin table); the seat and turn
rules (R-STF-2, R-DBG-1, R-HW-5) and House War's hidden scores (R-HW-6) are named."""

from __future__ import annotations

import datetime
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from game_seat_support import HEIST, HOUSES, HW_SETUP, cli, seated
from player_support import make_table

from cli.boardgames.stuffed import stuffed
from cli.players.shell import PlayerShell
from core.steps import Who
from table import Table, clock


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path


def shells(table: Table, *names: str) -> dict[str, PlayerShell]:
    return {name: PlayerShell(table, name, color=False) for name in names}


def said(text: str) -> str:
    return " ".join(text.split())


def events(table: Table, kind: str) -> list[dict[str, Any]]:
    info = table.current(kind)
    assert info is not None
    return [dict(entry.event) for entry in table.read(kind, info.name).entries]


def ok(shell: PlayerShell, line: str) -> str:
    reply = shell.handle(line)
    assert reply.status == 0, reply.text
    return said(reply.text)


def refused(shell: PlayerShell, line: str) -> str:
    reply = shell.handle(line)
    assert reply.status == 2 and reply.text.startswith("! "), reply.text
    assert len(said(reply.text).splitlines()) == 1
    return said(reply.text)


# --- Stuffed ----------------------------------------------------------------------------


STUFFED_TURNS = [("ann", "roll --faces c c c ch ch i b r"), ("ann", "spend c:3"),
                 ("ann", "recruit grunt --needs ch:2 -a r"), ("ann", "end-turn"),
                 ("bo", "roll -f e e e e b b i r"), ("bo", "reroll b b -f e i"),
                 ("bo", "spend 4-kind"), ("bo", "end-turn")]


def test_r_stf_2_each_step_writes_the_events_of_the_tables_command(folder: Path) -> None:
    at_shell = seated(folder / "shell.db", ("ann", "bo"), HEIST)
    at_table = seated(folder / "cli.db", ("ann", "bo"), HEIST)
    players = shells(at_shell, "ann", "bo")
    for who, line in STUFFED_TURNS:
        ok(players[who], line)
        cli(folder / "cli.db", "stuffed", *line.split())
    assert events(at_shell, "stuffed") == events(at_table, "stuffed")
    info = at_shell.current("stuffed")
    assert info is not None
    whos = [e.who for e in at_shell.read("stuffed", info.name).entries]
    assert whos == ["gm", *(who for who, _ in STUFFED_TURNS)]  # recorded as the player


def test_r_stf_2_only_on_ones_own_turn_and_only_with_a_seat(folder: Path) -> None:
    table = seated(folder / "t.db", ("ann", "bo", "cy"), HEIST)
    players = shells(table, "ann", "bo", "cy")
    assert players["ann"].prompt() == "stuffed> "
    assert refused(players["bo"], "roll -f c c c c c c c c") == (
        "! R-STF-2: it is not your turn: ann's, and you play bo")
    assert "R-STF-2: you have no seat at Stuffed 1" in refused(players["cy"], "roll")
    assert ok(players["ann"], "board").endswith("▶ Your turn")
    assert ok(players["bo"], "board").endswith("You play bo.")
    # The host acts for whoever's turn it is.
    host = PlayerShell(table, "gm", color=False)
    assert ok(host, "roll -f c c c c c c c c").startswith("ann rolls")
    assert events(table, "stuffed")[-1]["type"] == "roll"


def test_r_stf_8_keep_advice_with_the_exact_odds_is_the_commands(folder: Path) -> None:
    table = seated(folder / "t.db", ("ann", "bo"), HEIST)
    ann = PlayerShell(table, "ann", color=False)
    ok(ann, "roll -f c c e ch ch i b b")
    advice = ok(ann, "keep ch:2,i")
    assert advice == said(cli(folder / "t.db", "stuffed", "keep", "ch:2,i"))
    assert said(cli(folder / "t.db", "stuffed", "odds", "3-kind")) == ok(ann, "odds 3-kind")
    # Read-only: the other player may ask too, on any turn.
    assert ok(PlayerShell(table, "bo", color=False), "keep ch:2,i") == advice


def test_r_stf_2_what_a_group_declares_it_reads_is_asked_on_any_turn_and_only_that(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Who may ask a command that is no step is its group's declaration, nothing else:
    # ``keep`` taken out of Stuffed's ``reads`` is the host's, and ``show`` put in is
    # anyone's (the shell runs neither list of its own).
    table = seated(folder / "t.db", ("ann", "bo"), HEIST)
    bo = PlayerShell(table, "bo", color=False)
    ok(PlayerShell(table, "ann", color=False), "roll -f c c e ch ch i b b")
    assert ok(bo, "keep ch:2,i").startswith("Keep")
    assert stuffed.who("keep") is Who.READ and stuffed.who("show") is Who.HOST
    assert stuffed.who("roll") is Who.TURN  # a step's is its table's
    monkeypatch.setattr(stuffed, "reads", frozenset({"odds", "show"}))
    assert "keep" not in [c.text for c in bo.completions("k")]
    assert refused(bo, "keep ch:2,i") == (
        "! 'keep' is not a step you may take at Stuffed 1: it is the host's")
    assert [c.text for c in bo.completions("sh")] == ["show"]


def test_a_tool_roll_news_undo_and_one_line_errors(folder: Path) -> None:
    table = seated(folder / "t.db", ("ann", "bo"), HEIST)
    players = shells(table, "ann", "bo")
    rolled = ok(players["ann"], "roll")  # the tool rolls the 8 dice
    assert rolled.startswith("ann rolls:") and "Next:" in rolled
    news = said(players["bo"].news())
    assert news.startswith("ann rolls:") and news.endswith("You play bo.")
    assert players["ann"].news() == ""  # one's own step was said in the reply
    assert refused(players["ann"], "spend") == "! spend needs DICE (type: help spend)"
    assert refused(players["ann"], "spend c:3 --db other.db") == (
        "! the shell chooses the table, the game and who writes: leave out --db")
    assert refused(players["ann"], "score 3").startswith("! 'score' is not a command here")
    helped = ok(players["ann"], "help keep")  # the command's own help, less the shell's
    assert helped.startswith("keep COMBO... [OPTIONS]") and "--rerolls R" in helped
    assert "--db" not in helped and "--as" not in helped
    assert refused(players["bo"], "undo").startswith("! the last step at Stuffed 1 is ann's")
    assert ok(players["ann"], "undo").startswith("Undone: ann rolls:")
    assert said(players["bo"].news()).startswith("Undone: ann rolls:")


def test_games_and_use_switch_among_the_streams(folder: Path) -> None:
    # Two games of one name, as a table made before the default names said their game
    # may hold: their names stay as stored.
    table = seated(folder / "t.db", ("ann", "bo", "vin"), [*HEIST, "--game", "Game 1"],
                   ["dbg", "new", "--players", "Vin", "Kelsier", "--game", "Game 1"])
    vin = PlayerShell(table, "vin", color=False)
    assert vin.prompt() == "dbg> "  # the game where vin has a seat
    assert ok(vin, "games") == "Game 1 (game of Stuffed) * Game 1 (Deckbuilding Game)"
    assert "say which, e.g. use stuffed Game 1" in refused(vin, "use game 1")
    assert ok(vin, "use stuffed").startswith("Game 1 · turn 1")
    assert vin.prompt() == "stuffed> "
    assert "no seat" in refused(vin, "roll")


# --- the Deckbuilding Game ------------------------------------------------------------


def test_r_dbg_1_a_player_moves_their_own_dials_as_the_commands_do(folder: Path) -> None:
    game = ["dbg", "new", "--players", "Vin", "Kelsier"]
    at_shell = seated(folder / "shell.db", ("vin", "kelsier"), game)
    at_table = seated(folder / "cli.db", ("vin", "kelsier"), game)
    vin = PlayerShell(at_shell, "vin", color=False)
    lines = ["coins 3", "combat 2", "burn tin", "train", "points 2", "spend 2 0 0",
             "attack 2", "end-turn"]
    for line in lines:
        ok(vin, line)
        cli(folder / "cli.db", "dbg", *line.split())
    assert events(at_shell, "deckbuilding") == events(at_table, "deckbuilding")
    kelsier = PlayerShell(at_shell, "kelsier", color=False)
    assert refused(kelsier, "damage vin 3") == (
        "! R-DBG-1: you act only for your own seat (Kelsier), not 'vin'")
    assert refused(kelsier, "coins 2 --player vin").startswith("! R-DBG-1: you act only")
    assert refused(vin, "coins 2") == (
        "! R-DBG-1: it is not your turn: Kelsier's, and you play Vin")
    assert ok(kelsier, "coins 2").startswith("Kelsier")


def test_r_dbg_7_a_players_step_after_the_end_says_the_game_is_over(folder: Path) -> None:
    """R-DBG-7 (Game end: the last player alive wins): once the game is over a phone's
    step is refused as the table's command refuses it, not as "it is not your turn: no
    one's"."""
    table = seated(folder / "t.db", ("vin", "kelsier"),
                   ["dbg", "new", "--players", "Vin", "Kelsier"],
                   ["dbg", "damage", "kelsier", "38"])
    written = events(table, "deckbuilding")
    for name in ("vin", "kelsier"):
        assert refused(PlayerShell(table, name, color=False), "coins 3") == (
            "! R-DBG-7: the game is over; only undo can change it")
    assert events(table, "deckbuilding") == written


# --- House War ------------------------------------------------------------------------


def test_r_hw_6_a_player_sees_their_own_score_only_and_the_host_all(folder: Path) -> None:
    table = seated(folder / "t.db", ("venture", "lekal", "tekiel", "hasting"), HOUSES,
                   *HW_SETUP)
    players = shells(table, "venture", "lekal", "gm")
    venture, lekal, host = players["venture"], players["lekal"], players["gm"]
    assert venture.prompt() == "hw> "
    assert refused(lekal, "collect") == (
        "! R-HW-5: it is not your turn: Venture's, and you play Lekal")
    ok(venture, "collect")
    ok(venture, "worsen famine riot ashfall disobedience")
    ok(venture, "add Plague -u 1")
    dealt = ok(venture, "solve ashfall --share venture=2f --favor venture=4")
    assert "Venture 4" in dealt
    told = said(lekal.news())
    assert "Ashfall" in told and "(face down)" in told and "Venture 4" not in told
    assert "Venture 4" in said(host.news())
    own = ok(venture, "board")
    assert "▶ Venture 4 0 4" in own and "Lekal ? ? ?" in own
    theirs = ok(lekal, "board")
    assert "▶ Venture ? ? ?" in theirs and "Lekal 0 0 0" in theirs
    assert "▶ Venture 4 0 4" in ok(host, "board") and "Lekal 0 0 0" in ok(host, "board")
    assert refused(venture, "collect --house lekal") == (
        "! R-HW-5: you act only for your own seat (Venture), not 'lekal'")
    assert "Holding 2 Skaa" in ok(venture, "pay --house lekal --cost 2 food")  # public


def test_r_hw_6_the_timer_is_on_the_phones_board_and_announced(
        folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The table's clock is set by the test, as in test_housewar_timer (no sleeping).
    table = seated(folder / "t.db", ("venture", "lekal"), HOUSES, *HW_SETUP)
    venture, lekal = shells(table, "venture", "lekal").values()
    ok(venture, "collect")
    start = clock.parse(clock.now())
    monkeypatch.setattr(clock, "now", lambda: start.isoformat())
    assert "negotiation timer starts: 3:00" in ok(venture, "timer 3")
    lekal.news()
    later = start + datetime.timedelta(seconds=45)
    monkeypatch.setattr(clock, "now", lambda: later.isoformat())
    assert "negotiation: 2:15 left" in ok(lekal, "board")
    assert not lekal.due() and lekal.news() == ""
    over = start + datetime.timedelta(seconds=181)
    monkeypatch.setattr(clock, "now", lambda: over.isoformat())
    assert lekal.due()  # nothing was written: the timer alone has news
    assert "negotiation time is up" in said(lekal.news()).casefold()
    assert not lekal.due() and lekal.news() == ""  # said once


def test_r_hw_5_the_host_acts_for_any_seat_and_a_player_asks_about_their_own(
        folder: Path) -> None:
    table = seated(folder / "t.db", ("venture", "lekal", "cy"), HOUSES, *HW_SETUP)
    host, venture, cy = shells(table, "gm", "venture", "cy").values()
    assert said(host.welcome()).startswith(
        "Welcome, gm (Narrator). You play every seat at House War 1 (game of House War): "
        "you host it.")
    assert said(venture.welcome()).startswith(
        "Welcome, venture. You play Venture at House War 1 (game of House War).")
    assert "You play no seat at House War 1 (game of House War): you watch." in said(
        cy.welcome())
    assert ok(host, "collect").startswith("Venture collects")
    assert "Lekal" in ok(host, "score lekal --disgrace 1 --source Riot")  # any seat
    assert events(table, "housewar")[-1]["type"] == "score"
    assert "Holding 2 Money, 4 Food Cost 2 Food Pays: 2 Food" in ok(
        venture, "pay --problem ashfall")  # their own House's tokens
    assert "Lekal ? ? ?" in ok(cy, "b") and "Venture ? ? ?" in ok(cy, "b")


def test_tab_offers_the_steps_of_the_game_one_may_take(folder: Path) -> None:
    table = seated(folder / "t.db", ("ann", "bo"), HEIST)
    ann, host = shells(table, "ann", "gm").values()
    assert sorted(c.text for c in ann.completions("re")) == ["recruit", "reroll"]
    assert [c.text for c in ann.completions("k")] == ["keep"]
    assert "new" not in [c.text for c in host.completions("")]
    assert "show" not in [c.text for c in ann.completions("")]
    assert ann.completions("keep ") == []


def test_r_dbg_4_the_targets_holder_passes_it_on_anothers_turn(folder: Path) -> None:
    table = seated(folder / "t.db", ("vin", "kelsier", "marsh"),
                   ["dbg", "new", "--players", "Vin", "Kelsier", "Marsh"])
    vin, kelsier, marsh = shells(table, "vin", "kelsier", "marsh").values()
    ok(vin, "combat 3")
    assert "Marsh may pass the Target" in ok(vin, "attack 3")
    assert refused(kelsier, "pass vin") == (
        "! R-DBG-4: pass is not yours to take now: you play Kelsier")
    assert ok(marsh, "pass kelsier").startswith("Marsh passes the Target to Kelsier.")
    assert "Kelsier 38 0 0 Target" in ok(vin, "b")


def test_r_dbg_1_a_player_reads_their_own_log_at_the_phone(folder: Path) -> None:
    """The rulebook: "Once a player's health is reduced to zero, they are out of the
    game." The eliminated player's own log, at their phone, holds the blow that put
    them out (A's step, naming only A); a player reads only their own seat's log, one
    with no seat none, and the host anyone's."""
    table = seated(folder / "t.db", ("a", "b", "c", "cy"),
                   ["dbg", "new", "--players", "A", "B", "C"])
    a, b, c, cy, host = shells(table, "a", "b", "c", "cy", "gm").values()
    ok(a, "combat 40")
    ok(a, "attack 40")
    own = ok(c, "log")
    assert "3. " in own and "a: A attacks C, who holds the Target, with 40 damage: C 40 → " \
           "0; C is out of the game" in own
    assert "A gains 40" not in own  # A's own step: not C's
    assert ok(c, "log --player c --last 1").startswith("3. ")
    assert "A gains 40" in ok(a, "log")
    assert refused(c, "log --player a") == "! you read only your own log (C), not 'a'"
    assert refused(cy, "log") == (
        "! you have no seat at Deckbuilding 1: a player reads their own log")
    assert refused(c, "log --db other.db") == (
        "! the shell chooses the table, the game and who writes: leave out --db")
    assert "A gains 40" in ok(host, "log") and "A gains 40" not in ok(host, "log -p c")
    assert "log" in [x.text for x in b.completions("lo")]
    rows = c.handle("log").text.splitlines()
    assert rows and max(len(row) for row in rows) <= 40


def test_r_hw_6_a_houses_own_log_keeps_the_other_scores_face_down(folder: Path) -> None:
    """The rulebook: "Each player involved in the deal collects the Favor they were
    promised, as agreed. These tokens are added to each player's scoring pile, face
    down." A House's own log at its phone tells each step as that House may read it:
    its own Favor, and another's face down, in the same deal."""
    table = seated(folder / "t.db", ("venture", "lekal"), HOUSES, *HW_SETUP)
    venture, lekal, host = shells(table, "venture", "lekal", "gm").values()
    ok(venture, "collect")
    ok(venture, "worsen famine riot ashfall disobedience")
    ok(venture, "add Plague -u 1")
    ok(host, "solve ashfall --share venture=2f --favor venture=2 --favor lekal=2")
    assert "Favor: Venture (face down), Lekal 2." in ok(lekal, "log --last 1")
    assert "Favor: Venture 2, Lekal (face down)." in ok(venture, "log --last 1")
    assert "Favor: Venture 2, Lekal 2." in ok(host, "log --last 1")


def test_a_game_begun_at_a_conflicts_table_is_news_and_the_shell_sits_at_it(
        folder: Path) -> None:
    with make_table(folder / "t.db") as table:  # a Conflict under way
        table.invite_player("ann")
        ann = PlayerShell(table, "ann", color=False)
        assert ann.prompt() == "> " and "Rooftops" in ann.welcome()
        cli(folder / "t.db", *HEIST)
        assert said(ann.news()).startswith("Now playing: Stuffed 1 (game of Stuffed) Next: ann")
        assert ann.prompt() == "stuffed> "
        assert ok(ann, "use rooftops").startswith("Rooftops")
        assert ann.prompt() == "> "


def test_r_hw_5_a_houses_turn_writes_the_events_of_the_tables_commands(
        folder: Path) -> None:
    seats = ("venture", "lekal", "tekiel", "hasting")
    at_shell = seated(folder / "shell.db", seats, HOUSES, *HW_SETUP)
    at_table = seated(folder / "cli.db", seats, HOUSES, *HW_SETUP)
    venture = PlayerShell(at_shell, "venture", color=False)
    for line in ["collect", "worsen famine riot ashfall disobedience", "add Plague -u 1",
                 "cost disobedience --lower 1 skaa", "solve disobedience --share "
                 "venture=1s --favor venture=6", "face-down venture Heir",
                 "score venture --favor 1 --source Riot", "end-turn"]:
        ok(venture, line)
        cli(folder / "cli.db", "hw", *line.split())
    assert events(at_shell, "housewar") == events(at_table, "housewar")


def test_r_hw_5_an_undo_of_several_events_reads_newest_first_at_every_phone(
        folder: Path) -> None:
    # One step that wrote several events, taken back: the undoer's reply and the news
    # at the other phones say them in one order, newest first (the way back).
    table = seated(folder / "t.db", ("venture", "lekal", "tekiel", "hasting"), HOUSES,
                   *HW_SETUP)
    venture, lekal = shells(table, "venture", "lekal").values()
    ok(venture, "collect")
    lekal.news()
    ok(venture, "worsen famine riot ashfall disobedience")
    lekal.news()
    reply = [line for line in venture.handle("undo").text.splitlines()
             if line.startswith("Undone: ")]
    news = [line for line in lekal.news().splitlines() if line.startswith("Undone: ")]
    assert len(reply) > 1 and said("\n".join(news)) == said("\n".join(reply))


def test_a_seats_stored_name_reaches_the_phone_as_plain_text(folder: Path) -> None:
    # An old table may hold fillers and variation selectors, which show nothing, in a
    # House's name (today's checks refuse them): it is still ada's seat, shown without.
    hidden = "\u3164\u180b\ufe0f"
    path = folder / "t.db"
    seated(path, ("ada",), ["hw", "new", "--players", "3", "--length", "short",
                            "--houses", "AdaZZ", "Venture", "Lekal"]).close()
    with sqlite3.connect(path) as con:
        con.execute("UPDATE entries SET event = replace(event, 'ZZ', ?)", (hidden,))
    con.close()
    with Table(path) as table:
        ada = PlayerShell(table, "ada", color=False)
        screens = [ada.welcome(), ada.handle("b").text, ada.handle("collect").text,
                   ada.handle("games").text, ada.handle("?").text]
    assert "You play Ada." in said(screens[1])
    assert not any(c in screen for screen in screens for c in hidden), screens


def test_tab_after_use_offers_the_streams(folder: Path) -> None:
    with make_table(folder / "t.db") as table:  # a Conflict under way
        table.invite_player("ann")
        cli(folder / "t.db", *HEIST)
        ann = PlayerShell(table, "ann", color=False)
        assert [c.text for c in ann.completions("gam")] == ["games"]
        assert [c.text for c in ann.completions("use ")] == ["Rooftops", "Stuffed 1"]
        ok(ann, "use roof")
        assert [c.text for c in ann.completions("use s")] == ["Stuffed 1"]


def test_r_stf_2_r_dbg_1_r_hw_5_a_game_begun_elsewhere_moves_only_those_sitting_nowhere(
        folder: Path) -> None:
    """A player plays the seat named as they are (R-STF-2, R-DBG-1, R-HW-5): they sit
    at the game where they hold a seat — their character in the Conflict, their seat at
    a board game — and, holding several, at the one they chose with ``use``, else the
    newest. A game begun elsewhere is one line to them; it moves only players who sit
    nowhere (and the Narrator, who follows the table). The table's current games stay
    as the host's commands made them."""
    path = folder / "t.db"
    with make_table(path) as table:  # ada plays Tamsin Vey in the Conflict Rooftops
        for name in ("venture", "lekal", "cy", "marsh"):
            table.invite_player(name)
        cli(path, "hw", "new", "--players", "3", "--length", "short", "--houses",
            "Venture", "Lekal", "Tekiel")
        phones = shells(table, "ada", "venture", "lekal", "cy", "marsh", "gm")
        assert [p.prompt() for p in phones.values()] == ["> ", *["hw> "] * 5]
        cli(path, "dbg", "new", "--players", "Vin", "Marsh")
        told = {name: said(phone.news()) for name, phone in phones.items()}
        for name in ("ada", "venture", "lekal"):
            assert told[name] == "A Deckbuilding Game began: `use dbg 2` to watch.", name
        assert [phones[n].prompt() for n in ("ada", "venture", "lekal")] == [
            "> ", "hw> ", "hw> "]
        for name in ("cy", "marsh", "gm"):  # nowhere, a seat there, the Narrator
            assert told[name].startswith("Now playing: Deckbuilding 2 (Deckbuilding "
                                         "Game)"), name
            assert phones[name].prompt() == "dbg> "
        assert ok(phones["ada"], "b").startswith("Rooftops")
        # A seat in several games: the one chosen with use, else the newest.
        assert ok(phones["venture"], "use dbg 2").startswith("Deckbuilding 2")
        cli(path, "hw", "new", "--players", "3", "--length", "short", "--houses",
            "Venture", "Lekal", "Hasting")
        assert said(phones["venture"].news()) == (
            "A game of House War began: `use hw 3` to play.")
        assert phones["venture"].prompt() == "dbg> "
        for name in ("lekal", "cy"):  # the newest seat; nowhere: the newest game
            assert said(phones[name].news()).startswith("Now playing: House War 3")
        assert ok(phones["lekal"], "b").startswith("House War 3")
        # A Conflict begun is one line to those who sit elsewhere.
        cli(path, "conflict", "new", "Ambush", "--physical")
        assert said(phones["lekal"].news()) == (
            "The Conflict Ambush began: `use conflict` to watch.")
        assert phones["lekal"].prompt() == "hw> "
        assert said(phones["cy"].news()).startswith("Now playing: the Conflict Ambush")
        assert phones["cy"].prompt() == "> "
        current = {kind: info.name for kind in ("housewar", "deckbuilding", "conflict")
                   if (info := table.current(kind)) is not None}
        assert current == {"housewar": "House War 3", "deckbuilding": "Deckbuilding 2",
                           "conflict": "Ambush"}
        # The game chosen with use is where the next session sits too: Venture's phone
        # opens again (or one ssh line runs) at Deckbuilding 2, not the newest seat.
        again = PlayerShell(table, "venture", color=False)
        assert again.prompt() == "dbg> "
        assert ok(again, "b").startswith("Deckbuilding 2")
        assert table.player("venture").sits == ("deckbuilding", "Deckbuilding 2")
