"""Hypothesis strategies shared by the test suite.

Dice (R-DICE-*): single faces, pool sizes (including pools outside 2–10, which the
rules handle with free Nudges or an Outcome penalty), Difficulties and whole rolls.
Add strategies for other parts of the game below, in their own section.
"""

from __future__ import annotations

from typing import Any, TypeVar, cast

from hypothesis import strategies as st

from characters.limits import RESILIENCE_RANGE
from characters.model import (
    Attributes,
    Character,
    Equipment,
    ExtraGroup,
    Kind,
    Power,
    Reaction,
    Resilience,
    Resiliences,
    Sheet,
    Standings,
)
from characters.names import BIDI_CONTROLS, drop_ignorables, name_key
from conflict import events as ev
from conflict.dice import Roll, dice_rolled
from core.text import first_refused

T = TypeVar("T")

# --- dice -------------------------------------------------------------------------

faces = st.integers(min_value=1, max_value=6)
"""One die face, 1–6."""

set_faces = st.integers(min_value=1, max_value=5)
"""A face that can form a set (a 6 never does, R-DICE-4)."""

difficulties = st.integers(min_value=0, max_value=5)
"""A Difficulty, 0–5 (R-DICE-6)."""

maybe_difficulties = st.none() | difficulties
"""A Difficulty or none at all (a plain roll, not a Challenge)."""


def pools(min_size: int = 0, max_size: int = 14) -> st.SearchStrategy[int]:
    """Pool sizes as asked by the rules; the default range covers pools below 2 dice
    (R-DICE-3) and beyond 10 (R-DICE-2)."""
    return st.integers(min_value=min_size, max_value=max_size)


def face_lists(min_size: int = 2, max_size: int = 10) -> st.SearchStrategy[list[int]]:
    """The faces of dice actually rolled (2–10 of them by default)."""
    return st.lists(faces, min_size=min_size, max_size=max_size)


@st.composite
def rolls(
    draw: st.DrawFn,
    asked: st.SearchStrategy[int] | None = None,
    difficulty: st.SearchStrategy[int | None] = maybe_difficulties,
) -> Roll:
    """A judged roll: a pool size, exactly the faces that pool rolls, and optionally a
    Difficulty."""
    size = draw(pools() if asked is None else asked)
    rolled = draw(face_lists(dice_rolled(size), dice_rolled(size)))
    return Roll(asked=size, faces=tuple(rolled), difficulty=draw(difficulty))


seeds = st.integers(min_value=0, max_value=2**32 - 1)
"""Seeds for a repeatable ``random.Random``."""


# --- character sheets and Extra groups (R-CHAR-1, R-CON-2, R-CON-6) ----------------

# Any Unicode text on one line that check_name accepts (R-CHAR-1 names refuse control,
# format, private-use and unassigned characters, line separators, bidirectional controls
# and invisible characters, and must show something: the one rule of core.text).
names = st.text(
    st.characters(blacklist_categories=("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"),
                  blacklist_characters=sorted(BIDI_CONTROLS)),
    min_size=1, max_size=24,
).map(drop_ignorables).filter(lambda text: bool(name_key(text)))
"""Names as people type them: any Unicode text that is not blank (quotes, SQL, …)."""

attribute_scores = st.integers(min_value=2, max_value=6)
"""An Attribute score, 2–6 (R-CHAR-1)."""

standing_scores = st.integers(min_value=2, max_value=10)
"""A Standing score, 2–10 (R-CHAR-1)."""


@st.composite
def attributes(draw: st.DrawFn) -> Attributes:
    """Physique, Charm and Wits."""
    return Attributes(draw(attribute_scores), draw(attribute_scores), draw(attribute_scores))


@st.composite
def standings(draw: st.DrawFn) -> Standings:
    """Resources, Influence and Spirit."""
    return Standings(draw(standing_scores), draw(standing_scores), draw(standing_scores))


@st.composite
def resilience_values(draw: st.DrawFn, max_full: int = RESILIENCE_RANGE[1]) -> Resilience:
    """A full score (1–100) and the damage taken, 0 up to the full score (R-CON-20)."""
    full = draw(st.integers(min_value=1, max_value=max_full))
    return Resilience(full=full, damage=draw(st.integers(min_value=0, max_value=full)))


@st.composite
def resiliences(draw: st.DrawFn) -> Resiliences:
    """Health, Reputation and Willpower."""
    return Resiliences(
        draw(resilience_values()), draw(resilience_values()), draw(resilience_values())
    )


powers = st.builds(Power, names, st.integers(min_value=1, max_value=10))
equipment = st.builds(Equipment, names, st.integers(min_value=0, max_value=10))
reactions = st.builds(Reaction, names, st.integers(min_value=1, max_value=10))
notes = st.text(
    st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"))
    | st.sampled_from("\t\n\r"), max_size=80
).filter(lambda text: first_refused(text, lines=True, emoji=True) is None)
"""Free text: anything the one rule of core.text takes in multi-line free text."""


def name_lists(items: st.SearchStrategy[T], max_size: int) -> st.SearchStrategy[list[T]]:
    """A list of named items (or names), no two sharing a name (as a sheet holds them)."""
    def key(item: T) -> str:
        name: str = item if isinstance(item, str) else cast(Any, item).name
        return name_key(name)

    return st.lists(items, max_size=max_size, unique_by=key)


@st.composite
def sheets(draw: st.DrawFn, name: st.SearchStrategy[str] = names) -> Sheet:
    """A Hero's or Villain's sheet, every field drawn."""
    return Sheet(
        name=draw(name),
        kind=draw(st.sampled_from([Kind.HERO, Kind.VILLAIN])),
        attributes=draw(attributes()),
        standings=draw(standings()),
        resiliences=draw(resiliences()),
        powers=draw(name_lists(powers, 3)),
        traits=draw(name_lists(names, 3)),
        burdens=draw(name_lists(names, 2)),
        equipment=draw(name_lists(equipment, 2)),
        reactions=draw(name_lists(reactions, 2)),
        notes=draw(notes),
        player=draw(st.none() | names),
    )


@st.composite
def extra_groups(draw: st.DrawFn, name: st.SearchStrategy[str] = names) -> ExtraGroup:
    """A group of Extras; sometimes each member has its own Wits (R-CON-6)."""
    count = draw(st.integers(min_value=1, max_value=12))
    member_wits = draw(st.none() | st.lists(attribute_scores, min_size=count, max_size=count))
    return ExtraGroup(
        name=draw(name),
        count=count,
        attributes=draw(attributes()),
        standings=draw(st.none() | standings()),
        powers=draw(name_lists(powers, 2)),
        traits=draw(name_lists(names, 2)),
        equipment=draw(name_lists(equipment, 2)),
        reactions=draw(name_lists(reactions, 1)),
        member_wits=member_wits or (),
        notes=draw(notes),
    )


def characters(name: st.SearchStrategy[str] = names) -> st.SearchStrategy[Character]:
    """A Hero or Villain sheet, or an Extra group."""
    return st.one_of(sheets(name), extra_groups(name))


def rosters(max_size: int = 6) -> st.SearchStrategy[list[Character]]:
    """Several characters whose names differ even ignoring case, none looking like
    another (``I`` beside ``1``), as a table holds them."""
    from core.names import look_alike

    return st.lists(characters(), max_size=max_size,
                    unique_by=lambda c: name_key(c.name)).filter(
        lambda roster: all(look_alike(c.name, [o.name for o in roster[:i]]) is None
                           for i, c in enumerate(roster)))


# --- Conflict events (conflict.events; R-CON-*) -------------------------------------

action_numbers = st.integers(min_value=1, max_value=500)
"""An action's number in a Conflict."""

resilience_names = st.sampled_from(["health", "reputation", "willpower"])
"""A Resilience an attack can target (R-CON-8)."""

maybe_granted = st.none() | st.integers(min_value=0, max_value=12)
"""Defense Dice the Narrator grants a participant whose action needs no roll (R-CON-7c)."""


def face_rows(pool: int | None = None, max_rollers: int = 4
              ) -> st.SearchStrategy[list[list[int]]]:
    """Faces for a roll event: one list of faces per roller (2–10 dice each)."""
    size = st.just(pool) if pool is not None else st.integers(min_value=2, max_value=10)
    return size.flatmap(lambda n: st.lists(st.lists(faces, min_size=n, max_size=n),
                                           min_size=1, max_size=max_rollers))


@st.composite
def aims(draw: st.DrawFn) -> dict[str, object]:
    """The fields of an action aimed at someone, or at no one (R-CON-8, R-CON-8a)."""
    target = draw(st.none() | names)
    if target is None:
        return {}
    harm = draw(st.booleans())
    aim: dict[str, object] = {"target": target, "harm": harm,
                              "attack_kind": draw(st.none() | st.sampled_from(ev.Nature))}
    if harm:
        aim["resilience"] = draw(st.none() | resilience_names)
        aim["equipment"] = draw(st.none() | names)
    return aim


@st.composite
def declarations(draw: st.DrawFn) -> ev.Declare:
    """Any well-formed declaration: an action (maybe aimed at someone), full defense, or
    an action needing no roll (R-CON-7)."""
    kind = draw(st.sampled_from(ev.DeclarationKind))
    if kind is ev.DeclarationKind.NO_ROLL:
        return ev.Declare(draw(names), kind, description=draw(notes))
    dice = draw(st.integers(min_value=1, max_value=15))
    aim = draw(aims()) if kind is ev.DeclarationKind.ACTION else {}
    return ev.Declare(draw(names), kind, dice=dice, source=draw(notes),
                      description=draw(notes), **aim)  # type: ignore[arg-type]


@st.composite
def changes(draw: st.DrawFn) -> ev.Change:
    """A well-formed change of action (R-CON-12)."""
    return ev.Change(draw(names), dice=draw(st.integers(min_value=0, max_value=15)),
                     source=draw(notes), description=draw(notes),
                     **draw(aims()))  # type: ignore[arg-type]


@st.composite
def rolls_of_dice(draw: st.DrawFn) -> ev.RollDice:
    """A roll event: the actor's faces, and none, one or several defenders' (R-CON-16)."""
    defenders = draw(st.lists(st.builds(ev.DefenseRoll, face_rows(), st.none() | names),
                              max_size=3))
    return ev.RollDice(action=draw(action_numbers), attacker=draw(face_rows()),
                       defenders=defenders)


def conflict_events() -> st.SearchStrategy[ev.Event]:
    """Any well-formed event of every type (not necessarily legal in a given state)."""
    pool = st.integers(min_value=2, max_value=10)
    nudges = st.integers(0, 10)
    return st.one_of(
        st.builds(ev.Start, st.sampled_from(ev.Nature), notes, notes),
        st.builds(ev.AddParticipant, characters(), names, surprised=st.booleans()),
        st.builds(ev.Reorder, st.lists(names, min_size=2, max_size=4,
                                       unique_by=lambda n: name_key(n))),
        declarations(),
        st.builds(ev.SetTest, action=action_numbers, contest=st.booleans(),
                  difficulty=difficulties),
        st.builds(ev.SwapResilience, action=action_numbers, resilience=resilience_names),
        st.builds(ev.Act, names, pool=pool),
        changes(),
        st.builds(ev.Hold, names),
        st.builds(ev.Defend, names, action=action_numbers, dice=pool, granted=maybe_granted),
        st.builds(ev.React, names, action=action_numbers, reaction=names,
                  added=st.integers(0, 10), granted=maybe_granted),
        st.builds(ev.TakeIt, names, action=action_numbers, granted=maybe_granted),
        rolls_of_dice(),
        st.builds(ev.ApplyDamage, action=action_numbers, nudges=st.none() | nudges),
        st.builds(ev.ApplyDamage, action=action_numbers, nudges=st.none() | nudges,
                  spent=st.integers(1, 10), note=notes),
        st.builds(ev.Defeat, names, notes),
        st.just(ev.EndRound()),
        st.builds(ev.EndConflict, notes),
    )


# --- whole Conflict tables: a Start and the participants (R-CON-1, R-CON-2, R-CON-5) ---

TABLE_NAMES = ("Tamsin", "Brannoch", "Orrin", "Veradine", "Rattle", "Vance", "Guards",
               "Thugs", "Hazekillers")
"""Short, distinct names for participants of generated Conflicts."""

TABLE_SIDES = ("crew", "ministry", "thieves")


@st.composite
def table_participants(draw: st.DrawFn, name: str, side: str) -> ev.AddParticipant:
    """A small Hero, Villain or Extra group, built to make ties (Wits 2–4), Reactions,
    equipment and early defeats (Resiliences 1–5) likely."""
    attrs_ = Attributes(draw(st.integers(2, 4)), draw(st.integers(2, 4)),
                        draw(st.integers(2, 4)))
    gear = draw(st.lists(st.builds(Equipment, st.sampled_from(["Knife", "Cudgel", "Coins"]),
                                   st.integers(0, 2)), max_size=1))
    reaction = draw(st.lists(st.builds(Reaction, st.just("Steelpush"), st.integers(1, 4)),
                             max_size=1))
    character: Character
    if draw(st.integers(0, 2)) == 0:
        count = draw(st.integers(1, 4))
        character = ExtraGroup(name=name, count=count, attributes=attrs_, equipment=gear,
                               reactions=reaction)
    else:
        scores = st.integers(1, 5)
        character = Sheet(
            name=name, kind=draw(st.sampled_from([Kind.HERO, Kind.VILLAIN])),
            attributes=attrs_, standings=Standings(3, 3, 3),
            resiliences=Resiliences(Resilience(draw(scores)), Resilience(draw(scores)),
                                    Resilience(draw(scores))),
            equipment=gear, reactions=reaction)
    return ev.AddParticipant(character, side, surprised=draw(st.integers(0, 4)) == 0)


@st.composite
def conflict_tables(draw: st.DrawFn, min_size: int = 2, max_size: int = 5) -> list[ev.Event]:
    """A Start event and ``min_size``–``max_size`` participants on two or three sides,
    ready to push in order: a Conflict waiting for its first declaration."""
    count = draw(st.integers(min_size, max_size))
    chosen = draw(st.permutations(TABLE_NAMES))[:count]
    events: list[ev.Event] = [ev.Start(draw(st.sampled_from(ev.Nature)))]
    for i, name in enumerate(chosen):
        # The first two take different sides, so there is always someone to fight.
        side = TABLE_SIDES[i] if i < 2 else draw(st.sampled_from(TABLE_SIDES))
        events.append(draw(table_participants(name, side)))
    return events
