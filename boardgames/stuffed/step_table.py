"""Stuffed's table of steps (R-STF-2..7): every step a player takes with the dice,
coins and cards, declared once; the ``stuffed`` commands, the player shell's verbs,
Tab completion, the help listings and who may take each are made from it
(:mod:`core.steps`).

Each step's words are read by the grammar of :mod:`.steps`, imported when a step is
built (listing the steps loads no rule), and the rules (:mod:`.rules`) judge the events
as they judge any other. Each step's ``offer`` (:mod:`.offers`, imported when first
asked) says when the rules allow it now, for whom and with what likely values: from
them :func:`options` lists what may be done now, each option building its events.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

from core.steps import RANDOM, Kind, Offered, Option, Param, Step, Steps, Values, text

if TYPE_CHECKING:
    from boardgames.stuffed.state import Game

__all__ = ["STEPS", "Option", "options"]

SYMBOLS: Final = ("c", "e", "b", "i", "ch", "r")
"""The dice's symbols as typed (coin, essence, birden, intelligence, charisma,
resource)."""


def _dice(state: Game | None, typed: str) -> Sequence[str]:
    """Dice by position among the unspent, or by symbol."""
    if state is None or not getattr(state, "rolled", False):
        return SYMBOLS
    return [*(str(position) for position, _ in state.unspent), *SYMBOLS]


def _symbols(state: Game | None, typed: str) -> Sequence[str]:
    return SYMBOLS


def _characters(state: Game | None, typed: str) -> Sequence[str]:
    """The current player's Hero (``hero``) and Teammates."""
    if state is None or not state.players:
        return ("hero",)
    return ("hero", *(mate.name for mate in state.current.team))


def _mercenaries(state: Game | None, typed: str) -> Sequence[str]:
    """Mercenaries on the other players' teams (what a steal may take)."""
    if state is None or not state.players:
        return ()
    return [mate.name for player in state.players if player is not state.current
            for mate in player.team if mate.kind.value == "mercenary"]


def _others(state: Game | None, typed: str) -> Sequence[str]:
    if state is None or not state.players:
        return ()
    return [player.name for player in state.players if player is not state.current]


def _on_offer(state: Game | None, typed: str) -> Sequence[str]:
    if state is None:
        return ()
    return [mate.name for mate in state.offer]


def _with(help_text: str) -> Param:
    return Param("dice", help_text, Kind.FACES, option="with", short="w", many=True,
                 metavar="DICE…", complete=_dice)


def _faces(help_text: str) -> Param:
    return Param("faces", help_text, Kind.FACES, short="f", many=True,
                 metavar="SYMBOLS…", complete=_symbols)


def _gave(what: str) -> tuple[Param, Param]:
    return (Param("coins", f"Coins {what} gave.", Kind.NUMBER, default=0, low=0, high=20,
                  metavar="N"),
            Param("cards", f"Advantage cards {what} drew.", Kind.NUMBER, default=0, low=0,
                  high=20, metavar="N"))


# --- what each step builds (the grammar's, imported when a step is written) -------------


def _roll(state: Game, v: Values) -> list[Any]:
    from boardgames.stuffed import steps

    return [steps.roll(state, v["faces"], rng=v.get(RANDOM))]


def _reroll(state: Game, v: Values) -> list[Any]:
    from boardgames.stuffed import steps

    card = v["card"]
    return [steps.reroll_typed(state, v["dice"], v["faces"], by=v["by"], pay=v["pay"],
                               card=None if card is None else "" if card == "card"
                               else card, rng=v.get(RANDOM))]


def _spend(state: Game, v: Values) -> list[Any]:
    from boardgames.stuffed import steps

    return [steps.spend(state, v["dice"])]


def _buy(state: Game, v: Values) -> list[Any]:
    from boardgames.stuffed import steps

    return [steps.buy(state, v["what"], v["dice"])]


def _recruit(state: Game, v: Values) -> list[Any]:
    from boardgames.stuffed import steps

    return [steps.recruit(state, v["name"], v["dice"], kind=v["kind"],
                          attribute=v["attribute"], needs=v["needs"])]


def _steal(state: Game, v: Values) -> list[Any]:
    from boardgames.stuffed import steps

    return [steps.steal(state, v["name"], v["victim"], v["dice"])]


def _ability(state: Game, v: Values) -> list[Any]:
    from boardgames.stuffed import steps

    return [steps.ability(state, v["character"], pay=v["pay"], coins=v["coins"],
                          cards=v["cards"], note=v["note"], trade=v["trade"])]


def _play(state: Game, v: Values) -> list[Any]:
    from boardgames.stuffed import steps

    return [steps.card(state, text(v["card"]), coins=v["coins"], cards=v["cards"],
                       dice=v["dice"], attribute=v["attribute"])]


def _discard(state: Game, v: Values) -> list[Any]:
    from boardgames.stuffed.events import Discard

    return [Discard(text(v["card"]))]


def _mission(state: Game, v: Values) -> list[Any]:
    from boardgames.stuffed import steps

    return [steps.mission(state, v["dice"])]


def _end_turn(state: Game, v: Values) -> list[Any]:
    from boardgames.stuffed.events import EndTurn

    return [EndTurn(tuple(v["red"]))]


def _offer(state: Game, v: Values) -> list[Any]:
    from boardgames.stuffed.events import Offer, Teammate

    return [Offer(Teammate(v["name"], v["kind"] or "loyal", v["attribute"], v["needs"]))]


def _offered(name: str) -> Callable[[Game], Sequence[Offered]]:
    """When the rules offer the step ``name`` now, for whom and how
    (:mod:`.offers`, imported when first asked)."""

    def offered(state: Game) -> Sequence[Offered]:
        from boardgames.stuffed.offers import OFFERS

        return OFFERS[name](state)

    return offered


_ATTRIBUTE_HELP = "The Attribute its ability takes (if not on offer)."

STEPS: Final[Steps[Game]] = Steps("stuffed", "R-STF-2", (
    Step("offer", "A Loyal or Mercenary turned face up on offer.", _offer, (
        Param("name", "The Teammate.", positional=True, required=True),
        Param("kind", "What kind of Teammate it is (default: a Loyal).", Kind.FLAG,
              flags={"loyal": "A Loyal (the default).", "mercenary": "A Mercenary."}),
        Param("attribute", "The Attribute its ability takes (R-STF-6).", short="a",
              required=True, metavar="SYMBOL", complete=_symbols),
        Param("needs", "The combination that recruits it, e.g. ch:2,i.", short="n",
              required=True, metavar="COMBO")),
         help="Turn the Loyal or Mercenary NAME face up on offer (R-STF-5): 2 of each "
              "are on offer; recruit one, then offer its replacement.",
         offer=_offered("offer")),
    Step("roll", "Roll the 8 dice (or enter them: {faces}).", _roll, (
        _faces("The 8 dice rolled at the table (c c e b i ch r r); default: the tool "
               "rolls (an option's from the random source it is given: "
               "option.events(rng=...))."),),
         help="Roll all 8 dice to start the turn (R-STF-2), or enter the dice rolled by "
              "hand.",
         offer=_offered("roll")),
    Step("reroll", "Reroll chosen dice, by an ability or a card.", _reroll, (
        Param("dice", "The dice to reroll.", Kind.FACES, positional=True, many=True,
              required=True, complete=_dice),
        Param("by", "Whose ability rerolls (default: hero, your Hero's).", Kind.NAME,
              metavar="CHARACTER", complete=_characters),
        Param("pay", "The die spent on the ability (default: the last showing its "
                     "Attribute).", Kind.NUMBER, metavar="POSITION"),
        Param("card", "An Advantage card rerolls instead (its name, if you like).",
              bare="card", metavar="[NAME]"),
        _faces("What the rerolled dice show, rolled at the table; default: the tool "
               "rolls.")),
         help="Reroll DICE all at once (R-STF-3): by position (1 4 5) or symbol (b b). "
              "A Hero's or Teammate's ability costs a die of its Attribute (R-STF-6); an "
              "Advantage card's costs the card ({card}).",
         offer=_offered("reroll")),
    Step("spend", "Spend 3 of a kind for a coin, 4 for a card.", _spend, (
        Param("dice", "The set to spend.", Kind.FACES, positional=True, many=True,
              required=True, complete=_dice),),
         help="Spend DICE as a set (R-STF-4): 3 of a kind for a coin, 4 of a kind for an "
              "Advantage card; never Birdens. By position (1 2 3) or symbol (ch:3, "
              "4-kind).",
         offer=_offered("spend")),
    Step("buy", "Buy a coin (3 of a kind) or a card (2 coins).", _buy, (
        Param("what", "A coin or a card.", Kind.CHOICE, positional=True, required=True,
              choices=("coin", "card")),
        _with("The set to spend: a coin takes 3 of a kind; a card 4 of a kind instead "
              "of 2 coins.")),
         help="Buy a coin with 3 of a kind, or an Advantage card with 2 coins (or with 4 "
              "of a kind: {dice}) (R-STF-4). The set is picked from the unspent dice "
              "unless given.",
         offer=_offered("buy")),
    Step("recruit", "Recruit a Teammate with the dice.", _recruit, (
        Param("name", "The Teammate.", Kind.NAME, positional=True, required=True,
              complete=_on_offer),
        Param("needs", "Its combination (if not on offer).", short="n", metavar="COMBO"),
        Param("kind", "What kind of Teammate it is.", Kind.FLAG,
              flags={"mercenary": "It is a Mercenary (2 coins more).",
                     "loyal": "It is a Loyal."}),
        Param("attribute", _ATTRIBUTE_HELP, short="a", metavar="SYMBOL",
              complete=_symbols),
        _with("The dice to spend (default: picked from the unspent dice).")),
         help="Recruit the Teammate NAME by spending dice that make its combination, and "
              "2 coins for a Mercenary (R-STF-5). A Teammate on offer needs only its name "
              "(any unique beginning); another card needs {needs} and {attribute}.",
         offer=_offered("recruit")),
    Step("steal", "Steal an opponent's Mercenary.", _steal, (
        Param("name", "The Mercenary.", Kind.NAME, positional=True, required=True,
              complete=_mercenaries),
        Param("victim", "Whose Mercenary (default: whoever has one called NAME).",
              Kind.NAME, option="from", metavar="PLAYER", complete=_others),
        _with("The dice to spend (default: picked from the unspent dice).")),
         help="Steal the Mercenary NAME from another team: dice that make its "
              "combination and 2 coins (R-STF-5).",
         offer=_offered("steal")),
    Step("ability", "Use a Hero's or Teammate's ability.", _ability, (
        Param("character", "hero, or a Teammate's name.", Kind.NAME, positional=True,
              required=True, metavar="CHARACTER", complete=_characters),
        Param("pay", "The die spent on it (default: the last showing its Attribute).",
              Kind.NUMBER, metavar="POSITION"),
        *_gave("the ability"),
        Param("note", "What it did, for the log.", default="", metavar="TEXT"),
        Param("trade", "Grunt: the 3 of a kind traded for a card (R-STF-4).", Kind.FACES,
              option="set", many=True, metavar="DICE…", complete=_dice)),
         help="Use CHARACTER's ability (hero, or a Teammate's name): spend one die of its "
              "Attribute; once per character per turn (R-STF-6). Say what the card gave "
              "({coins}, {cards}); for Grunt's trade give the set ({trade} 3-kind).",
         offer=_offered("ability")),
    Step("play", "Play an Advantage card.", _play, (
        Param("card", "The card's name.", positional=True, many=True, required=True),
        *_gave("the card"),
        _with("My Birden: the 3 of a kind shown (default: picked)."),
        Param("attribute", "The Sacrifice: the Attribute her ability takes.", short="a",
              metavar="SYMBOL", complete=_symbols)),
         help="Play the Advantage card CARD from your hand (R-STF-4): say what it gave "
              "({coins}, {cards}). Two are known by name: My Birden (a Birden and 3 of a "
              "kind draw 2 cards; the dice stay) and the Sacrifice (she joins the team: "
              "{attribute}).",
         offer=_offered("play")),
    Step("discard", "Discard an Advantage card.", _discard, (
        Param("card", "The card's name, if you like.", positional=True, many=True),),
         help="Discard an Advantage card (its name, if you like) to make room (R-STF-4).",
         offer=_offered("discard")),
    Step("mission", "Complete the Mission with the dice and win.", _mission, (
        _with("The dice that make the Mission's combination (default: picked)."),),
         help="Complete the Mission: with its Teammates on your team, spend dice that "
              "make its combination, and win (R-STF-7).",
         offer=_offered("mission")),
    Step("end-turn", "End the turn (red-scroll cards: {red}).", _end_turn, (
        Param("red", "Red-scroll Advantage cards played now: they last until your next "
                     "turn (Scouting is known by name).", many=True, metavar="CARD…"),),
         help="End the turn (R-STF-2), playing red-scroll cards from your hand ({red}).",
         offer=_offered("end-turn")),
))
"""Every step of a game of Stuffed, in the order every listing of them shows them."""


def options(state: Game) -> tuple[Option[Game], ...]:
    """Every step of Stuffed the rules allow now, each way it may be taken, in the order
    the table lists its steps (when each is offered: :mod:`.offers`). Each
    :class:`~core.steps.Option` names its step (``name``), who takes it (``seat``: the
    player's name, ``None`` for the host), its likely ``values`` and what it still
    ``needs`` (what only the table knows: a card's name); ``option.events(**values)``
    builds the step's events for :func:`~boardgames.stuffed.apply` (or a session's
    ``push``), which judges them as any other. Empty before set-up and once the Mission
    is completed."""
    return STEPS.options(state)
