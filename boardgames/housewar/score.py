"""Scores and the winner of a game of House War (R-HW-3).

A House's score is its Favor less its Disgrace. When the game ends, face-down end-game
Personalities are revealed first; then, if the Final Empire stands (Vin solved, or Vin
erupted with Unrest 7 or lower) the highest score wins, and if it collapsed (Unrest 8 or
more) the lowest. Ruling: when Unrest reaches 8 as Vin resolves, Unrest decides. Ties
go to the House with the most tokens in its supply; still tied, the victory is shared.
"""

from __future__ import annotations

import attrs

from boardgames.housewar.state import UNREST_END, End, Phase, State

__all__ = ["Outcome", "Standing", "outcome", "standings"]


@attrs.frozen
class Standing:
    """One House's place: ``place`` 1 is the best (Houses tied on score and tokens
    share a place)."""

    house: str
    favor: int
    disgrace: int
    score: int
    tokens: int  # resources in its supply, each Atium counting 1: the tie-break
    place: int


@attrs.frozen
class Outcome:
    """How a finished game came out."""

    ended_by: End
    unrest: int
    highest_wins: bool  # the Final Empire stands: the highest score wins
    standings: tuple[Standing, ...]  # best first
    unrevealed: tuple[tuple[str, str], ...]  # (House, card) still face down

    @property
    def decided(self) -> bool:
        """Whether the winner is known: every end-game Personality is revealed."""
        return not self.unrevealed

    @property
    def winners(self) -> tuple[str, ...]:
        """The winning House, or the Houses sharing the victory; empty until every
        face-down Personality is revealed."""
        if not self.decided:
            return ()
        return tuple(s.house for s in self.standings if s.place == 1)

    def text(self) -> str:
        """One line: why the game ended and who won (or what is still to reveal)."""
        why = {End.UNREST: f"Unrest reached {self.unrest}: the Final Empire collapses",
               End.VIN_SOLVED: "Vin is solved: the Final Empire is saved",
               End.VIN_ERUPTED: (f"Vin erupted with Unrest {self.unrest}: the Final Empire "
                                 + ("is (just barely) saved" if self.highest_wins
                                    else "collapses"))}[self.ended_by]
        if self.ended_by is End.VIN_SOLVED and not self.highest_wins:
            why = f"Vin is solved but Unrest reached {self.unrest}: the Final Empire collapses"
        rule = "highest" if self.highest_wins else "lowest"
        if not self.decided:
            cards = ", ".join(f"{house}'s {card}" for house, card in self.unrevealed)
            return f"{why}; reveal {cards} before the totals ({rule} score wins)."
        names = self.winners
        who = (f"{names[0]} wins" if len(names) == 1
               else f"{', '.join(names[:-1])} and {names[-1]} share the victory")
        return f"{why}; {rule} score wins: {who}."


def standings(state: State, highest_wins: bool = True) -> tuple[Standing, ...]:
    """The Houses ranked, best first: by score (highest or lowest first), then by most
    tokens; Houses equal on both share a place (R-HW-3)."""
    sign = -1 if highest_wins else 1

    def rank(house_score: int, tokens: int) -> tuple[int, int]:
        return (sign * house_score, -tokens)

    rows = sorted(((h.name, h.favor, h.disgrace, h.score, h.resources.total, index)
                   for index, h in enumerate(state.houses)),
                  key=lambda r: (*rank(r[3], r[4]), r[5]))
    out: list[Standing] = []
    for position, (name, favor, disgrace, score, tokens, _) in enumerate(rows, start=1):
        place = position
        if out and rank(out[-1].score, out[-1].tokens) == rank(score, tokens):
            place = out[-1].place
        out.append(Standing(name, favor, disgrace, score, tokens, place))
    return tuple(out)


def outcome(state: State) -> Outcome | None:
    """The game's outcome once it has ended, else ``None`` (R-HW-3)."""
    if state.phase is not Phase.ENDED or state.ended_by is None:
        return None
    # Ruling (R-HW-3): Unrest at 8 or more means the lowest score wins, even when it
    # got there as Vin resolved.
    highest = state.unrest < UNREST_END
    return Outcome(ended_by=state.ended_by, unrest=state.unrest, highest_wins=highest,
                   standings=standings(state, highest), unrevealed=state.unrevealed)
