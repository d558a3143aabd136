"""Rules of the Mistborn Adventure Game: dice, exact odds and the Conflict engine.

Pure code: nothing here prints, touches a database or a network (the table database,
:mod:`table`, is the one exception, and is never imported from here).

Everything a script needs is importable from here: the dice (:mod:`conflict.dice`),
the events (:mod:`conflict.events`), the state (:mod:`conflict.state`), the engine
(:mod:`conflict.engine`), what-now and its options (:mod:`conflict.whatnow`,
:mod:`conflict.options`) and narration (:mod:`conflict.narrate`)::

    from conflict import Conflict, Declare, Expect, Nature, Start, describe

The dice and errors load at once; the rest loads on first use, so that
``mistborn roll`` never pays for the engine. Each module's ``__all__`` is the one
list of what it exports; this package re-exports them all. For the same reason, a
module imports inside a function only what its own imports have not loaded yet
(``tests/test_layout.py`` checks it).
"""

import importlib
import os
from typing import TYPE_CHECKING, Any

from conflict.dice import ContestResult as ContestResult
from conflict.dice import Roll as Roll
from conflict.dice import attack as attack
from conflict.dice import best_of as best_of
from conflict.dice import compare as compare
from conflict.dice import dice_rolled as dice_rolled
from conflict.dice import result_of as result_of
from conflict.dice import roll as roll
from conflict.errors import BadValue as BadValue
from conflict.errors import ConflictError as ConflictError
from conflict.errors import RuleViolation as RuleViolation
from core.lazy import export

if TYPE_CHECKING:
    from conflict.engine import *  # noqa: F403
    from conflict.events import *  # noqa: F403
    from conflict.narrate import *  # noqa: F403
    from conflict.options import *  # noqa: F403
    from conflict.state import *  # noqa: F403
    from conflict.whatnow import *  # noqa: F403

_EAGER = [
    "BadValue",
    "ConflictError",
    "ContestResult",
    "Roll",
    "RuleViolation",
    "attack",
    "best_of",
    "compare",
    "dice_rolled",
    "result_of",
    "roll",
]

LAZY_MODULES = (
    "conflict.events",
    "conflict.state",
    "conflict.options",
    "conflict.engine",
    "conflict.whatnow",
    "conflict.narrate",
)
"""The modules whose ``__all__`` this package re-exports on first use."""

_lazy: dict[str, str] = {}


def _exports() -> dict[str, str]:
    """Name → module of every lazy export (importing the modules, once)."""
    if not _lazy:
        for module_name in LAZY_MODULES:
            module = importlib.import_module(module_name)
            for name in module.__all__:
                _lazy.setdefault(name, module_name)
    return _lazy


def _submodule(name: str) -> bool:
    """Whether ``name`` is a module of this package (``from conflict import saved``)."""
    here = os.path.dirname(__file__)
    return os.path.isfile(os.path.join(here, f"{name}.py")) or \
        os.path.isfile(os.path.join(here, name, "__init__.py"))


def __getattr__(name: str) -> Any:
    if name == "__all__":
        return sorted({*_EAGER, *_exports()})
    if _submodule(name):
        # Not an export: the import system imports the module itself, and nothing else
        # loads (the exports would load the engine).
        raise AttributeError(f"module 'conflict' has no attribute {name!r} yet")
    return export("conflict", globals(), _exports(), name)


def __dir__() -> list[str]:
    return sorted({*globals(), *_exports()})
