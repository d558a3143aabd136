"""The odds reference sheet computed with icepool, as a yardstick for ``mistborn odds``.

Prints the same JSON as ``mistborn odds --table --json`` (exact fraction strings), but
works it out independently: icepool evaluates each pool of d6 into a die over
(Result, Nudges), and each Contest is a map over both sides' dice. The rules are
written out here from the rules reference, not imported from the project.

Run: ``python bench/icepool_table.py`` (needs the ``bench`` extra: icepool).
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from fractions import Fraction
from typing import Any

import icepool

POOLS = range(2, 11)
DIFFICULTIES = range(6)


class ResultAndNudges(icepool.MultisetEvaluator):
    """R-DICE-4/5: sixes are Nudges; the Result is the highest face 1–5 shown twice."""

    def next_state(
        self, state: Any, order: Any, outcome: int, count: int
    ) -> Hashable:
        result, nudges = state or (0, 0)
        if outcome == 6:
            nudges += count
        elif count >= 2:
            result = max(result, outcome)
        return (result, nudges)

    def final_outcome(self, final_state: Any, *_: Any) -> tuple[int, int]:
        return final_state or (0, 0)


def judge(attacker: tuple[int, int], defender: tuple[int, int]) -> tuple[int, int]:
    """One attack at Difficulty 0: (2 win / 1 stalemate / 0 fail, damage dealt).

    R-DICE-7 and R-CON-17: the attacker needs a set; a defender without a set never
    blocks; higher (Result, Nudges) wins; equal is a stalemate. R-CON-18: a win deals
    1 + the attacker's Nudges.
    """
    if attacker[0] == 0:
        return (0, 0)
    if defender[0] == 0 or attacker > defender:
        return (2, 1 + attacker[1])
    if attacker == defender:
        return (1, 0)
    return (0, 0)


def table() -> dict[str, Any]:
    """The whole reference sheet, as ``mistborn odds --table --json`` gives it."""
    evaluator = ResultAndNudges()
    dice = {n: evaluator.evaluate(icepool.d6.pool(n)) for n in POOLS}
    challenge = []
    for n in POOLS:
        results = dice[n].marginals[0]
        success = {str(d): str(results.probability(">=", max(1, d))) for d in DIFFICULTIES}
        challenge.append({"pool": n, "success": success})
    contest = []
    for a in POOLS:
        for d in POOLS:
            judged = icepool.map(judge, dice[a], dice[d], star=False)
            verdict, damage = judged.marginals[0], judged.marginals[1]
            contest.append(
                {
                    "attacker": a,
                    "defender": d,
                    "win": str(verdict.probability(2)),
                    "stalemate": str(verdict.probability(1)),
                    "fail": str(verdict.probability(0)),
                    "expected_damage": str(Fraction(damage.mean())),
                }
            )
    return {"challenge": challenge, "contest": contest}


def main() -> None:
    print(json.dumps(table(), indent=2))


if __name__ == "__main__":
    main()
