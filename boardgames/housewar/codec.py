"""House War as JSON: events to and from JSON (game ``"housewar"``) through the board
games' shared :class:`~boardgames.session.Codec`, and a game's state as one JSON-ready
:func:`snapshot` for screens and ``--json`` output.

In events, token counts are written with only the kinds present
(``{"food": 2, "atium": 1}``); a missing kind reads as 0. Enums are written as their
values, tuples as lists. Lists must be JSON lists: a string where a list belongs is
refused, never split into letters.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from boardgames.errors import BadValue, shown
from boardgames.housewar.events import EVENTS, Award, Event, Share, Start, Steal
from boardgames.housewar.privacy import breakdown, sees
from boardgames.housewar.resources import RESOURCES, Resources
from boardgames.housewar.score import outcome
from boardgames.housewar.state import UNREST_END, House, State
from boardgames.housewar.track import numeral
from boardgames.session import Codec
from core.viewer import NARRATOR, Viewer

if TYPE_CHECKING:
    import cattrs

__all__ = ["CODEC", "SCHEMA", "snapshot"]

SCHEMA = 2
"""The version of the House War event layout this program writes. Version 2 records
set-up collection (R-HW-5): a version 1 game's start reads with ``setup_collection``
false, so its first turn still collects double, as it did when it was played."""


def _from_v1(event: dict[str, Any]) -> dict[str, Any]:
    """A version 1 event as version 2: a start keeps the first turn's double income."""
    if event.get("type") == "start":
        event = {**event, "setup_collection": False}
    return {**event, "schema": 2}


def _unstructure_resources(tokens: Resources) -> dict[str, int]:
    return {kind.value: tokens[kind] for kind in RESOURCES if tokens[kind]}


def _lists_only(cls: type[Any], conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """``cls``'s default structure function, refusing anything but a JSON list for its
    tuple fields."""
    from cattrs.gen import make_dict_structure_fn  # here: cattrs only once events are read

    base = make_dict_structure_fn(cls, conv, _cattrs_forbid_extra_keys=True)
    tuples = [f.name for f in attrs.fields(cls)
              if str(f.type).startswith(("tuple[", "typing.Tuple["))]

    def structure(value: Any, type_: Any) -> Any:
        if not isinstance(value, Mapping):
            raise BadValue(f"expected an object, got {shown(value)}")
        for name in tuples:
            if name in value and not isinstance(value[name], list):
                raise BadValue(f"{name} must be a list, got {shown(value[name])}")
        return base(value, type_)

    return structure


_READ_STRICTLY = frozenset((*EVENTS, Steal, Share, Award))


def _hooks(conv: cattrs.Converter) -> None:
    """House War's own shapes on its codec's converter: token counts with only the
    kinds present, and lists that must be JSON lists."""

    def strict_reader(cls: type[Any]) -> Callable[[Any, Any], Any]:
        attrs.resolve_types(cls)
        return _lists_only(cls, conv)

    conv.register_unstructure_hook(Resources, _unstructure_resources)
    # Each class's reader is built when first read, not with the converter.
    conv.register_structure_hook_factory(lambda t: t in _READ_STRICTLY, strict_reader)


CODEC: Codec[Event] = Codec("housewar", EVENTS, schema=SCHEMA, upgrades={1: _from_v1},
                            stored_before={Start.TYPE: {"rules": 1}}, setups=[_hooks])
"""Writes and reads House War events (``CODEC.to_json(event)``,
``CODEC.from_json(line)``)."""


def _all_kinds(tokens: Resources) -> dict[str, int]:
    return {kind.value: tokens[kind] for kind in RESOURCES}


def _house(state: State, house: House, viewer: Viewer) -> dict[str, Any]:
    """A House as ``viewer`` may see it: its Favor, Disgrace, score and face-down cards
    ``None`` where hidden (R-HW-6), how many cards lie face down always."""
    shown = sees(state, viewer, house.name)
    return {"name": house.name, "resources": _all_kinds(house.resources),
            "tokens": house.resources.total,
            "income": None if house.sheet is None else _all_kinds(house.income),
            "cards": house.cards, "hidden": not shown,
            "favor": house.favor if shown else None,
            "disgrace": house.disgrace if shown else None,
            "score": house.score if shown else None,
            "face_down": list(house.face_down) if shown else None,
            "face_down_count": len(house.face_down), "revealed": list(house.revealed)}


def snapshot(state: State, viewer: Viewer = NARRATOR) -> dict[str, Any]:
    """Everything a screen shows of ``state`` to ``viewer``, JSON-ready: the Houses
    (tokens with every kind listed, income, Favor, Disgrace, score, face-down cards —
    the hidden ones ``None``, R-HW-6), the supply, Unrest, the track and every Problem
    card's place, what the turn waits for, and the outcome and each House's breakdown
    once the game is over."""
    result = outcome(state)
    columns = dict(iter(state.track))
    deck_top, erupted = set(state.deck_top), set(state.erupted)
    cards = []
    for card in state.cards:
        column = columns.get(card.name)
        where = (f"Urgency {numeral(column)}" if column is not None
                 else "on top of the Problem deck" if card.name in deck_top
                 else "erupted" if card.name in erupted else "solved")
        cards.append({
            "name": card.name, "where": where,
            "urgency": column, "start": numeral(card.start),
            "cost": None if card.cost is None else _all_kinds(card.cost),
            "cost_now": None if card.cost_now is None else _all_kinds(card.cost_now),
            "favor": card.favor})
    return {
        "phase": state.phase.value,
        "players": state.players,
        "length": None if state.length is None else state.length.value,
        "turn": state.turn.number,
        "active": state.active.name if state.houses else None,
        "next_step": state.next_step.value,
        "to_move": list(state.to_move),
        "problems_needed": state.problems_needed,
        "unrest": state.unrest,
        "unrest_end": UNREST_END,
        "lord_ruler_in_play": state.lord_ruler_in_play,
        "supply": _all_kinds(state.supply),
        "destroyed": _all_kinds(state.destroyed),
        "houses": [_house(state, h, viewer) for h in state.houses],
        "track": {"rows": state.track.rows,
                  "columns": [list(column) for column in state.track.columns]},
        "problems": cards,
        "deck_top": list(state.deck_top),
        "erupted": list(state.erupted),
        "solved": list(state.solved),
        "outcome": None if result is None else {
            "ended_by": result.ended_by.value, "unrest": result.unrest,
            "highest_wins": result.highest_wins, "decided": result.decided,
            "winners": list(result.winners),
            "unrevealed": [list(pair) for pair in result.unrevealed],
            "standings": [{"house": s.house, "place": s.place, "score": s.score,
                           "favor": s.favor, "disgrace": s.disgrace, "tokens": s.tokens}
                          for s in result.standings],
            "text": result.text(),
            "breakdown": [attrs.asdict(part) for part in breakdown(state)]},
    }
