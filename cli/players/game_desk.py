"""The player shell at a board game: the seat a player plays, the steps they take with
the table's own commands, and the board as they may see it.

A line at a game is the table's command without ``mistborn GAME`` (``keep ch ch b``,
``collect``, ``pass --take atium``): it is parsed by that click command's own
parameters and run by its own callback, which builds the events with the library as
at the table; only where it writes, reads and draws is the shell's
(:mod:`cli.boardgames.seat`). So the shell has no parser of its own and writes exactly
the events the command writes, through the same stream write: one transaction checked
by the game's rules against the game as it stands, recorded under the player's name.
Who may write what is ruled in :mod:`cli.players.game_verbs`; every sentence, board
and "next" line is the library's, made for this player (:mod:`core.viewer`: House
War's scores stay face down, R-HW-6), a step's parameter the "next" line names worded
as the command's option (``--cards N``), since a line here is parsed as the command.

Which stream a shell sits at (ruling): the one chosen with ``use NAME`` in this
session, while it exists; else the newest stream where the player holds a seat (a
character of theirs in the current Conflict, their seat at a board game); else — a
Narrator, or a player who sits nowhere — the table's current stream of the kind started
last (a Conflict or a board game). So a game begun elsewhere moves only those who sit
nowhere; the others are told in one line how to sit at it (:func:`began`). ``use``
changes only this session; ``games`` lists the streams. A Conflict other than the
table's current one cannot be sat at: the Conflict's steps always go to the current
Conflict.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol

import click

from boardgames.errors import RuleViolation
from cli.boardgames.drawing import entry_time, rows, wrapped
from cli.common.errors import fail, option_words, said
from cli.common.output import plain
from cli.common.step_commands import complete, worded
from cli.common.streams import KIND_WORDS, SHORT_WORDS, last_steps
from cli.common.values import said as click_said
from cli.players import game_verbs
from cli.players.words import ShellFace, stored
from conflict.errors import ConflictError
from core.errors import RefusedError
from core.names import matches, name_key
from core.steps import Who

if TYPE_CHECKING:
    from rich.console import RenderableType

    from cli.boardgames.base import Face
    from cli.players.words import Reply
    from conflict.intents.complete import Completion
    from core.steps import Step
    from core.viewer import Viewer
    from table import Player, StreamInfo, Table
    from table.sessions import Loaded, Recorded

CONFLICT: Final = "conflict"
KINDS: Final = (CONFLICT, "stuffed", "deckbuilding", "housewar")
"""The streams a shell may sit at, by kind."""

OWN_WORDS: Final = {"board": "board", "b": "board", "help": "help", "?": "help",
                    "undo": "undo", "u": "undo", "log": "log"}
"""What the shell itself does at a game (besides ``games`` and ``use``)."""

PASS_ON: Final = frozenset({"quit", "q", "exit", "logout", "plain", "sheet", "s", "last",
                            "l", "roll", "r", "odds", "o"})
"""Words the shell answers as anywhere when the game has no command of that name."""


class Host(ShellFace, Protocol):
    """What a game desk needs of the shell it serves: its face, its width, and its
    refusal of a word that starts no command."""

    @property
    def width(self) -> int: ...

    def unknown(self, word: str) -> str: ...


# --- which stream ---------------------------------------------------------------------


def sitting(table: Table, chosen: tuple[str, str] | None,
            player: Player | None = None) -> tuple[str, str] | None:
    """The stream a shell sits at, as (kind, name): ``chosen`` while it exists (and, for
    a Conflict, is the current one); else, for a ``player`` who is no Narrator, the
    newest stream where they hold a seat (:func:`holds`); else the current stream
    started last (where a Narrator, and a player who sits nowhere, follow the table)."""
    found = [info for info in table.streams() if info.kind in KINDS and (
        info.kind != CONFLICT or info.current)]  # oldest first
    if chosen is not None:
        for info in found:
            if info.kind == chosen[0] and name_key(info.name) == name_key(chosen[1]):
                return info.kind, info.name
    if player is not None and not player.narrator:
        held = [info for info in found if holds(table, info, player)]
        if held:
            return held[-1].kind, held[-1].name
    currents = [info for info in found if info.current]
    return (currents[-1].kind, currents[-1].name) if currents else None


def holds(table: Table, info: StreamInfo, player: Player) -> bool:
    """Whether ``player`` holds a seat at the stream ``info``: a character they play
    among the Conflict's participants; at a board game, the seat named as they are
    (R-STF-2, R-DBG-1, R-HW-5: a player plays the seat named as they are)."""
    seats = _seats(table, info)
    if info.kind == CONFLICT:
        return any(name_key(name) in seats for name in player.characters)
    return name_key(player.name) in seats


_SEATS: dict[tuple[str, str, str, int], frozenset[str]] = {}
"""Who sits at each stream (name keys), by table file, kind, name and version: read
again only when the stream changed."""
_SEATS_KEPT: Final = 64


def _seats(table: Table, info: StreamInfo) -> frozenset[str]:
    """The name keys of whoever sits at ``info``: the Conflict's participants, a board
    game's seats (none when the stream cannot be read: a damaged game seats no one, and
    its refusal comes when a line is typed there)."""
    key = (str(table.path), info.kind, name_key(info.name), info.version)
    found = _SEATS.get(key)
    if found is not None:
        return found
    try:
        if info.kind == CONFLICT:
            from conflict import saved as conflicts

            state = conflicts.saved(table, info.name).load().state
            names: Sequence[str] = [person.name for person in state.participants]
        else:
            from table import games

            loaded = games.saved(table, info.kind, info.name).load()
            names = games.rules(info.kind).players(loaded.state)[0]
    except ConflictError:
        names = ()
    found = frozenset(name_key(name) for name in names)
    _SEATS[key] = found
    while len(_SEATS) > _SEATS_KEPT:
        del _SEATS[next(iter(_SEATS))]
    return found


def began(table: Table, kind: str, name: str, player: Player | None) -> str:
    """The one line telling a shell that the board game ``name`` began elsewhere than
    where it sits: what to type to sit at it, ``use dbg 2``."""
    from table import games

    names = [info.name for info in table.streams(kind)]
    last = name.split()[-1] if name.split() else name
    typed = last if matches(last, names) == [name] else name
    seated = False
    if player is not None and not player.narrator:
        try:
            seated = holds(table, table.stream(kind, name), player)
        except ConflictError:  # gone already: nothing to sit at
            seated = False
    return (f"A {games.rules(kind).title} began: `use {SHORT_WORDS[kind]} {typed}` to "
            f"{'play' if seated else 'watch'}.")


def listing(table: Table, at: tuple[str, str] | None) -> list[str]:
    """``games``: every stream a shell may sit at, ``*`` where this one sits."""
    from table.games import rules

    lines = []
    for kind in KINDS:
        for info in table.streams(kind):
            if kind == CONFLICT and not info.current:
                continue
            here = at is not None and (kind, name_key(info.name)) == (at[0], name_key(at[1]))
            title = "Conflict" if kind == CONFLICT else rules(kind).title
            lines.append(f"{'*' if here else ' '} {info.name} ({title})")
    return lines or ["Nothing is being played yet."]


def choose(table: Table, typed: str) -> tuple[str, str]:
    """The stream ``use NAME`` means (a unique beginning or word of its name); ``use
    GAME [NAME]`` (``stuffed``, ``dbg``, ``hw``, ``conflict``…) when games share a
    name: that game's current one, or the one named."""
    from core.player_log import PlayerNotFound, resolve_player

    first, _, rest = typed.partition(" ")
    kinds = [GAME_WORDS[first.casefold()]] if first.casefold() in GAME_WORDS else KINDS
    if len(kinds) == 1 and not rest.strip():
        info = table.current(kinds[0])
        if info is None:
            fail(f"no {first} is being played (games lists what is)")
        return info.kind, info.name
    found = [(kind, info.name) for kind in kinds for info in table.streams(kind)
             if kind != CONFLICT or info.current]
    wanted = rest if len(kinds) == 1 else typed
    try:
        name = resolve_player(wanted, list(dict.fromkeys(n for _, n in found)), what="game")
    except PlayerNotFound as error:
        fail(str(error))
    same = [(kind, n) for kind, n in found if n == name]
    if len(same) > 1:
        fail(f"{len(same)} games are called {name!r}: say which, e.g. use "
             f"{same[0][0]} {name}")
    return same[0]


GAME_WORDS: Final = KIND_WORDS
"""The words ``use`` takes for a kind of game (the command line's: ``dbg``, ``hw``)."""


# --- the desk -------------------------------------------------------------------------


class GameDesk:
    """One shell at one board game (``kind``, ``name``): a
    :class:`~cli.boardgames.seat.Seat` for the table's commands it runs."""

    def __init__(self, host: Host, kind: str, name: str) -> None:
        from table import games

        self.host = host
        self.kind = kind
        self.name = name
        self.rules = games.rules(kind)
        self.stream = games.saved(host.table, kind, name)
        self._said: list[RenderableType | str] = []
        self._verb = ""
        self.wrote: list[int] = []  # the entries this desk wrote (their seq)

    # --- who sits where

    def seat(self, state: Any) -> str | None:
        """The seat the player plays: the one named as they are (by name key)."""
        me = name_key(self.host.name)
        return next((s for s in self.rules.players(state)[0] if name_key(s) == me), None)

    def viewer(self, state: Any) -> Viewer:
        """Who the game is shown to: the host sees all; a player their seat; a player
        with no seat what the table sees."""
        from core.viewer import NARRATOR, TABLE

        if self.host.narrator:
            return NARRATOR
        seat = self.seat(state)
        return self.rules.seat_viewer(seat) if seat is not None else TABLE

    def playing(self) -> str:
        """Whom the player plays here, for the welcome: ``Venture at Game 1 (game of
        House War)``."""
        where = f"at {self.name} ({self.rules.title})"
        if self.host.narrator:
            return f"every seat {where}: you host it"
        seat = self.seat(self.stream.load().state)
        return f"{seat} {where}" if seat is not None else f"no seat {where}: you watch"

    def turn(self, state: Any) -> str | None:
        """Whose step a player's phone waits for: the game's (House War's Active House
        from the end of its set-up, R-HW-5)."""
        return self.rules.whose_turn(state)

    def _turn_lines(self, state: Any) -> list[RenderableType | str]:
        seat, turn = self.seat(state), self.turn(state)
        if self.host.narrator or seat is None:
            return []
        mine = turn is not None and name_key(turn) == name_key(seat)
        return ["▶ Your turn" if mine else stored("You play ", f"{seat}.")]

    def next_parts(self, state: Any) -> list[RenderableType | str]:
        """What comes next for this player, and whether it is their turn; a step's
        parameter it names given as the command's option (``--cards N``), as a line here
        is the table's command."""
        following = self.rules.next(state, self.viewer(state), words=option_words)
        return [stored("Next: ", following), *self._turn_lines(state)]

    # --- a line

    def handle(self, word: str, args: list[str]) -> Reply:
        """Run the table's command ``word`` with ``args`` for this player."""
        if OWN_WORDS.get(word) == "board":
            return self.host.reply(self.board_parts())
        if OWN_WORDS.get(word) == "help":
            return self.host.reply(self.help_parts(args))
        if OWN_WORDS.get(word) == "undo":
            return self.undo(args)
        if OWN_WORDS.get(word) == "log":
            return self.log(args)
        command, ctx = self._parsed(word, args)
        self._said, self._verb = [], command.name or word
        try:
            from cli.boardgames.seat import seated

            with seated(self), ctx:
                command.invoke(ctx)
        except click.ClickException as error:
            fail(click_said(error))
        except RefusedError as error:
            fail(" ".join(said(error).split()))  # --needs: a line here is the command
        return self.host.reply(self._said)

    def _parsed(self, word: str, args: list[str]) -> tuple[click.Command, click.Context]:
        group = game_verbs.group(self.kind)
        allowed = game_verbs.verbs_of(self.kind, host=self.host.narrator)
        if word not in allowed:
            if word in game_verbs.host_ruled(self.kind):
                step = game_verbs.steps_of(self.kind)[word]
                raise RuleViolation(f"{step.name} is the host's step", rule=step.rule)
            if word not in game_verbs.verbs_of(self.kind, host=True):
                fail(self.host.unknown(word))
            fail(f"{word[:30]!r} is not a step you may take at {self.name}: it is the "
                 f"host's")
        _no_shell_option(args)
        parent = context(group)
        command = group.get_command(parent, word)
        assert command is not None  # listed by the group
        ctx = self._context(command, parent, word, list(args),
                            lambda: self._seat_first(word, args))
        self._own_seat(word, ctx.params)
        own_seat = getattr(command, "own_seat", None)  # a command reading a seat's figures
        if own_seat is not None and not self.host.narrator and not any(
                ctx.params.get(param) for param in own_seat.unless):
            seat = self.seat(self.stream.load().state)
            if seat is not None:  # pay --problem X: can my House pay it?
                # Before what was typed: after a typed ``--`` it would be an argument.
                ctx = self._context(command, parent, word, [own_seat.option, seat, *args])
        return command, ctx

    def _seat_first(self, word: str, args: list[str]) -> str | None:
        """The player's own seat, where the step ``word`` names who acts first among
        its words (``score HOUSE``, ``reveal HOUSE CARD``) and ``args`` do not begin
        with it: at a phone it is always the player's own, so it may be left out
        (``score --favor 2``, ``reveal ally``)."""
        if self.host.narrator or word in game_verbs.reads(self.kind):
            return None
        step = game_verbs.steps_of(self.kind).get(word)
        first = next((p for p in step.params if p.positional), None) if step else None
        if first is None or not first.seat or first.many:
            return None
        state = self.stream.load().state
        seat = self.seat(state)
        typed = next((arg for arg in args if not arg.startswith("-")), None)
        if seat is None or (typed is not None and game_verbs.same_seat(
                typed, seat, self.rules.players(state)[0])):
            return None
        return seat

    @staticmethod
    def _context(command: click.Command, parent: click.Context, word: str,
                 args: list[str], seat_first: Callable[[], str | None] | None = None
                 ) -> click.Context:
        """``args`` parsed by ``command``; what it refuses, in one line. ``seat_first``:
        the player's own seat, put first when a word it needs was left out (the seat,
        when the words typed are one short of them all); asked only then."""
        try:
            return command.make_context(word, args, parent=parent, help_option_names=[])
        except click.MissingParameter as error:
            missing = error
            seat = seat_first() if seat_first is not None and isinstance(
                error.param, click.Argument) else None
            if seat is not None:
                try:
                    return command.make_context(word, [seat, *args], parent=parent,
                                                help_option_names=[])
                except click.MissingParameter as still:  # what is missing besides
                    missing = still
                except click.ClickException:
                    pass
            fail(f"{click_said(missing)} (type: help {word})")
        except click.ClickException as error:
            fail(f"{click_said(error)} (type: help {word})")

    def _own_seat(self, word: str, params: dict[str, Any]) -> None:
        """A player names only their own seat where a command names who acts."""
        if self.host.narrator or word in game_verbs.reads(self.kind):
            return  # what only reads may look at any seat: tokens are public
        steps = game_verbs.steps_of(self.kind)
        self._own_seat_of(steps[word], params, steps.turn_rule)

    def _own_seat_of(self, step: Step[Any], params: dict[str, Any], turn_rule: str
                     ) -> None:
        """The parameters of ``step`` that name who acts (:attr:`core.steps.Param.seat`)
        name the player's own seat; those only the host gives are not given."""
        state = self.stream.load().state
        seat = self.seat(state)
        for param in step.params:
            value = params.get(param.name)
            if param.host_only is not None and value:
                raise RuleViolation(f"{worded(param)} is the host's to give at the phones",
                                    rule=param.host_only)
            if not param.seat or value is None:
                continue
            typed = value if param.many else (value,)
            for one in typed:
                named = str(one).split("=", 1)[0] if param.pairs else str(one)
                self._is_own(named, seat, state, param.seat_rule or turn_rule,
                             param.seat_why)

    def _is_own(self, typed: str, seat: str | None, state: Any, rule: str,
                why: str = "") -> None:
        """Refuse ``typed`` unless it names the player's own seat."""
        if seat is None or not game_verbs.same_seat(typed, seat,
                                                   self.rules.players(state)[0]):
            raise RuleViolation(f"you act only for your own seat ({seat or 'none'}), not "
                                f"{typed[:40]!r}" + (f": {why}" if why else ""), rule=rule)

    # --- the seat the commands run for (cli.boardgames.seat.Seat)

    def write(self, face: Face, build: Callable[[Any], Sequence[Any]]) -> None:
        """Write the command's events as this player, on their own turn only."""
        def checked(state: Any) -> Sequence[Any]:
            face.check(state)
            events = None
            if self._over(state):  # the rules say why, as at the table (R-HW-1)
                events = [*face.prelude(state), *build(state)]
                self._judged(state, events)
            self._may_write(state)
            if events is None:
                events = [*face.prelude(state), *build(state)]
            self._may_end(state, events)
            return events

        recorded = self.stream.record(checked, who=self.host.name)
        self.wrote += [entry.seq for entry in recorded.entries]
        self._said += self._report(recorded)

    def _over(self, state: Any) -> bool:
        """Whether this player's turn step meets a game where it is no one's turn and
        the set-up is done: a game over. The rules' own refusal then says so, as at the
        table (R-HW-1: "the game is over"), not "it is not your turn: no one's"."""
        step = game_verbs.steps_of(self.kind).get(self._verb)
        return not (self.host.narrator or step is None or step.who is not Who.TURN
                    or self.turn(state) is not None or self.rules.setting_up(state))

    def _judged(self, state: Any, events: Sequence[Any]) -> None:
        """``events`` applied to ``state``: what the rules refuse, they say."""
        for event in events:
            state = self.rules.apply(state, event)

    def _may_write(self, state: Any) -> None:
        if self.host.narrator:
            return
        steps = game_verbs.steps_of(self.kind)
        seat, turn = self.seat(state), self.turn(state)
        if seat is None:
            seats = ", ".join(self.rules.players(state)[0])
            raise RuleViolation(f"you have no seat at {self.name}: a player plays the "
                                f"seat named as they are ({seats})", rule=steps.turn_rule)
        self._may_take(steps[self._verb], state, seat, turn, steps.turn_rule)

    def _may_end(self, state: Any, events: Sequence[Any]) -> None:
        """Refuse a player's step that would end a game whose end shows every hidden
        figure, unless it is one of the game's own steps that may (House War's worsen,
        add and solve: :attr:`core.steps.Step.may_end`); the rest is the host's, by the
        game's rule (R-HW-6: ``unrest 8`` showed that phone every score)."""
        steps = game_verbs.steps_of(self.kind)
        step = steps.get(self._verb)
        if (self.host.narrator or not steps.end_rule or step is None or step.may_end
                or self.rules.end_shown(state)):
            return
        after = state
        for event in events:
            after = self.rules.apply(after, event)  # what the rules refuse, they say
        if self.rules.end_shown(after):
            raise RuleViolation(f"{step.name} would end the game, and the end shows every "
                                f"score: at a phone that is the host's step",
                                rule=steps.end_rule)

    def _may_take(self, step: Step[Any], state: Any, seat: str, turn: str | None,
                  rule: str) -> None:
        """Refuse ``step`` unless the table of steps lets this player's ``seat`` take
        it now (:class:`core.steps.Who`)."""
        if step.who is Who.HOST:
            raise RuleViolation(f"{step.name} is the host's step", rule=step.rule or rule)
        if step.who is Who.SEAT:
            if step.may is None or not step.may(state, seat):
                raise RuleViolation(f"{step.name} is not yours to take now: you play "
                                    f"{seat}", rule=step.rule or rule)
        elif step.who is Who.TURN:
            self._on_turn(state, seat, turn, step.rule or rule)

    def _on_turn(self, state: Any, seat: str, turn: str | None, rule: str) -> None:
        if turn is None and self.rules.setting_up(state):
            raise RuleViolation(f"the set-up is the host's; your turn comes when it is "
                                f"done (you play {seat})", rule=rule)
        if turn is None or name_key(turn) != name_key(seat):
            raise RuleViolation(f"it is not your turn: {turn or 'no one'}'s, and you play "
                                f"{seat}", rule=rule)

    def load(self, kind: str) -> tuple[str, Loaded[Any, Any]]:
        """The game this desk sits at, replayed."""
        del kind
        return self.name, self.stream.load()

    def show(self, draw: Callable[[int], RenderableType]) -> None:
        """Keep a command's screen, drawn at the shell's width."""
        self._said.append(draw(self.host.width))

    # --- reports

    def _report(self, recorded: Recorded[Any, Any]) -> list[RenderableType | str]:
        viewer = self.viewer(recorded.after)
        said: list[RenderableType | str] = [
            stored("", self.rules.describe(b, e, a, viewer)) for b, e, a in recorded.steps]
        if recorded.steps and not self.rules.summary(recorded.steps[0][0], viewer):
            said += self._summary(recorded.after, viewer)
        return [*said, *self.next_parts(recorded.after)]

    def _summary(self, state: Any, viewer: Viewer) -> list[RenderableType | str]:
        ending = self.rules.summary(state, viewer)
        return [*(["Summary:"] if ending else []), *(
            row for line in ending for row in wrapped(f"  {plain(line)}", self.host.width,
                                                      indent=4))]

    def undo(self, args: list[str]) -> Reply:
        """Take back this player's last step (the host's: anyone's), as issue 18 rules."""
        from table import NotYourStep, games

        if args:
            fail("undo takes no words: it takes back your last step")
        based_on = None if self.host.narrator else self._may_undo()
        try:
            undid = games.undo_saved(self.stream, who=self.host.name, based_on=based_on,
                                     own=not self.host.narrator)
        except NotYourStep as error:
            fail(f"the last step at {self.name} is {error.who}'s, not yours: only they or "
                 f"the host take it back")
        viewer = self.viewer(undid.after)
        said: list[RenderableType | str] = [
            stored("Undone: ", self.rules.describe(b, e, a, viewer))
            for b, e, a in reversed(undid.steps)]
        return self.host.reply([*said, *self.next_parts(undid.after)])

    def _may_undo(self) -> int:
        """The version a player's undo is based on, refused when their last step ended
        a game whose end showed every hidden figure (House War's scores, R-HW-6): taking
        the end back is the host's (a player's ``unrest 8`` then ``undo`` read them
        all)."""
        loaded = self.stream.load()
        last = loaded.entries[-1] if loaded.entries else None
        if (self.rules.end_shown(loaded.state) and last
                and name_key(last.who) == name_key(self.host.name)):
            count = next((n for n, entry in enumerate(reversed(loaded.entries))
                          if (entry.at, entry.who) != (last.at, last.who)),
                         len(loaded.entries))  # one step: the same writer and moment
            if not self.rules.end_shown(loaded.states[len(loaded.states) - 1 - count]):
                raise RuleViolation("your last step ended the game and every score was "
                                    "shown: only the host takes it back", rule="R-HW-6")
        return loaded.version

    # --- looking

    def log(self, args: list[str]) -> Reply:
        """The table's ``log`` (``--last N``, ``--player NAME``) as this player may read
        it: a player their own seat's history only, told as they see the game; the host
        anyone's, or the whole game's."""
        from cli.boardgames.base import history_of

        group = game_verbs.group(self.kind)
        parent = context(group)
        command = group.get_command(parent, "log")
        assert command is not None  # every board game's group has its log
        _no_shell_option(args)
        params = self._context(command, parent, "log", list(args)).params
        typed, last = params.get("player"), params.get("last")
        state = self.stream.load().state
        if not self.host.narrator:
            seat = self.seat(state)
            if seat is None:
                fail(f"you have no seat at {self.name}: a player reads their own log")
            if typed is not None and not game_verbs.same_seat(
                    typed, seat, self.rules.players(state)[0]):
                fail(f"you read only your own log ({seat}), not {typed[:40]!r}")
            typed = seat
        viewer = self.viewer(state)
        _player, told = history_of(self.host.table, self.kind, self.name,
                                   lambda b, e, a: self.rules.describe(b, e, a, viewer), typed)
        lines: list[RenderableType | str] = []
        for entry, text in told[-last:] if last else told:
            undone = f" (undone: {plain(entry.undone_by or '')})" if entry.undone else ""
            lines += wrapped(f"{entry.seq}. {entry_time(entry.at.isoformat())} "
                             f"{plain(entry.who)}: {plain(text)}{undone}", self.host.width)
        return self.host.reply(lines)

    def board_parts(self, last: int = 3) -> list[RenderableType | str]:
        """The board as this player may see it, with the last ``last`` steps."""
        loaded = self.stream.load()
        state, viewer = loaded.state, self.viewer(loaded.state)
        said = last_steps(loaded.states, loaded.events, last,
                          lambda b, e, a: self.rules.describe(b, e, a, viewer))
        following = self.rules.next(state, viewer, words=option_words)
        width = self.host.width
        face = self.face()
        drawn = face.board(self.name, state, width, said, following, viewer)
        if not face.board_summary:
            drawn += self._summary(state, viewer)
        return [*drawn, *self._turn_lines(state)]

    def face(self) -> Face:
        """How the command line says the game this desk sits at, in the shell's
        language (:func:`context`)."""
        group = game_verbs.group(self.kind)
        with context(group).scope(cleanup=False):
            return group.face()

    def help_parts(self, args: list[str]) -> list[RenderableType | str]:
        """The game's steps for this player, one a line; ``help VERB``: its help."""
        group = game_verbs.group(self.kind)
        verbs = game_verbs.verbs_of(self.kind, host=self.host.narrator)
        if args:
            word = args[0].casefold()
            if word not in verbs:
                fail(f"{word[:30]!r} is not a step you may take here")
            return command_help(group, word, self.host.width)
        lines: list[RenderableType | str] = [stored("At ", f"{self.name} ({self.rules.title}):")]
        shorts = dict(group.listing())
        lines += [row for name in verbs for row in rows(
            f" {name} · {shorts[name]}", self.host.width, indent=3)]
        lines += [" b board   undo   games   use NAME",
                  " log  your steps   help VERB  a step",
                  " plain on|off   q quit"]
        return lines


def completions(kind: str, typed: str, *, host: bool, state: Any = None,
                seat: str | None = None) -> list[Completion]:
    """Tab at a game: the first word among the steps this player may take and what the
    shell does; every later word of a step of the game's table as its parameters
    complete themselves (:func:`cli.common.step_commands.complete`), read from
    ``state``, the game as it stands."""
    from conflict.intents.complete import complete_from

    words = typed.split()
    partial = "" if not typed or typed[-1].isspace() else words.pop()
    verbs = game_verbs.verbs_of(kind, host=host)
    if not words:
        own = ["board", "help", "log", "undo", "games", "use", "plain", "quit"]
        return complete_from([*verbs, *own], partial, "verb")
    steps = game_verbs.group(kind).steps
    step = steps.get(words[0]) if steps is not None and words[0] in verbs else None
    if step is None:
        return []
    found = complete(step, state, words[1:], partial, seat=None if host else seat)
    return complete_from(found, partial, step.name)


def _no_shell_option(args: list[str]) -> None:
    """Refuse the options the shell chooses itself (:data:`game_verbs.SHELL_OPTIONS`)."""
    chosen = next((a for a in args if game_verbs.is_shell_option(a)), None)
    if chosen is not None:
        said = chosen.split("=")[0] if chosen.startswith("--") else chosen[:2]
        fail(f"the shell chooses the table, the game and who writes: leave out {said}")


def context(group: click.Group) -> click.Context:
    """The group's context for a line at a game: in English, as the rest of the shell,
    whatever the server's locale (a Deckbuilding Game's help and refusals would
    otherwise follow it, R-DBG-8)."""
    parent = click.Context(group, info_name=group.name)
    if group.name == "deckbuilding":
        from cli.boardgames.deckbuilding import speak

        speak(parent, "en")
    return parent


def command_help(group: click.Group, word: str, width: int) -> list[RenderableType | str]:
    """``help VERB``: the table's command's help, with the options a line may give
    (not those the shell chooses)."""
    parent = context(group)
    command = group.get_command(parent, word)
    assert command is not None
    ctx = click.Context(command, parent=parent, info_name=word, help_option_names=[])
    pieces = [p for param in command.params if not isinstance(param, click.Option)
              for p in param.get_usage_pieces(ctx)]
    lines = [*rows(f"{word} {' '.join(pieces)} [OPTIONS]", width, indent=4), ""]
    lines += rows(" ".join((command.help or "").replace("\b", "").split()), width, indent=0)
    for param in command.params:
        record = param.get_help_record(ctx) if isinstance(param, click.Option) else None
        if record is None or any(game_verbs.is_shell_option(o) for o in param.opts):
            continue
        lines += rows(f" {record[0]}: {record[1]}", width, indent=3)
    return list(lines)
