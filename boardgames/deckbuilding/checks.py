"""The field checks of the Deckbuilding Game's events: names (one identity for every
game, :mod:`core.names`), whole numbers within bounds (:mod:`core.bounds`), choices and
lists. Each raises a localized :class:`~boardgames.locales.LocalizedBadValue` naming
the field and the value."""

from __future__ import annotations

import enum
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from boardgames.deckbuilding.text import bad_value
from boardgames.errors import shown
from core import bounds
from core.bounds import Bounds
from core.names import name_key, two_spellings
from core.text import first_refused, near

MAX_NAME = 40

# --- field checks: each raises a localized BadValue naming the field and the value ---

Check = Callable[[Any, "attrs.Attribute[Any]", Any], None]


def check_name(value: object, field: str) -> str:
    """``value`` if it is a name: text of 1–40 characters, not blank, on one line, held
    to the project's one rule for names (:func:`core.text.first_refused`) and without
    any other format, private-use or unassigned character."""
    if not isinstance(value, str):
        raise bad_value("bad.name", "R-DBG-1", field=field, value=shown(value), most=MAX_NAME)
    refused = first_refused(value)
    if refused is not None:
        raise bad_value("bad.text", "R-DBG-1", field=field, value=shown(near(value, refused.at)))
    if not value.strip() or len(value) > MAX_NAME or value != value.strip() or any(
            unicodedata.category(c).startswith("C") for c in value):
        raise bad_value("bad.name", "R-DBG-1", field=field, value=shown(value), most=MAX_NAME)
    return value


def a_name(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    """Validator: the field holds a name (:func:`check_name`)."""
    check_name(value, attribute.name)


def maybe_name(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    """Validator: the field holds a name or ``None``."""
    if value is not None:
        check_name(value, attribute.name)


def label(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    """Validator: the field holds a name or ``""`` (left empty)."""
    if value != "":
        check_name(value, attribute.name)


def _said(broken: Bounds) -> Exception:
    """A number out of its bounds, in the catalog's words (any language)."""
    assert broken.low is not None and broken.high is not None  # every bound here has both
    return bad_value("bad.number", broken.rule, field=broken.field, value=shown(broken.value),
                     low=broken.low, high=broken.high)


def check_whole(value: object, field: str, low: int, high: int, rule: str) -> int:
    """``value`` if it is a whole number within ``low``–``high`` (the project's one
    check, :func:`core.bounds.check_whole`)."""
    return bounds.check_whole(value, field, low, high, rule=rule, refuse=_said)


def whole(low: int, high: int, rule: str) -> Check:
    """Validator: the field holds a whole number within ``low``–``high``."""
    return bounds.whole(low, high, rule=rule, refuse=_said)


def one_of(kind: type[enum.Enum]) -> Check:
    """Validator: the field holds a member of ``kind``."""
    def check(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if not isinstance(value, kind):
            raise bad_value("bad.choice", None, field=attribute.name, value=shown(value),
                            allowed=", ".join(str(m.value) for m in kind))

    return check


def as_tuple(value: Any) -> Any:
    """Converter: a list read from JSON as a tuple; anything else as it is."""
    return tuple(value) if isinstance(value, list) else value


def is_tuple(field: str, value: object, rule: str) -> tuple[Any, ...]:
    """``value`` if it is a tuple, else a refusal naming ``field``."""
    if not isinstance(value, tuple):
        raise bad_value("bad.list", rule, field=field, value=shown(value))
    return value


def clashing(names: Sequence[str]) -> tuple[str, ...]:
    """The names that are one name with another one by the project's one identity
    (:func:`core.names.name_key`: "Vin", "vin", "Ｖｉｎ")."""
    keys = [name_key(n) for n in names]
    return tuple(n for n, k in zip(names, keys, strict=True) if keys.count(k) > 1)


def refuse_look_alikes(names: Sequence[str], rule: str) -> None:
    """Refuse a name that only looks like another among ``names`` (``Vіn`` with a
    Cyrillic ``і`` beside ``Vin``), in the roster's words."""
    twin = two_spellings(names)
    if twin is not None and twin.why is not None:
        raise bad_value("bad.look_alike", rule, name=shown(twin.name),
                        existing=shown(twin.existing), why=twin.why)


