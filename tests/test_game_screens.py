"""Every game's board and "next" line live in the library, as plain values for any
screen (boardgames/screen.py, boardgames/stuffed/screen.py, boardgames/housewar/screen.py):
Stuffed's tray, ledgers and what the dice can get, House War's Problem grid, Houses and
outcome, each at the known answers the command line's screens show; one typed dispatch
table refusing what is no event of the game; one name for every game's narration."""

from __future__ import annotations

import warnings

import pytest

from boardgames import deckbuilding, housewar, stuffed
from boardgames.errors import BadValue
from boardgames.housewar import AddProblem, AddUnrest, Collect, FaceDown, new_game
from boardgames.housewar import screen as hw_screen
from boardgames.screen import Line, Part, Title
from boardgames.session import Session
from boardgames.stuffed import (
    Mission,
    NewGame,
    Offer,
    Recruit,
    Roll,
    Seat,
    SpendSet,
    Teammate,
    new_session,
)
from boardgames.stuffed import screen as stf_screen
from core.viewer import NARRATOR, TABLE, Viewer, player

GRUNT = Teammate("Grunt", "loyal", "resource", "ch:2")
LENNET = Teammate("Lennet", "mercenary", "intelligence", "i:2")


def heist() -> Session[stuffed.Game, stuffed.Event]:
    """Ann and Bo set up the Heist, two Teammates on offer, Ann's first roll."""
    return new_session([
        NewGame((Seat("ann", "ann's Hero", "charisma"), Seat("bo", "bo's Hero", "resource")),
                Mission("Heist", 2, 1, "ch:2,i")),
        Offer(GRUNT), Offer(LENNET), Roll("c c c ch ch i b r")])


def texts(shown: tuple[object, ...]) -> list[str]:
    return [item.text for item in shown if isinstance(item, Line)]


# --- Stuffed -------------------------------------------------------------------------------


def test_r_stf_2_the_next_line_waits_for_the_set_up_then_the_roll() -> None:
    game = new_session()
    assert stf_screen.next_line(game.state) == "set up the game first (new)"
    game = heist()
    game.pop()  # before Ann's roll
    assert stf_screen.next_line(game.state) == "ann rolls all 8 dice (turn 1)."


def test_r_stf_4_the_next_line_lists_the_unspent_dice_coins_and_cards() -> None:
    game = heist()
    assert stf_screen.next_line(game.state) == (
        "ann: unspent 1 Co, 2 Co, 3 Co, 4 Ch, 5 Ch, 6 In, 7 Bi, 8 Re; 0 coins, 0 cards — "
        "use them, or end-turn.")
    game.push(SpendSet((1, 2, 3)))
    assert stf_screen.next_line(game.state) == (
        "ann: unspent 4 Ch, 5 Ch, 6 In, 7 Bi, 8 Re; 1 coin, 0 cards — use them, or "
        "end-turn.")


def test_r_stf_3_the_board_shows_the_tray_with_spent_dice_marked() -> None:
    game = heist()
    game.push(SpendSet((1, 2, 3)))
    game.push(Recruit(GRUNT, (4, 5)))
    shown = stf_screen.board(game.state)
    assert shown[0] == Title(" · turn 1 · ann")
    tray = next(item for item in shown if isinstance(item, stf_screen.Tray))
    assert [(d.position, d.short, d.spent) for d in tray.dice] == [
        (1, "Co", True), (2, "Co", True), (3, "Co", True), (4, "Ch", True), (5, "Ch", True),
        (6, "In", False), (7, "Bi", False), (8, "Re", False)]
    lines = texts(shown)
    assert "     × spent" in lines
    assert lines[lines.index("On offer") + 1] == "Mercenary Lennet (In; i:2)"


def test_r_stf_5_the_ledgers_mark_whose_turn_it_is_and_the_dice_say_what_they_get() -> None:
    shown = stf_screen.board(heist().state)
    lines = texts(shown)
    assert lines[0] == ("Mission Heist: 2 Teammates with at least 1 Mercenary, then "
                        "intelligence and 2 charisma")
    ann = next(item for item in shown if isinstance(item, Line) and item.parts
               and item.parts[1].text == "ann")
    assert ann.tag == "active" and ann.text == "▶ ann · ann's Hero (Ch)"
    assert ann.parts[1] == Part("ann", "active")
    bo = next(item for item in shown if isinstance(item, Line) and item.text.endswith("(Re)")
              and item.parts)
    assert bo.text == "  bo · bo's Hero (Re)" and bo.tag == "plain"
    assert "0 coins · 0/4 cards · 0 Teammates" in lines
    assert lines[lines.index("The dice can get") + 1:] == [
        "• spend 3 coins (dice 1, 2 and 3) for a coin",
        "• recruit the Loyal Grunt with dice 4 and 5"]


def test_r_stf_7_once_won_the_board_and_next_line_say_who_won() -> None:
    won = new_session([
        NewGame((Seat("ann", "Kelsier", "charisma"), Seat("bo", "Vin", "resource")),
                Mission("Heist", 0, 0, "ch:2,i")),
        Roll("ch ch i c c c b r"), stuffed.CompleteMission((1, 2, 3))])
    assert stf_screen.next_line(won.state) == ("ann completed the Mission: the game is "
                                               "over.")
    shown = stf_screen.board(won.state)
    assert shown[0] == Title(" · won by ann")
    assert not any(isinstance(item, stf_screen.Tray) for item in shown)
    assert stf_screen.summary(won.state) == "won by ann"


def test_r_stf_1_a_viewer_changes_nothing_on_a_board_all_can_see() -> None:
    state = heist().state
    for viewer in (TABLE, player(["ann"])):
        assert stf_screen.board(state, viewer) == stf_screen.board(state, NARRATOR)
        assert stf_screen.next_line(state, viewer) == stf_screen.next_line(state)
    assert stuffed.board is stf_screen.board and stuffed.next_line is stf_screen.next_line


# --- House War -------------------------------------------------------------------------------


def set_up() -> Session[housewar.State, housewar.Event]:
    game = new_game(3, "short", ["Venture", "Lekal", "Hasting"])
    game.push(housewar.Sheet("Venture", housewar.parse_resources("2f 1m")))  # R-HW-5
    game.push(housewar.Sheet("Lekal"))
    game.push(housewar.Sheet("Hasting"))
    game.push(AddProblem("Ashfall", 2, reason="setup", cost=housewar.parse_resources("2f"),
                         favor=4))
    game.push(AddProblem("Riot", 4, reason="setup"))
    game.push(AddProblem("Famine", 1, reason="setup"))
    return game


def test_r_hw_5_the_next_line_names_the_step_of_the_turn() -> None:
    game = new_game(3, "short", ["Venture", "Lekal", "Hasting"])
    assert hw_screen.next_line(game.state) == (
        "set-up: each House collects its sheet (0 of 3): sheet Venture TOKENS with cards N")
    game = set_up()
    assert hw_screen.next_line(game.state) == "step 1: Venture collects income (turn 1)"
    game.push(Collect("Venture"))
    assert hw_screen.next_line(game.state) == (
        "step 2: worsen Famine, Ashfall, Riot, in the order Venture chooses")


def test_r_hw_2_the_board_shows_the_track_as_on_the_table() -> None:
    # Set-up done: turn 1 begins, on the title as on the next line (R-HW-5).
    shown = hw_screen.board(set_up().state)
    assert shown[0] == Title(" · turn 1 · Venture", wrap=True)
    assert hw_screen.board(new_game(3, "short", ["Venture", "Lekal", "Hasting"]).state
                           )[0] == Title(" · set-up · Venture", wrap=True)
    grid = next(item for item in shown if isinstance(item, hw_screen.Grid))
    assert grid.heads == ("I", "II", "III", "IV")
    assert grid.rows == (("", "", "", ""), ("Famine", "Ashfall", "", "Riot"))
    lines = texts(shown)
    assert lines[:2] == ["Unrest 0 of 8", "Problems (3 on the board)"]
    assert lines[2:5] == ["I Famine", "II Ashfall: cost F2, 4 Favor", "IV Riot"]
    # Venture's sheet came from the supply at set-up (R-HW-5).
    assert "Supply M7 F6 P8 S8 W8 A6" in lines and hw_screen.LEGEND in lines


def test_r_hw_5_the_houses_mark_the_active_house_and_list_tokens_and_cards() -> None:
    game = set_up()
    game.push(Collect("Venture"))  # its sheet again on the first turn: M2 F4 in all
    game.push(FaceDown("Venture", "Spook"))
    houses = next(item for item in hw_screen.board(game.state)
                  if isinstance(item, hw_screen.Houses))
    venture, lekal, _hasting = houses.rows
    assert venture.active and not lekal.active
    assert venture.details == "tokens M2 F4 · face down: Spook"
    assert lekal.details == "tokens -"


def test_r_hw_1_at_unrest_8_the_board_shows_the_outcome_and_standings() -> None:
    game = set_up()
    game.push(Collect("Venture"))
    for _ in range(8):
        game.push(AddUnrest(1))
    shown = hw_screen.board(game.state)
    assert shown[0] == Title(" · turn 1 · the game is over", wrap=True)
    result = [item for item in shown if isinstance(item, Line) and item.tag == "result"]
    assert len(result) == 1 and result[0].text.startswith("Unrest reached 8")
    assert hw_screen.next_line(game.state) == result[0].text
    assert not any(isinstance(item, hw_screen.Houses) and any(r.active for r in item.rows)
                   for item in shown)
    # R-HW-3: tied on score, the House with more tokens left places first.
    assert texts(shown)[-6:-3] == ["  1. Venture 0 (6 tokens)", "  2. Lekal 0 (0 tokens)",
                                   "  2. Hasting 0 (0 tokens)"]
    # R-HW-6: then each House's breakdown, revealed to all at the end.
    assert texts(shown)[-3] == "Venture: score 0 = Favor 0 − Disgrace 0."


def test_r_hw_6_the_table_sees_no_score_a_player_their_own() -> None:
    game = set_up()
    game.push(Collect("Venture"))
    game.push(FaceDown("Venture", "Spook"))
    state = game.state

    def rows(viewer: Viewer) -> list[tuple[object, ...]]:
        houses = next(item for item in hw_screen.board(state, viewer)
                      if isinstance(item, hw_screen.Houses))
        return [(r.name, r.favor, r.disgrace, r.score, r.details) for r in houses.rows]

    assert rows(TABLE)[0] == ("Venture", None, None, None, "tokens M2 F4 · 1 face down")
    assert rows(player(["venture"]))[0] == ("Venture", 0, 0, 0,
                                            "tokens M2 F4 · face down: Spook")
    assert rows(player(["venture"]))[1][1:4] == (None, None, None)
    assert rows(NARRATOR)[1][1:4] == (0, 0, 0)
    assert hw_screen.next_line(state, player(["venture"])) == hw_screen.next_line(state)


# --- one dispatch table, one name for narration ---------------------------------------------


@pytest.mark.parametrize(("rules", "state", "game"), [
    (stuffed.rules.HANDLERS, stuffed.EMPTY, "Stuffed"),
    (housewar.rules.HANDLERS, housewar.State(), "House War"),
    (deckbuilding.rules.HANDLERS, deckbuilding.state.BLANK, "Deckbuilding Game"),
])
def test_every_games_handler_table_refuses_what_is_not_its_event(
        rules: object, state: object, game: str) -> None:
    with pytest.raises(BadValue, match=f"not a {game} event"):
        rules(state, "hold")  # type: ignore[operator]


def test_a_handler_is_registered_once() -> None:
    with pytest.raises(TypeError, match="already has a handler"):
        stuffed.rules.HANDLERS.add(stuffed.Roll, lambda state, _event: state)


def test_r_stf_1_narration_is_describe_in_every_game_and_narrate_is_a_deprecated_alias() -> None:
    game = heist()
    before, after = game._states[-2], game.state  # the roll
    said = stuffed.describe(before, game.events[-1], after, viewer=TABLE)
    assert said.startswith("ann rolls: coin, coin, coin")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        from boardgames.stuffed import narrate

        assert narrate.describe is stuffed.describe
    assert [w.category for w in caught] == [DeprecationWarning]
    assert "boardgames.stuffed.describe.describe" in str(caught[0].message)
    for module in (housewar, deckbuilding):
        assert "viewer" in (module.describe.__kwdefaults__ or {})


def test_r_stf_8_the_odds_start_without_the_sentences_and_describe_stays_the_function() -> None:
    import importlib
    import subprocess
    import sys
    import types

    probe = ("import sys, boardgames.stuffed.odds; "
             "print('boardgames.stuffed.describe' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "False"
    module = importlib.import_module("boardgames.stuffed.describe")
    assert isinstance(module, types.ModuleType)
    assert stuffed.describe is module.describe  # the function, not its module
