"""Actions aimed at someone, and who opposes them: the attack's kind (R-CON-8), actions
that do no harm (R-CON-8a), the cap on a changed action's dice (R-CON-12 ruling),
Reactions for an ally (R-CON-16 ruling), no stalemate without a set (R-CON-17 ruling)
and Nudges spent on other effects (R-CON-18).

Every expected number is worked out by hand: ``(4, 4, 1)`` is Result 4, each 6 a
Nudge (R-DICE-4/5).
"""

from __future__ import annotations

import pytest
from test_engine_rules import duel, group, refused, sheet, table

from characters.model import Equipment, Reaction, Resilience
from conflict import (
    AwaitingDefense,
    AwaitingRoll,
    BadValue,
    Expect,
    ReactOption,
    Roller,
    RuleViolation,
    what_now,
)
from conflict.events import (
    Act,
    ApplyDamage,
    Change,
    Declare,
    Defend,
    DefenseRoll,
    EndRound,
    Hold,
    Nature,
    React,
    RollDice,
    SetTest,
    SwapResilience,
    TakeIt,
)
from conflict.state import ActionStatus, DefenseKind, DiceFrom, Outcome, Phase
from core.text import as_stored

# --- R-CON-8: the attack's kind ---------------------------------------------------------


def test_r_con_8_the_kind_defaults_to_the_conflicts_nature() -> None:
    c = duel(nature=Nature.SOCIAL)
    action = c.state.action(2)  # Vin's
    assert action is not None
    assert (action.attack_kind, action.resilience) == (Nature.SOCIAL, "reputation")


def test_r_con_8_a_social_attack_in_a_physical_conflict_grants_charm_dice() -> None:
    # Ham's action needs no roll; the Inquisitor's taunt is social: Ham gains his Charm
    # (5), not his Physique (2), and the taunt hurts his Reputation (R-CON-7c, R-CON-8).
    c = table((sheet("Ham", physique=2, charm=5, wits=4), "crew"),
              (sheet("Inquisitor", kind="villain", wits=2), "ministry"))
    c.push(Declare.action("Inquisitor", 4, target="Ham", attack_kind=Nature.SOCIAL))
    c.push(Declare.no_roll("Ham"))
    c.push(Act("Inquisitor", pool=4))
    now = what_now(c.state)
    assert isinstance(now, AwaitingDefense)
    assert now.defend is not None and (now.defend.granted, now.defend.max_dice) == (5, 5)
    c.push(Defend("Ham", action=1, dice=5))
    c.push(RollDice(action=1, attacker=[(5, 5, 6, 1)],
                    defenders=[DefenseRoll([(1, 2, 3, 4, 2)])]))  # Result 5 vs 2: success
    c.push(ApplyDamage(action=1))  # 1 + 1 Nudge
    ham = c.state.participant("Ham")
    assert ham.resilience("reputation") == Resilience(5, 2)
    assert ham.resilience("health") == Resilience(5, 0)


def test_r_con_8_an_attack_kind_needs_a_target() -> None:
    with pytest.raises(BadValue, match="R-CON-8"):
        Declare.action("Vin", 4, attack_kind="mental")
    with pytest.raises(BadValue, match="attack_kind must be one of physical, social, mental"):
        Declare.action("Vin", 4, target="Marsh", attack_kind="fiery")


# --- R-CON-8a: aimed at someone, doing no harm --------------------------------------------


def _feint(**kwargs: object) -> object:
    c = table((sheet("Vin", wits=5), "crew"),
              (sheet("Inquisitor", kind="villain", wits=4), "ministry"))
    c.push(Declare.action("Inquisitor", 3, target="Vin"))  # action 1
    c.push(Declare.action("Vin", 6, target="Inquisitor", harm=False,
                          description="feints toward the stairs", **kwargs))  # action 2
    return c


def test_r_con_8a_an_action_without_harm_is_a_contest_that_records_success() -> None:
    c = _feint()
    action = c.state.action(2)
    assert action is not None
    assert (action.harm, action.is_attack, action.contest, action.resilience) == (
        False, False, True, None)
    c.push(Act("Vin", pool=6))
    now = what_now(c.state)
    assert now.expect is Expect.DEFENSE and now.who == ("Inquisitor",)  # he may defend
    c.push(Defend("Inquisitor", action=2, dice=2))
    c.push(RollDice(action=2, attacker=[(4, 4, 6, 1, 2, 3)],
                    defenders=[DefenseRoll([(3, 3)])]))  # Result 4 beats 3
    action = c.state.action(2)
    assert action is not None
    assert (action.outcome, action.status, action.damage) == (
        Outcome.SUCCESS, ActionStatus.DONE, None)
    # No damage step follows: the Inquisitor, with 1 Action Die left, acts next.
    assert what_now(c.state).expect is Expect.ACT
    refused(c, ApplyDamage(action=2), RuleViolation, "R-CON-18",
            "action 2 does no harm; there is no damage to deal")
    inquisitor = c.state.participant("Inquisitor")
    assert inquisitor.resilience("health") == Resilience(5, 0)


def test_r_con_8a_a_harmless_action_may_be_a_challenge_and_has_no_resilience() -> None:
    c = _feint()
    refused(c, SwapResilience(action=2, resilience="willpower"), RuleViolation, "R-CON-8",
            "does no harm")
    c.push(SetTest(action=2, contest=False, difficulty=2))  # he cannot stop a feint
    c.push(Act("Vin", pool=6))
    assert what_now(c.state).expect is Expect.ROLL  # a Challenge: no one defends
    refused(c, TakeIt("Inquisitor", action=2), RuleViolation, "R-CON-9", "Challenge")
    c.push(RollDice(action=2, attacker=[(2, 2, 1, 3, 4, 5)]))  # Result 2 meets 2
    action = c.state.action(2)
    assert action is not None and action.outcome is Outcome.SUCCESS


def test_r_con_8a_a_harmless_action_names_no_resilience_or_equipment() -> None:
    with pytest.raises(BadValue, match="R-CON-8a"):
        Declare.action("Vin", 4, target="Marsh", harm=False, resilience="health")
    with pytest.raises(BadValue, match="R-CON-8a"):
        Change("Vin", dice=4, target="Marsh", harm=False, equipment="Knife")
    with pytest.raises(BadValue, match="R-CON-8a"):
        Declare.action("Vin", 4, harm=False)  # aimed at no one


def test_r_con_8a_a_harmless_action_still_grants_no_roll_dice_by_its_kind() -> None:
    # Grabbing a key from a guard whose action needs no roll: the guard gains Physique.
    c = table((sheet("Vin", wits=5), "crew"),
              (sheet("Keeper", kind="villain", physique=4, wits=2), "ministry"))
    c.push(Declare.no_roll("Keeper"))
    c.push(Declare.action("Vin", 4, target="Keeper", harm=False, description="grabs the key"))
    c.push(Act("Vin", pool=4))
    now = what_now(c.state)
    assert isinstance(now, AwaitingDefense) and now.take_it.granted == 4


# --- R-CON-12 ruling: a changed action never brings fresh dice ------------------------


def test_r_con_12_a_change_after_defending_with_action_dice_is_capped() -> None:
    # Vin declares 6, spends 2 defending (R-CON-15a): 4 left. A new action figured at 12
    # halves to 6, but never exceeds the 4 Action Dice she still holds.
    c = duel(vin_dice=6, inq_dice=7)
    c.push(Act("Inquisitor", pool=7))
    c.push(Defend("Vin", action=1, dice=2))
    c.push(RollDice(action=1, attacker=[(1, 2, 3, 4, 5, 6, 6)],
                    defenders=[DefenseRoll([(1, 1)])]))  # no set: he fails
    now = what_now(c.state)
    assert now.expect is Expect.ACT
    assert now.changes[0].max_dice == 4
    c.push(Change("Vin", dice=12, description="leaps for the skylight"))
    vin = c.state.participant("Vin").round
    assert (vin.action_dice, vin.action_discarded, vin.action_gained) == (4, 4, 10)
    assert vin.dice_balanced()


def test_r_con_12_without_a_cap_the_change_is_halved_as_usual() -> None:
    c = table((sheet("Vin", wits=5), "crew"))
    c.push(Declare.action("Vin", 8))
    c.push(Change("Vin", dice=7))  # 7 halves to 4, under the 8 held
    assert c.state.participant("Vin").round.action_dice == 4


# --- R-CON-16 ruling: reacting for an ally ----------------------------------------------


def _ambush() -> object:
    """The Inquisitor (Wits 3) attacks Vin with 6 dice; Tamsin (Wits 4, a Coinshot with a
    3-die Reaction) fights beside Vin; the Guards (Wits 2) stand with the Inquisitor."""
    c = table((sheet("Vin", wits=5), "crew"),
              (sheet("Tamsin", wits=4, reactions=(Reaction("Push the arrows", 3),)), "crew"),
              (sheet("Inquisitor", kind="villain", wits=3,
                     reactions=(Reaction("Pull", 2),)), "ministry"),
              (group("Guards", 2, wits=2), "ministry"))
    c.push(Declare.no_roll("Guards"))
    c.push(Declare.action("Inquisitor", 6, target="Vin"))  # action 1
    c.push(Declare.defense("Tamsin", 2))
    c.push(Declare.defense("Vin", 3))
    c.push(Act("Inquisitor", pool=6))
    return c


def test_r_con_16_an_ally_may_react_for_the_target_before_it_chooses() -> None:
    c = _ambush()
    now = what_now(c.state)
    assert isinstance(now, AwaitingDefense) and now.who == ("Vin",)
    for_vin = [o for o in now.reactions if o.on_behalf_of == "Vin"]
    assert for_vin == [ReactOption("Tamsin", 1, "Push the arrows", 3, DiceFrom.DEFENSE, 0, 2,
                                   0, "Vin")]  # the Inquisitor's own side never helps Vin
    c.push(for_vin[0].event(2))  # 3 + 2 Defense Dice = 5
    assert what_now(c.state).expect is Expect.DEFENSE  # Vin still chooses
    c.push(Defend("Vin", action=1, dice=3))
    now = what_now(c.state)
    assert isinstance(now, AwaitingRoll)
    assert now.roll.defenders == (Roller("Tamsin", 5, 1), Roller("Vin", 3, 1))
    assert now.reactions == ()  # Tamsin reacted already; no other ally has a Reaction
    # The Inquisitor's Result 4 beats Vin's 3 but not Tamsin's 5: opposed by the best.
    c.push(RollDice(action=1, attacker=[(4, 4, 1, 2, 3, 6)], defenders=[
        DefenseRoll([(5, 5, 1, 2, 3)], name="Tamsin"), DefenseRoll([(3, 3, 1)], name="Vin")]))
    action = c.state.action(1)
    assert action is not None and action.outcome is Outcome.FAILURE
    assert action.opposed_by == "Tamsin" and action.opposing_roll is not None
    assert action.opposing_roll.result == 5
    tamsin = c.state.participant("Tamsin").round
    assert (tamsin.defense_spent, tamsin.defense_dice) == (2, 0)


def test_r_con_16_an_ally_may_react_after_the_target_takes_it() -> None:
    c = _ambush()
    c.push(TakeIt("Vin", action=1))
    now = what_now(c.state)
    assert isinstance(now, AwaitingRoll) and now.roll.defenders == ()
    assert [o.name for o in now.reactions] == ["Tamsin"]
    c.push(React("Tamsin", action=1, reaction="Push the arrows", added=0))
    now = what_now(c.state)
    assert isinstance(now, AwaitingRoll) and now.roll.defenders == (Roller("Tamsin", 3, 1),)
    # One defender rolling: its faces may go unnamed.
    c.push(RollDice(action=1, attacker=[(4, 4, 1, 2, 3, 5)], defenders=[DefenseRoll([(4, 4, 6)])]))
    action = c.state.action(1)
    assert action is not None and action.outcome is Outcome.FAILURE  # 4 + Nudge beats 4
    assert action.target_defense is not None
    assert action.target_defense.kind is DefenseKind.TAKE_IT


def test_r_con_16_the_first_committed_of_equal_rolls_opposes() -> None:
    c = _ambush()
    c.push(React("Tamsin", action=1, reaction="Push the arrows", added=0))
    c.push(Defend("Vin", action=1, dice=3))
    c.push(RollDice(action=1, attacker=[(1, 2, 3, 4, 5, 1)], defenders=[
        DefenseRoll([(2, 2, 1)], name="Vin"), DefenseRoll([(2, 2, 3)], name="tamsin")]))
    action = c.state.action(1)
    assert action is not None and action.opposed_by == "Tamsin"  # R-DICE-8: first kept


def test_r_con_16_only_allies_react_for_another_and_only_once() -> None:
    c = _ambush()
    refused(c, React("Inquisitor", action=1, reaction="Pull"), RuleViolation, "R-CON-16",
            "its own action")
    refused(c, React("Guards", action=1, reaction="Pull"), RuleViolation, "R-CON-16",
            "not on Vin's side")
    refused(c, React("Tamsin", action=1, reaction="Push the arrows", granted=3),
            RuleViolation, "R-CON-7", "target's")
    refused(c, Defend("Tamsin", action=1, dice=2), RuleViolation, "R-CON-15",
            "not the target")
    c.push(React("Tamsin", action=1, reaction="Push the arrows", added=0))
    refused(c, React("Tamsin", action=1, reaction="Push the arrows"), RuleViolation,
            "R-CON-15", "already reacted")


def test_r_con_16_the_roll_names_each_defenders_faces() -> None:
    c = _ambush()
    c.push(React("Tamsin", action=1, reaction="Push the arrows", added=0))
    c.push(Defend("Vin", action=1, dice=2))
    six = [(1, 2, 3, 4, 5, 1)]
    refused(c, RollDice(action=1, attacker=six, defenders=[DefenseRoll([(2, 2)])]), BadValue,
            "R-CON-16", "name the defender")
    refused(c, RollDice(action=1, attacker=six, defenders=[DefenseRoll([(2, 2)], name="Vin")]),
            BadValue, "R-CON-15", "Tamsin")
    refused(c, RollDice(action=1, attacker=six, defenders=[
        DefenseRoll([(2, 2)], name="Vin"), DefenseRoll([(2, 2, 2)], name="Tamsin"),
        DefenseRoll([(2, 2)], name="Guards")]), BadValue, "R-CON-15", "Guards")


def test_r_con_15a_r_con_16_reacting_for_another_with_action_dice_moves_in_the_order() -> None:
    # Kelsier (Wits 4) has 6 Action Dice and has not acted: adding 3 of them to his
    # Reaction for Vin leaves 3, so he now acts after Ham (4) instead of before.
    c = table((sheet("Vin", wits=5), "crew"),
              (sheet("Kelsier", wits=4, reactions=(Reaction("Steelpush", 2),)), "crew"),
              (sheet("Ham", wits=3), "crew"),
              (sheet("Inquisitor", kind="villain", wits=2), "ministry"))
    c.push(Declare.action("Inquisitor", 8, target="Vin"))  # action 1
    c.push(Declare.action("Ham", 4))  # action 2
    c.push(Declare.action("Kelsier", 6))  # action 3
    c.push(Declare.defense("Vin", 2))
    c.push(Act("Inquisitor", pool=8))
    c.push(React("Kelsier", action=1, reaction="Steelpush", added=3))
    c.push(TakeIt("Vin", action=1))
    c.push(RollDice(action=1, attacker=[(1, 2, 3, 4, 5, 6, 6, 6)],  # no set: it fails
                    defenders=[DefenseRoll([(1, 2, 3, 4, 5)], name="Kelsier")]))
    assert what_now(c.state).who == ("Ham",)
    kelsier = c.state.participant("Kelsier").round
    assert (kelsier.action_dice, kelsier.action_defended) == (3, 3)
    c.push(Hold("Ham"))
    assert what_now(c.state).who == ("Kelsier",)


# --- R-CON-17 ruling: no stalemate without a set -----------------------------------------


def test_r_con_17_neither_side_rolling_a_set_fails_the_attack() -> None:
    c = duel()
    c.push(Act("Vin", pool=3))
    c.push(Defend("Inquisitor", action=2, dice=3))
    c.push(RollDice(action=2, attacker=[(1, 2, 3)], defenders=[DefenseRoll([(4, 5, 6)])]))
    action = c.state.action(2)
    assert action is not None and action.outcome is Outcome.FAILURE


# --- R-CON-18: Nudges spent on other effects ----------------------------------------------


def _hit(nudges_faces: tuple[int, ...] = (5, 5, 6, 6)) -> object:
    c = table((sheet("Vin", wits=5, equipment=(Equipment("Dagger", 1),)), "crew"),
              (sheet("Inquisitor", kind="villain", wits=4, health=9), "ministry"))
    c.push(Declare.defense("Inquisitor", 2))
    c.push(Declare.action("Vin", 4, target="Inquisitor", equipment="Dagger"))  # action 1
    c.push(Act("Vin", pool=4))
    c.push(TakeIt("Inquisitor", action=1))
    c.push(RollDice(action=1, attacker=[nudges_faces]))  # Result 5, 2 Nudges
    return c


def test_r_con_18_nudges_spent_on_another_effect_are_recorded_with_a_note() -> None:
    c = _hit()
    now = what_now(c.state)
    assert now.expect is Expect.DAMAGE
    c.push(now.damage.event(spent=1, note="knocks the spike from his hand"))
    action = c.state.action(1)
    assert action is not None
    # 1 + the 1 Nudge left + 1 for the dagger (R-CON-18).
    assert (action.damage, action.nudges_applied, action.nudges_spent, action.note) == (
        3, 1, 1, "knocks the spike from his hand")
    assert c.state.participant("Inquisitor").resilience("health") == Resilience(9, 3)


def test_r_con_18_applied_and_spent_nudges_never_exceed_those_rolled() -> None:
    c = _hit()
    refused(c, ApplyDamage(action=1, spent=3, note="everything"), RuleViolation, "R-CON-18",
            "cannot spend 3")
    refused(c, ApplyDamage(action=1, nudges=2, spent=1, note="more"), RuleViolation,
            "R-CON-18", "cannot apply 2 and spend 1")
    option = what_now(c.state).options[0]
    with pytest.raises(RuleViolation, match="R-CON-18"):
        option.event(nudges=2, spent=1)  # type: ignore[call-arg]
    c.push(ApplyDamage(action=1, spent=2, note="pins him to the wall"))
    action = c.state.action(1)
    assert action is not None and (action.damage, action.nudges_applied) == (2, 0)


def test_r_con_20_damage_past_zero_stops_at_the_full_score() -> None:
    # 1 + 2 Nudges + 1 = 4 damage against 2 Health left: the Resilience stops at 0.
    c = table((sheet("Vin", wits=5, equipment=(Equipment("Dagger", 1),)), "crew"),
              (sheet("Inquisitor", kind="villain", wits=4, health=5, health_damage=3),
               "ministry"))
    c.push(Declare.defense("Inquisitor", 2))
    c.push(Declare.action("Vin", 4, target="Inquisitor", equipment="Dagger"))
    c.push(Act("Vin", pool=4))
    c.push(TakeIt("Inquisitor", action=1))
    c.push(RollDice(action=1, attacker=[(5, 5, 6, 6)]))
    c.push(ApplyDamage(action=1))
    inquisitor = c.state.participant("Inquisitor")
    assert inquisitor.resilience("health") == Resilience(5, 5)
    assert inquisitor.defeated
    action = c.state.action(1)
    assert action is not None and action.damage == 4
    assert c.state.phase is Phase.ROUND_OVER
    c.push(EndRound())


# --- R-CON-2: one name, one participant -------------------------------------------------


def test_r_con_2_spacing_case_and_invisible_characters_do_not_make_a_new_name() -> None:
    from conflict.events import AddParticipant

    c = table((sheet("Vin", wits=5), "crew"))
    for twin in (" Vin", "VIN", "ｖｉｎ"):
        refused(c, AddParticipant(sheet(twin, wits=3), "ministry"), BadValue, "R-CON-2",
                "Vin already takes part")
    # An invisible character is refused in a new name (core.text); a sheet stored before
    # that rule may hold one, and it still makes no new name.
    with pytest.raises(ValueError, match="invisible characters"):
        sheet("Vi\u200bn", wits=3)
    old = as_stored(lambda: AddParticipant(sheet("Vi\u200bn", wits=3), "ministry"))()
    refused(c, old, BadValue, "R-CON-2", "Vin already takes part")
    c.push(Declare.action("vin ", 3))  # found however it is typed
    assert c.state.action(1) is not None and c.state.action(1).actor == "Vin"  # type: ignore[union-attr]


def test_r_con_2_a_name_that_only_looks_like_one_taking_part_is_refused() -> None:
    from conflict.events import AddParticipant

    c = table((sheet("Vin", wits=5), "crew"), (sheet("Kell", wits=4), "crew"))
    message = refused(c, AddParticipant(sheet("V\u0456n", wits=3), "ministry"), BadValue,
                      "R-CON-2")
    assert "looks like 'Vin'" in message and "Cyrillic" in message
    message = refused(c, AddParticipant(sheet("\u039aell", wits=3), "ministry"), BadValue,
                      "R-CON-2")
    assert "looks like 'Kell'" in message and "Greek" in message
