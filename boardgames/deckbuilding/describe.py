"""Every event of Mistborn: The Deckbuilding Game as one plain sentence, in English or
Polish: ``describe(before, event, after, lang="pl")``.

The sentence says what the event did to the numbers (``Vin takes 5 damage: 36 → 31``)
and what followed from it: players eliminated, the Target moving or leaving the game,
Mission rewards reached (the reward cards' effects stay on the table), the end of the
game and who won. It reads the states before and after the event, so it always agrees
with :func:`boardgames.deckbuilding.apply`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from boardgames.deckbuilding import events as ev
from boardgames.deckbuilding.events import ATTACK_ROW, MISSIONS, TRACK_TOP, Ability, Metal
from boardgames.deckbuilding.state import (
    EDICT_HEALING,
    MAX_HEALTH,
    EndReason,
    Game,
    LordRuler,
    burns_allowed,
    completed_missions,
    living,
)
from boardgames.deckbuilding.text import CATALOG
from boardgames.errors import BadValue, shown
from boardgames.locales import LANGUAGES, Param
from core.viewer import NARRATOR, Viewer

__all__ = ["ABILITIES", "ABILITIES_UNLOCKED", "METALS", "METALS_BURNED", "Reward", "capitalized",
           "describe", "result_text", "rewards_reached", "training_moves"]


@attrs.frozen
class Reward:
    """A Mission reward a cube reached: its Mission (0–2), step, the seat that reached
    it, whether it is the top's, and whether that seat was the first to reach it (and
    so also takes its first-player reward; the top's is one-time) (R-DBG-3)."""

    mission: int
    step: int
    seat: int
    first: bool

    @property
    def top(self) -> bool:
        """Whether this is the reward at the top of the track."""
        return self.step == TRACK_TOP


def rewards_reached(before: Game, after: Game) -> tuple[Reward, ...]:
    """The Mission rewards reached between two states, Mission by Mission, step by
    step: every reward step a cube passed or stopped on (R-DBG-3)."""
    found: list[Reward] = []
    for index, (old, new) in enumerate(zip(before.missions, after.missions, strict=False)):
        new_firsts = set(new.firsts) - set(old.firsts)
        for seat, (was, now) in enumerate(zip(old.steps, new.steps, strict=True)):
            for step in new.reward_steps:
                if was < step <= now:
                    found.append(Reward(index, step, seat, (step, seat) in new_firsts))
    return tuple(found)


class _Say:
    """Renders catalog keys in one language."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __call__(self, key: str, **params: Param) -> str:
        return CATALOG.render("say." + key, params, self.lang)

    def word(self, key: str) -> str:
        """The catalog's word ``key`` (a metal's, an ability's name)."""
        return CATALOG.render(key, {}, self.lang)

    def mission(self, game: Game, index: int, *, of: bool = False) -> str:
        """Mission ``index`` by number and name; ``of``: as in "the reward of …" (the
        Polish genitive, "misji 2")."""
        name = game.missions[index].name
        if name:
            return self("mission_named_of" if of else "mission_named", number=index + 1,
                        name=name)
        return self("mission_of" if of else "mission", number=index + 1)


def _name(game: Game, seat: int) -> str:
    return game.players[seat].name


def _health_changes(say: _Say, before: Game, after: Game) -> tuple[str, ...]:
    return tuple(say("health_change", name=p.name, old=old.health, new=p.health)
                 for old, p in zip(before.players, after.players, strict=True)
                 if old.health != p.health)


# --- one main clause per event ---------------------------------------------------------


def _new(say: _Say, _before: Game, event: ev.NewGame, after: Game) -> str:
    seats = tuple(say("seat_boxings", name=p.name, health=p.health, count=p.boxings)
                  if p.boxings else say("seat", name=p.name, health=p.health)
                  for p in after.players)
    if event.mode is ev.Mode.COMPETITIVE:
        if after.target is not None:
            return say("new_target", seats=seats, holder=_name(after, after.target))
        return say("new_competitive", seats=seats)
    lord = after.lord_ruler
    assert lord is not None
    key = "new_solo" if event.mode is ev.Mode.SOLO else "new_coop"
    return say(key, seats=seats, health=lord.health, dominance=lord.dominance,
               deck=lord.deck)


def _gain_mission(say: _Say, before: Game, event: ev.GainMission, after: Game) -> str:
    seat = before.seat(event.player)
    old, new = before.players[seat], after.players[seat]
    cancelled = old.sense - new.sense
    if cancelled:
        return say("mission_gain_sensed", name=new.name, points=event.points,
                   cancelled=cancelled, total=new.mission_points)
    return say("mission_gain", name=new.name, points=event.points, total=new.mission_points)


def _spend_mission(say: _Say, before: Game, event: ev.SpendMission, after: Game) -> str:
    seat = before.seat(event.player)
    moves = tuple(say("mission_move", mission=say.mission(after, i),
                      old=before.missions[i].steps[seat], new=after.missions[i].steps[seat])
                  for i, points in enumerate(event.points) if points)
    text = say("mission_spend", name=_name(after, seat), points=sum(event.points),
               moves=moves, left=after.players[seat].mission_points)
    rewards = tuple(_reward(say, after, r) for r in rewards_reached(before, after))
    return text + (say("rewards", rewards=rewards) if rewards else "")


def _reward(say: _Say, game: Game, reward: Reward) -> str:
    mission = say.mission(game, reward.mission, of=True)
    if reward.top:
        return say("reward_top_first" if reward.first else "reward_top", mission=mission)
    return say("reward_mid_first" if reward.first else "reward_mid", mission=mission,
               step=reward.step)


def _sense(say: _Say, before: Game, event: ev.Sense, after: Game) -> str:
    seat = before.seat(event.player)
    old, new = before.players[seat], after.players[seat]
    params: dict[str, Param] = {
        "name": new.name, "amount": event.amount,
        "cancelled": old.mission_points - new.mission_points, "later": new.sense}
    if event.by is None:
        return say("sense", **params)
    return say("sense_by", by=_name(after, before.seat(event.by)), **params)


def _attack(say: _Say, before: Game, event: ev.Attack, after: Game) -> str:
    seat = before.seat(event.attacker)
    changes = _health_changes(say, before, after) or (say("no_harm"),)
    blocked = tuple(say("blocked", name=_name(after, before.seat(b.player)), amount=b.amount)
                    for b in event.blocked)
    tail = say("blocked_list", items=blocked) if blocked else ""
    name = _name(after, seat)
    if before.target == seat:
        return say("attack_all", name=name, amount=event.amount, changes=changes) + tail
    if before.target is not None:
        return say("attack_target", name=name, amount=event.amount,
                   holder=_name(after, before.target), changes=changes) + tail
    victim = next(s for s in living(before) if s != seat)
    return say("attack", name=name, amount=event.amount, victim=_name(after, victim),
               changes=changes) + tail


def _choose_target(say: _Say, before: Game, event: ev.ChooseTarget, after: Game) -> str:
    pending = before.turn.pending
    assert pending is not None
    name = _name(after, before.seat(event.player))
    chooser = "" if pending.chooser is None else _name(after, pending.chooser)
    changes = _health_changes(say, before, after)
    if not changes:
        key = "choose_table" if pending.chooser is None else "choose"
        return say(key, chooser=chooser, name=name, leftover=pending.leftover)
    return say("choose_hit", chooser=chooser, name=name, leftover=pending.leftover,
               changes=changes)


def _pass_target(say: _Say, before: Game, event: ev.PassTarget, after: Game) -> str:
    assert before.target is not None
    return say("pass", name=_name(after, before.target),
               to=_name(after, before.seat(event.to)))


def _damage(say: _Say, before: Game, event: ev.Damage, after: Game) -> str:
    seat = before.seat(event.player)
    return say("damage", name=_name(after, seat), amount=event.amount,
               old=before.players[seat].health, new=after.players[seat].health)


def _heal(say: _Say, before: Game, event: ev.Heal, after: Game) -> str:
    seat = before.seat(event.player)
    old, new = before.players[seat].health, after.players[seat].health
    key = "heal_capped" if old + event.amount > MAX_HEALTH else "heal"
    return say(key, name=_name(after, seat), amount=event.amount, old=old, new=new,
               cap=MAX_HEALTH)


def _coins(say: _Say, before: Game, event: ev.GainCoins | ev.SpendCoins, after: Game) -> str:
    key = "coins_gain" if isinstance(event, ev.GainCoins) else "coins_spend"
    return say(key, name=_name(after, before.seat(event.player)), amount=event.amount,
               total=after.turn.coins)


def _boxings(say: _Say, before: Game, event: ev.BuyBoxings | ev.CashBoxings, after: Game) -> str:
    seat = before.seat(event.player)
    key = "boxing_buy" if isinstance(event, ev.BuyBoxings) else "boxing_cash"
    return say(key, name=_name(after, seat), count=event.count,
               coins=abs(after.turn.coins - before.turn.coins),
               total=after.players[seat].boxings, left=after.turn.coins)


def _gain_tokens(say: _Say, before: Game, event: ev.GainTokens, after: Game) -> str:
    seat = before.seat(event.player)
    player = after.players[seat]
    boxing = event.token is ev.Token.BOXING
    return say("gain_boxings" if boxing else "gain_atium", name=player.name,
               count=event.count, total=player.boxings if boxing else player.atium)


def _use_atium(say: _Say, before: Game, event: ev.UseAtium, after: Game) -> str:
    player = after.players[before.seat(event.player)]
    return say("use_atium", name=player.name, count=event.count, total=player.atium)


def _confrontation(say: _Say, before: Game, event: ev.Confrontation, after: Game) -> str:
    return say("confrontation", name=_name(after, before.seat(event.player)),
               tokens=event.atium)


def _lord_ruler(game: Game) -> LordRuler:
    assert game.lord_ruler is not None
    return game.lord_ruler


def _attack_lord_ruler(say: _Say, before: Game, event: ev.AttackLordRuler, after: Game) -> str:
    return say("lord_ruler_attack", name=_name(after, before.seat(event.player)),
               amount=event.amount, old=_lord_ruler(before).health,
               new=_lord_ruler(after).health)


def _heal_lord_ruler(say: _Say, before: Game, event: ev.HealLordRuler, after: Game) -> str:
    return say("lord_ruler_heal", amount=event.amount, old=_lord_ruler(before).health,
               new=_lord_ruler(after).health)


def _dominance_up(say: _Say, before: Game, event: ev.DominanceUp, after: Game) -> str:
    old, new = _lord_ruler(before).dominance, _lord_ruler(after).dominance
    if event.shown == ATTACK_ROW:
        return "; ".join([say("dominance_attack_row", dominance=new),
                          _one_time_attacks(say, event.shown)])
    return say("dominance_row", shown=event.shown, old=old, new=new)


def _one_time_attacks(say: _Say, *shown: int) -> str:
    """What the rows revealed that show no Dominance do: a one-time attack on the
    players, its damage on the printed track (R-DBG-2); "" when there is none."""
    count = shown.count(ATTACK_ROW)
    return say("one_time_attack", count=count, command="damage") if count else ""


def _edict(say: _Say, before: Game, event: ev.Edict, after: Game) -> str:
    old, new = _lord_ruler(before), _lord_ruler(after)
    open_missions = MISSIONS - completed_missions(after)
    attacks = _one_time_attacks(say, *event.shown)
    return say("edict", name=before.active.name, rows=len(event.shown),
               old=old.dominance, new=new.dominance, attacks=attacks and "; " + attacks,
               missions=open_missions,
               heal=EDICT_HEALING * open_missions, health_old=old.health, health_new=new.health,
               deck=new.deck)


def _adversary(say: _Say, before: Game, event: ev.DrawAdversary, after: Game) -> str:
    lord = _lord_ruler(after)
    return say("adversary", name=before.active.name, number=lord.drawn,
               adversary=event.name, shields=", ".join(event.shields), deck=lord.deck)


def _shield(say: _Say, before: Game, event: ev.HitShield | ev.RemoveShield, after: Game) -> str:
    adversary = next(a for a in _lord_ruler(before).adversaries
                     if a.number == event.adversary)
    still = next((a for a in _lord_ruler(after).adversaries
                  if a.number == event.adversary), None)
    params: dict[str, Param] = {
        "name": _name(after, before.seat(event.player)), "adversary": adversary.name,
        "number": adversary.number, "shield": adversary.destroyed + 1}
    if isinstance(event, ev.HitShield):
        text = say("shield_hit", damage=event.damage, **params)
    else:
        text = say("shield_remove", **params)
    if still is None:
        return text + say("adversary_defeated", adversary=adversary.name)
    return text + say("shields_left", count=len(still.shields) - still.destroyed)


def _end_turn(say: _Say, before: Game, _event: ev.EndTurn, after: Game) -> str:
    if after.result is not None and after.turn == before.turn:
        return say("deck_exhausted", name=before.active.name)
    text = say("end_turn", name=before.active.name, number=after.turn.number,
               next=after.active.name)
    if before.turn.damage:  # R-DBG-11: what is left is lost
        text += "; " + say("damage_lost", name=before.active.name, left=before.turn.damage)
    return text


METALS = {Metal.TIN: "metal.tin", Metal.PEWTER: "metal.pewter", Metal.IRON: "metal.iron",
          Metal.STEEL: "metal.steel", Metal.ZINC: "metal.zinc", Metal.BRASS: "metal.brass",
          Metal.COPPER: "metal.copper", Metal.BRONZE: "metal.bronze"}
"""Each metal's catalog key (its name in the language asked for, as a list names it)."""
METALS_BURNED = {
    Metal.TIN: "metal_acc.tin", Metal.PEWTER: "metal_acc.pewter",
    Metal.IRON: "metal_acc.iron", Metal.STEEL: "metal_acc.steel",
    Metal.ZINC: "metal_acc.zinc", Metal.BRASS: "metal_acc.brass",
    Metal.COPPER: "metal_acc.copper", Metal.BRONZE: "metal_acc.bronze"}
"""Each metal's catalog key as a verb's object ("Vin Burns tin", Polish "spala cynę":
the accusative)."""
ABILITIES = {Ability.I: "ability.I", Ability.II: "ability.II", Ability.III: "ability.III",
             Ability.ELIMINATE: "ability.eliminate", Ability.ATIUM: "ability.atium"}
"""Each ability's catalog key (as a list names it)."""
ABILITIES_UNLOCKED = {
    Ability.I: "ability_acc.I", Ability.II: "ability_acc.II",
    Ability.III: "ability_acc.III", Ability.ELIMINATE: "ability_acc.eliminate",
    Ability.ATIUM: "ability_acc.atium"}
"""Each ability's catalog key as what is unlocked (Polish "odblokowano drugą zdolność":
the accusative)."""


def training_moves(say: _Say, before: Game, after: Game) -> tuple[str, ...]:
    """Every cube that moved up the Training track, with the rewards it reached
    (R-DBG-9): Burns a turn, abilities unlocked, Atium tokens gained."""
    said = []
    olds = before.players if before.started else tuple(
        attrs.evolve(p, trained=0) for p in after.players)  # set-up: the first turn's move
    for old, new in zip(olds, after.players, strict=True):
        if new.trained <= old.trained:
            continue
        layout = after.training
        was, now = layout.step(old.trained), layout.step(new.trained)
        text = (say("training", name=new.name, old=was, new=now) if now > was
                else say("training_end", name=new.name))
        rewards = []
        if layout.burns_at(new.trained) > layout.burns_at(old.trained):
            rewards.append(say("train_burns", count=layout.burns_at(new.trained)))
        rewards += [say("train_ability", ability=say.word(ABILITIES_UNLOCKED[a]))
                    for a in layout.unlocked(new.trained)
                    if a not in layout.unlocked(old.trained)]
        atium = layout.atium_between(old.trained, new.trained)
        if atium:
            rewards.append(say("train_atium", count=atium, total=new.atium))
        said.append(text + (say("training_rewards", rewards=tuple(rewards)) if rewards else ""))
    return tuple(said)


def _train(say: _Say, before: Game, _event: ev.Train, after: Game) -> str:
    return "; ".join(training_moves(say, before, after))


def _burns(say: _Say, before: Game, event: ev.GainBurns, after: Game) -> str:
    seat = before.seat(event.player)
    return say("burns_gain_lasting" if event.lasting else "burns_gain",
               name=_name(after, seat), count=event.count, used=after.turn.burned,
               allowed=burns_allowed(after, seat))


def _metal(say: _Say, before: Game, event: ev.Burn | ev.Flare | ev.Refresh,
           after: Game) -> str:
    seat = before.seat(event.player)
    name, metal = _name(after, seat), say.word(METALS_BURNED[event.metal])
    if isinstance(event, ev.Burn):
        return say("burn", name=name, metal=metal, used=after.turn.burned,
                   allowed=burns_allowed(after, seat))
    if isinstance(event, ev.Flare):
        return say("flare", name=name, metal=metal, flared=tuple(
            say.word(METALS[m]) for m in after.players[seat].flared))
    return say("refresh", name=name, metal=metal)


def _damage_points(say: _Say, before: Game, event: ev.GainDamage | ev.AttackAlly,
                   after: Game) -> str:
    name = _name(after, before.seat(event.player))
    if isinstance(event, ev.GainDamage):
        return say("damage_gain", name=name, amount=event.amount, total=after.turn.damage)
    return say("ally_attack", name=name, amount=event.amount, left=after.turn.damage)


_MAIN: dict[type[Any], Callable[[_Say, Game, Any, Game], str]] = {
    ev.NewGame: _new, ev.GainMission: _gain_mission, ev.SpendMission: _spend_mission,
    ev.Sense: _sense, ev.Attack: _attack, ev.ChooseTarget: _choose_target,
    ev.PassTarget: _pass_target,
    ev.Damage: _damage, ev.Heal: _heal, ev.GainCoins: _coins, ev.SpendCoins: _coins,
    ev.BuyBoxings: _boxings, ev.CashBoxings: _boxings, ev.GainTokens: _gain_tokens,
    ev.UseAtium: _use_atium, ev.Confrontation: _confrontation,
    ev.AttackLordRuler: _attack_lord_ruler, ev.HealLordRuler: _heal_lord_ruler,
    ev.DominanceUp: _dominance_up, ev.Edict: _edict, ev.DrawAdversary: _adversary,
    ev.HitShield: _shield, ev.RemoveShield: _shield, ev.EndTurn: _end_turn,
    ev.Train: _train, ev.GainBurns: _burns, ev.Burn: _metal, ev.Flare: _metal,
    ev.Refresh: _metal, ev.GainDamage: _damage_points, ev.AttackAlly: _damage_points,
}


# --- what followed -----------------------------------------------------------------------


def _consequences(say: _Say, before: Game, event: ev.Event, after: Game) -> list[str]:
    said: list[str] = []
    if not isinstance(event, ev.Train):
        said += training_moves(say, before, after)  # the move at the start of a turn
    if not before.started:
        return said
    out = tuple(p.name for old, p in zip(before.players, after.players, strict=True)
                if old.alive and p.out)
    if out:
        said.append(say("eliminated", names=out, count=len(out)))
    pending = after.turn.pending
    if pending is not None and pending != before.turn.pending:
        if pending.chooser is None:
            said.append(say("target_choice_table", leftover=pending.leftover))
        else:
            said.append(say("target_choice", name=_name(after, pending.chooser),
                            leftover=pending.leftover))
    had_target = before.target is not None or before.turn.pending is not None
    if had_target and after.target is None and pending is None:
        lost = _lost_leftover(before, event)
        said.append(say("target_gone_lost", leftover=lost) if lost
                    else say("target_gone"))
    if (after.turn.may_pass and not before.turn.may_pass and after.target is not None
            and not isinstance(event, ev.PassTarget)):
        said.append(say("may_pass", name=_name(after, after.target)))
    if after.result is not None and before.result is None:
        said.append(_result(say, after))
    return said


def _lost_leftover(before: Game, event: ev.Event) -> int:
    """Damage past 0 on a Target holder eliminated by a player when the Target then
    leaves the game: it goes to no one (ruling R-DBG-4)."""
    if isinstance(event, ev.Attack) and before.target is not None:
        holder = before.target
        if holder == before.seat(event.attacker):
            return 0
        hit = event.amount - sum(b.amount for b in event.blocked
                                 if before.seat(b.player) == holder)
    elif isinstance(event, ev.ChooseTarget) and before.turn.pending is not None:
        holder = before.seat(event.player)
        hit = before.turn.pending.leftover - event.blocked
    else:
        return 0
    return max(0, hit - before.players[holder].health)


def _result(say: _Say, game: Game) -> str:
    result = game.result
    assert result is not None
    reason = result.reason
    if game.mode is ev.Mode.COMPETITIVE:
        name = _name(game, result.winners[0])
        key = {EndReason.MISSIONS: "win_missions", EndReason.LAST_STANDING: "win_last",
               EndReason.CONFRONTATION: "win_confrontation"}[reason]
        return say(key, name=name)
    if game.mode is ev.Mode.SOLO:  # one player wins or loses
        key = {EndReason.CONFRONTATION: "win_confrontation",
               EndReason.LORD_RULER_DEFEATED: "solo_win_lord_ruler",
               EndReason.DECK_EXHAUSTED: "solo_loss_deck",
               EndReason.ALL_OUT: "solo_loss_all_out"}[reason]
        return say(key, name=_name(game, 0))
    key = {EndReason.CONFRONTATION: "coop_win_confrontation",
           EndReason.LORD_RULER_DEFEATED: "coop_win_lord_ruler",
           EndReason.DECK_EXHAUSTED: "coop_loss_deck",
           EndReason.ALL_OUT: "coop_loss_all_out"}[reason]
    return say(key)


def describe(before: Game, event: ev.Event, after: Game, lang: str = "en", *,
             viewer: Viewer = NARRATOR) -> str:
    """``event`` as one sentence in ``lang`` (``"en"`` or ``"pl"``), given the states
    before and after it was applied, for ``viewer`` (every viewer reads the same
    sentence: nothing said of the Deckbuilding Game is hidden from a player)."""
    if lang not in LANGUAGES:
        raise BadValue(f"language must be one of {', '.join(LANGUAGES)}, got {shown(lang)}")
    say = _Say(lang)
    main = _MAIN[type(event)](say, before, event, after)
    text = "; ".join([main, *_consequences(say, before, event, after)])
    return capitalized(text, after) + "."


def capitalized(text: str, game: Game) -> str:
    """``text`` with a capital first letter, unless it begins with a player's name: a
    seat is spelled as the players typed it in every sentence ("ada gains 3 Mission
    points" beside "ada plays turn 1")."""
    for player in game.players:
        name = player.name
        if text.startswith(name) and not text[len(name):len(name) + 1].isalnum():
            return text
    return text[:1].upper() + text[1:]


def result_text(game: Game, lang: str = "en") -> str:
    """How the game ended and who won, in ``lang``; empty while it goes on (R-DBG-7)."""
    if game.result is None:
        return ""
    return _result(_Say(lang), game)
