"""The account of a fight for the campaign notes: a Conflict as Markdown.

:func:`account` reads a Conflict's events (and the states between them) and writes
its stakes, who took part, each round's declarations and resolution narrated by the
library (:func:`conflict.narrate.describe`), the damage taken, the defeats and the
outcome. Stored text is escaped so that a name never turns into Markdown.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from characters.model import RESILIENCES, ExtraGroup, Sheet
from conflict.events import AddParticipant, EndConflict, EndRound, Event, Start
from conflict.narrate import describe
from conflict.state import State

_SPECIAL = re.compile(r"([\\`*_{}\[\]<>#|~])")


def md(text: str) -> str:
    """``text`` with Markdown's special characters escaped, on one line."""
    return _SPECIAL.sub(r"\\\1", " ".join(text.split()))


def _joined(event: AddParticipant) -> str:
    character = event.character
    surprised = ", surprised" if event.surprised else ""
    if isinstance(character, ExtraGroup):
        what = f"{character.count} Extras, Wits {character.wits}"
    else:
        scores = ", ".join(f"{name.capitalize()} {character.resiliences.get(name).current}"
                           for name in RESILIENCES)
        what = f"{character.kind.value}, Wits {character.wits} — {scores}"
    return f"- **{md(character.name)}** ({md(event.side)}): {what}{surprised}"


def _damage_lines(last: State) -> list[str]:
    """Damage taken in this Conflict: a sheet's against the damage it came in with."""
    lines = []
    for person in last.participants:
        if person.resiliences is not None and isinstance(person.character, Sheet):
            came_with = person.character.resiliences
            taken = []
            for name in RESILIENCES:
                now = person.resiliences.get(name)
                new = now.damage - came_with.get(name).damage
                if new:
                    taken.append(f"{name.capitalize()} {new} ({now.current}/{now.full} left)")
            if taken:
                lines.append(f"- {md(person.name)}: {', '.join(taken)}")
        elif isinstance(person.character, ExtraGroup):
            fallen = person.character.count - person.members
            if fallen:
                lines.append(f"- {md(person.name)}: {fallen} of {person.character.count} "
                             f"Extras fell")
    return lines


def account(name: str, events: Sequence[Event], states: Sequence[State]) -> str:
    """The Markdown account of the Conflict ``name``: ``states[i]`` is the state before
    ``events[i]``, ``states[-1]`` the state after the last event."""
    lines = [f"# {md(name)}", ""]
    last = states[-1]
    start = next((e for e in events if isinstance(e, Start)), None)
    if start is not None:
        over = f" over {md(start.stakes)}" if start.stakes else ""
        where = f" ({md(start.scope)})" if start.scope else ""
        lines += [f"A {start.nature.value} Conflict{over}{where}.", ""]
    joined = [e for e in events if isinstance(e, AddParticipant)]
    if joined:
        lines += ["## Taking part", "", *(_joined(e) for e in joined), ""]
    round_number = 0
    section = ""
    for index, event in enumerate(events):
        if isinstance(event, (Start, AddParticipant)):
            continue
        before, after = states[index], states[index + 1]
        if isinstance(event, (EndRound, EndConflict)):
            continue
        if before.round != round_number:  # a round's heading over its first step only
            round_number = before.round
            if lines[-1] != "":
                lines.append("")
            lines += [f"## Round {round_number}", ""]
            section = ""
        wanted = "Declarations" if before.phase.value == "declaration" else "Resolution"
        if wanted != section:
            section = wanted
            if lines[-1] != "":
                lines.append("")
            lines += [f"### {section}", ""]
        lines.append(f"- {md(describe(before, event, after))}")
    if lines[-1] != "":
        lines.append("")
    damage = _damage_lines(last)
    if damage:
        lines += ["## Damage taken", "", *damage, ""]
    defeated = [p for p in last.participants if p.defeated]
    if defeated:
        lines += ["## Defeated", "",
                  *(f"- {md(p.name)}: {md(p.defeat_reason)}" for p in defeated), ""]
    lines += ["## Outcome", ""]
    if last.phase.value == "ended":
        lines.append(md(last.outcome or "The Narrator ended the Conflict.") or "Ended.")
    else:
        lines.append(f"Not over: round {last.round}, {last.phase.value.replace('_', ' ')}.")
    return "\n".join(lines) + "\n"
