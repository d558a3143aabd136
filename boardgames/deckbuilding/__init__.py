"""Mistborn: The Deckbuilding Game's dials and tracks, as a pure library.

The cards stay on the table; this package keeps every number the players would track
with dials, cubes and tokens, enforces their limits and says when the game ends and who
won. A game is a :class:`~boardgames.session.Session` of the events in
:mod:`boardgames.deckbuilding.events`, applied by :func:`apply`::

    from boardgames import deckbuilding as dbg
    game = dbg.start(["Vin", "Kelsier", "Marsh"])      # competitive, Marsh has the Target
    game.push(dbg.GainMission("Vin", 3))
    game.push(dbg.SpendMission("Vin", (2, 1, 0)))
    dbg.describe(before, event, after, lang="pl")      # one sentence, English or Polish

What may be done now is offered by :func:`options`, each :class:`Option` able to build
its events, so that a program drives a game without a rule of its own: it gives only
what the table knows (``option.needs``: the damage, coins or Mission points the cards
gave)::

    for option in dbg.options(game.state):
        print(option.name, option.seat, option.values, option.needs)
    attack = next(o for o in dbg.options(game.state) if o.name == "attack")
    for event in attack.events():                      # the turn's damage, all of it
        game.push(event)

Errors are :class:`~boardgames.locales.LocalizedRuleViolation` (not allowed now) and
:class:`~boardgames.locales.LocalizedBadValue` (malformed); ``str(error)`` is English and
``localize(error, "pl")`` Polish, both led by the rule (``R-DBG-4: …``).

What a screen shows: :func:`board` (lines laid out to a width), :func:`next_line` and
:func:`summary`, in English or Polish; :func:`drawn` is the board as a value that
draws itself — ``drawn(game.state, name="Friday").text(40)`` is what ``mistborn dbg
show`` prints at 40 columns, and a Rich console prints it too (but that what comes
next names a step's parameter plainly, ``edict with rows ROW…``, where the command line
says ``--rows``: pass a front door's ``words``). Every figure is public: a viewer
(:class:`Viewer`; :data:`NARRATOR` sees everything) changes nothing.
"""

from boardgames.deckbuilding import events
from boardgames.deckbuilding.codec import CODEC
from boardgames.deckbuilding.describe import Reward, describe, rewards_reached
from boardgames.deckbuilding.events import *  # noqa: F403 (its __all__: every event class)
from boardgames.deckbuilding.rules import apply, new_game, replay, start
from boardgames.deckbuilding.screen import (
    NAME,
    DeckbuildingBoard,
    board,
    drawn,
    next_line,
    next_phrases,
    summary,
)
from boardgames.deckbuilding.state import (
    BLANK,
    MAX_HEALTH,
    Adversary,
    EndReason,
    Game,
    LordRuler,
    Mission,
    Pending,
    Player,
    Result,
    Standing,
    Turn,
    burns_allowed,
    completed_missions,
    dominance,
    find_adversary,
    find_mission,
    living,
    standing,
    target_in_play,
    training_step,
)
from boardgames.deckbuilding.step_table import options
from boardgames.deckbuilding.text import CATALOG
from boardgames.locales import LANGUAGES, localize
from core.steps import MissingValue, Option
from core.viewer import NARRATOR, Viewer

__all__ = [
    "BLANK", "CATALOG", "CODEC", "LANGUAGES", "MAX_HEALTH", "NAME", "NARRATOR", "Adversary",
    "DeckbuildingBoard", "EndReason", "Game", "LordRuler", "MissingValue", "Mission",
    "Option", "Pending", "Player", "Result", "Reward", "Standing", "Turn", "Viewer", "apply",
    "board", "burns_allowed", "completed_missions", "describe", "dominance", "drawn",
    "find_adversary", "find_mission", "living", "localize", "new_game", "next_line",
    "next_phrases", "options", "replay", "rewards_reached", "standing", "start", "summary",
    "target_in_play", "training_step",
]
__all__ += events.__all__  # every event class
