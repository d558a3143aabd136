"""The Deckbuilding Game's rules for the Training track, the metals and the turn's damage
(R-DBG-9..11): the handlers of :mod:`boardgames.deckbuilding.turn_events`, and what the
other rules call: the move at the start of a turn, a Burn taken by Atium, damage used.
Pure; :mod:`boardgames.deckbuilding.rules` registers them. None of this applies to a
game saved before them (``rules`` 1), whose events replay as they were played.

Rulings (where the rulebook leaves a choice; each is marked "Ruling:" where it is
implemented):

* Sense in co-op and solo (R-DBG-3): the rulebook's answer is that Sense has no effect
  on the Lord Ruler, and co-op players never play against each other; so a Sense played
  by a player is refused there, and only a Sense from an effect (a Lord Ruler card, an
  Adversary) cancels a player's Mission points.
* Once the turn's Lord Ruler card is drawn, no damage is gained or used and no
  kill-an-Ally effect removes a shield (R-DBG-11: the card is drawn after the turn's
  attacks).
* The first turn's move up the Training track is made at set-up, as the first player's
  turn starts (the Polish edition: "also on the first turn of the game").
"""

from __future__ import annotations

from boardgames.deckbuilding import turn_events as te
from boardgames.deckbuilding.changes import _active, _competitive, _player, _turn
from boardgames.deckbuilding.state import Game, burns_allowed
from boardgames.deckbuilding.text import violation


def _current(game: Game, rule: str) -> None:
    if not game.tracks_training:
        raise violation("old_rules", rule)


def sense_between_players(game: Game, by: int, seat: int) -> None:
    """Ruling (R-DBG-3): in co-op and solo a player's Sense has no one to act on."""
    if game.tracks_training and game.mode.against_lord_ruler:
        raise violation("sense_coop", "R-DBG-3", by=game.players[by].name,
                        name=game.players[seat].name)


# --- the Training track (R-DBG-9) -------------------------------------------------------


def train_seat(game: Game, seat: int, steps: int) -> Game:
    """``seat``'s cube moves up ``steps`` steps: Burns and abilities follow from its
    step; each Atium step reached, and each move up from the end, gives 1 Atium."""
    player = game.players[seat]
    moves = player.trained + steps
    atium = game.training.atium_between(player.trained, moves)
    return _player(game, seat, trained=moves, atium=player.atium + atium)


def start_turn(game: Game) -> Game:
    """The very start of a turn: the active player's cube moves up one step (R-DBG-9)."""
    if not game.tracks_training or game.over or game.active.out:
        return game
    return train_seat(game, game.turn.seat, 1)


def _train(game: Game, event: te.Train) -> Game:
    _current(game, "R-DBG-9")
    return train_seat(game, _active(game, event.player, "R-DBG-9"), event.steps)


# --- metals (R-DBG-10) ------------------------------------------------------------------


def _gain_burns(game: Game, event: te.GainBurns) -> Game:
    _current(game, "R-DBG-10")
    seat = _active(game, event.player, "R-DBG-10")
    if event.lasting:
        return _player(game, seat, more_burns=game.players[seat].more_burns + event.count)
    return _turn(game, extra_burns=game.turn.extra_burns + event.count)


def _token(game: Game, name: str, metal: te.Metal) -> int:
    """The seat of ``name``, the active player, whose ``metal`` token is neither used
    this turn nor Flared."""
    _current(game, "R-DBG-10")
    seat = _active(game, name, "R-DBG-10")
    player = game.players[seat]
    if metal in game.turn.used:
        raise violation("metal_used", "R-DBG-10", name=player.name, metal=metal.value)
    if metal in player.flared:
        raise violation("metal_flared", "R-DBG-10", name=player.name, metal=metal.value)
    return seat


def _burn(game: Game, event: te.Burn) -> Game:
    seat = _token(game, event.player, event.metal)
    allowed = burns_allowed(game, seat)
    if game.turn.burned >= allowed:
        raise violation("burns_used", "R-DBG-10", name=game.players[seat].name,
                        allowed=allowed, metal=event.metal.value)
    return _turn(game, burned=game.turn.burned + 1,
                 used=te.metals_in({*game.turn.used, event.metal}))


def _flare(game: Game, event: te.Flare) -> Game:
    seat = _token(game, event.player, event.metal)
    game = _player(game, seat, flared=te.metals_in({*game.players[seat].flared, event.metal}))
    return _turn(game, used=te.metals_in({*game.turn.used, event.metal}))


def _refresh(game: Game, event: te.Refresh) -> Game:
    _current(game, "R-DBG-10")
    seat = _active(game, event.player, "R-DBG-10")
    player = game.players[seat]
    if event.metal not in player.flared:
        raise violation("not_flared", "R-DBG-10", name=player.name, metal=event.metal.value)
    return _player(game, seat, flared=tuple(m for m in player.flared if m is not event.metal))


def burn_atium(game: Game, seat: int, count: int, rule: str) -> Game:
    """``count`` Atium tokens used by ``seat`` in their turn take as many of the turn's
    Burns: Atium can't be Flared (R-DBG-5, R-DBG-10)."""
    if not game.tracks_training or seat != game.turn.seat:
        return game  # Burns are counted in a player's own turn
    left = burns_allowed(game, seat) - game.turn.burned
    if count > left:
        raise violation("atium_burns", rule, name=game.players[seat].name, left=left,
                        want=count)
    return _turn(game, burned=game.turn.burned + count)


# --- the turn's damage (R-DBG-11) -------------------------------------------------------


def before_draw(game: Game) -> None:
    """Refused once the turn's Lord Ruler card is drawn: the turn's cards and damage
    are over (R-DBG-11)."""
    if game.tracks_training and game.turn.drawn:
        raise violation("after_draw", "R-DBG-11", name=game.active.name)


def use_damage(game: Game, seat: int, amount: int) -> Game:
    """``amount`` of the turn's damage used by ``seat``: never more than is left, never
    after the Lord Ruler card (R-DBG-11)."""
    if not game.tracks_training:
        return game
    before_draw(game)
    if amount > game.turn.damage:
        raise violation("not_enough_damage", "R-DBG-11", name=game.players[seat].name,
                        have=game.turn.damage, want=amount)
    return _turn(game, damage=game.turn.damage - amount)


def _gain_damage(game: Game, event: te.GainDamage) -> Game:
    _current(game, "R-DBG-11")
    _active(game, event.player, "R-DBG-11")
    before_draw(game)
    return _turn(game, damage=game.turn.damage + event.amount)


def _attack_ally(game: Game, event: te.AttackAlly) -> Game:
    _current(game, "R-DBG-11")
    _competitive(game, "R-DBG-11")  # co-op players never attack each other's Allies
    seat = _active(game, event.player, "R-DBG-11")
    if game.turn.attacked:
        raise violation("ally_after_players", "R-DBG-11", name=game.players[seat].name)
    return use_damage(game, seat, event.amount)
