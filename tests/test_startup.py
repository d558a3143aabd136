"""Start-up: a hot command loads only what it uses (issue 21). Times are the bench's
(``bench/startup.py``); these tests check which packages and modules a command imports,
which does not swing with the machine's load: each hot command lists the packages it
may load (besides the standard library) and our own packages and subpackages, and the
modules it must not load."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_conflict_group_knows_where_each_command_lives() -> None:
    # The one lazy mechanism: a command kept elsewhere is named with its module and short
    # help; a step is the table's; the rest are the group's own. Nothing else is listed.
    import click

    from cli.conflict.group import LAZY, conflict
    from conflict.intents.step_table import STEPS

    context = click.Context(conflict)
    held = set(conflict.commands)
    assert set(conflict.list_commands(context)) == held | set(LAZY) | set(STEPS.names())
    for name, (target, short) in LAZY.items():
        command = conflict.get_command(context, name)
        assert command is not None and command.name == name and command.short_help == short
        module = target.partition(":")[0]
        assert command.callback is not None
        assert command.callback.__module__ in (module, "cli.common.twins"), name
    for step in STEPS:
        command = conflict.get_command(context, step.name)
        assert command is not None and command.short_help == step.summary


# --- what each hot command loads -----------------------------------------------------------

_PROBE = """\
import sys
started = set(sys.modules)  # the interpreter's own (site, a sitecustomize): not the command's
sys.argv = ["mistborn", *sys.argv[1:]]
from cli import run
code = 0
try:
    run()
except SystemExit as stop:
    code = stop.code
ours = {"cli", "core", "conflict", "characters", "table", "boardgames"}
names = sys.modules.get("core.names")
read = bool(names and names._prototypes.cache_info().currsize)
loaded = ({name.split(".")[0] for name in set(sys.modules) - started} - ours
          - set(sys.stdlib_module_names))
packages = {name for name, module in sys.modules.items()
            if name.split(".")[0] in ours and hasattr(module, "__path__")}
print(code, read, "|", *sorted(n for n in loaded if not n.startswith("_")), "|",
      *sorted(packages), "|", *sorted(sys.modules), file=sys.stderr)
"""

_OWN = {"stuffed": "boardgames.stuffed", "dbg": "boardgames.deckbuilding",
        "hw": "boardgames.housewar"}
_OTHER_GAMES = {"stuffed": ("boardgames.housewar", "boardgames.deckbuilding"),
                "dbg": ("boardgames.housewar", "boardgames.stuffed"),
                "hw": ("boardgames.deckbuilding", "boardgames.stuffed")}

_CLI = ("click",)
_ATTRS = ("attr", "attrs")
_DRAWN = ("click", "rich")
"""A screen is drawn by Rich: every command that prints one loads it, and nothing else
of Rich's sort (no cattrs, no sqlite3) unless it reads the table or builds a sheet."""


@attrs.frozen
class Loads:
    """What a hot command may load: the packages besides the standard library (by top-level
    name), our own packages and subpackages; and modules it must not load (the standard
    library's among them, by full name)."""

    packages: tuple[str, ...]
    ours: tuple[str, ...]
    never: tuple[str, ...] = ()


_TABLE = ("table",)
_SHOW = ("cli", "cli.common", "conflict", "core", "table")

HOT: dict[tuple[str, ...], Loads] = {
    ("--version",): Loads(_CLI, ("cli", "cli.common"),
                          never=("rich", "attr", "sqlite3", "core", "conflict")),
    # The help lists every command by who uses them, from the table of commands: none of
    # their modules is loaded.
    ("--help",): Loads(_CLI, ("cli", "cli.common"),
                       never=("rich", "attr", "sqlite3", "core", "conflict",
                              "cli.common.step_commands")),
    ("roll", "5"): Loads((*_DRAWN, *_ATTRS), ("cli", "cli.common", "cli.conflict", "conflict",
                                             "core"),
                         never=("sqlite3", "cattrs", "table", "fractions")),
    ("roll", "5", "--json"): Loads((*_CLI, *_ATTRS), ("cli", "cli.common", "cli.conflict",
                                                    "conflict", "core"),
                                   never=("rich", "sqlite3", "cattrs", "table")),
    ("roll", "5", "--as", "Kell"): Loads(
        (*_DRAWN, *_ATTRS), ("characters", "cli", "cli.common", "cli.conflict", "conflict",
                            "core", *_TABLE),
        never=("cattrs", "characters.model", "characters.files", "hashlib", "platformdirs",
               "sqlite_utils")),
    ("odds", "4"): Loads((*_DRAWN, *_ATTRS), ("cli", "cli.common", "cli.conflict", "conflict",
                                             "core"),
                         never=("sqlite3", "cattrs", "table")),
    # The roster is drawn from the listing its writes keep (table/roster_listing.py): no
    # sheet is built, nothing of cattrs.
    ("char", "list"): Loads((*_DRAWN, *_ATTRS), ("characters", *_SHOW, "cli.conflict"),
                            never=("cattrs", "characters.model", "characters.files",
                                   "conflict.engine", "tomli_w", "cli.conflict.steps")),
    ("char", "list", "--json"): Loads((*_CLI, *_ATTRS), ("characters", *_SHOW, "cli.conflict"),
                                      never=("rich", "cattrs", "characters.model")),
    # The current Conflict's board is drawn from its stored view: none of the engine, the
    # step commands or the sheets.
    ("conflict", "show"): Loads((*_DRAWN, *_ATTRS), (*_SHOW, "cli.conflict"),
                                never=("cattrs", "cli.conflict.steps", "cli.conflict.views",
                                       "cli.conflict.run", "cli.conflict.simulate",
                                       "conflict.engine", "conflict.narrate",
                                       "characters.lookup", "table.logs", "core.names")),
    # A game's board is drawn from the view its last write stored: none of its rules,
    # events or codec (nor cattrs) is loaded, nothing is replayed; the current game's
    # view is found without reading its log or comparing names.
    **{(game, "show"): Loads((*_DRAWN, *_ATTRS), (*_SHOW, "boardgames", "cli.boardgames"),
                             never=("cattrs", "conflict.engine", "conflict.odds",
                                    "cli.conflict", "boardgames.registration",
                                    "boardgames.views", "table.logs", "table.games",
                                    "core.names", f"{_OWN[game]}.events",
                                    f"{_OWN[game]}.rules", f"{_OWN[game]}.codec",
                                    f"{_OWN[game]}.state", *others))
       for game, others in _OTHER_GAMES.items()},
    ("stuffed", "keep", "ch:2,i,r", "--from", "c", "c", "e", "ch", "b", "i", "b", "r",
     "-r", "1"): Loads((*_DRAWN, *_ATTRS), ("boardgames", "boardgames.stuffed", "cli",
                                           "cli.boardgames", "cli.common", "conflict",
                                           "core"),
                       never=("sqlite3", "cattrs", "conflict.odds",
                              "boardgames.stuffed.state", *_OTHER_GAMES["stuffed"])),
    ("stuffed", "odds", "3-kind"): Loads((*_DRAWN, *_ATTRS), (
        "boardgames", "boardgames.stuffed", "cli", "cli.boardgames", "cli.common", "conflict",
        "core"), never=("sqlite3", "cattrs", "conflict.odds", "core.names",
                        *_OTHER_GAMES["stuffed"])),
}

# Commands that show what the table holds never read Unicode's look-alike table: names
# read back were compared when written (R-HW-5, R-DBG-1, R-STF-1 keep checking writes).
_NO_LOOK_ALIKES = {("conflict", "show"), ("stuffed", "show"), ("dbg", "show"),
                   ("hw", "show"), ("roll", "5")}


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from cli_support import ok

    db = tmp_path_factory.mktemp("startup") / "table.db"
    ok(db, "char", "import", str(ROOT / "examples" / "crew.toml"),
       str(ROOT / "examples" / "opposition.toml"))
    ok(db, "conflict", "new", "Canal", "--physical")
    ok(db, "conflict", "add", "tamsin", "prelate")
    ok(db, "stuffed", "new", "-p", "ann:charisma", "bo:resource", "--mission", "Heist",
       "--teammates", "2", "--mercenaries", "1", "--combo", "ch:2,i,r")
    ok(db, "dbg", "new", "--players", "Vin", "Kelsier", "Marsh")
    ok(db, "hw", "new", "--players", "3", "--length", "short", "--houses", "Lekal",
       "Venture", "Hasting")
    return db


@pytest.mark.parametrize("args", list(HOT), ids=[" ".join(a[:3]) for a in HOT])
def test_a_hot_command_loads_only_the_packages_it_uses(
        table: Path, args: tuple[str, ...]) -> None:
    env = {**os.environ, "MISTBORN_DB": str(table), "MISTBORN_AS": "Ann", "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-c", _PROBE, *args], capture_output=True,
                          text=True, cwd=ROOT, env=env, check=False)
    head, packages, ours, modules = done.stderr.strip().splitlines()[-1].split("|")
    code, read = head.split()
    assert code == "0", done.stderr
    expected = HOT[args]
    assert sorted(set(packages.split()) - set(expected.packages)) == []
    assert sorted(set(ours.split()) - set(expected.ours)) == []
    loaded = set(modules.split())
    assert sorted(m for m in expected.never if m in loaded) == []
    if args[:2] in _NO_LOOK_ALIKES:
        assert read == "False"


def test_face_tokens_is_still_read_from_the_options_with_a_deprecation_warning() -> None:
    import cli.common.options as options
    from conflict.intents.words import face_tokens

    with pytest.warns(DeprecationWarning, match="conflict.intents.words"):
        assert options.face_tokens is face_tokens


def test_r_hw_5_names_read_back_from_a_table_are_compared_by_key_only() -> None:
    # Written names were compared by look when written; read back, only the keys are
    # compared again, so a saved game's board needs no Unicode look-alike table.
    from core.names import two_spellings
    from core.text import as_stored

    look_alikes = ["Venture", "V\u0435nture"]  # the second with a Cyrillic е
    assert two_spellings(look_alikes) is not None
    assert as_stored(two_spellings)(look_alikes) is None
    same = as_stored(two_spellings)(["Venture", "venture"])
    assert same is not None and (same.name, same.existing) == ("venture", "Venture")


def test_r_char_the_roster_names_are_read_knowing_every_kind() -> None:
    # The names a writer is looked up among are read without the sheets' classes.
    from characters.model import Kind
    from table.roster_names import KIND_ORDER

    assert list(KIND_ORDER) == [Kind.HERO.value, Kind.VILLAIN.value, Kind.EXTRA.value]

