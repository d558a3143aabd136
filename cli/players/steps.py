"""A player's steps of the Conflict in the player shell: ``d attack marsh 5``, ``a``,
``h``, ``c 6 marsh``, ``def``, ``re NAME``, ``t``, ``roll``, ``dmg``.

Each verb reads the player's words with the library (:mod:`conflict.intents`), which
makes them into the step's events, exactly as for the step commands and the guided
round. What is the shell's own is who may move: a player acts only for the characters
the table says they play, and only when the engine says it is their move (what-now's
``who``; a roll, when it throws their dice), checked again at the moment of writing.
The shell is seen through :class:`Desk`, the small public face it shows its verbs (the
Narrator's verbs, :mod:`cli.players.narrator_verbs`, use it too).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final, Protocol

from characters.names import name_key
from cli.common.errors import fail
from cli.players.words import SHELL_WORDS, ShellFace
from conflict.errors import RuleViolation
from conflict.intents import step_table
from conflict.intents.steps import participant
from core.errors import RefusedError
from core.steps import Kind, Who

if TYPE_CHECKING:
    from rich.console import RenderableType

    from cli.players.words import Reply
    from conflict.events import Event
    from conflict.intents import Intent
    from conflict.state import State
    from conflict.whatnow import WhatNow
    from core.steps import Param, Step, Steps


class Desk(ShellFace, Protocol):
    """What the shell shows the verbs that write a Conflict's steps: its face, its
    characters, the Conflict it sits at, how it records a step and says what comes
    next."""

    def mine(self) -> set[str]: ...

    def current_conflict(self) -> tuple[str, State]: ...

    def record_step(self, conflict: str, intent: Intent) -> Reply: ...

    def next_lines(self, state: State) -> list[RenderableType]: ...


def split_as(args: list[str]) -> tuple[str | None, list[str]]:
    """``as NAME`` at the start of the words, and the words after it."""
    if len(args) >= 2 and args[0].casefold() == "as":
        return args[1], args[2:]
    return None, args


def who(desk: Desk, state: State, typed: str | None, candidates: Sequence[str],
        doing: str) -> str:
    """The character a line acts for: the one named (``as NAME``), else the one of the
    player's characters the engine expects."""
    from cli.common.board import next_line

    mine = desk.mine()
    if typed is not None:
        found = participant(state, typed)
        if not desk.narrator and name_key(found) not in mine:
            fail(f"you do not play {found}")
        return found
    choices = [c for c in candidates if desk.narrator or name_key(c) in mine]
    if len(choices) == 1:
        return choices[0]
    if not choices:
        fail(f"it is not your move to {doing} (next: {next_line(state)})")
    fail(f"say who is to {doing}: … as NAME ({', '.join(choices)})")


def guard(desk: Desk, intent: Intent, allowed: Callable[[State], bool], who: str,
          doing: str) -> Intent:
    """``intent``, refused at the moment of writing unless ``allowed`` by the Conflict
    as it stands then (the engine expects ``who`` to ``doing``; a Narrator's steps go to
    the engine as they are)."""
    if desk.narrator:
        return intent

    def build(state: State) -> Sequence[Event]:
        from cli.common.board import next_line

        if not allowed(state):
            raise RuleViolation(f"it is not {who}'s move to {doing} now "
                                f"(next: {next_line(state)})")
        return intent(state)

    return build


def run(desk: Desk, step: Step[State], args: list[str]) -> Reply:
    """A line of the Conflict's ``step`` (its words after the verb): read by the step's
    phrase (:mod:`conflict.intents.step_table`), for the character the line acts for
    when the step names who acts, and refused when written unless the engine expects
    that character to take it (a Narrator's steps go to the engine as they are)."""
    typed, rest = split_as(args)
    conflict, state = desk.current_conflict()
    try:
        read = step.phrase(rest) if step.phrase is not None else {}
    except RefusedError as error:  # the line's shape: how this step is typed here
        error.door_words = f"type {step.usage}"  # type: ignore[attr-defined]
        raise
    values = {**step.defaults(), **read}
    if step.who is Who.HOST:
        return desk.record_step(conflict, lambda now: step.build(now, values))
    may = step.may
    assert may is not None  # every step of a player's is a seat's (Who.SEAT)
    seat = next((param for param in step.params if param.seat), None)
    allowed = [p.name for p in state.participants if may(state, p.name)]
    if seat is None and typed is None:  # a step of the action's (its roll): any of
        allowed = [name for name in allowed  # the player's who may take it will do
                   if desk.narrator or name_key(name) in desk.mine()][:1]
    actor = who(desk, state, typed, allowed, step.name)
    if seat is not None:
        values[seat.name] = actor
    intent = guard(desk, lambda now: step.build(now, values),
                   lambda now: may(now, actor), actor, step.name)
    return desk.record_step(conflict, intent)


def rollers(now: WhatNow) -> tuple[str, ...]:
    """Whose dice the roll open now throws: the actor's and each defender's (none when
    no roll is open)."""
    from conflict.whatnow import Expect

    return now.roll.rollers if now.expect is Expect.ROLL else ()


def roll(desk: Desk, args: list[str]) -> Reply:
    """Roll the open action: a player may when any of its dice are theirs — the
    attacker's, the defender's or a Reaction's (R-CON-14/17)."""
    from conflict.whatnow import what_now

    typed, _rest = split_as(args)
    now = what_now(desk.current_conflict()[1])
    owners = rollers(now)
    if typed is None and owners and not desk.narrator and not any(
            name_key(name) in desk.mine() for name in owners):
        fail(f"it is not your roll: action {now.action} rolls for {_and(owners)}")
    return run(desk, table()["roll"], args)


def _and(names: Sequence[str], word: str = "and") -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {word} {names[-1]}"


def moves(state: State, names: Sequence[str]) -> str:
    """The steps any of ``names`` may take now, from the table (each step's ``may``),
    each with its short line as typed: ``act (a), change (c 6) or hold (h)``; empty when
    none may."""
    found = []
    for step in table():
        may = step.may
        if step.who is Who.HOST or may is None or not any(may(state, n) for n in names):
            continue
        typed = [_bare(shape) for shape in step.shapes]
        found.append(step.name if typed == [step.name] else
                     f"{step.name} ({', '.join(typed)})")
    return _and(found, "or") if found else ""


@functools.cache
def _bare(shape: str) -> str:
    """A step's shape as typed at its shortest: its optional ``[…]`` words left out."""
    return " ".join(re.sub(r"\[[^]]*\]", "", shape).split())


def table() -> Steps[State]:
    """The Conflict's table of steps, read when a line needs it (a step added to it is
    a verb at once)."""
    return step_table.STEPS


def words(*, host: bool = False) -> dict[str, str]:
    """The words a line may start a Conflict step with, and the step each means: a
    player's (``roll`` with no pool is :func:`roll`; with one, the shell rolls dice
    outside the Conflict), or with ``host`` the Narrator's calls."""
    return {word: step.name for step in table() if (step.who is Who.HOST) is host
            and step.name != "roll" for word in (step.name, *step.aliases)}


def help_lines(host: bool) -> list[str]:
    """The steps' lines of the shell's help, from the table: each step's line as typed
    and what it does."""
    if host:
        return [f" {part}" for step in table() if step.who is Who.HOST
                for part in step.shapes]
    return ["On your move (the board says when):",
            *(f" {shape}" for shape in table()["declare"].shapes),
            *(f" {step.shapes[0]:<11} {step.name}" for step in table()
              if step.who is not Who.HOST and step.name != "declare"),
            f" {'? WORD':<11} one in full"]


_NUMBERED: Final = ("dice", "action")
"""Parameters a line gives as a number, which the command line also takes as words (a
sheet's figures, an action's actor): ``d attack NAME 5``, ``test 2 contest``."""


def step_help(word: str, *, host: bool) -> list[str] | None:
    """``? STEP``: the step of the Conflict a word means, its line as typed and its
    help; ``None`` for a word that is no step this player may take."""
    name = {**words(), **(words(host=True) if host else {})}.get(word.casefold())
    if name is None:
        return None
    step = table()[name]

    def said(param: Param, flag: str | None) -> str:  # a line here names no option
        if param.seat and param.positional:  # who acts: the one typing (or as NAME)
            return "your character"
        if param.name in SHELL_WORDS:
            return SHELL_WORDS[param.name]
        if param.positional and (param.kind is Kind.NUMBER or param.name in _NUMBERED):
            return "N"  # a line's number (d attack NAME 5, a 4, re NAME 2)
        if param.positional and param.kind is Kind.NAME:
            return "NAME"
        return (flag or param.name).replace("_", " ")

    helped = step.worded(step.help, said)
    return [*(f" {shape}" for shape in step.shapes), "", step.worded(step.summary, said),
            helped[:1].upper() + helped[1:]]  # "Your character acts…"
