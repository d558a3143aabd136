"""Lines broken between words for every screen (core/wrap.py): a hanging indent, no
trailing spaces, long words cut or kept whole, widths in terminal cells."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from core.wrap import cells, copied, rows, spans


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


LONG = "Supercalifragilisticexpialidocious-Lord-of-the-Ashen-Wastes"


def test_a_word_longer_than_a_line_breaks_after_a_hyphen_that_fits() -> None:
    """A long name is broken where a reader expects it, after a hyphen, on a screen
    (``…-Lor`` / ``d-of-…`` was cut at the edge) and in a sentence (where it stood
    whole, 59 columns wide); the break is the last hyphen that fits."""
    assert rows(f"  {LONG} (opposition)", 40, 4) == [
        "  Supercalifragilisticexpialidocious-", "    Lord-of-the-Ashen-Wastes",
        "    (opposition)"]
    assert rows(f"Brannoch attacks {LONG}: 5 dice.", 40, cut=False) == [
        "Brannoch attacks", "  Supercalifragilisticexpialidocious-",
        "  Lord-of-the-Ashen-Wastes: 5 dice."]
    assert rows(f"{LONG} joins", 40) == [
        "Supercalifragilisticexpialidocious-Lord-", "  of-the-Ashen-Wastes joins"]
    assert rows("a-bc-defgh", 5) == ["a-bc-", "  def", "  gh"]  # no hyphen left: cut
    assert rows("-" * 12, 5) == ["-----", "  ---", "  ---", "  -"]  # no letter: cut


def test_a_path_or_an_address_to_copy_is_kept_whole_though_it_has_hyphens() -> None:
    path = "/tmp/pytest-of-ann/pytest-12/test-a-long-name/table.db"
    assert rows(f"the table at {path}", 40, cut=False) == ["the table at", f"  {path}"]
    host = "ssh vin@ip-172-31-22-144.eu-west-1.compute.internal"
    assert rows(host, 40, cut=False) == ["ssh", "  vin@ip-172-31-22-144.eu-west-1.compute.internal"]
    assert copied("C:\\ash-table.db") and copied("ash-host.local")
    assert not copied(f"{LONG}:") and not copied(f"{LONG}.")


def test_wide_characters_take_two_cells() -> None:
    assert cells("⚄5") == 2 and cells("漢字") == 4
    assert rows("漢字 漢字 漢字", 9) == ["漢字 漢字", "  漢字"]


@given(st.text(alphabet="ab  ,.-", max_size=80), st.integers(1, 50), st.integers(0, 6))
def test_every_line_fits_and_keeps_every_word(text: str, width: int, indent: int) -> None:
    lines = rows(text, width, indent)
    assert all(cells(line) <= max(width, indent + 1) for line in lines)
    assert all(not line.endswith(" ") for line in lines if line.strip())
    assert "".join(text.split()) == "".join("".join(lines).split())
    assert len(spans(text, width, indent)) == len(lines)
