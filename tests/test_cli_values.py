"""A number or a word from a list given wrong, or left out, is refused in the tool's
own words on one line (exit status 2, nothing written): the option or argument as the
help names it (an argument's words, as its usage lists them), what it may be and what
was given, as the library's checks say it; and so are words left over. Not
click's inner names ("Invalid value for '{action|attack|defense|no-roll}'", "not in
the range 0<=x<=100", "Missing argument '{coin|card}'. Choose from: …")."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from cli_support import every_command, ok, refused, unchanged
from hypothesis import given
from hypothesis import strategies as st
from test_cli_stuffed import HEIST

from cli.common.values import Number, OneOf, Whole, named

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(str(p) for p in (ROOT / "examples").glob("*.toml"))


def test_every_number_and_list_of_words_a_command_reads_is_one_of_the_tools_own() -> None:
    # A command added with click's own IntRange, int, float or Choice would refuse in
    # click's words: each is one of the tool's types, which word it as the tool does.
    mine = (Whole, Number, OneOf)
    found = []
    for path, command, ctx in every_command():
        for param in command.get_params(ctx):
            kind = param.type
            if isinstance(kind, (click.types.IntParamType, click.types.FloatParamType,
                                 click.Choice)):
                found.append((path, param.name))
                assert isinstance(kind, mine), (path, param.name, kind)
            assert kind not in (click.INT, click.FLOAT), (path, param.name)
    assert len(found) > 30  # the steps' numbers and choices, the options' bounds


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "t.db"
    ok(path, "char", "import", *EXAMPLES)
    ok(path, "conflict", "new", "Rooftops", "--physical")
    ok(path, "conflict", "add", "tamsin", "brannoch", "hazekillers")
    ok(path, *HEIST)
    return path


@pytest.mark.parametrize(("args", "said"), [
    # A step's list of words, as its table declares them (the usage shows them in {}).
    (["conflict", "declare", "tamsin", "flurb"],
     "'flurb' is none of action, attack, defense, no-roll"),
    (["stuffed", "buy"], "buy needs one of coin, card"),
    (["stuffed", "buy", "cards"], "'cards' is none of coin, card"),
    # Whole numbers: a bound broken, or no whole number at all.
    (["conflict", "show", "--last", "-1"], "--last must be 0–100, got -1"),
    (["stuffed", "odds", "3-kind", "--rerolls", "x"],
     "--rerolls must be a whole number 0–8, got 'x'"),
    (["hw", "new", "--players", "two"], "--players must be a whole number, got 'two'"),
    (["demo", "--pace", "9"], "--pace must be a number 0–5, got 9"),
    (["demo", "--pace", "soon"], "--pace must be a number 0–5, got 'soon'"),
    (["char", "export", "tamsin", "--format", "yaml"],
     "--format must be one of toml, json, got 'yaml'"),
    (["hw", "new", "--length", "short"], "new needs --players N"),
    # Words left over once a command's arguments are read (click: "Got unexpected
    # extra argument (3)").
    (["conflict", "change", "tamsin", "attack", "3"], "one word too many: '3'"),
    (["stuffed", "roll", "now", "please"], "2 words too many: 'now please'"),
    (["roll", "--faces", ""], "no faces: give the dice you rolled, e.g. 5,5,4,2 (--faces)"),
])
def test_a_bad_or_missing_value_is_one_line_in_the_tools_words(
        db: Path, args: list[str], said: str) -> None:
    assert refused(db, *args) == said


def test_r_con_7_a_declaration_of_no_kind_the_rules_know_changes_nothing(db: Path) -> None:
    # R-CON-7: a declaration is an action, an attack, a defense or no roll.
    before = ok(db, "table", "export", "--format", "json")
    assert refused(db, "conflict", "declare", "tamsin", "charge") == (
        "'charge' is none of action, attack, defense, no-roll")
    assert ok(db, "table", "export", "--format", "json") == before
    assert unchanged(db, "stuffed", "buy", "coins") == "'coins' is none of coin, card"


@given(st.integers(-10**6, 10**6), st.integers(0, 50), st.integers(0, 50))
def test_a_whole_number_out_of_bounds_names_the_bounds_and_the_number(
        value: int, low: int, span: int) -> None:
    high = low + span
    command = click.Command("c", params=[click.Option(["--count", "-c"], type=Whole(low, high))])
    try:
        got = command.make_context("c", ["-c", str(value)]).params["count"]
    except click.UsageError as error:
        assert not low <= value <= high
        assert error.format_message() == f"--count must be {low}–{high}, got {value}"
    else:
        assert got == value and low <= value <= high


def test_an_argument_is_named_as_the_usage_names_it() -> None:
    assert named(click.Argument(["tokens"], metavar="TOKENS…", nargs=-1)) == "TOKENS"
    assert named(click.Argument(["dice"], metavar="[DICE]", required=False)) == "DICE"
    assert named(click.Argument(["kind"], type=OneOf(["a", "b"]))) == "KIND"
    assert named(click.Option(["-r", "--rerolls"], type=Whole(0, 8))) == "--rerolls"


@pytest.mark.parametrize(("args", "shown", "hidden"), [
    (["conflict", "defend"], "--action N", "x<="),  # a number with no bounds: none said
    (["serve"], "--port N", "INTEGER RANGE"),
    (["serve"], "0–65535", "0<=x<=65535"),
    (["conflict", "simulate"], "more than 0 and less than 0.5", "0<x<0.5"),
])
def test_the_help_gives_a_numbers_bounds_in_the_tools_words(
        db: Path, args: list[str], shown: str, hidden: str) -> None:
    helped = " ".join(ok(db, *args, "--help", columns=100).split())
    assert shown in helped and hidden not in helped
