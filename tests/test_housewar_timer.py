"""House War's negotiation timer (the rulebook recommends 3–4 minutes for a deal): the
library's timer events and board line, and ``mistborn hw timer`` on a real table with
the table's clock set by the test (no sleeping)."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from cli_support import data, ok, refused
from test_cli_housewar import set_up
from test_housewar import started, through_step3

from boardgames.errors import BadValue, RuleViolation
from boardgames.housewar import StartTimer, StopTimer, TimeUp
from boardgames.housewar.codec import CODEC
from boardgames.housewar.describe import describe
from boardgames.housewar.screen import board
from boardgames.housewar.timer import SUGGESTED, Timer, length, ran_out, timer_line
from boardgames.screen import Line
from core.viewer import TABLE
from table import clock

T0 = datetime.datetime(2026, 3, 1, 20, 0, tzinfo=datetime.UTC)


def at(seconds: float) -> datetime.datetime:
    return T0 + datetime.timedelta(seconds=seconds)


def test_the_timer_counts_down_by_the_time_given_and_says_when_it_is_up() -> None:
    timer = Timer(T0.isoformat(), 180)
    assert SUGGESTED == (3, 4)
    assert timer_line(timer, at(0)) == "negotiation: 3:00 left"
    assert timer_line(timer, at(44.5)) == "negotiation: 2:16 left"  # rounded up
    assert timer_line(timer, at(45)) == "negotiation: 2:15 left"
    assert timer_line(timer, at(180)) == "negotiation time is up"
    assert timer_line(None, at(0)) is None
    assert ran_out(timer, at(179)) == () and ran_out(timer, at(180)) == (TimeUp(),)
    assert ran_out(None, at(999)) == ()


def test_the_timer_lives_in_the_game_and_on_every_viewers_board() -> None:
    game = through_step3(started())
    game.push(StartTimer(T0.isoformat(), 240))
    assert game.state.timer == Timer(T0.isoformat(), 240)
    shown = [item.text for item in board(game.state, TABLE, at(60)) if isinstance(item, Line)]
    assert "negotiation: 3:00 left" in shown
    assert not any("negotiation" in text for text in
                   (item.text for item in board(game.state, TABLE) if isinstance(item, Line)))
    before = game.state
    game.push(TimeUp())
    assert game.state.timer is None
    assert describe(before, TimeUp(), game.state) == "Negotiation time is up."
    with pytest.raises(RuleViolation, match="no negotiation timer is running"):
        game.push(StopTimer())
    event = StartTimer(T0.isoformat(), 180)
    assert CODEC.from_dict(CODEC.to_dict(event)) == event
    with pytest.raises(BadValue, match="ISO 8601"):
        StartTimer("at eight", 180)
    with pytest.raises(BadValue):
        StartTimer(T0.isoformat(), 5)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "table.db"


def test_hw_timer_is_shown_by_the_table_clock_and_its_end_said_once(
        db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    set_up(db)
    ok(db, "hw", "collect")
    monkeypatch.setattr(clock, "now", lambda: T0.isoformat())
    assert data(db, "hw", "timer", "3")["said"] == ["The negotiation timer starts: 3:00."]
    monkeypatch.setattr(clock, "now", lambda: at(45).isoformat())
    assert "negotiation: 2:15 left" in ok(db, "hw", "show", "--table").splitlines()
    assert data(db, "hw", "show", "--house", "lekal")["negotiation"] == "negotiation: 2:15 left"
    ok(db, "hw", "worsen", "famine")  # still running: nothing said
    monkeypatch.setattr(clock, "now", lambda: at(181).isoformat())
    assert data(db, "hw", "show")["negotiation"] == "negotiation time is up"
    said = data(db, "hw", "worsen", "ashfall")["said"]
    assert said == ["Negotiation time is up.", "Ashfall worsens from Urgency II to III."]
    assert data(db, "hw", "show")["negotiation"] is None
    assert data(db, "hw", "worsen", "riot")["said"][0].startswith("Riot erupts")
    assert refused(db, "hw", "timer", "stop") == (
        "no negotiation timer is running (start one with: timer 3)")
    assert refused(db, "hw", "timer", "soon").startswith("the timer runs 10 seconds")
    ok(db, "hw", "timer", "2:30")
    assert data(db, "hw", "timer", "stop")["said"] == ["The negotiation timer is stopped."]


def test_hw_show_for_the_narrator_reads_the_clock_while_a_timer_runs(
        db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The board the table keeps for show holds no timer (it reads the clock): while
    # one runs, show replays the game and says the time left now.
    set_up(db)
    ok(db, "hw", "collect")
    monkeypatch.setattr(clock, "now", lambda: T0.isoformat())
    ok(db, "hw", "timer", "3")
    for seconds, left in ((45, "2:15"), (100, "1:20")):
        monkeypatch.setattr(clock, "now", lambda s=seconds: at(s).isoformat())
        assert f"negotiation: {left} left" in ok(db, "hw", "show").splitlines()


def test_a_timer_s_length_is_read_as_minutes_or_minutes_and_seconds() -> None:
    assert [length(typed) for typed in ("3", "3.5", "2:30", " STOP ")] == [180, 210, 150, 0]
    for typed in ("soon", "inf", "nan", "-3", "0:05", "61", "2:x"):
        with pytest.raises(BadValue, match="the timer runs 10 seconds to 60 minutes"):
            length(typed)
