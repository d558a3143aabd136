"""What the step modules share: finding participants and actions, checks, and the
English of counts in messages."""

from __future__ import annotations

from typing import Any, Final

from conflict.errors import BadValue, RuleViolation, possessive, shown
from conflict.events import Change, DeclarationKind, Declare
from conflict.members import RESOLUTION
from conflict.order import describe_phase, evolve, names, queue_remove
from conflict.state import Action, Participant, Phase, State, Turn, count_side, replace_at
from conflict.values import builder

__all__ = ["dice_text", "in_turn", "new_action", "out_of_the_round", "out_of_the_round_changes",
           "pending_for", "position", "require_phase", "require_standing", "set_action",
           "set_participant", "target_of"]

_make_action: Final = builder(Action)  # Action(...), called straight (conflict.values)


def position(state: State, name: str) -> int:
    """The position of the participant called ``name``; :class:`RuleViolation` if none."""
    found = state.index.get(name)  # the name as spelt here; else any spelling
    if found is None and (found := state.find(name)) is None:
        state.participant(name)  # raises RuleViolation listing the names known
    assert found is not None
    return found


def dice_text(count: int, kind: str) -> str:
    """``1 Action Die``, ``3 Defense Dice``: counts in messages read as English."""
    return f"{count} {kind} {'Die' if count == 1 else 'Dice'}"


def set_participant(state: State, index: int, participant: Participant
                    ) -> tuple[Participant, ...]:
    """The participants with the one at ``index`` replaced."""
    return replace_at(state.participants, index, participant)


def set_action(state: State, action: Action) -> tuple[Action, ...]:
    """This round's actions with ``action`` replaced (by its number)."""
    return replace_at(state.actions, action.number - state.first_action, action)


def require_phase(state: State, phase: Phase, rule: str, doing: str) -> None:
    """Refuse ``doing`` unless the Conflict is in ``phase``."""
    if state.phase is not phase:
        raise RuleViolation(f"cannot {doing} now: {describe_phase(state)}", rule=rule)


def pending_for(state: State, number: int, rule: str, doing: str) -> Action:
    """The action numbered ``number`` if it is the one being resolved."""
    if state.phase is not RESOLUTION or state.pending is None:
        raise RuleViolation(f"cannot {doing} action {number}: no action is being "
                            f"resolved ({describe_phase(state)})", rule=rule)
    if state.pending != number:
        raise RuleViolation(f"cannot {doing} action {number}: action {state.pending} is "
                            f"being resolved", rule=rule)
    pending = state.action(number)  # state.pending_action
    assert pending is not None
    return pending


def require_standing(person: Participant) -> None:
    """Refuse a step of ``person`` if it is defeated: it takes no further part
    (R-CON-20)."""
    if person.defeated:
        raise RuleViolation(f"{person.name} {person.verb('is', 'are')} defeated and "
                            f"{person.verb('takes', 'take')} no further part",
                            rule="R-CON-20")


def in_turn(state: State, name: str, rule: str) -> int:
    """The position of ``name`` if it is that participant's turn to act (R-CON-10)."""
    index = position(state, name)
    person = state.participants[index]
    if state.phase is not RESOLUTION:
        raise RuleViolation(f"{person.name} cannot act now: {describe_phase(state)}",
                            rule="R-CON-10")
    if state.pending is not None:
        pending = state.pending_action
        assert pending is not None
        raise RuleViolation(f"{person.name} cannot act yet: action {pending.number} "
                            f"awaits {pending.awaiting}", rule="R-CON-10")
    if index in state.step:
        return index
    r = person.round
    require_standing(person)
    if r.has_acted:
        raise RuleViolation(f"{person.name} already {r.turn.value} this round", rule="R-CON-3")
    if r.declared is DeclarationKind.DEFENSE:
        raise RuleViolation(f"{person.name} declared full defense and "
                            f"{person.verb('does', 'do')} not act",
                            rule="R-CON-10")
    if r.declared is DeclarationKind.NO_ROLL:
        raise RuleViolation(f"{possessive(person.name)} action needs no roll: no turn to act",
                            rule="R-CON-10")
    if r.action_dice == 0:
        raise RuleViolation(f"{person.name} {person.verb('has', 'have')} no Action Dice left and "
                            f"{person.verb('does', 'do')} not act",
                            rule="R-CON-10")
    if r.turn is Turn.CHANGED:
        raise RuleViolation(f"{person.name} changed its action and {person.verb('acts', 'act')} at "
                            f"the end of the "
                            f"round; now: {names(state, state.step)}", rule="R-CON-12")
    now = state.participants[state.step[0]].round.action_dice if state.step else 0
    verb = state.participants[state.step[0]].verb("acts", "act") \
        if len(state.step) == 1 else "act"
    held = dice_text(r.action_dice, "Action")
    raise RuleViolation(f"not {possessive(person.name)} turn ({held}): "
                        f"{names(state, state.step)} {verb} now "
                        f"({dice_text(now, 'Action')})", rule=rule)


def target_of(state: State, actor: int, target: str | None) -> int | None:
    """The position of an action's target, checked (R-CON-8, R-CON-20)."""
    if target is None:
        return None
    index = position(state, target)
    if index == actor:
        raise RuleViolation(f"{state.participants[actor].name} cannot aim an action at "
                            f"itself", rule="R-CON-8")
    person = state.participants[index]
    if person.defeated:
        raise RuleViolation(f"{person.name} {person.verb('is', 'are')} defeated and cannot be "
                            f"targeted",
                            rule="R-CON-20")
    return index


def new_action(state: State, actor: int, event: Declare | Change, dice: int,
               changed: bool) -> Action:
    """The action a Declare or Change describes, numbered next (R-CON-7/8/8a/9/18)."""
    person = state.participants[actor]
    target = target_of(state, actor, event.target)
    bonus = person.equipment_bonus(event.equipment)
    if bonus is None:
        owned = ", ".join(e.name for e in person.character.equipment) or "none"
        raise BadValue(f"{person.name} {person.verb('has', 'have')} no equipment called "
                       f"{shown(event.equipment)} "
                       f"(has: {owned})", rule="R-CON-18")
    kind = resilience = None
    if target is not None:
        kind = event.attack_kind or state.nature  # R-CON-8: default the Conflict's nature
        if event.harm:
            resilience = event.resilience or kind.resilience  # R-CON-8: default from kind
    return _make_action(
        number=state.next_action, actor=person.name, dice=dice, source=event.source,
        description=event.description,
        target=None if target is None else state.participants[target].name,
        harm=event.harm, attack_kind=kind, resilience=resilience,
        equipment=event.equipment, bonus=bonus,
        contest=target is not None,  # R-CON-9: opposed by its target by default
        difficulty=0, changed=changed)


def out_of_the_round(state: State, index: int, person: Participant) -> State:
    """``state`` with ``person``, newly defeated, out of the acting order and its side's
    count of those standing (R-CON-20, R-CON-21)."""
    return evolve(state, **out_of_the_round_changes(state, index, person))


def out_of_the_round_changes(state: State, index: int, person: Participant
                             ) -> dict[str, Any]:
    """The changes :func:`out_of_the_round` makes, to make in the state's next copy."""
    return {"queue": queue_remove(state.queue, person.round.action_dice, index),
            "changed_queue": tuple(i for i in state.changed_queue if i != index),
            "standing": count_side(state.standing, person.side, -1)}
