"""The screens of ``mistborn housewar``: the Problem grid, Unrest, the supply and the
Houses (``show``), and a payment (``pay``), read at 40 columns.

The grid is the board: Urgency I to IV left to right, the lowest row at the bottom,
``·`` a free space; at 40 columns a name is cut to its cell, and every Problem is then
listed in full with its column and cost. Tokens are written with letters (``F2 A1``:
2 Food, 1 Atium, with a legend), the Active House is marked ``▶`` — no colour carries
meaning alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cli.games import wrapped
from cli.output import plain

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

    from boardgames.housewar.pay import Payment
    from boardgames.housewar.resources import Resources
    from boardgames.housewar.state import State

LETTERS = {"money": "M", "food": "F", "prestige": "P", "skaa": "S", "warriors": "W",
           "atium": "A"}
LEGEND = "M Money · F Food · P Prestige · S Skaa · W Warriors · A Atium"


def letters(tokens: Resources, *, zeros: bool = False) -> str:
    """Tokens as ``M2 F1 A1`` (``-`` for none); ``zeros``: every kind listed."""
    from boardgames.housewar.resources import RESOURCES

    parts = [f"{LETTERS[k.value]}{tokens[k]}" for k in RESOURCES if zeros or tokens[k]]
    return " ".join(parts) or "-"


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(1, width - 1)] + "…"


def grid(state: State, width: int) -> list[Text]:
    """The Problem track as on the board: columns I–IV, the top row first."""
    from rich.text import Text

    from boardgames.housewar.track import NUMERALS

    cell = max(4, (width - 3) // 4)
    track = state.track
    head = Text(" ".join(NUMERALS[c].ljust(cell) for c in range(1, 5)).rstrip(),
                style="bold")
    lines = [head]
    for slot in range(track.rows - 1, -1, -1):
        cells = [plain(_clip(name, cell)) if (name := column[slot]) else "·"
                 for column in track.columns]
        lines.append(Text(" ".join(c.ljust(cell) for c in cells).rstrip()))
    return lines


def _houses(state: State, width: int) -> list[Text]:
    from rich.text import Text

    labels = ("Favor", "Disgr", "Score")
    name_width = min(max(5, *(len(h.name) for h in state.houses)), width - 2 - 6 * 3)
    lines = [Text("  " + "House".ljust(name_width) + "".join(f"{x:>6}" for x in labels),
                  style="bold")]
    active = state.turn.active if state.houses else -1
    for index, house in enumerate(state.houses):
        mark = "▶ " if index == active and state.next_step.value not in ("reveal", "over") \
            else "  "
        row = Text(mark + plain(_clip(house.name, name_width)).ljust(name_width),
                   style="bold" if mark.strip() else "")
        row.append(f"{house.favor:>6}{house.disgrace:>6}{house.score:>6}")
        lines.append(row)
        details = f"tokens {letters(house.resources)}"
        if house.face_down:
            details += f" · face down: {', '.join(house.face_down)}"
        if house.revealed:
            details += f" · revealed: {', '.join(house.revealed)}"
        lines += wrapped("    " + plain(details), width, indent=6)
    return lines


def _problems(state: State, width: int) -> list[Text]:
    from boardgames.housewar.track import numeral

    lines: list[Text] = []
    for name, column in state.track:
        card = state.card(name)
        text = f"{numeral(column)} {name}"
        if card is not None and card.cost_now is not None:
            text += f": cost {letters(card.cost_now)}"
            if card.lowered or card.raised:
                text += " this turn"
        if card is not None and card.favor is not None:
            text += f", {card.favor} Favor"
        lines += wrapped("  " + plain(text), width, indent=4)
    return lines


def board(name: str, state: State, width: int, last: Sequence[str], next_line: str
          ) -> RenderableType:
    """The whole game on one screen."""
    from rich.console import Group
    from rich.text import Text

    from boardgames.housewar.score import outcome
    from boardgames.housewar.state import UNREST_END

    width = max(40, min(width, 72))
    parts: list[Any] = []
    result = outcome(state)
    title = plain(name) + (f" · turn {state.turn.number}" if state.turn.number else
                           " · set-up")
    if result is not None:
        title += " · the game is over"
    elif state.houses:
        title += f" · {plain(state.active.name)}"
    parts += wrapped(title, width, style="bold")
    unrest = f"Unrest {state.unrest} of {UNREST_END}"
    if state.lord_ruler_in_play:
        unrest += " · the Lord Ruler is in play: Favor and Disgrace doubled"
    parts += wrapped(unrest, width)
    parts.append(Text(f"Problems ({len(state.track)} on the board)", style="bold"))
    parts += grid(state, width)
    parts += _problems(state, width)
    if state.deck_top:
        first, *then = (plain(name) for name in reversed(state.deck_top))
        later = f", then {', '.join(then)}" if then else ""
        parts += wrapped(f"On the deck: {first} (drawn next){later}", width)
    parts += wrapped(f"Supply {letters(state.supply, zeros=True)}", width)
    if state.destroyed:
        parts += wrapped(f"Destroyed {letters(state.destroyed)}", width)
    parts += _houses(state, width)
    parts += wrapped(LEGEND, width, style="dim")
    if result is not None:
        parts += wrapped(plain(result.text()), width, style="bold")
        for standing in result.standings:
            tokens = f"{standing.tokens} token{'' if standing.tokens == 1 else 's'}"
            parts.append(Text(f"  {standing.place}. {plain(standing.house)} "
                              f"{standing.score} ({tokens})"))
    for line in last:
        parts += wrapped(f"• {plain(line)}", width)
    parts += wrapped(f"Next: {plain(next_line)}", width)
    return Group(*parts)


def payment_screen(holding: Resources, cost: Resources, payment: Payment | None,
                   short: int, width: int) -> RenderableType:
    """Whether the tokens held pay the cost alone, and how (R-HW-4)."""
    from rich.console import Group

    width = max(40, min(width, 72))
    parts: list[Any] = []
    parts += wrapped(f"Holding {holding.text()}", width)
    parts += wrapped(f"Cost    {cost.text()}", width)
    if payment is None:
        parts += wrapped(f"Cannot pay alone: short {short} token{'s' if short != 1 else ''} "
                         f"(1 Atium, or 2 tokens, per missing icon; no pooling)", width,
                         style="bold")
    else:
        parts += wrapped(f"Pays: {payment.text()}", width, style="bold")
        parts += wrapped(f"Spends {payment.spent.text()}; keeps "
                         f"{(holding - payment.spent).text()}", width)
    return Group(*parts)
