"""What a board game's screen shows, as plain values any front door can draw.

A game's ``board(state, viewer)`` returns a tuple of these values and its
``next_line(state, viewer)`` one sentence; a terminal, a web page or a test draws them.
Nothing here knows a width, a colour or a markup language:

* a :class:`Line` is a line of text and a ``tag`` saying what it is (``title``,
  ``head``, ``active``, ``out``, ``note``, ``dim``, ``result``, ``plain``), so that a
  screen may style it; the words alone always carry the meaning. A line that may be
  longer than the screen is ``wrap``-ped between words, each of its lines starting
  ``margin`` columns in, the lines after the first ``indent`` further; a line made of
  :class:`Part` s styled differently is drawn as it is;
* a :class:`Title` is the first line: the game's name (the table holds it, not the
  state) followed by its ``text``.

Each game adds the values only it has (the dice of Stuffed, the Problem grid of House
War) beside its ``board``.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Part:
    """A piece of a :class:`Line` with a tag of its own."""

    text: str
    tag: str = "plain"


@attrs.frozen
class Line:
    """One line of a screen and what it is (its ``tag``); see the module."""

    text: str
    tag: str = "plain"
    wrap: bool = False
    margin: int = 0
    indent: int = 2
    parts: tuple[Part, ...] = ()


@attrs.frozen
class Title:
    """The first line of a board: the game's name, then ``text`` (``" · turn 2"``)."""

    text: str
    wrap: bool = False


def para(text: str, tag: str = "plain", *, margin: int = 0, indent: int = 2) -> Line:
    """A :class:`Line` wrapped to the screen's width."""
    return Line(text, tag, wrap=True, margin=margin, indent=indent)


def count(amount: int, word: str, words: str = "") -> str:
    """``1 coin``, ``2 coins``; ``words`` for an irregular plural."""
    return f"{amount} {word}" if amount == 1 else f"{amount} {words or word + 's'}"
