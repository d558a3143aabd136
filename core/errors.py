"""The one error base of every game of the tool.

Every error the project raises for a request it refuses derives from
:class:`RefusedError`, a :class:`ValueError`, split in two as a table tool needs:

* :class:`Malformed` – the input itself is malformed (a pool of -3, a face of 7, a
  name with a control character, text that is no JSON);
* :class:`NotAllowed` – the input is well formed but the rules forbid it now
  (``R-CON-15: Vin already defended against action 3``).

Each package keeps its own classes (:mod:`conflict.errors`, :mod:`boardgames.errors`,
:mod:`characters.errors`, the table's), each a subclass of one of these, so a tool
author catches :class:`RefusedError` for every game, or :class:`NotAllowed` for what
the rules refuse in any game. Messages name the rule (``rule``, when there is one) and
the bad value, quoted through :func:`shown`, on one line.
"""

from __future__ import annotations

from typing import Final

from core.ignorable import ignorable

__all__ = ["PATH_QUOTE", "QUOTE", "Malformed", "NotAllowed", "RefusedError", "RuledError", "cut",
           "looks_alike_message", "shown", "shown_path"]

QUOTE: Final = 60
"""The most characters of a bad value an error message quotes."""


PATH_QUOTE: Final = 120
"""The most characters of a file's path an error message quotes: it names where to
look, so it may be longer than another value, and is cut in its middle (its start and
its end, the file's own name, are kept)."""


def cut(text: str, limit: int, *, ends: bool = False) -> str:
    """``text`` if it has at most ``limit`` characters, else cut to ``limit`` with
    ``…`` for what was left out: at its end, or in its middle when ``ends`` (the start
    and the end kept, as a file's path needs). The one cut of every value an error
    message repeats (:func:`shown`, :func:`shown_path`, the front doors' last check of
    a whole line)."""
    if len(text) <= limit:
        return text
    if not ends or limit < 3:
        return text[: max(limit - 1, 0)] + "…"
    tail = (limit - 1) // 2
    return f"{text[: limit - 1 - tail]}…{text[len(text) - tail:]}"


def shown(value: object, limit: int = QUOTE, *, ends: bool = False) -> str:
    """``value`` as an error message quotes it: its repr, on one line, at most ``limit``
    characters (longer ones are :func:`cut`, at the end unless ``ends``), so a 10 MB
    name never makes a 10 MB message. Characters that show nothing are escaped
    (``\\u3164``) like controls."""
    text = repr(value)
    if not text.isascii():  # repr shows fillers and selectors as they are: escape them
        text = ignorable().sub(lambda found: ascii(found.group())[1:-1], text)
    return cut(text, limit, ends=ends)


def shown_path(path: object) -> str:
    """A file's path as an error message quotes it (``'/tmp/t.db'``): :func:`shown`
    of its text, at most :data:`PATH_QUOTE` characters, cut in the middle."""
    return shown(path if isinstance(path, str) else str(path), PATH_QUOTE, ends=True)


def looks_alike_message(name: str, existing: str, why: str) -> str:
    """How a refusal of a look-alike name reads, wherever it is refused:
    ``'Vіn' looks like 'Vin' already at the table (it uses a Cyrillic letter); choose
    another name`` (see :mod:`core.names`)."""
    return (f"{shown(name)} looks like {shown(existing)} already at the table ({why}); "
            "choose another name")


class RefusedError(ValueError):
    """Base class of every refusal of the project. ``rule`` is the rule ID the refusal
    rests on (``R-DBG-1``), or ``None`` when none applies (a file that cannot be read).

    A refusal about one parameter of a step names it by its table name in ``param``
    (``"target"``, :mod:`core.steps`) and keeps the bad ``value``: its sentence speaks
    the rules ("an attack needs a target"), never a front door's words, and each door
    says how to give that parameter its own way (``--target NAME`` on the command line,
    ``d attack NAME DICE`` in the player shell)."""

    rule: str | None = None
    param: str | None = None
    value: object = None

    @property
    def message(self) -> str:
        """The refusal's sentence without its rule ID: ``str(error)`` is
        ``"R-CON-15: Vin already defended against action 3"`` and ``error.message``
        ``"Vin already defended against action 3"``, so that a program printing
        ``error.rule`` beside it does not say the rule twice."""
        text = str(self)
        prefix = f"{self.rule}: " if self.rule else ""
        return text[len(prefix):] if prefix and text.startswith(prefix) else text


class Malformed(RefusedError):
    """The input itself is malformed or out of its allowed range."""


class NotAllowed(RefusedError):
    """A well-formed request that the rules do not allow in the current state."""


class RuledError(RefusedError):
    """A refusal whose message is ``"{rule}: {message}"`` (or the message alone without
    a rule): the shape the rules packages share."""

    def __init__(self, message: str, *, rule: str | None = None, param: str | None = None,
                 value: object = None) -> None:
        self.rule, self.param, self.value = rule, param, value
        super().__init__(f"{rule}: {message}" if rule else message)
