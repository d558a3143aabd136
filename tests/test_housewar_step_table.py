"""House War's table of steps (boardgames/housewar/step_table.py): who may take each
step is the rules' (R-HW-3, R-HW-4, R-HW-5), a parameter that names who acts refuses
another House at a phone, and every word a step takes completes from the game."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from game_seat_support import HOUSES, HW_SETUP, seated

from boardgames.housewar.step_table import STEPS
from cli.boardgames.housewar import housewar
from cli.players.shell import PlayerShell
from core.steps import Who

ROOT = Path(__file__).resolve().parent.parent


def said(text: str) -> str:
    return " ".join(text.split())


def test_r_hw_5_who_takes_each_step_is_the_rules() -> None:
    steps = housewar.steps
    assert steps is not None and steps.turn_rule == "R-HW-5"
    # The Active House takes its turn's steps, the timer of its negotiation included.
    for name in ("collect", "worsen", "add", "pass", "solve", "no-deal", "end-turn",
                 "score", "timer"):
        assert steps[name].who is Who.TURN, name
    # The set-up's sheets, a transfer, a discard and moving Unrest by hand are the
    # host's; only the game's own steps may end it at a phone (R-HW-6 ruling).
    assert {step.name for step in steps if step.who is Who.HOST} == {
        "sheet", "transfer", "discard", "unrest"}
    assert steps["unrest"].rule == steps.end_rule == "R-HW-6"
    assert {step.name for step in steps if step.may_end} == {"worsen", "add", "solve"}
    # Each House reveals its own face-down cards at the end, whoever's turn (R-HW-3).
    reveal = steps["reveal"]
    assert reveal.who is Who.SEAT and reveal.rule == "R-HW-3"
    assert reveal.param("name").seat
    # A share of a deal is one's own at a phone (R-HW-4); another income is the host's.
    share = steps["solve"].param("share")
    assert share.seat and share.pairs and share.seat_rule == "R-HW-4"
    assert steps["collect"].param("income").host_only == "R-HW-5"
    assert steps.names()[-1] == "timer" and "timer" not in STEPS  # the door's clock


def test_r_hw_3_a_seat_parameter_refuses_another_house_at_a_phone(tmp_path: Path) -> None:
    table = seated(tmp_path / "t.db", ("venture", "lekal"), HOUSES, *HW_SETUP)
    venture, lekal = (PlayerShell(table, name, color=False) for name in ("venture", "lekal"))
    assert venture.handle("collect").status == 0  # Venture is the Active House
    for line, rule in (("score lekal --favor 2", "R-HW-5"),
                       ("collect --house lekal", "R-HW-5"),
                       ("solve ashfall --share lekal=2f", "R-HW-4")):
        reply = venture.handle(line)
        assert reply.status == 2, line
        assert said(reply.text).startswith(
            f"! {rule}: you act only for your own seat (Venture), not 'lekal'"), reply.text
    # On Venture's turn Lekal may reveal its own card, never Venture's (R-HW-3).
    theirs = lekal.handle("reveal venture Noble")
    assert theirs.status == 2
    assert "you act only for your own seat (Lekal), not 'venture'" in said(theirs.text)
    own = said(lekal.handle("reveal lekal Noble").text)
    assert "not your turn" not in own and "own seat" not in own
    # Another House's step is still refused on Venture's turn, by the turn's rule.
    assert "R-HW-5: it is not your turn" in said(lekal.handle("pass").text)


def test_every_word_of_a_step_completes_from_the_game(tmp_path: Path) -> None:
    table = seated(tmp_path / "t.db", ("venture",), HOUSES, *HW_SETUP)
    venture = PlayerShell(table, "venture", color=False)

    def tab(typed: str) -> list[str]:
        return [c.text for c in venture.completions(typed)]

    assert tab("wor") == ["worsen"]
    assert tab("worsen r") == ["Riot"]
    assert tab("score v") == ["Venture"]
    assert tab("solve ashfall --share v") == ["Venture="]
    assert tab("solve ashfall --share l") == []  # another's share is the host's (R-HW-4)
    assert tab("pass --take at") == ["atium"]
    assert "sheet" not in tab("s") and tab("transfer su") == []  # the host's
    host = PlayerShell(table, "gm", color=False)
    assert [c.text for c in host.completions("transfer su")] == ["supply"]
    assert [c.text for c in host.completions("sheet lekal 2s --c")] == ["--cards"]


def test_listing_the_steps_loads_no_rule() -> None:
    code = ("import sys\nfrom boardgames.housewar.step_table import STEPS\n"
            "STEPS.names()\n"
            "print(sorted(m for m in sys.modules if m.startswith('boardgames.')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=ROOT)
    assert done.stdout.split() == ["['boardgames.errors',", "'boardgames.housewar',",
                                   "'boardgames.housewar.step_table']"]


def test_r_hw_5_tab_at_a_phone_offers_only_ones_own_house_where_a_step_names_who_acts(
        tmp_path: Path) -> None:
    # A parameter that names who acts takes only the player's own House at a phone
    # (the rules refuse any other): Tab offers that one; the host is offered every House.
    from game_seat_support import HOUSES, HW_SETUP, seated

    from cli.players.shell import PlayerShell

    table = seated(tmp_path / "t.db", ("venture", "lekal"), HOUSES, *HW_SETUP)
    venture, host = PlayerShell(table, "venture", color=False), PlayerShell(
        table, "gm", color=False)
    assert [c.text for c in venture.completions("score ")] == ["Venture"]
    assert [c.text for c in venture.completions("collect --house ")] == ["Venture"]
    assert [c.text for c in venture.completions("score l")] == []
    assert [c.text for c in host.completions("score ")] == [
        "Lekal", "Tekiel", "Venture", "Hasting"]
