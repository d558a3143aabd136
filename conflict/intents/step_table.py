"""The Conflict's table of steps (R-CON-4 … R-CON-21): every step of a round and the
Narrator's calls on it, declared once; the ``conflict`` step commands, the player
shell's verbs and who may take each, the help listings and Tab completion are made
from it (:mod:`core.steps`).

A step's values are read from a command line by its parameters, or from a line of
words by its ``phrase`` (the player shell's ``d attack marsh 5 with dagger``, read by
the one grammar of :func:`conflict.intents.words.aim`); either way ``build`` hands them
to the step's intent (:mod:`conflict.intents.steps`), built against the Conflict as it
stands when written. Who may take a step is what-now's (:mod:`conflict.whatnow`): the
participant the engine expects; the Narrator's calls are the host's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from conflict.errors import BadValue
from core.steps import Kind, Param, Step, Steps, Values, Who, text

if TYPE_CHECKING:
    from conflict.events import Event
    from conflict.state import State
    from conflict.whatnow import WhatNow

__all__ = ["STEPS"]

KINDS_OF_ATTACK: Final = ("physical", "social", "mental")
RESILIENCES: Final = ("health", "reputation", "willpower")


# --- words read from the state --------------------------------------------------------------


def _participants(state: State | None, typed: str) -> Sequence[str]:
    return [] if state is None else [p.name for p in state.participants]


def _equipment(state: State | None, typed: str) -> Sequence[str]:
    if state is None:
        return []
    return sorted({item.name for p in state.participants for item in p.character.equipment})


def _reactions(state: State | None, typed: str) -> Sequence[str]:
    if state is None:
        return []
    return sorted({r.name for p in state.participants for r in p.character.reactions})


def _sources(state: State | None, typed: str) -> Sequence[str]:
    from characters.model import ATTRIBUTES, STANDINGS

    powers = [] if state is None else sorted(
        {power.name for p in state.participants for power in p.character.powers})
    return [*ATTRIBUTES, *STANDINGS, *powers]


# --- who may take a step: what-now's ----------------------------------------------------


def _now(state: State) -> WhatNow:
    from conflict.whatnow import what_now

    return what_now(state)


def _expected(expect: str, *, first: bool = False, all_of: bool = False) -> Any:
    """``may(state, name)``: the engine expects ``expect`` of ``name`` (``first``: the
    first it names; ``all_of``: any it names, acting at once; else the only one)."""

    def may(state: State, name: str) -> bool:
        from conflict.whatnow import Expect

        now = _now(state)
        if now.expect is not Expect(expect):
            return False
        if first:
            return now.who[:1] == (name,)
        return name in now.who if all_of else now.who == (name,)

    return may


def _may_react(state: State, name: str) -> bool:
    from conflict.options import ReactOption

    return any(isinstance(o, ReactOption) and o.name == name for o in _now(state).options)


def _may_roll(state: State, name: str) -> bool:
    from conflict.whatnow import Expect

    now = _now(state)
    return now.expect is Expect.ROLL and name in now.roll.rollers


# --- a line of words read into a step's values -------------------------------------------------


def _whole(text: str, what: str, param: str) -> int:
    from conflict.intents.words import number_or_text, refused

    value = number_or_text(text)
    if not isinstance(value, int):
        raise refused(BadValue, f"{what} must be a whole number, got {text[:40]!r}",
                      param=param, value=text)
    return value


def _at_most(words: Sequence[str], most: int) -> Sequence[str]:
    """``words`` when they are at most ``most``; a word too many is a slip to tell (the
    door that read them says how the step is typed)."""
    from conflict.intents.words import refused

    if len(words) > most:
        raise refused(BadValue, f"one word too many: {' '.join(words[most:])[:30]!r}")
    return words


def _aimed(words: Sequence[str], kind: str) -> dict[str, Any]:
    import attrs

    from conflict.intents.words import aim

    return attrs.asdict(aim(list(words), kind), recurse=False)


def _declared(words: Sequence[str]) -> dict[str, Any]:
    from conflict.intents.words import KINDS, refused

    if not words or words[0].casefold() not in KINDS:
        raise refused(BadValue, "declare what: an attack, an action, full defense or an "
                                "action that needs no roll", "R-CON-7", param="kind")
    return _aimed(words[1:], KINDS[words[0].casefold()])


def _one_number(param: str, what: str) -> Any:
    def phrase(words: Sequence[str]) -> dict[str, Any]:
        _at_most(words, 1)
        return {param: _whole(words[0], what, param) if words else None}

    return phrase


def _nothing() -> Any:
    def phrase(words: Sequence[str]) -> dict[str, Any]:
        _at_most(words, 0)
        return {}

    return phrase


def _reacting(words: Sequence[str]) -> dict[str, Any]:
    from conflict.intents.words import read_reaction, refused

    if not words:
        raise refused(BadValue, "react with which Reaction?", "R-CON-16", param="reaction")
    reaction, added = read_reaction(words)
    return {"reaction": reaction, "added": added or 0}


def _damaging(words: Sequence[str]) -> dict[str, Any]:
    from conflict.intents.words import refused

    words = list(words)
    nudges = _whole(words[0], "the Nudges", "nudges") if words and words[0] != "spend" \
        else None
    spend, note = 0, ""
    if "spend" in words:
        at = words.index("spend")
        if at + 1 >= len(words):
            raise refused(BadValue, "spend how many Nudges?", "R-CON-18", param="spend")
        spend, note = _whole(words[at + 1], "the Nudges spent", "spend"), \
            " ".join(words[at + 2:])
    return {"nudges": nudges, "spend": spend, "note": note}


def _testing(words: Sequence[str]) -> dict[str, Any]:
    from conflict.intents.words import refused

    if len(words) < 2 or words[1].casefold() not in {"contest", "challenge"}:
        raise refused(BadValue, "say the action and contest or challenge", "R-CON-9",
                      param="contest")
    difficulty = _whole(words[2], "the Difficulty", "difficulty") if len(words) > 2 else 0
    # The action as the command line takes it: its number, place (2nd) or actor's name.
    return {"action": words[0], "contest": words[1].casefold() == "contest",
            "difficulty": difficulty}


def _swapping(words: Sequence[str]) -> dict[str, Any]:
    from conflict.intents.words import refused

    if len(words) != 2 or words[1].casefold() not in RESILIENCES:
        raise refused(BadValue, "say the action and the Resilience it hurts", "R-CON-8",
                      param="resilience")
    return {"action": words[0], "resilience": words[1].casefold()}


def _named(param: str, what: str, rest: str = "") -> Any:
    def phrase(words: Sequence[str]) -> dict[str, Any]:
        from conflict.intents.words import refused

        if not words:
            raise refused(BadValue, f"say {what}", param=param)
        found: dict[str, Any] = {param: list(words) if not rest else words[0]}
        if rest:
            found[rest] = " ".join(words[1:])
        return found

    return phrase


# --- what each step builds ---------------------------------------------------------------------


def _declaration(kind: str, v: Values) -> Any:
    from conflict.intents.words import Declaration

    return Declaration(kind, v["dice"], target=v["target"], no_harm=v["no_harm"],
                       attack_kind=v["attack_kind"], resilience=v["resilience"],
                       equipment=v["equipment"], using=v["using"],
                       traits=tuple(v["traits"]), tools=tuple(v["tools"]),
                       circumstances=tuple(v["circumstances"]),
                       description=v["description"])


def _declare(state: State, v: Values) -> Sequence[Event]:
    from conflict.intents import steps

    return steps.declare(v["name"], _declaration(v["kind"], v))(state)


def _change(state: State, v: Values) -> Sequence[Event]:
    from conflict.intents import steps

    return steps.change(v["name"], _declaration("action", v))(state)


def _intent(name: str, *params: str, **fixed: Any) -> Any:
    """``build`` calling the intent ``name`` of :mod:`conflict.intents.steps` with the
    values of ``params`` in order (and ``fixed`` keywords)."""

    def build(state: State, v: Values) -> Sequence[Event]:
        from conflict.intents import steps

        return getattr(steps, name)(*(v[p] for p in params), **fixed)(state)  # type: ignore[no-any-return]

    return build


def _end_round(state: State, v: Values) -> Sequence[Event]:
    from conflict.intents import steps

    return steps.end_round(anyway=v["anyway"])(state)


def _end(state: State, v: Values) -> Sequence[Event]:
    from conflict.intents import steps
    from conflict.intents.words import refused

    said = " ".join(text(v["outcome"]).split())
    if not said:
        raise refused(BadValue, "say how it ends, in words: the crew escapes", "R-CON-21",
                      param="outcome")
    return steps.end(said)(state)


# --- the parameters ------------------------------------------------------------------------------

_NAME = Param("name", "The participant (any unique beginning or word of its name).",
              Kind.NAME, positional=True, required=True, seat=True,
              complete=_participants)
_ACTION = Param("action", "The action (default: the one being resolved).", Kind.NUMBER,
                metavar="N")
_GRANTED = Param("granted", "Defense Dice the Narrator grants a target whose action needs "
                            "no roll (R-CON-7c; default: its Attribute).", Kind.NUMBER,
                 low=0, high=20, metavar="N")
_AIM: Final = (
    Param("target", "Whom it is aimed at.", Kind.NAME, short="t", metavar="NAME",
          complete=_participants),
    Param("no_harm", "Aimed at the target without harming it: a feint, a grab "
                     "(R-CON-8a).", Kind.FLAG, option="no-harm"),
    Param("attack_kind", "The attack's kind (default: the Conflict's nature).", Kind.CHOICE,
          option="kind", choices=KINDS_OF_ATTACK),
    Param("resilience", "The Resilience it hurts (default: the kind's).", Kind.CHOICE,
          short="r", choices=RESILIENCES),
    Param("equipment", "Equipment on the sheet whose damage bonus it adds (- for none).",
          Kind.NAME, option="with", short="w", metavar="GEAR", complete=_equipment),
    Param("using", "Figure the dice from the sheet: an Attribute, Standing or Power.",
          Kind.NAME, short="u", metavar="SOURCE", complete=_sources),
    Param("traits", "A Trait that applies (+1 die; repeat for more).", option="trait",
          repeat=True, metavar="TRAIT"),
    Param("tools", "A Tool that applies (+1 die).", option="tool", repeat=True,
          metavar="TOOL"),
    Param("circumstances", "A Circumstance that applies (+1 die).", option="circumstance",
          repeat=True, metavar="TEXT"),
    Param("description", "What is done, in words.", option="about", short="m", default="",
          metavar="TEXT"),
)

_ACT, _DEFENSE, _DECLARE = "act", "defense", "declare"

STEPS: Final[Steps[State]] = Steps("conflict", "R-CON-10", (
    # --- step 1: declarations and the Narrator's calls on them
    Step("declare", "Declare an action, full defense or no-roll action.", _declare, (
        _NAME,
        Param("kind", "What is declared.", Kind.CHOICE, positional=True, required=True,
              choices=("action", "attack", "defense", "no-roll")),
        Param("dice", "The dice (or {using} SOURCE).", positional=True, metavar="DICE"),
        *_AIM),
         help="{name} declares (R-CON-7): an action needing a roll with {dice} Action Dice "
              "(an attack with {target}), full defense with {dice} Defense Dice, or an "
              "action that needs no roll. {using} in place of {dice} figures the dice from "
              "the sheet.",
         who=Who.SEAT, may=_expected(_DECLARE, first=True), rule="R-CON-4",
         aliases=("d", "dec"), phrase=_declared,
         usage="d attack NAME 5 [with GEAR] · d action 4 [at NAME] [harmless] · "
               "d defense 4 · d noroll [what]"),
    Step("test", "Make an action a Contest or a Challenge.", _intent(
        "set_test", "action", "contest", "difficulty"), (
        Param("action", "The action: its number, its place on the board (2nd) or its "
                        "actor's name.", positional=True, required=True),
        Param("contest", "Opposed by its target (default), or not (R-CON-9).", Kind.FLAG,
              default=True, off="challenge"),
        Param("difficulty", "Difficulty 0–5.", Kind.NUMBER, short="d", default=0,
              metavar="D")),
         help="The Narrator sets {action} as a Contest or a Challenge, and its Difficulty "
              "(R-CON-9). {action}: its number (as the log tells it), its place on the "
              "board (2nd) or its actor's name.",
         who=Who.HOST, phrase=_testing, usage="test N contest|challenge [D]"),
    Step("swap", "Turn an attack against another Resilience.", _intent(
        "swap", "action", "resilience"), (
        Param("action", "The attack: its number, place on the board or actor's name.",
              positional=True, required=True),
        Param("resilience", "The Resilience it hurts now.", Kind.CHOICE, positional=True,
              required=True, choices=RESILIENCES)),
         help="The Narrator turns attack {action} against {resilience}; it keeps its kind "
              "(R-CON-8). {action}: its number, its place on the board (2nd) or its "
              "actor's name.",
         who=Who.HOST, phrase=_swapping, usage="swap N health|reputation|willpower"),
    Step("reorder", "Order participants tied on Wits.", _intent("reorder", "names"), (
        Param("names", "The participants tied on Wits, in order.", Kind.NAME,
              positional=True, many=True, required=True, metavar="NAME...",
              complete=_participants),),
         help="The Narrator orders {names} (tied on Wits); the last declares last "
              "(R-CON-4).",
         who=Who.HOST, phrase=_named("names", "who, in order"), usage="reorder NAME NAME …"),
    # --- step 2: acting
    Step("act", "Act as declared, with a pool of Action Dice.", _intent(
        "act", "name", "pool"), (
        _NAME,
        Param("pool", "The pool (default: all it may roll).", Kind.NUMBER,
              positional=True)),
         help="{name} acts as declared with a pool of {pool} dice (default: all it may "
              "roll); the Action Dice left become Defense Dice (R-CON-11).",
         who=Who.SEAT, may=_expected(_ACT, all_of=True), aliases=("a",),
         phrase=_one_number("pool", "the pool"), usage="a [N]"),
    Step("change", "Declare a new action instead (halved dice).", _change, (
        _NAME, Param("dice", "The dice, figured afresh then halved.", positional=True,
                     metavar="DICE"), *_AIM),
         help="{name} declares a new action: {dice} figured afresh, then halved (never more "
              "than it holds); it acts at the end of the round (R-CON-12).",
         who=Who.SEAT, may=_expected(_ACT, all_of=True), rule="R-CON-12",
         aliases=("c",), phrase=lambda words: _aimed(words, "action"),
         usage="c 6 [NAME]"),
    Step("hold", "Do nothing: Action Dice become Defense Dice.", _intent("hold", "name"),
         (_NAME,),
         help="{name} holds: all its Action Dice become Defense Dice (R-CON-13).",
         who=Who.SEAT, may=_expected(_ACT, all_of=True), rule="R-CON-13",
         aliases=("h",), phrase=_nothing(), usage="h"),
    # --- against an action: defense, Reactions, taking it
    Step("defend", "The target spends dice to defend.", _intent(
        "defend", "name", "dice", "action", "granted"), (
        _NAME, Param("dice", "The dice spent (default: what-now's).", Kind.NUMBER,
                     positional=True), _ACTION, _GRANTED),
         help="{name} defends with {dice} of its Action or Defense Dice (R-CON-15). "
              "Default: every Defense Die it may spend, or the fewest Action Dice.",
         who=Who.SEAT, may=_expected(_DEFENSE), rule="R-CON-15", aliases=("def",),
         phrase=_one_number("dice", "the dice"), usage="def [N]"),
    Step("react", "Use a Reaction, for oneself or an ally.", _intent(
        "react", "name", "reaction", "added", "action", "granted"), (
        _NAME,
        Param("reaction", "The Reaction.", Kind.NAME, positional=True, required=True,
              complete=_reactions),
        Param("added", "Its own dice it adds.", Kind.NUMBER, positional=True, default=0),
        _ACTION, _GRANTED),
         help="{name} uses {reaction} against the action, adding {added} of its own dice "
              "(R-CON-16); an ally of the target may react for it.",
         who=Who.SEAT, may=_may_react, rule="R-CON-16", aliases=("re",),
         phrase=_reacting, usage="re NAME [N]"),
    Step("take", "The target does not defend.", _intent(
        "take", "name", "action", "granted"), (_NAME, _ACTION, _GRANTED),
         help="{name} does not defend against the action (R-CON-15d).",
         who=Who.SEAT, may=_expected(_DEFENSE), rule="R-CON-15", aliases=("t",),
         phrase=_nothing(), usage="t"),
    # --- the dice and what follows
    Step("roll", "Roll the dice of the action being resolved.", _intent(
        "roll", "faces", "against", "action"), (
        Param("faces", "The actor's dice rolled at the table: 5,5,3 (a group: its kept "
                       "roll, or every member's 5,5,3/4,4,1).", Kind.FACES, metavar="F"),
        Param("against", "A defender's dice rolled at the table, as {faces}: 4,4,1 (a "
                         "group: its kept roll, or every member's 4,4,1/3,2,2); NAME= when "
                         "several roll.", Kind.FACES, repeat=True, metavar="[NAME=]F"),
        _ACTION),
         help="Roll the action being resolved (R-CON-14/17): the actor's dice and each "
              "defender's at once; the tool rolls those not rolled at the table.",
         who=Who.SEAT, may=_may_roll, rule="R-CON-14", phrase=_nothing(),
         usage="roll"),
    Step("damage", "Apply a successful attack's damage.", _intent(
        "damage", "nudges", "spend", "note", "action"), (
        Param("nudges", "Nudges applied to damage (default: all not spent).", Kind.NUMBER,
              low=0, high=20, metavar="N"),
        Param("spend", "Nudges spent on another effect instead (R-CON-18).", Kind.NUMBER,
              default=0, low=0, high=20, metavar="N"),
        Param("note", "What the spent Nudges did.", default="", metavar="TEXT"),
        _ACTION),
         help="Apply the damage of the successful attack: 1 + Nudges + equipment "
              "(R-CON-18).",
         who=Who.SEAT, may=_expected("damage"), rule="R-CON-18", aliases=("dmg",),
         phrase=_damaging, usage="dmg [N] · dmg [N] spend N what"),
    Step("defeat", "Take a participant out (yields, flees…).", _intent(
        "defeat", "name", "reason"), (
        Param("name", "The participant.", Kind.NAME, positional=True, required=True,
              complete=_participants),
        Param("reason", "Why, in words.", default="", metavar="TEXT")),
         help="The Narrator takes {name} out of the Conflict (R-CON-21).",
         who=Who.HOST, phrase=_named("name", "who", rest="reason"),
         usage="defeat NAME [why]"),
    Step("end-round", "End the round: unspent dice are lost.", _end_round, (
        Param("anyway", "Start the next round though one side alone is standing (someone "
                        "is about to join).", Kind.FLAG),),
         help="End the round; the next starts with declarations (R-CON-21). When one side "
              "alone is left standing, the Conflict is decided: end it with its outcome "
              "(or start another round with {anyway}, if someone is about to join).",
         who=Who.HOST, aliases=("endround",), phrase=lambda _words: {"anyway": True},
         usage="endround"),
    Step("end", "End the Conflict with its outcome.", _end, (
        Param("outcome", "How it ends, in words.", positional=True, many=True),),
         help="End the Conflict with {outcome} in words (R-CON-21). Heroes' and Villains' "
              "damage then reaches their sheets in the table.",
         who=Who.HOST, phrase=lambda words: {"outcome": tuple(words)},
         usage="end OUTCOME"),
))
"""Every step of a Conflict, in the order every listing of them shows them."""
