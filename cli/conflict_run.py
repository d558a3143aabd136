"""``mistborn conflict run``: the guided round.

The Narrator is led through the round by what-now: each declaration in order, the
Narrator's Challenge or Contest and Difficulty for each action, then the acting order
— act, change or hold — each target's defense or Reaction, the dice (rolled by the tool,
or typed in from the table), the damage, the end of the round. Only what the engine
offers is asked; every question has a default, the likely choice, so a round goes
mostly with Enter; names complete with Tab.

At any question: ``u`` undoes the last step, ``?`` shows the choices and the exact odds
of the one at hand, ``b`` the board. Every answer is saved at once; Ctrl-C leaves, and
running again carries on exactly there. A step another process (a player) writes
meanwhile is picked up and told; an answer it made impossible is refused by the rules,
in one line, and asked again.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import click

from cli.conflicts import chosen_conflict, meanwhile_lines, sentences, who_option, writer
from cli.output import plain
from cli.table_option import complete_conflict, open_table, table_option

if TYPE_CHECKING:
    from rich.console import Console

    from conflict.dice import RandomSource
    from conflict.events import Event
    from conflict.state import Action, State
    from conflict.table.sessions import Loaded, Saved
    from conflict.whatnow import WhatNow

Build = Callable[["State"], Sequence["Event"]]


class Again(Exception):
    """Leave the question at hand and look at the Conflict afresh (after an undo, a
    board or help shown, or an answer the rules refused)."""


class Prompter:
    """Asks one question at a time: prompt_toolkit on a terminal (Tab completes the
    words offered), plain lines otherwise."""

    def __init__(self) -> None:
        self._session: Any = None
        if sys.stdin.isatty() and sys.stdout.isatty():
            from prompt_toolkit import PromptSession

            self._session = PromptSession()

    def ask(self, question: str, default: str, words: Sequence[str] = ()) -> str:
        shown = f"{question} [{default}]: " if default else f"{question}: "
        if self._session is None:
            click.echo(shown, nl=False)
            line = sys.stdin.readline()
            if not line:
                raise EOFError
            answer = line.strip()
        else:
            from prompt_toolkit.completion import WordCompleter

            completer = WordCompleter(list(words), ignore_case=True, sentence=True,
                                      match_middle=True)
            answer = self._session.prompt(shown, completer=completer).strip()
        return answer or default


class Guide:
    """The guided round over one saved Conflict."""

    def __init__(self, saved: Saved[State, Event], console: Console, prompter: Prompter,
                 rng: random.Random | None) -> None:
        self.saved = saved
        self.console = console
        self.prompter = prompter
        self.rng: RandomSource | None = rng
        self.loaded: Loaded[State, Event] | None = None
        self.tested: set[int] = set()  # actions whose test the Narrator was asked about
        self.reacting_asked: set[int] = set()

    # --- talking ------------------------------------------------------------------------

    def say(self, text: str) -> None:
        self.console.print(plain(text), highlight=False, markup=False)

    def ask(self, question: str, default: str = "", words: Sequence[str] = ()) -> str:
        answer = self.prompter.ask(question, default, [*words, "u", "?", "b"])
        lowered = answer.strip().lower()
        if lowered == "u":
            self.undo()
            raise Again
        if lowered == "?":
            self.help()
            raise Again
        if lowered == "b":
            self.board(last=3)
            raise Again
        return answer.strip()

    def board(self, last: int = 0) -> None:
        """The board (with the ``last`` few events beneath)."""
        from cli.board import board_view
        from cli.conflicts import last_lines

        loaded = self.saved.load()
        lines = last_lines(loaded.states, loaded.events, last)
        self.console.print(board_view(loaded.state, self.console.width, lines))

    def help(self) -> None:
        from cli.conflict_help import help_lines, win_chance_lines

        loaded = self.saved.load()
        for line in help_lines(loaded.state):
            self.say(line)
        try:  # each line as soon as it is simulated; Ctrl-C stops them, not the round
            for line in win_chance_lines(loaded.state, seed=loaded.version):
                self.say(line)
        except KeyboardInterrupt:
            self.say("  (stopped)")

    def undo(self) -> None:
        from conflict.errors import ConflictError
        from conflict.narrate import describe

        loaded = self.saved.load()
        try:
            undid = self.saved.undo(who=writer(), based_on=loaded.version)
        except ConflictError as error:
            self.say(f"Not undone: {error}")
            return
        from conflict.events import SetTest

        if isinstance(undid.event, SetTest):
            self.tested.discard(undid.event.action)  # ask about that test again
        self.say(f"Undone: {describe(undid.after, undid.event, undid.before)}")

    # --- the loop ----------------------------------------------------------------------------

    def run(self) -> None:
        from characters.errors import CharacterError
        from cli.board import next_line
        from conflict.errors import ConflictError
        from conflict.whatnow import Expect, what_now

        self.board(last=3)
        while True:
            loaded = self.saved.load()
            if self.loaded is not None and loaded.version != self.loaded.version:
                self._tell_meanwhile(self.loaded, loaded)
            self.loaded = loaded
            state = loaded.state
            now = what_now(state)
            if now.expect is Expect.ENDED:
                self.say(f"The Conflict has ended: {state.outcome or 'no outcome given'}.")
                return
            try:
                build = self.question(state, now)
            except Again:
                continue
            except (ConflictError, CharacterError, click.UsageError) as error:
                self.say(f"! {getattr(error, 'message', None) or error}")
                continue
            if build is None:
                continue
            try:
                recorded = self.saved.record(build, who=writer(), seen=loaded)
            except (ConflictError, CharacterError) as error:
                self.say(f"! {error}")  # the rules refused it: ask again, afresh
                continue
            for line in meanwhile_lines(recorded):
                self.say(f"Meanwhile: {line}")
            if not recorded.events:
                continue  # the answer left things as they were
            for line in sentences(recorded.steps):
                self.say(line)
            self.loaded = self.saved.load()
            after = what_now(recorded.after)
            if after.expect in (Expect.END_ROUND, Expect.ENDED) or \
                    (after.expect is Expect.ACT and now.expect is Expect.DECLARE):
                self.board()
            else:
                self.say(f"Next: {next_line(recorded.after)}")

    def _tell_meanwhile(self, before: Loaded[State, Event], after: Loaded[State, Event]
                        ) -> None:
        known = {entry.seq for entry in before.entries}
        for index, entry in enumerate(after.entries):
            if entry.seq not in known:
                from conflict.narrate import describe

                said = describe(after.states[index], after.events[index],
                                after.states[index + 1])
                self.say(f"Meanwhile ({entry.who}): {said}")

    # --- one question per step ----------------------------------------------------------------

    def question(self, state: State, now: WhatNow) -> Build | None:
        from cli import conflict_questions as q
        from conflict.whatnow import Expect

        if now.expect is Expect.START:
            raise click.UsageError("this Conflict has no Start event")
        if now.expect is Expect.PARTICIPANTS:
            return q.add_participants(self, state)
        if now.expect is Expect.DECLARE:
            return q.declare(self, state, now)
        if now.expect is Expect.ACT:
            untested = self.untested(state)
            if untested:
                return q.set_test(self, state, untested[0])
            return q.act(self, state, now)
        if now.expect is Expect.DEFENSE:
            return q.defense(self, state, now)
        if now.expect is Expect.ROLL:
            return q.roll(self, state, now)
        if now.expect is Expect.DAMAGE:
            return q.damage(self, state, now)
        return q.end_round(self, state, now)

    def untested(self, state: State) -> list[Action]:
        """This round's actions the Narrator has not yet been asked to test (R-CON-9)."""
        from conflict.state import ActionStatus

        return [a for a in state.actions if a.number not in self.tested
                and a.status is ActionStatus.DECLARED and not a.defenses]


@click.command("run", short_help="The guided round: asks each step, saves as it goes.")
@click.argument("name", required=False, shell_complete=complete_conflict)
@click.option("--seed", type=int, metavar="S", help="Seed the tool's dice (repeatable).")
@table_option
@who_option
def run(name: str | None, seed: int | None) -> None:
    """Run the Conflict NAME (default: the current one) a question at a time: Enter takes
    the default, Tab completes names, u undoes, b shows the board, and ? the choices
    with their odds and, simulated, each choice's chance that its side wins. Ctrl-C
    leaves with everything saved; run again to carry on."""
    from cli.output import make_console
    from conflict.table import conflicts

    console = make_console()
    with open_table(create=False) as table:
        found = conflicts.find(table, name or chosen_conflict())
        saved = conflicts.saved(table, found)
        guide = Guide(saved, console, Prompter(), random.Random(seed) if seed is not None
                      else None)
        try:
            guide.run()
        except EOFError:
            console.print("\nSaved. Run mistborn conflict run to carry on.")
        except KeyboardInterrupt:
            console.print("\nSaved. Run mistborn conflict run to carry on.")
            sys.exit(130)
