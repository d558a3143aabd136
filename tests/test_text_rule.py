"""The one rule for every stored text (core/text.py): what a name and a free text may
hold, how a refusal quotes the value, and how stored text is printed (R-CHAR-1's text
rules, applied to every field of every game)."""

from __future__ import annotations

import json
import sqlite3
import tomllib
import unicodedata
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from characters.names import check_name, check_notes
from cli.common.output import plain
from conflict import events as ev
from conflict.errors import BadValue
from core.errors import shown
from core.names import is_ignorable
from core.text import (
    BIDI_CONTROLS,
    FORMAT_CONTROLS,
    Found,
    allowed,
    as_stored,
    first_refused,
    json_safe,
    near,
    printable,
    reading_stored,
    refusal,
    toml_safe,
)

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
RAINBOW_FLAG = "\U0001f3f3\ufe0f\u200d\U0001f308"
HEART = "\u2764\ufe0f"
KEYCAP = "1\ufe0f\u20e3"
THUMBS = "\U0001f44d\U0001f3fd"
ENGLAND = "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"
EMOJI = (FAMILY, RAINBOW_FLAG, HEART, KEYCAP, THUMBS, ENGLAND, "\u2194\ufe0f")


# --- what the rule refuses -------------------------------------------------------------------


@pytest.mark.parametrize(("char", "found"), [
    ("\x00", Found.CONTROL), ("\x1b", Found.CONTROL), ("\x07", Found.CONTROL),
    ("\x7f", Found.CONTROL), ("\x85", Found.CONTROL), ("\x9b", Found.CONTROL),
    ("\ud800", Found.SURROGATE), ("\u2028", Found.SEPARATOR), ("\u2029", Found.SEPARATOR),
    *[(c, Found.BIDI) for c in sorted(BIDI_CONTROLS)],
    ("\u200b", Found.INVISIBLE), ("\u200d", Found.INVISIBLE), ("\u2060", Found.INVISIBLE),
    ("\ufeff", Found.INVISIBLE), ("\u00ad", Found.INVISIBLE), ("\u3164", Found.INVISIBLE),
    ("\ufe0f", Found.INVISIBLE), ("\U000e0041", Found.INVISIBLE), ("\u180e", Found.INVISIBLE),
    ("\ufff9", Found.FORMAT), ("\ufffa", Found.FORMAT), ("\ufffb", Found.FORMAT),
    ("\U00013430", Found.FORMAT), ("\U0001343f", Found.FORMAT), ("\u0600", Found.FORMAT),
    ("\u06dd", Found.FORMAT), ("\U000110bd", Found.FORMAT),
])
def test_r_char_1_names_and_free_text_refuse_each_kind(char: str, found: Found) -> None:
    for text in (f"Tam{char}sin", f"{char}Tamsin", f"Tamsin{char}"):
        refused = first_refused(text)
        assert refused is not None and refused.found is found and refused.char == char
        assert first_refused(text, lines=True, emoji=True) is not None


@pytest.mark.parametrize("char", ["\ue000", "\U000f0000", "\U0010fffd", "\u0378", "\uffff",
                                  "\ufdd0", "\U000e1000"])
def test_r_char_1_a_name_refuses_private_use_and_unassigned_characters(char: str) -> None:
    # The board games always refused them in names; now every name does, and free
    # text keeps them (an emoji newer than this Python's Unicode is unassigned here).
    refused = first_refused(f"Tam{char}sin")
    assert refused is not None and refused.found is Found.UNSHOWN and refused.at == 3
    with pytest.raises(ValueError, match="private-use or unassigned"):
        check_name(f"Tam{char}sin")
    assert first_refused(f"Tam{char}sin", lines=True, emoji=True) is None
    assert first_refused(f"Tam{char}sin", emoji=True) is None
    assert check_notes(f"a {char} b") == f"a {char} b"


def test_r_char_1_the_format_characters_listed_are_every_one_this_python_knows() -> None:
    # Every format character (Cf) of this Python's Unicode is refused the same way:
    # as a bidi control, as an invisible character, or as one of FORMAT_CONTROLS.
    listed = {point for low, high in FORMAT_CONTROLS for point in range(low, high + 1)}
    for point in range(0x110000):
        char = chr(point)
        if unicodedata.category(char) == "Cf":
            assert char in BIDI_CONTROLS or is_ignorable(char) or point in listed, hex(point)
        if point in listed:
            assert unicodedata.category(char) in ("Cf", "Cn"), hex(point)


def test_r_char_1_free_text_on_several_lines_takes_tab_and_line_breaks() -> None:
    text = "Street urchin.\r\n\tTrusts no one."
    assert first_refused(text, lines=True) is None
    refused = first_refused(text)
    assert refused is not None and refused.char == "\r"


@pytest.mark.parametrize("emoji", EMOJI)
def test_r_char_1_free_text_keeps_emoji_as_people_write_them(emoji: str) -> None:
    assert first_refused(f"for the {emoji}!", emoji=True) is None
    assert check_notes(f"for the {emoji}!") == f"for the {emoji}!"


@pytest.mark.parametrize("emoji", [e for e in EMOJI if first_refused(e) is not None])
def test_r_char_1_a_name_takes_no_emoji_sequence(emoji: str) -> None:
    with pytest.raises(ValueError, match="invisible characters"):
        check_name(f"Vin {emoji}")


def test_r_char_1_a_single_emoji_is_a_fine_name() -> None:
    assert check_name("Vin \U0001f525") == "Vin \U0001f525"


@pytest.mark.parametrize("text", ["a\u200db", "\u200d\U0001f525", "x\ufe0f", "1\ufe0f",
                                  "\U000e0067\U000e007f", "\U0001f525\u200b", "a\u200d"])
def test_r_char_1_joiners_and_selectors_outside_emoji_are_refused_in_free_text(
        text: str) -> None:
    assert first_refused(text, lines=True, emoji=True) is not None


# --- how a refusal says it --------------------------------------------------------------------


def test_r_char_1_a_refusal_names_what_it_found_and_shows_it_escaped() -> None:
    assert refusal("the \x1bc keep") == ("text on one line, without control characters",
                                         "the \x1bc keep")
    assert refusal("a\nb\x07", lines=True) == (
        "text without control characters (tabs and new lines are fine)", "a\nb\x07")
    words, _ = refusal("Kell\u202eniV") or ("", "")
    assert "bidirectional controls" in words
    words, _ = refusal("Kell\u200fniV") or ("", "")
    assert "bidirectional marks" in words
    words, _ = refusal("Tam\u200dsin") or ("", "")
    assert "invisible characters" in words
    assert refusal("Tamsin") is None


def test_r_char_1_the_quote_holds_the_character_found_even_far_in_a_long_text() -> None:
    text = "x" * 300 + "\x1b" + "y" * 300
    part = near(text, 300)
    assert "\x1b" in part and len(shown(part)) <= 60
    assert part.startswith("…") and part.endswith("…")
    assert near("short\x1b", 5) == "short\x1b"


def test_r_con_1_stakes_with_an_escape_are_refused_by_the_library() -> None:
    with pytest.raises(BadValue, match=r"stakes must be text without control characters.*"
                                       r"got 'the \\x1bc keep'"):
        ev.Start(ev.Nature.PHYSICAL, stakes="the \x1bc keep")
    with pytest.raises(BadValue, match=r"scope must be text without invisible"):
        ev.Start(ev.Nature.PHYSICAL, scope="Lu\u200bthadel")
    assert ev.Start(ev.Nature.PHYSICAL, stakes=f"the {FAMILY}\nand more").stakes


def test_text_read_back_from_a_table_is_taken_as_stored() -> None:
    read = as_stored(lambda: ev.Start(ev.Nature.PHYSICAL, stakes="old \x1bc").stakes)
    assert read() == "old \x1bc"
    assert not reading_stored()
    with pytest.raises(BadValue):
        ev.Start(ev.Nature.PHYSICAL, stakes="old \x1bc")


# --- the second wall: printing stored text -----------------------------------------------------


any_text = st.text(st.characters(codec=None), max_size=40) | st.text(
    st.sampled_from(["a", "\x1b", "\x07", "\x9b", "\u202e", "\u200d", "\ufe0f", "\u2028",
                     "\U0001f468", "\u2764", "\n", "\t", "\U000e0041", "\ud800"]), max_size=20)


@given(any_text)
def test_r_char_1_any_accepted_text_prints_without_controls_bidi_or_invisibles(
        text: str) -> None:
    if first_refused(text, lines=True, emoji=True) is not None:
        return
    shown = plain(text, lines=True)  # what every screen prints stored text through
    for char in shown:
        code = ord(char)
        assert code >= 0x20 or char == "\n"
        assert not 0x7F <= code < 0xA0
        assert char not in BIDI_CONTROLS
    for at, char in enumerate(shown):
        if is_ignorable(char):
            before = unicodedata.category(shown[at - 1]) if at else ""
            assert before in ("So", "Sk", "Sm") or is_ignorable(shown[at - 1]) or (
                shown[at - 1] in "0123456789#*")


@given(any_text)
def test_any_stored_text_prints_escaped_never_raw(text: str) -> None:
    for lines in (False, True):
        shown = printable(text, lines=lines)
        assert not any(ord(c) < 0x20 and c != "\n" for c in shown)
        assert "\n" not in shown or lines
        assert not any(0x7F <= ord(c) < 0xA0 or 0xD800 <= ord(c) < 0xE000 for c in shown)
        assert not any(c in BIDI_CONTROLS or c in "\u2028\u2029" for c in shown)
        assert printable(shown, lines=lines) == shown  # once is enough
    assert "\\x1b" in printable("\x1bc") and printable("Tam\u200dsin") == "Tamsin"


# A table file holds UTF-8 text, so a stored text holds no lone surrogate.
@given(any_text.filter(lambda t: not any(0xD800 <= ord(c) < 0xE000 for c in t)))
def test_any_stored_text_round_trips_through_safe_json_and_toml(text: str) -> None:
    document = json_safe(json.dumps({"notes": text}, ensure_ascii=False))
    assert json.loads(document) == {"notes": text}
    assert first_refused(document, lines=True) is None
    import tomli_w

    toml = toml_safe(tomli_w.dumps({"notes": text}))
    assert tomllib.loads(toml) == {"notes": text}
    assert first_refused(toml, lines=True) is None


def test_the_player_shell_reads_a_line_by_the_one_rule() -> None:
    from cli.players.words import refusal as shell_refusal

    assert shell_refusal(f"r 2 for the {FAMILY} {HEART}") is None
    assert shell_refusal("r 2 for the\tlock") is None
    for bad, shown_as in (("a\u200db", "\\u200d"), ("\x1b[2J", "\\x1b"), ("\u202e", "\\u202e")):
        said = shell_refusal(f"r 2 for {bad}") or ""
        assert "control characters" in said and shown_as in said, said


# --- one rule for every stored text of every game ---------------------------------------------


def _key_comment(value: str) -> object:
    import base64
    import struct

    from table.players import parse_public_keys

    blob = struct.pack(">I", 11) + b"ssh-ed25519" + struct.pack(">I", 32) + bytes(32)
    return parse_public_keys([f"ssh-ed25519 {base64.b64encode(blob).decode()} {value}"])


def _text_fields() -> dict[str, tuple[str, object]]:
    """Every kind of field a game stores text in, by the library call that checks it,
    and whether it is a name, one line of free text or free text on several lines."""
    from boardgames.deckbuilding.events import check_name as dbg_name
    from boardgames.housewar.checks import check_name as hw_name
    from boardgames.stuffed.events import check_name as stuffed_name
    from table.errors import check_purpose, check_text

    return {
        "a participant (Conflict)": ("name", lambda v: ev.Hold(v)),
        "who is defeated (Conflict)": ("name", lambda v: ev.Defeat(v)),
        "stakes (Conflict)": ("lines", lambda v: ev.Start(ev.Nature.PHYSICAL, stakes=v)),
        "scope (Conflict)": ("lines", lambda v: ev.Start(ev.Nature.PHYSICAL, scope=v)),
        "reason (Conflict)": ("lines", lambda v: ev.Defeat("Kell", reason=v)),
        "outcome (Conflict)": ("lines", lambda v: ev.EndConflict(outcome=v)),
        "a damage note (Conflict)": ("lines", lambda v: ev.ApplyDamage(action=1, spent=1, note=v)),
        "a sheet's names": ("name", check_name),
        "a sheet's notes": ("lines", check_notes),
        "who rolls, a game's name": ("name", lambda v: check_text(v, "who rolled")),
        "what a roll is for": ("line", check_purpose),
        "a public key's comment": ("name", _key_comment),
        "Stuffed's names": ("name", stuffed_name),
        "the Deckbuilding Game's names": ("name", lambda v: dbg_name(v, "players")),
        "House War's names": ("name", lambda v: hw_name("House", v, "R-HW-1")),
    }


TEXT_FIELDS = _text_fields()

CATEGORIES = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp", "Zs", "Mn", "Me", "Lo", "Ll", "So",
              "Sk", "Nd", "Po")


def _refused_in(char: str, kind: str) -> bool:
    """Whether the one rule refuses ``char`` between two letters of a ``kind`` of
    field, told from Unicode's categories (independently of core.text)."""
    category = unicodedata.category(char)
    if kind == "lines" and char in "\t\n\r":
        return False
    if any(low <= ord(char) <= high for low, high in FORMAT_CONTROLS):
        return True
    if category in ("Cc", "Cf", "Cs", "Zl", "Zp") or is_ignorable(char):
        return True
    return category in ("Co", "Cn") and kind == "name"


@given(st.sampled_from(CATEGORIES).flatmap(lambda c: st.characters(categories=[c]))
       | st.sampled_from([chr(p) for low, high in FORMAT_CONTROLS for p in range(low, high + 1)])
       | st.sampled_from(sorted(BIDI_CONTROLS)) | st.sampled_from("\t\n\r\u00a0\u3164\u200d"),
       st.sampled_from(list(TEXT_FIELDS)))
@example("\u3164", "who rolls, a game's name")  # once quoted raw in the refusal
@example("\ufff9", "stakes (Conflict)")
def test_r_char_1_every_text_field_of_every_game_takes_and_refuses_the_same_characters(
        char: str, field: str) -> None:
    """Interlinear annotation marks (U+FFF9–U+FFFB) and Egyptian format controls
    (U+13430…) are refused by a Conflict's stakes as by a board game's names: every
    stored text goes through the one rule, a name refusing what free text refuses and
    private-use or unassigned characters too."""
    kind, store = TEXT_FIELDS[field]
    value = f"Ke{char}ll"
    assert callable(store)
    try:
        store(value)
    except ValueError as error:
        assert _refused_in(char, kind), (field, ascii(char), str(error))
        assert char not in str(error), str(error)  # the message shows it escaped
    else:
        assert not _refused_in(char, kind), (field, ascii(char))


@given(st.sampled_from(CATEGORIES).flatmap(lambda c: st.characters(categories=[c]))
       | st.sampled_from([chr(p) for low, high in FORMAT_CONTROLS for p in range(low, high + 1)])
       | st.sampled_from(sorted(BIDI_CONTROLS)) | st.sampled_from("\t\n\r\u3164\u200d"),
       st.sampled_from(list(TEXT_FIELDS)))
@example("\ufff9", "the Deckbuilding Game's names")
@example("\U00013430", "the Deckbuilding Game's names")
def test_r_char_1_every_text_field_of_every_game_refuses_in_the_rules_one_wording(
        char: str, field: str) -> None:
    """Every stored text is refused in the words of the one text rule (core.text's
    ``allowed``): what the field must be, and the value quoted around the character
    refused — the Deckbuilding Game's names as a Conflict's stakes and House War's
    Houses."""
    kind, store = TEXT_FIELDS[field]
    value = f"Ke{char}ll"
    refused = first_refused(value, lines=kind == "lines", emoji=kind != "name")
    if refused is None or (field == "a public key's comment" and len(value.splitlines()) > 1):
        return  # taken; or a key file's line break, which ends the key before it
    assert callable(store)
    with pytest.raises(ValueError) as caught:
        store(value)
    words = f"must be {allowed(refused, lines=kind == 'lines')}"
    if field == "a public key's comment":  # the line quoted is the key's, around it
        assert f"its comment {words}" in str(caught.value), str(caught.value)
    else:
        assert f"{words}, got {shown(near(value, refused.at))}" in str(caught.value), (
            field, str(caught.value))


# Every game's name fields at the command line (and a Conflict's stakes, free text on
# several lines), and the words each door refuses them in.
NAME_DOORS = {
    "a Conflict's name": ["conflict", "new", "{}", "--physical"],
    "a Conflict's stakes": ["conflict", "new", "Canal", "--physical", "--stakes", "{}"],
    "who rolls": ["roll", "3", "--as", "{}"],
    "a Stuffed player": ["stuffed", "new", "-p", "{}:charisma", "bo:resource", "--mission",
                         "Heist", "--teammates", "2", "--mercenaries", "1", "--combo",
                         "ch:2,i"],
    "a Deckbuilding Game player": ["dbg", "new", "--players", "{}", "Kelsier"],
    "a Deckbuilding Game Mission": ["dbg", "new", "--players", "Vin", "Kelsier",
                                    "--missions", "{}", "Pits", "Hall"],
    "a House War House": ["hw", "new", "--players", "3", "--length", "short", "--houses",
                          "{}", "Lekal", "Hasting"],
}


@pytest.mark.parametrize("bad", ["A\ufff9x", "A\U00013430x", "A\u200bx", "A\u202ex",
                                 "A\x1bx"], ids=["fff9", "13430", "200b", "202e", "esc"])
def test_r_char_1_every_games_names_are_refused_at_the_command_line_in_the_same_words(
        tmp_path: Path, bad: str) -> None:
    """R-DBG-1, R-STF-2, R-HW-5, R-CON-1: the same bad text, given to every game's name
    fields, is refused by each door in the one text rule's words, and nothing is
    stored."""
    from cli_support import refused

    found = first_refused(bad)
    assert found is not None
    db = tmp_path / "table.db"
    said = {door: refused(db, *[arg.format(bad) for arg in args])
            for door, args in NAME_DOORS.items()}
    wrong = {door: line for door, line in said.items() if not line.endswith(
        f"must be {allowed(found, lines='stakes' in door)}, got {shown(bad)}")}
    assert wrong == {}
    if db.exists():
        with sqlite3.connect(db) as conn:
            assert conn.execute("SELECT count(*) FROM streams").fetchone() == (0,)
