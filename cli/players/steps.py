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

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final, Protocol

from characters.names import name_key
from cli.common.errors import fail
from cli.players.words import KINDS, aim, bare, number, only, verbs
from conflict.errors import RuleViolation
from conflict.intents import steps
from conflict.intents.words import read_reaction

if TYPE_CHECKING:
    from rich.console import RenderableType

    from cli.players.words import Reply
    from conflict.events import Event
    from conflict.intents import Intent
    from conflict.options import ReactOption
    from conflict.state import State
    from conflict.whatnow import WhatNow
    from table import Table


class Desk(Protocol):
    """What the shell shows the verbs that write a Conflict's steps."""

    table: Table

    @property
    def name(self) -> str: ...

    @property
    def narrator(self) -> bool: ...

    def mine(self) -> set[str]: ...

    def current_conflict(self) -> tuple[str, State]: ...

    def record_step(self, conflict: str, intent: Intent) -> Reply: ...

    def reply(self, parts: Sequence[RenderableType | str], status: int = 0) -> Reply: ...

    def next_lines(self, state: State) -> list[str]: ...


Build = Callable[["State", str, list[str]], "Intent"]


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
        found = steps.participant(state, typed)
        if not desk.narrator and name_key(found) not in mine:
            fail(f"you do not play {found}")
        return found
    choices = [c for c in candidates if desk.narrator or name_key(c) in mine]
    if len(choices) == 1:
        return choices[0]
    if not choices:
        fail(f"it is not your move to {doing} (next: {next_line(state)})")
    fail(f"say who is to {doing}: … as NAME ({', '.join(choices)})")


def guard(desk: Desk, intent: Intent, allowed: Callable[[WhatNow], bool], who: str,
          doing: str) -> Intent:
    """``intent``, refused at the moment of writing unless the engine expects ``who``
    to ``doing`` (a Narrator's steps go to the engine as they are)."""
    if desk.narrator:
        return intent

    def build(state: State) -> Sequence[Event]:
        from cli.common.board import next_line
        from conflict.whatnow import what_now

        if not allowed(what_now(state)):
            raise RuleViolation(f"it is not {who}'s move to {doing} now "
                                f"(next: {next_line(state)})")
        return intent(state)

    return build


def step(desk: Desk, args: list[str], doing: str,
         candidates: Callable[[WhatNow], Sequence[str]],
         allowed: Callable[[WhatNow, str], bool], build: Build) -> Reply:
    """Write one step for the character the line acts for, if it is its move."""
    from conflict.whatnow import what_now

    typed, rest = split_as(args)
    conflict, state = desk.current_conflict()
    now = what_now(state)
    actor = who(desk, state, typed, candidates(now), doing)
    intent = build(state, actor, rest)
    return desk.record_step(conflict, guard(desk, intent, lambda n: allowed(n, actor),
                                            actor, doing))


def _expecting(desk: Desk, args: list[str], doing: str, expect: str, build: Build,
               *, first: bool = False) -> Reply:
    """A step the engine asks of those in what-now's ``who`` when it expects
    ``expect`` (``first``: only the first of them; else all of them, when acting, or
    the only one)."""
    from conflict.whatnow import Expect

    wanted = Expect(expect)

    def allowed(now: WhatNow, actor: str) -> bool:
        if now.expect is not wanted:
            return False
        if first:
            return now.who[:1] == (actor,)
        return actor in now.who if wanted is Expect.ACT else now.who == (actor,)

    return step(desk, args, doing, lambda now: now.who if first or now.expect is wanted
                else (), allowed, build)


def declare(desk: Desk, args: list[str]) -> Reply:
    def build(_state: State, actor: str, rest: list[str]) -> Intent:
        if not rest or rest[0].casefold() not in KINDS:
            fail("declare what? d attack NAME 5 · d action 4 · d defense 4 · d noroll")
        kind = KINDS[rest[0].casefold()]
        return steps.declare(actor, aim(rest[1:], kind))

    return _expecting(desk, args, "declare", "declare", build, first=True)


def act(desk: Desk, args: list[str]) -> Reply:
    return _expecting(desk, args, "act", "act", lambda _s, actor, rest: steps.act(
        actor, number(rest[0], "the pool") if only(rest, 1, "a, or a 5") else None))


def hold(desk: Desk, args: list[str]) -> Reply:
    return _expecting(desk, args, "hold", "act",
                      lambda _s, actor, rest: bare(rest, "h", steps.hold(actor)))


def change(desk: Desk, args: list[str]) -> Reply:
    return _expecting(desk, args, "change", "act",
                      lambda _s, actor, rest: steps.change(actor, aim(rest, "action")))


def defend(desk: Desk, args: list[str]) -> Reply:
    return _expecting(desk, args, "defend", "defense", lambda _s, actor, rest: steps.defend(
        actor, number(rest[0], "the dice") if only(rest, 1, "def, or def 3") else None))


def take(desk: Desk, args: list[str]) -> Reply:
    return _expecting(desk, args, "take it", "defense",
                      lambda _s, actor, rest: bare(rest, "t", steps.take(actor)))


def react(desk: Desk, args: list[str]) -> Reply:
    from characters.lookup import resolve

    typed, rest = split_as(args)
    if not rest:
        fail("react with which Reaction? re NAME [DICE]")
    wanted, added = read_reaction(rest)

    def reactions(now: WhatNow) -> list[ReactOption]:
        from conflict.options import ReactOption

        return [o for o in now.options if isinstance(o, ReactOption)]

    def build(state: State, actor: str, _rest: list[str]) -> Intent:
        from conflict.whatnow import what_now

        mine = [o for o in reactions(what_now(state)) if o.name == actor]
        if not mine:
            fail(f"{actor} has no Reaction to use now")
        chosen = resolve(wanted, [o.reaction for o in mine], what=f"Reaction of {actor}")
        option = next(o for o in mine if o.reaction == chosen)
        return steps.react(actor, chosen, option.event(added).added)

    as_args = ["as", typed] if typed is not None else []
    return step(desk, [*as_args], "react",
                lambda now: list(dict.fromkeys(o.name for o in reactions(now))),
                lambda now, actor: any(o.name == actor for o in reactions(now)), build)


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

    def mine(now: WhatNow) -> list[str]:
        return [name for name in rollers(now)
                if desk.narrator or name_key(name) in desk.mine()][:1]

    return step(desk, args, "roll", mine, lambda now, actor: actor in rollers(now),
                lambda _s, _actor, _rest: steps.roll())


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def damage(desk: Desk, args: list[str]) -> Reply:
    def build(_state: State, _actor: str, rest: list[str]) -> Intent:
        nudges = number(rest[0], "the Nudges") if rest and rest[0] != "spend" else None
        spend, note = 0, ""
        if "spend" in rest:
            at = rest.index("spend")
            if at + 1 >= len(rest):
                fail("spend how many Nudges? dmg spend 1 knocks him down")
            spend, note = number(rest[at + 1], "the Nudges spent"), " ".join(rest[at + 2:])
        return steps.damage(nudges, spend, note)

    return _expecting(desk, args, "deal damage", "damage", build)


VERBS: Final[dict[str, Callable[[Desk, list[str]], Reply]]] = {
    "declare": declare, "act": act, "hold": hold, "change": change, "defend": defend,
    "take": take, "react": react, "damage": damage,
}
"""The verb of each of a player's Conflict steps (``roll`` with no pool is
:func:`roll`; with one, the shell rolls dice outside the Conflict)."""

WORDS: Final = verbs("declare d dec", "act a", "defend def", "react re", "take t", "hold h",
                     "change c", "damage dmg")
"""The words a player may start a Conflict step with, and the verb each means."""

HELP: Final = """\
On your move (the board says when):
 d attack marsh 5 [with dagger]
 d action 4 [at marsh] [harmless]
 d defense 4   d noroll [what]
 a [N]       act with N dice
 h           hold: dice → defense
 c 6 [marsh] change your action
 def [N]     defend against it
 re NAME [N] use a Reaction
 t           take it, no defense
 roll        roll your attack/defense
 dmg [N]     deal your attack's damage"""
"""The help of a player's Conflict steps, one line a verb."""

