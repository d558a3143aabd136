"""Properties of the Stuffed engine under random play: whatever legal events are
pushed, coins, cards and teams stay within their limits (R-STF-4, R-STF-5), a refused
event changes nothing, undo restores the exact state, every event survives JSON, and
replaying the JSON gives the same state.

Random play is driven by a seed hypothesis picks: each step takes one of the options
the engine offers (all of which must be legal), or makes up an event that fits the
dice on the table (a reroll paid with a die of the right Attribute, a steal with the
Mercenary's dice…), or a careless one that is often illegal."""

from __future__ import annotations

import random
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import scaled

from boardgames.errors import GameError
from boardgames.stuffed import Game, apply, new_session, replay
from boardgames.stuffed.choices import options
from boardgames.stuffed.codec import CODEC, events_from_json, events_to_json
from boardgames.stuffed.dice import SYMBOLS, Symbol, match
from boardgames.stuffed.events import (
    Ability,
    BuyCard,
    CompleteMission,
    Discard,
    EndTurn,
    Event,
    Grunt,
    Kind,
    Mission,
    MyBirden,
    NewGame,
    Offer,
    PlayCard,
    PlaySacrifice,
    Recruit,
    Reroll,
    Roll,
    Seat,
    SpendSet,
    Steal,
    Teammate,
)

SEATS = (Seat("Ada", "Vin", "charisma"), Seat("Bo", "Kelsier", "intelligence"),
         Seat("Cy", "Marsh", "coin"))
POOL = (
    Teammate("Grunt", "loyal", "resource", "c:2,e"),
    Teammate("Spook", "loyal", "essence", "e,i"),
    Teammate("Sazed", "loyal", "intelligence", "i:2"),
    Teammate("Mare", "loyal", "coin", "c,ch"),
    Teammate("Ham", "mercenary", "coin", "b,i"),
    Teammate("Dockson", "mercenary", "intelligence", "b,r"),
    Teammate("Breeze", "mercenary", "charisma", "b,e"),
    Teammate("Yeden", "mercenary", "resource", "c"),
)
MISSIONS = (Mission("Heist", 2, 1, "ch:2,i"), Mission("Dash", 0, 0, "3-kind"),
            Mission("Siege", 3, 1, "b,3-kind"))
CARDS = ("Scouting", "Dust Storm", "Windfall", "")


class Player:
    """Makes up events for the state on the table, from a seeded random source."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def faces(self, count: int) -> tuple[Symbol, ...]:
        palette = self.rng.sample(SYMBOLS, self.rng.randint(1, 4))  # sets come up often
        return tuple(self.rng.choice(palette) for _ in range(count))

    def some(self, state: Game, low: int = 1, high: int = 8) -> tuple[int, ...]:
        pool = [p for p, _ in state.unspent] if self.rng.random() < 0.8 else list(range(1, 9))
        if len(pool) < low:
            pool = list(range(1, 9))
        return tuple(self.rng.sample(pool, min(len(pool), self.rng.randint(low, high))))

    def showing(self, state: Game, symbol: Symbol) -> int:
        """An unspent die showing ``symbol`` if any, else any position."""
        at = [p for p, s in state.unspent if s is symbol]
        return self.rng.choice(at) if at else self.rng.randint(1, 8)

    def a_set(self, state: Game, size: int, besides: int = 0) -> tuple[int, ...]:
        """``size`` unspent dice of one symbol (die ``besides`` left out), if any."""
        for symbol in self.rng.sample(SYMBOLS, 6):
            at = [p for p, s in state.unspent if s is symbol and p != besides]
            if len(at) >= size:
                return tuple(at[:size])
        return tuple(self.rng.sample([p for p in range(1, 9) if p != besides], size))

    def character(self, state: Game) -> tuple[str, Symbol]:
        me = state.current
        names = [(me.seat.hero, me.seat.attribute)] + [(t.name, t.attribute) for t in me.team]
        return self.rng.choice(names)

    def reroll(self, state: Game) -> Reroll:
        chosen = self.some(state, 1, 5)
        if self.rng.random() < 0.4:
            return Reroll(chosen, self.faces(len(chosen)), card=self.rng.choice(CARDS))
        name, attribute = self.character(state)
        paid = self.showing(state, attribute)
        chosen = tuple(p for p in chosen if p != paid) or ((paid % 8) + 1,)
        return Reroll(chosen, self.faces(len(chosen)), character=name, paid=paid)

    def teammate_dice(self, state: Game, mate: Teammate) -> tuple[int, ...]:
        assert mate.combo is not None
        return match(mate.combo, state.unspent) or self.some(state, 1, 4)

    def steal(self, state: Game) -> Event:
        mercs = [(p.name, t) for p in state.players for t in p.team
                 if t.kind is Kind.MERCENARY]
        if not mercs:
            return Steal(self.rng.choice(SEATS).name, "Ham", self.some(state, 2, 2))
        owner, mate = self.rng.choice(mercs)
        return Steal(owner, mate.name, self.teammate_dice(state, mate))

    def grunt(self, state: Game) -> Grunt:
        paid = self.showing(state, Symbol.RESOURCE)
        return Grunt(paid, self.a_set(state, 3, besides=paid))

    def my_birden(self, state: Game) -> MyBirden:
        birden = self.showing(state, Symbol.BIRDEN)
        return MyBirden(birden, self.a_set(state, 3, besides=birden))

    def ability(self, state: Game) -> Ability:
        name, attribute = self.character(state)
        return Ability(name, self.showing(state, attribute), self.rng.randint(0, 2),
                       self.rng.randint(0, 2))

    def mission(self, state: Game) -> CompleteMission:
        assert state.mission is not None
        return CompleteMission(match(state.mission.combo, state.unspent)
                               or self.some(state, 2, 5))

    def event(self, state: Game) -> Event:
        offered = options(state)
        if offered and self.rng.random() < 0.35:
            return self.rng.choice(offered).event
        if not state.rolled and self.rng.random() < 0.7:
            return Roll(self.faces(8))
        makers: list[Callable[[Game], Event]] = [
            lambda s: Offer(self.rng.choice(POOL)),
            lambda s: Roll(self.faces(8)),
            self.reroll, self.reroll,
            lambda s: SpendSet(self.a_set(s, self.rng.choice((3, 4)))),
            lambda s: BuyCard(),
            self.grunt, self.grunt, self.grunt, self.ability, self.ability,
            lambda s: (lambda m: Recruit(m, self.teammate_dice(s, m)))(
                self.rng.choice(s.offer + POOL)),
            self.steal, self.steal,
            lambda s: PlayCard(self.rng.choice(CARDS), self.rng.randint(0, 2),
                               self.rng.randint(0, 3)),
            self.my_birden,
            lambda s: PlaySacrifice(self.rng.choice(SYMBOLS)),
            lambda s: Discard(self.rng.choice(CARDS)),
            lambda s: EndTurn(tuple(self.rng.sample(CARDS[:3], self.rng.randint(0, 2)))),
            lambda s: EndTurn(), lambda s: EndTurn(),
            self.mission,
        ]
        return self.rng.choice(makers)(state)


def check_limits(state: Game) -> None:
    names = [t.name.casefold() for p in state.players for t in p.team]
    names += [t.name.casefold() for t in state.offer]
    assert len(names) == len(set(names))  # a card is in one place only
    for ledger in state.players:
        assert ledger.coins.value >= 0  # R-STF-4
        assert 0 <= ledger.cards.value <= 4  # R-STF-4
        assert ledger.loyals <= 2 and ledger.mercenaries <= 2  # R-STF-5
    for kind in (Kind.LOYAL, Kind.MERCENARY):
        assert sum(1 for t in state.offer if t.kind is kind) <= 2  # R-STF-5
    assert not any(t.kind is Kind.SACRIFICE for t in state.offer)
    assert state.spent <= set(range(1, len(state.dice) + 1))
    assert len(state.dice) in (0, 8)


def check_team_moves(before: Game, event: Event, after: Game) -> None:
    """Loyals are never stolen, discarded or swapped; a Mercenary leaves a team only
    when stolen, to the thief; a Sacrifice only when her ability is used (R-STF-5)."""
    for i, ledger in enumerate(before.players):
        for mate in ledger.team:
            if mate in after.players[i].team:
                continue
            if mate.kind is Kind.MERCENARY:
                assert isinstance(event, Steal) and mate in after.current.team
            else:
                assert mate.kind is Kind.SACRIFICE and i == before.turn
                assert isinstance(event, (Ability, Reroll))
                assert event.character.casefold() == mate.name.casefold()


def play_randomly(seed: int, players: int, mission: Mission, steps: int,
                  seen: dict[str, int] | None = None) -> None:
    """Random play with every check of the module docstring after each step."""
    rng = random.Random(seed)
    maker = Player(rng)
    play = new_session([NewGame(SEATS[:players], mission)])
    for _ in range(steps):
        state = play.state
        for option in options(state):  # every option offered can be pushed as it is
            assert play.is_legal(option.event), option.text
        event = maker.event(state)
        try:
            after = play.push(event)
        except GameError as refusal:
            assert play.state == state  # a refusal changes nothing
            assert "\n" not in str(refusal)
            continue
        if seen is not None:
            seen[event.TYPE] = seen.get(event.TYPE, 0) + 1
        check_limits(after)
        check_team_moves(state, event, after)
        assert CODEC.from_json(CODEC.to_json(event)) == event
        assert play.pop() == event and play.state == state  # undo: exactly as before
        assert play.push(event) == after
        if after.over:
            break
    text = events_to_json(play.events)
    assert replay(events_from_json(text)) == play.state
    assert new_session(play.events).state == play.state


@settings(max_examples=scaled(120))
@given(st.integers(0, 2**32), st.integers(1, 3), st.sampled_from(MISSIONS),
       st.integers(20, 120))
def test_r_stf_4_and_5_limits_hold_undo_restores_and_json_replays(
        seed: int, players: int, mission: Mission, steps: int) -> None:
    play_randomly(seed, players, mission, steps)


def test_r_stf_5_random_play_reaches_every_kind_of_event() -> None:
    """The random player is worth its salt: over a fixed set of seeds, every event
    type is pushed legally many times (steals, Grunt, My Birden and wins included)."""
    seen: dict[str, int] = {}
    for seed in range(40):  # the long Missions, so that games last
        play_randomly(seed, 2 + seed % 2, MISSIONS[2 * (seed % 2)], 300, seen)
    kinds = {cls.TYPE for cls in (Offer, Roll, Reroll, SpendSet, BuyCard, Grunt, Ability,
                                  Recruit, Steal, PlayCard, MyBirden, PlaySacrifice, Discard,
                                  EndTurn, CompleteMission)}
    assert kinds <= set(seen), kinds - set(seen)
    assert min(seen[k] for k in kinds) >= 5, seen


@settings(max_examples=scaled(60))
@given(st.integers(0, 2**32))
def test_r_stf_2_apply_is_pure_the_same_event_gives_the_same_state(seed: int) -> None:
    rng = random.Random(seed)
    maker = Player(rng)
    state = apply(Game(), NewGame(SEATS[:2], MISSIONS[0]))
    state = apply(state, Roll(maker.faces(8)))
    for _ in range(10):
        event = maker.event(state)
        try:
            first = apply(state, event)
        except GameError:
            continue
        assert apply(state, event) == first
        state = first
