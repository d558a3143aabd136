"""One rule for names (characters/names.py): when two names are the same name, what may
be stored as a name, and when a new name would be mistaken for one at the table."""

from __future__ import annotations

import itertools
import subprocess
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from profiles import deep
from strategies import names

from characters.errors import CharacterError, NameLooksAlike, SheetValueError
from characters.limits import NAME_MAX, NOTES_MAX
from characters.names import (
    DEFAULT_IGNORABLE,
    check_name,
    check_notes,
    drop_ignorables,
    is_ignorable,
    look_alike,
    name_key,
    refuse_look_alike,
    script_of,
    skeleton,
)

ROOT = Path(__file__).resolve().parent.parent

IGNORABLE_EXAMPLES = [
    "\u200b", "\u200c", "\u200d", "\u00ad", "\ufeff", "\ufe0f", "\U000e0100", "\u034f",
    "\u115f", "\u1160", "\u3164", "\uffa0", "\u180b", "\u180f", "\u2060", "\u206f",
    "\U0001d173", "\U0001d17a", "\U000e0041", "\U000e0fff", "\u202e", "\u2066",
]

ignorables = st.sampled_from(IGNORABLE_EXAMPLES) | st.sampled_from(
    [chr(p) for low, high in DEFAULT_IGNORABLE for p in (low, high)]
)


# --- name_key: one name however it is typed -----------------------------------------------


def test_names_are_the_same_ignoring_case_in_any_script() -> None:
    assert name_key("Kell") == name_key("KELL") == name_key(" kell ") == "kell"
    assert name_key("Straße") == name_key("STRASSE")
    assert name_key("Σίσυφος") == name_key("ΣΊΣΥΦΟΣ")  # final sigma folds too
    assert name_key("Ångström") == name_key("A\u030aNGSTRO\u0308M")  # composed or not
    assert name_key("Kell") != name_key("Kel")


def test_names_are_the_same_ignoring_width_and_compatibility_forms() -> None:
    assert name_key("Ｋｅｌｌ") == name_key("Kell")  # full-width letters
    assert name_key("ﬁre") == name_key("Fire")  # a ligature
    assert name_key("Vin\u3000") == name_key("Vin")  # an ideographic space at the end


def test_the_engine_and_the_roster_take_vin_and_space_vin_as_one_name() -> None:
    assert name_key("Vin") == name_key(" Vin") == name_key("Vin\u00a0")


@pytest.mark.parametrize("ignorable", IGNORABLE_EXAMPLES)
def test_invisible_characters_never_tell_two_names_apart(ignorable: str) -> None:
    assert is_ignorable(ignorable)
    assert name_key(f"Ke{ignorable}ll") == name_key("Kell")
    assert name_key(f"{ignorable}Kell{ignorable}") == "kell"


def test_the_ignorable_table_is_unicodes_default_ignorable_code_points() -> None:
    # DerivedCoreProperties.txt, Default_Ignorable_Code_Point: "Total code points: 4174".
    assert sum(high - low + 1 for low, high in DEFAULT_IGNORABLE) == 4174
    assert list(DEFAULT_IGNORABLE) == sorted(DEFAULT_IGNORABLE)
    assert all(a[1] < b[0] for a, b in itertools.pairwise(DEFAULT_IGNORABLE))
    for visible in ("A", " ", "\u00a0", "\u2028", "\u034e", "\u0350", "\u180a", "\u2070",
                    "\ufe10", "\U000e1000", "é"):
        assert not is_ignorable(visible), repr(visible)
    assert drop_ignorables("V\u200bi\u2060n\U000e0041") == "Vin"


def code_points() -> Iterator[int]:
    """Every code point under the deep profile. Under default: those that
    normalisation, case folding or a letter before them may change, the ignorable
    ones, and every 17th of the rest (the same sample on every run)."""
    everything = deep()
    for point in range(0x110000):
        char = chr(point)
        if (everything or point % 17 == 0 or unicodedata.decomposition(char)
                or unicodedata.combining(char) or char.casefold() != char
                or is_ignorable(char)):
            yield point


def test_name_key_is_idempotent_for_every_code_point() -> None:
    # Brute force over all of Unicode, alone and between two letters.
    for point in code_points():
        char = chr(point)
        for text in (char, f"a{char}b"):
            key = name_key(text)
            assert name_key(key) == key, f"U+{point:04X}"


@given(st.text())
def test_name_key_is_idempotent(text: str) -> None:
    assert name_key(name_key(text)) == name_key(text)


@given(st.text())
def test_name_key_ignores_case(text: str) -> None:
    assert name_key(text.casefold()) == name_key(text)


@given(st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7E)))
def test_name_key_ignores_case_and_width_of_plain_letters(text: str) -> None:
    full_width = "".join(chr(ord(c) + 0xFEE0) for c in text)
    assert name_key(text.upper()) == name_key(text.lower()) == name_key(full_width)


@given(st.text(), st.lists(st.tuples(st.integers(0, 30), ignorables), max_size=6))
def test_name_key_ignores_invisible_characters_anywhere(
    text: str, inserts: list[tuple[int, str]]
) -> None:
    spoiled = text
    for at, char in inserts:
        spoiled = spoiled[:at] + char + spoiled[at:]
    assert name_key(spoiled) == name_key(text)


@given(names)
def test_name_key_ignores_spaces_at_the_ends(name: str) -> None:
    assert name_key(f"  {name}\t") == name_key(name)


# --- check_name: what may be stored (R-CHAR-1) -----------------------------------------------


def test_r_char_1_a_name_is_stored_trimmed() -> None:
    assert check_name("  Vin Valette ") == "Vin Valette"
    assert check_name("Ångström") == "Ångström"  # kept as typed: only the key is folded
    assert check_name("Ｋｅｌｌ") == "Ｋｅｌｌ"


def test_r_char_1_markup_looking_text_is_just_text() -> None:
    # Escaping is for the screens; a name may hold brackets like any other text.
    for name in ("[/bold]", "[bold red]Kell[/]", "Vin [the Survivor]", "'; DROP TABLE x; --"):
        assert check_name(name) == name


def refused(value: object, allowed: str, *, field: str = "name") -> SheetValueError:
    with pytest.raises(SheetValueError) as caught:
        check_name(value, field=field)
    error = caught.value
    assert (error.field, error.rule) == (field, "R-CHAR-1")
    assert allowed in error.allowed
    assert isinstance(error, CharacterError)
    return error


def test_r_char_1_a_name_must_be_text() -> None:
    refused(None, "text")
    refused(5, "text")
    refused(["Vin"], "text")


@pytest.mark.parametrize("blank", ["", "   ", "\u3000", "\u200b\u200c\u200d\u2060\ufeff",
                                   "\u3164\uffa0", " \u00ad "])
def test_r_char_1_a_name_must_show_something(blank: str) -> None:
    refused(blank, "non-empty text (visible characters)")


@pytest.mark.parametrize("bad", ["Vin\nValette", "Kell\t", "Sazed\x00", "Marsh\r", "\x1b[2J",
                                 "Elend\x7f", "Breeze\x85", "Ham\u2028", "Spook\u2029x",
                                 "Lone\ud800"])
def test_r_char_1_a_name_is_one_line_without_control_characters(bad: str) -> None:
    refused(bad, "one line, without control characters")


@pytest.mark.parametrize("bidi", ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066",
                                  "\u2067", "\u2068", "\u2069"])
def test_r_char_1_a_name_holds_no_bidirectional_controls(bidi: str) -> None:
    # An override would print "Vin" backwards in every row that shows the name.
    refused(f"Kell{bidi}niV", "without bidirectional controls")


def test_r_char_1_a_name_is_at_most_60_characters() -> None:
    assert check_name("x" * NAME_MAX) == "x" * NAME_MAX
    assert check_name(" " + "x" * NAME_MAX + " ") == "x" * NAME_MAX  # counted once trimmed
    error = refused("x" * (NAME_MAX + 1), "a name of at most 60 characters", field="player")
    assert str(error) == (
        "R-CHAR-1: player must be a name of at most 60 characters, got "
        f"'{'x' * 58}…"  # the quote, 58 letters and the ellipsis: 60 characters
    )


def test_a_huge_name_makes_a_short_message() -> None:
    error = refused("Kell" * 2_500_000, "at most 60 characters")  # 10 MB
    assert len(str(error)) < 140
    assert str(error).endswith("got 'KellKellKellKellKellKellKellKellKellKellKellKellKellKellKe…")


def test_r_char_1_notes_may_span_lines_up_to_4000_characters() -> None:
    assert check_notes("Street urchin.\r\n\tTrusts no one.") == "Street urchin.\r\n\tTrusts no one."
    assert check_notes("x" * NOTES_MAX) == "x" * NOTES_MAX
    with pytest.raises(SheetValueError, match="notes must be text of at most 4000"):
        check_notes("x" * (NOTES_MAX + 1))
    for bad in ("\x1b[31mred", "bell\x07", "lone \udfff"):
        with pytest.raises(SheetValueError, match="without control characters"):
            check_notes(bad)
    with pytest.raises(SheetValueError, match="notes must be text, got 3"):
        check_notes(3)


# --- look-alikes (UTS #39 skeletons) -----------------------------------------------------------


def test_skeletons_map_look_alike_letters_to_one_prototype() -> None:
    assert skeleton("Vіn") == skeleton("Vin") == "Vin"  # Cyrillic і → Latin i
    assert skeleton("Κell") == "Kell"  # Greek capital kappa → Latin K
    assert skeleton("m") == "rn"  # Unicode's own example
    assert skeleton("Ｋｅｌｌ\u200b") == "Kell"  # cleaned as name_key cleans
    assert skeleton("κell") != skeleton("kell")  # small kappa looks like ĸ, not k


def test_r_con_2_a_cyrillic_look_alike_is_refused_by_name() -> None:
    assert look_alike("Vіn", ["Kell", "Vin"]) == "Vin"
    with pytest.raises(NameLooksAlike) as caught:
        refuse_look_alike("Vіn", ["Kell", "Vin"])
    assert str(caught.value) == (
        "'Vіn' looks like 'Vin' already at the table (it uses a Cyrillic letter); "
        "choose another name"
    )
    assert isinstance(caught.value, CharacterError)
    assert (caught.value.name, caught.value.existing) == ("Vіn", "Vin")


def test_r_con_2_a_greek_look_alike_is_refused_by_name() -> None:
    with pytest.raises(NameLooksAlike, match=r"^'Κell' looks like 'Kell' already at the "
                                             r"table \(it uses a Greek letter\)"):
        refuse_look_alike("Κell", ["Kell"])


def test_r_con_2_look_alikes_in_either_direction_and_either_case() -> None:
    # Names are matched ignoring case, so they must differ in every case.
    assert look_alike("VІN", ["Vin"]) == "Vin"  # capitals: Cyrillic І looks like I
    assert look_alike("vіn", ["VIN"]) == "VIN"
    assert look_alike("κell", ["Kell"]) == "Kell"  # Κ and K alike once upper-cased
    with pytest.raises(NameLooksAlike, match=r"\(that one uses a Cyrillic letter\)"):
        refuse_look_alike("Vin", ["Vіn"])
    with pytest.raises(NameLooksAlike, match=r"\(it uses Cyrillic letters where that one has "
                                             r"Latin\)"):
        refuse_look_alike("Вор", ["Bop"])  # a whole word in Cyrillic


def test_r_con_2_look_alikes_of_one_script_are_refused_too() -> None:
    # Ruling: Unicode's confusables hold within a script as well; at a 40-column table a
    # Narrator typing a target must not hesitate between them.
    assert look_alike("Kem", ["Kern"]) == "Kern"
    assert look_alike("Ivan", ["lvan"]) == "lvan"
    with pytest.raises(NameLooksAlike, match=r"\(only look-alike characters tell them apart\)"):
        refuse_look_alike("Kem", ["Kern"])


def test_names_that_only_resemble_each_other_are_fine() -> None:
    assert look_alike("Renée", ["Renee"]) is None  # an accent is a different name
    assert look_alike("ivan", ["lvan"]) is None  # small i and l differ in every case
    assert look_alike("Kell", ["Kel", "Kelll", "Marsh"]) is None
    assert look_alike("Kell", []) is None
    refuse_look_alike("Vin", ["Kell"])  # nothing raised


def test_the_same_name_is_not_a_look_alike() -> None:
    # The same name (same key) is the caller's to refuse as taken or to replace.
    assert look_alike("KELL", ["Kell"]) is None
    assert look_alike("Ke\u200bll", ["Kell"]) is None


@given(names, names)
def test_look_alike_is_symmetric(first: str, second: str) -> None:
    assert (look_alike(first, [second]) is None) == (look_alike(second, [first]) is None)


@given(names)
def test_a_name_never_looks_like_itself(name: str) -> None:
    # The same name however typed is the same key, never a look-alike.
    assert look_alike(name, [name, name.casefold(), f" {name}\u200b "]) is None


def test_script_names_come_from_unicode_names() -> None:
    assert [script_of(c) for c in "Vіκ1 -"] == ["Latin", "Cyrillic", "Greek", None, None, None]
    assert script_of("ꭰ") == "Cherokee"


def test_the_look_alike_data_is_read_only_when_needed() -> None:
    script = (
        "import sys\n"
        "from cli.main import main\n"
        "import core.names as names\n"
        "sys.argv = ['mistborn', 'roll', '4', '--seed', '1']\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('LOADED', names._prototypes.cache_info().currsize, 'confusables' in sys.modules,"
        " file=sys.stderr)\n"
        "names.look_alike('Vіn', ['Vin'])\n"
        "print('LOADED', names._prototypes.cache_info().currsize, 'confusables' in sys.modules,"
        " file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True, cwd=ROOT, timeout=60)
    lines = [line for line in done.stderr.splitlines() if line.startswith("LOADED")]
    # Not at start-up; when first needed, only the data file is read (the package's own
    # module, which builds a large map of its own, is never imported).
    assert lines == ["LOADED 0 False", "LOADED 1 False"]
