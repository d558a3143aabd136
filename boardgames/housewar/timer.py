"""House War's negotiation timer: optional, kept in the game's log so that every
process and every board sees the same one.

The rulebook asks players to keep their turns to a reasonable length and recommends
3–4 minutes for a deal. A table that wants a clock starts one (:class:`StartTimer`,
holding the time it started, as the table's clock gave it, and its length); boards then
say ``negotiation: 2:15 left`` or ``negotiation time is up``. When a step is written
after the time ran out, the front door writes :class:`TimeUp` first, so the step's
report says it once and the timer is gone. :class:`StopTimer` stops it early.

Nothing here reads a clock: the time now is always given (:func:`timer_line`), so that
the rules stay pure and tests set the time.

===========  ==========  ===================================================
class        TYPE        meaning
===========  ==========  ===================================================
StartTimer   timer       the negotiation timer starts (when, how long)
StopTimer    timer_stop  the negotiation timer is stopped before its end
TimeUp       time_up     the negotiation time ran out (said once)
===========  ==========  ===================================================
"""

from __future__ import annotations

import datetime
from typing import ClassVar

import attrs

from boardgames.errors import BadValue, RuleViolation
from boardgames.housewar.checks import whole_number

__all__ = ["LONGEST", "SHORTEST", "SUGGESTED", "StartTimer", "StopTimer", "TimeUp", "Timer",
           "clock_text", "length", "ran_out", "sentence", "set_to", "start", "stop", "timer_line"]

SHORTEST = 10
LONGEST = 60 * 60
"""A timer runs 10 seconds to an hour."""

SUGGESTED = (3, 4)
"""The rulebook's recommended minutes for a deal."""


def _instant(value: str) -> str:
    """A stored start time: ISO 8601 text with a UTC offset."""
    if not isinstance(value, str):
        raise BadValue(f"a timer's start must be a time as text, got {value!r}"[:120])
    try:
        when = datetime.datetime.fromisoformat(value)
    except ValueError:
        when = None
    if when is None or when.utcoffset() is None:
        raise BadValue(f"a timer's start must be an ISO 8601 time with its offset, got "
                       f"{value[:40]!r}")
    return value


@attrs.frozen
class StartTimer:
    """The negotiation timer starts at ``started`` (the table's clock) for ``seconds``;
    a running one is replaced."""

    TYPE: ClassVar[str] = "timer"

    started: str = attrs.field(converter=_instant)
    seconds: int = attrs.field(validator=whole_number(SHORTEST, LONGEST))


@attrs.frozen
class StopTimer:
    """The negotiation timer is stopped before it runs out."""

    TYPE: ClassVar[str] = "timer_stop"


@attrs.frozen
class TimeUp:
    """The negotiation time ran out: said once, and the timer is gone."""

    TYPE: ClassVar[str] = "time_up"


@attrs.frozen
class Timer:
    """A running negotiation timer: when it started and for how long."""

    started: str
    seconds: int

    def left(self, now: datetime.datetime) -> int:
        """Whole seconds left at ``now`` (rounded up), 0 once it ran out."""
        end = datetime.datetime.fromisoformat(self.started) + datetime.timedelta(
            seconds=self.seconds)
        remaining = (end - now).total_seconds()
        return max(0, int(-(-remaining // 1)))


def length(typed: str) -> int:
    """A timer's length as typed: minutes (``3``, ``3.5``) or minutes and seconds
    (``2:30``), in seconds; ``stop`` is 0. Anything else, or outside
    :data:`SHORTEST`–:data:`LONGEST`, is refused."""
    text = typed.strip().lower()
    if text == "stop":
        return 0
    try:
        if ":" in text:
            minutes, seconds = text.split(":", 1)
            total = int(minutes) * 60 + int(seconds)
        else:
            total = round(float(text) * 60)
    except (ValueError, OverflowError):  # not a number, or NaN or infinite
        total = -1
    if not SHORTEST <= total <= LONGEST:
        raise BadValue(f"the timer runs {SHORTEST} seconds to {LONGEST // 60} minutes (3, "
                       f"3.5, 2:30) or stops (stop), got {typed[:40]!r}")
    return total


def set_to(timer: Timer | None, seconds: int, now: str, at: datetime.datetime
           ) -> list[StartTimer | StopTimer]:
    """The step of ``timer <length>`` at the table clock's ``now`` (``at``, parsed):
    a timer of ``seconds`` started, or with 0 the running one stopped (none when it
    has already run out: the time-up written first is the stop)."""
    if not seconds:
        return [] if ran_out(timer, at) else [StopTimer()]
    return [StartTimer(now, seconds)]


def clock_text(seconds: int) -> str:
    """``2:15``."""
    return f"{seconds // 60}:{seconds % 60:02d}"


def timer_line(timer: Timer | None, now: datetime.datetime) -> str | None:
    """What a board says of the timer at ``now``: ``negotiation: 2:15 left``,
    ``negotiation time is up``, or ``None`` when none runs."""
    if timer is None:
        return None
    left = timer.left(now)
    return f"negotiation: {clock_text(left)} left" if left else "negotiation time is up"


def ran_out(timer: Timer | None, now: datetime.datetime) -> tuple[TimeUp, ...]:
    """The event a front door writes before a step when the timer ran out by ``now``."""
    return (TimeUp(),) if timer is not None and not timer.left(now) else ()


def start(timer: Timer | None, event: StartTimer) -> Timer:
    """The timer ``event`` starts (replacing any running one)."""
    del timer
    return Timer(event.started, event.seconds)


def stop(timer: Timer | None, event: StopTimer | TimeUp) -> None:
    """No timer after ``event``; refused when none runs."""
    if timer is None:
        raise RuleViolation("no negotiation timer is running (start one with: timer 3)")


def sentence(before: Timer | None, event: StartTimer | StopTimer | TimeUp) -> str:
    """The event as one sentence."""
    if isinstance(event, StartTimer):
        return f"The negotiation timer starts: {clock_text(event.seconds)}."
    if isinstance(event, StopTimer):
        return "The negotiation timer is stopped."
    return "Negotiation time is up."
