"""One shape under every game (core.game, core.registry): each game registers a Game
for its stream kind, every registered kind replays its own events — through its codec
and through the table — a kind nobody registered is a one-line refusal, a kind is
registered once, and looking a game up loads that game only."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from boardgames import deckbuilding as dbg
from boardgames import housewar as hw
from boardgames import stuffed
from characters.samples import example_characters
from conflict.events import AddParticipant, Nature, Start
from core import registry
from core.game import Game
from core.viewer import NARRATOR, TABLE
from table import Table, games

ROOT = Path(__file__).resolve().parent.parent


def _conflict() -> list[Any]:
    cast = {character.name: character for character in example_characters()}
    return [Start(Nature.PHYSICAL, stakes="the rooftops"),
            AddParticipant(cast["Tamsin Vey"], "crew", surprised=False),
            AddParticipant(cast["Canton guards"], "watch", surprised=False)]


def _stuffed() -> list[Any]:
    return [stuffed.NewGame((stuffed.Seat("Ann", "Kelsier", "charisma"),
                             stuffed.Seat("Bo", "Vin", "resource")),
                            stuffed.Mission("Heist", 2, 1, "ch:2,i,r")),
            stuffed.Roll("c c c ch ch i b r")]


def _deckbuilding() -> list[Any]:
    return [dbg.NewGame(("Vin", "Kelsier", "Marsh")), dbg.Damage("Marsh", 5),
            dbg.Heal("Marsh", 1)]


def _housewar() -> list[Any]:
    return [hw.Start(3, "short"), hw.AddProblem("Ashfall", urgency=2, reason="setup")]


GAMES: dict[str, Callable[[], list[Any]]] = {
    "conflict": _conflict, "stuffed": _stuffed, "deckbuilding": _deckbuilding,
    "housewar": _housewar}


def _states(game: Game[Any, Any], events: Sequence[Any]) -> list[Any]:
    states = [game.initial]
    for event in events:
        states.append(game.apply(states[-1], event))
    return states


def test_every_game_of_the_tool_is_registered_for_its_kind() -> None:
    assert set(registry.kinds()) == set(GAMES)
    for kind in GAMES:
        assert registry.game(kind).kind == kind
        assert registry.game(kind) is registry.game(kind)  # built once


@pytest.mark.parametrize("kind", list(GAMES))
def test_every_registered_kind_replays_its_own_events(kind: str, tmp_path: Path) -> None:
    game = registry.game(kind)
    events = GAMES[kind]()
    states = _states(game, events)
    assert isinstance(events[0], game.setup)
    # Through its codec: each event comes back equal, and replays to the same state.
    decoded = [game.decode(game.encode(event)) for event in events]
    assert decoded == events
    assert game.replay(decoded) == states[-1]
    # Through the table, in another Table object (no cache shared with the writer).
    path = tmp_path / "table.db"
    with Table(path) as table:
        name, recorded = games.start(table, kind, "First", events[:1], who="Ann")
        games.record(table, kind, name, lambda _state: events[1:], who="Ann")
        assert recorded.after == states[1]
    with Table(path, create=False) as table:
        _saved, loaded = games.load(table, kind)
        assert loaded.events == tuple(events) and loaded.state == states[-1]
    # What a front door shows, for any viewer.
    for viewer in (NARRATOR, TABLE):
        for before, event, after in zip(states, events, states[1:], strict=False):
            assert game.describe(before, event, after, viewer).strip()
        assert game.next(states[-1], viewer).strip()
        assert game.board(states[-1], viewer)


def test_an_unknown_kind_is_a_one_line_refusal() -> None:
    for kind in ("chess", "", "x" * 500, 3):
        with pytest.raises(registry.UnknownKind) as refused:
            registry.game(kind)  # type: ignore[arg-type]
        message = str(refused.value)
        assert "\n" not in message and len(message) < 200
        assert message.startswith("no game is played in streams of kind ")
        assert message.endswith("(known: conflict, stuffed, deckbuilding, housewar)")


def test_a_kind_is_registered_once() -> None:
    registry.game("stuffed")
    with pytest.raises(registry.AlreadyRegistered,
                       match="a game is already registered for the stream kind 'stuffed'"):
        registry.register("stuffed", lambda: registry.game("housewar"))
    assert registry.game("stuffed").title == "game of Stuffed"
    with pytest.raises(registry.RegistryError, match="a stream kind is a non-empty text"):
        registry.register("", lambda: registry.game("housewar"))


def test_a_game_whose_loader_says_another_kind_is_refused() -> None:
    kind = "test-mislabelled"
    if not registry.registered(kind):
        registry.register(kind, lambda: registry.game("housewar"))
    with pytest.raises(registry.RegistryError, match="says it is 'housewar'"):
        registry.game(kind)


LOOKUP = """
import sys
import core.registry, table.games
before = {m for m in sys.modules if m.startswith(("boardgames.", "conflict."))}
core.registry.game(sys.argv[1])
after = {m for m in sys.modules if m.startswith(("boardgames.", "conflict."))}
print(" ".join(sorted(before)))
print(" ".join(sorted(after)))
"""

GAME_PACKAGES = ("boardgames.stuffed", "boardgames.deckbuilding", "boardgames.housewar",
                 "conflict.engine")


def test_the_table_loads_a_game_only_when_that_game_is_looked_up() -> None:
    for kind, own in (("stuffed", "boardgames.stuffed"), ("conflict", "conflict.engine")):
        done = subprocess.run([sys.executable, "-c", LOOKUP, kind], capture_output=True,
                              text=True, cwd=ROOT, check=True)
        before, after = (set(line.split()) for line in done.stdout.splitlines())
        assert not before & set(GAME_PACKAGES), before
        assert own in after
        assert not (after & set(GAME_PACKAGES)) - {own}, after


@pytest.mark.parametrize("args", [["--version"], ["roll", "5"]])
def test_starting_the_tool_imports_no_game(args: list[str], tmp_path: Path) -> None:
    code = ("import sys\n"
            "sys.argv = ['mistborn', *sys.argv[1:]]\n"
            "from cli import run\n"
            "try:\n"
            "    run()\n"
            "except SystemExit:\n"
            "    pass\n"
            "loaded = [m for m in sys.modules if m.startswith(('boardgames.', 'core.game',"
            " 'core.registry', 'conflict.engine', 'conflict.saved'))]\n"
            "print('GAMES', loaded, file=sys.stderr)\n")
    env = {**os.environ, "MISTBORN_DB": str(tmp_path / "table.db"), "MISTBORN_AS": "Ann"}
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True,
                          text=True, cwd=ROOT, check=False, env=env)
    assert "GAMES []" in done.stderr, done.stderr


def test_names_that_moved_out_of_the_table_still_work_with_a_warning() -> None:
    import boardgames.registration
    import conflict.saved
    import conflict.which
    import table
    import table.games

    with pytest.warns(DeprecationWarning, match="table.conflicts moved to "
                                                "conflict.saved"):
        from table import conflicts
    assert conflicts is conflict.saved
    with pytest.warns(DeprecationWarning, match="table.which moved"):
        assert table.which is conflict.which  # type: ignore[attr-defined]
    with pytest.warns(DeprecationWarning, match="table.games.Rules moved to "
                                                "core.game.Game"):
        assert table.games.Rules is Game  # type: ignore[attr-defined]
    with pytest.warns(DeprecationWarning, match="games.stuffed moved"):
        loader = table.games.stuffed  # type: ignore[attr-defined]
    assert loader is boardgames.registration.stuffed
    assert loader() is registry.game("stuffed")
    with pytest.raises(AttributeError):
        table.games.nothing  # type: ignore[attr-defined]  # noqa: B018
