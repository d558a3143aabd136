"""Steps as a library: what a person means, made into the events of a Conflict.

A person at the table says a step in words — a step command's arguments, an answer in
the guided round, a player's line in the shell — and every front door hands those
words here: :mod:`.words` reads them (numbers, dice faces typed as rolled, the dice
and aim of a declaration) and :mod:`.steps` makes each step an :data:`Intent`, a
function of the Conflict's state giving the events to append, which is what the
table's optimistic writer (:meth:`table.sessions.Saved.record`) takes.
Words that break a rule are refused with :class:`~conflict.errors.BadValue` or
:class:`~conflict.errors.RuleViolation`, the rule kept on the error. While the words
are typed, :func:`conflict.intents.complete.complete` says what may come next (Tab).

How this differs from :mod:`conflict.steps`: those are the *engine's handlers*,
``apply(state, event) -> state``, which judge an event already made. This layer comes
before them: it makes the event from what was said (resolving names, figuring dice from
the sheet, choosing the defaults a person means by saying nothing); the engine then
judges it as it judges any other event.
"""

import importlib
from typing import TYPE_CHECKING, Any

from core.lazy import export

if TYPE_CHECKING:
    from conflict.intents.steps import *  # noqa: F403 (the names its __all__ lists)
    from conflict.intents.steps import Intent as Intent
    from conflict.intents.words import *  # noqa: F403

# The names load on first use, so that a command reading only words (``odds 4``,
# ``roll --faces``) does not load the steps (start-up time).
_MODULES = ("conflict.intents.steps", "conflict.intents.words")
_names: dict[str, str] = {}


def _exports() -> dict[str, str]:
    if not _names:
        _names["Intent"] = _MODULES[0]
        for module in _MODULES:
            for name in importlib.import_module(module).__all__:
                _names.setdefault(name, module)
    return _names


def __getattr__(name: str) -> Any:
    if name == "__all__":
        return list(_exports())
    if name in ("steps", "words"):
        # The submodule itself: the import system loads it, and nothing else.
        raise AttributeError(f"module 'conflict.intents' has no attribute {name!r} yet")
    return export("conflict.intents", globals(), _exports(), name)


def __dir__() -> list[str]:
    return sorted({*globals(), *_exports()})
