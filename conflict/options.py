"""The legal choices what-now offers, each able to build its event.

Every option names who may choose it and the numbers allowed. ``option.event(...)``
builds the event to push, the way a chess library's legal moves can be pushed as they
are; called with no arguments it builds the likely choice (the defaults are documented
on each method). A number outside the option's range raises
:class:`~conflict.errors.RuleViolation` naming the rule, before anything is pushed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from characters.names import name_key
from conflict.dice import RandomSource
from conflict.errors import BadValue, RuleViolation, shown
from conflict.events import (
    RULES,
    Act,
    ApplyDamage,
    Change,
    DeclarationKind,
    Declare,
    Defend,
    DefenseRoll,
    EndConflict,
    EndRound,
    Hold,
    Nature,
    React,
    RollDice,
    TakeIt,
    check_action_dice,
)
from conflict.state import DiceFrom
from conflict.values import quick_init

if TYPE_CHECKING:
    from characters.model import Character
    from characters.pools import DicePool

__all__ = [
    "ActOption",
    "ChangeOption",
    "DamageOption",
    "DeclareOption",
    "DefendOption",
    "EndConflictOption",
    "EndRoundOption",
    "HoldOption",
    "Option",
    "ReactOption",
    "RollOption",
    "Roller",
    "TakeItOption",
    "default_pool",
]


def default_pool(action_dice: int) -> int:
    """The pool one acts with when no size is said: all the Action Dice it may roll,
    2–10 (R-CON-11). Fewer than 2 dice make no pool: 2 is asked, and the rules say why
    not (hold instead)."""
    return max(2, min(10, action_dice))


def _within(value: int, low: int, high: int, what: str, rule: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadValue(f"{what} must be a whole number {low}–{high}, got {shown(value)}", rule=rule)
    if not low <= value <= high:
        raise RuleViolation(f"{what} must be {low}–{high} here, got {value}", rule=rule)
    return value


@quick_init
@attrs.frozen
class DeclareOption:
    """``name`` may declare any of ``kinds`` (R-CON-7). An action may be aimed at any
    of ``targets`` (R-CON-8: everyone else standing, allies included); ``foes`` are
    those of them on other sides. An attack's kind defaults to
    ``default_attack_kind`` and its Resilience to that kind's; any of the
    ``equipment`` listed adds its bonus (R-CON-18)."""

    name: str
    kinds: tuple[DeclarationKind, ...]
    targets: tuple[str, ...]
    foes: tuple[str, ...]
    default_attack_kind: Nature
    default_resilience: str
    equipment: tuple[str, ...]
    character: Character
    """The declarer's sheet, from which :attr:`pool` is figured."""
    rules: int = RULES
    """The edition of the rules the Conflict began under (:class:`~conflict.events.Start`):
    one begun before edition 2 may still declare an action of 1 die, as it could then."""

    @property
    def attribute(self) -> str:
        """The Attribute the Conflict's nature rolls: Physique (physical), Charm
        (social) or Wits (mental) (R-CON-7c)."""
        return self.default_attack_kind.defense_attribute

    @property
    def pool(self) -> DicePool:
        """The dice declared when none are said (R-CON-7a/b, R-DICE-1): the
        :attr:`attribute`'s rating from the sheet (a group's, for each member), with
        where they come from (``pool.describe()``: ``"Physique 4 = 4"``)."""
        from characters.pools import dice_for

        return dice_for(self.character, self.attribute)

    def action(self, dice: int | DicePool | None = None, *, target: str | None = None,
               harm: bool = True, attack_kind: Nature | str | None = None,
               resilience: str | None = None, equipment: str | None = None,
               description: str = "", source: str = "") -> Declare:
        """An action needing a roll (R-CON-7a): with a ``target``, an attack, or an
        opposed action that does no harm with ``harm=False`` (R-CON-8a). ``dice``
        default: :attr:`pool`."""
        if dice is None:
            dice = self.pool
        if target is not None and target not in self.targets:

            known = {name_key(t): t for t in self.targets}
            if name_key(target) not in known:
                raise RuleViolation(f"{self.name} cannot aim an action at {shown(target)} "
                                    f"(may: {', '.join(self.targets) or 'no one'})",
                                    rule="R-CON-8")
            target = known[name_key(target)]
        event = Declare.action(self.name, dice, target=target, harm=harm,
                               attack_kind=attack_kind, resilience=resilience,
                               equipment=equipment, description=description, source=source)
        if self.rules >= 2:
            check_action_dice(event.dice)  # refused as the engine will (R-CON-11)
        return event

    def defense(self, dice: int | DicePool | None = None, *, description: str = "",
                source: str = "") -> Declare:
        """Full defense with Defense Dice (R-CON-7b), figured as an action's: ``dice``
        default :attr:`pool`."""
        if dice is None:
            dice = self.pool
        return Declare.defense(self.name, dice, description=description, source=source)

    def no_roll(self, *, description: str = "") -> Declare:
        """An action that needs no roll (R-CON-7c)."""
        return Declare.no_roll(self.name, description=description)

    def event(self, kind: DeclarationKind = DeclarationKind.NO_ROLL,
              dice: int | DicePool | None = None, *,
              target: str | None = None, harm: bool = True,
              attack_kind: Nature | str | None = None, resilience: str | None = None,
              equipment: str | None = None, description: str = "") -> Declare:
        """A declaration of ``kind``; with no arguments, an action that needs no roll.
        An action or a defense declares ``dice`` (default :attr:`pool`)."""
        if kind is DeclarationKind.ACTION:
            return self.action(dice, target=target, harm=harm, attack_kind=attack_kind,
                               resilience=resilience, equipment=equipment,
                               description=description)
        if kind is DeclarationKind.DEFENSE:
            return self.defense(dice, description=description)
        return self.no_roll(description=description)


@quick_init
@attrs.frozen
class ActOption:
    """``name`` may act as declared with a pool of ``min_pool``–``max_pool``
    (R-CON-11) for its action numbered ``action``."""

    name: str
    action: int
    min_pool: int
    max_pool: int

    def event(self, pool: int | None = None) -> Act:
        """Act with a pool of ``pool`` dice (default: all it may roll, ``max_pool``)."""
        size = default_pool(self.max_pool) if pool is None else _within(
            pool, self.min_pool, self.max_pool, "the pool", "R-CON-11")
        return Act(self.name, pool=size)


@quick_init
@attrs.frozen
class ChangeOption:
    """``name`` may change its action (R-CON-12): the new dice, figured before halving,
    must be at least ``min_dice``; after halving it gets at most ``max_dice`` (the
    Action Dice it holds)."""

    name: str
    max_dice: int
    min_dice: int = 3

    def event(self, dice: int | None = None, *, target: str | None = None,
              harm: bool = True, attack_kind: Nature | str | None = None,
              resilience: str | None = None, equipment: str | None = None,
              description: str = "", source: str = "") -> Change:
        """The new action, with ``dice`` figured afresh before halving (default: as
        many as keep every Action Die held once halved, and at least ``min_dice``)."""
        if dice is None:
            dice = max(self.min_dice, 2 * self.max_dice)
        if dice < self.min_dice:
            raise RuleViolation(f"a new action needs {self.min_dice} or more dice before "
                                f"halving, got {dice}", rule="R-CON-12")
        return Change(self.name, dice=dice, target=target, harm=harm,
                      attack_kind=attack_kind, resilience=resilience,
                      equipment=equipment, description=description, source=source)


@quick_init
@attrs.frozen
class HoldOption:
    """``name`` may hold: all its ``action_dice`` become Defense Dice (R-CON-13)."""

    name: str
    action_dice: int

    def event(self) -> Hold:
        """Hold."""
        return Hold(self.name)


@quick_init
@attrs.frozen
class DefendOption:
    """The target may defend action ``action`` with ``min_dice``–``max_dice`` of its
    Action or Defense Dice (``dice_from``, R-CON-15a/b). ``granted`` Defense Dice come
    first (R-CON-7c; 0 when none)."""

    name: str
    action: int
    dice_from: DiceFrom
    min_dice: int
    max_dice: int
    granted: int = 0

    def event(self, dice: int | None = None) -> Defend:
        """Defend with ``dice`` dice. Default: every die it may spend when paying with
        Defense Dice (they are lost at the end of the round anyway), the fewest when
        paying with Action Dice (each one spent delays its own action)."""
        if dice is None:
            dice = self.max_dice if self.dice_from is DiceFrom.DEFENSE else self.min_dice
        _within(dice, self.min_dice, self.max_dice, "the dice to defend with", "R-CON-15")
        return Defend(self.name, action=self.action, dice=dice)


@quick_init
@attrs.frozen
class ReactOption:
    """``name`` may use ``reaction`` (``reaction_dice`` dice) against action ``action``,
    adding ``min_added``–``max_added`` of its Action or Defense Dice (``added_from``,
    R-CON-16). ``on_behalf_of`` names the target when ``name`` reacts for another
    (Ruling, R-CON-16); ``granted`` as for :class:`DefendOption` (the target's only)."""

    name: str
    action: int
    reaction: str
    reaction_dice: int
    added_from: DiceFrom
    min_added: int
    max_added: int
    granted: int = 0
    on_behalf_of: str | None = None

    def event(self, added: int | None = None) -> React:
        """React adding ``added`` dice (default as for :meth:`DefendOption.event`: all
        Defense Dice it may add, or the fewest Action Dice)."""
        if added is None:
            added = self.max_added if self.added_from is DiceFrom.DEFENSE else self.min_added
        _within(added, self.min_added, self.max_added, "the dice added", "R-CON-16")
        return React(self.name, action=self.action, reaction=self.reaction, added=added)


@quick_init
@attrs.frozen
class TakeItOption:
    """The target may not defend action ``action`` (R-CON-15d)."""

    name: str
    action: int
    granted: int = 0

    def event(self) -> TakeIt:
        """Take it."""
        return TakeIt(self.name, action=self.action)


@quick_init
@attrs.frozen
class Roller:
    """Someone rolling against an action: ``rollers`` roll ``pool`` dice each (a
    group's remaining members, R-CON-2)."""

    name: str
    pool: int
    rollers: int


@quick_init
@attrs.frozen
class RollOption:
    """Action ``action`` rolls: the actor's ``actor_rollers`` roll ``actor_pool`` dice
    each, and each of ``defenders`` its own pool, in the order they committed."""

    action: int
    actor: str
    actor_pool: int
    actor_rollers: int
    defenders: tuple[Roller, ...]
    contest: bool
    difficulty: int

    @property
    def rollers(self) -> tuple[str, ...]:
        """Whose dice this roll throws, each once: the actor's, then each defender's
        (the target defending, an ally's Reaction for it), in the order they
        committed. A player may roll it for any of them (R-CON-14/17)."""
        return tuple(dict.fromkeys((self.actor, *(d.name for d in self.defenders))))

    def event(self, rng: RandomSource | None = None, *,
              attacker: Sequence[Sequence[int]] | None = None,
              defenders: dict[str, Sequence[Sequence[int]]] | None = None) -> RollDice:
        """The roll: faces given (``attacker`` one list per roller; ``defenders`` by
        name) or, for what is not given, drawn from ``rng`` (default: the operating
        system's secure source). The actor's dice are drawn first."""
        source: RandomSource | None = rng

        def draw(pool: int, rollers: int) -> tuple[tuple[int, ...], ...]:
            nonlocal source
            if source is None:  # faces to draw, and no source given
                source = random.SystemRandom()
            return tuple(tuple(source.randint(1, 6) for _ in range(pool))
                         for _ in range(rollers))

        mine = draw(self.actor_pool, self.actor_rollers) if attacker is None else attacker
        given = defenders or {}
        rolls = tuple(DefenseRoll(given[d.name] if d.name in given
                                  else draw(d.pool, d.rollers), name=d.name)
                      for d in self.defenders)
        return RollDice(action=self.action, attacker=mine, defenders=rolls)


@quick_init
@attrs.frozen
class DamageOption:
    """The successful attack ``action`` deals 1 + Nudges applied (0–``max_nudges``,
    default all not spent) + ``bonus`` (R-CON-18) to ``target``'s ``resilience`` (or
    its Extras, R-CON-19, when ``resilience`` is ``None``)."""

    action: int
    target: str
    resilience: str | None
    max_nudges: int
    bonus: int

    @property
    def default_nudges(self) -> int:
        """The Nudges applied when none are given: all of them."""
        return self.max_nudges

    def damage(self, nudges: int | None = None) -> int:
        """The damage dealt applying ``nudges`` (default all)."""
        return 1 + (self.max_nudges if nudges is None else nudges) + self.bonus

    def event(self, nudges: int | None = None, *, spent: int = 0, note: str = "") -> ApplyDamage:
        """Apply ``nudges`` Nudges (default: all not ``spent``); ``spent`` Nudges go to
        another effect, said in ``note`` (R-CON-18)."""
        _within(spent, 0, self.max_nudges, "the Nudges spent", "R-CON-18")
        if nudges is not None:
            _within(nudges, 0, self.max_nudges - spent, "the Nudges applied", "R-CON-18")
        return ApplyDamage(action=self.action, nudges=nudges, spent=spent, note=note)


@quick_init
@attrs.frozen
class EndRoundOption:
    """The round may end (R-CON-21)."""

    def event(self) -> EndRound:
        """End the round."""
        return EndRound()


@quick_init
@attrs.frozen
class EndConflictOption:
    """The Narrator may end the Conflict (R-CON-21): it ends when a side is defeated
    or yields, or when the Narrator ends it. ``defeated`` are the sides with no one
    standing."""

    defeated: tuple[str, ...] = ()

    @property
    def outcome(self) -> str:
        """The outcome recorded when none is given: who was defeated, or that the
        Narrator ended it."""
        if not self.defeated:
            return "the Narrator ends the Conflict"
        sides = " and ".join(self.defeated)
        return f"{sides} {'is' if len(self.defeated) == 1 else 'are'} defeated"

    def event(self, outcome: str | None = None) -> EndConflict:
        """End the Conflict recording ``outcome`` (default :attr:`outcome`)."""
        return EndConflict(self.outcome if outcome is None else outcome)


Option = (DeclareOption | ActOption | ChangeOption | HoldOption | DefendOption | ReactOption
          | TakeItOption | RollOption | DamageOption | EndRoundOption | EndConflictOption)
"""Any legal choice."""
