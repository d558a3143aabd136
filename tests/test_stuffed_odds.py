"""Exact odds and the best keep (R-STF-8), checked against hand-worked answers, an
independent brute force over every keep and every face, and seeded simulation."""

from __future__ import annotations

import functools
import itertools
import random
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import scaled

from boardgames.errors import BadValue, RuleViolation
from boardgames.stuffed.dice import (
    DEFAULT_DIE,
    SYMBOLS,
    Combo,
    Die,
    Symbol,
    parse_combo,
    parse_symbols,
)
from boardgames.stuffed.odds import best_keep, chance, chance_if_kept

C, E, B, IN, CH, R = (Symbol.COIN, Symbol.ESSENCE, Symbol.BIRDEN, Symbol.INTELLIGENCE,
                     Symbol.CHARISMA, Symbol.RESOURCE)


# --- an independent brute force -------------------------------------------------------


def _makes(combo: Combo, dice: tuple[Symbol, ...]) -> bool:
    """Straight from the rules: take the named symbols out, then each set (largest
    first) from any one non-Birden symbol, trying every symbol."""
    left = list(dice)
    for symbol, count in combo.needs:
        for _ in range(count):
            if symbol not in left:
                return False
            left.remove(symbol)

    def sets(rest: list[Symbol], kinds: tuple[int, ...]) -> bool:
        if not kinds:
            return True
        for symbol in set(rest):
            if symbol is not B and rest.count(symbol) >= kinds[0]:
                after = list(rest)
                for _ in range(kinds[0]):
                    after.remove(symbol)
                if sets(after, kinds[1:]):
                    return True
        return False

    return sets(left, combo.kinds)


class Brute:
    """Every keep (every subset of dice) and every face sequence, in fractions."""

    def __init__(self, combo: str, die: Die, dice: int) -> None:
        self.combo, self.die, self.n = parse_combo(combo), die, dice

    @functools.cache  # noqa: B019 - a few small instances per test
    def value(self, rerolls: int, dice: tuple[Symbol, ...]) -> Fraction:
        if _makes(self.combo, dice):
            return Fraction(1)
        if rerolls == 0:
            return Fraction(0)
        return max(self.after_keep(rerolls, tuple(sorted(keep, key=SYMBOLS.index)))
                   for size in range(self.n + 1)
                   for keep in itertools.combinations(dice, size))

    @functools.cache  # noqa: B019
    def after_keep(self, rerolls: int, keep: tuple[Symbol, ...]) -> Fraction:
        rolled = self.n - len(keep)
        total = Fraction(0)
        for faces in itertools.product(self.die.faces, repeat=rolled):
            total += self.value(rerolls - 1, tuple(sorted(keep + faces, key=SYMBOLS.index)))
        return total / 6**rolled

    def from_scratch(self, rerolls: int) -> Fraction:
        return self.after_keep(rerolls + 1, ())


DIES = {
    "default": DEFAULT_DIE,
    "coin-heavy": Die.parse("c c c c c b"),
    "pairs": Die.parse("c e e b b i"),
    "no-charisma": Die.parse("c c e e b ch"),
}
SMALL_COMBOS = ["3-kind", "c,e", "c:2", "b,2-kind", "2-kind,2-kind", "c,b", "e:2,c", "i"]


@pytest.mark.parametrize("die_name", list(DIES))
@pytest.mark.parametrize("combo", SMALL_COMBOS)
def test_r_stf_8_from_scratch_equals_brute_force(die_name: str, combo: str) -> None:
    die = DIES[die_name]
    for dice, most in ((1, 2), (2, 2), (3, 2), (4, 1)):
        for rerolls in range(most + 1):
            expected = Brute(combo, die, dice).from_scratch(rerolls)
            assert chance(combo, dice=dice, rerolls=rerolls, die=die) == expected, (
                dice, rerolls)


@pytest.mark.parametrize("die_name", list(DIES))
def test_r_stf_8_best_keep_equals_brute_force_over_all_keeps(die_name: str) -> None:
    die = DIES[die_name]
    rng = random.Random(8)
    for combo in SMALL_COMBOS:
        for dice in (2, 3, 4):
            brute = Brute(combo, die, dice)
            for rerolls in (1, 2) if dice < 4 else (1,):
                for _ in range(4):
                    roll = die.roll(dice, rng)
                    odds = best_keep(combo, list(roll), rerolls=rerolls, die=die)
                    best = brute.value(rerolls, tuple(sorted(roll, key=SYMBOLS.index)))
                    assert odds.chance == best, (combo, roll, rerolls)
                    if odds.matched is None and parse_combo(combo).size <= dice:
                        # the keep given achieves it, exactly
                        kept = [p for p, _ in odds.keep]
                        assert chance_if_kept(combo, list(roll), kept, rerolls=rerolls,
                                              die=die) == best
                        assert sorted(kept + list(odds.reroll)) == list(range(1, dice + 1))
                        assert all(roll[p - 1] is s for p, s in odds.keep)


def test_r_stf_8_chance_if_kept_equals_brute_force_for_every_keep() -> None:
    die, combo = DEFAULT_DIE, "c,2-kind"
    brute = Brute(combo, die, 4)
    roll = parse_symbols("c e e b")
    for size in range(5):
        for kept in itertools.combinations(range(1, 5), size):
            keep = tuple(sorted((roll[p - 1] for p in kept), key=SYMBOLS.index))
            assert chance_if_kept(combo, roll, list(kept), rerolls=2) == brute.after_keep(
                2, keep), kept


# --- known answers --------------------------------------------------------------------


def test_r_stf_8_known_answer_any_three_of_a_kind_in_one_roll() -> None:
    assert chance("3-kind") == Fraction(339545, 559872)


def test_r_stf_8_known_answer_at_least_one_birden_in_eight_dice() -> None:
    assert chance("b") == Fraction(1288991, 1679616)
    assert chance("birden", dice=8, rerolls=0) == 1 - Fraction(5, 6) ** 8


def test_r_stf_8_one_symbol_by_hand_every_die_and_reroll_gives_a_fresh_chance() -> None:
    # One coin wanted: nothing useful is ever kept, so it is 1 - (5/6)^(dice × rolls).
    for dice in range(1, 9):
        for rerolls in range(4):
            assert chance("c", dice=dice, rerolls=rerolls) == 1 - Fraction(5, 6) ** (
                dice * (rerolls + 1))


def test_r_stf_8_two_coins_on_two_dice_by_hand() -> None:
    # both coin 1/36; one coin 10/36, keep it and need 1/6; none 25/36, need 1/36
    assert chance("c:2", dice=2, rerolls=1) == (
        Fraction(1, 36) + Fraction(10, 36) * Fraction(1, 6) + Fraction(25, 36) / 36)


def test_r_stf_8_keep_both_pairs_for_three_of_a_kind() -> None:
    # coin coin essence essence + four singles, one reroll: keeping both pairs leaves 4
    # dice that finish with a coin or an essence on any of them (1 - (4/6)^4), or with
    # 3 of another symbol among the 4 rerolled.
    odds = best_keep("3-kind", "c c e e b i ch r", rerolls=1)
    assert [p for p, _ in odds.keep] == [1, 2, 3, 4] and odds.reroll == (5, 6, 7, 8)
    three_more = sum(  # 4 rerolled dice showing 3+ of intelligence, charisma or resource
        1 for faces in itertools.product(range(6), repeat=4)
        if not ({0, 1} & set(faces)) and any(faces.count(f) >= 3 for f in (3, 4, 5)))
    assert odds.chance == 1 - Fraction(4, 6) ** 4 + Fraction(three_more, 6**4)


def test_r_stf_8_on_a_lopsided_die_rerolling_a_useful_die_is_better() -> None:
    # Five coin faces, one Birden. Wanted: a coin and a Birden from 2 dice showing
    # coin, coin. Keeping a coin needs a Birden on 1 die (1/6); rerolling both needs
    # one of each (2 × 5/6 × 1/6 = 10/36), so the best keep is nothing.
    die = Die.parse("c c c c c b")
    odds = best_keep("c,b", "c c", rerolls=1, die=die)
    assert odds.chance == Fraction(10, 36)
    assert odds.keep == () and odds.reroll == (1, 2)
    assert chance_if_kept("c,b", "c c", [1], rerolls=1, die=die) == Fraction(1, 6)


def test_r_stf_8_symbols_the_default_die_treats_alike_give_equal_odds() -> None:
    for rerolls in range(3):
        assert chance("c:2,e", rerolls=rerolls) == chance("i:2,r", rerolls=rerolls)
        assert chance("b,3-kind", rerolls=rerolls) != chance("c,3-kind", rerolls=rerolls)


def test_r_stf_8_a_die_without_a_needed_symbol_never_makes_it() -> None:
    die = Die.parse("c c e e b b")
    assert chance("ch", rerolls=3, die=die) == 0
    assert chance("3-kind", die=die) > 0


def test_r_stf_8_matched_dice_need_no_reroll() -> None:
    odds = best_keep("ch:2,i", "b ch e i ch", rerolls=2)
    assert odds.chance == 1 and odds.matched == (2, 4, 5) and odds.reroll == ()
    assert [p for p, _ in odds.keep] == [2, 4, 5]


def test_r_stf_8_no_reroll_left_and_no_match_is_zero() -> None:
    odds = best_keep("ch:2,i", "b ch e c c", rerolls=0)
    assert odds.chance == 0 and odds.keep == () and odds.reroll == ()


def test_r_stf_8_more_dice_than_left_is_zero() -> None:
    assert best_keep("4-kind", "c c c", rerolls=3).chance == 0
    assert chance("c:3", dice=2, rerolls=3) == 0


def test_r_stf_8_positions_follow_the_dice_given() -> None:
    # Unspent dice keep their table positions: dice 2, 5, 7, 8 left of eight.
    dice = [(2, CH), (5, B), (7, CH), (8, E)]
    odds = best_keep("ch:2,e", dice, rerolls=1)
    assert odds.matched == (2, 7, 8)
    odds = best_keep("ch:3", dice, rerolls=1)
    assert [p for p, _ in odds.keep] == [2, 7] and odds.reroll == (5, 8)
    assert odds.chance == 1 - Fraction(5, 6) ** 2


def test_r_stf_6_a_paid_reroll_spends_a_die_of_the_attribute_first() -> None:
    # Hero with charisma rerolls: one charisma is spent, so only 1 charisma stays.
    odds = best_keep("ch:2,i,r", "c c e ch ch i b b", rerolls=1, pay="ch")
    assert odds.paid == 5 and [p for p, _ in odds.keep] == [4, 6]
    assert odds.chance == chance_if_kept("ch:2,i,r", [(p, s) for p, s in enumerate(
        parse_symbols("c c e ch ch i b b"), start=1) if p != 5], [4, 6], rerolls=1)
    free = best_keep("ch:2,i,r", "c c e ch ch i b b", rerolls=1, pay="c")
    assert free.paid == 2 and free.chance == 1 - Fraction(5, 6) ** 4
    with pytest.raises(RuleViolation, match="R-STF-6: no unspent die shows resource"):
        best_keep("ch:2,i,r", "c c e ch ch i b b", rerolls=1, pay="r")


class PaidBrute:
    """Every use or not of each reroll of a plan, every payer, every keep and every face
    sequence, straight from R-STF-3 and R-STF-6, in fractions."""

    def __init__(self, combo: str, die: Die, plan: tuple[Symbol | None, ...]) -> None:
        self.combo, self.die, self.plan = parse_combo(combo), die, plan

    @functools.cache  # noqa: B019 - a few small instances per test
    def value(self, step: int, dice: tuple[Symbol, ...]) -> Fraction:
        if _makes(self.combo, dice):
            return Fraction(1)
        if step == len(self.plan):
            return Fraction(0)
        best = self.value(step + 1, dice)  # the reroll not used
        price = self.plan[step]
        if price is None or price in dice:
            left = list(dice)
            if price is not None:
                left.remove(price)  # the die spent on the ability
            best = max(best, self.used(step, tuple(left)))
        return best

    def used(self, step: int, dice: tuple[Symbol, ...]) -> Fraction:
        return max(self.rolled(step, tuple(sorted(keep, key=SYMBOLS.index)), len(dice))
                   for size in range(len(dice) + 1)
                   for keep in itertools.combinations(dice, size))

    @functools.cache  # noqa: B019
    def rolled(self, step: int, keep: tuple[Symbol, ...], dice: int) -> Fraction:
        count = dice - len(keep)
        total = Fraction(0)
        for faces in itertools.product(self.die.faces, repeat=count):
            total += self.value(step + 1, tuple(sorted(keep + faces, key=SYMBOLS.index)))
        return total / 6**count

    def first_used(self, dice: tuple[Symbol, ...]) -> Fraction:
        """The chance when the first reroll is used now (paid, if it costs a die)."""
        left = list(dice)
        if self.plan[0] is not None:
            left.remove(self.plan[0])
        return self.used(0, tuple(sorted(left, key=SYMBOLS.index)))


def test_r_stf_6_two_paid_rerolls_by_hand() -> None:
    # One charisma wanted from 3 intelligence dice; two abilities each cost an
    # intelligence die. Pay, roll both others: 11/36. If neither shows charisma (25 of
    # 36), 9 of those show an intelligence to pay the second ability, which rolls the
    # last die: 9/36 · 1/6. In all 11/36 + 1/24 = 25/72 — better than keeping an
    # intelligence for the second ability (1/6 + 5/6 · 1/6 = 11/36).
    odds = best_keep("ch", "i i i", rerolls=2, pay=["i", "i"])
    assert odds.chance == Fraction(25, 72)
    assert (odds.paid, odds.keep, odds.reroll) == (3, (), (1, 2))
    # With 2 dice the second ability has no die left to pay for it.
    assert best_keep("ch", "i i", rerolls=2, pay=["i", "i"]).chance == Fraction(1, 6)
    assert best_keep("ch", "i i", rerolls=2, pay=["i", None]).chance == Fraction(11, 36)
    # A free reroll first, then a paid one: keeping the intelligence to pay for it
    # gives 1/6 + 5/6 · 1/6 = 11/36; rolling both and hoping for an intelligence among
    # the misses gives 25/72, as above: roll both.
    free_first = best_keep("ch", "i c", rerolls=2, pay=[None, "i"])
    assert (free_first.paid, free_first.keep, free_first.reroll) == (None, (), (1, 2))
    assert free_first.chance == Fraction(25, 72)


@pytest.mark.parametrize(("combo", "roll", "plan"), [
    ("ch", "i i i", ("i", "i")),
    ("ch:2", "ch i i", ("i", "i")),
    ("ch:2", "ch i c", ("i", "i")),
    ("c,e", "i i b", ("i", None, "i")),
    ("2-kind", "i b e", ("i", "i")),
    ("ch,i", "i i c", (None, "i", "i")),
    ("c:2", "c i i e", ("i", "i")),
    ("2-kind", "b b i i", ("i", "b")),
])
def test_r_stf_6_paid_rerolls_equal_brute_force(combo: str, roll: str,
                                                plan: tuple[str | None, ...]) -> None:
    for die in (DEFAULT_DIE, DIES["pairs"]):
        prices = tuple(None if p is None else parse_symbols([p])[0] for p in plan)
        dice = tuple(parse_symbols(roll))
        odds = best_keep(combo, roll, rerolls=len(plan), die=die, pay=list(plan))
        brute = PaidBrute(combo, die, prices)
        if odds.matched is not None:
            assert _makes(parse_combo(combo), dice)
            continue
        assert odds.chance == brute.first_used(dice), (combo, roll, plan, die)
        # The keep given achieves it: keep those, pay that die, roll the rest.
        kept = tuple(sorted((s for _, s in odds.keep), key=SYMBOLS.index))
        rolled = len(dice) - (odds.paid is not None)
        assert brute.rolled(0, kept, rolled) == odds.chance
        assert sorted([p for p, _ in odds.keep] + list(odds.reroll)
                      + ([odds.paid] if odds.paid else [])) == list(range(1, len(dice) + 1))


def test_r_stf_6_one_paid_reroll_gives_the_same_advice_either_way() -> None:
    from boardgames.stuffed.paid import plan_keep

    rng = random.Random(6)
    for combo in ("ch:2,i,r", "3-kind", "c,e", "ch:2"):
        for _ in range(3):
            roll = list(enumerate(DEFAULT_DIE.roll(6, rng), start=1))
            price = roll[0][1]
            odds = best_keep(combo, roll, rerolls=2, pay=price)
            if odds.matched is not None:
                continue
            chance_by_plan, _, paid = plan_keep(parse_combo(combo), roll, DEFAULT_DIE,
                                                (price, None))
            assert (chance_by_plan, paid) == (odds.chance, odds.paid)


def test_r_stf_6_more_paid_rerolls_than_rerolls_are_refused() -> None:
    with pytest.raises(BadValue, match="R-STF-8: 3 rerolls are paid for, but only 2"):
        best_keep("ch", "i i i", rerolls=2, pay=["i", "i", "i"])
    with pytest.raises(RuleViolation, match="R-STF-6: no unspent die shows coin"):
        best_keep("ch", "i i i", rerolls=2, pay=["c", "i"])


@pytest.mark.parametrize(("call", "said"), [
    (lambda: chance("c", rerolls=-1), "rerolls must be"),
    (lambda: chance("c", rerolls=9), "rerolls must be"),
    (lambda: chance("c", rerolls=True), "rerolls must be"),
    (lambda: chance("c", dice=9), "dice must be"),
    (lambda: best_keep("c", "c c c c c c c c c"), "at most 8 dice"),
    (lambda: best_keep("c", [(1, C), (1, E)]), "shows twice"),
    (lambda: best_keep("c", [(0, C)]), "positions must be whole numbers from 1"),
    (lambda: chance_if_kept("c", "c e", [3]), "no unspent die at position 3"),
    (lambda: chance_if_kept("c", "c e", [1, 1]), "shows twice"),
    (lambda: chance_if_kept("c", "c e", [1], rerolls=0), "needs a reroll"),
])
def test_r_stf_8_bad_questions_are_refused_on_one_line(call: object, said: str) -> None:
    with pytest.raises(BadValue) as caught:
        call()  # type: ignore[operator]
    assert said in str(caught.value) and "\n" not in str(caught.value)


# --- properties and simulation --------------------------------------------------------

small = st.sampled_from(["c", "c:2", "c,e", "3-kind", "b,2-kind", "2-kind,2-kind", "e:2,i"])


@settings(max_examples=scaled(40))
@given(small, st.integers(1, 5), st.integers(0, 2))
def test_r_stf_8_more_rerolls_or_dice_never_hurt(combo: str, dice: int, rerolls: int) -> None:
    base = chance(combo, dice=dice, rerolls=rerolls)
    assert chance(combo, dice=dice, rerolls=rerolls + 1) >= base
    assert chance(combo, dice=dice + 1, rerolls=rerolls) >= base
    assert 0 <= base <= 1


@pytest.mark.parametrize("combo", ["3-kind", "c:2,e", "b,2-kind"])
def test_r_stf_8_from_scratch_is_the_average_of_the_best_keep_over_first_rolls(
        combo: str) -> None:
    total = Fraction(0)
    for roll in itertools.product(SYMBOLS, repeat=3):
        total += best_keep(combo, list(roll), rerolls=2).chance
    assert total / 6**3 == chance(combo, dice=3, rerolls=2)


def _play(combo: str, die: Die, rerolls: int, rng: random.Random) -> bool:
    """One turn following the advice: roll 8, then keep as told and reroll the rest."""
    dice = list(die.roll(8, rng))
    for left in range(rerolls, -1, -1):
        odds = best_keep(combo, dice, rerolls=left, die=die)
        if odds.matched is not None:
            return True
        if left == 0:
            return False
        for position in odds.reroll:
            dice[position - 1] = die.faces[rng.randrange(6)]
    return False


@pytest.mark.parametrize(("combo", "die"), [
    ("ch:2,i,r", DEFAULT_DIE),
    ("4-kind", DEFAULT_DIE),
    ("b,2-kind,2-kind,2-kind", DEFAULT_DIE),
    ("c:3,3-kind", DEFAULT_DIE),
    ("e:2,b,3-kind", Die.parse("c c e b i r")),
])
def test_r_stf_8_seeded_simulation_of_the_advice_matches_the_exact_chance(
        combo: str, die: Die) -> None:
    rng = random.Random(20240808)
    trials, rerolls = 1500, 3
    wins = sum(_play(combo, die, rerolls, rng) for _ in range(trials))
    exact = float(chance(combo, rerolls=rerolls, die=die))
    spread = (exact * (1 - exact) / trials) ** 0.5
    assert abs(wins / trials - exact) <= 5 * spread + 0.01, (wins / trials, exact)


def test_r_stf_8_the_advice_beats_keeping_everything_useful() -> None:
    # A simple strategy (keep every die the combination could use) is never better.
    rng = random.Random(3)
    for _ in range(60):
        roll = DEFAULT_DIE.roll(8, rng)
        combo = "3-kind,3-kind"
        odds = best_keep(combo, list(roll), rerolls=2)
        if odds.matched is None:
            useful = [p for p, s in enumerate(roll, start=1) if s is not B]
            assert odds.chance >= chance_if_kept(combo, list(roll), useful, rerolls=2)


def test_r_stf_8_the_odds_import_no_heavy_library() -> None:
    # A command that only computes odds must start fast: no cattrs, rich or click.
    code = ("import sys, boardgames.stuffed.odds as o; print(o.chance('3-kind')); "
            "print(sorted(m for m in ('cattrs', 'rich', 'click') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["339545/559872", "[]"]
