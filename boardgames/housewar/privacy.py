"""Who may see a House's score in House War (R-HW-6), and the end-game breakdown.

Favor and Disgrace tokens stay face down until the end: no player learns another's
score, or how it was made. So the library makes every sentence, board and snapshot
*for a viewer* (:mod:`core.viewer`), and a number a viewer may not see is never
produced for them:

* the **Narrator** (the host's terminal, which runs the game: ``mistborn hw show``)
  sees everything, marked as hidden from the players;
* a **player** sees their own House's Favor, Disgrace, score and face-down cards;
* the **table** (the shared board: ``mistborn hw show --table``) sees no score and
  no face-down card's name, only how many cards lie face down.

What is hidden: a House's Favor, Disgrace and score, the amounts it gains (a deal's
Favor, an eruption's Disgrace, a modifier), and the names of its face-down cards.
What is public: tokens, payments, the Problem track, Unrest, that a House gained Favor
or Disgrace, that a card was played face down. Making change (trading scoring tokens
for others of the same total) is done in the open and changes no score, so the tool
records nothing for it. Once the game is over everything is revealed to everyone:
the scores, the face-down cards, and :func:`breakdown`, each House's Favor and
Disgrace by source with the Lord Ruler's doubling.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from boardgames.housewar.events import key
from boardgames.housewar.state import Gain, House, Phase, State
from core.viewer import NARRATOR, TABLE, Viewer, player

__all__ = ["NARRATOR", "TABLE", "Breakdown", "Viewer", "breakdown", "looking", "sees"]


def looking(*, houses: Iterable[str] = (), narrator: bool = False) -> Viewer:
    """The viewer of a game of House War: the Narrator (``narrator``), a player who
    plays the Houses named in ``houses``, or the shared board (no ``houses``)."""
    if narrator:
        return NARRATOR
    keys = [key(name) for name in houses]
    return player(keys) if keys else TABLE


def sees(state: State, viewer: Viewer, house: str) -> bool:
    """Whether ``viewer`` may see ``house``'s Favor, Disgrace, score and face-down
    cards: the Narrator always, a player their own, everyone once the game is over."""
    return viewer.sees_all or state.phase is Phase.ENDED or viewer.may_see(key(house))


def hides_any(state: State, viewer: Viewer) -> bool:
    """Whether some House's score is hidden from ``viewer``."""
    return any(not sees(state, viewer, house.name) for house in state.houses)


@attrs.frozen
class Breakdown:
    """A House's Favor and Disgrace by source, once the game is over (R-HW-6)."""

    house: str
    favor: int
    disgrace: int
    score: int
    doubled: int  # Favor and Disgrace the Lord Ruler's doubling added (R-HW-3)
    favor_by: tuple[tuple[str, int], ...]  # (source, Favor), in the order gained
    disgrace_by: tuple[tuple[str, int], ...]
    revealed: tuple[str, ...]  # the face-down cards revealed

    def text(self) -> str:
        """One line: ``Venture: score 9 = Favor 11 (Disobedience 6, …) − Disgrace 2
        (Riot 2); the Lord Ruler doubled 3; revealed Heir``."""
        def by(parts: tuple[tuple[str, int], ...]) -> str:
            return f" ({', '.join(f'{s} {n:+d}' if n < 0 else f'{s} {n}' for s, n in parts)})" \
                if parts else ""

        text = (f"{self.house}: score {self.score} = Favor {self.favor}{by(self.favor_by)}"
                f" − Disgrace {self.disgrace}{by(self.disgrace_by)}")
        if self.doubled:
            text += f"; the Lord Ruler doubled {self.doubled} of it"
        if self.revealed:
            text += f"; revealed {', '.join(self.revealed)}"
        return text + "."


def _source(gain: Gain) -> str:
    said = {"deal": gain.source, "reveal": f"{gain.source} revealed",
            "modifier": f"{gain.source or 'modifiers'} (modifier)"}.get(gain.how)
    return said if said is not None else (gain.source or "effects")


def _sum_by(gains: Iterable[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    total: dict[str, int] = {}
    for source, amount in gains:
        if amount:
            total[source] = total.get(source, 0) + amount
    return tuple(total.items())


def _breakdown(house: House) -> Breakdown:
    return Breakdown(
        house.name, house.favor, house.disgrace, house.score,
        sum(g.doubled_favor + g.doubled_disgrace for g in house.gains),
        _sum_by((_source(g), g.favor) for g in house.gains),
        _sum_by((_source(g), g.disgrace) for g in house.gains), house.revealed)


def breakdown(state: State) -> tuple[Breakdown, ...]:
    """Every House's Favor and Disgrace by source, once the game is over; empty
    before (R-HW-6: how a score was made stays hidden until the end)."""
    if state.phase is not Phase.ENDED:
        return ()
    return tuple(_breakdown(house) for house in state.houses)
