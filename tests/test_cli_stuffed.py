"""``mistborn stuffed``: a game of Stuffed played from the command line to its winner on
a real table file, with undo at several steps, read back by other processes, written by
several at once; the odds and the dice to keep with exact fractions worked out by hand;
screens at 40 and 120 columns; bad input refused on one line, changing nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_support import (
    at_once,
    colour_is_honoured,
    data,
    ok,
    process,
    refused,
    run,
    unchanged,
    widest,
)

HEIST = ["stuffed", "new", "-p", "ann:ch", "bo:r", "--mission", "Heist", "--teammates",
         "2", "--mercenaries", "1", "--combo", "ch:2,i"]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "table.db"


def game(db: Path) -> dict[str, object]:
    shown: dict[str, object] = data(db, "stuffed", "show")
    return shown


def ledger(db: Path, name: str) -> dict[str, object]:
    players = game(db)["players"]
    assert isinstance(players, list)
    return next(p for p in players if p["name"] == name)


def test_r_stf_7_a_whole_game_to_its_winner_with_undo_at_several_steps(db: Path) -> None:
    started = data(db, *HEIST)
    assert started["game"] == "Stuffed 1" and started["player"] == "ann"
    # Turn 1, Ann: a coin for 3 coins (R-STF-4), Grunt for 2 charisma (R-STF-5).
    ok(db, "stuffed", "roll", "--faces", "c", "c", "c", "ch", "ch", "i", "b", "r")
    assert data(db, "stuffed", "undo")["said"][0].startswith("Undone: ann rolls: coin")
    assert game(db)["dice"] == []  # the roll was taken back
    ok(db, "stuffed", "roll", "-f", "c,c,c,ch,ch,i,b,r")
    spent = data(db, "stuffed", "spend", "c:3")
    assert spent["events"] == [{"game": "stuffed", "schema": 1, "type": "set",
                                "positions": [1, 2, 3]}]
    ok(db, "stuffed", "recruit", "grunt", "--needs", "ch:2", "-a", "r")
    assert ledger(db, "ann")["coins"] == 1 and ledger(db, "ann")["loyals"] == 1
    ok(db, "stuffed", "end-turn")
    # Turn 2, Bo: the Hero's reroll pays with the resource die (R-STF-3, R-STF-6).
    ok(db, "stuffed", "roll", "-f", "e e e e b b i r")
    rerolled = data(db, "stuffed", "reroll", "b", "b", "-f", "e", "i")
    assert rerolled["events"][0]["positions"] == [5, 6]
    assert rerolled["events"][0]["paid"] == 8
    ok(db, "stuffed", "spend", "4-kind")  # four essence: a card
    ok(db, "stuffed", "play", "Spy", "--coins", "2")
    ok(db, "stuffed", "buy", "card")  # 2 coins for a card
    assert (ledger(db, "bo")["coins"], ledger(db, "bo")["cards"]) == (0, 1)
    ok(db, "stuffed", "end-turn")
    ok(db, "stuffed", "undo")  # Bo had not finished after all…
    assert game(db)["player"] == "bo"
    ok(db, "stuffed", "end-turn")
    # Turn 3, Ann: a Mercenary on offer for 2 coins, then the Mission (R-STF-7).
    ok(db, "stuffed", "offer", "Lurcher", "--mercenary", "-a", "i", "--needs", "c:2")
    ok(db, "stuffed", "roll", "-f", "c c c c c ch ch i")
    message = unchanged(db, "stuffed", "mission")
    assert message.startswith("R-STF-7: ann's team has 1 Teammate (0 Mercenaries); the "
                              "Mission needs 2 Teammates with at least 1 Mercenary before")
    ok(db, "stuffed", "buy", "coin")
    recruited = data(db, "stuffed", "recruit", "lurch")
    assert recruited["events"][0]["positions"] == [4, 5]
    assert ledger(db, "ann")["coins"] == 0 and ledger(db, "ann")["mercenaries"] == 1
    won = data(db, "stuffed", "mission")
    assert won["winner"] == "ann"
    assert won["said"] == ["ann completes the Mission Heist with dice 6, 7 and 8 (charisma, "
                           "charisma, intelligence) and wins the game."]
    assert unchanged(db, "stuffed", "end-turn").startswith("R-STF-7: the game is over")
    for step in (["buy", "coin"], ["ability", "hero"], ["reroll", "1"],
                 ["recruit", "Lurcher"]):  # refused for the end, not for dice or coins
        assert unchanged(db, "stuffed", *step).startswith("R-STF-7: the game is over"), step
    # Undo after the end: the game goes on.
    ok(db, "stuffed", "undo")
    assert game(db)["winner"] is None
    ok(db, "stuffed", "mission")
    log = data(db, "stuffed", "log")["events"]
    assert [e["undone_by"] for e in log if "undone_by" in e] == ["Ann", "Ann", "Ann"]
    # What was taken back is told in full, as it was made.
    assert [e["text"] for e in log if "undone_by" in e] == [
        "ann rolls: coin, coin, coin, charisma, charisma, intelligence, birden, resource.",
        "bo ends the turn. It is ann's turn.",
        "ann completes the Mission Heist with dice 6, 7 and 8 (charisma, charisma, "
        "intelligence) and wins the game."]


def test_a_game_is_saved_and_seen_by_a_new_process(db: Path) -> None:
    ok(db, *HEIST)
    ok(db, "stuffed", "roll", "-f", "c c c ch ch i b r")
    shown = process(db, "stuffed", "show", "--json")
    assert shown.returncode == 0, shown.stderr
    assert '"symbol": "charisma"' in shown.stdout and '"player": "ann"' in shown.stdout
    wrote = process(db, "stuffed", "spend", "1", "2", "3")
    assert wrote.returncode == 0, wrote.stderr
    assert ledger(db, "ann")["coins"] == 1


def test_r_stf_5_four_processes_offering_at_once_lose_nothing(db: Path) -> None:
    ok(db, *HEIST)
    at_once(db, [["stuffed", "offer", name, *kind, "-a", "i", "--needs", "c:2"]
                 for name, kind in (("Grunt", []), ("Sazed", ["--loyal"]),
                                    ("Lurcher", ["--mercenary"]), ("Thug", ["--mercenary"]))])
    offer = game(db)["offer"]
    assert isinstance(offer, list)
    assert sorted(t["name"] for t in offer) == ["Grunt", "Lurcher", "Sazed", "Thug"]
    assert refused(db, "stuffed", "offer", "Spook", "-a", "i", "--needs", "c:2").startswith(
        "R-STF-5: 2 Loyals are already on offer")


def test_r_stf_8_odds_are_exact_fractions_known_by_hand() -> None:
    db = Path("/nonexistent/table.db")  # the odds need no table
    # Any 3 of a kind but Birdens from 8 dice, no reroll: 339545/559872 (issue 11).
    three = data(db, "stuffed", "odds", "3-kind", "-r", "0")
    assert three["chance"] == "339545/559872" and three["dice"] == 8
    # At least one Birden in 8 dice: 1 − (5/6)^8 = 1288991/1679616.
    birden = data(db, "stuffed", "odds", "b", "-r", "0")
    assert birden["chance"] == "1288991/1679616"
    # With a reroll of the dice that missed: 1 − (5/6)^16.
    again = data(db, "stuffed", "odds", "birden", "--rerolls", "1")
    assert [r["chance"] for r in again["by_rerolls"]] == [
        "1288991/1679616", str(1 - __import__("fractions").Fraction(5, 6) ** 16)]
    # From a roll of coin and essence: a Birden comes only from rerolling both.
    given = data(db, "stuffed", "odds", "b", "--from", "c", "e", "-r", "1")
    assert given["by_rerolls"] == [{"rerolls": 0, "chance": "0"},
                                   {"rerolls": 1, "chance": "11/36"}]


def test_r_stf_8_keep_says_which_dice_and_the_chance_with_and_without_rerolling() -> None:
    db = Path("/nonexistent/table.db")
    # 2 charisma from charisma, coin, essence: keep the charisma, reroll 2 dice, one of
    # which must show charisma: 1 − (5/6)^2 = 11/36; without a reroll, no chance.
    kept = data(db, "stuffed", "keep", "ch:2", "--from", "ch", "c", "e")
    assert kept["keep"] == [{"position": 1, "symbol": "charisma"}]
    assert kept["reroll"] == [2, 3]
    assert (kept["chance"], kept["without_reroll"]) == ("11/36", "0")
    made = data(db, "stuffed", "keep", "ch:2", "--from", "ch c ch")
    assert made["made"] == [1, 3] and made["chance"] == "1"


def test_r_stf_6_keep_pay_lists_the_paying_die_once_not_under_reroll() -> None:
    db = Path("/nonexistent/table.db")
    shown = ok(db, "stuffed", "keep", "ch:2", "--from", "ch", "c", "e", "i", "--pay", "i")
    rows = {line.split()[0]: line for line in shown.splitlines() if line.strip()}
    assert rows["Reroll"].split() == ["Reroll", "2", "Co", "3", "Es"]
    assert "(die 4 pays for the ability)" in shown


def test_r_stf_6_keep_advises_when_more_than_one_reroll_costs_a_die() -> None:
    db = Path("/nonexistent/table.db")
    # Two abilities, each paid with an intelligence: 25/72 (worked out by hand in
    # tests/test_stuffed_odds.py); the first pays with die 3 and rerolls the others.
    kept = data(db, "stuffed", "keep", "ch", "--from", "i", "i", "i", "-r", "2", "--pay",
                "i", "i")
    assert (kept["chance"], kept["paid"], kept["keep"], kept["reroll"]) == (
        "25/72", 3, [], [1, 2])
    assert kept["pays"] == ["intelligence", "intelligence"]
    assert kept["by_rerolls"][1] == {"rerolls": 1, "chance": "11/36"}
    shown = ok(db, "stuffed", "keep", "ch", "--from", "i", "i", "i", "-r", "2", "--pay",
               "i", "i")
    assert "Keep  nothing" in shown and "Keep   " not in shown
    free_first = data(db, "stuffed", "keep", "ch", "--from", "i", "c", "-r", "2", "--pay",
                      "-", "i")
    assert (free_first["paid"], free_first["pays"]) == (None, [None, "intelligence"])


def test_keep_reads_the_current_games_unspent_dice(db: Path) -> None:
    ok(db, *HEIST)
    assert "no dice on the table now" in refused(db, "stuffed", "keep", "ch:2,i")
    ok(db, "stuffed", "roll", "-f", "c c c ch b b b b")
    ok(db, "stuffed", "spend", "c:3")
    kept = data(db, "stuffed", "keep", "ch:2,i")
    assert [d["position"] for d in kept["from"]] == [4, 5, 6, 7, 8]
    assert kept["keep"] == [{"position": 4, "symbol": "charisma"}]
    assert kept["reroll"] == [5, 6, 7, 8]


@pytest.mark.parametrize("columns", [40, 120])
def test_screens_fit_the_width_and_show_every_die_with_its_position(db: Path,
                                                                      columns: int) -> None:
    ok(db, *HEIST)
    ok(db, "stuffed", "offer", "Grunt", "-a", "r", "--needs", "ch:2")
    ok(db, "stuffed", "roll", "-f", "c c c ch ch i b r")
    ok(db, "stuffed", "spend", "c:3")
    shown = ok(db, "stuffed", "show", columns=columns)
    assert widest(shown) <= columns
    dice = [line for line in shown.splitlines() if re.search(r"\d[ ×](Co|Es|Bi)", line)]
    assert dice, shown
    for line in dice:  # each die: its position, then two letters; spent ones marked ×
        assert not re.search(r"(?<![\d ×])(Co|Es|Bi|In|Ch|Re)\b", line.split("Dice")[-1])
    assert "1×Co" in shown and "4 Ch" in shown and "× spent" in shown
    assert "▶ ann" in shown and "Grunt" in shown
    for args in (["odds", "ch:2,i,r", "-r", "2"],
                 ["keep", "ch:2,i,r", "--from", "c", "c", "e", "ch", "ch", "i", "b", "b"]):
        screen = ok(db, "stuffed", *args, columns=columns)
        assert widest(screen) <= columns, screen
    odds = ok(db, "stuffed", "odds", "ch:2,i,r", "-r", "2", columns=columns)
    assert re.search(r"^0 rerolls .* \d+\.\d%$", odds, re.M), odds


def test_no_color_is_honoured(db: Path) -> None:
    ok(db, *HEIST)
    ok(db, "stuffed", "roll", "-f", "c c c ch ch i b r")
    colour_is_honoured(db, "stuffed", "show")
    colour_is_honoured(db, "stuffed", "odds", "3-kind")


@pytest.mark.parametrize(("args", "start"), [
    (["roll", "-f", "c c x"], "R-STF-2: no die symbol is called 'x'"),
    (["roll", "-f", "c c c"], "R-STF-2: a turn starts with all 8 dice rolled, got 3"),
    (["spend", "1", "2"], "R-STF-4: a set is 3 of a kind (a coin) or 4 of a kind"),
    (["spend", "ch:3"], "R-STF-4: a set: the unspent dice (die 1 coin, die 2 coin, die 3 "
                        "coin, die 4 charisma, die 5 charisma, die 6 intelligence, die 7 "
                        "birden, die 8 resource) show no 3 charisma"),
    (["spend", "1", "b"], "R-STF-4: give dice by position (1 4 5) or by symbol"),
    (["recruit", "Spook"], "R-STF-5: 'Spook' is not on offer: give the combination"),
    (["reroll", "9"], "R-STF-1: a die position must be a whole number 1–8, got 9"),
    (["ability", "zed"], "R-STF-6: ann has no character called 'zed'"),
    (["roll"], "R-STF-2: ann already rolled this turn"),
])
def test_bad_input_is_one_line_naming_the_rule_and_changes_nothing(
        db: Path, args: list[str], start: str) -> None:
    ok(db, *HEIST)
    ok(db, "stuffed", "roll", "-f", "c c c ch ch i b r")
    assert unchanged(db, "stuffed", *args).startswith(start)


def test_bad_set_up_and_odds_are_refused_on_one_line(db: Path) -> None:
    assert refused(db, "stuffed", "show").startswith("no table at")  # read only: none made
    assert refused(db, "stuffed", "roll").startswith(
        "R-STF-2: there is no game of Stuffed in the table yet")
    assert refused(db, "stuffed", "new", "-p", "ann", "--teammates", "2", "--combo",
                   "ch").startswith("R-STF-6: a player is NAME:ATTRIBUTE")
    assert refused(db, "stuffed", "odds", "ch:9").startswith("R-STF-5: a count must be 1–8")
    assert refused(db, "stuffed", "odds", "3-kind", "-r", "9").startswith(
        "--rerolls must be 0–8, got 9")
    ok(db, *HEIST)
    assert refused(db, "stuffed", "undo") == (
        "R-STF-2: only the set-up is left, and it is not undone: start another game with "
        "mistborn stuffed new --players NAME:ATTRIBUTE…")
    assert refused(db, "stuffed", "show", "--game", "nope").startswith(
        "no game of Stuffed named 'nope'")


def test_games_are_listed_chosen_and_logged(db: Path) -> None:
    ok(db, *HEIST)
    ok(db, *HEIST[:2], "--game", "Rematch", *HEIST[2:])
    listed = data(db, "stuffed", "list")
    assert [(g["name"], g["current"]) for g in listed] == [("Stuffed 1", False),
                                                          ("Rematch", True)]
    assert "stuffed 1 is now" in ok(db, "stuffed", "use", "stuf").lower()
    ok(db, "stuffed", "roll", "-f", "c c c ch ch i b r")
    assert game(db)["dice"] != []
    assert data(db, "stuffed", "show", "--game", "rem")["dice"] == []
    assert "ann rolls: coin, coin, coin" in " ".join(ok(db, "stuffed", "log").split())


def test_the_help_says_how_to_type_symbols_and_combinations() -> None:
    shown = run(Path("/nonexistent"), "stuffed", "--help").stdout
    for needed in ("c coin", "ch charisma", "charisma:2,intelligence,resource",
                   "ch:2,i,r", "3-kind"):
        assert needed in shown, needed


@pytest.mark.parametrize("width", [40, 120])
def test_the_screens_render_on_a_fixed_width_console(width: int) -> None:
    import io

    from rich.console import Console

    from boardgames.stuffed import Mission, NewGame, Offer, Roll, Seat, Teammate, new_session
    from boardgames.stuffed.odds import best_keep
    from cli.boardgames.stuffed_screens import board, keep_screen

    session = new_session([
        NewGame((Seat("Ann of the very long name", "Kelsier", "charisma"),
                 Seat("Bo", "Vin", "resource")), Mission("The Pits of Hathsin", 4, 2,
                                                         "ch:2,i,r,3-kind")),
        Offer(Teammate("Grunt", "loyal", "resource", "ch:2")),
        Roll("c c c ch ch i b r")])
    console = Console(width=width, file=io.StringIO(), no_color=True, record=True)
    # What the dice can get is the library board's own (boardgames.stuffed.screen).
    console.print(board("Game 1", session.state, width, ["Ann rolls."], "Ann: use the dice."))
    roll = list(session.state.unspent)
    odds = best_keep("ch:2,i,r", roll, rerolls=2)
    console.print(keep_screen(odds, roll, [odds.chance], width))
    text = console.export_text()
    assert widest(text) <= width
    assert "Mission The Pits of Hathsin: 4" in text and "Keep" in text


def test_r_stf_8_odds_start_without_cattrs_the_table_or_rich_for_json() -> None:
    import subprocess
    import sys

    probe = ("import sys; from cli.main import main\n"
             "sys.argv = ['mistborn', 'stuffed', 'odds', 'ch:2,i,r', '-r', '1', '--json']\n"
             "try:\n    main()\nexcept SystemExit as stop:\n    code = stop.code\n"
             "print(code, sorted(m for m in ('cattrs', 'sqlite3', 'rich', 'table') "
             "if m in sys.modules), file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=False, cwd=Path(__file__).resolve().parent.parent)
    assert done.stderr.strip().splitlines()[-1] == "0 []"


def test_r_stf_4_r_stf_5_steal_grunt_my_birden_and_the_sacrifice(db: Path) -> None:
    ok(db, *HEIST)
    ok(db, "stuffed", "roll", "-f", "ch ch r r c c i b")
    ok(db, "stuffed", "recruit", "grunt", "--needs", "ch:2", "-a", "r")
    ok(db, "stuffed", "end-turn")
    ok(db, "stuffed", "offer", "Lurcher", "--mercenary", "-a", "i", "--needs", "i:2")
    ok(db, "stuffed", "roll", "-f", "c c c c c c i i")
    ok(db, "stuffed", "spend", "c:3")
    ok(db, "stuffed", "spend", "c:3")
    ok(db, "stuffed", "recruit", "lurcher")  # Bo: 2 intelligence and 2 coins
    ok(db, "stuffed", "end-turn")
    ok(db, "stuffed", "roll", "-f", "c c c c c c i i")
    ok(db, "stuffed", "buy", "coin")
    ok(db, "stuffed", "buy", "coin")
    stolen = data(db, "stuffed", "steal", "lurch")  # from whoever holds it: Bo
    assert stolen["events"][0]["victim"] == "bo" and stolen["events"][0]["positions"] == [7, 8]
    assert ledger(db, "bo")["mercenaries"] == 0 and ledger(db, "ann")["mercenaries"] == 1
    ok(db, "stuffed", "end-turn")
    ok(db, "stuffed", "roll", "-f", "b b b b b b b b")
    ok(db, "stuffed", "end-turn")
    ok(db, "stuffed", "roll", "-f", "c c c r b e e e")
    # Grunt: the resource die pays, 3 coins are traded for a card (R-STF-4, R-STF-6).
    traded = data(db, "stuffed", "ability", "grunt", "--set", "3-kind")
    assert traded["events"][0] == {"game": "stuffed", "schema": 1, "type": "grunt",
                                   "paid": 4, "positions": [1, 2, 3]}
    # My Birden: the Birden and 3 essence draw 2 cards, and stay unspent.
    birden = data(db, "stuffed", "play", "my", "birden")
    assert birden["events"][0]["birden"] == 5 and birden["events"][0]["positions"] == [6, 7, 8]
    assert ledger(db, "ann")["cards"] == 2
    ok(db, "stuffed", "play", "Sacrifice", "-a", "e")
    team = ledger(db, "ann")["team"]
    assert isinstance(team, list) and team[-1]["kind"] == "sacrifice"
    assert ledger(db, "ann")["teammates"] == 3 and ledger(db, "ann")["cards"] == 1
    ok(db, "stuffed", "discard")
    assert unchanged(db, "stuffed", "discard").startswith(
        "R-STF-4: ann holds 0 Advantage cards: discarding needs 1")


def test_r_stf_4_grunt_trade_that_is_no_3_of_a_kind_says_so(db: Path) -> None:
    """"Grunt Loyal card: This Loyal's ability, "Trade in 3 of a kind for an Advantage
    Card," can only be used for one set of 3 of a kind in a single turn. Birdens cannot
    be used for the 3 of a kind." The set is judged first: "no unspent die shows
    resource" was said while two did."""
    ok(db, *HEIST)
    ok(db, "stuffed", "roll", "-f", "ch ch r r c c i b")
    ok(db, "stuffed", "recruit", "grunt", "--needs", "ch:2", "-a", "r")  # ann's Grunt
    ok(db, "stuffed", "end-turn")
    ok(db, "stuffed", "roll", "-f", "b b b b b b b b")
    ok(db, "stuffed", "end-turn")
    ok(db, "stuffed", "roll", "-f", "c c r r b e e i")
    for dice in (["r", "r", "e"], ["3", "4", "6"]):
        assert unchanged(db, "stuffed", "ability", "Grunt", "--set", *dice) == (
            "R-STF-4: Grunt's trade takes 3 of a kind (not Birdens): die 3 resource, die 4 "
            "resource, die 6 essence are not 3 of a kind (--set)")
    assert unchanged(db, "stuffed", "ability", "Grunt", "--set", "5", "1", "2").endswith(
        "die 5 birden, die 1 coin, die 2 coin are not 3 of a kind (--set)")


def test_r_stf_4_my_birden_refusal_lists_every_unspent_die(db: Path) -> None:
    """"My Birden Advantage card: This card states, "If you roll a Birden and 3 of a
    kind, draw 2 cards." A player can only use this ability for one set of 3 of a kind,
    and the required dice aren't spent." The refusal listed "(4 Bi)", leaving out the
    Birden on die 3."""
    ok(db, *HEIST)
    ok(db, "stuffed", "roll", "-f", "c c b b c e e e")
    ok(db, "stuffed", "spend", "c:3")
    ok(db, "stuffed", "spend", "e:3")
    assert unchanged(db, "stuffed", "play", "My Birden") == (
        "R-STF-4: My Birden: the unspent dice (die 3 birden, die 4 birden) show no 3 of a "
        "kind besides die 3")
