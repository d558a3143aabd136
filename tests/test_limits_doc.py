"""docs/limits.md gives the value of every limit the code states, so the page and the
code never disagree."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest

import characters.limits
import conflict.fields

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "limits.md").read_text(encoding="utf-8")


def constants(module: ModuleType) -> dict[str, object]:
    return {name: value for name, value in vars(module).items()
            if re.fullmatch(r"[A-Z][A-Z_]+", name) and isinstance(value, (int, tuple))}


def test_every_sheet_limit_is_a_named_constant() -> None:
    assert set(constants(characters.limits)) == {
        "ATTRIBUTE_RANGE", "STANDING_RANGE", "POWER_RANGE", "REACTION_RANGE",
        "EQUIPMENT_DAMAGE_RANGE", "NAME_MAX", "NOTES_MAX", "LIST_MAX", "GROUP_COUNT_RANGE",
        "RESILIENCE_RANGE", "AMOUNT_RANGE", "SHEET_FILE_MAX_BYTES", "NESTING_MAX",
        "INTEGER_DIGITS_MAX", "SHOWN_MAX",
    }


@pytest.mark.parametrize("module", [characters.limits, conflict.fields],
                         ids=["characters", "conflict"])
def test_the_page_gives_each_constants_value(module: ModuleType) -> None:
    found = constants(module)
    assert found
    for name, value in found.items():
        written = f"{value:_}" if isinstance(value, int) and value >= 100_000 else str(value)
        assert f"`{name}` = {written} |" in PAGE, f"{name} = {written} is not in limits.md"


def test_the_page_gives_the_player_shells_limits() -> None:
    from cli.players.shell import MAX_NEWS_ROLLS
    from cli.players.ssh_server import MAX_READ
    from cli.players.words import MAX_LINE

    for name, value in (("MAX_LINE", MAX_LINE), ("MAX_READ", MAX_READ),
                        ("MAX_NEWS_ROLLS", MAX_NEWS_ROLLS)):
        assert f"`{name}` = {value} |" in PAGE, f"{name} = {value} is not in limits.md"


def test_the_page_gives_the_limits_of_files_given_and_of_error_lines() -> None:
    from cli.common.errors import LONGEST_LINE
    from cli.players.ssh_login import HOST_KEY_MOST
    from core.errors import PATH_QUOTE, QUOTE
    from table.players import KEY_FILE_MOST
    from table.stored import VERSION_MOST

    for name, value in (("KEY_FILE_MOST", KEY_FILE_MOST), ("HOST_KEY_MOST", HOST_KEY_MOST),
                        ("LONGEST_LINE", LONGEST_LINE), ("QUOTE", QUOTE),
                        ("PATH_QUOTE", PATH_QUOTE), ("VERSION_MOST", VERSION_MOST)):
        written = f"{value:_}" if 100_000 <= value < 2**32 else str(value)
        assert f"`{name}` = {written}" in PAGE, f"{name} = {written} is not in limits.md"
