"""Paying costs (R-HW-4): the rulebook's examples, and the solver against brute force.

The brute force below shares nothing with the library's arithmetic: it tries every way
to give each icon of a cost a token of its own kind, one Atium or any two tokens, and
every set of tokens a House could spend.
"""

from __future__ import annotations

import itertools
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import scaled

from boardgames.errors import BadValue, RuleViolation
from boardgames.housewar.pay import (
    Pair,
    can_pay,
    cheapest_payment,
    effective_cost,
    explain_payment,
    shortfall,
)
from boardgames.housewar.resources import BASIC, RESOURCES, Resource, Resources

ATIUM = RESOURCES.index(Resource.ATIUM)


@cache
def _covers(icons: tuple[int, ...], tokens: tuple[int, ...]) -> bool:
    """Whether ``tokens`` (counts by kind) pay exactly for ``icons`` (counts by basic
    kind), every token used: pay the first remaining icon every way possible."""
    if not any(icons):
        return not any(tokens)
    icon = next(i for i, n in enumerate(icons) if n)
    rest = list(icons)
    rest[icon] -= 1
    after = tuple(rest)
    ways: list[tuple[int, ...]] = []
    for kind in (icon, ATIUM):  # a token of its own kind, or one Atium
        ways.append(tuple(1 if k == kind else 0 for k in range(len(RESOURCES))))
    for a, b in itertools.combinations_with_replacement(range(len(RESOURCES)), 2):
        ways.append(tuple((k == a) + (k == b) for k in range(len(RESOURCES))))
    for way in set(ways):
        if all(t >= w for t, w in zip(tokens, way, strict=True)) and _covers(
                after, tuple(t - w for t, w in zip(tokens, way, strict=True))):
            return True
    return False


def brute_valid(spent: Resources, cost: Resources) -> bool:
    return _covers(cost.vector()[:5], spent.vector())


def brute_payments(holdings: Resources, cost: Resources) -> list[Resources]:
    """Every set of tokens from ``holdings`` that pays exactly for ``cost``."""
    out = []
    for vector in itertools.product(*(range(n + 1) for n in holdings.vector())):
        spent = Resources(*vector)
        if brute_valid(spent, cost):
            out.append(spent)
    return out


def best_key(holdings: Resources, spent: Resources) -> tuple[object, ...]:
    """The documented order of payments: fewest Atium, fewest tokens, then what is
    kept as even as possible, then the earlier kinds spent first."""
    kept = (holdings - spent).vector()
    return (spent.atium, spent.total, sorted(kept, reverse=True), kept)


small_holdings = st.builds(Resources, *(st.integers(0, 2) for _ in BASIC), st.integers(0, 2))
small_costs = st.builds(Resources, *(st.integers(0, 2) for _ in BASIC)).filter(
    lambda c: 0 < c.total <= 4)


# --- the rulebook's examples ------------------------------------------------------------


def test_r_hw_4_brandon_pays_two_food_with_atium_money_and_prestige() -> None:
    # Brandon has 1 Atium, 1 Money, 1 Prestige; the Problem costs 2 Food: the Atium
    # pays one Food, the Money and Prestige together the other.
    payment = cheapest_payment(Resources(money=1, prestige=1, atium=1), Resources(food=2))
    assert payment is not None
    assert payment.spent == Resources(money=1, prestige=1, atium=1)
    assert payment.by_atium == Resources(food=1)
    assert payment.pairs == (Pair(Resource.FOOD, Resource.MONEY, Resource.PRESTIGE),)
    assert payment.text() == "1 Atium as Food, 1 Money + 1 Prestige as Food"


def test_r_hw_4_elariel_converts_money_and_warriors_for_the_missing_prestige() -> None:
    payment = cheapest_payment(Resources(money=1, warriors=1), Resources(prestige=1))
    assert payment is not None
    assert payment.spent == Resources(money=1, warriors=1)
    assert payment.text() == "1 Money + 1 Warrior as Prestige"  # R-HW-4, in the singular


def test_r_hw_4_lekal_short_one_prestige() -> None:
    # Lekal cannot solve Disobedience alone: short 1 Prestige.
    holdings = Resources(skaa=2)
    cost = Resources(skaa=2, prestige=1)
    assert not can_pay(holdings, cost)
    assert shortfall(holdings, cost) == 1
    assert shortfall(holdings + Resources(prestige=1), cost) == 0


def test_r_hw_4_growing_suspicions_with_a_tineye_and_an_informant() -> None:
    printed = Resources(food=2, prestige=2, skaa=2)
    after_tineye = effective_cost(printed, lowered=Resources(prestige=2))
    assert after_tineye == Resources(food=2, skaa=2)
    both = effective_cost(printed, lowered=Resources(prestige=2), raised=Resources(warriors=2))
    assert both == Resources(food=2, skaa=2, warriors=2)


def test_r_hw_4_reducers_never_remove_more_than_is_printed() -> None:
    printed = Resources(food=1, skaa=2)
    # Lesser Noble: -2 Food on a card that prints 1 Food removes only that one.
    assert effective_cost(printed, lowered=Resources(food=2)) == Resources(skaa=2)
    # An Informant's 2 Food are not printed: a reducer cannot take them away.
    assert effective_cost(printed, lowered=Resources(food=3),
                          raised=Resources(food=2)) == Resources(food=2, skaa=2)


def test_r_hw_4_atium_is_never_a_cost_icon() -> None:
    with pytest.raises(BadValue, match="R-HW-4: a cost names only"):
        cheapest_payment(Resources(atium=3), Resources(atium=1))


def test_r_hw_4_two_for_one_as_often_as_wanted() -> None:
    # 6 Money pay 3 Skaa, two for each.
    payment = cheapest_payment(Resources(money=6), Resources(skaa=3))
    assert payment is not None and payment.spent == Resources(money=6)
    assert cheapest_payment(Resources(money=5), Resources(skaa=3)) is None


def test_r_hw_4_prefers_fewest_atium_then_fewest_tokens() -> None:
    # 1 Atium or 2 Money could pay the Skaa: Atium is saved.
    payment = cheapest_payment(Resources(food=1, money=2, atium=1), Resources(food=1, skaa=1))
    assert payment is not None and payment.spent == Resources(food=1, money=2)
    # With 3 Money and 1 Atium for 2 icons: one pair of Money and one Atium, not
    # Money + Atium in a pair.
    payment = cheapest_payment(Resources(money=3, atium=1), Resources(skaa=2))
    assert payment is not None and payment.spent == Resources(money=2, atium=1)


def test_r_hw_4_pairs_come_from_what_the_house_holds_most() -> None:
    payment = cheapest_payment(Resources(money=1, food=4, prestige=2), Resources(skaa=2))
    assert payment is not None
    assert payment.spent == Resources(food=3, prestige=1)  # keeps one of each
    # Equal piles: the earlier kind goes first (Money before Food before Prestige).
    payment = cheapest_payment(Resources(money=1, food=3, prestige=2), Resources(skaa=2))
    assert payment is not None
    assert payment.spent == Resources(money=1, food=2, prestige=1)


# --- explaining a chosen payment -------------------------------------------------------


def test_r_hw_4_explain_refuses_too_few_and_too_many_tokens() -> None:
    with pytest.raises(RuleViolation, match=r"R-HW-4: .*each icon takes at least 1 token"):
        explain_payment(Resources(money=1), Resources(food=2))
    with pytest.raises(RuleViolation, match=r"R-HW-4: .*at most 2 tokens per icon"):
        explain_payment(Resources(money=3), Resources(food=1))
    with pytest.raises(RuleViolation, match=r"R-HW-4: .*cannot pay"):
        explain_payment(Resources(money=1, food=1), Resources(skaa=1, prestige=1))


def test_r_hw_4_explain_allows_a_wasteful_pair() -> None:
    payment = explain_payment(Resources(food=2), Resources(food=1))
    assert payment.pairs == (Pair(Resource.FOOD, Resource.FOOD, Resource.FOOD),)


# --- brute force ---------------------------------------------------------------------


@settings(max_examples=scaled(400), deadline=None)
@given(small_holdings, small_costs)
def test_r_hw_4_cheapest_payment_equals_brute_force(holdings: Resources,
                                                    cost: Resources) -> None:
    payments = brute_payments(holdings, cost)
    found = cheapest_payment(holdings, cost)
    assert (found is None) == (not payments)
    assert can_pay(holdings, cost) == bool(payments)
    if found is None:
        assert shortfall(holdings, cost) > 0
        return
    assert shortfall(holdings, cost) == 0
    best = min(payments, key=lambda spent: best_key(holdings, spent))
    assert found.spent == best
    _check_plan(found.spent, cost, found)


@settings(max_examples=scaled(400), deadline=None)
@given(small_holdings, small_costs)
def test_r_hw_4_explain_payment_equals_brute_force(spent: Resources, cost: Resources) -> None:
    valid = brute_valid(spent, cost)
    if not valid:
        with pytest.raises(RuleViolation, match="R-HW-4"):
            explain_payment(spent, cost)
        return
    _check_plan(spent, cost, explain_payment(spent, cost))


@settings(max_examples=scaled(200), deadline=None)
@given(small_holdings, small_costs)
def test_r_hw_4_shortfall_is_the_fewest_tokens_to_add(holdings: Resources,
                                                      cost: Resources) -> None:
    need = shortfall(holdings, cost)
    # No set of fewer added tokens of any kinds lets the House pay.
    for extra in itertools.combinations_with_replacement(RESOURCES, max(need - 1, 0)):
        more = holdings + Resources.of((kind, 1) for kind in extra)
        assert need == 0 or not brute_payments(more, cost)
    assert can_pay(holdings + Resources(atium=need), cost)


def _check_plan(spent: Resources, cost: Resources, payment: object) -> None:
    from boardgames.housewar.pay import Payment

    assert isinstance(payment, Payment)
    icons = payment.direct + payment.by_atium + Resources.of(
        (pair.icon, 1) for pair in payment.pairs)
    tokens = payment.direct + Resources(atium=payment.by_atium.total) + Resources.of(
        [(pair.first, 1) for pair in payment.pairs]
        + [(pair.second, 1) for pair in payment.pairs])
    assert icons == cost
    assert tokens == spent == payment.spent
