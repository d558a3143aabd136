"""The Deckbuilding Game as JSON: events to and from JSON (game ``"deckbuilding"``),
through the board games' shared :class:`~boardgames.session.Codec` (one flat object
per event, tagged with its ``TYPE``; enums as their values, lists as JSON lists), and a
game's state as one JSON-ready :func:`snapshot` for screens and ``--json``. Keys and
values are the same in every language; only the ``result`` text is in the one asked
for."""

from __future__ import annotations

from typing import Any

from boardgames.deckbuilding.describe import result_text
from boardgames.deckbuilding.events import EVENTS, Event
from boardgames.deckbuilding.state import Game, burns_allowed, standing, training_step
from boardgames.session import Codec

__all__ = ["CODEC", "snapshot"]



def _before_training(body: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 → 2: a game saved before the Training track, the metals and the turn's
    damage (R-DBG-9..11) is set up by the rules it was played by (``rules`` 1), so
    that its events keep their meaning."""
    if body.get("type") == "new" and "rules" not in body:
        body = {**body, "rules": 1}
    return {**body, "schema": 2}


CODEC: Codec[Event] = Codec("deckbuilding", EVENTS, schema=2, upgrades={1: _before_training})
"""Events to and from JSON (game ``"deckbuilding"``); schema 1, saved before the
Training track, reads as a game of ``rules`` 1."""


def _training(game: Game, seat: int) -> dict[str, Any]:
    """A player's Training step, Burns allowed, abilities and Flared metals (R-DBG-9,
    R-DBG-10); nothing for a game saved before they were kept."""
    if not game.tracks_training:
        return {}
    player = game.players[seat]
    return {"training": training_step(game, seat), "burns": burns_allowed(game, seat),
            "abilities": [a.value for a in game.training.unlocked(player.trained)],
            "flared": [m.value for m in player.flared]}


def snapshot(game: Game, lang: str = "en") -> dict[str, Any]:
    """Every dial and track of ``game``, JSON-ready: the players (health, Boxings,
    Atium, out, Mission points and Sense this turn), the Target's holder, the turn,
    each Mission track (every cube's step, the finishing order, who is highest and
    lowest, the first-player rewards taken), the Lord Ruler in co-op, and the result."""
    names = [p.name for p in game.players]
    lord = game.lord_ruler
    result = game.result
    missions = []
    for index, track in enumerate(game.missions):
        where = standing(game, index)
        missions.append({
            "number": index + 1, "name": track.name, "rewards": list(track.reward_steps),
            "steps": {names[s]: step for s, step in enumerate(track.steps)},
            "finished": [names[s] for s in track.finished],
            "highest": [names[s] for s in sorted(where.highest)],
            "lowest": [names[s] for s in sorted(where.lowest)],
            "firsts": [{"step": step, "player": names[s]} for step, s in track.firsts],
            "completed": track.completed})
    return {
        "mode": game.mode.value, "rules": game.rules,
        "players": [{"name": p.name, "health": p.health, "boxings": p.boxings,
                     "atium": p.atium, "out": p.out, "mission_points": p.mission_points,
                     "sense": p.sense, **_training(game, seat)}
                    for seat, p in enumerate(game.players)],
        "target": None if game.target is None else names[game.target],
        "turn": {"number": game.turn.number,
                 "player": names[game.turn.seat] if names else None,
                 "coins": game.turn.coins, "attacked": game.turn.attacked,
                 "may_pass": game.turn.may_pass, "drawn": game.turn.drawn,
                 "burned": game.turn.burned, "used": [m.value for m in game.turn.used],
                 "damage": game.turn.damage,
                 "choosing": None if game.turn.pending is None else {
                     "chooser": None if game.turn.pending.chooser is None
                     else names[game.turn.pending.chooser],
                     "leftover": game.turn.pending.leftover}},
        "missions": missions,
        "lord_ruler": None if lord is None else {
            "health": lord.health, "dominance": lord.dominance, "rows": lord.rows,
            "deck": lord.deck, "defeated": lord.discarded,
            "adversaries": [{"number": a.number, "name": a.name, "owner": names[a.owner],
                             "shields": list(a.shields), "destroyed": a.destroyed}
                            for a in lord.adversaries]},
        "result": None if result is None else {
            "reason": result.reason.value, "winners": [names[s] for s in result.winners],
            "text": result_text(game, lang)},
    }
