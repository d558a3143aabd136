"""A step's words, however a program gives them (``core.steps``): a parameter of free
text given as one string or as the list of its words (as the command line gives them)
builds the same events, in every step of every game's table; a string is never read
letter by letter (R-HW-3 a face-down card's name, R-STF-4 an Advantage card's)."""

from __future__ import annotations

import functools
import string
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from profiles import scaled

from boardgames import deckbuilding as dbg
from boardgames import housewar as hw
from boardgames import stuffed
from boardgames.deckbuilding.step_table import STEPS as DBG_STEPS
from boardgames.housewar import FaceDown
from boardgames.housewar.step_table import STEPS as HW_STEPS
from boardgames.stuffed.events import Mission, NewGame, PlayCard, Roll, Seat, SpendSet
from boardgames.stuffed.step_table import STEPS as STUFFED_STEPS
from characters.samples import example_characters
from conflict import AddParticipant, Conflict, Nature, Start
from conflict.intents.step_table import STEPS as CONFLICT_STEPS
from core.errors import RefusedError
from core.steps import Kind, Option, Param, Step, Steps, text

# --- a few games as they stand, each table's steps offered in some ---------------------


def _housewar() -> list[Any]:
    game = hw.new_game(3, "short", ("Venture", "Lekal", "Hasting"))

    def take(step: str, **values: Any) -> None:
        option = next(o for o in hw.options(game.state) if o.name == step)
        game.push(*option.events(**values))

    for _ in range(3):
        take("sheet", what=("2 money 1 food",), cards=1)
    for name, urgency, cost, favor in (("Ashfall", 2, "2 food 1 skaa", 5),
                                       ("Riot", 3, "2 warriors", 4),
                                       ("Spook", 1, "1 prestige 1 money", 3)):
        take("add", name=name, urgency=urgency, cost=(cost,), favor=favor)
    before = game.state
    take("collect")
    playing = game.state
    game.push(FaceDown("Venture", "Ally"))
    return [before, playing, game.state]


def _stuffed() -> list[Any]:
    seats = (Seat("Ann", "Kelsier", "charisma"), Seat("Bo", "Vin", "resource"))
    start = NewGame(seats, Mission("Heist", 1, 0, "ch:2,i"))
    return [stuffed.replay([start]), stuffed.replay([start, Roll("c c c c i i i b")]),
            stuffed.replay([start, Roll("c c c c i i i b"), SpendSet((1, 2, 3, 4))])]


def _deckbuilding() -> list[Any]:
    return [dbg.replay([dbg.NewGame(("Vin", "Kelsier"), dbg.Mode.COMPETITIVE)]).state,
            dbg.replay([dbg.NewGame(("Vin", "Kelsier", "Marsh"), dbg.Mode.COOP)]).state]


def _conflict() -> list[Any]:
    cast = {character.name: character for character in example_characters()}
    return [Conflict([Start(Nature.PHYSICAL), AddParticipant(cast["Tamsin Vey"], "crew"),
                      AddParticipant(cast["Hazekillers of House Orrell"], "foe")]).state]


GAMES: dict[str, tuple[Steps[Any], Any]] = {
    "housewar": (HW_STEPS, _housewar), "stuffed": (STUFFED_STEPS, _stuffed),
    "deckbuilding": (DBG_STEPS, _deckbuilding), "conflict": (CONFLICT_STEPS, _conflict)}

ITEMS: frozenset[tuple[str, str]] = frozenset({("stuffed", "end-turn")})
"""Steps whose text parameter lists one name a word, as the command line gives them:
the red-scroll cards played at a turn's end (Scouting Windfall: two cards). A list of
``NAME=VALUE`` pairs (``venture=2f lekal=1s``) is a list of items too, not one text."""


def _one_text(game: str, step: Step[Any], param: Param) -> bool:
    """Whether ``param`` is free text: one text, whose words may come one by one."""
    return (param.kind is Kind.TEXT and not param.repeat and "=" not in (param.metavar or "")
            and (game, step.name) not in ITEMS)


@functools.cache
def _states(game: str) -> tuple[Any, ...]:
    return tuple(GAMES[game][1]())


def _filled(step: Step[Any], state: Any, under_test: str) -> dict[str, Any]:
    """A value for each required parameter but ``under_test``, as the game offers it."""
    values: dict[str, Any] = {}
    for param in step.params:
        if not param.required or param.name == under_test:
            continue
        words = param.words(state, "")
        word: Any = words[0] if words else ("1" if param.kind is not Kind.NUMBER else 1)
        values[param.name] = (word,) if param.many or param.repeat else word
    return values


def _options(step: Step[Any], state: Any, param: str) -> list[tuple[Option[Any], dict[str, Any]]]:
    """The ways ``step`` is offered in ``state``, or the step as the host would take it
    where none is, each with the other values it needs (the dice shown, never rolled)."""
    offered = [o for o in (step.offer(state) if step.offer else ())]
    options = [Option(step, state, o.seat, o.values) for o in offered] or [Option(step, state)]
    out = []
    for option in options:
        values = {k: v for k, v in _filled(step, state, param).items()
                  if k not in option.values}
        if "faces" in {p.name for p in step.params} and param != "faces":
            count = len(option.values.get("dice") or ()) or 8
            values["faces"] = ("c",) * count
        values.pop(param, None)
        out.append((option, values))
    return out


def _built(option: Option[Any], values: dict[str, Any]) -> tuple[Any, ...]:
    """The events ``option`` builds with ``values``, or its refusal, as data."""
    try:
        return ("built", list(option.events(**values)))
    except RefusedError as refusal:
        return ("refused", type(refusal), str(refusal), refusal.param)


def _cases() -> list[tuple[str, str, str]]:
    cases = []
    for game, (steps, _) in GAMES.items():
        for step in steps:
            for param in step.params:
                if _one_text(game, step, param):
                    cases.append((game, step.name, param.name))
    return cases


REAL = ("Ally", "My Birden", "Sacrifice", "Old Noble", "2 money 1 food", "1 skaa",
        "2f 1s", "3", "2nd", "ch:2,i", "essence", "12", "0", "X 4", "the crew escapes",
        "stop", "II", "-1")
"""Words a table would type, among the random ones."""

WORDS = st.one_of(
    st.sampled_from(REAL).map(str.split),
    st.lists(st.text(string.ascii_letters + string.digits + ":=,-", min_size=1, max_size=6),
             min_size=1, max_size=3))


@pytest.mark.parametrize(("game", "step", "param"), _cases())
@settings(max_examples=scaled(8), deadline=None)
@given(words=WORDS)
def test_r_hw_3_r_stf_4_a_text_given_whole_or_as_its_words_builds_the_same_events(
        game: str, step: str, param: str, words: list[str]) -> None:
    """Every text parameter of every step of every game: ``"My Birden"`` and
    ``["My", "Birden"]`` build the same events, or the same refusal naming the same
    parameter."""
    steps = GAMES[game][0]
    for state in _states(game):
        for option, values in _options(steps[step], state, param):
            whole = _built(option, {**values, param: " ".join(words)})
            assert whole == _built(option, {**values, param: list(words)}), (state, option)


def test_r_hw_3_a_face_down_cards_name_given_as_a_string_is_taken_whole() -> None:
    """R-HW-3: "Personality cards played face down" keep their names: a program's
    ``card="Ally"`` is the card Ally, never 'A l l y'; a discard and a reveal too."""
    state = _states("housewar")[1]
    (face_down,) = [o for o in hw.options(state) if o.name == "face-down"]
    assert face_down.events(card="Old Noble") == [FaceDown("Venture", "Old Noble")]
    assert face_down.events(card=["Old", "Noble"]) == [FaceDown("Venture", "Old Noble")]
    played = _states("housewar")[2]  # Venture's Ally lies face down
    (discard,) = [o for o in hw.options(played) if o.name == "discard"]
    assert [e.card for e in discard.events(name="Venture", card="Ally")] == ["Ally"]
    reveal = Option(HW_STEPS["reveal"], played)
    assert [e.card for e in reveal.events(name="Venture", card="Ally")] == ["Ally"]


def test_r_stf_4_an_advantage_card_given_as_a_string_is_played_by_its_name() -> None:
    """R-STF-4: My Birden is known by its name, given as one string or as its words;
    a near miss is refused naming the card (its parameter), not the coins."""
    state = _states("stuffed")[2]
    play = next(o for o in stuffed.options(state) if o.name == "play" and not o.values)
    assert play.events(card="My Birden") == play.events(card=["My", "Birden"])
    assert play.events(card="Windfall", coins=2) == [PlayCard("Windfall", coins=2)]
    with pytest.raises(RefusedError, match="did you mean My Birden") as refused:
        play.events(card="My Birdn")
    assert (refused.value.param, refused.value.value) == ("card", "My Birdn")
    discard = next(o for o in stuffed.options(state) if o.name == "discard")
    assert [e.card for e in discard.events(card="Dust Storm")] == ["Dust Storm"]


def test_a_value_is_read_as_the_command_line_gives_it() -> None:
    """A parameter taking several values takes a string whole as one of them; free text
    takes a list of words as one text (``core.steps.Param.read``, ``text``)."""
    many = Param("card", "A card.", many=True)
    assert many.read("My Birden") == ("My Birden",)
    assert many.read(["My", "Birden"]) == ("My", "Birden")
    assert many.read(()) == ()
    assert Param("note", "Text.").read(["a", "b"]) == "a b"
    assert Param("n", "A number.", Kind.NUMBER).read(3) == 3
    assert text(("My", "Birden")) == text("My Birden") == "My Birden"
    assert text(None) is None
