"""The shape of Conflict events (conflict.events): malformed input is a BadValue when
the event is built, before any rule is asked."""

from __future__ import annotations

from typing import Any

import pytest

from characters.model import Attributes, ExtraGroup
from characters.pools import dice_for
from conflict.errors import BadValue
from conflict.events import (
    EVENT_BY_TYPE,
    EVENT_TYPES,
    Act,
    AddParticipant,
    ApplyDamage,
    Change,
    DeclarationKind,
    Declare,
    Defeat,
    Defend,
    DefenseRoll,
    EndConflict,
    Hold,
    Nature,
    React,
    Reorder,
    RollDice,
    SetTest,
    Start,
    SwapResilience,
    TakeIt,
)


def test_r_con_1_natures_and_their_default_resilience() -> None:
    assert [n.resilience for n in Nature] == ["health", "reputation", "willpower"]
    assert Start("mental").nature is Nature.MENTAL


def test_r_con_7_declarations_take_their_dice_from_a_pool() -> None:
    guards = ExtraGroup(name="Guards", count=3, attributes=Attributes(4, 2, 3),
                        traits=("Drilled",))
    pool = dice_for(guards, "physique", traits=["Drilled"], circumstances=["high ground"])
    event = Declare.action("Guards", pool, target="Vin", resilience=" Health ")
    assert (event.dice, event.kind, event.resilience) == (6, DeclarationKind.ACTION, "health")
    assert event.source == pool.describe() and "Drilled" in event.source
    defense = Declare.defense("Guards", pool, source="shields up")
    assert (defense.dice, defense.source) == (6, "shields up")
    assert Declare.no_roll("Guards").dice == 0


G = ExtraGroup(name="G", count=1, attributes=Attributes(2, 2, 2))


@pytest.mark.parametrize(("cls", "args", "kwargs"), [
    (Act, ("",), {"pool": 4}),
    (Act, ("   ",), {"pool": 4}),
    (Act, (3,), {"pool": 4}),
    (Act, ("Vin",), {"pool": True}),
    (Act, ("Vin",), {"pool": 4.0}),
    (Hold, (None,), {}),
    (Defend, ("Vin",), {"action": 0, "dice": 3}),
    (Defend, ("Vin",), {"action": 1, "dice": 1}),
    (Defend, ("Vin",), {"action": 1, "dice": 11}),
    (Defend, ("Vin",), {"action": 1, "dice": 3, "granted": -1}),
    (React, ("Vin",), {"action": 1, "reaction": "", "added": 1}),
    (React, ("Vin",), {"action": 1, "reaction": "Push", "added": -1}),
    (TakeIt, ("Vin",), {"action": -2}),
    (SetTest, (), {"action": 1, "contest": "yes"}),
    (SetTest, (), {"action": 1, "contest": True, "difficulty": -1}),
    (SwapResilience, (), {"action": 1, "resilience": "spirit"}),
    (ApplyDamage, (), {"action": 1, "nudges": -1}),
    (ApplyDamage, (), {"action": 0}),
    (ApplyDamage, (), {"action": 1, "spent": -1}),
    (ApplyDamage, (), {"action": 1, "note": "a disarm, but no Nudge spent"}),
    (Defeat, ("Vin",), {"reason": None}),
    (EndConflict, (), {"outcome": 3}),
    (Start, (Nature.SOCIAL,), {"stakes": None}),
    (Start, (Nature.SOCIAL,), {"stakes": "x" * 501}),
    (Change, ("Vin",), {"dice": -1}),
    (Change, ("Vin",), {"dice": 4, "resilience": "health"}),
    (Change, ("Vin",), {"dice": 4, "equipment": "Knife"}),
    (Change, ("Vin",), {"dice": 4, "target": "Marsh", "harm": False, "resilience": "health"}),
    (Declare, ("Vin", "sing"), {"dice": 3}),
    (Declare, ("Vin", "action"), {"dice": 41}),
    (Declare, ("Vin", "action"), {"dice": 3, "attack_kind": "social"}),
    (Declare, ("Vin", "action"), {"dice": 3, "harm": False}),
    (Declare, ("Vin", "action"), {"dice": 3, "target": "Marsh", "attack_kind": "fiery"}),
    (Declare, ("Vin", "action"), {"dice": 3, "target": "Marsh", "harm": "no"}),
    (AddParticipant, ("Vin", "crew"), {}),
    (AddParticipant, (G, ""), {}),
    (AddParticipant, (G, "crew"), {"surprised": "no"}),
    (RollDice, (), {"action": 1, "attacker": [[1, 2]], "defenders": [[3, 3]]}),
])
def test_malformed_events_are_bad_values(cls: Any, args: tuple[Any, ...],
                                         kwargs: dict[str, Any]) -> None:
    with pytest.raises(BadValue):
        cls(*args, **kwargs)


def test_r_con_4_a_reorder_names_two_or_more_different_participants() -> None:
    assert Reorder(["Vin", "Kelsier"]).names == ("Vin", "Kelsier")
    with pytest.raises(BadValue, match="R-CON-4"):
        Reorder(["Vin"])
    with pytest.raises(BadValue, match="R-CON-4"):
        Reorder(["Vin", "VIN"])
    with pytest.raises(BadValue, match="R-CON-4"):
        Reorder("Vin")


@pytest.mark.parametrize("faces", [
    [[1, 7]], [[0, 2]], [["1", "2"]], "12", [3, 4], [[1, True]], None,
])
def test_r_con_14_roll_faces_are_lists_of_dice(faces: Any) -> None:
    with pytest.raises(BadValue, match="R-DICE-1"):
        RollDice(action=1, attacker=faces)


def test_roll_faces_become_tuples() -> None:
    event = RollDice(action=2, attacker=[[1, 2, 3]], defenders=[DefenseRoll([[6, 6]])])
    assert event.attacker == ((1, 2, 3),) and event.defenders[0].faces == ((6, 6),)


def test_every_event_class_is_tagged() -> None:
    assert set(EVENT_BY_TYPE.values()) == set(EVENT_TYPES)
    for cls in EVENT_TYPES:
        assert EVENT_BY_TYPE[cls.TYPE] is cls
