"""A game's table of steps: each step a player or the host may take, declared once
beside the game's rules, from which every front door is made.

A :class:`Step` says everything a door needs to offer it: its name and aliases, its
:class:`Param` s (typed: a name from the state, a number with its bounds, dice faces, a
choice, free text, a flag — each knowing how to complete itself from the state), who
may take it (:class:`Who`), its one-line and longer help, and ``build``, the function
that turns the parsed values into the step's events against the game as it stands.
The click commands, the player shell's verbs, Tab completion, the help listings and
the check of who may act are all made from these entries (``cli``), so a new step is
one entry in its game's :class:`Steps` and its rules: the way one move of a chess
library serves pushing, printing and parsing alike.

A parameter is known everywhere by its table name (``dice``, ``target``); each door
words it its own way (``--with`` or ``DICE`` in click, ``with`` in the shell), so a
refusal that names a parameter names the table's name and each door shows its own.

A game offers what may be done now from the same table: each step's ``offer`` says
when and for whom, and :meth:`Steps.options` lists them as :class:`Option` s that build
their events, as a Conflict's what-now does. A step that rolls dice draws them from the
random source an option is given (``option.events(rng=random.Random(7))``, found in its
values under :data:`RANDOM`), so that a program replays a game from a seed; without one
it rolls as the command line does, from the operating system's secure source.

This module imports no project package but :mod:`core` (pure: no click, no Rich).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Final, Generic, TypeVar

import attrs

from core.errors import Malformed, RuledError

__all__ = ["RANDOM", "Kind", "MissingValue", "Offered", "Option", "Param", "Step", "Steps",
           "Values", "Who", "Wording", "Words", "text"]

S = TypeVar("S")

Values = Mapping[str, Any]
"""A step's parsed values, by parameter name (absent options as their default)."""

RANDOM: Final = "rng"
"""Where a step's values carry the random source its dice are rolled from, when one was
given (:meth:`Option.events`): anything with ``randint``, as :class:`random.Random`.
Absent, a step that rolls uses the game's own (the operating system's secure source);
no parameter is called so."""

Wording = Callable[["Param", "str | None"], str]
"""``word(param, flag)``: how a front door names a step's parameter (``flag``: one of
its switches), where a help text says ``{name}`` (:meth:`Step.worded`)."""

Words = Callable[[str], "str | None"]
"""``words(name)``: how a front door gives a step's parameter that a library text names
by its table name (``rows``), or one of its switches (``setup``): the command line's
option of that name; ``None`` where the door has no words of its own, and the library's plain
wording stands. A refusal's parameter (``cli.common.errors.said``) and what comes next
on a board game's screen (:class:`boardgames.screen.Phrase`) are worded so."""

_NAMED = re.compile(r"\{([a-z][a-z0-9_-]*)\}")

Complete = Callable[[Any, str], Sequence[str]]
"""``complete(state, typed)``: the words a parameter may take that begin as ``typed``
does, read from the game as it stands (``state`` is ``None`` where no game is loaded)."""


class Who(enum.Enum):
    """Who may take a step. The host (the Narrator at a Conflict, whoever runs the game
    at a board game) may take every step, for any seat."""

    HOST = "host"
    """Only the host: set-up, a card only the table sees, a correction."""
    TURN = "turn"
    """The seat whose turn it is (the game's own ``players(state)`` says whose)."""
    SEAT = "seat"
    """A seat the rules name, whoever's turn it is (the Target's holder passing it on,
    each House revealing its own cards): :attr:`Step.may` says whether a seat may."""
    ANYONE = "anyone"
    """Any player with a seat, at any time."""
    READ = "read"
    """Reads and writes nothing: anyone, at any time."""


class Kind(enum.Enum):
    """What a parameter's words are."""

    TEXT = "text"
    NUMBER = "number"
    CHOICE = "choice"
    NAME = "name"
    """A name from the state (a player, a character, a card): completed from it."""
    FACES = "faces"
    """Dice faces or dice chosen by position or symbol."""
    FLAG = "flag"
    """Given or not (a switch); with :attr:`Param.flags`, several switches set it."""


def _no_completion(state: Any, typed: str) -> Sequence[str]:
    return ()


def text(value: Any) -> Any:
    """A value of words as one text: a string whole, a list of words joined by spaces
    (as the command line gives several words: ``("My", "Birden")``), anything else (none
    given) as it is. Every step that reads a parameter's words as one text (a card's
    name) reads it so, whoever gave it: a program's ``card="My Birden"`` is never taken
    letter by letter."""
    if isinstance(value, (list, tuple)) and all(isinstance(word, str) for word in value):
        return " ".join(value)
    return value


@attrs.frozen
class Param:
    """One parameter of a :class:`Step`.

    ``name`` is its table name (and the keyword its value goes by); ``help`` one line.
    ``positional``: an argument, in order, rather than an option; ``many``: it takes
    every word up to the next option (a tuple of strings), each split at commas unless
    ``commas`` is false (tokens read whole by the game's grammar); ``repeat``: an option given
    once for each value (a tuple of strings); ``required``: it must be given.
    ``short``: a one-letter alias (``"w"``); ``option``: the option's long name where it
    differs from ``name`` (``with`` for ``dice``; ``contest/--challenge`` for a switch and
    its opposite); ``metavar`` how help shows its value. ``low``/``high`` bound a
    :attr:`Kind.NUMBER`; ``choices`` list a :attr:`Kind.CHOICE`'s words. ``flags``:
    switches that each set the parameter to their word, with their help
    (``{"mercenary": "It is a Mercenary."}``); ``off``: a :attr:`Kind.FLAG`'s opposite
    switch (``challenge`` for ``contest``); ``bare``: the value of
    an option given with no value (``--card`` alone). ``seat``: this parameter names
    who acts, and a player may name only their own seat there (``pairs``: its values
    are ``SEAT=…`` pairs, each of which must name it; ``seat_rule`` and ``seat_why``: the
    rule named and why, when not the game's turn rule). ``host_only``: only the host
    gives it at a phone, with the rule named (``"R-HW-5"``). ``complete``: the
    words it may take (:data:`Complete`); choices complete themselves.
    """

    name: str
    help: str
    kind: Kind = Kind.TEXT
    positional: bool = False
    many: bool = False
    commas: bool = True
    repeat: bool = False
    required: bool = False
    default: Any = None
    short: str | None = None
    option: str | None = None
    metavar: str | None = None
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()
    flags: Mapping[str, str] = attrs.field(factory=dict)
    bare: Any = None
    off: str | None = None
    seat: bool = False
    pairs: bool = False
    seat_rule: str = ""
    seat_why: str = ""
    host_only: str | None = None
    complete: Complete = _no_completion

    @property
    def spelt(self) -> str:
        """The parameter's word as an option (``with``) or an argument's metavar."""
        return self.option or self.name

    def read(self, value: Any) -> Any:
        """``value`` as the command line gives this parameter, whoever gave it: for one
        that takes several values (:attr:`many`, :attr:`repeat`), a tuple, a string
        taken whole as one of them (``what="2 money 1 food"``, ``card="Ally"``, never its
        letters); for free text (:attr:`Kind.TEXT`), a list of words as one text
        (:func:`text`). Anything else is left to the step's grammar to judge."""
        if self.many or self.repeat:
            if isinstance(value, str):
                return (value,)
            return tuple(value) if isinstance(value, list) else value
        return text(value) if self.kind is Kind.TEXT else value

    def words(self, state: Any, typed: str) -> list[str]:
        """What this parameter may be, completing ``typed``: its choices or flags, else
        what :attr:`complete` reads from ``state``."""
        found = self.choices or tuple(self.flags) or tuple(self.complete(state, typed))
        folded = typed.casefold()
        return [word for word in found if word.casefold().startswith(folded)]


@attrs.frozen
class Offered:
    """One way a step is offered now: ``seat`` takes it (``None``: the host), with
    ``values`` (by parameter name) its likely choice, as the rules' defaults give it.

    What the rules will want besides, that only the table knows, is said so that a
    program giving exactly :attr:`Option.needs` is accepted: ``needs`` names parameters
    the step does not always take but this way of taking it does (a new Problem's
    Urgency, printed on the card just drawn); ``either`` groups parameters of which the
    rules take at least one (a score's ``favor`` or ``disgrace``), or exactly one (a
    move's ``by`` or ``to``). The first of a group that has no value stands in
    :attr:`Option.needs`, the rest in :attr:`Option.instead`; a value given for one of a
    group replaces the values offered for the others (a move offered ``by=-1`` taken
    ``to="highest"``)."""

    seat: str | None = None
    values: Mapping[str, Any] = attrs.field(factory=dict)
    needs: tuple[str, ...] = ()
    either: tuple[tuple[str, ...], ...] = ()


class MissingValue(RuledError, Malformed):
    """An option's step was asked for its events without a value it needs (a card's
    name only the table knows): ``param`` names it."""


@attrs.frozen
class Option(Generic[S]):
    """A step the game offers now, able to build its events, as a Conflict's options
    do: ``seat`` takes it (``None``: the host), ``values`` are its likely choice, and
    :attr:`needs` the parameters still to give (what only the table knows: the card
    drawn, the dice rolled by hand). ``events(**values)`` builds the step's events
    against the game as it stood when offered; the rules judge them when pushed.
    ``wants`` and ``either`` are the offer's :attr:`Offered.needs` and
    :attr:`Offered.either`."""

    step: Step[S]
    state: S = attrs.field(repr=False, eq=False)
    seat: str | None = None
    values: Mapping[str, Any] = attrs.field(factory=dict)
    wants: tuple[str, ...] = ()
    either: tuple[tuple[str, ...], ...] = ()

    def __attrs_post_init__(self) -> None:
        names = {param.name for param in self.step.params}
        for name in (*self.wants, *(name for group in self.either for name in group)):
            if name not in names:
                raise ValueError(f"{self.step.name} has no parameter {name!r} to need")

    @property
    def name(self) -> str:
        """The step's name (``collect``, ``end-turn``)."""
        return self.step.name

    @property
    def needs(self) -> tuple[str, ...]:
        """The parameters the offer leaves to the caller, in the step's order: every one
        the rules will want, so that the events built with exactly these are accepted
        (given values the table could give). Where the rules take one of several (a
        score's Favor or Disgrace), the first stands for them and :attr:`instead` names
        the others. The step refuses (:class:`MissingValue`) only a required parameter
        left out; the rules judge the rest when the events are pushed."""
        needed = {p.name for p in self.step.params if p.required} | set(self.wants)
        needed |= {group[0] for group in self.either
                   if not any(name in self.values for name in group)}
        return tuple(p.name for p in self.step.params
                     if p.name in needed and p.name not in self.values)

    @property
    def instead(self) -> Mapping[str, tuple[str, ...]]:
        """For a parameter in :attr:`needs` that stands for several the rules take at
        least one of, the others, which may be given instead or besides (``{"favor":
        ("disgrace",)}``)."""
        return {group[0]: group[1:] for group in self.either
                if not any(name in self.values for name in group)}

    def events(self, *, rng: Any = None, **values: Any) -> Sequence[Any]:
        """The step's events with ``values`` (by parameter name) over its likely
        choice; :class:`MissingValue` when one it needs is not given. ``rng``: the
        random source a step that rolls dice draws them from (a seeded
        :class:`random.Random` replays a game; see :data:`RANDOM`); a step that rolls
        none takes nothing from it."""
        unknown = [name for name in values if name not in {p.name for p in self.step.params}]
        if unknown:
            raise MissingValue(f"{self.step.name} takes no {unknown[0]!r} (it takes "
                               f"{', '.join(p.name for p in self.step.params) or 'nothing'})",
                               param=unknown[0])
        offered = dict(self.values)
        for group in self.either:  # a value given for one replaces the others offered
            if any(name in values for name in group):
                for name in group:
                    if name not in values:
                        offered.pop(name, None)
        chosen = {**self.step.defaults(), **self.step.read({**offered, **values})}
        for param in self.step.params:
            if param.required and chosen.get(param.name) in (None, ()):
                raise MissingValue(f"{self.step.name} needs its {param.name}: "
                                   f"{param.help}", param=param.name)
        if rng is not None:
            chosen[RANDOM] = rng
        return self.step.build(self.state, chosen)


@attrs.frozen
class Step(Generic[S]):
    """One step of a game, declared once: see the module's docstring.

    ``build(state, values)`` gives the events to append, built against the game as it
    stands when written (another writer may have moved it on); the game's rules judge
    them again. ``summary`` is the one-line help of listings, ``help`` the longer one
    (the rules it rests on, by ID). ``who`` says who may take it, and ``rule`` the rule
    named when someone may not (the game's turn rule when empty). ``may(state, seat)``:
    for :attr:`Who.SEAT`, whether ``seat`` may take it now. ``rank`` orders listings:
    a game's own steps 0, what comes after them 1, 2… ``may_end``: one of the game's
    own steps, which may end the game when a player takes it (House War's worsen, add
    and solve); where the game names a rule for it (:attr:`Steps.end_rule`), any other
    step of a player's that would end the game is the host's.

    ``offer(state)``: the ways the game offers this step now, each an :class:`Offered`
    (who takes it and its likely values), none when it may not be taken now; a step
    without one is never offered (:meth:`Steps.options`).

    ``phrase``: where a step has a grammar of its own for a line of words (a
    declaration's ``attack marsh 5 with dagger``), it reads those words (after the
    step's name) into the step's values; ``usage`` shows that line's shape in a help
    listing. A step without one is read as its parameters, as on the command line.
    """

    name: str
    summary: str
    build: Callable[[S, Values], Sequence[Any]]
    params: tuple[Param, ...] = ()
    help: str = ""
    who: Who = Who.TURN
    aliases: tuple[str, ...] = ()
    rule: str = ""
    may: Callable[[S, str], bool] | None = None
    rank: int = 0
    phrase: Callable[[Sequence[str]], dict[str, Any]] | None = None
    usage: str = ""
    may_end: bool = False
    offer: Callable[[S], Sequence[Offered]] | None = None

    @property
    def shapes(self) -> tuple[str, ...]:
        """The shapes a line of this step may take, in order: its ``usage`` cut at each
        `` · `` (``d attack NAME 5 [with GEAR]``, ``d defense 4``…); none without one."""
        return tuple(self.usage.split(" · ")) if self.usage else ()

    def param(self, name: str) -> Param:
        """The parameter called ``name`` (its table name)."""
        for param in self.params:
            if param.name == name:
                return param
        raise KeyError(name)

    def worded(self, text: str, word: Wording) -> str:
        """``text`` (its help, a parameter's) with each ``{name}`` of one of its
        parameters, or of one of their switches, in a front door's words: the help names
        parameters, never a door's options (``--with``)."""

        def named(found: re.Match[str]) -> str:
            key = found.group(1)
            for param in self.params:
                if param.name == key:
                    return word(param, None)
                if key in param.flags or key == param.off:
                    return word(param, key)
            return found.group(0)

        return _NAMED.sub(named, text)

    def read(self, values: Values) -> dict[str, Any]:
        """``values`` (by parameter name) each as the command line gives it
        (:meth:`Param.read`): what a program gives is built as what is typed is."""
        by_name = {param.name: param for param in self.params}
        return {name: by_name[name].read(value) if name in by_name else value
                for name, value in values.items()}

    def defaults(self) -> dict[str, Any]:
        """Every parameter's value when not given."""
        return {p.name: (() if p.many or p.repeat else p.default) for p in self.params}


@attrs.frozen
class Steps(Generic[S]):
    """A game's table of steps, in the order its listings show them; ``kind`` is the
    game's stream kind and ``turn_rule`` the rule named when a step is not a player's
    to take (whose turn it is). ``end_rule``: the rule named when a player's step that
    is not one of the game's own (:attr:`Step.may_end`) would end the game (House War's
    hidden scores, R-HW-6); empty where any step may end it."""

    kind: str
    turn_rule: str
    steps: tuple[Step[S], ...]
    end_rule: str = ""
    _by_word: dict[str, Step[S]] = attrs.field(init=False, repr=False, eq=False)

    def __attrs_post_init__(self) -> None:
        words: dict[str, Step[S]] = {}
        for step in self.steps:
            if any(param.name == RANDOM for param in step.params):
                raise ValueError(f"{step.name} of {self.kind}: no parameter is called "
                                 f"{RANDOM!r} (its values carry the dice's random source)")
            for word in (step.name, *step.aliases):
                if word in words:
                    raise ValueError(f"two steps of {self.kind} are called {word!r}")
                words[word] = step
        object.__setattr__(self, "_by_word", words)

    def __iter__(self) -> Iterator[Step[S]]:
        return iter(sorted(self.steps, key=lambda step: step.rank))

    def __contains__(self, word: object) -> bool:
        return word in self._by_word

    def __getitem__(self, word: str) -> Step[S]:
        """The step called ``word`` (its name or an alias)."""
        return self._by_word[word]

    def get(self, word: str) -> Step[S] | None:
        """The step called ``word``, or ``None``."""
        return self._by_word.get(word)

    def names(self) -> list[str]:
        """Every step's name, in the listings' order."""
        return [step.name for step in self]

    def options(self, state: S) -> tuple[Option[S], ...]:
        """Every step the game offers now, each way it is offered (the steps' own
        :attr:`Step.offer`), in the listings' order: a driver picks one and pushes its
        events, needing no rule of its own."""
        return tuple(Option(step, state, offered.seat, offered.values, offered.needs,
                            offered.either)
                     for step in self if step.offer is not None
                     for offered in step.offer(state))

    def adding(self, *steps: Step[S]) -> Steps[S]:
        """This table with ``steps`` added (a game's table grows by one entry)."""
        return Steps(self.kind, self.turn_rule, (*self.steps, *steps), self.end_rule)
