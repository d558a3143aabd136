"""The table file a path typed by the user names (``--db`` or ``$MISTBORN_DB``). Light
at import: the quick paths (:mod:`cli.quick`) and the click commands read it alike."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from table import Table

__all__ = ["named_table", "read_quietly"]

T = TypeVar("T")


def named_table(chosen: str) -> Path:
    """``chosen`` with a leading ``~`` or ``~user`` made the home folder it names; as
    typed when there is no such home folder (as a shell leaves it), so that opening it
    says there is no such directory in one line rather than failing on the ``~``."""
    path = Path(chosen)
    try:
        return path.expanduser()
    except RuntimeError:  # no such user, or no home folder to be found
        return path


def read_quietly(read: Callable[[Table], T]) -> T | None:
    """What ``read`` finds in the table ``$MISTBORN_DB`` names (else the one in the
    data directory), opened as a click command opens it; ``None`` if the table cannot
    be opened or read: a quick path then leaves the command to click, which says why
    in its own words."""
    from table import DEFAULT_WAIT, Table, default_path

    chosen = os.environ.get("MISTBORN_DB")
    try:
        path = named_table(chosen) if chosen else default_path(make_folder=True)
        with Table(path, create=not chosen, wait=DEFAULT_WAIT) as table:
            return read(table)
    except Exception:  # any refusal is the click command's to say, as it says it
        return None
