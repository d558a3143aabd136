"""A Stuffed player's words made into events (R-STF-2..7): the dice rolled, typed or
left to the tool; which dice a player means (positions, symbols or sets picked from the
unspent dice), which character or player a name means, the die that pays for an
ability, what a purchase, a recruit or an ability spends, the Mercenary a steal takes,
and the event an Advantage card's name makes. Every front
door (the ``stuffed`` commands) calls these; the rules (:mod:`.rules`) judge the events
as they judge any other.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from boardgames.errors import BadValue, RuleViolation
from boardgames.stuffed import events as ev
from boardgames.stuffed.dice import RandomSource, Symbol, match, parse_combo, parse_symbols
from boardgames.stuffed.state import Game
from core.names import closest, matches, name_key
from core.steps import text

__all__ = ["ability", "buy", "card", "character", "chosen_dice", "dice_words", "mission",
           "paid_die", "player", "recruit", "reroll", "reroll_typed", "roll", "spend", "steal",
           "teammate"]


def roll(state: Game, faces: Sequence[str] | str = (), *,
         rng: RandomSource | None = None) -> ev.Roll:
    """The turn's roll of all 8 dice (R-STF-2): ``faces`` as rolled at the table
    (``c c e b i ch r r``, or a list of them), else the tool rolls them from ``rng``
    (default: the operating system's secure source)."""
    return ev.Roll(text(faces)) if faces else ev.Roll(state.die.roll(8, rng))


def _tokens(typed: Sequence[str] | str) -> list[str]:
    """The words of ``typed`` (a text, or a list of them), split at spaces and commas."""
    items = [typed] if isinstance(typed, str) else typed
    return [part for item in items for part in item.replace(",", " ").split() if part]


def chosen_dice(state: Game, typed: Sequence[str] | str, doing: str, *,
                rule: str = "R-STF-1", exclude: Sequence[int] = (), a_set: bool = False
                ) -> tuple[int, ...]:
    """The dice a player means: positions (``1 4 5``), or symbols and sets picked from
    the unspent dice (``ch ch b``, ``ch:2``, ``3-kind``), leaving out ``exclude``;
    ``a_set``: they are to be N of a kind, which Birdens never make (R-STF-4)."""
    tokens = _tokens(typed)
    if not tokens:
        raise BadValue(f"{doing} needs dice: positions (1 4 5) or symbols (ch ch b)",
                       rule=rule)
    numbers = [t for t in tokens if t.isdigit()]
    if numbers and len(numbers) != len(tokens):
        raise BadValue(f"give dice by position (1 4 5) or by symbol (ch ch b), not both: "
                       f"{' '.join(tokens)!r}"[:120], rule=rule)
    if numbers:
        return tuple(int(t) for t in numbers)
    if not state.rolled:
        raise RuleViolation(f"{state.current.name} has not rolled yet: a turn starts with "
                            f"all 8 dice rolled", rule="R-STF-2")
    combo = parse_combo(" ".join(tokens))
    if a_set and combo.needs and {symbol for symbol, _ in combo.needs} == {Symbol.BIRDEN}:
        raise RuleViolation(f"{doing}: Birdens never make a set", rule="R-STF-4")
    found = match(combo, [(p, s) for p, s in state.unspent if p not in exclude])
    if found is None:
        besides = "".join(f" besides die {p}" for p in exclude)
        raise RuleViolation(f"{doing}: the unspent dice ({dice_words(state.unspent)}) show "
                            f"no {combo.words}{besides}", rule=rule)
    return found


def dice_words(dice: Sequence[tuple[int, Symbol]]) -> str:
    """Every die given, by position and symbol in words (``die 3 birden, die 4
    coin``): ``4 Bi`` read as four Birdens."""
    return ", ".join(f"die {p} {s.value}" for p, s in dice) or "none"


def _three_of_a_kind(state: Game, positions: Sequence[int], doing: str, param: str) -> None:
    """Refuse ``positions`` unless they are 3 unspent dice of a kind, not Birdens
    (R-STF-4), naming the step's parameter ``param`` that gave them."""
    if len(positions) != 3 or not all(1 <= p <= len(state.dice) for p in positions):
        return  # the rules say what is wrong with the dice themselves
    symbols = {state.dice[p - 1] for p in positions}
    if len(symbols) != 1 or Symbol.BIRDEN in symbols:
        what = dice_words([(p, state.dice[p - 1]) for p in positions])
        why = ("are Birdens, which never make a set" if symbols == {Symbol.BIRDEN}
               else "are not 3 of a kind")
        raise RuleViolation(f"{doing} takes 3 of a kind (not Birdens): {what} {why}",
                            rule="R-STF-4", param=param, value=" ".join(map(str, positions)))


def character(state: Game, typed: str) -> str:
    """The Hero or Teammate of the current player that ``typed`` means: ``hero``, or a
    unique beginning or word of a name; else what was typed (the rules refuse it)."""
    ledger = state.current
    if typed.strip().casefold() == "hero":
        return ledger.seat.hero
    found = matches(typed, [ledger.seat.hero, *(t.name for t in ledger.team)])
    return found[0] if len(found) == 1 else typed


def player(state: Game, typed: str) -> str:
    """The player ``typed`` means (a unique beginning or word of the name)."""
    found = matches(typed, [p.name for p in state.players])
    return found[0] if len(found) == 1 else typed


def paid_die(state: Game, name: str, exclude: Sequence[int], given: int | None) -> int:
    """The die that pays for ``name``'s ability: ``given``, else the last unspent die
    showing its Attribute and not used otherwise (R-STF-6)."""
    from boardgames.stuffed.screen import dice_text  # its words, only for a refusal

    if given is not None:
        return given
    ledger = state.current
    attribute: Symbol | None = ledger.attribute_of(name)
    if attribute is None:
        mates = ", ".join(t.name for t in ledger.team) or "none"
        close = closest(name, [ledger.seat.hero, *(t.name for t in ledger.team)])
        meant = f" — did you mean {close}?" if close is not None else ""
        raise RuleViolation(f"{ledger.name} has no character called {name!r}{meant} (Hero "
                            f"{ledger.seat.hero}; Teammates: {mates})", rule="R-STF-6")
    payers = [p for p, s in state.unspent if s is attribute and p not in exclude]
    if not payers:
        raise RuleViolation(f"{name}'s ability takes a die showing {attribute}, and no "
                            f"unspent die shows one (unspent: {dice_text(state)})",
                            rule="R-STF-6")
    return payers[-1]


def reroll(state: Game, positions: tuple[int, ...], new: tuple[Symbol, ...], *,
           by: str | None, pay: int | None, card: str | None) -> ev.Reroll:
    """A reroll of ``positions`` showing ``new``: by an Advantage card (``card``, its
    name or empty), else by ``by``'s ability (default the Hero) paid with a die
    (R-STF-3, R-STF-6)."""
    if card is not None:
        if by is not None or pay is not None:
            raise BadValue("a reroll comes from an ability or a card, not both",
                           rule="R-STF-3")
        return ev.Reroll(positions, new, card=card)
    name = character(state, by or "hero")
    return ev.Reroll(positions, new, character=name, paid=paid_die(state, name, positions, pay))


def reroll_typed(state: Game, dice: Sequence[str] | str, faces: Sequence[str] | str = (), *,
                 by: str | None = None, pay: int | None = None,
                 card: str | None = None, rng: RandomSource | None = None) -> ev.Reroll:
    """:func:`reroll` of the ``dice`` a player names, showing ``faces`` as rolled at the
    table, else what the tool rolls for them from ``rng`` (default: the operating
    system's secure source) (R-STF-3)."""
    positions = chosen_dice(state, dice, "a reroll", rule="R-STF-3")
    new = parse_symbols(text(faces)) if faces else state.die.roll(len(positions), rng)
    return reroll(state, positions, new, by=by, pay=pay, card=card)


def spend(state: Game, dice: Sequence[str]) -> ev.SpendSet:
    """Spending ``dice`` as a set: 3 of a kind for a coin, 4 for a card (R-STF-4)."""
    return ev.SpendSet(chosen_dice(state, dice, "a set", rule="R-STF-4", a_set=True))


def buy(state: Game, what: str, dice: Sequence[str] = ()) -> ev.Event:
    """Buying a ``coin`` (3 of a kind, picked unless ``dice`` says) or a ``card`` (2
    coins, or 4 of a kind given as ``dice``) (R-STF-4)."""
    if what == "card" and not dice:
        return ev.BuyCard()
    return ev.SpendSet(chosen_dice(state, dice or ["3-kind"], f"a {what}", rule="R-STF-4",
                                   a_set=True))


def recruit(state: Game, name: str, dice: Sequence[str] = (), *, kind: str | None = None,
            attribute: str | None = None, needs: str | None = None) -> ev.Recruit:
    """Recruiting the Teammate ``name`` (:func:`teammate`) with ``dice``, by default
    those that make its combination (R-STF-5)."""
    mate = teammate(state, name, kind, attribute, needs)
    wanted = dice or ([mate.combo.text] if mate.combo else [])
    return ev.Recruit(mate, chosen_dice(state, wanted, f"recruiting {mate.name}", rule="R-STF-5"))


def ability(state: Game, typed: str, *, pay: int | None = None, coins: int = 0,
            cards: int = 0, note: str = "", trade: Sequence[str] = ()) -> ev.Event:
    """``typed``'s ability (``hero`` or a Teammate) paid with a die of its Attribute,
    once a turn (R-STF-6); with ``trade``, Grunt's 3 of a kind traded for a card
    (R-STF-4)."""
    name = character(state, typed)
    if trade:
        positions = chosen_dice(state, trade, "Grunt's trade", rule="R-STF-4")
        # The set is judged before the die that pays: with the set wrong, "no die left
        # to pay" misleads.
        _three_of_a_kind(state, positions, "Grunt's trade", "trade")
        return ev.Grunt(paid_die(state, name, positions, pay), positions)
    return ev.Ability(name, paid_die(state, name, (), pay), coins=coins, cards=cards, note=note)


def teammate(state: Game, name: str, kind: str | None, attribute: str | None,
             needs: str | None) -> ev.Teammate:
    """The Teammate a recruit means: the one on offer called ``name`` (any unique
    beginning), with what the player says of it; another needs its combination and
    Attribute (R-STF-5)."""
    found = matches(name, [t.name for t in state.offer])
    offered = next((t for t in state.offer if len(found) == 1 and t.name == found[0]), None)
    if offered is not None:
        if kind is None and attribute is None and needs is None:
            return offered
        return ev.Teammate(offered.name, kind or offered.kind, attribute or offered.attribute,
                           needs or offered.combo)
    if attribute is None or needs is None:
        close = closest(name, [t.name for t in state.offer])
        meant = f" (did you mean {close}?)" if close is not None else ""
        raise BadValue(f"{name[:40]!r} is not on offer{meant}: give the combination that "
                       f"recruits it and its Attribute, as the card shows them",
                       rule="R-STF-5", param="needs", value=name)
    return ev.Teammate(name, kind or "loyal", attribute, needs)


def steal(state: Game, name: str, victim: str | None, dice: Sequence[str]) -> ev.Steal:
    """Stealing the Mercenary ``name`` from another team (``victim``'s, or whoever
    holds one so called) with ``dice``, by default those that make its combination
    (R-STF-5)."""
    holders = [p for i, p in enumerate(state.players) if i != state.turn]
    if victim is not None:
        holders = [p for p in holders if p.name == player(state, victim)]
        if not holders:
            close = closest(victim, [p.name for i, p in enumerate(state.players)
                                     if i != state.turn])
            meant = f" — did you mean {close}?" if close is not None else ""
            raise RuleViolation(f"no other player is called {victim[:60]!r}{meant}",
                                rule="R-STF-5")
    found = [(p, t) for p in holders for t in p.team
             if t.name in matches(name, [m.name for m in p.team])]
    if len(found) != 1:
        raise RuleViolation(f"no other team holds one Mercenary called {name!r}"[:120]
                            + ("" if victim is None else f" ({victim})"), rule="R-STF-5")
    owner, mate = found[0]
    wanted = dice or ([mate.combo.text] if mate.combo else [])
    return ev.Steal(owner.name, mate.name,
                    chosen_dice(state, wanted, f"stealing {mate.name}", rule="R-STF-5"))


def card(state: Game, title: str, *, coins: int, cards: int, dice: Sequence[str],
         attribute: str | None) -> ev.Event:
    """Playing the Advantage card ``title`` (R-STF-4): My Birden and the Sacrifice by
    their names, any other card with what it gave."""
    said = name_key(_known_card(title, gave=bool(coins or cards)))
    if said == name_key("My Birden"):
        birdens = [p for p, s in state.unspent if s is Symbol.BIRDEN]
        if not birdens and state.rolled:
            raise RuleViolation(f"My Birden needs a Birden among the unspent dice "
                                f"({dice_words(state.unspent)})", rule="R-STF-4")
        positions = chosen_dice(state, dice or ["3-kind"], "My Birden", rule="R-STF-4",
                                exclude=birdens[:1])
        return ev.MyBirden(birdens[0] if birdens else 0, positions)
    if said == name_key("Sacrifice"):
        if attribute is None:
            raise BadValue("the Sacrifice joins the team: give the Attribute her ability "
                           "takes", rule="R-STF-5", param="attribute")
        return ev.PlaySacrifice(attribute)
    return ev.PlayCard(title, coins=coins, cards=cards)


KNOWN_CARDS: Final = ("My Birden", "Sacrifice")
"""The Advantage cards the tool knows by name (R-STF-4)."""


def _known_card(title: str, *, gave: bool) -> str:
    """The card ``title`` means: a known card by its name, or, when the card gave
    nothing (as the known ones give nothing by themselves), by a unique beginning or
    word of it; a near miss of a known name is refused with the name meant, since as
    another card it would do nothing."""
    title = " ".join(title.split())
    if gave or any(name_key(title) == name_key(known) for known in KNOWN_CARDS):
        return title
    found = matches(title, KNOWN_CARDS)
    if len(found) == 1:
        return found[0]
    close = closest(title, KNOWN_CARDS)
    if close is not None:
        raise BadValue(f"no card {title[:40]!r} is known by name — did you mean {close}? "
                       "(another card: say the coins or cards it gave)", rule="R-STF-4",
                       param="card", value=title)
    return title


def mission(state: Game, dice: Sequence[str]) -> ev.CompleteMission:
    """Completing the Mission with ``dice``, by default those that make its combination
    (R-STF-7); before it can be, the event as it stands, for the rules to say what is
    missing."""
    if state.mission is None or not state.rolled or not state.current.meets(state.mission):
        return ev.CompleteMission(())
    return ev.CompleteMission(chosen_dice(state, dice or [state.mission.combo.text],
                                          "the Mission", rule="R-STF-7"))
