"""The table file a path typed by the user names (``--db`` or ``$MISTBORN_DB``)."""

from __future__ import annotations

from pathlib import Path

__all__ = ["named_table"]


def named_table(chosen: str) -> Path:
    """``chosen`` with a leading ``~`` or ``~user`` made the home folder it names; as
    typed when there is no such home folder (as a shell leaves it), so that opening it
    says there is no such directory in one line rather than failing on the ``~``."""
    path = Path(chosen)
    try:
        return path.expanduser()
    except RuntimeError:  # no such user, or no home folder to be found
        return path
