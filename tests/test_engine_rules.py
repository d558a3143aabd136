"""The Conflict engine against the rules R-CON-1 … R-CON-21.

Every expected number here is worked out by hand from RULES.md: dice faces are chosen
so that Results and Nudges are obvious (``(4, 4)`` is Result 4, each 6 a Nudge), and
every refusal checks the rule it names and that nothing changed.
"""

from __future__ import annotations

import pytest

from characters.model import (
    Attributes,
    Equipment,
    ExtraGroup,
    Reaction,
    Resilience,
    Resiliences,
    Sheet,
    Standings,
)
from conflict import (
    ActOption,
    ChangeOption,
    DeclareOption,
    DefendOption,
    Expect,
    HoldOption,
    ReactOption,
    TakeItOption,
    what_now,
)
from conflict.engine import Conflict, apply
from conflict.errors import BadValue, ConflictError, RuleViolation
from conflict.events import (
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
from conflict.state import EMPTY, ActionStatus, DiceFrom, Outcome, Phase, Turn
from core.errors import Malformed, NotAllowed

# --- builders ----------------------------------------------------------------------


def sheet(name: str, *, kind: str = "hero", physique: int = 3, charm: int = 3,
          wits: int = 3, health: int = 5, reputation: int = 5, willpower: int = 5,
          health_damage: int = 0, equipment: tuple[Equipment, ...] = (),
          reactions: tuple[Reaction, ...] = ()) -> Sheet:
    return Sheet(
        name=name, kind=kind, attributes=Attributes(physique, charm, wits),
        standings=Standings(3, 3, 3),
        resiliences=Resiliences(Resilience(health, health_damage), Resilience(reputation),
                                Resilience(willpower)),
        equipment=equipment, reactions=reactions)


def group(name: str, count: int, *, wits: int = 2, physique: int = 3,
          member_wits: tuple[int, ...] = ()) -> ExtraGroup:
    return ExtraGroup(name=name, count=count, attributes=Attributes(physique, 2, wits),
                      member_wits=member_wits)


def table(*entries: tuple[Sheet | ExtraGroup, str] | tuple[Sheet | ExtraGroup, str, bool],
          nature: Nature = Nature.PHYSICAL) -> Conflict:
    c = Conflict()
    c.push(Start(nature, stakes="the stash", scope="one alley"))
    for entry in entries:
        surprised = len(entry) == 3 and bool(entry[2])
        c.push(AddParticipant(entry[0], entry[1], surprised=surprised))
    return c


def refused(c: Conflict, event: Event, error: type[ConflictError], rule: str,
            text: str | None = None) -> str:
    """Push ``event``, expect ``error`` citing ``rule``, and check nothing changed."""
    state, events = c.state, c.events
    with pytest.raises(error) as caught:
        c.push(event)
    assert caught.value.rule == rule, str(caught.value)
    if text is not None:
        assert text in str(caught.value)
    assert c.state is state and c.state == state
    assert c.events == events
    return str(caught.value)


def duel(*, vin_dice: int = 6, inq_dice: int = 5, nature: Nature = Nature.PHYSICAL,
         vin: Sheet | None = None, inquisitor: Sheet | None = None) -> Conflict:
    """Vin (Wits 5) attacks the Inquisitor (Wits 4) and he attacks her: actions 1 (his)
    and 2 (hers)."""
    c = table((vin or sheet("Vin", wits=5), "crew"),
              (inquisitor or sheet("Inquisitor", kind="villain", wits=4), "ministry"),
              nature=nature)
    c.push(Declare.action("Inquisitor", inq_dice, target="Vin"))
    c.push(Declare.action("Vin", vin_dice, target="Inquisitor"))
    return c


# --- R-CON-1 Nature and stakes --------------------------------------------------------


@pytest.mark.parametrize(("nature", "resilience"), [
    (Nature.PHYSICAL, "health"), (Nature.SOCIAL, "reputation"), (Nature.MENTAL, "willpower")])
def test_r_con_1_nature_sets_the_default_resilience(nature: Nature, resilience: str) -> None:
    c = duel(nature=nature)
    assert c.state.nature is nature
    assert c.state.stakes == "the stash" and c.state.scope == "one alley"
    action = c.state.action(1)
    assert action is not None and action.resilience == resilience


def test_r_con_1_a_conflict_begins_with_start_once() -> None:
    c = Conflict()
    refused(c, AddParticipant(sheet("Vin"), "crew"), RuleViolation, "R-CON-1", "Start")
    c.push(Start(Nature.SOCIAL))
    refused(c, Start(Nature.MENTAL), RuleViolation, "R-CON-1", "already started")
    assert c.state.phase is Phase.DECLARATION and c.state.round == 1


def test_r_con_1_unknown_nature_is_a_bad_value() -> None:
    with pytest.raises(BadValue):
        Start("spiritual")


# --- R-CON-2 Participants --------------------------------------------------------------


def test_r_con_2_a_group_rolls_once_per_remaining_member_and_keeps_the_best() -> None:
    c = table((sheet("Vin", wits=5), "crew"), (group("Guards", 3), "ministry"))
    c.push(Declare.action("Guards", 4, target="Vin"))
    c.push(Declare.defense("Vin", 2))
    c.push(Act("Guards", pool=4))
    c.push(TakeIt("Vin", action=1))
    roll = what_now(c.state).options[0]
    assert roll.actor_rollers == 3 and roll.actor_pool == 4  # type: ignore[union-attr]
    refused(c, RollDice(action=1, attacker=[(1, 2, 3, 4), (1, 2, 3, 4)]), BadValue, "R-CON-2")
    # The best of three rolls is the middle one: Result 3 beats Result 2 and no set.
    c.push(RollDice(action=1, attacker=[(2, 2, 1, 5), (3, 3, 1, 4), (1, 2, 4, 5)]))
    action = c.state.action(1)
    assert action is not None and action.attacker_roll is not None
    assert action.attacker_roll.result == 3
    assert action.outcome is Outcome.SUCCESS


def test_r_con_2_a_group_holds_one_count_of_action_dice() -> None:
    c = table((sheet("Vin", wits=5), "crew"), (group("Guards", 5), "ministry"))
    c.push(Declare.action("Guards", 4, target="Vin"))
    guards = c.state.participant("guards")
    assert guards.round.action_dice == 4 and guards.members == 5


def test_r_con_2_declaring_for_a_name_the_conflict_does_not_hold_is_not_allowed() -> None:
    """A well-formed declaration for someone the Conflict does not hold is refused as
    the rules' refusal now (``NotAllowed``), not as malformed input."""
    c = table((sheet("Vin"), "crew"), (sheet("Guard"), "ministry"))
    with pytest.raises(NotAllowed, match="R-CON-2: no participant called 'Nobody'") as caught:
        c.push(Declare.action("Nobody", 4, target="Vin"))
    assert not isinstance(caught.value, Malformed)


def test_r_con_2_names_are_unique_ignoring_case() -> None:
    c = table((sheet("Vin"), "crew"))
    refused(c, AddParticipant(group("VIN", 2), "ministry"), BadValue, "R-CON-2")
    assert c.state.participant("vIn").name == "Vin"
    with pytest.raises(RuleViolation, match="no participant called 'Elend'"):
        c.state.participant("Elend")


# --- R-CON-3 Rounds ---------------------------------------------------------------------


def test_r_con_3_one_declaration_and_one_action_per_round() -> None:
    c = table((sheet("Vin", wits=5), "crew"), (sheet("Kelsier", wits=2), "crew"),
              (group("Guards", 2, wits=3), "ministry"))
    c.push(Declare.action("Kelsier", 5))
    refused(c, Declare.action("Kelsier", 5), RuleViolation, "R-CON-3", "already declared")
    c.push(Declare.action("Guards", 3))
    c.push(Declare.action("Vin", 2))
    c.push(Act("Kelsier", pool=5))
    c.push(RollDice(action=1, attacker=[(1, 1, 2, 3, 4)]))
    refused(c, Act("Kelsier", pool=2), RuleViolation, "R-CON-3", "already acted")


def test_r_con_3_participants_join_only_before_anyone_declares() -> None:
    c = table((sheet("Vin", wits=5), "crew"), (sheet("Kelsier", wits=2), "crew"))
    c.push(Declare.no_roll("Kelsier"))
    refused(c, AddParticipant(group("Guards", 3), "ministry"), RuleViolation, "R-CON-3")


def test_r_con_3_a_round_is_declaration_then_resolution() -> None:
    c = table((sheet("Vin", wits=5), "crew"), (sheet("Kelsier", wits=2), "crew"))
    phases = [c.state.phase]
    c.push(Declare.action("Kelsier", 3))
    phases.append(c.state.phase)
    c.push(Declare.action("Vin", 4))
    phases.append(c.state.phase)
    assert phases == [Phase.DECLARATION, Phase.DECLARATION, Phase.RESOLUTION]


# --- R-CON-4 Declaration order ---------------------------------------------------------


def test_r_con_4_lowest_wits_declares_first_and_out_of_turn_is_refused() -> None:
    c = table((sheet("Vin", wits=5), "crew"), (sheet("Kelsier", wits=4), "crew"),
              (sheet("Inquisitor", kind="villain", wits=3), "ministry"))
    assert what_now(c.state).who == ("Inquisitor",)
    message = refused(c, Declare.action("Vin", 4), RuleViolation, "R-CON-4")
    assert "Inquisitor (Wits 3) declares before Vin (Wits 5)" in message
    c.push(Declare.action("Inquisitor", 4))
    assert what_now(c.state).who == ("Kelsier",)
    c.push(Declare.action("Kelsier", 4))
    assert what_now(c.state).who == ("Vin",)


def test_r_con_4_ties_keep_the_order_added_until_the_narrator_reorders() -> None:
    c = table((sheet("Vin", wits=3), "crew"), (sheet("Kelsier", wits=3), "crew"),
              (sheet("Ham", wits=3), "crew"), (sheet("Marsh", wits=2), "crew"))
    now = what_now(c.state)
    assert now.who == ("Marsh",) and now.ties == ()
    c.push(Declare.no_roll("Marsh"))
    now = what_now(c.state)
    assert now.who == ("Vin",) and now.ties == ("Vin", "Kelsier", "Ham")
    # Vin is favoured: she declares last.
    c.push(Reorder(("Kelsier", "Ham", "Vin")))
    assert what_now(c.state).who == ("Kelsier",)
    c.push(Declare.no_roll("Kelsier"))
    assert what_now(c.state).who == ("Ham",)
    refused(c, Reorder(("Kelsier", "Vin")), RuleViolation, "R-CON-4", "already declared")


def test_r_con_4_only_tied_participants_can_be_reordered() -> None:
    c = table((sheet("Vin", wits=5), "crew"), (sheet("Kelsier", wits=4), "crew"))
    message = refused(c, Reorder(("Vin", "Kelsier")), RuleViolation, "R-CON-4")
    assert "Vin (Wits 5)" in message and "Kelsier (Wits 4)" in message


def test_r_con_4_a_reorder_stays_for_later_rounds() -> None:
    c = table((sheet("Vin", wits=3), "crew"), (sheet("Kelsier", wits=3), "crew"))
    c.push(Reorder(("Kelsier", "Vin")))
    c.push(Declare.no_roll("Kelsier"))
    c.push(Declare.no_roll("Vin"))
    c.push(EndRound())
    assert what_now(c.state).who == ("Kelsier",)


# --- R-CON-5 Surprise --------------------------------------------------------------------


def test_r_con_5_surprised_declare_first_whatever_their_wits() -> None:
    c = table((sheet("Vin", wits=6), "crew", True), (sheet("Kelsier", wits=5), "crew", True),
              (group("Guards", 4, wits=2), "ministry"))
    assert what_now(c.state).who == ("Kelsier",)  # surprised, and lower Wits than Vin
    message = refused(c, Declare.action("Guards", 3), RuleViolation, "R-CON-5")
    assert "Kelsier is surprised" in message
    c.push(Declare.no_roll("Kelsier"))
    c.push(Declare.no_roll("Vin"))
    assert what_now(c.state).who == ("Guards",)


def test_r_con_5_surprise_counts_in_the_first_round_only() -> None:
    c = table((sheet("Vin", wits=6), "crew", True), (group("Guards", 4, wits=2), "ministry"))
    c.push(Declare.no_roll("Vin"))
    c.push(Declare.no_roll("Guards"))
    c.push(EndRound())
    assert what_now(c.state).who == ("Guards",)


def test_r_con_5_one_joining_a_running_conflict_surprised_declares_first_that_round(
        ) -> None:
    """R-CON-5's ruling: "surprise lasts for the round in which the participant is
    surprised (round 1, or the round it joins)": Guards joining surprised in round 2
    declare before Vin, whatever their Wits, in round 2 only."""
    c = table((sheet("Vin", wits=2), "crew"), (sheet("Inquisitor", wits=3), "ministry"))
    c.push(Declare.no_roll("Vin"))
    c.push(Declare.no_roll("Inquisitor"))
    c.push(EndRound())
    c.push(AddParticipant(group("Guards", 3, wits=5), "ministry", surprised=True))
    assert c.state.round == 2
    assert what_now(c.state).who == ("Guards",)
    message = refused(c, Declare.no_roll("Vin"), RuleViolation, "R-CON-5")
    assert message == "R-CON-5: Guards are surprised and declare before Vin"
    c.push(Declare.no_roll("Guards"))
    c.push(Declare.no_roll("Vin"))
    c.push(Declare.no_roll("Inquisitor"))
    c.push(EndRound())
    assert what_now(c.state).who == ("Vin",)  # round 3: by Wits again (Guards 5 last)
    assert c.state.declaration_order[-1] == "Guards"


def test_r_con_5_surprised_and_unsurprised_cannot_be_reordered_together() -> None:
    c = table((sheet("Vin", wits=3), "crew", True), (sheet("Kelsier", wits=3), "crew"))
    refused(c, Reorder(("Kelsier", "Vin")), RuleViolation, "R-CON-5")


# --- R-CON-6 Group Wits -----------------------------------------------------------------


def test_r_con_6_a_group_declares_at_its_lowest_members_wits() -> None:
    c = table((sheet("Vin", wits=3), "crew"),
              (group("Thugs", 3, wits=5, member_wits=(5, 2, 6)), "ministry"))
    assert what_now(c.state).who == ("Thugs",)
    refused(c, Declare.no_roll("Vin"), RuleViolation, "R-CON-4", "Thugs (Wits 2)")


# --- R-CON-7 Kinds of declaration --------------------------------------------------------


def test_r_con_7_each_kind_gives_its_dice() -> None:
    c = table((sheet("Vin", wits=5), "crew"), (sheet("Kelsier", wits=4), "crew"),
              (sheet("Ham", wits=3), "crew"))
    c.push(Declare.no_roll("Ham", description="turns the crank"))
    c.push(Declare.defense("Kelsier", 4))
    c.push(Declare.action("Vin", 12, description="leaps to the balcony"))
    ham, kelsier, vin = (c.state.participant(n).round for n in ("Ham", "Kelsier", "Vin"))
    assert (ham.declared, ham.action_dice, ham.defense_dice) == (DeclarationKind.NO_ROLL, 0, 0)
    assert (kelsier.action_dice, kelsier.defense_dice) == (0, 4)
    assert (vin.action_dice, vin.defense_dice) == (12, 0)  # any count: not yet a pool


def test_r_con_7_malformed_declarations_are_bad_values() -> None:
    with pytest.raises(BadValue, match="R-CON-7"):
        Declare("Vin", DeclarationKind.ACTION, dice=0)
    with pytest.raises(BadValue, match="R-CON-7"):
        Declare("Vin", DeclarationKind.NO_ROLL, dice=3)
    with pytest.raises(BadValue, match="R-CON-7"):
        Declare("Vin", DeclarationKind.NO_ROLL, target="Kelsier")
    with pytest.raises(BadValue, match="R-CON-7"):
        Declare("Vin", DeclarationKind.DEFENSE, dice=3, target="Kelsier")


@pytest.mark.parametrize(("nature", "expected"), [
    (Nature.PHYSICAL, 4), (Nature.SOCIAL, 2), (Nature.MENTAL, 6)])
def test_r_con_7_no_roll_defends_with_the_attribute_of_the_attack(
        nature: Nature, expected: int) -> None:
    # Ham: Physique 4, Charm 2, Wits 6.
    c = table((sheet("Ham", physique=4, charm=2, wits=6), "crew"),
              (sheet("Inquisitor", kind="villain", wits=2), "ministry"), nature=nature)
    c.push(Declare.action("Inquisitor", 5, target="Ham"))
    c.push(Declare.no_roll("Ham"))
    c.push(Act("Inquisitor", pool=5))
    defend = what_now(c.state).options[0]
    assert isinstance(defend, DefendOption)
    assert (defend.dice_from, defend.granted, defend.max_dice) == (
        DiceFrom.DEFENSE, expected, expected)
    if expected > 2:
        refused(c, Defend("Ham", action=1, dice=expected + 1), RuleViolation, "R-CON-15")
    c.push(Defend("Ham", action=1, dice=2))
    ham = c.state.participant("Ham").round
    assert ham.defense_gained == expected and ham.defense_dice == expected - 2
    assert ham.dice_balanced()


def test_r_con_7_the_narrator_adjusts_no_roll_defense_dice_once_per_round() -> None:
    c = table((sheet("Ham", physique=4, wits=6), "crew"),
              (sheet("Inquisitor", kind="villain", wits=2), "ministry"),
              (group("Guards", 2, wits=2), "ministry"))
    c.push(Declare.action("Inquisitor", 5, target="Ham"))
    c.push(Declare.action("Guards", 3, target="Ham"))
    c.push(Declare.no_roll("Ham"))
    c.push(Act("Inquisitor", pool=5))
    c.push(TakeIt("Ham", action=1, granted=6))  # a Tool and a Circumstance: Physique 4 + 2
    assert c.state.participant("Ham").round.defense_dice == 6
    c.push(RollDice(action=1, attacker=[(1, 2, 3, 4, 5)]))  # no set: the attack fails
    c.push(Act("Guards", pool=3))
    defend = what_now(c.state).options[0]
    assert isinstance(defend, DefendOption) and defend.granted == 0 and defend.max_dice == 6
    refused(c, Defend("Ham", action=2, dice=2, granted=4), RuleViolation, "R-CON-7")
    c.push(Defend("Ham", action=2, dice=6))
    assert c.state.participant("Ham").round.defense_dice == 0


# --- R-CON-8 Attacks --------------------------------------------------------------------


def test_r_con_8_an_attack_names_one_resilience_which_the_narrator_may_swap() -> None:
    c = table((sheet("Vin", wits=5), "crew"),
              (sheet("Inquisitor", kind="villain", wits=4, willpower=6), "ministry"))
    c.push(Declare.no_roll("Inquisitor"))
    c.push(Declare.action("Vin", 4, target="Inquisitor", resilience="Reputation"))
    action = c.state.action(1)
    assert action is not None and action.resilience == "reputation"
    c.push(SwapResilience(action=1, resilience="willpower"))
    c.push(Act("Vin", pool=4))
    c.push(TakeIt("Inquisitor", action=1))
    c.push(RollDice(action=1, attacker=[(5, 5, 6, 1)]))
    c.push(ApplyDamage(action=1))
    inquisitor = c.state.participant("Inquisitor")
    assert inquisitor.resiliences is not None
    assert inquisitor.resiliences.willpower == Resilience(6, 2)  # 1 + 1 Nudge
    assert inquisitor.resiliences.reputation == Resilience(5, 0)


def test_r_con_8_bad_targets_and_resiliences_are_refused() -> None:
    with pytest.raises(BadValue, match="R-CON-8"):
        Declare.action("Vin", 4, target="Inquisitor", resilience="luck")
    with pytest.raises(BadValue, match="R-CON-8"):
        Declare("Vin", DeclarationKind.ACTION, dice=4, resilience="health")
    c = table((sheet("Vin", wits=5), "crew"), (sheet("Inquisitor", wits=4), "ministry"))
    c.push(Declare.no_roll("Inquisitor"))
    refused(c, Declare.action("Vin", 4, target="vin"), RuleViolation, "R-CON-8", "itself")
    refused(c, Declare.action("Vin", 4, target="Elend"), RuleViolation, "R-CON-2")
    c.push(Declare.action("Vin", 4))
    refused(
        c, SwapResilience(action=1, resilience="health"), RuleViolation, "R-CON-8", "not an attack"
    )


def test_r_con_8_no_resilience_is_swapped_on_an_attack_at_extras() -> None:
    # Extras have no Resiliences: damage takes them out whatever it is aimed at.
    c = table((sheet("Vin", wits=5), "crew"), (group("Guards", 3), "ministry"))
    c.push(Declare.action("Guards", 4, target="Vin"))
    c.push(Declare.action("Vin", 4, target="Guards"))
    refused(c, SwapResilience(action=2, resilience="willpower"), RuleViolation, "R-CON-8",
            "Guards are Extras, who have no Resiliences")
    c.push(SwapResilience(action=1, resilience="willpower"))  # at Vin: allowed


# --- R-CON-9 Challenge or Contest; Difficulty --------------------------------------------


def test_r_con_9_attacks_are_contests_other_actions_challenges_of_difficulty_0() -> None:
    c = table((sheet("Vin", wits=5), "crew"), (sheet("Inquisitor", wits=4), "ministry"))
    c.push(Declare.action("Inquisitor", 4))
    c.push(Declare.action("Vin", 4, target="Inquisitor"))
    climb, attack = c.state.action(1), c.state.action(2)
    assert climb is not None and (climb.contest, climb.difficulty) == (False, 0)
    assert attack is not None and (attack.contest, attack.difficulty) == (True, 0)


def test_r_con_9_a_challenge_attack_cannot_be_defended_and_meets_its_difficulty() -> None:
    c = duel()
    c.push(SetTest(action=2, contest=False, difficulty=3))  # the Inquisitor is bound
    c.push(Act("Vin", pool=6))
    assert what_now(c.state).expect is Expect.ROLL
    refused(c, Defend("Inquisitor", action=2, dice=2), RuleViolation, "R-CON-9", "is a Challenge")
    c.push(RollDice(action=2, attacker=[(3, 3, 1, 2, 4, 5)]))  # Result 3 meets Difficulty 3
    action = c.state.action(2)
    assert action is not None and action.outcome is Outcome.SUCCESS


def test_r_con_9_set_test_checks() -> None:
    c = table((sheet("Vin", wits=5), "crew"), (sheet("Inquisitor", wits=4), "ministry"))
    c.push(Declare.no_roll("Inquisitor"))
    c.push(Declare.action("Vin", 4))
    refused(c, SetTest(action=1, contest=True), RuleViolation, "R-CON-9", "no target")
    refused(c, SetTest(action=7, contest=False), RuleViolation, "R-CON-9", "no action 7")
    with pytest.raises(BadValue, match="R-CON-9"):
        SetTest(action=1, contest=False, difficulty=6)
    c.push(SetTest(action=1, contest=False, difficulty=5))
    action = c.state.action(1)
    assert action is not None and action.difficulty == 5


# --- R-CON-10 Acting order -------------------------------------------------------------


def test_r_con_10_most_action_dice_act_first_equal_dice_together() -> None:
    c = table((sheet("Vin", wits=6), "crew"), (sheet("Kelsier", wits=5), "crew"),
              (group("Guards", 3, wits=2), "ministry"), (sheet("Ham", wits=4), "crew"))
    c.push(Declare.action("Guards", 4))
    c.push(Declare.defense("Ham", 3))
    c.push(Declare.action("Kelsier", 7))
    c.push(Declare.action("Vin", 4))
    assert what_now(c.state).who == ("Kelsier",)
    refused(c, Act("Vin", pool=4), RuleViolation, "R-CON-10", "Kelsier acts now (7 Action Dice)")
    refused(c, Act("Ham", pool=2), RuleViolation, "R-CON-10", "full defense")
    c.push(Act("Kelsier", pool=7))
    c.push(RollDice(action=2, attacker=[(1, 2, 3, 4, 5, 1, 2)]))
    now = what_now(c.state)
    assert now.expect is Expect.ACT and set(now.who) == {"Guards", "Vin"}
    c.push(Hold("Vin"))
    assert what_now(c.state).who == ("Guards",)
    c.push(Hold("Guards"))
    assert c.state.phase is Phase.ROUND_OVER


# --- R-CON-11 Act as declared ---------------------------------------------------------


def test_r_con_11_pool_from_action_dice_leftovers_become_defense_dice() -> None:
    c = duel(vin_dice=7)
    c.push(Act("Vin", pool=5))
    vin = c.state.participant("Vin").round
    assert (vin.action_dice, vin.defense_dice, vin.turn) == (0, 2, Turn.ACTED)
    action = c.state.action(2)
    assert action is not None and action.pool == 5 and action.status is ActionStatus.PENDING


def test_r_con_11_pool_limits() -> None:
    with pytest.raises(BadValue, match="R-CON-11"):
        Act("Vin", pool=1)
    with pytest.raises(BadValue, match="R-CON-11"):
        Act("Vin", pool=11)
    c = duel(vin_dice=12)
    option = what_now(c.state).options[0]
    assert isinstance(option, ActOption) and (option.min_pool, option.max_pool) == (2, 10)
    c = duel(vin_dice=4)
    c.push(Act("Inquisitor", pool=5))
    c.push(TakeIt("Vin", action=1))
    c.push(RollDice(action=1, attacker=[(1, 2, 3, 4, 5)]))
    refused(c, Act("Vin", pool=5), RuleViolation, "R-CON-11", "4 Action Dice")


def test_r_con_11_an_action_of_1_action_die_is_refused_when_declared() -> None:
    """Ruling (R-CON-11 over R-DICE-3): "Like any other pool, this one must fall between
    2 and 10 dice", and of a changed action of 1 die the rules say "that's not enough
    to form a pool": a declaration acting would refuse is refused at once, by the
    engine and by what-now's option, and full defense of 1 die stays allowed."""
    c = table((sheet("Vin", wits=5), "crew"), (sheet("Inquisitor", kind="villain"), "ministry"))
    said = ("R-CON-11: an action that needs a roll takes 2 or more Action Dice: 1 die is "
            "not enough to form a pool")
    assert refused(c, Declare.action("Inquisitor", 1, target="Vin"), RuleViolation,
                   "R-CON-11") == said
    option = what_now(c.state).options[0]
    assert isinstance(option, DeclareOption)
    with pytest.raises(RuleViolation, match="not enough to form a pool") as caught:
        option.action(1)
    assert (caught.value.param, caught.value.value) == ("dice", 1)
    c.push(Declare.action("Inquisitor", 2, target="Vin"))
    c.push(Declare.defense("Vin", 1))


def test_r_con_11_r_con_12_one_action_die_left_can_only_hold() -> None:
    c = duel(vin_dice=5, inq_dice=6)
    c.push(Act("Inquisitor", pool=6))
    c.push(Defend("Vin", action=1, dice=4))  # Vin has 1 Action Die left
    c.push(
        RollDice(action=1, attacker=[(1, 2, 3, 4, 5, 1)], defenders=[DefenseRoll([(2, 2, 3, 4)])])
    )
    now = what_now(c.state)
    assert now.who == ("Vin",)
    # R-CON-12 ruling: a change never brings more than the 1 Action Die held.
    assert [type(o) for o in now.options] == [HoldOption]
    refused(c, Act("Vin", pool=2), RuleViolation, "R-CON-11", "1 Action Die")
    refused(c, Change("Vin", dice=6), RuleViolation, "R-CON-12", "1 Action Die")
    c.push(Hold("Vin"))
    assert c.state.participant("Vin").round.defense_dice == 1


# --- R-CON-12 Change the action ----------------------------------------------------------


def test_r_con_12_change_halves_rounding_up_and_acts_at_the_end() -> None:
    c = table((sheet("Vin", wits=6), "crew"), (sheet("Kelsier", wits=5), "crew"),
              (sheet("Inquisitor", kind="villain", wits=2), "ministry"))
    c.push(Declare.action("Inquisitor", 2))
    c.push(Declare.action("Kelsier", 3))
    c.push(Declare.action("Vin", 8))
    c.push(Change("Vin", dice=7, target="Inquisitor", description="leaps at the Inquisitor"))
    vin = c.state.participant("Vin").round
    assert (vin.action_dice, vin.turn, vin.action) == (4, Turn.CHANGED, 4)  # ceil(7/2)
    old = c.state.action(3)
    assert old is not None and old.status is ActionStatus.ABANDONED
    # Vin now has 4 Action Dice but acts after Kelsier (3) and the Inquisitor (2).
    assert what_now(c.state).who == ("Kelsier",)
    refused(c, Act("Vin", pool=4), RuleViolation, "R-CON-12", "at the end of the round")
    c.push(Hold("Kelsier"))
    c.push(Hold("Inquisitor"))
    now = what_now(c.state)
    assert now.who == ("Vin",)
    assert [type(o) for o in now.options] == [ActOption, HoldOption]  # no second change
    refused(c, Change("Vin", dice=6), RuleViolation, "R-CON-12", "already changed")
    c.push(Act("Vin", pool=3))
    vin = c.state.participant("Vin").round
    assert vin.defense_dice == 1 and vin.dice_balanced()  # the die left after its roll


def test_r_con_12_no_change_to_two_dice_or_fewer() -> None:
    c = duel()
    refused(c, Change("Vin", dice=2), RuleViolation, "R-CON-12", "halves to 1")
    c.push(Change("Vin", dice=3))
    assert c.state.participant("Vin").round.action_dice == 2


# --- R-CON-13 Hold -----------------------------------------------------------------------


def test_r_con_13_hold_turns_all_action_dice_into_defense_dice() -> None:
    c = duel(vin_dice=7)
    c.push(Hold("Vin"))
    vin = c.state.participant("Vin").round
    assert (vin.action_dice, vin.defense_dice, vin.turn) == (0, 7, Turn.HELD)
    c.push(Act("Inquisitor", pool=5))
    option = what_now(c.state).options[0]
    assert isinstance(option, DefendOption)
    assert (option.dice_from, option.max_dice) == (DiceFrom.DEFENSE, 7)


# --- R-CON-14 Resolving a Challenge ----------------------------------------------------


@pytest.mark.parametrize(("faces", "difficulty", "outcome"), [
    ((3, 3, 1), 3, Outcome.SUCCESS),
    ((3, 3, 1), 4, Outcome.FAILURE),
    ((1, 2, 4), 0, Outcome.FAILURE),  # no set
    ((5, 5, 6), 5, Outcome.SUCCESS),  # a Result of 5 beats Difficulty 5
    ((6, 6, 6), 0, Outcome.FAILURE),  # sixes never form a set
])
def test_r_con_14_a_challenge_succeeds_on_a_set_meeting_the_difficulty(
        faces: tuple[int, ...], difficulty: int, outcome: Outcome) -> None:
    c = table((sheet("Vin", wits=5), "crew"))
    c.push(Declare.action("Vin", 3, description="climbs the wall"))
    c.push(SetTest(action=1, contest=False, difficulty=difficulty))
    c.push(Act("Vin", pool=3))
    c.push(RollDice(action=1, attacker=[faces]))
    action = c.state.action(1)
    assert action is not None and action.outcome is outcome
    assert action.status is ActionStatus.DONE and c.state.pending is None


# --- R-CON-15 Defending a Contest --------------------------------------------------------


def test_r_con_15_defending_with_action_dice_moves_the_target_down_the_order() -> None:
    c = table((sheet("Vin", wits=6), "crew"), (sheet("Kelsier", wits=5), "crew"),
              (sheet("Inquisitor", kind="villain", wits=2), "ministry"))
    c.push(Declare.action("Inquisitor", 6, target="Vin"))
    c.push(Declare.action("Kelsier", 3))
    c.push(Declare.action("Vin", 5))
    c.push(Act("Inquisitor", pool=6))
    c.push(Defend("Vin", action=1, dice=4))  # 5 - 4 = 1: Vin now acts after Kelsier (3)
    vin = c.state.participant("Vin").round
    assert (vin.action_dice, vin.action_defended) == (1, 4)
    c.push(
        RollDice(action=1, attacker=[(1, 2, 3, 4, 5, 6)], defenders=[DefenseRoll([(1, 2, 3, 4)])])
    )
    assert what_now(c.state).who == ("Kelsier",)
    c.push(Hold("Kelsier"))
    assert what_now(c.state).who == ("Vin",)


def test_r_con_15_a_target_defends_once_per_action() -> None:
    c = duel()
    c.push(Act("Vin", pool=4))
    c.push(Defend("Inquisitor", action=2, dice=2))
    message = refused(c, Defend("Inquisitor", action=2, dice=2), RuleViolation, "R-CON-15")
    assert message == "R-CON-15: Inquisitor already defended against action 2"
    refused(c, React("Inquisitor", action=2, reaction="Push", added=2), RuleViolation, "R-CON-15",
            "already defended")
    refused(c, TakeIt("Inquisitor", action=2), RuleViolation, "R-CON-15", "already defended")


def test_r_con_15_a_target_defends_against_many_actions_while_it_has_dice() -> None:
    c = table((sheet("Vin", wits=5), "crew"), (group("Guards", 2, wits=2), "ministry"),
              (group("Thugs", 2, wits=2), "ministry"))
    c.push(Declare.action("Guards", 3, target="Vin"))
    c.push(Declare.action("Thugs", 3, target="Vin"))
    c.push(Declare.defense("Vin", 5))
    c.push(Act("Guards", pool=3))
    c.push(Defend("Vin", action=1, dice=3))
    c.push(
        RollDice(action=1, attacker=[(1, 2, 3), (1, 2, 4)], defenders=[DefenseRoll([(4, 4, 1)])])
    )
    c.push(Act("Thugs", pool=3))
    option = what_now(c.state).options[0]
    assert isinstance(option, DefendOption) and option.max_dice == 2
    refused(c, Defend("Vin", action=2, dice=3), RuleViolation, "R-CON-15", "has 2 Defense Dice")
    c.push(Defend("Vin", action=2, dice=2))
    vin = c.state.participant("Vin").round
    assert (vin.defense_dice, vin.defense_spent) == (0, 5)


def test_r_con_15_after_acting_only_defense_dice_defend() -> None:
    c = duel(vin_dice=6, inq_dice=5)
    c.push(Act("Vin", pool=5))  # 1 Action Die left becomes 1 Defense Die
    c.push(TakeIt("Inquisitor", action=2))
    c.push(RollDice(action=2, attacker=[(1, 2, 3, 4, 5)]))
    c.push(Act("Inquisitor", pool=5))
    now = what_now(c.state)
    assert [type(o) for o in now.options] == [TakeItOption]
    refused(c, Defend("Vin", action=1, dice=2), RuleViolation, "R-CON-15", "has 1 Defense Die")


def test_r_con_15_the_defense_comes_before_any_roll_and_only_from_the_target() -> None:
    c = table((sheet("Vin", wits=5), "crew"), (sheet("Kelsier", wits=4), "crew"),
              (sheet("Inquisitor", kind="villain", wits=2), "ministry"))
    c.push(Declare.action("Inquisitor", 5, target="Vin"))
    c.push(Declare.defense("Kelsier", 4))
    c.push(Declare.defense("Vin", 4))
    c.push(Act("Inquisitor", pool=5))
    refused(
        c,
        RollDice(action=1, attacker=[(1, 2, 3, 4, 5)]),
        RuleViolation,
        "R-CON-15",
        "before anyone",
    )
    refused(c, Defend("Kelsier", action=1, dice=2), RuleViolation, "R-CON-15", "not the target")
    refused(c, Defend("Vin", action=2, dice=2), RuleViolation, "R-CON-15", "action 1 is being")
    c.push(Defend("Vin", action=1, dice=3))
    refused(
        c,
        RollDice(action=1, attacker=[(1, 2, 3, 4, 5)]),
        BadValue,
        "R-CON-15",
        "the faces Vin rolled to defend",
    )
    refused(
        c,
        RollDice(action=1, attacker=[(1, 2, 3, 4, 5)], defenders=[DefenseRoll([(1, 2)])]),
        BadValue,
        "R-CON-11",
    )
    refused(c, SetTest(action=1, contest=False), RuleViolation, "R-CON-15", "committed")
    c.push(RollDice(action=1, attacker=[(1, 2, 3, 4, 5)], defenders=[DefenseRoll([(1, 2, 3)])]))


def test_r_con_15_taking_it_lets_any_set_succeed() -> None:
    c = duel()
    c.push(Act("Vin", pool=2))
    c.push(TakeIt("Inquisitor", action=2))
    refused(
        c,
        RollDice(action=2, attacker=[(1, 1)], defenders=[DefenseRoll([(5, 5)])]),
        BadValue,
        "R-CON-15",
    )
    c.push(RollDice(action=2, attacker=[(1, 1)]))
    action = c.state.action(2)
    assert action is not None and action.outcome is Outcome.SUCCESS


# --- R-CON-16 Reactions -------------------------------------------------------------------


def _reactor() -> Sheet:
    return sheet("Vin", wits=5, reactions=(Reaction("Steelpush", 3),))


def test_r_con_16_a_reaction_adds_its_dice_to_action_or_defense_dice() -> None:
    c = duel(vin=_reactor(), vin_dice=4, inq_dice=6)
    c.push(Act("Inquisitor", pool=6))
    option = next(o for o in what_now(c.state).options if isinstance(o, ReactOption))
    assert (option.reaction_dice, option.added_from, option.min_added, option.max_added) == (
        3, DiceFrom.ACTION, 0, 4)
    c.push(React("Vin", action=1, reaction="steelpush", added=2))
    vin = c.state.participant("Vin").round
    assert (vin.action_dice, vin.action_defended) == (2, 2)
    action = c.state.action(1)
    assert action is not None and action.target_defense is not None
    assert (action.target_defense.pool, action.target_defense.reaction) == (5, "Steelpush")
    # The defender rolls the whole pool of 5: Result 4 beats the attacker's 3.
    c.push(
        RollDice(
            action=1, attacker=[(3, 3, 1, 2, 5, 6)], defenders=[DefenseRoll([(4, 4, 1, 2, 3)])]
        )
    )
    assert action is not None
    action = c.state.action(1)
    assert action is not None and action.outcome is Outcome.FAILURE
    assert c.state.participant("Vin").round.dice_balanced()


def test_r_con_16_a_reaction_pool_is_capped_at_10_and_needs_the_ability() -> None:
    c = duel(vin=_reactor(), vin_dice=9, inq_dice=10)
    c.push(Act("Inquisitor", pool=10))
    refused(
        c,
        React("Vin", action=1, reaction="Steelpush", added=8),
        RuleViolation,
        "R-CON-16",
        "11 dice",
    )
    refused(c, React("Vin", action=1, reaction="Pull", added=1), BadValue, "R-CON-16", "Steelpush")
    c.push(React("Vin", action=1, reaction="Steelpush", added=7))
    refused(c, Defend("Vin", action=1, dice=2), RuleViolation, "R-CON-15", "already reacted")
    c = duel()
    c.push(Act("Vin", pool=6))
    refused(
        c,
        React("Inquisitor", action=2, reaction="Steelpush"),
        RuleViolation,
        "R-CON-16",
        "no Reaction",
    )


def test_r_con_16_unused_reaction_dice_are_lost_after_acting() -> None:
    c = duel(vin=_reactor(), vin_dice=6, inq_dice=5)
    c.push(Act("Vin", pool=4))  # 2 Defense Dice left
    c.push(TakeIt("Inquisitor", action=2))
    c.push(RollDice(action=2, attacker=[(1, 2, 3, 4)]))
    c.push(Act("Inquisitor", pool=5))
    c.push(React("Vin", action=1, reaction="Steelpush", added=1))
    vin = c.state.participant("Vin").round
    assert (vin.defense_dice, vin.defense_spent) == (1, 1)  # the 3 Reaction dice count not
    assert vin.dice_balanced()


# --- R-CON-17 Contest outcome ---------------------------------------------------------------


@pytest.mark.parametrize(("attacker", "defender", "difficulty", "outcome"), [
    ((4, 4, 1), (3, 3, 1), 0, Outcome.SUCCESS),  # higher Result
    ((3, 3, 1), (4, 4, 1), 0, Outcome.FAILURE),  # lower Result
    ((4, 4, 6), (4, 4, 1), 0, Outcome.SUCCESS),  # equal Results: more Nudges wins
    ((4, 4, 1), (4, 4, 6), 0, Outcome.FAILURE),
    ((4, 4, 6), (4, 4, 6), 0, Outcome.STALEMATE),  # equal Results and Nudges
    ((1, 2, 3), (1, 2, 4), 0, Outcome.FAILURE),  # no set cannot win
    ((2, 2, 1), (1, 3, 4), 0, Outcome.SUCCESS),  # defender without a set
    ((2, 2, 1), (1, 3, 4), 3, Outcome.FAILURE),  # must meet the Difficulty
])
def test_r_con_17_contest_outcomes(attacker: tuple[int, ...], defender: tuple[int, ...],
                                   difficulty: int, outcome: Outcome) -> None:
    c = duel(vin_dice=3, inq_dice=6)
    c.push(Hold("Inquisitor"))
    c.push(SetTest(action=2, contest=True, difficulty=difficulty))
    c.push(Act("Vin", pool=3))
    c.push(Defend("Inquisitor", action=2, dice=3))
    c.push(RollDice(action=2, attacker=[attacker], defenders=[DefenseRoll([defender])]))
    action = c.state.action(2)
    assert action is not None and action.outcome is outcome
    inquisitor = c.state.participant("Inquisitor")
    assert inquisitor.resiliences is not None
    if outcome is Outcome.SUCCESS:
        assert what_now(c.state).expect is Expect.DAMAGE
    else:  # nothing happens: no damage step, the round goes on
        assert c.state.pending is None and action.damage is None
        assert inquisitor.resiliences.health.damage == 0


# --- R-CON-18 Damage -------------------------------------------------------------------------


def test_r_con_18_damage_is_one_plus_nudges_applied_plus_equipment() -> None:
    vin = sheet("Vin", wits=5, equipment=(Equipment("Glass daggers", 2),))
    inquisitor = sheet("Inquisitor", kind="villain", wits=4, health=20)
    c = table((vin, "crew"), (inquisitor, "ministry"))
    c.push(Declare.no_roll("Inquisitor"))
    refused(c, Declare.action("Vin", 4, target="Inquisitor", equipment="Spear"), BadValue,
            "R-CON-18", "(has: Glass daggers)")
    c.push(Declare.action("Vin", 4, target="Inquisitor", equipment="glass daggers"))
    c.push(Act("Vin", pool=4))
    c.push(TakeIt("Inquisitor", action=1))
    c.push(RollDice(action=1, attacker=[(5, 5, 6, 6)]))  # Result 5, 2 Nudges
    option = what_now(c.state).options[0]
    assert option.damage() == 5  # type: ignore[union-attr]  # 1 + 2 + 2
    refused(c, ApplyDamage(action=1, nudges=3), RuleViolation, "R-CON-18", "2 Nudge")
    c.push(ApplyDamage(action=1, nudges=1))  # 1 + 1 + 2
    hurt = c.state.participant("Inquisitor").resiliences
    assert hurt is not None and hurt.health.damage == 4
    c.pop()
    c.push(ApplyDamage(action=1))  # default: all Nudges
    hurt = c.state.participant("Inquisitor").resiliences
    assert hurt is not None and hurt.health.damage == 5


# --- R-CON-19 Extras --------------------------------------------------------------------------


def _attack_group(count: int, faces: tuple[int, ...]) -> Conflict:
    c = table((sheet("Vin", wits=5), "crew"), (group("Guards", count, wits=2), "ministry"))
    c.push(Declare.no_roll("Guards"))
    c.push(Declare.action("Vin", len(faces), target="Guards"))
    c.push(Act("Vin", pool=len(faces)))
    c.push(TakeIt("Guards", action=1))
    c.push(RollDice(action=1, attacker=[faces]))
    c.push(ApplyDamage(action=1))
    return c


def test_r_con_19_each_point_of_damage_defeats_one_extra() -> None:
    c = _attack_group(5, (3, 3, 6, 6))  # 1 + 2 Nudges = 3 damage
    guards = c.state.participant("Guards")
    assert (guards.members, guards.defeated) == (2, False)


def test_r_con_19_a_group_is_gone_when_none_remain() -> None:
    c = _attack_group(2, (3, 3, 6, 6))
    guards = c.state.participant("Guards")
    assert (guards.members, guards.defeated) == (0, True)
    assert c.state.sides_defeated() == ("ministry",)
    assert what_now(c.state).sides_defeated == ("ministry",)


def test_r_con_19_a_defending_group_rolls_with_its_remaining_members() -> None:
    c = table((sheet("Vin", wits=5), "crew"), (group("Guards", 3, wits=2), "ministry"))
    c.push(Declare.defense("Guards", 3))
    c.push(Declare.action("Vin", 4, target="Guards"))
    c.push(Act("Vin", pool=4))
    c.push(Defend("Guards", action=1, dice=3))
    refused(  # neither every member's roll nor the kept one alone
        c,
        RollDice(action=1, attacker=[(1, 1, 2, 3)],
                 defenders=[DefenseRoll([(1, 2, 3), (2, 2, 1)])]),
        BadValue,
        "R-CON-2",
    )
    c.push(
        RollDice(
            action=1,
            attacker=[(1, 1, 2, 3)],
            defenders=[DefenseRoll([(1, 2, 3), (2, 2, 1), (4, 5, 6)])],
        )
    )
    action = c.state.action(1)
    assert action is not None and action.outcome is Outcome.FAILURE  # best defense: 2 vs 1


def test_r_con_2_the_kept_roll_s_example_has_a_face_per_die_of_the_pool() -> None:
    """R-CON-2 ruling: a group's kept roll alone, or every member's; the refusal's
    example is made from the pool rolled (4 dice: four faces), never a pool of 3."""
    c = table((sheet("Vin", wits=5), "crew"), (group("Guards", 8, wits=2), "ministry"))
    c.push(Declare.defense("Guards", 4))
    c.push(Declare.action("Vin", 4, target="Guards"))
    c.push(Act("Vin", pool=4))
    c.push(Defend("Guards", action=1, dice=4))
    text = refused(c, RollDice(action=1, attacker=[(5, 5, 2, 3)],
                               defenders=[DefenseRoll([(2, 2, 1, 4)] * 3)]), BadValue, "R-CON-2")
    assert ("Guards rolls 4 dice for each of 8 members: give the kept roll alone (5,5,5,5) "
            "or all 8 split by slashes (5,5,5,5/5,5,5,5/…), got 3") in text


def test_r_con_2_a_group_s_kept_roll_may_be_typed_alone() -> None:
    # Ruling: the Narrator rolls the group at the table and reads out the best roll; the
    # log says the kept roll was typed, where else it says of how many it is the best.
    from conflict.narrate import describe

    c = table((sheet("Vin", wits=5), "crew"), (group("Guards", 8, wits=2), "ministry"))
    c.push(Declare.defense("Guards", 3))
    c.push(Declare.action("Vin", 4, target="Guards"))
    c.push(Act("Vin", pool=4))
    c.push(Defend("Guards", action=1, dice=3))
    before = c.state
    text = refused(c, RollDice(action=1, attacker=[(5, 5, 2, 3)],
                               defenders=[DefenseRoll([(2, 2, 1)] * 3)]), BadValue, "R-CON-2")
    assert "give the kept roll alone (5,5,5) or all 8 split by slashes" in text
    event = RollDice(action=1, attacker=[(5, 5, 2, 3)], defenders=[DefenseRoll([(2, 2, 1)])])
    c.push(event)
    said = describe(before, event, c.state)
    assert "Guards roll 2 2 1 (Result 2, kept roll typed)" in said, said
    action = c.state.action(1)
    assert action is not None and action.outcome is Outcome.SUCCESS


# --- R-CON-20 Heroes and Villains ----------------------------------------------------------------


def test_r_con_20_damage_accumulates_apart_from_the_full_score() -> None:
    inquisitor = sheet("Inquisitor", kind="villain", wits=4, health=6, health_damage=1)
    c = duel(inquisitor=inquisitor, vin_dice=3, inq_dice=2)
    c.push(Act("Vin", pool=3))
    c.push(TakeIt("Inquisitor", action=2))
    c.push(RollDice(action=2, attacker=[(2, 2, 6)]))
    c.push(ApplyDamage(action=2))  # 2 damage on top of the 1 already taken
    hurt = c.state.participant("Inquisitor").resiliences
    assert hurt is not None and hurt.health == Resilience(6, 3) and hurt.health.current == 3
    assert not c.state.participant("Inquisitor").defeated


def _defeat_inquisitor() -> Conflict:
    """Vin (7 dice) defeats the Inquisitor (Health 2) before he acts; Kelsier waits."""
    c = table((sheet("Vin", wits=5), "crew"), (sheet("Kelsier", wits=6), "crew"),
              (sheet("Inquisitor", kind="villain", wits=4, health=2), "ministry"))
    c.push(Declare.action("Inquisitor", 5, target="Vin"))
    c.push(Declare.action("Vin", 7, target="Inquisitor"))
    c.push(Declare.action("Kelsier", 3, target="Inquisitor"))
    c.push(Act("Vin", pool=5))
    c.push(TakeIt("Inquisitor", action=2))
    c.push(RollDice(action=2, attacker=[(4, 4, 6, 1, 2)]))
    c.push(ApplyDamage(action=2))  # 2 damage: Health 0
    return c


def test_r_con_20_a_resilience_at_0_defeats_the_character() -> None:
    c = _defeat_inquisitor()
    inquisitor = c.state.participant("Inquisitor")
    assert inquisitor.defeated and "Health 0" in inquisitor.defeat_reason
    # He never acts: Kelsier (3) is next, and his attack's target is down.
    now = what_now(c.state)
    assert now.who == ("Kelsier",)
    assert [type(o) for o in now.options] == [ChangeOption, HoldOption]
    refused(c, Act("Inquisitor", pool=5), RuleViolation, "R-CON-20", "defeated")
    refused(c, Act("Kelsier", pool=3), RuleViolation, "R-CON-20", "cannot be targeted")
    refused(c, Change("Kelsier", dice=6, target="Inquisitor"), RuleViolation, "R-CON-20")


def test_r_con_20_the_defeated_cannot_declare_or_be_targeted_next_round() -> None:
    c = _defeat_inquisitor()
    c.push(Hold("Kelsier"))
    c.push(EndRound())
    assert what_now(c.state).who == ("Vin",)  # the Inquisitor no longer declares
    refused(c, Declare.action("Inquisitor", 4), RuleViolation, "R-CON-20")
    refused(c, Declare.action("Vin", 4, target="Inquisitor"), RuleViolation, "R-CON-20")
    assert "Inquisitor" not in what_now(c.state).options[0].targets  # type: ignore[union-attr]


def test_r_con_20_sheets_already_at_0_cannot_join() -> None:
    c = table()
    refused(c, AddParticipant(sheet("Ham", health=3, health_damage=3), "crew"),
            RuleViolation, "R-CON-20")


def test_r_con_20_ruling_a_defeated_member_of_a_simultaneous_step_still_acts() -> None:
    c = table((sheet("Vin", wits=5), "crew"),
              (sheet("Inquisitor", kind="villain", wits=4, health=1), "ministry"))
    c.push(Declare.action("Inquisitor", 4, target="Vin"))
    c.push(Declare.action("Vin", 4, target="Inquisitor"))
    assert set(what_now(c.state).who) == {"Vin", "Inquisitor"}
    c.push(Act("Vin", pool=2))
    c.push(TakeIt("Inquisitor", action=2))
    c.push(RollDice(action=2, attacker=[(3, 3)]))
    c.push(ApplyDamage(action=2))
    assert c.state.participant("Inquisitor").defeated
    c.push(Act("Inquisitor", pool=4))  # simultaneous: his blow still lands
    refused(c, Defend("Vin", action=1, dice=3), RuleViolation, "R-CON-15", "has 2 Defense Dice")
    c.push(Defend("Vin", action=1, dice=2))


def test_r_con_20_the_narrator_defeats_with_a_reason() -> None:
    c = duel()
    c.push(Defeat("Inquisitor", "flees into the mists"))
    inquisitor = c.state.participant("Inquisitor")
    assert inquisitor.defeated and inquisitor.defeat_reason == "flees into the mists"
    assert what_now(c.state).sides_defeated == ("ministry",)
    refused(c, Defeat("Inquisitor"), RuleViolation, "R-CON-20", "already defeated")


# --- R-CON-21 End of round ---------------------------------------------------------------------


def test_r_con_21_end_round_only_when_everything_is_resolved() -> None:
    c = duel()
    refused(c, EndRound(), RuleViolation, "R-CON-21", "Vin")
    c.push(Act("Vin", pool=6))
    refused(c, EndRound(), RuleViolation, "R-CON-21", "action 2 awaits defense")
    c.push(TakeIt("Inquisitor", action=2))
    c.push(RollDice(action=2, attacker=[(1, 2, 3, 4, 5, 6)]))
    refused(c, EndRound(), RuleViolation, "R-CON-21", "Inquisitor to act")
    c.push(Hold("Inquisitor"))
    assert what_now(c.state).expect is Expect.END_ROUND
    assert c.state.participant("Vin").round.defense_dice == 0
    assert c.state.participant("Inquisitor").round.defense_dice == 5


def test_r_con_21_unspent_dice_are_lost_and_declarations_start_again() -> None:
    c = duel()
    c.push(Hold("Vin"))
    c.push(Hold("Inquisitor"))
    c.push(EndRound())
    state = c.state
    assert state.round == 2 and state.phase is Phase.DECLARATION and state.actions == ()
    for person in state:
        assert person.round.defense_dice == 0 and person.round.declared is None
    c.push(Declare.action("Inquisitor", 3, target="Vin"))
    action = c.state.action(3)  # numbers go on counting across rounds
    assert action is not None and action.actor == "Inquisitor"
    refused(c, SetTest(action=1, contest=False), RuleViolation, "R-CON-9", "no action 1")


def test_r_con_21_the_conflict_ends_with_its_outcome_and_then_only_undo_works() -> None:
    c = duel()
    c.push(EndConflict("The Inquisitor retreats; the crew keeps the stash."))
    assert c.state.phase is Phase.ENDED
    assert c.state.outcome == "The Inquisitor retreats; the crew keeps the stash."
    assert what_now(c.state).expect is Expect.ENDED
    refused(c, Act("Vin", pool=6), RuleViolation, "R-CON-21", "only undo")
    c.pop()
    c.push(Act("Vin", pool=6))


def test_apply_is_pure() -> None:
    c = duel()
    before = c.state
    copy = apply(EMPTY, Start(Nature.PHYSICAL))
    assert apply(EMPTY, Start(Nature.PHYSICAL)) == copy
    after = apply(before, Act("Vin", pool=4))
    assert before == c.state and after != before
    assert before.participant("Vin").round.action_dice == 6


def test_r_con_10_ruling_a_group_wiped_out_in_its_step_rolls_with_its_step_members() -> None:
    c = table((sheet("Vin", wits=5), "crew"), (group("Guards", 3, wits=2), "ministry"))
    c.push(Declare.action("Guards", 4, target="Vin"))
    c.push(Declare.action("Vin", 4, target="Guards"))
    c.push(Act("Vin", pool=4))
    c.push(TakeIt("Guards", action=2))
    c.push(RollDice(action=2, attacker=[(2, 2, 6, 6)]))  # 1 + 2 Nudges = 3 damage: all three fall
    c.push(ApplyDamage(action=2))
    guards = c.state.participant("Guards")
    assert guards.defeated and guards.members == 0
    c.push(Act("Guards", pool=4))  # simultaneous with Vin: the three still swing
    c.push(TakeIt("Vin", action=1))
    roll = what_now(c.state).options[0]
    assert roll.actor_rollers == 3  # type: ignore[union-attr]


def test_r_con_10_a_participant_the_narrator_defeats_leaves_its_step_at_once() -> None:
    c = table((sheet("Vin", wits=5), "crew"), (group("Guards", 3, wits=2), "ministry"))
    c.push(Declare.action("Guards", 4))
    c.push(Declare.action("Vin", 4))
    c.push(Defeat("Guards", "they run"))
    assert what_now(c.state).who == ("Vin",)
    refused(c, Act("Guards", pool=4), RuleViolation, "R-CON-20")


def test_r_con_21_the_narrator_cannot_defeat_during_an_action() -> None:
    c = duel()
    c.push(Act("Vin", pool=6))
    refused(c, Defeat("Inquisitor", "flees"), RuleViolation, "R-CON-21", "action 2")


def test_r_con_5_surprised_participants_tied_among_themselves_can_be_reordered() -> None:
    c = table((sheet("Vin", wits=4), "crew", True), (sheet("Kelsier", wits=4), "crew", True),
              (group("Guards", 3, wits=2), "ministry"))
    assert what_now(c.state).ties == ("Vin", "Kelsier")
    c.push(Reorder(["Kelsier", "Vin"]))
    assert what_now(c.state).who == ("Kelsier",)
