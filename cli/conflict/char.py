"""``mistborn char``: character sheets and Extra groups in the table.

Sheets come in from TOML or JSON files (see :mod:`characters.files`), live in the
table database (:mod:`table`) and go out again as files, screens or JSON.
The commands here only read the command line, call the library and print: field edits
live in :mod:`characters.edits`, screens and JSON shapes in :mod:`cli.common.sheet_screens`.
Rich and SQLite are imported only inside the commands.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from cli.common.errors import fail
from cli.common.help_layout import Group
from cli.common.output import (
    echo_wrapped,
    fitted,
    json_option,
    make_console,
    output_encoding,
    plain,
    print_json,
)
from cli.common.table_option import complete_character, open_table, table_option, table_path
from cli.common.values import OneOf, Whole

if TYPE_CHECKING:
    from characters.files import Versioned
    from characters.model import Character, Sheet
    from table import Table
    from table.roster import Added


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@table_option
def char() -> None:
    """Character sheets and Extra groups in the table.

    Sheets are TOML or JSON files: [[character]] tables for Heroes and Villains,
    [[group]] tables for Extras (see examples/). Names are unique ignoring case.
    """


def found(table: Table, typed: str) -> str:
    """The name in the table that ``typed`` means: the whole name, or any unique
    beginning or word of it ("tamsin", "hazekillers"); several list the candidates."""
    from characters.lookup import resolve

    return resolve(typed, table.names())


# --- import ---------------------------------------------------------------------------


@char.command("import", short_help="Add sheet files to the table.")
@click.argument(
    "files", nargs=-1, metavar="FILE...", type=click.Path(path_type=Path)
)
@click.option(
    "--examples",
    is_flag=True,
    help="Also import the example crew and opposition that come with the tool.",
)
@click.option(
    "--replace",
    is_flag=True,
    help="Overwrite sheets already in the table with the same name. Damage the table "
    "recorded is kept where a file with no version lacks it. Without --replace, such a "
    "name stops the import.",
)
@click.option(
    "--force",
    is_flag=True,
    help="With --replace: overwrite even sheets changed in the table since the file was "
    "exported (their version differs), and drop damage the table recorded that the "
    "file lacks.",
)
@json_option
@table_option
def import_(files: Sequence[Path], examples: bool, replace: bool, force: bool,
            as_json: bool) -> None:
    """Add the sheets in FILE... (.toml or .json) to the table; --examples adds the
    example crew and opposition that come with the tool.

    Every file is checked first; if any sheet is wrong, nothing is imported. A file
    written by char export carries each sheet's version: --replace then refuses to
    overwrite a sheet changed in the table since (a Conflict's damage, an edit),
    naming it, unless --force. A file with no version (kept by hand) replaces the sheet
    but keeps the damage the table recorded (R-CON-20), and says so; --force drops it.
    """
    from characters.errors import NameLooksAlike
    from characters.names import name_key
    from table import NameTaken, SheetChanged

    if force and not replace:
        fail("--force goes with --replace")
    if not files and not examples:
        fail("name the sheet files to import (FILE...), or --examples")
    roster: list[Character] = []
    versions: dict[str, int] = {}
    origin: dict[str, str] = {}
    for path, read in _sources(files, examples):
        for character, version in read():
            key = name_key(character.name)
            if key in origin:
                fail(
                    f"{path}: {character.name!r} is also in {origin[key]}; "
                    "names must differ ignoring case"
                )
            origin[key] = path
            roster.append(character)
            if version is not None:
                versions[character.name] = version
    with open_table() as table:
        try:
            added = table.add(roster, replace=replace,
                              expected_versions=versions if replace else {}, force=force)
        except NameTaken as error:
            where = origin.get(name_key(error.name))
            fail(
                f"{where}: {error.name!r} is already in the table; nothing imported "
                "(use --replace to overwrite it)"
            )
        except NameLooksAlike as error:  # named in the file it came from, as NameTaken
            fail(f"{origin.get(name_key(error.name))}: {error}; nothing imported")
        except SheetChanged as error:
            fail(f"{error}; nothing imported (export again, or --force to overwrite)")
        location = table.path
    _imported(added, location, as_json=as_json)


def _imported(added: Sequence[Added], location: Path, *, as_json: bool) -> None:
    """What ``char import`` wrote: each sheet added or replaced, and damage kept."""
    from cli.common.sheet_screens import kind_text

    if as_json:
        print_json({"imported": [{"name": entry.character.name, "replaced": entry.replaced,
                                  "version": entry.version,
                                  "kept_damage": dict(entry.kept_damage)} for entry in added],
                    "table": str(location)})
        return
    for entry in added:
        verb = "replaced" if entry.replaced else "added"
        echo_wrapped(f"{verb} {plain(entry.character.name)} ({kind_text(entry.character)})")
        if entry.kept_damage:
            kept = ", ".join(f"{name.capitalize()} {damage}"
                             for name, damage in entry.kept_damage.items())
            echo_wrapped(f"  kept the damage the table recorded: {kept} "
                         "(--force drops it)")
    echo_wrapped(f"{len(added)} imported into the table at {location}")


EXAMPLE_SHEETS = "the example sheets"


def _sources(files: Sequence[Path], examples: bool
             ) -> list[tuple[str, Callable[[], list[Versioned]]]]:
    """Each file to import, as a message names it, with the reading of it: the files
    named, then the examples that come with the tool — named as such, not as a path the
    Narrator never typed."""
    from characters.files import loads_versioned, read_versioned
    from characters.samples import SHEET_FILES, example_text

    def example(name: str) -> list[Versioned]:
        return loads_versioned(example_text(name), "toml", source=f"examples/{name}")

    sources: list[tuple[str, Callable[[], list[Versioned]]]] = [
        (str(path), partial(read_versioned, path)) for path in files]
    if examples:
        sources += [(EXAMPLE_SHEETS, partial(example, name)) for name in SHEET_FILES]
    return sources


# --- list -------------------------------------------------------------------------------


@char.command("list", short_help="List the sheets and groups.")
@json_option
@table_option
def list_(as_json: bool) -> None:
    """List the characters and Extra groups in the table."""
    with open_table(create=False) as table:
        roster = listed(table)
    if as_json:
        print_json(roster)
        return
    if not roster:
        echo_wrapped(f"The table at {table_path()} is empty.")
        echo_wrapped("Add sheets with: mistborn char import FILE...")
        return
    from cli.common.roster_screen import roster_view

    console = make_console()
    console.print(roster_view(roster, console.width))


_SUMMARY_KEYS = {"extra": ("name", "kind", "wits", "count"),
                 "sheet": ("name", "kind", "wits", "player", "resiliences", "defeated")}


def listed(table: Table) -> list[dict[str, Any]]:
    """Each character's summary (:func:`characters.summary.summary`), heroes first, then
    villains, then Extra groups, by name: from the listing every roster write keeps
    (:mod:`table.roster_listing`), no sheet built; from the sheets themselves when the
    listing does not cover every row (a row changed by another tool, a damaged one: the
    sheets say what is wrong)."""
    kept = table.listed()
    if kept is None:
        from characters.summary import summary

        return [summary(character) for character in table.characters()]
    from table.roster_names import KIND_ORDER

    ordered = sorted(kept, key=lambda row: (KIND_ORDER[row[0]], row[1]))
    return [{key: entry[key] for key in _SUMMARY_KEYS["extra" if kind == "extra" else "sheet"]}
            for kind, _key, entry in ordered]


# --- show -------------------------------------------------------------------------------


@char.command("show", short_help="Show one sheet or group.")
@click.argument("name", shell_complete=complete_character)
@json_option
@table_option
def show(name: str, as_json: bool) -> None:
    """Show one sheet or Extra group."""
    from cli.common.sheet_screens import details, sheet_view

    with open_table(create=False) as table:
        character = table.get(found(table, name))
    if as_json:
        print_json(details(character))
        return
    console = make_console()
    console.print(sheet_view(character, console.width))


# --- export -------------------------------------------------------------------------------


@char.command("export", short_help="Print sheets as TOML or JSON.")
@click.argument("names", nargs=-1, metavar="NAME...", shell_complete=complete_character)
@click.option("--all", "everyone", is_flag=True, help="Export every sheet in the table.")
@click.option(
    "--format",
    "fmt",
    type=OneOf(["toml", "json"]),
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
    with open_table(create=False) as table:
        chosen = table.characters() if everyone else [
            table.get(found(table, name)) for name in names]
        versions = table.versions()
    if not chosen:
        fail("the table is empty: nothing to export")
    click.echo(dumps(chosen, "json" if fmt == "json" else "toml", versions,
                     encoding=output_encoding(), note=IMPORT_BACK), nl=False)


IMPORT_BACK = ("Bring them back with `mistborn char import FILE --replace`; --force",
               "imports over a sheet changed since.")
"""How an exported sheet file says to bring it back, in the command line's words."""


# --- set ----------------------------------------------------------------------------------


@char.command("set", short_help="Change fields of a sheet.")
@click.argument("name", shell_complete=complete_character)
@click.argument("assignments", nargs=-1, required=True, metavar="FIELD=VALUE...")
@json_option
@table_option
def set_(name: str, assignments: Sequence[str], as_json: bool) -> None:
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
        new = table.change(found(table, name), edit)
    if as_json:
        from cli.common.sheet_screens import details

        print_json({"changes": [{"field": c.field, "old": c.old, "new": c.new}
                                for c in changes], "sheet": details(new)})
        return
    for change in changes:
        echo_wrapped(plain(f"{new.name}: {change}"))


# --- damage and heal --------------------------------------------------------------------


def _resilience_name(text: str) -> str:
    """health, reputation or willpower from any case or a unique beginning (``rep``)."""
    from characters.model import RESILIENCES

    key = text.strip().casefold()
    matches = [name for name in RESILIENCES if name.startswith(key)] if key else []
    return matches[0] if len(matches) == 1 else text


def _report(sheet: Sheet, resilience: str, as_json: bool, said: str) -> None:
    from cli.common.sheet_screens import resilience_json, resilience_lines

    if as_json:
        print_json(resilience_json(sheet, resilience))
    else:
        for line in resilience_lines(sheet, resilience, said):
            echo_wrapped(line)


# A negative AMOUNT reaches the model's own check ("must be ≥ 0") instead of being
# taken for an unknown option.
AMOUNT_SETTINGS = {"ignore_unknown_options": True}


def _resilience_command(verb: str, short_help: str, doc: str,
                        said: Callable[[int, str], str]) -> None:
    """``char damage`` or ``char heal``: one command each, one implementation (the
    table's ``damage`` or ``heal`` by the name of the verb)."""

    @char.command(verb, context_settings=AMOUNT_SETTINGS, short_help=short_help, help=doc)
    @click.argument("name", shell_complete=complete_character)
    @click.argument("resilience")
    @click.argument("amount", type=Whole())
    @json_option
    @table_option
    def command(name: str, resilience: str, amount: int, as_json: bool) -> None:
        from cli.common.sheet_screens import RESILIENCE_LABELS

        key = _resilience_name(resilience)
        with open_table() as table:
            sheet = getattr(table, verb)(found(table, name), key, amount)
        _report(sheet, key, as_json, said(amount, RESILIENCE_LABELS[key]))


_resilience_command(
    "damage", "Record damage to a Resilience.",
    "Record AMOUNT damage to a Hero's or Villain's RESILIENCE (health, reputation, "
    "willpower). Damage is kept apart from the full score and adds up.",
    lambda amount, label: f"takes {amount} {label} damage")
_resilience_command(
    "heal", "Heal damage to a Resilience.",
    "Take AMOUNT damage off a Hero's or Villain's RESILIENCE (never below no damage).",
    lambda amount, label: f"heals {amount} {label}")


# --- rm -------------------------------------------------------------------------------------


@char.command("rm", short_help="Remove a sheet or group.")
@click.argument("name", shell_complete=complete_character)
@click.option("--yes", "-y", is_flag=True, help="Do not ask for confirmation.")
@json_option
@table_option
def rm(name: str, yes: bool, as_json: bool) -> None:
    """Remove a sheet or Extra group from the table (asks first, unless --yes)."""
    from cli.common.sheet_screens import kind_text

    with open_table() as table:
        character = table.get(found(table, name))
        if not yes:
            if not sys.stdin.isatty():
                fail(f"not removing {character.name!r} without --yes: no terminal to ask")
            # Broken between words here: a terminal would split "[y/N]" at its edge.
            asked = fitted(plain(f"Remove {character.name} ({kind_text(character)}) from "
                                 f"the table? [y/N]:"))
            click.confirm(asked.rstrip(" "), abort=True, show_default=False,
                          prompt_suffix=" ")
        table.remove(character.name)
    if as_json:
        print_json({"removed": character.name})
        return
    echo_wrapped(plain(f"Removed {character.name}."))
