"""A game's table of steps offers what may be done now (``Steps.options``): each option
names its step, who takes it and its likely values, and builds the step's events."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core.errors import Malformed
from core.steps import RANDOM, Kind, MissingValue, Offered, Option, Param, Step, Steps, Values


def _count(state: int, values: Values) -> list[Any]:
    return [("count", values["by"], values["who"])]


def _draw(state: int, values: Values) -> list[Any]:
    return [("draw", values["card"])]


STEPS: Steps[int] = Steps("toy", "R-TOY-1", (
    Step("count", "Count up.", _count, (
        Param("by", "How many.", Kind.NUMBER, default=1),
        Param("who", "Who counts.", Kind.NAME, positional=True, required=True)),
         offer=lambda state: [Offered(seat, {"who": seat}) for seat in ("ann", "bo")]
         if state < 3 else []),
    Step("draw", "Draw the card the table turned up.", _draw, (
        Param("card", "The card drawn.", positional=True, required=True),),
         offer=lambda state: [Offered(None)] if state >= 3 else []),
    Step("peek", "Never offered.", _draw),
))


def test_options_are_the_steps_offered_now_each_way() -> None:
    early = STEPS.options(0)
    assert [(o.name, o.seat) for o in early] == [("count", "ann"), ("count", "bo")]
    assert early[1].events() == [("count", 1, "bo")]  # the likely choice: the defaults
    assert early[0].events(by=2) == [("count", 2, "ann")]
    late = STEPS.options(3)
    assert [(o.name, o.seat, o.needs) for o in late] == [("draw", None, ("card",))]
    assert late[0].events(card="Riot") == [("draw", "Riot")]


def test_an_option_refuses_a_missing_or_unknown_value_naming_it() -> None:
    draw = STEPS.options(3)[0]
    with pytest.raises(MissingValue) as missing:
        draw.events()
    assert isinstance(missing.value, Malformed) and missing.value.param == "card"
    with pytest.raises(MissingValue, match="draw takes no 'cards'"):
        draw.events(cards="Riot")


def test_an_option_hands_the_random_source_it_is_given_to_its_step() -> None:
    """A step that rolls finds the source in its values (``RANDOM``), so that a seed
    replays a game; none given, none is there (the step rolls as the command line does);
    no parameter may take that name."""
    seen: list[Any] = []

    def roll(state: int, values: Values) -> list[Any]:
        seen.append(values.get(RANDOM))
        return [("roll", values["dice"])]

    steps: Steps[int] = Steps("toy", "R-TOY-1", (
        Step("roll", "Roll.", roll, (Param("dice", "How many.", Kind.NUMBER, default=2),),
             offer=lambda state: [Offered()]),))
    (option,) = steps.options(0)
    source = random.Random(3)
    assert option.events(rng=source) == option.events() == [("roll", 2)]
    assert seen == [source, None]
    with pytest.raises(ValueError, match="no parameter is called 'rng'"):
        Steps("toy", "R-TOY-1", (Step("roll", "Roll.", roll, (Param(RANDOM, "A source."),)),))


def test_an_option_needs_what_its_offer_adds_and_one_of_each_group() -> None:
    """An offer names what its way of taking the step needs besides the step's required
    values, and groups of which one will do: the first of a group stands in ``needs``,
    the rest in ``instead``; a value given for one replaces the others offered."""

    def gain(state: int, values: Values) -> list[Any]:
        return [("gain", values["who"], values["favor"], values["disgrace"], values["by"],
                 values["to"])]

    steps: Steps[int] = Steps("toy", "R-TOY-1", (
        Step("gain", "Gain.", gain, (
            Param("who", "Who gains.", Kind.NAME, positional=True, required=True),
            Param("favor", "Favor.", Kind.NUMBER), Param("disgrace", "Disgrace.", Kind.NUMBER),
            Param("by", "Columns.", Kind.NUMBER), Param("to", "Where to."),
            Param("note", "Why.")),
             offer=lambda state: [Offered(None, {"by": -1}, ("note",),
                                          (("favor", "disgrace"), ("by", "to")))]),))
    (option,) = steps.options(0)
    assert option.needs == ("who", "favor", "note")
    assert dict(option.instead) == {"favor": ("disgrace",)}
    assert option.events(who="ann", disgrace=1) == [("gain", "ann", None, 1, -1, None)]
    assert option.events(who="ann", favor=2, to="highest") == [
        ("gain", "ann", 2, None, None, "highest")]  # the offered by gives way
    with pytest.raises(ValueError, match="gain has no parameter 'shame' to need"):
        Option(steps["gain"], 0, None, {}, ("shame",))
