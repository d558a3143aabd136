"""The Deckbuilding Game's rules R-DBG-1..7 through `apply`: known answers worked out by
hand from the rulebook (seat health, the Sense example, the Target, Edicts, shields)
and every refusal leaving the game as it was."""

from __future__ import annotations

import pytest

from boardgames import deckbuilding as dbg
from boardgames.deckbuilding import (
    Attack,
    AttackLordRuler,
    Blocked,
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
    GainBurns,
    GainCoins,
    GainDamage,
    GainMission,
    GainTokens,
    Heal,
    HealLordRuler,
    HitShield,
    MissionSpec,
    Mode,
    PassTarget,
    RemoveShield,
    SpendCoins,
    SpendMission,
    Token,
    UseAtium,
)
from boardgames.errors import RuleViolation
from boardgames.session import Session

THREE = ("Vin", "Kelsier", "Marsh")
FOUR = ("Vin", "Kelsier", "Marsh", "Sazed")


def game(players: tuple[str, ...] = THREE, mode: Mode = Mode.COMPETITIVE,
         missions: tuple[MissionSpec, ...] | None = None,
         ) -> Session[dbg.Game, dbg.Event]:
    return dbg.start(players, mode, missions)


def health(session: Session[dbg.Game, dbg.Event]) -> list[int]:
    return [p.health for p in session.state.players]


def refused(session: Session[dbg.Game, dbg.Event], event: dbg.Event, rule: str) -> str:
    """Pushing ``event`` is refused naming ``rule``, and the game is unchanged."""
    before, count = session.state, len(session)
    with pytest.raises(RuleViolation) as caught:
        session.push(event)
    assert session.state == before and len(session) == count
    assert str(caught.value).startswith(f"{rule}: ")
    return str(caught.value)


def end_turns(session: Session[dbg.Game, dbg.Event], count: int) -> None:
    for _ in range(count):
        session.push(EndTurn())


# --- R-DBG-1 health dials --------------------------------------------------------------


@pytest.mark.parametrize(("players", "expected", "boxings"), [
    (("Vin", "Kelsier"), [36, 38], [0, 0]),
    (THREE, [36, 38, 40], [0, 0, 0]),
    (FOUR, [36, 38, 40, 40], [0, 0, 0, 1]),
])
def test_r_dbg_1_seat_health_and_fourth_seat_boxing(
        players: tuple[str, ...], expected: list[int], boxings: list[int]) -> None:
    session = game(players)
    assert health(session) == expected
    assert [p.boxings for p in session.state.players] == boxings


@pytest.mark.parametrize("mode", [Mode.COOP, Mode.SOLO])
def test_r_dbg_1_no_seat_bonus_against_the_lord_ruler(mode: Mode) -> None:
    players = FOUR if mode is Mode.COOP else ("Vin",)
    session = game(players, mode)
    assert health(session) == [36] * len(players)
    assert all(p.boxings == 0 for p in session.state.players)


def test_r_dbg_1_healing_stops_at_40() -> None:
    session = game()
    session.push(Heal("Vin", 3))
    session.push(Heal("Marsh", 1))
    assert health(session) == [39, 38, 40]
    session.push(Heal("vin", 10))  # names match ignoring case
    assert health(session)[0] == 40


def test_r_dbg_1_zero_health_eliminates() -> None:
    session = game(FOUR)
    session.push(Damage("Kelsier", 37))
    assert health(session) == [36, 1, 40, 40] and not session.state.players[1].out
    session.push(Damage("Kelsier", 5))  # past 0: the dial stops at 0
    assert session.state.players[1].health == 0 and session.state.players[1].out
    refused(session, Heal("Kelsier", 2), "R-DBG-1")
    refused(session, Damage("Kelsier", 2), "R-DBG-1")


def test_r_dbg_1_two_players_the_one_who_brings_the_other_to_zero_wins() -> None:
    session = game(("Vin", "Kelsier"))
    assert session.state.target is None
    session.push(GainDamage("Vin", 30))
    session.push(Attack("Vin", 30))
    assert health(session) == [36, 8]
    end_turns(session, 1)
    session.push(GainDamage("Kelsier", 4))
    session.push(Attack("Kelsier", 4, (Blocked("Vin", 1),)))
    assert health(session) == [33, 8]
    end_turns(session, 1)
    session.push(GainDamage("Vin", 9))
    session.push(Attack("Vin", 9))
    result = session.state.result
    assert result is not None and result.reason is EndReason.LAST_STANDING
    assert result.winners == (0,)
    assert health(session) == [33, 0]


def test_r_dbg_1_unknown_player_is_refused() -> None:
    message = refused(game(), Heal("Elend", 1), "R-DBG-1")
    assert "Elend" in message and "Vin, Kelsier and Marsh" in message


# --- R-DBG-2 the Lord Ruler --------------------------------------------------------------


def test_r_dbg_2_lord_ruler_starts_at_48_dominance_1_deck_36() -> None:
    lord = game(THREE, Mode.COOP).state.lord_ruler
    assert lord is not None
    assert (lord.health, lord.dominance, lord.deck) == (48, 1, 36)
    assert game(THREE).state.lord_ruler is None


def test_r_dbg_2_lord_ruler_health_never_above_48() -> None:
    session = game(("Vin",), Mode.SOLO)
    session.push(GainDamage("Vin", 5))
    session.push(AttackLordRuler("Vin", 5))
    session.push(HealLordRuler(3))
    assert session.state.lord_ruler is not None and session.state.lord_ruler.health == 46
    session.push(HealLordRuler(20))
    assert session.state.lord_ruler.health == 48


def test_r_dbg_2_dominance_is_the_highest_row_shown_not_a_sum() -> None:
    session = game(THREE, Mode.COOP)
    for shown, expected in [(2, 2), (dbg.ATTACK_ROW, 2), (3, 3), (2, 3), (6, 6)]:
        session.push(DominanceUp(shown))
        assert dbg.dominance(session.state) == expected
    assert session.state.lord_ruler is not None and session.state.lord_ruler.rows == 5


def test_r_dbg_2_edict_rows_depend_on_players_alive() -> None:
    # An Edict with one arrow always and one only with fewer than 4 players.
    four = game(FOUR, Mode.COOP)
    refused(four, Edict(1, (2, 3), ups_below_4=1), "R-DBG-2")
    four.push(Edict(1, (2,), ups_below_4=1))
    assert dbg.dominance(four.state) == 2
    three = game(THREE, Mode.COOP)
    refused(three, Edict(1, (2,), ups_below_4=1), "R-DBG-2")
    three.push(Edict(1, (2, dbg.ATTACK_ROW), ups_below_4=1))
    assert three.state.lord_ruler is not None and three.state.lord_ruler.rows == 2
    # A player eliminated makes the count 3: the second arrow now applies.
    four.push(Damage("Sazed", 36))
    end_turns(four, 1)
    four.push(Edict(1, (3, 4), ups_below_4=1))
    assert dbg.dominance(four.state) == 4


def test_r_dbg_2_edict_heals_10_per_mission_not_completed_capped_at_48() -> None:
    session = game(("Vin",), Mode.SOLO)
    session.push(GainDamage("Vin", 40))
    session.push(AttackLordRuler("Vin", 40))  # 48 -> 8
    session.push(GainMission("Vin", 12))
    session.push(SpendMission("Vin", (12, 0, 0)))  # Mission 1 completed
    session.push(Edict(1, (2,)))
    lord = session.state.lord_ruler
    assert lord is not None
    assert lord.health == 8 + 20 and lord.deck == 35
    end_turns(session, 1)
    session.push(Edict(2, (dbg.ATTACK_ROW, 3)))
    assert session.state.lord_ruler is not None
    assert session.state.lord_ruler.health == 48  # 28 + 20, at the cap
    assert dbg.dominance(session.state) == 3


def test_r_dbg_2_a_mission_completed_by_an_eliminated_player_still_counts() -> None:
    session = game(("Vin", "Kelsier"), Mode.COOP)
    session.push(GainMission("Vin", 12))
    session.push(SpendMission("Vin", (0, 12, 0)))
    session.push(Damage("Vin", 36))
    assert dbg.completed_missions(session.state) == 1
    end_turns(session, 1)  # Vin is out: no card drawn for Vin
    session.push(GainDamage("Kelsier", 30))
    session.push(AttackLordRuler("Kelsier", 30))
    session.push(Edict(1, (2,)))
    assert session.state.lord_ruler is not None and session.state.lord_ruler.health == 38


def test_r_dbg_2_lord_ruler_events_refused_in_a_competitive_game() -> None:
    session = game()
    refused(session, AttackLordRuler("Vin", 3), "R-DBG-2")
    refused(session, DominanceUp(2), "R-DBG-2")
    refused(session, Edict(1, (2,)), "R-DBG-2")


def test_r_dbg_2_co_op_turn_ends_only_after_drawing() -> None:
    session = game(("Vin", "Kelsier"), Mode.COOP)
    refused(session, EndTurn(), "R-DBG-2")
    refused(session, Attack("Vin", 3), "R-DBG-2")  # co-op players never attack each other
    session.push(DrawAdversary("Inquisitor", ("3",)))
    session.push(EndTurn())
    assert session.state.active.name == "Kelsier"


def test_r_dbg_2_one_lord_ruler_card_is_drawn_a_turn() -> None:
    """"After each player's turn (after they've drawn their new hand), they draw and play
    the top card of the Lord Ruler's deck" (R-DBG-2): the top card, one a turn."""
    session = game(("Vin", "Kelsier"), Mode.COOP)
    session.push(DrawAdversary("Inquisitor", ("3",)))
    deck = session.state.lord_ruler.deck if session.state.lord_ruler else None
    for second in (Edict(1, (2,)), DrawAdversary("Obligator", ("2",))):
        said = refused(session, second, "R-DBG-2")
        assert said == ("R-DBG-2: Vin has drawn this turn's Lord Ruler card: one is drawn "
                        "each turn, and the turn ends next (end-turn)")
    assert session.state.lord_ruler is not None and session.state.lord_ruler.deck == deck
    session.push(EndTurn())
    session.push(Edict(1, (2,)))  # the next player's turn: their own card
    assert session.state.active.name == "Kelsier"


# --- R-DBG-4 the Target --------------------------------------------------------------------


def test_r_dbg_4_the_last_seat_starts_with_the_target() -> None:
    assert game(THREE).state.target == 2
    assert game(FOUR).state.target == 3
    assert game(("Vin", "Kelsier")).state.target is None
    assert game(FOUR, Mode.COOP).state.target is None


def test_r_dbg_4_damage_goes_to_the_holder_who_may_then_pass() -> None:
    session = game()
    refused(session, PassTarget("Vin"), "R-DBG-4")
    session.push(GainDamage("Vin", 6))
    session.push(Attack("Vin", 6))
    assert health(session) == [36, 38, 34]
    assert session.state.turn.may_pass
    refused(session, PassTarget("Marsh"), "R-DBG-4")  # to oneself
    session.push(PassTarget("Kelsier"))
    assert session.state.target == 1
    refused(session, PassTarget("Vin"), "R-DBG-4")  # the new holder took no damage


def test_r_dbg_4_damage_cut_to_zero_by_cloud_does_not_allow_passing() -> None:
    session = game()
    session.push(GainDamage("Vin", 3))
    session.push(Attack("Vin", 3, (Blocked("Marsh", 3),)))
    assert health(session) == [36, 38, 40]
    refused(session, PassTarget("Vin"), "R-DBG-4")
    refused(session, Attack("Vin", 3), "R-DBG-4")  # damage is used once per turn
    end_turns(session, 1)
    session.push(GainDamage("Kelsier", 3))
    session.push(Attack("Kelsier", 3, (Blocked("Marsh", 2),)))
    assert health(session) == [36, 38, 39]
    session.push(PassTarget("Kelsier"))


def test_r_dbg_4_blocking_must_concern_a_player_hit() -> None:
    session = game()
    refused(session, Attack("Vin", 3, (Blocked("Kelsier", 1),)), "R-DBG-4")


def test_r_dbg_4_passing_is_gone_at_the_end_of_the_turn() -> None:
    session = game()
    session.push(GainDamage("Vin", 2))
    session.push(Attack("Vin", 2))
    end_turns(session, 1)
    refused(session, PassTarget("Vin"), "R-DBG-4")


def test_r_dbg_4_the_holders_damage_hits_every_other_player_in_full() -> None:
    session = game(FOUR)
    end_turns(session, 3)
    session.push(GainDamage("Sazed", 5))
    session.push(Attack("Sazed", 5, (Blocked("Kelsier", 2), Blocked("Marsh", 5))))
    assert health(session) == [31, 35, 40, 40]
    refused(session, PassTarget("Vin"), "R-DBG-4")  # the holder took no damage


def test_r_dbg_4_holder_eliminated_attacker_picks_next_holder_who_takes_leftover() -> None:
    session = game(FOUR)
    session.push(Damage("Sazed", 35))  # Sazed at 5, holding the Target
    session.push(GainDamage("Vin", 12))
    session.push(Attack("Vin", 12))
    state = session.state
    assert state.players[3].out and state.target is None
    assert state.turn.pending == dbg.Pending(chooser=0, leftover=7)
    refused(session, EndTurn(), "R-DBG-4")  # the choice comes first
    refused(session, ChooseTarget("Vin"), "R-DBG-4")  # not the attacker
    refused(session, ChooseTarget("Sazed"), "R-DBG-4")  # not a player out
    session.push(ChooseTarget("Marsh", blocked=2))
    assert session.state.target == 2 and health(session) == [36, 38, 35, 0]
    assert session.state.turn.may_pass  # Marsh took damage from another player
    session.push(PassTarget("Vin"))
    assert session.state.target == 0


def test_r_dbg_4_leftover_can_eliminate_the_next_holder_too() -> None:
    session = game(FOUR)
    session.push(Damage("Sazed", 38))  # Sazed at 2
    end_turns(session, 1)
    session.push(Damage("Vin", 30))  # Vin at 6
    session.push(GainDamage("Kelsier", 15))
    session.push(Attack("Kelsier", 15))
    assert session.state.turn.pending == dbg.Pending(chooser=1, leftover=13)
    session.push(ChooseTarget("Vin"))  # 13 leftover eliminates Vin: 2 players remain
    state = session.state
    assert state.players[0].out and state.target is None and state.turn.pending is None
    assert health(session) == [0, 38, 40, 0]  # the 7 left over after Vin are lost


def test_r_dbg_4_target_leaves_at_two_players_and_leftover_is_lost() -> None:
    session = game()
    session.push(Damage("Marsh", 37))  # Marsh at 3
    session.push(GainDamage("Vin", 10))
    session.push(Attack("Vin", 10))
    state = session.state
    assert state.players[2].out and state.target is None and state.turn.pending is None
    assert health(session) == [36, 38, 0]
    refused(session, PassTarget("Kelsier"), "R-DBG-4")
    end_turns(session, 1)
    session.push(GainDamage("Kelsier", 4))
    session.push(Attack("Kelsier", 4))  # two players: damage goes to the other one
    assert health(session) == [32, 38, 0]


def test_r_dbg_4_target_leaves_when_the_holders_attack_leaves_two() -> None:
    session = game()
    session.push(Damage("Vin", 33))
    end_turns(session, 2)
    session.push(GainDamage("Marsh", 4))
    session.push(Attack("Marsh", 4))
    assert session.state.players[0].out and session.state.target is None
    assert health(session) == [0, 34, 40]


def test_r_dbg_4_holder_out_by_other_damage_lets_the_table_choose() -> None:
    session = game(FOUR)
    session.push(Damage("Sazed", 40))
    assert session.state.turn.pending == dbg.Pending(chooser=None, leftover=0)
    refused(session, Heal("Vin", 1), "R-DBG-4")
    session.push(ChooseTarget("Vin"))
    assert session.state.target == 0 and not session.state.turn.may_pass


# --- R-DBG-5 tokens and coins --------------------------------------------------------------


def test_r_dbg_5_boxings_cost_2_cash_for_1_and_never_expire() -> None:
    session = game(FOUR)
    session.push(GainCoins("Vin", 5))
    session.push(BuyBoxings("Vin", 2))
    assert session.state.turn.coins == 1 and session.state.players[0].boxings == 2
    refused(session, BuyBoxings("Vin"), "R-DBG-5")
    session.push(SpendCoins("Vin", 1))
    refused(session, SpendCoins("Vin", 1), "R-DBG-5")
    end_turns(session, 4)
    assert session.state.players[0].boxings == 2 and session.state.turn.coins == 0
    session.push(CashBoxings("Vin", 2))
    assert session.state.turn.coins == 2 and session.state.players[0].boxings == 0
    refused(session, CashBoxings("Vin"), "R-DBG-5")


def test_r_dbg_5_the_rulebook_buying_example() -> None:
    # 6 coins: two cards for 4 in all, the last 2 on a Boxing.
    session = game()
    session.push(GainCoins("Vin", 6))
    session.push(SpendCoins("Vin", 4))
    session.push(BuyBoxings("Vin"))
    assert session.state.turn.coins == 0 and session.state.players[0].boxings == 1


def test_r_dbg_5_coins_do_not_carry_over_and_belong_to_the_active_player() -> None:
    session = game()
    session.push(GainCoins("Vin", 3))
    refused(session, GainCoins("Kelsier", 1), "R-DBG-5")
    end_turns(session, 1)
    assert session.state.turn.coins == 0
    refused(session, SpendCoins("Kelsier", 1), "R-DBG-5")


def test_r_dbg_5_atium_is_single_use() -> None:
    session = game()
    session.push(GainTokens("Kelsier", Token.ATIUM, 2))
    session.push(UseAtium("Kelsier"))
    assert session.state.players[1].atium == 1
    refused(session, UseAtium("Kelsier", 2), "R-DBG-5")
    session.push(GainTokens("Marsh", Token.BOXING, 3))
    assert session.state.players[2].boxings == 3


# --- R-DBG-6 Adversary shields ---------------------------------------------------------------


def test_r_dbg_6_shields_fall_left_to_right_each_to_enough_damage() -> None:
    session = game(("Vin", "Kelsier"), Mode.COOP)
    session.push(DominanceUp(3))
    session.push(DrawAdversary("Inquisitor", ("2", "X", "5")))
    end_turns(session, 1)
    lord = session.state.lord_ruler
    assert lord is not None and lord.adversaries[0].owner == 0 and lord.deck == 35
    refused(session, HitShield("Kelsier", 1, 1), "R-DBG-6")
    session.push(GainDamage("Kelsier", 2))
    session.push(HitShield("Kelsier", 1, 2))
    refused(session, HitShield("Kelsier", 1, 2), "R-DBG-6")  # X reads Dominance 3
    session.push(GainDamage("Kelsier", 3))
    session.push(HitShield("Kelsier", 1, 3))  # several in one turn
    assert session.state.lord_ruler is not None
    assert session.state.lord_ruler.adversaries[0].destroyed == 2
    session.push(RemoveShield("Kelsier", 1))  # a kill-an-Ally effect
    lord = session.state.lord_ruler
    assert lord is not None and lord.adversaries == () and lord.discarded == 1
    refused(session, HitShield("Kelsier", 1, 9), "R-DBG-6")


def test_r_dbg_6_any_player_attacks_any_adversary_on_their_turn() -> None:
    session = game(("Vin", "Kelsier"), Mode.COOP)
    session.push(DrawAdversary("Obligator", ("1",)))  # before Vin
    session.push(EndTurn())
    refused(session, HitShield("Vin", 1, 1), "R-DBG-6")  # not Vin's turn
    session.push(GainDamage("Kelsier", 4))
    session.push(HitShield("Kelsier", 1, 4))
    assert session.state.lord_ruler is not None
    assert session.state.lord_ruler.discarded == 1


# --- R-DBG-7 game end ------------------------------------------------------------------------


def test_r_dbg_7_competitive_top_of_all_three_tracks_wins_at_once() -> None:
    session = game()
    session.push(GainMission("Vin", 36))
    session.push(SpendMission("Vin", (12, 12, 11)))
    assert session.state.result is None
    session.push(SpendMission("Vin", (0, 0, 1)))
    assert session.state.result == dbg.Result(EndReason.MISSIONS, (0,))
    refused(session, EndTurn(), "R-DBG-7")


def test_r_dbg_7_confrontation_wins_and_spends_atium_tokens() -> None:
    session = game()
    session.push(GainTokens("Vin", Token.ATIUM, 3))
    session.push(GainBurns("Vin", 2))  # each Atium token takes a Burn (R-DBG-5)
    refused(session, Confrontation("Vin"), "R-DBG-7")
    refused(session, Confrontation("Kelsier", 0), "R-DBG-7")  # not Kelsier's turn
    session.push(Confrontation("Vin", atium=3))
    assert session.state.result == dbg.Result(EndReason.CONFRONTATION, (0,))
    assert session.state.players[0].atium == 0


def test_r_dbg_7_co_op_wins_at_lord_ruler_zero_or_confrontation() -> None:
    session = game(("Vin", "Kelsier"), Mode.COOP)
    session.push(GainDamage("Vin", 60))
    session.push(AttackLordRuler("Vin", 60))
    assert session.state.lord_ruler is not None and session.state.lord_ruler.health == 0
    assert session.state.result == dbg.Result(EndReason.LORD_RULER_DEFEATED, (0, 1))
    other = game(("Vin", "Kelsier"), Mode.COOP)
    other.push(GainTokens("Vin", Token.ATIUM, 4))
    other.push(GainBurns("Vin", 3))
    other.push(Confrontation("Vin"))
    assert other.state.result == dbg.Result(EndReason.CONFRONTATION, (0, 1))


def test_r_dbg_7_co_op_loses_when_a_card_must_be_drawn_and_none_is_left() -> None:
    session = game(("Vin",), Mode.SOLO)
    for _ in range(36):
        session.push(DrawAdversary("Obligator", ("1",)))
        session.push(EndTurn())
    assert session.state.lord_ruler is not None and session.state.lord_ruler.deck == 0
    assert session.state.result is None
    refused(session, DrawAdversary("Obligator", ("1",)), "R-DBG-7")
    turn = session.state.turn
    session.push(EndTurn())
    assert session.state.result == dbg.Result(EndReason.DECK_EXHAUSTED, ())
    assert session.state.turn == turn


def test_r_dbg_7_co_op_loses_when_all_players_are_out() -> None:
    session = game(("Vin", "Kelsier"), Mode.COOP)
    session.push(Damage("Kelsier", 36))
    assert session.state.result is None
    session.push(Damage("Vin", 50))
    assert session.state.result == dbg.Result(EndReason.ALL_OUT, ())


def test_r_dbg_7_eliminated_co_op_players_are_skipped_and_draw_nothing() -> None:
    session = game(THREE, Mode.COOP)
    session.push(Damage("Kelsier", 36))
    session.push(DrawAdversary("Obligator", ("1",)))
    session.push(EndTurn())
    assert session.state.active.name == "Marsh"
    session.push(Damage("Marsh", 36))  # Marsh falls during the turn: no card for Marsh
    refused(session, DrawAdversary("Obligator", ("1",)), "R-DBG-7")
    session.push(EndTurn())
    assert session.state.active.name == "Vin" and session.state.turn.number == 3
    assert session.state.lord_ruler is not None and session.state.lord_ruler.deck == 35


def test_r_dbg_7_competitive_last_player_alive_wins() -> None:
    session = game()
    session.push(Damage("Kelsier", 38))
    session.push(Damage("Marsh", 40))
    assert session.state.result == dbg.Result(EndReason.LAST_STANDING, (0,))


def test_r_dbg_7_turn_order_skips_eliminated_players() -> None:
    session = game(FOUR)
    session.push(Damage("Kelsier", 38))
    end_turns(session, 1)
    assert session.state.active.name == "Marsh"
    end_turns(session, 2)
    assert session.state.active.name == "Vin" and session.state.turn.number == 4


def test_events_before_set_up_and_a_second_set_up_are_refused() -> None:
    blank: Session[dbg.Game, dbg.Event] = Session(dbg.apply, dbg.BLANK)
    refused(blank, EndTurn(), "R-DBG-1")
    refused(game(), dbg.NewGame(("A", "B")), "R-DBG-1")


def test_r_dbg_6_adversaries_are_found_by_number_or_unique_name() -> None:
    session = game(THREE, Mode.COOP)
    session.push(DrawAdversary("Inquisitor", ("3",)))
    end_turns(session, 1)
    session.push(DrawAdversary("Obligator", ("1",)))
    end_turns(session, 1)
    session.push(DrawAdversary("Inquisitor", ("2",)))
    state = session.state
    assert dbg.find_adversary(state, "obligator").number == 2
    assert dbg.find_adversary(state, "3").owner == 2
    with pytest.raises(RuleViolation, match="give its number"):
        dbg.find_adversary(state, "Inquisitor")
    with pytest.raises(RuleViolation, match=r"no Adversary 'Kandra' .*1 Inquisitor, 2 "):
        dbg.find_adversary(state, "Kandra")


# --- whom a step changes (a player's own history) --------------------------------------


def test_r_dbg_4_a_step_changes_whom_it_hits_though_its_event_names_only_the_attacker(
) -> None:
    """The rulebook: "✖ assigned from other players reduces your health ... Once a
    player's health is reduced to zero, they are out of the game." An attack names
    only its attacker; the players it changes are read from the states before and
    after it: whom it hit, whom it put out, the Target's old and new holder."""
    from boardgames.deckbuilding.state import changed_players

    session = game(FOUR)
    session.push(Damage("Sazed", 35))  # Sazed at 5, holding the Target
    session.push(GainDamage("Vin", 12))
    before = session.state
    after = session.push(Attack("Vin", 12))
    assert changed_players(before, after) == ("Sazed",)  # out; Vin's own turn aside
    before, after = after, session.push(ChooseTarget("Marsh", blocked=2))
    assert changed_players(before, after) == ("Marsh",)
    before, after = after, session.push(PassTarget("Kelsier"))
    assert changed_players(before, after) == ("Kelsier", "Marsh")
    before, after = after, session.push(EndTurn())
    assert changed_players(before, after) == ("Kelsier",)  # the turn Kelsier begins
    holder = game(THREE)
    end_turns(holder, 2)
    holder.push(GainDamage("Marsh", 5))
    before = holder.state
    after = holder.push(Attack("Marsh", 5))  # the holder hits every other player
    assert changed_players(before, after) == ("Vin", "Kelsier")
    duel = game(("Vin", "Kelsier"))
    before = duel.state
    after = duel.push(Damage("Kelsier", 38))  # the game ends: everyone's result
    assert changed_players(before, after) == ("Vin", "Kelsier")
    assert changed_players(dbg.BLANK, game().state) == THREE  # the set-up seats all
