"""Each game package exports every class of its ``EVENTS`` (the union :data:`Event`'s
members, listed nowhere else), and Stuffed's stays light: its event classes are read on
first use."""

from __future__ import annotations

import importlib
import subprocess
import sys
import typing

import pytest

GAMES = ["boardgames.stuffed", "boardgames.housewar", "boardgames.deckbuilding"]


@pytest.mark.parametrize("name", GAMES)
def test_every_event_class_is_exported_by_its_package(name: str) -> None:
    package = importlib.import_module(name)
    events = importlib.import_module(f"{name}.events")
    assert typing.get_args(events.Event) == events.EVENTS
    for cls in events.EVENTS:
        assert cls.__name__ in package.__all__
        assert getattr(package, cls.__name__) is cls


def test_r_stf_8_importing_a_stuffed_module_by_name_loads_no_events() -> None:
    code = ("import sys\n"
            "from boardgames.stuffed import odds\n"
            "print('boardgames.stuffed.events' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == ["False"]
