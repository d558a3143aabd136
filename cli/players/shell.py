"""The player shell: one player's line in, library calls, text out.

A player on a phone types short lines — ``r 5 for the lock``, ``d attack marsh 5``,
``def``, ``act``, ``board`` — and gets back a screen that reads at 40 columns. The shell
acts only for the characters the table says the player controls, and only when the
engine says it is their move (what-now's ``who``), checked again at the moment of
writing. It never runs a system shell, a pager or an editor, never edits a sheet, and
offers a Narrator's steps only to a player marked as Narrator. The steps of the
Conflict are read and made into events by the library (:mod:`conflict.intents`),
as for the step commands: :mod:`cli.players.steps` holds the players' verbs,
:mod:`cli.players.narrator_verbs` the Narrator's, both over the shell's public face
(:class:`cli.players.steps.Desk`).

:class:`PlayerShell` does no I/O of its own beyond the table: :meth:`PlayerShell.handle`
returns a :class:`Reply`, and the adapters — ``mistborn player`` (a local prompt or
OpenSSH's forced command) and ``mistborn serve`` (the built-in SSH server) — write it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from characters.errors import CharacterError
from characters.model import Sheet
from characters.names import name_key
from cli.boardgames.drawing import rows
from cli.common.errors import UserError, fail, said
from cli.common.output import plain as safe
from cli.common.pools import check_roll_pool
from cli.players import narrator_verbs
from cli.players import steps as player_steps
from cli.players.game_desk import (
    CONFLICT,
    OWN_WORDS,
    PASS_ON,
    GameDesk,
    began,
    choose,
    listing,
    sitting,
)
from cli.players.game_desk import completions as game_completions
from cli.players.game_news import GamesMoved, GameWatch
from cli.players.game_verbs import PROMPTS, verbs_of
from cli.players.verbs import (
    STREAM_WORDS,
    help_text,
    host_verbs,
    player_verbs,
    verb_help,
    verb_of,
)
from cli.players.view import (
    Batch,
    NewsReader,
    RevealNews,
    RollNews,
    StepNews,
    SwitchNews,
    clamp_width,
    lines_of,
    render,
    roll_screen,
    rolls_dice_of,
    seen_by,
)
from cli.players.words import (
    SHELL_VERBS,
    SHELL_WORDS,
    Reply,
    number,
    only,
    refusal,
    stored,
    unknown,
)
from conflict.dice import roll as roll_pool
from conflict.errors import ConflictError
from core.errors import RefusedError
from core.viewer import NARRATOR, Viewer

if TYPE_CHECKING:
    from rich.console import RenderableType

    from conflict.events import Event
    from conflict.intents import Intent
    from conflict.intents.complete import Completion
    from conflict.state import State
    from table import Player, Table
    from table.sessions import Recorded

MAX_NEWS_ROLLS = 8
"""Others' rolls shown at once; more in one go are counted, not listed."""

WITHDRAWN = "Your invitation was withdrawn."
"""What a revoked player's session says as it ends: nothing about who else may join."""


# --- the shell -----------------------------------------------------------------------------


class PlayerShell:
    """One player's shell over a table (a :class:`~table.Table`, or a path the
    shell opens and closes itself). ``width`` and ``plain`` may change at any time (a
    resized terminal, the ``plain`` verb); ``color=False`` when no terminal listens.
    ``rng`` draws dice (default: the operating system's secure source)."""

    def __init__(self, table: Table | str | Path, player: str, *, width: int = 40,
                 plain: bool = False, color: bool = True,
                 rng: random.Random | None = None, news: bool = True) -> None:
        from table import Table

        self._owns = not isinstance(table, Table)
        self.table: Table = table if isinstance(table, Table) else Table(table, create=False)
        try:
            self.player: Player = self.table.player(player)
        except BaseException:
            self.close()
            raise
        self.width = clamp_width(width)
        self.plain = plain
        self.color = color
        self.rng = rng or random.SystemRandom()
        self._reader = NewsReader(self.table) if news else None
        # ``use NAME`` (cli.players.game_desk): kept in the table, so a next session,
        # and a one-line ``ssh … CMD``, sit where the player last chose.
        self._chosen: tuple[str, str] | None = self.player.sits
        self._at: tuple[str, str] | None = None  # where the last line sat (game_desk)
        self._watch = GameWatch(self.game_desk())  # news at a game: what others do next

    def close(self) -> None:
        """Close the table if the shell opened it."""
        if self._owns:
            self.table.close()

    # --- who the player is

    @property
    def name(self) -> str:
        """The player's name (as invited)."""
        return self.player.name

    @property
    def narrator(self) -> bool:
        """Whether the player is a Narrator."""
        return self.player.narrator

    def mine(self) -> set[str]:
        """The name keys of the characters the player plays."""
        return {name_key(name) for name in self.player.characters}

    def _refresh(self) -> None:
        # Each line reads the player again: a revoked player is stopped at once, and
        # characters given or taken since count from the next line.
        self.player = self.table.player(self.player.name)

    # --- output

    def _text(self, parts: Sequence[RenderableType | str]) -> str:
        return render(parts, width=self.width, plain=self.plain, color=self.color)

    def reply(self, parts: Sequence[RenderableType | str], status: int = 0) -> Reply:
        """``parts`` drawn for this player's screen, as a :class:`Reply`."""
        return Reply(self._text(parts), status=status)

    def prompt(self) -> str:
        """The prompt: plain text, no escape codes (``hw> `` at a game of House War)."""
        return PROMPTS.get(self._at[0], "> ") if self._at is not None else "> "

    # --- the stream the shell sits at: a Conflict or a board game

    def game_desk(self) -> GameDesk | None:
        """The board game the shell sits at (:mod:`cli.players.game_desk`), or ``None``
        at a Conflict (or at nothing)."""
        self._at = sitting(self.table, self._chosen, self.player)
        if self._at is None or self._at[0] == CONFLICT:
            return None
        return GameDesk(self, *self._at)

    def _streams(self, word: str, args: list[str]) -> Reply:
        if word in {"games", "list"}:
            only(args, 0, "games")
            return self.reply([stored("", line) for line in listing(self.table, self._at)])
        if not args:
            fail("use NAME: which game (games lists them)")
        self._chosen = choose(self.table, " ".join(args))
        self.table.sit_player(self.player.name, *self._chosen)
        desk = self.game_desk()
        if desk is None:
            return self.reply(self.board_parts())
        self._watch.seen(desk)  # the board shown is no news
        return self.reply(desk.board_parts())

    # --- lines

    def handle(self, line: str) -> Reply:
        """Turn one line into library calls and a reply."""
        why = refusal(line)
        if why is not None:
            return self.reply([f"! {why}"], status=2)
        if not line.strip():
            return Reply("")
        verb = verb_of(line, narrator=self.narrator)
        word = line.split()[0].casefold()
        if verb is None and word not in STREAM_WORDS and (
                self._at is None or self._at[0] == CONFLICT):
            return self.reply([f"! {self.unknown(line.split()[0])}"], status=2)
        args = line.split()[1:]
        try:
            self._refresh()
        except ConflictError as error:
            from table import UnknownPlayer

            if isinstance(error, UnknownPlayer):  # revoked: never name who else may join
                return self.reply([WITHDRAWN], status=2)._quit()
            return self.reply([f"! {safe(' '.join(str(error).split()))}"], status=2)._quit()
        try:
            desk = self.game_desk()
            if word in STREAM_WORDS:
                return self._streams(word, args)
            if desk is not None and (word not in PASS_ON or word in verbs_of(
                    desk.kind, host=True)):  # the game's, even the host's alone
                return self._at_game(desk, word, args)
            if verb is None or verb == "game":
                fail(f"{safe(word)[:30]!r} is not a command here; type ? for help"
                     + ("" if verb is None else " (a board game's step: games lists them)"))
            if verb in host_verbs().values() and not self.narrator:
                fail("that is a Narrator's command")
            if verb in narrator_verbs.VERBS:
                return narrator_verbs.VERBS[verb](self, args)
            steps = player_steps.table()
            if verb in steps and verb not in SHELL_VERBS.values():  # the Conflict's table
                return player_steps.run(self, steps[verb], args)
            return getattr(self, "_" + verb)(args)  # type: ignore[no-any-return]
        except (RefusedError, CharacterError, UserError) as error:
            message = " ".join(said(error, SHELL_WORDS.get).split())
            return self.reply([f"! {safe(message)}"], status=2)

    def unknown(self, word: str) -> str:
        """The refusal of ``word``, which starts no command where the shell sits, with
        the command it most likely meant there."""
        kind = self._at[0] if self._at is not None else CONFLICT
        if kind != CONFLICT:  # a board game's steps, and what the shell does there
            known = [*verbs_of(kind, host=self.narrator), *OWN_WORDS, *PASS_ON]
        else:
            if not self.narrator and word.casefold() in host_verbs():
                # A step the Narrator takes (undo, end, reveal…): say whose it is.
                return f"{safe(word)[:30]!r} is not a command here: it is the Narrator's"
            verbs = {**player_verbs(), **(host_verbs() if self.narrator else {})}
            known = [*verbs.values(), *(typed for typed in verbs if len(typed) > 2)]
        return unknown(word, [*dict.fromkeys(known), "games", "use"])

    def _at_game(self, desk: GameDesk, word: str, args: list[str]) -> Reply:
        reply = desk.handle(word, args)
        self._watch.said(desk, undid=word in {"undo", "u"})  # the reply told these steps
        return reply

    # --- reading the Conflict

    def current_conflict(self) -> tuple[str, State]:
        """The table's current Conflict: its name and state (refused when none runs)."""
        from conflict import saved as conflicts

        info = self.table.current(conflicts.KIND)
        if info is None:
            fail("no Conflict is running; roll with: r 5")
        loaded = conflicts.saved(self.table, info.name).load()
        return info.name, loaded.state

    def _viewer(self, conflict: str | None) -> Viewer:
        """Who this shell shows the Conflict ``conflict`` to: the Narrator, or the
        player with the characters they play and what the Narrator revealed."""
        from conflict import saved as conflicts
        from conflict.privacy import looking

        if self.narrator:
            return looking(narrator=True)
        revealed = self.table.revealed(conflicts.KIND, conflict) if conflict else ()
        return looking(plays=self.player.characters, revealed=revealed)

    def _guard(self, intent: Intent, allowed: Callable[[State], bool], who: str,
               doing: str) -> Intent:
        """``intent``, refused when written unless it is ``who``'s move
        (:func:`cli.players.steps.guard`)."""
        return player_steps.guard(self, intent, allowed, who, doing)

    def record_step(self, conflict: str, intent: Intent) -> Reply:
        """Write ``intent`` to ``conflict`` as this player and report what happened."""
        from conflict import saved as conflicts

        recorded = conflicts.record(self.table, conflict, intent, who=self.name)
        return self.reply(self._step_report(conflict, recorded))

    def _step_report(self, conflict: str, recorded: Recorded[State, Event]
                     ) -> list[RenderableType]:
        from conflict.narrate import describe

        viewer = self._viewer(conflict)
        said = [describe(b, e, a, viewer) for b, e, a in recorded.steps]
        return [*(stored("", line) for line in said), *self.next_lines(recorded.after)]

    def next_lines(self, state: State) -> list[RenderableType]:
        """What comes next, and whether it is this player's move (each wrapped as every
        sentence is, :func:`cli.players.words.stored`)."""
        from cli.common.board import next_line
        from conflict.whatnow import what_now

        lines = [stored("Next: ", next_line(state))]
        mine = self.mine()
        now = what_now(state)
        movers = (*now.who, *player_steps.rollers(now))  # a defender rolls too
        moves = "" if self.narrator else player_steps.moves(
            state, [who for who in movers if name_key(who) in mine])
        if moves:
            lines.append(stored("▶ Your move: ", moves))
        return lines

    def completions(self, typed: str) -> list[Completion]:
        """What Tab offers for the words at the end of ``typed``, each with the
        characters it replaces (:mod:`cli.players.completing`)."""
        # Loaded at the first Tab: a one-line ``ssh … roll 5`` starts without it.
        from cli.players.completing import completions

        if self._at is not None and self._at[0] != CONFLICT and typed.split()[:1] not in (
                ["use"], ["game"]):  # use NAME: the streams, wherever the shell sits
            state = self._game_state()
            desk = self.game_desk() if state is not None else None
            return game_completions(self._at[0], typed, host=self.narrator, state=state,
                                    seat=desk.seat(state) if desk is not None else None)
        return completions(self, typed)

    def _game_state(self) -> Any:
        """The game the shell sits at as it stands, for Tab (``None`` if unreadable)."""
        try:
            desk = self.game_desk()
            return None if desk is None else desk.stream.load().state
        except Exception:  # Tab never fails a line
            return None

    def _roll(self, args: list[str]) -> Reply:
        if not args or args[0].casefold() == "as":
            return player_steps.roll(self, args)
        try:
            pool = check_roll_pool(number(args[0], "the pool"))
        except UserError as error:  # roll faces 5,5,1: no form of roll here
            fail(f"{error} (type r 5 [for the lock], or roll alone: the action's dice)")
        purpose = ""
        if len(args) > 1:
            if args[1].casefold() != "for" or len(args) == 2:
                fail("roll N, or roll N for WHAT")
            purpose = " ".join(args[2:])
        judged = roll_pool(pool, rng=self.rng)
        self.table.record_roll(judged, who=self.name, purpose=purpose)
        text = roll_screen(judged, width=self.width, plain=self.plain, color=self.color)
        if purpose:
            text += self._text([stored("For ", purpose)])
        return Reply(text)

    # --- looking

    def _board(self, _args: list[str]) -> Reply:
        return self.reply(self.board_parts())

    def board_parts(self, last: int = 3) -> list[RenderableType | str]:
        """The board as this player may see it, with the last ``last`` steps."""
        from cli.common.board import board_view
        from conflict import saved as conflicts
        from conflict.narrate import describe

        conflict, state = self.current_conflict()
        loaded = conflicts.saved(self.table, conflict).load()
        viewer = self._viewer(conflict)
        start = max(0, len(loaded.events) - last)
        said = [describe(loaded.states[i], loaded.events[i], loaded.states[i + 1], viewer)
                for i in range(start, len(loaded.events))]
        parts: list[RenderableType | str] = [stored("", conflict, style="bold"),
                                             board_view(state, self.width, said, viewer=viewer)]
        parts.extend(self.next_lines(state)[1:])
        return parts

    def _sheet(self, args: list[str]) -> Reply:
        from characters.lookup import matches, resolve
        from cli.common.sheet_screens import sheet_view
        from conflict import saved as conflicts

        names = list(self.player.characters)
        if self.narrator:
            names = self.table.names()
        if not names:
            fail("you play no character at this table; ask the Narrator")
        typed = " ".join(args)
        if args and not self.narrator and not matches(typed, names):  # no one else's name
            fail(f"you see only the sheet{'s' if len(names) > 1 else ''} of "
                 f"{', '.join(names)}, whom you play")
        chosen = [resolve(typed, names)] if args else names[:3]
        parts: list[RenderableType | str] = []
        info = self.table.current(conflicts.KIND)
        state = conflicts.saved(self.table, info.name).load().state if info else None
        for name in chosen:
            character = self.table.get(name)
            if state is not None and state.find(name) is not None:
                person = state.participant(name)
                if isinstance(character, Sheet) and person.resiliences is not None:
                    character = attrs.evolve(character, resiliences=person.resiliences)
            parts.append(sheet_view(character, self.width))
        return self.reply(parts)

    def _odds(self, args: list[str]) -> Reply:
        from cli.conflict.odds import contest_screen, parse_pool, pool_screen
        from conflict.odds import contest_odds, pool_odds

        if len(args) == 1:
            return self.reply([pool_screen(pool_odds(parse_pool(args[0])), None, self.width)])
        if len(args) == 3 and args[1].casefold() in {"vs", "v", "vs."}:
            odds = contest_odds(parse_pool(args[0]), parse_pool(args[2]), 0)
            return self.reply([contest_screen(odds, self.width)])
        fail("odds 4, or odds 5 vs 4")

    def _last(self, args: list[str]) -> Reply:
        only(args, 0, "l")
        parts = self.last_parts()
        return self.reply(parts or ["No result of yours yet: r 5 rolls five dice."])

    def last_parts(self) -> list[RenderableType | str]:
        """The player's last result, read from the table (never rolled again): their
        last roll, or their last step in the current Conflict if that came later."""
        from cli.conflict.roll import screen
        from conflict import saved as conflicts
        from conflict.narrate import describe

        rolls = self.table.rolls(who=self.name, limit=1)
        step: tuple[object, str] | None = None
        info = self.table.current(conflicts.KIND)
        if info is not None:
            loaded = conflicts.saved(self.table, info.name).load()
            viewer = self._viewer(info.name)
            for i in range(len(loaded.entries) - 1, -1, -1):
                if name_key(loaded.entries[i].who) == name_key(self.name) or rolls_dice_of(
                        loaded.states[i], loaded.events[i], self.player.characters):
                    b, e, a = loaded.states[i], loaded.events[i], loaded.states[i + 1]
                    step = (loaded.entries[i].at, describe(b, e, a, viewer))
                    break
        if rolls and (step is None or rolls[0].at >= step[0]):  # type: ignore[operator]
            entry = rolls[0]
            parts: list[RenderableType | str] = ["Your last result:",
                                                 screen(entry.roll, by_hand=False, seed=None)]
            if entry.purpose:
                parts.append(stored("For ", entry.purpose))
            return parts
        if step is not None:
            return ["Your last step:", stored("", step[1])]
        return []

    def _help(self, args: list[str]) -> Reply:
        if len(args) > 1:
            fail(f"one word too many: {' '.join(args[1:])[:30]!r} (type ? or ? WORD)")
        lines = verb_help(args[0], narrator=self.narrator) if args else \
            help_text(narrator=self.narrator)
        parts: list[RenderableType | str] = [row for line in lines
                                             for row in rows(line, self.width, indent=5)]
        return self.reply(parts)

    def _plain(self, args: list[str]) -> Reply:
        word = args[0].casefold() if args else "on"
        if word not in {"on", "off"}:
            fail("plain on (ASCII, no colour) or plain off")
        self.plain = word == "on"
        return self.reply(["Plain text: ASCII, no colour." if self.plain
                            else "Colour and symbols are back."])

    def _quit(self, _args: list[str]) -> Reply:
        return Reply(self._text(["Bye."]), quit=True)

    # --- the session around the lines

    def welcome(self) -> str:
        """What a session opens with: who you are, the board if a Conflict or a game
        is on, and your last result (so a dropped phone that reconnects loses nothing)."""
        from conflict import saved as conflicts

        desk = self.game_desk()
        playing = desk.playing() if desk is not None else (
            ", ".join(self.player.characters) or "no character yet")
        role = " (Narrator)" if self.narrator else ""
        parts: list[RenderableType | str] = [
            stored("Welcome, ", f"{self.name}{role}. You play {playing}.")]
        if desk is not None:
            self._watch.seen(desk)
            parts.extend(desk.board_parts())
        elif self.table.current(conflicts.KIND) is not None:
            parts.extend(self.board_parts())
        parts.extend(self.last_parts())
        parts.append("Type ? for help.")
        return self._text(parts)

    def follow(self, shell: PlayerShell) -> None:
        """Tell the news as ``shell`` shows its lines (a second shell of the same player
        reading the news beside it): at its width and in its text mode, sitting at the
        game it chose with ``use``, leaving out the game steps its replies told."""
        self.width, self.plain, self.color = shell.width, shell.plain, shell.color
        self._chosen = shell._chosen
        self._watch.shares(shell._watch)

    def due(self) -> bool:
        """Whether news waits though the table did not change (a game's timer)."""
        return self._reader is not None and self._reader.due()

    def news(self) -> str:
        """What others did since this shell last looked (its own reader), as text."""
        if self._reader is None:
            return ""
        return self.show(self._reader.poll())

    def show(self, batch: Batch, cache: dict[object, str] | None = None) -> str:
        """``batch`` as this player sees it: others' rolls and steps (not the player's
        own: its replies said them) as the library tells them to this player, and what
        comes next; a game begun elsewhere than where the player sits, in one line
        saying how to sit at it. Raises :class:`~table.UnknownPlayer` once the player is
        revoked. Shells showing one batch may share a ``cache``: each line is then drawn
        once for all who see it alike (same width, text mode and hidden names)."""
        before = self._at
        if any(not isinstance(news, RollNews | RevealNews) for news in batch.items):
            self._refresh()  # a revoked player sees nothing more (UnknownPlayer)
            self.game_desk()  # where the shell sits now: a step may have seated them
        moved = self._at != before
        began = self._began(batch)
        games = self._game_news(batch, moved)
        batch = attrs.evolve(batch, items=tuple(
            news for news in batch.items if not isinstance(news, GamesMoved)))
        return began + games + self._conflict_news(batch, cache, moved)

    def _began(self, batch: Batch) -> str:
        """A line for each board game begun elsewhere than where this shell sits."""
        lines = [began(self.table, kind, name, self.player)
                 for news in batch.items if isinstance(news, GamesMoved)
                 for kind, name in news.began if not self._sits_at(kind, name)]
        return self._text([stored("", line) for line in lines]) if lines else ""

    def _sits_at(self, kind: str, name: str) -> bool:
        return self._at is not None and (self._at[0], name_key(self._at[1])) == (
            kind, name_key(name))

    def _game_news(self, batch: Batch, moved: bool) -> str:
        """What moved at the board game this shell sits at, for its player."""
        if not moved and not any(isinstance(news, GamesMoved) for news in batch.items):
            return ""
        self._refresh()  # a revoked player sees nothing more (UnknownPlayer)
        desk = self.game_desk()
        return self._text(self._watch.news(desk)) if desk is not None else ""

    def _conflict_news(self, batch: Batch, cache: dict[object, str] | None,
                       moved: bool = False) -> str:
        switched = [news for news in batch.items if isinstance(news, SwitchNews)]
        texts = [self._text([stored("", self._switch_line(news))]) for news in switched]
        at = self._at if moved else None  # the shell came to sit at a Conflict
        arrived = at is not None and at[0] == CONFLICT
        if at is not None and arrived and not any(
                self._sits_at(CONFLICT, news.conflict) for news in switched):
            texts.append(self._text([stored("Now playing: the Conflict ", at[1])]))
        steps = self._conflict_steps(attrs.evolve(batch, items=tuple(
            news for news in batch.items if not isinstance(news, SwitchNews))), cache)
        if not steps and arrived and batch.state is not None:
            steps = self._text(self.next_lines(batch.state))  # what comes next there
        return "".join(texts) + steps

    def _switch_line(self, news: SwitchNews) -> str:
        """Another Conflict is the current one: where the shell now sits, or what to
        type to sit at it."""
        if self._sits_at(CONFLICT, news.conflict):
            return f"Now playing: the Conflict {news.conflict}"
        if news.began:
            return f"The Conflict {news.conflict} began: `use conflict` to watch."
        return f"The Conflict {news.conflict} is now the current one: `use conflict` to watch."

    def _conflict_steps(self, batch: Batch, cache: dict[object, str] | None) -> str:
        me = name_key(self.name)
        shown = [i for i, news in enumerate(batch.items)
                 if not (isinstance(news, RollNews | StepNews) and not
                         (isinstance(news, StepNews) and news.undone)
                         and name_key(news.who) == me)]
        rolls = [i for i in shown if isinstance(batch.items[i], RollNews)]
        skipped = rolls[:-MAX_NEWS_ROLLS] if len(rolls) > MAX_NEWS_ROLLS else []
        if skipped:  # a phone shows the latest; a flood of rolls must not bury the screen
            dropped = set(skipped)
            shown = [i for i in shown if i not in dropped]
        if not shown:
            return ""
        self._refresh()  # a revoked player sees nothing more (UnknownPlayer)
        steps = any(not isinstance(batch.items[i], RollNews) for i in shown)
        viewer = self._viewer(batch.conflict) if steps else NARRATOR  # rolls are open
        cache = {} if cache is None else cache
        texts = [self._text([f"… {len(skipped)} more rolls"])] if skipped else []
        for i in shown:
            news = batch.items[i]
            key = (i, self.width, self.plain, self.color, seen_by(news, viewer))
            if key not in cache:
                line = lines_of([news], viewer)[0]
                cache[key] = self._text([stored("", line)])
            texts.append(cache[key])
        if steps and batch.state is not None:
            texts.append(self._text(self.next_lines(batch.state)))
        return "".join(texts)
