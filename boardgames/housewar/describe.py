"""Each House War event as one plain sentence, for the log, the screens and exports.

:func:`describe` reads the state before and after an event (both given by
:func:`boardgames.housewar.apply`), so it can say what the rules did: an income
remembered, a column skipped, an eruption, a doubled gain, the game's end and its
winner. Each sentence is made for a viewer (R-HW-6, :mod:`boardgames.housewar.privacy`):
a House's gains and face-down cards are named only to those who may see them.
"""

from __future__ import annotations

import attrs

from boardgames.housewar import events as ev
from boardgames.housewar import timer
from boardgames.housewar.events import DESTROYED, SUPPLY, key
from boardgames.housewar.income import income_wanted
from boardgames.housewar.pay import cheapest_payment, explain_payment
from boardgames.housewar.privacy import sees
from boardgames.housewar.resources import Resources
from boardgames.housewar.score import outcome
from boardgames.housewar.sheets import Advisor, Ruin, Sheet
from boardgames.housewar.state import Phase, State, Turn, is_vin
from boardgames.housewar.track import COLUMNS, numeral
from core.viewer import NARRATOR, Viewer


def _names(names: list[str] | tuple[str, ...]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def _at(column: int | None) -> str:
    return f"Urgency {numeral(column)}" if column else "off the board"


def _skipped(aim: int, end: int, direction: int) -> str:
    """`` (column II full)`` when a Problem aimed at ``aim`` came to rest at ``end``
    (a column, or past IV or I) because the columns between were full."""
    full = [numeral(c) for c in range(aim, end, direction) if 1 <= c <= COLUMNS]
    if not full:
        return ""
    return f" ({_names(full)} full)" if len(full) > 1 else f" (column {full[0]} full)"


def _gain_text(favor: int, disgrace: int, gained: tuple[int, int]) -> str:
    """What a gain said, and that it was doubled when the House got twice as much."""
    parts = []
    if favor:
        parts.append(f"{favor:+d} Favor" if favor < 0 else f"{favor} Favor")
    if disgrace:
        parts.append(f"{disgrace:+d} Disgrace" if disgrace < 0 else f"{disgrace} Disgrace")
    text = " and ".join(parts) or "nothing"
    if (favor or disgrace) and gained == (2 * favor, 2 * disgrace):
        text += " (doubled: the Lord Ruler is in play)"
    return text


def _gained(before: State, after: State, house: str) -> tuple[int, int]:
    old, new = before.house(house), after.house(house)
    return new.favor - old.favor, new.disgrace - old.disgrace


def _ending(before: State, after: State) -> str:
    result = outcome(after)
    if result is None:
        return ""
    if before.phase is not Phase.ENDED or result.decided:
        return f" The game is over: {result.text()}"
    return ""


def _problem_where(after: State, name: str) -> str:
    card = after.card(name)
    assert card is not None
    column = after.track.column_of(card.name)
    if column is not None:
        return _at(column)
    return after.where(card.name)


def _add_problem(before: State, event: ev.AddProblem, after: State) -> str:
    card = after.card(event.name)
    assert card is not None
    verb = {ev.Reason.SETUP: "is placed", ev.Reason.TURN: "is drawn",
            ev.Reason.EFFECT: "is added"}[event.reason]
    if card.name in before.deck_top:
        verb = "is drawn again from the top of the deck"
    elif before.card(event.name) is not None:
        verb = "returns to the board"
    column = after.track.column_of(card.name)
    if column is None:
        full = (_skipped(card.start, COLUMNS + 1, 1) if event.place is ev.Place.START
                else " (no free space)")
        effect = "" if is_vin(card.name) else ": apply its eruption effect"
        where = f"and erupts at once{full}{effect}"
    elif event.place is ev.Place.START:
        where = f"at {_at(column)}{_skipped(card.start, column, 1)}"
    else:
        where = f"at {_at(column)} (the {event.place.value} possible)"
    text = f"{card.name} {verb} {where}"
    if event.reason is ev.Reason.TURN and after.problems_needed:
        text += f"; only {len(after.track)} on the board, so 1 more must be added"
    return text + "."


def _move(before: State, name: str, after: State, verb: str, by: int) -> str:
    start = before.track.column_of(name) or 0
    aim = start + by
    if name in after.erupted and name not in before.erupted:
        # Vin's eruption ends the game at once (R-HW-3): nothing more is applied.
        effect = "" if is_vin(name) else ": apply its eruption effect"
        return f"{name} erupts from {_at(start)}{_skipped(aim, COLUMNS + 1, 1)}{effect}."
    if name in after.deck_top and name not in before.deck_top:
        return (f"{name} moves left off {_at(start)}{_skipped(aim, 0, -1)} onto the top of "
                f"the Problem deck: it is the next Problem drawn.")
    end = after.track.column_of(name)
    assert end is not None
    return (f"{name} {verb} from Urgency {numeral(start)} to {numeral(end)}"
            f"{_skipped(aim, end, 1 if by > 0 else -1)}.")


def _collect(before: State, event: ev.Collect, after: State) -> str:
    house = after.house(event.house)
    got = house.resources - before.house(house.name).resources
    wanted = income_wanted(_before_collect(before), event)
    text = f"{house.name} collects {got.text()}"
    if not after.setup_collection and after.turn.number == 1 and event.income:
        text += " (double income on the first turn)"
    elif (event.income is not None and after.setup_collection and house.sheet is not None
          and event.income != house.income):
        text += f" (as given; its income is {house.income.text()})"
    if event.steal:
        text += ", stealing " + _names(
            [f"{s.resources.text()} from {after.house(s.source).name}" for s in event.steal])
    if house.cards:
        text += f"{',' if event.steal else ''} and draws {_cards(house.cards)}"
    return text + _lost(wanted, got) + "."


def _lost(wanted: Resources, got: Resources,
          why: str = "neither the supply nor another House holds it") -> str:
    """What a collection lost (R-HW-5): at set-up, what the supply lacked; in step 1,
    what no other House held either."""
    lost = wanted - wanted.cap(got)
    if not lost:
        return ""
    return f"; {lost.text()} is lost: {why}"


def _before_collect(state: State) -> State:
    """The state a first collection is checked against: set-up over, turn 1."""
    if state.phase is not Phase.SETUP:
        return state
    return attrs.evolve(state, phase=Phase.PLAYING,
                        turn=Turn(number=1, active=state.turn.active))


def _cards(number: int) -> str:
    return f"{number} Personality card{'' if number == 1 else 's'}"


def _income(before: State, event: Sheet | Ruin | Advisor, after: State) -> str:
    """The sentence of a sheet collected at set-up, a Ruined icon or an Advisor."""
    house = after.house(event.house)
    if isinstance(event, Sheet):
        got = house.resources - before.house(house.name).resources
        text = f"{house.name} collects its sheet at set-up: {got.text()}"
        if event.cards:
            text += f" and {_cards(event.cards)}"
        return text + _lost(event.income, got, "the supply ran short") + "."
    each_turn = f"it collects {house.income.text()} each turn."
    if isinstance(event, Ruin):
        many = event.icons.total > 1
        if event.dismissed:
            what = "Ruined tokens are" if many else "A Ruined token is"
            return (f"{what} dismissed from {house.name}'s {event.icons.text()}: "
                    f"{each_turn}")
        what = "Ruined tokens cover" if many else "A Ruined token covers"
        return f"{what} {house.name}'s {event.icons.text()}: {each_turn}"
    verb = "leaves play, taking" if event.discarded else "comes into play, adding"
    return f"{house.name}'s Advisor {verb} {event.icons.text()}: {each_turn}"


def _solve(before: State, event: ev.Solve, after: State, viewer: Viewer) -> str:
    name = before.on_board(event.problem)
    parts = []
    for share in event.shares:
        holder = before.house(share.house)
        payment = (explain_payment(share.spent, share.covers) if share.spent is not None
                   else cheapest_payment(holder.resources, share.covers))
        how = payment.text() if payment is not None else share.covers.text()
        parts.append(f"{holder.name} pays {how}")
    gains = []
    doubled = False
    for award in event.awards:
        if award.favor:
            house = after.house(award.house)
            gained = house.favor - before.house(house.name).favor
            doubled = gained == 2 * award.favor
            # R-HW-6: a House's Favor goes face down; only who gained it is public.
            shown = gained if sees(after, viewer, house.name) else "(face down)"
            gains.append(f"{house.name} {shown}")
    text = f"{name} is solved"
    if parts:
        text += ": " + "; ".join(parts)
    if gains:
        text += "; Favor: " + ", ".join(gains)
        if doubled:
            text += " (doubled: the Lord Ruler is in play)"
    return text + "."


def _change_cost(before: State, event: ev.ChangeCost, after: State) -> str:
    name = before.on_board(event.problem)
    old, new = before.card(name), after.card(name)
    assert old is not None and new is not None
    assert old.cost is not None and new.cost_now is not None
    changes = []
    if event.lowered:
        removed = old.cost.cap(new.lowered) - old.cost.cap(old.lowered)
        text = f"lowered by {removed.text()}"
        if removed != event.lowered:
            text += f" of {event.lowered.text()}: never more than is printed"
        changes.append(text)
    if event.raised:
        changes.append(f"raised by {event.raised.text()}")
    return (f"{name} now costs {new.cost_now.text()} until the end of the turn "
            f"({'; '.join(changes)}).")


def _transfer(event: ev.Transfer, after: State) -> str:
    tokens = event.resources.text()
    one = event.resources.total == 1  # "1 Skaa is destroyed", "2 Skaa are"
    source = key(event.source) if key(event.source) in (SUPPLY, DESTROYED) else \
        after.house(event.source).name
    target = key(event.target) if key(event.target) in (SUPPLY, DESTROYED) else \
        after.house(event.target).name
    if source == SUPPLY and target == DESTROYED:
        return f"{tokens} in the supply {'is' if one else 'are'} destroyed (out of play)."
    if source == DESTROYED:
        if target == SUPPLY:
            return (f"{tokens} {'goes' if one else 'go'} back from the destroyed resources "
                    f"to the supply.")
        return f"{target} retrieves {tokens} from the destroyed resources."
    if target == DESTROYED:
        return f"{source} loses {tokens} to the destroyed resources (out of play)."
    if source == SUPPLY:
        return f"{target} takes {tokens} from the supply."
    if target == SUPPLY:
        return f"{source} returns {tokens} to the supply."
    return f"{source} gives {tokens} to {target}."


def _start(event: ev.Start, after: State) -> str:
    supply = after.supply
    piles = event.length.piles_above_vin
    first = f"; {after.active.name} takes the first turn" if event.first_index else ""
    return (f"A {event.players}-player {event.length.value} game begins "
            f"({piles} pile{'s' if piles > 1 else ''} "
            f"above Vin): {_names([h.name for h in after.houses])}, in turn order{first}; "
            f"the supply holds {supply.atium} Atium and {supply.money} of each other "
            f"resource.")


def _move_problem(before: State, event: ev.MoveProblem, after: State) -> str:
    name = before.on_board(event.problem)
    if event.to is not None:
        end = after.track.column_of(name)
        if end is None:
            return f"{name} finds no free space and erupts: apply its eruption effect."
        return (f"{name} moves from Urgency {numeral(before.track.column_of(name) or 0)} "
                f"to {numeral(end)}, the {event.to.value} possible.")
    return _move(before, name, after, "moves", event.by)


def describe(before: State, event: ev.Event, after: State, *,
             viewer: Viewer = NARRATOR) -> str:
    """``event`` as one sentence, given the states before and after it, for ``viewer``
    (R-HW-6: a House's gains and face-down cards only for those who may see them)."""
    return _sentence(before, event, after, viewer) + _ending(before, after)


def _scoring(before: State, event: ev.Score | ev.FaceDown | ev.DiscardFaceDown | ev.Reveal,
             after: State, viewer: Viewer) -> str:
    """A gain or a face-down card, as ``viewer`` may hear of it (R-HW-6)."""
    house = after.house(event.house)
    shown = sees(after, viewer, house.name)
    if isinstance(event, ev.FaceDown):
        return f"{house.name} plays {event.card if shown else 'a Personality'} face down."
    if isinstance(event, ev.DiscardFaceDown):
        card = next(c for c in before.house(house.name).face_down if key(c) == key(event.card))
        return f"{house.name}'s face-down {card if shown else 'Personality'} is discarded."
    gain = _gain_text(event.favor, event.disgrace, _gained(before, after, house.name))
    if isinstance(event, ev.Reveal):
        return f"{house.name} reveals {event.card}: {gain}, score {house.score}."
    if not shown:
        what = " and ".join(name for name, amount in (("Favor", event.favor),
                                                     ("Disgrace", event.disgrace)) if amount)
        said = "'s gain is adjusted" if event.modifier else f" gains {what}"
        return f"{house.name}{said} (face down)."
    what = "adjusts its gain by" if event.modifier else "gains"
    source = f" from {event.source}" if event.source else ""
    return f"{house.name} {what} {gain}{source}: score {house.score}."


def _turn(before: State, event: ev.Pass | ev.NoDeal | ev.EndTurn, after: State) -> str:
    """Step 4's pass or failed deal, or step 5."""
    if isinstance(event, ev.Pass):
        name = after.house(event.house).name
        if event.take is None:
            return f"{name} passes and draws 1 Personality card."
        return f"{name} passes and takes {event.take.counted(1)} from the supply."
    if isinstance(event, ev.NoDeal):
        name = before.on_board(event.problem)
        return (f"The deal over {name} fails: it stays at {_at(after.track.column_of(name))} "
                f"and nothing is paid.")
    return (f"{before.active.name}'s turn ends; {after.active.name} is the Active House "
            f"for turn {after.turn.number}.")


def _sentence(before: State, event: ev.Event, after: State, viewer: Viewer) -> str:
    if isinstance(event, ev.Start):
        return _start(event, after)
    if isinstance(event, (Sheet, Ruin, Advisor)):
        return _income(before, event, after)
    if isinstance(event, ev.AddProblem):
        return _add_problem(before, event, after)
    if isinstance(event, ev.Worsen):
        return _move(before, before.on_board(event.problem), after, "worsens", 1)
    if isinstance(event, ev.MoveProblem):
        return _move_problem(before, event, after)
    if isinstance(event, ev.Collect):
        return _collect(before, event, after)
    if isinstance(event, (ev.Pass, ev.NoDeal, ev.EndTurn)):
        return _turn(before, event, after)
    if isinstance(event, ev.Solve):
        return _solve(before, event, after, viewer)
    if isinstance(event, ev.ChangeCost):
        return _change_cost(before, event, after)
    if isinstance(event, ev.AddUnrest):
        verb = "rises" if event.amount > 0 else "falls"
        return f"Unrest {verb} by {abs(event.amount)} to {after.unrest}."
    if isinstance(event, ev.Transfer):
        return _transfer(event, after)
    if isinstance(event, (ev.StartTimer, ev.StopTimer, ev.TimeUp)):
        return timer.sentence(before.timer, event)
    return _scoring(before, event, after, viewer)


__all__ = ["describe"]
