"""What the Deckbuilding Game's rules share when they change a game: a seat's or the turn's
fields, the Lord Ruler's, who is alive or active (R-DBG-1), the end of a game and the
damage a player takes. Pure; :mod:`boardgames.deckbuilding.rules` applies the events."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from boardgames.deckbuilding.events import (
    Mode,
)
from boardgames.deckbuilding.state import (
    TARGET_MIN_PLAYERS,
    EndReason,
    Game,
    LordRuler,
    Result,
    living,
)
from boardgames.deckbuilding.text import violation

# --- helpers -------------------------------------------------------------------------


def _player(game: Game, seat: int, **changes: Any) -> Game:
    players = list(game.players)
    players[seat] = attrs.evolve(players[seat], **changes)
    return attrs.evolve(game, players=tuple(players))


def _turn(game: Game, **changes: Any) -> Game:
    return attrs.evolve(game, turn=attrs.evolve(game.turn, **changes))


def _lord(game: Game) -> LordRuler:
    if game.lord_ruler is None:
        raise violation("not_coop", "R-DBG-2")
    return game.lord_ruler


def _lord_set(game: Game, **changes: Any) -> Game:
    return attrs.evolve(game, lord_ruler=attrs.evolve(_lord(game), **changes))


def _alive(game: Game, name: str, rule: str) -> int:
    seat = game.seat(name)
    if game.players[seat].out:
        raise violation("player_out", rule, name=game.players[seat].name)
    return seat


def _active(game: Game, name: str, rule: str) -> int:
    """The seat of ``name``, who must be alive and the player whose turn it is."""
    seat = _alive(game, name, rule)
    if seat != game.turn.seat:
        raise violation("not_your_turn", rule, name=game.players[seat].name,
                        active=game.active.name)
    return seat


def _competitive(game: Game, rule: str) -> None:
    if game.mode is not Mode.COMPETITIVE:
        raise violation("coop_no_attack", rule)


def _finish(game: Game, reason: EndReason, winners: Iterable[int]) -> Game:
    return attrs.evolve(game, result=Result(reason, tuple(winners)))


def _after_elimination(game: Game) -> Game:
    """The Target leaves at 2 players alive (R-DBG-4); the game ends with 1 player
    alive (competitive) or none (co-op) (R-DBG-7)."""
    alive = living(game)
    if game.mode is Mode.COMPETITIVE:
        if len(alive) < TARGET_MIN_PLAYERS:
            game = attrs.evolve(game, target=None)
            if game.turn.pending is not None or game.turn.may_pass:
                game = _turn(game, pending=None, may_pass=False)
        if len(alive) == 1:
            game = _finish(game, EndReason.LAST_STANDING, alive)
    elif not alive:
        game = _finish(game, EndReason.ALL_OUT, ())
    return game


def _hurt(game: Game, seat: int, amount: int) -> tuple[Game, int]:
    """``seat`` loses ``amount`` health (the dial stops at 0, which eliminates,
    R-DBG-1). Returns the new game and the damage left over past 0."""
    player = game.players[seat]
    left = player.health - amount
    if left > 0:
        return _player(game, seat, health=left), 0
    return _player(game, seat, health=0, out=True, mission_points=0, sense=0), -left
