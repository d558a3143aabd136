"""Paying a cost in House War (R-HW-4): whether one House's tokens cover it, and how.

A cost is a count of the five basic resources (Atium is never a cost icon). One House
pays alone, never pooling with another, and may convert as often as it likes:

* a token pays for one icon of its own kind;
* 1 Atium pays for one icon of any kind (Atium is wild);
* any 2 tokens pay for one icon of any kind.

:func:`cheapest_payment` finds the best way to pay from a House's holdings: the fewest
Atium, then the fewest tokens, then (a deterministic tie-break) the tokens the House
holds most of, so what it keeps stays as even as possible; the first kind in
:data:`~boardgames.housewar.resources.RESOURCES` order goes first among equals. It is
exact (tested against brute force over small holdings). :func:`explain_payment` checks a
payment a player chose and says which tokens paid for which icon, or refuses.

:func:`effective_cost` applies cost changes from Personality cards: a reducer never
removes more icons than the card prints (R-HW-4).
"""

from __future__ import annotations

import attrs

from boardgames.errors import BadValue, RuleViolation
from boardgames.housewar.resources import (
    BASIC,
    NOTHING,
    RESOURCES,
    Resource,
    Resources,
)

__all__ = ["Pair", "Payment", "can_pay", "cheapest_payment", "check_cost", "effective_cost",
           "explain_payment", "shortfall"]


@attrs.frozen
class Pair:
    """Two tokens spent as one icon of ``icon``'s kind."""

    icon: Resource
    first: Resource
    second: Resource

    def text(self) -> str:
        """E.g. ``1 Money + 1 Prestige as Food``; ``2 Money as Food``."""
        if self.first is self.second:
            return f"2 {self.first.title} as {self.icon.title}"
        return f"{self.first.counted(1)} + {self.second.counted(1)} as {self.icon.title}"


@attrs.frozen
class Payment:
    """One House's payment of a cost: the tokens spent and which paid for which icon.

    ``direct`` icons are paid by a token of their own kind; ``by_atium`` icons each by one
    Atium; ``pairs`` each by two tokens. ``spent`` is every token given up.
    """

    cost: Resources
    spent: Resources
    direct: Resources
    by_atium: Resources
    pairs: tuple[Pair, ...]

    @property
    def atium(self) -> int:
        """Atium spent, as a wild token or inside a pair."""
        return self.spent.atium

    def key(self) -> tuple[int, int]:
        """What a better payment has less of: Atium, then tokens."""
        return (self.spent.atium, self.spent.total)

    def text(self) -> str:
        """How the cost is paid, e.g. ``1 Skaa, 1 Atium as Food, 1 Money + 1 Prestige as
        Food``."""
        parts = [kind.counted(n) for kind, n in self.direct]
        parts += [f"{n} Atium as {kind.title}" for kind, n in self.by_atium]
        parts += [pair.text() for pair in self.pairs]
        return ", ".join(parts) if parts else "nothing"


def check_cost(cost: Resources, what: str = "a cost") -> Resources:
    """``cost`` if it names only basic resources; :class:`BadValue` for Atium."""
    if not isinstance(cost, Resources):
        raise BadValue(f"{what} must be Resources, got {type(cost).__name__}", rule="R-HW-4")
    if cost.atium:
        raise BadValue(f"{what} names only Money, Food, Prestige, Skaa or Warriors, "
                       f"not {cost.atium} Atium", rule="R-HW-4")
    return cost


def _pairs_for(icons: list[Resource], tokens: list[Resource]) -> tuple[Pair, ...]:
    """Pair up ``tokens`` two by two against ``icons``, in order."""
    return tuple(Pair(icon, tokens[2 * i], tokens[2 * i + 1]) for i, icon in enumerate(icons))


def _missing_icons(cost: Resources, direct: Resources) -> list[Resource]:
    return [kind for kind in BASIC for _ in range(cost[kind] - direct[kind])]


def cheapest_payment(holdings: Resources, cost: Resources) -> Payment | None:
    """The best payment of ``cost`` from ``holdings`` alone (R-HW-4), or ``None`` when
    the House cannot pay it even converting.

    Every icon a House holds a token of is paid directly (never worse: a token used
    elsewhere in a pair can swap places with what paid the icon). What is left is paid
    by pairs of the leftover basic tokens, taken from the kinds held most, and then by
    Atium one for one; an odd leftover token never joins Atium in a pair, which would
    cost a token more for the same Atium.
    """
    check_cost(cost)
    direct = holdings.cap(cost).with_count(Resource.ATIUM, 0)
    missing = _missing_icons(cost, direct)
    left = {kind: holdings[kind] - direct[kind] for kind in BASIC}
    pair_count = min(len(missing), sum(left.values()) // 2)
    atium_needed = len(missing) - pair_count
    if atium_needed > holdings.atium:
        return None
    # Take 2 * pair_count tokens, one at a time, from the kind with most left (first
    # kind in order among equals): what the House keeps stays as even as possible.
    taken: list[Resource] = []
    for _ in range(2 * pair_count):
        kind = max(BASIC, key=lambda k: (left[k], -BASIC.index(k)))
        left[kind] -= 1
        taken.append(kind)
    taken.sort(key=RESOURCES.index)
    pairs = _pairs_for(missing[:pair_count], taken)
    by_atium = Resources.of((kind, 1) for kind in missing[pair_count:])
    spent = direct + Resources.of((kind, 1) for kind in taken) + Resources(atium=atium_needed)
    return Payment(cost=cost, spent=spent, direct=direct, by_atium=by_atium, pairs=pairs)


def can_pay(holdings: Resources, cost: Resources) -> bool:
    """Whether ``holdings`` alone cover ``cost``, converting as needed (R-HW-4)."""
    return cheapest_payment(holdings, cost) is not None


def shortfall(holdings: Resources, cost: Resources) -> int:
    """How many more tokens ``holdings`` would need to cover ``cost`` (R-HW-4): 0 when
    it can pay. Counted as Atium, or tokens of the very kinds missing: either pays one
    icon, and no token pays more."""
    check_cost(cost)
    direct = holdings.cap(cost).with_count(Resource.ATIUM, 0)
    missing = cost.total - direct.total
    left = sum(holdings[kind] - direct[kind] for kind in BASIC)
    return max(0, missing - left // 2 - holdings.atium)


def explain_payment(spent: Resources, cost: Resources) -> Payment:
    """How ``spent`` pays exactly for ``cost`` (R-HW-4), or :class:`RuleViolation`.

    Exactly: every token spent goes to one icon (one of its own kind, one Atium, or two
    of anything) and every icon is paid. Spending 2 tokens of an icon's own kind for it
    is wasteful but allowed. ``spent`` may be any tokens; whether the House holds them
    is checked by the caller.
    """
    check_cost(cost)
    icons, tokens = cost.total, spent.total
    # With D icons paid directly: the other U - D icons take T - D tokens, as a
    # Atium-alone icons and q pairs, q = T - U and a = U - D - q; need q >= 0, a >= 0
    # and a <= the Atium spent. Any D from 0 to the most possible is allowed.
    most_direct = sum(min(cost[k], spent[k]) for k in BASIC)
    pairs = tokens - icons
    if pairs < 0:
        raise RuleViolation(f"{spent.text()} ({tokens} tokens) cannot pay {cost.text()} "
                            f"({icons} icons): each icon takes at least 1 token",
                            rule="R-HW-4")
    if pairs > icons:
        raise RuleViolation(f"{spent.text()} is more than {cost.text()} takes: at most 2 "
                            f"tokens per icon, {2 * icons} in all", rule="R-HW-4")
    low_direct = max(0, icons - pairs - spent.atium)
    if low_direct > most_direct:
        raise RuleViolation(f"{spent.text()} cannot pay {cost.text()}: a token pays for "
                            f"its own kind, 1 Atium or 2 tokens for any", rule="R-HW-4")
    # Build one such decomposition: as many direct icons as the tokens allow, up to
    # icons - pairs; the rest by Atium alone or pairs.
    use_direct = min(most_direct, icons - pairs)
    direct_counts = dict.fromkeys(BASIC, 0)
    remaining = use_direct
    for kind in BASIC:
        take = min(cost[kind], spent[kind], remaining)
        direct_counts[kind] = take
        remaining -= take
    direct = Resources.of(direct_counts)
    missing = _missing_icons(cost, direct)
    atium_alone = len(missing) - pairs
    by_atium = Resources.of((kind, 1) for kind in missing[:atium_alone])
    rest = spent - direct - Resources(atium=atium_alone)
    rest_tokens = [kind for kind in RESOURCES for _ in range(rest[kind])]
    return Payment(cost=cost, spent=spent, direct=direct, by_atium=by_atium,
                   pairs=_pairs_for(missing[atium_alone:], rest_tokens))


def effective_cost(printed: Resources, lowered: Resources = NOTHING,
                   raised: Resources = NOTHING) -> Resources:
    """The cost to pay now: the printed icons less what reducers removed, never more
    than is printed of a kind, plus what was added (R-HW-4). Reducers lower the printed
    icons only, so the order cards were played in does not matter."""
    check_cost(printed, "a printed cost")
    check_cost(lowered, "a reduction")
    check_cost(raised, "an increase")
    return printed - printed.cap(lowered) + raised
