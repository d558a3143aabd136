"""The shape of a Conflict's board data (:func:`conflict.board.board`), checked when a
board is read back from storage, and the few words its screens share — without the
viewer, the engine or attrs, so that a board stored beside a Conflict is read and drawn
by a command that starts fast (:mod:`cli.quick_show`). :mod:`conflict.board` gives
these names too.
"""

from __future__ import annotations

from typing import Final

__all__ = ["BOARD_SCHEMA", "RESILIENCE_NAMES", "is_board", "ordinal"]

BOARD_SCHEMA: Final = 3
"""The shape of :func:`conflict.board.board`'s dict; one more whenever a key is added,
changes meaning or goes (a reader of a stored board checks it: :func:`is_board`)."""

_BOARD_KEYS: Final = frozenset({
    "schema", "round", "phase", "nature", "resilience", "stakes", "scope", "outcome",
    "next", "sides_defeated", "participants"})
_PARTICIPANT_KEYS: Final = frozenset({
    "name", "side", "kind", "status", "moving", "defeated", "declared", "action",
    "action_dice", "defense_dice", "granted", "wits", "order"})
RESILIENCE_NAMES: Final = ("health", "reputation", "willpower")
"""The Resiliences, as :data:`characters.model.RESILIENCES` (without loading it)."""


def _whole(value: object) -> bool:
    return type(value) is int


def _person_ok(person: object) -> bool:
    if not isinstance(person, dict) or not person.keys() >= _PARTICIPANT_KEYS:
        return False
    if not all(isinstance(person[key], str) for key in ("name", "side", "status")) or \
            not all(_whole(person[key]) for key in ("action_dice", "defense_dice")):
        return False
    resiliences = person.get("resiliences")
    if resiliences is None:
        return _whole(person.get("members")) and _whole(person.get("count"))
    return isinstance(resiliences, dict) and all(
        isinstance(resiliences.get(name), dict)
        and all(_whole(resiliences[name].get(key)) for key in ("full", "current"))
        for name in RESILIENCE_NAMES)


def is_board(data: object) -> bool:
    """Whether ``data`` (a board read back from storage) has the shape
    :func:`conflict.board.board` gives now: this :data:`BOARD_SCHEMA`, every key, and
    the types a screen reads."""
    if not isinstance(data, dict) or not data.keys() >= _BOARD_KEYS:
        return False
    following = data["next"]
    return (_whole(data["schema"]) and data["schema"] == BOARD_SCHEMA
            and _whole(data["round"])
            and all(isinstance(data[key], str) for key in ("phase", "nature", "resilience"))
            and data["resilience"] in RESILIENCE_NAMES
            and isinstance(data["stakes"], str)
            and isinstance(following, dict) and isinstance(following.get("line"), str)
            and isinstance(data["participants"], list)
            and all(_person_ok(person) for person in data["participants"]))


def ordinal(place: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` … ``11th``, ``21st``."""
    last = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{last}"
