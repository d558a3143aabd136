"""A game's table of steps (core/steps.py) and the doors made from it
(cli/common/step_commands.py, the board-game groups, the player shell): a step added
to a game's table is a click command, a shell verb, in both help listings and in
completion, with no other file changed (R-STF-2: who may take it is the table's)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.shell_completion import ShellComplete
from click.testing import CliRunner
from game_seat_support import HEIST, seated

import boardgames.stuffed.step_table as stuffed_table
from boardgames.stuffed.events import EndTurn
from cli.common.step_commands import complete
from cli.main import main
from cli.players.shell import PlayerShell
from core.steps import Kind, Param, Step, Steps, Values, Who


def _cheer(state: Any, values: Values) -> list[Any]:
    return [EndTurn(tuple(values["card"] or ()))]


def _red_cards(state: Any, typed: str) -> list[str]:
    # From the state: the players' names stand in for cards the game would know.
    return [f"{player.name}-card" for player in state.players] if state else []


CHEER: Step[Any] = Step(
    "cheer", "Cheer, then end the turn.", _cheer,
    (Param("card", "Red-scroll cards played now.", Kind.NAME, positional=True, many=True,
           complete=_red_cards),
     Param("loud", "Cheer loudly.", Kind.FLAG)),
    help="Cheer at the table, then end the turn (R-STF-2).")


@pytest.fixture
def cheering(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stuffed_table, "STEPS", stuffed_table.STEPS.adding(CHEER))


def run(db: Path, *args: str) -> Any:
    return CliRunner().invoke(main, list(args), env={
        "MISTBORN_DB": str(db), "COLUMNS": "80", "NO_COLOR": "1", "MISTBORN_AS": "gm"})


def test_r_stf_2_a_step_added_to_the_table_is_in_every_door(tmp_path: Path,
                                                            cheering: None) -> None:
    db = tmp_path / "t.db"
    table = seated(db, ("ann", "bo"), HEIST)
    # A click command, with its help, in the group's listing.
    listing = run(db, "stuffed", "--help").output
    assert "cheer     Cheer, then end the turn." in listing
    helped = run(db, "stuffed", "cheer", "--help")
    assert helped.exit_code == 0
    assert "Cheer at the table, then end the turn (R-STF-2)." in helped.output
    assert "[CARD]..." in helped.output and "--loud" in helped.output
    # It writes through the table, checked by the rules.
    assert run(db, "stuffed", "roll", "-f", "c", "c", "c", "ch", "ch", "i", "b", "r"
               ).exit_code == 0
    done = run(db, "stuffed", "cheer", "--loud")
    assert done.exit_code == 0, done.output
    assert "Next: bo" in " ".join(done.output.split())
    # A shell verb for the player whose turn it is; refused, by the turn's rule, to
    # another; in the shell's help listing; completed by Tab, name and words.
    bo, ann = (PlayerShell(table, name, color=False) for name in ("bo", "ann"))
    assert "cheer · Cheer, then end the turn." in " ".join(bo.handle("help").text.split())
    refused = ann.handle("cheer")
    assert refused.status == 2 and "R-STF-2: it is not your turn" in refused.text
    assert [c.text for c in bo.completions("che")] == ["cheer"]
    assert [c.text for c in bo.completions("cheer --loud a")] == ["ann-card"]
    assert [c.text for c in bo.completions("cheer --lo")] == ["--loud"]
    assert bo.handle("roll -f c c c ch ch i b r").status == 0
    assert bo.handle("cheer --loud").status == 0
    assert "Next: ann" in " ".join(bo.handle("board").text.split())
    # bash/zsh completion, from the same table.
    shell = ShellComplete(main, {}, "mistborn", "_MISTBORN_COMPLETE")
    assert "cheer" in [item.value for item in shell.get_completions(["stuffed"], "ch")]


def test_a_table_of_steps_refuses_two_steps_of_one_name() -> None:
    with pytest.raises(ValueError, match="two steps of stuffed are called 'roll'"):
        stuffed_table.STEPS.adding(Step("roll", "Again.", _cheer))
    with pytest.raises(ValueError, match="called 'x'"):
        Steps("g", "R-STF-2", (Step("a", "A.", _cheer, aliases=("x",)),
                                Step("x", "X.", _cheer)))


def test_every_stuffed_step_is_the_seat_whose_turn_it_is() -> None:
    steps = stuffed_table.STEPS
    assert steps.names()[:3] == ["offer", "roll", "reroll"]
    assert {step.who for step in steps} == {Who.TURN}
    assert steps.get("nothing") is None and "end-turn" in steps


def test_words_follow_each_parameter_of_a_step() -> None:
    recruit = stuffed_table.STEPS["recruit"]
    assert complete(recruit, None, [], "--m") == ["--mercenary"]
    assert complete(recruit, None, ["grunt", "-a"], "c") == ["c", "ch"]
    assert complete(recruit, None, ["grunt", "--with"], "") == list(stuffed_table.SYMBOLS)
    buy = stuffed_table.STEPS["buy"]
    assert complete(buy, None, [], "c") == ["coin", "card"]
    assert complete(buy, None, ["coin"], "") == []  # nothing more to say but options


# --- the Conflict's table -------------------------------------------------------------------

from player_support import make_table  # noqa: E402

import conflict.intents.step_table as conflict_table  # noqa: E402
from cli.players.steps import help_lines  # noqa: E402


def _pause(state: Any, values: Values) -> list[Any]:
    from conflict.events import Defeat
    from conflict.intents.steps import participant

    return [Defeat(participant(state, values["name"]), reason=f"pauses: {values['why']}")]


PAUSE: Step[Any] = Step(
    "pause", "Take a participant out for a breath.", _pause,
    (Param("name", "The participant.", Kind.NAME, positional=True, required=True,
           complete=lambda state, _typed: [p.name for p in state.participants]),
     Param("why", "Why, in words.", default="", metavar="TEXT")),
    help="The Narrator takes NAME out for a breath (R-CON-21).", who=Who.HOST,
    phrase=lambda words: {"name": words[0], "why": " ".join(words[1:])},
    usage="pause NAME [why]")


def test_r_con_21_a_step_added_to_the_conflicts_table_is_in_every_door(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conflict_table, "STEPS", conflict_table.STEPS.adding(PAUSE))
    db = tmp_path / "t.db"
    table = make_table(db)
    listing = run(db, "conflict", "--help").output
    assert "pause      Take a participant out for a breath." in listing
    helped = run(db, "conflict", "pause", "--help").output
    assert "The Narrator takes NAME out for a breath (R-CON-21)." in helped
    done = run(db, "conflict", "pause", "prelate", "--why", "winded")
    assert done.exit_code == 0, done.output
    assert "The Hollow Prelate" in done.output
    # The Narrator's shell: a verb, in the help, completed; refused to a player.
    assert "pause NAME [why]" in help_lines(host=True)[-1]
    gm = PlayerShell(table, "gm", color=False)
    assert [c.text for c in gm.completions("pau")] == ["pause"]
    refused = PlayerShell(table, "ada", color=False).handle("pause brannoch")
    assert refused.status == 2
    assert gm.handle("pause brannoch tired").status == 0
    shell = ShellComplete(main, {}, "mistborn", "_MISTBORN_COMPLETE")
    assert "pause" in [item.value for item in
                       shell.get_completions(["conflict"], "pa")]


# --- every step's command, given nothing ----------------------------------------------------

_GAMES = {"conflict": "conflict.intents.step_table", "stuffed": "boardgames.stuffed.step_table",
          "dbg": "boardgames.deckbuilding.step_table", "hw": "boardgames.housewar.step_table"}


def _required(group: str) -> list[str]:
    import importlib

    steps = importlib.import_module(_GAMES[group]).STEPS
    return [step.name for step in steps if any(p.required for p in step.params)]


@pytest.mark.parametrize("group", list(_GAMES))
def test_a_step_given_none_of_what_it_needs_is_refused_in_one_line(
        tmp_path: Path, group: str) -> None:
    # Each step that needs an argument or option, typed bare: click's one line, exit 2,
    # and nothing written (a required parameter is never taken as left out).
    db = tmp_path / "t.db"
    table = seated(db, ("ann", "bo"), HEIST)
    for args in (["conflict", "new", "Fight", "--physical"],
                 ["dbg", "new", "--players", "ann", "bo", "--coop"],
                 ["hw", "new", "--players", "3", "--length", "short", "--houses", "Lekal",
                  "Venture", "Hasting"]):
        assert run(db, *args).exit_code == 0
    before = {kind: len(table.read(kind, info.name).entries) for kind in
              ("conflict", "stuffed", "deckbuilding", "housewar")
              for info in [table.current(kind)] if info is not None}
    for name in _required(group):
        done = run(db, group, name)
        assert done.exit_code == 2, (name, done.output)
        assert done.exception is None or isinstance(done.exception, SystemExit), name
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("mistborn: "), (name, done.stderr)
    after = {kind: len(table.read(kind, info.name).entries) for kind in
             ("conflict", "stuffed", "deckbuilding", "housewar")
             for info in [table.current(kind)] if info is not None}
    assert after == before


def test_a_steps_help_names_parameters_and_each_door_words_them() -> None:
    # The table's help says {faces}; the command line says --faces, the Conflict's shell
    # its own words (R-STF-2, R-CON-7): no help text of a table names a door's option.
    from cli.common.step_commands import worded

    roll = stuffed_table.STEPS["roll"]
    assert "{faces}" in roll.summary and "--" not in roll.summary
    assert roll.worded(roll.summary, worded) == "Roll the 8 dice (or enter them: --faces)."
    declare = conflict_table.STEPS["declare"]
    assert "--target" in declare.worded(declare.help, worded)
    test = conflict_table.STEPS["test"]
    assert test.worded("{challenge}", worded) == "--challenge"  # a switch's opposite
    assert test.worded("{nothing}", worded) == "{nothing}"  # not one of its parameters
    for steps in (stuffed_table.STEPS, conflict_table.STEPS):
        for step in steps:
            texts = [step.summary, step.help, *(p.help for p in step.params)]
            assert not any("--" in text for text in texts), step.name


def test_a_steps_shapes_are_its_usage_cut_at_each_dot() -> None:
    from conflict.intents.step_table import STEPS

    assert STEPS["declare"].shapes == ("d attack NAME 5 [with GEAR]",
                                       "d action 4 [at NAME] [harmless]", "d defense 4",
                                       "d noroll [what]")
    assert STEPS["hold"].shapes == ("h",) and CHEER.shapes == ()
