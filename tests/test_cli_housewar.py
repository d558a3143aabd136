"""``mistborn housewar`` (``hw``): a game of House War played from the command line to
its winner on a real table file, with undo; read back by another process and written
by several at once; ``pay`` with and without a game; the Problem grid at 40 and 120
columns; bad input refused on one line, changing nothing."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from cli_support import (
    at_once,
    colour_is_honoured,
    data,
    ok,
    process,
    refused,
    unchanged,
    widest,
)

NEW = ["hw", "new", "--players", "3", "--length", "short", "--houses", "Venture", "Lekal",
       "Hasting"]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "table.db"


def game(db: Path) -> Any:
    return data(db, "hw", "show")


def house(db: Path, name: str) -> Any:
    return next(h for h in game(db)["houses"] if h["name"] == name)


def set_up(db: Path) -> None:
    ok(db, *NEW)
    ok(db, "hw", "sheet", "venture", "2f", "1m", "--cards", "1")  # R-HW-5
    ok(db, "hw", "sheet", "lekal", "1s")
    ok(db, "hw", "sheet", "hasting", "1w")
    ok(db, "hw", "add", "Ashfall", "-u", "2", "--setup", "--cost", "2", "food", "--favor", "4")
    ok(db, "hw", "add", "Riot", "-u", "IV", "--setup")
    ok(db, "hw", "add", "Famine", "--urgency", "1", "--setup")


def test_r_hw_3_a_whole_game_to_its_winner_with_undo(db: Path) -> None:
    set_up(db)
    shown = game(db)
    assert shown["supply"]["atium"] == 6 and shown["track"]["rows"] == 2  # R-HW-5, R-HW-2
    # Turn 1, Venture: its sheet again, as at set-up (R-HW-5).
    ok(db, "hw", "collect")
    assert house(db, "Venture")["resources"]["food"] == 4
    moved = data(db, "hw", "worsen", "famine", "ashfall", "riot")
    assert moved["said"][-1] == "Riot erupts from Urgency IV: apply its eruption effect."
    ok(db, "hw", "unrest", "1")
    ok(db, "hw", "unrest", "-1")
    ok(db, "hw", "undo")  # back to Unrest 1
    assert game(db)["unrest"] == 1
    ok(db, "hw", "add", "Lord Ruler", "-u", "1")
    assert game(db)["lord_ruler_in_play"] is True
    ok(db, "hw", "pass", "--take", "atium")
    ok(db, "hw", "end-turn")
    # Turn 2, Lekal.
    ok(db, "hw", "collect")
    ok(db, "hw", "worsen", "famine", "ash", "lord")
    ok(db, "hw", "add", "Vin", "-u", "4", "--cost", "1", "food", "1", "skaa", "--favor", "5")
    # Lekal cannot pay Ashfall's 2 Food alone from 2 Skaa (R-HW-4).
    assert unchanged(db, "hw", "solve", "ashfall", "--share", "lekal=2f", "--favor",
                     "lekal=4").startswith("R-HW-4: Lekal cannot pay 2 Food alone")
    solved = data(db, "hw", "solve", "ashfall", "--share", "venture=2f", "--favor",
                  "venture=2", "lekal=2")
    assert solved["said"][0].endswith("Favor: Venture 4, Lekal 4 (doubled: the Lord Ruler "
                                      "is in play).")
    ok(db, "hw", "end-turn")
    # Turn 3, Hasting: Vin erupts with Unrest 1: highest score wins; Venture and Lekal
    # tie at 4, and Venture holds more tokens (R-HW-3).
    ok(db, "hw", "collect")
    over = data(db, "hw", "worsen", "famine", "lord", "vin")
    assert over["winners"] == ["Venture"]
    outcome = game(db)["outcome"]
    assert [(s["house"], s["place"], s["score"], s["tokens"]) for s in
            outcome["standings"]] == [("Venture", 1, 4, 5), ("Lekal", 2, 4, 2),
                                      ("Hasting", 3, 0, 2)]
    assert unchanged(db, "hw", "worsen", "famine").startswith(
        "R-HW-1: the game is over (Vin erupted)")
    ok(db, "hw", "undo")
    assert game(db)["outcome"] is None


def test_undo_takes_back_a_whole_step_however_many_problems_it_moved(db: Path) -> None:
    set_up(db)
    ok(db, "hw", "collect")
    before = game(db)
    moved = data(db, "hw", "worsen", "famine", "ashfall", "riot")
    assert len(moved["events"]) == 3 and moved["said"][-1].startswith("Riot erupts")
    undone = data(db, "hw", "undo")
    assert [line.split(":")[0] for line in undone["said"]] == ["Undone"] * 3
    assert "Riot erupts" in undone["said"][0]  # newest first: the way back
    after = game(db)
    assert after.pop("version") == before.pop("version") + 2  # the worsen, the undo
    assert after == before
    log = data(db, "hw", "log")["events"]
    assert sum("undone_by" in line for line in log) == 3
    ok(db, "hw", "undo")  # the step before it: the income
    assert game(db)["houses"] != before["houses"]


def test_r_hw_1_unrest_at_8_ends_the_game_and_the_lowest_score_wins(db: Path) -> None:
    set_up(db)
    ok(db, "hw", "collect")
    ok(db, "hw", "score", "venture", "--disgrace", "2")
    ok(db, "hw", "score", "lekal", "--favor", "3")
    over = data(db, "hw", "unrest", "8")
    assert over["winners"] == ["Venture"]  # score −2 is the lowest
    assert "lowest score wins: Venture wins" in ok(db, "hw", "show", columns=120)


def test_r_hw_4_pay_says_whether_and_how_without_a_game(db: Path) -> None:
    paid = data(db, "hw", "pay", "--hold", "2f", "1m", "1a", "--cost", "3", "food")
    # 2 Food pay 2 icons; the third is 1 Atium (cheaper in tokens than Money + Atium).
    assert paid["can_pay"] is True and paid["how"] == "2 Food, 1 Atium as Food"
    assert paid["keeps"]["money"] == 1
    short = data(db, "hw", "pay", "--hold", "1m", "2f", "1a", "--cost", "3", "food", "1",
                 "skaa")
    assert (short["can_pay"], short["short"]) == (False, 1)
    screen = ok(db, "hw", "pay", "--hold", "2", "money", "--cost", "1", "skaa")
    assert "Pays: 2 Money as Skaa" in screen and widest(screen) <= 40


def test_pay_reads_a_house_and_a_problem_of_the_current_game(db: Path) -> None:
    set_up(db)
    ok(db, "hw", "collect", "--income", "1f", "1m")  # given, not its sheet: 3 Food, 2 Money
    paid = data(db, "hw", "pay", "--house", "ven", "--problem", "ash")
    assert paid["cost"]["food"] == 2 and paid["how"] == "2 Food"
    ok(db, "hw", "cost", "ashfall", "--raise", "1", "skaa")
    paid = data(db, "hw", "pay", "--house", "venture", "--problem", "ashfall")
    assert paid["how"] == "2 Food, 2 Money as Skaa"
    assert refused(db, "hw", "pay", "--house", "venture").startswith("R-HW-4: give the tokens")


def test_a_game_is_seen_by_a_new_process_and_written_by_several_at_once(db: Path) -> None:
    set_up(db)
    ok(db, "hw", "collect")
    at_once(db, [["hw", "score", name, "--favor", "1"]
                 for name in ("venture", "lekal", "hasting") for _ in range(3)])
    shown = process(db, "hw", "show", "--json")
    assert shown.returncode == 0, shown.stderr
    assert [h["favor"] for h in game(db)["houses"]] == [3, 3, 3]


@pytest.mark.parametrize("columns", [40, 120])
def test_the_problem_grid_fits_the_width(db: Path, columns: int) -> None:
    ok(db, "hw", "new", "--players", "4", "--length", "medium", "--houses", "Venture",
       "Lekal", "Hasting", "Tekiel")
    for name, urgency in (("Disobedience", "1"), ("Skaa Rebellion", "2"), ("Ashfall", "4"),
                          ("Famine", "4")):
        ok(db, "hw", "add", name, "-u", urgency, "--setup", "--cost", "1", "food")
    shown = ok(db, "hw", "show", columns=columns)
    assert widest(shown) <= columns, shown
    lines = shown.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("I "))
    assert lines[head].split() == ["I", "II", "III", "IV"]
    assert len(lines[head + 1:head + 4]) == 3  # 4 players: 3 rows, the lowest last
    assert "Famine" in lines[head + 2] and "Ashfall" in lines[head + 3]
    assert "II Skaa Rebellion: cost F1" in shown  # every name in full below the grid
    assert "F10" not in shown.split("Supply")[0]


def test_no_color_is_honoured(db: Path) -> None:
    set_up(db)
    colour_is_honoured(db, "hw", "show")


@pytest.mark.parametrize(("args", "start"), [
    (["score", "zed", "--favor", "1"], "R-HW-5: no House called 'zed'"),
    (["worsen", "zzz"], "R-HW-2: 'zzz' is not on the Problem track"),
    (["end-turn"], "R-HW-2: step 2 first: still to move Famine, Ashfall, Riot"),
    (["pass", "--house", "lekal"], "R-HW-5: it is Venture's turn, not Lekal's"),
    (["add", "Mist", "-u", "9"], "R-HW-2: urgency must be I–IV (1–4), got 9"),
    (["collect", "--income", "2 gold"], "R-HW-5: unknown resource 'gold'"),
    (["transfer", "supply", "venture", "99m"], "R-HW-5: the supply holds"),
    (["solve", "ashfall", "--share", "venture"], "R-HW-4: each is HOUSE=VALUE"),
    (["unrest", "0"], "R-HW-1: Unrest moves by at least 1 space, got 0"),
])
def test_bad_input_is_one_line_naming_the_rule_and_changes_nothing(
        db: Path, args: list[str], start: str) -> None:
    set_up(db)
    assert unchanged(db, "hw", "pass").startswith("R-HW-5: set-up is not over")
    ok(db, "hw", "collect")
    assert unchanged(db, "hw", *args).startswith(start)


def test_the_set_up_is_refused_for_other_player_counts(db: Path) -> None:
    assert refused(db, "hw", "new", "--players", "6", "--length", "short").startswith(
        "R-HW-5: players must be 3–5, got 6")
    assert refused(db, "hw", "new", "--players", "3", "--length", "endless").startswith(
        "length must be one of short, medium, long")
    assert refused(db, "hw", "show").startswith("no table at")  # read only: none made
    assert refused(db, "hw", "add", "Ashfall").startswith(
        "R-HW-5: there is no game of House War")


@pytest.mark.parametrize("width", [40, 120])
def test_the_board_renders_on_a_fixed_width_console(width: int) -> None:
    import io

    from rich.console import Console

    from boardgames.housewar import AddProblem, new_game
    from cli.boardgames.housewar_screens import board

    session = new_game(5, "long", ["Venture", "Lekal", "Hasting", "Tekiel", "Erikeller"])
    for name, urgency in (("Disobedience in the Canton of Orthodoxy", 1), ("Riot", 1),
                          ("Ashfall", 1), ("Famine", 1), ("Mist", 3)):
        session.push(AddProblem(name, urgency=urgency, reason="setup"))
    console = Console(width=width, file=io.StringIO(), no_color=True, record=True)
    console.print(board("Game 1", session.state, width, ["Mist is placed."], "collect"))
    text = console.export_text()
    assert widest(text) <= width
    # Column I is full (3 rows with 5 players): the fourth Problem moved right.
    assert "II Famine" in text and "  I Disobedience in the Canton of" in text
    assert "Disobedi… Famine    Mist" in text or "Disobedience in the Canton" in text


def test_r_hw_2_the_deck_says_which_problem_is_drawn_next() -> None:
    import io

    from rich.console import Console

    from boardgames.housewar import AddProblem, Collect, MoveProblem, Sheet, new_game
    from cli.boardgames.housewar_screens import board

    session = new_game(3, "short", ["Venture", "Lekal", "Hasting"])
    for house_name in ("Venture", "Lekal", "Hasting"):
        session.push(Sheet(house_name))
    for name in ("Alpha", "Beta", "Gamma"):
        session.push(AddProblem(name, urgency=1, reason="setup"))
    session.push(Collect("Venture"))
    session.push(MoveProblem("Beta", by=-1))  # off column I: onto the deck
    session.push(MoveProblem("Alpha", by=-3))  # onto the deck after it: drawn first
    assert session.state.deck_top[-1] == "Alpha"
    console = Console(width=40, file=io.StringIO(), no_color=True, record=True)
    console.print(board("Game 1", session.state, 40, [], "collect"))
    text = " ".join(console.export_text().split())
    assert "On the deck: Alpha (drawn next), then Beta" in text


# --- a whole game with set-up collection and hidden scores (R-HW-5, R-HW-6) -----------------


def _table_sees_no_score(db: Path) -> None:
    """R-HW-6: the shared board (``show --table``) holds no score and no face-down card,
    in JSON and on the screen."""
    shown = data(db, "hw", "show", "--table", "--last", "100")
    for house_shown in shown["houses"]:
        assert house_shown["favor"] is house_shown["disgrace"] is house_shown["score"] is None
        assert house_shown["face_down"] is None
    text = json.dumps(shown) + ok(db, "hw", "show", "--table", "--last", "100",
                                  columns=120)
    assert "Financial Heir" not in text and "Honor Hostage" not in text
    said = " ".join(shown["last"])
    assert "score" not in said  # no sentence tells a score
    assert not re.search(r"Favor: \w+ \d|\d (Favor|Disgrace)", said)  # nor a gain


def test_r_hw_5_r_hw_6_four_houses_play_to_final_scoring_the_table_seeing_no_score(
        db: Path) -> None:
    step = _stepper(db)
    # Seated Lekal, Tekiel, Venture, Hasting: Venture is highest on the House list, so
    # it takes the first turn, and play goes on to Hasting, Lekal, Tekiel (R-HW-5).
    started = data(db, "hw", "new", "--players", "4", "--length", "short", "--houses",
                   "Lekal", "Tekiel", "Venture", "Hasting")
    assert started["active"] == "Venture"
    step("sheet", "venture", "2f", "1m", "--cards", "1")
    step("sheet", "hasting", "1p", "1w")
    step("sheet", "lekal", "2s")
    step("sheet", "tekiel", "1m", "1f", "1p")
    assert game(db)["supply"] == {"money": 8, "food": 7, "prestige": 8, "skaa": 8,
                                  "warriors": 9, "atium": 7}
    step("add", "Ashfall", "-u", "1", "--setup", "--cost", "2", "food", "--favor", "4")
    step("add", "Riot", "-u", "2", "--setup", "--cost", "1", "skaa", "1", "warriors")
    step("add", "Famine", "-u", "3", "--setup")
    step("add", "Disobedience", "-u", "1", "--setup", "--cost", "2", "skaa", "--favor", "6")
    # Turn 1, Venture: its sheet again, as only the first Active House does.
    assert step("collect")[0] == ("Venture collects 1 Money, 2 Food and draws 1 "
                                  "Personality card.")
    assert house(db, "Venture")["resources"]["food"] == 4
    assert house(db, "Hasting")["resources"] == {"money": 0, "food": 0, "prestige": 1,
                                                 "skaa": 0, "warriors": 1, "atium": 0}
    step("worsen", "famine", "riot", "ashfall", "disobedience")
    step("add", "The Lord Ruler", "-u", "1")
    said = step("solve", "ashfall", "--share", "venture=2f", "--favor", "venture=4")
    assert said[0].endswith("Favor: Venture 8 (doubled: the Lord Ruler is in play).")
    step("face-down", "venture", "Financial", "Heir")
    step("end-turn")
    # Turn 2, Hasting: Famine erupts; its Disgrace is doubled and face down.
    step("collect")
    step("worsen", "famine", "riot", "disobedience", "lord")
    step("score", "hasting", "--disgrace", "1", "--source", "Famine")
    step("add", "Plague", "-u", "1")
    step("pass", "--take", "atium")
    step("end-turn")
    # Turn 3, Lekal: Riot erupts and ruins a Skaa on Lekal's sheet.
    step("collect")
    step("worsen", "riot", "disobedience", "lord", "plague")
    step("ruin", "lekal", "1s")
    step("add", "Vin", "-u", "4")
    step("solve", "disobedience", "--share", "lekal=2s", "--favor", "lekal=5", "venture=1")
    step("end-turn")
    # Turn 4, Tekiel: Lekal's ruined Skaa is no longer collected on its next turn.
    assert house(db, "Lekal")["income"]["skaa"] == 1
    step("collect")
    over = data(db, "hw", "worsen", "vin")  # Vin erupts with Unrest 0: highest wins
    assert over["winners"] is None  # Venture's face-down card is still to reveal
    assert "reveal Venture's Financial Heir" in over["next"]
    over = data(db, "hw", "reveal", "venture", "Financial", "Heir", "--favor", "2")
    # Venture 8 + 2 + 4 = 14 beats Lekal's 10; Hasting −2; Tekiel 0 (R-HW-3).
    assert over["winners"] == ["Venture"]
    final = data(db, "hw", "show", "--table")
    assert [(h["name"], h["favor"], h["disgrace"], h["score"]) for h in final["houses"]] == [
        ("Lekal", 10, 0, 10), ("Tekiel", 0, 0, 0), ("Venture", 14, 0, 14),
        ("Hasting", 0, 2, -2)]
    venture = next(b for b in final["outcome"]["breakdown"] if b["house"] == "Venture")
    assert venture["favor_by"] == [["Ashfall", 8], ["Disobedience", 2],
                                   ["Financial Heir revealed", 4]]
    assert venture["doubled"] == 7 and venture["revealed"] == ["Financial Heir"]
    screen = ok(db, "hw", "show", "--table", columns=120)
    assert ("Venture: score 14 = Favor 14 (Ashfall 8, Disobedience 2, Financial Heir "
            "revealed 4) − Disgrace 0; the Lord Ruler doubled 7 of it; revealed Financial "
            "Heir.") in " ".join(screen.split())


def _stepper(db: Path) -> Any:
    """A step of the game: the command's sentences, after which the shared board still
    shows no score (R-HW-6)."""

    def step(*args: str) -> list[str]:
        said: list[str] = data(db, "hw", *args)["said"]
        _table_sees_no_score(db)
        return said

    return step


def test_r_hw_6_show_as_a_player_and_the_hosts_mark(db: Path) -> None:
    set_up(db)
    ok(db, "hw", "collect")
    ok(db, "hw", "score", "lekal", "--favor", "3")
    ok(db, "hw", "face-down", "venture", "Heir")
    mine = data(db, "hw", "show", "--house", "ven")
    venture, lekal = mine["houses"][0], mine["houses"][1]
    assert (venture["score"], venture["face_down"]) == (0, ["Heir"])
    assert (lekal["score"], lekal["hidden"]) == (None, True)
    host = " ".join(ok(db, "hw", "show", columns=120).split())
    assert "hidden from players until the end (R-HW-6)" in host and "face down: Heir" in host
    assert "Other Houses' scores and face-down cards stay hidden" in " ".join(
        ok(db, "hw", "show", "--house", "lekal", columns=120).split())


def test_r_hw_5_new_names_the_first_active_house_by_the_list_or_as_told(db: Path) -> None:
    told = data(db, "hw", "new", "--players", "3", "--length", "short", "--houses", "Lekal",
                "Hasting", "Tekiel")
    assert told["active"] == "Hasting"  # highest on the House list of the three
    assert told["said"][0].startswith("A 3-player short game begins (1 pile above Vin): "
                                      "Lekal, Hasting and Tekiel, in turn order; Hasting "
                                      "takes the first turn;")
    assert data(db, "hw", "new", "--players", "3", "--length", "short", "--houses", "Lekal",
                "Hasting", "Tekiel", "--first", "tek")["active"] == "Tekiel"
    assert refused(db, "hw", "new", "--players", "3", "--length", "short", "--first",
                   "Kredik").startswith("R-HW-5: the first Active House 'Kredik' is not one "
                                        "of the Houses (House 1, House 2, House 3)")


def test_r_hw_5_tokens_are_read_whole_by_the_game_not_split_at_commas(tmp_path: Path) -> None:
    # "2 food, 1 atium" is how tokens are written; a comma inside one ("2,food") is a
    # slip the game names, not a second token.
    db = tmp_path / "table.db"
    ok(db, "hw", "new", "--players", "3", "--length", "short", "--houses", "Lekal",
       "Venture", "Hasting")
    assert "cannot read '2' in '2,food'" in refused(db, "hw", "add", "Ashfall", "-u", "1",
                                                    "--setup", "--cost", "2,food")
    ok(db, "hw", "add", "Ashfall", "-u", "1", "--setup", "--cost", "2", "food,", "1", "skaa")


def _vin_at_iv(db: Path) -> None:
    """Venture's first turn, income collected, with Vin at Urgency IV."""
    ok(db, *NEW)
    for name, tokens in (("venture", "2f"), ("lekal", "1s"), ("hasting", "1w")):
        ok(db, "hw", "sheet", name, tokens)
    ok(db, "hw", "add", "Vin", "-u", "4", "--setup")
    ok(db, "hw", "add", "Theft", "-u", "1", "--setup")
    ok(db, "hw", "add", "Mist", "-u", "2", "--setup")
    ok(db, "hw", "collect")


def test_r_hw_3_vin_erupting_in_step_2_ends_the_game_at_once(db: Path) -> None:
    """"When any of the following occurs, the game immediately ends and scores are
    totaled. [...] If the Vin Problem erupts and the ending Unrest score is 7 or lower,
    the Final Empire is (just barely) saved and the player with the highest score wins
    the game." The Problems named after Vin stay where they are."""
    _vin_at_iv(db)
    ok(db, "hw", "score", "lekal", "--favor", "2")
    over = data(db, "hw", "worsen", "Vin", "Theft", "Mist")
    assert len(over["events"]) == 1 and over["winners"] == ["Lekal"]
    assert over["said"][0].startswith("Vin erupts from Urgency IV. The game is over: Vin "
                                      "erupted with Unrest 0")
    columns = game(db)["track"]["columns"]
    assert columns[0][0] == "Theft" and columns[1][0] == "Mist"


def test_r_hw_1_after_the_winner_is_announced_no_step_changes_the_game(db: Path) -> None:
    """"When any of the following occurs, the game immediately ends and scores are
    totaled. No further cards may be played, and no further deals may be made." Only
    reading and the host's undo remain (R-HW-1 ruling)."""
    _vin_at_iv(db)
    ok(db, "hw", "score", "venture", "--favor", "2")
    assert data(db, "hw", "worsen", "vin")["winners"] == ["Venture"]
    for args in (("unrest", "2"), ("score", "Lekal", "--favor", "1"),
                 ("transfer", "supply", "lekal", "1f"), ("advisor", "lekal", "1m"),
                 ("timer", "3")):
        assert unchanged(db, "hw", *args) == (
            "R-HW-1: the game is over (Vin erupted): no further cards may be played, nor "
            "deals made; the scores are final"), args
    assert game(db)["outcome"]["winners"] == ["Venture"]
    assert "highest score wins: Venture wins" in ok(db, "hw", "show", columns=120)
    ok(db, "hw", "undo")  # the host's
    assert game(db)["outcome"] is None


def test_r_hw_5_a_short_supply_is_stolen_while_another_house_holds_it(db: Path) -> None:
    """"If there isn't enough of a resource in the supply, you may STEAL the missing
    resources from the other players, in any combination you wish." — "If there aren't
    enough resources in the supply or among all other players [...] The balance is
    lost." """
    set_up(db)
    ok(db, "hw", "transfer", "supply", "lekal", "5", "food")  # the supply: 1 Food left
    message = unchanged(db, "hw", "collect")
    assert message == (
        "R-HW-5: the supply leaves Venture short 1 Food of its income, and other Houses "
        "hold 1 Food of it (Lekal 1 Food): Venture steals it from them, in any "
        "combination; only what no other House holds is lost (--steal)")
    collected = data(db, "hw", "collect", "--steal", "lekal=1f")
    assert collected["said"][0].startswith("Venture collects 1 Money, 2 Food, stealing "
                                           "1 Food from Lekal")


def test_r_hw_5_a_sheet_names_its_tokens(db: Path) -> None:
    """"All players immediately collect the resources and the number of Personality
    cards shown along the sides of their House sheet." (R-HW-5): the sheet's tokens are
    given, ``none`` for a sheet that shows none; left out, nothing is written."""
    ok(db, *NEW)
    assert unchanged(db, "hw", "sheet", "venture", "--cards", "1") == (
        "sheet needs TOKENS")
    ok(db, "hw", "sheet", "venture", "none", "--cards", "1")
    assert house(db, "Venture")["resources"] == game(db)["houses"][1]["resources"]


def test_r_hw_5_collect_before_set_up_names_the_missing_sheets_first(db: Path) -> None:
    """"All players immediately collect the resources and the number of Personality
    cards shown along the sides of their House sheet." comes before "Draw 1 Problem
    card per player." (set-up, steps 6 and 7)."""
    ok(db, *NEW)
    ok(db, "hw", "sheet", "venture", "2f")
    assert unchanged(db, "hw", "collect") == (
        "R-HW-5: every House collects its sheet at set-up first (still to collect: Lekal, "
        "Hasting), then 1 Problem per player is placed (0 of 3 so far)")
    ok(db, "hw", "sheet", "lekal", "1s")
    ok(db, "hw", "sheet", "hasting", "1w")
    assert unchanged(db, "hw", "collect") == (
        "R-HW-2: set-up places 1 Problem per player first (0 of 3)")
