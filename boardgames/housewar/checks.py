"""The field checks of House War's events: names (matched by :func:`key`, the project's
one name identity after repeated spaces), whole numbers within bounds
(:mod:`core.bounds`), choices and lists. Each raises a
:class:`~boardgames.errors.BadValue` naming the field and the value."""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import attrs

from boardgames.errors import BadValue, shown
from core import bounds
from core.bounds import said_by
from core.names import name_key
from core.text import refusal

__all__ = ["MAX_NAME", "a_name", "check_name", "clean", "key", "one_of", "tuple_of",
           "whole_number"]

E = TypeVar("E", bound=enum.Enum)
T = TypeVar("T")

MAX_NAME = 60


@functools.lru_cache(maxsize=4096)
def key(name: str) -> str:
    """How names are matched: repeated spaces as one, then the project's one name
    identity (:func:`core.names.name_key`: case, compatibility forms and invisible
    characters ignored)."""
    return name_key(" ".join(name.split()))


def clean(value: str) -> str:
    """A name with repeated spaces as one. What is not text is returned as it came, for
    the field's validator to refuse by name (a constructor is typed as it validates,
    but JSON can hold anything)."""
    return " ".join(value.split()) if isinstance(value, str) else value


def check_name(what: str, value: Any, rule: str) -> None:
    if not isinstance(value, str) or not value:
        raise BadValue(f"{what} must be a non-empty name, got {shown(value)}", rule=rule)
    if len(value) > MAX_NAME:
        raise BadValue(f"{what} must be at most {MAX_NAME} characters, got {shown(value)}",
                       rule=rule)
    why = refusal(value)  # the project's one rule for names
    if why is not None:
        raise BadValue(f"{what} must be {why[0]}, got {shown(why[1])}", rule=rule)


def a_name(rule: str) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    def check(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        check_name(attribute.name, value, rule)

    return check


def whole_number(low: int | None = None, high: int | None = None, rule: str | None = None,
                 optional: bool = False, *, param: str | None = None
                 ) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    """A whole number within ``low``–``high`` (:func:`core.bounds.whole`); ``param``:
    the step's parameter that gives it, by its table name, in every step that does."""
    return bounds.whole(low, high, rule=rule, optional=optional, refuse=_REFUSE,
                        param=param)


_REFUSE = said_by(BadValue)


def one_of(cls: type[E], value: Any) -> E:
    if isinstance(value, cls):
        return value
    try:
        return cls(value.strip().lower() if isinstance(value, str) else value)
    except ValueError:
        allowed = ", ".join(str(m.value) for m in cls)
        raise BadValue(f"{cls.__name__.lower()} must be one of {allowed}, "
                       f"got {shown(value)}") from None


def tuple_of(cls: type[T], what: str, value: Any) -> tuple[T, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise BadValue(f"{what} must be a list, got {shown(value)}")
    items = tuple(value)
    for item in items:
        if not isinstance(item, cls):
            raise BadValue(f"{what} must hold {cls.__name__} values, got {shown(item)}")
    return items


