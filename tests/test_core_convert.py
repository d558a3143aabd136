"""One converter factory (core.convert): every codec owns a converter made by it at
first use; none registers hooks on a converter another codec uses, and cattrs is not
loaded until events are read or written."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import attrs
import cattrs
import pytest

from boardgames.deckbuilding.codec import CODEC as DECKBUILDING
from boardgames.housewar.codec import CODEC as HOUSEWAR
from boardgames.session import converter as plain_board_game_converter
from boardgames.stuffed.codec import CODEC as STUFFED
from boardgames.stuffed.dice import parse_combo
from characters.convert import CONVERTER, SHEETS
from characters.model import ExtraGroup, Sheet
from conflict import serial
from core.convert import Converter, make_converter

ROOT = Path(__file__).resolve().parent.parent


def test_a_converter_is_made_once_at_first_use() -> None:
    made: list[cattrs.Converter] = []
    lazy = Converter(made.append)
    assert not lazy.built and made == []
    assert lazy() is lazy() is made[0]
    assert lazy.built and len(made) == 1


def test_the_factory_s_converters_are_strict() -> None:
    @attrs.frozen
    class Point:
        x: int

    with pytest.raises(cattrs.BaseValidationError):
        make_converter().structure({"x": 1, "y": 2}, Point)  # an unknown key


def test_r_stf_2_every_codec_owns_its_converter() -> None:
    converters = [STUFFED.converter(), HOUSEWAR.converter(), DECKBUILDING.converter(),
                  plain_board_game_converter(), serial.EVENTS(), SHEETS()]
    assert len({id(c) for c in converters}) == len(converters)
    # Stuffed's combinations are text on its own converter, and nowhere else.
    combo = parse_combo("ch:2,i")
    assert STUFFED.converter().unstructure(combo) == "intelligence,charisma:2"
    assert not isinstance(DECKBUILDING.converter().unstructure(combo), str)
    assert not isinstance(plain_board_game_converter().unstructure(combo), str)


def test_r_con_2_the_sheets_converter_is_not_taught_the_events_hooks() -> None:
    assert CONVERTER is SHEETS() and serial.converter is serial.EVENTS()
    union = Sheet | ExtraGroup
    assert serial.EVENTS().get_structure_hook(union) is not CONVERTER.get_structure_hook(union)


def test_reading_no_events_loads_no_cattrs() -> None:
    script = ("import sys\n"
              "import boardgames.stuffed.codec, boardgames.housewar.codec\n"
              "import boardgames.deckbuilding.codec\n"
              "print('cattrs' in sys.modules)\n"
              "from boardgames.stuffed.codec import CODEC\n"
              "CODEC.from_json('{\"game\":\"stuffed\",\"schema\":1,\"type\":\"end\"}')\n"
              "print('cattrs' in sys.modules, CODEC.converter.built)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, cwd=ROOT, timeout=60)
    assert done.stdout.split() == ["False", "True", "True"]
