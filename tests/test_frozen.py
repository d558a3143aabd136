"""The frozen values the hot commands make (the dice's Roll and the odds, the table's
rows, Stuffed's dice and odds…): checks, equality, hash, repr, immutability and copies,
as frozen attrs classes."""

from __future__ import annotations

import copy
import pickle
from fractions import Fraction
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from conflict.dice import Roll, roll
from conflict.errors import BadValue
from conflict.odds import ChallengeOdds, ContestOdds, OddsTable, PoolOdds, contest_odds, pool_odds
from conflict.values import evolve


@attrs.frozen
class _AttrsRoll:
    """How Roll was declared with attrs, checks left out: what it compared, hashed and
    printed."""

    asked: int
    faces: tuple[int, ...]
    difficulty: int | None = None


_ROLLS = st.builds(lambda asked, seed, d: roll(asked, difficulty=d, rng=__import__(
    "random").Random(seed)), st.integers(0, 14), st.integers(0, 99),
    st.none() | st.integers(0, 5))


@given(_ROLLS, _ROLLS)
def test_r_dice_1_a_roll_compares_and_prints_as_the_attrs_class_did(a: Roll, b: Roll) -> None:
    twin_a = _AttrsRoll(a.asked, a.faces, a.difficulty)
    twin_b = _AttrsRoll(b.asked, b.faces, b.difficulty)
    assert (a == b) == (twin_a == twin_b) and (a != b) == (twin_a != twin_b)
    assert repr(a) == repr(twin_a).replace("_AttrsRoll", "Roll")
    assert a == Roll(a.asked, a.faces, a.difficulty) and hash(a) == hash(
        Roll(asked=a.asked, faces=list(a.faces), difficulty=a.difficulty))
    assert pickle.loads(pickle.dumps(a)) == a == copy.copy(a) == copy.deepcopy(a)
    assert a != twin_a  # another class is never equal


def test_r_dice_1_a_roll_is_frozen_and_checked_when_copied() -> None:
    judged = Roll(asked=2, faces=(3, 3))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        judged.asked = 3  # type: ignore[misc]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del judged.faces
    assert evolve(judged, difficulty=2) == Roll(2, (3, 3), 2)
    with pytest.raises(BadValue, match="R-DICE-6"):
        evolve(judged, difficulty=6)
    with pytest.raises(TypeError, match="Roll has no field"):
        evolve(judged, dice=3)
    match judged:
        case Roll(asked, faces, difficulty):
            assert (asked, faces, difficulty) == (2, (3, 3), None)


def test_r_dice_1_the_faces_are_read_before_the_pool_is_checked() -> None:
    with pytest.raises(BadValue, match="faces must be a list"):
        Roll(-1, "x")  # type: ignore[arg-type]
    with pytest.raises(BadValue, match="dice asked must be 0 or more"):
        Roll(-1, (1, 2))


def test_r_dice_5_odds_compare_hash_and_print_as_the_attrs_classes_did() -> None:
    four = pool_odds(4)
    assert repr(four) == "PoolOdds(pool=4, dice=4, free_nudges=0, penalty=0)"
    again = PoolOdds(4, 4, 0, 0, dict(four.distribution))
    assert again == four and hash(again) == hash(four)
    assert PoolOdds(4, 4, 0, 0, {(0, 0): Fraction(1)}) != four  # the distribution counts
    assert hash(PoolOdds(4, 4, 0, 0, {(0, 0): Fraction(1)})) == hash(four)  # not hashed
    with pytest.raises(TypeError):
        four.distribution[(0, 0)] = Fraction(0)  # type: ignore[index]
    contest = contest_odds(3, 2, 1)
    assert repr(contest).startswith("ContestOdds(attacker=3, defender=2, difficulty=1, win=")
    assert ContestOdds(*attrs.astuple(contest, recurse=False)) == contest
    table = OddsTable((ChallengeOdds(2, (Fraction(1),)),), (contest,))
    assert pickle.loads(pickle.dumps(table)) == table
    assert evolve(contest, win=Fraction(0)).win == 0


def _values() -> list[tuple[type[Any], tuple[object, ...]]]:
    import datetime

    from boardgames.stuffed.dice import DEFAULT_DIE, Combo, Die, Symbol
    from boardgames.stuffed.odds import Odds
    from core.jsonread import Limits
    from core.names import Spellings
    from core.text import Found, Refused
    from table.players import Player
    from table.rolls import RollEntry
    from table.stored import Row

    when = datetime.datetime(2026, 11, 26, tzinfo=datetime.UTC)
    return [(Refused, (3, "\x1b", Found.CONTROL)), (Spellings, ("Vin", "vin")),
            (Limits, ()), (Limits, (10, 2)), (Row, ("rolls", "'3'")),
            (RollEntry, (1, "Vin", "lock", Roll(2, (3, 3)), when)),
            (Player, ("Ann", ("ssh-ed25519 AAAA",), None, ("Vin",), False, when)),
            (Die, (DEFAULT_DIE.faces,)), (Combo, (((Symbol.COIN, 2),), (3,))),
            (Combo, (((Symbol.BIRDEN, 1),),)),
            (Odds, (Combo(kinds=(3,)), 1, Fraction(1, 3))),
            (Odds, (Combo(kinds=(2,)), 2, Fraction(1), ((1, Symbol.COIN), (2, Symbol.COIN)),
                    (), (1, 2), None))]


@pytest.mark.parametrize(("cls", "args"), _values(),
                         ids=lambda v: getattr(v, "__name__", ""))
def test_values_print_compare_and_refuse_changes_as_attrs_classes(
        cls: type[Any], args: tuple[object, ...]) -> None:
    made = cls(*args)
    fields = [field.name for field in attrs.fields(cls)]
    defaults = {name: getattr(made, name) for name in fields[len(args):]}
    twin = attrs.make_class(cls.__name__, {name: attrs.field(default=defaults[name])
                                           if name in defaults else attrs.field()
                                           for name in fields}, frozen=True)(*args)
    assert repr(made) == repr(twin)
    assert made == cls(*args) and hash(made) == hash(cls(*args)) and made != twin
    assert pickle.loads(pickle.dumps(made)) == made
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.__setattr__(fields[0], None)
