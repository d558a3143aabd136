"""Die faces as the screens show them: glyph and digit (``⚄5``). Light at import."""

from __future__ import annotations

__all__ = ["DIE_GLYPHS", "die"]

DIE_GLYPHS = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}


def die(face: int) -> str:
    """A die face as glyph and digit, e.g. ``⚄5``: the glyph never stands alone."""
    return f"{DIE_GLYPHS[face]}{face}"
