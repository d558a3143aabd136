"""Every event as one plain sentence: the board, the log, the written account of a
fight and the player shell all narrate through :func:`describe`.

``describe(before, event, after)`` reads the state before the event and after it (the
event's effects — a defeat, dice left, a roll's verdict — are in ``after``) and
returns one line of plain text: no markup, no colours, no die glyphs (screens add
their own). It is said *for a viewer* (:mod:`core.viewer`), by default the Narrator,
who reads every number; for a player or the table's shared screen the sentence is
built without the numbers that come from the statistics of the participants hidden
from them (:func:`conflict.privacy.hidden`: Villains and Extras not revealed). For
example::

    Kell attacks Marsh: 5 dice, Contest, Difficulty 1; 1 die kept for defense.
    Action 3: Kell rolls 5 5 3 1 6 (Result 5, 1 Nudge) against Marsh's 4 4 2 (Result 4): success.
    Marsh takes 3 Health damage (1 + 1 Nudge + 1 for the Glass dagger): Health 2/8.

:func:`describe_all` narrates a whole list of events from the start.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, TypeVar

from characters.model import ExtraGroup
from conflict.dice import Roll
from conflict.engine import apply
from conflict.events import (
    EVENT_TYPES,
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
    Nature,
    React,
    Reorder,
    RollDice,
    SetTest,
    Start,
    SwapResilience,
    TakeIt,
)
from conflict.privacy import hidden_in_step
from conflict.state import EMPTY, Action, Outcome, Participant, State, key_of
from core.viewer import NARRATOR, Viewer

__all__ = ["describe", "describe_all", "dice_count", "does", "roll_text"]

E = TypeVar("E", bound=Event)
Hidden = frozenset[str]
"""The names of the participants whose numbers a sentence leaves out."""
Told = Callable[[State, E, State, Hidden], str]
_SENTENCES: dict[type[Any], Told[Any]] = {}


def _says(cls: type[E]) -> Callable[[Told[E]], Told[E]]:
    def register(function: Told[E]) -> Told[E]:
        _SENTENCES[cls] = function
        return function

    return register


def describe(before: State, event: Event, after: State, viewer: Viewer = NARRATOR) -> str:
    """``event`` as one plain sentence, given the states before and after it, as
    ``viewer`` may read it (by default the Narrator, who reads every number): for
    anyone else, none of the numbers that come from a hidden participant's statistics
    (:func:`conflict.privacy.hidden`) is said — a joining Villain's or group's Wits
    (R-CON-4), where its dice came from (R-CON-7), the Defense Dice it gains from an
    Attribute (R-CON-7c), a changed action's dice before halving (R-CON-12), a
    Reaction's own dice inside its pool (R-CON-16), its Resilience left after damage
    (R-CON-20), and which participants a reordering found tied on Wits (R-CON-4).
    What the table sees stays: dice counted out and rolled openly, faces, damage
    dealt, Extras standing."""
    sentence = _SENTENCES.get(type(event))
    if sentence is None:
        return f"{type(event).__name__}."
    return sentence(before, event, after, hidden_in_step(before, after, viewer))


def describe_all(events: Iterable[Event], state: State = EMPTY,
                 viewer: Viewer = NARRATOR) -> list[str]:
    """One sentence per event, applying them in order from ``state``, as ``viewer``
    may read them (see :func:`describe`)."""
    lines = []
    for event in events:
        after = apply(state, event)
        lines.append(describe(state, event, after, viewer))
        state = after
    return lines


# --- words ----------------------------------------------------------------------------


def dice_count(count: int, kind: str = "") -> str:
    """``1 die``, ``3 Action Dice``: counts read as English."""
    if kind:
        return f"{count} {kind} {'Die' if count == 1 else 'Dice'}"
    return f"{count} {'die' if count == 1 else 'dice'}"


def does(state: State, name: str, singular: str, plural: str) -> str:
    """``Vin declares`` but ``Hazekillers declare``: the verb agrees with a group."""
    person = state.participant(name)
    return f"{person.name} {person.verb(singular, plural)}"


def _nudges(count: int) -> str:
    return f"{count} Nudge{'' if count == 1 else 's'}"


def roll_text(roll: Roll) -> str:
    """``5 5 3 1 6 (Result 5, 1 Nudge)``: the faces and what they mean (R-DICE-4/5)."""
    faces = " ".join(str(face) for face in roll.faces)
    result = f"Result {roll.result}" if roll.result else "no set"
    nudges = f", {_nudges(roll.nudges)}" if roll.nudges else ""
    return f"{faces} ({result}{nudges})"


def _action_after(after: State, before: State, number: int) -> Action | None:
    return after.action(number) or before.action(number)


def _aim(action: Action | Declare | Change) -> str:
    if action.target is None:
        return ""
    if not action.harm:
        return f" against {action.target}, without harm"
    return f" on {action.target}"


def _terms(action: Action, nature: Nature) -> str:
    """What differs from the defaults: a kind other than the Conflict's nature, a
    Resilience other than the kind's (R-CON-8), the equipment (R-CON-18)."""
    parts = []
    kind = action.attack_kind
    if action.target is not None and kind is not None:
        if kind is not nature:
            parts.append(f"a {kind.value} attack" if action.harm else kind.value)
        if action.harm and action.resilience not in (None, kind.resilience):
            parts.append(f"against {str(action.resilience).capitalize()}")
    if action.equipment:
        parts.append(f"with the {action.equipment}")
    return (", " + ", ".join(parts)) if parts else ""


# --- one sentence per event -------------------------------------------------------------


@_says(Start)
def _start(before: State, event: Start, after: State, hidden: Hidden) -> str:
    stakes = f" over {event.stakes}" if event.stakes else ""
    scope = f" ({event.scope})" if event.scope else ""
    return f"A {event.nature.value} Conflict begins{stakes}{scope}."


@_says(AddParticipant)
def _add(before: State, event: AddParticipant, after: State, hidden: Hidden) -> str:
    character = event.character
    surprised = ", surprised" if event.surprised else ""
    name = after.participant(character.name).name
    wits = "" if name in hidden else f", Wits {character.wits}"  # R-CON-4
    if isinstance(character, ExtraGroup):
        return (f"{character.name} join the {event.side}: {character.count} Extras"
                f"{wits}{surprised}.")
    return (f"{character.name} joins the {event.side}: {character.kind.value}"
            f"{wits}{surprised}.")


@_says(Reorder)
def _reorder(before: State, event: Reorder, after: State, hidden: Hidden) -> str:
    names = [after.participant(name).name for name in event.names]
    if hidden.intersection(names):  # a reorder means a tie on Wits (R-CON-4)
        return "The Narrator settles the order of declaration."
    return f"The Narrator orders the tied participants: {', then '.join(names)}."


@_says(Declare)
def _declare(before: State, event: Declare, after: State, hidden: Hidden) -> str:
    who = after.participant(event.name).name
    what = f": {event.description}" if event.description else ""
    source = f" ({event.source})" if event.source and who not in hidden else ""  # R-CON-7
    if event.kind is DeclarationKind.DEFENSE:
        return (f"{does(after, who, 'declares', 'declare')} full defense: "
                f"{dice_count(event.dice, 'Defense')}{source}{what}.")
    if event.kind is DeclarationKind.NO_ROLL:
        return f"{does(after, who, 'declares', 'declare')} an action that needs no roll{what}."
    action = after.actions[-1]
    verb = "an attack" if action.is_attack else "an action"
    return (f"{does(after, who, 'declares', 'declare')} {verb}{_aim(action)}: "
            f"{dice_count(event.dice, 'Action')}{source}{_terms(action, after.nature)}{what}.")


@_says(SetTest)
def _set_test(before: State, event: SetTest, after: State, hidden: Hidden) -> str:
    kind = "a Contest" if event.contest else "a Challenge"
    return f"The Narrator makes action {event.action} {kind}, Difficulty {event.difficulty}."


@_says(SwapResilience)
def _swap(before: State, event: SwapResilience, after: State, hidden: Hidden) -> str:
    return f"The Narrator turns action {event.action} against {event.resilience.capitalize()}."


@_says(Act)
def _act(before: State, event: Act, after: State, hidden: Hidden) -> str:
    person = after.participant(event.name)
    assert after.pending is not None
    action = after.action(after.pending)
    assert action is not None
    if action.is_attack:
        verb = does(after, person.name, "attacks", "attack")
    else:
        verb = does(after, person.name, "acts", "act") + (" against" if action.target else "")
    target = f" {action.target}" if action.target else ""
    test = "Contest" if action.contest else "Challenge"
    kept = person.round.defense_dice - before.participant(event.name).round.defense_dice
    keep = f"; {dice_count(kept)} kept for defense" if kept else ""
    return (f"{verb}{target}: {dice_count(event.pool)}, {test}, Difficulty "
            f"{action.difficulty}{keep}.")


@_says(Change)
def _change(before: State, event: Change, after: State, hidden: Hidden) -> str:
    person = after.participant(event.name)
    action = after.actions[-1]
    aim = _aim(action)
    what = f": {event.description}" if event.description else ""
    dice = person.round.action_dice
    halved = (event.dice + 1) // 2
    why = (f" ({event.dice} halved)" if dice == halved
           else f" ({event.dice} halved is {halved}, but only {dice} were held)")  # R-CON-12
    if person.name in hidden:
        why = ""
    return (f"{does(after, person.name, 'changes', 'change')} their action{aim}: "
            f"{dice_count(dice)}{why}, acting at the end of the round{what}.")


@_says(Hold)
def _hold(before: State, event: Hold, after: State, hidden: Hidden) -> str:
    held = before.participant(event.name).round.action_dice
    who = does(after, event.name, "holds", "hold")
    become = "becomes a Defense Die" if held == 1 else "become Defense Dice"
    return f"{who}: {dice_count(held, 'Action')} {become}."


def _granted(before: State, after: State, name: str, hidden: Hidden) -> str:
    """`` (gains 3 Defense Dice)``: an Attribute's worth (R-CON-7c), unless hidden."""
    if name in hidden:
        return ""
    gained = (after.participant(name).round.defense_gained
              - before.participant(name).round.defense_gained)
    was = before.participant(name).round
    if gained and not was.granted and after.participant(name).round.granted:
        return f" (gains {dice_count(gained, 'Defense')})"
    return ""


@_says(Defend)
def _defend(before: State, event: Defend, after: State, hidden: Hidden) -> str:
    name = after.participant(event.name).name
    action = after.action(event.action)
    assert action is not None
    defense = action.defense_by(name)
    assert defense is not None and defense.paid_from is not None
    kind = defense.paid_from.value.capitalize()
    gains = _granted(before, after, name, hidden)
    return (f"{does(after, name, 'defends', 'defend')}{gains} against action {event.action} "
            f"with {dice_count(event.dice, kind)}.")


@_says(React)
def _react(before: State, event: React, after: State, hidden: Hidden) -> str:
    name = after.participant(event.name).name
    action = after.action(event.action)
    assert action is not None
    defense = action.defense_by(name)
    assert defense is not None
    reaction_dice = defense.pool - event.added
    sum_ = f"{reaction_dice} + {event.added} = " if event.added and name not in hidden \
        else ""  # R-CON-16: the Reaction's own dice are its statistic
    behalf = f" for {action.target}" if name != action.target else ""
    gains = _granted(before, after, name, hidden)
    return (f"{does(after, name, 'reacts', 'react')}{gains}{behalf} "
            f"against action {event.action} with {defense.reaction}: "
            f"{sum_}{dice_count(defense.pool)}.")


@_says(TakeIt)
def _take_it(before: State, event: TakeIt, after: State, hidden: Hidden) -> str:
    name = after.participant(event.name).name
    gains = _granted(before, after, name, hidden)
    return (f"{does(after, name, 'does', 'do')} not defend{gains} "
            f"against action {event.action}.")


def _rolled(roll: Roll, rollers: int, typed: int | None = None) -> str:
    """A roll's faces and Result; for a group, of how many rolls it is the best, or
    that its kept roll was typed alone (``typed``: the lists of faces given, R-CON-2)."""
    if typed == 1 and rollers > 1:
        best = ", kept roll typed"
    else:
        best = f", best of {rollers}" if rollers > 1 else ""
    text = roll_text(roll)
    return text[:-1] + best + ")"


@_says(RollDice)
def _roll(before: State, event: RollDice, after: State, hidden: Hidden) -> str:
    action = _action_after(after, before, event.action)
    assert action is not None and action.attacker_roll is not None
    parts = [f"Action {action.number}: {does(after, action.actor, 'rolls', 'roll')} "
             f"{_rolled(action.attacker_roll, action.members, len(event.attacker))}"]
    rolled = [d for d in action.defenses if d.roll is not None]
    typed = {key_of(given.name or rolled[0].by): len(given.faces)
             for given in event.defenders if rolled}
    for defense in rolled:
        assert defense.roll is not None
        kept = _rolled(defense.roll, defense.members, typed.get(key_of(defense.by)))
        parts.append(f"{does(after, defense.by, 'rolls', 'roll')} {kept}")
    verdict = {
        Outcome.SUCCESS: "success" if not action.is_attack else "the attack succeeds",
        Outcome.FAILURE: "it fails",
        Outcome.STALEMATE: "stalemate: the struggle continues",
    }[action.outcome or Outcome.FAILURE]
    return "; ".join(parts) + f": {verdict}."


def _standing(person: Participant, resilience: str | None) -> str:
    if person.resiliences is None or resilience is None:
        return f"{person.members} left" if person.members else "none left"
    value = person.resiliences.get(resilience)
    return f"{resilience.capitalize()} {value.current}/{value.full}"


@_says(ApplyDamage)
def _damage(before: State, event: ApplyDamage, after: State, hidden: Hidden) -> str:
    action = _action_after(after, before, event.action)
    assert action is not None and action.damage is not None and action.target is not None
    person = after.participant(action.target)
    applied = action.nudges_applied or 0
    parts = ["1"]
    if applied:
        parts.append(_nudges(applied))
    if action.bonus:
        parts.append(f"{action.bonus} for the {action.equipment}")
    working = f" ({' + '.join(parts)})" if len(parts) > 1 else ""
    if person.is_group:
        fallen = before.participant(action.target).members - person.members
        fall = "falls" if fallen == 1 else "fall"
        head = f"{fallen} of {person.name} {fall}{working}: {_standing(person, None)}"
    else:
        label = (action.resilience or "health").capitalize()
        secret = person.name in hidden and person.resiliences is not None  # R-CON-20
        left = "" if secret else f": {_standing(person, action.resilience)}"
        head = f"{person.name} takes {action.damage} {label} damage{working}{left}"
    defeated = f"; {person.name} {person.verb('is', 'are')} defeated" \
        if person.defeated else ""
    spent = ""
    if action.nudges_spent:
        note = f": {action.note}" if action.note else ""
        spent = f"; {_nudges(action.nudges_spent)} spent{note}"
    return f"{head}{defeated}{spent}."


@_says(Defeat)
def _defeat(before: State, event: Defeat, after: State, hidden: Hidden) -> str:
    why = f": {event.reason}" if event.reason else ""
    return f"The Narrator takes {after.participant(event.name).name} out{why}."


@_says(EndRound)
def _end_round(before: State, event: EndRound, after: State, hidden: Hidden) -> str:
    return f"Round {before.round} ends; unspent dice are lost. Round {after.round} begins."


@_says(EndConflict)
def _end(before: State, event: EndConflict, after: State, hidden: Hidden) -> str:
    outcome = f": {event.outcome}" if event.outcome else ""
    return f"The Conflict ends{outcome}."


MISSING: Final[Sequence[type[Event]]] = tuple(c for c in EVENT_TYPES if c not in _SENTENCES)
assert not MISSING, f"events without a sentence: {MISSING}"
