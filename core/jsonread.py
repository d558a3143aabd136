"""The one strict reader of the JSON (and TOML) that people and programs feed in.

Sheets, Conflict events, every board game's events and the table's stored events are
read by :func:`read_json` (sheets also by :func:`read_toml`), which refuses hostile
text with :class:`Unreadable` before it can crash anything or cost a minute:

* more than :attr:`Limits.max_bytes` bytes, or text that is not UTF-8;
* nesting deeper than :attr:`Limits.nesting` levels of objects and lists;
* a whole number of more than :attr:`Limits.digits` digits (Python would spend
  seconds on a 100,000-digit one);
* NaN, Infinity, a number too big to be finite, and, where :attr:`Limits.fractions`
  is false, any number that is not whole;
* a key given twice in one object (JSON keeps the last silently).

Each refusal says which :class:`Problem` it is, with the detail a package needs to
say it in its own words; its message is the sheets' wording (``is nested too deeply
(more than 32 levels of tables and lists)``).
"""

from __future__ import annotations

import enum
import functools
import json
import math
import re
from collections.abc import Mapping
from typing import Any, Final

import attrs

from core.errors import Malformed, shown

__all__ = ["SHEETS", "Limits", "Problem", "Unreadable", "read_json", "read_toml"]


class Problem(enum.Enum):
    """What makes a text unreadable."""

    TOO_BIG = "too big"
    NOT_TEXT = "not UTF-8 text"
    SYNTAX = "not valid JSON or TOML"
    TOO_DEEP = "nested too deeply"
    TOO_LONG = "a whole number of too many digits"
    NOT_A_NUMBER = "NaN or Infinity"
    NOT_FINITE = "a number too big to be finite"
    FRACTION = "a number that is not whole"
    TWICE = "a key given twice"


class Unreadable(Malformed):
    """Text that cannot be read safely. ``problem`` says why; ``detail`` is what was
    found (the size in bytes, the number of digits, the number's text, the key, the
    parser's own message); ``line`` is the line of a syntax error when known, and
    ``syntax`` is true for text that is no JSON or TOML at all."""

    def __init__(self, message: str, *, problem: Problem, detail: object = None,
                 line: int | None = None) -> None:
        self.reason = message
        self.problem = problem
        self.detail = detail
        self.line = line
        self.syntax = problem is Problem.SYNTAX
        super().__init__(message)


@attrs.frozen
class Limits:
    """What a reader accepts: at most ``max_bytes`` bytes, ``nesting`` levels, whole
    numbers of ``digits`` digits, and numbers that are not whole only if
    ``fractions``."""

    max_bytes: int = 1_000_000
    nesting: int = 32
    digits: int = 18
    fractions: bool = True


SHEETS: Final = Limits()
"""The limits of sheet files (and the default)."""


def _check_size(text: str | bytes, max_bytes: int) -> str:
    """``text`` as a string, if it is UTF-8 and at most ``max_bytes`` long."""
    if len(text) > max_bytes:
        raise Unreadable(f"is too big: {len(text):,} bytes (at most {max_bytes:,})",
                         problem=Problem.TOO_BIG, detail=len(text))
    if isinstance(text, bytes):
        try:
            return text.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise Unreadable(f"is not UTF-8 text (byte {error.start})",
                             problem=Problem.NOT_TEXT, detail=error.start) from None
    if len(text) * 4 <= max_bytes and text.isascii():
        return text  # no character takes more than 4 bytes, and ASCII encodes as it is
    try:
        size = len(text.encode("utf-8"))
    except UnicodeEncodeError as error:
        raise Unreadable(f"is not valid text (character {error.start + 1})",
                         problem=Problem.NOT_TEXT, detail=error.start) from None
    if size > max_bytes:
        raise Unreadable(f"is too big: {size:,} bytes (at most {max_bytes:,})",
                         problem=Problem.TOO_BIG, detail=size)
    return text


def _too_deep(limits: Limits) -> Unreadable:
    return Unreadable(f"is nested too deeply (more than {limits.nesting} levels of tables "
                      "and lists)", problem=Problem.TOO_DEEP, detail=limits.nesting)


def _too_long(digits: int, limits: Limits) -> Unreadable:
    return Unreadable(f"holds a number of {digits:,} digits (at most {limits.digits})",
                      problem=Problem.TOO_LONG, detail=digits)


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_tree(data: Any, limits: Limits) -> None:
    """Refuse nesting deeper than the limit and whole numbers of too many digits,
    without recursion."""
    largest = 10**limits.digits
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, Mapping):
            children: Any = value.values()
        elif isinstance(value, list):
            children = value
        else:
            if _is_whole(value) and abs(value) >= largest:
                raise _too_long(len(str(abs(value))), limits)
            continue
        if depth >= limits.nesting:
            raise _too_deep(limits)
        stack.extend((child, depth + 1) for child in children)


class _Parsers:
    """The hooks ``json.loads`` calls for numbers, constants and objects."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits

    def whole(self, text: str) -> int:
        digits = len(text.lstrip("-"))
        if digits > self.limits.digits:
            raise _too_long(digits, self.limits)
        return int(text)

    def number(self, text: str) -> float:
        if not self.limits.fractions:
            raise Unreadable(f"holds {shown(text)}, which is not a whole number",
                             problem=Problem.FRACTION, detail=text)
        number = float(text)
        if not math.isfinite(number):
            raise Unreadable(f"holds a number that is not finite ({shown(text)})",
                             problem=Problem.NOT_FINITE, detail=text)
        return number

    @staticmethod
    def constant(text: str) -> float:
        raise Unreadable(f"holds {text}, which is not a number",
                         problem=Problem.NOT_A_NUMBER, detail=text)

    @staticmethod
    def pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        result = dict(pairs)
        if len(result) != len(pairs):
            seen: set[str] = set()
            for key, _value in pairs:
                if key in seen:
                    raise Unreadable(f"bad JSON: key {shown(key)} appears twice",
                                     problem=Problem.TWICE, detail=key)
                seen.add(key)
        return result


def _check_depth(data: Any, limits: Limits) -> None:
    """Refuse nesting deeper than the limit, one level at a time (JSON's own objects
    and lists only), without recursion."""
    level = [data] if type(data) in (dict, list) else []
    depth = 0
    while level:
        if depth >= limits.nesting:
            raise _too_deep(limits)
        inner: list[Any] = []
        for value in level:
            inner.extend(child for child in (value.values() if type(value) is dict else value)
                         if type(child) in (dict, list))
        level = inner
        depth += 1


@functools.cache
def _decoder(limits: Limits, whole: bool) -> json.JSONDecoder:
    """The decoder with the hooks of ``limits`` (whole numbers checked if ``whole``),
    made once: ``json.loads`` would make one at every call."""
    parsers = _Parsers(limits)
    return json.JSONDecoder(object_pairs_hook=parsers.pairs,
                            parse_int=parsers.whole if whole else None,
                            parse_float=parsers.number, parse_constant=parsers.constant)


@functools.cache
def _long_run(digits: int) -> re.Pattern[str]:
    """A run of more than ``digits`` digits."""
    return re.compile(f"[0-9]{{{digits + 1}}}")


def read_json(text: str | bytes, limits: Limits = SHEETS) -> Any:
    """The data in JSON ``text``, or :class:`Unreadable` with a short reason (and
    ``line`` for a syntax error), refusing what :class:`Limits` does not allow."""
    source = _check_size(text, limits.max_bytes)
    # Whole numbers are checked as they are read, when the text has a run of digits
    # longer than allowed at all (in strings too: this checks more often than it must);
    # a text with fewer digits in all needs no search.
    long_run = sum(map(source.count, "0123456789")) > limits.digits and \
        _long_run(limits.digits).search(source) is not None
    try:
        data = _decoder(limits, long_run).decode(source)
    except json.JSONDecodeError as error:
        raise _json_syntax(source, error) from None
    except RecursionError:
        raise _too_deep(limits) from None
    # Nesting needs a walk only when the text has more brackets than levels allowed
    # (those in strings count too, so this only ever walks more often than it must).
    if source.count("{") + source.count("[") > limits.nesting:
        _check_depth(data, limits)
    return data


_CLOSING: Final = {"}": "object", "]": "array"}


def _json_syntax(source: str, error: json.JSONDecodeError) -> Unreadable:
    """The refusal of a JSON syntax error, its place counted in the document itself, the
    same on every Python: a trailing comma (``[1, 2,]``) is told at the comma, which
    Python 3.13 names but 3.11 and 3.12 pass for the bracket after it."""
    at, message = error.pos, error.msg
    before = source[:at].rstrip()
    if source[at:at + 1] in _CLOSING and before.endswith(","):
        at = len(before) - 1  # the bracket after a comma: the comma is the slip
    if source[at:at + 1] == ",":
        after = source[at + 1:].lstrip()[:1]
        value_before = source[:at].rstrip()[-1:]
        if after in _CLOSING and value_before not in ("", "{", "[", ","):
            message = f"Illegal trailing comma before end of {_CLOSING[after]}"
    line = source.count("\n", 0, at) + 1
    column = at - source.rfind("\n", 0, at)
    return Unreadable(f"bad JSON: {message}", problem=Problem.SYNTAX,
                      detail=f"{message}: line {line} column {column} (char {at})", line=line)


_TOML_WHERE: Final = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")
_TOML_LONG_INTEGER: Final = re.compile(r"value has (\d+) digits")


def read_toml(text: str | bytes, limits: Limits = SHEETS) -> Any:
    """The data in TOML ``text``, or :class:`Unreadable`, refused as :func:`read_json`
    refuses: too big, not UTF-8, nested too deep, a whole number too long, ``nan`` or
    ``inf``."""
    import tomllib  # here: reading JSON needs no TOML

    source = _check_size(text, limits.max_bytes)
    try:
        data = tomllib.loads(source, parse_float=_Parsers(limits).number)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        match = _TOML_WHERE.search(message)
        raise Unreadable(f"bad TOML: {_TOML_WHERE.sub('', message)}", problem=Problem.SYNTAX,
                         detail=message, line=int(match.group(1)) if match else None
                         ) from None
    except Unreadable:
        raise
    except RecursionError:
        raise _too_deep(limits) from None
    except ValueError as error:  # a whole number past Python's own digit limit
        digits = _TOML_LONG_INTEGER.search(str(error))
        raise _too_long(int(digits.group(1)) if digits else 0, limits) from None
    _check_tree(data, limits)
    return data
