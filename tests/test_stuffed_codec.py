"""Stuffed's events to and from JSON: every event round-trips; reading is strict and
every refusal is one line."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardgames.errors import BadValue
from boardgames.stuffed.codec import CODEC, events_from_json, events_to_json
from boardgames.stuffed.dice import SYMBOLS, Combo, Die
from boardgames.stuffed.events import (
    EVENTS,
    Ability,
    BuyCard,
    CompleteMission,
    Discard,
    EndTurn,
    Event,
    Grunt,
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

symbols = st.sampled_from(SYMBOLS)
names = st.text(st.characters(categories=["L", "N"], include_characters=" -'"), min_size=1,
                max_size=12).filter(lambda s: s.strip())
positions = st.integers(1, 8)
combos = st.tuples(st.dictionaries(symbols, st.integers(1, 2), max_size=3),
                   st.lists(st.integers(2, 4), max_size=1)).filter(
    lambda t: 0 < sum(t[0].values()) + sum(t[1]) <= 8).map(lambda t: Combo(*t))
teammates = st.one_of(
    st.builds(Teammate, names, st.sampled_from(["loyal", "mercenary"]), symbols, combos),
    st.builds(Teammate, names, st.just("sacrifice"), symbols))
seats = st.builds(Seat, names, names, symbols)
missions = st.builds(Mission, names, st.integers(2, 6), st.integers(0, 2), combos)


@st.composite
def new_games(draw: st.DrawFn) -> NewGame:
    players = draw(st.lists(seats, min_size=1, max_size=6, unique_by=(
        lambda s: s.name.strip().casefold(), lambda s: s.hero.strip().casefold())))
    return NewGame(tuple(players), draw(missions), Die(draw(st.lists(
        symbols, min_size=6, max_size=6))))


@st.composite
def rerolls(draw: st.DrawFn) -> Reroll:
    chosen = draw(st.lists(positions, min_size=1, max_size=8, unique=True))
    new = draw(st.lists(symbols, min_size=len(chosen), max_size=len(chosen)))
    if draw(st.booleans()):
        return Reroll(tuple(chosen), new, card=draw(st.just("") | names))
    paid = draw(positions.filter(lambda p: p not in chosen))
    return Reroll(tuple(chosen), new, character=draw(names), paid=paid)


def _unique(size: int) -> st.SearchStrategy[list[int]]:
    return st.lists(positions, min_size=size, max_size=size, unique=True)


events: st.SearchStrategy[Event] = st.one_of(
    new_games(),
    st.builds(Offer, teammates),
    st.lists(symbols, min_size=8, max_size=8).map(Roll),
    rerolls(),
    st.integers(3, 4).flatmap(_unique).map(lambda p: SpendSet(tuple(p))),
    st.just(BuyCard()),
    _unique(4).map(lambda p: Grunt(p[0], tuple(p[1:]))),
    st.builds(Ability, names, positions, st.integers(0, 20), st.integers(0, 20),
              st.just("") | names),
    st.builds(Recruit, teammates, st.lists(positions, max_size=8, unique=True).map(tuple)),
    st.builds(Steal, names, names, st.lists(positions, max_size=8, unique=True).map(tuple)),
    st.builds(PlayCard, st.just("") | names, st.integers(0, 20), st.integers(0, 20)),
    _unique(4).map(lambda p: MyBirden(p[0], tuple(p[1:]))),
    st.builds(PlaySacrifice, symbols, names),
    st.builds(Discard, st.just("") | names),
    st.lists(names, max_size=4).map(lambda r: EndTurn(tuple(r))),
    st.lists(positions, max_size=8, unique=True).map(lambda p: CompleteMission(tuple(p))),
)


@given(events)
def test_r_stf_2_every_event_round_trips_through_json(event: Event) -> None:
    text = CODEC.to_json(event)
    assert "\n" not in text
    assert CODEC.from_json(text) == event
    assert CODEC.from_dict(json.loads(text)) == event


def test_r_stf_2_the_codec_knows_every_event_type_once() -> None:
    assert set(CODEC.by_type.values()) == set(EVENTS)
    assert len({cls.TYPE for cls in EVENTS}) == len(EVENTS) == 16


def test_r_stf_2_events_are_flat_readable_json() -> None:
    roll = Roll("c c e b i ch r r")
    assert CODEC.to_dict(roll) == {
        "game": "stuffed", "schema": 1, "type": "roll",
        "faces": ["coin", "coin", "essence", "birden", "intelligence", "charisma",
                  "resource", "resource"]}
    recruit = Recruit(Teammate("Ham", "m", "c", "i,b"), (7, 8))
    assert CODEC.to_dict(recruit) == {
        "game": "stuffed", "schema": 1, "type": "recruit",
        "teammate": {"name": "Ham", "kind": "mercenary", "attribute": "coin",
                     "combo": "birden,intelligence"},
        "positions": [7, 8]}
    reroll = Reroll((1, 2), ["c", "e"], character="Vin", paid=5)
    assert CODEC.to_dict(reroll) == {
        "game": "stuffed", "schema": 1, "type": "reroll", "positions": [1, 2],
        "faces": ["coin", "essence"], "character": "Vin", "paid": 5, "card": ""}
    new = NewGame((Seat("Ada", "Vin", "ch"),), Mission("Heist", 2, 1, "3-kind"),
                  Die.parse("c c e b i r"))
    assert CODEC.to_dict(new)["die"] == ["coin", "coin", "essence", "birden",
                                         "intelligence", "resource"]
    assert CODEC.to_dict(new)["mission"] == {"name": "Heist", "teammates": 2,
                                             "mercenaries": 1, "combo": "3-kind"}


ROLL = {"game": "stuffed", "schema": 1, "type": "roll",
        "faces": ["coin"] * 8}


@pytest.mark.parametrize(("change", "said"), [
    ({"extra": 1}, "cannot read roll event"),
    ({"faces": "coin coin"}, "cannot read roll event"),
    ({"faces": ["coin"] * 7}, "all 8 dice"),
    ({"faces": ["coin"] * 7 + [3]}, "expected a die symbol as text, got 3"),
    ({"faces": ["coin"] * 7 + ["gold"]}, "no die symbol is called 'gold'"),
    ({"type": "dance"}, "unknown stuffed event type 'dance'"),
    ({"game": "conflict"}, "not a stuffed event: it belongs to 'conflict'"),
    ({"schema": 2}, "unknown stuffed event schema 2"),
    ({"schema": True}, "unknown stuffed event schema True"),
])
def test_r_stf_2_reading_a_bad_event_is_a_one_line_bad_value(change: dict[str, object],
                                                             said: str) -> None:
    with pytest.raises(BadValue) as caught:
        CODEC.from_dict({**ROLL, **change})
    message = str(caught.value)
    assert said in message and "\n" not in message


@pytest.mark.parametrize(("data", "said"), [
    ({"type": "set", "positions": [1, 2, True]}, "expected a whole number, got True"),
    ({"type": "set", "positions": [1, 2, 3.0]}, "cannot read set event"),
    ({"type": "set"}, "missing field 'positions'"),
    ({"type": "play", "card": "", "coins": "2", "cards": 0}, "expected a whole number"),
    ({"type": "recruit", "positions": [1],
      "teammate": {"name": "Ham", "kind": "boss", "attribute": "coin", "combo": "b"}},
     "loyal, mercenary or sacrifice"),
    ({"type": "recruit", "positions": [1],
      "teammate": {"name": "Ham", "kind": "loyal", "attribute": "coin", "combo": "b::"}},
     "cannot read"),
    ({"type": "recruit", "positions": [1],
      "teammate": {"name": "Ham", "kind": "loyal", "attribute": "coin", "combo": 5}},
     "expected a combination as text"),
    ({"type": "new", "seats": [{"name": "A", "hero": "V", "attribute": "c"}],
      "mission": {"name": "M", "teammates": 1, "mercenaries": 0, "combo": "c"},
      "die": "c,e,b,i,ch,r"}, "expected the die's six faces as a list"),
])
def test_r_stf_2_fields_are_read_strictly(data: dict[str, object], said: str) -> None:
    with pytest.raises(BadValue) as caught:
        CODEC.from_dict({"game": "stuffed", "schema": 1, **data})
    assert said in str(caught.value) and "\n" not in str(caught.value)


def test_r_stf_2_json_lines_name_the_bad_line() -> None:
    good = [Roll("c c c c c c c c"), EndTurn()]
    text = events_to_json(good)
    assert events_from_json(text + "\n\n") == tuple(good)
    with pytest.raises(BadValue, match="line 3: not JSON"):
        events_from_json(text + "{oops\n")
    with pytest.raises(BadValue, match="too large"):
        events_from_json('{"game":"stuffed","schema":1,"type":"set","positions":['
                         + "9" * 40 + "]}")


def test_r_stf_2_the_codec_s_hooks_live_on_its_own_converter() -> None:
    from boardgames.session import CONVERTER, converter

    assert CONVERTER is converter()
    assert CODEC.converter() is CODEC.converter()  # made once, at first use
    assert CODEC.converter().unstructure(Roll("c c c c c c c c").faces[0]) == "coin"
    assert CODEC.converter() is not converter()  # the plain one is never mutated


# --- the state as JSON ---------------------------------------------------------------


def test_r_stf_5_a_snapshot_shows_every_ledger_the_tray_and_what_the_dice_can_get() -> None:
    from boardgames.stuffed import new_session
    from boardgames.stuffed.codec import snapshot

    session = new_session([
        NewGame((Seat("Ann", "Kelsier", "charisma"), Seat("Bo", "Vin", "resource")),
                Mission("Heist", 2, 1, "ch:2,i")),
        Offer(Teammate("Lurcher", "mercenary", "intelligence", "c:2")),
        Roll("c c c ch ch i b r"),
        SpendSet((1, 2, 3)),
        Recruit(Teammate("Grunt", "loyal", "resource", "ch:2"), (4, 5)),
    ])
    data = snapshot(session.state)
    json.dumps(data)  # JSON-ready as it is
    assert data["player"] == "Ann" and data["turn"] == 1 and data["winner"] is None
    assert data["mission"] == {"name": "Heist", "teammates": 2, "mercenaries": 1,
                               "combo": "intelligence,charisma:2",
                               "words": "intelligence and 2 charisma"}
    assert [d["spent"] for d in data["dice"]] == [True] * 5 + [False] * 3
    assert data["dice"][5] == {"position": 6, "symbol": "intelligence", "spent": False}
    ann = data["players"][0]
    assert (ann["coins"], ann["cards"], ann["loyals"], ann["teammates"]) == (1, 0, 1, 1)
    assert ann["team"] == [{"name": "Grunt", "kind": "loyal", "attribute": "resource",
                            "combo": "charisma:2"}]
    assert ann["meets_mission"] is False and ann["used"] == []
    assert [t["name"] for t in data["offer"]] == ["Lurcher"]
    # Unspent: intelligence, birden, resource — no set, no Teammate, 1 coin: nothing.
    assert data["can"] == []
    assert data["mission_status"] == ("Ann needs 1 more Teammate and 1 more Mercenary "
                                      "before trying the Mission's intelligence and 2 "
                                      "charisma.")
