"""``mistborn conflict simulate``: who wins this fight? The Conflict in the table,
played on from where it stands many times by :func:`conflict.simulate.simulate`, and
the report drawn by :mod:`cli.conflict.simulate_screens`.

The saved Conflict is only read: a simulation plays on a copy of its state in memory
and writes nothing to the table.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Final

import click

from cli.common.errors import fail
from cli.common.help_layout import Command
from cli.common.options import SEED
from cli.common.output import json_option, make_console, print_json
from cli.common.table_option import open_table, table_option
from cli.common.values import Number, Whole
from cli.conflict.group import conflict_named, find_conflict

DEFAULT_PRECISION: Final = 0.02
"""The ± a simulation stops at when neither --runs nor --until-precision is given."""

RUNS_CAP: Final = 200_000
"""The most runs --until-precision may take unless --runs says otherwise."""


def _policies(given: Sequence[str]) -> tuple[str | None, dict[str, str]]:
    """``--policy`` values: ``NAME`` for every side, ``SIDE=NAME`` for one."""
    from conflict.simulate import POLICIES

    everyone: str | None = None
    per_side: dict[str, str] = {}
    for value in given:
        side, equals, name = value.rpartition("=")
        name = name.strip().lower()
        if name not in POLICIES:
            fail(f"--policy {value!r}: no policy called {name!r} (policies: "
                 f"{', '.join(POLICIES)})")
        if not equals:
            everyone = name
        elif not side.strip():
            fail(f"--policy {value!r}: name the side before '=' (e.g. crew=bold)")
        else:
            per_side[side.strip()] = name
    return everyone, per_side


@click.command("simulate", cls=Command)
@conflict_named
@click.option("--runs", type=Whole(1, 1_000_000), metavar="N",
              help="How many times to play it on (with --until-precision: the most).")
@click.option("--until-precision", "precision", type=Number(0, 0.5, above_low=True,
                                                                  below_high=True),
              metavar="P", help=f"Stop once every side's win chance is known to ±P "
              f"(95%) [default: {DEFAULT_PRECISION}, when --runs is not given].")
@click.option("--seed", type=SEED, metavar="S",
              help="Seed of the dice: the same seed gives the same answer [default: a "
              "new one, shown in the report].")
@click.option("--rounds", type=Whole(1, 1000), metavar="R",
              help="Rounds a run may take, counting the current one, before it counts "
              "as undecided [default: 20].")
@click.option("--policy", "policy_values", multiple=True, metavar="[SIDE=]NAME",
              help="How a side plays: default, reckless, bold or cautious; "
              "SIDE=NAME for one side, NAME for every side. Repeatable.")
@click.option("--workers", type=Whole(1, 1024), metavar="N",
              help="Processes to play in [default: the cores other work leaves free].")
@table_option
@json_option
def simulate(name: str | None, runs: int | None, precision: float | None, seed: int | None,
             rounds: int | None, policy_values: Sequence[str], workers: int | None,
             as_json: bool) -> None:
    """Play the Conflict NAME (default: the current one) on from where it stands, many
    times, and report each side's chance to win (with its 95% interval), the rounds it
    takes, and what each participant suffers. Nothing is written to the table.

    Each side plays by a policy. All attack the weakest foe standing. reckless puts
    every die on attacks; bold also defends and reacts with what costs no Action Dice;
    default is bold, but keeps dice back when outnumbered and spends them on a defense
    when the exact odds favour it; cautious keeps more back and goes on full defense
    when badly hurt.
    """
    from conflict import saved as conflicts
    from conflict.simulate import simulate as simulate_conflict

    everyone, per_side = _policies(policy_values)
    with open_table(create=False) as table:
        found = find_conflict(table, name)
        _saved, loaded = conflicts.load(table, found)
    state = loaded.state
    policies: dict[str, str] = dict.fromkeys(state.sides(), everyone) if everyone else {}
    policies.update(per_side)
    if runs is None and precision is None:
        precision = DEFAULT_PRECISION
    if precision is not None and runs is None:
        runs = RUNS_CAP
    if seed is None:
        seed = secrets.randbelow(10**6)
    report = simulate_conflict(state, runs=runs, until_precision=precision, seed=seed,
                               rounds=rounds, policies=policies, workers=workers)
    if as_json:
        from cli.conflict.simulate_screens import report_json

        print_json({"conflict": found,
                    "round": state.round, "version": loaded.version, **report_json(report)})
        return
    from cli.conflict.simulate_screens import report_view

    console = make_console()
    console.print(report_view(report, console.width))
