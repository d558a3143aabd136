"""Events to and from JSON (conflict.serial): every event survives the round trip, the
layout is tagged and versioned, and anything unreadable is a BadValue."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from strategies import conflict_events, extra_groups, sheets

from characters.model import Attributes, Equipment, ExtraGroup, Resilience, Resiliences, Sheet
from characters.model import Standings as Std
from conflict.errors import BadValue
from conflict.events import (
    EVENT_TYPES,
    Act,
    AddParticipant,
    ApplyDamage,
    Declare,
    DefenseRoll,
    EndRound,
    Event,
    Nature,
    RollDice,
    Start,
)
from conflict.serial import (
    SCHEMA,
    event_from_dict,
    event_from_json,
    event_to_dict,
    event_to_json,
    events_from_json,
    events_to_json,
)


@given(conflict_events())
def test_every_event_survives_the_json_round_trip(event: Event) -> None:
    data = event_to_dict(event)
    assert data["schema"] == SCHEMA and data["type"] == type(event).TYPE
    assert event_from_dict(data) == event
    text = event_to_json(event)
    assert "\n" not in text
    assert event_from_json(text) == event
    assert json.loads(text) == data


@given(sheets())
def test_a_sheet_inside_an_add_event_survives(sheet: Sheet) -> None:
    event = AddParticipant(sheet, "crew", surprised=True)
    assert event_from_json(event_to_json(event)) == event


@given(extra_groups())
def test_an_extra_group_inside_an_add_event_survives(group: ExtraGroup) -> None:
    event = AddParticipant(group, "ministry")
    back = event_from_json(event_to_json(event))
    assert back == event and isinstance(back, AddParticipant)
    assert isinstance(back.character, ExtraGroup)


def test_every_event_type_has_a_distinct_tag() -> None:
    tags = [cls.TYPE for cls in EVENT_TYPES]
    assert len(set(tags)) == len(tags) == 17


def test_the_layout_is_plain_json() -> None:
    event = Declare.action("Vin", 6, target="Inquisitor", resilience="Willpower",
                           description="taunts him")
    assert event_to_dict(event) == {
        "schema": 2, "type": "declare", "name": "Vin", "kind": "action", "dice": 6,
        "source": "", "description": "taunts him", "target": "Inquisitor", "harm": True,
        "attack_kind": None, "resilience": "willpower", "equipment": None,
    }
    assert event_to_dict(RollDice(action=3, attacker=[(1, 2), (6, 6)],
                                  defenders=[DefenseRoll([(3, 3)], name="Vin")])) == {
        "schema": 2, "type": "roll", "action": 3, "attacker": [[1, 2], [6, 6]],
        "defenders": [{"faces": [[3, 3]], "name": "Vin"}]}
    assert event_to_dict(ApplyDamage(action=3, spent=1, note="disarms him")) == {
        "schema": 2, "type": "damage", "action": 3, "nudges": None, "spent": 1,
        "note": "disarms him"}
    assert event_to_dict(EndRound()) == {"schema": 2, "type": "end_round"}
    assert event_to_dict(Start(Nature.SOCIAL, "a seat", "the Assembly")) == {
        "schema": 2, "type": "start", "nature": "social", "stakes": "a seat",
        "scope": "the Assembly", "rules": 2}


def test_schema_1_events_are_still_read() -> None:
    # Version 1 had no harm, attack kind or spent Nudges, and one "defender" per roll.
    old = {"schema": 1, "type": "declare", "name": "Vin", "kind": "action", "dice": 6,
           "source": "", "description": "", "target": "Inquisitor",
           "resilience": "willpower", "equipment": None}
    assert event_from_dict(old) == Declare.action("Vin", 6, target="Inquisitor",
                                                  resilience="willpower")
    roll = {"schema": 1, "type": "roll", "action": 3, "attacker": [[1, 2]],
            "defender": [[4, 4], [5, 1]]}
    assert event_from_dict(roll) == RollDice(action=3, attacker=[(1, 2)],
                                             defenders=[DefenseRoll([(4, 4), (5, 1)])])
    undefended = {"schema": 1, "type": "roll", "action": 3, "attacker": [[1, 2]],
                  "defender": []}
    assert event_from_dict(undefended) == RollDice(action=3, attacker=[(1, 2)])
    assert event_from_dict({"schema": 1, "type": "damage", "action": 2, "nudges": 1}) == \
        ApplyDamage(action=2, nudges=1)


def test_a_sheet_is_stored_with_its_kind_as_text_and_lists() -> None:
    sheet = Sheet(name="Vin", kind="hero", attributes=Attributes(3, 4, 5),
                  standings=Std(2, 3, 4),
                  resiliences=Resiliences(Resilience(6, 1), Resilience(5), Resilience(7)),
                  equipment=(Equipment("Glass daggers", 1),))
    data = event_to_dict(AddParticipant(sheet, "crew"))
    character = data["character"]
    assert character["kind"] == "hero"
    assert character["equipment"] == [{"name": "Glass daggers", "damage": 1}]
    assert character["resiliences"]["health"] == {"full": 6, "damage": 1}
    assert character["traits"] == []


@pytest.mark.parametrize(("data", "fragment"), [
    ({"schema": 1, "type": "jump", "name": "Vin"}, "unknown event type 'jump'"),
    ({"schema": 3, "type": "hold", "name": "Vin"}, "unknown event schema 3"),
    ({"type": "hold", "name": "Vin"}, "unknown event schema None"),
    ({"schema": True, "type": "hold", "name": "Vin"}, "unknown event schema True"),
    ({"schema": 1, "type": "hold"}, "cannot read hold event"),
    ({"schema": 1, "type": "hold", "name": "Vin", "mood": "grim"}, "cannot read hold"),
    ({"schema": 1, "type": "act", "name": "Vin", "pool": 11}, "R-CON-11"),
    ({"schema": 1, "type": "act", "name": "Vin", "pool": "five"}, "cannot read act"),
    ({"schema": 1, "type": "roll", "action": 1, "attacker": [[7, 1]]}, "1–6"),
    ({"schema": 1, "type": "declare", "name": "Vin", "kind": "dance"}, "kind must be one of"),
    ({"schema": 1, "type": "add", "side": "crew", "character": {"name": "X"}},
     "cannot read add"),
    ({"schema": 1, "type": "add", "side": "crew", "character": [1]}, "R-CON-2"),
])
def test_unreadable_events_are_bad_values(data: dict[str, Any], fragment: str) -> None:
    with pytest.raises(BadValue) as caught:
        event_from_dict(data)
    assert fragment in str(caught.value)


def test_a_sheet_with_a_bad_field_is_a_bad_value() -> None:
    data = event_to_dict(AddParticipant(
        Sheet(name="Vin", kind="hero", attributes=Attributes(3, 4, 5), standings=Std(2, 3, 4),
              resiliences=Resiliences(Resilience(6), Resilience(5), Resilience(7))), "crew"))
    data["character"]["attributes"]["wits"] = 9
    with pytest.raises(BadValue, match=r"attributes\.wits"):
        event_from_dict(data)
    data["character"]["attributes"]["wits"] = 5
    data["character"]["kind"] = "extra"
    with pytest.raises(BadValue, match="kind"):
        event_from_dict(data)


def test_not_json_or_not_an_object_is_a_bad_value() -> None:
    with pytest.raises(BadValue, match="must be JSON"):
        event_from_json("{not json")
    with pytest.raises(BadValue, match="must be an object"):
        event_from_json("[1, 2]")
    with pytest.raises(BadValue, match="not a Conflict event"):
        event_to_dict("hold")  # type: ignore[arg-type]


def test_json_lines_hold_many_events() -> None:
    events: list[Event] = [Start(Nature.PHYSICAL), Act("Vin", pool=4), EndRound()]
    text = events_to_json(events)
    assert text.count("\n") == 3
    assert events_from_json(text + "\n\n") == events
