"""The roster: Hero and Villain sheets and Extra groups, each with a version number.

Each sheet is stored as the JSON of its plain form (see :mod:`characters.files`),
beside columns for the name, a case-folded ``name_key`` (unique: names are unique
ignoring case, in any script), the kind, the player and a version that goes up by one
on every change. Damage lives inside the sheet, apart from each Resilience's full
score (R-CON-20). Every write also brings the roster's listing up to date
(:mod:`table.roster_listing`), which ``char list`` shows without reading sheets.

The functions here run inside one transaction of :class:`~.connection.Connection`
and take its ``sqlite3.Connection``; :class:`table.Table` wraps them.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

import attrs

from characters.errors import CharacterError
from characters.model import RESILIENCES, Character, ExtraGroup, Kind, Sheet
from characters.names import name_key, refuse_look_alike
from conflict.errors import BadValue
from core.errors import shown
from core.text import as_stored
from table import clock
from table.errors import RESTORE, NameTaken, SheetChanged, UnknownCharacter
from table.roster_names import checked as _checked
from table.roster_names import names as names
from table.roster_names import sorted_rows as _sorted_rows
from table.roster_names import where as _where
from table.stored import VERSION_MOST, kind_of

__all__ = ["REIMPORT", "Added", "Versioned", "add", "canonical_name", "change",
           "change_resiliences", "check_distinct", "find", "get", "listing", "names", "remove",
           "resilience_edit", "unknown", "version_of", "versions"]

Versioned = tuple[Character, int]
"""A character and the version of its row in the table."""


@attrs.frozen
class Added:
    """One character written by :meth:`Table.add`; ``replaced`` when it overwrote one,
    ``version`` the version its row now has."""

    character: Character
    replaced: bool
    version: int = 1
    kept_damage: Mapping[str, int] = attrs.field(factory=dict)
    """Damage the table had recorded that a replacing sheet did not carry, kept
    (Resilience → damage now), R-CON-20."""


# --- reading ---------------------------------------------------------------------------------


REIMPORT: Final = f"import the sheet again over it, with force, or {RESTORE}"
"""What to do about a damaged sheet: an import that replaces with force never reads the old
one (:func:`add`); the front doors name their command."""


def _unstructure(character: Character) -> Any:
    from characters.files import unstructure  # put off, as in _character

    return unstructure(character)


def _version(row: sqlite3.Row) -> int:
    return _where(row).version(row["version"], least=1)


def _character(row: sqlite3.Row, path: Path | None = None) -> Character:
    """The sheet or group of ``row``, read strictly (``path`` is no longer needed: the
    connection names the file of a damaged row)."""
    cls = ExtraGroup if _checked(row)["kind"] == Kind.EXTRA.value else Sheet
    where = _where(row, REIMPORT)
    data = where.json_object(row["sheet"], "sheet")
    try:
        # Put off: the sheet converter (cattrs) costs start-up to commands that read
        # names only (`roll --as`).
        from characters.files import structure

        character = as_stored(structure)(data, cls)  # as the table holds it
    except (ValueError, TypeError, CharacterError) as error:
        raise where.damaged("sheet", f"is not a valid sheet: {error}") from None
    if name_key(character.name) != row["name_key"] or character.kind.value != row["kind"]:
        raise where.damaged("sheet", f"is the sheet of the {character.kind.value} "
                                     f"{shown(character.name)}, not of this row")
    return character


def listing(db: sqlite3.Connection, path: Path) -> list[Versioned]:
    """Every sheet and group with its version, in the order of :func:`names`."""
    return [(_character(row, path), _version(row)) for row in _sorted_rows(db)]


def versions(db: sqlite3.Connection) -> dict[str, int]:
    """Each name in the table with the version of its sheet."""
    rows = _sorted_rows(db, "name, name_key, kind, version")
    return {row["name"]: _version(row) for row in rows}


def _row(db: sqlite3.Connection, name: str) -> sqlite3.Row | None:
    found: sqlite3.Row | None = db.execute(
        "SELECT * FROM characters WHERE name_key = ?", (name_key(name),)
    ).fetchone()
    return found


def find(db: sqlite3.Connection, name: str, path: Path) -> Versioned | None:
    """The character called ``name`` (any case) with its version, or ``None``."""
    row = _row(db, name)
    return None if row is None else (_character(row, path), _version(row))


def get(db: sqlite3.Connection, name: str, path: Path) -> Versioned:
    """Like :func:`find`, raising :class:`UnknownCharacter` (with a suggestion)."""
    found = find(db, name, path)
    if found is None:
        raise unknown(db, name)
    return found


def unknown(db: sqlite3.Connection, name: str) -> UnknownCharacter:
    """The refusal of ``name``, not in the roster; first, a row whose key is not its
    name's (a tool changed it) is reported as damaged rather than the name unknown."""
    rows = _sorted_rows(db, "name, name_key, kind")
    for row in rows:
        if row["name_key"] != name_key(row["name"]):
            raise _where(row).damaged("name_key", f"is {kind_of(row['name_key'])}, not the "
                                                  "key of its name")
    return UnknownCharacter(name, [row["name"] for row in rows])


def canonical_name(db: sqlite3.Connection, name: str) -> str:
    """The name as the table spells it; :class:`UnknownCharacter` if absent."""
    row = db.execute(
        "SELECT id, name FROM characters WHERE name_key = ?", (name_key(name),)
    ).fetchone()
    if row is None:
        raise unknown(db, name)
    return _where(row).text(row["name"], "name")


# --- writing ---------------------------------------------------------------------------------


def _keep_listing(db: sqlite3.Connection) -> None:
    """The roster's listing brought up to date after a write: each row read as strictly
    as :func:`listing` reads it, summed up by :func:`characters.summary.summary`
    (:mod:`table.roster_listing`)."""
    from characters.summary import summary
    from table import roster_listing

    def entry(row: sqlite3.Row) -> Any | None:
        try:
            _checked(row)
            _version(row)
            return summary(_character(row))
        except Exception:  # any refusal: no entry, so the sheets are read and say why
            return None

    roster_listing.keep(db, entry)


def _columns(character: Character) -> dict[str, Any]:
    return {
        "name": character.name,
        "name_key": name_key(character.name),
        "kind": character.kind.value,
        "player": character.player if isinstance(character, Sheet) else None,
        "sheet": json.dumps(_unstructure(character), ensure_ascii=False),
        "updated_at": clock.now(),
    }


def _insert(db: sqlite3.Connection, character: Character) -> None:
    db.execute(
        "INSERT INTO characters (name, name_key, kind, player, sheet, updated_at, version) "
        "VALUES (:name, :name_key, :kind, :player, :sheet, :updated_at, 1)",
        _columns(character),
    )


def _overwrite(db: sqlite3.Connection, row: sqlite3.Row, character: Character, *,
               mend: bool = False) -> int:
    """Store ``character`` over ``row``: its version one more. A version that cannot go
    up by one is damaged (:meth:`~table.stored.Row.version`), unless ``mend`` (an
    import that replaces with force): then it starts again, as any other damaged
    version does, the new sheet mending the row."""
    stored = row["version"]
    if type(stored) is int and stored > VERSION_MOST and not mend:
        _where(row).version(stored)
    damaged = type(stored) is not int or not 0 < stored <= VERSION_MOST
    version = (0 if damaged else stored) + 1
    db.execute(
        "UPDATE characters SET name = :name, name_key = :name_key, kind = :kind, "
        "player = :player, sheet = :sheet, updated_at = :updated_at, version = :version "
        "WHERE id = :id",
        {**_columns(character), "id": row["id"], "version": version},
    )
    return version


def check_distinct(characters: Sequence[Character]) -> None:
    """Raise :class:`NameTaken` if two of ``characters`` share a name ignoring case."""
    seen: dict[str, str] = {}
    for character in characters:
        key = name_key(character.name)
        if key in seen:
            raise NameTaken(character.name, seen[key])
        seen[key] = character.name


def _refuse_look_alikes(db: sqlite3.Connection, characters: Sequence[Character], *,
                        replace: bool) -> None:
    """Refuse a name that only looks like another in the table or in the same batch
    (``Vіn`` with a Cyrillic і beside ``Vin``): two sheets must never print the same."""
    known = names(db)
    taken = {name_key(n) for n in known}
    for character in characters:
        if replace and name_key(character.name) in taken:
            continue  # the same name, replaced: not a look-alike
        refuse_look_alike(character.name, known)
        known.append(character.name)


def _keeping_damage(stored: Character, new: Character) -> tuple[Character, dict[str, int]]:
    """``new`` with the damage ``stored`` had recorded where ``new`` carries less (a
    sheet kept by hand does not track the damage taken since it was written, R-CON-20),
    and what was kept (Resilience → damage now); a Resilience stops at its full score."""
    if not (isinstance(stored, Sheet) and isinstance(new, Sheet)):
        return new, {}
    resiliences = new.resiliences
    kept: dict[str, int] = {}
    for name in RESILIENCES:
        had, now = stored.resiliences.get(name), resiliences.get(name)
        if had.damage > now.damage:
            now = now.damaged(had.damage - now.damage, clamp=True)
            resiliences = resiliences.replace(name, now)
            kept[name] = now.damage
    return (attrs.evolve(new, resiliences=resiliences), kept) if kept else (new, {})


def add(
    db: sqlite3.Connection,
    characters: Sequence[Character],
    *,
    replace: bool,
    expected_versions: Mapping[str, int],
    force: bool,
    path: Path,
) -> list[Added]:
    """Write ``characters`` (see :meth:`table.Table.add`)."""
    expected = {name_key(name): version for name, version in expected_versions.items()}
    _refuse_look_alikes(db, characters, replace=replace)
    added: list[Added] = []
    changed: list[tuple[str, int, int | None]] = []
    for character in characters:
        row = _row(db, character.name)
        wanted = expected.get(name_key(character.name))
        if row is None:
            # Not in the table (a new table, or removed since): added; nothing of
            # anyone's is overwritten.
            _insert(db, character)
            added.append(Added(character, replaced=False, version=1))
            continue
        if not replace:
            raise NameTaken(character.name, row["name"])
        if wanted is not None and wanted != row["version"] and not force:
            changed.append((row["name"], wanted, _version(row)))
        kept: dict[str, int] = {}
        if wanted is None and not force:  # a file with no version: keep what it lacks
            character, kept = _keeping_damage(_character(row, path), character)
        version = _overwrite(db, row, character, mend=force)
        added.append(Added(character, replaced=True, version=version, kept_damage=kept))
    if changed:
        raise SheetChanged(changed)  # the transaction is rolled back: nothing written
    _keep_listing(db)
    return added


def change(
    db: sqlite3.Connection, name: str, edit: Callable[[Character], Character], path: Path
) -> Versioned:
    """Read ``name``, apply ``edit``, store the result (see :meth:`Table.change`)."""
    row = _row(db, name)
    if row is None:
        raise unknown(db, name)
    old = _character(row, path)
    new = edit(old)
    from characters.files import section_of  # put off, as in _character

    if section_of(new) != section_of(old):
        raise BadValue(f"{shown(old.name)} is a {section_of(old)}; it cannot become a "
                       f"{section_of(new)}")
    other = _row(db, new.name)
    if other is not None and other["id"] != row["id"]:
        raise NameTaken(new.name, other["name"])
    if name_key(new.name) != row["name_key"]:
        refuse_look_alike(new.name, [n for n in names(db) if n != row["name"]])
    version = _overwrite(db, row, new)
    _keep_listing(db)
    return new, version


def remove(db: sqlite3.Connection, name: str, path: Path) -> Character:
    """Remove ``name``; returns what was removed."""
    row = _row(db, name)
    if row is None:
        raise unknown(db, name)
    removed = _character(row, path)
    db.execute("DELETE FROM characters WHERE id = ?", (row["id"],))
    _keep_listing(db)
    return removed


def resilience_edit(resilience: str, amount: int, *, heal: bool) -> Callable[[Character], Sheet]:
    """The edit that records damage to (or heals) one Resilience: the rules are the
    core's (:mod:`characters.wounds`: R-CON-19, R-CON-20)."""
    from characters.wounds import damage_sheet, heal_sheet

    def edit(character: Character) -> Sheet:
        if heal:
            return heal_sheet(character, resilience, amount)
        return damage_sheet(character, resilience, amount)

    return edit


def change_resiliences(db: sqlite3.Connection, name: str, change: Callable[[Any], Any],
                       path: Path) -> tuple[Any, int] | None:
    """Set the Resiliences of the Hero or Villain ``name`` to ``change(resiliences)``,
    read and written in the caller's transaction; returns the Resiliences it had and
    the sheet's new version, or ``None`` when the roster has no such sheet or the
    change leaves its Resiliences as they are (nothing is written)."""
    row = _row(db, name)
    if row is None or row["kind"] == Kind.EXTRA.value:
        return None
    sheet = _character(row, path)
    assert isinstance(sheet, Sheet)
    before = sheet.resiliences
    after = change(before)
    if after == before:
        return None
    version = _overwrite(db, row, attrs.evolve(sheet, resiliences=after))
    _keep_listing(db)
    return before, version


def version_of(db: sqlite3.Connection, name: str) -> int | None:
    """The version of ``name``'s sheet, or ``None`` when it is not in the roster."""
    row = _row(db, name)
    return None if row is None else _version(row)
