"""What may come next in a line being typed: Tab completion for every front door.

A person typing a step — a declaration in the guided round, ``d attack …`` in the
players' shell — presses Tab. :func:`complete` says what may stand in the place being
typed, given the words so far and the Conflict: each :class:`Completion` is the whole
text to put in place of the last ``replaces`` characters of the line. A name of
several words completes as one ("attack the hol" → "The Hollow Prelate"), and a word
anywhere in a name finds it ("attack pre" → "The Hollow Prelate"), as the names are
resolved (:func:`characters.lookup.resolve`).

The places, in the grammar of :func:`conflict.intents.words.aim` and
:func:`~conflict.intents.words.read_declaration`:

- ``declaration``: the kind first (attack, feint, action, defense, no-roll); after an
  attack or a feint, a target (foes first, then allies), the attack's kind, the
  Resilience, ``with``; after ``with``, the actor's equipment; after ``using``, the dice
  (below); nothing after ``--`` or ``about`` (free words).
- ``dice``: an Attribute, Standing or Power of the actor first; after each ``+``, a
  Trait of the actor, ``tool:`` or ``circ:`` (R-DICE-1, R-CON-7).
- ``equipment``: the actor's equipment (R-CON-18).
- ``aim``: a player's line, ``d attack haze 5 with glass dagger``: its kind first
  (attack, action, defense, noroll, or a short word of them); then
  :func:`~conflict.intents.words.aim`'s words: a target (for an attack or an action),
  the attack's kind and Resilience; the equipment after ``with``; the dice's source and
  ``+`` after ``using``, then Traits, ``tool:``, ``circ:``; the words that open another
  place; nothing after ``about`` or ``--`` (free words).

:func:`complete_from` completes one name among any choices (several split by commas),
:func:`complete_words` any of them wherever it stands in the line.
Nothing here reads the table or a terminal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

import attrs

from conflict.intents.words import (
    AIM_WORDS,
    KINDS,
    NATURES,
    NOTHING,
    RESILIENCES,
    VERBS,
)

if TYPE_CHECKING:
    from characters.model import Character
    from conflict.state import State

__all__ = ["PLACES", "Completion", "complete", "complete_from", "complete_words"]

PLACES: Final = ("declaration", "dice", "equipment", "aim")
"""The places :func:`complete` knows."""
_WITH: Final = frozenset({"with", "w"})
_USING: Final = frozenset({"using", "u"})
_FREE: Final = frozenset({"--", "about"})
_AIMED: Final = frozenset({"attack", "feint"})
_KEYS: Final = {"at": "target", "with": "equipment", "using": "dice", "+": "a Trait",
                 "harmless": "no harm", "about": "what it is, in words"}
"""The words that open a place in a player's line, and what each opens (for a menu)."""
_AIM_KINDS: Final = ("attack", "action", "defense", "noroll")
"""The kinds a player's line names (:data:`~conflict.intents.words.KINDS` has their
short words)."""


@attrs.frozen
class Completion:
    """``text`` to put in place of the last ``replaces`` characters of the line typed
    (prompt_toolkit's ``Completion(text, start_position=-replaces)``); ``what`` says
    what it is (a target, a kind of attack …), for a menu."""

    text: str
    replaces: int
    what: str = ""


def _words_of(choice: str) -> list[str]:
    """Where a typed beginning may start in ``choice``: its start and each word's."""
    parts = choice.split(" ")
    return [" ".join(parts[i:]) for i in range(len(parts))]


def _matching(line: str, choices: Iterable[tuple[str, str]], least: int = 0
              ) -> list[Completion]:
    """The ``choices`` (text, what) that the end of ``line`` begins, at its start or at
    one of its words; the longest end that begins one is replaced (a name typed in
    several words), never fewer than ``least`` characters of the end (the place's own
    start)."""
    found: dict[str, Completion] = {}
    ends = [line[len(line) - n:] for n in range(len(line), least - 1, -1)
            if (n > 0 and line[len(line) - n - 1:len(line) - n] in ("", " "))
            or (n == 0 and line[-1:] in ("", " "))]
    for text, what in choices:
        for end in ends:
            typed = end.casefold()
            if text in found or (typed and typed[0] == " "):
                continue
            if any(part.casefold().startswith(typed) for part in _words_of(text)):
                found[text] = Completion(text, len(end), what)
                break
    return list(found.values())


def complete_from(choices: Sequence[str], line: str, what: str = "") -> list[Completion]:
    """``choices`` (names, words) that the name being typed at the end of ``line``
    begins — after the last comma, when several are named (``tamsin, bra``)."""
    head, comma, tail = line.rpartition(",")
    typed = tail.lstrip(" ")
    named = {part.strip().casefold() for part in head.split(",")} if comma else set()
    return _matching(typed, [(c, what) for c in choices if c.casefold() not in named],
                     least=len(typed))


def complete_words(choices: Sequence[str], line: str, what: str = "") -> list[Completion]:
    """``choices`` (words, names) that the last words of ``line`` begin, wherever they
    stand in it (``react pu`` → ``Push away incoming metal``); all of them after a
    space."""
    return _matching(line, [(c, what) for c in choices])


def _dice(character: Character, line: str) -> list[Completion]:
    """The dice's words: ``SOURCE + TRAIT + tool:X + circ:X`` (R-DICE-1, R-CON-7)."""
    from characters.model import ATTRIBUTES, STANDINGS

    head, plus, tail = line.rpartition("+")
    typed = tail.lstrip(" ")
    if not plus:
        sources = [*ATTRIBUTES, *(STANDINGS if character.standings is not None else ()),
                   *(p.name for p in character.powers)]
        return _matching(typed, [(s, "source of dice") for s in sources], len(typed))
    said = {part.strip().casefold() for part in head.split("+")}
    extra = [(t, "Trait") for t in character.traits if t.casefold() not in said]
    return _matching(typed, [*extra, ("tool:", "a Tool"), ("circ:", "a Circumstance")],
                     len(typed))


def _aimed(state: State, actor: str, verb: str, words: list[str], line: str
           ) -> list[Completion]:
    """After an attack's or a feint's kind: its target, kind of attack, Resilience,
    ``with``, ``--`` — each not said yet — for the place the last words fill."""
    person = state.participant(actor)
    lowered = [w.casefold() for w in words]
    keyword = max((i for i, w in enumerate(lowered) if w in _WITH | _USING | AIM_WORDS),
                  default=-1)
    if keyword >= 0 and lowered[keyword] in _WITH:
        gear = [i.name for i in person.character.equipment]
        typed = line[_after_word(line, keyword + 2):]
        return _matching(typed, [(g, "equipment") for g in [*gear, NOTHING[0]]], len(typed))
    if keyword >= 0 and lowered[keyword] in _USING:
        return _dice(person.character, line[_after_word(line, keyword + 2):])
    choices = _targets(state, actor, verb, lowered)
    if verb == "attack" and person.character.equipment:
        choices.append(("with", "equipment"))
    choices.append(("--", "what it is, in words"))
    start = _after_word(line, keyword + 2)  # past the kind and the last place word
    return _matching(line[start:], choices)


def _targets(state: State, actor: str, verb: str, lowered: Sequence[str]
             ) -> list[tuple[str, str]]:
    """Whom ``verb`` may aim at, foes first (allies only for a feint or an action,
    R-CON-8a), then the attack's kind and (for an attack) its Resilience: each not
    among the words said (``lowered``)."""
    from conflict.whatnow import AwaitingDeclare, what_now

    person = state.participant(actor)
    now = what_now(state)
    option = now.option if isinstance(now, AwaitingDeclare) and now.option.name == actor \
        else None
    standing = [p.name for p in state.participants if p.name != actor and not p.defeated]
    targets = list(option.targets) if option is not None else standing
    foes = [t for t in targets if state.participant(t).side != person.side]
    allies = [t for t in targets if t not in foes] if verb != "attack" else []
    said = " ".join(lowered)
    choices = [(t, "target") for t in [*foes, *allies] if t.casefold() not in said]
    if not set(lowered) & set(NATURES):
        choices += [(n, "kind of attack") for n in NATURES]
    if not set(lowered) & set(RESILIENCES) and verb == "attack":
        choices += [(r, "Resilience") for r in RESILIENCES]
    return choices


def _aim_place(words: Sequence[str]) -> tuple[str, int]:
    """The place :func:`~conflict.intents.words.aim` fills after ``words`` (those
    typed whole), and how many of them come before it: ``target``, ``equipment``,
    ``using`` (its ``+`` within), or ``free`` after ``about``/``--``."""
    place, opened = "target", 0
    for i, word in enumerate(words):
        low = word.casefold()
        if low in _FREE:
            return "free", i + 1
        if low in AIM_WORDS | _WITH | _USING:
            place, opened = ("target" if low in AIM_WORDS else "equipment"
                             if low in _WITH else "using"), i + 1
    return place, opened


def _aim(state: State, actor: str, line: str) -> list[Completion]:
    """A player's line: the kind, then :func:`~conflict.intents.words.aim`'s words."""
    words = line.split()
    if not words or (len(words) == 1 and not line.endswith(" ")):
        typed = words[0] if words else ""
        return _matching(typed, [(k, "kind of declaration") for k in _AIM_KINDS], len(typed))
    kind = KINDS.get(words[0].casefold())
    whole = words[1:] if line.endswith(" ") else words[1:-1]
    place, opened = _aim_place(whole)
    if kind is None or place == "free":
        return []
    aimed = kind in ("attack", "action")
    keys = [*(["at"] if aimed and place != "target" else []), "with", "using",
            "harmless", "about"]
    character = state.participant(actor).character
    tail = line[_after_word(line, opened + 1):]
    if place == "using" and "+" in tail:
        return _dice(character, tail)
    if place == "using":
        return _dice(character, tail) + _matching(
            tail, [(k, _KEYS[k]) for k in ["+", *keys] if k != "using"])
    if place == "equipment":
        gear = [(g, "equipment") for g in [i.name for i in character.equipment]]
        return _matching(tail, [*gear, *((k, _KEYS[k]) for k in keys if k != "with")])
    if not aimed:
        return _matching(tail, [(k, _KEYS[k]) for k in ("using", "about")])
    said = [w.casefold() for w in words[1:]]
    aims = [(text, what) for text, what in _targets(state, actor, kind, said)
            if kind == "attack" or what == "target"]  # only an attack has a kind
    return _matching(tail, [*aims, *((k, _KEYS[k]) for k in keys)])


def _after_word(line: str, count: int) -> int:
    """Where the text after the first ``count`` words of ``line`` begins (past one space)."""
    at = 0
    for _ in range(count):
        while at < len(line) and line[at] == " ":
            at += 1
        while at < len(line) and line[at] != " ":
            at += 1
    return min(len(line), at + 1) if at < len(line) else at


def _declaration(state: State, actor: str, line: str) -> list[Completion]:
    words = line.split()
    if not words or (len(words) == 1 and not line.endswith(" ")):
        typed = words[0] if words else ""
        return _matching(typed, [(v, "kind of declaration") for v in VERBS], len(typed))
    first = words[0].casefold()
    verb = KINDS.get(first) or next((v for v in VERBS if v.startswith(first)), first)
    lowered = {w.casefold() for w in words[1:]}
    if lowered & _FREE or (words[-1] == "--" and line.endswith(" ")):
        return []
    if verb not in _AIMED:
        return _matching(line[_after_word(line, 1):], [("--", "what it is, in words")])
    return _aimed(state, actor, verb, words[1:], line)


def complete(state: State, actor: str, line: str, place: str = "declaration"
             ) -> list[Completion]:
    """What may stand where ``line`` (the words typed so far, the cursor at its end)
    is being typed by or for the participant ``actor``, in ``place`` (one of
    :data:`PLACES`): each a :class:`Completion` of the whole word or name, put in place
    of the text it replaces. Empty when nothing known may come next (free words after
    ``--``, a number). ``actor`` must be in the Conflict."""
    if place == "declaration":
        return _declaration(state, actor, line)
    character = state.participant(actor).character
    if place == "dice":
        return _dice(character, line)
    if place == "equipment":
        return complete_from([i.name for i in character.equipment], line, "equipment")
    if place == "aim":
        return _aim(state, actor, line)
    raise ValueError(f"no place to complete named {place!r} (places: {', '.join(PLACES)})")
