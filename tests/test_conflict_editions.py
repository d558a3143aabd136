"""A Conflict keeps the edition of the rules it began under: one stored by the release
before the R-CON-11 and R-CON-5 rulings (its start event has no ``rules``) replays
and shows as it was played, in a real table file, while a Conflict begun now is held
to the rulings."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from table_support import started_as_before
from test_cli_conflict import EXAMPLES, ok, refused, rooftops, run


def table(tmp_path: Path, old: bool) -> Path:
    db = tmp_path / ("old.db" if old else "new.db")
    ok(db, "char", "import", *EXAMPLES)
    rooftops(db)
    if old:
        started_as_before(db, ',"rules":2', "")  # no edition: as stored before
    return db


def test_r_con_11_a_stored_declaration_of_1_action_die_replays_in_an_old_conflict(
        tmp_path: Path) -> None:
    """R-CON-11's ruling ("1 die is not enough to form a pool": refused when declared)
    came after Conflicts that declared 1 Action Die were stored: such a Conflict replays
    and shows (exit 0) as it was played; one begun now still refuses it."""
    old = table(tmp_path, old=True)
    ok(old, "conflict", "declare", "haze", "attack", "2", "-t", "tamsin")
    conn = sqlite3.connect(old)
    with conn:
        assert conn.execute("UPDATE entries SET event = replace(event, '\"dice\":2', "
                            "'\"dice\":1') WHERE event LIKE '%\"type\":\"declare\"%'"
                            ).rowcount == 1
    conn.close()
    shown = run(old, "conflict", "show")
    assert shown.exit_code == 0, shown.output
    assert "1 Action Die" in ok(old, "log")
    ok(old, "conflict", "declare", "tamsin", "attack", "1", "-t", "haze")
    new = table(tmp_path, old=False)
    assert refused(new, "conflict", "declare", "haze", "attack", "1", "-t", "tamsin") == (
        "R-CON-11: an action that needs a roll takes 2 or more Action Dice: 1 die is not "
        "enough to form a pool (DICE)")


def late_surprise(db: Path) -> None:
    for name in ("haze", "tamsin", "brannoch"):
        ok(db, "conflict", "declare", name, "no-roll")
    ok(db, "conflict", "end-round")
    ok(db, "conflict", "add", "prelate", "--surprised")


def test_r_con_5_an_old_conflict_keeps_surprise_to_round_1(tmp_path: Path) -> None:
    """R-CON-5's ruling (surprise "lasts for the round in which the participant is
    surprised (round 1, or the round it joins)") came after Conflicts where one joining
    round 2 surprised declared in Wits order: such a Conflict replays and shows (exit 0)
    as it was played; in one begun now the surprised declare first."""
    old = table(tmp_path, old=True)
    late_surprise(old)
    ok(old, "conflict", "declare", "haze", "no-roll")  # Wits 3 before the Prelate's 5
    shown = run(old, "conflict", "show")
    assert shown.exit_code == 0, shown.output
    assert run(old, "conflict", "show", "--json").exit_code == 0
    new = table(tmp_path, old=False)
    late_surprise(new)
    assert refused(new, "conflict", "declare", "haze", "no-roll") == (
        "R-CON-5: The Hollow Prelate is surprised and declares before Hazekillers of "
        "House Orrell")


@pytest.mark.parametrize("rules", [1, 2])
def test_r_con_11_what_now_offers_what_the_edition_accepts(rules: int) -> None:
    """What-now's declaration is held to the Conflict's edition as the engine is: one
    begun before the ruling may declare an action of 1 die, one begun now may not."""
    from test_engine_rules import sheet

    from conflict.engine import Conflict
    from conflict.errors import RuleViolation
    from conflict.events import AddParticipant, Nature, Start
    from conflict.whatnow import what_now

    c = Conflict([Start(Nature.PHYSICAL, "the stash", "one alley", rules=rules),
                  AddParticipant(sheet("Vin", wits=5), "crew"),
                  AddParticipant(sheet("Guard", wits=2), "ministry")])
    option = what_now(c.state).option  # the Guard declares first (the lower Wits)
    if rules == 1:
        c.push(option.action(1, target="Vin"))
        assert c.state.actions[-1].dice == 1
    else:
        with pytest.raises(RuleViolation, match="R-CON-11"):
            option.action(1, target="Vin")
