"""What ``?`` shows in the guided round: the choices open now and the exact odds of the
one at hand ("5 dice vs 4: win 55.7%"), from what-now's options and the library's exact
odds (:mod:`conflict.odds`); then, for the participant choosing, each choice's chance
that its side wins the whole Conflict, simulated (:mod:`conflict.simulate.whatif`)."""

from __future__ import annotations

from collections.abc import Iterator

from conflict.odds import contest_odds
from conflict.options import (
    ActOption,
    ChangeOption,
    DefendOption,
    HoldOption,
    ReactOption,
    TakeItOption,
)
from conflict.state import State
from conflict.whatnow import (
    AwaitingActions,
    AwaitingDamage,
    AwaitingDeclare,
    AwaitingDefense,
    AwaitingRoll,
    what_now,
)


def percent(p: object) -> str:
    return f"{float(p) * 100:.1f}%"  # type: ignore[arg-type]


def contest_line(attacker: int, defender: int, difficulty: int = 0) -> str:
    """``5 dice vs 4: win 55.7%, stalemate 4.4%, fail 39.9%`` (R-DICE-7, R-CON-17)."""
    odds = contest_odds(attacker, defender, difficulty)
    return (f"{attacker} dice vs {defender}: win {percent(odds.win)}, stalemate "
            f"{percent(odds.stalemate)}, fail {percent(odds.fail)}")


def _defender_dice(state: State, target: str) -> int:
    """The dice the target could defend with now (R-CON-15), at least 0."""
    return state.participant(target).round.dice_for_defense()


def help_lines(state: State) -> list[str]:
    """The choices open now, one per line, with odds where they help."""
    now = what_now(state)
    lines = ["Choices: (u undoes, b shows the board, Ctrl-C leaves; all is saved)"]
    if isinstance(now, AwaitingDeclare):
        declaring = now.option
        lines.append(f"  {declaring.name}: attack NAME | feint NAME | action | defense | "
                     f"no-roll   (add '-- what' to describe)")
        lines.append(f"  targets: {', '.join(declaring.targets) or 'no one'}")
    elif isinstance(now, AwaitingActions):
        for option in now.options:
            if isinstance(option, ActOption):
                text = f"  {option.name}: act with {option.min_pool}–{option.max_pool} dice"
                action = state.action(option.action)
                if action is not None and action.target is not None and action.contest:
                    against = _defender_dice(state, action.target)
                    if against >= 2:
                        text += f" — {contest_line(option.max_pool, min(10, against))}"
                    else:
                        text += " — undefended: any set meeting the Difficulty wins"
                lines.append(text)
            elif isinstance(option, ChangeOption):
                lines.append(f"  {option.name}: change (at most {option.max_dice} dice after "
                             f"halving)")
            elif isinstance(option, HoldOption):
                lines.append(f"  {option.name}: hold ({option.action_dice} Action Dice become"
                             f" Defense Dice)")
    elif isinstance(now, AwaitingDefense):
        action = state.action(now.action or 0)
        pool = action.pool if action is not None and action.pool else 0
        for choice in now.options:
            if isinstance(choice, DefendOption):
                lines.append(f"  {choice.name}: defend with {choice.min_dice}–"
                             f"{choice.max_dice} {choice.dice_from.value} dice — "
                             f"{contest_line(pool, choice.max_dice)}")
            elif isinstance(choice, ReactOption):
                best = choice.reaction_dice + choice.max_added
                for_whom = f" for {choice.on_behalf_of}" if choice.on_behalf_of else ""
                lines.append(f"  {choice.name}: react{for_whom} with {choice.reaction} "
                             f"({choice.reaction_dice} + {choice.min_added}–"
                             f"{choice.max_added}) — {contest_line(pool, min(10, best))}")
            elif isinstance(choice, TakeItOption):
                lines.append(f"  {choice.name}: take it — no defense")
    elif isinstance(now, AwaitingRoll):
        roll = now.roll
        lines.append("  Enter rolls; or type the dice: actor ; each defender")
        if roll.contest and roll.defenders:
            line = contest_line(roll.actor_pool, roll.defenders[0].pool, roll.difficulty)
            lines.append(f"  {line}" + (" (one roller each)" if roll.actor_rollers > 1 else ""))
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
    side = state.participant(name).side
    yield f"If {name} does this, {side} wins (simulated):"
    for choice in offered:
        (answer,) = what_if(state, [choice], side=side, seed=seed)
        win = answer.win
        yield (f"  {choice.label}: {percent(win.value)} "
               f"({percent(win.low)}–{percent(win.high)})")
