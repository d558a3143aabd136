"""The guided round (``mistborn conflict run``) in a real pseudo-terminal: the defaults
it offers, Tab completing every word of a declaration, what a resumed round asks, and
dice typed by hand; at 40×20, 40×30 and 100×40 where the screen's size matters."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pexpect
import pytest
from click.testing import CliRunner

from cli.main import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(str(p) for p in (ROOT / "examples").glob("*.toml"))
CODE = "import sys; from cli.main import main; sys.argv = ['mistborn'] + sys.argv[1:]; main()"
SIZES = [(20, 40), (30, 40), (40, 100)]  # (rows, columns)


def ok(db: Path, *args: str) -> str:
    env = {"MISTBORN_DB": str(db), "NO_COLOR": "1", "COLUMNS": "80", "MISTBORN_AS": "Ada"}
    result = CliRunner().invoke(main, list(args), env=env)
    assert result.exit_code == 0, result.output
    return result.stdout


def events(db: Path) -> list[dict[str, object]]:
    data: list[dict[str, object]] = json.loads(ok(db, "conflict", "export", "--json"))
    return [e for e in data if e["undone_by"] is None]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "table.db"
    ok(path, "char", "import", *EXAMPLES)
    ok(path, "conflict", "new", "Rooftops", "--physical", "--stakes", "the atium cache")
    ok(path, "conflict", "add", "tamsin", "brannoch", "hazekillers")
    return path


def spawn(db: Path, *args: str, rows: int = 40, columns: int = 100) -> pexpect.spawn:
    # prompt_toolkit is told not to ask the terminal where the cursor is: pexpect is no
    # terminal emulator and would never answer.
    env = {**os.environ, "MISTBORN_DB": str(db), "TERM": "xterm", "NO_COLOR": "1",
           "MISTBORN_AS": "Narrator", "PYTHONPATH": str(ROOT), "PROMPT_TOOLKIT_NO_CPR": "1"}
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    return pexpect.spawn(sys.executable, ["-c", CODE, "conflict", "run", *args], env=env,
                         encoding="utf-8", dimensions=(rows, columns), timeout=15)


def leave(run: pexpect.spawn) -> None:
    # A Ctrl-C that lands while the next question is being drawn can be swallowed by
    # the terminal's switch of mode, as a person's would; like a person, press again.
    for _ in range(3):
        run.sendcontrol("c")
        if run.expect([pexpect.EOF, pexpect.TIMEOUT], timeout=5) == 0:
            break
    else:
        raise AssertionError(f"the guided round did not stop on Ctrl-C: {run.before!r}")
    run.close()


def words(text: str) -> str:
    """A pattern for ``text`` however the terminal broke it across rows."""
    import re

    escapes = r"(?:\x1b\[[0-9;?]*[a-zA-Z]|[\r\n ])+"
    return escapes.join(re.escape(word) for word in text.split())


# --- defaults follow what was said ----------------------------------------------------------


def test_r_con_8_a_social_attack_offers_charm_and_no_weapon(db: Path) -> None:
    ok(db, "conflict", "add", "prelate")
    ok(db, "conflict", "declare", "haze", "defense", "3")
    ok(db, "conflict", "declare", "tamsin", "no-roll")
    ok(db, "conflict", "declare", "brannoch", "no-roll")
    run = spawn(db)
    try:
        run.expect(words("The Hollow Prelate (Wits 5) declares"))
        run.sendline("attack tamsin social willpower -- mocks her")
        run.expect(words("(charm is 3) [charm]:"))  # R-CON-8: the attack's kind, not physique
        run.sendline("")
        run.expect(words("With (Tab; - for nothing) [-]:"))  # no axe in a war of words
        run.sendline("")
        run.expect(words("The Hollow Prelate declares"))
        leave(run)
    finally:
        run.close(force=True)
    last = events(db)[-1]["event"]
    assert (last["dice"], last["equipment"], last["attack_kind"]) == (  # type: ignore[index]
        3, None, "social")


def test_help_lists_foes_as_targets_and_allies_apart(db: Path) -> None:
    ok(db, "conflict", "declare", "haze", "defense", "3")
    ok(db, "conflict", "declare", "tamsin", "no-roll")
    run = spawn(db)
    try:
        run.expect(words("Brannoch (Wits 4) declares"))
        run.sendline("?")
        run.expect(words("targets: Hazekillers of House Orrell"))
        run.expect(words("allies (feint or action only): Tamsin Vey"))
        run.expect(words("Brannoch (Wits 4) declares"))  # asked again
        leave(run)
    finally:
        run.close(force=True)


# --- Tab completes every word in its place ----------------------------------------------------


@pytest.mark.parametrize(("rows", "columns"), SIZES)
def test_tab_completes_names_of_several_words_traits_and_gear_in_their_places(
        db: Path, rows: int, columns: int) -> None:
    ok(db, "conflict", "add", "prelate")
    ok(db, "conflict", "declare", "haze", "defense", "3")
    run = spawn(db, rows=rows, columns=columns)
    try:
        run.expect(words("Tamsin Vey (Wits 4) declares"))
        # Each Tab completes the word or name being typed in its place: the kind, a
        # target by a word of its name, the gear after "with", a Power, a Trait.
        # (Completion runs beside the typing: each is awaited on screen, where it shows
        # in the line or, chosen, in the menu beneath.)
        for typed, shown in [("att", "attack"), (" pre", "Prelate"), (" with gla", "Glass")]:
            run.send(typed + "\t")
            run.expect_exact(shown)
        run.send("\r")
        run.expect(words("(physique is 4) [physique]:"))
        for typed, shown in [("Steel", "Steelpushing"), (" + roof", "Rooftop")]:
            run.send(typed + "\t")
            run.expect_exact(shown)
        run.send("\r")
        run.expect(words("Brannoch (Wits 4) declares"))  # the gear was said: not asked
        leave(run)
    finally:
        run.close(force=True)
    last = events(db)[-1]["event"]
    assert (last["target"], last["equipment"], last["dice"]) == (  # type: ignore[index]
        "The Hollow Prelate", "Glass dagger", 6)


def test_a_tab_in_the_same_read_as_the_text_completes_as_one_typed_apart(db: Path) -> None:
    """A Tab sent with the text in one write (pasted, or a phone's keyboard sending the
    line at once) puts in the first completion, as a Tab typed after it does: "attack
    or⇥" becomes the attack on Hazekillers of House Orrell (R-CON-8), not a menu with
    nothing put in and "no target named 'or'"."""
    ok(db, "conflict", "declare", "haze", "defense", "3")
    run = spawn(db, columns=200)
    try:
        run.expect(words("Tamsin Vey (Wits 4) declares [attack Hazekillers of House "
                         "Orrell]:"))
        run.send("attack or\t")  # one write: the Tab arrives in the same read
        run.expect(words("attack Hazekillers of House Orrell"))  # put in the line
        run.send("\r")
        run.expect(words("(physique is 4) [physique]:"))
        assert "no target named" not in run.before
        run.sendline("")
        run.expect(words("With"))
        run.sendline("-")
        run.expect(words("Brannoch (Wits 4) declares"))
        leave(run)
    finally:
        run.close(force=True)
    last = events(db)[-1]["event"]
    assert (last["name"], last["target"]) == (  # type: ignore[index]
        "Tamsin Vey", "Hazekillers of House Orrell")


def test_a_question_wrapped_at_40_columns_hangs_its_lines_after_the_first(db: Path) -> None:
    """Screens read at 40 columns: a question too long for a line is broken between
    words with the lines after the first hanging 2 spaces in from its own indent, as
    every sentence wraps; "  Dice: …" kept its indent on the first line only."""
    escapes = r"(?:\x1b\[[0-9;?]*[a-zA-Z]|\r)*"
    run = spawn(db, rows=20, columns=40)
    try:
        run.expect(words("Hazekillers of House Orrell (Wits 3)") + escapes + r"\n"
                   + escapes + r"  declare \[attack")
        run.sendline("defense")
        run.expect(r"  Dice: a number, or a source \+ Traits" + escapes + r"\n" + escapes
                   + r" {4}\(physique is 4\) \[physique\]:")
        leave(run)
    finally:
        run.close(force=True)


def test_tab_offers_no_name_as_the_kind_of_declaration(db: Path) -> None:
    ok(db, "conflict", "add", "prelate")
    run = spawn(db)
    try:
        run.expect(words("Hazekillers of House Orrell (Wits 3) declare"))
        for _ in range(2):  # Tab, and Tab again to pick from a menu: no kind begins so…
            run.send("\t" if _ else "the\t")
            time.sleep(1)  # (completion runs beside the typing: given time to answer)
        run.send("\r")  # …so nothing is put in, and the line is refused as typed
        run.expect(words("no kind of declaration named 'the'"))
        leave(run)
    finally:
        run.close(force=True)


# --- a resumed round asks only what is open -----------------------------------------------------


def test_r_con_9_a_test_answered_with_enter_is_not_asked_again_on_resuming(db: Path) -> None:
    ok(db, "conflict", "declare", "haze", "attack", "4", "-t", "tamsin")
    ok(db, "conflict", "declare", "tamsin", "defense", "3")
    ok(db, "conflict", "declare", "brannoch", "attack", "5", "-t", "haze")
    first = (r"Action 1, Hazekillers of House Orrell at Tamsin Vey: contest or challenge, "
             r"Difficulty \[contest 0\]")
    second = r"Action 2, Brannoch at Hazekillers of House Orrell: contest or challenge"
    run = spawn(db)
    try:
        run.expect(first)
        run.sendline("")  # as it is: kept all the same
        run.expect(second)
        leave(run)
    finally:
        run.close(force=True)
    again = spawn(db)
    try:
        again.expect(second)  # the first was answered: only the open one is asked
        assert "Action 1," not in again.before
        again.sendline("challenge 2")
        again.expect(words("Brannoch acts (5 Action Dice)"))
        leave(again)
    finally:
        again.close(force=True)
    tests = [(e["event"]["action"], e["event"]["contest"], e["event"]["difficulty"])  # type: ignore[index]
             for e in events(db) if e["event"]["type"] == "set_test"]  # type: ignore[index]
    assert tests == [(1, True, 0), (2, False, 2)]


def test_u_takes_back_only_the_narrators_own_step_unless_u_anyone(db: Path) -> None:
    # Ada wrote the last step from another terminal; the guided round runs as the
    # Narrator: u names whose step it is and changes nothing, u anyone takes it back.
    ok(db, "conflict", "declare", "haze", "attack", "4", "-t", "tamsin")
    before = events(db)
    run = spawn(db)
    try:
        run.expect(words("Tamsin Vey (Wits 4) declares"))
        run.sendline("u")
        run.expect(words("Not undone: the last step of the conflict 'Rooftops' is Ada's, "
                         "not Narrator's: nothing undone (u anyone takes it back)"))
        run.expect(words("Tamsin Vey (Wits 4) declares"))
        assert events(db) == before
        run.sendline("u anyone")
        run.expect(words("Undone: Hazekillers of House Orrell declare"))
        leave(run)
    finally:
        run.close(force=True)
    assert events(db) == before[:-1]  # Ada's declaration, taken back


# --- dice typed by hand ---------------------------------------------------------------------------


@pytest.mark.parametrize(("rows", "columns"), [(20, 40), (40, 100)])
def test_r_con_2_a_group_s_kept_roll_is_typed_alone_and_a_wrong_count_asked_again(
        db: Path, rows: int, columns: int) -> None:
    ok(db, "conflict", "declare", "haze", "defense", "3")
    ok(db, "conflict", "declare", "tamsin", "no-roll")
    ok(db, "conflict", "declare", "brannoch", "attack", "5", "-t", "haze")
    run = spawn(db, rows=rows, columns=columns)
    try:
        for asked in ("contest or challenge", "Brannoch acts",
                      "Hazekillers of House Orrell against action"):
            run.expect(words(asked))
            run.sendline("")
        question = words("Action 1 rolls (Brannoch 5 vs Hazekillers of House Orrell 3 ×8)")
        run.expect(question)
        # No ally of the Hazekillers holds a Reaction: no one is asked to react (R-CON-16).
        assert "Reacting" not in run.before
        run.expect(words("a group: its kept roll, or every member's 5,5,3/4,4,1"))
        run.sendline("5,5,6,1,2 ; 1,2,3/1,2,3/1,2,3")  # three of eight members
        run.expect(words("rolls 3 dice for each of 8 members: give the kept roll alone "
                         "(5,5,5) or all 8 split by slashes"))
        run.expect(question)  # the dice asked again, nothing saved
        run.sendline("5,5,6,1,2")  # the defenders' dice left out
        run.expect(words("type each roll's dice, split by ';'"))
        run.expect(question)
        run.sendline("5,5,6,1,2 ; 4,4,1")  # the kept roll alone
        run.expect(words("Hazekillers of House Orrell roll 4 4 1 (Result 4, kept roll "
                         "typed)"))
        leave(run)
    finally:
        run.close(force=True)
    rolled = [e["event"] for e in events(db) if e["event"]["type"] == "roll"]  # type: ignore[index]
    assert len(rolled) == 1


# --- groups and grammar ---------------------------------------------------------------------------


def test_a_group_declares_in_the_plural_and_one_action_die_is_a_die(db: Path) -> None:
    """R-CON-11: a declared action of 1 Action Die is refused at once ("1 die ... is not
    enough to form a pool") and the dice asked again; a target left with 1 Action Die
    after defending with the rest may only hold, said in the singular."""
    ok(db, "conflict", "add", "canton")
    run = spawn(db, rows=20, columns=40)
    try:
        run.expect(words("Canton guards (Wits 2) declare [attack"))  # a group: plural
        run.sendline("?")
        run.expect(words("Canton guards declare:"))
        run.expect(words("Canton guards (Wits 2) declare [attack"))  # asked again
        run.sendline("defense")
        run.expect(words("Dice:"))
        run.sendline("2")
        run.expect(words("Hazekillers of House Orrell (Wits 3) declare"))
        run.sendline("attack tamsin")
        run.expect(words("Dice:"))
        run.sendline("5")
        run.expect(words("With"))
        run.sendline("-")
        run.expect(words("Tamsin Vey (Wits 4) declares"))
        run.sendline("attack canton")
        run.expect(words("Dice:"))
        run.sendline("1")
        run.expect(words("R-CON-11: an action that needs a roll takes 2 or more Action "
                         "Dice: 1 die is not enough to form a pool"))
        run.expect(words("Dice:"))  # asked again, the declaration kept
        run.sendline("3")
        run.expect(words("With"))
        run.sendline("")
        run.expect(words("Brannoch (Wits 4) declares"))
        run.sendline("no-roll")
        for _ in range(2):
            run.expect(words("contest or challenge"))
            run.sendline("")
        run.expect(words("Hazekillers of House Orrell act (5 Action Dice)"))
        run.sendline("")
        run.expect(words("Tamsin Vey against action 1"))
        run.sendline("defend 2")  # 2 of her 3 Action Dice: 1 is left
        run.expect(words("Action 1 rolls"))
        run.sendline("1,2,3,4,5 ; 1,2")  # no set on either side: it fails
        run.expect(words("Tamsin Vey acts (1 Action Die): act N, change, hold"))
        run.sendline("?")
        run.expect(words("Tamsin Vey: hold (1 Action Die becomes a Defense Die)"))
        run.expect(words("Tamsin Vey acts (1 Action Die)"))  # asked again
        leave(run)
    finally:
        run.close(force=True)


def test_r_con_15_a_target_is_offered_only_the_defenses_open_to_it(db: Path) -> None:
    ok(db, "conflict", "add", "canton", "prelate")
    ok(db, "conflict", "declare", "canton", "attack", "3", "-t", "tamsin")
    ok(db, "conflict", "declare", "haze", "defense", "3")
    ok(db, "conflict", "declare", "tamsin", "no-roll")
    ok(db, "conflict", "declare", "brannoch", "attack", "5", "-t", "canton")
    ok(db, "conflict", "declare", "prelate", "no-roll")
    run = spawn(db)
    try:
        for asked in ("contest or challenge", "contest or challenge", "Brannoch acts"):
            run.expect(words(asked))
            run.sendline("")
        # The guards have no Reaction: no "react" offered (R-CON-16).
        run.expect(words("Canton guards against action 2 (Brannoch, 5 dice): defend N, "
                         "take [defend 2]:"))
        run.sendline("")
        # An ally who may react for them is named with the Reaction and its dice.
        run.expect(words("Reacting for Canton guards? (The Hollow Prelate: Push away "
                         "incoming metal, 4 dice; Enter for no one)"))
        leave(run)
    finally:
        run.close(force=True)
