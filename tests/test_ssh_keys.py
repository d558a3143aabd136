"""The keys a phone sends, through the real OpenSSH client in a pseudo-terminal
(``ssh -tt``, 40 columns): Left, Right, Home, End and Delete edit within the line, a
line longer than a row is drawn again on every row it takes, Up recalls, Tab
completes from the Conflict, and news from other sessions arrives while a player types
without losing their line."""

from __future__ import annotations

from collections.abc import Iterator

import pexpect
import pytest
from player_support import SSH
from ssh_support import FAST, Served, terminal, words

pytestmark = pytest.mark.skipif(not SSH.exists(), reason="needs OpenSSH's ssh client")

LEFT, RIGHT, HOME, END, DELETE, UP = "\x1b[D", "\x1b[C", "\x1b[H", "\x1b[F", "\x1b[3~", "\x1b[A"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    made = Served(tmp_path_factory.mktemp("keys"), FAST)
    yield made
    made.close()


@pytest.fixture
def ada(served: Served) -> Iterator[pexpect.spawn]:
    child = terminal(served, "ada")
    yield child
    child.close(force=True)


def keys(child: pexpect.spawn, *pressed: str) -> None:
    """Each key as a phone sends it: one at a time, each echoed before the next."""
    for key in pressed:
        child.send(key)
        if key not in {"\r", "\t"}:
            child.expect(r".")  # its echo (or redraw) has begun to arrive


def purposes(served: Served) -> list[str]:
    with served.table() as table:
        return [entry.purpose for entry in table.rolls(who="ada")]


def test_left_right_home_end_and_delete_edit_the_line(served: Served,
                                                      ada: pexpect.spawn) -> None:
    keys(ada, "x 2 for lok", LEFT, "c", HOME, DELETE, "r", END, " now", HOME, RIGHT,
         RIGHT, DELETE, "3", "\r")
    ada.expect("Roll · pool of 3")
    ada.expect(words("For lock now"))
    assert purposes(served)[-1] == "lock now"


def test_a_line_longer_than_a_row_is_edited_and_cleared_whole(served: Served,
                                                             ada: pexpect.spawn) -> None:
    long = "r 2 for " + "the long way round " * 3  # 65 characters: two rows at 40
    keys(ada, long, *["\x7f"] * 30)  # Backspace back over the rows' edge
    ada.expect(r"\x1b\[1A\r\x1b\[J> r 2 for the long way round")  # every row drawn again
    keys(ada, "\x15", "r 2 for short", "\r")  # Ctrl-U clears both rows
    ada.expect(words("For short"))
    assert purposes(served)[-1] == "short"
    keys(ada, UP, "\r")  # Up recalls it
    ada.expect(words("For short"))
    assert purposes(served)[-2:] == ["short", "short"]


def test_tab_completes_verbs_kinds_and_names_from_the_conflict(served: Served,
                                                               ada: pexpect.spawn) -> None:
    assert served.ssh("gm", "d", "as", "haze", "attack", "tamsin", "5", key="gm").returncode == 0
    ada.expect(words("Your move: declare"))
    keys(ada, "decl", "\t")
    ada.expect("are ")
    keys(ada, "att", "\t")
    ada.expect("ack ")
    keys(ada, "Haz", "\t")
    ada.expect("ekillers of House Orrell ")
    keys(ada, "5 w", "\t")  # "with", or the Resilience willpower: what both begin
    ada.expect("wi")
    keys(ada, "\t")  # and again: both listed
    ada.expect("willpower  with")
    keys(ada, "t", "\t", "gl", "\t", "\r")
    ada.expect(words("Tamsin Vey declares an attack on Hazekillers of House Orrell: 5 "
                     "Action Dice, with the Glass dagger."))


def test_news_arrives_above_a_line_being_typed_and_the_line_goes_on(
        served: Served, ada: pexpect.spawn) -> None:
    typed = "r 2 for " + "a line long enough to wrap at forty"
    keys(ada, typed, LEFT, LEFT)
    assert served.ssh("dee", "r", "3", "for", "news", key="dee").returncode == 0
    ada.expect(words("dee rolls 3 for news"))
    ada.expect(words(f"> {typed}"))  # the line drawn again below the news
    keys(ada, END, "!", "\r")
    ada.expect(words("For a line long enough to wrap at forty!"))
    assert purposes(served)[-1] == "a line long enough to wrap at forty!"


def test_r_con_8_tab_completes_a_name_of_several_words_once(ada: pexpect.spawn) -> None:
    keys(ada, "d attack hollow pre", "\t")  # two words typed of "The Hollow Prelate"
    keys(ada, "\t")  # and again: everything else that may follow, then the line anew
    ada.expect(r"\r\n> d attack The Hollow Prelate ")  # the name whole, in place of both
    keys(ada, "\x15")  # Ctrl-U: nothing declared


def test_r_con_8_tab_lists_names_whole_in_columns_that_fit(ada: pexpect.spawn) -> None:
    """A Tab listing at 40 columns never breaks inside a name: the aims of an attack
    (R-CON-8) laid out in columns that fit, or one a row."""
    keys(ada, "d attack ", "\t")
    ada.expect(r"\r\n> d attack ")  # the listing, then the line anew
    listed = ada.before.split("\r\n")[1:]
    assert listed == ["Hazekillers of House Orrell", "The Hollow Prelate", "physical",
                      "social", "mental", "health", "reputation", "willpower", "with",
                      "using", "harmless", "about"]  # the widest rules: one a row
    keys(ada, "\x15")  # Ctrl-U: nothing declared
