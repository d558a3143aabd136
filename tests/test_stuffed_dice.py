"""Stuffed's dice, aliases and combinations (R-STF-1, R-STF-4, R-STF-5)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardgames.errors import BadValue, GameError
from boardgames.stuffed.dice import (
    ALIASES,
    DEFAULT_DIE,
    SYMBOLS,
    Combo,
    Die,
    Symbol,
    makes,
    match,
    parse_combo,
    parse_symbol,
    parse_symbols,
)

C, E, B, IN, CH, R = (Symbol.COIN, Symbol.ESSENCE, Symbol.BIRDEN, Symbol.INTELLIGENCE,
                     Symbol.CHARISMA, Symbol.RESOURCE)

# What the module docstring promises a player may type, written out by hand.
DOCUMENTED = {
    "c": C, "co": C, "coi": C, "coin": C, "coins": C,
    "e": E, "es": E, "ess": E, "esse": E, "essen": E, "essenc": E, "essence": E,
    "essences": E,
    "b": B, "bi": B, "bir": B, "bird": B, "birde": B, "birden": B, "birdens": B,
    "i": IN, "in": IN, "int": IN, "inte": IN, "intel": IN, "intell": IN, "intelli": IN,
    "intellig": IN, "intellige": IN, "intelligen": IN, "intelligenc": IN, "intelligence": IN,
    "intelligences": IN,
    "ch": CH, "cha": CH, "char": CH, "chari": CH, "charis": CH, "charism": CH,
    "charisma": CH, "charismas": CH,
    "r": R, "re": R, "res": R, "reso": R, "resou": R, "resour": R, "resourc": R,
    "resource": R, "resources": R,
}


# --- R-STF-1: symbols, aliases, the die -----------------------------------------------


def test_r_stf_1_every_documented_alias_and_name_parses_in_any_case() -> None:
    for typed, symbol in DOCUMENTED.items():
        for variant in (typed, typed.upper(), typed.capitalize(), f"  {typed} "):
            assert parse_symbol(variant) is symbol, variant
    assert dict(ALIASES) == DOCUMENTED  # nothing more, nothing less is accepted


def test_r_stf_1_the_short_alias_of_each_symbol_is_the_documented_one() -> None:
    assert [s.alias for s in SYMBOLS] == ["c", "e", "b", "i", "ch", "r"]
    assert [s.short for s in SYMBOLS] == ["Co", "Es", "Bi", "In", "Ch", "Re"]
    for symbol in SYMBOLS:
        assert parse_symbol(symbol.alias) is symbol
        assert parse_symbol(symbol.value) is symbol


@pytest.mark.parametrize("typed", ["", "x", "cx", "coinz", "birdie", "5", "chh", "coin:2"])
def test_r_stf_1_unknown_symbols_are_refused_with_the_aliases(typed: str) -> None:
    with pytest.raises(BadValue) as caught:
        parse_symbol(typed)
    message = str(caught.value)
    assert message.startswith("R-STF-1: ") and "\n" not in message
    assert "charisma/ch" in message


def test_r_stf_1_a_huge_bad_value_is_quoted_short() -> None:
    with pytest.raises(BadValue) as caught:
        parse_symbol("z" * 5000)
    assert len(str(caught.value)) < 200


def test_r_stf_1_dice_typed_with_spaces_or_commas() -> None:
    assert parse_symbols("c c e b i ch r r") == (C, C, E, B, IN, CH, R, R)
    assert parse_symbols("Coin, coin,ESSENCE  b,i ,ch,r,res") == (C, C, E, B, IN, CH, R, R)
    assert parse_symbols(["co", Symbol.BIRDEN]) == (C, B)
    with pytest.raises(BadValue):
        parse_symbols(12)


def test_r_stf_1_the_default_die_shows_each_symbol_once() -> None:
    assert DEFAULT_DIE.faces == SYMBOLS
    assert all(DEFAULT_DIE.weight(s) == 1 for s in SYMBOLS)
    assert DEFAULT_DIE.is_default


def test_r_stf_1_a_custom_die_may_repeat_or_leave_out_symbols() -> None:
    die = Die.parse("c,c,c,e,b,r")
    assert die.weight(C) == 3 and die.weight(CH) == 0 and die.weight(IN) == 0
    assert not die.is_default
    assert Die([C, C, C, E, B, R]) == die


@pytest.mark.parametrize("faces", ["c,e,b,i,ch", "c,e,b,i,ch,r,r", "", "c,e,b,i,ch,x"])
def test_r_stf_1_a_die_has_exactly_six_symbol_faces(faces: str) -> None:
    with pytest.raises(BadValue, match="R-STF-1"):
        Die.parse(faces)


def test_r_stf_1_rolling_uses_the_die_and_the_given_source() -> None:
    die = Die.parse("c,c,c,c,c,b")
    faces = die.roll(8, random.Random(3))
    assert len(faces) == 8 and set(faces) <= {C, B}
    assert die.roll(8, random.Random(3)) == faces  # seeded: repeatable
    assert len(DEFAULT_DIE.roll(5)) == 5  # the secure source by default
    with pytest.raises(BadValue):
        DEFAULT_DIE.roll(9)


def test_r_stf_1_the_default_die_rolls_every_symbol_about_equally() -> None:
    rng = random.Random(11)
    rolled = Counter(s for _ in range(3000) for s in DEFAULT_DIE.roll(8, rng))
    for symbol in SYMBOLS:  # 24000 dice, expected 4000 each, sd ≈ 58
        assert 3700 < rolled[symbol] < 4300


# --- combinations ---------------------------------------------------------------------


def test_r_stf_5_combination_syntax_with_names_aliases_and_counts() -> None:
    full = parse_combo("charisma:2,intelligence,resource")
    assert full == Combo({CH: 2, IN: 1, R: 1})
    assert parse_combo("ch:2,i,r") == full
    assert parse_combo("  CH:2  i, R ") == full
    assert parse_combo("ch,i,ch,r") == full  # entries add up
    assert full.size == 4
    assert full.text == "intelligence,charisma:2,resource"
    assert full.short == "i,ch:2,r"
    assert full.words == "intelligence, 2 charisma and resource"
    assert parse_combo(full.text) == full and parse_combo(full.short) == full


def test_r_stf_4_n_of_a_kind_combinations() -> None:
    three = parse_combo("3-kind")
    assert three == Combo(kinds=(3,)) == parse_combo("3kind") == parse_combo("kind:3")
    assert three.words == "3 of a kind" and three.size == 3
    mixed = parse_combo("b,4-kind,3-kind")
    assert mixed.kinds == (4, 3) and mixed.need(B) == 1 and mixed.size == 8
    assert parse_combo(mixed.text) == mixed


@pytest.mark.parametrize(("typed", "said"), [
    ("", "at least one entry"),
    ("ch:0", "count must be 1–8"),
    ("ch:9", "count must be 1–8"),
    ("ch:x", "cannot read"),
    ("ch:2:3", "cannot read"),
    ("1-kind", "N of a kind needs N of 2–8"),
    ("9-kind", "N of a kind needs N of 2–8"),
    ("c:5,e:4", "cannot be rolled with 8 dice"),
    ("5-kind,4-kind", "cannot be rolled with 8 dice"),
    ("zz:2", "no die symbol is called 'zz'"),
    ("c;e", "cannot read"),
])
def test_r_stf_5_bad_combinations_get_one_line_errors(typed: str, said: str) -> None:
    with pytest.raises(BadValue) as caught:
        parse_combo(typed)
    message = str(caught.value)
    assert said in message and "\n" not in message
    assert message.startswith("R-STF-")


def test_r_stf_5_a_long_bad_combination_is_quoted_at_most_60_characters() -> None:
    typed = "ch:2," + "x" * 500
    with pytest.raises(BadValue) as caught:
        parse_combo(typed)
    assert len(str(caught.value)) < 220
    assert "…" in str(caught.value)


def test_r_stf_5_combinations_built_directly_are_checked() -> None:
    with pytest.raises(GameError):
        Combo()
    with pytest.raises(BadValue):
        Combo({C: 0})
    with pytest.raises(BadValue):
        Combo(kinds=(1,))
    with pytest.raises(BadValue):
        parse_combo(3)


# --- matching -------------------------------------------------------------------------


def _dice(text: str) -> list[tuple[int, Symbol]]:
    return list(enumerate(parse_symbols(text), start=1))


def test_r_stf_5_match_picks_dice_for_named_symbols() -> None:
    assert match(parse_combo("ch:2,i,r"), _dice("c ch e ch i b r r")) == (2, 4, 5, 7)
    assert match(parse_combo("ch:2,i,r"), _dice("c ch e c i b r r")) is None


def test_r_stf_4_birdens_never_make_a_set() -> None:
    assert match(parse_combo("3-kind"), _dice("b b b b c e i r")) is None
    assert match(parse_combo("3-kind"), _dice("b b b e e e i r")) == (4, 5, 6)


def test_r_stf_4_sets_use_the_tightest_fit_and_may_share_a_symbol() -> None:
    # a 3 of a kind from the 3 resources, leaving the 4 charismas whole
    assert match(parse_combo("3-kind"), _dice("ch ch ch ch r r r b")) == (5, 6, 7)
    assert match(parse_combo("4-kind,3-kind"), _dice("ch ch ch ch r r r b")) == (
        1, 2, 3, 4, 5, 6, 7)
    assert match(parse_combo("3-kind,3-kind"), _dice("ch ch ch ch ch ch b e")) == (
        1, 2, 3, 4, 5, 6)
    # a named symbol and a set may not use the same die twice
    assert match(parse_combo("c,3-kind"), _dice("c c c e b b i r")) is None
    assert match(parse_combo("c,3-kind"), _dice("c c c c b b i r")) == (1, 2, 3, 4)


def test_r_stf_4_my_birden_combination_a_birden_and_3_of_a_kind() -> None:
    assert match(parse_combo("b,3-kind"), _dice("b e e e c i r ch")) == (1, 2, 3, 4)
    assert match(parse_combo("b,3-kind"), _dice("c e e e c i r ch")) is None


def test_r_stf_5_makes_needs_exactly_the_combination() -> None:
    combo = parse_combo("ch:2,i")
    assert makes(combo, (CH, IN, CH))
    assert not makes(combo, (CH, IN, CH, R))  # one die too many
    assert not makes(combo, (CH, IN))


def _brute_makes(combo: Combo, dice: tuple[Symbol, ...]) -> bool:
    """Whether some arrangement of some of the dice fills the combination's slots in
    order: named symbols first, then each set's dice all of one non-Birden symbol."""
    slots = [s for s, n in combo.needs for _ in range(n)]
    for chosen in itertools.permutations(dice, combo.size):
        if list(chosen[: len(slots)]) != slots:
            continue
        rest, ok = list(chosen[len(slots):]), True
        for size in combo.kinds:
            part, rest = rest[:size], rest[size:]
            ok = ok and len(set(part)) == 1 and part[0] is not B
        if ok:
            return True
    return False


symbols = st.sampled_from(SYMBOLS)
combos = st.tuples(
    st.dictionaries(symbols, st.integers(1, 2), max_size=2),
    st.lists(st.integers(2, 3), max_size=2),
).filter(lambda t: 0 < sum(t[0].values()) + sum(t[1]) <= 5).map(lambda t: Combo(*t))


@given(combos, st.lists(symbols, min_size=0, max_size=6))
def test_r_stf_4_match_agrees_with_brute_force(combo: Combo, dice: list[Symbol]) -> None:
    found = match(combo, list(enumerate(dice, start=1)))
    assert (found is not None) == _brute_makes(combo, tuple(dice))
    if found is not None:  # the dice picked make it exactly
        assert makes(combo, tuple(dice[p - 1] for p in found))


@given(combos)
def test_r_stf_5_every_combination_reads_back_from_its_text(combo: Combo) -> None:
    assert parse_combo(combo.text) == combo
    assert parse_combo(combo.short) == combo
    assert parse_combo(combo.short.upper()) == combo
