"""The Deckbuilding Game's rules: the pure :func:`apply` that checks an event against
the game and returns the next state (R-DBG-1..7), and sessions built on it
(:func:`start`, :func:`replay`). The game's public face is
:mod:`boardgames.deckbuilding`. The Training track, the metals and the turn's damage
(R-DBG-9..11) apply from ``rules`` 2 on; a game saved before them (``rules`` 1) replays
as it was played. The two last rulings below apply from ``rules`` 3 on: a game set up
before them (``rules`` 2) replays as it was played, without them; one Lord Ruler card a
turn (R-DBG-2) is held from ``rules`` 4 on.

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
* Flaring is for tokens above the Burn limit (R-DBG-10: "If you want to use more metal
  tokens above this limit, you must Flare them"): with Burns left, a Flare is refused,
  naming the Burns used.
* The attack on players is the turn's last use of damage (R-DBG-11): after it, no
  damage is gained (combat) or used (on Allies) that turn.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from boardgames.deckbuilding import events as ev
from boardgames.deckbuilding.events import MISSIONS, TRACK_TOP, shield_value
from boardgames.deckbuilding.state import (
    BLANK,
    BOXING_CASH,
    BOXING_PRICE,
    EDICT_HEALING,
    FOURTH_SEAT_BOXINGS,
    LORD_RULER_HEALTH,
    MAX_HEALTH,
    SEAT_BONUS,
    START_HEALTH,
    TARGET_MIN_PLAYERS,
    Adversary,
    EndReason,
    Game,
    LordRuler,
    Mission,
    Pending,
    Player,
    Result,
    Turn,
    burns_allowed,
    completed_missions,
    dominance,
    living,
    next_seat,
    topped_all,
)
from boardgames.deckbuilding.text import COMMANDS, bad_value, violation, violation_of
from boardgames.session import Handlers, Session

__all__ = ["apply", "new_game", "replay", "start"]


# --- what every rule changes: a seat, the turn, the Lord Ruler, the game's end -------


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
    if game.mode is not ev.Mode.COMPETITIVE:
        raise violation("coop_no_attack", rule)


def _finish(game: Game, reason: EndReason, winners: Iterable[int]) -> Game:
    return attrs.evolve(game, result=Result(reason, tuple(winners)))


def _after_elimination(game: Game) -> Game:
    """The Target leaves at 2 players alive (R-DBG-4); the game ends with 1 player
    alive (competitive) or none (co-op) (R-DBG-7)."""
    alive = living(game)
    if game.mode is ev.Mode.COMPETITIVE:
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


# --- set-up --------------------------------------------------------------------------


def _new(game: Game, event: ev.NewGame) -> Game:
    if game.started:
        raise violation("already_started", "R-DBG-1")
    competitive = event.mode is ev.Mode.COMPETITIVE
    count = len(event.players)
    players = tuple(
        Player(name=name,
               health=START_HEALTH + (SEAT_BONUS[seat] if competitive else 0),
               boxings=FOURTH_SEAT_BOXINGS if competitive and seat == 3 else 0)
        for seat, name in enumerate(event.players))
    missions = tuple(Mission(name=spec.name, rewards=spec.rewards, steps=(0,) * count)
                     for spec in event.missions)
    return start_turn(Game(
        mode=event.mode, players=players, missions=missions,
        target=count - 1 if competitive and count >= TARGET_MIN_PLAYERS else None,
        lord_ruler=None if competitive else LordRuler(), turn=Turn(),
        training=event.training, rules=event.rules))


# --- Missions (R-DBG-3) ----------------------------------------------------------------


def _gain_mission(game: Game, event: ev.GainMission) -> Game:
    seat = _active(game, event.player, "R-DBG-3")
    player = game.players[seat]
    cancelled = min(player.sense, event.points)
    return _player(game, seat, mission_points=player.mission_points + event.points - cancelled,
                   sense=player.sense - cancelled)


def sense_between_players(game: Game, by: int, seat: int) -> None:
    """Ruling (R-DBG-3): in co-op and solo a player's Sense has no one to act on."""
    if game.tracks_training and game.mode.against_lord_ruler:
        raise violation("sense_coop", "R-DBG-3", by=game.players[by].name,
                        name=game.players[seat].name)


def _sense(game: Game, event: ev.Sense) -> Game:
    seat = _active(game, event.player, "R-DBG-3")
    if event.by is not None:
        by = _alive(game, event.by, "R-DBG-3")
        if by == seat:
            raise violation("sense_self", "R-DBG-3", name=game.players[seat].name)
        sense_between_players(game, by, seat)
    player = game.players[seat]
    cancelled = min(player.mission_points, event.amount)
    return _player(game, seat, mission_points=player.mission_points - cancelled,
                   sense=player.sense + event.amount - cancelled)


def _spend_mission(game: Game, event: ev.SpendMission) -> Game:
    seat = _active(game, event.player, "R-DBG-3")
    player = game.players[seat]
    total = sum(event.points)
    if total > player.mission_points:
        raise violation("not_enough_points", "R-DBG-3", name=player.name,
                        have=player.mission_points, want=total)
    missions = list(game.missions)
    for index, points in enumerate(event.points):
        if not points:
            continue
        track = missions[index]
        step = track.steps[seat]
        if step + points > TRACK_TOP:
            raise violation("past_top", "R-DBG-3", name=player.name, mission=index + 1,
                            left=TRACK_TOP - step, want=points)
        reached = step + points
        # Every step passed is reached: a reward on it is gained, and its first-player
        # reward goes to the first cube ever to reach it (cubes only move up).
        highest_before = max(track.steps)
        firsts = tuple((s, seat) for s in track.reward_steps
                       if step < s <= reached and highest_before < s)
        steps = list(track.steps)
        steps[seat] = reached
        missions[index] = attrs.evolve(
            track, steps=tuple(steps), firsts=track.firsts + firsts,
            finished=track.finished + ((seat,) if reached == TRACK_TOP else ()))
    game = attrs.evolve(game, missions=tuple(missions))
    game = _player(game, seat, mission_points=player.mission_points - total)
    if game.mode is ev.Mode.COMPETITIVE and topped_all(game, seat):
        game = _finish(game, EndReason.MISSIONS, (seat,))  # R-DBG-7
    return game


# --- combat between players and the Target (R-DBG-1, R-DBG-4) ---------------------------


def _attack(game: Game, event: ev.Attack) -> Game:
    _competitive(game, "R-DBG-2")  # co-op players never attack each other
    seat = _active(game, event.attacker, "R-DBG-4")
    if game.turn.attacked:
        raise violation("attacked_already", "R-DBG-4", name=game.players[seat].name)
    alive = living(game)
    if game.target is None:
        victims = [s for s in alive if s != seat]
    elif game.target == seat:
        victims = [s for s in alive if s != seat]  # the holder hits everyone in full
    else:
        victims = [game.target]
    blocked: dict[int, int] = {}
    for item in event.blocked:
        victim = _alive(game, item.player, "R-DBG-4")
        if victim not in victims:
            raise violation("blocked_not_hit", "R-DBG-4", name=game.players[victim].name)
        blocked[victim] = item.amount
    holder = game.target
    game = _turn(use_damage(game, seat, event.amount), attacked=True)
    leftover = 0
    for victim in victims:
        taken = event.amount - blocked.get(victim, 0)
        if taken <= 0:
            continue
        game, spare = _hurt(game, victim, taken)
        if victim == holder and holder != seat:
            if game.players[victim].out:
                leftover = spare
            else:
                game = _turn(game, may_pass=True)  # damage reached the holder's health
    if holder is not None and holder != seat and game.players[holder].out:
        game = attrs.evolve(game, target=None)
        if len(living(game)) >= TARGET_MIN_PLAYERS:
            game = _turn(game, pending=Pending(chooser=seat, leftover=leftover))
    return _after_elimination(game)


def _choose_target(game: Game, event: ev.ChooseTarget) -> Game:
    pending = game.turn.pending
    if pending is None:
        raise violation("no_choice", "R-DBG-4")
    seat = _alive(game, event.player, "R-DBG-4")
    if seat == pending.chooser:
        raise violation("choose_self", "R-DBG-4", name=game.players[seat].name)
    if event.blocked > pending.leftover:
        raise violation("blocked_leftover", "R-DBG-4", blocked=event.blocked,
                        leftover=pending.leftover)
    game = _turn(attrs.evolve(game, target=seat), pending=None)
    taken = pending.leftover - event.blocked
    if taken <= 0:
        return game
    game, spare = _hurt(game, seat, taken)
    if not game.players[seat].out:
        return _turn(game, may_pass=pending.chooser is not None)
    game = attrs.evolve(game, target=None)
    if len(living(game)) >= TARGET_MIN_PLAYERS:
        game = _turn(game, pending=Pending(chooser=pending.chooser, leftover=spare))
    return _after_elimination(game)


def _pass_target(game: Game, event: ev.PassTarget) -> Game:
    if game.target is None:
        raise violation("no_target", "R-DBG-4")
    holder = game.players[game.target].name
    if not game.turn.may_pass:
        raise violation("may_not_pass", "R-DBG-4", name=holder)
    seat = _alive(game, event.to, "R-DBG-4")
    if seat == game.target:
        raise violation("pass_self", "R-DBG-4", name=holder)
    return _turn(attrs.evolve(game, target=seat), may_pass=False)


def _damage(game: Game, event: ev.Damage) -> Game:
    seat = _alive(game, event.player, "R-DBG-1")
    game, _spare = _hurt(game, seat, event.amount)
    if game.players[seat].out and game.target == seat:
        game = attrs.evolve(game, target=None)
        if len(living(game)) >= TARGET_MIN_PLAYERS:
            game = _turn(game, pending=Pending(chooser=None, leftover=0), may_pass=False)
    return _after_elimination(game)


def _heal(game: Game, event: ev.Heal) -> Game:
    seat = _alive(game, event.player, "R-DBG-1")
    health = game.players[seat].health
    return _player(game, seat, health=min(MAX_HEALTH, health + event.amount))


# --- coins and tokens (R-DBG-5) ----------------------------------------------------------


def _gain_coins(game: Game, event: ev.GainCoins) -> Game:
    _active(game, event.player, "R-DBG-5")
    return _turn(game, coins=game.turn.coins + event.amount)


def _spend_coins(game: Game, event: ev.SpendCoins) -> Game:
    seat = _active(game, event.player, "R-DBG-5")
    if event.amount > game.turn.coins:
        raise violation("not_enough_coins", "R-DBG-5", name=game.players[seat].name,
                        have=game.turn.coins, want=event.amount)
    return _turn(game, coins=game.turn.coins - event.amount)


def _buy_boxings(game: Game, event: ev.BuyBoxings) -> Game:
    seat = _active(game, event.player, "R-DBG-5")
    price = BOXING_PRICE * event.count
    if price > game.turn.coins:
        raise violation("boxing_price", "R-DBG-5", name=game.players[seat].name,
                        have=game.turn.coins, count=event.count, price=price)
    game = _turn(game, coins=game.turn.coins - price)
    return _player(game, seat, boxings=game.players[seat].boxings + event.count)


def _cash_boxings(game: Game, event: ev.CashBoxings) -> Game:
    seat = _active(game, event.player, "R-DBG-5")
    game = _spend_tokens(game, seat, ev.Token.BOXING, event.count, "R-DBG-5")
    return _turn(game, coins=game.turn.coins + BOXING_CASH * event.count)


def _gain_tokens(game: Game, event: ev.GainTokens) -> Game:
    seat = _alive(game, event.player, "R-DBG-5")
    player = game.players[seat]
    if event.token is ev.Token.BOXING:
        return _player(game, seat, boxings=player.boxings + event.count)
    return _player(game, seat, atium=player.atium + event.count)


def _spend_tokens(game: Game, seat: int, token: ev.Token, want: int, rule: str) -> Game:
    """The player at ``seat`` spends ``want`` of their ``token``; a refusal naming ``rule``
    if they have fewer (R-DBG-5)."""
    player = game.players[seat]
    atium = token is ev.Token.ATIUM
    have = player.atium if atium else player.boxings
    if want > have:
        raise violation("not_enough_atium" if atium else "not_enough_boxings", rule,
                        name=player.name, have=have, want=want)
    if atium:
        return _player(game, seat, atium=have - want)
    return _player(game, seat, boxings=have - want)


def _use_atium(game: Game, event: ev.UseAtium) -> Game:
    seat = _alive(game, event.player, "R-DBG-5")
    game = _spend_tokens(game, seat, ev.Token.ATIUM, event.count, "R-DBG-5")
    return burn_atium(game, seat, event.count, "R-DBG-5")


def _confrontation(game: Game, event: ev.Confrontation) -> Game:
    seat = _active(game, event.player, "R-DBG-7")
    game = _spend_tokens(game, seat, ev.Token.ATIUM, event.atium, "R-DBG-7")
    game = burn_atium(game, seat, event.atium, "R-DBG-7")
    winners = (seat,) if game.mode is ev.Mode.COMPETITIVE else range(len(game.players))
    return _finish(game, EndReason.CONFRONTATION, winners)


# --- the Lord Ruler (R-DBG-2, R-DBG-6) --------------------------------------------------


def _attack_lord_ruler(game: Game, event: ev.AttackLordRuler) -> Game:
    lord = _lord(game)
    game = use_damage(game, _active(game, event.player, "R-DBG-2"), event.amount)
    game = _lord_set(game, health=max(0, lord.health - event.amount))
    if _lord(game).health == 0:
        game = _finish(game, EndReason.LORD_RULER_DEFEATED, range(len(game.players)))
    return game


def _heal_lord_ruler(game: Game, event: ev.HealLordRuler) -> Game:
    lord = _lord(game)
    return _lord_set(game, health=min(LORD_RULER_HEALTH, lord.health + event.amount))


def _rows(game: Game, shown: Sequence[int]) -> Game:
    """Rows revealed on the Dominance track: Dominance is the highest number shown,
    never a sum (R-DBG-2)."""
    lord = _lord(game)
    top = max((lord.dominance, *shown))
    return _lord_set(game, rows=lord.rows + len(shown), dominance=top)


def _dominance_up(game: Game, event: ev.DominanceUp) -> Game:
    _lord(game)
    return _rows(game, (event.shown,))


def _draw(game: Game) -> Game:
    """The active player draws the top Lord Ruler card after their turn: one card a
    turn ("they draw and play the top card", R-DBG-2)."""
    lord = _lord(game)
    if game.active.out:
        raise violation("draw_out", "R-DBG-7", name=game.active.name)
    if game.one_card_a_turn and game.turn.drawn:
        raise violation("drawn_already", "R-DBG-2", name=game.active.name, **COMMANDS)
    if lord.deck == 0:
        raise violation("deck_empty", "R-DBG-7")
    game = _lord_set(game, deck=lord.deck - 1)
    return _turn(game, drawn=game.turn.drawn + 1)


def _edict(game: Game, event: ev.Edict) -> Game:
    game = _draw(game)
    ups = event.ups + (event.ups_below_4 if len(living(game)) < 4 else 0)
    if len(event.shown) != ups:
        raise violation_of("rows", "edict_rows", "R-DBG-2", ups=ups,
                           players=len(living(game)), shown=len(event.shown), **COMMANDS)
    game = _rows(game, event.shown)
    heal = EDICT_HEALING * (MISSIONS - completed_missions(game))
    return _lord_set(game, health=min(LORD_RULER_HEALTH, _lord(game).health + heal))


def _draw_adversary(game: Game, event: ev.DrawAdversary) -> Game:
    game = _draw(game)
    lord = _lord(game)
    adversary = Adversary(number=lord.drawn + 1, name=event.name, owner=game.turn.seat,
                          shields=event.shields)
    return _lord_set(game, adversaries=(*lord.adversaries, adversary), drawn=lord.drawn + 1)


def _find_adversary(game: Game, number: int) -> tuple[int, Adversary]:
    lord = _lord(game)
    for index, adversary in enumerate(lord.adversaries):
        if adversary.number == number:
            return index, adversary
    raise violation("no_adversary", "R-DBG-6", number=number,
                    numbers=", ".join(str(a.number) for a in lord.adversaries) or "—")


def _break_shield(game: Game, index: int) -> Game:
    lord = _lord(game)
    adversaries = list(lord.adversaries)
    adversary = attrs.evolve(adversaries[index], destroyed=adversaries[index].destroyed + 1)
    if adversary.destroyed == len(adversary.shields):
        del adversaries[index]  # the last shield fell: to the Lord Ruler's discard pile
        return _lord_set(game, adversaries=tuple(adversaries), discarded=lord.discarded + 1)
    adversaries[index] = adversary
    return _lord_set(game, adversaries=tuple(adversaries))


def _hit_shield(game: Game, event: ev.HitShield) -> Game:
    seat = _active(game, event.player, "R-DBG-6")
    index, adversary = _find_adversary(game, event.adversary)
    need = shield_value(adversary.next_shield, dominance(game))
    if event.damage < need:
        raise violation("shield_needs", "R-DBG-6", name=adversary.name,
                        shield=adversary.destroyed + 1, need=need, damage=event.damage)
    return _break_shield(use_damage(game, seat, event.damage), index)


def _remove_shield(game: Game, event: ev.RemoveShield) -> Game:
    _active(game, event.player, "R-DBG-6")
    before_draw(game)  # a card's effect: the turn's cards are over once it is drawn
    index, _adversary = _find_adversary(game, event.adversary)
    return _break_shield(game, index)


# --- turns (R-DBG-7) ---------------------------------------------------------------------


def _end_turn(game: Game, _event: ev.EndTurn) -> Game:
    lord = game.lord_ruler
    if lord is not None and game.active.alive and game.turn.drawn == 0:
        if lord.deck == 0:
            return _finish(game, EndReason.DECK_EXHAUSTED, ())  # must draw, none left
        raise violation("draw_first", "R-DBG-2", name=game.active.name, **COMMANDS)
    players = tuple(attrs.evolve(p, mission_points=0, sense=0) for p in game.players)
    game = attrs.evolve(game, players=players)
    return start_turn(attrs.evolve(game, turn=Turn(number=game.turn.number + 1,
                                                   seat=next_seat(game, game.turn.seat))))


# --- the Training track (R-DBG-9) -------------------------------------------------------


def _current(game: Game, rule: str) -> None:
    if not game.tracks_training:
        raise violation("old_rules", rule)


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


def _train(game: Game, event: ev.Train) -> Game:
    _current(game, "R-DBG-9")
    return train_seat(game, _active(game, event.player, "R-DBG-9"), event.steps)


# --- metals (R-DBG-10) ------------------------------------------------------------------


def _gain_burns(game: Game, event: ev.GainBurns) -> Game:
    _current(game, "R-DBG-10")
    seat = _active(game, event.player, "R-DBG-10")
    if event.lasting:
        return _player(game, seat, more_burns=game.players[seat].more_burns + event.count)
    return _turn(game, extra_burns=game.turn.extra_burns + event.count)


def _token(game: Game, name: str, metal: ev.Metal) -> int:
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


def _burn(game: Game, event: ev.Burn) -> Game:
    seat = _token(game, event.player, event.metal)
    allowed = burns_allowed(game, seat)
    if game.turn.burned >= allowed:
        raise violation("burns_used", "R-DBG-10", name=game.players[seat].name,
                        allowed=allowed, metal=event.metal.value)
    return _turn(game, burned=game.turn.burned + 1,
                 used=ev.metals_in({*game.turn.used, event.metal}))


def _flare(game: Game, event: ev.Flare) -> Game:
    seat = _token(game, event.player, event.metal)
    allowed = burns_allowed(game, seat)
    # Ruling: Flaring is for tokens above the limit (from rules 3 on).
    if game.holds_rulings and game.turn.burned < allowed:
        raise violation("flare_burns_left", "R-DBG-10", name=game.players[seat].name,
                        metal=event.metal.value, used=game.turn.burned, allowed=allowed)
    game = _player(game, seat, flared=ev.metals_in({*game.players[seat].flared, event.metal}))
    return _turn(game, used=ev.metals_in({*game.turn.used, event.metal}))


def _refresh(game: Game, event: ev.Refresh) -> Game:
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


def _gain_damage(game: Game, event: ev.GainDamage) -> Game:
    _current(game, "R-DBG-11")
    seat = _active(game, event.player, "R-DBG-11")
    before_draw(game)
    # Ruling: the attack on players is the turn's last use (from rules 3 on).
    if game.holds_rulings and game.turn.attacked:
        raise violation("damage_after_players", "R-DBG-11", name=game.players[seat].name)
    return _turn(game, damage=game.turn.damage + event.amount)


def _attack_ally(game: Game, event: ev.AttackAlly) -> Game:
    _current(game, "R-DBG-11")
    _competitive(game, "R-DBG-11")  # co-op players never attack each other's Allies
    seat = _active(game, event.player, "R-DBG-11")
    if game.turn.attacked:
        raise violation("ally_after_players", "R-DBG-11", name=game.players[seat].name)
    return use_damage(game, seat, event.amount)


# --- apply -----------------------------------------------------------------------------

HANDLERS: Handlers[Game, ev.Event] = (
    Handlers[Game, ev.Event]("Deckbuilding Game", refuse=lambda event: bad_value(
        "not_an_event", None, value=type(event).__name__))
    .add(ev.NewGame, _new).add(ev.GainMission, _gain_mission).add(ev.SpendMission, _spend_mission)
    .add(ev.Sense, _sense).add(ev.Attack, _attack).add(ev.ChooseTarget, _choose_target)
    .add(ev.PassTarget, _pass_target).add(ev.Damage, _damage).add(ev.Heal, _heal)
    .add(ev.GainCoins, _gain_coins).add(ev.SpendCoins, _spend_coins)
    .add(ev.BuyBoxings, _buy_boxings).add(ev.CashBoxings, _cash_boxings)
    .add(ev.GainTokens, _gain_tokens).add(ev.UseAtium, _use_atium)
    .add(ev.Confrontation, _confrontation).add(ev.AttackLordRuler, _attack_lord_ruler)
    .add(ev.HealLordRuler, _heal_lord_ruler).add(ev.DominanceUp, _dominance_up)
    .add(ev.Edict, _edict).add(ev.DrawAdversary, _draw_adversary).add(ev.HitShield, _hit_shield)
    .add(ev.RemoveShield, _remove_shield).add(ev.EndTurn, _end_turn)
    .add(ev.Train, _train).add(ev.GainBurns, _gain_burns).add(ev.Burn, _burn)
    .add(ev.Flare, _flare).add(ev.Refresh, _refresh).add(ev.GainDamage, _gain_damage)
    .add(ev.AttackAlly, _attack_ally))


def apply(game: Game, event: ev.Event) -> Game:
    """The game after ``event``; a :class:`~boardgames.locales.LocalizedRuleViolation`
    naming the rule, and no change, if the rules do not allow it now."""
    handler = HANDLERS.of(event)
    if isinstance(event, ev.NewGame):
        return handler(game, event)
    if not game.started:
        raise violation("not_started", "R-DBG-1")
    if game.result is not None:
        raise violation("game_over", "R-DBG-7")
    if game.turn.pending is not None and not isinstance(event, ev.ChooseTarget):
        chooser = game.turn.pending.chooser
        if chooser is None:
            raise violation("choose_first_table", "R-DBG-4")
        raise violation("choose_first", "R-DBG-4", leftover=game.turn.pending.leftover,
                        name=game.players[chooser].name)
    return handler(game, event)


def new_game(players: Sequence[str], mode: ev.Mode = ev.Mode.COMPETITIVE,
             missions: Sequence[ev.MissionSpec] | None = None, *,
             training: ev.TrainingLayout = ev.DEFAULT_TRAINING) -> Game:
    """The state right after set-up (:class:`NewGame`)."""
    return apply(BLANK, _new_event(players, mode, missions, training))


def _new_event(players: Sequence[str], mode: ev.Mode,
               missions: Sequence[ev.MissionSpec] | None,
               training: ev.TrainingLayout) -> ev.NewGame:
    if missions is None:
        return ev.NewGame(players=tuple(players), mode=mode, training=training)
    return ev.NewGame(players=tuple(players), mode=mode, missions=tuple(missions),
                      training=training)


def start(players: Sequence[str], mode: ev.Mode = ev.Mode.COMPETITIVE,
          missions: Sequence[ev.MissionSpec] | None = None, *,
          training: ev.TrainingLayout = ev.DEFAULT_TRAINING) -> Session[Game, ev.Event]:
    """A new session whose first event is the set-up (``training``: the Training
    track's layout, R-DBG-9)."""
    session: Session[Game, ev.Event] = Session(apply, BLANK)
    session.push(_new_event(players, mode, missions, training))
    return session


def replay(events: Iterable[ev.Event]) -> Session[Game, ev.Event]:
    """A session rebuilt from saved events (the first one a :class:`NewGame`)."""
    return Session(apply, BLANK, events)
