"""What if? The choices open to the participant whose move it is, each played on by
simulation: "attack the Hazekillers: the crew wins 62%; full defense: 48%".

:func:`choices` lists the choices worth comparing, built from what-now's options the
way the policies build theirs (the Attribute of the Conflict's nature, the most
damaging equipment); :func:`what_if` applies each with the engine and simulates the
Conflict on from there, every choice with the same seed, so the dice fall alike and
the differences between choices are the choices' own, not luck's::

    from conflict.simulate.whatif import what_if

    for answer in what_if(conflict.state, seed=1):
        print(answer.label, answer.win.value)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Final

import attrs

from conflict.engine import apply
from conflict.errors import ConflictError, RuleViolation
from conflict.events import DeclarationKind, Event
from conflict.options import DeclareOption, ReactOption
from conflict.order import evolve
from conflict.simulate.policies import attack_dice, best_equipment
from conflict.simulate.report import Chance
from conflict.simulate.run import PolicyChoice, simulate
from conflict.state import State
from conflict.whatnow import (
    AwaitingActions,
    AwaitingDeclare,
    AwaitingDefense,
    WhatNow,
    what_now,
)

__all__ = ["MOST_TARGETS", "Choice", "WhatIf", "choices", "what_if"]

MOST_TARGETS: Final = 4
"""The most foes :func:`choices` offers to attack (the weakest first would need the
policies' judgement; these are the first in the order what-now lists them)."""

KEEP_BACK: Final = 2
"""The dice an alternative act keeps back for defense (the fewest that can defend)."""


@attrs.frozen
class Choice:
    """One thing the participant could do: ``label`` in words, and its ``event``."""

    label: str
    event: Event


@attrs.frozen
class WhatIf:
    """A choice and ``side``'s chance to ``win`` the Conflict after it (simulated
    ``runs`` times)."""

    label: str
    event: Event
    side: str
    win: Chance
    runs: int


def choices(state: State, answer: WhatNow | None = None) -> tuple[Choice, ...]:
    """The choices worth comparing for whoever moves now: at a declaration, an attack
    on each foe (up to :data:`MOST_TARGETS`) and full defense; when acting, all its
    dice, keeping :data:`KEEP_BACK` back, or holding; against an attack, taking it,
    defending with every die it may, and each of its Reactions at its most. Nothing
    at a roll, at damage or between rounds (those are not the participant's choice)."""
    now = what_now(state) if answer is None else answer
    found: list[Choice] = []
    if isinstance(now, AwaitingDeclare):
        found = _declarations(state, now.option)
    elif isinstance(now, AwaitingActions):
        name = now.who[0]
        found = _actions(evolve(now, who=(name,), options=now.options_for(name)))
    elif isinstance(now, AwaitingDefense):
        found = _defenses(now)
    return tuple(found)


def what_if(state: State, offered: Sequence[Choice] | None = None, *,
            side: str | None = None, runs: int = 1000, until_precision: float | None = 0.05,
            seed: int = 0, rounds: int | None = None,
            policies: Mapping[str, PolicyChoice] | None = None,
            workers: int | None = 1) -> tuple[WhatIf, ...]:
    """Each of ``offered`` (default: :func:`choices`) applied to ``state`` and the
    Conflict simulated on from there (see :func:`~conflict.simulate.simulate` for
    ``runs``, ``until_precision``, ``rounds``, ``policies`` and ``workers``; the
    defaults give an answer to about ±5% quickly, in this process). ``side`` is the
    side whose chance is reported (default: that of whoever moves now)."""
    now = what_now(state)
    picked = choices(state, now) if offered is None else tuple(offered)
    if side is None:
        if not now.who:
            raise RuleViolation(f"no participant chooses now ({now.expect.value}): name "
                                f"the side to report on", rule="R-CON-3")
        side = state.participant(now.who[0]).side
    answers = []
    for choice in picked:
        report = simulate(apply(state, choice.event), runs=runs,
                          until_precision=until_precision, seed=seed, rounds=rounds,
                          policies=policies, workers=workers)
        answers.append(WhatIf(choice.label, choice.event, side, report.side(side).win,
                              report.runs))
    return tuple(answers)


def _declarations(state: State, option: DeclareOption) -> list[Choice]:
    me = state.participant(option.name)
    dice = attack_dice(me, state.nature)
    equipment = best_equipment(me)
    found: list[Choice] = []
    if DeclarationKind.ACTION in option.kinds:
        for foe in option.foes[:MOST_TARGETS]:
            _add(found, f"attack {foe}",
                 partial(option.action, dice, target=foe, equipment=equipment))
    if DeclarationKind.DEFENSE in option.kinds:
        _add(found, "full defense", partial(option.defense, dice))
    return found


def _actions(now: AwaitingActions) -> list[Choice]:
    found: list[Choice] = []
    for act in now.acts:
        _add(found, f"act with {act.max_pool} dice", act.event)
        kept = act.max_pool - KEEP_BACK
        if kept >= act.min_pool:
            _add(found, f"act with {kept}, keep {KEEP_BACK} back", partial(act.event, kept))
    for hold in now.holds:
        _add(found, "hold", hold.event)
    return found


def _defenses(now: AwaitingDefense) -> list[Choice]:
    found: list[Choice] = [Choice("take it", now.take_it.event())]
    if now.defend is not None:
        defend = now.defend
        _add(found, f"defend with {defend.max_dice} dice", partial(defend.event, defend.max_dice))
    for reaction in now.reactions:
        if reaction.on_behalf_of is None:
            _add(found, _react_label(reaction), partial(reaction.event, reaction.max_added))
    return found


def _react_label(option: ReactOption) -> str:
    return f"react with {option.reaction} ({option.reaction_dice + option.max_added} dice)"


def _add(found: list[Choice], label: str, build: Callable[[], Event]) -> None:
    """Add the choice ``build()`` makes, unless the rules refuse it here."""
    try:
        event = build()
    except ConflictError:
        return
    found.append(Choice(label, event))
