"""The Training track, metals and the turn's damage of the Deckbuilding Game (R-DBG-9,
R-DBG-10, R-DBG-11), the reminders around the Lord Ruler card, shared damage, and the
ruling on Sense in co-op and solo: known answers worked out by hand from the rulebook,
and a property that the turn's damage is never overspent."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import scaled

from boardgames import deckbuilding as dbg
from boardgames.deckbuilding import (
    Ability,
    Attack,
    AttackAlly,
    AttackLordRuler,
    Burn,
    Damage,
    DrawAdversary,
    Edict,
    EndTurn,
    Flare,
    GainBurns,
    GainDamage,
    GainMission,
    GainTokens,
    HitShield,
    Metal,
    Mode,
    Refresh,
    RemoveShield,
    Sense,
    Token,
    Train,
    TrainingLayout,
    UseAtium,
)
from boardgames.deckbuilding.collective import collective, even_split
from boardgames.deckbuilding.screen import board, next_line
from boardgames.deckbuilding.state import burns_allowed, training_step
from boardgames.errors import BadValue, RuleViolation
from boardgames.session import Session

THREE = ("Vin", "Kelsier", "Marsh")
Play = Session[dbg.Game, dbg.Event]


def refused(session: Play, event: dbg.Event, rule: str) -> str:
    """Pushing ``event`` is refused naming ``rule``, and the game is unchanged."""
    before, count = session.state, len(session)
    with pytest.raises(RuleViolation) as caught:
        session.push(event)
    assert session.state == before and len(session) == count
    assert str(caught.value).startswith(f"{rule}: ")
    return str(caught.value)


def said(session: Play, event: dbg.Event, lang: str = "en") -> str:
    before = session.state
    return dbg.describe(before, event, session.push(event), lang)


# --- R-DBG-9 the Training track ----------------------------------------------------------


def test_r_dbg_9_cubes_start_on_step_1_and_move_up_as_each_turn_starts() -> None:
    session = dbg.start(THREE)
    game = session.state
    # The first player's turn starts at set-up: their cube is already on step 2.
    assert [training_step(game, s) for s in range(3)] == [2, 1, 1]
    session.push(EndTurn())
    assert [training_step(session.state, s) for s in range(3)] == [2, 2, 1]
    for _ in range(2):
        session.push(EndTurn())
    assert [training_step(session.state, s) for s in range(3)] == [3, 2, 2]


def test_r_dbg_9_rewards_of_the_default_layout_known_answers() -> None:
    layout = dbg.DEFAULT_TRAINING
    # The rulebook's example: a move onto an Atium step, with 3 Burns allowed and
    # abilities I and II unlocked: step 8 of the default layout.
    assert layout.step(7) == 8 and layout.atium_between(6, 7) == 1
    assert layout.burns_at(7) == 3
    assert layout.unlocked(7) == (Ability.I, Ability.II)
    # 1 Burn at the start, 4 by the end of the track.
    assert layout.burns_at(0) == 1 and layout.burns_at(15) == 4
    assert layout.unlocked(15) == tuple(Ability)
    # Every Atium step, then one per move up from the end (step 16).
    assert layout.atium_between(0, 15) == 6
    assert layout.atium_between(15, 18) == 3 and layout.step(18) == 16


def test_r_dbg_9_train_effects_gain_rewards_at_once_and_the_end_gives_atium() -> None:
    session = dbg.start(("Vin",), Mode.SOLO)
    assert said(session, Train("Vin", 2)) == (
        "Vin moves up the Training track, step 2 → 4: 2 Burns a turn now and 1 Atium "
        "token (Atium: 1).")
    assert burns_allowed(session.state, 0) == 2
    session.push(Train("Vin", 12))  # to step 16, the end
    assert training_step(session.state, 0) == 16 and session.state.players[0].atium == 6
    assert said(session, Train("Vin")) == (
        "Vin moves up from the end of the Training track: 1 Atium token (Atium: 7).")
    session.push(DrawAdversary("Obligator", ("1",)))
    assert said(session, EndTurn()).endswith(
        "Vin moves up from the end of the Training track: 1 Atium token (Atium: 8).")


def test_r_dbg_9_a_train_effect_is_the_active_players() -> None:
    session = dbg.start(THREE)
    refused(session, Train("Kelsier"), "R-DBG-9")


def test_r_dbg_9_a_table_gives_its_own_layout_at_set_up() -> None:
    layout = TrainingLayout(end=6, burns=(2, 3, 6), abilities=(2, 3, 4, 5, 6), atium=(4,))
    session = dbg.start(("Vin", "Elend"), Mode.COOP, training=layout)
    assert said(session, Train("Vin", 2)) == (
        "Vin moves up the Training track, step 2 → 4: 3 Burns a turn now, ability II "
        "unlocked, ability III unlocked and 1 Atium token (Atium: 1).")
    assert said(session, Train("Vin", 1), "pl") == (
        "Vin awansuje na torze treningu, pole 4 → 5 — odblokowano drugą zdolność.")


# --- R-DBG-10 metals -------------------------------------------------------------------------


def test_r_dbg_10_burns_allowed_then_flaring_which_stays_until_refreshed() -> None:
    session = dbg.start(("Vin", "Kelsier"))
    assert said(session, Burn("Vin", Metal.TIN)) == "Vin Burns tin (1 of 1 Burn used)."
    refused(session, Burn("Vin", Metal.TIN), "R-DBG-10")  # each token once a turn
    text = refused(session, Burn("Vin", Metal.IRON), "R-DBG-10")
    assert text == "R-DBG-10: Vin has used all 1 Burn allowed this turn: Flare iron instead"
    assert said(session, Flare("Vin", Metal.IRON)) == (
        "Vin Flares iron: it stays flipped until refreshed (Flared: iron).")
    refused(session, Flare("Vin", Metal.TIN), "R-DBG-10")  # used this turn
    session.push(Refresh("Vin", Metal.IRON))
    refused(session, Flare("Vin", Metal.IRON), "R-DBG-10")  # refreshed, but used
    session.push(Flare("Vin", Metal.PEWTER))
    session.push(EndTurn())
    session.push(EndTurn())
    game = session.state
    assert game.players[0].flared == (Metal.PEWTER,) and game.turn.burned == 0
    refused(session, Burn("Vin", Metal.PEWTER), "R-DBG-10")  # still Flared
    refused(session, Refresh("Vin", Metal.TIN), "R-DBG-10")  # not Flared
    assert said(session, Refresh("Vin", Metal.PEWTER), "pl") == "Vin odświeża cynołów."
    session.push(Burn("Vin", Metal.PEWTER))


def test_r_dbg_10_atium_uses_a_burn_and_cannot_be_flared() -> None:
    session = dbg.start(("Vin", "Kelsier"))
    session.push(GainTokens("Vin", Token.ATIUM, 2))
    session.push(Burn("Vin", Metal.STEEL))
    assert refused(session, UseAtium("Vin"), "R-DBG-5") == (
        "R-DBG-5: Vin has 0 Burns left this turn and each Atium token uses one, so not 1: "
        "Atium can't be Flared")
    session.push(GainBurns("Vin"))
    session.push(UseAtium("Vin"))
    assert session.state.turn.burned == 2 and session.state.players[0].atium == 1
    with pytest.raises(BadValue):
        Flare("Vin", "atium")  # type: ignore[arg-type]


def test_r_dbg_10_more_burns_this_turn_or_for_good() -> None:
    session = dbg.start(("Vin", "Kelsier"))
    assert said(session, GainBurns("Vin", 2)) == (
        "Vin may Burn 2 more this turn (0 of 3 Burns used).")
    assert said(session, GainBurns("Vin", 1, lasting=True)) == (
        "Vin may Burn 1 more every turn (4 Burns allowed).")
    session.push(EndTurn())
    assert burns_allowed(session.state, 0) == 2 and burns_allowed(session.state, 1) == 1
    refused(session, GainBurns("Vin"), "R-DBG-10")  # Kelsier's turn


def test_r_dbg_10_the_board_shows_burns_and_flared_metals() -> None:
    session = dbg.start(("Vin", "Kelsier"))
    session.push(Burn("Vin", Metal.TIN))
    session.push(Flare("Vin", Metal.BRONZE))
    lines = [line.text for line in board(session.state, "G", "en", 72)]
    assert "Training and metals" in lines
    assert "  Vin: step 2/16, Burns 1/1; unlocked: ability I; Flared: bronze" in lines
    assert "  Kelsier: step 1/16, Burns 0/1" in lines
    polish = [line.text for line in board(session.state, "G", "pl", 72)]
    assert polish[polish.index("Trening i metale") + 1:][:2] == [
        "  Vin: pole 2/16, spalenia 1/1; odblokowane: zdolność I; rozjarzone:",
        "    brąz"]


# --- R-DBG-11 damage in a turn ------------------------------------------------------------


def test_r_dbg_11_the_turns_damage_is_one_budget() -> None:
    session = dbg.start(("Vin", "Elend"), Mode.COOP)
    session.push(GainDamage("Vin", 3))
    session.push(DrawAdversary("Inquisitor", ("3", "4")))
    session.push(EndTurn())
    refused(session, AttackLordRuler("Elend", 1), "R-DBG-11")  # none gained yet
    assert said(session, GainDamage("Elend", 5)) == (
        "Elend gains 5 damage points (5 to use this turn).")
    session.push(GainDamage("Elend", 4))
    session.push(HitShield("Elend", 1, 4))  # 9 - 4 = 5 left
    assert refused(session, AttackLordRuler("Elend", 6), "R-DBG-11") == (
        "R-DBG-11: Elend has 5 damage points left to use this turn, not 6")
    refused(session, HitShield("Elend", 1, 6), "R-DBG-11")
    session.push(AttackLordRuler("Elend", 3))
    refused(session, HitShield("Elend", 1, 4), "R-DBG-11")  # 2 left, the shield needs 4
    session.push(Edict(1, (2,)))
    # After the Lord Ruler card the turn has no more damage or cards (R-DBG-11).
    assert refused(session, AttackLordRuler("Elend", 1), "R-DBG-11") == (
        "R-DBG-11: Elend has drawn the Lord Ruler card: the turn has no more damage or "
        "cards to use")
    refused(session, GainDamage("Elend", 1), "R-DBG-11")
    refused(session, RemoveShield("Elend", 1), "R-DBG-11")
    # What is left is lost at the end of the turn.
    assert said(session, EndTurn()).startswith(
        "Elend's turn ends; turn 3: Vin; Elend's unused 2 damage points are lost")
    assert session.state.turn.damage == 0


def test_r_dbg_11_allies_before_players_competitive_only() -> None:
    session = dbg.start(THREE)
    session.push(GainDamage("Vin", 10))
    assert said(session, AttackAlly("Vin", 3)) == (
        "Vin uses 3 damage points on an Ally (7 left to use).")
    refused(session, Attack("Vin", 8), "R-DBG-11")
    session.push(Attack("Vin", 7))
    refused(session, AttackAlly("Vin", 1), "R-DBG-11")  # players were attacked
    coop = dbg.start(("Vin", "Elend"), Mode.COOP)
    coop.push(GainDamage("Vin", 3))
    refused(coop, AttackAlly("Vin", 3), "R-DBG-11")  # no one's Allies in co-op


_SPENDS = st.lists(st.tuples(st.sampled_from(["gain", "lord", "shield", "end"]),
                             st.integers(1, 12)), max_size=40)


@settings(max_examples=scaled(60), deadline=None)
@given(steps=_SPENDS)
def test_r_dbg_11_property_damage_used_never_exceeds_damage_gained(
        steps: list[tuple[str, int]]) -> None:
    session = dbg.start(("Vin", "Elend"), Mode.COOP)
    gained = used = 0
    for kind, amount in steps:
        game = session.state
        if game.over:
            break
        who = game.active.name
        event: dbg.Event
        if kind == "end":
            if game.lord_ruler is None or game.lord_ruler.deck == 0:
                break
            if game.turn.drawn == 0:
                session.push(DrawAdversary("Obligator", ("X", "2")))
            session.push(EndTurn())
            gained = used = 0
            continue
        if kind == "gain":
            event = GainDamage(who, amount)
        elif kind == "lord":
            event = AttackLordRuler(who, amount)
        else:
            adversaries = game.lord_ruler.adversaries if game.lord_ruler else ()
            if not adversaries:
                continue
            event = HitShield(who, adversaries[0].number, amount)
        try:
            session.push(event)
        except RuleViolation:
            assert session.state == game
            continue
        if isinstance(event, GainDamage):
            gained += amount
        else:
            used += amount
        assert used <= gained and session.state.turn.damage == gained - used


# --- reminders (R-DBG-2, R-DBG-6, R-DBG-7) and the ruling on Sense (R-DBG-3) ------------------


def test_r_dbg_6_the_next_line_reminds_the_owners_adversaries_before_the_draw() -> None:
    session = dbg.start(("Vin", "Elend"), Mode.COOP)
    session.push(DrawAdversary("Inquisitor", ("3",)))
    session.push(EndTurn())
    session.push(Edict(1, (2,)))
    session.push(EndTurn())
    assert next_line(session.state) == (
        "Vin draws a Lord Ruler card (edict with rows ROW…, or adversary NAME SHIELD…), "
        "then end-turn; first, at the end of the turn: the effects of Inquisitor")
    assert next_line(session.state, "pl").endswith(
        "najpierw, na koniec tury: efekty Inquisitor")


def test_r_dbg_7_an_eliminated_player_is_never_told_to_draw() -> None:
    session = dbg.start(("Vin", "Elend"), Mode.COOP)
    session.push(Damage("Vin", 36))
    assert next_line(session.state) == "Vin is out of the game: end the turn"
    session.push(EndTurn())
    assert session.state.active.name == "Elend"


def test_r_dbg_2_collective_damage_is_split_among_the_players_alive() -> None:
    session = dbg.start(("Vin", "Kelsier", "Elend"), Mode.COOP)
    game = session.state
    assert even_split(game, 10) == {0: 4, 1: 3, 2: 3}
    assert collective(game, 10, {"Elend": 10}) == (Damage("Elend", 10),)
    assert collective(game, 5, {"vin": 2, "Kelsier": 3, "Elend": 0}) == (
        Damage("Vin", 2), Damage("Kelsier", 3))
    with pytest.raises(BadValue, match="R-DBG-2: shared damage of 10"):
        collective(game, 10, {"Vin": 4})
    for event in collective(game, 37):
        session.push(event)
    assert [p.health for p in session.state.players] == [23, 24, 24]
    session.push(Damage("Kelsier", 24))
    # One player out: the rest is split between the two left.
    assert collective(session.state, 7) == (Damage("Vin", 4), Damage("Elend", 3))
    with pytest.raises(BadValue):
        collective(session.state, 4, {"Kelsier": 4})


def test_r_dbg_3_ruling_a_players_sense_has_no_one_to_act_on_in_co_op() -> None:
    session = dbg.start(("Vin", "Elend"), Mode.COOP)
    session.push(GainMission("Vin", 3))
    assert refused(session, Sense("Vin", 2, by="Elend"), "R-DBG-3") == (
        "R-DBG-3: Elend cannot play Sense on Vin: in co-op and solo a player's Sense "
        "has no one to act on (ruling)")
    session.push(Sense("Vin", 2))  # an effect's Sense (a Lord Ruler card) still acts
    assert session.state.players[0].mission_points == 1
    competitive = dbg.start(("Vin", "Marsh"))
    competitive.push(Sense("Vin", 2, by="Marsh"))


# --- rulings on the metals and the turn's damage ---------------------------------------


def test_r_dbg_10_ruling_flaring_is_for_tokens_above_the_burn_limit() -> None:
    """The rulebook: "You can only Burn as many metals as you have icons. If you want to
    use more metal tokens above this limit, you must Flare them." So a Flare while
    Burns are left is refused: burn the token instead."""
    session = dbg.start(("Vin", "Kelsier"))
    text = refused(session, Flare("Vin", Metal.TIN), "R-DBG-10")
    assert text == ("R-DBG-10: Vin may still Burn tin: Flaring is for tokens above the "
                    "Burn limit, so burn it instead (0 of 1 Burns used)")
    with pytest.raises(RuleViolation) as caught:
        session.push(Flare("Vin", Metal.TIN))
    assert dbg.localize(caught.value, "pl") == (
        "R-DBG-10: Vin ma jeszcze spalenia w tej turze, a rozjarza się tylko żetony ponad "
        "limit spaleń: spal cynę zamiast tego (użyto 0 z 1 spalenia)")
    session.push(GainBurns("Vin"))  # 2 Burns allowed this turn
    session.push(Burn("Vin", Metal.TIN))
    assert refused(session, Flare("Vin", Metal.IRON), "R-DBG-10").endswith(
        "burn it instead (1 of 2 Burns used)")
    session.push(Burn("Vin", Metal.IRON))
    session.push(Flare("Vin", Metal.STEEL))  # above the limit: a Flare
    assert session.state.players[0].flared == (Metal.STEEL,)


def test_r_dbg_11_ruling_no_damage_is_gained_after_the_attack_on_players() -> None:
    """The rulebook: "A player can only use their damage at the end of their turn, and
    may split it between Allies and players", in the turn's order "3 Attack Allies.
    4 Attack players". The attack on players is the turn's last use of damage: no
    damage is gained after it, as no Ally is attacked after it."""
    session = dbg.start(THREE)
    session.push(GainDamage("Vin", 5))
    session.push(Attack("Vin", 5))
    text = refused(session, GainDamage("Vin", 2), "R-DBG-11")
    assert text == ("R-DBG-11: Vin's damage at players was used: it is the turn's last "
                    "use of damage, so no more is gained this turn")
    with pytest.raises(RuleViolation) as caught:
        session.push(GainDamage("Vin", 2))
    assert dbg.localize(caught.value, "pl").startswith(
        "R-DBG-11: obrażenia gracza Vin przeciw graczom są już użyte")
    refused(session, AttackAlly("Vin", 1), "R-DBG-11")
    session.push(EndTurn())
    assert said(session, GainDamage("Kelsier", 2)) == (
        "Kelsier gains 2 damage points (2 to use this turn).")
