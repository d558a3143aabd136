"""Choices against a Contest before anyone rolls: Defend, React, TakeIt (R-CON-7c,
R-CON-15, R-CON-16), including Reactions for another participant (Ruling, R-CON-16)."""

from __future__ import annotations

from typing import Final

from conflict.errors import BadValue, RuleViolation, possessive, shown
from conflict.events import Defend, React, TakeIt
from conflict.members import (
    DECLARED_NO_ROLL,
    DEFEND,
    FROM_ACTION,
    FROM_DEFENSE,
    REACT,
    TAKE_IT,
    WAITING,
)
from conflict.order import drop_from_step, queue_insert, queue_remove
from conflict.state import (
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
    key_of,
)
from conflict.steps.common import (
    dice_text,
    pending_for,
    position,
    require_standing,
    set_action,
    set_participant,
)
from conflict.steps.registry import handles
from conflict.values import builder

__all__ = ["default_grant", "defend", "react", "take_it"]

_make_defense: Final = builder(Defense)  # Defense(...), called straight (conflict.values)

_DONE = {DEFEND: "defended", REACT: "reacted",
         TAKE_IT: "chose not to defend"}


def default_grant(person: Participant, action: Action) -> int:
    """Defense Dice ``person`` gains when ``action`` is aimed at it (R-CON-7c): its
    Physique, Charm or Wits by the action's kind (R-CON-8: the kind, not the
    Resilience), if its own action needs no roll and it has not gained them yet this
    round; else 0."""
    r = person.round
    if r.declared is not DECLARED_NO_ROLL or r.granted or action.attack_kind is None:
        return 0
    value: int = getattr(person.character.attributes, action.attack_kind.defense_attribute)
    return value


def _chooser(state: State, name: str, number: int, rule: str, doing: str, *,
             others: bool = False) -> tuple[int, Participant, Action]:
    """The participant choosing against the pending action ``number``: its target, or
    with ``others`` anyone reacting for it (R-CON-15, R-CON-16)."""
    action = pending_for(state, number, rule, doing)
    index = position(state, name)
    person = state.participants[index]
    if action.target is None:
        raise RuleViolation(f"{person.name} {person.verb('is', 'are')} not the target of action "
                            f"{number}: it is "
                            f"aimed at no one", rule=rule)
    is_target = person.name == action.target
    if not is_target and not others:
        raise RuleViolation(f"{person.name} {person.verb('is', 'are')} not the target of action "
                            f"{number} (it "
                            f"targets {action.target})", rule=rule)
    if person.name == action.actor:
        raise RuleViolation(f"{person.name} cannot react to its own action {number}",
                            rule="R-CON-16")
    if not is_target and person.side != state.participant(action.target).side:
        # Ruling (R-CON-16): a Reaction for another protects an ally, on the target's side.
        raise RuleViolation(f"{person.name} {person.verb('is', 'are')} not on "
                            f"{possessive(action.target)} side: "
                            f"only an ally reacts for another", rule="R-CON-16")
    require_standing(person)
    if not action.contest:
        raise RuleViolation(f"action {number} is a Challenge: no one defends or reacts "
                            f"against it", rule="R-CON-9")
    if action.outcome is not None:
        raise RuleViolation(f"action {number} has already rolled", rule="R-CON-15")
    done = action.defense_by(person.name)
    if done is not None:
        raise RuleViolation(f"{person.name} already {_DONE[done.kind]} against action "
                            f"{number}", rule="R-CON-15")
    return index, person, action


def _grant(person: Participant, action: Action, granted: int | None) -> RoundState:
    """The target's round with the Defense Dice of R-CON-7c added, if it gains them."""
    r = person.round
    if r.declared is not DECLARED_NO_ROLL or r.granted:
        if granted is not None:
            raise RuleViolation(f"{possessive(person.name)} dice are already figured: "
                                f"granted Defense Dice apply only to a target whose "
                                f"action needs no roll, "
                                f"when first attacked", rule="R-CON-7")
        return r
    gain = granted if granted is not None else default_grant(person, action)
    return copy_round(r, granted=True, defense_dice=r.defense_dice + gain,
                      defense_gained=r.defense_gained + gain)


def _not_the_target(person: Participant, action: Action, granted: int | None) -> None:
    if granted is not None:
        raise RuleViolation(f"granted Defense Dice are the target's ({action.target}), not "
                            f"{person.name}'s", rule="R-CON-7")


def _spend(state: State, index: int, r: RoundState, dice: int, rule: str,
           what: str) -> tuple[State, RoundState, DiceFrom]:
    """Pay ``dice`` of a participant's dice for a defense or Reaction (R-CON-15a/b)."""
    person = state.participants[index]
    source = r.defends_with
    have = r.dice_for_defense()
    if dice > have:
        label = "Action" if source is FROM_ACTION else "Defense"
        raise RuleViolation(f"{person.name} {person.verb('has', 'have')} {dice_text(have, label)}, "
                            f"cannot spend "
                            f"{dice} to {what}", rule=rule)
    if not dice:
        return state, r, source
    if source is FROM_DEFENSE:
        return state, copy_round(r, defense_dice=r.defense_dice - dice,
                                 defense_spent=r.defense_spent + dice), source
    # R-CON-15a: the remaining Action Dice set its new place in the acting order at once.
    new = copy_round(r, action_dice=r.action_dice - dice, action_defended=r.action_defended + dice)
    if dice:
        if index in state.step:
            state = drop_from_step(state, index)
        else:
            state = copy_state(state, queue=queue_remove(state.queue, r.action_dice, index))
        if new.action_dice > 0 and new.turn is WAITING:
            state = copy_state(state, queue=queue_insert(state.queue, new.action_dice, index))
    return state, new, source


def _commit(state: State, index: int, person: Participant, r: RoundState, action: Action,
            defense: Defense) -> State:
    actions = set_action(state, copy_action(action, defenses=(*action.defenses, defense)))
    if r is person.round:  # nothing of its own spent or gained: the participant stays
        return copy_state(state, actions=actions)
    person = copy_participant(person, round=r)
    return copy_state(state, participants=set_participant(state, index, person), actions=actions)


@handles(Defend)
def defend(state: State, event: Defend) -> State:
    """The target spends 2–10 dice to defend (R-CON-15a/b)."""
    index, person, action = _chooser(state, event.name, event.action, "R-CON-15", "defend")
    r = _grant(person, action, event.granted)
    state, r, source = _spend(state, index, r, event.dice, "R-CON-15", "defend")
    defense = _make_defense(by=person.name, kind=DEFEND, pool=event.dice,
                            spent=event.dice, paid_from=source, members=person.members)
    return _commit(state, index, person, r, action, defense)


@handles(React)
def react(state: State, event: React) -> State:
    """A Reaction, by the target instead of defending or by another for it (R-CON-16)."""
    index, person, action = _chooser(state, event.name, event.action, "R-CON-16", "react to",
                                     others=True)
    reactions = person.character.reactions
    if not reactions:
        raise RuleViolation(f"{person.name} {person.verb('has', 'have')} no Reaction",
                            rule="R-CON-16")
    found = [x for x in reactions if key_of(x.name) == key_of(event.reaction)]
    if not found:
        names = ", ".join(x.name for x in reactions)
        raise BadValue(f"{person.name} {person.verb('has', 'have')} no Reaction called "
                       f"{shown(event.reaction)} (has: "
                       f"{names})", rule="R-CON-16")
    reaction = found[0]
    pool = reaction.dice + event.added
    if not 2 <= pool <= 10:
        raise RuleViolation(f"a Reaction pool of {reaction.dice} + {event.added} = {pool} "
                            f"dice is outside 2–10", rule="R-CON-16")
    if person.name == action.target:
        r = _grant(person, action, event.granted)
    else:
        _not_the_target(person, action, event.granted)
        r = person.round
    state, r, source = _spend(state, index, r, event.added, "R-CON-16", "react")
    defense = _make_defense(by=person.name, kind=REACT, pool=pool, spent=event.added,
                            paid_from=source, reaction=reaction.name,
                            members=person.members)
    return _commit(state, index, person, r, action, defense)


@handles(TakeIt)
def take_it(state: State, event: TakeIt) -> State:
    """The target does not defend (R-CON-15d)."""
    index, person, action = _chooser(state, event.name, event.action, "R-CON-15",
                                     "leave undefended")
    r = _grant(person, action, event.granted)
    defense = _make_defense(by=person.name, kind=TAKE_IT, members=0)
    return _commit(state, index, person, r, action, defense)
