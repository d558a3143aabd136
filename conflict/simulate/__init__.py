"""Who wins this fight? Whole Conflicts played on many times with the pure engine.

Exact odds (:mod:`conflict.odds`) answer one exchange; a whole Conflict branches too
much to count, so :func:`simulate` plays it on from any state, many times, with a
policy choosing for each side, and reports each side's chance to win with a 95%
interval, the rounds it takes, and what each participant suffers::

    from conflict.simulate import simulate

    report = simulate(conflict.state, until_precision=0.02, seed=1,
                      policies={"ministry": "reckless"})
    report.side("crew").win.value, report.side("crew").win.low

Modules: :mod:`~conflict.simulate.run` (batches, process pool, stopping),
:mod:`~conflict.simulate.play` (one run: the simulator's Narrator),
:mod:`~conflict.simulate.policies` (how participants choose),
:mod:`~conflict.simulate.chances` (the odds policies weigh),
:mod:`~conflict.simulate.report` (the report's values).
"""

from conflict.simulate.chances import AttackChances, attack_chances
from conflict.simulate.play import DRAW, UNFINISHED, Dice, Ending, play_out
from conflict.simulate.policies import POLICIES, Defending, KeepBack, Policy, Tactics
from conflict.simulate.reading import (
    attack_dice,
    best_equipment,
    incoming,
    outnumbered,
    toughness,
    weakest_foe,
)
from conflict.simulate.report import (
    Chance,
    ParticipantReport,
    Report,
    SideReport,
    Tally,
    wilson,
)
from conflict.simulate.run import BATCH, DEFAULT_ROUNDS, DEFAULT_RUNS, MAX_RUNS, simulate

__all__ = [
    "BATCH",
    "DEFAULT_ROUNDS",
    "DEFAULT_RUNS",
    "DRAW",
    "MAX_RUNS",
    "POLICIES",
    "UNFINISHED",
    "AttackChances",
    "Chance",
    "Defending",
    "Dice",
    "Ending",
    "KeepBack",
    "ParticipantReport",
    "Policy",
    "Report",
    "SideReport",
    "Tactics",
    "Tally",
    "attack_chances",
    "attack_dice",
    "best_equipment",
    "incoming",
    "outnumbered",
    "play_out",
    "simulate",
    "toughness",
    "weakest_foe",
    "wilson",
]
