"""The board games' groups list their commands from the command modules' own
declarations (``@game_command``), read without importing them: what the group reads
must be what the modules define, and the help keeps its order."""

from __future__ import annotations

import importlib

import click
import pytest

from cli.boardgames.base import GameGroup
from cli.boardgames.deckbuilding import deckbuilding
from cli.boardgames.housewar import housewar
from cli.boardgames.stuffed import stuffed

GROUPS = [stuffed, housewar, deckbuilding]


@pytest.mark.parametrize("group", GROUPS, ids=lambda group: group.name)
def test_the_group_reads_every_command_its_modules_declare(group: GameGroup) -> None:
    defined = {}
    for module in group.modules:
        loaded = importlib.import_module(f"cli.boardgames.{module}")
        defined.update({value.name: value.short_help for value in vars(loaded).values()
                        if isinstance(value, click.Command)})
    if group.steps is not None:  # and the steps of the game's table
        defined.update({step.name: step.summary for step in group.steps})
    assert {name: short for name, (_, short) in group.lazy.items()} == defined
    context = click.Context(group)
    for name in defined:
        command = group.get_command(context, name)
        assert command is not None and command.name == name


def test_the_help_lists_setup_then_steps_then_the_rest() -> None:
    assert list(stuffed.lazy)[:3] == ["new", "offer", "roll"]
    assert list(stuffed.lazy)[-4:] == ["undo", "show", "odds", "keep"]
    assert list(housewar.lazy)[-3:] == ["pay", "undo", "show"]
    assert list(deckbuilding.lazy)[-3:] == ["end-turn", "undo", "show"]
