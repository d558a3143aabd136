"""The project's converter and the safe readers (characters/convert.py): strict
structuring that never converts silently, and hostile text refused before it can
crash anything."""

from __future__ import annotations

import enum
import json
from typing import Any

import attrs
import pytest
from cattrs.errors import BaseValidationError, ForbiddenExtraKeysError

from characters.convert import CONVERTER, Invalid, make_converter, read_json, read_toml
from characters.errors import CharacterError, UnreadableData
from characters.files import problems_of
from characters.limits import INTEGER_DIGITS_MAX, NESTING_MAX
from characters.model import Attributes, Kind, Power, Resilience, Sheet


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


class Level(enum.IntEnum):
    LOW = 1
    HIGH = 2


@attrs.frozen
class Row:
    """A value without validators of its own, as a table row or an event may be."""

    count: int
    label: str
    flag: bool
    colour: Colour
    level: Level
    tags: tuple[str, ...] = ()
    pair: tuple[int, str] = (0, "")
    scores: dict[str, int] = attrs.field(factory=dict)
    share: float = 0.0
    note: str | None = None


GOOD_ROW: dict[str, Any] = {"count": 3, "label": "x", "flag": True, "colour": "red",
                            "level": 2}


def reasons(data: Any, cls: type[Any]) -> list[str]:
    """Every problem structuring ``data`` as ``cls`` reports, as ``field reason``."""
    with pytest.raises((BaseValidationError, ForbiddenExtraKeysError, Invalid,
                        CharacterError, KeyError)) as caught:
        CONVERTER.structure(data, cls)
    return [str(problem) for problem in problems_of(caught.value)]


def test_a_good_row_reads_back_as_it_was_written() -> None:
    row = CONVERTER.structure({**GOOD_ROW, "tags": ["a", "b"], "pair": [1, "z"],
                               "scores": {"a": 1}, "share": 0.5, "note": "n"}, Row)
    assert row == Row(3, "x", True, Colour.RED, Level.HIGH, ("a", "b"), (1, "z"), {"a": 1},
                      0.5, "n")
    assert CONVERTER.structure(CONVERTER.unstructure(row), Row) == row


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("count", 4.0, "count must be a whole number, got 4.0"),
        ("count", "5", "count must be a whole number, got '5'"),
        ("count", True, "count must be a whole number, got True"),
        ("label", 5, "label must be text, got 5"),
        ("flag", "false", "flag must be true or false, got 'false'"),
        ("flag", 1, "flag must be true or false, got 1"),
        ("colour", "RED", "colour must be one of red, blue, got 'RED'"),  # value, not name
        ("colour", 0, "colour must be one of red, blue, got 0"),
        ("level", "HIGH", "level must be one of 1, 2, got 'HIGH'"),
        ("level", True, "level must be one of 1, 2, got True"),
        ("tags", "ab", "tags must be a list, got 'ab'"),  # never a list of letters
        ("tags", ["a", 2], "tags[2] must be text, got 2"),
        ("pair", [1, "z", 3], "pair must be a list of 2, got [1, 'z', 3]"),
        ("pair", "1z", "pair must be a list of 2, got '1z'"),
        ("scores", [["a", 1]], "scores must be a table, got [['a', 1]]"),
        ("share", float("nan"), "share must be a number, got nan"),
        ("share", "0.5", "share must be a number, got '0.5'"),
        ("note", 3, "note must be text, got 3"),
    ],
)
def test_nothing_is_converted_silently(field: str, value: Any, reason: str) -> None:
    assert reasons({**GOOD_ROW, field: value}, Row) == [reason]


def test_unknown_keys_and_missing_fields_are_named() -> None:
    assert reasons({**GOOD_ROW, "colur": "red"}, Row) == [
        "colur is not a known field (did you mean 'colour'?)"
    ]
    data = dict(GOOD_ROW)
    del data["label"]
    assert reasons(data, Row) == ["label is missing"]


def test_an_attrs_class_comes_from_a_mapping_only() -> None:
    assert reasons([1, 2, 3], Attributes) == ["must be a table of fields, got [1, 2, 3]"]
    assert reasons("3 4 5", Attributes) == ["must be a table of fields, got '3 4 5'"]


def test_every_problem_keeps_its_place() -> None:
    data = {"name": "Kell", "kind": "hero",
            "attributes": {"physique": 3, "charm": 4, "wits": 9},
            "standings": {"resources": 4, "influence": 4, "spirit": 6},
            "resiliences": {"health": 8, "reputation": 6, "willpower": 7},
            "powers": [{"name": "Pewter", "rating": 3}, {"name": "Tin", "rating": "5"}]}
    assert reasons(data, Sheet) == [
        "attributes.wits must be a whole number 2–6, got 9 (R-CHAR-1)",
        "powers[2].rating must be a whole number 1–10, got '5' (R-CHAR-1)",
    ]


def test_r_char_1_the_model_judges_its_own_fields() -> None:
    # Fields with their own validator or converter get the value untouched, so the
    # message names the range and the rule rather than just the type.
    assert reasons({"name": "Pewter", "rating": 4.5}, Power) == [
        "powers.rating must be a whole number 1–10, got 4.5 (R-CHAR-1)"
    ]
    assert reasons({"name": 7, "rating": 4}, Power) == [
        "powers.name must be text, got 7 (R-CHAR-1)"
    ]
    assert reasons({"full": True}, Resilience) == [
        "full must be a whole number 1–100, got True (R-CHAR-1)"
    ]


def test_sheet_shorthand_kind_in_any_case_and_a_bare_full_score() -> None:
    assert CONVERTER.structure(" Villain", Kind) is Kind.VILLAIN
    assert CONVERTER.structure(8, Resilience) == Resilience(full=8)
    assert reasons(True, Resilience) == [
        "must be a table of fields, got True"
    ]


def test_more_hooks_can_be_registered_later() -> None:
    converter = make_converter()  # a fresh one: the shared converter stays as it is
    assert converter.structure(GOOD_ROW, Row).count == 3

    def row_from_text(value: Any, _type: Any) -> Row:
        count, label = str(value).split(":")
        return Row(int(count), label, False, Colour.BLUE, Level.LOW)

    converter.register_structure_hook(Row, row_from_text)
    assert converter.structure("7:seven", Row) == Row(7, "seven", False, Colour.BLUE,
                                                      Level.LOW)
    assert CONVERTER.structure(GOOD_ROW, Row).count == 3  # the shared one is untouched


# --- hostile text ------------------------------------------------------------------------------


def unreadable(read: Any, text: str | bytes) -> UnreadableData:
    with pytest.raises(UnreadableData) as caught:
        read(text)
    assert isinstance(caught.value, CharacterError)
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 120
    return caught.value


TOO_DEEP = "is nested too deeply (more than 32 levels of tables and lists)"


@pytest.mark.parametrize("depth", [NESTING_MAX + 1, 500, 100_000])
def test_deep_nesting_is_refused_in_json(depth: int) -> None:
    # json.loads raises RecursionError on deep input; 500 it reads, and the depth check
    # after reading refuses it.
    assert str(unreadable(read_json, "[" * depth + "]" * depth)) == TOO_DEEP
    assert str(unreadable(read_json, '{"a":' * depth + "1" + "}" * depth)) == TOO_DEEP


@pytest.mark.parametrize("depth", [NESTING_MAX + 1, 500, 100_000])
def test_deep_nesting_is_refused_in_toml(depth: int) -> None:
    assert str(unreadable(read_toml, "a = " + "[" * depth + "]" * depth)) == TOO_DEEP
    assert str(unreadable(read_toml, "a = " + "{b = " * depth + "1" + "}" * depth)) == TOO_DEEP


def test_nesting_up_to_the_limit_is_read() -> None:
    depth = NESTING_MAX
    assert read_json("[" * depth + "]" * depth) is not None
    assert read_toml("a = " + "[" * (depth - 1) + "]" * (depth - 1)) is not None


@pytest.mark.parametrize("read", [read_json, read_toml])
@pytest.mark.parametrize("digits", [INTEGER_DIGITS_MAX + 1, 4300, 5000])
def test_whole_numbers_of_too_many_digits_are_refused(read: Any, digits: int) -> None:
    number = "9" * digits
    text = f'{{"wits": {number}}}' if read is read_json else f"wits = {number}"
    assert str(unreadable(read, text)) == (
        f"holds a number of {digits:,} digits (at most {INTEGER_DIGITS_MAX})"
    )
    negative = text.replace(number, "-" + number)
    assert "holds a number of" in str(unreadable(read, negative))


@pytest.mark.parametrize("read", [read_json, read_toml])
def test_whole_numbers_of_18_digits_are_read(read: Any) -> None:
    number = 10**INTEGER_DIGITS_MAX - 1
    text = json.dumps({"wits": -number}) if read is read_json else f"wits = -{number}"
    assert read(text) == {"wits": -number}


@pytest.mark.parametrize(("text", "message"), [
    ('{"wits": NaN}', "holds NaN, which is not a number"),
    ('{"wits": Infinity}', "holds Infinity, which is not a number"),
    ('{"wits": -Infinity}', "holds -Infinity, which is not a number"),
    ('{"wits": 1e999}', "holds a number that is not finite ('1e999')"),
])
def test_json_numbers_that_are_not_finite_are_refused(text: str, message: str) -> None:
    assert str(unreadable(read_json, text)) == message


@pytest.mark.parametrize("text", ["wits = nan", "wits = inf", "wits = -inf", "wits = 1e999"])
def test_toml_numbers_that_are_not_finite_are_refused(text: str) -> None:
    assert "holds a number that is not finite" in str(unreadable(read_toml, text))


@pytest.mark.parametrize("read", [read_json, read_toml])
def test_text_that_is_not_utf8_is_refused(read: Any) -> None:
    raw = b'{"name": "Ren\xe9e"}' if read is read_json else b'name = "Ren\xe9e"'
    at = raw.index(b"\xe9")  # 13 in the JSON, 11 in the TOML
    assert str(unreadable(read, raw)) == f"is not UTF-8 text (byte {at})"
    assert str(unreadable(read, "name = '\ud800'")) == "is not valid text (character 9)"
    assert read(b"\xef\xbb\xbf" + raw.replace(b"\xe9", b"e")) is not None  # a BOM is fine


@pytest.mark.parametrize("read", [read_json, read_toml])
def test_text_over_the_size_limit_is_refused(read: Any) -> None:
    text = '{"notes": "' + "x" * 1_000_000 + '"}' if read is read_json else (
        'notes = "' + "x" * 1_000_000 + '"')
    assert str(unreadable(read, text)) == (
        f"is too big: {len(text):,} bytes (at most 1,000,000)"
    )
    assert str(unreadable(read, "é" * 600_000)) == "is too big: 1,200,000 bytes (at most 1,000,000)"
    assert read('{"a": 1}' if read is read_json else "a = 1", max_bytes=8) == {"a": 1}


@pytest.mark.parametrize(("text", "line", "said"), [
    ('{\n  "name": "Kell",\n}', 2, "Illegal trailing comma before end of object"),
    ('{"a": 1,\n\n  }', 1, "Illegal trailing comma before end of object"),
    ("[1,\n2,\n]", 2, "Illegal trailing comma before end of array"),
    ('{"a": [1,],}', 1, "Illegal trailing comma before end of array"),
    ("[1,\n,\n2]", 2, "Expecting value"),
    ("{,}", 1, "Expecting property name enclosed in double quotes"),
    ('{"a": 1\n "b": 2}', 2, "Expecting ',' delimiter"),
])
def test_a_sheet_files_json_mistake_is_told_alike_on_every_python(
        text: str, line: int, said: str) -> None:
    """A sheet file's (R-CHAR-1) syntax error is placed by the document itself: Python
    3.13 names a trailing comma at the comma, 3.11 and 3.12 at the bracket after it, and
    the reader tells the same line and words on each."""
    from core import jsonread

    error = unreadable(read_json, text)
    assert (error.line, str(error)) == (line, f"bad JSON: {said}")
    with pytest.raises(jsonread.Unreadable) as raw:  # the board games' words use its detail
        jsonread.read_json(text)
    assert str(raw.value.detail).startswith(f"{said}: line {line} column ")


def test_json_keys_given_twice_are_refused() -> None:
    assert str(unreadable(read_json, '{"name": "a", "name": "b"}')) == (
        "bad JSON: key 'name' appears twice"
    )


def test_syntax_errors_carry_their_line() -> None:
    error = unreadable(read_json, '{\n  "name": "Kell",\n}')
    assert error.line == 2 and str(error).startswith("bad JSON: ")  # the trailing comma
    error = unreadable(read_toml, 'name = "Kell"\nkind = \n')
    assert error.line == 2 and str(error).startswith("bad TOML: ")
