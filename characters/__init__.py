"""Character sheets and Extra groups for the Mistborn Adventure Game.

Pure models: nothing here prints or touches a database.
"""

from characters.errors import (
    CharacterError,
    NameLooksAlike,
    SheetRuleViolation,
    SheetValueError,
    UnreadableData,
)
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
from characters.names import check_name, look_alike, name_key, skeleton
from characters.pools import DicePool, DiceSource, dice_for
from characters.wounds import damage_sheet, heal_sheet

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
    "NameLooksAlike",
    "Power",
    "Reaction",
    "Resilience",
    "Resiliences",
    "Sheet",
    "SheetRuleViolation",
    "SheetValueError",
    "Standings",
    "UnreadableData",
    "check_name",
    "damage_sheet",
    "dice_for",
    "heal_sheet",
    "look_alike",
    "name_key",
    "skeleton",
]
