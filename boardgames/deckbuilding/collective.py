"""Shared damage: an Edict's (or an Adversary's) "Collective" damage, split among the
players still in the game as they wish, all of it on one player when one is left
(the rulebook's answer, R-DBG-2). :func:`collective` turns a split into the
:class:`~boardgames.deckbuilding.events.Damage` events that apply it."""

from __future__ import annotations

from collections.abc import Mapping

from boardgames.deckbuilding.events import MAX_AMOUNT, Damage, check_whole
from boardgames.deckbuilding.state import Game, living
from boardgames.deckbuilding.text import bad_value, violation

__all__ = ["collective", "even_split"]


def even_split(game: Game, amount: int) -> dict[int, int]:
    """``amount`` split as evenly as it goes among the players alive, in turn order from
    the player whose turn it is: the first ones take one more when it does not divide
    (the tool's default when the table names no split)."""
    alive = living(game)
    order = sorted(alive, key=lambda s: (s - game.turn.seat) % len(game.players))
    share, extra = divmod(amount, len(order))
    return {seat: share + (1 if index < extra else 0) for index, seat in enumerate(order)}


def collective(game: Game, amount: int,
               shares: Mapping[str, int] | None = None) -> tuple[Damage, ...]:
    """The Damage events that apply ``amount`` shared damage: ``shares`` by player name
    (players still in the game, whole numbers adding up to ``amount``), else
    :func:`even_split`. Players whose share is 0 take nothing."""
    check_whole(amount, "amount", 1, MAX_AMOUNT, "R-DBG-2")
    if not game.started or game.over:
        raise violation("not_started" if not game.started else "game_over", "R-DBG-2")
    if shares is None:
        split = even_split(game, amount)
    else:
        split = {}
        for name, value in shares.items():
            seat = game.seat(name)
            if game.players[seat].out or seat in split:
                raise bad_value("bad.collective", "R-DBG-2", amount=amount,
                                shares=_said(shares), total=sum(shares.values()))
            split[seat] = check_whole(value, "amount", 0, MAX_AMOUNT, "R-DBG-2")
        if sum(split.values()) != amount:
            raise bad_value("bad.collective", "R-DBG-2", amount=amount,
                            shares=_said(shares), total=sum(split.values()))
    return tuple(Damage(game.players[seat].name, value)
                 for seat, value in sorted(split.items()) if value)


def _said(shares: Mapping[str, int]) -> str:
    return ", ".join(f"{name}={value}" for name, value in shares.items())[:80]
