"""The dice and what follows: RollDice, ApplyDamage (R-CON-14, R-CON-17 … R-CON-20)."""

from __future__ import annotations

from collections.abc import Sequence

from characters.model import Resilience
from conflict.dice import Roll, best_of, best_roll
from conflict.dice import attack as judge
from conflict.errors import BadValue, RuleViolation
from conflict.events import ApplyDamage, DefenseRoll, RollDice
from conflict.members import DONE, FAIL, FAILURE, PENDING, STALEMATE, SUCCESS, TAKE_IT, WIN
from conflict.order import advance, evolve
from conflict.state import (
    Action,
    Defense,
    State,
    copy_action,
    copy_participant,
    key_of,
)
from conflict.steps.common import (
    out_of_the_round_changes,
    pending_for,
    position,
    set_action,
    set_participant,
)
from conflict.steps.registry import handles

__all__ = ["damage", "no_damage_to_deal", "roll"]


def _best(faces: Sequence[Sequence[int]], pool: int, rollers: int, who: str,
          number: int) -> Roll:
    """The roll kept from ``faces``: each roller's, or a group's kept roll alone (R-CON-2
    ruling: at the table the Narrator rolls the group and reads out its best roll)."""
    if len(faces) not in (1, rollers):
        example = ",".join(["5"] * pool)  # one face per die of the pool
        raise BadValue(f"action {number}: {who} rolls {pool} dice for each of "
                       f"{rollers} members: give the kept roll alone ({example}) or all "
                       f"{rollers} split by slashes ({'/'.join([example] * 2)}/…), got "
                       f"{len(faces)}", rule="R-CON-2")
    for row in faces:
        if len(row) != pool:
            raise BadValue(f"{who} of action {number} rolls a pool of {pool}: got "
                           f"{len(row)} faces", rule="R-CON-11")
    return best_roll(pool, faces)  # R-DICE-8


def _match_defenders(rolling: list[Defense], given: tuple[DefenseRoll, ...],
                     number: int) -> list[DefenseRoll]:
    """The faces given for each rolling defense, in the order they were committed."""
    if len(given) == 1 and given[0].name is None and len(rolling) == 1:
        return [given[0]]
    if len(given) == len(rolling) and all(
            item.name == defense.by for item, defense in zip(given, rolling, strict=True)):
        return list(given)  # named as committed, in order (as RollOption.event gives them)
    by_name: dict[str, DefenseRoll] = {}
    for item in given:
        if item.name is None:
            raise BadValue(f"{len(rolling)} participants roll against action {number}: "
                           f"name the defender of each list of faces", rule="R-CON-16")
        by_name[key_of(item.name)] = item
    out = []
    for defense in rolling:
        found = by_name.pop(key_of(defense.by), None)
        if found is None:
            raise BadValue(f"action {number} needs the faces {defense.by} rolled to "
                           f"{'react' if defense.reaction else 'defend'}", rule="R-CON-15")
        out.append(found)
    if by_name:
        extra = ", ".join(item.name or "" for item in given
                          if item.name is not None and key_of(item.name) in by_name)
        raise BadValue(f"no one else rolls against action {number}, got faces for "
                       f"{extra}", rule="R-CON-15")
    return out


@handles(RollDice)
def roll(state: State, event: RollDice) -> State:
    """The faces for the pending action, judged (R-CON-14, R-CON-16, R-CON-17)."""
    action = pending_for(state, event.action, "R-CON-14", "roll")
    awaiting = action.awaiting
    if awaiting == "defense":
        raise RuleViolation(f"{action.target} must choose a defense against action "
                            f"{action.number} before anyone rolls", rule="R-CON-15")
    if awaiting != "roll":
        raise RuleViolation(f"action {action.number} has already rolled", rule="R-CON-14")
    assert action.pool is not None
    attacker = _best(event.attacker, action.pool, action.members, "the actor", action.number)
    defenses = action.defenses
    rolling = [d for d in defenses if d.kind is not TAKE_IT]  # d.rolls
    opposed: Roll | None = None
    opposed_by: str | None = None
    if rolling:
        changed = list(defenses)
        opposing: list[tuple[Roll, str]] = []
        for defense, given in zip(rolling, _match_defenders(rolling, event.defenders,
                                                            action.number), strict=True):
            best = _best(given.faces, defense.pool, defense.members, defense.by,
                         action.number)
            changed[changed.index(defense)] = evolve(defense, roll=best)
            opposing.append((best, defense.by))
        defenses = tuple(changed)
        # R-CON-16 ruling: opposed by the best roll among the target's defense and every
        # Reaction against the action (R-DICE-8: the first of equal rolls is kept).
        if len(opposing) == 1:
            opposed, opposed_by = opposing[0]
        else:
            opposed = best_of(r for r, _ in opposing)
            opposed_by = next(name for r, name in opposing if r is opposed)
    elif event.defenders:
        raise BadValue(f"no one rolls against action {action.number}, got "
                       f"{len(event.defenders)} defender's roll(s)", rule="R-CON-15")
    if action.contest:
        # R-CON-17: Result ≥ 1, meets the Difficulty, beats the best opposing roll.
        judged = judge(attacker, opposed, action.difficulty)
        outcome = SUCCESS if judged is WIN else FAILURE if judged is FAIL else STALEMATE
    else:
        # R-CON-14: a Challenge, as R-DICE-6.
        outcome = SUCCESS if attacker.meets(action.difficulty) else FAILURE
    # R-CON-8a: an action that does no harm ends with its success recorded.
    done = not (outcome is SUCCESS and action.is_attack)
    action = copy_action(action, outcome=outcome, attacker_roll=attacker, defenses=defenses,
                         opposing_roll=opposed, opposed_by=opposed_by,
                         status=DONE if done else PENDING)
    return advance(state, actions=set_action(state, action),
                   pending=None if done else action.number)


def no_damage_to_deal(action: Action) -> str:
    """Why an action already settled deals no damage (R-CON-18): only a successful
    attack does, once."""
    number = action.number
    if action.damage is not None:
        return f"action {number} already dealt its damage ({action.damage})"
    if action.outcome is FAILURE:
        return f"action {number} failed; there is no damage to deal"
    if action.outcome is STALEMATE:
        return f"action {number} ended in a stalemate; there is no damage to deal"
    # R-CON-8a: an action aimed at someone that does no harm records its success alone.
    return f"action {number} does no harm; there is no damage to deal"


@handles(ApplyDamage)
def damage(state: State, event: ApplyDamage) -> State:
    """The damage of a successful attack (R-CON-18, R-CON-19, R-CON-20)."""
    settled = state.action(event.action)
    if settled is not None and settled.status is DONE:
        raise RuleViolation(no_damage_to_deal(settled), rule="R-CON-18")
    action = pending_for(state, event.action, "R-CON-18", "apply damage of")
    if action.awaiting != "damage":
        raise RuleViolation(f"action {action.number} awaits {action.awaiting}, not "
                            f"damage", rule="R-CON-18")
    assert action.attacker_roll is not None and action.target is not None
    rolled = action.attacker_roll.nudges
    nudges = rolled - event.spent if event.nudges is None else event.nudges
    if nudges < 0 or nudges + event.spent > rolled:
        asked = [f"apply {nudges}"] if event.nudges is not None else []
        if event.spent:
            asked.append(f"spend {event.spent}")
        raise RuleViolation(f"the attacker rolled {rolled} Nudge(s); cannot "
                            f"{' and '.join(asked)}", rule="R-CON-18")
    amount = 1 + nudges + action.bonus  # R-CON-18
    index = position(state, action.target)
    person = state.participants[index]
    if person.resiliences is None:
        # R-CON-19: each point of damage defeats one Extra; the group is gone at 0.
        members = max(0, person.members - amount)
        person = copy_participant(person, members=members, defeated=members == 0,
                                  defeat_reason=f"defeated by action {action.number}"
                                  if members == 0 else "")
    else:
        # R-CON-20: damage is kept apart from the full score and accumulates; a
        # Resilience stops at 0 (damage never past the full score).
        name = action.resilience or "health"
        before = person.resiliences.get(name)
        hurt = Resilience(full=before.full, damage=min(before.full, before.damage + amount))
        resiliences = person.resiliences.replace(name, hurt)
        if hurt.defeated:
            person = copy_participant(person, resiliences=resiliences, defeated=True,
                                      defeat_reason=f"{name.capitalize()} 0 after action "
                                                    f"{action.number}")
        else:
            person = copy_participant(person, resiliences=resiliences)
    # Ruling: a participant in the current step still acts; others no longer do.
    out = out_of_the_round_changes(state, index, person) if person.defeated else {}
    action = copy_action(action, status=DONE, damage=amount, nudges_applied=nudges,
                         nudges_spent=event.spent, note=event.note)
    return advance(state, participants=set_participant(state, index, person),
                   actions=set_action(state, action), pending=None, **out)
