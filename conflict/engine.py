"""The Conflict engine: applies events to states by the rules R-CON-1 … R-CON-21.

API overview
------------
* :func:`apply` ``(state, event) -> state`` — pure: validates ``event`` against
  ``state`` and returns the new state, or raises
  :class:`~conflict.errors.RuleViolation` (not allowed now, e.g.
  ``R-CON-15: Vin already defended against action 3``) or
  :class:`~conflict.errors.BadValue` (malformed, e.g. an unknown name). The state
  given is never changed (states are frozen).
* :func:`replay` ``(events) -> state`` — apply events from :data:`~conflict.state.EMPTY`.
* :class:`Conflict` — a mutable wrapper in the manner of a chess board:
  ``push(event)`` validates and applies, ``pop()`` undoes the last event by restoring
  the previous state (a snapshot: no reverse logic), ``events``, ``state``,
  ``next()`` (what now? see :mod:`conflict.whatnow`), ``roll(rng)`` (draw faces for
  the pending action and push them) and :meth:`Conflict.replay`.

A round, as events::

    Start(nature)                     set-up (R-CON-1)
    AddParticipant(sheet, side) …     participants (R-CON-2, R-CON-5)
    Declare(name, kind, dice, …) …    step 1, lowest Wits first (R-CON-4 … R-CON-9)
    SetTest / SwapResilience …        the Narrator's calls, before the action rolls
    Act(name, pool) | Change | Hold   step 2, most Action Dice first (R-CON-10 … 13)
      Defend | React | TakeIt         the target's choice in a Contest (R-CON-15/16)
      RollDice(action, faces…)        the roll (R-CON-14, R-CON-17)
      ApplyDamage(action, nudges)     after a successful attack (R-CON-18 … 20)
    EndRound                          unspent dice are lost (R-CON-21)
    … EndConflict(outcome)

Rulings (where the rules leave a choice, the engine does this; each is marked
"Ruling:" where it is implemented):

* Surprise counts in round 1 only (R-CON-5).
* Participants may be added only while no one has declared in the current round.
* A Narrator's reorder of tied participants stays for later rounds (R-CON-4).
* An action with a target is an attack; a Contest needs a target to oppose it
  (R-CON-9); an attack cannot target its own actor.
* Every member of a simultaneous step still acts even if another member's action
  defeats it in that step; a group then rolls with the members it had when the step
  began (R-CON-10, R-CON-2). It acts as declared or holds; it cannot change its
  action, which would come after the step (R-CON-20). A participant the Narrator
  defeats leaves at once.
* A participant in a step who spends Action Dice on a defence leaves the step and
  takes its new place by its remaining dice (R-CON-15a).
* Changed actions act one by one at the end, in the order changed (R-CON-12).
* An attack whose target is already defeated cannot be taken as declared: change the
  action or hold (R-CON-20).
* A Reaction adds Action Dice if its user has not acted yet, Defense Dice otherwise,
  and its pool must be 2–10 (R-CON-16).
* Defense Dice of R-CON-7(c) are gained when first attacked in a Contest, whatever
  the defence chosen; the Narrator may give another number (``granted``).
* SetTest and SwapResilience are refused once the target has committed a defence.
* Extras have no Resiliences: each point of damage defeats one, whatever Resilience
  the attack named (R-CON-19).
* The Narrator cannot defeat someone while an action is pending.
* The engine never ends a Conflict by itself: what-now flags the sides with no one
  standing, and the Narrator ends it with an outcome (R-CON-21).
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

from characters.model import Sheet
from conflict.dice import AttackResult, Roll, best_of
from conflict.dice import attack as judge_attack
from conflict.errors import BadValue, RuleViolation
from conflict.events import (
    DEFENSE_ATTRIBUTE,
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
    React,
    Reorder,
    RollDice,
    SetTest,
    Start,
    SwapResilience,
    TakeIt,
)
from conflict.state import (
    EMPTY,
    EMPTY_ROUND,
    Action,
    ActionStatus,
    Defence,
    DefenceKind,
    DiceFrom,
    Outcome,
    Participant,
    Phase,
    RoundState,
    State,
    Turn,
    count_side,
    replace_at,
)

T = TypeVar("T")

if TYPE_CHECKING:
    from conflict.dice import RandomSource
    from conflict.whatnow import WhatNow

# --- small helpers -----------------------------------------------------------------


def _evolve(obj: T, **changes: Any) -> T:
    return attrs.evolve(obj, **changes)  # type: ignore[misc]


def _set_participant(state: State, index: int, participant: Participant) -> tuple[
        Participant, ...]:
    return replace_at(state.participants, index, participant)


def _set_action(state: State, action: Action) -> tuple[Action, ...]:
    return replace_at(state.actions, action.number - state.first_action, action)


def _index(state: State, name: str) -> int:
    found = state.find(name)
    if found is None:
        state.participant(name)  # raises BadValue listing the names known
    assert found is not None
    return found


def _dice(count: int, kind: str) -> str:
    """``1 Action Die``, ``3 Defense Dice``: counts in messages read as English."""
    return f"{count} {kind} {'Die' if count == 1 else 'Dice'}"


def _names(state: State, indexes: Iterable[int]) -> str:
    return ", ".join(state.participants[i].name for i in indexes)


def _declare_key(participant: Participant, round_number: int) -> tuple[int, int, int]:
    # R-CON-5: surprised first; Ruling: surprise counts in round 1 only.
    # R-CON-4/6: then rising Wits (a group's lowest); ties by the Narrator's order.
    surprised = participant.surprised and round_number == 1
    return (0 if surprised else 1, participant.wits, participant.tiebreak)


def _declare_order(state: State) -> tuple[int, ...]:
    people = state.participants
    return tuple(sorted(range(len(people)),
                        key=lambda i: _declare_key(people[i], state.round)))


def _next_declarer_pos(state: State, pos: int) -> int:
    order, people = state.declare_order, state.participants
    while pos < len(order):
        person = people[order[pos]]
        if not person.defeated and person.round.declared is None:
            break
        pos += 1
    return pos


def next_declarer(state: State) -> int | None:
    """The index of the participant who declares next, or ``None`` (R-CON-4/5)."""
    if state.phase is not Phase.DECLARATION:
        return None
    pos = _next_declarer_pos(state, state.declare_pos)
    return state.declare_order[pos] if pos < len(state.declare_order) else None


# --- resolution order (R-CON-10) ----------------------------------------------------


def _can_still_act(person: Participant) -> bool:
    r = person.round
    return (not person.defeated and r.declared is DeclarationKind.ACTION
            and r.turn is Turn.WAITING and r.action_dice > 0)


def _queue_remove(queue: tuple[tuple[int, int], ...], dice: int, index: int
                  ) -> tuple[tuple[int, int], ...]:
    key = (-dice, index)
    at = bisect.bisect_left(queue, key)
    if at < len(queue) and queue[at] == key:
        return (*queue[:at], *queue[at + 1:])
    return queue


def _queue_insert(queue: tuple[tuple[int, int], ...], dice: int, index: int
                  ) -> tuple[tuple[int, int], ...]:
    key = (-dice, index)
    at = bisect.bisect_left(queue, key)
    return (*queue[:at], key, *queue[at:])


def _drop_from_step(state: State, index: int) -> State:
    if index not in state.step:
        return state
    at = state.step.index(index)
    return _evolve(state, step=(*state.step[:at], *state.step[at + 1:]),
                   step_members=(*state.step_members[:at], *state.step_members[at + 1:]))


def _advance(state: State) -> State:
    """Form the next step of resolution when the current one is done (R-CON-10), or
    end the resolution when no one is left to act."""
    if state.phase is not Phase.RESOLUTION or state.pending is not None or state.step:
        return state
    people = state.participants
    queue = state.queue
    # R-CON-10: most Action Dice first; equal Action Dice act simultaneously.
    while queue:
        top = queue[0][0]
        end = 0
        while end < len(queue) and queue[end][0] == top:
            end += 1
        step = tuple(i for _, i in queue[:end] if _can_still_act(people[i]))
        queue = queue[end:]
        if step:
            return _evolve(state, queue=queue, step=step,
                           step_members=tuple(people[i].members for i in step))
    # R-CON-12: changed actions act at the very end, in the order changed.
    changed = state.changed_queue
    while changed:
        first, changed = changed[0], changed[1:]
        person = people[first]
        if not person.defeated and person.round.action_dice > 0:
            return _evolve(state, queue=queue, changed_queue=changed, step=(first,),
                           step_members=(person.members,))
    return _round_over(_evolve(state, queue=queue, changed_queue=changed))


def _round_over(state: State) -> State:
    actions = tuple(
        _evolve(a, status=ActionStatus.ABANDONED) if a.status is ActionStatus.DECLARED else a
        for a in state.actions)
    return _evolve(state, phase=Phase.ROUND_OVER, actions=actions, step=(), step_members=())


def _begin_resolution(state: State) -> State:
    people = state.participants
    queue = tuple(sorted((-p.round.action_dice, i) for i, p in enumerate(people)
                         if _can_still_act(p)))
    return _advance(_evolve(state, phase=Phase.RESOLUTION, queue=queue, step=(),
                            step_members=(), changed_queue=()))


def _after_declaration(state: State) -> State:
    pos = _next_declarer_pos(state, state.declare_pos)
    state = _evolve(state, declare_pos=pos)
    if pos >= len(state.declare_order) and state.participants:
        return _begin_resolution(state)
    return state


# --- checks shared by several events -------------------------------------------------


def _require_phase(state: State, phase: Phase, rule: str, doing: str) -> None:
    if state.phase is not phase:
        raise RuleViolation(f"cannot {doing} now: {_describe_phase(state)}", rule=rule)


def _describe_phase(state: State) -> str:
    if state.phase is Phase.DECLARATION:
        who = next_declarer(state)
        if who is None:
            return f"round {state.round} is waiting for participants"
        return f"round {state.round} is in declarations ({state.participants[who].name} " \
               f"declares next)"
    if state.phase is Phase.RESOLUTION:
        pending = state.pending_action
        if pending is not None:
            return f"action {pending.number} awaits {pending.awaiting}"
        return f"round {state.round} is resolving ({_names(state, state.step)} to act)"
    if state.phase is Phase.ROUND_OVER:
        return f"round {state.round} is over: end the round"
    return str(state.phase.value).replace("_", " ")


def _target_of(state: State, actor: int, target: str | None) -> int | None:
    if target is None:
        return None
    index = _index(state, target)
    if index == actor:
        raise RuleViolation(f"{state.participants[actor].name} cannot attack itself",
                            rule="R-CON-8")
    person = state.participants[index]
    if person.defeated:
        raise RuleViolation(f"{person.name} is defeated and cannot be targeted",
                            rule="R-CON-20")
    return index


def _new_action(state: State, actor: int, event: Declare | Change, dice: int,
                changed: bool) -> Action:
    person = state.participants[actor]
    target = _target_of(state, actor, event.target)
    bonus = person.equipment_bonus(event.equipment)
    if bonus is None:
        owned = ", ".join(e.name for e in person.character.equipment) or "none"
        raise BadValue(f"{person.name} has no equipment called {event.equipment!r} "
                       f"(has: {owned})", rule="R-CON-18")
    resilience = None
    if target is not None:
        resilience = event.resilience or state.nature.resilience  # R-CON-1, R-CON-8
    return Action(
        number=state.next_action, actor=actor, dice=dice, source=event.source,
        description=event.description, target=target, resilience=resilience,
        equipment=event.equipment, bonus=bonus,
        contest=target is not None,  # R-CON-9: an attack is a Contest by default
        difficulty=0, changed=changed)


def _in_turn(state: State, name: str, rule: str) -> int:
    """The index of ``name`` if it is that participant's turn to act (R-CON-10)."""
    index = _index(state, name)
    person = state.participants[index]
    if state.phase is not Phase.RESOLUTION:
        raise RuleViolation(f"{person.name} cannot act now: {_describe_phase(state)}",
                            rule="R-CON-10")
    if state.pending is not None:
        pending = state.pending_action
        assert pending is not None
        raise RuleViolation(f"{person.name} cannot act yet: action {pending.number} "
                            f"awaits {pending.awaiting}", rule="R-CON-10")
    if index in state.step:
        return index
    r = person.round
    if person.defeated:
        raise RuleViolation(f"{person.name} is defeated and takes no further part",
                            rule="R-CON-20")
    if r.has_acted:
        raise RuleViolation(f"{person.name} already {r.turn.value} this round", rule="R-CON-3")
    if r.declared is DeclarationKind.DEFENSE:
        raise RuleViolation(f"{person.name} declared full defence and does not act",
                            rule="R-CON-10")
    if r.declared is DeclarationKind.NO_ROLL:
        raise RuleViolation(f"{person.name}'s action needs no roll: no turn to act",
                            rule="R-CON-10")
    if r.action_dice == 0:
        raise RuleViolation(f"{person.name} has no Action Dice left and does not act",
                            rule="R-CON-10")
    if r.turn is Turn.CHANGED:
        raise RuleViolation(f"{person.name} changed its action and acts at the end of the "
                            f"round; now: {_names(state, state.step)}", rule="R-CON-12")
    now = state.participants[state.step[0]].round.action_dice if state.step else 0
    raise RuleViolation(f"not {person.name}'s turn ({_dice(r.action_dice, 'Action')}): "
                        f"{_names(state, state.step)} act now ({_dice(now, 'Action')})",
                        rule=rule)


def _pending_for(state: State, number: int, rule: str, doing: str) -> Action:
    if state.phase is not Phase.RESOLUTION or state.pending is None:
        raise RuleViolation(f"cannot {doing} action {number}: no action is being "
                            f"resolved ({_describe_phase(state)})", rule=rule)
    if state.pending != number:
        raise RuleViolation(f"cannot {doing} action {number}: action {state.pending} is "
                            f"being resolved", rule=rule)
    pending = state.pending_action
    assert pending is not None
    return pending


# --- handlers, one per event ---------------------------------------------------------


def _start(state: State, event: Start) -> State:
    if state.phase is not Phase.NOT_STARTED:
        raise RuleViolation("the Conflict has already started", rule="R-CON-1")
    return State(phase=Phase.DECLARATION, nature=event.nature, stakes=event.stakes,
                 scope=event.scope, round=1)


def _add(state: State, event: AddParticipant) -> State:
    name = event.character.name
    if state.phase is not Phase.DECLARATION or state.declared_count:
        # Ruling: participants join only before anyone declares in a round.
        raise RuleViolation(f"cannot add {name} now: participants join before anyone "
                            f"declares in a round ({_describe_phase(state)})", rule="R-CON-3")
    if state.find(name) is not None:
        raise BadValue(f"a participant called {name!r} already takes part (names must "
                       f"differ, ignoring case)", rule="R-CON-2")
    character = event.character
    if isinstance(character, Sheet):
        for resilience_name in ("health", "reputation", "willpower"):
            if character.resiliences.get(resilience_name).defeated:
                raise RuleViolation(f"{name}'s {resilience_name.capitalize()} is at 0: "
                                    f"defeated characters take no part", rule="R-CON-20")
        person = Participant(name=name, character=character, side=event.side,
                             surprised=event.surprised, tiebreak=len(state.participants),
                             members=1, resiliences=character.resiliences)
    else:
        person = Participant(name=name, character=character, side=event.side,
                             surprised=event.surprised, tiebreak=len(state.participants),
                             members=character.count)
    index = dict(state.index)
    index[person.key] = len(state.participants)
    people = (*state.participants, person)
    order = list(state.declare_order)
    bisect.insort(order, len(state.participants),
                  key=lambda i: _declare_key(people[i], state.round))
    return _evolve(state, participants=people, index=index, declare_order=tuple(order),
                   declare_pos=0, standing=count_side(state.standing, person.side, 1))


def _reorder(state: State, event: Reorder) -> State:
    _require_phase(state, Phase.DECLARATION, "R-CON-4", "reorder")
    indexes = [_index(state, name) for name in event.names]
    people = state.participants
    keys = set()
    for i in indexes:
        person = people[i]
        if person.defeated:
            raise RuleViolation(f"{person.name} is defeated and does not declare",
                                rule="R-CON-20")
        if person.round.declared is not None:
            raise RuleViolation(f"{person.name} has already declared this round",
                                rule="R-CON-4")
        keys.add(_declare_key(person, state.round)[:2])
    if len(keys) > 1:
        if len({k[0] for k in keys}) > 1:
            raise RuleViolation("surprised participants declare before the others; only "
                                "participants tied on Wits can be reordered", rule="R-CON-5")
        shown = ", ".join(f"{people[i].name} (Wits {people[i].wits})" for i in indexes)
        raise RuleViolation(f"only participants tied on Wits can be reordered: {shown}",
                            rule="R-CON-4")
    ranks = sorted(people[i].tiebreak for i in indexes)
    participants = list(people)
    for i, rank in zip(indexes, ranks, strict=True):
        participants[i] = _evolve(participants[i], tiebreak=rank)
    state = _evolve(state, participants=tuple(participants))
    state = _evolve(state, declare_order=_declare_order(state), declare_pos=0)
    return _evolve(state, declare_pos=_next_declarer_pos(state, 0))


def _declare(state: State, event: Declare) -> State:
    index = _index(state, event.name)
    person = state.participants[index]
    if state.phase is not Phase.DECLARATION:
        raise RuleViolation(f"{person.name} cannot declare now: {_describe_phase(state)}",
                            rule="R-CON-4")
    if person.defeated:
        raise RuleViolation(f"{person.name} is defeated and takes no further part",
                            rule="R-CON-20")
    if person.round.declared is not None:
        raise RuleViolation(f"{person.name} has already declared in round {state.round}",
                            rule="R-CON-3")
    expected = next_declarer(state)
    if expected != index:
        assert expected is not None
        other = state.participants[expected]
        surprised = other.surprised and state.round == 1
        if surprised and not (person.surprised and state.round == 1):
            raise RuleViolation(f"{other.name} is surprised and declares before "
                                f"{person.name}", rule="R-CON-5")
        raise RuleViolation(f"{other.name} (Wits {other.wits}) declares before "
                            f"{person.name} (Wits {person.wits})", rule="R-CON-4")
    actions = state.actions
    next_action = state.next_action
    if event.kind is DeclarationKind.ACTION:
        action = _new_action(state, index, event, event.dice, changed=False)
        actions = (*actions, action)
        next_action += 1
        r = RoundState(declared=event.kind, action=action.number, action_dice=event.dice,
                       action_gained=event.dice)
    elif event.kind is DeclarationKind.DEFENSE:
        r = RoundState(declared=event.kind, defense_dice=event.dice,
                       defense_gained=event.dice)
    else:
        r = RoundState(declared=event.kind)
    state = _evolve(state, participants=_set_participant(state, index,
                                                         _evolve(person, round=r)),
                    actions=actions, next_action=next_action,
                    declared_count=state.declared_count + 1)
    return _after_declaration(state)


def _test_changeable(state: State, number: int, rule: str) -> Action:
    action = state.action(number)
    if action is None:
        raise RuleViolation(f"no action {number} in round {state.round}", rule=rule)
    if action.outcome is not None:
        raise RuleViolation(f"action {number} has already rolled", rule=rule)
    if action.status not in (ActionStatus.DECLARED, ActionStatus.PENDING):
        raise RuleViolation(f"action {number} is already {action.status.value}", rule=rule)
    if action.defence is not None:
        target = state.participants[action.target] if action.target is not None else None
        raise RuleViolation(f"{target.name if target else 'the target'} has committed a "
                            f"defence against action {number}: its terms are fixed",
                            rule="R-CON-15")
    return action


def _set_test(state: State, event: SetTest) -> State:
    action = _test_changeable(state, event.action, "R-CON-9")
    if event.contest and action.target is None:
        # Ruling: a Contest is opposed by the action's target.
        raise RuleViolation(f"action {event.action} has no target to oppose it: it can "
                            f"only be a Challenge", rule="R-CON-9")
    action = _evolve(action, contest=event.contest, difficulty=event.difficulty)
    return _evolve(state, actions=_set_action(state, action))


def _swap(state: State, event: SwapResilience) -> State:
    action = _test_changeable(state, event.action, "R-CON-8")
    if action.target is None:
        raise RuleViolation(f"action {event.action} is not an attack: no Resilience to swap",
                            rule="R-CON-8")
    action = _evolve(action, resilience=event.resilience)
    return _evolve(state, actions=_set_action(state, action))


def _act(state: State, event: Act) -> State:
    index = _in_turn(state, event.name, "R-CON-10")
    person = state.participants[index]
    r = person.round
    if r.action_dice < 2:
        raise RuleViolation(f"{person.name} has {r.action_dice} Action Die left, too few "
                            f"for a pool of 2: hold instead", rule="R-CON-11")
    if event.pool > r.action_dice:
        raise RuleViolation(f"{person.name} has {_dice(r.action_dice, 'Action')}: a pool of "
                            f"{event.pool} is too large (2–{min(10, r.action_dice)})",
                            rule="R-CON-11")
    assert r.action is not None
    action = state.action(r.action)
    assert action is not None
    if action.target is not None and state.participants[action.target].defeated:
        target = state.participants[action.target]
        raise RuleViolation(f"{target.name} is defeated and cannot be targeted: "
                            f"{person.name} may change the action or hold", rule="R-CON-20")
    left = r.action_dice - event.pool
    # R-CON-11: the pool comes from the Action Dice; those left become Defense Dice.
    r = _evolve(r, turn=Turn.ACTED, action_dice=0, action_rolled=r.action_rolled + event.pool,
                action_to_defense=r.action_to_defense + left,
                defense_dice=r.defense_dice + left, defense_gained=r.defense_gained + left)
    members = state.step_members[state.step.index(index)]
    action = _evolve(action, status=ActionStatus.PENDING, pool=event.pool, members=members)
    state = _drop_from_step(state, index)
    return _evolve(state, participants=_set_participant(state, index,
                                                        _evolve(person, round=r)),
                   actions=_set_action(state, action), pending=action.number)


def _change(state: State, event: Change) -> State:
    index = _in_turn(state, event.name, "R-CON-10")
    person = state.participants[index]
    r = person.round
    if person.defeated:
        # Ruling: defeated in its step, it may still act as declared or hold, but a
        # changed action would come at the end of the round, where it takes no part.
        raise RuleViolation(f"{person.name} is defeated: it may act as declared or hold, "
                            f"not change its action", rule="R-CON-20")
    if r.changed:
        raise RuleViolation(f"{person.name} already changed its action this round",
                            rule="R-CON-12")
    if event.dice <= 2:
        raise RuleViolation(f"a new action of {event.dice} dice halves to "
                            f"{(event.dice + 1) // 2}, too few for a pool: {person.name} "
                            f"may act as declared or hold", rule="R-CON-12")
    dice = (event.dice + 1) // 2  # R-CON-12: halved, rounding up
    action = _new_action(state, index, event, event.dice, changed=True)
    assert r.action is not None
    old = state.action(r.action)
    assert old is not None
    r = _evolve(r, turn=Turn.CHANGED, changed=True, action=action.number, action_dice=dice,
                action_gained=r.action_gained + dice,
                action_discarded=r.action_discarded + r.action_dice)
    actions = _set_action(state, _evolve(old, status=ActionStatus.ABANDONED))
    state = _drop_from_step(state, index)
    state = _evolve(state, participants=_set_participant(state, index,
                                                         _evolve(person, round=r)),
                    actions=(*actions, action), next_action=state.next_action + 1,
                    changed_queue=(*state.changed_queue, index))
    return _advance(state)


def _hold(state: State, event: Hold) -> State:
    index = _in_turn(state, event.name, "R-CON-10")
    person = state.participants[index]
    r = person.round
    # R-CON-13: all Action Dice become Defense Dice.
    r = _evolve(r, turn=Turn.HELD, action_dice=0,
                action_to_defense=r.action_to_defense + r.action_dice,
                defense_dice=r.defense_dice + r.action_dice,
                defense_gained=r.defense_gained + r.action_dice)
    assert person.round.action is not None
    action = state.action(person.round.action)
    assert action is not None
    state = _drop_from_step(state, index)
    state = _evolve(state, participants=_set_participant(state, index,
                                                         _evolve(person, round=r)),
                    actions=_set_action(state, _evolve(action,
                                                       status=ActionStatus.ABANDONED)))
    return _advance(state)


def _granted_dice(person: Participant, action: Action, granted: int | None) -> int:
    """Defense Dice a participant whose action needs no roll gains when first attacked
    (R-CON-7c): Physique, Charm or Wits by the targeted Resilience, or the Narrator's
    number."""
    r = person.round
    if r.declared is not DeclarationKind.NO_ROLL or r.granted:
        if granted is not None:
            raise RuleViolation(f"{person.name}'s dice are already figured: granted Defense "
                                f"Dice apply only to a participant whose action needs no "
                                f"roll, when first attacked", rule="R-CON-7")
        return -1
    if granted is not None:
        return granted
    attribute = DEFENSE_ATTRIBUTE[action.resilience or "health"]
    value: int = getattr(person.character.attributes, attribute)
    return value


def _defence_target(state: State, name: str, number: int, rule: str, doing: str
                    ) -> tuple[int, Participant, Action]:
    action = _pending_for(state, number, rule, doing)
    index = _index(state, name)
    person = state.participants[index]
    if action.target != index:
        target = "no one" if action.target is None else state.participants[action.target].name
        raise RuleViolation(f"{person.name} is not the target of action {number} "
                            f"(it targets {target})", rule=rule)
    if action.defence is not None:
        done = {DefenceKind.DEFEND: "defended", DefenceKind.REACT: "reacted",
                DefenceKind.TAKE_IT: "chose not to defend"}[action.defence.kind]
        raise RuleViolation(f"{person.name} already {done} against action {number}",
                            rule="R-CON-15")
    if not action.contest:
        raise RuleViolation(f"action {number} is a Challenge: {person.name} cannot "
                            f"defend or react", rule="R-CON-9")
    if action.outcome is not None:
        raise RuleViolation(f"action {number} has already rolled", rule="R-CON-15")
    return index, person, action


def _grant(person: Participant, action: Action, granted: int | None) -> RoundState:
    r = person.round
    gain = _granted_dice(person, action, granted)
    if gain < 0:
        return r
    return _evolve(r, granted=True, defense_dice=r.defense_dice + gain,
                   defense_gained=r.defense_gained + gain)


def _spend(state: State, index: int, r: RoundState, dice: int, rule: str,
           what: str) -> tuple[State, RoundState, DiceFrom]:
    """Pay ``dice`` of a target's dice for a defence or Reaction (R-CON-15a/b)."""
    person = state.participants[index]
    source = r.defends_with
    have = r.dice_for_defence()
    if dice > have:
        label = "Action" if source is DiceFrom.ACTION else "Defense"
        raise RuleViolation(f"{person.name} has {_dice(have, label)}, cannot spend {dice} "
                            f"to {what}", rule=rule)
    if source is DiceFrom.DEFENSE:
        return state, _evolve(r, defense_dice=r.defense_dice - dice,
                              defense_spent=r.defense_spent + dice), source
    # R-CON-15a: the remaining Action Dice set its new place in the acting order at once.
    new = _evolve(r, action_dice=r.action_dice - dice, action_defended=r.action_defended + dice)
    if dice:
        if index in state.step:
            state = _drop_from_step(state, index)
        else:
            state = _evolve(state, queue=_queue_remove(state.queue, r.action_dice, index))
        if new.action_dice > 0 and new.turn is Turn.WAITING:
            state = _evolve(state, queue=_queue_insert(state.queue, new.action_dice, index))
    return state, new, source


def _commit_defence(state: State, index: int, person: Participant, r: RoundState,
                    action: Action, defence: Defence) -> State:
    return _evolve(state,
                   participants=_set_participant(state, index, _evolve(person, round=r)),
                   actions=_set_action(state, _evolve(action, defence=defence)))


def _defend(state: State, event: Defend) -> State:
    index, person, action = _defence_target(state, event.name, event.action, "R-CON-15",
                                            "defend against")
    r = _grant(person, action, event.granted)
    state, r, source = _spend(state, index, r, event.dice, "R-CON-15", "defend")
    defence = Defence(DefenceKind.DEFEND, pool=event.dice, spent=event.dice, paid_from=source,
                      members=person.members)
    return _commit_defence(state, index, person, r, action, defence)


def _react(state: State, event: React) -> State:
    index, person, action = _defence_target(state, event.name, event.action, "R-CON-16",
                                            "react to")
    reactions = person.character.reactions
    if not reactions:
        raise RuleViolation(f"{person.name} has no Reaction", rule="R-CON-16")
    found = [x for x in reactions if x.name.casefold() == event.reaction.casefold()]
    if not found:
        names = ", ".join(x.name for x in reactions)
        raise BadValue(f"{person.name} has no Reaction called {event.reaction!r} (has: "
                       f"{names})", rule="R-CON-16")
    reaction = found[0]
    pool = reaction.dice + event.added
    if not 2 <= pool <= 10:
        raise RuleViolation(f"a Reaction pool of {reaction.dice} + {event.added} = {pool} "
                            f"dice is outside 2–10", rule="R-CON-16")
    r = _grant(person, action, event.granted)
    state, r, source = _spend(state, index, r, event.added, "R-CON-16", "react")
    defence = Defence(DefenceKind.REACT, pool=pool, spent=event.added, paid_from=source,
                      reaction=reaction.name, members=person.members)
    return _commit_defence(state, index, person, r, action, defence)


def _take_it(state: State, event: TakeIt) -> State:
    index, person, action = _defence_target(state, event.name, event.action, "R-CON-15",
                                            "leave undefended")
    r = _grant(person, action, event.granted)
    defence = Defence(DefenceKind.TAKE_IT, members=0)
    return _commit_defence(state, index, person, r, action, defence)


def _rolls(faces: Sequence[Sequence[int]], pool: int, rollers: int, who: str,
           number: int) -> Roll:
    if len(faces) != rollers:
        raise BadValue(f"{who} of action {number} needs {rollers} list(s) of faces "
                       f"(one per roller), got {len(faces)}", rule="R-CON-2")
    for row in faces:
        if len(row) != pool:
            raise BadValue(f"{who} of action {number} rolls a pool of {pool}: got "
                           f"{len(row)} faces", rule="R-CON-11")
    return best_of(Roll(asked=pool, faces=tuple(row)) for row in faces)  # R-DICE-8


def _roll(state: State, event: RollDice) -> State:
    action = _pending_for(state, event.action, "R-CON-14", "roll")
    if action.awaiting == "defence":
        assert action.target is not None
        target = state.participants[action.target]
        raise RuleViolation(f"{target.name} must choose a defence for action "
                            f"{action.number} before anyone rolls", rule="R-CON-15")
    if action.awaiting != "roll":
        raise RuleViolation(f"action {action.number} has already rolled", rule="R-CON-14")
    assert action.pool is not None
    attacker = _rolls(event.attacker, action.pool, action.members, "the actor", action.number)
    defender: Roll | None = None
    defence = action.defence
    if defence is not None and defence.kind is not DefenceKind.TAKE_IT:
        defender = _rolls(event.defender, defence.pool, defence.members, "the defender",
                          action.number)
    elif event.defender:
        raise BadValue(f"action {action.number} has no defender's roll, got "
                       f"{len(event.defender)} list(s) of faces", rule="R-CON-15")
    if action.contest:
        # R-CON-17: Result ≥ 1, meets the Difficulty, beats the defender (Nudges on ties).
        judged = judge_attack(attacker, defender, action.difficulty)
        outcome = {AttackResult.WIN: Outcome.SUCCESS, AttackResult.HOLD: Outcome.FAILURE,
                   AttackResult.STALEMATE: Outcome.STALEMATE}[judged]
    else:
        # R-CON-14: a Challenge, as R-DICE-6.
        outcome = Outcome.SUCCESS if attacker.meets(action.difficulty) else Outcome.FAILURE
    done = not (outcome is Outcome.SUCCESS and action.is_attack)
    action = _evolve(action, outcome=outcome, attacker_roll=attacker, defender_roll=defender,
                     status=ActionStatus.DONE if done else ActionStatus.PENDING)
    state = _evolve(state, actions=_set_action(state, action),
                    pending=None if done else action.number)
    return _advance(state)


def _damage(state: State, event: ApplyDamage) -> State:
    action = _pending_for(state, event.action, "R-CON-18", "apply damage of")
    if action.awaiting != "damage":
        raise RuleViolation(f"action {action.number} awaits {action.awaiting}, not damage",
                            rule="R-CON-18")
    assert action.attacker_roll is not None and action.target is not None
    rolled = action.attacker_roll.nudges
    nudges = rolled if event.nudges is None else event.nudges
    if nudges > rolled:
        raise RuleViolation(f"the attacker rolled {rolled} Nudge(s); cannot apply {nudges}",
                            rule="R-CON-18")
    amount = 1 + nudges + action.bonus  # R-CON-18
    index = action.target
    person = state.participants[index]
    if person.resiliences is None:
        # R-CON-19: each point of damage defeats one Extra; the group is gone at 0.
        members = max(0, person.members - amount)
        person = _evolve(person, members=members, defeated=members == 0,
                         defeat_reason=f"defeated by action {action.number}"
                         if members == 0 else "")
    else:
        # R-CON-20: damage is kept apart from the full score and accumulates.
        name = action.resilience or "health"
        hurt = person.resiliences.get(name).damaged(amount)
        person = _evolve(person, resiliences=person.resiliences.replace(name, hurt))
        if hurt.defeated:
            person = _evolve(person, defeated=True,
                             defeat_reason=f"{name.capitalize()} 0 after action "
                                           f"{action.number}")
    if person.defeated:
        # Ruling: a participant in the current step still acts; others no longer do.
        state = _evolve(state,
                        queue=_queue_remove(state.queue, person.round.action_dice, index),
                        changed_queue=tuple(i for i in state.changed_queue if i != index),
                        standing=count_side(state.standing, person.side, -1))
    action = _evolve(action, status=ActionStatus.DONE, damage=amount)
    state = _evolve(state, participants=_set_participant(state, index, person),
                    actions=_set_action(state, action), pending=None)
    return _advance(state)


def _defeat(state: State, event: Defeat) -> State:
    index = _index(state, event.name)
    person = state.participants[index]
    if state.phase not in (Phase.DECLARATION, Phase.RESOLUTION, Phase.ROUND_OVER):
        raise RuleViolation(f"cannot defeat {person.name} now: {_describe_phase(state)}",
                            rule="R-CON-21")
    if person.defeated:
        raise RuleViolation(f"{person.name} is already defeated", rule="R-CON-20")
    if state.pending is not None:
        # Ruling: finish the action being resolved first.
        raise RuleViolation(f"cannot defeat {person.name} while action {state.pending} is "
                            f"being resolved", rule="R-CON-21")
    person = _evolve(person, defeated=True, defeat_reason=event.reason or "taken out")
    state = _drop_from_step(state, index)
    state = _evolve(state, participants=_set_participant(state, index, person),
                    queue=_queue_remove(state.queue, person.round.action_dice, index),
                    changed_queue=tuple(i for i in state.changed_queue if i != index),
                    standing=count_side(state.standing, person.side, -1))
    if state.phase is Phase.DECLARATION:
        return _after_declaration(state)
    return _advance(state)


def _end_round(state: State, event: EndRound) -> State:
    if state.phase is not Phase.ROUND_OVER:
        raise RuleViolation(f"round {state.round} cannot end yet: {_describe_phase(state)}",
                            rule="R-CON-21")
    # R-CON-21: unspent Action and Defense Dice are lost.
    participants = tuple(_evolve(p, round=EMPTY_ROUND) for p in state.participants)
    state = _evolve(state, phase=Phase.DECLARATION, round=state.round + 1,
                    participants=participants, actions=(), first_action=state.next_action,
                    queue=(), step=(), step_members=(), changed_queue=(), pending=None,
                    declared_count=0, declare_pos=0)
    state = _evolve(state, declare_order=_declare_order(state))
    return _after_declaration(state)


def _end_conflict(state: State, event: EndConflict) -> State:
    return _evolve(state, phase=Phase.ENDED, outcome=event.outcome, pending=None)


_HANDLERS: dict[type[Any], Callable[[State, Any], State]] = {
    Start: _start,
    AddParticipant: _add,
    Reorder: _reorder,
    Declare: _declare,
    SetTest: _set_test,
    SwapResilience: _swap,
    Act: _act,
    Change: _change,
    Hold: _hold,
    Defend: _defend,
    React: _react,
    TakeIt: _take_it,
    RollDice: _roll,
    ApplyDamage: _damage,
    Defeat: _defeat,
    EndRound: _end_round,
    EndConflict: _end_conflict,
}


def apply(state: State, event: Event) -> State:
    """The state after ``event``; raises RuleViolation/BadValue and changes nothing when
    the event is not allowed (see the module docstring)."""
    handler = _HANDLERS.get(type(event))
    if handler is None:
        raise BadValue(f"not a Conflict event: {event!r}")
    if state.phase is Phase.NOT_STARTED and not isinstance(event, Start):
        raise RuleViolation(f"a Conflict begins with a Start event, got {type(event).TYPE}",
                            rule="R-CON-1")
    if state.phase is Phase.ENDED:
        raise RuleViolation(f"the Conflict has ended ({state.outcome or 'no outcome given'}):"
                            f" only undo is left", rule="R-CON-21")
    return handler(state, event)


def replay(events: Iterable[Event], state: State = EMPTY) -> State:
    """The state after applying ``events`` in order to ``state`` (default: before Start)."""
    for event in events:
        state = apply(state, event)
    return state


class Conflict:
    """A Conflict being played: a mutable wrapper around the pure engine.

    >>> from conflict.events import Start, Nature
    >>> c = Conflict()
    >>> c.push(Start(Nature.PHYSICAL, stakes="the stash"))
    >>> c.state.round
    1
    >>> c.pop() == Start(Nature.PHYSICAL, stakes="the stash")
    True
    """

    def __init__(self, events: Iterable[Event] = ()) -> None:
        self._events: list[Event] = []
        self._states: list[State] = [EMPTY]
        for event in events:
            self.push(event)

    @classmethod
    def replay(cls, events: Iterable[Event]) -> Conflict:
        """A Conflict rebuilt from its events (faces come from the events: no rolling)."""
        return cls(events)

    @property
    def state(self) -> State:
        """The current state."""
        return self._states[-1]

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event pushed so far, oldest first."""
        return tuple(self._events)

    def __len__(self) -> int:
        return len(self._events)

    def push(self, event: Event) -> None:
        """Validate and apply ``event``; on error raise and change nothing."""
        state = apply(self._states[-1], event)
        self._states.append(state)
        self._events.append(event)

    def pop(self) -> Event:
        """Undo the last event, restoring the state before it exactly; returns it."""
        if not self._events:
            raise RuleViolation("nothing to undo: no event has been pushed")
        self._states.pop()
        return self._events.pop()

    def is_legal(self, event: Event) -> bool:
        """Whether ``event`` could be pushed now."""
        try:
            apply(self._states[-1], event)
        except (BadValue, RuleViolation):
            return False
        return True

    def next(self) -> WhatNow:
        """What now? See :func:`conflict.whatnow.what_now`."""
        from conflict.whatnow import what_now

        return what_now(self.state)

    def roll(self, rng: RandomSource | None = None) -> RollDice:
        """Roll the dice of the pending action (faces from ``rng``, default the
        operating system's secure source), push the event and return it."""
        from conflict.whatnow import roll_event

        event = roll_event(self.state, rng)
        self.push(event)
        return event

