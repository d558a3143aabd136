"""What a simulation reports: chances with their 95% intervals, and distributions.

Every figure is a count of runs, so a report is exact bookkeeping over the runs played;
chances are those counts divided by the runs, with a Wilson score interval at 95%
(:func:`wilson`), which stays inside 0–1 and behaves near 0 and 1, where a fight is
lopsided. :class:`Tallies` is the running count a batch of runs fills in; batches add up
in any order to the same counts.
"""

from __future__ import annotations

import math
from typing import Any, Final

import attrs

from characters.model import RESILIENCES
from conflict.simulate.play import DRAW, UNFINISHED, Ending
from conflict.state import State

__all__ = [
    "Z95",
    "Chance",
    "ParticipantReport",
    "Report",
    "SideReport",
    "Tallies",
    "Tally",
    "wilson",
]

Z95: Final = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""


def wilson(count: int, runs: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``count`` successes in ``runs`` (``(0, 1)`` with no
    runs)."""
    if runs == 0:
        return 0.0, 1.0
    p = count / runs
    z2 = z * z
    centre = (p + z2 / (2 * runs)) / (1 + z2 / runs)
    half = z * math.sqrt(p * (1 - p) / runs + z2 / (4 * runs * runs)) / (1 + z2 / runs)
    low = 0.0 if count == 0 else max(0.0, centre - half)  # exactly 0, not a rounding
    high = 1.0 if count == runs else min(1.0, centre + half)
    return low, high


@attrs.frozen
class Chance:
    """``count`` runs of ``runs``: the chance and its 95% Wilson interval."""

    count: int
    runs: int
    low: float
    high: float

    @classmethod
    def of(cls, count: int, runs: int) -> Chance:
        """The chance of ``count`` in ``runs``, with its interval."""
        low, high = wilson(count, runs)
        return cls(count, runs, low, high)

    @property
    def value(self) -> float:
        """``count / runs`` (0 with no runs)."""
        return self.count / self.runs if self.runs else 0.0

    @property
    def half_width(self) -> float:
        """Half the interval's width: the ± of the estimate."""
        return (self.high - self.low) / 2

    def to_json(self) -> dict[str, Any]:
        """As JSON: the chance, its interval and the counts."""
        return {"chance": self.value, "low": self.low, "high": self.high,
                "count": self.count, "runs": self.runs}


@attrs.frozen
class Tally:
    """A distribution over whole amounts: ``counts[k]`` runs ended with amount ``k``
    (damage taken, Extras lost, rounds played)."""

    counts: tuple[int, ...]

    @property
    def runs(self) -> int:
        """The runs counted."""
        return sum(self.counts)

    @property
    def mean(self) -> float:
        """The mean amount (0 with no runs)."""
        runs = self.runs
        return sum(k * c for k, c in enumerate(self.counts)) / runs if runs else 0.0

    @property
    def most(self) -> int:
        """The largest amount any run ended with."""
        return max((k for k, c in enumerate(self.counts) if c), default=0)

    def chance(self, amount: int) -> float:
        """The share of runs that ended with exactly ``amount``."""
        runs = self.runs
        if not runs or not 0 <= amount < len(self.counts):
            return 0.0
        return self.counts[amount] / runs

    def at_least(self, amount: int) -> float:
        """The share of runs that ended with ``amount`` or more."""
        runs = self.runs
        return sum(self.counts[max(0, amount):]) / runs if runs else 0.0

    def to_json(self) -> dict[str, Any]:
        """As JSON: the counts (index = amount) and the mean."""
        return {"counts": list(self.counts), "mean": self.mean}


@attrs.frozen
class SideReport:
    """A side's ``win`` chance and the mean rounds of the runs it won
    (``rounds_when_won``, ``None`` when it never won)."""

    side: str
    win: Chance
    rounds_when_won: float | None

    def to_json(self) -> dict[str, Any]:
        """As JSON."""
        return {"side": self.side, "win": self.win.to_json(),
                "rounds_when_won": self.rounds_when_won}


@attrs.frozen
class ParticipantReport:
    """One participant over the runs: ``defeated`` (for a group: wiped out), and the
    damage it took — per Resilience for a Hero or Villain (``damage``, R-CON-20), the
    Extras lost for a group (``extras_lost``, R-CON-19). ``kind`` is ``hero``,
    ``villain`` or ``extras``; ``standing`` its Extras (groups) or 1 at the start."""

    name: str
    side: str
    kind: str
    standing: int
    defeated: Chance
    damage: tuple[tuple[str, Tally], ...] = ()
    extras_lost: Tally | None = None

    def damage_to(self, resilience: str) -> Tally | None:
        """The damage taken to ``resilience``, or ``None`` for a group."""
        return next((t for name, t in self.damage if name == resilience), None)

    def to_json(self) -> dict[str, Any]:
        """As JSON."""
        out: dict[str, Any] = {"name": self.name, "side": self.side, "kind": self.kind,
                               "standing": self.standing, "defeated": self.defeated.to_json()}
        if self.extras_lost is not None:
            out["extras_lost"] = self.extras_lost.to_json()
        else:
            out["damage"] = {name: tally.to_json() for name, tally in self.damage}
        return out


@attrs.frozen
class Report:
    """What a simulation found over ``runs`` runs from one state.

    ``sides`` in the order they joined; ``draw`` counts runs where every side fell,
    ``unfinished`` those stopped after ``rounds_allowed`` rounds; ``rounds`` is the
    distribution of rounds played (the starting round counts as 1). ``stopped_by`` is
    ``"precision"`` when every side's interval reached ``precision``, else ``"runs"``.
    ``policies`` names each side's policy. Intervals are Wilson score intervals at
    95% (``interval``).
    """

    runs: int
    seed: int
    rounds_allowed: int
    start_round: int
    sides: tuple[SideReport, ...]
    draw: Chance
    unfinished: Chance
    rounds: Tally
    participants: tuple[ParticipantReport, ...]
    policies: tuple[tuple[str, str], ...]
    stopped_by: str
    precision: float | None = None
    interval: str = "wilson-95"

    def side(self, name: str) -> SideReport:
        """The report of the side called ``name``."""
        for report in self.sides:
            if report.side == name:
                return report
        raise KeyError(name)

    def participant(self, name: str) -> ParticipantReport:
        """The report of the participant called ``name``."""
        for report in self.participants:
            if report.name == name:
                return report
        raise KeyError(name)

    @property
    def widest(self) -> float:
        """The largest half-width among the sides' win intervals."""
        return max((s.win.half_width for s in self.sides), default=0.0)

    def to_json(self) -> dict[str, Any]:
        """The whole report as JSON-ready values (floats and counts)."""
        return {
            "runs": self.runs, "seed": self.seed, "rounds_allowed": self.rounds_allowed,
            "start_round": self.start_round, "stopped_by": self.stopped_by,
            "precision": self.precision, "interval": self.interval,
            "policies": dict(self.policies),
            "sides": [s.to_json() for s in self.sides],
            "draw": self.draw.to_json(), "unfinished": self.unfinished.to_json(),
            "rounds": self.rounds.to_json(),
            "participants": [p.to_json() for p in self.participants],
        }


class Tallies:
    """The running counts of a batch of runs from one starting state (plain lists of
    whole numbers, cheap to send between processes and to add up)."""

    def __init__(self, start: State, sides: tuple[str, ...], rounds_allowed: int) -> None:
        self.runs = 0
        self.wins = [0] * len(sides)
        self.rounds_won = [0] * len(sides)
        self.draws = 0
        self.unfinished = 0
        self.rounds = [0] * (rounds_allowed + 1)
        self.defeated = [0] * len(start.participants)
        # Per participant: a group's Extras lost, or one tally per Resilience.
        self.damage: list[list[list[int]]] = []
        for person in start.participants:
            if person.resiliences is None:
                self.damage.append([[0] * (person.members + 1)])
            else:
                self.damage.append([[0] * (person.resiliences.get(name).current + 1)
                                    for name in RESILIENCES])

    def add(self, start: State, ending: Ending) -> None:
        """Count one run from ``start`` that ended as ``ending``."""
        self.runs += 1
        if ending.winner == DRAW:
            self.draws += 1
        elif ending.winner == UNFINISHED:
            self.unfinished += 1
        else:
            self.wins[ending.winner] += 1
            self.rounds_won[ending.winner] += ending.rounds
        self.rounds[min(ending.rounds, len(self.rounds) - 1)] += 1
        for index, (before, after) in enumerate(zip(start.participants,
                                                    ending.state.participants, strict=True)):
            if after.defeated:
                self.defeated[index] += 1
            tallies = self.damage[index]
            if before.resiliences is None:
                tallies[0][before.members - after.members] += 1
                continue
            assert after.resiliences is not None
            for tally, name in zip(tallies, RESILIENCES, strict=True):
                taken = (after.resiliences.get(name).damage
                         - before.resiliences.get(name).damage)
                tally[taken] += 1

    def merge(self, other: Tallies) -> None:
        """Add ``other``'s counts to these."""
        self.runs += other.runs
        self.draws += other.draws
        self.unfinished += other.unfinished
        _add(self.wins, other.wins)
        _add(self.rounds_won, other.rounds_won)
        _add(self.rounds, other.rounds)
        _add(self.defeated, other.defeated)
        for mine, theirs in zip(self.damage, other.damage, strict=True):
            for a, b in zip(mine, theirs, strict=True):
                _add(a, b)

    def widest(self) -> float:
        """The largest half-width among the sides' win intervals so far."""
        return max(Chance.of(w, self.runs).half_width for w in self.wins)

    def report(self, start: State, sides: tuple[str, ...], *, seed: int,
               rounds_allowed: int, policies: tuple[tuple[str, str], ...],
               stopped_by: str, precision: float | None) -> Report:
        """The frozen report of these counts."""
        runs = self.runs
        side_reports = tuple(
            SideReport(side, Chance.of(wins, runs), rounds / wins if wins else None)
            for side, wins, rounds in zip(sides, self.wins, self.rounds_won, strict=True))
        people = []
        for index, person in enumerate(start.participants):
            tallies = self.damage[index]
            defeated = Chance.of(self.defeated[index], runs)
            if person.resiliences is None:
                people.append(ParticipantReport(
                    person.name, person.side, "extras", person.members, defeated,
                    extras_lost=Tally(tuple(tallies[0]))))
            else:
                people.append(ParticipantReport(
                    person.name, person.side, person.character.kind.value, 1, defeated,
                    damage=tuple((name, Tally(tuple(t)))
                                 for name, t in zip(RESILIENCES, tallies, strict=True))))
        return Report(
            runs=runs, seed=seed, rounds_allowed=rounds_allowed, start_round=start.round,
            sides=side_reports, draw=Chance.of(self.draws, runs),
            unfinished=Chance.of(self.unfinished, runs), rounds=Tally(tuple(self.rounds)),
            participants=tuple(people), policies=policies, stopped_by=stopped_by,
            precision=precision)


def _add(into: list[int], other: list[int]) -> None:
    for i, value in enumerate(other):
        into[i] += value
