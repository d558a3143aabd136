"""Play a whole game of House War through the library alone, from what it offers.

The script knows no rule. At each point it asks the game what may be done now
(``hw.options(state)``): each option names its step, who takes it and its likely
values, and builds its events (``option.events(...)``). The script gives only what the
table knows and the library cannot: each House's sheet, and the Problem cards drawn
from a fixed deck list. This table holds no Personality card and its Problems have no
eruption effects, so the options that need a card's or an effect's word (a Problem to
move, a House to score, tokens to move) go untaken. Among the rest it picks with a
seeded random choice, prints the library's own sentence for each event
(``hw.describe``) and, at the end, the winner (``hw.outcome``).

    python examples/drive_housewar.py        # seed 7
    python examples/drive_housewar.py 42     # another game, the same every time
"""

from __future__ import annotations

import random
import shutil
import sys
import textwrap
from typing import Any

from boardgames import housewar as hw

HOUSES = ("Venture", "Lekal", "Hasting", "Tekiel")
"""The Houses in turn order; the first takes the first turn."""

SHEETS: dict[str, tuple[str, int]] = {
    "Venture": ("2 money 1 food", 1),
    "Lekal": ("2 skaa 1 warriors", 1),
    "Hasting": ("2 prestige 1 money", 1),
    "Tekiel": ("2 food 1 skaa", 1),
}
"""Each House's sheet: its tokens and its Personality cards."""

VIN = ("Vin", 1, "2 money 2 prestige 2 warriors", 10)

DECK: tuple[tuple[str, int, str, int], ...] = (
    ("Ashfall", 2, "2 food 1 skaa", 5), ("Riot", 3, "2 warriors", 4),
    ("Ministry Audit", 1, "2 money 1 prestige", 5), ("Kelsier", 3, "2 skaa 1 food", 6),
    ("Spook", 2, "1 prestige 1 money", 3), ("Cult of the Survivor", 1, "2 skaa", 4),
    ("Crackdown", 2, "2 warriors 1 money", 5), ("Disobedience", 1, "2 skaa 1 prestige", 5),
    ("Growing Suspicions", 2, "2 food 2 skaa 2 prestige", 8),
    ("Koloss Assault", 4, "3 warriors", 6), ("Mistwraiths", 3, "1 food 1 warriors", 3),
    ("Sazed", 1, "2 prestige", 4), ("The Lord Ruler", 2, "2 money 2 warriors", 7),
    ("Famine", 2, "3 food", 5), ("Canal Blockade", 1, "2 money 1 food", 4),
    ("Skaa Rebellion", 3, "3 skaa", 6), ("Obligator Inquiry", 2, "2 prestige 1 money", 5),
    ("Smugglers", 1, "1 money 1 skaa", 3), ("Plague", 3, "2 food 1 prestige", 5),
    ("Mill Fire", 2, "1 food 1 money", 3), ("Thieving Crew", 1, "2 money", 3),
    ("Noble Feud", 2, "2 prestige 1 warriors", 5), ("Failed Harvest", 1, "2 food", 3),
    ("Steel Inquisitor", 4, "2 warriors 2 prestige", 7), ("Border Raid", 3, "2 warriors 1 food", 5),
    ("Ash Storm", 2, "1 skaa 1 food 1 money", 4), ("Tax Levy", 1, "2 money 1 skaa", 4),
    ("Mine Collapse", 3, "2 skaa 1 warriors", 5), ("Ball Scandal", 2, "2 prestige 1 food", 5),
)
"""The Problem cards but Vin, as printed: name, starting Urgency, cost, Favor."""


def shuffled_deck(rng: random.Random) -> list[tuple[str, int, str, int]]:
    """The Problem deck of a short game, built as the box says: four piles, Vin
    shuffled into one, and one pile above it."""
    cards = list(DECK)
    rng.shuffle(cards)
    quarter = len(cards) // 4
    with_vin = [*cards[quarter:2 * quarter], VIN]
    rng.shuffle(with_vin)
    return [*cards[:quarter], *with_vin, *cards[2 * quarter:]]


class Table:
    """What only the people at the table know: the sheets, and the deck."""

    def __init__(self, rng: random.Random) -> None:
        self.deck = shuffled_deck(rng)

    def can_give(self, option: hw.Option[hw.State]) -> bool:
        """Whether the table knows what ``option`` needs: a House's sheet, or the next
        Problem card (not one an eruption effect adds: this deck's cards have none)."""
        if option.name == "sheet":
            return option.needs == ("what",)
        if option.name == "add":
            return (option.needs in ((), ("name", "urgency"))
                    and option.values.get("reason") != "effect")
        return not option.needs

    def give(self, option: hw.Option[hw.State]) -> dict[str, Any]:
        """What ``option`` needs from the table."""
        if "what" in option.needs:
            tokens, cards = SHEETS[option.values["name"]]
            return {"what": tokens, "cards": cards}
        if "name" in option.needs:
            if not self.deck:
                raise SystemExit("the Problem deck ran out")
            name, urgency, cost, favor = self.deck.pop(0)
            return {"name": name, "urgency": urgency, "cost": cost, "favor": favor}
        return {}


def say(text: str) -> None:
    """Print a log line wrapped to the terminal (or $COLUMNS): phones show 40 columns."""
    width = max(20, shutil.get_terminal_size((80, 24)).columns)
    print(textwrap.fill(text, width=width, subsequent_indent="  ", break_on_hyphens=False))


def main(seed: int) -> str:
    rng = random.Random(seed)  # seeded: the same game every time
    table = Table(rng)
    game = hw.new_game(len(HOUSES), "short", HOUSES)
    say(hw.describe(hw.State(), game.events[0], game.state))  # the game begins
    while True:
        offered = [o for o in hw.options(game.state) if table.can_give(o)]
        if not offered:
            break
        option = rng.choice(offered)
        for event in option.events(**table.give(option)):
            before = game.state
            game.push(event)  # a refused event would raise and change nothing
            say(hw.describe(before, event, game.state))
    outcome = hw.outcome(game.state)
    if outcome is None:
        raise SystemExit("nothing more is offered, yet the game has not ended")
    names = outcome.winners
    who = (f"{names[0]} wins" if len(names) == 1
           else f"{', '.join(names[:-1])} and {names[-1]} share the victory")
    line = f"The game ends on turn {game.state.turn.number}: {who} ({len(game)} events)"
    say(line)
    return line


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
