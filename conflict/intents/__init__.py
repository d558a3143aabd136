"""Steps as a library: what a person means, made into the events of a Conflict.

A person at the table says a step in words — a step command's arguments, an answer in
the guided round, a player's line in the shell — and every front door hands those
words here: :mod:`.words` reads them (numbers, dice faces typed as rolled, the dice
and aim of a declaration) and :mod:`.steps` makes each step an :data:`Intent`, a
function of the Conflict's state giving the events to append, which is what the
table's optimistic writer (:meth:`conflict.table.sessions.Saved.record`) takes.
Words that break a rule are refused with :class:`~conflict.errors.BadValue` or
:class:`~conflict.errors.RuleViolation`, the rule kept on the error. While the words
are typed, :func:`conflict.intents.complete.complete` says what may come next (Tab).

How this differs from :mod:`conflict.steps`: those are the *engine's handlers*,
``apply(state, event) -> state``, which judge an event already made. This layer comes
before them: it makes the event from what was said (resolving names, figuring dice from
the sheet, choosing the defaults a person means by saying nothing); the engine then
judges it as it judges any other event.
"""

from conflict.intents import steps, words
from conflict.intents.steps import *  # noqa: F403 (the names its __all__ lists)
from conflict.intents.steps import Intent
from conflict.intents.words import *  # noqa: F403

__all__ = ["Intent"]
__all__ += steps.__all__
__all__ += words.__all__
