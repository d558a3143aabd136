"""The Deckbuilding Game's events to and from JSON (game ``"deckbuilding"``), through
the board games' shared :class:`~boardgames.session.Codec`: one flat object per event,
tagged with its ``TYPE``; enums as their values, lists as JSON lists."""

from __future__ import annotations

from boardgames.deckbuilding.events import EVENTS, Event
from boardgames.session import Codec

__all__ = ["CODEC"]

CODEC: Codec[Event] = Codec("deckbuilding", EVENTS)
"""Events to and from JSON (game ``"deckbuilding"``)."""
