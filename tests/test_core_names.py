"""One name identity for every game (core.names): the roster, the Conflict and the
players of Stuffed, the Deckbuilding Game and House War agree on when two spellings
are one name, and a game finds a player by any spelling of their name."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_support import refused
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from profiles import scaled
from test_engine_rules import sheet, table

from boardgames import deckbuilding
from boardgames.deckbuilding.events import NewGame as DeckbuildingNewGame
from boardgames.errors import BadValue, GameError
from boardgames.housewar import events as housewar
from boardgames.housewar.rules import apply
from boardgames.housewar.state import State as HouseWarState
from boardgames.stuffed import new_session
from boardgames.stuffed.events import Mission, Seat
from boardgames.stuffed.events import NewGame as StuffedNewGame
from characters.errors import NameLooksAlike
from characters.names import look_alike, name_key, refuse_look_alike
from conflict.errors import BadValue as ConflictBadValue
from conflict.events import AddParticipant
from core.names import find, one_name, two_spellings
from table import NameTaken, Table

VIN_CYRILLIC = "V\u0456n"  # a Cyrillic і
VENTURE_CYRILLIC = "V\u0435nture"  # a Cyrillic е
LOOKS = "'Vіn' looks like 'Vin' already at the table (it uses a Cyrillic letter); " \
        "choose another name"
HEIST = Mission("Heist", teammates=2, mercenaries=1, combo="ch:2,i")


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "table.db"


# --- known answers -------------------------------------------------------------------------


def test_r_char_1_the_identity_is_the_roster_s_own() -> None:
    assert name_key is __import__("core.names").names.name_key
    with pytest.raises(NameLooksAlike) as caught:
        refuse_look_alike(VIN_CYRILLIC, ["Vin"])
    assert str(caught.value) == LOOKS


def test_two_spellings_finds_the_later_spelling_and_says_what_differs() -> None:
    assert two_spellings(["Vin", "Kell", "vin"]) is not None
    twin = two_spellings(["Vin", "Kell", VIN_CYRILLIC])
    assert twin is not None and (twin.name, twin.existing) == (VIN_CYRILLIC, "Vin")
    assert twin.message == LOOKS
    assert two_spellings(["Vin", "Kell", "Marsh"]) is None


def test_r_dbg_1_two_spellings_of_one_name_cannot_both_play() -> None:
    with pytest.raises(BadValue) as caught:
        deckbuilding.start(["Vin", VIN_CYRILLIC])
    assert str(caught.value) == f"R-DBG-1: {LOOKS}"
    with pytest.raises(BadValue, match="R-DBG-1: two players share a name: Vin and vin"):
        deckbuilding.start(["Vin", "vin"])


def test_r_stf_1_two_spellings_of_one_name_cannot_both_play() -> None:
    with pytest.raises(BadValue) as caught:
        StuffedNewGame((Seat("Vin", "Kelsier", "ch"), Seat(VIN_CYRILLIC, "Marsh", "r")), HEIST)
    assert str(caught.value) == f"R-STF-1: {LOOKS}"
    with pytest.raises(BadValue, match=r"^R-STF-1: 'M.rsh' looks like 'Marsh'"):
        StuffedNewGame((Seat("Vin", "Marsh", "ch"), Seat("Ann", "M\u0430rsh", "r")), HEIST)


def test_r_hw_5_two_spellings_of_one_house_cannot_both_play() -> None:
    with pytest.raises(BadValue) as caught:
        housewar.Start(3, "short", ("Venture", VENTURE_CYRILLIC, "Lekal"))
    assert str(caught.value) == ("R-HW-5: 'Vеnture' looks like 'Venture' already at the "
                                 "table (it uses a Cyrillic letter); choose another name")


@pytest.mark.parametrize("spelling", ["vin", " VIN ", VIN_CYRILLIC, "Ｖｉｎ"])
def test_r_dbg_1_a_player_is_found_by_any_spelling_of_their_name(spelling: str) -> None:
    game = deckbuilding.start(["Vin", "Kelsier"]).state
    assert game.seat(spelling) == 0


@pytest.mark.parametrize("spelling", ["ann", " ANN ", "\u0410nn"])
def test_r_stf_2_a_player_is_found_by_any_spelling_of_their_name(spelling: str) -> None:
    session = new_session()
    session.push(StuffedNewGame((Seat("Bo", "Kelsier", "ch"), Seat("Ann", "Marsh", "r")),
                                HEIST))
    assert session.state.player(spelling) == 1


@pytest.mark.parametrize("spelling", ["lekal", " LEKAL ", "L\u0435kal"])
def test_r_hw_5_a_house_is_found_by_any_spelling_of_its_name(spelling: str) -> None:
    state = apply(HouseWarState(), housewar.Start(3, "short", ("Venture", "Lekal", "Hasting")))
    assert state.house_index(spelling) == 1


def test_an_unknown_name_is_still_unknown() -> None:
    assert find("Marsh", ["Vin", "Kelsier"]) is None
    with pytest.raises(GameError, match="no player called 'Marsh'"):
        deckbuilding.start(["Vin", "Kelsier"]).state.seat("Marsh")


# --- the command line ----------------------------------------------------------------------


def test_r_dbg_1_deckbuilding_new_refuses_two_spellings_of_one_name(db: Path) -> None:
    assert refused(db, "deckbuilding", "new", "-p", "Vin", VIN_CYRILLIC) == f"R-DBG-1: {LOOKS}"


def test_r_stf_1_stuffed_new_refuses_two_spellings_of_one_name(db: Path) -> None:
    message = refused(db, "stuffed", "new", "-p", "Vin:ch", f"{VIN_CYRILLIC}:r", "--mission",
                      "Heist", "--teammates", "2", "--mercenaries", "1", "--combo", "ch:2,i")
    assert LOOKS in message and "R-STF-1" in message


def test_r_hw_5_housewar_new_refuses_two_spellings_of_one_house(db: Path) -> None:
    message = refused(db, "hw", "new", "--players", "3", "--length", "short", "--houses",
                      "Venture", VENTURE_CYRILLIC, "Lekal")
    assert "R-HW-5" in message and "looks like 'Venture'" in message


# --- every game agrees with the roster -------------------------------------------------------

# Letters that look alike across scripts and cases (Latin, Cyrillic, Greek, full-width).
LETTERS = "VvIiLl1KkEeAaOo\u0456\u0406\u0435\u0415\u0430\u0410\u043e\u041e\u039a\u03ba" \
          "\u0399\u03bf\uff36\uff49"
NAMES = st.text(alphabet=LETTERS, min_size=1, max_size=6)


def _roster_says_one_name(a: str, b: str) -> bool:
    # The roster refuses a name that shares a key with one it holds (NameTaken) or
    # looks like one (NameLooksAlike).
    return name_key(a) == name_key(b) or look_alike(b, [a]) is not None


def _refused_as_one_name(make: object) -> bool:
    try:
        make()  # type: ignore[operator]
    except BadValue as error:
        text = str(error)
        return "looks like" in text or "share a name" in text or "must differ" in text \
            or "are called" in text
    return False


def _the_table_s_roster_refuses(roster: Table, a: str, b: str) -> bool:
    try:
        roster.add([sheet(a), sheet(b)])
    except (NameTaken, NameLooksAlike):
        return True
    roster.remove(a)
    roster.remove(b)
    return False


def _a_conflict_refuses(a: str, b: str) -> bool:
    conflict = table((sheet(a), "crew"))
    try:
        conflict.push(AddParticipant(sheet(b), "ministry"))
    except ConflictBadValue as error:
        assert error.rule == "R-CON-2"
        return True
    return False


@pytest.fixture(scope="module")
def roster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    with Table(tmp_path_factory.mktemp("roster") / "table.db") as opened:
        yield opened


@settings(max_examples=scaled(100), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(a=NAMES, b=NAMES)
def test_the_games_and_the_roster_agree_on_whether_two_names_are_one(
        roster: Table, a: str, b: str) -> None:
    one = _roster_says_one_name(a, b)
    assert _the_table_s_roster_refuses(roster, a, b) == one
    assert _a_conflict_refuses(a, b) == one
    assert one_name(a, b) == one
    assert (two_spellings([a, b]) is not None) == one
    assert _refused_as_one_name(lambda: DeckbuildingNewGame((a, b))) == one
    assert _refused_as_one_name(lambda: StuffedNewGame(
        (Seat(a, "Kelsier", "ch"), Seat(b, "Marsh", "r")), HEIST)) == one
    assert _refused_as_one_name(lambda: housewar.Start(3, "short", (a, b, "Lekal"))) == (
        one or one_name(a, "Lekal") or one_name(b, "Lekal"))
