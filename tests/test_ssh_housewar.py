"""A game of House War played to final scoring by four players over the real OpenSSH
client against ``mistborn serve`` (one server, four sessions, a short game): each
acts on their own turn with the table's commands, sees only their own score before
the end (R-HW-6), follows the others' steps live, and everyone gets the full reveal
and each House's breakdown at the end (R-HW-3)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest
from game_seat_support import HOUSES, HW_SETUP, cli
from player_support import SSH, make_key
from ssh_support import SHARED, Served, err, out, terminal, words

pytestmark = pytest.mark.skipif(not SSH.exists(), reason="needs OpenSSH's ssh client")

SEATS = ("venture", "lekal", "tekiel", "hasting")

TURNS = [
    ("venture", "collect"), ("venture", "worsen famine riot ashfall disobedience"),
    ("venture", "add Plague -u 1"),
    ("venture", "solve ashfall --share venture=2f --favor venture=4"),
    ("venture", "face-down venture Heir"), ("venture", "end-turn"),
    ("hasting", "collect"), ("hasting", "worsen famine riot disobedience plague"),
    ("hasting", "add Looting -u 1"), ("hasting", "pass --take atium"),
    ("hasting", "end-turn"),
    ("lekal", "collect"), ("lekal", "worsen riot disobedience plague looting"),
    ("lekal", "add Vin -u 4"),
    ("lekal", "solve disobedience --share lekal=2s --favor lekal=6"),
    ("lekal", "end-turn"),
    ("tekiel", "collect"),
]
"""Four turns: Venture and Lekal each solve a Problem for Favor (face down), Venture
plays a Personality face down, Hasting passes, and Tekiel's worsening erupts Vin,
which ends the game; Venture then reveals its card (R-HW-3)."""

SCORES = {"venture": (4, 0, 4), "lekal": (6, 0, 6), "tekiel": (0, 0, 0),
          "hasting": (0, 0, 0)}
FINAL = {**SCORES, "venture": (7, 0, 7)}


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    made = Served(tmp_path, SHARED)
    with made.table() as table:
        for name in SEATS:
            made.keys[name] = make_key(tmp_path, name)
            table.invite_player(name, keys=[made.pub(name)])
    for args in (HOUSES, *HW_SETUP):
        cli(made.path, *args)
    yield made
    made.close()


def row(house: str, figures: tuple[int, int, int] | None) -> str:
    """A House's row of the board in plain text: its figures, or ``?`` when hidden."""
    shown = ("?", "?", "?") if figures is None else figures
    return rf"{house.capitalize()}\s+" + r"\s+".join(re.escape(str(f)) for f in shown)


def test_r_hw_6_four_players_over_ssh_to_final_scoring_each_seeing_their_own_score(
        served: Served) -> None:
    # One line and out: what only reads, about one's own House.
    asked = served.ssh("venture", "pay", "--problem", "ashfall", key="venture")
    assert asked.returncode == 0 and "Pays: 2 Food" in out(asked)
    phones = {name: terminal(served, name) for name in SEATS}
    try:
        for phone in phones.values():
            phone.sendline("plain on")
            phone.expect("hw> ")
        for who, line in TURNS:
            phones[who].sendline(line)
            phones[who].expect("hw> ")
            assert "! " not in phones[who].before, phones[who].before
        # Another's deal reaches every phone, its Favor face down (R-HW-6).
        phones["hasting"].expect(words("Favor: Lekal (face down)."))
        phones["tekiel"].expect(words("You play Tekiel.") + "|" + words("Your turn"))
        # A step out of turn is refused in one line naming the rule.
        phones["venture"].sendline("pass")
        phones["venture"].expect(words("! R-HW-5: it is not your turn: Tekiel's, and "
                                       "you play Venture"))
        for name, phone in phones.items():
            phone.sendline("b")
            phone.expect(words("Other Houses' scores and face-down cards stay hidden"))
            board = phone.before
            for house in SEATS:
                assert re.search(row(house, SCORES[house] if house == name else None),
                                 board), (name, house, board)
            assert ("face down: Heir" in " ".join(board.split())) == (name == "venture")
            phone.expect("hw> ")
        phones["tekiel"].sendline("worsen vin")  # Vin erupts: the game is over
        phones["venture"].expect(words("reveal Venture's Heir before the totals"))
        phones["venture"].sendline("reveal venture Heir --favor 3")  # whoever's turn
        for phone in phones.values():
            phone.expect(words("highest score wins: Venture wins."))
            phone.expect(words("Lekal: score 6 = Favor 6 (Disobedience 6) - Disgrace 0."))
            phone.expect(words("Venture: score 7 = Favor 7 (Ashfall 4, Heir revealed 3) "
                               "- Disgrace 0; revealed Heir."))
        for name, phone in phones.items():
            phone.sendline("b")
            phone.expect(r"House\s+Favor\s+Disgr\s+Score")
            phone.expect(words("Next: Vin erupted"))  # the board, after the table
            for house in SEATS:
                assert re.search(row(house, FINAL[house]), phone.before), (name, house)
        phones["lekal"].sendline("q")
        phones["lekal"].expect(pexpect.EOF)
    finally:
        for phone in phones.values():
            phone.close(force=True)


def test_r_hw_2_tab_at_a_phone_completes_every_word_of_a_step(served: Served) -> None:
    """Tab at a board game completes each word a step takes, not only its name, over
    the real client: at step 1 Venture types ``collect``, then ``worsen fa`` and a Tab
    puts the Problem on the board whole (R-HW-2: each Problem moves in step 2)."""
    phone = terminal(served, "venture")
    try:
        phone.sendline("collect")
        phone.expect("hw> ")
        phone.send("worsen fa")
        phone.expect("fa")
        phone.send("\t")
        phone.expect("worsen Famine ")
        phone.send("\x15")  # Ctrl-U: nothing written
        phone.sendline("")
        phone.expect("hw> ")
        with served.table() as table:
            events = table.read("housewar", "House War 1").events
        assert [event["type"] for event in events][-1] == "collect"  # nothing after it
    finally:
        phone.close()


def _events(served: Served) -> list[str]:
    with served.table() as table:
        return [event["type"] for event in table.read("housewar", "House War 1").events]


def _refused_at_the_phone(served: Served, seat: str, line: str, said: str, *,
                          not_said: str) -> None:
    """``line`` typed at ``seat``'s phone (40 columns) is refused with ``said``, and the
    reply before the next prompt holds nothing of ``not_said``."""
    phone = terminal(served, seat)
    try:
        phone.sendline(line)
        phone.expect(words(said))
        phone.expect("hw> ")
        assert not_said not in phone.before
    finally:
        phone.close()


def test_r_hw_5_a_player_typing_the_hosts_sheet_is_told_it_is_the_hosts(
        served: Served) -> None:
    """House War's set-up is the host's (R-HW-5: "the first House's turn begins with
    its income once the set-up is done"): a phone at 40 columns typing the host's
    ``sheet`` is told so, as for any host's step, not sent to the character sheets of
    a Conflict (``you play no character``); nothing is written."""
    before = _events(served)
    _refused_at_the_phone(served, "lekal", "sheet lekal 2s", "! 'sheet' is not a step you "
                          "may take at House War 1: it is the host's", not_said="character")
    done = served.ssh("lekal", "sheet", "lekal", "2s", key="lekal")
    assert done.returncode == 2
    assert " ".join(err(done).split()) == (
        "! 'sheet' is not a step you may take at House War 1: it is the host's")
    assert _events(served) == before


def test_r_hw_1_a_step_at_a_phone_after_the_end_is_refused_as_the_game_over(
        served: Served) -> None:
    """R-HW-1: "the game ends at once (no more cards or deals) when Unrest reaches 8".
    A phone that takes a step after the host's ``unrest 8`` is told the game is over,
    as the table's command says, not "it is not your turn: no one's"; nothing is
    written."""
    cli(served.path, "hw", "collect")
    cli(served.path, "hw", "unrest", "8")
    before = _events(served)
    _refused_at_the_phone(served, "venture", "worsen famine riot ashfall disobedience",
                          "! R-HW-1: the game is over (Unrest reached 8)",
                          not_said="your turn")
    done = served.ssh("hasting", "pass", "--take", "atium", key="hasting")
    assert done.returncode == 2
    assert " ".join(err(done).split()).startswith("! R-HW-1: the game is over")
    assert _events(served) == before
