"""``mistborn char list``, answered before click loads (start-up time, see
:mod:`cli.quick`) from the roster's kept listing.

Only the plain forms, ``char list`` and ``char list --json``: :func:`listed` reads
the listing every roster write keeps (:mod:`table.roster_listing`) from the table
``$MISTBORN_DB`` names (else the one in the data directory), opened as the click
command opens it, and draws what :func:`cli.common.sheet_screens.roster_view` draws —
the table of wide screens or the cards of narrow ones — with :mod:`cli.common.light`,
or prints what :func:`cli.common.sheet_screens.summary` gives for each entry.
Whenever that cannot be shown exactly — a row the listing does not cover (changed by
another tool, damaged: the click command reads the sheets and says what is wrong), an
empty roster (on screen), no table, a name or player whose width is not known here, a
line that would not fit — nothing is shown here and the click command answers.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cli.common.light import Line

__all__ = ["listed"]

_KINDS = ("hero", "villain", "extra")
_RESILIENCES = ("health", "reputation", "willpower")
_FIGURES = ("full", "damage", "current")
_HEADINGS = ("Name", "Kind", "Player", "Wits", "Health · Rep · Will")


class _Row:
    """One character as the listing keeps it, its texts made printable."""

    def __init__(self, entry: dict[str, Any]) -> None:
        from core.text import printable

        self.kind: str = entry["kind"]
        self.name = printable(entry["name"])
        self.wits = str(entry["wits"])
        self.group = self.kind == "extra"
        self.player: str | None = None if self.group else entry["player"]
        self.count: int = entry["count"] if self.group else 0
        self.figures: list[tuple[int, int]] = [] if self.group else [
            (entry["resiliences"][name]["current"], entry["resiliences"][name]["full"])
            for name in _RESILIENCES]
        self.defeated: bool = False if self.group else entry["defeated"]

    def state(self, letters: bool) -> Line:
        """The Resiliences (``H 9/9 · R 6/6 · W 9/9`` with ``letters``) or how many
        Extras, as ``roster_view`` writes them."""
        from cli.common.light import Line

        if self.group:
            return Line(f"{self.count} Extra{'s' if self.count != 1 else ''}")
        labels = ("H", "R", "W") if letters else ("", "", "")
        line = Line(" · ".join(f"{label} {current}/{full}".strip()
                               for label, (current, full) in zip(labels, self.figures,
                                                                 strict=True)))
        return line.append(" defeated", "bold") if self.defeated else line


def _whole(value: object) -> bool:
    return type(value) is int


def _well_formed(kind: str, entry: object) -> bool:
    """Whether ``entry`` is what the listing keeps for a row of ``kind``."""
    if not isinstance(entry, dict) or entry.get("kind") != kind \
            or not isinstance(entry.get("name"), str) or not _whole(entry.get("wits")):
        return False
    if kind == "extra":
        return _whole(entry.get("count"))
    resiliences = entry.get("resiliences")
    return (entry.get("player") is None or isinstance(entry.get("player"), str)) \
        and type(entry.get("defeated")) is bool and isinstance(resiliences, dict) \
        and all(isinstance(resiliences.get(name), dict)
                and all(_whole(resiliences[name].get(figure)) for figure in _FIGURES)
                for name in _RESILIENCES)


def _ordered(found: Sequence[tuple[str, str, Any]] | None) -> list[dict[str, Any]] | None:
    """The listing's entries in the roster's order (heroes, villains, Extra groups, each
    by name key), if every one is well formed."""
    if found is None or not all(kind in _KINDS and isinstance(key, str)
                                and _well_formed(kind, entry) for kind, key, entry in found):
        return None
    ordered = sorted(found, key=lambda row: (_KINDS.index(row[0]), row[1]))
    return [entry for _kind, _key, entry in ordered]


def _summary(entry: dict[str, Any]) -> dict[str, Any]:
    """``entry`` with its keys in the order ``char list --json`` prints them
    (:func:`characters.summary.summary`)."""
    data = {key: entry[key] for key in ("name", "kind", "wits")}
    if entry["kind"] == "extra":
        return {**data, "count": entry["count"]}
    resiliences = {name: {figure: entry["resiliences"][name][figure] for figure in _FIGURES}
                   for name in _RESILIENCES}
    return {**data, "player": entry["player"], "resiliences": resiliences,
            "defeated": entry["defeated"]}


def _from_table() -> list[tuple[str, str, Any]] | None:
    """The listing in the table the click command would open; ``None`` if it cannot be
    read."""
    from cli.common.table_file import read_quietly

    return read_quietly(lambda table: table.listed())


def listed(words: Sequence[str]) -> Callable[[], None] | None:
    """What prints ``mistborn char WORDS…`` from the kept listing, if they are the plain
    ``list`` and it can be drawn exactly; ``None`` to leave them to click."""
    from cli.common.light import render, terminal, width

    if list(words) not in (["list"], ["list", "--json"]) \
            or os.environ.get("MISTBORN_WAIT", "").strip():
        return None
    entries = _ordered(_from_table())
    if entries is not None and words[-1] == "--json":
        return _json(entries)
    columns, said = width(), terminal()
    if not entries or said is None or columns < 1:
        return None
    rows = [_Row(entry) for entry in entries]
    lines = _lines(rows, columns)
    text = None if lines is None else render(lines, columns, *said)
    if text is None:
        return None

    def run() -> None:
        sys.stdout.write(text)
        sys.stdout.flush()

    return run


def _json(entries: Sequence[dict[str, Any]]) -> Callable[[], None]:
    """``char list --json``: each entry as :func:`cli.common.output.print_json` prints
    it."""
    def run() -> None:
        import json

        from core.text import json_safe

        summaries = [_summary(entry) for entry in entries]
        sys.stdout.write(json_safe(json.dumps(summaries, ensure_ascii=False, indent=2)) + "\n")
        sys.stdout.flush()

    return run


def _lines(rows: Sequence[_Row], columns: int) -> list[Line] | None:
    """The table, or the cards when the table would have to wrap; ``None`` when a text's
    width is not known here."""
    from cli.common.light import cells

    names = [cells(row.name) for row in rows]
    players = [cells(_player(row)) for row in rows]
    states = [cells(row.state(letters=False).plain) for row in rows]
    measured = [*names, *players, *states]
    if any(found is None for found in measured) or any(len(row.wits) > 4 for row in rows):
        return None
    named = max([4, *(n or 0 for n in names)])
    played = max([6, *(p or 0 for p, row in zip(players, rows, strict=True) if not row.group)])
    stated = max([19, *(s or 0 for s in states)])
    if columns < named + len("villain") + played + len("Wits") + stated + 4 * 3:
        return _cards(rows, columns)
    played = max([played, *(p or 0 for p in players)])
    kinds = max([4, *(len(_kind(row)) for row in rows)])
    return _table(rows, (named, kinds, played, 4, stated))


def _player(row: _Row) -> str:
    from core.text import printable

    return printable(row.player or "—")


def _kind(row: _Row) -> str:
    return "extras" if row.group else row.kind


def _table(rows: Sequence[_Row], widths: Sequence[int]) -> list[Line]:
    """The roster as Rich draws ``roster_view``'s table (no edges, a rule under the
    bold headings, three spaces between columns)."""
    from cli.common.light import Line

    heading = Line()
    for number, (title, room) in enumerate(zip(_HEADINGS, widths, strict=True)):
        if number:
            heading.append(" ", "bold").append(" ").append(" ", "bold")
        heading.append(title.ljust(room), "bold")
    lines = [heading, Line("─" * (sum(widths) + 3 * (len(widths) - 1)))]
    for row in rows:
        line = Line().append(row.name.ljust(widths[0]), "bold").append(
            f"   {_kind(row).ljust(widths[1])}   {_player(row).ljust(widths[2])}   "
            f"{row.wits.rjust(widths[3])}   ")
        state = row.state(letters=False)
        lines.append(line.append_line(state).append(" " * (widths[4] - len(state))))
    return lines


def _cards(rows: Sequence[_Row], columns: int) -> list[Line]:
    """The roster as ``roster_view``'s short cards, one per character."""
    from cli.common.light import Line
    from core.text import printable

    lines = [Line("H Health · R Reputation · W Willpower")]
    for row in rows:
        if row.group:
            about = f"extras · Wits {row.wits}"
        else:
            player = f" · {row.player}" if row.player else ""
            about = f"{row.kind}{player} · Wits {row.wits}"
        figures = row.state(letters=True)
        line = Line("  ") + Line(printable(about))
        if len(about) + len(figures) + 5 <= columns:
            shown = [line + Line(" · ") + figures]
        else:
            shown = [line, Line("  ") + figures]
        lines += [Line(), Line(row.name, "bold"), *shown]
    return lines
