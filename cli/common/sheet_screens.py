"""What ``mistborn char`` shows: the roster, a sheet, a Resilience after damage or
healing, on screen (Rich) and as JSON.

Everything here builds text, renderables or JSON-ready data and prints nothing; the
commands in :mod:`cli.conflict.char` print it. Rich is imported only inside the functions that
draw, so the ``--json`` paths never load it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

from characters.model import Character, ExtraGroup, Resilience, Sheet
from characters.summary import defeated as defeated
from characters.summary import summary as summed
from cli.common.output import Hanging, plain

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

RESILIENCE_LABELS: Final = {
    "health": "Health",
    "reputation": "Reputation",
    "willpower": "Willpower",
}
SHEET_WIDTH: Final = 72  # a sheet never grows wider than this, however wide the screen
BAR_CELLS: Final = 12  # longest Resilience bar; one cell per point up to this


# --- JSON -------------------------------------------------------------------------------


def summary(character: Character) -> dict[str, Any]:
    """One entry of ``char list --json`` (:func:`characters.summary.summary`)."""
    return summed(character)


def details(character: Character) -> dict[str, Any]:
    """``char show --json``: the sheet as its file holds it, with figures added —
    each Resilience's current score, a group's kind and the Wits it declares at."""
    from characters.files import unstructure

    data = unstructure(character)
    if isinstance(character, ExtraGroup):
        data = {"kind": character.kind.value, **data, "declares_at_wits": character.wits}
    else:
        data["resiliences"] = _resiliences_json(character)
        data["defeated"] = defeated(character)
    return data


def resilience_json(sheet: Sheet, resilience: str) -> dict[str, Any]:
    """``char damage/heal --json``: one Resilience after the change."""
    value = sheet.resiliences.get(resilience)
    return {
        "name": sheet.name,
        "resilience": resilience,
        "full": value.full,
        "damage": value.damage,
        "current": value.current,
        "defeated": value.defeated,
    }


def _resiliences_json(sheet: Sheet) -> dict[str, dict[str, int]]:
    return {
        name: {"full": value.full, "damage": value.damage, "current": value.current}
        for name in RESILIENCE_LABELS
        for value in [sheet.resiliences.get(name)]
    }


# --- plain text ---------------------------------------------------------------------------


def kind_text(character: Character) -> str:
    """``hero``, ``villain`` or, for a group, how many Extras: ``8 Extras``."""
    if isinstance(character, ExtraGroup):
        return f"{character.count} Extra{'s' if character.count != 1 else ''}"
    return character.kind.value


def resilience_bar(value: Resilience) -> str:
    """``████░░``: one cell per point (scaled down past BAR_CELLS points); filled cells
    are what is left, light ones the damage taken."""
    cells = min(value.full, BAR_CELLS)
    filled = round(cells * value.current / value.full)
    if value.current > 0:
        filled = max(filled, 1)  # never looks empty while the character still stands
    return "█" * filled + "░" * (cells - filled)


def resilience_lines(sheet: Sheet, resilience: str, said: str) -> list[str]:
    """``char damage/heal``: what happened (``said``), the Resilience's bar and
    figures, and a defeat (R-CON-20)."""
    value = sheet.resiliences.get(resilience)
    label = RESILIENCE_LABELS[resilience]
    lines = [
        f"{plain(sheet.name)} {said}.",
        f"{label} {resilience_bar(value)} {value.current}/{value.full}",
    ]
    if value.defeated:
        lines.append(f"{plain(sheet.name)} is defeated: {label} is 0 (R-CON-20).")
    return lines


# --- Rich screens ---------------------------------------------------------------------------


def roster_view(roster: Sequence[Character], width: int) -> RenderableType:
    """The roster of ``char list``: a table on wide screens, short cards on phones
    (:func:`cli.common.roster_screen.roster_view`, from each sheet's summary)."""
    from cli.common.roster_screen import roster_view as drawn

    return drawn([summed(character) for character in roster], width)


def _heading(text: str) -> Text:
    from rich.text import Text

    return Text(f"\n{text}", style="bold")


def _who(character: Character) -> list[RenderableType]:
    """The sheet's first lines: the name, and whose it is (or the group's Wits)."""
    from rich.text import Text

    parts: list[RenderableType] = [Hanging(Text(plain(character.name), style="bold"), 0)]
    if isinstance(character, ExtraGroup):
        lowest = " (lowest member)" if character.member_wits else ""
        parts.append(Text(f"Extra group · {kind_text(character)}"))
        parts.append(Text(f"Declares at Wits {character.wits}{lowest}"))
    else:
        controller = f"played by {character.player}" if character.player else "Narrator's"
        parts.append(Text(plain(f"{character.kind.value.capitalize()} · {controller}")))
    return parts


def _numbers(character: Character) -> list[RenderableType]:
    """Attributes beside Standings, then the Resiliences as bars (R-CON-19 for a group)."""
    from rich.table import Table
    from rich.text import Text

    stats = Table.grid(padding=(0, 1))
    standings = character.standings
    headings = [Text("Attributes", style="bold"), Text("")]
    if standings is not None:
        headings += [Text(" Standings", style="bold"), Text("")]
    stats.add_row(*headings)
    attrs_rows = [
        ("Physique", character.attributes.physique),
        ("Charm", character.attributes.charm),
        ("Wits", character.attributes.wits),
    ]
    standing_rows = (
        [
            ("Resources", standings.resources),
            ("Influence", standings.influence),
            ("Spirit", standings.spirit),
        ]
        if standings is not None
        else []
    )
    for index, (label, score) in enumerate(attrs_rows):
        row = [label, str(score).rjust(2)]
        if standing_rows:
            row += [f" {standing_rows[index][0]}", str(standing_rows[index][1]).rjust(2)]
        stats.add_row(*row)
    parts: list[RenderableType] = [Text(""), stats]

    if isinstance(character, ExtraGroup):
        if character.member_wits:
            parts.append(Text("Member Wits: " + " ".join(map(str, character.member_wits))))
        parts.append(_heading("Resiliences"))
        parts.append(Text("None tracked: 1 damage defeats one Extra (R-CON-19)"))
        return parts
    parts.append(_heading("Resiliences"))
    bars = Table.grid(padding=(0, 1))
    bars.add_column(no_wrap=True)
    bars.add_column(no_wrap=True)
    bars.add_column(no_wrap=True, justify="right")
    bars.add_column()
    for name, label in RESILIENCE_LABELS.items():
        value = character.resiliences.get(name)
        style = "red" if value.current * 3 <= value.full else "green"
        bars.add_row(
            label,
            Text(resilience_bar(value), style=style),
            f"{value.current}/{value.full}",
            Text("defeated", style="bold") if value.defeated else "",
        )
    parts.append(bars)
    return parts


def _lists(character: Character) -> list[RenderableType]:
    """Powers, Traits, Burdens, equipment, Reactions and notes: those the sheet has."""
    from rich.table import Table
    from rich.text import Text

    parts: list[RenderableType] = []
    if character.powers:
        parts.append(_heading("Powers"))
        powers = Table.grid(padding=(0, 1))
        powers.add_column()
        powers.add_column(justify="right", no_wrap=True)
        for power in character.powers:
            powers.add_row(Hanging(Text(plain(power.name)), 0), str(power.rating))
        parts.append(powers)
    lists: list[tuple[str, Sequence[str]]] = [("Traits", character.traits)]
    if not isinstance(character, ExtraGroup):
        lists.append(("Burdens", character.burdens))
    for title, names in lists:
        if names:
            parts.append(_heading(title))
            parts.append(Hanging(Text(plain(" · ".join(names))), 0))
    if character.equipment:
        parts.append(_heading("Equipment"))
        parts.extend(
            Hanging(Text(plain(f"{item.name} (+{item.damage} damage)")), 0)
            for item in character.equipment
        )
    if character.reactions:
        parts.append(_heading("Reactions"))
        parts.extend(
            Hanging(Text(plain(f"{reaction.name} ({reaction.dice} dice)")), 0)
            for reaction in character.reactions
        )
    if character.notes.strip():
        parts.append(_heading("Notes"))
        parts.extend(Hanging(Text(line), 0) for line in
                     plain(character.notes.strip(), lines=True).splitlines())
    return parts


def sheet_view(character: Character, width: int) -> RenderableType:
    """The sheet of ``char show``: reads at 40 columns and at 120."""
    from rich import box
    from rich.console import Group
    from rich.panel import Panel

    parts = [*_who(character), *_numbers(character), *_lists(character)]
    return Panel(Group(*parts), box=box.ROUNDED, width=min(width, SHEET_WIDTH), padding=(0, 1))
