"""The Stuffed engine against R-STF-1 … R-STF-7: turns, rerolls, sets and cards,
recruiting and stealing, abilities, and winning. Known answers are worked out by hand
from the rules and the rulebook's own examples."""

from __future__ import annotations

import pytest

from boardgames.errors import BadValue, RuleViolation
from boardgames.session import Session
from boardgames.stuffed import Game, apply, new_session, reroll_event, roll_event
from boardgames.stuffed.dice import DEFAULT_DIE, Die, Symbol
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
from boardgames.stuffed.state import EMPTY

ADA = Seat("Ada", "Vin", "charisma")
BO = Seat("Bo", "Kelsier", "intelligence")
HEIST = Mission("Heist", teammates=3, mercenaries=1, combo="ch:2,i,r")
GRUNT = Teammate("Grunt", "loyal", "resource", "c:2,e")
SPOOK = Teammate("Spook", "loyal", "essence", "e,i,r")
HAM = Teammate("Ham", "mercenary", "coin", "b,i")
DOCKSON = Teammate("Dockson", "mercenary", "intelligence", "b,r")
BREEZE = Teammate("Breeze", "mercenary", "charisma", "b,e")
SAZED = Teammate("Sazed", "loyal", "intelligence", "i:2")

Play = Session[Game, Event]


def start(*events: Event, mission: Mission = HEIST, die: Die = DEFAULT_DIE) -> Play:
    """A two-player game (Ada, then Bo) with ``events`` pushed."""
    return new_session([NewGame((ADA, BO), mission, die), *events])


def refused(play: Play, event: Event, rule: str, *said: str) -> str:
    """Push ``event``, expect a one-line RuleViolation naming ``rule``, and check that
    nothing changed."""
    before, count = play.state, len(play)
    with pytest.raises(RuleViolation) as caught:
        play.push(event)
    message = str(caught.value)
    assert message.startswith(f"{rule}: "), message
    assert "\n" not in message
    for part in said:
        assert part in message, message
    assert play.state == before and len(play) == count
    return message


def coins(play: Play, player: int = 0) -> int:
    return play.state.players[player].coins.value


def cards(play: Play, player: int = 0) -> int:
    return play.state.players[player].cards.value


# --- R-STF-1 ---------------------------------------------------------------------------


def test_r_stf_1_a_roll_shows_only_faces_of_the_die_in_use() -> None:
    play = start(die=Die.parse("c c e e b r"))
    refused(play, Roll("c c e e b r i r"), "R-STF-1", "show no intelligence")
    play.push(Roll("c c c c b r r r"))
    play.push(SpendSet((1, 2, 3, 4)))  # a card to reroll with
    refused(play, Reroll((5,), ["ch"], card="Again"), "R-STF-1", "show no charisma")


def test_r_stf_1_a_roll_is_all_eight_dice() -> None:
    with pytest.raises(BadValue, match="R-STF-2: a turn starts with all 8 dice"):
        Roll("c c e")


# --- R-STF-2 turns ---------------------------------------------------------------------


def test_r_stf_2_a_game_begins_with_set_up_and_only_once() -> None:
    play = new_session()
    refused(play, Roll("c c c c c c c c"), "R-STF-2", "begins with set-up")
    play.push(NewGame((ADA, BO), HEIST))
    refused(play, NewGame((ADA, BO), HEIST), "R-STF-2", "already set up")
    assert play.state.current.name == "Ada" and play.state.turn_number == 1


def test_r_stf_2_a_turn_starts_with_all_8_dice_rolled() -> None:
    play = start()
    refused(play, SpendSet((1, 2, 3)), "R-STF-2", "Ada has not rolled yet")
    refused(play, EndTurn(), "R-STF-2", "not rolled")
    play.push(Roll("c c c e e b i r"))
    assert play.state.unspent == tuple(enumerate(
        (Symbol.COIN,) * 3 + (Symbol.ESSENCE,) * 2 + (Symbol.BIRDEN, Symbol.INTELLIGENCE,
                                                      Symbol.RESOURCE), start=1))
    refused(play, Roll("c c c e e b i r"), "R-STF-2", "already rolled this turn")


def test_r_stf_2_the_next_turn_starts_with_8_fresh_dice() -> None:
    play = start(Roll("c c c e e b i r"), SpendSet((1, 2, 3)), EndTurn())
    state = play.state
    assert state.current.name == "Bo" and state.turn_number == 2
    assert state.dice == () and state.spent == frozenset()
    play.push(Roll("e e e e b b i r"))
    assert len(play.state.unspent) == 8  # Ada's spent dice do not carry over
    play.push(EndTurn())
    assert play.state.current.name == "Ada" and play.state.turn_number == 3


def test_r_stf_2_the_turn_goes_on_while_the_player_wants() -> None:
    play = start(Roll("c c c e e e b r"), SpendSet((1, 2, 3)), SpendSet((4, 5, 6)))
    assert coins(play) == 2 and play.state.current.name == "Ada"
    play.push(BuyCard())  # coins, cards and dice may all be used as soon as gained
    assert coins(play) == 0 and cards(play) == 1


# --- R-STF-3 rerolls -------------------------------------------------------------------


def test_r_stf_3_there_is_no_free_reroll() -> None:
    play = start(Roll("c c e e b i ch r"))
    refused(play, Reroll((1, 2), ["e", "e"]), "R-STF-3", "Ada holds 0 Advantage cards")


def test_r_stf_3_rulebook_example_three_dice_rerolled_at_once() -> None:
    # "If you wanted to reroll 3, you must roll all 3 at once": one event, three faces.
    play = start(Roll("c c e e b i ch r"))
    play.push(Reroll((5, 6, 8), ["ch", "c", "e"], character="Vin", paid=7))
    assert play.state.dice == (Symbol.COIN, Symbol.COIN, Symbol.ESSENCE, Symbol.ESSENCE,
                               Symbol.CHARISMA, Symbol.COIN, Symbol.CHARISMA, Symbol.ESSENCE)
    assert play.state.spent == {7}  # the Hero's die, placed on the card


def test_r_stf_3_spent_dice_cannot_be_rerolled() -> None:
    play = start(Roll("c c c e e b ch r"), SpendSet((1, 2, 3)))
    refused(play, Reroll((3, 4), ["e", "e"], character="Vin", paid=7), "R-STF-3",
            "die 3 (coin) is already spent")
    with pytest.raises(BadValue, match="cannot be rerolled"):
        Reroll((7, 8), ["e", "e"], character="Vin", paid=7)


def test_r_stf_3_a_card_reroll_plays_a_card_and_costs_no_die() -> None:
    play = start(Roll("c c c c e b ch r"), SpendSet((1, 2, 3, 4)))
    assert cards(play) == 1
    play.push(Reroll((6, 8), ["e", "e"], card="Second Chance"))
    assert cards(play) == 0 and play.state.spent == {1, 2, 3, 4}
    assert play.state.dice[5] is Symbol.ESSENCE and play.state.dice[7] is Symbol.ESSENCE


def test_r_stf_3_a_reroll_event_is_well_formed() -> None:
    with pytest.raises(BadValue, match="at least one die"):
        Reroll((), [], card="x")
    with pytest.raises(BadValue, match="need as many faces"):
        Reroll((1, 2), ["c"], card="x")
    with pytest.raises(BadValue, match="R-STF-6: an ability costs one die"):
        Reroll((1,), ["c"], character="Vin")
    with pytest.raises(BadValue, match="not both"):
        Reroll((1,), ["c"], character="Vin", paid=2, card="x")
    with pytest.raises(BadValue, match="shows twice"):
        Reroll((1, 1), ["c", "c"], card="x")
    with pytest.raises(BadValue, match="1–8"):
        Reroll((9,), ["c"], card="x")


def test_r_stf_3_roll_events_carry_their_faces_from_an_injected_source() -> None:
    import random

    play = start()
    event = roll_event(play.state, random.Random(4))
    assert event == roll_event(play.state, random.Random(4))
    play.push(event)
    again = reroll_event(play.state, [1, 2], card="Again", rng=random.Random(5))
    assert again.positions == (1, 2) and len(again.faces) == 2
    face_die = Die.parse("b b b b b b")
    only_birdens = start(die=face_die)
    assert set(roll_event(only_birdens.state).faces) == {Symbol.BIRDEN}


# --- R-STF-4 sets and cards ------------------------------------------------------------


def test_r_stf_4_three_of_a_kind_for_a_coin_four_for_a_card() -> None:
    play = start(Roll("ch ch ch e e e e b"))
    play.push(SpendSet((1, 2, 3)))
    assert coins(play) == 1 and play.state.spent == {1, 2, 3}
    play.push(SpendSet((4, 5, 6, 7)))
    assert cards(play) == 1 and coins(play) == 1


def test_r_stf_4_birdens_never_buy_anything() -> None:
    play = start(Roll("b b b b e c i r"))
    refused(play, SpendSet((1, 2, 3)), "R-STF-4", "Birdens never make a set")
    refused(play, SpendSet((1, 2, 3, 4)), "R-STF-4", "Birdens never make a set")
    refused(play, SpendSet((5, 6, 7)), "R-STF-4", "3 of a kind")


def test_r_stf_4_a_set_is_3_or_4_dice() -> None:
    with pytest.raises(BadValue, match="R-STF-4"):
        SpendSet((1, 2))
    with pytest.raises(BadValue, match="R-STF-4"):
        SpendSet((1, 2, 3, 4, 5))


def test_r_stf_4_two_coins_buy_a_card_and_go_to_the_bank() -> None:
    play = start(Roll("c c c e e e b b"))
    refused(play, BuyCard(), "R-STF-4", "Ada has 0 coins", "costs 2")
    play.push(SpendSet((1, 2, 3)))
    refused(play, BuyCard(), "R-STF-4", "Ada has 1 coin")
    play.push(SpendSet((4, 5, 6)))
    play.push(BuyCard())
    assert coins(play) == 0 and cards(play) == 1


def test_r_stf_4_a_hand_holds_at_most_4_cards() -> None:
    play = start(Roll("c c c c e e e e"), SpendSet((1, 2, 3, 4)))
    play.push(PlayCard("Windfall", cards=4))  # play 1, draw 4: hand 4
    assert cards(play) == 4
    refused(play, SpendSet((5, 6, 7, 8)), "R-STF-4", "Ada holds 4 Advantage cards",
            "at most 4", "play or discard first")
    play.push(Discard("Windfall"))
    play.push(SpendSet((5, 6, 7, 8)))
    assert cards(play) == 4
    refused(play, PlayCard("Windfall", cards=2), "R-STF-4", "would make 5")


def test_r_stf_4_grunt_trades_3_of_a_kind_for_a_card_once_per_turn() -> None:
    play = start(Roll("c c e r r r r b"), Recruit(GRUNT, (1, 2, 3)), EndTurn(),
                 Roll("b b b b b b b b"), EndTurn(),
                 Roll("ch ch ch i i i r r"))
    play.push(Grunt(7, (1, 2, 3)))  # Grunt's resource die and 3 charisma
    assert cards(play) == 1 and play.state.spent == {1, 2, 3, 7}
    refused(play, Grunt(8, (4, 5, 6)), "R-STF-6", "already used this turn")


def test_r_stf_4_grunt_needs_its_die_and_no_birdens() -> None:
    play = start(Roll("c c e b b b i i"), Recruit(GRUNT, (1, 2, 3)), EndTurn(),
                 Roll("b b b b b b b b"), EndTurn(), Roll("b b b i i i r ch"))
    refused(play, Grunt(7, (1, 2, 3)), "R-STF-4", "Birdens never make a set")
    refused(play, Grunt(8, (4, 5, 6)), "R-STF-6", "die 8 shows charisma",
            "takes a die showing resource")
    play.push(Grunt(7, (4, 5, 6)))


def test_r_stf_4_without_grunt_there_is_no_trade() -> None:
    play = start(Roll("ch ch ch i i i r r"))
    refused(play, Grunt(7, (1, 2, 3)), "R-STF-4", "no Grunt")


def test_r_stf_4_my_birden_draws_2_cards_and_spends_nothing() -> None:
    play = start(Roll("c c c c b e e e"), SpendSet((1, 2, 3, 4)))
    assert cards(play) == 1
    refused(play, MyBirden(6, (5, 7, 8)), "R-STF-4", "needs a Birden", "die 6 shows essence")
    play.push(MyBirden(5, (6, 7, 8)))  # plays the card (1 → 0), draws 2
    assert cards(play) == 2 and play.state.spent == {1, 2, 3, 4}
    play.push(SpendSet((6, 7, 8)))  # the same dice are still there to spend
    assert coins(play) == 1


def test_r_stf_4_my_birden_is_one_set_with_a_birden() -> None:
    with pytest.raises(BadValue, match="a Birden and 3 other dice"):
        MyBirden(1, (2, 3, 4, 5))
    with pytest.raises(BadValue, match="a Birden and 3 other dice"):
        MyBirden(1, (1, 2, 3))
    play = start(Roll("c c c c b b b b"), SpendSet((1, 2, 3, 4)))
    refused(play, MyBirden(5, (6, 7, 8)), "R-STF-4", "Birdens never make a set")


def test_r_stf_4_my_birden_needs_room_for_2_cards() -> None:
    play = start(Roll("c c c c b e e e"), SpendSet((1, 2, 3, 4)), PlayCard(cards=4))
    refused(play, MyBirden(5, (6, 7, 8)), "R-STF-4", "would make 5")
    play.push(Discard())
    play.push(MyBirden(5, (6, 7, 8)))
    assert cards(play) == 4


def test_r_stf_4_red_scroll_cards_last_until_their_owner_s_next_turn() -> None:
    play = start(Roll("c c c c e e e b"), SpendSet((1, 2, 3, 4)),
                 PlayCard("Windfall", cards=2))
    play.push(EndTurn(red=("Dust Storm",)))
    assert cards(play) == 1 and play.state.lasting == ((0, "Dust Storm"),)
    play.push(Roll("b b b b b b b b"))
    play.push(EndTurn())
    assert play.state.lasting == ((0, "Dust Storm"),)
    play.push(Roll("b b b b b b b b"))  # Ada's next turn begins: discarded
    assert play.state.lasting == ()
    refused(play, EndTurn(red=("A", "B")), "R-STF-4", "Ada holds 1 Advantage card")


def test_r_stf_4_scouting_gives_others_a_coin_when_a_player_gains_coins() -> None:
    carol = Seat("Cy", "Marsh", "resource")
    play = new_session([NewGame((ADA, BO, carol), HEIST),
                        Roll("c c c c e e e b"), SpendSet((1, 2, 3, 4)),
                        EndTurn(red=("Scouting",))])
    play.push(Roll("i i i r r r b b"))
    play.push(SpendSet((1, 2, 3)))
    play.push(SpendSet((4, 5, 6)))
    play.push(EndTurn())  # Bo gained coins: Ada and Cy gain 1 each, Bo keeps his 2
    assert [p.coins.value for p in play.state.players] == [1, 2, 1]
    play.push(Roll("b b b b b b b b"))
    play.push(EndTurn())  # Cy gained nothing: nobody gains
    assert [p.coins.value for p in play.state.players] == [1, 2, 1]
    play.push(Roll("e e e b b b b b"))  # Ada's own turn: Scouting is discarded
    play.push(SpendSet((1, 2, 3)))
    play.push(EndTurn())
    assert [p.coins.value for p in play.state.players] == [2, 2, 1]


# --- R-STF-5 recruiting ----------------------------------------------------------------


def test_r_stf_5_dice_matching_the_combination_recruit_a_loyal() -> None:
    play = start(Offer(GRUNT), Offer(SPOOK), Roll("c e c b i r ch ch"))
    refused(play, Recruit(GRUNT, (1, 2, 4)), "R-STF-5", "recruiting Grunt takes 2 coins and "
            "essence", "show coin, essence, birden")
    play.push(Recruit(GRUNT, (1, 2, 3)))
    assert play.state.current.team == (GRUNT,) and play.state.spent == {1, 2, 3}
    assert play.state.offer == (SPOOK,)  # replaced face up later (an Offer event)


def test_r_stf_5_next_reminds_the_table_to_replace_a_recruit_from_the_offer() -> None:
    from boardgames.stuffed.screen import next_line

    play = start(Offer(GRUNT), Offer(SPOOK), Roll("c e c b i r ch ch"))
    assert not next_line(play.state).startswith("turn up")
    play.push(Recruit(GRUNT, (1, 2, 3)))
    assert next_line(play.state) == (
        "turn up a Loyal on offer (offer NAME); then Ada: unspent 4 Bi, 5 In, 6 Re, "
        "7 Ch, 8 Ch; 0 coins, 0 cards — use them, or end-turn.")
    play.push(EndTurn())
    assert next_line(play.state).startswith("turn up a Loyal on offer (offer NAME); then Bo")
    play.push(Offer(SAZED))
    assert next_line(play.state) == "Bo rolls all 8 dice (turn 2)."


def test_r_stf_5_a_recruit_not_from_the_offer_asks_for_no_replacement() -> None:
    from boardgames.stuffed.screen import next_line

    play = start(Roll("c e c b i r ch ch"), Recruit(GRUNT, (1, 2, 3)))
    assert next_line(play.state).startswith("Ada: unspent")


def test_r_stf_5_counted_symbols_take_a_plural() -> None:
    from boardgames.stuffed.dice import parse_combo

    assert parse_combo("c:2,e").words == "2 coins and essence"
    assert parse_combo("b:3,r:2,ch:2").words == "3 birdens, 2 charisma and 2 resources"
    assert Symbol.COIN.counted(1) == "1 coin"


def test_r_stf_5_the_recruit_must_be_the_card_on_offer() -> None:
    play = start(Offer(GRUNT), Roll("c e c b i r ch ch"))
    fake = Teammate("Grunt", "loyal", "resource", "c,e")
    refused(play, Recruit(fake, (1, 2)), "R-STF-5", "the Grunt on offer")


def test_r_stf_5_a_mercenary_costs_2_coins_too() -> None:
    play = start(Roll("b i e e e c c c"))
    refused(play, Recruit(HAM, (1, 2)), "R-STF-5", "Ada has 0 coins", "costs 2")
    play.push(SpendSet((3, 4, 5)))
    play.push(SpendSet((6, 7, 8)))
    play.push(Recruit(HAM, (1, 2)))
    assert coins(play) == 0 and play.state.current.mercenaries == 1


def test_r_stf_5_at_most_2_loyals_and_2_mercenaries() -> None:
    play = start(Roll("c c e e i r i i"), Recruit(GRUNT, (1, 2, 3)),
                 Recruit(SPOOK, (4, 5, 6)))
    refused(play, Recruit(SAZED, (7, 8)), "R-STF-5", "already has 2 Loyals")
    play = start(Roll("e e e c c c b i"), SpendSet((1, 2, 3)), SpendSet((4, 5, 6)),
                 Recruit(HAM, (7, 8)), EndTurn(), Roll("b b b b b b b b"), EndTurn(),
                 Roll("e e e c c c b r"), SpendSet((1, 2, 3)), SpendSet((4, 5, 6)),
                 Recruit(DOCKSON, (7, 8)), EndTurn(), Roll("b b b b b b b b"), EndTurn(),
                 Roll("e e e c c c b e"))
    play.push(SpendSet((1, 2, 3)))
    play.push(SpendSet((4, 5, 6)))
    refused(play, Recruit(BREEZE, (7, 8)), "R-STF-5", "already has 2 Mercenaries")


def test_r_stf_5_offer_holds_2_loyals_and_2_mercenaries() -> None:
    play = start(Offer(GRUNT), Offer(SPOOK), Offer(HAM), Offer(DOCKSON))
    refused(play, Offer(SAZED), "R-STF-5", "2 Loyals are already on offer")
    refused(play, Offer(BREEZE), "R-STF-5", "2 Mercenaries are already on offer")
    play.push(Roll("c c e b i r ch ch"))
    play.push(Recruit(GRUNT, (1, 2, 3)))
    play.push(Offer(SAZED))  # the recruited card is replaced face up
    refused(play, Offer(GRUNT), "R-STF-5", "Grunt is already on Ada's team")
    refused(play, Offer(Teammate("Sazed", "l", "c", "c")), "R-STF-5", "already on offer")
    refused(play, Offer(Teammate("Sacrifice", "sacrifice", "c")), "R-STF-5", "never on offer")


def test_r_stf_5_a_teammate_s_ability_works_the_turn_it_is_recruited() -> None:
    play = start(Roll("c c e r ch ch ch i"), Recruit(GRUNT, (1, 2, 3)))
    play.push(Grunt(4, (5, 6, 7)))
    assert cards(play) == 1


def test_r_stf_5_mercenaries_can_be_stolen_with_their_combination_and_2_coins() -> None:
    play = start(Roll("e e e c c c b i"), SpendSet((1, 2, 3)), SpendSet((4, 5, 6)),
                 Recruit(HAM, (7, 8)), EndTurn(), Roll("r r r i i i i b"))
    refused(play, Steal("Ada", "Ham", (4, 5)), "R-STF-5", "stealing Ham takes birden and "
            "intelligence", "show intelligence, intelligence")
    refused(play, Steal("Ada", "Ham", (7, 8)), "R-STF-5", "Bo has 0 coins")
    play.push(SpendSet((1, 2, 3)))
    play.push(SpendSet((4, 5, 6)))
    refused(play, Steal("Ada", "Nobody", (7, 8)), "R-STF-5", "no Teammate called 'Nobody'")
    refused(play, Steal("Zed", "Ham", (7, 8)), "R-STF-5", "no player is called 'Zed'")
    refused(play, Steal("Bo", "Ham", (7, 8)), "R-STF-5", "own team")
    play.push(Steal("ada", "ham", (8, 7)))
    assert play.state.players[0].team == () and play.state.players[1].team == (HAM,)
    assert coins(play, 1) == 0


def test_r_stf_5_loyals_cannot_be_stolen() -> None:
    play = start(Roll("c c e r r r i i"), Recruit(GRUNT, (1, 2, 3)), EndTurn(),
                 Roll("c c c i i i c e"))
    play.push(SpendSet((1, 2, 3)))
    play.push(SpendSet((4, 5, 6)))
    refused(play, Steal("Ada", "Grunt", (7, 8)), "R-STF-5", "Grunt is a Loyal",
            "only Mercenaries can be stolen")


def test_r_stf_5_stealing_counts_toward_the_2_mercenaries() -> None:
    # Ada recruits Ham; Bo recruits Dockson and Breeze, then tries to steal Ham.
    play = start(Roll("e e e c c c b i"), SpendSet((1, 2, 3)), SpendSet((4, 5, 6)),
                 Recruit(HAM, (7, 8)), EndTurn(),
                 Roll("e e e c c c b r"), SpendSet((1, 2, 3)), SpendSet((4, 5, 6)),
                 Recruit(DOCKSON, (7, 8)), EndTurn(), Roll("b b b b b b b b"), EndTurn(),
                 Roll("e e e c c c b e"), SpendSet((1, 2, 3)), SpendSet((4, 5, 6)),
                 Recruit(BREEZE, (7, 8)), EndTurn(), Roll("b b b b b b b b"), EndTurn(),
                 Roll("c c c i i i b i"))
    play.push(SpendSet((1, 2, 3)))
    play.push(SpendSet((4, 5, 6)))
    refused(play, Steal("Ada", "Ham", (7, 8)), "R-STF-5", "Bo already has 2 Mercenaries",
            "stealing included")


def test_r_stf_5_a_teammate_name_is_one_card() -> None:
    play = start(Roll("c c e c c e b i"), Recruit(GRUNT, (1, 2, 3)))
    refused(play, Recruit(GRUNT, (4, 5, 6)), "R-STF-5", "Grunt is already on Ada's team")
    with pytest.raises(BadValue, match="a Hero's name"):
        play.push(Recruit(Teammate("Kelsier", "loyal", "c", "c:2,e"), (4, 5, 6)))


def test_r_stf_5_the_sacrifice_counts_for_the_mission_only() -> None:
    play = start(Roll("c c c c e e e e"), SpendSet((1, 2, 3, 4)))
    play.push(PlaySacrifice("essence"))
    ledger = play.state.current
    assert cards(play) == 0 and ledger.teammates == 1
    assert ledger.loyals == 0 and ledger.mercenaries == 0
    assert ledger.team[0].kind is Kind.SACRIFICE
    refused(play, Recruit(Teammate("Sacrifice", "s", "e"), ()), "R-STF-5", "by playing")
    play.push(Ability("Sacrifice", 5, coins=1))  # her ability: she is discarded
    assert play.state.current.team == () and coins(play) == 1


def test_r_stf_5_the_sacrifice_needs_the_card_in_hand() -> None:
    play = start(Roll("c c c c e e e e"))
    refused(play, PlaySacrifice("essence"), "R-STF-5", "Ada holds 0 Advantage cards")


# --- R-STF-6 abilities -----------------------------------------------------------------


def test_r_stf_6_an_ability_spends_one_die_of_its_attribute() -> None:
    play = start(Roll("c c e b i r ch r"))
    refused(play, Ability("Vin", 1, coins=1), "R-STF-6", "die 1 shows coin",
            "takes a die showing charisma")
    refused(play, Ability("Kelsier", 5), "R-STF-6", "no character called 'Kelsier'")
    play.push(Ability("vin", 7, coins=1, note="Mistborn"))
    assert coins(play) == 1 and play.state.spent == {7}


def test_r_stf_6_once_per_character_per_turn() -> None:
    play = start(Roll("ch ch e b i r ch r"), Ability("Vin", 1))
    refused(play, Reroll((3,), ["c"], character="Vin", paid=2), "R-STF-6",
            "already used this turn", "once per character per turn")
    play.push(EndTurn())
    play.push(Roll("b b b b b b b b"))
    play.push(EndTurn())
    play.push(Roll("ch ch e b i r ch r"))
    play.push(Reroll((3,), ["c"], character="Vin", paid=2))  # a new turn


def test_r_stf_6_each_character_has_its_own_use() -> None:
    play = start(Roll("c c e r r ch i b"), Recruit(GRUNT, (1, 2, 3)))
    play.push(Ability("Vin", 6))
    play.push(Ability("Grunt", 4, cards=1))
    refused(play, Ability("Grunt", 5), "R-STF-6", "Grunt's ability was already used")


def test_r_stf_6_the_paid_die_must_be_unspent() -> None:
    play = start(Roll("ch ch ch b i r ch r"), SpendSet((1, 2, 3)))
    refused(play, Ability("Vin", 2), "R-STF-6", "die 2 (charisma) is already spent")


# --- R-STF-7 winning -------------------------------------------------------------------


def _team(*recruits: tuple[Teammate, str]) -> Play:
    """Ada recruits each Teammate on her own turns (Bo passes), buying coins for
    Mercenaries with two sets of 3 first."""
    play = start()
    for mate, dice in recruits:
        if mate.kind is Kind.MERCENARY:
            play.push(Roll(f"e e e c c c {dice}"))
            play.push(SpendSet((1, 2, 3)))
            play.push(SpendSet((4, 5, 6)))
            play.push(Recruit(mate, (7, 8)))
        else:
            play.push(Roll(f"{dice} b b b b b b"))
            play.push(Recruit(mate, (1, 2)))
        play.push(EndTurn())
        play.push(Roll("b b b b b b b b"))
        play.push(EndTurn())
    return play


SAZED2 = Teammate("Sazed", "loyal", "intelligence", "i:2")
MARSH = Teammate("Marsh", "loyal", "essence", "e:2")


def test_r_stf_7_rulebook_example_2_loyals_and_1_mercenary_meet_3_with_1_mercenary() -> None:
    play = _team((SAZED2, "i i"), (MARSH, "e e"), (HAM, "b i"))
    play.push(Roll("ch i ch r b b b b"))
    play.push(CompleteMission((1, 2, 3, 4)))
    assert play.state.winner == 0 and play.state.over


def test_r_stf_7_rulebook_example_1_loyal_and_2_mercenaries_meet_it_too() -> None:
    play = _team((SAZED2, "i i"), (HAM, "b i"), (DOCKSON, "b r"))
    play.push(Roll("ch i ch r b b b b"))
    play.push(CompleteMission((1, 2, 3, 4)))
    assert play.state.winner == 0


def test_r_stf_7_no_mercenary_no_try_and_heroes_do_not_count() -> None:
    play = _team((SAZED2, "i i"), (MARSH, "e e"))
    play.push(Roll("c c c c e e e e"))
    play.push(SpendSet((1, 2, 3, 4)))
    play.push(PlaySacrifice("essence"))  # 3 Teammates now, none a Mercenary
    assert play.state.current.teammates == 3
    play.push(EndTurn())
    play.push(Roll("b b b b b b b b"))
    play.push(EndTurn())
    play.push(Roll("ch i ch r b b b b"))
    refused(play, CompleteMission((1, 2, 3, 4)), "R-STF-7", "3 Teammates (0 Mercenaries)",
            "needs 3 Teammates with at least 1 Mercenary before its combination may be tried")


def test_r_stf_7_the_dice_must_make_the_mission_s_combination() -> None:
    play = _team((SAZED2, "i i"), (MARSH, "e e"), (HAM, "b i"))
    play.push(Roll("ch i c r b b b b"))
    refused(play, CompleteMission((1, 2, 3, 4)), "R-STF-7", "the Mission Heist takes")


def test_r_stf_7_the_first_to_match_wins_and_the_game_ends() -> None:
    play = _team((SAZED2, "i i"), (MARSH, "e e"), (HAM, "b i"))
    play.push(Roll("ch i ch r b b b b"))
    play.push(CompleteMission((1, 2, 3, 4)))
    refused(play, EndTurn(), "R-STF-7", "the game is over", "Ada completed the Mission")
    refused(play, SpendSet((5, 6, 7)), "R-STF-7", "only undo is left")
    play.pop()  # undo is still allowed
    assert play.state.winner is None


def test_r_stf_7_a_mission_with_no_teammates_can_be_tried_at_once() -> None:
    play = start(mission=Mission("Dash", 0, 0, "3-kind"))
    play.push(Roll("r r b r c c e i"))
    play.push(CompleteMission((1, 2, 4)))
    assert play.state.winner == 0


def test_r_stf_7_mission_and_set_up_are_well_formed() -> None:
    with pytest.raises(BadValue, match="R-STF-7"):
        Mission("Odd", teammates=1, mercenaries=2, combo="c")
    with pytest.raises(BadValue, match="R-STF-7"):
        Mission("Odd", teammates=7, mercenaries=0, combo="c")
    with pytest.raises(BadValue, match="two players are called 'Ada'"):
        NewGame((ADA, Seat("ada", "Marsh", "c")), HEIST)
    with pytest.raises(BadValue, match="two Heros are called"):
        NewGame((ADA, Seat("Cy", "vin", "c")), HEIST)
    with pytest.raises(BadValue, match="1–6 players"):
        NewGame((), HEIST)


def test_apply_refuses_what_is_not_an_event() -> None:
    with pytest.raises(BadValue, match="not a Stuffed event"):
        apply(EMPTY, "roll")  # type: ignore[arg-type]
