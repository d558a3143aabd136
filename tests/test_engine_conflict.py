"""The Conflict wrapper and the engine as a whole: push/pop/replay, illegal events that
change nothing, and random whole Conflicts played only through the what-now options,
checking the dice conservation invariant after every event."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from profiles import scaled
from strategies import seeds

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
    DamageOption,
    DeclareOption,
    DefendOption,
    Expect,
    HoldOption,
    ReactOption,
    TakeItOption,
    roll_event,
    what_now,
)
from conflict.engine import Conflict, apply, replay
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
    EndConflict,
    EndRound,
    Event,
    Hold,
    Nature,
    React,
    Reorder,
    SetTest,
    Start,
    SwapResilience,
    TakeIt,
)
from conflict.serial import events_from_json, events_to_json
from conflict.state import EMPTY, ActionStatus, Outcome, Phase, State

# --- a random table and a random player that only uses what-now's options ---------


def random_table(rng: random.Random) -> list[Event]:
    events: list[Event] = [Start(rng.choice(list(Nature)), "the stash", "the alley")]
    for i in range(rng.randint(2, 6)):
        side = "crew" if i % 2 == 0 else "ministry"
        wits = rng.randint(2, 4)  # a narrow range: plenty of ties
        if rng.random() < 0.4:
            character: Sheet | ExtraGroup = ExtraGroup(
                name=f"Group{i}", count=rng.randint(1, 5),
                attributes=Attributes(rng.randint(2, 6), rng.randint(2, 6), wits),
                reactions=(Reaction("Dodge", rng.randint(1, 4)),) if rng.random() < 0.3
                else ())
        else:
            character = Sheet(
                name=f"Hero{i}", kind="hero" if side == "crew" else "villain",
                attributes=Attributes(rng.randint(2, 6), rng.randint(2, 6), wits),
                standings=Standings(3, 3, 3),
                resiliences=Resiliences(*(Resilience(rng.randint(2, 8),
                                                     rng.randint(0, 1)) for _ in range(3))),
                equipment=(Equipment("Knife", rng.randint(0, 2)),),
                reactions=(Reaction("Steelpush", rng.randint(1, 5)),) if rng.random() < 0.5
                else ())
        events.append(AddParticipant(character, side, surprised=rng.random() < 0.2))
    return events


def narrator_call(state: State, rng: random.Random) -> Event | None:
    """Sometimes the Narrator sets a test or swaps a Resilience, before the roll."""
    open_actions = [a for a in state.actions if a.status is ActionStatus.DECLARED
                    or (a.status is ActionStatus.PENDING and not a.defenses
                        and a.outcome is None)]
    if not open_actions or rng.random() > 0.15:
        return None
    action = rng.choice(open_actions)
    if action.target is not None and rng.random() < 0.3 and \
            state.participant(action.target).resiliences is not None:  # not at Extras
        return SwapResilience(
            action=action.number, resilience=rng.choice(["health", "reputation", "willpower"])
        )
    contest = action.target is not None and rng.random() < 0.8
    return SetTest(action=action.number, contest=contest, difficulty=rng.randint(0, 3))


def choose(state: State, rng: random.Random) -> Event | None:
    """A legal event built from the what-now options (``None`` once ended)."""
    now = what_now(state)
    call = narrator_call(state, rng) if state.phase is Phase.RESOLUTION else None
    if call is not None:
        return call
    if now.expect is Expect.ENDED:
        return None
    if now.expect is Expect.END_ROUND:
        if state.round >= 12 or (now.sides_defeated and rng.random() < 0.7):
            return EndConflict("the dust settles")
        return EndRound()
    if now.expect is Expect.DECLARE:
        if now.ties and rng.random() < 0.3:
            names = list(now.ties)
            rng.shuffle(names)
            return Reorder(tuple(names))
        option = now.options[0]
        assert isinstance(option, DeclareOption)
        kind = rng.choices(option.kinds, weights=[7, 2, 1])[0]
        if kind is DeclarationKind.NO_ROLL:
            return Declare.no_roll(option.name)
        if kind is DeclarationKind.DEFENSE:
            return Declare.defense(option.name, rng.randint(1, 8))
        target = rng.choice(option.targets) if option.targets and rng.random() < 0.8 else None
        gear = option.equipment[0] if option.equipment and target and rng.random() < 0.5 \
            else None
        # R-CON-11: an action that needs a roll takes 2 or more Action Dice.
        return Declare.action(option.name, rng.randint(2, 12), target=target, equipment=gear)
    if now.expect is Expect.ROLL:
        return roll_event(state, rng)
    acts = [o for o in now.options if isinstance(o, ActOption)]
    option = rng.choice(acts) if acts and rng.random() < 0.7 else rng.choice(now.options)
    if isinstance(option, ActOption):
        return Act(option.name, pool=rng.randint(option.min_pool, option.max_pool))
    if isinstance(option, ChangeOption):
        people = [p.name for p in state.participants
                  if not p.defeated and p.name != option.name]
        target = rng.choice(people) if people and rng.random() < 0.7 else None
        return Change(option.name, dice=rng.randint(option.min_dice, 12), target=target)
    if isinstance(option, HoldOption):
        return Hold(option.name)
    if isinstance(option, DefendOption):
        return Defend(
            option.name, action=option.action, dice=rng.randint(option.min_dice, option.max_dice)
        )
    if isinstance(option, ReactOption):
        return React(
            option.name,
            action=option.action,
            reaction=option.reaction,
            added=rng.randint(option.min_added, option.max_added),
        )
    if isinstance(option, TakeItOption):
        return TakeIt(option.name, action=option.action)
    assert isinstance(option, DamageOption)
    return ApplyDamage(
        action=option.action, nudges=rng.choice([None, rng.randint(0, option.max_nudges)])
    )


def beyond_the_options(state: State) -> list[Event]:
    """Events just outside what the what-now options allow: each must be refused."""
    now = what_now(state)
    wrong: list[Event] = []
    for option in now.options:
        if isinstance(option, ActOption) and option.max_pool < 10:
            wrong.append(Act(option.name, pool=option.max_pool + 1))
        if isinstance(option, DefendOption) and option.max_dice < 10:
            wrong.append(
                Defend(
                    option.name,
                    action=option.action,
                    dice=option.max_dice + 1,
                    granted=None if option.granted == 0 else option.granted,
                )
            )
        if isinstance(option, DamageOption):
            wrong.append(ApplyDamage(action=option.action, nudges=option.max_nudges + 1))
    if now.expect is Expect.ACT:
        acting = set(now.who)
        for person in state.participants:
            if person.name not in acting:
                wrong.append(Hold(person.name))
                break
        if not any(isinstance(o, ActOption) for o in now.options):
            wrong.append(Act(now.who[0], pool=2))
    if now.expect is not Expect.END_ROUND:
        wrong.append(EndRound())
    return wrong


def play(seed: int, max_events: int = 250) -> Conflict:
    rng = random.Random(seed)
    c = Conflict(random_table(rng))
    states = [c.state]
    while len(c) < max_events:
        if rng.random() < 0.2:
            for wrong in beyond_the_options(c.state):
                before, count = c.state, len(c)
                with pytest.raises(ConflictError):
                    c.push(wrong)
                assert c.state is before and len(c) == count
        event = choose(c.state, rng)
        if event is None:
            break
        c.push(event)
        states.append(c.state)
        assert c.state.dice_balanced(), event
        for person in c.state:
            assert person.members >= 0
            assert not (person.is_group and person.members == 0 and not person.defeated)
    # Undo walks back through every state exactly.
    copy = Conflict(c.events)
    assert copy.state == c.state
    for expected in reversed(states[:-1]):
        copy.pop()
        assert copy.state == expected
    return c


@settings(max_examples=scaled(60))
@given(seeds)
def test_random_conflicts_keep_dice_balanced_and_replay_exactly(seed: int) -> None:
    c = play(seed)
    again = replay(c.events)
    assert again == c.state
    assert replay(events_from_json(events_to_json(c.events))) == c.state


def test_random_conflicts_reach_every_kind_of_step() -> None:
    seen: set[Expect] = set()
    outcomes: set[Outcome] = set()
    for seed in range(40):
        c = play(seed)
        state = EMPTY
        for event in c.events:
            seen.add(what_now(state).expect)
            state = apply(state, event)
            outcomes.update(a.outcome for a in state.actions if a.outcome is not None)
    assert seen >= {Expect.START, Expect.DECLARE, Expect.ACT, Expect.DEFENSE, Expect.ROLL,
                    Expect.DAMAGE, Expect.END_ROUND}
    assert len(outcomes) == 3


# --- the wrapper ----------------------------------------------------------------------


def _sample() -> Conflict:
    return play(7, max_events=60)


def test_pop_restores_the_previous_state_again_and_again() -> None:
    c = _sample()
    snapshots = [EMPTY]
    for event in c.events:
        snapshots.append(apply(snapshots[-1], event))
    assert c.state == snapshots[-1]
    events = list(c.events)
    while len(c):
        popped = c.pop()
        assert popped == events[len(c)]
        assert c.state == snapshots[len(c)]
    assert c.state is EMPTY
    with pytest.raises(RuleViolation, match="nothing to undo"):
        c.pop()


def test_replay_gives_an_equal_state_and_never_rolls() -> None:
    c = _sample()
    again = Conflict.replay(c.events)
    assert again.state == c.state and again.events == c.events
    assert again.state is not c.state


def test_an_illegal_event_leaves_state_and_events_unchanged() -> None:
    c = Conflict([Start(Nature.PHYSICAL)])
    state, events = c.state, c.events
    for event in (Act("Vin", pool=4), EndRound(), Start(Nature.SOCIAL)):
        with pytest.raises(ConflictError):
            c.push(event)
        assert c.state is state and c.events == events
        assert not c.is_legal(event)
    with pytest.raises(BadValue):
        c.push("hold Vin")  # type: ignore[arg-type]
    assert c.is_legal(EndConflict("called off"))
    assert c.state is state


def test_events_is_a_public_tuple_and_the_wrapper_rolls_with_an_injected_rng() -> None:
    c = Conflict([Start(Nature.PHYSICAL)])
    c.push(AddParticipant(Sheet(
        name="Vin", kind="hero", attributes=Attributes(3, 3, 5), standings=Standings(3, 3, 3),
        resiliences=Resiliences(Resilience(5), Resilience(5), Resilience(5))), "crew"))
    c.push(Declare.action("Vin", 4, description="climbs"))
    c.push(Act("Vin", pool=4))
    event = c.roll(random.Random(3))
    expected_rng = random.Random(3)
    assert event.attacker == (tuple(expected_rng.randint(1, 6) for _ in range(4)),)
    assert c.events[-1] == event and isinstance(c.events, tuple)
    assert c.next().expect is Expect.END_ROUND
    with pytest.raises(RuleViolation, match="R-CON-14"):
        c.roll()


def test_defeat_with_no_one_pending_moves_the_round_on() -> None:
    c = Conflict(random_table(random.Random(1)))
    names = [p.name for p in c.state.participants]
    c.push(Defeat(names[0], "yields"))
    assert c.state.participant(names[0]).defeated
    assert names[0] not in what_now(c.state).who
