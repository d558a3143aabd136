"""What now? (conflict.whatnow): the options the engine offers at each step, with the
numbers the rules allow, and the roll helper with an injected random source."""

from __future__ import annotations

import random

import pytest
from test_engine_rules import duel, group, sheet, table

from characters.model import Equipment, Reaction
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
    roll_event,
    what_now,
)
from conflict.engine import Conflict
from conflict.errors import RuleViolation
from conflict.events import (
    Act,
    ApplyDamage,
    Declare,
    Defend,
    DefenseRoll,
    EndConflict,
    Nature,
    React,
    RollDice,
    Start,
    TakeIt,
)
from conflict.state import EMPTY, DiceFrom, Phase


def test_before_start_and_before_participants() -> None:
    now = what_now(EMPTY)
    assert (now.phase, now.expect, now.can_end) == (Phase.NOT_STARTED, Expect.START, False)
    c = Conflict([Start(Nature.SOCIAL)])
    now = c.next()
    assert (now.expect, now.who, now.can_add, now.can_end) == (
        Expect.PARTICIPANTS, (), True, True)


def test_r_con_7_declare_option_lists_targets_resilience_and_equipment() -> None:
    vin = sheet("Vin", wits=2, equipment=(Equipment("Glass daggers", 1),))
    c = table((vin, "crew"), (sheet("Kelsier", wits=4), "crew"),
              (group("Guards", 3, wits=3), "ministry"), nature=Nature.MENTAL)
    now = c.next()
    assert now.who == ("Vin",) and now.can_add
    option = now.options[0]
    assert isinstance(option, DeclareOption)
    assert option.targets == ("Kelsier", "Guards")
    assert option.default_resilience == "willpower"
    assert option.equipment == ("Glass daggers",)
    c.push(Declare.no_roll("Vin"))
    assert not c.next().can_add


def test_r_con_10_simultaneous_participants_get_their_options_together() -> None:
    c = table((sheet("Vin", wits=5), "crew"), (group("Guards", 3, wits=2), "ministry"))
    c.push(Declare.action("Guards", 12))
    c.push(Declare.action("Vin", 12))
    now = c.next()
    assert now.expect is Expect.ACT and now.who == ("Vin", "Guards")
    assert now.options == (
        ActOption("Vin", 2, 2, 10), ChangeOption("Vin", max_dice=12), HoldOption("Vin", 12),
        ActOption("Guards", 1, 2, 10), ChangeOption("Guards", max_dice=12),
        HoldOption("Guards", 12))


def test_r_con_15_defense_options_from_action_dice() -> None:
    reactor = sheet("Vin", wits=5, reactions=(Reaction("Steelpush", 9), Reaction("Flare", 1)))
    c = duel(vin=reactor, vin_dice=5, inq_dice=6)
    c.push(Act("Inquisitor", pool=6))
    now = c.next()
    assert (now.expect, now.who, now.action) == (Expect.DEFENSE, ("Vin",), 1)
    assert now.options == (
        DefendOption("Vin", 1, DiceFrom.ACTION, 2, 5),
        ReactOption("Vin", 1, "Steelpush", 9, DiceFrom.ACTION, 0, 1),  # capped at 10
        ReactOption("Vin", 1, "Flare", 1, DiceFrom.ACTION, 1, 5),  # a pool needs 2 dice
        TakeItOption("Vin", 1))


def test_r_con_15_a_target_without_dice_can_only_take_it() -> None:
    c = table((sheet("Vin", wits=5), "crew"), (group("Guards", 2, wits=2), "ministry"))
    c.push(Declare.action("Guards", 3, target="Vin"))
    c.push(Declare.action("Vin", 2))
    c.push(Act("Guards", pool=3))
    assert c.next().options == (DefendOption("Vin", 1, DiceFrom.ACTION, 2, 2),
                                TakeItOption("Vin", 1))
    c.push(Defend("Vin", action=1, dice=2))
    c.push(RollDice(action=1, attacker=[(1, 2, 3), (4, 5, 6)], defenders=[DefenseRoll([(1, 2)])]))
    assert c.state.phase is Phase.ROUND_OVER  # Vin has no Action Dice left: no turn


def test_r_con_2_roll_option_counts_rollers_and_dice() -> None:
    c = table((group("Guards", 4, wits=2), "ministry"), (group("Thugs", 3, wits=3), "crew"))
    c.push(Declare.action("Guards", 5, target="Thugs"))
    c.push(Declare.defense("Thugs", 6))
    c.push(Act("Guards", pool=5))
    c.push(Defend("Thugs", action=1, dice=4))
    now = c.next()
    assert (now.expect, now.who) == (Expect.ROLL, ("Guards",))
    assert now.options == (RollOption(1, "Guards", 5, 4, (Roller("Thugs", 4, 3),), True, 0),)
    event = roll_event(c.state, random.Random(11))
    rng = random.Random(11)
    attacker = tuple(tuple(rng.randint(1, 6) for _ in range(5)) for _ in range(4))
    defender = tuple(tuple(rng.randint(1, 6) for _ in range(4)) for _ in range(3))
    assert event == RollDice(action=1, attacker=attacker,
                            defenders=[DefenseRoll(defender, name="Thugs")])
    c.push(event)


def test_r_con_16_roll_option_for_a_reaction_pool() -> None:
    reactor = sheet("Vin", wits=5, reactions=(Reaction("Steelpush", 3),))
    c = duel(vin=reactor, vin_dice=4, inq_dice=6)
    c.push(Act("Inquisitor", pool=6))
    c.push(React("Vin", action=1, reaction="Steelpush", added=2))
    roll = c.next().options[0]
    assert isinstance(roll, RollOption)
    assert roll.defenders == (Roller("Vin", 5, 1),)


def test_r_con_18_damage_option_and_end_round() -> None:
    c = table((sheet("Vin", wits=5, equipment=(Equipment("Knife", 1),)), "crew"),
              (group("Guards", 5, wits=2), "ministry"))
    c.push(Declare.no_roll("Guards"))
    c.push(Declare.action("Vin", 3, target="Guards", equipment="Knife"))
    c.push(Act("Vin", pool=3))
    c.push(TakeIt("Guards", action=1))
    c.push(RollDice(action=1, attacker=[(2, 2, 6)]))
    now = c.next()
    assert (now.expect, now.who, now.action) == (Expect.DAMAGE, ("Vin",), 1)
    option = now.options[0]
    assert option == DamageOption(1, "Guards", None, 1, 1)  # Extras: no Resilience
    assert (option.default_nudges, option.damage(), option.damage(0)) == (1, 3, 2)
    c.push(ApplyDamage(action=1, nudges=0))
    now = c.next()
    assert (now.expect, now.options) == (Expect.END_ROUND,
                                         (EndRoundOption(), EndConflictOption()))
    c.push(EndConflict("the guards scatter"))
    now = c.next()
    assert (now.expect, now.can_end, now.options) == (Expect.ENDED, False, ())


def test_roll_event_needs_an_action_waiting_for_its_roll() -> None:
    c = duel()
    with pytest.raises(RuleViolation, match="R-CON-14"):
        roll_event(c.state, random.Random(1))
    c.push(Act("Vin", pool=6))
    with pytest.raises(RuleViolation, match="R-CON-14"):
        roll_event(c.state)  # the target has not chosen its defense yet
    c.push(TakeIt("Inquisitor", action=2))
    event = roll_event(c.state)  # the operating system's source
    assert event.defenders == () and len(event.attacker) == 1 and len(event.attacker[0]) == 6
    assert all(1 <= face <= 6 for face in event.attacker[0])
