"""An adversarial review of the Conflict engine against R-CON-1 … R-CON-21 and the dice
rules it leans on (R-DICE-6/7/8): the nasty cases, each worked out by hand from
RULES.md.

Faces are chosen so the answer is plain to see: ``(4, 4, 1)`` is Result 4 with no
Nudge, every 6 is a Nudge and never part of a set. Every refusal is pushed through
:func:`refused`, which also checks that the state and the events did not change.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from profiles import scaled
from strategies import seeds
from test_engine_conflict import random_table
from test_engine_rules import group, refused, sheet, table

from characters.model import Equipment, Reaction, Resilience
from conflict import (
    ActOption,
    ChangeOption,
    DamageOption,
    DeclareOption,
    DefendOption,
    EndConflictOption,
    EndRoundOption,
    Expect,
    HoldOption,
    ReactOption,
    Roller,
    RollOption,
    TakeItOption,
    what_now,
)
from conflict.engine import Conflict, apply, replay
from conflict.errors import BadValue, ConflictError, RuleViolation
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
from conflict.serial import event_from_dict, events_from_json, events_to_json
from conflict.state import ActionStatus, DiceFrom, Outcome, Phase, State, Turn


def health(c: Conflict, name: str) -> Resilience:
    resiliences = c.state.participant(name).resiliences
    assert resiliences is not None
    return resiliences.health


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
    c.push(Act("Vin", pool=2))
    c.push(TakeIt("Inquisitor", action=3))
    c.push(RollDice(action=3, attacker=[(3, 3)]))
    c.push(ApplyDamage(action=3))  # 1 damage: Health 1 - 1 = 0
    assert c.state.participant("Inquisitor").defeated
    now = what_now(c.state)
    assert now.expect is Expect.ACT and now.who == ("Inquisitor",)
    assert now.options == (ActOption("Inquisitor", 2, 2, 4), HoldOption("Inquisitor", 4))
    assert not any(isinstance(o, ChangeOption) for o in now.options)
    message = refused(c, Change("Inquisitor", dice=6, target="Ham"), RuleViolation, "R-CON-20")
    assert "Inquisitor" in message and "defeated" in message
    c.push(Act("Inquisitor", pool=4))  # still allowed: the step ruling


# --- R-CON-8/9: the Narrator's calls come before the roll ------------------------------


def test_r_con_9_set_test_after_the_roll_says_the_action_has_rolled() -> None:
    c = table((sheet("Vin", wits=5), "crew"),
              (sheet("Inquisitor", kind="villain", wits=4), "ministry"))
    c.push(Declare.no_roll("Inquisitor"))
    c.push(Declare.action("Vin", 3, target="Inquisitor"))
    c.push(SetTest(action=1, contest=False))  # he is bound: a Challenge, no defense
    c.push(Act("Vin", pool=3))
    c.push(RollDice(action=1, attacker=[(3, 3, 1)]))  # Result 3 meets Difficulty 0: awaits damage
    message = refused(c, SetTest(action=1, contest=False, difficulty=4), RuleViolation, "R-CON-9")
    assert message == "R-CON-9: action 1 has already rolled"
    message = refused(c, SwapResilience(action=1, resilience="willpower"), RuleViolation, "R-CON-8")
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
    ({"schema": 1, "type": "roll", "action": 1, "attacker": [[1, "2"]]}, "a die face"),
    ({"schema": 1, "type": "roll", "action": 1, "attacker": [[1, 2.0]]}, "a die face"),
])
def test_r_con_9_r_con_15_json_values_of_the_wrong_kind_are_refused_not_converted(
        data: dict[str, Any], field: str) -> None:
    with pytest.raises(BadValue) as caught:
        event_from_dict(data)
    message = str(caught.value)
    assert message.startswith(f"cannot read {data['type']} event: ")
    assert f"{field} must be" in message  # the field, what it must be, what it got
    assert "\n" not in message


# --- R-CON-2 / R-DICE-8: groups roll with every remaining member, keep the best ------


def test_r_dice_8_r_con_2_an_attacking_group_keeps_its_best_roll_result_then_nudges() -> None:
    c = table((sheet("Vin", wits=5, health=9), "crew"), (group("Guards", 3, wits=2), "ministry"))
    c.push(Declare.action("Guards", 4, target="Vin"))  # action 1
    c.push(Declare.defense("Vin", 2))
    c.push(Act("Guards", pool=4))
    c.push(TakeIt("Vin", action=1))
    # Result 2 with 2 Nudges < Result 3 with none < Result 3 with 1 Nudge.
    c.push(RollDice(action=1, attacker=[(2, 2, 6, 6), (3, 3, 1, 2), (3, 3, 6, 1)]))
    action = c.state.action(1)
    assert action is not None and action.attacker_roll is not None
    assert action.attacker_roll.faces == (3, 3, 6, 1)
    c.push(ApplyDamage(action=1))
    assert health(c, "Vin") == Resilience(9, 2)  # 1 + 1 Nudge


def test_r_dice_8_r_con_2_a_defending_group_breaks_ties_among_its_rolls_by_nudges() -> None:
    c = table((sheet("Vin", wits=5), "crew"), (group("Guards", 3, wits=2), "ministry"))
    c.push(Declare.defense("Guards", 3))
    c.push(Declare.action("Vin", 3, target="Guards"))  # action 1
    c.push(Act("Vin", pool=3))
    c.push(Defend("Guards", action=1, dice=3))
    # Vin: Result 4, no Nudge. The Guards' first roll only ties her; their best,
    # Result 4 with a Nudge, beats her (R-DICE-7): the attack fails.
    c.push(
        RollDice(
            action=1,
            attacker=[(4, 4, 1)],
            defenders=[DefenseRoll([(4, 4, 2), (1, 2, 3), (4, 4, 6)])],
        )
    )
    action = c.state.action(1)
    assert action is not None and action.opposing_roll is not None
    assert action.opposing_roll.faces == (4, 4, 6)
    assert action.outcome is Outcome.FAILURE
    assert c.state.participant("Guards").members == 3


def test_r_con_19_r_con_2_a_group_cut_down_to_one_member_rolls_once() -> None:
    c = table((sheet("Vin", wits=5), "crew"), (group("Guards", 4, wits=2), "ministry"))
    c.push(Declare.defense("Guards", 2))
    c.push(Declare.action("Vin", 4, target="Guards"))  # action 1
    c.push(Act("Vin", pool=4))
    c.push(TakeIt("Guards", action=1))
    c.push(RollDice(action=1, attacker=[(5, 5, 6, 6)]))  # Result 5, 2 Nudges
    c.push(ApplyDamage(action=1))  # 1 + 2 = 3 damage: three of the four fall
    guards = c.state.participant("Guards")
    assert (guards.members, guards.defeated) == (1, False)
    c.push(EndRound())
    c.push(Declare.action("Guards", 3, target="Vin"))  # action 2
    c.push(Declare.defense("Vin", 2))
    c.push(Act("Guards", pool=3))
    c.push(Defend("Vin", action=2, dice=2))
    assert what_now(c.state).options == (
        RollOption(2, "Guards", 3, 1, (Roller("Vin", 2, 1),), True, 0),
    )
    refused(
        c,
        RollDice(action=2, attacker=[(1, 2, 3)] * 4, defenders=[DefenseRoll([(1, 2)])]),
        BadValue,
        "R-CON-2",
        "got 4",
    )
    c.push(RollDice(action=2, attacker=[(1, 2, 3)], defenders=[DefenseRoll([(1, 2)])]))


def test_r_con_19_damage_beyond_the_members_left_leaves_the_group_gone() -> None:
    vin = sheet("Vin", wits=5, equipment=(Equipment("Glass daggers", 1),))
    c = table((vin, "crew"), (group("Guards", 2, wits=2), "ministry"))
    c.push(Declare.no_roll("Guards"))
    c.push(Declare.action("Vin", 3, target="Guards", equipment="Glass daggers"))
    c.push(Act("Vin", pool=3))
    c.push(TakeIt("Guards", action=1))
    c.push(RollDice(action=1, attacker=[(1, 1, 6)]))  # Result 1, 1 Nudge
    assert what_now(c.state).options == (DamageOption(1, "Guards", None, 1, 1),)
    c.push(ApplyDamage(action=1, nudges=0))  # 1 + 0 Nudges + 1 for the daggers = 2
    guards = c.state.participant("Guards")
    assert (guards.members, guards.defeated) == (0, True)
    assert c.state.sides_defeated() == ("ministry",)
    c.push(EndRound())
    option = what_now(c.state).options[0]
    assert isinstance(option, DeclareOption) and option.targets == ()
    refused(c, Declare.action("Vin", 3, target="Guards"), RuleViolation, "R-CON-20")


# --- R-CON-4 / 5 / 6: declaration order ------------------------------------------------


def test_r_con_4_the_narrator_orders_a_later_tie_and_the_favoured_declares_last() -> None:
    c = table((sheet("Vin", wits=3), "crew"), (sheet("Kelsier", wits=3), "crew"),
              (sheet("Marsh", wits=2), "crew"), (group("Guards", 2, wits=3), "ministry"))
    # Marsh (Wits 2) declares first; Vin, Kelsier and the Guards tie at Wits 3.
    refused(c, Reorder(("Marsh", "Vin")), RuleViolation, "R-CON-4", "Marsh (Wits 2)")
    c.push(Reorder(("Guards", "Kelsier", "Vin")))  # Vin is favoured: she declares last
    order = []
    while what_now(c.state).expect is Expect.DECLARE:
        name = what_now(c.state).who[0]
        order.append(name)
        c.push(Declare.no_roll(name))
    assert order == ["Marsh", "Guards", "Kelsier", "Vin"]
    assert c.state.phase is Phase.ROUND_OVER  # no one has Action Dice: nothing to resolve


def test_r_con_5_a_surprised_group_declares_before_a_hero_of_lower_wits_in_round_1_only(
        ) -> None:
    c = table((sheet("Vin", wits=2), "crew"), (group("Guards", 3, wits=5), "ministry", True))
    assert what_now(c.state).who == ("Guards",)
    refused(c, Declare.no_roll("Vin"), RuleViolation, "R-CON-5", "Guards are surprised")
    c.push(Declare.no_roll("Guards"))
    c.push(Declare.no_roll("Vin"))
    c.push(EndRound())
    assert what_now(c.state).who == ("Vin",)


def test_r_con_6_a_group_at_its_lowest_members_wits_ties_with_a_hero() -> None:
    c = table((sheet("Vin", wits=2), "crew"),
              (group("Thugs", 3, wits=4, member_wits=(4, 2, 5)), "ministry"))
    now = what_now(c.state)
    assert now.who == ("Vin",) and now.ties == ("Vin", "Thugs")
    c.push(Reorder(("Thugs", "Vin")))
    assert what_now(c.state).who == ("Thugs",)


def test_r_con_20_the_defeated_are_left_out_of_reorders() -> None:
    c = table((sheet("Vin", wits=3), "crew"), (sheet("Kelsier", wits=3), "crew"),
              (sheet("Ham", wits=3), "crew"))
    c.push(Defeat("Ham", "knocked out"))
    assert what_now(c.state).ties == ("Vin", "Kelsier")
    refused(c, Reorder(("Ham", "Vin")), RuleViolation, "R-CON-20", "Ham is defeated")


# --- R-CON-7: kinds of declaration -------------------------------------------------------


def test_r_con_8_a_swapped_resilience_keeps_the_attack_kind_for_no_roll_dice() -> None:
    # A physical beating aimed at Willpower stays a physical attack (R-CON-8): Ham, whose
    # action needs no roll, gains his Physique (2) in Defense Dice, not his Wits (6).
    c = table((sheet("Ham", physique=2, charm=3, wits=6), "crew"),
              (sheet("Inquisitor", kind="villain", wits=2), "ministry"))
    c.push(Declare.action("Inquisitor", 5, target="Ham"))  # action 1
    c.push(Declare.no_roll("Ham"))
    c.push(SwapResilience(action=1, resilience="willpower"))
    action = c.state.action(1)
    assert action is not None
    assert (action.attack_kind, action.resilience) == (Nature.PHYSICAL, "willpower")
    c.push(Act("Inquisitor", pool=5))
    assert what_now(c.state).options[0] == DefendOption("Ham", 1, DiceFrom.DEFENSE, 2, 2, 2)
    c.push(Defend("Ham", action=1, dice=2))
    ham = c.state.participant("Ham").round
    assert (ham.defense_gained, ham.defense_spent, ham.defense_dice) == (2, 2, 0)


def test_r_con_8_a_mental_attack_in_a_physical_conflict_grants_wits_dice() -> None:
    # The kind, not the Conflict's nature, picks the Attribute (R-CON-7c) and the default
    # Resilience (R-CON-8): a mental attack on Ham targets Willpower and he gains Wits 6.
    c = table((sheet("Ham", physique=2, charm=3, wits=6), "crew"),
              (sheet("Inquisitor", kind="villain", wits=2), "ministry"))
    c.push(Declare.action("Inquisitor", 5, target="Ham", attack_kind="mental"))
    action = c.state.action(1)
    assert action is not None
    assert (action.attack_kind, action.resilience) == (Nature.MENTAL, "willpower")
    c.push(Declare.no_roll("Ham"))
    c.push(Act("Inquisitor", pool=5))
    assert what_now(c.state).options[0] == DefendOption("Ham", 1, DiceFrom.DEFENSE, 2, 6, 6)
    c.push(TakeIt("Ham", action=1))
    c.push(RollDice(action=1, attacker=[(4, 4, 1, 2, 3)]))
    c.push(ApplyDamage(action=1))
    ham = c.state.participant("Ham")
    assert ham.resilience("willpower") == Resilience(5, 1)
    assert ham.resilience("health") == Resilience(5, 0)


def test_r_con_7_r_con_16_the_narrator_adjusts_the_dice_of_a_no_roll_target_that_reacts(
        ) -> None:
    # A social Conflict: Ham (Charm 3) is reading; the Narrator grants him 4 Defense
    # Dice instead of 3. He reacts with a 2-die Reaction and adds all 4.
    c = table(
        (sheet("Ham", charm=3, wits=4, reactions=(Reaction("Soothe", 2),)), "crew"),
        (sheet("Inquisitor", kind="villain", wits=2), "ministry"),
        nature=Nature.SOCIAL,
    )
    c.push(Declare.action("Inquisitor", 5, target="Ham"))
    c.push(Declare.no_roll("Ham"))
    c.push(Act("Inquisitor", pool=5))
    react = next(o for o in what_now(c.state).options if isinstance(o, ReactOption))
    assert react == ReactOption("Ham", 1, "Soothe", 2, DiceFrom.DEFENSE, 0, 3, 3)
    refused(
        c,
        React("Ham", action=1, reaction="Soothe", added=5, granted=4),
        RuleViolation,
        "R-CON-16",
        "has 4 Defense Dice",
    )
    c.push(React("Ham", action=1, reaction="Soothe", added=4, granted=4))
    ham = c.state.participant("Ham").round
    assert (ham.defense_gained, ham.defense_spent, ham.defense_dice) == (4, 4, 0)
    action = c.state.action(1)
    assert (
        action is not None and action.target_defense is not None and action.target_defense.pool == 6
    )


def test_r_con_7_full_defense_gains_no_attribute_dice_when_attacked() -> None:
    c = table((sheet("Ham", physique=5, wits=4), "crew"),
              (sheet("Inquisitor", kind="villain", wits=2), "ministry"))
    c.push(Declare.action("Inquisitor", 5, target="Ham"))
    c.push(Declare.defense("Ham", 3))
    c.push(Act("Inquisitor", pool=5))
    assert what_now(c.state).options[0] == DefendOption("Ham", 1, DiceFrom.DEFENSE, 2, 3)
    refused(c, Defend("Ham", action=1, dice=3, granted=5), RuleViolation, "R-CON-7")


# --- R-CON-10 / R-CON-15a: the acting order moves when Action Dice defend -----------------


def _inquisitor_attacks_kelsier(kelsier_dice: int, ham_dice: int) -> Conflict:
    """The Inquisitor (6 Action Dice) attacks Kelsier, who has not acted yet (action 1);
    Ham's action is 2, Kelsier's 3."""
    c = table((sheet("Inquisitor", kind="villain", wits=2), "ministry"),
              (sheet("Kelsier", wits=4), "crew"), (sheet("Ham", wits=3), "crew"))
    c.push(Declare.action("Inquisitor", 6, target="Kelsier"))
    c.push(Declare.action("Ham", ham_dice))
    c.push(Declare.action("Kelsier", kelsier_dice))
    assert what_now(c.state).who == ("Inquisitor",)
    c.push(Act("Inquisitor", pool=6))
    return c


def _no_sets(c: Conflict, defended: int = 2) -> None:
    # Neither side rolls a set: the attack on Kelsier fails.
    c.push(
        RollDice(
            action=1,
            attacker=[(1, 2, 3, 4, 5, 6)],
            defenders=[DefenseRoll([(1, 2, 3, 4, 5)[:defended]])],
        )
    )


def test_r_con_10_r_con_15_a_target_spending_action_dice_joins_a_lower_tie() -> None:
    c = _inquisitor_attacks_kelsier(kelsier_dice=5, ham_dice=3)
    c.push(Defend("Kelsier", action=1, dice=2))  # 5 - 2 = 3, as many as Ham
    _no_sets(c)
    assert what_now(c.state).who == ("Kelsier", "Ham")  # simultaneous
    c.push(Act("Ham", pool=3))  # either may go first
    c.push(RollDice(action=2, attacker=[(1, 2, 3)]))
    assert what_now(c.state).who == ("Kelsier",)


def test_r_con_10_r_con_15_a_target_spending_action_dice_leaves_its_tie() -> None:
    c = _inquisitor_attacks_kelsier(kelsier_dice=4, ham_dice=4)
    c.push(Defend("Kelsier", action=1, dice=2))  # 4 - 2 = 2: no longer level with Ham
    _no_sets(c)
    assert what_now(c.state).who == ("Ham",)
    c.push(Hold("Ham"))
    assert what_now(c.state).options == (ActOption("Kelsier", 3, 2, 2),
                                          ChangeOption("Kelsier", max_dice=2),
                                          HoldOption("Kelsier", 2))


def test_r_con_10_r_con_15_a_target_left_with_0_action_dice_never_acts() -> None:
    c = _inquisitor_attacks_kelsier(kelsier_dice=3, ham_dice=2)
    c.push(Defend("Kelsier", action=1, dice=3))
    _no_sets(c, defended=3)
    assert what_now(c.state).who == ("Ham",)
    refused(c, Act("Kelsier", pool=2), RuleViolation, "R-CON-10", "no Action Dice left")
    c.push(Hold("Ham"))
    assert c.state.phase is Phase.ROUND_OVER
    kelsier = c.state.action(3)
    assert kelsier is not None and kelsier.status is ActionStatus.ABANDONED


def test_r_con_10_r_con_12_r_con_15_a_target_left_with_1_action_die_may_only_hold() -> None:
    c = _inquisitor_attacks_kelsier(kelsier_dice=3, ham_dice=2)
    c.push(Defend("Kelsier", action=1, dice=2))
    _no_sets(c)
    c.push(Hold("Ham"))
    now = what_now(c.state)
    # R-CON-12 ruling: a change never brings more dice than the 1 Action Die held.
    assert now.options == (HoldOption("Kelsier", 1),)
    refused(c, Change("Kelsier", dice=8), RuleViolation, "R-CON-12", "1 Action Die")
    refused(c, Act("Kelsier", pool=2), RuleViolation, "R-CON-11", "1 Action Die")
    c.push(Hold("Kelsier"))  # R-CON-13: the die left becomes a Defense Die
    kelsier = c.state.participant("Kelsier").round
    assert (kelsier.action_dice, kelsier.defense_dice, kelsier.action_defended) == (0, 1, 2)


def test_r_con_10_r_con_15_a_step_member_that_defends_with_action_dice_leaves_the_step(
        ) -> None:
    # Vin and the Inquisitor both have 5 Action Dice: one step. He strikes first; Vin,
    # who has not acted, spends 2 Action Dice and drops to 3, level with Ham.
    c = table((sheet("Vin", wits=5), "crew"),
              (sheet("Inquisitor", kind="villain", wits=4), "ministry"),
              (sheet("Ham", wits=3), "crew"))
    c.push(Declare.action("Ham", 3))  # action 1
    c.push(Declare.action("Inquisitor", 5, target="Vin"))  # action 2
    c.push(Declare.action("Vin", 5, target="Inquisitor"))  # action 3
    assert what_now(c.state).who == ("Vin", "Inquisitor")
    c.push(Act("Inquisitor", pool=5))
    c.push(Defend("Vin", action=2, dice=2))
    c.push(RollDice(action=2, attacker=[(1, 2, 3, 4, 5)], defenders=[DefenseRoll([(1, 2)])]))
    assert what_now(c.state).who == ("Vin", "Ham")
    assert c.state.participant("Vin").round.action_dice == 3


# --- R-CON-11: act as declared -------------------------------------------------------------


def test_r_con_11_twelve_action_dice_make_a_pool_of_10_and_2_defense_dice() -> None:
    c = table((sheet("Vin", wits=5), "crew"))
    c.push(Declare.action("Vin", 12))  # any count: not yet a pool
    assert what_now(c.state).options[0] == ActOption("Vin", 1, 2, 10)
    c.push(Act("Vin", pool=10))
    vin = c.state.participant("Vin").round
    assert (vin.action_dice, vin.action_rolled, vin.defense_dice) == (0, 10, 2)


@pytest.mark.parametrize(
    ("build", "rule"),
    [
        (lambda: Act("Vin", pool=1), "R-CON-11"),
        (lambda: Act("Vin", pool=11), "R-CON-11"),
        (lambda: Defend("Vin", action=1, dice=1), "R-CON-15"),
        (lambda: Defend("Vin", action=1, dice=11), "R-CON-15"),
    ],
)
def test_r_con_11_r_con_15_pools_of_1_or_11_dice_are_refused(build: Any, rule: str) -> None:
    with pytest.raises(BadValue) as caught:
        build()
    assert caught.value.rule == rule and "2–10" in str(caught.value)


# --- R-CON-12: change the action --------------------------------------------------------


@pytest.mark.parametrize(("figured", "halved"), [(3, 2), (4, 2), (5, 3), (10, 5), (11, 6)])
def test_r_con_12_new_action_dice_are_halved_rounding_up(figured: int, halved: int) -> None:
    c = table((sheet("Vin", wits=5), "crew"))
    c.push(Declare.action("Vin", 12))  # plenty held: only the halving counts
    c.push(Change("Vin", dice=figured))
    assert c.state.participant("Vin").round.action_dice == halved
    assert what_now(c.state).options == (ActOption("Vin", 2, 2, halved),
                                          HoldOption("Vin", halved))


@pytest.mark.parametrize("figured", [0, 1, 2])
def test_r_con_12_a_new_action_of_2_dice_or_fewer_is_refused(figured: int) -> None:
    c = table((sheet("Vin", wits=5), "crew"))
    c.push(Declare.action("Vin", 4))
    refused(c, Change("Vin", dice=figured), RuleViolation, "R-CON-12",
            f"a new action of {figured} dice")


def test_r_con_12_a_changed_action_comes_after_everyone_even_with_the_most_dice() -> None:
    # Vin (8) changes to a new action of 9 dice: 5, more than anyone, yet she acts
    # after Kelsier (3) and after Ham, who has 2 Action Dice.
    c = table((sheet("Vin", wits=6), "crew"), (sheet("Kelsier", wits=5), "crew"),
              (sheet("Ham", wits=4), "crew"))
    c.push(Declare.action("Ham", 2))  # action 1
    c.push(Declare.action("Kelsier", 3))  # action 2
    c.push(Declare.action("Vin", 8))  # action 3
    c.push(Change("Vin", dice=9, description="dives for the door"))  # action 4
    assert what_now(c.state).who == ("Kelsier",)
    c.push(Act("Kelsier", pool=3))
    c.push(RollDice(action=2, attacker=[(1, 2, 3)]))
    assert what_now(c.state).who == ("Ham",)
    c.push(Hold("Ham"))
    now = what_now(c.state)
    assert now.options == (ActOption("Vin", 4, 2, 5), HoldOption("Vin", 5))
    refused(c, Change("Vin", dice=6), RuleViolation, "R-CON-12", "already changed")
    c.push(Act("Vin", pool=3))
    vin = c.state.participant("Vin").round
    # The 2 dice left after the new action's roll become Defense Dice; the 8 declared
    # Action Dice were dropped by the change.
    assert (vin.defense_dice, vin.action_discarded, vin.action_rolled) == (2, 8, 3)
    c.push(RollDice(action=4, attacker=[(1, 2, 3)]))
    assert c.state.phase is Phase.ROUND_OVER


def test_r_con_12_ruling_two_changed_actions_act_one_by_one_in_the_order_changed() -> None:
    c = table((sheet("Vin", wits=5), "crew"), (sheet("Kelsier", wits=4), "crew"))
    c.push(Declare.action("Kelsier", 6))
    c.push(Declare.action("Vin", 6))
    c.push(Change("Kelsier", dice=4))
    c.push(Change("Vin", dice=10))
    assert what_now(c.state).who == ("Kelsier",)
    c.push(Hold("Kelsier"))
    assert what_now(c.state).who == ("Vin",)


def test_r_con_12_r_con_15_a_changed_participant_defends_with_action_dice_and_still_acts_last(
        ) -> None:
    c = table((sheet("Vin", wits=5), "crew"),
              (sheet("Inquisitor", kind="villain", wits=2), "ministry"),
              (sheet("Ham", wits=3), "crew"))
    c.push(Declare.action("Inquisitor", 3, target="Vin"))  # action 1
    c.push(Declare.action("Ham", 2))  # action 2
    c.push(Declare.action("Vin", 6))  # action 3
    c.push(Change("Vin", dice=7))  # action 4: 4 Action Dice, at the end of the round
    assert what_now(c.state).who == ("Inquisitor",)
    c.push(Act("Inquisitor", pool=3))
    # Vin has not acted yet: she defends with her (new) Action Dice (R-CON-15a).
    assert what_now(c.state).options[0] == DefendOption("Vin", 1, DiceFrom.ACTION, 2, 4)
    c.push(Defend("Vin", action=1, dice=2))
    c.push(RollDice(action=1, attacker=[(1, 2, 3)], defenders=[DefenseRoll([(1, 2)])]))
    assert what_now(c.state).who == ("Ham",)  # Vin, level with Ham at 2, still goes last
    c.push(Hold("Ham"))
    assert what_now(c.state).options == (ActOption("Vin", 4, 2, 2), HoldOption("Vin", 2))


def test_r_con_12_the_change_is_allowed_again_next_round() -> None:
    c = table((sheet("Vin", wits=5), "crew"))
    c.push(Declare.action("Vin", 4))
    c.push(Change("Vin", dice=4))
    c.push(Hold("Vin"))
    c.push(EndRound())
    c.push(Declare.action("Vin", 4))
    c.push(Change("Vin", dice=6))
    assert c.state.participant("Vin").round.action_dice == 3


# --- R-CON-13: hold ---------------------------------------------------------------------


def test_r_con_13_hold_after_defending_turns_the_action_dice_left_into_defense_dice() -> None:
    c = _inquisitor_attacks_kelsier(kelsier_dice=5, ham_dice=2)
    c.push(Defend("Kelsier", action=1, dice=2))
    _no_sets(c)
    c.push(Hold("Kelsier"))
    kelsier = c.state.participant("Kelsier").round
    assert kelsier.turn is Turn.HELD
    assert (kelsier.action_dice, kelsier.defense_dice, kelsier.action_to_defense) == (0, 3, 3)
    action = c.state.action(3)
    assert action is not None and action.status is ActionStatus.ABANDONED


# --- R-CON-15 / R-CON-16: one defense or Reaction per action -----------------------------


def _vin_attacked(vin_dice: int = 5, steelpush: int = 3) -> Conflict:
    """The Inquisitor (6) attacks Vin, who has not acted (action 1); Vin's own action,
    with no target, is 2."""
    vin = sheet("Vin", wits=5, reactions=(Reaction("Steelpush", steelpush),))
    c = table((vin, "crew"), (sheet("Inquisitor", kind="villain", wits=2), "ministry"))
    c.push(Declare.action("Inquisitor", 6, target="Vin"))
    c.push(Declare.action("Vin", vin_dice))
    c.push(Act("Inquisitor", pool=6))
    return c


def test_r_con_15_r_con_16_after_taking_it_there_is_no_defense_or_reaction() -> None:
    c = _vin_attacked()
    c.push(TakeIt("Vin", action=1))
    for event in (
        Defend("Vin", action=1, dice=2),
        React("Vin", action=1, reaction="Steelpush", added=1),
        TakeIt("Vin", action=1),
    ):
        message = refused(c, event, RuleViolation, "R-CON-15")
        assert message == "R-CON-15: Vin already chose not to defend against action 1"


def test_r_con_16_a_reaction_pool_is_capped_at_10_and_its_dice_are_lost_after_the_roll() -> None:
    c = _vin_attacked(vin_dice=5, steelpush=8)
    react = next(o for o in what_now(c.state).options if isinstance(o, ReactOption))
    assert react == ReactOption("Vin", 1, "Steelpush", 8, DiceFrom.ACTION, 0, 2)
    refused(
        c,
        React("Vin", action=1, reaction="Steelpush", added=3),
        RuleViolation,
        "R-CON-16",
        "11 dice",
    )
    c.push(React("Vin", action=1, reaction="Steelpush", added=2))  # 8 + 2 = 10 dice
    assert what_now(c.state).options == (RollOption(1, "Inquisitor", 6, 1,
                                                    (Roller("Vin", 10, 1),), True, 0),)
    c.push(
        RollDice(
            action=1,
            attacker=[(1, 2, 3, 4, 5, 6)],
            defenders=[DefenseRoll([(1, 2, 3, 4, 5, 1, 2, 3, 4, 5)])],
        )
    )
    vin = c.state.participant("Vin").round
    # Her 3 Action Dice left still act; the 8 Steelpush dice are gone, none became
    # Defense Dice.
    assert (vin.action_dice, vin.defense_dice, vin.action_defended) == (3, 0, 2)
    assert what_now(c.state).options[0] == ActOption("Vin", 2, 2, 3)


# --- R-CON-17: Contest outcome ------------------------------------------------------------


def _vin_strikes(difficulty: int) -> Conflict:
    """Vin attacks the Inquisitor (action 1); he defends with 3 Defense Dice."""
    c = table((sheet("Vin", wits=5), "crew"),
              (sheet("Inquisitor", kind="villain", wits=2, health=9), "ministry"))
    c.push(Declare.defense("Inquisitor", 3))
    c.push(Declare.action("Vin", 3, target="Inquisitor"))
    c.push(SetTest(action=1, contest=True, difficulty=difficulty))
    c.push(Act("Vin", pool=3))
    c.push(Defend("Inquisitor", action=1, dice=3))
    return c


@pytest.mark.parametrize(("attacker", "defender", "difficulty", "hits"), [
    ((1, 2, 3), (1, 2, 4), 0, False),  # neither side has a set: Result 0 cannot win
    ((1, 2, 6), (4, 5, 6), 0, False),  # the attacker's Nudge does not help without a set
    ((3, 3, 1), (1, 2, 4), 0, True),  # a set beats no set
    ((3, 3, 1), (1, 1, 2), 4, False),  # beats the defender, misses Difficulty 4
    ((3, 3, 1), (1, 1, 2), 3, True),  # meets Difficulty 3 exactly
    ((5, 5, 1), (5, 5, 6), 5, False),  # equal Results: the defender's Nudge wins
    ((5, 5, 6), (5, 5, 1), 5, True),  # a Result of 5 meets Difficulty 5; Nudge wins
])
def test_r_con_17_r_dice_7_contest_outcomes(attacker: tuple[int, ...],
                                            defender: tuple[int, ...], difficulty: int,
                                            hits: bool) -> None:
    c = _vin_strikes(difficulty)
    c.push(RollDice(action=1, attacker=[attacker], defenders=[DefenseRoll([defender])]))
    action = c.state.action(1)
    assert action is not None
    assert (action.outcome is Outcome.SUCCESS) is hits
    assert (what_now(c.state).expect is Expect.DAMAGE) is hits


def test_r_con_17_a_stalemate_changes_nothing_and_the_struggle_goes_on() -> None:
    c = _vin_strikes(0)
    c.push(
        RollDice(action=1, attacker=[(4, 4, 6)], defenders=[DefenseRoll([(4, 4, 6)])])
    )  # Result 4 and 1 Nudge each
    action = c.state.action(1)
    assert action is not None and action.outcome is Outcome.STALEMATE
    assert action.damage is None and c.state.pending is None
    assert health(c, "Inquisitor") == Resilience(9, 0)
    assert what_now(c.state).expect is Expect.END_ROUND
    refused(c, ApplyDamage(action=1), RuleViolation, "R-CON-18")
    c.push(EndRound())  # the struggle continues next round
    c.push(Declare.no_roll("Inquisitor"))
    c.push(Declare.action("Vin", 3, target="Inquisitor"))
    assert what_now(c.state).who == ("Vin",)


@pytest.mark.parametrize(("attacker", "defender", "why"), [
    ((1, 2, 3), (1, 1, 4), "action 1 failed; there is no damage to deal"),
    ((4, 4, 6), (4, 4, 6), "action 1 ended in a stalemate; there is no damage to deal"),
    ((5, 5, 1), (1, 2, 3), "action 1 already dealt its damage (1)"),
])
def test_r_con_18_damage_of_a_settled_action_says_why_there_is_none(
        attacker: tuple[int, ...], defender: tuple[int, ...], why: str) -> None:
    """R-CON-18: only a successful attack deals damage, once; an action that failed (or
    was already dealt) is named as such, not as "no action is being resolved"."""
    c = _vin_strikes(0)
    c.push(RollDice(action=1, attacker=[attacker], defenders=[DefenseRoll([defender])]))
    if c.state.pending == 1:
        c.push(ApplyDamage(action=1))
    refused(c, ApplyDamage(action=1), RuleViolation, "R-CON-18", why)


# --- R-CON-14: Challenges ------------------------------------------------------------------


@pytest.mark.parametrize(("rolls", "difficulty", "succeeds"), [
    ([(2, 2, 1), (3, 3, 1)], 3, True),  # the second Guard's Result 3 meets Difficulty 3
    ([(2, 2, 6), (1, 2, 6)], 3, False),  # the best is Result 2: short of 3
    ([(6, 6, 6), (1, 2, 3)], 0, False),  # sixes never make a set: Result 0 fails
])
def test_r_con_14_r_dice_8_a_group_challenge_uses_its_best_roll(
        rolls: list[tuple[int, ...]], difficulty: int, succeeds: bool) -> None:
    c = table((group("Guards", 2, wits=2), "ministry"))
    c.push(Declare.action("Guards", 3, description="bar the gate"))
    c.push(SetTest(action=1, contest=False, difficulty=difficulty))
    c.push(Act("Guards", pool=3))
    refused(c, TakeIt("Guards", action=1), RuleViolation, "R-CON-15", "not the target")
    c.push(RollDice(action=1, attacker=rolls))
    action = c.state.action(1)
    assert action is not None and action.status is ActionStatus.DONE
    assert (action.outcome is Outcome.SUCCESS) is succeeds
    assert c.state.phase is Phase.ROUND_OVER  # no damage step: it is not an attack


# --- R-CON-20: Heroes and Villains ----------------------------------------------------------


@pytest.mark.parametrize(("earlier", "defeated"), [(1, True), (0, False)])
def test_r_con_20_damage_adds_to_the_sheets_own_and_defeats_at_exactly_0(
        earlier: int, defeated: bool) -> None:
    # Health 4 with `earlier` damage on the sheet; Vin's hit deals 1 + 2 Nudges = 3.
    inquisitor = sheet("Inquisitor", kind="villain", wits=2, health=4, health_damage=earlier)
    c = table((sheet("Vin", wits=5), "crew"), (inquisitor, "ministry"),
              (sheet("Ham", wits=3), "crew"))
    c.push(Declare.action("Inquisitor", 3, target="Ham"))  # action 1
    c.push(Declare.defense("Ham", 2))
    c.push(Declare.action("Vin", 4, target="Inquisitor"))  # action 2
    c.push(Act("Vin", pool=4))
    c.push(TakeIt("Inquisitor", action=2))
    c.push(RollDice(action=2, attacker=[(2, 2, 6, 6)]))
    c.push(ApplyDamage(action=2))
    assert health(c, "Inquisitor") == Resilience(4, earlier + 3)
    assert c.state.participant("Inquisitor").defeated is defeated
    if not defeated:
        assert what_now(c.state).who == ("Inquisitor",)
        return
    # Defeated before his turn: his attack on Ham never happens (R-CON-20).
    assert c.state.phase is Phase.ROUND_OVER
    refused(c, Act("Inquisitor", pool=3), RuleViolation, "R-CON-10")
    c.push(EndRound())
    assert "Inquisitor" not in what_now(c.state).who
    refused(c, Declare.action("Inquisitor", 3), RuleViolation, "R-CON-20")
    c.push(Declare.action("Ham", 3))
    refused(c, Declare.action("Vin", 3, target="Inquisitor"), RuleViolation, "R-CON-20",
            "cannot be targeted")
    c.push(Declare.action("Vin", 3))
    refused(c, Change("Vin", dice=4, target="Inquisitor"), RuleViolation, "R-CON-20")
    refused(c, Defeat("Inquisitor"), RuleViolation, "R-CON-20", "already defeated")


# --- R-CON-21: end of round ----------------------------------------------------------------


def test_r_con_21_unspent_action_and_defense_dice_are_lost_at_the_end_of_the_round() -> None:
    c = table((sheet("Vin", wits=5), "crew"), (sheet("Ham", wits=3), "crew"),
              (group("Guards", 3, wits=2), "ministry"))
    c.push(Declare.no_roll("Guards"))
    c.push(Declare.defense("Ham", 4))
    c.push(Declare.action("Vin", 7))
    c.push(Hold("Vin"))
    assert what_now(c.state).options == (EndRoundOption(), EndConflictOption())
    refused(c, Act("Vin", pool=2), RuleViolation, "R-CON-10", "round 1 is over")
    assert [p.round.defense_dice for p in c.state] == [7, 4, 0]
    c.push(EndRound())
    assert (c.state.round, c.state.phase) == (2, Phase.DECLARATION)
    assert all((p.round.action_dice, p.round.defense_dice) == (0, 0) for p in c.state)


# --- undo and replay ---------------------------------------------------------------------


def _every_kind_of_event() -> list[Event]:
    """A short Conflict that uses each of the 17 kinds of event at least once."""
    vin = sheet("Vin", wits=5, reactions=(Reaction("Steelpush", 2),))
    return [
        Start(Nature.PHYSICAL, "the stash", "one alley"),
        AddParticipant(vin, "crew"),
        AddParticipant(sheet("Kelsier", wits=3), "crew"),
        AddParticipant(sheet("Inquisitor", kind="villain", wits=3, health=3), "ministry"),
        AddParticipant(group("Guards", 3, wits=2), "ministry"),
        Reorder(("Inquisitor", "Kelsier")),
        Declare.action("Guards", 4, target="Vin"),  # action 1
        Declare.action("Inquisitor", 6, target="Vin"),  # action 2
        Declare.defense("Kelsier", 4),
        Declare.action("Vin", 5, target="Inquisitor"),  # action 3
        SetTest(action=3, contest=True, difficulty=1),
        SwapResilience(action=2, resilience="willpower"),
        Act("Inquisitor", pool=6),
        React(
            "Vin", action=2, reaction="Steelpush", added=1
        ),  # Vin: 4 Action Dice, level with the Guards
        RollDice(action=2, attacker=[(1, 2, 3, 4, 5, 6)], defenders=[DefenseRoll([(1, 2, 3)])]),
        Act("Vin", pool=4),
        TakeIt("Inquisitor", action=3),
        RollDice(action=3, attacker=[(2, 2, 6, 1)]),
        ApplyDamage(action=3, nudges=1),
        Change("Guards", dice=6, target="Kelsier"),  # action 4
        Act("Guards", pool=2),
        Defend("Kelsier", action=4, dice=3),
        RollDice(action=4, attacker=[(1, 2), (1, 2), (1, 2)], defenders=[DefenseRoll([(1, 1, 2)])]),
        Defeat("Inquisitor", "flees"),
        EndRound(),
        Declare.action("Guards", 3),  # action 5
        Declare.no_roll("Kelsier"),
        Declare.action("Vin", 3),  # action 6
        Hold("Guards"),
        Hold("Vin"),
        EndConflict("the Inquisitor flees; the crew keeps the stash"),
    ]


def test_r_con_21_undo_of_every_kind_of_event_restores_the_state_before_it() -> None:
    events = _every_kind_of_event()
    assert {type(e) for e in events} == set(EVENT_TYPES)
    before = [replay(events[:i]) for i in range(len(events))]
    c = Conflict(events)
    assert c.state.phase is Phase.ENDED
    for i in reversed(range(len(events))):
        assert c.pop() == events[i]
        assert c.state == before[i]
        assert c.state.index == before[i].index  # the name index is left out of ==
    assert c.state == replay([])


def test_r_con_21_replay_and_json_give_equal_states_after_every_event() -> None:
    events = _every_kind_of_event()
    c = Conflict()
    for i, event in enumerate(events):
        c.push(event)
        assert replay(events[:i + 1]) == c.state
    assert replay(events_from_json(events_to_json(events))) == c.state
    assert Conflict.replay(c.events).state == c.state


# --- what-now offers exactly the legal choices ------------------------------------------


def _around(state: State) -> range:
    return range(max(1, state.first_action - 1), state.next_action + 1)


def _candidates(state: State) -> list[Event]:
    """Events of every kind a player might try now, legal or not."""
    names = [p.name for p in state.participants]
    # Ending, with the outcome a side's defeat would give (any text is accepted).
    out: list[Event] = [EndRound(), EndConflict(EndConflictOption(state.sides_defeated())
                                                .outcome)]
    for name in names:
        person = state.participant(name)
        out += [Act(name, pool=pool) for pool in range(2, 11)]
        out += [
            Hold(name),
            Declare.no_roll(name),
            Declare.defense(name, 3),
            Declare.action(name, 3),
        ]
        out += [Change(name, dice=dice) for dice in range(13)]
        out += [Change(name, dice=4, target=t) for t in names]
        out += [Declare.action(name, 3, target=t) for t in names]
        for number in _around(state):
            out += [Defend(name, action=number, dice=dice) for dice in range(2, 11)]
            out.append(TakeIt(name, action=number))
            for reaction in person.character.reactions:
                out += [
                    React(name, action=number, reaction=reaction.name, added=k) for k in range(11)
                ]
    for number in _around(state):
        out += [ApplyDamage(action=number, nudges=k) for k in range(8)] + [
            ApplyDamage(action=number)
        ]
    action = state.pending_action
    if action is not None and action.pool is not None:
        rolling = [d for d in action.defenses if d.rolls]
        for actors in (action.members, action.members + 1):
            for extra in (0, 1):  # one roller too many for the first defender
                defenders = [DefenseRoll([(2,) * d.pool] * (d.members + (extra if i == 0 else 0)),
                                         name=d.by) for i, d in enumerate(rolling)]
                if not rolling and extra:
                    defenders = [DefenseRoll([(2, 2)])]
                out.append(RollDice(action=action.number, attacker=[(1,) * action.pool] * actors,
                                    defenders=defenders))
    return out


def _offered(state: State) -> set[Event]:
    """The same kinds of events, built only from what-now's options."""
    out: set[Event] = set()
    now = what_now(state)
    if now.end is not None:  # offered at every step the Conflict may end
        out.add(now.end.event())
    for o in now.options:
        if isinstance(o, DeclareOption):
            out |= {Declare.no_roll(o.name), Declare.defense(o.name, 3),
                    Declare.action(o.name, 3)}
            out |= {Declare.action(o.name, 3, target=t) for t in o.targets}
        elif isinstance(o, ActOption):
            out |= {Act(o.name, pool=pool) for pool in range(o.min_pool, o.max_pool + 1)}
        elif isinstance(o, ChangeOption):
            out |= {Change(o.name, dice=dice) for dice in range(o.min_dice, 13)}
            out |= {Change(o.name, dice=4, target=p.name) for p in state.participants
                    if p.name != o.name and not p.defeated}
        elif isinstance(o, HoldOption):
            out.add(Hold(o.name))
        elif isinstance(o, DefendOption):
            out |= {
                Defend(o.name, action=o.action, dice=d) for d in range(o.min_dice, o.max_dice + 1)
            }
        elif isinstance(o, ReactOption):
            out |= {React(o.name, action=o.action, reaction=o.reaction, added=k)
                    for k in range(o.min_added, o.max_added + 1)}
        elif isinstance(o, TakeItOption):
            out.add(TakeIt(o.name, action=o.action))
        elif isinstance(o, RollOption):
            out.add(RollDice(action=o.action, attacker=[(1,) * o.actor_pool] * o.actor_rollers,
                             defenders=[DefenseRoll([(2,) * d.pool] * d.rollers, name=d.name)
                                        for d in o.defenders]))
        elif isinstance(o, DamageOption):
            out |= {ApplyDamage(action=o.action, nudges=k) for k in range(o.max_nudges + 1)}
            out.add(ApplyDamage(action=o.action))
        elif isinstance(o, EndConflictOption):
            out.add(o.event())
        else:
            assert isinstance(o, EndRoundOption)
            out.add(EndRound())
    return out


def _check_options_to_the_defeated(state: State) -> None:
    """What-now offers nothing to a defeated participant, except acting as declared or
    holding within the step in which it fell (the step ruling, R-CON-10/20)."""
    now = what_now(state)
    step = {state.participants[i].name for i in state.step}
    for option in now.options:
        name = getattr(option, "name", None)
        if name is not None and state.participant(name).defeated:
            assert name in step and isinstance(option, (ActOption, HoldOption)), option
        if isinstance(option, DeclareOption):
            assert not any(state.participant(t).defeated for t in option.targets)
    pending = state.pending_action
    if pending is not None:  # a participant that fell in its step may still be rolling
        step.add(pending.actor)
    for name in now.who:
        assert not state.participant(name).defeated or name in step


def _narrator(state: State, rng: random.Random) -> Event | None:
    if state.phase is not Phase.RESOLUTION or state.pending is not None:
        return None
    roll = rng.random()
    if roll < 0.04:
        standing = [p.name for p in state.participants if not p.defeated]
        return Defeat(rng.choice(standing), "yields") if standing else None
    open_actions = [a for a in state.actions if a.outcome is None and not a.defenses
                    and a.status in (ActionStatus.DECLARED, ActionStatus.PENDING)]
    if roll < 0.15 and open_actions:
        action = rng.choice(open_actions)
        if action.target is not None and rng.random() < 0.3 and \
                state.participant(action.target).resiliences is not None:  # not at Extras
            return SwapResilience(
                action=action.number, resilience=rng.choice(["health", "reputation", "willpower"])
            )
        return SetTest(
            action=action.number,
            contest=action.target is not None and rng.random() < 0.7,
            difficulty=rng.randint(0, 3),
        )
    return None


@settings(max_examples=scaled(12, 250))
@given(seeds)
def test_r_con_3_what_now_offers_exactly_the_events_the_engine_accepts(seed: int) -> None:
    """Every candidate event is accepted exactly when what-now offers it; every refusal
    is one line naming its rule; play goes on by choosing among the accepted events."""
    rng = random.Random(seed)
    c = Conflict(random_table(rng))
    for _ in range(120):
        state = c.state
        accepted: list[Event] = []
        for event in _candidates(state):
            try:
                apply(state, event)
            except ConflictError as error:
                message = str(error)
                assert error.rule is not None and message.startswith(f"{error.rule}: ")
                assert "\n" not in message
            else:
                accepted.append(event)
        assert set(accepted) == _offered(state)
        _check_options_to_the_defeated(state)
        if state.phase is Phase.ROUND_OVER and (state.round >= 6 or rng.random() < 0.2):
            break
        event = _narrator(state, rng) or rng.choice(  # play on: the test ends it
            [e for e in accepted if not isinstance(e, EndConflict)])
        if isinstance(event, RollDice):
            def faces(rows: tuple[tuple[int, ...], ...]) -> list[tuple[int, ...]]:
                return [tuple(rng.randint(1, 6) for _ in row) for row in rows]

            event = RollDice(action=event.action, attacker=faces(event.attacker),
                             defenders=[DefenseRoll(faces(d.faces), name=d.name)
                                        for d in event.defenders])
        c.push(event)
        assert c.state.dice_balanced()


def test_a_name_ending_in_s_takes_the_apostrophe_alone_in_refusals() -> None:
    from conflict.errors import possessive

    assert possessive("Vin") == "Vin's" and possessive("Canton guards") == "Canton guards'"
    c = table((sheet("Vin", wits=5), "crew"), (group("Canton guards", 4, wits=2), "ministry"))
    c.push(Declare.action("Canton guards", 2, target="Vin"))
    c.push(Declare.action("Vin", 5, target="Canton guards"))
    with pytest.raises(RuleViolation, match=r"^R-CON-10: not Canton guards' turn "):
        c.push(Act("Canton guards", pool=2))
