"""What screens show of a Deckbuilding Game (boardgames/deckbuilding/screen.py): every
dial and track laid out within 40 to 72 columns, who is highest and lowest on each
Mission track by R-DBG-3's tie rules, the Target, who is out, the Lord Ruler; what
comes next; the command line's few words — in English and Polish (R-DBG-8). Worked out
by hand from the rules."""

from __future__ import annotations

import pytest

from boardgames import deckbuilding as dbg
from boardgames.deckbuilding import (
    Attack,
    Damage,
    DrawAdversary,
    EndTurn,
    GainDamage,
    GainMission,
    MissionSpec,
    Mode,
    SpendMission,
)
from boardgames.deckbuilding.codec import snapshot
from boardgames.deckbuilding.describe import result_text
from boardgames.deckbuilding.screen import (
    ambiguous,
    board,
    next_line,
    no_game,
    nothing_to_undo,
    setup_kept,
    summary,
    unknown_game,
    words,
)
from cli.common.streams import ENGLISH


def played(players: tuple[str, ...], *events: dbg.Event, mode: Mode = Mode.COMPETITIVE,
           missions: tuple[MissionSpec, ...] | None = None) -> dbg.Game:
    session = dbg.start(players, mode, missions)
    for event in events:
        session.push(event)
    return session.state


def rows(game: dbg.Game, lang: str = "en", width: int = 40) -> list[str]:
    return [line.text for line in board(game, "Luthadel", lang, width)]


def mission_rows(lines: list[str], number: int) -> list[str]:
    start = next(i for i, line in enumerate(lines) if line.startswith(f"Mission {number}"))
    return lines[start + 1:start + 4]


def test_r_dbg_3_highest_and_lowest_by_the_tie_rules() -> None:
    # Mission 1: Vin 4, Kelsier 2, Marsh 2 — 3 cubes: the two tied at the bottom are
    # both lowest. Mission 2: Vin 1 alone on the track: highest, not lowest. Mission 3:
    # Vin 2, Kelsier 2 — exactly two cubes tied: neither (the ruling).
    game = played(("Vin", "Kelsier", "Marsh"),
                  GainMission("Vin", 7), SpendMission("Vin", (4, 1, 2)), EndTurn(),
                  GainMission("Kelsier", 4), SpendMission("Kelsier", (2, 0, 2)), EndTurn(),
                  GainMission("Marsh", 2), SpendMission("Marsh", (2, 0, 0)))
    lines = rows(game)
    assert mission_rows(lines, 1) == ["  Vin      4 highest", "  Kelsier  2 lowest",
                                      "  Marsh    2 lowest"]
    assert mission_rows(lines, 2) == ["  Vin      1 highest", "  Kelsier  0 start area",
                                      "  Marsh    0 start area"]
    assert mission_rows(lines, 3) == ["  Vin      2", "  Kelsier  2",
                                      "  Marsh    0 start area"]
    polish = rows(game, "pl")
    assert "  Kelsier  2 najniżej" in polish and "  Vin      4 najwyżej" in polish
    data = snapshot(game)
    assert (data["missions"][0]["highest"], data["missions"][0]["lowest"]) == (
        ["Vin"], ["Kelsier", "Marsh"])
    assert data["missions"][2]["highest"] == data["missions"][2]["lowest"] == []


def test_r_dbg_3_the_first_to_reach_the_top_is_numbered() -> None:
    game = played(("Vin", "Marsh"), GainMission("Vin", 12), SpendMission("Vin", (12, 0, 0)),
                  EndTurn(), GainMission("Marsh", 12), SpendMission("Marsh", (12, 0, 0)))
    assert mission_rows(rows(game), 1)[:2] == ["  Vin   12 highest, top, no. 1",
                                               "  Marsh 12 lowest, top, no. 2"]
    assert snapshot(game)["missions"][0]["finished"] == ["Vin", "Marsh"]


def test_r_dbg_4_the_target_and_who_is_out_are_said_in_words() -> None:
    game = played(("Vin", "Kelsier", "Marsh", "Elend"), Damage("Kelsier", 38))
    lines = rows(game)
    assert lines[:4] == ["Luthadel · turn 1 · competitive", "▶ plays now",
                         "  Player  Health Box Atium", "▶ Vin         36   0     0"]
    assert "  Kelsier      0   0     0 out" in lines
    assert "  Elend       40   1     0 Target" in lines
    polish = rows(game, "pl")
    assert "  Kelsier       0     0     0 poza grą" in polish
    assert "  Elend        40     1     0 cel" in polish


@pytest.mark.parametrize("width", [40, 50, 72, 120])
@pytest.mark.parametrize("lang", ["en", "pl"])
def test_every_line_fits_the_width(width: int, lang: str) -> None:
    game = played(("Vin", "Kelsier of the Survivors", "Marsh the Inquisitor"),
                  DrawAdversary("Steel Inquisitor of the Canton", ("5", "X", "8")),
                  mode=Mode.COOP,
                  missions=(MissionSpec("Pits of Hathsin", (3, 6, 9)), MissionSpec(),
                            MissionSpec()))
    lines = board(game, "A rather long name for a game", lang, width)
    assert max(len(line.text) for line in lines) <= max(40, min(width, 72))
    assert {line.tag for line in lines} <= {"title", "head", "active", "out", "note",
                                             "result", "plain"}


def test_r_dbg_2_the_lord_ruler_his_deck_and_adversaries() -> None:
    game = played(("Vin", "Elend"), DrawAdversary("Inquisitor", ("5", "X")), mode=Mode.COOP)
    lines = rows(game)
    assert "Lord Ruler 48/48 · Dominance 1" in lines
    assert "Lord Ruler deck: 35 cards; Adversaries" in lines
    assert "  1 Inquisitor (before Vin): shields 5," in lines
    assert "    X=1" in lines  # X reads the Dominance (R-DBG-6)
    assert "Ostatni Imperator 48/48 · dominacja 1" in rows(game, "pl")


def test_what_comes_next_in_both_languages() -> None:
    game = played(("Vin", "Kelsier", "Marsh", "Elend"), GainDamage("Vin", 50),
                  Attack("Vin", 50))
    assert next_line(game) == "Vin chooses who takes the Target and 10 damage left over"
    assert next_line(game, "pl") == ("Vin wybiera, kto dostanie cel i pozostałe obrażenia "
                                     "(10 obrażeń)")
    coop = played(("Vin", "Elend"), mode=Mode.COOP)
    assert next_line(coop) == ("Vin draws a Lord Ruler card (edict with rows ROW…, or "
                               "adversary NAME SHIELD…), then end-turn")
    assert next_line(coop, "pl") == ("Vin dobiera kartę Ostatniego Imperatora (edict "
                                     "z parametrem rows RZĄD… albo adversary NAZWA "
                                     "TARCZA…), potem end-turn")
    duel = played(("Vin", "Marsh"), Damage("Marsh", 40))
    assert next_line(duel) == "the game is over: Vin wins as the last player alive"
    assert result_text(duel, "pl") == "Vin wygrywa jako ostatni gracz w grze"
    assert result_text(coop) == ""
    assert summary(played(("Vin", "Marsh"), EndTurn()), "pl") == "tura 2, gra Marsh"
    assert next_line(dbg.BLANK) == "set up the game first (new)"


def test_r_dbg_11_after_the_lord_ruler_card_the_next_step_is_end_turn() -> None:
    """The rulebook: "After each player's turn (after they've drawn their new hand),
    they draw and play the top card of the Lord Ruler's deck": once it is drawn the turn
    is over, so "Next:" names end-turn, not the turn as if it went on."""
    drawn = played(("Vin", "Elend"), dbg.Edict(1, (2,)), mode=Mode.COOP)
    assert next_line(drawn) == "Vin has drawn the Lord Ruler card: end-turn ends turn 1"
    assert next_line(drawn, "pl") == ("Vin ma już dobraną kartę Ostatniego Imperatora: "
                                      "end-turn kończy turę 1")
    solo = played(("Vin",), DrawAdversary("Obligator", ("1",)), mode=Mode.SOLO)
    assert next_line(solo) == "Vin has drawn the Lord Ruler card: end-turn ends turn 1"
    assert next_line(played(("Vin", "Kelsier"))) == "Vin plays turn 1"  # competitive


def test_the_command_line_s_few_words_and_messages_in_both_languages() -> None:
    # In English the Deckbuilding Game says what every other game says.
    assert words("en") == ENGLISH
    assert set(words("pl")) == set(ENGLISH)
    assert words("pl")["next"] == "Dalej"
    assert words("pl")["undone_by"].format(who="Ann") == "cofnięto ruch gracza Ann"
    assert no_game("new", "pl") == ("R-DBG-1: w bazie nie ma jeszcze gry: zacznij ją "
                                    "poleceniem new")
    assert setup_kept("new", "en").startswith("R-DBG-1: only the set-up is left")
    assert nothing_to_undo("Gra", "pl") == "w grze 'Gra' nie ma czego cofnąć"
    assert unknown_game("x", ["A", "B"], "pl") == "nie ma gry 'x' (gry: A i B)"
    assert ambiguous("k", ["Kelsier", "Kredik"], "en") == (
        "'k' could be Kelsier and Kredik: type more of the name")


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_the_title_keeps_the_game_s_name_as_typed(lang: str) -> None:
    game = played(("Vin", "Elend"))
    assert board(game, "d1", lang)[0].text.startswith("d1 · ")
