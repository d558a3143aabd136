"""Steps as a library (conflict.intents): a step's words made into the events the engine
accepts, or refused naming the rule; the faces typed at the table; the default pool;
and the front doors calling the library rather than each other."""

from __future__ import annotations

import ast
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import scaled
from test_engine_rules import sheet, table

from characters.errors import CharacterError
from characters.model import Equipment
from characters.pools import dice_for
from conflict.engine import Conflict, apply
from conflict.errors import BadValue, ConflictError, RuleViolation
from conflict.events import Act, Declare, Defeat, EndConflict, EndRound
from conflict.intents import (
    FACES_EXAMPLE,
    Declaration,
    aim,
    read_declaration,
    read_dice,
    read_faces,
    read_reaction,
    steps,
)
from conflict.options import ActOption, default_pool
from conflict.whatnow import what_now

ROOT = Path(__file__).resolve().parent.parent
GLASS = Equipment("Glass dagger", damage=1)


def crew() -> Conflict:
    """Vin (Wits 5, a Glass dagger) against the Inquisitor (Wits 4): he declares first."""
    return table((sheet("Vin", wits=5, equipment=(GLASS,)), "crew"),
                 (sheet("Inquisitor", kind="villain", wits=4), "ministry"))


def declared(c: Conflict) -> Conflict:
    """Both have declared attacks: the Inquisitor with 5 dice, Vin with 6."""
    for who, target, dice in (("inq", "vin", "5"), ("vin", "inq", "6")):
        for event in steps.declare(who, Declaration("attack", dice, target=target))(c.state):
            c.push(event)
    return c


# --- faces typed at the table (R-DICE-1) --------------------------------------------------


@given(st.lists(st.lists(st.integers(1, 6), min_size=1, max_size=10), min_size=1,
                max_size=4), st.sampled_from([(",", "/"), (" ", " / "), (", ", "/ ")]))
def test_r_dice_1_faces_typed_round_trip(rows: list[list[int]], marks: tuple[str, str]
                                         ) -> None:
    face, roller = marks
    text = roller.join(face.join(str(n) for n in row) for row in rows)
    assert read_faces(text) == rows


def test_r_dice_1_a_die_left_out_is_refused_showing_the_syntax() -> None:
    with pytest.raises(BadValue) as caught:
        read_faces("5,,3", "faces")
    assert str(caught.value) == ("'5,,3' has a comma with no face beside it; "
                                 f"write the dice rolled, {FACES_EXAMPLE}")
    assert (caught.value.rule, caught.value.param, caught.value.value) == (
        "R-DICE-1", "faces", "5,,3")  # the parameter by its name: each door words it
    with pytest.raises(BadValue, match=r"^no faces: give the dice rolled, e\.g\. 5,5,3 "
                       ) as caught:
        read_faces("5,5/", "against")
    assert caught.value.param == "against"


def test_r_dice_1_one_roller_reads_no_slash_and_leaves_faces_to_the_rules() -> None:
    assert read_faces("5 5 4 2", group=False) == [[5, 5, 4, 2]]
    assert read_faces("5/5, x", group=False) == [["5/5", "x"]]
    with pytest.raises(BadValue, match=r"give the dice you rolled, e\.g\. 5,5,4,2"):
        read_faces(" , ", group=False)


def test_r_con_14_faces_typed_become_the_roll() -> None:
    c = declared(crew())
    for intent in (steps.act("vin"), steps.defend("inq", 3)):
        for event in intent(c.state):
            c.push(event)
    (event,) = steps.roll("5,5,3,1,2,6", ["4,4,1"])(c.state)
    assert event.attacker == ((5, 5, 3, 1, 2, 6),)
    assert event.defenders[0].faces == ((4, 4, 1),)


# --- declarations (R-CON-7, R-CON-8) -----------------------------------------------------------


def test_r_con_8_an_attack_needs_a_target() -> None:
    with pytest.raises(BadValue, match=r"^an attack needs a target$") as caught:
        steps.declare("vin", Declaration("attack", "5"))
    assert (caught.value.rule, caught.value.param) == ("R-CON-8", "target")


def test_r_con_7b_full_defense_is_aimed_at_no_one() -> None:
    with pytest.raises(RuleViolation) as caught:
        steps.declare("vin", Declaration("defense", "4", target="inq"))
    assert str(caught.value) == ("a target goes with an action aimed at someone; full "
                                 "defense (R-CON-7b) is aimed at no one")
    assert caught.value.rule == "R-CON-7b"


def test_r_con_7c_an_action_that_needs_no_roll_takes_no_dice_and_no_aim() -> None:
    with pytest.raises(RuleViolation, match=r"takes no dice \(R-CON-7c\)$") as caught:
        steps.declare("vin", Declaration("no-roll", "3"))
    assert caught.value.rule == "R-CON-7c"
    with pytest.raises(RuleViolation, match=r"^a target and no harm go with") as caught:
        steps.declare("vin", Declaration("no-roll", target="inq", no_harm=True))
    assert caught.value.rule == "R-CON-7c"


def test_r_con_7_declarations_become_the_engines_events() -> None:
    state = crew().state
    assert steps.declare("inq", Declaration("no-roll", description="waits"))(state) == [
        Declare.no_roll("Inquisitor", description="waits")]
    assert steps.declare("vin", Declaration("defense", "4"))(state) == [
        Declare.defense("Vin", 4)]
    assert steps.declare("vin", aim(["inq", "5", "with", "glass"], "attack"))(state) == [
        Declare.action("Vin", 5, target="Inquisitor", equipment="Glass dagger")]
    assert steps.declare("vin", aim(["4", "at", "inq", "harmless"], "action"))(state) == [
        Declare.action("Vin", 4, target="Inquisitor", harm=False)]


def test_r_con_7_dice_figured_from_the_sheet_must_agree_with_a_count() -> None:
    state = crew().state
    vin = state.participant("Vin").character
    pool = dice_for(vin, "physique", traits=(), tools=["rope"])
    assert steps.declare("vin", Declaration("defense", using="phys", tools=("rope",)))(
        state) == [Declare.defense("Vin", pool)]
    assert read_dice(vin, "physique + tool:rope") == pool
    with pytest.raises(RuleViolation, match=r"^9 dice disagree with the source's: ") as caught:
        steps.declare("vin", Declaration("defense", "9", using="physique"))(state)
    assert caught.value.rule == "R-DICE-1"


def test_r_con_8a_a_guided_feint_aims_without_harm_and_names_no_resilience() -> None:
    said = read_declaration("feint inq -- a false step", ["Inquisitor"], ["Glass dagger"])
    assert (said.verb, said.target, said.harm, said.description) == (
        "feint", "Inquisitor", False, "a false step")
    with pytest.raises(BadValue, match=r"targets no Resilience \(R-CON-8a\)") as caught:
        read_declaration("feint inq health", ["Inquisitor"], [])
    assert caught.value.rule == "R-CON-8a"


def test_r_con_8_one_grammar_reads_every_door_s_words() -> None:
    # A player's line and a guided answer read the same words the same way.
    said = aim(["inq", "mental", "willpower", "using", "wits", "+", "tool:rope", "--",
                "a glare"], "attack")
    assert (said.target, said.attack_kind, said.resilience, said.using, said.tools,
            said.description) == ("inq", "mental", "willpower", "wits", ("rope",), "a glare")
    guided = read_declaration("attack inq mental willpower using wits + tool:rope -- a glare",
                              ["Inquisitor"], [])
    assert guided.said == attrs.evolve(said, target="inq")
    assert (guided.target, guided.kind, guided.resilience, guided.dice) == (
        "Inquisitor", "mental", "willpower", "wits + tool:rope")
    assert read_declaration("attack inq 5 harmless", ["Inquisitor"], []).harm is False
    assert aim(["inq", "with", "-"], "attack").equipment is None
    with pytest.raises(BadValue, match="one Resilience at most, got health, willpower"):
        aim(["inq", "health", "willpower"], "attack")


def test_r_con_8_a_shell_attack_on_another_resilience_reaches_the_engine() -> None:
    (event,) = steps.declare("vin", aim(["inq", "5", "social", "willpower"], "attack"))(
        crew().state)
    assert event == Declare.action("Vin", 5, target="Inquisitor", attack_kind="social",
                                   resilience="willpower")


WORDS = ["inq", "inquisitor", "vin", "5", "3", "1", "0", "12", "-2", "with", "glass",
         "dagger", "using", "physique", "wits", "harmless", "at", "about", "--", "fast",
    "social", "health", "willpower", "-", "+", "tool:rope"]


@settings(max_examples=scaled(150), deadline=None)
@given(st.sampled_from(["attack", "action", "defense", "no-roll"]),
       st.lists(st.sampled_from(WORDS), max_size=7))
def test_r_con_7_any_declaration_read_is_accepted_or_refused_by_rule(
        kind: str, words: list[str]) -> None:
    state = crew().state
    who = what_now(state).who[0]
    try:
        for event in steps.declare(who, aim(words, kind))(state):
            state = apply(state, event)
    except ConflictError as error:
        assert error.rule, str(error)
    except CharacterError:
        pass  # a name that matches no one (or several), said as such
    else:
        assert state.action(1) is not None or state.participant(who).round is not None


@settings(max_examples=scaled(150), deadline=None)
@given(st.sampled_from(["attack", "feint", "action", "defense", "no-roll"]),
       st.lists(st.sampled_from(WORDS), max_size=7), st.sampled_from(["5", "physique"]))
def test_r_con_7_any_guided_declaration_read_is_accepted_or_refused_by_rule(
        verb: str, words: list[str], dice: str) -> None:
    state = crew().state
    option = what_now(state).option  # type: ignore[attr-defined]
    person = state.participant(option.name)
    try:
        said = read_declaration(" ".join([verb, *words]), option.targets, option.equipment)
        count = read_dice(person.character, said.dice or dice)
        if said.verb == "no-roll":
            event = option.no_roll(description=said.description)
        elif said.verb == "defense":
            event = option.defense(count, description=said.description)
        else:
            event = option.action(count, target=said.target, harm=said.harm,
                                  attack_kind=said.kind, resilience=said.resilience,
                                  equipment=said.equipment, description=said.description)
        apply(state, event)
    except ConflictError as error:
        assert error.rule, str(error)
    except CharacterError:
        pass  # a name that matches no one (or several), said as such


def test_r_con_16_a_reaction_is_named_then_the_dice_added() -> None:
    assert read_reaction(["pewter", "burst", "2"]) == ("pewter burst", 2)
    assert read_reaction(["3"]) == ("3", None)  # one word is the name
    assert read_reaction(["tin"]) == ("tin", None)
    with pytest.raises(BadValue, match="the dice added must be a whole number") as caught:
        read_reaction(["tin", "+-2"])
    assert caught.value.rule == "R-CON-16"


# --- acting and the round (R-CON-11, R-CON-21) ---------------------------------------------


@pytest.mark.parametrize(("dice", "pool"), [(0, 2), (1, 2), (2, 2), (6, 6), (10, 10), (14, 10)])
def test_r_con_11_the_default_pool_is_all_it_may_roll_two_to_ten(dice: int, pool: int) -> None:
    assert default_pool(dice) == pool


def test_r_con_11_the_step_and_the_option_default_alike() -> None:
    c = declared(crew())
    assert steps.act("vin")(c.state) == [Act("Vin", pool=6)]
    assert ActOption("Vin", 2, 2, 6).event() == Act("Vin", pool=default_pool(6))
    assert steps.act("vin", 3)(c.state) == [Act("Vin", pool=3)]


def test_r_con_21_another_round_against_no_one_is_refused_unless_anyway() -> None:
    c = declared(crew())
    c.push(Defeat("Inquisitor", reason="flees"))
    with pytest.raises(RuleViolation) as caught:
        steps.end_round(anyway=False)(c.state)
    assert caught.value.rule == "R-CON-21"
    assert str(caught.value).startswith("R-CON-21: the ministry side is beaten, so another "
                                        "round would be against no one")
    assert steps.end_round()(c.state) == [EndRound()]
    assert steps.end("the crew escapes")(c.state) == [EndConflict("the crew escapes")]


def test_r_con_14_no_action_waits_for_its_roll() -> None:
    with pytest.raises(RuleViolation, match=r"^no action is waiting for its roll") as caught:
        steps.roll()(crew().state)
    assert caught.value.rule == "R-CON-14"
    with pytest.raises(RuleViolation, match=r"say which to damage$"):
        steps.damage()(crew().state)


# --- the front doors ------------------------------------------------------------------------


def _imports(module: str) -> set[str]:
    """Every module ``module`` imports, at the top, in functions or for type checking."""
    path = ROOT / (module.replace(".", "/") + ".py")
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize(("one", "other"), [("cli.conflict.run", "cli.conflict.questions"),
                                            ("cli.players.shell", "cli.players.narrator_verbs"),
                                            ("cli.players.shell", "cli.players.steps")])
def test_no_front_door_imports_back_the_module_that_imports_it(one: str, other: str) -> None:
    assert not (other in _imports(one) and one in _imports(other))


def test_the_player_shell_takes_its_steps_from_the_library_not_the_step_commands() -> None:
    for module in ("cli.players.shell", "cli.players.steps", "cli.players.words",
                   "cli.players.narrator_verbs", "cli.conflict.questions"):
        assert "cli.conflict.steps" not in _imports(module), module
    assert "conflict.intents" in _imports("cli.players.steps")
