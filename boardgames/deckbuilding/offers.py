"""What the Deckbuilding Game offers now (R-DBG-1..11): for each step of its table
(:mod:`.step_table`), the ways the rules allow it as the game stands, each with who
takes it and its likely values (:class:`core.steps.Offered`), from which
:func:`boardgames.deckbuilding.options` lists the steps offered now, each able to
build its events (:class:`core.steps.Option`).

Who takes a step is the table's: the player whose turn it is (R-DBG-1), the Target's
holder passing it on (R-DBG-4), the host giving the Target after its holder fell, and
the host for a health dial of a player whose turn it is not. The likely values are the
rules' own: the whole of the turn's damage at players or at the Lord Ruler (R-DBG-11),
the Mission points spent where they bring a cube nearest the top (R-DBG-3), each
metal token that may still be Burned, or Flared once the Burns are used (R-DBG-10).
What only the table knows (the cards played: the damage, coins and Mission points they
give, an Adversary's name and shields) an option leaves to its caller
(:attr:`core.steps.Option.needs`).

Rulings (where the rules accept more than a turn usually holds):

* The Lord Ruler's card is offered once a turn, as the rulebook draws it ("After each
  player's turn … they draw and play the top card of the Lord Ruler's deck"), though
  the rules accept another (a card's effect may call for one) (R-DBG-2, R-DBG-7).
* A player eliminated in their own turn is offered only the end of it (R-DBG-7); the
  host may still change the health of the players in the game (R-DBG-1).
* Collective damage, an Edict's or an Adversary's, is offered where there is a Lord
  Ruler (R-DBG-2).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from boardgames.deckbuilding.events import TRACK_TOP, Metal, Mode, shield_value
from boardgames.deckbuilding.state import Game, LordRuler, burns_allowed, dominance, living
from core.steps import Offered

__all__ = ["OFFERS", "offer"]

Offer = Callable[[Game], list[Offered]]


# --- who may act now ---------------------------------------------------------------------


def _open(game: Game) -> bool:
    """Whether a step is taken now at all: set up, not over, no Target to give first."""
    return game.started and not game.over and game.turn.pending is None


def _playing(game: Game) -> bool:
    """Whether the player whose turn it is may act: in the game (R-DBG-1, R-DBG-7)."""
    return _open(game) and game.active.alive


def _mine(game: Game, **values: object) -> list[Offered]:
    """One way, taken by the player whose turn it is."""
    return [Offered(game.active.name, values)]


def _turn(game: Game) -> list[Offered]:
    """Taken by the player whose turn it is, with nothing likely: the cards say."""
    return _mine(game) if _playing(game) else []


def _current(game: Game) -> bool:
    """The player whose turn it is may act, in a game keeping the Training track, the
    metals and the turn's damage (R-DBG-9..11)."""
    return _playing(game) and game.tracks_training


def _cards_on(game: Game) -> bool:
    """The turn's cards are still being played: the Lord Ruler's card is not drawn
    (R-DBG-11)."""
    return not (game.tracks_training and game.turn.drawn)


def _lord(game: Game) -> LordRuler | None:
    """The Lord Ruler, where the player whose turn it is may act against him."""
    return game.lord_ruler if _playing(game) else None


def _burns_left(game: Game) -> int:
    """The Burns the player whose turn it is has left this turn (R-DBG-10)."""
    return burns_allowed(game, game.turn.seat) - game.turn.burned


def _free_metals(game: Game) -> list[Metal]:
    """The metal tokens neither used this turn nor Flared (R-DBG-10)."""
    player = game.active
    return [m for m in Metal if m not in game.turn.used and m not in player.flared]


# --- health, Mission points, attacks and the Target (R-DBG-1, R-DBG-3, R-DBG-4) ----------


def _health(game: Game) -> list[Offered]:
    """A health dial: the player whose turn it is for their own, the host for any other
    player in the game (R-DBG-1)."""
    if not _open(game):
        return []
    mine = _mine(game, name=game.active.name) if game.active.alive else []
    return [*mine, *(Offered(None, {"name": game.players[seat].name})
                     for seat in living(game) if seat != game.turn.seat)]


def _split(game: Game) -> tuple[str, ...] | None:
    """The turn's Mission points spent where they bring a cube nearest the top first,
    the rest on the next (R-DBG-3); ``None`` when none can be spent."""
    seat, points = game.turn.seat, game.active.mission_points
    room = [TRACK_TOP - mission.steps[seat] for mission in game.missions]
    spent = [0] * len(room)
    for index in sorted((i for i, r in enumerate(room) if r > 0), key=lambda i: room[i]):
        spent[index] = min(points, room[index])
        points -= spent[index]
    return tuple(str(n) for n in spent) if any(spent) else None


def _spend(game: Game) -> list[Offered]:
    split = _split(game) if _playing(game) else None
    return _mine(game, split=split) if split is not None else []


def _sense(game: Game) -> list[Offered]:
    """A Sense from an effect: a player's Sense is refused in co-op and solo (R-DBG-3)."""
    return _turn(game)


def _attack(game: Game) -> list[Offered]:
    """Once a turn, in a competitive game, with the turn's damage: all of it is
    likely, as what is left is lost (R-DBG-4, R-DBG-11)."""
    if not _playing(game) or game.mode is not Mode.COMPETITIVE or game.turn.attacked:
        return []
    if not game.tracks_training:
        return _mine(game)  # the damage is the table's (a game saved before R-DBG-11)
    return _mine(game, amount=str(game.turn.damage)) if game.turn.damage else []


def _target(game: Game) -> list[Offered]:
    """The host gives the Target to a player in the game but its chooser (R-DBG-4)."""
    pending = game.turn.pending
    if not game.started or game.over or pending is None:
        return []
    return [Offered(None, {"name": game.players[seat].name}) for seat in living(game)
            if seat != pending.chooser]


def _pass(game: Game) -> list[Offered]:
    """The holder passes the Target to any other player in the game, once another
    player's damage reached their health this turn (R-DBG-4)."""
    if not _open(game) or game.target is None or not game.turn.may_pass:
        return []
    holder = game.players[game.target].name
    return [Offered(holder, {"name": game.players[seat].name}) for seat in living(game)
            if seat != game.target]


# --- coins, Boxings, Atium, Confrontation (R-DBG-5, R-DBG-7) ------------------------------


def _boxings(game: Game) -> list[Offered]:
    """Bought with 2 coins, cashed when held, gained from an effect (R-DBG-5)."""
    if not _playing(game):
        return []
    buy = _mine(game, action="buy") if game.turn.coins >= 2 else []
    cash = _mine(game, action="cash") if game.active.boxings else []
    return [*buy, *cash, *_mine(game, action="gain")]


def _atium(game: Game) -> list[Offered]:
    """Gained from an effect; used when held, each taking one of the turn's Burns
    (R-DBG-5, R-DBG-10)."""
    if not _playing(game):
        return []
    usable = game.active.atium and (not game.tracks_training or _burns_left(game) > 0)
    return [*_mine(game, action="gain"), *(_mine(game, action="use") if usable else [])]


def _confront(game: Game) -> list[Offered]:
    """Any turn: the 4 Atium are the player's tokens as far as they hold them and may
    use them, the rest Atium cards on the table (R-DBG-7, R-DBG-10)."""
    if not _playing(game):
        return []
    tokens = min(4, game.active.atium)
    if game.tracks_training:
        tokens = min(tokens, max(0, _burns_left(game)))
    return _mine(game, tokens=str(tokens))


# --- Training, metals and the turn's damage (R-DBG-2, R-DBG-9..11) ------------------------


def _training(game: Game) -> list[Offered]:
    """An effect of a card or a Mission, in a game keeping the track (R-DBG-9, R-DBG-10)."""
    return _mine(game) if _current(game) else []


def _burn(game: Game) -> list[Offered]:
    """Each metal token neither used this turn nor Flared, and an Atium token held,
    while the turn has Burns left (R-DBG-5, R-DBG-10)."""
    if not _current(game) or _burns_left(game) <= 0:
        return []
    metals = [m.value for m in _free_metals(game)]
    return [Offered(game.active.name, {"metal": metal})
            for metal in (*metals, *(["atium"] if game.active.atium else []))]


def _flare(game: Game) -> list[Offered]:
    """Each metal token neither used this turn nor Flared, once the turn's Burns are
    used: Flaring is for tokens above the limit (R-DBG-10)."""
    if not _current(game) or _burns_left(game) > 0:
        return []
    return [Offered(game.active.name, {"metal": m.value}) for m in _free_metals(game)]


def _refresh(game: Game) -> list[Offered]:
    """Each Flared token (R-DBG-10)."""
    if not _current(game):
        return []
    return [Offered(game.active.name, {"metal": m.value}) for m in game.active.flared]


def _combat(game: Game) -> list[Offered]:
    """Damage is gained from the turn's cards until the attack on players or the Lord
    Ruler's card (R-DBG-11)."""
    if not _current(game) or game.turn.attacked or not _cards_on(game):
        return []
    return _mine(game)


def _ally(game: Game) -> list[Offered]:
    """Competitive, before the attack on players, with damage left (R-DBG-11); its
    amount is the Ally's Defense, on the table."""
    if (not _current(game) or game.mode is not Mode.COMPETITIVE or game.turn.attacked
            or not game.turn.damage):
        return []
    return _mine(game)


def _collective(game: Game) -> list[Offered]:
    """An Edict's or an Adversary's shared damage, where there is a Lord Ruler
    (R-DBG-2)."""
    return _mine(game) if _lord(game) is not None else []


# --- the Lord Ruler (co-op and solo: R-DBG-2, R-DBG-6, R-DBG-7) ---------------------------


def _lord_ruler(game: Game) -> list[Offered]:
    """The turn's damage at the Lord Ruler, all of it likely, before his card is drawn
    (R-DBG-2, R-DBG-11); his healing, by an effect."""
    if _lord(game) is None:
        return []
    heal = _mine(game, action="heal")
    if not game.tracks_training:
        return [*_mine(game, action="attack"), *heal]
    if not game.turn.damage or not _cards_on(game):
        return heal
    return [*_mine(game, action="attack", amount=str(game.turn.damage)), *heal]


def _dominance(game: Game) -> list[Offered]:
    """A row of the Dominance track revealed by an effect: what it shows is on the
    table (R-DBG-2)."""
    return _mine(game) if _lord(game) is not None else []


def _draw(game: Game) -> bool:
    """The turn's Lord Ruler card is still to draw, and there is one (R-DBG-2, R-DBG-7;
    see the module's rulings)."""
    lord = _lord(game)
    return lord is not None and lord.deck > 0 and game.turn.drawn == 0


def _edict(game: Game) -> list[Offered]:
    """The turn's card, an Edict: likely one row down the track, showing the
    Dominance as it is (the card and the row are the table's) (R-DBG-2)."""
    if not _draw(game):
        return []
    return _mine(game, ups=1, below=0, rows=(str(dominance(game)),))


def _adversary(game: Game) -> list[Offered]:
    """The turn's card, an Adversary: its name and shields are the table's (R-DBG-6)."""
    return _mine(game) if _draw(game) else []


def _shield(game: Game) -> list[Offered]:
    """Each Adversary in play, any player's (R-DBG-6): its next shield destroyed with
    the damage it needs while the turn has that much (R-DBG-11), or removed by a
    kill-an-Ally effect, before the Lord Ruler's card is drawn."""
    lord = _lord(game)
    if lord is None or not _cards_on(game):
        return []
    offered: list[Offered] = []
    for adversary in lord.adversaries:
        which = str(adversary.number)
        need = shield_value(adversary.next_shield, lord.dominance)
        if not game.tracks_training or need <= game.turn.damage:
            offered += _mine(game, which=which, amount=str(need))
        offered += _mine(game, which=which, kill=True)
    return offered


def _end_turn(game: Game) -> list[Offered]:
    """Any time, but where the Lord Ruler's card is to draw first: with none left to
    draw, ending the turn loses the game (R-DBG-2, R-DBG-7)."""
    if not _open(game) or _draw(game):
        return []
    return [Offered(game.active.name)]


OFFERS: Final[dict[str, Offer]] = {
    "damage": _health, "heal": _health, "points": _turn, "spend": _spend,
    "sense": _sense, "attack": _attack, "target": _target, "pass": _pass,
    "coins": _turn, "boxings": _boxings, "atium": _atium, "confront": _confront,
    "train": _training, "burns": _training, "burn": _burn, "flare": _flare,
    "refresh": _refresh, "combat": _combat, "ally": _ally, "collective": _collective,
    "lord": _lord_ruler, "dominance": _dominance, "edict": _edict,
    "adversary": _adversary, "shield": _shield, "end-turn": _end_turn}
"""Each step's offer, by its table name."""


def offer(step: str, state: Game) -> Sequence[Offered]:
    """The ways the step called ``step`` (its table name) is offered now."""
    return OFFERS[step](state)
