"""The dice engine against the rules R-DICE-1 … R-DICE-8.

Known answers come from RULES.md (its worked examples) or from brute force written
straight from the rule text; properties cover every pool hypothesis can think of.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable
from contextlib import AbstractContextManager

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import difficulties, face_lists, maybe_difficulties, pools, rolls, seeds

from conflict.dice import (
    ContestResult,
    Roll,
    attack,
    best_drawn,
    best_of,
    best_roll,
    compare,
    dice_rolled,
    free_nudges_for,
    penalty_for,
    result_of,
    roll,
)
from conflict.errors import BadValue, ConflictError


def _clamp(asked: int) -> int:
    return min(max(asked, 2), 10)


def _brute_result(faces: tuple[int, ...] | list[int]) -> int:
    """R-DICE-5 read literally: the highest face 1–5 on two or more dice, else 0."""
    return max((face for face in range(1, 6) if faces.count(face) >= 2), default=0)


def _expect_bad(rule: str, shown: str) -> AbstractContextManager[pytest.ExceptionInfo[BadValue]]:
    """The error names the rule and shows the offending value."""
    return pytest.raises(BadValue, match=rf"^{rule}: .*{shown}")


def _shown(value: object) -> str:
    return re.escape(repr(value))


# --- R-DICE-1 Pool ----------------------------------------------------------------


@pytest.mark.parametrize("asked", range(2, 11))
def test_r_dice_1_pool_of_2_to_10_rolls_that_many_dice(asked: int) -> None:
    rolled = roll(asked, rng=random.Random(asked))
    assert len(rolled.faces) == asked
    assert all(1 <= face <= 6 for face in rolled.faces)
    assert rolled.free_nudges == 0
    assert rolled.penalty == 0


@given(pools(0, 40), seeds)
def test_r_dice_1_rolls_have_clamped_face_count(asked: int, seed: int) -> None:
    rolled = roll(asked, rng=random.Random(seed))
    assert len(rolled.faces) == _clamp(asked) == dice_rolled(asked)
    assert set(rolled.faces) <= {1, 2, 3, 4, 5, 6}
    assert rolled.asked == asked


@given(pools(0, 40), seeds, maybe_difficulties)
def test_r_dice_1_seeded_rolls_are_repeatable(
    asked: int, seed: int, difficulty: int | None
) -> None:
    first = roll(asked, difficulty=difficulty, rng=random.Random(seed))
    second = roll(asked, difficulty=difficulty, rng=random.Random(seed))
    assert first == second
    # Each die is one randint(1, 6) draw from the source, in order.
    source = random.Random(seed)
    assert first.faces == tuple(source.randint(1, 6) for _ in range(_clamp(asked)))


def test_r_dice_1_default_source_is_not_the_global_random_generator() -> None:
    # Play uses the operating system's secure source. A roll must neither consume nor
    # replay the `random` module's global (seedable, predictable) generator.
    random.seed(2024)
    state = random.getstate()
    first = [roll(10).faces for _ in range(30)]
    assert random.getstate() == state
    random.seed(2024)
    second = [roll(10).faces for _ in range(30)]
    assert first != second  # equal only with odds of 6**-300 from a secure source
    replay = random.Random(2024)
    assert first != [tuple(replay.randint(1, 6) for _ in range(10)) for _ in range(30)]


@pytest.mark.parametrize("asked", [-1, -3, True, False, 2.5, 2.0, "4", None])
def test_r_dice_1_bad_pool_sizes_are_rejected(asked: object) -> None:
    calls: list[Callable[[], object]] = [
        lambda: roll(asked),  # type: ignore[arg-type]
        lambda: dice_rolled(asked),  # type: ignore[arg-type]
        lambda: free_nudges_for(asked),  # type: ignore[arg-type]
        lambda: penalty_for(asked),  # type: ignore[arg-type]
        lambda: Roll(asked=asked, faces=(1, 2)),  # type: ignore[arg-type]
    ]
    if asked is not None:  # from_faces reads asked=None as "as many as the faces"
        calls.append(lambda: Roll.from_faces([1, 2], asked=asked))  # type: ignore[arg-type]
    for call in calls:
        with _expect_bad("R-DICE-1", _shown(asked)):
            call()


@pytest.mark.parametrize("face", [0, 7, -1, 60, True, 2.0, "3", None])
def test_r_dice_1_faces_outside_1_to_6_are_rejected(face: object) -> None:
    with _expect_bad("R-DICE-1", _shown(face)):
        Roll.from_faces([4, 4, face])  # type: ignore[list-item]
    with _expect_bad("R-DICE-1", _shown(face)):
        Roll(asked=3, faces=(face, 4, 4))


@pytest.mark.parametrize("faces", ["5542", b"55", 5, None])
def test_r_dice_1_faces_must_be_a_list_of_numbers(faces: object) -> None:
    with _expect_bad("R-DICE-1", _shown(faces)):
        Roll.from_faces(faces)  # type: ignore[arg-type]


@pytest.mark.parametrize(("asked", "count"), [(4, 3), (4, 5), (2, 3), (10, 9)])
def test_r_dice_1_face_count_must_match_the_pool(asked: int, count: int) -> None:
    with _expect_bad("R-DICE-1", f"{asked}.*{count} faces"):
        Roll.from_faces([1] * count, asked=asked)


def test_r_dice_1_library_errors_share_one_base() -> None:
    with pytest.raises(ConflictError) as caught:
        roll(-1)
    assert isinstance(caught.value, ValueError)
    assert caught.value.rule == "R-DICE-1"


# --- R-DICE-2 Too many dice -------------------------------------------------------


@pytest.mark.parametrize(("asked", "free"), [(10, 0), (11, 1), (12, 2), (25, 15)])
def test_r_dice_2_beyond_ten_roll_ten_and_gain_free_nudges(asked: int, free: int) -> None:
    rolled = roll(asked, rng=random.Random(1))
    assert len(rolled.faces) == 10
    assert rolled.free_nudges == free == free_nudges_for(asked)
    assert rolled.nudges == rolled.faces.count(6) + free
    assert rolled.penalty == 0


def test_r_dice_2_free_nudges_add_to_sixes() -> None:
    hand = Roll.from_faces([6, 6, 1, 2, 3, 4, 5, 1, 2, 3], asked=13)
    assert hand.sixes == 2
    assert hand.free_nudges == 3
    assert hand.nudges == 5
    assert hand.result == 3


@pytest.mark.parametrize("count", [2, 9, 11, 12])
def test_r_dice_2_a_big_pool_needs_exactly_ten_faces(count: int) -> None:
    with _expect_bad("R-DICE-2", f"12 rolls 10 dice, got {count} faces"):
        Roll.from_faces([1] * count, asked=12)


def test_r_dice_2_eleven_faces_by_hand_is_a_pool_of_eleven_and_too_many() -> None:
    with _expect_bad("R-DICE-2", "11 rolls 10 dice, got 11 faces"):
        Roll.from_faces([1] * 11)


# --- R-DICE-3 Too few dice --------------------------------------------------------


@pytest.mark.parametrize(("asked", "penalty"), [(0, 2), (1, 1), (2, 0)])
def test_r_dice_3_below_two_roll_two_with_a_penalty(asked: int, penalty: int) -> None:
    rolled = roll(asked, difficulty=0, rng=random.Random(3))
    assert len(rolled.faces) == 2
    assert rolled.penalty == penalty == penalty_for(asked)
    assert rolled.free_nudges == 0
    assert rolled.outcome == rolled.result - penalty


def test_r_dice_3_penalty_lowers_the_outcome() -> None:
    # A pair of 5s against Difficulty 4: +1 with a full pool, 0 with one die, -1 with none.
    assert Roll.from_faces([5, 5], asked=2, difficulty=4).outcome == 1
    one = Roll.from_faces([5, 5], asked=1, difficulty=4)
    assert (one.outcome, one.success) == (0, True)
    none = Roll.from_faces([5, 5], asked=0, difficulty=4)
    assert (none.outcome, none.success) == (-1, False)
    assert not none.meets(4)
    assert none.meets(3)


@pytest.mark.parametrize("asked", [0, 1])
def test_r_dice_3_a_small_pool_needs_exactly_two_faces(asked: int) -> None:
    with _expect_bad("R-DICE-3", f"{asked} rolls 2 dice, got 1 faces"):
        Roll.from_faces([3], asked=asked)
    with _expect_bad("R-DICE-3", "got 1 faces"):
        Roll.from_faces([3])  # one face typed by hand: a pool of 1 still rolls 2


# --- R-DICE-4 Nudges --------------------------------------------------------------


def test_r_dice_4_sixes_are_nudges_and_never_a_set() -> None:
    all_sixes = Roll.from_faces([6, 6, 6, 6])
    assert (all_sixes.result, all_sixes.nudges) == (0, 4)
    mixed = Roll.from_faces([6, 6, 1, 1])
    assert (mixed.result, mixed.nudges) == (1, 2)


@given(rolls())
def test_r_dice_4_nudges_are_sixes_plus_free_nudges(rolled: Roll) -> None:
    assert rolled.sixes == rolled.faces.count(6)
    assert rolled.nudges == rolled.faces.count(6) + max(0, rolled.asked - 10)
    assert rolled.result != 6


# --- R-DICE-5 Result --------------------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "result", "nudges"),
    [
        ((1, 2, 2, 3, 4, 2, 4, 6, 6), 4, 2),
        ((6, 6, 3, 2, 2), 2, 2),
        ((5, 5, 4, 2), 5, 0),
    ],
)
def test_r_dice_5_worked_examples(faces: tuple[int, ...], result: int, nudges: int) -> None:
    judged = Roll.from_faces(faces)
    assert judged.asked == len(faces)
    assert judged.result == result
    assert judged.nudges == nudges


def test_r_dice_5_worked_example_5_5_4_2_beats_difficulty_5() -> None:
    judged = Roll.from_faces([5, 5, 4, 2], difficulty=5)
    assert judged.outcome == 0
    assert judged.success is True


def test_r_dice_5_result_matches_brute_force_for_every_small_roll() -> None:
    for count in range(2, 6):
        for faces in itertools.product(range(1, 7), repeat=count):
            assert result_of(faces) == _brute_result(faces), faces
            assert Roll.from_faces(faces).result == _brute_result(faces)


@given(face_lists())
def test_r_dice_5_result_is_the_highest_repeated_face_below_six(faces: list[int]) -> None:
    result = Roll.from_faces(faces).result
    assert 0 <= result <= 5
    if result >= 1:
        assert faces.count(result) >= 2
        higher = [face for face in range(result + 1, 6) if faces.count(face) >= 2]
        assert higher == []
    else:
        assert all(faces.count(face) < 2 for face in range(1, 6))


def test_r_dice_5_no_matching_set_is_result_0_and_fails() -> None:
    judged = Roll.from_faces([1, 2, 3, 4, 5, 6], difficulty=0)
    assert judged.result == 0
    assert judged.outcome == 0
    assert judged.success is False  # Outcome 0 is not enough without a set


# --- R-DICE-6 Challenge -----------------------------------------------------------


def test_r_dice_6_result_5_beats_difficulty_5_and_4_does_not() -> None:
    assert Roll.from_faces([5, 5], difficulty=5).success is True
    four = Roll.from_faces([4, 4], difficulty=5)
    assert (four.outcome, four.success) == (-1, False)


def test_r_dice_6_without_difficulty_there_is_no_outcome() -> None:
    judged = Roll.from_faces([3, 3])
    assert judged.difficulty is None
    assert judged.outcome is None
    assert judged.success is None


@given(rolls(difficulty=difficulties))
def test_r_dice_6_outcome_and_success(rolled: Roll) -> None:
    assert rolled.difficulty is not None
    assert rolled.outcome == rolled.result - rolled.difficulty - rolled.penalty
    assert rolled.success is (rolled.result >= 1 and rolled.outcome >= 0)
    if rolled.success:
        assert rolled.result >= 1
        assert rolled.outcome >= 0
    assert rolled.meets(rolled.difficulty) is rolled.success


@given(rolls(difficulty=st.none()), difficulties)
def test_r_dice_6_meets_agrees_with_a_challenge(rolled: Roll, difficulty: int) -> None:
    challenge = Roll(asked=rolled.asked, faces=rolled.faces, difficulty=difficulty)
    assert rolled.meets(difficulty) is challenge.success


@pytest.mark.parametrize("difficulty", [-1, 6, 9, True, 2.5, "3"])
def test_r_dice_6_bad_difficulty_is_rejected(difficulty: object) -> None:
    shown = _shown(difficulty)
    with _expect_bad("R-DICE-6", shown):
        roll(4, difficulty=difficulty, rng=random.Random(0))  # type: ignore[arg-type]
    with _expect_bad("R-DICE-6", shown):
        Roll.from_faces([2, 2], difficulty=difficulty)  # type: ignore[arg-type]
    with _expect_bad("R-DICE-6", shown):
        Roll.from_faces([2, 2]).meets(difficulty)  # type: ignore[arg-type]
    with _expect_bad("R-DICE-6", shown):
        attack(Roll.from_faces([2, 2]), None, difficulty)  # type: ignore[arg-type]


def test_r_dice_6_meets_needs_a_difficulty() -> None:
    with _expect_bad("R-DICE-6", "None"):
        Roll.from_faces([2, 2]).meets(None)  # type: ignore[arg-type]


def test_r_dice_6_bad_difficulty_draws_no_dice() -> None:
    source = random.Random(5)
    before = source.getstate()
    with pytest.raises(BadValue):
        roll(4, difficulty=8, rng=source)
    assert source.getstate() == before


# --- R-DICE-7 Contest -------------------------------------------------------------


def _contest_by_rule(first: Roll, second: Roll) -> ContestResult:
    """R-DICE-7 read literally, with the R-CON-17 ruling, written apart from the
    library: seen from ``first``, the side that acts."""
    if first.result == 0:
        return ContestResult.FAIL  # no set never wins; neither set: the action fails
    if second.result == 0:
        return ContestResult.WIN
    if first.result != second.result:
        return ContestResult.WIN if first.result > second.result else ContestResult.FAIL
    if first.nudges != second.nudges:
        return ContestResult.WIN if first.nudges > second.nudges else ContestResult.FAIL
    return ContestResult.STALEMATE


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        ((4, 4, 1), (3, 3, 6), ContestResult.WIN),  # higher Result wins over Nudges
        ((4, 4, 6), (4, 4, 1), ContestResult.WIN),  # equal Results: more Nudges
        ((4, 4, 6), (4, 4, 6), ContestResult.STALEMATE),  # all equal
        ((6, 6, 1, 2), (1, 1, 2, 3), ContestResult.FAIL),  # Result 0 cannot win
        ((3, 3, 1), (4, 4, 1), ContestResult.FAIL),  # the other side wins
    ],
)
def test_r_dice_7_contest_examples(
    first: tuple[int, ...], second: tuple[int, ...], expected: ContestResult
) -> None:
    assert compare(Roll.from_faces(first), Roll.from_faces(second)) is expected


def test_r_con_17_neither_side_rolls_a_set_the_action_fails_one_way() -> None:
    # Ruling (R-CON-17): no stalemate without a set. compare and attack agree.
    acting, opposing = Roll.from_faces([1, 2, 6]), Roll.from_faces([3, 4, 6])
    assert compare(acting, opposing) is ContestResult.FAIL
    assert compare(opposing, acting) is ContestResult.FAIL
    assert attack(acting, opposing) is ContestResult.FAIL
    assert attack(acting, opposing, 0) is compare(acting, opposing)


@given(rolls(), rolls())
def test_r_dice_7_compare_follows_the_rule(first: Roll, second: Roll) -> None:
    assert compare(first, second) is _contest_by_rule(first, second)


@given(rolls(), rolls())
def test_r_dice_7_compare_mirrors_except_when_neither_has_a_set(first: Roll,
                                                                  second: Roll) -> None:
    there, back = compare(first, second), compare(second, first)
    if first.result == 0 and second.result == 0:
        assert there is back is ContestResult.FAIL
    elif there is ContestResult.STALEMATE:
        assert back is ContestResult.STALEMATE
    else:
        assert {there, back} == {ContestResult.WIN, ContestResult.FAIL}
    if first.result:
        assert compare(first, first) is ContestResult.STALEMATE


@given(rolls(), rolls())
def test_r_dice_7_a_side_without_a_set_never_wins(first: Roll, second: Roll) -> None:
    if first.result == 0:
        assert compare(first, second) is ContestResult.FAIL
    if second.result == 0 and first.result:
        assert compare(first, second) is ContestResult.WIN


# attack(): R-DICE-7 with R-CON-17 and the ruling in its docstring.


@pytest.mark.parametrize(
    ("attacker", "defender", "difficulty", "expected"),
    [
        ((3, 3), None, 3, ContestResult.WIN),  # undefended: any set meeting Difficulty
        ((3, 3), None, 4, ContestResult.FAIL),  # does not meet the Difficulty
        ((1, 2), None, 0, ContestResult.FAIL),  # no set at all
        ((2, 2), (1, 3), 0, ContestResult.WIN),  # defender without a set
        ((3, 3, 6), (3, 3, 6), 0, ContestResult.STALEMATE),  # tie on Result and Nudges
        ((3, 3), (3, 3, 6), 0, ContestResult.FAIL),  # defender's Nudge breaks the tie
        ((1, 2), (3, 4), 0, ContestResult.FAIL),  # ruling: no set on both sides fails
        ((4, 4), (4, 4), 5, ContestResult.FAIL),  # ruling: tie but Difficulty unmet fails
        ((5, 5), (2, 2, 6, 6), 5, ContestResult.WIN),
    ],
)
def test_r_dice_7_attack_examples(
    attacker: tuple[int, ...],
    defender: tuple[int, ...] | None,
    difficulty: int,
    expected: ContestResult,
) -> None:
    defending = None if defender is None else Roll.from_faces(defender)
    assert attack(Roll.from_faces(attacker), defending, difficulty) is expected


@given(rolls(), st.none() | rolls(), difficulties)
def test_r_dice_7_attack_agrees_with_its_ruling(
    attacker: Roll, defender: Roll | None, difficulty: int
) -> None:
    outcome = attack(attacker, defender, difficulty)
    if not attacker.meets(difficulty):
        assert outcome is ContestResult.FAIL
    elif defender is None:
        assert outcome is ContestResult.WIN
    else:
        assert outcome is compare(attacker, defender)
    if outcome is ContestResult.STALEMATE:
        assert defender is not None
        assert (attacker.result, attacker.nudges) == (defender.result, defender.nudges)


# --- R-DICE-8 Acting together -----------------------------------------------------


def test_r_dice_8_best_roll_highest_result_then_nudges() -> None:
    low = Roll.from_faces([2, 2, 6, 6])
    high = Roll.from_faces([4, 4, 1])
    high_nudged = Roll.from_faces([4, 4, 6])
    assert best_of([low, high, high_nudged]) is high_nudged
    assert best_of([high_nudged, high, low]) is high_nudged
    assert best_of([low, high]) is high


@given(st.lists(rolls(), min_size=1, max_size=8))
def test_r_dice_8_best_of_is_the_first_maximum(group: list[Roll]) -> None:
    chosen = best_of(group)
    top = max((r.result, r.nudges) for r in group)
    assert (chosen.result, chosen.nudges) == top
    first = next(r for r in group if (r.result, r.nudges) == top)
    assert chosen is first


def test_r_dice_8_acting_together_needs_a_roll() -> None:
    with _expect_bad("R-DICE-8", "at least one roll"):
        best_of([])
    with _expect_bad("R-DICE-8", "at least one roll"):
        best_roll(3, [])


@given(pools(), st.integers(1, 8), seeds)
def test_r_dice_8_best_roll_picks_what_best_of_picks(asked: int, rollers: int,
                                                      seed: int) -> None:
    rng = random.Random(seed)
    rows = [[rng.randint(1, 6) for _ in range(dice_rolled(asked))] for _ in range(rollers)]
    assert best_roll(asked, rows) == best_of(Roll(asked=asked, faces=row) for row in rows)


@given(pools(), st.integers(1, 8), seeds)
def test_r_dice_8_best_drawn_is_best_roll_of_faces_drawn_right(asked: int, rollers: int,
                                                                seed: int) -> None:
    # The same roll, the first of equal rolls kept, whose faces are the very row.
    rng = random.Random(seed)
    rows = [tuple(rng.randint(1, 3) * 2 - rng.randint(0, 1) for _ in range(dice_rolled(asked)))
            for _ in range(rollers)]
    drawn, checked = best_drawn(asked, rows), best_roll(asked, rows)
    assert (drawn, repr(drawn)) == (checked, repr(checked))
    assert drawn.faces is next(row for row in rows if row == checked.faces)


def test_r_dice_8_best_roll_checks_every_row_as_a_roll_would() -> None:
    with _expect_bad("R-DICE-1", "a die face must be 1–6, got 7"):
        best_roll(2, [[5, 5], [1, 7]])
    with _expect_bad("R-DICE-1", "a pool of 3 rolls 3 dice, got 2 faces"):
        best_roll(3, [[5, 5, 5], [1, 2]])
    with _expect_bad("R-DICE-1", "a die face must be 1–6, got True"):
        best_roll(2, [[True, 2]])
