"""The board games' groups list their commands through the one lazy mechanism
(cli/common/lazy_commands.py): the steps of the game's table of steps, and the other
commands named in the group's lazy map with their short help, each loaded on first use
(R-STF-2, R-DBG-1, R-HW-5: every step a player takes is listed, in the help's order)."""

from __future__ import annotations

import re

import click
import pytest

from cli.boardgames.base import GameGroup
from cli.boardgames.deckbuilding import deckbuilding
from cli.boardgames.housewar import housewar
from cli.boardgames.stuffed import stuffed
from cli.common.lazy_commands import summary
from cli.conflict.group import conflict

GROUPS = [stuffed, housewar, deckbuilding]


def names(group: GameGroup) -> list[str]:
    return [name for name, _short in group.listing()]


@pytest.mark.parametrize("group", GROUPS, ids=lambda group: group.name)
def test_the_group_lists_every_step_and_every_command_it_loads(group: GameGroup) -> None:
    steps = group.steps
    assert steps is not None
    listed = dict(group.listing())
    # Each step's one-line help, its parameters in the command line's words (--faces).
    assert {step.name: summary(step) for step in steps}.items() <= listed.items()
    assert all("{" not in short for short in listed.values())
    assert {name: short for name, (_target, short) in group.lazy.items()}.items() \
        <= listed.items()
    context = click.Context(group)
    for name, short in listed.items():
        command = group.get_command(context, name)
        assert command is not None and command.name == name
        assert command.get_short_help_str(100) == short, name


def test_the_help_lists_setup_then_steps_then_the_rest() -> None:
    assert names(stuffed)[:3] == ["new", "offer", "roll"]
    assert names(stuffed)[-7:] == ["undo", "show", "odds", "keep", "list", "use", "log"]
    assert names(housewar)[-6:] == ["pay", "undo", "show", "list", "use", "log"]
    assert names(deckbuilding)[-5:] == ["undo", "show", "list", "use", "log"]


def guide(group: click.Group) -> str:
    """The quick guide at the head of a group's help: its first block kept as written
    (click's ``\\b``), up to the blank line after it."""
    return (group.help or "").split("\b", 1)[1].strip("\n").split("\n\n", 1)[0]


@pytest.mark.parametrize("group", [conflict, *GROUPS], ids=lambda group: group.name)
def test_the_quick_guide_names_every_step_of_the_games_table(group: click.Group) -> None:
    # The guide is written by hand, with examples; a step added to the table and left
    # out of it would be missing from the first screen a phone shows.
    steps = getattr(group, "steps", None)
    assert steps is not None
    named = set(re.findall(r"[a-z][a-z-]*", guide(group)))
    assert [step.name for step in steps if step.name not in named] == []
