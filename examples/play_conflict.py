"""Play a whole Conflict through the library alone, as a tool author would.

Two Heroes and a band of hazekillers fight on the rooftops. The script never applies a
rule itself: it asks the engine what comes next (``conflict.next()``), picks one of the
legal options with a simple policy, rolls the dice from a seeded random source and
prints what happens. The Narrator's one job left is to end the Conflict.

    python examples/play_conflict.py        # seed 7
    python examples/play_conflict.py 42     # another fight
"""

from __future__ import annotations

import random
import shutil
import sys
import textwrap

from characters.model import (
    Attributes,
    Equipment,
    ExtraGroup,
    Reaction,
    Resilience,
    Resiliences,
    Sheet,
    Standings,
)
from characters.pools import dice_for
from conflict.engine import Conflict
from conflict.events import (
    Act,
    AddParticipant,
    ApplyDamage,
    Declare,
    Defend,
    EndConflict,
    EndRound,
    Event,
    Hold,
    Nature,
    React,
    Start,
    TakeIt,
)
from conflict.state import DiceFrom
from conflict.whatnow import ActOption, DeclareOption, DefendOption, Expect, ReactOption

MAX_ROUNDS = 6

# --- 1. The characters: plain values from the `characters` package ------------------

TAMSIN = Sheet(
    name="Tamsin Vey", kind="hero",
    attributes=Attributes(physique=4, charm=2, wits=4),
    standings=Standings(resources=3, influence=3, spirit=6),
    resiliences=Resiliences(health=Resilience(8), reputation=Resilience(5),
                            willpower=Resilience(7)),
    traits=("Rooftop runner",),
    equipment=(Equipment("Glass dagger", damage=1),),
    reactions=(Reaction("Push away incoming metal", dice=3),),
)
BRANNOCH = Sheet(
    name="Brannoch", kind="hero",
    attributes=Attributes(physique=5, charm=3, wits=4),
    standings=Standings(resources=3, influence=4, spirit=8),
    resiliences=Resiliences(health=Resilience(9), reputation=Resilience(6),
                            willpower=Resilience(9)),
    traits=("Unshakable calm",),
    equipment=(Equipment("Iron-shod staff", damage=1),),
)
HAZEKILLERS = ExtraGroup(
    name="Hazekillers", count=8,
    attributes=Attributes(physique=4, charm=2, wits=3),
    equipment=(Equipment("Obsidian-tipped arrows", damage=1),),
)


# --- 2. A simple policy: one legal choice for whatever the engine waits for ----------


def choose(conflict: Conflict, rng: random.Random) -> Event:
    """The next event, built only from the options the engine offers."""
    state = conflict.state
    now = conflict.next()
    if now.expect is Expect.DECLARE:
        option = now.options[0]
        assert isinstance(option, DeclareOption)
        me = state.participant(option.name)
        foes = [t for t in option.targets if state.participant(t).side != me.side]
        if me.is_group:
            # The Narrator's Extras: Physique and their bows (a Tool) at a random Hero.
            pool = dice_for(me.character, "physique", tools=["Bows"])
            return Declare.action(me.name, pool, target=rng.choice(foes),
                                  equipment="Obsidian-tipped arrows")
        health = me.resilience("health")
        if health is not None and health.current <= 3:
            # Badly hurt: full defence with Physique dice (R-CON-7b).
            return Declare.defense(me.name, dice_for(me.character, "physique"))
        # Physique plus the Hero's first Trait, with the Hero's weapon.
        pool = dice_for(me.character, "physique", traits=me.character.traits[:1])
        return Declare.action(me.name, pool, target=rng.choice(foes),
                              equipment=me.character.equipment[0].name)
    if now.expect is Expect.ACT:
        for option in now.options:
            if isinstance(option, ActOption):
                # Keep a die back for defence when there are plenty.
                size = option.max_pool - 1 if option.max_pool > 4 else option.max_pool
                return Act(option.name, size)
        return Hold(now.who[0])  # nothing to roll with (or the target is down): hold
    if now.expect is Expect.DEFENCE:
        for option in now.options:
            if isinstance(option, ReactOption):
                return React(option.name, option.action, option.reaction, option.min_added)
            if isinstance(option, DefendOption):
                if option.dice_from is DiceFrom.DEFENSE:
                    return Defend(option.name, option.action, min(3, option.max_dice))
                if option.max_dice >= 4:  # defend with 2, keep 2 or more to act
                    return Defend(option.name, option.action, 2)
        assert now.action is not None
        return TakeIt(now.who[0], now.action)
    if now.expect is Expect.DAMAGE:
        assert now.action is not None
        return ApplyDamage(now.action)  # all the Nudges rolled
    raise AssertionError(f"the policy does not handle {now.expect}")


# --- 3. A plain-text log line for each event ------------------------------------------


def faces(roll: object) -> str:
    return " ".join(str(face) for face in getattr(roll, "faces", ()))


def describe(conflict: Conflict, event: Event) -> str:
    state = conflict.state
    if isinstance(event, Declare):
        if event.target is not None:
            return f"{event.name} declares an attack on {event.target} ({event.source})"
        return f"{event.name} declares {event.kind.value} ({event.source})"
    if isinstance(event, Act):
        kept = state.participant(event.name).round.defense_dice
        return f"{event.name} acts with a pool of {event.pool} ({kept} kept for defence)"
    if isinstance(event, Hold):
        return f"{event.name} holds"
    if isinstance(event, Defend):
        return f"{event.name} defends with {event.dice} dice"
    if isinstance(event, React):
        return f"{event.name} reacts: {event.reaction} (+{event.added} dice)"
    if isinstance(event, TakeIt):
        return f"{event.name} does not defend"
    if isinstance(event, ApplyDamage):
        action = state.action(event.action)
        assert action is not None and action.target is not None
        target = state.participants[action.target]
        if target.is_group:
            left = f"{target.members} left" if target.members else "all out"
            return f"  {target.name} lose {action.damage} of their number: {left}"
        health = target.resilience("health")
        assert health is not None
        down = " — defeated" if target.defeated else ""
        return (f"  {target.name} takes {action.damage} damage: Health "
                f"{health.current}/{health.full}{down}")
    return type(event).__name__


def describe_roll(conflict: Conflict, number: int) -> str:
    action = conflict.state.action(number)
    assert action is not None and action.attacker_roll is not None

    def best(rollers: int) -> str:  # a group rolls once per member and keeps the best
        return f" (best of {rollers})" if rollers > 1 else ""

    mine = action.attacker_roll
    text = (f"  roll {faces(mine)}{best(action.members)}: Result {mine.result}, "
            f"{mine.nudges} Nudge(s)")
    if action.defender_roll is not None and action.defence is not None:
        theirs = action.defender_roll
        text += (f" against {faces(theirs)}{best(action.defence.members)}: Result "
                 f"{theirs.result}, {theirs.nudges} Nudge(s)")
    assert action.outcome is not None
    return f"{text} -> {action.outcome.value}"


# --- 4. The game loop ---------------------------------------------------------------


def say(text: str) -> None:
    """Print a log line wrapped to the terminal (or $COLUMNS): phones show 40 columns."""
    width = max(20, shutil.get_terminal_size((80, 24)).columns)
    indent = " " * (len(text) - len(text.lstrip()) + 2)
    print(textwrap.fill(text, width=width, subsequent_indent=indent, break_on_hyphens=False))



def main(seed: int) -> str:
    rng = random.Random(seed)  # seeded: the same fight every time
    conflict = Conflict()
    conflict.push(Start(Nature.PHYSICAL, stakes="the rooftop cache", scope="one street"))
    for character, side in ((TAMSIN, "crew"), (BRANNOCH, "crew"),
                            (HAZEKILLERS, "hazekillers")):
        conflict.push(AddParticipant(character, side))
    say(f"Round {conflict.state.round}")
    while True:
        now = conflict.next()
        if now.expect is Expect.END_ROUND:
            # The engine never ends a Conflict: the Narrator does, with an outcome.
            if now.sides_defeated or conflict.state.round >= MAX_ROUNDS:
                beaten = ", ".join(now.sides_defeated)
                outcome = (f"the {beaten} side is beaten" if beaten
                           else f"no side gives in after {MAX_ROUNDS} rounds")
                conflict.push(EndConflict(outcome))
                break
            conflict.push(EndRound())  # unspent dice are lost
            say(f"Round {conflict.state.round}")
            continue
        if now.expect is Expect.ROLL:
            rolled = conflict.roll(rng)  # faces drawn and pushed in one call
            say(describe_roll(conflict, rolled.action))
            continue
        event = choose(conflict, rng)
        conflict.push(event)  # a refused event would raise and change nothing
        say(describe(conflict, event))
    line = (f"The Conflict ends in round {conflict.state.round}: {conflict.state.outcome} "
            f"({len(conflict)} events)")
    say(line)
    return line


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
