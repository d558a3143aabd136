"""``mistborn conflict run``: the guided round.

The Narrator is led through the round by what-now: each declaration in order, the
Narrator's Challenge or Contest and Difficulty for each action, then the acting order
— act, change or hold — each target's defense or Reaction, the dice (rolled by the tool,
or typed in from the table), the damage, the end of the round. Only what the engine
offers is asked; every question has a default, the likely choice, so a round goes
mostly with Enter; Tab completes each word in its place
(:mod:`conflict.intents.complete`).

A step may take several questions (a declaration asks what, then the dice, then the
equipment); nothing is saved until its last answer. At any question ``?`` shows the
choices and the exact odds of the one at hand, and ``b`` the board; then the same
question is asked again, every answer given so far kept. ``u`` at a step's first
question undoes the last step saved, if the Narrator wrote it (``u anyone``: whoever
did); at a later question of a step it goes back to the
step's first question, dropping the answers given so far, and saves and undoes
nothing. An answer that cannot be read, or that the rules refuse, is said in one line
and the same question is asked again.

Every step is saved at once; Ctrl-C leaves, and running again carries on exactly
there. When another process (a player, another terminal) moves the Conflict on
meanwhile, what it did is told in a line ("Meanwhile (Vin): …") and the question now
current is asked — on a terminal at once, while the question waits, the keys typed for
it dropped: an answer to a question that no longer stands is never saved.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, TypeVar

import click

from cli.common.help_layout import Command
from cli.common.options import SEED
from cli.common.output import fitted, hanging, make_console, plain
from cli.common.table_option import open_table, table_option
from cli.conflict.group import (
    conflict_named,
    find_conflict,
    last_lines,
    sentences,
    who_option,
    writer,
)
from conflict.errors import ConflictError
from core.text import printable

if TYPE_CHECKING:
    from rich.console import Console

    from cli.conflict.questions import Words
    from conflict.dice import RandomSource
    from conflict.events import Event
    from conflict.intents import Intent as Build
    from conflict.state import Action, State
    from conflict.whatnow import WhatNow
    from table.sessions import Loaded, Recorded, Saved

T = TypeVar("T")


class Again(Exception):
    """Leave the step at hand and look at the Conflict afresh (after an undo, a step
    begun again, or the Conflict moved on by someone else)."""


def refusal(error: Exception) -> str:
    """An error the Narrator's answer met, as the one line said for it."""
    return f"! {_line(error)}"


def _line(error: Exception) -> str:
    """A click error's own message; any other error whole (a refusal with its rule)."""
    return error.message if isinstance(error, click.ClickException) else str(error)


def refused() -> tuple[type[Exception], ...]:
    """The errors that refuse an answer (the rules', a name not found, a bad word)."""
    from characters.errors import CharacterError

    return (ConflictError, CharacterError, click.UsageError)


def _tab(words: Words) -> Any:
    """A prompt_toolkit completer offering what ``words`` says may come next: each
    completion replaces the word or name being typed, however many words it has."""
    from prompt_toolkit.completion import Completer
    from prompt_toolkit.completion import Completion as Offered

    from conflict.intents.complete import complete_words

    offers = words if callable(words) else (lambda line: complete_words(list(words), line))

    class Tab(Completer):
        def get_completions(self, document: Any, complete_event: Any) -> Any:
            for offer in offers(document.text_before_cursor):
                yield Offered(offer.text, start_position=-offer.replaces,
                              display_meta=offer.what or None)

    return Tab()


def _tab_keys() -> Any:
    """Tab as a person typing expects it, however the keys arrive: the next of the
    completions offered (the first, when none is chosen yet). prompt_toolkit's own Tab
    starts working them out beside the typing; a Tab in the same read as the text
    (pasted, or sent at once) found none yet, and was dropped while the menu the typing
    asked for opened: the line stayed as typed. Here they are worked out on the spot."""
    from prompt_toolkit.buffer import CompletionState
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.key_binding import KeyBindings

    keys = KeyBindings()

    @keys.add("tab")
    def _next(event: Any) -> None:
        buffer = event.current_buffer
        state = buffer.complete_state
        if state is not None and state.completions:
            buffer.complete_next()
            return
        if buffer.completer is None:
            return
        offered = list(buffer.completer.get_completions(
            buffer.document, CompleteEvent(completion_requested=True)))
        if offered:  # (any completion still loading sees its state replaced, and stops)
            buffer.complete_state = CompletionState(buffer.document, offered)
            buffer.go_to_completion(0)

    return keys


class Moved(Exception):
    """The question on the screen no longer stands: another process moved the
    Conflict on while it was asked."""


LOOK_EVERY: Final = 0.5
"""Seconds between looks at the table while a question waits on a terminal."""


def _watching(moved: Callable[[], bool]) -> Callable[[], None]:
    """A prompt's ``pre_run``: while the question waits, look at the table every
    :data:`LOOK_EVERY` seconds and leave the prompt (:class:`Moved`) once ``moved()``
    says the question no longer stands."""
    import asyncio

    from prompt_toolkit.application import get_app

    def start() -> None:
        app = get_app()

        async def look() -> None:
            while True:
                await asyncio.sleep(LOOK_EVERY)
                if moved():
                    app.exit(exception=Moved())
                    return

        app.create_background_task(look())

    return start


class Prompter:
    """Asks one question at a time: prompt_toolkit on a terminal (Tab completes each
    word in its place; a step someone else makes meanwhile leaves the question at
    once, :class:`Moved`), plain lines otherwise."""

    def __init__(self) -> None:
        self._session: Any = None
        self._stale = False  # the last question left because the Conflict moved on
        if sys.stdin.isatty() and sys.stdout.isatty():
            from prompt_toolkit import PromptSession

            self._session = PromptSession(key_bindings=_tab_keys())

    def ask(self, question: str, default: str, words: Words = (),
            moved: Callable[[], bool] | None = None) -> str:
        shown = fitted(f"{question} [{default}]: " if default else f"{question}: ")
        if self._session is None:
            click.echo(shown, nl=False)
            line = sys.stdin.readline()
            if not line:
                raise EOFError
            answer = line.strip()
            if not sys.stdin.isatty():  # no terminal echoed it: the transcript shows it
                click.echo(printable(answer))
        else:
            if self._stale:  # keys typed for the question that left: never this one's
                self._stale = False
                self._drop_typed()
            try:
                answer = self._session.prompt(
                    shown, completer=_tab(words),
                    pre_run=_watching(moved) if moved is not None else None).strip()
            except Moved:
                self._stale = True
                raise

        return answer or default

    def _drop_typed(self) -> None:
        """Forget the keys typed for a question that no longer stands, read already or
        still waiting: an answer to it is never taken for the next question's."""
        import termios

        from prompt_toolkit.input.typeahead import clear_typeahead

        clear_typeahead(self._session.input)
        termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)


class Guide:
    """The guided round over one saved Conflict."""

    def __init__(self, saved: Saved[State, Event], console: Console, prompter: Prompter,
                 rng: random.Random | None) -> None:
        self.saved = saved
        self.console = console
        self.prompter = prompter
        self.rng: RandomSource | None = rng
        self.loaded: Loaded[State, Event] | None = None  # what the Narrator last saw
        self.tested: set[int] = set()  # actions whose test the Narrator has answered
        self.reacting_asked: set[int] = set()  # actions whose allies were asked to react
        self._step: WhatNow | None = None  # what the step at hand was asked for
        self._answers = 0  # answers kept so far in the step at hand
        self._asked = 0  # questions put to the Narrator, ever
        self._settle: list[Callable[[], None]] = []  # to remember once the step is saved
        self._version: int | None = None  # the table's data version last looked at

    # --- talking ------------------------------------------------------------------------

    def say(self, text: str) -> None:
        """Print ``text`` broken to the screen's width, its later rows indented two
        more than its first (a list's item stays under its heading)."""
        safe = plain(text)
        indent = len(safe) - len(safe.lstrip(" ")) + 2
        for line in hanging(safe, self.console.width, indent):
            self.console.print(line, highlight=False, markup=False, overflow="ignore",
                               crop=False)

    def ask(self, question: str, default: str = "", words: Words = ()) -> str:
        """The Narrator's answer to ``question``; ``?`` and ``b`` show their screen and
        ask it again; ``u`` undoes or goes back (see the module docstring)."""
        while True:
            self._asked += 1
            try:
                answer = self.prompter.ask(question, default, words,
                                           moved=self._moved).strip()
            except Moved:
                if self._catch_up():
                    raise Again from None  # told; the question now current is asked
                continue
            lowered = answer.lower()
            if lowered in ("?", "b"):
                moved = self._catch_up()
                if lowered == "?":
                    self.help()
                else:
                    self.board(last=3)
                if moved:
                    raise Again  # that question no longer stands: ask the current one
                continue
            if self._catch_up():
                raise Again
            if lowered in ("u", "u anyone"):
                if self._answers:
                    self.say("Back to the start of this step (nothing saved or undone).")
                else:
                    self.undo(anyone=lowered != "u")
                raise Again
            self._answers += 1
            return answer

    def answer(self, question: str, default: str, words: Words,
               read: Callable[[str], T]) -> T:
        """Ask ``question`` until ``read`` takes the answer: a refused answer is said in
        one line and the same question asked again."""
        while True:
            text = self.ask(question, default, words)
            try:
                return read(text)
            except refused() as error:
                self._answers -= 1
                self.say(refusal(error))

    def when_saved(self, remember: Callable[[], None]) -> None:
        """Run ``remember`` once the step at hand is saved (never if it is not)."""
        self._settle.append(remember)

    def board(self, last: int = 0) -> None:
        """The board (with the ``last`` few events beneath)."""
        from cli.common.board import board_view

        loaded = self.saved.load()
        lines = last_lines(loaded.states, loaded.events, last)
        self.console.print(board_view(loaded.state, self.console.width, lines))

    def help(self) -> None:
        from cli.conflict.help import help_lines, win_chance_lines

        loaded = self.saved.load()
        for line in help_lines(loaded.state):
            self.say(line)
        if self._answers:
            self.say("  u here: back to this step's first question (nothing undone)")
        try:  # each line as soon as it is simulated; Ctrl-C stops them, not the round
            for line in win_chance_lines(loaded.state, seed=loaded.version):
                self.say(line)
        except KeyboardInterrupt:
            self.say("  (stopped)")

    def undo(self, *, anyone: bool = False) -> None:
        """Take back the last step: only one the Narrator has seen, and (unless
        ``anyone``) only one they wrote themselves."""
        from conflict.narrate import describe
        from table import NotYourStep

        seen = self.loaded.version if self.loaded is not None else None
        try:  # only what the Narrator has seen: never a newer step by surprise
            undid = self.saved.undo(who=writer(), based_on=seen, own=not anyone)
        except NotYourStep as error:
            self.say(f"Not undone: {error} (u anyone takes it back)")
            return
        except ConflictError as error:
            self.say(f"Not undone: {error}")
            return
        number = getattr(undid.event, "action", None)
        from conflict.events import SetTest

        if isinstance(undid.event, SetTest):
            self.tested.discard(undid.event.action)  # ask about that test again
        if isinstance(number, int):
            self.reacting_asked.discard(number)  # and whether allies react to it
        self.say(f"Undone: {describe(undid.after, undid.event, undid.before)}")
        self.loaded = self.saved.load()  # seen: never told again as someone else's

    # --- others moving the Conflict on ----------------------------------------------------

    def _moved(self) -> bool:
        """Whether someone else has moved the Conflict on past the step at hand (a
        look at the table's version first: cheap enough to ask twice a second)."""
        from conflict.whatnow import what_now

        if self.loaded is None or self._step is None:
            return False
        version = self.saved.table.data_version()
        if version == self._version:
            return False
        self._version = version
        fresh = self.saved.load()
        return fresh.version != self.loaded.version and what_now(fresh.state) != self._step

    def _catch_up(self) -> bool:
        """Whether the step at hand no longer stands because someone else moved the
        Conflict on; if so, what they did is told and taken as seen."""
        from conflict.whatnow import what_now

        if self.loaded is None or self._step is None:
            return False
        fresh = self.saved.load()
        if fresh.version == self.loaded.version or what_now(fresh.state) == self._step:
            return False
        self._tell_meanwhile(self.loaded, fresh)
        self.loaded = fresh
        return True

    def _tell_meanwhile(self, before: Loaded[State, Event], after: Loaded[State, Event],
                        mine: set[int] | None = None) -> None:
        """One line for each step others made or undid between ``before`` and ``after``
        (``mine``: the entries this guide wrote, not told)."""
        from conflict.narrate import describe

        live = {entry.seq for entry in after.entries}
        for index, entry in enumerate(before.entries):
            if entry.seq not in live:
                said = describe(before.states[index], before.events[index],
                                before.states[index + 1])
                self.say(f"Meanwhile: undone — {said}")
        known = {entry.seq for entry in before.entries} | (mine or set())
        for index, entry in enumerate(after.entries):
            if entry.seq not in known:
                said = describe(after.states[index], after.events[index],
                                after.states[index + 1])
                self.say(f"Meanwhile ({entry.who}): {said}")

    # --- the loop ----------------------------------------------------------------------------

    def run(self) -> None:
        from cli.common.board import next_line
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
            self._step, self._answers, self._settle = now, 0, []
            asked = self._asked
            try:
                build = self.question(state, now)
            except Again:
                continue
            except refused() as error:
                if self._asked == asked:  # refused before any question: it would again
                    raise click.ClickException(_line(error)) from None
                self.say(refusal(error))
                continue
            if build is None:
                continue
            try:
                recorded = self.save(build, now, loaded)
            except refused() as error:
                self.say(refusal(error))  # the rules refused it: ask again, afresh
                continue
            if recorded is None:
                continue  # someone else moved first: told next, then what is current
            for remember in self._settle:
                remember()
            fresh = self.saved.load()  # what others did first (the step still stood)
            self._tell_meanwhile(loaded, fresh, mine={e.seq for e in recorded.entries})
            self.loaded = fresh
            if not recorded.events:
                continue  # the answer left things as they were
            for line in sentences(recorded.steps):
                self.say(line)
            after = what_now(recorded.after)
            if after.expect in (Expect.END_ROUND, Expect.ENDED) or \
                    (after.expect is Expect.ACT and now.expect is Expect.DECLARE):
                self.board()
            else:
                self.say(f"Next: {next_line(recorded.after)}")

    def save(self, build: Build, now: WhatNow, seen: Loaded[State, Event]
             ) -> Recorded[State, Event] | None:
        """Save the step's events, checked by the rules, if the step still stands as it
        was asked when they are written; ``None`` (nothing written) if it does not."""
        from conflict.whatnow import what_now

        stood = [True]

        def standing(current: State) -> Sequence[Event]:
            stood[0] = what_now(current) == now
            return build(current) if stood[0] else ()

        recorded = self.saved.record(standing, who=writer(), seen=seen)
        return recorded if stood[0] else None

    # --- one question per step ----------------------------------------------------------------

    def question(self, state: State, now: WhatNow) -> Build | None:
        from cli.conflict import questions as q
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
        from conflict.events import SetTest
        from conflict.state import ActionStatus

        # Answered already: here, or saved (in this run, an earlier one, or by the test
        # command), so a resumed round never asks it again.
        answered = self.tested | {e.action for e in (self.loaded.events if self.loaded
                                                     else ()) if isinstance(e, SetTest)}
        # An actor defeated before its step never acts (R-CON-20): nothing to test.
        in_step = {state.participants[i].name for i in state.step}
        return [a for a in state.actions if a.number not in answered
                and a.status is ActionStatus.DECLARED and not a.defenses
                and (not state.participant(a.actor).defeated or a.actor in in_step)]


@click.command("run", cls=Command)
@conflict_named
@click.option("--seed", type=SEED, metavar="S", help="Seed the tool's dice (repeatable).")
@table_option
@who_option
def run(name: str | None, seed: int | None) -> None:
    """Run the Conflict NAME (default: the current one) a question at a time: Enter takes
    the default, Tab completes each word, b shows the board, and ? the choices (at a
    declaration, the words it takes) with their odds and, simulated, each choice's
    chance that its side wins; both ask the same question again. u undoes your last
    step (u anyone: whoever wrote it), or at a step's later question goes back to its
    first. Ctrl-C leaves with
    everything saved; run again to carry on."""
    from conflict import saved as conflicts

    console = make_console()
    with open_table(create=False) as table:
        found = find_conflict(table, name)
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
