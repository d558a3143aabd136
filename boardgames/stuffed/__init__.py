"""Stuffed at the table: the pure library, R-STF-1 … R-STF-8.

The tool tracks a game of Stuffed while the players roll physical dice (or let it roll):
whose turn it is, the turn's 8 dice, each player's coins, Advantage cards and
Teammates, and who completes the Mission. Every change is a frozen event
(:mod:`boardgames.stuffed.events`) applied by the pure :func:`apply`, which validates
it and returns a new :class:`~boardgames.stuffed.state.Game`, or raises
:class:`~boardgames.errors.RuleViolation` (naming the rule) or
:class:`~boardgames.errors.BadValue` and changes nothing. A game in progress is a
:class:`boardgames.session.Session` (:func:`new_session`), with undo; its events go to
JSON through :data:`boardgames.stuffed.codec.CODEC`.

The modules (everything is importable from this package; each loads on first use, so
that the odds alone start fast — :mod:`~boardgames.stuffed.codec` brings cattrs):

* :mod:`boardgames.stuffed.rules` — :func:`apply`, :func:`new_session`, :func:`replay`;
* :mod:`boardgames.stuffed.events` and :mod:`boardgames.stuffed.state` — the values;
* :mod:`boardgames.stuffed.codec` — events to and from JSON;
* :mod:`boardgames.stuffed.dice` — symbols, aliases, the die, combinations, matching;
* :mod:`boardgames.stuffed.odds` — exact odds and the best dice to keep (R-STF-8);
* :mod:`boardgames.stuffed.step_table` and :mod:`boardgames.stuffed.offers` — the
  game's table of steps, and what may be done now made from it (:func:`options`):
  each :class:`Option` names its step, who takes it (the player whose turn it is, or
  ``None`` for the host) and its likely values, and builds its events
  (``option.events(**values)``, given what ``option.needs``: a card's name only the
  table knows), so that a driver loop needs no rule of its own; the dice an option
  rolls come from the random source it is given (``option.events(rng=rng)``), so that
  a seed replays a game;
* :mod:`boardgames.stuffed.choices` — what the dice can buy now, as events to push
  (:func:`boardgames.stuffed.choices.options`);
* :mod:`boardgames.stuffed.describe` — each event as one plain sentence
  (:func:`describe`, named as in every game; ``boardgames.stuffed.narrate`` is its
  deprecated old name);
* :mod:`boardgames.stuffed.screen` — the board and what comes next, as plain values
  for any screen (:func:`board`, :func:`next_line`).

No module is named as a function it exports — importing a module sets the package's
attribute of that name, which would hide the function — except ``describe``, named as
in the other games: this package binds the function, not its module, whenever the
module is loaded (see :func:`core.lazy.package`).

What the cards say beyond the rulebook's special exceptions is not known to the tool:
an ability or a white-scroll card reports what it gave (coins, cards), and the tool
enforces the limits. The special cards are recognised by name: the Loyal called Grunt,
the Advantage cards My Birden, Sacrifice and Scouting.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from core import lazy

if TYPE_CHECKING:
    from boardgames.stuffed.choices import Match as Match
    from boardgames.stuffed.choices import find as find
    from boardgames.stuffed.choices import mission_status as mission_status
    from boardgames.stuffed.choices import odds_now as odds_now
    from boardgames.stuffed.choices import set_rewards as set_rewards
    from boardgames.stuffed.codec import *  # noqa: F403
    from boardgames.stuffed.describe import *  # noqa: F403
    from boardgames.stuffed.dice import *  # noqa: F403
    from boardgames.stuffed.events import *  # noqa: F403
    from boardgames.stuffed.odds import *  # noqa: F403
    from boardgames.stuffed.rules import *  # noqa: F403
    from boardgames.stuffed.screen import *  # noqa: F403
    from boardgames.stuffed.state import *  # noqa: F403
    from boardgames.stuffed.step_table import Option as Option
    from boardgames.stuffed.step_table import options as options

_EXPORTS: dict[str, tuple[str, ...]] = {
    "codec": (
        "CODEC", "events_from_json", "events_to_json",
    ),
    "describe": (
        "describe", "mission_words", "teammate_words",
    ),
    "screen": (
        "NAME", "NARRATOR", "Shown", "StuffedBoard", "Tray", "TrayDie", "Viewer", "board",
        "dice_text", "drawn", "next_line", "status", "summary",
    ),
    "dice": (
        "ALIASES", "DEFAULT_DIE", "DICE", "FACES", "SYMBOLS", "Combo", "Die",
        "RandomSource", "Symbol", "counts_of", "makes", "match", "parse_combo",
        "parse_symbol", "parse_symbols", "symbols_text",
    ),
    "events": (  # and every event class, from EVENTS
        "CARD_COST", "EVENTS", "GRUNT", "HAND", "MAX_EACH", "MAX_PLAYERS", "MERCENARY_COST",
        "SACRIFICE", "Event", "Kind", "Mission", "Seat", "Teammate",
    ),
    "odds": (
        "MAX_REROLLS", "Odds", "best_keep", "chance", "chance_if_kept", "clear_caches",
    ),
    "choices": (
        "Match", "find", "mission_status", "odds_now", "set_rewards",
    ),
    "step_table": (
        "Option", "options",
    ),
    "rules": (
        "apply", "new_session", "replay", "reroll_event", "roll_event",
    ),
    "state": (
        "EMPTY", "Game", "Ledger",
    ),
}
"""Where each name lives; the event classes, read from ``EVENTS`` when first asked for, are
not listed."""

if TYPE_CHECKING:
    # For the type checker only; at run time __getattr__ adds every event class.
    __all__ = sorted(name for names in _EXPORTS.values() for name in names)


def _event_classes() -> dict[str, type]:
    events = importlib.import_module("boardgames.stuffed.events")
    return {cls.__name__: cls for cls in events.EVENTS}


# Nothing is imported before it is asked for: the odds alone start fast.
_getattr = lazy.package(__name__, _EXPORTS, _event_classes)


def __getattr__(name: str) -> Any:
    return _getattr(name)
