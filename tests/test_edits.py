"""Field-by-field sheet edits (characters.edits): how FIELD=VALUE is read, every
refusal with the exact line a user sees after ``mistborn:``, and all-or-nothing."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import (
    attribute_scores,
    characters,
    names,
    notes,
    resilience_names,
    standing_scores,
)

from characters.edits import (
    Assignment,
    Change,
    FieldError,
    apply_assignments,
    parse_assignment,
    parse_field,
    show_value,
)
from characters.errors import CharacterError
from characters.files import SheetDataError, dotted, read, unstructure
from characters.model import Character, ExtraGroup, Resilience, Sheet
from characters.names import name_key

trimmed_names = names.map(str.strip)
"""Names as the model stores them: trimmed at the ends."""

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = {
    character.name: character
    for path in ("crew.toml", "opposition.toml")
    for character in read(ROOT / "examples" / path)
}


def tamsin() -> Sheet:
    """Tamsin Vey from the example crew: wits 4, one Power, two pieces of equipment,
    two traits, a player."""
    sheet = EXAMPLES["Tamsin Vey"]
    assert isinstance(sheet, Sheet)
    return sheet


def guards() -> ExtraGroup:
    """The Canton guards: four Extras with their own Wits (3, 2, 3, 4) and Standings."""
    group = EXAMPLES["Canton guards"]
    assert isinstance(group, ExtraGroup)
    return group


def apply(character: Character, *assignments: str) -> tuple[Character, list[Change]]:
    return apply_assignments(character, list(assignments))


# --- reading FIELD=VALUE ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ("name", ("name",)),
        ("attributes.wits", ("attributes", "wits")),
        ("powers[2].rating", ("powers", 1, "rating")),
        ("powers.2.rating", ("powers", 1, "rating")),
        ("resiliences.health.damage", ("resiliences", "health", "damage")),
        ("member_wits[10]", ("member_wits", 9)),
    ],
)
def test_fields_are_dotted_and_list_items_count_from_1(
    text: str, path: tuple[str | int, ...]
) -> None:
    assert parse_field(text) == path
    assert dotted(path) == text.replace(".2.", "[2].")  # the same notation as messages


def test_an_assignment_splits_at_its_first_equals_sign() -> None:
    assert parse_assignment(" notes =a=b ") == Assignment("notes", ("notes",), "a=b ")
    assert parse_assignment("player=") == Assignment("player", ("player",), "")


def test_a_change_reads_as_field_new_and_old() -> None:
    assert str(Change("attributes.wits", 4, 5)) == "attributes.wits = 5 (was 4)"
    assert str(Change("player", "Ada", None)) == "player = (none) (was Ada)"
    assert show_value({"full": 8, "damage": 2}) == '{"full": 8, "damage": 2}'
    assert show_value(["Brûlé"]) == '["Brûlé"]'


# --- applying them: known answers ----------------------------------------------------------


def test_r_char_1_scores_and_text_fields_change_together() -> None:
    new, changes = apply(
        tamsin(), "attributes.wits=5", "standings.spirit=7", "player=Eve",
        "notes=Back from the Pits", "powers[1].rating=6", "equipment.2.damage=2",
    )
    assert isinstance(new, Sheet)
    assert new.attributes.wits == 5 and new.standings.spirit == 7
    assert new.player == "Eve" and new.notes == "Back from the Pits"
    assert new.powers[0].rating == 6
    assert [item.damage for item in new.equipment] == [1, 2]  # only the second changed
    assert changes[0] == Change("attributes.wits", 4, 5)
    assert changes[4] == Change("powers[1].rating", 5, 6)


def test_r_char_1_a_bare_number_is_a_resiliences_full_score_and_keeps_the_damage() -> None:
    hurt = attrs.evolve(
        tamsin(),
        resiliences=tamsin().resiliences.replace("health", Resilience(full=8, damage=3)),
    )
    new, changes = apply(hurt, "resiliences.health=10")
    assert isinstance(new, Sheet)
    assert new.resiliences.health == Resilience(full=10, damage=3)
    assert changes == [
        Change("resiliences.health", {"full": 8, "damage": 3}, {"full": 10, "damage": 3})
    ]
    healed, _ = apply(hurt, "resiliences.health.damage=0")
    assert isinstance(healed, Sheet)
    assert healed.resiliences.health == Resilience(full=8, damage=0)


@pytest.mark.parametrize(
    ("value", "traits"),
    [
        ("Quick hands, Lucky", ("Quick hands", "Lucky")),  # plain text splits at commas
        ('["Quick, but careless", "Lucky"]', ("Quick, but careless", "Lucky")),  # TOML
        ("Solo", ("Solo",)),
        ('"Solo"', ("Solo",)),
        ("[]", ()),
    ],
)
def test_lists_of_names_take_text_or_a_toml_list(value: str, traits: tuple[str, ...]) -> None:
    new, _ = apply(tamsin(), f"traits={value}")
    assert new.traits == traits


def test_toml_values_replace_whole_lists_and_tables() -> None:
    new, _ = apply(
        tamsin(),
        'powers=[{name = "Soothing", rating = 6}, {name = "Rioting", rating = 2}]',
        "attributes={physique = 2, charm = 3, wits = 6}",
        'powers[2]={name = "Tin", rating = 1}',
    )
    assert [(p.name, p.rating) for p in new.powers] == [("Soothing", 6), ("Tin", 1)]
    assert (new.attributes.physique, new.attributes.charm, new.attributes.wits) == (2, 3, 6)


def test_an_empty_value_removes_an_optional_field() -> None:
    new, changes = apply(tamsin(), "player=")
    assert isinstance(new, Sheet) and new.player is None
    assert changes == [Change("player", "Ada", None)]
    group, _ = apply(guards(), "standings=  ")
    assert group.standings is None


def test_r_con_6_a_groups_member_wits_and_count_change_together() -> None:
    new, _ = apply(guards(), "count=3", "member_wits=[4, 3, 5]")
    assert isinstance(new, ExtraGroup)
    assert (new.count, new.wits) == (3, 3)  # declares at its lowest member's Wits
    one, _ = apply(guards(), "member_wits[2]=5")
    assert one.member_wits == (3, 5, 3, 4)


def test_assignments_apply_in_order_each_seeing_the_last() -> None:
    new, changes = apply(tamsin(), "attributes.wits=5", "attributes.wits=6")
    assert new.attributes.wits == 6
    assert [(c.old, c.new) for c in changes] == [(4, 5), (5, 6)]


def test_renaming_is_allowed_here_the_table_checks_uniqueness() -> None:
    new, _ = apply(tamsin(), "name=Brannoch")
    assert new.name == "Brannoch"


def test_assignments_may_be_read_first_or_given_as_text() -> None:
    read_first = [parse_assignment("attributes.charm=3"), parse_assignment("kind=villain")]
    new, _ = apply_assignments(tamsin(), read_first)
    assert new == apply(tamsin(), "attributes.charm=3", "kind=villain")[0]
    assert apply_assignments(tamsin(), "attributes.charm=3")[0].attributes.charm == 3


# --- refusals: each with the exact line the command prints ----------------------------------

TAMSIN_FIELDS = (
    "name, kind, attributes, standings, resiliences, powers, traits, burdens, equipment, "
    "reactions, notes, player"
)
GROUP_FIELDS = (
    "name, count, attributes, standings, powers, traits, equipment, reactions, member_wits, "
    "notes"
)
TOML_HINT = 'write a TOML value, e.g. [{ name = "Pewter", rating = 3 }]'


@pytest.mark.parametrize(
    ("assignment", "message"),
    [
        # Not FIELD=VALUE at all.
        ("wits", "'wits': write FIELD=VALUE, e.g. attributes.wits=5"),
        ("=5", "'=5': write FIELD=VALUE, e.g. attributes.wits=5"),
        ("  =5", "'  =5': write FIELD=VALUE, e.g. attributes.wits=5"),
        # A field that cannot be read.
        ("a..b=1", "cannot read the field 'a..b'"),
        ("powers[-1].rating=2", "cannot read the field 'powers[-1].rating'"),
        ("[1]=2", "cannot read the field '[1]' (e.g. attributes.wits or powers[1].rating)"),
        (".=1", "cannot read the field '.' (e.g. attributes.wits or powers[1].rating)"),
        ("powers[1=2", "cannot read the field 'powers[1'"),
        ("powers[0].rating=2", "powers[0].rating: list items count from 1"),
    ],
)
def test_assignments_that_cannot_be_read(assignment: str, message: str) -> None:
    with pytest.raises(FieldError) as caught:
        parse_assignment(assignment)
    assert str(caught.value) == message
    with pytest.raises(FieldError) as again:  # the same refusal when applied as text
        apply(tamsin(), "attributes.charm=3", assignment)
    assert str(again.value) == message


@pytest.mark.parametrize(
    ("assignment", "message"),
    [
        ("attributes.wit=5", "attributes.wit: 'wit' is not a known field "
                             "(did you mean 'wits'?)"),
        ("strength=5", f"strength: 'strength' is not a known field (expected {TAMSIN_FIELDS})"),
        # A bare Attribute, Standing or Resilience name points to where it lives.
        ("wits=5", "wits: 'wits' is not a known field (did you mean 'attributes.wits'?)"),
        ("charm=3", "charm: 'charm' is not a known field (did you mean 'attributes.charm'?)"),
        ("spirit=5", "spirit: 'spirit' is not a known field (did you mean 'standings.spirit'?)"),
        ("health=5", "health: 'health' is not a known field "
                     "(did you mean 'resiliences.health'?)"),
        ("full=5", f"full: 'full' is not a known field (expected {TAMSIN_FIELDS})"),
        # Inside a list the hint is a path that works: items count from 1.
        ("rating=3", "rating: 'rating' is not a known field "
                     "(did you mean 'powers[1].rating'?)"),
        ("resiliences.full=5", "resiliences.full: 'full' is not a known field "
                               "(expected health, reputation, willpower)"),
        ("standings.x=4", "standings.x: 'x' is not a known field "
                          "(expected resources, influence, spirit)"),
        ("powers[1]x=1", "powers[1]x: 'x' is not a known field (expected name, rating)"),
        ("member_wits=[3]", "member_wits: 'member_wits' is not a known field "
                            f"(expected {TAMSIN_FIELDS})"),
        # Deeper than the field goes, or a list index on what is not a list.
        ("notes.x=1", "notes.x: there is no field 'x' there"),
        ("player.x=1", "player.x: there is no field 'x' there"),
        ("attributes.wits.full=3", "attributes.wits.full: there is no field 'full' there"),
        ("attributes[1]=2", "attributes[1]: attributes[1] is not a list"),
        # List items that are not there.
        ("powers[3].rating=2", "powers[3].rating: powers has 1 item(s)"),
        ("traits[5]=x", "traits[5]: there are 2 item(s) there"),
        ("powers[2]={name=\"Tin\", rating=2}", "powers[2]: there is 1 item(s) there"),
        # A value that is not TOML where only TOML will do.
        ("powers=[{name=", f"powers: cannot read '[{{name='; {TOML_HINT}"),
        ("equipment=[1", f"equipment: cannot read '[1'; {TOML_HINT}"),
    ],
)
def test_fields_the_sheet_does_not_have_are_refused_by_name(
    assignment: str, message: str
) -> None:
    before = copy.deepcopy(tamsin())
    with pytest.raises(FieldError) as caught:
        apply(tamsin(), "attributes.charm=3", assignment)
    assert str(caught.value) == message
    assert isinstance(caught.value, CharacterError)
    assert caught.value.field == assignment.partition("=")[0]
    assert tamsin() == before


@pytest.mark.parametrize(
    ("assignment", "message"),
    [
        ("kind=villain", f"kind: 'kind' is not a known field (expected {GROUP_FIELDS})"),
        ("resiliences.health=5", "resiliences.health: 'resiliences' is not a known field "
                                 f"(expected {GROUP_FIELDS})"),
        ("member_wits[9]=5", "member_wits[9]: there are 4 item(s) there"),
    ],
)
def test_r_con_19_groups_have_no_kind_or_resiliences(assignment: str, message: str) -> None:
    with pytest.raises(FieldError) as caught:
        apply(guards(), assignment)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("character", "assignment", "message"),
    [
        ("Tamsin Vey", "attributes.wits=9", "character 'Tamsin Vey': attributes.wits must be "
         "a whole number 2–6, got 9 (R-CHAR-1)"),
        ("Tamsin Vey", "attributes.wits=five", "character 'Tamsin Vey': attributes.wits must "
         "be a whole number 2–6, got 'five' (R-CHAR-1)"),
        ("Tamsin Vey", "standings.spirit=1", "character 'Tamsin Vey': standings.spirit must "
         "be a whole number 2–10, got 1 (R-CHAR-1)"),
        ("Tamsin Vey", "resiliences.health.full=0", "character 'Tamsin Vey': "
         "resiliences.health.full must be a whole number 1–100, got 0 (R-CHAR-1)"),
        ("Tamsin Vey", "resiliences.health.damage=-1", "character 'Tamsin Vey': "
         "resiliences.health.damage must be a whole number 0–8, got -1 (R-CHAR-1)"),
        ("Tamsin Vey", "resiliences.health.damage=9", "character 'Tamsin Vey': "
         "resiliences.health.damage must be a whole number 0–8, got 9 (R-CON-20)"),
        ("Tamsin Vey", 'resiliences.health="x"', "character 'Tamsin Vey': "
         "resiliences.health must be a table of fields, got 'x'"),
        ("Tamsin Vey", "powers[1]=3", "character 'Tamsin Vey': powers[1] must be a table of "
         "fields, got 3"),
        ("Tamsin Vey", "name=", "character 'Tamsin Vey': name must be non-empty text "
         "(visible characters), got '' (R-CHAR-1)"),
        ("Tamsin Vey", "traits=Quick, quick", "character 'Tamsin Vey': traits must be names "
         "that differ (ignoring case), got 'quick' (R-CHAR-1)"),
        ("Tamsin Vey", "kind=extra", "character 'Tamsin Vey': kind must be hero or villain "
         "(Extras belong in an Extra group), got 'extra' (R-CON-2)"),
        ("Canton guards", "standings.spirit=5", None),  # passes: the group has Standings
        ("Hazekillers of House Orrell", "standings.spirit=5", "group 'Hazekillers of House "
         "Orrell': standings.resources is missing (and 1 more problem)"),
        ("Canton guards", "member_wits=[3, 3]", "group 'Canton guards': member_wits must be "
         "one Wits per member (4), got 2 (R-CON-6)"),
    ],
)
def test_r_char_1_values_the_rules_refuse_name_the_character_and_field(
    character: str, assignment: str, message: str | None
) -> None:
    if message is None:
        new, _ = apply(EXAMPLES[character], assignment)
        assert new.standings is not None and new.standings.spirit == 5
        return
    with pytest.raises(SheetDataError) as caught:
        apply(EXAMPLES[character], assignment)
    assert str(caught.value) == message


# --- invariants ------------------------------------------------------------------------------


def toml_literal(value: Any) -> str:
    """Plain sheet data written as a TOML inline value (for VALUE on the command line)."""
    if isinstance(value, bool):
        raise TypeError(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        escaped = "".join(
            "\\\\" if c == "\\" else '\\"' if c == '"'
            else f"\\u{ord(c):04x}" if ord(c) < 0x20 or ord(c) == 0x7F else c
            for c in value
        )
        return f'"{escaped}"'
    if isinstance(value, list):
        return "[" + ", ".join(toml_literal(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {toml_literal(v)}" for k, v in value.items()) + "}"
    raise TypeError(value)


def as_value_text(value: Any) -> str:
    """What to write after ``=`` to set a field to ``value`` (plain sheet data)."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value  # text fields take the text as it is, spaces and all
    return toml_literal(value)


def every_field(data: Any, path: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    """Every field and list item inside plain sheet data, whole tables included."""
    items = data.items() if isinstance(data, dict) else enumerate(data)
    for key, inner in items:
        yield (*path, key)
        if isinstance(inner, (dict, list)):
            yield from every_field(inner, (*path, key))


def peek(data: Any, path: tuple[str | int, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


@given(characters(), st.data())
def test_setting_any_field_to_what_it_holds_changes_nothing(
    character: Character, data: st.DataObject
) -> None:
    plain = unstructure(character)
    path = data.draw(st.sampled_from(sorted(every_field(plain), key=repr)))
    field = dotted(path)
    current = peek(plain, path)
    new, changes = apply_assignments(character, [f"{field}={as_value_text(current)}"])
    assert new == character
    assert changes == [Change(field, current, current)]


def _settable(character: Character) -> list[tuple[str, st.SearchStrategy[Any]]]:
    """Fields of ``character`` and values R-CHAR-1 (and R-CON-6, R-CON-20) allow for
    them. Names are drawn trimmed, as the model stores them, and lists of names never
    repeat one."""
    fields: list[tuple[str, st.SearchStrategy[Any]]] = [
        ("name", trimmed_names),
        ("notes", notes),
        *((f"attributes.{a}", attribute_scores) for a in ("physique", "charm", "wits")),
        ("traits", st.lists(trimmed_names, max_size=3, unique_by=name_key)),
        ("powers", st.lists(st.fixed_dictionaries(
            {"name": trimmed_names, "rating": st.integers(1, 10)}), max_size=3,
            unique_by=lambda power: name_key(power["name"]))),
    ]
    fields += [(f"powers[{i}].rating", st.integers(1, 10))
               for i in range(1, len(character.powers) + 1)]
    fields += [(f"equipment[{i}].damage", st.integers(0, 10))
               for i in range(1, len(character.equipment) + 1)]
    fields += [(f"reactions[{i}].dice", st.integers(1, 10))
               for i in range(1, len(character.reactions) + 1)]
    if character.standings is not None or isinstance(character, Sheet):
        fields += [(f"standings.{s}", standing_scores)
                   for s in ("resources", "influence", "spirit")]
    if isinstance(character, Sheet):
        fields += [("player", trimmed_names),
                   ("burdens", st.lists(trimmed_names, max_size=3, unique_by=name_key))]
        for r in ("health", "reputation", "willpower"):
            held = character.resiliences.get(r)
            fields += [(f"resiliences.{r}.full", st.integers(max(1, held.damage), 100)),
                       (f"resiliences.{r}.damage", st.integers(0, held.full))]
    elif not character.member_wits:
        fields.append(("count", st.integers(1, 1000)))
    else:
        fields += [(f"member_wits[{i}]", attribute_scores)
                   for i in range(1, character.count + 1)]
    return fields


@given(characters(), st.data())
def test_r_char_1_a_value_set_reads_back_as_given(
    character: Character, data: st.DataObject
) -> None:
    field, values = data.draw(st.sampled_from(_settable(character)))
    value = data.draw(values)
    new, changes = apply_assignments(character, [f"{field}={as_value_text(value)}"])
    assert peek(unstructure(new), parse_field(field)) == value
    assert changes[0].new == value
    top = parse_field(field)[0]
    untouched, changed = unstructure(character), unstructure(new)
    untouched.pop(top, None)  # an optional field may have been absent
    changed.pop(top)
    assert changed == untouched  # nothing else moved


@given(characters(), resilience_names, st.integers(1, 100))
def test_r_char_1_a_bare_number_never_touches_the_damage(
    character: Character, resilience: str, full: int
) -> None:
    if isinstance(character, ExtraGroup):
        with pytest.raises(FieldError):  # R-CON-19: groups track no Resiliences
            apply_assignments(character, [f"resiliences.{resilience}={full}"])
        return
    before = character.resiliences.get(resilience)
    if full < before.damage:
        # R-CON-20: the damage taken stays, and damage never exceeds the full score.
        with pytest.raises(SheetDataError, match=r"damage must be a whole number 0–\d+, "
                           rf"got {before.damage} \(R-CON-20\)"):
            apply_assignments(character, [f"resiliences.{resilience} = {full} "])
        return
    new, _ = apply_assignments(character, [f"resiliences.{resilience} = {full} "])
    assert isinstance(new, Sheet)
    assert new.resiliences.get(resilience) == Resilience(full=full, damage=before.damage)


BAD_ASSIGNMENTS = st.one_of(
    st.integers().filter(lambda n: not 2 <= n <= 6).map(lambda n: f"attributes.wits={n}"),
    st.integers().filter(lambda n: not 2 <= n <= 10).map(lambda n: f"standings.spirit={n}"),
    st.integers(max_value=0).map(lambda n: f"powers[1].rating={n}"),
    st.integers(min_value=4).map(lambda n: f"powers[{n}].rating=3"),
    st.text("abcxyz_", min_size=1).map(lambda t: f"{t}=1"),  # spells no field's name
    st.sampled_from(["wits=4", "name=", "name=  ", "attributes.wits=", "powers=[",
                     "powers[0]=1", "traits=[1, 2]", "resiliences.health.full=0",
                     "attributes=3", "notes.x=1", "=3", "no equals sign"]),
)


@given(characters(), st.lists(st.sampled_from(["attributes.charm=3", "notes=Changed",
                                               "traits=A, B"]), max_size=2), BAD_ASSIGNMENTS)
def test_one_wrong_assignment_refuses_them_all_and_changes_nothing(
    character: Character, good: list[str], bad: str
) -> None:
    before = copy.deepcopy(character)
    with pytest.raises(CharacterError) as caught:
        apply_assignments(character, [*good, bad])
    assert isinstance(caught.value, (FieldError, SheetDataError))
    assert str(caught.value)
    assert character == before


# --- hostile values: refused on one short line, never a crash ------------------------------


@pytest.mark.parametrize(("assignment", "message"), [
    ("powers=" + "[" * 500 + "]" * 500,
     "powers: the value is nested too deeply (more than 32 levels of tables and lists)"),
    ("traits=[" + "9" * 5000 + "]",
     "traits: the value holds a number of 5,000 digits (at most 18)"),
    ('powers=[{ name = "Tin", rating = nan }]',
     "powers: the value holds a number that is not finite ('nan')"),
])
def test_values_that_cannot_be_read_safely_are_refused(assignment: str, message: str) -> None:
    with pytest.raises(FieldError) as caught:
        apply(tamsin(), assignment)
    assert str(caught.value) == message


@pytest.mark.parametrize("field", ["attributes.wits", "resiliences.health"])
def test_r_char_1_a_number_of_5000_digits_is_refused_by_the_field(field: str) -> None:
    with pytest.raises(SheetDataError) as caught:
        apply(tamsin(), f"{field}={'9' * 5000}")
    shown_value = "'" + "9" * 58 + "…"
    full = field + (".full" if field.startswith("resiliences") else "")
    assert str(caught.value).startswith(f"character 'Tamsin Vey': {full} must be a whole number ")
    assert str(caught.value).endswith(f"got {shown_value} (R-CHAR-1)")


def test_a_huge_field_name_makes_a_short_message() -> None:
    with pytest.raises(FieldError) as caught:
        apply(tamsin(), "x" * 10_000 + "=3")
    assert len(str(caught.value)) < 400
    assert str(caught.value).startswith("x" * 59 + "…: 'x")


def test_r_char_1_names_set_by_hand_are_trimmed_and_checked() -> None:
    new, _ = apply(tamsin(), "name=  Tamsin  ")
    assert new.name == "Tamsin"
    with pytest.raises(SheetDataError, match=r"name must be text without bidirectional controls"):
        apply(tamsin(), "name=Tamsin\u202e")
