"""Every event as one plain sentence (conflict.narrate): a known Conflict narrated line
by line, every kind of event covered, and no markup, control characters or line
breaks in any sentence."""

from __future__ import annotations

from hypothesis import given, settings
from profiles import scaled
from strategies import seeds
from test_engine_conflict import play
from test_engine_rules import group, sheet, table

from characters.model import Equipment, Reaction
from conflict import describe, describe_all
from conflict.events import (
    Act,
    ApplyDamage,
    Change,
    Declare,
    Defeat,
    Defend,
    DefenseRoll,
    EndConflict,
    EndRound,
    Hold,
    Nature,
    React,
    Reorder,
    RollDice,
    SetTest,
    SwapResilience,
    TakeIt,
)


def test_a_known_conflict_narrated_line_by_line() -> None:
    c = table((sheet("Vin", wits=5, equipment=(Equipment("Glass daggers", 1),),
                     reactions=(Reaction("Steelpush", 3),)), "crew"),
              (sheet("Kelsier", wits=5), "crew"),
              (group("Guards", 4, wits=2), "ministry"),
              (sheet("Inquisitor", kind="villain", wits=3), "ministry"))
    events = [
        Declare.no_roll("Guards", description="block the door"),
        Declare.action("Inquisitor", 6, target="Vin", attack_kind="mental",
                       source="Steel 5 + Spikes 1 = 6"),
        Reorder(("Kelsier", "Vin")),
        Declare.defense("Kelsier", 3),
        Declare.action("Vin", 5, target="Inquisitor", equipment="Glass daggers"),
        SetTest(action=2, contest=True, difficulty=1),
        SwapResilience(action=1, resilience="health"),
        Act("Inquisitor", pool=6),
        React("Vin", action=1, reaction="Steelpush", added=2),
        RollDice(action=1, attacker=[(4, 4, 1, 2, 3, 6)],
                 defenders=[DefenseRoll([(5, 5, 1, 2, 6)])]),
        Act("Vin", pool=3),
        TakeIt("Inquisitor", action=2),
        RollDice(action=2, attacker=[(3, 3, 6)]),
        ApplyDamage(action=2, spent=1, note="his spike clatters away"),
        EndRound(),
        Declare.action("Guards", 5, target="Vin", harm=False, description="grab her cloak"),
        Declare.action("Inquisitor", 4, target="Kelsier"),
        Declare.action("Kelsier", 4),
        Declare.action("Vin", 6),
        Change("Vin", dice=7, target="Guards"),
        Act("Guards", pool=3),
        TakeIt("Vin", action=3),
        RollDice(action=3, attacker=[(1, 2, 3)] * 4),
        Hold("Kelsier"),
        Defeat("Inquisitor", reason="flees across the rooftops"),
        Act("Vin", pool=4),
        Defend("Guards", action=7, dice=2),
        RollDice(action=7, attacker=[(5, 5, 5, 6)], defenders=[DefenseRoll([(1, 1)] * 4)]),
        ApplyDamage(action=7),
        EndConflict("the crew holds the stairs"),
    ]
    lines = describe_all(events, c.state)
    assert lines == [
        "Guards declare an action that needs no roll: block the door.",
        "Inquisitor declares an attack on Vin: 6 Action Dice (Steel 5 + Spikes 1 = 6), "
        "a mental attack.",
        "The Narrator orders the tied participants: Kelsier, then Vin.",
        "Kelsier declares full defense: 3 Defense Dice.",
        "Vin declares an attack on Inquisitor: 5 Action Dice, with the Glass daggers.",
        "The Narrator makes action 2 a Contest, Difficulty 1.",
        "The Narrator turns action 1 against Health.",
        "Inquisitor attacks Vin: 6 dice, Contest, Difficulty 0.",
        "Vin reacts against action 1 with Steelpush: 3 + 2 = 5 dice.",
        "Action 1: Inquisitor rolls 4 4 1 2 3 6 (Result 4, 1 Nudge); Vin rolls 5 5 1 2 6 "
        "(Result 5, 1 Nudge): it fails.",
        "Vin attacks Inquisitor: 3 dice, Contest, Difficulty 1.",
        "Inquisitor does not defend against action 2.",
        "Action 2: Vin rolls 3 3 6 (Result 3, 1 Nudge): the attack succeeds.",
        "Inquisitor takes 2 Health damage (1 + 1 for the Glass daggers): Health 3/5; "
        "1 Nudge spent: his spike clatters away.",
        "Round 1 ends; unspent dice are lost. Round 2 begins.",
        "Guards declare an action against Vin, without harm: 5 Action Dice: grab her cloak.",
        "Inquisitor declares an attack on Kelsier: 4 Action Dice.",
        "Kelsier declares an action: 4 Action Dice.",
        "Vin declares an action: 6 Action Dice.",
        "Vin changes their action on Guards: 4 dice (7 halved), acting at the end of the round.",
        "Guards act against Vin: 3 dice, Contest, Difficulty 0; 2 dice kept for defense.",
        "Vin does not defend against action 3.",
        "Action 3: Guards roll 1 2 3 (no set, best of 4): it fails.",
        "Kelsier holds: 4 Action Dice become Defense Dice.",
        "The Narrator takes Inquisitor out: flees across the rooftops.",
        "Vin attacks Guards: 4 dice, Contest, Difficulty 0.",
        "Guards defend against action 7 with 2 Defense Dice.",
        "Action 7: Vin rolls 5 5 5 6 (Result 5, 1 Nudge); Guards roll 1 1 (Result 1, "
        "best of 4): the attack succeeds.",
        "2 of Guards fall (1 + 1 Nudge): 2 left.",  # the change named no weapon
        "The Conflict ends: the crew holds the stairs.",
    ]


def test_r_con_7c_gained_dice_are_told_when_a_no_roll_target_is_attacked() -> None:
    c = table((sheet("Ham", physique=4, wits=4), "crew"),
              (sheet("Inquisitor", kind="villain", wits=2), "ministry"), nature=Nature.PHYSICAL)
    c.push(Declare.action("Inquisitor", 5, target="Ham"))
    c.push(Declare.no_roll("Ham"))
    c.push(Act("Inquisitor", pool=5))
    before = c.state
    event = Defend("Ham", action=1, dice=3)
    c.push(event)
    assert describe(before, event, c.state) == (
        "Ham defends (gains 4 Defense Dice) against action 1 with 3 Defense Dice.")


def test_r_con_12_a_capped_change_says_why_it_has_fewer_dice_and_groups_are_plural() -> None:
    c = table((sheet("Vin", wits=5), "crew"), (group("Guards", 4, wits=2), "ministry"))
    c.push(Declare.action("Guards", 4, target="Vin"))
    c.push(Declare.action("Vin", 2))
    c.push(Act("Guards", pool=4))
    c.push(TakeIt("Vin", action=1))
    c.push(RollDice(action=1, attacker=[(1, 2, 3, 4)] * 4))  # no set: it fails
    before = c.state
    event = Change("Vin", dice=12, target="Guards")  # 12 halves to 6; she holds 2
    c.push(event)
    assert describe(before, event, c.state) == (
        "Vin changes their action on Guards: 2 dice (12 halved is 6, but only 2 were "
        "held), acting at the end of the round.")


def test_a_group_changes_their_action() -> None:
    c = table((sheet("Vin", wits=5), "crew"), (group("Guards", 4, wits=2), "ministry"))
    c.push(Declare.action("Guards", 6))
    c.push(Declare.action("Vin", 2))
    before = c.state
    event = Change("Guards", dice=6, target="Vin")
    c.push(event)
    assert describe(before, event, c.state) == (
        "Guards change their action on Vin: 3 dice (6 halved), acting at the end of the "
        "round.")


@settings(max_examples=scaled(20))
@given(seeds)
def test_every_sentence_is_one_plain_line(seed: int) -> None:
    conflict = play(seed)
    lines = describe_all(conflict.events)
    assert len(lines) == len(conflict)
    for line in lines:
        assert line and line.endswith(".") and "\n" not in line
        assert not any(ord(ch) < 32 for ch in line)
        assert "[" not in line  # no markup: screens add their own
