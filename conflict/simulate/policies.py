"""How simulated participants choose: policies built from what-now's options and the
library's exact odds.

A :data:`Policy` is a function ``(state, answer) -> event``: ``answer`` is what-now's
answer (:mod:`conflict.whatnow`) and the event is built from one of its options. The
simulator asks a side's policy for every choice that side's participants make:

* ``AwaitingDeclare`` — the declaration of ``answer.who[0]``;
* ``AwaitingActions`` — narrowed to one participant (``answer.who`` holds one name and
  ``answer.options`` only its options): act, change or hold;
* ``AwaitingDefense`` — the target's defense, Reaction or taking it, or an ally's
  Reaction for it (asked again until the target has chosen);
* ``AwaitingRoll`` — the target's side may still react for it (``answer.reactions``):
  return a React, or ``None`` to let the dice roll;
* ``AwaitingDamage`` — the attacker's Nudges.

The Narrator's calls are the simulator's: attacks stay Contests at Difficulty 0
(no SetTest), rounds end when everything is resolved, the Conflict ends when a side
is beaten. Dice are rolled by the simulator from its own random stream.

:class:`Tactics` is the library's policy, tuned by a few knobs; :data:`POLICIES` names
the four a Narrator picks from:

``reckless``  every die on attacks; never defends or reacts.
``bold``      every die on attacks; defends with its Defense Dice, and reacts (for
              itself or an ally) when that costs no Action Dice; never spends Action
              Dice on a defense.
``default``   as bold, but keeps 2 dice back when the foes standing outnumber its side
              (every Extra counted) and an attack on it is still to come; spends
              Action Dice on a defense when the exact odds say the damage it saves
              outweighs the damage its own attack loses.
``cautious``  as default, but keeps 2 dice back per attack still coming, counts damage
              taken twice when weighing a defense, and declares full defense when its
              attacked Resilience is at a third or less.

Every policy attacks the weakest foe standing (fewest points of the targeted
Resilience, or fewest Extras), with the Attribute of the Conflict's nature (Physique,
Charm or Wits) and its most damaging equipment, changes its action to a new target
when its own has fallen (R-CON-12), shares its Defense Dice among the attacks still
coming, and applies every Nudge to damage (R-CON-18). Policies must be pure, a tool
author's too: the same state and answer give the same event (runs share what happens
before the first die, and a seed must give one answer).
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable
from typing import Final, TypeVar

import attrs

from conflict.dice import MAX_POOL, MIN_POOL
from conflict.errors import BadValue
from conflict.events import ApplyDamage, Event
from conflict.options import (
    ActOption,
    ChangeOption,
    DeclareOption,
    DefendOption,
    HoldOption,
    ReactOption,
    TakeItOption,
)
from conflict.simulate.chances import attack_chances
from conflict.simulate.reading import (
    attack_dice,
    best_equipment,
    incoming,
    outnumbered,
    toughness,
    weakest_foe,
    weakest_standing,
)
from conflict.state import ActionStatus, DiceFrom, Participant, State
from conflict.whatnow import (
    AwaitingActions,
    AwaitingDeclare,
    AwaitingDefense,
    AwaitingRoll,
    Expect,
    WhatNow,
)

__all__ = [
    "POLICIES",
    "Defending",
    "KeepBack",
    "Policy",
    "Tactics",
    "attack_dice",
    "best_equipment",
    "incoming",
    "outnumbered",
    "toughness",
    "weakest_foe",
]

Policy = Callable[[State, WhatNow], Event | None]
"""A participant's choices: ``(state, answer) -> event`` (``None`` only at
``AwaitingRoll``: no Reaction, roll the dice)."""

class KeepBack(enum.Enum):
    """When a participant acts with fewer than all its Action Dice, keeping the rest as
    Defense Dice (R-CON-11)."""

    NEVER = "never"
    OUTNUMBERED = "outnumbered"  # 2 dice, when foes standing outnumber its side
    ATTACKED = "attacked"  # 2 dice per attack still coming at it this round


class Defending(enum.Enum):
    """What a target may spend against an attack (R-CON-15, R-CON-16)."""

    NEVER = "never"  # takes it, always
    FREE = "free"  # Defense Dice and Reactions that cost no Action Dice
    WORTH_IT = "worth_it"  # Action Dice too, when the odds say it pays


# Enum members bound once as module globals (see conflict.state: a read through the
# class costs several times a global's in Python 3.11).
_DECLARED: Final = ActionStatus.DECLARED
_FROM_DEFENSE: Final = DiceFrom.DEFENSE
_DECLARE: Final = Expect.DECLARE
_ACT: Final = Expect.ACT
_DEFENSE: Final = Expect.DEFENSE
_ROLL: Final = Expect.ROLL
_DAMAGE: Final = Expect.DAMAGE
_KEEP_NONE: Final = KeepBack.NEVER
_KEEP_OUTNUMBERED: Final = KeepBack.OUTNUMBERED
_NEVER_DEFEND: Final = Defending.NEVER
_WORTH_IT: Final = Defending.WORTH_IT


# --- the library's policy ------------------------------------------------------------


@attrs.frozen
class Tactics:
    """A policy (call it as ``tactics(state, answer)``), set by its knobs:
    ``keep_back`` (:class:`KeepBack`), ``defending`` (:class:`Defending`), ``react``
    (whether it uses Reactions, its own and for allies, when they cost no Action Dice),
    ``harm_weight`` (how much a point of damage taken counts against a point dealt
    when spending Action Dice to defend) and ``full_defense_at`` (a Hero or Villain
    whose attacked Resilience is at or below this share of its full score declares
    full defense, R-CON-7b; 0: never)."""

    name: str
    keep_back: KeepBack = KeepBack.NEVER
    defending: Defending = Defending.NEVER
    react: bool = False
    harm_weight: float = 1.0
    full_defense_at: float = 0.0

    def __call__(self, state: State, answer: WhatNow) -> Event | None:
        if answer.expect is _DECLARE:
            return self.declare(state, answer)
        if answer.expect is _ACT:
            return self.act(state, answer)
        if answer.expect is _DEFENSE:
            return self.defend(state, answer)
        if answer.expect is _ROLL:
            return self.before_roll(state, answer)
        if answer.expect is _DAMAGE:
            return self.apply_damage(answer.damage.action)
        raise BadValue(f"a policy chooses for participants, not at "
                       f"{answer.expect.value!r}")

    def apply_damage(self, action: int) -> Event:
        """The damage of the successful attack numbered ``action``: every Nudge to
        damage (R-CON-18), the event its :class:`DamageOption` makes with no arguments
        (the same event as before for the same action; up to 10,000)."""
        event = _DAMAGE_EVENTS.get(action)
        if event is None:
            event = _keep(_DAMAGE_EVENTS, action, ApplyDamage(action=action))
        return event

    # --- step 1 ---------------------------------------------------------------------

    def declare(self, state: State, answer: AwaitingDeclare) -> Event:
        """Attack the weakest foe (or declare full defense when badly hurt)."""
        option = answer.option
        index = state.find(option.name)
        assert index is not None
        me = state.participants[index]
        dice = attack_dice(me, state.nature)
        foe = weakest_foe(state, me, option.targets, option.default_resilience)
        if foe is None:
            return option.no_roll()
        if self.full_defense_at > 0 and me.resiliences is not None:
            mine = me.resiliences.get(option.default_resilience)
            if mine.current <= self.full_defense_at * mine.full:
                return option.defense(dice)  # R-CON-7b
        return _declaration(option, dice, foe.name, best_equipment(me))

    # --- step 2 ---------------------------------------------------------------------

    def act(self, state: State, answer: AwaitingActions) -> Event:
        """Act as declared (keeping dice back as :attr:`keep_back` says); when its
        target has fallen, change to the weakest foe standing; else hold. Only the
        options of ``answer.who[0]`` are read: an answer not narrowed to it gives the
        same choice."""
        name = answer.who[0]
        act = change = hold = None
        for option in answer.options:
            if option.name != name:
                continue
            if isinstance(option, ActOption):
                act = option
            elif isinstance(option, ChangeOption):
                change = option
            elif isinstance(option, HoldOption):
                hold = option
        assert hold is not None
        return self.acted(state, state.participant(name), act, change, hold)

    def acted(self, state: State, me: Participant, act: ActOption | None,
              change: ChangeOption | None, hold: HoldOption) -> Event:
        """:meth:`act`'s choice for ``me`` among its own options."""
        if act is not None:
            return _act(act, self.pool(state, me, act.min_pool, act.max_pool))
        if change is not None:
            dice = attack_dice(me, state.nature)
            foe = weakest_standing(state, me, state.nature.resilience)
            if foe is not None and dice >= change.min_dice:
                return _changed(change, dice, foe.name, best_equipment(me))
        return hold.event()

    def pool(self, state: State, me: Participant, low: int, high: int) -> int:
        """The pool ``me`` acts with, ``low`` to ``high`` dice (its ActOption's): all it
        may roll, less the dice kept back."""
        if self.keep_back is _KEEP_NONE:
            return high
        coming = incoming(state, me.name)
        if coming == 0:
            return high
        if self.keep_back is _KEEP_OUTNUMBERED:
            if not outnumbered(state, me):
                return high
            coming = 1
        have = me.round.action_dice
        pool = max(low, min(high, have - MIN_POOL * coming))
        if have - pool < MIN_POOL:
            return high  # one die kept back could not defend alone
        return pool

    # --- against an attack ------------------------------------------------------------

    def defend(self, state: State, answer: AwaitingDefense) -> Event:
        """Allies' Reactions that cost no Action Dice first, then the target's
        choice: the defense or Reaction whose damage saved, less what it costs, is
        best, or taking it."""
        defend, reactions, take_it = _sorted_options(answer)
        if self.react:
            for option in reactions:
                if option.on_behalf_of is not None and _costs_no_action_dice(option):
                    return option.event(option.min_added)
        if self.defending is _NEVER_DEFEND:
            return _taken(take_it)
        me = state.participant(answer.who[0])
        return self.target_choice(state, me, defend, reactions, take_it)

    def before_roll(self, state: State, answer: AwaitingRoll) -> Event | None:
        """An ally's Reaction that costs no Action Dice, if any is left; else roll."""
        if self.react:
            for option in answer.reactions:
                if _costs_no_action_dice(option):
                    return option.event(option.min_added)
        return None

    def target_choice(self, state: State, me: Participant, defend: DefendOption | None,
                      reactions: tuple[ReactOption, ...], take_it: TakeItOption) -> Event:
        """The choice of ``me``, the target, among its options (as
        :func:`_sorted_options` sorts them; allies' Reactions among them are not read)."""
        action = state.pending_action
        assert action is not None and action.pool is not None
        free = me.round.defends_with is _FROM_DEFENSE
        if free:
            budget = self._defense_budget(state, me, take_it)
        else:
            budget = MAX_POOL if self.defending is _WORTH_IT else 0
        mine = [r for r in reactions if r.on_behalf_of is None] if self.react else []
        own = None
        if not free:
            r = me.round
            acting = state.action(r.action) if r.action is not None else None
            if acting is not None:
                own = (r.action_dice, me.members, acting.bonus, acting.difficulty,
                       acting.is_attack)
        pick = _best_choice(
            free, budget, None if defend is None else (defend.min_dice, defend.max_dice),
            tuple([(r.reaction_dice, r.min_added, r.max_added) for r in mine]),
            (action.pool, action.members, action.bonus, action.difficulty),
            tuple([(d.pool, d.members) for d in action.defenses if d.rolls]), me.members,
            self.harm_weight, own)
        if pick is None:
            return _taken(take_it)
        which, spent = pick
        if which >= 0:
            return mine[which].event(spent)
        assert defend is not None
        return defend.event(spent)

    def _defense_budget(self, state: State, me: Participant, take_it: TakeItOption) -> int:
        """Defense Dice to spend now: all of them, or an even share when more attacks
        are still coming at it this round."""
        have = me.round.defense_dice + take_it.granted
        later = incoming(state, me.name)
        return have if later == 0 else max(MIN_POOL, have // (later + 1))


@functools.lru_cache(maxsize=1 << 16)
def _best_choice(free: bool, budget: int, defend: tuple[int, int] | None,
                 reactions: tuple[tuple[int, int, int], ...], attack: tuple[int, int, int, int],
                 opposition: tuple[tuple[int, int], ...], members: int, harm_weight: float,
                 own: tuple[int, int, int, int, bool] | None) -> tuple[int, int] | None:
    """The target's best choice, as (-1 for its defense or the position of its
    Reaction among ``reactions``, dice spent), or ``None``: take it. ``defend`` is its
    defense's dice (fewest, most), each Reaction (its dice, fewest added, most added);
    with Defense Dice (``free``), only the most it may spend of each is weighed (more
    dice never oppose worse), with Action Dice every count up to ``budget``."""
    choices: list[tuple[int, int]] = []  # (pool rolled, dice spent)
    owners: list[int] = []
    if defend is not None:
        low, high = defend
        top = min(high, budget)
        counts = range(max(top if free else low, low), top + 1)
        choices += zip(counts, counts, strict=True)
        owners += [-1] * len(counts)
    for at, (dice, low, high) in enumerate(reactions):
        top = min(high, budget)
        counts = range(max(top if free else low, low), top + 1)
        choices += [(dice + added, added) for added in counts]
        owners += [at] * len(counts)
    if not choices:
        return None
    plan = _plan_defense(attack, opposition, members, harm_weight, tuple(choices), own)
    if plan is None:
        return None
    return owners[plan], choices[plan][1]


@functools.lru_cache(maxsize=1 << 16)
def _plan_defense(attack: tuple[int, int, int, int], opposition: tuple[tuple[int, int], ...],
                  members: int, harm_weight: float, choices: tuple[tuple[int, int], ...],
                  own: tuple[int, int, int, int, bool] | None) -> int | None:
    """Which of ``choices`` (pool rolled, dice spent) a target of ``members`` rolling
    against ``attack`` (pool, rollers, bonus, Difficulty), already opposed by
    ``opposition``, should take: the one whose damage saved, times ``harm_weight``,
    less what its own action loses (``own``: Action Dice held, members, bonus,
    Difficulty, whether it harms; ``None`` when paying with Defense Dice, which cost
    nothing), is largest and above 0; ``None``: take it."""
    pool, rollers, bonus, difficulty = attack
    taken = attack_chances(pool, rollers, opposition, bonus=bonus,
                           difficulty=difficulty).damage
    kept = _own_damage(own, 0)
    best: int | None = None
    best_score = 0.0
    for at, (dice, spent) in enumerate(choices):
        left = attack_chances(pool, rollers, (*opposition, (dice, members)), bonus=bonus,
                              difficulty=difficulty).damage
        score = harm_weight * (taken - left) - (kept - _own_damage(own, spent))
        if score > best_score + 1e-12:
            best, best_score = at, score
    return best


def _own_damage(own: tuple[int, int, int, int, bool] | None, spent: int) -> float:
    """The mean damage (or, for an action that harms no one, the chance of success) of
    a participant's own action after spending ``spent`` of its Action Dice on a
    defense, nobody defending against it."""
    if own is None:
        return 0.0
    held, members, bonus, difficulty, harms = own
    pool = held - spent
    if pool < MIN_POOL:
        return 0.0
    chances = attack_chances(min(pool, MAX_POOL), members, bonus=bonus,
                             difficulty=difficulty)
    return chances.damage if harms else chances.win


_Key = TypeVar("_Key")

_KEPT: Final = 10_000
"""How many events each of the caches below keeps before it starts again."""


def _keep(cache: dict[_Key, Event], key: _Key, event: Event) -> Event:
    """``event``, built for ``key``, kept in ``cache``: events are values, so the one
    built before for the same choice is the same event."""
    if len(cache) >= _KEPT:
        cache.clear()
    cache[key] = event
    return event


_DECLARATIONS: dict[tuple[str, int, str, str | None], Event] = {}


def known_event(name: str, dice: int, target: str, equipment: str | None) -> Event | None:
    """The attack :func:`_declaration` built before for the same, if it is kept."""
    return _DECLARATIONS.get((name, dice, target, equipment))


def known_act(name: str, pool: int) -> Event | None:
    """The Act :func:`_act` built before for the same, if it is kept."""
    return _ACTS.get((name, pool))


def known_taken(name: str, action: int) -> Event | None:
    """The TakeIt :func:`_taken` built before for the same, if it is kept."""
    return _TAKEN.get((name, action))

_ACTS: dict[tuple[str, int], Event] = {}


def _declaration(option: DeclareOption, dice: int, target: str, equipment: str | None
                 ) -> Event:
    """``option``'s attack on ``target``: events are values, so the one built for the
    same attack before is the same event (kept for up to 10,000 attacks)."""
    key = (option.name, dice, target, equipment)
    event = _DECLARATIONS.get(key)
    if event is None:
        event = _keep(_DECLARATIONS, key,
                      option.action(dice, target=target, equipment=equipment))
    return event


_CHANGES: dict[tuple[str, int, str, str | None], Event] = {}


def _changed(option: ChangeOption, dice: int, target: str, equipment: str | None
             ) -> Event:
    """``option``'s change to an attack on ``target`` (the same event as before for
    the same change; up to 10,000)."""
    key = (option.name, dice, target, equipment)
    event = _CHANGES.get(key)
    if event is None:
        event = _keep(_CHANGES, key, option.event(dice, target=target, equipment=equipment))
    return event


def _act(option: ActOption, pool: int) -> Event:
    """``option``'s Act with ``pool`` dice (the same event as before for the same)."""
    key = (option.name, pool)
    event = _ACTS.get(key)
    if event is None:
        event = _keep(_ACTS, key, option.event(pool))
    return event


def _sorted_options(answer: AwaitingDefense
                    ) -> tuple[DefendOption | None, tuple[ReactOption, ...], TakeItOption]:
    """``answer.defend``, ``answer.reactions`` and ``answer.take_it``, read in one pass
    over its options."""
    defend: DefendOption | None = None
    reactions: list[ReactOption] = []
    take_it: TakeItOption | None = None
    for option in answer.options:
        if isinstance(option, ReactOption):
            reactions.append(option)
        elif isinstance(option, DefendOption):
            if defend is None:
                defend = option
        elif take_it is None:
            take_it = option
    assert take_it is not None, "R-CON-15d: the target may always take it"
    return defend, tuple(reactions), take_it


_TAKEN: dict[tuple[str, int], Event] = {}
_DAMAGE_EVENTS: dict[int, Event] = {}


def _taken(option: TakeItOption) -> Event:
    """``option.event()``: the same event as before for the same target and action
    (kept for up to 10,000)."""
    key = (option.name, option.action)
    event = _TAKEN.get(key)
    if event is None:
        event = _keep(_TAKEN, key, option.event())
    return event


def _costs_no_action_dice(option: ReactOption) -> bool:
    return option.min_added == 0 or option.added_from is _FROM_DEFENSE


POLICIES: Final[dict[str, Tactics]] = {
    "default": Tactics("default", keep_back=_KEEP_OUTNUMBERED,
                       defending=_WORTH_IT, react=True),
    "reckless": Tactics("reckless"),
    "bold": Tactics("bold", defending=Defending.FREE, react=True),
    "cautious": Tactics("cautious", keep_back=KeepBack.ATTACKED,
                        defending=_WORTH_IT, react=True, harm_weight=2.0,
                        full_defense_at=1 / 3),
}
"""The policies a Narrator picks by name."""
