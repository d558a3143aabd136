"""conflict.values: the engine's quick copy of frozen values (evolve) makes exactly what
attrs.evolve makes, and still checks what has checks; the quick __init__ (quick_init)
takes the very arguments attrs' does and makes the same values."""

from __future__ import annotations

import inspect
from typing import Any

import attrs
import pytest

from characters import Attributes, ExtraGroup, Resilience
from conflict import AddParticipant, BadValue, Nature, Start, options, state, whatnow
from conflict.dice import Roll
from conflict.engine import apply
from conflict.order import evolve as order_evolve
from conflict.state import Action, ActionStatus, Participant, Phase, RoundState, State
from conflict.values import builder, copier, copy_with, evolve, quick_init
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


def test_the_engine_still_copies_through_conflict_order() -> None:
    assert order_evolve is evolve


def test_a_copier_and_copy_with_copy_as_evolve_does() -> None:
    state = _state()
    changes: dict[str, object] = {"round": 4, "pending": 2}
    assert copier(State)(state, **changes) == evolve(state, **changes)
    assert copy_with(state, changes) == evolve(state, **changes)
    assert changes == {"round": 4, "pending": 2}  # not kept, not changed
    person = state.participants[0]
    assert copier(Participant)(person, members=1) == attrs.evolve(person, members=1)
    with pytest.raises(TypeError, match="State has no field"):
        copier(State)(state, rounds=2)
    with pytest.raises(TypeError, match="State has no field"):
        copy_with(state, {"rounds": 2})
    with pytest.raises(BadValue, match="R-DICE-1"):  # a class with checks: attrs.evolve
        copier(Roll)(Roll(asked=2, faces=(3, 3)), faces=(3, 9))


# --- quick_init ---------------------------------------------------------------------------


def _attrs_classes() -> list[type[Any]]:
    found = []
    for module in (state, whatnow, options):
        for value in vars(module).values():
            if (isinstance(value, type) and attrs.has(value)
                    and value.__module__ == module.__name__):
                found.append(value)
    return found


def _expected_parameters(cls: type[Any]) -> list[tuple[str, Any, object]]:
    """The parameters attrs gives ``cls``'s __init__: name, kind and default."""
    positional, keyword = [], []
    for field in attrs.fields(cls):
        default = field.default
        if default is attrs.NOTHING:
            default = inspect.Parameter.empty
        elif isinstance(default, type(attrs.Factory(dict))):
            default = attrs.NOTHING
        if field.kw_only:
            keyword.append((field.name, inspect.Parameter.KEYWORD_ONLY, default))
        else:
            positional.append((field.name, inspect.Parameter.POSITIONAL_OR_KEYWORD, default))
    return positional + keyword


def test_quick_inits_take_the_arguments_attrs_gives() -> None:
    classes = _attrs_classes()
    assert {c.__name__ for c in classes} >= {"State", "Action", "Participant", "RoundState",
                                            "Defense", "AwaitingRoll", "RollOption"}
    for cls in classes:
        # Every value class of these modules has plain fields: all take the quick path.
        assert cls.__init__.__code__.co_filename == "<string>", cls
        got = [(p.name, p.kind, p.default)
               for p in inspect.signature(cls.__init__).parameters.values()][1:]
        assert got == _expected_parameters(cls), cls


def _twins() -> tuple[type[Any], type[Any]]:
    def make() -> type[Any]:
        @attrs.frozen
        class Value:
            a: int
            b: str = "b"
            c: tuple[int, ...] = ()
            d: dict[str, int] = attrs.field(factory=dict, eq=False)
            e: int = attrs.field(default=5, kw_only=True)
            f: int | None = attrs.field(default=None, kw_only=True)
        return Value
    return make(), quick_init(make())


def test_a_quick_init_makes_the_value_attrs_makes() -> None:
    slow, quick = _twins()
    assert quick.__init__.__code__.co_filename == "<string>"
    assert slow.__init__.__code__.co_filename != "<string>"
    calls: list[tuple[tuple[object, ...], dict[str, object]]] = [
        ((1,), {}), ((1, "x", (2,)), {"e": 3}), ((), {"a": 2, "f": 7, "d": {"k": 1}})]
    for args, kwargs in calls:
        a, b = slow(*args, **kwargs), quick(*args, **kwargs)
        assert attrs.asdict(a) == attrs.asdict(b)
        assert repr(a).replace("Value", "") == repr(b).replace("Value", "")
    assert quick(1).d is not quick(1).d  # a factory runs for each value
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        quick(1).a = 2
    with pytest.raises(TypeError):
        quick()  # a is required
    with pytest.raises(TypeError):
        quick(1, "b", (), {}, 4)  # e is keyword-only


def test_a_builder_makes_what_the_class_makes() -> None:
    slow, quick = _twins()
    for cls in (slow, quick):
        make = builder(cls)
        assert make(1, "x", e=3) == cls(1, "x", e=3)
        assert type(make(1)) is cls
        assert make(1).d is not make(1).d
        with pytest.raises(TypeError):
            make(1, "b", (), {}, 4)  # e is keyword-only
    assert builder(slow) is not slow  # plain slots: a function, whatever its __init__
    assert builder(Action)(number=2, actor="Vin", dice=4) == Action(number=2, actor="Vin", dice=4)
    assert builder(Roll) is Roll  # a class with checks is made by the class


def test_classes_with_checks_keep_attrs_init() -> None:
    @attrs.frozen
    class Checked:
        a: int = attrs.field(validator=attrs.validators.gt(0))

    assert quick_init(Checked).__init__.__code__.co_filename != "<string>"
    with pytest.raises(ValueError):
        Checked(0)
    assert quick_init(Roll) is Roll and Roll.__init__.__code__.co_filename != "<string>"
