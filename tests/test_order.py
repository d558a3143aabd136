"""conflict.order.evolve: the engine's fast copy of frozen values makes exactly what
attrs.evolve makes, and still checks what has checks."""

from __future__ import annotations

import attrs
import pytest

from characters import Attributes, ExtraGroup, Resilience
from conflict import AddParticipant, BadValue, Nature, Start
from conflict.dice import Roll
from conflict.engine import apply
from conflict.order import evolve
from conflict.state import Action, ActionStatus, Participant, Phase, RoundState, State
from conflict.whatnow import Expect, what_now


def _state() -> State:
    state = apply(State(), Start(Nature.MENTAL, stakes="the ledger"))
    group = ExtraGroup(name="Clerks", count=3, attributes=Attributes(2, 2, 4))
    return apply(state, AddParticipant(group, "bank"))


def test_a_copy_equals_attrs_evolve_for_every_engine_value() -> None:
    state = _state()
    person = state.participants[0]
    action = Action(number=4, actor="Clerks", dice=3, target="Vin")
    values: list[tuple[object, dict[str, object]]] = [
        (state, {"round": 7, "phase": Phase.ROUND_OVER}),
        (state, {}),
        (person, {"members": 1, "defeated": True}),
        (person.round, {"action_dice": 2, "action_gained": 2}),
        (action, {"status": ActionStatus.PENDING, "pool": 3}),
        (what_now(state), {"who": ("Clerks",)}),
    ]
    for value, changes in values:
        copied = evolve(value, **changes)
        assert copied == attrs.evolve(value, **changes)  # type: ignore[misc]
        assert copied is not value
        assert type(copied) is type(value)
    assert evolve(state, round=7).index is state.index  # shared, never changed
    assert hash(evolve(person, members=2)) == hash(attrs.evolve(person, members=2))
    assert evolve(RoundState(), turn=RoundState().turn) == RoundState()
    assert evolve(what_now(state), who=()).expect is Expect.DECLARE


def test_the_original_is_untouched() -> None:
    state = _state()
    evolve(state, round=9, participants=())
    assert state.round == 1 and len(state.participants) == 1


def test_an_unknown_field_is_refused() -> None:
    with pytest.raises(TypeError, match="State has no field"):
        evolve(_state(), rounds=2)
    with pytest.raises(TypeError, match="Participant has no field"):
        evolve(_state().participants[0], member=2)


def test_values_with_checks_are_still_checked() -> None:
    roll = Roll(asked=2, faces=(3, 3))
    with pytest.raises(BadValue, match="R-DICE-1"):
        evolve(roll, faces=(3, 9))
    assert evolve(Resilience(5), damage=2) == Resilience(5, 2)
    with pytest.raises(Exception, match="damage"):
        evolve(Resilience(5), damage=-1)


def test_participant_copies_keep_every_field() -> None:
    person = _state().participants[0]
    assert isinstance(person, Participant)
    copied = evolve(person)
    for field in attrs.fields(Participant):
        assert getattr(copied, field.name) is getattr(person, field.name)
