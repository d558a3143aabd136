"""What if? (conflict.simulate.whatif): the choices offered at each step, all legal,
and each one's win chance the same as simulating the Conflict after it."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import scaled

from characters.samples import example_characters
from conflict import AddParticipant, Conflict, Nature, RuleViolation, Start
from conflict.engine import apply
from conflict.events import Declare, Defend, Hold, React, TakeIt
from conflict.simulate import simulate
from conflict.simulate.whatif import MOST_TARGETS, Choice, choices, what_if
from conflict.state import State
from conflict.whatnow import Expect, what_now

CAST = {character.name: character for character in example_characters()}


def fight(*names: str, sides: tuple[str, ...] = ()) -> Conflict:
    conflict = Conflict()
    conflict.push(Start(Nature.PHYSICAL))
    for index, name in enumerate(names):
        side = sides[index] if sides else ("crew" if index < 2 else "opposition")
        conflict.push(AddParticipant(CAST[name], side))
    return conflict


def played_to(conflict: Conflict, expect: Expect) -> State:
    """Play on by choosing each step's first choice (or rolling) until ``expect``."""
    for _ in range(200):
        now = conflict.next()
        if now.expect is expect:
            return conflict.state
        if now.expect is Expect.ROLL:
            conflict.roll(_Fixed())  # rolls and pushes
            continue
        if now.expect is Expect.DAMAGE:
            conflict.push(now.damage.event())
            continue
        offered = choices(conflict.state, now)
        assert offered, now.expect
        conflict.push(offered[0].event)
    raise AssertionError(f"never reached {expect}")


class _Fixed:
    """Dice that always roll 4 (every roll a set: the fight moves on)."""

    def randint(self, a: int, b: int) -> int:
        return 4


def test_at_a_declaration_an_attack_on_each_foe_and_full_defense() -> None:
    state = fight("Tamsin Vey", "Brannoch", "Canton guards").state
    now = what_now(state)
    assert now.expect is Expect.DECLARE and now.who == ("Canton guards",)
    offered = choices(state)
    assert [c.label for c in offered] == ["attack Tamsin Vey", "attack Brannoch",
                                          "full defense"]
    for choice in offered:
        assert isinstance(choice.event, Declare)
        apply(state, choice.event)  # legal now


def test_no_more_than_the_most_targets_are_offered() -> None:
    # The Canton guards (Wits 3) declare first, with five foes: four are offered.
    state = fight("Canton guards", "Tamsin Vey", "Brannoch", "Orrin Haskel",
                  "Lady Veradine Casswell", "The Hollow Prelate",
                  sides=("opposition", "crew", "crew", "crew", "crew", "crew")).state
    now = what_now(state)
    assert now.who == ("Canton guards",) and len(now.option.foes) == 5  # type: ignore[union-attr]
    assert MOST_TARGETS == 4
    assert [c.label for c in choices(state)] == [
        "attack Tamsin Vey", "attack Brannoch", "attack Orrin Haskel",
        "attack Lady Veradine Casswell", "full defense"]


def test_when_acting_all_dice_keeping_two_back_or_holding() -> None:
    state = played_to(fight("Tamsin Vey", "Brannoch", "Canton guards"), Expect.ACT)
    now = what_now(state)
    (act,) = now.options_for(now.who[0])[:1]
    offered = choices(state)
    labels = [c.label for c in offered]
    top = act.max_pool  # type: ignore[union-attr]
    assert labels[0] == f"act with {top} dice"
    if top - 2 >= act.min_pool:  # type: ignore[union-attr]
        assert labels[1] == f"act with {top - 2}, keep 2 back"
    assert labels[-1] == "hold" and isinstance(offered[-1].event, Hold)
    for choice in offered:
        apply(state, choice.event)


def test_against_an_attack_take_it_defend_and_each_reaction() -> None:
    # The Canton guards attack first (lowest Wits); Tamsin has a Reaction.
    conflict = fight("Tamsin Vey", "Canton guards", sides=("crew", "opposition"))
    state = played_to(conflict, Expect.DEFENSE)
    offered = choices(state)
    kinds = [type(c.event) for c in offered]
    assert kinds[0] is TakeIt and offered[0].label == "take it"
    assert Defend in kinds or React in kinds
    for choice in offered:
        apply(state, choice.event)


def test_nothing_to_choose_at_a_roll_or_between_rounds() -> None:
    conflict = fight("Tamsin Vey", "Brannoch", "Canton guards")
    state = played_to(conflict, Expect.ROLL)
    assert choices(state) == ()
    assert what_if(state) == ()
    state = played_to(conflict, Expect.END_ROUND)
    assert choices(state) == ()
    with pytest.raises(RuleViolation, match="R-CON-3: no participant chooses now"):
        what_if(state)
    assert what_if(state, side="crew") == ()


def test_each_answer_is_the_simulation_of_the_conflict_after_the_choice() -> None:
    state = fight("Tamsin Vey", "Brannoch", "Canton guards").state
    before = copy.deepcopy(state)
    answers = what_if(state, seed=3, runs=120, until_precision=None)
    assert state == before  # never changed
    assert [a.label for a in answers] == [c.label for c in choices(state)]
    for answer in answers:
        assert answer.side == "opposition"  # whoever chooses now: the guards
        report = simulate(apply(state, answer.event), runs=120, seed=3, workers=1)
        assert answer.win == report.side("opposition").win
        assert answer.runs == 120


def test_a_side_and_choices_may_be_given() -> None:
    state = fight("Tamsin Vey", "Brannoch", "Canton guards").state
    only = choices(state)[-1:]
    (answer,) = what_if(state, only, side="crew", seed=1, runs=50, until_precision=None)
    assert answer.label == "full defense" and answer.side == "crew"
    assert answer.win == simulate(apply(state, only[0].event), runs=50, seed=1,
                                  workers=1).side("crew").win


def test_by_default_it_stops_at_about_five_points() -> None:
    state = fight("Tamsin Vey", "Brannoch", "Canton guards").state
    for answer in what_if(state, [choices(state)[0]], seed=2):
        assert answer.win.high - answer.win.low <= 0.1 + 1e-12


@settings(max_examples=scaled(10), deadline=None)
@given(steps=st.integers(0, 30))
def test_every_choice_offered_is_legal_wherever_the_fight_stands(steps: int) -> None:
    conflict = fight("Tamsin Vey", "Brannoch", "Canton guards", "The Hollow Prelate")
    for _ in range(steps):
        now = conflict.next()
        if now.expect is Expect.END_ROUND:
            break
        if now.expect is Expect.ROLL:
            conflict.roll(_Fixed())  # rolls and pushes
        elif now.expect is Expect.DAMAGE:
            conflict.push(now.damage.event())
        else:
            offered: tuple[Choice, ...] = choices(conflict.state, now)
            assert offered
            for choice in offered:
                assert conflict.is_legal(choice.event)
            conflict.push(offered[steps % len(offered)].event)
