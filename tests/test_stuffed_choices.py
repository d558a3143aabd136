"""What the dice can buy now (R-STF-4, R-STF-5, R-STF-7) and the turn's odds (R-STF-8)."""

from __future__ import annotations

from fractions import Fraction

from test_stuffed import GRUNT, HAM, SPOOK, start

from boardgames.stuffed.choices import find, mission_status, odds_now, options, set_rewards
from boardgames.stuffed.dice import Die, Symbol, parse_symbols
from boardgames.stuffed.events import (
    BuyCard,
    CompleteMission,
    EndTurn,
    Grunt,
    Mission,
    MyBirden,
    Offer,
    Recruit,
    Roll,
    SpendSet,
    Steal,
)


def _dice(text: str) -> list[tuple[int, Symbol]]:
    return list(enumerate(parse_symbols(text), start=1))


def test_r_stf_4_set_rewards_by_hand() -> None:
    assert set_rewards(_dice("c c c c e e e e")) == ((2, 0), (1, 1), (0, 2))
    assert set_rewards(_dice("c c c c c c c b")) == ((2, 0), (1, 1))
    assert set_rewards(_dice("c c c c c c c c")) == ((2, 0), (1, 1), (0, 2))
    assert set_rewards(_dice("c c c e e e i i")) == ((2, 0),)
    assert set_rewards(_dice("b b b b b b b b")) == ((0, 0),)  # Birdens never
    assert set_rewards(_dice("c c e e i i r r")) == ((0, 0),)


def test_r_stf_4_options_list_a_coin_and_a_card_for_each_set() -> None:
    play = start(Roll("ch ch ch ch b e e e"))
    found = {o.text: o for o in options(play.state)}
    assert list(found) == [
        "spend 3 essence (dice 6, 7 and 8) for a coin",
        "spend 3 charisma (dice 1, 2 and 3) for a coin",
        "spend 4 charisma (dice 1, 2, 3 and 4) for an Advantage card",
    ]
    card = found["spend 4 charisma (dice 1, 2, 3 and 4) for an Advantage card"]
    assert card.event == SpendSet((1, 2, 3, 4))
    assert card.left == tuple(_dice("ch ch ch ch b e e e")[4:])


def test_r_stf_4_no_card_options_with_a_full_hand_and_buying_with_coins() -> None:
    play = start(Roll("c c c c e e e e"), SpendSet((1, 2, 3)), SpendSet((5, 6, 7)))
    texts = [o.text for o in options(play.state)]
    assert texts == ["pay 2 coins for an Advantage card"]
    play.push(BuyCard())
    assert options(play.state) == ()


def test_r_stf_4_grunt_and_my_birden_options() -> None:
    play = start(Roll("c c e r i i i b"), Recruit(GRUNT, (1, 2, 3)))
    events = [o.event for o in options(play.state)]
    assert Grunt(4, (5, 6, 7)) in events
    assert not any(isinstance(e, MyBirden) for e in events)  # no card in hand
    play.push(Grunt(4, (5, 6, 7)))
    assert options(play.state) == ()  # Grunt used; the Birden alone buys nothing


def test_r_stf_4_my_birden_is_offered_only_with_a_card_and_room() -> None:
    play = start(Roll("c c c c b e e e"), SpendSet((1, 2, 3, 4)))
    texts = [o.text for o in options(play.state)]
    assert ("if you hold My Birden: show the Birden (die 5) and 3 essence to draw 2 cards, "
            "spending nothing") in texts


def test_r_stf_5_recruit_and_steal_options_follow_the_dice_and_coins() -> None:
    play = start(Offer(GRUNT), Offer(SPOOK), Offer(HAM), Roll("c c e i r b c c"))
    texts = [o.text for o in options(play.state)]
    assert "recruit the Loyal Grunt with dice 1, 2 and 3" in texts
    assert "recruit the Loyal Spook with dice 3, 4 and 5" in texts
    assert not any("Ham" in t for t in texts)  # no coins for a Mercenary
    grunt = next(o for o in options(play.state) if "Grunt" in o.text)
    assert grunt.left == tuple(_dice("c c e i r b c c")[3:])
    play = start(Offer(HAM), Roll("c c c e e e b i"), SpendSet((1, 2, 3)),
                 SpendSet((4, 5, 6)))
    assert [o.event for o in options(play.state)] == [BuyCard(), Recruit(HAM, (7, 8))]
    play.push(Recruit(HAM, (7, 8)))
    play.push(EndTurn())
    play.push(Roll("i i i r r r i b"))
    play.push(SpendSet((1, 2, 3)))
    play.push(SpendSet((4, 5, 6)))
    assert [o.event for o in options(play.state)] == [BuyCard(), Steal("Ada", "Ham", (7, 8))]


def test_r_stf_7_the_mission_is_offered_only_with_its_requirement_met() -> None:
    play = start(Roll("ch i ch r b b b b"))
    assert not any(isinstance(o.event, CompleteMission) for o in options(play.state))
    assert mission_status(play.state) == (
        "Ada needs 3 more Teammates and 1 more Mercenary before trying the Mission's "
        "intelligence, 2 charisma and resource.")
    play = start(Roll("ch i ch r b b b b"), mission=Mission("Dash", 0, 0, "ch:2,i,r"))
    assert [o.event for o in options(play.state)] == [CompleteMission((1, 2, 3, 4))]
    assert mission_status(play.state) == (
        "Ada may try the Mission: intelligence, 2 charisma and resource.")


def test_options_are_empty_before_the_roll_and_after_the_win() -> None:
    play = start(mission=Mission("Dash", 0, 0, "3-kind"))
    assert options(play.state) == ()
    play.push(Roll("c c c e e e b b"))
    play.push(CompleteMission((1, 2, 3)))
    assert options(play.state) == ()


def test_r_stf_5_find_gives_the_dice_and_what_is_left() -> None:
    found = find("ch:2,i", _dice("ch b i ch e"))
    assert found is not None
    assert found.positions == (1, 3, 4) and found.left == ((2, Symbol.BIRDEN),
                                                           (5, Symbol.ESSENCE))
    assert find("ch:3", _dice("ch b i ch e")) is None


def test_r_stf_8_odds_now_asks_about_the_unspent_dice_on_the_die_in_use() -> None:
    play = start(Roll("ch ch ch c c c b b"), SpendSet((1, 2, 3)))
    odds = odds_now(play.state, "c:4", rerolls=1)
    assert [p for p, _ in odds.keep] == [4, 5, 6] and odds.reroll == (7, 8)
    assert odds.chance == 1 - Fraction(5, 6) ** 2
    paid = odds_now(play.state, "c:4", rerolls=1, pay="b")  # a Hero with birden
    assert paid.paid == 8 and paid.reroll == (7,) and paid.chance == Fraction(1, 6)
    # on the table's own die (Birden on 1 face of 6): keep the Birden, reroll 7 dice
    lopsided = start(Roll("c c c c c c c b"), die=Die.parse("c c c c c b"))
    odds = odds_now(lopsided.state, "b:2", rerolls=1)
    assert odds.keep == ((8, Symbol.BIRDEN),) and odds.chance == 1 - Fraction(5, 6) ** 7
    assert odds_now(lopsided.state, "c:8", rerolls=1).chance == Fraction(5, 6)
