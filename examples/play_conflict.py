"""Play a whole Conflict through the library alone, as a tool author would.

Two Heroes and a band of hazekillers fight on the rooftops. The script never applies a
rule itself: it asks the engine what comes next (``conflict.next()``), picks one of the
legal options with a simple policy, builds the event from the option
(``option.event(...)``), rolls the dice from a seeded random source and prints the
library's own sentence for each event (``describe``). The Narrator's one job left is to
end the Conflict.

    python examples/play_conflict.py        # seed 7
    python examples/play_conflict.py 42     # another fight
"""

from __future__ import annotations

import random
import shutil
import sys
import textwrap

from characters import (
    Attributes,
    Equipment,
    ExtraGroup,
    Reaction,
    Resilience,
    Resiliences,
    Sheet,
    Standings,
    dice_for,
)
from conflict import (
    ActOption,
    AddParticipant,
    Conflict,
    DefendOption,
    DiceFrom,
    EndConflictOption,
    EndRound,
    Event,
    Expect,
    HoldOption,
    Nature,
    ReactOption,
    Start,
    TakeItOption,
    describe,
)

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
        option = now.option
        me = state.participant(option.name)
        foes = [t for t in option.targets if state.participant(t).side != me.side]
        if me.is_group:
            # The Narrator's Extras: Physique and their bows (a Tool) at a random Hero.
            bows = dice_for(me.character, "physique", tools=["Bows"])
            return option.action(bows, target=rng.choice(foes),
                                 equipment="Obsidian-tipped arrows")
        health = me.resilience("health")
        if health is not None and health.current <= 3:
            # Badly hurt: full defense (R-CON-7b), with the dice the option figures from
            # the sheet: Physique, in a physical Conflict.
            return option.defense()
        # Physique plus the Hero's first Trait, with the Hero's weapon.
        pool = dice_for(me.character, "physique", traits=me.character.traits[:1])
        return option.action(pool, target=rng.choice(foes),
                             equipment=me.character.equipment[0].name)
    if now.expect is Expect.ACT:
        for act in now.options:
            if isinstance(act, ActOption):
                # Keep a die back for defense when there are plenty.
                return act.event(act.max_pool - 1 if act.max_pool > 4 else act.max_pool)
        # Nothing to roll with (or the target is down): hold.
        return next(o for o in now.options if isinstance(o, HoldOption)).event()
    if now.expect is Expect.DEFENSE:
        for choice in now.options:
            if isinstance(choice, ReactOption) and choice.on_behalf_of is None:
                return choice.event(choice.min_added)
            if isinstance(choice, DefendOption):
                if choice.dice_from is DiceFrom.DEFENSE:
                    return choice.event(min(3, choice.max_dice))
                if choice.max_dice >= 4:  # defend with 2, keep 2 or more to act
                    return choice.event(2)
        take = [o for o in now.options if isinstance(o, TakeItOption)]
        return take[0].event()
    if now.expect is Expect.DAMAGE:
        return now.damage.event()  # all the Nudges rolled
    raise AssertionError(f"the policy does not handle {now.expect}")


# --- 3. The game loop ---------------------------------------------------------------


def say(text: str) -> None:
    """Print a log line wrapped to the terminal (or $COLUMNS): phones show 40 columns."""
    width = max(20, shutil.get_terminal_size((80, 24)).columns)
    print(textwrap.fill(text, width=width, subsequent_indent="  ", break_on_hyphens=False))


def play(conflict: Conflict, event: Event) -> None:
    """Push ``event`` (a refused event would raise and change nothing) and narrate it."""
    before = conflict.state
    conflict.push(event)
    say(describe(before, event, conflict.state))


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
            # Ending is offered like any other choice (first once a side is defeated).
            ending = next(o for o in now.options if isinstance(o, EndConflictOption))
            if ending.defeated or conflict.state.round >= MAX_ROUNDS:
                beaten = ", ".join(ending.defeated)
                outcome = (f"the {beaten} side is beaten" if beaten
                           else f"no side gives in after {MAX_ROUNDS} rounds")
                conflict.push(ending.event(outcome))
                break
            conflict.push(EndRound())  # unspent dice are lost
            say(f"Round {conflict.state.round}")
            continue
        if now.expect is Expect.ROLL:
            play(conflict, now.roll.event(rng))  # faces drawn from the seeded source
            continue
        play(conflict, choose(conflict, rng))
    line = (f"The Conflict ends in round {conflict.state.round}: {conflict.state.outcome} "
            f"({len(conflict)} events)")
    say(line)
    return line


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
