"""When the rules of Stuffed offer each step of its table now (R-STF-2..7): the
``offer`` of every step of :mod:`.step_table` (:data:`OFFERS`), from which
:func:`boardgames.stuffed.options` lists every step allowed at this moment, each way it
may be taken, who takes it and its likely values, as :class:`~core.steps.Option` s that
build their events, as a Conflict's what-now does.

=============  ============  ===========================================================
step           who           offered (the player: whose turn it is)
=============  ============  ===========================================================
``offer``      the host      while fewer than 2 Loyals, or 2 Mercenaries, are on offer
                             (R-STF-5), once for each kind: the card's ``name``,
                             ``attribute`` and ``needs`` are the table's to give
``roll``       the player    at the start of the turn (R-STF-2); ``faces`` when the dice
                             are rolled at the table, else the tool rolls (from the
                             source given: ``option.events(rng=random.Random(7))``)
``reroll``     the player    by the Hero's ability while it is unused and a die of the
                             Hero's Attribute is unspent (R-STF-3, R-STF-6), and by an
                             Advantage card while the hand holds one; the dice to reroll
                             are those the odds (R-STF-8) would not keep for the
                             Mission, or, before the team meets it, for the Teammate
                             (on offer, or an opponent's Mercenary) the player could
                             take with the best chance (none given when no die is
                             worth rerolling)
``spend``      the player    each 3 of a kind among the unspent dice, and each 4 of a
                             kind with room in the hand (R-STF-4)
``buy``        the player    a coin for each 3 of a kind, a card for each 4 of a kind or
                             for 2 coins, with room in the hand (R-STF-4)
``recruit``    the player    each Teammate on offer the dice (and coins) pay for (R-STF-5)
``steal``      the player    each opponent's Mercenary the dice and coins pay for
``ability``    the player    each character whose ability is unused this turn and whose
                             Attribute shows on an unspent die (R-STF-6); Grunt's as its
                             trade of 3 of a kind for a card (R-STF-4)
``play``       the player    while the hand holds a card (its ``card`` is the table's to
                             name); My Birden with its Birden and 3 of a kind (R-STF-4)
``discard``    the player    while the hand holds a card (R-STF-4)
``mission``    the player    when the team meets the Mission and the dice make it (R-STF-7)
``end-turn``   the player    at any time after the roll (R-STF-2)
=============  ============  ===========================================================

Nothing is offered before set-up or once the Mission is completed; the dice each
option spends are picked from the unspent dice as the steps pick them
(:mod:`boardgames.stuffed.choices`), given by position. A driver loop pushes
``option.events(**values)`` for the option it picks, giving what ``option.needs``, and
needs no rule of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from boardgames.stuffed import events as ev
from boardgames.stuffed.choices import options as dice_options
from boardgames.stuffed.choices import within_reach
from boardgames.stuffed.dice import Combo
from boardgames.stuffed.events import GRUNT, MAX_EACH, key
from boardgames.stuffed.odds import Odds, best_keep
from boardgames.stuffed.state import Game
from core.steps import Offered

__all__ = ["OFFERS"]

_MY_BIRDEN = ("My Birden",)


def _open(state: Game) -> bool:
    """Whether a game is under way: set up, and the Mission not yet completed."""
    return state.started and not state.over


def _rolled(state: Game) -> bool:
    """Whether the current player has rolled and may act with the dice (R-STF-2)."""
    return _open(state) and state.rolled


def _dice(positions: Sequence[int]) -> tuple[str, ...]:
    """Dice as a step takes them: by position."""
    return tuple(str(position) for position in positions)


def _mine(state: Game, *ways: dict[str, Any]) -> list[Offered]:
    return [Offered(state.current.name, way) for way in ways]


def offer(state: Game) -> list[Offered]:
    """The host turns a Loyal or a Mercenary up while fewer than 2 of its kind are on
    offer (R-STF-5)."""
    if not _open(state):
        return []
    return [Offered(None, {"kind": kind.value}) for kind in (ev.Kind.LOYAL, ev.Kind.MERCENARY)
            if sum(1 for mate in state.offer if mate.kind is kind) < MAX_EACH]


def roll(state: Game) -> list[Offered]:
    """The turn starts with all 8 dice rolled (R-STF-2)."""
    return _mine(state, {}) if _open(state) and not state.rolled else []


def end_turn(state: Game) -> list[Offered]:
    """The player may stop at any time after the roll (R-STF-2)."""
    return _mine(state, {}) if _rolled(state) else []


def spend(state: Game) -> list[Offered]:
    """Each set the unspent dice make: 3 of a kind for a coin, 4 for a card (R-STF-4)."""
    if not _rolled(state):
        return []
    return _mine(state, *({"dice": _dice(o.event.positions)} for o in dice_options(state)
                          if isinstance(o.event, ev.SpendSet)))


def buy(state: Game) -> list[Offered]:
    """A coin for 3 of a kind; a card for 4 of a kind or 2 coins (R-STF-4)."""
    if not _rolled(state):
        return []
    ways: list[dict[str, Any]] = []
    for option in dice_options(state):
        if isinstance(option.event, ev.SpendSet):
            what = "coin" if len(option.event.positions) == 3 else "card"
            ways.append({"what": what, "dice": _dice(option.event.positions)})
        elif isinstance(option.event, ev.BuyCard):
            ways.append({"what": "card"})
    return _mine(state, *ways)


def recruit(state: Game) -> list[Offered]:
    """Each Teammate on offer whose combination the dice make, with 2 coins for a
    Mercenary (R-STF-5)."""
    if not _rolled(state):
        return []
    return _mine(state, *({"name": o.event.teammate.name, "dice": _dice(o.event.positions)}
                          for o in dice_options(state) if isinstance(o.event, ev.Recruit)))


def steal(state: Game) -> list[Offered]:
    """Each opponent's Mercenary whose combination the dice make, with 2 coins
    (R-STF-5)."""
    if not _rolled(state):
        return []
    return _mine(state, *({"name": o.event.name, "victim": o.event.victim,
                           "dice": _dice(o.event.positions)}
                          for o in dice_options(state) if isinstance(o.event, ev.Steal)))


def mission(state: Game) -> list[Offered]:
    """The Mission, once the team meets it and the dice make its combination
    (R-STF-7)."""
    if not _rolled(state):
        return []
    return _mine(state, *({"dice": _dice(o.event.positions)} for o in dice_options(state)
                          if isinstance(o.event, ev.CompleteMission)))


def ability(state: Game) -> list[Offered]:
    """Each character whose ability is unused this turn and whose Attribute shows on an
    unspent die (R-STF-6); Grunt's ability is its trade of 3 of a kind for a card
    (R-STF-4), offered when the dice make one and the hand has room."""
    if not _rolled(state):
        return []
    ledger = state.current
    showing = {symbol for _, symbol in state.unspent}
    trades = [o.event for o in dice_options(state) if isinstance(o.event, ev.Grunt)]
    ways: list[dict[str, Any]] = []
    for name, attribute in ((ledger.seat.hero, ledger.seat.attribute),
                            *((mate.name, mate.attribute) for mate in ledger.team)):
        if key(name) in ledger.used or attribute not in showing:
            continue
        if key(name) == GRUNT:
            ways.extend({"character": name, "trade": _dice(trade.positions),
                         "pay": trade.paid} for trade in trades)
        else:
            ways.append({"character": name})
    return _mine(state, *ways)


def play(state: Game) -> list[Offered]:
    """An Advantage card from the hand, named by the table (R-STF-4); My Birden when a
    Birden and 3 of a kind are unspent."""
    if not _rolled(state) or not state.current.cards.value:
        return []
    ways: list[dict[str, Any]] = [{}]
    ways.extend({"card": _MY_BIRDEN, "dice": _dice(o.event.positions)}
                for o in dice_options(state) if isinstance(o.event, ev.MyBirden))
    return _mine(state, *ways)


def discard(state: Game) -> list[Offered]:
    """An Advantage card discarded from the hand (R-STF-4)."""
    return _mine(state, {}) if _rolled(state) and state.current.cards.value else []


def reroll(state: Game) -> list[Offered]:
    """A reroll by the Hero's ability, paid with a die of the Hero's Attribute, while it
    is unused; and by an Advantage card while the hand holds one (R-STF-3, R-STF-6)."""
    if not _rolled(state):
        return []
    ledger, dice = state.current, state.unspent
    aim = _aim(state)
    ways: list[dict[str, Any]] = []
    hero = ledger.seat
    if (key(hero.hero) not in ledger.used and len(dice) > 1
            and any(symbol is hero.attribute for _, symbol in dice)):
        odds = _keep(state, aim, hero.attribute.value)
        ways.append({"by": hero.hero, **_rerolled(odds)})
    if ledger.cards.value and dice:
        ways.append({"card": "card", **_rerolled(_keep(state, aim, None))})
    return _mine(state, *ways)


def _rerolled(odds: Odds | None) -> dict[str, Any]:
    """The dice to reroll as the odds would, and the die that pays for an ability;
    neither when every die is worth keeping."""
    if odds is None or not odds.reroll:
        return {}
    paid = {} if odds.paid is None else {"pay": odds.paid}
    return {"dice": _dice(odds.reroll), **paid}


def _keep(state: Game, aim: Combo | None, pay: str | None) -> Odds | None:
    """What to keep for ``aim`` with one reroll (R-STF-8), paid with a die showing
    ``pay`` (a character's ability) or free (a card)."""
    if aim is None:
        return None
    return best_keep(aim, list(state.unspent), rerolls=1, die=state.die, pay=pay)


def _aim(state: Game) -> Combo | None:
    """The combination a reroll aims at: the Mission's once the team meets it, else the
    one of a Teammate the player could recruit or steal with the best chance now."""
    ledger, mission = state.current, state.mission
    assert mission is not None
    if ledger.meets(mission):
        return mission.combo
    best: tuple[Any, Combo] | None = None
    for mate, _holder in within_reach(state):
        assert mate.combo is not None
        chance = best_keep(mate.combo, list(state.unspent), rerolls=1, die=state.die).chance
        if best is None or chance > best[0]:
            best = (chance, mate.combo)
    return None if best is None else best[1]


OFFERS: dict[str, Callable[[Game], list[Offered]]] = {
    "offer": offer, "roll": roll, "reroll": reroll, "spend": spend, "buy": buy,
    "recruit": recruit, "steal": steal, "ability": ability, "play": play,
    "discard": discard, "mission": mission, "end-turn": end_turn,
}
"""Each step of the table (by name) → when the rules offer it, for whom, and how."""
