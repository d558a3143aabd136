"""A game's table of steps offers what may be done now (``Steps.options``): each option
names its step, who takes it and its likely values, and builds the step's events."""

from __future__ import annotations

import random
from typing import Any

import pytest

from core.errors import Malformed
from core.steps import RANDOM, Kind, MissingValue, Offered, Param, Step, Steps, Values


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
