"""``mistborn demo``: a short Conflict played by the tool, to see what it does.

The demo makes a table of its own in a new temporary folder (never the user's table),
imports the example crew and opposition, starts a Conflict and plays it with seeded
dice and the simulator's ``default`` policy on both sides. Every step goes through the
same path as the Narrator's step commands — one checked write to the table per event
— and the board is shown at the start and at the end of each round.
"""

from __future__ import annotations

import shlex
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import click

from cli.common.errors import fail
from cli.common.help_layout import Command
from cli.common.options import SEED
from cli.common.output import hanging, json_option, make_console, plain, print_json
from cli.common.values import Number, Whole

if TYPE_CHECKING:
    from rich.console import Console

    from conflict.events import Event
    from conflict.state import State
    from table import Table
    from table.sessions import Recorded

CONFLICT: Final = "Ambush on the canal road"
STAKES: Final = "the ledger Tamsin lifted from House Orrell's counting-house"
SCOPE: Final = "A towpath along a canal at dusk, ash falling"
CREW: Final = ("Tamsin Vey", "Brannoch")
OPPOSITION: Final = ("Hazekillers of House Orrell",)
NARRATOR: Final = "narrator"
DEFAULT_SEED: Final = 7
DEFAULT_ROUNDS: Final = 3


@click.command(cls=Command, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--seed", default=DEFAULT_SEED, show_default=True, metavar="N",
              type=SEED, help="Seed of the dice: the same seed "
              "plays the same Conflict.")
@click.option("--rounds", default=DEFAULT_ROUNDS, show_default=True, metavar="N",
              type=Whole(1, 10), help="The most rounds to play before the "
              "Narrator calls an end.")
@click.option("--keep", metavar="PATH", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the demo's table to PATH (a new file) and keep it, to look "
              "around afterwards with --db PATH.")
@click.option("--pace", metavar="SECONDS", type=Number(0, 5),
              help="A pause after each step [default: 0.15 on a terminal, else 0].")
@json_option
def demo(seed: int, rounds: int, keep: Path | None, pace: float | None,
         as_json: bool) -> None:
    """Play a short Conflict between the example crew and the Hazekillers hunting
    them, with seeded dice and no questions, showing the board as it goes.

    The demo's table is a new file of its own, deleted at the end unless --keep names
    where to keep it; your own table is never touched.
    """
    if keep is not None and (keep.exists() or keep.is_symlink()):
        fail(f"--keep: {keep} already exists; name a new file")
    if pace is None:
        pace = 0.15 if sys.stdout.isatty() and not as_json else 0.0
    with _demo_table(keep) as table:
        show = _Show(as_json=as_json, pace=pace)
        _play(table, show, seed=seed, rounds=rounds)
        show.finish(table.path if keep is not None else None, seed)


@contextmanager
def _demo_table(keep: Path | None) -> Iterator[Table]:
    """The demo's own table: at ``keep``, or in a temporary folder removed after."""
    import tempfile

    from table import Table

    if keep is not None:
        with Table(keep, create=True) as table:
            yield table
        return
    with tempfile.TemporaryDirectory(prefix="mistborn-demo-") as folder, \
            Table(Path(folder) / "table.db", create=True) as table:
        yield table


def _play(table: Table, show: _Show, *, seed: int, rounds: int) -> None:
    from characters.samples import example_characters
    from conflict import saved as conflicts
    from conflict.events import EndConflict, EndRound, Nature
    from conflict.simulate.play import ROUNDS_PLAYED, Dice, choose, decided
    from conflict.simulate.policies import POLICIES
    from conflict.state import Phase
    from conflict.whatnow import Expect, what_now

    characters = example_characters()
    table.add(characters)
    show.imported([character.name for character in characters])
    started = conflicts.start(table, CONFLICT, Nature.PHYSICAL, stakes=STAKES, scope=SCOPE,
                              who=NARRATOR)
    show.steps(started.steps)
    by_name = {character.name: character for character in characters}
    joining = [(by_name[name], "crew", False) for name in CREW]
    joining += [(by_name[name], "opposition", False) for name in OPPOSITION]
    state = _write(show, conflicts.add(table, CONFLICT, joining, who=NARRATOR))
    policy = POLICIES["default"]
    policies = {side: policy for side in ("crew", "opposition")}
    dice = Dice(seed, 0)
    last_round = state.round + rounds - 1
    show.round_starts(state)
    while state.phase is not Phase.ENDED:
        event: Event
        who = NARRATOR
        outcome = decided(state)
        now = what_now(state) if outcome is None else None
        if outcome is not None:
            event = EndConflict(outcome)
        elif now is not None and now.expect is Expect.END_ROUND:
            if state.round < last_round:
                show.board(state)
                event = EndRound()
            else:
                event = EndConflict(ROUNDS_PLAYED)
        else:
            assert now is not None
            event = choose(state, now, policies, dice)
            who = _writer(state, now.who)
        state = _write(show, conflicts.record(table, CONFLICT, _just(event), who=who))
        if isinstance(event, EndRound):
            show.round_starts(state)
    show.board(state)


def _just(event: Event) -> Callable[[State], list[Event]]:
    """The intent that writes ``event`` (the engine checks it at the moment of writing)."""
    return lambda _state: [event]


def _write(show: _Show, recorded: Recorded[State, Event]) -> State:
    """Show a write's sentences; the Conflict as it stands after it."""
    show.steps(recorded.steps)
    return recorded.after


def _writer(state: State, who: tuple[str, ...]) -> str:
    """Who the log names for a step: the player of the Hero choosing, else the
    Narrator (who plays Villains, Extras and the dice)."""
    from characters.model import Sheet

    if who:
        character = state.participant(who[0]).character
        if isinstance(character, Sheet) and character.player:
            return character.player
    return NARRATOR


class _Show:
    """What the demo prints: sentences and boards as it plays, or one JSON document at
    the end."""

    def __init__(self, *, as_json: bool, pace: float) -> None:
        self.as_json = as_json
        self.pace = pace
        self.console: Console | None = None if as_json else make_console()
        self.said: list[str] = []
        self.boards: list[dict[str, Any]] = []
        self.names: list[str] = []
        self.state: State | None = None

    def _print(self, renderable: Any) -> None:
        assert self.console is not None
        self.console.print(renderable)

    def _wrapped(self, line: str, *, indent: str = "", style: str = "") -> Any:
        """``line`` wrapped to the screen, the lines after the first indented: at 40
        columns each sentence still starts at the edge."""
        from rich.console import Group

        assert self.console is not None
        width = max(20, self.console.width)
        return Group(*hanging(indent + line, width, len(indent) + 2, style=style))

    def imported(self, names: list[str]) -> None:
        self.names = names
        if self.console is None:
            return
        self._print(self._wrapped("mistborn demo: a short Conflict, played by the tool "
                                  "with seeded dice."))
        self._print(self._wrapped(f"Imported the example sheets into a table of its "
                                  f"own: {', '.join(plain(name) for name in names)}."))

    def steps(self, steps: Sequence[tuple[State, Event, State]]) -> None:
        from conflict.narrate import describe

        for before, event, after in steps:
            line = plain(describe(before, event, after))
            self.said.append(line)
            self.state = after
            if self.console is not None:

                self._print(self._wrapped(line))
                if self.pace:
                    self.console.file.flush()
                    time.sleep(self.pace)

    def round_starts(self, state: State) -> None:
        if self.console is None:
            return
        self._print("")
        self.console.rule(f"Round {state.round}", style="bold")

    def board(self, state: State) -> None:
        from cli.common.board import board_json, board_view

        if self.console is None:
            self.boards.append(board_json(state))
            return
        self._print("")
        self._print(board_view(state, self.console.width))
        self._print("")
        if self.pace:
            time.sleep(self.pace * 4)

    def finish(self, kept: Path | None, seed: int) -> None:
        state = self.state
        assert state is not None
        if self.console is None:
            print_json({"conflict": CONFLICT, "seed": seed, "imported": self.names,
                        "said": self.said, "boards": self.boards,
                        "outcome": state.outcome, "rounds": state.round,
                        "table": None if kept is None else str(kept)})
            return
        from rich.text import Text

        self._print("")
        if kept is not None:
            self._print(self._wrapped(f"The table is kept at {kept}. Look around with:"))
            where = shlex.quote(str(kept))
            lines = [f"mistborn conflict show --db {where}", f"mistborn log --db {where}",
                     f"mistborn char show tamsin --db {where}"]
        else:
            self._print(self._wrapped("Run one yourself, step by step, in your own table:"))
            lines = ["mistborn char import --examples",
                     "mistborn conflict new Fight --physical",
                     "mistborn conflict add tamsin brannoch",
                     "mistborn conflict add hazekillers",
                     "mistborn conflict run"]
        for line in lines:  # never broken: they are to be copied
            assert self.console is not None
            self.console.print(Text(f"  {line}", style="bold"), soft_wrap=True)
