"""``mistborn conflict``: a Conflict run step by step from the command line, saved in a
real table file, through CliRunner and through real processes writing at once."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cli_support import one_line_refusal
from click.testing import CliRunner, Result
from profiles import sized

from cli.main import main
from table import Table

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(str(p) for p in (ROOT / "examples").glob("*.toml"))
MISTBORN = [sys.executable, "-c", "import sys; from cli.main import main; "
            "sys.argv = ['mistborn'] + sys.argv[1:]; main()"]


def run(db: Path, *args: str, columns: int = 80) -> Result:
    env = {"MISTBORN_DB": str(db), "COLUMNS": str(columns), "NO_COLOR": "1",
           "MISTBORN_AS": "Narrator"}
    return CliRunner().invoke(main, list(args), env=env)


def ok(db: Path, *args: str, columns: int = 80) -> str:
    result = run(db, *args, columns=columns)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    return result.stdout


def refused(db: Path, *args: str) -> str:
    return one_line_refusal(run(db, *args))


def step(db: Path, *args: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok(db, "conflict", *args, "--json"))
    return data


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "table.db"
    ok(path, "char", "import", *EXAMPLES)
    return path


def rooftops(db: Path) -> None:
    ok(db, "conflict", "new", "Rooftops", "--physical", "--stakes", "the atium cache")
    ok(db, "conflict", "add", "tamsin", "brannoch")
    ok(db, "conflict", "add", "hazekillers")


def test_r_con_1_a_new_conflict_is_current_and_says_what_comes_next(db: Path) -> None:
    out = ok(db, "conflict", "new", "Rooftops", "--physical", "--stakes", "the cache")
    assert out == "A physical Conflict begins over the cache.\nNext: Add participants\n"
    assert "Rooftops" in ok(db, "conflict", "list")
    assert "say what the Conflict hurts" in refused(db, "conflict", "new", "Other")
    assert "already" in refused(db, "conflict", "new", "rooftops", "--mental")


def test_a_whole_round_step_by_step_with_dice_from_the_table(db: Path) -> None:
    rooftops(db)
    data = step(db, "declare", "haze", "attack", "5", "-t", "tamsin")
    assert data["said"] == ["Hazekillers of House Orrell declare an attack on Tamsin Vey: "
                            "5 Action Dice."]
    assert data["next"]["who"] == ["Tamsin Vey"]
    ok(db, "conflict", "declare", "tamsin", "attack", "-t", "haze", "-u", "physique",
       "--trait", "rooftop runner", "-w", "glass")
    out = ok(db, "conflict", "declare", "brannoch", "defense", "4")
    assert out.endswith("Next: Tamsin Vey and Hazekillers of House Orrell act (5 Action "
                        "Dice)\n")
    data = step(db, "act", "tamsin", "4")
    assert data["next"]["expect"] == "defense"
    step(db, "take", "haze")
    data = step(db, "roll", "--faces", "5,5,6,1")  # Result 5, 1 Nudge
    assert data["said"] == ["Action 2: Tamsin Vey rolls 5 5 6 1 (Result 5, 1 Nudge): the "
                            "attack succeeds."]
    data = step(db, "damage")
    # R-CON-18/19: 1 + 1 Nudge + 1 for the dagger: three Extras fall.
    assert data["said"] == ["3 of Hazekillers of House Orrell fall (1 + 1 Nudge + 1 for "
                            "the Glass dagger): 5 left."]
    step(db, "act", "haze", "5")
    step(db, "react", "tamsin", "push")  # her 3-die Reaction, adding nothing
    # The group began the step with 8 members: 8 roll (R-CON-2, the step ruling).
    rows = "/".join(["4,4,1,2,3"] + ["1,2,3,4,5"] * 7)
    data = step(db, "roll", "--faces", rows, "--against", "3,3,6")
    assert data["said"][0] == ("Action 1: Hazekillers of House Orrell roll 4 4 1 2 3 "
                               "(Result 4, best of 8); Tamsin Vey rolls 3 3 6 (Result 3, "
                               "1 Nudge): the attack succeeds.")
    board = json.loads(ok(db, "conflict", "show", "--json"))
    haze = next(p for p in board["participants"] if p["name"].startswith("Hazekillers"))
    assert haze["members"] == 5


def test_r_con_18_damage_after_a_failed_action_says_it_failed(db: Path) -> None:
    """R-CON-18: a failed action deals no damage; `damage`, with or without the
    action's number, says so (exit 2, nothing changed), not that none is resolving."""
    rooftops(db)
    ok(db, "conflict", "declare", "haze", "attack", "5", "-t", "tamsin")
    ok(db, "conflict", "declare", "tamsin", "attack", "-t", "haze", "-u", "physique")
    ok(db, "conflict", "declare", "brannoch", "defense", "4")
    ok(db, "conflict", "act", "haze")
    ok(db, "conflict", "take", "tamsin")
    assert ok(db, "conflict", "roll", "--faces", "1,2,3,4,5").split("\n")[0].endswith(":")
    before = ok(db, "log", "--json")
    said = "R-CON-18: action 1 failed; there is no damage to deal"
    assert refused(db, "conflict", "damage") == said
    assert refused(db, "conflict", "damage", "--action", "1") == said
    assert ok(db, "log", "--json") == before


def test_r_con_11_a_declaration_of_1_action_die_is_refused_at_once(db: Path) -> None:
    """R-CON-11 ruling: a pool "must fall between 2 and 10 dice", and 1 die is "not
    enough to form a pool": declaring an action of 1 Action Die is refused when
    declared (exit 2, nothing saved), not accepted and then refused at acting."""
    rooftops(db)
    before = ok(db, "log", "--json")
    assert refused(db, "conflict", "declare", "haze", "attack", "1", "-t", "tamsin") == (
        "R-CON-11: an action that needs a roll takes 2 or more Action Dice: 1 die is not "
        "enough to form a pool (DICE)")
    assert ok(db, "log", "--json") == before


def test_r_con_5_a_participant_joining_surprised_in_round_2_declares_first(db: Path) -> None:
    """R-CON-5's ruling: "surprise lasts for the round in which the participant is
    surprised (round 1, or the round it joins)": the Prelate (Wits 5) joining round 2
    surprised declares first, and what-now says so."""
    rooftops(db)
    for name in ("haze", "tamsin", "brannoch"):
        ok(db, "conflict", "declare", name, "no-roll")
    ok(db, "conflict", "end-round")
    out = ok(db, "conflict", "add", "prelate", "--surprised")
    assert out.endswith("surprised.\nNext: The Hollow Prelate declares\n")
    assert refused(db, "conflict", "declare", "haze", "no-roll") == (
        "R-CON-5: The Hollow Prelate is surprised and declares before Hazekillers of "
        "House Orrell")
    ok(db, "conflict", "declare", "prelate", "no-roll")
    assert ok(db, "conflict", "show").split("\n")[2] == (
        "Next: Hazekillers of House Orrell declare")


def test_a_step_out_of_turn_is_one_line_naming_the_rule_and_changes_nothing(db: Path) -> None:
    rooftops(db)
    before = ok(db, "conflict", "show", "--json")
    message = refused(db, "conflict", "declare", "brannoch", "attack", "4", "-t", "haze")
    assert message.startswith("R-CON-4: Hazekillers of House Orrell (Wits 3) declare before")
    assert ok(db, "conflict", "show", "--json") == before
    assert "no participant named 'vin'" in refused(db, "conflict", "hold", "vin")


@pytest.mark.parametrize(("args", "message"), [
    (["conflict", "new", "X", "--physical", "--social"],
     "a Conflict is of one nature (R-CON-1): --physical and --social were given"),
    (["conflict", "declare", "haze", "defense", "3", "-t", "tamsin"],
     "a target goes with an action aimed at someone; full defense (R-CON-7b) is aimed at "
     "no one"),
    (["conflict", "declare", "haze", "no-roll", "--kind", "social", "--with", "arrows"],
     "a kind of attack and equipment go with an action aimed at someone; an action that "
     "needs no roll (R-CON-7c) is aimed at no one"),
    (["conflict", "declare", "haze", "no-roll", "3"],
     "an action that needs no roll takes no dice (R-CON-7c)"),
])
def test_contradictory_steps_are_refused_not_half_taken(db: Path, args: list[str],
                                                        message: str) -> None:
    rooftops(db)
    before = ok(db, "log", "--json")
    assert refused(db, *args) == message
    assert ok(db, "log", "--json") == before


def test_dice_typed_with_a_gap_or_twice_for_one_defender_are_refused(db: Path) -> None:
    rooftops(db)
    ok(db, "conflict", "declare", "haze", "defense", "3")
    ok(db, "conflict", "declare", "tamsin", "attack", "4", "-t", "haze")
    ok(db, "conflict", "declare", "brannoch", "no-roll")
    ok(db, "conflict", "act", "tamsin")
    ok(db, "conflict", "defend", "haze", "3")
    before = ok(db, "log", "--json")
    assert refused(db, "conflict", "roll", "--faces", "5,,5,2,1") == (
        "'5,,5,2,1' has a comma with no face beside it; write the dice rolled, "
        "e.g. 5,5,3 (a group: its kept roll, or every member's 5,5,3/4,4,1) (--faces)")
    assert refused(db, "conflict", "roll", "--faces", "5,5,2,1", "--against", "haze=1,1,2",
                   "--against", "hazekillers=3,3,2") == (
        "Hazekillers of House Orrell's dice are given twice; give each defender's "
        "once (--against)")
    assert ok(db, "log", "--json") == before
    ok(db, "conflict", "roll", "--faces", "5, 5, 2, 1", "--against",
       "/".join(["1,2,3"] * 8))  # spaces after commas are fine


def test_undo_takes_back_one_step_and_the_log_keeps_it(db: Path) -> None:
    rooftops(db)
    ok(db, "conflict", "declare", "haze", "defense", "3")
    data = step(db, "undo")
    assert data["said"] == ["Undone: Hazekillers of House Orrell declare full defense: 3 "
                            "Defense Dice."]
    assert data["next"]["who"] == ["Hazekillers of House Orrell"]
    log = json.loads(ok(db, "log", "--json"))
    assert log[-1]["undone_by"] == "Narrator" and "(undone by Narrator)" in log[-1]["text"]


def test_r_con_1_a_conflict_begun_wrong_is_undone_and_begun_again_under_its_name(
        db: Path) -> None:
    # Physical where the Narrator meant social: undo takes the start back, says how to
    # begin again, and `new` under the same name does (before, the name stayed taken by
    # a Conflict no step could reach: R-CON-1 refused every step, and `new` the name).
    ok(db, "conflict", "new", "Canal fight", "--physical")
    said = " ".join(ok(db, "conflict", "undo", columns=40).split())
    assert said.endswith("Begin it again with: mistborn conflict new 'Canal fight' "
                         "--physical, --mental or --social")
    assert "A social Conflict begins." in ok(db, "conflict", "new", "canal fight", "--social")
    ok(db, "conflict", "add", "tamsin")
    assert json.loads(ok(db, "conflict", "show", "--json"))["nature"] == "social"
    assert "'canal fight' is already a conflict" in refused(
        db, "conflict", "new", "canal fight", "--mental")
    told = [entry["text"] for entry in json.loads(ok(db, "log", "--json"))]
    assert told[0].startswith("A physical Conflict begins.") and "(undone by" in told[0]


def test_r_con_18_with_nothing_declares_no_equipment_as_at_a_phone(db: Path) -> None:
    # "- / none / nothing" is no equipment in the player shell's words; the command
    # line's --with read it as a name and refused it.
    rooftops(db)
    for gear in ("nothing", "-"):
        declared = step(db, "declare", "haze", "attack", "4", "-t", "tamsin", "--with", gear)
        assert declared["events"][0]["equipment"] is None
        assert "with" not in declared["said"][0]
        step(db, "undo")
    assert "no equipment" in refused(db, "conflict", "declare", "haze", "attack", "4",
                                     "-t", "tamsin", "--with", "sling")


def test_r_con_21_the_end_writes_damage_to_the_roster_and_undo_puts_it_back(db: Path) -> None:
    rooftops(db)
    ok(db, "conflict", "declare", "haze", "attack", "5", "-t", "tamsin", "-w", "arrows")
    ok(db, "conflict", "declare", "tamsin", "defense", "3")
    ok(db, "conflict", "declare", "brannoch", "no-roll")
    ok(db, "conflict", "act", "haze", "5")
    ok(db, "conflict", "take", "tamsin")
    ok(db, "conflict", "roll", "--faces", "5,5,6,1,2/1,2,3,4,5/1,2,3,4,5/1,2,3,4,5/"
                                          "1,2,3,4,5/1,2,3,4,5/1,2,3,4,5/1,2,3,4,5")
    ok(db, "conflict", "damage")  # 1 + 1 Nudge + 1 (arrows) = 3 Health
    sheet = json.loads(ok(db, "char", "show", "tamsin", "--json"))
    assert sheet["resiliences"]["health"]["damage"] == 0  # not yet: the Conflict goes on
    ok(db, "conflict", "end-round")
    ok(db, "conflict", "end", "the", "crew", "slips", "away")
    sheet = json.loads(ok(db, "char", "show", "tamsin", "--json"))
    assert sheet["resiliences"]["health"]["damage"] == 3
    ok(db, "conflict", "undo")
    sheet = json.loads(ok(db, "char", "show", "tamsin", "--json"))
    assert sheet["resiliences"]["health"]["damage"] == 0
    ok(db, "conflict", "end", "again")
    ok(db, "char", "heal", "tamsin", "health", "1")  # the sheet changes after the end
    message = refused(db, "conflict", "undo")
    assert message.startswith("R-CON-21: Tamsin Vey's sheet changed since the Conflict ended")


def test_r_con_15_against_when_the_target_took_the_blow_says_no_one_rolls(db: Path) -> None:
    rooftops(db)
    ok(db, "conflict", "declare", "haze", "attack", "5", "-t", "tamsin", "-w", "arrows")
    ok(db, "conflict", "declare", "tamsin", "defense", "3")
    ok(db, "conflict", "declare", "brannoch", "no-roll")
    ok(db, "conflict", "act", "haze", "5")
    ok(db, "conflict", "take", "tamsin")
    assert refused(db, "conflict", "roll", "--faces", "5,5,6,1,2", "--against", "5,5,3") == (
        "no one rolls against this action: name no defender's dice (R-CON-15) "
        "(--against)")


def _hit_tamsin(db: Path, conflict: str) -> None:
    """In ``conflict`` (Tamsin against the Hollow Prelate), the Prelate deals Tamsin
    1 + 1 Nudge + 2 for the axe = 4 Health, and the round ends."""
    ok(db, "conflict", "use", conflict)
    ok(db, "conflict", "declare", "tamsin", "defense", "2")
    ok(db, "conflict", "declare", "prelate", "attack", "6", "-t", "tamsin", "-w", "axe")
    ok(db, "conflict", "act", "prelate")
    ok(db, "conflict", "take", "tamsin")
    ok(db, "conflict", "roll", "--faces", "5,5,6,1,2,3")
    ok(db, "conflict", "damage")
    ok(db, "conflict", "end-round")


def _health(db: Path, name: str = "tamsin") -> tuple[int, int]:
    health = json.loads(ok(db, "char", "show", name, "--json"))["resiliences"]["health"]
    return health["full"], health["damage"]


def test_r_con_21_the_end_adds_its_damage_to_the_sheet_as_it_stands_then(db: Path) -> None:
    # Nothing done to the sheet while a Conflict runs is lost when it ends: not the
    # Narrator's own damage, not another Conflict's, not an edit of the full score.
    for name in ("Docks", "Bridge"):
        ok(db, "conflict", "new", name, "--physical")
        ok(db, "conflict", "add", "tamsin", "prelate")
    _hit_tamsin(db, "Docks")
    _hit_tamsin(db, "Bridge")
    ok(db, "char", "damage", "tamsin", "health", "1")  # meanwhile, by hand
    assert _health(db) == (8, 1)
    ok(db, "conflict", "use", "Docks")
    ok(db, "conflict", "end", "the", "docks", "burn")
    assert _health(db) == (8, 5)
    ok(db, "char", "set", "tamsin", "resiliences.health.full=10")
    ok(db, "conflict", "use", "Bridge")
    ok(db, "conflict", "end", "the", "bridge", "holds")
    assert _health(db) == (10, 9)  # 1 + 4 + 4 on the score as edited
    ok(db, "conflict", "undo")  # the Bridge's end taken back: its 4 leave the sheet
    assert _health(db) == (10, 5)


def test_r_con_21_damage_added_at_the_end_stops_at_the_full_score(db: Path) -> None:
    ok(db, "conflict", "new", "Docks", "--physical")
    ok(db, "conflict", "add", "tamsin", "prelate")
    _hit_tamsin(db, "Docks")
    ok(db, "char", "damage", "tamsin", "health", "6")
    ok(db, "conflict", "end", "over")
    assert _health(db) == (8, 8)  # 6 + 4 stops at 8: Health 0 (R-CON-20)


def test_r_con_21_a_conflict_that_dealt_nothing_leaves_the_sheet_untouched(db: Path) -> None:
    rooftops(db)
    before = json.loads(ok(db, "char", "show", "tamsin", "--json"))
    ok(db, "conflict", "end", "nobody", "moved")
    assert json.loads(ok(db, "char", "show", "tamsin", "--json")) == before
    ok(db, "char", "damage", "brannoch", "health", "1")
    ok(db, "conflict", "undo")  # nothing was written, so nothing stands in the way


def test_the_board_s_last_lines_hold_rolls_made_meanwhile(db: Path) -> None:
    ok(db, "roll", "2", "--as", "Cyd", "--for", "an old roll")  # before the Conflict
    rooftops(db)
    ok(db, "conflict", "declare", "haze", "attack", "5", "-t", "tamsin")
    ok(db, "roll", "4", "--as", "Vin", "--for", "the lock", "--seed", "3")
    ok(db, "conflict", "declare", "tamsin", "defense", "3")
    last = json.loads(ok(db, "conflict", "show", "--json", "--last", "3"))["last"]
    assert last[0] == "Hazekillers of House Orrell declare an attack on Tamsin Vey: " \
                      "5 Action Dice."
    assert last[1].startswith("Vin rolls 4 for the lock: ")
    assert last[2] == "Tamsin Vey declares full defense: 3 Defense Dice."
    everything = json.loads(ok(db, "conflict", "show", "--json", "--last", "50"))["last"]
    assert not any("an old roll" in line for line in everything)


def test_the_log_and_the_list_wrap_at_40_columns_without_cutting_words(db: Path) -> None:
    rooftops(db)
    ok(db, "conflict", "declare", "haze", "attack", "5", "-t", "tamsin", "-w", "arrows")
    for args in (["log"], ["conflict", "list"]):
        out = ok(db, *args, columns=40)
        lines = out.splitlines()
        assert max(len(line) for line in lines) <= 40
        assert any(line.startswith("  ") for line in lines)  # a sentence went on
        assert "Obsidian-tipped arrows" in " ".join(out.split()) or args != ["log"]


def test_roll_as_a_player_goes_to_the_roll_log(db: Path) -> None:
    ok(db, "roll", "5", "--as", "Vin", "--for", "the lock", "--seed", "3")
    log = json.loads(ok(db, "log", "--json"))
    assert log[-1]["who"] == "Vin" and log[-1]["purpose"] == "the lock"
    assert log[-1]["faces"] == [2, 5, 5, 2, 3] and log[-1]["result"] == 5
    assert "goes with --as" in refused(db, "roll", "5", "--for", "x")


def test_roll_as_a_characters_whole_name_in_any_case_logs_the_stored_name(db: Path) -> None:
    ok(db, "roll", "3", "--as", "  TAMSIN vey ")
    ok(db, "roll", "2", "--as", " Kelsier ")  # no character of the table: as typed
    assert [entry["who"] for entry in json.loads(ok(db, "log", "--json"))] == [
        "Tamsin Vey", "Kelsier"]


def test_roll_as_the_start_of_a_characters_name_is_refused_with_the_name_meant(
        db: Path) -> None:
    """Who writes is a whole name: the start of one (``tamsin`` for Tamsin Vey) is a
    near miss, refused with the hint and exit status 2, and no roll is logged."""
    before = ok(db, "log", "--json")
    assert refused(db, "roll", "5", "--as", "tamsin") == (
        "no character or player named 'tamsin' — did you mean 'Tamsin Vey'? "
        "(--as and $MISTBORN_AS take a whole name)")
    assert ok(db, "log", "--json") == before


def test_mistborn_as_naming_a_character_writes_the_steps_as_its_stored_name(db: Path
                                                                            ) -> None:
    rooftops(db)
    env = {"MISTBORN_DB": str(db), "NO_COLOR": "1",
           "MISTBORN_AS": "hazekillers of HOUSE orrell"}
    result = CliRunner().invoke(main, ["conflict", "declare", "haze", "attack", "5", "-t",
                                       "tamsin"], env=env)
    assert result.exit_code == 0, result.output
    ok(db, "conflict", "declare", "tamsin", "defense", "3", "--as", "BRANNOCH")
    whos = [entry["who"] for entry in json.loads(ok(db, "log", "--conflict", "Rooftops", "--json"))]
    assert whos[-2:] == ["Hazekillers of House Orrell", "Brannoch"]
    before = ok(db, "log", "--json")
    env["MISTBORN_AS"] = "hazekillers"
    result = CliRunner().invoke(main, ["conflict", "hold", "brannoch"], env=env)
    assert result.exit_code == 2 and "did you mean 'Hazekillers of House Orrell'?" in (
        result.stderr), result.output
    assert ok(db, "log", "--json") == before


def test_two_terminals_writing_at_once_lose_nothing(db: Path, tmp_path: Path) -> None:
    # Two Narrator terminals and a player script record 30 rolls each while a third
    # process declares and undoes in a Conflict (3 times; 10 under the deep profile):
    # every write is there, none twice.
    undos = sized(3, 10)
    rooftops(db)
    env = {**os.environ, "MISTBORN_DB": str(db), "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen(
        [*MISTBORN[:2], "import sys\nfrom cli.main import main\n"
         f"for i in range(30):\n    sys.argv = ['mistborn', 'roll', '3', '--as', 'p{n}', "
         f"'--for', str(i)]\n    try: main()\n    except SystemExit as e: assert e.code == 0"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        for n in range(3)]
    for _ in range(undos):
        done = subprocess.run([*MISTBORN, "conflict", "declare", "haze", "defense", "3",
                               "--as", "other"], env=env, capture_output=True, text=True,
                              check=False)
        assert done.returncode == 0, done.stderr
        done = subprocess.run([*MISTBORN, "conflict", "undo", "--as", "other"], env=env,
                              capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
    for proc in procs:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0 and err == ""
    with Table(db) as table:
        rolls = table.rolls()
        assert sorted((r.who, r.purpose) for r in rolls) == sorted(
            (f"p{n}", str(i)) for n in range(3) for i in range(30))
        log = table.read("conflict", "Rooftops", include_undone=True)
        assert [e.seq for e in log.entries] == list(range(1, len(log.entries) + 1))
        assert sum(e.undone for e in log.entries) == undos


@pytest.mark.parametrize(("words", "expected"), [
    ("mistborn con", ["conflict"]),
    ("mistborn char show ta", ["Tamsin Vey"]),
    ("mistborn char show house", ["Hazekillers of House Orrell"]),
    ("mistborn conflict act h", ["Hazekillers of House Orrell"]),
    ("mistborn conflict add or", ["Orrin Haskel", "Hazekillers of House Orrell"]),
    ("mistborn dem", ["demo"]),
    ("mistborn conflict use roo", ["Rooftops"]),
    ("mistborn conflict simulate r", ["Rooftops"]),
    ("mistborn conflict act -c roof", ["Rooftops"]),
    ("mistborn log --conflict R", ["Rooftops"]),
])
def test_shell_completion_of_commands_and_names(db: Path, words: str,
                                                expected: list[str]) -> None:
    # As zsh and fish ask (names as they are; bash's escaping has its own test).
    rooftops(db)
    env = {**os.environ, "MISTBORN_DB": str(db), "PYTHONPATH": str(ROOT),
           "COMP_WORDS": words, "COMP_CWORD": str(len(words.split()) - 1),
           "_MISTBORN_COMPLETE": "zsh_complete"}
    done = subprocess.run([*MISTBORN], env=env, capture_output=True, text=True, check=False)
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0::3] == ["plain"] * len(expected)
    assert lines[1::3] == expected


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_bash_completes_a_name_of_several_words_into_a_command_that_works(db: Path) -> None:
    # The real bash, with the script click writes for it: the completed line runs.
    script = Path(sys.executable).parent / "mistborn"
    env = {**os.environ, "MISTBORN_DB": str(db), "NO_COLOR": "1", "COLUMNS": "80",
           "PATH": f"{script.parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    program = """
        eval "$(_MISTBORN_COMPLETE=bash_source mistborn)"
        COMP_WORDS=(mistborn char show house); COMP_CWORD=3
        _mistborn_completion mistborn
        [ "${#COMPREPLY[@]}" = 1 ] || exit 3
        line="mistborn char show ${COMPREPLY[0]} --json"
        printf '%s\\n' "$line" >&2
        eval "$line"
    """
    done = subprocess.run(["bash", "--norc", "-c", program], env=env, capture_output=True,
                          text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stderr == "mistborn char show Hazekillers\\ of\\ House\\ Orrell --json\n"
    assert json.loads(done.stdout)["name"] == "Hazekillers of House Orrell"


def test_ctrl_c_while_waiting_on_a_locked_table_exits_130_at_once(db: Path) -> None:
    import signal
    import sqlite3
    import time

    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another program is writing, and keeps at it
    try:
        env = {**os.environ, "MISTBORN_DB": str(db), "PYTHONPATH": str(ROOT)}
        waiting = subprocess.Popen([*MISTBORN, "roll", "3", "--as", "Vin"], env=env,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(1.0)  # it is now waiting for the lock
        assert waiting.poll() is None
        sent = time.perf_counter()
        waiting.send_signal(signal.SIGINT)
        _, err = waiting.communicate(timeout=5)
        assert time.perf_counter() - sent < 1.0
        assert waiting.returncode == 130
        assert err.strip() == "mistborn: interrupted"
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    with Table(db) as table:
        assert table.rolls() == []  # nothing half-written


def test_file_faults_are_one_line_and_change_nothing(db: Path, tmp_path: Path) -> None:
    import sqlite3

    # A table another program keeps locked past the wait.
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        result = CliRunner().invoke(main, ["roll", "3", "--as", "Vin"],
                                    env={"MISTBORN_DB": str(db), "MISTBORN_WAIT": "0.3"})
        assert result.exit_code == 2
        assert result.stderr.startswith("mistborn: the table is busy: another program has "
                                        "been writing to it for")
        assert result.stderr.count("\n") == 1
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    # Not a table at all; a damaged one.
    junk = tmp_path / "notes.db"
    junk.write_bytes(b"These are my campaign notes, not a table.\n" * 100)
    message = refused(junk, "char", "list")
    assert "not a table" in message or "not a database" in message
    assert junk.read_bytes().startswith(b"These are my campaign notes")
    damaged = tmp_path / "damaged.db"
    damaged.write_bytes(db.read_bytes())
    with damaged.open("r+b") as file:
        file.seek(4096 * 2)
        file.write(b"\xde\xad\xbe\xef" * 2048)
    message = refused(damaged, "conflict", "list")
    assert "damaged" in message or "malformed" in message
    assert "a number of seconds" in CliRunner().invoke(
        main, ["char", "list"], env={"MISTBORN_DB": str(db), "MISTBORN_WAIT": "soon"}).stderr


def test_reveal_shows_players_a_villains_numbers_and_hide_takes_it_back(db: Path) -> None:
    rooftops(db)
    out = ok(db, "conflict", "reveal", "haze")
    assert out == ("Players now see Hazekillers of House Orrell's statistics and "
                   "Resiliences.\n")
    assert "(they already did)" in " ".join(ok(db, "conflict", "reveal", "hazekillers").split())
    data = json.loads(ok(db, "conflict", "reveal", "haze", "--hide", "--json"))
    assert data == {"name": "Hazekillers of House Orrell", "revealed": False, "changed": True}
    with Table(db) as table:
        assert table.revealed("conflict", "Rooftops") == ()
        ok(db, "conflict", "reveal", "brannoch")
        assert table.revealed("conflict", "Rooftops") == ("Brannoch",)
    assert "no participant named 'marsh'" in refused(db, "conflict", "reveal", "marsh")


def test_reveal_and_hide_say_so_within_a_phone_s_40_columns(db: Path) -> None:
    """The Narrator's reveal reads on a phone: the sentence wraps to the width, the
    lines after the first hanging in (no rule ID: every screen reads at 40 columns)."""
    rooftops(db)
    assert ok(db, "conflict", "reveal", "haze", columns=40).splitlines() == [
        "Players now see Hazekillers of House",
        "  Orrell's statistics and Resiliences.",
    ]
    assert ok(db, "conflict", "reveal", "haze", "--hide", columns=40).splitlines() == [
        "Hazekillers of House Orrell's numbers",
        "  are hidden from players.",
    ]


def test_show_for_players_keeps_unrevealed_numbers_hidden(db: Path) -> None:
    ok(db, "conflict", "new", "Docks", "--physical")
    ok(db, "conflict", "add", "tamsin", "prelate")
    ok(db, "conflict", "add", "hazekillers")
    ok(db, "conflict", "declare", "hazekillers", "defense", "3")
    everyone = {p["name"]: p for p in step(db, "show")["participants"]}
    assert everyone["The Hollow Prelate"]["resiliences"]["health"]["full"] == 14
    players = {p["name"]: p for p in step(db, "show", "--players")["participants"]}
    prelate, haze = players["The Hollow Prelate"], players["Hazekillers of House Orrell"]
    assert prelate["hidden"] and prelate["resiliences"] is None and prelate["wits"] is None
    assert haze["hidden"] and haze["wits"] is None and haze["members"] == 8  # Extras count
    assert "hidden" not in players["Tamsin Vey"]
    text = ok(db, "conflict", "show", "--players", columns=40)
    assert "Resiliences not revealed" in text and "14" not in text
    ok(db, "conflict", "reveal", "prelate")
    players = {p["name"]: p for p in step(db, "show", "--players")["participants"]}
    assert players["The Hollow Prelate"]["resiliences"]["health"]["full"] == 14


def test_r_con_11_one_action_die_left_is_no_pool_and_next_says_hold(db: Path) -> None:
    ok(db, "conflict", "new", "One", "--physical")
    ok(db, "conflict", "add", "tamsin", "prelate")
    ok(db, "conflict", "declare", "tamsin", "attack", "3", "--target", "prelate")
    ok(db, "conflict", "declare", "prelate", "attack", "4", "--target", "tamsin")
    ok(db, "conflict", "act", "prelate")
    ok(db, "conflict", "defend", "tamsin", "2")  # 2 of her 3 Action Dice: 1 is left
    said = ok(db, "conflict", "roll", "--faces", "1,2,3,4", "--against", "1,2")
    assert said.endswith("Next: Tamsin Vey holds (1 Action Die: too few to act)\n")
    assert refused(db, "conflict", "act", "tamsin") == (
        "R-CON-11: Tamsin Vey has 1 Action Die left, too few for a pool of 2: hold instead")
    ok(db, "conflict", "hold", "tamsin")
    assert refused(db, "conflict", "act", "tamsin").startswith(
        "R-CON-10: Tamsin Vey cannot act now")  # not "pool must be 2–10, got 0"


def test_r_con_21_end_round_with_one_side_standing_is_refused_unless_anyway(
        db: Path) -> None:
    ok(db, "conflict", "new", "Duel", "--physical")
    ok(db, "conflict", "add", "tamsin", "canton guards")
    ok(db, "conflict", "defeat", "canton", "--reason", "they run")
    said = ok(db, "conflict", "declare", "tamsin", "no-roll")
    assert said.endswith("Next: Round 1 is over and the opposition side is beaten: end the "
                         "Conflict\n")
    before = ok(db, "log", "--json")
    assert refused(db, "conflict", "end-round") == (
        "R-CON-21: the opposition side is beaten, so another round would be against no one:"
        " end the Conflict, or end the round anyway if someone is about to join (--anyway)")
    assert ok(db, "log", "--json") == before
    assert step(db, "end-round", "--anyway")["next"]["who"] == ["Tamsin Vey"]


def test_r_con_21_the_end_needs_its_outcome(db: Path) -> None:
    rooftops(db)
    before = ok(db, "log", "--json")
    for words in ([], ["  "]):
        assert refused(db, "conflict", "end", *words) == (
            "say how it ends, in words: the crew escapes (OUTCOME)")
    assert ok(db, "log", "--json") == before


def test_undo_takes_back_only_your_own_step_unless_anyone(db: Path) -> None:
    # Two writers at one Conflict: ada declares, then gm. ada's undo would take back
    # gm's step: it is refused, naming whose step it is, and changes nothing.
    rooftops(db)
    ok(db, "conflict", "declare", "haze", "defense", "3", "--as", "ada")
    ok(db, "conflict", "declare", "tamsin", "defense", "2", "--as", "gm")
    with Table(db) as table:
        before = table.read("conflict", "Rooftops", include_undone=True).version
    message = refused(db, "conflict", "undo", "--as", "ada")
    assert message == ("the last step of the conflict 'Rooftops' is gm's, not ada's: "
                       "nothing undone (undo --anyone takes it back)")
    with Table(db) as table:
        log = table.read("conflict", "Rooftops", include_undone=True)
        assert not any(entry.undone for entry in log.entries) and log.version == before
    assert "Undone: Tamsin Vey" in ok(db, "conflict", "undo", "--as", "gm")
    assert "Undone: Hazekillers" in ok(db, "conflict", "undo", "--as", "ada")
    ok(db, "conflict", "declare", "haze", "defense", "3", "--as", "ada")
    assert "Undone: Hazekillers" in ok(db, "conflict", "undo", "--as", "gm", "--anyone")
