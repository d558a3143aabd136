"""What a screen shows of a game of Stuffed, as plain values (:mod:`boardgames.screen`).

:func:`board` lays the game out: the title, the Mission, the dice's faces when they
differ from one of each symbol, the turn's 8 dice (each its position and two letters,
``×`` when spent: :class:`Tray`), the Teammates on offer, every player's ledger (``▶``
whose turn it is), the red-scroll cards in effect and what the dice can get now
(R-STF-3..6); :func:`drawn` is that board as a value that draws itself, to Rich or to
plain text at a width (:class:`boardgames.drawing.StuffedBoard`), as ``mistborn stuffed
show`` prints it. :func:`next_line` says what the game waits for; :func:`summary` a game
in a few words; :func:`status` the fields a report adds. Every figure of Stuffed lies
on the table for all to see: a viewer changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from boardgames.drawing import StuffedBoard
from boardgames.screen import Line, Part, Title, Tray, TrayDie, count, para
from boardgames.stuffed.describe import mission_words
from boardgames.stuffed.state import Game, Ledger
from core.viewer import NARRATOR, Viewer

if TYPE_CHECKING:
    from core.steps import Words

__all__ = ["NAME", "NARRATOR", "Shown", "StuffedBoard", "Tray", "TrayDie", "Viewer", "board",
           "dice_text", "drawn", "final_summary", "next_line", "status", "summary"]

NAME = "Stuffed"
"""The name a board's title starts with unless another is given (the table gives the
game's own name)."""

Shown = Line | Title | Tray
"""The values of a Stuffed board (:mod:`boardgames.screen`)."""


def dice_text(state: Game, positions: Sequence[int] | None = None) -> str:
    """Dice as ``1 Co, 2 Co, 5 In`` (the unspent ones when ``positions`` is None)."""
    chosen = (state.unspent if positions is None
              else tuple((p, state.dice[p - 1]) for p in positions))
    return ", ".join(f"{p} {s.short}" for p, s in chosen) or "none"


def _ends(state: Game, unset: str, won: str) -> str | None:
    """``unset`` before the set-up, ``won`` (its ``{name}`` the winner's) once the game
    is over (R-STF-7), ``None`` while it is played."""
    if not state.started:
        return unset
    if not state.over:
        return None
    assert state.winner is not None
    return won.format(name=state.players[state.winner].name)


def next_line(state: Game, viewer: Viewer = NARRATOR, *, words: Words | None = None) -> str:
    """What comes next, in one line (R-STF-2, R-STF-7). It names steps (``end-turn``)
    but none of their parameters, so a front door's ``words`` for one
    (:data:`core.steps.Words`) change nothing."""
    said = _ends(state, "set up the game first (new)",
                 "{name} completed the Mission: the game is over.")
    if said is not None:
        return said
    ledger = state.current
    first = _replacements(state)
    if not state.rolled:
        return f"{first}{ledger.name} rolls all 8 dice (turn {state.turn_number})."
    return (f"{first}{ledger.name}: unspent {dice_text(state)}; "
            f"{count(ledger.coins.value, 'coin')}, {count(ledger.cards.value, 'card')} — "
            f"use them, or end-turn.")


def _replacements(state: Game) -> str:
    """The reminder to turn up a Teammate for each one recruited from the offer
    (R-STF-5), or ``""``."""
    if not state.replace:
        return ""
    kinds = sorted(state.replace, key=lambda kind: kind.value)
    wanted = " and ".join(
        f"{'a' if n == 1 else n} {kind.label if n == 1 else kind.labels}"
        for kind in dict.fromkeys(kinds) for n in [kinds.count(kind)])
    return f"turn up {wanted} on offer (offer NAME); then "


def summary(state: Game, viewer: Viewer = NARRATOR) -> str:
    """A game in a few words, for a list of games."""
    said = _ends(state, "not set up", "won by {name}")
    if said is not None:
        return said
    names = ", ".join(p.name for p in state.players)
    return f"turn {state.turn_number}, {state.current.name} to play ({names})"


def final_summary(state: Game, viewer: Viewer = NARRATOR) -> tuple[str, ...]:
    """Once the game is over (R-STF-7), one line for the winning Mission and one per
    player: coins, Advantage cards and the Teammates recruited; nothing before."""
    if not state.over or state.mission is None or state.winner is None:
        return ()
    winner = state.players[state.winner].name
    lines = [f"{winner} completed the Mission {mission_words(state.mission)}."]
    for ledger in state.players:
        team = ", ".join(f"{t.name} ({t.kind.label})" for t in ledger.team) or "none"
        lines.append(f"{ledger.name}: {count(ledger.coins.value, 'coin')}, "
                     f"{count(ledger.cards.value, 'card')}; recruits: {team}.")
    return tuple(lines)


def status(state: Game) -> dict[str, Any]:
    """The JSON fields a report adds: the turn, whose it is, the winner."""
    if not state.started:
        return {"turn": 0, "player": None, "winner": None}
    winner = None if state.winner is None else state.players[state.winner].name
    return {"turn": state.turn_number, "player": state.current.name, "winner": winner}


def _title(state: Game) -> str:
    if state.winner is not None:
        return f" · won by {state.players[state.winner].name}"
    if state.started:
        return f" · turn {state.turn_number} · {state.current.name}"
    return ""


def _ledger(ledger: Ledger, current: bool) -> list[Line]:
    """A player's head line (``▶`` on their turn) and their coins, cards and team."""
    head = (Part("▶ " if current else "  "), Part(ledger.name, "active" if current else "plain"),
            Part(f" · {ledger.seat.hero} ({ledger.seat.attribute.short})"))
    lines = [Line("".join(p.text for p in head), "active" if current else "plain", parts=head)]
    details = [f"{count(ledger.coins.value, 'coin')} · {ledger.cards.value}/4 cards · "
               f"{count(ledger.teammates, 'Teammate')}"]
    team = ", ".join(f"{t.name} ({t.kind.label}, {t.attribute.short})"
                     for t in ledger.team) or "none yet"
    details.append(f"Team: {team}")
    names = [ledger.seat.hero, *(t.name for t in ledger.team)]
    # A Teammate who used an ability and then left (the Sacrifice) is not listed.
    used = ", ".join(n for n in names if n.strip().casefold() in ledger.used)
    if used:
        details.append(f"Used: {used}")
    return lines + [para(detail, margin=4) for detail in details]


def _tray(state: Game) -> list[Shown]:
    """The dice's faces, the turn's dice and the Teammates on offer."""
    shown: list[Shown] = []
    if not state.die.is_default:
        shown.append(Line(f"Dice show: {', '.join(s.short for s in state.die.faces)}"))
    if not state.over:
        shown.append(Tray("Dice", tuple(TrayDie(p, s.short, p in state.spent)
                                        for p, s in enumerate(state.dice, start=1))))
        if state.spent:
            shown.append(Line("     × spent", "dim"))
    if state.offer:
        shown.append(Line("On offer", "head"))
        for mate in state.offer:
            combo = mate.combo.short if mate.combo else "—"
            shown.append(para(f"{mate.kind.label} {mate.name} ({mate.attribute.short}; "
                              f"{combo})", margin=2))
    return shown


def board(state: Game, viewer: Viewer = NARRATOR) -> tuple[Shown, ...]:
    """The whole game for a screen: title, Mission, tray, offer, ledgers, the cards in
    effect and what the dice can get now (the last events and what comes next are the
    screen's to add)."""
    # Here, not above: a report's next line needs no odds, which choices loads.
    from boardgames.stuffed.choices import options

    shown: list[Shown] = [Title(_title(state))]
    if state.mission is not None:
        shown.append(para(f"Mission {mission_words(state.mission)}"))
    shown += _tray(state)
    for index, ledger in enumerate(state.players):
        shown += _ledger(ledger, index == state.turn and not state.over)
    if state.lasting:
        cards = ", ".join(f"{c} ({state.players[o].name})" for o, c in state.lasting)
        shown.append(para(f"In effect: {cards}"))
    can = [option.text for option in options(state)]
    if can:
        shown.append(Line("The dice can get", "head"))
        shown += [para(f"• {item}") for item in can]
    return tuple(shown)


def drawn(state: Game, viewer: Viewer = NARRATOR, *, name: str = NAME,
          last: Sequence[str] = (), words: Words | None = None) -> StuffedBoard:
    """The :func:`board`, its title after the game's ``name``, the sentences of the
    ``last`` events and what comes next (:func:`next_line`, in a front door's ``words``
    as every game's) beneath, as a value that draws itself: ``board.text(40)`` is the
    plain text of a 40-column screen, and a Rich console prints ``board`` at its own
    width (:class:`boardgames.drawing.StuffedBoard`)."""
    return StuffedBoard(board(state, viewer), name, tuple(last),
                        next_line(state, viewer, words=words))
