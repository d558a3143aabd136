"""The game's commands of ``mistborn deckbuilding``: health, Mission points and Sense,
attacks and the Target, coins, Boxings and Atium, Confrontation, the end of a turn
(R-DBG-1, R-DBG-3..5, R-DBG-7).

Each says what it wants as events built against the game as it stands when written
(another player's phone may have written first: the rules check again) and prints the
library's sentence and what comes next, in the language asked for. Who acts defaults
to the player whose turn it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from cli.boardgames import base as games
from cli.boardgames.base import ManyOption, game_command
from cli.boardgames.deckbuilding import active_or, common, face, player, player_option, whole

if TYPE_CHECKING:
    from boardgames.deckbuilding.events import Blocked, Event
    from boardgames.deckbuilding.state import Game


@game_command("damage", "A player takes damage (not an attack).")
@click.argument("name", metavar="PLAYER")
@click.argument("amount", metavar="N")
@common
def damage(name: str, amount: str, as_json: bool) -> None:
    """PLAYER takes N damage that is not a player's attack: the Lord Ruler, an
    Adversary, a card (R-DBG-1). At 0 the player is out."""
    from boardgames.deckbuilding.events import Damage

    n = whole(amount, "amount", "R-DBG-1")
    games.write(face(), lambda state: [Damage(player(state, name), n)], as_json=as_json)


@game_command("heal", "A player heals (never above 40).")
@click.argument("name", metavar="PLAYER")
@click.argument("amount", metavar="N")
@common
def heal(name: str, amount: str, as_json: bool) -> None:
    """PLAYER heals N; health never exceeds 40 (R-DBG-1)."""
    from boardgames.deckbuilding.events import Heal

    n = whole(amount, "amount", "R-DBG-1")
    games.write(face(), lambda state: [Heal(player(state, name), n)], as_json=as_json)


@game_command("points", "The active player gains Mission points.")
@click.argument("amount", metavar="N")
@player_option
@common
def points(amount: str, who_acts: str | None, as_json: bool) -> None:
    """The player whose turn it is gains N Mission points; a Sense played this turn
    cancels them first (R-DBG-3)."""
    from boardgames.deckbuilding.events import GainMission

    n = whole(amount, "points", "R-DBG-3")
    games.write(face(), lambda state: [GainMission(active_or(state, who_acts), n)],
                as_json=as_json)


@game_command("spend", "Spend Mission points on the 3 tracks.")
@click.argument("split", nargs=-1, required=True, metavar="POINTS…")
@player_option
@common
def spend(split: Sequence[str], who_acts: str | None, as_json: bool) -> None:
    """Spend Mission points on the 3 tracks (R-DBG-3): three numbers, one per Mission
    (spend 2 1 0), or MISSION=POINTS with a Mission's number or name (spend 1=2 3=1).
    A cube in the start area goes onto the lowest step with its first point."""
    from boardgames.deckbuilding import typed
    from boardgames.deckbuilding.events import SpendMission

    def build(state: Game) -> list[Event]:
        return [SpendMission(active_or(state, who_acts), typed.mission_split(state, split))]

    games.write(face(), build, as_json=as_json)


@game_command("sense", "Sense N cancels Mission points this turn.")
@click.argument("amount", metavar="N")
@click.option("--by", metavar="PLAYER", help="Who played it (default: an effect).")
@player_option
@common
def sense(amount: str, by: str | None, who_acts: str | None, as_json: bool) -> None:
    """Sense N on the player whose turn it is: it cancels N of their Mission points
    this turn, unspent ones first, later ones as they come (R-DBG-3)."""
    from boardgames.deckbuilding.events import Sense

    n = whole(amount, "amount", "R-DBG-3")

    def build(state: Game) -> list[Event]:
        return [Sense(active_or(state, who_acts), n,
                      None if by is None else player(state, by))]

    games.write(face(), build, as_json=as_json)


def _blocked(state: Game, given: Sequence[str]) -> tuple[Blocked, ...]:
    from boardgames.deckbuilding.events import Blocked
    from boardgames.deckbuilding.text import bad_value

    out: list[Blocked] = []
    for item in given:
        name, sep, value = item.partition("=")
        if not sep:
            raise bad_value("bad.list", "R-DBG-4", field="blocked", value=repr(item)[:60])
        out.append(Blocked(player(state, name), whole(value, "blocked", "R-DBG-4")))
    return tuple(out)


@game_command("attack", "The active player's damage at players.")
@click.argument("amount", metavar="N")
@click.option("--blocked", "-b", cls=ManyOption, metavar="PLAYER=N…",
              help="Damage that never reached a player's health (Cloud, Defender "
                   "allies): marsh=2.")
@player_option
@common
def attack(amount: str, blocked: Sequence[str], who_acts: str | None,
           as_json: bool) -> None:
    """The active player's N damage at players, used once at the end of the turn
    (R-DBG-4): at the Target's holder; from the holder, in full at everyone else;
    without the Target, at the one opponent."""
    from boardgames.deckbuilding.events import Attack

    n = whole(amount, "amount", "R-DBG-4")

    def build(state: Game) -> list[Event]:
        return [Attack(active_or(state, who_acts), n, _blocked(state, blocked))]

    games.write(face(), build, as_json=as_json)


@game_command("target", "Give the Target after its holder fell.")
@click.argument("name", metavar="PLAYER")
@click.option("--blocked", "-b", default="0", metavar="N",
              help="Leftover damage that never reached PLAYER's health.")
@common
def target(name: str, blocked: str, as_json: bool) -> None:
    """After the Target's holder was eliminated, give the Target to PLAYER, who takes
    the leftover damage (R-DBG-4)."""
    from boardgames.deckbuilding.events import ChooseTarget

    n = whole(blocked, "blocked", "R-DBG-4", 0)
    games.write(face(), lambda state: [ChooseTarget(player(state, name), n)],
                as_json=as_json)


@game_command("pass", "The holder passes the Target.")
@click.argument("name", metavar="PLAYER")
@common
def pass_target(name: str, as_json: bool) -> None:
    """The Target's holder passes it to PLAYER: allowed once another player's damage
    reached their health this turn and all of it is used (R-DBG-4)."""
    from boardgames.deckbuilding.events import PassTarget

    games.write(face(), lambda state: [PassTarget(player(state, name))], as_json=as_json)


@game_command("coins", "Coins this turn: gain N, spend -N.")
@click.argument("amount", metavar="N")
@player_option
@common
def coins(amount: str, who_acts: str | None, as_json: bool) -> None:
    """Coins for this turn: gain N, or spend N with -N (R-DBG-5). Coins don't carry
    over."""
    from boardgames.deckbuilding.events import GainCoins, SpendCoins

    n = whole(amount.lstrip("-"), "amount", "R-DBG-5")
    kind = SpendCoins if amount.startswith("-") else GainCoins
    games.write(face(), lambda state: [kind(active_or(state, who_acts), n)],
                as_json=as_json)


@game_command("boxings", "Buy, cash or gain Boxings.")
@click.argument("action", type=click.Choice(["buy", "cash", "gain"]))
@click.argument("count", default="1", metavar="[N]")
@player_option
@common
def boxings(action: str, count: str, who_acts: str | None, as_json: bool) -> None:
    """Boxings (R-DBG-5): buy N for 2 coins each, cash N for 1 coin each, or gain N
    from an effect. They never expire."""
    from boardgames.deckbuilding.events import BuyBoxings, CashBoxings, GainTokens, Token

    n = whole(count, "count", "R-DBG-5")

    def build(state: Game) -> list[Event]:
        who = active_or(state, who_acts)
        if action == "buy":
            return [BuyBoxings(who, n)]
        if action == "cash":
            return [CashBoxings(who, n)]
        return [GainTokens(who, Token.BOXING, n)]

    games.write(face(), build, as_json=as_json)


@game_command("atium", "Gain or use Atium tokens.")
@click.argument("action", type=click.Choice(["gain", "use"]))
@click.argument("count", default="1", metavar="[N]")
@player_option
@common
def atium(action: str, count: str, who_acts: str | None, as_json: bool) -> None:
    """Atium tokens (R-DBG-5): gain N, or use N (each once); in a player's own turn
    each token used takes one of the turn's Burns (R-DBG-10)."""
    from boardgames.deckbuilding.events import GainTokens, Token, UseAtium

    n = whole(count, "count", "R-DBG-5")

    def build(state: Game) -> list[Event]:
        who = active_or(state, who_acts)
        return [GainTokens(who, Token.ATIUM, n) if action == "gain" else UseAtium(who, n)]

    games.write(face(), build, as_json=as_json)


@game_command("confront", "4 Atium on Confrontation: a win.")
@click.option("--atium", "tokens", default="4", metavar="N",
              help="How many of the 4 are Atium tokens (the rest: Atium cards).")
@player_option
@common
def confront(tokens: str, who_acts: str | None, as_json: bool) -> None:
    """The active player plays 4 Atium on Confrontation and wins (co-op: everyone
    wins) (R-DBG-7)."""
    from boardgames.deckbuilding.events import Confrontation

    n = whole(tokens, "atium", "R-DBG-7", 0)
    games.write(face(), lambda state: [Confrontation(active_or(state, who_acts), n)],
                as_json=as_json)


@game_command("end-turn", "End the turn; the next player's.", rank=1)
@common
def end_turn(as_json: bool) -> None:
    """End the turn: Mission points and Sense lapse, coins go, and the next player
    alive takes theirs. In co-op, first draw the Lord Ruler's card and record it with
    edict or adversary; with none left to draw the players lose (R-DBG-7)."""
    from boardgames.deckbuilding.events import EndTurn

    games.write(face(), lambda _state: [EndTurn()], as_json=as_json)
