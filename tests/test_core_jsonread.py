"""One strict JSON reader (core.jsonread) under the sheets, the Conflict's events and
every board game's events: each refuses the same hostile texts, in its own words."""

from __future__ import annotations

import pytest

from boardgames.deckbuilding.codec import CODEC as DECKBUILDING
from boardgames.errors import BadValue as GameBadValue
from boardgames.housewar.codec import CODEC as HOUSEWAR
from boardgames.stuffed.codec import CODEC as STUFFED
from characters.convert import read_json as read_sheet
from characters.errors import UnreadableData
from conflict.errors import BadValue as ConflictBadValue
from conflict.serial import event_from_json
from core.errors import Malformed
from core.jsonread import Limits, Problem, Unreadable, read_json

HOSTILE = [
    ('{"a": 1, "a": 2}', Problem.TWICE),
    ('{"a": ' + "9" * 40 + "}", Problem.TOO_LONG),
    ('{"a": NaN}', Problem.NOT_A_NUMBER),
    ("[" * 40 + "]" * 40, Problem.TOO_DEEP),
    ('{"a": ', Problem.SYNTAX),
]


@pytest.mark.parametrize(("text", "problem"), HOSTILE)
def test_every_reader_refuses_the_same_hostile_text(text: str, problem: Problem) -> None:
    with pytest.raises(Unreadable) as caught:
        read_json(text)
    assert caught.value.problem is problem and isinstance(caught.value, Malformed)
    with pytest.raises(UnreadableData):
        read_sheet(text)
    with pytest.raises(ConflictBadValue, match="an event must be JSON"):
        event_from_json(text)
    for codec in (STUFFED, DECKBUILDING, HOUSEWAR):
        with pytest.raises(GameBadValue):
            codec.from_json(text)


def test_r_stf_2_a_board_game_event_with_a_key_given_twice_is_refused() -> None:
    line = '{"game":"stuffed","schema":1,"type":"end_turn","type":"end_turn"}'
    with pytest.raises(GameBadValue, match=r"^not JSON: key 'type' appears twice$"):
        STUFFED.from_json(line)


def test_the_board_games_keep_their_words_for_what_the_reader_refuses() -> None:
    with pytest.raises(GameBadValue, match=r"^a number of 40 digits is too large to be meant$"):
        STUFFED.from_json('{"a": ' + "9" * 40 + "}")
    with pytest.raises(GameBadValue, match=r"^expected a whole number, got '1\.5'$"):
        STUFFED.from_json('{"a": 1.5}')
    with pytest.raises(GameBadValue, match=r"^JSON nested deeper than 16 levels$"):
        STUFFED.from_json("[" * 17 + "]" * 17)


def test_limits_are_the_reader_s_own_arguments() -> None:
    assert read_json("[" * 16 + "]" * 16, Limits(nesting=16)) is not None
    with pytest.raises(Unreadable, match="more than 16 levels"):
        read_json("[" * 17 + "]" * 17, Limits(nesting=16))
    with pytest.raises(Unreadable, match="is too big: 9 bytes"):
        read_json('{"a": 12}', Limits(max_bytes=8))
    assert read_json('{"a": 1.5}') == {"a": 1.5}
    with pytest.raises(Unreadable, match="which is not a whole number"):
        read_json('{"a": 1.5}', Limits(fractions=False))
