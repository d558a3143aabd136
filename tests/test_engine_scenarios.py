"""Known-answer Conflicts (like chess perft files): every file in ``tests/scenarios/``
plays a whole Conflict, event by event, and says by hand what the state must be after
each event. Expectations were worked out from RULES.md, never dumped from the engine.

A scenario file (TOML) holds:

* ``title``, ``rules`` (the rule IDs it exercises) and ``summary``;
* ``[start]``: the Start event's ``nature``, ``stakes`` and ``scope`` (R-CON-1);
* ``[[participant]]``: ``side``, optional ``surprised``, and either a ``character`` (a
  Hero or Villain) or a ``group`` (Extras) table in the shape of a sheet file's
  ``[[character]]`` / ``[[group]]`` entries (:mod:`characters.files`);
* ``[after_setup]``: expectations once Start and every participant are pushed;
* ``[[step]]``: one ``event`` in the JSON event form of :mod:`conflict.serial` (the
  ``schema`` key may be left out: the current one is meant), an optional ``why``, and
  either ``expect`` (facts after the event) or ``refused`` (the rule ID the error must
  name; ``error`` is ``RuleViolation`` unless it says ``BadValue``; ``message`` is a
  piece of text the error must contain). A refused event must change nothing.

Expectations (every key optional; only what is written is checked):

* ``phase``, ``round``, ``next`` (what-now's Expect: declare, act, defense, roll,
  damage, end_round, ended), ``who`` (names expected to move, in any order),
  ``ties`` (in order), ``action`` (the pending action's number), ``sides_defeated``,
  ``outcome`` (the Conflict's), ``can_add``;
* ``options``: every legal choice what-now lists, written as in :func:`option_text`;
* ``people.NAME``: ``action_dice``, ``defense_dice``, ``members``, ``defeated``,
  ``declared``, ``turn``, ``changed``, ``damage.RESILIENCE``, ``current.RESILIENCE``;
* ``actions.N``: ``actor``, ``target``, ``resilience``, ``dice``, ``bonus``,
  ``contest``, ``difficulty``, ``changed``, ``status``, ``pool``, ``rollers``,
  ``defense`` (defend, react, take_it), ``defense_pool``, ``defense_rollers``,
  ``result``, ``nudges``, ``defender_result``, ``defender_nudges``, ``outcome``,
  ``damage``. A fact that does not exist yet (no pool, no roll, no damage) is
  written ``"none"``.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from characters.files import structure
from characters.model import ExtraGroup, Sheet
from conflict import (
    ActOption,
    ChangeOption,
    DamageOption,
    DeclareOption,
    DefendOption,
    EndConflictOption,
    EndRoundOption,
    HoldOption,
    Option,
    ReactOption,
    RollOption,
    TakeItOption,
    what_now,
)
from conflict.engine import Conflict, replay
from conflict.errors import BadValue, ConflictError, RuleViolation
from conflict.events import AddParticipant, Event, Nature, Start
from conflict.serial import SCHEMA, event_from_dict, events_from_json, events_to_json
from conflict.state import EMPTY, Action, Participant, State

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.toml"))
RULE_ID = re.compile(r"^R-(CON|DICE|CHAR)-\d+$")
ERRORS: dict[str, type[ConflictError]] = {"RuleViolation": RuleViolation, "BadValue": BadValue}


# --- reading a scenario -------------------------------------------------------------


def load(path: Path) -> dict[str, Any]:
    with path.open("rb") as handle:
        data: dict[str, Any] = tomllib.load(handle)
    return data


def setup_events(data: Mapping[str, Any]) -> list[Event]:
    """The Start event and one AddParticipant per ``[[participant]]``."""
    start = data["start"]
    events: list[Event] = [Start(Nature(start["nature"]), start.get("stakes", ""),
                                 start.get("scope", ""))]
    for entry in data["participant"]:
        unknown = set(entry) - {"side", "surprised", "character", "group"}
        assert not unknown, f"unknown participant keys {unknown}"
        character: Sheet | ExtraGroup
        if "character" in entry:
            character = structure(entry["character"], Sheet)
        else:
            character = structure(entry["group"], ExtraGroup)
        events.append(
            AddParticipant(character, entry["side"], surprised=entry.get("surprised", False))
        )
    return events


def step_event(step: Mapping[str, Any]) -> Event:
    return event_from_dict({"schema": SCHEMA, **step["event"]})


def scenario_id(path: Path) -> str:
    rules = load(path)["rules"]
    numbers = ",".join(r.removeprefix("R-CON-") for r in rules if r.startswith("R-CON-"))
    return f"{path.stem}[R-CON-{numbers}]"


# --- what the state says, in the words of the scenario files ------------------------


def option_text(option: Option) -> str:
    """An option as the files write it, e.g. ``act Kell 2-8`` or
    ``defend Hazekillers 2-5 from action``."""
    if isinstance(option, DeclareOption):
        return f"declare {option.name}"
    if isinstance(option, ActOption):
        return f"act {option.name} {option.min_pool}-{option.max_pool}"
    if isinstance(option, ChangeOption):
        return f"change {option.name}"
    if isinstance(option, HoldOption):
        return f"hold {option.name}"
    if isinstance(option, DefendOption):
        granted = f" granted {option.granted}" if option.granted else ""
        return (f"defend {option.name} {option.min_dice}-{option.max_dice} from "
                f"{option.dice_from.value}{granted}")
    if isinstance(option, ReactOption):
        granted = f" granted {option.granted}" if option.granted else ""
        behalf = f" for {option.on_behalf_of}" if option.on_behalf_of else ""
        return (f"react {option.name}{behalf} {option.reaction} {option.reaction_dice} + "
                f"{option.min_added}-{option.max_added} from {option.added_from.value}{granted}")
    if isinstance(option, TakeItOption):
        granted = f" granted {option.granted}" if option.granted else ""
        return f"take_it {option.name}{granted}"
    if isinstance(option, RollOption):
        text = f"roll {option.action}: {option.actor_pool}x{option.actor_rollers}"
        for defender in option.defenders:
            text += f" vs {defender.pool}x{defender.rollers}"
        kind = "contest" if option.contest else "challenge"
        return f"{text} {kind} difficulty {option.difficulty}"
    if isinstance(option, DamageOption):
        return (f"damage {option.action} to {option.target}: nudges 0-{option.max_nudges} "
                f"bonus {option.bonus}")
    if isinstance(option, EndConflictOption):
        return f"end_conflict {', '.join(option.defeated) or '(none defeated)'}"
    assert isinstance(option, EndRoundOption)
    return "end_round"


def person_facts(person: Participant, wanted: Mapping[str, Any]) -> dict[str, Any]:
    r = person.round
    facts: dict[str, Any] = {}
    for key in wanted:
        if key in ("damage", "current"):
            assert person.resiliences is not None, f"{person.name} has no Resiliences"
            facts[key] = {name: getattr(person.resiliences.get(name), key)
                          for name in wanted[key]}
        elif key in ("action_dice", "defense_dice", "changed"):
            facts[key] = getattr(r, key)
        elif key == "declared":
            facts[key] = r.declared.value if r.declared is not None else "none"
        elif key == "turn":
            facts[key] = r.turn.value
        elif key in ("members", "defeated"):
            facts[key] = getattr(person, key)
        else:
            raise AssertionError(f"unknown expectation people.{person.name}.{key}")
    return facts


def action_facts(state: State, action: Action, wanted: Mapping[str, Any]) -> dict[str, Any]:
    attacker, defender, defense = action.attacker_roll, action.opposing_roll, action.target_defense
    known: dict[str, Any] = {
        "actor": action.actor,
        "target": action.target if action.target is not None else "none",
        "resilience": action.resilience or "none",
        "dice": action.dice, "bonus": action.bonus, "contest": action.contest,
        "difficulty": action.difficulty, "changed": action.changed,
        "status": action.status.value, "pool": action.pool, "rollers": action.members,
        "defense": defense.kind.value if defense is not None else "none",
        "defense_pool": defense.pool if defense is not None else None,
        "defense_rollers": defense.members if defense is not None else None,
        "result": attacker.result if attacker is not None else None,
        "nudges": attacker.nudges if attacker is not None else None,
        "defender_result": defender.result if defender is not None else None,
        "defender_nudges": defender.nudges if defender is not None else None,
        "outcome": action.outcome.value if action.outcome is not None else "none",
        "damage": action.damage,
    }
    unknown = set(wanted) - set(known)
    assert not unknown, f"unknown expectation actions.{action.number}.{unknown}"
    # TOML has no null: a fact not there yet (no roll, no damage) reads "none".
    return {key: "none" if known[key] is None else known[key] for key in wanted}


def check(state: State, expect: Mapping[str, Any], where: str) -> None:
    """Assert every fact in ``expect`` holds in ``state``."""
    now = what_now(state)
    simple: dict[str, Any] = {
        "phase": state.phase.value, "round": state.round, "next": now.expect.value,
        "action": now.action, "outcome": state.outcome, "can_add": now.can_add,
    }
    for key, value in expect.items():
        if key in simple:
            assert simple[key] == value, f"{where}: {key} is {simple[key]!r}, expected {value!r}"
        elif key == "who":
            assert sorted(now.who) == sorted(value), f"{where}: who is {now.who}"
        elif key == "ties":
            assert list(now.ties) == list(value), f"{where}: ties are {now.ties}"
        elif key == "sides_defeated":
            assert list(now.sides_defeated) == list(value), (
                f"{where}: sides defeated {now.sides_defeated}")
        elif key == "options":
            got = sorted(option_text(o) for o in now.options)
            assert got == sorted(value), f"{where}: options are {got}"
        elif key == "people":
            for name, wanted in value.items():
                person = state.participant(name)
                facts = person_facts(person, wanted)
                assert facts == dict(wanted), f"{where}: {name} has {facts}"
        elif key == "actions":
            for number, wanted in value.items():
                action = state.action(int(number))
                assert action is not None, f"{where}: no action {number} this round"
                facts = action_facts(state, action, wanted)
                assert facts == dict(wanted), f"{where}: action {number} has {facts}"
        else:
            raise AssertionError(f"{where}: unknown expectation {key!r}")


# --- playing a scenario ---------------------------------------------------------------


def play(path: Path) -> tuple[Conflict, list[State]]:
    """Play the file through ``Conflict.push``, checking every step; returns the
    Conflict and the state after each pushed event (EMPTY first)."""
    data = load(path)
    c = Conflict()
    states = [c.state]
    for event in setup_events(data):
        c.push(event)
        states.append(c.state)
    check(c.state, data.get("after_setup", {}), f"{path.name} after set-up")
    for number, step in enumerate(data["step"], start=1):
        where = f"{path.name} step {number} ({step['event']['type']})"
        if step.get("why"):
            where += f" — {step['why']}"
        event = step_event(step)
        if "refused" in step:
            assert "expect" not in step, f"{where}: a refused step has no expectations"
            before, events = c.state, c.events
            with pytest.raises(ERRORS[step.get("error", "RuleViolation")]) as caught:
                c.push(event)
            assert caught.value.rule == step["refused"], f"{where}: {caught.value}"
            assert step["refused"] in str(caught.value)
            if "message" in step:
                assert step["message"] in str(caught.value), f"{where}: {caught.value}"
            assert c.state is before and c.events == events, f"{where}: state changed"
            continue
        c.push(event)
        states.append(c.state)
        assert c.state.dice_balanced(), f"{where}: dice are not balanced"
        check(c.state, step.get("expect", {}), where)
    return c, states


def test_there_are_at_least_three_scenarios() -> None:
    assert len(FILES) >= 3, f"{SCENARIOS} holds {len(FILES)} scenario files"


@pytest.mark.parametrize("path", FILES, ids=[scenario_id(p) for p in FILES])
def test_scenario_files_are_well_formed(path: Path) -> None:
    data = load(path)
    assert set(data) <= {"title", "rules", "summary", "start", "participant", "after_setup",
                         "step"}, set(data)
    assert data["title"].strip() and data["summary"].strip()
    assert data["rules"] and all(RULE_ID.match(r) for r in data["rules"]), data["rules"]
    for step in data["step"]:
        assert set(step) <= {"event", "why", "expect", "refused", "error", "message"}, step
        if "refused" in step:
            assert RULE_ID.match(step["refused"]), step["refused"]
            assert step.get("error", "RuleViolation") in ERRORS
    refusals = {s["refused"] for s in data["step"] if "refused" in s}
    assert refusals <= set(data["rules"]), f"rules refused but not listed: {refusals}"


@pytest.mark.parametrize("path", FILES, ids=[scenario_id(p) for p in FILES])
def test_scenario_known_answers_r_con(path: Path) -> None:
    """Every step's facts hold; every refused step names its rule and changes nothing."""
    c, _states = play(path)
    assert c.state.phase.value == "ended", "a scenario plays its Conflict to the end"


@pytest.mark.parametrize("path", FILES, ids=[scenario_id(p) for p in FILES])
def test_scenario_replays_and_undoes_to_the_empty_state(path: Path) -> None:
    c, states = play(path)
    assert replay(c.events) == c.state
    assert Conflict.replay(c.events).state == c.state
    assert replay(events_from_json(events_to_json(c.events))) == c.state
    while len(c):
        c.pop()
        assert c.state == states[len(c)]
    assert c.state == EMPTY


def test_scenarios_together_touch_every_conflict_rule() -> None:
    listed = {rule for path in FILES for rule in load(path)["rules"]}
    wanted = {f"R-CON-{n}" for n in range(1, 22)}
    assert wanted <= listed, f"rules no scenario exercises: {sorted(wanted - listed)}"


def _spoil(data: dict[str, Any], how: str) -> None:
    steps = data["step"]
    if how == "round":
        data["after_setup"]["round"] = 9
        return
    if how == "option":
        step = next(s for s in steps if "options" in s.get("expect", {}))
        step["expect"]["options"] = step["expect"]["options"][1:]
        return
    if how == "dice":
        step = next(s for s in steps
                    if any("action_dice" in p for p in s.get("expect", {}).get("people", {})
                           .values()))
        person = next(p for p in step["expect"]["people"].values() if "action_dice" in p)
        person["action_dice"] += 1
        return
    if how == "rule":
        step = next(s for s in steps if "refused" in s)
        step["refused"] = "R-CON-99"
        return
    assert how == "legal"
    at = next(i for i, s in enumerate(steps) if "refused" in s)
    legal = next(s for s in steps[at:] if "refused" not in s)
    steps[at] = {"event": legal["event"], "refused": steps[at]["refused"]}


@pytest.mark.parametrize("how", ["round", "option", "dice", "rule", "legal"])
def test_a_spoilt_scenario_fails(tmp_path: Path, how: str) -> None:
    """The checker itself can fail: one wrong fact, or a refusal of a legal event, in a
    copy of the first scenario is caught."""
    import tomli_w

    data = load(FILES[0])
    _spoil(data, how)
    spoilt = tmp_path / "spoilt.toml"
    spoilt.write_text(tomli_w.dumps(data), encoding="utf-8")
    with pytest.raises((AssertionError, pytest.fail.Exception)):
        play(spoilt)
