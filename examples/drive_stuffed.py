"""Play a whole game of Stuffed through the library alone, as a tool author would.

Two players race for the Mission. The script knows no rule of the game: it sets the
game up with what the table knows (the players, their Heroes, the Mission card), then
asks the library what may be done now (``stuffed.options(state)``), picks one of the
options by the name of its step with a simple preference, builds its events from the
option (``option.events(...)``) and pushes them, until someone completes the Mission.
It gives an option only what the table knows: the dice it rolls from a seeded random
source, and the Teammate cards it turns up on offer from a fixed list. It prints the
library's own sentence for each event (``describe``).

    python examples/drive_stuffed.py        # seed 7
    python examples/drive_stuffed.py 42     # another game
"""

from __future__ import annotations

import random
import shutil
import sys
import textwrap
from collections.abc import Sequence
from typing import Any

from boardgames import stuffed

MAX_TURNS = 200

# --- 1. What the table knows: the players, the Mission, the Teammate cards -----------

PLAYERS = (stuffed.Seat("Ann", "Kelsier", "charisma"), stuffed.Seat("Bo", "Vin", "resource"))
MISSION = stuffed.Mission("Heist", 3, 1, "ch:2,i,r")

Card = tuple[str, str, str]
"""A Teammate card as the table reads it: its name, the Attribute its ability takes and
the combination that recruits it."""

# The Teammate cards of each kind in the order the table turns them up.
CARDS: dict[str, tuple[Card, ...]] = {
    "loyal": (("Spook", "essence", "e,i"), ("Sazed", "intelligence", "i:2"),
              ("Mare", "coin", "c,ch"), ("Kell", "charisma", "ch:2"),
              ("Lestibournes", "resource", "r,e"), ("Tindwyl", "intelligence", "i,ch")),
    "mercenary": (("Ham", "coin", "b,i"), ("Dockson", "intelligence", "b,r"),
                  ("Breeze", "charisma", "b,e"), ("Yeden", "resource", "c"),
                  ("Clubs", "essence", "ch,r"), ("Allrianne", "charisma", "e,c")),
}

# --- 2. A simple preference among the steps offered, by their names ------------------

PREFERENCE = ("offer", "roll", "mission", "recruit", "steal", "spend", "buy", "reroll",
              "end-turn")


def values_for(option: stuffed.Option[stuffed.Game], deck: dict[str, list[Card]],
               rng: random.Random) -> dict[str, Any] | None:
    """What the table gives ``option`` (the card turned up, the dice rolled), or
    ``None`` when the table has nothing to give it."""
    state = option.state
    if option.name == "offer":
        cards = deck[option.values["kind"]]  # the kind the game asks for
        if not cards:
            return None
        name, attribute, needs = cards.pop(0)
        return {"name": name, "attribute": attribute, "needs": needs}
    if option.name == "roll":
        return {"faces": [str(face) for face in state.die.roll(rng=rng)]}
    if option.name == "reroll":
        if option.needs or "dice" not in option.values:
            return None  # no dice worth rerolling
        count = len(option.values["dice"])
        return {"faces": [str(face) for face in state.die.roll(count, rng)]}
    if option.needs:
        return None  # a card's name: this table plays none
    return {}


def choose(options: Sequence[stuffed.Option[stuffed.Game]],
           deck: dict[str, list[Card]], rng: random.Random
           ) -> tuple[stuffed.Option[stuffed.Game], dict[str, Any]]:
    """The first option offered, by :data:`PREFERENCE`, that the table can give."""
    for name in PREFERENCE:
        for option in options:
            if option.name == name:
                values = values_for(option, deck, rng)
                if values is not None:
                    return option, values
    raise AssertionError(f"nothing to do among {[o.name for o in options]}")


# --- 3. The game loop ---------------------------------------------------------------


def say(text: str) -> None:
    """Print a log line wrapped to the terminal (or $COLUMNS): phones show 40 columns."""
    width = max(20, shutil.get_terminal_size((80, 24)).columns)
    print(textwrap.fill(text, width=width, subsequent_indent="  ", break_on_hyphens=False))


def main(seed: int) -> str:
    rng = random.Random(seed)  # seeded: the same game every time
    deck = {kind: list(cards) for kind, cards in CARDS.items()}
    game = stuffed.new_session()
    setup = stuffed.NewGame(PLAYERS, MISSION)  # the table's set-up: who plays, which Mission
    game.push(setup)
    say(stuffed.describe(stuffed.EMPTY, setup, game.state))
    while not game.state.over:
        if game.state.turn_number > MAX_TURNS:
            raise SystemExit(f"no winner after {MAX_TURNS} turns")
        option, values = choose(stuffed.options(game.state), deck, rng)
        for event in option.events(**values):
            before = game.state
            game.push(event)  # a refused event would raise and change nothing
            say(stuffed.describe(before, event, game.state))
    state = game.state
    assert state.winner is not None
    line = (f"The game ends on turn {state.turn_number}: "
            f"{state.players[state.winner].name} wins ({len(game)} events)")
    say(line)
    return line


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
