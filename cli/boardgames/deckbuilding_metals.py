"""The Training track, metals and the turn's damage of ``mistborn deckbuilding``
(R-DBG-9..11): ``train``, ``burns``, ``burn``, ``flare``, ``refresh``, ``combat``,
``ally``, and ``collective``, shared damage split among the players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from cli.boardgames import base as games
from cli.boardgames.base import game_command
from cli.boardgames.deckbuilding import active_or, common, face, player, player_option, whole

if TYPE_CHECKING:
    from boardgames.deckbuilding.events import Event, Metal
    from boardgames.deckbuilding.state import Game

METALS = ("tin", "pewter", "iron", "steel", "zinc", "brass", "copper", "bronze")


def _metal(typed: str) -> Metal:
    from boardgames.deckbuilding.events import Metal
    from boardgames.deckbuilding.text import bad_value

    found = [m for m in Metal if m.value.startswith(typed.strip().lower())] if typed else []
    if len(found) != 1:
        raise bad_value("bad.choice", "R-DBG-10", field="metal", value=repr(typed)[:60],
                        allowed=", ".join(METALS))
    return found[0]


@game_command("train", "Train: up the Training track.")
@click.argument("steps", default="1", metavar="[N]")
@player_option
@common
def train(steps: str, who_acts: str | None, as_json: bool) -> None:
    """A Train effect (a card, a Mission) moves the active player's cube N steps up
    the Training track; rewards reached are gained at once: Burns, abilities, Atium
    (R-DBG-9). The move at the start of each turn is made by itself."""
    from boardgames.deckbuilding.events import Train

    n = whole(steps, "steps", "R-DBG-9", 1, 40)
    games.write(face(), lambda state: [Train(active_or(state, who_acts), n)],
                as_json=as_json)


@game_command("burns", "More Burns: this turn, or --lasting.")
@click.argument("count", default="1", metavar="[N]")
@click.option("--lasting", is_flag=True, help="For every turn from now (a permanent "
              "Mission reward), not this turn only.")
@player_option
@common
def burns(count: str, lasting: bool, who_acts: str | None, as_json: bool) -> None:
    """The active player may Burn N more metal tokens this turn (a card), or every turn
    with --lasting (R-DBG-10)."""
    from boardgames.deckbuilding.events import GainBurns

    n = whole(count, "count", "R-DBG-10", 1, 8)
    games.write(face(), lambda state: [GainBurns(active_or(state, who_acts), n, lasting)],
                as_json=as_json)


def _token_command(kind: str, metal: str, who_acts: str | None, as_json: bool) -> None:
    from boardgames.deckbuilding.events import Burn, Flare, Refresh, UseAtium

    if kind == "burn" and metal.strip().lower() == "atium":
        games.write(face(), lambda state: [UseAtium(active_or(state, who_acts))],
                    as_json=as_json)
        return
    chosen = _metal(metal)
    event = {"burn": Burn, "flare": Flare, "refresh": Refresh}[kind]
    games.write(face(), lambda state: [event(active_or(state, who_acts), chosen)],
                as_json=as_json)


@game_command("burn", "Burn a metal token (or atium).")
@click.argument("metal", metavar="METAL")
@player_option
@common
def burn(metal: str, who_acts: str | None, as_json: bool) -> None:
    """Burn the METAL token (tin, pewter, iron, steel, zinc, brass, copper, bronze; any
    unique beginning), within the Burns allowed this turn; each token once a turn
    (R-DBG-10). burn atium uses an Atium token, which takes a Burn too."""
    _token_command("burn", metal, who_acts, as_json)


@game_command("flare", "Flare a metal token past the Burns.")
@click.argument("metal", metavar="METAL")
@player_option
@common
def flare(metal: str, who_acts: str | None, as_json: bool) -> None:
    """Flare the METAL token: used beyond the Burns allowed, it stays flipped after
    the turn until refreshed; Atium can't be Flared (R-DBG-10)."""
    _token_command("flare", metal, who_acts, as_json)


@game_command("refresh", "Refresh a Flared metal token.")
@click.argument("metal", metavar="METAL")
@player_option
@common
def refresh(metal: str, who_acts: str | None, as_json: bool) -> None:
    """Refresh the Flared METAL token (a card of its pairing discarded, or a refresh
    effect); used this turn already, it is not used again this turn (R-DBG-10)."""
    _token_command("refresh", metal, who_acts, as_json)


@game_command("combat", "Damage points gained this turn.")
@click.argument("amount", metavar="N")
@player_option
@common
def combat(amount: str, who_acts: str | None, as_json: bool) -> None:
    """The active player gains N damage points from the turn's cards. They are used
    after the cards, on Allies (ally), shields and the Lord Ruler (shield, lord
    attack), then players (attack): never more than gained; the rest is lost at the
    end of the turn, and after the Lord Ruler card none is used (R-DBG-11)."""
    from boardgames.deckbuilding.events import GainDamage

    n = whole(amount, "amount", "R-DBG-11")
    games.write(face(), lambda state: [GainDamage(active_or(state, who_acts), n)],
                as_json=as_json)


@game_command("ally", "Use damage on another player's Ally.")
@click.argument("amount", metavar="N")
@player_option
@common
def ally(amount: str, who_acts: str | None, as_json: bool) -> None:
    """The active player uses N of the turn's damage on another player's Ally (at
    least its Defense), before attacking players; competitive games only (R-DBG-11)."""
    from boardgames.deckbuilding.events import AttackAlly

    n = whole(amount, "amount", "R-DBG-11")
    games.write(face(), lambda state: [AttackAlly(active_or(state, who_acts), n)],
                as_json=as_json)


def _shares(state: Game, typed: Sequence[str]) -> dict[str, int]:
    from boardgames.deckbuilding.text import bad_value

    shares: dict[str, int] = {}
    for item in typed:
        name, sep, value = item.partition("=")
        if not sep:
            raise bad_value("bad.list", "R-DBG-2", field="amount", value=repr(item)[:60])
        shares[player(state, name)] = whole(value, "amount", "R-DBG-2", 0)
    return shares


@game_command("collective", "Shared damage split among players.")
@click.argument("amount", metavar="N")
@click.argument("split", nargs=-1, metavar="[PLAYER=N…]")
@common
def collective(amount: str, split: Sequence[str], as_json: bool) -> None:
    """Collective (shared) damage N of an Edict or an Adversary, split among the
    players in the game as they choose (vin=6 kel=4), adding up to N; without a split,
    as evenly as it goes from the player whose turn it is (R-DBG-2)."""
    from boardgames.deckbuilding.collective import collective as split_damage

    n = whole(amount, "amount", "R-DBG-2")

    def build(state: Game) -> list[Event]:
        return list(split_damage(state, n, _shares(state, split) if split else None))

    games.write(face(), build, as_json=as_json)
