"""The roll log (table/rolls.py): rolls made outside a Conflict."""

from __future__ import annotations

import datetime
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import scaled
from strategies import rolls as any_roll
from table_support import ROOT, plain

from conflict.dice import Roll
from conflict.errors import BadValue
from table import Table


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with Table(tmp_path / "table.db") as opened:
        yield opened


def test_a_roll_is_kept_with_who_what_for_and_what_the_rules_made_of_it(table: Table) -> None:
    # R-DICE-4/5: faces 6 5 5 2 → Result 5, one Nudge; R-DICE-6: against Difficulty 3,
    # Outcome 2, a success.
    roll = Roll.from_faces([6, 5, 5, 2], difficulty=3)
    entry = table.record_roll(roll, who="Kell", purpose="pick the lock")
    assert (entry.id, entry.who, entry.purpose, entry.roll) == (1, "Kell", "pick the lock", roll)
    assert entry.at.tzinfo == datetime.UTC
    assert table.rolls() == [entry]
    assert plain(
        table.path,
        "SELECT who, purpose, asked, faces, result, nudges, difficulty, success FROM rolls",
    ) == [("Kell", "pick the lock", 4, "[6, 5, 5, 2]", 5, 1, 3, 1)]


def test_r_dice_2_and_3_pools_outside_2_to_10_keep_what_was_asked(table: Table) -> None:
    # R-DICE-2: 12 dice asked → 10 rolled, 2 free Nudges; R-DICE-3: 1 asked → 2 rolled.
    big = Roll(asked=12, faces=(1, 1, 2, 3, 4, 5, 6, 6, 2, 3))
    small = Roll(asked=1, faces=(4, 4))
    table.record_roll(big, who="Marsh")
    table.record_roll(small, who="Marsh", purpose="")
    assert [entry.roll for entry in table.rolls()] == [big, small]
    assert plain(table.path, "SELECT asked, result, nudges, difficulty, success FROM rolls") == [
        (12, 3, 4, None, None), (1, 4, 0, None, None)
    ]


@settings(max_examples=scaled(10))
@given(st.lists(any_roll(), min_size=1, max_size=30))
def test_any_rolls_read_back_equal_in_order(rolls: list[Roll]) -> None:
    with tempfile.TemporaryDirectory() as folder, Table(Path(folder) / "t.db") as table:
        for roll in rolls:
            table.record_roll(roll, who="Vin")
        assert [entry.roll for entry in table.rolls()] == rolls


def test_rolls_are_listed_oldest_first_by_anyone_or_by_one_ignoring_case(table: Table) -> None:
    for n, who in enumerate(["Kell", "Vin", "kell", "Marsh", "KELL "]):
        table.record_roll(Roll.from_faces([n % 5 + 1] * 2), who=who, purpose=f"roll {n}")
    assert [e.purpose for e in table.rolls()] == [f"roll {n}" for n in range(5)]
    assert [e.purpose for e in table.rolls(who="Kell")] == ["roll 0", "roll 2", "roll 4"]
    assert [e.purpose for e in table.rolls(limit=2)] == ["roll 3", "roll 4"]
    assert [e.purpose for e in table.rolls(who="kell", limit=2)] == ["roll 2", "roll 4"]
    assert table.rolls(limit=0) == []
    assert table.rolls(who="Nobody") == []


@pytest.mark.parametrize(
    ("who", "purpose", "limit", "needle"),
    [
        ("", "", None, "who rolled must be non-empty text (visible characters), got ''"),
        ("Kell", 7, None, "what the roll is for must be text, got 7"),
        ("Kell", "", -1, "limit must be a whole number of 0 or more, got -1"),
    ],
)
def test_malformed_roll_records_are_refused(
    table: Table, who: str, purpose: object, limit: int | None, needle: str
) -> None:
    with pytest.raises(BadValue) as caught:
        table.record_roll(Roll.from_faces([5, 5]), who=who, purpose=purpose)  # type: ignore[arg-type]
        table.rolls(limit=limit)
    assert str(caught.value) == needle
    assert len(table.rolls()) == (1 if limit is not None else 0)


def test_recording_a_roll_loads_neither_the_sheet_codecs_nor_the_engine(tmp_path: Path) -> None:
    script = (
        "import sys\n"
        "from conflict.dice import roll\n"
        "from table import Table\n"
        "with Table(sys.argv[1]) as table:\n"
        "    table.record_roll(roll(4), who='Kell', purpose='sneak')\n"
        "heavy = ('cattrs', 'characters.files', 'conflict.engine', 'rich', 'click',\n"
        "         'sqlite_utils', 'platformdirs')\n"
        "print([m for m in heavy if m in sys.modules])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "table.db")],
        capture_output=True, text=True, cwd=ROOT, check=True,
    )
    assert done.stdout == "[]\n" and done.stderr == ""
    assert plain(tmp_path / "table.db", "SELECT who, purpose, asked FROM rolls") == [
        ("Kell", "sneak", 4)
    ]
