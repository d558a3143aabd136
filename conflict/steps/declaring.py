"""Step 1 of a round, declarations, and the Narrator's calls on them: Declare, SetTest,
SwapResilience (R-CON-4 … R-CON-9)."""

from __future__ import annotations

from typing import Final

from conflict.errors import RuleViolation
from conflict.events import Declare, SetTest, SwapResilience, check_action_dice
from conflict.members import DECLARATION, DECLARED_ACTION, DECLARED_DEFENSE
from conflict.order import after_declaration, describe_phase, evolve, next_declarer
from conflict.state import Action, ActionStatus, RoundState, State, copy_participant
from conflict.steps.common import (
    new_action,
    position,
    require_standing,
    set_action,
    set_participant,
)
from conflict.steps.registry import handles
from conflict.values import builder

__all__ = ["declare", "set_test", "swap_resilience"]

_make_round: Final = builder(RoundState)  # RoundState(...), called straight


@handles(Declare)
def declare(state: State, event: Declare) -> State:
    """A participant declares, in the declaration order (R-CON-4 … R-CON-8a)."""
    index = position(state, event.name)
    person = state.participants[index]
    if state.phase is not DECLARATION:
        raise RuleViolation(f"{person.name} cannot declare now: {describe_phase(state)}",
                            rule="R-CON-4")
    require_standing(person)
    if person.round.declared is not None:
        raise RuleViolation(f"{person.name} {person.verb('has', 'have')} already declared in "
                            f"round {state.round}",
                            rule="R-CON-3")
    expected = next_declarer(state)
    if expected != index:
        assert expected is not None
        other = state.participants[expected]
        if other.surprised_in(state.round) and not person.surprised_in(state.round):
            raise RuleViolation(f"{other.name} {other.verb('is', 'are')} surprised and "
                                f"{other.verb('declares', 'declare')} before {person.name}",
                                rule="R-CON-5")
        raise RuleViolation(f"{other.name} (Wits {other.wits}) "
                            f"{other.verb('declares', 'declare')} before "
                            f"{person.name} (Wits {person.wits})", rule="R-CON-4")
    if event.kind is DECLARED_ACTION and state.rules >= 2:
        check_action_dice(event.dice)  # Ruling: fewer than 2 form no pool (R-CON-11)
    actions = state.actions
    next_action = state.next_action
    if event.kind is DECLARED_ACTION:
        action = new_action(state, index, event, event.dice, changed=False)
        actions = (*actions, action)
        next_action += 1
        r = _make_round(declared=event.kind, action=action.number, action_dice=event.dice,
                        action_gained=event.dice)
    elif event.kind is DECLARED_DEFENSE:
        r = _make_round(declared=event.kind, defense_dice=event.dice,
                        defense_gained=event.dice)
    else:
        r = _make_round(declared=event.kind)
    person = copy_participant(person, round=r)
    return after_declaration(state, participants=set_participant(state, index, person),
                             actions=actions, next_action=next_action,
                             declared_count=state.declared_count + 1)


def _changeable(state: State, number: int, rule: str) -> Action:
    action = state.action(number)
    if action is None:
        raise RuleViolation(f"no action {number} in round {state.round}", rule=rule)
    if action.outcome is not None:
        raise RuleViolation(f"action {number} has already rolled", rule=rule)
    if action.status not in (ActionStatus.DECLARED, ActionStatus.PENDING):
        raise RuleViolation(f"action {number} is already {action.status.value}", rule=rule)
    if action.defenses:
        by = action.defenses[0].by
        raise RuleViolation(f"{by} has committed a defense against action {number}: its "
                            f"terms are fixed", rule="R-CON-15")
    return action


@handles(SetTest)
def set_test(state: State, event: SetTest) -> State:
    """The Narrator sets Challenge or Contest and the Difficulty (R-CON-9)."""
    action = _changeable(state, event.action, "R-CON-9")
    if event.contest and action.target is None:
        # Ruling: a Contest is opposed by the action's target.
        raise RuleViolation(f"action {event.action} has no target to oppose it: it "
                            f"can only be a Challenge", rule="R-CON-9")
    action = evolve(action, contest=event.contest, difficulty=event.difficulty)
    return evolve(state, actions=set_action(state, action))


@handles(SwapResilience)
def swap_resilience(state: State, event: SwapResilience) -> State:
    """The Narrator swaps an attack's Resilience; its kind stays (R-CON-8)."""
    action = _changeable(state, event.action, "R-CON-8")
    if not action.is_attack:
        why = "aimed at no one" if action.target is None else "does no harm, R-CON-8a"
        raise RuleViolation(f"action {event.action} is not an attack ({why}): no "
                            f"Resilience to swap",
                            rule="R-CON-8")
    target = state.participant(action.target) if action.target is not None else None
    if target is not None and target.resiliences is None:
        raise RuleViolation(f"{target.name} are Extras, who have no Resiliences: damage "
                            f"takes them out whatever it is aimed at (R-CON-20)",
                            rule="R-CON-8")
    action = evolve(action, resilience=event.resilience)
    return evolve(state, actions=set_action(state, action))
