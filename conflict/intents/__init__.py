"""Steps as a library: what a person means, made into the events of a Conflict.

A person at the table says a step in words — a step command's arguments, an answer in
the guided round, a player's line in the shell — and every front door hands those
words here: :mod:`.words` reads them (numbers, dice faces typed as rolled, the dice
and aim of a declaration) and :mod:`.steps` makes each step an :data:`Intent`, a
function of the Conflict's state giving the events to append, which is what the
table's optimistic writer (:meth:`conflict.table.sessions.Saved.record`) takes.
Words that break a rule are refused with :class:`~conflict.errors.BadValue` or
:class:`~conflict.errors.RuleViolation`, the rule kept on the error.

How this differs from :mod:`conflict.steps`: those are the *engine's handlers*,
``apply(state, event) -> state``, which judge an event already made. This layer comes
before them: it makes the event from what was said (resolving names, figuring dice from
the sheet, choosing the defaults a person means by saying nothing); the engine then
judges it as it judges any other event.
"""

from conflict.intents.steps import (
    Intent,
    act,
    change,
    check_declaration,
    damage,
    declare,
    defeat,
    defend,
    end,
    end_round,
    end_round_check,
    hold,
    participant,
    pending_or,
    react,
    reorder,
    roll,
    set_test,
    swap,
    take,
)
from conflict.intents.words import (
    FACES_EXAMPLE,
    Declaration,
    Declared,
    aim,
    dice_words,
    face_tokens,
    figure,
    number_or_text,
    read_declaration,
    read_dice,
    read_faces,
    read_reaction,
)

__all__ = [
    "FACES_EXAMPLE",
    "Declaration",
    "Declared",
    "Intent",
    "act",
    "aim",
    "change",
    "check_declaration",
    "damage",
    "declare",
    "defeat",
    "defend",
    "dice_words",
    "end",
    "end_round",
    "end_round_check",
    "face_tokens",
    "figure",
    "hold",
    "number_or_text",
    "participant",
    "pending_or",
    "react",
    "read_declaration",
    "read_dice",
    "read_faces",
    "read_reaction",
    "reorder",
    "roll",
    "set_test",
    "swap",
    "take",
]
