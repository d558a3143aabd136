"""What players may read of a Conflict: the library's sentences for a player
(conflict.narrate.describe with a viewer), without the numbers of hidden Villains and
Extras (R-CON-4 Wits, R-CON-7 sources, R-CON-7c gained Defense Dice, R-CON-12 dice
before halving, R-CON-16 a Reaction's own dice, R-CON-20 Resilience left), while dice
counted out and rolled openly stay. Checked event type by event type on a scripted
Conflict, as a property (whatever the hidden statistics, players read the same words),
and over random Conflicts."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import scaled
from strategies import seeds
from test_engine_conflict import play
from test_engine_rules import sheet, table

from characters.model import Attributes, ExtraGroup, Kind, Reaction
from conflict.engine import apply
from conflict.events import (
    Act,
    AddParticipant,
    ApplyDamage,
    Change,
    Declare,
    Defend,
    DefenseRoll,
    EndRound,
    Event,
    Nature,
    React,
    Reorder,
    RollDice,
    Start,
    TakeIt,
)
from conflict.narrate import describe
from conflict.privacy import NARRATOR, Viewer, looking
from conflict.state import EMPTY, State

PLAYER = looking(plays=["Vin"])
"""Vin's player: the Prelate and the Guards are hidden from them."""
Step = tuple[State, Event, State]
SAYS_LESS = frozenset({AddParticipant, Reorder, Declare, Change, Defend, React, TakeIt,
                       ApplyDamage})
"""The events whose sentences can hold a number from a hidden participant's statistics."""


# --- a scripted Conflict: every event type that can leak, by a hidden Villain or group --


def scenario(*, physique: int = 3, wits: int = 5, health: int = 8, guard_physique: int = 3,
             guard_wits: int = 3, shield: int = 2, changed: int = 7) -> list[Step]:
    """Vin (a Hero) against the Prelate (a Villain) and four Guards (Extras), over three
    rounds. Only the hidden statistics vary; every count the table sees stays the same
    (the Reaction pool is 5 dice whatever the Reaction's own, the changed action has 3
    dice whatever it had before halving)."""
    prelate = sheet("Prelate", kind="villain", physique=physique, wits=wits, health=health)
    guards = ExtraGroup(name="Guards", count=4, attributes=Attributes(guard_physique, 2,
                                                                      guard_wits),
                        reactions=(Reaction("Shield wall", shield),))
    events: list[Event] = [
        Start(Nature.PHYSICAL, stakes="the vault"),
        AddParticipant(sheet("Vin", wits=2, health=10), "crew"),
        AddParticipant(guards, "opposition"),
        AddParticipant(prelate, "opposition"),
        # Round 1: the Prelate needs no roll and defends when attacked (R-CON-7c).
        Declare.action("Vin", 6, target="Prelate"),
        Declare.action("Guards", 4, target="Vin", source=f"Physique {guard_physique} + spear 1"),
        Declare.no_roll("Prelate"),
        Act("Vin", pool=4),
        Defend("Prelate", action=1, dice=2),
        RollDice(action=1, attacker=[(5, 5, 1, 2)], defenders=[DefenseRoll([(1, 2)])]),
        ApplyDamage(action=1),
        Act("Guards", pool=4),
        Defend("Vin", action=2, dice=2),
        RollDice(action=2, attacker=[(1, 2, 3, 4)] * 4, defenders=[DefenseRoll([(6, 6)])]),
        EndRound(),
        # Round 2: the Guards need no roll and take it.
        Declare.action("Vin", 6, target="Guards"),
        Declare.no_roll("Guards"),
        Declare.action("Prelate", 3, target="Vin", source=f"Physique {physique} + Spirit 1"),
        Act("Vin", pool=4),
        TakeIt("Guards", action=3),
        RollDice(action=3, attacker=[(4, 4, 1, 2)]),
        ApplyDamage(action=3),
        Act("Prelate", pool=3),
        TakeIt("Vin", action=4),
        RollDice(action=4, attacker=[(1, 2, 3)]),
        EndRound(),
        # Round 3: the Guards react with their gained dice; the Prelate changes.
        Declare.action("Vin", 6, target="Guards"),
        Declare.no_roll("Guards"),
        Declare.action("Prelate", 3, target="Vin", source=f"Physique {physique} + Spirit 1"),
        Act("Vin", pool=4),
        React("Guards", action=5, reaction="Shield wall", added=5 - shield),
        RollDice(action=5, attacker=[(3, 3, 1, 2)],
                 defenders=[DefenseRoll([(5, 5, 1, 2, 6)] * 3)]),
        Change("Prelate", dice=changed, target="Vin"),
    ]
    state = EMPTY
    steps = []
    for event in events:
        after = apply(state, event)
        steps.append((state, event, after))
        state = after
    return steps


def told(steps: list[Step], viewer: Viewer) -> list[str]:
    return [describe(b, e, a, viewer) for b, e, a in steps]


def test_players_read_the_scripted_conflict_without_the_hidden_numbers() -> None:
    steps = scenario()
    full = [describe(b, e, a) for b, e, a in steps]
    player = told(steps, PLAYER)
    changed = {i: (full[i], player[i]) for i in range(len(steps)) if full[i] != player[i]}
    assert changed == {
        2: ("Guards join the opposition: 4 Extras, Wits 3.",
            "Guards join the opposition: 4 Extras."),  # R-CON-4
        3: ("Prelate joins the opposition: villain, Wits 5.",
            "Prelate joins the opposition: villain."),
        5: ("Guards declare an attack on Vin: 4 Action Dice (Physique 3 + spear 1).",
            "Guards declare an attack on Vin: 4 Action Dice."),  # R-CON-7
        8: ("Prelate defends (gains 3 Defense Dice) against action 1 with 2 Defense Dice.",
            "Prelate defends against action 1 with 2 Defense Dice."),  # R-CON-7c
        10: ("Prelate takes 1 Health damage: Health 7/8.",
             "Prelate takes 1 Health damage."),  # R-CON-20
        17: ("Prelate declares an attack on Vin: 3 Action Dice (Physique 3 + Spirit 1).",
             "Prelate declares an attack on Vin: 3 Action Dice."),
        19: ("Guards do not defend (gains 3 Defense Dice) against action 3.",
             "Guards do not defend against action 3."),  # R-CON-7c
        28: ("Prelate declares an attack on Vin: 3 Action Dice (Physique 3 + Spirit 1).",
             "Prelate declares an attack on Vin: 3 Action Dice."),
        30: ("Guards react (gains 3 Defense Dice) against action 5 with Shield wall: "
             "2 + 3 = 5 dice.",
             "Guards react against action 5 with Shield wall: 5 dice."),  # R-CON-16
        32: ("Prelate changes their action on Vin: 3 dice (7 halved is 4, but only 3 were "
             "held), acting at the end of the round.",
             "Prelate changes their action on Vin: 3 dice, acting at the end of the "
             "round."),  # R-CON-12
    }
    # The Narrator, and a player once both are revealed, read every number.
    assert told(steps, NARRATOR) == full
    assert told(steps, looking(plays=["Vin"], revealed=["prelate", "GUARDS"])) == full
    # Extras standing stay: the players can count them.
    assert "1 of Guards falls: 3 left." in player


@settings(max_examples=scaled(60), deadline=None)
@given(physique=st.integers(2, 6), health=st.integers(2, 30), guard_wits=st.integers(3, 5),
       wits_above=st.integers(1, 3), shield=st.integers(1, 4),
       guard_physique_above=st.integers(0, 4), changed=st.integers(6, 10))
def test_whatever_the_hidden_statistics_players_read_the_same_words(
        physique: int, health: int, guard_wits: int, wits_above: int, shield: int,
        guard_physique_above: int, changed: int) -> None:
    drawn: dict[str, Any] = dict(
        physique=physique, health=health, guard_wits=guard_wits,
        wits=min(6, guard_wits + wits_above), shield=shield, changed=changed,
        # the Guards add 5 - shield of their gained dice to the Reaction: they must have them
        guard_physique=min(6, max(2, 5 - shield) + guard_physique_above))
    assert told(scenario(**drawn), PLAYER) == told(scenario(), PLAYER)


def test_r_con_4_a_reordering_that_names_a_hidden_participant_tells_no_tie() -> None:
    c = table((sheet("Vin", wits=4), "crew"), (sheet("Prelate", kind="villain", wits=4),
                                               "opposition"),
              (sheet("Kell", wits=4), "crew"))
    before = c.state
    event = Reorder(("Prelate", "Vin"))
    c.push(event)
    full = describe(before, event, c.state)
    assert full == "The Narrator orders the tied participants: Prelate, then Vin."
    assert describe(before, event, c.state, PLAYER) == \
        "The Narrator settles the order of declaration."
    heroes = Reorder(("Kell", "Vin"))
    after = apply(before, heroes)
    assert describe(before, heroes, after, PLAYER) == \
        "The Narrator orders the tied participants: Kell, then Vin."


def test_full_defense_and_a_reaction_without_added_dice_keep_their_open_counts() -> None:
    c = table((sheet("Vin", wits=2), "crew"),
              (sheet("Prelate", kind="villain", wits=4,
                     reactions=(Reaction("Push", 4),)), "opposition"))
    steps = []
    for event in (Declare.action("Vin", 5, target="Prelate"),
                  Declare.defense("Prelate", 4, source="Physique 3 + Spirit 1"),
                  Act("Vin", pool=5), React("Prelate", action=1, reaction="Push")):
        before = c.state
        c.push(event)
        steps.append((before, event, c.state))
    assert told(steps, PLAYER)[1:] == [
        "Prelate declares full defense: 4 Defense Dice.",
        "Vin attacks Prelate: 5 dice, Contest, Difficulty 0.",
        # The pool is rolled openly: 4 dice, the Reaction's own, and nothing added.
        "Prelate reacts against action 1 with Push: 4 dice."]


# --- random Conflicts --------------------------------------------------------------------


@settings(max_examples=scaled(25), deadline=None)
@given(seeds)
def test_in_random_conflicts_no_hidden_number_is_told_and_only_numbers_go(seed: int
                                                                         ) -> None:
    conflict = play(seed)
    steps: list[Step] = []
    state = EMPTY
    for event in conflict.events:
        after = apply(state, event)
        steps.append((state, event, after))
        state = after
    hidden = frozenset(p.name for p in state.participants if p.character.kind is not Kind.HERO)
    for (before, event, after), said in zip(steps, told(steps, looking()), strict=True):
        full = describe(before, event, after)
        assert said == full or type(event) in SAYS_LESS
        if not isinstance(event, Reorder):  # the one sentence said otherwise
            assert _deleted_from(said, full), (full, said)
        name = getattr(event, "name", None)
        if name is not None and after.find(name) is not None and \
                after.participant(name).name in hidden:
            assert "(gains " not in said and " halved)" not in said, said
            assert " = " not in said or isinstance(event, Declare), said
            if isinstance(event, AddParticipant):
                assert ", Wits " not in said, said
            if isinstance(event, Declare) and event.source:
                assert f"({event.source})" not in said, said
        if isinstance(event, ApplyDamage):
            action = after.action(event.action) or before.action(event.action)
            assert action is not None and action.target is not None
            target = after.participant(action.target)
            if target.name in hidden and target.resiliences is not None:
                assert "/" not in said.split(" damage", 1)[1].split(";")[0], said


def _deleted_from(short: str, long: str) -> bool:
    """Whether ``short`` is ``long`` with pieces taken out (never words added)."""
    it = iter(long)
    return all(char in it for char in short)
