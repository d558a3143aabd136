"""Every word a line of the player shell may start with, gathered from where each verb
is written: a player's Conflict steps (:mod:`cli.players.steps`), the Narrator's
(:mod:`cli.players.narrator_verbs`) and what the shell does at any time
(:mod:`cli.players.words`). A new step's words and help are written beside the step;
this module only puts them together.
"""

from __future__ import annotations

from typing import Final

from cli.common.errors import fail
from cli.players import narrator_verbs as narrator_words
from cli.players import steps
from cli.players.game_verbs import GAMES, reads, turn_verbs, verbs_of
from cli.players.words import ANY_TIME_HELP, SHELL_VERBS, VERB_HELP, unknown

__all__ = [
    "STREAM_WORDS",
    "help_text",
    "host_verbs",
    "host_words",
    "player_verbs",
    "step_words",
    "verb_help",
    "verb_of",
]

def player_verbs() -> dict[str, str]:
    """Every word a player may start a line with, and the verb it means."""
    return {**steps.words(), **SHELL_VERBS}


STREAM_WORDS: Final = frozenset({"games", "list", "use", "game"})
"""Which stream the shell sits at: ``games`` (``list``) lists them, ``use NAME`` (``game
NAME``) sits at one (:mod:`cli.players.game_desk`). They are the words of a board game
known without loading any game (``undo`` stays the Narrator's word at a Conflict; at a
game the shell reads it itself); their verb is ``game``. So are a player's steps of the
games' tables and what only reads (:func:`step_words`), and a Narrator may also start a
line with any of the games' commands the shell runs (:func:`host_words`)."""


def host_verbs() -> dict[str, str]:
    """The Narrator's steps and own words, for a player marked Narrator."""
    return {**steps.words(host=True), **narrator_words.WORDS}


def help_text(*, narrator: bool = False) -> list[str]:
    """The help screen's lines: the player's, and with ``narrator`` the Narrator's."""
    lines = [*steps.help_lines(host=False), *ANY_TIME_HELP.splitlines()]
    if narrator:
        lines += ["Narrator:", " VERB as NAME …  act for anyone", *steps.help_lines(host=True),
                  *narrator_words.HELP.splitlines()]
    return lines


def verb_help(word: str, *, narrator: bool = False) -> list[str]:
    """``? WORD``: the lines that tell in full the step or command ``word`` starts (a
    step of the Conflict's, the shell's own, the Narrator's with ``narrator``);
    refused for a word that starts none of this player's."""
    found = steps.step_help(word, host=narrator)
    if found is not None:
        return found
    verb = verb_of(word, narrator=narrator)
    if verb in VERB_HELP and word.casefold() in {*SHELL_VERBS, "games", "use"}:
        return VERB_HELP[verb].lines()
    if narrator and verb in narrator_words.VERB_HELP:
        return narrator_words.VERB_HELP[verb].lines()
    if not narrator and word.casefold() in host_verbs():
        fail(f"{word[:30]!r} is not a command here: it is the Narrator's")
    verbs = {**player_verbs(), **(host_verbs() if narrator else {})}
    fail(unknown(word, [*dict.fromkeys([*verbs.values(), *(w for w in verbs if len(w) > 2)]),
                        "games", "use"]))


def verb_of(line: str, *, narrator: bool = False) -> str | None:
    """The verb a line starts with, or ``None`` if it starts with none (a one-shot
    command that is no verb is refused with exit status 2)."""
    words = line.split(maxsplit=1)
    if not words:
        return None
    word = words[0].casefold()
    mine = player_verbs()
    if word in mine:
        return mine[word]
    theirs = host_verbs() if narrator else {}
    if word in theirs:
        return theirs[word]
    if word in STREAM_WORDS or word in step_words() or (narrator and word in host_words()):
        return "game"
    return None


def host_words() -> frozenset[str]:
    """Every game command a Narrator may type in the shell (House War's ``sheet``, the
    Deckbuilding Game's ``target``…), read from the games' groups when asked (only for
    a Narrator's word that is no other)."""
    return frozenset(word for kind in GAMES for word in verbs_of(kind, host=True))


def step_words() -> frozenset[str]:
    """Every step a player takes on their own turn at any of the games, and what only
    reads (:func:`cli.players.game_verbs.reads`), their groups and tables of steps read
    when asked (only for a word that is no other)."""
    return frozenset(word for kind in GAMES for word in (*turn_verbs(kind), *reads(kind)))
