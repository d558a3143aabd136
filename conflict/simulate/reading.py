"""What a policy reads from a Conflict's state: a participant's attack dice and best
equipment, how tough a foe is, the weakest foe standing, whether a side is
outnumbered and how many attacks are coming at someone. Pure reads of the state,
shared by the library's policies (:mod:`conflict.simulate.policies`, which exports
them) and the what-if answers (:mod:`conflict.simulate.whatif`)."""

from __future__ import annotations

from typing import Final

from characters.model import Equipment
from conflict.events import Nature
from conflict.state import ActionStatus, Participant, State

__all__ = ["ATTRIBUTE", "attack_dice", "best_equipment", "incoming", "outnumbered",
           "toughness", "weakest_foe", "weakest_standing"]

_DECLARED: Final = ActionStatus.DECLARED

ATTRIBUTE: Final[dict[Nature, str]] = {
    Nature.PHYSICAL: "physique",
    Nature.SOCIAL: "charm",
    Nature.MENTAL: "wits",
}
"""The Attribute a policy rolls in a Conflict of each nature."""

_ATTRIBUTE_BY_VALUE: Final = {nature.value: name for nature, name in ATTRIBUTE.items()}
"""The same by each nature's value (a dict keyed by text hashes faster than one keyed by
an enum member, whose hash is computed in Python)."""


def attack_dice(person: Participant, nature: Nature) -> int:
    """The dice ``person`` rolls in a Conflict of ``nature``: its Physique, Charm or
    Wits (a group's, for every member, R-CON-2)."""
    value: int = getattr(person.character.attributes, _ATTRIBUTE_BY_VALUE[nature._value_])
    return value


def best_equipment(person: Participant) -> str | None:
    """The name of ``person``'s most damaging equipment (R-CON-18), or ``None`` when
    nothing it carries adds damage."""
    equipment = person.character.equipment
    known = _BEST_EQUIPMENT.get(id(equipment))
    if known is not None and known[0] is equipment:
        return known[1]
    best = max(equipment, key=lambda item: item.damage, default=None)
    name = best.name if best is not None and best.damage > 0 else None
    if len(_BEST_EQUIPMENT) >= 1000:
        _BEST_EQUIPMENT.clear()
    _BEST_EQUIPMENT[id(equipment)] = (equipment, name)  # kept, so its id stays its own
    return name


_BEST_EQUIPMENT: dict[int, tuple[tuple[Equipment, ...], str | None]] = {}
"""Each character's best equipment, remembered by its equipment (a policy asks for
every declaration); up to 1,000."""


def toughness(person: Participant, resilience: str) -> int:
    """The damage that defeats ``person``: the Extras left in a group (R-CON-19), or
    what is left of the Resilience attacked (R-CON-20)."""
    if person.resiliences is None:
        return person.members
    return person.resiliences.get(resilience).current


def weakest_foe(state: State, person: Participant, targets: tuple[str, ...],
                resilience: str) -> Participant | None:
    """The foe among ``targets`` (names, as options list them) that the fewest points
    of damage defeat; ties go to the one rolling fewer dice, then to the first in the
    Conflict. ``None`` when no foe is among them."""
    best: Participant | None = None
    best_key: tuple[int, int, int] | None = None
    for name in targets:
        index = state.find(name)
        assert index is not None
        other = state.participants[index]
        if other.side == person.side or other.defeated:
            continue
        key = (toughness(other, resilience), attack_dice(other, state.nature), index)
        if best_key is None or key < best_key:
            best, best_key = other, key
    return best


def weakest_standing(state: State, person: Participant, resilience: str
                     ) -> Participant | None:
    """:func:`weakest_foe` among every participant."""
    best: Participant | None = None
    best_key: tuple[int, int, int] | None = None
    side = person.side
    nature = state.nature
    for index, other in enumerate(state.participants):
        if other.side == side or other.defeated:
            continue
        key = (toughness(other, resilience), attack_dice(other, nature), index)
        if best_key is None or key < best_key:
            best, best_key = other, key
    return best


def outnumbered(state: State, person: Participant) -> bool:
    """Whether the foes standing outnumber ``person``'s side standing, counting every
    Extra of a group (R-CON-2)."""
    ours = theirs = 0
    for other in state.participants:
        if other.defeated:
            continue
        if other.side == person.side:
            ours += other.members
        else:
            theirs += other.members
    return theirs > ours


def incoming(state: State, name: str) -> int:
    """How many foes' attacks on ``name`` are declared this round and not yet taken."""
    side = state.participant(name).side
    count = 0
    for action in state.actions:
        if (action.target == name and action.status is _DECLARED
                and action.harm and state.participant(action.actor).side != side):
            count += 1
    return count


