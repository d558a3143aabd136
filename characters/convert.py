"""The project's one cattrs converter, and safe readers for the JSON and TOML people
and programs feed in.

:data:`CONVERTER` turns plain data (what ``json`` and ``tomllib`` give) into the
project's frozen values and back: sheets and Extra groups here, Conflict events and
table rows in ``conflict``. It is strict, so that nothing is silently converted:

* an attrs class must come from a mapping, and an unknown key is refused;
* a tuple or list must come from a list (a string is never read as a list of letters);
* whole numbers and text reach the model untouched wherever a field has its own
  validator or converter, so the model names the field, the range and the rule
  (``attributes.wits must be a whole number 2–6, got 4.5 (R-CHAR-1)``); anywhere
  else a float, a ``"5"`` or a bool for a whole number is refused here;
* a bool must be a real true or false; an enum is read from its value only;
* every problem keeps its place (detailed validation), so a message can name
  ``powers[2].rating``.

Hooks are registered in groups (:data:`SETUPS`) on a converter made by the project's
one factory, :func:`core.convert.make_converter`; :data:`CONVERTER` is the sheets' own,
made on first use. A codec that needs more hooks makes its own converter from
:data:`SETUPS` and its hooks (a hook registered for one class wins over these general
ones), as ``conflict.serial`` does for events; nothing is registered on a converter
another codec uses.

:func:`read_json` and :func:`read_toml` refuse hostile text with
:class:`~characters.errors.UnreadableData` before it can crash anything: too big,
nested too deep, a number too long, NaN or Infinity, not UTF-8 (the project's one
strict reader, :mod:`core.jsonread`, with the sheets' limits).
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final, get_args, get_origin

import attrs
import cattrs
from cattrs.errors import IterableValidationError, IterableValidationNote
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

import core.convert
from characters.errors import UnreadableData, shown
from characters.limits import INTEGER_DIGITS_MAX, NESTING_MAX, SHEET_FILE_MAX_BYTES
from characters.model import ExtraGroup, Kind, Resilience, Sheet
from core import jsonread
from core.lazy import made

Hook = Callable[[Any, Any], Any]


class Invalid(Exception):
    """Raised by a structuring hook: the value at this place has the wrong shape.
    ``reason`` completes a sentence whose subject is the field (``must be a list,
    got 'Quick'``)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


# --- the converter ---------------------------------------------------------------------


def _is_enum(type_: Any) -> bool:
    return isinstance(type_, type) and issubclass(type_, enum.Enum)


def _structure_enum(value: Any, type_: type[enum.Enum]) -> Any:
    if isinstance(value, type_):
        return value
    if not isinstance(value, bool):
        try:
            return type_(value)
        except (ValueError, TypeError):
            pass
    allowed = ", ".join(str(member.value) for member in type_)
    raise Invalid(f"must be one of {allowed}, got {shown(value)}")


def _strict(accepts: Callable[[Any], bool], expected: str) -> Hook:
    """A hook passing values that ``accepts`` through untouched and refusing any
    other (``"false"`` is not false, ``2.7`` is not 2)."""

    def structure(value: Any, type_: Any) -> Any:
        if _is_enum(type_):  # an IntEnum or StrEnum reaches the int or str hook first
            return _structure_enum(value, type_)
        if not accepts(value):
            raise Invalid(f"must be {expected}, got {shown(value)}")
        return value

    return structure


def _passthrough(value: Any, _type: Any) -> Any:
    return value


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return (_is_whole(value) or isinstance(value, float)) and math.isfinite(value)


def _register_scalars(converter: cattrs.Converter) -> None:
    """Whole numbers, numbers, text and bools as they are, or refused; enums by value."""
    converter.register_structure_hook(int, _strict(_is_whole, "a whole number"))
    converter.register_structure_hook(float, _strict(_is_number, "a number"))
    converter.register_structure_hook(str, _strict(lambda v: isinstance(v, str), "text"))
    converter.register_structure_hook(bool, _strict(lambda v: isinstance(v, bool),
                                                    "true or false"))
    converter.register_structure_hook_func(_is_enum, _structure_enum)


def _is_tuple_of(type_: Any) -> bool:
    args = get_args(type_)
    return get_origin(type_) is tuple and len(args) == 2 and args[1] is Ellipsis


def _is_fixed_tuple(type_: Any) -> bool:
    return get_origin(type_) is tuple and not _is_tuple_of(type_)


def _is_list_of(type_: Any) -> bool:
    return get_origin(type_) is list


def _is_dict_of(type_: Any) -> bool:
    return get_origin(type_) is dict


def _items(converter: cattrs.Converter, value: Any, types: Callable[[int], Any],
           whole: Any) -> list[Any]:
    """Each item of a list structured as ``types(index)``; every failure is kept with
    its index, as detailed validation does."""
    items: list[Any] = []
    errors: list[Exception] = []
    for index, item in enumerate(value):
        item_type = types(index)
        try:
            items.append(converter.structure(item, item_type))
        except Exception as error:
            error.add_note(IterableValidationNote(f"item {index}", index, item_type))
            errors.append(error)
    if errors:
        raise IterableValidationError(f"While structuring {whole!r}", errors, whole)
    return items


def _register_containers(converter: cattrs.Converter) -> None:
    """Tuples and lists from lists only; dicts from mappings only."""

    def tuple_of(type_: Any) -> Hook:
        item_type = get_args(type_)[0]

        def structure(value: Any, _type: Any) -> tuple[Any, ...]:
            if not isinstance(value, (list, tuple)):
                raise Invalid(f"must be a list, got {shown(value)}")
            return tuple(_items(converter, value, lambda _i: item_type, type_))

        return structure

    def fixed_tuple(type_: Any) -> Hook:
        item_types = get_args(type_)

        def structure(value: Any, _type: Any) -> tuple[Any, ...]:
            if not isinstance(value, (list, tuple)) or len(value) != len(item_types):
                raise Invalid(f"must be a list of {len(item_types)}, got {shown(value)}")
            return tuple(_items(converter, value, lambda i: item_types[i], type_))

        return structure

    def list_of(type_: Any) -> Hook:
        args = get_args(type_)
        item_type = args[0] if args else Any

        def structure(value: Any, _type: Any) -> list[Any]:
            if not isinstance(value, (list, tuple)):
                raise Invalid(f"must be a list, got {shown(value)}")
            return _items(converter, value, lambda _i: item_type, type_)

        return structure

    def dict_of(type_: Any) -> Hook:
        args = get_args(type_)
        key_type, value_type = args if len(args) == 2 else (Any, Any)

        def structure(value: Any, _type: Any) -> dict[Any, Any]:
            if not isinstance(value, Mapping):
                raise Invalid(f"must be a table, got {shown(value)}")
            return {converter.structure(k, key_type): converter.structure(v, value_type)
                    for k, v in value.items()}

        return structure

    converter.register_structure_hook_factory(_is_tuple_of, tuple_of)
    converter.register_structure_hook_factory(_is_fixed_tuple, fixed_tuple)
    converter.register_structure_hook_factory(_is_list_of, list_of)
    converter.register_structure_hook_factory(_is_dict_of, dict_of)


_SCALARS: Final = (int, str)


def _judged_by_model(type_: Any) -> Hook | None:
    """The hook for a field whose own validator or converter judges its value:
    whole numbers and text (alone, optional, or in a list) pass untouched."""
    args = get_args(type_)
    if type_ in _SCALARS:
        return _passthrough
    if args and type(None) in args and all(a in _SCALARS or a is type(None) for a in args):
        return _passthrough
    if _is_tuple_of(type_) and args[0] in _SCALARS:

        def structure(value: Any, _type: Any) -> tuple[Any, ...]:
            if not isinstance(value, (list, tuple)):
                raise Invalid(f"must be a list, got {shown(value)}")
            return tuple(value)

        return structure
    return None


def _holds_attrs_class(type_: Any) -> bool:
    """Whether values of ``type_`` contain an attrs class (which the converter builds)."""
    if attrs.has(type_):
        return True
    return any(_holds_attrs_class(arg) for arg in get_args(type_) if arg is not Ellipsis)


def attrs_structure(converter: cattrs.Converter, cls: type[Any]) -> Hook:
    """The strict hook for attrs class ``cls``: a mapping with only known keys; a field
    with its own converter gets the raw value, one with its own validator gets whole
    numbers and text untouched."""
    fields = attrs.fields(attrs.resolve_types(cls))
    overrides: dict[str, Any] = {}
    for field in fields:
        if field.validator is None and field.converter is None:
            continue
        # Whole numbers and text (alone, optional, in a list) reach the model untouched;
        # any other field with its own converter (die faces, say) gets the raw value,
        # unless it holds attrs values this converter must build.
        hook = _judged_by_model(field.type)
        if hook is None and field.converter is not None and not _holds_attrs_class(field.type):
            hook = _passthrough
        if hook is not None:
            overrides[field.name] = override(struct_hook=hook)
    inner = make_dict_structure_fn(cls, converter, **overrides)

    def structure(value: Any, _type: Any) -> Any:
        if not isinstance(value, Mapping):
            raise Invalid(f"must be a table of fields, got {shown(value)}")
        return inner(value, cls)

    return structure


def _register_attrs_classes(converter: cattrs.Converter) -> None:
    """Every attrs class from a mapping, strictly (see :func:`attrs_structure`)."""
    converter.register_structure_hook_factory(
        attrs.has, lambda cls: attrs_structure(converter, cls)
    )


def _register_sheets(converter: cattrs.Converter) -> None:
    """Sheet files' own shorthand: a Kind in any case, a Resilience as a bare full
    score, and absent optional values left out (TOML has no null)."""

    def structure_kind(value: Any, _type: Any) -> Kind:
        if isinstance(value, str):
            try:
                return Kind(value.strip().lower())
            except ValueError:
                pass
        raise Invalid(f"must be hero or villain, got {shown(value)} (R-CHAR-1)")

    made: dict[str, Hook] = {}

    def structure_resilience(value: Any, _type: Any) -> Resilience:
        # A bare whole number is the full score with no damage taken.
        if _is_whole(value):
            return Resilience(full=value)
        if "resilience" not in made:  # built on first use: start-up stays short
            made["resilience"] = attrs_structure(converter, Resilience)
        result: Resilience = made["resilience"](value, _type)
        return result

    converter.register_structure_hook(Kind, structure_kind)
    converter.register_structure_hook(Resilience, structure_resilience)
    converter.register_unstructure_hook_factory(
        lambda cls: cls is Sheet,
        lambda cls: make_dict_unstructure_fn(Sheet, converter,
                                             player=override(omit_if_default=True)))
    converter.register_unstructure_hook_factory(
        lambda cls: cls is ExtraGroup,
        lambda cls: make_dict_unstructure_fn(ExtraGroup, converter,
                                             standings=override(omit_if_default=True)))


SETUPS: Final[tuple[core.convert.Setup, ...]] = (
    _register_scalars, _register_containers, _register_attrs_classes, _register_sheets)
"""Every hook group above, in order from the general to the particular: what a codec
of sheets or of values holding sheets (Conflict events) starts from."""


def make_converter() -> cattrs.Converter:
    """A new strict converter (:func:`core.convert.make_converter`) with every hook
    group above registered, in order from the general to the particular."""
    return core.convert.make_converter(*SETUPS)


SHEETS: Final = core.convert.Converter(*SETUPS)
"""The sheets' converter (sheets, Extra groups and table rows), made on first use."""

if TYPE_CHECKING:
    CONVERTER: cattrs.Converter
    """The sheets' converter (:data:`SHEETS`), as it was always importable."""

__all__ = ["SETUPS", "SHEETS", "Hook", "Invalid", "attrs_structure", "make_converter", "read_json",
           "read_toml"]


def __getattr__(name: str) -> Any:
    return made(__name__, name, {"CONVERTER": SHEETS})  # made on first use, by the one factory


# --- safe readers ----------------------------------------------------------------------


def _limits(max_bytes: int) -> jsonread.Limits:
    return jsonread.Limits(max_bytes=max_bytes, nesting=NESTING_MAX, digits=INTEGER_DIGITS_MAX)


def _unreadable(error: jsonread.Unreadable) -> UnreadableData:
    return UnreadableData(error.reason, line=error.line, syntax=error.syntax)


def read_json(text: str | bytes, *, max_bytes: int = SHEET_FILE_MAX_BYTES) -> Any:
    """The data in JSON ``text``, or :class:`~characters.errors.UnreadableData` with a
    short reason (and ``line`` for a syntax error): the project's one strict reader,
    :func:`core.jsonread.read_json`.

    Refused: more than ``max_bytes``, not UTF-8, nesting deeper than
    :data:`~characters.limits.NESTING_MAX`, a whole number of more than
    :data:`~characters.limits.INTEGER_DIGITS_MAX` digits, NaN or Infinity, a key
    given twice.
    """
    try:
        return jsonread.read_json(text, _limits(max_bytes))
    except jsonread.Unreadable as error:
        raise _unreadable(error) from None


def read_toml(text: str | bytes, *, max_bytes: int = SHEET_FILE_MAX_BYTES) -> Any:
    """The data in TOML ``text``, or :class:`~characters.errors.UnreadableData` with a
    short reason (and ``line`` for a syntax error).

    Refused as :func:`read_json` refuses: too big, not UTF-8, nested too deep, a whole
    number too long, ``nan`` or ``inf``.
    """
    try:
        return jsonread.read_toml(text, _limits(max_bytes))
    except jsonread.Unreadable as error:
        raise _unreadable(error) from None
