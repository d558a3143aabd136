"""Character sheets and Extra groups for the Mistborn Adventure Game.

Pure models: nothing here prints or touches a database.

* :class:`Sheet` — a Hero or Villain: ``Attributes`` (Physique, Charm, Wits 2–6),
  ``Standings`` (Resources, Influence, Spirit 2–10), ``Resiliences`` (Health,
  Reputation, Willpower: a full score with damage kept apart), Powers, Traits,
  Burdens, Equipment (a damage bonus) and Reactions (dice). :class:`ExtraGroup` — Extras
  sharing one set of statistics (R-CHAR-1, R-CON-2).
* :func:`dice_for` — the dice a character brings to an action, from an Attribute,
  Standing or Power plus Traits, Tools and Circumstances, with its breakdown
  (R-DICE-1)::

      pool = dice_for(vin, "physique", traits=["Quick"], tools=["Rope"])
      pool.count, pool.describe()        # 5, 'Physique 3 + Quick 1 + Rope 1 = 5'

* :mod:`characters.files` — sheet files (TOML, JSON) read and written strictly;
  :mod:`characters.edits` — ``FIELD=VALUE`` changes; :mod:`characters.wounds` —
  damage and healing (R-CON-19, R-CON-20); :mod:`characters.names` — the one rule for
  when two names are the same name, and look-alikes; :mod:`characters.lookup` — a
  name found by any unique beginning or word.

Every error is a :class:`CharacterError` (a ``ValueError``) naming the field, what is
allowed and what was given.
"""

from typing import TYPE_CHECKING, Any

from characters.errors import (
    CharacterError,
    NameLooksAlike,
    SheetRuleViolation,
    SheetValueError,
    UnreadableData,
)
from core.lazy import export

if TYPE_CHECKING:
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

_LAZY = {
    **dict.fromkeys(("ATTRIBUTES", "RESILIENCES", "STANDINGS", "Attributes", "Character",
                     "Equipment", "ExtraGroup", "Kind", "Power", "Reaction", "Resilience",
                     "Resiliences", "Sheet", "Standings"), "characters.model"),
    **dict.fromkeys(("check_name", "look_alike", "name_key", "skeleton"), "characters.names"),
    **dict.fromkeys(("DicePool", "DiceSource", "dice_for"), "characters.pools"),
    **dict.fromkeys(("damage_sheet", "heal_sheet"), "characters.wounds"),
}
"""The exports loaded on first use (a command that only catches a
:class:`CharacterError` need not build the sheet classes)."""


def __getattr__(name: str) -> Any:
    return export("characters", globals(), _LAZY, name)


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


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
