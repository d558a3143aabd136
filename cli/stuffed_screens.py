"""The screens of ``mistborn stuffed``: the tray, the Mission and every player's
ledger (``show``), and the odds and the dice to keep (``odds``, ``keep``), read at 40
columns.

A die is always its position and two letters (``3 Es``), never a bare glyph; a spent
die is marked ``×`` (and dimmed), the player whose turn it is ``▶`` (and bold): no
colour carries meaning alone. Stored names go through :func:`cli.output.plain` into
Rich ``Text``, never parsed as markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from cli.output import plain

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

    from boardgames.stuffed.dice import Symbol
    from boardgames.stuffed.odds import Odds
    from boardgames.stuffed.state import Game, Ledger


def _count(n: int, word: str, words: str = "") -> str:
    return f"{n} {word}" if n == 1 else f"{n} {words or word + 's'}"


def _wrapped(text: str, width: int, indent: int = 0, style: str = "") -> list[Text]:
    """``text`` wrapped at word boundaries to ``width``, later lines indented."""
    from rich.text import Text

    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append((" " * indent if lines else "") + word)
    return [Text(line, style=style) for line in lines]


def dice_rows(dice: Sequence[tuple[int, Symbol, bool]], width: int, label: str = "Dice"
              ) -> list[Text]:
    """The dice as ``1 Co  2 Co  3×Es`` rows under a label, as many per row as fit;
    ``×`` marks a spent die."""
    from rich.text import Text

    lead = len(label) + 1
    per_row = max(1, min(8, (width - lead + 1) // 6))
    rows: list[Text] = []
    for start in range(0, len(dice), per_row):
        line = Text((label if not rows else "").ljust(lead))
        for index, (position, symbol, spent) in enumerate(dice[start:start + per_row]):
            if index:
                line.append("  ")
            line.append(f"{position}{'×' if spent else ' '}{symbol.short}",
                        style="dim" if spent else "bold")
        rows.append(line)
    if not dice:
        rows.append(Text(label.ljust(lead) + "not rolled yet"))
    return rows


def _ledger(ledger: Ledger, current: bool, width: int) -> list[Text]:
    from rich.text import Text

    head = Text("▶ " if current else "  ", style="bold" if current else "")
    head.append(plain(ledger.name), style="bold" if current else "")
    head.append(f" · {plain(ledger.seat.hero)} ({ledger.seat.attribute.short})")
    details = [f"{_count(ledger.coins.value, 'coin')} · {ledger.cards.value}/4 cards · "
               f"{_count(ledger.teammates, 'Teammate')}"]
    team = ", ".join(f"{plain(t.name)} ({t.kind.label}, {t.attribute.short})"
                     for t in ledger.team) or "none yet"
    details.append(f"Team: {team}")
    names = [ledger.seat.hero, *(t.name for t in ledger.team)]
    # A Teammate who used an ability and then left (the Sacrifice) is not listed.
    used = ", ".join(plain(n) for n in names if n.strip().casefold() in ledger.used)
    if used:
        details.append(f"Used: {used}")
    lines = [head]
    for detail in details:
        lines += [Text("    ") + line for line in _wrapped(detail, width - 4, indent=2)]
    return lines


def board(name: str, state: Game, width: int, can: Sequence[str], last: Sequence[str],
          next_line: str) -> RenderableType:
    """The whole game on one screen: title, Mission, tray, offer, ledgers, what the dice
    can buy now, the last events and what comes next."""
    from rich.console import Group
    from rich.text import Text

    from boardgames.stuffed.narrate import mission_words

    width = max(20, min(width, 72))
    parts: list[RenderableType] = []
    title = Text(plain(name), style="bold")
    if state.winner is not None:
        title.append(f" · won by {plain(state.players[state.winner].name)}")
    elif state.started:
        title.append(f" · turn {state.turn_number} · {plain(state.current.name)}")
    parts.append(title)
    if state.mission is not None:
        parts += _wrapped(f"Mission {plain(mission_words(state.mission))}", width, indent=2)
    if not state.die.is_default:
        parts.append(Text(f"Dice show: {', '.join(s.short for s in state.die.faces)}"))
    dice = [(p, s, p in state.spent) for p, s in enumerate(state.dice, start=1)]
    if not state.over:
        parts += dice_rows(dice, width)
        if state.spent:
            parts.append(Text("     × spent", style="dim"))
    if state.offer:
        parts.append(Text("On offer", style="bold"))
        for mate in state.offer:
            combo = mate.combo.short if mate.combo else "—"
            parts += [Text("  ") + line for line in _wrapped(
                f"{mate.kind.label} {plain(mate.name)} ({mate.attribute.short}; {combo})",
                width - 2, indent=2)]
    for index, ledger in enumerate(state.players):
        parts += _ledger(ledger, index == state.turn and not state.over, width)
    if state.lasting:
        cards = ", ".join(f"{plain(c)} ({plain(state.players[o].name)})"
                          for o, c in state.lasting)
        parts += _wrapped(f"In effect: {cards}", width, indent=2)
    if can:
        parts.append(Text("The dice can get", style="bold"))
        for item in can:
            parts += _wrapped(f"• {plain(item)}", width, indent=2)
    if last:
        parts.append(Text("Last", style="bold"))
        for line in last:
            parts += _wrapped(f"• {plain(line)}", width, indent=2)
    parts += _wrapped(f"Next: {plain(next_line)}", width, indent=2)
    return Group(*parts)


# --- odds ----------------------------------------------------------------------------------------


def chance_line(label: str, p: Fraction, width: int) -> Text:
    """``label`` then a bar and the percentage as digits, ``width`` wide."""
    from rich.text import Text

    from cli.odds import bar, percent

    shown = f"{percent(p)}%".rjust(7)
    line = Text(label + " ")
    line.append(bar(p, max(4, width - len(label) - len(shown) - 2)), style="cyan")
    line.append(" " + shown)
    return line


def _rerolls_label(r: int, most: int) -> str:
    return f"{r} reroll{'' if r == 1 else 's'}".ljust(len(f"{most} rerolls"))


def odds_screen(words: str, short: str, source: str, chances: Sequence[Fraction],
                width: int) -> RenderableType:
    """The chance to make a combination with 0, 1, 2… rerolls, keeping the best each
    time (R-STF-8)."""
    from rich.console import Group
    from rich.text import Text

    width = max(24, min(width, 72))
    parts: list[RenderableType] = [Text(f"Odds of {short}", style="bold")]
    parts += _wrapped(words, width)
    parts += _wrapped(source, width)
    parts.append(Text(""))
    most = len(chances) - 1
    for r, p in enumerate(chances):
        parts.append(chance_line(_rerolls_label(r, most), p, width))
    return Group(*parts)


def keep_screen(odds: Odds, roll: Sequence[tuple[int, Symbol]], chances: Sequence[Fraction],
                width: int) -> RenderableType:
    """The dice to keep and to reroll for the best chance, and the chance with no
    reroll, with one, with two… (R-STF-8)."""
    from rich.console import Group
    from rich.text import Text

    width = max(24, min(width, 72))
    parts: list[RenderableType] = [Text(f"Keep for {odds.combo.short}", style="bold")]
    parts += _wrapped(odds.combo.words, width)
    parts += dice_rows([(p, s, False) for p, s in roll], width, "Roll  ")
    if odds.matched is not None:
        parts.append(Text(f"Made now with dice {', '.join(map(str, odds.matched))}: "
                          f"spend them.", style="bold"))
    elif odds.rerolls == 0 or not odds.chance:
        parts.append(Text("Cannot be made with these dice" +
                          (" and rerolls." if odds.rerolls else " without a reroll."),
                          style="bold"))
    else:
        kept = {p for p, _ in odds.keep}
        parts += dice_rows([(p, s, False) for p, s in roll if p in kept], width, "Keep  ")
        if not kept:
            parts.append(Text("Keep  nothing"))
        parts += dice_rows([(p, s, False) for p, s in roll if p not in kept], width,
                           "Reroll")
        if odds.paid is not None:
            parts.append(Text(f"       (die {odds.paid} pays for the ability)"))
    parts.append(Text(""))
    most = len(chances) - 1
    for r, p in enumerate(chances):
        parts.append(chance_line(_rerolls_label(r, most), p, width))
    return Group(*parts)
