"""What-now's options build their events (conflict.options): called with no arguments
they build the likely choice, numbers outside the option are refused before anything
is pushed, and what they build is accepted by the engine."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from test_engine_conflict import random_table
from test_engine_rules import duel, group, sheet, table

from characters.model import Reaction
from characters.pools import dice_for
from conflict import (
    ActOption,
    AwaitingDeclare,
    AwaitingRoll,
    ChangeOption,
    Conflict,
    DamageOption,
    DeclareOption,
    DefendOption,
    EndConflictOption,
    EndRoundOption,
    Event,
    Expect,
    HoldOption,
    Option,
    ReactOption,
    RollOption,
    RuleViolation,
    TakeItOption,
    what_now,
)
from conflict.events import (
    Act,
    ApplyDamage,
    Change,
    DeclarationKind,
    Declare,
    Defeat,
    Defend,
    DefenseRoll,
    EndConflict,
    Nature,
    React,
    RollDice,
)
from conflict.state import DiceFrom


def test_r_con_7_a_declare_option_builds_each_kind_of_declaration() -> None:
    c = table((sheet("Vin", wits=5), "crew"), (group("Guards", 3, wits=2), "ministry"))
    now = what_now(c.state)
    assert isinstance(now, AwaitingDeclare) and now.option.name == "Guards"
    option = now.option
    assert option.default_attack_kind is Nature.PHYSICAL
    assert option.event() == Declare.no_roll("Guards")
    assert option.defense(4) == Declare.defense("Guards", 4)
    assert option.event(DeclarationKind.DEFENSE, 4) == Declare.defense("Guards", 4)
    pool = dice_for(group("Guards", 3), "physique", tools=["Bows"])
    built = option.action(pool, target="vin", attack_kind="social")  # any case finds Vin
    assert built == Declare(name="Guards", kind=DeclarationKind.ACTION, dice=4,
                            source="Physique 3 + Bows 1 = 4", target="Vin",
                            attack_kind=Nature.SOCIAL)
    with pytest.raises(RuleViolation, match="R-CON-8"):
        option.action(3, target="Kelsier")
    c.push(built)
    assert c.state.action(1) is not None


def test_r_con_11_an_act_option_defaults_to_every_die_it_may_roll() -> None:
    option = ActOption("Vin", 2, 2, 7)
    assert option.event() == Act("Vin", pool=7)
    assert option.event(3) == Act("Vin", pool=3)
    for bad in (1, 8):
        with pytest.raises(RuleViolation, match="R-CON-11: the pool must be 2–7"):
            option.event(bad)


def test_r_con_12_a_change_option_needs_three_dice_before_halving() -> None:
    option = ChangeOption("Vin", max_dice=5)
    assert option.event(6, target="Marsh", harm=False) == Change(
        "Vin", dice=6, target="Marsh", harm=False)
    with pytest.raises(RuleViolation, match="R-CON-12"):
        option.event(2)


def test_r_con_15_defend_defaults_spare_action_dice_and_spend_defense_dice() -> None:
    from_action = DefendOption("Vin", 1, DiceFrom.ACTION, 2, 6)
    from_defense = DefendOption("Vin", 1, DiceFrom.DEFENSE, 2, 6)
    assert from_action.event() == Defend("Vin", action=1, dice=2)
    assert from_defense.event() == Defend("Vin", action=1, dice=6)
    with pytest.raises(RuleViolation, match="R-CON-15"):
        from_defense.event(7)
    react = ReactOption("Vin", 1, "Steelpush", 3, DiceFrom.ACTION, 0, 4)
    assert react.event() == React("Vin", action=1, reaction="Steelpush", added=0)
    assert react.event(4) == React("Vin", action=1, reaction="Steelpush", added=4)
    with pytest.raises(RuleViolation, match="R-CON-16"):
        react.event(5)


def test_r_con_14_a_roll_option_draws_or_takes_faces_by_name() -> None:
    reactor = sheet("Vin", wits=5, reactions=(Reaction("Steelpush", 3),))
    c = duel(vin=reactor, vin_dice=4, inq_dice=6)
    c.push(Act("Inquisitor", pool=6))
    c.push(React("Vin", action=1, reaction="Steelpush", added=2))
    now = what_now(c.state)
    assert isinstance(now, AwaitingRoll)
    given = now.roll.event(attacker=[(1, 1, 2, 3, 4, 5)], defenders={"Vin": [(2, 2, 3, 4, 5)]})
    assert given == RollDice(action=1, attacker=[(1, 1, 2, 3, 4, 5)],
                             defenders=[DefenseRoll([(2, 2, 3, 4, 5)], name="Vin")])
    drawn = now.roll.event(random.Random(3))
    rng = random.Random(3)
    mine = tuple(rng.randint(1, 6) for _ in range(6))
    theirs = tuple(rng.randint(1, 6) for _ in range(5))
    assert drawn == RollDice(action=1, attacker=[mine],
                             defenders=[DefenseRoll([theirs], name="Vin")])
    c.push(given)


def test_r_con_18_a_damage_option_applies_or_spends_nudges() -> None:
    option = DamageOption(2, "Marsh", "health", 2, 1)
    assert option.event() == ApplyDamage(action=2)
    assert option.event(1, spent=1, note="disarms") == ApplyDamage(action=2, nudges=1, spent=1,
                                                                    note="disarms")
    with pytest.raises(RuleViolation, match="R-CON-18"):
        option.event(spent=3)


def _build(option: object, rng: random.Random) -> Event:
    """An event from an option with arguments picked inside its range."""
    if isinstance(option, DeclareOption):
        kind = rng.choice(option.kinds)
        target = rng.choice(option.targets) if option.targets and rng.random() < 0.8 else None
        if kind is DeclarationKind.ACTION:  # 2 or more Action Dice (R-CON-11)
            return option.action(rng.randint(2, 9), target=target,
                                 harm=rng.random() < 0.8 or target is None)
        return option.event(kind, rng.randint(1, 6))
    if isinstance(option, ActOption):
        return option.event(rng.randint(option.min_pool, option.max_pool))
    if isinstance(option, ChangeOption):
        return option.event(rng.randint(option.min_dice, 12))
    if isinstance(option, DefendOption):
        return option.event(rng.randint(option.min_dice, option.max_dice))
    if isinstance(option, ReactOption):
        return option.event(rng.randint(option.min_added, option.max_added))
    if isinstance(option, RollOption):
        return option.event(rng)
    if isinstance(option, DamageOption):
        spent = rng.randint(0, option.max_nudges)
        return option.event(rng.choice([None, option.max_nudges - spent]), spent=spent,
                            note="a better footing" if spent else "")
    assert isinstance(option, (HoldOption, TakeItOption, EndRoundOption,
                               EndConflictOption)), option
    return option.event()


def playing(options: Sequence[Option]) -> list[Option]:
    """The options that go on with the Conflict (these tests end it themselves)."""
    return [o for o in options if not isinstance(o, EndConflictOption)]


@pytest.mark.parametrize("seed", range(12))
def test_r_con_3_every_option_builds_an_event_the_engine_accepts(seed: int) -> None:
    rng = random.Random(seed)
    c = Conflict(random_table(rng))
    pushed = 0
    for _ in range(300):
        now = c.next()
        if now.expect is Expect.ENDED:
            break
        if now.expect is Expect.END_ROUND and c.state.round >= rng.randint(3, 6):
            c.push(EndConflict("enough"))
            continue
        assert now.options, now
        option = rng.choice(playing(now.options))
        c.push(_build(option, rng))  # raises if the engine refuses what the option built
        pushed += 1
        assert c.state.dice_balanced()
    assert pushed >= 10


def test_r_con_3_every_option_called_with_no_arguments_builds_an_accepted_event() -> None:
    # A bot that picks any option and takes its likely choice never needs to know
    # which kind of option it holds.
    kinds: set[str] = set()
    for seed in range(8):
        rng = random.Random(seed)
        c = Conflict(random_table(rng))
        for _ in range(300):
            now = c.next()
            if now.expect is Expect.ENDED:
                break
            if now.expect is Expect.END_ROUND and c.state.round >= 4:
                c.push(EndConflict("enough"))
                continue
            if now.expect is Expect.DECLARE and rng.random() < 0.7:  # an action to change
                option = now.option
                assert isinstance(option, DeclareOption)
                target = rng.choice(option.targets) if option.targets else None
                c.push(option.action(rng.randint(2, 6), target=target))
                continue
            chosen = rng.choice(playing(now.options))
            kinds.add(type(chosen).__name__)
            c.push(chosen.event())  # raises if the engine refuses it
    assert {"ChangeOption", "ActOption", "HoldOption", "DefendOption"} <= kinds


def test_r_con_7_a_declaration_s_dice_default_to_the_attribute_of_the_conflict_s_nature(
        ) -> None:
    """R-CON-7: the dice of an action or a full defense are figured from the sheet; with
    none said, the option declares the Attribute the Conflict's nature rolls (Physique,
    Charm or Wits, as R-CON-7c's Defense Dice), saying where they came from."""
    c = table((sheet("Vin", physique=4, charm=2, wits=5), "crew"),
              (group("Guards", 3, wits=2), "ministry"))
    option = what_now(c.state).option  # type: ignore[union-attr]
    assert isinstance(option, DeclareOption) and option.name == "Guards"
    assert option.attribute == "physique"
    assert option.pool == dice_for(group("Guards", 3), "physique")
    attack = option.action(target="Vin")
    assert (attack.dice, attack.source) == (option.pool.count, option.pool.describe())
    defense = option.defense()
    assert (defense.kind, defense.dice) == (DeclarationKind.DEFENSE, option.pool.count)
    assert option.event(DeclarationKind.ACTION, target="Vin") == attack
    c.push(Declare.no_roll("Guards"))
    vin = what_now(c.state).option  # type: ignore[union-attr]
    assert isinstance(vin, DeclareOption) and vin.pool.count == 4

    social = table((sheet("Vin", physique=4, charm=2, wits=5), "crew"),
                   (sheet("Straff", charm=6, wits=2), "ministry"), nature=Nature.SOCIAL)
    straff = what_now(social.state).option  # type: ignore[union-attr]
    assert isinstance(straff, DeclareOption)
    assert (straff.attribute, straff.pool.count) == ("charm", 6)
    social.push(straff.action(target="Vin"))
    assert social.state.action(1).dice == 6  # type: ignore[union-attr]


def test_r_con_21_ending_the_conflict_is_offered_whenever_it_is_allowed() -> None:
    """R-CON-21: "The Conflict ends when a side is defeated or yields, or when the
    Narrator ends it; its outcome is recorded." Ending is an option like any other:
    first at the end of a round in which a side was defeated, second otherwise, and
    ``now.end`` at every step the Narrator may end it."""
    c = table((sheet("Vin", wits=5), "crew"), (sheet("Guard", wits=2), "ministry"))
    assert c.next().end == EndConflictOption(())
    for _ in range(2):
        c.push(c.next().options[0].event())  # both declare no roll
    now = c.next()
    assert now.expect is Expect.END_ROUND
    assert [type(o) for o in now.options] == [EndRoundOption, EndConflictOption]
    assert now.options[1].event() == EndConflict("the Narrator ends the Conflict")

    beaten = table((sheet("Vin", wits=5), "crew"), (sheet("Guard", wits=2), "ministry"))
    beaten.push(Defeat("Guard"))
    while (now := beaten.next()).expect is not Expect.END_ROUND:
        beaten.push(now.options[0].event())  # Vin, the one left, declares no roll
    assert now.sides_defeated == ("ministry",)
    ending = now.options[0]
    assert isinstance(ending, EndConflictOption)
    beaten.push(ending.event())
    assert beaten.state.outcome == "ministry is defeated"
    assert beaten.next().expect is Expect.ENDED and beaten.next().end is None
    assert Conflict().next().end is None  # not started: nothing to end


@pytest.mark.parametrize("seed", range(4))
def test_r_con_3_a_whole_conflict_is_driven_from_its_options_alone(seed: int) -> None:
    """A driver with no rule of its own: each declarer attacks its first foe with the
    dice its option figures, every other step takes the likely choice
    (``options[0].event()``), and the Conflict ends by the option offered once a side
    is defeated."""
    rng = random.Random(seed)
    c = table((sheet("Vin", physique=5, wits=5), "crew"),
              (sheet("Kelsier", physique=4, wits=3), "crew"),
              (group("Guards", 3, wits=2), "ministry"))
    for _ in range(2000):
        now = c.next()
        if now.expect is Expect.ENDED:
            break
        if now.expect is Expect.DECLARE:
            option = now.option
            c.push(option.action(target=option.foes[0]) if option.foes
                   else option.no_roll())
        elif now.expect is Expect.ROLL:
            c.push(now.roll.event(rng))
        else:
            c.push(now.options[0].event())
    assert c.next().expect is Expect.ENDED
    assert c.state.outcome.endswith("is defeated")
