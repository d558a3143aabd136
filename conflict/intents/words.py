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
from typing import TYPE_CHECKING, Final

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
    "face_tokens",
    "figure",
    "number_or_text",
    "read_declaration",
    "read_dice",
    "read_faces",
    "refused",
]

_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")
_FACE_SEPARATORS = re.compile(r"\s*,\s*|\s+")
_ROLLERS = re.compile(r"\s*/\s*")

FACES_EXAMPLE: Final = "e.g. 5,5,3 (a group: 5,5,3/4,4,1)"
"""How dice rolled at the table are typed: one roller's faces split by commas, a
group's rollers split by slashes."""

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


def refused(kind: type[ConflictError], message: str, rule: str | None = None
            ) -> ConflictError:
    """An error of ``kind`` saying ``message`` exactly as a person reads it, its
    ``rule`` kept on the error (the message already says it in words where it
    matters)."""
    error = kind(message)
    error.rule = rule
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
    Each face is judged by the rules afterwards (R-DICE-1); ``what`` names the words
    in the refusal (``--faces``), which shows the syntax."""
    lead = f"{what} " if what else ""
    example = FACES_EXAMPLE if group else "e.g. 5,5,4,2"
    rows: list[list[int | str]] = []
    for chunk in _ROLLERS.split(text.strip()) if group else [text]:
        tokens = face_tokens(chunk)
        if tokens is None:
            quoted = text[:40] if group else text
            raise refused(BadValue, f"{lead}{quoted!r} has a comma with no face beside it; "
                                    f"write the dice rolled, {example}", "R-DICE-1")
        if not tokens:
            needs = "the dice rolled" if group else "the dice you rolled"
            raise refused(BadValue, f"{lead}needs {needs}, {example}", "R-DICE-1")
        rows.append([number_or_text(token) for token in tokens])
    return rows


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
                          f"DICE {dice} disagrees with --using: {pool.describe()}", "R-DICE-1")
        return pool
    if traits or tools or circumstances:
        raise refused(BadValue, "--trait, --tool and --circumstance add to --using SOURCE; "
                                "give it too", "R-DICE-1")
    if dice is None:
        raise refused(BadValue, "give the number of dice, or --using SOURCE to figure "
                                "them from the sheet", "R-CON-7")
    value = number_or_text(dice)
    if not isinstance(value, int):
        raise refused(BadValue, f"dice must be a whole number, got {dice!r}"[:100], "R-DICE-1")
    return value


def read_dice(character: Character, answer: str) -> int | DicePool:
    """Dice from a guided answer: a number, or ``source + trait + tool:X + circ:X``."""
    from characters.lookup import resolve

    text = answer.strip()
    if text.isdigit():
        return int(text)
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
            traits.append(resolve(part, character.traits, what="Trait"))
    return figure(character, None, parts[0], traits, tools, circumstances)


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
        """The aiming words given, as the step commands spell them."""
        return [flag for flag, given in (("--target", self.target), ("--no-harm", self.no_harm),
                                         ("--kind", self.attack_kind),
                                         ("--resilience", self.resilience),
                                         ("--with", self.equipment)) if given]


def aim(words: Sequence[str], kind: str) -> Declaration:
    """A player's words after ``declare KIND`` (or ``change``): a number of dice,
    ``at NAME`` (or just the name), ``with GEAR``, ``using SOURCE``, ``harmless``,
    ``about TEXT`` (or ``-- TEXT``). Words go to the last of target, gear or source
    named (the target at first), so names may take several words: ``at lady
    veradine``, ``with glass dagger``."""
    slots: dict[str, list[str]] = {"target": [], "equipment": [], "using": []}
    slot = "target"
    found: dict[str, object] = {}
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
        else:
            slots[slot].append(word)
    if slots["target"] and kind in {"defense", "no-roll"}:
        if kind != "no-roll" or "description" in found:
            # Full defense (R-CON-7b) and an action that needs no roll (R-CON-7c) are
            # aimed at no one: the words are no target.
            raise refused(BadValue, f"what is {' '.join(slots['target'])[:40]!r}? type ? "
                                    f"for help", "R-CON-7b" if kind == "defense" else "R-CON-7c")
        found["description"] = " ".join(slots.pop("target"))
    found.update({key: " ".join(value) for key, value in slots.items() if value})
    return Declaration(kind, **found)  # type: ignore[arg-type]


@attrs.frozen
class Declared:
    """What a guided declaration says, read from "attack NAME [kind] [Resilience]
    [with ITEM] [-- what]" and its kin (R-CON-7, R-CON-8, R-CON-8a); the dice are
    asked next. ``equipment_said``: whether the words named the equipment (else it is
    asked)."""

    verb: str
    description: str = ""
    target: str | None = None
    kind: str | None = None
    resilience: str | None = None
    equipment: str | None = None
    equipment_said: bool = False

    @property
    def harm(self) -> bool:
        return self.verb != "feint"


def _one(words: list[str], allowed: Sequence[str], what: str) -> str | None:
    said = [w.lower() for w in words if w.lower() in allowed]
    if len(set(said)) > 1:
        raise refused(BadValue, f"one {what} at most, got {', '.join(said)}", "R-CON-8")
    return said[0] if said else None


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
    """The declaration typed at a guided question, every word of it used or refused."""
    from characters.lookup import resolve

    text, _, description = text.partition("--")
    words = text.split()
    if not words:
        raise refused(BadValue, "say what: " + ", ".join(VERBS), "R-CON-7")
    verb = resolve(words[0], list(VERBS), what="kind of declaration")
    rest = words[1:]
    gear: str | None = None
    lowered = [w.lower() for w in rest]
    said = "with" in lowered
    if said:
        at = lowered.index("with")
        gear = _equipment(verb, " ".join(rest[at + 1:]), equipment)
        rest = rest[:at]
    if verb not in ("attack", "feint"):
        if rest:
            raise refused(BadValue, f"{verb} takes no target, got {' '.join(rest)!r}: "
                                    f"describe it after --", "R-CON-7")
        return Declared(verb, description.strip())
    kind = _one(rest, NATURES, "kind of attack")
    resilience = _one(rest, RESILIENCES, "Resilience")
    if resilience and verb == "feint":
        raise refused(BadValue, "a feint does no harm, so it targets no Resilience "
                                "(R-CON-8a): attack to harm", "R-CON-8a")
    names = [w for w in rest if w.lower() not in (*NATURES, *RESILIENCES)]
    if not names:
        raise refused(BadValue, f"whom? e.g. {verb} {targets[0] if targets else 'NAME'}",
                      "R-CON-8")
    target = resolve(" ".join(names), list(targets), what="target")
    return Declared(verb, description.strip(), target, kind, resilience, gear, said)
