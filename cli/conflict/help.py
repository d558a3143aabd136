"""What ``?`` shows in the guided round: the choices open now, the words a declaration
takes, and the exact odds of the choice at hand ("5 dice vs 4 ×8: win 13.8%, …") with
the number of rollers on each side — an Extra group rolls once per member standing and
keeps the best (R-CON-2, R-DICE-8), and the best of every defense and Reaction against
an action counts (R-CON-16 ruling) — from the library's exact odds
(:func:`conflict.simulate.chances.attack_chances`); then, for the participant choosing,
each choice's chance that its side wins the whole Conflict, simulated
(:mod:`conflict.simulate.whatif`)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from characters.model import RESILIENCES
from conflict.options import (
    ActOption,
    ChangeOption,
    DeclareOption,
    DefendOption,
    HoldOption,
    ReactOption,
    TakeItOption,
)
from conflict.state import Action, State
from conflict.steps.defending import default_grant
from conflict.whatnow import (
    AwaitingActions,
    AwaitingDamage,
    AwaitingDeclare,
    AwaitingDefense,
    AwaitingRoll,
    what_now,
)

Opposition = Sequence[tuple[int, int]]  # (pool, rollers) of each roll against an action


def percent(p: object) -> str:
    return f"{float(p) * 100:.1f}%"  # type: ignore[arg-type]


def _side(pool: int, rollers: int) -> str:
    return f"{pool} ×{rollers}" if rollers > 1 else f"{pool}"


def odds_line(pool: int, rollers: int = 1, opposition: Opposition = (), *,
              difficulty: int = 0, contest: bool = True) -> str:
    """``5 dice vs 4 ×8: win 13.8%, stalemate 8.3%, fail 77.8%``: ``rollers`` rolling
    ``pool`` each against the best of every roll in ``opposition`` (R-DICE-7,
    R-DICE-8, R-CON-17); a Challenge, or a Contest no one defends, by the Difficulty
    alone (R-DICE-6, R-CON-15d)."""
    from conflict.simulate.chances import attack_chances

    chances = attack_chances(pool, rollers, tuple(opposition) if contest else (),
                             difficulty=difficulty)
    fail = max(0.0, 1.0 - chances.win - chances.stalemate)
    mine = f"{pool} dice" + (f" ×{rollers}" if rollers > 1 else "")
    at = f" at Difficulty {difficulty}" if difficulty else ""
    if not contest:
        return f"{mine}, Challenge{at}: succeed {percent(chances.win)}"
    if not opposition:
        return f"{mine}, undefended{at}: win {percent(chances.win)}"
    against = " & ".join(_side(p, n) for p, n in opposition)
    return (f"{mine} vs {against}{at}: win {percent(chances.win)}, stalemate "
            f"{percent(chances.stalemate)}, fail {percent(fail)}")


def _rollers(state: State, name: str) -> int:
    """How many roll for ``name`` when it acts now: a group's members standing when its
    step began (R-CON-2, R-CON-10), else 1."""
    index = state.find(name)
    if index is not None and index in state.step:
        return state.step_members[state.step.index(index)]
    return max(1, state.participant(name).members)


def _committed(action: Action) -> list[tuple[int, int]]:
    """The rolls already committed against ``action`` (defenses and Reactions)."""
    return [(d.pool, d.members) for d in action.defenses if d.rolls]


def _declare_lines(state: State, option: DeclareOption) -> list[str]:
    """What a declaration takes, word by word (R-CON-7, R-CON-8, R-CON-8a, R-CON-18)."""
    person = state.participant(option.name)
    kinds = [n.value for n in type(option.default_attack_kind)]
    gear = [f"{item.name} (+{item.damage})" for item in person.character.equipment]

    example = (option.foes or option.targets or ("NAME",))[0].split()[0].lower()
    allies = [name for name in option.targets if name not in option.foes]

    def listed(words: Sequence[str], default: str) -> str:
        return ", ".join(f"{w}*" if w == default else w for w in words) + " (*default)"

    return [
        f"  {option.name} {person.verb('declares', 'declare')}:",
        "    attack NAME [kind] [Resilience]",
        "      [with ITEM] [-- what]",
        "    feint NAME [kind] [-- what]",
        "    action | defense | no-roll [-- what]",
        f"  targets: {', '.join(option.foes) or 'no one'}",
        *([f"  allies (feint or action only): {', '.join(allies)}"] if allies else []),
        f"  kinds: {listed(kinds, option.default_attack_kind.value)}",
        f"  Resiliences: {listed(RESILIENCES, option.default_resilience)}",
        f"  with: {', '.join(gear)}; - for nothing" if gear else "  with: no equipment",
        f"  e.g. attack {example} social willpower",
        "  dice: N, or SOURCE + Trait + tool:X + circ:X",
    ]


def _act_lines(state: State, now: AwaitingActions) -> list[str]:
    lines = []
    for option in now.options:
        if isinstance(option, ActOption):
            lines.append(f"  {option.name}: act with {option.min_pool}–{option.max_pool} "
                         f"dice")
            action = state.action(option.action)
            if action is None:
                continue
            rollers = _rollers(state, option.name)
            opposition = []
            if action.target is not None and action.contest:
                target = state.participant(action.target)
                against = target.round.dice_for_defense() + default_grant(target, action)
                if against >= 2:  # else it cannot defend (R-CON-15)
                    opposition.append((min(10, against), max(1, target.members)))
            lines.append("    " + odds_line(option.max_pool, rollers, opposition,
                                            difficulty=action.difficulty,
                                            contest=action.contest))
        elif isinstance(option, ChangeOption):
            lines.append(f"  {option.name}: change (at most {option.max_dice} dice after "
                         f"halving)")
        elif isinstance(option, HoldOption):
            dice = option.action_dice
            become = "Die becomes a Defense Die" if dice == 1 else "Dice become Defense Dice"
            lines.append(f"  {option.name}: hold ({dice} Action {become})")
    return lines


def _defense_lines(state: State, now: AwaitingDefense) -> list[str]:
    action = state.action(now.action or 0)
    if action is None:
        return []
    pool, rollers = action.pool or 0, max(1, action.members)
    committed = _committed(action)

    def odds(dice: int, members: int) -> str:
        return "    " + odds_line(pool, rollers, [*committed, (min(10, dice), members)],
                                  difficulty=action.difficulty)

    lines = []
    for choice in now.options:
        members = max(1, state.participant(choice.name).members)
        if isinstance(choice, DefendOption):
            lines.append(f"  {choice.name}: defend with {choice.min_dice}–"
                         f"{choice.max_dice} {choice.dice_from.value} dice")
            lines.append(odds(choice.max_dice, members))
        elif isinstance(choice, ReactOption):
            for_whom = f" for {choice.on_behalf_of}" if choice.on_behalf_of else ""
            lines.append(f"  {choice.name}: react{for_whom} with {choice.reaction} "
                         f"({choice.reaction_dice} + {choice.min_added}–"
                         f"{choice.max_added})")
            lines.append(odds(choice.reaction_dice + choice.max_added, members))
        elif isinstance(choice, TakeItOption):
            lines.append(f"  {choice.name}: take it — no defense")
            lines.append("    " + odds_line(pool, rollers, committed,
                                            difficulty=action.difficulty))
    return lines


def _roll_lines(state: State, now: AwaitingRoll) -> list[str]:
    roll = now.roll
    lines = ["  Enter rolls; or type the dice: actor ; each defender"]
    opposition = [(d.pool, d.rollers) for d in roll.defenders]
    lines.append("  " + odds_line(roll.actor_pool, roll.actor_rollers, opposition,
                                  difficulty=roll.difficulty, contest=roll.contest))
    for option in now.reactions:  # allies who may still react for the target
        members = max(1, state.participant(option.name).members)
        best = min(10, option.reaction_dice + option.max_added)
        lines.append(f"  {option.name} may react for {option.on_behalf_of} with "
                     f"{option.reaction} ({option.reaction_dice} + {option.min_added}–"
                     f"{option.max_added})")
        lines.append("    " + odds_line(roll.actor_pool, roll.actor_rollers,
                                        [*opposition, (best, members)],
                                        difficulty=roll.difficulty))
    return lines


def help_lines(state: State) -> list[str]:
    """The choices open now, one per line, with odds where they help."""
    now = what_now(state)
    lines = ["Choices: (b board, u undo, Ctrl-C leaves; all is saved)"]
    if isinstance(now, AwaitingDeclare):
        lines += _declare_lines(state, now.option)
    elif isinstance(now, AwaitingActions):
        lines += _act_lines(state, now)
    elif isinstance(now, AwaitingDefense):
        lines += _defense_lines(state, now)
    elif isinstance(now, AwaitingRoll):
        lines += _roll_lines(state, now)
    elif isinstance(now, AwaitingDamage):
        hit = now.damage
        lines.append(f"  apply 0–{hit.max_nudges} Nudges: {hit.damage(0)}–{hit.damage()} "
                     f"damage to {hit.target}; 'spend N what' for another effect")
    else:
        lines.append("  Enter for the next round; 'end OUTCOME' ends the Conflict")
    return lines


def win_chance_lines(state: State, *, seed: int = 0) -> Iterator[str]:
    """For whoever chooses now, a heading and then one line per choice with its side's
    chance to win the whole Conflict after it (simulated to about ±5%, one choice at a
    time, so each line can be shown as soon as it is known). Nothing when no
    participant is choosing."""
    from conflict.simulate.whatif import choices, what_if

    offered = choices(state)
    if not offered or len(state.sides()) < 2:
        return
    name = what_now(state).who[0]
    person = state.participant(name)
    side = person.side
    yield f"If {name} {person.verb('does', 'do')} this, {side} wins (simulated):"  # R-CON-2
    for choice in offered:
        (answer,) = what_if(state, [choice], side=side, seed=seed)
        win = answer.win
        yield (f"  {choice.label}: {percent(win.value)} "
               f"({percent(win.low)}–{percent(win.high)})")
