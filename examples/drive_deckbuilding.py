"""Play a whole competitive Deckbuilding Game from its options alone, as a tool author
would.

Vin, Kelsier and Marsh play to the end. The cards stay on the table: here a seeded
generator stands for them, saying what each turn's cards gave (Mission points, damage,
coins). The script knows no rule and builds no event: it asks the game what may be done
now (``dbg.options(state)``), picks among the options with a simple plan, gives an
option only what the table knows (``option.needs``: the cards' numbers), builds its
events (``option.events(...)``), applies them to the game (``dbg.apply``), keeps them as
the game's history and prints the library's sentence for each (``dbg.describe``).

    python examples/drive_deckbuilding.py        # seed 7
    python examples/drive_deckbuilding.py 42     # another game, the same every time
"""

from __future__ import annotations

import random
import shutil
import sys
import textwrap

from boardgames import deckbuilding as dbg

PLAYERS = ("Vin", "Kelsier", "Marsh")

Option = dbg.Option[dbg.Game]


def say(text: str) -> None:
    """Print a log line wrapped to the terminal (or $COLUMNS): phones show 40 columns."""
    width = max(20, shutil.get_terminal_size((80, 24)).columns)
    print(textwrap.fill(text, width=width, subsequent_indent="  ", break_on_hyphens=False))


class Table:
    """The game as it stands and its history: each event applied by the rules."""

    def __init__(self, players: tuple[str, ...]) -> None:
        setup = dbg.start(players)  # the set-up is the game's first event
        self.state: dbg.Game = setup.state
        self.history: list[dbg.Event] = list(setup.events)

    def options(self, step: str) -> list[Option]:
        """The ways ``step`` is offered now."""
        return [option for option in dbg.options(self.state) if option.name == step]

    def take(self, option: Option, **values: object) -> None:
        """Apply the option's events (the rules would refuse one, changing nothing)
        and tell each."""
        for event in option.events(**values):
            after = dbg.apply(self.state, event)
            say(dbg.describe(self.state, event, after))
            self.history.append(event)
            self.state = after

    def first(self, step: str, **values: object) -> bool:
        """Take the first way ``step`` is offered now, if it is."""
        found = self.options(step)
        if found and not self.state.over:
            self.take(found[0], **values)
        return bool(found)


def play_turn(table: Table, rng: random.Random) -> None:
    """One turn: the cards' numbers, then the player's choices, as far as offered."""
    say(f"Turn {table.state.turn.number}: {table.state.active.name}")
    # What the cards gave this turn: the only things the table has to say.
    cards = {"points": rng.randint(0, 4), "combat": rng.randint(0, 7),
             "coins": rng.randint(0, 5)}
    for step, amount in cards.items():
        if amount:
            table.first(step, amount=amount)
    table.first("spend")  # the likely split: nearest a track's top first
    burns = table.options("burn")
    if burns:
        table.take(rng.choice(burns))  # a metal token, while the turn has Burns
    buys = [o for o in table.options("boxings") if o.values.get("action") == "buy"]
    if buys:
        table.take(buys[0])  # the coins left: a Boxing keeps
    table.first("attack")  # all of the turn's damage
    while not table.state.over and table.options("target"):
        table.take(rng.choice(table.options("target")))  # the attacker's pick
    passes = table.options("pass")
    if passes and not table.state.over and rng.random() < 0.5:
        table.take(rng.choice(passes))  # the holder passes the Target on
    table.first("end-turn")


def main(seed: int) -> str:
    rng = random.Random(seed)  # seeded: the same game every time
    table = Table(PLAYERS)
    while dbg.options(table.state):  # nothing is offered once the game is over
        play_turn(table, rng)
    result = table.state.result
    assert result is not None
    winners = " and ".join(table.state.players[seat].name for seat in result.winners)
    assert dbg.replay(table.history).state == table.state  # the history is the game
    line = (f"The game ends on turn {table.state.turn.number}: {winners} wins "
            f"({result.reason.value}).")
    say(line)
    return line


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
