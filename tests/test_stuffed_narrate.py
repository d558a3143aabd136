"""Each Stuffed event as one plain sentence: the events the whole game's log
(test_stuffed_game.py) does not show, written out by hand."""

from __future__ import annotations

import pytest
from test_stuffed import ADA, BO, HEIST, Play, start

from boardgames.stuffed import new_session
from boardgames.stuffed.describe import and_list, count, describe, dice_at
from boardgames.stuffed.dice import Die
from boardgames.stuffed.events import (
    Ability,
    BuyCard,
    Discard,
    EndTurn,
    Event,
    Mission,
    MyBirden,
    NewGame,
    PlayCard,
    PlaySacrifice,
    Reroll,
    Roll,
    Seat,
    SpendSet,
)


def said(play: Play, event: Event) -> str:
    before = play.state
    return describe(before, event, play.push(event))


def test_describe_helpers() -> None:
    assert count(1, "coin") == "1 coin" and count(0, "coin") == "0 coins"
    assert count(2, "Mercenary", "Mercenaries") == "2 Mercenaries"
    assert and_list([]) == "" and and_list(["a"]) == "a"
    assert and_list(["a", "b", "c"]) == "a, b and c"
    assert dice_at([4]) == "die 4" and dice_at([1, 2]) == "dice 1 and 2"


def test_describe_set_up_with_a_custom_die_and_no_mercenary_needed() -> None:
    play = new_session()
    event = NewGame((ADA,), Mission("Dash", 1, 0, "3-kind"), Die.parse("c c e b i r"))
    assert said(play, event) == (
        "A game of Stuffed begins with Ada (Vin, charisma); the Mission is Dash: "
        "1 Teammate, then 3 of a kind; the dice show coin, coin, essence, birden, "
        "intelligence, resource. Ada goes first.")


def test_describe_cards_abilities_and_the_sacrifice() -> None:
    play = start(Roll("c c c c e e e b"))
    assert said(play, SpendSet((1, 2, 3, 4))) == (
        "Ada spends 4 coins (dice 1, 2, 3 and 4) for an Advantage card: 1 card in hand.")
    assert said(play, PlayCard("Windfall", coins=2, cards=2)) == (
        "Ada plays an Advantage card (Windfall): gains 2 coins and draws 2 cards.")
    assert said(play, BuyCard()) == (
        "Ada pays 2 coins for an Advantage card: 0 coins left, 3 cards in hand.")
    assert said(play, Discard()) == "Ada discards an Advantage card: 2 cards in hand."
    assert said(play, MyBirden(8, (5, 6, 7))) == (
        "Ada plays My Birden with the Birden on die 8 and 3 essence (dice 5, 6 and 7): "
        "draws 2 cards, and the dice stay unspent.")
    assert said(play, PlaySacrifice("essence")) == (
        "Ada plays the Sacrifice: Sacrifice (essence) joins the team as a Teammate.")
    assert said(play, Ability("Sacrifice", 5, cards=1, note="Last stand")) == (
        "Ada spends die 5 (essence) on Sacrifice's ability (Last stand): draws 1 card; "
        "Sacrifice leaves the team.")
    assert said(play, PlayCard()) == "Ada plays an Advantage card."


def test_describe_rerolls_by_ability_and_by_card() -> None:
    play = start(Roll("c c c c ch e e b"), SpendSet((1, 2, 3, 4)))
    assert said(play, Reroll((6, 7), ["ch", "ch"], character="Vin", paid=5)) == (
        "Ada spends die 5 (charisma) on Vin's ability and rerolls dice 6 and 7 (essence, "
        "essence): now charisma, charisma.")
    assert said(play, Reroll((8,), ["c"])) == (
        "Ada plays an Advantage card and rerolls die 8 (birden): now coin.")


def test_describe_an_ability_with_nothing_reported() -> None:
    play = start(Roll("c c c c ch e e b"))
    assert said(play, Ability("Vin", 5)) == "Ada spends die 5 (charisma) on Vin's ability."


def test_describe_red_scroll_cards_and_scouting() -> None:
    cy = Seat("Cy", "Marsh", "resource")
    play = new_session([NewGame((ADA, BO, cy), HEIST), Roll("c c c c e e e b"),
                        SpendSet((1, 2, 3, 4)), PlayCard(cards=2)])
    assert said(play, EndTurn(("Scouting", "Dust Storm"))) == (
        "Ada ends the turn, playing Scouting and Dust Storm until their next turn. It is "
        "Bo's turn.")
    play.push(Roll("i i i b b b b b"))
    play.push(SpendSet((1, 2, 3)))
    assert said(play, EndTurn()) == (
        "Bo ends the turn; Scouting gives 1 coin to Ada and Cy. It is Cy's turn.")


def test_describe_refuses_what_is_not_an_event() -> None:
    play = start()
    with pytest.raises(TypeError, match="not a Stuffed event"):
        describe(play.state, "roll", play.state)  # type: ignore[arg-type]
