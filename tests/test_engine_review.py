"""An adversarial review of the Conflict engine against R-CON-1 … R-CON-21 and the dice
rules it leans on (R-DICE-6/7/8): the nasty cases, each worked out by hand from
RULES.md.

Faces are chosen so the answer is plain to see: ``(4, 4, 1)`` is Result 4 with no
Nudge, every 6 is a Nudge and never part of a set. Every refusal is pushed through
:func:`refused`, which also checks that the state and the events did not change.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_engine_rules import refused, sheet, table

from conflict.errors import BadValue, RuleViolation
from conflict.events import (
    Act,
    ApplyDamage,
    Change,
    Declare,
    RollDice,
    SetTest,
    SwapResilience,
    TakeIt,
)
from conflict.serial import event_from_dict
from conflict.whatnow import ActOption, ChangeOption, Expect, HoldOption, what_now

# --- R-CON-12 with R-CON-20: a defeated participant does not change its action -------


def test_r_con_20_a_participant_defeated_in_its_step_cannot_change_its_action() -> None:
    # Vin and the Inquisitor (Health 1) both have 4 Action Dice: one step (R-CON-10).
    # Vin's blow lands first and defeats him; by the step ruling he still swings at
    # Vin, or holds. Changing would move him to the end of the round, where a
    # defeated participant takes no further part (R-CON-20): it must be refused
    # rather than accepted and silently dropped.
    c = table((sheet("Vin", wits=5), "crew"),
              (sheet("Inquisitor", kind="villain", wits=4, health=1), "ministry"),
              (sheet("Ham", wits=3), "crew"))
    c.push(Declare.action("Ham", 2))
    c.push(Declare.action("Inquisitor", 4, target="Vin"))
    c.push(Declare.action("Vin", 4, target="Inquisitor"))
    c.push(Act("Vin", 2))
    c.push(TakeIt("Inquisitor", 3))
    c.push(RollDice(3, [(3, 3)]))
    c.push(ApplyDamage(3))  # 1 damage: Health 1 - 1 = 0
    assert c.state.participant("Inquisitor").defeated
    now = what_now(c.state)
    assert now.expect is Expect.ACT and now.who == ("Inquisitor",)
    assert now.options == (ActOption("Inquisitor", 2, 2, 4), HoldOption("Inquisitor", 4))
    assert not any(isinstance(o, ChangeOption) for o in now.options)
    message = refused(c, Change("Inquisitor", 6, target="Ham"), RuleViolation, "R-CON-20")
    assert "Inquisitor" in message and "defeated" in message
    c.push(Act("Inquisitor", 4))  # still allowed: the step ruling


# --- R-CON-8/9: the Narrator's calls come before the roll ------------------------------


def test_r_con_9_set_test_after_the_roll_says_the_action_has_rolled() -> None:
    c = table((sheet("Vin", wits=5), "crew"),
              (sheet("Inquisitor", kind="villain", wits=4), "ministry"))
    c.push(Declare.no_roll("Inquisitor"))
    c.push(Declare.action("Vin", 3, target="Inquisitor"))
    c.push(SetTest(1, contest=False))  # he is bound: a Challenge, no defence
    c.push(Act("Vin", 3))
    c.push(RollDice(1, [(3, 3, 1)]))  # Result 3 meets Difficulty 0: awaits damage
    message = refused(c, SetTest(1, contest=False, difficulty=4), RuleViolation, "R-CON-9")
    assert message == "R-CON-9: action 1 has already rolled"
    message = refused(c, SwapResilience(1, "willpower"), RuleViolation, "R-CON-8")
    assert message == "R-CON-8: action 1 has already rolled"


# --- events read back from JSON: nothing is silently converted ---------------------------


@pytest.mark.parametrize(("data", "field"), [
    # "false" is not false: read as a flag it would turn a Challenge into a Contest.
    ({"schema": 1, "type": "set_test", "action": 1, "contest": "false"}, "contest"),
    ({"schema": 1, "type": "set_test", "action": 1, "contest": 0}, "contest"),
    ({"schema": 1, "type": "add", "side": "crew", "surprised": "no",
      "character": {"name": "Guards", "count": 2,
                    "attributes": {"physique": 3, "charm": 2, "wits": 2}}}, "surprised"),
    ({"schema": 1, "type": "defend", "name": "Vin", "action": 1, "dice": 2.7}, "dice"),
    ({"schema": 1, "type": "defend", "name": "Vin", "action": "1", "dice": 3}, "action"),
    ({"schema": 1, "type": "damage", "action": 1, "nudges": True}, "nudges"),
    ({"schema": 1, "type": "hold", "name": 5}, "name"),
    ({"schema": 1, "type": "start", "nature": "physical", "stakes": None}, "stakes"),
    ({"schema": 1, "type": "reorder", "names": "Vin"}, "names"),
    ({"schema": 1, "type": "roll", "action": 1, "attacker": [[1, "2"]]}, "attacker"),
    ({"schema": 1, "type": "roll", "action": 1, "attacker": [[1, 2.0]]}, "attacker"),
])
def test_r_con_9_r_con_15_json_values_of_the_wrong_kind_are_refused_not_converted(
        data: dict[str, Any], field: str) -> None:
    with pytest.raises(BadValue) as caught:
        event_from_dict(data)
    message = str(caught.value)
    assert message.startswith(f"cannot read {data['type']} event: {field}: expected")
    assert "\n" not in message
