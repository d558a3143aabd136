"""Sheet files: Hero, Villain and Extra-group sheets as TOML or JSON.

A sheet file holds any number of characters and Extra groups. In TOML each Hero or
Villain is a ``[[character]]`` table and each group of Extras a ``[[group]]`` table::

    [[character]]
    name = "Kell"
    kind = "hero"                  # hero or villain
    player = "Alice"               # optional: who controls the character
    traits = ["Quick", "Sly"]
    powers = [{ name = "Steelpushing", rating = 5 }]

    [character.attributes]         # 2–6 each
    physique = 3
    charm = 4
    wits = 5

    [character.standings]          # 2–10 each
    resources = 4
    influence = 4
    spirit = 6

    [character.resiliences]        # full scores; damage is kept apart
    health = 8                     # or { full = 8, damage = 2 }
    reputation = 6
    willpower = 7

    [[group]]
    name = "Hazekillers"
    count = 8
    attributes = { physique = 4, charm = 2, wits = 3 }

A JSON file holds the same document: ``{"character": [...], "group": [...]}``.
A single ``[character]`` table (not an array) is read as one character.

Everything is checked strictly: an unknown field, a missing field, a value of the wrong
type or out of range is reported as :class:`SheetFileError` naming the file, the entry,
the dotted field (list items counted from 1, e.g. ``powers[2].rating``) and the reason.
Nothing here prints or opens a database.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, Literal, overload

import attrs
from cattrs.errors import (
    AttributeValidationNote,
    BaseValidationError,
    ForbiddenExtraKeysError,
    IterableValidationNote,
)

from characters.convert import CONVERTER, Invalid, read_json, read_toml
from characters.errors import CharacterError, SheetValueError, UnreadableData, shown
from characters.limits import SHEET_FILE_MAX_BYTES, SHOWN_MAX
from characters.model import Character, ExtraGroup, Sheet
from characters.names import name_key
from core.errors import PATH_QUOTE, cut
from core.files import UnreadableFile
from core.files import read as read_file
from core.text import json_safe, toml_safe

__all__ = ["SECTIONS", "VERSION_KEY", "Format", "Problem", "SheetDataError", "SheetFileError",
           "Versioned", "dotted", "dumps", "format_of", "from_document", "from_document_versioned",
           "loads", "loads_versioned", "problems_of", "read", "read_versioned", "section_of",
           "structure", "to_document", "unstructure", "write"]

Format = Literal["toml", "json"]
SECTIONS: Final[dict[str, type[Sheet] | type[ExtraGroup]]] = {
    "character": Sheet,
    "group": ExtraGroup,
}
_LABELS: Final = {"character": "character", "group": "group"}


@attrs.frozen
class Problem:
    """One thing wrong with a sheet: the dotted field ("" for the whole entry) and why."""

    field: str
    reason: str

    def __str__(self) -> str:
        field = self.field if len(self.field) <= SHOWN_MAX else self.field[: SHOWN_MAX - 1] + "…"
        return f"{field} {self.reason}" if field else self.reason


class SheetDataError(CharacterError):
    """Data that does not make a valid sheet or group.

    ``problems`` lists everything found; the message shows the first on one line,
    prefixed by ``where`` (e.g. ``character 'Kell'``) when given.
    """

    def __init__(self, problems: Sequence[Problem], *, where: str = "") -> None:
        self.problems = tuple(problems) or (Problem("", "is not a valid sheet"),)
        self.where = where
        super().__init__(self._line())

    def _line(self, prefix: str = "") -> str:
        head = f"{prefix}{self.where}: " if self.where else prefix
        more = len(self.problems) - 1
        tail = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        return f"{head}{self.problems[0]}{tail}"


class SheetFileError(SheetDataError):
    """A sheet file that cannot be read: bad TOML/JSON, or an entry that is not valid.

    ``source`` is the file as the user named it, ``line`` the line of a syntax error.
    """

    def __init__(
        self,
        source: str,
        problems: Sequence[Problem],
        *,
        where: str = "",
        line: int | None = None,
    ) -> None:
        self.source = source
        self.line = line
        super().__init__(problems, where=where)
        at = f"line {line}: " if line is not None else ""
        # The path is cut in its middle, as every value an error repeats.
        self.args = (self._line(f"{cut(source, PATH_QUOTE, ends=True)}: {at}"),)

    def __str__(self) -> str:
        return str(self.args[0])


def _note_segment(error: BaseException) -> tuple[str | int, ...]:
    for note in getattr(error, "__notes__", ()):
        if isinstance(note, AttributeValidationNote):
            return (note.name,)
        if isinstance(note, IterableValidationNote):
            return (int(note.index),)
    return ()


def dotted(path: Sequence[str | int]) -> str:
    """``("powers", 1, "rating")`` → ``powers[2].rating`` (list items count from 1)."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part + 1}]"
        else:
            text += f".{part}" if text else part
    return text


def _expected(cls: type[Any], unknown: str) -> str:
    names = [field.name for field in attrs.fields(cls)]
    close = difflib.get_close_matches(unknown, names, n=1)
    if close:
        return f"did you mean {close[0]!r}?"
    return "expected " + ", ".join(names)


def problems_of(error: BaseException, path: tuple[str | int, ...] = ()) -> Iterator[Problem]:
    """Every problem in a structuring error, each with its dotted field path."""
    if isinstance(error, ForbiddenExtraKeysError):
        for key in sorted(error.extra_fields):
            hint = _expected(error.cl, key)
            yield Problem(dotted((*path, key)), f"is not a known field ({hint})")
    elif isinstance(error, BaseValidationError):
        for sub in error.exceptions:
            yield from _problems_below(sub, path)
    elif isinstance(error, SheetValueError):
        # Raised by a class's validators: the model names the field from that class.
        last = error.field.rsplit(".", 1)[-1]
        field = dotted((*path, last)) if path else error.field
        yield Problem(field, f"must be {error.allowed}, got {shown(error.value)} ({error.rule})")
    else:
        yield from _leaf(error, path)


def _problems_below(error: BaseException, path: tuple[str | int, ...]) -> Iterator[Problem]:
    segment = _note_segment(error)
    here = (*path, *segment)
    if segment and isinstance(error, SheetValueError):
        # Raised by a hook for exactly this place (e.g. a bare number as a Resilience).
        yield Problem(
            dotted(here), f"must be {error.allowed}, got {shown(error.value)} ({error.rule})"
        )
    elif segment and not isinstance(error, (BaseValidationError, ForbiddenExtraKeysError)):
        yield from _leaf(error, here)
    else:
        yield from problems_of(error, here)


def _leaf(error: BaseException, path: tuple[str | int, ...]) -> Iterator[Problem]:
    if isinstance(error, KeyError):
        yield Problem(dotted(path), "is missing")
    elif isinstance(error, Invalid):
        yield Problem(dotted(path), error.reason)
    else:
        yield Problem(dotted(path), f"is not valid: {error}")


@overload
def structure(data: object, cls: type[Sheet]) -> Sheet: ...
@overload
def structure(data: object, cls: type[ExtraGroup]) -> ExtraGroup: ...
@overload
def structure(data: object, cls: type[Sheet] | type[ExtraGroup]) -> Character: ...
def structure(data: object, cls: type[Sheet] | type[ExtraGroup]) -> Character:
    """Build a :class:`Sheet` or :class:`ExtraGroup` from plain data, strictly.

    Raises :class:`SheetDataError` listing every problem found.
    """
    try:
        character: Character = CONVERTER.structure(data, cls)
        return character
    except (
        BaseValidationError,
        ForbiddenExtraKeysError,
        SheetValueError,
        Invalid,
        KeyError,
    ) as error:
        raise SheetDataError(list(problems_of(error))) from None


def unstructure(character: Character) -> dict[str, Any]:
    """Plain data (JSON- and TOML-ready) for a sheet or group; :func:`structure` undoes it."""
    data: dict[str, Any] = CONVERTER.unstructure(character)
    return data


def section_of(character: Character) -> str:
    """``"character"`` for a Hero or Villain, ``"group"`` for an Extra group."""
    return "group" if isinstance(character, ExtraGroup) else "character"


# --- documents and files -----------------------------------------------------------


def _entry_label(section: str, entry: object, index: int) -> str:
    name = entry.get("name") if isinstance(entry, Mapping) else None
    if isinstance(name, str) and name_key(name):
        return f"{_LABELS[section]} {shown(name.strip())}"
    return f"{_LABELS[section]} #{index + 1}"


VERSION_KEY: Final = "version"
"""An entry may say which version of its sheet the table held when it was exported
(an export of the table writes it): importing it to replace the table's sheet then
refuses to overwrite a sheet changed in the table since, unless forced."""

Versioned = tuple[Character, "int | None"]


def from_document(document: object, source: str) -> list[Character]:
    """The characters and groups in a parsed sheet file, all checked.

    Raises :class:`SheetFileError` for the first entry with problems.
    """
    return [character for character, _ in from_document_versioned(document, source)]


def _split_version(entry: object, source: str, where: str) -> tuple[object, int | None]:
    if not isinstance(entry, Mapping) or VERSION_KEY not in entry:
        return entry, None
    version = entry[VERSION_KEY]
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise SheetFileError(source, [Problem(VERSION_KEY, f"must be a whole number 1 or "
                                                           f"more, got {shown(version)}")],
                             where=where)
    return {k: v for k, v in entry.items() if k != VERSION_KEY}, version


def from_document_versioned(document: object, source: str) -> list[Versioned]:
    """As :func:`from_document`, with each entry's ``version`` (``None`` if it has none)."""
    if not isinstance(document, Mapping):
        raise SheetFileError(source, [Problem("", "must hold character and group entries")])
    for key in document:
        if key not in SECTIONS:
            close = difflib.get_close_matches(str(key), list(SECTIONS), n=1)
            hint = f"did you mean {close[0]!r}?" if close else "expected character or group"
            raise SheetFileError(source, [Problem(str(key), f"is not a known section ({hint})")])
    found: list[Versioned] = []
    for section, cls in SECTIONS.items():
        entries = document.get(section, [])
        if isinstance(entries, Mapping):
            entries = [entries]
        if not isinstance(entries, list):
            raise SheetFileError(
                source, [Problem(section, f"must be a list of tables, got {shown(entries)}")]
            )
        for index, entry in enumerate(entries):
            where = _entry_label(section, entry, index)
            body, version = _split_version(entry, source, where)
            try:
                found.append((structure(body, cls), version))
            except SheetDataError as error:
                raise SheetFileError(
                    source, error.problems, where=_entry_label(section, entry, index)
                ) from None
    if not found:
        raise SheetFileError(
            source, [Problem("", "holds no characters or groups ([[character]] or [[group]])")]
        )
    return found


def to_document(characters: Sequence[Character],
                versions: Mapping[str, int] | None = None) -> dict[str, list[dict[str, Any]]]:
    """The file document for ``characters``: ``{"character": [...], "group": [...]}``,
    each entry with its ``version`` in the table when ``versions`` gives one."""
    document: dict[str, list[dict[str, Any]]] = {}
    for character in characters:
        entry = unstructure(character)
        if versions and character.name in versions:
            entry = {**entry, VERSION_KEY: versions[character.name]}
        document.setdefault(section_of(character), []).append(entry)
    return document


def loads(text: str | bytes, fmt: Format, *, source: str = "<text>") -> list[Character]:
    """The characters and groups in the text of a sheet file (see :func:`loads_versioned`)."""
    return [character for character, _ in loads_versioned(text, fmt, source=source)]


def loads_versioned(text: str | bytes, fmt: Format, *, source: str = "<text>"
                    ) -> list[Versioned]:
    """The characters and groups in the text of a sheet file, each with its version.

    Text that cannot be read safely (too big, nested too deep, a number too long, not
    UTF-8, bad TOML or JSON; see :mod:`characters.convert`) raises
    :class:`SheetFileError` as well.
    """
    document: object
    try:
        if fmt == "toml":
            document = read_toml(text, max_bytes=SHEET_FILE_MAX_BYTES)
        elif fmt == "json":
            document = read_json(text, max_bytes=SHEET_FILE_MAX_BYTES)
        else:
            raise SheetFileError(source, [Problem("", f"unknown format {shown(fmt)} "
                                                      "(toml or json)")])
    except UnreadableData as error:
        raise SheetFileError(source, [Problem("", error.reason)], line=error.line) from None
    return from_document_versioned(document, source)


_TOML_HEADER = (
    "# Mistborn Adventure Game sheets. Edit by hand if you like. Damage is kept apart\n"
    "# from each Resilience's full score. `version` is the sheet's version in the table\n"
    "# when exported: importing over a sheet changed since is refused.\n"
)


def dumps(characters: Sequence[Character], fmt: Format,
          versions: Mapping[str, int] | None = None, *, encoding: str | None = None,
          note: Sequence[str] = ()) -> str:
    """The text of a sheet file holding ``characters`` (read back with :func:`loads`),
    with each sheet's version in the table when ``versions`` gives one. Every control,
    bidi or invisible character a stored text holds is written as an escape
    (:func:`core.text.toml_safe`, :func:`core.text.json_safe`): it reads back the same,
    and printing the file never sends it raw to a terminal. So is every character
    ``encoding`` (the output's, when not UTF-8) cannot carry. A TOML file opens with a
    comment saying what it is, then the lines of ``note`` (a front door's words on how
    to bring the file back)."""
    document = to_document(characters, versions)
    if fmt == "toml":
        import tomli_w  # here: reading the roster writes no TOML

        header = _TOML_HEADER + "".join(f"# {line}\n" for line in note) + "\n"
        return header + toml_safe(tomli_w.dumps(document), encoding)
    if fmt == "json":
        return json_safe(json.dumps(document, ensure_ascii=False, indent=2), encoding) + "\n"
    raise SheetFileError("<output>", [Problem("", f"unknown format {fmt!r} (toml or json)")])


def format_of(path: str | Path) -> Format:
    """The format a file's name implies: ``.toml`` or ``.json``."""
    suffix = Path(path).suffix.lower()
    if suffix == ".toml":
        return "toml"
    if suffix == ".json":
        return "json"
    raise SheetFileError(str(path), [Problem("", "is not a .toml or .json file")])


def read(path: str | Path) -> list[Character]:
    """The characters and groups in a sheet file (format from its name)."""
    return [character for character, _ in read_versioned(path)]


def read_versioned(path: str | Path) -> list[Versioned]:
    """The characters and groups in a sheet file, each with its version (if written)."""
    source = str(path)
    fmt = format_of(path)
    try:
        raw = read_file(path, what="the sheet file", limit=SHEET_FILE_MAX_BYTES)
    except UnreadableFile as error:
        advice = "" if error.regular else "; save the sheets to a file and import that"
        raise SheetFileError(source, [Problem("", f"{error.problem}{advice}")]) from None
    return loads_versioned(raw, fmt, source=source)


def write(path: str | Path, characters: Sequence[Character], fmt: Format | None = None) -> None:
    """Write ``characters`` to a sheet file (format from its name unless given)."""
    Path(path).write_text(dumps(characters, fmt or format_of(path)), encoding="utf-8")
