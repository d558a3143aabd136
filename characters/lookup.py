"""Finding a character by what a Narrator types: the whole name, any unique beginning
of it ("tam" → "Tamsin Vey"), or the beginning of any word in it ("hazekillers" →
"Hazekillers of House Orrell", "orrell" too), in any case and spacing
(:func:`characters.names.name_key`).

Several matches list the candidates; none suggests the closest spelling, by the whole
name or any word of it (:func:`core.names.closest`: "hazekilers" → "Hazekillers of
House Orrell"). Pure code: the roster, the Conflict and the commands all look names up
through :func:`resolve`.
"""

from __future__ import annotations

from collections.abc import Sequence

from characters.errors import CharacterError
from core.names import closest as closest_name
from core.names import matches as matches
from core.names import not_found

__all__ = ["NameAmbiguous", "NameNotFound", "closest", "matches", "resolve"]


class NameNotFound(CharacterError):
    """No name matches what was typed; ``suggestion`` is the closest, if any."""

    def __init__(self, typed: str, known: Sequence[str], *, what: str = "character") -> None:
        self.typed = typed
        self.known = tuple(known)
        self.suggestion = closest(typed, known)
        super().__init__(not_found(
            what, typed, self.known, self.suggestion, quote=_quote,
            none="there are none yet", holds="there is" if len(known) == 1 else "there are"))


class NameAmbiguous(CharacterError):
    """What was typed matches several names: ``candidates`` lists them."""

    def __init__(self, typed: str, candidates: Sequence[str], *, what: str = "character"
                 ) -> None:
        self.typed = typed
        self.candidates = tuple(candidates)
        listed = ", ".join(_quote(c) for c in candidates[:6])
        more = f" and {len(candidates) - 6} more" if len(candidates) > 6 else ""
        super().__init__(f"{_quote(typed)} could be {listed}{more}: type more of the "
                         f"{what}'s name")


def _quote(name: str) -> str:
    text = repr(name)
    return text if len(text) <= 60 else text[:59] + "…"


def resolve(typed: str, names: Sequence[str], *, what: str = "character") -> str:
    """The one name ``typed`` means; :class:`NameAmbiguous` listing the candidates,
    or :class:`NameNotFound` suggesting the closest."""
    found = matches(typed, names)
    if len(found) == 1:
        return found[0]
    if found:
        raise NameAmbiguous(typed, found, what=what)
    raise NameNotFound(typed, names, what=what)


def closest(typed: str, known: Sequence[str]) -> str | None:
    """The known name most like ``typed`` by spelling (``Kel`` → ``Kell``,
    ``hazekilers`` → ``Hazekillers of House Orrell``), or ``None``: the project's one
    "did you mean", :func:`core.names.closest`."""
    return closest_name(typed, known)
