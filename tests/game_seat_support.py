"""Shared by the tests of the player shell at a board game: a table with players
seated, a game set up by the host's own commands, in-process."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from cli.main import main
from table import Table

HEIST = ["stuffed", "new", "-p", "ann:ch", "bo:r", "--mission", "Heist", "--teammates",
         "2", "--mercenaries", "1", "--combo", "ch:2,i"]
HOUSES = ["hw", "new", "--players", "4", "--length", "short", "--houses", "Lekal",
          "Tekiel", "Venture", "Hasting"]
HW_SETUP = [["hw", "sheet", "venture", "2f", "1m", "--cards", "1"],
            ["hw", "sheet", "hasting", "1p", "1w"], ["hw", "sheet", "lekal", "2s"],
            ["hw", "sheet", "tekiel", "1m", "1f", "1p"],
            ["hw", "add", "Ashfall", "-u", "1", "--setup", "--cost", "2", "food",
             "--favor", "4"],
            ["hw", "add", "Riot", "-u", "2", "--setup", "--cost", "1", "skaa"],
            ["hw", "add", "Famine", "-u", "3", "--setup"],
            ["hw", "add", "Disobedience", "-u", "1", "--setup", "--cost", "2", "skaa",
             "--favor", "6"]]


def cli(db: Path, *args: str) -> str:
    """The table's command, as the host types it."""
    result = CliRunner().invoke(main, list(args), env={
        "MISTBORN_DB": str(db), "COLUMNS": "40", "NO_COLOR": "1", "MISTBORN_AS": "gm"})
    assert result.exit_code == 0, result.output
    return result.stdout


def seated(path: Path, players: tuple[str, ...], *setup: list[str]) -> Table:
    """A table with ``players`` invited (and ``gm`` as the host), and a game set up."""
    table = Table(path)
    for name in players:
        table.invite_player(name)
    table.invite_player("gm", narrator=True)
    for args in setup:
        cli(path, *args)
    return table
