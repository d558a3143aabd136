"""What screens show of a Deckbuilding Game, in English or Polish (R-DBG-8).

:func:`board` lays the whole game out as plain lines for a given width (40 columns on
a phone): every health dial with Boxings and Atium, who holds the Target and who is
out, the turn's coins and Mission points, each Mission track with every cube and who
is highest and lowest (R-DBG-3), the Lord Ruler, his deck and the Adversaries in
co-op, and the result, each line laid out to that width already. Each
:class:`~boardgames.screen.Line` carries a ``tag`` saying what it is (``title``,
``head``, ``active``, ``out``, ``note``, ``result``) so that a screen may style it;
the words alone always carry the meaning (``▶`` marks whose turn it is, and a legend
says so).

:func:`drawn` is the board as a value that draws itself, to Rich or to plain text at a
width, laid out to each width it is drawn at (:class:`DeckbuildingBoard`), as
``mistborn dbg show`` prints it.

:func:`next_line` says what comes next (a step's parameter it names plainly, or in a
front door's words: :func:`next_phrases`), :func:`summary` a game in a few words, and
the few messages the command line says about the table (no game yet, nothing to undo)
are here too, so that a Polish table reads Polish everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from boardgames.deckbuilding.describe import ABILITIES, METALS, _Say, capitalized, result_text
from boardgames.deckbuilding.ending import final_summary
from boardgames.deckbuilding.events import TRACK_TOP, Mode, shield_value
from boardgames.deckbuilding.state import (
    LORD_RULER_HEALTH,
    Adversary,
    Game,
    burns_allowed,
    dominance,
    standing,
    training_step,
)
from boardgames.deckbuilding.text import CATALOG, COMMANDS
from boardgames.drawing import LaidOutBoard
from boardgames.locales import Param
from boardgames.screen import Line, Phrase, phrased, worded
from core.lines import Drawing
from core.lines import Line as Drawn
from core.viewer import NARRATOR, Viewer
from core.wrap import rows

if TYPE_CHECKING:
    from core.steps import Words

__all__ = ["MAX_WIDTH", "MIN_WIDTH", "NAME", "DeckbuildingBoard", "Line", "ambiguous", "board",
           "drawn", "next_line", "next_phrases", "no_game", "nothing_to_undo", "say",
           "setup_kept", "summary", "unknown_game", "words"]

NAME = "Deckbuilding Game"
"""The name a board's title starts with unless another is given (the table gives the
game's own name)."""

MIN_WIDTH = 40
MAX_WIDTH = 72


def say(key: str, lang: str, **params: Param) -> str:
    """The text ``key`` of the catalog in ``lang``."""
    return CATALOG.render(key, params, lang)


def words(lang: str) -> dict[str, str]:
    """The command line's few words: ``next``, ``meanwhile``, ``undone``,
    ``undone_by`` (a template with ``{who}``) and ``not_yours`` (with ``{name}``,
    ``{who}`` and ``{anyone}``, the door's word for undoing another's step)."""
    return {"next": CATALOG.render("screen.words_next", {}, lang),
            "meanwhile": CATALOG.render("screen.words_meanwhile", {}, lang),
            "undone": CATALOG.render("screen.words_undone", {}, lang),
            "undone_by": CATALOG.render("screen.words_undone_by", {"who": "{who}"}, lang),
            "not_yours": CATALOG.render("screen.words_not_yours",
                                        {"name": "{name}", "who": "{who}",
                                         "anyone": "{anyone}"}, lang)}


# --- messages about the table --------------------------------------------------------------


def no_game(command: str, lang: str) -> str:
    """There is no game yet; ``command`` starts one."""
    return "R-DBG-1: " + CATALOG.render("screen.no_game", {"command": command}, lang)


def nothing_to_undo(name: str, lang: str) -> str:
    """The game ``name`` has nothing left to undo."""
    return CATALOG.render("screen.nothing_to_undo", {"name": repr(name)}, lang)


def setup_kept(command: str, lang: str) -> str:
    """Only the set-up is left, and it is never undone."""
    return "R-DBG-1: " + CATALOG.render("screen.setup_kept", {"command": command}, lang)


def unknown_game(typed: str, names: Sequence[str], lang: str) -> str:
    """No game is called ``typed``."""
    return CATALOG.render("screen.unknown_game",
                          {"typed": repr(typed)[:60], "names": tuple(names) or ("—",)},
                          lang)


def ambiguous(typed: str, names: Sequence[str], lang: str) -> str:
    """What was typed could be several names."""
    return CATALOG.render("screen.ambiguous",
                          {"typed": repr(typed)[:60], "names": tuple(names)}, lang)


# --- what comes next ---------------------------------------------------------------------------


def next_line(game: Game, lang: str = "en", *, viewer: Viewer = NARRATOR,
              words: Words | None = None) -> str:
    """What the game waits for, in one line (the same for every ``viewer``); a step's
    parameter it names in a front door's ``words`` for it (the command line's
    ``--rows``), else plainly (``edict with rows ROW…``): :func:`next_phrases`."""
    return worded(next_phrases(game, lang, viewer=viewer), words)


def next_phrases(game: Game, lang: str = "en", *, viewer: Viewer = NARRATOR
                 ) -> tuple[Phrase, ...]:
    """What the game waits for, as :func:`next_line` says it, the parameters it names
    left for a front door to word (:class:`~boardgames.screen.Phrase`)."""
    said = _Say(lang)
    if not game.started:
        return phrased(CATALOG.render("not_started", {}, lang))
    if game.result is not None:
        return phrased(say("screen.over", lang, result=result_text(game, lang)))
    pending = game.turn.pending
    if pending is not None:
        if pending.chooser is None:
            return phrased(said("target_choice_table", leftover=pending.leftover))
        return phrased(said("target_choice", name=game.players[pending.chooser].name,
                            leftover=pending.leftover))
    active = game.active.name
    if game.active.out:  # eliminated in their own turn: no card to draw (R-DBG-7)
        return phrased(say("screen.next_out", lang, name=active))
    if game.lord_ruler is not None and game.turn.drawn == 0:
        rows_param = Phrase(say("screen.with_param", lang, param="rows"), "rows")
        return phrased(*CATALOG.pieces("screen.next_draw", {"name": active, **COMMANDS}, lang,
                                       {"rows": rows_param}),
                       _adversary_effects(game, lang))
    if game.lord_ruler is not None:  # drawn at the end of the turn (R-DBG-11)
        return phrased(say("screen.next_end", lang, name=active, number=game.turn.number,
                           **COMMANDS))
    return phrased(say("screen.next_turn", lang, name=active, number=game.turn.number))


def _adversary_effects(game: Game, lang: str) -> str:
    """A reminder, before the draw, of the Adversaries before the active player: an
    effect of theirs may come at the end of every turn of that player (R-DBG-6)."""
    lord = game.lord_ruler
    names = tuple(a.name for a in (lord.adversaries if lord else ())
                  if a.owner == game.turn.seat)
    return "; " + say("screen.adversary_effects", lang, names=names) if names else ""


def summary(game: Game, lang: str = "en") -> str:
    """A game in a few words, for a list of games."""
    if not game.started:
        return CATALOG.render("not_started", {}, lang)
    if game.result is not None:
        return result_text(game, lang)
    return say("screen.summary", lang, number=game.turn.number, name=game.active.name)


# --- the board ------------------------------------------------------------------------------------


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(1, width - 1)] + "…"


def _wrap(text: str, width: int, tag: str = "plain", indent: int = 2, *,
          capital: bool = True, game: Game | None = None) -> list[Line]:
    """``text`` as lines at most ``width`` wide (later ones indented), its first letter
    a capital unless it begins with a name (``capital=False``: kept as typed; ``game``:
    a player's name of it, as typed)."""
    if capital:
        text = capitalized(text, game) if game is not None else text[:1].upper() + text[1:]
    return [Line(line, tag) for line in rows(text, width, indent)]


def _players(game: Game, lang: str, width: int) -> list[Line]:
    labels = [say("screen.health", lang), say("screen.boxings", lang), say("screen.atium", lang)]
    cells = [max(len(label), 3) + 1 for label in labels]
    status = max(len(say("screen.target", lang)), len(say("screen.out", lang)))
    name_width = max(len(say("screen.players", lang)), *(len(p.name) for p in game.players))
    name_width = min(name_width, width - 2 - sum(cells) - 1 - status)
    head = "  " + say("screen.players", lang).ljust(name_width) + "".join(
        label.rjust(cell) for label, cell in zip(labels, cells, strict=True))
    lines = [Line(head, "head")]
    for seat, player in enumerate(game.players):
        active = seat == game.turn.seat and game.result is None
        row = ("▶ " if active else "  ") + _clip(player.name, name_width).ljust(name_width)
        row += "".join(str(n).rjust(cell) for n, cell in zip(
            (player.health, player.boxings, player.atium), cells, strict=True))
        marks = [say("screen.out", lang)] if player.out else []
        if game.target == seat:
            marks.append(say("screen.target", lang))
        if marks:
            row += " " + ", ".join(marks)
        lines.append(Line(row, "out" if player.out else "active" if active else "plain"))
    return lines


def _turn(game: Game, lang: str, width: int) -> list[Line]:
    if game.result is not None:
        return []
    active = game.active
    text = say("screen.active_turn", lang, name=active.name, coins=game.turn.coins,
               points=active.mission_points)
    extra = []
    if active.sense:
        extra.append(say("screen.sense_left", lang, count=active.sense))
    if game.turn.damage:
        extra.append(say("screen.damage_left", lang, damage=game.turn.damage))
    if game.turn.attacked:
        extra.append(say("screen.attacked", lang))
    if game.turn.may_pass and game.target is not None:
        extra.append(say("screen.may_pass", lang, name=game.players[game.target].name))
    return _wrap("; ".join([text, *extra]), width, game=game)


def _training(game: Game, lang: str, width: int) -> list[Line]:
    """Each player's Training step, Burns used and allowed, abilities unlocked and
    Flared metals (R-DBG-9, R-DBG-10)."""
    if not game.tracks_training:
        return []
    lines = [Line(say("screen.training", lang), "head")]
    for seat, player in enumerate(game.players):
        parts = [say("screen.training_row", lang, name=player.name,
                     step=training_step(game, seat), end=game.training.end,
                     used=game.turn.burned if seat == game.turn.seat else 0,
                     allowed=burns_allowed(game, seat))]
        unlocked = game.training.unlocked(player.trained)
        if unlocked:
            parts.append(say("screen.abilities", lang, abilities=tuple(
                say(ABILITIES[a], lang) for a in unlocked)))
        if player.flared:
            parts.append(say("screen.flared", lang, metals=tuple(
                say(METALS[m], lang) for m in player.flared)))
        tag = "out" if player.out else "plain"
        lines += [Line("  " + line.text, tag) for line in _wrap(
            "; ".join(parts), width - 2, capital=False)]
    return lines


def _missions(game: Game, lang: str, width: int) -> list[Line]:
    said = _Say(lang)
    start = say("screen.start", lang)  # the widest mark of a cube off the track
    name_width = min(max(len(p.name) for p in game.players), width - 20,
                     width - 6 - len(start))
    lines: list[Line] = []
    for index, track in enumerate(game.missions):
        steps = ", ".join(str(s) for s in track.reward_steps)
        lines += _wrap(say("screen.mission_head", lang, mission=said.mission(game, index),
                           count=len(track.reward_steps), steps=steps), width, "head")
        where = standing(game, index)
        for seat, player in enumerate(game.players):
            step = track.steps[seat]
            marks = []
            if seat in where.highest and seat in where.lowest:
                marks.append(say("screen.highest_lowest", lang))
            elif seat in where.highest:
                marks.append(say("screen.highest", lang))
            elif seat in where.lowest:
                marks.append(say("screen.lowest", lang))
            if step == 0:
                marks.append(start)
            elif step == TRACK_TOP:
                marks.append(say("screen.top", lang, place=track.finished.index(seat) + 1))
            row = f"  {_clip(player.name, name_width).ljust(name_width)} {step:>2}"
            if marks:
                row += " " + ", ".join(marks)
            lines.append(Line(row, "out" if player.out else "plain"))
    return lines


def _shields(adversary: Adversary, game: Game, lang: str) -> str:
    parts = []
    for index, shield in enumerate(adversary.shields):
        value = (f"X={shield_value(shield, dominance(game))}" if shield == "X" else shield)
        if index < adversary.destroyed:
            value += f" ({say('screen.destroyed', lang)})"
        parts.append(value)
    return ", ".join(parts)


def _lord_ruler(game: Game, lang: str, width: int) -> list[Line]:
    lord = game.lord_ruler
    if lord is None:
        return []
    lines = [Line(say("screen.lord_ruler", lang, health=lord.health, most=LORD_RULER_HEALTH,
                      dominance=lord.dominance), "head")]
    lines += _wrap(say("screen.deck", lang, deck=lord.deck, defeated=lord.discarded), width)
    if lord.adversaries:
        lines.append(Line(say("screen.adversaries", lang), "head"))
        for adversary in lord.adversaries:
            lines += [Line("  " + line.text) for line in _wrap(say(
                "screen.adversary", lang, number=adversary.number, name=adversary.name,
                owner=game.players[adversary.owner].name,
                shields=_shields(adversary, game, lang)), width - 2)]
    return lines


def board(game: Game, name: str, lang: str = "en", width: int = MIN_WIDTH, *,
          viewer: Viewer = NARRATOR) -> tuple[Line, ...]:
    """The whole game as lines at most ``width`` wide (40 to 72 columns), the same for
    every ``viewer``."""
    width = max(MIN_WIDTH, min(width, MAX_WIDTH))
    if not game.started:
        return (Line(_clip(name, width), "title"),
                Line(CATALOG.render("not_started", {}, lang), "note"))
    mode = say({Mode.COMPETITIVE: "screen.mode_competitive", Mode.COOP: "screen.mode_coop",
                Mode.SOLO: "screen.mode_solo"}[game.mode], lang)
    lines = _wrap(f"{say('screen.title', lang, name=name, number=game.turn.number)} · {mode}",
                  width, "title", capital=False)  # the game's name, as its players typed it
    if game.result is None:
        lines.append(Line(say("screen.legend", lang), "note"))
    lines += _players(game, lang, width)
    lines += _turn(game, lang, width)
    lines += _training(game, lang, width)
    lines += _missions(game, lang, width)
    if game.mode is not Mode.COMPETITIVE:
        lines += _lord_ruler(game, lang, width)
    if game.result is not None:
        lines += _wrap(say("screen.over", lang, result=result_text(game, lang)), width, "result",
                       game=game)
    return tuple(lines)


@attrs.frozen
class DeckbuildingBoard(Drawing):
    """A game's board that draws itself, laid out to the width it is drawn at (40 to 72
    columns, :func:`board`), as ``viewer`` may see it in ``lang``: the title after the
    game's ``name``, then, under the board, the summary once the game is over, the
    sentences of the ``last`` events and what comes next (:func:`next_line`, a
    parameter it names in a front door's ``words``, else plainly)."""

    game: Game
    name: str = NAME
    lang: str = "en"
    last: tuple[str, ...] = ()
    viewer: Viewer = NARRATOR
    words: Words | None = None

    def laid_out(self, width: int) -> LaidOutBoard:
        """The board laid out to ``width`` columns (:class:`~boardgames.drawing.LaidOutBoard`)."""
        lang = self.lang
        following = next_line(self.game, lang, viewer=self.viewer, words=self.words)
        return LaidOutBoard(board(self.game, self.name, lang, width, viewer=self.viewer),
                            self.name, self.last, following,
                            summary=final_summary(self.game, self.viewer, lang),
                            next_word=words(lang)["next"], summary_word=say("summary.head", lang))

    def lines(self, width: int) -> list[Drawn]:
        return self.laid_out(width).lines(width)


def drawn(game: Game, viewer: Viewer = NARRATOR, *, name: str = NAME, lang: str = "en",
          last: Sequence[str] = (), words: Words | None = None) -> DeckbuildingBoard:
    """The :func:`board` in ``lang``, its title after the game's ``name``, the summary
    once the game is over, the sentences of the ``last`` events and what comes next
    beneath, as a value that draws itself: ``board.text(40)`` is the plain text of a
    40-column screen, and a Rich console prints ``board`` at its own width. What comes
    next names a step's parameter plainly (``edict with rows ROW…``), or in a front
    door's ``words`` for it (:data:`core.steps.Words`)."""
    return DeckbuildingBoard(game, name, lang, tuple(last), viewer, words)
