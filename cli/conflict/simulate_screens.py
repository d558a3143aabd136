"""Who wins this fight? A simulation's report as a Rich screen and as JSON.

:func:`report_view` draws :class:`conflict.simulate.Report` so that it reads at 40
columns and at 120: each side's chance to win as a bar, its 95% interval shaded
around the edge of the bar, the rounds it takes; then every participant with its
chance of defeat (for a group: of being wiped out) and its damage taken as a small
histogram (how many runs ended with 0, 1, 2… points lost) with the mean.
:func:`report_json` gives the same facts to programs. Nothing here simulates or
applies a rule; Rich is imported inside the functions.

Stored text (names, sides) is printed through :func:`cli.common.output.plain`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cli.common.output import plain
from conflict.simulate.report import ParticipantReport, Report, Tally

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

MAX_WIDTH = 72  # rows stay readable on a wide screen
SPARKS = "▁▂▃▄▅▆▇█"
LABELS = {"health": "Health", "reputation": "Reputation", "willpower": "Willpower"}


def report_json(report: Report) -> dict[str, Any]:
    """The report for programs: every fact :func:`report_view` shows (see
    :meth:`conflict.simulate.Report.to_json`)."""
    return report.to_json()


# --- words and small pictures -------------------------------------------------------


def percent(value: float) -> str:
    """``76.2%``; ``<0.1%`` and ``>99.9%`` rather than a misleading 0 or 100."""
    if 0 < value < 0.0005:
        return "<0.1%"
    if 0.9995 < value < 1:
        return ">99.9%"
    return f"{value * 100:.1f}%"


def chance_bar(value: float, low: float, high: float, cells: int) -> str:
    """``█████▒▒░░░``: full to the interval's low end, shaded across the interval,
    light beyond it; at least one shaded cell marks the estimate when the interval
    is narrower than a cell."""
    cells = max(1, cells)
    solid = int(low * cells + 1e-9)
    shaded = max(int(high * cells + 0.999999) - solid, 0)
    if shaded == 0 and 0 < value < 1:
        shaded = 1
        solid = min(solid, cells - 1)
    shaded = min(shaded, cells - solid)
    return "█" * solid + "▒" * shaded + "░" * (cells - solid - shaded)


def sparkline(tally: Tally, cells: int) -> str:
    """How many runs ended with each amount, 0 up to the most seen, as one block per
    amount (``·`` for none); amounts past ``cells`` are merged into the last block."""
    counts = list(tally.counts[:tally.most + 1]) or [0]
    if len(counts) > cells:
        counts = [*counts[:cells - 1], sum(counts[cells - 1:])]
    top = max(counts) or 1
    return "".join(SPARKS[min(7, round(7 * c / top))] if c else "·" for c in counts)


def _stopped(report: Report) -> str:
    if report.stopped_by == "precision" and report.precision is not None:
        return f"±{report.precision * 100:g}% reached"
    if report.precision is not None:
        return f"±{report.widest * 100:.1f}% (±{report.precision * 100:g}% not reached)"
    return f"±{report.widest * 100:.1f}%"


# --- Rich ------------------------------------------------------------------------------


def report_view(report: Report, width: int) -> RenderableType:
    """The report as a Rich renderable that reads at ``width`` columns (40 and up)."""
    from rich.console import Group
    from rich.text import Text

    width = max(20, min(width, MAX_WIDTH))
    lines: list[RenderableType] = [Text("Who wins this fight?", style="bold")]
    lines.append(Text(f"{report.runs:,} runs · {_stopped(report)} · seed {report.seed}",
                      style="dim", overflow="fold"))
    lines.append(Text(""))
    label = min(max((len(plain(s.side)) for s in report.sides), default=4), width // 3)
    cells = max(8, width - label - 9)
    for side in report.sides:
        win = side.win
        row = Text(plain(side.side)[:label].ljust(label), style="bold")
        row.append(" ")
        row.append(chance_bar(win.value, win.low, win.high, cells), style="green")
        row.append(f" {percent(win.value):>6}")
        lines.append(row)
        detail = f"95%: {percent(win.low)}–{percent(win.high)}"
        if side.rounds_when_won is not None:
            detail += f" · won in {side.rounds_when_won:.1f} rounds"
        indent = label + 1 if label + 1 + len(detail) <= width else 2
        lines.append(Text(" " * indent + detail, style="dim", overflow="fold"))
    if report.draw.count:
        lines.append(Text(f"Every side falls: {percent(report.draw.value)}", overflow="fold"))
    if report.unfinished.count:
        lines.append(Text(f"Undecided after {report.rounds_allowed} rounds: "
                          f"{percent(report.unfinished.value)}", overflow="fold"))
    lines.append(Text(f"Rounds: {report.rounds.mean:.1f} on average, "
                      f"{report.rounds.most} at most", overflow="fold"))
    policies = dict(report.policies)
    for side in report.sides:
        lines.append(Text(""))
        header = Text(plain(side.side), style="bold underline")
        header.append(f" · {plain(policies.get(side.side, '?'))} policy", style="dim")
        header.overflow = "fold"
        lines.append(header)
        for person in report.participants:
            if person.side == side.side:
                lines.extend(_participant(person, width))
    return Group(*lines)


def _participant(person: ParticipantReport, width: int) -> list[Text]:
    from rich.text import Text

    group = person.extras_lost is not None
    fate = "wiped out" if group else "defeated"
    tail = f"{fate} {percent(person.defeated.value)}"
    head = Text(plain(person.name), style="bold")
    head.append(f" ({f'{person.standing} Extras' if group else person.kind})", style="dim")
    lines: list[Text] = []
    if head.cell_len + 1 + len(tail) <= width:
        head.append(" " * (width - head.cell_len - len(tail)) + tail,
                    style="red" if person.defeated.value >= 0.5 else "")
        lines.append(head)
    else:
        head.overflow = "fold"
        lines.extend([head, Text(f"  {tail}")])
    if person.extras_lost is not None:
        lines.append(_damage_line("Extras lost", person.extras_lost, width))
        return lines
    hurt = [(name, tally) for name, tally in person.damage if tally.most > 0]
    if not hurt:
        lines.append(Text("  no damage in any run", style="dim"))
    for name, tally in hurt:
        lines.append(_damage_line(f"{LABELS.get(name, name.capitalize())} lost", tally,
                                  width))
    return lines


def _damage_line(what: str, tally: Tally, width: int) -> Text:
    """``  Health lost 0 ·▁▂█ 3 mean 2.4``: runs by amount lost, 0 to the most."""
    from rich.text import Text

    mean = f" mean {tally.mean:.1f}"
    most = str(tally.most)
    cells = max(4, width - 2 - len(what) - 3 - len(most) - 1 - len(mean))
    line = Text(f"  {what} ")
    line.append(f"0 {sparkline(tally, cells)} {most}", style="cyan")
    line.append(mean, style="dim")
    return line
