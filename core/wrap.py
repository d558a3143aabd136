"""Text broken into lines between words, for every screen of the project.

A phone shows 40 columns: a sentence longer than that is broken at spaces, the lines
after the first indented (a hanging indent, so each sentence still starts at the
edge), no line ending in spaces. A word longer than a line is broken after a hyphen
that fits (a long name, ``Lord-of-the-Ashen-Wastes``), else cut where the edge falls.
Widths are counted in terminal cells (a wide character takes two).

:func:`spans` says where each line begins and ends in the text given, so a screen that
styles parts of a line (Rich) cuts its own styled text at the same places;
:func:`rows` gives the lines themselves.
"""

from __future__ import annotations

import unicodedata

__all__ = ["HYPHENS", "cells", "copied", "rows", "spans"]


def cells(text: str) -> int:
    """How many terminal columns ``text`` takes (wide characters two, combining none)."""
    total = 0
    for char in text:
        if unicodedata.combining(char):
            continue
        total += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return total


def _cut(text: str, start: int, end: int, room: int) -> int:
    """The end of the longest piece of ``text[start:end]`` that fits ``room`` cells
    (at least one character, so a line always moves on)."""
    used, at = 0, start
    while at < end:
        width = cells(text[at])
        if used + width > room and at > start:
            break
        used += width
        at += 1
    return at


HYPHENS = "-\u2010"
"""The hyphens a word longer than a line breaks after (hyphen-minus, hyphen)."""


def copied(word: str) -> bool:
    """Whether ``word`` is a place to copy as it is — a path (``/``, ``\\``), an
    address (``@``) or a host (``.`` or ``:`` inside it) — which a hyphen must not
    break: ``/tmp/my-table.db``, ``ann@ash-host.local``, not ``Wastes:``."""
    inner = word.rstrip(".,:;!?)'\"")
    return any(mark in inner for mark in "/\\@.:")


def _hyphen(text: str, start: int, fits: int) -> int:
    """Where the word at ``start``, longer than the line, breaks after its last hyphen
    before ``fits`` (the end of what fits); ``-1`` when no hyphen with a letter before
    it fits."""
    for at in range(fits - 1, start, -1):
        if text[at] in HYPHENS and text[start:at].strip(HYPHENS + " "):
            return at + 1
    return -1


def spans(text: str, width: int, indent: int = 2, *, cut: bool = True
          ) -> list[tuple[int, int]]:
    """Where each line of ``text`` broken to ``width`` cells begins and ends (indices
    into ``text``): broken at spaces, the lines after the first leaving ``indent``
    cells for their indent, spaces at a break dropped, leading spaces of the text kept
    (they are its own indent). A word longer than a line breaks after a hyphen that
    fits, else is cut at the edge, or with ``cut=False`` kept whole on a line of its
    own; with ``cut=False`` a path or an address (:func:`copied`) is never broken at
    a hyphen either (a path to copy). An empty text is one empty line."""
    width = max(1, width)
    indent = max(0, min(indent, width - 1))
    found: list[tuple[int, int]] = []
    start = 0
    end = len(text.rstrip(" "))
    while True:
        room = width - (indent if found else 0)
        if cells(text[start:end]) <= room:
            found.append((start, end))
            return found
        fits = _cut(text, start, end, room)
        head = text.rfind(" ", start, fits + 1) if fits < end else -1
        if not (head > start and text[start:head].strip()):  # the first word is too long
            word_end = text.find(" ", fits)  # past the edge
            word_end = end if word_end < 0 else word_end
            hyphen = -1 if not cut and copied(text[start:word_end].strip()) \
                else _hyphen(text, start, fits)
            if hyphen > 0:
                fits = hyphen
            elif not cut:
                fits = word_end  # the long word whole, past the edge
        stop = head if head > start and text[start:head].strip() else fits
        line_end = len(text[:stop].rstrip(" "))
        found.append((start, max(line_end, start + 1)))
        start = stop
        while start < end and text[start] == " ":
            start += 1
        if start >= end:
            return found


def rows(text: str, width: int, indent: int = 2, *, cut: bool = True) -> list[str]:
    """``text`` as lines at most ``width`` cells wide, broken between words, the lines
    after the first indented by ``indent`` spaces, none ending in a space (``cut``: see
    :func:`spans`)."""
    return [(" " * indent if number else "") + text[start:end]
            for number, (start, end) in enumerate(spans(text, width, indent, cut=cut))]
