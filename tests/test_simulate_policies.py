"""The library's policies choose as documented: known answers worked out by hand from
the rules, and, where the default weighs odds, from the library's exact Contest odds
(conflict.odds), not from the simulator's own odds."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest

from characters import (
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
    Act,
    AddParticipant,
    ApplyDamage,
    Change,
    DeclarationKind,
    Declare,
    Defeat,
    Defend,
    Nature,
    React,
    Start,
    TakeIt,
)
from conflict.engine import apply
from conflict.events import Event
from conflict.odds import contest_odds, pool_odds
from conflict.simulate import POLICIES, Tactics, incoming, outnumbered, weakest_foe
from conflict.state import State
from conflict.whatnow import Expect, WhatNow, what_now

DEFAULT, RECKLESS, BOLD, CAUTIOUS = (POLICIES[n] for n in ("default", "reckless", "bold",
                                                           "cautious"))


def sheet(name: str, physique: int, wits: int, health: int = 6, *, damage: int = 0,
          weapon: int = 1, reaction: int = 0, charm: int = 3) -> Sheet:
    return Sheet(name=name, kind="hero", attributes=Attributes(physique, charm, wits),
                 standings=Standings(4, 4, 4),
                 resiliences=Resiliences(Resilience(health, damage), Resilience(4),
                                         Resilience(5)),
                 equipment=(Equipment("Cudgel", 0), Equipment("Knife", weapon)),
                 reactions=(Reaction("Steelpush", reaction),) if reaction else ())


def group(name: str, count: int, physique: int, wits: int) -> ExtraGroup:
    return ExtraGroup(name=name, count=count, attributes=Attributes(physique, 2, wits))


def setup(*people: tuple[Sheet | ExtraGroup, str], nature: Nature = Nature.PHYSICAL) -> State:
    state = apply(State(), Start(nature))
    for character, side in people:
        state = apply(state, AddParticipant(character, side))
    return state


def push(state: State, *events: Event) -> State:
    for event in events:
        state = apply(state, event)
    return state


def asked(policy: Tactics, state: State) -> Event | None:
    """What ``policy`` chooses now, asked as the simulator asks (one participant at a
    time in a step)."""
    now = what_now(state)
    if now.expect is Expect.ACT:
        name = now.who[0]
        now = attrs.evolve(now, who=(name,), options=now.options_for(name))
    answer: WhatNow = now
    return policy(state, answer)


# --- declaring: the weakest foe, the Attribute of the nature, the best weapon ----------


def test_attacks_the_foe_the_fewest_points_defeat() -> None:
    state = setup((sheet("Vin", 4, 2), "crew"), (group("Guards", 3, 3, 5), "ministry"),
                  (sheet("Brute", 5, 5, health=2), "ministry"),
                  (sheet("Captain", 3, 5, health=5), "ministry"))
    # Vin (Wits 2) declares first: Brute has 2 Health left, the Guards 3 Extras.
    assert asked(DEFAULT, state) == Declare("Vin", DeclarationKind.ACTION, dice=4,
                                            target="Brute", equipment="Knife")
    me = state.participant("Vin")
    foe = weakest_foe(state, me, ("Guards", "Captain"), "health")
    assert foe is not None and foe.name == "Guards"


def test_ties_go_to_the_foe_rolling_fewer_dice_then_the_first() -> None:
    state = setup((sheet("Vin", 4, 2), "crew"), (group("Guards", 3, 4, 5), "ministry"),
                  (sheet("Brute", 2, 5, health=3), "ministry"),
                  (sheet("Twin", 2, 5, health=3), "ministry"))
    me = state.participant("Vin")
    found = weakest_foe(state, me, ("Guards", "Brute", "Twin"), "health")
    assert found is not None and found.name == "Brute"


def test_a_social_conflict_attacks_with_charm_at_reputation() -> None:
    state = setup((sheet("Vin", 4, 2, charm=5), "crew"),
                  (sheet("Noble", 3, 5, health=1), "court"),
                  (sheet("Obligator", 3, 5, health=9), "court"), nature=Nature.SOCIAL)
    # Reputation 4 each: tied, so the first; the Noble's 1 Health does not matter here.
    assert asked(DEFAULT, state) == Declare("Vin", DeclarationKind.ACTION, dice=5,
                                            target="Noble", equipment="Knife")


def test_no_weapon_that_adds_damage_is_named_and_every_policy_declares_alike() -> None:
    state = setup((sheet("Vin", 4, 2, weapon=0), "crew"), (group("Guards", 3, 3, 5),
                                                          "ministry"))
    expected = Declare("Vin", DeclarationKind.ACTION, dice=4, target="Guards")
    for policy in POLICIES.values():
        assert asked(policy, state) == expected


def test_r_con_7b_cautious_declares_full_defense_at_a_third_of_its_health() -> None:
    hurt = setup((sheet("Vin", 4, 2, health=6, damage=4), "crew"),
                 (group("Guards", 3, 3, 5), "ministry"))
    assert asked(CAUTIOUS, hurt) == Declare("Vin", DeclarationKind.DEFENSE, dice=4)
    assert asked(DEFAULT, hurt) == Declare("Vin", DeclarationKind.ACTION, dice=4,
                                           target="Guards", equipment="Knife")
    fitter = setup((sheet("Vin", 4, 2, health=6, damage=3), "crew"),
                   (group("Guards", 3, 3, 5), "ministry"))
    assert asked(CAUTIOUS, fitter).kind is DeclarationKind.ACTION  # type: ignore[union-attr]


# --- acting: dice kept back (R-CON-11) ---------------------------------------------------


def _vin_against(*foes: tuple[Sheet | ExtraGroup, int], vin_dice: int = 6) -> State:
    """Vin (Wits 6, declares last) has ``vin_dice`` Action Dice; each foe attacks Vin
    with the dice given."""
    people = [(sheet("Vin", vin_dice, 6), "crew")] + [(f, "ministry") for f, _ in foes]
    state = setup(*people)
    for foe, dice in foes:
        state = push(state, Declare(foe.name, DeclarationKind.ACTION, dice=dice,
                                    target="Vin"))
    target = foes[0][0].name
    return push(state, Declare("Vin", DeclarationKind.ACTION, dice=vin_dice, target=target))


def test_r_con_11_keeps_two_dice_back_when_outnumbered_and_attacked() -> None:
    state = _vin_against((group("Guards", 4, 2, 2), 2))  # 4 Extras against 1 Hero
    assert outnumbered(state, state.participant("Vin"))
    assert incoming(state, "Vin") == 1
    assert asked(DEFAULT, state) == Act("Vin", pool=4)
    assert asked(BOLD, state) == Act("Vin", pool=6)
    assert asked(RECKLESS, state) == Act("Vin", pool=6)


def test_not_outnumbered_the_default_rolls_every_die() -> None:
    state = _vin_against((sheet("Brute", 2, 2), 2))
    assert not outnumbered(state, state.participant("Vin"))
    assert asked(DEFAULT, state) == Act("Vin", pool=6)
    assert asked(CAUTIOUS, state) == Act("Vin", pool=4)  # attacked: cautious keeps 2


def test_cautious_keeps_two_per_attack_coming_but_one_die_never() -> None:
    state = _vin_against((group("Guards", 4, 2, 2), 2), (sheet("Brute", 2, 2), 2))
    assert incoming(state, "Vin") == 2
    assert asked(CAUTIOUS, state) == Act("Vin", pool=2)
    three = _vin_against((group("Guards", 4, 2, 2), 2), vin_dice=3)
    assert asked(DEFAULT, three) == Act("Vin", pool=3)  # keeping 1 could not defend


def test_r_con_12_changes_to_the_weakest_foe_standing_when_its_target_falls() -> None:
    state = setup((sheet("Vin", 5, 6), "crew"), (group("Guards", 2, 2, 2), "ministry"),
                  (sheet("Brute", 2, 3, health=4), "ministry"))
    state = push(state, Declare("Guards", DeclarationKind.NO_ROLL),
                 Declare("Brute", DeclarationKind.NO_ROLL),
                 Declare("Vin", DeclarationKind.ACTION, dice=5, target="Guards"),
                 Defeat("Guards", reason="fled"))
    assert asked(DEFAULT, state) == Change("Vin", dice=5, target="Brute", equipment="Knife")


# --- against an attack (R-CON-15, R-CON-16) -------------------------------------------


def _attacked_after_acting(vin: Sheet, *, foe_dice: int = 2, kept: int = 2) -> State:
    """Vin acted against a group of 4 keeping ``kept`` Defense Dice; the group now
    attacks Vin."""
    state = setup((vin, "crew"), (group("Guards", 4, 2, 2), "ministry"))
    state = push(state, Declare("Guards", DeclarationKind.ACTION, dice=foe_dice,
                                target="Vin"),
                 Declare("Vin", DeclarationKind.ACTION, dice=vin.attributes.physique,
                         target="Guards"),
                 Act("Vin", pool=vin.attributes.physique - kept))
    return _resolve_pending(state)


def _resolve_pending(state: State) -> State:
    """Let the pending action roll (the Guards take it) and deal its damage."""
    now = what_now(state)
    if now.expect is Expect.DEFENSE:
        state = push(state, TakeIt(now.who[0], action=now.action or 0))
        now = what_now(state)
    if now.expect is Expect.ROLL:
        faces = {d.name: [[1, 3]] * d.rollers for d in now.roll.defenders}
        pool = now.roll.actor_pool  # every face different: no set, it fails
        state = push(state, now.roll.event(attacker=[([1, 2, 3, 4, 5] + [6] * 5)[:pool]],
                                           defenders=faces))
        now = what_now(state)
    if now.expect is Expect.ACT:
        state = push(state, Act(now.who[0], pool=now.options[0].max_pool))  # type: ignore[union-attr]
    return state


def test_r_con_15b_defends_with_every_defense_die_when_nothing_else_comes() -> None:
    state = _attacked_after_acting(sheet("Vin", 6, 6))
    assert what_now(state).expect is Expect.DEFENSE
    assert asked(DEFAULT, state) == Defend("Vin", action=1, dice=2)
    assert asked(BOLD, state) == Defend("Vin", action=1, dice=2)
    assert asked(RECKLESS, state) == TakeIt("Vin", action=1)


def test_defense_dice_are_shared_among_the_attacks_still_coming() -> None:
    state = setup((sheet("Vin", 4, 6), "crew"), (group("Guards", 4, 2, 2), "ministry"),
                  (group("Archers", 3, 2, 2), "ministry"))
    state = push(state, Declare("Guards", DeclarationKind.ACTION, dice=2, target="Vin"),
                 Declare("Archers", DeclarationKind.ACTION, dice=2, target="Vin"),
                 Declare("Vin", DeclarationKind.ACTION, dice=9, target="Guards"),
                 Act("Vin", pool=3))  # 6 Defense Dice kept; two attacks to come
    state = _resolve_pending(state)
    now = what_now(state)
    assert now.expect is Expect.DEFENSE
    # One more attack after this one: half of the 6 now.
    assert asked(DEFAULT, state) == Defend("Vin", action=now.action or 0, dice=3)


def test_r_con_16_reacts_when_the_reaction_costs_nothing() -> None:
    state = _attacked_after_acting(sheet("Vin", 6, 6, reaction=3), kept=0)
    now = what_now(state)
    assert now.expect is Expect.DEFENSE and now.defend is None
    assert asked(DEFAULT, state) == React("Vin", action=1, reaction="Steelpush", added=0)
    assert asked(RECKLESS, state) == TakeIt("Vin", action=1)


def test_r_con_16_an_ally_reacts_for_the_target_first() -> None:
    state = setup((sheet("Vin", 2, 6, reaction=3), "crew"), (sheet("Ham", 2, 6), "crew"),
                  (sheet("Brute", 5, 6), "ministry"))
    state = push(state, Declare("Vin", DeclarationKind.NO_ROLL),
                 Declare("Ham", DeclarationKind.NO_ROLL),
                 Declare("Brute", DeclarationKind.ACTION, dice=5, target="Ham"),
                 Act("Brute", pool=5))
    assert asked(DEFAULT, state) == React("Vin", action=1, reaction="Steelpush", added=0)
    state = push(state, React("Vin", action=1, reaction="Steelpush"))
    # Ham, with its granted Defense Dice (Physique 2, R-CON-7c), then defends.
    assert asked(DEFAULT, state) == Defend("Ham", action=1, dice=2)


def _undefended_damage(pool: int, bonus: int) -> Fraction:
    """Mean damage of ``pool`` dice nobody defends against: any set, 1 + Nudges +
    bonus (R-CON-15d, R-CON-18); none below 2 dice (no pool)."""
    if pool < 2:
        return Fraction(0)
    return sum((p * (1 + nudges + bonus) for (result, nudges), p
                in pool_odds(min(pool, 10)).distribution.items() if result >= 1), Fraction(0))


@pytest.mark.parametrize(("attacker", "bonus", "held"), [
    (5, 4, 2), (7, 4, 7), (7, 0, 6), (5, 2, 4), (10, 4, 9), (3, 0, 2)])
def test_r_con_15a_spends_action_dice_only_when_the_exact_odds_say_it_pays(
        attacker: int, bonus: int, held: int) -> None:
    """The Inquisitor (more dice, acts first) attacks Vin, who holds ``held`` Action
    Dice for its own attack with a +1 knife. Spending k of them saves
    E[damage taken | no defense] − E[damage taken | k dice] and costs
    E[Vin's damage | held] − E[Vin's damage | held − k]; the default takes the best
    k if it gains anything, else takes it."""
    assert held < attacker + 1  # the Inquisitor acts first
    state = setup((sheet("Vin", 4, 6, health=9), "crew"),
                  (Sheet(name="Inquisitor", kind="villain",
                         attributes=Attributes(6, 3, 2), standings=Standings(5, 5, 5),
                         resiliences=Resiliences(Resilience(9), Resilience(9),
                                                 Resilience(9)),
                         equipment=(Equipment("Spike", bonus),)), "ministry"))
    state = push(state, Declare("Inquisitor", DeclarationKind.ACTION, dice=attacker + 1,
                                target="Vin", equipment="Spike"),
                 Declare("Vin", DeclarationKind.ACTION, dice=held, target="Inquisitor",
                         equipment="Knife"),
                 Act("Inquisitor", pool=attacker))
    taken = _undefended_damage(attacker, bonus)
    best: tuple[Fraction, int] | None = None
    for k in range(2, min(held, 10) + 1):
        odds = contest_odds(attacker, k)
        saved = taken - (odds.expected_damage + bonus * odds.win)
        cost = _undefended_damage(held, 1) - _undefended_damage(held - k, 1)
        if saved - cost > 0 and (best is None or saved - cost > best[0]):
            best = (saved - cost, k)
    expected = TakeIt("Vin", action=1) if best is None else Defend("Vin", action=1,
                                                                   dice=best[1])
    assert asked(DEFAULT, state) == expected
    assert asked(BOLD, state) == TakeIt("Vin", action=1)  # never spends Action Dice


def test_the_known_answers_include_both_choices() -> None:
    # The cases above are not all one answer: holding only 2 dice against a heavy
    # blow (5 dice, +4) Vin defends; holding 6 against 7 dice and no weapon it takes it.
    def decide(attacker: int, bonus: int, held: int) -> bool:
        taken = _undefended_damage(attacker, bonus)
        for k in range(2, held + 1):
            odds = contest_odds(attacker, k)
            if (taken - odds.expected_damage - bonus * odds.win
                    - _undefended_damage(held, 1) + _undefended_damage(held - k, 1)) > 0:
                return True
        return False

    assert decide(5, 4, 2) and decide(7, 4, 7) and not decide(7, 0, 6)


def test_r_con_18_every_nudge_goes_to_damage() -> None:
    state = setup((sheet("Vin", 4, 2), "crew"), (group("Guards", 3, 3, 5), "ministry"))
    state = push(state, Declare("Vin", DeclarationKind.ACTION, dice=4, target="Guards"),
                 Declare("Guards", DeclarationKind.NO_ROLL), Act("Vin", pool=4),
                 TakeIt("Guards", action=1))
    state = push(state, what_now(state).roll.event(attacker=[[2, 2, 6, 6]]))  # type: ignore[union-attr]
    assert asked(RECKLESS, state) == ApplyDamage(action=1)
    assert asked(DEFAULT, state) == ApplyDamage(action=1)


def test_a_policy_is_not_asked_for_the_narrator() -> None:
    with pytest.raises(Exception, match="chooses for participants"):
        DEFAULT(State(), what_now(State()))
