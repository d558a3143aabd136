"""One error base for every game: a tool author catches ``core.errors.RefusedError``
for any refusal, ``Malformed`` for bad input and ``NotAllowed`` for what the rules
forbid now, whichever package raised it; each package keeps its classes and messages."""

from __future__ import annotations

import pytest

import boardgames.errors
import characters.errors
import conflict.errors
import table.errors
from boardgames import deckbuilding
from characters.names import check_name
from conflict.dice import check_count
from core.errors import Malformed, NotAllowed, RefusedError


@pytest.mark.parametrize(("error", "family"), [
    (conflict.errors.BadValue, Malformed),
    (conflict.errors.RuleViolation, NotAllowed),
    (boardgames.errors.BadValue, Malformed),
    (boardgames.errors.RuleViolation, NotAllowed),
    (characters.errors.SheetValueError, Malformed),
    (characters.errors.UnreadableData, Malformed),
    (characters.errors.SheetRuleViolation, NotAllowed),
    (characters.errors.NameLooksAlike, NotAllowed),
    (table.errors.NameTaken, NotAllowed),
    (table.errors.UnknownPlayer, Malformed),
])
def test_every_package_s_errors_share_one_base(error: type[Exception],
                                                family: type[Exception]) -> None:
    assert issubclass(error, family)
    assert issubclass(error, RefusedError)
    assert issubclass(error, ValueError)


def test_r_char_1_a_sheet_s_refusal_is_caught_by_the_one_base() -> None:
    with pytest.raises(Malformed, match="R-CHAR-1: name must be"):
        check_name("")


def test_r_dice_a_pool_s_refusal_names_its_rule_through_the_one_base() -> None:
    with pytest.raises(RefusedError) as caught:
        check_count(-3)
    assert caught.value.rule is not None
    assert caught.value.rule in str(caught.value)


def test_r_dbg_1_a_board_game_s_refusal_is_caught_by_the_one_base() -> None:
    with pytest.raises(RefusedError) as caught:
        deckbuilding.start(["Vin"])
    assert caught.value.rule == "R-DBG-1"


def test_r_con_15_a_refusal_gives_its_sentence_without_the_rule() -> None:
    """``str(error)`` begins with the rule; ``error.message`` is the sentence alone, so a
    program printing ``f"{error.rule}: {error.message}"`` says the rule once."""
    error = conflict.errors.RuleViolation("Vin already defended against action 3",
                                          rule="R-CON-15")
    assert str(error) == "R-CON-15: Vin already defended against action 3"
    assert error.message == "Vin already defended against action 3"
    assert f"{error.rule}: {error.message}" == str(error)


@pytest.mark.parametrize("refuse", [
    lambda: check_name(""),
    lambda: check_count(-3),
    lambda: deckbuilding.start(["Vin"]),
    lambda: characters.errors.SheetRuleViolation("no Nudges left", rule="R-CHAR-4"),
])
def test_every_package_s_refusal_has_its_message_without_the_rule(refuse: object) -> None:
    try:
        error = refuse()  # type: ignore[operator]
    except RefusedError as raised:
        error = raised
    assert isinstance(error, RefusedError) and error.rule
    assert str(error).startswith(f"{error.rule}: ")
    assert error.message == str(error)[len(error.rule) + 2:]
    assert error.rule not in error.message


def test_a_refusal_without_a_rule_is_its_message() -> None:
    error = boardgames.errors.BadValue("a name must be text")
    assert error.rule is None
    assert error.message == str(error) == "a name must be text"

