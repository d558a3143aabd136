"""The co-op and solo commands of ``mistborn deckbuilding``: the Lord Ruler's health,
Dominance, Edicts, Adversaries and their shields, his deck counted down (R-DBG-2,
R-DBG-6)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from cli.boardgames import base as games
from cli.boardgames.base import ManyOption, game_command
from cli.boardgames.deckbuilding import active_or, common, face, player_option, whole

if TYPE_CHECKING:
    from boardgames.deckbuilding.events import Event
    from boardgames.deckbuilding.state import Game


@game_command("lord", "Co-op: damage or heal the Lord Ruler.")
@click.argument("action", type=click.Choice(["attack", "heal"]))
@click.argument("amount", metavar="N")
@player_option
@common
def lord(action: str, amount: str, who_acts: str | None, as_json: bool) -> None:
    """The Lord Ruler takes N damage from the active player (at 0 the players win), or
    heals N by an effect, never above 48 (R-DBG-2)."""
    from boardgames.deckbuilding.events import AttackLordRuler, HealLordRuler

    n = whole(amount, "amount", "R-DBG-2")

    def build(state: Game) -> list[Event]:
        if action == "heal":
            return [HealLordRuler(n)]
        return [AttackLordRuler(active_or(state, who_acts), n)]

    games.write(face(), build, as_json=as_json)


@game_command("dominance", "Co-op: Dominance up one row.")
@click.argument("shown", metavar="ROW")
@common
def dominance(shown: str, as_json: bool) -> None:
    """The Lord Ruler card slides one row down the Dominance track; ROW is the number
    the new row shows, or 0 for a one-time attack (enter its damage with damage)
    (R-DBG-2). Dominance is the highest number shown, at most 6."""
    from boardgames.deckbuilding.events import MAX_DOMINANCE, DominanceUp

    row = whole(shown, "shown", "R-DBG-2", 0, MAX_DOMINANCE)  # the range the rules say
    games.write(face(), lambda _state: [DominanceUp(row)], as_json=as_json)


@game_command("edict", "Co-op: an Edict drawn and resolved.")
@click.option("--ups", type=click.IntRange(0, 2), default=1, show_default=True, metavar="N",
              help="How many times it moves Dominance up.")
@click.option("--below-4", "below", type=click.IntRange(0, 2), default=0, metavar="N",
              help="Times more with fewer than 4 players.")
@click.option("--rows", cls=ManyOption, metavar="ROW…",
              help="What each row revealed shows (0: a one-time attack).")
@common
def edict(ups: int, below: int, rows: Sequence[str], as_json: bool) -> None:
    """The active player draws an Edict, resolved in order (R-DBG-2): Dominance up
    (--ups, and --below-4 with fewer than 4 players; --rows: what each row shows), its
    extra effect (on the table), the Lord Ruler heals 10 per Mission no one has
    completed, 2 Market cards cleared (on the table)."""
    from boardgames.deckbuilding import typed
    from boardgames.deckbuilding.events import Edict

    shown = typed.rows(rows)
    games.write(face(), lambda _state: [Edict(ups, shown, below)], as_json=as_json)


@game_command("adversary", "Co-op: an Adversary drawn.")
@click.argument("name")
@click.argument("shields", nargs=-1, required=True, metavar="SHIELD…")
@common
def adversary(name: str, shields: Sequence[str], as_json: bool) -> None:
    """The active player draws the Adversary NAME and places it before them, with its
    1–3 SHIELDs left to right: numbers, or X for the Dominance (R-DBG-6)."""
    from boardgames.deckbuilding import typed
    from boardgames.deckbuilding.events import DrawAdversary

    values = typed.shields(shields)
    games.write(face(), lambda _state: [DrawAdversary(name, values)], as_json=as_json)


@game_command("shield", "Co-op: destroy an Adversary's shield.")
@click.argument("which", metavar="ADVERSARY")
@click.argument("amount", required=False, metavar="[DAMAGE]")
@click.option("--kill", is_flag=True,
              help="A kill-an-Ally effect removes the shield instead.")
@player_option
@common
def shield(which: str, amount: str | None, kill: bool, who_acts: str | None,
           as_json: bool) -> None:
    """Destroy the leftmost standing shield of ADVERSARY (its number or name) with
    DAMAGE, at least the shield's value (X: the Dominance), or with --kill
    (R-DBG-6). The last shield down defeats it."""
    from boardgames.deckbuilding.events import HitShield, RemoveShield
    from boardgames.deckbuilding.state import find_adversary
    from boardgames.deckbuilding.text import bad_value
    from characters.lookup import matches

    if kill == (amount is not None):
        raise bad_value("bad.number", "R-DBG-6", field="damage", value=repr(amount),
                        low=1, high=999)
    damage_done = None if amount is None else whole(amount, "damage", "R-DBG-6")

    def build(state: Game) -> list[Event]:
        in_play = state.lord_ruler.adversaries if state.lord_ruler else ()
        found = matches(which, [a.name for a in in_play])
        typed = which if which.strip().isdigit() or len(set(found)) != 1 else found[0]
        number = find_adversary(state, typed).number
        who = active_or(state, who_acts)
        if damage_done is None:
            return [RemoveShield(who, number)]
        return [HitShield(who, number, damage_done)]

    games.write(face(), build, as_json=as_json)
