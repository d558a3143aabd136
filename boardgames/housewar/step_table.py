"""House War's table of steps (R-HW-1..5): every step that writes the game, declared
once; the ``housewar`` commands, the player shell's verbs, Tab completion, the help
listings and who may take each are made from it (:mod:`core.steps`).

Each step's words are read by :mod:`.grammar` and built into events when the step is
written (listing the steps loads neither), and the rules (:mod:`.rules`) judge the
events as they judge any other. At a phone a House takes the steps of its turn, for
itself only; the set-up (the sheets; the starting Problems come before any turn), a
transfer, a discard and moving Unrest by hand are the host's; each House reveals its
own face-down cards at the end (R-HW-3). A face-down card's name is never offered by
Tab: it is hidden from the other Houses (R-HW-6). The end shows every score, so only
the game's own steps that may end it (:attr:`core.steps.Step.may_end`: worsen, add,
solve) end it at a phone; any other that would is the host's (R-HW-6 ruling).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

from boardgames.errors import BadValue, GameError
from core.steps import Kind, MissingValue, Offered, Option, Param, Step, Steps, Values, Who, text

if TYPE_CHECKING:
    from boardgames.housewar.state import State

__all__ = ["STEPS", "MissingValue", "Option", "options", "timer"]

KINDS: Final = ("money", "food", "prestige", "skaa", "warriors", "atium")
"""The kinds of tokens, as Tab offers them (R-HW-5)."""


def _houses(state: State | None, typed: str) -> Sequence[str]:
    return () if state is None else [h.name for h in state.houses]


def _places(state: State | None, typed: str) -> Sequence[str]:
    """A House, the supply or the destroyed tokens (what a transfer moves between)."""
    return [*_houses(state, typed), "supply", "destroyed"]


def _house_pairs(state: State | None, typed: str) -> Sequence[str]:
    """``HOUSE=``, the value to follow."""
    return [f"{name}=" for name in _houses(state, typed)]


def _problems(state: State | None, typed: str) -> Sequence[str]:
    """The Problems on the board."""
    return () if state is None else list(state.track.names)


def _known(state: State | None, typed: str) -> Sequence[str]:
    """Every Problem card the game has seen (one may come back on the track)."""
    return () if state is None else [card.name for card in state.cards]


def _kinds(state: State | None, typed: str) -> Sequence[str]:
    return KINDS


def _urgencies(state: State | None, typed: str) -> Sequence[str]:
    return ("1", "2", "3", "4")


def _minutes(state: State | None, typed: str) -> Sequence[str]:
    return ("3", "3.5", "4", "stop")


def _offer(name: str) -> Callable[[State], Sequence[Offered]]:
    """The step ``name``'s offer (:data:`.offers.OFFERS`), read when first asked: listing
    the steps loads no rule."""

    def offer(state: State) -> Sequence[Offered]:
        from boardgames.housewar.offers import OFFERS

        return OFFERS[name](state)

    return offer


_OTHERS_SHARE: Final = "another House's share is the host's to enter, once it agrees"


def _own_cards(state: State, seat: str) -> bool:
    """Each House reveals its own face-down cards, whoever's turn it is (R-HW-3): its
    own is the check of the House it names (:attr:`Param.seat`)."""
    return True


def _house(help_text: str = "The House.", *, seat: bool = False) -> Param:
    return Param("name", help_text, Kind.NAME, positional=True, required=True,
                 metavar="HOUSE", seat=seat, complete=_houses)


def _problem(*, known: bool = False) -> Param:
    return Param("name", "The Problem.", Kind.NAME, positional=True, required=True,
                 metavar=None if known else "PROBLEM", complete=_known if known else _problems)


def _tokens(help_text: str, *, name: str = "what", required: bool = True) -> Param:
    return Param(name, help_text, Kind.TEXT, positional=True, many=True, required=required,
                 metavar="TOKENS…", complete=_kinds)


def _card() -> Param:
    return Param("card", "The Personality card.", positional=True, many=True, required=True)


def _acting() -> Param:
    return Param("house", "Which House (default: the Active House).", Kind.NAME,
                 metavar="HOUSE", seat=True, complete=_houses)


def _gains() -> tuple[Param, Param]:
    return (Param("favor", "Favor it gives.", Kind.NUMBER, default=0, metavar="N"),
            Param("disgrace", "Disgrace it gives.", Kind.NUMBER, default=0, metavar="N"))


# --- what each step builds (the grammar's, imported when a step is written) -------------


def _sheet(state: State, v: Values) -> list[Any]:
    from boardgames.housewar import grammar
    from boardgames.housewar.sheets import Sheet

    return [Sheet(grammar.house(state, v["name"]), grammar.tokens(v["what"]), v["cards"])]


def _add(state: State, v: Values) -> list[Any]:
    from boardgames.housewar import grammar
    from boardgames.housewar.events import AddProblem

    cost = grammar.tokens(v["cost"]) if v["cost"] else None
    typed = v["urgency"]
    return [AddProblem(grammar.problem(state, v["name"], known=True),
                       urgency=None if typed is None else grammar.urgency(typed),
                       place=v["where"] or "start", reason=v["reason"] or "turn",
                       cost=cost, favor=v["favor"])]


def _worsen(state: State, v: Values) -> list[Any]:
    from boardgames.housewar import grammar
    from boardgames.housewar.events import Worsen

    return _until_the_end(state, [Worsen(grammar.problem(state, name))
                                  for name in v["names"]])


def _until_the_end(state: State, events: list[Any]) -> list[Any]:
    """``events`` up to the one that ends the game: when Vin erupts "the game
    immediately ends" (R-HW-3), so the Problems named after it do not move. An event
    the rules refuse is kept, for the rules to say why when the step is written."""
    from boardgames.housewar.rules import apply
    from boardgames.housewar.state import Phase

    now = state
    for count, event in enumerate(events, start=1):
        try:
            now = apply(now, event)
        except GameError:
            return events
        if now.phase is Phase.ENDED:
            return events[:count]
    return events


def _move(state: State, v: Values) -> list[Any]:
    from boardgames.housewar import grammar
    from boardgames.housewar.events import MoveProblem

    return [MoveProblem(grammar.problem(state, v["name"]), by=v["by"] or 0, to=v["to"])]


def _collect(state: State, v: Values) -> list[Any]:
    from boardgames.housewar import grammar
    from boardgames.housewar.events import Collect, Steal

    got = grammar.tokens(v["income"]) if v["income"] else None
    taken = grammar.pairs(v["steal"], "steal", "R-HW-5")
    return [Collect(grammar.active(state, v["house"]), got,
                    tuple(Steal(grammar.house(state, name), grammar.tokens(value))
                          for name, value in taken))]


def _pass(state: State, v: Values) -> list[Any]:
    from boardgames.housewar import grammar
    from boardgames.housewar.events import Pass

    return [Pass(grammar.active(state, v["house"]), v["take"])]


def _solve(state: State, v: Values) -> list[Any]:
    from boardgames.housewar import grammar
    from boardgames.housewar.events import Award, Share, Solve

    shares = grammar.pairs(v["share"], "share", "R-HW-4")
    chosen = grammar.pairs(v["spent"], "spent", "R-HW-4")
    awards = grammar.pairs(v["favor"], "favor", "R-HW-3")
    for _, value in awards:
        if not (value.isdigit() and len(value) < 4):
            raise BadValue(f"each is HOUSE=N with N a whole number, got {value!r}"[:100],
                           rule="R-HW-3", param="favor", value=value)
    spent_by = {grammar.house(state, name): value for name, value in chosen}
    made = []
    for name, value in shares:
        who = grammar.house(state, name)
        spent = grammar.tokens(spent_by[who]) if who in spent_by else None
        made.append(Share(who, grammar.tokens(value), spent))
    return [Solve(grammar.problem(state, v["name"]), tuple(made),
                  tuple(Award(grammar.house(state, name), int(value))
                        for name, value in awards))]


def _no_deal(state: State, v: Values) -> list[Any]:
    from boardgames.housewar import grammar
    from boardgames.housewar.events import NoDeal

    return [NoDeal(grammar.problem(state, v["name"]))]


def _end_turn(state: State, v: Values) -> list[Any]:
    from boardgames.housewar.events import EndTurn

    return [EndTurn()]


def _cost(state: State, v: Values) -> list[Any]:
    from boardgames.housewar import grammar
    from boardgames.housewar.events import ChangeCost

    return [ChangeCost(grammar.problem(state, v["name"]), grammar.tokens(v["lower"]),
                       grammar.tokens(v["higher"]))]


def _unrest(state: State, v: Values) -> list[Any]:
    from boardgames.housewar.events import AddUnrest

    return [AddUnrest(v["amount"])]


def _score(state: State, v: Values) -> list[Any]:
    from boardgames.housewar import grammar
    from boardgames.housewar.events import Score

    return [Score(grammar.house(state, v["name"]), v["favor"], v["disgrace"],
                  v["modifier"], v["source"])]


def _ruin(state: State, v: Values) -> list[Any]:
    from boardgames.housewar import grammar
    from boardgames.housewar.sheets import Ruin

    return [Ruin(grammar.house(state, v["name"]), grammar.tokens(v["what"]), v["dismiss"])]


def _advisor(state: State, v: Values) -> list[Any]:
    from boardgames.housewar import grammar
    from boardgames.housewar.sheets import Advisor

    return [Advisor(grammar.house(state, v["name"]), grammar.tokens(v["what"]),
                    v["discard"])]


def _transfer(state: State, v: Values) -> list[Any]:
    from boardgames.housewar import grammar
    from boardgames.housewar.events import Transfer

    return [Transfer(grammar.place(state, v["source"]), grammar.place(state, v["target"]),
                     grammar.tokens(v["what"]))]


def _face_down(state: State, v: Values) -> list[Any]:
    from boardgames.housewar import grammar
    from boardgames.housewar.events import FaceDown

    return [FaceDown(grammar.house(state, v["name"]), text(v["card"]))]


def _discard(state: State, v: Values) -> list[Any]:
    from boardgames.housewar import grammar
    from boardgames.housewar.events import DiscardFaceDown

    return [DiscardFaceDown(grammar.house(state, v["name"]), text(v["card"]))]


def _reveal(state: State, v: Values) -> list[Any]:
    from boardgames.housewar import grammar
    from boardgames.housewar.events import Reveal

    return [Reveal(grammar.house(state, v["name"]), text(v["card"]), v["favor"],
                   v["disgrace"])]


def timer(now: Callable[[], str]) -> Step[State]:
    """The negotiation timer's step, its time read from ``now`` (the table's clock,
    stored text: ``2025-03-01T20:15:03.123456+00:00``): the clock is the front door's to
    read, as dice are rolled by a source given to the rules."""

    def build(state: State, v: Values) -> list[Any]:
        from boardgames.housewar import timer as negotiation

        seconds = negotiation.length(v["length"])
        when = now()
        return list(negotiation.set_to(state.timer, seconds, when,
                                       datetime.datetime.fromisoformat(when)))

    return Step("timer", "The negotiation timer: timer 3, timer stop.", build, (
        Param("length", "Minutes, or stop.", positional=True, required=True,
              metavar="MINUTES|stop", complete=_minutes),),
        help="Start the negotiation timer for MINUTES (3, 3.5 or 2:30; the rulebook "
             "recommends 3–4 minutes for a deal), replacing a running one; or stop it "
             "(timer stop).\n\nEvery board shows it (negotiation: 2:15 left, then "
             "negotiation time is up), and the first step written after it runs out says "
             "so once.", offer=_offer("timer"))


STEPS: Final[Steps[State]] = Steps("housewar", "R-HW-5", (
    Step("sheet", "Set-up: a House collects its sheet.", _sheet, (
        _house(),
        _tokens("What its sheet shows (none for nothing)."),
        Param("cards", "The Personality cards its sheet shows.", Kind.NUMBER, default=0,
              low=0, high=9, metavar="N")),
         help="Set-up (R-HW-5): HOUSE collects the resources (TOKENS: 2 money 1 food) and "
              "the Personality cards ({cards}) its sheet shows. They are its income from "
              "then on: step 1 collects them with no numbers typed.", who=Who.HOST,
         offer=_offer("sheet")),
    Step("add", "A Problem enters the track (set-up, step 3, effect).", _add, (
        _problem(known=True),
        Param("urgency", "Its printed starting Urgency, 1–4 or I–IV (needed the first "
                         "time).", short="u", metavar="I–IV",
              complete=_urgencies),
        Param("where", "Where on the track.", Kind.FLAG, flags={
            "highest": "At the highest possible Urgency (the rightmost free space).",
            "lowest": "At the lowest possible Urgency (the leftmost free space)."}),
        Param("reason", "Why it enters.", Kind.FLAG, flags={
            "setup": "A starting Problem.",
            "effect": "Added by an eruption or a card (not the turn's step 3)."}),
        Param("cost", "Its printed cost (2 food 1 skaa): deals must pay it.", many=True,
              commas=False, metavar="TOKENS…", complete=_kinds),
        Param("favor", "Its printed Favor reward.", Kind.NUMBER, metavar="N")),
         help="The Problem NAME enters the track (R-HW-2): at its starting Urgency, moving "
              "right past full columns to the lowest free space; past IV it erupts. Step 3 "
              "by default; {setup} for a starting Problem, {effect} for an eruption's or a "
              "card's.", may_end=True, offer=_offer("add")),
    Step("worsen", "Step 2: Problems move one column right.", _worsen, (
        Param("names", "The Problems, in order.", Kind.NAME, positional=True, many=True,
              required=True, metavar="PROBLEM…", complete=_problems),),
         help="Step 2: each PROBLEM moves one column right, one at a time, in the order "
              "given (the Active House chooses); past IV it erupts (R-HW-2); Vin's eruption "
              "ends the game at once, and the Problems after it stay (R-HW-3).",
         may_end=True, offer=_offer("worsen")),
    Step("move", "A card moves a Problem (Soother: {by} -1).", _move, (
        _problem(),
        Param("by", "Columns: right, or left when negative (a Soother: -1).",
              Kind.NUMBER, metavar="N"),
        Param("to", "Where to.", Kind.FLAG, flags={
            "highest": "To the rightmost free space.",
            "lowest": "To the leftmost free space."})),
         help="A card moves PROBLEM (R-HW-2): by N columns, past full ones; past IV it "
              "erupts, past I it goes back on top of the Problem deck; or to the highest "
              "or lowest free space.", offer=_offer("move")),
    Step("collect", "Step 1: the Active House's income.", _collect, (
        Param("income", "What it collects this turn instead of its remembered income (its "
                        "sheet and Advisors, less Ruined icons).", many=True, commas=False,
              metavar="TOKENS…", host_only="R-HW-5", complete=_kinds),
        Param("steal", "What the supply lacks, taken from another House (lekal=1f).",
              many=True, metavar="HOUSE=TOKENS…", complete=_house_pairs),
        _acting()),
         help="Step 1: the Active House collects its income (R-HW-5): what its sheet, "
              "collected at set-up, and its Advisors show, less Ruined icons — no numbers "
              "to type ({income} gives another). The first Active House collects on the "
              "first turn too. What the supply lacks may be stolen from other Houses "
              "({steal}), the rest is lost.", offer=_offer("collect")),
    Step("pass", "Step 4: pass, taking a token or a card.", _pass, (
        Param("take", "The token taken from the supply (any kind, Atium too); default: a "
                      "Personality card.", metavar="KIND", complete=_kinds),
        _acting()),
         help="Step 4: the Active House passes and takes 1 token of any kind ({take}) or 1 "
              "Personality card (R-HW-5).", offer=_offer("pass")),
    Step("solve", "Step 4: a deal closes and a Problem is solved.", _solve, (
        _problem(),
        Param("share", "The icons of the cost each House covers (venture=2f lekal=1s).",
              many=True, metavar="HOUSE=TOKENS…", seat=True, pairs=True,
              seat_rule="R-HW-4", seat_why=_OTHERS_SHARE, complete=_house_pairs),
        Param("spent", "The tokens a House chose to spend on its share (default: the "
                       "cheapest way).", many=True, metavar="HOUSE=TOKENS…", seat=True,
              pairs=True, seat_rule="R-HW-4", seat_why=_OTHERS_SHARE,
              complete=_house_pairs),
        Param("favor", "The Favor promised to each House (venture=3).", many=True,
              metavar="HOUSE=N…", complete=_house_pairs)),
         help="Step 4: a deal closes and PROBLEM is solved (R-HW-3, R-HW-4): each House "
              "pays its share alone (Atium as any icon, 2 tokens for 1, no pooling), then "
              "gains the Favor promised — doubled while the Lord Ruler is in play.",
         may_end=True, offer=_offer("solve")),
    Step("no-deal", "Step 4: a deal fails.", _no_deal, (_problem(),),
         help="Step 4: the deal over PROBLEM fails; it stays and nothing is paid.",
         offer=_offer("no-deal")),
    Step("end-turn", "Step 5: the next House becomes Active.", _end_turn,
         help="Step 5: the turn ends; this turn's cost changes lapse and the next House "
              "becomes the Active House (R-HW-4, R-HW-5).", offer=_offer("end-turn")),
    Step("cost", "A card lowers or raises a cost this turn.", _cost, (
        _problem(),
        Param("lower", "Icons a card removes (never more than printed).", many=True,
              commas=False, metavar="TOKENS…", complete=_kinds),
        Param("higher", "Icons a card adds.", option="raise", many=True, commas=False,
              metavar="TOKENS…", complete=_kinds)),
         help="A card lowers or raises PROBLEM's cost until the end of the turn (R-HW-4).",
         offer=_offer("cost")),
    Step("unrest", "Unrest moves up (or down: -N).", _unrest, (
        Param("amount", "Spaces.", Kind.NUMBER, positional=True, required=True,
              metavar="N"),),
         help="Unrest moves N spaces (-N to lower it); at 8 the game ends at once "
              "(R-HW-1). The host's: at a phone, a House takes only the steps its turn "
              "gives it (R-HW-6).", who=Who.HOST, rule="R-HW-6", offer=_offer("unrest")),
    Step("score", "A House gains Favor or Disgrace.", _score, (
        _house(seat=True),
        Param("favor", "Favor gained.", Kind.NUMBER, default=0, metavar="N"),
        Param("disgrace", "Disgrace gained.", Kind.NUMBER, default=0, metavar="N"),
        Param("modifier", "A Personality adjusting a gain: applied after doubling, never "
                          "doubled, may be negative.", Kind.FLAG, default=False),
        Param("source", "What gave it (Riot erupting), for the end-game breakdown.",
              default="", metavar="TEXT")),
         help="HOUSE gains Favor and/or Disgrace (R-HW-3), doubled while the Lord Ruler is "
              "in play. The tokens go face down: the table's board never shows them "
              "(R-HW-6). Making change with scoring tokens changes no score: nothing to "
              "record.", offer=_offer("score")),
    Step("ruin", "A Ruined token covers an income icon.", _ruin, (
        _house(seat=True),
        _tokens("The icon covered (1 food)."),
        Param("dismiss", "A Lesser Noble removes the Ruined token instead.", Kind.FLAG,
              default=False)),
         help="A Ruined token covers HOUSE's icon of TOKENS (1 food) on its sheet or an "
              "Advisor: step 1 no longer collects it (R-HW-5). {dismiss}: a Lesser Noble "
              "removes the token, and the icon is collected again.", offer=_offer("ruin")),
    Step("advisor", "An Advisor adds an icon to an income.", _advisor, (
        _house(seat=True),
        _tokens("Its icon (1 money)."),
        Param("discard", "The Advisor leaves play, and its icon with it.", Kind.FLAG,
              default=False)),
         help="HOUSE plays an Advisor face up: step 1 collects its icon (TOKENS: 1 money) "
              "too (R-HW-5). {discard}: the Advisor leaves play and takes its icon with "
              "it.", offer=_offer("advisor")),
    Step("transfer", "Tokens move: bribes, thefts, returns.", _transfer, (
        Param("source", "A House, the supply or destroyed.", Kind.NAME, positional=True,
              required=True, metavar="FROM", complete=_places),
        Param("target", "A House, the supply or destroyed.", Kind.NAME, positional=True,
              required=True, metavar="TO", complete=_places),
        _tokens("The tokens moved.")),
         help="Tokens move FROM a House, the supply or the destroyed tokens TO another "
              "(R-HW-5): a bribe, a Lurcher's theft, an eruption's return or destruction.",
         who=Who.HOST, offer=_offer("transfer")),
    Step("face-down", "A Personality played face down.", _face_down, (
        _house(seat=True), _card()),
         help="HOUSE plays the end-game Personality CARD face down (R-HW-3).",
         offer=_offer("face-down")),
    Step("discard", "A face-down Personality discarded.", _discard, (_house(), _card()),
         help="HOUSE's face-down Personality CARD is discarded (e.g. by a Coinshot).",
         who=Who.HOST, offer=_offer("discard")),
    Step("reveal", "At the end, a face-down card revealed.", _reveal, (
        _house(seat=True), _card(), *_gains()),
         help="At the end, before totals, HOUSE reveals its face-down CARD and gains what "
              "it gives, doubled while the Lord Ruler is in play (R-HW-3).",
         who=Who.SEAT, may=_own_cards, rule="R-HW-3", offer=_offer("reveal")),
), end_rule="R-HW-6")
"""Every step of a game of House War but the negotiation timer (:func:`timer`, whose
clock the front door gives), in the order every listing of them shows them; each offers
itself when the rules allow it (:mod:`boardgames.housewar.offers`)."""


def options(state: State) -> tuple[Option[State], ...]:
    """What the game offers now (``STEPS.options(state)``): every step the rules allow
    at this point, each way, for whom (a House, or ``None`` for the host) and with its
    likely values, building its events (:class:`core.steps.Option`); what the table
    alone knows is left to give (``option.needs``). See :mod:`boardgames.housewar.offers`
    for what is offered when."""
    return STEPS.options(state)
