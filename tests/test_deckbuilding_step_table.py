"""The Deckbuilding Game's table of steps (boardgames/deckbuilding/step_table.py): who
may take each step is the rules' (R-DBG-1 the seat whose turn it is, R-DBG-4 the
Target's holder passing it on), a parameter naming who acts takes only a phone's own
seat, every word completes from the game as it stands, and the steps stay words a
player's line may start with."""

from __future__ import annotations

from pathlib import Path

from game_seat_support import seated

from boardgames import deckbuilding as dbg
from boardgames.deckbuilding import typed
from boardgames.deckbuilding.step_table import METAL_WORDS, STEPS
from cli.common.step_commands import complete
from cli.players.shell import PlayerShell
from cli.players.verbs import verb_of
from core.steps import Who

GAME = ["dbg", "new", "--players", "Vin", "Kelsier", "Marsh"]


def said(text: str) -> str:
    return " ".join(text.split())


def test_r_dbg_1_the_seat_whose_turn_it_is_takes_every_step_but_two() -> None:
    taken = {step.name: step.who for step in STEPS}
    assert taken.pop("pass") is Who.SEAT  # the Target's holder, on any turn (R-DBG-4)
    assert taken.pop("target") is Who.HOST  # chosen at the table after its holder fell
    assert set(taken.values()) == {Who.TURN}
    assert STEPS.turn_rule == "R-DBG-1" and STEPS.names()[-1] == "end-turn"


def test_r_dbg_4_only_the_targets_holder_may_pass_it_on() -> None:
    passing = STEPS["pass"]
    assert passing.rule == "R-DBG-4" and passing.may is not None
    game = dbg.start(["Vin", "Kelsier", "Marsh"]).state  # Marsh, the last seat, holds it
    assert [seat for seat in ("Vin", "Kelsier", "Marsh", "marsh")
            if passing.may(game, seat)] == ["Marsh", "marsh"]
    two = dbg.start(["Vin", "Kelsier"]).state  # no Target with 2 players
    assert not any(passing.may(two, seat) for seat in ("Vin", "Kelsier"))


def test_r_dbg_1_who_acts_and_whose_health_name_a_seat() -> None:
    seats = {step.name: [p.name for p in step.params if p.seat] for step in STEPS}
    assert seats["damage"] == seats["heal"] == ["name"]
    assert seats["points"] == seats["burn"] == seats["shield"] == ["who_acts"]
    assert seats["pass"] == seats["target"] == seats["collective"] == []
    assert not any(p.host_only for step in STEPS for p in step.params)


def test_r_dbg_1_a_parameter_naming_a_seat_refuses_another_seat_at_a_phone(
        tmp_path: Path) -> None:
    table = seated(tmp_path / "t.db", ("vin", "kelsier", "marsh"), GAME)
    vin = PlayerShell(table, "vin", color=False)
    for line in ("points 2 -p kel", "points 2 --player marsh", "damage kel 3",
                 "heal marsh 1"):
        reply = vin.handle(line)
        assert reply.status == 2, line
        assert said(reply.text).startswith("! R-DBG-1: you act only for your own seat "
                                           "(Vin), not"), reply.text
    assert vin.handle("points 2 -p vi").status == 0  # a beginning of one's own name
    assert "Vin takes 3 damage" in said(vin.handle("damage vin 3").text)


def test_every_step_a_player_may_take_starts_a_players_line() -> None:
    # Who may take a step is the table's; every step a player may take is a word a
    # shell line may start with, at the game.
    theirs = {step.name for step in STEPS if step.who is not Who.HOST}
    assert all(verb_of(word) is not None for word in theirs)


def test_every_word_of_a_step_completes_from_the_game_as_it_stands() -> None:
    session = dbg.start(["Vin", "Kelsier", "Marsh"], dbg.Mode.COOP)
    session.push(dbg.DrawAdversary("Steel Inquisitor", ("5", "X")))
    game = session.state
    assert complete(STEPS["damage"], game, [], "k") == ["Kelsier"]
    assert complete(STEPS["points"], game, ["3", "-p"], "m") == ["Marsh"]
    assert complete(STEPS["points"], game, [], "--p") == ["--player"]
    assert complete(STEPS["pass"], game, [], "") == ["Kelsier", "Marsh"]  # not Vin's own
    assert complete(STEPS["burn"], game, [], "b") == ["brass", "bronze"]
    assert complete(STEPS["burn"], game, [], "a") == ["atium"]
    assert complete(STEPS["flare"], game, [], "a") == []  # atium is never Flared
    assert complete(STEPS["boxings"], game, [], "") == ["buy", "cash", "gain"]
    assert complete(STEPS["lord"], game, [], "h") == ["heal"]
    assert complete(STEPS["shield"], game, [], "") == ["1", "Steel Inquisitor"]
    assert complete(STEPS["spend"], game, ["1=2"], "") == ["1=", "2=", "3="]
    assert complete(STEPS["collective"], game, ["9"], "v") == ["Vin="]
    assert complete(STEPS["attack"], game, ["4", "-b"], "ma") == ["Marsh="]
    assert complete(STEPS["damage"], None, [], "") == []  # no game: nothing to say
    assert METAL_WORDS == typed.METALS


def test_tab_at_a_phone_completes_a_step_from_the_game(tmp_path: Path) -> None:
    table = seated(tmp_path / "t.db", ("vin", "kelsier", "marsh"), GAME)
    vin, kelsier = (PlayerShell(table, name, color=False) for name in ("vin", "kelsier"))
    assert [c.text for c in vin.completions("fl")] == ["flare"]
    assert [c.text for c in vin.completions("flare p")] == ["pewter"]
    assert [c.text for c in vin.completions("heal v")] == ["Vin"]
    assert [c.text for c in vin.completions("heal m")] == []  # only one's own seat
    assert "target" not in [c.text for c in kelsier.completions("t")]  # the host's
    assert "pass" in [c.text for c in kelsier.completions("p")]
