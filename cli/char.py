"""``mistborn char``: character sheets and Extra groups in the table.

Sheets come in from TOML or JSON files (see :mod:`characters.files`), live in the
table database (:mod:`conflict.storage`) and go out again as files, screens or JSON.
This module reads the command line and draws; the rules and the checks live in the
library (field edits in :mod:`characters.edits`). Rich and SQLite are imported only
inside the commands.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import click

from cli.main import fail
from cli.output import json_option, make_console, print_json
from cli.table_option import open_table, table_option, table_path

if TYPE_CHECKING:
    from rich.console import RenderableType

    from characters.model import Character, Resilience, Sheet

RESILIENCE_LABELS: Final = {
    "health": "Health",
    "reputation": "Reputation",
    "willpower": "Willpower",
}
SHEET_WIDTH: Final = 72  # a sheet never grows wider than this, however wide the screen
BAR_CELLS: Final = 12  # longest Resilience bar; one cell per point up to this


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@table_option
def char() -> None:
    """Character sheets and Extra groups in the table.

    Sheets are TOML or JSON files: [[character]] tables for Heroes and Villains,
    [[group]] tables for Extras (see examples/). Names are unique ignoring case.
    """


# --- import ---------------------------------------------------------------------------


@char.command("import", short_help="Add sheet files to the table.")
@click.argument(
    "files", nargs=-1, required=True, metavar="FILE...", type=click.Path(path_type=Path)
)
@click.option(
    "--replace",
    is_flag=True,
    help="Overwrite sheets already in the table with the same name (damage included). "
    "Without it, such a name stops the import.",
)
@table_option
def import_(files: Sequence[Path], replace: bool) -> None:
    """Add the sheets in FILE... (.toml or .json) to the table.

    Every file is checked first; if any sheet is wrong, nothing is imported.
    """
    from characters.files import name_key, read
    from conflict.storage import NameTaken

    roster: list[Character] = []
    origin: dict[str, Path] = {}
    for path in files:
        for character in read(path):
            key = name_key(character.name)
            if key in origin:
                fail(
                    f"{path}: {character.name!r} is also in {origin[key]}; "
                    "names must differ ignoring case"
                )
            origin[key] = path
            roster.append(character)
    with open_table() as table:
        try:
            added = table.add(roster, replace=replace)
        except NameTaken as error:
            where = origin.get(name_key(error.name))
            fail(
                f"{where}: {error.name!r} is already in the table; nothing imported "
                "(use --replace to overwrite it)"
            )
        location = table.path
    for entry in added:
        verb = "replaced" if entry.replaced else "added"
        click.echo(f"{verb} {entry.character.name} ({_kind_text(entry.character)})")
    click.echo(f"{len(added)} imported into the table at {location}")


# --- list -------------------------------------------------------------------------------


@char.command("list", short_help="List the sheets and groups.")
@json_option
@table_option
def list_(as_json: bool) -> None:
    """List the characters and Extra groups in the table."""
    with open_table() as table:
        roster = table.characters()
    if as_json:
        print_json([summary(character) for character in roster])
        return
    if not roster:
        click.echo(f"The table at {table_path()} is empty.")
        click.echo("Add sheets with: mistborn char import FILE...")
        return
    console = make_console()
    console.print(roster_view(roster, console.width))


def summary(character: Character) -> dict[str, Any]:
    """One line of ``char list --json``."""
    from characters.model import ExtraGroup

    data: dict[str, Any] = {
        "name": character.name,
        "kind": character.kind.value,
        "wits": character.wits,
    }
    if isinstance(character, ExtraGroup):
        data["count"] = character.count
    else:
        data["player"] = character.player
        data["resiliences"] = _resiliences_json(character)
        data["defeated"] = _defeated(character)
    return data


def _resiliences_json(sheet: Sheet) -> dict[str, dict[str, int]]:
    return {
        name: {"full": value.full, "damage": value.damage, "current": value.current}
        for name in RESILIENCE_LABELS
        for value in [sheet.resiliences.get(name)]
    }


def _defeated(sheet: Sheet) -> bool:
    # R-CON-20: a Resilience at 0 defeats the character.
    return any(sheet.resiliences.get(name).defeated for name in RESILIENCE_LABELS)


def _kind_text(character: Character) -> str:
    from characters.model import ExtraGroup

    if isinstance(character, ExtraGroup):
        return f"{character.count} Extra{'s' if character.count != 1 else ''}"
    return character.kind.value


def roster_view(roster: Sequence[Character], width: int) -> RenderableType:
    """The roster of ``char list``: a table on wide screens, short cards on phones."""
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from characters.model import ExtraGroup

    def state(character: Character, letters: bool) -> Text:
        if isinstance(character, ExtraGroup):
            return Text(_kind_text(character))
        labels = ("H", "R", "W") if letters else ("", "", "")
        shown = []
        for label, name in zip(labels, RESILIENCE_LABELS, strict=True):
            value = character.resiliences.get(name)
            shown.append(f"{label} {value.current}/{value.full}".strip())
        text = Text(" · ".join(shown))
        if _defeated(character):
            text.append(" defeated", style="bold")
        return text

    if width < 60:
        cards: list[RenderableType] = [Text("H Health · R Reputation · W Willpower")]
        for character in roster:
            if isinstance(character, ExtraGroup):
                about = f"extras · Wits {character.wits}"
            else:
                player = f" · {character.player}" if character.player else ""
                about = f"{character.kind.value}{player} · Wits {character.wits}"
            figures = state(character, letters=True)
            line = Text("  ") + Text(about, overflow="fold")
            if len(about) + len(figures) + 5 <= width:
                lines = [line + Text(" · ") + figures]
            else:
                lines = [line, Text("  ") + figures]
            cards += [Text(""), Text(character.name, style="bold", overflow="fold"), *lines]
        return Group(*cards)

    view = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    view.add_column("Name", overflow="fold")
    view.add_column("Kind")
    view.add_column("Player", overflow="fold")
    view.add_column("Wits", justify="right", no_wrap=True)
    view.add_column("Health · Rep · Will", overflow="fold")
    for character in roster:
        if isinstance(character, ExtraGroup):
            kind, player = "extras", "—"
        else:
            kind, player = character.kind.value, character.player or "—"
        view.add_row(
            Text(character.name, style="bold"),
            kind,
            player,
            str(character.wits),
            state(character, letters=False),
        )
    return view


# --- show -------------------------------------------------------------------------------


@char.command("show", short_help="Show one sheet or group.")
@click.argument("name")
@json_option
@table_option
def show(name: str, as_json: bool) -> None:
    """Show one sheet or Extra group."""
    with open_table() as table:
        character = table.get(name)
    if as_json:
        print_json(details(character))
        return
    console = make_console()
    console.print(sheet_view(character, console.width))


def details(character: Character) -> dict[str, Any]:
    """``char show --json``: the sheet as its file holds it, with figures added —
    each Resilience's current score, a group's kind and the Wits it declares at."""
    from characters.files import unstructure
    from characters.model import ExtraGroup

    data = unstructure(character)
    if isinstance(character, ExtraGroup):
        data = {"kind": character.kind.value, **data, "declares_at_wits": character.wits}
    else:
        data["resiliences"] = _resiliences_json(character)
        data["defeated"] = _defeated(character)
    return data


def resilience_bar(value: Resilience) -> str:
    """``████░░``: one cell per point (scaled down past BAR_CELLS points); filled cells
    are what is left, light ones the damage taken."""
    cells = min(value.full, BAR_CELLS)
    filled = round(cells * value.current / value.full)
    if value.current > 0:
        filled = max(filled, 1)  # never looks empty while the character still stands
    return "█" * filled + "░" * (cells - filled)


def sheet_view(character: Character, width: int) -> RenderableType:
    """The sheet of ``char show``: reads at 40 columns and at 120."""
    from rich import box
    from rich.console import Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    from characters.model import ExtraGroup

    parts: list[RenderableType] = [Text(character.name, style="bold")]
    if isinstance(character, ExtraGroup):
        lowest = " (lowest member)" if character.member_wits else ""
        parts.append(Text(f"Extra group · {_kind_text(character)}"))
        parts.append(Text(f"Declares at Wits {character.wits}{lowest}"))
    else:
        controller = f"played by {character.player}" if character.player else "Narrator's"
        parts.append(Text(f"{character.kind.value.capitalize()} · {controller}"))

    def heading(text: str) -> Text:
        return Text(f"\n{text}", style="bold")

    stats = Table.grid(padding=(0, 1))
    standings = character.standings
    headings = [Text("Attributes", style="bold"), Text("")]
    if standings is not None:
        headings += [Text(" Standings", style="bold"), Text("")]
    stats.add_row(*headings)
    attrs_rows = [
        ("Physique", character.attributes.physique),
        ("Charm", character.attributes.charm),
        ("Wits", character.attributes.wits),
    ]
    standing_rows = (
        [
            ("Resources", standings.resources),
            ("Influence", standings.influence),
            ("Spirit", standings.spirit),
        ]
        if standings is not None
        else []
    )
    for index, (label, score) in enumerate(attrs_rows):
        row = [label, str(score).rjust(2)]
        if standing_rows:
            row += [f" {standing_rows[index][0]}", str(standing_rows[index][1]).rjust(2)]
        stats.add_row(*row)
    parts += [Text(""), stats]

    if isinstance(character, ExtraGroup):
        if character.member_wits:
            parts.append(Text("Member Wits: " + " ".join(map(str, character.member_wits))))
        parts.append(heading("Resiliences"))
        parts.append(Text("None tracked: 1 damage defeats one Extra (R-CON-19)"))
    else:
        parts.append(heading("Resiliences"))
        bars = Table.grid(padding=(0, 1))
        bars.add_column(no_wrap=True)
        bars.add_column(no_wrap=True)
        bars.add_column(no_wrap=True, justify="right")
        bars.add_column()
        for name, label in RESILIENCE_LABELS.items():
            value = character.resiliences.get(name)
            style = "red" if value.current * 3 <= value.full else "green"
            bars.add_row(
                label,
                Text(resilience_bar(value), style=style),
                f"{value.current}/{value.full}",
                Text("defeated", style="bold") if value.defeated else "",
            )
        parts.append(bars)

    if character.powers:
        parts.append(heading("Powers"))
        powers = Table.grid(padding=(0, 1))
        powers.add_column(overflow="fold")
        powers.add_column(justify="right", no_wrap=True)
        for power in character.powers:
            powers.add_row(power.name, str(power.rating))
        parts.append(powers)
    lists: list[tuple[str, Sequence[str]]] = [("Traits", character.traits)]
    if not isinstance(character, ExtraGroup):
        lists.append(("Burdens", character.burdens))
    for title, names in lists:
        if names:
            parts.append(heading(title))
            parts.append(Text(" · ".join(names), overflow="fold"))
    if character.equipment:
        parts.append(heading("Equipment"))
        parts.extend(
            Text(f"{item.name} (+{item.damage} damage)", overflow="fold")
            for item in character.equipment
        )
    if character.reactions:
        parts.append(heading("Reactions"))
        parts.extend(
            Text(f"{reaction.name} ({reaction.dice} dice)", overflow="fold")
            for reaction in character.reactions
        )
    if character.notes.strip():
        parts.append(heading("Notes"))
        parts.append(Text(character.notes.strip(), overflow="fold"))
    return Panel(Group(*parts), box=box.ROUNDED, width=min(width, SHEET_WIDTH), padding=(0, 1))


# --- export -------------------------------------------------------------------------------


@char.command("export", short_help="Print sheets as TOML or JSON.")
@click.argument("names", nargs=-1, metavar="NAME...")
@click.option("--all", "everyone", is_flag=True, help="Export every sheet in the table.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["toml", "json"]),
    default="toml",
    show_default=True,
    help="File format to write.",
)
@table_option
def export(names: Sequence[str], everyone: bool, fmt: str) -> None:
    """Print sheets as a file that char import reads back."""
    from characters.files import dumps

    if not names and not everyone:
        fail("name at least one character to export, or use --all")
    with open_table() as table:
        chosen = table.characters() if everyone else [table.get(name) for name in names]
    if not chosen:
        fail("the table is empty: nothing to export")
    click.echo(dumps(chosen, "json" if fmt == "json" else "toml"), nl=False)


# --- set ----------------------------------------------------------------------------------


@char.command("set", short_help="Change fields of a sheet.")
@click.argument("name")
@click.argument("assignments", nargs=-1, required=True, metavar="FIELD=VALUE...")
@table_option
def set_(name: str, assignments: Sequence[str]) -> None:
    """Change fields of a sheet or group: all of them, or none if one is wrong.

    FIELD is dotted; list items count from 1. A number given for a Resilience is its
    full score (the damage taken is kept). Examples:

    \b
    attributes.wits=5
    standings.spirit=7
    player=Ada   (empty: Narrator's)
    notes="Owes the Prelate a favour"
    traits="Quick, Sly"
    resiliences.health=10
    resiliences.health.damage=0
    powers[1].rating=6
    powers='[{name="Pewter", rating=3}]'
    """
    from characters.edits import Change, apply_assignments, parse_assignment

    # Read every assignment before touching the table: a typo is reported as such.
    parsed = [parse_assignment(assignment) for assignment in assignments]
    changes: list[Change] = []

    def edit(character: Character) -> Character:
        changed, done = apply_assignments(character, parsed)
        changes[:] = done
        return changed

    with open_table() as table:
        new = table.change(name, edit)
    for change in changes:
        click.echo(f"{new.name}: {change}")


# --- damage and heal --------------------------------------------------------------------


def _resilience_name(text: str) -> str:
    """health, reputation or willpower from any case or a unique beginning (``rep``)."""
    key = text.strip().casefold()
    matches = [name for name in RESILIENCE_LABELS if name.startswith(key)] if key else []
    return matches[0] if len(matches) == 1 else text


def _after_change(sheet: Sheet, resilience: str, as_json: bool, said: str) -> None:
    value = sheet.resiliences.get(resilience)
    if as_json:
        print_json(
            {
                "name": sheet.name,
                "resilience": resilience,
                "full": value.full,
                "damage": value.damage,
                "current": value.current,
                "defeated": value.defeated,
            }
        )
        return
    label = RESILIENCE_LABELS[resilience]
    click.echo(f"{sheet.name} {said}.")
    click.echo(f"{label} {resilience_bar(value)} {value.current}/{value.full}")
    if value.defeated:
        click.echo(f"{sheet.name} is defeated: {label} is 0 (R-CON-20).")


# A negative AMOUNT reaches the model's own check ("must be ≥ 0") instead of being
# taken for an unknown option.
AMOUNT_SETTINGS = {"ignore_unknown_options": True}


@char.command(
    "damage", context_settings=AMOUNT_SETTINGS, short_help="Record damage to a Resilience."
)
@click.argument("name")
@click.argument("resilience")
@click.argument("amount", type=int)
@json_option
@table_option
def damage(name: str, resilience: str, amount: int, as_json: bool) -> None:
    """Record AMOUNT damage to a Hero's or Villain's RESILIENCE (health,
    reputation, willpower). Damage is kept apart from the full score and adds up."""
    key = _resilience_name(resilience)
    with open_table() as table:
        sheet = table.damage(name, key, amount)
    _after_change(sheet, key, as_json, f"takes {amount} {RESILIENCE_LABELS[key]} damage")


@char.command(
    "heal", context_settings=AMOUNT_SETTINGS, short_help="Heal damage to a Resilience."
)
@click.argument("name")
@click.argument("resilience")
@click.argument("amount", type=int)
@json_option
@table_option
def heal(name: str, resilience: str, amount: int, as_json: bool) -> None:
    """Take AMOUNT damage off a Hero's or Villain's RESILIENCE (never below no
    damage)."""
    key = _resilience_name(resilience)
    with open_table() as table:
        sheet = table.heal(name, key, amount)
    _after_change(sheet, key, as_json, f"heals {amount} {RESILIENCE_LABELS[key]}")


# --- rm -------------------------------------------------------------------------------------


@char.command("rm", short_help="Remove a sheet or group.")
@click.argument("name")
@click.option("--yes", "-y", is_flag=True, help="Do not ask for confirmation.")
@table_option
def rm(name: str, yes: bool) -> None:
    """Remove a sheet or Extra group from the table (asks first, unless --yes)."""
    with open_table() as table:
        character = table.get(name)
        if not yes:
            if not sys.stdin.isatty():
                fail(f"not removing {character.name!r} without --yes: no terminal to ask")
            click.confirm(
                f"Remove {character.name} ({_kind_text(character)}) from the table?",
                abort=True,
            )
        table.remove(character.name)
    click.echo(f"Removed {character.name}.")
