"""What a screen shows of a game of House War, as plain values (:mod:`boardgames.screen`).

:func:`board` lays the game out: the title, Unrest (R-HW-1), the Problem track as on the
board (:class:`Grid`: Urgency I to IV left to right, the top row first, R-HW-2), every
Problem with its column and cost, the deck's top, the supply and the destroyed tokens,
every House's Favor, Disgrace, score and tokens (:class:`Houses`, ``▶`` the Active
House), a legend of the token letters and, once over, the outcome (R-HW-3) and each
House's breakdown (R-HW-6); :func:`drawn` is that board as a value that draws itself,
to Rich or to plain text at a width (:class:`boardgames.drawing.HouseWarBoard`), as
``mistborn hw show`` prints it. :func:`next_line` says which step of the turn comes next
(R-HW-5), a step's parameter it names plainly or in a front door's words
(:func:`next_phrases`); :func:`summary` a game in a few words; :func:`status` the fields a report
adds.

The board is made for a viewer (R-HW-6, :mod:`boardgames.housewar.privacy`): before
the end, a House's Favor, Disgrace and score (``None`` in a :class:`HouseRow`) and its
face-down cards' names are shown only to its player and to the Narrator, whose board
says they are hidden from the players.

Tokens are written with letters (``F2 A1``: 2 Food, 1 Atium, with a legend): no colour
carries meaning alone.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from boardgames.drawing import HouseWarBoard
from boardgames.housewar.privacy import breakdown, hides_any, sees
from boardgames.housewar.resources import RESOURCES, Resources
from boardgames.housewar.score import outcome
from boardgames.housewar.state import UNREST_END, Phase, State, Step
from boardgames.housewar.timer import timer_line
from boardgames.housewar.track import NUMERALS, numeral
from boardgames.screen import Grid, HouseRow, Houses, Line, Phrase, Title, para, phrased, worded
from core.viewer import NARRATOR, Viewer

if TYPE_CHECKING:
    from core.steps import Words

__all__ = ["LEGEND", "NAME", "Grid", "HouseRow", "HouseWarBoard", "Houses", "Shown", "board",
           "drawn", "final_summary", "letters", "next_line", "next_phrases", "status",
           "summary"]

LETTERS = {"money": "M", "food": "F", "prestige": "P", "skaa": "S", "warriors": "W",
           "atium": "A"}
LEGEND = "M Money · F Food · P Prestige · S Skaa · W Warriors · A Atium"


NAME = "House War"
"""The name a board's title starts with unless another is given (the table gives the
game's own name)."""

Shown = Line | Title | Grid | Houses
"""The values of a House War board (:mod:`boardgames.screen`)."""


def letters(tokens: Resources, *, zeros: bool = False) -> str:
    """Tokens as ``M2 F1 A1`` (``-`` for none); ``zeros``: every kind listed."""
    parts = [f"{LETTERS[k.value]}{tokens[k]}" for k in RESOURCES if zeros or tokens[k]]
    return " ".join(parts) or "-"


def next_line(state: State, viewer: Viewer = NARRATOR, *, words: Words | None = None) -> str:
    """What the game waits for, in one line (R-HW-5's five steps); a step's parameter
    it names in a front door's ``words`` for it (the command line's ``--cards``), else
    plainly (``sheet Venture TOKENS with cards N``): :func:`next_phrases`."""
    return worded(next_phrases(state, viewer), words)


def next_phrases(state: State, viewer: Viewer = NARRATOR) -> tuple[Phrase, ...]:
    """What the game waits for, as :func:`next_line` says it, the parameters it names
    left for a front door to word (:class:`~boardgames.screen.Phrase`)."""
    step = state.next_step
    if step is Step.SETUP_SHEETS:
        missing = state.sheets_missing
        return phrased(f"set-up: each House collects its sheet "
                       f"({len(state.houses) - len(missing)} of {len(state.houses)}): sheet "
                       f"{missing[0]} TOKENS ", Phrase("with cards", "cards"), " N")
    if step is Step.SETUP_PROBLEMS:
        return phrased(f"set-up: place 1 Problem per player ({state.setup_problems} of "
                       f"{state.players} placed): add NAME ",
                       Phrase("with urgency", "urgency"), " U ",
                       Phrase("as set-up", "setup"))
    return phrased(_next_step(state))


def _next_step(state: State) -> str:
    """What the game waits for when it names no step's parameter."""
    step = state.next_step
    if step is Step.START:
        return "set up the game first (new)"
    active = state.active.name
    if step is Step.COLLECT:
        return f"step 1: {active} collects income (turn {max(1, state.turn.number)})"
    if step is Step.WORSEN:
        return f"step 2: worsen {', '.join(state.to_move)}, in the order {active} chooses"
    if step is Step.DRAW:
        return f"step 3: add a Problem ({len(state.track)} on the board)"
    if step is Step.PASS_OR_DEAL:
        return f"step 4: {active} passes or makes a deal"
    if step is Step.END_TURN:
        return "step 5: end-turn"
    result = outcome(state)
    assert result is not None
    return result.text()


def summary(state: State, viewer: Viewer = NARRATOR) -> str:
    """A game in a few words, for a list of games."""
    result = outcome(state)
    if result is not None:
        return result.text()
    if not state.houses:
        return "not set up"
    return (f"turn {state.turn.number}, {state.active.name} active, Unrest "
            f"{state.unrest}, {len(state.track)} Problem{'' if len(state.track) == 1 else 's'}"
            f" on the board")


def status(state: State) -> dict[str, Any]:
    """The JSON fields a report adds: turn, Active House, step, Unrest, winners."""
    result = outcome(state)
    return {"turn": state.turn.number, "active": state.active.name if state.houses else None,
            "step": state.next_step.value, "unrest": state.unrest,
            "winners": None if result is None or not result.decided else list(result.winners)}


def _title(state: State) -> str:
    # Set-up until its last Problem is placed; then turn 1, as the next line says it.
    setting_up = state.next_step in (Step.START, Step.SETUP_SHEETS, Step.SETUP_PROBLEMS)
    title = " · set-up" if setting_up else f" · turn {max(1, state.turn.number)}"
    if outcome(state) is not None:
        return title + " · the game is over"
    if state.houses:
        return title + f" · {state.active.name}"
    return title


def _track(state: State) -> list[Shown]:
    """The grid, then every Problem with its column, cost and Favor, then the deck."""
    track = state.track
    shown: list[Shown] = [
        Line(f"Problems ({len(track)} on the board)", "head"),
        Grid(NUMERALS[1:], tuple(tuple(column[slot] or "" for column in track.columns)
                                 for slot in range(track.rows - 1, -1, -1)))]
    for name, column in track:
        card = state.card(name)
        text = f"{numeral(column)} {name}"
        if card is not None and card.cost_now is not None:
            text += f": cost {letters(card.cost_now)}"
            if card.lowered or card.raised:
                text += " this turn"
        if card is not None and card.favor is not None:
            text += f", {card.favor} Favor"
        shown.append(para(text, margin=2))
    if state.deck_top:
        first, *then = reversed(state.deck_top)
        later = f", then {', '.join(then)}" if then else ""
        shown.append(para(f"On the deck: {first} (drawn next){later}"))
    return shown


def _house_row(state: State, index: int, viewer: Viewer, playing: bool) -> HouseRow:
    house = state.houses[index]
    shown = sees(state, viewer, house.name)
    details = f"tokens {letters(house.resources)}"
    if house.sheet is not None and house.income != house.sheet:
        details += f" · income {letters(house.income)}"
    if house.face_down:
        details += (f" · face down: {', '.join(house.face_down)}" if shown
                    else f" · {len(house.face_down)} face down")
    if house.revealed:
        details += f" · revealed: {', '.join(house.revealed)}"
    return HouseRow(house.name, house.favor if shown else None,
                    house.disgrace if shown else None, house.score if shown else None,
                    index == state.turn.active and playing, details)


def _houses(state: State, viewer: Viewer) -> Houses:
    playing = state.next_step.value not in ("reveal", "over")
    return Houses(("Favor", "Disgr", "Score"), tuple(
        _house_row(state, index, viewer, playing) for index in range(len(state.houses))))


def _hidden_note(state: State, viewer: Viewer) -> list[Shown]:
    """What the viewer's board says of the scores it does not show, or shows only to
    the host (R-HW-6)."""
    if not state.houses or state.phase is Phase.ENDED:
        return []
    if viewer.sees_all:
        return [para("Favor, Disgrace, scores and face-down cards: hidden from players "
                      "until the end (R-HW-6).", "note")]
    if hides_any(state, viewer):
        whose = "Other Houses' scores" if viewer.plays else "Scores"
        return [para(f"{whose} and face-down cards stay hidden until the end (R-HW-6).",
                     "note")]
    return []


def board(state: State, viewer: Viewer = NARRATOR, now: datetime.datetime | None = None
          ) -> tuple[Shown, ...]:
    """The whole game for a screen, as ``viewer`` may see it (R-HW-6; the last events
    and what comes next are the screen's to add); given the time ``now`` (the table's
    clock), the negotiation timer too."""
    unrest = f"Unrest {state.unrest} of {UNREST_END}"
    if state.lord_ruler_in_play:
        unrest += " · the Lord Ruler is in play: Favor and Disgrace doubled"
    shown: list[Shown] = [Title(_title(state), wrap=True), para(unrest)]
    running = None if now is None else timer_line(state.timer, now)
    if running is not None:
        shown.append(para(running, "active"))
    shown += [*_track(state), para(f"Supply {letters(state.supply, zeros=True)}")]
    if state.destroyed:
        shown.append(para(f"Destroyed {letters(state.destroyed)}"))
    shown += [_houses(state, viewer), *_hidden_note(state, viewer), para(LEGEND, "note")]
    result = outcome(state)
    if result is not None:
        shown.append(para(result.text(), "result"))
        shown += [Line(f"  {line}") for line in _standings(state)]
        shown += [para(part.text(), margin=2) for part in breakdown(state)]
    return tuple(shown)


def drawn(state: State, viewer: Viewer = NARRATOR, *, name: str = NAME,
          now: datetime.datetime | None = None, last: Sequence[str] = (),
          words: Words | None = None) -> HouseWarBoard:
    """The :func:`board` as ``viewer`` may see it (R-HW-6), its title after the game's
    ``name``, the sentences of the ``last`` events and what comes next
    (:func:`next_line`: a step's parameter it names plainly, or in a front door's
    ``words`` for it) beneath, as a value that draws itself: ``board.text(40)`` is
    the plain text of a 40-column screen, and a Rich console prints ``board`` at its
    own width (:class:`boardgames.drawing.HouseWarBoard`); given the time ``now``, the
    negotiation timer too."""
    return HouseWarBoard(board(state, viewer, now), name, tuple(last),
                         next_line(state, viewer, words=words))


def _standings(state: State) -> list[str]:
    """``1. Venture 9 (12 tokens)`` for each House, once the game has ended."""
    result = outcome(state)
    if result is None:
        return []
    return [f"{standing.place}. {standing.house} {standing.score} ({standing.tokens} "
            f"token{'' if standing.tokens == 1 else 's'})" for standing in result.standings]


def final_summary(state: State, viewer: Viewer = NARRATOR) -> tuple[str, ...]:
    """Once every face-down card is revealed and the winner known (R-HW-3): the
    outcome, the standings and each House's breakdown (R-HW-6: at the end everything
    is revealed to every viewer); nothing before."""
    result = outcome(state)
    if result is None or state.next_step is not Step.OVER:
        return ()
    return (result.text(), *_standings(state), *(part.text() for part in breakdown(state)))
