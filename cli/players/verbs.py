"""Every word a line of the player shell may start with, gathered from where each verb
is written: a player's Conflict steps (:mod:`cli.players.steps`), the Narrator's
(:mod:`cli.players.narrator_verbs`) and what the shell does at any time
(:mod:`cli.players.words`). A new step's words and help are written beside the step;
this module only puts them together.
"""

from __future__ import annotations

from typing import Final

from cli.players import narrator_verbs, steps
from cli.players.game_verbs import ANY_TIME, GAMES, turn_verbs, verbs_of
from cli.players.words import ANY_TIME_HELP, SHELL_VERBS

__all__ = ["GAME_WORDS", "HELP", "NARRATOR_HELP", "NARRATOR_VERBS", "PLAYER_VERBS",
           "STREAM_WORDS", "host_words", "step_words", "verb_of"]

PLAYER_VERBS: Final = {**steps.WORDS, **SHELL_VERBS}
"""Every word a player may start a line with, and the verb it means."""

STREAM_WORDS: Final = frozenset({"games", "list", "use", "game"})
"""Which stream the shell sits at: ``games`` (``list``) lists them, ``use NAME`` (``game
NAME``) sits at one (:mod:`cli.players.game_desk`)."""

GAME_WORDS: Final = frozenset({*STREAM_WORDS,
                               *(word for words in ANY_TIME.values() for word in words)})
"""Words a line may start with at a board game known without loading any game: what
only reads (:mod:`cli.players.game_verbs`) and the stream words (``undo`` stays the
Narrator's word at a Conflict; at a game the shell reads it itself); their verb is
``game``. So are a player's steps of the games' tables (:func:`step_words`), and a
Narrator may also start one with any of the games' commands the shell runs
(:func:`host_words`)."""

NARRATOR_VERBS: Final = {**steps.NARRATOR_WORDS, **narrator_verbs.WORDS}
"""The Narrator's steps and own words, for a player marked Narrator."""

HELP: Final = f"{steps.HELP}\n{ANY_TIME_HELP}"
"""The player's help screen."""

NARRATOR_HELP: Final = "\n".join(["Narrator:", " VERB as NAME …  act for anyone",
                                  *steps.help_lines(host=True), narrator_verbs.HELP])
"""What the help adds for a Narrator."""


def verb_of(line: str, *, narrator: bool = False) -> str | None:
    """The verb a line starts with, or ``None`` if it starts with none (a one-shot
    command that is no verb is refused with exit status 2)."""
    words = line.split(maxsplit=1)
    if not words:
        return None
    word = words[0].casefold()
    if word in PLAYER_VERBS:
        return PLAYER_VERBS[word]
    if narrator and word in NARRATOR_VERBS:
        return NARRATOR_VERBS[word]
    if word in GAME_WORDS or word in step_words() or (narrator and word in host_words()):
        return "game"
    return None


def host_words() -> frozenset[str]:
    """Every game command a Narrator may type in the shell (House War's ``sheet``, the
    Deckbuilding Game's ``target``…), read from the games' groups when asked (only for
    a Narrator's word that is no other)."""
    return frozenset(word for kind in GAMES for word in verbs_of(kind, host=True))


def step_words() -> frozenset[str]:
    """Every step a player takes on their own turn at any of the games, their tables of
    steps read when asked (only for a word that is no other)."""
    return frozenset(word for kind in GAMES for word in turn_verbs(kind))
