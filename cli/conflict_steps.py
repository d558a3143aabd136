"""The step commands of ``mistborn conflict``: one per step of the engine.

Each reads the command line, says what it wants as events built against the Conflict
as it stands when written (another process may have written first: the engine checks
again, :mod:`conflict.table.sessions`), and prints the library's sentence for what
happened and what comes next (``--json``: the same as JSON). Names are any unique
beginning or word of a participant's name. The dice are rolled by the tool unless
``roll --faces`` gives the dice rolled at the table.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import click

from cli.conflicts import (
    common,
    conflict,
    participant,
    record,
    report_undone,
    writer,
)
from cli.main import fail
from cli.options import DIFFICULTY, face_tokens, number_or_text
from cli.table_option import complete_participant, open_table
from conflict.errors import possessive

if TYPE_CHECKING:
    from characters.pools import DicePool
    from conflict.events import Event
    from conflict.state import State

__all__ = ["conflict"]

F = TypeVar("F", bound=Callable[..., Any])
Intent = Callable[["State"], list["Event"]]
"""What a step wants written, built against the Conflict as it stands when written.
The ``*_intent`` builders below are shared by these commands and the player shell."""

_ROLLERS = re.compile(r"\s*/\s*")


# --- reading the command line --------------------------------------------------------


def faces_rows(text: str, what: str) -> list[list[int | str]]:
    """Dice typed by hand: ``5,5,3`` for one roller, ``5,5,3/4,4,1`` for a group's
    members (one list per roller); each face is judged by the engine (R-DICE-1)."""
    rows = []
    for chunk in _ROLLERS.split(text.strip()):
        tokens = face_tokens(chunk)
        if tokens is None:
            fail(f"{what} {text[:40]!r} has a comma with no face beside it; write the "
                 f"dice rolled, e.g. 5,5,3 (a group: 5,5,3/4,4,1)")
        if not tokens:
            fail(f"{what} needs the dice rolled, e.g. 5,5,3 (a group: 5,5,3/4,4,1)")
        rows.append([number_or_text(token) for token in tokens])
    return rows


def pending_or(state: State, number: int | None, doing: str) -> int:
    """The action meant: the one given, else the one being resolved."""
    if number is not None:
        return number
    if state.pending is None:
        fail(f"no action is being resolved: say which to {doing} with --action N")
    return state.pending


def aim_options(function: F) -> F:
    """What an action is aimed at, shared by ``declare`` and ``change`` (R-CON-8/8a)."""
    for option in reversed([
        click.option("--target", "-t", metavar="NAME", help="Whom it is aimed at."),
        click.option("--no-harm", is_flag=True,
                     help="Aimed at the target without harming it: a feint, a grab "
                          "(R-CON-8a)."),
        click.option("--kind", "attack_kind", type=click.Choice(["physical", "social",
                                                                 "mental"]),
                     help="The attack's kind (default: the Conflict's nature)."),
        click.option("--resilience", "-r", type=click.Choice(["health", "reputation",
                                                              "willpower"]),
                     help="The Resilience it hurts (default: the kind's)."),
        click.option("--with", "-w", "equipment", metavar="GEAR",
                     help="Equipment on the sheet whose damage bonus it adds."),
        click.option("--using", "-u", metavar="SOURCE",
                     help="Figure the dice from the sheet: an Attribute, Standing or "
                          "Power."),
        click.option("--trait", "traits", multiple=True, metavar="TRAIT",
                     help="A Trait that applies (+1 die; repeat for more)."),
        click.option("--tool", "tools", multiple=True, metavar="TOOL",
                     help="A Tool that applies (+1 die)."),
        click.option("--circumstance", "circumstances", multiple=True, metavar="TEXT",
                     help="A Circumstance that applies (+1 die)."),
        click.option("--about", "-m", "description", default="", metavar="TEXT",
                     help="What is done, in words."),
    ]):
        function = option(function)
    return function


def figured(state: State, name: str, dice: str | None, using: str | None,
            traits: Sequence[str], tools: Sequence[str], circumstances: Sequence[str]
            ) -> int | DicePool:
    """The dice declared: a count, or figured from the sheet (R-DICE-1)."""
    if using is not None:
        from characters.lookup import resolve
        from characters.model import ATTRIBUTES, STANDINGS
        from characters.pools import dice_for

        character = state.participant(name).character
        sources = [*ATTRIBUTES, *STANDINGS, *(p.name for p in character.powers)]
        pool = dice_for(character, resolve(using, sources, what="source of dice"),
                        traits=[resolve(t, character.traits, what="Trait") for t in traits],
                        tools=tools, circumstances=circumstances)
        if dice is not None and number_or_text(dice) != pool.count:
            fail(f"DICE {dice} disagrees with --using: {pool.describe()}")
        return pool
    if traits or tools or circumstances:
        fail("--trait, --tool and --circumstance add to --using SOURCE; give it too")
    if dice is None:
        fail("give the number of dice, or --using SOURCE to figure them from the sheet")
    value = number_or_text(dice)
    if not isinstance(value, int):
        fail(f"dice must be a whole number, got {dice!r}"[:100])
    return value


def gear(state: State, who: str, typed: str | None) -> str | None:
    """The equipment on ``who``'s sheet that ``typed`` means ("glass" → "Glass dagger")."""
    if typed is None:
        return None
    from characters.lookup import resolve

    owned = [item.name for item in state.participant(who).character.equipment]
    return resolve(typed, owned, what=f"equipment of {who}")


# --- step 1: declarations and the Narrator's calls ------------------------------------------


@conflict.command("declare", short_help="Declare an action, full defense or no-roll action.")
@click.argument("name", shell_complete=complete_participant)
@click.argument("kind", type=click.Choice(["action", "attack", "defense", "no-roll"]))
@click.argument("dice", required=False)
@aim_options
@common
def declare(name: str, kind: str, dice: str | None, target: str | None, no_harm: bool,
            attack_kind: str | None, resilience: str | None, equipment: str | None,
            using: str | None, traits: Sequence[str], tools: Sequence[str],
            circumstances: Sequence[str], description: str, as_json: bool) -> None:
    """NAME declares (R-CON-7): an action needing a roll with DICE Action Dice (an
    attack with --target), full defense with DICE Defense Dice, or an action that needs
    no roll. --using figures the dice from the sheet."""
    with open_table() as table:
        record(table, declare_intent(name, kind, dice, target=target, no_harm=no_harm,
                                     attack_kind=attack_kind, resilience=resilience,
                                     equipment=equipment, using=using, traits=traits,
                                     tools=tools, circumstances=circumstances,
                                     description=description), as_json=as_json)


def declare_intent(name: str, kind: str, dice: str | None, *, target: str | None = None,
                   no_harm: bool = False, attack_kind: str | None = None,
                   resilience: str | None = None, equipment: str | None = None,
                   using: str | None = None, traits: Sequence[str] = (),
                   tools: Sequence[str] = (), circumstances: Sequence[str] = (),
                   description: str = "") -> Intent:
    """NAME declares KIND ("action", "attack", "defense" or "no-roll"), R-CON-7."""
    from conflict.events import Declare

    if kind == "attack" and target is None:
        fail("an attack needs --target NAME")
    if kind in ("defense", "no-roll"):
        aimed = [flag for flag, given in (("--target", target), ("--no-harm", no_harm),
                                          ("--kind", attack_kind),
                                          ("--resilience", resilience),
                                          ("--with", equipment)) if given]
        if aimed:
            what = "full defense (R-CON-7b)" if kind == "defense" else \
                "an action that needs no roll (R-CON-7c)"
            verb = "goes" if len(aimed) == 1 else "go"
            fail(f"{' and '.join(aimed)} {verb} with an action aimed at someone; {what} "
                 f"is aimed at no one")
    if kind == "no-roll" and (dice is not None or using is not None):
        fail("an action that needs no roll takes no dice (R-CON-7c)")

    def build(state: State) -> list[Event]:
        who = participant(state, name)
        if kind == "no-roll":
            return [Declare.no_roll(who, description=description)]
        count = figured(state, who, dice, using, traits, tools, circumstances)
        if kind == "defense":
            return [Declare.defense(who, count, description=description)]
        aimed = participant(state, target) if target is not None else None
        return [Declare.action(who, count, target=aimed, harm=not no_harm,
                               attack_kind=attack_kind, resilience=resilience,
                               equipment=gear(state, who, equipment),
                               description=description)]

    return build


@conflict.command("test", short_help="Make an action a Contest or a Challenge.")
@click.argument("action", type=int)
@click.option("--contest/--challenge", default=True,
              help="Opposed by its target (default), or not (R-CON-9).")
@click.option("--difficulty", "-d", type=DIFFICULTY, default=0, help="Difficulty 0–5.")
@common
def test(action: int, contest: bool, difficulty: int, as_json: bool) -> None:
    """The Narrator sets ACTION as a Contest or a Challenge, and its Difficulty (R-CON-9)."""
    with open_table() as table:
        record(table, set_test_intent(action, contest, difficulty), as_json=as_json)


def set_test_intent(action: int, contest: bool, difficulty: int) -> Intent:
    """The Narrator sets an action's test and Difficulty (R-CON-9)."""
    from conflict.events import SetTest

    return lambda _state: [SetTest(action=action, contest=contest, difficulty=difficulty)]


@conflict.command("swap", short_help="Turn an attack against another Resilience.")
@click.argument("action", type=int)
@click.argument("resilience", type=click.Choice(["health", "reputation", "willpower"]))
@common
def swap(action: int, resilience: str, as_json: bool) -> None:
    """The Narrator turns attack ACTION against RESILIENCE; it keeps its kind (R-CON-8)."""
    with open_table() as table:
        record(table, swap_intent(action, resilience), as_json=as_json)


def swap_intent(action: int, resilience: str) -> Intent:
    """The Narrator turns an attack against another Resilience (R-CON-8)."""
    from conflict.events import SwapResilience

    return lambda _state: [SwapResilience(action=action, resilience=resilience)]


@conflict.command("reorder", short_help="Order participants tied on Wits.")
@click.argument("names", nargs=-1, required=True, metavar="NAME...",
                shell_complete=complete_participant)
@common
def reorder(names: Sequence[str], as_json: bool) -> None:
    """The Narrator orders NAME... (tied on Wits); the last declares last (R-CON-4)."""
    with open_table() as table:
        record(table, reorder_intent(names), as_json=as_json)


def reorder_intent(names: Sequence[str]) -> Intent:
    """The Narrator orders participants tied on Wits (R-CON-4)."""
    from conflict.events import Reorder

    return lambda state: [Reorder(tuple(participant(state, n) for n in names))]


# --- step 2: acting ------------------------------------------------------------------------


@conflict.command("act", short_help="Act as declared, with a pool of Action Dice.")
@click.argument("name", shell_complete=complete_participant)
@click.argument("pool", type=int, required=False)
@common
def act(name: str, pool: int | None, as_json: bool) -> None:
    """NAME acts as declared with a pool of POOL dice (default: all it may roll); the
    Action Dice left become Defense Dice (R-CON-11)."""
    with open_table() as table:
        record(table, act_intent(name, pool), as_json=as_json)


def act_intent(name: str, pool: int | None) -> Intent:
    """NAME acts as declared with POOL dice, default all it may roll (R-CON-11)."""
    from conflict.events import Act

    def build(state: State) -> list[Event]:
        who = participant(state, name)
        # Default: all it may roll. Fewer than 2 dice are no pool (R-CON-11): ask for 2
        # and let the rules say why not (acted already, or too few: hold instead).
        size = pool if pool is not None else \
            max(2, min(10, state.participant(who).round.action_dice))
        return [Act(who, pool=size)]

    return build


@conflict.command("change", short_help="Declare a new action instead (halved dice).")
@click.argument("name", shell_complete=complete_participant)
@click.argument("dice", required=False)
@aim_options
@common
def change(name: str, dice: str | None, target: str | None, no_harm: bool,
           attack_kind: str | None, resilience: str | None, equipment: str | None,
           using: str | None, traits: Sequence[str], tools: Sequence[str],
           circumstances: Sequence[str], description: str, as_json: bool) -> None:
    """NAME declares a new action: DICE figured afresh, then halved (never more than it
    holds); it acts at the end of the round (R-CON-12)."""
    with open_table() as table:
        record(table, change_intent(name, dice, target=target, no_harm=no_harm,
                                    attack_kind=attack_kind, resilience=resilience,
                                    equipment=equipment, using=using, traits=traits,
                                    tools=tools, circumstances=circumstances,
                                    description=description), as_json=as_json)


def change_intent(name: str, dice: str | None, *, target: str | None = None,
                  no_harm: bool = False, attack_kind: str | None = None,
                  resilience: str | None = None, equipment: str | None = None,
                  using: str | None = None, traits: Sequence[str] = (),
                  tools: Sequence[str] = (), circumstances: Sequence[str] = (),
                  description: str = "") -> Intent:
    """NAME declares a new action, its dice halved (R-CON-12)."""
    from characters.pools import DicePool
    from conflict.events import Change

    def build(state: State) -> list[Event]:
        who = participant(state, name)
        count = figured(state, who, dice, using, traits, tools, circumstances)
        aimed = participant(state, target) if target is not None else None
        source = count.describe() if isinstance(count, DicePool) else ""
        number = count.count if isinstance(count, DicePool) else count
        return [Change(who, dice=number, source=source, description=description,
                       target=aimed, harm=not no_harm, attack_kind=attack_kind,
                       resilience=resilience, equipment=gear(state, who, equipment))]

    return build


@conflict.command("hold", short_help="Do nothing: Action Dice become Defense Dice.")
@click.argument("name", shell_complete=complete_participant)
@common
def hold(name: str, as_json: bool) -> None:
    """NAME holds: all its Action Dice become Defense Dice (R-CON-13)."""
    with open_table() as table:
        record(table, hold_intent(name), as_json=as_json)


def hold_intent(name: str) -> Intent:
    """NAME holds (R-CON-13)."""
    from conflict.events import Hold

    return lambda state: [Hold(participant(state, name))]


# --- against an action: defense, Reactions, taking it ------------------------------------


def _granted() -> Callable[[F], F]:
    return click.option("--granted", type=click.IntRange(0, 20), metavar="N",
                        help="Defense Dice the Narrator grants a target whose action needs "
                             "no roll (R-CON-7c; default: its Attribute).")


def _action_option() -> Callable[[F], F]:
    return click.option("--action", "number", type=int, metavar="N",
                        help="The action (default: the one being resolved).")


@conflict.command("defend", short_help="The target spends dice to defend.")
@click.argument("name", shell_complete=complete_participant)
@click.argument("dice", type=int, required=False)
@_action_option()
@_granted()
@common
def defend(name: str, dice: int | None, number: int | None, granted: int | None,
           as_json: bool) -> None:
    """NAME defends with DICE of its Action or Defense Dice (R-CON-15). Default: every
    Defense Die it may spend, or the fewest Action Dice."""
    with open_table() as table:
        record(table, defend_intent(name, dice, number, granted), as_json=as_json)


def defend_intent(name: str, dice: int | None, number: int | None = None,
                  granted: int | None = None) -> Intent:
    """NAME defends with DICE, default what-now's (R-CON-15)."""
    from conflict.events import Defend
    from conflict.whatnow import AwaitingDefense, what_now

    def build(state: State) -> list[Event]:
        who = participant(state, name)
        action = pending_or(state, number, "defend against")
        count = dice
        if count is None:
            now = what_now(state)
            option = now.defend if isinstance(now, AwaitingDefense) else None
            if option is None or option.name != who:
                fail(f"{who} has no defense to make now; say how many dice")
            count = option.event().dice
        return [Defend(who, action=action, dice=count, granted=granted)]

    return build


@conflict.command("react", short_help="Use a Reaction, for oneself or an ally.")
@click.argument("name", shell_complete=complete_participant)
@click.argument("reaction")
@click.argument("added", type=int, required=False, default=0)
@_action_option()
@_granted()
@common
def react(name: str, reaction: str, added: int, number: int | None, granted: int | None,
          as_json: bool) -> None:
    """NAME uses REACTION against the action, adding ADDED of its own dice (R-CON-16);
    an ally of the target may react for it."""
    with open_table() as table:
        record(table, react_intent(name, reaction, added, number, granted), as_json=as_json)


def react_intent(name: str, reaction: str, added: int, number: int | None = None,
                 granted: int | None = None) -> Intent:
    """NAME uses REACTION, adding ADDED dice (R-CON-16)."""
    from characters.lookup import resolve
    from conflict.events import React

    def build(state: State) -> list[Event]:
        who = participant(state, name)
        reactions = [r.name for r in state.participant(who).character.reactions]
        chosen = resolve(reaction, reactions, what=f"Reaction of {who}")
        return [React(who, action=pending_or(state, number, "react to"), reaction=chosen,
                      added=added, granted=granted)]

    return build


@conflict.command("take", short_help="The target does not defend.")
@click.argument("name", shell_complete=complete_participant)
@_action_option()
@_granted()
@common
def take(name: str, number: int | None, granted: int | None, as_json: bool) -> None:
    """NAME does not defend against the action (R-CON-15d)."""
    with open_table() as table:
        record(table, take_intent(name, number, granted), as_json=as_json)


def take_intent(name: str, number: int | None = None, granted: int | None = None) -> Intent:
    """NAME does not defend (R-CON-15d)."""
    from conflict.events import TakeIt

    return lambda state: [TakeIt(participant(state, name),
                                 action=pending_or(state, number, "take"), granted=granted)]


# --- the dice and what follows ----------------------------------------------------------------


@conflict.command("roll", short_help="Roll the dice of the action being resolved.")
@click.option("--faces", metavar="F", help="The actor's dice rolled at the table: 5,5,3 "
                                            "(a group: 5,5,3/4,4,1).")
@click.option("--against", "against", multiple=True, metavar="[NAME=]F",
              help="A defender's dice rolled at the table (NAME= when several roll).")
@_action_option()
@common
def roll(faces: str | None, against: Sequence[str], number: int | None, as_json: bool) -> None:
    """Roll the action being resolved (R-CON-14/17): the tool rolls whatever is not
    given with --faces and --against."""
    with open_table() as table:
        record(table, roll_intent(faces, against, number), as_json=as_json)


def roll_intent(faces: str | None = None, against: Sequence[str] = (),
                number: int | None = None) -> Intent:
    """Roll the action being resolved; dice given by hand are used as given
    (R-CON-14/17)."""
    from conflict.whatnow import AwaitingRoll, what_now

    def build(state: State) -> list[Event]:
        now = what_now(state)
        if not isinstance(now, AwaitingRoll) or (number is not None and number != now.action):
            from cli.board import next_line

            fail(f"no action is waiting for its roll (next: {next_line(state)})")
        given: dict[str, Any] = {}
        for text in against:
            name, _, dice = text.rpartition("=")
            if not name:
                if len(now.roll.defenders) != 1:
                    fail("several roll against this action: write --against NAME=F")
                name = now.roll.defenders[0].name
            found = participant(state, name)
            if found in given:
                fail(f"--against gives {possessive(found)} dice twice; give each defender's once")
            given[found] = faces_rows(dice, "--against")
        attacker = faces_rows(faces, "--faces") if faces is not None else None
        return [now.roll.event(attacker=attacker, defenders=given)]  # type: ignore[arg-type]

    return build


@conflict.command("damage", short_help="Apply a successful attack's damage.")
@click.option("--nudges", type=click.IntRange(0, 20), metavar="N",
              help="Nudges applied to damage (default: all not spent).")
@click.option("--spend", type=click.IntRange(0, 20), default=0, metavar="N",
              help="Nudges spent on another effect instead (R-CON-18).")
@click.option("--note", default="", metavar="TEXT", help="What the spent Nudges did.")
@_action_option()
@common
def damage(nudges: int | None, spend: int, note: str, number: int | None,
           as_json: bool) -> None:
    """Apply the damage of the successful attack: 1 + Nudges + equipment (R-CON-18)."""
    with open_table() as table:
        record(table, damage_intent(nudges, spend, note, number), as_json=as_json)


def damage_intent(nudges: int | None = None, spend: int = 0, note: str = "",
                  number: int | None = None) -> Intent:
    """Apply the successful attack's damage (R-CON-18)."""
    from conflict.events import ApplyDamage

    return lambda state: [ApplyDamage(action=pending_or(state, number, "damage"),
                                      nudges=nudges, spent=spend, note=note)]


@conflict.command("defeat", short_help="Take a participant out (yields, flees…).")
@click.argument("name", shell_complete=complete_participant)
@click.option("--reason", default="", metavar="TEXT", help="Why, in words.")
@common
def defeat(name: str, reason: str, as_json: bool) -> None:
    """The Narrator takes NAME out of the Conflict (R-CON-21)."""
    with open_table() as table:
        record(table, defeat_intent(name, reason), as_json=as_json)


def defeat_intent(name: str, reason: str = "") -> Intent:
    """The Narrator takes NAME out (R-CON-21)."""
    from conflict.events import Defeat

    return lambda state: [Defeat(participant(state, name), reason=reason)]


@conflict.command("end-round", short_help="End the round: unspent dice are lost.")
@click.option("--anyway", is_flag=True,
              help="Start the next round though one side alone is standing (someone is "
                   "about to join).")
@common
def end_round(anyway: bool, as_json: bool) -> None:
    """End the round; the next starts with declarations (R-CON-21). When one side
    alone is left standing, the Conflict is decided: end it with its outcome (or start
    another round with --anyway, if someone is about to join)."""
    with open_table() as table:
        record(table, end_round_intent(anyway=anyway), as_json=as_json)


def end_round_intent(*, anyway: bool = True) -> Intent:
    """End the round (R-CON-21); unless ``anyway``, refused when no two sides are left
    standing to fight another round."""
    from conflict.events import EndRound

    def build(state: State) -> list[Event]:
        standing = [side for side, count in state.standing if count > 0]
        if not anyway and len(state.standing) > 1 and len(standing) <= 1:
            beaten = [side for side, count in state.standing if count == 0]
            fail(f"R-CON-21: the {', '.join(beaten)} side{'s are' if len(beaten) > 1 else ' is'}"
                 f" beaten, so another round would be against no one: end the Conflict "
                 f"(mistborn conflict end OUTCOME), or --anyway if someone is about to join")
        return [EndRound()]

    return build


@conflict.command("end", short_help="End the Conflict with its outcome.")
@click.argument("outcome", nargs=-1)
@common
def end(outcome: Sequence[str], as_json: bool) -> None:
    """End the Conflict with OUTCOME in words (R-CON-21). Heroes' and Villains' damage
    then reaches their sheets in the table."""
    said = " ".join(" ".join(outcome).split())
    if not said:
        raise click.UsageError("say how it ends: mistborn conflict end OUTCOME "
                               "(mistborn conflict end the crew escapes)")
    with open_table() as table:
        record(table, end_intent(said), as_json=as_json)


def end_intent(outcome: str) -> Intent:
    """End the Conflict with its outcome (R-CON-21)."""
    from conflict.events import EndConflict

    return lambda _state: [EndConflict(outcome)]


@conflict.command("undo", short_help="Take back the last step (history keeps it).")
@common
def undo(as_json: bool) -> None:
    """Take back the last step of the Conflict. It stays in the log, marked undone."""
    from cli.conflicts import chosen_conflict
    from conflict import saved as conflicts

    with open_table() as table:
        name = conflicts.find(table, chosen_conflict())
        undid = conflicts.undo(table, name, who=writer())
    report_undone(undid, as_json=as_json)
