"""Whole numbers within bounds through one attrs-validator factory (core.bounds): the
refusal names the field, what was expected and what was given, in each package's own
error class."""

from __future__ import annotations

import attrs
import pytest

from boardgames.counters import Bounded
from boardgames.deckbuilding.events import Damage
from boardgames.errors import BadValue as GameBadValue
from boardgames.housewar.events import Start
from conflict.errors import BadValue as ConflictBadValue
from conflict.fields import whole as conflict_whole
from core.bounds import BadNumber, Bounds, check_whole, said_by, whole
from core.errors import Malformed


@attrs.frozen
class Pool:
    dice: int = attrs.field(validator=whole(2, 10, rule="R-DICE-1"))
    bonus: int | None = attrs.field(default=None, validator=whole(0, rule="R-DICE-1",
                                                                   optional=True))


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"dice": 11}, "R-DICE-1: dice must be 2–10, got 11"),
    ({"dice": "6"}, "R-DICE-1: dice must be a whole number 2–10, got '6'"),
    ({"dice": True}, "R-DICE-1: dice must be a whole number 2–10, got True"),
    ({"dice": 4.0}, "R-DICE-1: dice must be a whole number 2–10, got 4.0"),
    ({"dice": 4, "bonus": -1}, "R-DICE-1: bonus must be 0 or more, got -1"),
])
def test_r_dice_1_a_refusal_names_the_field_what_was_expected_and_what_was_given(
        kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(BadNumber) as caught:
        Pool(**kwargs)  # type: ignore[arg-type]
    assert str(caught.value) == message and isinstance(caught.value, Malformed)


def test_r_dice_1_values_within_bounds_pass_untouched() -> None:
    assert Pool(2, None) == Pool(2) and Pool(10, 0).bonus == 0
    assert check_whole(7, "x", high=7) == 7


def test_each_package_raises_its_own_error_in_the_shared_words() -> None:
    with pytest.raises(GameBadValue, match=r"^R-HW-5: players must be 3–5, got 6$"):
        Start(6, "short")
    with pytest.raises(GameBadValue, match=r"^R-HW-5: players must be a whole number 3–5"):
        Start("3", "short")  # type: ignore[arg-type]
    with pytest.raises(GameBadValue, match=r"^value must be 0 or more, got -1$"):
        Bounded(-1)

    @attrs.frozen
    class Act:
        pool: int = attrs.field(validator=conflict_whole(2, 10, "R-CON-11"))

    with pytest.raises(ConflictBadValue, match=r"^R-CON-11: pool must be 2–10, got 1$"):
        Act(1)


def test_r_dbg_1_the_deckbuilding_game_says_it_in_its_catalog_s_words() -> None:
    with pytest.raises(GameBadValue) as caught:
        Damage("Vin", -3)
    assert str(caught.value) == "R-DBG-1: the amount must be a whole number 1–999, got -3"
    assert "liczbą całkowitą 1–999" in caught.value.text("pl")  # type: ignore[attr-defined]


def test_a_package_may_say_whole_number_for_a_bound_too() -> None:
    refuse = said_by(GameBadValue, whole_in_range=True)
    with pytest.raises(GameBadValue, match=r"^R-STF-1: a die must be a whole number 1–8, got 9$"):
        check_whole(9, "a die", 1, 8, rule="R-STF-1", refuse=refuse)
    assert Bounds("x", 3, high=2).span == "2 or less"


def test_r_dice_1_a_refusal_carries_the_value_and_the_steps_parameter_as_data() -> None:
    """The number given is the refusal's ``value``; where a step's parameter gave it,
    ``param`` names it by its table name; the sentence is the same either way."""
    with pytest.raises(BadNumber) as caught:
        check_whole(11, "pool", 2, 10, rule="R-DICE-1", param="dice")
    error = caught.value
    assert (str(error), error.rule, error.param, error.value) == (
        "R-DICE-1: pool must be 2–10, got 11", "R-DICE-1", "dice", 11)
    with pytest.raises(BadNumber) as bare:
        Pool(dice=1)
    assert (bare.value.param, bare.value.value) == (None, 1)  # no step gave it
    with pytest.raises(GameBadValue) as localized:
        check_whole(0, "the amount", 1, 9, rule="R-DBG-1", param="amount",
                    refuse=said_by(GameBadValue))
    assert (localized.value.param, localized.value.value) == ("amount", 0)
    with pytest.raises(GameBadValue) as damage:
        Damage("Vin", -3)
    assert (damage.value.param, damage.value.value) == (None, -3)
