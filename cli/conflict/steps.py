"""The step commands of ``mistborn conflict``: one per step of the engine.

Each reads the command line and hands its words to the library
(:mod:`conflict.intents`), which makes them into events built against the Conflict as
it stands when written (another process may have written first: the engine checks
again, :mod:`table.sessions`); the command then prints the library's sentence for what
happened and what comes next (``--json``: the same as JSON). Names are any unique
beginning or word of a participant's name. The dice are rolled by the tool unless
``roll --faces`` gives the dice rolled at the table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from cli.common.errors import fail
from cli.common.options import DIFFICULTY
from cli.common.table_option import complete_participant, open_table
from cli.conflict.group import chosen_conflict, common, conflict, record, report_undone, writer
from conflict.intents import Declaration, Intent, steps

__all__ = ["conflict"]

F = TypeVar("F", bound=Callable[..., Any])



# --- reading the command line --------------------------------------------------------


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
    """NAME declares KIND ("action", "attack", "defense" or "no-roll"), R-CON-7: the
    options made into the library's :class:`~conflict.intents.Declaration`."""
    return steps.declare(name, Declaration(
        kind, dice, target=target, no_harm=no_harm, attack_kind=attack_kind,
        resilience=resilience, equipment=equipment, using=using, traits=tuple(traits),
        tools=tuple(tools), circumstances=tuple(circumstances), description=description))


@conflict.command("test", short_help="Make an action a Contest or a Challenge.")
@click.argument("action")
@click.option("--contest/--challenge", default=True,
              help="Opposed by its target (default), or not (R-CON-9).")
@click.option("--difficulty", "-d", type=DIFFICULTY, default=0, help="Difficulty 0–5.")
@common
def test(action: str, contest: bool, difficulty: int, as_json: bool) -> None:
    """The Narrator sets ACTION as a Contest or a Challenge, and its Difficulty (R-CON-9).
    ACTION: its number (as the log tells it), its place on the board (2nd) or its
    actor's name."""
    with open_table() as table:
        record(table, steps.set_test(action, contest, difficulty), as_json=as_json)


@conflict.command("swap", short_help="Turn an attack against another Resilience.")
@click.argument("action")
@click.argument("resilience", type=click.Choice(["health", "reputation", "willpower"]))
@common
def swap(action: str, resilience: str, as_json: bool) -> None:
    """The Narrator turns attack ACTION against RESILIENCE; it keeps its kind (R-CON-8).
    ACTION: its number, its place on the board (2nd) or its actor's name."""
    with open_table() as table:
        record(table, steps.swap(action, resilience), as_json=as_json)


@conflict.command("reorder", short_help="Order participants tied on Wits.")
@click.argument("names", nargs=-1, required=True, metavar="NAME...",
                shell_complete=complete_participant)
@common
def reorder(names: Sequence[str], as_json: bool) -> None:
    """The Narrator orders NAME... (tied on Wits); the last declares last (R-CON-4)."""
    with open_table() as table:
        record(table, steps.reorder(names), as_json=as_json)


# --- step 2: acting ------------------------------------------------------------------------


@conflict.command("act", short_help="Act as declared, with a pool of Action Dice.")
@click.argument("name", shell_complete=complete_participant)
@click.argument("pool", type=int, required=False)
@common
def act(name: str, pool: int | None, as_json: bool) -> None:
    """NAME acts as declared with a pool of POOL dice (default: all it may roll); the
    Action Dice left become Defense Dice (R-CON-11)."""
    with open_table() as table:
        record(table, steps.act(name, pool), as_json=as_json)


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
    return steps.change(name, Declaration(
        "action", dice, target=target, no_harm=no_harm, attack_kind=attack_kind,
        resilience=resilience, equipment=equipment, using=using, traits=tuple(traits),
        tools=tuple(tools), circumstances=tuple(circumstances), description=description))


@conflict.command("hold", short_help="Do nothing: Action Dice become Defense Dice.")
@click.argument("name", shell_complete=complete_participant)
@common
def hold(name: str, as_json: bool) -> None:
    """NAME holds: all its Action Dice become Defense Dice (R-CON-13)."""
    with open_table() as table:
        record(table, steps.hold(name), as_json=as_json)


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
        record(table, steps.defend(name, dice, number, granted), as_json=as_json)


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
        record(table, steps.react(name, reaction, added, number, granted), as_json=as_json)


@conflict.command("take", short_help="The target does not defend.")
@click.argument("name", shell_complete=complete_participant)
@_action_option()
@_granted()
@common
def take(name: str, number: int | None, granted: int | None, as_json: bool) -> None:
    """NAME does not defend against the action (R-CON-15d)."""
    with open_table() as table:
        record(table, steps.take(name, number, granted), as_json=as_json)


# --- the dice and what follows ----------------------------------------------------------------


@conflict.command("roll", short_help="Roll the dice of the action being resolved.")
@click.option("--faces", metavar="F", help="The actor's dice rolled at the table: 5,5,3 "
                                            "(a group: its kept roll, or every member's "
                                            "5,5,3/4,4,1).")
@click.option("--against", "against", multiple=True, metavar="[NAME=]F",
              help="A defender's dice rolled at the table, as --faces: 4,4,1 (a group: "
                   "its kept roll, or every member's 4,4,1/3,2,2); NAME= when several "
                   "roll.")
@_action_option()
@common
def roll(faces: str | None, against: Sequence[str], number: int | None, as_json: bool) -> None:
    """Roll the action being resolved (R-CON-14/17): the tool rolls whatever is not
    given with --faces and --against."""
    with open_table() as table:
        record(table, steps.roll(faces, against, number), as_json=as_json)


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
        record(table, steps.damage(nudges, spend, note, number), as_json=as_json)


@conflict.command("defeat", short_help="Take a participant out (yields, flees…).")
@click.argument("name", shell_complete=complete_participant)
@click.option("--reason", default="", metavar="TEXT", help="Why, in words.")
@common
def defeat(name: str, reason: str, as_json: bool) -> None:
    """The Narrator takes NAME out of the Conflict (R-CON-21)."""
    with open_table() as table:
        record(table, steps.defeat(name, reason), as_json=as_json)


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
        record(table, steps.end_round(anyway=anyway), as_json=as_json)


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
        record(table, steps.end(said), as_json=as_json)


@conflict.command("undo", short_help="Take back your last step (history keeps it).")
@click.option("--anyone", is_flag=True,
              help="Take back the last step even when someone else wrote it.")
@common
def undo(anyone: bool, as_json: bool) -> None:
    """Take back the last step of the Conflict, if you wrote it (--as, or $MISTBORN_AS);
    --anyone takes it back whoever wrote it. It stays in the log, marked undone."""
    from conflict import saved as conflicts
    from table import NotYourStep

    with open_table() as table:
        name = conflicts.find(table, chosen_conflict())
        try:
            undid = conflicts.undo(table, name, who=writer(), own=not anyone)
        except NotYourStep as error:
            fail(f"{error} (undo --anyone takes it back)")
    report_undone(undid, as_json=as_json)
