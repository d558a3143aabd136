"""One factory for the project's cattrs converters.

:func:`make_converter` builds a strict converter (an unknown key is refused, every
problem keeps its place) and configures it with the setups it is given, each a
function that registers hooks. Every codec owns the converter it needs, built once at
first use by :class:`Converter`, instead of registering its hooks on a converter
shared with other codecs at import::

    EVENTS = Converter(strict_scalars, my_hooks)   # nothing built, cattrs not imported
    EVENTS().structure(data, Roll)                 # built now, kept for later calls

cattrs is imported only when a converter is first built, so a command that never
reads or writes events (odds, a roll) never loads it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import cattrs

__all__ = ["Converter", "Setup", "make_converter"]

Setup = Callable[["cattrs.Converter"], None]
"""A function that registers hooks on a converter being built."""


def make_converter(*setups: Setup) -> cattrs.Converter:
    """A new strict converter (unknown keys refused, detailed validation) configured by
    ``setups`` in order, from the general to the particular (a hook registered later
    wins)."""
    import cattrs  # here: start-up of commands that read no events stays short

    converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    for setup in setups:
        setup(converter)
    return converter


class Converter:
    """A converter made by :func:`make_converter` from ``setups`` when first called,
    then the same one on every call."""

    def __init__(self, *setups: Setup) -> None:
        self.setups = setups
        self._made: list[cattrs.Converter] = []

    def __call__(self) -> cattrs.Converter:
        if not self._made:
            self._made.append(make_converter(*self.setups))
        return self._made[0]

    @property
    def built(self) -> bool:
        """Whether the converter has been made yet."""
        return bool(self._made)
