"""A mistake by the person at the keyboard, as every front door reports it: one line,
exit status 2 (:func:`fail`). Light at import, so any command module may use it
without loading the click group of :mod:`cli.main`."""

from __future__ import annotations

from typing import NoReturn


class UserError(Exception):
    """A mistake by the person at the keyboard, reported as one line (exit status 2)."""


def fail(message: str) -> NoReturn:
    """Stop the command with a one-line error and exit status 2."""
    raise UserError(message)
