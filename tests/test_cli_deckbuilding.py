"""``mistborn deckbuilding`` (``dbg``): a competitive game and a co-op game played from
the command line to their ends on a real table file, with undo; read back by another
process and written by several at once; the same screens, sentences and refusals in
Polish with ``--lang pl`` or a Polish locale (R-DBG-8); screens at 40 and 120 columns;
bad input refused on one line, changing nothing."""

from __future__ import annotations

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
    run,
    unchanged,
    widest,
)

FOUR = ["dbg", "new", "--players", "Vin", "Kelsier", "Marsh", "Elend"]
POLISH = {"LANG": "pl_PL.UTF-8"}


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "table.db"


def board(db: Path, *args: str) -> Any:
    return data(db, "dbg", "show", *args)


def health(db: Path) -> dict[str, int]:
    return {p["name"]: p["health"] for p in board(db)["players"]}


def test_r_dbg_7_a_competitive_game_to_the_last_player_standing(db: Path) -> None:
    started = data(db, *FOUR)
    # R-DBG-1: 36, +2, +4, +4 and a Boxing; the last seat holds the Target (R-DBG-4).
    assert health(db) == {"Vin": 36, "Kelsier": 38, "Marsh": 40, "Elend": 40}
    assert board(db)["target"] == "Elend" and started["player"] == "Vin"
    ok(db, "dbg", "points", "4")
    ok(db, "dbg", "spend", "2", "1", "1")
    ok(db, "dbg", "coins", "4")
    ok(db, "dbg", "boxings", "buy", "2")  # R-DBG-5: 2 coins each
    assert [p["boxings"] for p in board(db)["players"]] == [2, 0, 0, 1]
    assert unchanged(db, "dbg", "attack", "10").startswith(
        "R-DBG-11: Vin has 0 damage points left to use this turn, not 10")
    ok(db, "dbg", "combat", "10")  # the turn's damage (R-DBG-11)
    ok(db, "dbg", "attack", "10")  # at the Target's holder
    assert health(db)["Elend"] == 30
    ok(db, "dbg", "pass", "kel")  # Elend took damage from another player: may pass
    ok(db, "dbg", "end-turn")
    # Kelsier holds the Target: his damage hits everyone else in full, less what each
    # one blocks (R-DBG-4).
    ok(db, "dbg", "combat", "8")
    ok(db, "dbg", "attack", "8", "--blocked", "marsh=3")
    assert health(db) == {"Vin": 28, "Kelsier": 38, "Marsh": 35, "Elend": 22}
    ok(db, "dbg", "undo")
    assert health(db)["Vin"] == 36
    ok(db, "dbg", "attack", "8", "-b", "marsh=3")
    ok(db, "dbg", "end-turn")
    # Marsh eliminates the holder; he picks the next holder, who takes the 2 left over.
    ok(db, "dbg", "combat", "40")
    said = data(db, "dbg", "attack", "40")["said"][0]
    assert said.endswith("Kelsier is out of the game; Marsh chooses who takes the Target "
                         "and 2 damage left over.")
    assert unchanged(db, "dbg", "end-turn").startswith(
        "R-DBG-4: Marsh must first choose who takes the Target")
    ok(db, "dbg", "target", "elend")
    assert health(db)["Elend"] == 20 and board(db)["target"] == "Elend"
    ok(db, "dbg", "end-turn")
    assert board(db)["turn"]["player"] == "Elend"  # Kelsier is out: skipped
    ok(db, "dbg", "damage", "vin", "28")  # 2 players left: the Target leaves
    assert board(db)["target"] is None
    ok(db, "dbg", "combat", "35")
    won = data(db, "dbg", "attack", "35")
    assert won["result"]["reason"] == "last_standing"
    assert won["result"]["winners"] == ["Elend"]
    assert unchanged(db, "dbg", "heal", "elend", "1").startswith(
        "R-DBG-7: the game is over")


def test_r_dbg_2_a_co_op_game_against_the_lord_ruler(db: Path) -> None:
    ok(db, "dbg", "new", "-p", "Vin", "Elend", "--coop")
    lord = board(db)["lord_ruler"]
    assert (lord["health"], lord["dominance"], lord["deck"]) == (48, 1, 36)
    assert health(db) == {"Vin": 36, "Elend": 36}  # no seat bonus in co-op
    ok(db, "dbg", "combat", "20")
    ok(db, "dbg", "lord", "attack", "20")
    ok(db, "dbg", "adversary", "Inquisitor", "5", "x")
    # R-DBG-11: the Lord Ruler card is drawn after the turn's attacks.
    assert unchanged(db, "dbg", "shield", "inq", "5").startswith(
        "R-DBG-11: Vin has drawn the Lord Ruler card")
    ok(db, "dbg", "end-turn")
    ok(db, "dbg", "combat", "5")
    ok(db, "dbg", "shield", "inq", "5")  # the leftmost shield, by name's beginning
    assert unchanged(db, "dbg", "shield", "1", "0").startswith("R-DBG-6: the damage must be")
    assert unchanged(db, "dbg", "end-turn").startswith(
        "R-DBG-2: Elend must draw a Lord Ruler card before the turn ends")
    ok(db, "dbg", "edict", "--ups", "1", "--rows", "5")
    ok(db, "dbg", "undo")  # the row showed 3, not 5
    lord = board(db)["lord_ruler"]
    assert (lord["dominance"], lord["deck"]) == (1, 35)
    ok(db, "dbg", "edict", "--ups", "1", "--rows", "3")
    lord = board(db)["lord_ruler"]
    # Dominance is the highest row shown; healing 10 per Mission no one completed,
    # never above 48 (R-DBG-2).
    assert (lord["health"], lord["dominance"], lord["deck"]) == (48, 3, 34)
    adversary = lord["adversaries"][0]
    assert (adversary["name"], adversary["destroyed"]) == ("Inquisitor", 1)
    assert unchanged(db, "dbg", "shield", "1", "2").startswith(
        "R-DBG-6: shield 2 of Inquisitor needs at least 3 damage, got 2")
    ok(db, "dbg", "end-turn")
    ok(db, "dbg", "combat", "51")
    ok(db, "dbg", "shield", "1", "3")  # X reads the Dominance: 3
    assert board(db)["lord_ruler"]["defeated"] == 1
    won = data(db, "dbg", "lord", "attack", "48")
    assert won["result"] == {"reason": "lord_ruler_defeated", "winners": ["Vin", "Elend"],
                             "text": "the players win: the Lord Ruler is at 0"}


def test_r_dbg_8_polish_with_lang_pl_and_with_a_polish_locale(db: Path) -> None:
    started = ok(db, *FOUR, "--lang", "pl")
    assert "nowa gra rywalizacyjna" in started.lower() and "cel ma Elend" in started
    # The default name in Polish too, saying which game it is, as the English one does.
    assert started.startswith("Budowanie talii 1:\n")
    said = ok(db, "dbg", "points", "3", env=POLISH, columns=100)  # one line: unwrapped
    assert said.startswith("Vin zdobywa 3 punkty misji (do wydania: 3).")
    assert "Dalej: tura 1 — Vin" in said
    screen = ok(db, "dbg", "show", env=POLISH)
    for term in ("Zdrowie", "Skrz.", "cel", "Misja 1", "obszar startowy", "▶ teraz gra"):
        assert term in screen, term
    english = ok(db, "dbg", "show", "--lang", "en", env=POLISH)  # --lang wins
    assert "Health" in english and "Zdrowie" not in english
    assert refused(db, "dbg", "spend", "3", "0", "1", env=POLISH) == (
        "R-DBG-3: Vin ma do wydania 3 punkty misji, nie 4")
    assert refused(db, "dbg", "--lang", "pl", "heal", "zed", "2") == (
        "R-DBG-1: nie ma gracza 'zed' (gracze: Vin, Kelsier, Marsh i Elend)")
    assert refused(db, "dbg", "--lang", "pl", "lord", "attack", "3") == (
        "R-DBG-2: w grze rywalizacyjnej nie ma Ostatniego Imperatora (tylko w grze "
        "kooperacyjnej i solo)")
    assert refused(db, "dbg", "show", "--game", "zzz", env=POLISH).startswith(
        "nie ma gry 'zzz'")
    ok(db, "dbg", "undo", env=POLISH)
    assert refused(db, "dbg", "undo", "--lang", "pl") == (
        "R-DBG-1: zostało tylko przygotowanie gry, którego się nie cofa: zacznij nową grę "
        "poleceniem mistborn deckbuilding new --players NAMES…")
    coop = ok(db, "dbg", "new", "-g", "Razem", "-p", "Vin", "Elend", "--coop", env=POLISH,
              columns=200)  # the sentence on one line
    assert "Ostatni Imperator: 48 punktów zdrowia, dominacja 1, w talii 36 kart" in coop
    edict = data(db, "dbg", "edict", "--rows", "2", env=POLISH)["said"][0]
    assert edict.startswith("Vin dobiera edykt: dominacja wzrasta o 1 rząd, 1 → 2")
    assert "Ostatni Imperator" in ok(db, "dbg", "show", env=POLISH)


def test_r_dbg_8_no_game_yet_is_said_in_polish(db: Path) -> None:
    assert refused(db, "dbg", "points", "2", env=POLISH) == (
        "R-DBG-1: w bazie nie ma jeszcze gry: zacznij ją poleceniem mistborn "
        "deckbuilding new --players NAMES…")
    assert refused(db, "dbg", "points", "2").startswith(
        "R-DBG-1: there is no Deckbuilding Game in the table yet")


def test_r_dbg_3_mission_points_split_between_tracks_by_number_or_name(db: Path) -> None:
    ok(db, "dbg", "new", "-p", "Vin", "Marsh", "--missions", "Pits:4,8", "Luthadel",
       "Kredik")
    ok(db, "dbg", "points", "6")
    spent = data(db, "dbg", "spend", "pits=4", "3=2")
    assert spent["events"][0]["points"] == [4, 0, 2]
    assert "reaches the step 4 reward of Mission 1 (Pits) with its first-player reward" \
        in spent["said"][0]
    tracks = board(db)["missions"]
    assert tracks[0]["steps"] == {"Vin": 4, "Marsh": 0}
    assert tracks[0]["highest"] == ["Vin"] and tracks[0]["lowest"] == []
    ok(db, "dbg", "sense", "2", "--by", "marsh")
    ok(db, "dbg", "points", "3")  # 2 of them cancelled by the Sense
    assert board(db)["players"][0]["mission_points"] == 1


def test_a_game_is_seen_by_a_new_process_and_written_by_several_at_once(db: Path) -> None:
    ok(db, *FOUR)
    at_once(db, [["dbg", "damage", name, "3"] for name in ("vin", "kel", "marsh", "elend")]
            + [["dbg", "atium", "gain", "-p", "vin"] for _ in range(4)])
    shown = process(db, "dbg", "show", "--json")
    assert shown.returncode == 0, shown.stderr
    assert health(db) == {"Vin": 33, "Kelsier": 35, "Marsh": 37, "Elend": 37}
    assert board(db)["players"][0]["atium"] == 4
    polish = process(db, "dbg", "show", LANG="pl_PL.UTF-8")
    assert "Zdrowie" in polish.stdout and polish.returncode == 0


@pytest.mark.parametrize("columns", [40, 120])
@pytest.mark.parametrize("lang", ["en", "pl"])
def test_screens_fit_the_width(db: Path, columns: int, lang: str) -> None:
    ok(db, "dbg", "new", "-p", "Vin", "Kelsier Venture", "Marsh", "--coop")
    ok(db, "dbg", "adversary", "Steel Inquisitor", "5", "X", "8")
    ok(db, "dbg", "points", "3")
    ok(db, "dbg", "spend", "3", "0", "0")
    shown = ok(db, "dbg", "show", "--lang", lang, columns=columns)
    assert widest(shown) <= columns, shown
    assert "▶ Vin" in shown


def test_no_color_is_honoured(db: Path) -> None:
    ok(db, *FOUR)
    colour_is_honoured(db, "dbg", "show")


@pytest.mark.parametrize(("args", "start"), [
    (["damage", "vin", "-3"], "R-DBG-1: the amount must be a whole number 1–999, got -3"),
    (["damage", "vin", "x"], "R-DBG-1: the amount must be a whole number 1–999, got 'x'"),
    (["heal", "zed", "2"], "R-DBG-1: no player called 'zed'"),
    (["spend", "1", "2"], "R-DBG-3: Mission points are spent as 3 whole numbers"),
    (["spend", "4=1"], "R-DBG-3: no Mission '4' (Missions: 1, 2 and 3)"),
    (["points", "2", "-p", "marsh"], "R-DBG-3: it is Vin's turn, not Marsh's"),
    (["coins", "-2"], "R-DBG-5: Vin has 0 coins this turn, not 2"),
    (["pass", "marsh"], "R-DBG-4: Elend may pass the Target only after"),
    (["lord", "attack", "3"], "R-DBG-2: there is no Lord Ruler in a competitive game"),
    (["attack", "5", "--blocked", "vin"], "R-DBG-4: the damage blocked must be a list, got 'vin'"),
])
def test_bad_input_is_one_line_naming_the_rule_and_changes_nothing(
        db: Path, args: list[str], start: str) -> None:
    ok(db, *FOUR)
    assert unchanged(db, "dbg", *args).startswith(start)


def test_the_alias_and_the_long_name_are_the_same_group(db: Path) -> None:
    ok(db, "deckbuilding", "new", "-p", "Vin", "Marsh")
    assert data(db, "dbg", "list")[0]["name"] == "Deckbuilding 1"
    assert "Start:" in run(db, "dbg", "--help").stdout


@pytest.mark.parametrize("width", [40, 120])
def test_the_board_renders_on_a_fixed_width_console(width: int) -> None:
    import io

    from rich.console import Console

    from boardgames import deckbuilding as dbg

    game = dbg.start(["Vin", "Kelsier", "Marsh", "Elend"]).state
    console = Console(width=width, file=io.StringIO(), no_color=True, record=True)
    console.print(dbg.drawn(game, name="Game 1", lang="pl"))
    text = console.export_text()
    assert widest(text) <= width and "Zdrowie" in text


def test_r_dbg_8_the_list_and_the_log_speak_polish_too(db: Path) -> None:
    ok(db, *FOUR)
    ok(db, "dbg", "heal", "vin", "2")
    said = " ".join(ok(db, "dbg", "log", "--lang", "pl").split())
    assert "Vin odzyskuje 2 punkty zdrowia" in said
    assert data(db, "dbg", "list", "--lang", "pl")[0]["summary"] == "tura 1, gra Vin"


def test_r_dbg_2_a_dominance_row_out_of_range_names_the_rules_range(db: Path) -> None:
    ok(db, "dbg", "new", "-p", "Vin", "Elend", "--coop")
    for row in ("-1", "9"):
        assert unchanged(db, "dbg", "dominance", "--", row) == (
            f"R-DBG-2: the Dominance shown must be a whole number 0–6, got {row} (ROW)")


def _training(db: Path) -> dict[str, tuple[int, int, list[str], int]]:
    return {p["name"]: (p["training"], p["burns"], p["flared"], p["atium"])
            for p in board(db)["players"]}


def test_r_dbg_9_to_11_a_whole_co_op_game_with_training_metals_and_damage(db: Path) -> None:
    ok(db, "dbg", "new", "-p", "Vin", "Elend", "Sazed", "--coop")
    # R-DBG-9: every cube on step 1, the first player's moved up as the turn starts.
    assert _training(db) == {"Vin": (2, 1, [], 0), "Elend": (1, 1, [], 0),
                             "Sazed": (1, 1, [], 0)}
    ok(db, "dbg", "burn", "tin")
    assert unchanged(db, "dbg", "burn", "iron").startswith(  # R-DBG-10: 1 Burn a turn
        "R-DBG-10: Vin has used all 1 Burn allowed this turn: Flare iron instead")
    ok(db, "dbg", "flare", "iron")
    assert "Flared: iron" in ok(db, "dbg", "show")
    ok(db, "dbg", "combat", "7")
    assert unchanged(db, "dbg", "lord", "attack", "8").startswith(  # R-DBG-11
        "R-DBG-11: Vin has 7 damage points left to use this turn, not 8")
    ok(db, "dbg", "lord", "attack", "7")
    ok(db, "dbg", "edict", "--rows", "2")
    assert unchanged(db, "dbg", "lord", "attack", "1").startswith(
        "R-DBG-11: Vin has drawn the Lord Ruler card")
    ok(db, "dbg", "end-turn")
    # Elend: completes Mission 1 (the Lord Ruler heals 10 less at each Edict).
    ok(db, "dbg", "points", "12")
    ok(db, "dbg", "spend", "12", "0", "0")
    ok(db, "dbg", "combat", "4")
    ok(db, "dbg", "lord", "attack", "4")
    ok(db, "dbg", "adversary", "Inquisitor", "2", "X")
    said = ok(db, "dbg", "end-turn", columns=100)  # the sentence on one line
    assert "Sazed moves up the Training track, step 1 → 2: ability I unlocked." in said
    # Sazed: shared damage split among the three; the Inquisitor's shields, one total.
    split = data(db, "dbg", "collective", "9")
    assert len(split["said"]) == 3
    assert {p["name"]: p["health"] for p in board(db)["players"]} == {
        "Vin": 33, "Elend": 33, "Sazed": 33}
    ok(db, "dbg", "combat", "10")
    ok(db, "dbg", "shield", "inq", "2")
    assert unchanged(db, "dbg", "shield", "1", "9").startswith("R-DBG-11")  # 8 left
    ok(db, "dbg", "shield", "1", "2")  # X reads Dominance 2
    assert board(db)["lord_ruler"]["defeated"] == 1
    ok(db, "dbg", "lord", "attack", "6")
    assert board(db)["turn"]["damage"] == 0
    ok(db, "dbg", "edict", "--rows", "3")
    ok(db, "dbg", "end-turn")
    # Vin again: step 3 gives an Atium token; the Flared iron waits to be refreshed.
    assert _training(db)["Vin"] == (3, 1, ["iron"], 1)
    assert unchanged(db, "dbg", "burn", "iron").startswith(
        "R-DBG-10: Vin's iron token is Flared: refresh it first")
    ok(db, "dbg", "refresh", "iron")
    ok(db, "dbg", "burn", "iron")
    assert unchanged(db, "dbg", "burn", "atium").startswith(  # Atium takes a Burn
        "R-DBG-5: Vin has 0 Burns left this turn")
    ok(db, "dbg", "burns", "1")
    ok(db, "dbg", "burn", "atium")
    assert _training(db)["Vin"] == (3, 2, [], 0)
    ok(db, "dbg", "combat", "60")
    won = data(db, "dbg", "lord", "attack", "48")
    assert won["result"] == {"reason": "lord_ruler_defeated",
                             "winners": ["Vin", "Elend", "Sazed"],
                             "text": "the players win: the Lord Ruler is at 0"}


def test_r_dbg_8_the_commands_help_in_polish(db: Path) -> None:
    from cli.boardgames.deckbuilding import deckbuilding
    from cli.boardgames.deckbuilding_pl import COMMANDS

    group = ok(db, "dbg", "--help", env=POLISH)
    assert group.startswith("Użycie: ") and " dbg [OPTIONS] COMMAND [ARGS]..." in group
    assert "Mistborn: gra deckbuildingowa obok kart" in group and "Polecenia:" in group
    assert "  spend       Wydaj punkty misji na 3 tory." in group
    assert {name for name, _short in deckbuilding.listing()} == set(COMMANDS)
    for name in COMMANDS:
        page = ok(db, "dbg", "--lang", "pl", name, "--help", columns=100)
        assert page.startswith("Użycie: ") and f" dbg {name} " in page and "Opcje:" in page
        assert COMMANDS[name][1][:40] in " ".join(page.split()), name
        english = re.compile(r"\b(the|Show|Who|Which|turn|Mission|Lord)\b")
        assert not english.search(page.split("\n", 1)[1]), (name, page)  # past the usage
    # English stays as it was, in the same process too.
    assert ok(db, "dbg", "spend", "--help").startswith("Usage: ")
    assert "Spend Mission points on the 3 tracks" in ok(db, "dbg", "--help")


# --- a player's own log, the turn's last damage, Flaring, the help in Polish ------------


def test_r_dbg_1_a_players_log_holds_every_attack_on_them(db: Path) -> None:
    """The rulebook: "✖ assigned from other players reduces your health ... Once a
    player's health is reduced to zero, they are out of the game." log --player C
    holds every step that changed C — the attacks on C, the eliminating blow
    included — though their commands name only the attacker."""
    ok(db, "dbg", "new", "--players", "A", "B", "C")
    ok(db, "dbg", "combat", "5")
    ok(db, "dbg", "attack", "5")  # at C, who holds the Target
    ok(db, "dbg", "pass", "a")  # C took damage from A: passes the Target to A
    for _ in range(3):
        ok(db, "dbg", "end-turn")
    ok(db, "dbg", "combat", "35")
    ok(db, "dbg", "attack", "35")  # A holds the Target: hits B and C in full
    theirs = data(db, "dbg", "log", "--player", "C")
    texts = [line["text"] for line in theirs["events"]]
    assert theirs["player"] == "C"
    assert "A attacks C, who holds the Target, with 5 damage: C 40 → 35; C may pass the " \
           "Target." in texts
    assert texts[-1].startswith("A, holding the Target, deals 35 damage to every other "
                                "player: B 38 → 3 and C 35 → 0; C is out of the game")
    assert not any(text.startswith("A gains") for text in texts)  # A's own, not C's
    said = " ".join(ok(db, "dbg", "log", "-p", "c", columns=80).split())
    assert "C 35 → 0; C is out of the game" in said


def test_r_dbg_11_no_damage_is_gained_after_the_attack_on_players(db: Path) -> None:
    """The rulebook: "A player can only use their damage at the end of their turn, and
    may split it between Allies and players." Once the attack on players is made, the
    turn's damage is over: combat is refused as ally is, and nothing is written."""
    ok(db, "dbg", "new", "--players", "A", "B", "C")
    ok(db, "dbg", "combat", "5")
    ok(db, "dbg", "attack", "5")
    assert unchanged(db, "dbg", "combat", "2") == (
        "R-DBG-11: A's damage at players was used: it is the turn's last use of damage, "
        "so no more is gained this turn")
    assert unchanged(db, "dbg", "ally", "1").startswith("R-DBG-11: ")
    assert unchanged(db, "dbg", "--lang", "pl", "combat", "2").startswith(
        "R-DBG-11: obrażenia gracza A przeciw graczom są już użyte")


def test_r_dbg_10_flare_is_for_tokens_above_the_burn_limit(db: Path) -> None:
    """The rulebook: "If you want to use more metal tokens above this limit, you must
    Flare them." With a Burn left, flare tin is refused: burn it instead."""
    ok(db, "dbg", "new", "--players", "Vin", "Kelsier")
    assert unchanged(db, "dbg", "flare", "tin") == (
        "R-DBG-10: Vin may still Burn tin: Flaring is for tokens above the Burn limit, "
        "so burn it instead (0 of 1 Burns used)")
    assert unchanged(db, "dbg", "--lang", "pl", "flare", "tin").endswith(
        "spal cynę zamiast tego (użyto 0 z 1 spalenia)")
    ok(db, "dbg", "burn", "tin")
    assert ok(db, "dbg", "flare", "iron").startswith("Vin Flares iron")


@pytest.mark.parametrize("args", [
    ["dbg", "--lang", "pl", "--help"], ["dbg", "--help", "--lang", "pl"],
    ["dbg", "--lang=pl", "--help"], ["deckbuilding", "--lang", "pl", "-h"]])
def test_r_dbg_8_the_groups_help_in_polish_with_lang_pl(db: Path, args: list[str]) -> None:
    """The Polish rulebook's own words: "Aby aktywować większość zdolności kart akcji w
    grze, należy „spalić” …" — --lang pl asks for the Polish edition's terms, the
    group's help included, wherever --help stands."""
    page = ok(db, *args, columns=100)
    assert page.startswith("Użycie: ") and "Mistborn: gra deckbuildingowa" in page
    assert "Opcje:" in page and "Polecenia:" in page
    assert "Spend Mission points" not in page and "Usage:" not in page
    spend = ok(db, "dbg", "spend", "--lang", "pl", "--help")
    assert spend.startswith("Użycie: ") and "Wydaje punkty misji" in spend
    assert ok(db, "dbg", "--help").startswith("Usage: ")  # English as it was


def test_r_dbg_1_every_sentence_spells_a_seat_as_typed(db: Path) -> None:
    """The rulebook speaks of "The Vin player"; the table of the names it typed: "ada"
    in "ada plays turn 1" is "ada" in "ada gains 3 Mission points" too."""
    ok(db, "dbg", "new", "--players", "ada", "bo")
    said = ok(db, "dbg", "points", "3", columns=80)
    assert said == "ada gains 3 Mission points (3 to spend).\nNext: ada plays turn 1\n"
    assert "ada's turn: 0 coins" in ok(db, "dbg", "show", columns=80)
