"""What each step of the Deckbuilding Game's table builds (:mod:`.step_table`): the
words a player typed, read against the game as it stands when written (another phone
may have written first), made into the events the rules then judge (R-DBG-1..11).

Each function takes the game and the step's values by parameter name, as every door
gives them (:data:`core.steps.Values`): numbers still as typed, so that a malformed one
is refused in the library's words and the game's language (R-DBG-8); who acts, when
not named, is the player whose turn it is.
"""

from __future__ import annotations

from boardgames.deckbuilding import typed
from boardgames.deckbuilding.collective import collective as split_damage
from boardgames.deckbuilding.events import (
    MAX_DOMINANCE,
    Attack,
    AttackAlly,
    AttackLordRuler,
    Burn,
    BuyBoxings,
    CashBoxings,
    ChooseTarget,
    Confrontation,
    Damage,
    DominanceUp,
    DrawAdversary,
    Edict,
    EndTurn,
    Event,
    Flare,
    GainBurns,
    GainCoins,
    GainDamage,
    GainMission,
    GainTokens,
    Heal,
    HealLordRuler,
    HitShield,
    PassTarget,
    Refresh,
    RemoveShield,
    Sense,
    SpendCoins,
    SpendMission,
    Token,
    Train,
    UseAtium,
)
from boardgames.deckbuilding.state import Game
from boardgames.deckbuilding.text import bad_value
from core.steps import Values

__all__ = ["build"]


def _count(v: Values, name: str, rule: str, low: int = 1, high: int | None = None) -> int:
    """The number given as ``name`` (``1`` when an optional count is left out). Its
    refusal carries no parameter: the command line words an optional argument in
    brackets, as its usage shows it, which reads badly after a refusal (``([N])``)."""
    given = v[name]
    return typed.whole("1" if given is None else str(given), name, rule, low, high)


def _amount(v: Values, field: str, rule: str) -> int:
    """The number given as the step's ``amount``, named ``field`` if refused."""
    return typed.whole(v["amount"], field, rule, param="amount")


def _who(state: Game, v: Values) -> str:
    return typed.active_or(state, v["who_acts"])


# --- health, Mission points, attacks and the Target (R-DBG-1, R-DBG-3, R-DBG-4) ---------


def damage(state: Game, v: Values) -> list[Event]:
    n = _amount(v, "amount", "R-DBG-1")
    return [Damage(typed.player(state, v["name"]), n)]


def heal(state: Game, v: Values) -> list[Event]:
    n = _amount(v, "amount", "R-DBG-1")
    return [Heal(typed.player(state, v["name"]), n)]


def points(state: Game, v: Values) -> list[Event]:
    n = _amount(v, "points", "R-DBG-3")
    return [GainMission(_who(state, v), n)]


def spend(state: Game, v: Values) -> list[Event]:
    return [SpendMission(_who(state, v), typed.mission_split(state, v["split"]))]


def sense(state: Game, v: Values) -> list[Event]:
    n = _amount(v, "amount", "R-DBG-3")
    by = v["by"]
    return [Sense(_who(state, v), n, None if by is None else typed.player(state, by))]


def attack(state: Game, v: Values) -> list[Event]:
    n = _amount(v, "amount", "R-DBG-4")
    return [Attack(_who(state, v), n, typed.blocked(state, v["blocked"]))]


def target(state: Game, v: Values) -> list[Event]:
    n = typed.whole(v["blocked"], "blocked", "R-DBG-4", 0, param="blocked")
    return [ChooseTarget(typed.player(state, v["name"]), n)]


def pass_target(state: Game, v: Values) -> list[Event]:
    return [PassTarget(typed.player(state, v["name"]))]


# --- coins, Boxings, Atium, Confrontation (R-DBG-5, R-DBG-7) ----------------------------


def coins(state: Game, v: Values) -> list[Event]:
    amount: str = v["amount"]
    n = typed.whole(amount.lstrip("-"), "amount", "R-DBG-5", param="amount")
    kind = SpendCoins if amount.startswith("-") else GainCoins
    return [kind(_who(state, v), n)]


def boxings(state: Game, v: Values) -> list[Event]:
    n, who = _count(v, "count", "R-DBG-5"), _who(state, v)
    if v["action"] == "buy":
        return [BuyBoxings(who, n)]
    if v["action"] == "cash":
        return [CashBoxings(who, n)]
    return [GainTokens(who, Token.BOXING, n)]


def atium(state: Game, v: Values) -> list[Event]:
    n, who = _count(v, "count", "R-DBG-5"), _who(state, v)
    return [GainTokens(who, Token.ATIUM, n) if v["action"] == "gain" else UseAtium(who, n)]


def confront(state: Game, v: Values) -> list[Event]:
    n = typed.whole(v["tokens"], "atium", "R-DBG-7", 0, param="tokens")
    return [Confrontation(_who(state, v), n)]


# --- Training, metals and the turn's damage (R-DBG-2, R-DBG-9..11) ----------------------


def train(state: Game, v: Values) -> list[Event]:
    return [Train(_who(state, v), _count(v, "steps", "R-DBG-9", 1, 40))]


def burns(state: Game, v: Values) -> list[Event]:
    return [GainBurns(_who(state, v), _count(v, "count", "R-DBG-10", 1, 8), v["lasting"])]


def burn(state: Game, v: Values) -> list[Event]:
    if v["metal"].strip().lower() == "atium":
        return [UseAtium(_who(state, v))]
    return [Burn(_who(state, v), typed.metal(v["metal"]))]


def flare(state: Game, v: Values) -> list[Event]:
    return [Flare(_who(state, v), typed.metal(v["metal"]))]


def refresh(state: Game, v: Values) -> list[Event]:
    return [Refresh(_who(state, v), typed.metal(v["metal"]))]


def combat(state: Game, v: Values) -> list[Event]:
    return [GainDamage(_who(state, v), _amount(v, "amount", "R-DBG-11"))]


def ally(state: Game, v: Values) -> list[Event]:
    return [AttackAlly(_who(state, v), _amount(v, "amount", "R-DBG-11"))]


def collective(state: Game, v: Values) -> list[Event]:
    n = _amount(v, "amount", "R-DBG-2")
    split = v["split"]
    return list(split_damage(state, n, typed.shares(state, split) if split else None))


# --- the Lord Ruler (co-op and solo: R-DBG-2, R-DBG-6, R-DBG-7) --------------------------


def lord(state: Game, v: Values) -> list[Event]:
    n = _amount(v, "amount", "R-DBG-2")
    if v["action"] == "heal":
        return [HealLordRuler(n)]
    return [AttackLordRuler(_who(state, v), n)]


def dominance(state: Game, v: Values) -> list[Event]:
    return [DominanceUp(typed.whole(v["shown"], "shown", "R-DBG-2", 0, MAX_DOMINANCE,
                                   param="shown"))]


def edict(state: Game, v: Values) -> list[Event]:
    return [Edict(v["ups"], typed.rows(v["rows"]), v["below"])]


def adversary(state: Game, v: Values) -> list[Event]:
    return [DrawAdversary(v["name"], typed.shields(v["shields"]))]


def shield(state: Game, v: Values) -> list[Event]:
    amount, kill = v["amount"], v["kill"]
    if kill == (amount is not None):
        raise bad_value("bad.number", "R-DBG-6", field="damage", value=repr(amount),
                        low=1, high=999)
    # No param, as for an optional count (_count): the door would say "([DAMAGE])".
    done = None if amount is None else typed.whole(amount, "damage", "R-DBG-6")
    number, who = typed.adversary(state, v["which"]), _who(state, v)
    if done is None:
        return [RemoveShield(who, number)]
    return [HitShield(who, number, done)]


def end_turn(state: Game, v: Values) -> list[Event]:
    return [EndTurn()]


_BUILDS = {"damage": damage, "heal": heal, "points": points, "spend": spend,
           "sense": sense, "attack": attack, "target": target, "pass": pass_target,
           "coins": coins, "boxings": boxings, "atium": atium, "confront": confront,
           "train": train, "burns": burns, "burn": burn, "flare": flare,
           "refresh": refresh, "combat": combat, "ally": ally, "collective": collective,
           "lord": lord, "dominance": dominance, "edict": edict, "adversary": adversary,
           "shield": shield, "end-turn": end_turn}


def build(step: str, state: Game, values: Values) -> list[Event]:
    """The events of the step called ``step`` (its table name) with ``values``."""
    return _BUILDS[step](state, values)
