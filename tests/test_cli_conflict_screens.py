"""The Narrator's screens with real terminals: the guided round (``conflict run``)
driven through a pseudo-terminal, the live board (``conflict watch``) following
another process, and the written account (``conflict export``) line by line."""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import sys
import time
from itertools import product
from pathlib import Path

import click
import pexpect
import pytest
from click.testing import CliRunner

from cli.main import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(str(p) for p in (ROOT / "examples").glob("*.toml"))
CODE = "import sys; from cli.main import main; sys.argv = ['mistborn'] + sys.argv[1:]; main()"


def ok(db: Path, *args: str) -> str:
    env = {"MISTBORN_DB": str(db), "NO_COLOR": "1", "COLUMNS": "80", "MISTBORN_AS": "Ada"}
    result = CliRunner().invoke(main, list(args), env=env)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "table.db"
    ok(path, "char", "import", *EXAMPLES)
    ok(path, "conflict", "new", "Rooftops", "--physical", "--stakes", "the atium cache")
    ok(path, "conflict", "add", "tamsin", "brannoch", "hazekillers")
    return path


def spawn(db: Path, *args: str, rows: int = 60, columns: int = 60) -> pexpect.spawn:
    # A terminal emulator answers prompt_toolkit's cursor-position requests; pexpect
    # does not, so the prompts are told not to ask (else typed keys wait on the answer).
    env = {**os.environ, "MISTBORN_DB": str(db), "TERM": "xterm", "NO_COLOR": "1",
           "MISTBORN_AS": "Narrator", "PYTHONPATH": str(ROOT), "PROMPT_TOOLKIT_NO_CPR": "1"}
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    return pexpect.spawn(sys.executable, ["-c", CODE, *args], env=env, encoding="utf-8",
                         dimensions=(rows, columns), timeout=15)


def words(text: str) -> str:
    """A pattern for ``text`` however the screen wrapped it (the prompt's own
    terminal codes between its words too)."""
    return r"(?:\s|\x1b\[[0-9;?]*[A-Za-z])+".join(re.escape(word) for word in text.split())


def events(db: Path) -> list[dict[str, object]]:
    data: list[dict[str, object]] = json.loads(ok(db, "conflict", "export", "--json"))
    return data


# --- the guided round --------------------------------------------------------------------


def test_help_shows_each_choice_s_simulated_win_chance_for_the_chooser_s_side(
        db: Path) -> None:
    """The heading's verb agrees with the chooser: a group is plural (R-CON-2), "If
    Hazekillers of House Orrell do this", a Hero singular ("If Brannoch does this")."""
    from cli.conflict.help import percent
    from conflict import saved as conflicts
    from conflict.simulate.whatif import what_if
    from table import Table

    run = spawn(db, "conflict", "run", "--seed", "5", columns=200)
    run.expect(r"Hazekillers of House Orrell \(Wits 3\) declare \[attack Tamsin Vey\]")
    run.sendline("?")
    run.expect(r"If Hazekillers of House Orrell do this, opposition wins \(simulated\):")
    with Table(db, create=False) as table:
        _saved, loaded = conflicts.load(table, "Rooftops")
    expected = what_if(loaded.state, side="opposition", seed=loaded.version)
    assert [answer.label for answer in expected] == [
        "attack Tamsin Vey", "attack Brannoch", "full defense"]
    for answer in expected:  # the library's answers, line by line
        win = answer.win
        run.expect_exact(f"  {answer.label}: {percent(win.value)} "
                         f"({percent(win.low)}–{percent(win.high)})")
    run.expect(r"Hazekillers of House Orrell \(Wits 3\) declare\b")  # asked again
    run.sendcontrol("c")
    run.expect(pexpect.EOF)
    run.close()
    assert run.exitstatus == 130
    assert events(db)[-1]["event"]["type"] == "add"  # type: ignore[index]


def test_a_whole_round_mostly_with_enter_with_an_undo_and_a_resume(db: Path) -> None:
    run = spawn(db, "conflict", "run", "--seed", "5", columns=200)
    # Declarations: the Hazekillers (Wits 3) first, then Tamsin and Brannoch.
    run.expect(r"Hazekillers of House Orrell \(Wits 3\) declare \[attack Tamsin Vey\]")
    run.sendline("")
    run.expect(r"\[physique\]")
    run.sendline("")
    run.expect(r"\[Obsidian-tipped arrows\]")
    run.sendline("")
    run.expect(r"declare an attack on Tamsin Vey")
    run.expect(r"Tamsin Vey \(Wits 4\) declares")
    run.sendline("u")  # undo the Hazekillers' declaration
    run.expect(r"Undone: Hazekillers of House Orrell declare an attack")
    run.expect(r"Hazekillers of House Orrell \(Wits 3\) declare\b")
    assert "Meanwhile" not in run.before  # one's own undo is told once
    run.sendline("defense")
    run.expect(r"Dice: ")
    run.sendline("3")
    run.expect(r"declare full defense: 3 Defense Dice")
    run.expect(r"Tamsin Vey \(Wits 4\) declares")
    run.sendcontrol("c")  # leave: everything so far is saved
    run.expect(r"Saved\. Run mistborn conflict run to carry on\.")
    run.expect(pexpect.EOF)
    run.close()
    assert run.exitstatus == 130
    kinds = [(e["event"]["type"], e["undone_by"]) for e in events(db)]  # type: ignore[index]
    assert kinds[-2:] == [("declare", "Narrator"), ("declare", None)]

    again = spawn(db, "conflict", "run", "--seed", "5", columns=200)  # resumes there
    again.expect(r"Tamsin Vey \(Wits 4\) declares \[attack Hazekillers of House Orrell\]")
    again.sendline("")  # Tamsin: attack the Hazekillers, with Physique, her best gear
    again.expect(r"\[physique\]")
    again.sendline("")
    again.expect(r"\[Pouch of coins\]")
    again.sendline("")
    again.expect(r"Brannoch \(Wits 4\) declares")
    again.sendline("?")
    again.expect(r"Choices:")
    again.expect(r"targets: Hazekillers of House Orrell\r\n")  # foes; Tamsin is an ally
    again.expect(r"Brannoch \(Wits 4\) declares")
    again.sendline("")
    again.expect(r"\[physique\]")
    again.sendline("")
    again.expect(r"\[Iron-shod staff\]")
    again.sendline("")
    # Resolution: the Narrator's tests, then Brannoch (5 dice) before Tamsin (4).
    for _ in range(2):
        again.expect(r"contest or challenge, Difficulty \[contest 0\]")
        again.sendline("")
    again.expect(r"Brannoch acts \(5 Action Dice\): act N, change, hold \[act 5\]")
    again.sendline("")
    again.expect(r"Hazekillers of House Orrell against action \d+")
    again.sendline("")
    again.expect(r"rolls \(Brannoch 5 vs Hazekillers of House Orrell 3 ×8\)")
    again.sendline("5,5,6,1,2 ; 1,2,3/1,2,3/1,2,3/1,2,3/1,2,3/1,2,3/1,2,3/4,4,1")
    again.expect(r"Brannoch rolls 5 5 6 1 2 \(Result 5, 1 Nudge\)")
    again.expect(r"Nudges to damage")
    again.sendline("")
    again.expect(r"3 of Hazekillers of House Orrell fall")
    again.expect(r"Tamsin Vey acts \(4 Action Dice\)")
    again.sendline("hold")
    again.expect(r"Round 1 is over")
    for slip in ("end", "ned the crew wins"):  # neither ends the round by mistake
        again.sendline(slip)
        again.expect(r"! .*(say how it ends|Enter or 'next')")
        again.expect(r"Round 1 is over")
    again.sendline("")
    again.expect(r"Round 1 ends")
    again.expect(r"Hazekillers of House Orrell \(Wits 3\) declare\b")  # round 2 asks on
    again.sendcontrol("c")
    again.expect(pexpect.EOF)
    again.close()
    assert again.exitstatus == 130
    said = ok(db, "log", "--conflict", "rooftops")
    assert "Brannoch rolls 5 5 6 1 2" in said and "Round 1 ends" in said


def _no_refusal(text: str) -> None:
    """No answer was refused in ``text`` (a refusal is a line starting "! ")."""
    assert "! " not in text and "R-CON" not in text, text


def test_the_round_picks_up_a_step_another_process_wrote_meanwhile(db: Path) -> None:
    run = spawn(db, "conflict", "run", columns=200)
    run.expect(r"Hazekillers of House Orrell \(Wits 3\) declare\b")
    ok(db, "conflict", "declare", "haze", "defense", "4", "--as", "Vin")  # another terminal
    run.sendline("")  # an answer to a question that no longer stands…
    # …is not saved: what changed is told in one line, and what is current now asked,
    # without an error and without asking the rest of the stale declaration.
    run.expect(r"Meanwhile \(Vin\): Hazekillers of House Orrell declare full defense: 4 "
               r"Defense Dice\.")
    _no_refusal(run.before)
    run.expect(r"Tamsin Vey \(Wits 4\) declares")
    _no_refusal(run.before)
    assert "Dice: " not in run.before
    run.sendcontrol("c")
    run.expect(pexpect.EOF)
    run.close()
    declared = [e for e in events(db) if e["event"]["type"] == "declare"]  # type: ignore[index]
    assert [(e["who"], e["event"]["kind"]) for e in declared] == [  # type: ignore[index]
        ("Vin", "defense")]


def test_r_con_7_a_question_waiting_at_40_columns_moves_on_when_another_process_does(
        db: Path) -> None:
    """R-CON-7 (declarations in Wits order): while the Narrator's question waits, a
    declaration from another terminal, and then its undo, are told and the question now
    current is asked, with nothing typed: the screen never keeps a question that no
    longer stands until Enter. What was typed for the old question is not saved."""
    run = spawn(db, "conflict", "run", columns=40)
    run.expect(words("Hazekillers of House Orrell (Wits 3) declare [attack Tamsin Vey]:"))
    run.send("attack bran")  # typed, not sent
    ok(db, "conflict", "declare", "haze", "defense", "4", "--as", "Vin")
    run.expect(words("Meanwhile (Vin): Hazekillers of House Orrell declare full defense: "
                     "4 Defense Dice."))
    run.expect(words("Tamsin Vey (Wits 4) declares [attack Hazekillers of House "
                     "Orrell]:"))
    ok(db, "conflict", "undo", "--as", "Vin")
    run.expect(words("Meanwhile: undone — Hazekillers of House Orrell declare full "
                     "defense: 4 Defense Dice."))
    run.expect(words("Hazekillers of House Orrell (Wits 3) declare [attack Tamsin Vey]:"))
    _no_refusal(run.before)
    run.sendcontrol("c")
    run.expect(pexpect.EOF)
    run.close()
    assert run.exitstatus == 130
    assert [(e["who"], e["event"]["type"], e["undone_by"])  # type: ignore[index]
            for e in events(db)][-1] == ("Vin", "declare", "Vin")


def test_a_step_is_not_written_when_the_conflict_moved_on_just_before_the_write(
        db: Path) -> None:
    from cli.common.output import make_console
    from cli.conflict.run import Guide, Prompter
    from conflict import saved as conflicts
    from conflict.events import SetTest
    from conflict.whatnow import what_now
    from table import Table

    ok(db, "conflict", "declare", "haze", "attack", "4", "-t", "tamsin")
    ok(db, "conflict", "declare", "tamsin", "defense", "3")
    ok(db, "conflict", "declare", "brannoch", "no-roll")
    with Table(db, create=False) as table, click.Context(click.Command("run")):
        saved, seen = conflicts.load(table, "Rooftops")
        asked = what_now(seen.state)  # the Narrator is asked action 1's test…
        test = SetTest(action=1, contest=False, difficulty=2)
        ok(db, "conflict", "act", "haze", "4", "--as", "Vin")  # …and another terminal acts
        guide = Guide(saved, make_console(), Prompter(), None)
        # The rules would still take the test (no defense yet), but it was chosen for a
        # step that no longer stands: nothing is written.
        assert guide.save(lambda _state: [test], asked, seen) is None
        still = guide.save(lambda _state: [], what_now(saved.load().state), saved.load())
        assert still is not None  # a step that stands is written (here: nothing to write)
    assert [e["event"]["type"] for e in events(db)][-2:] == [  # type: ignore[index]
        "declare", "act"]


def test_a_move_made_meanwhile_during_a_follow_up_question_is_told_not_refused(
        db: Path) -> None:
    ok(db, "conflict", "declare", "haze", "defense", "3")
    run = spawn(db, "conflict", "run", columns=200)
    run.expect(r"Tamsin Vey \(Wits 4\) declares")
    run.sendline("feint hazekillers")
    run.expect(r"\(physique is 4\) \[physique\]:")
    ok(db, "conflict", "declare", "tamsin", "no-roll", "--as", "Vin")
    run.sendline("?")  # ? shows what changed, the choices now, then the current question
    run.expect(r"Meanwhile \(Vin\): Tamsin Vey declares an action that needs no roll\.")
    run.expect(r"Choices:")
    run.expect(r"Brannoch \(Wits 4\) declares")
    _no_refusal(run.before)
    run.sendline("feint hazekillers")
    run.expect(r"\(physique is 5\) \[physique\]:")
    ok(db, "conflict", "undo", "--as", "Vin")  # Tamsin's no-roll taken back
    run.sendline("3")
    run.expect(r"Meanwhile: undone — Tamsin Vey declares an action that needs no roll\.")
    run.expect(r"Tamsin Vey \(Wits 4\) declares")
    _no_refusal(run.before)
    run.sendcontrol("c")
    run.expect(pexpect.EOF)
    run.close()
    live = [(e["who"], e["event"]["type"]) for e in events(db)  # type: ignore[index]
            if e["undone_by"] is None]
    assert live[-1] == ("Ada", "declare")  # the Hazekillers' only: neither feint saved


def test_a_step_made_meanwhile_that_leaves_the_question_standing_is_told_once(
        db: Path) -> None:
    ok(db, "conflict", "declare", "haze", "attack", "4", "-t", "tamsin")
    ok(db, "conflict", "declare", "tamsin", "defense", "3")
    ok(db, "conflict", "declare", "brannoch", "attack", "5", "-t", "haze")
    run = spawn(db, "conflict", "run", columns=200)
    for _ in range(2):
        run.expect(r"contest or challenge, Difficulty \[contest 0\]")
        run.sendline("")
    run.expect(r"Brannoch acts \(5 Action Dice\)")
    ok(db, "conflict", "test", "1", "--challenge", "-d", "1", "--as", "Vin")
    run.sendline("")  # Brannoch still acts first: his answer stands and is saved
    run.expect(r"Brannoch attacks Hazekillers of House Orrell: 5 dice")
    told = r"Meanwhile (Vin): The Narrator makes action 1 a Challenge, Difficulty 1."
    assert run.before.count(told) == 1, run.before
    run.expect(r"Hazekillers of House Orrell against action 2")
    assert told not in run.before
    run.sendcontrol("c")
    run.expect(pexpect.EOF)
    run.close()
    assert [e["event"]["type"] for e in events(db)][-2:] == [  # type: ignore[index]
        "set_test", "act"]


def test_help_and_board_at_a_follow_up_question_ask_it_again_keeping_the_answers(
        db: Path) -> None:
    ok(db, "conflict", "declare", "haze", "attack", "4", "-t", "tamsin")
    ok(db, "conflict", "declare", "tamsin", "defense", "3")
    run = spawn(db, "conflict", "run", "--seed", "5", columns=200)
    run.expect(r"Brannoch \(Wits 4\) declares \[attack Hazekillers of House Orrell\]")
    run.sendline("feint hazekillers -- a false retreat")
    run.expect(r"\(physique is 5\) \[physique\]:")
    run.sendline("u")  # at a follow-up question: back to the step's first question
    run.expect(r"Back to the start of this step \(nothing saved or undone\)\.")
    run.expect(r"Brannoch \(Wits 4\) declares")
    run.sendline("feint hazekillers -- a false retreat")
    run.expect(r"\(physique is 5\) \[physique\]:")
    run.sendline("?")
    run.expect(r"Choices:")
    run.expect(r"If Brannoch does this, crew wins \(simulated\):")
    run.expect(r"\(physique is 5\) \[physique\]:")  # the same question again
    run.sendline("b")
    run.expect(r"Next: Brannoch declares")
    run.expect(r"\(physique is 5\) \[physique\]:")  # and again
    run.sendline("3")
    run.expect(r"Brannoch declares an action against Hazekillers of House Orrell, without "
               r"harm: 3 Action Dice: a false retreat\.")
    run.sendcontrol("c")
    run.expect(pexpect.EOF)
    run.close()
    saved = events(db)
    assert [e["undone_by"] for e in saved] == [None] * len(saved)  # nothing undone
    last = saved[-1]["event"]
    assert {k: last[k] for k in ("name", "kind", "dice", "target", "harm",  # type: ignore[index]
                                 "description", "equipment")} == {
        "name": "Brannoch", "kind": "action", "dice": 3,
        "target": "Hazekillers of House Orrell", "harm": False,
        "description": "a false retreat", "equipment": None}


def test_r_con_9_a_refused_difficulty_is_said_and_the_same_test_asked_again(
        db: Path) -> None:
    ok(db, "conflict", "declare", "haze", "attack", "4", "-t", "tamsin")
    ok(db, "conflict", "declare", "tamsin", "defense", "3")
    ok(db, "conflict", "declare", "brannoch", "no-roll")
    run = spawn(db, "conflict", "run", columns=200)
    asked = (r"Action 1, Hazekillers of House Orrell at Tamsin Vey: contest or challenge, "
             r"Difficulty \[contest 0\]")
    run.expect(asked)
    run.sendline("challenge 9")
    run.expect(r"! R-CON-9: ")  # said in one line…
    run.expect(asked)  # …and asked again
    run.sendline("?")
    run.expect(r"Choices:")
    run.expect(asked)
    run.sendline("b")
    run.expect(r"Next: Hazekillers of House Orrell act")
    run.expect(asked)
    run.sendline("chall 2")
    run.expect(r"The Narrator makes action 1 a Challenge, Difficulty 2\.")
    run.expect(r"Hazekillers of House Orrell act \(4 Action Dice\)")
    run.sendcontrol("c")
    run.expect(pexpect.EOF)
    run.close()
    last = events(db)[-1]["event"]
    assert (last["type"], last["action"], last["contest"], last["difficulty"]) == (  # type: ignore[index]
        "set_test", 1, False, 2)


def test_help_at_a_declaration_lists_its_words_and_an_attack_is_saved_as_typed(
        db: Path) -> None:
    run = spawn(db, "conflict", "run", columns=200)
    run.expect(r"Hazekillers of House Orrell \(Wits 3\) declare\b")
    run.sendline("?")
    run.expect(r"attack NAME \[kind\] \[Resilience\]")
    run.expect(r"kinds: physical\*, social, mental \(\*default\)")  # R-CON-1, R-CON-8
    run.expect(r"Resiliences: health\*, reputation, willpower \(\*default\)")
    run.expect(r"with: Wooden staff \(\+0\), Obsidian-tipped arrows \(\+1\); - for nothing")
    run.expect(r"Hazekillers of House Orrell \(Wits 3\) declare\b")
    run.sendline("attack tamsin social willpower with arrows -- jeers from the eaves")
    run.expect(r"\(charm is 2\) \[charm\]:")  # a social attack: Charm (R-CON-8)
    run.sendline("4")  # the equipment was said: not asked again
    run.expect(r"Hazekillers of House Orrell declare an attack on Tamsin Vey")
    run.expect(r"Tamsin Vey \(Wits 4\) declares")
    run.sendline("feint hazekillers health")  # R-CON-8a: a feint harms no Resilience
    run.expect(r"! a feint does no harm")
    run.expect(r"Tamsin Vey \(Wits 4\) declares")
    run.sendcontrol("c")
    run.expect(pexpect.EOF)
    run.close()
    last = events(db)[-1]["event"]
    assert {k: last[k] for k in ("name", "target", "harm", "attack_kind",  # type: ignore[index]
                                 "resilience", "equipment", "dice", "description")} == {
        "name": "Hazekillers of House Orrell", "target": "Tamsin Vey", "harm": True,
        "attack_kind": "social", "resilience": "willpower",
        "equipment": "Obsidian-tipped arrows", "dice": 4,
        "description": "jeers from the eaves"}


@functools.cache
def _every_roll(pool: int) -> dict[tuple[int, int], tuple[float, object]]:
    """Each rank (Result, Nudges) of a pool: its probability and one roll showing it,
    from every way the dice can fall, judged by :mod:`conflict.dice`."""
    from conflict.dice import Roll

    counts: dict[tuple[int, int], int] = {}
    rolls: dict[tuple[int, int], Roll] = {}
    for faces in product(range(1, 7), repeat=pool):
        roll = Roll(asked=pool, faces=faces)
        counts[roll.rank] = counts.get(roll.rank, 0) + 1
        rolls.setdefault(roll.rank, roll)
    return {rank: (count / 6**pool, rolls[rank]) for rank, count in counts.items()}


def _brute_odds(pool: int, rollers: int, against: list[tuple[int, int]]
                ) -> tuple[float, float]:
    """Win and stalemate of ``rollers`` rolling ``pool`` dice each, the best counting,
    against the best of every (pool, rollers) in ``against`` (R-DICE-8, R-CON-17).
    Each pair of single rolls is judged by :func:`conflict.dice.attack`; the best of n
    opposing rolls loses to a roll exactly when each of the n does, and the actor's
    best roll is at most a rank exactly when each of its rolls is."""
    from conflict.dice import ContestResult, attack

    mine = sorted(_every_roll(pool).items())
    win = stalemate = 0.0
    below = 0.0
    for _rank, (p, roll) in mine:
        best = (below + p) ** rollers - below**rollers  # P(the actor's best is this)
        below += p
        loses = ties = 1.0
        for other, count in against:
            judged = [(attack(roll, theirs), q)  # type: ignore[arg-type]
                      for q, theirs in _every_roll(other).values()]
            beaten = sum(q for result, q in judged if result is ContestResult.WIN)
            held = sum(q for result, q in judged if result is ContestResult.STALEMATE)
            loses *= beaten**count
            ties *= (beaten + held) ** count
        win += best * loses
        stalemate += best * (ties - loses)
    return win, stalemate


def _odds_shown(run: pexpect.spawn, sides: str, against: list[tuple[int, int]],
                pool: int, rollers: int = 1) -> None:
    """The next odds line shows ``sides`` ("3 dice vs 2 ×8") and the brute-force odds."""
    run.expect(re.escape(sides) + r": win ([\d.]+)%, stalemate ([\d.]+)%, fail ([\d.]+)%")
    win, stalemate, fail = (float(run.match.group(i)) / 100 for i in (1, 2, 3))
    expected_win, expected_stalemate = _brute_odds(pool, rollers, against)
    assert abs(win - expected_win) <= 0.0006, (sides, win, expected_win)
    assert abs(stalemate - expected_stalemate) <= 0.0006
    assert abs(fail - (1 - expected_win - expected_stalemate)) <= 0.0006


def test_r_dice_8_help_odds_count_every_roller_of_an_extra_group(db: Path) -> None:
    ok(db, "conflict", "declare", "haze", "attack", "4", "-t", "tamsin")
    ok(db, "conflict", "declare", "tamsin", "defense", "3")
    ok(db, "conflict", "declare", "brannoch", "attack", "5", "-t", "haze")
    run = spawn(db, "conflict", "run", columns=200)
    for _ in range(2):
        run.expect(r"contest or challenge, Difficulty \[contest 0\]")
        run.sendline("")
    brannoch_acts = r"Brannoch acts \(5 Action Dice\)"
    run.expect(brannoch_acts)
    run.sendline("?")  # the 8 Hazekillers defend with their 4 Action Dice each
    _odds_shown(run, "5 dice vs 4 ×8", [(4, 8)], 5)
    run.expect(brannoch_acts)
    run.sendline("act 3")
    run.expect(r"Hazekillers of House Orrell against action 2")
    run.sendline("?")
    _odds_shown(run, "3 dice vs 4 ×8", [(4, 8)], 3)
    run.expect(r"Hazekillers of House Orrell against action 2")
    run.sendline("defend 2")
    run.expect(r"Action 2 rolls \(Brannoch 3 vs Hazekillers of House Orrell 2 ×8\)")
    run.sendline("?")
    _odds_shown(run, "3 dice vs 2 ×8", [(2, 8)], 3)  # one roller: 34.1%; best of 8: 20.4%
    run.expect(r"Action 2 rolls")
    run.sendline("1,2,3 ; " + "/".join(["1,2"] * 8))  # no set: no one falls
    run.expect(r"Hazekillers of House Orrell act \(2 Action Dice\)")
    run.sendline("?")  # now the 8 Hazekillers roll against Tamsin's 3 Defense Dice
    _odds_shown(run, "2 dice ×8 vs 3", [(3, 1)], 2, rollers=8)
    run.expect(r"Hazekillers of House Orrell act\b")
    run.sendline("")
    run.expect(r"Tamsin Vey against action 1")
    run.sendline("?")  # defend with 3, or react: 3 dice of Push away incoming metal + 3
    _odds_shown(run, "2 dice ×8 vs 3", [(3, 1)], 2, rollers=8)
    _odds_shown(run, "2 dice ×8 vs 6", [(6, 1)], 2, rollers=8)
    run.expect(r"Tamsin Vey against action 1")
    run.sendcontrol("c")
    run.expect(pexpect.EOF)


# --- the live board ------------------------------------------------------------------------


def test_watch_follows_another_process_within_a_second_at_40_columns(db: Path) -> None:
    watch = spawn(db, "conflict", "watch", rows=40, columns=40)
    watch.expect(r"Next: Hazekillers of House")
    steps = [
        (["conflict", "declare", "haze", "attack", "5", "-t", "tamsin"], r"Next: Tamsin Vey"),
        (["conflict", "declare", "tamsin", "defense", "3"], r"Next: Brannoch declares"),
        (["roll", "4", "--as", "Vin", "--for", "the lock"], r"Vin rolls 4 for the lock"),
        (["conflict", "declare", "brannoch", "no-roll"], r"Next: Hazekillers of House"),
    ]
    for args, shown in steps:
        begun = time.perf_counter()
        ok(db, *args)
        if shown is not None:
            watch.expect(shown, timeout=1.0)
            assert time.perf_counter() - begun < 1.0
    watch.setwinsize(30, 60)  # a wider phone: the board reflows
    watch.expect(r"\(opposition\)", timeout=2)
    watch.send("q")
    watch.expect(pexpect.EOF, timeout=5)
    watch.close()
    assert watch.exitstatus == 0


def test_watch_quits_on_ctrl_c(db: Path) -> None:
    watch = spawn(db, "conflict", "watch", rows=30, columns=40)
    watch.expect(r"q quits")
    watch.sendcontrol("c")
    watch.expect(pexpect.EOF, timeout=5)
    watch.close()
    assert watch.exitstatus == 130


# --- the account ---------------------------------------------------------------------------


def test_export_tells_a_known_conflict_line_by_line(db: Path) -> None:
    ok(db, "conflict", "declare", "haze", "attack", "4", "-t", "tamsin", "-w", "arrows")
    ok(db, "conflict", "declare", "tamsin", "defense", "3")
    ok(db, "conflict", "declare", "brannoch", "no-roll", "--about", "guards the door")
    ok(db, "conflict", "act", "haze", "4")
    ok(db, "conflict", "defend", "tamsin", "3")
    ok(db, "conflict", "roll", "--faces", "/".join(["5,5,6,1"] + ["1,2,3,4"] * 7),
       "--against", "2,2,1")
    ok(db, "conflict", "damage")
    ok(db, "conflict", "end-round")
    ok(db, "conflict", "defeat", "haze", "--reason", "they flee into the mists")
    ok(db, "conflict", "end", "the crew keeps the cache")
    assert ok(db, "conflict", "export").splitlines() == [
        "# Rooftops",
        "",
        "A physical Conflict over the atium cache.",
        "",
        "## Taking part",
        "",
        "- **Tamsin Vey** (crew): hero, Wits 4 — Health 8, Reputation 5, Willpower 7",
        "- **Brannoch** (crew): hero, Wits 4 — Health 9, Reputation 6, Willpower 9",
        "- **Hazekillers of House Orrell** (opposition): 8 Extras, Wits 3",
        "",
        "## Round 1",
        "",
        "### Declarations",
        "",
        "- Hazekillers of House Orrell declare an attack on Tamsin Vey: 4 Action Dice, "
        "with the Obsidian-tipped arrows.",
        "- Tamsin Vey declares full defense: 3 Defense Dice.",
        "- Brannoch declares an action that needs no roll: guards the door.",
        "",
        "### Resolution",
        "",
        "- Hazekillers of House Orrell attack Tamsin Vey: 4 dice, Contest, Difficulty 0.",
        "- Tamsin Vey defends against action 1 with 3 Defense Dice.",
        "- Action 1: Hazekillers of House Orrell roll 5 5 6 1 (Result 5, 1 Nudge, best of "
        "8); Tamsin Vey rolls 2 2 1 (Result 2): the attack succeeds.",
        "- Tamsin Vey takes 3 Health damage (1 + 1 Nudge + 1 for the Obsidian-tipped "
        "arrows): Health 5/8.",
        "",
        "## Round 2",
        "",
        "### Declarations",
        "",
        "- The Narrator takes Hazekillers of House Orrell out: they flee into the mists.",
        "",
        "## Damage taken",
        "",
        "- Tamsin Vey: Health 3 (5/8 left)",
        "",
        "## Defeated",
        "",
        "- Hazekillers of House Orrell: they flee into the mists",
        "",
        "## Outcome",
        "",
        "the crew keeps the cache",
    ]
    raw = events(db)
    assert [e["event"]["type"] for e in raw][:2] == ["start", "add"]  # type: ignore[index]
    assert all(e["who"] == "Ada" for e in raw)


def test_watch_for_players_hides_what_is_not_revealed_until_it_is(db: Path) -> None:
    ok(db, "conflict", "add", "prelate")
    watch = spawn(db, "conflict", "watch", "--players", rows=40, columns=40)
    try:
        watch.expect("Resiliences not revealed")
        ok(db, "conflict", "reveal", "prelate")
        watch.expect(r"H ██████████ 14/14")  # redrawn when the reveal is written
        watch.send("q")
        watch.expect(pexpect.EOF)
    finally:
        watch.close(force=True)


def test_run_with_no_one_to_add_stops_with_one_line(tmp_path: Path) -> None:
    path = tmp_path / "empty.db"
    ok(path, "conflict", "new", "Empty", "--physical")
    env = {**os.environ, "MISTBORN_DB": str(path), "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", CODE, "conflict", "run"], env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=30, check=False)
    assert done.returncode == 2
    assert done.stderr == ("mistborn: no one in the table's roster is left to add: import "
                           "sheets with mistborn char import FILE (or --examples)\n")


def test_answers_piped_to_run_stand_in_its_transcript_as_typed(db: Path) -> None:
    # No terminal echoes a piped answer: run writes it after its question, so each
    # refusal stands on a line of its own below the answer it refuses.
    env = {**os.environ, "MISTBORN_DB": str(db), "PYTHONPATH": str(ROOT), "COLUMNS": "200"}
    done = subprocess.run([sys.executable, "-c", CODE, "conflict", "run"], env=env,
                          input="flurb\nattack haze\n", capture_output=True, text=True,
                          timeout=30, check=False)
    lines = done.stdout.splitlines()
    asked = [n for n, line in enumerate(lines) if line.endswith("]: flurb")]
    assert len(asked) == 1, done.stdout
    assert lines[asked[0] + 1].startswith("! no kind of declaration named 'flurb'")
    assert lines[asked[0] + 2].endswith("]: attack haze")
    assert lines[asked[0] + 3].startswith("! no target named 'haze'")
    assert done.returncode == 0 and "Saved." in done.stdout


def test_export_gives_no_heading_to_a_round_with_nothing_in_it(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    ok(path, "char", "import", *EXAMPLES)
    ok(path, "conflict", "new", "Duel", "--physical")
    ok(path, "conflict", "add", "tamsin", "canton guards")
    ok(path, "conflict", "defeat", "canton", "--reason", "they run")
    ok(path, "conflict", "declare", "tamsin", "no-roll")
    ok(path, "conflict", "end-round", "--anyway")
    ok(path, "conflict", "end", "the guards are gone")
    text = ok(path, "conflict", "export")
    assert "## Round 1" in text and "## Round 2" not in text
    assert text.endswith("## Outcome\n\nthe guards are gone\n")


def test_run_asks_no_test_for_an_action_whose_actor_is_out(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    ok(path, "char", "import", *EXAMPLES)
    ok(path, "conflict", "new", "Duel", "--physical")
    ok(path, "conflict", "add", "tamsin", "canton guards")
    ok(path, "conflict", "declare", "canton", "attack", "3", "--target", "tamsin")
    ok(path, "conflict", "declare", "tamsin", "attack", "4", "--target", "canton")
    ok(path, "conflict", "defeat", "canton", "--reason", "they run")  # before they act
    run = spawn(path, "conflict", "run", columns=200)
    try:
        run.expect(r"Action (\d+), (.+?)(?: at| on|:)")
        assert run.match.group(2).startswith("Tamsin Vey"), run.match.group(0)
        assert "Canton guards at" not in run.before
        run.sendcontrol("c")
        run.expect(pexpect.EOF)
    finally:
        run.close(force=True)


def test_run_breaks_its_questions_between_words_at_40_columns(db: Path) -> None:
    run = spawn(db, "conflict", "run", columns=40)
    try:
        escapes = r"(?:\x1b\[[0-9;?]*[a-zA-Z]|\r)*"
        # The question breaks after "(Wits 3)", between words, not wherever the edge is,
        # and its second line hangs 2 spaces in, as every sentence wraps.
        run.expect(rf"\(Wits 3\){escapes}\n{escapes}  declare \[attack Tamsin Vey\]:")
        run.sendcontrol("c")
        run.expect(pexpect.EOF)
    finally:
        run.close(force=True)
