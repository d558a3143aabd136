"""Step 2 of a round, the actors' choices: Act, Change, Hold (R-CON-10 … R-CON-13)."""

from __future__ import annotations

from conflict.errors import RuleViolation
from conflict.events import Act, Change, Hold
from conflict.members import ABANDONED, ACTED, CHANGED, HELD, PENDING
from conflict.order import advance, step_without
from conflict.state import (
    State,
    copy_action,
    copy_participant,
    copy_round,
    copy_state,
)
from conflict.steps.common import dice_text, in_turn, new_action, set_action, set_participant
from conflict.steps.registry import handles

__all__ = ["act", "change", "changed_dice", "hold"]


@handles(Act)
def act(state: State, event: Act) -> State:
    """Act as declared with a pool of the Action Dice; leftovers defend (R-CON-11)."""
    index = in_turn(state, event.name, "R-CON-10")
    person = state.participants[index]
    r = person.round
    if r.action_dice < 2:
        raise RuleViolation(f"{person.name} {person.verb('has', 'have')} "
                            f"{dice_text(r.action_dice, 'Action')} left, "
                            f"too few for a pool of 2: hold instead", rule="R-CON-11")
    if event.pool > r.action_dice:
        raise RuleViolation(f"{person.name} {person.verb('has', 'have')} "
                            f"{dice_text(r.action_dice, 'Action')}: a pool "
                            f"of {event.pool} is too large (2–{min(10, r.action_dice)})",
                            rule="R-CON-11")
    assert r.action is not None
    action = state.action(r.action)
    assert action is not None
    if action.target is not None and state.participant(action.target).defeated:
        raise RuleViolation(f"{action.target} is defeated and cannot be targeted: "
                            f"{person.name} may change the action or hold", rule="R-CON-20")
    left = r.action_dice - event.pool
    # R-CON-11: the pool comes from the Action Dice; those left become Defense Dice.
    r = copy_round(r, turn=ACTED, action_dice=0, action_rolled=r.action_rolled + event.pool,
                   action_to_defense=r.action_to_defense + left,
                   defense_dice=r.defense_dice + left, defense_gained=r.defense_gained + left)
    members = state.step_members[state.step.index(index)]
    action = copy_action(action, status=PENDING, pool=event.pool, members=members)
    person = copy_participant(person, round=r)
    return copy_state(state, participants=set_participant(state, index, person),
                      actions=set_action(state, action), pending=action.number,
                      **step_without(state, index))


def changed_dice(figured: int, held: int) -> int:
    """The Action Dice a changed action gets: ``figured`` halved, rounding up
    (R-CON-12), and never more than the ``held`` Action Dice (Ruling, R-CON-12:
    defending with Action Dice first and then changing must not buy fresh dice)."""
    return min((figured + 1) // 2, held)


@handles(Change)
def change(state: State, event: Change) -> State:
    """Declare a new action instead; it acts at the very end of the round (R-CON-12)."""
    index = in_turn(state, event.name, "R-CON-10")
    person = state.participants[index]
    r = person.round
    if person.defeated:
        # Ruling: defeated in its step, it may still act as declared or hold, but a
        # changed action would come at the end of the round, where it takes no part.
        raise RuleViolation(f"{person.name} {person.verb('is', 'are')} defeated: it may act as "
                            f"declared or hold, "
                            f"not change its action", rule="R-CON-20")
    if r.changed:
        raise RuleViolation(f"{person.name} already changed its action this round",
                            rule="R-CON-12")
    if event.dice <= 2:
        raise RuleViolation(f"a new action of {event.dice} dice halves to "
                            f"{(event.dice + 1) // 2}, too few for a pool: {person.name} "
                            f"may act as declared or hold", rule="R-CON-12")
    dice = changed_dice(event.dice, r.action_dice)
    if dice < 2:
        raise RuleViolation(f"{person.name} {person.verb('holds', 'hold')} "
                            f"{dice_text(r.action_dice, 'Action')}: a "
                            f"changed action never has more, too few for a pool: act as "
                            f"declared or hold", rule="R-CON-12")
    action = new_action(state, index, event, event.dice, changed=True)
    assert r.action is not None
    old = state.action(r.action)
    assert old is not None
    r = copy_round(r, turn=CHANGED, changed=True, action=action.number, action_dice=dice,
                   action_gained=r.action_gained + dice,
                   action_discarded=r.action_discarded + r.action_dice)
    actions = set_action(state, copy_action(old, status=ABANDONED))
    person = copy_participant(person, round=r)
    return advance(state, participants=set_participant(state, index, person),
                   actions=(*actions, action), next_action=state.next_action + 1,
                   changed_queue=(*state.changed_queue, index), **step_without(state, index))


@handles(Hold)
def hold(state: State, event: Hold) -> State:
    """Do nothing: all Action Dice become Defense Dice (R-CON-13)."""
    index = in_turn(state, event.name, "R-CON-10")
    person = state.participants[index]
    r = person.round
    r = copy_round(r, turn=HELD, action_dice=0,
                   action_to_defense=r.action_to_defense + r.action_dice,
                   defense_dice=r.defense_dice + r.action_dice,
                   defense_gained=r.defense_gained + r.action_dice)
    assert person.round.action is not None
    action = state.action(person.round.action)
    assert action is not None
    person = copy_participant(person, round=r)
    return advance(state, participants=set_participant(state, index, person),
                   actions=set_action(state, copy_action(action, status=ABANDONED)),
                   **step_without(state, index))
