"""Whom each step of a Conflict names (:func:`conflict.involved.involved`), read from
the event and the Conflict before it: the one acting, the target of the action it is
about, whoever rolls against it and the one damaged (R-CON-7 … R-CON-21). A
participant's own history (``mistborn log --player NAME``) is the steps naming them."""

from __future__ import annotations

from test_engine_rules import group, sheet

from characters.model import Reaction
from conflict.engine import Conflict
from conflict.events import (
    EVENT_TYPES,
    Act,
    AddParticipant,
    ApplyDamage,
    Change,
    Declare,
    Defeat,
    Defend,
    DefenseRoll,
    EndConflict,
    EndRound,
    Event,
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
from conflict.involved import involved

TAMSIN = sheet("Tamsin", wits=4, reactions=(Reaction("Push the arrows", 3),))

# Round 1: the Inquisitor attacks Vin; Tamsin reacts for her, Vin takes it, the attack
# hits (Result 4 against Tamsin's no set). Round 2: Vin changes her action to one
# against the Inquisitor that does no harm, Tamsin holds, Vin acts and the
# Inquisitor defends.
STEPS: list[tuple[Event, tuple[str, ...]]] = [
    (Start(Nature.PHYSICAL), ()),
    (AddParticipant(sheet("Vin", wits=5), "crew"), ("Vin",)),
    (AddParticipant(TAMSIN, "crew"), ("Tamsin",)),
    (AddParticipant(sheet("Inquisitor", kind="villain", wits=3), "ministry"),
     ("Inquisitor",)),
    (AddParticipant(group("Guards", 2, wits=2), "ministry"), ("Guards",)),
    (Declare.no_roll("guards"), ("Guards",)),  # as the Conflict spells them
    (Declare.action("inquisitor", 6, target="VIN"), ("Inquisitor", "Vin")),
    (Declare.defense("Tamsin", 2), ("Tamsin",)),
    (Declare.defense("Vin", 3), ("Vin",)),
    (SetTest(action=1, contest=True, difficulty=1), ("Inquisitor", "Vin")),
    (SwapResilience(action=1, resilience="willpower"), ("Inquisitor", "Vin")),
    (Act("Inquisitor", pool=6), ("Inquisitor", "Vin")),  # the event names the actor only
    (React("Tamsin", action=1, reaction="Push the arrows"), ("Tamsin", "Inquisitor", "Vin")),
    (TakeIt("Vin", action=1), ("Vin", "Inquisitor")),
    # Tamsin's faces are not named (one defender rolls): she is a roller all the same.
    (RollDice(action=1, attacker=[(4, 4, 1, 2, 3, 5)], defenders=[DefenseRoll([(1, 2, 3)])]),
     ("Inquisitor", "Vin", "Tamsin")),
    (ApplyDamage(action=1), ("Inquisitor", "Vin")),  # Vin is the one damaged
    (Defeat("Guards"), ("Guards",)),
    (EndRound(), ()),
    (Declare.no_roll("Inquisitor"), ("Inquisitor",)),
    (Declare.action("Tamsin", 3), ("Tamsin",)),
    (Declare.action("Vin", 4, target="Inquisitor"), ("Vin", "Inquisitor")),
    (Change("Vin", dice=4, target="Inquisitor", harm=False), ("Vin", "Inquisitor")),
    (Hold("Tamsin"), ("Tamsin",)),
    (Act("Vin", pool=2), ("Vin", "Inquisitor")),  # the changed action's target
    (Defend("Inquisitor", action=4, dice=2), ("Inquisitor", "Vin")),
    (EndConflict("the Inquisitor flees"), ()),
]


def test_r_con_18_every_step_names_its_actor_target_rollers_and_the_one_damaged() -> None:
    conflict = Conflict()
    said = []
    for event, _ in STEPS:
        before = conflict.state
        conflict.push(event)
        said.append(involved(before, event))
    assert said == [names for _, names in STEPS]


def test_r_con_4_a_reorder_names_whom_it_orders_and_every_event_kind_is_read() -> None:
    assert involved(Conflict().state, Reorder(["Vin", "Tamsin"])) == ("Vin", "Tamsin")
    assert {type(event) for event, _ in STEPS} | {Reorder} == set(EVENT_TYPES)
