"""The roster of ``mistborn char list`` as Rich draws it: a table on wide screens,
short cards on phones. Drawn from each character's summary
(:func:`characters.summary.summary`: name, kind, Wits, a group's count or a sheet's
player, Resiliences and whether defeated), which the table keeps beside the roster
(:mod:`table.roster_listing`), so that listing the roster builds no sheet."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from core.text import printable

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

__all__ = ["roster_view"]

Summary = Mapping[str, Any]

_RESILIENCES = ("health", "reputation", "willpower")


def _extra(character: Summary) -> bool:
    return bool(character["kind"] == "extra")


def _state(character: Summary, letters: bool) -> Text:
    """The Resiliences (``H 9/9 · R 6/6 · W 9/9`` with ``letters``), or how many Extras."""
    from rich.text import Text

    if _extra(character):
        count = character["count"]
        return Text(f"{count} Extra{'s' if count != 1 else ''}")
    labels = ("H", "R", "W") if letters else ("", "", "")
    shown = []
    for label, name in zip(labels, _RESILIENCES, strict=True):
        value = character["resiliences"][name]
        shown.append(f"{label} {value['current']}/{value['full']}".strip())
    text = Text(" · ".join(shown))
    if character["defeated"]:
        text.append(" defeated", style="bold")
    return text


def _table_width(roster: Sequence[Summary]) -> int:
    """The columns the roster's table needs without wrapping a cell."""
    from rich.cells import cell_len

    names = max((cell_len(printable(c["name"])) for c in roster), default=4)
    players = max((cell_len(printable(c["player"] or "—")) for c in roster
                   if not _extra(c)), default=1)
    states = max((_state(c, letters=False).cell_len for c in roster), default=19)
    # Name, Kind, Player, Wits, Resiliences: each column's widest cell or heading,
    # three spaces between columns.
    return (max(names, 4) + len("villain") + max(players, 6) + len("Wits")
            + max(states, len("Health · Rep · Will")) + 4 * 3)


def roster_view(roster: Sequence[Summary], width: int) -> RenderableType:
    """The roster of ``char list`` from its summaries: a table on wide screens, short
    cards on phones."""
    from rich import box
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    if width < _table_width(roster):
        # The table would have to wrap: short cards read better, at any width.
        cards: list[RenderableType] = [Text("H Health · R Reputation · W Willpower")]
        for character in roster:
            if _extra(character):
                about = f"extras · Wits {character['wits']}"
            else:
                player = f" · {character['player']}" if character["player"] else ""
                about = f"{character['kind']}{player} · Wits {character['wits']}"
            figures = _state(character, letters=True)
            line = Text("  ") + Text(printable(about), overflow="fold")
            if len(about) + len(figures) + 5 <= width:
                lines = [line + Text(" · ") + figures]
            else:
                lines = [line, Text("  ") + figures]
            cards += [Text(""), Text(printable(character["name"]), style="bold",
                                     overflow="fold"), *lines]
        return Group(*cards)

    view = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    view.add_column("Name", overflow="fold")
    view.add_column("Kind")
    view.add_column("Player", overflow="fold")
    view.add_column("Wits", justify="right", no_wrap=True)
    view.add_column("Health · Rep · Will", overflow="fold")
    for character in roster:
        if _extra(character):
            kind, player = "extras", "—"
        else:
            kind, player = character["kind"], character["player"] or "—"
        view.add_row(
            Text(printable(character["name"]), style="bold"),
            kind,
            Text(printable(player)),
            str(character["wits"]),
            _state(character, letters=False),
        )
    return view
