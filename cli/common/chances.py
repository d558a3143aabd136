"""Chances as the screens show them: a percentage that never rounds to a false
certainty, and a bar drawn in eighths of a cell. Every front door's odds screen draws
them alike (``mistborn odds``, ``mistborn stuffed odds``); here, so that one need not
load another's odds (start-up time)."""

from __future__ import annotations

from fractions import Fraction

__all__ = ["bar", "percent"]

_EIGHTHS = " ▏▎▍▌▋▊▉"


def percent(p: Fraction, digits: int = 1) -> str:
    """A probability as a percentage that never rounds to a false certainty:
    exactly 0 and 1 print as ``0`` and ``100``; anything else stays strictly between,
    e.g. ``<0.1`` or ``>99.9``."""
    if p == 0:
        return "0"
    if p == 1:
        return "100"
    shown = f"{float(p) * 100:.{digits}f}"
    smallest = f"{10.0**-digits:.{digits}f}"
    if float(shown) == 0:
        return f"<{smallest}"
    if float(shown) >= 100:
        return f">{100 - 10.0**-digits:.{digits}f}"
    return shown


def bar(p: Fraction, width: int) -> str:
    """A text bar ``width`` cells wide, in eighths of a cell."""
    eighths = round(p * width * 8)
    if p and not eighths:
        eighths = 1  # a possible outcome never shows an empty bar
    full, part = divmod(eighths, 8)
    text = "█" * full + (_EIGHTHS[part] if part else "")
    return text + "·" * (width - len(text))
