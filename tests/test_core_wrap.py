"""Lines broken between words for every screen (core/wrap.py): a hanging indent, no
trailing spaces, long words cut or kept whole, widths in terminal cells."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from core.wrap import cells, rows, spans


def test_lines_break_between_words_with_a_hanging_indent_and_no_trailing_space() -> None:
    said = "Hazekillers of House Orrell join the opposition: 8 Extras, Wits 3."
    assert rows(said, 40) == ["Hazekillers of House Orrell join the",
                              "  opposition: 8 Extras, Wits 3."]
    assert rows("  Hazekillers of House Orrell (opposition)", 40, 4) == [
        "  Hazekillers of House Orrell", "    (opposition)"]
    assert rows("short  ", 40) == ["short"]
    assert rows("", 40) == [""]


def test_a_word_longer_than_a_line_is_cut_or_kept_whole() -> None:
    assert rows("a " + "b" * 30, 20) == ["a", "  " + "b" * 18, "  " + "b" * 12]
    assert rows("at /a/very/long/path/to/a/table.db now", 20, cut=False) == [
        "at", "  /a/very/long/path/to/a/table.db", "  now"]


def test_wide_characters_take_two_cells() -> None:
    assert cells("⚄5") == 2 and cells("漢字") == 4
    assert rows("漢字 漢字 漢字", 9) == ["漢字 漢字", "  漢字"]


@given(st.text(alphabet="ab  ,.", max_size=80), st.integers(1, 50), st.integers(0, 6))
def test_every_line_fits_and_keeps_every_word(text: str, width: int, indent: int) -> None:
    lines = rows(text, width, indent)
    assert all(cells(line) <= max(width, indent + 1) for line in lines)
    assert all(not line.endswith(" ") for line in lines if line.strip())
    assert "".join(text.split()) == "".join("".join(lines).split())
    assert len(spans(text, width, indent)) == len(lines)
