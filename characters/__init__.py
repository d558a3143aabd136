"""Character sheets and Extra groups for the Mistborn Adventure Game.

Pure models: nothing here prints or touches a database.
"""

from characters.errors import CharacterError, SheetValueError
from characters.model import (
    ATTRIBUTES,
    RESILIENCES,
    STANDINGS,
    Attributes,
    Character,
    Equipment,
    ExtraGroup,
    Kind,
    Power,
    Reaction,
    Resilience,
    Resiliences,
    Sheet,
    Standings,
)
from characters.pools import DicePool, DiceSource, dice_for

__all__ = [
    "ATTRIBUTES",
    "RESILIENCES",
    "STANDINGS",
    "Attributes",
    "Character",
    "CharacterError",
    "DicePool",
    "DiceSource",
    "Equipment",
    "ExtraGroup",
    "Kind",
    "Power",
    "Reaction",
    "Resilience",
    "Resiliences",
    "Sheet",
    "SheetValueError",
    "Standings",
    "dice_for",
]
