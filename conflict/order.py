"""Who declares and who acts next: the declaration order (R-CON-4/5/6) and the acting
order (R-CON-10, R-CON-12, R-CON-15a).

The engine's step modules and what-now both read the order from here, so neither
imports the other. Everything here is pure: functions of a :class:`State` that return
positions, names or a new :class:`State`.
"""

from __future__ import annotations

import bisect
from typing import Any

from conflict.members import (
    ABANDONED,
    DECLARATION,
    DECLARED,
    DECLARED_ACTION,
    RESOLUTION,
    ROUND_OVER,
    WAITING,
)
from conflict.state import (
    Participant,
    State,
    copy_action,
)
from conflict.values import copy_with
from conflict.values import evolve as evolve  # the engine's copy of a frozen value

__all__ = ["advance", "after_declaration", "begin_resolution", "board_order", "can_still_act",
           "declare_key", "declare_order", "describe_phase", "drop_from_step", "evolve", "names",
           "next_changed", "next_declarer", "next_declarer_pos", "next_step",
           "order_of_declaration", "queue_insert", "queue_remove", "round_over", "step_without",
           "tied_with_next"]

# --- declaration order (R-CON-4, R-CON-5, R-CON-6) -----------------------------------


def declare_key(participant: Participant, round_number: int) -> tuple[int, int, int]:
    """Sorting key of the declaration order."""
    # R-CON-5: surprised first; Ruling: only in the round it is surprised in (round 1,
    # or the round it joins). R-CON-4/6: then rising Wits (a group's lowest); ties by
    # the Narrator's order.
    surprised = participant.surprised_in(round_number)
    return (0 if surprised else 1, participant.wits, participant.tiebreak)


def declare_order(state: State) -> tuple[int, ...]:
    """Every participant's position, in this round's declaration order."""
    return order_of_declaration(state.participants, state.round)


def order_of_declaration(people: tuple[Participant, ...], round_number: int
                         ) -> tuple[int, ...]:
    """The positions of ``people`` in the declaration order of round ``round_number``."""
    return tuple(sorted(range(len(people)), key=lambda i: declare_key(people[i], round_number)))


def next_declarer_pos(state: State, pos: int) -> int:
    """The first place in the declaration order from ``pos`` whose participant still
    declares this round."""
    return _next_declarer_pos(state.declare_order, state.participants, pos)


def _next_declarer_pos(order: tuple[int, ...], people: tuple[Participant, ...], pos: int
                       ) -> int:
    while pos < len(order):
        person = people[order[pos]]
        if not person.defeated and person.round.declared is None:
            break
        pos += 1
    return pos


def next_declarer(state: State) -> int | None:
    """The position of the participant who declares next, or ``None`` (R-CON-4/5)."""
    if state.phase is not DECLARATION:
        return None
    pos = next_declarer_pos(state, state.declare_pos)
    return state.declare_order[pos] if pos < len(state.declare_order) else None


def tied_with_next(state: State, first: int) -> tuple[str, ...]:
    """The participants still to declare who are tied with ``first`` (the next to
    declare), in their current order; empty when it is tied with no one (R-CON-4)."""
    people = state.participants
    now = state.round
    # Tied: the same (surprised this round, Wits) as ``first``.
    surprised, wits = people[first].surprised_in(now), people[first].wits
    names = []
    for i in state.declare_order[state.declare_pos:]:
        person = people[i]
        if person.defeated or person.round.declared is not None:
            continue
        if person.surprised_in(now) != surprised or person.wits != wits:
            break
        names.append(person.name)
    return tuple(names) if len(names) > 1 else ()


# --- acting order (R-CON-10) ----------------------------------------------------------


def can_still_act(person: Participant) -> bool:
    """Whether ``person`` still has a turn to act this round (R-CON-10)."""
    r = person.round
    return (not person.defeated and r.declared is DECLARED_ACTION
            and r.turn is WAITING and r.action_dice > 0)


def queue_remove(queue: tuple[tuple[int, int], ...], dice: int, index: int
                 ) -> tuple[tuple[int, int], ...]:
    """``queue`` without the participant at ``index`` holding ``dice`` Action Dice."""
    key = (-dice, index)
    at = bisect.bisect_left(queue, key)
    if at < len(queue) and queue[at] == key:
        return (*queue[:at], *queue[at + 1:])
    return queue


def queue_insert(queue: tuple[tuple[int, int], ...], dice: int, index: int
                 ) -> tuple[tuple[int, int], ...]:
    """``queue`` with the participant at ``index`` placed by its ``dice`` (R-CON-10)."""
    key = (-dice, index)
    at = bisect.bisect_left(queue, key)
    return (*queue[:at], key, *queue[at:])


def step_without(state: State, index: int) -> dict[str, tuple[int, ...]]:
    """The changes that take the participant at ``index`` out of the current step
    (none when it is not in it), to make in the state's next copy."""
    step = state.step
    if index not in step:
        return {}
    at = step.index(index)
    members = state.step_members
    return {"step": (*step[:at], *step[at + 1:]),
            "step_members": (*members[:at], *members[at + 1:])}


def drop_from_step(state: State, index: int) -> State:
    """``state`` with the participant at ``index`` out of the current step."""
    changes = step_without(state, index)
    return copy_with(state, changes) if changes else state


# The functions below take ``changes``: fields of the state changed by the event being
# applied, made in the same copy as their own (one copy of the state per event rather
# than one per function). They read the state as it is with those changes.


def advance(state: State, **changes: Any) -> State:
    """Form the next step of resolution when the current one is done (R-CON-10), or
    end the resolution when no one is left to act."""
    get = changes.get
    if (get("phase", state.phase) is not RESOLUTION
            or get("pending", state.pending) is not None or get("step", state.step)):
        return copy_with(state, changes) if changes else state
    people = get("participants", state.participants)
    queue, step = next_step(get("queue", state.queue), people)
    if step:
        changes.update(queue=queue, step=step,
                       step_members=tuple(people[i].members for i in step))
        return copy_with(state, changes)
    changed, first = next_changed(get("changed_queue", state.changed_queue), people)
    if first is not None:
        changes.update(queue=queue, changed_queue=changed, step=(first,),
                       step_members=(people[first].members,))
        return copy_with(state, changes)
    changes.update(queue=queue, changed_queue=changed)
    return round_over(state, **changes)


def next_step(queue: tuple[tuple[int, int], ...], people: tuple[Participant, ...]
              ) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """The next step of resolution from ``queue`` and the queue left after it
    (R-CON-10: most Action Dice first; equal Action Dice act simultaneously); those who
    can no longer act are passed over; an empty step when the queue runs out."""
    while queue:
        top = queue[0][0]
        end = 0
        while end < len(queue) and queue[end][0] == top:
            end += 1
        step = tuple(i for _, i in queue[:end] if can_still_act(people[i]))
        queue = queue[end:]
        if step:
            return queue, step
    return queue, ()


def next_changed(changed: tuple[int, ...], people: tuple[Participant, ...]
                 ) -> tuple[tuple[int, ...], int | None]:
    """The next changed action to take and the changed queue left after it (R-CON-12:
    at the very end, in the order changed; one defeated or without Action Dice is
    passed over); ``None`` when none is left."""
    while changed:
        first, changed = changed[0], changed[1:]
        person = people[first]
        if not person.defeated and person.round.action_dice > 0:
            return changed, first
    return changed, None


def round_over(state: State, **changes: Any) -> State:
    """Resolution is done: declared actions never taken are abandoned (R-CON-21)."""
    actions = tuple(
        copy_action(a, status=ABANDONED) if a.status is DECLARED else a
        for a in changes.get("actions", state.actions))
    changes.update(phase=ROUND_OVER, actions=actions, step=(), step_members=())
    return copy_with(state, changes)


def begin_resolution(state: State, **changes: Any) -> State:
    """Every declaration is in: the acting order forms (R-CON-3, R-CON-10)."""
    people = changes.get("participants", state.participants)
    queue = tuple(sorted((-p.round.action_dice, i) for i, p in enumerate(people)
                         if can_still_act(p)))
    changes.update(phase=RESOLUTION, queue=queue, step=(), step_members=(),
                   changed_queue=())
    return advance(state, **changes)


def after_declaration(state: State, **changes: Any) -> State:
    """Move past those who declared; resolution begins when no one is left."""
    get = changes.get
    order = get("declare_order", state.declare_order)
    people = get("participants", state.participants)
    pos = _next_declarer_pos(order, people, get("declare_pos", state.declare_pos))
    changes["declare_pos"] = pos
    if pos >= len(order) and people:
        return begin_resolution(state, **changes)
    return copy_with(state, changes)


# --- where the round stands, in words --------------------------------------------------


def names(state: State, indexes: tuple[int, ...]) -> str:
    """The names at ``indexes``, comma-separated."""
    return ", ".join(state.participants[i].name for i in indexes)


def describe_phase(state: State) -> str:
    """Where the round stands, for error messages: "round 2 is in declarations (Vin
    declares next)"."""
    if state.phase is DECLARATION:
        who = next_declarer(state)
        if who is None:
            return f"round {state.round} is waiting for participants"
        return (f"round {state.round} is in declarations ({state.participants[who].name} "
                f"declares next)")
    if state.phase is RESOLUTION:
        pending = state.pending_action
        if pending is not None:
            return f"action {pending.number} awaits {pending.awaiting}"
        return f"round {state.round} is resolving ({names(state, state.step)} to act)"
    if state.phase is ROUND_OVER:
        return f"round {state.round} is over: end the round"
    return str(state.phase.value).replace("_", " ")


def board_order(state: State) -> tuple[int, ...]:
    """Every participant's position in the order a board shows them: the declaration
    order while declaring; while resolving, the current step, then the rest by their
    place in the acting order (R-CON-10), the changed actions last (R-CON-12), then
    those with no turn left, in declaration order."""
    if state.phase is not RESOLUTION:
        return state.declare_order or tuple(range(len(state.participants)))
    seen: set[int] = set()
    order: list[int] = []
    for index in (*state.step, *(i for _, i in state.queue), *state.changed_queue,
                  *state.declare_order):
        if index not in seen:
            seen.add(index)
            order.append(index)
    return tuple(order)
