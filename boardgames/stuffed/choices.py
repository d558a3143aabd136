"""What the dice can buy now (R-STF-4, R-STF-5, R-STF-7), as events ready to push.

:func:`options` lists everything the current player could get from their unspent dice
and coins right now: a coin for each 3 of a kind, a card for each 4 of a kind, a card
for 2 coins, Grunt's trade, My Birden's draw, each Teammate on offer or opponent's
Mercenary whose combination the dice make, and the Mission. Each :class:`Option`
carries the event that does it (push it as it is: the engine accepts every option
offered) and the dice left after it. :func:`set_rewards` sums up what sets alone could
give, and :func:`odds_now` asks :mod:`boardgames.stuffed.odds` about the turn's dice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

import attrs

from boardgames.screen import count
from boardgames.stuffed.describe import and_list, dice_at
from boardgames.stuffed.dice import SYMBOLS, Combo, Dice, Symbol, match, parse_combo
from boardgames.stuffed.events import (
    CARD_COST,
    GRUNT,
    HAND,
    MAX_EACH,
    MERCENARY_COST,
    BuyCard,
    CompleteMission,
    Event,
    Grunt,
    Kind,
    MyBirden,
    Recruit,
    SpendSet,
    Steal,
    Teammate,
    key,
)
from boardgames.stuffed.odds import Odds, best_keep
from boardgames.stuffed.state import Game

__all__ = ["Match", "Option", "find", "mission_status", "odds_now", "options", "set_rewards",
           "within_reach"]


@attrs.frozen
class Option:
    """Something the current player can do now: the ``event`` to push, a plain
    one-line ``text``, and the unspent dice ``left`` after it."""

    event: Event
    text: str
    left: tuple[tuple[int, Symbol], ...]


@attrs.frozen
class Match:
    """Dice that make a combination: their ``positions`` and the dice ``left``."""

    positions: tuple[int, ...]
    left: tuple[tuple[int, Symbol], ...]


def find(combo: Combo | str, dice: Dice) -> Match | None:
    """Whether ``dice`` make ``combo``: the dice to spend and the dice left after, or
    ``None``."""
    positions = match(parse_combo(combo), dice)
    if positions is None:
        return None
    return Match(positions, tuple((p, s) for p, s in dice if p not in positions))


def _left(dice: Dice, used: Sequence[int]) -> tuple[tuple[int, Symbol], ...]:
    return tuple((p, s) for p, s in dice if p not in used)


def _groups(dice: Dice, exclude: Sequence[int] = ()) -> dict[Symbol, list[int]]:
    """Positions of each set-making symbol (not Birden, R-STF-4), dice in ``exclude``
    left out."""
    out: dict[Symbol, list[int]] = {s: [] for s in SYMBOLS if s.makes_sets}
    for position, symbol in sorted(dice):
        if symbol.makes_sets and position not in exclude:
            out[symbol].append(position)
    return out


def set_rewards(dice: Dice) -> tuple[tuple[int, int], ...]:
    """Every most-you-can-get of (coins, cards) from spending sets of ``dice`` —
    3 of a kind a coin, 4 of a kind a card, Birdens never (R-STF-4) — best coins first.
    ``((2, 0), (1, 1))`` reads "2 coins, or 1 coin and 1 card"; ``((0, 0),)`` is nothing."""
    totals = {(0, 0)}
    for symbol, n in Counter(s for _, s in dice).items():
        if not symbol.makes_sets:
            continue
        ways = {(a, b) for b in range(n // 4 + 1) for a in range((n - 4 * b) // 3 + 1)}
        totals = {(a + c, b + d) for a, b in totals for c, d in ways}
    best = [t for t in totals
            if not any(o != t and o[0] >= t[0] and o[1] >= t[1] for o in totals)]
    return tuple(sorted(best, reverse=True))


def within_reach(state: Game) -> Iterator[tuple[Teammate, str | None]]:
    """Each Teammate the current player could take now if the dice made its
    combination, with the player whose Mercenary it is (``None`` for one on offer): those
    on offer, then the other players' Mercenaries, each with a combination, while the
    team has room for its kind and, for a Mercenary, the 2 coins (R-STF-5)."""
    ledger = state.current
    stolen = ((mate, other.name) for i, other in enumerate(state.players)
              if i != state.turn for mate in other.team if mate.kind is Kind.MERCENARY)
    for mate, holder in (*((mate, None) for mate in state.offer), *stolen):
        if mate.combo is None or ledger.count(mate.kind) >= MAX_EACH:
            continue
        if mate.kind is Kind.MERCENARY and ledger.coins.value < MERCENARY_COST:
            continue
        yield mate, holder


def _teammate_option(state: Game, mate: Teammate, victim: str | None) -> Option | None:
    dice = state.unspent
    assert mate.combo is not None
    positions = match(mate.combo, dice)
    if positions is None:
        return None
    pay = " and 2 coins" if mate.kind is Kind.MERCENARY else ""
    if victim is None:
        return Option(Recruit(mate, positions),
                      f"recruit the {mate.kind.label} {mate.name} with {dice_at(positions)}{pay}",
                      _left(dice, positions))
    return Option(Steal(victim, mate.name, positions),
                  f"steal {victim}'s Mercenary {mate.name} with {dice_at(positions)}{pay}",
                  _left(dice, positions))


def options(state: Game) -> tuple[Option, ...]:
    """What the current player can get now from the unspent dice and coins (empty
    before set-up, before the roll and after the game)."""
    if not state.started or state.over or not state.rolled:
        return ()
    ledger, dice = state.current, state.unspent
    room = HAND - ledger.cards.value
    out: list[Option] = []
    groups = _groups(dice)
    for symbol, at in groups.items():
        if len(at) >= 3:
            out.append(Option(SpendSet(tuple(at[:3])), f"spend {symbol.counted(3)} "
                              f"({dice_at(at[:3])}) for a coin", _left(dice, at[:3])))
        if len(at) >= 4 and room:
            out.append(Option(SpendSet(tuple(at[:4])), f"spend {symbol.counted(4)} "
                              f"({dice_at(at[:4])}) for an Advantage card", _left(dice, at[:4])))
    if ledger.coins.value >= CARD_COST and room:
        out.append(Option(BuyCard(), "pay 2 coins for an Advantage card", dice))
    grunt = ledger.teammate(GRUNT)
    if grunt is not None and key(grunt.name) not in ledger.used and room:
        payers = [p for p, s in dice if s is grunt.attribute]
        for symbol, at in _groups(dice, exclude=payers[-1:]).items():
            if payers and len(at) >= 3:
                used = (*at[:3], payers[-1])
                out.append(Option(Grunt(payers[-1], tuple(at[:3])),
                                  f"Grunt: spend die {payers[-1]} and 3 {symbol} "
                                  f"({dice_at(at[:3])}) for an Advantage card",
                                  _left(dice, used)))
    birdens = [p for p, s in dice if s is Symbol.BIRDEN]
    if birdens and ledger.cards.value and room >= 1:
        for symbol, at in groups.items():
            if len(at) >= 3:
                out.append(Option(MyBirden(birdens[0], tuple(at[:3])),
                                  f"if you hold My Birden: show the Birden (die {birdens[0]}) "
                                  f"and 3 {symbol} to draw 2 cards, spending nothing", dice))
                break
    for mate, victim in within_reach(state):
        option = _teammate_option(state, mate, victim)
        if option is not None:
            out.append(option)
    mission = state.mission
    assert mission is not None
    if ledger.meets(mission):
        positions = match(mission.combo, dice)
        if positions is not None:
            out.append(Option(CompleteMission(positions), f"complete the Mission "
                              f"{mission.name} with {dice_at(positions)} and win",
                              _left(dice, positions)))
    return tuple(out)


def mission_status(state: Game) -> str:
    """Where the current player stands on the Mission, as one plain line."""
    mission, ledger = state.mission, state.current
    if mission is None:
        return "No game is set up."
    short = []
    if ledger.teammates < mission.teammates:
        short.append(count(mission.teammates - ledger.teammates, "more Teammate"))
    if ledger.mercenaries < mission.mercenaries:
        short.append(count(mission.mercenaries - ledger.mercenaries, "more Mercenary",
                           "more Mercenaries"))
    if short:
        return (f"{ledger.name} needs {and_list(short)} before trying the Mission's "
                f"{mission.combo.words}.")
    return f"{ledger.name} may try the Mission: {mission.combo.words}."


def odds_now(state: Game, combo: Combo | str, rerolls: int = 1, *,
             pay: Symbol | str | Sequence[Symbol | str | None] | None = None) -> Odds:
    """The chance to make ``combo`` from the turn's unspent dice within ``rerolls``
    rerolls, and which dice to keep (R-STF-8); ``pay`` as in
    :func:`~boardgames.stuffed.odds.best_keep` (e.g. the Hero's Attribute when the first
    reroll is the Hero's ability)."""
    return best_keep(combo, list(state.unspent), rerolls=rerolls, die=state.die, pay=pay)
