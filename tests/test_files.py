"""Sheet files (characters/files.py): TOML and JSON round trips, and every way a file
can be wrong reported on one line with file, entry, field and reason."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from strategies import characters, names, rosters

from characters.errors import shown
from characters.files import (
    SheetDataError,
    SheetFileError,
    dumps,
    format_of,
    loads,
    read,
    structure,
    to_document,
    unstructure,
    write,
)
from characters.limits import LIST_MAX, NAME_MAX, NOTES_MAX, RESILIENCE_RANGE
from characters.model import RESILIENCES, Character, ExtraGroup, Kind, Power, Resilience, Sheet
from characters.names import check_name, name_key

ROOT = Path(__file__).resolve().parent.parent

GOOD_SHEET = """
[[character]]
name = "Kell"
kind = "hero"
player = "Alice"
traits = ["Quick"]
powers = [{ name = "Steelpushing", rating = 5 }, { name = "Ironpulling", rating = 4 }]

[character.attributes]
physique = 3
charm = 4
wits = 5

[character.standings]
resources = 4
influence = 4
spirit = 6

[character.resiliences]
health = 8
reputation = { full = 6, damage = 2 }
willpower = 7
"""


def in_file_order(roster: list[Character]) -> list[Character]:
    """A file lists its characters first, then its groups, each in the order given."""
    return [c for c in roster if isinstance(c, Sheet)] + [
        c for c in roster if isinstance(c, ExtraGroup)
    ]


# --- round trips -----------------------------------------------------------------------


@given(rosters(max_size=5).filter(bool))
def test_toml_round_trip_keeps_every_field(roster: list[Character]) -> None:
    assert loads(dumps(roster, "toml"), "toml") == in_file_order(roster)


@given(rosters(max_size=5).filter(bool))
def test_json_round_trip_keeps_every_field(roster: list[Character]) -> None:
    assert loads(dumps(roster, "json"), "json") == in_file_order(roster)


@given(characters())
def test_plain_data_round_trip(character: Character) -> None:
    assert structure(unstructure(character), type(character)) == character


@pytest.mark.parametrize("suffix", [".toml", ".json", ".TOML"])
def test_files_on_disk_round_trip(tmp_path: Path, suffix: str) -> None:
    roster = loads(GOOD_SHEET, "toml")
    path = tmp_path / f"crew{suffix}"
    write(path, roster)
    assert read(path) == roster


def test_r_char_1_resilience_number_is_full_score_with_no_damage() -> None:
    (kell,) = loads(GOOD_SHEET, "toml")
    assert isinstance(kell, Sheet)
    assert kell.resiliences.health == Resilience(full=8, damage=0)
    assert kell.resiliences.reputation == Resilience(full=6, damage=2)
    assert kell.resiliences.reputation.current == 4


def test_kind_is_read_in_any_case() -> None:
    (kell,) = loads(GOOD_SHEET.replace('"hero"', '"Villain"'), "toml")
    assert kell.kind is Kind.VILLAIN


def test_a_single_character_table_is_one_character() -> None:
    text = GOOD_SHEET.replace("[[character]]", "[character]")
    assert [c.name for c in loads(text, "toml")] == ["Kell"]


def test_json_mirrors_toml() -> None:
    roster = loads(GOOD_SHEET, "toml")
    document = json.loads(dumps(roster, "json"))
    assert list(document) == ["character"]
    assert document["character"][0]["attributes"] == {"physique": 3, "charm": 4, "wits": 5}
    assert loads(json.dumps(document), "json") == roster


def test_absent_player_is_left_out_of_files() -> None:
    (kell,) = loads(GOOD_SHEET.replace('player = "Alice"\n', ""), "toml")
    assert isinstance(kell, Sheet) and kell.player is None
    assert "player" not in unstructure(kell)


@given(names)
def test_r_char_1_any_name_check_name_accepts_round_trips_through_files(name: str) -> None:
    (kell,) = loads(GOOD_SHEET, "toml")
    assert isinstance(kell, Sheet)
    named = attrs.evolve(kell, name=name, player=name, traits=(name,),
                         powers=(Power(name, 3),))
    assert named.name == check_name(name)
    assert loads(dumps([named], "toml"), "toml") == [named]
    assert loads(dumps([named], "json"), "json") == [named]


@given(characters())
def test_generated_sheets_respect_the_limits(character: Character) -> None:
    named = [character.name, *character.traits, *(p.name for p in character.powers),
             *(e.name for e in character.equipment), *(r.name for r in character.reactions)]
    if isinstance(character, Sheet):
        named += [*character.burdens, *([character.player] if character.player else [])]
        for resilience in RESILIENCES:
            held = character.resiliences.get(resilience)
            assert 1 <= held.full <= RESILIENCE_RANGE[1] and 0 <= held.damage <= held.full
    assert all(0 < len(name) <= NAME_MAX and check_name(name) == name for name in named)
    assert len(character.notes) <= NOTES_MAX
    for items in (character.powers, character.traits, character.equipment, character.reactions):
        assert len(items) <= LIST_MAX


# --- broken files: one line, file + entry + field + reason ---------------------------------


def broken(text: str, fmt: str = "toml", source: str = "crew.toml") -> SheetFileError:
    with pytest.raises(SheetFileError) as caught:
        loads(text, fmt, source=source)  # type: ignore[arg-type]
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{source}: ")
    return caught.value


def test_bad_toml_names_the_line() -> None:
    error = broken('[[character]]\nname = "Kell"\nkind = \n')
    assert error.line == 3
    assert str(error).startswith("crew.toml: line 3: bad TOML: ")


def test_bad_json_names_the_line() -> None:
    error = broken('{"character": [\n  {"name": "Kell",}\n]}', "json", "crew.json")
    assert error.line == 2
    assert "bad JSON" in str(error)


def test_json_duplicate_key_is_an_error() -> None:
    error = broken('{"character": [{"name": "a", "name": "b"}]}', "json", "crew.json")
    assert "'name' appears twice" in str(error)


@pytest.mark.parametrize(
    ("old", "new", "field", "allowed", "given"),
    [
        ("wits = 5", "wits = 9", "attributes.wits", "2–6", "9"),
        ("physique = 3", "physique = 1", "attributes.physique", "2–6", "1"),
        ("charm = 4", "charm = 4.5", "attributes.charm", "2–6", "4.5"),
        ("spirit = 6", "spirit = 11", "standings.spirit", "2–10", "11"),
        ("resources = 4", 'resources = "4"', "standings.resources", "2–10", "'4'"),
        ("health = 8", "health = 0", "resiliences.health", "1–100", "0"),
        ("health = 8", "health = 101", "resiliences.health", "1–100", "101"),
        ("damage = 2", "damage = -1", "resiliences.reputation.damage", "0–6", "-1"),
        ("rating = 4", "rating = 11", "powers[2].rating", "1–10", "11"),
        ('name = "Ironpulling"', 'name = " "', "powers[2].name", "non-empty", "' '"),
        ("wits = 5", "wits = true", "attributes.wits", "2–6", "True"),
    ],
)
def test_r_char_1_value_out_of_range_names_field_range_and_value(
    old: str, new: str, field: str, allowed: str, given: str
) -> None:
    assert GOOD_SHEET.count(old) == 1
    error = broken(GOOD_SHEET.replace(old, new))
    message = str(error)
    assert message.startswith(f"crew.toml: character 'Kell': {field} must be ")
    assert allowed in message
    assert message.endswith(f"got {given} (R-CHAR-1)")


def test_missing_field_is_named() -> None:
    message = str(broken(GOOD_SHEET.replace("spirit = 6\n", "")))
    assert message == "crew.toml: character 'Kell': standings.spirit is missing"


def test_unknown_field_is_rejected_by_name_with_a_suggestion() -> None:
    message = str(broken(GOOD_SHEET.replace('traits = ["Quick"]', 'trait = ["Quick"]')))
    assert message == (
        "crew.toml: character 'Kell': trait is not a known field (did you mean 'traits'?)"
    )


def test_unknown_nested_field_lists_what_is_allowed() -> None:
    message = str(broken(GOOD_SHEET.replace("wits = 5", "wits = 5\nluck = 3")))
    assert "attributes.luck is not a known field" in message
    assert "physique, charm, wits" in message


def test_unknown_section_is_rejected() -> None:
    message = str(broken(GOOD_SHEET.replace("[[character]]", "[[charcter]]", 1)))
    assert "charcter is not a known section (did you mean 'character'?)" in message


@pytest.mark.parametrize(
    ("old", "new", "field", "reason"),
    [
        ('traits = ["Quick"]', 'traits = "Quick"', "traits", "must be a list"),
        ("[character.attributes]\nphysique = 3\ncharm = 4\nwits = 5\n", "attributes = 5\n",
         "attributes", "must be a table"),
        ('kind = "hero"', 'kind = "wizard"', "kind", "must be hero or villain"),
        ('player = "Alice"', "player = 5", "player", "must be a name or absent"),
    ],
)
def test_wrong_type_is_named(old: str, new: str, field: str, reason: str) -> None:
    assert GOOD_SHEET.count(old) == 1
    message = str(broken(GOOD_SHEET.replace(old, new)))
    assert f"character 'Kell': {field} {reason}" in message


def test_r_con_2_extras_are_not_sheets() -> None:
    message = str(broken(GOOD_SHEET.replace('"hero"', '"extra"')))
    assert "kind must be hero or villain" in message
    assert message.endswith("(R-CON-2)")


def test_r_con_6_member_wits_one_per_member() -> None:
    text = (
        '[[group]]\nname = "Guards"\ncount = 3\nmember_wits = [2, 3]\n'
        "attributes = { physique = 3, charm = 2, wits = 3 }\n"
    )
    message = str(broken(text))
    assert message.startswith("crew.toml: group 'Guards': member_wits must be one Wits per")
    assert message.endswith("(R-CON-6)")


def test_entry_without_a_name_is_counted_from_one() -> None:
    text = "[[group]]\ncount = 3\nattributes = { physique = 3, charm = 2, wits = 3 }\n"
    assert str(broken(text)) == "crew.toml: group #1: name is missing"


def test_several_problems_are_counted_on_the_one_line() -> None:
    error = broken(GOOD_SHEET.replace("wits = 5", "wits = 9").replace("spirit = 6", "spirit = 1"))
    assert len(error.problems) == 2
    assert str(error).endswith("(and 1 more problem)")


def test_empty_file_is_an_error() -> None:
    assert "holds no characters or groups" in str(broken("# nothing here\n"))


def test_file_errors_from_disk(tmp_path: Path) -> None:
    with pytest.raises(SheetFileError, match=r"is not a \.toml or \.json file"):
        format_of(tmp_path / "crew.txt")
    with pytest.raises(SheetFileError, match="cannot be read"):
        read(tmp_path / "missing.toml")
    latin1 = tmp_path / "latin1.toml"
    latin1.write_bytes('name = "Ren\xe9e"'.encode("latin-1"))
    with pytest.raises(SheetFileError, match="is not UTF-8 text"):
        read(latin1)


def test_structure_reports_problems_without_a_file() -> None:
    with pytest.raises(SheetDataError) as caught:
        structure({"name": "Kell"}, Sheet)
    fields = {problem.field for problem in caught.value.problems}
    assert {"kind", "attributes", "standings", "resiliences"} <= fields


# --- the examples ------------------------------------------------------------------------


def example_roster() -> list[Character]:
    files = sorted((ROOT / "examples").glob("*.toml"))
    assert files, "examples/*.toml is empty"
    roster = [character for path in files for character in read(path)]
    assert len({name_key(c.name) for c in roster}) == len(roster), "example names clash"
    return roster


def has_power(character: Character, *words: str) -> bool:
    text = " ".join(p.name.casefold() for p in character.powers)
    return all(word in text for word in words)


def test_examples_hold_the_crew_and_their_opposition() -> None:
    roster = example_roster()
    heroes = [c for c in roster if c.kind is Kind.HERO]
    villains = [c for c in roster if c.kind is Kind.VILLAIN]
    groups = [c for c in roster if isinstance(c, ExtraGroup)]
    # A Coinshot pushes on steel; a Soother burns brass; a Lurcher pulls on iron.
    assert any(has_power(c, "steelpushing") for c in heroes)
    assert any(has_power(c, "soothing") for c in heroes)
    lurchers = [c for c in heroes if has_power(c, "ironpulling")]
    assert any("noble" in " ".join(c.traits).casefold() for c in lurchers)
    assert any(has_power(c, "feruchemy") for c in heroes)
    # A Steel Inquisitor: a Villain whose powers are Hemalurgic.
    assert any(has_power(c, "hemalurgic") for c in villains)
    assert any(g.count == 8 and "hazekiller" in g.name.casefold() for g in groups)


# --- hostile files: refused with a short message, never a crash ------------------------------


def test_a_sheet_nested_500_deep_is_refused() -> None:
    deep = "[" * 500 + "]" * 500
    error = broken(GOOD_SHEET.replace('traits = ["Quick"]', f"traits = {deep}"))
    assert str(error) == (
        "crew.toml: is nested too deeply (more than 32 levels of tables and lists)"
    )
    document = {"character": [{"name": "Kell", "notes": json.loads("[" * 500 + "]" * 500)}]}
    error = broken(json.dumps(document), "json", "crew.json")
    assert str(error) == (
        "crew.json: is nested too deeply (more than 32 levels of tables and lists)"
    )


def test_an_integer_of_5000_digits_is_refused() -> None:
    error = broken(GOOD_SHEET.replace("wits = 5", "wits = " + "7" * 5000))
    assert str(error) == "crew.toml: holds a number of 5,000 digits (at most 18)"
    text = json.dumps(to_document(loads(GOOD_SHEET, "toml"))).replace('"wits": 5',
                                                                      '"wits": ' + "7" * 5000)
    assert str(broken(text, "json", "crew.json")) == (
        "crew.json: holds a number of 5,000 digits (at most 18)"
    )


def test_a_whole_number_of_19_digits_is_refused_but_18_reach_the_range_check() -> None:
    assert str(broken(GOOD_SHEET.replace("wits = 5", "wits = " + "9" * 19))) == (
        "crew.toml: holds a number of 19 digits (at most 18)"
    )
    assert str(broken(GOOD_SHEET.replace("wits = 5", "wits = " + "9" * 18))) == (
        "crew.toml: character 'Kell': attributes.wits must be a whole number 2–6, "
        "got 999999999999999999 (R-CHAR-1)"
    )


def test_nan_and_infinity_are_refused_where_sheets_hold_whole_numbers() -> None:
    assert str(broken(GOOD_SHEET.replace("wits = 5", "wits = nan"))) == (
        "crew.toml: holds a number that is not finite ('nan')"
    )
    text = json.dumps(to_document(loads(GOOD_SHEET, "toml"))).replace('"wits": 5',
                                                                      '"wits": Infinity')
    assert str(broken(text, "json", "crew.json")) == (
        "crew.json: holds Infinity, which is not a number"
    )


def test_a_10_mb_notes_field_is_refused(tmp_path: Path) -> None:
    huge = GOOD_SHEET.replace("[[character]]\n", '[[character]]\nnotes = "'
                              + "x" * 10_000_000 + '"\n', 1)
    assert str(broken(huge)) == f"crew.toml: is too big: {len(huge):,} bytes (at most 1,000,000)"
    path = tmp_path / "huge.toml"
    path.write_text(huge, encoding="utf-8")
    with pytest.raises(SheetFileError) as caught:
        read(path)
    assert str(caught.value) == (
        f"{path}: is too big: {path.stat().st_size:,} bytes (at most 1,000,000)"
    )


def test_r_char_1_notes_over_4000_characters_are_refused_with_a_short_message() -> None:
    text = GOOD_SHEET.replace("[[character]]\n", '[[character]]\nnotes = "' + "x" * 5000
                              + '"\n', 1)
    message = str(broken(text))
    assert message == (
        "crew.toml: character 'Kell': notes must be text of at most 4000 characters, got "
        f"'{'x' * 58}… (R-CHAR-1)"
    )


def test_invalid_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "crew.json"
    path.write_bytes(b'{"character": [{"name": "Ren\xe9e"}]}')
    with pytest.raises(SheetFileError) as caught:
        read(path)
    assert str(caught.value) == f"{path}: is not UTF-8 text (byte 28)"


@pytest.mark.parametrize(("name", "reason"), [
    ("\u200b\u200c\u200d\u2060\ufeff", "name must be non-empty text (visible characters), "
                                       "got '\\u200b\\u200c\\u200d\\u2060\\ufeff' (R-CHAR-1)"),
    ("Kell\u202eniV", "name must be text without bidirectional controls (U+202A–U+202E, "
                     "U+2066–U+2069), got 'Kell\\u202eniV' (R-CHAR-1)"),
    ("Kell\u2066x\u2069", "name must be text without bidirectional controls (U+202A–U+202E, "
                         "U+2066–U+2069), got 'Kell\\u2066x\\u2069' (R-CHAR-1)"),
])
def test_r_char_1_invisible_and_bidi_names_are_refused(name: str, reason: str) -> None:
    text = json.dumps({"character": [{**unstructure(loads(GOOD_SHEET, "toml")[0]),
                                      "name": name}]})
    error = broken(text, "json", "crew.json")
    # The entry is labelled by its name quoted with escapes, or by number when the name
    # shows nothing.
    label = "#1" if name.startswith("\u200b") else shown(name)
    assert str(error) == f"crew.json: character {label}: {reason}"


def test_markup_looking_names_are_kept_as_text() -> None:
    # Escaping markup is the screens' job; here "[/bold]" is a name like any other.
    text = GOOD_SHEET.replace('name = "Kell"', 'name = "[/bold]"').replace(
        'traits = ["Quick"]', 'traits = ["[red]Quick[/red]"]')
    (character,) = loads(text, "toml")
    assert character.name == "[/bold]" and character.traits == ("[red]Quick[/red]",)
    assert loads(dumps([character], "json"), "json") == [character]


def test_names_are_stored_trimmed_and_lists_never_repeat_a_name() -> None:
    (kell,) = loads(GOOD_SHEET.replace('name = "Kell"', 'name = "  Kell  "'), "toml")
    assert kell.name == "Kell"
    message = str(broken(GOOD_SHEET.replace('traits = ["Quick"]', 'traits = ["Quick", "QUICK"]')))
    assert message == (
        "crew.toml: character 'Kell': traits must be names that differ (ignoring case), "
        "got 'QUICK' (R-CHAR-1)"
    )
    message = str(broken(GOOD_SHEET.replace('"Ironpulling"', '"steelpushing"')))
    assert message == (
        "crew.toml: character 'Kell': powers must be names that differ (ignoring case), "
        "got 'steelpushing' (R-CHAR-1)"
    )


def test_r_char_1_lists_hold_at_most_40_items() -> None:
    many = ", ".join(f'"Trait {i}"' for i in range(41))
    message = str(broken(GOOD_SHEET.replace('traits = ["Quick"]', f"traits = [{many}]")))
    assert message == (
        "crew.toml: character 'Kell': traits must be a list of at most 40 items, "
        "got 41 (R-CHAR-1)"
    )


def test_an_entry_with_a_huge_name_is_labelled_briefly() -> None:
    text = GOOD_SHEET.replace('name = "Kell"', 'name = "' + "K" * 5000 + '"')
    message = str(broken(text))
    assert len(message) < 220  # two quotes of at most 60 characters each
    assert message.startswith(f"crew.toml: character '{'K' * 58}…: name must be a name of at "
                              "most 60 characters")


@pytest.mark.parametrize("made", ["fifo", "device"])
def test_a_pipe_or_a_device_is_refused_at_once_not_waited_on(tmp_path: Path, made: str
                                                              ) -> None:
    # A plain open() of a FIFO blocks until something writes to it: run the import as a
    # process, so that a wait shows as a timeout rather than a hung suite.
    import os
    import subprocess
    import sys

    path = tmp_path / "sheets.toml"
    if made == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero")
    code = ("import sys; from cli.main import main; "
            "sys.argv = ['mistborn', 'char', 'import', sys.argv[1]]; main()")
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True,
                          text=True, timeout=60,
                          env={**os.environ, "MISTBORN_DB": str(tmp_path / "t.db")})
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (f"mistborn: {path}: is not a regular file (a pipe, a device or a "
                           "folder); save the sheets to a file and import that\n")
