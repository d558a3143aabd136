"""The board of a Conflict: who stands where, with what dice, and what comes next.

:func:`board_view` draws it with Rich — participants in the order they act, their dice
in hand, Resiliences as bars, groups as Extras standing, the defeated dimmed but kept,
who moves next, and the last things that happened — reading at 40 columns and at 120.
:func:`board_json` gives the same facts to programs. Both read only the library's
state and what-now; nothing here applies a rule.

Stored text (names, stakes) is printed through :func:`cli.output.plain`: never as
markup, never as raw escape sequences.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from characters.model import RESILIENCES
from cli.output import plain
from conflict.events import DeclarationKind
from conflict.order import board_order
from conflict.state import Participant, Phase, State, Turn
from conflict.whatnow import Expect, what_now

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

BAR_CELLS = 10
BOARD_WIDTH = 72  # rows stay readable on a wide screen: the eye need not cross it
LETTERS = {"health": "H", "reputation": "R", "willpower": "W"}


# --- words -----------------------------------------------------------------------------


def next_line(state: State) -> str:
    """What the Conflict waits for, as a short line: "Brannoch acts (6 Action Dice)"."""
    from conflict.narrate import does

    now = what_now(state)
    names = [plain(name) for name in now.who]
    who = ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)
    if now.expect is Expect.START:
        return "Waiting for the Conflict to start"
    if now.expect is Expect.PARTICIPANTS:
        return "Add participants"
    if now.expect is Expect.DECLARE:
        return plain(does(state, now.who[0], "declares", "declare"))
    if now.expect is Expect.ACT:
        dice = state.participant(now.who[0]).round.action_dice
        single = plain(does(state, now.who[0], "acts", "act"))
        verb = f"{who} act" if len(now.who) > 1 else single
        return f"{verb} ({dice} Action {'Die' if dice == 1 else 'Dice'})"
    if now.expect is Expect.DEFENSE:
        chooser = plain(does(state, now.who[0], "chooses", "choose"))
        return f"{chooser} a defense against action {now.action}"
    if now.expect is Expect.ROLL:
        return f"Action {now.action} rolls"
    if now.expect is Expect.DAMAGE:
        return f"Action {now.action} deals its damage"
    if now.expect is Expect.END_ROUND:
        beaten = f" ({', '.join(map(plain, now.sides_defeated))} beaten)" \
            if now.sides_defeated else ""
        return f"Round {state.round} is over{beaten}: end the round or the Conflict"
    return f"Ended: {plain(state.outcome or 'no outcome given')}"


def status(state: State, person: Participant, moving: tuple[str, ...]) -> str:
    """A participant's part in the round: "declares next", "acting now", "held", …
    (``moving``: who what-now expects to move)."""
    if person.defeated:
        return "defeated"
    if state.phase is Phase.ENDED:
        return "standing"
    r = person.round
    if state.phase is Phase.DECLARATION and r.declared is None:
        return "declares next" if person.name in moving else "to declare"
    if state.phase is Phase.RESOLUTION and state.pending is None and person.name in moving:
        return "acting now"
    if r.turn is Turn.CHANGED:
        return "changed: acts last"
    if r.turn is Turn.ACTED:
        return "acted"
    if r.turn is Turn.HELD:
        return "held"
    if r.declared is DeclarationKind.DEFENSE:
        return "full defense"
    if r.declared is DeclarationKind.NO_ROLL:
        return "no roll"
    if r.declared is DeclarationKind.ACTION:
        return "to act" if r.action_dice else "no dice left"
    return ""


def bar(current: int, full: int, cells: int = BAR_CELLS) -> str:
    """``████░░``: what is left filled, what is lost light; scaled to ``cells``."""
    cells = max(1, min(full, cells))
    filled = round(cells * current / full) if full else 0
    if current > 0:
        filled = max(filled, 1)
    return "█" * filled + "░" * (cells - filled)


# --- JSON ------------------------------------------------------------------------------------


def participant_json(state: State, person: Participant, moving: tuple[str, ...]
                     ) -> dict[str, Any]:
    """One participant's facts on the board."""
    r = person.round
    data: dict[str, Any] = {
        "name": person.name,
        "side": person.side,
        "kind": person.character.kind.value,
        "status": status(state, person, moving),
        "defeated": person.defeated,
        "declared": r.declared.value if r.declared is not None else None,
        "action_dice": r.action_dice,
        "defense_dice": r.defense_dice,
        "wits": person.wits,
    }
    if person.resiliences is None:
        data["members"] = person.members
        data["count"] = getattr(person.character, "count", person.members)
    else:
        data["resiliences"] = {
            name: {"full": value.full, "damage": value.damage, "current": value.current}
            for name in RESILIENCES for value in [person.resiliences.get(name)]}
    return data


def board_json(state: State, last: Sequence[str] = ()) -> dict[str, Any]:
    """The board for programs: every fact :func:`board_view` shows."""
    now = what_now(state)
    return {
        "round": state.round,
        "phase": state.phase.value,
        "nature": state.nature.value,
        "stakes": state.stakes,
        "scope": state.scope,
        "outcome": state.outcome,
        "next": {"expect": now.expect.value, "who": list(now.who), "action": now.action,
                 "line": next_line(state)},
        "sides_defeated": list(now.sides_defeated),
        "participants": [participant_json(state, state.participants[i], now.who)
                         for i in board_order(state)],
        "last": list(last),
    }


# --- Rich -------------------------------------------------------------------------------------


def _dice(person: Participant, hidden: bool = False) -> str:
    r = person.round
    parts = []
    if r.action_dice:
        parts.append(f"A{r.action_dice}")
    if r.defense_dice:
        # R-CON-7c: dice gained when attacked are an Attribute; a hidden one stays hidden.
        parts.append("D?" if hidden and r.granted else f"D{r.defense_dice}")
    return " ".join(parts)


def _health_line(state: State, person: Participant, width: int, hidden: bool = False) -> Text:
    from rich.text import Text

    line = Text("  ")
    if hidden and person.resiliences is not None:
        line.append("Resiliences not revealed", style="dim")
        return line
    if person.resiliences is None:
        count = getattr(person.character, "count", person.members)
        line.append(bar(person.members, count), style="red" if person.defeated else "green")
        # A group defeated otherwise than by damage (it fled, it yielded) keeps members.
        line.append(f" {person.members}/{count} {'left' if person.defeated else 'standing'}")
        return line
    main = state.nature.resilience
    value = person.resiliences.get(main)
    style = "red" if value.current * 3 <= value.full else "green"
    line.append(f"{LETTERS[main]} ")
    line.append(bar(value.current, value.full), style=style)
    line.append(f" {value.current}/{value.full}")
    for name in RESILIENCES:
        if name != main:
            other = person.resiliences.get(name)
            piece = f" · {LETTERS[name]} {other.current}/{other.full}"
            if line.cell_len + len(piece) <= width:
                line.append(piece)
    return line


def board_view(state: State, width: int, last: Sequence[str] = (), *,
               hidden: Collection[str] = ()) -> RenderableType:
    """The board as a Rich renderable that reads at ``width`` columns (40 and up).
    The Resiliences of the participants named in ``hidden`` are not shown (a player's
    board: the Narrator has not revealed them), nor how many Defense Dice they gained
    as an Attribute when attacked (``D?``, R-CON-7c); Extras standing always are."""
    from rich.console import Group
    from rich.text import Text

    width = min(width, BOARD_WIDTH)
    lines: list[RenderableType] = []
    title = Text(f"Round {state.round}", style="bold")
    title.append(f" · {state.nature.value} · {state.phase.value.replace('_', ' ')}")
    lines.append(title)
    if state.stakes:
        lines.append(Text(f"Stakes: {plain(state.stakes)}", overflow="fold"))
    lines.append(Text("Next: ", style="bold") + Text(next_line(state), overflow="fold"))
    lines.append(Text(""))
    now = what_now(state)
    moving = set(now.who)
    for index in board_order(state):
        person = state.participants[index]
        dim = "dim" if person.defeated else ""
        head = Text("▶ " if person.name in moving else "  ", style="bold")
        head.append(plain(person.name), style=f"bold {dim}".strip())
        head.append(f" ({plain(person.side)})", style="dim")
        dice = _dice(person, person.name in hidden) if state.phase is not Phase.ENDED else ""
        tail = f"{dice}  {status(state, person, now.who)}".strip()
        if head.cell_len + 1 + len(tail) <= width:
            head.append(" " * (width - head.cell_len - len(tail)) + tail, style=dim)
            lines.append(head)
        else:
            head.overflow = "fold"
            lines.append(head)
            lines.append(Text(f"  {tail}", style=dim))
        health = _health_line(state, person, width, person.name in hidden)
        if person.defeated:
            health.stylize("dim")
        lines.append(health)
    if last:
        lines.append(Text(""))
        lines.append(Text("Last", style="bold"))
        for line in last:
            lines.append(Text(plain(line), overflow="fold"))
    return Group(*lines)
