"""Every public constructor is typed as it validates (the library for tool authors).

A type checker reads an attrs class's constructor from its fields: a field with a
converter takes what the converter's first parameter is annotated to take, any other
field its own annotation. A converter annotated ``Any`` (or ``object``) lets
``hw.Pass(42, take=3.5)`` pass ``mypy --strict`` and fail only when it runs; these
tests read every constructor as the checker does and refuse such a parameter.
``tests/typing/author_mistakes.py`` shows mypy itself refusing the wrong calls (CI).
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import sys
import typing
from typing import Any, get_args

import attrs
import pytest

PACKAGES = ("conflict", "characters", "boardgames", "boardgames.housewar",
            "boardgames.stuffed", "boardgames.deckbuilding", "core", "table")
GAMES = ("conflict.events", "boardgames.housewar.events", "boardgames.stuffed.events",
         "boardgames.deckbuilding.events")


def parameter_types(cls: type[Any]) -> dict[str, Any]:
    """Each constructor parameter's type as a type checker reads it."""
    found: dict[str, Any] = {}
    namespace = vars(sys.modules[cls.__module__])
    for field in attrs.fields(cls):
        if not field.init:
            continue
        converter = field.converter
        if isinstance(converter, attrs.Converter):
            converter = converter.converter  # type: ignore[assignment]
        if converter is not None:
            hints = typing.get_type_hints(converter)
            first = next(iter(inspect.signature(converter).parameters))
            found[field.name] = hints.get(first, Any)
        else:
            kind = field.type
            if isinstance(kind, str):
                # A class imported only for the type checker stays named, as written.
                with contextlib.suppress(NameError):
                    kind = eval(kind, namespace)
            found[field.name] = kind
    return found


def loose(cls: type[Any]) -> list[str]:
    return [name for name, kind in parameter_types(cls).items()
            if kind is Any or kind is object or kind is None]


def exported() -> list[type[Any]]:
    classes: dict[type[Any], None] = {}
    for name in PACKAGES:
        module = importlib.import_module(name)
        for item in getattr(module, "__all__", ()):
            value = getattr(module, item)
            if isinstance(value, type) and attrs.has(value):
                classes[value] = None
    return list(classes)


@pytest.mark.parametrize("module", GAMES)
def test_every_event_constructor_is_typed_as_it_validates(module: str) -> None:
    """Every game's events, the whole union: no parameter a type checker reads as
    ``Any`` (R-CON-1, R-HW-5, R-STF-2, R-DBG-8: events are checked as they are built)."""
    events = get_args(importlib.import_module(module).Event)
    assert events
    untyped = {cls.__name__: loose(cls) for cls in events if loose(cls)}
    assert untyped == {}


def test_every_exported_value_is_typed_as_it_validates() -> None:
    """Every attrs class a public package exports (sheets, options, screens' values)."""
    classes = exported()
    assert len(classes) > 100
    untyped = {f"{cls.__module__}.{cls.__name__}": loose(cls) for cls in classes
               if loose(cls)}
    assert untyped == {}


def test_the_reader_sees_an_untyped_converter() -> None:
    """The check itself: a converter taking ``Any`` is reported, a typed one is not."""

    def anything(value: Any) -> int:
        return int(value)

    def whole(value: int | str) -> int:
        return int(value)

    @attrs.frozen
    class Loose:
        n: int = attrs.field(converter=anything)

    @attrs.frozen
    class Typed:
        n: int = attrs.field(converter=whole)
        m: str = "x"

    assert loose(Loose) == ["n"]
    assert loose(Typed) == []
    assert parameter_types(Typed) == {"n": int | str, "m": str}
