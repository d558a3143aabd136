"""Tab in the player shell: what the words being typed may become, in their place in
the line — a verb first; after it what that verb takes (a declaration's kind, then its
words, read by the library: :func:`conflict.intents.complete.complete`; a Reaction of
the character; a name to act for after ``as``). Each answer is a
:class:`~conflict.intents.complete.Completion`: the text to put in place of the
characters it replaces, so a name of several words completes as one. Names come from
the Conflict running; a player is offered their own characters to act for and their
own gear, Powers and Reactions. Reads the table only through the shell
(:class:`~cli.players.steps.Desk`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from characters.lookup import matches
from characters.names import name_key
from cli.players import steps as player_steps
from cli.players.game_desk import KINDS as STREAMS
from cli.players.verbs import host_verbs, player_verbs, verb_of
from cli.players.words import KINDS
from conflict.intents.complete import Completion, complete, complete_from, complete_words
from core.steps import Kind, Who

if TYPE_CHECKING:
    from cli.players.steps import Desk
    from conflict.state import State
    from core.steps import Step

__all__ = ["completions"]

_KINDS: Final = ("attack", "action", "defense", "noroll")
_NAMED: Final = frozenset({"reveal", "hide", "sheet"})
"""The shell's own verbs that name a character (a Conflict step's words are its
table's: :func:`_step_words`)."""


def completions(desk: Desk, typed: str) -> list[Completion]:
    """What the words at the end of ``typed`` (the line up to the cursor) may become;
    everything that may come next when ``typed`` ends in a space."""
    words = typed.split()
    partial = "" if not typed or typed[-1].isspace() else words.pop()
    if not words:
        verbs = [*player_verbs().values(), *(host_verbs().values() if desk.narrator else ()),
                 "games", "use"]  # the streams (cli.players.game_desk)
        return complete_from(list(dict.fromkeys(verbs)), partial, "verb")
    return _after(desk, words, partial, typed)


def _tail(typed: str, count: int) -> str:
    """``typed`` after its first ``count`` words (and the spaces after them)."""
    parts = typed.lstrip().split(maxsplit=count)
    return parts[count] if len(parts) > count else ""


def _after(desk: Desk, words: list[str], partial: str, typed: str) -> list[Completion]:
    """After the verb ``words[0]``: ``words`` are typed whole, ``partial`` is being typed."""
    verb = verb_of(words[0], narrator=desk.narrator)
    if verb is None or verb in {"odds", "help", "quit", "board", "last"}:
        return []
    if verb == "game":  # use NAME: the streams a shell may sit at
        return complete_words(_streams(desk), _tail(typed, 1), "game") \
            if words[0].casefold() in {"use", "game"} else []
    if verb == "plain":
        return complete_from(["on", "off"], partial) if len(words) == 1 else []
    state = _state(desk)
    names = [p.name for p in state.participants] if state is not None else []
    rest, used = words[1:], 1
    if rest[:1] and rest[0].casefold() == "as":
        if len(rest) == 1:
            return complete_from(_actors(desk, names), partial, "whom to act for")
        actor, rest, used = rest[1], rest[2:], 3
    else:
        actor = None
    tail = _tail(typed, used)
    if verb in _NAMED:
        return complete_words([n for n in names if verb != "sheet" or desk.narrator
                               or name_key(n) in desk.mine()], tail, "name")
    step = player_steps.table().get(verb)
    if step is not None and verb not in {"declare", "change", "react"}:
        offered = _step_words(step, state, rest, partial, tail)
        if not rest and actor is None and step.who is not Who.HOST and verb != "roll":
            offered += complete_from(["as"], partial)  # roll N: dice outside the Conflict
        return offered
    acting = _acting(desk, state, actor)
    if verb == "react":
        reactions = [r.name for r in state.participant(acting).character.reactions] \
            if state is not None and acting is not None else []
        return complete_words(reactions, tail, "Reaction")
    if verb == "declare" and not rest:
        return complete_from([*_KINDS, *([] if actor else ["as"])], partial)
    if state is None or acting is None:
        return []
    if verb == "declare":
        return complete(state, acting, tail, "aim") if KINDS.get(rest[0].casefold()) else []
    if verb == "change":  # an action's words, without its kind
        return complete(state, acting, "action " + tail, "aim")
    return complete_from(["as"], partial) if not rest and actor is None else []


def _step_words(step: Step[State], state: State | None, rest: list[str], partial: str,
                tail: str) -> list[Completion]:
    """What may come next in a line of a Conflict ``step`` after ``rest`` (the words
    typed whole after its verb and any ``as NAME``), as its table completes its
    parameters (:meth:`core.steps.Param.words`): those a line gives in order, not the
    one naming who acts (``as`` names it). A name may have several words, so a step
    whose first is a name completes the rest of the line (``tail``) as names."""
    given = [param for param in step.params if param.positional and not param.seat]
    if not given:
        return []
    if given[0].kind is Kind.NAME:
        return complete_words(list(given[0].words(state, "")), tail, given[0].name)
    place = len(rest)
    if place >= len(given) and not given[-1].many:
        return []
    wanted = given[min(place, len(given) - 1)]
    return complete_from(list(wanted.words(state, partial)), partial, wanted.name)


def _streams(desk: Desk) -> list[str]:
    """What ``use`` may name: the current Conflict and every board game, by name."""
    return list(dict.fromkeys(info.name for kind in STREAMS
                              for info in desk.table.streams(kind)
                              if kind in STREAMS[1:] or info.current))


def _state(desk: Desk) -> State | None:
    try:
        return desk.current_conflict()[1]
    except Exception:  # no Conflict running, or a damaged table: no names to offer
        return None


def _actors(desk: Desk, names: Sequence[str]) -> list[str]:
    """Whom ``as`` may name — anyone for the Narrator, else the player's characters —
    each by one word that finds it (``as`` takes one word): ``Hazekillers``."""
    mine = [n for n in names if desk.narrator or name_key(n) in desk.mine()]
    return [next((w for w in sorted(n.split(), key=lambda w: len(w) <= 3)
                  if matches(w, names) == [n]), n) for n in mine]


def _acting(desk: Desk, state: State | None, typed: str | None) -> str | None:
    """The participant the line acts for: the one named after ``as``, else the
    player's one character in the Conflict."""
    if state is None:
        return None
    names = [p.name for p in state.participants]
    found = matches(typed, names) if typed else [
        n for n in names if name_key(n) in desk.mine() and not desk.narrator]
    return found[0] if len(found) == 1 else None
