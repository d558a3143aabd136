"""The dice a character brings to an action (R-DICE-1)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from characters.errors import SheetValueError
from characters.model import ATTRIBUTES, STANDINGS, Character
from characters.names import name_key

__all__ = ["DicePool", "DiceSource", "dice_for"]


@attrs.frozen
class DiceSource:
    """One line of a pool's breakdown: where dice came from and how many."""

    kind: str  # "attribute", "standing", "power", "trait", "tool" or "circumstance"
    name: str
    dice: int


@attrs.frozen
class DicePool:
    """How many dice an action gets and where each came from (R-DICE-1).

    ``count`` is the dice asked; the rules limit what is rolled to 2–10 (R-DICE-2/3).
    """

    count: int
    breakdown: tuple[DiceSource, ...]

    def describe(self) -> str:
        """A one-line breakdown such as ``Physique 4 + Trait Brawler 1 = 5``."""
        parts = [
            f"{s.name.capitalize() if s.kind in ('attribute', 'standing') else s.name} {s.dice}"
            for s in self.breakdown
        ]
        return " + ".join(parts) + f" = {self.count}"


def dice_for(
    character: Character,
    source: str,
    *,
    traits: Sequence[str] = (),
    tools: Sequence[str] = (),
    circumstances: Sequence[str] = (),
) -> DicePool:
    """Figure the dice a character brings to an action (R-DICE-1).

    ``source`` names one Attribute (physique, charm, wits), Standing (resources,
    influence, spirit) or one of the character's Powers. Each applicable Trait (which
    must be on the sheet), Tool or Circumstance adds one die.
    """
    key = source.strip().casefold()
    base: DiceSource
    if key in ATTRIBUTES:
        base = DiceSource("attribute", key, getattr(character.attributes, key))
    elif key in STANDINGS:
        standings = character.standings
        if standings is None:
            raise SheetValueError("source", f"a Standing {character.name} has", source,
                                  rule="R-DICE-1")
        base = DiceSource("standing", key, getattr(standings, key))
    else:
        power = character.power(source)
        if power is None:
            powers = [p.name for p in character.powers]
            shown_powers = [*powers[:4], "…"] if len(powers) > 4 else powers
            known = ", ".join([*ATTRIBUTES, *STANDINGS, *shown_powers])
            raise SheetValueError("source", f"one of {known}", source, rule="R-DICE-1")
        base = DiceSource("power", power.name, power.rating)
    extra: list[DiceSource] = []
    own_traits = {name_key(t): t for t in character.traits}
    for trait in traits:
        found = own_traits.get(name_key(trait))
        if found is None:
            raise SheetValueError("traits", f"a Trait on {character.name}'s sheet", trait,
                                  rule="R-DICE-1")
        extra.append(DiceSource("trait", found, 1))
    extra.extend(DiceSource("tool", t, 1) for t in tools)
    extra.extend(DiceSource("circumstance", c, 1) for c in circumstances)
    breakdown = (base, *extra)
    return DicePool(sum(s.dice for s in breakdown), breakdown)
