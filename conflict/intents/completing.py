"""What a person may type next in a declaration's words, for Tab: the grammar of
:func:`conflict.intents.words.aim` read from the words already typed, so completion
offers what the reader will take in that place (names of whom to aim at, then the
attack's kind and Resilience; gear after ``with``; an Attribute, Standing or Power
after ``using``, a Trait after ``+``), and :func:`beginning_with` to keep those the
word being typed begins. Pure: the caller gives the names, gear and sources.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import attrs

from characters.names import name_key
from conflict.intents.words import AIM_WORDS, NATURES, RESILIENCES

__all__ = ["Choices", "aim_next", "beginning_with"]

AIMED: Final = ("attack", "action")
"""Kinds of declaration aimed at someone (a defense and an action that needs no roll
are aimed at no one)."""


@attrs.frozen
class Choices:
    """What the words of a declaration may name: participants (``names``), the
    actor's ``equipment``, its ``sources`` of dice (Attributes, Standings, Powers) and
    ``traits``."""

    names: Sequence[str] = ()
    equipment: Sequence[str] = ()
    sources: Sequence[str] = ()
    traits: Sequence[str] = ()


def aim_next(before: Sequence[str], kind: str, choices: Choices) -> list[str]:
    """The words :func:`~conflict.intents.words.aim` takes after ``before`` (the words
    typed after the kind ``kind``): in the place the last of ``at``, ``with``,
    ``using`` or ``+`` opened, what may fill it, then the words that open another.
    Nothing after ``about`` or ``--``: the rest is free text."""
    place = "target"
    for word in before:
        low = word.casefold()
        if low in {"about", "--"}:
            return []
        if low in AIM_WORDS:
            place = "target"
        elif low in {"with", "w"}:
            place = "equipment"
        elif low in {"using", "u"}:
            place = "using"
        elif low.endswith("+") and place in {"using", "trait"}:
            place = "trait"
    keys = [*(["at"] if kind in AIMED and place != "target" else []), "with", "using",
            "harmless", "about"]
    if place == "equipment":
        return [*choices.equipment, *(k for k in keys if k != "with")]
    if place == "using":
        return [*choices.sources, "+", *(k for k in keys if k != "using")]
    if place == "trait":
        return [*choices.traits, "tool:", "circ:"]
    if kind not in AIMED:
        return ["using", "about"]
    aimed = [*choices.names, *NATURES, *RESILIENCES] if kind == "attack" else [
        *choices.names]
    return [*aimed, *keys]


def beginning_with(typed: str, words: Sequence[str]) -> list[str]:
    """The ``words`` that ``typed`` begins, or one of whose words it begins, in any
    case and spacing (every word, once, when nothing is typed)."""
    key = name_key(typed)
    found = [w for w in words if not key or name_key(w).startswith(key)
             or any(name_key(part).startswith(key) for part in w.split()[1:])]
    return list(dict.fromkeys(found))
