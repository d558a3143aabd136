"""Interim: the one rule for name identity (replaced by the full module)."""

from __future__ import annotations

import unicodedata

from characters.errors import SheetValueError


def name_key(name: str) -> str:
    """The form two names share when they are the same name."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name.strip()).casefold())


def check_name(value: object, *, field: str = "name") -> str:
    """``value`` as a name, or :class:`SheetValueError`."""
    if not isinstance(value, str) or not value.strip():
        raise SheetValueError(field, "a non-empty name", value)
    if any(unicodedata.category(c) == "Cc" for c in value) or len(value) > 60:
        raise SheetValueError(field, "a name on one line of at most 60 characters", value)
    return value.strip()


def look_alike(name: str, existing: list[str]) -> str | None:
    """Interim: the existing name ``name`` would be confused with."""
    return None
