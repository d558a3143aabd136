"""Table companions for three board games: Stuffed, Mistborn: The Deckbuilding Game and
Mistborn: House War.

Pure code, one subpackage per game, whose ``__init__`` is the game's public face:

* :mod:`boardgames.stuffed` — the 8 symbol dice, sets, recruiting, the Mission, and
  exact odds with the best dice to keep (``dice``, ``odds``, ``events``, ``state``,
  ``rules``, ``options``, ``describe``, ``codec``);
* :mod:`boardgames.deckbuilding` — health dials, Mission tracks, the Target, the Lord
  Ruler, in English and Polish (``events``, ``state``, ``rules``, ``describe``,
  ``text``, ``codec``);
* :mod:`boardgames.housewar` — Unrest, the Problem track, scores and payments
  (``resources``, ``pay``, ``track``, ``events``, ``state``, ``rules``, ``score``,
  ``describe``, ``codec``).

What they share stays here: errors (:mod:`boardgames.errors`), bounded counters
(:mod:`boardgames.counters`), a session of events with undo and replay and the JSON
codec (:mod:`boardgames.session`), messages in more than one language
(:mod:`boardgames.locales`), and each game as the table stores it and the front doors
show it, registered by stream kind (:mod:`boardgames.registration`, loaded by
:mod:`core.registry` on first use). Nothing here prints, touches a database or imports the
Conflict engine; the command line and the table database build on it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from boardgames.errors import BadValue, GameError, RuleViolation

if TYPE_CHECKING:
    from boardgames.counters import Bounded
    from boardgames.session import Codec, Session

__all__ = ["BadValue", "Bounded", "Codec", "GameError", "RuleViolation", "Session"]

_LATER = {"Bounded": "boardgames.counters", "Codec": "boardgames.session",
          "Session": "boardgames.session"}


def __getattr__(name: str) -> Any:
    # Loaded when first asked for: a screen drawn from a stored board (which imports
    # boardgames.screen, and so this package) needs neither sessions nor counters.
    if name in _LATER:
        value = getattr(importlib.import_module(_LATER[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
