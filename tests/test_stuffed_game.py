"""A whole game of Stuffed for two, played through events to a winner: the known
answer (who holds what, turn by turn) and its log, one plain sentence per event,
worked out by hand from R-STF-2 … R-STF-7."""

from __future__ import annotations

from boardgames.stuffed import new_session, replay
from boardgames.stuffed.codec import events_from_json, events_to_json
from boardgames.stuffed.describe import describe
from boardgames.stuffed.events import (
    CompleteMission,
    EndTurn,
    Event,
    Grunt,
    Mission,
    NewGame,
    Offer,
    Recruit,
    Reroll,
    Roll,
    Seat,
    SpendSet,
    Steal,
    Teammate,
)

ADA = Seat("Ada", "Vin", "charisma")
BO = Seat("Bo", "Kelsier", "intelligence")
REBELLION = Mission("Rebellion", teammates=2, mercenaries=1, combo="ch:2,3-kind")
GRUNT = Teammate("Grunt", "loyal", "resource", "c:2,e")
SPOOK = Teammate("Spook", "loyal", "essence", "e,i,r")
HAM = Teammate("Ham", "mercenary", "coin", "b,i")
DOCKSON = Teammate("Dockson", "mercenary", "intelligence", "b,r")
SAZED = Teammate("Sazed", "loyal", "intelligence", "i:2")
BREEZE = Teammate("Breeze", "mercenary", "charisma", "b,e")

GAME: list[tuple[Event, str]] = [
    (NewGame((ADA, BO), REBELLION),
     "A game of Stuffed begins with Ada (Vin, charisma) and Bo (Kelsier, intelligence); "
     "the Mission is Rebellion: 2 Teammates with at least 1 Mercenary, then 2 charisma "
     "and 3 of a kind. Ada goes first."),
    (Offer(GRUNT), "The Loyal Grunt (resource; recruited with 2 coins and essence) is "
                   "turned face up on offer."),
    (Offer(SPOOK), "The Loyal Spook (essence; recruited with essence, intelligence and "
                   "resource) is turned face up on offer."),
    (Offer(HAM), "The Mercenary Ham (coin; recruited with birden and intelligence) is "
                 "turned face up on offer."),
    (Offer(DOCKSON), "The Mercenary Dockson (intelligence; recruited with birden and "
                     "resource) is turned face up on offer."),
    # Turn 1, Ada: Grunt, and a coin; Ham would fit the dice but costs 2 coins.
    (Roll("c c e r r r b i"),
     "Ada rolls: coin, coin, essence, resource, resource, resource, birden, intelligence."),
    (Recruit(GRUNT, (1, 2, 3)),
     "Ada recruits the Loyal Grunt (resource; recruited with 2 coins and essence) with "
     "dice 1, 2 and 3 (coin, coin, essence)."),
    (SpendSet((4, 5, 6)), "Ada spends 3 resources (dice 4, 5 and 6) for a coin: 1 coin now."),
    (EndTurn(), "Ada ends the turn. It is Bo's turn."),
    (Offer(SAZED), "The Loyal Sazed (intelligence; recruited with 2 intelligence) is turned "
                   "face up on offer."),
    # Turn 2, Bo: a card for 4 intelligence, played at once to reroll two essences.
    (Roll("i i i i b r e e"),
     "Bo rolls: intelligence, intelligence, intelligence, intelligence, birden, resource, "
     "essence, essence."),
    (SpendSet((1, 2, 3, 4)),
     "Bo spends 4 intelligence (dice 1, 2, 3 and 4) for an Advantage card: 1 card in hand."),
    (Reroll((7, 8), ["c", "c"], card="Second Wind"),
     "Bo plays an Advantage card (Second Wind) and rerolls dice 7 and 8 (essence, essence): "
     "now coin, coin."),
    (EndTurn(), "Bo ends the turn. It is Ada's turn."),
    # Turn 3, Ada: two coins more, then Ham for his dice and 2 coins.
    (Roll("c c c e e e b i"),
     "Ada rolls: coin, coin, coin, essence, essence, essence, birden, intelligence."),
    (SpendSet((1, 2, 3)), "Ada spends 3 coins (dice 1, 2 and 3) for a coin: 2 coins now."),
    (SpendSet((4, 5, 6)), "Ada spends 3 essence (dice 4, 5 and 6) for a coin: 3 coins now."),
    (Recruit(HAM, (7, 8)),
     "Ada recruits the Mercenary Ham (coin; recruited with birden and intelligence) with "
     "dice 7 and 8 (birden, intelligence) and 2 coins."),
    (EndTurn(), "Ada ends the turn. It is Bo's turn."),
    (Offer(BREEZE), "The Mercenary Breeze (charisma; recruited with essence and birden) is "
                    "turned face up on offer."),
    # Turn 4, Bo: two coins, and Ham stolen.
    (Roll("c c c c c c b i"),
     "Bo rolls: coin, coin, coin, coin, coin, coin, birden, intelligence."),
    (SpendSet((1, 2, 3)), "Bo spends 3 coins (dice 1, 2 and 3) for a coin: 1 coin now."),
    (SpendSet((4, 5, 6)), "Bo spends 3 coins (dice 4, 5 and 6) for a coin: 2 coins now."),
    (Steal("Ada", "Ham", (7, 8)),
     "Bo steals the Mercenary Ham from Ada with dice 7 and 8 (birden, intelligence) and "
     "2 coins: 0 coins left."),
    (EndTurn(), "Bo ends the turn. It is Ada's turn."),
    # Turn 5, Ada: only Grunt now; Grunt's trade gives a card.
    (Roll("ch ch e e e r b b"),
     "Ada rolls: charisma, charisma, essence, essence, essence, resource, birden, birden."),
    (Grunt(6, (3, 4, 5)),
     "Ada spends die 6 (resource) on Grunt's ability and trades 3 essence (dice 3, 4 and 5) "
     "for an Advantage card: 1 card in hand."),
    (EndTurn(), "Ada ends the turn. It is Bo's turn."),
    # Turn 6, Bo: two coins, and Breeze: Ham and Breeze meet the Mission's requirement.
    (Roll("b e i i i ch ch ch"),
     "Bo rolls: birden, essence, intelligence, intelligence, intelligence, charisma, "
     "charisma, charisma."),
    (SpendSet((3, 4, 5)),
     "Bo spends 3 intelligence (dice 3, 4 and 5) for a coin: 1 coin now."),
    (SpendSet((6, 7, 8)), "Bo spends 3 charisma (dice 6, 7 and 8) for a coin: 2 coins now."),
    (Recruit(BREEZE, (1, 2)),
     "Bo recruits the Mercenary Breeze (charisma; recruited with essence and birden) with "
     "dice 1 and 2 (birden, essence) and 2 coins."),
    (EndTurn(), "Bo ends the turn. It is Ada's turn."),
    # Turn 7, Ada: a coin, and Ham stolen back.
    (Roll("ch ch r r r b i c"),
     "Ada rolls: charisma, charisma, resource, resource, resource, birden, intelligence, "
     "coin."),
    (SpendSet((3, 4, 5)), "Ada spends 3 resources (dice 3, 4 and 5) for a coin: 2 coins now."),
    (Steal("Bo", "Ham", (6, 7)),
     "Ada steals the Mercenary Ham from Bo with dice 6 and 7 (birden, intelligence) and "
     "2 coins: 0 coins left."),
    (EndTurn(), "Ada ends the turn. It is Bo's turn."),
    # Turn 8, Bo: Breeze alone is not enough to try the Mission.
    (Roll("e e e b b b b i"),
     "Bo rolls: essence, essence, essence, birden, birden, birden, birden, intelligence."),
    (SpendSet((1, 2, 3)), "Bo spends 3 essence (dice 1, 2 and 3) for a coin: 1 coin now."),
    (EndTurn(), "Bo ends the turn. It is Ada's turn."),
    # Turn 9, Ada: Grunt and Ham, 2 charisma and 3 essence: the Mission.
    (Roll("ch ch e e e b i r"),
     "Ada rolls: charisma, charisma, essence, essence, essence, birden, intelligence, "
     "resource."),
    (CompleteMission((1, 2, 3, 4, 5)),
     "Ada completes the Mission Rebellion with dice 1, 2, 3, 4 and 5 (charisma, charisma, "
     "essence, essence, essence) and wins the game."),
]


def test_r_stf_7_a_whole_game_for_two_ends_with_ada_completing_the_mission() -> None:
    play = new_session()
    for event, _ in GAME:
        play.push(event)
    state = play.state
    ada, bo = state.players
    assert state.winner == 0 and state.over and state.turn_number == 9
    assert (ada.coins.value, ada.cards.value, ada.team) == (0, 1, (GRUNT, HAM))
    assert (bo.coins.value, bo.cards.value, bo.team) == (1, 0, (BREEZE,))
    assert state.offer == (SPOOK, DOCKSON, SAZED)
    assert ada.meets(REBELLION) and not bo.meets(REBELLION)


def test_r_stf_2_the_whole_game_s_log_reads_one_plain_sentence_per_event() -> None:
    play = new_session()
    for event, expected in GAME:
        before = play.state
        after = play.push(event)
        line = describe(before, event, after)
        assert line == expected
        assert "\n" not in line and "[" not in line and "\x1b" not in line


def test_r_stf_2_the_whole_game_replays_from_json_to_the_same_state() -> None:
    events = [event for event, _ in GAME]
    text = events_to_json(events)
    assert len(text.splitlines()) == len(GAME)
    assert events_from_json(text) == tuple(events)
    assert replay(events_from_json(text)) == new_session(events).state


def test_r_stf_2_undo_walks_the_whole_game_back_to_set_up() -> None:
    play = new_session()
    states = [play.state]
    for event, _ in GAME:
        states.append(play.push(event))
    for state in reversed(states[:-1]):
        play.pop()
        assert play.state == state
    assert len(play) == 0
