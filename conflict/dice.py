"""The Mistborn Adventure Game dice: pools, Nudges, Results, Challenges, Contests.

Rules R-DICE-1 … R-DICE-8 of the project's rules reference. Everything here is pure:
randomness comes in through a ``random.Random``-like object, and a roll can just as
well be built from faces rolled by hand.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Sequence
from typing import Final, Protocol

import attrs

from conflict.errors import BadValue, shown

__all__ = ["MAX_DIFFICULTY", "MAX_POOL", "MIN_POOL", "NUDGE_FACE", "ContestResult", "RandomSource",
           "Roll", "attack", "best_drawn", "best_of", "best_roll", "check_count",
           "check_difficulty", "compare", "dice_rolled", "free_nudges_for", "penalty_for",
           "result_of", "roll"]

MIN_POOL = 2  # R-DICE-1
MAX_POOL = 10  # R-DICE-1
MAX_DIFFICULTY = 5  # R-DICE-6
NUDGE_FACE = 6  # R-DICE-4


class RandomSource(Protocol):
    """Anything with ``randint`` like :class:`random.Random`."""

    def randint(self, a: int, b: int) -> int: ...


def check_count(value: object, what: str = "dice asked", rule: str = "R-DICE-1", *,
                param: str | None = "asked") -> int:
    """Return ``value`` if it is a whole number ≥ 0, else raise :class:`BadValue`
    carrying the value and ``param``, the name it was given by (:func:`roll`'s
    ``asked``)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadValue(f"{what} must be a whole number of 0 or more, got {shown(value)}",
                       rule=rule, param=param, value=value)
    if value < 0:
        raise BadValue(f"{what} must be 0 or more, got {value}", rule=rule, param=param,
                       value=value)
    return value


def check_difficulty(value: object) -> int | None:
    """Return a valid Difficulty (0–5) or ``None``; raise :class:`BadValue` otherwise."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadValue(f"Difficulty must be a whole number 0–5, got {shown(value)}",
                       rule="R-DICE-6", param="difficulty", value=value)
    if not 0 <= value <= MAX_DIFFICULTY:
        raise BadValue(f"Difficulty must be 0–5, got {value}", rule="R-DICE-6",
                       param="difficulty", value=value)
    return value


def dice_rolled(asked: int) -> int:
    """How many dice are physically rolled for a pool of ``asked`` (R-DICE-2, R-DICE-3)."""
    check_count(asked)
    return min(max(asked, MIN_POOL), MAX_POOL)


def free_nudges_for(asked: int) -> int:
    """Free Nudges from dice beyond 10 (R-DICE-2)."""
    return max(0, check_count(asked) - MAX_POOL)


def penalty_for(asked: int) -> int:
    """Outcome penalty for dice below 2: one per missing die (R-DICE-3)."""
    return max(0, MIN_POOL - check_count(asked))


def result_of(faces: Iterable[int]) -> int:
    """The Result: the highest face 1–5 that shows at least twice, else 0 (R-DICE-4/5)."""
    seen: set[int] = set()
    best = 0
    for face in faces:
        if face == NUDGE_FACE:  # R-DICE-4: a 6 never forms a set
            continue
        if face in seen and face > best:
            best = face
        seen.add(face)
    return best


def _check_faces(faces: Iterable[int]) -> tuple[int, ...]:
    # Typed as it validates; what arrives may be anything read from JSON.
    if faces.__class__ is tuple:
        out: tuple[object, ...] = faces
    elif isinstance(faces, (str, bytes)) or not isinstance(faces, Iterable):
        raise BadValue(f"faces must be a list of numbers 1–6, got {shown(faces)}", rule="R-DICE-1")
    else:
        out = tuple(faces)
    for face in out:
        if face.__class__ is int and 0 < face < 7:
            continue  # the common case, checked first: a plain number 1–6
        if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
            raise BadValue(f"a die face must be 1–6, got {shown(face)}", rule="R-DICE-1")
    return out  # type: ignore[return-value]


def _validate_faces(asked: int, faces: tuple[int, ...]) -> None:
    # ``faces`` is what _check_faces returned: every face is 1–6.
    expected = dice_rolled(asked)
    if len(faces) != expected:
        raise BadValue(
            f"a pool of {asked} rolls {expected} dice, got {len(faces)} faces",
            rule="R-DICE-2" if asked > MAX_POOL else "R-DICE-3"
            if asked < MIN_POOL else "R-DICE-1",
        )


@attrs.frozen
class Roll:
    """One roll of a dice pool, judged by the rules.

    ``asked`` is the pool the rules asked for (0–any); ``faces`` are the dice actually
    rolled (2–10 of them). Everything else is derived: Nudges, Result, the penalty and,
    when a ``difficulty`` is given, the Challenge's Outcome and success.

    The faces are read first (R-DICE-1), then the pool, the count of faces and the
    Difficulty are checked.
    """

    asked: int
    faces: tuple[int, ...] = attrs.field(converter=_check_faces)
    difficulty: int | None = None

    def __attrs_post_init__(self) -> None:
        check_count(self.asked)
        _validate_faces(self.asked, self.faces)
        check_difficulty(self.difficulty)

    @classmethod
    def from_faces(
        cls, faces: Sequence[int], *, asked: int | None = None, difficulty: int | None = None
    ) -> Roll:
        """Judge dice rolled by hand. ``asked`` defaults to the number of faces."""
        checked = _check_faces(faces)
        return cls(asked=len(checked) if asked is None else asked, faces=checked,
                   difficulty=difficulty)

    @property
    def sixes(self) -> int:
        """Sixes rolled, each set aside as a Nudge (R-DICE-4)."""
        return _read(self.faces)[1]

    @property
    def free_nudges(self) -> int:
        """Nudges from dice asked beyond 10 (R-DICE-2)."""
        return free_nudges_for(self.asked)

    @property
    def nudges(self) -> int:
        """All Nudges: sixes plus free Nudges (R-DICE-2, R-DICE-4)."""
        sixes = _read(self.faces)[1]
        asked = self.asked  # checked when the roll was made: free Nudges beyond 10
        return sixes + asked - MAX_POOL if asked > MAX_POOL else sixes

    @property
    def result(self) -> int:
        """The Result 0–5 (R-DICE-5)."""
        return _read(self.faces)[0]

    @property
    def penalty(self) -> int:
        """Outcome penalty for a pool below 2 dice (R-DICE-3)."""
        return penalty_for(self.asked)

    @property
    def outcome(self) -> int | None:
        """Result − Difficulty − penalty, or ``None`` without a Difficulty (R-DICE-6)."""
        if self.difficulty is None:
            return None
        return self.result - self.difficulty - self.penalty

    @property
    def success(self) -> bool | None:
        """Whether the Challenge succeeds; ``None`` without a Difficulty (R-DICE-6)."""
        outcome = self.outcome
        if outcome is None:
            return None
        return self.result >= 1 and outcome >= 0

    def meets(self, difficulty: int) -> bool:
        """Whether this roll would succeed as a Challenge of ``difficulty`` (R-DICE-6)."""
        if check_difficulty(difficulty) is None:
            raise BadValue("a Challenge needs a Difficulty 0–5, got None", rule="R-DICE-6")
        result = _read(self.faces)[0]
        asked = self.asked
        penalty = MIN_POOL - asked if asked < MIN_POOL else 0  # self.penalty
        return result >= 1 and result - difficulty - penalty >= 0

    @property
    def rank(self) -> tuple[int, int]:
        """How rolls compare: Result first, then Nudges (R-DICE-7, R-DICE-8)."""
        result, sixes = _read(self.faces)
        asked = self.asked
        return (result, sixes + asked - MAX_POOL if asked > MAX_POOL else sixes)


_READ: dict[tuple[int, ...], tuple[int, int]] = {}
"""(Result, sixes) of faces already read: a roll's Result and Nudges are asked for many
times (to judge it, to rank it, to deal its damage), and the same faces come up again
and again (a pool of 5 has 7,776 orders of faces). Emptied when it passes
:data:`_READ_MOST` entries."""

_READ_MOST = 1 << 16  # some 65,000 faces: every order of up to 6 dice, bounded memory


def _read(faces: tuple[int, ...]) -> tuple[int, int]:
    """(Result, sixes) of ``faces``, already checked to be die faces 1–6 (a face that
    is not, such as ``True``, must never get here: it equals 1 as a key)."""
    found = _READ.get(faces)
    if found is None:
        if len(_READ) >= _READ_MOST:
            _READ.clear()
        found = _READ[faces] = (result_of(faces), faces.count(NUDGE_FACE))
    return found


def roll(asked: int, *, difficulty: int | None = None, rng: RandomSource | None = None) -> Roll:
    """Roll a pool of ``asked`` dice.

    ``rng`` defaults to the operating system's secure source; pass a seeded
    :class:`random.Random` for repeatable rolls.
    """
    count = dice_rolled(asked)
    check_difficulty(difficulty)
    source: RandomSource = rng if rng is not None else random.SystemRandom()
    faces = tuple(source.randint(1, 6) for _ in range(count))
    return Roll(asked=asked, faces=faces, difficulty=difficulty)


class ContestResult(enum.Enum):
    """How a Contest ends for the side that acts (R-DICE-7, R-CON-17)."""

    WIN = "win"  # it succeeds
    STALEMATE = "stalemate"  # tied Result and Nudges: the struggle continues
    FAIL = "fail"  # it fails: the other side wins, or neither rolls a set


# Enum members bound once as module globals (see conflict.state: a read through the
# class costs several times a global's in Python 3.11).
_WIN: Final = ContestResult.WIN
_STALEMATE: Final = ContestResult.STALEMATE
_FAIL: Final = ContestResult.FAIL


def compare(first: Roll, second: Roll) -> ContestResult:
    """Judge a Contest between two rolls, seen from ``first``, the side that acts
    (R-DICE-7).

    A side with Result 0 cannot win; otherwise the higher Result wins, then more Nudges;
    equal Results and Nudges is a stalemate. Ruling (R-CON-17): when neither side rolls
    a set, the acting side fails; there is no stalemate without a set. Difficulty and
    the penalty for a pool under 2 dice are :func:`attack`'s business.
    """
    mine = first.rank  # (Result, Nudges)
    if mine[0] == 0:
        return _FAIL
    theirs = second.rank
    if theirs[0] == 0 or mine > theirs:
        return _WIN
    if mine == theirs:
        return _STALEMATE
    return _FAIL


def attack(attacker: Roll, defender: Roll | None, difficulty: int = 0) -> ContestResult:
    """Judge an action against the best opposing roll (R-CON-17): it succeeds when the
    attacker's roll meets the Difficulty (a set, its Outcome ≥ 0, R-DICE-6) and beats
    the defender's roll (:func:`compare`, Nudges breaking ties); equal Results and
    Nudges are a stalemate. Every other case fails, including neither side rolling a
    set (Ruling, R-CON-17). With no defender (``None``) the action succeeds on any roll
    that meets the Difficulty.
    """
    if not attacker.meets(difficulty):
        return _FAIL
    if defender is None:
        return _WIN
    return compare(attacker, defender)


def best_of(rolls: Iterable[Roll]) -> Roll:
    """The best roll of characters acting together: highest Result, then most Nudges
    (R-DICE-8). The first of equal rolls is kept."""
    best: Roll | None = None
    best_rank = (0, 0)
    for candidate in rolls:
        rank = candidate.rank
        if best is None or rank > best_rank:
            best, best_rank = candidate, rank
    if best is None:
        raise BadValue("acting together needs at least one roll", rule="R-DICE-8")
    return best


def best_roll(asked: int, rows: Iterable[Iterable[int]]) -> Roll:
    """The best of several characters' rolls of a pool of ``asked`` dice, one row of
    faces each (R-DICE-8): what :func:`best_of` picks among their rolls (highest
    Result, then most Nudges, the first of equal rolls kept), each row checked as a
    :class:`Roll` checks its faces, without building a roll for every row."""
    check_count(asked)
    free = asked - MAX_POOL if asked > MAX_POOL else 0  # free_nudges_for(asked)
    expected = min(max(asked, MIN_POOL), MAX_POOL)  # dice_rolled(asked)
    best: tuple[int, ...] | None = None
    best_rank = (0, 0)
    for row in rows:
        faces = _check_faces(row)
        if len(faces) != expected:
            Roll(asked=asked, faces=faces)  # raises, naming the rule
        result, sixes = _read(faces)
        rank = (result, sixes + free)
        if best is None or rank > best_rank:
            best, best_rank = faces, rank
    if best is None:
        raise BadValue("acting together needs at least one roll", rule="R-DICE-8")
    return _checked_roll(asked, best)


_set_asked = Roll.__dict__["asked"].__set__
_set_faces = Roll.__dict__["faces"].__set__
_set_difficulty = Roll.__dict__["difficulty"].__set__


def _checked_roll(asked: int, faces: tuple[int, ...]) -> Roll:
    """``Roll(asked=asked, faces=faces)`` for what :func:`best_roll` has just checked
    as the class checks it (``asked`` a count, ``faces`` a tuple of as many faces
    1–6 as the pool rolls), made without checking it all again."""
    roll = object.__new__(Roll)
    _set_asked(roll, asked)
    _set_faces(roll, faces)
    _set_difficulty(roll, None)
    return roll


def best_drawn(asked: int, rows: Sequence[tuple[int, ...]]) -> Roll:
    """:func:`best_roll` of ``rows`` a caller drew itself, at least one, each a tuple of
    as many faces 1–6 as a pool of ``asked`` dice rolls (a simulation's dice): the same
    roll, without checking the faces again (R-DICE-8: highest Result, then most Nudges,
    the first of equal rolls kept, as ``max`` keeps it)."""
    best = rows[0] if len(rows) == 1 else max(rows, key=_read)
    return _checked_roll(asked, best)
