"""``char list`` is answered before click loads (:mod:`cli.quick_char`, start-up time)
from the listing every roster write keeps (:mod:`table.roster_listing`): the
same words print the same bytes as through the click group, at any width and colour
setting, and leave the table as it was; a roster the listing does not cover (a row
changed or damaged by other means, an empty roster, no table) and any other words are
left to the group, untouched."""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import sqlite3
import tempfile
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st
from profiles import scaled

from characters.model import ExtraGroup, Sheet
from characters.samples import example_characters
from cli.main import main
from cli.quick import answered
from table import Table

_TERMINALS = {"plain": {}, "colour": {"FORCE_COLOR": "1"},
              "no colour": {"FORCE_COLOR": "1", "NO_COLOR": "1"}}

_ENVIRONMENT = ("FORCE_COLOR", "TTY_COMPATIBLE", "NO_COLOR", "MISTBORN_WAIT", "COLUMNS",
                "MISTBORN_DB", "TERM")

_ODD_NAMES = ["Zoë Ashweather", "李小龍", "Ana\u0301 Lu", "[bold]Kell[/bold]", "O'Hara-Smith",
              "Ñandú of the Long Road and the Longer Hill Beyond the Well",
              "Vin\u200bNight", "Mistwraith \U0001f32b", "Ｗｉｄｅ", "a", "—dash—"]


@contextlib.contextmanager
def _environment(env: dict[str, str]) -> Iterator[None]:
    saved = {name: os.environ.pop(name) for name in _ENVIRONMENT if name in os.environ}
    os.environ.update(env)
    try:
        yield
    finally:
        for name in _ENVIRONMENT:
            os.environ.pop(name, None)
        os.environ.update(saved)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _quick(words: list[str], env: dict[str, str]) -> tuple[bool, str]:
    """Whether ``words`` were answered here, and what that printed."""
    out = io.StringIO()
    with _environment(env), contextlib.redirect_stdout(out):
        done = answered(words)
    return done, out.getvalue()


def _same_as_click(path: Path, columns: int, terminal: str, *options: str) -> bool:
    """Checks a plain ``char list`` answered here prints what the click group prints,
    leaving the table as it was; whether it was answered here."""
    env = {"MISTBORN_DB": str(path), "COLUMNS": str(columns), **_TERMINALS[terminal]}
    before = _digest(path)
    done, printed = _quick(["char", "list", *options], env)
    clicked = CliRunner().invoke(main, ["char", "list", *options], env=env)
    assert clicked.exit_code == 0, clicked.output
    assert _digest(path) == before
    if done:
        assert printed == clicked.stdout
        assert clicked.stderr == ""
    else:
        assert printed == ""
    return done


@pytest.fixture(scope="module")
def examples(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("examples") / "t.db"
    with Table(path) as table:
        table.add(example_characters())
        table.damage("Brannoch", "health", 9)  # defeated
    return path


@pytest.mark.parametrize("terminal", list(_TERMINALS))
@pytest.mark.parametrize("columns", [20, 36, 37, 40, 55, 70, 71, 72, 80, 84, 85, 120, 140])
def test_r_char_1_the_example_roster_prints_what_the_click_command_prints(
        examples: Path, columns: int, terminal: str) -> None:
    done = _same_as_click(examples, columns, terminal)
    # The cards' key is 37 columns wide; from there on every line fits.
    assert done == (columns >= 37)
    assert _same_as_click(examples, columns, terminal, "--json")


_PLAIN_NAMES = st.text(st.sampled_from("abcdefghijklmnopqrstuvwxyz ABCXYZ'-[]·—"),
                       min_size=1, max_size=60)
_NAMES = st.one_of(st.sampled_from(_ODD_NAMES), _PLAIN_NAMES,
                   st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)),
                           min_size=1, max_size=12))
_PLAIN_PLAYERS = st.one_of(st.none(), st.sampled_from(["", "Ann", "a" * 40]), _PLAIN_NAMES)
_PLAYERS = st.one_of(_PLAIN_PLAYERS, st.sampled_from(["Zoë", "李"]), _NAMES)


@st.composite
def _rosters(draw: st.DrawFn) -> list[Sheet | ExtraGroup]:
    """Example sheets renamed (odd, long names; players or none; Heroes, Villains and
    groups of one or many Extras), some of them many times over."""
    base = example_characters()
    plain = draw(st.booleans())  # names and players whose widths are known here
    names, players = (_PLAIN_NAMES, _PLAIN_PLAYERS) if plain else (_NAMES, _PLAYERS)
    roster: list[Sheet | ExtraGroup] = []
    for number in range(draw(st.integers(1, 12))):
        model = draw(st.sampled_from(base))
        name = f"{draw(names).strip() or 'x'}"[:56] + f" {number}"
        changes = ({"count": draw(st.integers(1, 12)), "member_wits": ()}
                   if isinstance(model, ExtraGroup) else {"player": draw(players)})
        with contextlib.suppress(ValueError):  # a name or player a sheet refuses
            roster.append(attrs.evolve(model, name=name, **changes))
    return roster


@settings(max_examples=scaled(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(roster=_rosters(), damage=st.lists(st.integers(0, 15), max_size=6),
       columns=st.integers(20, 140), terminal=st.sampled_from(list(_TERMINALS)))
def test_r_char_1_any_roster_prints_what_the_click_command_prints_or_is_left_to_it(
        roster: list[Sheet | ExtraGroup], damage: list[int], columns: int,
        terminal: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "t.db"
        with Table(path) as table:
            try:
                table.add(roster)
            except ValueError:  # a name the roster refuses (a look-alike, a control)
                assume(False)
            sheets = [c for c in roster if isinstance(c, Sheet)]
            for number, amount in enumerate(damage):
                if sheets:
                    hit = sheets[number % len(sheets)].name
                    with contextlib.suppress(ValueError):  # past 0 (R-CON-20)
                        table.damage(hit, ("health", "reputation", "willpower")[number % 3],
                                     amount)
        event("answered here" if _same_as_click(path, columns, terminal) else "left to click")
        assert _same_as_click(path, columns, terminal, "--json")


def test_r_char_1_plain_rosters_are_answered_here(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    with Table(path) as table:
        table.add([attrs.evolve(model, name=f"Sheet {n} {model.name}")
                   for n in range(20) for model in example_characters()[:3]])
    assert _same_as_click(path, 100, "colour")
    assert _same_as_click(path, 40, "plain")


_READABLE = {"another player", "listing gone", "listing not JSON", "listing edited",
             "listing's wits edited"}
"""Changes after which every row still reads: the next write lists them again."""

_DAMAGES = {
    "sheet not JSON": "UPDATE characters SET sheet = '{' WHERE name = 'Brannoch'",
    "wits out of range": "UPDATE characters SET sheet = json_set(sheet, '$.attributes.wits', "
                         "99) WHERE name = 'Brannoch'",
    "another player": "UPDATE characters SET sheet = json_set(sheet, '$.player', 'Bea') "
                      "WHERE name = 'Brannoch'",
    "version zero": "UPDATE characters SET version = 0 WHERE name = 'Brannoch'",
    "kind unknown": "UPDATE characters SET kind = 'ghost' WHERE name = 'Brannoch'",
    "a row added": "INSERT INTO characters (name, name_key, kind, player, sheet, updated_at, "
                   "version) SELECT 'Copy', 'copy', kind, player, sheet, updated_at, 1 "
                   "FROM characters WHERE name = 'Brannoch'",
    "listing gone": "DELETE FROM meta WHERE key = 'roster_listing'",
    "listing not JSON": "UPDATE meta SET value = '[' WHERE key = 'roster_listing'",
    "listing edited": "UPDATE meta SET value = replace(value, '\"player\": \"Dee\"', "
                      "'\"player\": \"Eve\"') WHERE key = 'roster_listing'",
    "listing's wits edited": "UPDATE meta SET value = replace(value, '\"wits\": 4', "
                             "'\"wits\": 9') WHERE key = 'roster_listing'",
}


@pytest.mark.parametrize("change", list(_DAMAGES))
def test_r_char_1_a_row_changed_by_other_means_is_left_to_the_click_group(
        tmp_path: Path, change: str) -> None:
    path = tmp_path / "t.db"
    with Table(path) as table:
        table.add(example_characters())
    with sqlite3.connect(path) as db:
        db.execute(_DAMAGES[change])
    db.close()
    env = {"MISTBORN_DB": str(path), "COLUMNS": "100"}
    assert _quick(["char", "list"], env) == (False, "")
    assert _quick(["char", "list", "--json"], env) == (False, "")
    with Table(path) as table:  # another write lists every row it can read, and only those
        table.damage("Tamsin Vey", "health", 1)
    if change in _READABLE:
        assert _same_as_click(path, 100, "colour")
    else:
        assert _quick(["char", "list"], env) == (False, "")
        assert CliRunner().invoke(main, ["char", "list"], env=env).exit_code == 2


def test_r_char_1_a_listing_kept_by_writes_follows_every_write(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    with Table(path) as table:
        table.add(example_characters())
        table.remove("Brannoch")
        table.change("Tamsin Vey", lambda c: attrs.evolve(c, player="Bea"))
    for columns in (40, 100):
        assert _same_as_click(path, columns, "plain")


def test_an_empty_or_missing_table_and_other_words_are_left_to_the_click_group(
        tmp_path: Path, examples: Path) -> None:
    empty = tmp_path / "empty.db"
    Table(empty).close()
    assert _quick(["char", "list"], {"MISTBORN_DB": str(empty)}) == (False, "")
    missing = tmp_path / "missing.db"
    assert _quick(["char", "list"], {"MISTBORN_DB": str(missing)}) == (False, "")
    assert not missing.exists()
    env = {"MISTBORN_DB": str(examples)}
    assert _same_as_click(empty, 80, "plain", "--json")  # []
    for words in (["char", "list", "--db", str(examples)], ["char", "list", "--json", "-h"],
                  ["char", "list", "--json", "--json"], ["char", "--json", "list"],
                  ["char", "show", "vin"], ["char"], ["char", "list", "-h"],
                  ["Char", "list"]):
        assert _quick(words, env) == (False, "")
    assert _quick(["char", "list"], {**env, "MISTBORN_WAIT": "5"}) == (False, "")
