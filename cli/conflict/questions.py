"""The questions of the guided round (:mod:`cli.conflict.run`), one function per step.

Each asks what it needs through the guide, with the likely choice as default and the
names and words it understands offered for Tab, and returns a build function: the
events to write, made from the Conflict as it stands when written (the engine checks
them again then). Each answer is read as it is given (``guide.answer(..., read)``): an
answer that cannot be read, or whose event the options refuse, is asked again on the
spot, so a declaration half answered is never lost. What a step must remember (a test
asked, allies asked to react) is kept only once the step is saved
(``guide.when_saved``). Every choice comes from what-now's options; nothing here
applies a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

import attrs
import click

from characters.lookup import resolve
from characters.model import Kind
from conflict.events import (
    AddParticipant,
    ApplyDamage,
    Change,
    Declare,
    Event,
    Hold,
    Nature,
    SetTest,
    TakeIt,
)
from conflict.intents import Intent, steps
from conflict.intents.words import (
    FACES_EXAMPLE,
    NOTHING,
    Declared,
    read_declaration,
    read_reaction,
)
from conflict.intents.words import read_dice as _read_dice
from conflict.intents.words import read_faces as _faces
from conflict.options import ActOption, ChangeOption
from conflict.state import Participant, State
from conflict.whatnow import (
    AwaitingActions,
    AwaitingDamage,
    AwaitingDeclare,
    AwaitingDefense,
    AwaitingEndRound,
    AwaitingRoll,
)

if TYPE_CHECKING:
    from characters.model import Character
    from characters.pools import DicePool
    from conflict.dice import RandomSource
    from conflict.intents.complete import Completion
    from conflict.state import Action as _Action


Build = Intent
Words = Sequence[str] | Callable[[str], Sequence["Completion"]]
"""What Tab offers at a question: words to complete, or what may come next given the
line typed so far (:func:`conflict.intents.complete.complete`)."""
"""What a step's answers come to: the events to write, made from the Conflict as it
stands when written."""
T = TypeVar("T")


class Asks(Protocol):
    """What a question needs of the guide."""

    rng: RandomSource | None
    tested: set[int]
    reacting_asked: set[int]

    def ask(self, question: str, default: str = "", words: Words = ()) -> str: ...

    def answer(self, question: str, default: str, words: Words,
               read: Callable[[str], T]) -> T: ...

    def when_saved(self, remember: Callable[[], None]) -> None: ...

    def say(self, text: str) -> None: ...


# --- helpers --------------------------------------------------------------------------------


def foes(state: State, person: Participant) -> list[Participant]:
    """Those standing on other sides, the most hurt first (the likely target)."""
    standing = [p for p in state.participants if p.side != person.side and not p.defeated]

    def left(p: Participant) -> tuple[int, int]:
        if p.resiliences is None:
            return (p.members, 0)
        value = p.resiliences.get(state.nature.resilience)
        return (value.current, value.full)

    return sorted(standing, key=left)


def nature_attribute(state: State, kind: str | None = None) -> str:
    """The Attribute an attack of ``kind`` calls on, by default the Conflict's nature
    (R-CON-1, R-CON-8): physical → Physique, social → Charm, mental → Wits."""
    return (Nature(kind) if kind else state.nature).defense_attribute


def _physical(state: State, said: Declared) -> bool:
    """Whether the attack said is physical (its kind as said, else the nature's)."""
    return (said.kind or state.nature.value) == "physical"


def tab(state: State, person: Participant, place: str) -> Words:
    """Tab for a question about ``person``'s ``place`` (a declaration, its dice, its
    equipment): every word in its place, from the library
    (:func:`conflict.intents.complete.complete`)."""
    from conflict.intents.complete import complete

    return lambda line: complete(state, person.name, line, place)


def figure(person: Participant, answer: str) -> int | DicePool:
    """Dice from an answer: a number, or ``source + trait + tool:X + circ:X``."""
    return _read_dice(person.character, answer)


def _gear(guide: Asks, person: Participant, said: Declared, physical: bool = True
          ) -> str | None:
    """The equipment an attack uses: as said, else asked (R-CON-18); the likely answer
    the best weapon for a physical attack, nothing for a social or mental one."""
    if said.verb != "attack" or said.equipment_said:
        return said.equipment
    owned = [item.name for item in person.character.equipment]
    if not owned:
        return None
    best = max(person.character.equipment, key=lambda item: item.damage).name \
        if physical else "-"

    def read(answer: str) -> str | None:
        if answer.lower() in NOTHING:
            return None
        return resolve(answer, owned, what="equipment")

    return guide.answer("  With (Tab; - for nothing)", best, owned, read)


def _default_declaration(state: State, person: Participant) -> str:
    against = foes(state, person)
    return f"attack {against[0].name}" if against else "action"


# --- the questions ----------------------------------------------------------------------------


def add_participants(guide: Asks, state: State) -> Build | None:
    """No one is left to declare: bring characters in from the table's roster."""
    from cli.common.table_option import open_table

    with open_table(create=False) as table:
        roster = table.names()
        taking_part = {p.name for p in state.participants}
        free = [n for n in roster if n not in taking_part]
        if not free:
            raise click.UsageError("no one in the table's roster is left to add: import "
                                   "sheets with mistborn char import FILE (or --examples)")

        def read(answer: str) -> list[Character]:
            chosen = [table.get(resolve(part, free)) for part in answer.split(",")
                      if part.strip()]
            if not chosen:
                raise click.UsageError("name someone to add, or Ctrl-C to leave")
            return chosen

        chosen = guide.answer("Add who? (Tab completes; several with commas)", "", free,
                              read)

    def build(_state: State) -> list[Event]:
        return [AddParticipant(c, "crew" if c.kind is Kind.HERO else "opposition")
                for c in chosen]

    return build


def declare(guide: Asks, state: State, now: AwaitingDeclare) -> Build:
    """The next declarer's declaration (R-CON-7, R-CON-8, R-CON-8a)."""
    option = now.option
    person = state.participant(option.name)
    verb = person.verb("declares", "declare")  # a group: "Canton guards declare"
    said = guide.answer(f"{person.name} (Wits {person.wits}) {verb}",
                        _default_declaration(state, person),
                        tab(state, person, "declaration"),
                        lambda text: read_declaration(text, option.targets,
                                                      option.equipment))
    if said.verb == "no-roll":
        event: Event = option.no_roll(description=said.description)
        return lambda _state: [event]
    attacking = said.verb in ("attack", "feint")
    attribute = nature_attribute(state, said.kind if attacking else None)
    value = getattr(person.character.attributes, attribute)

    def read(answer: str) -> Declare:
        dice = figure(person, answer)
        if said.verb == "defense":
            return option.defense(dice, description=said.description)
        return option.action(dice, target=said.target, harm=said.harm,
                             attack_kind=said.kind, resilience=said.resilience,
                             equipment=said.equipment, description=said.description)

    event = guide.answer(f"  Dice: a number, or a source + Traits ({attribute} is {value})",
                         said.dice or attribute, tab(state, person, "dice"), read)
    gear = _gear(guide, person, said, _physical(state, said))
    if gear != event.equipment:
        event = attrs.evolve(event, equipment=gear)
    return lambda _state: [event]


def set_test(guide: Asks, state: State, action: _Action) -> Build:
    """The Narrator's Challenge or Contest, and Difficulty, for one action (R-CON-9).
    Saved even when it leaves the action as it was (Enter), so the answer is kept: a
    resumed round does not ask it again. Remembered as asked only once the answer is
    saved: a refused one is asked again."""
    aimed = f" at {action.target}" if action.target else ""
    default = f"{'contest' if action.contest else 'challenge'} {action.difficulty}"

    def read(answer: str) -> SetTest:
        contest, difficulty = action.contest, action.difficulty
        for word in answer.lower().split():
            if word.isdigit():
                difficulty = int(word)
            else:
                contest = resolve(word, ["contest", "challenge"],
                                  what="test") == "contest"
        return SetTest(action=action.number, contest=contest, difficulty=difficulty)

    event = guide.answer(f"Action {action.number}, {action.actor}{aimed}: contest or "
                         f"challenge, Difficulty", default, ["contest", "challenge"], read)
    guide.when_saved(lambda: guide.tested.add(action.number))
    return lambda _state: [event]


def act(guide: Asks, state: State, now: AwaitingActions) -> Build:
    """The first of those acting now: act, change or hold (R-CON-11 … R-CON-13)."""
    name = now.who[0]
    person = state.participant(name)
    mine = now.options_for(name)
    acts = [o for o in mine if isinstance(o, ActOption)]
    changes = [o for o in mine if isinstance(o, ChangeOption)]
    dice = person.round.action_dice
    default = f"act {acts[0].max_pool}" if acts else "hold"

    def read(answer: str) -> Event | None:
        """The event chosen, or ``None`` for a change (asked next)."""
        words = answer.lower().split()
        verb = words[0] if words else "act"
        if verb.isdigit():
            words, verb = ["act", verb], "act"
        verb = resolve(verb, ["act", "change", "hold"], what="choice")
        if verb == "hold":
            return Hold(name)
        if verb == "change":
            if not changes:
                raise click.UsageError(f"{name} cannot change now (R-CON-12): act or hold")
            return None
        if not acts:
            raise click.UsageError(f"{name} has nothing to act with now: change or hold")
        size = int(words[1]) if len(words) > 1 and words[1].isdigit() else None
        return acts[0].event(size)

    verb = person.verb("acts", "act")
    chosen = guide.answer(f"{name} {verb} ({dice} Action {'Die' if dice == 1 else 'Dice'}):"
                          f" act N, change, hold",
                          default, ["act", "change", "hold"], read)
    if chosen is not None:
        return lambda _state: [chosen]
    targets = [p.name for p in state.participants if p.name != name and not p.defeated]
    said = guide.answer(f"  {name}'s new action", _default_declaration(state, person),
                        tab(state, person, "declaration"),
                        lambda text: _changed(read_declaration(
                            text, targets, [i.name for i in person.character.equipment])))

    def read_dice(answer: str) -> Change:
        figured = figure(person, answer)
        count = figured if isinstance(figured, int) else figured.count
        source = "" if isinstance(figured, int) else figured.describe()
        return changes[0].event(count, source=source, description=said.description,
                                target=said.target, harm=said.harm,
                                attack_kind=said.kind, resilience=said.resilience,
                                equipment=said.equipment)

    event = guide.answer("  Dice before halving", said.dice or str(2 * dice),
                         tab(state, person, "dice"), read_dice)
    gear = _gear(guide, person, said, _physical(state, said))
    if gear != event.equipment:
        event = attrs.evolve(event, equipment=gear)
    return lambda _state: [event]


def _changed(said: Declared) -> Declared:
    if said.verb in ("defense", "no-roll"):
        raise click.UsageError("a changed action needs a roll: attack, feint or action")
    return said


def defense(guide: Asks, state: State, now: AwaitingDefense) -> Build:
    """The target's choice against a Contest (R-CON-15, R-CON-16)."""
    target = now.who[0]
    assert now.action is not None
    number = now.action
    action = state.action(number)
    assert action is not None
    own = [o for o in now.reactions if o.on_behalf_of is None]
    defend = now.defend
    if defend is not None:
        default = f"defend {defend.event().dice}"
    elif own:
        default = f"react {own[0].reaction}"
    else:
        default = "take"
    words = [*(["defend"] if defend is not None else []), *(["react"] if own else []),
             "take", *(o.reaction for o in own)]

    def read(answer: str) -> Event:
        parts = answer.split()
        verb = resolve(parts[0] if parts else "take", ["defend", "react", "take"],
                       what="choice")
        if verb == "take":
            return TakeIt(target, action=number)
        if verb == "defend":
            if defend is None:
                raise click.UsageError(f"{target} has fewer than 2 dice to defend with: "
                                       f"take or react")
            count = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None
            return defend.event(count)
        if not own:
            raise click.UsageError(f"{target} has no Reaction to use here: defend or take")
        typed, added = read_reaction(parts[1:])
        reaction = resolve(typed or own[0].reaction,
                           [o.reaction for o in own], what=f"Reaction of {target}")
        option = next(o for o in own if o.reaction == reaction)
        return option.event(added)

    # Only the choices open to the target (R-CON-15/16).
    choices = [*(["defend N"] if defend is not None else []),
               *(["react NAME [N]"] if own else []), "take"]
    event = guide.answer(f"{target} against action {number} ({action.actor}, "
                         f"{action.pool} dice): {', '.join(choices)}", default,
                         words, read)
    return lambda _state: [event]


def _reactions_for(guide: Asks, now: AwaitingRoll, number: int) -> Build | None:
    """Allies may react for the target before the dice roll (R-CON-16 ruling); asked
    once an action, remembered when the step is saved."""
    names = sorted({o.name for o in now.reactions})
    offered = "; ".join(f"{o.name}: {o.reaction}, {o.reaction_dice} dice"
                        for o in now.reactions)

    def read(answer: str) -> Event | None:
        if not answer:
            return None
        who = resolve(answer, names, what="ally")
        return next(o for o in now.reactions if o.name == who).event()

    event = guide.answer(f"Reacting for {now.reactions[0].on_behalf_of}? ({offered}; "
                         f"Enter for no one)", "", names, read)
    guide.when_saved(lambda: guide.reacting_asked.add(number))
    if event is None:
        return None
    return lambda _state: [event]


def roll(guide: Asks, state: State, now: AwaitingRoll) -> Build | None:
    """The dice of the pending action: rolled by the tool, or typed in (R-CON-14/17)."""
    assert now.action is not None
    if now.reactions and now.action not in guide.reacting_asked:
        built = _reactions_for(guide, now, now.action)
        if built is not None:
            return built
    option = now.roll
    against = "; ".join(f"{d.name} {d.pool}" + (f" ×{d.rollers}" if d.rollers > 1 else "")
                        for d in option.defenders)
    mine = f"{option.actor} {option.actor_pool}" + (
        f" ×{option.actor_rollers}" if option.actor_rollers > 1 else "")
    shown = f"{mine} vs {against}" if against else mine

    def read(answer: str) -> Event:
        from conflict.engine import apply

        if not answer:
            return option.event(guide.rng)
        chunks = answer.split(";")
        if len(chunks) != 1 + len(option.defenders):
            each = f"{mine} ; {against}" if against else mine
            raise click.UsageError(f"type each roll's dice, split by ';' ({each}), "
                                   f"{FACES_EXAMPLE}; or Enter to roll them all")
        attacker = _faces(chunks[0])
        given = {d.name: _faces(chunk) for d, chunk in zip(option.defenders, chunks[1:],
                                                          strict=True)}
        event = option.event(guide.rng, attacker=attacker,  # type: ignore[arg-type]
                             defenders=given)  # type: ignore[arg-type]
        apply(state, event)  # refused here, the same question asked again (R-CON-2)
        return event

    split = " ; defenders" if option.defenders else ""
    event = guide.answer(f"Action {now.action} rolls ({shown}): Enter, or the dice "
                         f"rolled (actor{split}; {FACES_EXAMPLE})", "", (), read)
    return lambda _state: [event]


def damage(guide: Asks, state: State, now: AwaitingDamage) -> Build:
    """The damage of a successful attack: Nudges applied or spent (R-CON-18)."""
    option = now.damage
    default = f"all {option.max_nudges}" if option.max_nudges else "0"

    def read(answer: str) -> ApplyDamage:
        words = answer.split()
        if words and words[0].lower() == "spend":
            spent = int(words[1]) if len(words) > 1 and words[1].isdigit() else 1
            note = " ".join(words[2:]) or "spent on another effect"
            return option.event(spent=spent, note=note)
        if words and words[-1].isdigit() and words[0].lower() != "all":
            return option.event(int(words[-1]))
        return option.event()

    event = guide.answer(f"Action {option.action} hits {option.target}: Nudges to damage "
                         f"(or 'spend N what')", default, ["all", "spend"], read)
    return lambda _state: [event]


def end_round(guide: Asks, state: State, now: AwaitingEndRound | object) -> Build:
    """The round is over: the next round, or the end of the Conflict (R-CON-21)."""
    beaten = getattr(now, "sides_defeated", ())
    default = f"end the {', '.join(beaten)} side is beaten" if beaten else "next round"

    def read(answer: str) -> Build:
        words = answer.split(maxsplit=1)
        first = words[0].lower() if words else ""
        if first == "end":
            if len(words) < 2:
                raise click.UsageError("say how it ends: end OUTCOME (end the crew escapes)")
            return steps.end(words[1].strip())
        if first in ("next", "next round") or answer.strip().lower() == "next round":
            return steps.end_round()
        raise click.UsageError(f"{answer.strip()[:40]!r}: Enter or 'next' for the next "
                               f"round, or 'end OUTCOME' to end the Conflict")

    return guide.answer(f"Round {state.round} is over: Enter, or 'end OUTCOME'", default,
                        ["next", "end"], read)
