"""Set-up and the Narrator's calls around the rounds: Start, AddParticipant, Reorder,
Defeat, EndRound, EndConflict (R-CON-1, 2, 4, 5, 20, 21)."""

from __future__ import annotations

import bisect

from characters.errors import NameLooksAlike
from characters.model import RESILIENCES, Sheet
from characters.names import appearance, look_alike_among, name_key, why_alike
from conflict.errors import BadValue, RuleViolation, possessive
from conflict.events import AddParticipant, Defeat, EndConflict, EndRound, Reorder, Start
from conflict.members import DECLARATION, ROUND_OVER
from conflict.order import (
    advance,
    after_declaration,
    declare_key,
    declare_order,
    describe_phase,
    drop_from_step,
    evolve,
    next_declarer_pos,
    order_of_declaration,
)
from conflict.state import EMPTY_ROUND, Participant, Phase, State, copy_participant, count_side
from conflict.steps.common import out_of_the_round, position, require_phase, set_participant
from conflict.steps.registry import handles

__all__ = ["add", "defeat", "end_conflict", "end_round", "reorder", "start"]


@handles(Start)
def start(state: State, event: Start) -> State:
    """The Conflict begins (R-CON-1)."""
    if state.phase is not Phase.NOT_STARTED:
        raise RuleViolation("the Conflict has already started", rule="R-CON-1")
    return State(phase=DECLARATION, nature=event.nature, stakes=event.stakes,
                 scope=event.scope, round=1, rules=event.rules)


def _joins(state: State) -> int:
    """The round a participant joining now is surprised in, if surprised (R-CON-5's
    ruling: the round it joins). A Conflict begun under edition 1 of the rules counts
    surprise in round 1 only, as it was played."""
    return state.round if state.rules >= 2 else 1


@handles(AddParticipant)
def add(state: State, event: AddParticipant) -> State:
    """A sheet or Extra group joins a side (R-CON-2, R-CON-5)."""
    character = event.character
    name = character.name
    if state.phase is not DECLARATION or state.declared_count:
        # Ruling: participants join only before anyone declares in a round.
        raise RuleViolation(f"cannot add {name} now: participants join before anyone "
                            f"declares in a round ({describe_phase(state)})", rule="R-CON-3")
    key = name_key(name)
    if key in state.index:
        other = state.participants[state.index[key]].name
        raise BadValue(f"{other} already takes part: names must differ (ignoring case, "
                       f"spacing and invisible characters)", rule="R-CON-2")
    looks = _refuse_look_alike(state, name)
    if isinstance(character, Sheet):
        for resilience in RESILIENCES:
            if character.resiliences.get(resilience).defeated:
                raise RuleViolation(f"{possessive(name)} {resilience.capitalize()} is at 0: "
                                    f"defeated characters take no part", rule="R-CON-20")
        person = Participant(name=name, character=character, side=event.side,
                             surprised=event.surprised, joined=_joins(state),
                             tiebreak=len(state.participants),
                             members=1, resiliences=character.resiliences)
    else:
        person = Participant(name=name, character=character, side=event.side,
                             surprised=event.surprised, joined=_joins(state),
                             tiebreak=len(state.participants),
                             members=character.count)
    at = len(state.participants)
    index = dict(state.index)
    index[key] = at
    index[name] = at
    people = (*state.participants, person)
    order = list(state.declare_order)
    bisect.insort(order, at, key=lambda i: declare_key(people[i], state.round))
    reactors = (*state.reactors, at) if character.reactions else state.reactors
    return evolve(state, participants=people, index=index, declare_order=tuple(order),
                  declare_pos=0, standing=count_side(state.standing, event.side, 1),
                  reactors=reactors, looks=looks)


def _refuse_look_alike(state: State, name: str) -> dict[tuple[int, str], str]:
    """A name that only looks like one already taking part is refused (R-CON-2): two
    participants must never print the same. Returns the names filed by look, with
    this one added."""

    other = look_alike_among(name, state.looks)
    if other is not None:
        raise BadValue(str(NameLooksAlike(name, other, why_alike(name, other))),
                       rule="R-CON-2")
    looks = dict(state.looks)
    for look in appearance(name):
        looks.setdefault(look, name)
    return looks


@handles(Reorder)
def reorder(state: State, event: Reorder) -> State:
    """The Narrator orders participants tied on Wits (R-CON-4)."""
    require_phase(state, DECLARATION, "R-CON-4", "reorder")
    indexes = [position(state, name) for name in event.names]
    people = state.participants
    keys = set()
    for i in indexes:
        person = people[i]
        if person.defeated:
            raise RuleViolation(f"{person.name} {person.verb('is', 'are')} defeated and "
                                f"{person.verb('does', 'do')} not declare",
                                rule="R-CON-20")
        if person.round.declared is not None:
            raise RuleViolation(f"{person.name} {person.verb('has', 'have')} already declared "
                                f"this round",
                                rule="R-CON-4")
        keys.add(declare_key(person, state.round)[:2])
    if len(keys) > 1:
        if len({k[0] for k in keys}) > 1:
            raise RuleViolation("surprised participants declare before the others; only "
                                "participants tied on Wits can be reordered", rule="R-CON-5")
        listed = ", ".join(f"{people[i].name} (Wits {people[i].wits})" for i in indexes)
        raise RuleViolation(f"only participants tied on Wits can be reordered: {listed}",
                            rule="R-CON-4")
    ranks = sorted(people[i].tiebreak for i in indexes)
    participants = list(people)
    for i, rank in zip(indexes, ranks, strict=True):
        participants[i] = evolve(participants[i], tiebreak=rank)
    state = evolve(state, participants=tuple(participants))
    state = evolve(state, declare_order=declare_order(state), declare_pos=0)
    return evolve(state, declare_pos=next_declarer_pos(state, 0))


@handles(Defeat)
def defeat(state: State, event: Defeat) -> State:
    """The Narrator takes a participant out (R-CON-21)."""
    index = position(state, event.name)
    person = state.participants[index]
    if state.phase not in (DECLARATION, Phase.RESOLUTION, ROUND_OVER):
        raise RuleViolation(f"cannot defeat {person.name} now: {describe_phase(state)}",
                            rule="R-CON-21")
    if person.defeated:
        raise RuleViolation(f"{person.name} {person.verb('is', 'are')} already defeated",
                            rule="R-CON-20")
    if state.pending is not None:
        # Ruling: finish the action being resolved first.
        raise RuleViolation(f"cannot defeat {person.name} while action {state.pending} is "
                            f"being resolved", rule="R-CON-21")
    person = evolve(person, defeated=True, defeat_reason=event.reason or "taken out")
    state = drop_from_step(state, index)
    state = out_of_the_round(state, index, person)
    state = evolve(state, participants=set_participant(state, index, person))
    if state.phase is DECLARATION:
        return after_declaration(state)
    return advance(state)


@handles(EndRound)
def end_round(state: State, event: EndRound) -> State:
    """The round ends; unspent dice are lost (R-CON-21)."""
    if state.phase is not ROUND_OVER:
        raise RuleViolation(f"round {state.round} cannot end yet: {describe_phase(state)}",
                            rule="R-CON-21")
    participants = tuple(p if p.round is EMPTY_ROUND else copy_participant(p, round=EMPTY_ROUND)
                         for p in state.participants)
    number = state.round + 1
    return after_declaration(state, phase=DECLARATION, round=number,
                             participants=participants, actions=(),
                             first_action=state.next_action, queue=(), step=(),
                             step_members=(), changed_queue=(), pending=None,
                             declared_count=0, declare_pos=0,
                             declare_order=order_of_declaration(participants, number))


@handles(EndConflict)
def end_conflict(state: State, event: EndConflict) -> State:
    """The Conflict ends with its outcome (R-CON-21)."""
    return evolve(state, phase=Phase.ENDED, outcome=event.outcome, pending=None)
