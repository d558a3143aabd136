"""Stuffed's events to and from JSON, for the table database and the command line.

:data:`CODEC` is a :class:`boardgames.session.Codec` for the game ``"stuffed"``. An
event becomes one flat JSON object, symbols as their names, combinations as the text a
player would type, the die as its six face names::

    {"game": "stuffed", "schema": 1, "type": "roll",
     "faces": ["coin", "coin", "essence", "birden", "intelligence", "charisma",
               "resource", "resource"]}

Reading is strict: an unknown field, a symbol that is not one, a count given as text,
a combination that does not parse — each is a one-line
:class:`~boardgames.errors.BadValue`. :func:`events_to_json` and
:func:`events_from_json` do a whole game as JSON lines. :func:`snapshot` gives a game's
state as one JSON-ready dict, for screens and ``--json``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from boardgames.errors import BadValue, shown
from boardgames.session import Codec
from boardgames.stuffed.dice import Combo, Die, Symbol, parse_combo, parse_symbol
from boardgames.stuffed.events import EVENTS, Event, Kind, Teammate, key
from boardgames.stuffed.state import Game

if TYPE_CHECKING:
    import cattrs

__all__ = ["CODEC", "GAME", "SCHEMA", "events_from_json", "events_to_json", "snapshot"]

GAME = "stuffed"
SCHEMA = 1


def _text_only(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise BadValue(f"expected {what} as text, got {shown(value)}")
    return value


def _hooks(conv: cattrs.Converter) -> None:
    """Stuffed's own values on its codec's converter: symbols, combinations and the die
    as the text a player types, Teammate kinds as their names."""
    conv.register_unstructure_hook(Symbol, lambda s: s.value)
    conv.register_structure_hook(
        Symbol, lambda v, _t: parse_symbol(_text_only(v, "a die symbol")))
    conv.register_unstructure_hook(Combo, lambda c: c.text)
    conv.register_structure_hook(
        Combo, lambda v, _t: parse_combo(_text_only(v, "a combination")))
    conv.register_unstructure_hook(Die, lambda d: [s.value for s in d.faces])

    def die(value: Any, _type: Any) -> Die:
        if not isinstance(value, list):
            raise BadValue(f"expected the die's six faces as a list, got {shown(value)}")
        return Die([parse_symbol(_text_only(v, "a die symbol")) for v in value])

    conv.register_structure_hook(Die, die)
    conv.register_unstructure_hook(Kind, lambda k: k.value)

    def kind(value: Any, _type: Any) -> Kind:
        text = _text_only(value, "a Teammate's kind")
        for member in Kind:
            if member.value == text:
                return member
        raise BadValue(f"a Teammate is loyal, mercenary or sacrifice, got {shown(value)}")

    conv.register_structure_hook(Kind, kind)


CODEC: Codec[Event] = Codec(GAME, EVENTS, schema=SCHEMA, setups=[_hooks])
"""Stuffed's events to and from JSON-ready dicts and JSON lines."""


def events_to_json(events: Iterable[Event]) -> str:
    """A game's events as JSON lines, oldest first."""
    return "".join(CODEC.to_json(event) + "\n" for event in events)


def events_from_json(text: str) -> tuple[Event, ...]:
    """The events in JSON lines (blank lines skipped); :class:`BadValue` naming the line
    when one cannot be read."""
    out: list[Event] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            out.append(CODEC.from_json(line))
        except BadValue as error:
            raise BadValue(f"line {number}: {error}") from None
    return tuple(out)


# --- the state, for screens and --json ------------------------------------------------------


def _teammate(mate: Teammate) -> dict[str, Any]:
    return {"name": mate.name, "kind": mate.kind.value, "attribute": mate.attribute.value,
            "combo": None if mate.combo is None else mate.combo.text}


def snapshot(state: Game) -> dict[str, Any]:
    """Everything a screen shows of ``state``, JSON-ready: the Mission, the die, the
    turn's dice (each with its position, symbol and whether it is spent), the
    Teammates on offer, every player's ledger, the red-scroll cards in effect, what the
    current player can get from the dice now, and the winner."""
    from boardgames.stuffed.choices import mission_status, options

    mission = state.mission
    players = []
    for ledger in state.players:
        names = [ledger.seat.hero, *(t.name for t in ledger.team)]
        players.append({
            "name": ledger.name, "hero": ledger.seat.hero,
            "attribute": ledger.seat.attribute.value, "coins": ledger.coins.value,
            "cards": ledger.cards.value, "team": [_teammate(t) for t in ledger.team],
            "loyals": ledger.loyals, "mercenaries": ledger.mercenaries,
            "teammates": ledger.teammates,
            "used": [n for n in names if key(n) in ledger.used],
            "meets_mission": mission is not None and ledger.meets(mission)})
    return {
        "turn": state.turn_number,
        "player": state.current.name if state.started else None,
        "mission": None if mission is None else {
            "name": mission.name, "teammates": mission.teammates,
            "mercenaries": mission.mercenaries, "combo": mission.combo.text,
            "words": mission.combo.words},
        "die": [s.value for s in state.die.faces],
        "dice": [{"position": p, "symbol": s.value, "spent": p in state.spent}
                 for p, s in enumerate(state.dice, start=1)],
        "offer": [_teammate(t) for t in state.offer],
        "players": players,
        "lasting": [{"owner": state.players[owner].name, "card": card}
                    for owner, card in state.lasting],
        "can": [option.text for option in options(state)],
        "mission_status": mission_status(state) if state.started and not state.over else None,
        "winner": None if state.winner is None else state.players[state.winner].name,
    }
