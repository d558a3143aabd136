"""A Deckbuilding player's words made into values (R-DBG-2, 3, 6, 9): a number typed,
a Mission as set up, the Training track's layout, Mission points split over the three
tracks, the Dominance rows an Edict shows and an Adversary's shields. The
``deckbuilding`` commands call these; a refusal is the library's own, said in the
language of the game (R-DBG-8).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from boardgames.deckbuilding.events import (
    DEFAULT_TRAINING,
    MAX_AMOUNT,
    Blocked,
    Metal,
    MissionSpec,
    TrainingLayout,
    check_whole,
)
from boardgames.deckbuilding.state import Game, find_adversary, find_mission
from boardgames.deckbuilding.text import CATALOG, bad_value
from boardgames.locales import LocalizedBadValue
from core.names import matches

__all__ = ["METALS", "active_or", "adversary", "blocked", "metal", "mission_spec",
           "mission_split", "player", "rows", "shares", "shields", "training", "whole"]

METALS = tuple(metal.value for metal in Metal)
"""The metal tokens as typed, in the board's order (R-DBG-10)."""


def _words(typed: Sequence[str] | str) -> list[str]:
    """The words of ``typed`` (a text, or a list of them), split at spaces and commas."""
    items = [typed] if isinstance(typed, str) else typed
    return [word for item in items for word in item.replace(",", " ").split() if word]


def whole(text: str, field: str, rule: str, low: int = 1, high: int | None = None, *,
          param: str | None = None) -> int:
    """``text`` as a whole number ``low``–``high`` (default :data:`MAX_AMOUNT`), else
    the library's own refusal naming ``field`` and ``rule``, carrying the value typed
    and ``param``, the step's parameter that gave it (by its table name)."""
    value: object = int(text) if text.lstrip("-").isdigit() and len(text) < 8 else text
    return check_whole(value, field, low, MAX_AMOUNT if high is None else high, rule,
                       param=param)


def player(state: Game, typed: str) -> str:
    """The player ``typed`` means (a unique beginning or word of a name); several
    match: refused, listing them; none: what was typed (the rules refuse it, listing
    the players) (R-DBG-1)."""
    found = matches(typed, [p.name for p in state.players])
    if len(found) > 1:
        raise LocalizedBadValue(CATALOG, "screen.ambiguous",
                                {"typed": repr(typed)[:60], "names": tuple(found)},
                                rule="R-DBG-1")
    return found[0] if found else typed


def active_or(state: Game, typed: str | None) -> str:
    """The player named, else the one whose turn it is."""
    if typed is not None:
        return player(state, typed)
    return state.active.name if state.started else ""


def blocked(state: Game, typed: Sequence[str]) -> tuple[Blocked, ...]:
    """Damage blocked, as ``PLAYER=N`` pairs (``marsh=2``) (R-DBG-4)."""
    out: list[Blocked] = []
    for item in typed:
        name, sep, value = item.partition("=")
        if not sep:
            raise bad_value("bad.list", "R-DBG-4", field="blocked", value=repr(item)[:60])
        out.append(Blocked(player(state, name), whole(value, "blocked", "R-DBG-4",
                                                      param="blocked")))
    return tuple(out)


def shares(state: Game, typed: Sequence[str]) -> dict[str, int]:
    """Collective damage split as ``PLAYER=N`` pairs (``vin=6 kel=4``) (R-DBG-2)."""
    found: dict[str, int] = {}
    for item in typed:
        name, sep, value = item.partition("=")
        if not sep:
            raise bad_value("bad.list", "R-DBG-2", field="amount", value=repr(item)[:60])
        # No param: the command line words an optional argument in brackets, as its
        # usage shows it, which reads badly after a refusal ("([PLAYER=N…])").
        found[player(state, name)] = whole(value, "amount", "R-DBG-2", 0)
    return found


def metal(typed: str) -> Metal:
    """The metal token ``typed`` means: any unique beginning of its name (R-DBG-10)."""
    found = [m for m in Metal if m.value.startswith(typed.strip().lower())] if typed else []
    if len(found) != 1:
        raise bad_value("bad.choice", "R-DBG-10", field="metal", value=repr(typed)[:60],
                        allowed=", ".join(METALS))
    return found[0]


def adversary(state: Game, typed: str) -> int:
    """The number of the Adversary in play ``typed`` names: its number, or any unique
    beginning or word of its name (R-DBG-6)."""
    in_play = state.lord_ruler.adversaries if state.lord_ruler else ()
    found = matches(typed, [a.name for a in in_play])
    named = typed if typed.strip().isdigit() or len(set(found)) != 1 else found[0]
    return find_adversary(state, named).number


def mission_spec(spec: str) -> MissionSpec:
    """A Mission typed as ``NAME``, ``NAME:4,8`` or ``:4,8`` (its mid-track reward
    steps; the top always has one) (R-DBG-3)."""
    name, _, steps = spec.partition(":")
    rewards = []
    for step in _words([steps]):
        if not step.isdigit():
            raise bad_value("bad.rewards", "R-DBG-3", value=repr(spec)[:60])
        rewards.append(int(step))
    return MissionSpec(name.strip(), tuple(rewards))


def training(typed: Sequence[str]) -> TrainingLayout:
    """The Training track as typed: ``end=16``, ``burns=4,7,12``,
    ``abilities=2,5,11,9,14`` (I, II, III, eliminate, the Atium effect),
    ``atium=3,6,8``; what is not typed keeps the default layout's (R-DBG-9)."""
    given: dict[str, Any] = {}
    for item in typed:
        key, sep, steps = item.partition("=")
        key = key.strip().lower()
        numbers = _words([steps])
        if not sep or key not in ("end", "burns", "abilities", "atium") or not all(
                n.isdigit() and len(n) < 4 for n in numbers):
            raise bad_value("bad.list", "R-DBG-9", field="training", value=repr(item)[:60])
        values = tuple(int(n) for n in numbers)
        given[key] = values[0] if key == "end" and len(values) == 1 else values
    return attrs.evolve(DEFAULT_TRAINING, **given)


def mission_split(state: Game, typed: Sequence[str]) -> tuple[int, ...]:
    """Mission points per track: three numbers (``2 1 0``), or ``MISSION=POINTS``
    pairs, a Mission by number or name (``1=2 pits=1``) (R-DBG-3)."""
    tokens = _words(typed)
    shown = repr(" ".join(tokens))[:60]
    if tokens and all("=" in t for t in tokens):
        spent = [0, 0, 0]
        for token in tokens:
            mission, _, value = token.partition("=")
            spent[find_mission(state, mission)] += whole(value, "points", "R-DBG-3", 0,
                                                         param="split")
        return tuple(spent)
    if len(tokens) == 3 and all(t.isdigit() and len(t) < 4 for t in tokens):
        return tuple(int(t) for t in tokens)
    raise bad_value("bad.spend", "R-DBG-3", value=shown)


def rows(typed: Sequence[str]) -> tuple[int, ...]:
    """Dominance rows as typed: the number each shows, 0 for a row without one
    (R-DBG-2)."""
    return tuple(whole(t, "shown", "R-DBG-2", 0, param="rows") for t in _words(typed))


def shields(typed: Sequence[str]) -> tuple[str, ...]:
    """An Adversary's shields as typed, left to right: numbers, or ``X`` for the
    Dominance (R-DBG-6)."""
    return tuple("X" if s.upper() == "X" else s for s in _words(typed))
