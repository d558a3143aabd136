"""House War events to and from JSON (game ``"housewar"``), through the board games'
shared :class:`~boardgames.session.Codec`.

Token counts are written with only the kinds present (``{"food": 2, "atium": 1}``); a
missing kind reads as 0. Enums are written as their values, tuples as lists. Lists must
be JSON lists: a string where a list belongs is refused, never split into letters.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs
from cattrs.gen import make_dict_structure_fn

from boardgames.errors import BadValue, shown
from boardgames.housewar_events import EVENTS, Award, Event, Share, Steal
from boardgames.housewar_resources import RESOURCES, Resources
from boardgames.session import CONVERTER, Codec

SCHEMA = 1
"""The version of the House War event layout this program writes."""


def _unstructure_resources(tokens: Resources) -> dict[str, int]:
    return {kind.value: tokens[kind] for kind in RESOURCES if tokens[kind]}


def _lists_only(cls: type[Any]) -> Callable[[Any, Any], Any]:
    """``cls``'s default structure function, refusing anything but a JSON list for its
    tuple fields."""
    base = make_dict_structure_fn(cls, CONVERTER, _cattrs_forbid_extra_keys=True)
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


def _register() -> None:
    CONVERTER.register_unstructure_hook(Resources, _unstructure_resources)
    for cls in (*EVENTS, Steal, Share, Award):
        attrs.resolve_types(cls)
        CONVERTER.register_structure_hook(cls, _lists_only(cls))


_register()

CODEC: Codec[Event] = Codec("housewar", EVENTS, schema=SCHEMA)
"""Writes and reads House War events (``CODEC.to_json(event)``,
``CODEC.from_json(line)``)."""
