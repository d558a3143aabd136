"""The board of a Conflict as plain data: who stands where, with what dice, in what
order, and what the Conflict waits for.

:func:`board` gathers what a board shows from the state and what-now — participants in
the order a board lists them (:func:`conflict.order.board_order`), each with its part
in the round (:func:`status`), dice in hand, Resiliences or Extras standing — as a
JSON-ready dict made for a viewer (by default the Narrator: see :func:`board`), so
that a screen can draw it, a program can read it, and the table can keep the
Narrator's beside the Conflict's events (a reader then draws the board without replaying
them). :func:`next_line` says in a few words what comes next. :func:`drawn` is the
board as a value that draws itself (:class:`conflict.drawing.Board`): to Rich, or to
plain text at a width — what ``mistborn conflict show`` prints.

Names and stakes are given as stored: a screen makes them safe to print.

The engine is imported when a board is made, not with this module: a reader that only
checks :data:`BOARD_SCHEMA` of a stored board starts fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from conflict.board_shape import BOARD_SCHEMA as BOARD_SCHEMA
from conflict.board_shape import RESILIENCE_NAMES as RESILIENCE_NAMES
from conflict.board_shape import is_board as is_board
from conflict.board_shape import ordinal as ordinal
from conflict.drawing import Board
from core.viewer import NARRATOR, Viewer

if TYPE_CHECKING:
    from collections.abc import Sequence

    from conflict.state import Participant, State

__all__ = ["BOARD_SCHEMA", "NARRATOR", "Board", "Viewer", "acting_places", "board", "drawn",
           "is_board", "next_line", "ordinal", "status"]

_TURN_SAID: Final = {"changed": "changed: acts last", "acted": "acted", "held": "held"}
"""A participant's status by its :class:`~conflict.state.Turn`'s value (without loading it)."""
_DECLARED_SAID: Final = {"defense": "full defense", "no_roll": "no roll"}
"""… by its :class:`~conflict.events.DeclarationKind`'s value, once the turn says nothing."""


def next_line(state: State) -> str:
    """What the Conflict waits for, as a short line: "Brannoch acts (6 Action Dice)"."""
    from conflict.narrate import does
    from conflict.whatnow import Expect, what_now

    now = what_now(state)
    names = list(now.who)
    who = ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)
    if now.expect is Expect.START:
        return "Waiting for the Conflict to start"
    if now.expect is Expect.PARTICIPANTS:
        return "Add participants"
    if now.expect is Expect.DECLARE:
        return does(state, now.who[0], "declares", "declare")
    if now.expect is Expect.ACT:
        dice = state.participant(now.who[0]).round.action_dice
        if len(now.who) == 1 and dice < 2:  # no pool to roll (R-CON-11): hold or change
            held = does(state, now.who[0], "holds", "hold")
            return f"{held} ({dice} Action {'Die' if dice == 1 else 'Dice'}: too few to act)"
        single = does(state, now.who[0], "acts", "act")
        verb = f"{who} act" if len(now.who) > 1 else single
        return f"{verb} ({dice} Action {'Die' if dice == 1 else 'Dice'})"
    if now.expect is Expect.DEFENSE:
        chooser = does(state, now.who[0], "chooses", "choose")
        return f"{chooser} a defense against action {now.action}"
    if now.expect is Expect.ROLL:
        return f"Action {now.action} rolls"
    if now.expect is Expect.DAMAGE:
        return f"Action {now.action} deals its damage"
    if now.expect is Expect.END_ROUND:
        standing = [side for side, count in state.standing if count > 0]
        if now.sides_defeated and len(state.standing) > 1 and len(standing) <= 1:
            return (f"Round {state.round} is over and the {', '.join(now.sides_defeated)} "
                    f"side{'s are' if len(now.sides_defeated) > 1 else ' is'} beaten: end "
                    f"the Conflict")
        beaten = f" ({', '.join(now.sides_defeated)} beaten)" if now.sides_defeated else ""
        return f"Round {state.round} is over{beaten}: end the round or the Conflict"
    return f"Ended: {state.outcome or 'no outcome given'}"


def status(state: State, person: Participant, moving: tuple[str, ...]) -> str:
    """A participant's part in the round: "declares next", "acting now", "held", …
    (``moving``: who what-now expects to move)."""
    from conflict.events import DeclarationKind
    from conflict.state import Phase

    if person.defeated:
        return "defeated"
    if state.phase is Phase.ENDED:
        return "standing"
    r = person.round
    if state.phase is Phase.DECLARATION and r.declared is None:
        return "declares next" if person.name in moving else "to declare"
    if state.phase is Phase.RESOLUTION and state.pending is None and person.name in moving:
        return "acting now"
    said = _TURN_SAID.get(r.turn.value)
    if said is None and r.declared is not None:
        said = _DECLARED_SAID.get(r.declared.value)
    if said is not None:
        return said
    if r.declared is DeclarationKind.ACTION:
        return "to act" if r.action_dice else "no dice left"
    return ""


def acting_places(state: State) -> dict[str, int]:
    """Each participant still to act this round, by name, with its place in the acting
    order (R-CON-10): most Action Dice first, those with equal dice sharing a place
    (they act together); while resolving, those acting now are 1st and the changed
    actions come last, one place each (R-CON-12). Declarations still coming may move
    these places."""
    from conflict.events import DeclarationKind
    from conflict.state import Phase, Turn

    places: dict[str, int] = {}
    if state.phase is Phase.DECLARATION:
        waiting = [p for p in state.participants if not p.defeated
                   and p.round.declared is DeclarationKind.ACTION and p.round.action_dice
                   and p.round.turn is Turn.WAITING]
        counts = sorted({p.round.action_dice for p in waiting}, reverse=True)
        return {p.name: counts.index(p.round.action_dice) + 1 for p in waiting}
    if state.phase is not Phase.RESOLUTION:
        return places
    place = 0
    if state.step:
        place = 1
        places.update((state.participants[i].name, 1) for i in state.step)
    last_dice = None
    for dice, index in state.queue:
        if dice != last_dice:
            place, last_dice = place + 1, dice
        places.setdefault(state.participants[index].name, place)
    for index in state.changed_queue:
        place += 1
        places.setdefault(state.participants[index].name, place)
    return places


def participant(state: State, person: Participant, moving: tuple[str, ...],
                hidden: bool = False, place: int | None = None) -> dict[str, Any]:
    """One participant's facts on the board; without its statistics when ``hidden``
    from the viewer (see :func:`board`)."""
    from characters.model import RESILIENCES

    r = person.round
    data: dict[str, Any] = {
        "name": person.name,
        "side": person.side,
        "kind": person.character.kind.value,
        "status": status(state, person, moving),
        "moving": person.name in moving,
        "defeated": person.defeated,
        "declared": r.declared.value if r.declared is not None else None,
        # The number of its action this round (test and swap name actions by number).
        "action": next((a.number for a in reversed(state.actions) if a.actor == person.name),
                       None),
        "action_dice": r.action_dice,
        "defense_dice": r.defense_dice,
        "granted": bool(r.granted),  # Defense Dice gained as an Attribute (R-CON-7c)
        "wits": person.wits,
        # Its place in the acting order while it is still to act (R-CON-10).
        "order": place,
    }
    if person.resiliences is None:
        data["members"] = person.members
        data["count"] = getattr(person.character, "count", person.members)
    else:
        data["resiliences"] = {
            name: {"full": value.full, "damage": value.damage, "current": value.current}
            for name in RESILIENCES for value in [person.resiliences.get(name)]}
    return _secret(data) if hidden else data


def _secret(data: dict[str, Any]) -> dict[str, Any]:
    """A hidden participant's facts: no Wits, no Resiliences, no count of the Defense
    Dice it gained from an Attribute (R-CON-7c); its dice in hand and Extras standing
    stay, as the table sees them."""
    data.update(wits=None, hidden=True)
    if "resiliences" in data:
        data["resiliences"] = None
    if data["granted"]:
        data["defense_dice"] = None
    return data


def board(state: State, viewer: Viewer = NARRATOR) -> dict[str, Any]:
    """The board as JSON-ready data: the round, phase and nature (with the Resilience
    it hurts), stakes, scope and outcome, what comes next (``next``: what-now's
    ``expect``, ``who``, ``action`` and :func:`next_line`), the sides beaten, and every
    participant in board order (see :func:`participant`).

    Made for ``viewer`` (by default the Narrator, who sees every number): a
    participant hidden from them (:func:`conflict.privacy.hidden`: a Villain or Extras
    not revealed) has ``hidden`` true and its Wits, Resiliences and Defense Dice
    gained as an Attribute ``None``. Such a board is drawn, never stored: the board
    the table keeps is the Narrator's."""
    from conflict.order import board_order
    from conflict.privacy import hidden as hidden_from
    from conflict.whatnow import what_now

    now = what_now(state)
    hidden = hidden_from(state, viewer)
    places = acting_places(state)
    return {
        "schema": BOARD_SCHEMA,
        "round": state.round,
        "phase": state.phase.value,
        "nature": state.nature.value,
        "resilience": state.nature.resilience,
        "stakes": state.stakes,
        "scope": state.scope,
        "outcome": state.outcome,
        "next": {"expect": now.expect.value, "who": list(now.who), "action": now.action,
                 "line": next_line(state)},
        "sides_defeated": list(now.sides_defeated),
        "participants": [participant(state, person, now.who, person.name in hidden,
                                     places.get(person.name))
                         for i in board_order(state) for person in [state.participants[i]]],
    }


def drawn(state: State, viewer: Viewer = NARRATOR, *, name: str = "",
          last: Sequence[str] = ()) -> Board:
    """The :func:`board` as ``viewer`` may see it, the sentences of the ``last`` events
    beneath (:func:`conflict.narrate.describe` says each) and the Conflict's ``name``
    before its title when given, as a value that draws itself: ``board.text(40)`` is
    the plain text of a 40-column screen, and a Rich console prints ``board`` at its
    own width (:class:`conflict.drawing.Board`)."""
    return Board(board(state, viewer), tuple(last), name)
