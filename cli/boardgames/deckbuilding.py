"""``mistborn deckbuilding`` (also ``dbg``): Mistborn: The Deckbuilding Game's dials and
tracks beside the cards, saved in the table, in English or Polish.

The group and what its commands share: the language (``--lang pl``, else a Polish
locale: the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set starting with
``pl``), the :class:`~cli.boardgames.base.Face` that says events, screens and errors in it
(R-DBG-8). The steps are the game's table of steps
(:mod:`boardgames.deckbuilding.step_table`), made commands when used; the other
commands (set-up, screens, undo) live in :mod:`cli.boardgames.deckbuilding_setup`,
loaded on first use.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from boardgames.drawing import LaidOutBoard
from cli.boardgames.base import (
    Face,
    GameGroup,
    add_table_commands,
    game_group,
    game_option,
    locale_language,
)
from cli.common.decorators import F
from cli.common.errors import UserError, option_words
from cli.common.output import json_option
from cli.common.streams import who_option
from cli.common.table_option import table_option
from cli.common.twins import UNDO
from cli.common.values import OneOf

if TYPE_CHECKING:
    from collections.abc import Sequence

    from rich.console import RenderableType

    from boardgames.deckbuilding.state import Game
    from core.viewer import Viewer


KIND = "deckbuilding"
COMMAND = "mistborn deckbuilding new --players NAMES…"
_LANG_KEY = "mistborn_conflict.lang"


# --- the language ---------------------------------------------------------------------------


def _keep_lang(ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    if value is not None:
        ctx.meta[_LANG_KEY] = value


def lang_option(function: F) -> F:
    """``--lang en|pl``: the language of screens, sentences and errors."""
    return click.option("--lang", type=OneOf(["en", "pl"]), expose_value=False,
                        callback=_keep_lang,
                        help="en or pl (default: pl in a Polish locale, else en).")(function)


def language(ctx: click.Context | None = None) -> str:
    """The language asked for: ``--lang``, else the locale's."""
    ctx = ctx or click.get_current_context()
    chosen = ctx.meta.get(_LANG_KEY)
    return chosen if isinstance(chosen, str) else locale_language()


def speak(ctx: click.Context, lang: str) -> None:
    """Say the commands run under ``ctx`` in ``lang``, whatever the locale (the player
    shell, which speaks English, runs them for a phone)."""
    ctx.meta[_LANG_KEY] = lang


def common(function: F) -> F:
    """The options every Deckbuilding Game command takes: --db, --game, --as, --lang,
    --json."""
    return table_option(game_option(who_option(lang_option(json_option(function)))))


class DeckbuildingGroup(GameGroup):
    """The group, saying every refusal in the language asked for: the library's own
    (R-DBG-8) and the table's few (no game yet, nothing to undo, an unknown game); and
    its help and its commands' help in Polish when Polish is asked for before the
    command (``dbg --lang pl spend --help``, or a Polish locale)."""

    def options(self, function: Callable[..., Any]) -> Callable[..., Any]:
        """The options every command takes, ``--lang`` among them: each is written and
        said in the language asked for."""
        return common(function)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        # --help is answered as soon as it is read: the language asked for anywhere on
        # the line is known before (dbg --help --lang pl, dbg spend --lang pl --help).
        asked = asked_language(args)
        if asked is not None:
            ctx.meta[_LANG_KEY] = asked
        return super().parse_args(ctx, args)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is None or language(ctx) != "pl":
            return command
        from cli.boardgames.deckbuilding_pl import polish

        return polish(command)  # its --help in Polish (R-DBG-8)

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        if language(ctx) != "pl":
            super().format_help(ctx, formatter)
            return
        from cli.boardgames.deckbuilding_pl import GROUP, speaking_polish

        polish = speaking_polish(copy.copy(self))
        polish.format_usage(ctx, formatter)
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(GROUP)
        polish.format_options(ctx, formatter)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        if language(ctx) != "pl":
            super().format_commands(ctx, formatter)
            return
        from cli.boardgames.deckbuilding_pl import short

        rows = [(name, short(name, said)) for name, said in self.listing()]
        with formatter.section("Polecenia"):
            formatter.write_dl(rows)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except Exception as error:
            message = translated(error, language(ctx))
            if message is None:
                raise
            raise UserError(message) from None


def asked_language(args: Sequence[str]) -> str | None:
    """The language the words of a command line ask for with ``--lang`` (the last one
    given, before a ``--``), if any."""
    asked = None
    for index, word in enumerate(args):
        if word == "--":
            break
        value = (args[index + 1] if word == "--lang" and index + 1 < len(args)
                 else word.removeprefix("--lang=") if word.startswith("--lang=") else None)
        if value in ("en", "pl"):
            asked = value
    return asked


def translated(error: BaseException, lang: str) -> str | None:
    """``error`` said in ``lang``, or None to let it pass as it is."""
    from boardgames.deckbuilding import screen
    from boardgames.locales import Localized, localize
    from characters.lookup import NameAmbiguous, NameNotFound
    from table.errors import NothingToUndo
    from table.games import NoGame, SetupKept

    if isinstance(error, Localized):
        how = getattr(error, "door_words", None)  # the step's parameter, as typed here
        return localize(error, lang) + (f" ({how})" if how else "")
    if lang == "en":
        return None
    if isinstance(error, NoGame):
        return screen.no_game(COMMAND, lang)
    if isinstance(error, SetupKept):
        return screen.setup_kept(COMMAND, lang)
    if isinstance(error, NothingToUndo):
        return screen.nothing_to_undo(error.name, lang)
    if isinstance(error, NameNotFound):
        return screen.unknown_game(error.typed, error.known, lang)
    if isinstance(error, NameAmbiguous):
        return screen.ambiguous(error.typed, error.candidates, lang)
    return None


@game_group(KIND, {
    "new": ("cli.boardgames.deckbuilding_setup:new", "Start a game: players, co-op or solo."),
    "undo": UNDO,
    "show": ("cli.boardgames.deckbuilding_setup:show",
             "Every dial and track, highest/lowest marked."),
}, steps="boardgames.deckbuilding.step_table:STEPS", cls=DeckbuildingGroup)
@lang_option
def deckbuilding() -> None:
    """Mistborn: The Deckbuilding Game beside the cards: health dials,
    Mission tracks, the Target, coins, Boxings, Atium, and in co-op the Lord
    Ruler — saved in the table, with undo. --lang pl (or a Polish locale)
    speaks the Polish edition's terms.

    \b
    Start:  new --players vin kel marsh
            new -p vin elend --coop
    Turn:   points 3; spend 2 1 0;
            sense 2; coins 4; boxings buy;
            combat 7; ally 3; attack 4;
            end-turn
    Metals: train; burn tin; flare pewter;
            refresh pewter; burns 1
    Health: damage vin 5; heal vin 3
    Target: pass marsh; target elend
    Atium:  atium gain 2; confront
    Co-op:  combat 9; shield 1 3;
            lord attack 6; edict --rows 2;
            adversary NAME 5 X;
            collective 10; dominance 2
    See:    show; log     Slip: undo

    Players: any unique beginning of a name.
    The active player acts unless --player.
    """


# --- saying the game ------------------------------------------------------------------------


def face(lang: str | None = None) -> Face:
    """How the command line says a Deckbuilding Game, in ``lang`` (default: the one
    asked for); a step's parameter the next line names given as an option
    (``edict --rows ROW…``)."""
    from boardgames.deckbuilding import screen
    from boardgames.deckbuilding.codec import snapshot
    from boardgames.deckbuilding.describe import describe
    from boardgames.deckbuilding.ending import final_summary

    chosen = lang or language()
    said = screen.words(chosen)

    def status(state: Game) -> dict[str, Any]:
        data = snapshot(state, chosen)
        return {"turn": data["turn"]["number"], "player": data["turn"]["player"],
                "result": data["result"]}

    return Face(KIND, lambda b, e, a: describe(b, e, a, chosen),
                lambda state: screen.next_line(state, chosen, words=option_words), status,
                {**said, "summary": screen.say("summary.head", chosen)},
                final=lambda state: final_summary(state, lang=chosen), board=board)


def board(name: str, state: Game, width: int, said: Sequence[str], following: str,
          viewer: Viewer) -> list[RenderableType | str]:
    """The game on a player's shell, in English (the shell's language): the dials and
    tracks at most 72 columns wide, the last steps and what comes next."""
    from boardgames.deckbuilding import screen

    laid = screen.board(state, name, "en", max(40, min(width, 72)))
    return [LaidOutBoard(laid, name, tuple(said), following).rich(width)]


def summary(state: Game) -> str:
    """A game in a few words, for ``list``."""
    from boardgames.deckbuilding import screen

    return screen.summary(state, language())


add_table_commands(deckbuilding, KIND, face, summary, lang_option)

