"""Start-up: a hot command loads only what it uses (issue 21). Times are the bench's
(``bench/startup.py``); these tests check which modules a command imports, which does
not swing with the machine's load."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_conflict_group_knows_which_module_adds_each_command() -> None:
    from cli.conflict.group import conflict

    assert isinstance(conflict.elsewhere, dict)
    for module in set(conflict.elsewhere.values()):
        importlib.import_module(module)
    added_elsewhere = {name for name, command in conflict.commands.items()
                       if command.callback is not None
                       and command.callback.__module__ != "cli.conflict.group"}
    assert added_elsewhere == set(conflict.elsewhere)
    for name, module in conflict.elsewhere.items():
        callback = conflict.commands[name].callback
        assert callback is not None
        assert callback.__module__ == module or name == "run", name
