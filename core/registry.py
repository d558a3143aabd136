"""Which games there are: each game package registers its :class:`~core.game.Game`
here, and the table asks for one by its stream kind.

Why a registry module rather than entry points: entry points are read from the
installed distribution's metadata, which costs a scan of ``site-packages`` at the
first lookup and does not see a source tree that is not installed; they also give
back untyped objects. Here a lookup imports exactly one known module, by name, the
first time its kind is asked for (:data:`MODULES`), and that module registers a
*loader* — a function that imports the game's code and builds its ``Game`` — so:

* nothing here imports a game, and ``mistborn --version`` or ``mistborn roll 5``
  import none;
* asking for Stuffed loads Stuffed, not the Conflict engine nor the other games;
* a game's code is loaded once, on first use, as the table used to do with
  ``functools.cache``.

Registering a kind twice is refused (:class:`AlreadyRegistered`): two games would
otherwise silently share one stream kind. An unknown kind is a one-line refusal
(:class:`UnknownKind`).

This module imports no project package: the game modules are named as text.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, TypeVar

if TYPE_CHECKING:
    from core.game import Game

__all__ = ["MODULES", "AlreadyRegistered", "RegistryError", "UnknownKind", "game", "kinds",
           "register", "registered"]

S = TypeVar("S")
E = TypeVar("E")

MODULES: Final[dict[str, str]] = {
    "conflict": "conflict.saved",
    "stuffed": "boardgames.registration",
    "deckbuilding": "boardgames.registration",
    "housewar": "boardgames.registration",
}
"""The game modules this program knows, by the stream kind each registers: imported
by name on the first lookup of that kind."""

_LOADERS: dict[str, Callable[[], Game[Any, Any]]] = {}
_LOADED: dict[str, Game[Any, Any]] = {}


class RegistryError(ValueError):
    """A game cannot be registered or found."""


class UnknownKind(RegistryError):
    """No game is registered for a stream kind."""

    def __init__(self, kind: object) -> None:
        self.kind = kind
        shown = repr(kind)
        shown = shown if len(shown) <= 60 else shown[:59] + "…"
        super().__init__(f"no game is played in streams of kind {shown} "
                         f"(known: {', '.join(MODULES)})")


class AlreadyRegistered(RegistryError):
    """A second game for a stream kind that already has one."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        super().__init__(f"a game is already registered for the stream kind {kind!r}")


def register(kind: str, load: Callable[[], Game[S, E]]) -> None:
    """Register the game of stream ``kind``: ``load()`` builds it, on first lookup
    (importing the game's code then, not now). :class:`AlreadyRegistered` if ``kind``
    has a game already."""
    if not isinstance(kind, str) or not kind:
        raise RegistryError(f"a stream kind is a non-empty text, got {kind!r}"[:120])
    if kind in _LOADERS:
        raise AlreadyRegistered(kind)
    _LOADERS[kind] = load


def game(kind: str) -> Game[Any, Any]:
    """The game played in streams of ``kind`` (loaded on first use); :class:`UnknownKind`
    if there is none."""
    found = _LOADED.get(kind) if isinstance(kind, str) else None
    if found is not None:
        return found
    if isinstance(kind, str) and kind not in _LOADERS and kind in MODULES:
        importlib.import_module(MODULES[kind])  # the module registers its kind
    load = _LOADERS.get(kind) if isinstance(kind, str) else None
    if load is None:
        raise UnknownKind(kind)
    made = load()
    if made.kind != kind:
        raise RegistryError(f"the game registered for {kind!r} says it is {made.kind!r}")
    _LOADED[kind] = made
    return made


def kinds() -> tuple[str, ...]:
    """Every kind a game is registered for, the known ones first (importing their
    modules)."""
    for module in dict.fromkeys(MODULES.values()):
        importlib.import_module(module)
    return tuple(dict.fromkeys([*MODULES, *_LOADERS]))


def registered(kind: str) -> bool:
    """Whether ``kind`` has a game registered already (nothing is imported)."""
    return kind in _LOADERS
