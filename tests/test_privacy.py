"""Privacy at the source: what a player reads of a Conflict is made for them.

The rule (README, "The player shell"; there is no rule ID): Villains' and Extras'
statistics and Resiliences stay hidden from players until the Narrator reveals them,
and a player always sees the characters they play. Every event kind is narrated for a
player against a hidden Villain (the Prelate) and a hidden Extras group (the Guards)
whose figures are numbers nothing open in the Conflict uses (Wits and Physique 6, a
Reaction of 7 dice, Spirit 9, a change of 11 dice, Health 13, Reputation 17, Willpower
19): none may appear in any form. The same events narrated for the Narrator show them,
so the check can fail.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable

from test_housewar_describe import LOG, _log
from test_housewar_game import GAME as HOUSE_WAR
from test_stuffed_game import GAME as STUFFED

from boardgames.housewar import replay
from boardgames.housewar.describe import describe as house_war
from boardgames.stuffed import new_session
from boardgames.stuffed.describe import describe as stuffed
from characters.model import (
    Attributes,
    ExtraGroup,
    Reaction,
    Resilience,
    Resiliences,
    Sheet,
    Standings,
)
from cli.common.board import board_json, board_view
from cli.players.view import render
from conflict.board import board
from conflict.engine import apply
from conflict.events import (
    EVENT_TYPES,
    Act,
    AddParticipant,
    ApplyDamage,
    Change,
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
from conflict.narrate import describe, describe_all
from conflict.privacy import NARRATOR, TABLE, Viewer, hidden, looking
from conflict.state import EMPTY, State

Step = tuple[State, Event, State]

HIDDEN_FIGURES = frozenset({6, 7, 9, 11, 12, 13, 17, 19})
"""The hidden participants' figures: Wits, Physique and Charm 6 (so the Defense Dice
they gain, R-CON-7c, and 11 halved, R-CON-12), the Guards' Reaction of 7 dice
(R-CON-16), the Prelate's Spirit 9 (a source, R-CON-7), the Prelate's change of 11
dice, its Health 13 and what is left of it, 12 (R-CON-20), Reputation 17, Willpower
19. Nothing the table sees openly (faces, pools, counts, the heroes' numbers, action
and round numbers) is one of them."""

WORDS = {6: "six", 7: "seven", 9: "nine", 11: "eleven", 12: "twelve", 13: "thirteen",
         17: "seventeen", 19: "nineteen"}
PLAYER = looking(plays=["Vin"])


def _sheet(name: str, kind: str, attributes: tuple[int, int, int],
           resiliences: tuple[int, int, int], spirit: int = 3) -> Sheet:
    return Sheet(name=name, kind=kind, attributes=Attributes(*attributes),
                 standings=Standings(3, 3, spirit),
                 resiliences=Resiliences(*(Resilience(full) for full in resiliences)))


def events() -> list[Event]:
    """Vin and Kell (Heroes) against the Guards and the Prelate, over two rounds: every
    event kind, each hidden-figure sentence spoken by or of a hidden participant."""
    vin = _sheet("Vin", "hero", (3, 3, 2), (10, 8, 5))
    kell = _sheet("Kell", "hero", (4, 4, 3), (14, 10, 8))
    prelate = _sheet("Prelate", "villain", (6, 6, 6), (13, 17, 19), spirit=9)
    guards = ExtraGroup(name="Guards", count=4, attributes=Attributes(6, 6, 6),
                        reactions=(Reaction("Shield wall", 7),))
    return [
        Start(Nature.PHYSICAL, stakes="the vault"),
        AddParticipant(vin, "crew"), AddParticipant(kell, "crew"),
        AddParticipant(guards, "opposition"), AddParticipant(prelate, "opposition"),
        Reorder(("Guards", "Prelate")),  # tied on Wits 6 (R-CON-4)
        # Round 1: both hidden need no roll and gain their Physique when attacked.
        Declare.action("Vin", 4, target="Guards", source="Physique 3 + Spirit 1"),
        Declare.action("Kell", 4, target="Prelate"),
        Declare.no_roll("Guards"), Declare.no_roll("Prelate"),
        SetTest(action=1, contest=True, difficulty=1),
        Act("Vin", pool=4),
        React("Guards", action=1, reaction="Shield wall", added=1),
        RollDice(action=1, attacker=[(5, 5, 1, 2)],
                 defenders=[DefenseRoll([(1, 1, 2, 2, 3, 3, 4, 1)] * 4)]),
        ApplyDamage(action=1),
        Act("Kell", pool=4),
        Defend("Prelate", action=2, dice=2),
        RollDice(action=2, attacker=[(4, 4, 1, 2)], defenders=[DefenseRoll([(1, 2)])]),
        ApplyDamage(action=2),
        EndRound(),
        # Round 2: the Prelate declares from its statistics, then changes its action.
        Declare.action("Vin", 4, target="Prelate"),
        Declare.action("Kell", 4, target="Guards"),
        Declare.no_roll("Guards"),
        Declare.action("Prelate", 3, target="Kell", source="Physique 6 + Spirit 9"),
        SwapResilience(action=5, resilience="willpower"),
        Hold("Vin"),
        Act("Kell", pool=4),
        TakeIt("Guards", action=4),
        RollDice(action=4, attacker=[(1, 2, 3, 4)]),
        Change("Prelate", dice=11, target="Kell"),
        Defeat("Prelate", reason="he flees"),
        EndConflict("the crew takes the vault"),
    ]


def steps() -> list[Step]:
    state, found = EMPTY, []
    for event in events():
        after = apply(state, event)
        found.append((state, event, after))
        state = after
    return found


def figures_in(text: str, figures: Iterable[int] = HIDDEN_FIGURES) -> set[int]:
    """Which of ``figures`` ``text`` holds in any form: digits (not as part of a
    longer number), a number word, a die glyph with its face, ``×N``."""
    found = set()
    for figure in figures:
        forms = [rf"(?<!\d){figure}(?!\d)", rf"\b{WORDS[figure]}\b", rf"×\s*{figure}"]
        if 1 <= figure <= 6:
            forms.append(chr(0x2680 + figure - 1))  # ⚀ … ⚅
        if any(re.search(form, text, re.IGNORECASE) for form in forms):
            found.add(figure)
    return found


def board_text(state: State, viewer: Viewer) -> str:
    """The board drawn for ``viewer`` and its JSON, without the actions' public
    numbers (``#6 changed: acts last``, ``"action": 6``: the changed action)."""
    drawn = render([board_view(state, 72, viewer=viewer)], width=72, plain=False,
                   color=False)
    text = f"{drawn}\n{json.dumps(board_json(state, viewer=viewer))}"
    return re.sub(r'#\d+|"action": \d+', "", text)


def test_the_scenario_reaches_every_event_kind() -> None:
    assert [kind for kind in EVENT_TYPES if kind in {type(e) for e in events()}] == \
        list(EVENT_TYPES)


def test_readme_player_shell_villains_and_extras_hidden_until_revealed_no_figure_in_any_event_kind(
        ) -> None:
    covered = []
    for before, event, after in steps():
        said = describe(before, event, after, PLAYER)
        assert not figures_in(said), (type(event).__name__, said)
        assert not figures_in(board_text(after, PLAYER)), type(event).__name__
        covered.append(type(event))
    assert sorted({kind.__name__ for kind in covered}) == \
        sorted(kind.__name__ for kind in EVENT_TYPES)


def test_readme_player_shell_the_narrator_reads_every_hidden_figure() -> None:
    # The check above can fail: the Narrator's sentences and board hold every figure.
    told = [describe(b, e, a, NARRATOR) for b, e, a in steps()]
    assert told == describe_all(events())  # the Narrator is the default viewer
    seen = figures_in(" ".join(told))
    assert seen == HIDDEN_FIGURES - {17, 19}  # Reputation and Willpower: on the board
    start = steps()[4][2]  # every participant has joined
    assert figures_in(board_text(start, NARRATOR)) == {6, 13, 17, 19}


def test_readme_player_shell_the_shared_screen_hides_what_a_player_does() -> None:
    for before, event, after in steps():
        assert describe(before, event, after, TABLE) == describe(before, event, after, PLAYER)
        assert not figures_in(board_text(after, TABLE))


def test_readme_player_shell_a_revealed_villains_numbers_show_for_the_player() -> None:
    shown = looking(plays=["Vin"], revealed=["PRELATE"])
    said = " ".join(describe(b, e, a, shown) for b, e, a in steps())
    assert "Prelate joins the opposition: villain, Wits 6." in said
    assert "Prelate defends (gains 6 Defense Dice) against action 2" in said
    assert "Prelate takes 1 Health damage: Health 12/13." in said
    assert "(Physique 6 + Spirit 9)" in said and "(11 halved is 6, but only 3" in said
    # The Guards stay hidden: their Reaction's own dice, their Wits, what they gain.
    assert "7 + 1" not in said and "Guards join the opposition: 4 Extras." in said
    assert "Guards do not defend against action 4." in said
    people = {p["name"]: p for p in board(steps()[-1][2], shown)["participants"]}
    assert people["Prelate"]["wits"] == 6 and "hidden" not in people["Prelate"]
    assert people["Prelate"]["resiliences"]["health"]["current"] == 12
    assert people["Guards"]["hidden"] and people["Guards"]["wits"] is None


def test_readme_player_shell_a_player_sees_the_villain_they_play() -> None:
    # A player who plays the Prelate reads its numbers, not the Guards'.
    theirs = looking(plays=["prelate"])
    last = steps()[-1][2]
    assert hidden(last, theirs) == {"Guards"}
    assert hidden(last, PLAYER) == hidden(last, TABLE) == {"Guards", "Prelate"}
    assert hidden(last, NARRATOR) == frozenset()
    prelate = next(p for p in board(last, theirs)["participants"] if p["name"] == "Prelate")
    assert prelate["resiliences"]["health"] == {"full": 13, "damage": 1, "current": 12}


def test_r_con_7c_a_hidden_participants_gained_defense_dice_are_not_on_its_board() -> None:
    defended = steps()[16][2]  # the Prelate defended with 2 of the 6 it gained
    people = {p["name"]: p for p in board(defended, PLAYER)["participants"]}
    assert people["Prelate"]["granted"] and people["Prelate"]["defense_dice"] is None
    narrator = {p["name"]: p for p in board(defended)["participants"]}
    assert narrator["Prelate"]["defense_dice"] == 4
    assert "D?" in board_text(defended, PLAYER) and "D4" in board_text(defended, NARRATOR)


def test_the_board_games_say_to_each_viewer_what_they_may_hear() -> None:
    # Their describe takes a viewer like the Conflict's. House War hides a House's gains
    # and face-down cards from everyone but its player until the end (R-HW-6); the
    # Narrator hears every line as before; Stuffed hides nothing.
    game = replay(HOUSE_WAR[:1])
    told = [house_war(replay([]).state, HOUSE_WAR[0], game.state, viewer=PLAYER)]
    for event in HOUSE_WAR[1:]:
        before = game.state
        told.append(house_war(before, event, game.push(event), viewer=PLAYER))
    assert _log(HOUSE_WAR) == LOG
    ended = next(i for i, line in enumerate(LOG) if "The game is over" in line)
    for heard, line in zip(told[:ended], LOG[:ended], strict=True):
        assert not re.search(r"score|\d Favor|\d Disgrace|Favor: \w+ \d|Heir", heard)
        if not re.search(r"score|Favor|Disgrace|face down", line):
            assert heard == line  # nothing hidden in it: the same words
    assert told[ended:] == LOG[ended:]  # the end reveals everything
    play = new_session()
    for step, line in STUFFED:
        was = play.state
        assert stuffed(was, step, play.push(step), viewer=TABLE) == line
