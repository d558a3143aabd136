"""The game's commands of ``mistborn housewar``: the Problem track, the turn's steps,
Unrest, scores, tokens and end-game Personalities (R-HW-1..5).

Each says what it wants as events built against the game as it stands when written
(another player may have written first: the rules check again) and prints the
library's sentence and what comes next. The Active House acts unless ``--house``
names another.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from cli.boardgames import base as games
from cli.boardgames.base import ManyOption, common, game_command
from cli.boardgames.housewar import face, house, pairs, place, problem, tokens

if TYPE_CHECKING:
    from boardgames.housewar.events import Event
    from boardgames.housewar.state import State


def _active(state: State, typed: str | None) -> str:
    if typed is not None:
        return house(state, typed)
    return state.active.name if state.houses else "-"


@game_command("add", "A Problem enters the track (set-up, step 3, effect).")
@click.argument("name")
@click.option("--urgency", "-u", metavar="I–IV",
              help="Its printed starting Urgency, 1–4 or I–IV (needed the first time).")
@click.option("--highest", "where", flag_value="highest",
              help="At the highest possible Urgency (the rightmost free space).")
@click.option("--lowest", "where", flag_value="lowest",
              help="At the lowest possible Urgency (the leftmost free space).")
@click.option("--setup", "reason", flag_value="setup", help="A starting Problem.")
@click.option("--effect", "reason", flag_value="effect",
              help="Added by an eruption or a card (not the turn's step 3).")
@click.option("--cost", "cost_typed", cls=ManyOption, commas=False, metavar="TOKENS…",
              help="Its printed cost (2 food 1 skaa): deals must pay it.")
@click.option("--favor", type=int, metavar="N", help="Its printed Favor reward.")
@common
def add(name: str, urgency: str | None, where: str | None, reason: str | None,
        cost_typed: Sequence[str], favor: int | None, as_json: bool) -> None:
    """The Problem NAME enters the track (R-HW-2): at its starting Urgency, moving
    right past full columns to the lowest free space; past IV it erupts. Step 3 by
    default; --setup for a starting Problem, --effect for an eruption's or a card's."""
    from boardgames.housewar.events import AddProblem

    cost = tokens(cost_typed) if cost_typed else None

    def build(state: State) -> list[Event]:
        return [AddProblem(problem(state, name, known=True),
                           urgency=None if urgency is None else _urgency(urgency),
                           place=where or "start", reason=reason or "turn", cost=cost,
                           favor=favor)]

    games.write(face(), build, as_json=as_json)


def _urgency(typed: str) -> int | str:
    return int(typed) if typed.strip().isdigit() and len(typed) < 4 else typed


@game_command("worsen", "Step 2: Problems move one column right.")
@click.argument("names", nargs=-1, required=True, metavar="PROBLEM…")
@common
def worsen(names: Sequence[str], as_json: bool) -> None:
    """Step 2: each PROBLEM moves one column right, one at a time, in the order given
    (the Active House chooses); past IV it erupts (R-HW-2)."""
    from boardgames.housewar.events import Worsen

    games.write(face(), lambda state: [Worsen(problem(state, n)) for n in names],
                as_json=as_json)


@game_command("move", "A card moves a Problem (Soother: --by -1).")
@click.argument("name", metavar="PROBLEM")
@click.option("--by", type=int, metavar="N", help="Columns: right, or left when negative "
              "(a Soother: -1).")
@click.option("--highest", "to", flag_value="highest", help="To the rightmost free space.")
@click.option("--lowest", "to", flag_value="lowest", help="To the leftmost free space.")
@common
def move(name: str, by: int | None, to: str | None, as_json: bool) -> None:
    """A card moves PROBLEM (R-HW-2): by N columns, past full ones; past IV it erupts,
    past I it goes back on top of the Problem deck; or to the highest or lowest free
    space."""
    from boardgames.housewar.events import MoveProblem

    games.write(face(), lambda state: [MoveProblem(problem(state, name), by=by or 0, to=to)],
                as_json=as_json)


@game_command("collect", "Step 1: the Active House's income.")
@click.option("--income", cls=ManyOption, commas=False, metavar="TOKENS…",
              help="What it collects this turn instead of its remembered income (its "
                   "sheet and Advisors, less Ruined icons).")
@click.option("--steal", cls=ManyOption, metavar="HOUSE=TOKENS…",
              help="What the supply lacks, taken from another House (lekal=1f).")
@click.option("--house", "house_typed", metavar="HOUSE", help="Which House (default: "
              "the Active House).")
@common
def collect(income: Sequence[str], steal: Sequence[str], house_typed: str | None,
            as_json: bool) -> None:
    """Step 1: the Active House collects its income (R-HW-5): what its sheet, collected
    at set-up, and its Advisors show, less Ruined icons — no numbers to type (--income
    gives another). The first Active House collects on the first turn too. What the
    supply lacks may be stolen from other Houses (--steal), the rest is lost."""
    from boardgames.housewar.events import Collect, Steal

    got = tokens(income) if income else None
    taken = pairs(steal, "--steal", "R-HW-5")

    def build(state: State) -> list[Event]:
        return [Collect(_active(state, house_typed), got,
                        tuple(Steal(house(state, n), tokens(v)) for n, v in taken))]

    games.write(face(), build, as_json=as_json)


@game_command("pass", "Step 4: pass, taking a token or a card.")
@click.option("--take", metavar="KIND",
              help="The token taken from the supply (any kind, Atium too); default: a "
                   "Personality card.")
@click.option("--house", "house_typed", metavar="HOUSE", help="Which House (default: "
              "the Active House).")
@common
def pass_turn(take: str | None, house_typed: str | None, as_json: bool) -> None:
    """Step 4: the Active House passes and takes 1 token of any kind (--take) or 1
    Personality card (R-HW-5)."""
    from boardgames.housewar.events import Pass

    games.write(face(), lambda state: [Pass(_active(state, house_typed), take)],
                as_json=as_json)


@game_command("solve", "Step 4: a deal closes and a Problem is solved.")
@click.argument("name", metavar="PROBLEM")
@click.option("--share", cls=ManyOption, metavar="HOUSE=TOKENS…",
              help="The icons of the cost each House covers (venture=2f lekal=1s).")
@click.option("--spent", cls=ManyOption, metavar="HOUSE=TOKENS…",
              help="The tokens a House chose to spend on its share (default: the "
                   "cheapest way).")
@click.option("--favor", cls=ManyOption, metavar="HOUSE=N…",
              help="The Favor promised to each House (venture=3).")
@common
def solve(name: str, share: Sequence[str], spent: Sequence[str], favor: Sequence[str],
          as_json: bool) -> None:
    """Step 4: a deal closes and PROBLEM is solved (R-HW-3, R-HW-4): each House pays
    its share alone (Atium as any icon, 2 tokens for 1, no pooling), then gains the
    Favor promised — doubled while the Lord Ruler is in play."""
    from boardgames.errors import BadValue
    from boardgames.housewar.events import Award, Share, Solve

    shares = pairs(share, "--share", "R-HW-4")
    chosen = dict(pairs(spent, "--spent", "R-HW-4"))
    awards = pairs(favor, "--favor", "R-HW-3")
    for _, value in awards:
        if not (value.isdigit() and len(value) < 4):
            raise BadValue(f"--favor is HOUSE=N with N a whole number, got {value!r}"[:100],
                           rule="R-HW-3")

    def build(state: State) -> list[Event]:
        spent_by = {house(state, n): v for n, v in chosen.items()}
        made = tuple(Share(house(state, n), tokens(v), tokens(spent_by[house(state, n)])
                           if house(state, n) in spent_by else None) for n, v in shares)
        return [Solve(problem(state, name), made,
                      tuple(Award(house(state, n), int(v)) for n, v in awards))]

    games.write(face(), build, as_json=as_json)


@game_command("no-deal", "Step 4: a deal fails.")
@click.argument("name", metavar="PROBLEM")
@common
def no_deal(name: str, as_json: bool) -> None:
    """Step 4: the deal over PROBLEM fails; it stays and nothing is paid."""
    from boardgames.housewar.events import NoDeal

    games.write(face(), lambda state: [NoDeal(problem(state, name))], as_json=as_json)


@game_command("end-turn", "Step 5: the next House becomes Active.")
@common
def end_turn(as_json: bool) -> None:
    """Step 5: the turn ends; this turn's cost changes lapse and the next House
    becomes the Active House (R-HW-4, R-HW-5)."""
    from boardgames.housewar.events import EndTurn

    games.write(face(), lambda _state: [EndTurn()], as_json=as_json)


@game_command("cost", "A card lowers or raises a cost this turn.")
@click.argument("name", metavar="PROBLEM")
@click.option("--lower", cls=ManyOption, commas=False, metavar="TOKENS…",
              help="Icons a card removes (never more than printed).")
@click.option("--raise", "higher", cls=ManyOption, commas=False, metavar="TOKENS…",
              help="Icons a card adds.")
@common
def cost(name: str, lower: Sequence[str], higher: Sequence[str], as_json: bool) -> None:
    """A card lowers or raises PROBLEM's cost until the end of the turn (R-HW-4)."""
    from boardgames.housewar.events import ChangeCost

    lowered, raised = tokens(lower) if lower else tokens(""), \
        tokens(higher) if higher else tokens("")
    games.write(face(), lambda state: [ChangeCost(problem(state, name), lowered, raised)],
                as_json=as_json)


@game_command("unrest", "Unrest moves up (or down: -N).")
@click.argument("amount", type=int, metavar="N")
@common
def unrest(amount: int, as_json: bool) -> None:
    """Unrest moves N spaces (-N to lower it); at 8 the game ends at once (R-HW-1)."""
    from boardgames.housewar.events import AddUnrest

    games.write(face(), lambda _state: [AddUnrest(amount)], as_json=as_json)


@game_command("score", "A House gains Favor or Disgrace.")
@click.argument("name", metavar="HOUSE")
@click.option("--favor", type=int, default=0, metavar="N", help="Favor gained.")
@click.option("--disgrace", type=int, default=0, metavar="N", help="Disgrace gained.")
@click.option("--modifier", is_flag=True,
              help="A Personality adjusting a gain: applied after doubling, never "
                   "doubled, may be negative.")
@click.option("--source", default="", metavar="TEXT",
              help="What gave it (Riot erupting), for the end-game breakdown.")
@common
def score(name: str, favor: int, disgrace: int, modifier: bool, source: str,
          as_json: bool) -> None:
    """HOUSE gains Favor and/or Disgrace (R-HW-3), doubled while the Lord Ruler is in
    play. The tokens go face down: the table's board never shows them (R-HW-6).
    Making change with scoring tokens changes no score: nothing to record."""
    from boardgames.housewar.events import Score

    games.write(face(), lambda state: [Score(house(state, name), favor, disgrace,
                                             modifier, source)], as_json=as_json)


@game_command("ruin", "A Ruined token covers an income icon.")
@click.argument("name", metavar="HOUSE")
@click.argument("what", nargs=-1, required=True, metavar="TOKENS…")
@click.option("--dismiss", is_flag=True,
              help="A Lesser Noble removes the Ruined token instead.")
@common
def ruin(name: str, what: Sequence[str], dismiss: bool, as_json: bool) -> None:
    """A Ruined token covers HOUSE's icon of TOKENS (1 food) on its sheet or an
    Advisor: step 1 no longer collects it (R-HW-5). --dismiss: a Lesser Noble removes
    the token, and the icon is collected again."""
    from boardgames.housewar.sheets import Ruin

    icons = tokens(what)
    games.write(face(), lambda state: [Ruin(house(state, name), icons, dismiss)],
                as_json=as_json)


@game_command("advisor", "An Advisor adds an icon to an income.")
@click.argument("name", metavar="HOUSE")
@click.argument("what", nargs=-1, required=True, metavar="TOKENS…")
@click.option("--discard", is_flag=True,
              help="The Advisor leaves play, and its icon with it.")
@common
def advisor(name: str, what: Sequence[str], discard: bool, as_json: bool) -> None:
    """HOUSE plays an Advisor face up: step 1 collects its icon (TOKENS: 1 money) too
    (R-HW-5). --discard: the Advisor leaves play and takes its icon with it."""
    from boardgames.housewar.sheets import Advisor

    icons = tokens(what)
    games.write(face(), lambda state: [Advisor(house(state, name), icons, discard)],
                as_json=as_json)


@game_command("transfer", "Tokens move: bribes, thefts, returns.")
@click.argument("source", metavar="FROM")
@click.argument("target", metavar="TO")
@click.argument("what", nargs=-1, required=True, metavar="TOKENS…")
@common
def transfer(source: str, target: str, what: Sequence[str], as_json: bool) -> None:
    """Tokens move FROM a House, the supply or the destroyed tokens TO another
    (R-HW-5): a bribe, a Lurcher's theft, an eruption's return or destruction."""
    from boardgames.housewar.events import Transfer

    moved = tokens(what)
    games.write(face(), lambda state: [Transfer(place(state, source), place(state, target),
                                                moved)], as_json=as_json)


@game_command("face-down", "A Personality played face down.")
@click.argument("name", metavar="HOUSE")
@click.argument("card", nargs=-1, required=True)
@common
def face_down(name: str, card: Sequence[str], as_json: bool) -> None:
    """HOUSE plays the end-game Personality CARD face down (R-HW-3)."""
    from boardgames.housewar.events import FaceDown

    games.write(face(), lambda state: [FaceDown(house(state, name), " ".join(card))],
                as_json=as_json)


@game_command("discard", "A face-down Personality discarded.")
@click.argument("name", metavar="HOUSE")
@click.argument("card", nargs=-1, required=True)
@common
def discard(name: str, card: Sequence[str], as_json: bool) -> None:
    """HOUSE's face-down Personality CARD is discarded (e.g. by a Coinshot)."""
    from boardgames.housewar.events import DiscardFaceDown

    games.write(face(), lambda state: [DiscardFaceDown(house(state, name), " ".join(card))],
                as_json=as_json)


@game_command("reveal", "At the end, a face-down card revealed.")
@click.argument("name", metavar="HOUSE")
@click.argument("card", nargs=-1, required=True)
@click.option("--favor", type=int, default=0, metavar="N", help="Favor it gives.")
@click.option("--disgrace", type=int, default=0, metavar="N", help="Disgrace it gives.")
@common
def reveal(name: str, card: Sequence[str], favor: int, disgrace: int, as_json: bool) -> None:
    """At the end, before totals, HOUSE reveals its face-down CARD and gains what it
    gives, doubled while the Lord Ruler is in play (R-HW-3)."""
    from boardgames.housewar.events import Reveal

    games.write(face(), lambda state: [Reveal(house(state, name), " ".join(card), favor,
                                              disgrace)], as_json=as_json)
