"""The Deckbuilding Game's table of steps (R-DBG-1..11): every step that moves a dial,
a track or a token, declared once; the ``deckbuilding`` commands, the player shell's
verbs, Tab completion, the help listings and who may take each are made from it
(:mod:`core.steps`).

Each step's words are read by the grammar of :mod:`.steps`, imported when a step is
built (listing the steps loads no rule), and the rules judge the events as they judge
any other. The player whose turn it is takes every step (R-DBG-1) but two: the Target's
holder passes it on, on the attacker's turn (R-DBG-4), and the Target given after its
holder fell is the host's.

Each step's ``offer`` says when the rules allow it now, for whom and with what likely
values (:mod:`.offers`, imported when asked, as the grammar is), so that the table
offers what may be done now (:func:`options`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

from core.names import name_key
from core.steps import Kind, Offered, Option, Param, Step, Steps, Values, Who

if TYPE_CHECKING:
    from boardgames.deckbuilding.events import Event
    from boardgames.deckbuilding.state import Game

__all__ = ["METAL_WORDS", "STEPS", "options"]

METAL_WORDS: Final = ("tin", "pewter", "iron", "steel", "zinc", "brass", "copper", "bronze")
"""The metal tokens as typed, in the board's order (R-DBG-10)."""


# --- what each word may be, read from the game as it stands -----------------------------


def _players(state: Game | None, typed: str) -> Sequence[str]:
    return [player.name for player in state.players] if state is not None else ()


def _others(state: Game | None, typed: str) -> Sequence[str]:
    """The players but the one whose turn it is (who a Target goes to)."""
    if state is None or not state.players:
        return ()
    return [p.name for p in state.players if p is not state.active and p.alive]


def _pairs(state: Game | None, typed: str) -> Sequence[str]:
    return [f"{name}=" for name in _players(state, typed)]


def _missions(state: Game | None, typed: str) -> Sequence[str]:
    """A Mission by number or name, before its points (``1=2``, ``pits=1``)."""
    if state is None:
        return ()
    return [*(f"{n}=" for n in range(1, len(state.missions) + 1)),
            *(f"{m.name}=" for m in state.missions if m.name)]


def _metals(state: Game | None, typed: str) -> Sequence[str]:
    return METAL_WORDS


def _burnable(state: Game | None, typed: str) -> Sequence[str]:
    return (*METAL_WORDS, "atium")


def _adversaries(state: Game | None, typed: str) -> Sequence[str]:
    """The Adversaries in play, by number and by name."""
    if state is None or state.lord_ruler is None:
        return ()
    found = state.lord_ruler.adversaries
    return [*(str(a.number) for a in found), *(a.name for a in found)]


def _holds_target(state: Game, seat: str) -> bool:
    """Whether ``seat`` holds the Target (R-DBG-4)."""
    return state.target is not None and name_key(
        state.players[state.target].name) == name_key(seat)


# --- the parameters many steps share -------------------------------------------------------


def _as_typed(step: Step[Game], values: Values) -> dict[str, Any]:
    """``values`` as a door gives them: a whole number given for words (``amount=5``,
    by a program) as the words typed (``"5"``), a number parameter's as it is."""

    def typed(value: Any) -> Any:
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        if isinstance(value, (tuple, list)):
            return tuple(typed(item) for item in value)
        return value

    numbers = {p.name for p in step.params if p.kind in (Kind.NUMBER, Kind.FLAG)}
    return {name: value if name in numbers else typed(value)
            for name, value in values.items()}


def _grammar(name: str) -> Callable[[Game, Values], Sequence[Event]]:
    def build(state: Game, values: Values) -> Sequence[Event]:
        from boardgames.deckbuilding import steps

        return steps.build(name, state, _as_typed(STEPS[name], values))

    return build


def _offer(name: str) -> Callable[[Game], Sequence[Offered]]:
    def offer(state: Game) -> Sequence[Offered]:
        from boardgames.deckbuilding import offers

        return offers.offer(name, state)

    return offer


def _step(name: str, summary: str, *params: Param, **fields: Any) -> Step[Game]:
    return Step(name, summary, _grammar(name), params, offer=_offer(name), **fields)


WHO_ACTS: Final = Param("who_acts", "Who acts (default: the player whose turn it is).",
                        Kind.NAME, option="player", short="p", metavar="NAME", seat=True,
                        complete=_players)
"""``{who_acts}``: who acts, the player whose turn it is unless named; at a phone, only
the player's own seat (R-DBG-1)."""


def _n(name: str = "amount", help_text: str = "How many.") -> Param:
    return Param(name, help_text, positional=True, required=True, metavar="N")


def _count(help_text: str) -> Param:
    return Param("count", help_text, positional=True, metavar="[N]")


def _player(help_text: str, *, seat: bool = False,
            complete: Callable[[Any, str], Sequence[str]] = _players) -> Param:
    return Param("name", help_text, Kind.NAME, positional=True, required=True,
                 metavar="PLAYER", seat=seat, complete=complete)


def _metal(name: str, summary: str, help_text: str, *, atium: bool = False) -> Step[Game]:
    return _step(name, summary,
                 Param("metal", "The metal token (any unique beginning).", Kind.NAME,
                       positional=True, required=True, metavar="METAL",
                       complete=_burnable if atium else _metals),
                 WHO_ACTS, help=help_text)


_ACTIONS = {"boxings": ("buy", "cash", "gain"), "atium": ("gain", "use"),
            "lord": ("attack", "heal")}


def _action(step: str) -> Param:
    return Param("action", "What is done.", Kind.CHOICE, positional=True, required=True,
                 choices=_ACTIONS[step])


# --- the table ----------------------------------------------------------------------------


_HEALTH = (
    _step("damage", "A player takes damage (not an attack).",
          _player("Who takes it.", seat=True), _n(),
          help="PLAYER takes N damage that is not a player's attack: the Lord Ruler, an "
               "Adversary, a card (R-DBG-1). At 0 the player is out."),
    _step("heal", "A player heals (never above 40).", _player("Who heals.", seat=True),
          _n(), help="PLAYER heals N; health never exceeds 40 (R-DBG-1)."),
    _step("points", "The active player gains Mission points.", _n(), WHO_ACTS,
          help="The player whose turn it is gains N Mission points; a Sense played this "
               "turn cancels them first (R-DBG-3)."),
    _step("spend", "Spend Mission points on the 3 tracks.",
          Param("split", "Points per Mission.", Kind.NAME, positional=True, many=True,
                required=True, metavar="POINTS…", complete=_missions), WHO_ACTS,
          help="Spend Mission points on the 3 tracks (R-DBG-3): three numbers, one per "
               "Mission (spend 2 1 0), or MISSION=POINTS with a Mission's number or name "
               "(spend 1=2 3=1). A cube in the start area goes onto the lowest step with "
               "its first point."),
    _step("sense", "Sense N cancels Mission points this turn.", _n(),
          Param("by", "Who played it (default: an effect).", Kind.NAME, metavar="PLAYER",
                complete=_players), WHO_ACTS,
          help="Sense N on the player whose turn it is: it cancels N of their Mission "
               "points this turn, unspent ones first, later ones as they come (R-DBG-3)."),
    _step("attack", "The active player's damage at players.", _n(),
          Param("blocked", "Damage that never reached a player's health (Cloud, Defender "
                           "allies): marsh=2.", Kind.NAME, short="b", many=True,
                metavar="PLAYER=N…", complete=_pairs), WHO_ACTS,
          help="The active player's N damage at players, used once at the end of the "
               "turn (R-DBG-4): at the Target's holder; from the holder, in full at "
               "everyone else; without the Target, at the one opponent."),
    _step("target", "Give the Target after its holder fell.",
          _player("Who takes the Target.", complete=_others),
          Param("blocked", "Leftover damage that never reached PLAYER's health.",
                short="b", default="0", metavar="N"),
          who=Who.HOST,
          help="After the Target's holder was eliminated, give the Target to PLAYER, who "
               "takes the leftover damage (R-DBG-4)."),
    _step("pass", "The holder passes the Target.",
          _player("Who takes the Target.", complete=_others),
          who=Who.SEAT, may=_holds_target, rule="R-DBG-4",
          help="The Target's holder passes it to PLAYER: allowed once another player's "
               "damage reached their health this turn and all of it is used (R-DBG-4)."),
)

_TOKENS = (
    _step("coins", "Coins this turn: gain N, spend -N.", _n(), WHO_ACTS,
          help="Coins for this turn: gain N, or spend N with -N (R-DBG-5). Coins don't "
               "carry over."),
    _step("boxings", "Buy, cash or gain Boxings.", _action("boxings"),
          _count("How many (default: 1)."), WHO_ACTS,
          help="Boxings (R-DBG-5): buy N for 2 coins each, cash N for 1 coin each, or "
               "gain N from an effect. They never expire."),
    _step("atium", "Gain or use Atium tokens.", _action("atium"),
          _count("How many (default: 1)."), WHO_ACTS,
          help="Atium tokens (R-DBG-5): gain N, or use N (each once); in a player's own "
               "turn each token used takes one of the turn's Burns (R-DBG-10)."),
    _step("confront", "4 Atium on Confrontation: a win.",
          Param("tokens", "How many of the 4 are Atium tokens (the rest: Atium cards).",
                option="atium", default="4", metavar="N"), WHO_ACTS,
          help="The active player plays 4 Atium on Confrontation and wins (co-op: "
               "everyone wins) (R-DBG-7)."),
)

_METALS = (
    _step("train", "Train: up the Training track.",
          Param("steps", "How many steps (default: 1).", positional=True, metavar="[N]"),
          WHO_ACTS,
          help="A Train effect (a card, a Mission) moves the active player's cube N steps "
               "up the Training track; rewards reached are gained at once: Burns, "
               "abilities, Atium (R-DBG-9). The move at the start of each turn is made by "
               "itself."),
    _step("burns", "More Burns: this turn, or {lasting}.",
          _count("How many more (default: 1)."),
          Param("lasting", "For every turn from now (a permanent Mission reward), not this "
                           "turn only.", Kind.FLAG, default=False), WHO_ACTS,
          help="The active player may Burn N more metal tokens this turn (a card), or "
               "every turn with {lasting} (R-DBG-10)."),
    _metal("burn", "Burn a metal token (or atium).", "Burn the METAL token (tin, pewter, "
                   "iron, steel, zinc, brass, copper, bronze; any unique beginning), within "
                   "the Burns allowed this turn; each token once a turn (R-DBG-10). burn "
                   "atium uses an Atium token, which takes a Burn too.", atium=True),
    _metal("flare", "Flare a metal token past the Burns.", "Flare the METAL token: used "
                    "beyond the Burns allowed, it stays flipped after the turn until "
                    "refreshed; Atium can't be Flared (R-DBG-10)."),
    _metal("refresh", "Refresh a Flared metal token.", "Refresh the Flared METAL token (a "
                      "card of its pairing discarded, or a refresh effect); used this turn "
                      "already, it is not used again this turn (R-DBG-10)."),
    _step("combat", "Damage points gained this turn.", _n(), WHO_ACTS,
          help="The active player gains N damage points from the turn's cards. They are "
               "used after the cards, on Allies (ally), shields and the Lord Ruler "
               "(shield, lord attack), then players (attack): never more than gained; the "
               "rest is lost at the end of the turn; after the attack on players none is "
               "gained, and after the Lord Ruler card none is used (R-DBG-11)."),
    _step("ally", "Use damage on another player's Ally.", _n(), WHO_ACTS,
          help="The active player uses N of the turn's damage on another player's Ally (at "
               "least its Defense), before attacking players; competitive games only "
               "(R-DBG-11)."),
    _step("collective", "Shared damage split among players.", _n(),
          Param("split", "Each player's share.", Kind.NAME, positional=True, many=True,
                metavar="[PLAYER=N…]", complete=_pairs),
          help="Collective (shared) damage N of an Edict or an Adversary, split among the "
               "players in the game as they choose (vin=6 kel=4), adding up to N; without "
               "a split, as evenly as it goes from the player whose turn it is (R-DBG-2)."),
)

_LORD_RULER = (
    _step("lord", "Co-op: damage or heal the Lord Ruler.", _action("lord"), _n(), WHO_ACTS,
          help="The Lord Ruler takes N damage from the active player (at 0 the players "
               "win), or heals N by an effect, never above 48 (R-DBG-2)."),
    _step("dominance", "Co-op: Dominance up one row.",
          Param("shown", "What the new row shows.", positional=True, required=True,
                metavar="ROW"),
          help="The Lord Ruler card slides one row down the Dominance track; ROW is the "
               "number the new row shows, or 0 for a one-time attack (enter its damage "
               "with damage) (R-DBG-2). Dominance is the highest number shown, at most 6."),
    _step("edict", "Co-op: an Edict drawn and resolved.",
          Param("ups", "How many times it moves Dominance up (default: 1).", Kind.NUMBER,
                default=1, low=0, high=2, metavar="N"),
          Param("below", "Times more with fewer than 4 players.", Kind.NUMBER,
                option="below-4", default=0, low=0, high=2, metavar="N"),
          Param("rows", "What each row revealed shows (0: a one-time attack).", many=True,
                metavar="ROW…"),
          help="The active player draws an Edict, resolved in order (R-DBG-2): Dominance "
               "up ({ups}, and {below} with fewer than 4 players; {rows}: what each row "
               "shows), its extra effect (on the table), the Lord Ruler heals 10 per "
               "Mission no one has completed, 2 Market cards cleared (on the table)."),
    _step("adversary", "Co-op: an Adversary drawn.",
          Param("name", "The Adversary's name.", positional=True, required=True),
          Param("shields", "Its shields, left to right.", positional=True, many=True,
                required=True, metavar="SHIELD…"),
          help="The active player draws the Adversary NAME and places it before them, "
               "with its 1–3 SHIELDs left to right: numbers, or X for the Dominance "
               "(R-DBG-6)."),
    _step("shield", "Co-op: destroy an Adversary's shield.",
          Param("which", "The Adversary, by number or name.", Kind.NAME, positional=True,
                required=True, metavar="ADVERSARY", complete=_adversaries),
          Param("amount", "The damage used.", positional=True, metavar="[DAMAGE]"),
          Param("kill", "A kill-an-Ally effect removes the shield instead.", Kind.FLAG,
                default=False),
          WHO_ACTS,
          help="Destroy the leftmost standing shield of ADVERSARY (its number or name) "
               "with DAMAGE, at least the shield's value (X: the Dominance), or with "
               "{kill} (R-DBG-6). The last shield down defeats it."),
)

STEPS: Final[Steps[Game]] = Steps("deckbuilding", "R-DBG-1", (
    *_HEALTH, *_TOKENS, *_METALS, *_LORD_RULER,
    _step("end-turn", "End the turn; the next player's.", rank=1,
          help="End the turn: Mission points and Sense lapse, coins go, and the next "
               "player alive takes theirs. In co-op, first draw the Lord Ruler's card and "
               "record it with edict or adversary; with none left to draw the players "
               "lose (R-DBG-7)."),
))
"""Every step of a Deckbuilding Game, in the order every listing of them shows them."""


def options(state: Game) -> tuple[Option[Game], ...]:
    """Every step the game offers now (R-DBG-1..11), each way it is offered, in the
    order of the game's listings: ``option.name`` the step, ``option.seat`` who takes it
    (a player's name, or ``None`` for the host), ``option.values`` its likely values and
    ``option.needs`` what only the table knows (the damage, coins or Mission points the
    cards gave). ``option.events(amount=5)`` builds the events to push, which the rules
    accept as the game stood when offered::

        for option in dbg.options(game.state):
            if option.name == "end-turn":
                for event in option.events():
                    game.push(event)

    None before the set-up, after the end, and only the Target's new holder while its
    old holder's fall waits for one (R-DBG-4)."""
    return STEPS.options(state)
