"""Hypothesis strategies shared by the test suite.

Dice (R-DICE-*): single faces, pool sizes (including pools outside 2–10, which the
rules handle with free Nudges or an Outcome penalty), Difficulties and whole rolls.
Add strategies for other parts of the game below, in their own section.
"""

from __future__ import annotations

from hypothesis import strategies as st

from conflict.dice import Roll, dice_rolled

# --- dice -------------------------------------------------------------------------

faces = st.integers(min_value=1, max_value=6)
"""One die face, 1–6."""

set_faces = st.integers(min_value=1, max_value=5)
"""A face that can form a set (a 6 never does, R-DICE-4)."""

difficulties = st.integers(min_value=0, max_value=5)
"""A Difficulty, 0–5 (R-DICE-6)."""

maybe_difficulties = st.none() | difficulties
"""A Difficulty or none at all (a plain roll, not a Challenge)."""


def pools(min_size: int = 0, max_size: int = 14) -> st.SearchStrategy[int]:
    """Pool sizes as asked by the rules; the default range covers pools below 2 dice
    (R-DICE-3) and beyond 10 (R-DICE-2)."""
    return st.integers(min_value=min_size, max_value=max_size)


def face_lists(min_size: int = 2, max_size: int = 10) -> st.SearchStrategy[list[int]]:
    """The faces of dice actually rolled (2–10 of them by default)."""
    return st.lists(faces, min_size=min_size, max_size=max_size)


@st.composite
def rolls(
    draw: st.DrawFn,
    asked: st.SearchStrategy[int] | None = None,
    difficulty: st.SearchStrategy[int | None] = maybe_difficulties,
) -> Roll:
    """A judged roll: a pool size, exactly the faces that pool rolls, and optionally a
    Difficulty."""
    size = draw(pools() if asked is None else asked)
    rolled = draw(face_lists(dice_rolled(size), dice_rolled(size)))
    return Roll(asked=size, faces=tuple(rolled), difficulty=draw(difficulty))


seeds = st.integers(min_value=0, max_value=2**32 - 1)
"""Seeds for a repeatable ``random.Random``."""
