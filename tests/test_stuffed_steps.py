"""A Stuffed player's words made into events (boardgames.stuffed.steps): the library
every ``stuffed`` command calls, so no front door reads dice or names on its own."""

from __future__ import annotations

import pytest
from test_stuffed import GRUNT, HAM, start

from boardgames.errors import BadValue, RuleViolation
from boardgames.stuffed import steps
from boardgames.stuffed.dice import parse_symbols
from boardgames.stuffed.events import (
    Ability,
    BuyCard,
    EndTurn,
    MyBirden,
    Offer,
    PlayCard,
    PlaySacrifice,
    Recruit,
    Roll,
    SpendSet,
    Steal,
)

ROLLED = "ch ch ch b i e r c"


def test_r_stf_1_dice_are_meant_by_position_or_picked_by_symbol_and_set() -> None:
    state = start(Roll(ROLLED)).state
    assert steps.chosen_dice(state, ["1", "4,5"], "a set") == (1, 4, 5)
    assert steps.chosen_dice(state, ["3-kind"], "a set") == (1, 2, 3)
    with pytest.raises(BadValue, match=r"by position .* or by symbol .*, not both"):
        steps.chosen_dice(state, ["1", "ch"], "a set")
    with pytest.raises(RuleViolation, match=r"a set: the unspent dice \(.*\) show no"):
        steps.chosen_dice(state, ["4-kind"], "a set")
    with pytest.raises(RuleViolation, match="has not rolled yet"):
        steps.chosen_dice(start().state, ["ch"], "a set")


@pytest.mark.parametrize("typed", [["b", "b", "b"], ["b:3"], ["birdens"], ["b", "b"]])
def test_r_stf_4_a_set_picked_as_birdens_is_refused_as_birdens_whatever_the_dice(
        typed: list[str]) -> None:
    # One Birden rolled: "show no 3 birdens" said the dice were the trouble, as if three
    # Birdens would have made a set.
    state = start(Roll(ROLLED)).state
    with pytest.raises(RuleViolation, match=r"^R-STF-4: a set: Birdens never make a set$"):
        steps.spend(state, typed)
    with pytest.raises(RuleViolation, match=r"^R-STF-4: a coin: Birdens never make a set$"):
        steps.buy(state, "coin", typed)


def test_r_stf_5_a_teammate_on_offer_is_meant_by_a_beginning_of_its_name() -> None:
    state = start(Offer(GRUNT), Roll(ROLLED)).state
    assert steps.teammate(state, "gru", None, None, None) == GRUNT
    with pytest.raises(BadValue, match="'Kelsier' is not on offer: give the combination"):
        steps.teammate(state, "Kelsier", None, None, None)
    assert steps.teammate(state, "Kelsier", None, "coin", "b,i").name == "Kelsier"


def test_r_stf_4_two_cards_are_known_by_name_however_spelt() -> None:
    state = start(Roll("b ch ch ch i e r c")).state
    assert steps.card(state, "  my   BIRDEN ", coins=0, cards=0, dice=(), attribute=None) \
        == MyBirden(1, (2, 3, 4))
    assert steps.card(state, "Sacrifice", coins=0, cards=0, dice=(), attribute="coin") \
        == PlaySacrifice("coin")
    with pytest.raises(BadValue, match="give the Attribute her ability takes"):
        steps.card(state, "sacrifice", coins=0, cards=0, dice=(), attribute=None)
    assert steps.card(state, "Windfall", coins=2, cards=0, dice=(), attribute=None) \
        == PlayCard("Windfall", coins=2, cards=0)


def test_r_stf_3_a_reroll_comes_from_an_ability_or_a_card_not_both() -> None:
    state = start(Roll(ROLLED)).state
    new = parse_symbols("i i")
    assert steps.reroll(state, (1, 2), new, by=None, pay=None, card="").card == ""
    with pytest.raises(BadValue, match="an ability or a card, not both"):
        steps.reroll(state, (1, 2), new, by="hero", pay=None, card="")


def test_r_stf_5_a_steal_finds_the_one_mercenary_so_called() -> None:
    play = start(Offer(HAM), Roll("c c c ch ch ch b i"))
    play.push(SpendSet((1, 2, 3)))
    play.push(SpendSet((4, 5, 6)))  # two coins: a Mercenary costs them
    play.push(Recruit(HAM, (7, 8)))
    play.push(EndTurn())
    play.push(Roll("b i ch ch ch r r e"))
    state = play.state
    assert steps.steal(state, "ham", None, ()) == Steal(state.players[0].name, "Ham", (1, 2))
    with pytest.raises(RuleViolation, match="no other team holds one Mercenary called"):
        steps.steal(state, "Breeze", None, ())


def test_r_stf_4_a_known_card_is_meant_by_a_word_and_a_near_miss_is_refused() -> None:
    state = start(Roll("b ch ch ch i e r c")).state
    assert steps.card(state, "birden", coins=0, cards=0, dice=(), attribute=None) \
        == MyBirden(1, (2, 3, 4))
    with pytest.raises(BadValue, match=r"no card 'My Birdn' is known by name — did you "
                                       r"mean My Birden\?"):
        steps.card(state, "My Birdn", coins=0, cards=0, dice=(), attribute=None)
    with pytest.raises(BadValue, match="did you mean Sacrifice"):
        steps.card(state, "sacrifce", coins=0, cards=0, dice=(), attribute="coin")
    # A card that gave something is another card, whatever its name.
    assert steps.card(state, "Sacrificial", coins=1, cards=0, dice=(), attribute=None) \
        == PlayCard("Sacrificial", coins=1, cards=0)
    assert steps.card(state, "Quiet word", coins=0, cards=0, dice=(), attribute=None) \
        == PlayCard("Quiet word", coins=0, cards=0)


def test_r_stf_2_the_roll_is_typed_as_rolled_at_the_table_or_left_to_the_tool() -> None:
    state = start().state
    assert steps.roll(state, ["c c c", "ch ch i b r"]) == Roll("c c c ch ch i b r")
    rolled = steps.roll(state)
    assert isinstance(rolled, Roll) and len(rolled.faces) == 8


def test_r_stf_3_a_reroll_is_of_the_dice_named_showing_what_was_typed() -> None:
    state = start(Roll(ROLLED)).state
    typed = steps.reroll_typed(state, ["b"], ["r"], card="")
    assert (typed.positions, typed.faces, typed.card) == ((4,), parse_symbols("r"), "")
    tool = steps.reroll_typed(state, ["4", "5"], card="")
    assert tool.positions == (4, 5) and len(tool.faces) == 2


def test_r_stf_4_a_coin_takes_3_of_a_kind_picked_and_a_card_2_coins() -> None:
    state = start(Roll(ROLLED)).state
    assert steps.buy(state, "coin") == SpendSet((1, 2, 3))
    assert steps.buy(state, "card") == BuyCard()
    assert steps.spend(state, ["ch:3"]) == SpendSet((1, 2, 3))


def test_r_stf_5_a_recruit_spends_the_dice_of_the_teammate_s_combination() -> None:
    state = start(Offer(GRUNT), Roll("c c e ch ch b i r")).state
    assert steps.recruit(state, "gru") == Recruit(GRUNT, (1, 2, 3))


def test_r_stf_6_an_ability_is_paid_with_a_die_of_its_attribute_or_trades_a_set() -> None:
    state = start(Roll(ROLLED)).state
    used = steps.ability(state, "hero", coins=1)
    assert isinstance(used, Ability)
    assert (used.character, used.paid, used.coins) == ("Vin", 3, 1)  # the last charisma
    with pytest.raises(RuleViolation):
        steps.ability(state, "hero", trade=["3-kind"])  # the set is all of her Attribute
