"""What a person types for a step of a Conflict, read into values: numbers, dice faces
rolled at the table, the dice of a declaration, and the declaration itself.

Every front door reads its words here, so a step reads the same whichever door typed
it. A reading that fails raises :class:`~conflict.errors.BadValue` (the words are
malformed) or a :class:`~characters.errors.CharacterError` (a name matches no one, or
several), with the message a person at the table reads; :attr:`ConflictError.rule
<conflict.errors.ConflictError.rule>` names the rule when one applies.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import attrs

from conflict.errors import BadValue, ConflictError, RuleViolation

if TYPE_CHECKING:
    from characters.model import Character
    from characters.pools import DicePool

__all__ = [
    "AIM_WORDS",
    "FACES_EXAMPLE",
    "HARMLESS",
    "KINDS",
    "NATURES",
    "NOTHING",
    "VERBS",
    "Declaration",
    "Declared",
    "aim",
    "dice_words",
    "face_tokens",
    "figure",
    "number_or_text",
    "read_declaration",
    "read_dice",
    "read_faces",
    "read_reaction",
    "refused",
]

_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")
_FACE_SEPARATORS = re.compile(r"\s*,\s*|\s+")
_ROLLERS = re.compile(r"\s*/\s*")

FACES_EXAMPLE: Final = "e.g. 5,5,3 (a group: its kept roll, or every member's 5,5,3/4,4,1)"
"""How dice rolled at the table are typed: one roller's faces split by commas; for a
group, the roll it keeps alone, or each member's split by slashes (R-CON-2)."""

NATURES: Final = ("physical", "social", "mental")
RESILIENCES: Final = ("health", "reputation", "willpower")
VERBS: Final = ("attack", "feint", "action", "defense", "no-roll")
NOTHING: Final = ("-", "none", "nothing")
KINDS: Final = {
    "attack": "attack", "atk": "attack", "a": "attack",
    "action": "action", "act": "action",
    "defense": "defense", "defend": "defense", "def": "defense", "d": "defense",
    "noroll": "no-roll", "no-roll": "no-roll", "n": "no-roll", "none": "no-roll",
}
"""The words (and short words) for a kind of declaration in a player's line."""
AIM_WORDS: Final = frozenset({"at", "on", "vs", "against"})
HARMLESS: Final = frozenset({"harmless", "noharm", "no-harm"})


def refused(kind: type[ConflictError], message: str, rule: str | None = None, *,
            param: str | None = None, value: object = None) -> ConflictError:
    """An error of ``kind`` saying ``message`` exactly as a person reads it, its
    ``rule`` kept on the error (the message already says it in words where it
    matters), and the step's parameter it is about, by its table name, with the bad
    ``value`` (each front door says how to give it)."""
    error = kind(message)
    error.rule, error.param, error.value = rule, param, value
    return error


# --- numbers and faces ----------------------------------------------------------------------


def number_or_text(text: str) -> int | str:
    """The whole number ``text`` spells, or ``text`` itself: anything else goes on to
    the rules, whose checks refuse it with a message naming the rule."""
    stripped = text.strip()
    if _WHOLE_NUMBER.fullmatch(stripped):
        try:
            return int(stripped)
        except ValueError:  # thousands of digits: Python refuses to read it
            return text
    return text


def face_tokens(text: str) -> list[str] | None:
    """The faces typed in ``text``, split at commas and spaces (``5,5,4``, ``5 5 4``,
    ``5, 5, 4``, a comma at either end ignored); ``None`` when two commas stand with no
    face between them (``5,,4``: a die left out, perhaps)."""
    stripped = text.strip().strip(",").strip()
    if not stripped:
        return []
    tokens = _FACE_SEPARATORS.split(stripped)
    return None if "" in tokens else tokens


def read_faces(text: str, what: str = "", *, group: bool = True
               ) -> list[list[int | str]]:
    """Dice rolled at the table, one list of faces per roller: ``5,5,3`` for one,
    ``5,5,3/4,4,1`` for a group's members (``group=False``: one roller, no slashes).
    Each face is judged by the rules afterwards (R-DICE-1); ``what`` names the step's
    parameter the faces are given for (``faces``), kept on the refusal, which shows
    the syntax."""
    example = FACES_EXAMPLE if group else "e.g. 5,5,4,2"
    rows: list[list[int | str]] = []
    for chunk in _ROLLERS.split(text.strip()) if group else [text]:
        tokens = face_tokens(chunk)
        if tokens is None:
            quoted = text[:40] if group else text
            raise refused(BadValue, f"{quoted!r} has a comma with no face beside it; "
                                    f"write the dice rolled, {example}", "R-DICE-1",
                          param=what or None, value=text)
        if not tokens:
            needs = "the dice rolled" if group else "the dice you rolled"
            raise refused(BadValue, f"no faces: give {needs}, {example}", "R-DICE-1",
                          param=what or None, value=text)
        rows.append([number_or_text(token) for token in tokens])
    return rows


def read_reaction(words: Sequence[str]) -> tuple[str, int | None]:
    """``NAME [DICE]``: the Reaction's name as typed (maybe several words) and the dice
    added, when the last of two or more words is a whole number (R-CON-16)."""
    last = words[-1] if len(words) > 1 else ""
    if last.lstrip("+-").isdigit():
        added = number_or_text(last)
        if not isinstance(added, int):
            raise refused(BadValue, f"the dice added must be a whole number, got "
                                    f"{last[:40]!r}", "R-CON-16")
        return " ".join(words[:-1]), added
    return " ".join(words), None


# --- the dice of a declaration -----------------------------------------------------------


def figure(character: Character, dice: str | None, using: str | None,
           traits: Sequence[str] = (), tools: Sequence[str] = (),
           circumstances: Sequence[str] = ()) -> int | DicePool:
    """The dice declared (R-DICE-1, R-CON-7): a count, or figured from the sheet from
    an Attribute, Standing or Power (``using``) with Traits, Tools and Circumstances
    (+1 die each); a count given too must agree with the sheet."""
    if using is not None:
        from characters.lookup import resolve
        from characters.model import ATTRIBUTES, STANDINGS
        from characters.pools import dice_for

        sources = [*ATTRIBUTES, *STANDINGS, *(p.name for p in character.powers)]
        pool = dice_for(character, resolve(using, sources, what="source of dice"),
                        traits=[resolve(t, character.traits, what="Trait") for t in traits],
                        tools=tools, circumstances=circumstances)
        if dice is not None and number_or_text(dice) != pool.count:
            raise refused(RuleViolation,
                          f"{dice} dice disagree with the source's: {pool.describe()}",
                          "R-DICE-1", param="using", value=dice)
        return pool
    if traits or tools or circumstances:
        raise refused(BadValue, "Traits, Tools and Circumstances add to the dice of a "
                                "source; name the source too", "R-DICE-1", param="using")
    if dice is None:
        raise refused(BadValue, "give the number of dice, or a source to figure them "
                                "from the sheet", "R-CON-7", param="using")
    value = number_or_text(dice)
    if not isinstance(value, int):
        raise refused(BadValue, f"dice must be a whole number, got {dice!r}"[:100], "R-DICE-1")
    return value


def dice_words(text: str) -> dict[str, Any]:
    """Where dice come from, in words: ``SOURCE + TRAIT + tool:TOOL + circ:TEXT`` (an
    Attribute, Standing or Power, then what adds a die each), as the fields of a
    :class:`Declaration` (``using``, ``traits``, ``tools``, ``circumstances``)."""
    parts = [p.strip() for p in text.split("+") if p.strip()]
    if not parts:
        raise refused(BadValue, "say how many dice, or where they come from (physique …)",
                      "R-CON-7")
    traits, tools, circumstances = [], [], []
    for part in parts[1:]:
        low = part.lower()
        if low.startswith("tool:"):
            tools.append(part[5:].strip())
        elif low.startswith(("circ:", "circumstance:")):
            circumstances.append(part.split(":", 1)[1].strip())
        else:
            traits.append(part)
    return {"using": parts[0], "traits": tuple(traits), "tools": tuple(tools),
            "circumstances": tuple(circumstances)}


def read_dice(character: Character, answer: str) -> int | DicePool:
    """Dice from an answer: a number, or the words of :func:`dice_words`, figured from
    ``character``'s sheet."""
    text = answer.strip()
    if text.isdigit():
        return int(text)
    return figure(character, None, **dice_words(text))


# --- a declaration ---------------------------------------------------------------------------


@attrs.frozen
class Declaration:
    """What a declaration says (R-CON-7, R-CON-8, R-CON-8a), as typed: its ``kind``
    ("action", "attack", "defense" or "no-roll"), the ``dice`` (a number, or figured
    from the sheet ``using`` a source with ``traits``, ``tools`` and
    ``circumstances``), whom it is aimed at (``target``) and whether it does no harm,
    the attack's kind and Resilience, the equipment and the words about it."""

    kind: str
    dice: str | None = None
    target: str | None = None
    no_harm: bool = False
    attack_kind: str | None = None
    resilience: str | None = None
    equipment: str | None = None
    using: str | None = None
    traits: tuple[str, ...] = ()
    tools: tuple[str, ...] = ()
    circumstances: tuple[str, ...] = ()
    description: str = ""

    @property
    def about(self) -> str:
        """The words about it (``about TEXT`` in a player's line)."""
        return self.description

    def aimed_words(self) -> list[str]:
        """The aiming given, in the rules' words (a target, no harm…)."""
        return [words for words, given in (("a target", self.target),
                                           ("no harm", self.no_harm),
                                           ("a kind of attack", self.attack_kind),
                                           ("a Resilience", self.resilience),
                                           ("equipment", self.equipment)) if given]


def _one(words: list[str], what: str, rule: str) -> str | None:
    if len(set(words)) > 1:
        raise refused(BadValue, f"one {what} at most, got {', '.join(words)}", rule)
    return words[0] if words else None


def aim(words: Sequence[str], kind: str) -> Declaration:
    """The one grammar of a declaration's words (after its kind): a number of dice or
    ``using SOURCE [+ TRAIT + tool:TOOL + circ:TEXT]`` (:func:`dice_words`); ``at
    NAME`` (or just the name); the attack's kind (physical, social, mental) and
    Resilience; ``with GEAR`` (``with -``: none); ``harmless``; ``about TEXT`` or ``--
    TEXT``. Words go to the last of target, gear or source named (the target at first),
    so names may take several words: ``at lady veradine``, ``with glass dagger``.
    Full defense and an action that needs no roll are aimed at no one: for the latter,
    words that would name a target say what it does."""
    slots: dict[str, list[str]] = {"target": [], "equipment": [], "using": []}
    slot = "target"
    found: dict[str, Any] = {}
    natures: list[str] = []
    resiliences: list[str] = []
    for i, word in enumerate(words):
        low = word.casefold()
        if low in {"about", "--"}:
            found["description"] = " ".join(words[i + 1:])
            break
        if low in HARMLESS:
            found["no_harm"] = True
        elif low in AIM_WORDS:
            slot = "target"
        elif low in {"with", "w"}:
            slot = "equipment"
        elif low in {"using", "u"}:
            slot = "using"
        elif word.lstrip("+-").isdigit() and "dice" not in found:
            found["dice"] = word
        elif slot == "target" and low in NATURES:
            natures.append(low)
        elif slot == "target" and low in RESILIENCES:
            resiliences.append(low)
        else:
            slots[slot].append(word)
    found["attack_kind"] = _one(natures, "kind of attack", "R-CON-8")
    found["resilience"] = _one(resiliences, "Resilience", "R-CON-8")
    if slots["target"] and kind in {"defense", "no-roll"}:
        if kind != "no-roll" or "description" in found:
            # Full defense (R-CON-7b) and an action that needs no roll (R-CON-7c) are
            # aimed at no one: the words are no target.
            raise refused(BadValue, f"what is {' '.join(slots['target'])[:40]!r}? type ? "
                                    f"for help", "R-CON-7b" if kind == "defense" else "R-CON-7c")
        found["description"] = " ".join(slots.pop("target"))
    gear = " ".join(slots.pop("equipment"))
    if gear and gear.casefold() not in NOTHING:
        found["equipment"] = gear
    if slots["using"]:
        found.update(dice_words(" ".join(slots.pop("using"))))
    found.update({key: " ".join(value) for key, value in slots.items() if value})
    return Declaration(kind, **found)


@attrs.frozen
class Declared:
    """What a guided declaration says: its ``verb`` (a feint is an action aimed at
    someone that does no harm, R-CON-8a), what :func:`aim` read (``said``), the target
    as chosen, and the equipment (``equipment_said``: whether the words named it, else
    it is asked)."""

    verb: str
    said: Declaration
    target: str | None = None
    equipment: str | None = None
    equipment_said: bool = False

    @property
    def harm(self) -> bool:
        return self.verb != "feint" and not self.said.no_harm

    @property
    def description(self) -> str:
        return self.said.description

    @property
    def kind(self) -> str | None:
        return self.said.attack_kind

    @property
    def resilience(self) -> str | None:
        return self.said.resilience

    @property
    def dice(self) -> str | None:
        """The dice the words gave, if any, as a guided answer gives them."""
        if self.said.using is None:
            return self.said.dice
        return " + ".join([self.said.using, *self.said.traits,
                           *(f"tool:{t}" for t in self.said.tools),
                           *(f"circ:{c}" for c in self.said.circumstances)])


def _equipment(verb: str, item: str, equipment: Sequence[str]) -> str | None:
    from characters.lookup import resolve

    if verb != "attack":
        raise refused(BadValue, f"only an attack adds equipment's damage (R-CON-18), "
                                f"not a {verb}", "R-CON-18")
    if not item:
        raise refused(BadValue, f"with what? {', '.join(equipment) or 'no equipment'}, "
                                f"or - for nothing", "R-CON-18")
    return None if item.lower() in NOTHING else resolve(item, list(equipment),
                                                        what="equipment")


def read_declaration(text: str, targets: Sequence[str], equipment: Sequence[str]
                     ) -> Declared:
    """A declaration typed whole at a guided question: its kind (attack, feint, action,
    defense, no-roll), then the words :func:`aim` reads, every word used or refused;
    an action needing a roll other than an attack or a feint is aimed at no one here,
    and all the words after ``with`` name the equipment."""
    from characters.lookup import resolve

    text, _, description = text.partition("--")
    words = text.split()
    if not words:
        raise refused(BadValue, "say what: " + ", ".join(VERBS), "R-CON-7")
    verb = resolve(words[0], list(VERBS), what="kind of declaration")
    rest = words[1:]
    gear: str | None = None
    lowered = [w.lower() for w in rest]
    named = "with" in lowered
    if named:
        at = lowered.index("with")
        gear = _equipment(verb, " ".join(rest[at + 1:]), equipment)
        rest = rest[:at]
    if verb not in ("attack", "feint"):
        if rest:
            raise refused(BadValue, f"{verb} takes no target, got {' '.join(rest)!r}: "
                                    f"describe it after about", "R-CON-7")
        return Declared(verb, Declaration(verb, description=description.strip()))
    said = aim(rest, "attack")
    if description.strip():
        said = attrs.evolve(said, description=description.strip())
    if said.resilience and verb == "feint":
        raise refused(BadValue, "a feint does no harm, so it targets no Resilience "
                                "(R-CON-8a): attack to harm", "R-CON-8a")
    if said.target is None:
        raise refused(BadValue, f"whom? e.g. {verb} {targets[0] if targets else 'NAME'}",
                      "R-CON-8")
    target = resolve(said.target, list(targets), what="target")
    return Declared(verb, said, target, gear, named)
