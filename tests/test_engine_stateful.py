"""The Conflict engine as a hypothesis state machine: random Conflicts driven by legal
events taken from what-now, deliberately illegal events, garbage events and undo, with
the engine's invariants checked after every step:

* dice are conserved for every participant (the engine's own check, and the same sums
  recomputed here from the counters and from the round's action records);
* no Resilience below 0, no negative damage, groups between 0 and their count;
* a defeated participant never declares, defends or is offered a move, and never acts
  after its defeat — except as the ruling allows: a member of the simultaneous step
  it was defeated in still acts as declared or holds, but never changes its action
  (see :mod:`conflict.engine`);
* ``replay(events)`` equals the state, also after a JSON round trip of every event;
* an illegal event raises a :class:`ConflictError` and changes neither state nor events;
* undo restores exactly the state before the undone event.
"""

from __future__ import annotations

import itertools
import random

from hypothesis import event as note
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
)
from profiles import sized
from strategies import conflict_events, conflict_tables, resilience_names, seeds

from characters.model import Attributes, ExtraGroup, Resilience, Resiliences, Sheet, Standings
from conflict import (
    ActOption,
    ChangeOption,
    DamageOption,
    DeclareOption,
    DefendOption,
    Expect,
    HoldOption,
    ReactOption,
    RollOption,
    TakeItOption,
    roll_event,
    what_now,
)
from conflict.engine import Conflict, replay
from conflict.errors import ConflictError
from conflict.events import (
    Act,
    AddParticipant,
    ApplyDamage,
    Change,
    DeclarationKind,
    Declare,
    Defeat,
    Defend,
    DefenseRoll,
    EndConflict,
    EndRound,
    Event,
    Hold,
    Nature,
    React,
    Reorder,
    RollDice,
    SetTest,
    Start,
    SwapResilience,
    TakeIt,
)
from conflict.serial import event_from_json, event_to_json, events_from_json
from conflict.state import Action, ActionStatus, DiceFrom, Phase, State

Data = st.DataObject


def faces_for(data: Data, pool: int, rollers: int) -> list[list[int]]:
    """One list of ``pool`` faces per roller, drawn by hypothesis."""
    row = st.lists(st.integers(1, 6), min_size=pool, max_size=pool)
    return data.draw(st.lists(row, min_size=rollers, max_size=rollers))


def open_actions(state: State) -> list[Action]:
    """Actions whose test and Resilience the Narrator may still set (R-CON-8/9)."""
    return [a for a in state.actions if a.outcome is None and not a.defenses
            and a.status in (ActionStatus.DECLARED, ActionStatus.PENDING)]


def reinforcement(number: int) -> AddParticipant:
    group = ExtraGroup(name=f"Reinforcements {number}", count=2,
                       attributes=Attributes(3, 2, 3))
    return AddParticipant(group, "ministry")


# --- legal events, built only from what-now's options ---------------------------------


def narrator_call(state: State, data: Data) -> Event | None:
    """Sometimes a Narrator's call: a test, a Resilience swap, or a defeat."""
    choice = data.draw(st.integers(0, 29), label="narrator")
    actions = open_actions(state)
    if choice == 0 and actions:
        action = data.draw(st.sampled_from(actions))
        contest = action.target is not None and data.draw(st.booleans())
        return SetTest(
            action=action.number, contest=contest, difficulty=data.draw(st.integers(0, 3))
        )
    attacks = [a for a in actions if a.is_attack and a.target is not None
               and state.participant(a.target).resiliences is not None]  # not at Extras
    if choice == 1 and attacks:
        action = data.draw(st.sampled_from(attacks))
        return SwapResilience(action=action.number, resilience=data.draw(resilience_names))
    standing = [p.name for p in state.participants if not p.defeated]
    if choice == 2 and state.pending is None and standing:
        return Defeat(data.draw(st.sampled_from(standing)), "yields")
    return None


def declaration(option: DeclareOption, data: Data) -> Event:
    # Mostly attacks on someone: fights that reach damage and defeats.
    kind = DeclarationKind.ACTION if data.draw(st.integers(0, 2)) \
        else data.draw(st.sampled_from(option.kinds))
    if kind is DeclarationKind.NO_ROLL:
        return Declare.no_roll(option.name)
    # Often exactly 4, so that equal Action Dice (simultaneous steps) are common; an
    # action takes 2 or more (R-CON-11), full defense 1 or more.
    low = 1 if kind is DeclarationKind.DEFENSE else 2
    dice = data.draw(st.just(4) | st.integers(low, 12))
    if kind is DeclarationKind.DEFENSE:
        return Declare.defense(option.name, dice)
    attack = bool(option.targets) and data.draw(st.integers(0, 4)) > 0  # mostly
    target = data.draw(st.sampled_from(option.targets)) if attack else None
    if target is None:
        return Declare.action(option.name, dice)
    if not data.draw(st.integers(0, 5), label="harm"):  # now and then a feint (R-CON-8a)
        return Declare.action(option.name, dice, target=target, harm=False)
    gear = data.draw(st.none() | st.sampled_from(option.equipment)) if option.equipment \
        else None
    kind = data.draw(st.none() | st.sampled_from(Nature), label="attack kind")  # R-CON-8
    return Declare.action(option.name, dice, target=target, equipment=gear, attack_kind=kind,
                          resilience=data.draw(st.none() | resilience_names))


def from_option(state: State, option: object, data: Data) -> Event:
    """An event choosing ``option``, with numbers drawn inside its allowed ranges."""
    if isinstance(option, ActOption):
        return Act(option.name, pool=data.draw(st.integers(option.min_pool, option.max_pool)))
    if isinstance(option, ChangeOption):
        others = [p.name for p in state.participants if not p.defeated
                  and p.name != option.name]
        target = data.draw(st.none() | st.sampled_from(others)) if others else None
        return Change(option.name, dice=data.draw(st.integers(option.min_dice, 12)), target=target)
    if isinstance(option, HoldOption):
        return Hold(option.name)
    if isinstance(option, DefendOption):
        return Defend(
            option.name,
            action=option.action,
            dice=data.draw(st.integers(option.min_dice, option.max_dice)),
        )
    if isinstance(option, ReactOption):
        return React(
            option.name,
            action=option.action,
            reaction=option.reaction,
            added=data.draw(st.integers(option.min_added, option.max_added)),
        )
    if isinstance(option, TakeItOption):
        granted = None
        if option.granted and data.draw(st.booleans()):
            granted = data.draw(st.integers(0, 8))  # the Narrator adjusts (R-CON-7c)
        return TakeIt(option.name, action=option.action, granted=granted)
    if isinstance(option, RollOption):
        if data.draw(st.integers(0, 2)) > 0:  # mostly from a seed: less data to draw
            return roll_event(state, random.Random(data.draw(seeds)))
        attacker = faces_for(data, option.actor_pool, option.actor_rollers)
        return RollDice(action=option.action, attacker=attacker,
                        defenders=[DefenseRoll(faces_for(data, d.pool, d.rollers), name=d.name)
                                   for d in option.defenders])
    if isinstance(option, DamageOption):
        # Now and then Nudges spent on another effect (R-CON-18), the rest to damage.
        spent = data.draw(st.integers(0, option.max_nudges), label="spent") \
            if option.max_nudges and data.draw(st.integers(0, 3)) == 0 else 0
        nudges = data.draw(st.none() | st.integers(0, option.max_nudges - spent))
        return ApplyDamage(action=option.action, nudges=nudges, spent=spent,
                           note="disarms" if spent else "")
    assert isinstance(option, DeclareOption), option
    return declaration(option, data)


# --- events that must be refused ------------------------------------------------------


def illegal_events(state: State) -> list[tuple[str, Event]]:
    """Events the rules forbid in ``state``, each with what is wrong with it."""
    now = what_now(state)
    people = state.participants
    bad: list[tuple[str, Event]] = [("start again", Start(state.nature))]
    if state.phase is not Phase.ROUND_OVER:
        bad.append(("end round too early", EndRound()))
    if state.phase is Phase.ENDED:
        bad.append(("anything after the end", EndConflict("again")))
        bad.extend(("act after the end", Hold(p.name)) for p in people)
        return bad
    if not now.can_add:
        bad.append(("join too late", reinforcement(len(people))))
    if people:
        bad.append(("a name twice", AddParticipant(
            Sheet(name=people[0].name.upper(), kind="hero", attributes=Attributes(3, 3, 3),
                  standings=Standings(3, 3, 3),
                  resiliences=Resiliences(Resilience(3), Resilience(3), Resilience(3))),
            "crew")))
    # Declarations out of turn, twice, by the defeated, or outside declarations (R-CON-3/4/20).
    expected = now.who[0] if now.expect is Expect.DECLARE else None
    for person in people:
        if person.name != expected:
            bad.append(("declare out of turn", Declare.no_roll(person.name)))
        if person.defeated:
            bad.append(("a defeated participant declares", Declare.no_roll(person.name)))
            bad.append(("defeat twice", Defeat(person.name)))
    if state.phase is Phase.DECLARATION:
        defeated = [p.name for p in people if p.defeated]
        if defeated and expected is not None:
            bad.append(("reorder the defeated", Reorder((expected, defeated[0]))))
    else:
        bad.extend(("reorder outside declarations", Reorder((a.name, b.name)))
                   for a, b in itertools.pairwise(people))
    # Acting out of turn (R-CON-10), too big or too small a pool (R-CON-11), changing
    # twice or to 2 dice (R-CON-12).
    step = {people[i].name for i in state.step} if now.expect is Expect.ACT else set()
    for person in people:
        if person.name not in step:
            bad.append(("act out of turn", Hold(person.name)))
            bad.append(("act out of turn", Act(person.name, pool=2)))
    for name in step:
        bad.append(("change to 2 dice", Change(name, dice=2)))
        if state.participant(name).defeated:
            bad.append(("a defeated participant changes", Change(name, dice=6)))
        if not any(isinstance(o, ActOption) and o.name == name for o in now.options):
            bad.append(("act without a pool", Act(name, pool=2)))
        if not any(isinstance(o, ChangeOption) and o.name == name for o in now.options):
            bad.append(("change twice", Change(name, dice=6)))
    for option in now.options:
        if isinstance(option, ActOption) and option.max_pool < 10:
            bad.append(("pool too big", Act(option.name, pool=option.max_pool + 1)))
        if isinstance(option, DefendOption) and option.max_dice < 10:
            bad.append(
                (
                    "defend with too many",
                    Defend(option.name, action=option.action, dice=option.max_dice + 1),
                )
            )
        if isinstance(option, ReactOption) and option.max_added < 10:
            bad.append(
                (
                    "react with too many",
                    React(
                        option.name,
                        action=option.action,
                        reaction=option.reaction,
                        added=option.max_added + 1,
                    ),
                )
            )
        if isinstance(option, DamageOption):
            bad.append(
                ("too many Nudges", ApplyDamage(action=option.action, nudges=option.max_nudges + 1))
            )
    if now.expect is Expect.DEFENSE and not any(isinstance(o, DefendOption)
                                                for o in now.options):
        assert now.action is not None
        bad.append(("defend with too few", Defend(now.who[0], action=now.action, dice=2)))
    # The pending action: wrong numbers, a second defense, rolling too early or with the
    # wrong number of rollers, a test set after the defense (R-CON-9/14/15/18).
    pending = state.pending_action
    wrong = (pending.number + 1) if pending is not None else state.next_action
    target = pending.target if pending is not None and pending.target is not None \
        else (people[0].name if people else "nobody")
    bad.extend(
        [
            ("wrong action number", Defend(target, action=wrong, dice=2)),
            ("wrong action number", TakeIt(target, action=wrong)),
            ("wrong action number", RollDice(action=wrong, attacker=[[1, 1]])),
            ("wrong action number", ApplyDamage(action=wrong)),
        ]
    )
    if pending is not None:
        number = pending.number
        if pending.awaiting == "defense":
            bad.append(
                (
                    "roll before the defense",
                    RollDice(action=number, attacker=[[1] * (pending.pool or 2)] * pending.members),
                )
            )
        if pending.target_defense is not None or not pending.contest:
            bad.append(("a second defense", TakeIt(target, action=number)))
            bad.append(("a second defense", Defend(target, action=number, dice=2)))
        if pending.target_defense is not None:
            bad.append(
                (
                    "test after the defense",
                    SetTest(action=number, contest=pending.contest, difficulty=1),
                )
            )
        if pending.awaiting == "roll":
            assert pending.pool is not None
            bad.append(("one roller too many", RollDice(
                action=number, attacker=[[1] * pending.pool] * (pending.members + 1),
                defenders=[DefenseRoll([[1] * d.pool] * d.members, name=d.by)
                           for d in pending.defenses if d.rolls])))
        if pending.awaiting != "damage":
            bad.append(("damage too early", ApplyDamage(action=number)))
        for person in people:
            if not person.defeated:
                bad.append(("defeat while an action is pending", Defeat(person.name)))
    return bad


def surely_illegal(event: Event, state: State) -> bool:
    """Whether a random well-formed event cannot be legal in ``state``: it names someone
    who is not taking part, or an action that is not in this round, or is of a kind
    that cannot come now."""
    if state.phase is Phase.ENDED or isinstance(event, Start):
        return True
    if isinstance(event, EndConflict):
        return False
    if isinstance(event, EndRound):
        return state.phase is not Phase.ROUND_OVER
    if isinstance(event, AddParticipant):
        joining = state.phase is Phase.DECLARATION and state.declared_count == 0
        return not joining or state.find(event.name) is not None
    if isinstance(event, Reorder):
        return any(state.find(name) is None for name in event.names)
    if isinstance(event, (SetTest, SwapResilience, RollDice, ApplyDamage)):
        return state.action(event.action) is None
    return state.find(event.name) is None


# --- the machine ----------------------------------------------------------------------


class ConflictMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.c = Conflict()
        self.before: list[State] = []  # the state before each push, for undo
        self.setup = 0
        self.added = 0

    def push(self, event: Event) -> None:
        state = self.c.state
        self.c.push(event)
        note(f"pushed {type(event).TYPE}")  # see pytest --hypothesis-show-statistics
        self.before.append(state)
        self.check_no_act_after_defeat(state, event)
        assert event_from_json(event_to_json(event)) == event

    @initialize(table=conflict_tables(), data=st.data(), head_start=st.integers(0, 40))
    def build(self, table: list[Event], data: Data, head_start: int) -> None:
        """The table, then a head start of legal events: runs of a few steps would
        otherwise rarely get past the first declarations."""
        for event in table:
            self.push(event)
        self.setup = len(self.c)
        assert self.c.next().expect is Expect.DECLARE
        self.play_legal(data, head_start)

    # Rules have no preconditions (a rule that cannot run does nothing instead):
    # hypothesis gives up on a run when it draws disabled rules several times in a row.

    @rule(data=st.data(), count=st.integers(1, 12))
    def legal(self, data: Data, count: int) -> None:
        """Push ``count`` legal events in a row (checking the invariants after each), so
        that runs reach deep into resolution and later rounds."""
        self.play_legal(data, count)

    def play_legal(self, data: Data, count: int) -> None:
        for _ in range(count):
            if self.c.state.phase is Phase.ENDED:
                break
            self.push(self.legal_event(data))
            self.check_state()
            if data.draw(st.integers(0, 2)) == 0:  # now and then, refusals of every kind
                self.try_every_illegal_kind(data)

    def legal_event(self, data: Data) -> Event:
        state = self.c.state
        now = what_now(state)
        event: Event | None = None
        if state.phase in (Phase.DECLARATION, Phase.RESOLUTION):
            event = narrator_call(state, data)
        if event is None and now.expect is Expect.DECLARE:
            if now.ties and data.draw(st.integers(0, 3)) == 0:
                event = Reorder(tuple(data.draw(st.permutations(now.ties))))
            elif now.can_add and self.added < 2 and data.draw(st.integers(0, 9)) == 0:
                self.added += 1
                event = reinforcement(self.added)
        if event is None and now.expect is Expect.END_ROUND:
            if data.draw(st.integers(0, 11)) == 0:
                event = EndConflict("the Narrator calls it")
            else:
                event = EndRound()
        if event is None and now.expect is Expect.PARTICIPANTS:
            event = EndConflict("no one is left to declare")
        if event is None:
            assert now.options, now
            acts = [o for o in now.options if isinstance(o, ActOption)]
            take = [o for o in now.options if isinstance(o, TakeItOption)]
            if acts and data.draw(st.integers(0, 2)) > 0:  # acting as declared is usual
                option: object = data.draw(st.sampled_from(acts))
            elif take and data.draw(st.booleans()) is True:  # no defense: attacks land, and
                option = take[0]  # a target in the acting step stays in it
            else:
                option = data.draw(st.sampled_from(now.options))
            event = from_option(state, option, data)
        return event

    @rule(data=st.data())
    def illegal(self, data: Data) -> None:
        self.try_illegal(data)

    def try_every_illegal_kind(self, data: Data) -> None:
        bad = illegal_events(self.c.state)
        for why in sorted({why for why, _ in bad}):
            self.refused(why, data.draw(st.sampled_from([e for w, e in bad if w == why])))

    def try_illegal(self, data: Data) -> None:
        bad = illegal_events(self.c.state)
        why = data.draw(st.sampled_from(sorted({why for why, _ in bad})))  # each kind alike
        event = data.draw(st.sampled_from([e for w, e in bad if w == why]))
        self.refused(why, event)

    @rule(data=st.data())
    def garbage(self, data: Data) -> None:
        event = data.draw(conflict_events())
        if surely_illegal(event, self.c.state):
            self.refused("garbage", event)
        else:  # it might be legal here: no claim either way
            note("garbage that might be legal: skipped")

    def refused(self, why: str, event: Event) -> None:
        state, events, count = self.c.state, self.c.events, len(self.c)
        try:
            self.c.push(event)
        except ConflictError:
            pass
        else:
            raise AssertionError(f"{why}: {event!r} was accepted")
        note(f"refused: {why}")
        assert self.c.state is state and self.c.state == state
        assert self.c.events == events and len(self.c) == count

    @rule()
    def undo(self) -> None:
        if len(self.c) <= self.setup:
            return
        last = self.c.events[-1]
        assert self.c.pop() == last
        assert self.c.state == self.before.pop()

    # --- invariants ---------------------------------------------------------------

    def check_no_act_after_defeat(self, before: State, event: Event) -> None:
        name = getattr(event, "name", None)
        if not isinstance(name, str) or isinstance(event, (AddParticipant, Defeat)):
            return
        index = before.find(name)
        assert index is not None
        if not before.participants[index].defeated:
            return
        # Ruling: a member of the simultaneous step it fell in still acts as declared
        # or holds; it cannot change its action (that would come after the step).
        assert isinstance(event, (Act, Hold)) and index in before.step, (
            f"{name} is defeated but {type(event).__name__} was accepted")

    @invariant()
    def invariants_hold(self) -> None:
        self.check_all()

    def check_all(self) -> None:
        self.check_state()
        self.replay_gives_the_same_state()

    def check_state(self) -> None:
        self.dice_are_conserved()
        self.resiliences_and_groups_stay_in_range()
        self.the_defeated_are_never_offered_a_move()
        self.only_attacks_deal_damage()

    def dice_are_conserved(self) -> None:
        state = self.c.state
        assert state.dice_balanced()
        for person in state.participants:
            r = person.round
            counters = (r.action_dice, r.defense_dice, r.action_gained, r.action_rolled,
                        r.action_defended, r.action_to_defense, r.action_discarded,
                        r.defense_gained, r.defense_spent)
            assert min(counters) >= 0, person
            assert r.action_gained == (r.action_dice + r.action_rolled + r.action_defended
                                       + r.action_to_defense + r.action_discarded), person
            assert r.defense_dice == r.defense_gained - r.defense_spent, person
            # The same sums from the round's action records: pools rolled, and dice paid
            # for defenses and Reactions from Action or Defense Dice.
            rolled = sum(a.pool or 0 for a in state.actions if a.actor == person.name)
            paid = {DiceFrom.ACTION: 0, DiceFrom.DEFENSE: 0}
            for action in state.actions:  # its own defenses and Reactions for others
                for defense in action.defenses:
                    if defense.by == person.name and defense.paid_from is not None:
                        paid[defense.paid_from] += defense.spent
            assert rolled == r.action_rolled, (person.name, rolled, r)
            assert paid[DiceFrom.ACTION] == r.action_defended, (person.name, paid, r)
            assert paid[DiceFrom.DEFENSE] == r.defense_spent, (person.name, paid, r)

    def resiliences_and_groups_stay_in_range(self) -> None:
        for person in self.c.state.participants:
            if person.resiliences is not None:
                for name in ("health", "reputation", "willpower"):
                    resilience = person.resiliences.get(name)
                    assert resilience.current >= 0 and resilience.damage >= 0
                    if resilience.current == 0:
                        assert person.defeated, person  # R-CON-20
            else:
                assert isinstance(person.character, ExtraGroup)
                assert 0 <= person.members <= person.character.count
                if person.members == 0:
                    assert person.defeated, person  # R-CON-19

    def the_defeated_are_never_offered_a_move(self) -> None:
        state = self.c.state
        now = what_now(state)
        for name in now.who:
            person = state.participant(name)
            if not person.defeated:
                continue
            # Ruling: only a member of the simultaneous step it was defeated in, to act
            # (its Act was checked when pushed) and then to roll its action's dice.
            pending = state.pending_action
            if now.expect is Expect.ACT:
                assert state.find(name) in state.step, name
            else:
                assert now.expect in (Expect.ROLL, Expect.DAMAGE), (name, now.expect)
                assert pending is not None and pending.actor == name, name
        for option in now.options:
            if isinstance(option, DeclareOption):
                assert all(not state.participant(t).defeated for t in option.targets)
            if isinstance(option, ChangeOption):
                assert not state.participant(option.name).defeated, option

    def only_attacks_deal_damage(self) -> None:
        # R-CON-8a: an action aimed at someone without harm records success, no damage;
        # an attack of another kind than the Conflict's hurts that kind's Resilience.
        state = self.c.state
        if what_now(state).expect is Expect.DAMAGE:
            pending = state.pending_action
            assert pending is not None and pending.harm and pending.is_attack, pending
        for action in state.actions:
            if action.target is not None and not action.harm:
                assert not action.is_attack and action.resilience is None, action

    def replay_gives_the_same_state(self) -> None:
        if not len(self.c):
            return
        events = self.c.events
        assert replay(events) == self.c.state
        text = "".join(event_to_json(e) + "\n" for e in events)
        assert replay(events_from_json(text)) == self.c.state


# Quick: a few dozen Conflicts of up to 30 steps; deep: three hundred of up to 60 (every
# step replays the whole Conflict, so the time grows with the square of the steps).
ConflictMachine.TestCase.settings = settings(
    max_examples=sized(15, 300),
    stateful_step_count=sized(25, 60),
)
TestConflictMachine = ConflictMachine.TestCase
