"""The example sheets shipped with the library: a small original crew and the people
hunting them (the same files as ``examples/*.toml`` in the source tree).

They are there to try things with before writing sheets of one's own::

    from characters.samples import example_characters

    crew = {c.name: c for c in example_characters()}
    crew["Tamsin Vey"].attributes.physique

``mistborn demo`` plays its Conflict with them.
"""

from __future__ import annotations

from importlib import resources
from typing import TYPE_CHECKING, Final

from characters.errors import CharacterError

if TYPE_CHECKING:
    from characters.model import Character

__all__ = ["SHEET_FILES", "example_characters", "example_text"]

SHEET_FILES: Final = ("crew.toml", "opposition.toml")
"""The example files, in the order they are read."""


def example_text(file: str) -> str:
    """The text of one example file (one of :data:`SHEET_FILES`)."""
    if file not in SHEET_FILES:

        raise CharacterError(f"no example file {file!r}; there are {', '.join(SHEET_FILES)}")
    return (resources.files("characters") / "sheets" / file).read_text(encoding="utf-8")


def example_characters() -> list[Character]:
    """Every Hero, Villain and Extra group in the example files, checked as
    ``mistborn char import`` checks them."""
    from characters.files import loads

    return [character for file in SHEET_FILES
            for character in loads(example_text(file), "toml", source=file)]
