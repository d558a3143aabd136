"""Deckbuilding Game events: malformed values refused when built (BadValue naming the
rule and the value), and every event to JSON and back through the game's codec."""

from __future__ import annotations

import json
from typing import Any

import pytest

from boardgames import deckbuilding as dbg
from boardgames.deckbuilding import (
    CODEC,
    Attack,
    AttackAlly,
    AttackLordRuler,
    Blocked,
    Burn,
    BuyBoxings,
    CashBoxings,
    ChooseTarget,
    Confrontation,
    Damage,
    DominanceUp,
    DrawAdversary,
    Edict,
    EndTurn,
    Flare,
    GainBurns,
    GainCoins,
    GainDamage,
    GainMission,
    GainTokens,
    Heal,
    HealLordRuler,
    HitShield,
    Metal,
    MissionSpec,
    Mode,
    NewGame,
    PassTarget,
    Refresh,
    RemoveShield,
    Sense,
    SpendCoins,
    SpendMission,
    Token,
    Train,
    TrainingLayout,
    UseAtium,
)
from boardgames.errors import BadValue, RuleViolation

ONE_OF_EACH: list[dbg.Event] = [
    NewGame(("Vin", "Kelsier", "Marsh"), Mode.COMPETITIVE,
            (MissionSpec("Eyes of the Mist", (4, 8)), MissionSpec(), MissionSpec("Ash", ()))),
    GainMission("Vin", 3), SpendMission("Vin", (2, 1, 0)), Sense("Vin", 3, by="Marsh"),
    Sense("Vin", 1), Attack("Vin", 7, (Blocked("Marsh", 2),)), ChooseTarget("Kelsier", 1),
    PassTarget("Vin"), Damage("Vin", 4), Heal("Vin", 2), GainCoins("Vin", 5),
    SpendCoins("Vin", 3), BuyBoxings("Vin"), CashBoxings("Vin", 2),
    GainTokens("Vin", Token.ATIUM, 2), UseAtium("Vin"), Confrontation("Vin", 2),
    AttackLordRuler("Vin", 9), HealLordRuler(10), DominanceUp(dbg.ATTACK_ROW),
    Edict(1, (2, 3), ups_below_4=1), DrawAdversary("Inquisitor", ("3", "X")),
    HitShield("Vin", 1, 3), RemoveShield("Vin", 2), EndTurn(),
    NewGame(("Vin",), Mode.SOLO, training=TrainingLayout(12, (3, 6, 9), (2, 4, 7, 8, 10), ())),
    Train("Vin", 2), GainBurns("Vin"), GainBurns("Vin", 2, lasting=True),
    Burn("Vin", Metal.TIN), Flare("Vin", Metal.PEWTER), Refresh("Vin", Metal.PEWTER),
    GainDamage("Vin", 7), AttackAlly("Vin", 3),
]


def test_one_example_of_every_event_type() -> None:
    assert {type(e) for e in ONE_OF_EACH} == set(dbg.EVENTS)


@pytest.mark.parametrize("event", ONE_OF_EACH, ids=lambda e: type(e).TYPE)
def test_every_event_round_trips_through_json(event: dbg.Event) -> None:
    text = CODEC.to_json(event)
    assert "\n" not in text
    assert CODEC.from_json(text) == event
    assert CODEC.from_dict(json.loads(text)) == event


def test_json_layout_of_an_attack() -> None:
    written = json.loads(CODEC.to_json(Attack("Vin", 7, (Blocked("Marsh", 2),))))
    assert written == {"game": "deckbuilding", "schema": 2, "type": "attack",
                       "attacker": "Vin", "amount": 7,
                       "blocked": [{"player": "Marsh", "amount": 2}]}


def test_json_of_a_new_game_with_defaults() -> None:
    # Schema 1: saved before the Training track, metals and the turn's damage (R-DBG-9
    # to 11): it reads as a game of the rules it was played by, so its events keep
    # their meaning; a new game is written with schema 2 and rules 4 (the rulings on
    # Flares and the turn's damage, R-DBG-10 and R-DBG-11; one Lord Ruler card a turn,
    # R-DBG-2).
    text = ('{"game":"deckbuilding","schema":1,"type":"new","players":["Vin","Elend"],'
            '"mode":"coop","missions":[{"name":"","rewards":[]},{"name":"","rewards":[]},'
            '{"name":"Ash","rewards":[3,9]}]}')
    assert CODEC.from_json(text) == NewGame(
        ("Vin", "Elend"), Mode.COOP, (MissionSpec(), MissionSpec(), MissionSpec("Ash", (3, 9))),
        rules=1)
    written = json.loads(CODEC.to_json(NewGame(("Vin", "Elend"))))
    assert written["schema"] == 2 and written["rules"] == 4
    assert written["training"] == {"end": 16, "burns": [4, 7, 12],
                                   "abilities": [2, 5, 11, 9, 14],
                                   "atium": [3, 6, 8, 10, 13, 15]}


def test_r_dbg_9_a_game_saved_before_the_training_track_replays_as_played() -> None:
    # A schema-1 game attacks with damage never gained and Senses in co-op: both
    # were allowed then, and replay the same; nothing of R-DBG-9..11 is kept in it.
    saved = [{"type": "new", "players": ["Vin", "Kelsier"], "mode": "coop"},
             {"type": "lord_ruler_attack", "player": "Vin", "amount": 6},
             {"type": "sense", "player": "Vin", "amount": 1, "by": "Kelsier"},
             {"type": "edict", "ups": 1, "shown": [2], "ups_below_4": 0},
             {"type": "lord_ruler_attack", "player": "Vin", "amount": 2},
             {"type": "end_turn"}]
    game = dbg.replay(CODEC.from_dict({"game": "deckbuilding", "schema": 1, **body})
                      for body in saved).state
    assert game.rules == 1 and not game.tracks_training
    lord = game.lord_ruler
    assert lord is not None and lord.health == 48 - 2  # healed to 48 by the Edict
    assert [p.trained for p in game.players] == [0, 0] and game.players[1].atium == 0
    with pytest.raises(RuleViolation, match=r"R-DBG-9: .*before the Training"):
        dbg.apply(game, Train("Kelsier"))


@pytest.mark.parametrize("body", [
    {"type": "heal", "player": "Vin", "amount": "5"},  # a number as text
    {"type": "heal", "player": "Vin", "amount": 5.0},
    {"type": "heal", "player": "Vin", "amount": True},
    {"type": "heal", "player": "Vin", "amount": 0},  # out of range
    {"type": "heal", "player": "Vin"},  # missing field
    {"type": "heal", "player": "Vin", "amount": 5, "extra": 1},
    {"type": "tokens_gain", "player": "Vin", "token": "gold", "count": 1},
    {"type": "new", "players": ["Vin"], "mode": "competitive"},
    {"type": "mission_spend", "player": "Vin", "points": [1, 2]},
    {"type": "adversary", "name": "Inquisitor", "shields": [3]},
    {"type": "teleport", "player": "Vin"},
])
def test_unreadable_json_is_a_bad_value(body: dict[str, Any]) -> None:
    with pytest.raises(BadValue):
        CODEC.from_dict({"game": "deckbuilding", "schema": 1, **body})


def test_another_games_event_is_refused() -> None:
    with pytest.raises(BadValue, match="stuffed"):
        CODEC.from_dict({"game": "stuffed", "schema": 1, "type": "end_turn"})


# --- shapes (R-DBG-1..7) ---------------------------------------------------------------------


def _bad(build: Any, rule: str | None, *words: str) -> None:
    with pytest.raises(BadValue) as caught:
        build()
    text = str(caught.value)
    assert "\n" not in text
    if rule:
        assert text.startswith(f"{rule}: ")
    for word in words:
        assert word in text


def test_r_dbg_1_player_counts_by_mode() -> None:
    _bad(lambda: NewGame(("Vin",)), "R-DBG-1", "2–4", "got 1")
    _bad(lambda: NewGame(("A", "B", "C", "D", "E"), Mode.COOP), "R-DBG-1", "got 5")
    _bad(lambda: NewGame(("A", "B"), Mode.SOLO), "R-DBG-1", "1 player", "got 2")
    assert len(NewGame(("A",), Mode.SOLO).players) == 1


def test_r_dbg_1_names_are_one_line_and_unique_ignoring_case() -> None:
    _bad(lambda: NewGame(("Vin", "Marsh", "vin")), "R-DBG-1", "Vin and vin")
    _bad(lambda: NewGame(("Vin", "Kel\nsier")), "R-DBG-1", "'Kel\\nsier'")
    _bad(lambda: NewGame(("Vin", " Kelsier")), "R-DBG-1")
    _bad(lambda: NewGame(("Vin", "")), "R-DBG-1")
    _bad(lambda: Heal("x" * 41, 1), "R-DBG-1")
    _bad(lambda: Heal(7, 1), "R-DBG-1", "player", "7")  # type: ignore[arg-type]


def test_r_dbg_1_amounts_are_positive_whole_numbers() -> None:
    _bad(lambda: Damage("Vin", 0), "R-DBG-1", "amount", "1–999", "got 0")
    _bad(lambda: Heal("Vin", -3), "R-DBG-1", "got -3")
    _bad(lambda: Heal("Vin", 2.5), "R-DBG-1", "2.5")  # type: ignore[arg-type]
    long = "9" * 100
    with pytest.raises(BadValue) as caught:
        Heal("Vin", int(long))
    assert len(str(caught.value)) < 160  # the bad value is shown cut short


def test_r_dbg_2_edict_moves_dominance_1_or_2_times() -> None:
    _bad(lambda: Edict(0, ()), "R-DBG-2", "1–2")
    _bad(lambda: Edict(2, (2, 3), ups_below_4=1), "R-DBG-2")
    _bad(lambda: Edict(1, (7,)), "R-DBG-2", "shown", "0–6")
    _bad(lambda: DominanceUp(7), "R-DBG-2", "0–6")


def test_r_dbg_3_missions_and_spending() -> None:
    _bad(lambda: NewGame(("A", "B"), missions=(MissionSpec(),)), "R-DBG-3", "3 Missions")
    _bad(lambda: NewGame(("A", "B"), missions=(MissionSpec("X"), MissionSpec("x"),
                                               MissionSpec())), "R-DBG-3", "X and x")
    _bad(lambda: MissionSpec("A", (8, 4)), "R-DBG-3", "(8, 4)")
    _bad(lambda: MissionSpec("A", (4, 4)), "R-DBG-3")
    _bad(lambda: MissionSpec("A", (12,)), "R-DBG-3", "1–11")
    _bad(lambda: SpendMission("Vin", (0, 0, 0)), "R-DBG-3")
    _bad(lambda: SpendMission("Vin", (1, 1)), "R-DBG-3")
    _bad(lambda: SpendMission("Vin", (13, 0, 0)), "R-DBG-3", "0–12")
    _bad(lambda: Sense("Vin", 0), "R-DBG-3")


def test_r_dbg_4_blocked_damage_fits_the_attack() -> None:
    _bad(lambda: Attack("Vin", 3, (Blocked("Marsh", 4),)), "R-DBG-4", "Marsh", "4", "3")
    _bad(lambda: Attack("Vin", 3, (Blocked("Marsh", 1), Blocked("marsh", 1))), "R-DBG-4")
    _bad(lambda: ChooseTarget("Vin", -1), "R-DBG-4")


def test_r_dbg_5_token_counts() -> None:
    _bad(lambda: BuyBoxings("Vin", 0), "R-DBG-5")
    _bad(lambda: GainTokens("Vin", "atium", 1), None, "token",  # type: ignore[arg-type]
         "boxing, atium")
    _bad(lambda: Confrontation("Vin", 5), "R-DBG-7", "0–4")


def test_r_dbg_9_training_layout_shapes() -> None:
    _bad(lambda: TrainingLayout(16, (4, 7)), "R-DBG-9", "Burn steps", "3 steps", "(4, 7)")
    _bad(lambda: TrainingLayout(10, (4, 7, 12)), "R-DBG-9", "2–10")
    _bad(lambda: TrainingLayout(16, (4, 4, 12)), "R-DBG-9", "all different")
    _bad(lambda: TrainingLayout(16, abilities=(2, 5, 11, 9)), "R-DBG-9", "5 steps")
    _bad(lambda: TrainingLayout(1), "R-DBG-9", "2–40")
    _bad(lambda: TrainingLayout(16, atium=(1,)), "R-DBG-9", "2–16")
    _bad(lambda: NewGame(("A", "B"), training=(16,)), "R-DBG-9")  # type: ignore[arg-type]
    _bad(lambda: NewGame(("A", "B"), rules=5), "R-DBG-9", "1–4")
    _bad(lambda: Train("Vin", 0), "R-DBG-9", "steps", "1–40")


def test_r_dbg_10_and_11_shapes() -> None:
    _bad(lambda: Burn("Vin", "tin"), None, "metal", "tin, pewter")  # type: ignore[arg-type]
    _bad(lambda: Flare("Vin", "atium"), None, "atium")  # type: ignore[arg-type]
    _bad(lambda: GainBurns("Vin", 0), "R-DBG-10", "1–8")
    _bad(lambda: GainBurns("Vin", 1, 1), "R-DBG-10", "lasting")  # type: ignore[arg-type]
    _bad(lambda: GainDamage("Vin", 0), "R-DBG-11", "1–999")
    _bad(lambda: AttackAlly("Vin", 1000), "R-DBG-11")


def test_r_dbg_6_adversary_shields() -> None:
    _bad(lambda: DrawAdversary("Inquisitor", ()), "R-DBG-6", "1–3")
    _bad(lambda: DrawAdversary("Inquisitor", ("1", "2", "3", "4")), "R-DBG-6", "got 4")
    for shield in ("0", "x", "-1", "04", "2.5", "", "١"):
        _bad(lambda s=shield: DrawAdversary("Inquisitor", (s,)), "R-DBG-6")
    _bad(lambda: HitShield("Vin", 0, 3), "R-DBG-6")
    assert DrawAdversary("Inquisitor", ["3", "X"]).shields == ("3", "X")
