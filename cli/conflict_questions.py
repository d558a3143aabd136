"""The questions of the guided round (:mod:`cli.conflict_run`), one function per step.

Each asks what it needs through the guide, with the likely choice as default and the
names and words it understands offered for Tab, and returns a build function: the
events to write, made from the Conflict as it stands when written (the engine checks
them again then). Every choice comes from what-now's options; nothing here applies a
rule.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import click

from characters.lookup import resolve
from characters.model import ATTRIBUTES, RESILIENCES, STANDINGS
from conflict.events import (
    Act,
    AddParticipant,
    ApplyDamage,
    Change,
    Defend,
    EndConflict,
    EndRound,
    Event,
    Hold,
    Nature,
    SetTest,
    TakeIt,
)
from conflict.options import ActOption
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
    from characters.pools import DicePool
    from cli.conflict_run import Build
    from conflict.dice import RandomSource
    from conflict.state import Action as _Action

NATURES = [n.value for n in Nature]
_FACES = re.compile(r"[\s,]+")


class Asks(Protocol):
    """What a question needs of the guide."""

    rng: RandomSource | None
    tested: set[int]
    reacting_asked: set[int]

    def ask(self, question: str, default: str = "", words: Sequence[str] = ()) -> str: ...

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


def nature_attribute(state: State) -> str:
    """The Attribute the Conflict's nature calls on (Physique, Charm, Wits)."""
    return state.nature.defense_attribute


def dice_words(person: Participant) -> list[str]:
    character = person.character
    words = [*ATTRIBUTES, *(p.name for p in character.powers), *character.traits]
    if character.standings is not None:
        words += list(STANDINGS)
    return words


def figure(person: Participant, answer: str) -> int | DicePool:
    """Dice from an answer: a number, or ``source + trait + tool:X + circ:X``."""
    from characters.pools import dice_for

    text = answer.strip()
    if text.isdigit():
        return int(text)
    parts = [p.strip() for p in text.split("+") if p.strip()]
    if not parts:
        raise click.UsageError("say how many dice, or where they come from (physique …)")
    traits, tools, circumstances = [], [], []
    for part in parts[1:]:
        low = part.lower()
        if low.startswith("tool:"):
            tools.append(part[5:].strip())
        elif low.startswith(("circ:", "circumstance:")):
            circumstances.append(part.split(":", 1)[1].strip())
        else:
            traits.append(resolve(part, person.character.traits, what="Trait"))
    source = parts[0]
    known = [*ATTRIBUTES, *STANDINGS, *(p.name for p in person.character.powers)]
    return dice_for(person.character, resolve(source, known, what="source of dice"),
                    traits=traits, tools=tools, circumstances=circumstances)


def _aim(guide: Asks, state: State, person: Participant, words: list[str],
         targets: Sequence[str]) -> dict[str, object]:
    """Target, harm, kind and Resilience from the words after the verb."""
    kind = next((w for w in words if w.lower() in NATURES), None)
    resilience = next((w for w in words if w.lower() in RESILIENCES), None)
    rest = [w for w in words if w.lower() not in (*NATURES, *RESILIENCES)]
    if not rest:
        raise click.UsageError("whom? e.g. attack hazekillers")
    target = resolve(" ".join(rest), list(targets), what="target")
    return {"target": target, "attack_kind": kind and kind.lower(),
            "resilience": resilience and resilience.lower()}


def _gear(guide: Asks, person: Participant) -> str | None:
    owned = person.character.equipment
    if not owned:
        return None
    best = max(owned, key=lambda item: item.damage)
    answer = guide.ask("  With (Tab; - for nothing)", best.name, [i.name for i in owned])
    if answer in ("-", "none"):
        return None
    return resolve(answer, [i.name for i in owned], what="equipment")


def _what(guide: Asks, state: State, person: Participant, targets: Sequence[str],
          default: str, question: str) -> tuple[str, dict[str, object], str]:
    """Parse "attack NAME [kind] [resilience] [-- what]" and its kin."""
    verbs = ["attack", "feint", "action", "defense", "no-roll"]
    answer = guide.ask(question, default, [*verbs, *targets, *NATURES, *RESILIENCES])
    text, _, description = answer.partition("--")
    words = text.split()
    if not words:
        raise click.UsageError("say what: " + ", ".join(verbs))
    verb = resolve(words[0], verbs, what="kind of declaration")
    aim: dict[str, object] = {}
    if verb in ("attack", "feint"):
        aim = _aim(guide, state, person, words[1:], targets)
        aim["harm"] = verb == "attack"
        if verb == "feint":
            aim.pop("resilience", None)
    return verb, aim, description.strip()


def _default_declaration(state: State, person: Participant) -> str:
    against = foes(state, person)
    return f"attack {against[0].name}" if against else "action"


# --- the questions ----------------------------------------------------------------------------


def add_participants(guide: Asks, state: State) -> Build | None:
    """No one is left to declare: bring characters in from the table's roster."""
    from cli.table_option import open_table

    with open_table(create=False) as table:
        roster = table.names()
        taking_part = {p.name for p in state.participants}
        free = [n for n in roster if n not in taking_part]
        if not free:
            raise click.UsageError("no one in the table's roster is left to add: "
                                   "mistborn char import FILE")
        answer = guide.ask("Add who? (Tab completes; several with commas)", "", free)
        chosen = [table.get(resolve(part, free)) for part in answer.split(",") if part.strip()]
    if not chosen:
        raise click.UsageError("name someone to add, or Ctrl-C to leave")

    def build(_state: State) -> list[Event]:
        from characters.model import Kind

        return [AddParticipant(c, "crew" if c.kind is Kind.HERO else "opposition")
                for c in chosen]

    return build


def declare(guide: Asks, state: State, now: AwaitingDeclare) -> Build:
    """The next declarer's declaration (R-CON-7, R-CON-8, R-CON-8a)."""
    option = now.option
    person = state.participant(option.name)
    verb, aim, description = _what(
        guide, state, person, option.targets, _default_declaration(state, person),
        f"{person.name} (Wits {person.wits}) declares")
    if verb == "no-roll":
        event: Event = option.no_roll(description=description)
        return lambda _state: [event]
    attribute = nature_attribute(state)
    value = getattr(person.character.attributes, attribute)
    dice = figure(person, guide.ask(f"  Dice: a number, or a source + Traits ({attribute} "
                                    f"is {value})", attribute, dice_words(person)))
    if verb == "defense":
        event = option.defense(dice, description=description)
        return lambda _state: [event]
    gear = _gear(guide, person) if aim.get("harm") else None
    event = option.action(dice, equipment=gear, description=description,
                          **aim)  # type: ignore[arg-type]
    return lambda _state: [event]


def set_test(guide: Asks, state: State, action: _Action) -> Build:
    """The Narrator's Challenge or Contest, and Difficulty, for one action (R-CON-9)."""
    guide.tested.add(action.number)
    aimed = f" at {action.target}" if action.target else ""
    default = "contest 0" if action.contest else "challenge 0"
    answer = guide.ask(f"Action {action.number}, {action.actor}{aimed}: contest or "
                       f"challenge, Difficulty", default, ["contest", "challenge"])
    words = answer.lower().split()
    contest = action.contest
    difficulty = 0
    for word in words:
        if word.isdigit():
            difficulty = int(word)
        elif "challenge".startswith(word):
            contest = False
        elif "contest".startswith(word):
            contest = True
    if contest == action.contest and difficulty == action.difficulty:
        return lambda _state: []  # as it is: nothing to write
    event = SetTest(action=action.number, contest=contest, difficulty=difficulty)
    return lambda _state: [event]


def act(guide: Asks, state: State, now: AwaitingActions) -> Build:
    """The first of those acting now: act, change or hold (R-CON-11 … R-CON-13)."""
    name = now.who[0]
    person = state.participant(name)
    mine = now.options_for(name)
    acts = [o for o in mine if isinstance(o, ActOption)]
    dice = person.round.action_dice
    default = f"act {acts[0].max_pool}" if acts else "hold"
    answer = guide.ask(f"{name} acts ({dice} Action Dice): act N, change, hold", default,
                       ["act", "change", "hold"])
    words = answer.lower().split()
    verb = words[0] if words else "act"
    if verb.isdigit():
        words, verb = ["act", verb], "act"
    verb = resolve(verb, ["act", "change", "hold"], what="choice")
    if verb == "hold":
        return lambda state: [Hold(name)]
    if verb == "act":
        size = int(words[1]) if len(words) > 1 and words[1].isdigit() else min(10, dice)
        return lambda state: [Act(name, pool=size)]
    targets = [p.name for p in state.participants if p.name != name and not p.defeated]
    verb, aim, description = _what(guide, state, person, targets,
                                   _default_declaration(state, person),
                                   f"  {name}'s new action")
    if verb in ("defense", "no-roll"):
        raise click.UsageError("a changed action needs a roll: attack, feint or action")
    figured = figure(person, guide.ask("  Dice before halving", str(2 * dice),
                                       dice_words(person)))
    count = figured if isinstance(figured, int) else figured.count
    source = "" if isinstance(figured, int) else figured.describe()
    gear = _gear(guide, person) if aim.get("harm") else None
    event = Change(name, dice=count, source=source, description=description, equipment=gear,
                   **aim)  # type: ignore[arg-type]
    return lambda state: [event]


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
    words = ["defend", "react", "take", *(o.reaction for o in own)]
    answer = guide.ask(f"{target} against action {number} ({action.actor}, {action.pool} "
                       f"dice): defend N, react NAME [N], take", default, words)
    parts = answer.split()
    verb = resolve(parts[0] if parts else "take", ["defend", "react", "take"], what="choice")
    if verb == "take":
        return lambda state: [TakeIt(target, action=number)]
    if verb == "defend":
        if defend is None:
            raise click.UsageError(f"{target} has fewer than 2 dice to defend with: take or "
                                   f"react")
        count = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else \
            defend.event().dice
        return lambda state: [Defend(target, action=number, dice=count)]
    added = int(parts[-1]) if len(parts) > 2 and parts[-1].isdigit() else None
    name_words = parts[1:-1] if added is not None else parts[1:]
    reaction = resolve(" ".join(name_words) or own[0].reaction if own else "",
                       [o.reaction for o in own], what=f"Reaction of {target}")
    option = next(o for o in own if o.reaction == reaction)
    event = option.event(added)
    return lambda state: [event]


def _reactions_for(guide: Asks, now: AwaitingRoll, number: int) -> Build | None:
    """Allies may react for the target before the dice roll (R-CON-16 ruling)."""
    guide.reacting_asked.add(number)
    names = sorted({o.name for o in now.reactions})
    answer = guide.ask(f"Reacting for {now.reactions[0].on_behalf_of}? ({', '.join(names)};"
                       f" Enter for no one)", "", names)
    if not answer:
        return None
    who = resolve(answer, names, what="ally")
    option = next(o for o in now.reactions if o.name == who)
    event = option.event()
    return lambda state: [event]


def _faces(text: str) -> list[list[int | str]]:
    from cli.options import number_or_text

    rows = []
    for chunk in text.split("/"):
        faces = [number_or_text(t) for t in _FACES.split(chunk.strip()) if t]
        if faces:
            rows.append(faces)
    if not rows:
        raise click.UsageError("type the dice rolled, e.g. 5,5,3 (a group: 5,5,3/4,4,1)")
    return rows


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
    answer = guide.ask(f"Action {now.action} rolls ({shown}): Enter, or the dice rolled "
                       f"(actor ; defenders)", "")
    if not answer:
        event = option.event(guide.rng)
        return lambda state: [event]
    chunks = [c for c in answer.split(";")]
    attacker = _faces(chunks[0])
    given = {d.name: _faces(chunk) for d, chunk in zip(option.defenders, chunks[1:],
                                                      strict=False)}
    event = option.event(guide.rng, attacker=attacker,  # type: ignore[arg-type]
                         defenders=given)  # type: ignore[arg-type]
    return lambda state: [event]


def damage(guide: Asks, state: State, now: AwaitingDamage) -> Build:
    """The damage of a successful attack: Nudges applied or spent (R-CON-18)."""
    option = now.damage
    default = f"all {option.max_nudges}" if option.max_nudges else "0"
    answer = guide.ask(f"Action {option.action} hits {option.target}: Nudges to damage "
                       f"(or 'spend N what')", default, ["all", "spend"])
    words = answer.split()
    if words and words[0].lower() == "spend":
        spent = int(words[1]) if len(words) > 1 and words[1].isdigit() else 1
        note = " ".join(words[2:]) or "spent on another effect"
        event: ApplyDamage = option.event(spent=spent, note=note)
    elif words and words[-1].isdigit() and words[0].lower() != "all":
        event = option.event(int(words[-1]))
    else:
        event = option.event()
    return lambda state: [event]


def end_round(guide: Asks, state: State, now: AwaitingEndRound | object) -> Build:
    """The round is over: the next round, or the end of the Conflict (R-CON-21)."""
    beaten = getattr(now, "sides_defeated", ())
    default = f"end the {', '.join(beaten)} side is beaten" if beaten else "next round"
    answer = guide.ask(f"Round {state.round} is over: Enter, or 'end OUTCOME'", default,
                       ["next", "end"])
    if answer.lower().startswith("end"):
        outcome = answer[3:].strip()
        return lambda state: [EndConflict(outcome)]
    return lambda state: [EndRound()]
