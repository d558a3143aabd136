"""House War events as JSON (game "housewar"): exact layout, round trips, strict reading."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_housewar import R
from test_housewar_game import GAME

from boardgames.errors import BadValue
from boardgames.housewar import (
    CODEC,
    EVENTS,
    AddProblem,
    AddUnrest,
    Advisor,
    Award,
    ChangeCost,
    Collect,
    DiscardFaceDown,
    EndTurn,
    Event,
    FaceDown,
    MoveProblem,
    NoDeal,
    Pass,
    Reveal,
    Ruin,
    Score,
    Share,
    Sheet,
    Solve,
    Start,
    StartTimer,
    Steal,
    StopTimer,
    TimeUp,
    Transfer,
    Worsen,
    new_game,
    replay,
    snapshot,
)
from boardgames.housewar.resources import BASIC, RESOURCES, Resources
from core.names import drop_ignorables

ONE_OF_EACH: list[Event] = [
    Start(4, "long", ["Venture", "Hasting", "Elariel", "Lekal"]),
    Start(3, "short"),
    Start(3, "short", ["Lekal", "Venture", "Tekiel"], first="Venture"),
    Sheet("Venture", R("2 money 1 food"), cards=1),
    Ruin("Venture", R("1 food")),
    Ruin("Venture", R("1 food"), dismissed=True),
    Advisor("Lekal", R("1 skaa")),
    Advisor("Lekal", R("1 skaa"), discarded=True),
    AddProblem("Ashfall", 2, "highest", "effect", R("2 food 1 skaa"), 5),
    AddProblem("Kelsier", reason="effect", place="lowest"),
    Worsen("Ashfall"),
    MoveProblem("Cult of the Survivor", by=-1),
    MoveProblem("Kelsier", to="highest"),
    Collect("Tekiel", R("2 money 1 food"), (Steal("Venture", R("1 money")),)),
    Collect("Tekiel"),
    Pass("Tekiel", "atium"),
    Pass("Tekiel"),
    Solve("Disobedience", (Share("Lekal", R("2 skaa")),
                           Share("Venture", R("1 prestige"), R("1 money 1 warriors"))),
          (Award("Lekal", 5), Award("Venture", 2))),
    NoDeal("Riot"),
    EndTurn(),
    ChangeCost("Growing Suspicions", lowered=R("2 prestige"), raised=R("2 warriors")),
    AddUnrest(-1),
    Score("Tekiel", favor=2, disgrace=1),
    Score("Tekiel", favor=-1, modifier=True),
    Score("Lekal", disgrace=2, source="Riot erupting"),
    Transfer("Venture", "destroyed", R("1 atium")),
    FaceDown("Tekiel", "Financial Heir"),
    DiscardFaceDown("Tekiel", "Financial Heir"),
    Reveal("Tekiel", "Financial Heir", favor=3),
    StartTimer("2026-03-01T20:00:00.000000+00:00", 180),
    StopTimer(),
    TimeUp(),
]


def test_every_event_type_is_in_the_codec() -> None:
    assert {type(e) for e in ONE_OF_EACH} == set(EVENTS)
    assert len({cls.TYPE for cls in EVENTS}) == len(EVENTS)


@pytest.mark.parametrize("event", ONE_OF_EACH, ids=lambda e: type(e).__name__)
def test_every_event_round_trips(event: Event) -> None:
    line = CODEC.to_json(event)
    assert CODEC.from_json(line) == event
    assert json.loads(line)["game"] == "housewar"


def test_the_layout_of_a_deal() -> None:
    event = Solve("Disobedience", (Share("Lekal", R("2 skaa"), R("2 skaa")),),
                  (Award("Lekal", 5),))
    assert json.loads(CODEC.to_json(event)) == {
        "game": "housewar", "schema": 2, "type": "solve", "problem": "Disobedience",
        "shares": [{"house": "Lekal", "covers": {"skaa": 2}, "spent": {"skaa": 2}}],
        "awards": [{"house": "Lekal", "favor": 5}]}
    assert json.loads(CODEC.to_json(AddProblem("Riot", 3))) == {
        "game": "housewar", "schema": 2, "type": "add_problem", "name": "Riot",
        "urgency": 3, "place": "start", "reason": "turn", "cost": None, "favor": None}


# Names as the one text rule takes them: no invisible characters (R-HW names).
names = st.text(st.characters(codec="utf-8", exclude_categories=("C", "Z")),
                min_size=1, max_size=20).map(drop_ignorables).filter(bool)
tokens = st.builds(Resources, *(st.integers(0, 30) for _ in RESOURCES))
costs = st.builds(Resources, *(st.integers(0, 9) for _ in BASIC)).filter(bool)


@given(st.one_of(
    st.builds(AddProblem, names, st.none() | st.integers(1, 4),
              st.sampled_from(["start", "highest", "lowest"]),
              st.sampled_from(["setup", "turn", "effect"]), st.none() | costs,
              st.none() | st.integers(0, 99)),
    st.builds(Collect, names, tokens, st.lists(
        st.builds(Steal, names, tokens.filter(bool)), max_size=3).map(tuple)),
    st.builds(Solve, names, st.lists(st.builds(Share, names, costs, st.none() | tokens),
                                     max_size=3, unique_by=lambda s: s.house.casefold()
                                     ).map(tuple)),
    st.tuples(names, names, tokens.filter(bool)).filter(
        lambda t: t[0].casefold() != t[1].casefold()).map(lambda t: Transfer(*t)),
    st.builds(Score, names, st.integers(0, 99), st.integers(1, 99)),
    st.builds(MoveProblem, names, st.integers(-5, 5).filter(bool)),
    st.builds(Reveal, names, names, st.integers(0, 99), st.integers(0, 99)),
))
def test_any_event_round_trips(event: Event) -> None:
    assert CODEC.from_json(CODEC.to_json(event)) == event


@pytest.mark.parametrize(("body", "match"), [
    ({"type": "start", "players": 3, "length": "short", "houses": "Tekiel"},
     "houses must be a list"),
    ({"type": "start", "players": "3", "length": "short"}, "expected a whole number"),
    ({"type": "start", "players": 2, "length": "short"}, "players must be 3–5"),
    ({"type": "start", "players": 3, "length": "epic"}, "epic"),
    ({"type": "start", "players": 3, "length": "short", "extra": 1}, "extra"),
    ({"type": "unrest", "amount": True}, "expected a whole number"),
    ({"type": "unrest", "amount": 1.5}, "expected a whole number"),
    ({"type": "add_problem", "name": "Riot", "urgency": 5}, "I–IV"),
    ({"type": "add_problem", "name": "Riot", "cost": {"atium": 1}}, "names only Money"),
    ({"type": "add_problem", "name": "Riot", "cost": {"gold": 1}}, "gold"),
    ({"type": "add_problem", "name": "", "urgency": 1}, "non-empty name"),
    ({"type": "add_problem", "name": "Ri\u0007ot", "urgency": 1}, "control characters"),
    ({"type": "transfer", "source": "supply", "target": "Lekal", "resources": {"food": -1}},
     "cannot be negative"),
    ({"type": "collect", "house": "Lekal", "steal": {"source": "Venture"}},
     "steal must be a list"),
    ({"type": "pass", "house": "Lekal", "take": "gold"}, "gold"),
    ({"type": "solve", "problem": "Riot", "shares": [{"house": "A", "covers": {}}]},
     "at least 1 token"),
    ({"type": "score", "house": "Lekal", "favor": -2}, "cannot be negative"),
    ({"type": "teleport"}, "unknown housewar event type 'teleport'"),
])
def test_bad_json_is_refused_as_a_bad_value(body: dict[str, object], match: str) -> None:
    with pytest.raises(BadValue, match=match):
        CODEC.from_json(json.dumps({"game": "housewar", "schema": 1, **body}))


def test_r_hw_5_a_start_stored_before_editions_were_kept_reads_as_edition_1() -> None:
    stored = CODEC.to_dict(Start(3, "short"))
    assert stored["rules"] == 2 and CODEC.from_dict(stored).rules == 2
    del stored["rules"]
    assert CODEC.from_dict(stored).rules == 1
    with pytest.raises(BadValue, match="rules"):
        CODEC.from_dict({**stored, "rules": 3})


def test_other_games_and_schemas_are_refused() -> None:
    with pytest.raises(BadValue, match="not a housewar event: it belongs to 'stuffed'"):
        CODEC.from_dict({"game": "stuffed", "schema": 1, "type": "end_turn"})
    with pytest.raises(BadValue, match="unknown housewar event schema 7"):
        CODEC.from_dict({"game": "housewar", "schema": 7, "type": "end_turn"})
    with pytest.raises(BadValue, match="not a housewar event"):
        CODEC.to_dict(object())  # type: ignore[arg-type]


def test_snapshot_of_a_new_game() -> None:
    shown = json.loads(json.dumps(snapshot(new_game(4, "long").state)))
    assert shown["phase"] == "setup" and shown["next_step"] == "setup_sheets"
    assert shown["supply"] == {"money": 10, "food": 10, "prestige": 10, "skaa": 10,
                               "warriors": 10, "atium": 7}
    assert shown["track"] == {"rows": 3, "columns": [[None, None, None]] * 4}
    assert [h["name"] for h in shown["houses"]] == ["House 1", "House 2", "House 3",
                                                    "House 4"]
    assert shown["outcome"] is None and shown["length"] == "long"


def test_snapshot_of_the_finished_game() -> None:
    shown = json.loads(json.dumps(snapshot(replay(GAME).state)))
    assert shown["outcome"]["winners"] == ["Tekiel"]
    assert shown["outcome"]["ended_by"] == "vin_erupted" and shown["unrest"] == 6
    assert [(h["name"], h["tokens"], h["score"]) for h in shown["houses"]] == [
        ("Tekiel", 11, 0), ("Venture", 9, 0), ("Lekal", 7, 0)]
    where = {p["name"]: p["where"] for p in shown["problems"]}
    assert where == {"Ashfall": "solved", "Riot": "solved", "Famine": "erupted",
                     "Vin": "erupted", "The Lord Ruler": "erupted",
                     "Koloss Assault": "erupted", "Skaa Rebellion": "Urgency II"}
    assert shown["next_step"] == "over"
