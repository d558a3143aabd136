"""Who declares and who acts next: the declaration order (R-CON-4/5/6) and the acting
order (R-CON-10, R-CON-12, R-CON-15a).

The engine's step modules and what-now both read the order from here, so neither
imports the other. Everything here is pure: functions of a :class:`State` that return
positions, names or a new :class:`State`.
"""

from __future__ import annotations

import bisect
from typing import Any, TypeVar

import attrs

from conflict.events import DeclarationKind
from conflict.state import (
    ActionStatus,
    Participant,
    Phase,
    State,
    Turn,
)

T = TypeVar("T")


def evolve(obj: T, **changes: Any) -> T:
    """A copy of the frozen ``obj`` with ``changes``."""
    return attrs.evolve(obj, **changes)  # type: ignore[misc]


# --- declaration order (R-CON-4, R-CON-5, R-CON-6) -----------------------------------


def declare_key(participant: Participant, round_number: int) -> tuple[int, int, int]:
    """Sorting key of the declaration order."""
    # R-CON-5: surprised first; Ruling: surprise counts in round 1 only.
    # R-CON-4/6: then rising Wits (a group's lowest); ties by the Narrator's order.
    surprised = participant.surprised and round_number == 1
    return (0 if surprised else 1, participant.wits, participant.tiebreak)


def declare_order(state: State) -> tuple[int, ...]:
    """Every participant's position, in this round's declaration order."""
    people = state.participants
    return tuple(sorted(range(len(people)), key=lambda i: declare_key(people[i], state.round)))


def next_declarer_pos(state: State, pos: int) -> int:
    """The first place in the declaration order from ``pos`` whose participant still
    declares this round."""
    order, people = state.declare_order, state.participants
    while pos < len(order):
        person = people[order[pos]]
        if not person.defeated and person.round.declared is None:
            break
        pos += 1
    return pos


def next_declarer(state: State) -> int | None:
    """The position of the participant who declares next, or ``None`` (R-CON-4/5)."""
    if state.phase is not Phase.DECLARATION:
        return None
    pos = next_declarer_pos(state, state.declare_pos)
    return state.declare_order[pos] if pos < len(state.declare_order) else None


def tied_with_next(state: State, first: int) -> tuple[str, ...]:
    """The participants still to declare who are tied with ``first`` (the next to
    declare), in their current order; empty when it is tied with no one (R-CON-4)."""
    people = state.participants
    first_round = state.round == 1

    def key(person: Participant) -> tuple[bool, int]:
        return (person.surprised and first_round, person.wits)

    wanted = key(people[first])
    names = []
    for i in state.declare_order[state.declare_pos:]:
        person = people[i]
        if person.defeated or person.round.declared is not None:
            continue
        if key(person) != wanted:
            break
        names.append(person.name)
    return tuple(names) if len(names) > 1 else ()


# --- acting order (R-CON-10) ----------------------------------------------------------


def can_still_act(person: Participant) -> bool:
    """Whether ``person`` still has a turn to act this round (R-CON-10)."""
    r = person.round
    return (not person.defeated and r.declared is DeclarationKind.ACTION
            and r.turn is Turn.WAITING and r.action_dice > 0)


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


def drop_from_step(state: State, index: int) -> State:
    """``state`` with the participant at ``index`` out of the current step."""
    if index not in state.step:
        return state
    at = state.step.index(index)
    return evolve(state, step=(*state.step[:at], *state.step[at + 1:]),
                  step_members=(*state.step_members[:at], *state.step_members[at + 1:]))


def advance(state: State) -> State:
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
        step = tuple(i for _, i in queue[:end] if can_still_act(people[i]))
        queue = queue[end:]
        if step:
            return evolve(state, queue=queue, step=step,
                          step_members=tuple(people[i].members for i in step))
    # R-CON-12: changed actions act at the very end, in the order changed.
    changed = state.changed_queue
    while changed:
        first, changed = changed[0], changed[1:]
        person = people[first]
        if not person.defeated and person.round.action_dice > 0:
            return evolve(state, queue=queue, changed_queue=changed, step=(first,),
                          step_members=(person.members,))
    return round_over(evolve(state, queue=queue, changed_queue=changed))


def round_over(state: State) -> State:
    """Resolution is done: declared actions never taken are abandoned (R-CON-21)."""
    actions = tuple(
        evolve(a, status=ActionStatus.ABANDONED) if a.status is ActionStatus.DECLARED else a
        for a in state.actions)
    return evolve(state, phase=Phase.ROUND_OVER, actions=actions, step=(), step_members=())


def begin_resolution(state: State) -> State:
    """Every declaration is in: the acting order forms (R-CON-3, R-CON-10)."""
    people = state.participants
    queue = tuple(sorted((-p.round.action_dice, i) for i, p in enumerate(people)
                         if can_still_act(p)))
    return advance(evolve(state, phase=Phase.RESOLUTION, queue=queue, step=(),
                          step_members=(), changed_queue=()))


def after_declaration(state: State) -> State:
    """Move past those who declared; resolution begins when no one is left."""
    pos = next_declarer_pos(state, state.declare_pos)
    state = evolve(state, declare_pos=pos)
    if pos >= len(state.declare_order) and state.participants:
        return begin_resolution(state)
    return state


# --- where the round stands, in words --------------------------------------------------


def names(state: State, indexes: tuple[int, ...]) -> str:
    """The names at ``indexes``, comma-separated."""
    return ", ".join(state.participants[i].name for i in indexes)


def describe_phase(state: State) -> str:
    """Where the round stands, for error messages: "round 2 is in declarations (Vin
    declares next)"."""
    if state.phase is Phase.DECLARATION:
        who = next_declarer(state)
        if who is None:
            return f"round {state.round} is waiting for participants"
        return (f"round {state.round} is in declarations ({state.participants[who].name} "
                f"declares next)")
    if state.phase is Phase.RESOLUTION:
        pending = state.pending_action
        if pending is not None:
            return f"action {pending.number} awaits {pending.awaiting}"
        return f"round {state.round} is resolving ({names(state, state.step)} to act)"
    if state.phase is Phase.ROUND_OVER:
        return f"round {state.round} is over: end the round"
    return str(state.phase.value).replace("_", " ")


def board_order(state: State) -> tuple[int, ...]:
    """Every participant's position in the order a board shows them: the declaration
    order while declaring; while resolving, the current step, then the rest by their
    place in the acting order (R-CON-10), the changed actions last (R-CON-12), then
    those with no turn left, in declaration order."""
    if state.phase is not Phase.RESOLUTION:
        return state.declare_order or tuple(range(len(state.participants)))
    seen: set[int] = set()
    order: list[int] = []
    for index in (*state.step, *(i for _, i in state.queue), *state.changed_queue,
                  *state.declare_order):
        if index not in seen:
            seen.add(index)
            order.append(index)
    return tuple(order)
