"""The board (cli/common/board.py) drawn by a fixed-width Rich console at 40 and 120 columns:
participants in acting order, dice in hand, Resiliences as bars, the defeated dimmed
but kept, who moves next, the last lines beneath; and its JSON."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from characters.samples import example_characters
from cli.common.board import bar, board_json, board_view
from conflict import AddParticipant, Conflict, Nature, Start
from conflict.board import status
from conflict.events import Defeat
from conflict.whatnow import Expect

CAST = {character.name: character for character in example_characters()}


def conflict() -> Conflict:
    """Tamsin and Brannoch against the Hazekillers and the Prelate, declared, with the
    Hazekillers hit once and the Canton guards defeated outright."""
    c = Conflict([Start(Nature.PHYSICAL, stakes="the ledger"),
                  AddParticipant(CAST["Tamsin Vey"], "crew"),
                  AddParticipant(CAST["Brannoch"], "crew"),
                  AddParticipant(CAST["Hazekillers of House Orrell"], "opposition"),
                  AddParticipant(CAST["The Hollow Prelate"], "opposition"),
                  AddParticipant(CAST["Canton guards"], "opposition")])
    c.push(Defeat("Canton guards", reason="they run"))
    while (now := c.next()).expect is Expect.DECLARE:
        option = now.option
        if option.name == "Brannoch":
            c.push(option.defense(3))
        else:
            dice = 6 if option.name == "The Hollow Prelate" else 4
            c.push(option.action(dice, target=option.foes[0]))
    return c


def drawn(width: int, last: tuple[str, ...] = ()) -> tuple[list[str], str]:
    """The board's lines as plain text, and as the terminal gets them (ANSI styles)."""
    c = conflict()
    console = Console(width=width, record=True, color_system="truecolor", force_terminal=True,
                      highlight=False, file=io.StringIO())
    console.print(board_view(c.state, width, last))
    text = console.export_text(styles=False, clear=False)
    return text.splitlines(), console.export_text(styles=True)


@pytest.mark.parametrize("width", [40, 120])
def test_the_board_reads_at_40_and_120_columns(width: int) -> None:
    lines, _ansi = drawn(width, ("Vin rolls 4 for the lock: 5 5 2 1",))
    assert all(len(line.rstrip()) <= width for line in lines)
    text = "\n".join(lines)
    assert lines[0].startswith("Round 1 · physical · resolution")
    assert "Stakes: the ledger" in text
    assert "Next: The Hollow Prelate acts" in " ".join(text.split())
    # Acting order: the most Action Dice first (R-CON-10), the Prelate's 6; then the
    # others to act; full defense and the defeated (kept) after them.
    names = [name for name in CAST if name in text]
    order = sorted(names, key=text.index)
    assert order[0] == "The Hollow Prelate"
    assert set(order[1:3]) == {"Tamsin Vey", "Hazekillers of House Orrell"}
    assert set(order[3:]) == {"Canton guards", "Brannoch"}
    assert "▶ The Hollow Prelate" in text  # who moves now
    assert "A6" in text and "A4" in text and "D3" in text  # dice in hand
    # Each participant still to act shows its place in the acting order (R-CON-10):
    # the Prelate now, then Tamsin and the Hazekillers together (4 dice each).
    flat = " ".join(text.split())
    assert "A6 acting now" in flat and flat.count("A4 2nd to act") == 2
    assert "H ████████ 8/8" in text  # Tamsin's Health as a bar
    assert "8/8 standing" in text  # Extras
    assert "4/4 left" in text  # defeated without a blow: they ran
    assert "defeated" in text
    assert "Last" in text and "Vin rolls 4 for the lock" in text


def test_the_defeated_are_dimmed_but_kept() -> None:
    _lines, ansi = drawn(80)
    assert "\x1b[1;2mCanton guards" in ansi  # bold and dim: defeated, still listed
    assert "\x1b[1mTamsin Vey" in ansi  # bold, not dim: standing


def test_statuses_and_bars() -> None:
    state = conflict().state
    assert status(state, state.participant("Canton guards"), ()) == "defeated"
    assert status(state, state.participant("Brannoch"), ()) == "full defense"
    assert bar(0, 8) == "░" * 8 and bar(8, 8) == "█" * 8  # a cell a point up to 10
    assert bar(0, 14) == "░" * 10 and bar(7, 14) == "█" * 5 + "░" * 5
    assert bar(1, 100).startswith("█")  # anything left shows


def test_the_board_as_json_holds_what_the_screen_shows() -> None:
    state = conflict().state
    data = board_json(state, ["a line"])
    assert data["phase"] == "resolution" and data["stakes"] == "the ledger"
    assert data["next"]["expect"] == "act"
    assert data["participants"][0]["name"] == "The Hollow Prelate"
    tamsin = next(p for p in data["participants"] if p["name"] == "Tamsin Vey")
    assert tamsin["resiliences"]["health"] == {"full": 8, "damage": 0, "current": 8}
    guards = next(p for p in data["participants"] if p["name"] == "Canton guards")
    assert guards["defeated"] and guards["members"] == 4 and guards["count"] == 4
    assert data["last"] == ["a line"]


def test_the_board_names_the_resiliences_as_the_sheets_do() -> None:
    from characters.model import RESILIENCES
    from conflict.board import RESILIENCE_NAMES

    assert RESILIENCE_NAMES == RESILIENCES


def test_r_con_10_test_and_swap_find_an_action_by_number_place_or_actor() -> None:
    from conflict.errors import BadValue
    from conflict.intents import set_test, swap, which_action

    c = conflict()
    state = c.state
    numbers = {a.actor: a.number for a in state.actions}
    haze = numbers["Hazekillers of House Orrell"]
    assert which_action(state, str(haze)) == which_action(state, f"#{haze}") == haze
    assert which_action(state, "1st") == numbers["The Hollow Prelate"]
    assert which_action(state, "prelate") == numbers["The Hollow Prelate"]
    with pytest.raises(BadValue, match=r"act together 2nd: say which"):
        which_action(state, "2nd")  # Tamsin and the Hazekillers share it
    (event,) = set_test("1st", False, 2)(state)
    assert (event.action, event.contest, event.difficulty) == (  # type: ignore[attr-defined]
        numbers["The Hollow Prelate"], False, 2)
    (swapped,) = swap("tamsin", "willpower")(state)
    assert swapped.action == numbers["Tamsin Vey"]  # type: ignore[attr-defined]


def test_r_con_19_a_defeated_group_shows_no_dice_in_hand() -> None:
    from conflict.events import Declare

    c = Conflict([Start(Nature.PHYSICAL, stakes="the ledger"),
                  AddParticipant(CAST["Tamsin Vey"], "crew"),
                  AddParticipant(CAST["Canton guards"], "opposition")])
    c.push(Declare.action("Canton guards", 4, target="Tamsin Vey"))
    c.push(Defeat("Canton guards", reason="they run"))
    console = Console(width=40, record=True, highlight=False, file=io.StringIO())
    console.print(board_view(c.state, 40))
    text = console.export_text()
    row = next(line for line in text.splitlines() if "Canton guards" in line)
    assert row.split() == ["Canton", "guards", "(opposition)", "defeated"], text


def test_wrapped_rows_keep_an_indent_and_end_without_spaces() -> None:
    long = ("Hazekillers of House Orrell declare an attack on Tamsin Vey: 4 Action Dice: "
            "arrows from the eaves.")
    lines, _ansi = drawn(40, (long,))
    assert all(line == line.rstrip() for line in lines), lines
    last = lines[lines.index("Last") + 1:]
    assert last[0].startswith("Hazekillers") and all(
        line.startswith("  ") for line in last[1:]), last
    # A name too long for its row: the side goes beneath, indented under the name.
    names = [i for i, line in enumerate(lines) if "Hazekillers of House Orrell" in line
             and "(opposition)" not in line and not line.startswith("Hazekillers")]
    assert names and lines[names[0] + 1].startswith("    (opposition)"), lines
