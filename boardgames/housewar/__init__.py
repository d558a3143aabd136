"""Mistborn: House War's table companion: tracks, scores and payments (R-HW-1..5).

The cards stay on the table; this package keeps every number the players would
otherwise track — Unrest, the Problem track, each House's tokens, Favor and Disgrace,
the supply — enforces the limits, and says when the game ends and who won.

A game is a list of events (:mod:`boardgames.housewar.events`) applied in order by the
pure :func:`apply`, which validates each one and returns a new
:class:`~boardgames.housewar.state.State`, or raises
:class:`~boardgames.errors.RuleViolation` naming the rule and changes nothing::

    houses = ["Hasting", "Venture", "Lekal", "Tekiel"]  # in turn order
    game = new_game(4, "short", houses, first=first_active(houses))  # Venture
    game.push(Sheet("Venture", parse_resources("2 money 1 food"), cards=1))  # each House
    game.push(AddProblem("Ashfall", urgency=1, reason="setup"))  # one per player
    game.push(Collect("Venture"))  # its remembered income, again on the first turn
    ...
    outcome(game.state)   # None while the game goes on

A driver needs no rule of its own: :func:`options` (``STEPS.options(state)``, from the
game's table of steps) lists what the game offers now — each step the rules allow at
this point, who takes it (a House, or ``None`` for the host) and its likely values —
and each option builds its events, as a Conflict's what-now does::

    option = options(game.state)[0]       # e.g. the first House's sheet, the host's
    option.needs                          # ('what',): its tokens, as only the table knows
    for event in option.events(what="2 money 1 food", cards=1):
        game.push(event)

:data:`CODEC` writes and reads the events as JSON (game ``"housewar"``);
:func:`describe` (in :mod:`boardgames.housewar.describe`) says each event in one
sentence; :func:`outcome` ranks the Houses once the game is over (R-HW-3);
:func:`board` and :func:`next_line` (in :mod:`boardgames.housewar.screen`) are what a
screen shows of the game, as plain values, made for a viewer (:func:`looking` makes
one; :data:`NARRATOR` sees everything): scores stay hidden from the other players
until the end (R-HW-6, :mod:`boardgames.housewar.privacy`). :func:`drawn` is that
board as a value that draws itself — ``drawn(game.state, name="Saturday").text(40)``
is what ``mistborn hw show`` prints at 40 columns, and a Rich console prints it too
(but that what comes next names a step's parameter plainly, ``sheet Venture TOKENS with
cards N``, where the command line says ``--cards``: pass a front door's ``words``).

Everything is importable from this package, each module loaded on first use: the
game's table of steps (:mod:`boardgames.housewar.step_table`), listed by every front
door, loads none of the rules.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from core import lazy

if TYPE_CHECKING:
    from boardgames.housewar import events
    from boardgames.housewar.codec import CODEC, snapshot
    from boardgames.housewar.describe import describe
    from boardgames.housewar.events import *  # noqa: F403 (its __all__: every event class)
    from boardgames.housewar.events import Event, Length
    from boardgames.housewar.pay import (
        Payment,
        can_pay,
        cheapest_payment,
        effective_cost,
        explain_payment,
        shortfall,
    )
    from boardgames.housewar.privacy import NARRATOR, TABLE, Breakdown, Viewer, breakdown, looking
    from boardgames.housewar.resources import Resource, Resources, parse_resources
    from boardgames.housewar.rules import apply
    from boardgames.housewar.score import Outcome, Standing, outcome, standings
    from boardgames.housewar.screen import (
        LEGEND,
        NAME,
        Grid,
        HouseRow,
        Houses,
        HouseWarBoard,
        Shown,
        board,
        drawn,
        letters,
        next_line,
        next_phrases,
        status,
        summary,
    )
    from boardgames.housewar.sheets import HOUSE_LIST, first_active
    from boardgames.housewar.state import (
        Card,
        Close,
        End,
        Gain,
        House,
        Phase,
        State,
        Step,
        Turn,
    )
    from boardgames.housewar.step_table import MissingValue, Option, options
    from boardgames.session import Session

    __all__ = [
        "CODEC", "HOUSE_LIST", "LEGEND", "NAME", "NARRATOR", "TABLE", "Breakdown", "Card",
        "Close", "End", "Gain", "Grid", "House", "HouseRow", "HouseWarBoard", "Houses",
        "MissingValue", "Option", "Outcome", "Payment", "Phase", "Resource", "Resources",
        "Shown", "Standing", "State", "Step", "Turn", "Viewer", "apply", "board",
        "breakdown", "can_pay", "cheapest_payment", "describe", "drawn", "effective_cost",
        "explain_payment", "first_active", "letters", "looking", "new_game", "next_line",
        "next_phrases", "options", "outcome",
        "parse_resources", "replay", "replay_json", "shortfall", "snapshot", "standings",
        "status", "summary",
    ]
    __all__ += events.__all__  # every event class

_EXPORTS: dict[str, tuple[str, ...]] = {
    "codec": ("CODEC", "snapshot"),
    "describe": ("describe",),
    "events": ("Event", "Length", "Start"),  # and every event class, from its __all__
    "pay": ("Payment", "can_pay", "cheapest_payment", "effective_cost", "explain_payment",
            "shortfall"),
    "privacy": ("NARRATOR", "TABLE", "Breakdown", "Viewer", "breakdown", "looking"),
    "resources": ("Resource", "Resources", "parse_resources"),
    "rules": ("apply",),
    "score": ("Outcome", "Standing", "outcome", "standings"),
    "screen": ("LEGEND", "NAME", "Grid", "HouseRow", "HouseWarBoard", "Houses", "Shown", "board",
               "drawn", "letters", "next_line", "next_phrases", "status", "summary"),
    "sheets": ("HOUSE_LIST", "first_active"),
    "state": ("Card", "Close", "End", "Gain", "House", "Phase", "State", "Step", "Turn"),
    "step_table": ("MissingValue", "Option", "options"),
}
"""Where each name lives; the event classes, read from the events' ``__all__`` when
first asked for, are not listed."""
_OWN = ("new_game", "replay", "replay_json")


def _event_classes() -> dict[str, Any]:
    events = importlib.import_module("boardgames.housewar.events")
    return {name: getattr(events, name) for name in events.__all__}


# Nothing of the game is imported before it is asked for: the table of steps alone lists
# the steps.
_getattr = lazy.package(__name__, _EXPORTS, _event_classes, _OWN)


def __getattr__(name: str) -> Any:
    return _getattr(name)


def new_game(players: int, length: Length | str, houses: Iterable[str] = (),
             first: str | None = None) -> Session[State, Event]:
    """A session of a new game (R-HW-5), before the Houses collect their sheets and the
    starting Problems are placed. ``houses`` in turn order (empty for "House 1"…);
    ``first`` the House that takes the first turn (default: the first in ``houses``;
    :func:`first_active` gives the rulebook's choice by the House list)."""
    from boardgames.housewar.events import Start

    return replay([Start(players, length, tuple(houses), first)])


def replay(events: Iterable[Event]) -> Session[State, Event]:
    """A session rebuilt from saved events (the first is :class:`Start`)."""
    from boardgames.housewar.rules import apply
    from boardgames.housewar.state import State
    from boardgames.session import Session

    return Session(apply, State(), events)


def replay_json(lines: Iterable[str]) -> Session[State, Event]:
    """A session rebuilt from events saved as JSON lines (:data:`CODEC`)."""
    from boardgames.housewar.codec import CODEC

    return replay(CODEC.from_json(line) for line in lines)
