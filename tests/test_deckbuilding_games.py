"""Whole games played through events to their ends, as known answers worked out by hand
turn by turn: a competitive 3-player game won on the Mission tracks, and a co-op game
won by bringing the Lord Ruler to 0. Each is also saved to JSON and replayed, and told
event by event in both languages."""

from __future__ import annotations

from boardgames import deckbuilding as dbg
from boardgames.deckbuilding import (
    CODEC,
    Attack,
    AttackLordRuler,
    Blocked,
    BuyBoxings,
    Damage,
    DrawAdversary,
    Edict,
    EndReason,
    EndTurn,
    GainCoins,
    GainDamage,
    GainMission,
    GainTokens,
    HitShield,
    MissionSpec,
    Mode,
    PassTarget,
    RemoveShield,
    Sense,
    SpendMission,
    Token,
    UseAtium,
)
from boardgames.session import Session

VIN, KELSIER, MARSH = 0, 1, 2


def _health(session: Session[dbg.Game, dbg.Event]) -> list[int]:
    return [p.health for p in session.state.players]


def _mission(session: Session[dbg.Game, dbg.Event], index: int) -> tuple[int, ...]:
    return session.state.missions[index].steps


def _standing(session: Session[dbg.Game, dbg.Event], index: int
              ) -> tuple[set[int], set[int]]:
    result = dbg.standing(session.state, index)
    return set(result.highest), set(result.lowest)


def competitive_game() -> Session[dbg.Game, dbg.Event]:
    """Vin, Kelsier and Marsh; Vin wins on turn 9 by topping all 3 Missions."""
    missions = (MissionSpec("Eyes", (4, 8)), MissionSpec("Ash", (6,)),
                MissionSpec("Well", (3, 7, 10)))
    s = dbg.start(["Vin", "Kelsier", "Marsh"], Mode.COMPETITIVE, missions)
    assert _health(s) == [36, 38, 40] and s.state.target == MARSH
    # Turn 1, Vin: 4 points on Eyes (first at step 4), a Boxing, 5 damage at Marsh, who
    # passes the Target to Vin.
    s.push(GainMission("Vin", 4))
    s.push(SpendMission("Vin", (4, 0, 0)))
    s.push(GainCoins("Vin", 3))
    s.push(BuyBoxings("Vin"))
    s.push(GainDamage("Vin", 5))
    s.push(Attack("Vin", 5))
    s.push(PassTarget("Vin"))
    assert _health(s) == [36, 38, 35] and s.state.target == VIN
    assert s.state.turn.coins == 1 and s.state.players[VIN].boxings == 1
    s.push(EndTurn())
    # Turn 2, Kelsier: 3 points, Marsh's Sense 2 cancels 2, 2 more points: 3 on Well.
    s.push(GainMission("Kelsier", 3))
    s.push(Sense("Kelsier", 2, by="Marsh"))
    s.push(GainMission("Kelsier", 2))
    s.push(SpendMission("Kelsier", (0, 0, 3)))
    s.push(GainDamage("Kelsier", 7))
    s.push(Attack("Kelsier", 7))
    s.push(PassTarget("Kelsier"))
    assert _health(s) == [29, 38, 35] and s.state.target == KELSIER
    assert s.state.turn.coins == 0
    s.push(EndTurn())
    # Turn 3, Marsh: 6 on Ash; 4 damage at Kelsier, all stopped by Cloud: no passing.
    s.push(GainMission("Marsh", 6))
    s.push(SpendMission("Marsh", (0, 6, 0)))
    s.push(GainDamage("Marsh", 4))
    s.push(Attack("Marsh", 4, (Blocked("Kelsier", 4),)))
    assert _health(s) == [29, 38, 35] and not s.state.turn.may_pass
    s.push(EndTurn())
    # Turn 4, Vin: an Atium gained and used; 8 points take Vin to the top of Eyes;
    # 10 damage at Kelsier, who keeps the Target.
    s.push(GainTokens("Vin", Token.ATIUM))
    s.push(UseAtium("Vin"))
    s.push(GainMission("Vin", 8))
    s.push(SpendMission("Vin", (8, 0, 0)))
    s.push(GainDamage("Vin", 10))
    s.push(Attack("Vin", 10))
    assert _health(s) == [29, 28, 35] and s.state.missions[0].finished == (VIN,)
    s.push(EndTurn())
    # Turn 5, Kelsier holds the Target: 6 to every other player, Marsh blocks 2.
    s.push(GainDamage("Kelsier", 6))
    s.push(Attack("Kelsier", 6, (Blocked("Marsh", 2),)))
    assert _health(s) == [23, 28, 31]
    s.push(EndTurn())
    # Turn 6, Marsh: to the top of Ash (first) and 6 on Well; 20 at Kelsier, who passes
    # the Target to Vin.
    s.push(GainMission("Marsh", 12))
    s.push(SpendMission("Marsh", (0, 6, 6)))
    s.push(GainDamage("Marsh", 20))
    s.push(Attack("Marsh", 20))
    s.push(PassTarget("Vin"))
    assert _health(s) == [23, 8, 31] and s.state.target == VIN
    s.push(EndTurn())
    # Turn 7, Vin: to the top of Ash (second); as holder, 9 to everyone: Kelsier falls,
    # two players remain and the Target leaves the game.
    s.push(GainMission("Vin", 12))
    s.push(SpendMission("Vin", (0, 12, 0)))
    s.push(GainDamage("Vin", 9))
    s.push(Attack("Vin", 9))
    assert _health(s) == [23, 0, 22] and s.state.players[KELSIER].out
    assert s.state.target is None and s.state.result is None
    s.push(EndTurn())
    # Turn 8 is Marsh's (Kelsier is skipped): 5 damage at the one opponent.
    assert s.state.turn.seat == MARSH and s.state.turn.number == 8
    s.push(GainDamage("Marsh", 5))
    s.push(Attack("Marsh", 5))
    assert _health(s) == [18, 0, 22]
    s.push(EndTurn())
    # Turn 9, Vin: 12 points to the top of Well: the top of all 3 tracks wins.
    s.push(GainMission("Vin", 12))
    s.push(SpendMission("Vin", (0, 0, 12)))
    return s


def test_r_dbg_7_a_whole_competitive_three_player_game() -> None:
    s = competitive_game()
    state = s.state
    assert state.result == dbg.Result(EndReason.MISSIONS, (VIN,))
    assert state.turn.number == 9 and len(s) == 48  # 8 of them: damage gained (R-DBG-11)
    assert _health(s) == [18, 0, 22]
    # an Atium token each from the Training track's step 3 (R-DBG-9)
    assert [(p.boxings, p.atium) for p in state.players] == [(1, 1), (0, 1), (0, 1)]
    assert [_mission(s, i) for i in range(3)] == [(12, 0, 0), (12, 0, 12), (12, 3, 6)]
    assert [m.finished for m in state.missions] == [(VIN,), (MARSH, VIN), (VIN,)]
    assert [m.firsts for m in state.missions] == [
        ((4, VIN), (8, VIN), (12, VIN)),
        ((6, MARSH), (12, MARSH)),
        ((3, KELSIER), (7, VIN), (10, VIN), (12, VIN))]
    # Eyes: Vin alone is highest only; Ash: Marsh finished first; Well: Kelsier's cube
    # stays on the track after Kelsier's elimination, lowest.
    assert _standing(s, 0) == ({VIN}, set())
    assert _standing(s, 1) == ({MARSH}, {VIN})
    assert _standing(s, 2) == ({VIN}, {KELSIER})


def test_r_dbg_7_the_competitive_game_ends_in_words() -> None:
    s = competitive_game()
    before = dbg.replay(s.events[:-1]).state
    assert dbg.describe(before, s.events[-1], s.state) == (
        "Vin spends 12 Mission points: Mission 3 (Well) step 0 → 12 (0 left to spend); "
        "reaches the step 3 reward of Mission 3 (Well), the step 7 reward of Mission 3 "
        "(Well) with its first-player reward, the step 10 reward of Mission 3 (Well) "
        "with its first-player reward and the top of Mission 3 (Well) first, with its "
        "reward and the one-time first-player reward; Vin wins: the top of all 3 Mission "
        "tracks.")
    assert dbg.describe(before, s.events[-1], s.state, "pl") == (
        "Vin wydaje 12 punktów misji: misja 3 (Well), pole 0 → 12 (do wydania: 0); "
        "zdobywa nagrodę pola 3 misji 3 (Well), nagrodę pola 7 misji 3 (Well) wraz z "
        "nagrodą dla 1. gracza, nagrodę pola 10 misji 3 (Well) wraz z nagrodą dla 1. "
        "gracza i szczyt toru misji 3 (Well) jako pierwszy gracz, z nagrodą szczytu i "
        "jednorazową nagrodą dla 1. gracza; Vin wygrywa: szczyt wszystkich 3 torów misji.")


def coop_game() -> Session[dbg.Game, dbg.Event]:
    """Vin and Elend against the Lord Ruler; they bring him to 0 on turn 6."""
    s = dbg.start(["Vin", "Elend"], Mode.COOP,
                  (MissionSpec("Eyes", (5,)), MissionSpec(), MissionSpec()))

    def lord() -> dbg.LordRuler:
        assert s.state.lord_ruler is not None
        return s.state.lord_ruler

    # Turn 1, Vin: 5 on Eyes, 6 damage to the Lord Ruler (42); an Edict: Dominance 2,
    # healing 10 for each of the 3 open Missions, capped at 48.
    s.push(GainMission("Vin", 5))
    s.push(SpendMission("Vin", (5, 0, 0)))
    s.push(GainDamage("Vin", 6))
    s.push(AttackLordRuler("Vin", 6))
    assert lord().health == 42
    s.push(Edict(1, (2,)))
    assert (lord().health, lord().dominance, lord().deck) == (48, 2, 35)
    s.push(EndTurn())
    # Turn 2, Elend: 10 damage (38); an Adversary with shields 3 and X.
    s.push(GainDamage("Elend", 10))
    s.push(AttackLordRuler("Elend", 10))
    s.push(DrawAdversary("Inquisitor", ("3", "X")))
    assert lord().health == 38 and lord().adversaries[0].owner == 1
    s.push(EndTurn())
    # Turn 3, Vin: completes Eyes; destroys both shields (X reads Dominance 2); 5 damage
    # (33). An Edict with a second arrow for fewer than 4 players: a one-time attack row
    # (6 damage to each player) and Dominance 3; 2 open Missions heal 20, capped at 48.
    s.push(GainMission("Vin", 7))
    s.push(SpendMission("Vin", (7, 0, 0)))
    s.push(GainDamage("Vin", 3))
    s.push(HitShield("Vin", 1, 3))
    s.push(GainDamage("Vin", 2))
    s.push(HitShield("Vin", 1, 2))
    assert lord().adversaries == () and lord().discarded == 1
    s.push(GainDamage("Vin", 5))
    s.push(AttackLordRuler("Vin", 5))
    assert lord().health == 33
    s.push(Edict(1, (dbg.ATTACK_ROW, 3), ups_below_4=1))
    s.push(Damage("Vin", 6))
    s.push(Damage("Elend", 6))
    assert (lord().health, lord().dominance, lord().deck, lord().rows) == (48, 3, 33, 3)
    assert _health(s) == [30, 30]
    s.push(EndTurn())
    # Turn 4, Elend: completes the second Mission; 12 damage (36); an Adversary whose
    # effect takes Elend's last 30 health.
    s.push(GainMission("Elend", 12))
    s.push(SpendMission("Elend", (0, 12, 0)))
    s.push(GainDamage("Elend", 12))
    s.push(AttackLordRuler("Elend", 12))
    s.push(DrawAdversary("Steel Inquisitor", ("X", "X", "4")))
    s.push(Damage("Elend", 30))
    assert s.state.players[1].out and s.state.result is None
    s.push(EndTurn())
    # Turn 5, Vin: completes the third Mission (no end in co-op); Assassinate removes a
    # shield; 20 damage (16); an Edict: Dominance 4, no healing with every Mission done.
    s.push(GainMission("Vin", 12))
    s.push(SpendMission("Vin", (0, 0, 12)))
    assert dbg.completed_missions(s.state) == 3 and s.state.result is None
    s.push(RemoveShield("Vin", 2))
    s.push(GainDamage("Vin", 20))
    s.push(AttackLordRuler("Vin", 20))
    s.push(Edict(2, (4, 2)))
    assert (lord().health, lord().dominance, lord().deck) == (16, 4, 31)
    s.push(EndTurn())
    # Turn 6 is Vin's again (Elend is skipped): the second X shield needs 4 now; 16
    # damage brings the Lord Ruler to 0.
    assert s.state.turn.seat == 0 and s.state.turn.number == 6
    s.push(GainDamage("Vin", 4))
    s.push(HitShield("Vin", 2, 4))
    s.push(GainDamage("Vin", 16))
    s.push(AttackLordRuler("Vin", 16))
    return s


def test_r_dbg_7_a_whole_co_op_game() -> None:
    s = coop_game()
    state = s.state
    assert state.result == dbg.Result(EndReason.LORD_RULER_DEFEATED, (0, 1))
    lord = state.lord_ruler
    assert lord is not None
    assert (lord.health, lord.dominance, lord.rows, lord.deck) == (0, 4, 5, 31)
    assert (lord.discarded, lord.drawn) == (1, 2)
    assert [(a.number, a.destroyed) for a in lord.adversaries] == [(2, 2)]
    assert _health(s) == [30, 0] and len(s) == 41  # 9 of them: damage gained (R-DBG-11)
    assert dbg.describe(dbg.replay(s.events[:-1]).state, s.events[-1], state) == (
        "Vin deals 16 damage to the Lord Ruler: 16 → 0; the players win: the Lord Ruler "
        "is at 0.")


def test_whole_games_replay_from_json_and_read_in_both_languages() -> None:
    for session in (competitive_game(), coop_game()):
        saved = [CODEC.to_json(e) for e in session.events]
        again = dbg.replay(CODEC.from_json(line) for line in saved)
        assert again.state == session.state
        state = dbg.BLANK
        for event in session.events:
            after = dbg.apply(state, event)
            for lang in ("en", "pl"):
                text = dbg.describe(state, event, after, lang)
                assert "\n" not in text and text.endswith(".")
            state = after
        while len(again):
            again.pop()
        assert again.state == dbg.BLANK
