"""The board games' end-of-game summary per player (Stuffed: coins, recruits, the
winning Mission; the Deckbuilding Game: health, Missions, eliminations, in Polish too;
House War: the breakdown per House) from the library, from the step that ends a game
and from ``show``; and ``log --player NAME``, a player's own history."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import data, ok, refused
from test_cli_housewar import set_up
from test_deckbuilding_games import competitive_game
from test_housewar import through_step3
from test_housewar_score import _vin_game

from boardgames.deckbuilding.ending import final_summary as dbg_summary
from boardgames.housewar import FaceDown, Reveal, Score, Solve
from boardgames.housewar.screen import final_summary as hw_summary
from boardgames.registration import deckbuilding, housewar, stuffed
from core.player_log import PlayerNotFound, concerns, resolve_player
from core.viewer import NARRATOR, TABLE

SHORT = ["stuffed", "new", "-p", "ann:ch", "bo:r", "--mission", "Heist", "--teammates",
         "0", "--mercenaries", "0", "--combo", "ch:2,i"]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "table.db"


def _stuffed_to_a_win(db: Path) -> None:
    """Ann's turn, Bo's turn (a coin), then Ann completes the Mission."""
    ok(db, *SHORT)
    ok(db, "stuffed", "roll", "-f", "c c c e b b i r")
    ok(db, "stuffed", "end-turn")
    ok(db, "stuffed", "roll", "-f", "c c c e b b i r", env={"MISTBORN_AS": "Bo"})
    ok(db, "stuffed", "spend", "c:3", env={"MISTBORN_AS": "Bo"})
    ok(db, "stuffed", "end-turn", env={"MISTBORN_AS": "Bo"})
    ok(db, "stuffed", "roll", "-f", "c c c ch ch i b r")


STUFFED_SUMMARY = ["ann completed the Mission Heist: 0 Teammates, then intelligence and 2 "
                   "charisma.",
                   "ann: 0 coins, 0 cards; recruits: none.",
                   "bo: 1 coin, 0 cards; recruits: none."]


def test_r_stf_7_the_step_that_wins_says_the_summary_once_and_show_keeps_it(db: Path
                                                                            ) -> None:
    _stuffed_to_a_win(db)
    assert data(db, "stuffed", "show")["summary"] == []  # not over: no summary
    won = ok(db, "stuffed", "mission", columns=120).splitlines()
    at = won.index("Summary:")
    assert won[at + 1:] == [*(f"  {line}" for line in STUFFED_SUMMARY),
                            "Next: ann completed the Mission: the game is over."]
    assert data(db, "stuffed", "show")["summary"] == STUFFED_SUMMARY
    assert "  bo: 1 coin, 0 cards; recruits: none." in ok(db, "stuffed", "show",
                                                          columns=120).splitlines()
    # Undone, the game goes on: no summary; done again, in --json too.
    assert "Summary:" not in ok(db, "stuffed", "undo")
    assert data(db, "stuffed", "mission")["summary"] == STUFFED_SUMMARY
    assert stuffed().summary(stuffed().initial, NARRATOR) == ()


def test_r_dbg_7_r_dbg_8_the_summary_gives_health_missions_and_eliminations() -> None:
    state = competitive_game().state
    assert dbg_summary(state) == (
        "Vin wins: the top of all 3 Mission tracks",
        "Vin: health 18; Mission 1 (Eyes) top, Mission 2 (Ash) top, Mission 3 (Well) top",
        "Kelsier: eliminated (health 0); Mission 1 (Eyes) start area, Mission 2 (Ash) "
        "start area, Mission 3 (Well) step 3",
        "Marsh: health 22; Mission 1 (Eyes) start area, Mission 2 (Ash) top, Mission 3 "
        "(Well) step 6")
    polish = dbg_summary(state, lang="pl")
    assert polish[0] == "Vin wygrywa: szczyt wszystkich 3 torów misji"
    assert polish[2] == ("Kelsier: odpada z gry (zdrowie 0); misja 1 (Eyes) obszar "
                         "startowy, misja 2 (Ash) obszar startowy, misja 3 (Well) pole 3")
    assert deckbuilding().summary(state, TABLE) == dbg_summary(state)
    assert dbg_summary(deckbuilding().initial) == ()


def test_r_dbg_8_the_step_that_ends_a_deckbuilding_game_sums_it_up_in_polish(db: Path
                                                                            ) -> None:
    ok(db, "dbg", "new", "--players", "Vin", "Kelsier")
    said = ok(db, "dbg", "damage", "kelsier", "40", "--lang", "pl", columns=120).splitlines()
    assert said[1:5] == ["Podsumowanie:", "  Vin wygrywa jako ostatni gracz w grze",
                         "  Vin: zdrowie 36; misja 1 obszar startowy, misja 2 obszar "
                         "startowy, misja 3 obszar startowy",
                         "  Kelsier: odpada z gry (zdrowie 0); misja 1 obszar startowy, "
                         "misja 2 obszar startowy, misja 3 obszar startowy"]
    shown = data(db, "dbg", "show")
    assert shown["summary"][0] == "Vin wins as the last player alive"


def test_r_hw_6_the_summary_is_the_breakdown_once_every_card_is_revealed() -> None:
    game = through_step3(_vin_game())
    game.push(FaceDown("Tekiel", "Financial Heir"))
    game.push(Score("Venture", favor=3))
    game.push(Solve("Vin", (), ()))
    assert hw_summary(game.state) == ()  # a card still to reveal: not over yet
    game.push(Reveal("Tekiel", "financial heir", favor=4))
    summary = hw_summary(game.state, TABLE)  # at the end, every viewer sees it all
    assert summary[0] == "Vin is solved: the Final Empire is saved; highest score wins: " \
                         "Tekiel wins."
    assert summary[1:3] == ("1. Tekiel 4 (0 tokens)", "2. Venture 3 (0 tokens)")
    assert "Tekiel: score 4 = Favor 4 (Financial Heir revealed 4) − Disgrace 0; revealed " \
           "Financial Heir." in summary
    assert housewar().summary(game.state, NARRATOR) == summary


def test_r_hw_6_the_step_that_ends_house_war_prints_the_breakdown(db: Path) -> None:
    set_up(db)
    ok(db, "hw", "collect")
    ok(db, "hw", "score", "lekal", "--favor", "3")
    assert data(db, "hw", "show", "--table")["summary"] == []
    ended = ok(db, "hw", "unrest", "8", columns=120).splitlines()  # R-HW-1
    at = ended.index("Summary:")
    assert ended[at + 1] == ("  Unrest reached 8: the Final Empire collapses; lowest score "
                            "wins: Venture wins.")
    assert "  Lekal: score 3 = Favor 3 (effects 3) − Disgrace 0." in ended
    # The shared board shows no score before the end (R-HW-6); at the end, all of it.
    shown = data(db, "hw", "show", "--table")
    assert shown["summary"] == [line[2:] for line in ended[at + 1:-1]]


def test_log_player_keeps_their_turns_what_they_wrote_and_what_names_them(db: Path
                                                                          ) -> None:
    _stuffed_to_a_win(db)
    bo = data(db, "stuffed", "log", "--player", "b")
    assert bo["player"] == "bo"
    # The set-up names every player; then Bo's own turn, ended by him.
    assert [e["event"]["type"] for e in bo["events"]] == ["new", "roll", "set",
                                                          "end"]
    ann = data(db, "stuffed", "log", "-p", "ANN")["events"]
    assert [e["event"]["type"] for e in ann] == ["new", "roll", "end", "roll"]
    text = ok(db, "stuffed", "log", "-p", "bo", columns=200).splitlines()
    assert text[1].endswith("Bo: bo rolls: coin, coin, coin, essence, birden, birden, "
                            "intelligence, resource.")
    assert refused(db, "stuffed", "log", "-p", "bob") == (
        "no player named 'bob' — did you mean 'bo'?")


def test_log_player_in_the_deckbuilding_game_keeps_what_was_done_to_them(db: Path) -> None:
    ok(db, "dbg", "new", "--players", "Vin", "Kelsier", "Marsh")
    ok(db, "dbg", "coins", "2")
    ok(db, "dbg", "damage", "marsh", "3")  # on Vin's turn, done to Marsh
    marsh = data(db, "dbg", "log", "-p", "mar")["events"]
    assert [e["event"]["type"] for e in marsh] == ["new", "damage"]
    assert [e["event"]["type"] for e in data(db, "dbg", "log", "-p", "vin")["events"]] == [
        "new", "coins_gain", "damage"]


def test_the_player_resolver_takes_a_unique_beginning_or_word() -> None:
    names = ["Venture", "Lekal", "House Hasting"]
    assert resolve_player("hast", names) == "House Hasting"
    assert resolve_player("  LEKAL ", names) == "Lekal"
    with pytest.raises(PlayerNotFound, match="could be 'Venture', 'Vexil'"):
        resolve_player("ve", ["Venture", "Vexil"])
    with pytest.raises(PlayerNotFound, match="did you mean 'Lekal'"):
        resolve_player("Lekel", names)
    assert concerns("Kel", who="Ann", turn_of=None, event={"type": "x", "to": "kel"})
    assert not concerns("Damage", who="Ann", turn_of="Vin", event={"type": "damage"})


def test_conflict_log_player_keeps_a_participants_own_steps(tmp_path: Path) -> None:
    from test_cli_conflict import EXAMPLES, rooftops
    from test_cli_conflict import ok as conflict_ok
    from test_cli_conflict import refused as conflict_refused

    db = tmp_path / "table.db"
    conflict_ok(db, "char", "import", *EXAMPLES)
    rooftops(db)
    conflict_ok(db, "conflict", "declare", "haze", "attack", "5", "-t", "tamsin")
    tamsin = json.loads(conflict_ok(db, "log", "--player", "tam", "--json"))
    assert [line["text"] for line in tamsin] == [
        "Tamsin Vey joins the crew: hero, Wits 4.",
        "Hazekillers of House Orrell declare an attack on Tamsin Vey: 5 Action Dice."]
    brannoch = json.loads(conflict_ok(db, "log", "-p", "brannoch", "-c", "roof", "--json"))
    assert [line["text"] for line in brannoch] == ["Brannoch joins the crew: hero, Wits 4."]
    assert conflict_refused(db, "log", "-p", "tamsim") == (
        "no participant named 'tamsim' — did you mean 'Tamsin Vey'?")


def test_r_con_18_conflict_log_player_keeps_the_damage_taken_and_the_attackers_roll(
        tmp_path: Path) -> None:
    """``log -p`` shows a participant "their actions and what was done to them … their
    damage": the roll and the damage name the action's number only, and the act its
    actor only; the participants are read from the action they are about. A step taken
    back stays in the history of those it named."""
    from test_cli_conflict import ok as conflict_ok

    db = tmp_path / "table.db"
    conflict_ok(db, "char", "import", "--examples")
    for step in (["new", "Canal", "--physical"], ["add", "brannoch", "tamsin", "prelate"],
                 ["declare", "brannoch", "attack", "5", "--target", "prelate", "--with",
                  "staff"],
                 ["declare", "tamsin", "defense", "3"], ["declare", "prelate", "defense", "4"],
                 ["act", "brannoch"], ["defend", "prelate", "2"],
                 ["roll", "--faces", "5,5,6,6,2", "--against", "1,2"], ["damage"], ["undo"],
                 ["damage", "--nudges", "1"]):
        conflict_ok(db, "conflict", *step)

    def texts(name: str) -> list[str]:
        return [line["text"] for line in json.loads(conflict_ok(db, "log", "-p", name,
                                                                 "--json"))]

    declared = ("Brannoch declares an attack on The Hollow Prelate: 5 Action Dice, with "
                "the Iron-shod staff.")
    fight = ["Brannoch attacks The Hollow Prelate: 5 dice, Contest, Difficulty 0.",
             "The Hollow Prelate defends against action 1 with 2 Defense Dice.",
             "Action 1: Brannoch rolls 5 5 6 6 2 (Result 5, 2 Nudges); The Hollow Prelate "
             "rolls 1 2 (no set): the attack succeeds.",
             "The Hollow Prelate takes 4 Health damage (1 + 2 Nudges + 1 for the Iron-shod "
             "staff): Health 10/14. (undone by Narrator)",
             "The Hollow Prelate takes 3 Health damage (1 + 1 Nudge + 1 for the Iron-shod "
             "staff): Health 11/14."]
    assert texts("prelate") == [
        "The Hollow Prelate joins the opposition: villain, Wits 5.", declared,
        "The Hollow Prelate declares full defense: 4 Defense Dice.", *fight]
    assert texts("brannoch") == ["Brannoch joins the crew: hero, Wits 4.", declared, *fight]
    assert texts("tamsin") == ["Tamsin Vey joins the crew: hero, Wits 4.",
                               "Tamsin Vey declares full defense: 3 Defense Dice."]
