"""The simulation's own transitions: one run's state changed in place, for the events
the library's policies and dice make.

:func:`conflict.engine.apply` checks every event against the rules and copies the state,
the action and the participant it changes, so that every state stays a value anyone
may keep. A simulated run keeps none of its states but the last, and the events its
library policies (:class:`~conflict.simulate.policies.Tactics`) and dice make are built
from what-now's options, which the rules already allow: re-checking and copying them is
most of a run's time. So a run of library policies starts from :func:`own`, a copy of
the starting state that is the run's alone (its state, participants, their rounds and
its actions), and :func:`apply_owned` changes that copy in place for the commonest
events (Declare, Act, Change, Hold, TakeIt, Defend, React, RollDice, ApplyDamage,
EndRound), exactly as the pure engine's handlers would change it; any other (the
Conflict's end) goes through the pure engine, whose new state is the run's alone as
well.

What-now and the policies read the run's state between events as they read any state:
it is a :class:`~conflict.state.State` with its fields as the pure engine would have
set them (tests/test_simulate_fast.py checks it event by event against the pure engine
for random fights and seeds). No one else sees the run's objects: the library's
policies keep nothing of a state, and a policy that is not the library's plays with
the pure engine. The pure engine stays the only truth of real play.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import attrs

from characters.model import RESILIENCES, Resilience, Resiliences
from conflict.dice import Roll, best_drawn, best_of
from conflict.dice import attack as judge
from conflict.engine import apply
from conflict.events import (
    Act,
    ApplyDamage,
    Change,
    Declare,
    Defend,
    EndRound,
    Event,
    Hold,
    React,
    RollDice,
    TakeIt,
)
from conflict.members import (
    ABANDONED,
    ACTED,
    CHANGED,
    DECLARATION,
    DECLARED_ACTION,
    DECLARED_DEFENSE,
    DECLARED_NO_ROLL,
    DEFEND,
    DONE,
    FAIL,
    FAILURE,
    FROM_DEFENSE,
    HELD,
    PENDING,
    REACT,
    STALEMATE,
    SUCCESS,
    TAKE_IT,
    WAITING,
    WIN,
)
from conflict.order import order_of_declaration, queue_insert, queue_remove
from conflict.simulate.fast_order import advance, after_declaration, leave_step, put
from conflict.state import (
    EMPTY_ROUND,
    Action,
    Defense,
    DiceFrom,
    Participant,
    RoundState,
    State,
    copy_action,
    copy_participant,
    copy_round,
    copy_state,
    count_side,
    key_of,
)
from conflict.steps.acting import changed_dice
from conflict.steps.common import new_action, position
from conflict.steps.defending import default_grant
from conflict.values import builder, copier

__all__ = ["apply_owned", "own"]

_new: Final = object.__new__
assert tuple(a.name for a in attrs.fields(Resiliences)) == RESILIENCES  # (see _hurt)
assert tuple(a.name for a in attrs.fields(Resilience)) == ("full", "damage")
_make_round: Final = builder(RoundState)
_make_defense: Final = builder(Defense)
_copy_defense: Final = copier(Defense)


def own(state: State) -> State:
    """A copy of ``state`` that is one run's alone: a new state, participants, rounds
    and actions, equal to the ones given (which are never changed)."""
    people = tuple([copy_participant(p, round=_copied_round(p.round))
                    for p in state.participants])
    return copy_state(state, participants=people,
                      actions=tuple([copy_action(a) for a in state.actions]))


def _copied_round(r: RoundState) -> RoundState:
    return r if r is EMPTY_ROUND else copy_round(r)  # EMPTY_ROUND is never changed


def apply_owned(state: State, event: Event) -> State:
    """The state after ``event``, a library policy's or the dice's choice that the rules
    allow in ``state`` (a state from :func:`own`, or from this function): ``state``
    itself, changed in place, or for any other event (the Conflict's end) the pure
    engine's new state."""
    handler = _HANDLERS.get(event.__class__)
    if handler is None:
        return apply(state, event)
    handler(state, event)
    return state


def _round_of(person: Participant) -> RoundState:
    """``person``'s round, to change: the shared empty round is replaced by a copy."""
    r = person.round
    if r is EMPTY_ROUND:
        r = copy_round(r)
        put(person, "round", r)
    return r


def _action(state: State, number: int) -> Action:
    """This round's action numbered ``number`` (state.action, known to exist)."""
    return state.actions[number - state.first_action]


# --- step 1 (R-CON-4 … R-CON-9) ---------------------------------------------------------


def _declare(state: State, event: Declare) -> None:
    """As conflict.steps.declaring.declare, unchecked."""
    index = position(state, event.name)
    kind = event.kind
    if kind is DECLARED_ACTION:
        action = new_action(state, index, event, event.dice, changed=False)  # R-CON-7/8
        put(state, "actions", (*state.actions, action))
        put(state, "next_action", state.next_action + 1)
        r = _make_round(declared=kind, action=action.number, action_dice=event.dice,
                        action_gained=event.dice)  # R-CON-7a
    elif kind is DECLARED_DEFENSE:
        r = _make_round(declared=kind, defense_dice=event.dice,
                        defense_gained=event.dice)  # R-CON-7b
    else:
        r = _make_round(declared=kind)
    put(state.participants[index], "round", r)
    put(state, "declared_count", state.declared_count + 1)
    after_declaration(state)


def _end_round(state: State, event: EndRound) -> None:
    """As conflict.steps.setup.end_round: unspent dice are lost (R-CON-21), and the
    next round's declarations begin (R-CON-4/5)."""
    people = state.participants
    for person in people:
        if person.round is not EMPTY_ROUND:
            put(person, "round", EMPTY_ROUND)
    number = state.round + 1
    for name, value in (("phase", DECLARATION), ("round", number), ("actions", ()),
                        ("first_action", state.next_action), ("queue", ()), ("step", ()),
                        ("step_members", ()), ("changed_queue", ()), ("pending", None),
                        ("declared_count", 0), ("declare_pos", 0),
                        ("declare_order", order_of_declaration(people, number))):
        put(state, name, value)
    after_declaration(state)


# --- step 2 (R-CON-10, R-CON-11) --------------------------------------------------------


def _act(state: State, event: Act) -> None:
    """As conflict.steps.acting.act, unchecked: the pool rolls, the Action Dice left
    become Defense Dice (R-CON-11)."""
    index = position(state, event.name)
    person = state.participants[index]
    r = _round_of(person)
    pool = event.pool
    left = r.action_dice - pool
    put(r, "turn", ACTED)
    put(r, "action_dice", 0)
    put(r, "action_rolled", r.action_rolled + pool)
    put(r, "action_to_defense", r.action_to_defense + left)
    put(r, "defense_dice", r.defense_dice + left)
    put(r, "defense_gained", r.defense_gained + left)
    assert r.action is not None
    action = _action(state, r.action)
    put(action, "status", PENDING)
    put(action, "pool", pool)
    put(action, "members", state.step_members[state.step.index(index)])
    put(state, "pending", action.number)
    leave_step(state, index)


def _change(state: State, event: Change) -> None:
    """As conflict.steps.acting.change, unchecked: a new action, acting at the very end
    of the round with its dice halved (R-CON-12)."""
    index = position(state, event.name)
    r = _round_of(state.participants[index])
    assert r.action is not None
    old = _action(state, r.action)
    action = new_action(state, index, event, event.dice, changed=True)
    held = r.action_dice
    dice = changed_dice(event.dice, held)
    put(r, "turn", CHANGED)
    put(r, "changed", True)
    put(r, "action", action.number)
    put(r, "action_dice", dice)
    put(r, "action_gained", r.action_gained + dice)
    put(r, "action_discarded", r.action_discarded + held)
    put(old, "status", ABANDONED)
    put(state, "actions", (*state.actions, action))
    put(state, "next_action", state.next_action + 1)
    put(state, "changed_queue", (*state.changed_queue, index))
    leave_step(state, index)
    advance(state)


def _hold(state: State, event: Hold) -> None:
    """As conflict.steps.acting.hold: all Action Dice become Defense Dice (R-CON-13)."""
    index = position(state, event.name)
    r = _round_of(state.participants[index])
    held = r.action_dice
    put(r, "turn", HELD)
    put(r, "action_dice", 0)
    put(r, "action_to_defense", r.action_to_defense + held)
    put(r, "defense_dice", r.defense_dice + held)
    put(r, "defense_gained", r.defense_gained + held)
    assert r.action is not None
    put(_action(state, r.action), "status", ABANDONED)
    leave_step(state, index)
    advance(state)


# --- against a Contest (R-CON-7c, R-CON-15, R-CON-16) ----------------------------------


def _grant(person: Participant, action: Action, granted: int | None) -> None:
    """As conflict.steps.defending._grant: the target's Defense Dice of R-CON-7c."""
    r = person.round
    if r.declared is not DECLARED_NO_ROLL or r.granted:
        return
    gain = granted if granted is not None else default_grant(person, action)
    r = _round_of(person)
    put(r, "granted", True)
    put(r, "defense_dice", r.defense_dice + gain)
    put(r, "defense_gained", r.defense_gained + gain)


def _spend(state: State, index: int, dice: int) -> DiceFrom:
    """As conflict.steps.defending._spend: ``dice`` of the participant's dice paid for a
    defense or Reaction (R-CON-15a/b); a participant not yet acted takes its new place
    in the acting order at once (R-CON-15a)."""
    person = state.participants[index]
    source = person.round.defends_with
    if not dice:
        return source
    r = _round_of(person)
    if source is FROM_DEFENSE:
        put(r, "defense_dice", r.defense_dice - dice)
        put(r, "defense_spent", r.defense_spent + dice)
        return source
    held = r.action_dice
    put(r, "action_dice", held - dice)
    put(r, "action_defended", r.action_defended + dice)
    if index in state.step:
        leave_step(state, index)
    else:
        put(state, "queue", queue_remove(state.queue, held, index))
    if r.action_dice > 0 and r.turn is WAITING:
        put(state, "queue", queue_insert(state.queue, r.action_dice, index))
    return source


def _commit(state: State, number: int, defense: Defense) -> None:
    action = _action(state, number)
    put(action, "defenses", (*action.defenses, defense))


def _take_it(state: State, event: TakeIt) -> None:
    """As conflict.steps.defending.take_it (R-CON-15d)."""
    index = position(state, event.name)
    person = state.participants[index]
    _grant(person, _action(state, event.action), event.granted)
    _commit(state, event.action, _make_defense(by=person.name, kind=TAKE_IT, members=0))


def _defend(state: State, event: Defend) -> None:
    """As conflict.steps.defending.defend (R-CON-15a/b)."""
    index = position(state, event.name)
    person = state.participants[index]
    _grant(person, _action(state, event.action), event.granted)
    source = _spend(state, index, event.dice)
    _commit(state, event.action, _make_defense(
        by=person.name, kind=DEFEND, pool=event.dice, spent=event.dice, paid_from=source,
        members=person.members))


def _react(state: State, event: React) -> None:
    """As conflict.steps.defending.react: by the target, or an ally for it (R-CON-16)."""
    index = position(state, event.name)
    person = state.participants[index]
    action = _action(state, event.action)
    wanted = key_of(event.reaction)
    reaction = next(x for x in person.character.reactions if key_of(x.name) == wanted)
    if person.name == action.target:
        _grant(person, action, event.granted)
    source = _spend(state, index, event.added)
    _commit(state, event.action, _make_defense(
        by=person.name, kind=REACT, pool=reaction.dice + event.added, spent=event.added,
        paid_from=source, reaction=reaction.name, members=person.members))


# --- the dice and the damage (R-CON-14, R-CON-17 … R-CON-20) ---------------------------


def _roll(state: State, event: RollDice) -> None:
    """As conflict.steps.resolving.roll, for faces the simulation's dice drew in the
    counts what-now asked for, the defenders' in the order they committed."""
    action = _action(state, event.action)
    assert action.pool is not None
    attacker = best_drawn(action.pool, event.attacker)  # R-DICE-8: a group's best roll
    defenses = action.defenses
    opposed: Roll | None = None
    opposed_by: str | None = None
    opposing: list[tuple[Roll, str]] = []
    if event.defenders:  # one list of faces per rolling defense, in the order committed
        changed = list(defenses)
        given = iter(event.defenders)
        for at, defense in enumerate(defenses):
            if defense.kind is not TAKE_IT:
                best = best_drawn(defense.pool, next(given).faces)
                changed[at] = _copy_defense(defense, roll=best)
                opposing.append((best, defense.by))
        defenses = tuple(changed)
    if opposing:
        # R-CON-16 ruling: the best roll against it opposes it (R-DICE-8: the first of
        # equal rolls is kept).
        if len(opposing) == 1:
            opposed, opposed_by = opposing[0]
        else:
            opposed = best_of(r for r, _ in opposing)
            opposed_by = next(name for r, name in opposing if r is opposed)
    if action.contest:  # R-CON-17
        judged = judge(attacker, opposed, action.difficulty)
        outcome = SUCCESS if judged is WIN else FAILURE if judged is FAIL else STALEMATE
    else:  # R-CON-14
        outcome = SUCCESS if attacker.meets(action.difficulty) else FAILURE
    done = not (outcome is SUCCESS and action.is_attack)  # R-CON-8a
    put(action, "outcome", outcome)
    put(action, "attacker_roll", attacker)
    put(action, "defenses", defenses)
    put(action, "opposing_roll", opposed)
    put(action, "opposed_by", opposed_by)
    put(action, "status", DONE if done else PENDING)
    put(state, "pending", None if done else action.number)
    advance(state)


def _damage(state: State, event: ApplyDamage) -> None:
    """As conflict.steps.resolving.damage (R-CON-18, R-CON-19, R-CON-20)."""
    action = _action(state, event.action)
    assert action.attacker_roll is not None and action.target is not None
    rolled = action.attacker_roll.nudges
    nudges = rolled - event.spent if event.nudges is None else event.nudges
    amount = 1 + nudges + action.bonus  # R-CON-18
    index = position(state, action.target)
    person = state.participants[index]
    if person.resiliences is None:  # R-CON-19: each point defeats one Extra
        members = max(0, person.members - amount)
        put(person, "members", members)
        put(person, "defeated", members == 0)
        put(person, "defeat_reason",
             f"defeated by action {action.number}" if members == 0 else "")
    else:  # R-CON-20: damage accumulates; a Resilience stops at 0
        name = action.resilience or "health"
        hurt = _hurt(person, name, amount)
        if hurt.defeated:
            put(person, "defeated", True)
            put(person, "defeat_reason",
                 f"{name.capitalize()} 0 after action {action.number}")
    if person.defeated:  # out of the acting order and its side's count (R-CON-21)
        put(state, "queue", queue_remove(state.queue, person.round.action_dice, index))
        put(state, "changed_queue", tuple(i for i in state.changed_queue if i != index))
        put(state, "standing", count_side(state.standing, person.side, -1))
    put(action, "status", DONE)
    put(action, "damage", amount)
    put(action, "nudges_applied", nudges)
    put(action, "nudges_spent", event.spent)
    put(action, "note", event.note)
    put(state, "pending", None)
    advance(state)


def _hurt(person: Participant, name: str, amount: int) -> Resilience:
    """Set ``person``'s Resilience ``name`` after ``amount`` damage, stopping at 0
    (R-CON-20), and return it. Made as the classes make them, without their checks:
    the damage is 0 to the full score by construction."""
    resiliences = person.resiliences
    assert resiliences is not None
    before = resiliences.get(name)
    if name not in RESILIENCES:  # spelt otherwise: the classes' own way
        hurt = Resilience(full=before.full, damage=min(before.full, before.damage + amount))
        put(person, "resiliences", resiliences.replace(name, hurt))
        return hurt
    hurt = _new(Resilience)
    put(hurt, "full", before.full)
    put(hurt, "damage", min(before.full, before.damage + amount))
    changed = _new(Resiliences)
    for field in RESILIENCES:
        put(changed, field, hurt if field == name else getattr(resiliences, field))
    put(person, "resiliences", changed)
    return hurt


_HANDLERS: Final[dict[type[Any], Callable[[State, Any], None]]] = {
    Declare: _declare, Act: _act, TakeIt: _take_it, Defend: _defend, React: _react,
    RollDice: _roll, ApplyDamage: _damage, EndRound: _end_round, Change: _change,
    Hold: _hold,
}
