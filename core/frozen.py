"""Frozen values for the few classes a command needs before anything else loads.

Importing attrs alone costs a hot command (``mistborn roll 5``, ``odds 4``, ``roll 5
--as Vin``) more than its whole start-up may, so the values those make are written on
:class:`Frozen`: the dice's :class:`~conflict.dice.Roll`, the odds'
(:mod:`conflict.odds`), the text rule's :class:`~core.text.Refused`, a name's
:class:`~core.names.Spellings`, JSON :class:`~core.jsonread.Limits`, and the table's
:class:`~table.stored.Row`, :class:`~table.rolls.RollEntry` and
:class:`~table.players.Player`; the board games' screen values
(:mod:`boardgames.screen`), which every game's ``show`` draws; and Stuffed's
:class:`~boardgames.stuffed.dice.Die`, :class:`~boardgames.stuffed.dice.Combo` and
:class:`~boardgames.stuffed.odds.Odds` (``stuffed odds``, ``stuffed keep``). Each has slots, an
``__init__`` of its own with its checks, and what attrs would generate for a frozen
class — equality of the same class field by field, a hash of the fields, a repr
``Roll(asked=5, faces=(…), difficulty=None)``, ``attrs.exceptions.FrozenInstanceError``
on any assignment, pattern matching by field order, pickling and copying through
``__init__``. :func:`conflict.values.evolve` copies them with changes, checks and all.

Every other value of the project stays an attrs class; a class joins these only when
a hot command would otherwise import attrs (``tests/test_startup.py`` names them).
"""

from __future__ import annotations

from typing import Any, ClassVar, NoReturn

__all__ = ["Frozen"]


class Frozen:
    """A frozen value. A subclass names its fields in order in ``fields`` and makes
    them its slots (``__slots__ = fields``), and sets them in its ``__init__`` with
    :meth:`_set`; ``_unshown`` names the fields left out of the repr and the hash
    (still compared)."""

    __slots__ = ()
    fields: ClassVar[tuple[str, ...]] = ()
    _unshown: ClassVar[frozenset[str]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if tuple(cls.__dict__.get("__slots__", ())) != cls.fields:
            raise TypeError(f"{cls.__name__}: __slots__ must be its fields, in order")
        cls.__match_args__ = cls.fields  # type: ignore[attr-defined,misc]  # by field order

    def _set(self, name: str, value: object) -> None:
        object.__setattr__(self, name, value)

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.fields)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        from attrs.exceptions import FrozenInstanceError  # on a mistake only

        raise FrozenInstanceError()

    def __delattr__(self, name: str) -> NoReturn:
        from attrs.exceptions import FrozenInstanceError  # on a mistake only

        raise FrozenInstanceError()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Frozen)
        return self._values() == other._values()

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash((self.__class__.__qualname__, *(
            getattr(self, name) for name in self.fields if name not in self._unshown)))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.fields
                          if name not in self._unshown)
        return f"{self.__class__.__qualname__}({shown})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (self.__class__, self._values())
