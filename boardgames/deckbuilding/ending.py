"""The end-of-game summary of a Deckbuilding Game, in English or Polish (R-DBG-7,
R-DBG-8): how the game ended, then one line per player — their health dial, whether
they were eliminated, and where their cube stands on each Mission track.

Every figure of the Deckbuilding Game lies on the table for all to see: a viewer
changes nothing. The texts are the catalog's ``summary.`` keys
(:mod:`boardgames.deckbuilding.text`).
"""

from __future__ import annotations

from boardgames.deckbuilding.describe import capitalized, result_text
from boardgames.deckbuilding.events import TRACK_TOP
from boardgames.deckbuilding.state import Game, Mission
from boardgames.deckbuilding.text import CATALOG
from core.viewer import NARRATOR, Viewer

__all__ = ["final_summary"]


def _cube(mission: Mission, number: int, seat: int, lang: str) -> str:
    """``Mission 1 (Ruin): step 5`` — or the start area, or the top."""
    name = (CATALOG.render("say.mission_named", {"number": number, "name": mission.name}, lang)
            if mission.name else CATALOG.render("say.mission", {"number": number}, lang))
    step = mission.steps[seat]
    key = ("summary.start" if step == 0 else "summary.top" if step == TRACK_TOP
           else "summary.step")
    return CATALOG.render(key, {"mission": name, "step": step}, lang)


def final_summary(game: Game, viewer: Viewer = NARRATOR, lang: str = "en"
                  ) -> tuple[str, ...]:
    """Once the game is over (R-DBG-7): how it ended and who won, then each player's
    health, elimination and Mission cubes, in ``lang``; nothing before."""
    del viewer  # every figure is public
    if game.result is None:
        return ()
    said = result_text(game, lang)
    lines = [capitalized(said, game)]
    for seat, player in enumerate(game.players):
        cubes = ", ".join(_cube(mission, number, seat, lang)
                          for number, mission in enumerate(game.missions, start=1))
        key = "summary.out" if player.out else "summary.player"
        lines.append(CATALOG.render(key, {"name": player.name, "health": player.health,
                                          "missions": cubes}, lang))
    return tuple(lines)
