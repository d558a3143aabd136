"""One intent per step of a Conflict: what a person means, made into the events to
append, against the Conflict as it stands when they are written.

Each function takes a step's words (names as typed: any unique beginning or word of a
participant's name) and returns an :data:`~conflict.intents.Intent`. Words that can be
judged alone are judged at once; the rest when the intent is built against the state
(another writer may have moved the Conflict on meanwhile). The engine then checks the
events again (:mod:`conflict.steps`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from conflict.errors import BadValue, RuleViolation, possessive
from conflict.intents.words import NOTHING, Declaration, figure, read_faces, refused

if TYPE_CHECKING:
    from conflict.events import Event
    from conflict.state import State

Intent = Callable[["State"], Sequence["Event"]]
"""What a step wants written, built against the Conflict as it stands when written: the
events to append (the shape :meth:`table.sessions.Saved.record` takes)."""

__all__ = [
    "act",
    "change",
    "check_declaration",
    "damage",
    "declare",
    "defeat",
    "defend",
    "end",
    "end_round",
    "end_round_check",
    "gear",
    "hold",
    "participant",
    "pending_or",
    "react",
    "reorder",
    "roll",
    "set_test",
    "swap",
    "take",
    "which_action",
]


def participant(state: State, typed: str) -> str:
    """The participant meant by ``typed`` (a unique beginning or word of its name)."""
    from characters.lookup import resolve

    return resolve(typed, [p.name for p in state.participants], what="participant")


def pending_or(state: State, number: int | None, doing: str) -> int:
    """The action meant: the one given, else the one being resolved."""
    if number is not None:
        return number
    if state.pending is None:
        raise refused(RuleViolation, f"no action is being resolved: say which to {doing}",
                      "R-CON-14", param="action")
    return state.pending


def gear(state: State, who: str, typed: str | None) -> str | None:
    """The equipment on ``who``'s sheet that ``typed`` means ("glass" → "Glass dagger");
    none for ``-``, ``none`` or ``nothing`` (:data:`~conflict.intents.words.NOTHING`),
    at every door alike."""
    if typed is None or typed.strip().casefold() in NOTHING:
        return None
    from characters.lookup import resolve

    owned = [item.name for item in state.participant(who).character.equipment]
    return resolve(typed, owned, what=f"equipment of {who}")


# --- step 1: declarations and the Narrator's calls ---------------------------------------


def check_declaration(said: Declaration) -> None:
    """What a declaration's words alone break: an attack needs a target (R-CON-8); full
    defense (R-CON-7b) and an action that needs no roll (R-CON-7c) are aimed at no one,
    and the latter takes no dice."""
    if said.kind == "attack" and said.target is None:
        raise refused(BadValue, "an attack needs a target", "R-CON-8", param="target")
    aimed = said.aimed_words() if said.kind in ("defense", "no-roll") else []
    if aimed:
        what, rule = ("full defense (R-CON-7b)", "R-CON-7b") if said.kind == "defense" \
            else ("an action that needs no roll (R-CON-7c)", "R-CON-7c")
        verb = "goes" if len(aimed) == 1 else "go"
        raise refused(RuleViolation, f"{' and '.join(aimed)} {verb} with an action aimed "
                                     f"at someone; {what} is aimed at no one", rule)
    if said.kind == "no-roll" and (said.dice is not None or said.using is not None):
        raise refused(RuleViolation, "an action that needs no roll takes no dice (R-CON-7c)",
                      "R-CON-7c")


def _dice(state: State, who: str, said: Declaration) -> Any:
    return figure(state.participant(who).character, said.dice, said.using, said.traits,
                  said.tools, said.circumstances)


def declare(name: str, said: Declaration) -> Intent:
    """``name`` declares (R-CON-7): an action needing a roll (an attack with a target),
    full defense, or an action that needs no roll."""
    from conflict.events import Declare

    check_declaration(said)

    def build(state: State) -> list[Event]:
        who = participant(state, name)
        if said.kind == "no-roll":
            return [Declare.no_roll(who, description=said.description)]
        count = _dice(state, who, said)
        if said.kind == "defense":
            return [Declare.defense(who, count, description=said.description)]
        aimed = participant(state, said.target) if said.target is not None else None
        return [Declare.action(who, count, target=aimed, harm=not said.no_harm,
                               attack_kind=said.attack_kind, resilience=said.resilience,
                               equipment=gear(state, who, said.equipment),
                               description=said.description)]

    return build


def which_action(state: State, typed: int | str) -> int:
    """The number of the action this round that ``typed`` means: its number (``3``, as
    the log tells it), its actor's place in the acting order as the board shows it
    (``2nd``, R-CON-10), or its actor's name (a unique beginning or word)."""
    from conflict.board import acting_places, ordinal

    text = str(typed).strip()
    number = text.removeprefix("#")
    if number.removeprefix("-").isdigit():  # a number, out of bounds too: the event says
        return int(number)
    places = acting_places(state)
    named = [name for name, place in places.items() if ordinal(place) == text.lower()]
    if len(named) > 1:
        raise refused(BadValue, f"{', '.join(named)} act together {text}: say which "
                                f"by name or by the action's number", "R-CON-10")
    who = named[0] if named else participant(state, text)
    mine = [a.number for a in state.actions if a.actor == who]
    if not mine:
        raise refused(RuleViolation, f"{who} has no action this round to set (R-CON-7)",
                      "R-CON-7")
    return mine[-1]


def set_test(action: int | str, contest: bool, difficulty: int) -> Intent:
    """The Narrator sets an action's test and Difficulty (R-CON-9); the action by its
    number, place or actor (:func:`which_action`)."""
    from conflict.events import SetTest

    return lambda state: [SetTest(action=which_action(state, action), contest=contest,
                                  difficulty=difficulty)]


def swap(action: int | str, resilience: str) -> Intent:
    """The Narrator turns an attack against another Resilience (R-CON-8); the action by
    its number, place or actor (:func:`which_action`)."""
    from conflict.events import SwapResilience

    return lambda state: [SwapResilience(action=which_action(state, action),
                                         resilience=resilience)]


def reorder(names: Sequence[str]) -> Intent:
    """The Narrator orders participants tied on Wits (R-CON-4)."""
    from conflict.events import Reorder

    return lambda state: [Reorder(tuple(participant(state, n) for n in names))]


# --- step 2: acting ---------------------------------------------------------------------------


def act(name: str, pool: int | None = None) -> Intent:
    """``name`` acts as declared with ``pool`` dice, by default all it may roll
    (R-CON-11)."""
    from conflict.events import Act
    from conflict.options import default_pool

    def build(state: State) -> list[Event]:
        who = participant(state, name)
        size = pool if pool is not None else \
            default_pool(state.participant(who).round.action_dice)
        return [Act(who, pool=size)]

    return build


def change(name: str, said: Declaration) -> Intent:
    """``name`` declares a new action, its dice halved (R-CON-12)."""
    from characters.pools import DicePool
    from conflict.events import Change

    def build(state: State) -> list[Event]:
        who = participant(state, name)
        count = _dice(state, who, said)
        aimed = participant(state, said.target) if said.target is not None else None
        source = count.describe() if isinstance(count, DicePool) else ""
        number = count.count if isinstance(count, DicePool) else count
        return [Change(who, dice=number, source=source, description=said.description,
                       target=aimed, harm=not said.no_harm, attack_kind=said.attack_kind,
                       resilience=said.resilience, equipment=gear(state, who, said.equipment))]

    return build


def hold(name: str) -> Intent:
    """``name`` holds: all its Action Dice become Defense Dice (R-CON-13)."""
    from conflict.events import Hold

    return lambda state: [Hold(participant(state, name))]


# --- against an action: defense, Reactions, taking it -------------------------------------


def defend(name: str, dice: int | None = None, number: int | None = None,
           granted: int | None = None) -> Intent:
    """``name`` defends with ``dice``, by default what-now's (R-CON-15)."""
    from conflict.events import Defend
    from conflict.whatnow import AwaitingDefense, what_now

    def build(state: State) -> list[Event]:
        who = participant(state, name)
        action = pending_or(state, number, "defend against")
        count = dice
        if count is None:
            now = what_now(state)
            option = now.defend if isinstance(now, AwaitingDefense) else None
            if option is None or option.name != who:
                raise refused(RuleViolation, f"{who} has no defense to make now; say how "
                                             f"many dice", "R-CON-15")
            count = option.event().dice
        return [Defend(who, action=action, dice=count, granted=granted)]

    return build


def react(name: str, reaction: str, added: int = 0, number: int | None = None,
          granted: int | None = None) -> Intent:
    """``name`` uses ``reaction``, adding ``added`` dice (R-CON-16)."""
    from characters.lookup import resolve
    from conflict.events import React

    def build(state: State) -> list[Event]:
        who = participant(state, name)
        reactions = [r.name for r in state.participant(who).character.reactions]
        chosen = resolve(reaction, reactions, what=f"Reaction of {who}")
        return [React(who, action=pending_or(state, number, "react to"), reaction=chosen,
                      added=added, granted=granted)]

    return build


def take(name: str, number: int | None = None, granted: int | None = None) -> Intent:
    """``name`` does not defend (R-CON-15d)."""
    from conflict.events import TakeIt

    return lambda state: [TakeIt(participant(state, name),
                                 action=pending_or(state, number, "take"), granted=granted)]


# --- the dice and what follows ------------------------------------------------------------


def roll(faces: str | None = None, against: Sequence[str] = (),
         number: int | None = None) -> Intent:
    """Roll the action being resolved (R-CON-14/17); dice typed as rolled at the table
    (``faces``; ``against``: ``[NAME=]FACES`` for each defender) are used as given."""
    from conflict.board import next_line
    from conflict.whatnow import AwaitingRoll, what_now

    def build(state: State) -> list[Event]:
        now = what_now(state)
        if not isinstance(now, AwaitingRoll) or (number is not None and number != now.action):
            raise refused(RuleViolation, f"no action is waiting for its roll (next: "
                                         f"{next_line(state)})", "R-CON-14")
        given: dict[str, Any] = {}
        for text in against:
            name, _, dice = text.rpartition("=")
            if not name:
                if not now.roll.defenders:
                    raise refused(RuleViolation, "no one rolls against this action: name "
                                                 "no defender's dice (R-CON-15)", "R-CON-15",
                                  param="against", value=text)
                if len(now.roll.defenders) != 1:
                    raise refused(BadValue, "several roll against this action: say whose "
                                            "dice these are", "R-CON-16", param="against",
                                  value=text)
                name = now.roll.defenders[0].name
            found = participant(state, name)
            if found in given:
                raise refused(BadValue, f"{possessive(found)} dice are given twice; give "
                                        f"each defender's once", "R-CON-15", param="against",
                              value=text)
            given[found] = read_faces(dice, "against")
        attacker = read_faces(faces, "faces") if faces is not None else None
        return [now.roll.event(attacker=attacker, defenders=given)]  # type: ignore[arg-type]

    return build


def damage(nudges: int | None = None, spend: int = 0, note: str = "",
           number: int | None = None) -> Intent:
    """Apply the successful attack's damage (R-CON-18); without a number, the action
    being resolved, else the last one rolled this round (the engine says why it deals
    none: it failed, say)."""
    from conflict.events import ApplyDamage
    from conflict.members import DONE

    def build(state: State) -> list[Event]:
        meant = number
        if meant is None and state.pending is None:
            rolled = [a.number for a in state.actions if a.status is DONE]
            meant = rolled[-1] if rolled else None
        return [ApplyDamage(action=pending_or(state, meant, "damage"), nudges=nudges,
                            spent=spend, note=note)]

    return build


def defeat(name: str, reason: str = "") -> Intent:
    """The Narrator takes ``name`` out of the Conflict (R-CON-21)."""
    from conflict.events import Defeat

    return lambda state: [Defeat(participant(state, name), reason=reason)]


def end_round_check(state: State) -> None:
    """R-CON-21: refused when one side alone is left standing, so another round would be
    against no one."""
    standing = [side for side, count in state.standing if count > 0]
    if len(state.standing) > 1 and len(standing) <= 1:
        beaten = [side for side, count in state.standing if count == 0]
        raise RuleViolation(
            f"the {', '.join(beaten)} side{'s are' if len(beaten) > 1 else ' is'} beaten, "
            f"so another round would be against no one: end the Conflict, or end the "
            f"round anyway if someone is about to join",
            rule="R-CON-21", param="anyway")


def end_round(*, anyway: bool = True) -> Intent:
    """End the round (R-CON-21); unless ``anyway``, refused when no two sides are left
    standing to fight another round (:func:`end_round_check`)."""
    from conflict.events import EndRound

    def build(state: State) -> list[Event]:
        if not anyway:
            end_round_check(state)
        return [EndRound()]

    return build


def end(outcome: str) -> Intent:
    """End the Conflict with its outcome in words (R-CON-21)."""
    from conflict.events import EndConflict

    return lambda _state: [EndConflict(outcome)]
