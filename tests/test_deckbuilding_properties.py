"""Properties of the Deckbuilding Game's library over random play: whatever legal events
come, every dial and track stays within its limits (R-DBG-1..7); a refused event
changes nothing; undo restores the exact state; every event survives JSON; replaying
the events gives the same state; every event reads as one line in both languages."""

from __future__ import annotations

import functools
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from boardgames import deckbuilding as dbg
from boardgames.deckbuilding import (
    CODEC,
    Attack,
    AttackAlly,
    AttackLordRuler,
    Blocked,
    Burn,
    BuyBoxings,
    CashBoxings,
    ChooseTarget,
    Confrontation,
    Damage,
    DominanceUp,
    DrawAdversary,
    Edict,
    EndReason,
    EndTurn,
    Flare,
    GainBurns,
    GainCoins,
    GainDamage,
    GainMission,
    GainTokens,
    Heal,
    HealLordRuler,
    HitShield,
    Metal,
    MissionSpec,
    Mode,
    PassTarget,
    Refresh,
    RemoveShield,
    Sense,
    SpendCoins,
    SpendMission,
    Token,
    Train,
    UseAtium,
)
from boardgames.deckbuilding.state import LORD_RULER_DECK, LORD_RULER_HEALTH, MAX_HEALTH
from boardgames.errors import GameError
from boardgames.session import Session

NAMES = ("Vin", "Kelsier", "Marsh", "Sazed")


@st.composite
def _setups(draw: st.DrawFn) -> dbg.NewGame:
    mode = draw(st.sampled_from(Mode))
    count = 1 if mode is Mode.SOLO else draw(st.integers(2, 4))
    rewards = st.lists(st.integers(1, 11), max_size=3, unique=True).map(
        lambda steps: tuple(sorted(steps)))
    missions = tuple(MissionSpec("", draw(rewards)) for _ in range(3))
    return dbg.NewGame(NAMES[:count], mode, missions)


SETUPS = _setups()


@st.composite
def attacks(draw: st.DrawFn, names: st.SearchStrategy[str]) -> Attack:
    amount = draw(st.integers(1, 40))
    blocked = draw(st.lists(st.builds(Blocked, names, st.integers(1, amount)), max_size=2,
                            unique_by=lambda b: b.player.casefold()))
    return Attack(draw(names), amount, tuple(blocked))


@st.composite
def edicts(draw: st.DrawFn) -> Edict:
    ups = draw(st.integers(0, 2))
    below = draw(st.integers(max(0, 1 - ups), 2 - ups))
    shown = draw(st.lists(st.integers(0, 6), min_size=ups, max_size=ups + below))
    return Edict(ups, tuple(shown), ups_below_4=below)


@functools.cache
def events(names: tuple[str, ...], active: str) -> st.SearchStrategy[dbg.Event]:
    """Events about these players, mostly by or at the active one, now and then at no
    one (built once per table and active player: Hypothesis validates a new strategy on
    every use)."""
    who = st.sampled_from((active,) * 8 + names + ("Nobody",))
    small = st.integers(1, 12)
    shield = st.sampled_from(("1", "2", "3", "5", "X"))
    end = st.just(EndTurn())
    return st.one_of(
        end, end, end, end,
        st.builds(GainMission, who, small), st.builds(GainMission, who, small),
        st.builds(SpendMission, who, st.tuples(*[st.integers(0, 4)] * 3).filter(any)),
        st.builds(SpendMission, who, st.tuples(*[st.integers(0, 4)] * 3).filter(any)),
        st.builds(Sense, who, st.integers(1, 4), st.none() | who),
        attacks(who), attacks(who), attacks(who),
        st.builds(ChooseTarget, who, st.integers(0, 5)),
        st.builds(ChooseTarget, st.sampled_from(names), st.integers(0, 5)),
        st.builds(PassTarget, st.sampled_from(names)),
        st.builds(Damage, who, st.integers(1, 12) | st.integers(1, 45)),
        st.builds(Heal, who, st.integers(1, 10)),
        st.builds(GainCoins, who, st.integers(1, 8)),
        st.builds(SpendCoins, who, st.integers(1, 8)),
        st.builds(BuyBoxings, who, st.integers(1, 3)),
        st.builds(CashBoxings, who, st.integers(1, 3)),
        st.builds(GainTokens, who, st.sampled_from(Token), st.integers(1, 3)),
        st.builds(UseAtium, who, st.integers(1, 3)),
        st.builds(Confrontation, who, st.integers(1, 4)),
        st.builds(AttackLordRuler, who, st.integers(1, 20)),
        st.builds(AttackLordRuler, who, st.integers(1, 20)),
        st.builds(HealLordRuler, st.integers(1, 20)),
        st.builds(DominanceUp, st.integers(0, 6)),
        edicts(),
        st.builds(DrawAdversary, st.sampled_from(("Inquisitor", "Obligator")),
                  st.lists(shield, min_size=1, max_size=3).map(tuple)),
        st.builds(HitShield, who, st.integers(1, 3), st.integers(1, 8)),
        st.builds(RemoveShield, who, st.integers(1, 3)),
        # the Training track, metals and the turn's damage (R-DBG-9..11)
        st.builds(GainDamage, who, st.integers(1, 20)),
        st.builds(GainDamage, who, st.integers(1, 20)),
        st.builds(GainDamage, who, st.integers(1, 20)),
        st.builds(AttackAlly, who, st.integers(1, 6)),
        st.builds(Train, who, st.integers(1, 6)),
        st.builds(GainBurns, who, st.integers(1, 2), st.booleans()),
        st.builds(Burn, who, st.sampled_from(Metal)),
        st.builds(Flare, who, st.sampled_from(Metal)),
        st.builds(Refresh, who, st.sampled_from(Metal)),
    )


FIGHTS = st.sampled_from((NAMES, NAMES[:3])).map(dbg.NewGame)
"""Competitive tables of 3 or 4 players, where the Target is in play."""


@functools.cache
def fights(names: tuple[str, ...], active: str) -> st.SearchStrategy[dbg.Event]:
    """Mostly attacks, damage and the Target's moves: deep into R-DBG-4."""
    who = st.sampled_from(names)
    end = st.just(EndTurn())
    return st.one_of(
        end, end, attacks(st.just(active)), attacks(st.just(active)),
        st.builds(GainDamage, st.just(active), st.integers(1, 40)),
        st.builds(GainDamage, st.just(active), st.integers(1, 40)),
        st.builds(Damage, who, st.integers(1, 15)), st.builds(Heal, who, st.integers(1, 5)),
        st.builds(ChooseTarget, who, st.integers(0, 3)), st.builds(PassTarget, who))


def check_limits(game: dbg.Game) -> None:
    """Every number within the limits the rules give it."""
    for player in game.players:
        assert 0 <= player.health <= MAX_HEALTH  # R-DBG-1
        assert player.out == (player.health == 0)
        assert min(player.boxings, player.atium, player.mission_points, player.sense) >= 0
        if player.out:
            assert player.mission_points == player.sense == 0
    assert game.turn.coins >= 0
    assert game.turn.damage >= 0  # R-DBG-11: never more used than gained
    assert game.turn.burned <= dbg.burns_allowed(game, game.turn.seat)  # R-DBG-10
    for seat, player in enumerate(game.players):  # R-DBG-9, R-DBG-10
        assert 1 <= dbg.training_step(game, seat) <= game.training.end
        assert dbg.burns_allowed(game, seat) >= 1
        assert player.flared == tuple(m for m in Metal if m in player.flared)
    assert game.turn.used == tuple(m for m in Metal if m in game.turn.used)
    alive = dbg.living(game)
    for mission in game.missions:  # R-DBG-3
        assert all(0 <= step <= dbg.TRACK_TOP for step in mission.steps)
        assert sorted(mission.finished) == [
            s for s, step in enumerate(mission.steps) if step == dbg.TRACK_TOP]
        assert [step for step, _seat in mission.firsts] == [
            step for step in mission.reward_steps if max(mission.steps) >= step]
        standing = dbg.standing(game, game.missions.index(mission))
        on = {s for s, step in enumerate(mission.steps) if step}
        assert standing.highest <= on and standing.lowest <= on
    if game.target is not None:  # R-DBG-4
        assert game.mode is Mode.COMPETITIVE and game.target in alive and len(alive) >= 3
    if game.turn.pending is not None:
        assert game.target is None and len(alive) >= 3
    if (game.mode is Mode.COMPETITIVE and len(game.players) >= 3 and len(alive) >= 3
            and game.turn.pending is None):
        assert game.target is not None
    lord = game.lord_ruler
    if lord is not None:  # R-DBG-2, R-DBG-6
        assert 0 <= lord.health <= LORD_RULER_HEALTH
        assert 1 <= lord.dominance <= dbg.MAX_DOMINANCE
        assert 0 <= lord.deck <= LORD_RULER_DECK
        assert all(0 <= a.destroyed < len(a.shields) for a in lord.adversaries)
        assert (lord.health == 0) == (game.result is not None and game.result.reason
                                      is EndReason.LORD_RULER_DEFEATED)
    result = game.result
    if result is not None:  # R-DBG-7
        if result.reason is EndReason.LAST_STANDING:
            assert result.winners == alive and len(alive) == 1
        elif result.reason is EndReason.MISSIONS:
            assert game.mode is Mode.COMPETITIVE
            assert all(m.steps[result.winners[0]] == dbg.TRACK_TOP for m in game.missions)
        elif result.reason is EndReason.ALL_OUT:
            assert not alive and result.winners == ()
        elif result.reason is EndReason.DECK_EXHAUSTED:
            assert lord is not None and lord.deck == 0 and result.winners == ()


def play(data: Any, steps: int = 60) -> tuple[Session[dbg.Game, dbg.Event], list[dbg.Game]]:
    """A random game (one in three a fight around the Target): legal events pushed,
    refused ones checked to change nothing. Returns the session and the state after
    each event."""
    fight = data.draw(st.integers(0, 2)) == 0
    setup = data.draw(FIGHTS if fight else SETUPS)
    strategy = fights if fight else events
    session = dbg.start(setup.players, setup.mode, setup.missions)
    history = [dbg.BLANK, session.state]
    for _ in range(steps):
        event = data.draw(strategy(setup.players, session.state.active.name))
        before = session.state
        try:
            after = session.push(event)
        except GameError:
            assert session.state is before and len(session) == len(history) - 1
            continue
        check_limits(after)
        history.append(after)
    return session, history


@given(st.data())
def test_r_dbg_1_health_and_every_dial_stay_within_bounds(data: Any) -> None:
    session, _history = play(data)
    check_limits(session.state)


@given(st.data())
def test_undo_restores_the_exact_state(data: Any) -> None:
    session, history = play(data)
    while len(session):
        assert session.state == history[len(session)]
        session.pop()
    assert session.state == dbg.BLANK


@given(st.data())
def test_replay_and_json_replay_equal_the_state(data: Any) -> None:
    session, _history = play(data)
    assert dbg.replay(session.events).state == session.state
    lines = [CODEC.to_json(e) for e in session.events]
    assert dbg.replay(CODEC.from_json(line) for line in lines).state == session.state


@given(st.data())
def test_every_event_round_trips_through_json(data: Any) -> None:
    setup = data.draw(SETUPS)
    assert CODEC.from_json(CODEC.to_json(setup)) == setup
    for event in data.draw(st.lists(events(setup.players, setup.players[0]), max_size=30)):
        assert CODEC.from_json(CODEC.to_json(event)) == event
        assert CODEC.from_dict(CODEC.to_dict(event)) == event


@given(st.data())
def test_r_dbg_8_every_legal_event_reads_as_one_line_in_both_languages(data: Any) -> None:
    session, history = play(data, steps=40)
    for before, event, after in zip(history[:-1], session.events, history[1:], strict=True):
        for lang in ("en", "pl"):
            text = dbg.describe(before, event, after, lang)
            assert text and "\n" not in text and text.endswith(".")


@given(st.data())
def test_r_dbg_8_every_refusal_reads_in_both_languages(data: Any) -> None:
    setup = data.draw(SETUPS)
    session = dbg.start(setup.players, setup.mode, setup.missions)
    for event in data.draw(st.lists(events(setup.players, setup.players[-1]),
                                    max_size=30)):
        try:
            session.push(event)
        except GameError as error:
            english, polish = dbg.localize(error, "en"), dbg.localize(error, "pl")
            assert english == str(error) and "\n" not in polish
            assert error.rule is None or polish.startswith(f"{error.rule}: ")
