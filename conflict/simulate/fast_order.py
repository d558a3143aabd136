"""The acting order of a simulated run's own state, changed in place
(:mod:`conflict.simulate.fast`): who declares next, the steps of resolution and the
round's end, as :mod:`conflict.order` forms them for the pure engine (R-CON-4, R-CON-5,
R-CON-10, R-CON-12, R-CON-21)."""

from __future__ import annotations

from typing import Final

from conflict.members import ABANDONED, DECLARED, RESOLUTION, ROUND_OVER
from conflict.order import can_still_act, next_changed, next_step
from conflict.state import State

__all__ = ["advance", "after_declaration", "begin_resolution", "leave_step", "put"]

put: Final = object.__setattr__
"""Sets a field of a value only one run holds (see :mod:`conflict.simulate.fast`)."""


def after_declaration(state: State) -> None:
    """As conflict.order.after_declaration: on to the next to declare (R-CON-4/5);
    resolution begins after the last."""
    order = state.declare_order
    people = state.participants
    pos = state.declare_pos
    while pos < len(order):
        person = people[order[pos]]
        if not person.defeated and person.round.declared is None:
            break
        pos += 1
    put(state, "declare_pos", pos)
    if pos >= len(order) and people:
        begin_resolution(state)


def begin_resolution(state: State) -> None:
    """As conflict.order.begin_resolution: the acting order forms (R-CON-3, R-CON-10)."""
    people = state.participants
    queue = tuple(sorted((-p.round.action_dice, i) for i, p in enumerate(people)
                         if can_still_act(p)))
    put(state, "phase", RESOLUTION)
    put(state, "queue", queue)
    put(state, "step", ())
    put(state, "step_members", ())
    put(state, "changed_queue", ())
    advance(state)


def advance(state: State) -> None:
    """As conflict.order.advance: the next step forms when the current one is done
    (R-CON-10), then the changed actions one by one (R-CON-12), then the round is
    over (R-CON-21)."""
    if state.phase is not RESOLUTION or state.pending is not None or state.step:
        return
    people = state.participants
    queue, step = next_step(state.queue, people)
    if step:
        put(state, "queue", queue)
        put(state, "step", step)
        put(state, "step_members", tuple(people[i].members for i in step))
        return
    changed, first = next_changed(state.changed_queue, people)
    if first is not None:
        put(state, "queue", queue)
        put(state, "changed_queue", changed)
        put(state, "step", (first,))
        put(state, "step_members", (people[first].members,))
        return
    put(state, "queue", queue)
    put(state, "changed_queue", changed)
    for action in state.actions:  # R-CON-21: actions never taken are abandoned
        if action.status is DECLARED:
            put(action, "status", ABANDONED)
    put(state, "phase", ROUND_OVER)
    put(state, "step", ())
    put(state, "step_members", ())


def leave_step(state: State, index: int) -> None:
    """As conflict.order.step_without: the participant at ``index`` out of the step."""
    step = state.step
    if index in step:
        at = step.index(index)
        members = state.step_members
        put(state, "step", (*step[:at], *step[at + 1:]))
        put(state, "step_members", (*members[:at], *members[at + 1:]))
