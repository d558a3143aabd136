"""The suite's two hypothesis profiles, and how large a test's sweep is under each.

* ``default`` — what ``python -m pytest`` runs: every test, each with enough examples
  to catch the usual slip, the whole suite in well under two minutes.
* ``deep`` — ``HYPOTHESIS_PROFILE=deep python -m pytest``: the same tests with many
  more examples, and the sweeps too slow for every run at full size (every code
  point, many more random whole games, longer state machine runs, more processes
  writing at once). CI runs both.

A test that sweeps (every code point, a number of processes, of rounds) asks
:func:`sized` for its size: a sample under ``default``, everything under ``deep``.
A test whose ``@settings`` names its own ``max_examples`` asks :func:`scaled`, so
that ``deep`` runs it longer too.
"""

from __future__ import annotations

from typing import TypeVar

from hypothesis import HealthCheck, settings

T = TypeVar("T")

DEEP_FACTOR = 10
"""How many times more examples a test with its own ``max_examples`` runs under deep."""


def register() -> None:
    """Registers both profiles (``conftest.py`` loads the one asked for)."""
    settings.register_profile(
        "default", max_examples=50, deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    settings.register_profile(
        "deep", parent=settings.get_profile("default"), max_examples=1000
    )


def deep() -> bool:
    """Whether the suite runs under the deep profile (however it was chosen: the
    ``HYPOTHESIS_PROFILE`` variable or pytest's ``--hypothesis-profile``)."""
    return settings._current_profile == "deep"


def sized(quick: T, full: T) -> T:
    """``quick`` under the default profile, ``full`` under deep."""
    return full if deep() else quick


def scaled(quick: int, full: int | None = None) -> int:
    """A test's own ``max_examples``: ``quick`` under default; under deep ``full``, or
    by default ten times ``quick``."""
    if not deep():
        return quick
    return full if full is not None else quick * DEEP_FACTOR
