"""Saving a Conflict built in code (the library's tool authors): one call writes it
whole, checked by the engine, and a new process reads back the same Conflict."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_engine_rules import group, sheet, table

from conflict import Expect, RuleViolation
from conflict.engine import Conflict
from conflict.events import Declare, Event
from conflict.saved import load, record, save
from table import Table


def played(seed: int) -> Conflict:
    """A whole Conflict driven from its options alone, to its end."""
    rng = random.Random(seed)
    c = table((sheet("Vin", physique=5, wits=5), "crew"), (group("Guards", 3, wits=2), "ministry"))
    while (now := c.next()).expect is not Expect.ENDED:
        if now.expect is Expect.DECLARE:
            c.push(now.option.action(target=now.option.foes[0]) if now.option.foes
                   else now.option.no_roll())
        elif now.expect is Expect.ROLL:
            c.push(now.roll.event(rng))
        else:
            c.push(now.options[0].event())
    return c


def test_r_con_21_a_whole_conflict_is_saved_in_one_call(tmp_path: Path) -> None:
    """R-CON-21: "The Conflict ends when a side is defeated …; its outcome is recorded."
    A Conflict played in code, to its end, is saved whole and read back as it was."""
    fight = played(3)
    with Table(tmp_path / "t.db") as t:
        name, recorded = save(t, fight, who="bot")
        assert recorded.events == fight.events and recorded.after == fight.state
    with Table(tmp_path / "t.db") as again:  # another process's view of the file
        _saved, loaded = load(again, name)
        assert loaded.events == fight.events
        assert loaded.state == fight.state and loaded.state.outcome


def test_r_con_1_saving_events_that_do_not_begin_with_start_writes_nothing(
        tmp_path: Path) -> None:
    fight = played(1)
    with Table(tmp_path / "t.db") as t:
        with pytest.raises(RuleViolation, match="R-CON-1"):
            save(t, fight.events[1:], name="broken", who="bot")
        assert t.streams("conflict") == []


def test_r_con_4_a_saved_conflict_goes_on_and_record_takes_any_sequence(
        tmp_path: Path) -> None:
    """R-CON-4: declarations follow in order; what ``record``'s intent returns may be
    a tuple as well as a list."""
    c = table((sheet("Vin", wits=5), "crew"), (sheet("Guard", wits=2), "ministry"))
    with Table(tmp_path / "t.db") as t:
        name, _ = save(t, c, name="the alley", who="bot")
        assert name == "the alley"
        declared: tuple[Event, ...] = (Declare.no_roll("Guard"), Declare.no_roll("Vin"))
        after = record(t, name, lambda _state: declared, who="bot")
        assert after.events == declared
        for event in declared:
            c.push(event)
        assert after.after == c.state


def test_r_con_1_a_conflict_whose_start_was_taken_back_begins_again_under_its_name(
        tmp_path: Path) -> None:
    """R-CON-1: "a Conflict begins with a Start event". Undo takes a Conflict's start
    back like any step; its name then begins a Conflict again (current, its history
    keeping what was undone), where it used to be taken for good by a Conflict that no
    step could reach. A name whose Conflict still holds a step stays refused."""
    from conflict.events import Nature
    from conflict.saved import start, undo
    from table import NameTaken

    with Table(tmp_path / "t.db") as t:
        start(t, "Canal", Nature.PHYSICAL, who="gm")
        start(t, "Rooftops", Nature.MENTAL, who="gm")  # now the current one
        undo(t, "Canal", who="gm")
        again = start(t, "canal", Nature.SOCIAL, who="gm")  # any case: the stored name
        assert [type(e).__name__ for e in again.events] == ["Start"]
        current = t.current("conflict")
        assert current is not None and current.name == "Canal"
        _saved, loaded = load(t, "Canal")
        assert loaded.state.nature is Nature.SOCIAL and len(loaded.events) == 1
        kept = t.read("conflict", "Canal", include_undone=True).entries
        assert [entry.undone for entry in kept] == [True, False]
        with pytest.raises(NameTaken):
            start(t, "Canal", Nature.MENTAL, who="gm")
        with pytest.raises(NameTaken):
            start(t, "Rooftops", Nature.MENTAL, who="gm")
