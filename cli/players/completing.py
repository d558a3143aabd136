"""Tab in the player shell: the words the word being typed may become, in its place in
the line — a verb first; after it what that verb takes (a declaration's kind, then the
grammar of its words, :mod:`conflict.intents.completing`; a Reaction of the
character; a name to act for after ``as``). Names come from the Conflict running; a
player is offered their own characters to act for and their own gear, Powers and
Reactions. Reads the table only through the shell (:class:`~cli.players.steps.Desk`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from characters.lookup import matches
from characters.model import ATTRIBUTES, STANDINGS
from characters.names import name_key
from cli.players.verbs import NARRATOR_VERBS, PLAYER_VERBS, verb_of
from cli.players.words import KINDS
from conflict.intents.completing import Choices, aim_next, beginning_with

if TYPE_CHECKING:
    from characters.model import ExtraGroup, Sheet
    from cli.players.steps import Desk
    from conflict.state import State

__all__ = ["completions"]

_KINDS: Final = ("attack", "action", "defense", "noroll")
_NAMED: Final = frozenset({"reveal", "hide", "defeat", "reorder", "sheet"})


def completions(desk: Desk, typed: str) -> list[str]:
    """The words the last word of ``typed`` (the line up to the cursor) may become;
    every word that may come next when ``typed`` ends in a space."""
    words = typed.split()
    partial = "" if not typed or typed[-1].isspace() else words.pop()
    if not words:
        verbs = [*PLAYER_VERBS.values(), *(NARRATOR_VERBS.values() if desk.narrator else ())]
        return beginning_with(partial, list(dict.fromkeys(verbs)))
    return beginning_with(partial, _after(desk, words))


def _after(desk: Desk, words: list[str]) -> list[str]:
    verb = verb_of(words[0], narrator=desk.narrator)
    if verb is None or verb in {"odds", "help", "quit", "board", "last"}:
        return []
    if verb == "plain":
        return ["on", "off"] if len(words) == 1 else []
    state = _state(desk)
    names = [p.name for p in state.participants] if state is not None else []
    rest = words[1:]
    if rest[:1] and rest[0].casefold() == "as":
        if len(rest) == 1:
            return _actors(desk, names)
        actor, rest = rest[1], rest[2:]
    else:
        actor = None
    if verb in _NAMED:
        return names if verb != "sheet" else [n for n in names if name_key(n) in desk.mine()
                                                or desk.narrator]
    sheet = _sheet(desk, state, actor)
    if verb == "react":
        return [r.name for r in sheet.reactions] if sheet is not None and not rest else []
    if verb == "declare":
        if not rest:
            return [*_KINDS, *([] if actor else ["as"])]
        kind = KINDS.get(rest[0].casefold())
        return aim_next(rest[1:], kind, _choices(sheet, names)) if kind else []
    if verb == "change":
        return aim_next(rest, "action", _choices(sheet, names))
    return ["as"] if not rest and actor is None and verb != "roll" else []


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


def _sheet(desk: Desk, state: State | None, typed: str | None) -> Sheet | ExtraGroup | None:
    """The sheet of the character the line acts for: the one named after ``as``, else
    the player's one character in the Conflict."""
    if state is None:
        return None
    names = [p.name for p in state.participants]
    found = matches(typed, names) if typed else [
        n for n in names if name_key(n) in desk.mine() and not desk.narrator]
    return state.participant(found[0]).character if len(found) == 1 else None


def _choices(sheet: Sheet | ExtraGroup | None, names: list[str]) -> Choices:
    if sheet is None:
        return Choices(names=names, sources=[*ATTRIBUTES, *STANDINGS])
    return Choices(names=[n for n in names if n != sheet.name],
                   equipment=[e.name for e in sheet.equipment],
                   sources=[*ATTRIBUTES, *STANDINGS, *(p.name for p in sheet.powers)],
                   traits=list(sheet.traits))
