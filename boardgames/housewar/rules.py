"""House War's rules: the pure :func:`apply` that validates an event against the state
and returns the next state (R-HW-1..5).

Each event class has one handler here; a refused event raises
:class:`~boardgames.errors.RuleViolation` (naming the rule) or
:class:`~boardgames.errors.BadValue` before anything is built, so nothing changes. The
public face of the game is :mod:`boardgames.housewar`.
"""

from __future__ import annotations

import attrs

from boardgames.errors import BadValue, RuleViolation, shown
from boardgames.housewar import events as ev
from boardgames.housewar import income, timer
from boardgames.housewar.changes import (
    _check_active,
    _end,
    _gain,
    _give,
    _land,
    _set_card,
    _set_house,
    _step4_ready,
    _steps_1_2_done,
    _take,
)
from boardgames.housewar.events import DESTROYED, SUPPLY, key
from boardgames.housewar.pay import cheapest_payment, explain_payment, shortfall
from boardgames.housewar.resources import NOTHING, Resources, starting_supply
from boardgames.housewar.state import (
    UNREST_END,
    Card,
    Close,
    End,
    House,
    Phase,
    State,
    Turn,
    is_vin,
)
from boardgames.housewar.track import (
    Track,
    enter,
    enter_highest,
    enter_lowest,
    move,
    move_to,
    numeral,
    rows_for,
)
from boardgames.session import Handlers

__all__ = ["apply"]


# --- the events ------------------------------------------------------------------------


def _start(state: State, event: ev.Start) -> State:
    names = event.names
    return State(phase=Phase.SETUP, setup_collection=event.setup_collection, rules=event.rules,
                 players=event.players, length=event.length,
                 houses=tuple(House(name) for name in names),
                 supply=starting_supply(event.players),
                 track=Track.empty(rows_for(event.players)),
                 turn=Turn(active=event.first_index))


def _problem_card(state: State, event: ev.AddProblem) -> tuple[State, Card]:
    """The card ``event`` adds, checked against what the game knows of it, and the
    state with it taken off the deck top or the discard."""
    card = state.card(event.name)
    if card is None:
        if state.deck_top:
            raise RuleViolation(f"the next Problem drawn is {state.deck_top[-1]}, put back "
                                f"on top of the deck, not {shown(event.name)}", rule="R-HW-2")
        if event.urgency is None:
            raise BadValue(f"give {event.name}'s starting Urgency (I–IV, top left of the "
                           f"card)", rule="R-HW-2", param="urgency")
        card = Card(event.name, event.urgency, event.cost, event.favor)
        return _set_card(state, card), card
    if event.urgency is not None and event.urgency != card.start:
        raise RuleViolation(f"{card.name} starts at Urgency {numeral(card.start)}, not "
                            f"{numeral(event.urgency)}", rule="R-HW-2")
    if event.cost is not None and card.cost is not None and event.cost != card.cost:
        raise RuleViolation(f"{card.name}'s printed cost was given as {card.cost.text()}, "
                            f"not {event.cost.text()}", rule="R-HW-2")
    if event.favor is not None and card.favor is not None and event.favor != card.favor:
        raise RuleViolation(f"{card.name}'s printed Favor was given as {card.favor}, not "
                            f"{event.favor}", rule="R-HW-2")
    card = attrs.evolve(card, cost=card.cost if card.cost is not None else event.cost,
                        favor=card.favor if card.favor is not None else event.favor)
    state = _set_card(state, card)
    if state.track.column_of(card.name) is not None:
        raise RuleViolation(f"{card.name} is already on the board, at Urgency "
                            f"{numeral(state.urgency(card.name))}", rule="R-HW-2")
    if card.name in state.deck_top:
        if state.deck_top[-1] != card.name:
            raise RuleViolation(f"{card.name} is under {state.deck_top[-1]} on the Problem "
                                f"deck: {state.deck_top[-1]} is drawn first", rule="R-HW-2")
        return attrs.evolve(state, deck_top=state.deck_top[:-1]), card
    # Back from the discard: only an effect returns a card (Kelsier returns after
    # erupting); a draw takes the top of the deck.
    if event.reason is not ev.Reason.EFFECT:
        raise RuleViolation(f"{card.name} has been {state.where(card.name)}: a "
                            f"{event.reason.value} draw takes a new card", rule="R-HW-2")
    if card.name in state.erupted:
        return attrs.evolve(state, erupted=tuple(n for n in state.erupted
                                                 if n != card.name)), card
    return attrs.evolve(state, solved=tuple(n for n in state.solved if n != card.name)), card


def _add_problem(state: State, event: ev.AddProblem) -> State:
    turn = state.turn
    if event.reason is ev.Reason.SETUP:
        if state.phase is not Phase.SETUP:
            raise RuleViolation("starting Problems are placed during set-up only",
                                rule="R-HW-2")
        if state.setup_problems >= state.players:
            raise RuleViolation(f"set-up places 1 Problem per player: all "
                                f"{state.players} are placed", rule="R-HW-2")
    elif state.phase is Phase.SETUP:
        raise RuleViolation(f"during set-up Problems are added as set-up Problems "
                            f"({state.setup_problems} of {state.players} placed)",
                            rule="R-HW-2")
    elif event.reason is ev.Reason.TURN:
        _steps_1_2_done(state, "adding the turn's Problem (step 3)")
        if not state.problems_needed:
            raise RuleViolation(f"step 3 is done ({_problems(len(state.track))} on the "
                                f"board): add Problems an eruption or card calls for as "
                                f"effects", rule="R-HW-2")
        state = attrs.evolve(state, turn=attrs.evolve(
            turn, to_move=() if turn.to_move is None else turn.to_move,
            draws=turn.draws + 1))
    state, card = _problem_card(state, event)
    if event.reason is ev.Reason.SETUP:
        state = attrs.evolve(state, setup_problems=state.setup_problems + 1)
    if event.place is ev.Place.HIGHEST:
        landing = enter_highest(state.track, card.name)
    elif event.place is ev.Place.LOWEST:
        landing = enter_lowest(state.track, card.name)
    else:
        landing = enter(state.track, card.name, card.start)
    return _land(state, card.name, landing)


def _worsen(state: State, event: ev.Worsen) -> State:
    name = state.on_board(event.problem)
    if not state.turn.collected:
        raise RuleViolation(f"{state.active.name} collects income (step 1) before "
                            f"Problems worsen (step 2)", rule="R-HW-5")
    if state.turn.draws:
        raise RuleViolation("step 2 is over: the turn's new Problem is on the board",
                            rule="R-HW-2")
    pending = state.to_move
    if name not in pending:
        raise RuleViolation(f"{name} has already moved this turn, or was not on the board "
                            f"when step 2 began (still to move: "
                            f"{', '.join(pending) or 'none'})", rule="R-HW-2")
    state = attrs.evolve(state, turn=attrs.evolve(
        state.turn, to_move=tuple(n for n in pending if n != name)))
    return _land(state, name, move(state.track, name, +1))


def _move_problem(state: State, event: ev.MoveProblem) -> State:
    name = state.on_board(event.problem)
    if event.to is None:
        landing = move(state.track, name, event.by)
    else:
        landing = move_to(state.track, name, highest=event.to is ev.Place.HIGHEST)
    return _land(state, name, landing)


def _pass(state: State, event: ev.Pass) -> State:
    _check_active(state, event.house, "R-HW-5")
    _step4_ready(state, "pass")
    if event.take is not None:
        if not state.supply[event.take]:
            raise RuleViolation(f"the supply has no {event.take.title} left: take another "
                                f"kind or a Personality card", rule="R-HW-5")
        one = Resources.of({event.take: 1})
        state = _give(attrs.evolve(state, supply=state.supply - one), event.house, one)
    return attrs.evolve(state, turn=attrs.evolve(state.turn, closed=Close.PASSED))


def _pay_share(state: State, share: ev.Share) -> tuple[State, Resources]:
    house = state.house(share.house)
    spent = share.spent
    if spent is None:
        payment = cheapest_payment(house.resources, share.covers)
        if payment is None:
            raise RuleViolation(
                f"{house.name} cannot pay {share.covers.text()} alone from "
                f"{house.resources.text()}: short "
                f"{_tokens(shortfall(house.resources, share.covers))}; Houses never "
                f"pool tokens to convert", rule="R-HW-4")
        spent = payment.spent
    else:
        explain_payment(spent, share.covers)
    state = _take(state, house.name, spent, rule="R-HW-4")
    return attrs.evolve(state, supply=state.supply + spent), spent


def _solve(state: State, event: ev.Solve) -> State:
    name = state.on_board(event.problem)
    _step4_ready(state, "make a deal")
    card = state.card(name)
    assert card is not None
    covered = sum((share.covers for share in event.shares), NOTHING)
    cost = card.cost_now
    if cost is not None and covered != cost:
        raise RuleViolation(f"the shares pay {covered.text()}, but {name} costs "
                            f"{cost.text()} now", rule="R-HW-4")
    promised = sum(award.favor for award in event.awards)
    if card.favor is not None and promised != card.favor:
        raise RuleViolation(f"the awards share {promised} Favor, but {name} gives "
                            f"{card.favor}", rule="R-HW-3")
    for share in event.shares:
        state, _ = _pay_share(state, share)
    for award in event.awards:
        # R-HW-3: the solved card is still in play when Favor is awarded (it is
        # discarded last), so solving the Lord Ruler itself earns double.
        state = _gain(state, award.house, award.favor, 0, doubled=True, source=name,
                      how="deal")
    state = attrs.evolve(state, track=state.track.remove(name),
                         solved=(*state.solved, name),
                         turn=attrs.evolve(state.turn, closed=Close.SOLVED))
    return _end(state, End.VIN_SOLVED) if is_vin(name) else state


def _no_deal(state: State, event: ev.NoDeal) -> State:
    state.on_board(event.problem)
    _step4_ready(state, "make a deal")
    return attrs.evolve(state, turn=attrs.evolve(state.turn, closed=Close.NO_DEAL))


def _end_turn(state: State, _event: ev.EndTurn) -> State:
    if state.turn.closed is None:
        _step4_ready(state, "end the turn")
        raise RuleViolation(f"{state.active.name} passes or makes a deal (step 4) before "
                            f"the turn ends", rule="R-HW-5")
    # R-HW-4: cost changes last until the end of the turn.
    cards = tuple(attrs.evolve(c, lowered=NOTHING, raised=NOTHING) if c.lowered or c.raised
                  else c for c in state.cards)
    active = (state.turn.active + 1) % state.players
    return attrs.evolve(state, cards=cards, turn=Turn(number=state.turn.number + 1,
                                                      active=active))


def _change_cost(state: State, event: ev.ChangeCost) -> State:
    name = state.on_board(event.problem)
    card = state.card(name)
    assert card is not None
    if card.cost is None:
        raise RuleViolation(f"{name}'s printed cost is not known: give it when the "
                            f"Problem is added", rule="R-HW-4")
    lowerable = card.cost - card.cost.cap(card.lowered)  # reducers lower printed icons
    if event.lowered and not lowerable.cap(event.lowered):
        raise RuleViolation(f"{name}'s printed cost has no {_kinds(event.lowered)} left to "
                            f"lower (it costs {_cost_text(card)} now)", rule="R-HW-4")
    return _set_card(state, attrs.evolve(card, lowered=card.lowered + event.lowered,
                                         raised=card.raised + event.raised))


def _tokens(number: int) -> str:
    return f"{number} token{'' if number == 1 else 's'}"


def _problems(number: int) -> str:
    return f"{number} Problem{'' if number == 1 else 's'}"


def _kinds(tokens: Resources) -> str:
    return " or ".join(kind.title for kind, _ in tokens)


def _cost_text(card: Card) -> str:
    cost = card.cost_now
    return "nothing" if not cost else cost.text()


def _unrest(state: State, event: ev.AddUnrest) -> State:
    unrest = state.unrest + event.amount
    if unrest < 0:
        raise RuleViolation(f"Unrest is {state.unrest}: it cannot go below 0", rule="R-HW-1")
    return attrs.evolve(state, unrest=unrest)


def _score(state: State, event: ev.Score) -> State:
    return _gain(state, event.house, event.favor, event.disgrace, doubled=not event.modifier,
                 source=event.source, how="modifier" if event.modifier else "effect")


def _holder(state: State, place: str) -> str:
    """``supply``, ``destroyed`` or a House's exact name."""
    if key(place) in (SUPPLY, DESTROYED):
        return key(place)
    return state.house(place).name


def _transfer(state: State, event: ev.Transfer) -> State:
    source, target = _holder(state, event.source), _holder(state, event.target)
    tokens = event.resources
    if source == SUPPLY:
        if not state.supply.covers(tokens):
            raise RuleViolation(f"the supply holds {state.supply.text()}, not "
                                f"{tokens.text()}", rule="R-HW-5")
        state = attrs.evolve(state, supply=state.supply - tokens)
    elif source == DESTROYED:
        if not state.destroyed.covers(tokens):
            raise RuleViolation(f"the destroyed resources are {state.destroyed.text()}, "
                                f"not {tokens.text()}", rule="R-HW-5")
        state = attrs.evolve(state, destroyed=state.destroyed - tokens)
    else:
        state = _take(state, source, tokens)
    if target == SUPPLY:
        return attrs.evolve(state, supply=state.supply + tokens)
    if target == DESTROYED:
        return attrs.evolve(state, destroyed=state.destroyed + tokens)
    return _give(state, target, tokens)


def _face_down(state: State, event: ev.FaceDown) -> State:
    house = state.house(event.house)
    if any(key(card) == key(event.card) for card in house.face_down):
        raise RuleViolation(f"{house.name} already has a face-down {event.card}: give "
                            f"each a distinct name (e.g. '{event.card} 2')", rule="R-HW-3")
    return _set_house(state, attrs.evolve(house, face_down=(*house.face_down, event.card)))


def _face_down_card(house: House, card: str) -> str:
    for held in house.face_down:
        if key(held) == key(card):
            return held
    held_text = ", ".join(house.face_down) or "none"
    raise RuleViolation(f"{house.name} has no face-down {shown(card)} (face down: "
                        f"{held_text})", rule="R-HW-3")


def _discard_face_down(state: State, event: ev.DiscardFaceDown) -> State:
    house = state.house(event.house)
    card = _face_down_card(house, event.card)
    return _set_house(state, attrs.evolve(
        house, face_down=tuple(c for c in house.face_down if c != card)))


def _reveal(state: State, event: ev.Reveal) -> State:
    house = state.house(event.house)
    card = _face_down_card(house, event.card)
    state = _set_house(state, attrs.evolve(
        house, face_down=tuple(c for c in house.face_down if c != card),
        revealed=(*house.revealed, card)))
    return _gain(state, house.name, event.favor, event.disgrace, doubled=True, source=card,
                 how="reveal")


def _start_timer(state: State, event: ev.StartTimer) -> State:
    return attrs.evolve(state, timer=timer.start(state.timer, event))


def _stop_timer(state: State, event: ev.StopTimer | ev.TimeUp) -> State:
    timer.stop(state.timer, event)
    return attrs.evolve(state, timer=None)


HANDLERS: Handlers[State, ev.Event] = (
    Handlers[State, ev.Event]("House War")
    .add(ev.Start, _start).add(ev.AddProblem, _add_problem).add(ev.Worsen, _worsen)
    .add(ev.MoveProblem, _move_problem).add(ev.Collect, income.collect).add(ev.Pass, _pass)
    .add(ev.Solve, _solve).add(ev.NoDeal, _no_deal).add(ev.EndTurn, _end_turn)
    .add(ev.ChangeCost, _change_cost).add(ev.AddUnrest, _unrest).add(ev.Score, _score)
    .add(ev.Transfer, _transfer).add(ev.FaceDown, _face_down)
    .add(ev.DiscardFaceDown, _discard_face_down).add(ev.Reveal, _reveal)
    .add(ev.Sheet, income.sheet).add(ev.Ruin, income.ruin).add(ev.Advisor, income.advisor)
    .add(ev.StartTimer, _start_timer).add(ev.StopTimer, _stop_timer)
    .add(ev.TimeUp, _stop_timer))

_SETUP_EVENTS = (ev.AddProblem, ev.Collect, ev.Transfer, ev.Sheet)
# Events that move the turn on: an eruption's effect has been applied by then.
_TURN_EVENTS = (ev.Worsen, ev.Collect, ev.Pass, ev.Solve, ev.NoDeal, ev.EndTurn)
# What remains once the game is over (R-HW-1 ruling): the face-down end-game
# Personalities revealed, and the negotiation timer stopped or run out; reading and the
# host's undo write no event. Nothing else changes a score, a token or the track.
_AFTER_THE_END = (ev.Reveal, ev.StopTimer, ev.TimeUp)
# A game set up under edition 1 of the rules, before the ruling, still takes the Vin
# card's own Unrest and score steps after Vin is solved or erupts, as it was played.
_VIN_EFFECTS = (ev.AddUnrest, ev.Score)


def _check_phase(state: State, event: ev.Event) -> None:
    phase = state.phase
    if phase is Phase.NEW:
        if not isinstance(event, ev.Start):
            raise RuleViolation("the game has not started: the first event is start",
                                rule="R-HW-5")
        return
    if isinstance(event, ev.Start):
        raise RuleViolation("the game has already started", rule="R-HW-5")
    if phase is Phase.SETUP:
        if not isinstance(event, _SETUP_EVENTS):
            raise RuleViolation(f"set-up is not over ({state.setup_problems} of "
                                f"{state.players} starting Problems placed): the first "
                                f"turn begins when the first House collects",
                                rule="R-HW-5")
        return
    if phase is Phase.ENDED:
        if isinstance(event, _AFTER_THE_END) or (
                state.rules < 2 and state.ended_by in (End.VIN_SOLVED, End.VIN_ERUPTED)
                and isinstance(event, _VIN_EFFECTS)):
            return
        left = ("only end-game Personalities are revealed now" if state.unrevealed
                else "the scores are final")
        raise RuleViolation(f"the game is over ({_end_text(state)}): no further cards "
                            f"may be played, nor deals made; {left}", rule="R-HW-1")
    if isinstance(event, ev.Reveal):
        raise RuleViolation("face-down Personalities are revealed at the end of the game",
                            rule="R-HW-3")


def _end_text(state: State) -> str:
    return {End.UNREST: f"Unrest reached {state.unrest}",
            End.VIN_SOLVED: "Vin was solved",
            End.VIN_ERUPTED: "Vin erupted",
            None: "ended"}[state.ended_by]


def apply(state: State, event: ev.Event) -> State:
    """``state`` after ``event``, validated against the rules; :class:`RuleViolation`
    (naming the rule) or :class:`BadValue`, and nothing changes, when it is refused.

    The game ends as soon as Unrest reaches 8 (R-HW-1) or Vin is solved or erupts
    (R-HW-3); afterwards only end-game reveals are accepted (R-HW-1 ruling).
    """
    handler = HANDLERS.of(event)
    _check_phase(state, event)
    if state.erupting is not None and (isinstance(event, _TURN_EVENTS) or (
            isinstance(event, ev.AddProblem) and event.reason is ev.Reason.TURN)):
        state = attrs.evolve(state, erupting=None)
    new = handler(state, event)
    if new.phase is Phase.PLAYING and new.unrest >= UNREST_END:
        new = _end(new, End.UNREST)  # R-HW-1
    return new
